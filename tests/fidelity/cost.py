#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""What exact mode costs: the corpus with trace_simple() vs trace_simple_exact().

  cost.py [--cc gcc,clang] [--levels=-O2,-O3,-Os] [--json FILE] [--no-time]

For each compiler and level, every file of the fidelity corpus is compiled
twice (zero-cost markers, and -DSMK_EXACT: every marker an exact one) and
the objects compared function by function:

  functions  in either build (a .cold or .part piece may exist in one);
  changed    tests/lib/codecmp.py: the bytes or relocations differ (every
             function holding an anchor does: its nop is one more byte),
             or the function exists in one build only;
  reshaped   the instruction stream differs once the anchor nops, alignment
             padding and branch offsets are ignored: the optimizer did
             something else (kept a loop rolled, a branch, a value alive);
  text       bytes of code (every executable section) zero -> exact;
  anchors    SDT notes in the exact objects (copies included).

Then, unless --no-time, four hot loops of loops.c (a vectorizable sum, a
marker at the end of a body, if-converted clamps, an unrolled CRC) are
timed in both builds over 1 MiB of data, best of 5: what an exact marker
in a hot loop costs at run time.

Prints a table per configuration and a summary line; --json writes all.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import codecmp  # noqa: E402

CFLAGS = ["-std=gnu11", "-g", "-Wall", "-Wextra", "-Werror",
          "-I" + os.path.join(TOP, "include")]
NOPS = re.compile(r"^(nop[wlq]?|xchg\s+%ax,%ax|data16|cs nopw|int3)\b")


def compile_one(cc, level, flags, src, obj):
    r = subprocess.run([cc] + CFLAGS + [level] + flags +
                       ["-c", src, "-o", obj], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"{cc} {level} {flags}: {r.stderr[:1000]}")


def disasm(obj):
    """{function: [normalized instruction]} from objdump."""
    r = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-w", obj],
                       capture_output=True, text=True, check=True)
    out, cur = {}, None
    for line in r.stdout.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            cur = out.setdefault(m.group(1), [])
            continue
        m = re.match(r"^\s+[0-9a-f]+:\t(.*)$", line)
        if not m or cur is None:
            continue
        ins = m.group(1).strip()
        ins = re.sub(r"\s+#.*$", "", ins)
        if not ins or NOPS.match(ins) or ins.startswith("(bad)"):
            continue
        # Branch and call targets: the offset moves with every nop.
        ins = re.sub(r"\b[0-9a-f]+ <([^>+]+)(\+0x[0-9a-f]+)?>", r"<\1>",
                     ins)
        ins = re.sub(r"\s+", " ", ins)
        cur.append(ins)
    return out


def text_bytes(obj):
    e = codecmp.Elf(obj)
    return sum(s.size for s in e.sections
               if s.flags & codecmp.SHF_EXECINSTR and
               s.flags & codecmp.SHF_ALLOC)


def anchors(obj):
    e = codecmp.Elf(obj)
    n = 0
    for s in e.sections:
        if s.name != ".note.stapsdt":
            continue
        off = 0
        while off + 12 <= len(s.data):
            namesz, descsz, _t = codecmp.struct.unpack_from(
                e.end + "III", s.data, off)
            off += 12 + ((namesz + 3) & ~3) + ((descsz + 3) & ~3)
            n += 1
    return n


def compare_objs(a, b):
    r = subprocess.run([sys.executable, os.path.join(TOP, "tests", "lib",
                                                     "codecmp.py"),
                        "compare", a, b], capture_output=True, text=True)
    if r.returncode == 2:
        raise RuntimeError(r.stderr)
    changed = set()
    total = 0
    for line in r.stdout.splitlines():
        m = re.match(r"^functions (\d+) differ", line)
        if m:
            total = int(m.group(1))
        m = re.match(r"^function (\S+)", line)
        if m:
            changed.add(m.group(1))
    return total, changed


HOT_DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "fid.h"

void *fid_alloc(unsigned long size) { return malloc(size); }

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define N (1 << 18)
#define BEST(expr) ({ double best = 1e9; int r_;			\
	for (r_ = 0; r_ < 5; r_++) {					\
		double t0 = now();					\
		sink += (long)(expr);					\
		if (now() - t0 < best)					\
			best = now() - t0;				\
	}								\
	best * 1e9 / N; })

