#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# symbolize-trace on a real LTTng kernel trace: kprobe events recorded by
# the LTTng kernel tracer in Debian's cloud kernel under qemu (TCG), on the
# marker sites marker-resolve --format=lttng gives for smk_sample.ko, read
# back with the guest's saved /proc/kallsyms and /proc/modules (KASLR, the
# module's load address) or its /sys/module/smk_sample/sections.
#
#  1. build samples/smk_sample.ko (a copy in $TMP) against the cloud
#     kernel's headers; scripts/lttng-modules.sh builds (once, cached) the
#     LTTng tracer's modules for that kernel from lttng-modules-dkms;
#  2. the events: marker-resolve --format=lttng, as printed (a name given
#     to two sites gets a suffix: LTTng wants one name per event);
#  3. the guest (tests/kernel/lttng.sh) gets lttng, lttng-sessiond and
#     lttng-consumerd with their libraries and the loader, records one
#     kernel session while /proc/smk_sample is written and read, and
#     brings back the trace, kallsyms, modules and the sections;
#  4. every kprobe event is symbolized (--format=json) and compared with
#     marker-resolve --format=json for its site: marker name and file:line,
#     module, function+offset, and source:line as marker-resolve addr2line
#     gives it for the site's address in the .ko; then the same through
#     --sections, and the text form.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/lttng-guest.sh"
. "$(dirname "$0")/lib/samples.sh"

[ "$(id -u)" = 0 ] || skip_all "not root (qemu, packages)"
rel=$("$TOP/scripts/kernel-release.sh" 2>&1) ||
	skip_all "cannot name the cloud kernel release: $rel"
KDIR=/usr/src/linux-headers-$rel
[ -f "$KDIR/Makefile" ] ||
	skip_all "no kernel headers in $KDIR (run scripts/deps.sh)"
for t in make gcc python3 lttng lttng-sessiond depmod eu-addr2line; do
	command -v $t >/dev/null ||
		skip_all "$t not found (run scripts/deps.sh)"
done
CONSUMERD=/usr/lib/x86_64-linux-gnu/lttng/libexec/lttng-consumerd
[ -x "$CONSUMERD" ] || skip_all "no $CONSUMERD (lttng-tools)"
RESOLVE=$TOP/tools/resolve/marker-resolve
[ -x "$RESOLVE" ] || skip_all "tools/resolve/marker-resolve not built (make)"

t0=$(date +%s%N)
lmdir=$("$TOP/scripts/lttng-modules.sh" 2> "$TMP/lm.err")
rc=$?
[ $rc = 3 ] && skip_all "no LTTng kernel modules: $(tail -n 1 "$TMP/lm.err")"
lm_ms=$((($(date +%s%N) - t0) / 1000000))
kdir=$("$TOP/scripts/qemu-kernel.sh" 2> "$TMP/kernel.err")
krc=$?
[ $krc = 3 ] && skip_all "no kernel image or qemu:" \
	"$(tail -n 1 "$TMP/kernel.err")"
is "$rc|$krc" "0|0" "the LTTng modules are built for $rel, the image is there"
if [ "$rc|$krc" != "0|0" ]; then
	diag "$(cat "$TMP/lm.err" "$TMP/kernel.err")"
	echo "1..$_tap_n"
	exit 1
fi

# The sample module, built in a copy: kbuild writes next to the sources.
copy_samples "$TMP/src"
make -j2 -C "$TMP/src/samples" KDIR="$KDIR" > "$TMP/build.log" 2>&1
is "$?" 0 "build the sample module"
SAMPLE=$TMP/src/samples/smk_sample.ko

# The events, as marker-resolve prints them for LTTng.
"$RESOLVE" --format=lttng "$SAMPLE" > "$TMP/lttng.txt" 2> "$TMP/resolve.err"
"$RESOLVE" --format=json "$SAMPLE" > "$TMP/resolve.json" 2>> "$TMP/resolve.err"
awk '$1 == "lttng" && $2 == "enable-event" && $3 == "--kernel" {
	n = ++seen[$5]; print $4, (n > 1 ? $5 "_" n : $5) }' \
	"$TMP/lttng.txt" > "$TMP/probes"
ok "marker-resolve --format=lttng gives kprobe events" test -s "$TMP/probes"
# lttng-tools 2.13.9 loses the offset (tests/kernel/lttng-offset.c): the
# output says so once, before the first probe with one.
is "$(grep -c '^# lttng-tools 2.13.9 .* drops the +OFF' "$TMP/lttng.txt")|$(grep -m 1 -n -e '^# lttng-tools' -e '^lttng enable-event.*+0x[1-9a-f]' "$TMP/lttng.txt" | cut -c1-16)" \
	"1|$(grep -n '^# lttng-tools' "$TMP/lttng.txt" | cut -c1-16)" \
	"--format=lttng warns once, first, that lttng-tools drops the offset"

