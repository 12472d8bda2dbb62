// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

static const unsigned char magic[4] = { 'S', 'M', 'K', 'R' };

bool smk_is_identifier(const char *s)
{
	size_t i;

	if (!s || !(*s == '_' || (*s >= 'a' && *s <= 'z') ||
		    (*s >= 'A' && *s <= 'Z')))
		return false;
	for (i = 1; s[i]; i++) {
		char c = s[i];

		if (i >= SMK_RECORD_MAX_NAME)
			return false;
		if (!(c == '_' || (c >= 'a' && c <= 'z') ||
		      (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return false;
	}
	return true;
}

static unsigned int get16(const unsigned char *p, bool be)
{
	return be ? (p[0] << 8 | p[1]) : (p[1] << 8 | p[0]);
}

static unsigned int get32(const unsigned char *p, bool be)
{
	return be ? ((unsigned int)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]) :
		    ((unsigned int)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0]);
}

/* No control characters but tab and newline (allowed in formats only). */
static bool clean_string(const char *s, bool is_format)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == 0x7f || (c < 0x20 && !(is_format &&
						 (c == '\t' || c == '\n'))))
			return false;
	}
	return true;
}

/*
 * Check and decode the record at @p, which has @avail bytes after it.
 * Returns NULL or why the record is bad; *@size is the record size when
 * the header itself is sane (so an unknown version can be skipped).
 */
static const char *decode_one(const unsigned char *p, size_t avail, bool be,
			      struct smk_record *r, size_t *size)
{
	const char *s, *end;
	unsigned int strings, i;

	*size = 0;
	if (avail < SMK_RECORD_HEADER_SIZE)
		return "truncated record header";
	*size = get16(p + 6, be);
	if (*size < SMK_RECORD_HEADER_SIZE || *size % 4 || *size > avail) {
		*size = 0;
		return "record size out of bounds";
	}
	r->version = p[4];
	if (r->version != SMK_RECORD_VERSION)
		return "unsupported record version";
	r->nargs = p[5];
	r->line = get32(p + 8, be);
	strings = get16(p + 12, be);
	r->flags = get16(p + 14, be);
	if (r->nargs > SMK_RECORD_MAX_ARGS)
		return "too many arguments";
	if (strings > *size - SMK_RECORD_HEADER_SIZE)
		return "strings overrun the record";
	s = (const char *)p + SMK_RECORD_HEADER_SIZE;
	end = s + strings;
	for (i = 0; i < 3 + r->nargs; i++) {
		const char *nul = memchr(s, '\0', end - s);

		if (!nul)
			return "unterminated string";
		if (i == 0)
			r->name = s;
		else if (i == 1)
			r->file = s;
		else if (i == 2)
			r->format = s;
		else
			r->args[i - 3] = s;
		s = nul + 1;
	}
	if (s != end)
		return "string table size does not match its strings";
	if (!smk_is_identifier(r->name))
		return "marker name is not a C identifier";
	if (!clean_string(r->file, false) || !*r->file)
		return "bad file name";
	if (!clean_string(r->format, true))
		return "control characters in format";
	for (i = 0; i < r->nargs; i++) {
		if (!clean_string(r->args[i], false) || !*r->args[i])
			return "bad argument expression";
	}
	return NULL;
}

struct smk_error *smk_records_decode(const void *data, size_t size,
				     bool big_endian, struct smk_record **ret,
				     size_t *nret, smk_record_warn_fn *warn,
				     void *warn_arg)
{
	const unsigned char *p = data;
	struct smk_record *recs = NULL;
	size_t n = 0, cap = 0, off = 0;

	while (off + 4 <= size) {
		struct smk_record r = { .offset = off };
		const char *why;
		size_t rsize;

		if (memcmp(p + off, magic, 4)) {
			/* Padding between records is zeros; anything else is junk. */
			size_t start = off;

			while (off + 4 <= size && !memcmp(p + off, "\0\0\0\0", 4))
				off += 4;
			if (off + 4 <= size && memcmp(p + off, magic, 4)) {
				if (warn)
					warn(warn_arg, off, "no record magic");
				while (off + 4 <= size && memcmp(p + off, magic, 4))
					off += 4;
			}
			if (off == start)
				off += 4;
			continue;
		}
		why = decode_one(p + off, size - off, big_endian, &r, &rsize);
		if (why) {
			if (warn)
				warn(warn_arg, off, why);
			/* Trust the size of a sane header; else resync
			 * silently on the next aligned magic. */
			if (rsize) {
				off += rsize;
				continue;
			}
			off += 4;
			while (off + 4 <= size && memcmp(p + off, magic, 4))
				off += 4;
			continue;
		}
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			struct smk_record *tmp = realloc(recs, ncap * sizeof(*recs));

			if (!tmp) {
				free(recs);
				return &smk_error_nomem;
			}
			recs = tmp;
			cap = ncap;
		}
		recs[n++] = r;
		off += rsize;
	}
	if (off < size && warn && memcmp(p + off, "\0\0\0\0", size - off))
		warn(warn_arg, off, "trailing bytes after the last record");
	*ret = recs;
	*nret = n;
	return NULL;
}
