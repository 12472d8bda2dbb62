#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# fidelity.t - markers probed with real uprobes fire as often as the code
# they mark runs, with the values it has (tests/fidelity/run.py).
#
# The corpus of tests/fidelity/ (71 markers in loops, cold paths, inline
# helpers, clones, switches, recursion, arms holding only a marker, casts,
# computed values; about 550 hits) is built by gcc and
# clang; a witness build logs every hit and its values; the zero-cost build
# is probed and its trace compared hit by hit.  Asserted for each compiler
# and level:
#
#   - no silent miscount: a marker claimed exact fires exactly as often as
#     the witness says;
#   - no wrong value: every value fetched for an exact marker is the
#     witness's;
#   - no wrong direction: an approximated marker said "over" fires at
#     least as often as the witness says, one said "under" at most (one
#     that says neither fails);
#     (the failures known today are listed in tests/fidelity/
#     known-resolve.txt and reported as TODO: any other one fails);
#   - exact markers and available arguments at least the floors below
#     (0 while marker-resolve is being written); the targets, 85% exact at
#     -O2 and 90% of the exact markers' arguments available, and what the
#     tool achieves are reported as diagnostics.
#
# The same corpus with trace_simple_exact() (include/linux/
# simple_marker_exact.h), probed through its SDT notes, must be exact on
# every marker with every value right.
#
# gcc -O2 is also run through "marker-resolve attach"/"detach" instead of
# run.py's own writes, which must leave nothing behind.
#
# Needs root and tracefs with uprobe events; skips otherwise.
# FIDELITY_LEVELS overrides the levels ("-O2 -O3").
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/tracefs.sh"

command -v python3 >/dev/null || skip_all "python3 not installed"
for cc in gcc clang; do
	command -v $cc >/dev/null || skip_all "$cc not installed"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"
# tracefs: run.py mounts a private one of its own and unmounts it.  The
# usual place is mounted first all the same: "marker-resolve attach"
# takes it, else the first tracefs of /proc/mounts, which must not be
# run.py's short-lived one; and it tells that tracefs and uprobes work.
tracefs_setup || skip_all "$tracefs_why"

PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
RUN="$PY $TOP/tests/fidelity/run.py"
LEVELS=${FIDELITY_LEVELS:--O0 -O2 -O3 -Os}
LEVELS_CSV=$(echo $LEVELS | tr ' ' ',')

