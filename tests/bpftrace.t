#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-resolve --format=bpftrace, run for real with Debian 12's bpftrace
# (0.17) as root: the generated script attached as it is, a workload run
# under "bpftrace -c", and what bpftrace prints compared hit by hit and
# value by value with what the program says it must print.
#
#  1. tests/fixtures/bpftrace.c, PIE and -no-pie: a zero-cost marker at a
#     function's entry (uprobe at the symbol: a register, a string and a
#     global read through reg("ip")), a trace_simple_exact() marker with
#     two notes and a "sym(%rip)" operand (one usdt block, the file's base
#     chosen per note), and a marker in the middle of a function, which
#     bpftrace 0.17 refuses: commented out with the reason;
#     then tests/fixtures/resolve_sdt.c, a sys/sdt.h probe with a
#     "sym(%rip)" operand, against the values the program prints;
#  2. the fidelity corpus (tests/fidelity) built with trace_simple_exact()
#     at gcc -O2, a dozen markers (-N): usdt blocks only, every hit and
#     value as the witness build logs them (strings, pointers, 12
#     arguments, markers with several notes);
#  3. the zero-cost corpus at gcc -O2, the whole script: it attaches as
#     printed; the exact markers whose sites are all function entries fire
#     as the witness says, with its values; every other site is a comment.
#
# Each bpftrace run pins itself and the workload to one CPU, so that
# events come out of one perf buffer in execution order.  Detaching uprobes
# costs about 3 s each here: the probe counts are kept small.
. "$(dirname "$0")/lib/tap.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root (bpftrace)"
for t in gcc python3 bpftrace taskset unshare; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"

plan 11

CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror -I$TOP/include"
REFUSED='bpftrace cannot probe'

# bt SCRIPT OUT CMD...: run SCRIPT with CMD as its workload; bpftrace's
# own lines ("Attaching N probes...", blank lines) dropped from OUT.
# bpftrace attaches through perf_event_open but detaches through
# /sys/kernel/tracing/uprobe_events ("failed to detach probe" without it,
# measured): where tracefs is not mounted (a fresh machine), it runs in a
# mount namespace of its own where it is.
bt() {
	_s=$1 _o=$2
	shift 2
	timeout 600 unshare --mount --propagation private sh -c '
		T=/sys/kernel/tracing
		[ -e $T/uprobe_events ] || mount -t tracefs nodev $T ||
			exit 125
		exec "$@"' sh taskset -c 0 bpftrace "$_s" -c "$*" \
		> "$_o.raw" 2> "$_o.err"
	btrc=$?
	grep -v -e '^Attaching ' -e '^$' "$_o.raw" > "$_o"
	attached=$(sed -n 's/^Attaching \([0-9]*\) probes*\.\.\.$/\1/p' \
		"$_o.raw")
}

# ---- 1. the fixture, PIE and not ----
cd "$TMP" || exit 1
for pie in pie nopie; do
	fl=
	[ $pie = nopie ] && fl="-no-pie -fno-pie"
	gcc $CFLAGS $fl -o bt-$pie "$TOP/tests/fixtures/bpftrace.c" ||
		exit 1
	P=$TMP/bt-$pie
	marker-resolve --format=bpftrace "$P" > $pie.bt 2> $pie.rerr
	marker-resolve --format=json "$P" > $pie.json
	want=$(python3 - $pie.json "$P" <<'EOF'
import json, sys
ms = {m["name"]: m for m in json.load(open(sys.argv[1]))["markers"]}
entry = ms["bt_entry"]["sites"]
# in source order: bt_entry (line 32) before bt_exact (46)
print("uprobe:%s:%s" % (sys.argv[2], entry[0]["address"]))
print("usdt:%s:simple_marker:bt_exact" % sys.argv[2])
# one usdt block for the two notes of bt_exact
print("%s %d" % ("1" if len(ms["bt_exact"]["sites"]) == 2 else "notes: %d" %
                 len(ms["bt_exact"]["sites"]), len(ms["bt_mid"]["sites"])))
EOF
)
	is "$(grep -e '^usdt:' -e '^uprobe:' $pie.bt)
