/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

long g[4];

static long peek(const long *p, unsigned short k)
{
	unsigned long l = 0x1089868DUL;

	--l;
	trace_simple(peek_mark, "k %u l %lu", k, l);
	return *p;
}

__attribute__((noinline)) long three(unsigned short k)
{
	return peek(&g[1], k) | peek(&g[(peek(&g[0], k) & 1) + 1], k);
}

int main(int argc, char **argv)
{
	(void)argv;
	return (int)three((unsigned short)argc) + (int)peek(&g[2], 7);
}
