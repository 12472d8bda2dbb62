#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# CTF traces that break libbabeltrace2 2.0 itself (tests/fixtures/
# ctf-hostile, found by tests/fuzz/fuzz-ctf.c): a wild pointer (segv), a
# division by a zero from the trace (fpe), one allocation of 16 GiB from a
# sequence length (alloc-16g), memory grown by gigabytes (grows).
# babeltrace2's own CLI dies of a signal on each, here in the same run.
# marker-resolve reads traces in a child process with limits (contain.h):
# each is an error naming the trace and the reason, exit 1, within the
# memory limit.  Under a sanitizer (make SANITIZE=1) the report stops the
# child instead of the signal, and the resident limit holds instead of
# the address-space one; both are accepted, nothing else.  A good trace
# (the fuzz seed, from an LTTng session) prints exactly what babeltrace2
# prints, through the child.  No root.
. "$(dirname "$0")/lib/tap.sh"

for t in babeltrace2 python3 timeout; do
	command -v $t > /dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"

plan 15

H=$TOP/tests/fixtures/ctf-hostile
cd "$TMP"

# peer DIR: babeltrace2's exit status on DIR, its address space bounded
# (4 GiB) so that the 16 GiB ask cannot take this machine's memory.
peer() {
	sh -c 'ulimit -v 4194304; exec timeout 60 babeltrace2 "$1"' sh "$1" \
		> /dev/null 2>&1
	echo $?
}

# ours NAME REASON...: symbolize-trace on fixture NAME, 512 MiB limit:
# exit 1, and one line of ours naming the trace, with one of REASONs.
ours() {
	name=$1
	shift
	start=$(date +%s)
	run timeout 120 marker-resolve symbolize-trace --memory-limit=512 \
		"$H/$name"
	secs=$(($(date +%s) - start))
	line=$(grep '^marker-resolve: ' "$TMP/err")
	diag "$name: babeltrace2 exit $(peer "$H/$name"); ours: exit $rc in ${secs}s: $line"
	found=
	for r in "$@"; do
		case $line in
		"marker-resolve: $H/$name: $r: the trace is corrupt in a way libbabeltrace2 does not check")
			found=1 ;;
		esac
	done
	is "$rc|$(echo "$line" | wc -l)|${found:-no reason of $*}" "1|1|1" \
		"$name: exit 1, one line naming the trace and the reason"
}

for f in segv fpe alloc-16g grows; do
	st=$(peer "$H/$f")
	ok "$f: babeltrace2 itself dies of a signal (exit $st)" test "$st" -gt 128
done

SAN="stopped by the sanitizer's report above"
ours segv "killed by SIGSEGV (Segmentation fault)" "$SAN"
ours fpe "killed by SIGFPE (Floating point exception)" "$SAN"
ours alloc-16g \
	"killed by SIGTRAP (Trace/breakpoint trap); its memory was limited to 512 MiB" \
	"more than the memory limit of 512 MiB: stopped"
ours grows \
	"killed by SIGTRAP (Trace/breakpoint trap); its memory was limited to 512 MiB" \
	"more than the memory limit of 512 MiB: stopped"

# The default limit holds too, and callgraph reads through the same child.
run timeout 120 marker-resolve symbolize-trace "$H/alloc-16g"
ok "alloc-16g, default limit: exit 1, stopped at the limit" \
	test "$rc" = 1 -a -n "$(grep -e 'its memory was limited to [0-9]* MiB' \
		-e 'more than the memory limit of [0-9]* MiB' "$TMP/err")"
run timeout 120 marker-resolve callgraph "$H/segv"
is "$rc|$(grep -c "^marker-resolve: $H/segv: .*: the trace is corrupt" "$TMP/err")" \
	"1|1" "callgraph: exit 1, one line naming the trace"

# A good trace through the child: the same text as babeltrace2's.
python3 - "$TOP/tests/fuzz/corpus/ctf/lttng-packetized" good <<'EOF'
import os, sys
data = open(sys.argv[1], 'rb').read()
meta, _, stream = data.partition(b'\n\0SMK-STREAM\0\n')
os.mkdir(sys.argv[2])
open(sys.argv[2] + '/metadata', 'wb').write(meta)
open(sys.argv[2] + '/stream_0', 'wb').write(stream)
EOF
babeltrace2 good > want 2> /dev/null
run marker-resolve symbolize-trace --no-debug-info good
is "$rc|$(wc -l < "$TMP/out")|$(cmp -s want "$TMP/out" && echo same)" \
	"0|$(wc -l < want)|same" \
	"a good trace: exit 0, the same $(wc -l < want) lines as babeltrace2"
ok "the good trace has events" test "$(wc -l < want)" -gt 10

# Usage errors.
run marker-resolve symbolize-trace --memory-limit=lots good
is "$rc|$(cat "$TMP/err" | head -1)" \
	"2|marker-resolve symbolize-trace: --memory-limit: 'lots' is not a number of MiB" \
	"--memory-limit: not a number: exit 2, says so"
run marker-resolve callgraph --stall-limit=-1 good
is "$rc|$(cat "$TMP/err" | head -1)" \
	"2|marker-resolve callgraph: --stall-limit: '-1' is not a number of seconds" \
	"--stall-limit: negative: exit 2, says so"
run marker-resolve symbolize-trace --memory-limit=0 --stall-limit=0 --no-debug-info good
is "$rc|$(cmp -s want "$TMP/out" && echo same)" "0|same" \
	"no limits (0, 0): the same output"
done_testing
