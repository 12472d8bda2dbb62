#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# zero-cost.t - a marker adds no instructions to the code around it.
#
# Every file of tests/corpus/ is built by gcc and clang at -O2, -O3 and -Os
# (with -g) three ways:
#
#   on    the default: records in __simple_marker, checks under "if (0)"
#   off   -DSIMPLE_MARKERS=0: no records, the checks stay
#   none  -DCORPUS_NO_MARKERS: trace_simple() expands to nothing at all
#
# and tests/lib/codecmp.py compares the raw bytes and relocations of every
# function (and of every allocated section) of "on" with "off" and with
# "none".  "on" must hold as many records as the corpus file declares
# ("records: N"), and "off" and "none" none at all, so that an identical
# result cannot come from markers that vanished.  A self-check proves the
# comparator fails on a one-byte change (a nop) and on a change that only
# shows in a relocation (a different call target).

. "$(dirname "$0")/lib/tap.sh"

command -v python3 >/dev/null || skip_all "python3 not installed"
CCS=
for cc in gcc clang; do
	command -v $cc >/dev/null && CCS="$CCS $cc"
done
[ -n "$CCS" ] || skip_all "neither gcc nor clang installed"

# Debian's python3 when there is one: a pyenv shim costs 80 ms a call.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
CMP="$PY $TOP/tests/lib/codecmp.py"
CORPUS=$TOP/tests/corpus
LEVELS="-O2 -O3 -Os"
FILES=$(cd "$CORPUS" && ls *.c)
JOBS=$(nproc 2>/dev/null || echo 2)


# Known header problems, reported as TODO until fixed: none.  (The first
# one found here: an "if (0)" format check made gcc flip a compare in
# vm_run() of switch.c; the check now sits inside sizeof.)
known_todo() { # CC FILE VARIANT
	:
}

# Build the whole matrix in parallel, one job per object, the compiler's
# messages kept next to it.
for cc in $CCS; do
	for lvl in $LEVELS; do
		for f in $FILES; do
			for v in on off none; do
				mkdir -p "$TMP/$cc$lvl/$v"
				echo "$cc $lvl $v ${f%.c}"
			done
		done
	done
done > "$TMP/jobs"
TMPDIR_=$TMP xargs -P "$JOBS" -L 1 sh -c '
	top=$0 cc=$1 lvl=$2 v=$3 b=$4
	case $v in
	on)	flags="-Werror" ;;
	off)	flags="-Werror -DSIMPLE_MARKERS=0" ;;
	none)	flags="-DCORPUS_NO_MARKERS" ;;	# unused-variable warnings
	esac
	o=$TMPDIR_/$cc$lvl/$v/$b
	$cc -std=gnu11 -g $lvl -Wall -Wextra $flags -I"$top/include" \
		-c "$top/tests/corpus/$b.c" -o "$o.o" 2> "$o.err" || rm -f "$o.o"
' "$TOP" < "$TMP/jobs"

# built FILE.o: the object exists, else the compiler's messages.
built() {
	[ -f "$1" ] && return 0
	echo "build failed: ${1%.o}.err:"
	head -20 "${1%.o}.err"
	return 1
}

# same_code A.o B.o: codecmp finds no difference and compared at least one
# function; sets $nfunc, leaves what differs in $TMP/.why.
same_code() {
	nfunc=0
	: > "$TMP/.why"
	{ built "$1" && built "$2"; } > "$TMP/.why" || return 1
	out=$($CMP compare "$1" "$2")
	rc=$?
	set -- $out
	[ "$1" = functions ] && nfunc=$2
	if [ $rc = 0 ] && [ "$nfunc" -gt 0 ] &&
	   [ "$(printf '%s\n' "$out" | wc -l)" = 1 ]; then
		return 0
	fi
	printf '%s\n' "$out" > "$TMP/.why"
	return 1
}

# code_is_same DESC A.o B.o [TODO-REASON]: one TAP line, then the report.
code_is_same() {
	if [ -n "${4:-}" ]; then
		todo "$4" ok "$1" same_code "$2" "$3"
	else
		ok "$1" same_code "$2" "$3"
	fi
	[ -s "$TMP/.why" ] && diag "$(cat "$TMP/.why")"
	return 0
}

