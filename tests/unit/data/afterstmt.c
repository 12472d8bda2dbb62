/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

__attribute__((noinline)) void use(int r)
{
	sink += r;
}

/*
 * Markers ending a then arm, with an else after it: no line of their own,
 * the next line with code the else's, the code after them the arm's jump
 * over the else (under the line after the if).  The statement before is
 * a call (lua's freeregs()) or a loop: the site is
 * the instruction after that statement's code, which only its code leads
 * to.  (An if there, as in lua's singlevaraux(), gcc -O0 jumps from its
 * test past the arm's jump, to the join after the else: no instruction
 * runs only when the marker does.)
 */
__attribute__((noinline)) void free2(int r1, int r2)
{
	if (r1 > r2) {
		use(r1);
		use(r2);
	trace_simple(call_end, "r1 %d", r1); }
	else {
		use(r2);
		use(r1);
	}
}

__attribute__((noinline)) void find(int v, int base)
{
	int i;

	if (v >= 0) {
		for (i = 0; i < v; i++)
			use(i + base);
	trace_simple(loop_end, "base %d", base); }
	else {
		use(-v);
	}
}

int main(void)
{
	int i;

	for (i = 0; i < 6; i++) {
		free2(i, 3);
		find(i - 2, i & 1);
	}
	return 0;
}
