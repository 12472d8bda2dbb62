/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* A marker before a return, in a function inlined into a loop of its
 * caller (tests/unit/placement.c, README): the return leaves the
 * callee, not the caller's loop.  gcc -O2 computes the loop away and
 * keeps the marker's block once after it, where the marker runs once a
 * pass (csmith seed 5151, func_5 in func_1: 1 hit for 4 when exact). */
#include <linux/simple_marker.h>

int g9[3][5] = { { 1 }, { 2 }, { 3, 4, 5, 6, 7 } };
int g2;

static int pick(int p)
{
	trace_simple(pick_ret, "%d", p); return g9[2][4];
}

__attribute__((noinline)) int loop_away(void)
{
	int v = 0;

	for (g2 = 4; g2 != 24; g2 += 5)
		v = pick(g2 != 9);
	return v;
}

__attribute__((noinline)) int loop_kept(int n)
{
	int v = 0, k;

	for (k = 0; k < n; k++)
		v += pick(k);
	return v;
}

int main(int argc, char **argv)
{
	(void)argv;
	return (loop_away() + loop_kept(argc + 2)) & 1;
}
