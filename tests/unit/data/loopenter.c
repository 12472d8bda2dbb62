/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* A marker before a for loop on its line, the loop entered on two paths
 * (tests/unit/placement.c, README): gcc -O2 and -Os give the marker's
 * line a row on one path only, the jump into the loop's start from the
 * other; the fall-through path has none (bzip2's compress() at gcc -O3,
 * bench/realcode, and csmith seed 5151 at gcc -O3: 0 hits for 1 when
 * exact; here 1 hit for 3). */
#include <stdio.h>
#include <string.h>
#include <linux/simple_marker.h>

static const char *suf[4] = { ".bz2", ".bz", ".tbz2", ".tbz" };
static char in_name[64], out_name[64];

__attribute__((noinline)) static int has_suffix(const char *s, const char *x)
{
	size_t a = strlen(s), b = strlen(x);

	return a >= b && !strcmp(s + a - b, x);
}

__attribute__((noinline)) int check(const char *name, int mode)
{
	int i;

	switch (mode) {
	case 0:
		strncpy(in_name, "(stdin)", sizeof(in_name) - 1);
		strncpy(out_name, "(stdout)", sizeof(out_name) - 1);
		break;
	case 1:
		strncpy(in_name, name, sizeof(in_name) - 1);
		strncpy(out_name, name, sizeof(out_name) - 1);
		strcat(out_name, ".bz2");
		break;
	}
	if (mode != 0 && !strchr(in_name, '.')) {
		fprintf(stderr, "no dot in %s\n", in_name);
		return -1;
	}
	if (mode != 0 && in_name[0] == '-')
		return -2;
	trace_simple(suffix_scan, "%d", mode); for (i = 0; i < 4; i++) {
		if (has_suffix(in_name, suf[i])) {
			fprintf(stderr, "%s already has suffix %s\n", in_name,
				suf[i]);
			return i;
		}
	}
	return 4;
}

int main(int argc, char **argv)
{
	int s = 0;

	(void)argv;
	s += check("a.txt", 1);
	s += check("b.bz", 1);
	s += check(NULL, argc - 1);
	return s & 1;
}
