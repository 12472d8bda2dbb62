/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

static int safe_div(int a, int b)
{
	return b == 0 ? a : a / b;
}

__attribute__((noinline)) int split_test(int b, int y)
{
	if (safe_div(y, b) == y) {
		int l = 7;
		trace_simple(arm_split, "l %d", l);
		if (b)
			sink = 1;
		else
			sink = 2;
		sink += y;
	}
	return sink;
}

int main(int argc, char **argv)
{
	(void)argv;
	split_test(0, argc);
	split_test(1, argc);
	return split_test(argc, 3) != 0;
}
