/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Loop nesting (tests/unit/placement.c, README): markers whose probe
 * would sit in more or fewer loops of the code than the marker is in. */
#include <linux/simple_marker.h>

volatile int sink;
static long dead[5];

/* The marker shares its line with the head of the loop after it. */
__attribute__((noinline)) long line_head(const long *v, int n)
{
	long s = 0;
	int i;

	trace_simple(line_head, "%d", n); for (i = 0; i < n; i++) s += v[i];
	return s;
}

/* The loop only fills a dead array: the compiler deletes it. */
__attribute__((noinline)) long deleted(long x)
{
	int i;

	for (i = 0; i < 5; i++) {
		dead[i] = x;
		trace_simple(deleted_body, "%ld", x);
	}
	return x + 1;
}

/* A return inside the loop: its code is no part of the loop's cycle. */
__attribute__((noinline)) int find(const long *v, int n, long key)
{
	int i;

	for (i = 0; i < n; i++) {
		sink = i;
		if (v[i] == key) {
			trace_simple(find_hit, "%d %ld", i, key);
			return i;
		}
	}
	return -1;
}

/* In a loop, and in a loop in a loop. */
__attribute__((noinline)) long nested(const long *v, int n)
{
	long s = 0;
	int i, j;

	for (i = 0; i < n; i++) {
		sink = i;
		trace_simple(outer_body, "%d", i);
		for (j = 0; j < i; j++) {
			sink = j;
			trace_simple(inner_body, "%d %d", i, j);
			s += v[j];
		}
	}
	return s;
}

/* At gcc -O0: the first row of the for's line is its initialization,
 * reached straight from the statement before; a setcc in an arm is the
 * value the source computes (-O0 runs no if-conversion). */
__attribute__((noinline)) long first_row(const long *v, int n, int a, int b)
{
	long s = 0;
	int i;

	sink = n;
	trace_simple(for_init, "%d", n); for (i = 0; i < n; i++) s += v[i];
	if (a > b) {
		trace_simple(setcc_arm, "%d %d", a, b); sink = a < 2 * b;
	}
	return s;
}

/* The end of a for body: the step runs next, and only then. */
__attribute__((noinline)) int body_end(const long *v, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++) {
		k += (int)v[i];
		trace_simple(body_end, "%d %d", i, k);
	}
	return k;
}

int main(int argc, char **argv)
{
	long v[4] = { 1, 2, 3, 4 };

	(void)argv;
	sink = (int)line_head(v, argc + 3);
	sink = (int)deleted(argc);
	sink = find(v, 4, argc + 2);
	sink = (int)nested(v, argc + 3);
	sink = (int)first_row(v, argc + 2, argc + 1, argc);
	sink = body_end(v, argc + 3);
	return 0;
}
