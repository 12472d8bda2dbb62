// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve symbolize-ftrace: ftrace's text output (a saved "trace"
 * or a "trace_pipe" stream), each kprobe event's address turned into
 * binary, function+offset, source:line, inline chain and the marker whose
 * probe it is.
 *
 * The address comes from the line itself: "(SYM+0xOFF/0xSIZE [MOD])"
 * while the code was loaded (no KASLR to undo: the symbol is the anchor),
 * or a bare "(0xADDR)" once a module is gone, which the traced machine's
 * saved /proc/kallsyms, /proc/modules and /sys/module/M/sections map back
 * (kmap.h).  Binaries come from -e FILE or from -k RELEASE [--root DIR],
 * opened once each, on first need.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/binary.h"
#include "smk/cli.h"
#include "smk/compute.h"
#include "smk/entry.h"
#include "smk/ftrace.h"
#include "smk/json.h"
#include "smk/kernel.h"
#include "smk/kmap.h"
#include "smk/symbolize.h"
#include "smk/tracefs.h"
#include "commands.h"
#include "kaddr.h"



static const char prog[] = "marker-resolve symbolize-ftrace";

enum { KERNEL_SPACE = 0xffff800000000000ull };

struct state {
	struct smk_cli cli;
	struct kaddr ka;
	bool json;
	size_t nevents, nresolved, nmarkers;
	/* What our attach recorded: names the markers of uprobe events */
	struct smk_tracefs_record *rec;
	size_t nrec;
	/* Entry values: the per-task stacks of entry events (entry.h). */
	struct smk_entry_join *join;
};

struct answer {
	struct kaddr_answer k;
	const char *why;
	const struct smk_tracefs_record *rec;	/* a probe we attached */
};

/*
 * The record of @event, which a trace line names without its group: the
 * one record of that name, or one marker all its records agree on.
 */
static const struct smk_tracefs_record *recorded(const struct state *st,
						 const char *event,
						 bool *ambiguous)
{
	const struct smk_tracefs_record *r = NULL;
	size_t i;

	*ambiguous = false;
	for (i = 0; i < st->nrec; i++) {
		const struct smk_tracefs_record *x = &st->rec[i];

		if (strcmp(x->event, event))
			continue;
		if (r && (strcmp(r->marker, x->marker) ||
			  strcmp(r->source, x->source))) {
			*ambiguous = true;
			return NULL;
		}
		r = x;
	}
	return r;
}

/*
 * The computed values of @event's records (tracefs.h), when every record
 * of that name says the same, else NULL: the fields alone cannot say
 * which program applies.
 */
static const char *computed_of(const struct state *st, const char *event)
{
	const char *c = NULL;
	bool any = false;
	size_t i;

	for (i = 0; i < st->nrec; i++) {
		const struct smk_tracefs_record *x = &st->rec[i];
		const char *y = x->computed ? x->computed : "";

		if (strcmp(x->event, event))
			continue;
		if (any && strcmp(c, y))
			return NULL;
		c = y;
		any = true;
	}
	return c && *c ? c : NULL;
}

/* The value of field @name in ftrace's "a=1 b=0x2 s=\"x y\"" text. */
static bool field_value(const char *fields, const char *name, uint64_t *ret)
{
	const char *p = fields;
	size_t n = strlen(name);

	while (p && *p) {
		const char *eq;
		char *end;

		while (*p == ' ')
			p++;
		eq = strchr(p, '=');
		if (!eq)
			return false;
		if ((size_t)(eq - p) == n && !strncmp(p, name, n)) {
			errno = 0;
			if (eq[1] == '-')
				*ret = (uint64_t)strtoll(eq + 1, &end, 0);
			else
				*ret = strtoull(eq + 1, &end, 0);
			return !errno && end != eq + 1 &&
			       (*end == ' ' || !*end);
		}
		p = eq + 1;
		if (*p == '"') {
			p = strchr(p + 1, '"');
			if (p)
				p++;
		} else {
			p = strchr(p, ' ');
		}
	}
	return false;
}

/*
 * The values @desc ("NAME=TYPE:PROG;...") computes from @fields, as
 * "NAME = VALUE, ..." into @buf ("NAME = ?" for one whose inputs are not
 * all there, or whose program does not parse).
 */
