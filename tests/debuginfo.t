#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Separate debuginfo for a stripped examples/shop (objcopy --only-keep-debug
# + strip --strip-debug, which keeps __simple_marker): found by build-id
# under --debug-info-dir, by .gnu_debuglink next to the file, in .debug/
# and under the debug dir, under --target-prefix; and rejected, with the
# reason in -v, --json and on stderr, when its build-id or CRC does not
# match (a rebuilt binary's debuginfo at the stripped one's build-id path).
. "$(dirname "$0")/lib/tap.sh"

for t in gcc objcopy strip readelf python3; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"

plan 26

CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"

rows() {
	awk '/^ +[0-9]+ / { print $1, $2, $3, $4 }' "${1:-$TMP/out}" |
		tr '\n' ';'
}
build_id() {
	readelf -n "$1" | awk '/Build ID:/ { print $3 }'
}
# put_build_id DIR FILE.debug ID: DIR/.build-id/xx/rest.debug
put_build_id() {
	mkdir -p "$1/.build-id/$(echo "$3" | cut -c1-2)"
	cp "$2" "$1/.build-id/$(echo "$3" | cut -c1-2)/$(echo "$3" | cut -c3-).debug"
}
build_id_path() {
	echo "$1/.build-id/$(echo "$2" | cut -c1-2)/$(echo "$2" | cut -c3-).debug"
}

# Two builds from a relative "shop.c": the example, and a rebuild whose
# code differs (so its build-id does too).
mkdir -p "$TMP/src"
cp "$TOP/examples/shop.c" "$TMP/src/shop.c"
cd "$TMP/src"
gcc $CFLAGS -Wl,--build-id -o ../shop shop.c
sed 's/return 0;/return 3;/' "$TOP/examples/shop.c" > shop.c
gcc $CFLAGS -Wl,--build-id -o ../rebuilt shop.c
cd "$TMP"
ID=$(build_id shop)
ID2=$(build_id rebuilt)
objcopy --only-keep-debug shop shop.debug
objcopy --only-keep-debug rebuilt rebuilt.debug
mkdir -p s empty
strip --strip-debug -o s/shop shop
ok "build-ids: 40 hex digits, different after a code change" \
	test "${#ID}" = 40 -a "${#ID2}" = 40 -a "$ID" != "$ID2"
is "$(readelf -S s/shop | grep -c -e '\.debug_info' -e ' __simple_marker')" 1 \
	"strip --strip-debug keeps __simple_marker, drops .debug_info"

marker-list shop > ref.out
WANT=$(rows ref.out)
WANT_V=$(marker-list -v shop | grep -v '^      binary:')
is "$WANT" "1 shop line_total line_total;2 shop find_item item_missing;3 shop order_place order_begin;4 shop order_place order_short;5 shop order_place order_done;6 shop main shop_closed;" \
	"reference: the unstripped binary"
NONE="1 shop - line_total;2 shop - item_missing;3 shop - order_begin;4 shop - order_short;5 shop - order_done;6 shop - shop_closed;"

run marker-list --debug-info-dir "$TMP/empty" s/shop
is "$rc|$(rows)" "0|$NONE" "stripped, nothing to find: FUNCTION -"

# ---- build-id ----
put_build_id "$TMP/d1" shop.debug "$ID"
run marker-list --debug-info-dir "$TMP/d1" s/shop
is "$rc|$(rows)|$(cat err)" "0|$WANT|" "build-id under --debug-info-dir: found"
run marker-list -v --debug-info-dir "$TMP/d1" s/shop
is "$(grep -v '^      binary:' out)" "$WANT_V" \
	"build-id: -v identical to the unstripped binary's (lines, types, instances)"
run marker-list --debug-info-dir "$TMP/empty" --debug-info-dir "$TMP/d1" s/shop
is "$rc|$(rows)" "0|$WANT" "--debug-info-dir twice: the second one searched too"

# ---- .gnu_debuglink ----
mkdir -p l1 l2/.debug l3
objcopy --add-gnu-debuglink=shop.debug s/shop l1/shop
cp shop.debug l1/
run marker-list --debug-info-dir "$TMP/empty" l1/shop
is "$rc|$(rows)|$(cat err)" "0|$WANT|" "debuglink: next to the file"
cp l1/shop l2/shop
cp shop.debug l2/.debug/
run marker-list --debug-info-dir "$TMP/empty" l2/shop
is "$rc|$(rows)|$(cat err)" "0|$WANT|" "debuglink: in .debug/"
cp l1/shop l3/shop
L3=$(cd l3 && pwd -P)
mkdir -p "$TMP/d3$L3"
cp shop.debug "$TMP/d3$L3/"
run marker-list --debug-info-dir "$TMP/d3" l3/shop
is "$rc|$(rows)|$(cat err)" "0|$WANT|" "debuglink: under the debug dir + the file's directory"

# ---- build-id mismatch ----
mkdir -p m1
cp s/shop m1/shop
put_build_id "$TMP/d4" rebuilt.debug "$ID"
BAD=$(build_id_path "$TMP/d4" "$ID")
REASON="no usable debuginfo: $BAD: build-id $ID2 does not match $ID"
run marker-list -v --debug-info-dir "$TMP/d4" m1/shop
is "$rc|$(rows)" "0|$NONE" "rebuilt debuginfo at the build-id path: not used"
is "$(grep -c "^      reason:    $REASON\$" out)" 6 \
	"build-id mismatch: -v reason of each marker names file and both ids"
is "$(cat err)" "marker-list: m1/shop: $REASON; functions unknown" \
	"build-id mismatch: one line on stderr"
