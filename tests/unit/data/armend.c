/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

struct gc {
	int first;
};

__attribute__((noinline)) int arm_end(struct gc *g, int v)
{
	int x = 0;

	if (v > 2) {
		sink = v;
		x = v + 1;
		trace_simple(end_set, "v %d x %d", v, x);
	}
	if (v > 1) {
		sink = v;
		g->first = 0;
		trace_simple(end_store, "v %d first %d", v, g->first);
	}
	if (v > 3) {
		sink = v;
		x += 2;
		trace_simple(end_then, "v %d", v);
	} else {
		sink = -v;
	}
	sink += x;
	return sink;
}

int main(int argc, char **argv)
{
	struct gc g = { 1 };
	int i, n = 0;

	(void)argv;
	for (i = 0; i < 5; i++)
		n += arm_end(&g, argc + i);
	return n == 0;
}
