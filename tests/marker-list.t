#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-list on real binaries built here: examples/shop with gcc and clang
# (default output against tests/golden/), the -n/-m/-f/-N filters, --json
# checked field by field with python3 (and against nm), -v, directories,
# compressed modules, a fake kernel tree for -k/--root and module names
# (depmod builds its modules.dep), and strings that need escaping
# (tests/fixtures/listing.c).
. "$(dirname "$0")/lib/tap.sh"

for t in gcc python3 readelf nm depmod; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"

plan 57

GOLDEN=$TOP/tests/golden
FIX=$TOP/tests/fixtures
CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"


# ID MODULE FUNCTION NAME of each row of a listing, one line each.
rows() {
	awk '/^ +[0-9]+ / { print $1, $2, $3, $4 }' "${1:-$TMP/out}"
}

# ---- examples/shop, gcc and clang ----
mkdir -p "$TMP/gcc" "$TMP/clang"
# A relative source path, so that the records' file is "shop.c".
(cd "$TOP/examples" && gcc $CFLAGS -o "$TMP/gcc/shop" shop.c) 2> "$TMP/cc.err"
ok "gcc -O2 -g builds examples/shop" test -s "$TMP/gcc/shop"
have_clang=false
if command -v clang >/dev/null &&
   (cd "$TOP/examples" && clang $CFLAGS -o "$TMP/clang/shop" shop.c) \
	2>> "$TMP/cc.err"; then
	have_clang=true
fi
[ -s "$TMP/cc.err" ] && diag "$(cat "$TMP/cc.err")"

cd "$TMP/gcc"
run marker-list shop
golden "$GOLDEN/shop-gcc.txt" "$TMP/out" "gcc: default output"
is "$rc:$(cat "$TMP/err")" "0:" "gcc: exit 0, nothing on stderr"
if $have_clang; then
	(cd "$TMP/clang" && marker-list shop) > "$TMP/out.clang" 2>&1
	golden "$GOLDEN/shop-clang.txt" "$TMP/out.clang" "clang: default output"
else
	skip "clang not found"
fi

# ---- filters (gcc build; its rows come in section order) ----
filter() {
	_desc=$1
	_want=$2
	shift 2
	run marker-list "$@" shop
	is "$rc|$(rows | tr '\n' ';')" "0|$_want" "filter $_desc"
}
filter "-n 'order_*' (a name glob)" \
	"1 shop order_place order_begin;2 shop order_place order_short;3 shop order_place order_done;" \
	-n 'order_*'
filter "-n 'order_place:' (function, any name)" \
	"1 shop order_place order_begin;2 shop order_place order_short;3 shop order_place order_done;" \
	-n 'order_place:'
filter "-n '::line_total'" "1 shop line_total line_total;" -n '::line_total'
filter "-n 'find_*:item_*' (right-aligned: function:name)" \
	"1 shop find_item item_missing;" -n 'find_*:item_*'
filter "-n 'sh?p:order_place:*_d*' (all three)" \
	"1 shop order_place order_done;" -n 'sh?p:order_place:*_d*'
filter "-n 'other:*:*' (no such module)" "" -n 'other:*:*'
filter "-n 'main' (a name, not a function)" "" -n main
filter "-m 'sh*'" \
	"1 shop line_total line_total;2 shop find_item item_missing;3 shop order_place order_begin;4 shop order_place order_short;5 shop order_place order_done;6 shop main shop_closed;" \
	-m 'sh*'
filter "-m shop2" "" -m shop2
filter "-f '*_item'" "1 shop find_item item_missing;" -f '*_item'
filter "-f main" "1 shop main shop_closed;" -f main
filter "-N '*_[bd]*'" \
	"1 shop order_place order_begin;2 shop order_place order_done;" \
	-N '*_[bd]*'
filter "-f line_total -N line_total -m shop (all must match)" \
	"1 shop line_total line_total;" -f line_total -N line_total -m shop
filter "-f order_place -N line_total (none)" "" -f order_place -N line_total

