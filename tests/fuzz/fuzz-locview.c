// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The line program reader of locview.c on a hostile .debug_line: the
 * input is the section, every unit of it walked in turn (the next unit
 * where the unit length says), rows counted.
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
		err = smk_line_program_walk(data, size, off, 8, ".debug_line",
					    count, &rows);
		smk_error_destroy(err);
		if (len >= 0xfffffff0u || len > size - off - 4)
			break;
		off += 4 + (size_t)len;
	}
	return 0;
}
