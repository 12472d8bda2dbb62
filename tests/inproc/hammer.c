// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hammer: THREADS threads each hit a marker ITERS times while the markers
 * are activated; prints a checksum and exits 3 (inproc.t checks both are
 * the program's own).  "hammer kill" never ends: inproc.t kills it.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/simple_marker.h>

enum { THREADS = 4, ITERS = 5000 };

static volatile int forever;
static unsigned long sums[THREADS];

__attribute__((noinline)) static unsigned long step(int t, int i,
						    unsigned long acc)
{
	trace_simple(hammer_step, "t %d i %d", t, i);
	return acc * 31 + (unsigned long)(t ^ i);
}

static void *worker(void *arg)
{
	int t = (int)(long)arg, i;
	unsigned long acc = 1;

	for (i = 0; i < ITERS || forever; i++)
		acc = step(t, i % ITERS, acc);
	sums[t] = acc;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th[THREADS];
	unsigned long all = 0;
	long t;

	forever = argc > 1 && !strcmp(argv[1], "kill");
	for (t = 0; t < THREADS; t++)
		if (pthread_create(&th[t], NULL, worker, (void *)t))
			return 1;
	for (t = 0; t < THREADS; t++) {
		pthread_join(th[t], NULL);
		all ^= sums[t];
	}
	trace_simple(hammer_done, "all %lx", all);
	printf("hammer %lx\n", all);
	return 3;
}
