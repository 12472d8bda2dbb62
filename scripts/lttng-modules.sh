#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Build the LTTng kernel tracer (Debian's lttng-modules-dkms source) for
# Debian's cloud kernel, the one scripts/qemu-kernel.sh boots, against its
# headers, and cache the modules:
#
#   scripts/lttng-modules.sh      prints DIR on stdout
#
# DIR ($SMK_CACHE/lttng-modules-VERSION-REL, SMK_CACHE defaulting to
# $HOME/.cache/simple-marker) holds the .ko files, stripped of debuginfo.
# The package is never installed (its postinst would run DKMS for the
# running kernel): `apt-get download` + `dpkg -x`.
#
# Only the tracer core, its ring-buffer clients and the kprobe, kretprobe
# and uprobe modules the core links with are built, not the ~50 tracepoint
# probe modules: those are not needed for kprobe events, and some do not
# build for 6.1.19x (lttng-probe-timer: "conflicting types for
# trace_hrtimer_start", a signature changed in a stable update).
#
# Exit 0 with DIR on stdout; 3 when the source or the headers cannot be
# had (callers may skip); 1 when the build fails; 2 on usage error.
set -eu

prog=lttng-modules.sh
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
unavailable() { echo "$prog: $*" >&2; exit 3; }
[ $# -eq 0 ] || { echo "usage: $prog   (env: SMK_CACHE)" >&2; exit 2; }

rel=$(sh "$here/kernel-release.sh") ||
	unavailable "cannot name the cloud kernel release"
kdir=/usr/src/linux-headers-$rel
[ -f "$kdir/Makefile" ] || unavailable "no $kdir (run scripts/deps.sh)"
ver=$(apt-cache show --no-all-versions lttng-modules-dkms 2>/dev/null |
	sed -n 's/^Version: //p' | head -n 1)
[ -n "$ver" ] || unavailable "no lttng-modules-dkms in the package lists"

cache=${SMK_CACHE:-${HOME:-/root}/.cache/simple-marker}
dir=$cache/lttng-modules-$ver-$rel
mkdir -p "$cache" || die "$cache: cannot create"
exec 9> "$cache/.lttng-lock"
flock 9 || die "$cache/.lttng-lock: cannot lock"
if [ -f "$dir/.complete" ]; then
	printf '%s\n' "$dir"
	exit 0
fi

tmp=$(mktemp -d "$cache/.lttng.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chmod 0777 "$tmp"	# apt-get download may run as _apt
(cd "$tmp" && apt-get download lttng-modules-dkms) > "$tmp/log" 2>&1 ||
	unavailable "apt-get download lttng-modules-dkms failed:" \
		"$(tail -n 3 "$tmp/log")"
deb=$(ls "$tmp"/lttng-modules-dkms_*.deb | head -n 1)
dpkg -x "$deb" "$tmp/root" || die "$deb: dpkg -x failed"
src=$(ls -d "$tmp"/root/usr/src/lttng-modules-* | head -n 1)
[ -f "$src/src/Kbuild" ] || die "$deb: no usr/src/lttng-modules-*/src/Kbuild"

core="lttng-tracer lttng-wrapper lttng-statedump lttng-clock
lttng-ring-buffer-client-discard lttng-ring-buffer-client-overwrite
lttng-ring-buffer-metadata-client lttng-ring-buffer-client-mmap-discard
lttng-ring-buffer-client-mmap-overwrite lttng-ring-buffer-metadata-mmap-client
lib/lttng-lib-ring-buffer lib/lttng-counter probes/lttng-kprobes
probes/lttng-kretprobes probes/lttng-uprobes"
targets=""
for m in $core; do targets="$targets $m.ko"; done
make -j"$(nproc)" -C "$kdir" M="$src/src" CONFIG_LTTNG=m $targets \
	> "$tmp/build.log" 2>&1 ||
	die "the build failed; end of its log:
$(tail -n 20 "$tmp/build.log")"
mkdir "$tmp/out"
for m in $core; do
	strip --strip-debug -o "$tmp/out/$(basename "$m").ko" "$src/src/$m.ko" ||
		die "$m.ko: not built"
done
touch "$tmp/out/.complete"
rm -rf "$dir"
mv "$tmp/out" "$dir"
printf '%s\n' "$dir"
