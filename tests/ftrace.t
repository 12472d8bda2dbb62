#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-resolve symbolize-ftrace on ftrace text: every form of line, every
# way an address comes back, and hostile input.  The real kernel's trace is
# symbolized in tests/kernel-probe.t; here a stand-in vmlinux (an ET_EXEC
# named vmlinux, tests/fixtures/ftrace-k.c) makes each case exact:
#
#  - "(SYM+0xOFF/0xSIZE)" lines, task names with spaces and dashes, the
#    old format without flags: function+offset as the line says, source
#    line as eu-addr2line says, the marker named;
#  - bare kernel addresses, with a KASLR offset given or computed from a
#    saved kallsyms (_text), and a module's bare address mapped through
#    saved /proc/modules and sections lines;
#  - what cannot be resolved says why (user address, unknown symbol, no
#    binary for a module, no KASLR offset);
#  - hostile kallsyms lines are skipped and counted, non-event lines pass
#    through, a missing trace or bad option fails with the right code.
. "$(dirname "$0")/lib/tap.sh"

R=$TOP/tools/resolve/marker-resolve
[ -x "$R" ] || skip_all "marker-resolve not built (make)"
for t in gcc eu-addr2line nm python3; do
	command -v $t > /dev/null || skip_all "$t not found"
done
plan 18

K=$TMP/vmlinux
gcc -O2 -g -no-pie -I"$TOP/include" "$TOP/tests/fixtures/ftrace-k.c" \
	-Wl,-T,"$TOP/scripts/simple_marker-user.lds" -Wl,--defsym=_text=_start \
	-o "$K" 2> "$TMP/cc.err" ||
	fail_rest "gcc builds tests/fixtures/ftrace-k.c" "$(cat "$TMP/cc.err")"
# The markers' sites as marker-resolve places them: NAME SYM OFF ADDR LINE.
"$R" --format=json "$K" | python3 -c '
import json, sys
for m in json.load(sys.stdin)["markers"]:
    for s in m["sites"]:
        print(m["name"], s["symbol"], s["offset"], s["address"], m["line"])
' | sort > "$TMP/sites"
is "$(cut -d' ' -f1,2 "$TMP/sites" | tr '\n' ';')" \
	"ft_added ft_add;ft_subbed ft_sub;" "the fixture's two markers, placed"
read -r n1 s1 o1 a1 l1 < "$TMP/sites"
x1=$(printf 0x%x "$o1")
sz1=$(nm -S "$K" | awk -v s="$s1" '$4 == s { print $2 }')
src1=$(eu-addr2line -e "$K" "$a1" | sed 's|.*/||; s|:\([0-9]*\):[0-9]*$|:\1|')
# hexadd N...: their sum in hex (kernel addresses overflow the shell's).
hexadd() {
	python3 -c 'import sys; print(hex(sum(int(x, 0) for x in sys.argv[1:])))' "$@"
}

# sym FIELD...: the JSON lines' FIELDs, "|"-separated, a line each.
sym() {
	python3 -c '
import json, os, sys
for line in sys.stdin:
    e = json.loads(line)
    f = e["frames"][-1] if e["frames"] else {}
    out = {"event": e["event"], "task": e["task"], "pid": e["pid"],
           "marker": e["marker"], "reason": e["reason"],
           "func": "%s+0x%x" % (f.get("function"), f.get("offset", 0))
                   if f else None,
           "src": "%s:%s" % (os.path.basename(e["frames"][0]["file"] or ""),
                             e["frames"][0]["line"]) if e["frames"] else None}
    print("|".join(str(out[k]) for k in sys.argv[1:]))
' "$@"
}

# ---- SYM+OFF lines ----
{
	echo "# tracer: nop"
	echo "#"
	echo " my task-with-dash-42 [001] d..1.  123.456789: $n1: ($s1+$x1/0x$sz1) v=1 total=2"
	echo "          sh-7       [000]   5.000001: $n1: ($s1+$x1) v=3"
} > "$TMP/t1"
"$R" symbolize-ftrace --format=json -e "$K" "$TMP/t1" > "$TMP/o1" 2> "$TMP/e1"
is "$?|$(sym task pid event marker func < "$TMP/o1" | tr '\n' ';')" \
	"0|my task-with-dash|42|$n1|$n1|$s1+$x1;sh|7|$n1|$n1|$s1+$x1;" \
	"SYM+OFF lines (task with spaces and dashes, no flags): marker, function+offset"
