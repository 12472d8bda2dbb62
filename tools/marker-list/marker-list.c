// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-list: list the simple markers (and sys/sdt.h probes) of kernel
 * images, modules and userspace ELF files, dtrace -l style or as JSON.
 * A thin front end: everything about ELF, records and DWARF is in libsmk.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/binary.h"
#include "smk/cli.h"
#include "smk/filter.h"
#include "smk/format.h"
#include "smk/json.h"
#include "smk/inputs.h"
#include "smk/markers.h"
#include "smk/sdt.h"

static const char *prog = "marker-list";

static struct options {
	struct smk_cli cli;
	bool verbose, json, no_sdt;
	bool release_walk;	/* -k RELEASE with no file or module named */
} opt;

static int status;		/* exit status: 1 once anything failed */
static unsigned int next_id = 1;
static bool json_first = true;
static struct smk_inputs inputs;

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

static void usage(FILE *f)
{
	fprintf(f,
"usage: %s [options] [FILE|DIR|MODULE]...\n"
"List simple markers and SDT probes, dtrace -l style.\n"
"\n"
"Inputs: ELF files (vmlinux, .ko, .ko.gz/.xz/.zst, executables, shared\n"
"libraries), directories (searched recursively), module names (found\n"
"through libkmod for the release of -k, or the running kernel).\n"
"\n"
"  -k, --kernel RELEASE     vmlinux and all modules of RELEASE; with\n"
"                           module names, look them up in RELEASE\n"
"      --root DIR           root holding /lib/modules, /usr/lib/debug\n"
"  -n, --probe DESC         'module:function:name' with globs; fewer parts\n"
"                           match from the right ('func:name', 'name')\n"
"  -m, --module GLOB        -f, --function GLOB     -N, --name GLOB\n"
"  -v, --verbose            file:line, argument types, instances\n"
"  -j, --json               one JSON document (see marker-list(1))\n"
"      --no-sdt             markers only, no sys/sdt.h probes\n"
"      --debug-info-dir DIR separate debuginfo directory (repeatable;\n"
"                           default: /usr/lib/debug under the target prefix)\n"
"      --target-prefix DIR  root of the traced machine's filesystem\n"
SMK_CLI_DEBUGINFOD_HELP
"  -h, --help\n"
"\n"
"Exit status: 0 ok, 1 some input could not be read or a file named has no\n"
"markers (no __simple_marker section, no SDT notes; a release's vmlinux\n"
"without any is only reported), 2 usage.\n", prog);
}

static void print_header(void)
{
	if (!opt.json)
		printf("%5s %-16s %-24s %-20s %s\n", "ID", "MODULE",
		       "FUNCTION", "NAME", "DESCRIPTION");
	else
		printf("{\n  \"version\": 1,\n  \"probes\": [");
}

static void json_key(const char *key, const char *val, bool comma)
{
	printf("\"%s\": ", key);
	smk_json_string(stdout, val);
	if (comma)
		printf(", ");
}

static void json_begin_probe(void)
{
	printf("%s\n    {", json_first ? "" : ",");
	json_first = false;
}

/* Addresses as eu-addr2line -e takes them (smk_binary_layout_base()). */
static void print_part(const struct smk_part *p, uint64_t base)
{
	if (p->symbol)
		printf("%s+0x%llx", p->symbol, (unsigned long long)p->offset);
	else
		printf("?");
	printf(" (0x%llx)", (unsigned long long)(p->addr - base));
}

static void print_marker_text(struct smk_binary *b, struct smk_marker *m,
			      const char *desc)
{
	size_t i, j;

	printf("%5u %-16s %-24s %-20s %s\n", next_id, b->module,
	       m->function ? m->function : "-", m->rec.name, desc);
	if (!opt.verbose)
		return;
	printf("%6s%-10s %s:%u\n", "", "file:", m->rec.file, m->line);
	if (m->rec.flags & SMK_RECORD_F_EXACT)
		printf("%6s%-10s %s\n", "", "exact:",
		       "yes (trace_simple_exact(): an anchor in the code)");
	printf("%6s%-10s %s\n", "", "binary:", b->path);
	for (i = 0; i < m->rec.nargs; i++) {
		printf("%6s%-10s %s", "", i ? "" : "args:", m->args[i].expr);
		if (m->args[i].type)
			printf(" (%s)", m->args[i].type);
		else if (m->args[i].reason)
			printf(" (type unknown: %s)", m->args[i].reason);
		printf("\n");
	}
	if (m->reason)
		printf("%6s%-10s %s\n", "", "reason:", m->reason);
	if (!m->var)
		return;
	printf("%6s%-10s %zu\n", "", "instances:", m->ninstances);
	for (i = 0; i < m->ninstances; i++) {
		struct smk_instance *in = &m->instances[i];

		printf("%17s", "");
		for (j = 0; j < in->nparts; j++) {
			if (j)
				printf(", ");
			print_part(&in->parts[j], smk_binary_layout_base(b));
		}
		printf("%s\n", in->inlined ? " [inlined]" : "");
	}
}

