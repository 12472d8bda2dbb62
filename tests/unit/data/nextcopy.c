/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

struct win {
	int look, start;
};

__attribute__((noinline)) void fill(struct win *w)
{
	w->look += sink & 1;
}

/*
 * A marker before a while loop (zlib's deflateSetDictionary()): gcc -O1
 * tests the loop's condition before the loop and again at its bottom, two
 * rows of the next statement for the marker's one block; the bottom one
 * is reached only through the body, after the marker's site.
 */
__attribute__((noinline)) int set_dict(struct win *w, int len)
{
	trace_simple(dict_mark, "len %d", len); fill(w);
	while (w->look >= len) {
		w->start += w->look;
		w->look = w->look / 2;
		fill(w);
	}
	return w->start;
}

int main(void)
{
	struct win w = { 0, 0 };
	int i, t = 0;

	for (i = 0; i < 5; i++) {
		w.look = 40 + i;
		t += set_dict(&w, 5);
	}
	return t == 12345;
}
