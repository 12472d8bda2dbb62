/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Marker argument expressions: the text a marker records for each argument
 * ("len", "p->x", "o->item->name", "req.hdr.id", "*cnt", "buf[3]"), parsed
 * and resolved against the DWARF of the marker's scope into a base variable,
 * a chain of member/deref/index steps with their offsets, and a C type.
 *
 * The language is what a probe can fetch: an identifier, then ".m", "->m",
 * "[N]" (an integer constant) and unary "*", with parentheses, and casts:
 * to an integer type, "(int)op" and "(unsigned long)p" (the value
 * converted as C does, when a probe can read it so: see
 * smk_expr_result), and to a pointer type, whose pointee the steps after
 * it use ("((struct s *)p)->m", "*(u32 *)buf").  Anything
 * else (calls, arithmetic, "&x", "x++", "a ? b : c") parses into an
 * expression with a reason instead of steps: one argument that cannot be
 * fetched is not an error for its marker.
 *
 * Expressions come from ELF files: their length and number of steps are
 * bounded, and nothing recurses deeper than those bounds.
 */
#ifndef SMK_EXPR_H
#define SMK_EXPR_H

#include <stdbool.h>
#include <elfutils/libdw.h>

#include "error.h"

enum {
	SMK_EXPR_MAX_LEN = 256,		/* bytes of expression text */
	SMK_EXPR_MAX_STEPS = 16,	/* member, deref and index steps */
	SMK_EXPR_MAX_REASON = 128,	/* bytes of a parse reason */
	SMK_EXPR_MAX_CASTS = 4,		/* integer casts in a row */
};

enum smk_expr_op {
	SMK_EXPR_MEMBER,	/* ".m", or "->m" (arrow set) */
	SMK_EXPR_DEREF,		/* "*x" */
	SMK_EXPR_INDEX,		/* "x[N]" */
	SMK_EXPR_CAST,		/* "(T)x": member holds T's text */
};

struct smk_expr_step {
	enum smk_expr_op op;
	bool arrow;		/* MEMBER written "->m" */
	const char *member;	/* MEMBER: the name; CAST: the type */
	unsigned long index;	/* INDEX: N */
};

/*
 * A parsed expression.  Steps apply in evaluation order: "*a.b[2]" is
 * base "a", then member "b", index 2, deref.  reason == NULL: fetchable.
 * cast: the type text of the cast the expression ends with ("(long)x"),
 * else NULL.  reason != NULL and base == NULL: not an expression we
 * understand.  Strings point into the
 * struct itself: it is not to be copied by value.
 */
struct smk_expr {
	const char *reason;
	const char *base;
	const char *cast;
	unsigned int nsteps;
	struct smk_expr_step steps[SMK_EXPR_MAX_STEPS];
	char text[SMK_EXPR_MAX_LEN + 1];	/* as given, cut if too long */
	char reason_buf[SMK_EXPR_MAX_REASON];
	char names[2 * (SMK_EXPR_MAX_LEN + 1)];	/* base, members, cast */
};

/*
 * Parse @text into a new expression, *ret, to be freed with
 * smk_expr_destroy().  A text that is not a fetchable expression still
 * parses, with a reason; only a NULL @text (SMK_ERROR_INVALID) or out of
 * memory fail.
 */
struct smk_error *smk_expr_parse(const char *text, struct smk_expr **ret);
void smk_expr_destroy(struct smk_expr *e);

/* One step resolved: how to get from the previous value to the next. */
struct smk_expr_result_step {
	enum smk_expr_op op;
	/*
	 * The step reads the pointer the previous step gave, then adds
	 * offset: "->m", "*p", "p[N]".  Otherwise the previous value is an
	 * object in memory and offset is added to its address: ".m", "a[N]",
	 * and "*a" or "a->m" on an array a.
	 */
	bool deref;
	Dwarf_Word offset;	/* bytes; for a bitfield, of its unit */
	Dwarf_Word elem_size;	/* INDEX: bytes per element */
	unsigned int bit_size;	/* MEMBER bitfield: width, 0 if none */
	unsigned int bit_offset;	/* bitfield: see smk_dwarf_member_loc */
	unsigned int unit_size;	/* bitfield: bytes read at offset */
};

/*
 * An expression resolved in a scope.  resolved: var, global, type,
 * type_name, size and steps are valid (casts make no step of their own).
 * reason == NULL: the expression can be fetched; otherwise why not (no such
 * variable, no such member, deref of a non-pointer, a cast...).
 */
struct smk_expr_result {
	char *reason;
	bool resolved;
	bool global;		/* var is declared at file scope */
	Dwarf_Die var;		/* variable or parameter it starts from */
	Dwarf_Die type;		/* type of the result, typedefs kept */
	unsigned int type_skip;	/* type is an array with its first
				 * type_skip dimensions indexed away */
	char *type_name;	/* C text of the result's type */
	Dwarf_Word size;	/* bytes of the result, 0 if unknown */
	/*
	 * A result of pointer type made by a cast: type is the pointee
	 * (typedefs kept; ptr_void: void, type unset) with ptrs levels of
	 * pointer on top.  0 otherwise.
	 */
	unsigned int ptrs;
	bool ptr_void;
	/*
	 * The expression ends with casts to integer types, innermost first
	 * ("(int)(long)n": long, then int), each of casts[i].size bytes and
	 * signedness casts[i].sign: type/size are the operand's, type_name
	 * the outermost cast's text.
	 */
	bool int_cast;
	unsigned int ncasts;
	struct {
		unsigned int size;
		bool sign;
	} casts[SMK_EXPR_MAX_CASTS];
	unsigned int nsteps;
	struct smk_expr_result_step steps[SMK_EXPR_MAX_STEPS];
};

/*
 * Resolve @e in @scopes (innermost first, CU last; see
 * smk_dwarf_find_variable() and smk_dwarf_decl_scopes()) into *res, which
 * is overwritten and must be released with smk_expr_result_deinit() even
 * on failure.  Input that does not resolve is a reason in res->reason, not
 * an error: errors are for out of memory and broken DWARF.
 */
struct smk_error *smk_expr_resolve(const struct smk_expr *e,
				   Dwarf_Die *scopes, int nscopes,
				   struct smk_expr_result *res);
void smk_expr_result_deinit(struct smk_expr_result *res);

#endif /* SMK_EXPR_H */
