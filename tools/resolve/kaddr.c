// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Kernel addresses from a trace: see kaddr.h.  A runtime address is mapped
 * by the traced machine's saved layout (kmap.h) to vmlinux's link-time
 * address or to a module's section and offset; the module's binary then
 * says where that section lies in its own (libdwfl) layout.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/binary.h"
#include "smk/kernel.h"
#include "kaddr.h"

static void report(struct kaddr *ka, struct smk_error *err)
{
	fprintf(stderr, "%s: %s\n", ka->prog, err->message);
	smk_error_destroy(err);
}

int kaddr_init(struct kaddr *ka, const char *prog, const struct smk_cli *cli)
{
	struct smk_error *err;

	memset(ka, 0, sizeof(*ka));
	ka->prog = prog;
	ka->cli = cli;
	err = smk_kmap_create(&ka->kmap);
	if (err) {
		report(ka, err);
		return 1;
	}
	return 0;
}

void kaddr_deinit(struct kaddr *ka)
{
	size_t k;

	for (k = 0; k < ka->nbins; k++) {
		smk_symbolizer_destroy(ka->bins[k].sym);
		free(ka->bins[k].module);
		free(ka->bins[k].why);
	}
	free(ka->bins);
	free(ka->files);
	smk_kmap_destroy(ka->kmap);
	memset(ka, 0, sizeof(*ka));
}

int kaddr_option(struct kaddr *ka, int c, char *arg)
{
	struct smk_error *err = NULL;
	size_t bad = 0;

	switch (c) {
	case 'e': {
		char **v = realloc(ka->files, (ka->nfiles + 1) * sizeof(*v));

		if (!v) {
			fprintf(stderr, "%s: out of memory\n", ka->prog);
			return -1;
		}
		ka->files = v;
		v[ka->nfiles++] = arg;
		break;
	}
	case KADDR_OPT_KALLSYMS:
		err = smk_kmap_load_kallsyms(ka->kmap, arg, &bad);
		break;
	case KADDR_OPT_MODULES:
		err = smk_kmap_load_modules(ka->kmap, arg, &bad);
		break;
	case KADDR_OPT_SECTIONS: {
		char *eq = strchr(arg, '=');

		if (!eq) {
			fprintf(stderr, "%s: --sections takes MODULE=PATH\n",
				ka->prog);
			return -2;
		}
		*eq = '\0';
		err = smk_kmap_load_sections(ka->kmap, arg, eq + 1, &bad);
		break;
	}
	case KADDR_OPT_KASLR: {
		char *end;
		uint64_t v;

		errno = 0;
		v = strtoull(arg, &end, 0);
		if (errno || *end || !*arg) {
			fprintf(stderr, "%s: --kaslr-offset: not a number: "
				"%s\n", ka->prog, arg);
			return -2;
		}
		smk_kmap_set_kaslr_offset(ka->kmap, v);
		break;
	}
	default:
		return 0;
	}
	ka->used = true;
	if (err) {
		report(ka, err);
		return -1;
	}
	if (bad)
		fprintf(stderr, "%s: %s: %zu lines skipped (not in the "
			"expected form)\n", ka->prog, arg, bad);
	return 1;
}

/* A new entry at the end of ka->bins (zeroed), or NULL without memory. */
static struct kaddr_bin *bin_new(struct kaddr *ka)
{
	struct kaddr_bin *v = realloc(ka->bins, (ka->nbins + 1) * sizeof(*v));

	if (!v)
		return NULL;
	ka->bins = v;
	memset(&v[ka->nbins], 0, sizeof(*v));
	return &v[ka->nbins++];
}

