// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Values the compiler keeps only as a computation from what it keeps:
 * a mask, shifts, a sum, a product of two registers.  Nothing but the
 * marker reads them, so at -O2 DWARF describes them as expressions
 * (DW_OP_and, DW_OP_shr, DW_OP_shl, DW_OP_plus, DW_OP_mul with
 * DW_OP_stack_value) over registers that stay live for fid_sink().
 * "half" is one the tool must refuse: gcc writes it as a right shift of
 * the whole register, whose upper half an int does not define.
 *
 * markers: 3
 */
#include "fid.h"

__attribute__((noinline))
long comp_bits(unsigned long x)
{
	unsigned int lo = x & 0xff;
	unsigned long hi = x >> 40;
	unsigned long twice = x << 3;

	trace_simple(comp_bits, "%u %lu %lu", lo, hi, twice);
	fid_sink((long)x);
	return 1;
}

__attribute__((noinline))
long comp_sum(long a, long b)
{
	long next = a + 1;
	long prod = a * b;
	long diff = b - 7;

	trace_simple(comp_sum, "%ld %ld %ld", next, prod, diff);
	fid_sink(a);
	fid_sink(b);
	return 0;
}

__attribute__((noinline))
int comp_signed(int v)
{
	int half = v >> 1;
	int neg = -v;
	long wide = (long)v + 1;

	trace_simple(comp_signed, "%d %d %ld", half, neg, wide);
	fid_sink(v);
	return 0;
}
