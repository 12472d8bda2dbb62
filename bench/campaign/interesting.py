#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Does a marked C file still show one campaign failure?  For cvise.

  interesting.py [--check] FILE.c CC-LEVEL MARKER miscount|wrong [RULE]

Exit 0 (interesting) when, for the marker MARKER of FILE.c built by CC at
LEVEL: marker-resolve calls it exact (by the rule RULE when given, so
the reduction keeps the same failure class), and its probes, attached as
real uprobes, fire another number of times than the witness build's
marker runs (miscount), or fetch a value the witness does not have
(wrong).  Exit 1 otherwise.

A reducer deletes code freely and would happily turn a placement bug
into undefined behaviour (a variable read before it is set makes the
witness and the probed build disagree for no fault of the probes).  So
the file must first build with -Wall -Werror=... for the usual suspects,
and run cleanly under clang's MemorySanitizer (uninitialized reads) and
UBSan, both builds must print the same, and the witness must log the
same hits twice.

With --check (tests/campaign.t), a file that cannot be judged (it does
not build, the sanitizers or the witness fail, marker-resolve or tracefs
fail) exits 3 with the reason on stderr instead of 1: a reproducer that
could not run is not a fixed one.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as campaign  # noqa: E402

fid = campaign.fid
STRICT = ["-Werror=uninitialized", "-Werror=implicit-function-declaration",
          "-Werror=return-type", "-Werror=implicit-int",
          "-Werror=int-conversion", "-Werror=incompatible-pointer-types"]


def sane(src, d):
    san = os.path.join(d, "san")
    r = campaign.sh(["clang"] + campaign.CFLAGS + STRICT +
                    ["-O1", "-DSMK_WITNESS", "-fsanitize=memory,undefined",
                     # csmith packs structs: misaligned on purpose
                     "-fno-sanitize=alignment", "-fno-sanitize-recover=all",
                     src, "-o", san])
    if r.returncode:
        return False
    try:
        r = campaign.sh([san], timeout=10, cwd=d,
                        env=dict(os.environ, SMK_WITNESS_FILE=os.path.join(
                            d, "san.log")))
    except subprocess.TimeoutExpired:
        return False
    return r.returncode == 0


class Unjudged(Exception):
    """The file could not be judged either way."""


def failing(src, cfg, marker, kind, rule=None, tfs=None):
    """True: the failure is there; False: it is not.  Unjudged: neither
    could be shown (see --check)."""
    with open(src, errors="replace") as f:
        if f"trace_simple({marker}," not in f.read():
            raise Unjudged(f"{src}: no marker {marker}")
    d = tempfile.mkdtemp(prefix="camp-int.")
    try:
        if not sane(src, d):
            raise Unjudged(f"{src}: does not build or run cleanly under "
                           "MemorySanitizer and UBSan (clang, "
                           "libclang-rt-14-dev)")
        cc, level = cfg.split("-", 1)
        level = "-" + level
        wit = campaign.compile_c(cc, [level, "-DSMK_WITNESS"], src,
                                 os.path.join(d, "wit"))
        zero = campaign.compile_c(cc, [level], src, os.path.join(d, "zero"))
        exp, dig, wout = fid.run_witness(wit, d)
        _e, dig2, wout2 = fid.run_witness(wit, d)
        if dig != dig2 or wout != wout2:
            raise Unjudged(f"{src}: the witness is not deterministic")
        markers = fid.merge_markers(fid.defs_resolve(zero))
        m = markers.get(marker)
        if not m or m["verdict"] != "exact":
            return False
        if rule:
            doc = campaign.json.loads(campaign.sh(
                [fid.MARKER_RESOLVE, "--format=json", zero]).stdout)
            if not any(x["name"] == marker and x.get("rule") == rule
                       for x in doc["markers"]):
                return False
        own = tfs is None
        tfs = tfs or fid.Tracefs()
        try:
            got, out = fid.probe_run(tfs, zero, {marker: m}, d)
        finally:
            if own:
                tfs.close()
        if out != wout:
            raise Unjudged(f"{src}: the probed build printed another "
                           "output than the witness")
        row = fid.compare({marker: exp.get(marker, [])}, {marker: m},
                          got)[0]
        if kind == "miscount":
            return row["expected"] != row["got"]
        return row["expected"] == row["got"] and row["wrong"] > 0
    except (RuntimeError, OSError, ValueError, KeyError,
            subprocess.TimeoutExpired) as e:
        raise Unjudged(f"{src}: {type(e).__name__}: {e}") from e
    finally:
        subprocess.run(["rm", "-rf", d])


def main(argv):
    check = len(argv) > 1 and argv[1] == "--check"
    if check:
        argv = argv[:1] + argv[2:]
    if len(argv) not in (5, 6) or argv[4] not in ("miscount", "wrong"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return 0 if failing(*argv[1:5], rule=argv[5] if len(argv) > 5
                            else None) else 1
    except Unjudged as e:
        if not check:
            return 1  # cvise: not interesting
        print(f"interesting.py: {e}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main(sys.argv))
