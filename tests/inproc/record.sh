#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# record.sh OUT FILTER SCRIPT: record the events "simple_marker:*" (or
# those RECORD_EVENT names: simple_marker:hit, simple_marker:MARKER),
# with the LTTng filter expression FILTER when it is not empty, into directory
# OUT while "sh SCRIPT" runs, with a private lttng-sessiond in a mount
# namespace of its own, as tests/fixtures/lttng/record.sh does (see
# there).  The channel blocks (no event discarded): SCRIPT's programs
# need LTTNG_UST_ALLOW_BLOCKING=1; RECORD_NONBLOCK=1 makes it discard
# instead, RECORD_SUBBUF and RECORD_NSUBBUF size it, RECORD_EXTRA names
# more events to enable (bench/inproc.py's compiled-in peer, bench:*).
# The statedump events and the vpid context are recorded too: they are
# symbolize-trace's address map.
# Exit status: SCRIPT's, 77 when the
# daemon cannot start, 1 when a step of the set-up fails.
set -u
[ "$(id -u)" = 0 ] || { echo "record.sh: not root" >&2; exit 77; }
mkdir -p /var/run/lttng 2>/dev/null
exec unshare --mount --propagation private sh -c '
out=$1; filter=$2; script=$3
mount -t tmpfs smk-lttng /var/run/lttng || exit 77
mount -t tmpfs smk-shm /dev/shm || exit 77
LTTNG_HOME=$(mktemp -d "${TMPDIR:-/tmp}/smk-lttng-home.XXXXXX") || exit 77
export LTTNG_HOME
cleanup() {
	pid=$(cat /var/run/lttng/lttng-sessiond.pid 2>/dev/null)
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.05; i=$((i + 1))
		done
		kill -9 "$pid" 2>/dev/null
	fi
	rm -rf "$LTTNG_HOME"
}
trap cleanup EXIT
lttng-sessiond --daemonize --no-kernel >/dev/null 2>&1 || exit 77
q() { "$@" >/dev/null || { echo "record.sh: $* failed" >&2; exit 1; }; }
q lttng create smk --output="$out"
blocking=--blocking-timeout=inf
[ "${RECORD_NONBLOCK:-0}" = 1 ] && blocking=
q lttng enable-channel -u --subbuf-size="${RECORD_SUBBUF:-1M}" \
	--num-subbuf="${RECORD_NSUBBUF:-4}" $blocking c
[ -n "${RECORD_EXTRA:-}" ] && q lttng enable-event -u -c c "$RECORD_EXTRA"
# The address map, for symbolize-trace --fields site_ip.
q lttng enable-event -u -c c "lttng_ust_statedump:*"

if [ -n "$filter" ]; then
	q lttng enable-event -u -c c "${RECORD_EVENT:-simple_marker:*}" \
		--filter "$filter"
else
	q lttng enable-event -u -c c "${RECORD_EVENT:-simple_marker:*}"
fi
q lttng add-context -u -c c -t vpid -t vtid
q lttng start
sh "$script"
rc=$?
q lttng stop
q lttng destroy
exit $rc
' sh "$@"
