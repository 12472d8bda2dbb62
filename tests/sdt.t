#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# sys/sdt.h probes listed next to markers (tests/fixtures/sdt*.c): NAME
# provider:name, FUNCTION the containing function, DESCRIPTION "[sdt]
# <arg specs>"; in --json kind "sdt" with the address and semaphore that
# readelf -n shows; the address moved with .stapsdt.base (as after
# prelink); a malformed note skipped with a warning; --no-sdt; an exact
# marker in a program that also uses sys/sdt.h placed at its note's
# address, not moved by .stapsdt.base (issue 10).
. "$(dirname "$0")/lib/tap.sh"

for t in gcc readelf nm python3; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"
echo '#include <sys/sdt.h>' | gcc -E - > /dev/null 2>&1 ||
	skip_all "no sys/sdt.h (apt-get install systemtap-sdt-dev)"

plan 24

CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"

rows() {
	awk '/^ +[0-9]+ / { print $1, $2, $3, $4 }' "${1:-$TMP/out}" |
		tr '\n' ';'
}
# note FIELD PROBE: a field of readelf -n's description of PROBE.
note() {
	readelf -n "${3:-sdt}" | awk -v want="$2" -v field="$1" '
		/Name:/ { name = $2 }
		/Location:/ { loc = $2; base = $4; sem = $6 }
		/Arguments:/ { if (name == want) {
			sub(/^ *Arguments: */, "")
			v["args"] = $0; v["loc"] = loc; v["base"] = base
			v["sem"] = sem; print v[field] } }' | tr -d ,
}
# hex VALUE: "0x..." as the tool prints it (no leading zeros).
hex() {
	printf '%#x' "$1"
}

cd "$TMP"
cp "$TOP/tests/fixtures/sdt.c" "$TOP/tests/fixtures/sdt_sema.c" .
gcc $CFLAGS -o sdt sdt.c sdt_sema.c
PLAIN_ARGS=$(note args plain)
GATED_ARGS=$(note args gated)
ok "readelf -n: both probes with argument specs" \
	test -n "$PLAIN_ARGS" -a -n "$GATED_ARGS"

run marker-list sdt
is "$rc|$(rows)|$(cat err)" \
	"0|1 sdt sdt_sum sum_done;2 sdt work work_done;3 sdt work prov:plain;4 sdt gated prov:gated;|" \
	"markers, then SDT probes named provider:name in their functions"
is "$(awk '$4 ~ /^prov:/ { sub(/^ *[0-9]+ +[^ ]+ +[^ ]+ +[^ ]+ +/, ""); print }' out)" \
	"[sdt] $PLAIN_ARGS
[sdt] $GATED_ARGS" "DESCRIPTION: [sdt] and the argument specs of the note"

run marker-list --json sdt
cat > check.py <<'EOF'
import json, subprocess, sys
ps = json.load(open(sys.argv[1]))["probes"]
want = dict(a.split("=", 1) for a in sys.argv[2:])
syms = {}
for l in subprocess.run(["nm", "-S", "sdt"], capture_output=True,
                        text=True).stdout.splitlines():
    f = l.split()
    if len(f) == 4:
        syms[f[3]] = (int(f[0], 16), int(f[1], 16))
out = []
for p in ps:
    if p["kind"] != "sdt":
        out.append("%s:%s" % (p["kind"], p["name"]))
        continue
    n = p["probe"]
    start, size = syms[p["function"]]
    out.append("%s:%s %s/%s %s args=%s addr=%s sem=%s in=%s" % (
        p["kind"], p["name"], p["provider"], n, p["path"] + "/" + p["module"],
        p["args"] == want[n + ".args"],
        int(p["address"], 16) == int(want[n + ".loc"], 16),
        int(p["semaphore"], 16) == int(want[n + ".sem"], 16),
        start <= int(p["address"], 16) < start + size))
print("\n".join(out))
EOF
is "$(python3 check.py out "plain.args=$PLAIN_ARGS" "gated.args=$GATED_ARGS" \
	plain.loc="$(note loc plain)" gated.loc="$(note loc gated)" \
	plain.sem="$(note sem plain)" gated.sem="$(note sem gated)" 2>&1)" \
	"marker:sum_done
marker:work_done
sdt:prov:plain prov/plain sdt/sdt args=True addr=True sem=True in=True
sdt:prov:gated prov/gated sdt/sdt args=True addr=True sem=True in=True" \
	"--json: kind sdt, provider, probe, args, address and semaphore as readelf -n, address in the function"
SEM=$(hex "$(nm sdt | awk '$3 == "prov_gated_semaphore" { print "0x" $1 }')")
is "$(python3 -c 'import json, sys
print(" ".join(p["semaphore"] for p in json.load(open(sys.argv[1]))["probes"]
               if p["kind"] == "sdt"))' out)" "0x0 $SEM" \
	"--json: semaphore of prov:gated is prov_gated_semaphore ($SEM)"
