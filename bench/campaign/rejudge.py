#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Judge a placement change on builds already probed, without probing.

  rejudge.py RUN.json WORKDIR [--resolve PATH] [--configs gcc-O2,...]
             [--show changed|failures|all] [--json OUT]

RUN.json and WORKDIR are what bench/campaign/run.py or bench/realcode/
run.py wrote (--json, --workdir): every marker's witness count and the
hits of every site it was probed at.  This runs the marker-resolve at
hand (default: the tree's) on the same zero-cost builds and predicts
each marker's count from the sites it places now: the sum of the
probed hits of those sites.  A site that was not probed in the run
makes the prediction unknown ("needs a probe"), never a guess.

Printed per configuration, against the run's own verdicts: claimed
exact before and now, silent miscounts before and now (claimed exact,
count wrong), right claims lost and gained, and the markers whose
count cannot be told without probing.  --show lists the markers whose
verdict changed (default), only the silent miscounts left, or all.

It judges counts only: values fetched at a new site are not checked
(re-run the campaign for that).  Exit 0 when it ran, 1 when a build or
marker-resolve failed, 2 usage.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
RESOLVE = os.path.join(TOP, "tools", "resolve", "marker-resolve")


def units(doc, workdir):
    """(label, config, zero binary, rows) of a campaign or realcode run."""
    if "programs" in doc:
        for p in doc["programs"]:
            for cfg, c in (p.get("configs") or {}).items():
                if not isinstance(c, dict) or "rows" not in c:
                    continue
                yield (f"p{p['seed']}", cfg,
                       os.path.join(workdir, f"p{p['seed']}", cfg, "zero",
                                    "prog"), c["rows"])
    for p in doc.get("projects", []):
        for cfg, c in (p.get("configs") or {}).items():
            if not isinstance(c, dict) or "rows" not in c:
                continue
            yield (p["name"], cfg,
                   os.path.join(workdir, p["name"], cfg, "zero", "prog"),
                   c["rows"])


def where(site):
    sym, off = site.get("symbol"), site.get("offset")
    if sym is None or off is None:
        return site.get("address")
    return f"{sym}+{off:#x}"


def placements(resolve, binary):
    r = subprocess.run([resolve, "--format=json", binary],
                       capture_output=True, text=True, timeout=600)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"{binary}: marker-resolve exit {r.returncode}: "
                           f"{r.stderr.strip()[:300]}")
    out = {}
    for m in json.loads(r.stdout)["markers"]:
        out.setdefault(m["name"], []).append(m)
    return out


def judge(rows, now):
    """Per marker: (name, expected, old verdict, old count, new verdict,
    new rule, new prediction or None)."""
    for row in rows:
        exp = row.get("expected")
        if exp is None:
            continue
        hits = {s["where"]: s["hits"] for s in row.get("site_hits", [])}
        ms = now.get(row["name"], [])
        verdict = ms[0]["verdict"] if len(ms) == 1 else (
            "several" if ms else "absent")
        rule = ms[0].get("rule") if len(ms) == 1 else None
        sites = [where(s) for m in ms for s in m.get("sites", [])]
        pred = 0
        for s in sites:
            if s not in hits:
                pred = None
                break
            pred += hits[s]
        yield (row["name"], exp, row.get("verdict"), row.get("got"),
               verdict, rule, pred if sites else 0)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run")
    ap.add_argument("workdir")
    ap.add_argument("--resolve", default=RESOLVE)
    ap.add_argument("--configs")
    ap.add_argument("--show", default="changed",
                    choices=["changed", "failures", "all"])
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    with open(a.run) as f:
        doc = json.load(f)
    want = set(a.configs.split(",")) if a.configs else None
    tot = {}
    listing = []
    for label, cfg, binary, rows in units(doc, a.workdir):
        if want and cfg not in want:
            continue
        if not os.path.exists(binary):
            print(f"rejudge: {binary}: missing", file=sys.stderr)
            return 1
        try:
            now = placements(a.resolve, binary)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"rejudge: {e}", file=sys.stderr)
            return 1
        t = tot.setdefault(cfg, dict.fromkeys(
            ("markers", "exact_before", "exact_now", "miss_before",
             "miss_now", "lost", "gained", "unknown"), 0))
        for name, exp, ov, og, nv, rule, pred in judge(rows, now):
            t["markers"] += 1
            ob = ov == "exact"
            nb = nv == "exact"
            t["exact_before"] += ob
            t["exact_now"] += nb
            t["miss_before"] += ob and og != exp
            right_before = ob and og == exp
            if nb and pred is None:
                t["unknown"] += 1
            elif nb and pred != exp:
                t["miss_now"] += 1
            right_now = nb and pred == exp
            t["lost"] += right_before and not nb
            t["gained"] += right_now and not right_before
            changed = ov != nv
            failing = nb and pred != exp
            if (a.show == "all" or (a.show == "changed" and changed) or
                    (a.show == "failures" and failing)):
                listing.append(f"{cfg} {label} {name}: {ov} -> {nv} "
                               f"({rule}); witness {exp}, probed {og}, "
                               f"now {'?' if pred is None else pred}")
    print("| config | markers | exact before | exact now | silent "
          "miscounts before | now | right claims lost | gained | "
          "needs a probe |")
    print("|---|---|---|---|---|---|---|---|---|")
    for cfg, t in tot.items():
        print(f"| {cfg} | {t['markers']} | {t['exact_before']} | "
              f"{t['exact_now']} | {t['miss_before']} | {t['miss_now']} | "
              f"{t['lost']} | {t['gained']} | {t['unknown']} |")
    for line in listing:
        print(line)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"totals": tot, "markers": listing}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
