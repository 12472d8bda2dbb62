// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve: turn simple markers into kprobe/uprobe definitions that
 * fire where each marker stands, with its arguments as fetch arguments;
 * print them in tracefs, JSON, bpftrace or LTTng form, or attach and
 * detach them.  A thin front end: placement and fetching are in libsmk.
 */
#include <errno.h>
#include <signal.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smk/adhoc.h"
#include "smk/binary.h"
#include "smk/cli.h"
#include "smk/entry.h"
#include "smk/filter.h"
#include "smk/forms.h"
#include "smk/json.h"
#include "smk/inputs.h"
#include "smk/markers.h"
#include "smk/placement.h"
#include "smk/probe-event.h"
#include "smk/sdt.h"
#include "smk/tracefs.h"
#include "commands.h"
#include "vars.h"

static const char *prog = "marker-resolve";

enum format { FMT_TRACEFS, FMT_JSON, FMT_BPFTRACE, FMT_LTTNG };

static struct options {
	struct smk_cli cli;
	const char *group;
	enum format format;
	bool strict, no_sdt, vars, externs, explain;
} opt = { .group = "simple" };

static int status;
static bool release_walk;	/* -k RELEASE with no file or module named */
static bool json_first = true;
static struct smk_inputs inputs;

/* Every event name given so far: distinct markers never share one. */
static char **used_names;
static size_t nused;

/* Definitions collected for attach, and the marker of each. */
static struct smk_probe_event *pending;
static size_t npending;
static struct smk_tracefs_record *pending_rec;

enum mode { MODE_PRINT, MODE_ATTACH, MODE_DETACH };
static enum mode mode;

/* --at points, applied to every input instead of its markers. */
static struct smk_adhoc *adhoc;
static char **adhoc_store;
static size_t nadhoc;
static bool dry_run, hold, sweep;

static void warn_cb(void *arg, const char *msg)
{
	fprintf(stderr, "%s: warning: %s\n", prog, msg);
}

static void error_report(struct smk_error *err)
{
	fprintf(stderr, "%s: %s\n", prog, err->message);
	smk_error_destroy(err);
	status = 1;
}

static char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (r < 0) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(1);
	}
	return s;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: %s [options] FILE...\n"
"       %s attach [--group G] [--hold] [--dry-run] [options] FILE...\n"
"       %s detach [--group G] [EVENT] | GROUP/EVENT | --sweep\n"
"       %s list [-g G] [--format=json]   what attach made (perf probe -l)\n"
"       %s watch [-g G] [-c COUNT] [--timeout SECONDS]\n"
"       %s addr2line [-afips] [-e FILE] [--marker] [--format=json] [ADDR...]\n"
"       %s index [--status] FILE...   the index cache of addr2line & co.\n"
"       %s symbolize-trace [options] TRACE_DIR     (LTTng, babeltrace2 style)\n"
"       %s symbolize-ftrace [options] [TRACE...]   (ftrace text)\n"
"       %s callgraph [options] (TRACE_DIR | -)\n"
"       %s run [-n DESC] [--output FILE | --lttng] -- PROG [ARGS...]\n"
"Place probes on simple markers: print kprobe_events lines (vmlinux, .ko)\n"
"or uprobe_events lines (userspace ELF), one per probe site.\n"
"\n"
"  -n, --probe DESC         'module:function:name' globs (as marker-list)\n"
"  -m GLOB, -f GLOB, -N GLOB  one part each\n"
"  -g, --group GROUP        event group (default: simple)\n"
"      --format FMT         tracefs (default), json, bpftrace, lttng\n"
"      --strict             a marker with an unavailable argument is not\n"
"                           placed (exit 1)\n"
"      --no-sdt             markers only, no sys/sdt.h probes\n"
"      --at 'FILE:LINE[=NAME] [EXPR[:%%CONV]]...'\n"
"                           an ad-hoc point instead of the markers (for\n"
"                           binaries built without them); repeatable\n"
"      --at-file FILE       ad-hoc points, one a line\n"
"  -V, --vars               list the variables in scope at each site of the\n"
"                           markers (or --at points): type, and the fetch\n"
"                           argument or why there is none (perf probe -V)\n"
"      --externs            with -V: file-scope variables too\n"
"      --explain            the evidence behind each verdict: the rule of\n"
"                           each copy, each site's control-flow facts and\n"
"                           loop nesting (comment lines, or \"evidence\")\n"
"  -k, --kernel RELEASE     vmlinux and modules of RELEASE (as marker-list)\n"
"      --root DIR           --debug-info-dir DIR   --target-prefix DIR\n"
SMK_CLI_DEBUGINFOD_HELP
"  -h, --help\n"
"\n"
"Markers that are not exact get a comment line before their definitions:\n"
"  # NAME: approximated: over (hits >= the marker's runs): REASON\n"
"  # NAME: approximated: under (hits <= the marker's runs): REASON\n"
"  # NAME: not found: REASON\n"
"\n"
"attach appends the definitions to kprobe_events/uprobe_events (never\n"
"truncating), enables them and prints them; if the kernel refuses one,\n"
"everything added is removed.  --hold keeps them until SIGINT/SIGTERM\n"
"(group simple_PID).  detach removes one group's events and no others,\n"
"or one event of a group attach made; --sweep undoes attaches that died\n"
"midway (their journal) and removes simple_PID groups whose process is\n"
"gone.  attach locks its group and records each group's markers in\n"
"$SMK_STATE_DIR (default /run/simple-marker): list, watch (the events\n"
"live, from a private instance) and symbolize-ftrace name them from it.\n"
"A file named on the command line with nothing to probe (no\n"
"__simple_marker section, no SDT notes: the likely causes are said) and an\n"
"--at point that cannot be placed are failures, said per file.\n"
"Exit status: 0 ok, 1 an input failed or --strict refused a marker, 2 usage.\n",
		prog, prog, prog, prog, prog, prog, prog, prog, prog, prog,
		prog);
}

static bool name_used(const char *n)
{
	size_t i;

	for (i = 0; i < nused; i++)
		if (!strcmp(used_names[i], n))
			return true;
	return false;
}

/*
 * The definitions of placement @p: one per site, sites with the same
 * fields sharing an event (probe-event.c).  A marker whose name another
 * marker already took (names need not be unique) gets NAME_2, NAME_3...
 */
/*
 * The events of @p: one per site group, then the entry and return events
 * of its entry values (entry.h), *@nentry of them; @base_out gets the
 * name the marker's events are made from.
 */
