# SPDX-License-Identifier: GPL-2.0 OR MIT
# The body of tests/kernel-patches.t (6.1) and tests/kernel-patches-6.12.t:
# the in-tree series for KVER (set by the caller, 6.1 or 6.12; the series
# in kernel/patches or kernel/patches-$KVER) against Debian's
# linux-source-$KVER:
#
#  1. linux-source-$KVER from scripts/linux-source.sh ($SMK_CACHE, default
#     ~/.cache/simple-marker), reused when present; skip when it cannot be
#     had.  Only the files the series touches, the headers the series'
#     header includes and what checkpatch.pl reads are taken out of its
#     .tar.xz (the whole tree would take too long);
#  2. each patch applies in order (patch -p1 --dry-run, then for real);
#  3. checkpatch.pl --strict --no-tree of that tree on each patch:
#     0 errors, 0 warnings (CHECKs are shown, not failed);
#  4. the series' header has the same record layout as the repo's
#     include/linux/simple_marker.h (header struct, constants, initializer)
#     and, compiled on a sample, emits byte-identical records;
#  5. kernel/apply.sh -v $KVER on a fresh copy gives the same tree, refuses
#     a second run (exit 1), and leaves a tree that does not take the
#     series alone.
# Source after setting KVER, from the .t file (tap.sh is sourced here).
. "$(dirname "$0")/lib/tap.sh"

for t in patch perl tar xz dpkg-deb; do
	command -v $t > /dev/null || skip_all "$t not installed"
done
case $KVER in
6.1) P=$TOP/kernel/patches ;;
*) P=$TOP/kernel/patches-$KVER ;;
esac
set -- "$P"/000[1-9]-*.patch
[ -f "$1" ] || { plan 1; _tap_result 1 "patches in $P"; exit 1; }
series="$*"
npatch=$#

# 1. the source package
deb=$(sh "$TOP/scripts/linux-source.sh" "$KVER" 2> "$TMP/src.err") ||
	skip_all "$(cat "$TMP/src.err")"
dpkg-deb --fsys-tarfile "$deb" |
	tar -x -C "$TMP" "./usr/src/linux-source-$KVER.tar.xz" ||
	skip_all "no linux-source-$KVER.tar.xz in $deb"
txz=$TMP/usr/src/linux-source-$KVER.tar.xz

# Existing files the series modifies (new files have --- /dev/null).
files=$(sed -n 's|^--- a/||p' $series | sort -u)
# The kernel headers the series' header includes, but <linux/compiler.h>,
# which is stubbed below (it pulls in half the tree).
incs=$(sed -n 's|^+#include <\(linux/[a-z_]*\.h\)>$|include/\1|p' $series |
       grep -vx include/linux/compiler.h | grep -v simple_marker | sort -u)
members=
for f in $files $incs Makefile scripts/checkpatch.pl scripts/spelling.txt \
	 scripts/const_structs.checkpatch; do
	members="$members linux-source-$KVER/$f"
done
tar -xJf "$txz" -C "$TMP" $members || {
	plan 1; _tap_result 1 "extract $members from $txz"; exit 1; }
rm -f "$txz"
SRC=$TMP/linux-source-$KVER
cp -a "$SRC" "$TMP/orig"

plan $((npatch * 2 + 6))

# 2. each patch applies in order
for p in $series; do
	n=${p##*/}
	if (cd "$SRC" && patch -p1 -f -s --dry-run < "$p" &&
	    patch -p1 -f -s --no-backup-if-mismatch < "$p") > "$TMP/out" 2>&1; then
		_tap_result 0 "applies: $n"
	else
		_tap_result 1 "applies: $n"
		diag "$(cat "$TMP/out")"
	fi
done

# 3. checkpatch
for p in $series; do
	n=${p##*/}
	perl "$SRC/scripts/checkpatch.pl" --strict --no-tree --color=never \
		"$p" > "$TMP/cp" 2>&1
	total=$(grep '^total:' "$TMP/cp")
	case $total in
	"total: 0 errors, 0 warnings,"*)
		_tap_result 0 "checkpatch --strict: $n ($total)"
		grep -q '^CHECK' "$TMP/cp" && diag "$(grep '^CHECK' "$TMP/cp")" ;;
	*)
		_tap_result 1 "checkpatch --strict: $n (${total:-no total})"
		diag "$(cat "$TMP/cp")" ;;
	esac
done

