/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The kernel's runtime layout on a traced machine, from what can be saved
 * there: /proc/kallsyms (KASLR: where _text landed; module symbols),
 * /proc/modules (each module's base and size) and /sys/module/M/sections
 * (where each section of a module was loaded), or an explicit KASLR
 * offset.  It maps a runtime kernel address, as a trace records it, to
 * vmlinux's link-time address or to a module's section and offset, which
 * binary.h turns into the module's DWARF address.
 *
 * The files are hostile input: every line is bounded and checked; a line
 * that does not parse is skipped and counted, never trusted.
 */
#ifndef SMK_KMAP_H
#define SMK_KMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

struct smk_kmap;

struct smk_error *smk_kmap_create(struct smk_kmap **ret);
void smk_kmap_destroy(struct smk_kmap *km);	/* NULL ok */

/*
 * Load a saved /proc/kallsyms.  Its _text gives the KASLR offset once the
 * caller tells vmlinux's own _text (smk_kmap_set_vmlinux_text()); its
 * module symbols give each module's text range when nothing better is
 * loaded.  Lines that do not parse are counted in *@bad (may be NULL).
 */
struct smk_error *smk_kmap_load_kallsyms(struct smk_kmap *km,
					 const char *path, size_t *bad);

/* Load a saved /proc/modules: base address and size of each module. */
struct smk_error *smk_kmap_load_modules(struct smk_kmap *km, const char *path,
					size_t *bad);

/*
 * Load where @module's sections were loaded: @path is a directory like
 * /sys/module/M/sections (one file per section holding its address) or a
 * file of "SECTION ADDRESS" lines.
 */
struct smk_error *smk_kmap_load_sections(struct smk_kmap *km,
					 const char *module, const char *path,
					 size_t *bad);

/* vmlinux's link-time _text: with kallsyms' runtime _text, the offset. */
void smk_kmap_set_vmlinux_text(struct smk_kmap *km, uint64_t link_text);
/* An explicit KASLR offset (runtime - link-time), overriding kallsyms'. */
void smk_kmap_set_kaslr_offset(struct smk_kmap *km, uint64_t offset);

struct smk_kaddr {
	const char *module;	/* "vmlinux" or the module's name */
	const char *section;	/* a module's section, or NULL (then
				 * @offset is from the module's base) */
	uint64_t addr;		/* vmlinux: link-time address; module:
				 * offset in @section (or from the base) */
};

/*
 * Map runtime address @addr; false with *@why set when it cannot be:
 * no KASLR offset known for a vmlinux address, or no module holds it.
 */
bool smk_kmap_lookup(struct smk_kmap *km, uint64_t addr, struct smk_kaddr *out,
		     const char **why);

/*
 * Is @addr in the kernel's own text or data (between kallsyms' _text and
 * _end, or anywhere not in a module when that is unknown)?
 */
bool smk_kmap_in_vmlinux(struct smk_kmap *km, uint64_t addr);

#endif /* SMK_KMAP_H */
