#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The documentation as written: every console example of README.md,
# Documentation/*.rst and Documentation/man/*.rst run and its output
# compared (tests/lib/docexamples.py says how, and how a block that
# cannot run is marked, with its reason); every page renders with docutils
# without a warning or a broken table row, the man pages with rst2man;
# the figures quoted in the docs are those of Documentation/figures/
# (written by the scripts that measure them); the paths the tools' --help
# texts name exist.
#
# As root: the examples attach uprobes (group shop, as the README says),
# record an LTTng userspace trace, and boot the cloud kernel under qemu
# twice (an ftrace and an LTTng kernel trace of smk_sample.ko).  The whole run is in a private mount
# namespace whose /var/run/lttng and /dev/shm are fresh, so its
# lttng-sessiond meets no other.  The cloud kernel's vmlinux with DWARF
# comes from its -dbg package (bench/dbgpkg.py: apt-get download once,
# cached under ~/.cache/simple-marker).
. "$(dirname "$0")/lib/tap.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root (uprobes, lttng-sessiond, mount namespace)"
for t in python3 unshare lttng lttng-sessiond gcc make; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
python3 -c 'import docutils' 2>/dev/null ||
	skip_all "python3-docutils not found (run scripts/deps.sh)"
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools not built (make)"

DT_REL=$("$TOP/scripts/kernel-release.sh" 2>&1) ||
	skip_all "cannot name the cloud kernel release: $DT_REL"
DT_VMLINUX=$(cd "$TOP/bench" && python3 -c '
import sys, dbgpkg
p, why = dbgpkg.vmlinux("docs.t")
print(p or why); sys.exit(0 if p else 1)' | tail -n 1) ||
	skip_all "no vmlinux with DWARF for $DT_REL: $DT_VMLINUX"
export DT_REL DT_VMLINUX DT_TMP=$TMP
# The examples run with a private HOME: the kernel image, lttng-modules
# and the -dbg vmlinux stay in the usual cache.
export SMK_CACHE="${SMK_CACHE:-${HOME:-/root}/.cache/simple-marker}"

mkdir -p /var/run/lttng
unshare --mount --propagation private sh -c '
mount -t tmpfs smk-doc-lttng /var/run/lttng &&
mount -t tmpfs smk-doc-shm /dev/shm &&
exec python3 "$1"' sh "$TOP/tests/lib/docexamples.py"