static void compute_values(struct state *st, const struct smk_ftrace_event *ev,
			   const char *desc, const char *fields, char *buf,
			   size_t size, bool json)
{
	char item[512];
	const char *p = desc;
	size_t n = 0;

	buf[0] = '\0';
	while (p && *p && n + 1 < size) {
		size_t len = strcspn(p, ";");
		char *eq, *colon, text[64] = "?";
		struct smk_compute prog;
		struct smk_error *err;
		uint64_t in[SMK_COMPUTE_MAX_INPUTS], v;
		unsigned int k;
		bool ok = true;
		int r;

		if (len >= sizeof(item))
			len = sizeof(item) - 1;
		memcpy(item, p, len);
		item[len] = '\0';
		p = p[strcspn(p, ";")] ? p + strcspn(p, ";") + 1 : NULL;
		eq = strchr(item, '=');
		colon = eq ? strchr(eq, ':') : NULL;
		if (!eq || !colon)
			continue;
		*eq = *colon = '\0';
		if (colon[1] == '@') {
			/* An entry value: its activation's entry event. */
			const char *why = NULL, *ef;

			ef = smk_entry_join_find(st->join, ev->pid, colon + 2,
						 fields, &why);
			if (!ef || !smk_entry_field(ef, item, text,
						    sizeof(text))) {
				r = json ? snprintf(buf + n, size - n,
						    "%s\"%s\": null",
						    n ? ", " : "", item) :
					   snprintf(buf + n, size - n,
						    "%s%s = ? (%s)",
						    n ? ", " : "", item,
						    why ? why : "no such field "
						    "in the entry event");
			} else {
				r = json ? snprintf(buf + n, size - n,
						    "%s\"%s\": %s",
						    n ? ", " : "", item, text) :
					   snprintf(buf + n, size - n,
						    "%s%s = %s",
						    n ? ", " : "", item, text);
			}
			if (r < 0 || (size_t)r >= size - n)
				break;
			n += (size_t)r;
			continue;
		}
		err = smk_compute_parse(colon + 1, &prog);
		if (err) {
			smk_error_destroy(err);
			ok = false;
		}
		for (k = 0; ok && k < prog.ninputs; k++) {
			char fname[64];

			smk_compute_input_name(item, k, fname, sizeof(fname));
			ok = field_value(fields, fname, &in[k]);
		}
		if (ok && smk_compute_eval(&prog, in, prog.ninputs, &v) &&
		    smk_compute_value_text(eq + 1, v, text, sizeof(text)))
			;
		else
			snprintf(text, sizeof(text), "%s", json ? "null" : "?");
		r = json ? snprintf(buf + n, size - n, "%s\"%s\": %s",
				    n ? ", " : "", item, text) :
			   snprintf(buf + n, size - n, "%s%s = %s",
				    n ? ", " : "", item, text);
		if (r < 0 || (size_t)r >= size - n)
			break;
		n += (size_t)r;
	}
}

static void resolve(struct state *st, const char *where, struct answer *a)
{
	struct smk_ftrace_where w;

	memset(a, 0, sizeof(*a));
	if (!smk_ftrace_parse_where(where, &w)) {
		a->why = "not an address nor SYM+OFF";
		return;
	}
	if (w.symbolic)
		kaddr_resolve_symbol(&st->ka, w.module, w.symbol, w.offset,
				     &a->k);
	else if (w.addr < KERNEL_SPACE) {
		a->why = "a user address: ftrace does not say which mapping "
			 "it is in";
		return;
	} else
		kaddr_resolve(&st->ka, w.addr, &a->k);
	a->why = a->k.why;
}

static void print_text(const char *line, const struct answer *a,
		       const char *values)
{
	const struct smk_symbol_info *i = &a->k.info;
	size_t k;

	fputs(line, stdout);
	if (a->rec && (!a->k.have || !i->nframes)) {
		printf(", debug_info = { probe = \"%s/%s\" }, marker = { "
		       "name = \"%s\", src = \"%s\" }", a->rec->group,
		       a->rec->event, a->rec->marker, a->rec->source);
		if (values[0])
			printf(", values = { %s }", values);
		printf("\n");
		return;
	}
	if (!a->k.have || !i->nframes) {
		printf(", debug_info = { reason = \"%s\" }",
		       a->why ? a->why : "unknown");
		if (values[0])
			printf(", values = { %s }", values);
		printf("\n");
		return;
	}
	printf(", debug_info = { bin = \"%s\", func = \"%s+0x%" PRIx64
	       "\", src = \"%s:%u\"", a->k.bin->module,
	       i->frames[i->nframes - 1].function ?
	       i->frames[i->nframes - 1].function : "??",
	       i->frames[i->nframes - 1].function_offset,
	       i->frames[0].file ? i->frames[0].file : "??",
	       i->frames[0].line);
	if (i->nframes > 1) {
		printf(", inlined = \"");
		for (k = 0; k + 1 < i->nframes; k++)
			printf("%s%s", k ? " < " : "",
			       i->frames[k].function ?
			       i->frames[k].function : "??");
		printf("\"");
	}
	printf(" }");
	/* Several markers may share one probe site: each is named. */
	for (k = 0; k < i->nmarkers; k++)
		printf(", marker = { name = \"%s\", src = \"%s:%u\" }",
		       i->markers[k].name,
		       i->markers[k].file ? i->markers[k].file : "??",
		       i->markers[k].line);
	if (values[0])
		printf(", values = { %s }", values);
	printf("\n");
}

