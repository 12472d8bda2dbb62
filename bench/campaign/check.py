#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Turn a run.py --json document into assertions for tests/campaign.t.

  check.py RESULT.json KNOWN_FILE PROGRAMS

Per configuration: every one of the PROGRAMS programs ran and was kept;
the slice is not empty (markers, and markers the witness saw run); no
silent miscount (a marker claimed exact whose probes fired another
number of times than the witness's marker ran); no wrong value (a value
fetched for an exact marker that is not the witness's).  Failures listed
in KNOWN_FILE ("CC LEVEL miscount|wrong SEED MARKER REPRO" lines, #
comments) are reported as TODO, each with its reproducer, and as fixed
once they pass; any other failure fails.

Output, one line each: "0<TAB>desc" (pass), "1<TAB>desc" (fail),
"T0<TAB>desc"/"T1<TAB>desc" (TODO pass/fail), "#<TAB>text".
"""
import json
import sys


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    doc = json.load(open(argv[1]))
    want_programs = int(argv[3])
    known = {}
    for line in open(argv[2]):
        f = line.split("#", 1)[0].split()
        if len(f) >= 5:
            known[tuple(f[:5])] = f[5] if len(f) > 5 else "-"

    def out(ok, desc, todo=False):
        print(f"{'T' if todo else ''}{0 if ok else 1}\t{desc}")

    fails = {}
    for f in doc["failures"]:
        key = (f["cc"], f["level"], f["kind"], str(f["seed"]), f["marker"])
        fails[key] = f
    for p in doc["programs"]:
        if p["dropped"]:
            print(f"#\tprogram {p['seed']} dropped: {p['dropped']}")
    for cfg in doc["configs"]:
        t = doc["totals"][cfg]
        cc, level = cfg.split("-", 1)
        level = "-" + level
        name = f"{cc} {level}"
        out(t["programs"] == want_programs and not t["errors"],
            f"{name}: {t['programs']} of {want_programs} programs ran "
            f"and were kept ({t['errors']} errors, {t['dropped']} dropped)")
        out(t["markers"] > 0 and t["live"] > 0,
            f"{name}: {t['markers']} markers, {t['live']} live, "
            f"{t['hits']} witness hits")
        for kind, what in (("miscount", "silent miscount"),
                           ("wrong", "wrong value in an exact marker")):
            mine = {k: f for k, f in fails.items()
                    if k[0] == cc and k[1] == level and k[2] == kind}
            new = [f for k, f in mine.items() if k not in known]
            detail = "".join(
                f"; seed {f['seed']} {f['marker']} (line {f['line']}): "
                f"{(f['problems'] or ['?'])[0]}" for f in new[:4])
            out(not new, f"{name}: no {what}" +
                (" besides the known ones" if len(mine) > len(new) else "")
                + detail)
            for k, repro in sorted(known.items()):
                if k[0] == cc and k[1] == level and k[2] == kind:
                    out(k not in fails,
                        f"{name}: known {what}: seed {k[3]} {k[4]}, "
                        f"reproducer bench/campaign/repro/{repro}",
                        todo=True)
        print(f"#\t{name}: markers {t['markers']} live {t['live']} "
              f"claimed exact {t['claimed']} fired exactly "
              f"{t['fired_exactly']} silent miscounts {t['miscounts']} "
              f"wrong-value exact markers {t['wrong_markers']} "
              f"({t['wrong_values']} values; right {t['exact_values_right']}"
              f", unavailable {t['exact_values_unavailable']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
