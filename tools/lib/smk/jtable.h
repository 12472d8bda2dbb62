/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Where an indirect jump's targets are: the jump table of a switch,
 * found by evaluating the straight-line code before the jump (jtable.c).
 * Internal to libsmk: cfg.c reads the entries.
 */
#ifndef SMK_JTABLE_H
#define SMK_JTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <capstone/capstone.h>

struct smk_jtable {
	uint64_t table;		/* the entries' address (DWARF address) */
	uint64_t count;		/* how many the bound check allows */
	unsigned int width;	/* 4: target = base + (int32_t)entry;
				 * 8: target = the entry itself */
	uint64_t base;		/* width 4: what the entry is added to */
	/* The code from here to the jump must be entered only from the
	 * bound check before it: the caller checks that no jump lands in
	 * [@after_bound, the jump]. */
	uint64_t after_bound;
};

/*
 * The table the indirect jump insn[@j] (decoded with details) goes
 * through: true with *@out when the code before it, evaluated
 * symbolically, bounds an index ("cmp $N, idx; ja" or "sub $N, idx;
 * ja"), loads entry idx of a table at a constant address and jumps to it
 * (plus the table's base for 4-byte entries).  False when any step is
 * not understood: the caller must then take the jump's targets as
 * unknown.
 */
bool smk_jtable_find(const cs_insn *insn, size_t j, struct smk_jtable *out);

/* The 64-bit register holding @r (capstone's ids, x86-64), else @r. */
unsigned int smk_x86_reg64(unsigned int r);

#endif /* SMK_JTABLE_H */
