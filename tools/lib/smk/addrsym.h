/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The symbol libdwfl's dwfl_module_addrinfo() names for an address, from
 * an index of the symbol table built once.
 *
 * dwfl_module_addrinfo() scans the whole symbol table for every address
 * (about 1.8 ms on a vmlinux, 200k symbols): fine for the addresses a
 * sized symbol holds, which never need it, ruinous for those that only a
 * sizeless label or nothing holds (assembly, padding, section ends).  An
 * smk_addrsym gives the same answer, the same name and the same offset, in
 * a few binary searches.
 */
#ifndef SMK_ADDRSYM_H
#define SMK_ADDRSYM_H

#include <stdint.h>

#include <elfutils/libdwfl.h>

#include "error.h"

struct smk_addrsym;

/* Index @mod's symbol table (libdwfl's, with its addresses). */
struct smk_error *smk_addrsym_create(Dwfl_Module *mod,
				     struct smk_addrsym **ret);
void smk_addrsym_destroy(struct smk_addrsym *as);	/* NULL ok */

/*
 * What dwfl_module_addrinfo(mod, @addr, @offset, ...) returns (@addr in
 * libdwfl's module address space): the symbol's name (libdwfl's string),
 * or NULL with *@offset left alone.
 */
const char *smk_addrsym_lookup(const struct smk_addrsym *as, uint64_t addr,
			       uint64_t *offset);

#endif /* SMK_ADDRSYM_H */
