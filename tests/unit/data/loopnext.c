/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

/*
 * A marker with no code of its own before a for loop (zlib's
 * inflate_table(): declarations and static tables, then "for (len = 0;
 * len <= MAXBITS; len++)"): the next line's rows are the loop's start,
 * reached straight from the code before the marker, and its test and
 * step, deeper in the loop of the code; the site is the start.
 */
__attribute__((noinline)) unsigned fill(unsigned short *count, unsigned n)
{
	unsigned len;
	trace_simple(fill_mark, "n %u", n); unsigned sum;
	static const unsigned short base[4] = { /* a table */
		3, 4, 5, 6};

	for (len = 0; len <= 15; len++)
		count[len] = 0;
	sum = base[n & 3];
	for (len = 0; len < n; len++)
		sum += count[len & 15] + len;
	return sum;
}

int main(void)
{
	unsigned short count[16];
	unsigned t = 0;
	int i;

	for (i = 0; i < 3; i++)
		t += fill(count, 5 + i);
	return (int)(t & 1);
}
