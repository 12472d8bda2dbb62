// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Marker records (record.c): the input after its first byte is the
 * contents of a __simple_marker section, in big-endian byte order when
 * bit 0 of the first byte is set, decoded by smk_records_decode() as
 * marker-list and marker-resolve decode it.  fuzz-elf reaches this only
 * through a whole ELF file.
 *
 * Checks record.h's promises: every record decoded lies in the section,
 * in order, with a C identifier for a name, a non-empty file, at most
 * SMK_RECORD_MAX_ARGS non-empty arguments and no control characters but
 * tab and newline (those in the format only); every warning names an
 * offset in the section and a reason.
 */
#include "fuzz.h"

#include "smk/record.h"

static size_t section_size;

static void warn(void *arg, uint64_t offset, const char *why)
{
	(void)arg;
	if (offset > section_size || !why || !*why) {
		fprintf(stderr, "warning at %#llx of %#zx: '%s'\n",
			(unsigned long long)offset, section_size,
			why ? why : "(null)");
		abort();
	}
}

static bool clean(const char *s, bool format)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == 0x7f ||
		    (c < 0x20 && !(format && (c == '\t' || c == '\n'))))
			return false;
	}
	return true;
}

static void bad(const struct smk_record *r, const char *what)
{
	fprintf(stderr, "record at %#llx: %s\n",
		(unsigned long long)r->offset, what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smk_record *recs = NULL;
	size_t n = 0, i, a;
	uint64_t last = 0;
	void *sec;

	if (!size)
		return 0;
	section_size = size - 1;
	/* A copy of its own size, so that ASan sees any read past it. */
	sec = malloc(section_size ? section_size : 1);
	if (!sec)
		abort();
	memcpy(sec, data + 1, section_size);
	if (smk_records_decode(sec, section_size, data[0] & 1, &recs, &n,
			       warn, NULL))
		abort();	/* only out of memory fails */
	for (i = 0; i < n; i++) {
		const struct smk_record *r = &recs[i];

		if (r->offset + SMK_RECORD_HEADER_SIZE > section_size ||
		    (i && r->offset <= last))
			bad(r, "outside the section or out of order");
		last = r->offset;
		if (!smk_is_identifier(r->name))
			bad(r, "name is not an identifier");
		if (!r->file || !*r->file || !clean(r->file, false))
			bad(r, "bad file");
		if (!r->format || !clean(r->format, true))
			bad(r, "bad format");
		if (r->nargs > SMK_RECORD_MAX_ARGS)
			bad(r, "too many arguments");
		for (a = 0; a < r->nargs; a++)
			if (!r->args[a] || !*r->args[a] ||
			    !clean(r->args[a], false))
				bad(r, "bad argument");
	}
	free(recs);
	free(sec);
	return 0;
}
