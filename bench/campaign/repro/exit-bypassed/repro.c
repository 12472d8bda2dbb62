/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
#include <stdio.h>

static long g_out;

static __attribute__((noinline)) long to_integer(int arg, int *isnum)
{
	*isnum = arg >= 0;
	return (long)arg * 3;
}

static __attribute__((noinline)) int type_error(int arg, const char *what)
{
	g_out -= arg;
	return printf("bad argument %d (%s expected)\n", arg, what);
}

static void int_error(int arg)
{
	if (arg > 100)
		type_error(arg, "number has no integer representation");
	else
		type_error(arg, "number");
}

__attribute__((noinline)) long check_integer(int arg)
{
	int isnum;
	long d = to_integer(arg, &isnum);

	if (__builtin_expect(!isnum, 0))
		int_error(arg);
	trace_simple(m1, "arg=%d d=%ld", arg, d); return d;
}

int main(int argc, char *argv[])
{
	int i;

	(void)argv;
	for (i = 0; i < 5; i++)
		g_out += check_integer(argc + i);
	printf("%ld\n", g_out);
	return 0;
}