static struct smk_error *definitions_base(struct smk_binary *b,
					  const struct smk_placement *p,
					  const char *abspath,
					  struct smk_probe_event **evs,
					  size_t *n, char *base_out,
					  size_t *nentry)
{
	const char *module = b->kind == SMK_BINARY_MODULE ? b->module : NULL;
	const char *path = b->kind == SMK_BINARY_EXEC ||
			   b->kind == SMK_BINARY_DYN ? abspath : NULL;
	char base[SMK_PROBE_NAME_MAX + 1];
	struct smk_error *err;
	unsigned int k;
	size_t i, m = 0;

	for (k = 0;; k = k ? k + 1 : 2) {
		bool clash = false;

		err = smk_probe_event_name(base, p->rec->name, k);
		if (err)
			return err;
		err = smk_probe_events_from_placement(opt.group, base, module,
						      path, p, 0, evs, n);
		if (err)
			return err;
		m = *n;
		err = smk_entry_events(opt.group, base, module, path, p, evs,
				       n);
		if (err) {
			smk_probe_events_destroy(*evs, *n);
			*evs = NULL;
			*n = 0;
			return err;
		}
		for (i = 0; i < *n && !clash; i++)
			clash = name_used((*evs)[i].event);
		if (!clash)
			break;
		smk_probe_events_destroy(*evs, *n);
	}
	if (base_out)
		strcpy(base_out, base);
	if (nentry)
		*nentry = *n - m;
	for (i = 0; i < *n; i++) {
		if (name_used((*evs)[i].event))
			continue;
		used_names = realloc(used_names, (nused + 1) *
				     sizeof(*used_names));
		if (!used_names ||
		    !(used_names[nused++] = strdup((*evs)[i].event)))
			return &smk_error_nomem;
	}
	return NULL;
}

static struct smk_error *definitions(struct smk_binary *b,
				     const struct smk_placement *p,
				     const char *abspath,
				     struct smk_probe_event **evs, size_t *n)
{
	return definitions_base(b, p, abspath, evs, n, NULL, NULL);
}

/* The path the traced machine knows the binary by. */
static char *target_path(const char *path)
{
	char *abs = realpath(path, NULL), *pre;
	size_t n;

	if (!abs)
		abs = xasprintf("%s", path);
	if (!opt.cli.debuginfo.target_prefix)
		return abs;
	pre = realpath(opt.cli.debuginfo.target_prefix, NULL);
	n = pre ? strlen(pre) : 0;
	if (n && !strncmp(abs, pre, n) && abs[n] == '/')
		memmove(abs, abs + n, strlen(abs + n) + 1);
	free(pre);
	return abs;
}

static void note_unavailable(const struct smk_placement *p)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < p->nsites; i++) {
		const struct smk_site *s = &p->sites[i];

		for (k = 0; k < s->nfetch; k++)
			if (s->fetch[k].compute)
				printf("# %s: %s at %s+%#llx is computed from "
				       "%s__0... (%s): symbolize-ftrace "
				       "computes it\n", p->rec->name,
				       s->fetch[k].expr,
				       s->symbol ? s->symbol : "?",
				       (unsigned long long)s->offset,
				       s->fetch[k].name, s->fetch[k].compute);
			else if (s->fetch[k].entry.spec)
				printf("# %s: %s at %s+%#llx is the entry value "
				       "of %s, read at %s+0 by the entry event: "
				       "symbolize-ftrace joins it\n",
				       p->rec->name, s->fetch[k].expr,
				       s->symbol ? s->symbol : "?",
				       (unsigned long long)s->offset,
				       s->fetch[k].entry.spec,
				       s->fetch[k].entry.symbol);
			else if (!s->fetch[k].spec)
				printf("# %s: %s unavailable at %s+%#llx: %s\n",
				       p->rec->name, s->fetch[k].expr,
				       s->symbol ? s->symbol : "?",
				       (unsigned long long)s->offset,
				       s->fetch[k].reason ?
				       s->fetch[k].reason : "unknown");
	}
}

static const struct smk_probe_event *site_event(struct smk_binary *b,
						const struct smk_site *s,
						const char *abspath,
						const struct smk_probe_event *evs,
						size_t n);

/*
 * The computed values of site @s of @p for its record (tracefs.h), or
 * NULL; an entry value is "NAME=TYPE:@ENTRY_EVENT" (entry.h), its events
 * named from @base.
 */
static char *computed_desc(const struct smk_placement *p,
			   const struct smk_site *s, const char *base)
{
	char *out = NULL, *tmp;
	unsigned int k;

	for (k = 0; k < s->nfetch; k++) {
		const struct smk_fetch *f = &s->fetch[k];
		char ent[SMK_PROBE_NAME_MAX + 1], ret[SMK_PROBE_NAME_MAX + 1];
		struct smk_error *err;

		if (f->how == SMK_FETCH_ENTRY && f->entry.symbol) {
			err = smk_entry_event_names(p, base, f->entry.symbol,
						    ent, ret);
			if (err) {
				error_report(err);
				continue;
			}
			tmp = xasprintf("%s%s%s=%s:@%s", out ? out : "",
					out ? ";" : "", f->name, f->type, ent);
			free(out);
			out = tmp;
			continue;
		}
		if (!f->compute)
			continue;
		tmp = xasprintf("%s%s%s=%s:%s", out ? out : "", out ? ";" : "",
				f->name, f->type, f->compute);
		free(out);
		out = tmp;
	}
	return out;
}

/* The computed values of the probes pending[from..npending) of @p. */
static void note_computed(struct smk_binary *b, const struct smk_placement *p,
			  const char *abspath, size_t from, const char *base,
			  size_t nentry)
{
	size_t i;

	/* The entry and return events, last, in pairs. */
	for (i = npending - nentry; i + 1 < npending; i += 2) {
		pending_rec[i].computed = xasprintf("@entry");
		pending_rec[i + 1].computed = xasprintf("@return=%s",
							pending[i].event);
	}
	for (i = 0; i < p->nsites; i++) {
		const struct smk_probe_event *ev =
			site_event(b, &p->sites[i], abspath, pending + from,
				   npending - from);

		if (ev && !pending_rec[ev - pending].computed)
			pending_rec[ev - pending].computed =
				computed_desc(p, &p->sites[i], base);
	}
}

/* pending[from..npending) are probes of marker @name at @file:@line. */
static void note_pending(size_t from, const char *name, const char *file,
			 unsigned int line)
{
	struct smk_tracefs_record *tmp;
	size_t i;

	tmp = realloc(pending_rec, npending * sizeof(*tmp));
	if (!tmp) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(1);
	}
	pending_rec = tmp;
	for (i = from; i < npending; i++) {
		memset(&tmp[i], 0, sizeof(tmp[i]));
		tmp[i].marker = xasprintf("%s", name);
		tmp[i].source = file && *file ? xasprintf("%s:%u", file, line) :
			xasprintf("%s", "");
	}
}

