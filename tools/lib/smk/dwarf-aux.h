/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Generic DWARF helpers over libdw, after perf's util/dwarf-aux.c: type
 * names as C text, stripping typedefs and qualifiers, sizes, struct members,
 * and C name lookup in a chain of scopes.  Nothing here knows about markers,
 * probes or output formats.
 *
 * The DWARF comes from ELF files we did not build, so every walk is bounded
 * (type chains, anonymous member nesting, type name length, sibling chains
 * must move forward) and a cycle or an absurd depth is reported as
 * SMK_ERROR_DWARF instead of being followed.
 *
 * Errors follow error.h.  Helpers that look something up report "the input
 * names something that is not there or cannot be done" with the codes
 * SMK_ERROR_NOT_FOUND and SMK_ERROR_UNSUPPORTED, whose message is fit to show
 * as the reason; SMK_ERROR_DWARF means broken debug information.
 */
#ifndef SMK_DWARF_AUX_H
#define SMK_DWARF_AUX_H

#include <stdbool.h>
#include <elfutils/libdw.h>

#include "error.h"

enum {
	SMK_DWARF_MAX_DEPTH = 32,	/* type links followed in one walk */
	SMK_DWARF_MAX_NAME = 1024,	/* bytes of a formatted type name */
};

/*
 * The name of a DIE, looked up through DW_AT_abstract_origin and
 * DW_AT_specification (the concrete copy of an inlined parameter, the
 * definition of a declared variable).  NULL if it has none.
 */
const char *smk_dwarf_diename_origin(Dwarf_Die *die);

/*
 * The DW_AT_type of a DIE (through abstract_origin/specification).  No type
 * means void: *is_void is set and *ret is untouched.
 */
struct smk_error *smk_dwarf_die_type(Dwarf_Die *die, Dwarf_Die *ret,
				     bool *is_void);

/*
 * Format a type DIE as C text: "unsigned long", "const char *",
 * "struct item *", "char [16]", "int (*)(int, char *)", "int (*)[4]",
 * "struct <anonymous>".  type == NULL means void.  Typedef names are kept
 * as written; base type names are given their usual C spelling, so gcc's
 * "long unsigned int" and clang's "unsigned long" both read
 * "unsigned long".  On success *ret is a malloc'ed string the caller frees.
 */
struct smk_error *smk_dwarf_type_name(Dwarf_Die *type, char **ret);

/*
 * Like smk_dwarf_type_name() for the type left after indexing the first
 * @skip_dims dimensions of a multi-dimensional array type: DWARF describes
 * "char [2][3]" as one DIE, and "grid[1]" has type "char [3]".
 */
struct smk_error *smk_dwarf_type_name_skip(Dwarf_Die *type,
					   unsigned int skip_dims, char **ret);

/*
 * Follow typedefs and const/volatile/restrict/_Atomic qualifiers from @in
 * to the type they name, into *out (which may be @in).  If the chain ends in
 * void ("const void", "typedef void v_t") *is_void is set and *out is left
 * alone.
 */
struct smk_error *smk_dwarf_type_strip(Dwarf_Die *in, Dwarf_Die *out,
				       bool *is_void);

/*
 * Size in bytes of an object of this type, typedefs and qualifiers
 * stripped; pointers without DW_AT_byte_size have the CU's address size.
 * SMK_ERROR_UNSUPPORTED for types without a size: void, functions,
 * incomplete structs, arrays of unknown length.
 */
struct smk_error *smk_dwarf_type_size(Dwarf_Die *type, Dwarf_Word *ret);

/* The same for an array type with its first @skip_dims dimensions indexed. */
struct smk_error *smk_dwarf_type_size_skip(Dwarf_Die *type,
					   unsigned int skip_dims,
					   Dwarf_Word *ret);

/*
 * Number of dimensions (DW_TAG_subrange_type children) of an array type
 * DIE, and the element count of dimension @dim; *count is -1 when unknown
 * ("int a[]", a VLA).
 */
struct smk_error *smk_dwarf_array_dims(Dwarf_Die *array, unsigned int *ndims);
struct smk_error *smk_dwarf_array_count(Dwarf_Die *array, unsigned int dim,
					long long *count);

/*
 * Where a data member lives in its struct or union.  A bitfield is
 * described as kprobes fetch it: read the integer of @unit_size bytes at
 * @offset, in the target's byte order, and take @bit_size bits from bit
 * @bit_offset counted from the least significant bit.  Both DWARF 4
 * DW_AT_data_bit_offset and DWARF 2 DW_AT_bit_offset are understood.
 */
struct smk_dwarf_member_loc {
	Dwarf_Word offset;	/* bytes; for a bitfield, of its unit */
	unsigned int bit_size;	/* 0: not a bitfield */
	unsigned int bit_offset;
	unsigned int unit_size;
};

