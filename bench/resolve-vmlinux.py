#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: marker-resolve --at on 1,000 ad-hoc points of a real vmlinux,
against perf probe -D on a sample of the same points.

  resolve-vmlinux.py        (env: SEED, POINTS, CUS, PERF_POINTS, REPEAT,
                             SMK_CACHE, REGEN=1 to choose the points again)

The input is Debian's cloud kernel vmlinux with DWARF 5 (590 MB), from
linux-image-REL-dbg (REL from scripts/kernel-release.sh): `apt-get
download`ed once, only usr/lib/debug/boot/vmlinux-REL extracted into
$SMK_CACHE/linux-image-REL-dbg/ (never installed), reused afterwards.
When it cannot be had, the benchmark says so and exits 0.

Choosing the points (seed SEED, default 1; cached next to the vmlinux):
 - `readelf --debug-dump=info --dwarf-depth=1` lists the CUs (2.5 s);
   keep C files under fs/, kernel/, mm/ and one directory below (551);
 - CUS of them (default 60), drawn with the seed, are read one by one with
   `llvm-dwarfdump --debug-info=CU_DIE -c -r 2 --debug-line=STMT_LIST`
   (about 0.8 s each, two at a time): the subprograms and their parameters,
   and the CU's line table.  Dumping all of .debug_info takes 46 s and
   70 M lines, hence the sample;
 - a candidate is a line L of a function F defined in the CU's own file,
   with code (low_pc/high_pc or ranges) and named parameters, such that
   decl_line(F) < L < the next function's decl_line, and L has an is_stmt
   row in F's own code other than F's entry address.  Functions sharing
   their decl_line with another (SYSCALL_DEFINE and similar macro-made
   functions) are left out: which one's parameters are in scope is
   ambiguous there;
 - POINTS (default 1,000) candidates are drawn from the pool, each with 1-3
   of F's parameters (in order): `FILE:LINE=pNNNN PARAM...`.

Measured in the same run:
 - `marker-resolve --at-file POINTS VMLINUX`, default (tracefs) and
   --format=json, best wall time of REPEAT (default 1) runs and peak RSS
   (os.wait4 rusage of that child).  When the run fails as a whole, the
   points that make it fail are found by bisection, named, and the rest
   measured.  Verdicts, sites, arguments available,
   and sanity checks on every site: symbol+offset within the symbol's size
   and equal to the address, the offset on an instruction boundary
   (objdump of each function), no site in text kprobes refuse
   (.noinstr.text, .kprobes.text, .entry.text);
 - `perf probe -k VMLINUX -D 'FILE:LINE PARAM...'`, one call per point on
   PERF_POINTS (default 20) points drawn from the same 1,000, then one call
   with all those perf accepted as several -D; time and peak RSS;
 - agreement where both place a point: same addresses (perf prints
   SYM+DEC), same fetch specs per parameter, same types; and the ratios
   marker-resolve / perf per point.
