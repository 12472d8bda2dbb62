// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

struct smk_error smk_error_nomem = {
	.code = SMK_ERROR_NOMEM,
	.message = "out of memory",
};

static struct smk_error *error_vcreate(enum smk_error_code code,
				       const char *suffix, const char *fmt,
				       va_list ap)
{
	struct smk_error *err;
	char *msg;

	if (vasprintf(&msg, fmt, ap) < 0)
		return &smk_error_nomem;
	if (suffix) {
		char *full;

		if (asprintf(&full, "%s: %s", msg, suffix) < 0) {
			free(msg);
			return &smk_error_nomem;
		}
		free(msg);
		msg = full;
	}
	err = malloc(sizeof(*err));
	if (!err) {
		free(msg);
		return &smk_error_nomem;
	}
	err->code = code;
	err->message = msg;
	return err;
}

struct smk_error *smk_error_create(enum smk_error_code code, const char *fmt,
				   ...)
{
	struct smk_error *err;
	va_list ap;

	va_start(ap, fmt);
	err = error_vcreate(code, NULL, fmt, ap);
	va_end(ap);
	return err;
}

struct smk_error *smk_error_errno(int errnum, const char *fmt, ...)
{
	struct smk_error *err;
	va_list ap;

	va_start(ap, fmt);
	err = error_vcreate(errnum == ENOENT ? SMK_ERROR_NOT_FOUND :
			    SMK_ERROR_IO, strerror(errnum), fmt, ap);
	va_end(ap);
	return err;
}

struct smk_error *smk_error_prefix(struct smk_error *err, const char *fmt, ...)
{
	char *prefix, *msg;
	va_list ap;
	int r;

	if (!err || err == &smk_error_nomem)
		return err;
	va_start(ap, fmt);
	r = vasprintf(&prefix, fmt, ap);
	va_end(ap);
	if (r < 0)
		return err;
	if (asprintf(&msg, "%s: %s", prefix, err->message) >= 0) {
		free(err->message);
		err->message = msg;
	}
	free(prefix);
	return err;
}

void smk_error_destroy(struct smk_error *err)
{
	if (!err || err == &smk_error_nomem)
		return;
	free(err->message);
	free(err);
}

static smk_warn_fn *warn_fn;
static void *warn_arg;

void smk_set_warn(smk_warn_fn *fn, void *arg)
{
	warn_fn = fn;
	warn_arg = arg;
}

void smk_warn(const char *fmt, ...)
{
	char *msg;
	va_list ap;
	int r;

	if (!warn_fn)
		return;
	va_start(ap, fmt);
	r = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (r < 0)
		return;
	warn_fn(warn_arg, msg);
	free(msg);
}
