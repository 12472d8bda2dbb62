/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Decoding the __simple_marker section: a sequence of version-1 records
 * (Documentation/record-format.rst), each a 16-byte header followed by
 * NUL-terminated strings, at 4-byte aligned offsets, possibly separated by
 * zero padding.  The section comes from a file we do not trust: every read
 * is bounded, and a record that fails a check is skipped with a warning
 * naming its offset, after which decoding resynchronises on the next
 * aligned magic.
 */
#ifndef SMK_RECORD_H
#define SMK_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

enum {
	SMK_RECORD_HEADER_SIZE = 16,
	SMK_RECORD_VERSION = 1,
	SMK_RECORD_MAX_ARGS = 12,
	SMK_RECORD_MAX_NAME = 128,
	SMK_RECORD_F_EXACT = 0x1,	/* has an anchor: trace_simple_exact() */
};

/* Strings point into the section data, which must outlive the record. */
struct smk_record {
	uint64_t offset;	/* of the record in the section */
	unsigned int version;
	unsigned int line;
	unsigned int nargs;
	unsigned int flags;
	const char *name;
	const char *file;
	const char *format;
	const char *args[SMK_RECORD_MAX_ARGS];
};

/* Called for each skipped record: offset in the section and why. */
typedef void smk_record_warn_fn(void *arg, uint64_t offset, const char *why);

/*
 * Decode every record in @data (@size bytes, @big_endian byte order) into a
 * new array *@ret of *@nret records (free() it).  Fails only on out of
 * memory; bad records go to @warn.
 */
struct smk_error *smk_records_decode(const void *data, size_t size,
				     bool big_endian, struct smk_record **ret,
				     size_t *nret, smk_record_warn_fn *warn,
				     void *warn_arg);

/* Is @s a C identifier of at most SMK_RECORD_MAX_NAME bytes? */
bool smk_is_identifier(const char *s);

#endif /* SMK_RECORD_H */