static void key_str(const char *key, const char *val, bool comma)
{
	printf("%s\"%s\": ", comma ? ", " : "", key);
	if (val)
		smk_json_string(stdout, val);
	else
		fputs("null", stdout);
}

static void print_json(const struct smk_ftrace_event *ev,
		       const struct answer *a, const char *values)
{
	const struct smk_symbol_info *i = &a->k.info;
	size_t k;

	putchar('{');
	key_str("task", ev->task, false);
	printf(", \"pid\": %d, \"cpu\": %d, \"ts_ns\": %" PRIu64,
	       ev->pid, ev->cpu, ev->ts_ns);
	key_str("event", ev->event, true);
	key_str("where", ev->where, true);
	key_str("fields", ev->fields, true);
	if (values[0])
		printf(", \"computed\": {%s}", values);
	else
		printf(", \"computed\": null");
	key_str("bin", a->k.bin && a->k.have ? a->k.bin->module : NULL,
		true);
	printf(", \"frames\": [");
	for (k = 0; a->k.have && k < i->nframes; k++) {
		printf("%s{", k ? ", " : "");
		key_str("function", i->frames[k].function, false);
		printf(", \"offset\": %" PRIu64,
		       i->frames[k].function_offset);
		key_str("file", i->frames[k].file, true);
		printf(", \"line\": %u}", i->frames[k].line);
	}
	printf("]");
	if (a->rec && (!a->k.have || !i->nframes)) {
		key_str("probe_group", a->rec->group, true);
		key_str("marker", a->rec->marker, true);
		key_str("marker_source", a->rec->source, true);
		key_str("reason", NULL, true);
		printf("}\n");
		return;
	}
	key_str("marker", a->k.have ? i->marker : NULL, true);
	key_str("marker_file", a->k.have ? i->marker_file : NULL, true);
	printf(", \"marker_line\": %u, \"markers\": [", a->k.have && i->marker ?
	       i->marker_line : 0);
	for (k = 0; a->k.have && k < i->nmarkers; k++) {
		printf("%s{", k ? ", " : "");
		key_str("name", i->markers[k].name, false);
		key_str("file", i->markers[k].file, true);
		printf(", \"line\": %u}", i->markers[k].line);
	}
	printf("]");
	key_str("reason", a->why, true);
	printf("}\n");
}

