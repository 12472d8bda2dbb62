#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Marker argument expressions: the parser on valid and hostile text, then
# tests/fixtures/types.c built with gcc and clang at -O0 and -O2 and every
# argument of its markers resolved against the real DWARF (C type text,
# base variable, offsets, bitfields).  The TAP comes from tests/unit/expr,
# which "make check" builds; this script only builds the fixtures.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program expr
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smk-expr.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT

src=$TOP/tests/fixtures/types.c
# -Wno-format: some arguments are structs, passed on purpose.
flags="-g -Wall -Wextra -Wno-format -I$TOP/include"
lds="-Wl,-T,$TOP/scripts/simple_marker-user.lds"
set --
for cc in gcc clang; do
	for opt in O0 O2; do
		label=$cc-$opt
		out=$TMP/$label
		if ! command -v "$cc" > /dev/null 2>&1; then
			set -- "$@" "$label=SKIP:$cc not installed"
			continue
		fi
		# ext_counter lives in a second object, so that the main one
		# only has the extern declaration.
		if "$cc" $flags -"$opt" -DFIXTURE_EXTERN_DEF -c "$src" \
			-o "$out-ext.o" > "$out.log" 2>&1 &&
		   "$cc" $flags -"$opt" "$src" "$out-ext.o" $lds -o "$out" \
			>> "$out.log" 2>&1; then
			if [ -s "$out.log" ]; then
				echo "# $label: compiler messages:"
				sed 's/^/#   /' "$out.log"
			fi
			set -- "$@" "$label=$out"
		else
			sed 's/^/# /' "$out.log"
			set -- "$@" "$label=FAIL:$cc -$opt failed to build $src"
		fi
	done
done
# Not exec: the trap removes the fixtures when the unit binary is done.
"$unit" "$@"
