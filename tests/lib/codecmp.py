#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Compare the machine code of two ELF objects, and list marker records.

  codecmp.py compare A.o B.o     exit 0 identical, 1 different, 2 error
  codecmp.py records FILE        one line per record, exit 1 if malformed

"compare" is the judge of tests/zero-cost.t.  It needs no disassembler: it
compares raw bytes, which is stricter than any disassembly, plus the
relocations, which hold what the bytes do not (call targets, data
addresses).  Two levels:

  - every allocated section but __simple_marker, byte for byte with its
    relocations (a difference outside any function still counts);
  - every function symbol (STT_FUNC, .cold/.part/.constprop/.isra parts
    included), to say which function differs.  A symbol of size 0 runs to
    the next symbol or the end of its section.

Relocation targets are normalised so that two builds of the same code
compare equal even though their symbol tables differ (the marker build has
more symbols, so indexes move; gcc numbers static locals "x.N" and the
records take numbers): a section symbol becomes the section's name, a local
data symbol becomes section + offset, everything else keeps its name.

The first differing function in address order is the cause; later ones in
the same section may only have moved (intra-section calls are resolved by
the assembler, so an inserted byte changes their displacements).

"records" walks the __simple_marker section through the section header (so
it also works where the linker made it non-allocated), skipping zero
padding, and checks every header: magic, version 1, size, string bytes.
"""
import struct
import sys

SHT_SYMTAB = 2
SHT_RELA = 4
SHT_NOBITS = 8
SHT_REL = 9
SHF_ALLOC = 0x2
SHF_EXECINSTR = 0x4
STT_OBJECT = 1
STT_FUNC = 2
STT_SECTION = 3
STB_LOCAL = 0
SHN_UNDEF = 0
SHN_LORESERVE = 0xff00
MARKER_SECTION = "__simple_marker"


class ElfError(Exception):
    pass


class Section:
    def __init__(self, idx, name, typ, flags, offset, size, link, info,
                 entsize):
        self.idx, self.name, self.type, self.flags = idx, name, typ, flags
        self.offset, self.size, self.link, self.info = offset, size, link, info
        self.entsize = entsize
        self.data = b""


class Elf:
    """A bounds-checked reader of the parts of an ELF file we need."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.raw = f.read()
        raw = self.raw
        if len(raw) < 16 or raw[:4] != b"\x7fELF":
            raise ElfError(f"{path}: not an ELF file")
        self.is64 = raw[4] == 2
        self.end = "<" if raw[5] == 1 else ">"
        if raw[4] not in (1, 2) or raw[5] not in (1, 2):
            raise ElfError(f"{path}: bad ELF class or data encoding")
        e = self.end
        if self.is64:
            hdr = self.unpack(e + "HHIQQQIHHHHHH", 16)
            (self.etype, _, _, _, _, shoff, _, _, _, _, shentsize, shnum,
             shstrndx) = hdr
        else:
            hdr = self.unpack(e + "HHIIIIIHHHHHH", 16)
            (self.etype, _, _, _, _, shoff, _, _, _, _, shentsize, shnum,
             shstrndx) = hdr
        shfmt = e + ("IIQQQQIIQQ" if self.is64 else "IIIIIIIIII")
        if shnum and shentsize < struct.calcsize(shfmt):
            raise ElfError(f"{path}: bad section header size")
        heads = [self.unpack(shfmt, shoff + i * shentsize)
                 for i in range(shnum)]
        self.sections = []
        for i, h in enumerate(heads):
            (name, typ, flags, _addr, off, size, link, info, _align,
             entsize) = h
            s = Section(i, name, typ, flags, off, size, link, info, entsize)
            s.addr = _addr
            if typ != SHT_NOBITS:
                if off + size > len(raw):
                    raise ElfError(f"{path}: section {i} out of bounds")
                s.data = raw[off:off + size]
            self.sections.append(s)
        if shstrndx >= len(self.sections):
            raise ElfError(f"{path}: bad section name table index")
        names = self.sections[shstrndx].data
        for s in self.sections:
            s.name = cstr(names, s.name)
        self.symbols = self.read_symbols()
        self.ranges = None
        self.reloc_cache = {}

    def unpack(self, fmt, off):
        n = struct.calcsize(fmt)
        if off < 0 or off + n > len(self.raw):
            raise ElfError("truncated ELF file")
        return struct.unpack_from(fmt, self.raw, off)

    def read_symbols(self):
        for s in self.sections:
            if s.type != SHT_SYMTAB:
                continue
            if s.link >= len(self.sections):
                raise ElfError("bad symbol string table index")
            strs = self.sections[s.link].data
            fmt = self.end + ("IBBHQQ" if self.is64 else "IIIBBH")
            n = struct.calcsize(fmt)
            syms = []
            for off in range(0, len(s.data) - n + 1, n):
                v = struct.unpack_from(fmt, s.data, off)
                if self.is64:
                    name, info, _other, shndx, value, size = v
                else:
                    name, value, size, info, _other, shndx = v
                syms.append({"name": cstr(strs, name), "bind": info >> 4,
                             "type": info & 0xf, "shndx": shndx,
                             "value": value, "size": size})
            return syms
        return []

    def section_name(self, shndx):
        if shndx == SHN_UNDEF or shndx >= SHN_LORESERVE or \
           shndx >= len(self.sections):
            return None
        return self.sections[shndx].name

    def target(self, symidx, addend):
        """A relocation target that survives symbol renumbering."""
        if symidx >= len(self.symbols):
            raise ElfError(f"bad symbol index {symidx}")
        sym = self.symbols[symidx]
        sec = self.section_name(sym["shndx"])
        if sym["type"] == STT_SECTION:
            func = self.function_at(sym["shndx"], addend)
            if func:
                return func
            return (f"[{sec}]", addend)
        if sym["bind"] == STB_LOCAL and sym["type"] != STT_FUNC and sec:
            return (f"[{sec}]", sym["value"] + addend)
        return (sym["name"], addend)

    def function_at(self, shndx, addend):
        """A branch into another code section as function + offset.

        The assembler writes a jump or call to a local label of another
        section (foo -> foo.cold) against the section symbol, with the
        addend pointing 4 bytes before the target (the displacement is the
        end of the instruction).  Naming the function keeps a change in one
        function from showing in all that jump into the same section.
        """
        sec = self.sections[shndx]
        if not sec.flags & SHF_EXECINSTR:
            return None
        if self.ranges is None:
            self.ranges = {}
            for name, (s, start, end) in functions(self).items():
                self.ranges.setdefault(s.idx, []).append((start, end, name))
        for start, end, name in self.ranges.get(shndx, ()):
            if start <= addend + 4 < end or addend + 4 == start:
                return (name, addend - start)
        return None

    def relocations(self, sec):
        """(offset, type, target, addend) of the relocations of sec."""
        if sec.idx in self.reloc_cache:
            return self.reloc_cache[sec.idx]
        out = []
        for r in self.sections:
            if r.type not in (SHT_RELA, SHT_REL) or r.info != sec.idx:
                continue
            rela = r.type == SHT_RELA
            if self.is64:
                fmt = self.end + ("QQq" if rela else "QQ")
            else:
                fmt = self.end + ("IIi" if rela else "II")
            n = struct.calcsize(fmt)
            for off in range(0, len(r.data) - n + 1, n):
                v = struct.unpack_from(fmt, r.data, off)
                addend = v[2] if rela else 0
                if self.is64:
                    sym, typ = v[1] >> 32, v[1] & 0xffffffff
                else:
                    sym, typ = v[1] >> 8, v[1] & 0xff
                name, add = self.target(sym, addend)
                out.append((v[0], typ, name, add))
        out.sort()
        self.reloc_cache[sec.idx] = out
        return out