/* Which way an approximation errs, for the comment lines. */
static const char *direction_note(enum smk_direction d)
{
	switch (d) {
	case SMK_DIRECTION_OVER:
		return "over (hits >= the marker's runs)";
	case SMK_DIRECTION_UNDER:
		return "under (hits <= the marker's runs)";
	default:
		return "";
	}
}

/* --explain: the evidence lines, as comments. */
static void print_evidence(const struct smk_placement *p)
{
	const char *s = p->evidence, *e;

	printf("# %s: %s, rule %s\n", p->rec->name,
	       smk_verdict_name(p->verdict), p->rule ? p->rule : "none");
	for (; s && *s; s = *e ? e + 1 : e) {
		e = strchr(s, '\n');
		if (!e)
			e = s + strlen(s);
		printf("#   %.*s\n", (int)(e - s), s);
	}
}

/* Print (or keep, for attach) the definitions of one placement. */
static void emit_tracefs(struct smk_binary *b, struct smk_placement *p,
			 const char *abspath)
{
	struct smk_probe_event *evs;
	struct smk_error *err;
	char base[SMK_PROBE_NAME_MAX + 1];
	size_t n, i, nentry = 0;

	if (smk_placement_commented(p))
		fprintf(mode == MODE_PRINT ? stdout : stderr,
			"# %s: %s: %s%s%s\n", p->rec->name,
			smk_verdict_name(p->verdict),
			direction_note(p->direction),
			p->direction ? ": " : "", p->reason ? p->reason : "");
	if (mode == MODE_PRINT)
		note_unavailable(p);
	if (mode == MODE_PRINT && opt.explain)
		print_evidence(p);
	err = definitions_base(b, p, abspath, &evs, &n, base, &nentry);
	if (err) {
		error_report(smk_error_prefix(err, "%s: %s", b->path,
					      p->rec->name));
		return;
	}
	for (i = 0; i < n; i++) {
		char *line;

		if (mode != MODE_PRINT)
			continue;
		err = smk_probe_event_format(&evs[i], &line);
		if (err) {
			error_report(smk_error_prefix(err, "%s: %s", b->path,
						      p->rec->name));
			continue;
		}
		printf("%s\n", line);
		free(line);
	}
	if (mode == MODE_ATTACH && n) {
		struct smk_probe_event *tmp;

		tmp = realloc(pending, (npending + n) * sizeof(*tmp));
		if (!tmp) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(1);
		}
		pending = tmp;
		memcpy(pending + npending, evs, n * sizeof(*evs));
		npending += n;
		free(evs);	/* the events moved into pending */
		note_pending(npending - n, p->rec->name, p->rec->file, p->line);
		note_computed(b, p, abspath, npending - n, base, nentry);
		return;
	}
	smk_probe_events_destroy(evs, n);
}

static void json_kv(const char *k, const char *v, bool comma)
{
	printf("\"%s\": ", k);
	smk_json_string(stdout, v);
	if (comma)
		printf(", ");
}

/* The event (of @evs) that probes site @s, and its target. */
static const struct smk_probe_event *site_event(struct smk_binary *b,
						const struct smk_site *s,
						const char *abspath,
						const struct smk_probe_event *evs,
						size_t n)
{
	const char *module = b->kind == SMK_BINARY_MODULE ? b->module : NULL;
	const char *path = b->kind == SMK_BINARY_EXEC ||
			   b->kind == SMK_BINARY_DYN ? abspath : NULL;
	const struct smk_probe_event *found = NULL;
	struct smk_probe_event ev;
	size_t i;

	if (smk_probe_event_from_site(opt.group, "x", module, path, s, &ev))
		return NULL;
	for (i = 0; i < n && !found; i++)
		if (!strcmp(evs[i].target, ev.target))
			found = &evs[i];
	smk_probe_event_deinit(&ev);
	return found;
}