# ---- --json ----
# Expected per marker: function, format, args, and the source line of
# "trace_simple(NAME," (DWARF's decl_line: the first line, also with clang).
cat > "$TMP/check-json.py" <<'EOF'
import json, re, subprocess, sys

doc = json.load(open(sys.argv[1], encoding="utf-8"))
binary, source = sys.argv[2], sys.argv[3]
errors = []
def check(cond, what):
    if not cond:
        errors.append(what)

want = {
    "shop_closed": ("main", "closing after %lu orders",
                    "closing after $orders_seen orders", ["orders_seen"]),
    "order_done": ("order_place", "order %lu done, %d left, %lu orders",
                   "order $o->id done, $o->item->stock left, $orders_seen orders",
                   ["o->id", "o->item->stock", "orders_seen"]),
    "order_short": ("order_place", "order %lu short by %d",
                    "order $o->id short by $o->quantity - o->item->stock",
                    ["o->id", "o->quantity - o->item->stock"]),
    "order_begin": ("order_place", "order %lu: %d of %s",
                    "order $o->id: $o->quantity of $o->item->name",
                    ["o->id", "o->quantity", "o->item->name"]),
    "item_missing": ("find_item", "no item %s", "no item $name", ["name"]),
    "line_total": ("line_total", "%d x %s = %u", "$qty x $it->name = $total",
                   ["qty", "it->name", "total"]),
}
lines = {}
for n, l in enumerate(open(source), 1):
    m = re.search(r"trace_simple\((\w+),", l)
    if m:
        lines[m.group(1)] = n
syms = {}
for l in subprocess.run(["nm", binary], capture_output=True,
                        text=True).stdout.splitlines():
    f = l.split()
    if len(f) == 3:
        syms[f[2]] = int(f[0], 16)

check(doc.get("version") == 1, "version")
probes = doc["probes"]
check(sorted(p["name"] for p in probes) == sorted(want), "names: %s" %
      [p["name"] for p in probes])
check([p["id"] for p in probes] == list(range(1, len(probes) + 1)), "ids")
hexre = re.compile(r"^0x[0-9a-f]+$")
for p in probes:
    n = p["name"]
    if n not in want:
        continue
    func, fmt, desc, args = want[n]
    check(p["kind"] == "marker", n + ": kind")
    check(p["path"] == binary and p["module"] == "shop", n + ": path/module")
    check(p["function"] == func, n + ": function %s" % p["function"])
    check(p["file"] == "shop.c", n + ": file")
    check(p["line"] == lines[n], n + ": line %s, source %s" %
          (p["line"], lines[n]))
    check(p["format"] == fmt, n + ": format")
    check(p["description"] == desc, n + ": description")
    check([a["expr"] for a in p["args"]] == args, n + ": args")
    check(p["reason"] is None, n + ": reason")
    check(len(p["instances"]) >= 1, n + ": no instance")
    for i in p["instances"]:
        check(isinstance(i["inlined"], bool) and i["parts"], n + ": parts")
        for part in i["parts"]:
            a = part["address"]
            check(isinstance(a, str) and hexre.match(a), n + ": address " + a)
            s = part["symbol"]
            check(s in syms and syms[s] + part["offset"] == int(a, 16),
                  n + ": %s+%d is not %s" % (s, part["offset"], a))
            check(isinstance(part["size"], int), n + ": size")
print("\n".join(errors) if errors else "ok")
EOF
for cc in gcc clang; do
	if [ $cc = clang ] && ! $have_clang; then
		skip "clang not found"
		skip "clang not found"
		continue
	fi
	(cd "$TMP/$cc" && marker-list --json shop) > "$TMP/$cc.json"
	is "$(cd "$TMP/$cc" && python3 "$TMP/check-json.py" "$TMP/$cc.json" shop \
		"$TOP/examples/shop.c" 2>&1)" "ok" \
		"$cc: --json fields (function, file, line, format, description, args, instances, addresses vs nm)"
	is "$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for p in d["probes"] for i in p["instances"] if i["inlined"]),
      sorted(set(k for p in d["probes"] for k in p)))' "$TMP/$cc.json")" \
		"5 ['args', 'description', 'exact', 'file', 'format', 'function', 'id', 'instances', 'kind', 'line', 'module', 'name', 'path', 'reason']" \
		"$cc: --json keys; the 5 markers of inlined functions have inlined instances"
