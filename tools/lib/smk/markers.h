/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The markers of one binary: its decoded records, each tied through DWARF
 * to the function that contains it and to every concrete instance of its
 * scope (the out-of-line function, each inlined copy, clones, cold parts).
 */
#ifndef SMK_MARKERS_H
#define SMK_MARKERS_H

#include <elfutils/libdw.h>

#include "binary.h"
#include "record.h"

/* One contiguous piece of code of an instance. */
struct smk_part {
	uint64_t addr;		/* DWARF address (ET_REL: libdwfl's layout) */
	uint64_t size;
	char *symbol;		/* containing ELF symbol, or NULL */
	uint64_t offset;	/* from the symbol */
};

/* A concrete copy of the marker's scope in the machine code. */
struct smk_instance {
	bool inlined;		/* an inlined copy of the function */
	/* scope is a concrete copy of the marker's own block (the braces of
	 * trace_simple()): gcc gives it an empty range at the marker's point */
	bool own_block;
	Dwarf_Off scope;	/* concrete DIE with the code ranges */
	Dwarf_Off root;		/* its subprogram or inlined_subroutine */
	struct smk_part *parts;
	size_t nparts;
};

struct smk_arg {
	const char *expr;	/* as written (points into the record) */
	char *type;		/* C type, or NULL */
	char *reason;		/* why the type is unknown */
};

struct smk_marker {
	struct smk_record rec;
	char *function;		/* containing source function, or NULL */
	/* Line of the marker: DW_AT_decl_line when known (the first line
	 * of a multi-line marker: gcc's __LINE__ is that, clang's the
	 * last), else the record's. */
	unsigned int line;
	const char *reason;	/* why there is no function (static) */
	Dwarf_Off var;		/* the record's DWARF variable, 0 if none */
	const char *adhoc_file;	/* ad-hoc point (adhoc.c): its source file
				 * as the line table names it; var is 0 */
	struct smk_arg args[SMK_RECORD_MAX_ARGS];
	struct smk_instance *instances;
	size_t ninstances;
};

struct smk_marker_set {
	struct smk_binary *bin;	/* not owned */
	struct smk_marker *markers;
	size_t n;
	uint64_t section_size;	/* 0: no __simple_marker section */
	bool section_alloc;	/* the section has SHF_ALLOC (is loaded) */
	const char *no_dwarf;	/* why no function is known (bin-owned) */
};

enum smk_section_state {
	SMK_SECTION_OK,
	SMK_SECTION_MISSING,	/* no __simple_marker, nor any SDT note */
	SMK_SECTION_LOADED,	/* a module's or vmlinux's is SHF_ALLOC */
};

/*
 * What a tool should say about the section @set was read from: for a
 * problem, *@msg is "what: why" (static), to print as "PROG: PATH: MSG".
 * MISSING names the likely causes, LOADED the fix.  A userspace program's
 * allocated section is fine (linking it with simple_marker-user.lds is
 * optional), as is a .o's (the final link makes it non-allocated), and a
 * program with SDT notes but no markers is not missing anything.
 */
enum smk_section_state smk_markers_section_check(
	struct smk_binary *b, const struct smk_marker_set *set,
	const char **msg);

enum smk_markers_flags {
	SMK_MARKERS_ARG_TYPES = 1 << 0,	/* resolve argument types */
};

/*
 * Read and attribute the markers of @b.  Corrupt records are skipped with
 * smk_warn("PATH: __simple_marker+0xOFF: why").  A binary without the
 * section gives an empty set; without DWARF, markers with no function.
 */
struct smk_error *smk_markers_read(struct smk_binary *b, unsigned int flags,
				   struct smk_marker_set **ret);
void smk_marker_set_destroy(struct smk_marker_set *set);

/*
 * A new instance of @m for the concrete scope @scope under @root (its
 * subprogram or inlined_subroutine) into *@ret, or *@ret NULL when @m has
 * one for @scope already.
 */
struct smk_error *smk_marker_instance_add(struct smk_marker *m,
					 Dwarf_Die *root, Dwarf_Die *scope,
					 struct smk_instance **ret);

#endif /* SMK_MARKERS_H */
