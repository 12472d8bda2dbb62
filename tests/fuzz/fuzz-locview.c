// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The line program reader of locview.c on a hostile .debug_line: the
 * input is the section, every unit of it walked in turn (the next unit
 * where the unit length says), rows counted, and its file table read
 * with the input's second half standing for .debug_line_str and
 * .debug_str (every name must end inside them).
 */
#include "fuzz.h"

#include "smk/locview.h"

static bool count(void *arg, const struct smk_line_row *r)
{
	(void)r;
	++*(size_t *)arg;
	return true;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t off = 0, rows = 0;
	unsigned int units = 0;

	while (off + 4 <= size && units++ < 64) {
		uint32_t len;
		struct smk_error *err;

		memcpy(&len, data + off, 4);
		struct smk_line_strings strs = {
			.line_str = data + size / 2, .str = data + size / 2,
			.line_str_size = size - size / 2,
			.str_size = size - size / 2,
		};
		struct smk_line_files files;
		size_t i;

		err = smk_line_program_walk(data, size, off, 8, ".debug_line",
					    count, &rows);
		smk_error_destroy(err);
		err = smk_line_program_files(data, size, off, 8, &strs, "/cd",
					     ".debug_line", &files);
		if (!err) {
			/* Every name and directory must be readable. */
			for (i = 0; i < files.nfiles; i++) {
				const char *d = files.dir_of[i] == UINT64_MAX ?
					NULL : files.dirs[files.dir_of[i]];

				rows += (files.names[i] ?
					 strlen(files.names[i]) : 0) +
					(d ? strlen(d) : 0);
			}
			smk_line_files_free(&files);
		}
		smk_error_destroy(err);
		if (len >= 0xfffffff0u || len > size - off - 4)
			break;
		off += 4 + (size_t)len;
	}
	return 0;
}
