#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The in-tree series (kernel/patches/) on a real Linux 6.1 build, end to
# end: built after each patch, zero cost (allocated sections byte-identical
# without the markers), the tools on the vmlinux, booted under qemu with
# marker-resolve's definitions attached and every hit and value checked.
# The checks are in tests/lib/kernel-intree.sh, shared with
# tests/kernel-intree-6.12.t.
KVER=6.1
KOPT=
. "$(dirname "$0")/lib/kernel-intree.sh"
