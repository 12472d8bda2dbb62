// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * die-walk: the libdw floor of bench/list-kernel.py.
 *
 *   die-walk FILE...
 *
 * Opens each FILE the way libsmk does (libdwfl offline reporting:
 * dwfl_report_offline() + dwfl_module_getdwarf(), so that the relocations
 * of ET_REL kernel modules are applied to their .debug_* sections, as they
 * must be for the CU headers' abbrev offsets and DW_FORM_strp values to
 * mean anything), then makes one pass over every DIE of every unit
 * (dwarf_get_units(), then dwarf_child()/dwarf_siblingof() depth first),
 * reading each DIE's tag and nothing else, and closes the file before the
 * next one.  Prints one line: "files N cus N dies N errors N"; each file
 * without usable DWARF is named on stderr.  Exit status 1 if any was.
 *
 * Built by bench/list-kernel.py into a temporary directory:
 *   cc -O2 die-walk.c $(pkg-config --cflags --libs libdw libelf)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

static unsigned long long ncus, ndies;

/* Every DIE below @die (not @die itself), depth first, no recursion. */
static int walk_children(Dwarf_Die *die)
{
	Dwarf_Die *stack = NULL;
	size_t depth = 0, cap = 0;
	Dwarf_Die cur;
	int r = dwarf_child(die, &cur);

	if (r < 0)
		return -1;
	if (r > 0)
		return 0;
	for (;;) {
		Dwarf_Die child;

		ndies++;
		if (dwarf_tag(&cur) < 0)
			goto fail;
		r = dwarf_haschildren(&cur) ? dwarf_child(&cur, &child) : 1;
		if (r < 0)
			goto fail;
		if (r == 0) {
			if (depth == cap) {
				Dwarf_Die *tmp;

				cap = cap ? 2 * cap : 64;
				tmp = realloc(stack, cap * sizeof(*stack));
				if (!tmp)
					goto fail;
				stack = tmp;
			}
			stack[depth++] = cur;
			cur = child;
			continue;
		}
		/* No children: the next sibling, here or further up. */
		for (;;) {
			r = dwarf_siblingof(&cur, &cur);
			if (r < 0)
				goto fail;
			if (r == 0)
				break;
			if (!depth) {
				free(stack);
				return 0;
			}
			cur = stack[--depth];
		}
	}
fail:
	free(stack);
	return -1;
}

/* The files carry their DWARF: never look elsewhere. */
static int no_debuginfo(Dwfl_Module *mod, void **userdata,
			const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file,
			GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	return -1;
}

static int walk_file(const char *path)
{
	static const Dwfl_Callbacks cb = {
		.find_elf = dwfl_build_id_find_elf,
		.find_debuginfo = no_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	Dwfl *dwfl = dwfl_begin(&cb);
	Dwfl_Module *mod;
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	Dwarf_Addr bias;
	Dwarf *dw;
	uint8_t type;
	int fd, ret = 0;

	if (!dwfl)
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(path);
		dwfl_end(dwfl);
		return -1;
	}
	dwfl_report_begin(dwfl);
	/* libdwfl owns the fd from here on. */
	mod = dwfl_report_offline(dwfl, path, path, fd);
	dwfl_report_end(dwfl, NULL, NULL);
	dw = mod ? dwfl_module_getdwarf(mod, &bias) : NULL;
	if (!dw) {
		fprintf(stderr, "%s: no DWARF: %s\n", path, dwfl_errmsg(-1));
		dwfl_end(dwfl);
		return -1;
	}
	while (dwarf_get_units(dw, cu, &cu, NULL, &type, &cudie, NULL) == 0) {
		ncus++;
		ndies++;	/* the unit DIE */
		if (walk_children(&cudie) < 0) {
			fprintf(stderr, "%s: unit at %#llx: %s\n", path,
				(unsigned long long)dwarf_dieoffset(&cudie),
				dwarf_errmsg(-1));
			ret = -1;
		}
	}
	dwfl_end(dwfl);
	return ret;
}

int main(int argc, char **argv)
{
	unsigned long nfiles = 0, nerr = 0;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: die-walk FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (walk_file(argv[i]) < 0)
			nerr++;
		nfiles++;
	}
	printf("files %lu cus %llu dies %llu errors %lu\n", nfiles, ncus, ndies,
	       nerr);
	return nerr ? 1 : 0;
}
