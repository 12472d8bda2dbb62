// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers in and around loops: a vectorizable body, right after a loop,
 * before each of two returns, the last statement of a body (the next code
 * is the increment), nested loops, continue/break joining after the loop,
 * a constant trip count that gets unrolled, if-converted arms.
 *
 * markers: 12
 */
#include "fid.h"

/* A reduction gcc and clang vectorize at -O2/-O3. */
unsigned int sum_vals(const unsigned int *v, unsigned long n)
{
	unsigned int sum = 0;
	unsigned long i;

	for (i = 0; i < n; i++) {
		sum += v[i];
		trace_simple(sum_step, "%lu %u", i, sum);
	}
	trace_simple(sum_done, "%lu %u", n, sum);
	return sum;
}

/* A search with a marker before each of its two returns. */
long find_key(const struct sample *s, long n, int key)
{
	long i;

	for (i = 0; i < n; i++) {
		const struct sample *p = &s[i];

		if (p->key == key) {
			trace_simple(find_hit, "%ld %d %u", i, key, p->val);
			return i;
		}
	}
	trace_simple(find_miss, "%d %ld", key, n);
	return -1;
}

/* The marker is the last statement of the body: the next code is i++. */
void scale(int *v, int n, int k)
{
	int i;

	for (i = 0; i < n; i++) {
		int x = v[i] * k;

		v[i] = x;
		trace_simple(scale_end, "%d %d", i, x);
	}
}

long matmul(const int *a, const int *b, int *c, int n)
{
	long ops = 0;
	int i, j, k;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			int acc = 0;

			for (k = 0; k < n; k++)
				acc += a[i * n + k] * b[k * n + j];
			c[i * n + j] = acc;
			trace_simple(matmul_cell, "%d %d %d", i, j, acc);
			ops += n;
		}
	}
	return ops;
}

/* break and continue; the marker after the loop joins three paths. */
int parse_digits(const char *s, int *out)
{
	int v = 0, n = 0;

	while (*s) {
		char c = *s++;

		if (c == '_') {
			trace_simple(digit_skip, "%d", n);
			continue;
		}
		if (c < '0' || c > '9')
			break;
		v = v * 10 + (c - '0');
		n++;
	}
	trace_simple(digits_done, "%d %d %s", v, n, s);
	*out = v;
	return n;
}

/* A constant trip count: fully unrolled at -O2/-O3, kept at -Os. */
static unsigned int crc_byte(unsigned int crc, unsigned char b)
{
	int k = 0;

	crc ^= b;
	do {
		crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
		trace_simple(crc_bit, "%d %x", k, crc);
	} while (++k < 8);
	return crc;
}

unsigned int crc_buf(const unsigned char *p, unsigned long len)
{
	unsigned int crc = ~0u;

	while (len--)
		crc = crc_byte(crc, *p++);
	trace_simple(crc_done, "%x", crc);
	return ~crc;
}

/* Branches that become cmov: no instruction runs once per arm. */
int clamp_sum(const int *v, int n, int lo, int hi)
{
	int total = 0, i;

	for (i = 0; i < n; i++) {
		int x = v[i];

		if (x < lo) {
			x = lo;
			trace_simple(clamp_lo, "%d %d", i, x);
		} else if (x > hi) {
			x = hi;
			trace_simple(clamp_hi, "%d %d", i, x);
		}
		total += x;
	}
	return total;
}
