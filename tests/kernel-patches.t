#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The in-tree series (kernel/patches/) against Debian's linux-source-6.1:
# applies patch by patch, checkpatch.pl --strict clean, the record layout
# and bytes of the repo's header, kernel/apply.sh.  The checks are in
# tests/lib/kernel-patches.sh, shared with tests/kernel-patches-6.12.t.
KVER=6.1
. "$(dirname "$0")/lib/kernel-patches.sh"
