#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Placement fidelity: markers probed with real uprobes vs a witness build.

  run.py [--cc gcc,clang] [--levels=-O0,-O2,-O3,-Os] [--source resolve]
         [--variant zero|exact] [--json FILE] [--workdir DIR] [-q]

For each compiler and level, the corpus of this directory (*.c, see fid.h)
is built twice:

  witness  -DSMK_WITNESS: every marker is a call that logs its name and
           values (witness.h), one line per hit: the expected sequence;
  zero     the normal build, markers cost nothing: the one that is probed
           (or "exact": -DSMK_EXACT, every marker a trace_simple_exact()).

Then a source of probe definitions gives, for each marker of the probed
binary, a verdict and its probe sites with their fetch arguments:

  resolve  `marker-resolve --format=json BIN` (tools/resolve);
  perf     `perf probe -x BIN -D 'FILE:LINE a0=EXPR:TYPE ...'` for each
           marker record listed by `marker-list --json` (no verdict: every
           event perf gives is taken as a claim);
  sdt      the .note.stapsdt probes, as binutils' readelf -n lists them
           (trace_simple_exact() markers), their sdt.h argument specs
           turned into uprobe fetch arguments.

The definitions are attached as uprobes (a group fid_<pid>_<n>, appended to
uprobe_events, never truncated), enabled only in a private tracefs instance
of the same name, the binary runs, the instance's trace is read, and the
events are removed again.  Each marker's hits in the trace (all its sites
together, in execution order) are compared with the witness hit by hit:

  count     hits expected and got;
  values    for markers whose count matches, each argument of each hit:
            right, wrong (fetched, and differs from the witness) or
            unavailable (no fetch argument, or "(fault)").

Totals per (compiler, level, source): markers, exact (claimed exact and
the count matches), exact-claimed, silent miscounts (claimed exact, count
differs: must be 0), counts matching (any verdict), values right / wrong /
unavailable, the same restricted to exact-claimed markers, and the share
of exact markers' arguments that are available.

Output: a table per configuration (with -q only the summary lines), and
with --json FILE one document:

  {"version": 1, "configs": [{"cc": "gcc", "level": "-O2",
    "source": "resolve", "variant": "zero", "error": null,
    "totals": {...}, "markers": [{"name", "verdict", "reason",
    "expected", "got", "sites", "attached", "right", "wrong",
    "unavailable", "args_available", "nargs", "problems": [...],
    "def_seconds"}]}]}

Exit status: 0 when every configuration ran (whatever it measured), 1 when
one could not (build, witness, definitions or tracefs failed), 2 usage.
Needs root for tracefs.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import codecmp  # noqa: E402  (the project's bounds-checked ELF reader)

MARKER_RESOLVE = os.path.join(TOP, "tools", "resolve", "marker-resolve")
MARKER_LIST = os.path.join(TOP, "tools", "marker-list", "marker-list")
LDS = os.path.join(TOP, "scripts", "simple_marker-user.lds")
CFLAGS = ["-std=gnu11", "-g", "-Wall", "-Wextra", "-Werror",
          "-I" + os.path.join(TOP, "include")]
VARIANT_FLAGS = {"zero": [], "witness": ["-DSMK_WITNESS"],
                 "exact": ["-DSMK_EXACT"],
                 "exact-witness": ["-DSMK_EXACT", "-DSMK_WITNESS"]}
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
# What we let reach uprobe_events from a definition: a fetch argument is
# NAME=FETCH[:TYPE], FETCH from the uprobe syntax only.
FETCH = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}="
                   r"[-+%@$\\()A-Za-z0-9_.]{1,200}"
                   r"(:[a-z0-9@/]{1,16})?$")


USER_ONLY = re.compile(r"=@[A-Za-z_]")


def corpus_files():
    return sorted(f for f in os.listdir(HERE) if f.endswith(".c"))


# ---------------------------------------------------------------- building

