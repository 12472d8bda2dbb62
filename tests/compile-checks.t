#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# compile-checks.t - what trace_simple() refuses at compile time, and what
# it leaves in the object, with gcc and clang.
#
# Refused, with and without -DSIMPLE_MARKERS=0: a format that does not
# match its arguments (with -Wall -Werror), a variable that does not exist,
# a name that is not a C identifier, more than 12 arguments (one error that
# names SIMPLE_MARKER_MAX_ARGS, also for trace_simple_exact()).  Every refusal
# must point at the marker's own line, and each has a control that builds,
# so a failure for an unrelated reason cannot pass.
#
# Kept: one record per marker, decoded and compared field by field; two
# markers of the same name in one function; markers in static inline
# functions (see "Inline functions" below); a program built with markers
# runs and prints the same as without; SIMPLE_MARKERS_ALL_EXACT and the
# "#undef, #define trace_simple trace_simple_exact" recipe under -Werror.

. "$(dirname "$0")/lib/tap.sh"

CCS=
for cc in gcc clang; do
	command -v $cc >/dev/null && CCS="$CCS $cc"
done
[ -n "$CCS" ] || skip_all "neither gcc nor clang installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
command -v objcopy >/dev/null || skip_all "objcopy (binutils) not installed"

# Debian's python3 when there is one: a pyenv shim costs 80 ms a call.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
CMP="$PY $TOP/tests/lib/codecmp.py"
INC="-I$TOP/include"
cd "$TMP" || exit 1


# build CMD...: run a compiler; $rc is its status, $TMP/err its messages.
build() {
	"$@" > "$TMP/err" 2>&1
	rc=$?
}

# line_of FILE TAG: the line holding the comment /* @TAG */.
line_of() {
	grep -n "/\* @$2 \*/" "$1" | cut -d: -f1
}

# verdict FILE TAG WORD: "refused at FILE:LINE (WORD)" when the build
# failed, an error was reported, a message points at the marker's line and
# one mentions WORD; otherwise what happened instead.
verdict() {
	_l=$(line_of "$1" "$2")
	if [ $rc = 0 ]; then
		echo "built (rc 0): $(head -1 "$TMP/err")"
	elif ! grep -q "error" "$TMP/err"; then
		echo "rc $rc without an error message"
	elif ! grep -q "^$1:$_l:" "$TMP/err"; then
		echo "rc $rc, no message at $1:$_l: $(grep -m1 error "$TMP/err")"
	elif ! grep -qi -- "$3" "$TMP/err"; then
		echo "rc $rc, nothing about '$3': $(grep -m1 error "$TMP/err")"
	else
		echo "refused at $1:$_l ($3)"
	fi
}

# clean: "rc 0, no messages" for a build that should be silent.
clean() {
	echo "rc $rc, $(if [ -s "$TMP/err" ]; then head -3 "$TMP/err";
		       else echo "no messages"; fi)"
}

# records FILE: the decoded records, sorted (the order in the section is
# the compiler's business).
records() {
	$CMP records "$1" | sed 1d | LC_ALL=C sort
}

# magic FILE: SMKR magics in the section, counted without our own parser.
magic() {
	rm -f "$TMP/sec.bin"
	objcopy -O binary --only-section=__simple_marker "$1" "$TMP/sec.bin" \
		2>/dev/null
	if [ -s "$TMP/sec.bin" ]; then
		grep -a -o SMKR "$TMP/sec.bin" | wc -l
	else
		echo 0
	fi
}

# --- Refusals -------------------------------------------------------------

# neg NAME MARKER: a file whose line 5 is MARKER, tagged @m.
neg() {
	cat > "$1.c" <<EOF
#include <linux/simple_marker.h>
int f(int v, const char *s);
int f(int v, const char *s)
{
	$2; /* @m */
	return v + (s != 0);
}
EOF
}

