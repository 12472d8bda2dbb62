# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Shared by the guest scripts (tests/kernel/probe.sh, intree.sh, lttng.sh),
# which
# scripts/qemu-run.sh runs in /smk with this file beside them (-f).

T=/sys/kernel/tracing

# add_probes FILE: append each kprobe_events line of FILE ("#" comments
# and blank lines skipped) on its own, never with ">" (that would delete
# every probe), and print "probe ok LINE" or "probe rejected LINE"
# followed by the kernel's error_log, indented "  | ".
add_probes() {
	while IFS= read -r line; do
		case $line in ''|'#'*) continue ;; esac
		if printf '%s\n' "$line" >> $T/kprobe_events 2>/dev/null; then
			echo "probe ok $line"
		else
			echo "probe rejected $line"
			sed 's/^/  | /' $T/error_log
		fi
	done < "$1"
}

# save_sections MOD: the load address of each section of module MOD, as
# /sys/module/MOD/sections lists them, into out/sections-MOD ("NAME ADDR"
# lines): the layout its addresses must be read with.
save_sections() {
	for _ss in /sys/module/$1/sections/.* /sys/module/$1/sections/*; do
		[ -f "$_ss" ] && echo "${_ss##*/} $(cat "$_ss")"
	done > out/sections-$1
}

# split_step LINE: a steps line "VERB PATH TEXT" into $verb, $path, $text.
split_step() {
	verb=${1%% *}
	rest=${1#* }
	path=${rest%% *}
	text=${rest#* }
}