static void print_marker_json(struct smk_binary *b, struct smk_marker *m,
			      const char *desc)
{
	size_t i, j;

	json_begin_probe();
	printf("\"id\": %u, \"kind\": \"marker\", ", next_id);
	json_key("path", b->path, true);
	json_key("module", b->module, true);
	json_key("function", m->function, true);
	json_key("name", m->rec.name, true);
	json_key("file", m->rec.file, true);
	printf("\"line\": %u, ", m->line);
	json_key("format", m->rec.format, true);
	printf("\"exact\": %s, ", m->rec.flags & SMK_RECORD_F_EXACT ?
	       "true" : "false");
	json_key("description", desc, true);
	printf("\"args\": [");
	for (i = 0; i < m->rec.nargs; i++) {
		printf("%s{", i ? ", " : "");
		json_key("expr", m->args[i].expr, true);
		json_key("type", m->args[i].type, m->args[i].reason != NULL);
		if (m->args[i].reason)
			json_key("reason", m->args[i].reason, false);
		printf("}");
	}
	printf("], \"instances\": [");
	for (i = 0; i < m->ninstances; i++) {
		struct smk_instance *in = &m->instances[i];

		printf("%s{\"inlined\": %s, \"parts\": [", i ? ", " : "",
		       in->inlined ? "true" : "false");
		for (j = 0; j < in->nparts; j++) {
			struct smk_part *p = &in->parts[j];

			printf("%s{\"address\": \"0x%llx\", \"size\": %llu, ",
			       j ? ", " : "",
			       (unsigned long long)(p->addr -
						    smk_binary_layout_base(b)),
			       (unsigned long long)p->size);
			json_key("symbol", p->symbol, true);
			printf("\"offset\": %llu}",
			       (unsigned long long)p->offset);
		}
		printf("]}");
	}
	printf("], ");
	json_key("reason", m->reason, false);
	printf("}");
}

/*
 * A file named on the command line with no marker section (nor SDT notes)
 * is a failure, with its likely causes; a module's loaded section a
 * warning, with the fix.  Files found by a directory or kernel walk are
 * not reported: most modules have no markers.  The vmlinux of a whole
 * release (-k RELEASE alone) is reported but is no failure: a kernel
 * without the series has none, and its modules may.
 */
static void check_section(struct smk_binary *b, struct smk_marker_set *set,
			  bool expl)
{
	const char *msg;

	switch (smk_markers_section_check(b, set, &msg)) {
	case SMK_SECTION_MISSING:
		if (!expl)
			break;
		fprintf(stderr, "%s: %s: %s\n", prog, b->path, msg);
		if (!opt.release_walk)
			status = 1;
		break;
	case SMK_SECTION_LOADED:
		fprintf(stderr, "%s: %s: %s\n", prog, b->path, msg);
		break;
	case SMK_SECTION_OK:
		break;
	}
}

static void list_markers(struct smk_binary *b, bool expl)
{
	struct smk_marker_set *set;
	struct smk_error *err;
	size_t i, *order;

	err = smk_markers_read(b, opt.verbose || opt.json ?
			       SMK_MARKERS_ARG_TYPES : 0, &set);
	if (err) {
		error_report(err);
		return;
	}
	check_section(b, set, expl);
	if (set->n && set->no_dwarf && !opt.json)
		fprintf(stderr, "%s: %s: %s; functions unknown\n", prog,
			b->path, set->no_dwarf);
	err = smk_cli_source_order(set, &order);
	if (err) {
		error_report(err);
		smk_marker_set_destroy(set);
		return;
	}
	for (i = 0; i < set->n; i++) {
		struct smk_marker *m = &set->markers[order[i]];
		char *desc;

		if (!smk_filter_match(&opt.cli.filter, b->module, m->function,
				      m->rec.name))
			continue;
		err = smk_format_describe(m->rec.format,
					  smk_binary_is_kernel(b),
					  m->rec.args, m->rec.nargs, &desc);
		if (err) {
			error_report(err);
			break;
		}
		if (opt.json)
			print_marker_json(b, m, desc);
		else
			print_marker_text(b, m, desc);
		free(desc);
		next_id++;
	}
	free(order);
	smk_marker_set_destroy(set);
}