static int do_stream(struct state *st, FILE *f, const char *name)
{
	char *line = NULL, *copy;
	size_t cap = 0;
	ssize_t len;

	while ((len = getline(&line, &cap, f)) > 0) {
		struct smk_ftrace_event ev;
		struct answer a;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		copy = strdup(line);
		if (!copy)
			goto nomem;
		if (!smk_ftrace_parse(copy, &ev)) {
			/*
			 * "CPU:N [LOST M EVENTS]", or a CPU whose buffer
			 * starts after the others' (overwritten): an entry
			 * or a return may be gone.
			 */
			if (strstr(line, "[LOST ") ||
			    strstr(line, " buffer started "))
				smk_entry_join_lost(st->join);
			if (!st->json)
				puts(line);
			free(copy);
			continue;
		}
		st->nevents++;
		{
			const char *d = computed_of(st, ev.event);
			struct smk_error *err = NULL;

			if (d && !strcmp(d, "@entry"))
				err = smk_entry_join_push(st->join, ev.pid,
							  ev.event,
							  ev.fields ?
							  ev.fields : "");
			else if (d && !strncmp(d, "@return=", 8))
				smk_entry_join_pop(st->join, ev.pid, d + 8,
						   ev.fields ? ev.fields : "");
			if (err) {
				smk_error_destroy(err);
				free(copy);
				goto nomem;
			}
			if (d && d[0] == '@') {
				/* Our entry/return events: no marker's. */
				if (!st->json)
					puts(line);
				free(copy);
				continue;
			}
		}
		if (!ev.where) {
			if (!st->json)
				puts(line);
			free(copy);
			continue;
		}
		resolve(st, ev.where, &a);
		if (a.k.have && a.k.info.nframes)
			st->nresolved++;
		if (!a.k.have || !a.k.info.nframes) {
			bool amb;

			a.rec = recorded(st, ev.event, &amb);
			if (amb)
				a.why = "an event name that several attached "
					"groups use for different markers";
		}
		if ((a.k.have && a.k.info.marker) || a.rec)
			st->nmarkers++;
		{
			const char *desc = computed_of(st, ev.event);
			char values[1024] = "";

			if (desc)
				compute_values(st, &ev, desc,
					       ev.fields ? ev.fields : "",
					       values, sizeof(values),
					       st->json);
			if (st->json)
				print_json(&ev, &a, values);
			else
				print_text(line, &a, values);
		}
		free(copy);
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
		free(line);
		return 1;
	}
	free(line);
	return 0;
nomem:
	fprintf(stderr, "%s: out of memory\n", prog);
	free(line);
	return 1;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: marker-resolve symbolize-ftrace [" KADDR_USAGE "]\n"
		"         [--debug-info-dir DIR]... [--target-prefix DIR]\n"
		"         [--debuginfod[=URLS] | --no-debuginfod]\n"
		"         [--format=text|json] [TRACE...]\n"
		SMK_CLI_DEBUGINFOD_HELP);
}

int cmd_symbolize_ftrace(int argc, char **argv)
{
	enum { OPT_FORMAT = 256 };
	static const struct option longopts[] = {
		SMK_CLI_LONGOPTS,
		KADDR_LONGOPTS,
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct state st = { 0 };
	int c, rc = 0, i;

	if (kaddr_init(&st.ka, prog, &st.cli))
		return 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "e:k:h", longopts, NULL)) != -1) {
		int taken = smk_cli_option(&st.cli, c, optarg);

		if (!taken)
			taken = kaddr_option(&st.ka, c, optarg);
		if (taken == -2 && c == 'n')
			fprintf(stderr, "%s: -n '%s': a probe description is "
				"%s\n", prog, optarg, smk_filter_syntax);
		if (taken < 0) {
			rc = taken == -2 ? 2 : 1;
			goto out;
		}
		if (taken)
			continue;
		switch (c) {
		case OPT_FORMAT:
			if (!strcmp(optarg, "json")) {
				st.json = true;
			} else if (strcmp(optarg, "text")) {
				fprintf(stderr, "%s: unknown format '%s'\n",
					prog, optarg);
				rc = 2;
				goto out;
			}
			break;
		case 'h':
			usage(stdout);
			goto out;
		default:
			usage(stderr);
			rc = 2;
			goto out;
		}
	}
	if (kaddr_open_files(&st.ka)) {
		rc = 1;
		goto out;
	}
	if (smk_entry_join_create(&st.join)) {
		fprintf(stderr, "%s: out of memory\n", prog);
		rc = 1;
		goto out;
	}
	{
		struct smk_error *err = smk_tracefs_record_read(NULL, &st.rec,
								&st.nrec);

		/* Without records only the kernel's own addresses resolve. */
		if (err) {
			fprintf(stderr, "%s: warning: %s\n", prog,
				err->message);
			smk_error_destroy(err);
		}
	}
	if (optind == argc) {
		rc = do_stream(&st, stdin, "stdin");
	} else {
		for (i = optind; i < argc && !rc; i++) {
			FILE *f = fopen(argv[i], "re");

			if (!f) {
				fprintf(stderr, "%s: %s: %s\n", prog, argv[i],
					strerror(errno));
				rc = 1;
				break;
			}
			rc = do_stream(&st, f, argv[i]);
			fclose(f);
		}
	}
	fflush(stdout);
	if (!rc)
		fprintf(stderr, "%s: %zu events, %zu with an address "
			"resolved, %zu at a marker\n", prog, st.nevents,
			st.nresolved, st.nmarkers);
out:
	smk_entry_join_destroy(st.join);
	smk_tracefs_records_destroy(st.rec, st.nrec);
	kaddr_deinit(&st.ka);
	smk_cli_deinit(&st.cli);
	return rc;
}
