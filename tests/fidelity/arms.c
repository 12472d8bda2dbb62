// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers that are all their conditional arm holds.  A zero-instruction
 * marker leaves such an arm empty: gcc and clang drop the arm and its
 * branch at every level, so no instruction runs only when the marker does,
 * and nothing in the line table or DWARF says an "if" was there.  Only the
 * source does: marker-resolve must call these approximated (source.c).
 * A case arm holding only the marker and its break is one too; an arm
 * with code after the marker, if-converted, is the contrast.  And a switch
 * arm holding a marker and the same code as another arm, which the
 * compiler merges into one jump table target.
 *
 * markers: 8
 */
#include "fid.h"

/* A braceless arm opening a function. */
void arm_flags(unsigned int flags)
{
	if (flags & 4)
		trace_simple(arm_four, "%x", flags);
	fid_sink(flags);
}

/* The condition calls a function, which stays. */
void arm_call(int x)
{
	fid_sink(1);
	if (min_int(x * 3, 100) > 10)
		trace_simple(arm_big, "%d", x);
	fid_sink(x);
}

/* Braces holding two markers, in a loop, and an else arm. */
long arm_signs(const int *v, int n)
{
	long sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		int x = v[i];

		if (x < 0) {
			trace_simple(arm_neg, "%d %d", i, x);
			trace_simple(arm_neg_again, "%d", i);
		} else
			trace_simple(arm_pos, "%d", x);
		sum += x;
	}
	return sum;
}

/* A case arm holding only the marker and its break. */
int arm_kind(int k)
{
	switch (k) {
	case 0:
		trace_simple(arm_zero, "%d", k);
		break;
	case 1:
		return 10;
	case 2:
		return 20;
	case 3:
		return 35;
	case 4:
		return 47;
	}
	return k;
}

/* The marker opens an arm that has code of its own, which if-conversion
 * turns into a conditional move. */
int arm_clamp(const int *v, int n, int lo)
{
	int i, total = 0;

	for (i = 0; i < n; i++) {
		int x = v[i];

		if (x < lo) {
			trace_simple(arm_low, "%d %d", i, x);
			x = lo;
		}
		total += x;
	}
	return total;
}

/* Arms 0 and 1 differ only by the marker: one target in the jump table. */
int arm_op(int op, int x)
{
	switch (op) {
	case 0:
		trace_simple(arm_op0, "%d", x);
		return x + 1;
	case 1:
		return x + 1;
	case 2:
		return x * 3;
	case 3:
		return x - 7;
	case 4:
		return x ^ 5;
	case 5:
		return x << 2;
	case 6:
		return x / 3;
	default:
		return 0;
	}
}
