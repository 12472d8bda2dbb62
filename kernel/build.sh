#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# build.sh [-j N] [-v VERSION] [-O] OUTDIR: build a small x86_64 Linux with
# the series, twice.
#
# VERSION is 6.1 (the default: the series in kernel/patches) or 6.12 (the
# series in kernel/patches-6.12).  Takes Debian's linux-source-VERSION (the
# .deb in $SMK_CACHE, default ~/.cache/simple-marker, downloaded by
# scripts/linux-source.sh), unpacks it into OUTDIR/src and applies the
# series' 0001-0004 one at a time, building bzImage after each (the series
# is bisectable); the configuration, kernel/tiny.config on top of
# tinyconfig (and kernel/o2.config with -O: the kernel's own -O2,
# CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE, instead of tinyconfig's -Os), is made
# after 0001, which adds CONFIG_SIMPLE_MARKERS.  The vmlinux built with
# 0001-0003 (the header, the linker scripts, the documentation) is kept as
# OUTDIR/vmlinux.nomarkers; the one with 0004 too (the markers in
# vfs_read(), vfs_write(), kernel_clone()) as OUTDIR/vmlinux, with
# OUTDIR/bzImage.  So the two vmlinux files differ only by the markers.
#
# Also left in OUTDIR: build.log (every build's output, for orphan-section
# and other warnings), bisect ("PATCH SECONDS" per patch built), release
# (the kernel release string), version (VERSION), .config, and done,
# written last with the key below (a hash of the version, the source .deb's
# name, the patches, the config fragments and this script).  A second run
# with the same key finds done and does nothing, so that tests can share
# one build (6.1 takes 6.5-7 minutes here with -j2, 6.12 about as long).
#
# Exit: 0 built (or already built); 1 the build failed (tail of the log on
# stderr); 2 usage error; 3 linux-source-VERSION cannot be had (tests skip).
set -eu
me=${0##*/}
dir=$(cd "$(dirname "$0")" && pwd)

usage() { echo "usage: $me [-j N] [-v 6.1|6.12] [-O] OUTDIR" >&2; exit 2; }
jobs=$(nproc 2> /dev/null || echo 2)
ver=6.1
o2=false
while getopts j:v:O opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	v) ver=$OPTARG ;;
	O) o2=true ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
out=$1
case $ver in
6.1) pdir=$dir/patches ;;
6.12) pdir=$dir/patches-6.12 ;;
*) echo "$me: -v $ver: no series for that version (6.1, 6.12)" >&2; exit 2 ;;
esac
frags=$dir/tiny.config
$o2 && frags="$frags $dir/o2.config"

for t in make gcc flex bison bc perl xz tar dpkg-deb patch sha256sum; do
	command -v $t > /dev/null || {
		echo "$me: $t not found (scripts/deps.sh installs it)" >&2
		exit 2; }
done

deb=$(sh "$dir/../scripts/linux-source.sh" "$ver") || exit 3
key=$( (echo "$ver ${deb##*/}"; cat "$pdir"/000[1-9]-*.patch $frags "$0") |
      sha256sum | cut -c1-16)
if [ -f "$out/done" ] && [ "$(cat "$out/done")" = "$key" ]; then
	exit 0
fi

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$out/build.log
fail() {
	echo "$me: $*; end of $log:" >&2
	tail -n 30 "$log" >&2
	exit 1
}

echo "== unpack $deb" > "$log"
dpkg-deb --fsys-tarfile "$deb" |
	tar -xO "./usr/src/linux-source-$ver.tar.xz" |
	tar -xJ -C "$out" || fail "cannot unpack $deb"
mv "$out/linux-source-$ver" "$out/src"
src=$out/src

# Both builds alike but for the markers: no build count, date, user or
# host in the banner (they would differ in .rodata and .data).
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
export KBUILD_BUILD_VERSION=1 KBUILD_BUILD_USER=smk KBUILD_BUILD_HOST=smk

mk() {
	echo "== make $*" >> "$log"
	make -C "$src" -j"$jobs" "$@" >> "$log" 2>&1
}

# One patch at a time, each built (bisectable): 0001 brings the option,
# so the configuration is made after it; after 0003 (no marker yet) the
# vmlinux is kept as the kernel before the markers.
: > "$out/bisect"
for p in "$pdir"/000[1-9]-*.patch; do
	name=${p##*/}
	echo "== patch $name" >> "$log"
	patch -p1 -d "$src" < "$p" >> "$log" 2>&1 || fail "$name does not apply"
	if [ ! -f "$src/.config" ]; then
		mk tinyconfig || fail "make tinyconfig"
		"$src/scripts/kconfig/merge_config.sh" -m -O "$src" \
			"$src/.config" $frags >> "$log" 2>&1 ||
			fail "merge_config.sh"
		mk olddefconfig || fail "make olddefconfig"
		# Every option asked for must have survived olddefconfig.
		cat $frags | grep -v '^#' | grep . | while read -r want; do
			grep -qx "$want" "$src/.config" || echo "$want"
		done > "$out/lost"
		[ ! -s "$out/lost" ] ||
			fail "options lost: $(tr '\n' ' ' < "$out/lost")"
	fi
	t0=$(date +%s)
	mk bzImage || fail "the build with $name applied failed"
	echo "$name $(($(date +%s) - t0))" >> "$out/bisect"
	case $name in
	0003-*) cp "$src/vmlinux" "$out/vmlinux.nomarkers" ;;
	esac
done
[ -f "$out/vmlinux.nomarkers" ] || fail "no 0003 patch in the series"
cp "$src/vmlinux" "$out/vmlinux"
cp "$src/arch/x86/boot/bzImage" "$out/bzImage"
cp "$src/.config" "$out/.config"
make -s -C "$src" kernelrelease > "$out/release"
echo "$ver" > "$out/version"
echo "$key" > "$out/done"
