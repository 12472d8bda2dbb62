/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#include <stdio.h>

typedef struct {
	unsigned char b[8];
} UInt64;

static double uInt64_to_double(UInt64 *n)
{
	int i;
	double base = 1.0;
	double sum = 0.0;

	for (i = 0; i < 8; i++) {
		trace_simple(pass_mark, ""); sum += base * (double)(n->b[i]);
		base *= 256.0;
	}
	return sum;
}

static void uInt64_from(UInt64 *n, unsigned int hi, unsigned int lo)
{
	n->b[7] = (hi >> 24) & 0xff; n->b[6] = (hi >> 16) & 0xff;
	n->b[5] = (hi >> 8) & 0xff; n->b[4] = hi & 0xff;
	n->b[3] = (lo >> 24) & 0xff; n->b[2] = (lo >> 16) & 0xff;
	n->b[1] = (lo >> 8) & 0xff; n->b[0] = lo & 0xff;
}

__attribute__((noinline)) void show(const UInt64 *n)
{
	printf("%u\n", n->b[0]);
}

__attribute__((noinline)) void report(unsigned int b, unsigned int d)
{
	UInt64 in;
	double din;

	uInt64_from(&in, 0, b);
	din = uInt64_to_double(&in);
	show(&in);
	printf("%6.3f:1\n", din / d);
}

int main(int argc, char **argv)
{
	(void)argv;
	report(1000u * argc, 300);
	return 0;
}
