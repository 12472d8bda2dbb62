#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Turn run.py's JSON into assertions for tests/fidelity.t.

  check.py RESULTS.json MODE [KNOWN_FILE] [key=value...]

MODE "exact" (trace_simple_exact() through SDT notes): every marker exact,
every argument available, no miscount, no wrong value.

MODE "resolve": no silent miscount and no wrong value among the markers
claimed exact, no wrong direction among the approximated ones (over:
probe hits >= the witness's, under: <=; none said is wrong), except the known ones listed in KNOWN_FILE (lines
"CC LEVEL miscount|wrong MARKER", # comments), which are reported as TODO
until fixed; floors "exact-CC-LEVEL=PCT" and "args-CC-LEVEL=PCT" for the
exact share and the exact markers' available arguments; "target_exact"
and "target_args" only for the diagnostics.

Output, one line each: "0<TAB>desc" (pass), "1<TAB>desc" (fail),
"T0<TAB>desc"/"T1<TAB>desc" (TODO pass/fail), "#<TAB>text" (diagnostic).
Every build's witness must have seen the same hits.
"""
import json
import sys


def direction_holds(m):
    """An approximation errs the way it says: over, hits >= the witness's;
    under, hits <= (run.py's direction_holds()).  None said: wrong."""
    d = m.get("direction")
    if d == "over":
        return m["got"] >= m["expected"]
    if d == "under":
        return m["got"] <= m["expected"]
    return False


def main(argv):
    doc = json.load(open(argv[1]))
    mode = argv[2]
    rest = argv[3:]
    known = set()
    if rest and "=" not in rest[0]:
        for line in open(rest.pop(0)):
            f = line.split("#", 1)[0].split()
            if len(f) == 4:
                known.add(tuple(f))
    opts = dict(a.split("=", 1) for a in rest)

    def out(ok, desc, todo=False):
        print(f"{'T' if todo else ''}{0 if ok else 1}\t{desc}")

    digests = set()
    for c in doc["configs"]:
        name = f"{c['cc']} {c['level']} {c['source']} {c['variant']}"
        t = c["totals"]
        out(t is not None and not c["error"], f"{name}: ran" +
            (f" ({c['error']})" if c["error"] else ""))
        if t is None:
            continue
        digests.add(c["witness_digest"])
        exact = [m for m in c["markers"] if m["verdict"] == "exact"]
        approx = [m for m in c["markers"] if m["verdict"] == "approximated"]
        for kind, bad in (
                ("miscount", [m for m in exact
                              if m["expected"] != m["got"]]),
                ("wrong", [m for m in exact if m["wrong"]]),
                ("direction", [m for m in approx
                               if not direction_holds(m)])):
            what = {"miscount": "silent miscount", "wrong": "wrong value",
                    "direction": "wrong direction"}[kind]
            new = [m for m in bad
                   if (c["cc"], c["level"], kind, m["name"]) not in known]
            old = [m for m in bad if m not in new]
            detail = "".join(
                f"; {m['name']} {m['got']}/{m['expected']}" if
                kind == "miscount" else
                f"; {m['name']} {m.get('direction')} "
                f"{m['got']}/{m['expected']}" if kind == "direction" else
                f"; {m['name']}: {m['problems'][0]}"
                for m in new[:6])
            out(not new, f"{name}: no {what}" +
                (" besides the known ones" if old else "") + detail)
            if old:
                out(False, f"{name}: known {what}s fixed: " +
                    " ".join(m["name"] for m in old), todo=True)
        args = t["exact_args_available_pct"]
        if mode == "exact":
            out(t["exact"] == t["markers"],
                f"{name}: every marker exact ({t['exact']}/{t['markers']})")
            out(t["exact_args_available"] == t["exact_args"],
                f"{name}: every argument available "
                f"({t['exact_args_available']}/{t['exact_args']})")
            continue
        key = f"{c['cc']}{c['level']}"
        fe = float(opts.get("exact-" + key, 0))
        fa = float(opts.get("args-" + key, 0))
        out(t["exact_pct"] >= fe, f"{name}: exact {t['exact_pct']}% >= "
            f"floor {fe}%")
        out(args >= fa, f"{name}: exact markers' arguments available "
            f"{args}% >= floor {fa}%")
        print(f"#\t{name}: exact {t['exact']}/{t['markers']} = "
              f"{t['exact_pct']}% (target {opts.get('target_exact', 85)}% "
              f"at -O2), claimed {t['exact_claimed']}, over "
              f"{t.get('over', 0)} under {t.get('under', 0)} wrong "
              f"directions {t.get('wrong_directions', 0)}, counts match "
              f"{t['counts_match']}; exact markers' arguments available "
              f"{t['exact_args_available']}/{t['exact_args']} = {args}% "
              f"(target {opts.get('target_args', 90)}%); values right "
              f"{t['values_right']} wrong {t['values_wrong']} unavailable "
              f"{t['values_unavailable']}")
    out(len(digests) <= 1, f"{mode}: every build's witness saw the same "
        f"hits ({len(digests)} distinct)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
