#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: marker-list -v over a whole real kernel, Debian's cloud
vmlinux and all its debug modules, against the libdw floor.

  list-kernel.py        (env: REPEAT, FORM, SMK_CACHE, MARKER_LIST to
                         time another build of marker-list)

The input is linux-image-REL-dbg (REL from scripts/kernel-release.sh):
`apt-get download`ed once (as root; `apt-get update` and one retry when
the download fails), its whole tree extracted with `dpkg-deb
--fsys-tarfile | tar -x` into $SMK_CACHE/linux-image-REL-dbg-root/
(SMK_CACHE defaults to ~/.cache/simple-marker; a .complete marker, the
same flock as resolve-vmlinux.py), the .deb deleted, the tree reused
afterwards (1.7 GB).  Inputs: usr/lib/debug/boot/vmlinux-REL and every
.ko under usr/lib/debug/lib/modules/REL/ (1,121 for 6.1.0-57).  When the
package cannot be had, the benchmark says so and exits 0.

Which form of marker-list is timed, checked every run (one untimed run
of each, FORM=-k or FORM=explicit forces one):
 - `marker-list -k REL --root ROOT` when it reads all 1,122 files.  It
   finds the modules through ROOT/lib/modules/REL/modules.dep
   (tools/lib/smk/kernel.c), which a -dbg tree does not have (depmod
   writes it when linux-image-REL is installed).  Without it, -k read
   the vmlinux only and failed with "modules.dep: No such file or
   directory" (as of commit 4688f89); smk_kernel_modules() now walks
   ROOT/usr/lib/debug/lib/modules/REL for *.ko[.gz|.xz|.zst] instead;
 - otherwise the explicit form, `marker-list -v VMLINUX MODDIR` with
   MODDIR = ROOT/usr/lib/debug/lib/modules/REL (searched recursively;
   it also reads the two vDSO debug files vdso/vdso{32,64}.so there).
Which files a form reads is counted with `strace -f -e trace=openat`
when strace is installed (distinct input paths opened), and always from
-v's "no markers (no __simple_marker section)" lines, one per file read
that has no markers.

The floor: bench/die-walk.c, compiled here into a temporary directory
(cc -O2, pkg-config libdw libelf).  It opens each file with libdwfl
offline reporting, as libsmk does, so that the relocations of the ET_REL
modules are applied to their DWARF, and makes one pass over all DIEs of
all units (dwarf_get_units, dwarf_child/dwarf_siblingof), reading each
DIE's tag; it prints files, CUs and DIEs.

