#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: marker-resolve addr2line on 100,000 addresses of a real
vmlinux from each of three distributions, against llvm-symbolizer (and,
on the first, GNU addr2line and eu-addr2line), in one run.

  symbolize-vmlinux.py      (env: SEED, N, EU_N, LAT_UNITS, SMK_CACHE,
                             DISTS=sized,uniform,trace, PEERS=all: GNU and
                             eu-addr2line on every distribution,
                             FIGURES=1: write Documentation/figures/
                             symbolize.json, the figures the docs quote)
  symbolize-vmlinux.py --record
                            record bench/data/kernel-trace-sites.txt again
                            from this machine's running kernel (root,
                            tracefs)

The input is Debian's cloud kernel vmlinux with DWARF 5, fetched once and
cached by bench/dbgpkg.py (the same cache as resolve-vmlinux.py).
When it cannot be had, the benchmark says so and exits 0.

Addresses (seed SEED, default 1; N, default 100,000 each), written
0x-prefixed, one a line:
  sized    uniform over the bytes of the sized function symbols (nm -S,
           t/T) in .text: every one inside a function, about 45% in
           inlined code (the share is printed);
  uniform  uniform over the bytes of every executable section (.text,
           .init.text, .altinstr_aux, .altinstr_replacement, .exit.text):
           assembly, padding between functions, section-end labels, code
           no DWARF unit covers;
  trace    the sites of a real kernel trace: kmem:kmalloc, kfree,
           kmem_cache_alloc and kmem_cache_free call sites (return
           addresses inside functions) and workqueue_execute_start and
           timer_expire_entry functions (entries), recorded from tracefs
           on a workload (bench/data/kernel-trace-sites.txt, name+offset
           with counts), mapped onto this vmlinux by name (the offset
           scaled when the function's size differs), drawn with the
           recorded frequencies.  Function-tracer and kprobe events would
           be the natural source, but the machine this was recorded on
           runs a kernel that allows neither (available_filter_functions
           is not readable, no kprobes), and its kernel is not the
           vmlinux measured, hence names, not addresses.

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
new address in each of those units, now indexed.  Then the floor of the
first of these, in another process: each of the same units read the
least a lookup that reads the unit at its first address can read (its
abbreviations, every DIE of its top level with children skipped by
DW_AT_sibling, its line program), through libsmk's own readers, nothing
kept; the first lookup's ratio to it.  Also each tool's time from start
to the answer for one address.

Targets (issue 13): ours under 1.5 s and 400 MB for the 100,000 of each
distribution and at least 1.5 times faster than llvm-symbolizer on the
same addresses; the first address in a unit not indexed yet under 50 us
(median); the first lookup of a new address in an opened binary
under 10 us (babeltrace2's debug-info: about 0.5 ms).  Printed, never
asserted.
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


# Where ours finds its index cache (symcache.h): an empty directory for
# "ours" (no cache file: what any first run costs, as the peers, which keep
# nothing between runs), one holding the file `marker-resolve index` wrote
# for "ours+cache".  Set by main().
CACHE_NONE = CACHE_DIR = None


def cache_env(d):
    return dict(os.environ, SMK_INDEX_CACHE_DIR=d)


def run(cmd, inp, out, env=None):
    """(wall s, peak RSS MiB, rc) of one command reading the file @inp on
    stdin and writing the file @out."""
    with open(inp, 'rb') as i, open(out, 'wb') as o:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=i, stdout=o, env=env,
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


def exec_sections(vmlinux):
    """[(name, addr, size)] of the executable sections."""
    out = []
    for ln in subprocess.run(['readelf', '-SW', vmlinux], capture_output=True,
                             text=True).stdout.splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+'
                     r'[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S+)', ln)
        if m and 'X' in m.group(4) and int(m.group(3), 16):
            out.append((m.group(1), int(m.group(2), 16),
                        int(m.group(3), 16)))
    return out


def choose_uniform(secs, n, rnd):
    return choose([(a, sz) for _, a, sz in secs], n, rnd)


SITES = os.path.join(TOP, 'bench', 'data', 'kernel-trace-sites.txt')
CLONE_SUFFIX = re.compile(r'(\.(constprop|part|isra|cold|llvm)\.\d+)+$')


def code_symbols(vmlinux):
    """{name: (addr, size)} of the t/T symbols (the first of a name)."""
    out = {}
    for ln in subprocess.run(['nm', '-S', '--defined-only', vmlinux],
                             capture_output=True, text=True).stdout.splitlines():
        f = ln.split()
        if len(f) == 4 and f[2] in 'tT':
            out.setdefault(f[3], (int(f[0], 16), int(f[1], 16)))
        elif len(f) == 3 and f[1] in 'tT':
            out.setdefault(f[2], (int(f[0], 16), 0))
    return out


def choose_trace(vmlinux, n, rnd):
    """(addresses, sites mapped, sites, events mapped, events): the
    recorded sites mapped by name onto @vmlinux, drawn by their counts."""
    syms = code_symbols(vmlinux)
    bare = {}
    for name, v in syms.items():
        bare.setdefault(CLONE_SUFFIX.sub('', name), v)
    sites, weights, nsites, nev, mev = [], [], 0, 0, 0
    with open(SITES) as fh:
        for ln in fh:
            if ln.startswith('#') or not ln.strip():
                continue
            cnt, name, off, size = ln.split()
            cnt, off, size = int(cnt), int(off, 16), int(size, 16)
            nsites += 1
            nev += cnt
            v = syms.get(name) or bare.get(CLONE_SUFFIX.sub('', name))
            if not v:
                continue
            addr, vsize = v
            if size and vsize and vsize != size:
                off = off * vsize // size
            if vsize and off >= vsize:
                off = vsize - 1
            sites.append(addr + off)
            weights.append(cnt)
            mev += cnt
    return rnd.choices(sites, weights, k=n), len(sites), nsites, mev, nev


def record():
    """Record SITES from this machine's tracefs (a private instance)."""
    import glob
    tr = next((m for m in ('/sys/kernel/tracing', '/sys/kernel/debug/tracing')
               if os.path.isdir(os.path.join(m, 'instances'))), None)
    if not tr:
        sys.exit('symbolize-vmlinux: --record: no tracefs with instances')
    inst = os.path.join(tr, 'instances', 'smk_symbench_%d' % os.getpid())
    os.mkdir(inst)
    events = ('kmem/kmalloc', 'kmem/kfree', 'kmem/kmem_cache_alloc',
              'kmem/kmem_cache_free', 'workqueue/workqueue_execute_start',
              'timer/timer_expire_entry')
    try:
        with open(os.path.join(inst, 'buffer_size_kb'), 'w') as fh:
            fh.write('8192')
        for e in events:
            with open(os.path.join(inst, 'events', e, 'enable'), 'w') as fh:
                fh.write('1')
        # The workload: read files, list a tree, start Python.
        for f in sorted(glob.glob('/usr/lib/python3*/**/*.py',
                                  recursive=True))[:3000]:
            with open(f, 'rb') as fh:
                fh.read()
        subprocess.run(['ls', '-lR', '/usr/share/doc'],
                       stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, '-c', 'import json, email'])
        with open(os.path.join(inst, 'events', 'enable'), 'w') as fh:
            fh.write('0')
        with open(os.path.join(inst, 'trace')) as fh:
            text = fh.read()
    finally:
        os.rmdir(inst)
    c = collections.Counter()
    for ln in text.splitlines():
        if ln.startswith('#'):
            continue
        m = re.search(r'call_site=([^\s+]+)\+0x([0-9a-f]+)/0x([0-9a-f]+)',
                      ln)
        if m:
            c[(m.group(1), int(m.group(2), 16), int(m.group(3), 16))] += 1
            continue
        m = re.search(r'function[ =]([A-Za-z_][\w.]*)', ln)
        if m:
            c[(m.group(1), 0, 0)] += 1
    with open(SITES, 'w') as fh:
        fh.write('# Kernel trace sites: kmem:kmalloc, kmem:kfree, '
                 'kmem:kmem_cache_alloc,\n# kmem:kmem_cache_free '
                 '(call_site), workqueue:workqueue_execute_start,\n'
                 '# timer:timer_expire_entry (function), recorded by\n'
                 '# bench/symbolize-vmlinux.py --record on Linux %s (a '
                 'file-reading\n# workload, %d events).  COUNT NAME OFFSET '
                 'SIZE (hex; SIZE 0: a\n# function entry, size not printed '
                 'by the event).\n' % (os.uname().release.split('-')[0],
                                       sum(c.values())))
        for (name, off, size), k in sorted(c.items(),
                                           key=lambda x: (-x[1], x[0])):
            fh.write('%d %s %x %x\n' % (k, name, off, size))
    print('%s: %d sites, %d events' % (SITES, len(c), sum(c.values())))


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
#include <dwarf.h>
#include "smk/symbolize.h"
#include "smk/binary.h"
#include "smk/dieread.h"
#include "smk/locview.h"

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

