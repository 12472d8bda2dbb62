/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* A loop with a constant trip count that the compiler peels and keeps a
 * loop for the rest (tests/unit/placement.c, README): bzip2's
 * uInt64_to_double at clang -Os, 8 passes by the source, the first two
 * peeled off with no row of the marker's line, the loop kept for 6. */
#include <stdio.h>
#include <linux/simple_marker.h>

struct u64 { unsigned char b[8]; };

static double to_double(const struct u64 *n)
{
	int i;
	double base = 1.0;
	double sum = 0.0;

	for (i = 0; i < 8; i++) {
		trace_simple(peeled, "%d", i); sum += base * (double)(n->b[i]);
		trace_simple(peeled_base, "%d", i); base *= 256.0;
	}
	return sum;
}

int main(int argc, char **argv)
{
	struct u64 n = { { 1, 2, 3, 4, 5, 6, 7, (unsigned char)argc } };

	(void)argv;
	printf("%f\n", to_double(&n));
	return 0;
}
