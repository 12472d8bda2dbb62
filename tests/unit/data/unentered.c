/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

static const int never;
long g[4];
void (*hook)(long);

/* Called once, from code the compiler removed: no copy, no call left. */
void gone(long v)
{
	g[0] += v;
	trace_simple(gone_mark, "v %ld", v);
	g[1] = v;
}

/* Called by name only where it is dead, and through a pointer. */
void by_ptr(long v)
{
	g[2] += v;
	trace_simple(ptr_mark, "v %ld", v);
	g[3] = v;
}

__attribute__((noinline)) void direct(long v)
{
	g[1] -= v;
	trace_simple(direct_mark, "v %ld", v);
	g[0] = v;
}

int main(int argc, char **argv)
{
	(void)argv;
	if (never) {
		gone(argc);
		by_ptr(argc);
	}
	hook = by_ptr;
	hook(argc);
	direct(argc);
	return (int)g[0];
}