Targets (issue): 1,000 points in under 3 s and 400 MB; perf probe takes
about 1 s and 230-570 MB per point here.  Printed, never asserted.
"""
import bisect
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import dbgpkg

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOLVE = os.path.join(TOP, 'tools/resolve/marker-resolve')
SEED = int(os.environ.get('SEED', 1))
POINTS = int(os.environ.get('POINTS', 1000))
CUS = int(os.environ.get('CUS', 60))
PERF_POINTS = int(os.environ.get('PERF_POINTS', 20))
# Each marker-resolve run takes seconds: one is enough by default.
REPEAT = int(os.environ.get('REPEAT', 1))
# Bump when the way points are chosen changes: the cached list is then
# chosen again.
PICK_VERSION = 1

CU_RE = re.compile(r'^(fs|kernel|mm)/([a-z0-9_]+/)?[a-z0-9_-]+\.c$')
HDR = re.compile(r'^0x([0-9a-f]+):( +)(DW_TAG_\w+|NULL)')
ATTR = re.compile(r'^\s+(DW_AT_\w+)\t\((.*)$')
RANGE = re.compile(r'\[0x([0-9a-f]+), 0x([0-9a-f]+)\)')
ROW = re.compile(r'^0x([0-9a-f]{16})\s+(\d+)\s+\d+\s+(\d+)\s+[\d\s]*?\s'
                 r'([a-z_ ]*)$')


def unavailable(msg):
    print('resolve-vmlinux: skipped: %s' % msg)
    sys.exit(0)


# ---------------------------------------------------------------- input

def fetch_vmlinux():
    """Path of the cloud kernel's vmlinux with DWARF, fetched once into the
    cache (bench/dbgpkg.py); (None, why) when it cannot be had."""
    return dbgpkg.vmlinux('resolve-vmlinux')


# --------------------------------------------------------- choosing points

def list_cus(vmlinux):
    """All CUs: [{'cu': header offset, 'die': CU DIE offset, 'name': path,
    'stmt': line table offset}]."""
    p = subprocess.Popen(['readelf', '--debug-dump=info', '--dwarf-depth=1',
                          vmlinux], stdout=subprocess.PIPE, text=True,
                         errors='replace')
    cus, cur, hdr = [], None, None
    for ln in p.stdout:
        m = re.match(r'\s+Compilation Unit @ offset (0x[0-9a-f]+|\d+):', ln)
        if m:
            hdr = int(m.group(1), 0)
            continue
        m = re.match(r' <0><([0-9a-f]+)>: Abbrev Number: \d+ '
                     r'\(DW_TAG_compile_unit\)', ln)
        if m:
            cur = {'die': int(m.group(1), 16), 'cu': hdr}
            cus.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r'\s+<[0-9a-f]+>\s+DW_AT_name\s+:.*: (\S+)$', ln)
        if m:
            cur['name'] = m.group(1)
        m = re.match(r'\s+<[0-9a-f]+>\s+DW_AT_stmt_list\s+: '
                     r'(0x[0-9a-f]+|\d+)$', ln)
        if m:
            cur['stmt'] = int(m.group(1), 0)
    p.wait()
    return cus


def parse_info(text):
    """Depth-1 subprograms of a CU dump, with their depth-2 parameters."""
    subs, order = {}, []
    cur = sub = None
    for ln in text.splitlines():
        m = HDR.match(ln)
        if m:
            depth = (len(m.group(2)) - 1) // 2
            tag = m.group(3)
            cur = {'tag': tag, 'off': int(m.group(1), 16)}
            if depth == 1:
                sub = None
                if tag == 'DW_TAG_subprogram':
                    sub = cur
                    cur['params'] = []
                    subs[cur['off']] = cur
                    order.append(cur)
            elif (depth == 2 and sub is not None and
                  tag == 'DW_TAG_formal_parameter'):
                sub['params'].append(cur)
            continue
        if cur is None:
            continue
        m = ATTR.match(ln)
        if m:
            a, v = m.group(1), m.group(2)
            if a == 'DW_AT_name':
                cur['name'] = v[1:-2] if v.startswith('"') else v[:-1]
            elif a == 'DW_AT_abstract_origin':
                q = re.match(r'0x([0-9a-f]+)(?: "(.*)")?\)', v)
                if q:
                    cur['origin'] = int(q.group(1), 16)
                    if q.group(2):
                        cur['oname'] = q.group(2)
            elif a == 'DW_AT_decl_file':
                cur['file'] = v.rstrip(')').strip('"')
            elif a == 'DW_AT_decl_line':
                cur['line'] = int(v.rstrip(')'), 0)
            elif a == 'DW_AT_declaration':
                cur['decl'] = True
            elif a == 'DW_AT_low_pc':
                cur['low'] = int(v.rstrip(')'), 16)
            elif a == 'DW_AT_high_pc':
                cur['high'] = int(v.rstrip(')'), 16)
            elif a == 'DW_AT_ranges':
                cur['ranges'] = []
                cur['in_ranges'] = True
            continue
        if cur.get('in_ranges'):
            for a, b in RANGE.findall(ln):
                cur['ranges'].append((int(a, 16), int(b, 16)))
            if ln.rstrip().endswith('))'):
                cur['in_ranges'] = False
    for s in order:
        o = subs.get(s.get('origin'))
        if o:
            for k in ('name', 'file', 'line'):
                if k not in s and k in o:
                    s[k] = o[k]
        s['pnames'] = [p.get('name') or p.get('oname') for p in s['params']
                       if p.get('name') or p.get('oname')]
    return order


def parse_lines(text, name):
    """{line: [is_stmt addresses]} of the CU's own file."""
    dirs, files, rows = {}, {}, collections.defaultdict(list)
    fidx = None
    for ln in text.splitlines():
        m = ROW.match(ln)
        if m:
            fl = m.group(4).split()
            if 'is_stmt' in fl and 'end_sequence' not in fl:
                rows[int(m.group(3))].append((int(m.group(2)),
                                              int(m.group(1), 16)))
            continue
        m = re.match(r'include_directories\[\s*(\d+)\] = "(.*)"', ln)
        if m:
            dirs[int(m.group(1))] = m.group(2)
            continue
        m = re.match(r'file_names\[\s*(\d+)\]:', ln)
        if m:
            fidx = int(m.group(1))
            files[fidx] = ['', 0]
            continue
        m = re.match(r'\s+(name|dir_index): "?([^"]*)"?$', ln)
        if m and fidx is not None:
            files[fidx][0 if m.group(1) == 'name' else 1] = m.group(2)
    stmt = collections.defaultdict(list)
    for i, (n, d) in files.items():
        d = int(d)
        path = n if d == 0 else dirs.get(d, '') + '/' + n
        if path == name or path.endswith('/' + name):
            for line, addr in rows.get(i, ()):
                stmt[line].append(addr)
    return stmt


