#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: marker-resolve vs perf probe on the same markers, with uprobes.

  fidelity-vs-perf.py [--cc gcc,clang] [--levels=-O2,-O3] [--json FILE]

The corpus of tests/fidelity/ (64 markers, about 520 hits) is built per
compiler and level; the same zero-cost binary is probed three ways and
each trace compared with the witness build (tests/fidelity/run.py):

  marker-resolve   `marker-resolve --format=json BIN`, its verdicts;
  perf probe       `perf probe -x BIN -D 'FILE:LINE a0=EXPR:TYPE ...'` on
                   each marker's line, as a perf user would write it (the
                   arguments perf refuses dropped, one retry per argument);
  exact mode       the same corpus built with trace_simple_exact(), probed
                   through its SDT notes: the ceiling, at a cost in code
                   (tests/fidelity/cost.py).

Columns: markers with exact hit counts (marker-resolve: claimed exact and
right; perf: right, it claims nothing), counts matching whatever the
verdict, silent miscounts (claimed exact, wrong), values right / wrong /
unavailable over the markers whose count matches, the share of exact
markers' arguments available, and the definition time per marker.  Then
the ratios marker-resolve / perf probe.  Needs root (tracefs).  Never
gates anything: no thresholds here, see tests/fidelity.t.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "tests", "fidelity"))
import run as fid  # noqa: E402
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import figures  # noqa: E402

TOOLS = [("marker-resolve", "resolve", "zero"), ("perf probe", "perf", "zero"),
         ("exact mode", "sdt", "exact")]


def row(label, cfg):
    if cfg["totals"] is None:
        return f"{label:<15} error: {' '.join(cfg['error'].split())[:100]}"
    t = cfg["totals"]
    n = t["markers"]
    per = 1000.0 * cfg.get("def_seconds_total", 0) / max(n, 1)
    args = f"{t['exact_args_available_pct']:>9.1f}%" if t["exact_args"] \
        else f"{'-':>10}"
    return (f"{label:<15} {t['exact']:>3}/{n:<3} {t['counts_match']:>6} "
            f"{t['silent_miscounts']:>9} {t['values_right']:>5}/"
            f"{t['values_wrong']}/{t['values_unavailable']:<5} "
            f"{args} {per:>9.1f}")


def ratio(a, b):
    return f"{a / b:.2f}x" if b else ("inf" if a else "-")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--levels", default="-O2,-O3")
    ap.add_argument("--json")
    ap.add_argument("--figures", action="store_true",
                    help="write Documentation/figures/fidelity.json, the "
                    "figures the docs quote (tests/lib/figures.py)")
    a = ap.parse_args(argv[1:])
    if os.geteuid() != 0:
        print("fidelity-vs-perf: needs root for tracefs", file=sys.stderr)
        return 1
    if not shutil.which("perf"):
        print("fidelity-vs-perf: perf not installed (linux-perf)",
              file=sys.stderr)
        return 1
    work = tempfile.mkdtemp(prefix="fid-bench.")
    cache, out = {}, []
    tfs = fid.Tracefs()
    try:
        for cc in a.cc.split(","):
            for level in a.levels.split(","):
                print(f"== {cc} {level}")
                print(f"{'TOOL':<15} {'EXACT':>7} {'COUNTS':>6} "
                      f"{'MISCOUNTS':>9} {'VALUES R/W/U':<13} "
                      f"{'ARGS AVAIL':>10} {'ms/marker':>9}")
                got = {}
                for label, source, variant in TOOLS:
                    try:
                        cfg = fid.run_config(tfs, cc, level, source, variant,
                                             work, os.cpu_count() or 2,
                                             cache)
                    except (RuntimeError, OSError, ValueError) as e:
                        cfg = {"cc": cc, "level": level, "source": source,
                               "variant": variant, "error": str(e),
                               "totals": None, "markers": []}
                    got[label] = cfg
                    out.append(cfg)
                    print(row(label, cfg))
                r, p = got["marker-resolve"], got["perf probe"]
                if r["totals"] and p["totals"]:
                    rt, pt = r["totals"], p["totals"]
                    rs = r["def_seconds_total"] / max(rt["markers"], 1)
                    ps = p["def_seconds_total"] / max(pt["markers"], 1)
                    print(f"marker-resolve / perf probe: exact "
                          f"{ratio(rt['exact'], pt['exact'])}, values right "
                          f"{ratio(rt['values_right'], pt['values_right'])}"
                          f", time per marker {ratio(rs, ps)}")
                sys.stdout.flush()
    finally:
        tfs.close()
        shutil.rmtree(work, ignore_errors=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"version": 1, "configs": out}, f, indent=1)
    if a.figures:
        print(figures.write("fidelity", "bench/fidelity-vs-perf.py",
                            figures.fidelity_summary(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
