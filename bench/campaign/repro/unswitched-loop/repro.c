/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>
#include <stdint.h>
#include "csmith.h"
static int16_t g_84[1][9][4] = {{{1, 2, 3, 4}, {5, 6}, {7}, {8}, {9}}};

int main(int argc, char *argv[])
{
	int i, j, k;
	int print_hash_value = 0;

	if (argc == 2 && strcmp(argv[1], "1") == 0)
		print_hash_value = 1;
	crc32_gentab();
	for (i = 0; i < 1; i++) {
		for (j = 0; j < 9; j++) {
			for (k = 0; k < 4; k++) {
				transparent_crc(g_84[i][j][k], "g_84[i][j][k]", print_hash_value);
				trace_simple(m18, "print_hash_value=%d", print_hash_value);
				if (print_hash_value)
					printf("index = [%d][%d][%d]\n", i, j, k);
			}
		}
	}
	platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
	return 0;
}
