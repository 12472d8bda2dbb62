// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The ELF path of marker-list and of marker-resolve's placement: open the
 * input as a binary (section headers, build-id and notes, symbols, libdw's
 * DWARF), read its marker records with argument types, its SDT notes, and
 * place every marker (control flow, relocations of a .ko or .o), in uprobe
 * syntax for a program or library as marker-resolve does; then make each
 * placement's probe-event definitions (probe-event.c), which must format
 * (they are validated) and parse back to the same line.
 */
#include "fuzz.h"

#include "smk/binary.h"
#include "smk/markers.h"
#include "smk/placement.h"
#include "smk/probe-event.h"
#include "smk/sdt.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

/* The definitions of @p, as marker-resolve makes them. */
static void events(struct smk_binary *b, const struct smk_placement *p,
		   bool user, bool no_append)
{
	const char *module = b->kind == SMK_BINARY_MODULE ? b->module : NULL;
	char base[SMK_PROBE_NAME_MAX + 1];
	struct smk_probe_event *evs = NULL;
	struct smk_error *err;
	size_t i, n = 0;

	err = smk_probe_event_name(base, p->rec->name, 0);
	if (!err)
		err = smk_probe_events_from_placement(
			"smkfuzz", base, module, user ? b->path : NULL, p,
			no_append ? SMK_PROBE_EVENTS_NO_APPEND : 0, &evs, &n);
	if (err) {
		/* A hostile name or site: refused, which is fine. */
		smk_error_destroy(err);
		return;
	}
	for (i = 0; i < n; i++) {
		struct smk_probe_event ev;
		char *line = NULL, *line2 = NULL;

		err = smk_probe_event_format(&evs[i], &line);
		if (err) {
			fprintf(stderr, "%s: a definition made from a "
				"placement does not format: %s\n",
				p->rec->name, err->message);
			abort();
		}
		err = smk_probe_event_parse(line, &ev);
		if (!err)
			err = smk_probe_event_format(&ev, &line2);
		if (err || strcmp(line, line2)) {
			fprintf(stderr, "round trip: '%s' -> '%s'\n", line,
				line2 ? line2 : err->message);
			abort();
		}
		smk_probe_event_deinit(&ev);
		free(line);
		free(line2);
	}
	smk_probe_events_destroy(evs, n);
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
	bool user;
	int fd;

	fd = fuzz_memfd(data, size, path, sizeof(path));
	err = smk_binary_open(path, &opts, &b);
	if (err) {
		smk_error_destroy(err);
		close(fd);
		return 0;
	}
	user = b->kind == SMK_BINARY_EXEC || b->kind == SMK_BINARY_DYN;
	err = smk_markers_read(b, SMK_MARKERS_ARG_TYPES, &set);
	if (!err) {
		(void)smk_markers_section_check(b, set, &msg);
		err = smk_place_markers(b, set, user ? SMK_PLACE_USER : 0, &pl);
		if (!err) {
			size_t i;

			for (i = 0; i < set->n; i++)
				events(b, &pl[i], user, size & 1);
			smk_placements_destroy(pl, set->n);
		}
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
