#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# inproc.t - markers activated in the process itself ("marker-resolve
# run", tools/runtime/libsmk-run.so), on real programs:
#
#   - the fidelity corpus (tests/fidelity) at gcc and clang -O0..-Os, and
#     its trace_simple_exact() variant at -O2/-O3, through run.py
#     --attach=inproc: every marker activated exact fires as often as the
#     witness build says, with the witness's values; approximated ones
#     err the way they say; the program's output is the witness's; and
#     at least as many markers as measured are activated exact (a site
#     the runtime refuses to patch is reported with its reason and its
#     marker is not compared); every hit leaves junk in the registers a
#     called function may change (SMK_RUN_SCRAMBLE=1);
#   - a program with vector, mask, MXCSR and x87 state live across its
#     markers (vecregs.c), scrambled the same way: its own state back
#     after each hit, through the lazy stub and the full XSAVE one;
#   - a program whose four threads hammer a marker: every hit, each
#     thread's values in order, the program's output and exit status (3)
#     unchanged; killed in the middle, every line written is whole but
#     for at most one per thread at the end (a write cut by SIGKILL);
#   - a library with a marker dlopen'ed and dlclose'd four times;
#   - fork, and exec of the child: hits from each process;
#   - corrupt records and DWARF (bytes of __simple_marker and
#     .debug_info mutated): the program's output and status unchanged;
#   - LTTng: each marker's typed event, simple_marker:<marker>, recorded
#     by a private lttng-sessiond and read by babeltrace2 gives the same
#     hits and values as the JSON sink, symbolize-trace --fields site_ip
#     maps each to its function; enabling one event selects one marker,
#     an LTTng filter on a field by name selects values; each field
#     kind, a fault bit, and the markers that fall back to the generic
#     simple_marker:hit (typed.c); with no session the program runs
#     unchanged.
. "$(dirname "$0")/lib/tap.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root (lttng-sessiond, mount namespace)"
for t in gcc clang python3 lttng lttng-sessiond babeltrace2 unshare; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
R=$TOP/tools/resolve/marker-resolve
[ -x "$R" ] && [ -f "$TOP/tools/runtime/libsmk-run.so" ] &&
	[ -f "$TOP/tools/runtime/libsmk-run-lttng.so" ] ||
	skip_all "marker-resolve or tools/runtime not built (make)"

PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
RUN="$PY $TOP/tests/fidelity/run.py"
I=$TOP/tests/inproc
B=$TMP/b
mkdir -p "$B"
cd "$B" || exit 1