def scan_cu(vmlinux, cu):
    """Candidate points of one CU: [(file, line, function, [params])]."""
    out = subprocess.run(['llvm-dwarfdump', '--debug-info=0x%x' % cu['die'],
                          '-c', '-r', '2', '--debug-line=0x%x' % cu['stmt'],
                          vmlinux], capture_output=True, text=True,
                         errors='replace').stdout
    info, _, lines = out.partition('.debug_line contents:')
    name = cu['name']
    order = parse_info(info)
    stmt = parse_lines(lines, name)

    def own(s):
        f = s.get('file', '')
        return f == name or f.endswith('/' + name)

    defs = [s for s in order if own(s) and 'line' in s and not s.get('decl')]
    nstart = collections.Counter(s['line'] for s in defs)
    starts = sorted(nstart)
    maxl = max(stmt) if stmt else 0
    cands = []
    for s in defs:
        rng = s.get('ranges') or ([(s['low'], s['high'])]
                                  if 'low' in s and 'high' in s else [])
        if not rng or not s['pnames'] or nstart[s['line']] > 1:
            continue
        d = s['line']
        k = bisect.bisect_right(starts, d)
        nxt = starts[k] if k < len(starts) else maxl + 1
        entry = s.get('low', rng[0][0])
        for line in range(d + 1, nxt):
            if any(lo <= a < hi and a != entry for a in stmt.get(line, ())
                   for lo, hi in rng):
                cands.append((name, line, s['name'], s['pnames']))
    return cands


def choose_points(vmlinux, path):
    rng = random.Random(SEED)
    t0 = time.perf_counter()
    cus = [c for c in list_cus(vmlinux)
           if CU_RE.match(c.get('name', '')) and 'stmt' in c]
    if not cus:
        unavailable('%s: no fs/, kernel/, mm/ CUs found' % vmlinux)
    cus.sort(key=lambda c: c['name'])
    sample = rng.sample(cus, min(CUS, len(cus)))
    with ThreadPoolExecutor(max_workers=2) as ex:
        pool = [c for cands in ex.map(lambda c: scan_cu(vmlinux, c), sample)
                for c in cands]
    pool.sort()
    picked = sorted(rng.sample(pool, min(POINTS, len(pool))),
                    key=lambda c: (c[0], c[1]))
    with open(path + '.tmp', 'w') as fh:
        fh.write('# resolve-vmlinux.py points: seed %d, %d of %d candidates '
                 'in %d of %d CUs\n' % (SEED, len(picked), len(pool),
                                        len(sample), len(cus)))
        for i, (f, line, fn, params) in enumerate(picked):
            n = rng.randint(1, min(3, len(params)))
            vs = [params[j] for j in sorted(rng.sample(range(len(params)), n))]
            fh.write('%s:%d=p%04d %s\n# in %s\n' % (f, line, i, ' '.join(vs),
                                                    fn))
    os.rename(path + '.tmp', path)
    print('points: chose %d of %d candidates in %d of %d CUs in %.1f s' %
          (len(picked), len(pool), len(sample), len(cus),
           time.perf_counter() - t0))


