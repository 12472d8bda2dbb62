/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
static volatile uint32_t g[5][10] = {{1, 2, 3}, {4, 5}, {6}, {7}, {8, 9}};
static uint32_t crc;
int main(int argc, char *argv[])
{
	int i, j;
	int print_hash_value = argc == 2;

	for (i = 0; i < 5; i++)
	{
		for (j = 0; j < 10; j++)
		{
			crc = crc * 31 + g[i][j];
			if (print_hash_value) printf("index = [%d][%d]\n", i, j);

		}
	trace_simple(m22, "argc=%d print_hash_value=%d", argc, print_hash_value); }
	printf("%x\n", crc);
	return 0;
}
