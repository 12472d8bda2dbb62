#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# smk_jtable_find() on hand-written switch dispatch sequences (gcc and
# clang, -O0 and -O2) and on sequences that are not tables: the TAP comes
# from tests/unit/jtable, which "make check" builds.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program jtable
exec "$unit"
