// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Marker arguments of every common shape: struct members and member
 * chains, bitfields, strings, globals (extern, static, thread-local, a
 * function's static local), array elements, pointers, a local whose address
 * is taken only by the marker, and expressions with side effects or calls
 * that must never be evaluated.
 *
 * records: 10
 */
#include "corpus.h"

struct dev {
	const char *name;
	unsigned int id;
	unsigned int up : 1;
	unsigned int mode : 3;
	struct {
		unsigned long rx, tx;
		unsigned long err[4];
	} stats;
	struct dev *parent;
};

unsigned long dev_events;		/* extern global */
static unsigned int dev_gen;		/* static global */
__thread int dev_cpu;			/* thread-local */
const char dev_prefix[] = "eth";	/* global string */
extern int dev_debug;			/* declared, defined elsewhere */

int dev_rx(struct dev *d, unsigned long bytes)
{
	d->stats.rx += bytes;
	dev_events++;
	trace_simple(dev_rx, "%s %u %lu %lu %lu", d->name, d->id, bytes,
		     d->stats.rx, dev_events);
	return d->up;
}

int dev_set_mode(struct dev *d, unsigned int mode)
{
	unsigned int old = d->mode;

	d->mode = mode & 7;
	dev_gen++;
	trace_simple(dev_mode, "%s %u %u %u %u %d", d->name, old, d->mode,
		     d->up, dev_gen, dev_cpu);
	return (int)old;
}

/* Member chains through pointers, and an array element. */
unsigned long dev_err_total(const struct dev *d, int which)
{
	unsigned long t = 0;

	while (d) {
		t += d->stats.err[which & 3];
		trace_simple(dev_err, "%s %s %d %lu %lu", d->name,
			     d->parent ? d->parent->name : "-", which,
			     d->stats.err[which & 3], t);
		d = d->parent;
	}
	return t;
}

/* A string argument built locally, and a global string. */
int dev_format(char *out, unsigned long size, const struct dev *d)
{
	unsigned long i = 0;
	const char *p;

	for (p = dev_prefix; *p && i + 1 < size; p++)
		out[i++] = *p;
	if (i + 1 < size)
		out[i++] = (char)('0' + d->id % 10);
	out[i] = '\0';
	trace_simple(dev_format, "%s %s %lu %d", out, dev_prefix, i,
		     dev_debug);
	return (int)i;
}

/* A function's static local. */
unsigned long dev_poll(const struct dev *d)
{
	static unsigned long polls;
	static unsigned long last_id;

	polls++;
	last_id = d->id;
	trace_simple(dev_poll, "%lu %lu", polls, last_id);
	return polls;
}

/*
 * The only &local is in the marker: the marker's checks take the address
 * of a variable that the code otherwise keeps in a register.
 */
long addr_only_in_marker(long a, long b)
{
	long sum = a + b;
	struct dev local = { .name = "tmp", .id = (unsigned int)a };

	trace_simple(addr_taken, "%p %p %ld", (void *)&sum, (void *)&local,
		     sum);
	consume(sum * 2);
	consume(local.id);
	return sum;
}

/* Side effects and calls in arguments are never evaluated. */
int no_side_effects(int *v, int n)
{
	int i = 0, calls = 0;

	trace_simple(side, "%d %d %d", i++, ext_check(n), calls += 2);
	while (i < n) {
		trace_simple(side_loop, "%d %d", v[i++], ext_check(v[0]));
		consume(v[i - 1]);
	}
	return i + calls;
}

/* Casts, sizeof, a conditional expression, an enum, a function pointer. */
enum dev_state { DEV_DOWN, DEV_UP, DEV_GONE };

int dev_state_of(const struct dev *d, int (*cb)(const struct dev *))
{
	enum dev_state st = d->up ? DEV_UP : DEV_DOWN;

	if (!d->name)
		st = DEV_GONE;
	trace_simple(dev_state, "%d %zu %s %p %lx", (int)st, sizeof(*d),
		     st == DEV_UP ? "up" : "down", (void *)cb,
		     (unsigned long)d & 0xfff);
	return cb ? cb(d) + (int)st : (int)st;
}

/* Floating point arguments (promoted to double). */
double dev_rate(const struct dev *d, double seconds)
{
	double rate = (double)d->stats.rx / seconds;
	float frac = (float)(rate / 1e6);

	trace_simple(dev_rate, "%f %f %g", seconds, rate, frac);
	return rate;
}
