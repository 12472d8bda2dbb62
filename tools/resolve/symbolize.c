// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve addr2line: addresses of one ELF file to function, file and
 * line, printed byte for byte as GNU addr2line prints them for the same
 * flags (-a -f -i -p -s), from libsmk's symbolizer (whose answers are
 * eu-addr2line's: libdw is the ground truth).  Also --marker (the markers
 * whose probe site an address is) and --format=json.
 *
 * Addresses come from the arguments or, with none, one a line from stdin.
 * Like addr2line, the answer to each line is flushed before waiting for the
 * next, so it can serve a pipe; lines already waiting are looked up
 * together, in address order, which is what makes large inputs fast.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "smk/binary.h"
#include "smk/cli.h"
#include "smk/json.h"
#include "smk/symbolize.h"

#include "commands.h"

static const char *prog = "marker-resolve";

static struct {
	bool addresses, functions, inlines, pretty, basenames, markers, json;
	int width;		/* hex digits of -a: 8 or 16, as the ELF class */
	uint64_t mask;		/* ELFCLASS32: addresses are 32-bit */
} opt;

static void usage(FILE *f)
{
	fprintf(f,
"usage: %s addr2line [-afips] [-e FILE] [--marker] [--format=json]\n"
"           [--debug-info-dir DIR]... [--target-prefix DIR]\n"
"           [--debuginfod[=URLS] | --no-debuginfod] [ADDR...]\n"
"Print the function, source file and line of each address of FILE (default\n"
"a.out), as GNU addr2line does.  Addresses are hexadecimal, with or without\n"
"0x; with none given, one a line is read from stdin.\n"
"\n"
"  -e, --exe FILE           the ELF file (executable, library, vmlinux, .ko)\n"
"  -a, --addresses          print each address first\n"
"  -f, --functions          print function names\n"
"  -i, --inlines            print the inline chain, innermost first\n"
"  -p, --pretty-print       one line per address\n"
"  -s, --basenames          strip directories from file names\n"
"      --marker             print the markers whose probe site the address is\n"
"      --format FMT         text (default) or json (one object a line)\n"
"      --debug-info-dir DIR, --target-prefix DIR   where debuginfo is found\n"
SMK_CLI_DEBUGINFOD_HELP
"  -h, --help\n"
"\n"
"Exit status: 0 ok, 1 FILE cannot be read, 2 usage.\n", prog);
}

static const char *base_name(const char *path)
{
	const char *slash;

	if (!opt.basenames || !path)
		return path;
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* One frame's "file:line", as addr2line prints it (its discriminator is
 * the address's row's, on every line of the chain, as GNU's is; without a
 * line row, the symbol table's file, as GNU's). */
static void print_where(const struct smk_frame *f, unsigned int disc,
			const char *symbol_file)
{
	const char *file = base_name(f->file ? f->file : symbol_file);

	printf("%s:", file ? file : "??");
	if (!f->line)
		fputs("?\n", stdout);
	else if (disc)
		printf("%u (discriminator %u)\n", f->line, disc);
	else
		printf("%u\n", f->line);
}

static void print_text(const struct smk_symbol_info *r)
{
	size_t i, n;

	if (opt.addresses)
		printf("0x%0*" PRIx64 "%s", opt.width, r->address,
		       opt.pretty ? ": " : "\n");
	if (!r->nframes) {
		if (opt.functions)
			fputs(opt.pretty ? "?? " : "??\n", stdout);
		fputs("??:0\n", stdout);
	} else {
		n = opt.inlines ? r->nframes : 1;
		for (i = 0; i < n; i++) {
			const struct smk_frame *f = &r->frames[i];
			const char *fn = f->function && *f->function ?
				f->function : "??";

			if (i && opt.pretty)
				fputs(" (inlined by) ", stdout);
			if (opt.functions)
				printf("%s%s", fn, opt.pretty ? " at " : "\n");
			print_where(f, r->frames[0].discriminator,
				    f->line ? NULL : r->symbol_file);
		}
	}
	if (opt.markers)
		for (i = 0; i < r->nmarkers; i++)
			printf("marker %s at %s:%u\n", r->markers[i].name,
			       base_name(r->markers[i].file),
			       r->markers[i].line);
}