/* @sdt: the SDT probe a placement stands for, or NULL for a marker. */
static void print_json(struct smk_binary *b, struct smk_placement *p,
		       const char *abspath, const struct smk_form_target *sdt)
{
	struct smk_form_target form = {
		.path = abspath,
		.user = b->kind == SMK_BINARY_EXEC || b->kind == SMK_BINARY_DYN,
	};
	struct smk_probe_event *evs = NULL;
	size_t i, nevs = 0;
	unsigned int k;
	struct smk_error *err = definitions(b, p, abspath, &evs, &nevs);

	if (err) {
		error_report(err);
		evs = NULL;
		nevs = 0;
	}

	printf("%s\n    {", json_first ? "" : ",");
	json_first = false;
	json_kv("path", b->path, true);
	json_kv("module", b->module, true);
	json_kv("function", p->function, true);
	json_kv("name", p->rec->name, true);
	json_kv("file", p->rec->file, true);
	printf("\"line\": %u, ", p->line);
	json_kv("format", p->rec->format, true);
	json_kv("verdict", smk_verdict_name(p->verdict), true);
	json_kv("direction", smk_direction_name(p->direction), true);
	json_kv("rule", p->rule, true);
	json_kv("reason", p->reason, true);
	if (opt.explain) {
		const char *s = p->evidence, *e;

		printf("\"evidence\": [");
		for (; s && *s; s = *e ? e + 1 : e) {
			char *line;

			e = strchr(s, '\n');
			if (!e)
				e = s + strlen(s);
			line = strndup(s, (size_t)(e - s));
			if (s != p->evidence)
				printf(", ");
			smk_json_string(stdout, line ? line : "");
			free(line);
		}
		printf("], ");
	}
	printf("\"sites\": [");
	for (i = 0; i < p->nsites; i++) {
		struct smk_site *s = &p->sites[i];

		/* .ko: eu-addr2line's addresses, as marker-list's. */
		printf("%s{\"address\": \"0x%llx\", ", i ? ", " : "",
		       (unsigned long long)(s->addr -
					    smk_binary_layout_base(b)));
		json_kv("symbol", s->symbol, true);
		printf("\"offset\": %llu, \"file_offset\": \"0x%llx\", "
		       "\"inlined\": %s, ", (unsigned long long)s->offset,
		       (unsigned long long)s->file_offset,
		       s->inlined ? "true" : "false");
		{
			const struct smk_probe_event *ev =
				site_event(b, s, abspath, evs, nevs);

			json_kv("event", ev ? ev->event : NULL, true);
			json_kv("target", ev ? ev->target : NULL, true);
		}
		{
			const char *why = NULL;
			char *ap = NULL;

			err = smk_form_bpftrace_attach(p, sdt ? sdt : &form, i,
						       &ap, &why);
			if (err)
				error_report(err);
			json_kv("bpftrace", ap, true);
			json_kv("bpftrace_reason", why, true);
			free(ap);
		}
		printf("\"args\": [");
		for (k = 0; k < s->nfetch; k++) {
			struct smk_fetch *f = &s->fetch[k];

			printf("%s{", k ? ", " : "");
			json_kv("expr", f->expr, true);
			json_kv("name", f->name, true);
			json_kv("spec", f->spec, true);
			json_kv("type", f->spec || f->compute ||
				f->entry.spec ? f->type : NULL, true);
			json_kv("ctype", f->ctype, true);
			json_kv("location", f->location, true);
			json_kv("how", f->spec || f->compute || f->entry.spec ?
				smk_fetch_how_name(f->how) : NULL, true);
			if (f->entry.spec) {
				/* The entry probe's: entry.h. */
				printf("\"entry\": {");
				json_kv("symbol", f->entry.symbol, true);
				printf("\"offset\": 0, \"file_offset\": %llu, ",
				       (unsigned long long)
				       f->entry.file_offset);
				json_kv("spec", f->entry.spec, true);
				json_kv("type", f->type, false);
				printf("}, ");
			}
			if (f->compute) {
				unsigned int j;

				json_kv("compute", f->compute, true);
				printf("\"inputs\": [");
				for (j = 0; j < f->ninputs; j++) {
					char in[SMK_FETCH_NAME_MAX];

					smk_fetch_input_name(f, j, in,
							     sizeof(in));
					printf("%s{", j ? ", " : "");
					json_kv("name", in, true);
					json_kv("spec", f->inputs[j].spec,
						true);
					json_kv("type", f->inputs[j].type,
						false);
					printf("}");
				}
				printf("], ");
			}
			json_kv("reason", f->reason, false);
			printf("}");
		}
		printf("]}");
	}
	printf("], \"definitions\": [");
	for (i = 0; i < nevs; i++) {
		char *line;

		if (smk_probe_event_format(&evs[i], &line))
			continue;
		printf("%s", i ? ", " : "");
		smk_json_string(stdout, line);
		free(line);
	}
	smk_probe_events_destroy(evs, nevs);
	printf("]}");
}

/* The bpftrace and LTTng forms (smk/forms.h), one state per run. */
static struct smk_form_state form_state;

static void print_form(struct smk_binary *b, const struct smk_placement *p,
		       const struct smk_form_target *t)
{
	struct smk_error *err;
	char *text;

	err = opt.format == FMT_BPFTRACE ?
		smk_form_bpftrace(&form_state, p, t, &text) :
		smk_form_lttng(&form_state, p, t, &text);
	if (err) {
		error_report(smk_error_prefix(err, "%s: %s", b->path,
					      p->rec->name));
		return;
	}
	fputs(text, stdout);
	free(text);
}

/* An SDT probe's definition: its semaphore as a reference counter. */
static void emit_sdt(struct smk_binary *b, const char *name, const char *ev,
		     const char *abspath, const struct smk_site *site,
		     uint64_t sem)
{
	struct smk_probe_event pe;
	struct smk_error *err = NULL;
	char base[SMK_PROBE_NAME_MAX + 1];
	unsigned int k;
	char *line = NULL;

	smk_probe_event_init(&pe);
	snprintf(pe.group, sizeof(pe.group), "%s", opt.group);
	err = smk_probe_event_name(base, ev, 0);
	if (!err) {
		snprintf(pe.event, sizeof(pe.event), "%s", base);
		pe.target = sem ? xasprintf("%s:%#llx(%#llx)", abspath,
					    (unsigned long long)site->file_offset,
					    (unsigned long long)sem) :
			xasprintf("%s:%#llx", abspath,
				  (unsigned long long)site->file_offset);
	}
	for (k = 0; !err && k < site->nfetch; k++) {
		const struct smk_fetch *f = &site->fetch[k];

		if (f->spec)
			err = smk_probe_event_add_arg(&pe, f->name, f->spec,
						      f->type);
		else
			fprintf(stderr, "%s: %s: %s %s: %s\n", prog, b->path,
				name, f->name, f->reason);
	}
	if (!err)
		err = smk_probe_event_format(&pe, &line);
	if (err) {
		error_report(smk_error_prefix(err, "%s: %s", b->path, name));
		smk_probe_event_deinit(&pe);
		return;
	}
	if (mode == MODE_PRINT) {
		printf("%s\n", line);
		smk_probe_event_deinit(&pe);
	} else {
		struct smk_probe_event *tmp;

		tmp = realloc(pending, (npending + 1) * sizeof(*tmp));
		if (!tmp)
			exit(1);
		pending = tmp;
		pending[npending++] = pe;
		note_pending(npending - 1, name, NULL, 0);
	}
	free(line);
}

/*
 * sys/sdt.h probes of a userspace file: uprobes at the note's address,
 * the semaphore as a reference counter, the operands as argN.
 */
static size_t resolve_sdt(struct smk_binary *b, const char *abspath)
{
	struct smk_sdt_probe *probes;
	struct smk_error *err;
	size_t n, i, nprobes = 0;

	err = smk_sdt_read(b, &probes, &n);
	if (err) {
		error_report(err);
		return 0;
	}
	for (i = 0; i < n; i++) {
		struct smk_sdt_probe *p = &probes[i];
		struct smk_placement pl = { 0 };
		struct smk_record rec = { 0 };
		struct smk_site site = { 0 };
		uint64_t sem = 0;
		char *name, *ev;

		/* trace_simple_exact() anchors are placed with their
		 * markers, not as probes of their own. */
		if (!strcmp(p->provider, "simple_marker"))
			continue;
		nprobes++;
		name = xasprintf("%s:%s", p->provider, p->name);
		ev = xasprintf("%s_%s", p->provider, p->name);
		if (!smk_filter_match(&opt.cli.filter, b->module, p->function,
				      name))
			goto next;
		err = smk_sdt_fetch(b, p, site.fetch, &site.nfetch);
		if (err) {
			error_report(err);
			goto next;
		}
		site.addr = p->pc;
		site.symbol = p->function;
		site.offset = p->function_offset;
		if (!smk_binary_file_offset(b, p->pc, &site.file_offset) ||
		    (p->semaphore &&
		     !smk_binary_file_offset(b, p->semaphore, &sem))) {
			fprintf(stderr, "%s: %s: SDT probe %s outside the "
				"loaded segments\n", prog, b->path, name);
			status = 1;
			goto next_site;
		}
		rec.name = ev;
		rec.format = "";
		rec.file = "";
		pl.rec = &rec;
		pl.function = p->function;
		pl.verdict = SMK_VERDICT_EXACT;
		pl.rule = "sdt";
		pl.sites = &site;
		pl.nsites = 1;
		struct smk_form_target t = {
			.path = abspath, .user = true,
			.provider = p->provider, .probe = p->name,
			.semaphore = p->semaphore != 0,
		};

		if (opt.format == FMT_JSON)
			print_json(b, &pl, abspath, &t);
		else if (opt.format == FMT_TRACEFS)
			emit_sdt(b, name, ev, abspath, &site, sem);
		else
			print_form(b, &pl, &t);
next_site:
		for (unsigned int k = 0; k < site.nfetch; k++)
			smk_fetch_deinit(&site.fetch[k]);
next:
		free(name);
		free(ev);
	}
	smk_sdt_probes_destroy(probes, n);
	return nprobes;
}