# ---- the fidelity corpus ----
# Floors: markers activated exact, measured (gcc -O0 40, -O2 38, -O3 36,
# -Os 42; clang -O0 63, -O2 35, -O3 33, -Os 40; exact variant gcc -O2 70,
# -O3 70, clang -O2 67, -O3 67, of 71), less 2 so that a placement change
# that moves a marker or two does not fail this test; what is measured is
# printed.  Before punned jumps (patch.h) a site whose 5 bytes reached a
# jump target, a ret or code of a switch was refused: gcc -O2 33, exact
# variant 53.  A punned jump's target is fixed by the code after the site
# ("nop; jmp .-0x67; nopw ..." points 246 MB past the program), and the
# heap, placed at random in the 1 GB after the program (Linux 6.x brk
# randomization), covers it about once in 100 runs, often for several
# sites at once (their bytes alike): such a site is refused with "no free
# page where the punned jump can reach", as it must be (fail closed), and
# an exact marker so refused counts toward the floor, printed apart; any
# other refusal does not.
cat > "$TMP/check.py" << 'EOF2'
import json, sys
floors = dict(a.split("=") for a in sys.argv[2:])
for c in json.load(open(sys.argv[1]))["configs"]:
    name = f"{c['cc']} {c['level']} {c['variant']}"
    t = c["totals"]
    if t is None:
        print(f"1\t{name}: ran ({c['error']})")
        continue
    refused = sum(1 for m in c["markers"]
                  if (m.get("reason") or "").startswith("in-process:"))
    print(f"#\t{name}: exact {t['exact']} of {t['markers']}, values right "
          f"{t['exact_values_right']}, unavailable "
          f"{t['exact_values_unavailable']}, sites refused for {refused}")
    print(f"{int(c['error'] is not None)}\t{name}: the program's output is "
          f"the witness's" + (f" ({c['error']})" if c["error"] else ""))
    bad = [m["name"] for m in c["markers"]
           if m["verdict"] == "exact" and m["expected"] != m["got"]]
    print(f"{int(bool(bad))}\t{name}: every exact marker fires as the "
          f"witness does" + (f" (not: {','.join(bad)})" if bad else ""))
    print(f"{int(t['exact_values_wrong'] != 0)}\t{name}: every value of an "
          f"exact marker is the witness's ({t['exact_values_wrong']} wrong)")
    print(f"{int(t['wrong_directions'] != 0)}\t{name}: approximated markers "
          f"err the way they say ({t['wrong_directions']} do not)")
    key = f"{c['variant']}-{c['cc']}{c['level']}"
    fl = int(floors.get(key, 0))
    layout = [m["name"] for m in c["markers"]
              if all("no free page where the punned jump can reach" in w
                     for w in (m.get("reason") or "")[len("in-process: "):]
                     .split("; "))
              and m.get("refused_verdict") == "exact"]
    if layout:
        print(f"#\t{name}: refused for the address space's layout "
              f"(a punned jump's page taken): {', '.join(layout)}")
    print(f"{int(t['exact'] + len(layout) < fl)}\t{name}: at least {fl} "
          f"markers activated exact ({t['exact']}, and "
          f"{len(layout)} refused for the layout)")
EOF2
FLOORS="zero-gcc-O0=38 zero-gcc-O2=36 zero-gcc-O3=34 zero-gcc-Os=40
zero-clang-O0=61 zero-clang-O2=33 zero-clang-O3=31 zero-clang-Os=38
exact-gcc-O2=68 exact-gcc-O3=68 exact-clang-O2=65 exact-clang-O3=65"
start=$(date +%s)
# Every hit leaves junk in the caller-saved registers (SMK_RUN_SCRAMBLE):
# the programs' output is the witness's only if each trampoline gives
# back the state the compiled code keeps live across the marker.
export SMK_RUN_SCRAMBLE=1
$RUN --source resolve --attach inproc --cc gcc,clang \
	--levels=-O0,-O2,-O3,-Os -q --json "$TMP/zero.json" \
	> "$TMP/zero.out" 2>&1
$RUN --source resolve --attach inproc --variant exact --cc gcc,clang \
	--levels=-O2,-O3 -q --json "$TMP/exact.json" > "$TMP/exact.out" 2>&1
unset SMK_RUN_SCRAMBLE
for v in zero exact; do
	if [ -s "$TMP/$v.json" ]; then
		$PY "$TMP/check.py" "$TMP/$v.json" $FLOORS > "$TMP/$v.tap"
		tap_from "$TMP/$v.tap"
	else
		_tap_result 1 "fidelity corpus ($v): run.py wrote no results"
		diag "$(cat "$TMP/$v.out")"
	fi
done
diag "fidelity corpus in-process: $(( $(date +%s) - start )) s"

# ---- programs of our own ----
CF="-std=gnu11 -g -O2 -Wall -Werror -I$TOP/include"
LDS="-Wl,-T,$TOP/scripts/simple_marker-user.lds"
if ! { gcc $CF -o hammer "$I/hammer.c" $LDS -lpthread &&
       gcc $CF -o forker "$I/forker.c" $LDS &&
       gcc $CF -o dlmain "$I/dlmain.c" $LDS -ldl &&
       gcc $CF -o vecregs "$I/vecregs.c" $LDS &&
       gcc -std=gnu11 -g -O0 -Wall -Werror -I"$TOP/include" -o typed \
		"$I/typed.c" $LDS &&
       gcc $CF -fPIC -shared -o libplug.so "$I/dlplug.c" $LDS; } \
	2> "$TMP/build.err"; then
	_tap_result 1 "test programs build"
	diag "$(cat "$TMP/build.err")"
	plan $_tap_n
	exit 1