Measured in the same run, one warm-up run each (page cache warm) then the
best wall time of REPEAT (default 3) runs, interleaved, and the largest
peak RSS of those runs (/usr/bin/time -f '%e %M' when installed, Debian
package `time`; else os.wait4's rusage): marker-list -v, marker-list
--json, die-walk.  The kernel has no markers, so the listing is empty: the
figures are the cost of scanning 1,122 files for markers.  Note that
marker-list reads no DWARF at all in a file without a __simple_marker
section, so here it is measured against a floor it never has to reach.
Target (issue): within 2x the floor, time and memory.  Printed, never
asserted.  /proc/loadavg is printed before and after (timings are noisy
on a loaded machine).
"""
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import dbgpkg

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ML = os.environ.get('MARKER_LIST') or os.path.join(
    TOP, 'tools/marker-list/marker-list')
REPEAT = int(os.environ.get('REPEAT', 3))
FORM = os.environ.get('FORM', '')      # '-k' or 'explicit' forces one
TIME = '/usr/bin/time'
NO_MARKERS = re.compile(r'^marker-list: (.*): no markers \(no '
                        r'__simple_marker section\)$')


def unavailable(msg):
    print('list-kernel: skipped: %s' % msg)
    sys.exit(0)


def loadavg():
    try:
        with open('/proc/loadavg') as fh:
            return ' '.join(fh.read().split()[:3])
    except OSError:
        return '?'


# ---------------------------------------------------------------- input

def fetch_root():
    """(release, root of the extracted linux-image-REL-dbg tree), fetched
    once into the cache (bench/dbgpkg.py); (None, why) when it cannot be
    had."""
    return dbgpkg.root('list-kernel')


def build_floor(tmp):
    """Path of die-walk built in @tmp; (None, why) when it cannot be."""
    cc = shutil.which('cc') or shutil.which('gcc')
    if not cc or not shutil.which('pkg-config'):
        return None, 'cc or pkg-config missing'
    r = subprocess.run(['pkg-config', '--cflags', '--libs', 'libdw',
                        'libelf'], capture_output=True, text=True)
    if r.returncode != 0:
        return None, 'pkg-config libdw libelf: %s (libdw-dev)' % (
            r.stderr.strip())
    exe = os.path.join(tmp, 'die-walk')
    r = subprocess.run([cc, '-O2', '-o', exe,
                        os.path.join(TOP, 'bench/die-walk.c')] +
                       r.stdout.split(), capture_output=True, text=True)
    if r.returncode != 0:
        return None, 'die-walk.c does not build: %s' % r.stderr.strip()
    return exe, None


# ---------------------------------------------------------------- running

def run(cmd, tmp):
    """(wall s, peak RSS MiB, rc, stdout, stderr) of one command."""
    with tempfile.TemporaryFile() as o, tempfile.TemporaryFile() as e:
        if os.access(TIME, os.X_OK):
            tf = os.path.join(tmp, 'time.out')
            p = subprocess.run([TIME, '-f', '%e %M', '-o', tf] + cmd,
                               stdout=o, stderr=e)
            rc = p.returncode
            with open(tf) as fh:
                # Last line: "Command exited with non-zero status N"
                # comes first when the command failed.
                dt, kib = fh.read().split('\n')[-2].split()
            dt, mib = float(dt), int(kib) / 1024.0
        else:
            t0 = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=o, stderr=e)
            _, status, ru = os.wait4(p.pid, 0)
            dt = time.perf_counter() - t0
            rc = os.waitstatus_to_exitcode(status)
            mib = ru.ru_maxrss / 1024.0
        o.seek(0)
        e.seek(0)
        return (dt, mib, rc, o.read().decode(errors='replace'),
                e.read().decode(errors='replace'))


def opened(cmd, tmp, under):
    """Distinct regular files under @under that @cmd opened, and all its
    successful opens of them, by strace; (None, None) without strace."""
    strace = shutil.which('strace')
    if not strace:
        return None, None
    log = os.path.join(tmp, 'strace.log')
    subprocess.run([strace, '-f', '-qq', '-e', 'trace=openat', '-o', log] +
                   cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pat = re.compile(r'openat\([^,]+, "([^"]+)", [^)]*\) = (\d+)')
    paths = []
    with open(log, errors='replace') as fh:
        for ln in fh:
            m = pat.search(ln)
            if m and m.group(1).startswith(under + '/') and \
                    os.path.isfile(m.group(1)):
                paths.append(m.group(1))
    os.unlink(log)
    return set(paths), len(paths)


def stderr_summary(err):
    """Files reported without markers, and the other stderr lines."""
    quiet, other = set(), []
    for ln in err.splitlines():
        m = NO_MARKERS.match(ln)
        if m:
            quiet.add(m.group(1))
        elif ln.strip():
            other.append(ln)
    return quiet, other


def ratio(a, b):
    return '%.2fx' % (a / b) if b else '-'


def with_markers(floor, tmp):
    """The Debian kernel has no markers, so marker-list never reads its
    DWARF.  When the in-tree test kernel is built (kernel/build.sh, `make
    kernel`: 3 markers in a 50 MB vmlinux with DWARF 5), the same
    comparison on it, where marker-list does attribute the markers
    through DWARF.  A text table, or None when it is not built."""
    cache = os.environ.get('SMK_CACHE') or os.path.join(
        os.environ.get('HOME', '/root'), '.cache/simple-marker')
    v = os.path.join(cache, 'kbuild', 'vmlinux')
    if not os.path.isfile(v):
        return ('with markers: no in-tree kernel built (make kernel), '
                'skipped')
    rows = [('marker-list -v VMLINUX', [ML, '-v', v]),
            ('die-walk (libdw floor)', [floor, v])]
    res = {name: ([], []) for name, _ in rows}
    for name, cmd in rows:
        run(cmd, tmp)                       # warm-up
    for _ in range(REPEAT):
        for name, cmd in rows:
            r = run(cmd, tmp)
            res[name][0].append(r[0])
            res[name][1].append(r[1])
    ft, fm = min(res[rows[1][0]][0]), max(res[rows[1][0]][1])
    out = ['with markers: the in-tree test kernel %s (%.0f MiB), '
           'best of %d' % (v, os.path.getsize(v) / 2**20, REPEAT),
           '%-34s %8s %9s %8s %8s' % ('tool', 'time s', 'peak MiB',
                                     'time x', 'mem x')]
    for name, _ in rows:
        t, m = min(res[name][0]), max(res[name][1])
        out.append('%-34s %8.3f %9.1f %8s %8s' % (name, t, m, ratio(t, ft),
                                                 ratio(m, fm)))
    t, m = min(res[rows[0][0]][0]), max(res[rows[0][0]][1])
    out.append('target (within 2x the floor, time and memory): %s' % (
        'met' if t <= 2 * ft and m <= 2 * fm else 'MISSED'))
    return '\n'.join(out)


def main():
    t_start = time.perf_counter()
    if not os.access(ML, os.X_OK):
        print('list-kernel: %s not built: run make' % ML)
        sys.exit(1)
    got, why = fetch_root()
    if not got:
        unavailable(why)
    rel, root = got
    vmlinux = os.path.join(root, 'usr/lib/debug/boot/vmlinux-' + rel)
    moddir = os.path.join(root, 'usr/lib/debug/lib/modules', rel)
    if not os.path.isfile(vmlinux) or not os.path.isdir(moddir):
        unavailable('%s: no vmlinux-%s or lib/modules/%s in the package' % (
            root, rel, rel))
    kos, others = [], []
    for dp, dns, fns in os.walk(moddir):
        for f in fns:
            p = os.path.join(dp, f)
            if os.path.islink(p) or not os.path.isfile(p):
                continue
            (kos if f.endswith('.ko') else others).append(p)
    kos.sort()
    files = [vmlinux] + kos
    size = sum(os.path.getsize(f) for f in files)
    with open(os.path.join(root, 'version')) as fh:
        ver = fh.read().strip()
    print('input: %s (%s): vmlinux %.0f MiB + %d modules %.0f MiB = %d '
          'files, %.2f GiB%s' % (
              'linux-image-%s-dbg' % rel, ver,
              os.path.getsize(vmlinux) / 2**20, len(kos),
              (size - os.path.getsize(vmlinux)) / 2**20, len(files),
              size / 2**30,
              '; also in the module directory: %s' % ', '.join(
                  os.path.relpath(f, moddir) for f in sorted(others))
              if others else ''))

    with tempfile.TemporaryDirectory(prefix='list-kernel.') as tmp:
        floor, why = build_floor(tmp)
        if not floor:
            unavailable(why)

        # --- which form reads every file
        kform = ['-k', rel, '--root', root]
        eform = [vmlinux, moddir]
        forms = {}
        for name, args in (('-k', kform), ('explicit', eform)):
            cmd = [ML, '-v'] + args
            dt, mib, rc, out, err = run(cmd, tmp)
            quiet, other = stderr_summary(err)
            dist, nopen = opened(cmd, tmp, root)
            forms[name] = {'args': args, 'quiet': quiet, 'opened': dist}
            print('form %s: marker-list -v %s: exit %d, %.2f s, %d files '
                  'reported without markers%s' % (
                      name, ' '.join(os.path.relpath(a, root)
                                     if a.startswith(root + '/') else
                                     'ROOT' if a == root else a
                                     for a in args),
                      rc, dt, len(quiet), '' if dist is None else
                      ', %d distinct inputs opened (%d opens)' % (
                          len(dist), nopen)))
            for ln in other[:5]:
                print('  stderr: ' + ln)
            seen = quiet | (dist or set())
            if set(files) - seen:
                print('  %d of the %d files neither opened nor reported, '
                      'e.g. %s' % (len(set(files) - seen), len(files),
                                   sorted(set(files) - seen)[0]))
            if seen - set(files):
                print('  also read: %s' % ', '.join(
                    os.path.relpath(f, root) for f in sorted(
                        seen - set(files))[:5]))
        k = forms['-k']
        kall = not set(files) - k['quiet'] - (k['opened'] or set())
        form = FORM if FORM in forms else '-k' if kall else 'explicit'
        base = forms[form]['args']
        print('timed form: %s (%s)' % (form, 'FORM=%s' % FORM
                                        if FORM in forms else
                                        '-k reads every file' if kall else
                                        '-k does not read every file'))
        label = ' -k REL' if form == '-k' else ' VMLINUX MODDIR'
        jd, _ = opened([ML, '--json'] + base, tmp, root)
        nfiles = {'-v': forms[form]['opened'], '--json': jd}

        rows = [('marker-list -v' + label, [ML, '-v'] + base),
                ('marker-list --json' + label, [ML, '--json'] + base),
                ('die-walk (libdw floor)', [floor] + files)]
        load_before = loadavg()
        print('measuring: 1 warm-up + best of %d, %s; load before: %s' % (
            REPEAT, '/usr/bin/time' if os.access(TIME, os.X_OK) else
            'os.wait4', load_before), flush=True)
        res = {}
        for name, cmd in rows:
            r = run(cmd, tmp)
            res[name] = {'t': [], 'm': [], 'last': r}
        for _ in range(REPEAT):
            for name, cmd in rows:
                r = run(cmd, tmp)
                res[name]['t'].append(r[0])
                res[name]['m'].append(r[1])
                res[name]['last'] = r
        load_after = loadavg()
        marked = with_markers(floor, tmp)

    # --- results
    dw = res['die-walk (libdw floor)']['last']
    m = re.search(r'files (\d+) cus (\d+) dies (\d+) errors (\d+)', dw[3])
    fl = dict(zip(('files', 'cus', 'dies', 'errors'),
                  map(int, m.groups()))) if m else {}
    v = res['marker-list -v' + label]['last']
    j = res['marker-list --json' + label]['last']
    vq, vother = stderr_summary(v[4])
    _, jother = stderr_summary(j[4])
    # Files read: opened (strace), else reported without markers (-v).
    nfiles = {'marker-list -v' + label: len(nfiles['-v'] or vq),
              'marker-list --json' + label: None if nfiles['--json'] is None
              else len(nfiles['--json']),
              'die-walk (libdw floor)': fl.get('files')}
    print()
    print('%-34s %8s %9s %6s %8s %8s %s' % ('tool', 'time s', 'peak MiB',
                                            'files', 'time x', 'mem x',
                                            'exit'))
    ft, fm = min(res['die-walk (libdw floor)']['t']), max(
        res['die-walk (libdw floor)']['m'])
    for name, _ in rows:
        t, mm = min(res[name]['t']), max(res[name]['m'])
        n = nfiles[name]
        print('%-34s %8.3f %9.1f %6s %8s %8s %d' % (
            name, t, mm, '?' if n is None else n, ratio(t, ft),
            ratio(mm, fm), res[name]['last'][2]))
    print('floor: %s' % (', '.join('%s %d' % kv for kv in fl.items())
                         if fl else dw[3].strip() or '(no output)'))
    if dw[4].strip():
        print('  die-walk stderr: %s' % ' | '.join(
            dw[4].strip().splitlines()[:5]))
    nlist = len(v[3].splitlines()) - 1
    try:
        nprobes = len(json.loads(j[3])['probes'])
    except (ValueError, KeyError) as e:
        nprobes = 'not JSON (%s)' % e
    print('listing: -v %d lines past the header, %d files reported without '
          'markers; --json %s probes' % (nlist, len(vq), nprobes))
    if not set(files) - vq:
        print('  no file has a __simple_marker section: marker-list read '
              'no DWARF (it only looks for the section), the floor reads '
              'all of it')
    for name, other in (('-v', vother), ('--json', jother)):
        if other:
            kinds = collections.Counter(re.sub(r'/\S+', 'PATH', ln)
                                        for ln in other)
            print('  marker-list %s: %d other stderr lines:' % (
                name, len(other)))
            for what, n in kinds.most_common(8):
                print('    %4d %s' % (n, what))
            for ln in other[:10]:
                print('    ' + ln)
    t = min(res['marker-list -v' + label]['t'])
    mm = max(res['marker-list -v' + label]['m'])
    met = t <= 2 * ft and mm <= 2 * fm
    print('target (marker-list -v within 2x the floor, time and memory): '
          '%s' % ('met' if met else 'MISSED'))
    if marked:
        print()
        print(marked)
    print('load (1/5/15 min): before timing %s, after %s; bench took '
          '%.0f s' % (load_before, load_after,
                      time.perf_counter() - t_start))


if __name__ == '__main__':
    main()
