#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Fetch arguments: tests/fixtures/fetch.c built with gcc and clang at -O0
# and -O2, every marker argument turned into a uprobe fetch argument and
# checked (tests/unit/fetch.c has the table), then probed for real: the
# values real uprobes read at each marker are compared with what the
# fixture prints there.  The TAP comes from tests/unit/fetch, which
# "make check" builds; this script builds the fixtures and finds tracefs.
#
# tracefs: as root, /sys/kernel/tracing, mounted there if need be
# (tracefs_setup, tests/lib/tracefs.sh); otherwise the uprobe part is
# skipped, one result per fixture.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
. "$TOP/tests/lib/tracefs.sh"
unit_program fetch
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smk-fetch.XXXXXX") || exit 1
cleanup() {
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

src=$TOP/tests/fixtures/fetch.c
flags="-g -Wall -Wextra -I$TOP/include"
lds="-Wl,-T,$TOP/scripts/simple_marker-user.lds"
set --
for cc in gcc clang; do
	for opt in O0 O2; do
		label=$cc-$opt
		out=$TMP/$label
		if ! command -v "$cc" > /dev/null 2>&1; then
			set -- "$@" "$label=SKIP:$cc not installed"
			continue
		fi
		if "$cc" $flags -"$opt" "$src" $lds -o "$out" \
			> "$out.log" 2>&1; then
			if [ -s "$out.log" ]; then
				echo "# $label: compiler messages:"
				sed 's/^/#   /' "$out.log"
			fi
			set -- "$@" "$label=$out"
		else
			sed 's/^/# /' "$out.log"
			set -- "$@" "$label=FAIL:$cc -$opt failed to build $src"
		fi
	done
done

tracefs=
why=
if tracefs_setup; then
	tracefs=$TFS
else
	why=$tracefs_why
fi

if [ -n "$tracefs" ]; then
	# Events of earlier runs that died unclean: our group names end in
	# the PID of a process that no longer exists.
	grep -o '^p:smkfetch_[0-9]*/[A-Za-z0-9_]*' \
		"$tracefs/uprobe_events" 2> /dev/null |
	while IFS= read -r ev; do
		ev=${ev#p:}
		pid=${ev%%/*}
		pid=${pid#smkfetch_}
		kill -0 "$pid" 2> /dev/null && continue
		inst=$tracefs/instances/smkfetch_$pid
		echo 0 > "$inst/events/smkfetch_$pid/enable" 2> /dev/null
		rmdir "$inst" 2> /dev/null
		echo "-:$ev" >> "$tracefs/uprobe_events" &&
			echo "# removed stale event $ev"
	done
	"$unit" --tracefs "$tracefs" "$@"
else
	"$unit" --no-uprobes "$why" "$@"
fi
