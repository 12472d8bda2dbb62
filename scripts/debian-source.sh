#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# debian-source.sh PACKAGE: print the directory of Debian's source package
# PACKAGE, unpacked with its Debian patches applied, in
# $SMK_CACHE/src (default ~/.cache/simple-marker/src), downloading it with
# `apt-get source --download-only` when it is not there yet.  Under a lock,
# like linux-source.sh.
#
# A machine without a deb-src entry (Debian's default) gets one when we are
# root: /etc/apt/sources.list.d/simple-marker-src.sources, a deb822 stanza
# with the URIs, suites and Signed-By of debian.sources' first stanza and
# "Types: deb-src"; or, with only a one-line /etc/apt/sources.list (as
# mmdebstrap writes), simple-marker-src.list with a deb-src line for its
# first deb line.  The lists are updated once.
#
# Exit: 0 directory printed; 2 usage; 3 it cannot be had (reason on stderr).
set -eu
me=debian-source.sh
[ $# = 1 ] || { echo "usage: $me PACKAGE" >&2; exit 2; }
pkg=$1
case $pkg in
*[!a-z0-9.+-]*|'') echo "$me: $pkg: not a source package name" >&2; exit 2 ;;
esac
cache=${SMK_CACHE:-$HOME/.cache/simple-marker}/src
mkdir -p "$cache" || { echo "$me: cannot create $cache" >&2; exit 3; }
exec 9> "$cache/.lock"
command -v flock > /dev/null && flock 9

find_dir() {
	for d in $(ls -d "$cache/$pkg-"*/ 2> /dev/null | sort -V); do
		[ -e "$d/.smk-unpacked" ] && last=${d%/}
	done
	[ -n "${last:-}" ] && echo "$last"
}

add_src() {
	[ "$(id -u)" = 0 ] || return 1
	out=/etc/apt/sources.list.d/simple-marker-src.sources
	[ -e "$out" ] && return 1
	in=/etc/apt/sources.list.d/debian.sources
	if [ ! -f "$in" ]; then
		# The one-line format (mmdebstrap's /etc/apt/sources.list):
		# a deb-src line for its first deb line, the main archive, as
		# with debian.sources' first stanza (a security mirror may
		# list sources it does not serve).
		list=/etc/apt/sources.list.d/simple-marker-src.list
		[ -e "$list" ] && return 1
		[ -f /etc/apt/sources.list ] || return 1
		sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' \
			/etc/apt/sources.list | head -n 1 > "$list.tmp"
		[ -s "$list.tmp" ] || { rm -f "$list.tmp"; return 1; }
		mv "$list.tmp" "$list"
		echo "$me: added $list (deb-src, for $pkg)" >&2
		return 0
	fi
	awk '
		/^[[:space:]]*$/ { if (uris != "") exit; next }
		/^URIs:/ { uris = $0 }
		/^Suites:/ { suites = $0 }
		/^Components:/ { comp = $0 }
		/^Signed-By:/ { sb = $0 }
		END {
			if (uris == "" || suites == "") exit 1
			print "Types: deb-src"
			print uris
			print suites
			print (comp != "" ? comp : "Components: main")
			if (sb != "") print sb
		}' "$in" > "$out.tmp" || { rm -f "$out.tmp"; return 1; }
	mv "$out.tmp" "$out"
	echo "$me: added $out (deb-src, for $pkg)" >&2
}

dir=$(find_dir || true)
if [ -z "$dir" ]; then
	for t in apt-get dpkg-source; do
		command -v $t > /dev/null || {
			echo "$me: no $t to fetch $pkg" >&2; exit 3; }
	done
	tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
	chmod 777 "$tmp"	# apt-get may download as _apt
	get() {
		(cd "$tmp" && apt-get source --download-only "$pkg") \
			> "$tmp/log" 2>&1
	}
	if ! get; then
		if [ "$(id -u)" = 0 ]; then
			add_src || true
			apt-get update > /dev/null 2>&1 || true
		fi
		get || {
			echo "$me: cannot download source $pkg:" \
				"$(tail -n 1 "$tmp/log")" >&2
			rm -rf "$tmp"
			exit 3; }
	fi
	dsc=$(ls "$tmp"/*.dsc 2> /dev/null | head -n 1)
	[ -n "$dsc" ] || { echo "$me: $pkg: no .dsc downloaded" >&2;
			   rm -rf "$tmp"; exit 3; }
	base=$(basename "$dsc" .dsc)
	ver=${base#*_}
	(cd "$tmp" && dpkg-source --no-check -x "$dsc" "src") \
		>> "$tmp/log" 2>&1 || {
		echo "$me: dpkg-source -x $dsc: $(tail -n 1 "$tmp/log")" >&2
		rm -rf "$tmp"; exit 3; }
	touch "$tmp/src/.smk-unpacked"
	rm -rf "$cache/$pkg-$ver"
	mv "$tmp/src" "$cache/$pkg-$ver"
	rm -rf "$tmp"
	dir=$cache/$pkg-$ver
fi
echo "$dir"
