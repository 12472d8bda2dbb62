/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Kernel addresses from a trace, for the symbolize-* subcommands that
 * read one (symbolize-ftrace, symbolize-trace on an LTTng kernel trace):
 * the options that say where the traced kernel's binaries and runtime
 * layout are (-e FILE, -k RELEASE [--root DIR], --kallsyms, --modules,
 * --sections MOD=PATH, --kaslr-offset N), the binaries opened once each
 * on first need, and the lookup of one address.  The work is the
 * library's (kmap.h, binary.h, symbolize.h); this file only shares the
 * glue between two front ends so that they take the same options and
 * give the same answers.
 */
#ifndef SMK_RESOLVE_KADDR_H
#define SMK_RESOLVE_KADDR_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "smk/cli.h"
#include "smk/kmap.h"
#include "smk/symbolize.h"

enum {
	KADDR_OPT_KALLSYMS = 0x1100,
	KADDR_OPT_MODULES,
	KADDR_OPT_SECTIONS,
	KADDR_OPT_KASLR,
};

/* getopt_long() pieces: -e is "e:" in the short options. */
#define KADDR_LONGOPTS							\
	{ "kallsyms", required_argument, NULL, KADDR_OPT_KALLSYMS },	\
	{ "modules", required_argument, NULL, KADDR_OPT_MODULES },	\
	{ "sections", required_argument, NULL, KADDR_OPT_SECTIONS },	\
	{ "kaslr-offset", required_argument, NULL, KADDR_OPT_KASLR }

#define KADDR_USAGE							\
	"-e FILE]... [-k RELEASE [--root DIR]] [--kallsyms FILE]\n"	\
	"         [--modules FILE] [--sections MOD=PATH]... [--kaslr-offset N"

struct kaddr_bin {
	char *module;			/* "vmlinux" or the module's name */
	struct smk_symbolizer *sym;	/* NULL: could not open, see why */
	char *why;
};

struct kaddr {
	const char *prog;
	const struct smk_cli *cli;	/* -k, --root, debuginfo: borrowed */
	char **files;			/* -e */
	size_t nfiles;
	struct kaddr_bin *bins;
	size_t nbins;
	struct smk_kmap *kmap;
	bool vmlinux_text_set;
	bool used;			/* any of the options given */
};

struct kaddr_answer {
	struct kaddr_bin *bin;
	const char *why;
	uint64_t addr;			/* in the binary, as addr2line -e
					 * BIN takes it */
	struct smk_symbol_info info;	/* valid until the next lookup */
	bool have;
};

/* 0, or 1 with the error printed. */
int kaddr_init(struct kaddr *ka, const char *prog, const struct smk_cli *cli);
void kaddr_deinit(struct kaddr *ka);

/*
 * getopt_long()'s @c: 1 taken, 0 not one of ours, -1 failure (printed),
 * -2 usage error (printed).
 */
int kaddr_option(struct kaddr *ka, int c, char *arg);

/* Open the -e files, after the options: 0, or 1 with the error printed. */
int kaddr_open_files(struct kaddr *ka);

/* A runtime kernel address, as a trace records it. */
void kaddr_resolve(struct kaddr *ka, uint64_t addr, struct kaddr_answer *a);

/* SYM+OFF in @module ("" or "vmlinux": the kernel), as ftrace prints it. */
void kaddr_resolve_symbol(struct kaddr *ka, const char *module,
			  const char *symbol, uint64_t offset,
			  struct kaddr_answer *a);

#endif /* SMK_RESOLVE_KADDR_H */