def build(cc, level, variant, outdir, jobs):
    """Objects per file (for per-function comparisons), then one binary."""
    os.makedirs(outdir, exist_ok=True)
    flags = CFLAGS + [level] + VARIANT_FLAGS[variant]

    def one(f):
        obj = os.path.join(outdir, f[:-2] + ".o")
        r = subprocess.run([cc] + flags + ["-c", os.path.join(HERE, f),
                                           "-o", obj],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(f"{cc} {level} {variant}: {f}: "
                               f"{r.stderr.strip()[:2000]}")
        return obj
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        objs = list(ex.map(one, corpus_files()))
    binary = os.path.join(outdir, "fid")
    r = subprocess.run([cc, "-o", binary] + objs + ["-Wl,-T," + LDS],
                       capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"{cc} {level} {variant}: link: "
                           f"{r.stderr.strip()[:2000]}")
    return binary


def run_witness(binary, workdir, argv=()):
    log = os.path.join(workdir, "witness.log")
    env = dict(os.environ, SMK_WITNESS_FILE=log)
    # argv[0] is the base name for every build: a program may read it
    # (Lua keeps it as a string, long or short by its length).
    r = subprocess.run([os.path.basename(binary)] + list(argv),
                       executable=binary, cwd=workdir, env=env,
                       capture_output=True, text=True, timeout=60)
    if r.returncode:
        raise RuntimeError(f"witness {binary}: exit {r.returncode}: "
                           f"{r.stderr.strip()}")
    hits = {}
    order = []
    with open(log, "rb") as f:
        digest = hashlib.sha1(f.read()).hexdigest()
    with open(log) as f:
        for line in f:
            toks = re.findall(r'"[^"]*"|\S+', line)
            if not toks:
                continue
            if toks[0] not in hits:
                order.append(toks[0])
            hits.setdefault(toks[0], []).append(toks[1:])
    return hits, digest, r.stdout


# ------------------------------------------------------------- definitions
#
# A definition source returns a list of markers:
#   {"name", "verdict" ("exact", "approximated", "not found"), "reason",
#    "direction" (of an approximation: "over", hits >= the witness's;
#    "under", hits <= the witness's; None),
#    "sites": [{"file_offset": int, "symbol", "args":
#               [{"expr", "name", "spec", "type", "reason"}]}]}
# args in the order of the marker's arguments, spec None if unavailable.

def defs_resolve(binary):
    r = subprocess.run([MARKER_RESOLVE, "--format=json", binary],
                       capture_output=True, text=True, timeout=600)
    if r.returncode:
        raise RuntimeError("marker-resolve --format=json: exit "
                           f"{r.returncode}: {r.stderr.strip()[:500]}")
    doc = json.loads(r.stdout)
    out = []
    for m in doc.get("markers", []):
        sites = []
        for s in m.get("sites") or []:
            off = s.get("file_offset")
            off = int(off, 16) if isinstance(off, str) else int(off)
            args = []
            for a in s.get("args") or []:
                args.append({"expr": a.get("expr"), "name": a.get("name"),
                             "spec": a.get("spec"), "type": a.get("type"),
                             "reason": a.get("reason"),
                             "how": a.get("how"),
                             "compute": a.get("compute"),
                             "inputs": a.get("inputs") or [],
                             "entry": a.get("entry")})
            sites.append({"file_offset": off, "symbol": s.get("symbol"),
                          "offset": s.get("offset"), "args": args,
                          "event": s.get("event")})
        out.append({"name": m["name"], "verdict": m.get("verdict"),
                    "reason": m.get("reason"),
                    "direction": m.get("direction"), "sites": sites})
    return out


MASK64 = (1 << 64) - 1


def compute(prog, inputs):
    """A computed value (tools/lib/smk/compute.h's program), evaluated
    here on its own, or None: the check that the program the tool gives
    and the inputs it fetches make the witness's value."""
    st = []
    for w in prog.split():
        if w.startswith("$"):
            k = int(w[1:])
            if k >= len(inputs) or inputs[k] is None:
                return None
            st.append(inputs[k] & MASK64)
        elif w[0].isdigit() or w[0] == "-":
            st.append(int(w, 0) & MASK64)
        elif w in ("neg", "not"):
            v = st.pop()
            st.append((-v if w == "neg" else ~v) & MASK64)
        else:
            b, a = st.pop(), st.pop()
            sa = a - (1 << 64) if a >> 63 else a
            st.append({"plus": a + b, "minus": a - b, "mul": a * b,
                       "and": a & b, "or": a | b, "xor": a ^ b,
                       "shl": a << b if b < 64 else 0,
                       "shr": a >> b if b < 64 else 0,
                       "shra": sa >> min(b, 63)}[w] & MASK64)
    return st[0] if len(st) == 1 else None


def typed_text(v, typ):
    """@v as the tracers print a field of type @typ."""
    m = re.match(r"^([sux])(8|16|32|64)$", typ or "")
    if not m:
        return None
    bits = int(m.group(2))
    v &= (1 << bits) - 1
    if m.group(1) == "s":
        return str(v - (1 << bits) if v >> (bits - 1) else v)
    return str(v) if m.group(1) == "u" else hex(v)


def computed_value(a, vals, names):
    """The value of computed argument @a from the fields @vals (input k
    in field names[k])."""
    ins = []
    for n in names:
        try:
            ins.append(int(vals.get(n), 0))
        except (TypeError, ValueError):
            ins.append(None)
    v = compute(a["compute"], ins)
    return None if v is None else typed_text(v, a.get("type"))


def list_probes(binary):
    r = subprocess.run([MARKER_LIST, "--json", binary], capture_output=True,
                       text=True, timeout=300)
    if r.returncode not in (0, 1) or not r.stdout:
        raise RuntimeError(f"marker-list --json: exit {r.returncode}: "
                           f"{r.stderr.strip()[:500]}")
    return json.loads(r.stdout)["probes"]


CONV = re.compile(r"%[-#0 +']*[0-9]*(?:\.[0-9]+)?(hh|h|ll|l|z|j|t)?"
                  r"([diouxXcsp%])")


def conv_types(fmt):
    """Fetch types implied by a format, as smk_fetch_build() chooses."""
    out = []
    for m in CONV.finditer(fmt):
        lng, c = m.group(1) or "", m.group(2)
        if c == "%":
            continue
        wide = lng in ("l", "ll", "z", "j", "t")
        if c in "di":
            out.append("s64" if wide else "s32")
        elif c in "uo":
            out.append("u64" if wide else "u32")
        elif c in "xX":
            out.append("x64" if wide else "x32")
        elif c == "p":
            out.append("x64")
        elif c == "s":
            out.append("string")
        elif c == "c":
            out.append("u8")
    return out


PERF_LINE = re.compile(r"^p:(\S+)/(\S+) (\S+):(0x[0-9a-fA-F]+)(.*)$")


def perf_define(binary, spec):
    """perf probe -D: ([(file_offset, [fetch...])], error)."""
    r = subprocess.run(["perf", "probe", "-x", binary, "-D", spec],
                       capture_output=True, text=True, timeout=120)
    events = []
    for line in r.stdout.splitlines():
        m = PERF_LINE.match(line.strip())
        if m:
            events.append((int(m.group(4), 16), m.group(5).split()))
    if events:
        return events, None
    err = [l.strip() for l in (r.stderr + r.stdout).splitlines()
           if l.strip() and not l.startswith("Target program") and
           "Error: Failed to add events" not in l]
    return [], "; ".join(err)[:300] or f"perf exit {r.returncode}"


def defs_perf(binary):
    """What a perf user gets: one `FILE:LINE vars` probe per record."""
    out = []
    seen = set()
    for p in list_probes(binary):
        if p["kind"] != "marker":
            continue
        # A macro expanded three times on one line is one perf point: a
        # probe on the line is every copy.
        if (p["file"], p["line"]) in seen:
            continue
        seen.add((p["file"], p["line"]))
        exprs = [a["expr"] for a in p["args"]]
        types = conv_types(p["format"])
        types += [None] * (len(exprs) - len(types))
        point = f"{p['file']}:{p['line']}"
        fields = [f"a{i}={e}" + (f":{t}" if t else "")
                  for i, (e, t) in enumerate(zip(exprs, types))]
        t0 = time.monotonic()
        events, err = perf_define(binary, " ".join([point] + fields))
        avail = [True] * len(exprs)
        reason = None
        if not events and exprs:
            # A user would drop the variables perf cannot fetch.
            bare, err2 = perf_define(binary, point)
            if bare:
                reason = f"with args: {err}"
                avail = []
                for i, fld in enumerate(fields):
                    ev, _ = perf_define(binary, f"{point} {fld}")
                    avail.append(bool(ev))
                keep = [f for f, a in zip(fields, avail) if a]
                events, err = perf_define(binary,
                                          " ".join([point] + keep))
                if not events:
                    events, err = bare, None
                    avail = [False] * len(exprs)
            else:
                err = err2 or err
        secs = time.monotonic() - t0
        sites = []
        for off, fetches in events:
            byname = {f.split("=", 1)[0]: f.split("=", 1)[1]
                      for f in fetches if "=" in f}
            args = []
            for i, e in enumerate(exprs):
                spec = byname.get(f"a{i}")
                typ = None
                if spec and ":" in spec:
                    spec, typ = spec.rsplit(":", 1)
                args.append({"expr": e, "name": f"a{i}", "spec": spec,
                             "type": typ,
                             "reason": None if spec else
                             (reason or "perf: not fetched")})
            sites.append({"file_offset": off, "symbol": None, "args": args})
        out.append({"name": p["name"],
                    "verdict": "exact" if sites else "not found",
                    "reason": err if not sites else reason,
                    "sites": sites, "def_seconds": secs})
    return out


class Layout:
    """vaddr -> file offset, and symbol addresses, of a binary."""

    def __init__(self, path):
        self.elf = codecmp.Elf(path)
        raw, e = self.elf.raw, self.elf.end
        phoff, = struct.unpack_from(e + "Q", raw, 32)
        phentsize, phnum = struct.unpack_from(e + "HH", raw, 54)
        self.loads = []
        for i in range(phnum):
            typ, _flags, off, vaddr, _pa, filesz, _memsz, _al = \
                struct.unpack_from(e + "IIQQQQQQ", raw, phoff + i * phentsize)
            if typ == 1:
                self.loads.append((vaddr, off, filesz))
        self.syms = {s["name"]: s["value"] for s in self.elf.symbols
                     if s["name"]}

    def seg(self, vaddr):
        for v, off, size in self.loads:
            if v <= vaddr < v + size:
                return v, off
        raise ValueError(f"address {vaddr:#x} in no PT_LOAD")

    def file_offset(self, vaddr):
        v, off = self.seg(vaddr)
        return vaddr - v + off


REGS = {}
for _r in "ax bx cx dx si di bp sp".split():
    for _n in (_r, "e" + _r, "r" + _r):
        REGS[_n] = _r
    REGS[_r[0] + "l" if _r[1] == "x" else _r + "l"] = _r
for _i in range(8, 16):
    for _s in ("", "d", "w", "b"):
        REGS[f"r{_i}{_s}"] = f"r{_i}"
REGS["rip"] = "ip"


def sdt_fetch(arg, typ, layout, pc_vaddr):
    """One sys/sdt.h argument ("-4@%edi", "8@16(%rbx)", "4@$5",
    "8@sym(%rip)") as a uprobe fetch, or (None, reason)."""
    m = re.match(r"^-?\d+@(.*)$", arg)
    if not m:
        return None, f"bad sdt argument {arg!r}"
    loc = m.group(1)
    deref = "+0({})" if typ == "string" else "{}"
    m = re.match(r"^%([a-z0-9]+)$", loc)
    if m and m.group(1) in REGS:
        return deref.format("%" + REGS[m.group(1)]), None
    m = re.match(r"^\$(-?\d+)$", loc)
    if m:
        return (None, "string constant") if typ == "string" else \
            ("\\" + m.group(1), None)
    m = re.match(r"^(-?\d*)\(%([a-z0-9]+)\)$", loc)
    if m and m.group(2) in REGS and m.group(2) != "rip":
        off = int(m.group(1) or 0)
        return deref.format(f"{off:+d}(%{REGS[m.group(2)]})"), None
    m = re.match(r"^([A-Za-z_.][A-Za-z0-9_.]*)([-+]\d+)?\(%rip\)$", loc)
    if m:
        if m.group(1) not in layout.syms:
            return None, f"unknown symbol {m.group(1)}"
        v = layout.syms[m.group(1)] + int(m.group(2) or 0)
        sv, soff = layout.seg(pc_vaddr)
        return deref.format(f"@+{v - (sv - soff):#x}"), None
    return None, f"sdt argument {arg!r} not supported by uprobes"


def sdt_notes(binary):
    """The .note.stapsdt notes, read by binutils' readelf -n: independent
    of our tools (marker-list shows simple_marker anchors as a property of
    their marker, not as SDT probes)."""
    r = subprocess.run(["readelf", "-n", binary], capture_output=True,
                       text=True, timeout=120)
    notes, cur = [], None
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith("Provider:"):
            cur = {"kind": "sdt", "provider": line.split(":", 1)[1].strip(),
                   "function": None}
            notes.append(cur)
        elif cur is not None and line.startswith("Name:"):
            cur["probe"] = line.split(":", 1)[1].strip()
        elif cur is not None and line.startswith("Location:"):
            cur["address"] = line.split(":", 1)[1].split(",")[0].strip()
        elif cur is not None and line.startswith("Arguments:"):
            cur["args"] = line.split(":", 1)[1].strip()
    return notes


def defs_sdt(binary, provider="simple_marker"):
    """The SDT notes of trace_simple_exact(): one exact site per note."""
    layout = Layout(binary)
    probes = list_probes(binary) + sdt_notes(binary)
    fmts = {}
    for p in probes:
        if p["kind"] == "marker":
            fmts.setdefault(p["name"], (p["format"],
                                        [a["expr"] for a in p["args"]]))
    out = {}
    for p in probes:
        if p["kind"] != "sdt" or p.get("provider") != provider:
            continue
        name = p["probe"]
        fmt, exprs = fmts.get(name, ("", []))
        types = conv_types(fmt)
        specs = (p.get("args") or "").split()
        vaddr = int(p["address"], 16)
        args = []
        for i, a in enumerate(specs):
            typ = types[i] if i < len(types) else None
            spec, why = sdt_fetch(a, typ, layout, vaddr)
            args.append({"expr": exprs[i] if i < len(exprs) else a,
                         "name": f"a{i}", "spec": spec, "type": typ,
                         "reason": why})
        m = out.setdefault(name, {"name": name, "verdict": "exact",
                                  "reason": None, "sites": []})
        m["sites"].append({"file_offset": layout.file_offset(vaddr),
                           "symbol": p.get("function"), "args": args})
    for name in fmts:
        out.setdefault(name, {"name": name, "verdict": "not found",
                              "reason": "no SDT note", "sites": []})
    return list(out.values())


SOURCES = {"resolve": defs_resolve, "perf": defs_perf, "sdt": defs_sdt}


def merge_markers(markers):
    """Records sharing a name (a macro used three times) are one marker."""
    rank = {"exact": 0, "approximated": 1, "not found": 2}
    out = {}
    for m in markers:
        o = out.get(m["name"])
        if o is None:
            out[m["name"]] = dict(m, sites=list(m["sites"]))
            continue
        o["sites"] += m["sites"]
        # The copies' hits add up: exact ones count right, so the sum
        # errs the way its approximated copies all err (none if they
        # disagree).  Whichever copy comes first in the output.
        if m["verdict"] == "approximated":
            o["direction"] = (m.get("direction")
                              if o["verdict"] != "approximated" else
                              o.get("direction")
                              if o.get("direction") == m.get("direction")
                              else None)
        if rank.get(m["verdict"], 2) > rank.get(o["verdict"], 2):
            o["verdict"] = m["verdict"]
        if m.get("reason"):
            o["reason"] = "; ".join(x for x in (o.get("reason"),
                                                m["reason"]) if x)
        o["def_seconds"] = o.get("def_seconds", 0) + \
            m.get("def_seconds", 0)
    return out


# ------------------------------------------------------------------ tracefs

class Tracefs:
    """tracefs I/O that only ever appends to uprobe_events.

    Always mounts a private tracefs (all mounts share one state, and a
    mount of someone else's may vanish under us): fid-tracefs.PID.* in the
    temporary directory, unmounted by close().  Stale groups, instances
    and mounts of our own prefix (fid_PID_*, fid-tracefs.PID.*) whose
    process is gone are swept first; nothing else is ever touched.
    """

    PREFIX = "fid_"
    MOUNT = "fid-tracefs."

    def __init__(self):
        self.mounted = None
        self.sweep_mounts()
        d = tempfile.mkdtemp(prefix=f"{self.MOUNT}{os.getpid()}.")
        r = subprocess.run(["mount", "-t", "tracefs", "nodev", d],
                           capture_output=True, text=True)
        if r.returncode or not os.path.exists(
                os.path.join(d, "uprobe_events")):
            if not r.returncode:
                subprocess.run(["umount", d])
            os.rmdir(d)
            raise RuntimeError("cannot mount tracefs with uprobe_events: " +
                               r.stderr.strip())
        self.root = self.mounted = d
        self.sweep()

    def sweep_mounts(self):
        pat = re.compile(r"/" + re.escape(self.MOUNT) + r"(\d+)\.[^/]*$")
        for line in open("/proc/mounts"):
            f = line.split()
            m = pat.search(f[1]) if len(f) > 2 and f[2] == "tracefs" \
                else None
            if m and not os.path.exists(f"/proc/{m.group(1)}"):
                if subprocess.run(["umount", "-l", f[1]],
                                  capture_output=True).returncode == 0:
                    try:
                        os.rmdir(f[1])
                    except OSError:
                        pass

    def close(self):
        if not self.mounted:
            return
        # Busy for a moment after an instance goes away: retry, then
        # detach lazily (it is ours alone; the state lives on in others).
        for _ in range(5):
            if subprocess.run(["umount", self.mounted],
                              capture_output=True).returncode == 0:
                break
            time.sleep(0.2)
        else:
            subprocess.run(["umount", "-l", self.mounted],
                           capture_output=True)
        try:
            os.rmdir(self.mounted)
        except OSError:
            pass
        self.mounted = None

    def path(self, *p):
        return os.path.join(self.root, *p)

    def append(self, line):
        """One write of one line, O_APPEND: None or the error text."""
        if "\n" in line:
            return "newline in definition"
        fd = os.open(self.path("uprobe_events"), os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, (line + "\n").encode())
            return None
        except OSError as e:
            return e.strerror
        finally:
            os.close(fd)

    def events(self):
        """uprobe_events as one consistent read: a seq_file read by
        position skips lines when another process removes probes
        meanwhile, so read until two reads in a row agree."""
        prev = None
        for _ in range(16):
            with open(self.path("uprobe_events")) as f:
                cur = f.read()
            if cur == prev:
                break
            prev = cur
        return cur.splitlines()

    def write(self, rel, text):
        with open(self.path(rel), "w") as f:
            f.write(text)

    def sweep(self):
        mine = re.compile(r"^" + self.PREFIX + r"(\d+)_\d+$")
        groups = set()
        for line in self.events():
            m = re.match(r"^[pr]:([^/\s]+)/(\S+)", line)
            if m and mine.match(m.group(1)):
                groups.add((m.group(1), m.group(2)))
        inst = self.path("instances")
        dead = lambda g: not os.path.exists(  # noqa: E731
            f"/proc/{mine.match(g).group(1)}")
        for d in sorted(os.listdir(inst)) if os.path.isdir(inst) else ():
            if mine.match(d) and dead(d):
                try:
                    self.write(f"instances/{d}/tracing_on", "0")
                    os.rmdir(os.path.join(inst, d))
                except OSError:
                    pass
        for g, ev in sorted(groups):
            if dead(g):
                try:
                    self.write(f"events/{g}/{ev}/enable", "0")
                except OSError:
                    pass
                self.append(f"-:{g}/{ev}")


class Session:
    """One group of uprobes and its private instance."""

    seq = 0

    def __init__(self, tfs):
        Session.seq += 1
        self.tfs = tfs
        self.group = f"{Tracefs.PREFIX}{os.getpid()}_{Session.seq}"
        self.events = []
        self.instance = None
        self.external = False	# events added by marker-resolve attach
        self.leftover = None

    def add(self, event, binary, file_offset, fetches, kind="p"):
        if not IDENT.match(event) or not IDENT.match(self.group):
            return "bad event name"
        if not binary.startswith("/") or re.search(r"\s", binary):
            return "bad binary path"
        bad = [f for f in fetches if not FETCH.match(f)]
        if bad:
            return f"refused fetch argument {bad[0]!r}"
        if kind not in ("p", "r"):
            return "bad probe kind"
        line = f"{kind}:{self.group}/{event} {binary}:{file_offset:#x}"
        if fetches:
            line += " " + " ".join(fetches)
        err = self.tfs.append(line)
        if err is None:
            self.events.append(event)
        return err

    def start(self):
        self.instance = f"instances/{self.group}"
        os.mkdir(self.tfs.path(self.instance))
        self.tfs.write(f"{self.instance}/buffer_size_kb", "4096")
        if self.events:
            self.tfs.write(f"{self.instance}/events/{self.group}/enable",
                           "1")

    def stop(self):
        self.tfs.write(f"{self.instance}/tracing_on", "0")
        if self.events:
            self.tfs.write(f"{self.instance}/events/{self.group}/enable",
                           "0")
        with open(self.tfs.path(self.instance, "trace")) as f:
            return f.read()

    def close(self):
        if self.instance:
            try:
                self.tfs.write(f"{self.instance}/tracing_on", "0")
                if self.events:
                    self.tfs.write(
                        f"{self.instance}/events/{self.group}/enable", "0")
            except OSError:
                pass
            for _ in range(5):
                try:
                    os.rmdir(self.tfs.path(self.instance))
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.2)
            self.instance = None
        if self.external:
            r = subprocess.run([MARKER_RESOLVE, "detach", "--group",
                                self.group], capture_output=True, text=True)
            left = self.group_events()
            if r.returncode or left:
                self.leftover = (f"marker-resolve detach: exit "
                                 f"{r.returncode}, {len(left)} events left")
            self.events = left
        for ev in self.events:
            self.tfs.append(f"-:{self.group}/{ev}")
        self.events = []

    def group_events(self):
        out = []
        for line in self.tfs.events():
            m = re.match(r"^[pr]:([^/\s]+)/(\S+)", line)
            if m and m.group(1) == self.group:
                out.append(m.group(2))
        return out


