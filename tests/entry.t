#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# entry.t - entry values (DW_OP_entry_value, tools/lib/smk/entry.h)
# through the tool's own paths, with real uprobes, against the witness
# build.
#
# tests/fixtures/entry.c (recursion, re-entrance through a callback, two
# threads at once), gcc and clang at -O1, -O2, -O3 and -Os:
#
#   - the JSON gives each entry value "how": "entry value" and its entry
#     probe (symbol, offset 0, register), never a spec;
#   - "marker-resolve attach" adds the entry and return events to the
#     group, the program runs, "symbolize-ftrace" joins them: every value
#     of every hit (multiset per marker: the threads interleave) is the
#     witness's, and at least one entry value per build was compared
#     (a marker placed "approximated under" may miss hits, never add one:
#     its hits a sub-multiset of the witness's);
#   - detach removes the entry and return events with the rest;
# then at gcc -O2:
#   - a function entered before attach (the program waits inside it): that
#     activation's hit says "?" with the reason, the others are right;
#   - a "[LOST N EVENTS]" line before a hit: unavailable, never guessed;
#   - a made-up trace: an entry whose return never came (longjmp) is
#     skipped by its stack pointer, another task and a returned
#     activation get no value.
. "$(dirname "$0")/lib/tap.sh"
. "$TOP/tests/lib/tracefs.sh"

for t in gcc clang python3; do
	command -v $t > /dev/null || skip_all "$t not installed"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"
tracefs_setup || skip_all "$tracefs_why"
plan 20

