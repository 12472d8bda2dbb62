// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve run: start a program with its markers activated in the
 * process (tools/runtime/libsmk-run.so, preloaded).  This front end only
 * checks its options, finds the runtime and sets the environment it
 * reads; the runtime does the work, in the program and in every program
 * it executes (the environment is inherited).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "smk/filter.h"

static const char usage[] =
"usage: marker-resolve run [-n DESC] [--output FILE | --lttng]\n"
"                          [--report FILE] -- PROG [ARGS...]\n"
"Run PROG with its markers activated in the process: each site the\n"
"placement engine places (exact, or approximated over/under) and whose\n"
"code can take a 5-byte jump is patched to call the runtime, which\n"
"records the marker's arguments as the uprobe form would fetch them.\n"
"\n"
"  -n, --probe DESC   'module:function:name' globs (as marker-list)\n"
"  -o, --output FILE  one JSON line per hit (created or truncated)\n"
"      --lttng        record LTTng-UST events instead, one per marker:\n"
"                     simple_marker:MARKER with its arguments as typed\n"
"                     fields (the default without --output)\n"
"      --report FILE  one JSON line per object, marker and site: patched,\n"
"                     or why not (default: the --output file)\n"
"  -h, --help\n"
"PROG's output and exit status are its own; the runtime writes only to\n"
"FILE.  SMK_RUNTIME names another libsmk-run.so.\n";

/* The runtime next to this program, in the tree or installed. */
static char *find_runtime(void)
{
	static const char *const rel[] = {
		"/../runtime/libsmk-run.so",
		"/../lib/simple-marker/libsmk-run.so",
	};
	char exe[PATH_MAX], *slash, *p;
	const char *env = getenv("SMK_RUNTIME");
	ssize_t n;
	size_t i;

	if (env && *env)
		return realpath(env, NULL);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 64);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	for (i = 0; i < sizeof(rel) / sizeof(*rel); i++) {
		strcpy(slash, rel[i]);
		p = realpath(exe, NULL);
		if (p)
			return p;
	}
	return NULL;
}

/* @path made absolute (PROG may change directory), created empty. */
static char *out_file(const char *opt, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	char *abs;

	if (fd < 0) {
		fprintf(stderr, "marker-resolve: run: %s: %s: %s\n", opt, path,
			strerror(errno));
		return NULL;
	}
	close(fd);
	abs = realpath(path, NULL);
	if (!abs)
		fprintf(stderr, "marker-resolve: run: %s: %s: %s\n", opt, path,
			strerror(errno));
	return abs;
}

int cmd_run(int argc, char **argv)
{
	enum { OPT_LTTNG = 256, OPT_REPORT };
	static const struct option longopts[] = {
		{ "probe", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "lttng", no_argument, NULL, OPT_LTTNG },
		{ "report", required_argument, NULL, OPT_REPORT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL, *report = NULL, *desc = NULL;
	char *rt, *out = NULL, *rep = NULL, *preload;
	int err;
	const char *old;
	bool lttng = false;
	int c;

	while ((c = getopt_long(argc, argv, "+n:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			desc = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_LTTNG:
			lttng = true;
			break;
		case OPT_REPORT:
			report = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "marker-resolve: run: no program given\n%s",
			usage);
		return 2;
	}
	if (output && lttng) {
		fprintf(stderr, "marker-resolve: run: --output and --lttng "
			"exclude each other\n");
		return 2;
	}
	if (desc) {
		struct smk_filter f;
		char *copy = strdup(desc);

		if (!copy || !smk_filter_parse(&f, copy)) {
			fprintf(stderr, "marker-resolve: run: -n '%s': %s\n",
				desc, smk_filter_syntax);
			free(copy);
			return 2;
		}
		free(copy);
	}
	rt = find_runtime();
	if (!rt) {
		fprintf(stderr, "marker-resolve: run: libsmk-run.so not found "
			"next to marker-resolve (build it with make, or set "
			"SMK_RUNTIME)\n");
		return 1;
	}
	if ((output && !(out = out_file("--output", output))) ||
	    (report && !(rep = out_file("--report", report)))) {
		free(out);
		free(rt);
		return 1;
	}
	old = getenv("LD_PRELOAD");
	if (asprintf(&preload, "%s%s%s", rt, old && *old ? " " : "",
		     old ? old : "") < 0) {
		free(rt);
		free(out);
		free(rep);
		return 1;
	}
	if (setenv("LD_PRELOAD", preload, 1) ||
	    (out && setenv("SMK_RUN_OUTPUT", out, 1)) ||
	    setenv("SMK_RUN_REPORT", rep ? rep : out ? out : "", 1) ||
	    (!out && setenv("SMK_RUN_LTTNG", "1", 1)) ||
	    (desc && setenv("SMK_RUN_FILTER", desc, 1))) {
		perror("marker-resolve: run: setenv");
		return 1;
	}
	if (out)
		unsetenv("SMK_RUN_LTTNG");
	if (!desc)
		unsetenv("SMK_RUN_FILTER");
	execvp(argv[optind], argv + optind);
	err = errno;
	fprintf(stderr, "marker-resolve: run: %s: %s\n", argv[optind],
		strerror(err));
	free(preload);
	free(rt);
	free(out);
	free(rep);
	return err == ENOENT ? 127 : 126;
}