static bool no_row(void *arg, const struct smk_line_row *r)
{
	(void)arg;
	(void)r;
	return true;
}

/*
 * The floor of any lookup that reads a unit when it is first asked for:
 * its abbreviations, every DIE at its top level (children skipped by
 * DW_AT_sibling), and its line program, through libsmk's own readers,
 * nothing kept.  The "new" addresses of stdin, each in a unit not read
 * yet; the unit is found (libdw's aranges) before the clock starts.
 */
static int floor_run(struct smk_binary *b)
{
	struct smk_dwarf_secs secs = { 0 };
	struct smk_unit_reader r = { 0 };
	const unsigned char *line;
	size_t line_size, n = 0;
	char kind[16];
	unsigned long long a;
	double *v = malloc(sizeof(double) * 100000), t;
	Dwarf *dw = smk_binary_dwarf(b);
	Dwarf_Die cu;

	if (!dw || !smk_dwarf_section(dw, ".debug_line", &line, &line_size))
		return 1;
	while (scanf("%15s %llx", kind, &a) == 2 && n < 100000) {
		Dwarf_Attribute at;
		Dwarf_Word off;
		struct smk_rdie d;
		bool more;

		if (!dwarf_addrdie(dw, a, &cu) ||
		    dwarf_formudata(dwarf_attr(&cu, DW_AT_stmt_list, &at),
				    &off) != 0 || strcmp(kind, "new"))
			continue;
		t = now();
		if (smk_unit_reader_open(dw, &cu, &secs, &r))
			continue;
		for (more = smk_rdie_first(&r, &d); more;
		     more = smk_rdie_sibling(&r, &d, &d))
			;
		smk_unit_reader_done(&r);
		smk_error_destroy(smk_line_program_walk(line, line_size, off,
							8, "floor", no_row,
							NULL));
		v[n++] = now() - t;
	}
	report("floor", v, n);
	smk_unit_reader_close(&r);
	return 0;
}

