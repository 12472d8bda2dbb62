#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Computed values' program (tools/lib/smk/compute.c): parse, format,
# evaluate, bpftrace form, value text.  The TAP comes from
# tests/unit/compute, which "make check" builds; tests/values.t runs the
# programs on real traces.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program compute
exec "$unit"
