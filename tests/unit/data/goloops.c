/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Loops the source reader once gave up on (a goto anywhere in the
 * function) and loops of the code that are the source's, split or
 * false.  Each function runs a known number of times from main().
 */

__attribute__((noreturn, noinline)) static void fail(const char *why)
{
	fprintf(stderr, "%s\n", why);
	exit(2);
}

/* A state machine: "for (;;) switch (mode)", states falling into each
 * other, a forward goto out (inflate's shape).  Each marker runs once a
 * pass of its state. */
__attribute__((noinline)) int machine(const unsigned char *in, int n)
{
	int mode = 0, have = 0, sum = 0, k;

	for (;;)
		switch (mode) {
		case 0:
			if (have >= n)
				goto out;
			mode = in[have] & 1 ? 1 : 2;
			break;
		case 1:
			sum += in[have++];
			trace_simple(odd_state, "sum=%d", sum); mode = 3;
			/* fallthrough */
		case 3:
			for (k = 0; k < (sum & 3); k++)
				sum ^= k << 2;
			mode = 0;
			break;
		case 2:
			sum -= in[have++];
			trace_simple(even_state, "sum=%d", sum); mode = 0;
			break;
		default:
			fail("bad mode");
		}
out:
	return sum;
}

/* A loop that gotos back make, and a marker after it in none. */
__attribute__((noinline)) int retry(int n)
{
	int tries = 0;

again:
	tries++;
	trace_simple(in_retry, "tries=%d", tries); n -= 3;
	if (n > 0)
		goto again;
	trace_simple(after_retry, "tries=%d", tries); return tries;
}

/* After a loop whose error paths call a function that does not return:
 * its call falls, in the bytes, into other code (bzip2's
 * compressStream). */
__attribute__((noinline)) int drain(const unsigned char *in, int n)
{
	int sum = 0, i = 0;

	while (1) {
		if (i >= n)
			break;
		if (in[i] == 0xff)
			goto bad;
		sum += in[i++];
	}
	trace_simple(drained, "sum=%d", sum); if (sum < 0)
		goto bad;
	return sum;
bad:
	fail("bad input");
}

/* A computed goto: the reader cannot tell its loops. */
__attribute__((noinline)) int computed(int n)
{
	void *back = &&top;
	int sum = 0;

top:
	sum += n;
	trace_simple(computed_mark, "sum=%d", sum); if (--n > 0)
		goto *back;
	return sum;
}

int main(int argc, char **argv)
{
	static const unsigned char in[] = { 1, 2, 3, 4, 5, 7, 9, 10 };
	int n = argc > 1 ? atoi(argv[1]) : 8;

	printf("%d %d %d %d\n", machine(in, n), retry(10), drain(in, n),
	       computed(4));
	return 0;
}