done

# ---- -v ----
# Each marker: its row, file:LINE from the source, binary, one args line
# per argument, "instances: N" and N lines of SYMBOL+OFF (ADDR).
cat > "$TMP/check-v.awk" <<'EOF'
function flush() {
	if (name == "")
		return
	if (file != "shop.c:" line[name])
		err = err name ": file " file "; "
	if (bin != "shop")
		err = err name ": binary " bin "; "
	if (nargs != want_args[name])
		err = err name ": " nargs " args; "
	if (ninst < 1 || ninst != nparts)
		err = err name ": instances " ninst ", lines " nparts "; "
	seen++
}
BEGIN {
	want_args["shop_closed"] = 1; want_args["order_done"] = 3
	want_args["order_short"] = 2; want_args["order_begin"] = 3
	want_args["item_missing"] = 1; want_args["line_total"] = 3
}
FNR == NR {
	if (match($0, /trace_simple\([a-z_]+,/))
		line[substr($0, RSTART + 13, RLENGTH - 14)] = FNR
	next
}
/^   ID MODULE / { next }
/^ +[0-9]+ shop / { flush(); name = $4; file = bin = ""; nargs = 0
	ninst = -1; nparts = 0; inargs = 0; next }
/^      file: / { file = $2; next }
/^      binary: / { bin = $2; next }
/^      args: / { nargs = 1; inargs = 1; next }
/^      instances: / { ninst = $2; inargs = 0; next }
/^                 [a-z_]+\+(0|0x[0-9a-f]+) \(0x[0-9a-f]+\)/ {
	if (inargs) nargs++; else nparts++; next }
/^                 / { if (inargs) { nargs++; next } }
{ err = err "unexpected line: " $0 "; " }
END { flush(); print seen " markers; " (err == "" ? "ok" : err) }
EOF
for cc in gcc clang; do
	if [ $cc = clang ] && ! $have_clang; then
		skip "clang not found"
		continue
	fi
	(cd "$TMP/$cc" && marker-list -v shop) > "$TMP/$cc.v"
	is "$(awk -f "$TMP/check-v.awk" "$TOP/examples/shop.c" "$TMP/$cc.v")" \
		"6 markers; ok" \
		"$cc: -v gives file:line, binary, args, instances for each marker"
done
(cd "$TMP/gcc" && marker-list -v -n ::shop_closed shop) > "$TMP/out"
is "$(sed -n '3,6p' "$TMP/out")" "      file:      shop.c:81
      binary:    shop
      args:      orders_seen (unsigned long)
      instances: 1" "gcc: -v lines of shop_closed"

# ---- directories ----
D=$TMP/dir
mkdir -p "$D/a" "$D/b/sub" "$D/c"
cp "$TMP/gcc/shop" "$D/a/shop"
cp "$TMP/gcc/shop" "$D/b/sub/shop2"
echo "not an ELF" > "$D/a/README"
: > "$D/b/empty"
printf '#!/bin/sh\necho hi\n' > "$D/c/script"
chmod +x "$D/c/script"
ln -s ../a/shop "$D/c/link-to-shop"
run marker-list "$D"
is "$rc|$(rows | awk '{ print $1, $2 }' | tr '\n' ' ')" \
	"0|1 shop 2 shop 3 shop 4 shop 5 shop 6 shop 7 shop2 8 shop2 9 shop2 10 shop2 11 shop2 12 shop2 " \
	"directory: ELF files found recursively, sorted, symlinks not followed"
is "$(cat "$TMP/err")" "" "directory: non-ELF files ignored silently"
run marker-list --json "$D/b"
is "$rc|$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sorted(set(p["path"] for p in d["probes"])), len(d["probes"]))' "$TMP/out")" \
	"0|['$D/b/sub/shop2'] 6" "directory: --json paths are the files found"
run marker-list "$D/a/README"
is "$rc|$(cat "$TMP/err")" "1|marker-list: $D/a/README: not an ELF file" \
	"a non-ELF file named on the command line is an error"

# ---- escaping, 0 and 12 args, kernel %p (tests/fixtures/listing.c) ----
L=$TMP/listing
mkdir -p "$L"
cp "$FIX/listing.c" "$L/"
cd "$L"
gcc $CFLAGS -c listing.c -o obj.o &&
# A module as kbuild links it: ld -r, with the fragment that makes
# __simple_marker non-allocated (else the tools warn that it is loaded).
gcc $CFLAGS -DLISTING_MODULE='"mymod"' -c listing.c -o mymod.o &&
ld -r -T "$TOP/scripts/simple_marker.lds" -o mymod.ko mymod.o &&
gcc $CFLAGS -DLISTING_BAD_UTF8 -c listing.c -o bad.o &&
gcc $CFLAGS -DLISTING_BAD_UTF8_HIDDEN -c listing.c -o hidden.o
ok "fixtures: listing.c built as an object, a module and with bad UTF-8" \
	test -s hidden.o
run marker-list obj.o mymod.ko
golden "$GOLDEN/listing-gcc.txt" "$TMP/out" \
	"listing: escapes, 0 and 12 args; kernel %pS takes its extension"
marker-list --json obj.o > obj.json
is "$(python3 -c 'import json, sys
d = {p["name"]: p for p in json.load(open(sys.argv[1]))["probes"]}
q = d["quoted"]
print(repr(q["format"]), repr(q["description"]), q["args"][0]["expr"],
      len(d["twelve"]["args"]), d["twelve"]["args"][11]["expr"],
      d["no_args"]["args"], d["utf8"]["format"], d["caller"]["description"])' obj.json)" \
	"'say \"%s\"\\t\\\\ %d\\n' 'say \"\$s\"\\\\t\\\\ \$a\\\\n' s 12 a + 11 [] café %ld caller \$fnS" \
	"listing: --json strings round-trip (quotes, backslash, tab, newline, UTF-8)"
marker-list --json bad.o > bad.json
is "$(python3 -c 'import json, sys
d = {p["name"]: p for p in json.load(open(sys.argv[1], encoding="utf-8"))["probes"]}
print(d["latin1"]["format"], d["overlong2"]["format"], d["cut"]["format"])' bad.json 2>&1)" \
	"caf� %d slash �� %d cut �� %d" \
	"listing: --json replaces invalid UTF-8 with U+FFFD"
marker-list --json hidden.o > hidden.json
is "$(python3 -c 'import json, sys
d = {p["name"]: p for p in json.load(open(sys.argv[1], encoding="utf-8"))["probes"]}
for n in "surrogate", "overlong3", "too_big":
    f = d[n]["format"]
    f.encode("utf-8")
    print(n, "\ufffd" in f and f.endswith(" %d"))' hidden.json 2>&1 | tr '\n' ' ')" \
	"surrogate True overlong3 True too_big True " \
	"listing: --json replaces surrogates, overlong 3-byte forms, > U+10FFFF"

# ---- a unit without abstract origins; a record without a DWARF variable ----
# Under SANITIZE=1, smk_markers_read() passes NULL to qsort() for both, and
# UBSan stops marker-list: known bug, marked TODO in sanitized builds only.
P=$TMP/plain
mkdir -p "$P"
cp "$FIX/listing_plain.c" "$P/"
cd "$P"
gcc $CFLAGS -o plain listing_plain.c
(cd "$TOP/examples" && gcc $CFLAGS -c -o "$P/shop.o" shop.c)
gcc $CFLAGS -g0 -DPLAIN_NO_MAIN -c listing_plain.c -o nodebug.o
gcc -o mixed shop.o nodebug.o
run marker-list plain
is "$rc|$(rows | tr '\n' ';')|$(cat "$TMP/err")" \
	"0|1 plain plain_helper plain_helper_called;2 plain main plain_main;|" \
	"a unit without abstract origins (no inlining) is listed"
run marker-list -v -n '::plain_*' mixed
is "$rc|$(rows | tr '\n' ';')|$(grep reason: "$TMP/out")" \
	"0|1 mixed - plain_helper_called;|      reason:    no DWARF variable for this record" \
	"a record from a unit built without -g: no function, a reason"
cd "$L"

# ---- compressed modules ----
for z in gz xz zst; do
	case $z in
	gz) c="gzip -c" ;;
	xz) c="xz -c" ;;
	zst) c="zstd -q -c" ;;
	esac
	if ! command -v ${c%% *} >/dev/null; then
		skip "${c%% *} not found"
		continue
	fi
	$c mymod.ko > mymod.ko.$z
	run marker-list mymod.ko.$z
	is "$rc|$(rows | tr '\n' ';')" \
		"0|1 mymod listing_scale scaled;2 mymod listing_work quoted;3 mymod listing_work no_args;4 mymod listing_work twelve;5 mymod listing_work caller;6 mymod listing_work utf8;" \
		"compressed module .ko.$z: listed, name from .modinfo"
