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
#include "smk/filter.h"
#include "smk/json.h"
#include "smk/inputs.h"
#include "smk/markers.h"
#include "smk/placement.h"
#include "smk/probe-event.h"
#include "smk/sdt.h"
#include "smk/tracefs.h"
#include "commands.h"

static const char *prog = "marker-resolve";

enum format { FMT_TRACEFS, FMT_JSON, FMT_BPFTRACE, FMT_LTTNG };

static struct options {
	struct smk_cli cli;
	const char *group;
	enum format format;
	bool strict, no_sdt;
} opt = { .group = "simple" };

static int status;
static bool json_first = true;
static struct smk_inputs inputs;

/* Every event name given so far: distinct markers never share one. */
static char **used_names;
static size_t nused;

/* Definitions collected for attach. */
static struct smk_probe_event *pending;
static size_t npending;

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
"       %s detach [--group G] | --sweep\n"
"       %s addr2line [-afips] [-e FILE] [--marker] [--format=json] [ADDR...]\n"
"       %s symbolize-trace [options] TRACE_DIR     (LTTng, babeltrace2 style)\n"
"       %s symbolize-ftrace [options] [TRACE...]   (ftrace text)\n"
"       %s callgraph [options] (TRACE_DIR | -)\n"
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
"  -k, --kernel RELEASE     vmlinux and modules of RELEASE (as marker-list)\n"
"      --root DIR           --debug-info-dir DIR   --target-prefix DIR\n"
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
"(group simple_PID).  detach removes one group's events and no others;\n"
"--sweep removes simple_PID groups whose process is gone.\n"
"Exit status: 0 ok, 1 an input failed or --strict refused a marker, 2 usage.\n",
		prog, prog, prog, prog, prog, prog, prog);
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
static struct smk_error *definitions(struct smk_binary *b,
				     const struct smk_placement *p,
				     const char *abspath,
				     struct smk_probe_event **evs, size_t *n)
{
	const char *module = b->kind == SMK_BINARY_MODULE ? b->module : NULL;
	const char *path = b->kind == SMK_BINARY_EXEC ||
			   b->kind == SMK_BINARY_DYN ? abspath : NULL;
	char base[SMK_PROBE_NAME_MAX + 1];
	struct smk_error *err;
	unsigned int k;
	size_t i;

