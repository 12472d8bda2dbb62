# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest side of tests/lttng-kernel.t, run by scripts/qemu-run.sh in /smk of
# a busybox initramfs, as "sh lttng.sh ROOT.tar.gz MODULE.ko PROBES STEPS":
#
#   ROOT.tar.gz  lttng, lttng-sessiond, lttng-consumerd with their shared
#                libraries and the loader, session.xsd, and the LTTng
#                kernel modules in lib/modules/REL/extra with their
#                modules.dep (the session daemon loads them with libkmod)
#   MODULE.ko    the module whose markers are probed, loaded first
#   PROBES       "lttng enable-event" arguments, one event a line:
#                "--probe=SYM+OFF EVENT"
#   STEPS        "write PATH TEXT" or "read PATH", one a line
#
# It records one LTTng kernel session with those kprobe events while the
# steps run, and leaves in out/: trace/ (the session's output), kallsyms,
# modules and sections-MOD (the layout the trace must be read with), and
# log (the session daemon's).  lttng-offset.so works around lttng-tools
# 2.13.9 dropping the offset of --probe=SYM+OFF (see that file).
. ./guest-lib.sh

root=$1
mod=$2
probes=$3
steps=$4

tar -xzf "$root" -C / || { echo "cannot unpack $root"; exit 1; }
mkdir -p /var/run /dev/shm /tmp/home
mount -t tmpfs tmpfs /dev/shm
export HOME=/tmp/home LTTNG_HOME=/tmp/home
insmod "$mod" || { echo "insmod $mod failed"; exit 1; }
: > /tmp/offsets
while read -r p ev; do
	off=${p##*+}
	echo "$ev ${off#0x}" >> /tmp/offsets
done < "$probes"
SMK_LTTNG_OFFSETS=/tmp/offsets LD_PRELOAD=/smk/lttng-offset.so \
	lttng-sessiond --daemonize --kmod-probes=none > out/log 2>&1 ||
	{ echo "lttng-sessiond failed"; cat out/log; exit 1; }
lttng create smk --output=/smk/out/trace > /dev/null || exit 1
while read -r p ev; do
	lttng enable-event --kernel "$p" "$ev" > /dev/null ||
		echo "event rejected $p $ev"
done < "$probes"
lttng start > /dev/null || exit 1

n=0
while IFS= read -r line; do
	n=$((n + 1))
	split_step "$line"
	case $verb in
	write) echo "$text" > "$path" 2>/dev/null ;;
	read) cat "$path" > /dev/null ;;
	esac
	echo "step $n rc=$? $line"
done < "$steps"

lttng stop > /dev/null
cat /proc/kallsyms > out/kallsyms
cat /proc/modules > out/modules
name=${mod##*/}
save_sections "${name%.ko}"
lttng destroy > /dev/null
echo "done"
