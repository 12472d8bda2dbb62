#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Print the ABI release of Debian's cloud kernel, e.g. 6.1.0-57-cloud-amd64:
# the one the tests build modules for and boot under qemu.
#
#   scripts/kernel-release.sh        (SMK_KERNEL_RELEASE=REL overrides)
#
# It is resolved from the linux-image-cloud-amd64 metapackage rather than
# from installed files, because old ABIs vanish from the archive: the
# headers and image to fetch are the ones the metapackage names today.
# Exit 0 with the release on stdout, 1 when it cannot be resolved, 2 on
# usage error.
set -eu

prog=kernel-release.sh

if [ $# -ne 0 ]; then
	echo "usage: $prog   (set SMK_KERNEL_RELEASE to override)" >&2
	exit 2
fi

if [ -n "${SMK_KERNEL_RELEASE:-}" ]; then
	printf '%s\n' "$SMK_KERNEL_RELEASE"
	exit 0
fi

if ! command -v apt-cache >/dev/null 2>&1; then
	echo "$prog: apt-cache not found; set SMK_KERNEL_RELEASE" >&2
	exit 1
fi

rel=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null |
	sed -n 's/^ *Depends: linux-image-\([^ ]*-cloud-amd64\)$/\1/p' |
	head -n 1)
if [ -z "$rel" ]; then
	echo "$prog: linux-image-cloud-amd64 names no kernel;" \
		"try apt-get update, or set SMK_KERNEL_RELEASE" >&2
	exit 1
fi
printf '%s\n' "$rel"
