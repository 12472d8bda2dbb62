/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Loops that make no second pass (tests/unit/placement.c, README): each
 * path through the body returns or breaks out, so the step and the test
 * after the body are code no pass reaches and the code has no cycle
 * there (csmith seed 4242, func_39: "for (...) { ...; return x; }"
 * around a loop that does go round). */
#include <linux/simple_marker.h>

volatile int g;

__attribute__((noinline)) int first_pass(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		trace_simple(once_first, "%d", i);
		if (g > 3)
			return g;
		else {
			g++;
			break;
		}
	}
	return -1;
}

__attribute__((noinline)) int around_loop(int n)
{
	int a, b;

	for (a = 0; a < n; a++) {
		for (b = 0; b < n; b++) {
			trace_simple(once_inner, "%d", b);
			g += b;
		}
		return g;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int s = 0, k;

	(void)argv;
	for (k = 0; k < 6; k++)
		s += first_pass(argc + 2) + around_loop(argc + 3);
	return s & 1;
}