neg fmt_bad 'trace_simple(m, "%s", v)'
neg fmt_good 'trace_simple(m, "%d %s", v, s)'
neg unknown 'trace_simple(m, "%d %d", v, no_such_var)'
neg name_dash 'trace_simple(bad-name, "%d", v)'
neg name_num 'trace_simple(123, "%d", v)'
neg name_space 'trace_simple(a b, "%d", v)'
neg name_good 'trace_simple(good_name_2, "%d", v)'
a12='v, v, v, v, v, v, v, v, v, v, v, v'
f12='%d %d %d %d %d %d %d %d %d %d %d %d'
neg args12 "trace_simple(m, \"$f12\", $a12)"
neg args13 "trace_simple(m, \"$f12 %d\", $a12, v)"
neg args20 "trace_simple(m, \"$f12 $f12\", $a12, $a12)"
negx() {	# NAME MARKER: as neg, with simple_marker_exact.h
	neg "$@"
	sed -i 's|linux/simple_marker.h|linux/simple_marker_exact.h|' "$1.c"
}
negx xargs12 "trace_simple_exact(m, \"$f12\", $a12)"
negx xargs13 "trace_simple_exact(m, \"$f12 %d\", $a12, v)"


for cc in $CCS; do
	for mode in on off; do
		if [ $mode = on ]; then
			def=
			m=$cc
		else
			def=-DSIMPLE_MARKERS=0
			m="$cc SIMPLE_MARKERS=0"
		fi
		cc1() { build $cc -std=gnu11 -O2 -Wall -Werror $def "$INC" -c "$@"; }

		cc1 fmt_bad.c -o fmt_bad.o
		is "$(verdict fmt_bad.c m format)" \
		   "refused at fmt_bad.c:5 (format)" \
		   "$m: %s with an int fails with -Wall -Werror"
		cc1 fmt_good.c -o fmt_good.o
		is "$(clean)" "rc 0, no messages" \
		   "$m: the same marker with a matching format builds clean"
		cc1 unknown.c -o unknown.o
		is "$(verdict unknown.c m no_such_var)" \
		   "refused at unknown.c:5 (no_such_var)" \
		   "$m: a variable that does not exist fails"
		for n in name_dash name_num name_space; do
			cc1 $n.c -o $n.o
			is "$(verdict $n.c m error)" \
			   "refused at $n.c:5 (error)" \
			   "$m: $(sed -n 's/.*trace_simple(\([^,]*\),.*/\1/p' \
			   $n.c) is not a valid name"
		done
		cc1 name_good.c -o name_good.o
		is "$(clean)" "rc 0, no messages" \
		   "$m: good_name_2 is a valid name"
		cc1 args12.c -o args12.o
		is "$(clean)" "rc 0, no messages" "$m: 12 arguments build"
		# One error, and it names the limit (it was "expected ')'
		# before '__SMK_STRS_13'").
		for n in args13 args20 xargs13; do
			cc1 $n.c -o $n.o
			is "$(verdict $n.c m SIMPLE_MARKER_MAX_ARGS)|$(grep -c 'error:' "$TMP/err")" \
			   "refused at $n.c:5 (SIMPLE_MARKER_MAX_ARGS)|1" \
			   "$m: $n.c fails with one error, naming SIMPLE_MARKER_MAX_ARGS"
		done
		cc1 xargs12.c -o xargs12.o
		is "$(clean)" "rc 0, no messages" \
		   "$m: 12 arguments to trace_simple_exact() build"
	done
	# Without -Werror the mismatch is a warning: what failed above was the
	# format check, not something else in the file.
	build $cc -std=gnu11 -O2 -Wall "$INC" -c fmt_bad.c -o fmt_bad.o
	is "$rc $(grep -c "^fmt_bad.c:5:.*warning:.*format" "$TMP/err")" "0 1" \
	   "$cc: without -Werror the mismatch is one warning at the marker"
done

# --- Records ----------------------------------------------------------------

cat > valid.c <<'EOF'
#include <linux/simple_marker.h>

struct dev { const char *name; struct { unsigned long rx; } stats; };
extern const char dev_prefix[];

#define dev_trace(what, d) \
	trace_simple(what, "%s %lu", (d)->name, (d)->stats.rx) /* @macro */

void tick(void);
void tick(void)
{
	trace_simple(tick, "tick"); /* @tick */
}