fi

# hits NAME FILE: how many hit lines of marker NAME (0 without FILE).
hits() {
	grep -c "^{\"marker\":\"$1\"" "$2" 2>/dev/null || :
}

# Threads.
./hammer > plain.out
plain_rc=$?
"$R" run -o h.json -- ./hammer > run.out
run_rc=$?
is "$run_rc $(cat run.out)" "$plain_rc $(cat plain.out)" \
	"threads: the program's output and exit status are its own"
is "$plain_rc" 3 "threads: the program's own exit status is 3"
is "$(hits hammer_step h.json) $(hits hammer_done h.json)" "20000 1" \
	"threads: 4 x 5000 hits of hammer_step, one of hammer_done"
$PY - h.json > "$TMP/h.check" << 'EOF2'
import json, sys
seq = {}
tids = {}
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("marker") != "hammer_step" or "type" in j:
        continue
    v = j["values"]
    seq.setdefault(v["t"], []).append(v["i"])
    tids.setdefault(v["t"], set()).add(j["tid"])
ok = sorted(seq) == [0, 1, 2, 3] and \
    all(seq[t] == list(range(5000)) for t in seq) and \
    all(len(tids[t]) == 1 for t in tids) and \
    len(set().union(*tids.values())) == 4
print("ok" if ok else "bad: " + " ".join(
    f"t{t}:{len(s)}" for t, s in sorted(seq.items())))
EOF2
is "$(cat "$TMP/h.check")" ok \
	"threads: each thread's values in order, one tid per thread"
grep -q '"marker":"hammer_step".*"patched":true' h.json
ok "threads: the report says hammer_step's site is patched" test $? = 0

# A filter, and a program that is not position-independent.
"$R" run -n '::hammer_done' -o n.json -- ./hammer > /dev/null
is "$(hits hammer_step n.json) $(hits hammer_done n.json)" "0 1" \
	"-n ::hammer_done: only that marker is activated"
gcc $CF -no-pie -fno-pie -o hammer-nopie "$I/hammer.c" $LDS -lpthread
"$R" run -o np.json -- ./hammer-nopie > np.out
is "$? $(cat np.out) $(hits hammer_step np.json)" "3 $(cat plain.out) 20000" \
	"-no-pie: every hit, output and status unchanged"

# The program's vector, mask, MXCSR and x87 state across a hit: with
# SMK_RUN_SCRAMBLE=1 every caller-saved register holds junk after each
# hit, so the state is the program's only if the trampoline gave it
# back; through the lazy stub that saves by hand what XINUSE says is in
# use (tramp.c), and through the full XSAVE stub (SMK_RUN_XSAVE=1).
./vecregs > vec-plain.out
vec_want=$(grep -c " ok$" vec-plain.out)
ok "vector state: the checks pass without activation ($vec_want ok)" \
	test "$vec_want" -ge 2 -a "$(grep -c FAIL vec-plain.out)" = 0
for mode in lazy xsave; do
	xs=0
	[ $mode = xsave ] && xs=1
	SMK_RUN_SCRAMBLE=1 SMK_RUN_XSAVE=$xs "$R" run -o vec-$mode.json \
		-- ./vecregs > vec-$mode.out
	is "$? $(cat vec-$mode.out)" "0 $(cat vec-plain.out)" \
		"vector state ($mode stub, registers scrambled by each hit): every check as without activation"
	is "$(grep -c '^{"marker":"vec_' vec-$mode.json)" "$vec_want" \
		"vector state ($mode stub): one hit for each check that ran"
done

# The launcher's own errors.
run "$R" run
is "$rc $(head -1 "$TMP/err")" "2 marker-resolve: run: no program given" \
	"run without a program: usage, exit 2"
run "$R" run -o x.json --lttng -- true
is "$rc $(cat "$TMP/err")" \
	"2 marker-resolve: run: --output and --lttng exclude each other" \
	"--output with --lttng: usage, exit 2"
