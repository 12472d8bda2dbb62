#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# sys/sdt.h probes listed next to markers (tests/fixtures/sdt*.c): NAME
# provider:name, FUNCTION the containing function, DESCRIPTION "[sdt]
# <arg specs>"; in --json kind "sdt" with the address and semaphore that
# readelf -n shows; the address moved with .stapsdt.base (as after
# prelink); a malformed note skipped with a warning; --no-sdt.
. "$(dirname "$0")/lib/tap.sh"

for t in gcc readelf nm python3; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"
echo '#include <sys/sdt.h>' | gcc -E - > /dev/null 2>&1 ||
	skip_all "no sys/sdt.h (apt-get install systemtap-sdt-dev)"

plan 17

CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"

run() {
	"$@" > "$TMP/out" 2> "$TMP/err"
	rc=$?
}
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

done_testing