long twelve(int a, int b, int c, int d, int e, int f, int g, int h,
	    int i, int j, int k, int l);
long twelve(int a, int b, int c, int d, int e, int f, int g, int h,
	    int i, int j, int k, int l)
{
	trace_simple(twelve, "%d %d %d %d %d %d %d %d %d %d %d %d", a, b, c, d, e, f, g, h, i, j, k, l); /* @twelve */
	return (long)a * b + c - d + e * f - g + h + i * j - k + l;
}

int step(int v);
int step(int v)
{
	if (v >= 0) {
		trace_simple(step, "%d", v); /* @step1 */
		return v / 2;
	}
	trace_simple(step, "%d", v); /* @step2 */
	return -v * 3 + 1;
}

unsigned long rx(struct dev *d, unsigned long n);
unsigned long rx(struct dev *d, unsigned long n)
{
	dev_trace(rx_before, d); /* @rx1 */
	d->stats.rx += n;
	dev_trace(rx_after, d); /* @rx2 */
	trace_simple(rx_name, "%s %s", dev_prefix, d->name); /* @rxname */
	return d->stats.rx;
}
EOF
T=$(printf '\t')
{
	echo "rx_after$T$(line_of valid.c rx2)${T}2$T%s %lu$T(d)->name$T(d)->stats.rx"
	echo "rx_before$T$(line_of valid.c rx1)${T}2$T%s %lu$T(d)->name$T(d)->stats.rx"
	echo "rx_name$T$(line_of valid.c rxname)${T}2$T%s %s${T}dev_prefix${T}d->name"
	echo "step$T$(line_of valid.c step1)${T}1$T%d${T}v"
	echo "step$T$(line_of valid.c step2)${T}1$T%d${T}v"
	echo "tick$T$(line_of valid.c tick)${T}0${T}tick"
	printf 'twelve\t%s\t12\t%s' "$(line_of valid.c twelve)" "$f12"
	for a in a b c d e f g h i j k l; do printf '\t%s' $a; done
	echo
} | LC_ALL=C sort > valid.want
nvalid=$(wc -l < valid.want)

# gcc -std=c11: the strict mode in which ", ##__VA_ARGS__" keeps its comma
# when a macro's only parameter is "...", which __SMK_NARGS() is.

for cc in $CCS; do
	build $cc -std=gnu11 -O2 -g -Wall -Wextra -Werror "$INC" -c valid.c \
		-o valid-$cc.o
	is "$(clean)" "rc 0, no messages" "$cc: valid.c builds clean (-Wextra)"
	records valid-$cc.o > valid-$cc.got
	golden valid.want valid-$cc.got \
	       "$cc: $nvalid records, names, lines, formats and arguments"
	is "$(magic valid-$cc.o)" "$nvalid" \
	   "$cc: $nvalid SMKR magics in __simple_marker (objcopy)"
	build $cc -std=gnu11 -O2 -g -Wall -Wextra -Werror -DSIMPLE_MARKERS=0 \
		"$INC" -c valid.c -o valid-$cc-off.o
	is "$rc $(magic valid-$cc-off.o) $($CMP records valid-$cc-off.o)" \
	   "0 0 section none" "$cc: SIMPLE_MARKERS=0 builds, with no section"

	build $cc -std=c11 -O2 -Wall -Werror "$INC" -c valid.c -o valid-c11.o
	is "$(records valid-c11.o | grep '^tick')" \
	     "$(grep '^tick' valid.want)" \
	     "$cc -std=c11: a marker without arguments records nargs 0"
done

# A marker written over several lines: __LINE__ in a macro's arguments is
# the compiler's choice.  gcc records the line of the marker's name, clang
# the line of its closing parenthesis; a reader matching records to source
# lines must accept any line of the invocation.
cat > multi.c <<'EOF'
#include <linux/simple_marker.h>
int f(int a, int b);
int f(int a, int b)
{
	trace_simple(multi, "%d %d", /* @first */
		     a,
		     b); /* @last */
	return a + b;
}
EOF
for cc in $CCS; do
	build $cc -std=gnu11 -O2 -Wall -Werror "$INC" -c multi.c -o multi.o
	if [ $cc = clang ]; then
		want="$(line_of multi.c last) (closing parenthesis)"
	else
		want="$(line_of multi.c first) (name)"
	fi
	got=$(records multi.o | cut -f2)
	case $got in
	"$(line_of multi.c first)") got="$got (name)" ;;
	"$(line_of multi.c last)") got="$got (closing parenthesis)" ;;
	esac
	is "$got" "$want" "$cc: a marker over 3 lines records line $want"
