// SPDX-License-Identifier: GPL-2.0 OR MIT
/* marker-resolve: placeholder until probe placement lands (issue 3). */
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: marker-resolve [options] FILE...\n"
		"Resolve simple markers to kprobe/uprobe definitions.\n"
		"Not implemented yet: see Documentation/marker-resolve.rst.\n");
}

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return 2;
}