static int add_adhoc(const char *spec)
{
	struct smk_error *err;
	char *store;

	adhoc = realloc(adhoc, (nadhoc + 1) * sizeof(*adhoc));
	adhoc_store = realloc(adhoc_store, (nadhoc + 1) *
			      sizeof(*adhoc_store));
	if (!adhoc || !adhoc_store) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(1);
	}
	err = smk_adhoc_parse(spec, &adhoc[nadhoc], &store);
	if (err) {
		error_report(err);
		return 1;
	}
	adhoc_store[nadhoc++] = store;
	return 0;
}

/* One point a line; blank lines and '#' comments skipped. */
static int add_adhoc_file(const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;
	FILE *f = fopen(path, "re");

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return 1;
	}
	while (!rc && (len = getline(&line, &cap, f)) > 0) {
		char *s = line + strspn(line, " \t");

		s[strcspn(s, "\r\n")] = '\0';
		if (*s && *s != '#')
			rc = add_adhoc(s);
	}
	free(line);
	fclose(f);
	return rc;
}

static int open_tracefs(struct smk_tracefs **t)
{
	struct smk_error *err = smk_tracefs_open(t, true);

	if (err) {
		error_report(err);
		return 1;
	}
	return 0;
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

/*
 * The record of @group: the lines of earlier attaches to it (their events
 * have other names: attach refused names that exist), then ours.
 */
static struct smk_error *record_merge(const char *group)
{
	struct smk_tracefs_record *old, *all;
	struct smk_error *err;
	size_t nold, n = 0, i, j;

	err = smk_tracefs_record_read(group, &old, &nold);
	if (err)
		return err;
	all = calloc(nold + npending, sizeof(*all));
	if (!all) {
		smk_tracefs_records_destroy(old, nold);
		return &smk_error_nomem;
	}
	for (i = 0; i < nold; i++) {
		for (j = 0; j < npending; j++)
			if (!strcmp(old[i].event, pending_rec[j].event))
				break;
		if (j == npending)
			all[n++] = old[i];
	}
	for (j = 0; j < npending; j++)
		all[n++] = pending_rec[j];
	err = smk_tracefs_record_write(group, all, n);
	free(all);
	smk_tracefs_records_destroy(old, nold);
	return err;
}

/* Attach everything collected, as one transaction. */
static int do_attach(const char *group)
{
	struct smk_tracefs_txn *txn;
	struct smk_tracefs *t = NULL;
	struct smk_error *err;
	size_t i;

	if (!npending) {
		fprintf(stderr, "%s: nothing to attach\n", prog);
		return 1;
	}
	if (dry_run) {
		for (i = 0; i < npending; i++) {
			char *line;

			snprintf(pending[i].group, sizeof(pending[i].group),
				 "%s", group);
			err = smk_probe_event_format(&pending[i], &line);
			if (err) {
				error_report(err);
				continue;
			}
			printf("%s_events <- %s\n",
			       smk_probe_event_file_kind(&pending[i]) == 'u' ?
			       "uprobe" : "kprobe", line);
			free(line);
		}
		for (i = 0; i < npending; i++)
			if (!i || strcmp(pending[i].event,
					 pending[i - 1].event))
				printf("events/%s/%s/enable <- 1\n", group,
				       pending[i].event);
		return status;
	}
	if (open_tracefs(&t))
		return 1;
	/*
	 * One transaction between processes (tracefs.h): the group stays
	 * locked until the record is written, and a kill before the commit
	 * leaves a journal that the next attach, detach or sweep of the
	 * group undoes.  "attached" is printed only once it is committed.
	 */
	err = smk_tracefs_attach_begin(t, pending, npending, group, &txn);
	if (err) {
		error_report(err);
		smk_tracefs_destroy(t);
		return 1;
	}
	/* What list, watch, detach and symbolize-ftrace know us by. */
	for (i = 0; i < npending && !err; i++) {
		snprintf(pending[i].group, sizeof(pending[i].group), "%s",
			 group);
		snprintf(pending_rec[i].event, sizeof(pending_rec[i].event),
			 "%s", pending[i].event);
		err = smk_probe_event_format(&pending[i], &pending_rec[i].line);
	}
	if (!err)
		err = record_merge(group);
	if (err) {
		fprintf(stderr, "%s: warning: %s: not recorded (list, watch "
			"and symbolize-ftrace will not name these markers)\n",
			prog, err->message);
		smk_error_destroy(err);
	}
	err = smk_tracefs_txn_commit(txn);
	if (err) {
		/* attached and recorded; the journal names them still */
		fprintf(stderr, "%s: warning: %s: a sweep or the next attach "
			"to group %s will remove these probes\n", prog,
			err->message, group);
		smk_error_destroy(err);
	}
	printf("attached %zu probe%s in group %s (%s)\n", npending,
	       npending == 1 ? "" : "s", group, smk_tracefs_path(t));
	for (i = 0; i < npending; i++)
		printf("  %s/%s %s\n", group, pending[i].event,
		       pending[i].target);
	if (hold) {
		struct sigaction sa = { .sa_handler = on_signal };

		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		fflush(stdout);
		while (!stop)
			pause();
		err = smk_tracefs_detach(t, group);
		if (!err)
			err = smk_tracefs_record_drop(group, NULL);
		if (err)
			error_report(err);
		else
			printf("detached group %s\n", group);
	}
	smk_tracefs_destroy(t);
	return status;
}

/* Is @group one of ours: a record, or the naming convention's? */
static bool our_group(const char *group)
{
	struct smk_tracefs_record *r;
	struct smk_error *err;
	const char *p;
	size_t n;

	if (!strcmp(group, SMK_TRACEFS_GROUP))
		return true;
	if (!strncmp(group, SMK_TRACEFS_GROUP, sizeof(SMK_TRACEFS_GROUP) - 1)
	    && group[sizeof(SMK_TRACEFS_GROUP) - 1] == '_') {
		p = group + sizeof(SMK_TRACEFS_GROUP);
		if (*p && strspn(p, "0123456789") == strlen(p))
			return true;
	}
	err = smk_tracefs_record_read(group, &r, &n);
	smk_error_destroy(err);
	smk_tracefs_records_destroy(r, err ? 0 : n);
	return !err && n;
}

/* detach -g GROUP EVENT, or detach GROUP/EVENT: that event only. */
static int detach_event(struct smk_tracefs *t, const char *group,
			const char *event)
{
	struct smk_tracefs_entry *e;
	struct smk_error *err;
	size_t n;

	err = smk_probe_name_check("event name", event);
	if (err) {
		error_report(err);
		return 2;
	}
	if (!our_group(group)) {
		fprintf(stderr, "%s: %s/%s: group %s was not attached by "
			"marker-resolve (no record in %s); not removing "
			"it\n", prog, group, event, group,
			smk_tracefs_record_dir());
		return 1;
	}
	err = smk_tracefs_list(t, 0, group, &e, &n);
	if (err) {
		error_report(err);
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		if (!strcmp(e[i].event, event)) {
			err = smk_tracefs_remove(t, e[i].kind, group, event);
			if (!err)
				err = smk_tracefs_record_drop(group, event);
			smk_tracefs_entries_destroy(e, n);
			if (err) {
				error_report(err);
				return 1;
			}
			printf("removed event %s/%s\n", group, event);
			return 0;
		}
	smk_tracefs_entries_destroy(e, n);
	fprintf(stderr, "%s: %s/%s: no such event (marker-resolve list "
		"shows what is attached)\n", prog, group, event);
	return 1;
}

/* The records of simple_PID groups whose process is gone, as swept. */
static void drop_swept_records(void)
{
	struct smk_tracefs_record *r;
	struct smk_error *err;
	size_t n, i;

	err = smk_tracefs_record_read(NULL, &r, &n);
	if (err) {
		error_report(err);
		return;
	}
	for (i = 0; i < n; i++) {
		const char *p = r[i].group + sizeof(SMK_TRACEFS_GROUP);
		long pid;

		if (strncmp(r[i].group, SMK_TRACEFS_GROUP,
			    sizeof(SMK_TRACEFS_GROUP) - 1) ||
		    r[i].group[sizeof(SMK_TRACEFS_GROUP) - 1] != '_' || !*p ||
		    strspn(p, "0123456789") != strlen(p) || strlen(p) > 9)
			continue;
		pid = atol(p);
		if (pid <= 0 || kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		if (i && !strcmp(r[i].group, r[i - 1].group))
			continue;
		err = smk_tracefs_record_drop(r[i].group, NULL);
		if (err)
			error_report(err);
	}
	smk_tracefs_records_destroy(r, n);
}

static int do_detach(const char *group, const char *event)
{
	struct smk_tracefs *t = NULL;
	struct smk_error *err;
	size_t n = 0;
	int rc;

	if (open_tracefs(&t))
		return 1;
	if (event) {
		rc = detach_event(t, group, event);
		smk_tracefs_destroy(t);
		return rc;
	}
	if (sweep) {
		err = smk_tracefs_sweep(t, SMK_TRACEFS_GROUP, &n);
		if (!err)
			drop_swept_records();
		if (!err)
			printf("swept %zu stale group%s\n", n,
			       n == 1 ? "" : "s");
	} else {
		err = smk_tracefs_remove_group(t, group, &n);
		if (!err)
			err = smk_tracefs_record_drop(group, NULL);
		if (!err)
			printf("removed %zu event%s of group %s\n", n,
			       n == 1 ? "" : "s", group);
	}
	smk_tracefs_destroy(t);
	if (err) {
		error_report(err);
		return 1;
	}
	return 0;
}

/*
 * The first argument may name a subcommand; the others (a file, a
 * directory, a module) are inputs.  A subcommand shadows a module of the
 * same name: "./NAME" or -m still reach that one.
 */
static const struct subcommand {
	const char *name;
	int (*fn)(int argc, char **argv);
	enum mode mode;
} subcommands[] = {
	{ "attach", NULL, MODE_ATTACH },
	{ "detach", NULL, MODE_DETACH },
	{ "list", cmd_list, 0 },
	{ "watch", cmd_watch, 0 },
	{ "addr2line", cmd_addr2line, 0 },
	{ "index", cmd_index, 0 },
	{ "symbolize-ftrace", cmd_symbolize_ftrace, 0 },
	{ "symbolize-trace", cmd_symbolize_trace, 0 },
	{ "callgraph", cmd_callgraph, 0 },
	{ "run", cmd_run, 0 },
};

static const char subcommand_names[] =
	"attach, detach, list, watch, addr2line, index, symbolize-ftrace, "
	"symbolize-trace, callgraph, run";

static const struct subcommand *subcommand(const char *word)
{
	size_t i;

	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(word, subcommands[i].name))
			return &subcommands[i];
	return NULL;
}

/* A bare word (no '/', not a file here): no path was meant. */
static bool not_a_file(const char *word)
{
	return word[0] != '-' && !strchr(word, '/') &&
	       access(word, F_OK) < 0;
}

/* Levenshtein distance, bounded: enough for "did you mean". */
static unsigned int distance(const char *a, const char *b)
{
	unsigned int row[32], i, j, prev, tmp;
	size_t na = strlen(a), nb = strlen(b);

	if (na >= 32 || nb >= 32)
		return 32;
	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= nb; j++) {
			tmp = row[j];
			row[j] = a[i - 1] == b[j - 1] ? prev :
				 1 + (prev < row[j - 1] ?
				      (prev < row[j] ? prev : row[j]) :
				      (row[j - 1] < row[j] ? row[j - 1] :
				       row[j]));
			prev = tmp;
		}
	}
	return row[nb];
}