# Floors of the exact share and of the exact markers' available arguments,
# in percent, per compiler and level (check.py reads "exact-CC-LEVEL=PCT"
# and "args-CC-LEVEL=PCT").  marker-resolve is still being written and
# moves markers between exact and approximated from one commit to the
# next, so they are 0 for now; the owner raises them once it settles.
# Measured with marker-resolve (exact %, arguments %), at fcb6b55:
#   gcc -O0 0, -;  -O2 44.6, 73.1;  -O3 41.1, 70.3;  -Os 53.6, 74.7
#   clang -O0 87.5, 100;  -O2/-O3/-Os 0, -
# and now, with arms.c's 8 markers (64 in all; those alone in an arm are
# approximated but at clang -O0, where the compiler keeps the arms):
#   gcc -O0 45.3, 100.0;  -O2 40.6, 68.9;  -O3 37.5, 68.6;  -Os 45.3, 71.4
#   clang -O0 87.5, 100.0;  -O2 32.8, 68.9;  -O3 31.2, 66.1;  -Os 35.9, 70.8
# Known silent miscounts and wrong values are listed in
# tests/fidelity/known-resolve.txt and reported as TODO; any other fails.
# Raised to what was measured, so a regression fails (the gcc -O2/-O3
# argument floors went down when twin_a (identical code folding) and
# sum_done (a duplicated tail), wrongly exact markers with arguments, became
# approximated):
# With "next line, every path through the marker" (a join each of whose
# paths comes through the marker: after a loop, past early returns, at a
# label, an inlined copy's way in) exact went up by 2-5 markers a level;
# their arguments are often optimized out there, so the argument share
# went down while the count of available arguments went up (gcc -O2: 51
# of 74 -> 54 of 79):
#   gcc -O0 53.1, 100.0;  -O2 43.8, 68.4;  -O3 40.6, 68.0;  -Os 51.6, 71.3
#   clang -O0 87.5, 100.0;  -O2 39.1, 63.4;  -O3 35.9, 60.6;  -Os 42.2, 65.3
# and with a switch arm that opens with code of no line (clang's vm_halt):
#   clang -O2 40.6, 64.4;  -O3 37.5, 61.8;  -Os 43.8, 66.2
# and with switch arms found through their compare tree (status_ok and
# status_server at clang, whose arms have no line):
#   clang -O2 43.8, 65.3;  -O3 40.6, 62.9;  -Os 46.9, 67.1
# and with if arms that end in a return found through their one jump
# (find_hit, reserve_fast):
#   gcc -O2 46.9, 69.0;  -O3 43.8, 68.8;  -Os 53.1, 69.7
#   clang -O2 45.3, 65.4;  -O3 42.2, 63.0;  -Os 48.4, 67.1
# and with a next line only where every path through the marker goes on
# to it (conn_opened exact through its if arm at gcc):
#   gcc -O2 48.4, 69.8;  -O3 45.3, 69.5;  -Os 54.7, 70.3
# With location views, casts (casts.c, 4 markers) and computed values
# (computed.c, 3 markers), 71 markers:
#   gcc -O0 56.3, 100.0;  -O2 53.5, 76.6;  -O3 50.7, 75.7;  -Os 59.2, 79.5
#   clang -O0 88.7, 100.0;  -O2 49.3, 64.9;  -O3 46.5, 63.0;  -Os 56.3, 66.4
# The gcc argument floors go up to that; clang's -O2 and -Os ones down a
# little: computed.c's values at a function's entry are, at clang (no
# location views), "the value changes at this very address", exact
# markers with unavailable arguments the old corpus did not have (its 64
# markers measure as before at clang).
# With "end of the statement before" and joins inside loops, both for
# gcc -O0 only: exact 56.3 -> 67.6% (40 -> 48 markers); the arguments
# available went up from 90 to 116 and their share down to 96.7%: the
# probe on the statement's last instruction, a store through a pointer
# ("tmp[i] = '\0'", "n->key = ..."), does not fetch memory that store may
# change (dev_label's tmp and i, height_node's n->key, vm_arith's in->op).
FLOORS="
exact-gcc-O0=67 args-gcc-O0=96.5
exact-gcc-O2=48 args-gcc-O2=76
exact-gcc-O3=45 args-gcc-O3=75
exact-gcc-Os=54.5 args-gcc-Os=79
exact-clang-O0=87.5 args-clang-O0=100
exact-clang-O2=45 args-clang-O2=64.5
exact-clang-O3=42 args-clang-O3=62.5
exact-clang-Os=48 args-clang-Os=66
target_exact=85 target_args=90
"
KNOWN=$TOP/tests/fidelity/known-resolve.txt
CHECK="$PY $TOP/tests/fidelity/check.py"

self_test() {
	$RUN --self-test > "$TMP/self-test" 2>&1 ||
		{ diag "$(cat "$TMP/self-test")"; return 1; }
}
ok "comparator self-test: miscounts and wrong values are caught" self_test


# Exact mode: independent of marker-resolve.
start=$(date +%s)
$RUN --source sdt --variant exact --cc gcc,clang --levels=-O2,-O3 -q \
	--json "$TMP/exact.json" > "$TMP/exact.out" 2>&1
diag "$(cat "$TMP/exact.out")"
if [ -s "$TMP/exact.json" ]; then
	$CHECK "$TMP/exact.json" exact > "$TMP/exact.tap"
	tap_from "$TMP/exact.tap"
else
	_tap_result 1 "exact mode: run.py wrote no results"
fi
diag "exact mode: $(( $(date +%s) - start )) s"

