#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-resolve addr2line against GNU addr2line, eu-addr2line and libdw
# itself (tests/fixtures/symbolize/oracle.c: eu-addr2line's calls, with the
# inline chain taken at the address), on programs and a shared library
# built here (tests/fixtures/symbolize/: inlines used twice, nested, from a
# header, a lexical block, a .cold part, two functions at one address) with
# gcc and clang at -O0 and -O2 and gcc -gdwarf-4; on relocatable objects
# (also a 32-bit one) and the sample modules (against eu-addr2line only:
# GNU addr2line puts every section of a .o at 0).
#
# Addresses: every line-row start and 200 random addresses inside function
# symbols (fixed seed); every instruction of the relocatable files.  Where
# GNU and eu-addr2line agree, our -f -i -a text must be byte-identical to
# GNU's; where they differ it must equal eu-addr2line's, except where
# eu-addr2line is known to be wrong (it takes the inline chain of the line
# row's start; in a .ko it names marker records, symbols of a section that
# is not loaded), each case checked against the oracle; our JSON (with
# columns) must equal the oracle everywhere.  The counts go to the diag.
#
# Then: GNU's formats for other flag sets, address syntax, stdin served a
# line at a time, the JSON schema, a .cold part, separate debuginfo
# (build-id, debuglink, --target-prefix), a rebuilt binary's debuginfo
# rejected with its reason, code without line rows named by the symbol
# table's file as GNU does, the markers of examples/shop at the sites
# marker-resolve --format=json reports, and bad input (also DWARF with
# random bytes rewritten: no crash).
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/samples.sh"
. "$(dirname "$0")/fixtures/symbolize/build.sh"

