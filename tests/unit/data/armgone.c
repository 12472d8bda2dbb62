/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

static int zero(void)
{
	return 0;
}

__attribute__((noinline)) int gone(int x)
{
	sink = x;
	if (zero() == 0) {
		sink = 1;
	} else {
		sink = 2;
		trace_simple(else_gone, "x %d", x);
		for (int i = 0; i < x; i++)
			sink += i;
	}
	sink = 3;
	return sink;
}

int main(int argc, char **argv)
{
	(void)argv;
	return gone(argc) != 3;
}