	for (k = 0;; k = k ? k + 1 : 2) {
		bool clash = false;

		err = smk_probe_event_name(base, p->rec->name, k);
		if (err)
			return err;
		err = smk_probe_events_from_placement(opt.group, base, module,
						      path, p, 0, evs, n);
		if (err)
			return err;
		for (i = 0; i < *n && !clash; i++)
			clash = name_used((*evs)[i].event);
		if (!clash)
			break;
		smk_probe_events_destroy(*evs, *n);
	}
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

static bool site_ok(const struct smk_site *s)
{
	return s->symbol || s->file_offset;
}

static void note_unavailable(const struct smk_placement *p)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < p->nsites; i++) {
		const struct smk_site *s = &p->sites[i];

		for (k = 0; k < s->nfetch; k++)
			if (!s->fetch[k].spec)
				printf("# %s: %s unavailable at %s+%#llx: %s\n",
				       p->rec->name, s->fetch[k].expr,
				       s->symbol ? s->symbol : "?",
				       (unsigned long long)s->offset,
				       s->fetch[k].reason ?
				       s->fetch[k].reason : "unknown");
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

/* Print (or keep, for attach) the definitions of one placement. */
static void emit_tracefs(struct smk_binary *b, struct smk_placement *p,
			 const char *abspath)
{
	struct smk_probe_event *evs;
	struct smk_error *err;
	size_t n, i;

	if (p->verdict != SMK_VERDICT_EXACT)
		fprintf(mode == MODE_PRINT ? stdout : stderr,
			"# %s: %s: %s%s%s\n", p->rec->name,
			smk_verdict_name(p->verdict),
			direction_note(p->direction),
			p->direction ? ": " : "", p->reason ? p->reason : "");
	if (mode == MODE_PRINT)
		note_unavailable(p);
	err = definitions(b, p, abspath, &evs, &n);
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

static void print_json(struct smk_binary *b, struct smk_placement *p,
		       const char *abspath)
{
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
	printf("\"sites\": [");
	for (i = 0; i < p->nsites; i++) {
		struct smk_site *s = &p->sites[i];

		printf("%s{\"address\": \"0x%llx\", ", i ? ", " : "",
		       (unsigned long long)s->addr);
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
		printf("\"args\": [");
		for (k = 0; k < s->nfetch; k++) {
			struct smk_fetch *f = &s->fetch[k];

			printf("%s{", k ? ", " : "");
			json_kv("expr", f->expr, true);
			json_kv("name", f->name, true);
			json_kv("spec", f->spec, true);
			json_kv("type", f->spec ? f->type : NULL, true);
			json_kv("ctype", f->ctype, true);
			json_kv("location", f->location, true);
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

/* A fetch spec as a bpftrace expression: %di -> reg("di"), +8(X) ->
 * *(uint64 *)(X + 8) (the last load typed by @type). */
static char *bpf_expr(const char *spec, const char *type, bool outer);

static const char *bpf_ctype(const char *type)
{
	static const struct { const char *t, *c; } map[] = {
		{ "s8", "int8" }, { "u8", "uint8" }, { "s16", "int16" },
		{ "u16", "uint16" }, { "s32", "int32" }, { "u32", "uint32" },
		{ "x32", "uint32" }, { "s64", "int64" }, { "u64", "uint64" },
		{ "x64", "uint64" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i].t, type))
			return map[i].c;
	return "uint64";
}

static char *bpf_expr(const char *spec, const char *type, bool outer)
{
	const char *open, *close;
	char *inner, *r;
	long off;

	if (spec[0] == '%')
		return xasprintf("reg(\"%s\")", spec + 1);
	if (spec[0] == '\\')
		return xasprintf("%s", spec + 1);
	if (spec[0] == '@' && spec[1] != '+')
		return xasprintf("kaddr(\"%s\")", spec + 1);
	if (spec[0] != '+' && spec[0] != '-')
		return NULL;
	off = strtol(spec, NULL, 0);
	open = strchr(spec, '(');
	close = strrchr(spec, ')');
	if (!open || !close || close < open)
		return NULL;
	inner = strndup(open + 1, close - open - 1);
	if (!inner)
		exit(1);
	r = bpf_expr(inner, "x64", false);
	free(inner);
	if (!r)
		return NULL;
	if (outer && !strcmp(type, "string")) {
		char *s = xasprintf("str(%s + %ld)", r, off);

		free(r);
		return s;
	}
	{
		char *s = xasprintf("*(%s *)(%s + %ld)",
				    outer ? bpf_ctype(type) : "uint64", r,
				    off);

		free(r);
		return s;
	}
}

static void print_bpftrace(struct smk_binary *b, struct smk_placement *p,
			   const char *abspath, bool user)
{
	size_t i;
	unsigned int k;

	if (p->verdict != SMK_VERDICT_EXACT)
		printf("// %s: %s: %s\n", p->rec->name,
		       smk_verdict_name(p->verdict),
		       p->reason ? p->reason : "");
	for (i = 0; i < p->nsites; i++) {
		struct smk_site *s = &p->sites[i];
		const char *sep = "";

		if (!site_ok(s))
			continue;
		if (user)
			printf("uprobe:%s:0x%llx\n{\n", abspath,
			       (unsigned long long)s->addr);
		else
			printf("kprobe:%s+%llu\n{\n", s->symbol,
			       (unsigned long long)s->offset);
		char *exprs[SMK_RECORD_MAX_ARGS] = { NULL };

		/* What bpftrace cannot express (a uprobe's @+FILEOFFSET global)
		 * prints as '?', never as a made-up value. */
		for (k = 0; k < s->nfetch; k++)
			if (s->fetch[k].spec)
				exprs[k] = bpf_expr(s->fetch[k].spec,
						    s->fetch[k].type, true);
		printf("\tprintf(\"%s: ", p->rec->name);
		for (k = 0; k < s->nfetch; k++) {
			struct smk_fetch *f = &s->fetch[k];

			printf("%s%s=%s", k ? " " : "", f->name,
			       !exprs[k] ? "?" : !strcmp(f->type, "string") ?
			       "%s" : f->type[0] == 'x' ? "0x%lx" :
			       f->type[0] == 's' ? "%ld" : "%lu");
		}
		printf("\\n\"");
		for (k = 0; k < s->nfetch; k++) {
			if (exprs[k])
				printf(",%s%s", sep, exprs[k]);
			free(exprs[k]);
		}
		printf(");\n}\n");
	}
}

static bool lttng_warned;

static void print_lttng(struct smk_binary *b, struct smk_placement *p,
			bool user)
{
	size_t i;

	if (p->verdict != SMK_VERDICT_EXACT)
		printf("# %s: %s: %s\n", p->rec->name,
		       smk_verdict_name(p->verdict),
		       p->reason ? p->reason : "");
	for (i = 0; i < p->nsites; i++) {
		struct smk_site *s = &p->sites[i];

		if (!site_ok(s))
			continue;
		if (user) {
			/* LTTng's userspace probes take a function or an
			 * SDT probe, not an offset. */
			printf("# %s: lttng userspace probes need a function "
			       "entry or an SDT probe (trace_simple_exact()); "
			       "%s+%#llx is neither\n", p->rec->name,
			       s->symbol ? s->symbol : "?",
			       (unsigned long long)s->offset);
			continue;
		}
		if (!lttng_warned && s->offset) {
			/* Measured in tests/lttng-kernel.t: the CLI parses
			 * the offset, the session daemon passes 0. */
			printf("# lttng-tools 2.13.9 (Debian 12) drops the "
			       "+OFF of --probe=SYM+OFF: the probe lands on "
			       "SYM's entry; check 'lttng list SESSION' shows "
			       "each offset\n");
			lttng_warned = true;
		}
		printf("lttng enable-event --kernel --probe=%s+%#llx %s\n",
		       s->symbol, (unsigned long long)s->offset,
		       p->rec->name);
	}
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
	}
	free(line);
}

/*
 * sys/sdt.h probes of a userspace file: uprobes at the note's address,
 * the semaphore as a reference counter, the operands as argN.
 */
static void resolve_sdt(struct smk_binary *b, const char *abspath)
{
	struct smk_sdt_probe *probes;
	struct smk_error *err;
	size_t n, i;

	err = smk_sdt_read(b, &probes, &n);
	if (err) {
		error_report(err);
		return;
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
		if (opt.format == FMT_JSON) {
			print_json(b, &pl, abspath);
		} else if (opt.format == FMT_TRACEFS) {
			emit_sdt(b, name, ev, abspath, &site, sem);
		} else if (opt.format == FMT_BPFTRACE) {
			printf("usdt:%s:%s:%s\n{\n\tprintf(\"%s\\n\");\n}\n",
			       abspath, p->provider, p->name, name);
		} else {
			printf("lttng enable-event --userspace "
			       "--userspace-probe=sdt:%s:%s:%s %s\n", abspath,
			       p->provider, p->name, ev);
		}
next_site:
		for (unsigned int k = 0; k < site.nfetch; k++)
			smk_fetch_deinit(&site.fetch[k]);
next:
		free(name);
		free(ev);
	}
	smk_sdt_probes_destroy(probes, n);
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

/* Attach everything collected, as one transaction. */
static int do_attach(const char *group)
{
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
	err = smk_tracefs_attach(t, pending, npending, group);
	if (err) {
		error_report(err);
		smk_tracefs_destroy(t);
		return 1;
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
		if (err)
			error_report(err);
		else
			printf("detached group %s\n", group);
	}
	smk_tracefs_destroy(t);
	return status;
}

static int do_detach(const char *group)
{
	struct smk_tracefs *t = NULL;
	struct smk_error *err;
	size_t n = 0;

	if (open_tracefs(&t))
		return 1;
	if (sweep) {
		err = smk_tracefs_sweep(t, SMK_TRACEFS_GROUP, &n);
		if (!err)
			printf("swept %zu stale group%s\n", n,
			       n == 1 ? "" : "s");
	} else {
		err = smk_tracefs_remove_group(t, group, &n);
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

static void resolve_file(const char *path)
{
	struct smk_placement *pl = NULL;
	struct smk_marker_set *set = NULL;
	struct smk_binary *b;
	struct smk_error *err;
	bool user;
	char *abspath;
	size_t i;

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
	if (!err && set->no_dwarf) {
		fprintf(stderr, "%s: %s: %s; cannot place probes\n", prog,
			path, set->no_dwarf);
		status = 1;
		goto out;
	}
	if (!err)
		err = smk_place_markers(b, set, user ? SMK_PLACE_USER : 0,
					&pl);
	if (err) {
		error_report(err);
		goto out;
	}
	abspath = target_path(path);
	for (i = 0; i < set->n; i++) {
		struct smk_placement *p = &pl[i];

		if (!smk_filter_match(&opt.cli.filter, b->module, p->function,
				      p->rec->name))
			continue;
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
			print_json(b, p, abspath);
			break;
		case FMT_BPFTRACE:
			print_bpftrace(b, p, abspath, user);
			break;
		case FMT_LTTNG:
			print_lttng(b, p, user);
			break;
		}
	}
	if (user && !opt.no_sdt && !nadhoc)
		resolve_sdt(b, abspath);
	free(abspath);
out:
	if (set)
		smk_placements_destroy(pl, set->n);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}

int main(int argc, char **argv)
{
	enum { OPT_FORMAT = 256, OPT_STRICT, OPT_NO_SDT, OPT_DRY_RUN,
	       OPT_HOLD, OPT_SWEEP, OPT_AT, OPT_AT_FILE };
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool group_given = false;
	char holdgroup[SMK_PROBE_NAME_MAX + 1];
	int c;

	if (argc > 1 && !strcmp(argv[1], "symbolize-trace"))
		return cmd_symbolize_trace(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "callgraph"))
		return cmd_callgraph(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "addr2line"))
		return cmd_addr2line(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "symbolize-ftrace"))
		return cmd_symbolize_ftrace(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "attach")) {
		mode = MODE_ATTACH;
		argv++;
		argc--;
	} else if (argc > 1 && !strcmp(argv[1], "detach")) {
		mode = MODE_DETACH;
		argv++;
		argc--;
	}
	while ((c = getopt_long(argc, argv, SMK_CLI_SHORTOPTS "g:h", longopts,
				NULL)) != -1) {
		int taken = smk_cli_option(&opt.cli, c, optarg);

		if (taken < 0)
			return 1;
		if (taken)
			continue;
		switch (c) {
		case 'g':
			opt.group = optarg;
			group_given = true;
			break;
		case OPT_FORMAT:
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
		if (optind != argc) {
			fprintf(stderr, "%s: detach takes no files\n", prog);
			return 2;
		}
		return do_detach(opt.group);
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
	smk_set_warn(warn_cb, NULL);
	smk_cli_inputs(&opt.cli, argv + optind, argc - optind, &inputs,
		       error_report);
	if (opt.format == FMT_JSON)
		printf("{\n  \"version\": 1,\n  \"markers\": [");
	for (size_t i = 0; i < inputs.n; i++)
		resolve_file(inputs.v[i].path);
	smk_inputs_deinit(&inputs);
	smk_cli_deinit(&opt.cli);
	for (size_t i = 0; i < nadhoc; i++)
		free(adhoc_store[i]);
	free(adhoc_store);
	free(adhoc);
	if (mode == MODE_ATTACH) {
		int rc = status ? status : do_attach(opt.group);

		smk_probe_events_destroy(pending, npending);
		return rc;
	}
	if (opt.format == FMT_JSON)
		printf("%s]\n}\n", json_first ? "" : "\n  ");
	return smk_cli_flush_stdout(prog) ? status : 1;
}