[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 only (tests/fixtures/symbolize/alias.S)"
for t in gcc clang python3 readelf objdump objcopy nm strip addr2line \
	 eu-addr2line pkg-config; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"

plan 88

FX=$TOP/tests/fixtures/symbolize
CMP="python3 $FX/compare.py"
MR=$TOP/tools/resolve/marker-resolve
W="-Wall -Wextra -Werror"

# key FILE NAME: a count from compare.py's output
key() {
	awk -v k="$2" '$1 == k { print $2 }' "$1"
}

cd "$TMP"
gcc -O1 -Wall -o oracle "$FX/oracle.c" $(pkg-config --cflags --libs libdw) ||
	skip_all "cannot build the libdw oracle (libdw-dev)"

# ---- the fixtures: -O0/-O2, gcc/clang, gcc DWARF 4 ----
# clang writes .debug_aranges only when asked; eu-addr2line finds no unit
# without it (we do: see "clang without .debug_aranges" below).
build_fixture gcc0 gcc -O0 -g &&
build_fixture gcc2 gcc -O2 -g &&
build_fixture gcc2d4 gcc -O2 -gdwarf-4 &&
build_fixture clang0 clang -O0 -g -gdwarf-aranges &&
build_fixture clang2 clang -O2 -g -gdwarf-aranges &&
build_fixture clang2na clang -O2 -g
ok "fixtures built: gcc and clang, -O0 and -O2, DWARF 4 and 5" test $? = 0
COLD=$(nm prog-gcc2 | awk '$3 == "lookup.cold" { print $1 }')
ok "gcc -O2 split lookup() into lookup.cold" test -n "$COLD"

# compare NAME FILE [--no-gnu]: three assertions, counts in the diag
compare() {
	_name=$1 _f=$2
	shift 2
	$CMP addrs "$_f" --random 200 --seed 1 > "$_name.addrs"
	$CMP run "$_f" "$_name.addrs" "$MR" ./oracle "$@" > "$_name.cmp" 2>&1
	grep -q '^n ' "$_name.cmp" || diag "$_name: $(cat "$_name.cmp")"
	is "$(key "$_name.cmp" oracle_bad)" 0 \
		"$_name: functions, files, lines, columns of every frame = libdw's"
	if [ "${1:-}" != --no-gnu ]; then
		is "$(key "$_name.cmp" gnu_bad)" 0 \
			"$_name: where GNU and eu-addr2line agree, text byte-identical to GNU's"
	fi
	is "$(key "$_name.cmp" eu_bad)" 0 \
		"$_name: where they differ, eu-addr2line's answer (or its known bugs)"
	diag "$_name: $(key "$_name.cmp" n) addresses, $(key "$_name.cmp" inlined) in inlines; GNU = eu on $(key "$_name.cmp" agree); they differ on $(key "$_name.cmp" differ): ours = eu on $(key "$_name.cmp" eu_same), eu chains the row start on $(key "$_name.cmp" eu_row), eu names an unloaded symbol on $(key "$_name.cmp" nonalloc)"
	grep '^# ' "$_name.cmp" | head -n 6 | sed 's/^# /    /' |
		while IFS= read -r l; do diag "$l"; done
}

for n in gcc0 gcc2 gcc2d4 clang0 clang2; do
	compare "prog-$n" "prog-$n"
done
for n in gcc2 clang2; do
	compare "lib$n.so" "lib$n.so"
done
# The symbolizer reads line tables and DIEs itself (locview.c, dieread.c):
# every byte of the code against its reference path through libdw
# (tests/unit/symlines), on the fixtures and on four files of libsmk itself
# (big units: thousands of rows, DIEs and ranges), gcc and clang, DWARF 4
# and 5, PIE and shared library.
for n in gcc0 gcc2 gcc2d4 clang0 clang2; do
	"$TOP/tests/unit/symlines" "prog-$n" > "sl-prog-$n.txt" 2>&1
	"$TOP/tests/unit/symlines" "lib$n.so" > "sl-lib-$n.txt" 2>&1
done
cat sl-prog-*.txt sl-lib-*.txt > sl-fixtures.txt
is "$(grep -c 'differ 0$' sl-fixtures.txt)" 10 \
	"fixtures: our line and DIE readers give libdw's answers at every address"
grep -v 'differ 0$' sl-fixtures.txt | head -n 5 | while IFS= read -r l; do
	diag "$l"; done
SMK=$TOP/tools/lib/smk
for c in "gcc -gdwarf-4" "gcc -gdwarf-5" "clang -gdwarf-4" "clang -gdwarf-5"; do
	$c -O2 -D_GNU_SOURCE -fPIC -shared -I"$TOP/tools/lib" -I"$SMK" \
		$(pkg-config --cflags libdw) -o big.so "$SMK/placement.c" \
		"$SMK/cfg.c" "$SMK/fetch.c" "$SMK/source.c" 2>/dev/null &&
	"$TOP/tests/unit/symlines" big.so > sl-big.txt 2>&1
	is "$(awk '/^checked/ { print ($2 > 100000) " " $4 }' sl-big.txt)" \
		"1 0" "libsmk, $c -O2: libdw's answers at every address"
	grep -v '^checked' sl-big.txt | head -n 3 | while IFS= read -r l; do
		diag "$l"; done
done

ok "-O2 builds have inline chains to compare" \
	test "$(key prog-gcc2.cmp inlined)" -gt 20 -a \
	     "$(key prog-clang2.cmp inlined)" -gt 20

# Without .debug_aranges (clang's default) the units' own ranges are used:
# the same answers as the build that has it, whose code is identical.
objdump -d prog-clang2 | tail -n +4 > c2.dis
objdump -d prog-clang2na | tail -n +4 > c2na.dis
"$MR" addr2line -f -i -a -e prog-clang2 < prog-clang2.addrs > with.txt
"$MR" addr2line -f -i -a -e prog-clang2na < prog-clang2.addrs > without.txt
ok "clang without .debug_aranges: the same code as with it" \
	cmp -s c2.dis c2na.dis
golden with.txt without.txt \
	"clang without .debug_aranges: the same answers as with it"

# ---- relocatable files: eu-addr2line's layout (sections from 0) ----
gcc -c -O2 -g -ffunction-sections $W -o util.o "$FX/util.c"
gcc -c -O2 -g $W -o prog.o "$FX/prog.c"
gcc -c -g -o alias.o "$FX/alias.S"
clang -c -O2 -g -gdwarf-aranges $W -o prog-clang.o "$FX/prog.c"
compare util.o util.o --no-gnu
compare prog.o prog.o --no-gnu
compare prog-clang.o prog-clang.o --no-gnu
compare alias.o alias.o --no-gnu
if gcc -m32 -c -O2 -g $W -o util32.o "$FX/util.c" 2>/dev/null; then
	compare util32.o util32.o --no-gnu
	addr2line -a -e util32.o 123456789 5 | grep '^0x' > gnu.txt
	"$MR" addr2line -a -e util32.o 123456789 5 | grep '^0x' > ours.txt
	golden gnu.txt ours.txt "32-bit file: 8 hex digits, addresses cut to 32 bits"
else
	skip "gcc -m32 -c does not work here"
	skip "gcc -m32 -c does not work here"
	skip "gcc -m32 -c does not work here"
fi
"$MR" addr2line -f -e alias.o 0 > ours.txt
is "$(head -n 1 ours.txt)" twice_a \
	"two subprograms at one address: the first in DIE order, as libdw"
# The sample modules, built here against the cloud kernel's headers (not
# whatever .ko an earlier build left in samples/): two results each.
build_samples "$TMP/kbuild"
why=$samples_why
for m in smk_sample smk_ring; do
	if [ -n "$why" ]; then
		skip "$why"
		skip "$why"
	elif [ ! -f "$TMP/kbuild/samples/$m.ko" ]; then
		_tap_result 1 "$m.ko: built"
		_tap_result 1 "$m.ko: built"
	else
		compare "$m.ko" "$TMP/kbuild/samples/$m.ko" --no-gnu
	fi
done

# ---- GNU's format for other flags, on addresses where the peers agree ----
python3 - prog-gcc2 prog-gcc2.addrs > agreed <<'EOF'
import re, subprocess, sys
exe, addrs = sys.argv[1:3]
inp = open(addrs).read()
def run(*cmd):
    return subprocess.run(cmd, input=inp, capture_output=True, text=True).stdout
def blocks(t):
    out = []
    for ln in t.splitlines():
        if re.match(r'^0x[0-9a-f]+$', ln):
            out.append([ln])
        else:
            out[-1].append(ln)
    return out
g = blocks(run('addr2line', '-f', '-i', '-a', '-e', exe))
e = blocks(run('eu-addr2line', '-f', '-i', '-a', '-e', exe))
def norm(b, eu):
    r = []
    for i, l in enumerate(b[1:]):
        if i % 2 == 0:
            r.append(l.split(' inlined at ')[0])
        else:
            l = re.sub(r' \(discriminator \d+\)$', '', l)
            l = re.sub(r':(\d+):\d+$', r':\1', l) if eu else l
            r.append('??:0' if l in ('??:0', '??:?') else l)
    return r
for a, x, y in zip(inp.split(), g, e):
    if norm(x, False) == norm(y, True):
        print(a)
EOF
for flags in "" "-f" "-a" "-i" "-f -i" "-a -p" "-f -i -p" "-a -f -i -p" \
	     "-s -f -i" "-a -s -f -i -p"; do
	addr2line $flags -e prog-gcc2 < agreed > gnu.txt
	"$MR" addr2line $flags -e prog-gcc2 < agreed > ours.txt
	golden gnu.txt ours.txt "GNU addr2line ${flags:-(no flags)}: byte-identical ($(wc -l < agreed) addresses)"
done

# ---- code without line rows: the symbol table's file, as GNU's ----
# GNU addr2line names the STT_FILE symbol before a local function that has
# no line rows ("crtstuff.c:?" for deregister_tm_clones), "??:?" for a
# global one (_start, _init).  Addresses: start and middle of every FUNC
# symbol where GNU prints no line.
cat > norows.py <<'PY'
import subprocess, sys
exe = sys.argv[1]
out = set()
for l in subprocess.run(["readelf", "-sW", exe], capture_output=True,
                        text=True).stdout.splitlines():
    f = l.split()
    if len(f) >= 8 and f[3] == "FUNC" and f[6].isdigit():
        a, s = int(f[1], 16), int(f[2], 0)
        out |= {a, a + s // 2}
inp = "".join("%x\n" % a for a in sorted(out))
g = subprocess.run(["addr2line", "-f", "-a", "-e", exe], input=inp,
                   capture_output=True, text=True).stdout.split("\n")
for i in range(0, len(g) - 1, 3):
    if g[i + 2].endswith(":?") or g[i + 2].endswith(":0"):
        print(g[i])
PY
for f in prog-gcc2 libclang2.so; do
	python3 norows.py $f > norows.in
	addr2line -f -a -e $f < norows.in > gnu.txt
	"$MR" addr2line -f -a -e $f < norows.in > ours.txt
	n=$(grep -c '^crtstuff\.c:?$' gnu.txt)
	ok "$f: GNU names crtstuff.c for $n functions without line rows" \
		test "$n" -ge 3
	golden gnu.txt ours.txt "$f: without line rows, -f -a as GNU's ($(wc -l < norows.in) addresses)"
done

# ---- address syntax, arguments and stdin ----
A=$(nm prog-gcc2 | awk '$3 == "digest" { print $1 }' | sed 's/^0*//')
AU=$(echo "$A" | tr a-f A-F)
printf '0x%s\n%s\n  %s\n0X%s\nzz\n\n%s junk\n-1\n\t%s\n0x\n%s\n+10\n+0x%s\n' \
	"$A" "$A" "$A" "$AU" "$A" "$A" 123456789abcdef0123 "$A" > syntax.in
addr2line -a -f -e prog-gcc2 < syntax.in > gnu.txt
"$MR" addr2line -a -f -e prog-gcc2 < syntax.in > ours.txt
golden gnu.txt ours.txt "address syntax as GNU reads it: 0x, case, blanks, junk, signs, overflow"
addr2line -a -f -i -e prog-gcc2 "0x$A" "$AU" zz > gnu.txt
"$MR" addr2line -a -f -i -e prog-gcc2 "0x$A" "$AU" zz > ours.txt
golden gnu.txt ours.txt "addresses as arguments"
mkdir aout
cp prog-gcc2 aout/a.out
(cd aout && "$MR" addr2line -f "$A") > ours.txt
is "$(head -n 1 ours.txt)" digest "no -e: a.out, as addr2line"

# A pipe: each answer comes before the next address is written.
python3 - "$MR" prog-gcc2 "$A" <<'EOF' > served
import os, select, subprocess, sys
mr, exe, a = sys.argv[1:4]
p = subprocess.Popen([mr, 'addr2line', '-f', '-e', exe], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, text=True, bufsize=1)
got = []
for i in range(3):
    p.stdin.write(a + '\n')
    p.stdin.flush()
    r, _, _ = select.select([p.stdout], [], [], 10)
    got.append(p.stdout.readline().strip() if r else 'TIMEOUT')
    p.stdout.readline()
p.stdin.close()
p.wait()
print(' '.join(got))
EOF
is "$(cat served)" "digest digest digest" "stdin served one line at a time (a pipe)"

# ---- JSON ----
SQ=$("$MR" addr2line --format=json -e prog-gcc2 < prog-gcc2.addrs |
	python3 -c '
import json, sys
for l in sys.stdin:
    r = json.loads(l)
    if len(r["frames"]) >= 3:
        print(r["address"]); break')
run "$MR" addr2line --format=json -e prog-gcc2 "$SQ" 0
nm -S prog-gcc2 > nm.txt
python3 - nm.txt out > json.check <<'EOF'
import json, sys
syms = {}
for l in open(sys.argv[1]):
    f = l.split()
    if len(f) == 4:
        syms[f[3]] = int(f[0], 16)
a, z = [json.loads(l) for l in open(sys.argv[2])]
keys = ['address', 'function', 'function_offset', 'symbol', 'offset',
        'frames', 'marker', 'markers', 'reason']
fk = ['function', 'file', 'line', 'column', 'discriminator', 'inlined']
addr = int(a['address'], 16)
print(list(a) == keys and list(z) == keys,
      all(list(f) == fk for f in a['frames']),
      [f['inlined'] for f in a['frames']] ==
      [True] * (len(a['frames']) - 1) + [False],
      a['function'] == a['frames'][-1]['function'] == a['symbol'],
      a['function_offset'] == a['offset'] == addr - syms[a['symbol']],
      all(f['file'].endswith('.c') or f['file'].endswith('.h')
          for f in a['frames']),
      a['reason'] is None and a['marker'] is None and a['markers'] == [],
      z['frames'] == [] and z['function'] is None and
      z['symbol'] is None and z['reason'] == 'outside any function')
EOF
is "$rc|$(cat json.check)" "0|True True True True True True True True" \
	"--format=json: keys, frames innermost first, offsets, reasons"

# A .cold part: the function's name, the offset in the part, its symbol.
C1=$(printf '%x' $((0x$COLD + 3)))
"$MR" addr2line --format=json -e prog-gcc2 "$C1" |
	python3 -c 'import json, sys; r = json.load(sys.stdin)
print(r["function"], r["function_offset"], r["symbol"], r["offset"])' > cold
is "$(cat cold)" "lookup 3 lookup.cold 3" \
	"an address in lookup.cold: function lookup, offset in the part"

# ---- separate debuginfo ----
"$MR" addr2line -f -i -a -e prog-gcc2 < prog-gcc2.addrs > full.txt
ID=$(readelf -n prog-gcc2 | awk '/Build ID:/ { print $3 }')
objcopy --only-keep-debug prog-gcc2 prog.debug
mkdir -p s dbg/.build-id/$(echo "$ID" | cut -c1-2) empty
strip --strip-debug -o s/prog prog-gcc2
cp prog.debug "dbg/.build-id/$(echo "$ID" | cut -c1-2)/$(echo "$ID" | cut -c3-).debug"
"$MR" addr2line -f -i -a -e s/prog --debug-info-dir "$TMP/dbg" \
	< prog-gcc2.addrs > ours.txt
golden full.txt ours.txt "stripped, debuginfo by build-id under --debug-info-dir: same output"
mkdir l
objcopy --add-gnu-debuglink=prog.debug s/prog l/prog
cp prog.debug l/
"$MR" addr2line -f -i -a -e l/prog --debug-info-dir "$TMP/empty" \
	< prog-gcc2.addrs > ours.txt
golden full.txt ours.txt "stripped, debuginfo by .gnu_debuglink: same output"
P=$TMP/target
mkdir -p "$P/usr/bin"
cp s/prog "$P/usr/bin/prog"
cp -r dbg "$P/usr/lib/debug" 2>/dev/null ||
	{ mkdir -p "$P/usr/lib" && cp -r dbg "$P/usr/lib/debug"; }
"$MR" addr2line -f -i -a -e "$P/usr/bin/prog" --target-prefix "$P" \
	< prog-gcc2.addrs > ours.txt
golden full.txt ours.txt "--target-prefix: build-id under P/usr/lib/debug: same output"

run "$MR" addr2line --format=json -e s/prog --debug-info-dir "$TMP/empty" "$A"
is "$rc|$(python3 -c 'import json, sys; r = json.load(sys.stdin)
print(r["function"], r["symbol"], len(r["frames"]), r["frames"][0]["file"],
      r["reason"].startswith("no debuginfo: "))' < out)" \
	"0|digest digest 1 None True" \
	"no debuginfo: the ELF symbol, no line, the reason"
"$MR" addr2line -f -e s/prog --debug-info-dir "$TMP/empty" "$A" > ours.txt
addr2line -f -e s/prog "$A" > gnu.txt
golden gnu.txt ours.txt "no debuginfo: text as GNU's (symbol, ??:?)"

# A rebuilt binary's debuginfo at the build-id path: rejected, with why.
sed 's/return table\[k\] \* 3 + 1;/return table[k] * 5 + 1;/' "$FX/prog.c" > rebuilt.c
gcc -O2 -g $W -I"$FX" -o rebuilt rebuilt.c "$FX/util.c" "$FX/alias.S" \
	./libgcc2.so
ID2=$(readelf -n rebuilt | awk '/Build ID:/ { print $3 }')
objcopy --only-keep-debug rebuilt rebuilt.debug
mkdir -p "bad/.build-id/$(echo "$ID" | cut -c1-2)"
BAD=$TMP/bad/.build-id/$(echo "$ID" | cut -c1-2)/$(echo "$ID" | cut -c3-).debug
cp rebuilt.debug "$BAD"
run "$MR" addr2line --format=json -e s/prog --debug-info-dir "$TMP/bad" "$A"
is "$rc|$(python3 -c 'import json, sys; print(json.load(sys.stdin)["reason"])' < out)|$ID2" \
	"0|no usable debuginfo: $BAD: build-id $ID2 does not match $ID|$ID2" \
	"build-id mismatch: not used, the reason names the file and both ids"

# ---- markers: examples/shop, at the sites marker-resolve reports ----
(cd "$TOP/examples" && gcc -O2 -g $W -I../include -o "$TMP/shop" shop.c \
	-Wl,-T,../scripts/simple_marker-user.lds)
"$MR" --format=json shop > sites.json
python3 - > sites <<'EOF'
import json
by = {}
for m in json.load(open('sites.json'))['markers']:
    for s in m['sites']:
        by.setdefault(s['address'], []).append(m['name'])
for a in sorted(by, key=lambda x: int(x, 16)):
    print(a, ','.join(sorted(by[a])))
EOF
cut -d' ' -f1 sites | "$MR" addr2line --marker --format=json -e shop |
	python3 -c 'import json, sys
for l in sys.stdin:
    r = json.loads(l)
    print(r["address"], ",".join(sorted(m["name"] for m in r["markers"])))' > got
golden sites got "--marker: each site's markers, as marker-resolve --format=json places them ($(wc -l < sites) sites)"
ok "shop: the markers of shop.c, two of them sharing a site" \
	test "$(wc -l < sites)" -ge 3 -a "$(grep -c , sites)" -ge 1
S1=$(awk '$2 !~ /,/ { print $1; exit }' sites)
N1=$(awk '$2 !~ /,/ { print $2; exit }' sites)
L1=$(python3 -c "import json
for m in json.load(open('sites.json'))['markers']:
    if m['name'] == '$N1': print(m['file'] + ':' + str(m['line'])); break")
"$MR" addr2line --marker -f -e shop "$S1" $(printf '%x' $((S1 + 1))) > ours.txt
is "$(sed -n 3p ours.txt)|$(wc -l < ours.txt)" "marker $N1 at $L1|5" \
	"--marker text: a line after the site's, none elsewhere"

# ---- code no DWARF unit covers ----
# Addresses that no sized symbol holds are named by libdwfl's rule
# (dwfl_module_addrinfo()), now answered from an index: the index must
# give libdwfl's answer, name and offset, around every symbol and at
# random addresses, here (tests/fixtures/symbolize/nocu.S, assembled
# without -g, in a program), in a relocatable object and in libc (only
# .dynsym); and the answers must stay what they were.
PK="libelf libdw libkmod zlib liblzma libzstd capstone babeltrace2"
# The library as make built it: with SANITIZE=1 it needs the sanitizers'
# runtimes too.
SAN=
nm "$TOP/tools/lib/smk/libsmk.a" 2>/dev/null | grep -q __asan_ &&
	SAN="-fsanitize=address,undefined"
gcc -O2 $W $SAN -I "$TOP/tools/lib" -o addrsym-check "$FX/addrsym-check.c" \
	"$TOP/tools/lib/smk/libsmk.a" $(pkg-config --cflags --libs $PK) &&
gcc -c -o nocu.o "$FX/nocu.S" &&
gcc -O2 -g $W -o prog-nocu "$FX/prog.c" "$FX/util.c" "$FX/alias.S" nocu.o \
	./libgcc2.so
ok "addrsym-check and prog-nocu built (nocu.S without DWARF)" test $? = 0
LIBC=$(gcc -print-file-name=libc.so.6)
# libc: random addresses only (libdwfl scans 3,000 symbols per address).
for f in prog-nocu nocu.o "$LIBC"; do
	./addrsym-check "$f" 2000 1 $([ "$f" = "$LIBC" ] && echo random) \
		> check.out
	r=$(awk '/^checked/ { print ($2 >= 2000 && $6 > 100) ? "differ " $4 : "few" }' check.out)
	is "$r" "differ 0" "$(basename "$f"): the index names what dwfl_module_addrinfo() names ($(tail -n 1 check.out))"
	grep '^0x' check.out | head -n 5 | while IFS= read -r l; do diag "$l"; done
done
B=$(nm prog-nocu | awk '$3 == "nocu_entry" { print $1 }')
python3 -c "
b = 0x$B
for a in range(b, b + 0x4b): print(hex(a))" > nocu.in
"$MR" addr2line --format=json -e prog-nocu < nocu.in | python3 -c "
import json, sys
b = 0x$B
for l in sys.stdin:
    z = json.loads(l)
    s = '%s+%d' % (z['symbol'], z['offset']) if z['symbol'] else '??'
    print('%#x %s %s' % (int(z['address'], 16) - b, s, z['reason']))" > ours.txt
python3 - > want.txt <<'PY'
# (first byte, count, symbol or None): libdwfl's rule on nocu.S
runs = [(0, 2, 'nocu_entry'), (2, 30, 'nocu_local'), (0x20, 3, 'nocu_sized'),
        (0x23, 13, None), (0x30, 16, 'nocu_after'),
        (0x40, 1, 'nocu_global_twin'), (0x41, 1, 'nocu_small'),
        (0x42, 7, None), (0x49, 2, 'nocu_end')]
for first, n, sym in runs:
    for k in range(n):
        print('%#x %s %s' % (first + k, '%s+%d' % (sym, k) if sym else '??',
                             'no line information' if sym else
                             'outside any function'))
PY
golden want.txt ours.txt "outside any unit: labels extended, sized symbols first, padding after a sized symbol '??' (every byte of nocu.S)"
A=$(printf '%x' $((0x$B + 0x23)))
"$MR" addr2line -f -a -e prog-nocu "$A" $(printf '%x' $((0x$B + 0x35))) > ours.txt
printf '0x%016x\n??\n??:0\n0x%016x\nnocu_after\n??:?\n' $((0x$B + 0x23)) \
	$((0x$B + 0x35)) > want.txt
golden want.txt ours.txt "outside any unit, text: '??' and '??:0' where nothing holds it, a label's name and '??:?'"

# ---- bad input ----
python3 "$FX/fuzz.py" prog-gcc2 prog-gcc2.addrs "$MR" 40 > fuzz.out
is "$(head -n 1 fuzz.out)" 0 \
	"40 copies with random bytes in a .debug_* section: no crash, no hang"
sed -n '2,$p' fuzz.out | while IFS= read -r l; do diag "$l"; done
echo "not an ELF" > notelf
run "$MR" addr2line -e notelf 1000
is "$rc|$(cat out)|$(cat err)" "1||marker-resolve: notelf: not an ELF file" \
	"not an ELF file: exit 1, named"
head -c 3000 prog-gcc2 > trunc
run "$MR" addr2line -e trunc 1000
case $(cat err) in
"marker-resolve: trunc: "*) r=named ;;
*) r=$(cat err) ;;
esac
is "$rc|$(cat out)|$r" "1||named" "truncated ELF: exit 1, named"
run "$MR" addr2line -e nope 1000
is "$rc|$(cat out)|$(cat err)" \
	"1||marker-resolve: nope: No such file or directory" "missing file: exit 1"
run "$MR" addr2line --bogus -e prog-gcc2 1000
is "$rc|$(cat out)" "2|" "unknown option: exit 2"
run "$MR" addr2line --format=xml -e prog-gcc2 1000
is "$rc|$(cat out)|$(cat err)" \
	"2||marker-resolve: addr2line: unknown format 'xml'" "unknown format: exit 2"

done_testing
