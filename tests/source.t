#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# What the source says around a marker (tools/lib/smk/source.c): the
# checks behind "next line, every path through the marker", conditional
# arms, case labels and loops, on small C functions written for each case.
# The TAP comes from tests/unit/source ("make check" builds it); no root.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program source
exec "$unit"
