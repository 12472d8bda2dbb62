/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What marker-list and marker-resolve take alike: the selection (-n, -m,
 * -f, -N), a kernel release and root (-k, --root), where debuginfo lives
 * (--debug-info-dir, --target-prefix), and the inputs these make.  Kept
 * here so that the two front ends cannot drift apart.
 */
#ifndef SMK_CLI_H
#define SMK_CLI_H

#include <getopt.h>

#include "binary.h"
#include "filter.h"
#include <stdbool.h>

#include "inputs.h"
#include "markers.h"

enum {
	SMK_CLI_ROOT = 0x1000,
	SMK_CLI_DEBUG_DIR,
	SMK_CLI_TARGET_PREFIX,
	SMK_CLI_DEBUGINFOD,
	SMK_CLI_NO_DEBUGINFOD,
	SMK_CLI_INDEX_CACHE,
	SMK_CLI_NO_INDEX_CACHE,
	SMK_CLI_MEMORY_LIMIT,
	SMK_CLI_STALL_LIMIT,
};

/* getopt_long() pieces: append to the tool's own. */
#define SMK_CLI_SHORTOPTS "n:m:f:N:k:"
/* Where separate debuginfo is looked for: local directories, then the
 * debuginfod servers (--debuginfod[=URLS], --no-debuginfod). */
#define SMK_CLI_DEBUG_LONGOPTS						\
	{ "debug-info-dir", required_argument, NULL, SMK_CLI_DEBUG_DIR }, \
	{ "target-prefix", required_argument, NULL, SMK_CLI_TARGET_PREFIX }, \
	{ "debuginfod", optional_argument, NULL, SMK_CLI_DEBUGINFOD },	\
	{ "no-debuginfod", no_argument, NULL, SMK_CLI_NO_DEBUGINFOD },	\
	{ "index-cache", no_argument, NULL, SMK_CLI_INDEX_CACHE },	\
	{ "no-index-cache", no_argument, NULL, SMK_CLI_NO_INDEX_CACHE }
/* The case labels of SMK_CLI_DEBUG_LONGOPTS, for a tool's own switch
 * that passes them to smk_cli_option(). */
#define SMK_CLI_DEBUG_CASES						\
	case SMK_CLI_DEBUG_DIR:						\
	case SMK_CLI_TARGET_PREFIX:					\
	case SMK_CLI_DEBUGINFOD:					\
	case SMK_CLI_NO_DEBUGINFOD:					\
	case SMK_CLI_INDEX_CACHE:					\
	case SMK_CLI_NO_INDEX_CACHE
/* The help text of the two, for the tools' usage(). */
#define SMK_CLI_DEBUGINFOD_HELP						\
"      --debuginfod[=URLS]  ask debuginfod servers by build-id when no local\n" \
"                           debuginfo matches (default: on when\n"	\
"                           DEBUGINFOD_URLS is set; URLS overrides it)\n" \
"      --no-debuginfod      never ask debuginfod servers\n"	\
"      --index-cache        write the index cache of a binary that has none\n" \
"                           (read when present: marker-resolve index)\n" \
"      --no-index-cache     neither read nor write the index cache\n"
/*
 * The limits of a contained reader (contain.h): --memory-limit MIB,
 * --stall-limit SECONDS; the tools that read traces through libbabeltrace2
 * take them.
 */
#define SMK_CLI_CONTAIN_LONGOPTS					\
	{ "memory-limit", required_argument, NULL, SMK_CLI_MEMORY_LIMIT }, \
	{ "stall-limit", required_argument, NULL, SMK_CLI_STALL_LIMIT }
#define SMK_CLI_CONTAIN_HELP						\
"      --memory-limit MIB    stop the trace reader past MIB of memory\n" \
"                            (default: half of RAM, 1024-4096; 0: none)\n" \
"      --stall-limit S       stop the reader after S seconds of CPU time\n" \
"                            without an event (default 30; 0: never)\n"
/* A kernel release's binaries, and the tree they are under. */
#define SMK_CLI_KERNEL_LONGOPTS						\
	{ "kernel", required_argument, NULL, 'k' },			\
	{ "root", required_argument, NULL, SMK_CLI_ROOT }
#define SMK_CLI_LONGOPTS						\
	{ "probe", required_argument, NULL, 'n' },			\
	{ "module", required_argument, NULL, 'm' },			\
	{ "function", required_argument, NULL, 'f' },			\
	{ "name", required_argument, NULL, 'N' },			\
	SMK_CLI_KERNEL_LONGOPTS,					\
	SMK_CLI_DEBUG_LONGOPTS

struct smk_cli {
	struct smk_filter filter;
	const char *release, *root;
	struct smk_debuginfo_opts debuginfo;	/* debug_dirs is owned */
};

/*
 * 1: @c was a common option, taken; 0: not one; -1: out of memory; -2: a
 * usage error (only -n so far: a description that does not fit
 * smk_filter_syntax), for the tool to report and exit 2.  --debuginfod
 * with no URLS and no DEBUGINFOD_URLS is reported here ("PROG:
 * --debuginfod: ...") and exits 2: no tool can do anything useful with it.
 */
int smk_cli_option(struct smk_cli *cli, int c, char *arg);

struct smk_contain_limits;
/*
 * 1: @c was one of SMK_CLI_CONTAIN_LONGOPTS, taken into @l; 0: not one;
 * -2: its argument is not a count, reported ("PROG: --memory-limit: ...")
 * for the tool to exit 2.
 */
int smk_cli_contain_option(struct smk_contain_limits *l, const char *prog,
			   int c, const char *arg);

/*
 * The inputs of @args (files, directories, module names), or with none the
 * release's vmlinux and modules.  An input that fails goes to @report and
 * the others are still added.
 */
void smk_cli_inputs(const struct smk_cli *cli, char **args, int nargs,
		    struct smk_inputs *in,
		    void (*report)(struct smk_error *err));

void smk_cli_deinit(struct smk_cli *cli);

/*
 * The indices of @set's markers in source order (file, line, then place
 * in the section), into a new array *@ret of set->n (free() it).  Records
 * lie in the section in no useful order: gcc emits a unit's in reverse.
 */
struct smk_error *smk_cli_source_order(const struct smk_marker_set *set,
				       size_t **ret);

/*
 * Flush stdout; false, with "PROG: writing output: ERROR" on stderr, when
 * something written to it was lost (a full disk, a closed pipe).
 */
bool smk_cli_flush_stdout(const char *prog);

#endif /* SMK_CLI_H */