def read_points(path):
    """[{'name', 'file', 'line', 'vars', 'func', 'spec'}] in file order."""
    pts = []
    with open(path) as fh:
        for ln in fh:
            ln = ln.rstrip('\n')
            if ln.startswith('# in ') and pts:
                pts[-1]['func'] = ln[5:]
                continue
            if not ln or ln.startswith('#'):
                continue
            head, *vs = ln.split()
            loc, name = head.split('=')
            f, line = loc.rsplit(':', 1)
            pts.append({'name': name, 'file': f, 'line': int(line),
                        'vars': vs, 'spec': ln})
    return pts


def write_points(d, tag, pts):
    path = os.path.join(d, 'points-%s.txt' % tag)
    with open(path, 'w') as fh:
        fh.write(''.join(p['spec'] + '\n' for p in pts))
    return path


def failing(vmlinux, pts, d):
    """The points that make marker-resolve fail (exit status not 0) on
    their own, by bisection: [(point, stderr)]."""
    r = run([RESOLVE, '--at-file', write_points(d, 'bisect', pts), vmlinux])
    if r[2] == 0:
        return []
    if len(pts) == 1:
        return [(pts[0], r[4])]
    half = len(pts) // 2
    return failing(vmlinux, pts[:half], d) + failing(vmlinux, pts[half:], d)


# ---------------------------------------------------------------- running

def run(cmd):
    """(wall s, peak RSS MiB, rc, stdout, stderr) of one command, its
    rusage from os.wait4 (the child's own, not a maximum over all)."""
    with tempfile.TemporaryFile() as o, tempfile.TemporaryFile() as e:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=o, stderr=e)
        _, status, ru = os.wait4(p.pid, 0)
        dt = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        o.seek(0)
        e.seek(0)
        return (dt, ru.ru_maxrss / 1024.0, p.returncode,
                o.read().decode(errors='replace'),
                e.read().decode(errors='replace'))


def best_of(cmd):
    best = None
    for _ in range(REPEAT):
        r = run(cmd)
        if best is None or r[0] < best[0]:
            best = (r[0], max(r[1], best[1] if best else 0)) + r[2:]
        else:
            best = best[:1] + (max(best[1], r[1]),) + best[2:]
    return best


PERF_DEF = re.compile(r'^p:(\S+)/(\S+) (\S+?)\+(\d+)(.*)$')
OUR_DEF = re.compile(r'^p:(\S+)/(\S+) (\S+?)\+(0x[0-9a-f]+|\d+)(.*)$')


def fetchargs(rest):
    """{name: (spec, type)} of ' a=SPEC:TYPE b=SPEC:TYPE'."""
    out = {}
    for a in rest.split():
        n, _, st = a.partition('=')
        spec, _, typ = st.rpartition(':')
        out[n] = (spec, typ)
    return out


def perf_reason(err):
    lines = [ln.strip() for ln in err.splitlines() if ln.strip()]
    keep = [ln for ln in lines if not ln.startswith('Error: Failed to add')
            and not ln.startswith('Error: Failed to find debug')]
    return ' '.join(keep or lines)[:140] or 'no output'


# ---------------------------------------------------------------- checks

def symtab(vmlinux):
    syms, bounds = {}, {}
    out = subprocess.run(['nm', '-S', vmlinux], capture_output=True,
                         text=True).stdout
    for ln in out.splitlines():
        f = ln.split()
        if len(f) == 4 and f[2] in 'tTwW':
            syms.setdefault(f[3], (int(f[0], 16), int(f[1], 16)))
        if len(f) >= 3 and re.match(r'__(noinstr|kprobes|entry)_text_'
                                    r'(start|end)$', f[-1]):
            bounds[f[-1]] = int(f[0], 16)
    refused = []
    for k in ('noinstr', 'kprobes', 'entry'):
        s, e = bounds.get('__%s_text_start' % k), bounds.get('__%s_text_end'
                                                             % k)
        if s is not None and e is not None:
            refused.append(('.%s.text' % k, s, e))
    return syms, refused