is "$(sym src < "$TMP/o1" | head -n 1)" "$src1" \
	"the source line is eu-addr2line's ($src1)"
is "$(cat "$TMP/e1")" \
	"marker-resolve symbolize-ftrace: 2 events, 2 with an address resolved, 2 at a marker" \
	"a summary on stderr"
"$R" symbolize-ftrace -e "$K" "$TMP/t1" > "$TMP/o1t" 2> /dev/null
is "$(sed -n 1,2p "$TMP/o1t" | tr '\n' '|')$(grep -c "marker = { name = \"$n1\"" "$TMP/o1t")" \
	"# tracer: nop|#|2" "text: other lines pass through, events get debug_info and marker"

# ---- bare kernel addresses: KASLR ----
off=0xffffffff00000000
runtime=$(hexadd "$a1" $off)
echo "  sh-9 [000] .....  7.000000: $n1: ($runtime)" > "$TMP/t2"
"$R" symbolize-ftrace --format=json -e "$K" --kaslr-offset $off "$TMP/t2" \
	> "$TMP/o2" 2> /dev/null
is "$(sym marker func < "$TMP/o2")" "$n1|$s1+$x1" \
	"a bare address under --kaslr-offset"
text=$(nm "$K" | awk '$3 == "_text" { print $1 }')
{
	echo "$(hexadd 0x$text $off | cut -c3-) T _text"
	echo "this line is not kallsyms"
	printf '%05000d T x\n' 0
	echo "$(hexadd 0x$text $off 0x100000 | cut -c3-) D _end"
} > "$TMP/kallsyms"
"$R" symbolize-ftrace --format=json -e "$K" --kallsyms "$TMP/kallsyms" \
	"$TMP/t2" > "$TMP/o3" 2> "$TMP/e3"
is "$(sym marker < "$TMP/o3")" "$n1" \
	"a bare address, the KASLR offset from a saved kallsyms' _text"
is "$(grep -c 'kallsyms: 2 lines skipped' "$TMP/e3")" 1 \
	"hostile kallsyms lines skipped and counted"
"$R" symbolize-ftrace --format=json -e "$K" "$TMP/t2" > "$TMP/o4" 2> /dev/null
is "$(sym marker reason < "$TMP/o4")" \
	"None|KASLR offset unknown (give a saved /proc/kallsyms or --kaslr-offset)" \
	"no KASLR offset: said so"

# ---- what cannot be resolved ----
{
	echo "  sh-9 [000] .....  8.000000: u1: (0x55d0c8a0c1a9) x=1"
	echo "  sh-9 [000] .....  8.000001: k1: (no_such_function+0x4/0x10)"
	echo "  sh-9 [000] .....  8.000002: k2: (some_fn+0x4/0x10 [nosuchmod])"
	echo "  sh-9 [000] .....  8.000003: k3: (this is not an address)"
} > "$TMP/t5"
"$R" symbolize-ftrace --format=json -e "$K" "$TMP/t5" > "$TMP/o5" 2> /dev/null
is "$(sym event reason < "$TMP/o5" | tr '\n' ';')" \
	"u1|a user address: ftrace does not say which mapping it is in;k1|no such symbol in the binary;k2|no binary for nosuchmod (give it with -e, or -k RELEASE);k3|not an address nor SYM+OFF;" \
	"each unresolved address with its reason"

# ---- a module's bare address: /proc/modules and sections ----
# The fixture as an ET_REL object standing for a module named ftmod (no
# .modinfo: its name is the file's), its .text loaded at a made-up address.
gcc -O2 -g -c -I"$TOP/include" "$TOP/tests/fixtures/ftrace-k.c" \
	-o "$TMP/ftmod.ko"