int main(void)
{
	unsigned int *u = malloc(N * sizeof(*u));
	int *v = malloc(N * sizeof(*v));
	unsigned char *b = malloc(N);
	volatile long sink = 0;
	int i;

	for (i = 0; i < N; i++) {
		u[i] = (unsigned int)i * 2654435761u;
		v[i] = (int)(u[i] % 2001) - 1000;
		b[i] = (unsigned char)u[i];
	}
	printf("sum_vals %.3f\n", BEST(sum_vals(u, N)));
	printf("scale %.3f\n", BEST((scale(v, N, 1), v[7])));
	printf("clamp_sum %.3f\n", BEST(clamp_sum(v, N, -500, 500)));
	printf("crc_buf %.3f\n", BEST(crc_buf(b, N)));
	return (int)(sink & 1);
}
"""


def hot_times(cc, level, d):
    """ns per element of the four hot loops, zero vs exact."""
    drv = os.path.join(d, "hot.c")
    with open(drv, "w") as f:
        f.write(HOT_DRIVER)
    out = {}
    for variant, flags in (("zero", []), ("exact", ["-DSMK_EXACT"])):
        exe = os.path.join(d, f"hot-{variant}")
        r = subprocess.run([cc] + CFLAGS + [level, "-I" + HERE] + flags +
                           ["-o", exe, drv, os.path.join(HERE, "loops.c")],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(f"hot driver: {r.stderr[:1000]}")
        r = subprocess.run([exe], capture_output=True, text=True,
                           timeout=120)
        for line in r.stdout.splitlines():
            name, ns = line.split()
            out.setdefault(name, {})[variant] = float(ns)
    return out


def run(cc, level, d, timing):
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".c"))
    rows = []
    tot = {"functions": 0, "changed": 0, "reshaped": 0, "text_zero": 0,
           "text_exact": 0, "anchors": 0}
    for f in files:
        src = os.path.join(HERE, f)
        za = os.path.join(d, f[:-2] + ".zero.o")
        ea = os.path.join(d, f[:-2] + ".exact.o")
        compile_one(cc, level, [], src, za)
        compile_one(cc, level, ["-DSMK_EXACT"], src, ea)
        _total, changed = compare_objs(za, ea)
        dz, de = disasm(za), disasm(ea)
        # Both builds' functions: .cold and .part pieces come and go.
        total = len(set(dz) | set(de))
        reshaped = sorted(fn for fn in set(dz) | set(de)
                          if dz.get(fn) != de.get(fn))
        tz, te = text_bytes(za), text_bytes(ea)
        row = {"file": f, "functions": total, "changed": sorted(changed),
               "reshaped": reshaped, "text_zero": tz, "text_exact": te,
               "anchors": anchors(ea)}
        rows.append(row)
        tot["functions"] += total
        tot["changed"] += len(changed)
        tot["reshaped"] += len(reshaped)
        tot["text_zero"] += tz
        tot["text_exact"] += te
        tot["anchors"] += row["anchors"]
    cfg = {"cc": cc, "level": level, "files": rows, "totals": tot}
    if timing:
        cfg["hot_ns_per_element"] = hot_times(cc, level, d)
    return cfg


def report(cfg):
    t = cfg["totals"]
    print(f"== {cfg['cc']} {cfg['level']}")
    print(f"{'FILE':<12} {'FUNCS':>5} {'CHANGED':>7} {'RESHAPED':>8} "
          f"{'ANCHORS':>7} {'TEXT':>11}  RESHAPED FUNCTIONS")
    for r in cfg["files"]:
        print(f"{r['file']:<12} {r['functions']:>5} {len(r['changed']):>7} "
              f"{len(r['reshaped']):>8} {r['anchors']:>7} "
              f"{r['text_zero']:>5}->{r['text_exact']:<5}  "
              f"{' '.join(r['reshaped'])}")
    for name, v in sorted(cfg.get("hot_ns_per_element", {}).items()):
        z, e = v.get("zero"), v.get("exact")
        print(f"hot loop {name:<10} {z:.3f} -> {e:.3f} ns/element "
              f"({e / z:.2f}x)")
    d = t["text_exact"] - t["text_zero"]
    print(f"{cfg['cc']} {cfg['level']}: functions {t['functions']} changed "
          f"{t['changed']} reshaped {t['reshaped']} anchors {t['anchors']} "
          f".text {t['text_zero']} -> {t['text_exact']} bytes "
          f"({d:+d}, {100.0 * d / t['text_zero']:+.1f}%)")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="gcc,clang")
    ap.add_argument("--levels", default="-O2,-O3,-Os")
    ap.add_argument("--json")
    ap.add_argument("--no-time", action="store_true")
    ap.add_argument("--figures", action="store_true",
                    help="write Documentation/figures/cost.json, the "
                    "figures the docs quote (tests/lib/figures.py)")
    a = ap.parse_args(argv[1:])
    configs = []
    with tempfile.TemporaryDirectory(prefix="fid-cost.") as tmp:
        for cc in a.cc.split(","):
            for level in a.levels.split(","):
                d = os.path.join(tmp, cc + level)
                os.makedirs(d)
                cfg = run(cc, level, d, not a.no_time)
                report(cfg)
                configs.append(cfg)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"version": 1, "configs": configs}, f, indent=1)
    if a.figures:
        import figures
        print(figures.write("cost", "tests/fidelity/cost.py",
                            figures.cost_summary(configs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