run "$R" run -o x.json -- ./no-such-program
is "$rc $(cat "$TMP/err")" \
	"127 marker-resolve: run: ./no-such-program: No such file or directory" \
	"a program that does not exist: its name and why, exit 127"
run "$R" run -o /nonexistent/dir/x.json -- true
is "$rc $(cat "$TMP/err")" \
	"1 marker-resolve: run: --output: /nonexistent/dir/x.json: No such file or directory" \
	"an output file that cannot be created: its name and why, exit 1"

# Killed in the middle: every line written is a whole JSON line.
"$R" run -o k.json -- ./hammer kill > /dev/null &
kpid=$!
n=0
while k=$(hits hammer_step k.json); [ "${k:-0}" -lt 2000 ] &&
	[ $n -lt 300 ]; do
	sleep 0.1; n=$((n + 1))
done
kill -9 $kpid
wait $kpid 2>/dev/null
# A write() that SIGKILL cuts where it crosses a page of the file stops
# there (the kernel's generic_perform_write()): a thread's line in
# flight may end cut, and another thread's next one follow it.  So the
# last few lines may be damaged, one per thread (hammer's 4) at most;
# every line before them is whole.
$PY -c '
import json, sys
lines = open(sys.argv[1]).read().split("\n")
bad = []
for i, line in enumerate(lines):
    if not line:
        continue
    try:
        json.loads(line)
    except ValueError:
        bad.append(len(lines) - i)
tail = [b for b in bad if b <= 4 + 2]
if len(bad) > len(tail) or len(tail) > 4:
    print("damaged lines, counted from the end:", bad)
elif len(lines) > 2000:
    print("whole")
else:
    print("few %d" % len(lines))' k.json > "$TMP/k.check" 2>&1
is "$(cat "$TMP/k.check")" whole \
	"killed with SIGKILL: every line written is whole JSON, but for at most one per thread at the end"

# dlopen / dlclose.
./dlmain "$B/libplug.so" 4 > plain.out
"$R" run -o d.json -- ./dlmain "$B/libplug.so" 4 > run.out
is "$? $(cat run.out)" "0 $(cat plain.out)" \
	"dlopen: the program's output and exit status are its own"
is "$(hits plug_call d.json) $(hits dl_round d.json)" "12 4" \
	"dlopen x4: the library's marker in every round, 12 hits"
is "$(grep -c '"path":"[^"]*libplug.so","markers":1,"patched":1' d.json) $(grep -c 'libplug.so","unloaded":true' d.json)" \
	"4 4" "dlopen x4: activated at each dlopen, retired at each dlclose"
is "$(grep '"marker":"plug_call"' d.json | grep -v '"type"' |
	sed 's/.*"values":\({[^}]*}\).*/\1/' | tr '\n' ' ')" \
	'{"round":0,"call":0} {"round":0,"call":1} {"round":0,"call":2} {"round":1,"call":0} {"round":1,"call":1} {"round":1,"call":2} {"round":2,"call":0} {"round":2,"call":1} {"round":2,"call":2} {"round":3,"call":0} {"round":3,"call":1} {"round":3,"call":2} ' \
	"dlopen x4: the library's values, in order"

# fork and exec.
./forker > plain.out
"$R" run -o f.json -- ./forker > run.out
is "$? $(cat run.out)" "0 $(cat plain.out)" \
	"fork/exec: the program's output and exit status are its own"
$PY - f.json > "$TMP/f.check" << 'EOF2'
import json, sys
pids = {}
for line in open(sys.argv[1]):
    j = json.loads(line)
    if "type" not in j:
        pids.setdefault(j["pid"], []).append(j["values"]["who"])
print(" ".join(str(v) for p in sorted(pids) for v in pids[p]),
      len(pids))
EOF2
is "$(cat "$TMP/f.check")" "0 1 2 2" \
	"fork/exec: the parent's hit, the child's before and after exec"