$(grep -c '^usdt:' $pie.bt) $(grep -c "^// bt_mid: $REFUSED step+0x" $pie.bt)" \
		"$want" \
		"$pie: a usdt block for the exact marker, a uprobe at bt_entry's entry, each bt_mid site commented out with the reason"
	bt $pie.bt $pie.out "$P" 3
	grep -v -e '^ERROR: Unknown error -1: couldn.t set RLIMIT_MEMLOCK' \
		$pie.out.err > $pie.want
	is "$btrc|$attached|$(cat $pie.out)" \
		"0|3|$(grep -v '^ERROR' $pie.want)" \
		"$pie: bpftrace runs the script; every hit and value is the program's (5 bt_exact, 3 bt_entry)"
done

# ---- a sys/sdt.h probe whose global operand bpftrace cannot read ----
if echo '#include <sys/sdt.h>' | gcc -E - > /dev/null 2>&1; then
	gcc -O2 -g -o sdtprog "$TOP/tests/fixtures/resolve_sdt.c" || exit 1
	marker-resolve --format=bpftrace "$TMP/sdtprog" > sdt.bt
	bt sdt.bt sdt.out "$TMP/sdtprog" 3
	# the program prints "hit N TOTAL" beside bpftrace's lines
	is "$btrc|$(grep -c '^usdt:.*:prov:hit$' sdt.bt)|$(grep -c '^prov_hit: ' sdt.out)|$(sed -n 's/^prov_hit: arg1=\(.*\) arg2=\(.*\)$/hit \1 \2/p' sdt.out)" \
		"0|1|3|$(grep '^hit ' sdt.out)" \
		"sys/sdt.h probe: a usdt block; the register and the sym(%rip) global right at every hit"
else
	skip "no sys/sdt.h (systemtap-sdt-dev)"
fi