# 4. same record layout as the repo's header
KH=$SRC/include/linux/simple_marker.h
UH=$TOP/include/linux/simple_marker.h
layout() {
	sed -n '/^struct simple_marker_header {/,/^};/p' "$1"
	grep -E '^#define SIMPLE_MARKER_(VERSION|MAX_ARGS|F_EXACT)' "$1"
	# The argument count: the repo's own __SMK_NARGS or, from 6.12 on,
	# the kernel's COUNT_ARGS() (<linux/args.h>, since 6.7): the same
	# number, written as the repo writes it.
	grep -E "'S', 'M', 'K', 'R'|SIMPLE_MARKER_VERSION,|(__SMK_NARGS\(_, ##__VA_ARGS__\)|COUNT_ARGS\(__VA_ARGS__\)), sizeof|__LINE__,|sizeof\(__SMK_STRINGS\(name, fmt, ##__VA_ARGS__\)\) - 1|\(flags\) \}" "$1" |
		sed 's/[[:space:]]*\\$//
		     s/COUNT_ARGS(__VA_ARGS__), sizeof/__SMK_NARGS(_, ##__VA_ARGS__), sizeof/'
}
if [ -f "$KH" ]; then
	layout "$UH" > "$TMP/layout.repo"
	layout "$KH" > "$TMP/layout.kernel"
	if [ "$(wc -l < "$TMP/layout.repo")" -ge 16 ]; then
		golden "$TMP/layout.repo" "$TMP/layout.kernel" \
			"series header: record layout as in include/linux/simple_marker.h"
	else
		_tap_result 1 "series header: record layout (layout lines not found)"
		diag "$(cat "$TMP/layout.repo")"
	fi
else
	_tap_result 1 "series header: $KH exists"
fi

# ... and the same bytes for the same markers.
if command -v gcc > /dev/null && command -v objcopy > /dev/null && [ -f "$KH" ]; then
	mkdir -p "$TMP/stub/linux" "$TMP/kinc/linux"
	cp "$KH" "$TMP/kinc/linux/"
	for f in $incs; do cp "$SRC/$f" "$TMP/kinc/linux/"; done
	cat > "$TMP/stub/linux/compiler.h" <<-'STUB'
	#define __printf(a, b) __attribute__((__format__(printf, a, b)))
	#define __used __attribute__((__used__))
	#define __aligned(x) __attribute__((__aligned__(x)))
	#define __section(s) __attribute__((__section__(s)))
	STUB
	cat > "$TMP/m.c" <<-'SRC'
	#include <linux/simple_marker.h>
	struct file;
	long f(struct file *file, long long *pos, unsigned long count, long ret,
	       int nr, unsigned long long clone_flags)
	{
		trace_simple(vfs_read_done, "file=%p pos=%p count=%zu ret=%zd",
			     file, pos, count, ret);
		trace_simple(kernel_clone_done, "pid=%d flags=%#llx", nr,
			     clone_flags);
		trace_simple(bare, "no arguments");
		trace_simple(many, "%d %d %d %d %d %d %d %d %d %d %d %d", nr, nr,
			     nr, nr, nr, nr, nr, nr, nr, nr, nr, nr);
		return ret;
	}
	SRC
	if (cd "$TMP" &&
	    gcc -Wall -Werror -O2 -c -D__KERNEL__ -DCONFIG_SIMPLE_MARKERS \
		-Istub -Ikinc m.c -o k.o &&
	    gcc -Wall -Werror -O2 -c -DSIMPLE_MARKERS=1 -I"$TOP/include" \
		m.c -o u.o &&
	    objcopy -O binary -j __simple_marker k.o k.bin &&
	    objcopy -O binary -j __simple_marker u.o u.bin &&
	    [ -s k.bin ] && cmp k.bin u.bin) > "$TMP/out" 2>&1; then
		_tap_result 0 "series header emits the same record bytes as the repo's"
	else
		_tap_result 1 "series header emits the same record bytes as the repo's"
		diag "$(cat "$TMP/out")"
	fi
else
	skip "no gcc/objcopy to compare record bytes"
fi

# 5. kernel/apply.sh
cp -a "$TMP/orig" "$TMP/fresh"
"$TOP/kernel/apply.sh" -v "$KVER" "$TMP/fresh" > "$TMP/out" 2>&1
rc=$?
is "$rc" 0 "apply.sh applies the series to a fresh copy"
[ "$rc" = 0 ] || diag "$(cat "$TMP/out")"
if diff -r "$SRC" "$TMP/fresh" > "$TMP/out" 2>&1; then
	_tap_result 0 "apply.sh gives the same tree as the patches applied in order"
else
	_tap_result 1 "apply.sh gives the same tree as the patches applied in order"
	diag "$(head -n 40 "$TMP/out")"
fi
"$TOP/kernel/apply.sh" -v "$KVER" "$TMP/fresh" > "$TMP/out" 2>&1
rc=$?
is "$rc" 1 "apply.sh refuses a second application"
grep -q 'already applied' "$TMP/out" || diag "$(cat "$TMP/out")"

# A tree the last patch does not fit: nothing may be applied.
cp -a "$TMP/orig" "$TMP/other"
sed -i 's/inc_syscw(current)/inc_syscw_other(current)/' "$TMP/other/fs/read_write.c"
cp -a "$TMP/other" "$TMP/other.before"
"$TOP/kernel/apply.sh" -v "$KVER" "$TMP/other" > "$TMP/out" 2>&1
rc=$?
if [ "$rc" = 1 ] && diff -r "$TMP/other.before" "$TMP/other" > /dev/null 2>&1; then
	_tap_result 0 "apply.sh refuses a tree a patch does not fit, leaving it untouched"
else
	_tap_result 1 "apply.sh refuses a tree a patch does not fit, leaving it untouched (rc $rc)"
	diag "$(cat "$TMP/out")"
fi

done_testing
