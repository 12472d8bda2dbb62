#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-list on inputs that are not what they should be: not ELF, empty,
# truncated, broken section headers, broken compression, no markers,
# corrupt records (patched in a copy of examples/shop), missing paths,
# usage errors, a bad file next to a good one, no debuginfo.  Each case
# checks the exit status, stdout and the exact stderr line.
. "$(dirname "$0")/lib/tap.sh"

for t in gcc python3 readelf strip mkfifo timeout; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/marker-list/marker-list" ] ||
	skip_all "tools/marker-list/marker-list not built (make)"

plan 37

CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"
HEADER="   ID MODULE           FUNCTION                 NAME                 DESCRIPTION"

rows() {
	awk '/^ +[0-9]+ / { print $1, $2, $3, $4 }' "${1:-$TMP/out}"
}

cd "$TMP"
(cd "$TOP/examples" && gcc $CFLAGS -o "$TMP/shop" shop.c)
SHOP_ROWS="1 shop line_total line_total;2 shop find_item item_missing;3 shop order_place order_begin;4 shop order_place order_short;5 shop order_place order_done;6 shop main shop_closed;"

# ---- not ELF, empty, truncated ----
printf 'just text\n' > text
run marker-list text
is "$rc|$(cat out)|$(cat err)" "1|$HEADER|marker-list: text: not an ELF file" \
	"not an ELF file: exit 1, header only, one error line"
: > empty
run marker-list empty
is "$rc|$(cat err)" "1|marker-list: empty: not an ELF file" "empty file"
head -c 40 shop > short40
run marker-list short40
is "$rc|$(cat err)" "1|marker-list: short40: not an ELF file" \
	"40 bytes of an ELF header"
head -c 3000 shop > trunc
run marker-list trunc
case $(cat err) in
"marker-list: trunc: bad section headers: "*) r=ok ;;
*) r=$(cat err) ;;
esac
is "$rc|$r" "1|ok" "truncated ELF (head -c 3000): bad section headers"

# A section that claims more bytes than the file has.
cp shop bigsec
python3 - bigsec <<'EOF'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
shoff, = struct.unpack_from("<Q", d, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)
stroff, = struct.unpack_from("<Q", d, shoff + shstrndx * shentsize + 0x18)
for i in range(shnum):
    o = shoff + i * shentsize
    name, = struct.unpack_from("<I", d, o)
    if d[stroff + name:d.index(b"\0", stroff + name)] == b"__simple_marker":
        struct.pack_into("<Q", d, o + 0x20, 0x7fffffff)
open(sys.argv[1], "wb").write(d)
EOF
run marker-list bigsec
case $(cat err) in
"marker-list: bigsec: __simple_marker: "*) r=ok ;;
*) r=$(cat err) ;;
esac
is "$rc|$(cat out)|$r" "1|$HEADER|ok" \
	"__simple_marker larger than the file: an error naming the section"

# ---- broken compression ----
gzip -c shop | head -c 2000 > trunc.ko.gz
run marker-list trunc.ko.gz
is "$rc|$(cat err)" "1|marker-list: trunc.ko.gz: gzip data: truncated or corrupt" \
	"truncated gzip"
gzip -c text > text.ko.gz
run marker-list text.ko.gz
is "$rc|$(cat err)" \
	"1|marker-list: text.ko.gz: not an ELF file (after decompression)" \
	"gzip of a text file"
if command -v xz >/dev/null; then
	xz -c shop | head -c 3000 > trunc.ko.xz
	run marker-list trunc.ko.xz
	is "$rc|$(cat err)" \
		"1|marker-list: trunc.ko.xz: xz data: truncated or corrupt" \
		"truncated xz"
else
	skip "xz not found"
fi
printf '\050\265\057\375junkjunk' > junk.ko.zst
run marker-list junk.ko.zst
case $(cat err) in
"marker-list: junk.ko.zst: zstd data: "*) r=ok ;;
*) r=$(cat err) ;;
esac
is "$rc|$r" "1|ok" "zstd magic, then junk"

# ---- no __simple_marker section ----
# A file named on the command line without markers (nor SDT notes): the
# likely causes on stderr, exit 1 (issue 10: it was silent, exit 0).
printf 'int main(void) { return 0; }\n' > nomark.c
gcc $CFLAGS -o nomark nomark.c
NOSEC="marker-list: nomark: no __simple_marker section: no marker was compiled in (built with -DSIMPLE_MARKERS=0, or from sources without trace_simple()), or the section was stripped"
run marker-list nomark
is "$rc|$(cat out)|$(cat err)" "1|$HEADER|$NOSEC" \
	"no __simple_marker section: no rows, the likely causes, exit 1"
run marker-list -v nomark
is "$rc|$(cat out)|$(cat err)" "1|$HEADER|$NOSEC" \
	"no __simple_marker section: -v says the same"
run marker-list --json nomark
is "$rc|$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1])))' out)|$(cat err)" \
	"1|{'version': 1, 'probes': []}|$NOSEC" \
	"no __simple_marker section: --json is a valid empty list, exit 1"

