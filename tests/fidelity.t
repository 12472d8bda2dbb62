#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# fidelity.t - markers probed with real uprobes fire as often as the code
# they mark runs, with the values it has (tests/fidelity/run.py).
#
# The corpus of tests/fidelity/ (56 markers in loops, cold paths, inline
# helpers, clones, switches, recursion; about 440 hits) is built by gcc and
# clang; a witness build logs every hit and its values; the zero-cost build
# is probed and its trace compared hit by hit.  Asserted for each compiler
# and level:
#
#   - no silent miscount: a marker claimed exact fires exactly as often as
#     the witness says;
#   - no wrong value: every value fetched for an exact marker is the
#     witness's;
#   - exact markers and available arguments at least the floors below, which
#     record what marker-resolve achieves today (the targets, 85% exact at
#     -O2 and 90% of the exact markers' arguments available, are reported
#     as diagnostics until the tool reaches them).
#
# The same corpus with trace_simple_exact() (include/linux/
# simple_marker_exact.h), probed through its SDT notes, must be exact on
# every marker with every value right.
#
# Needs root and tracefs with uprobe events; skips otherwise.  Until
# marker-resolve resolves, its part is skipped ("marker-resolve does not
# resolve yet").  FIDELITY_LEVELS overrides the levels ("-O2 -O3").
. "$(dirname "$0")/lib/tap.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root (tracefs, uprobes)"
command -v python3 >/dev/null || skip_all "python3 not installed"
for cc in gcc clang; do
	command -v $cc >/dev/null || skip_all "$cc not installed"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"
# tracefs: mounted somewhere, or mountable (run.py mounts a private one).
if ! awk '$3 == "tracefs" { f = 1 } END { exit !f }' /proc/mounts; then
	mkdir "$TMP/tfs"
	mount -t tracefs nodev "$TMP/tfs" 2>/dev/null ||
		skip_all "no tracefs (mount -t tracefs failed)"
	ok=$(test -e "$TMP/tfs/uprobe_events" && echo y)
	umount "$TMP/tfs"
	[ -n "$ok" ] || skip_all "kernel without uprobe events"
else
	tfs=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
	[ -e "$tfs/uprobe_events" ] || skip_all "kernel without uprobe events"
fi

PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
RUN="$PY $TOP/tests/fidelity/run.py"
LEVELS=${FIDELITY_LEVELS:--O0 -O2 -O3 -Os}
LEVELS_CSV=$(echo $LEVELS | tr ' ' ',')

# What marker-resolve achieves today, per level (gcc and clang alike):
# the floor of the exact share and of the exact markers' arguments that
# are available, in percent.  Raise them as the tool improves.
floor_exact() {
	case $1 in
	*) echo 0 ;;
	esac
}
floor_args() {
	echo 0
}
TARGET_EXACT=85		# at -O2
TARGET_ARGS=90

self_test() {
	$RUN --self-test > "$TMP/self-test" 2>&1 ||
		{ diag "$(cat "$TMP/self-test")"; return 1; }
}
ok "comparator self-test: miscounts and wrong values are caught" self_test

# check.py JSON [FLOORS]: one line per assertion, "0|1<TAB>description",
# and "#<TAB>text" for diagnostics.
cat > "$TMP/check.py" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
mode = sys.argv[2]
floors = dict(a.split("=", 1) for a in sys.argv[3:])
def out(ok, desc):
    print(f"{0 if ok else 1}\t{desc}")
def diag(text):
    print(f"#\t{text}")
