// SPDX-License-Identifier: GPL-2.0 OR MIT
/* x86-64, clang -O0, its function symbol removed: tests/unit/data/README. */
#include <stdio.h>
#include <stdlib.h>
#include <linux/simple_marker.h>

__attribute__((noinline)) int step(int x)
{
	x = x * 3 + 1;
	trace_simple(undec_step, "x %d", x);
	return x ^ 5;
}

int main(int argc, char **argv)
{
	printf("%d\n", step(argc > 1 ? atoi(argv[1]) : 4));
	return 0;
}
