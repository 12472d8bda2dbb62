/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
static int64_t g_373;
static uint32_t g_out;

static __attribute__((noinline)) void func_34(uint32_t p_37)
{
	uint32_t l_1345 = 0xDC952B91L;

	trace_simple(m44, "l_1345=%u", l_1345);
	--l_1345;
	for (g_373 = -5; g_373 == 55; g_373 += 7)
		l_1345 += p_37;
	g_out = l_1345;
}

int main(int argc, char *argv[])
{
	(void)argv;
	func_34(argc);
	func_34(argc + 1);
	printf("%x\n", g_out);
	return 0;
}
