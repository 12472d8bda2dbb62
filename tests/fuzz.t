#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The libFuzzer targets of tests/fuzz, bounded for CI: build them (clang,
# ASan+UBSan), replay every regression input of tests/fuzz/regress, then
# run each target for FUZZ_CI_TIME seconds from its seeds into a scratch
# corpus: by default FUZZ_CI_TOTAL (105) seconds shared among the targets,
# at least 5 each, so that adding a target keeps CI's time; with a fixed
# seed (FUZZ_SEED, default 1), so that a CI run can be repeated.  A crash,
# a sanitizer or leak report, a broken
# round trip or an input over 5 s fails.  "make fuzz" runs them longer.
# A failure's log goes to stderr (prove shows it) and its inputs are kept
# in tests/fuzz/build/failed/, to be replayed with tests/fuzz/run.sh.
# No root.
TOP=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
names=$(cd "$TOP/tests/fuzz" && ls fuzz-*.c | sed 's/^fuzz-//; s/\.c$//')
n=0
for name in $names; do
	n=$((n + 1))
	[ -d "$TOP/tests/fuzz/regress/$name" ] && n=$((n + 1))
done
echo "1..$((n + 1))"
ntargets=$(echo $names | wc -w)
KEEP=$TOP/tests/fuzz/build/failed
# failed NAME WHAT: show the log on stderr and keep NAME's failing inputs.
failed() {
	echo "# fuzz.t: $1 $2 failed:" >&2
	sed 's/^/#   /' "$TMP/out" >&2
	mkdir -p "$KEEP"
	for a in "$TMP/artifacts/$1"*; do
		[ -e "$a" ] || continue
		cp "$a" "$KEEP/" && echo "#   kept $KEEP/${a##*/}" >&2
		case $a in *.log) tail -40 "$a" | sed 's/^/#   | /' >&2;; esac
	done
}
per=$(( ${FUZZ_CI_TOTAL:-105} / ntargets ))
[ $per -ge 5 ] || per=5
FUZZ_CI_TIME=${FUZZ_CI_TIME:-$per}
if ! make -s -C "$TOP" fuzz-build > "$TMP/build" 2>&1; then
	echo "not ok 1 - the fuzz targets build (make fuzz-build: clang, libclang-rt-14-dev)"
	sed 's/^/# /' "$TMP/build" | tail -20
	# One result per planned one (tests/plans.t): none of them can run.
	i=1
	while [ $i -le $n ]; do
		i=$((i + 1))
		echo "not ok $i - not run: the fuzz targets did not build"
	done
	exit 1
fi
echo "ok 1 - the fuzz targets build"
i=1
for name in $names; do
	if [ -d "$TOP/tests/fuzz/regress/$name" ]; then
		i=$((i + 1))
		if FUZZ_WORK="$TMP/work" sh "$TOP/tests/fuzz/run.sh" replay \
			"$name" > "$TMP/out" 2>&1; then
			echo "ok $i - $name: regression inputs run clean"
		else
			echo "not ok $i - $name: regression inputs run clean"
			failed "$name" replay
		fi
		sed 's/^/# /' "$TMP/out"
	fi
done
for name in $names; do
	i=$((i + 1))
	if FUZZ_WORK="$TMP/work" FUZZ_TIME=$FUZZ_CI_TIME \
		FUZZ_SEED=${FUZZ_SEED:-1} \
		sh "$TOP/tests/fuzz/run.sh" fuzz "$name" > "$TMP/out" 2>&1 &&
	   grep -q "^$name: [0-9][0-9]* executions" "$TMP/out"; then
		echo "ok $i - $name: fuzzed clean"
	else
		echo "not ok $i - $name: fuzzed clean"
		failed "$name" fuzzing
	fi
	sed 's/^/# /' "$TMP/out"
done
