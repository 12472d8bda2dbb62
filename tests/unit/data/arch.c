// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Built for other machines: tests/unit/data/README. */
#include <linux/simple_marker.h>

int step(int x);
int step(int x)
{
	trace_simple(arch_step, "x %d", x);
	return x * 3 + 1;
}

void _start(void);
void _start(void)
{
	volatile int r = step(4);
	(void)r;
	for (;;)
		;
}