def cstr(data, off):
    if off >= len(data):
        return "?"
    end = data.find(b"\0", off)
    if end < 0:
        end = len(data)
    return data[off:end].decode("utf-8", "replace")


def compared_sections(elf):
    """Allocated sections keyed by name (and rank, for repeated names)."""
    out, seen = {}, {}
    for s in elf.sections:
        if not s.flags & SHF_ALLOC or s.name == MARKER_SECTION:
            continue
        k = seen.get(s.name, 0)
        seen[s.name] = k + 1
        out[s.name if k == 0 else f"{s.name}#{k}"] = s
    return out


def functions(elf):
    """{name: (section, start, end)} of every function symbol."""
    starts = {}
    for sym in elf.symbols:
        if sym["shndx"] in (SHN_UNDEF,) or sym["shndx"] >= SHN_LORESERVE:
            continue
        if sym["type"] in (STT_FUNC, STT_OBJECT) or \
           (sym["type"] == 0 and sym["name"]):
            starts.setdefault(sym["shndx"], set()).add(sym["value"])
    out = {}
    for sym in elf.symbols:
        if sym["type"] != STT_FUNC or sym["shndx"] == SHN_UNDEF or \
           sym["shndx"] >= len(elf.sections):
            continue
        sec = elf.sections[sym["shndx"]]
        start, end = sym["value"], sym["value"] + sym["size"]
        if sym["size"] == 0:
            later = [v for v in starts.get(sec.idx, ()) if v > start]
            end = min(later) if later else sec.size
        name = sym["name"]
        if name in out:		# same-named local functions
            k = 2
            while f"{name}#{k}" in out:
                k += 1
            name = f"{name}#{k}"
        out[name] = (sec, start, end)
    return out


def function_code(elf, sec, start, end):
    data = sec.data[start:end] if sec.type != SHT_NOBITS else b""
    relocs = [(o - start, t, n, a) for (o, t, n, a) in elf.relocations(sec)
              if start <= o < end]
    return data, relocs


