#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Why the exact markers' arguments are unavailable: issue 12's table.

  value-reasons.py FILE.json...

FILE is tests/fidelity/run.py's --json (its "configs") or
bench/campaign/run.py's --json (its "programs") or bench/realcode/run.py's
(its "projects"), made with this tree's
tests/fidelity/run.py (rows carry "arg_why": per argument None when every
site fetches it, else the first site's reason).  Each unavailable argument
of a marker claimed exact is put in one class by its reason text
(CLASSES, first match wins); printed per configuration: arguments,
available, the share, wrong values, and the classes, then one table of
the classes over all configurations.  An argument no class matches is
printed with its reason, so that the table stays honest.
"""
import collections
import json
import re
import sys

CLASSES = [
    ("views", "the value changes at this very address (location views)",
     r"changes at this very address"),
    ("entry", "value only at function entry (DW_OP_entry_value)",
     r"function entry|known only to the caller"),
    ("computed", "computed value (DW_OP_and, shr, shl, reg + 1)",
     r"computed value"),
    ("cast", "a cast is not fetchable", r"cast"),
    ("paths", "several paths reach the address, DWARF describes one "
     "register", r"paths|join"),
    ("pieces", "struct in registers, pieces",
     r"piece|struct held in registers|split across"),
    ("loop", "recursion made a loop; constant inside a loop",
     r"recursion|inside a loop|stale"),
    ("gone", "optimized out (no location at the address)",
     r"optimized out|no location"),
]


def rows_of(doc):
    """(config, rows) pairs of either kind of document."""
    if "configs" in doc and isinstance(doc["configs"], list) and \
            doc["configs"] and isinstance(doc["configs"][0], dict):
        for c in doc["configs"]:
            yield f"{c['cc']} {c['level']}", c.get("markers") or []
        return
    for p in doc.get("programs", []) + doc.get("projects", []):
        for cfg, c in (p.get("configs") or {}).items():
            yield cfg.replace("-", " -"), c.get("rows") or []


def classify(reason):
    for key, _text, rx in CLASSES:
        if re.search(rx, reason):
            return key
    return None


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    per = collections.OrderedDict()
    other = collections.Counter()
    for path in argv[1:]:
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print(f"value-reasons.py: {path}: {e}", file=sys.stderr)
            return 1
        for cfg, rows in rows_of(doc):
            t = per.setdefault(cfg, collections.Counter())
            for r in rows:
                if r.get("verdict") != "exact":
                    continue
                if "arg_why" not in r:
                    print(f"value-reasons.py: {path}: rows without "
                          "arg_why (made by an older run.py)",
                          file=sys.stderr)
                    return 1
                t["markers"] += 1
                t["args"] += r["nargs"]
                t["available"] += r["args_available"]
                t["wrong"] += r["wrong"]
                t["right"] += r["right"]
                for why in r["arg_why"]:
                    if why is None:
                        continue
                    k = classify(why)
                    t[k or "other"] += 1
                    if not k:
                        other[why] += 1
    keys = [k for k, _t, _r in CLASSES] + ["other"]
    print("| config | exact markers | arguments | available | share | "
          "values right | wrong | " + " | ".join(keys) + " |")
    print("|---" * (7 + len(keys)) + "|")
    total = collections.Counter()
    for cfg, t in per.items():
        total.update(t)
        share = 100.0 * t["available"] / t["args"] if t["args"] else 100.0
        print(f"| {cfg} | {t['markers']} | {t['args']} | {t['available']} "
              f"| {share:.1f}% | {t['right']} | {t['wrong']} | " +
              " | ".join(str(t[k]) for k in keys) + " |")
    print()
    print("| reason | count |")
    print("|---|---|")
    for k, text, _r in CLASSES:
        print(f"| {text} | {total[k]} |")
    print(f"| other | {total['other']} |")
    for why, n in other.most_common():
        print(f"#   other: {n} x {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
