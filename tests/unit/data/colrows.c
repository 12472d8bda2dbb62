/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

/*
 * A marker with no code of its own before a statement that gcc -O0 gives
 * a row per column (zlib's adler32_z(): "sum2 = (adler >> 16) & 0xffff;"
 * two rows, straight one after the other): the next line's rows are one
 * run of it, the marker's site its first.
 */
__attribute__((noinline)) unsigned long split(unsigned long adler,
					      unsigned long len)
{
	unsigned long sum2;
	trace_simple(split_mark, "adler %lu len %lu", adler, len); unsigned n;

	sum2 = (adler >> 16) & 0xffff;
	adler &= 0xffff;
	for (n = 0; n < len; n++)
		sum2 += adler;
	return adler | (sum2 << 16);
}

int main(void)
{
	unsigned long t = 0;
	int i;

	for (i = 0; i < 3; i++)
		t += split(0x12345678 + i, 4);
	return (int)(t & 1);
}