def insn_starts(vmlinux, start, size):
    out = subprocess.run(['objdump', '-d', '--no-show-raw-insn',
                          '--start-address=0x%x' % start,
                          '--stop-address=0x%x' % (start + size), vmlinux],
                         capture_output=True, text=True).stdout
    return {int(m.group(1), 16) for m in
            re.finditer(r'^\s*([0-9a-f]+):\t', out, re.M)}


def cu_of(vmlinux):
    """A function: address -> name of the CU whose aranges hold it."""
    names = {c['cu']: c.get('name') for c in list_cus(vmlinux)}
    out = subprocess.run(['readelf', '--debug-dump=aranges', vmlinux],
                         capture_output=True, text=True).stdout
    ranges, cu = [], None
    for ln in out.splitlines():
        m = re.match(r'\s+Offset into .debug_info:\s+(0x[0-9a-f]+|\d+)$', ln)
        if m:
            cu = names.get(int(m.group(1), 0))
            continue
        m = re.match(r'\s+([0-9a-f]{16}) ([0-9a-f]{16})$', ln)
        if m and int(m.group(2), 16):
            ranges.append((int(m.group(1), 16), int(m.group(2), 16), cu))
    ranges.sort()
    starts = [r[0] for r in ranges]

    def lookup(addr):
        i = bisect.bisect_right(starts, addr) - 1
        if i >= 0 and addr < ranges[i][0] + ranges[i][1]:
            return ranges[i][2]
        return None
    return lookup


def check_sites(vmlinux, doc, defs_text):
    """Problems in marker-resolve's sites: [(point, what)]."""
    syms, refused = symtab(vmlinux)
    cu = cu_of(vmlinux)
    probs = []
    wanted = collections.defaultdict(set)
    nsites = 0
    for m in doc['markers']:
        for s in m['sites']:
            nsites += 1
            sym, off = s.get('symbol'), s.get('offset')
            addr = int(s['address'], 16) if s.get('address') else None
            if sym is None or off is None or addr is None:
                probs.append((m['name'], 'site without symbol/offset/address'
                              ': %r' % s.get('target')))
                continue
            if sym not in syms:
                probs.append((m['name'], '%s: not a text symbol' % sym))
                continue
            base, size = syms[sym]
            if base + off != addr:
                probs.append((m['name'], '%s+%d = 0x%x, not the address %s'
                              % (sym, off, base + off, s['address'])))
            if not 0 <= off < max(size, 1):
                probs.append((m['name'], '%s+%d outside the symbol (size %d)'
                              % (sym, off, size)))
            for sec, lo, hi in refused:
                if lo <= addr < hi:
                    probs.append((m['name'], '%s+%d in %s: kprobes refuse it'
                                  % (sym, off, sec)))
            wanted[sym].add(off)
            # FILE is matched by path suffix: kernel/signal.c must not
            # pick up arch/x86/kernel/signal.c.
            where = cu(addr)
            if where and where != m['file']:
                probs.append((m['name'], '%s:%d placed at %s+%d, in %s' % (
                    m['file'], m['line'], sym, off, where)))
    with ThreadPoolExecutor(max_workers=2) as ex:
        starts = dict(zip(wanted, ex.map(
            lambda s: insn_starts(vmlinux, *syms[s]), wanted)))
    for sym, offs in wanted.items():
        base = syms[sym][0]
        for off in offs:
            if base + off not in starts[sym]:
                probs.append(('-', '%s+%d is not an instruction boundary'
                              % (sym, off)))
    # The tracefs output says the same as the JSON.
    ndefs = sum(1 for ln in defs_text.splitlines() if ln.startswith('p:'))
    if ndefs != nsites:
        probs.append(('-', 'tracefs output has %d definitions, JSON %d sites'
                      % (ndefs, nsites)))
    return probs, len(wanted)


# ---------------------------------------------------------------- report

def pct(a, b):
    return '%.1f%%' % (100.0 * a / b) if b else '-'


def ratio(a, b):
    return '%.3g' % (a / b) if b else '-'


