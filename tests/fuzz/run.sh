#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Run the libFuzzer targets of tests/fuzz (built by "make fuzz-build").
#
#   run.sh replay NAME...   each input of tests/fuzz/regress/NAME once
#   run.sh fuzz NAME...     replay, then FUZZ_TIME seconds (default 300)
#                           per target from tests/fuzz/corpus/NAME into
#                           FUZZ_WORK/NAME (default tests/fuzz/build/corpus);
#                           FUZZ_SEED fixes libFuzzer's seed (tests/fuzz.t)
#   run.sh cov NAME...      line coverage (llvm-cov) of the library under
#                           the FUZZ_WORK corpora, the seeds and regress:
#                           needs "make fuzz-build FUZZ_COV=1"
#
# A crash, a sanitizer report, a leak or an input running over 5 s stops
# the target and leaves the input in FUZZ_WORK/../artifacts/NAME-*; the
# exit status is then 1.  Prints one line per target: NAME, executions,
# and the result.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
mode=$1
shift
BIN=${FUZZ_BIN:-$TOP/tests/fuzz/build/asan}
WORK=${FUZZ_WORK:-$TOP/tests/fuzz/build/corpus}
ART=${FUZZ_ART:-$WORK/../artifacts}
TIME=${FUZZ_TIME:-300}
LLVM_VER=${LLVM_VER:-14}
# Reports with function names (a fresh machine has no llvm-symbolizer in
# PATH; llvm-14 has it here): external() tells babeltrace2's faults from
# ours by their frames.
[ -z "${ASAN_SYMBOLIZER_PATH:-}" ] &&
	[ -x "/usr/lib/llvm-$LLVM_VER/bin/llvm-symbolizer" ] &&
	export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-$LLVM_VER/bin/llvm-symbolizer
# The library's own leaks are findings; libdw's caches are not ours.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
# Leaks inside babeltrace2's plugins are theirs (lsan.supp says which).
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$TOP/tests/fuzz/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0

replay() {
	name=$1
	dir=$TOP/tests/fuzz/regress/$name
	[ -d "$dir" ] || return 0
	if "$BIN/fuzz-$name" -timeout=5 "$dir"/* > "$ART/$name-replay.log" 2>&1
	then
		echo "$name: replayed $(ls "$dir" | wc -l) regression inputs: ok"
	else
		echo "$name: regression input fails: see $ART/$name-replay.log"
		tail -30 "$ART/$name-replay.log" | sed 's/^/  /'
		status=1
	fi
}

# external LOG: is the report in LOG a fault inside babeltrace2 (its
# first frame that is neither the sanitizer, libFuzzer nor libc (nor a
# frame of the target with no name: the sanitizer's runtime; our own
# code is built with its symbols, so its frames have names) is in
# libbabeltrace2, one of its plugins, or glib)?  Our own frames name our
# source files, so a fault of ours is never taken for one of theirs; glib
# counts as babeltrace2's because nothing of ours calls it (a stack from
# glib's frames, built without frame pointers, often ends there).
external() {
	sed -n 's/^ *#[0-9][0-9]* 0x[0-9a-f]* *//p' "$1" |
	grep -v '__sanitizer\|fuzzer::\|__asan\|__lsan\|__interceptor\|^in malloc\|^in calloc\|^in realloc\|libc\.so\|/libio/\|nptl/\|stdlib/\|signal/\|string/\|sysdeps/\|^(/lib/x86_64-linux-gnu/libc\|^([^ ]*/fuzz-[a-z0-9_-]*+0x' |
	head -n 1 | grep -q 'babeltrace\|libglib'
}

# classify LOG ARTIFACT: external() of LOG; but libFuzzer reports a
# process over -rss_limit_mb without the stack of whoever grew it, so such
# a report is judged by running its input again alone, with no RSS limit
# and the allocation limit, whose report has the stack.
classify() {
	if grep -q 'out-of-memory (used: ' "$1" && [ -f "$2" ]; then
		timeout 120 "$BIN/fuzz-$name" -rss_limit_mb=0 \
			-malloc_limit_mb=512 -timeout=5 "$2" > "$1.again" 2>&1
		cat "$1.again" >> "$log"
		external "$1.again"
		r=$?
		rm -f "$1.again"
		return $r
	fi
	external "$1"
}

