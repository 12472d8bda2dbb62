#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Relocations of relocatable objects (tests/unit/reloc.c): i386's REL,
# whose addends are in the code, and x86-64's RELA, from the same source
# assembled here by clang.  No root.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program reloc
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for a in i386 x86_64; do
	if ! clang --target=$a-linux-gnu -c -o "$TMP/$a.o" \
		"$TOP/tests/unit/data/reloc-$a.s" 2> "$TMP/err"; then
		echo "1..1"
		echo "not ok 1 - reloc-$a.s assembles (clang --target=$a-linux-gnu)"
		sed 's/^/# /' "$TMP/err"
		exit 1
	fi
done
"$unit" "$TMP/i386.o" "$TMP/x86_64.o"
