#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""The ceiling of any placement on the campaign's own programs.

  bound.py RESULT.json WORKDIR [--programs N] [--unroll K]

bench/fidelity-bound.py's measure, pointed at the builds a
`run.py --workdir WORKDIR --json RESULT.json` campaign kept: each
zero-cost program runs under bench/stepcount.c (ptrace, one instruction
at a time), and a marker is placeable when the execution counts of at
most k instructions of the functions holding its copies add up to the
witness's count (k: its copies in DWARF, times --unroll).  A necessary
condition, so "placeable" is an upper bound for any tool.  Printed per
configuration: markers, placeable, marker-resolve's exact ones (claimed
exact and the count right), and their share of the ceiling; and markers
called exact that no placement can get right (a contradiction: a bug in
the measure or a lucky count).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


fb = load("fidbound", os.path.join(TOP, "bench", "fidelity-bound.py"))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("json")
    ap.add_argument("workdir")
    ap.add_argument("--programs", type=int, default=0,
                    help="only the first N kept programs")
    ap.add_argument("--unroll", type=int, default=1)
    a = ap.parse_args(argv[1:])
    doc = json.load(open(a.json))
    tmp = tempfile.mkdtemp(prefix="camp-bound.")
    stepcount = os.path.join(tmp, "stepcount")
    subprocess.run(["cc", "-O2", "-Wall", "-o", stepcount,
                    os.path.join(TOP, "bench", "stepcount.c")], check=True)
    tot = {}
    done = 0
    for p in doc["programs"]:
        if p["dropped"]:
            continue
        if a.programs and done >= a.programs:
            break
        done += 1
        for cfg, res in p["configs"].items():
            if "rows" not in res:
                continue
            d = os.path.join(a.workdir, f"p{p['seed']}", cfg, "zero")
            binary = os.path.join(d, "prog")
            if not os.path.exists(binary):
                continue
            steps = fb.step_counts(stepcount, binary, d)
            rows = fb.bound(binary, steps, res["rows"], a.unroll)
            t = tot.setdefault(cfg, {"markers": 0, "placeable": 0,
                                     "exact": 0, "contradictions": 0})
            t["markers"] += len(rows)
            t["placeable"] += sum(r["placeable"] for r in rows)
            t["exact"] += sum(r["exact"] for r in rows)
            t["contradictions"] += sum(r["exact"] and not r["placeable"]
                                       for r in rows)
    print(f"# {done} programs")
    print("| config | markers | placeable (ceiling) | exact and right | "
          "share of ceiling | exact but not placeable |")
    print("|---|---|---|---|---|---|")
    for cfg in doc["configs"]:
        t = tot.get(cfg)
        if not t:
            continue
        share = 100.0 * t["exact"] / t["placeable"] if t["placeable"] else 0
        print(f"| {cfg.replace('-', ' -')} | {t['markers']} | "
              f"{t['placeable']} ({100.0 * t['placeable'] / t['markers']:.1f}"
              f"%) | {t['exact']} | {share:.1f}% | {t['contradictions']} |")
    subprocess.run(["rm", "-rf", tmp])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
