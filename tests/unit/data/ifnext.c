/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

__attribute__((noinline)) int check(int *p)
{
	return p == 0 || *p < 0;
}

/*
 * A marker at a function's start with no code of its own, before "if
 * (check(p)) return -2;" on one line (zlib's inflateResetKeep()): gcc -O0
 * gives that line a row for its test and one for its return arm, which
 * only the test's jump enters.  The first row is the statement's start.
 */
__attribute__((noinline)) int reset(int *p)
{
	trace_simple(reset_mark, "p %p", p); int *q;

	if (check(p)) return -2;
	q = p;
	*q = 0;
	return 0;
}

int main(void)
{
	int v = 1, i, t = 0;

	for (i = 0; i < 5; i++)
		t += reset(i & 1 ? &v : 0);
	return t == -6 ? 0 : 1;
}
