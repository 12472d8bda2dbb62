#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Work in a child process with limits (tests/unit/contain.c): exit status,
# faults, the stall limit on CPU time, the memory limit, output and
# outside signals.  No root.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program contain
"$unit"
