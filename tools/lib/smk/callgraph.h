/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Call graphs from function entry/exit events (gcc -finstrument-functions,
 * LTTng's lttng_ust_cyg_profile:func_entry/func_exit): one call stack per
 * thread, an edge caller -> callee counted at each entry, written as
 * Graphviz DOT.
 *
 * Nodes are functions named by the caller (binary and function), so the
 * same function seen at different runtime addresses (two processes, ASLR)
 * is one node.  When a thread's stack is empty at an entry (the caller is
 * not instrumented, or the trace started inside it), the caller may pass
 * the node of the call site's function: that edge is drawn dashed.  An
 * exit pops the thread's stack down to the matching entry, so a missing
 * exit (longjmp, exceptions) costs one wrong level, not the rest of the
 * trace; an exit with no matching entry is ignored.
 */
#ifndef SMK_CALLGRAPH_H
#define SMK_CALLGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"

struct smk_callgraph;

static const unsigned int SMK_CALLGRAPH_NONE = (unsigned int)-1;

struct smk_callgraph_edge {
	unsigned int caller, callee;
	bool uninstrumented;	/* caller known from the call site only */
	uint64_t calls;
};

struct smk_callgraph_filter {
	const char *binary;	/* glob on both ends' binary basename */
	const char *function;	/* glob on either end's function */
	uint64_t min_calls;
};

struct smk_error *smk_callgraph_create(struct smk_callgraph **ret);
void smk_callgraph_destroy(struct smk_callgraph *cg);	/* NULL ok */

/*
 * The node of @function in @binary (copied; NULL is "??"), created on
 * first use.
 */
struct smk_error *smk_callgraph_node(struct smk_callgraph *cg,
				     const char *binary, const char *function,
				     unsigned int *id);
const char *smk_callgraph_node_function(const struct smk_callgraph *cg,
					unsigned int id);
const char *smk_callgraph_node_binary(const struct smk_callgraph *cg,
				      unsigned int id);

/* Thread @thread enters @callee; @hint: see above, or SMK_CALLGRAPH_NONE. */
struct smk_error *smk_callgraph_enter(struct smk_callgraph *cg,
				      uint64_t thread, unsigned int callee,
				      unsigned int hint);
void smk_callgraph_exit(struct smk_callgraph *cg, uint64_t thread,
			unsigned int node);

/* The edges, in no particular order; valid until the next change. */
const struct smk_callgraph_edge *smk_callgraph_edges(
	const struct smk_callgraph *cg, size_t *n);

/*
 * Write the graph as DOT: the edges that pass @flt (NULL: all), and their
 * nodes, sorted by name so that the output is stable.
 */
struct smk_error *smk_callgraph_write_dot(const struct smk_callgraph *cg,
					  const struct smk_callgraph_filter *flt,
					  FILE *f);

#endif /* SMK_CALLGRAPH_H */
