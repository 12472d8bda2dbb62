/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Probe placement: where each marker stands in the machine code, in every
 * instance, and what its arguments are there.  See placement.c for the
 * rules and Documentation/marker-resolve.rst for how they were measured.
 */
#ifndef SMK_PLACEMENT_H
#define SMK_PLACEMENT_H

#include "markers.h"
#include "probe.h"

enum smk_place_flags {
	SMK_PLACE_USER = 1 << 0,	/* uprobe syntax for fetch args */
	SMK_PLACE_EXPLAIN = 1 << 1,	/* collect each placement's evidence */
};

/*
 * One placement per marker of @set, in the same order, into a new array
 * *@ret (free with smk_placements_destroy(*ret, set->n)).  A marker that
 * cannot be placed is a placement with verdict NOT_FOUND and a reason.
 */
struct smk_error *smk_place_markers(struct smk_binary *b,
				    struct smk_marker_set *set,
				    unsigned int flags,
				    struct smk_placement **ret);
void smk_placements_destroy(struct smk_placement *p, size_t n);

/*
 * Do two source paths name the same file?  DWARF names files relative to
 * different directories (DW_AT_comp_dir, include dirs): equal, or one is
 * the other's suffix at a '/' boundary.
 */
bool smk_same_source(const char *a, const char *b);

/*
 * The concrete DIEs (subprogram, lexical blocks, inlined copies) holding
 * @addr in @cu, innermost first, @cu last, into a new array *@ret; with
 * @root (a DIE offset, 0: none) the chain stops below @root at the next
 * inlined call.  Returns the count, or -1 when out of memory.
 */
int smk_concrete_scopes(Dwarf_Die *cu, Dwarf_Addr addr, Dwarf_Off root,
			Dwarf_Die **ret);

#endif /* SMK_PLACEMENT_H */
