// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * addrmap.c, the address maps of traced processes, driven by a stream of
 * operations read from the input: add an object (vpid, base, size, one of
 * a few paths, PIC or not), set its build-id, remove it, reset a
 * process, find and symbolize an address.  The paths are the ELF seeds of
 * tests/fuzz/corpus/elf under a --target-prefix, a missing file, a
 * directory, and a name taken from the input (hostile: "..", long, odd
 * bytes), so lookups open real files, compare build-ids and symbolize.
 * Checks: a found address lies in an object that covers it.
 */
#include "fuzz.h"

#include <limits.h>

#include "smk/addrmap.h"

static char prefix[PATH_MAX];
static const char *const paths[] = {
	"/exe-x86_64", "/sdt-x86_64", "/obj-x86_64.o", "/rel-i386.o",
	"/no-such-file", "/", "/exe-x86_64/..",
};
enum { NPATHS = sizeof(paths) / sizeof(paths[0]) };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	fuzz_corpus_dir((*argv)[0], "elf", prefix, sizeof(prefix));
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

struct in {
	const uint8_t *p;
	size_t n;
};

static uint64_t take(struct in *in, size_t bytes)
{
	uint64_t v = 0;

	while (bytes-- && in->n) {
		v = v << 8 | *in->p++;
		in->n--;
	}
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smk_debuginfo_opts opts = { .target_prefix = prefix };
	struct in in = { data, size };
	struct smk_addrmap *m = NULL;
	struct smk_error *err = NULL;
	uint64_t bases[8] = { 0 };

	if (smk_addrmap_create(&opts, &m))
		abort();
	smk_addrmap_load_markers(m, size & 1);
	while (in.n && !err) {
		unsigned int op = (unsigned int)take(&in, 1);
		int64_t vpid = (int64_t)(op >> 4 & 3);
		unsigned int slot = op >> 6 & 3;
		struct smk_addrmap_loc loc;
		struct smk_symbol_info info;
		unsigned char id[24];
		const char *why;
		uint64_t addr;
		size_t len, i;

		switch (op & 7) {
		case 0:	/* add: base, memsz, path */
		case 1: {
			uint64_t base = take(&in, 3) << 12;
			uint64_t memsz = take(&in, 3);
			unsigned int which = (unsigned int)take(&in, 1);
			char name[300];

			if (which % (NPATHS + 1) < NPATHS) {
				snprintf(name, sizeof(name), "%s",
					 paths[which % (NPATHS + 1)]);
			} else {	/* a name from the input */
				len = (size_t)take(&in, 1) % 255;
				for (i = 0; i < len && in.n; i++)
					name[i] = (char)take(&in, 1);
				name[i] = '\0';
			}
			bases[slot] = base;
			err = smk_addrmap_add(m, vpid, base, memsz, name,
					      op & 8);
			break;
		}
		case 2:	/* a build-id for a slot */
			len = (size_t)take(&in, 1) % sizeof(id);
			for (i = 0; i < len; i++)
				id[i] = (unsigned char)take(&in, 1);
			err = smk_addrmap_set_build_id(m, vpid, bases[slot],
						       id, len);
			break;
		case 3:
			smk_addrmap_remove(m, vpid, bases[slot]);
			break;
		case 4:
			smk_addrmap_reset(m, vpid);
			break;
		case 5:	/* find */
			addr = bases[slot] + take(&in, 3);
			if (smk_addrmap_find(m, vpid, addr, &loc, &why)) {
				if (!loc.file || loc.offset > addr)
					abort();
				(void)smk_addrmap_file_path(loc.file);
				(void)smk_addrmap_file_host_path(loc.file);
				(void)smk_addrmap_file_symbolizer(loc.file,
								  &why);
			} else if (!why) {
				abort();	/* a miss says why */
			}
			break;
		default: /* symbolize */
			addr = bases[slot] + take(&in, 3);
			memset(&info, 0, sizeof(info));
			err = smk_addrmap_symbolize(m, vpid, addr, &loc, &info);
			break;
		}
		(void)smk_addrmap_generation(m);
	}
	if (err && err != &smk_error_nomem)
		abort();	/* only lack of memory is an error */
	smk_error_destroy(err);
	smk_addrmap_destroy(m);
	return 0;
}
