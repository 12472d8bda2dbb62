/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

__attribute__((noinline)) int step(int *p)
{
	sink += *p;
	return --*p > 0;
}

/*
 * A marker beginning a do loop's body after a declaration with no code
 * (lua's convergeephemerons()): its site, the body's start, is entered
 * from before the loop and from the "while" test's back edge, each a pass
 * that the marker begins.
 */
__attribute__((noinline)) int converge(int n)
{
	int changed, passes = 0;

	do {
		int *w;
		trace_simple(pass_mark, "n %d", n); w = &n;
		changed = step(w);
		passes++;
	} while (changed);
	return passes;
}

int main(void)
{
	int i, t = 0;

	for (i = 1; i < 4; i++)
		t += converge(i);
	return t == 6 ? 0 : 1;
}