/* stdin: "KIND ADDR" lines, KIND first, new or old, grouped.
 * With "floor" after the file: floor_run(). */
int main(int argc, char **argv)
{
	struct smk_symbolizer *s;
	struct smk_symbol_info info;
	struct smk_binary *b;
	char kind[16], cur[16] = "";
	unsigned long long a;
	double t0 = now(), t, *v = malloc(sizeof(double) * 100000);
	size_t n = 0;

	if (smk_binary_open(argv[1], NULL, &b))
		return 1;
	if (argc > 2 && !strcmp(argv[2], "floor"))
		return floor_run(b);
	if (smk_symbolizer_create(b, &s))
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
    print()
    print('latency, in process (libsmk):')
    medians = {}
    for label, d in (('no index cache file', CACHE_NONE),
                     ('index cache file (marker-resolve index)', CACHE_DIR)):
        if d is None:
            continue
        r = subprocess.run([exe, vmlinux], stdin=open(inp),
                           capture_output=True, text=True, env=cache_env(d))
        if r.returncode:
            print('latency: the probe failed: %s' % r.stderr.strip()[:200])
            return
        got = {}
        for ln in r.stdout.splitlines():
            f = ln.split()
            got[f[0]] = [float(x) for x in f[1:]]
        print(' %s:' % label)
        print('  open (no DWARF read yet)          %10.3f ms' %
              (1e3 * got['open'][0]))
        print('  open + first address              %10.3f ms (DWARF opened, '
              'units and symbols indexed, one unit built)' %
              (1e3 * got['open+first'][0]))
        for k, what in (('new', 'an address in a unit not indexed yet'),
                        ('old', 'a new address in an indexed unit')):
            if k in got:
                n, med, p90, mean = got[k]
                print('  %-33s %10.1f us median, %.1f us p90, %.1f us '
                      'mean (%d units)' % (what, 1e6 * med, 1e6 * p90,
                                           1e6 * mean, n))
        if 'new' in got:
            medians['cache' if d == CACHE_DIR else 'no_cache'] = \
                round(1e6 * got['new'][1], 1)
            print('  target (the first address in a unit, median < 50 us): '
                  '%s' % ('met' if got['new'][1] < 50e-6 else 'MISSED'))
        if 'old' in got:
            print('  target (a new address in an opened binary < 10 us): '
                  '%s; babeltrace2 about 500 us' %
                  ('met' if got['old'][1] < 10e-6 else 'MISSED'))
    # The floor: what reading a unit costs before anything is kept.
    r = subprocess.run([exe, vmlinux, 'floor'], stdin=open(inp),
                       capture_output=True, text=True,
                       env=cache_env(CACHE_NONE or tempfile.gettempdir()))
    f = r.stdout.split()
    if r.returncode or len(f) < 5 or f[0] != 'floor':
        print(' floor: the probe failed: %s' % r.stderr.strip()[:200])
        return medians
    n, med, p90, mean = int(f[1]), float(f[2]), float(f[3]), float(f[4])
    medians['floor'] = round(1e6 * med, 1)
    print(' floor, reading a unit not read yet and keeping nothing '
          '(its abbreviations, its top-level DIEs, its line program):')
    print('  %-33s %10.1f us median, %.1f us p90, %.1f us mean (%d units)'
          % ('the same units', 1e6 * med, 1e6 * p90, 1e6 * mean, n))
    if 'no_cache' in medians and med > 0:
        print('  first lookup / floor: %.2f (no index cache file)' %
              (medians['no_cache'] / medians['floor']))
    return medians


# --------------------------------------------------------------- main

def agreement(name, ours, ch, keys):
    """Print the agreement of peer @name's chains @ch with @ours on @keys;
    return the count of identical chains."""
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
    return same


def measure(dist, addrs, vmlinux, tmp, peers):
    """Run ours and @peers on @addrs: {tool: (s, MiB, rc, out, n)}."""
    inp = os.path.join(tmp, 'addrs-' + dist)
    with open(inp, 'w') as fh:
        fh.writelines('0x%x\n' % a for a in addrs)
    eu_inp = inp
    if EU_N < N:
        eu_inp = os.path.join(tmp, 'addrs-eu-' + dist)
        with open(eu_inp, 'w') as fh:
            fh.writelines('0x%x\n' % a for a in addrs[:EU_N])
    ours = [RESOLVE, 'addr2line', '-f', '-i', '-a', '-e', vmlinux]
    tools = [('ours', ours, inp, N, CACHE_NONE)]
    if CACHE_DIR:
        tools.append(('ours+cache', ours, inp, N, CACHE_DIR))
    if LLVM:
        tools.append(('llvm-symbolizer', [LLVM, '--obj=' + vmlinux,
                                          '--functions=linkage',
                                          '--inlining',
                                          '--output-style=GNU', '-a'],
                      inp, N, None))
    if 'GNU addr2line' in peers and shutil.which('addr2line'):
        tools.append(('GNU addr2line', ['addr2line', '-f', '-i', '-a',
                                        '-e', vmlinux], inp, N, None))
    if 'eu-addr2line' in peers and shutil.which('eu-addr2line'):
        tools.append(('eu-addr2line', ['eu-addr2line', '-f', '-i', '-a',
                                       '-e', vmlinux], eu_inp, EU_N, None))
    runs = {}
    for name, cmd, i, n, d in tools:
        out = os.path.join(tmp, 'out-%s-%d' % (dist, len(runs)))
        runs[name] = run(cmd, i, out, cache_env(d) if d else None) + (out, n)
    return runs


def report(dist, addrs, runs):
    """Print the table and the agreement of one distribution's @runs;
    return {tool: (s, MiB, n, agreeing)}."""
    print()
    print('== %s: %d addresses (%d distinct)' % (dist, N, len(set(addrs))))
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
    res = {}
    for name, (_, _, _, out, n) in runs.items():
        with open(out, errors='replace') as fh:
            res[name] = (chains(fh.read()), n)
    if 'ours+cache' in runs:
        with open(runs['ours'][3], 'rb') as a, \
                open(runs['ours+cache'][3], 'rb') as b:
            print('ours+cache: output %s ours, byte for byte' %
                  ('identical to' if a.read() == b.read() else
                   'DIFFERENT from'))
    ours = res['ours'][0]
    inl = sum(1 for a in addrs if len(ours.get(a, ())) > 1)
    unknown = sum(1 for a in addrs if ours.get(a, [('??',)])[0][0] == '??')
    print('ours: %d of %d addresses in inlined code (%.1f%%), deepest '
          'chain %d frames; %d with no function ("??")' % (
              inl, N, 100.0 * inl / N,
              max((len(c) for c in ours.values()), default=0), unknown))
    print('agreement with ours (identical chains of function, file, '
          'line, innermost first):')
    out = {}
    for name, (dt, mib, rc, _, n) in runs.items():
        same = n if name in ('ours', 'ours+cache') else \
            agreement(name, ours, res[name][0], addrs[:n])
        out[name] = (dt * N / n, mib, n, same)
    return out


def main():
    if sys.argv[1:] == ['--record']:
        record()
        return
    if not os.access(RESOLVE, os.X_OK):
        unavailable('%s not built (run make at the top)' % RESOLVE)
    for t in ('readelf', 'nm'):
        if not shutil.which(t):
            unavailable('%s not installed' % t)
    vmlinux, whynot = fetch_vmlinux()
    if vmlinux is None:
        unavailable(whynot)
    print('vmlinux: %s (%.0f MB)' % (vmlinux, os.path.getsize(vmlinux) / 1e6))
    if not LLVM:
        print('llvm-symbolizer: not installed (Debian package llvm-14)')
    rnd = random.Random(SEED)
    funcs = functions(vmlinux)
    secs = exec_sections(vmlinux)
    dists = {}
    want = os.environ.get('DISTS', 'sized,uniform,trace').split(',')
    if 'sized' in want:
        dists['sized'] = choose(funcs, N, rnd)
        print('sized: %d functions of .text' % len(funcs))
    if 'uniform' in want:
        dists['uniform'] = choose_uniform(secs, N, rnd)
        print('uniform: %s (%d bytes)' % (
            ', '.join(n for n, _, _ in secs), sum(sz for _, _, sz in secs)))
    if 'trace' in want:
        dists['trace'], ms, ns, me, ne = choose_trace(vmlinux, N, rnd)
        print('trace: %s: %d of %d sites (%d of %d events) named in this '
              'vmlinux' % (os.path.relpath(SITES, TOP), ms, ns, me, ne))
    every = os.environ.get('PEERS') == 'all'
    tmp = tempfile.mkdtemp(prefix='symbolize-vmlinux.')
    global CACHE_NONE, CACHE_DIR
    try:
        CACHE_NONE = os.path.join(tmp, 'cache-none')
        os.mkdir(CACHE_NONE)
        d = os.path.join(tmp, 'cache')
        out = os.path.join(tmp, 'index.out')
        dt, mib, rc = run([RESOLVE, 'index', vmlinux], os.devnull, out,
                          cache_env(d))
        files = os.listdir(d) if rc == 0 and os.path.isdir(d) else []
        if files:
            CACHE_DIR = d
            print('index cache: marker-resolve index: %.2f s, %.0f MiB '
                  'peak, a file of %.1f MB' % (
                      dt, mib, os.path.getsize(os.path.join(d, files[0])) /
                      1e6))
        else:
            print('index cache: marker-resolve index failed (exit %d): '
                  'ours+cache not measured' % rc)
        # Every run first, parsing after: a child's peak RSS counts the
        # parent's at fork time, so this process stays small meanwhile.
        runs, summary = {}, {}
        for dist, addrs in dists.items():
            peers = ('GNU addr2line', 'eu-addr2line') \
                if every or dist == 'sized' else ()
            runs[dist] = measure(dist, addrs, vmlinux, tmp, peers)
        one = os.path.join(tmp, 'one')
        addrs = next(iter(dists.values()))
        with open(one, 'w') as fh:
            fh.write('0x%x\n' % addrs[0])
        cmds = {'ours': [RESOLVE, 'addr2line', '-f', '-i', '-a', '-e',
                         vmlinux]}
        if LLVM:
            cmds['llvm-symbolizer'] = [LLVM, '--obj=' + vmlinux,
                                       '--functions=linkage', '--inlining',
                                       '--output-style=GNU', '-a']
        if CACHE_DIR:
            cmds['ours+cache'] = cmds['ours']
        ones = {name: run(cmd, one, os.path.join(tmp, 'out-one'),
                          cache_env(CACHE_DIR if name == 'ours+cache' else
                                    CACHE_NONE)
                          if name.startswith('ours') else None)
                for name, cmd in cmds.items()}
        for dist, addrs in dists.items():
            summary[dist] = report(dist, addrs, runs[dist])
        print()
        print('summary (%d addresses each; time/ours and agreement with '
              'llvm-symbolizer):' % N)
        print('%-9s %8s %9s %8s %9s %10s %10s  %s' % (
            'addresses', 'ours s', 'ours MiB', 'llvm s', 'llvm MiB',
            'llvm/ours', 'agreement', 'targets (< 1.5 s, < 400 MB, '
            '>= 1.5x llvm)'))
        for dist, r in summary.items():
            o = r['ours']
            lv = r.get('llvm-symbolizer')
            ratio = lv[0] / o[0] if lv else float('nan')
            print('%-9s %8.2f %9.0f %8s %9s %10s %9.2f%%  %s' % (
                dist, o[0], o[1], '%.2f' % lv[0] if lv else '-',
                '%.0f' % lv[1] if lv else '-',
                '%.2f' % ratio if lv else '-',
                100.0 * lv[3] / lv[2] if lv else float('nan'),
                ', '.join((
                    'time ' + ('met' if o[0] < 1.5 else 'MISSED'),
                    'memory ' + ('met' if o[1] < 400 else 'MISSED'),
                    'ratio ' + ('met' if lv and ratio >= 1.5
                                else 'MISSED')))))
        if CACHE_DIR:
            print()
            print('with the index cache file (ours+cache), the same '
                  'addresses:')
            print('%-9s %8s %9s %10s %9s' % ('addresses', 'ours s',
                                             'ours MiB', 'llvm/ours',
                                             'ours/this'))
            for dist, r in summary.items():
                c, o = r['ours+cache'], r['ours']
                lv = r.get('llvm-symbolizer')
                print('%-9s %8.2f %9.0f %10s %9.2f' % (
                    dist, c[0], c[1], '%.2f' % (lv[0] / c[0]) if lv else '-',
                    o[0] / c[0]))
        print()
        print('time from start to the answer for one address (process):')
        for name, (dt, mib, rc) in ones.items():
            print('  %-16s %8.1f ms %6.0f MiB' % (name, 1e3 * dt, mib))
        first_us = latency(vmlinux, funcs, rnd, tmp) or {}
        if os.environ.get('FIGURES') == '1' and 'sized' in summary:
            sys.path.insert(0, os.path.join(TOP, 'tests', 'lib'))
            import figures
            print(figures.write('symbolize', 'bench/symbolize-vmlinux.py', {
                'addresses': N, 'tools': {
                    name: {'s': round(s, 2), 'mib': round(mib),
                           'extrapolated_from': None if n == N else n}
                    for name, (s, mib, n, _) in summary['sized'].items()},
                'distributions': {
                    dist: {name: {'s': round(v[0], 2), 'mib': round(v[1]),
                                  'agreeing': v[3]}
                           for name, v in r.items()
                           if name in ('ours', 'ours+cache', 'llvm-symbolizer')}
                    for dist, r in summary.items()},
                'first_lookup_us': first_us}))

    finally:
        shutil.rmtree(tmp, ignore_errors=True)

if __name__ == '__main__':
    main()
