#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Print the path of Debian's linux-source-6.1 .deb in $SMK_CACHE (default
# ~/.cache/simple-marker), downloading it with apt-get download when it is
# not there yet.  Under a lock: tests/kernel-patches.t and
# tests/kernel-intree.t may ask at the same time on a fresh machine, and
# apt-get download writes the .deb in place.
#
# Exit: 0 path printed; 3 it cannot be had (the reason on stderr).
set -eu
cache=${SMK_CACHE:-$HOME/.cache/simple-marker}
mkdir -p "$cache" || { echo "linux-source.sh: cannot create $cache" >&2; exit 3; }
exec 9> "$cache/.lock-src"
command -v flock > /dev/null && flock 9
find_deb() {
	ls "$cache"/linux-source-6.1_*_all.deb 2> /dev/null | sort -V | tail -n 1
}
deb=$(find_deb)
if [ -z "$deb" ]; then
	command -v apt-get > /dev/null || {
		echo "linux-source.sh: no apt-get to fetch linux-source-6.1" >&2
		exit 3; }
	tmp=$(mktemp -d "$cache/.fetch-src.XXXXXX")
	chmod 777 "$tmp"	# apt-get download may run as _apt
	if ! (cd "$tmp" && apt-get download linux-source-6.1) > "$tmp/log" 2>&1
	then
		[ "$(id -u)" = 0 ] && apt-get update > /dev/null 2>&1
		(cd "$tmp" && apt-get download linux-source-6.1) > "$tmp/log" 2>&1 || {
			echo "linux-source.sh: cannot download linux-source-6.1: $(tail -n 1 "$tmp/log")" >&2
			rm -rf "$tmp"
			exit 3; }
	fi
	mv "$tmp"/linux-source-6.1_*_all.deb "$cache/" 2> /dev/null
	rm -rf "$tmp"
	deb=$(find_deb)
	[ -n "$deb" ] || { echo "linux-source.sh: apt-get download left no .deb" >&2; exit 3; }
fi
echo "$deb"
