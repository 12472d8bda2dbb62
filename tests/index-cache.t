#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The symbolizer's index cache (tools/lib/smk/symcache.h, marker-resolve
# index): a binary's unit indexes kept on disk by build-id and read back
# instead of the DWARF.
#
# Answers: every byte of the code looked up from the cache file against
# libdw's reference path (tests/unit/symlines ... cache), on programs and a
# shared library built here (gcc and clang -O2, DWARF 4 and 5, clang
# without .debug_aranges) and on four files of libsmk (units of thousands
# of rows); a sample module (relocatable: its layout) through addr2line,
# cache against no cache.  The file: where it goes (by build-id, private
# directory), what --status says, --index-cache writing a missing one,
# --no-index-cache.  Refused, and the answers unchanged: blobs with bits
# flipped (checksums), a truncated file, another build's file under the
# same build-id, another version's layout, a file writable by others or
# not ours.  Failures named: no build-id, no cache directory, a directory
# we cannot write.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/samples.sh"
. "$(dirname "$0")/fixtures/symbolize/build.sh"

for t in gcc clang python3 readelf pkg-config; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] && [ -x "$TOP/tests/unit/symlines" ] ||
	skip_all "marker-resolve or tests/unit/symlines not built (make check builds them)"

plan 44

FX=$TOP/tests/fixtures/symbolize
MR=$TOP/tools/resolve/marker-resolve
SMK=$TOP/tools/lib/smk
W="-Wall -Wextra -Werror"
export SMK_INDEX_CACHE_DIR="$TMP/cache"
cd "$TMP"

build_fixture gcc2 gcc -O2 -g &&
build_fixture gcc2d4 gcc -O2 -gdwarf-4 &&
build_fixture clang2 clang -O2 -g -gdwarf-aranges &&
build_fixture clang2na clang -O2 -g
ok "fixtures built: gcc and clang -O2, DWARF 4 and 5, clang without .debug_aranges" test $? = 0

# buildid FILE: the GNU build-id note, in hex
buildid() {
	readelf -n "$1" | awk '/Build ID:/ { print $3 }'
}

# ---- answers from the cache: libdw's, at every address ----
for f in prog-gcc2 libgcc2.so prog-gcc2d4 prog-clang2 prog-clang2na; do
	"$TOP/tests/unit/symlines" "$f" 1 cache > "sl-$f.txt" 2>&1
	is "$(sed -n 's/^cache: [0-9]* units written, \([0-9]*\) read.*/\1/p' "sl-$f.txt" | awk '{ print ($1 > 0) }')|$(tail -n 1 "sl-$f.txt" | sed 's/checked [0-9]*, //')" \
		"1|differ 0" "$f: units read from the cache file, libdw's answers at every address"
	grep -v '^checked\|^cache' "sl-$f.txt" | head -n 3 | while IFS= read -r l; do
		diag "$l"; done
done
for c in "gcc -gdwarf-4" "clang -gdwarf-5"; do
	$c -O2 -D_GNU_SOURCE -fPIC -shared -I"$TOP/tools/lib" -I"$SMK" \
		$(pkg-config --cflags libdw) -o big.so "$SMK/placement.c" \
		"$SMK/cfg.c" "$SMK/fetch.c" "$SMK/source.c" 2>/dev/null &&
	"$TOP/tests/unit/symlines" big.so 1 cache > sl-big.txt 2>&1
	is "$(awk '/^checked/ { print ($2 > 100000) " " $4 }' sl-big.txt)|$(grep -c '^cache: [0-9]* units written, [1-9]' sl-big.txt)" \
		"1 0|1" "libsmk, $c -O2: from the cache file, libdw's answers at every address"
	grep -v '^checked\|^cache' sl-big.txt | head -n 3 | while IFS= read -r l; do
		diag "$l"; done
done

# ---- the file and the commands ----
rm -rf cache
ID=$(buildid prog-gcc2)
run "$MR" index --status prog-gcc2
is "$rc|$(cat out)" "1|prog-gcc2: no index cache used: no index cache file" \
	"index --status before: no file, exit 1"
run "$MR" index prog-gcc2
case $(cat out) in
"prog-gcc2: "[0-9]*" units, "[0-9]*" bytes, "*" s: $TMP/cache/$ID.smkidx") r=named ;;
*) r=$(cat out) ;;
esac
is "$rc|$r" "0|named" "index: written under the build-id, units, bytes and time said"
is "$(stat -c %a cache) $(stat -c %a "cache/$ID.smkidx")" "700 644" \
	"the cache directory is private, the file read-only to others"