done

# ---- a kernel tree: -k RELEASE --root DIR, module names ----
R=6.1.0-smktest
ROOT=$TMP/root
mkdir -p "$ROOT/lib/modules/$R/kernel/x" "$ROOT/lib/modules/$R/kernel/y"
cp mymod.ko "$ROOT/lib/modules/$R/kernel/x/"
gcc $CFLAGS -DLISTING_MODULE='"other_mod"' -c listing.c -o other-mod.o
ld -r -T "$TOP/scripts/simple_marker.lds" -o other-mod.ko other-mod.o
xz -c other-mod.ko > "$ROOT/lib/modules/$R/kernel/y/other-mod.ko.xz"
depmod -b "$ROOT" "$R" 2> "$TMP/depmod.err"
is "$(sort "$ROOT/lib/modules/$R/modules.dep")" \
	"kernel/x/mymod.ko:
kernel/y/other-mod.ko.xz:" "depmod: modules.dep of the fake tree"

run marker-list -k "$R" --root "$ROOT"
is "$rc|$(awk '/^ +[0-9]+ / { print $2 }' "$TMP/out" | uniq | tr '\n' ' ')" \
	"1|mymod other_mod " \
	"-k R --root: every module listed, exit 1 (no vmlinux)"
is "$(cat "$TMP/err")" \
	"marker-list: no vmlinux for $R under '$ROOT' (looked in /usr/lib/debug/boot, /usr/lib/debug/lib/modules/$R, /lib/modules/$R/build, /boot)" \
	"-k R --root: the missing vmlinux named on stderr"
