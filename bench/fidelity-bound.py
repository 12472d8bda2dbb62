#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: how many markers any probe placement could get exact.

  fidelity-bound.py [--cc gcc,clang] [--levels=-O2,...] [--workdir DIR [--reuse]]
                    [--unroll N] [--json FILE] [-v]

A zero-instruction marker is exact when some set of instructions runs
exactly once each time the marker's statement runs.  When the compiler
erased the marker's point (an if-converted arm, merged switch arms, a
folded function, a vectorized loop), no such set exists and no tool, ours
or perf probe or a hand-written offset, can count the marker right.

This measures that ceiling on the corpus of tests/fidelity/ (the same
builds, the same witness counts as tests/fidelity.t):

  1. tests/fidelity/run.py builds each compiler and level and runs the
     witness build (expected hits per marker) and marker-resolve's
     probes (its verdicts), with real uprobes;
  2. bench/stepcount.c runs the zero-cost build under ptrace, one
     instruction at a time, and counts how often each instruction ran;
  3. a marker is placeable when the counts of at most k instructions of
     the functions holding its copies add up to the witness count, k =
     its copies in DWARF (inlined copies, and gcc's empty marker block in
     each copy of the code it duplicated or unrolled), times --unroll
     (clang keeps no block: for loops it unrolled, each unrolled copy of
     the point is one more instruction).

A count is a necessary condition only (the right count at the wrong
place passes), so "placeable" is an upper bound and "not placeable" is a
proof.  Printed per configuration: markers, placeable (the ceiling for
any tool), marker-resolve's exact ones, and their share of the ceiling;
with -v each marker that is not placeable.  Needs root (tracefs, ptrace).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import codecmp  # noqa: E402

RUN = os.path.join(TOP, "tests", "fidelity", "run.py")
LIST = os.path.join(TOP, "tools", "marker-list", "marker-list")


