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

int main(int argc, char **argv)
{
	char buf[256];
	long n = argc > 1 ? atol(argv[1]) : 5;
	size_t k = rep(buf, "ab", 2, ",", 1, n);

	k += rep(buf, "xy", 2, "", 0, n);
	printf("%zu\n", k);
	return 0;
}