# ---- the fidelity corpus, built as tests/fidelity/run.py does ----
build() {	# build DIR FLAGS...
	_d=$1
	shift
	mkdir -p "$_d"
	for f in "$TOP"/tests/fidelity/*.c; do
		gcc $CFLAGS "$@" -c "$f" -o "$_d/$(basename "$f" .c).o" ||
			return 1
	done
	gcc -o "$_d/fid" "$_d"/*.o -Wl,-T,"$TOP/scripts/simple_marker-user.lds"
}
# witness DIR: the expected hits, in DIR/witness.log
witness() {
	(cd "$1" && SMK_WITNESS_FILE="$1/witness.log" ./fid > /dev/null)
}
cat > cmp.py <<'EOF'
import json, re, sys, collections

# cmp.py WITNESS OUT JSON [entry]: per marker, the hits bpftrace printed
# ("NAME: a=V s=\"text\"") against the witness log ("NAME V \"text\"").
# Numbers compare as numbers (the witness prints %x as 0x..., a usdt
# operand's type is its size and sign).  Judged: the markers of JSON that
# are exact and have a unique name; with "entry", only those whose sites
# are all at a function's entry.  Prints "MARKERS HITS", then problems.
def toks(s):
    return re.findall(r'"[^"]*"|\S+', s)

def same(a, b):
    if a.startswith('"') or b.startswith('"'):
        return a == b
    try:
        return int(a, 0) % 2**64 == int(b, 0) % 2**64
    except ValueError:
        return False

wit = collections.defaultdict(list)
for l in open(sys.argv[1]):
    t = toks(l)
    wit[t[0]].append(t[1:])
got = collections.defaultdict(list)
for l in open(sys.argv[2]):
    m = re.match(r'^([A-Za-z_]\w*): ?(.*)$', l.rstrip("\n"))
    if m:
        got[m.group(1)].append(re.findall(r'\w+=("[^"]*"|\S+)',
                                          m.group(2)))
ms = json.load(open(sys.argv[3]))["markers"]
names = collections.Counter(m["name"] for m in ms)
entry = len(sys.argv) > 4
bad, n, hits = [], 0, 0
for m in ms:
    name = m["name"]
    if m["verdict"] != "exact" or names[name] > 1 or not m["sites"]:
        continue
    if entry and any(s["offset"] for s in m["sites"]):
        continue
    n += 1
    w, g = wit.get(name, []), got.get(name, [])
    hits += len(g)
    if len(w) != len(g):
        bad.append("%s: %d hits, want %d" % (name, len(g), len(w)))
        continue
    for i, (a, b) in enumerate(zip(g, w)):
        if len(a) != len(b) or not all(x == "?" or same(x, y)
                                       for x, y in zip(a, b)):
            bad.append("%s: hit %d: %s, want %s" % (name, i, a, b))
            break
print(n, hits)
print("\n".join(bad))
EOF

# ---- 2. trace_simple_exact(): usdt blocks ----
F=$TMP/fid
build "$F/xw" -DSMK_EXACT -DSMK_WITNESS && witness "$F/xw" &&
build "$F/x" -DSMK_EXACT || exit 1
SEL='[cmt][imow]*'	# cmp_int, conn_*, cost_*, mix32, tick, twelve, twin_*
marker-resolve --format=bpftrace -N "$SEL" "$F/x/fid" > x.bt
marker-resolve --format=json -N "$SEL" "$F/x/fid" > x.json
# markers with sites, and their notes (bpftrace attaches each note)
set -- $(python3 -c 'import json, sys
ms = json.load(open(sys.argv[1]))["markers"]
names = {m["name"]: len(m["sites"]) for m in ms if m["sites"]}
print(len(names), sum(names.values()))' x.json)
nx=$1 nnotes=$2
is "$(grep -c '^usdt:' x.bt)|$(grep -c -e '^uprobe:' -e "$REFUSED" x.bt)" \
	"$nx|0" "exact corpus: one usdt block per marker name ($nx), no uprobe"
bt x.bt x.out "$F/x/fid"
is "$btrc|$attached" "0|$nnotes" \
	"exact corpus: bpftrace attaches every usdt block, at each of its $nnotes notes"
python3 cmp.py "$F/xw/witness.log" x.out x.json > x.cmp
n=$(head -n 1 x.cmp)
is "$(sed 1d x.cmp)|${n%% *}" "|$nx" \
	"exact corpus: every hit and value of the $nx markers is the witness's ($n)"

# ---- 3. zero-cost markers: entries only ----
build "$F/zw" -DSMK_WITNESS && witness "$F/zw" && build "$F/z" || exit 1
marker-resolve --format=bpftrace "$F/z/fid" > z.bt
marker-resolve --format=json "$F/z/fid" > z.json
is "$(python3 - z.json z.bt <<'EOF'
import json, re, sys
ms = json.load(open(sys.argv[1]))["markers"]
bt = open(sys.argv[2]).read()
live = re.findall(r"^uprobe:\S+:(0x[0-9a-f]+)$", bt, re.M)
dead = re.findall(r"^// uprobe:\S+:(0x[0-9a-f]+)$", bt, re.M)
want_live = [s["address"] for m in ms for s in m["sites"] if not s["offset"]]
want_dead = [s["address"] for m in ms for s in m["sites"] if s["offset"]]
# The JSON says the same, site by site: the attach point, or why not.
json_live = [s["bpftrace"].rsplit(":", 1)[1] for m in ms for s in m["sites"]
             if s["bpftrace"] and not s["bpftrace_reason"]]
json_dead = [s["address"] for m in ms for s in m["sites"]
             if not s["bpftrace"] and "only at a function's entry" in
             (s["bpftrace_reason"] or "")]
print("ok" if (sorted(live), sorted(dead)) == (sorted(want_live),
      sorted(want_dead)) == (sorted(json_live), sorted(json_dead)) and
      len(dead) == bt.count("cannot probe ")
      else "live %s dead %s json %s %s" % (live, dead, json_live, json_dead))
EOF
)" "ok" "zero-cost corpus: a uprobe per entry site, every other site commented out with the reason; the JSON's bpftrace fields agree"
bt z.bt z.out "$F/z/fid"
is "$btrc|$attached" "0|$(grep -c '^uprobe:' z.bt)" \
	"zero-cost corpus: bpftrace attaches the script as printed"
python3 cmp.py "$F/zw/witness.log" z.out z.json entry > z.cmp
n=$(head -n 1 z.cmp)
is "$(sed 1d z.cmp)|$([ "${n%% *}" -gt 0 ] && echo some)" "|some" \
	"zero-cost corpus: the exact entry markers fire as the witness says, with its values ($n)"
diag "exact: $(head -n 1 x.cmp) markers/hits; zero-cost entries: $n"
done_testing
