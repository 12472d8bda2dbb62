# SPDX-License-Identifier: GPL-2.0 OR MIT
# Shell helpers of the tests that use tracefs (with tap.sh, or alone).
#
#   tracefs_setup || skip_all "$tracefs_why"
#
# sets TFS (the tracefs mount) and UE ($TFS/uprobe_events), which the other
# functions use.

# tracefs_setup: the tracefs at /sys/kernel/tracing, mounted there if it
# is not (a fresh machine without systemd has none) and left mounted, as
# systemd would: a short-lived private mount is a trap for programs that
# take the first tracefs of /proc/mounts (libsmk among them, when nothing
# is at the usual place) and for rm -rf, which would rmdir instances
# through it.  Once the usual place is mounted, libsmk's
# smk_tracefs_open() picks it too, so a test and the tools it runs agree
# on one directory.  Returns 0 with TFS and UE set when uprobe_events is
# writable, else 1 with the reason in $tracefs_why (not root, no tracefs,
# CONFIG_UPROBE_EVENTS=n).  Every test that needs tracefs calls this, so
# that each runs alone, in any order, from nothing mounted.
tracefs_setup() {
	TFS=/sys/kernel/tracing
	UE=$TFS/uprobe_events
	tracefs_why=
	if [ "$(id -u)" != 0 ]; then
		tracefs_why="needs root for tracefs and uprobes"
		return 1
	fi
	# Under a lock: two tests starting at once would stack two mounts.
	if ! _ts_err=$(flock -w 60 "${TMPDIR:-/tmp}/smk-tracefs-mount.lock" \
		sh -c '[ "$(stat -f -c %T "$1" 2> /dev/null)" = tracefs ] ||
			mount -t tracefs nodev "$1"' sh "$TFS" 2>&1); then
		tracefs_why="no tracefs at $TFS and cannot mount it: $_ts_err"
		return 1
	fi
	if [ ! -w "$UE" ]; then
		tracefs_why="no $UE (CONFIG_UPROBE_EVENTS=n)"
		return 1
	fi
	return 0
}

# top_buffer_share: hold, until the test exits, a shared lock on the top
# instance's ring buffer.  attach enables its events in the top instance,
# as a user's does, so a test that attaches examples/shop's markers and
# runs its copy of shop writes order_done lines into the one buffer that
# README.md's example reads (grep ... /sys/kernel/tracing/trace, in
# tests/docs.t).  Each such test takes this lock shared, and that
# example takes it exclusive for its block, so no other test's
# order_done lands among the documented ones.  Tests holding it
# shared run side by side as before.  Returns 1 with $tracefs_why set if
# the lock is not had within 15 minutes.
top_buffer_share() {
	exec 7> "${TMPDIR:-/tmp}/smk-top-buffer.lock"
	if ! flock -s -w 900 7; then
		tracefs_why="the top buffer's lock ${TMPDIR:-/tmp}/smk-top-buffer.lock was held for 15 minutes"
		return 1
	fi
}

# stable_cat FILE: FILE as one consistent read.  kprobe_events and
# uprobe_events are seq_files read by position: a read while another test
# removes probes can skip lines, so read until two reads in a row agree.
stable_cat() {
	_sc_a=$(cat "$1") || return
	for _sc_i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
		_sc_b=$(cat "$1") || return
		[ "$_sc_a" = "$_sc_b" ] && break
		_sc_a=$_sc_b
	done
	printf '%s\n' "$_sc_a"
}

# remove_by_hand GROUP: remove every uprobe event of GROUP with plain
# shell writes (no library): disabled everywhere first, one "-:" line each.
remove_by_hand() {
	for ev in $(stable_cat "$UE" |
		    sed -n "s|^[pr][0-9]*:$1/\([^ ]*\) .*|\1|p" | sort -u); do
		for en in "$TFS/events/$1/$ev/enable" \
			  "$TFS"/instances/*/events/"$1/$ev/enable"; do
			[ -e "$en" ] && echo 0 > "$en"
		done
		printf -- '-:%s/%s\n' "$1" "$ev" >> "$UE" 2> /dev/null
	done
}