fuzz() {
	name=$1
	mkdir -p "$WORK/$name"
	log=$ART/$name.log
	: > "$log"
	start=$(date +%s)
	total=0
	nexternal=0
	left=$TIME
	# A fault inside babeltrace2 (fuzz-ctf: it aborts, spins or asks
	# for gigabytes on hostile traces) is set aside in
	# ART/NAME-external-* and the run goes on for the time left.
	# -malloc_limit_mb: one allocation over 512 MiB is reported with its
	# stack, which external() reads, before the process's RSS passes
	# -rss_limit_mb, which is reported without the stack of whoever
	# grew it.
	while :; do
		"$BIN/fuzz-$name" -max_total_time="$left" -timeout=5 \
			${FUZZ_SEED:+-seed=$FUZZ_SEED} \
			-rss_limit_mb=2048 -malloc_limit_mb=512 \
			-max_len=65536 -print_final_stats=1 \
			-artifact_prefix="$ART/$name-" "$WORK/$name" \
			"$TOP/tests/fuzz/corpus/$name" > "$log.1" 2>&1
		rc=$?
		cat "$log.1" >> "$log"
		r=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.1" | tail -n 1)
		total=$((total + ${r:-0}))
		[ $rc -ne 0 ] || break
		art=$(ls "$ART/$name"-oom-* 2>/dev/null | head -n 1)
		classify "$log.1" "$art" || break
		nexternal=$((nexternal + 1))
		for a in "$ART/$name"-crash-* "$ART/$name"-oom-* \
			 "$ART/$name"-timeout-* "$ART/$name"-leak-*; do
			[ -e "$a" ] && mv "$a" "$ART/$name-external-${a##*/$name-}"
		done
		left=$((TIME - ($(date +%s) - start)))
		[ $left -gt 1 ] || { rc=0; break; }
	done
	rm -f "$log.1"
	runs=$total
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	ext=
	[ $nexternal -gt 0 ] &&
		ext=" ($nexternal faults inside babeltrace2 set aside in $ART/$name-external-*)"
	if [ $rc -eq 0 ]; then
		echo "$name: ${runs:-?} executions in ${TIME}s, $cov: ok$ext"
	else
		echo "$name: FAILED after ${runs:-?} executions (rc $rc): see $log"
		grep -m5 'ERROR\|SUMMARY\|==.*==\|round trip\|bad parse' "$log" |
			sed 's/^/  /'
		status=1
	fi
}

cov() {
	out=$WORK/../cov-report
	rm -rf "$out"
	mkdir -p "$out"
	objs=
	for name in "$@"; do
		# libFuzzer refuses a directory that does not exist: only
		# the ones there are (no FUZZ_WORK corpus before "make fuzz").
		dirs=
		for d in "$WORK/$name" "$TOP/tests/fuzz/corpus/$name" \
			 "$TOP/tests/fuzz/regress/$name"; do
			[ -d "$d" ] && dirs="$dirs $d"
		done
		# shellcheck disable=SC2086
		if ! LLVM_PROFILE_FILE=$out/$name-%p.profraw \
			"$TOP/tests/fuzz/build/cov/fuzz-$name" -runs=0 $dirs \
			> "$out/$name.log" 2>&1; then
			echo "$name: replay failed: see $out/$name.log" >&2
			tail -5 "$out/$name.log" >&2
			exit 1
		fi
		objs="$objs -object $TOP/tests/fuzz/build/cov/fuzz-$name"
	done
	llvm-profdata-$LLVM_VER merge -sparse "$out"/*.profraw \
		-o "$out/all.profdata" || exit 1
	# shellcheck disable=SC2086
	llvm-cov-$LLVM_VER report -instr-profile="$out/all.profdata" \
		${objs# -object } -ignore-filename-regex='tests/fuzz/' \
		"$TOP"/tools/lib/smk/*.c
}

mkdir -p "$ART"
case $mode in
replay)
	for n in "$@"; do replay "$n"; done ;;
fuzz)
	for n in "$@"; do replay "$n"; done
	for n in "$@"; do fuzz "$n"; done ;;
cov)
	cov "$@" ;;
*)
	echo "usage: run.sh replay|fuzz|cov NAME..." >&2
	exit 2 ;;
esac
exit $status
