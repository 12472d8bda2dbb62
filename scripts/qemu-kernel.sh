#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Fetch Debian's cloud kernel image, the one the sample modules are built
# for (scripts/kernel-release.sh), and unpack it into a cache, to boot it
# under qemu:
#
#   scripts/qemu-kernel.sh        prints DIR on stdout
#
# DIR is $SMK_CACHE/linux-image-REL (SMK_CACHE defaults to
# $HOME/.cache/simple-marker), the package's tree as `dpkg -x` leaves it,
# plus:
#   DIR/vmlinuz    -> boot/vmlinuz-REL
#   DIR/modules    -> lib/modules/REL (no modules.dep: depmod runs in the
#                     package's postinst, which never runs here)
#   DIR/version    the package version, e.g. 6.1.192-3
#
# The image is never installed: `apt-get download` + `dpkg -x`.  Idempotent
# (a finished DIR is reused as is) and safe to run concurrently (flock).
# As root, it also installs what booting needs when missing:
# qemu-system-x86 (--no-install-recommends), busybox-static, cpio.
#
# Exit 0 with DIR on stdout; 3 when the image or the tools cannot be had
# (no archive, no network, not root): callers may skip; 1 on any other
# failure; 2 on usage error.
set -eu

prog=qemu-kernel.sh
here=$(cd "$(dirname "$0")" && pwd)
tools="qemu-system-x86 busybox-static cpio"

die() { echo "$prog: $*" >&2; exit 1; }
unavailable() { echo "$prog: $*" >&2; exit 3; }

[ $# -eq 0 ] || { echo "usage: $prog   (env: SMK_CACHE)" >&2; exit 2; }

rel=$(sh "$here/kernel-release.sh") ||
	unavailable "cannot name the cloud kernel release"

# The host tools.  Checked by package, not by command: busybox may be the
# dynamic one, which would not run in an initramfs without its libraries.
need=""
for p in $tools; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		need="$need $p"
done
if [ -n "$need" ]; then
	[ "$(id -u)" = 0 ] || unavailable "not root, cannot install:$need"
	echo "$prog: installing:$need" >&2
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y --no-install-recommends $need >/dev/null 2>&1
	then
		apt-get update >/dev/null 2>&1 || true
		apt-get install -y --no-install-recommends $need >/dev/null ||
			unavailable "cannot install:$need"
	fi
fi

cache=${SMK_CACHE:-${HOME:-/root}/.cache/simple-marker}
dir=$cache/linux-image-$rel
mkdir -p "$cache" || die "$cache: cannot create"

# One fetch at a time; a second caller waits, then finds DIR ready.
exec 9> "$cache/.lock"
flock 9 || die "$cache/.lock: cannot lock"

if [ ! -f "$dir/.complete" ]; then
	tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	pkg=linux-image-$rel
	# apt-get download runs as _apt when it can; tmp is ours, so let it
	# write there rather than print a sandbox warning.
	chmod 0777 "$tmp"
	if ! (cd "$tmp" && apt-get download "$pkg") > "$tmp/log" 2>&1; then
		if [ "$(id -u)" = 0 ]; then
			apt-get update >/dev/null 2>&1 || true
			(cd "$tmp" && apt-get download "$pkg") > "$tmp/log" 2>&1 ||
				unavailable "apt-get download $pkg failed:" \
					"$(tail -n 3 "$tmp/log")"
		else
			unavailable "apt-get download $pkg failed:" \
				"$(tail -n 3 "$tmp/log")"
		fi
	fi
	deb=$(ls "$tmp"/"$pkg"_*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || die "apt-get download $pkg left no .deb"
	dpkg-deb -f "$deb" Version > "$tmp/version" ||
		die "$deb: not a package"
	mkdir "$tmp/root"
	dpkg -x "$deb" "$tmp/root" || die "$deb: dpkg -x failed"
	[ -f "$tmp/root/boot/vmlinuz-$rel" ] ||
		die "$deb: no boot/vmlinuz-$rel"
	[ -d "$tmp/root/lib/modules/$rel/kernel" ] ||
		die "$deb: no lib/modules/$rel/kernel"
	ln -s "boot/vmlinuz-$rel" "$tmp/root/vmlinuz"
	ln -s "lib/modules/$rel" "$tmp/root/modules"
	mv "$tmp/version" "$tmp/root/version"
	touch "$tmp/root/.complete"
	rm -rf "$dir"
	mv "$tmp/root" "$dir"
fi
printf '%s\n' "$dir"
