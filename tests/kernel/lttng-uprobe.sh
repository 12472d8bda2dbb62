# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest side of the userspace-probe part of tests/lttng.t, run by
# scripts/qemu-run.sh in /smk of a busybox initramfs, as
# "sh lttng-uprobe.sh ROOT.tar.gz BIN PATH COMMANDS ARG...":
#
#   ROOT.tar.gz  lttng, lttng-sessiond, lttng-consumerd with their shared
#                libraries and the loader, session.xsd, and the LTTng
#                kernel modules with their modules.dep (as tests/
#                lttng-kernel.t makes it)
#   BIN          the program, installed at PATH (the path the commands
#                name, as marker-resolve printed them on the host)
#   COMMANDS     marker-resolve --format=lttng's output: each "lttng ..."
#                line is run as it is, in the session "smk"
#   ARG...       the program's arguments
#
# Leaves in out/: trace/ (the session's output), expected (the program's
# stderr), commands (one "command ok|rejected LINE" a line), log (the
# session daemon's).
. ./guest-lib.sh

root=$1
bin=$2
path=$3
cmds=$4
shift 4

tar -xzf "$root" -C / || { echo "cannot unpack $root"; exit 1; }
mkdir -p /var/run /dev/shm /tmp/home "${path%/*}"
mount -t tmpfs tmpfs /dev/shm
export HOME=/tmp/home LTTNG_HOME=/tmp/home
cp "$bin" "$path" && chmod 755 "$path" || exit 1
lttng-sessiond --daemonize --kmod-probes=none > out/log 2>&1 ||
	{ echo "lttng-sessiond failed"; cat out/log; exit 1; }
lttng create smk --output=/smk/out/trace > /dev/null || exit 1
: > out/commands
grep '^lttng ' "$cmds" | while IFS= read -r line; do
	if eval "$line" > out/cmd.log 2>&1; then
		echo "command ok $line" >> out/commands
	else
		echo "command rejected $line" >> out/commands
		sed 's/^/  | /' out/cmd.log >> out/commands
	fi
done
lttng list smk > out/list 2>&1
lttng start > /dev/null || exit 1
"$path" "$@" 2> out/expected
echo "program rc=$?"
lttng stop > /dev/null
lttng destroy > /dev/null
echo "done"
