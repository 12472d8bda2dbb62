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
#include "smk/ftrace.h"
#include "smk/json.h"
#include "smk/kernel.h"
#include "smk/kmap.h"
#include "smk/symbolize.h"
#include "commands.h"



static const char prog[] = "marker-resolve symbolize-ftrace";

enum { KERNEL_SPACE = 0xffff800000000000ull };

struct bin {
	char *module;			/* "vmlinux" or the module's name */
	struct smk_symbolizer *sym;	/* NULL: could not open, see why */
	char *why;
};

struct state {
	struct smk_cli cli;
	char **files;			/* -e */
	size_t nfiles;
	struct bin *bins;
	size_t nbins;
	struct smk_kmap *kmap;
	bool json;
	bool vmlinux_text_set;
	size_t nevents, nresolved, nmarkers;
};

static void report(const char *what, struct smk_error *err)
{
	fprintf(stderr, "%s: %s%s%s\n", prog, what ? what : "",
		what ? ": " : "", err->message);
	smk_error_destroy(err);
}

/* A new entry at the end of st->bins (zeroed), or NULL without memory. */
static struct bin *bin_new(struct state *st)
{
	struct bin *v = realloc(st->bins, (st->nbins + 1) * sizeof(*v));

	if (!v)
		return NULL;
	st->bins = v;
	memset(&v[st->nbins], 0, sizeof(*v));
	return &v[st->nbins++];
}

/* @module has no binary: remember why, so that each event can say it. */
static struct bin *bin_missing(struct state *st, const char *module,
			       char *why)
{
	struct bin *n = bin_new(st);

	if (!n || !(n->module = strdup(module))) {
		free(why);
		return NULL;
	}
	n->why = why;
	return n;
}

/*
 * Open @path as the binary for @module (NULL: the file's own, with the
 * name the kernel would give a relocatable object, so that "[ftmod]"
 * finds ftmod.ko even without .modinfo).
 */
static struct bin *bin_add(struct state *st, const char *module,
			   const char *path)
{
	struct smk_binary *b = NULL;
	struct smk_error *err;
	struct bin *n = bin_new(st);

	if (!n)
		return NULL;
	err = smk_binary_open(path, &st->cli.debuginfo, &b);
	if (!err)
		err = smk_symbolizer_create(b, &n->sym);
	if (!err)
		err = smk_symbolizer_load_markers(n->sym);
	if (err) {
		if (b && !n->sym)
			smk_binary_destroy(b);
		if (asprintf(&n->why, "%s: %s", path, err->message) < 0)
			n->why = NULL;
		smk_error_destroy(err);
	}
	n->module = module ? strdup(module) :
		    n->sym && b->kind != SMK_BINARY_OBJECT ? strdup(b->module) :
		    smk_module_name_from_path(path);
	return n->module ? n : NULL;
}

/* The binary of @module ("" or "vmlinux" for the kernel), opened once. */
static struct bin *bin_get(struct state *st, const char *module)
{
	struct smk_error *err;
	char *path = NULL, *why;
	struct bin *b;
	size_t i;

	if (!*module)
		module = "vmlinux";
	for (i = 0; i < st->nbins; i++)
		if (!strcmp(st->bins[i].module, module))
			return &st->bins[i];
	if (!st->cli.release) {
		if (asprintf(&why, "no binary for %s (give it with -e, or -k "
			     "RELEASE)", module) < 0)
			return NULL;
		return bin_missing(st, module, why);
	}
	err = !strcmp(module, "vmlinux") ?
	      smk_kernel_vmlinux(st->cli.root, st->cli.release, &path) :
	      smk_kernel_module_path(st->cli.root, st->cli.release, module,
				     &path);
	if (err) {
		why = strdup(err->message);
		smk_error_destroy(err);
		return why ? bin_missing(st, module, why) : NULL;
	}
	b = bin_add(st, module, path);
	free(path);
	return b;
}

/* KASLR: vmlinux's own _text, once, for kallsyms' runtime one. */
static void set_vmlinux_text(struct state *st)
{
	struct bin *v;
	uint64_t a;

	if (st->vmlinux_text_set)
		return;
	st->vmlinux_text_set = true;
	v = bin_get(st, "vmlinux");
	if (v && v->sym &&
	    smk_binary_symbol_addr(smk_symbolizer_binary(v->sym), "_text", &a))
		smk_kmap_set_vmlinux_text(st->kmap, a);
}

