/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The one error convention of libsmk (after drgn's): a function that can
 * fail returns a struct smk_error *, NULL on success.  An error carries a
 * code and a message; the message names the file and says what failed and
 * why ("vmlinux: .debug_info: truncated DIE"), ready to be printed after the
 * program's name.  The caller owns the error and frees it with
 * smk_error_destroy().  Out of memory is a static error that
 * smk_error_destroy() leaves alone, so reporting it never allocates.
 *
 * The library never prints and never exits; diagnostics that do not stop the
 * work (a corrupt record skipped) go to the warning callback.
 */
#ifndef SMK_ERROR_H
#define SMK_ERROR_H

#include <stdarg.h>

enum smk_error_code {
	SMK_ERROR_NOMEM = 1,
	SMK_ERROR_IO,		/* open/read/stat failed; errno in message */
	SMK_ERROR_ELF,		/* not an ELF file, or a broken one */
	SMK_ERROR_DWARF,	/* broken or unusable debug information */
	SMK_ERROR_CORRUPT,	/* a record, note or trace that fails checks */
	SMK_ERROR_NOT_FOUND,	/* no such file, module, symbol, variable */
	SMK_ERROR_MISMATCH,	/* debuginfo whose build-id does not match */
	SMK_ERROR_INVALID,	/* bad argument from the caller or the user */
	SMK_ERROR_UNSUPPORTED,	/* valid, but not something we can do */
};

struct smk_error {
	enum smk_error_code code;
	char *message;
};

extern struct smk_error smk_error_nomem;

struct smk_error *smk_error_create(enum smk_error_code code, const char *fmt,
				   ...) __attribute__((format(printf, 2, 3)));
/* Appends ": strerror(errnum)" to the message; code SMK_ERROR_IO. */
struct smk_error *smk_error_errno(int errnum, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Prefix an existing error's message with "prefix: "; returns err. */
struct smk_error *smk_error_prefix(struct smk_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void smk_error_destroy(struct smk_error *err);

/* Warnings (non-fatal diagnostics) go here; default: dropped. */
typedef void smk_warn_fn(void *arg, const char *msg);
void smk_set_warn(smk_warn_fn *fn, void *arg);
void smk_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* SMK_ERROR_H */
