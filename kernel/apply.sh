#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# apply.sh [-v VERSION] KERNEL_TREE: apply the simple-marker series, the
# cover letter excluded, to a Linux source tree with patch -p1: for VERSION
# 6.1 (the default) kernel/patches/0*.patch, for 6.12
# kernel/patches-6.12/0*.patch.
#
# Every patch is first tried with --dry-run, all of them before any is
# applied, so a tree that does not take the series is left untouched.
# A tree that already has the series (include/linux/simple_marker.h exists
# or the first patch reverses cleanly) is refused.
#
# Exit: 0 applied; 1 refused or failed (already applied, a patch does not
# apply); 2 usage error (no tree, not a kernel tree, patch missing).
set -u
me=${0##*/}
dir=$(cd "$(dirname "$0")" && pwd)

usage() { echo "usage: $me [-v 6.1|6.12] KERNEL_TREE" >&2; exit 2; }
ver=6.1
while getopts v: opt; do
	case $opt in
	v) ver=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
tree=$1
case $ver in
6.1) pdir=$dir/patches ;;
6.12) pdir=$dir/patches-6.12 ;;
*) echo "$me: -v $ver: no series for that version (6.1, 6.12)" >&2; exit 2 ;;
esac
[ -f "$tree/Makefile" ] && [ -d "$tree/include/asm-generic" ] || {
	echo "$me: $tree: not a kernel source tree" >&2; exit 2; }
command -v patch > /dev/null || { echo "$me: patch(1) not found" >&2; exit 2; }

set -- "$pdir"/0*.patch
series=
for p; do
	case ${p##*/} in 0000-cover-letter.patch) continue ;; esac
	[ -f "$p" ] || { echo "$me: no patches in $pdir" >&2; exit 2; }
	series="$series $p"
done
[ -n "$series" ] || { echo "$me: no patches in $pdir" >&2; exit 2; }

cd "$tree" || exit 2
first=${series# }
first=${first%% *}
if [ -e include/linux/simple_marker.h ] ||
   patch -p1 -R --dry-run -s -f < "$first" > /dev/null 2>&1; then
	echo "$me: $tree: the series is already applied" >&2
	exit 1
fi

# Dry-run the series as a whole: later patches may depend on earlier ones,
# so try them on a scratch copy of the files they touch.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/smk-apply.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
for p in $series; do
	sed -n 's|^+++ b/||p' "$p"
done | sort -u | while read -r f; do
	[ -e "$f" ] || continue
	mkdir -p "$scratch/$(dirname "$f")" && cp "$f" "$scratch/$f"
done
for p in $series; do
	if ! (cd "$scratch" && patch -p1 -s -f --no-backup-if-mismatch \
	      < "$p") > "$scratch/.out" 2>&1; then
		echo "$me: ${p##*/} does not apply to $tree:" >&2
		sed 's/^/  /' "$scratch/.out" >&2
		exit 1
	fi
done

for p in $series; do
	if ! patch -p1 -s -f --no-backup-if-mismatch < "$p"; then
		echo "$me: ${p##*/} failed half-way in $tree" >&2
		exit 1
	fi
	echo "applied ${p##*/}"
done
exit 0
