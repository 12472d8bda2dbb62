# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Debian's linux-image-REL-dbg for the benchmarks, fetched once.

REL is the cloud kernel's release (scripts/kernel-release.sh).  The package
is `apt-get download`ed (as root: `apt-get update` and one retry when the
download fails) under one flock, $SMK_CACHE/.lock-dbg (SMK_CACHE defaults to
~/.cache/simple-marker), and extracted into the cache, never installed:

  vmlinux()   only usr/lib/debug/boot/vmlinux-REL, as
              $SMK_CACHE/linux-image-REL-dbg/vmlinux-REL (563 MB)
  root()      the whole tree (vmlinux and the 1,121 module debug files),
              $SMK_CACHE/linux-image-REL-dbg-root/ (1.7 GB)

Each directory gets a `version` file and a `.complete` marker, written
last; the .deb itself is not kept.  Both return (result, None), or (None,
why) when the package cannot be had, so that a benchmark can say it
skipped.
"""
import fcntl
import os
import shutil
import subprocess
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def release():
    """(release, None) or (None, why)."""
    r = subprocess.run(['sh', os.path.join(TOP, 'scripts/kernel-release.sh')],
                       capture_output=True, text=True)
    rel = r.stdout.strip()
    if r.returncode != 0 or not rel:
        return None, ('cannot name the cloud kernel release: ' +
                      r.stderr.strip())
    return rel, None


def _fetch(rel, dest, member, who):
    """Extract @member (None: everything) of the package into the cache
    directory @dest; (dest, None) or (None, why)."""
    cache = os.path.dirname(dest)
    pkg = 'linux-image-%s-dbg' % rel
    try:
        os.makedirs(cache, exist_ok=True)
        lk = open(os.path.join(cache, '.lock-dbg'), 'w')
    except OSError as e:
        return None, '%s: %s' % (cache, e)
    with lk:
        fcntl.flock(lk, fcntl.LOCK_EX)
        if os.path.exists(os.path.join(dest, '.complete')):
            return dest, None
        tmp = tempfile.mkdtemp(prefix='.fetch-dbg.', dir=cache)
        try:
            os.chmod(tmp, 0o777)    # apt-get download may run as _apt
            print('%s: fetching %s (once, into %s)' % (who, pkg, dest),
                  flush=True)
            for attempt in (0, 1):
                r = subprocess.run(['apt-get', 'download', pkg], cwd=tmp,
                                   capture_output=True, text=True)
                if r.returncode == 0 or attempt or os.geteuid() != 0:
                    break
                subprocess.run(['apt-get', 'update'], capture_output=True)
            debs = [f for f in os.listdir(tmp) if f.endswith('.deb')]
            if r.returncode != 0 or not debs:
                return None, 'apt-get download %s failed: %s' % (
                    pkg, ' '.join(r.stderr.strip().splitlines()[-3:]))
            deb = os.path.join(tmp, debs[0])
            out = os.path.join(tmp, 'out')
            os.mkdir(out)
            p1 = subprocess.Popen(['dpkg-deb', '--fsys-tarfile', deb],
                                  stdout=subprocess.PIPE)
            p2 = subprocess.run(['tar', '-x', '-C', out] +
                                ([member] if member else []),
                                stdin=p1.stdout, capture_output=True,
                                text=True)
            p1.stdout.close()
            if p1.wait() != 0 or p2.returncode != 0:
                return None, '%s: cannot extract %s: %s' % (
                    debs[0], member or 'the tree',
                    p2.stderr.strip()[-300:])
            ver = subprocess.run(['dpkg-deb', '-f', deb, 'Version'],
                                 capture_output=True, text=True).stdout
            os.unlink(deb)      # the cache does not need it
            if member:          # the one file, at the top
                final = os.path.join(tmp, 'final')
                os.mkdir(final)
                os.rename(os.path.join(out, member),
                          os.path.join(final, os.path.basename(member)))
                out = final
            with open(os.path.join(out, 'version'), 'w') as fh:
                fh.write(ver)
            open(os.path.join(out, '.complete'), 'w').close()
            shutil.rmtree(dest, ignore_errors=True)
            os.rename(out, dest)
            return dest, None
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def _cache():
    return os.environ.get('SMK_CACHE') or os.path.join(
        os.environ.get('HOME', '/root'), '.cache/simple-marker')


def vmlinux(who):
    """(path of vmlinux-REL with DWARF, None) or (None, why)."""
    rel, why = release()
    if not rel:
        return None, why
    d, why = _fetch(rel, os.path.join(_cache(), 'linux-image-%s-dbg' % rel),
                    './usr/lib/debug/boot/vmlinux-' + rel, who)
    return (os.path.join(d, 'vmlinux-' + rel), None) if d else (None, why)


def root(who):
    """((release, root of the extracted tree), None) or (None, why)."""
    rel, why = release()
    if not rel:
        return None, why
    d, why = _fetch(rel, os.path.join(_cache(),
                                      'linux-image-%s-dbg-root' % rel),
                    None, who)
    return ((rel, d), None) if d else (None, why)
