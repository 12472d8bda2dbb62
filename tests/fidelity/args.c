// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Marker arguments of the common shapes: struct members and member chains,
 * a bitfield, an array element, strings, an extern global, a function's
 * static locals, a local char array, and arguments dead after the marker.
 *
 * markers: 5
 */
#include "fid.h"

unsigned long dev_events;

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
	d->stats.err[2] += old;
	trace_simple(dev_mode, "%s %u %u %lu", d->parent->name, old, d->mode,
		     d->stats.err[2]);
	return (int)old;
}

unsigned long dev_poll(const struct dev *d)
{
	static unsigned long polls;
	static unsigned long last_id;

	polls++;
	last_id = d->id;
	trace_simple(dev_poll, "%lu %lu", polls, last_id);
	return polls;
}

/* a and b are not used after the marker: nothing keeps them. */
long dead_after(long a, long b)
{
	long prod = a * b;

	fid_sink(prod);
	trace_simple(dead_after, "%ld %ld %ld", a, b, prod);
	fid_sink(0);
	return 1;
}

/* A local char array, printed as a string. */
int dev_label(const struct dev *d, char *out, unsigned long size)
{
	char tmp[16] = "";
	unsigned int i = 0, id = d->id;
	const char *p;

	for (p = d->name; *p && i < sizeof(tmp) - 4; p++)
		tmp[i++] = *p;
	tmp[i++] = '-';
	tmp[i++] = (char)('0' + id % 10);
	tmp[i] = '\0';
	trace_simple(dev_label, "%s %u", tmp, i);
	for (i = 0; tmp[i] && i + 1 < size; i++)
		out[i] = tmp[i];
	out[i] = '\0';
	return (int)i;
}
