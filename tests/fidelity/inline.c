// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers in static inline helpers used several times (one record, many
 * inlined copies), in a helper also called through a pointer (an
 * out-of-line copy too), inside a statement-expression macro used three
 * times, on struct members, with no arguments and with twelve.
 *
 * markers: 6
 */
#include "fid.h"

static inline unsigned int mix32(unsigned int x)
{
	unsigned int in = x;

	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	trace_simple(mix32, "%x %x", in, x);
	return x;
}

unsigned int hash_pair(unsigned int a, unsigned int b)
{
	return mix32(a) ^ mix32(b);
}

unsigned int hash_array(const unsigned int *v, unsigned long n)
{
	unsigned int h = 0;

	while (n--)
		h = mix32(h ^ *v++);
	return h;
}

/* Used directly and through a pointer: an offline copy stays too. */
static inline int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	trace_simple(cmp_int, "%d %d", x, y);
	return (x > y) - (x < y);
}

int (*get_cmp(void))(const void *, const void *)
{
	return cmp_int;
}

int min_int(int a, int b)
{
	return cmp_int(&a, &b) <= 0 ? a : b;
}

/* A marker inside a statement-expression macro, used three times. */
#define CHECKED_ADD(acc, v) ({						\
	long __r;							\
	int __ovf = __builtin_add_overflow((acc), (v), &__r);		\
	if (__ovf)							\
		trace_simple(checked_add_ovf, "%ld %ld", acc, v);	\
	__ovf ? (acc) : __r;						\
})

long add3(long a, long b, long c)
{
	long s = 0;

	s = CHECKED_ADD(s, a);
	s = CHECKED_ADD(s, b);
	s = CHECKED_ADD(s, c);
	return s;
}

void pt_move(struct pt *p, int dx, int dy)
{
	p->x += dx;
	p->y += dy;
	trace_simple(pt_after, "%d %d %d", p->x, p->y, p->z);
}

void tick(void)
{
	trace_simple(tick, "tick");
	fid_sink(0);
}

long twelve(int a, int b, int c, int d, int e, int f, int g, int h,
	    int i, int j, int k, int l)
{
	long r = (long)a * b + c - d + (long)e * f - g + h + i * j - k + l;

	trace_simple(twelve, "%d %d %d %d %d %d %d %d %d %d %d %d",
		     a, b, c, d, e, f, g, h, i, j, k, l);
	fid_sink(r);
	return r;
}