struct smk_error *smk_dwarf_member_loc(Dwarf_Die *member,
				       struct smk_dwarf_member_loc *ret);

/*
 * Find the data member @name of the struct or union @type (typedefs and
 * qualifiers stripped), also inside anonymous struct and union members, as
 * C does.  *ret is the DW_TAG_member DIE and *loc its place relative to the
 * start of @type, the offsets of the anonymous members leading to it added
 * in.  SMK_ERROR_NOT_FOUND if there is no such member,
 * SMK_ERROR_UNSUPPORTED if @type is not a complete struct or union.
 */
struct smk_error *smk_dwarf_find_member(Dwarf_Die *type, const char *name,
					Dwarf_Die *ret,
					struct smk_dwarf_member_loc *loc);

/*
 * Look @name up as C would in a chain of scopes, innermost first and the
 * CU last, as returned by dwarf_getscopes(), dwarf_getscopes_die() or
 * smk_dwarf_decl_scopes(): DW_TAG_variable and DW_TAG_formal_parameter
 * children, named directly or through abstract_origin/specification.
 * Scopes with an abstract origin (inlined instances, out-of-line copies and
 * their blocks) are also searched through that origin, and past the first
 * function (subprogram or inlined_subroutine) only the CU is searched: the
 * caller's locals are not in scope in an inlined callee.  At file scope a
 * definition is preferred to an extern declaration.
 *
 * If scopes[0] is itself a declaration (dwarf_getscopes_die() of a static
 * local, such as a marker's record) locals of its file declared on a later
 * line are skipped: they are not in scope yet.
 *
 * *scope_idx (if not NULL) receives the index in @scopes of the scope that
 * declares the variable.  SMK_ERROR_NOT_FOUND if no scope does.
 */
struct smk_error *smk_dwarf_find_variable(Dwarf_Die *scopes, int nscopes,
					  const char *name, Dwarf_Die *ret,
					  int *scope_idx);

/*
 * The scopes of a declaration @die (a function-local static variable such
 * as a marker's record), innermost first: *ret[0] is @die, *ret[n-1] its CU.
 * This is dwarf_getscopes_die() with two repairs for clang (seen with
 * clang 14), which keeps the C scope of such statics only approximately:
 *
 *  - it puts every static local of a function directly under its
 *    DW_TAG_subprogram, not in the lexical block that declares it.  When
 *    @die sits directly under a subprogram that has lexical blocks, the
 *    blocks that enclose @die's line are found from their address ranges
 *    in the line table and the variables they declare, and inserted;
 *  - for a function that is only ever inlined it puts them in an empty
 *    DW_TAG_subprogram with no name and no origin.  That stub is replaced
 *    by the function of the same file that starts last before @die's line.
 *
 * gcc gets both right, and its chains come back unchanged.  On success *ret
 * is a malloc'ed array of *nret DIEs that the caller frees.
 */
struct smk_error *smk_dwarf_decl_scopes(Dwarf_Die *die, Dwarf_Die **ret,
					int *nret);

/*
 * The innermost function or inlined call of unit @cu whose code holds @pc,
 * into *@ret: the concrete chain of DIEs dwarf_getscopes() would find (the
 * same tags, imported units walked in place, the first match innermost),
 * without the abstract origin's scopes after it, which nobody here needs
 * and which make elfutils 0.188 leak its array on DWARF it cannot follow.
 * 1: found; 0: no function holds @pc; -1: broken DWARF (fail closed).
 */
int smk_dwarf_function_at(Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Die *ret);

struct smk_binary;

/*
 * Was unit @cu (of @b) built without optimization?  gcc's
 * DW_AT_producer records the options, and -O0 (or no -O) runs none of
 * the passes that if-convert, duplicate or move code.  clang records
 * none: its unit is unoptimized when its DIEs show nothing optimization
 * makes (see dwarf-aux.c).  False when unknown.
 */
bool smk_dwarf_cu_unoptimized(struct smk_binary *b, Dwarf_Die *cu);

/* The offset of @die's DW_AT_abstract_origin, or @die's own without one:
 * the same for every copy of an inlined function. */
Dwarf_Off smk_dwarf_origin(Dwarf_Die *die);


/*
 * The copies of the function whose abstract (or only) DIE is at @origin
 * in unit @cu: *@ninlined its DW_TAG_inlined_subroutine DIEs, *@code
 * whether it has code of its own there (a DW_TAG_subprogram of it with an
 * address: the function, or a clone of it).  Walked once per unit and kept
 * with @b; ENOMEM or broken DWARF is an error.
 */
struct smk_error *smk_dwarf_copies(struct smk_binary *b, Dwarf_Die *cu,
				   Dwarf_Off origin, size_t *ninlined,
				   bool *code);

#endif /* SMK_DWARF_AUX_H */
