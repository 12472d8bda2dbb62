// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The symbolizer's own line-table reader (locview.c, through
 * symbolize.c) against libdw's dwarf_getsrclines(), the reference path
 * (smk_symbolizer_reference_lines()), on one binary:
 *
 *   symlines BIN [STEP] [cache]
 *                         every address of the binary's executable
 *                         sections (every STEP-th byte, default 1) looked
 *                         up in both; prints "checked N, differ D" and the
 *                         first differences, "ADDR: OURS | REFERENCE"
 *
 * With "cache", ours writes the binary's index cache file first
 * (smk_symbolizer_write_index(), in $SMK_INDEX_CACHE_DIR) and answers from
 * it: "cache: U units written, R read" is printed, and a run where no unit
 * came from the file fails.
 *
 * Exit 0 when the two agree on every address (function, file, line,
 * column and discriminator of every frame), 1 when they differ, 2 on an
 * error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gelf.h>

#include "smk/symbolize.h"

static int open_one(const char *path, bool reference,
		    struct smk_symbolizer **s)
{
	struct smk_binary *b;
	struct smk_error *err;

	err = smk_binary_open(path, NULL, &b);
	if (!err)
		err = smk_symbolizer_create(b, s);
	if (err) {
		fprintf(stderr, "symlines: %s: %s\n", path, err->message);
		return 2;
	}
	if (reference)
		smk_symbolizer_reference_lines(*s);
	return 0;
}

static const char *str(const char *s)
{
	return s ? s : "?";
}

/* The answer as one line, into @buf. */
static void text(const struct smk_symbol_info *in, char *buf, size_t size)
{
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < in->nframes && n < size; i++) {
		const struct smk_frame *f = &in->frames[i];

		n += snprintf(buf + n, size - n, "%s%s %s:%u:%u/%u",
			      i ? " < " : "", str(f->function), str(f->file),
			      f->line, f->column, f->discriminator);
	}
	if (!in->nframes)
		snprintf(buf, size, "(nothing: %s)", str(in->reason));
}

int main(int argc, char **argv)
{
	struct smk_symbolizer *ours, *ref;
	unsigned long step = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
	unsigned long checked = 0, differ = 0;
	struct smk_binary *b;
	Elf *elf;
	Elf_Scn *scn = NULL;
	int rc;

	bool cache = argc > 3 && !strcmp(argv[3], "cache");
	size_t written = 0, read = 0;

	if (argc < 2 || !step || (argc > 3 && !cache)) {
		fprintf(stderr, "usage: symlines BIN [STEP] [cache]\n");
		return 2;
	}
	rc = open_one(argv[1], false, &ours);
	if (!rc && cache) {
		struct smk_error *err;
		uint64_t size;
		char *path;

		/* Written by one symbolizer, read by a fresh one. */
		err = smk_symbolizer_write_index(ours, &path, &size, &written);
		if (err) {
			fprintf(stderr, "symlines: %s\n", err->message);
			return 2;
		}
		free(path);
		smk_symbolizer_destroy(ours);
		rc = open_one(argv[1], false, &ours);
	}
	if (!rc)
		rc = open_one(argv[1], true, &ref);
	if (rc)
		return rc;
	b = smk_symbolizer_binary(ours);
	elf = b->elf;
	if (b->kind == SMK_BINARY_MODULE || b->kind == SMK_BINARY_OBJECT) {
		/* Their addresses are a layout (symbolize.h), not sh_addr. */
		fprintf(stderr, "symlines: %s: relocatable: not handled\n",
			argv[1]);
		return 2;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		uint64_t a;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_EXECINSTR) ||
		    !(sh.sh_flags & SHF_ALLOC))
			continue;
		for (a = 0; a < sh.sh_size; a += step) {
			struct smk_symbol_info x, y;
			static char tx[8192], ty[8192];
			uint64_t addr = sh.sh_addr + a;

			if (smk_symbolizer_lookup(ours, &addr, 1, &x)) {
				fprintf(stderr, "symlines: out of memory\n");
				return 2;
			}
			text(&x, tx, sizeof(tx));
			if (smk_symbolizer_lookup(ref, &addr, 1, &y)) {
				fprintf(stderr, "symlines: out of memory\n");
				return 2;
			}
			text(&y, ty, sizeof(ty));
			checked++;
			if (strcmp(tx, ty) && ++differ <= 10)
				printf("%#" PRIx64 ": %s | %s\n", addr, tx, ty);
		}
	}
	if (cache) {
		const char *why = smk_symbolizer_index_cache(ours, &read);

		printf("cache: %zu units written, %zu read%s%s\n", written,
		       read, why ? ": not used: " : "", why ? why : "");
		if (!read)
			differ++;
	}
	printf("checked %lu, differ %lu\n", checked, differ);
	smk_symbolizer_destroy(ours);
	smk_symbolizer_destroy(ref);
	return differ ? 1 : 0;
}