struct answer {
	struct bin *bin;
	const char *why;
	struct smk_symbol_info info;
	bool have;
};

static void resolve(struct state *st, const char *where, struct answer *a)
{
	struct smk_ftrace_where w;
	struct smk_binary *b;
	struct smk_error *err;
	uint64_t addr;

	memset(a, 0, sizeof(*a));
	if (!smk_ftrace_parse_where(where, &w)) {
		a->why = "not an address nor SYM+OFF";
		return;
	}
	if (w.symbolic) {
		a->bin = bin_get(st, w.module);
	} else if (w.addr < KERNEL_SPACE) {
		a->why = "a user address: ftrace does not say which mapping "
			 "it is in";
		return;
	} else {
		struct smk_kaddr ka;

		set_vmlinux_text(st);
		if (!smk_kmap_lookup(st->kmap, w.addr, &ka, &a->why))
			return;
		a->bin = bin_get(st, ka.module);
		if (!a->bin || !a->bin->sym)
			goto nobin;
		b = smk_symbolizer_binary(a->bin->sym);
		if (ka.section) {
			uint64_t base;

			if (!smk_binary_section_addr(b, ka.section, &base)) {
				a->why = "the module has no such section";
				return;
			}
			addr = base + ka.addr;
		} else if (strcmp(ka.module, "vmlinux")) {
			uint64_t base;

			/* /proc/modules' base: the start of .text */
			if (!smk_binary_section_addr(b, ".text", &base)) {
				a->why = "the module has no .text";
				return;
			}
			addr = base + ka.addr;
		} else {
			addr = ka.addr;
		}
		goto lookup;
	}
	if (!a->bin || !a->bin->sym)
		goto nobin;
	b = smk_symbolizer_binary(a->bin->sym);
	{
		const struct smk_symbol *s = smk_binary_code_symbol(b,
								    w.symbol);

		if (!s) {
			a->why = "no such symbol in the binary";
			return;
		}
		/* (No check of the printed size: kallsyms guesses it from
		 * the next symbol, .init functions get a whole page.) */
		addr = s->addr + w.offset;
	}
lookup:
	/* binary.h's addresses are libdwfl's; the symbolizer's eu-addr2line's */
	addr -= smk_symbolizer_layout_base(a->bin->sym);
	err = smk_symbolizer_lookup(a->bin->sym, &addr, 1, &a->info);
	if (err) {
		report(NULL, err);
		a->why = "out of memory";
		return;
	}
	a->have = true;
	a->why = a->info.reason;
	return;
nobin:
	a->why = a->bin && a->bin->why ? a->bin->why : "no binary";
}

static void print_text(const char *line, const struct answer *a)
{
	const struct smk_symbol_info *i = &a->info;
	size_t k;

	fputs(line, stdout);
	if (!a->have || !i->nframes) {
		printf(", debug_info = { reason = \"%s\" }\n",
		       a->why ? a->why : "unknown");
		return;
	}
	printf(", debug_info = { bin = \"%s\", func = \"%s+0x%" PRIx64
	       "\", src = \"%s:%u\"", a->bin->module,
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
		       const struct answer *a)
{
	const struct smk_symbol_info *i = &a->info;
	size_t k;

	putchar('{');
	key_str("task", ev->task, false);
	printf(", \"pid\": %d, \"cpu\": %d, \"ts_ns\": %" PRIu64,
	       ev->pid, ev->cpu, ev->ts_ns);
	key_str("event", ev->event, true);
	key_str("where", ev->where, true);
	key_str("fields", ev->fields, true);
	key_str("bin", a->bin && a->have ? a->bin->module : NULL, true);
	printf(", \"frames\": [");
	for (k = 0; a->have && k < i->nframes; k++) {
		printf("%s{", k ? ", " : "");
		key_str("function", i->frames[k].function, false);
		printf(", \"offset\": %" PRIu64,
		       i->frames[k].function_offset);
		key_str("file", i->frames[k].file, true);
		printf(", \"line\": %u}", i->frames[k].line);
	}
	printf("]");
	key_str("marker", a->have ? i->marker : NULL, true);
	key_str("marker_file", a->have ? i->marker_file : NULL, true);
	printf(", \"marker_line\": %u, \"markers\": [", a->have && i->marker ?
	       i->marker_line : 0);
	for (k = 0; a->have && k < i->nmarkers; k++) {
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
			if (!st->json)
				puts(line);
			free(copy);
			continue;
		}
		st->nevents++;
		if (!ev.where) {
			if (!st->json)
				puts(line);
			free(copy);
			continue;
		}
		resolve(st, ev.where, &a);
		if (a.have && a.info.nframes)
			st->nresolved++;
		if (a.have && a.info.marker)
			st->nmarkers++;
		if (st->json)
			print_json(&ev, &a);
		else
			print_text(line, &a);
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
		"usage: marker-resolve symbolize-ftrace [-e FILE]... [-k RELEASE [--root DIR]]\n"
		"         [--kallsyms FILE] [--modules FILE] [--sections MOD=PATH]...\n"
		"         [--kaslr-offset N] [--debug-info-dir DIR]... [--target-prefix DIR]\n"
		"         [--format=text|json] [TRACE...]\n");
}

