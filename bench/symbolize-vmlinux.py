#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: marker-resolve addr2line on 100,000 random .text addresses of
a real vmlinux, against llvm-symbolizer, GNU addr2line and eu-addr2line,
in one run.

  symbolize-vmlinux.py      (env: SEED, N, EU_N, LAT_UNITS, SMK_CACHE,
                             FIGURES=1: write Documentation/figures/
                             symbolize.json, the figures the docs quote)

The input is Debian's cloud kernel vmlinux with DWARF 5, fetched once and
cached by bench/dbgpkg.py (the same cache as resolve-vmlinux.py).
When it cannot be had, the benchmark says so and exits 0.

Addresses (seed SEED, default 1; N, default 100,000): uniform over the
bytes of the sized function symbols (nm -S, t/T) in .text, so every one is
inside a function and, the kernel being what it is, about 45% are in
inlined code (the share is printed).  Written 0x-prefixed, one a line.

Measured in the same run, each tool reading all addresses on stdin, wall
time and peak RSS (os.wait4 of the child):
  ours    marker-resolve addr2line -f -i -a -e VMLINUX
  llvm    llvm-symbolizer-14 --obj=VMLINUX --functions=linkage --inlining
          --output-style=GNU -a
  GNU     addr2line -f -i -a -e VMLINUX
  eu      eu-addr2line -f -i -a -e VMLINUX; it walks the unit's DIEs for
          every address (2-3 ms each, minutes for 100,000): EU_N (default
          all) runs it on the first EU_N addresses only, its time then
          extrapolated and marked so.