static void json_str(const char *key, const char *v)
{
	printf("\"%s\": ", key);
	smk_json_string(stdout, v);
}

static void print_json(const struct smk_symbol_info *r)
{
	const struct smk_frame *last = r->nframes ?
		&r->frames[r->nframes - 1] : NULL;
	size_t i;

	printf("{\"address\": \"0x%" PRIx64 "\", ", r->address);
	json_str("function", last ? last->function : NULL);
	if (last && last->function)
		printf(", \"function_offset\": %" PRIu64 ", ",
		       last->function_offset);
	else
		printf(", \"function_offset\": null, ");
	json_str("symbol", r->symbol);
	if (r->symbol)
		printf(", \"offset\": %" PRIu64 ", ", r->symbol_offset);
	else
		printf(", \"offset\": null, ");
	printf("\"frames\": [");
	for (i = 0; i < r->nframes; i++) {
		const struct smk_frame *f = &r->frames[i];

		printf("%s{", i ? ", " : "");
		json_str("function", f->function);
		printf(", ");
		json_str("file", f->file);
		printf(", \"line\": %u, \"column\": %u, "
		       "\"discriminator\": %u, \"inlined\": %s}", f->line,
		       f->column, f->discriminator,
		       i + 1 < r->nframes ? "true" : "false");
	}
	printf("], ");
	json_str("marker", r->marker);
	printf(", \"markers\": [");
	for (i = 0; i < r->nmarkers; i++) {
		printf("%s{", i ? ", " : "");
		json_str("name", r->markers[i].name);
		printf(", ");
		json_str("file", r->markers[i].file);
		printf(", \"line\": %u}", r->markers[i].line);
	}
	printf("], ");
	json_str("reason", r->reason);
	printf("}\n");
}

/*
 * As GNU addr2line 2.40 reads them: white space, then hex digits with an
 * optional 0x; what follows is ignored, junk is 0, too many digits are all
 * ones.  Its quirks with a sign too: "-..." is 0, "+..." is decimal, or
 * hex after 0x.
 */
static uint64_t parse_addr(const char *s)
{
	uint64_t v = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '-')
		return 0;
	if (*s == '+') {
		errno = 0;
		v = strtoull(s + 1, NULL, 0);
		return (errno ? UINT64_MAX : v) & opt.mask;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	    isxdigit((unsigned char)s[2]))
		s += 2;
	for (; isxdigit((unsigned char)*s); s++) {
		if (v >> 60)
			return opt.mask;
		v = v << 4 | (isdigit(*s) ? *s - '0' : (*s | 0x20) - 'a' + 10);
	}
	return v & opt.mask;
}

static int symbolize(struct smk_symbolizer *s, const uint64_t *addrs,
		     size_t n, struct smk_symbol_info **out, size_t *cap)
{
	struct smk_error *err;
	size_t i;

	if (n > *cap) {
		struct smk_symbol_info *o = realloc(*out, n * sizeof(*o));

		if (!o) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return 1;
		}
		*out = o;
		*cap = n;
	}
	err = smk_symbolizer_lookup(s, addrs, n, *out);
	if (err) {
		fprintf(stderr, "%s: %s\n", prog, err->message);
		smk_error_destroy(err);
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (opt.json)
			print_json(&(*out)[i]);
		else
			print_text(&(*out)[i]);
	}
	return 0;
}

static bool input_waiting(void)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };

	return poll(&p, 1, 0) > 0;
}