run marker-list -k "$R" --root "$ROOT" mymod
is "$rc|$(rows | tr '\n' ';')|$(cat "$TMP/err")" \
	"0|1 mymod listing_scale scaled;2 mymod listing_work quoted;3 mymod listing_work no_args;4 mymod listing_work twelve;5 mymod listing_work caller;6 mymod listing_work utf8;|" \
	"-k R --root ROOT mymod: the module found by name"
run marker-list --json -k "$R" --root "$ROOT" other_mod mymod
is "$rc|$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted(set(p["path"] + "=" + p["module"] for p in d["probes"]))))' "$TMP/out")" \
	"0|$ROOT/lib/modules/$R/kernel/x/mymod.ko=mymod $ROOT/lib/modules/$R/kernel/y/other-mod.ko.xz=other_mod" \
	"-k R --root: names resolved to paths (.ko.xz too)"
run marker-list -k "$R" --root "$ROOT" nosuchmod
is "$rc|$(cat "$TMP/err")" \
	"1|marker-list: nosuchmod: no module 'nosuchmod' in $ROOT/lib/modules/$R" \
	"-k R --root: unknown module name"
# The debug copy under /usr/lib/debug/lib/modules/R is preferred.
mkdir -p "$ROOT/usr/lib/debug/lib/modules/$R/kernel/y"
cp other-mod.ko "$ROOT/usr/lib/debug/lib/modules/$R/kernel/y/other-mod.ko"
run marker-list --json -k "$R" --root "$ROOT" other_mod
is "$rc|$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["probes"][0]["path"])' "$TMP/out")" \
	"0|$ROOT/usr/lib/debug/lib/modules/$R/kernel/y/other-mod.ko" \
	"-k R --root: the uncompressed debug copy of a module preferred"
