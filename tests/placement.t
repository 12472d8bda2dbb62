#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Placement fails closed (tests/unit/placement.c): the checked-in binaries
# of tests/unit/data (aarch64, i386, x86-64 code with no function symbol)
# and a function generated here whose loop has more instructions than a
# control-flow search follows never get an exact verdict.  No root.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib/unit.sh"
unit_program placement
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# 20,000 stores in one loop body: a search from its head gives up before
# it comes back round (cfg.c's MAX_STEPS is 16,384 instructions).
{
	echo '#include <linux/simple_marker.h>'
	echo 'volatile int sink;'
	echo '__attribute__((noinline)) int big(int n)'
	echo '{'
	echo '	for (int i = 0; i < n; i++) {'
	echo '		sink = i;'
	i=0
	while [ $i -lt 10000 ]; do
		echo "		sink = $i;"
		i=$((i + 1))
	done
	echo '		trace_simple(big_mid, "i %d", i);'
	while [ $i -lt 20000 ]; do
		echo "		sink = $i;"
		i=$((i + 1))
	done
	echo '	}'
	echo '	return sink;'
	echo '}'
	echo '__attribute__((noinline)) int small(int n)'
	echo '{'
	echo '	for (int i = 0; i < n; i++) {'
	echo '		sink = i;'
	echo '		trace_simple(small_mid, "i %d", i);'
	echo '		sink = i + 1;'
	echo '	}'
	echo '	return sink;'
	echo '}'
	echo 'int main(int argc, char **argv)'
	echo '{'
	echo '	(void)argv;'
	echo '	return big(argc) + small(argc);'
	echo '}'
} > "$TMP/big.c"
if ! gcc -std=gnu11 -O2 -g -I"$TOP/include" -o "$TMP/big" "$TMP/big.c" \
	-Wl,-T,"$TOP/scripts/simple_marker-user.lds" 2> "$TMP/err"; then
	echo "1..1"
	echo "not ok 1 - the generated large function builds"
	sed 's/^/# /' "$TMP/err" | head -20
	exit 1
fi
"$unit" "$TOP/tests/unit/data" "$TMP/big"
