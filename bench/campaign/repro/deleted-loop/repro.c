/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
static uint64_t g_153;
static uint64_t *sink;

static __attribute__((noinline)) void func_1(void)
{
	uint64_t l_22 = 18446744073709551608UL;
	uint64_t *l_1035[5][1];
	int i, j;

	for (i = 0; i < 5; i++)
	{
		for (j = 0; j < 1; j++)
			l_1035[i][j] = &g_153;
	trace_simple(m2, "l_22=%lu", l_22); }
	sink = l_1035[4][0];
	g_153 += l_22;
}

int main(void)
{
	func_1();
	printf("%lx\n", (unsigned long)g_153 + (sink == &g_153));
	return 0;
}