# records FILE.o: the record count (or "none"), after a structural walk.
records() {
	[ -f "$1" ] || { echo "not built"; return; }
	$CMP records "$1" > "$TMP/.rec" || { echo "malformed"; return; }
	if [ "$(head -1 "$TMP/.rec")" = "section none" ]; then
		echo none
	else
		echo $(($(wc -l < "$TMP/.rec") - 1))
	fi
}

summary=
for cc in $CCS; do
	for lvl in $LEVELS; do
		total=0
		recs=0
		for f in $FILES; do
			b=${f%.c}
			d=$TMP/$cc$lvl
			what="$cc $lvl $f"
			for v in off none; do
				r=$(known_todo $cc $f $v)
				if [ $v = off ]; then
					desc="SIMPLE_MARKERS=0"
				else
					desc="no trace_simple() at all"
				fi
				code_is_same "$what: code identical with $desc" \
					"$d/on/$b.o" "$d/$v/$b.o" "$r"
				[ $v = off ] && total=$((total + nfunc))
			done
			want=$(sed -n 's/^ \* records: \([0-9]*\)$/\1/p' "$CORPUS/$f")
			got="$(records "$d/on/$b.o") $(records "$d/off/$b.o")"
			got="$got $(records "$d/none/$b.o")"
			is "$got" "${want:-?} none none" \
				"$what: ${want:-?} records, none when compiled out"
			case $got in
			[0-9]*) recs=$((recs + ${got%% *})) ;;
			esac
		done
		summary="$summary${summary:+
}$cc $lvl: $total functions compared, $recs records"
	done
done

# Self-check: the comparator must see a one-byte change (a nop next to one
# marker) and name its function, and a change that lives in a relocation
# only (same bytes, another callee).  The unchanged copy is the control:
# copying the file elsewhere (another __FILE__) changes no code.
self=$TMP/self
mkdir -p "$self/copy" "$self/nop" "$self/reloc"
cp "$CORPUS/loops.c" "$self/copy/loops.c"
# nop_before MARKER FILE: FILE with a nop just before that marker.
nop_before() {
	sed "s/^\(\t*\)\(trace_simple($1,\)/\1asm volatile(\"nop\");\n\1\2/" \
		"$CORPUS/$2" > "$self/nop/$2"
}
nop_before find_miss loops.c
nop_before reserve_nomem cold.c
sed -e 's/^#include "corpus.h"$/&\nvoid consume_other(long v);/' \
	-e 's/^\t\tconsume(r);$/\t\tconsume_other(r);/' \
	"$CORPUS/loops.c" > "$self/reloc/loops.c"
for cc in $CCS; do
	for src in copy/loops nop/loops nop/cold reloc/loops; do
		$cc -std=gnu11 -g -O2 -I"$TOP/include" -I"$CORPUS" \
			-c "$self/$src.c" -o "$self/$src-$cc.o"
	done
	orig=$TMP/$cc-O2/on
	code_is_same "$cc self-check: a copy of loops.c elsewhere, same code" \
		"$orig/loops.o" "$self/copy/loops-$cc.o"
	# The first function reported (in address order) is the culprit.
	first=$($CMP compare "$orig/loops.o" "$self/nop/loops-$cc.o" |
		sed -n '2s/^function \([^ ]*\) .*/\1/p')
	is "$first" "find_key" \
		"$cc self-check: one nop is reported, in find_key"
	first=$($CMP compare "$orig/cold.o" "$self/nop/cold-$cc.o" |
		sed -n '2s/^function \([^ ]*\) .*/\1/p')
	is "$first" "buf_reserve" \
		"$cc self-check: one nop on an unlikely path, in buf_reserve"
	first=$($CMP compare "$orig/loops.o" "$self/reloc/loops-$cc.o" |
		sed -n '2s/^function \([^ ]*\) .*relocations differ.*/\1/p')
	is "$first" "drain" \
		"$cc self-check: another callee (same bytes) is reported, in drain"
done

diag "functions compared, on vs off (on vs none compares the same ones):" \
	"$summary"
plan $_tap_n
done_testing