/* @module has no binary: remember why, so that each event can say it. */
static struct kaddr_bin *bin_missing(struct kaddr *ka, const char *module,
				     char *why)
{
	struct kaddr_bin *n = bin_new(ka);

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
static struct kaddr_bin *bin_add(struct kaddr *ka, const char *module,
				 const char *path)
{
	struct smk_binary *b = NULL;
	struct smk_error *err;
	struct kaddr_bin *n = bin_new(ka);

	if (!n)
		return NULL;
	err = smk_binary_open(path, &ka->cli->debuginfo, &b);
	if (!err)
		err = smk_symbolizer_create(b, &n->sym);
	if (!err)
		err = smk_symbolizer_load_markers(n->sym);
	if (err) {
		if (b && !n->sym)
			smk_binary_destroy(b);
		/* Most errors name the file already: never twice. */
		size_t len = strlen(path);
		bool named = !strncmp(err->message, path, len) &&
			     err->message[len] == ':';

		if (asprintf(&n->why, "%s%s%s", named ? "" : path,
			     named ? "" : ": ", err->message) < 0)
			n->why = NULL;
		smk_error_destroy(err);
	}
	n->module = module ? strdup(module) :
		    n->sym && b->kind != SMK_BINARY_OBJECT ? strdup(b->module) :
		    smk_module_name_from_path(path);
	return n->module ? n : NULL;
}

int kaddr_open_files(struct kaddr *ka)
{
	size_t k;

	for (k = 0; k < ka->nfiles; k++) {
		struct kaddr_bin *b = bin_add(ka, NULL, ka->files[k]);

		if (!b) {
			fprintf(stderr, "%s: out of memory\n", ka->prog);
			return 1;
		}
		if (!b->sym) {
			fprintf(stderr, "%s: %s\n", ka->prog, b->why);
			return 1;
		}
	}
	return 0;
}

/* The binary of @module ("" or "vmlinux" for the kernel), opened once. */
static struct kaddr_bin *bin_get(struct kaddr *ka, const char *module)
{
	struct smk_error *err;
	char *path = NULL, *why;
	struct kaddr_bin *b;
	size_t i;

	if (!*module)
		module = "vmlinux";
	for (i = 0; i < ka->nbins; i++)
		if (!strcmp(ka->bins[i].module, module))
			return &ka->bins[i];
	if (!ka->cli->release) {
		if (asprintf(&why, "no binary for %s (give it with -e, or -k "
			     "RELEASE)", module) < 0)
			return NULL;
		return bin_missing(ka, module, why);
	}
	err = !strcmp(module, "vmlinux") ?
	      smk_kernel_vmlinux(ka->cli->root, ka->cli->release, &path) :
	      smk_kernel_module_path(ka->cli->root, ka->cli->release, module,
				     &path);
	if (err) {
		why = strdup(err->message);
		smk_error_destroy(err);
		return why ? bin_missing(ka, module, why) : NULL;
	}
	b = bin_add(ka, module, path);
	free(path);
	return b;
}

/* KASLR: vmlinux's own _text, once, for kallsyms' runtime one. */
static void set_vmlinux_text(struct kaddr *ka)
{
	struct kaddr_bin *v;
	uint64_t a;

	if (ka->vmlinux_text_set)
		return;
	ka->vmlinux_text_set = true;
	v = bin_get(ka, "vmlinux");
	if (v && v->sym &&
	    smk_binary_symbol_addr(smk_symbolizer_binary(v->sym), "_text", &a))
		smk_kmap_set_vmlinux_text(ka->kmap, a);
}

/* @addr in @a->bin's libdwfl layout: look it up. */
static void lookup(struct kaddr *ka, uint64_t addr, struct kaddr_answer *a)
{
	struct smk_error *err;

	/* binary.h's addresses are libdwfl's; the symbolizer's
	 * eu-addr2line's */
	addr -= smk_symbolizer_layout_base(a->bin->sym);
	a->addr = addr;
	err = smk_symbolizer_lookup(a->bin->sym, &addr, 1, &a->info);
	if (err) {
		report(ka, err);
		a->why = "out of memory";
		return;
	}
	a->have = true;
	a->why = a->info.reason;
}

static void nobin(struct kaddr_answer *a)
{
	a->why = a->bin && a->bin->why ? a->bin->why : "no binary";
}

void kaddr_resolve(struct kaddr *ka, uint64_t addr, struct kaddr_answer *a)
{
	struct smk_binary *b;
	struct smk_kaddr k;
	uint64_t base;

	memset(a, 0, sizeof(*a));
	set_vmlinux_text(ka);
	if (!smk_kmap_lookup(ka->kmap, addr, &k, &a->why))
		return;
	a->bin = bin_get(ka, k.module);
	if (!a->bin || !a->bin->sym) {
		nobin(a);
		return;
	}
	b = smk_symbolizer_binary(a->bin->sym);
	if (k.section) {
		if (!smk_binary_section_addr(b, k.section, &base)) {
			a->why = "the module has no such section";
			return;
		}
		addr = base + k.addr;
	} else if (strcmp(k.module, "vmlinux")) {
		const char *first;
		uint64_t size;

		/*
		 * /proc/modules' base is where the module's first code
		 * section starts; where the others lie depends on the
		 * kernel's layout (sizes, alignments): only that first
		 * section is known without /sys/module/M/sections
		 * (measured: .text.unlikely's smk_fail came out as
		 * smk_sample_init+0x17 before this check).
		 */
		if (!smk_binary_module_first_code(b, &first, &base, &size)) {
			a->why = "the module has no code section";
			return;
		}
		if (k.addr >= size) {
			a->why = "past the module's first code section; "
				 "without its sections (a saved "
				 "/sys/module/M/sections) the rest of its "
				 "layout is unknown";
			return;
		}
		addr = base + k.addr;
	} else {
		addr = k.addr;
	}
	lookup(ka, addr, a);
}

void kaddr_resolve_symbol(struct kaddr *ka, const char *module,
			  const char *symbol, uint64_t offset,
			  struct kaddr_answer *a)
{
	const struct smk_symbol *s;

	memset(a, 0, sizeof(*a));
	a->bin = bin_get(ka, module);
	if (!a->bin || !a->bin->sym) {
		nobin(a);
		return;
	}
	s = smk_binary_code_symbol(smk_symbolizer_binary(a->bin->sym), symbol);
	if (!s) {
		a->why = "no such symbol in the binary";
		return;
	}
	/* (No check of the printed size: kallsyms guesses it from the next
	 * symbol, .init functions get a whole page.) */
	lookup(ka, s->addr + offset, a);
}