ma=$(nm "$TMP/ftmod.ko" | awk -v s="$s1" '$3 == s { print $1 }')
echo "ftmod 16384 0 - Live 0xffffffffc0100000 (OE)" > "$TMP/modules"
printf '.text 0xffffffffc0100000\n.data 0xffffffffc0102000\n' > "$TMP/sections"
echo "  sh-9 [000] .....  9.000000: m1: ($(hexadd 0xffffffffc0100000 0x$ma "$o1"))" > "$TMP/t6"
"$R" symbolize-ftrace --format=json -e "$TMP/ftmod.ko" \
	--modules "$TMP/modules" --sections ftmod="$TMP/sections" "$TMP/t6" \
	> "$TMP/o6" 2> "$TMP/e6"
is "$(sym func < "$TMP/o6")" "$s1+$x1" \
	"a module's bare address through saved /proc/modules and sections"
"$R" symbolize-ftrace --format=json -e "$TMP/ftmod.ko" \
	--modules "$TMP/modules" "$TMP/t6" > "$TMP/o7" 2> /dev/null
is "$(sym func < "$TMP/o7")" "$s1+$x1" \
	"the same through /proc/modules alone (its base is .text)"

# ---- hostile lines: mutated copies of the lines above, and random bytes ----
python3 - "$TMP/t1" "$TMP/t2" "$TMP/t5" "$TMP/t6" > "$TMP/mut" <<'PY'
import random, sys
random.seed(7)
base = [l for f in sys.argv[1:] for l in open(f, "rb").read().split(b"\n") if l]
out = []
for i in range(5000):
    l = bytearray(random.choice(base))
    for _ in range(random.randint(0, 6)):
        if l:
            l[random.randrange(len(l))] = random.randrange(1, 256)
    if random.random() < 0.05:
        l += b"x" * random.randrange(1, 70000)
    out.append(bytes(l))
out.append(bytes(random.randrange(0, 256) for _ in range(20000)))
sys.stdout.buffer.write(b"\n".join(out))
PY
"$R" symbolize-ftrace --format=json -e "$K" -e "$TMP/ftmod.ko" \
	--kallsyms "$TMP/kallsyms" --modules "$TMP/modules" \
	--sections ftmod="$TMP/sections" "$TMP/mut" > "$TMP/omut" 2> "$TMP/emut"
rc=$?
is "$rc|$(python3 -c 'import json, sys
n = 0
for line in open(sys.argv[1], "rb"):
    json.loads(line)
    n += 1
print("json" if n else "none")' "$TMP/omut" 2>&1 | tail -n 1)" "0|json" \
	"5,000 mutated lines and random bytes: exit 0, every output line valid JSON"
diag "$(tail -n 1 "$TMP/emut")"

# ---- usage and I/O errors ----
"$R" symbolize-ftrace -e "$K" "$TMP/nonexistent" > /dev/null 2> "$TMP/e8"
is "$?|$(cat "$TMP/e8")" \
	"1|marker-resolve symbolize-ftrace: $TMP/nonexistent: No such file or directory" \
	"a missing trace: exit 1, named"
"$R" symbolize-ftrace --format=xml "$TMP/t1" > /dev/null 2>&1
is "$?" 2 "an unknown format: exit 2"
"$R" symbolize-ftrace --sections nomodule "$TMP/t1" > /dev/null 2>&1
is "$?" 2 "--sections without MOD=: exit 2"
printf 'garbage\n' > "$TMP/notelf"
"$R" symbolize-ftrace -e "$TMP/notelf" "$TMP/t1" > /dev/null 2> "$TMP/e9"
is "$?|$(grep -c "$TMP/notelf" "$TMP/e9")" "1|1" \
	"-e with a file that is not ELF: exit 1, the file named"
"$R" symbolize-ftrace --kallsyms "$TMP/nonexistent" "$TMP/t1" > /dev/null \
	2> "$TMP/e10"
is "$?|$(cat "$TMP/e10")" \
	"1|marker-resolve symbolize-ftrace: $TMP/nonexistent: No such file or directory" \
	"a missing kallsyms: exit 1, named"

done_testing
