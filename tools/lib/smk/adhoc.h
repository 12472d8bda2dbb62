/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Ad-hoc points: FILE:LINE with a name and argument expressions, for
 * binaries built without markers (any distribution kernel with debuginfo).
 * They become markers without a record, whose instances are the functions
 * and inlined copies that have line-table rows for FILE:LINE, and go
 * through the same placement and fetching as real markers.
 */
#ifndef SMK_ADHOC_H
#define SMK_ADHOC_H

#include "markers.h"

/* One point; the strings must outlive the marker set made from it. */
struct smk_adhoc {
	const char *file;	/* matched by path suffix */
	unsigned int line;
	const char *name;	/* a C identifier */
	const char *format;	/* one conversion per arg; "%v": DWARF type */
	const char *args[SMK_RECORD_MAX_ARGS];
	unsigned int nargs;
};

/*
 * Parse "FILE:LINE[=NAME] [EXPR[:CONV]]..." into @pt, with storage in the
 * new string *@store (free() it after use).  CONV is a printf conversion
 * such as %zu or %s.  The name defaults to the file's base name and line.
 */
struct smk_error *smk_adhoc_parse(const char *spec, struct smk_adhoc *pt,
				  char **store);

/* Markers for @n points of @b, in order, into a new set. */
struct smk_error *smk_adhoc_markers(struct smk_binary *b,
				    const struct smk_adhoc *pts, size_t n,
				    struct smk_marker_set **ret);

#endif /* SMK_ADHOC_H */