is "$(ls cache | grep -c tmp)" 0 "no temporary file left behind"
run "$MR" index --status prog-gcc2
is "$rc|$(cat out)" "0|prog-gcc2: index cache used" "index --status after: used, exit 0"
run "$MR" index --status --no-index-cache prog-gcc2
is "$rc|$(cat out)" "1|prog-gcc2: no index cache used: index cache off" \
	"--no-index-cache: not read"

# addr2line's answers with and without the cache, on every row start and
# some random addresses (the comparison helper's addresses)
python3 "$FX/compare.py" addrs prog-gcc2 --random 300 --seed 2 > a.addrs
"$MR" addr2line --no-index-cache -f -i -a -e prog-gcc2 < a.addrs > nocache.txt
"$MR" addr2line -f -i -a -e prog-gcc2 < a.addrs > cache.txt
golden nocache.txt cache.txt "addr2line: the same text from the cache file"
ok "... on $(wc -l < a.addrs) addresses" test "$(wc -l < a.addrs)" -gt 200

rm -rf cache
"$MR" addr2line --index-cache -f -i -a -e prog-gcc2 < a.addrs > written.txt
golden nocache.txt written.txt "addr2line --index-cache: the same answers"
ok "addr2line --index-cache wrote the missing file" test -f "cache/$ID.smkidx"

# ---- damaged or foreign files: refused, answers unchanged ----
F=cache/$ID.smkidx
cp "$F" good.smkidx
python3 - "$F" <<'EOF'
import random, sys
f = sys.argv[1]
b = bytearray(open(f, 'rb').read())
r = random.Random(5)
# bits flipped in the blobs, between the header and the directory
dir_off = int.from_bytes(b[160:168], 'little')
for _ in range(200):
    i = r.randrange(176, dir_off)
    b[i] ^= 1 << r.randrange(8)
open(f, 'wb').write(b)
EOF
"$MR" addr2line -f -i -a -e prog-gcc2 < a.addrs > flipped.txt
golden nocache.txt flipped.txt "bits flipped in the blobs: checksums refuse them, the same answers"
"$TOP/tests/unit/symlines" prog-gcc2 1 > sl-flip.txt 2>&1
is "$(tail -n 1 sl-flip.txt | sed 's/checked [0-9]*, //')" "differ 0" \
	"... and libdw's answers at every address"

head -c $(($(stat -c %s good.smkidx) / 2)) good.smkidx > "$F"
run "$MR" index --status prog-gcc2
is "$rc|$(cat out)" "1|prog-gcc2: no index cache used: index cache file: directory not where the header says" \
	"a truncated file: not read, said why"
"$MR" addr2line -f -i -a -e prog-gcc2 < a.addrs > trunc.txt
golden nocache.txt trunc.txt "... the same answers"

# another version's layout word (offset 80 of the header)
python3 - good.smkidx "$F" <<'EOF'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
b[80] ^= 0xff
open(sys.argv[2], 'wb').write(b)
EOF
run "$MR" index --status prog-gcc2
is "$rc|$(cat out)" "1|prog-gcc2: no index cache used: index cache file: made from another build or by another version" \
	"another version's layout: not read"

# blobs wrong inside under a right checksum (only a deliberate writer
# makes them): every index load_unit() follows is checked on its own
for k in row-file span-scope parent-loop name-off sub-index counts; do
	n=$(python3 "$FX/cache_mutate.py" good.smkidx "$F" $k)
	"$MR" addr2line -f -i -a -e prog-gcc2 < a.addrs > mut.txt 2> mut.err
	is "$(cmp -s nocache.txt mut.txt && echo same)|$(test "${n:-0}" -gt 0 && echo changed)|$(wc -c < mut.err)" \
		"same|changed|0" "$k in every blob, checksums right: refused, the same answers"
done

# the same build-id on another build: the DWARF differs, so the key does
BID=0x5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed
gcc -O2 -g -Wl,--build-id=$BID -o same1 "$FX/prog.c" "$FX/util.c" \
	"$FX/alias.S" ./libgcc2.so &&
gcc -O0 -g -Wl,--build-id=$BID -o same2 "$FX/prog.c" "$FX/util.c" \
	"$FX/alias.S" ./libgcc2.so
"$MR" index same1 > /dev/null
run "$MR" index --status same2
is "$rc|$(cat out)" "1|same2: no index cache used: index cache file: made from another build or by another version" \
	"another build under the same build-id (other DWARF): not read"
python3 "$FX/compare.py" addrs same2 > s2.addrs
"$MR" addr2line --no-index-cache -f -i -a -e same2 < s2.addrs > s2-nocache.txt
"$MR" addr2line -f -i -a -e same2 < s2.addrs > s2-cache.txt
golden s2-nocache.txt s2-cache.txt "... its own answers, not the other build's"