R=$TOP/tools/resolve/marker-resolve
LDS=$TOP/scripts/simple_marker-user.lds
SRC=$TOP/tests/fixtures/entry.c
export SMK_STATE_DIR=$TMP/state
G=smkent_$$
INST=$TFS/instances/$G
cleanup() {
	[ -d "$INST" ] && rmdir "$INST" 2> /dev/null
	"$R" detach --group "$G" > /dev/null 2>&1
	[ -n "${KEEP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

build() {	# OUT CC OPT FLAGS...
	_o=$1 _cc=$2 _opt=$3
	shift 3
	$_cc -std=gnu11 -g $_opt -Wall -Wextra -Werror -I"$TOP/include" \
		-pthread "$@" -o "$_o" "$SRC" -Wl,-T,"$LDS" 2> "$_o.err"
}

# compare WITNESS SYM JSON [HELD]: "values N entry E wrong W unavail U".
# HELD: the one hit allowed (and required) to be "?" is
# ent_visit_done's with key 77.
compare() {
	python3 - "$@" <<'PY'
import collections, json, re, sys
wit = collections.defaultdict(list)
for l in open(sys.argv[1]):
    t = l.split()
    wit[t[0]].append(tuple(t[1:]))
held = len(sys.argv) > 4
args, entry, under = {}, {}, set()
for m in json.load(open(sys.argv[3]))["markers"]:
    if m["verdict"] != "exact":
        # may miss hits (or has no site): what it gets must be right
        under.add(m["name"])
    for s in m["sites"]:
        args[m["name"]] = [a["name"] for a in s["args"]]
        entry.setdefault(m["name"], set()).update(
            a["name"] for a in s["args"] if a.get("how") == "entry value")
got = collections.defaultdict(list)
unavail = bad = n = ne = 0
for l in open(sys.argv[2]):
    m = re.search(r'^\s*\S+-\d+ .*?: (\w+): \(\w+\) (.*?), debug_info.*'
                  r'marker = \{ name = "(\w+)".*?(?:values = \{ (.*) \})?$', l)
    if not m:
        continue
    name = m.group(3)
    vals = dict(re.findall(r'(\w+)=(\S+)', m.group(2)))
    for k, v in re.findall(r'(\w+) = (\?|[^,\s]+)', m.group(4) or ""):
        vals[k] = v
    tup = tuple(vals.get(a, "-") for a in args[name])
    if "?" in tup:
        unavail += 1
        if held and name == "ent_visit_done" and "entered before" in l:
            continue
        print("unavailable:", l.strip()[-200:])
        bad += 1
        continue
    got[name].append(tup)
    n += len(tup)
    ne += len(entry.get(name, ()))
for name in set(wit) | set(got):
    w, g = collections.Counter(wit[name]), collections.Counter(got[name])
    if held and name == "ent_visit_done":
        # the held activation's own hit: (1, 77) in the witness
        w[("1", "77")] -= 1
    if name in under and not (g - w):
        continue
    if w != g:
        print("%s: got %s want %s" % (name, sorted((g - w).elements())[:4],
                                      sorted((w - g).elements())[:4]))
        bad += 1
print("values %d entry %d wrong %d unavail %d" % (n, ne, bad, unavail))
PY
}

# run CC OPT: one build's checks (2 results).
run() {
	cc=$1 opt=$2 D=$TMP/$1$2
	mkdir -p "$D"
	if ! build "$D/w" "$cc" "$opt" -DSMK_WITNESS ||
	   ! build "$D/z" "$cc" "$opt"; then
		_tap_result 1 "$cc $opt: fixture builds"
		_tap_result 1 "$cc $opt: symbolize-ftrace (no build)"
		diag "$(head -5 "$D/w.err" "$D/z.err")"
		return
	fi
	(cd "$D" && SMK_WITNESS_FILE="$D/witness.log" ./w)
	"$R" --format=json "$D/z" > "$D/z.json" 2> /dev/null
	ne=$(python3 - "$D/z.json" <<'PY'
import json, sys
n = bad = 0
for m in json.load(open(sys.argv[1]))["markers"]:
    for s in m["sites"]:
        for a in s["args"]:
            if a.get("how") != "entry value":
                continue
            n += 1
            e = a.get("entry") or {}
            if a.get("spec") or not e.get("symbol") or e.get("offset") \
               or not str(e.get("spec", "")).startswith("%") \
               or not (s["symbol"] == e["symbol"] or
                       s["symbol"].startswith(e["symbol"] + ".")):
                bad += 1
print(n if not bad else -bad)
PY
)
	if [ "${ne:-0}" -gt 0 ]; then
		_tap_result 0 "$cc $opt: $ne entry values in the JSON, each with its entry probe, none with a spec"
	else
		_tap_result 1 "$cc $opt: entry values in the JSON ($ne)"
	fi
	mkdir -p "$INST"
	if ! "$R" attach --group "$G" "$D/z" > "$D/attach" 2>&1; then
		_tap_result 1 "$cc $opt: attach"
		diag "$(tail -5 "$D/attach")"
		return
	fi
	for e in "$INST/events/$G"/*/enable; do echo 1 > "$e"; done
	(cd "$D" && ./z)
	for e in "$INST/events/$G"/*/enable; do echo 0 > "$e"; done
	cat "$INST/trace" > "$D/trace"
	"$R" symbolize-ftrace "$D/trace" > "$D/sym" 2> "$D/sym.err"
	"$R" detach --group "$G" > /dev/null 2>&1
	rmdir "$INST" 2> /dev/null
	compare "$D/witness.log" "$D/sym" "$D/z.json" > "$D/cmp"
	last=$(tail -n 1 "$D/cmp")
	set -- $last
	if [ "$6" = 0 ] && [ "$8" = 0 ] && [ "$4" -gt 0 ]; then
		_tap_result 0 "$cc $opt: every hit's values are the witness's ($2 values, $4 of them entry values)"
	else
		_tap_result 1 "$cc $opt: symbolize-ftrace joins the witness's entry values ($last)"
		diag "$(head -10 "$D/cmp")" "$(head -3 "$D/sym.err")"
	fi
}

for cc in gcc clang; do
	for opt in -O1 -O2 -O3 -Os; do
		run $cc $opt
	done
done

# Detach left no entry or return event behind.
left=$(grep -c "^[pr]:$G/" "$UE")
[ "$left" = 0 ]
_tap_result $? "detach removes the entry and return events ($left left)"

# Entered before attach: the program waits inside ent_visit(1, 77).
D=$TMP/held
mkdir -p "$D"
cp "$TMP/gcc-O2/z" "$TMP/gcc-O2/w" "$TMP/gcc-O2/z.json" "$D/" 2>/dev/null
touch "$D/go"
(cd "$D" && SMK_WITNESS_FILE="$D/witness.log" ./w "$D/go")
rm -f "$D/go"
mkdir -p "$INST"
(cd "$D" && exec ./z "$D/go") &
zpid=$!
sleep 0.5
"$R" attach --group "$G" "$D/z" > "$D/attach" 2>&1
for e in "$INST/events/$G"/*/enable; do echo 1 > "$e"; done
touch "$D/go"
wait $zpid
for e in "$INST/events/$G"/*/enable; do echo 0 > "$e"; done
cat "$INST/trace" > "$D/trace"
"$R" symbolize-ftrace "$D/trace" > "$D/sym" 2> "$D/sym.err"
"$R" detach --group "$G" > /dev/null 2>&1
rmdir "$INST" 2> /dev/null
compare "$D/witness.log" "$D/sym" "$D/z.json" held > "$D/cmp"
set -- $(tail -n 1 "$D/cmp")
[ "$6" = 0 ] && [ "$8" = 1 ] && [ "$2" -gt 0 ]
_tap_result $? "entered before attach: that activation's value is unavailable with the reason, the other $2 right ($*)"
[ "$6" = 0 ] || diag "$(head -5 "$D/cmp")"

# Events lost before a hit: its entry values are unavailable.
line=$(grep -n ': ent_visit_done: ' "$TMP/gcc-O2/trace" | sed -n 3p | cut -d: -f1)
if [ -n "$line" ]; then
	sed "${line}i CPU:0 [LOST 5 EVENTS]" "$TMP/gcc-O2/trace" > "$D/lost"
	cp "$TMP/gcc-O2/trace" "$D/nolost"
	# The record of that attach is gone (detach): attach again to read.
	mkdir -p "$INST"
	"$R" attach --group "$G" "$TMP/gcc-O2/z" > /dev/null 2>&1
	# The trace names the old group's events: the same names.
	"$R" symbolize-ftrace "$D/lost" > "$D/lost.sym" 2>&1
	# A return never seen (longjmp; uprobes follow 64 nested returns),
	# another task, a return: by the stack pointers alone.
	t() { printf '            ent-%s     [000] ..... 1.%06d: %s: (0x1234) %s\n' "$@"; }
	{
		t 7 1 ent_visit_done__entry 'depth=1 key=5 __sp=0x1000'
		t 7 2 ent_visit_done__entry 'depth=0 key=6 __sp=0xf00'
		t 7 3 ent_visit_done '__sp=0xfe0'
		t 8 4 ent_visit_done '__sp=0xfe0'
		t 7 5 ent_visit_done__return '__sp=0x1008'
		t 7 6 ent_visit_done '__sp=0xfe0'
	} > "$D/stale"
	"$R" symbolize-ftrace "$D/stale" > "$D/stale.sym" 2>&1
	"$R" detach --group "$G" > /dev/null 2>&1
	rmdir "$INST" 2> /dev/null
	hit=$(grep ': ent_visit_done: ' "$D/lost.sym" | sed -n 3p)
	case $hit in
	*"depth = ? (no entry event for this activation"*"key = ? ("*) ok=0 ;;
	*) ok=1 ;;
	esac
else
	ok=1 hit="no third ent_visit_done hit"
fi
_tap_result $ok "a [LOST N EVENTS] line before a hit: its entry values are unavailable, not guessed"
[ $ok = 0 ] || diag "$hit"
got=$(grep -o 'values = { .* }' "$D/stale.sym" 2>/dev/null | tr '\n' '|')
want='values = { depth = 1, key = 5 }|values = { depth = ? (no entry event for this activation: entered before the probes were attached or events were lost), key = ? (no entry event for this activation: entered before the probes were attached or events were lost) }|values = { depth = ? (no entry event for this activation: entered before the probes were attached or events were lost), key = ? (no entry event for this activation: entered before the probes were attached or events were lost) }|'
[ "$got" = "$want" ]
_tap_result $? "by stack pointer: a deeper entry whose return was lost is skipped, another task and a returned activation get none"
[ "$got" = "$want" ] || diag "$got"
done_testing
