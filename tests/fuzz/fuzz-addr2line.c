// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve addr2line's library half on a hostile file: symbolize
 * addresses of the input ELF (line tables, inline chains, symbols,
 * markers).  The addresses are the input's last 8 words (the front end's
 * text reader is a few lines of hex, not worth a target) and a sweep over
 * the usual start of code.
 */
#include "fuzz.h"

#include "smk/binary.h"
#include "smk/symbolize.h"

enum { SWEEP = 256, TAIL = 8 };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct smk_symbol_info out[SWEEP + TAIL];
	struct smk_debuginfo_opts opts = { 0 };
	uint64_t addrs[SWEEP + TAIL];
	struct smk_symbolizer *s = NULL;
	struct smk_binary *b = NULL;
	struct smk_error *err;
	size_t i, n = 0;
	char path[64];
	int fd;

	fd = fuzz_memfd(data, size, path, sizeof(path));
	err = smk_binary_open(path, &opts, &b);
	if (!err)
		err = smk_symbolizer_create(b, &s);
	if (err) {
		smk_error_destroy(err);
		if (!s)
			smk_binary_destroy(b);
		close(fd);
		return 0;
	}
	smk_error_destroy(smk_symbolizer_load_markers(s));
	for (i = 0; i < SWEEP; i++)
		addrs[n++] = 0x401000 + 4 * i;
	for (i = 0; i < TAIL && size >= 8 * (i + 1); i++)
		memcpy(&addrs[n++], data + size - 8 * (i + 1), 8);
	smk_error_destroy(smk_symbolizer_lookup(s, addrs, n, out));
	smk_symbolizer_destroy(s);
	close(fd);
	return 0;
}