# ---- corrupt records ----
# Overwrite the first byte of order_done's name with '-' and order_begin's
# size with 0xfff0 in a copy; print their offsets in the section.
cp shop corrupt
python3 - corrupt > offsets <<'EOF'
import re, struct, subprocess, sys
path = sys.argv[1]
out = subprocess.run(["readelf", "-W", "-S", path], capture_output=True,
                     text=True).stdout
for l in out.splitlines():
    m = re.search(r"\] __simple_marker\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", l)
    if m:
        off, size = int(m.group(1), 16), int(m.group(2), 16)
d = bytearray(open(path, "rb").read())
rec, o = {}, 0
while o + 16 <= size:
    if d[off + o:off + o + 4] != b"SMKR":
        o += 4
        continue
    n = off + o + 16
    rec[d[n:d.index(b"\0", n)].decode()] = o
    o += struct.unpack_from("<H", d, off + o + 6)[0]
d[off + rec["order_done"] + 16] = ord("-")
struct.pack_into("<H", d, off + rec["order_begin"] + 6, 0xfff0)
open(path, "wb").write(d)
print("%#x %#x" % (rec["order_done"], rec["order_begin"]))
EOF
read done_off begin_off < offsets
run marker-list corrupt
is "$rc|$(rows | tr '\n' ';')" \
	"0|1 corrupt line_total line_total;2 corrupt find_item item_missing;3 corrupt order_place order_short;4 corrupt main shop_closed;" \
	"corrupt records: the other markers still listed, exit 0"
is "$(sort err)" "$(sort <<EOF
marker-list: warning: corrupt: __simple_marker+$done_off: marker name is not a C identifier, record skipped
marker-list: warning: corrupt: __simple_marker+$begin_off: record size out of bounds, record skipped
marker-list: warning: corrupt: DWARF variable __smk_order_done points at __simple_marker+$done_off, where no valid record starts
marker-list: warning: corrupt: DWARF variable __smk_order_begin points at __simple_marker+$begin_off, where no valid record starts
EOF
)" "corrupt records: warnings name the file, offset and reason"
run marker-list --json corrupt
is "$rc|$(python3 -c 'import json, sys
print(" ".join(p["name"] for p in json.load(open(sys.argv[1]))["probes"]))' out)" \
	"0|line_total item_missing order_short shop_closed" \
	"corrupt records: --json still valid, the other markers in it"

# ---- paths that do not exist ----
run marker-list "$TMP/nope/shop"
is "$rc|$(cat out)|$(cat err)" \
	"1|$HEADER|marker-list: $TMP/nope/shop: No such file or directory" \
	"nonexistent path: exit 1, the path in the message"
run marker-list nope.ko
is "$rc|$(cat err)" "1|marker-list: nope.ko: No such file or directory" \
	"nonexistent file name with a dot"
mkdir -p kroot/lib/modules/9.9.9-none
: > kroot/lib/modules/9.9.9-none/modules.dep
run marker-list -k 9.9.9-none --root kroot nope
is "$rc|$(cat err)" \
	"1|marker-list: nope: no module 'nope' in kroot/lib/modules/9.9.9-none" \
	"a bare word is a module name: not found"
cp shop unreadable
chmod 000 unreadable
# Root reads files whatever their mode: drop the capabilities that let it
# (setpriv, util-linux), so the mode is what decides, as for a user.
as_user=
[ "$(id -u)" = 0 ] &&
	as_user="setpriv --bounding-set=-dac_override,-dac_read_search"
run $as_user marker-list unreadable
is "$rc|$(cat err)" "1|marker-list: unreadable: Permission denied" \
	"unreadable file: exit 1, the path in the message"

# ---- usage ----
run marker-list
is "$rc|$(head -n 2 err)|$(cat out)" \
	"2|marker-list: no input: give files, directories, module names or -k RELEASE
usage: marker-list [options] [FILE|DIR|MODULE]...|" "no arguments: exit 2, usage on stderr"
run marker-list --bogus shop
is "$rc|$(head -n 2 err)|$(cat out)" \
	"2|marker-list: unrecognized option '--bogus'
usage: marker-list [options] [FILE|DIR|MODULE]...|" \
	"unknown option: exit 2, nothing listed"
run marker-list shop -n
is "$rc|$(head -n 1 err)" "2|marker-list: option requires an argument -- 'n'" \
	"option without its argument: exit 2"
run marker-list --help
is "$rc|$(head -n 1 out)|$(cat err)" \
	"0|usage: marker-list [options] [FILE|DIR|MODULE]...|" \
	"--help: usage on stdout, exit 0"

# ---- one bad file, one good ----
run marker-list text shop
is "$rc|$(rows | tr '\n' ';')|$(cat err)" \
	"1|$SHOP_ROWS|marker-list: text: not an ELF file" \
	"bad then good: the good one listed, exit 1"