cp good.smkidx "$F"
chmod 664 "$F"
run "$MR" index --status prog-gcc2
is "$rc|$(cat out)" "1|prog-gcc2: no index cache used: index cache file: not owned by us, or writable by others" \
	"a file others may write: not read"
chmod 644 "$F"
if [ "$(id -u)" = 0 ]; then
	chown 65534 "$F"
	run "$MR" index --status prog-gcc2
	is "$rc|$(cat out)" "1|prog-gcc2: no index cache used: index cache file: not owned by us, or writable by others" \
		"a file owned by another user: not read"
	chown 0 "$F"
else
	skip "not root: cannot give the file to another user"
fi

# ---- failures, named ----
gcc -O2 -g -Wl,--build-id=none -o noid "$FX/prog.c" "$FX/util.c" \
	"$FX/alias.S" ./libgcc2.so
run "$MR" index noid
is "$rc|$(cat out)|$(cat err)" \
	"1||marker-resolve: index: noid: no build-id: an index cache file is keyed by it" \
	"no build-id: exit 1, named"
run "$MR" addr2line -f -e noid 0x1000
is "$rc" 0 "... and addr2line still answers without a cache"
gcc -O2 -o nodwarf "$FX/prog.c" "$FX/util.c" "$FX/alias.S" ./libgcc2.so
run "$MR" index nodwarf
case $(cat err) in
"marker-resolve: index: nodwarf: no debuginfo"*) r=named ;;
*) r=$(cat err) ;;
esac
is "$rc|$(cat out)|$r" "1||named" "no DWARF: exit 1, named"
run "$MR" index --status nodwarf
case $(cat out) in
"nodwarf: no index cache used: no debuginfo"*) r=said ;;
*) r=$(cat out) ;;
esac
is "$rc|$r" "1|said" "index --status without DWARF: says so"
run env -u SMK_INDEX_CACHE_DIR -u XDG_CACHE_HOME -u HOME "$MR" index prog-gcc2
is "$rc|$(cat err)" \
	"1|marker-resolve: index: prog-gcc2: index cache: no index cache directory: set SMK_INDEX_CACHE_DIR, XDG_CACHE_HOME or HOME" \
	"no cache directory at all: exit 1, said what to set"
printf 'x' > notadir
run env SMK_INDEX_CACHE_DIR="$TMP/notadir/sub" "$MR" index prog-gcc2
case $(cat err) in
"marker-resolve: index: prog-gcc2: index cache: $TMP/notadir/sub: cannot make the index cache directory: "*) r=named ;;
*) r=$(cat err) ;;
esac
is "$rc|$r" "1|named" "a directory that cannot be made: exit 1, named"
A5=$(sed -n 5p a.addrs)
"$MR" addr2line --no-index-cache -f -e prog-gcc2 "$A5" > want5.txt
run env SMK_INDEX_CACHE_DIR="$TMP/notadir/sub" "$MR" addr2line --index-cache -f -e prog-gcc2 "$A5"
is "$rc|$(cmp -s want5.txt out && echo same)|$(grep -c 'warning: prog-gcc2: index cache: .*cannot make the index cache directory' err)" \
	"0|same|1" "addr2line --index-cache that cannot write: a warning, the same answer"
run "$MR" index
is "$rc" 2 "index without a FILE: exit 2"
run "$MR" index nope
is "$rc|$(cat err)" "1|marker-resolve: index: nope: No such file or directory" \
	"index of a missing file: exit 1, named"

# ---- a relocatable file: a sample module, built here ----
build_samples "$TMP/kbuild"
why=$samples_why
[ -z "$why" ] && [ ! -f "$TMP/kbuild/samples/smk_sample.ko" ] &&
	why="smk_sample.ko not built"
if [ -n "$why" ]; then
	skip "$why"
	skip "$why"
else
	K=$TMP/kbuild/samples/smk_sample.ko
	python3 "$FX/compare.py" addrs "$K" > k.addrs
	"$MR" addr2line --no-index-cache -f -i -a -e "$K" < k.addrs > k-nocache.txt
	"$MR" index "$K" > /dev/null
	"$MR" addr2line -f -i -a -e "$K" < k.addrs > k-cache.txt
	golden k-nocache.txt k-cache.txt "smk_sample.ko: the same answers from the cache file (every instruction)"
	is "$("$MR" index --status "$K" | sed 's|.*: ||')" "index cache used" \
		"... which was used"
fi

done_testing