done

# --- Inline functions -------------------------------------------------------
#
# A record is a static object of the function that holds the marker, so
# there is one per definition of that function in a translation unit,
# however many inlined copies the compiler makes.  Observed with gcc 12
# and clang 14, at -O0 and -O2 alike:
#
#  - a static inline helper called from two functions: one record, both
#    when it is inlined everywhere and its body is gone (-O2) and when it
#    is kept out of line (-O0);
#  - a static inline helper that is never used: no record, with both
#    compilers (neither even compiles the body of an unused inline);
#  - the same helper in a header included by two translation units: two
#    records in the linked program, one per copy.
#
# A static function whose only call the optimizer deletes (dead_static
# below) keeps its record with both compilers at -O2, although none of its
# code is left: a reader must expect records without code.  The compilers
# differ on a call under "if (0)" (folded_static): the front ends never
# emit it, except gcc at -O0, which keeps the function and its record.

cat > inl.h <<'EOF'
static inline int used_helper(int x)
{
	trace_simple(used_helper, "%d", x);
	return x * 3;
}

static inline int unused_helper(int x)
{
	trace_simple(unused_helper, "%d", x);
	return x * 5;
}
EOF
cat > inl.c <<'EOF'
#include <linux/simple_marker.h>
#include "inl.h"

__attribute__((noinline)) static int dead_static(int x)
{
	trace_simple(dead_static, "%d", x);
	return x * 7;
}

__attribute__((noinline)) static int folded_static(int x)
{
	trace_simple(folded_static, "%d", x);
	return x * 9;
}

static inline int never(int a) { return a * 2 == 2 * a + 1; }

int f1(int a);
int f2(int a);
int f3(int a);
int f1(int a) { return used_helper(a) + 1; }
int f2(int a) { return used_helper(a) + 2; }
int f3(int a)
{
	if (0)
		return folded_static(a);
	return never(a) ? dead_static(a) : a;
}
EOF
cat > main2.c <<'EOF'
#include <stdio.h>
#include <linux/simple_marker.h>
#include "inl.h"

int f1(int a);
int f2(int a);
int f3(int a);
int main(void)
{
	printf("%d\n", f1(1) + f2(2) + f3(3) + used_helper(4));
	return 0;
}
EOF

names() {
	$CMP records "$1" | sed 1d | cut -f1 | LC_ALL=C sort | tr '\n' ' '
}

for cc in $CCS; do
	for lvl in -O0 -O2; do
		build $cc -std=gnu11 $lvl -Wall -Werror "$INC" -c inl.c \
			-o inl-$cc.o
		want="dead_static used_helper "
		[ $cc$lvl = gcc-O0 ] && want="dead_static folded_static used_helper "
		is "$rc $(names inl-$cc.o)" "0 $want" \
		   "$cc $lvl: records ${want}(helper used twice: 1, unused: 0)"
	done
	build $cc -std=gnu11 -O2 -Wall -Werror "$INC" inl.c main2.c -o two-$cc
	is "$rc $(names two-$cc | grep -o 'used_helper' | wc -l) $(./two-$cc)" \
	   "0 2 27" "$cc: the helper in two translation units: 2 records"
done

