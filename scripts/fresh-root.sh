#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# fresh-root.sh [-k] DIR: prove the README's set-up on a fresh machine.
#
# Bootstraps a minimal Debian 12 root into DIR (mmdebstrap, from the Debian
# archive), copies the source tree into it (the files git tracks, as they
# are in the work tree), and runs the commands of README.md's "Set-up"
# block, exactly as written there, inside it: as root, in a private mount
# namespace that has /proc, /sys and /dev and nothing else mounted (no
# tracefs, no debugfs), with an empty HOME (no caches) and a clean
# environment.  Whatever the commands need beyond the bootstrap they must
# install themselves.  Not a PID namespace: ftrace records the kernel's
# PIDs, and tests match them against $! as on a real machine.  Every
# process left running inside the root is killed when the last command
# ends.  DIR is removed first, and afterwards unless -k.
#
# Exit: the first failing command's status; 0 when all passed.
set -eu

keep=false
[ "${1:-}" = -k ] && { keep=true; shift; }
[ $# = 1 ] || { echo "usage: $0 [-k] DIR" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "$0: needs root" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
root=$1
case $root in /|/usr|/var|/tmp|"") echo "$0: refusing DIR $root" >&2; exit 2;; esac

# The README's set-up commands: every ```sh block of the "## Set-up"
# section, in order, comments and blank lines dropped.
cmds=$(awk '/^## / { s = /^## Set-up/ } s && /^```sh/ { b = 1; next }
	    b && /^```/ { b = 0 } s && b' "$top/README.md" |
       sed 's/[[:space:]]*#.*$//; /^[[:space:]]*$/d')
[ -n "$cmds" ] || { echo "$0: README.md: no set-up block" >&2; exit 1; }

command -v mmdebstrap > /dev/null || {
	echo "fresh-root: installing mmdebstrap" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends mmdebstrap > /dev/null 2>&1 || {
		apt-get update > /dev/null
		DEBIAN_FRONTEND=noninteractive apt-get install -y \
			--no-install-recommends mmdebstrap > /dev/null
	}
}

# kill_inside: every process whose root is DIR (daemons the tests left,
# such as lttng-sessiond), as schroot ends a session.
kill_inside() {
	r=$(cd "$root" && pwd -P) || return 0
	for sig in TERM KILL; do
		for p in /proc/[0-9]*; do
			[ "$(readlink "$p/root" 2> /dev/null)" = "$r" ] &&
				kill -$sig "${p#/proc/}" 2> /dev/null
		done
		sleep 1
	done
}

cleanup() {
	kill_inside
	# The namespace is gone with its last process: nothing stays mounted
	# here.  Double-check before removing, never cross into a mount.
	if grep -q " $root/" /proc/mounts; then
		echo "fresh-root: still mounted under $root, not removed" >&2
		return
	fi
	$keep || rm -rf --one-file-system "$root"
}
rm -rf --one-file-system "$root"
trap cleanup EXIT

t0=$(date +%s)
mmdebstrap --quiet --variant=minbase --mode=root bookworm "$root"
echo "fresh-root: bootstrapped Debian 12 (minbase) in $(($(date +%s) - t0)) s"

src=/root/simple-marker
mkdir -p "$root$src"
(cd "$top" && git ls-files -z | xargs -0 tar -cf - --no-recursion) |
	tar -xf - -C "$root$src"

printf '%s\n' "$cmds" > "$root/root/setup-commands"
echo "fresh-root: the README's set-up commands:"
sed 's/^/    /' "$root/root/setup-commands"

# Inside: a private mount namespace; the root (a mount of its own), its
# own /proc, /sys and /dev; nothing else.  set -e: the first failing
# command ends it.
unshare --mount --propagation private sh -eu -c '
	r=$1
	# The root a mount of its own, as on a real machine: tools that
	# change the propagation of / (unshare, lttng tests) need one.
	mount --bind "$r" "$r"
	mount -t proc proc "$r/proc"
	mount -t sysfs sysfs "$r/sys"
	mount --rbind /dev "$r/dev"
	exec chroot "$r" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		TERM=dumb CI="${CI:-}" /bin/sh -euxc "cd '"$src"'; . /root/setup-commands"
' fresh-root "$root"
echo "fresh-root: all set-up commands passed in $(($(date +%s) - t0)) s"
