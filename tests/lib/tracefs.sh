# SPDX-License-Identifier: GPL-2.0 OR MIT
# Shell helpers of the tests that write tracefs themselves (tests/tracefs.t,
# tests/resolve.t).  Source after tap.sh, with TFS (the tracefs mount) and
# UE ($TFS/uprobe_events) set before the functions are called.

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