TRACE_LINE = re.compile(r"^.*?\s[0-9]+\.[0-9]+: ([A-Za-z_][A-Za-z0-9_]*): "
                        r"\((0x[0-9a-f]+)\)(.*)$")


def parse_fields(text, names):
    """Split " a=1 s="x y" b=2" knowing the field names, in order."""
    vals = {}
    pos = []
    start = 0
    for n in names:
        i = text.find(f" {n}=", start)
        if i < 0:
            return None
        pos.append((n, i, i + len(n) + 2))
        start = i + len(n) + 2
    for k, (n, _i, j) in enumerate(pos):
        end = pos[k + 1][1] if k + 1 < len(pos) else len(text)
        vals[n] = text[j:end]
    return vals


def attach_with_resolve(sess, binary, markers):
    """`marker-resolve attach --group G`: the tool's own definitions.

    Events are mapped back to markers through the "event" of each site in
    its JSON; sites sharing an event are counted on the first of them.
    """
    r = subprocess.run([MARKER_RESOLVE, "attach", "--group", sess.group,
                        binary], capture_output=True, text=True, timeout=300)
    sess.external = True
    if r.returncode:
        raise RuntimeError(f"marker-resolve attach: exit {r.returncode}: "
                           f"{r.stderr.strip()[:500]}")
    evmap = {}
    for name, m in markers.items():
        m["attached"] = 0
        m["attach_errors"] = []
        for j, s in enumerate(m["sites"]):
            ev = s.get("event")
            if not ev:
                m["attach_errors"].append(f"site {j}: no event in JSON")
                continue
            m["attached"] += 1
            if ev not in evmap:
                evmap[ev] = (name, j, [
                    a.get("name") if a.get("spec") else
                    ("compute", a, [x["name"] for x in a["inputs"]])
                    if a.get("compute") and a.get("inputs") else None
                    for a in s["args"]])
    sess.events = sorted(evmap)
    return evmap