int cmd_symbolize_ftrace(int argc, char **argv)
{
	enum { OPT_FORMAT = 256, OPT_KALLSYMS, OPT_MODULES, OPT_SECTIONS,
	       OPT_KASLR };
	static const struct option longopts[] = {
		SMK_CLI_LONGOPTS,
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "kallsyms", required_argument, NULL, OPT_KALLSYMS },
		{ "modules", required_argument, NULL, OPT_MODULES },
		{ "sections", required_argument, NULL, OPT_SECTIONS },
		{ "kaslr-offset", required_argument, NULL, OPT_KASLR },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct state st = { 0 };
	struct smk_error *err;
	int c, rc = 0, i;
	size_t k, bad;

	err = smk_kmap_create(&st.kmap);
	if (err) {
		report(NULL, err);
		return 1;
	}
	optind = 1;
	while ((c = getopt_long(argc, argv, "e:k:h", longopts, NULL)) != -1) {
		int taken = c == 'e' ? 0 : smk_cli_option(&st.cli, c, optarg);

		if (taken < 0) {
			rc = 1;
			goto out;
		}
		if (taken)
			continue;
		err = NULL;
		bad = 0;
		switch (c) {
		case 'e': {
			char **v = realloc(st.files, (st.nfiles + 1) *
					   sizeof(*v));

			if (!v) {
				rc = 1;
				goto out;
			}
			st.files = v;
			v[st.nfiles++] = optarg;
			break;
		}
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
		case OPT_KALLSYMS:
			err = smk_kmap_load_kallsyms(st.kmap, optarg, &bad);
			break;
		case OPT_MODULES:
			err = smk_kmap_load_modules(st.kmap, optarg, &bad);
			break;
		case OPT_SECTIONS: {
			char *eq = strchr(optarg, '=');

			if (!eq) {
				fprintf(stderr, "%s: --sections takes "
					"MODULE=PATH\n", prog);
				rc = 2;
				goto out;
			}
			*eq = '\0';
			err = smk_kmap_load_sections(st.kmap, optarg, eq + 1,
						     &bad);
			break;
		}
		case OPT_KASLR: {
			char *end;
			uint64_t v;

			errno = 0;
			v = strtoull(optarg, &end, 0);
			if (errno || *end || !*optarg) {
				fprintf(stderr, "%s: --kaslr-offset: not a "
					"number: %s\n", prog, optarg);
				rc = 2;
				goto out;
			}
			smk_kmap_set_kaslr_offset(st.kmap, v);
			break;
		}
		case 'h':
			usage(stdout);
			goto out;
		default:
			usage(stderr);
			rc = 2;
			goto out;
		}
		if (err) {
			report(NULL, err);
			rc = 1;
			goto out;
		}
		if (bad)
			fprintf(stderr, "%s: %s: %zu lines skipped (not in "
				"the expected form)\n", prog, optarg, bad);
	}
	for (k = 0; k < st.nfiles; k++) {
		struct bin *b = bin_add(&st, NULL, st.files[k]);

		if (!b) {
			rc = 1;
			goto out;
		}
		if (!b->sym) {
			fprintf(stderr, "%s: %s\n", prog, b->why);
			rc = 1;
			goto out;
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
	for (k = 0; k < st.nbins; k++) {
		smk_symbolizer_destroy(st.bins[k].sym);
		free(st.bins[k].module);
		free(st.bins[k].why);
	}
	free(st.bins);
	free(st.files);
	smk_kmap_destroy(st.kmap);
	smk_cli_deinit(&st.cli);
	return rc;
}