# The guest's userspace: the LTTng tools, their libraries, the loader.
lttng_guest_root "$TMP/root" "$rel" "$kdir" "$lmdir" "$CONSUMERD"
gcc -O2 -shared -fPIC -o "$TMP/lttng-offset.so" \
	"$TOP/tests/kernel/lttng-offset.c" -ldl
cat > "$TMP/steps" <<'STEPS'
write /proc/smk_sample add apple 3
write /proc/smk_sample add pear 2
write /proc/smk_sample add apple 4
read /proc/smk_sample
write /proc/smk_sample run 5
write /proc/smk_sample del plum
write /proc/smk_sample del pear
write /proc/smk_sample bogus
write /proc/smk_sample add apple 2000
write /proc/smk_sample 0123456789012345678901234567890123456789012345678901234567890123456789
read /proc/smk_sample
STEPS

t0=$(date +%s%N)
"$TOP/scripts/qemu-run.sh" -k "$kdir" -m "$SAMPLE" -f "$TMP/root.tar.gz" \
	-f "$TMP/lttng-offset.so" -f "$TMP/probes" -f "$TMP/steps" \
	-f "$TOP/tests/kernel/guest-lib.sh" \
	-o "$TMP/out" -l "$TMP/console.log" -t 180 \
	"$TOP/tests/kernel/lttng.sh" root.tar.gz smk_sample.ko probes steps \
	> "$TMP/guest.txt" 2> "$TMP/qemu.err"
rc=$?
qemu_ms=$((($(date +%s%N) - t0) / 1000000))
diag "LTTng modules ${lm_ms} ms, qemu boot to poweroff ${qemu_ms} ms"
is "$rc|$(tail -n 1 "$TMP/guest.txt")" "0|done" \
	"the guest recorded an LTTng kernel session (tests/kernel/lttng.sh)"
if [ $rc != 0 ]; then
	diag "$(cat "$TMP/qemu.err")" "$(tail -n 30 "$TMP/guest.txt")"
	echo "1..$_tap_n"
	exit 1
fi
ok "LTTng took every event" test -z "$(grep '^event rejected' \
	"$TMP/guest.txt")"

# What each site should give, from marker-resolve itself.
python3 - "$TMP/resolve.json" "$TMP/probes" > "$TMP/want" <<'PY'
import json, sys
sites = {}
for m in json.load(open(sys.argv[1]))["markers"]:
    for s in m["sites"]:
        sites["%s+%#x" % (s["symbol"], s["offset"])] = (m, s)
for line in open(sys.argv[2]):
    probe, ev = line.split()
    m, s = sites[probe.split("=", 1)[1]]
    print(ev, m["name"], m["file"], m["line"], m["module"], s["symbol"],
          s["offset"], s["address"])