def is_entry(a):
    """An entry value the tool says how to read (entry.h)."""
    e = a.get("entry") or {}
    return a.get("how") == "entry value" and bool(e.get("spec")) and \
        e.get("file_offset") is not None and bool(a.get("type"))


TASK_PID = re.compile(r"^\s*.*?-(\d+)\s+\[\d+\]")


def join_entry(stacks, line, t, entry_evs, return_evs):
    """An entry event pushes its fields on its task's stack, a return
    pops the entries below its stack pointer (tools/lib/smk/entry.h)."""
    p = TASK_PID.match(line)
    if not p:
        return
    ev = t.group(1)
    if ev in entry_evs:
        vals = parse_fields(t.group(3), entry_evs[ev] + ["__sp"]) or {}
        try:
            sp = int(vals.get("__sp", ""), 0)
        except ValueError:
            return
        st = stacks.setdefault((p.group(1), ev), [])
        while st and st[-1][0] <= sp:
            st.pop()
        st.append((sp, vals))
        return
    vals = parse_fields(t.group(3), ["__sp"]) or {}
    st = stacks.get((p.group(1), return_evs[ev]), [])
    try:
        sp = int(vals.get("__sp", ""), 0)
    except ValueError:
        st.clear()
        return
    while st and st[-1][0] < sp:
        st.pop()


