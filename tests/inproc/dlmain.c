// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * dlmain LIB ROUNDS: dlopen LIB, call its plug_work() CALLS times,
 * dlclose it, ROUNDS times; a marker of its own each round.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/simple_marker.h>

enum { CALLS = 3 };

int main(int argc, char **argv)
{
	int rounds = argc > 2 ? atoi(argv[2]) : 1, r, c;
	long total = 0;

	for (r = 0; r < rounds; r++) {
		void *h = dlopen(argv[1], RTLD_NOW);
		long (*work)(int, int);

		if (!h) {
			fprintf(stderr, "dlmain: %s\n", dlerror());
			return 1;
		}
		*(void **)&work = dlsym(h, "plug_work");
		if (!work)
			return 1;
		for (c = 0; c < CALLS; c++)
			total += work(r, c);
		trace_simple(dl_round, "round %d total %ld", r, total);
		dlclose(h);
	}
	printf("dlmain %ld\n", total);
	return 0;
}
