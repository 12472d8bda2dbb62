#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Debuginfo from a debuginfod server on loopback: what it costs.

  debuginfod.py            (env: REPS, default 5; VMLINUX=0 skips the
                           kernel)

For each input (a stripped marker-resolve, and the Debian cloud kernel's
vmlinux stripped of its DWARF when bench/dbgpkg.py has it cached), a real
debuginfod (elfutils) serves the debug file on 127.0.0.1, and one address
is symbolized, in the same run:

  local     marker-resolve addr2line, the debug file on disk at its
            build-id path (--debug-info-dir)
  first     the same through DEBUGINFOD_URLS, an empty libdebuginfod
            cache (the download included)
  cached    again, with the cache the first run filled
  peers     eu-addr2line with DEBUGINFOD_URLS (first and cached), and
            debuginfod-find debuginfo BUILD-ID (first: the fetch alone)

Each figure is the median of REPS runs (a fresh cache each for "first";
the vmlinux's "first" once, its download is 590 MB).  Printed: seconds, and the
ratios first/local, cached/local and ours/peer.  The answers of ours and
eu-addr2line are compared (the function name).
"""
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import dbgpkg

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOLVE = os.path.join(TOP, 'tools/resolve/marker-resolve')
REPS = int(os.environ.get('REPS', 5))


def skipped(msg):
    print('debuginfod: skipped: %s' % msg)
    sys.exit(0)


def build_id(path):
    out = subprocess.run(['readelf', '-n', path], capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        if 'Build ID:' in line:
            return line.split()[-1]
    return None


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


def timed(cmd, env):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return time.perf_counter() - t0, r


class Server:
    def __init__(self, tmp, srcdir, bid):
        self.port = free_port()
        self.url = 'http://127.0.0.1:%d' % self.port
        self.log = open(os.path.join(tmp, 'debuginfod.log'), 'w')
        self.p = subprocess.Popen(
            ['debuginfod', '-F', '--disable-source-scan', '-t', '0',
             '-g', '0', '-p', str(self.port), '-d',
             os.path.join(tmp, 'db.sqlite'), srcdir],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                # debuginfod answers HEAD with 400: a GET, closed early.
                with urllib.request.urlopen(
                        '%s/buildid/%s/debuginfo' % (self.url, bid),
                        timeout=5) as r:
                    r.read(1)
                return
            except Exception:
                if self.p.poll() is not None:
                    break
                time.sleep(0.2)
        self.stop()
        skipped('debuginfod did not index %s' % srcdir)

    def stop(self):
        self.p.send_signal(signal.SIGTERM)
        self.p.wait()


def measure(name, stripped, debug, addr, tmp):
    bid = build_id(stripped)
    if not bid or bid != build_id(debug):
        skipped('%s: no build-id, or the debug file has another' % name)
    local = os.path.join(tmp, 'local')
    d = os.path.join(local, '.build-id', bid[:2])
    os.makedirs(d)
    os.symlink(debug, os.path.join(d, bid[2:] + '.debug'))
    srv_dir = os.path.join(tmp, 'srv')
    os.makedirs(srv_dir)
    t0 = time.perf_counter()
    # debuginfod -F does not follow symlinks (without -L): a hard link,
    # or a copy across filesystems.
    try:
        os.link(debug, os.path.join(srv_dir, 'x.debug'))
    except OSError:
        shutil.copy(debug, os.path.join(srv_dir, 'x.debug'))
    srv = Server(tmp, srv_dir, bid)
    index_s = time.perf_counter() - t0
    base = dict(os.environ)
    for k in ('DEBUGINFOD_URLS', 'DEBUGINFOD_CACHE_PATH'):
        base.pop(k, None)
    ours = [RESOLVE, 'addr2line', '-f', '-e', stripped, addr]
    eu = ['eu-addr2line', '-f', '-e', stripped, addr]
    find = ['debuginfod-find', 'debuginfo', bid]
    # The vmlinux download (590 MB) once; the rest REPS times.
    big = name == 'vmlinux'
    res = {}
    answers = {}

    def series(key, cmd, with_server, cached, extra=()):
        ts = []
        cache = os.path.join(tmp, 'cache-' + key)
        reps = 1 if big and with_server and not cached else REPS
        for i in range(reps):
            env = dict(base)
            if with_server:
                env['DEBUGINFOD_URLS'] = srv.url
            if not cached:
                shutil.rmtree(cache, ignore_errors=True)
            env['DEBUGINFOD_CACHE_PATH'] = cache
            if cached and i == 0:
                timed(cmd + list(extra), env)      # fill the cache
            t, r = timed(cmd + list(extra), env)
            ts.append(t)
            # function and FILE:LINE (eu-addr2line adds :COLUMN)
            lines = r.stdout.split('\n')
            where = lines[1].split(':')[:2] if len(lines) > 1 else []
            answers[key] = '%s %s' % (lines[0], ':'.join(where))
        res[key] = statistics.median(ts)

    series('local', ours, False, False, ['--debug-info-dir', local])
    series('first', ours + ['--debug-info-dir', os.path.join(tmp, 'none')],
           True, False)
    series('cached', ours + ['--debug-info-dir', os.path.join(tmp, 'none')],
           True, True)
    series('eu_first', eu, True, False)
    series('eu_cached', eu, True, True)
    series('find_first', find, True, False)
    srv.stop()
    size = os.path.getsize(debug) / 1e6
    print('%s: debug file %.0f MB, build-id %s, indexed in %.1f s; '
          'address %s' % (name, size, bid, index_s, addr))
    print('  %-34s %8.3f s' % ('local debug file (ours)', res['local']))
    print('  %-34s %8.3f s   %.1fx local' % ('first, from the server (ours)',
                                             res['first'],
                                             res['first'] / res['local']))
    print('  %-34s %8.3f s   %.2fx local' % ('cached (ours)', res['cached'],
                                              res['cached'] / res['local']))
    print('  %-34s %8.3f s' % ('eu-addr2line first', res['eu_first']))
    print('  %-34s %8.3f s' % ('eu-addr2line cached', res['eu_cached']))
    print('  %-34s %8.3f s' % ('debuginfod-find first (fetch only)',
                               res['find_first']))
    print('  ratios ours/eu-addr2line: first %.2f, cached %.2f; '
          'ours first / debuginfod-find first %.2f' %
          (res['first'] / res['eu_first'], res['cached'] / res['eu_cached'],
           res['first'] / res['find_first']))
    same = answers['first'] == answers['eu_first'] == answers['local']
    print('  answers: ours %r, eu-addr2line %r: %s' %
          (answers['first'], answers['eu_first'],
           'same' if same else 'DIFFERENT'))


def nm_addr(path, sym):
    out = subprocess.run(['nm', path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == sym:
            return '0x' + f[0]
    return None


def main():
    for t in ('debuginfod', 'debuginfod-find', 'eu-addr2line', 'objcopy',
              'readelf', 'nm'):
        if not shutil.which(t):
            skipped('%s not found (scripts/deps.sh)' % t)
    if not os.access(RESOLVE, os.X_OK):
        skipped('marker-resolve not built (make)')
    with tempfile.TemporaryDirectory(prefix='smk-bench-dinfod.') as tmp:
        # A userspace binary: marker-resolve itself (-g), stripped.
        t = os.path.join(tmp, 'user')
        os.makedirs(t)
        # Not next to the stripped file: libdwfl (eu-addr2line) tries
        # FILE.debug beside FILE when there is no .gnu_debuglink.
        os.makedirs(os.path.join(t, 'dbg'))
        dbg = os.path.join(t, 'dbg', 'marker-resolve.debug')
        stripped = os.path.join(t, 'marker-resolve')
        subprocess.run(['objcopy', '--only-keep-debug', RESOLVE, dbg],
                       check=True)
        subprocess.run(['objcopy', '--strip-debug', RESOLVE, stripped],
                       check=True)
        measure('marker-resolve', stripped, dbg,
                nm_addr(RESOLVE, 'smk_binary_open'), t)
        if os.environ.get('VMLINUX', '1') == '0':
            return
        vml, why = dbgpkg.vmlinux('debuginfod')
        if not vml:
            print('debuginfod: vmlinux skipped: %s' % why)
            return
        t = os.path.join(tmp, 'kernel')
        os.makedirs(t)
        os.makedirs(os.path.join(t, 'bin'))
        stripped = os.path.join(t, 'bin', 'vmlinux')
        subprocess.run(['objcopy', '--strip-debug', vml, stripped],
                       check=True)
        measure('vmlinux', stripped, vml, nm_addr(vml, 'vfs_read'), t)


if __name__ == '__main__':
    main()