def main():
    if not os.access(RESOLVE, os.X_OK):
        unavailable('%s not built (run make at the top)' % RESOLVE)
    for tool in ('readelf', 'llvm-dwarfdump', 'objdump', 'nm'):
        if not shutil.which(tool):
            unavailable('%s not installed' % tool)
    vmlinux, why = fetch_vmlinux()
    if vmlinux is None:
        unavailable(why)
    print('vmlinux: %s (%.0f MB)' % (vmlinux, os.path.getsize(vmlinux) / 1e6))
    ppath = os.path.join(os.path.dirname(vmlinux), 'points-v%d-seed%d-n%d-'
                         'cus%d.txt' % (PICK_VERSION, SEED, POINTS, CUS))
    if os.environ.get('REGEN') or not os.path.exists(ppath):
        choose_points(vmlinux, ppath)
    pts = allpts = read_points(ppath)
    nvars = sum(len(p['vars']) for p in pts)
    print('points: %d (%s), %d variables asked, %d files, %d functions' %
          (len(pts), ppath, nvars, len({p['file'] for p in pts}),
           len({(p['file'], p.get('func')) for p in pts})))

    # --- marker-resolve, all points at once
    tr = best_of([RESOLVE, '--at-file', ppath, vmlinux])
    tmp = tempfile.mkdtemp(prefix='resolve-vmlinux.')
    try:
        if tr[2] != 0:
            print('marker-resolve --at-file: exit %d after %.1f s, %d output '
                  'lines: %s' % (tr[2], tr[0], len(tr[3].splitlines()),
                                 ' | '.join(tr[4].strip().splitlines()[:3])))
            t0 = time.perf_counter()
            bad = failing(vmlinux, pts, tmp)
            print('  points failing the whole run alone (bisected in %.0f s):'
                  % (time.perf_counter() - t0))
            for p, err in bad:
                print('    %s in %s: %s' % (p['spec'], p.get('func'),
                                          err.strip().splitlines()[-1]
                                          if err.strip() else '(no message)'))
            print('  measured without those %d points' % len(bad))
            badn = {p['name'] for p, _ in bad}
            pts = [p for p in pts if p['name'] not in badn]
            ppath = write_points(tmp, 'ok', pts)
            tr = best_of([RESOLVE, '--at-file', ppath, vmlinux])
        js = best_of([RESOLVE, '--format=json', '--at-file', ppath, vmlinux])
        one = best_of([RESOLVE, '--at', pts[0]['spec'], vmlinux])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    byname = {p['name']: p for p in pts}
    print()
    print('%-40s %8s %9s %4s' % ('command (best of %d)' % REPEAT, 'time s',
                                 'peak MiB', 'rc'))
    print('%-40s %8.2f %9.0f %4d' % ('marker-resolve --at-file (%d)' %
                                     len(pts), tr[0], tr[1], tr[2]))
    print('%-40s %8.2f %9.0f %4d' % ('marker-resolve --format=json', js[0],
                                     js[1], js[2]))
    print('%-40s %8.2f %9.0f %4d' % ('marker-resolve --at (1 point: startup)',
                                     one[0], one[1], one[2]))
    for r in (tr, js):
        if r[4].strip():
            print('  stderr: %s' % ' | '.join(r[4].strip().splitlines()[:5]))
    try:
        doc = json.loads(js[3])
    except ValueError as e:
        print('marker-resolve --format=json: not JSON (%s); stopping' % e)
        return
    ours = {m['name']: m for m in doc['markers']}
    verdicts = collections.Counter(m['verdict'] for m in doc['markers'])
    nsites = sum(len(m['sites']) for m in doc['markers'])
    placed = [m for m in doc['markers'] if m['sites']]
    multi = sum(1 for m in placed if len(m['sites']) > 1)
    inl = sum(1 for m in placed for s in m['sites'] if s.get('inlined'))
    avail = sum(1 for m in placed
                if all(a['spec'] for s in m['sites'] for a in s['args']))
    args_all = [a for m in placed for s in m['sites'] for a in s['args']]
    args_ok = [a for a in args_all if a['spec']]
    print()
    print('marker-resolve: %d points: %s' % (len(doc['markers']), ', '.join(
        '%d %s' % (n, v) for v, n in sorted(verdicts.items()))))
    print('  placed %d points (%s) on %d sites (%d points with several, '
          '%d inlined sites)' % (len(placed), pct(len(placed), len(pts)),
                                 nsites, multi, inl))
    print('  arguments at sites: %d of %d available (%s); placed points '
          'with every argument at every site: %d' %
          (len(args_ok), len(args_all), pct(len(args_ok), len(args_all)),
           avail))
    missing = sorted(set(byname) - set(ours))
    if missing:
        print('  %d points missing from the JSON, e.g. %s' %
              (len(missing), ', '.join(missing[:5])))
    reasons = collections.Counter(
        re.sub(r"'[^']*'", "'X'", m['reason'] or '')[:110]
        for m in doc['markers'] if m['verdict'] != 'exact')
    for why, n in reasons.most_common(6):
        print('  %4d %s' % (n, why))
    areasons = collections.Counter(re.sub(r"'[^']*'", "'X'",
                                          a['reason'] or '')[:110]
                                   for a in args_all if not a['spec'])
    if areasons:
        print('  arguments unavailable, why:')
        for why, n in areasons.most_common(6):
            print('  %4d %s' % (n, why))
    types = collections.Counter(a['type'] for a in args_ok)
    print('  fetch types: %s' % ', '.join('%s %d' % kv
                                          for kv in types.most_common(8)))

    t0 = time.perf_counter()
    probs, nfunc = check_sites(vmlinux, doc, tr[3])
    print('  site checks (%d functions disassembled, %.1f s): %s' %
          (nfunc, time.perf_counter() - t0,
           'all %d sites fine' % nsites if not probs else
           '%d problems' % len(probs)))
    for who, what in probs[:10]:
        print('    %s: %s' % (who, what))

    # --- perf probe on a sample
    perf = shutil.which('perf')
    if not perf:
        print('\nperf not installed: no comparison')
        return
    rng = random.Random(SEED + 1)
    sample = sorted(rng.sample(allpts, min(PERF_POINTS, len(allpts))),
                    key=lambda p: p['name'])
    pres = {}
    for p in sample:
        spec = '%s:%d %s' % (p['file'], p['line'], ' '.join(p['vars']))
        dt, mem, rc, out, err = run([perf, 'probe', '-k', vmlinux, '-D',
                                     spec])
        defs = [PERF_DEF.match(ln) for ln in out.splitlines()]
        defs = [d for d in defs if d]
        r = pres[p['name']] = {'time': dt, 'mem': mem,
                               'ok': bool(rc == 0 and defs), 'defs': defs,
                               'why': perf_reason(err), 'spec': spec,
                               'where': defs}
        if not r['ok']:
            # Where would perf put the line without the variables it
            # refused?  Not timed: for the address comparison only.
            out = run([perf, 'probe', '-k', vmlinux, '-D', '%s:%d' % (
                p['file'], p['line'])])[3]
            r['where'] = [d for d in map(PERF_DEF.match, out.splitlines())
                          if d]
    acc = [p for p in sample if pres[p['name']]['ok']]
    times = sorted(r['time'] for r in pres.values())
    mems = sorted(r['mem'] for r in pres.values())
    perf_pt = sum(times) / len(times)
    print()
    print('perf probe -D, one point a call: %d points, %d accepted; '
          'time/point mean %.2f s (%.2f-%.2f), peak %.0f-%.0f MiB' %
          (len(sample), len(acc), perf_pt, times[0], times[-1], mems[0],
           mems[-1]))
    if acc:
        cmd = [perf, 'probe', '-k', vmlinux]
        for p in acc:
            cmd += ['-D', pres[p['name']]['spec']]
        dt, mem, rc, out, err = run(cmd)
        nd = sum(1 for ln in out.splitlines() if PERF_DEF.match(ln))
        print('perf probe -D x%d in one call: %.2f s (%.2f s/point), '
              'peak %.0f MiB, rc %d, %d definitions' %
              (len(acc), dt, dt / len(acc), mem, rc, nd))
    pwhy = collections.Counter(re.sub(r"'[^']*'", "'X'", r['why'])[:110]
                               for r in pres.values() if not r['ok'])
    for why, n in pwhy.most_common(6):
        print('  perf refused %d: %s' % (n, why))
    print('  of those refused, placed by perf without the variables: %d' %
          sum(1 for r in pres.values() if not r['ok'] and r['where']))

    # --- agreement on the sample
    both = only_ours = only_perf = 0
    addr = collections.Counter()
    argc = collections.Counter()
    typec = collections.Counter()
    notes = []
    for p in sample:
        m, r = ours.get(p['name']), pres[p['name']]
        osites = {(s['symbol'], s['offset']): s for s in (m or {}).get(
            'sites', [])}
        psites = {(d.group(3), int(d.group(4))): fetchargs(d.group(5))
                  for d in r['defs']}
        # Addresses: perf's sites with the variables, else without them.
        so = set(osites)
        sp = {(d.group(3), int(d.group(4))) for d in r['where']}
        if so and sp:
            both += 1
            kind = ('same' if so == sp else 'ours within perf' if so < sp
                    else 'perf within ours' if sp < so else 'overlap'
                    if so & sp else 'disjoint')
            addr[kind] += 1
            if kind != 'same':
                notes.append('%s %s: addresses ours %s, perf %s' % (
                    p['name'], r['spec'],
                    ' '.join('%s+%d' % k for k in sorted(so)),
                    ' '.join('%s+%d' % k for k in sorted(sp))))
        elif so:
            only_ours += 1
            notes.append('%s %s: ours %s (%s); perf: %s' % (
                p['name'], r['spec'], m['verdict'],
                ', '.join('%s+%d' % k for k in sorted(so)), r['why']))
        elif sp:
            only_perf += 1
            notes.append('%s %s: ours %s: %s; perf %s' % (
                p['name'], r['spec'], m['verdict'] if m else 'nothing',
                (m or {}).get('reason'), ', '.join('%s+%d' % k
                                                    for k in sorted(sp))))
        if not r['ok']:
            if m and m['sites']:
                argc['on points perf refused'] += len(p['vars'])
            continue
        for k in so & set(psites):
            oa = {a['name']: a for a in osites[k]['args']}
            for v in p['vars']:
                a, (pspec, ptyp) = oa.get(v), psites[k].get(v, (None, None))
                if a is None or not a['spec']:
                    argc['ours unavailable, perf has it'] += 1
                    notes.append('%s %s+%d %s: ours unavailable (%s), perf %s'
                                 % (p['name'], k[0], k[1], v,
                                    a and a['reason'], pspec))
                elif a['spec'] == pspec:
                    argc['same spec'] += 1
                else:
                    argc['different spec'] += 1
                    notes.append('%s %s+%d %s: ours %s, perf %s' % (
                        p['name'], k[0], k[1], v, a['spec'], pspec))
                if a and a['spec']:
                    typec['same' if a['type'] == ptyp else
                          '%s vs perf %s' % (a['type'], ptyp)] += 1
    print()
    print('agreement on the %d sampled points: both placed %d, only ours %d, '
          'only perf %d, neither %d' % (len(sample), both, only_ours,
                                        only_perf, len(sample) - both -
                                        only_ours - only_perf))
    print('  addresses where both placed: %s' % (', '.join(
        '%s %d' % kv for kv in addr.most_common()) or '-'))
    print('  variables at common sites: %s' % (', '.join(
        '%s %d' % kv for kv in argc.most_common()) or '-'))
    print('  types where both fetch: %s' % (', '.join(
        '%s %d' % kv for kv in typec.most_common()) or '-'))
    for n in notes[:30]:
        print('  ' + n)

    # --- ratios
    ours_pt = tr[0] / len(pts)
    print()
    print('per point: marker-resolve %.2f ms (%.2f ms past the startup), '
          'perf probe %.0f ms: ours/perf %s' % (
              1000 * ours_pt, 1000 * (tr[0] - one[0]) / max(len(pts) - 1, 1),
              1000 * perf_pt, ratio(ours_pt, perf_pt)))
    print('%d points: marker-resolve %.2f s, perf probe (extrapolated) '
          '%.0f s' % (len(pts), tr[0], perf_pt * len(pts)))
    print('peak memory: marker-resolve %.0f MiB for %d points, perf %.0f MiB'
          ' for one (median): ours/perf %s' % (tr[1], len(pts),
                                              mems[len(mems) // 2],
                                              ratio(tr[1],
                                                    mems[len(mems) // 2])))
    met = tr[0] < 3 and tr[1] < 400
    print('target (%d points < 3 s, < 400 MB): %s' % (
        len(pts), 'met' if met else 'MISSED'))


if __name__ == '__main__':
    main()
