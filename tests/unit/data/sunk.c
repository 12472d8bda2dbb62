/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* gcc -O2 threads the inlined call's trailing "if (flag)" into the one
 * after the marker, and the marker's block lands inside that arm
 * (tests/unit/placement.c, README; csmith's checksum loops). */
#include <stdio.h>
#include <linux/simple_marker.h>

static unsigned int crc_state;
unsigned int g_v[6] = { 1, 2, 3, 4, 5, 6 };

static inline void crc_add(unsigned int v, int flag)
{
	crc_state = crc_state * 31 + v;
	if (flag)
		printf("...checksum after hashing: %X\n", crc_state);
}

int main(int argc, char **argv)
{
	int i, flag = argc == 2 && argv[1][0] == '1';

	for (i = 0; i < 6; i++) {
		crc_add(g_v[i], flag);
		trace_simple(after_crc, "%d", i); if (flag) printf("index = [%d]\n", i);
	}
	printf("%X\n", crc_state);
	return 0;
}