# --- Making a whole file exact, the documented ways, under -Werror -------
# SIMPLE_MARKERS_ALL_EXACT before including either header, or "#undef
# trace_simple" then "#define trace_simple trace_simple_exact" after it.
# Without the #undef the redefinition warns, an error with -Werror (the
# control, so the recipe's #undef is what makes it build).
allx() {	# NAME BEFORE HEADER AFTER
	cat > "$1.c" <<EOF
$2
#include <linux/$3.h>
$4
int f(int v);
int f(int v)
{
	trace_simple(whole, "v=%d", v);
	return v + 1;
}
EOF
}
allx allx_h '#define SIMPLE_MARKERS_ALL_EXACT' simple_marker ''
allx allx_x '#define SIMPLE_MARKERS_ALL_EXACT' simple_marker_exact ''
allx allx_undef '' simple_marker_exact \
	'#undef trace_simple
#define trace_simple trace_simple_exact'
allx allx_redef '' simple_marker_exact \
	'#define trace_simple trace_simple_exact'
# anchors FILE.o: the simple_marker notes of an object
anchors() {
	readelf -n "$1" 2>/dev/null | grep -c 'Provider: simple_marker'
}
for cc in $CCS; do
	for n in allx_h allx_x allx_undef; do
		build $cc -std=gnu11 -O2 -Wall -Wextra -Werror "$INC" -c $n.c \
			-o $n-$cc.o
		is "$(clean)|$(anchors $n-$cc.o)|$(records $n-$cc.o | cut -f1)" \
		   "rc 0, no messages|1|whole" \
		   "$cc: $n.c builds clean with -Werror, the marker exact (one anchor)"
	done
	build $cc -std=gnu11 -O2 -Wall -Wextra -Werror "$INC" -c allx_redef.c \
		-o allx_redef-$cc.o
	is "$rc $(grep -c 'redefined' "$TMP/err")" "1 1" \
	   "$cc: without the #undef the redefinition fails under -Werror"
done

# --- A program runs the same with markers ---------------------------------

cat > prog.c <<'EOF'
#include <stdio.h>
#include <linux/simple_marker.h>

struct acct {
	const char *name;
	long balance;
};

static const char bank[] = "smk-bank";
static int calls;

static inline long fee(long amount)
{
	long f = amount / 100 + 1;

	trace_simple(fee, "%ld %ld", amount, f);
	return f;
}

__attribute__((noinline))
static long pay(struct acct *a, long amount)
{
	if (__builtin_expect(amount + fee(amount) > a->balance, 0)) {
		trace_simple(pay_refused, "%s %ld %ld", a->name, amount,
			     a->balance);
		return -1;
	}
	a->balance -= amount + fee(amount);
	calls++;
	trace_simple(pay_done, "%s %ld %s %d", a->name, a->balance, bank,
		     calls);
	return a->balance;
}

int main(void)
{
	struct acct accts[] = { { "ann", 1000 }, { "bob", 50 } };
	int side = 0, i;

	for (i = 0; i < 6; i++) {
		struct acct *a = &accts[i % 2];
		long r = pay(a, 10L * (i + 1) * (i + 1));

		/* never evaluated: side stays 0 */
		trace_simple(paid, "%d %ld %d", i, r, side++);
		printf("%s %ld\n", a->name, r);
	}
	trace_simple(done, "done");
	printf("side=%d calls=%d %s\n", side, calls, bank);
	return 0;
}
EOF
# ann pays 10+1, bob 40+1, ann 90+1, bob cannot pay 160+2, ann 250+3...
cat > prog.want <<'EOF'
ann 989
bob 9
ann 898
bob -1
ann 645
bob -1
side=0 calls=4 smk-bank
EOF

for cc in $CCS; do
	for mode in on off; do
		def=
		[ $mode = off ] && def=-DSIMPLE_MARKERS=0
		build $cc -std=gnu11 -g -O2 -Wall -Wextra -Werror $def "$INC" \
			prog.c -o prog-$cc-$mode
		if [ $rc = 0 ]; then
			./prog-$cc-$mode > prog-$cc-$mode.out 2>&1
		else
			cp "$TMP/err" prog-$cc-$mode.out
		fi
		golden prog.want prog-$cc-$mode.out \
		       "$cc -g -O2${def:+ $def}: the program prints what it should"
	done
	is "$(names prog-$cc-on)" "done fee paid pay_done pay_refused " \
	   "$cc: the program carries its 5 records"
done

plan $_tap_n
done_testing
