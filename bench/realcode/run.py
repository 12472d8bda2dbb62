#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Placement on real programs: Debian source packages, witness vs uprobes.

  run.py [--projects zlib,lua5.4,bzip2] [--configs gcc-O2,...]
         [--markers M] [--marker-hits H] [--program-hits T] [--seed S]
         [--json FILE] [--workdir DIR] [-q]

Issue 11, section 1, "real programs from Debian source packages": the
campaign of bench/campaign/run.py, on code nobody here wrote.  For each
project of PROJECTS:

  1. scripts/debian-source.sh fetches and unpacks the Debian source
     package (its patches applied);
  2. bench/campaign/gen.py finds the statement boundaries of each of the
     project's C files with libclang, with the project's own defines;
  3. a counting build (gcc -O0, one counter per boundary, all files) runs
     the project's workload twice: a workload that fails or counts
     differently is an error (the project list is at fault, not the tool);
  4. up to M boundaries get a marker, drawn with the seed among those hit
     1..H times while the workload's hits stay under T, and a fifth of
     never-hit ones; arguments are in-scope integer variables (gen.py);
  5. per compiler and level, the witness build (-DSMK_WITNESS: every
     marker a logging call) and the zero-cost build of the marked files;
     the witness runs twice and must log the same hits; the zero-cost
     build must print what the witness printed;
  6. `marker-resolve --format=json` on the zero-cost build, every site a
     real uprobe, the workload run, hits and values compared marker by
     marker (tests/fidelity/run.py's attach and compare).

Dropped by rule, not by hand: a marker whose count in any witness build
(each compiler and level is another code layout) differs from the
counting build's at the same boundary.  The program then behaves
differently when its code is laid out differently (a hash of addresses,
an uninitialized read), and no witness says what the zero-cost build's
own layout does.  Such markers are counted ("unstable") and left out of
every other column.  Workloads run with address space randomization off
(Lua hashes addresses), so that the same build counts alike twice.

The table has the columns of bench/campaign/run.py; each failure is
listed with its project, file, line and function.  Exit: 0 when the
campaign ran, 1 when a part failed (a download, a build, tracefs), 2
usage.  Needs root.
"""
import argparse
import concurrent.futures
import glob
import importlib.util
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "bench", "campaign"))
import gen  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "campaign_run", os.path.join(TOP, "bench", "campaign", "run.py"))
campaign = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(campaign)

fid = campaign.fid
LDS = campaign.LDS
BASE_CFLAGS = ["-std=gnu11", "-g", "-w",
               "-I" + os.path.join(TOP, "include"),
               "-I" + os.path.join(TOP, "tests", "fidelity")]

# Each project: the Debian source package, the C files of one program
# (globs relative to the unpacked tree), defines and include directories
# as its build gives them, files its build would generate, libraries, and
# the workload: arguments ("{HERE}" is this directory) run in a scratch
# directory.  Kept to programs whose build is one compiler call per file.
PROJECTS = {
    "zlib": {
        "package": "zlib",
        "files": ["adler32.c", "compress.c", "crc32.c", "deflate.c",
                  "gzclose.c", "gzlib.c", "gzread.c", "gzwrite.c",
                  "infback.c", "inffast.c", "inflate.c", "inftrees.c",
                  "trees.c", "uncompr.c", "zutil.c", "test/example.c"],
        "cflags": ["-I.", "-D_LARGEFILE64_SOURCE=1", "-DHAVE_UNISTD_H",
                   "-DHAVE_STDARG_H"],
        "libs": [],
        "argv": [],
        "what": "zlib's own test/example.c: deflate, inflate, gz files, "
                "dictionaries, sync, large buffers",
    },
    "lua5.4": {
        "package": "lua5.4",
        "files": ["src/l*.c"],
        "exclude": ["src/luac.c"],
        "cflags": ["-Isrc", "-DLUA_USE_LINUX",
                   # A fixed string-hash seed: Lua mixes time and
                   # addresses into it otherwise.
                   "-Dluai_makeseed(L)=0u"],
        "generated": {"lua5.4-deb-multiarch.h":
                      '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n'},
        "libs": ["-lm", "-ldl"],
        "argv": ["{HERE}/work.lua"],
        "what": "the interpreter on work.lua: parser, VM, strings, "
                "patterns, tables, closures, coroutines, metatables, "
                "errors, the collector",
    },
    "bzip2": {
        "package": "bzip2",
        "files": ["blocksort.c", "huffman.c", "crctable.c", "randtable.c",
                  "compress.c", "decompress.c", "bzlib.c", "bzip2.c"],
        "cflags": ["-I.", "-D_FILE_OFFSET_BITS=64"],
        "libs": [],
        "argv": ["-k", "-f", "-9", "-v", "input"],
        "input": "bzlib.c",
        "what": "bzip2 -9 -v on its own bzlib.c: the compressor, the "
                "block sort, Huffman coding, the front end",
    },
}

COUNT_EXTERN = """\
/* Boundary counters inserted by bench/realcode/run.py */
extern unsigned long smk_pre[];
#define SMK_PRE(k) (smk_pre[k]++)
"""
COUNT_MAIN = """\
#include <stdio.h>
#include <stdlib.h>
unsigned long smk_pre[%d];
__attribute__((destructor)) static void smk_pre_dump(void)
{
	FILE *f = fopen(getenv("SMK_PRE_FILE"), "w");
	unsigned long i;

	if (!f)
		return;
	for (i = 0; i < sizeof(smk_pre) / sizeof(smk_pre[0]); i++)
		fprintf(f, "%%lu\\n", smk_pre[i]);
	fclose(f);
}
"""
MARK_PRELUDE = """\
/* Markers inserted by bench/realcode/run.py */
#include <linux/simple_marker.h>
#include "witness.h"
"""
WITNESS_MAIN = """\
#include <linux/simple_marker.h>
#define SMK_WITNESS_MAIN
#include "witness.h"
"""
TIMEOUT = 60


class Project:
    def __init__(self, name, spec, work, args):
        self.name, self.spec, self.args = name, spec, args
        self.work = os.path.join(work, name)
        os.makedirs(self.work, exist_ok=True)
        r = campaign.sh(["sh", os.path.join(TOP, "scripts",
                                            "debian-source.sh"),
                         spec["package"]], timeout=600)
        if r.returncode:
            raise RuntimeError(f"{name}: {r.stderr.strip()}")
        self.src = r.stdout.strip()
        files = []
        for g in spec["files"]:
            hit = sorted(glob.glob(os.path.join(self.src, g)))
            if not hit:
                raise RuntimeError(f"{name}: {g}: no such file in "
                                   f"{self.src}")
            files += [os.path.relpath(f, self.src) for f in hit
                      if os.path.relpath(f, self.src)
                      not in spec.get("exclude", [])]
        self.files = files
        gdir = os.path.join(self.work, "generated")
        os.makedirs(gdir, exist_ok=True)
        for fn, text in spec.get("generated", {}).items():
            with open(os.path.join(gdir, fn), "w") as f:
                f.write(text)
        # Include directories of the tree are absolute: the marked files
        # live elsewhere, and "#include "x.h"" must still find the tree's.
        self.cflags = ["-I" + gdir] + [
            "-I" + os.path.join(self.src, f[2:]) if f.startswith("-I")
            else f for f in spec["cflags"]] + \
            ["-I" + os.path.join(self.src, os.path.dirname(f) or ".")
             for f in files]
        self.argv = [a.replace("{HERE}", HERE) for a in spec["argv"]]

    def scratch(self, d):
        """A directory to run the workload in, with its input."""
        os.makedirs(d, exist_ok=True)
        if self.spec.get("input"):
            shutil.copyfile(os.path.join(self.src, self.spec["input"]),
                            os.path.join(d, "input"))
        return d

    def build(self, cc, flags, srcs, out):
        """One object per file, then the program, in out's directory."""
        odir = os.path.dirname(out)
        os.makedirs(odir, exist_ok=True)

        def one(k_src):
            k, src = k_src
            obj = os.path.join(odir, f"{k:03d}-" +
                               os.path.basename(src)[:-2] + ".o")
            r = campaign.sh([cc] + BASE_CFLAGS + self.cflags + flags +
                            ["-c", src, "-o", obj], timeout=600)
            if r.returncode:
                raise RuntimeError(f"{cc} {' '.join(flags)}: {src}: "
                                   f"{r.stderr.strip()[:800]}")
            return obj
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            objs = list(ex.map(one, enumerate(srcs)))
        r = campaign.sh([cc, "-o", out] + objs + self.spec["libs"] +
                        ["-Wl,-T," + LDS], timeout=300)
        if r.returncode:
            raise RuntimeError(f"{cc} link {out}: {r.stderr.strip()[:800]}")
        return out

    def counts(self, binary, d):
        runs = []
        for k in range(2):
            path = os.path.join(d, f"pre{k}.txt")
            r = campaign.sh([binary] + self.argv, timeout=TIMEOUT,
                            cwd=self.scratch(os.path.join(d, f"run{k}")),
                            env=dict(os.environ, SMK_PRE_FILE=path))
            if r.returncode:
                raise RuntimeError(f"{self.name}: counting run: exit "
                                   f"{r.returncode}: {r.stderr[:300]}")
            with open(path) as f:
                runs.append([int(x) for x in f.read().split()])
        if runs[0] != runs[1]:
            raise RuntimeError(f"{self.name}: the counting runs differ")
        return runs[0]

    def mark(self):
        """Boundaries of every file, the counting run, marked files."""
        a = self.args
        pts = []
        for f in self.files:
            path = os.path.join(self.src, f)
            for p in gen.points(path, self.cflags + BASE_CFLAGS[2:]):
                pts.append(dict(p, file=f))
        cdir = os.path.join(self.work, "count")
        os.makedirs(cdir, exist_ok=True)
        srcs = []
        for k, f in enumerate(self.files):
            with open(os.path.join(self.src, f), "rb") as fh:
                text = fh.read()
            mine = [(p["offset"], f"SMK_PRE({i});")
                    for i, p in enumerate(pts) if p["file"] == f]
            out = os.path.join(cdir, f"{k:03d}-" + os.path.basename(f))
            with open(out, "wb") as fh:
                fh.write(gen.render(text, mine, COUNT_EXTERN))
            srcs.append(out)
        main = os.path.join(cdir, "smk-count-main.c")
        with open(main, "w") as fh:
            fh.write(COUNT_MAIN % max(1, len(pts)))
        counts = self.counts(self.build("gcc", ["-O0"], srcs + [main],
                                        os.path.join(cdir, "prog")), cdir)
        rng = random.Random(f"{a.seed}:{self.name}")
        pick, hits = campaign.pick_markers(counts, rng, a)
        names, per_file = {}, {}
        for k, i in enumerate(pick):
            p = pts[i]
            name = f"m{k}"
            args = gen.choose_args(p, rng)
            per_file.setdefault(p["file"], []).append(
                (p["offset"], gen.marker_text(name, args)))
            names[name] = {"file": p["file"], "line": p["line"],
                           "func": p["func"], "where": p["where"],
                           "pre": counts[i]}
        mdir = os.path.join(self.work, "marked")
        os.makedirs(mdir, exist_ok=True)
        self.marked = []
        for k, f in enumerate(self.files):
            with open(os.path.join(self.src, f), "rb") as fh:
                text = fh.read()
            out = os.path.join(mdir, f"{k:03d}-" + os.path.basename(f))
            with open(out, "wb") as fh:
                fh.write(gen.render(text, per_file.get(f, []),
                                    MARK_PRELUDE))
            mine = {n for n, v in names.items() if v["file"] == f}
            bad = gen.verify(out, mine, self.cflags + BASE_CFLAGS[2:])
            if bad:
                raise RuntimeError(f"{out}: markers misplaced: {bad[:3]}")
            self.marked.append(out)
        self.witness_main = os.path.join(mdir, "smk-witness-main.c")
        with open(self.witness_main, "w") as fh:
            fh.write(WITNESS_MAIN)
        self.names = names
        return {"boundaries": len(pts), "hits": hits,
                "markers": len(names), "files": len(self.files)}

    def run_config(self, tfs, cfg):
        cc, level = cfg.split("-", 1)
        level = "-" + level
        d = os.path.join(self.work, cfg)
        wit = self.build(cc, [level, "-DSMK_WITNESS"],
                         self.marked + [self.witness_main],
                         os.path.join(d, "witness", "prog"))
        zero = self.build(cc, [level], self.marked,
                          os.path.join(d, "zero", "prog"))
        # The witness and the zero-cost build run in directories of one
        # length, with one environment but for the log's name (of one
        # length too): a program may see its directory or environment
        # (the stack's addresses move with them, and Lua hashes
        # addresses), and the two builds must be given the same world.
        runs = []
        for k in range(2):
            wd = self.scratch(os.path.join(d, "runs", f"w{k}"))
            try:
                runs.append(fid.run_witness(wit, wd, self.argv))
            except subprocess.TimeoutExpired:
                raise campaign.Drop("witness timeout")
        (exp, dig1, wout), (_e, dig2, wout2) = runs
        if dig1 != dig2 or wout != wout2:
            raise campaign.Drop("nondeterministic (witness runs differ)")
        t0 = time.monotonic()
        markers = fid.merge_markers(fid.defs_resolve(zero))
        secs = time.monotonic() - t0
        zd = self.scratch(os.path.join(d, "runs", "z0"))
        saved = os.environ.get("SMK_WITNESS_FILE")
        os.environ["SMK_WITNESS_FILE"] = os.path.join(zd, "witness.log")
        try:
            got, out = fid.probe_run(tfs, zero, markers, zd,
                                     argv=self.argv)
        finally:
            if saved is None:
                del os.environ["SMK_WITNESS_FILE"]
            else:
                os.environ["SMK_WITNESS_FILE"] = saved
        rows = fid.compare(exp, markers, got)
        for r in rows:
            r["pre"] = self.names.get(r["name"], {}).get("pre")
        if any(r["verdict"] == "exact" and (r["expected"] != r["got"] or
                                             r["wrong"]) for r in rows):
            rules = {}
            doc = json.loads(campaign.sh(
                [fid.MARKER_RESOLVE, "--format=json", zero],
                timeout=600).stdout)
            for m in doc.get("markers", []):
                rules.setdefault(m["name"], m.get("rule"))
            for r in rows:
                r["rule"] = rules.get(r["name"])
        err = None if out == wout else \
            f"output differs: witness {wout.strip()[:200]!r} probed " \
            f"{out.strip()[:200]!r}"
        return rows, err, secs


def tally(doc):
    """Totals and failures from every row.  A marker is unstable when any
    witness build (any compiler and level, each its own layout) counted
    it differently from the counting build: it is left out everywhere,
    for then the zero-cost build's own layout may count it differently
    again and no witness says how."""
    totals = {c: campaign.new_totals() | {"unstable": 0}
              for c in doc["configs"]}
    failures = []
    for entry in doc["projects"]:
        confs = entry.get("configs", {})
        unstable = {r["name"] for c in confs.values()
                    for r in c.get("rows", [])
                    if r.get("pre") is not None and
                    r["expected"] != r["pre"]}
        entry["unstable"] = sorted(unstable)
        names = entry.get("names", {})
        for cfg, c in confs.items():
            t = totals[cfg]
            if "rows" not in c:
                t["dropped" if "dropped" in c else "errors"] += 1
                continue
            rows = [r for r in c["rows"] if r["name"] not in unstable]
            t["programs"] += 1
            t["def_seconds"] += c.get("seconds", 0)
            t["unstable"] += len(c["rows"]) - len(rows)
            campaign.add_totals(t, rows)
            cc, level = cfg.split("-", 1)
            for r in rows:
                if r["verdict"] != "exact":
                    continue
                for kind, bad in (("miscount", r["expected"] != r["got"]),
                                  ("wrong", r["wrong"] > 0)):
                    if bad:
                        n = names.get(r["name"], {})
                        failures.append({
                            "cc": cc, "level": "-" + level, "kind": kind,
                            "project": entry["name"], "marker": r["name"],
                            "rule": r.get("rule"),
                            "expected": r["expected"], "got": r["got"],
                            "problems": r["problems"][:3],
                            "file": n.get("file"), "line": n.get("line"),
                            "func": n.get("func"), "where": n.get("where")})
    doc["totals"], doc["failures"] = totals, failures


def no_aslr():
    """Address space randomization off for our children (personality is
    inherited): Lua hashes addresses (its string cache, light userdata
    keys), and a layout that moves from run to run makes its counts
    move too."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    cur = libc.personality(0xffffffff)
    if cur != -1:
        libc.personality(cur | 0x0040000)  # ADDR_NO_RANDOMIZE


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--projects", default=",".join(PROJECTS))
    ap.add_argument("--configs", default=",".join(campaign.ALL_CONFIGS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--markers", type=int, default=300,
                    help="markers per project (default 300)")
    ap.add_argument("--marker-hits", type=int, default=200,
                    help="hits at most per live marker (default 200)")
    ap.add_argument("--program-hits", type=int, default=20000,
                    help="hits at most per workload (default 20000)")
    ap.add_argument("--json", help="write every row here")
    ap.add_argument("--workdir", help="keep the sources and builds here")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv[1:])
    projects = [p for p in a.projects.split(",") if p]
    configs = [c for c in a.configs.split(",") if c]
    bad = [p for p in projects if p not in PROJECTS] + \
        [c for c in configs if c not in campaign.ALL_CONFIGS]
    if bad or a.markers < 1:
        ap.error(f"unknown {bad}" if bad else "bad count")
    if os.geteuid() != 0:
        print("run.py: tracefs needs root", file=sys.stderr)
        return 1
    no_aslr()
    work = a.workdir or tempfile.mkdtemp(prefix="realcode.")
    os.makedirs(work, exist_ok=True)
    doc = {"version": 1, "seed": a.seed, "configs": configs,
           "projects": [], "failures": [], "totals": {}}
    failed = 0
    t_start = time.monotonic()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    tfs = fid.Tracefs()
    try:
        for name in projects:
            entry = {"name": name, "configs": {}}
            doc["projects"].append(entry)
            try:
                p = Project(name, PROJECTS[name], work, a)
                entry.update(p.mark(), source=os.path.basename(p.src))
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
                failed += 1
                entry["error"] = str(e)[:500]
                print(f"run.py: {name}: {e}", file=sys.stderr)
                continue
            for cfg in configs:
                try:
                    rows, err, secs = p.run_config(tfs, cfg)
                except campaign.Drop as e:
                    entry["configs"][cfg] = {"dropped": str(e)}
                    continue
                except (RuntimeError, OSError, ValueError,
                        subprocess.TimeoutExpired) as e:
                    failed += 1
                    entry["configs"][cfg] = {"error": str(e)[:500]}
                    print(f"run.py: {name}: {cfg}: {e}", file=sys.stderr)
                    continue
                if err:
                    entry["configs"][cfg] = {"dropped": err}
                    continue
                entry["configs"][cfg] = {"rows": rows, "seconds": secs}
                entry["names"] = p.names
                if a.json:
                    campaign.dump(doc, a.json)
                if not a.quiet:
                    print(f"# {name} {cfg}: {len(rows)} markers, "
                          f"{time.monotonic() - t_start:.0f} s")
                    sys.stdout.flush()
    finally:
        tfs.close()
        tally(doc)
        if a.json:
            campaign.dump(doc, a.json)
        if not a.workdir:
            shutil.rmtree(work, ignore_errors=True)
    campaign.print_table(doc["totals"], sys.stdout)
    print("unstable markers (left out): " + ", ".join(
        f"{c} {t['unstable']}" for c, t in doc["totals"].items()))
    for f in doc["failures"]:
        print(f"FAIL {f['cc']} {f['level']} {f['kind']} {f['project']} "
              f"{f['marker']} ({f['file']}:{f['line']} {f['func']}, rule "
              f"{f['rule']}): {'; '.join(f['problems'])}")
    print(f"# {time.monotonic() - t_start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
