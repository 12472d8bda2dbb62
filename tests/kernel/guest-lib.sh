# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Shared by the guest scripts (tests/kernel/probe.sh, intree.sh), which
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
