// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve --at specs and --at-file lines: each line of the input
 * is one spec ("FILE:LINE[=NAME] [EXPR[:CONV]]...").  What parses keeps
 * the parser's promises: a line > 0, a C identifier for a name, no more
 * arguments than a record holds.
 */
#include "fuzz.h"

#include "smk/adhoc.h"
#include "smk/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct smk_adhoc pt;
		struct smk_error *err;
		char *store = NULL;

		memset(&pt, 0, sizeof(pt));
		err = smk_adhoc_parse(line, &pt, &store);
		if (!err && (!pt.file || !pt.name || !pt.line ||
			     pt.nargs > SMK_RECORD_MAX_ARGS ||
			     !smk_is_identifier(pt.name))) {
			fprintf(stderr, "bad parse of '%s'\n", line);
			abort();
		}
		smk_error_destroy(err);
		free(store);
	}
	free(text);
	return 0;
}
