// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Marker arguments with casts: to a narrower integer, to an unsigned
 * one, to a wider one, a pointer to an integer, a pointer cast followed
 * by a member, a dereference through a cast, and two casts in a row.
 * (A signed value cast to a wider unsigned type is refused: the tracers
 * do not sign-extend; tests/unit/fetch.c checks that.)  Each value is used after the marker, so
 * the compiler keeps it somewhere DWARF can name.
 *
 * markers: 4
 */
#include "fid.h"

__attribute__((noinline))
long cast_op(unsigned long op, long k)
{
	trace_simple(cast_narrow, "%d %u %d", (int)op, (unsigned char)op,
		     (short)k);
	fid_sink((long)op + k);
	return (long)(op & 0xff);
}

__attribute__((noinline))
long cast_widen(int i, unsigned int u)
{
	trace_simple(cast_widen, "%ld %lu %ld", (long)i, (unsigned long)u,
		     (long)u);
	fid_sink(i + (long)u);
	return i;
}

__attribute__((noinline))
int cast_member(const void *p, const void *raw)
{
	trace_simple(cast_member, "%d %u %lx %u",
		     ((const struct sample *)p)->key,
		     ((struct sample *)p)->val, (unsigned long)p,
		     *(const unsigned int *)raw);
	fid_sink(((const struct sample *)p)->key);
	fid_sink((long)raw);
	return 0;
}

__attribute__((noinline))
unsigned int cast_sum(const struct sample *s, int n)
{
	unsigned int acc = 0;
	int i;

	for (i = 0; i < n; i++)
		acc += s[i].val;
	trace_simple(cast_sum, "%u %d", (unsigned short)acc, (int)(long)n);
	fid_sink(acc);
	return acc;
}