is "$(python3 -c 'import json, re, sys
print(all(re.match("^0x[0-9a-f]+$", p[k]) for p in json.load(open(sys.argv[1]))["probes"]
          if p["kind"] == "sdt" for k in ("address", "semaphore")))' out)" "True" \
	"--json: addresses and semaphores are 0x hex strings, also 0"

run marker-list -v -N 'prov:*' sdt
is "$(grep address: out)" \
	"      address:   $(hex "$(note loc plain)") semaphore: 0x0
      address:   $(hex "$(note loc gated)") semaphore: $SEM" \
	"-v: address and semaphore lines"

# ---- filters ----
run marker-list -N 'prov:*' sdt
is "$(rows)" "1 sdt work prov:plain;2 sdt gated prov:gated;" "-N 'prov:*': the probes only"
run marker-list -n '::prov:gated' sdt
is "$(rows)" "1 sdt gated prov:gated;" "-n '::prov:gated': the name keeps its colon"
run marker-list -f work sdt
is "$(rows)" "1 sdt work work_done;2 sdt work prov:plain;" "-f work: marker and probe of work()"

# ---- --no-sdt ----
run marker-list --no-sdt sdt
is "$rc|$(rows)" "0|1 sdt sdt_sum sum_done;2 sdt work work_done;" "--no-sdt: markers only"
run marker-list --no-sdt --json sdt
is "$(python3 -c 'import json, sys
print([p["kind"] for p in json.load(open(sys.argv[1]))["probes"]])' out)" \
	"['marker', 'marker']" "--no-sdt --json: no kind sdt"

# ---- .stapsdt.base moved (as prelink does): the address moves with it ----
# Patch the notes: base field minus 0x10, and a control character in the
# provider of prov:plain in a second copy.
cat > patch.py <<'EOF'
import re, struct, subprocess, sys
src, dst, what = sys.argv[1:4]
out = subprocess.run(["readelf", "-W", "-S", src], capture_output=True,
                     text=True).stdout
for l in out.splitlines():
    m = re.search(r"\] \.note\.stapsdt\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", l)
    if m:
        off, size = int(m.group(1), 16), int(m.group(2), 16)
d = bytearray(open(src, "rb").read())
o = 0
while o < size:
    namesz, descsz, typ = struct.unpack_from("<III", d, off + o)
    desc = o + 12 + ((namesz + 3) & ~3)
    provider = off + desc + 24
    name = d.index(b"\0", provider) + 1
    probe = d[name:d.index(b"\0", name)].decode()
    if what == "base":
        base, = struct.unpack_from("<Q", d, off + desc + 8)
        struct.pack_into("<Q", d, off + desc + 8, base - 0x10)
    elif probe == "plain":
        d[provider] = 1
        print("%#x" % desc)
    o = desc + ((descsz + 3) & ~3)
open(dst, "wb").write(d)
EOF
python3 patch.py sdt sdt-moved base
run marker-list --json sdt-moved
is "$(python3 -c 'import json, sys
print(" ".join(p["address"] for p in json.load(open(sys.argv[1]))["probes"]
               if p["kind"] == "sdt"))' out)" \
	"$(hex $(($(note loc plain) + 16))) $(hex $(($(note loc gated) + 16)))" \
	".stapsdt.base 0x10 below its link-time address: probes 0x10 higher"
is "$(note loc plain sdt-moved)|$(note base plain sdt-moved)" \
	"$(note loc plain)|$(printf '0x%016x' $(($(note base plain) - 16)))" \
	"the patched notes: same location, base 0x10 lower"

off=$(python3 patch.py sdt sdt-bad provider)
run marker-list sdt-bad
is "$rc|$(rows)|$(cat err)" \
	"0|1 sdt-bad sdt_sum sum_done;2 sdt-bad work work_done;3 sdt-bad gated prov:gated;|marker-list: warning: sdt-bad: .note.stapsdt+$off: bad provider, name or argument string, probe skipped" \
	"a control character in a provider: that probe skipped with a warning"

# trace_simple_exact(): the anchor is an SDT note of provider simple_marker;
# marker-list shows the marker as exact and not its note as a probe.
cat > exact.c << 'EOF'
#include <linux/simple_marker_exact.h>
#include <stdio.h>
int main(int argc, char **argv __attribute__((unused)))
{
	trace_simple_exact(started, "argc %d", argc);
	trace_simple(plain, "argc %d", argc);
	printf("%d\n", argc);
	return 0;
}
EOF
gcc $CFLAGS -o exact exact.c
marker-list --json exact > exact.json
is "$(python3 -c 'import json, sys
print(" ".join("%s:%s:%s" % (p["kind"], p["name"], p.get("exact"))
               for p in json.load(open(sys.argv[1]))["probes"]))' exact.json)" \
	"marker:started:True marker:plain:False" \
	"exact marker: exact true, its anchor not listed as an SDT probe"
is "$(marker-list -v -N started exact | grep -c '^ *exact: *yes')" 1 \
	"-v says exact: yes"

