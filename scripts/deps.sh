#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Install what simple-marker needs to build and test, from Debian's archive.
# Idempotent: does nothing when everything is already there.  Used by the
# README's two commands and by .ci/run.
set -eu

pkgs="make gcc clang pkg-config libelf-dev libdw-dev libkmod-dev
zlib1g-dev liblzma-dev libzstd-dev libcapstone-dev systemtap-sdt-dev elfutils binutils
kmod xz-utils zstd gzip python3 python3-docutils python3-pygments perl linux-perf
qemu-system-x86 busybox-static cpio bpftrace
flex bison bc libssl-dev patch strace
lttng-tools liblttng-ust-dev babeltrace2 libbabeltrace2-dev graphviz
csmith libcsmith-dev python3-clang-14 libclang-rt-14-dev llvm-14 dpkg-dev
debuginfod libdebuginfod1"

need=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		need="$need $p"
done

# The headers of Debian's cloud kernel, for the sample modules.
rel=$(sh "$(dirname "$0")/kernel-release.sh" 2>/dev/null || true)
if [ -z "$rel" ] && [ "$(id -u)" = 0 ]; then
	# A fresh machine may have no package lists yet.
	apt-get update >/dev/null 2>&1 || true
	rel=$(sh "$(dirname "$0")/kernel-release.sh" 2>/dev/null || true)
fi
if [ -n "$rel" ] && [ ! -d "/usr/src/linux-headers-$rel" ]; then
	need="$need linux-headers-$rel"
fi

[ -z "$need" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null; then
		SUDO=sudo
	else
		echo "deps: need root to install:$need" >&2
		exit 1
	fi
else
	SUDO=
fi
echo "deps: installing:$need" >&2
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y --no-install-recommends $need >/dev/null; then
	$SUDO apt-get update >/dev/null
	$SUDO apt-get install -y --no-install-recommends $need >/dev/null
fi
