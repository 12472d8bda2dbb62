#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Build the sample modules (samples/) against the headers of Debian's cloud
# kernel and check what a probe tool will rely on:
#  - no warning at all in the build logs (modpost included);
#  - in each .ko, __simple_marker exists, is not SHF_ALLOC (made so by
#    scripts/simple_marker.lds at the final link) and holds one record per
#    marker; the .o files still carry it, allocated, as GCC emits it;
#  - zero cost: every function (bytes and relocations) and every allocated
#    section of each .ko is identical to a SIMPLE_MARKERS=0 build;
#  - the comparator is not blind: it flags a build whose loop marker costs
#    one nop, and names the function;
#  - the top-level Kbuild builds the same modules with plain
#    "make -C KDIR M=DIR";
#  - a module written as a user would (no -DSIMPLE_MARKERS) gets its
#    markers against Debian's headers, and a kernel carrying the series
#    decides with its own CONFIG_SIMPLE_MARKERS (a copy of the headers with
#    the series' header added);
#  - marker-list and marker-resolve say when a module's section is loaded
#    (linked without the fragment: the fix) or missing (the causes);
#  - a .ko's addresses are one address space: marker-list's, marker-resolve
#    --format=json's and addr2line's are eu-addr2line -e's.
# Each build happens in its own copy of samples/ under $TMP: kbuild 6.1
# writes its output next to the sources.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/samples.sh"

rel=$("$TOP/scripts/kernel-release.sh" 2>&1) ||
	skip_all "cannot name the cloud kernel release: $rel"
KDIR=/usr/src/linux-headers-$rel
[ -f "$KDIR/Makefile" ] ||
	skip_all "no kernel headers in $KDIR (run scripts/deps.sh)"
for t in make gcc readelf objcopy python3; do
	command -v $t >/dev/null ||
		skip_all "$t not found (run scripts/deps.sh)"
done

MODS="smk_sample smk_ring"
# The markers of each module, sorted: one record each (an inline helper's
# marker is one static object however many times it is inlined).
expect_smk_sample="sample_account sample_add sample_del sample_error
sample_load sample_run_done sample_show sample_step sample_too_long
sample_unload sample_write"
expect_smk_ring="ring_bad ring_drained ring_drop ring_pop ring_push"

plan 68

# ELF helper: "records FILE" prints the name of each record of a dumped
# __simple_marker section; "compare A B" compares two .ko files function by
# function (bytes from the symbol table, relocations by offset, type, symbol
# name and addend) and allocated section by section, prints what differs and
# a summary, and exits 1 when anything differs.  Symbol names in relocations
# are safe to compare: gas turns references to local symbols (gcc's
# renumbered "x.N" statics) into section symbol + addend.
cat > "$TMP/smk-elf.py" <<'EOF'
import struct, sys

def die(msg):
    sys.stderr.write("smk-elf: %s\n" % msg)
    sys.exit(2)

def records(path):
    data = open(path, "rb").read()
    off = 0
    while off < len(data):
        if data[off] == 0:          # padding between records
            off += 1
            continue
        if len(data) - off < 16 or data[off:off + 4] != b"SMKR":
            die("%s: no record at offset %#x" % (path, off))
        size, = struct.unpack_from("<H", data, off + 6)
        if size < 16 or off + size > len(data):
            die("%s: bad record size %d at %#x" % (path, size, off))
        body = data[off + 16:off + size]
        if b"\0" not in body:
            die("%s: unterminated name at %#x" % (path, off))
        print(body[:body.index(b"\0")].decode())
        off += size

