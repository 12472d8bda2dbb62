// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Marker argument expressions from the input (expr.c), parsed, resolved
 * against real DWARF and built into fetch arguments (fetch.c) at real probe
 * addresses.  The DWARF is that of tests/fixtures/types.c and fetch.c
 * (corpus/elf/types-x86_64 and fetch-x86_64, see the README): structs,
 * unions, bitfields, arrays, typedefs, pointers to functions, globals,
 * and at -O2 registers, location lists and entry values.  The sites are
 * where marker-resolve places those files' markers, the first site of
 * each marker first, in marker order.
 *
 * Input: byte 0 picks the binary (bit 5), uprobe or kprobe syntax
 * (bit 4) and a printf conversion (bits 0-3, of convs[] below, or none);
 * byte 1 the site; the rest is expressions, a line each (at most 16,
 * cut at a NUL), all tried at that site.
 *
 * Checks what fetch.h promises: a spec holds only [A-Za-z0-9_%@+-().\]
 * and "SPEC:TYPE" fits the kernel's 63 bytes; an unavailable argument has
 * a reason; the field name is a C identifier of at most 32 bytes.
 */
#include "fuzz.h"

#include <ctype.h>
#include <limits.h>

#include "smk/binary.h"
#include "smk/expr.h"
#include "smk/fetch.h"
#include "smk/format.h"
#include "smk/markers.h"
#include "smk/placement.h"

static const char *const files[] = { "/types-x86_64", "/fetch-x86_64" };
enum { NFILES = sizeof(files) / sizeof(files[0]), MAX_SITES = 128 };

static const char *const formats[] = {
	"%d", "%ld", "%hd", "%hhd", "%u", "%lu", "%hu", "%c",
	"%x", "%lx", "%p", "%pS", "%s", "%llu", "%zd",
};
enum { NCONVS = sizeof(formats) / sizeof(formats[0]) };

static struct smk_conv convs[NCONVS];

struct site {
	Dwarf_Addr pc;
	Dwarf_Die *scopes;
	int nscopes;
};

static struct {
	struct smk_binary *b;
	struct site sites[MAX_SITES];
	size_t nsites;
} bins[NFILES];

static void add_site(size_t f, Dwarf_Addr pc)
{
	Dwarf_Die cu, *scopes = NULL;
	int n;

	if (bins[f].nsites >= MAX_SITES ||
	    !dwarf_addrdie(bins[f].b->dwarf, pc, &cu))
		return;
	n = smk_concrete_scopes(&cu, pc, 0, &scopes);
	if (n <= 0) {
		free(scopes);
		return;
	}
	bins[f].sites[bins[f].nsites++] = (struct site){ pc, scopes, n };
}

static void load(size_t f, const char *dir)
{
	struct smk_debuginfo_opts opts = { 0 };
	struct smk_marker_set *set = NULL;
	struct smk_placement *pl = NULL;
	char path[PATH_MAX];
	size_t i, j;

	snprintf(path, sizeof(path), "%s%s", dir, files[f]);
	if (smk_binary_open(path, &opts, &bins[f].b) ||
	    !smk_binary_dwarf(bins[f].b) ||
	    smk_markers_read(bins[f].b, SMK_MARKERS_ARG_TYPES, &set) ||
	    smk_place_markers(bins[f].b, set, SMK_PLACE_USER, &pl)) {
		fprintf(stderr, "fuzz-expr: cannot read the markers of %s\n",
			path);
		abort();
	}
	for (i = 0; i < set->n; i++)
		if (pl[i].nsites)
			add_site(f, pl[i].sites[0].addr);
	for (i = 0; i < set->n; i++)
		for (j = 1; j < pl[i].nsites; j++)
			add_site(f, pl[i].sites[j].addr);
	if (!bins[f].nsites) {
		fprintf(stderr, "fuzz-expr: no placed marker in %s\n", path);
		abort();
	}
	if (getenv("FUZZ_EXPR_SITES"))
		for (i = 0; i < bins[f].nsites; i++)
			fprintf(stderr, "%s site %zu: %#llx\n", files[f], i,
				(unsigned long long)bins[f].sites[i].pc);
	smk_placements_destroy(pl, set->n);
	smk_marker_set_destroy(set);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char dir[PATH_MAX];
	size_t i, n;

	(void)argc;
	fuzz_corpus_dir((*argv)[0], "elf", dir, sizeof(dir));
	smk_set_warn(fuzz_quiet, NULL);
	for (i = 0; i < NCONVS; i++) {
		smk_format_parse(formats[i], false, &convs[i], 1, &n);
		if (n != 1)
			abort();
	}
	for (i = 0; i < NFILES; i++)
		load(i, dir);
	return 0;
}

static bool spec_ok(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_%@+-().\\", *s))
			return false;
	return true;
}

static void check(const struct smk_fetch *f, const char *expr)
{
	const char *s;

	if (strlen(f->name) > 32 || !f->name[0] ||
	    isdigit((unsigned char)f->name[0])) {
		fprintf(stderr, "bad field name '%s' for '%s'\n", f->name,
			expr);
		abort();
	}
	for (s = f->name; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_') {
			fprintf(stderr, "bad field name '%s' for '%s'\n",
				f->name, expr);
			abort();
		}
	if (f->spec && (!spec_ok(f->spec) ||
			strlen(f->spec) + 1 + strlen(f->type) > 63)) {
		fprintf(stderr, "bad spec '%s:%s' for '%s'\n", f->spec,
			f->type, expr);
		abort();
	}
	if (!f->spec && !f->compute && !f->reason) {
		fprintf(stderr, "'%s' unavailable without a reason\n", expr);
		abort();
	}
}

static void one(size_t f, const struct site *s, const struct smk_conv *conv,
		bool user, const char *expr)
{
	struct smk_expr_result res;
	struct smk_fetch out = { 0 };
	struct smk_expr *e = NULL;
	struct smk_error *err;

	err = smk_expr_parse(expr, &e);
	if (err)
		abort();	/* only NULL text or out of memory fail */
	if (!e->reason) {
		err = smk_expr_resolve(e, s->scopes, s->nscopes, &res);
		smk_error_destroy(err);
		smk_expr_result_deinit(&res);
	}
	smk_expr_destroy(e);

	err = smk_fetch_build(bins[f].b, s->scopes, s->nscopes, s->pc, expr,
			      conv, user, &out);
	if (!err) {
		check(&out, expr);
		smk_fetch_deinit(&out);
	}
	smk_error_destroy(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct smk_conv *conv;
	const struct site *s;
	char *text, *line, *next;
	size_t f;
	int i;

	if (size < 2)
		return 0;
	f = (data[0] >> 5 & 1) % NFILES;
	conv = (data[0] & 15) < NCONVS ? &convs[data[0] & 15] : NULL;
	s = &bins[f].sites[data[1] % bins[f].nsites];
	text = fuzz_string(data + 2, size - 2);
	for (line = text, i = 0; line && i < 16; line = next, i++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		one(f, s, conv, data[0] >> 4 & 1, line);
	}
	free(text);
	return 0;
}
