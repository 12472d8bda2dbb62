#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# locview.t - location views (tools/lib/smk/locview.c) against binutils.
#
# The corpus of tests/fidelity is built by gcc (DWARF 5 and 4) and clang,
# and tests/unit/locview prints what locview.c reads; asserted:
#
#   - every line-table row has the address, line, is_stmt and view number
#     that readelf --debug-dump=decodedline prints (views are not stored:
#     both compute them from the line program);
#   - every location list entry with views has the view pair readelf
#     --debug-dump=loc prints (DW_AT_GNU_locviews, .debug_loclists and
#     .debug_loc);
#   - a truncated or corrupt .debug_line is an error naming the section,
#     the offset and the reason, not a crash or a silent stop;
#   - marker-resolve takes a value that changes at the marker's very
#     address from the entry its view selects (matmul_cell's j at gcc
#     -O2, "how": "view-resolved"), and leaves it unavailable where there
#     are no views (clang).  tests/fidelity.t checks such values hit by
#     hit against the witness with real uprobes.
. "$(dirname "$0")/lib/tap.sh"
. "$TOP/tests/lib/unit.sh"
unit_program locview
for t in gcc clang readelf objcopy python3; do
	command -v $t > /dev/null || skip_all "$t not installed"
done
plan 14

LDS=$TOP/scripts/simple_marker-user.lds
build() {	# NAME CC FLAGS...
	_n=$1; _cc=$2; shift 2
	$_cc -std=gnu11 -g "$@" -I"$TOP/include" -o "$TMP/$_n" \
		"$TOP"/tests/fidelity/*.c -Wl,-T,"$LDS" 2> "$TMP/$_n.err"
}

# readelf's decoded rows as "ADDR LINE VIEW S|-" (a blank view is 0).
readelf_rows() {
	readelf --debug-dump=decodedline "$1" | awk '
		$3 ~ /^0x/ && $2 != "-" {
			v = ($4 ~ /^[0-9]+$/) ? $4 : 0
			printf "%s %s %s %s\n", $3, $2, v, ($NF == "x") ? "S" : "-"
		}'
}

readelf_locs() {
	readelf --debug-dump=loc "$1" | python3 -c '
import re, sys
out = sys.stdin.read().splitlines()
rows = []
for i, l in enumerate(out):
    m = re.search(r"v([0-9a-f]+) v([0-9a-f]+) views at [0-9a-f]+ for:", l)
    if m and i + 1 < len(out):
        a = out[i + 1].split()
        rows.append("%#x %#x %d %d" % (int(a[0], 16), int(a[1], 16),
                                       int(m.group(1), 16),
                                       int(m.group(2), 16)))
print("\n".join(sorted(rows)))'
}

sorted() { python3 -c 'import sys; print("\n".join(sorted(sys.stdin.read().split("\n")[:-1])))'; }

for cfg in "gcc-O2 gcc -O2" "gcc-O2-dwarf4 gcc -O2 -gdwarf-4" \
	   "gcc-Os gcc -Os" "gcc-O0 gcc -O0" "clang-O2 clang -O2"; do
	set -- $cfg
	name=$1; shift
	if ! build "$name" "$@"; then
		_tap_result 1 "$name: corpus builds"
		diag "$(head -5 "$TMP/$name.err")"
		continue
	fi
	"$unit" rows "$TMP/$name" > "$TMP/$name.rows" 2> "$TMP/$name.rerr"
	rc=$?
	readelf_rows "$TMP/$name" > "$TMP/$name.re"
	if [ $rc = 0 ] && [ -s "$TMP/$name.re" ] &&
	   diff -u "$TMP/$name.re" "$TMP/$name.rows" > "$TMP/$name.diff"; then
		_tap_result 0 "$name: line rows and views as readelf's ($(wc -l < "$TMP/$name.rows") rows)"
	else
		_tap_result 1 "$name: line rows and views as readelf's"
		diag "$(cat "$TMP/$name.rerr")" "$(head -20 "$TMP/$name.diff")"
	fi
done

for name in gcc-O2 gcc-O2-dwarf4 gcc-Os; do
	"$unit" loc "$TMP/$name" 2> "$TMP/$name.lerr" | sorted > "$TMP/$name.loc"
	readelf_locs "$TMP/$name" > "$TMP/$name.reloc"
	n=$(grep -c . "$TMP/$name.loc")
	if [ "$n" -gt 100 ] && [ ! -s "$TMP/$name.lerr" ] &&
	   diff -u "$TMP/$name.reloc" "$TMP/$name.loc" > "$TMP/$name.ldiff"; then
		_tap_result 0 "$name: $n location entries, view pairs as readelf's"
	else
		_tap_result 1 "$name: location view pairs as readelf's ($n)"
		diag "$(cat "$TMP/$name.lerr")" "$(head -20 "$TMP/$name.ldiff")"
	fi
done

# Corrupt input: the section of gcc -O2, cut short and with a bad version.
objcopy --dump-section .debug_line="$TMP/line.bin" "$TMP/gcc-O2" "$TMP/x.o" \
	2> /dev/null
size=$(wc -c < "$TMP/line.bin")
head -c $((size / 2)) "$TMP/line.bin" > "$TMP/line.cut"
# The first unit may end before the cut: walk the unit the cut falls in.
off=$(python3 -c '
import struct, sys
d = open(sys.argv[1], "rb").read(); cut = int(sys.argv[2]); o = 0
while o < len(d):
    n = struct.unpack_from("<I", d, o)[0] + 4
    if o + n > cut:
        break
    o += n
print(o)' "$TMP/line.bin" $((size / 2)))
run "$unit" raw "$TMP/line.cut" "$off"
is "$rc $(grep -c "line.cut: .debug_line at 0x[0-9a-f]*: unit length beyond the section" "$TMP/err")" \
	"1 1" "a unit cut short: exit 1, the section, the offset and why"
python3 -c '
import sys
d = bytearray(open(sys.argv[1], "rb").read()); d[4] = 9
open(sys.argv[2], "wb").write(d)' "$TMP/line.bin" "$TMP/line.ver"
run "$unit" raw "$TMP/line.ver" 0
is "$rc $(cat "$TMP/err")" \
	"1 locview: $TMP/line.ver: .debug_line at 0x6: unknown line table version" \
	"a unit of an unknown version: exit 1, named"
python3 -c '
import sys
d = bytearray(open(sys.argv[1], "rb").read())
open(sys.argv[2], "wb").write(d[:12])' "$TMP/line.bin" "$TMP/line.hdr"
run "$unit" raw "$TMP/line.hdr" 0
is "$rc $(grep -c ": .debug_line at 0x4: unit length beyond the section" "$TMP/err")" \
	"1 1" "a header cut short: exit 1, named"

# marker-resolve: matmul_cell's j changes location at the marker's address.
how() {	# BIN MARKER EXPR: "how spec|reason" of every site
	marker-resolve --format=json "$1" 2> /dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
for m in d["markers"]:
    if m["name"] != sys.argv[1]:
        continue
    for s in m["sites"]:
        for a in s["args"]:
            if a["expr"] == sys.argv[2]:
                print(a.get("how"), a.get("spec") or a.get("reason"))' "$2" "$3"
}
is "$(how "$TMP/gcc-O2" matmul_cell j | cut -d" " -f1 | sort -u)" \
	"view-resolved" "gcc -O2: matmul_cell j is view-resolved"
is "$(how "$TMP/gcc-O2" matmul_cell i | cut -d" " -f1 | sort -u)" \
	"direct" "gcc -O2: matmul_cell i (no change there) is direct"
out=$(how "$TMP/clang-O2" matmul_cell j)
case $out in
*view-resolved*) _tap_result 1 "clang -O2: no views, no view-resolved value"; diag "$out" ;;
*) _tap_result 0 "clang -O2: no views, no view-resolved value" ;;
esac
done_testing
