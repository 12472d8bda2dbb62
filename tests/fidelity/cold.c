// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers on error and cold paths: __builtin_expect branches that gcc moves
 * to .text.unlikely (foo.cold), a __attribute__((cold)) function, goto
 * unwinding, an error exit out of a hot loop.
 *
 * markers: 8
 */
#include "fid.h"

enum {
	E_NOMEM = 12,
	E_INVAL = 22,
	E_OVERFLOW = 75,
};

__attribute__((cold, noinline))
static void report(const char *what, const char *peer, long code)
{
	trace_simple(report, "%s %s %ld", what, peer, code);
	fid_sink_str(what);
	fid_sink_str(peer);
	fid_sink(code);
}

int buf_reserve(struct buf *b, unsigned long need)
{
	unsigned long cap;
	char *p;

	if (likely(need <= b->cap - b->len)) {
		trace_simple(reserve_fast, "%lu %lu", need, b->cap);
		return 0;
	}
	cap = b->cap ? b->cap : 16;
	while (cap < b->len + need)
		cap *= 2;
	p = fid_realloc(b->data, b->cap, cap);
	if (unlikely(!p)) {
		trace_simple(reserve_nomem, "%lu", cap);
		report("nomem", "-", -E_NOMEM);
		return -E_NOMEM;
	}
	b->data = p;
	b->cap = cap;
	trace_simple(reserve_grow, "%lu %lu %p", b->len, cap, b->data);
	return 0;
}

/* Unwinding with goto. */
int conn_open(struct conn *c, int fd, const char *peer)
{
	int err;

	if (unlikely(fd < 0))
		return -E_INVAL;
	c->fd = fd;
	c->peer = peer;
	c->in.data = fid_alloc(4096);
	if (!c->in.data) {
		err = -E_NOMEM;
		goto fail;
	}
	c->out.data = fid_alloc(4096);
	if (!c->out.data) {
		err = -E_NOMEM;
		goto free_in;
	}
	c->tls = fid_alloc(256);
	if (!c->tls) {
		err = -E_NOMEM;
		goto free_in;
	}
	trace_simple(conn_opened, "%d %s", c->fd, c->peer);
	return 0;

free_in:
	trace_simple(conn_unwind_in, "%d %p", fd, c->in.data);
	c->in.data = 0;
fail:
	trace_simple(conn_fail, "%d %d %s", fd, err, peer);
	report("conn_open", peer, err);
	return err;
}

/* A hot loop with a rare error exit. */
long sum_checked(const long *v, unsigned long n)
{
	long sum = 0, t;
	unsigned long i;

	for (i = 0; i < n; i++) {
		if (unlikely(__builtin_add_overflow(sum, v[i], &t))) {
			trace_simple(sum_overflow, "%lu %ld", i, sum);
			report("sum", "-", -E_OVERFLOW);
			return -E_OVERFLOW;
		}
		sum = t;
	}
	return sum;
}
