/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* A local whose address is taken before the marker and escapes after
 * it (tests/unit/placement.c, README): gcc -O2 computes the address
 * ("lea 0x1c(%rsp)") early and stores the initializer only where the
 * pointer escapes, after the marker, so the stack slot DWARF names is
 * not written at the marker's point (csmith seed 6363: 0 read for 8).
 * An address taken writes nothing. */
#include <linux/simple_marker.h>

int ***g198;
int *g_slot[2];
int **g_p = &g_slot[0];
volatile int g_bump;

__attribute__((noinline)) int escape(int n)
{
	int l = 8;
	int *p = &l;
	int k;

	g_bump |= 0x40;
	trace_simple(slot_late, "l=%d", l); (**g198) = p;
	for (k = 0; k < n; k++)
		g_bump += k;
	return g_bump;
}

int main(int argc, char **argv)
{
	(void)argv;
	g198 = &g_p;
	return escape(argc + 1) & 1;
}