rm -r "$ROOT/usr/lib/debug/lib/modules"

# With a vmlinux (an ET_EXEC named vmlinux-R): exit 0, kernel descriptions.
mkdir -p "$ROOT/usr/lib/debug/boot"
gcc $CFLAGS -no-pie -DLISTING_MAIN -o "$ROOT/usr/lib/debug/boot/vmlinux-$R" \
	-Wl,-T,"$TOP/scripts/simple_marker-user.lds" listing.c
run marker-list -k "$R" --root "$ROOT"
is "$rc|$(awk '/^ +[0-9]+ / { print $2 }' "$TMP/out" | uniq | tr '\n' ' ')|$(cat "$TMP/err")" \
	"0|vmlinux mymod other_mod |" \
	"-k R --root with a vmlinux: vmlinux first, then the modules, exit 0"
is "$(awk '$2 == "vmlinux" && $4 == "caller"' "$TMP/out")" \
	"    5 vmlinux          listing_work             caller               caller \$fn" \
	"-k R --root: vmlinux is a kernel file (%pS takes its extension)"

# An unpacked -dbg package: no modules.dep, the modules under
# /usr/lib/debug/lib/modules/R (found by walking it, in path order), and
# without that directory those under /lib/modules/R.
DBG=$TMP/dbgroot
mkdir -p "$DBG/usr/lib/debug/boot" "$DBG/usr/lib/debug/lib/modules/$R/kernel/y" \
	"$DBG/usr/lib/debug/lib/modules/$R/kernel/x"
cp "$ROOT/usr/lib/debug/boot/vmlinux-$R" "$DBG/usr/lib/debug/boot/"
cp other-mod.ko "$DBG/usr/lib/debug/lib/modules/$R/kernel/y/"
cp mymod.ko "$DBG/usr/lib/debug/lib/modules/$R/kernel/x/"
ln -s /nonexistent "$DBG/usr/lib/debug/lib/modules/$R/build"
run marker-list -k "$R" --root "$DBG"
is "$rc|$(awk '/^ +[0-9]+ / { print $2 }' "$TMP/out" | uniq | tr '\n' ' ')|$(cat "$TMP/err")" \
	"0|vmlinux mymod other_mod |" \
	"-k R --root, no modules.dep: the -dbg tree's modules, walked"
# Module names too (the man page's own case): libkmod has no index there.
run marker-list -k "$R" --root "$DBG" mymod
is "$rc|$(rows | head -n 1)|$(cat "$TMP/err")" \
	"0|1 mymod listing_scale scaled|" \
	"-k R --root DBG mymod, no modules.dep: found by its file name"
run marker-list --json -k "$R" --root "$DBG" other_mod
is "$rc|$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["probes"][0]["path"])' "$TMP/out")|$(cat "$TMP/err")" \
	"0|$DBG/usr/lib/debug/lib/modules/$R/kernel/y/other-mod.ko|" \
	"-k R --root DBG other_mod, no modules.dep: '-' and '_' alike"
run marker-list -k "$R" --root "$DBG" nosuchmod
is "$rc|$(rows)|$(cat "$TMP/err")" \
	"1||marker-list: nosuchmod: no module 'nosuchmod' in $DBG/lib/modules/$R" \
	"-k R --root DBG nosuchmod, no modules.dep: not found, as with one"
rm -r "$DBG/usr/lib/debug/lib"
mkdir -p "$DBG/lib/modules/$R/kernel/y"
xz -c other-mod.ko > "$DBG/lib/modules/$R/kernel/y/other-mod.ko.xz"
run marker-list -k "$R" --root "$DBG"
is "$rc|$(awk '/^ +[0-9]+ / { print $2 }' "$TMP/out" | uniq | tr '\n' ' ')|$(cat "$TMP/err")" \
	"0|vmlinux other_mod |" \
	"-k R --root, no modules.dep nor debug tree: /lib/modules/R walked (.ko.xz)"