static void list_sdt(struct smk_binary *b)
{
	struct smk_sdt_probe *probes;
	struct smk_error *err;
	uint64_t base = smk_binary_layout_base(b);
	size_t n, i;

	err = smk_sdt_read(b, &probes, &n);
	if (err) {
		error_report(err);
		return;
	}
	for (i = 0; i < n; i++) {
		struct smk_sdt_probe *p = &probes[i];
		char *name, *desc;

		/* trace_simple_exact() anchors: shown with their marker. */
		if (!strcmp(p->provider, "simple_marker"))
			continue;
		if (asprintf(&name, "%s:%s", p->provider, p->name) < 0 ||
		    asprintf(&desc, "[sdt] %s", p->args) < 0) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(1);
		}
		if (smk_filter_match(&opt.cli.filter, b->module, p->function,
				     name)) {
			if (opt.json) {
				json_begin_probe();
				printf("\"id\": %u, \"kind\": \"sdt\", ",
				       next_id);
				json_key("path", b->path, true);
				json_key("module", b->module, true);
				json_key("function", p->function, true);
				json_key("name", name, true);
				json_key("provider", p->provider, true);
				json_key("probe", p->name, true);
				json_key("args", p->args, true);
				printf("\"address\": \"0x%llx\", "
				       "\"semaphore\": \"0x%llx\"}",
				       (unsigned long long)(p->pc - base),
				       (unsigned long long)p->semaphore);
			} else {
				printf("%5u %-16s %-24s %-20s %s\n", next_id,
				       b->module,
				       p->function ? p->function : "-", name,
				       desc);
				if (opt.verbose)
					printf("%6s%-10s 0x%llx%s0x%llx\n", "",
					       "address:",
					       (unsigned long long)(p->pc -
								    base),
					       " semaphore: ",
					       (unsigned long long)p->semaphore);
			}
			next_id++;
		}
		free(name);
		free(desc);
	}
	smk_sdt_probes_destroy(probes, n);
}

static void list_file(const char *path, bool expl)
{
	struct smk_binary *b;
	struct smk_error *err;

	err = smk_binary_open(path, &opt.cli.debuginfo, &b);
	if (err) {
		/* Non-ELF files found in a directory are not an error. */
		if (!expl && err->code == SMK_ERROR_ELF) {
			smk_error_destroy(err);
			return;
		}
		error_report(err);
		return;
	}
	list_markers(b, expl);
	if (!opt.no_sdt && !smk_binary_is_kernel(b))
		list_sdt(b);
	smk_binary_destroy(b);
}

int main(int argc, char **argv)
{
	enum { OPT_NO_SDT = 256 };
	static const struct option longopts[] = {
		SMK_CLI_LONGOPTS,
		{ "verbose", no_argument, NULL, 'v' },
		{ "json", no_argument, NULL, 'j' },
		{ "no-sdt", no_argument, NULL, OPT_NO_SDT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	size_t i;
	int c;

	while ((c = getopt_long(argc, argv, SMK_CLI_SHORTOPTS "vjh", longopts,
				NULL)) != -1) {
		int taken = smk_cli_option(&opt.cli, c, optarg);

		if (taken == -2) {
			fprintf(stderr, "%s: -n '%s': a probe description is "
				"%s\n", prog, optarg, smk_filter_syntax);
			return 2;
		}
		if (taken < 0)
			return 1;
		if (taken)
			continue;
		switch (c) {
		case 'v':
			opt.verbose = true;
			break;
		case 'j':
			opt.json = true;
			break;
		case OPT_NO_SDT:
			opt.no_sdt = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind == argc && !opt.cli.release) {
		fprintf(stderr, "%s: no input: give files, directories, "
			"module names or -k RELEASE\n", prog);
		usage(stderr);
		return 2;
	}
	opt.release_walk = optind == argc;
	smk_set_warn(warn_cb, NULL);
	smk_cli_inputs(&opt.cli, argv + optind, argc - optind, &inputs,
		       error_report);
	print_header();
	for (i = 0; i < inputs.n; i++)
		list_file(inputs.v[i].path, inputs.v[i].explicit);
	if (opt.json)
		printf("%s]\n}\n", json_first ? "" : "\n  ");
	smk_inputs_deinit(&inputs);
	smk_cli_deinit(&opt.cli);
	return smk_cli_flush_stdout(prog) ? status : 1;
}