class Elf:
    def __init__(self, path):
        d = self.d = open(path, "rb").read()
        if d[:4] != b"\x7fELF" or d[4] != 2 or d[5] != 1:
            die("%s: not a little-endian ELF64 file" % path)
        shoff, = struct.unpack_from("<Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)
        self.sh = []
        for i in range(shnum):
            (name, typ, flags, addr, off, size, link, info, align,
             entsize) = struct.unpack_from("<IIQQQQIIQQ", d,
                                           shoff + i * shentsize)
            self.sh.append(dict(name=name, type=typ, flags=flags, off=off,
                                size=size, link=link, info=info))
        strs = self.sh[shstrndx]
        for s in self.sh:
            s["name"] = self.cstr(strs["off"] + s["name"])
        symtab = [s for s in self.sh if s["type"] == 2]    # SHT_SYMTAB
        if len(symtab) != 1:
            die("%s: expected one symbol table" % path)
        st = symtab[0]
        stroff = self.sh[st["link"]]["off"]
        self.syms = []
        for i in range(st["size"] // 24):
            name, info, other, shndx, value, size = struct.unpack_from(
                "<IBBHQQ", d, st["off"] + i * 24)
            typ = info & 15
            if typ == 3 and shndx < len(self.sh):           # STT_SECTION
                nm = self.sh[shndx]["name"]
            else:
                nm = self.cstr(stroff + name)
            self.syms.append(dict(name=nm, type=typ, shndx=shndx,
                                  value=value, size=size))
        # target section index -> [(offset, type, symbol, addend)]
        self.relocs = {}
        for s in self.sh:
            if s["type"] != 4:                              # SHT_RELA
                continue
            rl = self.relocs.setdefault(s["info"], [])
            for i in range(s["size"] // 24):
                off, info, addend = struct.unpack_from("<QQq", d,
                                                       s["off"] + i * 24)
                rl.append((off, info & 0xffffffff,
                           self.syms[info >> 32]["name"], addend))
            rl.sort()

    def cstr(self, off):
        return self.d[off:self.d.index(b"\0", off)].decode()

    def content(self, idx, start, size):
        s = self.sh[idx]
        if s["type"] == 8:                                  # SHT_NOBITS
            return b""
        return self.d[s["off"] + start:s["off"] + start + size]

    def code(self, sym):
        """What a function is: its section, bytes and relocations."""
        lo, hi = sym["value"], sym["value"] + sym["size"]
        rel = [(o - lo, t, n, a) for o, t, n, a in
               self.relocs.get(sym["shndx"], []) if lo <= o < hi]
        return (self.sh[sym["shndx"]]["name"],
                self.content(sym["shndx"], lo, sym["size"]), rel)

    def functions(self):
        out = {}
        for s in self.syms:
            if s["type"] != 2 or not 0 < s["shndx"] < len(self.sh):
                continue
            key, n = s["name"], 1
            while key in out:           # two local functions of one name
                n += 1
                key = "%s#%d" % (s["name"], n)
            out[key] = s
        return out

    def alloc_sections(self):
        # The build ID hashes the whole file, debug info included.
        return {s["name"]: i for i, s in enumerate(self.sh)
                if s["flags"] & 2 and s["name"] != ".note.gnu.build-id"}

def compare(pa, pb):
    a, b = Elf(pa), Elf(pb)
    bad = 0
    fa, fb = a.functions(), b.functions()
    for name in sorted(set(fa) ^ set(fb)):
        print("differs: %s: only in %s" % (name, pa if name in fa else pb))
        bad += 1
    nf = nfbad = 0
    for name in sorted(set(fa) & set(fb)):
        nf += 1
        ca, cb = a.code(fa[name]), b.code(fb[name])
        why = [w for w, x, y in (("section", ca[0], cb[0]),
                                 ("bytes", ca[1], cb[1]),
                                 ("relocations", ca[2], cb[2])) if x != y]
        if why:
            print("differs: %s: %s" % (name, ", ".join(why)))
            nfbad += 1
    sa, sb = a.alloc_sections(), b.alloc_sections()
    for name in sorted(set(sa) ^ set(sb)):
        print("differs: section %s: only in %s" % (name,
                                                  pa if name in sa else pb))
        bad += 1
    ns = nsbad = 0
    for name in sorted(set(sa) & set(sb)):
        ns += 1
        ia, ib = sa[name], sb[name]
        xa = (a.sh[ia]["size"], a.content(ia, 0, a.sh[ia]["size"]),
              a.relocs.get(ia, []))
        xb = (b.sh[ib]["size"], b.content(ib, 0, b.sh[ib]["size"]),
              b.relocs.get(ib, []))
        if xa != xb:
            print("differs: section %s" % name)
            nsbad += 1
    print("functions %d differ %d sections %d differ %d only-in-one %d"
          % (nf, nfbad, ns, nsbad, bad))
    sys.exit(1 if nfbad or nsbad or bad else 0)

if len(sys.argv) == 3 and sys.argv[1] == "records":
    records(sys.argv[2])
elif len(sys.argv) == 4 and sys.argv[1] == "compare":
    compare(sys.argv[2], sys.argv[3])
else:
    die("usage: records SECTION.bin | compare A.ko B.ko")
EOF
elf() { python3 "$TMP/smk-elf.py" "$@"; }

# build NAME ARGS...: make -C the copy's samples/ with ARGS, log to
# $TMP/NAME.log; the time it took goes to the TAP diagnostics.
build() {
	_name=$1; shift
	_t0=$(date +%s%N)
	make -j2 -C "$TMP/$_name/samples" KDIR="$KDIR" "$@" \
		> "$TMP/$_name.log" 2>&1
	_rc=$?
	diag "$_name build: $((($(date +%s%N) - _t0) / 1000000)) ms"
	[ $_rc = 0 ] || diag "$(tail -n 30 "$TMP/$_name.log")"
	return $_rc
}

# sec_flags FILE SECTION: readelf's Flg column for SECTION, "-" for none,
# nothing when there is no such section.
sec_flags() {
	readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk -v s="$2" '$1 == s { print (NF == 10 ? $7 : "-") }'
}

# dump FILE: the raw __simple_marker contents into FILE.smk (objcopy -O
# binary skips non-allocated sections; --dump-section does not).
dump() {
	objcopy --dump-section "__simple_marker=$1.smk" "$1" "$TMP/scratch.o"
}

warnings() { grep -ci warning "$1"; }

# check_records FILE MOD LABEL: the section in FILE holds MOD's markers.
check_records() {
	_exp=$(eval echo \$expect_$2 | tr ' ' '\n')
	dump "$1"
	is "$(grep -ao SMKR "$1.smk" | wc -l)" "$(echo "$_exp" | wc -l)" \
		"$3: as many SMKR magics as markers"
	is "$(elf records "$1.smk" | sort | tr '\n' ' ')" \
		"$(echo "$_exp" | sort | tr '\n' ' ')" \
		"$3: one record per marker, by name"
}

# The markers on, through samples/Makefile (fragment passed by it).
copy_samples "$TMP/on"
ok "build with markers (make -C samples)" build on
is "$(warnings "$TMP/on.log")" 0 "markers-on build log has no warning"
ok "the final link was given the fragment" \
	grep -q "LDFLAGS_MODULE=\"-T $TMP/on/scripts/simple_marker.lds\"" \
	"$TMP/on.log"
for m in $MODS; do
	ko=$TMP/on/samples/$m.ko o=$TMP/on/samples/$m.o
	is "$(sec_flags "$ko" __simple_marker)" "-" \
		"$m.ko: __simple_marker present, no flags (not SHF_ALLOC)"
	check_records "$ko" $m "$m.ko"
	is "$(sec_flags "$o" __simple_marker)" "A" \
		"$m.o: __simple_marker present and allocated before the link"
	check_records "$o" $m "$m.o"
	is "$(sec_flags "$ko" .text)" "AX" "$m.ko: .text still AX"
done

# The markers compiled out.
copy_samples "$TMP/off"
ok "build with SIMPLE_MARKERS=0" build off SIMPLE_MARKERS=0
is "$(warnings "$TMP/off.log")" 0 "markers-off build log has no warning"
for m in $MODS; do
	is "$(sec_flags "$TMP/off/samples/$m.ko" __simple_marker)" "" \
		"$m.ko (off): no __simple_marker section"
	is "$(sec_flags "$TMP/off/samples/$m.o" __simple_marker)" "" \
		"$m.o (off): no __simple_marker section"
done

# Zero cost: identical code and allocated data with and without markers.
for m in $MODS; do
	out=$(elf compare "$TMP/on/samples/$m.ko" "$TMP/off/samples/$m.ko")
	rc=$?
	diag "$m.ko on vs off: $(echo "$out" | tail -n 1)"
	is "$rc" 0 "$m.ko: markers on and off are identical"
	[ $rc = 0 ] || diag "$out"
	nf=$(echo "$out" | sed -n 's/^functions \([0-9]*\) .*/\1/p')
	nfunc=$(readelf -sW "$TMP/off/samples/$m.ko" | awk '$4 == "FUNC"' |
		wc -l)
	is "$nf" "$nfunc" "$m.ko: every FUNC symbol was compared"
	ok "$m.ko: more than 5 functions compared ($nf)" [ "${nf:-0}" -gt 5 ]
done

# The comparator can fail: the loop marker of smk_cmd_run() given a nop
# (what a marker with an asm anchor would cost) must show up there, and
# not in a function without the marker, nor in the other module.
copy_samples "$TMP/nop"
sed -i 's/^\(\t*\)\(trace_simple(sample_step,\)/\1asm volatile("nop"); \2/' \
	"$TMP/nop/samples/smk_sample.c"
is "$(grep -c 'asm volatile("nop"); trace_simple(sample_step,' \
	"$TMP/nop/samples/smk_sample.c")" 1 "nop variant: one nop added"
ok "build the nop variant" build nop
out=$(elf compare "$TMP/nop/samples/smk_sample.ko" \
	"$TMP/off/samples/smk_sample.ko")
rc=$?
diag "nop vs off:" "$out"
is "$rc" 1 "comparator: nop variant differs"
is "$(echo "$out" | grep -c '^differs: smk_cmd_run[.a-z0-9]*: .*bytes')" 1 \
	"comparator: names smk_cmd_run as different"
is "$(echo "$out" | grep -c '^differs: smk_show')" 0 \
	"comparator: smk_show is still identical"
out=$(elf compare "$TMP/nop/samples/smk_ring.ko" \
	"$TMP/off/samples/smk_ring.ko")
is "$?" 0 "comparator: smk_ring.ko untouched by the nop is identical"

# The top-level Kbuild: plain make -C KDIR M=DIR, fragment on the command
# line as the Kbuild comment says, SMK_TOP left to its default.
copy_samples "$TMP/top"
t0=$(date +%s%N)
make -j2 -C "$KDIR" M="$TMP/top" \
	LDFLAGS_MODULE="-T $TMP/top/scripts/simple_marker.lds" modules \
	> "$TMP/top.log" 2>&1
rc=$?
diag "top-level Kbuild build: $((($(date +%s%N) - t0) / 1000000)) ms"
[ $rc = 0 ] || diag "$(tail -n 30 "$TMP/top.log")"
is "$rc" 0 "build through the top-level Kbuild (make -C KDIR M=DIR)"
is "$(warnings "$TMP/top.log")" 0 "top-level build log has no warning"
for m in $MODS; do
	ko=$TMP/top/samples/$m.ko
	is "$(sec_flags "$ko" __simple_marker)" "-" \
		"top-level $m.ko: __simple_marker not SHF_ALLOC"
	check_records "$ko" $m "top-level $m.ko"
done

# ---- which switch rules (issue 10) ----
# A module as a user writes it: its own Kbuild adds only this tree's
# include/, no -DSIMPLE_MARKERS.  Against Debian's headers (no series, no
# CONFIG_SIMPLE_MARKERS) it must get its records and anchor; -DSIMPLE_MARKERS
# =0 still turns them off.  Against a copy of the same headers with the
# series' include/linux/simple_marker.h added (from kernel/patches/0001), the
# kernel's CONFIG_SIMPLE_MARKERS decides, whatever the module passes.
mkoot() {	# DIR: the user's module
	mkdir -p "$1"
	cat > "$1/Kbuild" <<EOF
ccflags-y += -I$TOP/include \$(OOT_FLAGS)
obj-m += oot.o
EOF
	cat > "$1/oot.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/simple_marker_exact.h>

static int oot_count = 3;
module_param(oot_count, int, 0644);

static int __init oot_init(void)
{
	trace_simple(oot_loaded, "count=%d", oot_count);
	trace_simple_exact(oot_exact, "count=%d", oot_count);
	return 0;
}

static void __exit oot_exit(void)
{
}

module_init(oot_init);
module_exit(oot_exit);
MODULE_LICENSE("GPL");
EOF
}
# oot NAME KDIR [OOT_FLAGS]: build, then "RC RECORDS NOTES" (SMKR magics
# in the .ko's __simple_marker, simple_marker notes in .note.stapsdt).
oot() {
	mkoot "$TMP/$1"
	make -C "$2" M="$TMP/$1" OOT_FLAGS="${3:-}" \
		LDFLAGS_MODULE="-T $TOP/scripts/simple_marker.lds" modules \
		> "$TMP/$1.log" 2>&1
	_rc=$?
	[ $_rc = 0 ] || diag "$(tail -n 20 "$TMP/$1.log")"
	_ko=$TMP/$1/oot.ko
	_r=0 _n=0
	if [ -f "$_ko" ] && [ -n "$(sec_flags "$_ko" __simple_marker)" ]; then
		dump "$_ko"
		_r=$(grep -ao SMKR "$_ko.smk" | wc -l)
	fi
	[ -f "$_ko" ] &&
		_n=$(readelf -n "$_ko" | grep -c 'Provider: simple_marker')
	echo "$_rc $_r $_n"
}
is "$(oot oot-default "$KDIR")" "0 2 1" \
	"user's module, no -DSIMPLE_MARKERS, Debian's headers: 2 records, 1 anchor"
is "$(grep -c 'warning' "$TMP/oot-default.log")" 0 \
	"user's module build: no warning"
is "$(oot oot-on "$KDIR" -DSIMPLE_MARKERS=1)" "0 2 1" \
	"user's module, -DSIMPLE_MARKERS=1: the same"
is "$(oot oot-off "$KDIR" -DSIMPLE_MARKERS=0)" "0 0 0" \
	"user's module, -DSIMPLE_MARKERS=0: no record, no anchor"
if [ -x "$TOP/tools/marker-list/marker-list" ]; then
	is "$(marker-list "$TMP/oot-default/oot.ko" | awk 'NR > 1 { print $4 }' |
		sort | tr '\n' ' ')" "oot_exact oot_loaded " \
		"marker-list lists the default build's markers"
else
	skip "tools not built (make)"
fi

# The headers of a kernel carrying the series: a symlink copy of Debian's
# (the Makefiles real files: kbuild takes srctree from the Makefile's real
# path), plus the series' header, plus CONFIG_SIMPLE_MARKERS in autoconf.h
# for the "set" copy.
COMMON=$(sed -n 's/^include \(.*\)\/Makefile$/\1/p' "$KDIR/Makefile")
patched() {	# DIR CONFIG(y|n)
	cp -as "$COMMON" "$1/common" && cp -as "$KDIR" "$1/arch" || return 1
	rm -f "$1/common/Makefile" "$1/arch/Makefile"
	cp "$COMMON/Makefile" "$1/common/Makefile"
	echo "include $1/common/Makefile" > "$1/arch/Makefile"
	for l in "$1"/common/scripts "$1"/common/tools "$1"/arch/scripts; do
		[ -L "$l" ] || continue
		_t=$(readlink -f "${l%/*}" | sed "s|^$1/common|$COMMON|; s|^$1/arch|$KDIR|")
		ln -sfn "$(readlink -f "$_t/${l##*/}")" "$l"
	done
	python3 - "$TOP/kernel/patches/0001-"*.patch \
		"$1/common/include/linux/simple_marker.h" <<'EOF' || return 1
import sys
out, on = [], False
for l in open(sys.argv[1]):
    if l.startswith("+++ "):
        on = l.strip() == "+++ b/include/linux/simple_marker.h"
    elif on and l.startswith("@@"):
        continue
    elif on and l.startswith("+"):
        out.append(l[1:])
    elif on and not l.startswith("\\"):
        on = False
open(sys.argv[2], "w").write("".join(out))
EOF
	_ac=$1/arch/include/generated/autoconf.h
	rm -f "$_ac"
	cp "$KDIR/include/generated/autoconf.h" "$_ac"
	[ "$2" = y ] && echo "#define CONFIG_SIMPLE_MARKERS 1" >> "$_ac"
	return 0
}
mkdir -p "$TMP/kn" "$TMP/ky"
ok "patched header copies made" patched "$TMP/kn" n && patched "$TMP/ky" y
is "$(grep -c CONFIG_SIMPLE_MARKERS "$TMP/kn/common/include/linux/simple_marker.h")|$(grep -c 'CONFIG_SIMPLE_MARKERS 1' "$TMP/ky/arch/include/generated/autoconf.h")" \
	"2|1" "the series' header is there, autoconf.h of the 'set' copy has it"
is "$(oot oot-kn "$TMP/kn/arch")" "0 0 0" \
	"patched kernel, CONFIG_SIMPLE_MARKERS unset: no record, no anchor"
is "$(oot oot-kn1 "$TMP/kn/arch" -DSIMPLE_MARKERS=1)" "0 0 0" \
	"patched kernel, unset, module passes -DSIMPLE_MARKERS=1: the kernel rules"
is "$(oot oot-ky "$TMP/ky/arch")" "0 2 1" \
	"patched kernel, CONFIG_SIMPLE_MARKERS=y: 2 records, 1 anchor"
is "$(oot oot-ky0 "$TMP/ky/arch" -DSIMPLE_MARKERS=0)" "0 2 1" \
	"patched kernel, set, module passes -DSIMPLE_MARKERS=0: the kernel rules"

# ---- the tools say what is wrong with a module's section (issue 10) ----
# tool NAME KO: "RC|STDERR" of marker-list or marker-resolve on KO.
tool() {
	"$1" "$2" > "$TMP/tool.out" 2> "$TMP/tool.err"
	echo "$?|$(cat "$TMP/tool.err")"
}
if [ -x "$TOP/tools/marker-list/marker-list" ] &&
   [ -x "$TOP/tools/resolve/marker-resolve" ]; then
	# Linked without scripts/simple_marker.lds: allocated, loaded.
	mkoot "$TMP/oot-nolds"
	make -C "$KDIR" M="$TMP/oot-nolds" modules > "$TMP/oot-nolds.log" 2>&1
	ko=$TMP/oot-nolds/oot.ko
	is "$(sec_flags "$ko" __simple_marker)" "A" \
		"oot.ko linked without the fragment: __simple_marker allocated"
	loaded="__simple_marker is allocated: the records are loaded with the module; link it with -T scripts/simple_marker.lds (LDFLAGS_MODULE, as samples/Makefile does)"
	for t in marker-list marker-resolve; do
		is "$(tool $t "$ko")" "0|$t: $ko: $loaded" \
			"$t: an allocated section: one warning with the fix, exit 0"
	done
	is "$(grep -c '^p:simple/oot_exact ' "$TMP/tool.out")" 1 \
		"marker-resolve: still places the markers (oot_exact)"
	marker-list "$ko" 2>/dev/null | awk 'NR > 1 { print $4 }' | sort > "$TMP/nolds.names"
	is "$(tr '\n' ' ' < "$TMP/nolds.names")" "oot_exact oot_loaded " \
		"marker-list: the markers are still listed"
	# No section at all (-DSIMPLE_MARKERS=0).
	ko=$TMP/oot-off/oot.ko
	missing="no __simple_marker section: no marker was compiled in (built with -DSIMPLE_MARKERS=0, against a kernel carrying the series with CONFIG_SIMPLE_MARKERS unset, or from sources without trace_simple()), or the section was stripped"
	for t in marker-list marker-resolve; do
		is "$(tool $t "$ko")" "1|$t: $ko: $missing" \
			"$t: no section: the likely causes, exit 1"
	done
	# A good module: nothing on stderr.
	for t in marker-list marker-resolve; do
		is "$(tool $t "$TMP/oot-default/oot.ko")" "0|" \
			"$t: a module linked with the fragment: no warning"
	done
	# A directory walk does not report the modules without markers.
	mkdir -p "$TMP/walk"
	cp "$TMP/oot-off/oot.ko" "$TMP/walk/off.ko"
	cp "$TMP/oot-default/oot.ko" "$TMP/walk/on.ko"
	is "$(tool marker-list "$TMP/walk")" "0|" \
		"marker-list DIR: a module without markers found by the walk is not reported"
else
	for i in 1 2 3 4 5 6 7 8 9 10; do
		skip "tools not built (make)"
	done
fi

# ---- one address space for a .ko (issue 10) ----
# marker-list prints each marker part as SYM+OFF (ADDR); ADDR must be the
# address eu-addr2line -e KO and marker-resolve addr2line -e KO take (the
# sections laid out from 0), and marker-resolve --format=json the same.
ko=$TMP/on/samples/smk_sample.ko
if [ -x "$TOP/tools/marker-list/marker-list" ] &&
   [ -x "$TOP/tools/resolve/marker-resolve" ]; then
	marker-list --json "$ko" > "$TMP/ml.json"
	python3 -c 'import json, sys
for p in json.load(open(sys.argv[1]))["probes"]:
    for i in p["instances"]:
        for q in i["parts"]:
            print(p["name"], q["address"], "%s+%#x" % (q["symbol"], q["offset"]))
' "$TMP/ml.json" | sort > "$TMP/ml.parts"
	diag "$(wc -l < "$TMP/ml.parts") marker parts in smk_sample.ko"
	# SYM+OFF of each address, from marker-resolve addr2line
	cut -d' ' -f2 "$TMP/ml.parts" |
		marker-resolve addr2line --format=json -e "$ko" |
		python3 -c 'import json, sys
for l in sys.stdin:
    r = json.loads(l)
    print("%s+%#x" % (r["symbol"], r["offset"]) if r["symbol"] else "??")
' > "$TMP/a2l.sym"
	is "$(cut -d' ' -f3 "$TMP/ml.parts" | tr '\n' ' ')" \
		"$(tr '\n' ' ' < "$TMP/a2l.sym")" \
		"marker-list's addresses: marker-resolve addr2line gives their SYM+OFF"
	cut -d' ' -f2 "$TMP/ml.parts" > "$TMP/ml.addrs"
	eu-addr2line -f -e "$ko" < "$TMP/ml.addrs" |
		sed 's/ inlined at .*//; s/:\([0-9]*\):[0-9]*$/:\1/' \
		> "$TMP/eu.txt"
	marker-resolve addr2line -f -e "$ko" < "$TMP/ml.addrs" > "$TMP/ours.txt"
	is "$(grep -c '^??' "$TMP/eu.txt")|$(cat "$TMP/ours.txt")" \
		"0|$(cat "$TMP/eu.txt")" \
		"marker-list's addresses: eu-addr2line -f finds each, as marker-resolve addr2line"
	marker-resolve --format=json "$ko" | python3 -c 'import json, sys
for m in json.load(sys.stdin)["markers"]:
    for s in m["sites"]:
        print(m["name"], s["address"], "%s+%#x" % (s["symbol"], s["offset"]))
' | sort > "$TMP/mr.sites"
	is "$(join -j 1 -o 1.2,1.3,2.2,2.3 "$TMP/mr.sites" "$TMP/ml.parts" |
		awk '$2 == $4 && $1 != $3' | wc -l)|$(wc -l < "$TMP/mr.sites")" \
		"0|$(wc -l < "$TMP/mr.sites")" \
		"marker-resolve --format=json: a site at SYM+OFF has marker-list's address"
	is "$(marker-list -v "$ko" | grep -o '(0x[0-9a-f]*)' | tr -d '()' |
		sort | tr '\n' ' ')" \
		"$(sort "$TMP/ml.addrs" | tr '\n' ' ')" \
		"marker-list -v: the same addresses as --json"
else
	for i in 1 2 3 4; do
		skip "tools not built (make)"
	done
fi

done_testing