/* Addresses from stdin, one a line; each batch is what has arrived. */
static int from_stdin(struct smk_symbolizer *s)
{
	size_t cap = 1 << 16, len = 0, ncap = 0, nout = 0, n;
	char *buf = malloc(cap + 1);
	uint64_t *addrs = NULL;
	struct smk_symbol_info *out = NULL;
	int rc = 0;
	bool eof = false;

	if (!buf)
		goto nomem;
	while (!eof && !rc) {
		ssize_t r = read(0, buf + len, cap - len);
		char *p, *nl;

		if (r < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "%s: reading stdin: %s\n", prog,
				strerror(errno));
			rc = 1;
			break;
		}
		if (r == 0) {
			eof = true;
			if (len && buf[len - 1] != '\n')
				buf[len++] = '\n';	/* the last line */
		}
		len += r;
		/* A line longer than the buffer is cut into several, as
		 * addr2line's fgets() does. */
		if (len == cap && !memchr(buf, '\n', len))
			buf[len++] = '\n';
		n = 0;
		for (p = buf; (nl = memchr(p, '\n', buf + len - p));
		     p = nl + 1) {
			if (n == ncap) {
				uint64_t *a;

				ncap = ncap ? 2 * ncap : 4096;
				a = realloc(addrs, ncap * sizeof(*a));
				if (!a)
					goto nomem;
				addrs = a;
			}
			*nl = '\0';
			addrs[n++] = parse_addr(p);
		}
		memmove(buf, p, buf + len - p);
		len = buf + len - p;
		if (n)
			rc = symbolize(s, addrs, n, &out, &nout);
		if (!input_waiting())
			fflush(stdout);
	}
	free(buf);
	free(addrs);
	free(out);
	return rc;
nomem:
	fprintf(stderr, "%s: out of memory\n", prog);
	free(buf);
	free(addrs);
	free(out);
	return 1;
}

static void warn_cb(void *arg, const char *msg)
{
	fprintf(stderr, "%s: warning: %s\n", prog, msg);
}