# A root whose path holds the release as a directory name.
RR=$TMP/$R
mkdir -p "$RR/lib/modules/$R/kernel/x"
cp mymod.ko "$RR/lib/modules/$R/kernel/x/"
depmod -b "$RR" "$R" 2>/dev/null
run marker-list -k "$R" --root "$RR" mymod
is "$rc|$(rows | head -n 1)|$(cat "$TMP/err")" \
	"0|1 mymod listing_scale scaled|" \
	"-k R --root DIR/R mymod: found though the root's path holds R"

cd "$TMP"
# ---- what is wrong with a kernel file's section (issue 10) ----
# vmlinux and module built without their fragments: the section allocated,
# a warning with the fix, still listed, exit 0.  A vmlinux without the
# section (a kernel without the series): the causes, exit 1.
mkdir -p "$TMP/kfiles/nomark"
gcc $CFLAGS -no-pie -DLISTING_MAIN -o "$TMP/kfiles/vmlinux" "$L/listing.c"
gcc $CFLAGS -DLISTING_MODULE='"rawmod"' -c "$L/listing.c" \
	-o "$TMP/kfiles/rawmod.ko"
printf 'int main(void) { return 0; }\n' > "$TMP/kfiles/plain.c"
gcc $CFLAGS -no-pie -o "$TMP/kfiles/nomark/vmlinux" "$TMP/kfiles/plain.c"
run marker-list "$TMP/kfiles/vmlinux" "$TMP/kfiles/rawmod.ko"
is "$rc|$(awk '/^ +[0-9]+ / { print $2 }' "$TMP/out" | uniq | tr '\n' ' ')|$(cat "$TMP/err")" \
	"0|vmlinux rawmod |marker-list: $TMP/kfiles/vmlinux: __simple_marker is allocated: the records are loaded with the kernel; give the section its line in the vmlinux linker script (ELF_DETAILS, kernel/patches/0002)
marker-list: $TMP/kfiles/rawmod.ko: __simple_marker is allocated: the records are loaded with the module; link it with -T scripts/simple_marker.lds (LDFLAGS_MODULE, as samples/Makefile does)" \
	"allocated section in vmlinux and a module: listed, one warning each with the fix, exit 0"
run marker-list "$TMP/kfiles/nomark/vmlinux"
is "$rc|$(cat "$TMP/err")" \
	"1|marker-list: $TMP/kfiles/nomark/vmlinux: no __simple_marker section: no marker was kept (CONFIG_SIMPLE_MARKERS unset, or a kernel without the simple-marker series)" \
	"vmlinux without the section: the likely causes, exit 1"
# A whole release (-k R alone) of a kernel without the series: its
# vmlinux is reported, the modules' markers listed, exit 0.
KR=$TMP/kfiles/root
mkdir -p "$KR/usr/lib/debug/boot" "$KR/lib/modules/9.9.9-k/kernel"
cp "$TMP/kfiles/nomark/vmlinux" "$KR/usr/lib/debug/boot/vmlinux-9.9.9-k"
gcc $CFLAGS -DLISTING_MODULE='"kmod1"' -c "$L/listing.c" -o "$TMP/kmod1.o"
ld -r -T "$TOP/scripts/simple_marker.lds" -o "$KR/lib/modules/9.9.9-k/kernel/kmod1.ko" \
	"$TMP/kmod1.o"
run marker-list -k 9.9.9-k --root "$KR"
is "$rc|$(awk '/^ +[0-9]+ / { print $2 }' "$TMP/out" | uniq | tr '\n' ' ')|$(cat "$TMP/err")" \
	"0|kmod1 |marker-list: $KR/usr/lib/debug/boot/vmlinux-9.9.9-k: no __simple_marker section: no marker was kept (CONFIG_SIMPLE_MARKERS unset, or a kernel without the simple-marker series)" \
	"-k R alone, vmlinux without the series: reported, modules listed, exit 0"

done_testing
