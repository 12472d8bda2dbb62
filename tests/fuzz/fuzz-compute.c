// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Computed values' programs (compute.c) from hostile text, as a record
 * file or a trace may hold them: parse, and for what parses, format (it
 * must parse again to the same items), evaluate and write as bpftrace.
 */
#include "fuzz.h"

#include "smk/compute.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const in[] = { "reg(\"di\")", "reg(\"si\")",
					  "reg(\"dx\")", "reg(\"cx\")" };
	uint64_t vals[SMK_COMPUTE_MAX_INPUTS] = { 1, ~0ULL, 1ULL << 63, 7 };
	char text[SMK_COMPUTE_MAX_LEN + 2], out[1024];
	struct smk_compute c, c2;
	struct smk_error *err;
	uint64_t v;

	if (size > SMK_COMPUTE_MAX_LEN + 1)
		size = SMK_COMPUTE_MAX_LEN + 1;
	memcpy(text, data, size);
	text[size] = '\0';
	err = smk_compute_parse(text, &c);
	if (err) {
		smk_error_destroy(err);
		return 0;
	}
	if (!smk_compute_eval(&c, vals, SMK_COMPUTE_MAX_INPUTS, &v))
		abort();	/* parsed, so it evaluates */
	smk_compute_bpftrace(&c, in, out, sizeof(out));
	if (smk_compute_format(&c, out, sizeof(out))) {
		err = smk_compute_parse(out, &c2);
		if (err || c2.nitems != c.nitems ||
		    memcmp(c2.items, c.items, c.nitems * sizeof(c.items[0])))
			abort();	/* the format side must round-trip */
	}
	smk_compute_value_text("s32", v, out, sizeof(out));
	return 0;
}
