/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#include <stdio.h>
#include <stdlib.h>

/* A marker ending a function, after a loop and a braceless if (bzip2's
 * mainSort()): gcc may keep its point in the if's arm only.  The goto
 * past it keeps the "every call runs the marker" check out. */
__attribute__((noinline)) void tail_if(int *a, int n, int verb)
{
	int i;

	if (!a)
		goto done;
	for (i = 0; i < n; i++) {
		a[i] = a[i] * 3 + 1;
	}
	if (verb >= 4)
		printf("%d %d\n", a[0], n);
	trace_simple(tail_mark, "");
done:
	return;
}

int main(int argc, char **argv)
{
	int a[4] = { 1, 2, 3, 4 };

	(void)argv;
	tail_if(a, 4, argc);
	tail_if(a, 4, argc + 4);
	return 0;
}