Ratios are peer / ours.  Agreement: every output parsed into per-address
chains of (function, file, line), innermost first (columns, which only
eu-addr2line and ours have, and GNU's discriminators left out); the count
of identical chains between ours and each peer, and a breakdown of the
differences with examples.

Latency: a C program linked with libsmk (written and compiled here) opens
the vmlinux and times, in process: the first address; then one address in
each of LAT_UNITS (default 300) compilation units not yet indexed; then a
new address in each of those units, now indexed.  Also each tool's time
from start to the answer for one address.

Targets (issue): ours under 1.5 s and 400 MB for the 100,000 (llvm-symbolizer
about 6-7 s and 1 GB); the first lookup of a new address in an opened
binary under 10 us (babeltrace2's debug-info: about 0.5 ms).  Printed,
never asserted.
"""
import bisect
import collections
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import dbgpkg

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOLVE = os.path.join(TOP, 'tools/resolve/marker-resolve')
SEED = int(os.environ.get('SEED', 1))
N = int(os.environ.get('N', 100000))
EU_N = int(os.environ.get('EU_N', 0)) or N
LAT_UNITS = int(os.environ.get('LAT_UNITS', 300))
LLVM = shutil.which('llvm-symbolizer-14') or shutil.which('llvm-symbolizer')
PKGS = 'libelf libdw libkmod zlib liblzma libzstd capstone babeltrace2'


def unavailable(msg):
    print('symbolize-vmlinux: skipped: %s' % msg)
    sys.exit(0)


def fetch_vmlinux():
    """The cache shared with resolve-vmlinux.py (bench/dbgpkg.py)."""
    return dbgpkg.vmlinux('symbolize-vmlinux')


def run(cmd, inp, out):
    """(wall s, peak RSS MiB, rc) of one command reading the file @inp on
    stdin and writing the file @out."""
    with open(inp, 'rb') as i, open(out, 'wb') as o:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=i, stdout=o,
                             stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        dt = time.perf_counter() - t0
        return (dt, ru.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status))


# ----------------------------------------------------------- addresses

def functions(vmlinux):
    """Sized function symbols inside .text: [(addr, size)], sorted."""
    text = None
    for ln in subprocess.run(['readelf', '-SW', vmlinux], capture_output=True,
                             text=True).stdout.splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+\.text\s+\S+\s+([0-9a-f]+)\s+'
                     r'[0-9a-f]+\s+([0-9a-f]+)', ln)
        if m:
            text = (int(m.group(1), 16), int(m.group(2), 16))
    out = set()
    for ln in subprocess.run(['nm', '-S', '--defined-only', vmlinux],
                             capture_output=True, text=True).stdout.splitlines():
        f = ln.split()
        if len(f) == 4 and f[2] in 'tT' and int(f[1], 16):
            a, s = int(f[0], 16), int(f[1], 16)
            if text and text[0] <= a and a + s <= text[0] + text[1]:
                out.add((a, s))
    return sorted(out)


def choose(funcs, n, rnd):
    total = sum(s for _, s in funcs)
    starts, acc = [], 0
    for _, s in funcs:
        starts.append(acc)
        acc += s
    out = []
    for _ in range(n):
        x = rnd.randrange(total)
        k = bisect.bisect_right(starts, x) - 1
        out.append(funcs[k][0] + x - starts[k])
    return out


def aranges(vmlinux):
    """{CU offset: [(lo, len)]} from .debug_aranges."""
    out, cu = collections.defaultdict(list), None
    for ln in subprocess.run(['readelf', '--debug-dump=aranges', vmlinux],
                             capture_output=True,
                             text=True).stdout.splitlines():
        m = re.match(r'\s+Offset into .debug_info:\s+(0x[0-9a-f]+|\d+)', ln)
        if m:
            cu = int(m.group(1), 0)
            continue
        m = re.match(r'\s+([0-9a-f]{16}) ([0-9a-f]{16})$', ln)
        if m and int(m.group(2), 16):
            out[cu].append((int(m.group(1), 16), int(m.group(2), 16)))
    return out


# ------------------------------------------------------------ parsing

ADDR = re.compile(r'^0x[0-9a-f]+$')


def chains(text):
    """GNU-style -f -i -a output -> {address: [(function, file, line)]}.
    eu-addr2line's 'f inlined at X in g' first line keeps f; columns and
    discriminators are dropped; unknown is ('??', None, 0)."""
    out, cur, body = {}, None, []

    def close():
        if cur is None:
            return
        fr = []
        for i in range(0, len(body) - 1, 2):
            fn = body[i].split(' inlined at ')[0]
            loc = re.sub(r' \(discriminator \d+\)$', '', body[i + 1])
            m = re.match(r'^(.*?):(\d+|\?)(?::\d+)?$', loc)
            if not m or m.group(1) == '??':
                fr.append((fn, None, 0))
            else:
                fr.append((fn, m.group(1),
                           0 if m.group(2) == '?' else int(m.group(2))))
        out[cur] = fr

    for ln in text.splitlines():
        if ADDR.match(ln):
            close()
            cur, body = int(ln, 16), []
        else:
            body.append(ln)
    close()
    return out


CLONE = re.compile(r'\.(constprop|part|isra|cold)(\.\d+)?')


def unclone(f):
    return (CLONE.sub('', f[0]),) + f[1:]


def why(o, p):
    if o is None or p is None:
        return 'no answer'
    if len(o) != len(p):
        return 'inline depth'
    if [f[0] for f in o] != [f[0] for f in p]:
        return 'function name'
    if [f[1] for f in o] != [f[1] for f in p]:
        return 'file'
    return 'line'


# ------------------------------------------------------------ latency

LAT_C = r'''
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "smk/symbolize.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void report(const char *kind, double *v, size_t n)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += v[i];
	qsort(v, n, sizeof(*v), cmp);
	if (n)
		printf("%s %zu %.9f %.9f %.9f\n", kind, n, v[n / 2],
		       v[n * 9 / 10], sum / n);
}

/* stdin: "KIND ADDR" lines, KIND first, new or old, grouped. */
int main(int argc, char **argv)
{
	struct smk_symbolizer *s;
	struct smk_symbol_info info;
	struct smk_binary *b;
	char kind[16], cur[16] = "";
	unsigned long long a;
	double t0 = now(), t, *v = malloc(sizeof(double) * 100000);
	size_t n = 0;

	if (smk_binary_open(argv[1], NULL, &b) ||
	    smk_symbolizer_create(b, &s))
		return 1;
	printf("open %.9f\n", now() - t0);
	while (scanf("%15s %llx", kind, &a) == 2 && n < 100000) {
		uint64_t addr = a;

		if (strcmp(kind, cur)) {
			report(cur, v, n);
			n = 0;
			snprintf(cur, sizeof(cur), "%s", kind);
		}
		t = now();
		if (smk_symbolizer_lookup(s, &addr, 1, &info))
			return 1;
		v[n++] = now() - t;
		if (!strcmp(kind, "first"))
			printf("open+first %.9f\n", now() - t0);
	}
	report(cur, v, n);
	smk_symbolizer_destroy(s);
	return 0;
}
'''


def latency(vmlinux, funcs, rnd, tmp):
    lib = os.path.join(TOP, 'tools/lib/smk/libsmk.a')
    src = os.path.join(tmp, 'lat.c')
    exe = os.path.join(tmp, 'lat')
    with open(src, 'w') as fh:
        fh.write(LAT_C)
    libs = subprocess.run(['pkg-config', '--libs'] + PKGS.split(),
                          capture_output=True, text=True)
    cflags = subprocess.run(['pkg-config', '--cflags'] + PKGS.split(),
                            capture_output=True, text=True)
    r = subprocess.run(['cc', '-O2', '-I', os.path.join(TOP, 'tools/lib')] +
                       cflags.stdout.split() + [src, lib, '-o', exe] +
                       libs.stdout.split(), capture_output=True, text=True)
    if r.returncode:
        print('latency: cannot build the probe: %s' % r.stderr.strip()[:200])
        return
    fstarts = [a for a, _ in funcs]

    def in_function(lo, ln):
        """A random address of [lo, lo + ln) inside a sized function."""
        for _ in range(50):
            x = lo + rnd.randrange(ln)
            k = bisect.bisect_right(fstarts, x) - 1
            if k >= 0 and x < funcs[k][0] + funcs[k][1]:
                return x
        return None

    units = [(cu, max(rs, key=lambda r: r[1])) for cu, rs in
             sorted(aranges(vmlinux).items()) if max(r[1] for r in rs) > 64]
    rnd.shuffle(units)
    first, new, old = None, [], []
    for cu, (lo, ln) in units:
        a, b = in_function(lo, ln), in_function(lo, ln)
        if a is None or b is None or a == b:
            continue
        if first is None:
            first = a
            continue
        new.append(a)
        old.append(b)
        if len(new) == LAT_UNITS:
            break
    inp = os.path.join(tmp, 'lat.in')
    with open(inp, 'w') as fh:
        fh.write('first %x\n' % first)
        fh.writelines('new %x\n' % a for a in new)
        fh.writelines('old %x\n' % a for a in old)
    r = subprocess.run([exe, vmlinux], stdin=open(inp), capture_output=True,
                       text=True)
    if r.returncode:
        print('latency: the probe failed: %s' % r.stderr.strip()[:200])
        return
    got = {}
    for ln in r.stdout.splitlines():
        f = ln.split()
        got[f[0]] = [float(x) for x in f[1:]]
    print()
    print('latency, in process (libsmk):')
    print('  open (no DWARF read yet)          %10.3f ms' %
          (1e3 * got['open'][0]))
    print('  open + first address              %10.3f ms (DWARF opened, '
          'units and symbols indexed, one unit built)' %
          (1e3 * got['open+first'][0]))
    for k, what in (('new', 'an address in a unit not indexed yet'),
                    ('old', 'a new address in an indexed unit')):
        if k in got:
            n, med, p90, mean = got[k]
            print('  %-33s %10.1f us median, %.1f us p90, %.1f us mean '
                  '(%d units)' % (what, 1e6 * med, 1e6 * p90, 1e6 * mean,
                                  n))
    if 'old' in got:
        print('  target (a new address in an opened binary < 10 us): %s; '
              'babeltrace2 about 500 us' %
              ('met' if got['old'][1] < 10e-6 else 'MISSED'))
    return first


# --------------------------------------------------------------- main

def main():
    if not os.access(RESOLVE, os.X_OK):
        unavailable('%s not built (run make at the top)' % RESOLVE)
    for t in ('readelf', 'nm'):
        if not shutil.which(t):
            unavailable('%s not installed' % t)
    vmlinux, whynot = fetch_vmlinux()
    if vmlinux is None:
        unavailable(whynot)
    print('vmlinux: %s (%.0f MB)' % (vmlinux, os.path.getsize(vmlinux) / 1e6))
    rnd = random.Random(SEED)
    funcs = functions(vmlinux)
    addrs = choose(funcs, N, rnd)
    tmp = tempfile.mkdtemp(prefix='symbolize-vmlinux.')
    try:
        inp = os.path.join(tmp, 'addrs')
        with open(inp, 'w') as fh:
            fh.writelines('0x%x\n' % a for a in addrs)
        eu_inp = inp
        if EU_N < N:
            eu_inp = os.path.join(tmp, 'addrs-eu')
            with open(eu_inp, 'w') as fh:
                fh.writelines('0x%x\n' % a for a in addrs[:EU_N])
        print('addresses: %d (seed %d) in %d functions of .text' %
              (N, SEED, len(funcs)))

        tools = [('ours', [RESOLVE, 'addr2line', '-f', '-i', '-a', '-e',
                           vmlinux], inp, N)]
        if LLVM:
            tools.append(('llvm-symbolizer', [LLVM, '--obj=' + vmlinux,
                                              '--functions=linkage',
                                              '--inlining',
                                              '--output-style=GNU', '-a'],
                          inp, N))
        else:
            print('llvm-symbolizer: not installed (Debian package llvm-14)')
        if shutil.which('addr2line'):
            tools.append(('GNU addr2line', ['addr2line', '-f', '-i', '-a',
                                            '-e', vmlinux], inp, N))
        if shutil.which('eu-addr2line'):
            tools.append(('eu-addr2line', ['eu-addr2line', '-f', '-i', '-a',
                                           '-e', vmlinux], eu_inp, EU_N))
        # Every run first, parsing after: a child's peak RSS counts the
        # parent's at fork time, so this process stays small meanwhile.
        runs, ones = {}, {}
        for name, cmd, i, n in tools:
            out = os.path.join(tmp, 'out-%d' % len(runs))
            runs[name] = run(cmd, i, out) + (out, n)
        one = os.path.join(tmp, 'one')
        with open(one, 'w') as fh:
            fh.write('0x%x\n' % addrs[0])
        for name, cmd, _, _ in tools:
            ones[name] = run(cmd, one, os.path.join(tmp, 'out-one'))

        print()
        print('%-16s %9s %9s %10s %12s %9s %9s' % (
            '', 'time s', 'peak MiB', 'addresses', 'us/address',
            'time/ours', 'MiB/ours'))
        o_dt, o_mib = runs['ours'][0], runs['ours'][1]
        for name, (dt, mib, rc, out, n) in runs.items():
            full = dt * N / n
            print('%-16s %9.2f %9.0f %10d %12.1f %9.2f %9.2f%s%s' % (
                name, full, mib, n, 1e6 * dt / n, full / o_dt, mib / o_mib,
                '' if n == N else '  (time extrapolated from %d)' % n,
                '' if rc == 0 else '  exit %d' % rc))
        if os.environ.get('FIGURES') == '1':
            sys.path.insert(0, os.path.join(TOP, 'tests', 'lib'))
            import figures
            print(figures.write('symbolize', 'bench/symbolize-vmlinux.py', {
                'addresses': N, 'tools': {
                    name: {'s': round(dt * N / n, 2), 'mib': round(mib),
                           'extrapolated_from': None if n == N else n}
                    for name, (dt, mib, rc, out, n) in runs.items()}}))
        print('targets (< 1.5 s, < 400 MB): time %s, memory %s' % (
            'met' if o_dt < 1.5 else 'MISSED',
            'met' if o_mib < 400 else 'MISSED'))
        res = {}
        for name, (_, _, _, out, n) in runs.items():
            with open(out, errors='replace') as fh:
                res[name] = (chains(fh.read()), n)
        ours = res['ours'][0]
        inl = sum(1 for a in addrs if len(ours.get(a, ())) > 1)
        print('ours: %d of %d addresses (%d distinct) in inlined code '
              '(%.1f%%), deepest chain %d frames' % (
                  inl, N, len(ours), 100.0 * inl / N,
                  max((len(c) for c in ours.values()), default=0)))

        print()
        print('agreement with ours (identical chains of function, file, '
              'line, innermost first):')
        for name, (ch, n) in res.items():
            if name == 'ours':
                continue
            keys = addrs[:n]
            same = sum(1 for a in keys if ch.get(a) == ours.get(a))
            kinds = collections.Counter()
            example = {}
            for a in keys:
                if ch.get(a) == ours.get(a):
                    continue
                k = why(ours.get(a), ch.get(a))
                if (name == 'eu-addr2line' and ours.get(a) and ch.get(a) and
                        ours[a][0] == ch[a][0]):
                    k = 'chain after an equal first frame (eu-addr2line ' \
                        'takes the chain at the line row\'s start)'
                elif (k == 'function name' and
                      [unclone(f) for f in ch[a]] == ours[a]):
                    k = 'function name, a gcc clone suffix only ' \
                        '(.constprop.N, .part.N, .isra.N, .cold)'
                kinds[k] += 1
                example.setdefault(k, a)
            print('  %-16s %d of %d (%.2f%%)' % (
                name, same, len(keys), 100.0 * same / max(len(keys), 1)))
            for k, c in kinds.most_common():
                a = example[k]
                print('    differ by %s: %d, e.g. %#x' % (k, c, a))
                print('      ours %s' % (ours.get(a),))
                print('      %-4s %s' % (name.split('-')[0].split()[0][:4],
                                        ch.get(a)))

        print()
        print('time from start to the answer for one address (process):')
        for name, (dt, mib, rc) in ones.items():
            print('  %-16s %8.1f ms %6.0f MiB' % (name, 1e3 * dt, mib))
        latency(vmlinux, funcs, rnd, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    main()