# ---- an exact marker beside sys/sdt.h probes (issue 10) ----
# sys/sdt.h gives the program a .stapsdt.base; the marker's own note must
# not be moved by it.  The header makes the note's base refer to that
# section (so perf and libbpf do not move it either), and marker-resolve
# must place a note whose base is 0 (the header before that change) at
# its location.
cat > mix.c << 'EOF'
#include <sys/sdt.h>
#include <linux/simple_marker_exact.h>
#include <stdio.h>
__attribute__((noinline)) int work(int a, int b)
{
	DTRACE_PROBE2(app, work_start, a, b);
	trace_simple_exact(work_mark, "a=%d b=%d", a, b);
	return a * b + 1;
}
int main(int argc, char **argv __attribute__((unused)))
{
	printf("%d\n", work(argc, 3));
	return 0;
}
EOF
gcc $CFLAGS -o mix mix.c
# fileoff BIN VADDR: the file offset of VADDR through its PT_LOAD.
fileoff() {
	readelf -lW "$1" | python3 -c 'import sys
a = int(sys.argv[1], 16)
for l in sys.stdin:
    f = l.split()
    if f and f[0] == "LOAD":
        off, va, sz = int(f[1], 16), int(f[2], 16), int(f[5], 16)
        if va <= a < va + sz:
            print("%#x" % (a - va + off))' "$2"
}
BASE_ADDR=$(readelf -SW mix | awk '$2 == ".stapsdt.base" { print "0x" $4 }')
is "$(note base work_mark mix)" "$(printf '0x%016x' $((BASE_ADDR)))" \
	"mix: the marker's note refers to .stapsdt.base ($BASE_ADDR)"
LOC=$(note loc work_mark mix)
OFF=$(fileoff mix "$LOC")
run marker-resolve mix
is "$rc|$(grep work_mark out)" \
	"0|p:simple/work_mark $TMP/mix:$OFF a=%di:s32 b=%si:s32" \
	"mix: marker-resolve places work_mark at its note ($OFF), not 0"
run marker-resolve --format=json mix
is "$(python3 -c 'import json, sys
m = [m for m in json.load(open(sys.argv[1]))["markers"] if m["name"] == "work_mark"][0]
print(m["verdict"], m["rule"], [s["address"] for s in m["sites"]])' out)" \
	"exact anchor ['$(hex "$LOC")']" \
	"mix: --format=json: exact by its anchor, at the note's address"
run marker-resolve --format=bpftrace mix
# An exact marker is a usdt: probe there (bpftrace 0.17 takes no uprobe
# inside a function); the note's base makes bpftrace find it at $OFF.
is "$(grep -c "^usdt:$TMP/mix:simple_marker:work_mark\$" out)" 1 \
	"mix: the bpftrace form has work_mark's usdt probe"
# perf reads the note as sys/sdt.h's: with the base referring to
# .stapsdt.base it places the probe at the note (a base of 0 put it at
# 0x3179 for a note at 0x1171).  A private HOME keeps perf's build-id
# cache out of root's.
if command -v perf > /dev/null; then
	mkdir -p "$TMP/home"
	HOME=$TMP/home perf buildid-cache --add "$TMP/mix" > /dev/null 2>&1
	is "$(HOME=$TMP/home perf probe -x "$TMP/mix" \
		-D sdt_simple_marker:work_mark 2>/dev/null | awk '{ print $2 }')" \
		"$TMP/mix:$OFF" "mix: perf probe places the marker's SDT note at $OFF"
else
	skip "perf not found"
fi
# The note as the header wrote it before: base 0.
cat > base0.py << 'EOF'
import re, struct, subprocess, sys
src, dst = sys.argv[1:3]
out = subprocess.run(["readelf", "-W", "-S", src], capture_output=True,
                     text=True).stdout
m = re.search(r"\] \.note\.stapsdt\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", out)
off, size = int(m.group(1), 16), int(m.group(2), 16)
d = bytearray(open(src, "rb").read())
o = 0
while o < size:
    namesz, descsz, typ = struct.unpack_from("<III", d, off + o)
    desc = o + 12 + ((namesz + 3) & ~3)
    if d[off + desc + 24:].startswith(b"simple_marker\0"):
        struct.pack_into("<Q", d, off + desc + 8, 0)
    o = desc + ((descsz + 3) & ~3)
open(dst, "wb").write(d)
EOF
python3 base0.py mix mix-base0
run marker-resolve mix-base0
is "$(note base work_mark mix-base0)|$rc|$(grep work_mark out)" \
	"0x0000000000000000|0|p:simple/work_mark $TMP/mix-base0:$OFF a=%di:s32 b=%si:s32" \
	"mix, note base 0: placed at its location all the same"
# Without sys/sdt.h the weak reference leaves 0 and no .stapsdt.base.
gcc $CFLAGS -fPIE -pie -o exact-pie exact.c
is "$(note base started exact-pie)|$(readelf -SW exact-pie | grep -c '\.stapsdt\.base')" \
	"0x0000000000000000|0" \
	"no sys/sdt.h: base 0 and no .stapsdt.base section"

done_testing
