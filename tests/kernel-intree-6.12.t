#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The 6.12 series (kernel/patches-6.12/) on a real Linux 6.12 build: the
# same checks as tests/kernel-intree.t for 6.1 (tests/lib/kernel-intree.sh).
# With SMK_KERNEL_O2=1 (make kernel-o2) the same checks run on the build
# with the kernel's -O2 (kernel/build.sh -O, kbuild-6.12-O2) instead of
# tinyconfig's -Os; that variant is not part of make check, for CI time
# (another cold build).
KVER=6.12
KOPT=
[ "${SMK_KERNEL_O2:-}" = 1 ] && KOPT=-O
. "$(dirname "$0")/lib/kernel-intree.sh"
