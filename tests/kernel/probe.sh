# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest side of tests/kernel-probe.t, run by scripts/qemu-run.sh in /smk of
# a busybox initramfs, as "sh probe.sh PROBES STEPS":
#
#   PROBES  kprobe_events lines ("#" comments and blank lines skipped),
#           appended one by one before any step, so that probes on a module
#           not loaded yet wait for it (sample_load fires during insmod);
#           every event they define is then enabled
#   STEPS   one step a line, the text after the path kept byte for byte:
#             insmod FILE
#             rmmod NAME
#             write PATH TEXT     echo TEXT > PATH: one write(2) of TEXT
#                                 and a newline (ash's echo says why a
#                                 write failed, its printf does not)
#             read PATH           cat PATH
#
# Before each step it writes "smk-step N" to trace_marker, so that the
# trace says which step caused each hit.
# It prints "probe ok|rejected|not-enabled LINE" per definition (with the
# kernel's error_log after a rejection), "step N rc=R VERB ..." per step
# (plus "  | " + what a read printed, or the write's error), and leaves in
# out/: trace (the whole buffer, read after the last step), trace-loaded
# (the same before the first rmmod, while the probed addresses are still
# symbolized), modules (/proc/modules then), sections-MOD (the load address
# of each section of each loaded module), kprobe_events, kprobe_profile,
# error_log and dmesg.
. ./guest-lib.sh
probes=$1
steps=$2

[ -w $T/kprobe_events ] || { echo "no $T/kprobe_events"; exit 1; }
echo 0 > $T/tracing_on
: > $T/trace

add_probes "$probes"

# Each event once, even when several lines (sites) define it.
sed -n 's/^[pr][0-9]*:\([^ ]*\) .*/\1/p' "$probes" | sort -u > /tmp/events
while read -r ev; do
	if [ -d $T/events/$ev ] && echo 1 > $T/events/$ev/enable; then
		:
	else
		echo "probe not-enabled $ev"
	fi
done < /tmp/events
echo 1 > $T/tracing_on

snapshot() {
	cat $T/trace > out/trace-loaded
	cat /proc/modules > out/modules
	for m in /sys/module/*/sections; do
		[ -d "$m" ] || continue
		mod=${m%/sections}
		save_sections "${mod##*/}"
	done
}

n=0 snapped=""
while IFS= read -r line; do
	n=$((n + 1))
	split_step "$line"
	# Each hit can then be put down to the step that caused it.
	echo "smk-step $n" > $T/trace_marker
	case $verb in
	insmod)
		err=$(insmod "$path" 2>&1)
		echo "step $n rc=$? insmod $path"
		;;
	rmmod)
		[ -n "$snapped" ] || snapshot
		snapped=1
		err=$(rmmod "$path" 2>&1)
		echo "step $n rc=$? rmmod $path"
		;;
	write)
		# stdout to PATH, stderr (the write error) to $err.
		err=$(echo "$text" 2>&1 > "$path")
		echo "step $n rc=$? write $path $text"
		;;
	read)
		out=$(cat "$path" 2>&1)
		echo "step $n rc=$? read $path"
		printf '%s\n' "$out" | sed 's/^/  | /'
		err=""
		;;
	*)
		echo "step $n rc=127 unknown step: $line"
		err=""
		;;
	esac
	[ -z "$err" ] || printf '%s\n' "$err" | sed 's/^/  ! /'
done < "$steps"
[ -n "$snapped" ] || snapshot

echo 0 > $T/tracing_on
while read -r ev; do
	[ -f $T/events/$ev/enable ] && echo 0 > $T/events/$ev/enable
done < /tmp/events
cat $T/trace > out/trace
cat $T/kprobe_events > out/kprobe_events
cat $T/kprobe_profile > out/kprobe_profile
cat $T/error_log > out/error_log
dmesg > out/dmesg
echo "trace lines: $(grep -vc '^#' out/trace)"
exit 0