def step_counts(stepcount, binary, workdir):
    """{file offset: executions} of the binary's own instructions."""
    out = os.path.join(workdir, "steps.txt")
    r = subprocess.run([stepcount, out, binary], cwd=os.path.dirname(binary),
                       capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(out):
        sys.exit(f"fidelity-bound: stepcount {binary}: {r.stderr.strip()}")
    counts = {}
    with open(out) as f:
        for line in f:
            off, n = line.split()
            counts[int(off, 16)] = int(n)
    return counts


def function_offsets(binary):
    """{function name: (first, end) file offsets}."""
    elf = codecmp.Elf(binary)
    out = {}
    for name, (sec, start, end) in codecmp.functions(elf).items():
        base = sec.offset - sec.addr
        out[name] = (start + base, end + base)
    return out


def placeable(total, counts, k):
    """Do the counts of at most k distinct instructions add up to total?"""
    values = sorted(set(c for c in counts if 0 < c <= total))
    reach = {0}
    for _ in range(k):
        reach |= {r + c for r in reach for c in values if r + c <= total}
        if total in reach:
            return True
    return total in reach


def bound(binary, steps, markers, unroll):
    funcs = function_offsets(binary)
    listing = json.loads(subprocess.run([LIST, "--json", binary],
                                        capture_output=True, text=True,
                                        check=True).stdout)
    copies = {}
    for p in listing["probes"]:
        if p["kind"] != "marker":
            continue
        c = copies.setdefault(p["name"], {"k": 0, "funcs": set()})
        for inst in p["instances"]:
            # one instruction per copy of the point the compiler kept:
            # gcc's empty marker block in each unrolled or duplicated copy
            c["k"] += max(1, len(inst["parts"]))
            for part in inst["parts"]:
                sym = part.get("symbol")
                if sym:
                    c["funcs"].add(sym)
                    if sym + ".cold" in funcs:
                        c["funcs"].add(sym + ".cold")
    rows = []
    for m in markers:
        c = copies.get(m["name"], {"k": 0, "funcs": set()})
        counts = []
        for fn in c["funcs"]:
            lo, hi = funcs.get(fn, (0, 0))
            counts += [n for off, n in steps.items() if lo <= off < hi]
        ok = m["expected"] == 0 or (
            c["k"] > 0 and placeable(m["expected"], counts,
                                     c["k"] * unroll))
        rows.append({"name": m["name"], "expected": m["expected"],
                     "got": m["got"], "verdict": m["verdict"],
                     "copies": c["k"], "functions": sorted(c["funcs"]),
                     "placeable": ok,
                     "exact": m["verdict"] == "exact" and
                     m["expected"] == m["got"]})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--levels", default="-O0,-O2,-O3,-Os")
    ap.add_argument("--workdir", help="keep the builds here")
    ap.add_argument("--unroll", type=int, default=1,
                    help="instructions allowed per copy (default 1)")
    ap.add_argument("--json", help="write the per-marker results here")
    ap.add_argument("--reuse", action="store_true",
                    help="take the builds and fidelity run kept in "
                    "--workdir by an earlier run")
    ap.add_argument("--figures", action="store_true",
                    help="add this --unroll's ceiling to Documentation/"
                    "figures/bound.json, the figures the docs quote")
    ap.add_argument("-v", action="store_true",
                    help="list the markers no placement can get exact")
    a = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("fidelity-bound: needs root (tracefs for the fidelity run)")
    work = a.workdir or tempfile.mkdtemp(prefix="fid-bound.")
    fid_json = os.path.join(work, "fidelity.json")
    r = subprocess.run(["true"]) if a.reuse and os.path.exists(fid_json) \
        else subprocess.run([sys.executable, RUN, "--cc", a.cc,
                        "--levels=" + a.levels, "--workdir", work,
                        "--json", fid_json, "-q"])
    if r.returncode != 0:
        sys.exit("fidelity-bound: the fidelity run failed")
    stepcount = os.path.join(work, "stepcount")
    subprocess.run(["cc", "-O2", "-Wall", "-o", stepcount,
                    os.path.join(TOP, "bench", "stepcount.c")], check=True)
    with open(fid_json) as f:
        fid = json.load(f)
    out = []
    print(f"{'config':12} {'markers':>7} {'placeable':>9} {'ceiling':>8} "
          f"{'exact':>5} {'share':>6} {'of ceiling':>10}")
    for cfg in fid["configs"]:
        if cfg["source"] != "resolve" or cfg.get("error"):
            continue
        name = cfg["cc"] + cfg["level"]
        binary = os.path.join(work, name, "zero", "fid")
        steps = step_counts(stepcount, binary, os.path.join(work, name))
        rows = bound(binary, steps, cfg["markers"], a.unroll)
        n = len(rows)
        can = sum(r["placeable"] for r in rows)
        ex = sum(r["exact"] for r in rows)
        print(f"{name:12} {n:7} {can:9} {100.0 * can / n:7.1f}% {ex:5} "
              f"{100.0 * ex / n:5.1f}% {100.0 * ex / can if can else 0:9.1f}%")
        if a.v:
            for r in rows:
                if not r["placeable"]:
                    print(f"    not placeable: {r['name']} ({r['expected']}"
                          f" hits; marker-resolve: {r['verdict']}, "
                          f"{r['got']} hits)")
        bad = [r["name"] for r in rows if r["exact"] and not r["placeable"]]
        if bad:
            print(f"    BUG: exact but not placeable: {' '.join(bad)}")
        out.append({"cc": cfg["cc"], "level": cfg["level"],
                    "unroll": a.unroll, "markers": rows})
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"version": 1, "configs": out}, f, indent=1)
    if a.figures:
        sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
        import figures
        try:
            have = figures.load("bound")
        except (OSError, ValueError, KeyError):
            have = {}
        have.update(figures.bound_summary(out))
        print(figures.write("bound", "bench/fidelity-bound.py", have))


if __name__ == "__main__":
    main()
