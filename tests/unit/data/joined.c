/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* gcc -O2 sinks a switch's dispatch past the marker's point and joins
 * its arms after it: the marker's block is kept in two arms' copies, and
 * the statement before the marker ("sym = 0") has code only in the join,
 * which the third arm enters without a site (zlib's inflate_table at gcc
 * -O2 and -O3: 4 hits of 6 before the check; tests/unit/placement.c,
 * README). */
#include <stdio.h>
#include <linux/simple_marker.h>

enum kind { CODES, LENS, DISTS };
static const unsigned short lb[] = { 3, 4, 5, 6 }, le[] = { 16, 16, 17, 17 };
static const unsigned short db[] = { 1, 2, 3, 4 }, de[] = { 16, 16, 16, 16 };

__attribute__((noinline)) int table(enum kind type, unsigned int root,
				    unsigned short *out, unsigned int codes)
{
	const unsigned short *base, *extra;
	unsigned int match, used, sym, huff, len, i;

	switch (type) {
	case CODES:
		base = extra = out;
		match = 20;
		break;
	case LENS:
		base = lb;
		extra = le;
		match = 257;
		break;
	default:
		base = db;
		extra = de;
		match = 0;
	}
	huff = 0;
	sym = 0;
	trace_simple(joined_mark, "codes=%u", codes); len = root;
	used = 1U << root;
	if ((type == LENS && used > 852) || (type == DISTS && used > 592))
		return 1;
	for (i = 0; i < codes; i++) {
		out[i] = (unsigned short)(base[i & 3] + extra[i & 3] + match +
					  huff + sym + len);
		huff += i;
		sym++;
	}
	return (int)(huff + sym);
}

int main(int argc, char **argv)
{
	unsigned short out[64];
	int t = 0, k;

	(void)argv;
	for (k = 0; k < 6; k++)
		t += table((enum kind)(k % 3), 4 + k % 2, out, 8 + argc);
	printf("%d\n", t);
	return 0;
}
