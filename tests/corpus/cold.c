// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers on error and cold paths: __builtin_expect branches that gcc moves
 * to .text.unlikely (foo.cold), calls to __attribute__((cold)) functions,
 * goto-based unwinding, overflow checks.
 *
 * records: 14
 */
#include "corpus.h"

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

enum {
	E_NOMEM = 12,
	E_INVAL = 22,
	E_OVERFLOW = 75,
};

struct buf {
	char *data;
	unsigned long len;
	unsigned long cap;
	unsigned int flags;
};

struct conn {
	int fd;
	struct buf in, out;
	void *tls;
	const char *peer;
};

__attribute__((cold, noinline))
static void report(const char *what, const char *peer, long code)
{
	trace_simple(report, "%s %s %ld", what, peer, code);
	consume_str(what);
	consume_str(peer);
	consume(code);
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
	while (cap < b->len + need) {
		if (unlikely(cap > (1UL << 40))) {
			trace_simple(reserve_overflow, "%lu %lu", cap, need);
			report("overflow", "", -E_OVERFLOW);
			return -E_OVERFLOW;
		}
		cap *= 2;
	}
	p = ext_realloc(b->data, cap);
	if (unlikely(!p)) {
		trace_simple(reserve_nomem, "%lu", cap);
		report("nomem", "", -E_NOMEM);
		return -E_NOMEM;
	}
	b->data = p;
	b->cap = cap;
	trace_simple(reserve_grow, "%lu %lu %p", b->len, cap, b->data);
	return 0;
}

/* Unwinding with goto: each label has its marker. */
int conn_open(struct conn *c, int fd, const char *peer)
{
	int err;

	if (unlikely(fd < 0)) {
		trace_simple(conn_badfd, "%d", fd);
		return -E_INVAL;
	}
	c->fd = fd;
	c->peer = peer;
	c->in.data = ext_alloc(4096);
	if (!c->in.data) {
		err = -E_NOMEM;
		goto fail;
	}
	c->out.data = ext_alloc(4096);
	if (!c->out.data) {
		err = -E_NOMEM;
		goto free_in;
	}
	c->tls = ext_alloc(256);
	if (!c->tls) {
		err = -E_NOMEM;
		goto free_out;
	}
	trace_simple(conn_opened, "%d %s", c->fd, c->peer);
	return 0;

free_out:
	trace_simple(conn_unwind_out, "%d %p", fd, c->out.data);
	ext_free(c->out.data);
free_in:
	trace_simple(conn_unwind_in, "%d %p", fd, c->in.data);
	ext_free(c->in.data);
fail:
	trace_simple(conn_fail, "%d %d %s", fd, err, peer);
	report("conn_open", peer, err);
	return err;
}

long checked_mul(long a, long b)
{
	long r;

	if (unlikely(__builtin_mul_overflow(a, b, &r))) {
		trace_simple(mul_overflow, "%ld %ld", a, b);
		return -1;
	}
	return r;
}

/* A hot loop with a rare error exit. */
long sum_checked(const long *v, unsigned long n)
{
	long sum = 0, t;
	unsigned long i;

	for (i = 0; i < n; i++) {
		if (unlikely(__builtin_add_overflow(sum, v[i], &t))) {
			trace_simple(sum_overflow, "%lu %ld %ld", i, sum, v[i]);
			report("sum", "", -E_OVERFLOW);
			return -E_OVERFLOW;
		}
		sum = t;
	}
	return sum;
}

/* A cold function that is itself large enough to stay out of line. */
__attribute__((cold))
void conn_dump(const struct conn *c)
{
	trace_simple(conn_dump, "%d %s %lu %lu", c->fd, c->peer, c->in.len,
		     c->out.len);
	consume(c->fd);
	consume_str(c->peer);
	consume((long)c->in.len);
	consume((long)c->out.len);
}

int conn_check(const struct conn *c)
{
	int v = ext_check(c->fd);

	if (v < 0) {
		/* a call to a cold function makes this whole arm cold */
		conn_dump(c);
		trace_simple(conn_check_fail, "%d %d", c->fd, v);
		return v;
	}
	return 0;
}