int cmd_addr2line(int argc, char **argv)
{
	enum { OPT_MARKER = 256, OPT_FORMAT };
	static const struct option longopts[] = {
		{ "exe", required_argument, NULL, 'e' },
		{ "addresses", no_argument, NULL, 'a' },
		{ "functions", no_argument, NULL, 'f' },
		{ "inlines", no_argument, NULL, 'i' },
		{ "pretty-print", no_argument, NULL, 'p' },
		{ "basenames", no_argument, NULL, 's' },
		{ "marker", no_argument, NULL, OPT_MARKER },
		{ "format", required_argument, NULL, OPT_FORMAT },
		SMK_CLI_DEBUG_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct smk_cli cli = { 0 };
	struct smk_symbolizer *s = NULL;
	struct smk_binary *b;
	struct smk_error *err;
	const char *exe = "a.out";
	int c, rc = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "ae:fhips", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'a':
			opt.addresses = true;
			break;
		case 'e':
			exe = optarg;
			break;
		case 'f':
			opt.functions = true;
			break;
		case 'i':
			opt.inlines = true;
			break;
		case 'p':
			opt.pretty = true;
			break;
		case 's':
			opt.basenames = true;
			break;
		case OPT_MARKER:
			opt.markers = true;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json")) {
				opt.json = true;
			} else if (strcmp(optarg, "text")) {
				fprintf(stderr, "%s: addr2line: unknown format "
					"'%s'\n", prog, optarg);
				return 2;
			}
			break;
		SMK_CLI_DEBUG_CASES:
			if (smk_cli_option(&cli, c, optarg) < 0) {
				fprintf(stderr, "%s: out of memory\n", prog);
				return 1;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	smk_set_warn(warn_cb, NULL);
	err = smk_binary_open(exe, &cli.debuginfo, &b);
	if (!err) {
		err = smk_symbolizer_create(b, &s);
		if (err)
			smk_binary_destroy(b);
	}
	if (err) {
		fprintf(stderr, "%s: %s\n", prog, err->message);
		smk_error_destroy(err);
		smk_cli_deinit(&cli);
		return 1;
	}
	opt.width = gelf_getclass(b->elf) == ELFCLASS32 ? 8 : 16;
	opt.mask = opt.width == 8 ? UINT32_MAX : UINT64_MAX;
	if (opt.markers) {
		err = smk_symbolizer_load_markers(s);
		if (err) {
			/* The addresses are still worth answering. */
			fprintf(stderr, "%s: %s: markers: %s\n", prog, exe,
				err->message);
			smk_error_destroy(err);
			rc = 1;
		}
	}
	if (optind < argc) {
		size_t n = argc - optind, cap = 0, i;
		uint64_t *addrs = malloc(n * sizeof(*addrs));
		struct smk_symbol_info *out = NULL;

		if (!addrs) {
			fprintf(stderr, "%s: out of memory\n", prog);
			rc = 1;
		} else {
			for (i = 0; i < n; i++)
				addrs[i] = parse_addr(argv[optind + i]);
			rc |= symbolize(s, addrs, n, &out, &cap);
		}
		free(addrs);
		free(out);
	} else {
		rc |= from_stdin(s);
	}
	smk_symbolizer_destroy(s);
	smk_cli_deinit(&cli);
	return smk_cli_flush_stdout(prog) ? rc : 1;
}

static void index_usage(FILE *f)
{
	fprintf(f,
"usage: %s index [--status] [--debug-info-dir DIR]... [--target-prefix DIR]\n"
"           [--debuginfod[=URLS] | --no-debuginfod] FILE...\n"
"Write the index cache of each FILE (executable, library, vmlinux, .ko):\n"
"every compilation unit's line rows, inline scopes and names, kept by\n"
"build-id in $SMK_INDEX_CACHE_DIR, else $XDG_CACHE_HOME/simple-marker/index,\n"
"else ~/.cache/simple-marker/index, where addr2line, symbolize-ftrace,\n"
"symbolize-trace and callgraph read it: a first lookup in a unit then reads\n"
"one blob instead of the unit's DWARF (GDB's index-cache, for addresses).\n"
"A file whose DWARF or whose indexing code changed is another key; one that\n"
"fails a check is not read.\n"
"\n"
"      --status             write nothing: say whether a cache file is used,\n"
"                           or why not\n"
"      --debug-info-dir DIR, --target-prefix DIR   where debuginfo is found\n"
SMK_CLI_DEBUGINFOD_HELP
"  -h, --help\n"
"\n"
"Exit status: 0 ok (with --status: every FILE has a cache used), 1 a FILE\n"
"failed, 2 usage.\n", prog);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int cmd_index(int argc, char **argv)
{
	enum { OPT_STATUS = 256 };
	static const struct option longopts[] = {
		{ "status", no_argument, NULL, OPT_STATUS },
		SMK_CLI_DEBUG_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct smk_cli cli = { 0 };
	bool status = false;
	int c, rc = 0, i;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_STATUS:
			status = true;
			break;
		SMK_CLI_DEBUG_CASES:
			if (smk_cli_option(&cli, c, optarg) < 0) {
				fprintf(stderr, "%s: out of memory\n", prog);
				return 1;
			}
			break;
		case 'h':
			index_usage(stdout);
			return 0;
		default:
			index_usage(stderr);
			return 2;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "%s: index: no FILE given\n", prog);
		index_usage(stderr);
		return 2;
	}
	smk_set_warn(warn_cb, NULL);
	for (i = optind; i < argc; i++) {
		struct smk_symbolizer *s = NULL;
		struct smk_binary *b;
		struct smk_error *err;
		char *path = NULL;
		uint64_t size = 0;
		size_t n = 0;
		double t0 = now_s();

		err = smk_binary_open(argv[i], &cli.debuginfo, &b);
		if (!err) {
			err = smk_symbolizer_create(b, &s);
			if (err)
				smk_binary_destroy(b);
		}
		if (!err && status) {
			const char *why;

			/* The cache is opened with the DWARF. */
			smk_symbolizer_layout_base(s);
			why = smk_symbolizer_index_cache(s, &n);
			if (why) {
				printf("%s: no index cache used: %s\n",
				       argv[i], why);
				rc = rc ? rc : 1;
			} else {
				printf("%s: index cache used\n", argv[i]);
			}
		} else if (!err) {
			err = smk_symbolizer_write_index(s, &path, &size, &n);
			if (!err)
				printf("%s: %zu units, %" PRIu64 " bytes, "
				       "%.2f s: %s\n", argv[i], n, size,
				       now_s() - t0, path);
		}
		if (err) {
			fprintf(stderr, "%s: index: %s\n", prog,
				err->message);
			smk_error_destroy(err);
			rc = 1;
		}
		free(path);
		smk_symbolizer_destroy(s);
	}
	smk_cli_deinit(&cli);
	return rc;
}
