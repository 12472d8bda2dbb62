// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The ELF path of marker-list and of marker-resolve's placement: open the
 * input as a binary (section headers, build-id and notes, symbols, libdw's
 * DWARF), read its marker records with argument types, its SDT notes, and
 * place every marker (control flow, relocations of a .ko or .o).
 */
#include "fuzz.h"

#include "smk/binary.h"
#include "smk/markers.h"
#include "smk/placement.h"
#include "smk/sdt.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* No debuginfo search outside the input: answers from it alone. */
	struct smk_debuginfo_opts opts = { 0 };
	struct smk_marker_set *set = NULL;
	struct smk_placement *pl = NULL;
	struct smk_sdt_probe *probes = NULL;
	struct smk_binary *b = NULL;
	struct smk_error *err;
	const char *msg;
	char path[64];
	size_t n = 0;
	int fd;

	fd = fuzz_memfd(data, size, path, sizeof(path));
	err = smk_binary_open(path, &opts, &b);
	if (err) {
		smk_error_destroy(err);
		close(fd);
		return 0;
	}
	err = smk_markers_read(b, SMK_MARKERS_ARG_TYPES, &set);
	if (!err) {
		(void)smk_markers_section_check(b, set, &msg);
		err = smk_place_markers(b, set, 0, &pl);
		if (!err)
			smk_placements_destroy(pl, set->n);
		smk_error_destroy(err);
		smk_marker_set_destroy(set);
	} else {
		smk_error_destroy(err);
	}
	err = smk_sdt_read(b, &probes, &n);
	if (!err)
		smk_sdt_probes_destroy(probes, n);
	smk_error_destroy(err);
	smk_binary_destroy(b);
	close(fd);
	return 0;
}
