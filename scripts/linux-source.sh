#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# linux-source.sh [VERSION]: print the path of Debian's linux-source-VERSION
# .deb (VERSION 6.1, the default, or 6.12) in $SMK_CACHE (default
# ~/.cache/simple-marker), downloading it with apt-get download when it is
# not there yet.  Under a lock: tests/kernel-patches.t and
# tests/kernel-intree.t may ask at the same time on a fresh machine, and
# apt-get download writes the .deb in place.
#
# Debian 12 has linux-source-6.1 in bookworm and linux-source-6.12 in
# bookworm-security and bookworm-backports.  When no configured archive
# has the package (a machine without the security suite), and we are root,
# a bookworm-backports entry is added next to debian.sources
# (/etc/apt/sources.list.d/simple-marker-backports.sources, the same URIs
# and Signed-By) and the lists are updated once.
#
# Exit: 0 path printed; 2 usage; 3 it cannot be had (the reason on stderr).
set -eu
me=linux-source.sh
ver=${1:-6.1}
case $ver in
6.1|6.12) ;;
*) echo "usage: $me [6.1|6.12]" >&2; exit 2 ;;
esac
pkg=linux-source-$ver
cache=${SMK_CACHE:-$HOME/.cache/simple-marker}
mkdir -p "$cache" || { echo "$me: cannot create $cache" >&2; exit 3; }
exec 9> "$cache/.lock-src"
command -v flock > /dev/null && flock 9
find_deb() {
	ls "$cache/${pkg}_"*_all.deb 2> /dev/null | sort -V | tail -n 1
}

# add_backports: a deb822 stanza for bookworm-backports modelled on the
# bookworm one of debian.sources; false when there is nothing to model on.
add_backports() {
	[ "$(id -u)" = 0 ] || return 1
	out=/etc/apt/sources.list.d/simple-marker-backports.sources
	[ -e "$out" ] && return 1
	in=/etc/apt/sources.list.d/debian.sources
	[ -f "$in" ] || return 1
	awk '
		/^[[:space:]]*$/ { if (keep) exit; uris = sb = ""; next }
		/^URIs:/ { uris = $0 }
		/^Signed-By:/ { sb = $0 }
		/^Suites:/ && / bookworm( |$)|^Suites: bookworm( |$)/ { keep = 1 }
		END {
			if (!keep || uris == "") exit 1
			print "Types: deb"
			print uris
			print "Suites: bookworm-backports"
			print "Components: main"
			if (sb != "") print sb
		}' "$in" > "$out.tmp" || { rm -f "$out.tmp"; return 1; }
	mv "$out.tmp" "$out"
	echo "$me: added $out (bookworm-backports, for $pkg)" >&2
}

deb=$(find_deb)
if [ -z "$deb" ]; then
	command -v apt-get > /dev/null || {
		echo "$me: no apt-get to fetch $pkg" >&2
		exit 3; }
	tmp=$(mktemp -d "$cache/.fetch-src.XXXXXX")
	chmod 777 "$tmp"	# apt-get download may run as _apt
	get() { (cd "$tmp" && apt-get download "$pkg") > "$tmp/log" 2>&1; }
	if ! get; then
		if [ "$(id -u)" = 0 ]; then
			apt-get update > /dev/null 2>&1 || true
			if ! get && [ "$ver" != 6.1 ] && add_backports; then
				apt-get update > /dev/null 2>&1 || true
			fi
		fi
		get || {
			echo "$me: cannot download $pkg: $(tail -n 1 "$tmp/log")" >&2
			rm -rf "$tmp"
			exit 3; }
	fi
	mv "$tmp/${pkg}_"*_all.deb "$cache/" 2> /dev/null
	rm -rf "$tmp"
	deb=$(find_deb)
	[ -n "$deb" ] || { echo "$me: apt-get download left no .deb" >&2; exit 3; }
fi
echo "$deb"