# Corrupt records and DWARF: mutated copies of hammer, run in-process.
TOP=$TOP $PY - hammer 24 > "$TMP/mut.list" << 'EOF2'
import os, random, sys
sys.path.insert(0, os.path.join(os.environ["TOP"], "tests", "lib"))
import codecmp
e = codecmp.Elf(sys.argv[1])
secs = {s.name: s for s in e.sections}
raw = bytearray(e.raw)
for k in range(int(sys.argv[2])):
    rnd = random.Random(k)
    data = bytearray(raw)
    sec = secs["__simple_marker" if k % 3 else ".debug_info"]
    for _ in range(rnd.randint(1, 8)):
        off = sec.offset + rnd.randrange(sec.size)
        data[off] = rnd.choice([0, 0xff, rnd.randrange(256),
                                data[off] ^ (1 << rnd.randrange(8))])
    name = f"mut{k}"
    open(name, "wb").write(data)
    os.chmod(name, 0o755)
    print(name)
EOF2
./hammer > plain.out
bad=
for m in $(cat "$TMP/mut.list"); do
	"$R" run -o "$m.json" -- "./$m" > "$m.out" 2> "$m.err"
	mrc=$?
	if [ "$mrc $(cat "$m.out")" != "3 $(cat plain.out)" ] ||
		[ -s "$m.err" ]; then
		bad="$bad $m(rc $mrc)"
	fi
done
is "${bad:-none}" none \
	"$(wc -l < "$TMP/mut.list") corrupt copies: output, stderr and status unchanged"
diag "corrupt copies: $(grep -l '"type":"warning"' mut*.json 2>/dev/null | wc -l) with warnings, $(grep -L 'hammer_step.*"patched":true' mut*.json 2>/dev/null | wc -l) with hammer_step not patched"

# ---- LTTng ----
cat > "$TMP/lt.sh" << EOF2
LTTNG_UST_ALLOW_BLOCKING=1 "$R" run --lttng --report "$B/lt.rep" -- ./hammer > "$B/lt.out"
echo \$? > "$B/lt.rc"
EOF2
sh "$I/record.sh" "$B/trace" "" "$TMP/lt.sh" > "$TMP/rec.out" 2>&1
rrc=$?
if [ $rrc != 0 ]; then
	_tap_result 1 "LTTng: recorded (record.sh exit $rrc)"
	diag "$(cat "$TMP/rec.out")"
else
	is "$(cat lt.rc) $(cat lt.out)" "3 $(cat plain.out)" \
		"LTTng: the program's output and exit status are its own"
	babeltrace2 "$B/trace" > lt.txt 2> lt.err
	$PY - lt.txt h.json > "$TMP/lt.check" << 'EOF2'
import json, re, sys
# The typed event: the marker's fields, then site_ip, verdict, faults.
ev = re.compile(r'simple_marker:(\w+): .*\{ (.*), site_ip = 0x[0-9A-F]+, '
                r'verdict = \( "exact" : container = 0 \), faults = 0x0 \}$')
lt = {}
for line in open(sys.argv[1]):
    m = ev.search(line)
    if not m:
        continue
    vals = [tuple(f.split(" = ")) for f in m.group(2).split(", ")]
    lt.setdefault(m.group(1), []).append(
        tuple(sorted((k, int(v, 0)) for k, v in vals)))
js = {}
for line in open(sys.argv[2]):
    j = json.loads(line)
    if "type" not in j and j["marker"] == "hammer_step":
        js.setdefault(j["marker"], []).append(
            tuple(sorted(j["values"].items())))
a = sorted(lt.get("hammer_step", []))
b = sorted(js.get("hammer_step", []))
print(len(a), "same" if a == b else "differ")
EOF2
	is "$(cat "$TMP/lt.check")" "20000 same" \
		"LTTng: babeltrace2 reads 20000 hammer_step events, the JSON sink's values"
	# The session records the statedump and the vpid: the address map.
	is "$("$R" symbolize-trace --fields site_ip "$B/trace" 2>/dev/null |
		grep -c 'site_ip = { bin = "hammer+0x[0-9a-f]*", func = "step+0", src = "hammer.c:23" }')" \
		20000 "symbolize-trace --fields site_ip: every hammer_step event at step+0 (hammer.c:23)"