run marker-list shop "$TMP/nope"
is "$rc|$(rows | tr '\n' ';')|$(cat err)" \
	"1|$SHOP_ROWS|marker-list: $TMP/nope: No such file or directory" \
	"good then missing: the good one listed, exit 1"
run marker-list --json text shop
is "$rc|$(python3 -c 'import json, sys
print(len(json.load(open(sys.argv[1]))["probes"]))' out)" "1|6" \
	"bad and good with --json: valid JSON with the good one"

# ---- no debuginfo ----
strip -g -o nodebug shop
is "$(readelf -S nodebug | grep -c -e '\.debug_info' -e __simple_marker)" "1" \
	"strip -g: no .debug_info, __simple_marker kept"
run marker-list nodebug
is "$rc|$(rows | tr '\n' ';')" \
	"0|1 nodebug - line_total;2 nodebug - item_missing;3 nodebug - order_begin;4 nodebug - order_short;5 nodebug - order_done;6 nodebug - shop_closed;" \
	"no debuginfo: every marker listed, FUNCTION -"
case $(cat err) in
"marker-list: nodebug: no debuginfo: "*"; functions unknown") r=ok ;;
*) r=$(cat err) ;;
esac
is "$r" ok "no debuginfo: one line on stderr says so"
run marker-list --json nodebug
is "$rc|$(python3 -c 'import json, sys
ps = json.load(open(sys.argv[1]))["probes"]
print(len(ps), set(p["function"] for p in ps), set(len(p["instances"]) for p in ps),
      set(p["reason"].startswith("no debuginfo: ") for p in ps),
      set(p["line"] for p in ps if p["name"] == "order_begin"))' out)|$(cat err)" \
	"0|6 {None} {0} {True} {53}|" \
	"no debuginfo: --json function null, no instances, a reason; line from the record"
strip --strip-all -o stripped shop
run marker-list stripped
is "$rc|$(rows | wc -l)|$(rows | awk '{ print $3 }' | sort -u)" "0|6|-" \
	"strip --strip-all: the allocated section survives, markers listed"

# ---- the source marker-resolve reads (source.c): present, gone, hostile ----
# A marker alone in an if's arm: the compiler drops the arm, and only the
# source shows the marker was conditional.
mkdir src && cat > src/arm.c <<'EOF'
#include <linux/simple_marker.h>
volatile int sink;
__attribute__((noinline)) void note(unsigned int flags)
{
	if (flags & 4)
		trace_simple(arm_four, "%x", flags);
	sink = flags;
}
int main(int argc, char **argv)
{
	(void)argv;
	note(argc);
	return 0;
}
EOF
(cd src && gcc $CFLAGS -o ../arm arm.c)
verdict() {
	run timeout 20 "$TOP/tools/resolve/marker-resolve" --format=json arm
	printf '%s|' "$rc"
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))["markers"][0]
print(m["verdict"], m["rule"], sep="|")' "$TMP/out" 2>/dev/null
}
is "$(verdict)" "0|approximated|conditional arm without code" \
	"source at hand: a marker alone in an arm is approximated"
mv src/arm.c src/arm.c.away
is "$(verdict)" "0|exact|marker line" \
	"source gone: the arm cannot be seen (documented), no error"
mkfifo src/arm.c
is "$(verdict)" "0|exact|marker line" \
	"the source path is a FIFO: not read, no hang"
rm src/arm.c
head -c 100000 /dev/urandom > src/arm.c
is "$(verdict)" "0|exact|marker line" \
	"the source path holds random bytes: no crash, the marker not found there"
rm src/arm.c
{ cat src/arm.c.away; printf '/* unterminated "\n{{{{((((\n'; } > src/arm.c
is "$(verdict)" "0|approximated|conditional arm without code" \
	"an unterminated comment after the marker: the marker still found"

# ---- a module without relocations against its code ----
# With -fno-asynchronous-unwind-tables a loop's module has no RELA section
# against an allocated section (no .eh_frame): the relocation index is
# empty.  It used to qsort(NULL, 0, ...), which the sanitized build (CI's
# second pass) aborts on.
cd "$TMP"
printf '%s\n' '#include <linux/simple_marker.h>' \
	'static const char mi[] __attribute__((used, section(".modinfo"))) = "name=nore";' \
	'int nore(int n) { int s = 0; for (int i = 0; i < n; i++) {' \
	'	trace_simple(nore_step, "i=%d", i); s += i * i; } return s; }' \
	> nore.c
gcc -O2 -g -fno-asynchronous-unwind-tables -I"$TOP/include" -c nore.c \
	-o nore.o && ld -r -T "$TOP/scripts/simple_marker.lds" -o nore.ko nore.o
run marker-resolve --format=json nore.ko
is "$rc|$(readelf -SW nore.ko | grep -c '\.rela\.text')|$(python3 -c 'import json, sys
print([m["name"] for m in json.load(open(sys.argv[1]))["markers"]])' out 2>&1)" \
	"0|0|['nore_step']" \
	"a module without RELA against its code: placed, no crash"

done_testing
