#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The kprobe_events/uprobe_events text format: golden lines from placement
# sites, format/parse round trips, every validation rule against hostile
# strings, the kernel's limits at the boundary, event naming of several
# sites.  The TAP comes from tests/unit/probe-event ("make check" builds
# it); no root, no tracefs needed.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program probe-event
exec "$unit"
