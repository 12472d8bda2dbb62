/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * A fast, read-only cursor over one unit's DIEs, for walks that visit
 * most of a unit and read few attributes (the symbolizer's scope walk).
 *
 * libdw reads a DIE's attributes one by one with a hash lookup of its
 * abbreviation, and dwarf_siblingof() parses every attribute of a DIE
 * without DW_AT_sibling to find where it ends: about 60 ns a DIE, and a
 * kernel unit has some 2,000 top-level DIEs (the types of its headers)
 * before the first function.  Here the unit's abbreviations are read once
 * into a table by code, each with the byte size of its attributes when
 * every form has a fixed size, so that stepping over most DIEs is one
 * addition.
 *
 * What it answers, it answers as libdw does (dwarf_ranges(),
 * dwarf_lowpc(), dwarf_formudata()); what it does not know (an imported
 * unit, DW_FORM_indirect, a split unit, a form it cannot size) makes the
 * reader fail with SMK_ERROR_UNSUPPORTED, and the caller asks libdw
 * instead.  Every read is bounded by the unit and its sections; broken
 * DWARF is SMK_ERROR_DWARF, never a read out of bounds.
 */
#ifndef SMK_DIEREAD_H
#define SMK_DIEREAD_H

#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>

#include "error.h"

struct smk_abbrev;
struct smk_aspec;

/* The sections the readers need, found once (see smk_dwarf_sections()). */
struct smk_dwarf_secs {
	bool read;
	const unsigned char *info, *abbrev, *addr, *ranges, *rnglists;
	size_t info_size, abbrev_size, addr_size, ranges_size, rnglists_size;
};

struct smk_unit_reader {
	/* .debug_info from the unit's first DIE to its end */
	const unsigned char *info, *first, *end;
	unsigned int version, addr_size, offset_size;
	const unsigned char *unit;	/* the unit header */
	struct smk_abbrev *abbrevs;	/* by code; [0] unused */
	size_t nabbrevs, capabbrevs;
	struct smk_aspec *specs;	/* the abbreviations' attributes */
	size_t nspecs, capspecs;
	const struct smk_dwarf_secs *secs;
	uint64_t addr_base, rnglists_base, base_address;
	bool has_addr_base, has_rnglists_base;
	struct smk_error *err;		/* the first failure, kept */
};

/* A DIE: where it is and what its abbreviation says. */
struct smk_rdie {
	const unsigned char *p;		/* its code */
	const unsigned char *attrs;	/* its attribute values */
	const unsigned char *after;	/* past them: its first child */
	const struct smk_abbrev *ab;
	uint64_t off;			/* .debug_info offset */
	unsigned int tag;
	bool children;
};

/*
 * Read the abbreviations of @cudie's unit (of @dw) and the attributes of
 * the unit DIE that ranges and indexed addresses need.  @r is zeroed
 * before its first use; its tables are reused from one unit to the next
 * (smk_unit_reader_done() between them, smk_unit_reader_close() at the
 * end frees them).
 */
struct smk_error *smk_unit_reader_open(Dwarf *dw, Dwarf_Die *cudie,
				       struct smk_dwarf_secs *secs,
				       struct smk_unit_reader *r);
void smk_unit_reader_done(struct smk_unit_reader *r);
void smk_unit_reader_close(struct smk_unit_reader *r);

/* The unit DIE's first child / @d's first child / next sibling: true and
 * *@out, or false (none, or r->err set). */
bool smk_rdie_first(struct smk_unit_reader *r, struct smk_rdie *out);
bool smk_rdie_child(struct smk_unit_reader *r, const struct smk_rdie *d,
		    struct smk_rdie *out);
bool smk_rdie_sibling(struct smk_unit_reader *r, const struct smk_rdie *d,
		      struct smk_rdie *out);

/* Has @d attribute @name? */
bool smk_rdie_has(struct smk_unit_reader *r, const struct smk_rdie *d,
		  unsigned int name);
/* dwarf_formudata() of attribute @name: true and *@v. */
bool smk_rdie_udata(struct smk_unit_reader *r, const struct smk_rdie *d,
		    unsigned int name, uint64_t *v);
/* dwarf_formaddr() of attribute @name (DW_AT_low_pc, DW_AT_entry_pc). */
bool smk_rdie_addr(struct smk_unit_reader *r, const struct smk_rdie *d,
		   unsigned int name, uint64_t *v);

/*
 * The address ranges of @d as dwarf_ranges() gives them (low_pc/high_pc,
 * else DW_AT_ranges), each passed to @fn; false on an error (r->err) or
 * when @fn returns false.
 */
bool smk_rdie_ranges(struct smk_unit_reader *r, const struct smk_rdie *d,
		     bool (*fn)(void *arg, uint64_t lo, uint64_t hi),
		     void *arg);

#endif /* SMK_DIEREAD_H */
