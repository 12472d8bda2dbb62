/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What the machine code says about a probe address: DWARF says where a
 * marker stands, but not whether other paths reach the same instruction or
 * whether the branch around it was turned into conditional moves.  We
 * decode the containing function (x86-64, capstone) and find its branch
 * targets.
 */
#ifndef SMK_CFG_H
#define SMK_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include "binary.h"

struct smk_code_facts {
	bool decoded;		/* false: nothing known (other arch, no code) */
	bool boundary;		/* @addr starts an instruction */
	unsigned int preds;	/* control-flow predecessors of @addr */
	bool join;		/* preds > 1: other paths reach it too */
	bool condmove;		/* its basic block has cmov/setcc: a branch
				 * may have been if-converted */
	bool func_entry;	/* @addr is the function's first instruction */
};

/* Facts about DWARF address @addr of @b.  Not an error when unknown. */
struct smk_error *smk_code_facts(struct smk_binary *b, uint64_t addr,
				 struct smk_code_facts *f);

/*
 * Does control flow from @a straight to @c (@a < @c, same function): no
 * jump or return in [@a, @c) and no other entry into (@a, @c]?  Then @c
 * runs exactly when @a does.  False when unknown.
 */
bool smk_code_straight(struct smk_binary *b, uint64_t a, uint64_t c);

#endif /* SMK_CFG_H */