# Exact mode through marker-resolve itself: the anchors become the
# markers' sites.  One record of checked_add_ovf (a macro expanded three
# times) is code the compiler deleted: "not found", its hits are the
# other two records'.
start=$(date +%s)
$RUN --source resolve --variant exact --cc gcc,clang --levels=-O2,-O3 -q \
	--json "$TMP/exact-res.json" > "$TMP/exact-res.out" 2>&1
diag "$(cat "$TMP/exact-res.out")"
cat > "$TMP/exact-res.py" << 'EOF'
import json, sys
out = []
for c in json.load(open(sys.argv[1]))["configs"]:
    t = c["totals"]
    bad = [m["name"] for m in c["markers"]
           if m["verdict"] != "exact" and not (
               m["name"] == "checked_add_ovf" and
               "removed it as unreachable" in (m["reason"] or ""))]
    out.append("%s %s: miscounts %d wrong %d unavailable %d not-exact %s" %
               (c["cc"], c["level"], t["silent_miscounts"],
                t["values_wrong"], t["exact_values_unavailable"],
                ",".join(bad) or "-"))
print("\n".join(out))
EOF
is "$($PY "$TMP/exact-res.py" "$TMP/exact-res.json" 2>&1)" \
	"gcc -O2: miscounts 0 wrong 0 unavailable 0 not-exact -
gcc -O3: miscounts 0 wrong 0 unavailable 0 not-exact -
clang -O2: miscounts 0 wrong 0 unavailable 0 not-exact -
clang -O3: miscounts 0 wrong 0 unavailable 0 not-exact -" \
	"exact mode via marker-resolve: no miscount, every value right"
diag "exact mode via marker-resolve: $(( $(date +%s) - start )) s"

# marker-resolve on the corpus (a failure, not a skip, when it cannot).
mkdir "$TMP/probe"
if ! gcc -std=gnu11 -g -O2 -I"$TOP/include" -o "$TMP/probe/fid" \
	"$TOP"/tests/fidelity/*.c \
	-Wl,-T,"$TOP/scripts/simple_marker-user.lds" 2> "$TMP/probe/err"; then
	_tap_result 1 "corpus builds"
	diag "$(head -20 "$TMP/probe/err")"
elif ! "$TOP/tools/resolve/marker-resolve" --format=json "$TMP/probe/fid" \
	> "$TMP/probe/out.json" 2>&1 ||
	! $PY -c 'import json,sys; json.load(open(sys.argv[1]))["markers"]' \
		"$TMP/probe/out.json" 2>/dev/null; then
	_tap_result 1 "marker-resolve --format=json resolves the corpus"
	diag "$(head -20 "$TMP/probe/out.json")"
else
	start=$(date +%s)
	$RUN --source resolve --cc gcc,clang --levels="$LEVELS_CSV" -q \
		--json "$TMP/resolve.json" > "$TMP/resolve.out" 2>&1
	diag "$(cat "$TMP/resolve.out")"
	if [ -s "$TMP/resolve.json" ]; then
		$CHECK "$TMP/resolve.json" resolve "$KNOWN" $FLOORS \
			> "$TMP/resolve.tap"
		tap_from "$TMP/resolve.tap"
	else
		_tap_result 1 "marker-resolve: run.py wrote no results"
	fi
	diag "marker-resolve: $(( $(date +%s) - start )) s"

	# The same through the tool's own attach and detach (its text
	# definitions, enabled in run.py's private instance as well); run.py
	# fails the run if detach leaves an event of the group behind.
	$RUN --source resolve --attach=resolve --cc gcc --levels=-O2 -q \
		--json "$TMP/attach.json" > "$TMP/attach.out" 2>&1
	diag "attach: $(cat "$TMP/attach.out")"
	if [ -s "$TMP/attach.json" ]; then
		$CHECK "$TMP/attach.json" resolve "$KNOWN" $FLOORS |
			sed 's/resolve zero:/resolve zero (marker-resolve attach):/' \
			> "$TMP/attach.tap"
		tap_from "$TMP/attach.tap"
	else
		_tap_result 1 "marker-resolve attach: run.py wrote no results"
	fi
fi

plan $_tap_n
done_testing