def entry_value(stacks, line, entry_ev, field, sp):
    """The entry value @field of the activation a marker hit with stack
    pointer @sp belongs to, or None."""
    p = TASK_PID.match(line)
    try:
        sp = int(sp or "", 0)
    except ValueError:
        return None
    st = stacks.get((p.group(1), entry_ev), []) if p else []
    while st and st[-1][0] < sp:
        st.pop()
    return st[-1][1].get(field) if st else None


def field_names(site):
    """The tracefs field of each argument of @site (None: not fetched),
    named as smk_probe_event_from_site() names them: the name cut at 32
    bytes, a repeated one given "_<index>"."""
    out, used = [], []
    for i, a in enumerate(site["args"]):
        if not a.get("spec"):
            out.append(None)
            continue
        n = (a.get("name") or "")[:32]
        if n in used:
            sfx = f"_{i}"
            n = n[:32 - len(sfx)] + sfx
        used.append(n)
        out.append(n)
    return out


def inproc_value(v, typ):
    """A JSON value of the in-process sink as a uprobe trace shows it."""
    if v is None:
        return "(fault)"
    if typ == "string":
        return f'"{v}"'
    return str(v)


def inproc_run(binary, markers, workdir):
    """`marker-resolve run --output F -- BIN`: the markers activated in
    the process.  A marker one of whose sites the runtime did not patch
    (its reason reported) is taken as not found: it is not compared."""
    out = os.path.join(workdir, "inproc.json")
    r = subprocess.run([MARKER_RESOLVE, "run", "--output", out, "--",
                        binary], cwd=workdir, capture_output=True,
                       text=True, timeout=300)
    if r.returncode:
        raise RuntimeError(f"marker-resolve run {binary}: exit "
                           f"{r.returncode}: {r.stderr.strip()[:500]}")
    refused, patched, got = {}, {}, {}
    lines = open(out).read().splitlines()
    for line in lines:
        j = json.loads(line)
        t = j.get("type")
        if t in ("site", "marker"):
            if j.get("patched"):
                patched.setdefault(j["marker"], set()).add(
                    int(j["site"], 16))
            else:
                refused.setdefault(j["marker"], []).append(
                    j.get("reason") or "?")
        elif t == "object" and j.get("error"):
            raise RuntimeError(f"marker-resolve run: {j['path']}: "
                               f"{j['error']}")
    for name, m in markers.items():
        m["attached"] = len(patched.get(name, ()))
        m["attach_errors"] = []
        if m["verdict"] not in ("exact", "approximated"):
            continue
        offs = {s["file_offset"] for s in m["sites"]}
        why = refused.get(name) or (
            [] if offs <= patched.get(name, set()) else ["not patched"])
        if why:
            m["refused_verdict"] = m["verdict"]
            m["verdict"] = "not found"
            m["reason"] = "in-process: " + "; ".join(sorted(set(why)))
            m["inproc_refused"] = True
    for line in lines:
        j = json.loads(line)
        if "type" in j:
            continue
        name = j["marker"]
        m = markers.get(name)
        if m is None:
            continue
        off = int(j["site"], 16)
        for k, s in enumerate(m["sites"]):
            if s["file_offset"] == off:
                break
        else:
            continue
        fields = field_names(m["sites"][k])
        vals = j.get("values") or {}
        got.setdefault(name, []).append((k, off, [
            inproc_value(vals.get(f), a.get("type")) if f else None
            for f, a in zip(fields, m["sites"][k]["args"])]))
    return got, r.stdout