/*
 * A word that is no file and one or two edits from a subcommand is a
 * typo (a usage error), not a module name to look up.
 */
static bool mistyped(const char *word)
{
	size_t i;

	if (!not_a_file(word) || strlen(word) < 4)
		return false;
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (distance(word, subcommands[i].name) <= 2) {
			fprintf(stderr, "%s: '%s': no such subcommand; did you "
				"mean '%s'?  (subcommands: %s)\n", prog, word,
				subcommands[i].name, subcommand_names);
			return true;
		}
	return false;
}

static bool strict_refuses(struct smk_placement *p)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < p->nsites; i++)
		for (k = 0; k < p->sites[i].nfetch; k++)
			if (!p->sites[i].fetch[k].spec)
				return true;
	return false;
}

static bool placed(const struct smk_placement *p)
{
	size_t i;

	for (i = 0; i < p->nsites; i++)
		if (smk_site_placed(&p->sites[i]))
			return true;
	return false;
}

static void resolve_file(const struct smk_input *in)
{
	const char *path = in->path;
	struct smk_placement *pl = NULL;
	size_t *order = NULL;
	struct smk_marker_set *set = NULL;
	struct smk_binary *b;
	struct smk_error *err;
	size_t i, nsdt = 0;
	bool user;
	char *abspath;

	err = smk_binary_open(path, &opt.cli.debuginfo, &b);
	if (err) {
		error_report(err);
		return;
	}
	user = b->kind == SMK_BINARY_EXEC || b->kind == SMK_BINARY_DYN;
	if (b->kind == SMK_BINARY_OBJECT) {
		fprintf(stderr, "%s: %s: a relocatable object that is not a "
			"kernel module cannot be probed; give the linked "
			"binary\n", prog, path);
		status = 1;
		goto out;
	}
	err = nadhoc ? smk_adhoc_markers(b, adhoc, nadhoc, &set) :
		smk_markers_read(b, 0, &set);
	if (!err && !nadhoc) {
		/*
		 * No section and no SDT notes: nothing to probe, with the
		 * likely causes; a failed input (exit 1) when the user named
		 * the file.  Files found by a directory or release walk often
		 * have none, silently, but for the release's vmlinux, which
		 * is reported and no failure (a kernel without the series).
		 * A module's loaded section: the fix, and placed all the same.
		 * See smk_markers_section_check().
		 */
		const char *msg;
		enum smk_section_state st =
			smk_markers_section_check(b, set, &msg);

		if (st == SMK_SECTION_LOADED ||
		    (st == SMK_SECTION_MISSING && in->explicit))
			fprintf(stderr, "%s: %s: %s\n", prog, path, msg);
		if (st == SMK_SECTION_MISSING) {
			if (in->explicit && !release_walk)
				status = 1;
			goto out;
		}
	}
	if (!err && set->no_dwarf && set->n) {
		fprintf(stderr, "%s: %s: %s; cannot place probes\n", prog,
			path, set->no_dwarf);
		status = 1;
		goto out;
	}
	if (!err)
		err = smk_place_markers(b, set, (user ? SMK_PLACE_USER : 0) |
					(opt.explain ? SMK_PLACE_EXPLAIN : 0),
					&pl);
	if (err) {
		error_report(err);
		goto out;
	}
	/* People read markers in source order; --at points in theirs. */
	err = smk_cli_source_order(set, &order);
	if (err) {
		error_report(err);
		goto out;
	}
	abspath = target_path(path);
	for (i = 0; i < set->n; i++) {
		struct smk_placement *p = &pl[nadhoc ? i : order[i]];

		if (!smk_filter_match(&opt.cli.filter, b->module, p->function,
				      p->rec->name))
			continue;
		/* An ad-hoc point was asked for by name: not placing it
		 * is a failure, not a result. */
		if (nadhoc && !placed(p)) {
			fprintf(stderr, "%s: %s: --at %s:%u: %s\n", prog, path,
				p->rec->file, p->line, p->reason ? p->reason :
				"not placed");
			status = 1;
		}
		if (opt.vars) {
			vars_print(b, &set->markers[p - pl], p, user,
				   opt.externs);
			continue;
		}
		if (opt.strict && strict_refuses(p)) {
			fprintf(stderr, "%s: %s: %s: an argument is "
				"unavailable (--strict)\n", prog, path,
				p->rec->name);
			status = 1;
			continue;
		}
		switch (opt.format) {
		case FMT_TRACEFS:
			emit_tracefs(b, p, abspath);
			break;
		case FMT_JSON:
			print_json(b, p, abspath, NULL);
			break;
		case FMT_BPFTRACE:
		case FMT_LTTNG: {
			struct smk_form_target t = {
				.path = abspath, .user = user,
			};

			print_form(b, p, &t);
			break;
		}
		}
	}
	if (user && !opt.no_sdt && !nadhoc && !opt.vars)
		nsdt = resolve_sdt(b, abspath);
	free(abspath);
	/* A section that holds no record, in a file the user named. */
	if (in->explicit && !nadhoc && !set->n && !nsdt) {
		fprintf(stderr, "%s: %s: __simple_marker section holds no "
			"marker record\n", prog, path);
		status = 1;
	}
out:
	free(order);
	if (set)
		smk_placements_destroy(pl, set->n);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}

