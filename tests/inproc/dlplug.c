// SPDX-License-Identifier: GPL-2.0 OR MIT
/* The library dlmain loads and unloads: one marker with two values. */
#include <linux/simple_marker.h>

long plug_work(int round, int call);

__attribute__((noinline)) long plug_work(int round, int call)
{
	trace_simple(plug_call, "round %d call %d", round, call);
	return round * 10L + call;
}