def probe_run(tfs, binary, markers, workdir, attach="own", argv=()):
    """Attach every site, run the binary, return per-marker hits."""
    if attach == "inproc":
        return inproc_run(binary, markers, workdir)
    sess = Session(tfs)
    evmap = {}
    entry_evs, return_evs = {}, {}
    used = set()
    try:
        if attach == "resolve":
            evmap = attach_with_resolve(sess, binary, markers)
            markers = {}
        for name, m in markers.items():
            m["attached"] = 0
            m["attach_errors"] = []
            for j, s in enumerate(m["sites"]):
                ev = name if j == 0 else f"{name}_{j}"
                k = 0
                while ev in used or not IDENT.match(ev):
                    k += 1
                    ev = f"e{k}_{j}"
                fields, fetches, efetches = [], [], []
                entry = None
                for i, a in enumerate(s["args"]):
                    if not a.get("spec") and is_entry(a):
                        # An entry value (tools/lib/smk/entry.h): read
                        # by an entry probe, joined per task by the
                        # stack pointer.
                        e = a["entry"]
                        if entry not in (None, e["file_offset"]):
                            fields.append(None)
                            continue
                        entry = e["file_offset"]
                        efetches.append(f"a{i}={e['spec']}:{a['type']}")
                        fields.append(("entry", a, f"a{i}"))
                        continue
                    if not a.get("spec") and a.get("compute") and \
                            a.get("inputs"):
                        # A computed value: its inputs, the value
                        # computed from them when the trace is read.
                        ins = []
                        for k, inp in enumerate(a["inputs"]):
                            fn = f"a{i}__{k}"
                            fetches.append(f"{fn}={inp['spec']}:"
                                           f"{inp['type']}")
                            ins.append(fn)
                        fields.append(("compute", a, ins))
                        continue
                    if not a.get("spec"):
                        fields.append(None)
                        continue
                    fn = f"a{i}"
                    fetches.append(f"{fn}={a['spec']}" +
                                   (f":{a['type']}" if a.get("type")
                                    else ""))
                    fields.append(fn)
                if entry is not None:
                    fetches.append("__sp=%sp:x64")
                err = sess.add(ev, binary, s["file_offset"], fetches)
                if err is None and entry is not None:
                    sp = ["__sp=%sp:x64"]
                    err = sess.add(ev + "__e", binary, entry,
                                   efetches + sp) or \
                        sess.add(ev + "__r", binary, entry, sp, kind="r")
                    if err:
                        m["attach_errors"].append(
                            f"site {j}: entry probe rejected ({err})")
                        fields = [None if isinstance(f, tuple) and
                                  f[0] == "entry" else f for f in fields]
                        err = None
                    else:
                        entry_evs[ev + "__e"] = [f[2] for f in fields
                                                 if isinstance(f, tuple) and
                                                 f[0] == "entry"]
                        return_evs[ev + "__r"] = ev + "__e"
                        fields = [("entry", f[1], f[2], ev + "__e")
                                  if isinstance(f, tuple) and
                                  f[0] == "entry" else f for f in fields]
                user = [f for f in fetches if not USER_ONLY.search(f)]
                if err and user and len(user) < len(fetches):
                    # "@sym" is kprobe syntax: uprobes reject the line.
                    err2 = sess.add(ev, binary, s["file_offset"], user)
                    if err2 is None:
                        m["attach_errors"].append(
                            f"site {j}: dropped kprobe-only fetch args "
                            f"({err})")
                        fields = [f if f and any(
                            u.startswith(f + "=") for u in user) else None
                            for f in fields]
                        err = None
                if err and fetches:
                    # Place it anyway: counts still say something.
                    err2 = sess.add(ev, binary, s["file_offset"], [])
                    if err2 is None:
                        m["attach_errors"].append(
                            f"site {j}: fetch args rejected ({err})")
                        fields = [None] * len(fields)
                        err = None
                if err:
                    m["attach_errors"].append(f"site {j}: {err}")
                    continue
                used.add(ev)
                m["attached"] += 1
                evmap[ev] = (name, j, fields)
        sess.start()
        r = subprocess.run([os.path.basename(binary)] + list(argv),
                           executable=binary, cwd=workdir,
                           capture_output=True,
                           text=True, timeout=120)
        text = sess.stop()
    finally:
        sess.close()
    if sess.leftover:
        raise RuntimeError(sess.leftover)
    if r.returncode:
        raise RuntimeError(f"{binary}: exit {r.returncode}: {r.stderr}")
    got = {}
    lost = 0
    stacks = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        if "LOST" in line and "EVENTS" in line:
            lost += 1
            continue
        t = TRACE_LINE.match(line)
        if t and (t.group(1) in entry_evs or t.group(1) in return_evs):
            join_entry(stacks, line, t, entry_evs, return_evs)
            continue
        if not t or t.group(1) not in evmap:
            continue
        name, j, fields = evmap[t.group(1)]
        names = []
        for f in fields:
            if isinstance(f, tuple) and f[0] == "entry":
                continue
            if isinstance(f, tuple):
                names += f[2]
            elif f:
                names.append(f)
        if " __sp=" in t.group(3):
            # the stack pointer of an event with entry values (the
            # tool's own events in --attach resolve), last
            names.append("__sp")
        vals = parse_fields(t.group(3), names) or {}
        row = []
        for f in fields:
            if isinstance(f, tuple) and f[0] == "entry":
                row.append(entry_value(stacks, line, f[3], f[2],
                                       vals.get("__sp")))
            elif isinstance(f, tuple):
                row.append(computed_value(f[1], vals, f[2]))
            else:
                row.append(vals.get(f) if f else None)
        got.setdefault(name, []).append((j, int(t.group(2), 16), row))
    if lost:
        raise RuntimeError("trace buffer lost events")
    return got, r.stdout


# --------------------------------------------------------------- comparing

WIDTH = {"8": 8, "16": 16, "32": 32, "64": 64}


def same_value(want, got, typ):
    """(equal, representation differs)."""
    if got == want:
        return True, False
    if want.startswith('"') or got.startswith('"') or typ is None:
        return False, False
    try:
        a, b = int(want, 0), int(got, 0)
    except ValueError:
        return False, False
    m = re.search(r"(\d+)$", typ.split("@")[0].split("/")[0])
    bits = WIDTH.get(m.group(1), 64) if m else 64
    mask = (1 << bits) - 1
    eq = (a & mask) == (b & mask)
    return eq, eq


def site_name(s):
    if s.get("symbol"):
        return f"{s['symbol']}+{int(s.get('offset') or 0):#x}"
    return f"{s['file_offset']:#x}"


def compare(expected, markers, got):
    rows = []
    for name in sorted(set(markers) | set(expected)):
        m = markers.get(name, {"verdict": "not found",
                               "reason": "not in definitions",
                               "sites": [], "attached": 0,
                               "attach_errors": []})
        exp = expected.get(name, [])
        g = got.get(name, [])
        nargs = max([len(h) for h in exp] +
                    [len(s["args"]) for s in m["sites"]] + [0])
        row = {"name": name, "verdict": m["verdict"],
               "direction": m.get("direction"),
               "reason": m.get("reason"), "expected": len(exp),
               "got": len(g), "sites": len(m["sites"]),
               "attached": m.get("attached", 0), "right": 0, "wrong": 0,
               "unavailable": 0, "repr_differs": 0, "nargs": nargs,
               "problems": list(m.get("attach_errors", [])),
               "def_seconds": m.get("def_seconds")}
        if "refused_verdict" in m:
            row["refused_verdict"] = m["refused_verdict"]
        # An argument is available when every site fetches it.
        avail = 0
        for i in range(nargs):
            if m["sites"] and all(i < len(s["args"]) and
                                  (s["args"][i].get("spec") or
                                   s["args"][i].get("compute") or
                                   is_entry(s["args"][i]))
                                  for s in m["sites"]):
                avail += 1
        row["args_available"] = avail
        # Per argument: None when every site fetches it, else the first
        # reason a site gives (bench/value-reasons.py tabulates them).
        why = []
        for i in range(nargs):
            r = None
            for s in m["sites"] or [{"args": []}]:
                a = s["args"][i] if i < len(s["args"]) else {}
                if not a.get("spec") and not a.get("compute") and \
                        not is_entry(a):
                    r = a.get("reason") or "no fetch argument"
                    break
            why.append(r)
        row["arg_why"] = why
        row["arg_reasons"] = sorted({
            f"{a.get('expr')}: {a.get('reason')}" for s in m["sites"]
            for a in s["args"] if not a.get("spec") and
            not a.get("compute") and not is_entry(a) and a.get("reason")})
        row["how"] = sorted({a.get("how") for s in m["sites"]
                             for a in s["args"] if a.get("how")})
        if len(exp) == len(g):
            for k, (want, (j, _addr, vals)) in enumerate(zip(exp, g)):
                site = m["sites"][j]
                for i, w in enumerate(want):
                    v = vals[i] if i < len(vals) else None
                    if v is None or v == "(fault)":
                        row["unavailable"] += 1
                        continue
                    typ = site["args"][i].get("type") \
                        if i < len(site["args"]) else None
                    eq, rep = same_value(w, v, typ)
                    if eq:
                        row["right"] += 1
                        row["repr_differs"] += rep
                    else:
                        row["wrong"] += 1
                        if len(row["problems"]) < 6:
                            row["problems"].append(
                                f"hit {k} arg {i} "
                                f"({site['args'][i].get('expr')}): "
                                f"want {w} got {v}")
        else:
            row["problems"].append(f"count {len(g)} != {len(exp)}")
        # Hits per site, to say where a wrong count comes from.
        per = [0] * len(m["sites"])
        for j, _addr, _vals in g:
            per[j] += 1
        row["site_hits"] = [{"where": site_name(s), "hits": n}
                            for s, n in zip(m["sites"], per)]
        if len(exp) != len(g):
            row["problems"][-1] += "; sites " + " ".join(
                f"{h['where']}:{h['hits']}" for h in row["site_hits"][:8])
        rows.append(row)
    return rows


