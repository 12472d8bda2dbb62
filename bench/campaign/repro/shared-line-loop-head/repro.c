/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
#include "csmith.h"
static int32_t g_427[6][4] = {{1, 2, 3, 4}, {5, 6}, {7}, {8}, {9}};

int main(int argc, char *argv[])
{
	int i, j;
	int print_hash_value = 0;

	if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
	crc32_gentab();
	for (i = 0; i < 6; i++)
	{
		for (j = 0; j < 4; j++)
		{
			transparent_crc(g_427[i][j], "g_427[i][j]", print_hash_value);
			if (print_hash_value) printf("index = [%d][%d]\n", i, j);
		}
	}
	trace_simple(m21, "argc=%d", argc); for (i = 0; i < 5; i++)
	{
		for (j = 0; j < 10; j++)
			if (print_hash_value) printf("index = [%d]\n", i);
	}
	platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
	return 0;
}
