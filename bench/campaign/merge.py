#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""The table of several run.py --json documents (shards run in parallel).

  merge.py RESULT.json... [--known FILE]

Sums the per-configuration totals and lists every failure once, the way
run.py prints them for one run.  Shards are campaigns with different
--seed values: uprobe removal waits for an RCU grace period per event,
so several shards overlap those waits on this 2-core machine.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main(argv):
    files = [a for a in argv[1:] if not a.startswith("--")]
    if not files:
        print(__doc__, file=sys.stderr)
        return 2
    totals, failures, programs, dropped = {}, [], 0, {}
    for path in files:
        doc = json.load(open(path))
        for cfg, t in doc["totals"].items():
            acc = totals.setdefault(cfg, dict.fromkeys(t, 0))
            for k, v in t.items():
                acc[k] += v
        failures += doc["failures"]
        for p in doc["programs"]:
            programs += 1
            why = p["dropped"] or None
            if why:
                dropped[why.split(" (")[0]] = \
                    dropped.get(why.split(" (")[0], 0) + 1
    import run  # noqa: E402 (only for its table)
    print(f"# {len(files)} shards, {programs} programs generated; "
          f"dropped before building: " +
          (", ".join(f"{k} {v}" for k, v in sorted(dropped.items()))
           or "none"))
    run.print_table(totals, sys.stdout)
    classes = {}
    for f in failures:
        k = (f["cc"], f["kind"], f["rule"] or "?")
        classes[k] = classes.get(k, 0) + 1
    print("\n| compiler | failure | rule | markers (all levels) |\n"
          "|---|---|---|---|")
    for (cc, kind, rule), n in sorted(classes.items()):
        print(f"| {cc} | {kind} | {rule} | {n} |")
    for f in failures:
        print(f"FAIL {f['cc']} {f['level']} {f['kind']} {f['seed']} "
              f"{f['marker']} (line {f['line']}, rule {f['rule']}): "
              f"{'; '.join(f['problems'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
