#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Differential campaign: random programs, markers, witness vs uprobes.

  run.py [--seed S] [--programs N] [--configs gcc-O0,clang-O2,...]
         [--markers M] [--marker-hits H] [--program-hits T]
         [--json FILE] [--workdir DIR] [--known FILE] [-q]

For each of N programs (csmith, seeds drawn from S, --no-jumps):

  1. gen.py finds the statement boundaries with libclang;
  2. a counting build (gcc -O0, one counter per boundary) runs twice:
     a program that times out (5 s), exits non-zero or counts differently
     the second time is dropped, by rule;
  3. up to M boundaries get a marker: those hit 1..H times, shuffled by
     the seed, while the program's hits stay under T (uprobes cost 6-13
     us a hit here), and a fifth of never-hit ones; each marker takes up
     to 3 in-scope integer variables as arguments (gen.py), on the line
     of the statement it precedes (--own-line: a line of its own);
  4. per compiler and level, two builds of the marked program, as
     tests/fidelity/run.py makes them: the witness (-DSMK_WITNESS,
     tests/fidelity/witness.h: every marker a logging call) and the
     zero-cost one (include/linux/simple_marker.h, linked with
     scripts/simple_marker-user.lds).  The witness runs twice and must
     log the same hits, byte for byte, or the configuration of that
     program is dropped; the zero-cost build must print what the witness
     printed (csmith's checksum);
  5. `marker-resolve --format=json` on the zero-cost build; every site
     attached as a uprobe (a group of our own, appended, removed after);
     the program runs; hits compared with the witness's, marker by marker,
     count and values: tests/fidelity/run.py's own attach and compare.

Printed per configuration: programs kept, markers, markers the witness
saw run (live), claimed exact, fired exactly (the count right, any
verdict, at least one site), silent miscounts (claimed exact, wrong
count), and markers called exact with a wrong value (values in brackets).
Each failure is listed with its program seed and marker, for reduction
(bench/campaign/reduce.sh).  --known FILE lists failures already known
("CC LEVEL miscount|wrong SEED MARKER [REPRO]" lines), marked as such.

Exit: 0 when the campaign ran (whatever it measured), 1 when a part
failed (tracefs, marker-resolve, a build), 2 usage.  Needs root.
"""
import argparse
import concurrent.futures
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
sys.path.insert(0, HERE)
import gen  # noqa: E402


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# The fidelity harness: witness parsing, definitions, tracefs, compare.
fid = load("fidrun", os.path.join(TOP, "tests", "fidelity", "run.py"))

CSMITH_INC = "/usr/include/csmith"
LDS = os.path.join(TOP, "scripts", "simple_marker-user.lds")
CFLAGS = ["-std=gnu11", "-g", "-w", "-I" + os.path.join(TOP, "include"),
          "-I" + os.path.join(TOP, "tests", "fidelity"), "-I" + CSMITH_INC]
ALL_CONFIGS = [f"{cc}{lv}" for cc in ("gcc", "clang")
               for lv in ("-O0", "-O1", "-O2", "-O3", "-Os")]
PRE_TIMEOUT = 5

COUNT_PRELUDE = """\
#include <stdio.h>
#include <stdlib.h>
static unsigned long smk_pre[%d];
#define SMK_PRE(k) (smk_pre[k]++)
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


class Drop(Exception):
    """A program or configuration left out by rule."""


def sh(cmd, timeout=120, **kw):
    return subprocess.run(cmd, capture_output=True, text=True,
                          timeout=timeout, **kw)


def compile_c(cc, flags, src, out):
    r = sh([cc] + CFLAGS + flags + [src, "-o", out, "-Wl,-T," + LDS],
           timeout=300)
    if r.returncode:
        raise RuntimeError(f"{cc} {' '.join(flags)}: {src}: "
                           f"{r.stderr.strip()[:800]}")
    return out


def pre_counts(binary, d):
    """Hits per boundary, from two runs of the counting build."""
    runs = []
    for k in range(2):
        path = os.path.join(d, f"pre{k}.txt")
        try:
            r = sh([binary], timeout=PRE_TIMEOUT, cwd=d,
                   env=dict(os.environ, SMK_PRE_FILE=path))
        except subprocess.TimeoutExpired:
            raise Drop("timeout")
        if r.returncode:
            raise Drop(f"exit {r.returncode}")
        with open(path) as f:
            runs.append(([int(x) for x in f.read().split()], r.stdout))
    if runs[0] != runs[1]:
        raise Drop("nondeterministic (counting runs differ)")
    return runs[0][0]


def pick_markers(counts, rng, a):
    """The boundaries that get a marker, by their counts: those hit 1..H
    times (a.marker_hits), shuffled by rng, while the hits stay under
    a.program_hits, and a fifth of never-hit ones; (sorted, hits)."""
    live = [i for i, c in enumerate(counts) if 1 <= c <= a.marker_hits]
    dead = [i for i, c in enumerate(counts) if c == 0]
    rng.shuffle(live)
    rng.shuffle(dead)
    pick, hits = [], 0
    for i in live:
        if len(pick) >= a.markers - a.markers // 5:
            break
        if hits + counts[i] <= a.program_hits:
            pick.append(i)
            hits += counts[i]
    pick += dead[:a.markers - len(pick)]
    pick.sort()
    return pick, hits


def make_program(pseed, d, a):
    """csmith, boundaries, counting run, chosen markers: marked.c."""
    os.makedirs(d, exist_ok=True)
    src = os.path.abspath(os.path.join(d, "prog.c"))
    # csmith writes platform.info into its working directory.
    r = sh(["csmith", "--seed", str(pseed), "--no-jumps", "-o", src],
           timeout=60, cwd=d)
    if r.returncode:
        raise RuntimeError(f"csmith --seed {pseed}: {r.stderr.strip()}")
    pts = gen.points(src, ["-I" + CSMITH_INC])
    with open(src, "rb") as f:
        text = f.read()
    cnt = os.path.join(d, "count.c")
    with open(cnt, "wb") as f:
        f.write(gen.render(text, [(p["offset"], f"SMK_PRE({i});")
                                  for i, p in enumerate(pts)],
                           COUNT_PRELUDE % max(1, len(pts))))
    counts = pre_counts(compile_c("gcc", ["-O0"], cnt,
                                  os.path.join(d, "count")), d)
    rng = random.Random(pseed)
    pick, hits = pick_markers(counts, rng, a)
    chosen, names = [], {}
    for k, i in enumerate(pick):
        name = f"m{k}"
        args = gen.choose_args(pts[i], rng)
        chosen.append((pts[i]["offset"], gen.marker_text(name, args)))
        names[name] = {"line": pts[i]["line"], "func": pts[i]["func"],
                       "where": pts[i]["where"], "pre": counts[i]}
    marked = os.path.join(d, "marked.c")
    with open(marked, "wb") as f:
        f.write(gen.render(text, chosen, gen.PRELUDE, a.own_line))
    bad = gen.verify(marked, names, ["-I" + CSMITH_INC] + CFLAGS[3:])
    if bad:
        raise RuntimeError(f"{marked}: markers misplaced: {bad[:3]}")
    return marked, names, {"boundaries": len(pts), "hits": hits}


def run_config(tfs, marked, cfg, d):
    """One compiler and level of one marked program: rows as
    tests/fidelity/run.py's compare() makes them."""
    cc, level = cfg.split("-", 1)
    level = "-" + level
    os.makedirs(os.path.join(d, "witness"), exist_ok=True)
    os.makedirs(os.path.join(d, "zero"), exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        fw = ex.submit(compile_c, cc, [level, "-DSMK_WITNESS"], marked,
                       os.path.join(d, "witness", "prog"))
        fz = ex.submit(compile_c, cc, [level], marked,
                       os.path.join(d, "zero", "prog"))
        wit, zero = fw.result(), fz.result()
    try:
        exp, dig1, wout = fid.run_witness(wit, os.path.join(d, "witness"))
        _e, dig2, wout2 = fid.run_witness(wit, os.path.join(d, "witness"))
    except subprocess.TimeoutExpired:
        raise Drop("witness timeout")
    except RuntimeError as e:
        raise Drop(f"witness: {str(e)[:200]}")
    if dig1 != dig2 or wout != wout2:
        raise Drop("nondeterministic (witness runs differ)")
    t0 = time.monotonic()
    markers = fid.merge_markers(fid.defs_resolve(zero))
    secs = time.monotonic() - t0
    got, out = fid.probe_run(tfs, zero, markers, os.path.join(d, "zero"))
    rows = fid.compare(exp, markers, got)
    if any(r["verdict"] == "exact" and (r["expected"] != r["got"] or
                                         r["wrong"]) for r in rows):
        # The rule behind each verdict, for the failure list (run.py's
        # definitions do not keep it); only when there is a failure.
        rules = {}
        doc = json.loads(sh([fid.MARKER_RESOLVE, "--format=json", zero],
                            timeout=600).stdout)
        for m in doc.get("markers", []):
            rules.setdefault(m["name"], m.get("rule"))
        for r in rows:
            r["rule"] = rules.get(r["name"])
    err = None if out == wout else \
        f"output differs: witness {wout.strip()!r} probed {out.strip()!r}"
    return rows, err, secs


def add_totals(acc, rows):
    for r in rows:
        claimed = r["verdict"] == "exact"
        ok = r["expected"] == r["got"]
        acc["markers"] += 1
        acc["live"] += r["expected"] > 0
        acc["claimed"] += claimed
        acc["fired_exactly"] += ok and r["sites"] > 0
        acc["fired_exactly_live"] += ok and r["sites"] > 0 and \
            r["expected"] > 0
        acc["claimed_live"] += claimed and r["expected"] > 0
        acc["miscounts"] += claimed and not ok
        acc["wrong_markers"] += claimed and r["wrong"] > 0
        acc["wrong_values"] += r["wrong"] if claimed else 0
        acc["exact_values_right"] += r["right"] if claimed else 0
        acc["exact_values_unavailable"] += r["unavailable"] if claimed else 0
        acc["hits"] += r["expected"]


def new_totals():
    return dict.fromkeys(
        ["programs", "dropped", "markers", "live", "claimed", "claimed_live",
         "fired_exactly", "fired_exactly_live", "miscounts", "wrong_markers",
         "wrong_values", "exact_values_right", "exact_values_unavailable",
         "hits", "errors"], 0) | {"def_seconds": 0.0}


def print_table(totals, out):
    out.write("| config | programs | markers | live | claimed exact | "
              "fired exactly (any verdict) | silent miscounts | "
              "wrong values in exact markers |\n"
              "|---|---|---|---|---|---|---|---|\n")
    for cfg, t in totals.items():
        out.write(f"| {cfg.replace('-', ' -')} | {t['programs']} | "
                  f"{t['markers']} | {t['live']} | {t['claimed']} "
                  f"({t['claimed_live']} live) | {t['fired_exactly']} "
                  f"({t['fired_exactly_live']} live) | {t['miscounts']} | "
                  f"{t['wrong_markers']} ({t['wrong_values']} values) |\n")


def read_known(path):
    known = {}
    if path and os.path.exists(path):
        for line in open(path):
            f = line.split("#", 1)[0].split()
            if len(f) >= 5:
                known[tuple(f[:5])] = f[5] if len(f) > 5 else None
    return known


def dump(doc, path):
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f, indent=1)
    os.replace(path + ".tmp", path)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=10)
    ap.add_argument("--configs", default=",".join(ALL_CONFIGS),
                    help="CC-LEVEL list, e.g. gcc-O2,clang-Os")
    ap.add_argument("--markers", type=int, default=100,
                    help="markers per program (default 100)")
    ap.add_argument("--marker-hits", type=int, default=40,
                    help="hits at most per live marker (default 40)")
    ap.add_argument("--program-hits", type=int, default=2000,
                    help="hits at most per program (default 2000)")
    ap.add_argument("--own-line", action="store_true",
                    help="each marker on a line of its own (default: on "
                    "the line of the statement it precedes)")
    ap.add_argument("--json", help="write every row here")
    ap.add_argument("--workdir", help="keep the programs and builds here")
    ap.add_argument("--known", help="known failures")
    ap.add_argument("--time-limit", type=float, default=0,
                    help="start no new program after this many seconds")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv[1:])
    configs = [c.strip() for c in a.configs.split(",") if c.strip()]
    bad = [c for c in configs if c not in ALL_CONFIGS]
    if bad or a.programs < 1 or a.markers < 1:
        ap.error(f"bad --configs {bad}" if bad else "bad count")
    if os.geteuid() != 0:
        print("run.py: tracefs needs root", file=sys.stderr)
        return 1
    for tool in ("csmith", "gcc", "clang"):
        if not shutil.which(tool):
            print(f"run.py: {tool}: not installed", file=sys.stderr)
            return 1
    work = a.workdir or tempfile.mkdtemp(prefix="campaign.")
    os.makedirs(work, exist_ok=True)
    known = read_known(a.known)
    rng = random.Random(a.seed)
    seeds = [rng.randrange(1, 2**31) for _ in range(a.programs)]
    totals = {c: new_totals() for c in configs}
    doc = {"version": 1, "seed": a.seed, "configs": configs,
           "programs": [], "failures": [], "totals": totals}
    failed = 0
    t_start = time.monotonic()
    # A TERM while probes are attached: unwind, so they are removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    tfs = fid.Tracefs()
    try:
        for n, pseed in enumerate(seeds):
            if a.time_limit and time.monotonic() - t_start > a.time_limit:
                break
            pd = os.path.join(work, f"p{pseed}")
            prog = {"seed": pseed, "dropped": None, "configs": {}}
            doc["programs"].append(prog)
            try:
                marked, names, info = make_program(pseed, pd, a)
            except (Drop, subprocess.TimeoutExpired) as e:
                prog["dropped"] = str(e) or "timeout"
                for t in totals.values():
                    t["dropped"] += 1
                if not a.quiet:
                    print(f"# program {pseed}: dropped: {prog['dropped']}")
                continue
            prog.update(info, markers=len(names),
                        in_main=sum(v["func"] == "main"
                                    for v in names.values()))
            for cfg in configs:
                t = totals[cfg]
                try:
                    rows, err, secs = run_config(
                        tfs, marked, cfg, os.path.join(pd, cfg))
                except Drop as e:
                    t["dropped"] += 1
                    prog["configs"][cfg] = {"dropped": str(e)}
                    continue
                except (RuntimeError, OSError, ValueError,
                        subprocess.TimeoutExpired) as e:
                    failed += 1
                    t["errors"] += 1
                    prog["configs"][cfg] = {"error": str(e)[:500]}
                    print(f"run.py: program {pseed}: {cfg}: {e}",
                          file=sys.stderr)
                    continue
                if err:
                    # Not the probes' doing, but a witness that does not
                    # behave like the probed build is no ground truth.
                    t["dropped"] += 1
                    prog["configs"][cfg] = {"dropped": err}
                    continue
                t["programs"] += 1
                t["def_seconds"] += secs
                add_totals(t, rows)
                prog["configs"][cfg] = {"rows": rows}
                cc, level = cfg.split("-", 1)
                for r in rows:
                    if r["verdict"] != "exact":
                        continue
                    for kind, bad in (("miscount",
                                       r["expected"] != r["got"]),
                                      ("wrong", r["wrong"] > 0)):
                        if not bad:
                            continue
                        key = (cc, "-" + level, kind, str(pseed), r["name"])
                        f = {"cc": cc, "level": "-" + level, "kind": kind,
                             "seed": pseed, "marker": r["name"],
                             "rule": r.get("rule"),
                             "expected": r["expected"], "got": r["got"],
                             "problems": r["problems"][:3],
                             "line": names.get(r["name"], {}).get("line"),
                             "func": names.get(r["name"], {}).get("func"),
                             "where": names.get(r["name"], {}).get("where"),
                             "known": key in known,
                             "repro": known.get(key)}
                        doc["failures"].append(f)
            if a.json:
                dump(doc, a.json)
            if not a.quiet:
                print(f"# program {n + 1}/{len(seeds)} seed {pseed}: "
                      f"{len(names)} markers, {info['hits']} hits, "
                      f"{time.monotonic() - t_start:.0f} s")
            sys.stdout.flush()
    finally:
        tfs.close()
        if a.json:
            dump(doc, a.json)
        if not a.workdir:
            shutil.rmtree(work, ignore_errors=True)
    print_table(totals, sys.stdout)
    for f in doc["failures"]:
        print(f"FAIL {f['cc']} {f['level']} {f['kind']} {f['seed']} "
              f"{f['marker']} (line {f['line']}, rule {f['rule']}): "
              f"{'; '.join(f['problems'])}"
              f"{' [known: ' + str(f['repro']) + ']' if f['known'] else ''}")
    print(f"# {time.monotonic() - t_start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
