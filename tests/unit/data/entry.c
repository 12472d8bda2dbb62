/* A marker ending an if arm at the end of a loop body (lua's str_rep):
 * gcc gives the marker's block the loop's first test, before the loop,
 * as well as the latches in it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/simple_marker.h>

__attribute__((noinline)) static size_t rep(char *p, const char *s, size_t l,
					  const char *sep, size_t lsep, long n)
{
	char *start = p;

	while (n-- > 1) {
		memcpy(p, s, l);
		p += l;
		if (lsep > 0) {
			memcpy(p, sep, lsep);
			p += lsep;
			trace_simple(rep_sep, "n=%ld", n);
		}
	}
	memcpy(p, s, l);
	return (size_t)(p - start) + l;
}

/* A marker opening a loop's body (zlib's gz_zero): gcc peels the first
 * pass, the body's start once before the loop and once in it.  Each
 * copy is a pass. */
__attribute__((noinline)) static long zeros(char *buf, long len, long size)
{
	int first = 1;
	long done = 0;

	while (len) {
		trace_simple(zero_pass, "len=%ld", len);
		long n = size > len ? len : size;

		if (first) {
			memset(buf, 0, (size_t)n);
			first = 0;
		}
		done += n;
		len -= n;
	}
	return done;
}

int main(int argc, char **argv)
{
	char buf[256];
	long n = argc > 1 ? atol(argv[1]) : 5;
	size_t k = rep(buf, "ab", 2, ",", 1, n);

	k += rep(buf, "xy", 2, "", 0, n);
	k += (size_t)zeros(buf, n * 10, 16);
	printf("%zu\n", k);
	return 0;
}
