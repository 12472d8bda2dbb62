/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Loops the compiler reshaped (tests/unit/placement.c, README). */
#include <linux/simple_marker.h>

int g_seen;

/* gcc computes the loop without looping: the inlined function has no
 * code left, and its marker's block sits in main()'s code, in no loop. */
static int fill(void)
{
	int i, v = 0;

	for (i = 0; i < 10; i++) {
		trace_simple(gone_body, "");
		v += 3;
	}
	return v;
}

/* A loop entered at two places (a goto into it): irreducible flow. */
int __attribute__((noinline)) two_entries(int n, int c)
{
	int s = n;

	if (c)
		goto inside;
	do {
		s = s * 7 + 1;
		g_seen++;
inside:
		trace_simple(irr_body, "%d", s);
		s ^= s >> 3;
	} while ((s & 1) && n--);
	return s;
}

int main(int argc, char **argv)
{
	return fill() + two_entries(argc, argc > 1);
}
