// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers in functions the compiler clones: static functions always called
 * with a constant argument (gcc's .constprop), reading few members of a
 * struct (.isra), a fast path split from a slow one (.part), and two
 * identical static functions that identical code folding may merge.
 *
 * markers: 7
 */
#include "fid.h"

static const char digits[] = "0123456789abcdef";

__attribute__((noinline))
static int fmt_num(char *buf, unsigned long v, unsigned int base, int width)
{
	char tmp[64];
	int n = 0, i;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	while (n < width)
		tmp[n++] = '0';
	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	trace_simple(fmt_num, "%u %d %s", base, width, buf);
	return n;
}

int fmt_dec(char *buf, unsigned long v)
{
	return fmt_num(buf, v, 10, 0);
}

int fmt_hex8(char *buf, unsigned long v)
{
	return fmt_num(buf, v, 16, 8);
}

/* Every caller passes the same level: gcc specializes it (.constprop). */
__attribute__((noinline))
static void log_msg(int level, const char *msg, long v)
{
	if (level > 2) {
		trace_simple(log_msg, "%d %s %ld", level, msg, v);
		fid_sink_str(msg);
	}
	fid_sink(v * level);
}

void log_open(long fd)
{
	log_msg(3, "open", fd);
}

void log_close(long fd)
{
	log_msg(3, "close", fd);
}

/* Only w and h are read: gcc passes them in registers (.isra). */
__attribute__((noinline))
static long rect_area(const struct rect *r)
{
	long a = r->w * r->h;

	trace_simple(rect_area, "%ld %ld %ld", r->w, r->h, a);
	return a;
}

long rects_area(const struct rect *r, int n)
{
	long total = 0;
	int i;

	for (i = 0; i < n; i++)
		total += rect_area(&r[i]);
	return total;
}

long rect_area_one(const struct rect *r)
{
	return rect_area(r) + 1;
}

/* A fast path and a large slow path: gcc splits it (.part). */
static long cache_get(struct cache *c, long key)
{
	int i;

	if (c->last_key == key) {
		trace_simple(cache_hit, "%ld %ld", key, c->last_val);
		return c->last_val;
	}
	c->misses++;
	for (i = 0; i < 32; i++) {
		if (c->keys[i] == key) {
			c->last_key = key;
			c->last_val = c->vals[i];
			fid_sink(i);
			fid_sink((long)c->misses);
			return c->vals[i];
		}
	}
	trace_simple(cache_miss, "%ld %lu", key, c->misses);
	fid_sink(key);
	fid_sink((long)c->misses);
	return -1;
}

long cache_sum(struct cache *c, long a, long b)
{
	return cache_get(c, a) + cache_get(c, b);
}

long cache_one(struct cache *c, long a)
{
	return cache_get(c, a) * 2;
}

/* Static twins, only reachable through the exported wrapper. */
__attribute__((noinline))
static int twin_static_a(int x)
{
	trace_simple(twin_a, "%d", x);
	return x * 7 + 1;
}

__attribute__((noinline))
static int twin_static_b(int x)
{
	trace_simple(twin_b, "%d", x);
	return x * 7 + 1;
}

int twins_static(int x)
{
	return twin_static_a(x) + twin_static_b(x + 1);
}