fi
cat > "$TMP/lf.sh" << EOF2
LTTNG_UST_ALLOW_BLOCKING=1 "$R" run --lttng -- ./hammer > /dev/null
EOF2
RECORD_EVENT=simple_marker:hammer_done sh "$I/record.sh" "$B/tf1" "" \
	"$TMP/lf.sh" > /dev/null 2>&1
sh "$I/record.sh" "$B/tf2" 'i == 7' "$TMP/lf.sh" > /dev/null 2>&1
is "$(babeltrace2 "$B/tf1" 2>&1 | grep -c 'simple_marker:') $(babeltrace2 "$B/tf2" 2>&1 | grep -c 'simple_marker:hammer_step: .* i = 7,')" \
	"1 4" "LTTng: one event per marker (hammer_done: 1), filters on its fields (i == 7: 4)"
# Typed fields of every kind, a fault, and the generic event's fallbacks.
cat > "$TMP/ty.sh" << EOF2
LTTNG_UST_ALLOW_BLOCKING=1 "$R" run --lttng --report "$B/ty.rep" -- ./typed > "$B/ty.out"
EOF2
sh "$I/record.sh" "$B/tt" "" "$TMP/ty.sh" > /dev/null 2>&1
babeltrace2 "$B/tt" 2>&1 | sed -n 's/^.*simple_marker:\([a-z_]*\): .*}, { \(.*\) }$/\1 \2/p' |
	sed 's/site_ip = 0x[0-9A-F]*/site_ip = A/' > ty.txt
cat > ty.want << 'EOF2'
typed_vals s = "even", bad = "", neg = 0, big = 0x8000000000000000, u = 200, site_ip = A, verdict = ( "exact" : container = 0 ), faults = 0x2
hit marker = "hit", verdict = ( "exact" : container = 0 ), site_ip = A, _v_length = 1, v = [ [0] = 0 ], names = "n", text = ""
hit marker = "typed_clash", verdict = ( "exact" : container = 0 ), site_ip = A, _v_length = 1, v = [ [0] = 0 ], names = "site_ip", text = ""
typed_vals s = "odd", bad = "", neg = -1, big = 0x8000000000000001, u = 201, site_ip = A, verdict = ( "exact" : container = 0 ), faults = 0x2
EOF2
is "$(head -4 ty.txt)" "$(cat ty.want)" \
	"LTTng: typed fields (string, fault bit, s16, x64, u8); \"hit\" and a clashing argument name record simple_marker:hit"
is "$(wc -l < ty.txt) $(cat ty.out)" "9 typed 3" \
	"LTTng: three markers at one site, each recorded on each of 3 hits"
is "$(grep -c '"type":"lttng".*"event":"simple_marker:hit","reason":"\(named like the generic event\|an argument is named like a field of the event.s own\)"' ty.rep)" \
	2 "LTTng: the report says which markers record simple_marker:hit, and why"
# A library loaded four times: its event registered once, recorded each time.
cat > "$TMP/ld.sh" << EOF2
LTTNG_UST_ALLOW_BLOCKING=1 "$R" run --lttng -- ./dlmain "$B/libplug.so" 4 > "$B/ld.out"
EOF2
sh "$I/record.sh" "$B/tl" "" "$TMP/ld.sh" > /dev/null 2>&1
is "$(babeltrace2 "$B/tl" 2>&1 | grep -c 'simple_marker:plug_call: .* round = [0-3], call = [0-2],') $(babeltrace2 "$B/tl" 2>&1 | grep -c 'simple_marker:dl_round:') $(cat ld.out)" \
	"12 4 dlmain 192" "LTTng: dlopen/dlclose x4: 4 x 3 plug_call and 4 dl_round events"
# No session daemon at all: nothing recorded, nothing changed.
LTTNG_UST_REGISTER_TIMEOUT=0 "$R" run --lttng -- ./hammer > nolt.out
is "$? $(cat nolt.out)" "3 $(cat plain.out)" \
	"LTTng without a session: the program's output and exit status"

plan $_tap_n
done_testing