digests = set()
for c in doc["configs"]:
    name = f"{c['cc']} {c['level']} {c['source']} {c['variant']}"
    t = c["totals"]
    out(t is not None and not c["error"],
        f"{name}: ran" + (f" ({c['error']})" if c["error"] else ""))
    if t is None:
        continue
    digests.add(c["witness_digest"])
    bad = [m for m in c["markers"] if m["verdict"] == "exact" and
           m["expected"] != m["got"]]
    out(t["silent_miscounts"] == 0, f"{name}: no silent miscount" +
        "".join(f"; {m['name']} {m['got']}/{m['expected']}"
                for m in bad[:5]))
    wrong = [m for m in c["markers"] if m["verdict"] == "exact" and
             m["wrong"]]
    out(t["exact_values_wrong"] == 0, f"{name}: no wrong value" +
        "".join(f"; {m['name']}: {m['problems'][:1]}" for m in wrong[:5]))
    args = t["exact_args_available_pct"]
    if mode == "exact":
        out(t["exact"] == t["markers"],
            f"{name}: every marker exact ({t['exact']}/{t['markers']})")
        out(t["exact_args_available"] == t["exact_args"],
            f"{name}: every argument available "
            f"({t['exact_args_available']}/{t['exact_args']})")
        continue
    fe = float(floors.get("exact" + c["level"], 0))
    fa = float(floors.get("args" + c["level"], 0))
    out(t["exact_pct"] >= fe, f"{name}: exact {t['exact_pct']}% >= {fe}%")
    out(args >= fa, f"{name}: arguments available {args}% >= {fa}%")
    tgt = floors.get("target_exact", "85")
    diag(f"{name}: exact {t['exact']}/{t['markers']} = {t['exact_pct']}% "
         f"(target {tgt}% at -O2), claimed {t['exact_claimed']}, counts "
         f"match {t['counts_match']}; exact markers' arguments available "
         f"{t['exact_args_available']}/{t['exact_args']} = {args}% (target "
         f"{floors.get('target_args', '90')}%); values right "
         f"{t['values_right']} wrong {t['values_wrong']} unavailable "
         f"{t['values_unavailable']}")
out(len(digests) <= 1, f"{mode}: every build's witness saw the same hits "
    f"({len(digests)} distinct)")
EOF

# tap_from FILE: turn check.py's lines into TAP through tap.sh.
tap_from() {
	while IFS="$(printf '\t')" read -r st desc; do
		case $st in
		"#")	diag "$desc" ;;
		*)	_tap_result "$st" "$desc" ;;
		esac
	done < "$1"
}

# Exact mode: independent of marker-resolve.
start=$(date +%s)
$RUN --source sdt --variant exact --cc gcc,clang --levels=-O2,-O3 -q \
	--json "$TMP/exact.json" > "$TMP/exact.out" 2>&1
diag "$(cat "$TMP/exact.out")"
if [ -s "$TMP/exact.json" ]; then
	$PY "$TMP/check.py" "$TMP/exact.json" exact > "$TMP/exact.tap"
	tap_from "$TMP/exact.tap"
else
	_tap_result 1 "exact mode: run.py wrote no results"
fi
diag "exact mode: $(( $(date +%s) - start )) s"

# marker-resolve: skipped until it resolves the corpus.
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
	skip "marker-resolve does not resolve yet"
else
	floors="target_exact=$TARGET_EXACT target_args=$TARGET_ARGS"
	for l in $LEVELS; do
		floors="$floors exact$l=$(floor_exact $l) args$l=$(floor_args $l)"
	done
	start=$(date +%s)
	$RUN --source resolve --cc gcc,clang --levels="$LEVELS_CSV" -q \
		--json "$TMP/resolve.json" > "$TMP/resolve.out" 2>&1
	diag "$(cat "$TMP/resolve.out")"
	if [ -s "$TMP/resolve.json" ]; then
		$PY "$TMP/check.py" "$TMP/resolve.json" resolve $floors \
			> "$TMP/resolve.tap"
		tap_from "$TMP/resolve.tap"
	else
		_tap_result 1 "marker-resolve: run.py wrote no results"
	fi
	diag "marker-resolve: $(( $(date +%s) - start )) s"
fi

plan $_tap_n
done_testing
