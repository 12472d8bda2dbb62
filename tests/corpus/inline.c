// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers in static inline helpers used several times (one record per
 * function definition, however many inlined copies), inside macros, two
 * markers with the same name in one function, zero and twelve arguments.
 *
 * records: 11
 */
#include "corpus.h"

struct pt {
	int x, y, z;
};

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

unsigned int hash_pt(const struct pt *p)
{
	return mix32((unsigned int)p->x) + 3 * mix32((unsigned int)p->y) +
	       7 * mix32((unsigned int)p->z);
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

/* Never used: no code, and no record either (see compile-checks.t). */
static inline __attribute__((unused)) int unused_helper(int v)
{
	trace_simple(unused_helper, "%d", v);
	return v + 1;
}

/* A marker inside a statement-expression macro, used three times. */
#define CHECKED_ADD(acc, v) ({						\
	long __r;							\
	int __ovf = __builtin_add_overflow((acc), (v), &__r);		\
	if (__ovf)							\
		trace_simple(checked_add_ovf, "%ld %ld", (long)(acc),	\
			     (long)(v));				\
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

/* A do-while macro that wraps a marker, like a subsystem's own tracer. */
#define pt_trace(what, p) \
	trace_simple(what, "%d %d %d", (p)->x, (p)->y, (p)->z)

void pt_move(struct pt *p, int dx, int dy)
{
	pt_trace(pt_before, p);
	p->x += dx;
	p->y += dy;
	pt_trace(pt_after, p);
}

/* Two markers with the same name in one function. */
int sign_step(int v)
{
	if (v >= 0) {
		trace_simple(step, "%d", v);
		v = v / 2;
	} else {
		trace_simple(step, "%d", v);
		v = -v * 3 + 1;
	}
	consume(v);
	return v;
}

void tick(void)
{
	trace_simple(tick, "tick");
	consume(0);
}

long twelve(int a, int b, int c, int d, int e, int f, int g, int h,
	    int i, int j, int k, int l)
{
	long r = (long)a * b + c - d + (long)e * f - g + h + i * j - k + l;

	trace_simple(twelve, "%d %d %d %d %d %d %d %d %d %d %d %d",
		     a, b, c, d, e, f, g, h, i, j, k, l);
	consume(r);
	return r;
}
