/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#include <stdio.h>

struct ct {
	unsigned short code, len;
};

static unsigned int rev(unsigned int code, int len)
{
	unsigned int res = 0;

	do {
		res |= code & 1;
		code >>= 1;
		res <<= 1;
	} while (--len > 0);
	return res >> 1;
}

/*
 * A marker ending a loop body that a continue skips (zlib's gen_codes()):
 * its zero-size point is where the continue goes too, and gcc may give
 * the continue a copy of the loop's latch with the marker's label.
 */
__attribute__((noinline)) void gen(struct ct *tree, int max_code,
				   unsigned short *next)
{
	int n;

	for (n = 0; n <= max_code; n++) {
		int len = tree[n].len;

		if (len == 0)
			continue;
		tree[n].code = (unsigned short)rev(next[len]++, len);
		trace_simple(code_mark, "len=%d", len); }
}

int main(void)
{
	struct ct tree[12] = {
		{ 0, 3 }, { 0, 0 }, { 0, 2 }, { 0, 0 }, { 0, 0 }, { 0, 3 },
		{ 0, 1 }, { 0, 0 }, { 0, 2 }, { 0, 0 }, { 0, 4 }, { 0, 0 },
	};
	unsigned short next[8] = { 0, 0, 2, 4, 8, 0, 0, 0 };

	gen(tree, 11, next);
	printf("%u %u\n", tree[0].code, tree[10].code);
	return 0;
}
