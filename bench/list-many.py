#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Benchmark: marker-list -v on a generated object with many markers.

Generates C with FUNCS functions of MARKERS markers each (default 600 x 10
= 6,000 markers; some functions static inline and inlined twice, so there
are more instances than records), builds it with gcc -O2 -g, then times in
one run, best of REPEAT: marker-list -v, marker-list --json, and as the
floor, eu-readelf's full dump of .debug_info (every DIE, to /dev/null).
Prints wall time and peak RSS of each, and the ratio to the floor.
Targets (issue 2): under 1 s and under 100 MB for marker-list -v.
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUNCS = int(os.environ.get("FUNCS", 600))
MARKERS = int(os.environ.get("MARKERS", 10))
REPEAT = int(os.environ.get("REPEAT", 3))


def generate(path):
    out = ['#include <linux/simple_marker.h>',
           'struct st { int a; long b; const char *s; };',
           'int sink;']
    for f in range(FUNCS):
        inline = f % 10 == 0
        out.append('%sint f%d(struct st *p, int n)' %
                   ('static inline ' if inline else '', f))
        out.append('{\n\tint acc = 0;')
        for m in range(MARKERS):
            out.append('\tfor (int i = 0; i < n; i++) {')
            out.append('\t\tacc += p->a * i + %d;' % (f * 100 + m))
            out.append('\t\ttrace_simple(m%d_%d, "i=%%d acc=%%d s=%%s b=%%ld",'
                       ' i, acc, p->s, p->b);' % (f, m))
            out.append('\t}')
        out.append('\treturn acc;\n}')
        if inline:
            out.append('int g%d(struct st *p) { return f%d(p, 3) + '
                       'f%d(p, sink); }' % (f, f, f))
    with open(path, 'w') as fh:
        fh.write('\n'.join(out) + '\n')


def measure(cmd):
    """Best wall time of REPEAT runs, and peak RSS (MiB) of the command."""
    best = None
    peak = 0
    for _ in range(REPEAT):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t0 = time.perf_counter()
        # A fresh child each time: ru_maxrss of children is a maximum over
        # all of them, so run each command under its own python wrapper.
        r = subprocess.run([sys.executable, '-c',
                            'import resource,subprocess,sys;'
                            'subprocess.run(sys.argv[1:],'
                            'stdout=subprocess.DEVNULL,check=True);'
                            'print(resource.getrusage('
                            'resource.RUSAGE_CHILDREN).ru_maxrss)'] + cmd,
                           capture_output=True, text=True, check=True)
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
        peak = max(peak, int(r.stdout.strip()) / 1024.0)
        del before
    return best, peak


def main():
    ml = os.path.join(TOP, 'tools/marker-list/marker-list')
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'many.c')
        obj = os.path.join(tmp, 'many.o')
        generate(src)
        subprocess.run(['gcc', '-O2', '-g', '-I' + os.path.join(TOP, 'include'),
                        '-c', src, '-o', obj], check=True)
        out = subprocess.run([ml, obj], capture_output=True, text=True,
                             check=True).stdout
        records = len(out.splitlines()) - 1
        js = subprocess.run([ml, '--json', obj], capture_output=True,
                            text=True, check=True).stdout
        import json
        doc = json.loads(js)
        inst = sum(len(p['instances']) for p in doc['probes'])
        nofunc = sum(1 for p in doc['probes'] if not p['function'])
        print('object: %d functions, %d markers listed, %d instances, '
              '%d without function, %.1f MiB' %
              (FUNCS, records, inst, nofunc, os.path.getsize(obj) / 2**20))
        rows = [('marker-list -v', [ml, '-v', obj]),
                ('marker-list --json', [ml, '--json', obj]),
                ('eu-readelf -winfo (floor)',
                 ['eu-readelf', '--debug-dump=info', obj])]
        res = {}
        for name, cmd in rows:
            res[name] = measure(cmd)
        floor = res['eu-readelf -winfo (floor)']
        print('%-28s %9s %9s %9s' % ('command', 'time s', 'peak MiB',
                                      'x floor'))
        for name, _ in rows:
            t, m = res[name]
            print('%-28s %9.3f %9.1f %9.2f' % (name, t, m, t / floor[0]))
        t, m = res['marker-list -v']
        ok = t < 1.0 and m < 100
        print('target (< 1 s, < 100 MiB): %s' % ('met' if ok else 'MISSED'))


if __name__ == '__main__':
    main()
