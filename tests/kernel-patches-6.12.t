#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The 6.12 series (kernel/patches-6.12/) against Debian's linux-source-6.12
# (bookworm-security or -backports, see scripts/linux-source.sh): the same
# checks as tests/kernel-patches.t for 6.1 (tests/lib/kernel-patches.sh),
# with 6.12's own checkpatch.pl, which also warns about macro arguments
# that the macro does not use.
KVER=6.12
. "$(dirname "$0")/lib/kernel-patches.sh"