int main(int argc, char **argv)
{
	enum { OPT_FORMAT = 256, OPT_STRICT, OPT_NO_SDT, OPT_DRY_RUN,
	       OPT_HOLD, OPT_SWEEP, OPT_AT, OPT_AT_FILE, OPT_EXTERNS,
	       OPT_EXPLAIN };
	static const struct option longopts[] = {
		SMK_CLI_LONGOPTS,
		{ "group", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "no-sdt", no_argument, NULL, OPT_NO_SDT },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "hold", no_argument, NULL, OPT_HOLD },
		{ "sweep", no_argument, NULL, OPT_SWEEP },
		{ "at", required_argument, NULL, OPT_AT },
		{ "at-file", required_argument, NULL, OPT_AT_FILE },
		{ "vars", no_argument, NULL, 'V' },
		{ "externs", no_argument, NULL, OPT_EXTERNS },
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool group_given = false, format_given = false;
	char holdgroup[SMK_PROBE_NAME_MAX + 1];
	int c;

	if (argc > 1) {
		const struct subcommand *sc = subcommand(argv[1]);

		if (sc && sc->fn)
			return sc->fn(argc - 1, argv + 1);
		if (sc) {
			mode = sc->mode;
			argv++;
			argc--;
		} else if (mistyped(argv[1])) {
			return 2;
		}
	}
	while ((c = getopt_long(argc, argv, SMK_CLI_SHORTOPTS "g:hV", longopts,
				NULL)) != -1) {
		int taken = smk_cli_option(&opt.cli, c, optarg);

		if (taken == -2) {
			fprintf(stderr, "%s: -n '%s': a probe description is "
				"%s\n", prog, optarg, smk_filter_syntax);
			return 2;
		}
		if (taken < 0) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return 1;
		}
		if (taken)
			continue;
		switch (c) {
		case 'g':
			opt.group = optarg;
			group_given = true;
			break;
		case OPT_FORMAT:
			format_given = true;
			if (!strcmp(optarg, "tracefs"))
				opt.format = FMT_TRACEFS;
			else if (!strcmp(optarg, "json"))
				opt.format = FMT_JSON;
			else if (!strcmp(optarg, "bpftrace"))
				opt.format = FMT_BPFTRACE;
			else if (!strcmp(optarg, "lttng"))
				opt.format = FMT_LTTNG;
			else {
				fprintf(stderr, "%s: unknown format '%s'\n",
					prog, optarg);
				return 2;
			}
			break;
		case OPT_STRICT:
			opt.strict = true;
			break;
		case 'V':
			opt.vars = true;
			break;
		case OPT_EXTERNS:
			opt.externs = true;
			break;
		case OPT_EXPLAIN:
			opt.explain = true;
			break;
		case OPT_NO_SDT:
			opt.no_sdt = true;
			break;
		case OPT_DRY_RUN:
			dry_run = true;
			break;
		case OPT_HOLD:
			hold = true;
			break;
		case OPT_SWEEP:
			sweep = true;
			break;
		case OPT_AT:
			if (add_adhoc(optarg))
				return 2;
			break;
		case OPT_AT_FILE:
			if (add_adhoc_file(optarg))
				return 2;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if ((hold || dry_run) && mode != MODE_ATTACH) {
		fprintf(stderr, "%s: --hold and --dry-run go with attach\n",
			prog);
		return 2;
	}
	if (opt.vars && (mode != MODE_PRINT || format_given || opt.strict)) {
		fprintf(stderr, "%s: -V/--vars cannot be combined with "
			"attach, detach, --format or --strict\n", prog);
		return 2;
	}
	if (opt.externs && !opt.vars) {
		fprintf(stderr, "%s: --externs goes with -V/--vars\n", prog);
		return 2;
	}
	if (sweep && mode != MODE_DETACH) {
		fprintf(stderr, "%s: --sweep goes with detach\n", prog);
		return 2;
	}
	{
		struct smk_error *err = smk_probe_name_check("group",
							     opt.group);

		if (err) {
			error_report(err);
			return 2;
		}
	}
	if (mode == MODE_DETACH) {
		char *slash = optind < argc ? strchr(argv[optind], '/') : NULL;

		if (optind + 1 < argc || (optind < argc && sweep)) {
			fprintf(stderr, "%s: detach takes [-g GROUP] [EVENT], "
				"GROUP/EVENT or --sweep\n", prog);
			return 2;
		}
		if (optind == argc)
			return do_detach(opt.group, NULL);
		/* An event name, never a file (attach's inputs). */
		if (!slash && access(argv[optind], F_OK) == 0) {
			fprintf(stderr, "%s: detach takes no files\n", prog);
			return 2;
		}
		if (slash && group_given) {
			fprintf(stderr, "%s: detach: give -g GROUP EVENT or "
				"GROUP/EVENT, not both\n", prog);
			return 2;
		}
		if (slash) {
			*slash = '\0';
			opt.group = argv[optind];
			struct smk_error *err = smk_probe_name_check(
				"group name", opt.group);

			if (err) {
				error_report(err);
				return 2;
			}
			return do_detach(opt.group, slash + 1);
		}
		return do_detach(opt.group, argv[optind]);
	}
	if (mode == MODE_ATTACH) {
		if (opt.format != FMT_TRACEFS) {
			fprintf(stderr, "%s: attach takes no --format\n",
				prog);
			return 2;
		}
		/* A held attach owns a group named after its pid, which
		 * detach --sweep removes if the process dies unannounced. */
		if (hold && !group_given) {
			struct smk_error *err = smk_tracefs_group_name(
				holdgroup, SMK_TRACEFS_GROUP, getpid());

			if (err) {
				error_report(err);
				return 1;
			}
			opt.group = holdgroup;
		}
	}
	if (optind == argc && !opt.cli.release) {
		fprintf(stderr, "%s: no input: give files, directories, "
			"module names or -k RELEASE\n", prog);
		usage(stderr);
		return 2;
	}
	if (opt.cli.filter.name && strchr(opt.cli.filter.name, ':') &&
	    (opt.no_sdt || nadhoc)) {
		fprintf(stderr, "%s: -n/-N '%s': a PROVIDER:NAME matches SDT "
			"probes only, and %s\n", prog, opt.cli.filter.name,
			nadhoc ? "--at points are not SDT probes" :
			"--no-sdt leaves them out");
		return 2;
	}
	smk_set_warn(warn_cb, NULL);
	if (optind == argc) {
		release_walk = true;
		smk_cli_inputs(&opt.cli, NULL, 0, &inputs, error_report);
	} else if (not_a_file(argv[optind])) {
		/* A word that is not a file: a module name, or a subcommand
		 * the user expected; say both when it is neither. */
		struct smk_error *err;

		inputs.release = opt.cli.release;
		inputs.root = opt.cli.root;
		err = smk_inputs_add(&inputs, argv[optind]);
		if (err) {
			error_report(err);
			fprintf(stderr, "%s: '%s' is not a subcommand either "
				"(%s); see %s --help\n", prog, argv[optind],
				subcommand_names, prog);
		}
		optind++;
	}
	if (optind < argc)
		smk_cli_inputs(&opt.cli, argv + optind, argc - optind,
			       &inputs, error_report);
	if (opt.format == FMT_JSON)
		printf("{\n  \"version\": 1,\n  \"markers\": [");
	for (size_t i = 0; i < inputs.n; i++)
		resolve_file(&inputs.v[i]);
	smk_inputs_deinit(&inputs);
	smk_cli_deinit(&opt.cli);
	for (size_t i = 0; i < nadhoc; i++)
		free(adhoc_store[i]);
	free(adhoc_store);
	free(adhoc);
	if (mode == MODE_ATTACH) {
		int rc = status ? status : do_attach(opt.group);

		smk_probe_events_destroy(pending, npending);
		smk_tracefs_records_destroy(pending_rec, npending);
		return rc;
	}
	if (opt.format == FMT_JSON)
		printf("%s]\n}\n", json_first ? "" : "\n  ");
	return smk_cli_flush_stdout(prog) ? status : 1;
}
