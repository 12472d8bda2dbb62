// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * typed: markers for the LTTng events of in-process activation (built
 * at -O0 by tests/inproc.t, so that every argument can be read).
 * typed_vals has a typed event of its own, simple_marker:typed_vals,
 * with a string, a string that cannot be read (its fault bit), signed,
 * unsigned and hexadecimal integers; "hit" is named like the generic
 * event and typed_clash has an argument named like one of the typed
 * event's own fields, so both record simple_marker:hit.  The three
 * share one site: each checks its own event.
 */
#include <stdio.h>

#include <linux/simple_marker.h>

static const char *bad_ptr;
static volatile int sink;

__attribute__((noinline)) void step(int n);

__attribute__((noinline)) void step(int n)
{
	const char *s = n & 1 ? "odd" : "even";
	const char *bad = bad_ptr;
	short neg = (short)-n;
	unsigned long big = 0x8000000000000000ul + n;
	unsigned char u = (unsigned char)(200 + n);
	int site_ip = n;

	trace_simple(typed_vals, "s %s bad %s neg %d big %lx u %u", s, bad,
		     neg, big, u);
	trace_simple(hit, "n %d", n);
	trace_simple(typed_clash, "ip %d", site_ip);
	sink += n;
}

int main(void)
{
	int n;

	bad_ptr = (const char *)16;	/* a page no one maps */
	for (n = 0; n < 3; n++)
		step(n);
	printf("typed %d\n", n);
	return 0;
}