run marker-list --json --debug-info-dir "$TMP/d4" m1/shop
is "$rc|$(python3 -c 'import json, sys
ps = json.load(open(sys.argv[1]))["probes"]
print(len(ps), set(p["reason"] for p in ps), set(p["function"] for p in ps))' out)" \
	"0|6 {'$REASON'} {None}" "build-id mismatch: --json reason"

# The same code linked with two explicit build-ids: identical DWARF, still
# rejected.
cd src
cp "$TOP/examples/shop.c" shop.c
gcc $CFLAGS -Wl,--build-id=0x0123456789abcdef0123456789abcdef01234567 \
	-o ../e1 shop.c
gcc $CFLAGS -Wl,--build-id=0x0123456789abcdef0123456789abcdef01234568 \
	-o ../e2 shop.c
cd ..
objcopy --only-keep-debug e2 e2.debug
mkdir -p m2
strip --strip-debug -o m2/shop e1
put_build_id "$TMP/d5" e2.debug 0123456789abcdef0123456789abcdef01234567
run marker-list -v --debug-info-dir "$TMP/d5" m2/shop
is "$rc|$(rows)|$(grep -c 'build-id 0123456789abcdef0123456789abcdef01234568 does not match 0123456789abcdef0123456789abcdef01234567$' out)" \
	"0|$NONE|6" "explicit build-ids differing in one digit: rejected"
put_build_id "$TMP/d6" e2.debug 0123456789abcdef0123456789abcdef01234568
objcopy --only-keep-debug e1 e1.debug
put_build_id "$TMP/d6" e1.debug 0123456789abcdef0123456789abcdef01234567
run marker-list --debug-info-dir "$TMP/d6" m2/shop
is "$rc|$(rows)" "0|$WANT" "explicit build-id: the matching file is used"

# A debuglink whose file has another build-id: rejected by build-id; both
# rejected candidates are in the reason.
mkdir -p m3
objcopy --add-gnu-debuglink=shop.debug s/shop m3/shop
cp rebuilt.debug m3/shop.debug
M3=$(cd m3 && pwd -P)
run marker-list -v --debug-info-dir "$TMP/d4" m3/shop
is "$rc|$(rows)|$(grep -m 1 reason: out)" \
	"0|$NONE|      reason:    no usable debuginfo: $BAD: build-id $ID2 does not match $ID; $M3/shop.debug: build-id $ID2 does not match $ID" \
	"debuglink to a rebuilt file: rejected too, both reasons listed"

# ---- CRC, for files without a build-id ----
cd src
gcc $CFLAGS -Wl,--build-id=none -o ../nb shop.c
sed 's/return 0;/return 3;/' "$TOP/examples/shop.c" > other.c
gcc $CFLAGS -Wl,--build-id=none -o ../nb-other other.c
cd ..
mkdir -p c1 c2
objcopy --only-keep-debug nb c1/nb.debug
strip --strip-debug nb
objcopy --add-gnu-debuglink=c1/nb.debug nb c1/shop
is "$(build_id c1/shop)" "" "CRC case: the binary has no build-id"
run marker-list --debug-info-dir "$TMP/empty" c1/shop
is "$rc|$(rows)|$(cat err)" "0|$WANT|" "debuglink without build-id: CRC matches, used"
cp c1/shop c2/shop
objcopy --only-keep-debug nb-other c2/nb.debug
C2=$(cd c2 && pwd -P)
run marker-list -v --debug-info-dir "$TMP/empty" c2/shop
is "$rc|$(rows)|$(grep -m 1 reason: out)" \
	"0|$NONE|      reason:    no usable debuginfo: $C2/nb.debug: CRC does not match .gnu_debuglink" \
	"debuglink without build-id: CRC mismatch rejected with its reason"

# ---- --target-prefix ----
P=$TMP/target
mkdir -p "$P/usr/bin"
cp s/shop "$P/usr/bin/shop"
put_build_id "$P/usr/lib/debug" shop.debug "$ID"
run marker-list --target-prefix "$P" "$P/usr/bin/shop"
is "$rc|$(rows)|$(cat err)" "0|$WANT|" \
	"--target-prefix P: build-id under P/usr/lib/debug"
run marker-list --target-prefix "$P" --debug-info-dir "$TMP/empty" \
	"$P/usr/bin/shop"
is "$rc|$(rows)" "0|$NONE" "--debug-info-dir replaces P/usr/lib/debug"
rm -r "$P/usr/lib/debug/.build-id"
run marker-list --target-prefix "$P" "$P/usr/bin/shop"
is "$rc|$(rows)" "0|$NONE" "--target-prefix P: nothing there any more"
objcopy --add-gnu-debuglink=shop.debug s/shop "$P/usr/bin/shop"
mkdir -p "$P/usr/lib/debug/usr/bin"
cp shop.debug "$P/usr/lib/debug/usr/bin/"
PP=$(cd "$P" && pwd -P)
run marker-list --target-prefix "$PP" "$PP/usr/bin/shop"
is "$rc|$(rows)|$(cat err)" "0|$WANT|" \
	"--target-prefix P: debuglink under P/usr/lib/debug/usr/bin"
run marker-list --target-prefix target target/usr/bin/shop
is "$rc|$(rows)|$(cat err)" "0|$WANT|" \
	"--target-prefix relative: debuglink under P/usr/lib/debug/usr/bin"
ln -s "$PP" "$TMP/target-link"
run marker-list --target-prefix "$TMP/target-link" "$TMP/target-link/usr/bin/shop"
is "$rc|$(rows)|$(cat err)" "0|$WANT|" \
	"--target-prefix through a symlink: debuglink under P/usr/lib/debug/usr/bin"

done_testing
