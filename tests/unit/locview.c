// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Location views (locview.c) as text, for tests/locview.t to compare with
 * binutils' readelf on real builds:
 *
 *   locview rows BIN       every line-table row: "ADDR LINE VIEW S|-"
 *                          (readelf --debug-dump=decodedline's columns)
 *   locview loc BIN        every location list with views, once:
 *                          "START END VBEGIN VEND" per entry
 *                          (readelf --debug-dump=loc's view pairs)
 *   locview raw FILE OFF   the line program of a raw .debug_line (objcopy
 *                          --dump-section) at OFF: the rows, or the error
 *
 * Exit 0, or 1 with "locview: FILE: message" on stderr.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>

#include "smk/locview.h"

static bool print_row(void *arg, const struct smk_line_row *r)
{
	(void)arg;
	if (!r->end)
		printf("%#" PRIx64 " %u %u %s\n", r->addr, r->line, r->view,
		       r->stmt ? "S" : "-");
	return true;
}

static int fail(const char *path, struct smk_error *err)
{
	fprintf(stderr, "locview: %s: %s\n", path, err->message);
	smk_error_destroy(err);
	return 1;
}

static bool debug_line(Elf *elf, const unsigned char **p, size_t *n)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".debug_line"))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d)
			return false;
		*p = d->d_buf;
		*n = d->d_size;
		return true;
	}
	return false;
}

static int rows(const char *path, Dwarf *dw)
{
	const unsigned char *data;
	Dwarf_Off off = 0, next;
	size_t hsize, n;

	if (!debug_line(dwarf_getelf(dw), &data, &n)) {
		fprintf(stderr, "locview: %s: no .debug_line\n", path);
		return 1;
	}
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;
		Dwarf_Attribute a;
		Dwarf_Word line_off;
		uint8_t asize, osize;
		struct smk_error *err;

		if (dwarf_offdie(dw, off + hsize, &cu) &&
		    dwarf_formudata(dwarf_attr(&cu, DW_AT_stmt_list, &a),
				    &line_off) == 0 &&
		    dwarf_diecu(&cu, &cu, &asize, &osize)) {
			err = smk_line_program_walk(data, n, line_off, asize,
						    ".debug_line", print_row,
						    NULL);
			if (err)
				return fail(path, err);
		}
		off = next;
	}
	return 0;
}

static int loc_die(const char *path, Dwarf_Die *die, Dwarf_Word *seen,
		   size_t *nseen)
{
	struct smk_loc_entry *e;
	struct smk_error *err;
	Dwarf_Attribute a;
	Dwarf_Word loff;
	size_t n, i;

	if (!dwarf_hasattr(die, DW_AT_GNU_locviews) ||
	    dwarf_formudata(dwarf_attr(die, DW_AT_location, &a), &loff))
		return 0;
	for (i = 0; i < *nseen; i++)
		if (seen[i] == loff)
			return 0;
	if (*nseen < 65536)
		seen[(*nseen)++] = loff;
	err = smk_loc_views(die, &e, &n);
	if (err)
		return fail(path, err);
	for (i = 0; i < n; i++)
		printf("%#" PRIx64 " %#" PRIx64 " %u %u\n",
		       (uint64_t)e[i].start, (uint64_t)e[i].end, e[i].vbegin,
		       e[i].vend);
	free(e);
	return 0;
}

static int loc_walk(const char *path, Dwarf_Die *die, Dwarf_Word *seen,
		    size_t *nseen, int depth)
{
	Dwarf_Die child;
	int rc = 0;

	if (depth > 64)
		return 0;
	do {
		rc = loc_die(path, die, seen, nseen);
		if (rc)
			return rc;
		if (dwarf_child(die, &child) == 0) {
			rc = loc_walk(path, &child, seen, nseen, depth + 1);
			if (rc)
				return rc;
		}
	} while (dwarf_siblingof(die, die) == 0);
	return 0;
}

static int locs(const char *path, Dwarf *dw)
{
	Dwarf_Off off = 0, next;
	size_t hsize, nseen = 0;
	Dwarf_Word *seen = calloc(65536, sizeof(*seen));
	int rc = 0;

	if (!seen)
		return 1;
	while (!rc &&
	       dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(dw, off + hsize, &cu))
			rc = loc_walk(path, &cu, seen, &nseen, 0);
		off = next;
	}
	free(seen);
	return rc;
}

static int raw(const char *path, const char *offs)
{
	static unsigned char buf[1 << 22];
	struct smk_error *err;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		perror(path);
		return 1;
	}
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0) {
		perror(path);
		return 1;
	}
	err = smk_line_program_walk(buf, (size_t)n, strtoull(offs, NULL, 0),
				    8, ".debug_line", print_row, NULL);
	return err ? fail(path, err) : 0;
}

int main(int argc, char **argv)
{
	Dwarf *dw;
	int fd, rc;

	if (argc == 4 && !strcmp(argv[1], "raw"))
		return raw(argv[2], argv[3]);
	if (argc != 3 || (strcmp(argv[1], "rows") && strcmp(argv[1], "loc"))) {
		fprintf(stderr, "usage: locview rows|loc BIN | raw FILE OFF\n");
		return 2;
	}
	elf_version(EV_CURRENT);
	fd = open(argv[2], O_RDONLY);
	if (fd < 0) {
		perror(argv[2]);
		return 1;
	}
	dw = dwarf_begin(fd, DWARF_C_READ);
	if (!dw) {
		fprintf(stderr, "locview: %s: %s\n", argv[2],
			dwarf_errmsg(-1));
		return 1;
	}
	rc = !strcmp(argv[1], "rows") ? rows(argv[2], dw) : locs(argv[2], dw);
	dwarf_end(dw);
	close(fd);
	return rc;
}
