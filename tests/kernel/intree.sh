# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest side of tests/kernel-intree.t, run by scripts/qemu-run.sh -K in /smk
# of a busybox initramfs on the kernel kernel/build.sh made, as
# "sh intree.sh PROBES":
#
#   PROBES  kprobe_events lines as marker-resolve printed them for that
#           kernel's vmlinux; each is appended on its own (never ">" on
#           kprobe_events) and reported "probe ok|rejected LINE"; then the
#           group's events are enabled.
#
# Then four steps, each announced by "smk-step N" in trace_marker:
#
#   1  the shell writes 14 bytes to /tmp/f       vfs_write_done count=14 ret=14
#   2  dd reads 5 bytes of it                     vfs_read_done count=5 ret=5
#   3  the shell writes 1 byte to /dev/full      vfs_write_done count=1 ret=-28
#   4  the shell forks "sh -c 'echo $$'"          kernel_clone_done pid=<$$>
#
# and leaves in out/: trace, pids ("shell PID" and "child PID" of step 4),
# kprobe_events, error_log, kallsyms and dmesg.
. ./guest-lib.sh
probes=$1

[ -w $T/kprobe_events ] || { echo "no $T/kprobe_events"; exit 1; }
echo 0 > $T/tracing_on
: > $T/trace
add_probes "$probes"
for g in $T/events/*/; do
	case $g in */simple*/) echo 1 > "$g/enable" ;; esac
done
echo 1 > $T/tracing_on

echo "shell $$" > out/pids
echo "smk-step 1" > $T/trace_marker
printf 'hello, marker\n' > /tmp/f
echo "smk-step 2" > $T/trace_marker
dd if=/tmp/f of=/dev/null bs=5 count=1 2> /dev/null
echo "smk-step 3" > $T/trace_marker
printf 'x' > /dev/full 2> /dev/null
echo "smk-step 4" > $T/trace_marker
sh -c 'echo "child $$"' >> out/pids
echo "smk-step 5" > $T/trace_marker
echo 0 > $T/tracing_on

cat $T/trace > out/trace
cat $T/kprobe_events > out/kprobe_events
cat $T/error_log > out/error_log 2> /dev/null
cat /proc/kallsyms > out/kallsyms
dmesg > out/dmesg
echo "done"
