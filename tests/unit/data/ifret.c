/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

volatile int sink;

struct st {
	int mode, err;
};

/* A marker after the test of a return (zlib's gzfread()). */
__attribute__((noinline)) int after_return(struct st *s, int n)
{
	if (s->mode != 7 ||
	    (s->err != 0 && s->err != -5))
		return 0;
	trace_simple(after_ret, "n %d", n); sink = n * 2;
	return sink;
}

/* A marker after a braceless if in a loop (zlib's gz_load()). */
__attribute__((noinline)) int clamp_loop(int len, int max)
{
	int have = 0, get;

	do {
		get = len - have;
		if (get > max)
			get = max;
		trace_simple(skip_mark, "max %d", max); have += get;
	} while (have < len);
	return have;
}

/* A marker before an if on its own line, after an if that returns
 * (zlib's deflateInit2_()): the line's rows are the if's test and arm. */
__attribute__((noinline)) int line_if(int w, int wrap)
{
	if (w < 8 || w > 15 || (w == 8 && wrap != 1)) {
		return -2;
	}
	trace_simple(line_if_mark, "w %d", w); if (w == 8) w = 9;
	sink = w;
	return w;
}

/* A marker before a loop, after a one-instruction statement that an if
 * joins (zlib's gz_read()): that statement's instruction is the site. */
__attribute__((noinline)) int prev_one(int a)
{
	int got;

	if (a > 3)
		sink = a;
	got = 0;
	trace_simple(prev_one_mark, "a %d", a); do {
		got += a;
		a--;
	} while (a > 0);
	return got;
}

/* A marker ending a while loop's body after an if/else (lua's
 * remarkupvals()): clang -O0's back jump is the body's own, gcc -O0's
 * test at the bottom is entered from the loop's top too. */
__attribute__((noinline)) int while_end(int n)
{
	int work = 0;

	while (n > 0) {
		if (n & 1)
			work += n;
		else {
			work -= 1;
			sink = work;
		}
		n--;
	trace_simple(while_end_mark, "work %d", work); }
	return work;
}

/* A marker a macro puts in its use's line, inside its own if. */
#define ADD_CHECKED(acc, v) ({						\
	long __r;							\
	int __ovf = __builtin_add_overflow((acc), (v), &__r);		\
	if (__ovf)							\
		trace_simple(macro_mark, "%ld", (long)(v));		\
	__ovf ? (acc) : __r;						\
})

__attribute__((noinline)) long add2(long a, long b)
{
	long s = 0;

	s = ADD_CHECKED(s, a);
	s = ADD_CHECKED(s, b);
	return s;
}

int main(int argc, char **argv)
{
	struct st s = { 7, 0 };
	int i, n = 0;

	(void)argv;
	for (i = 0; i < 5; i++) {
		s.err = i == 2 ? 3 : i == 3 ? -5 : 0;
		s.mode = i == 4 ? 1 : 7;
		n += after_return(&s, argc + i);
	}
	n += clamp_loop(10 + argc, 3);
	for (i = 0; i < 5; i++)
		n += prev_one(i + argc);
	n += while_end(6 + argc);
	n += while_end(argc - 1);
	for (i = 6; i < 18; i += 2)
		n += line_if(i + argc - 1, i == 8 ? 1 : 0);
	n += (int)add2(argc, 0x7fffffffffffffffL);
	return n == 0;
}
