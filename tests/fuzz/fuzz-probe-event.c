// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The probe-event parser (kprobe_events/uprobe_events lines) and its
 * round trip: a line that parses and validates formats to a line that
 * parses to the same line again, or the parser and formatter disagree.
 */
#include "fuzz.h"

#include "smk/probe-event.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smk_probe_event ev, ev2;
	struct smk_error *err;
	char *line = fuzz_string(data, size), *out = NULL, *out2 = NULL;

	err = smk_probe_event_parse(line, &ev);
	if (!err)
		err = smk_probe_event_validate(&ev);
	if (!err) {
		(void)smk_probe_event_file_kind(&ev);
		err = smk_probe_event_format(&ev, &out);
	}
	if (!err) {
		err = smk_probe_event_parse(out, &ev2);
		if (!err)
			err = smk_probe_event_format(&ev2, &out2);
		if (err || strcmp(out, out2)) {
			fprintf(stderr, "round trip: '%s' -> '%s' -> '%s'\n",
				line, out, out2 ? out2 : err->message);
			abort();
		}
		smk_probe_event_deinit(&ev2);
	}
	smk_error_destroy(err);
	smk_probe_event_deinit(&ev);
	free(out);
	free(out2);
	free(line);
	return 0;
}
