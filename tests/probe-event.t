#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The kprobe_events/uprobe_events text format: golden lines from placement
# sites, format/parse round trips, every validation rule against hostile
# strings, the kernel's limits at the boundary, event naming of several
# sites.  The TAP comes from tests/unit/probe-event ("make check" builds
# it); no root, no tracefs needed.
TOP=$(cd "$(dirname "$0")/.." && pwd)
unit=$TOP/tests/unit/probe-event
if [ ! -x "$unit" ]; then
	echo "1..0 # SKIP $unit not built (make tests/unit/probe-event)"
	exit 0
fi
if [ "$TOP/tests/unit/probe-event.c" -nt "$unit" ]; then
	echo "# warning: $unit is older than its source"
fi
exec "$unit"