def direction_holds(r):
    """Does an approximated row's count err the way it says?"""
    d = r.get("direction")
    if d == "over":
        return r["got"] >= r["expected"]
    if d == "under":
        return r["got"] <= r["expected"]
    return False


def totals(rows):
    t = {"markers": len(rows), "exact": 0, "exact_claimed": 0,
         "silent_miscounts": 0, "counts_match": 0, "values_right": 0,
         "values_wrong": 0, "values_unavailable": 0,
         "exact_values_right": 0, "exact_values_wrong": 0,
         "exact_values_unavailable": 0, "exact_args": 0,
         "exact_args_available": 0, "def_seconds": 0.0,
         "over": 0, "under": 0, "wrong_directions": 0}
    for r in rows:
        ok = r["expected"] == r["got"]
        claimed = r["verdict"] == "exact"
        # An approximation says which way it errs; the other way, or
        # none said, counts like a silent miscount.
        if r["verdict"] == "approximated":
            d = r.get("direction")
            if d in ("over", "under"):
                t[d] += 1
            t["wrong_directions"] += not direction_holds(r)
        t["counts_match"] += ok and r["sites"] > 0
        t["values_right"] += r["right"]
        t["values_wrong"] += r["wrong"]
        t["values_unavailable"] += r["unavailable"]
        t["def_seconds"] += r.get("def_seconds") or 0
        if claimed:
            t["exact_claimed"] += 1
            t["exact"] += ok
            t["silent_miscounts"] += not ok
            t["exact_values_right"] += r["right"]
            t["exact_values_wrong"] += r["wrong"]
            t["exact_values_unavailable"] += r["unavailable"]
            t["exact_args"] += r["nargs"]
            t["exact_args_available"] += r["args_available"]
    n = t["markers"] or 1
    t["exact_pct"] = round(100.0 * t["exact"] / n, 1)
    t["exact_args_available_pct"] = round(
        100.0 * t["exact_args_available"] / t["exact_args"], 1) \
        if t["exact_args"] else 100.0
    return t


def summary(cfg):
    t = cfg["totals"]
    return (f"{cfg['cc']} {cfg['level']} {cfg['source']}"
            f"{'' if cfg['variant'] == 'zero' else ' ' + cfg['variant']}: "
            f"markers {t['markers']} exact {t['exact']} "
            f"({t['exact_pct']}%) claimed {t['exact_claimed']} "
            f"miscounts {t['silent_miscounts']} "
            f"over {t['over']} under {t['under']} "
            f"wrong-directions {t['wrong_directions']} "
            f"counts-match {t['counts_match']} values right "
            f"{t['values_right']} wrong {t['values_wrong']} "
            f"unavailable {t['values_unavailable']} (exact: "
            f"{t['exact_values_right']}/{t['exact_values_wrong']}/"
            f"{t['exact_values_unavailable']}) exact-args-available "
            f"{t['exact_args_available']}/{t['exact_args']} "
            f"({t['exact_args_available_pct']}%)")


def table(cfg, out):
    out.write(f"== {cfg['cc']} {cfg['level']} {cfg['source']} "
              f"{cfg['variant']}\n")
    out.write(f"{'MARKER':<16} {'VERDICT':<12} {'EXP':>4} {'GOT':>4} "
              f"{'SITES':>5} {'RIGHT':>5} {'WRONG':>5} {'UNAV':>4} "
              f"{'ARGS':>5}  NOTES\n")
    for r in cfg["markers"]:
        flag = ""
        if r["expected"] != r["got"]:
            flag = "MISCOUNT " if r["verdict"] == "exact" else "count "
        if r["verdict"] == "approximated" and not direction_holds(r):
            flag = f"WRONG DIRECTION ({r.get('direction')}) "
        notes = flag + "; ".join(
            ([r["reason"]] if r["reason"] else []) + r["problems"] +
            r["arg_reasons"])
        out.write(f"{r['name']:<16} {r['verdict']:<12} {r['expected']:>4} "
                  f"{r['got']:>4} {r['sites']:>5} {r['right']:>5} "
                  f"{r['wrong']:>5} {r['unavailable']:>4} "
                  f"{r['args_available']:>2}/{r['nargs']:<2}  "
                  f"{notes[:160]}\n")
    out.write(summary(cfg) + "\n")


