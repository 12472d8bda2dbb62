/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* bench/campaign/repro/sunk-store: gcc -O1 stores l_418's initializer
 * only where its address is taken, after the marker (tests/unit/placement.c). */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
static int32_t *g_1262;
static int32_t **g_1261 = &g_1262;
static int32_t g_out;

static __attribute__((noinline)) void func_9(int32_t p_12)
{
	int32_t l_418 = 0x52BCF8AAL;

	trace_simple(m23, "p_12=%d l_418=%d", p_12, l_418);
	int32_t l_1605 = 0xC614D320L;
	g_out += p_12 * l_1605;
	(*g_1261) = &l_418;
	g_out += **g_1261;
}

int main(int argc, char *argv[])
{
	(void)argv;
	func_9(argc);
	func_9(argc + 1);
	printf("%x\n", g_out);
	return 0;
}
