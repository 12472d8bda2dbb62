/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
static uint32_t g_out;

static __attribute__((noinline)) void func_14(uint32_t p_16)
{
	for (p_16 = 15; (p_16 > 11); p_16 = p_16 - 2)
	{
		int32_t l_50 = 1L;
		trace_simple(m9, "l_50=%d", l_50);
		int16_t *l_375 = (void*)0;
		(void)l_375;
	}
	g_out = p_16;
}

int main(int argc, char *argv[])
{
	(void)argv;
	func_14(argc);
	printf("%x\n", g_out);
	return 0;
}
