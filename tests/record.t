#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The record decoder and the format describer, unit by unit: valid records,
# every corruption with its warning offset and reason, format descriptions,
# and a fixed-seed fuzz loop (run it under SANITIZE=1 to catch overreads).
# The TAP comes from tests/unit/record, which "make check" builds.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program record
exec "$unit"