def first_diff(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def describe(label, a, b, ra, rb):
    if a != b:
        i = first_diff(a, b)
        ab = a[i:i + 8].hex(" ") or "(end)"
        bb = b[i:i + 8].hex(" ") or "(end)"
        return (f"{label}: size {len(a)} vs {len(b)}, first byte that "
                f"differs at +{i:#x}: {ab} vs {bb}")
    sa, sb = set(ra), set(rb)
    only_a = sorted(sa - sb)[:2]
    only_b = sorted(sb - sa)[:2]
    def fmt(rels):
        return "; ".join(f"+{r[0]:#x} type {r[1]} {r[2]}{r[3]:+#x}"
                         for r in rels) or "-"
    return (f"{label}: same bytes, relocations differ: "
            f"{fmt(only_a)} vs {fmt(only_b)}")


def compare(path_a, path_b):
    ea, eb = Elf(path_a), Elf(path_b)
    problems = []

    fa, fb = functions(ea), functions(eb)
    for name in sorted(set(fa) - set(fb)):
        problems.append(((0, 0), f"function {name}: only in {path_a}"))
    for name in sorted(set(fb) - set(fa)):
        problems.append(((0, 0), f"function {name}: only in {path_b}"))
    nfunc = 0
    for name in sorted(set(fa) & set(fb)):
        sa, starta, enda = fa[name]
        sb, startb, endb = fb[name]
        nfunc += 1
        if sa.name != sb.name:
            problems.append(((sa.idx, starta), f"function {name}: in section "
                             f"{sa.name} vs {sb.name}"))
            continue
        a, ra = function_code(ea, sa, starta, enda)
        b, rb = function_code(eb, sb, startb, endb)
        if a != b or ra != rb:
            problems.append(((sa.idx, starta), describe(
                f"function {name} ({sa.name}+{starta:#x})", a, b, ra, rb)))

    # Whole sections: catches what lies outside every function symbol
    # (padding, jump tables in .rodata, .eh_frame, data).
    ca, cb = compared_sections(ea), compared_sections(eb)
    for name in sorted(set(ca) ^ set(cb)):
        where = path_a if name in ca else path_b
        problems.append(((1 << 62, 0), f"section {name}: only in {where}"))
    for name in sorted(set(ca) & set(cb)):
        sa, sb = ca[name], cb[name]
        ra, rb = ea.relocations(sa), eb.relocations(sb)
        if sa.size != sb.size or sa.data != sb.data or ra != rb:
            problems.append(((1 << 62, 0), describe(
                f"section {name}", sa.data, sb.data, ra, rb)))

    ndiff = sum(1 for p in problems if p[1].startswith("function "))
    print(f"functions {nfunc} differ {ndiff} sections {len(ca)}")
    # Functions first, in section and address order: the first one is
    # where to look.
    for _, text in sorted(problems, key=lambda p: p[0]):
        print(text)
    return 1 if problems else 0


def records(path):
    elf = Elf(path)
    secs = [s for s in elf.sections if s.name == MARKER_SECTION]
    if not secs:
        print("section none")
        return 0
    e = elf.end
    bad = 0
    for sec in secs:
        data = sec.data
        print(f"section {sec.size}")
        off = 0
        while off < len(data):
            if data[off] == 0:
                off += 1
                continue
            if off + 16 > len(data) or data[off:off + 4] != b"SMKR":
                print(f"bad record at {off:#x}: no header")
                return 1
            ver, nargs, size, line, nstr, flags = \
                struct.unpack_from(e + "BBHIHH", data, off + 4)
            if ver != 1 or size < 16 or size % 4 or off + size > len(data) \
               or nstr < 1 or 16 + nstr > size or \
               data[off + 16 + nstr - 1] != 0:
                print(f"bad record at {off:#x}: version {ver} size {size} "
                      f"strings {nstr}")
                return 1
            # "strings" counts every NUL-terminated string, the last NUL
            # included: name, file, format, then one per argument.
            strs = data[off + 16:off + 16 + nstr - 1].split(b"\0")
            if len(strs) != 3 + nargs:
                print(f"bad record at {off:#x}: {len(strs)} strings for "
                      f"{nargs} arguments")
                bad = 1
            s = [x.decode("utf-8", "replace") for x in strs]
            s += [""] * (3 - len(s))
            print("\t".join([s[0], str(line), str(nargs), s[2]] + s[3:]))
            off += size
    return bad


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "compare":
            return compare(argv[2], argv[3])
        if len(argv) == 3 and argv[1] == "records":
            return records(argv[2])
    except (OSError, ElfError, struct.error) as err:
        print(f"codecmp: {err}", file=sys.stderr)
        return 2
    print("usage: codecmp.py compare A.o B.o | records FILE",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
