/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Userspace SDT probes from sys/sdt.h: the .note.stapsdt notes.  Each note
 * holds the probe's address, the link-time address of .stapsdt.base and the
 * semaphore's address (all target-sized), then provider, name and argument
 * specs ("-4@%edi 8@%rsi").  When prelink or a linker moved .stapsdt.base,
 * the probe address moves by the same amount.
 */
#ifndef SMK_SDT_H
#define SMK_SDT_H

#include "binary.h"
#include "probe.h"

struct smk_sdt_probe {
	const char *provider;	/* strings point into the note data */
	const char *name;
	const char *args;
	uint64_t pc;		/* adjusted link-time address */
	uint64_t semaphore;	/* 0 if none */
	char *function;		/* containing symbol, or NULL */
	uint64_t function_offset;
};

/*
 * All SDT probes of @b (none is not an error).  Malformed notes are skipped
 * with a warning.  Free with smk_sdt_probes_destroy().
 */
struct smk_error *smk_sdt_read(struct smk_binary *b,
			       struct smk_sdt_probe **ret, size_t *n);
void smk_sdt_probes_destroy(struct smk_sdt_probe *p, size_t n);

/*
 * The arguments of @p as uprobe fetch arguments "argN" (x86-64 operand
 * syntax of sys/sdt.h: "-4@%edi", "8@-8(%rbp)", "4@$5", "8@sym(%rip)",
 * "8@sym+16(%rip)").  *@n gets their number (at most 12); one that cannot
 * be expressed (indexed addressing) gets a reason and no spec.
 */
struct smk_error *smk_sdt_fetch(struct smk_binary *b,
				const struct smk_sdt_probe *p,
				struct smk_fetch *fetch, unsigned int *n);

#endif /* SMK_SDT_H */
