/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Selecting probes dtrace-style: a description "module:function:name", each
 * part a glob, fewer parts matching from the right, empty parts matching
 * everything; or one glob per part.
 */
#ifndef SMK_FILTER_H
#define SMK_FILTER_H

#include <stdbool.h>

struct smk_filter {
	const char *module, *function, *name;	/* NULL: any */
};

/* The syntax of a description, for messages. */
extern const char smk_filter_syntax[];

/*
 * Parse @desc in place (it is modified and must outlive the filter).
 * False, @f unchanged, for a description with more parts than the syntax
 * has ("a:b:c:d:e"): it could match nothing.
 */
bool smk_filter_parse(struct smk_filter *f, char *desc);
bool smk_filter_match(const struct smk_filter *f, const char *module,
		      const char *function, const char *name);

#endif /* SMK_FILTER_H */
