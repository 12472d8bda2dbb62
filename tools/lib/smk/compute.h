/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Computed values: what a DWARF location computes from registers and
 * memory (DW_OP_and, DW_OP_shr, DW_OP_mul, "reg + 1" with
 * DW_OP_stack_value) but a kprobe/uprobe fetch argument cannot.  The
 * probe fetches the inputs; the value is computed by whoever reads them
 * (the bpftrace form, symbolize-ftrace) from a small postfix program:
 *
 *	prog  := item ( " " item )*
 *	item  := "$" N		input N (0..SMK_COMPUTE_MAX_INPUTS-1)
 *	       | INTEGER	decimal, or 0x hex; "-" for negative
 *	       | OP		plus minus mul and or xor shl shr shra
 *				neg not
 *
 * on 64-bit unsigned values as DWARF's stack does (shr logical, shra
 * arithmetic, a shift by 64 or more gives 0, or the sign for shra).  A
 * program leaves exactly one value.  Its text comes from our own DWARF
 * reading but also from record files and traces: parsing is bounded and
 * checked, never trusted.
 */
#ifndef SMK_COMPUTE_H
#define SMK_COMPUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

enum {
	SMK_COMPUTE_MAX_INPUTS = 4,
	SMK_COMPUTE_MAX_ITEMS = 32,
	SMK_COMPUTE_MAX_LEN = 256,	/* bytes of program text */
};

enum smk_compute_op {
	SMK_COMPUTE_INPUT,
	SMK_COMPUTE_CONST,
	SMK_COMPUTE_PLUS,
	SMK_COMPUTE_MINUS,
	SMK_COMPUTE_MUL,
	SMK_COMPUTE_AND,
	SMK_COMPUTE_OR,
	SMK_COMPUTE_XOR,
	SMK_COMPUTE_SHL,
	SMK_COMPUTE_SHR,
	SMK_COMPUTE_SHRA,
	SMK_COMPUTE_NEG,
	SMK_COMPUTE_NOT,
};

struct smk_compute_item {
	enum smk_compute_op op;
	uint64_t value;		/* CONST: the value; INPUT: its index */
};

struct smk_compute {
	struct smk_compute_item items[SMK_COMPUTE_MAX_ITEMS];
	unsigned int nitems;
	unsigned int ninputs;	/* 1 + the highest input index */
};

/* Parse @text; SMK_ERROR_CORRUPT with the reason if it is not a program
 * (unknown item, stack underflow, not one value left, too long). */
struct smk_error *smk_compute_parse(const char *text, struct smk_compute *ret);

/* The text of @c into @buf (@size bytes); false if it does not fit. */
bool smk_compute_format(const struct smk_compute *c, char *buf, size_t size);

/* Append an item; false when full. */
bool smk_compute_push(struct smk_compute *c, enum smk_compute_op op,
		      uint64_t value);

/* Is @c a program that leaves one value (what parse checks)? */
bool smk_compute_valid(const struct smk_compute *c);

/* Evaluate @c on @in (@nin values): *ret, or false if an input is
 * missing. */
bool smk_compute_eval(const struct smk_compute *c, const uint64_t *in,
		      size_t nin, uint64_t *ret);

/*
 * @c as a bpftrace expression, each input N replaced by @inputs[N] (a
 * bpftrace expression of the input's 64-bit value): "((reg(\"di\") *
 * reg(\"si\")))".  False if it does not fit @size.
 */
bool smk_compute_bpftrace(const struct smk_compute *c,
			  const char *const *inputs, char *buf, size_t size);

/* The event field of input @k of the value named @name: "NAME__K". */
void smk_compute_input_name(const char *name, unsigned int k, char *buf,
			    size_t size);

/*
 * @v as the tracers print a field of fetch type @type ("s32": signed
 * decimal of the low 32 bits, "u16" unsigned decimal, "x64" 0x hex);
 * false for another type.
 */
bool smk_compute_value_text(const char *type, uint64_t v, char *buf,
			    size_t size);

#endif /* SMK_COMPUTE_H */
