/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* A loop whose body's way out tests a value the loop does not change
 * (tests/unit/placement.c, README): the compiler settles the test before
 * the loop, unrolls the version that never leaves into copies of the
 * pass one after another, and the version that leaves on its first pass
 * keeps no copy of the marker's point (csmith seed 4242 at gcc -O3). */
#include <stdio.h>
#include <linux/simple_marker.h>

int g_stop = 1;
long g_seen;
volatile long *g_ptr = &g_seen;

__attribute__((noinline)) long passes(void)
{
	long acc = 0;
	int i;

	for (i = 0; i < 8; i++) {
		trace_simple(unswitched, "%d", i); acc += *g_ptr;
		if (g_stop)
			return acc;
	}
	return acc;
}

int main(void)
{
	long t = passes();

	g_stop = 0;
	t += passes();
	printf("%ld\n", t);
	return 0;
}