def self_test():
    """The comparison catches what it must: run.py --self-test."""
    fails = []

    def check(what, got, want):
        if got != want:
            fails.append(f"{what}: got {got!r}, want {want!r}")
    check("compute mul", compute("$0 $1 mul", [3, 5]), 15)
    check("compute shr and", compute("$0 3 shr 1 and", [0b1000]), 1)
    check("compute wraps", compute("$0 -1 plus", [0]), MASK64)
    check("compute shra", compute("$0 4 shra", [MASK64 - 31]), MASK64 - 1)
    check("compute missing input", compute("$0 $1 plus", [1, None]), None)
    check("typed s32", typed_text(MASK64, "s32"), "-1")
    check("typed x16", typed_text(0x12345, "x16"), "0x2345")
    check("same", same_value("-5", "-5", "s32"), (True, False))
    check("wrapped", same_value("-1", "0xffffffff", "x32"), (True, True))
    check("differs", same_value("5", "6", "u32"), (False, False))
    check("width", same_value("1", "4294967297", "u64"), (False, False))
    check("string", same_value('"a b"', '"a b"', "string"), (True, False))
    check("string differs", same_value('"a"', '"b"', "string"),
          (False, False))
    check("fields", parse_fields(' a0=1 a1="x a1=y" a2=(fault)',
                                 ["a0", "a1", "a2"]),
          {"a0": "1", "a1": '"x a1=y"', "a2": "(fault)"})
    t = TRACE_LINE.match("           fid-5455    [000] DBZff  1881.187511: "
                         "m_1: (0x55ff5a80f160) a0=-5 a1=\"s\"")
    check("trace line", t and t.groups(),
          ("m_1", "0x55ff5a80f160", ' a0=-5 a1="s"'))
    check("types", conv_types("%d %lu %x %p %s %c %zu %% %ld %#lx"),
          ["s32", "u64", "x32", "x64", "string", "u8", "u64", "s64",
           "x64"])
    site = {"file_offset": 0, "args": [
        {"expr": "a", "spec": "%di", "type": "s32"},
        {"expr": "b", "spec": None, "type": None, "reason": "gone"}]}
    markers = {
        "ok": {"verdict": "exact", "sites": [site]},
        "bad": {"verdict": "exact", "sites": [site]},
        "short": {"verdict": "exact", "sites": [site]},
        "approx": {"verdict": "approximated", "direction": "over",
                   "sites": [site]},
        "under": {"verdict": "approximated", "direction": "under",
                  "sites": [site]},
        "none": {"verdict": "approximated", "sites": [site]}}
    expected = {"ok": [["1", "2"], ["3", "4"]],
                "bad": [["1", "2"], ["3", "4"]],
                "short": [["1", "2"], ["3", "4"]],
                "approx": [["1", "2"]], "under": [["1", "2"]],
                "none": [["1", "2"]]}
    got = {"ok": [(0, 0, ["1", None]), (0, 0, ["3", None])],
           "bad": [(0, 0, ["1", None]), (0, 0, ["7", None])],
           "short": [(0, 0, ["1", None])],
           "approx": [(0, 0, ["1", None]), (0, 0, ["1", None])],
           "under": [(0, 0, ["1", None]), (0, 0, ["1", None])],
           "none": [(0, 0, ["1", None]), (0, 0, ["1", None])]}
    rows = {r["name"]: r for r in compare(expected, markers, got)}
    check("right/wrong/unavailable", [(rows[n]["right"], rows[n]["wrong"],
                                       rows[n]["unavailable"])
                                      for n in ("ok", "bad")],
          [(2, 0, 2), (1, 1, 2)])
    t = totals(list(rows.values()))
    check("totals", (t["exact_claimed"], t["exact"], t["silent_miscounts"],
                     t["exact_values_wrong"], t["counts_match"],
                     t["exact_args"], t["exact_args_available"]),
          (3, 2, 1, 1, 2, 6, 3))
    # over with more hits holds; under with more, and no direction, not
    check("directions", (t["over"], t["under"], t["wrong_directions"]),
          (1, 1, 2))
    for f in fails:
        print("self-test: " + f)
    print(f"self-test: {'FAIL' if fails else 'ok'}")
    return 1 if fails else 0


# ------------------------------------------------------------------- main

def run_config(tfs, cc, level, source, variant, workdir, jobs, cache,
               attach="own"):
    cfg = {"cc": cc, "level": level, "source": source, "variant": variant,
           "error": None, "totals": None, "markers": []}
    d = os.path.join(workdir, f"{cc}{level}")
    key = (cc, level)
    if key not in cache:
        wit = build(cc, level, "witness", os.path.join(d, "witness"), jobs)
        expected, digest, wout = run_witness(wit, os.path.join(d,
                                                               "witness"))
        cache[key] = (expected, digest, wout)
    expected, digest, wout = cache[key]
    cfg["witness_digest"] = digest
    cfg["witness_hits"] = sum(len(v) for v in expected.values())
    bkey = (cc, level, variant)
    if bkey not in cache:
        cache[bkey] = build(cc, level, variant, os.path.join(d, variant),
                            jobs)
    binary = cache[bkey]
    t0 = time.monotonic()
    defs = SOURCES[source](binary)
    cfg["def_seconds_total"] = round(time.monotonic() - t0, 3)
    markers = merge_markers(defs)
    got, out = probe_run(tfs, binary, markers, os.path.dirname(binary),
                         attach)
    cfg["attach"] = attach
    if out != wout:
        cfg["error"] = f"outputs differ: witness {wout!r} probed {out!r}"
    cfg["markers"] = compare(expected, markers, got)
    cfg["totals"] = totals(cfg["markers"])
    cfg["totals"]["def_seconds"] = cfg["def_seconds_total"]
    return cfg


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--levels", default="-O0,-O2,-O3,-Os")
    ap.add_argument("--source", default="resolve",
                    help="resolve, perf, sdt, or several with commas")
    ap.add_argument("--variant", default="zero", choices=["zero", "exact"])
    ap.add_argument("--attach", default="own",
                    choices=["own", "resolve", "inproc"],
                    help="own: run.py writes each site's definition; "
                    "resolve: marker-resolve attach/detach --group; "
                    "inproc: marker-resolve run, activated in-process "
                    "(no tracefs)")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--figures", action="store_true",
                    help="with --variant exact: write Documentation/figures/"
                    "exact.json, the figures the docs quote")
    ap.add_argument("--workdir", help="keep the builds here")
    ap.add_argument("-q", "--quiet", action="store_true",
                    help="summary lines only")
    ap.add_argument("--self-test", action="store_true",
                    help="check the comparison on made-up data, and exit")
    a = ap.parse_args(argv[1:])
    if a.self_test:
        return self_test()
    sources = a.source.split(",")
    if any(s not in SOURCES for s in sources):
        ap.error(f"unknown source in {a.source}")
    if os.geteuid() != 0 and a.attach != "inproc":
        print("run.py: tracefs needs root", file=sys.stderr)
        return 1
    workdir = a.workdir or tempfile.mkdtemp(prefix="fid.")
    os.makedirs(workdir, exist_ok=True)
    jobs = os.cpu_count() or 2
    configs, cache, failed = [], {}, 0
    tfs = Tracefs() if a.attach != "inproc" else None
    try:
        for cc in a.cc.split(","):
            for level in a.levels.split(","):
                for source in sources:
                    try:
                        if a.attach in ("resolve", "inproc") and \
                                source != "resolve":
                            ap.error("--attach=resolve needs --source "
                                     "resolve")
                        cfg = run_config(tfs, cc, level, source, a.variant,
                                         workdir, jobs, cache, a.attach)
                    except (RuntimeError, OSError, ValueError,
                            subprocess.TimeoutExpired) as e:
                        cfg = {"cc": cc, "level": level, "source": source,
                               "variant": a.variant, "error": str(e),
                               "totals": None, "markers": []}
                    configs.append(cfg)
                    if cfg["totals"] is None:
                        failed += 1
                        print(f"{cc} {level} {source}: error: "
                              f"{cfg['error']}", file=sys.stderr)
                        continue
                    if cfg["error"]:
                        failed += 1
                        print(f"{cc} {level} {source}: {cfg['error']}",
                              file=sys.stderr)
                    if a.quiet:
                        print(summary(cfg))
                    else:
                        table(cfg, sys.stdout)
                    sys.stdout.flush()
    finally:
        if tfs:
            tfs.close()
        if not a.workdir:
            shutil.rmtree(workdir, ignore_errors=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"version": 1, "configs": configs}, f, indent=1)
    if a.figures:
        sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
        import figures
        print(figures.write("exact" if a.variant == "exact" else "fidelity-"
                            + a.source, "tests/fidelity/run.py",
                            figures.fidelity_summary(configs)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
