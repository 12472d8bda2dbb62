#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# build.sh [-j N] OUTDIR: build a small x86_64 Linux 6.1 with the series, twice.
#
# Takes Debian's linux-source-6.1 (the .deb in $SMK_CACHE, default
# ~/.cache/simple-marker, downloaded by scripts/linux-source.sh),
# unpacks it into OUTDIR/src and applies kernel/patches/0001-0004 one at a
# time, building bzImage after each (the series is bisectable); the
# configuration, kernel/tiny.config on top of tinyconfig, is made after
# 0001, which adds CONFIG_SIMPLE_MARKERS.  The vmlinux built with
# 0001-0003 (the header, the linker scripts, the documentation) is kept as
# OUTDIR/vmlinux.nomarkers; the one with 0004 too (the markers in
# vfs_read(), vfs_write(), kernel_clone()) as OUTDIR/vmlinux, with
# OUTDIR/bzImage.  So the two vmlinux files differ only by the markers.
#
# Also left in OUTDIR: build.log (every build's output, for orphan-section
# and other warnings), bisect ("PATCH SECONDS" per patch built), release
# (the kernel release string), .config, and done, written last with the
# key below.  A second run with the same
# patches, config and script finds done and does nothing, so that tests can
# share one build (the build takes 6.5-7 minutes here with -j2).
#
# Exit: 0 built (or already built); 1 the build failed (tail of the log on
# stderr); 2 usage error; 3 linux-source-6.1 cannot be had (tests skip).
set -eu
me=${0##*/}
dir=$(cd "$(dirname "$0")" && pwd)

jobs=$(nproc 2> /dev/null || echo 2)
while getopts j: opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	*) echo "usage: $me [-j N] OUTDIR" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $me [-j N] OUTDIR" >&2; exit 2; }
out=$1

for t in make gcc flex bison bc perl xz tar dpkg-deb patch sha256sum; do
	command -v $t > /dev/null || {
		echo "$me: $t not found (scripts/deps.sh installs it)" >&2
		exit 2; }
done

key=$(cat "$dir"/patches/000[1-9]-*.patch "$dir/tiny.config" "$0" |
      sha256sum | cut -c1-16)
if [ -f "$out/done" ] && [ "$(cat "$out/done")" = "$key" ]; then
	exit 0
fi

deb=$(sh "$dir/../scripts/linux-source.sh") || exit 3

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
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-6.1.tar.xz |
	tar -xJ -C "$out" || fail "cannot unpack $deb"
mv "$out/linux-source-6.1" "$out/src"
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
for p in "$dir"/patches/000[1-9]-*.patch; do
	name=${p##*/}
	echo "== patch $name" >> "$log"
	patch -p1 -d "$src" < "$p" >> "$log" 2>&1 || fail "$name does not apply"
	if [ ! -f "$src/.config" ]; then
		mk tinyconfig || fail "make tinyconfig"
		"$src/scripts/kconfig/merge_config.sh" -m -O "$src" \
			"$src/.config" "$dir/tiny.config" >> "$log" 2>&1 ||
			fail "merge_config.sh"
		mk olddefconfig || fail "make olddefconfig"
		# Every option asked for must have survived olddefconfig.
		grep -v '^#' "$dir/tiny.config" | grep . | while read -r want; do
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
echo "$key" > "$out/done"
