// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "contain.h"
#include "debuginfod.h"
#include "symcache.h"

int smk_cli_contain_option(struct smk_contain_limits *l, const char *prog,
			   int c, const char *arg)
{
	unsigned long long v;
	char *end;

	if (c != SMK_CLI_MEMORY_LIMIT && c != SMK_CLI_STALL_LIMIT)
		return 0;
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno || end == arg || *end || *arg == '-' ||
	    v > (c == SMK_CLI_MEMORY_LIMIT ? (1ULL << 40) : 86400 * 365ULL)) {
		fprintf(stderr, "%s: --%s: '%s' is not %s\n", prog,
			c == SMK_CLI_MEMORY_LIMIT ? "memory-limit" :
			"stall-limit", arg, c == SMK_CLI_MEMORY_LIMIT ?
			"a number of MiB" : "a number of seconds");
		return -2;
	}
	if (c == SMK_CLI_MEMORY_LIMIT)
		l->memory_mib = (unsigned long)v;
	else
		l->stall_s = (unsigned int)v;
	return 1;
}

int smk_cli_option(struct smk_cli *cli, int c, char *arg)
{
	const char **dirs;

	switch (c) {
	case 'n':
		return smk_filter_parse(&cli->filter, arg) ? 1 : -2;
	case 'm':
		cli->filter.module = arg;
		return 1;
	case 'f':
		cli->filter.function = arg;
		return 1;
	case 'N':
		cli->filter.name = arg;
		return 1;
	case 'k':
		cli->release = arg;
		return 1;
	case SMK_CLI_ROOT:
		cli->root = arg;
		return 1;
	case SMK_CLI_DEBUG_DIR:
		dirs = realloc((void *)cli->debuginfo.debug_dirs,
			       (cli->debuginfo.ndebug_dirs + 1) *
			       sizeof(*dirs));
		if (!dirs)
			return -1;
		dirs[cli->debuginfo.ndebug_dirs++] = arg;
		cli->debuginfo.debug_dirs = dirs;
		return 1;
	case SMK_CLI_TARGET_PREFIX:
		cli->debuginfo.target_prefix = arg;
		return 1;
	case SMK_CLI_DEBUGINFOD:
		/* As elfutils and GDB: the servers are DEBUGINFOD_URLS; an
		 * explicit switch without any is a mistake, not a no-op. */
		if (arg && !arg[strspn(arg, " \t")]) {
			fprintf(stderr, "%s: --debuginfod=: no server URL "
				"given\n", program_invocation_short_name);
			exit(2);
		}
		if (!arg && !(getenv("DEBUGINFOD_URLS") &&
			      getenv("DEBUGINFOD_URLS")[strspn(
				      getenv("DEBUGINFOD_URLS"), " \t")])) {
			fprintf(stderr, "%s: --debuginfod: DEBUGINFOD_URLS is "
				"not set; set it to the servers, or give "
				"--debuginfod=URL\n",
				program_invocation_short_name);
			exit(2);
		}
		smk_debuginfod_configure(true, arg);
		return 1;
	case SMK_CLI_NO_DEBUGINFOD:
		smk_debuginfod_configure(false, NULL);
		return 1;
	case SMK_CLI_INDEX_CACHE:
		smk_index_cache_configure(SMK_INDEX_CACHE_WRITE);
		return 1;
	case SMK_CLI_NO_INDEX_CACHE:
		smk_index_cache_configure(SMK_INDEX_CACHE_OFF);
		return 1;
	}
	return 0;
}

void smk_cli_inputs(const struct smk_cli *cli, char **args, int nargs,
		    struct smk_inputs *in,
		    void (*report)(struct smk_error *err))
{
	struct smk_error *err;
	int i;

	in->release = cli->release;
	in->root = cli->root;
	if (!nargs) {
		err = smk_inputs_add_kernel(in);
		if (err)
			report(err);
	}
	for (i = 0; i < nargs; i++) {
		err = smk_inputs_add(in, args[i]);
		if (err)
			report(err);
	}
}

void smk_cli_deinit(struct smk_cli *cli)
{
	free((void *)cli->debuginfo.debug_dirs);
	cli->debuginfo.debug_dirs = NULL;
	cli->debuginfo.ndebug_dirs = 0;
}

bool smk_cli_flush_stdout(const char *prog)
{
	if (!fflush(stdout) && !ferror(stdout))
		return true;
	fprintf(stderr, "%s: writing output: %s\n", prog, strerror(errno));
	return false;
}

static const struct smk_marker *order_base;

static int by_source(const void *a, const void *b)
{
	const struct smk_marker *x = &order_base[*(const size_t *)a];
	const struct smk_marker *y = &order_base[*(const size_t *)b];
	int c = strcmp(x->rec.file ? x->rec.file : "",
		       y->rec.file ? y->rec.file : "");

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->rec.offset < y->rec.offset ? -1 :
	       x->rec.offset > y->rec.offset;
}

struct smk_error *smk_cli_source_order(const struct smk_marker_set *set,
				       size_t **ret)
{
	size_t i, *v = calloc(set->n ? set->n : 1, sizeof(*v));

	*ret = v;
	if (!v)
		return &smk_error_nomem;
	for (i = 0; i < set->n; i++)
		v[i] = i;
	/* qsort() has no context argument; the tools are single-threaded. */
	order_base = set->markers;
	qsort(v, set->n, sizeof(*v), by_source);
	order_base = NULL;
	return NULL;
}
