#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Every test's plan holds on its skip paths too.  A skip path that emits
# fewer or more results than the path it stands for passes wherever that
# path runs (as root, with tracefs, with clang...) and breaks prove
# everywhere else: that is how resolve.t failed on a machine without
# tracefs ("Bad plan. You planned 86 tests but ran 85").  So each other
# tests/*.t runs here again as nobody, with clang, bpftrace, xz, zstd and
# taskset hidden from PATH, which takes its no-root, no-tracefs and
# no-tool paths, and its TAP is checked for one plan, at the start or the
# end, that matches the results.  Only the plan is checked: results may
# fail, the tests are not made for that user.  HOME and SMK_CACHE point
# to directories that do not exist, so nothing is downloaded or built
# into a cache.  A control shows that the check catches a short skip path
# and a plan in the middle.
#
# Skip paths this cannot reach, checked by hand: resolve.t without
# sys/sdt.h, symbolize.t without gcc -m32, lttng.t without taskset (it
# runs as root only).
. "$(dirname "$0")/lib/tap.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root to run the tests as nobody"
for t in setpriv timeout awk tar; do
	command -v $t > /dev/null || skip_all "$t not found"
done
id nobody > /dev/null 2>&1 || skip_all "no user nobody"
NB="setpriv --reuid=nobody --regid=nogroup --clear-groups"

# check_plan FILE: "holds", or what is wrong with the plan of TAP FILE.
check_plan() {
	awk '
	/^1\.\.[0-9]+/ { np++; n = substr($1, 4) + 0; at = NR }
	/^(not )?ok( |$)/ { r++; if (!first) first = NR; last = NR }
	END {
		if (np != 1)
			print np + 0 " plan lines"
		else if (r != n)
			print "planned " n ", ran " r + 0
		else if (r && at > first && at < last)
			print "the plan is in the middle"
		else
			print "holds"
	}' "$1"
}

tests=
for t in "$TOP"/tests/*.t; do
	[ "$t" = "$TOP/tests/plans.t" ] || tests="$tests $t"
done
plan $(($(echo $tests | wc -w) + 3))

# ---- control: the check itself ----
printf '1..3\nok 1 - ran\nok 2 # SKIP one skip for two results\n' \
	> "$TMP/short.tap"
is "$(check_plan "$TMP/short.tap")" "planned 3, ran 2" \
	"control: a skip path one result short is caught"
printf 'ok 1\n1..2\nok 2\n' > "$TMP/middle.tap"
is "$(check_plan "$TMP/middle.tap")" "the plan is in the middle" \
	"control: a plan between results is caught"
printf 'ok 1 - a\nnot ok 2 - b\n1..2\n' > "$TMP/good.tap"
is "$(check_plan "$TMP/good.tap")" "holds" \
	"control: a plan at the end that matches holds"

# ---- a copy nobody can read, a PATH without the optional tools ----
# The checkout may be where nobody cannot go (/root/simple-marker in a
# fresh root): the tests run from a copy of it, built tools included.
chmod 711 "$TMP"
mkdir -m 755 "$TMP/tree" "$TMP/bin"
tar -C "$TOP" --exclude=./.git -cf - . | tar -C "$TMP/tree" -xf - ||
	fail_rest "copy $TOP to $TMP/tree"
$NB test -r "$TMP/tree/tests/lib/tap.sh" ||
	fail_rest "nobody cannot read the copy in $TMP/tree"
# Links to the system's programs (not root's own PATH, which nobody may
# not be able to read), less the hidden ones.
for d in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
	for f in "$d"/*; do
		n=${f##*/}
		case $n in
		clang | clang-[0-9]* | bpftrace | xz | zstd | taskset) continue ;;
		esac
		[ -x "$f" ] && [ ! -e "$TMP/bin/$n" ] && ln -s "$f" "$TMP/bin/$n"
	done
done

for t in $tests; do
	n=${t##*/}
	s=$(date +%s)
	(cd /tmp && timeout 600 $NB env -i PATH="$TMP/bin" LANG=C.UTF-8 \
		HOME=/nonexistent SMK_CACHE=/nonexistent/smk-cache \
		sh "$TMP/tree/tests/$n") > "$TMP/$n.out" 2>&1
	is "$(check_plan "$TMP/$n.out")" "holds" \
		"$n as nobody, optional tools hidden: the plan holds"
	diag "$n: $(($(date +%s) - s)) s, $(grep -m 1 '^1\.\.' "$TMP/$n.out")"
done

done_testing
