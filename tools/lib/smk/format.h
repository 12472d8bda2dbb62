/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * A marker's printf format: its conversions (for argument types) and its
 * dtrace-style description, where each conversion is replaced by $argument.
 */
#ifndef SMK_FORMAT_H
#define SMK_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

enum smk_conv_length {
	SMK_LEN_NONE, SMK_LEN_HH, SMK_LEN_H, SMK_LEN_L, SMK_LEN_LL,
	SMK_LEN_J, SMK_LEN_Z, SMK_LEN_T,
};

struct smk_conv {
	size_t start, end;		/* [start, end) in the format */
	enum smk_conv_length length;
	char conv;			/* d i u x X o c s p ... */
	char ext[8];			/* kernel %p extension: "S", "I4"... */
	bool star_width, star_prec;	/* '*' consumes an argument too */
};

/*
 * Parse the conversions of @fmt into @convs (at most @max); *@n gets the
 * number found, which may exceed @max.  @kernel: %p takes the kernel's
 * alphanumeric extensions (%pS, %pI4).
 */
void smk_format_parse(const char *fmt, bool kernel, struct smk_conv *convs,
		      size_t max, size_t *n);

/*
 * The description: @fmt with each conversion replaced by "$" and the
 * corresponding argument expression, "$?" past the last argument; control
 * characters escaped as \n, \t, \xNN.
 */
struct smk_error *smk_format_describe(const char *fmt, bool kernel,
				      const char *const *args, size_t nargs,
				      char **ret);

#endif /* SMK_FORMAT_H */
