#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The record decoder and the format describer, unit by unit: valid records,
# every corruption with its warning offset and reason, format descriptions,
# and a fixed-seed fuzz loop (run it under SANITIZE=1 to catch overreads).
# The TAP comes from tests/unit/record, which "make check" builds.
TOP=$(cd "$(dirname "$0")/.." && pwd)
unit=$TOP/tests/unit/record
if [ ! -x "$unit" ]; then
	echo "1..0 # SKIP $unit not built (make tests/unit/record)"
	exit 0
fi
if [ "$TOP/tests/unit/record.c" -nt "$unit" ]; then
	echo "# warning: $unit is older than its source"
fi
exec "$unit"
