#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# The line coverage of the library under the fuzz targets, per file, with
# issue 14's targets: at least 70% of the lines of the parsing files, 50%
# of placement.c, fetch.c and cfg.c.
#
#   sh tests/fuzz/coverage.sh [NAME...]     (default: every target)
#
# Builds the llvm-cov flavour of the targets (make fuzz-build FUZZ_COV=1),
# replays the corpora of FUZZ_WORK (default tests/fuzz/build/corpus, which
# "make fuzz" grows), the seeds and the regression inputs through
# run.sh cov, and prints "FILE LINES COVERED% TARGET met|BELOW" for the
# files that have a target, then the total of the library.  Exit 0.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
names=${*:-$(cd tests/fuzz && ls fuzz-*.c | sed 's/^fuzz-//; s/\.c$//')}
make -s fuzz-build FUZZ_COV=1 > /dev/null || exit 1
# shellcheck disable=SC2086
sh tests/fuzz/run.sh cov $names > "${TMPDIR:-/tmp}/smk-cov.$$" 2>&1 || {
	cat "${TMPDIR:-/tmp}/smk-cov.$$"
	rm -f "${TMPDIR:-/tmp}/smk-cov.$$"
	exit 1
}
# llvm-cov report columns: Filename Regions Missed Cover Functions Missed
# Executed Lines Missed Cover Branches Missed Cover
awk '
BEGIN {
	n = split("binary.c record.c sdt.c kernel.c inputs.c expr.c " \
		  "probe-event.c ftrace.c kmap.c ctf.c addrmap.c", a, " ")
	for (i = 1; i <= n; i++) target[a[i]] = 70
	n = split("placement.c fetch.c cfg.c", a, " ")
	for (i = 1; i <= n; i++) target[a[i]] = 50
	printf "%-16s %7s %9s %7s\n", "file", "lines", "covered", "target"
}
$1 ~ /^([a-z0-9-]*\/)*[a-z0-9-]*\.c$/ {
	f = $1; sub(/.*\//, "", f)
	if (f in target) {
		pct = $10; sub(/%/, "", pct)
		printf "%-16s %7d %8.2f%% %6d%% %s\n", f, $8, pct, target[f],
		       ((pct + 0 >= target[f]) ? "met" : "BELOW")
	}
}
$1 == "TOTAL" { total = $10; lines = $8 }
END { printf "%-16s %7d %9s\n", "library", lines, total }
' "${TMPDIR:-/tmp}/smk-cov.$$"
rm -f "${TMPDIR:-/tmp}/smk-cov.$$"
