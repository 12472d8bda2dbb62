/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* The end of the statement before the marker in unoptimized code, with
 * ways out of it (tests/unit/placement.c, README): a loop left by its own
 * breaks (bzip2's copy_input_until_stop), an else-if chain whose arms'
 * ends clang -O0 gives no line (bzip2's main), an if with a break of the
 * loop around it before a marker that another statement follows (zlib's
 * inflate). */
#include <stdio.h>
#include <string.h>
#include <linux/simple_marker.h>

volatile int sink;

__attribute__((noinline)) int own_breaks(int n, int limit)
{
	int got = 0;

	if (n < 0) {
		got = -1;
	} else {
		while (1) {
			if (got >= limit)
				break;
			if (n == 0)
				break;
			got++;
			n--;
		}
	trace_simple(own_breaks, "%d", got); }
	return got;
}

__attribute__((noinline)) int chain(const char **args, int n)
{
	int i, mode = 0;

	for (i = 0; i < n; i++) {
		if (!strcmp(args[i], "-a"))       mode |= 1; else
		if (!strcmp(args[i], "-b"))       mode |= 2; else
		if (!strcmp(args[i], "-c"))       mode |= 4; else
		if (!strcmp(args[i], "-d"))       { mode |= 8; sink++; } else
		if (strncmp(args[i], "--", 2) == 0) {
			mode |= 16;
		}
	trace_simple(chain_end, "%d", mode); }
	return mode;
}

__attribute__((noinline)) int leave_loop(const int *v, int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		if (v[i] > 10) {
			if (v[i] > 100) {
				sum = -1;
				break;
			}
			sum += 10;
		}
		trace_simple(after_break, "%d", sum); if (sum > 1000) {
			sum = 1000;
		}
		sum += v[i];
	}
	return sum;
}

int main(void)
{
	static const char *args[] = { "-a", "x", "-d", "--long", "-c", "y" };
	static const int v[] = { 1, 20, 3, 40, 5, 500, 7 };
	int k, t = 0;

	for (k = 0; k < 3; k++)
		t += own_breaks(k * 2 - 1, 3);
	t += chain(args, 6);
	t += leave_loop(v, 7);
	printf("%d\n", t);
	return 0;
}
