#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The bpftrace and LTTng forms from hand-made placements: golden text for
# each kind of site and fetch, hostile names, reasons, paths and specs.
# The TAP comes from tests/unit/forms ("make check" builds it); no root.
# tests/bpftrace.t and tests/lttng.t run the forms for real.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program forms
exec "$unit"
