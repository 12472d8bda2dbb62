#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# smk_patch_plan() on hand-written functions (tests/inproc/patch.S): what
# the 5 bytes at each displace and how each instruction moves, or why
# not; and the fetch spec and type parsers, valid and hostile.  The TAP
# comes from tests/unit/patch, which "make check" builds.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program patch
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smk-patch.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if ! gcc -g -o "$TMP/patch" "$TOP/tests/inproc/patch.S" 2> "$TMP/err"; then
	echo "1..1"
	echo "not ok 1 - tests/inproc/patch.S assembles"
	sed 's/^/# /' "$TMP/err"
	exit 1
fi
"$unit" "$TMP/patch"
