/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The inputs of the tools: files, directories (searched recursively for
 * ELF files and compressed modules), module names (libkmod, for the
 * release given or the running one), or a whole kernel release.
 */
#ifndef SMK_INPUTS_H
#define SMK_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

struct smk_input {
	char *path;
	bool explicit;	/* named by the user (not found in a directory) */
};

struct smk_inputs {
	struct smk_input *v;
	size_t n, cap;
	const char *release;	/* NULL: the running kernel's, for names */
	const char *root;	/* NULL: / */
};

/*
 * Add what @arg names.  Failures that concern one input (no such file, no
 * such module) are returned as errors after which the caller may go on.
 */
struct smk_error *smk_inputs_add(struct smk_inputs *in, const char *arg);
/* vmlinux and every module of in->release. */
struct smk_error *smk_inputs_add_kernel(struct smk_inputs *in);
void smk_inputs_deinit(struct smk_inputs *in);

#endif /* SMK_INPUTS_H */
