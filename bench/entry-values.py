#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Entry values (DW_OP_entry_value): marker-resolve and perf probe on the
same markers, in the same run.

  entry-values.py [--cc gcc,clang] [--levels -O2]

Builds tests/fixtures/entry.c and the tests/fidelity corpus, takes every
marker one of whose arguments marker-resolve reads as an entry value
("how": "entry value"), and asks `perf probe -x BIN -D 'FILE:LINE ARGS'`
for the same point and arguments.  Prints per marker what each gives (our
arguments fetched or joined; perf's definition or its error) and the
totals: arguments available to each, and the ratio.  Values are checked
by tests/entry.t and tests/fidelity.t, not here.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
R = os.path.join(TOP, "tools", "resolve", "marker-resolve")
LDS = os.path.join(TOP, "scripts", "simple_marker-user.lds")


def build(cc, level, srcs, out):
    subprocess.run([cc, "-std=gnu11", "-g", level, "-pthread",
                    "-I" + os.path.join(TOP, "include"), "-o", out] + srcs +
                   ["-Wl,-T," + LDS], check=True, capture_output=True)


def perf_probe(binary, file, line, exprs):
    spec = f"{os.path.basename(file)}:{line} " + " ".join(exprs)
    r = subprocess.run(["perf", "probe", "-x", binary, "-D", spec],
                       capture_output=True, text=True, timeout=300)
    defs = [ln for ln in r.stdout.splitlines() if ln.startswith("p:")]
    if r.returncode or not defs:
        lines = [ln.strip() for ln in (r.stderr + r.stdout).splitlines()
                 if ln.strip()]
        err = [ln for ln in lines if "Error" not in ln] or lines
        return 0, (err[0] if err else "failed")[:60]
    # Arguments in every definition perf gives.
    n = min(sum(1 for a in d.split()[2:] if "=" in a) for d in defs)
    return n, f"{len(defs)} event(s)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--levels", default="-O2")
    a = ap.parse_args()
    if not shutil.which("perf"):
        print("entry-values.py: perf not installed", file=sys.stderr)
        return 1
    tmp = tempfile.mkdtemp(prefix="smk-entry-")
    progs = {"entry": [os.path.join(TOP, "tests", "fixtures", "entry.c")],
             "fidelity": sorted(glob.glob(os.path.join(TOP, "tests",
                                                       "fidelity", "*.c")))}
    tot = {"ours": 0, "perf": 0, "args": 0, "markers": 0}
    print(f"{'build':<22} {'marker':<16} {'ours':>5} {'perf':>5}  perf says")
    try:
        for cc in a.cc.split(","):
            for level in a.levels.split(","):
                for name, srcs in progs.items():
                    b = os.path.join(tmp, f"{name}-{cc}{level}")
                    build(cc, level, srcs, b)
                    doc = json.loads(subprocess.run(
                        [R, "--format=json", b], check=True,
                        capture_output=True, text=True).stdout)
                    for m in doc["markers"]:
                        if m["verdict"] != "exact" or not m["sites"]:
                            continue
                        args = m["sites"][0]["args"]
                        if not any(x.get("how") == "entry value"
                                   for x in args):
                            continue
                        ours = sum(1 for x in args
                                   if x.get("spec") or x.get("compute") or
                                   x.get("how") == "entry value")
                        n, why = perf_probe(b, m["file"], m["line"],
                                            [x["expr"] for x in args])
                        tot["ours"] += ours
                        tot["perf"] += n
                        tot["args"] += len(args)
                        tot["markers"] += 1
                        print(f"{name + ' ' + cc + level:<22} "
                              f"{m['name']:<16} {ours:>2}/{len(args):<2} "
                              f"{n:>2}/{len(args):<2}  {why}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\n{tot['markers']} exact markers with an entry value, "
          f"{tot['args']} arguments: marker-resolve {tot['ours']}, "
          f"perf probe {tot['perf']}" +
          (f"; ratio {tot['ours'] / tot['perf']:.1f}" if tot["perf"] else
           " (it fails the whole event)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
