/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Joins that are passes of a loop (tests/unit/placement.c, README): a
 * marker that begins a loop's body, at the head of the rotated loop, and
 * one that ends a for body, where its ends meet; and a loop the compiler
 * removes (one pass) around a marker followed by another loop. */
#include <linux/simple_marker.h>

volatile int sink;
int flag;

__attribute__((noinline)) void work(long v)
{
	sink += (int)v;
}

/* csmith's transparent_crc(): a call, then a test of the flag. */
static inline void crc(long v, int f)
{
	work(v);
	if (f)
		work(-v);
}

/* Entered from the loop's entry and from the test at the end of both
 * ways through the if. */
__attribute__((noinline)) void pass_head(const long *v)
{
	int k;

	for (k = 0; k < 6; k++)
	{
		trace_simple(pass_head, "%d", k); crc(v[k], flag);
		if (flag) work(k);
	}
}

/* The step entered from both ends of the if. */
__attribute__((noinline)) void pass_end(const long *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
	{
		crc(v[i], flag);
		if (flag) work(i);
		trace_simple(pass_end, "%d", i); }
}

/* The outer loop runs once and is removed: the inner loop's head is in
 * as many loops of the code as the marker in the source. */
__attribute__((noinline)) void once_outer(const long *v)
{
	int i, j;

	for (i = 0; i < 1; i++)
	{
		trace_simple(once_outer, "%d", i); for (j = 0; j < 4; j++)
		{
			work(v[j]);
			if (flag) work(j);
		}
	}
}

int main(int argc, char **argv)
{
	static const long v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	(void)argv;
	flag = argc > 2;
	pass_head(v);
	pass_end(v, argc + 4);
	once_outer(v);
	return 0;
}
