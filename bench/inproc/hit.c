// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hit N: N calls of hit(i), which holds one marker with one argument,
 * and prints the nanoseconds per call.  Built three ways by
 * bench/inproc.py: a simple marker (zero cost until activated), an SDT
 * probe (-DBENCH_SDT, sys/sdt.h) and a compiled-in LTTng-UST tracepoint
 * (-DBENCH_TP), at the same point with the same argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <linux/simple_marker.h>
#if defined(BENCH_SDT)
# include <sys/sdt.h>
#elif defined(BENCH_TP)
# include "tp.h"
#endif

static volatile int sink;

__attribute__((noinline)) void hit(int i);

__attribute__((noinline)) void hit(int i)
{
#if defined(BENCH_SDT)
	STAP_PROBE1(bench, hit, i);
#elif defined(BENCH_TP)
	lttng_ust_tracepoint(bench, hit, i);
#else
	trace_simple(bench_hit, "i %d", i);
#endif
	sink = i;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000, i;
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		hit((int)i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.3f\n", ((b.tv_sec - a.tv_sec) * 1e9 +
			  (b.tv_nsec - a.tv_nsec)) / (double)n);
	return 0;
}