PY
while read -r ev name file line mod sym off addr; do
	# elfutils' own answer for SYM+OFF, column dropped
	# (-i: the outermost frame's line, as debug_info's src)
	src=$(eu-addr2line -i -e "$SAMPLE" "$sym+$off" 2>/dev/null | tail -n 1)
	src=${src##*/}
	echo "$ev $name $file $line $mod $sym $off ${src%:*}"
done < "$TMP/want" > "$TMP/want.src"

# Functions in .text: where /proc/modules' base alone is enough.
objdump -t "$SAMPLE" | awk '$4 == ".text" { print $NF }' > "$TMP/textfns"

# check JSON [ONLY]: every kprobe event against its site (ONLY: a file of
# the functions to judge); prints "HITS WRONG EVENTS", then what was wrong.
check() {
	python3 - "$TMP/want.src" "$1" "${2:-}" <<'PY'
import json, os, sys
only = set(open(sys.argv[3]).read().split()) if sys.argv[3] else None
want = {}
for l in open(sys.argv[1]):
    ev, name, file, line, mod, sym, off, src = l.split()
    if only is not None and sym not in only:
        continue
    want[ev] = {"marker": name, "marker_file": file,
                "marker_line": int(line), "bin": mod,
                # DWARF's name: the symbol without .constprop.0...
                "func": "%s+%#x" % (sym.split(".")[0], int(off)),
                "src": src}
n = bad = 0
seen = set()
msgs = []
for l in open(sys.argv[2]):
    e = json.loads(l)
    if e["name"] not in want:
        continue
    n += 1
    seen.add(e["name"])
    w = want[e["name"]]
    d = e.get("debug_info") or {}
    got = {"marker": d.get("marker"),
           "marker_file": w["marker_file"] if d.get("marker") else None,
           "marker_line": w["marker_line"] if d.get("marker") else None,
           "bin": (d.get("bin") or "").split("+")[0],
           "func": d.get("func"), "src": d.get("src")}
    if got != w:
        bad += 1
        msgs.append("%s: got %s, want %s (%s)" % (e["name"], got, w,
                    d.get("reason")))
print(n, bad, len(seen))
for m in sorted(set(msgs))[:8]:
    print(m)
PY
}

LAYOUT="--kallsyms $TMP/out/kallsyms --modules $TMP/out/modules
	--sections smk_sample=$TMP/out/sections-smk_sample"
"$RESOLVE" symbolize-trace --format=json -e "$SAMPLE" $LAYOUT \
	"$TMP/out/trace" > "$TMP/sym.json" 2> "$TMP/sym.err"
rc=$?
check "$TMP/sym.json" > "$TMP/check"
read -r n nbad nev < "$TMP/check"
is "$rc|$nbad|$([ "$n" -gt 0 ] && echo some)" "0|0|some" \
	"kallsyms, modules, sections: each of $n kprobe hits ($nev events) names its marker, module, function+offset and source:line"
[ "$nbad" = 0 ] || diag "$(tail -n +2 "$TMP/check")" "$(cat "$TMP/sym.err")"
# The steps reach every site.
want_ev=$(grep -c . "$TMP/probes")
is "$nev" "$want_ev" "every event fired"

# /proc/modules alone gives the module's base, the start of .text: the
# sites in .text only (smk_fail() is in .text.unlikely).
"$RESOLVE" symbolize-trace --format=json -e "$SAMPLE" \
	--kallsyms "$TMP/out/kallsyms" --modules "$TMP/out/modules" \
	"$TMP/out/trace" > "$TMP/sym2.json" 2> "$TMP/sym2.err"
rc=$?
check "$TMP/sym2.json" "$TMP/textfns" > "$TMP/check2"
read -r n2 nbad2 nev2 < "$TMP/check2"
is "$rc|$nbad2|$([ "$n2" -gt 0 ] && echo some)" "0|0|some" \
	"kallsyms + modules, no sections: the $n2 hits in .text the same"
[ "$nbad2" = 0 ] || diag "$(tail -n +2 "$TMP/check2")"
# ... and the others say why they are not placed, never a wrong function.
r=$(python3 - "$TMP/want.src" "$TMP/textfns" "$TMP/sym2.json" <<'PY'
import json, sys
text = set(open(sys.argv[2]).read().split())
other = {l.split()[0] for l in open(sys.argv[1]) if l.split()[5] not in text}
got = set()
for l in open(sys.argv[3]):
    e = json.loads(l)
    if e["name"] in other:
        d = e.get("debug_info") or {}
        got.add("func" if d.get("func") else d.get("reason"))
print(len(other), "|".join(sorted(got)))
PY
)
case $r in
0\ *)	skip "every marker site of the sample is in .text" ;;
*)	is "${r#* }" "past the module's first code section; without its sections (a saved /sys/module/M/sections) the rest of its layout is unknown" \
		"kallsyms + modules, no sections: the sites outside .text (${r%% *}) say why, no wrong function" ;;
esac

# The text form: babeltrace2's line, with debug_info in the common context.
"$RESOLVE" symbolize-trace -e "$SAMPLE" $LAYOUT "$TMP/out/trace" \
	> "$TMP/sym.txt" 2>&1
ev1=$(head -n 1 "$TMP/want.src")
set -- $ev1
line=$(grep -m 1 " $1: " "$TMP/sym.txt")
# func is the DWARF function, as babeltrace2 and eu-addr2line -f name it
# (smk_fail for the clone smk_fail.constprop.0).
fn=$(eu-addr2line -f -e "$SAMPLE" "$6+$7" 2>/dev/null | head -n 1)
case $line in
*"debug_info = { bin = \"smk_sample+0x"*"\", func = \"$fn+0x"*"\", src = \"$8\""*"marker = \"$2\" }"*"{ ip = 0x"*)
	rc=0 ;;
*) rc=1 ;;
esac
_tap_result $rc "text: $1 reads as babeltrace2 --debug-info with the marker"
[ $rc = 0 ] || diag "want: $ev1 (func $fn)"
[ $rc = 0 ] || diag "$line"

# Without the layout: a reason per event, not a failure.
"$RESOLVE" symbolize-trace --format=json -e "$SAMPLE" "$TMP/out/trace" \
	> "$TMP/sym3.json" 2> /dev/null
rc=$?
r=$(python3 -c '
import json, sys
print(sorted({(json.loads(l).get("debug_info") or {}).get("reason")
              for l in open(sys.argv[1])}))' "$TMP/sym3.json")
is "$rc|$r" "0|['KASLR offset unknown (give a saved /proc/kallsyms or --kaslr-offset)']" \
	"no saved layout: each event says why it is not mapped"

if [ -n "${SMK_LTTNG_TRACE_DIR:-}" ]; then
	mkdir -p "$SMK_LTTNG_TRACE_DIR"
	cp -r "$TMP"/out/* "$TMP/probes" "$TMP/resolve.json" "$SAMPLE" \
		"$SMK_LTTNG_TRACE_DIR/"
	diag "kept in $SMK_LTTNG_TRACE_DIR"
fi
echo "1..$_tap_n"
done_testing
