// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A control-flow look at one function, enough to judge a probe address.
 *
 * The function is the ELF symbol containing the address (a .cold part is
 * its own symbol).  We decode it linearly (compilers do not put data in
 * x86-64 .text), note each instruction's start, each direct jump target
 * inside the function, and which instructions fall through.  An address's
 * predecessors are the jumps to it plus the instruction before it if that
 * one falls through.  Indirect jumps (switch tables) are not followed:
 * their targets count as having one predecessor, which is why a join point
 * found here is certain but a non-join is only likely.
 */
#include <stdlib.h>
#include <string.h>

#include <capstone/capstone.h>
#include <elfutils/libdwfl.h>

#include "cfg.h"

static bool is_condmove(const cs_insn *in)
{
	return !strncmp(in->mnemonic, "cmov", 4) ||
	       !strncmp(in->mnemonic, "set", 3) ||
	       !strncmp(in->mnemonic, "sbb", 3) ||
	       !strncmp(in->mnemonic, "adc", 3);
}

static bool falls_through(csh h, const cs_insn *in)
{
	return !cs_insn_group(h, in, CS_GRP_RET) && in->id != X86_INS_JMP &&
	       in->id != X86_INS_LJMP && in->id != X86_INS_UD2 &&
	       in->id != X86_INS_HLT;
}

/* The code bytes of [start, start + size) through the section holding it. */
static const unsigned char *code_bytes(struct smk_binary *b, uint64_t start,
				       uint64_t size)
{
	Dwarf_Addr a = start + b->bias, bias;
	Elf_Scn *scn;
	Elf_Data *d;

	scn = dwfl_module_address_section(b->dwmod, &a, &bias);
	if (!scn)
		return NULL;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || a > d->d_size || size > d->d_size - a)
		return NULL;
	return (const unsigned char *)d->d_buf + a;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static bool is_target(const uint64_t *t, size_t n, uint64_t a)
{
	return bsearch(&a, t, n, sizeof(*t), u64_cmp) != NULL;
}

struct smk_error *smk_code_facts(struct smk_binary *b, uint64_t addr,
				 struct smk_code_facts *f)
{
	static const uint64_t max_size = 1 << 20;
	uint64_t off, start, size, *targets = NULL;
	const unsigned char *code;
	size_t n, i, ntargets = 0, first = 0;
	cs_insn *insn = NULL;
	GElf_Sym sym;
	csh h;

	memset(f, 0, sizeof(*f));
	if (!smk_binary_symbol(b, addr, &off) || !b->dwmod)
		return NULL;
	start = addr - off;
	if (!dwfl_module_addrsym(b->dwmod, start + b->bias, &sym, NULL))
		return NULL;
	size = sym.st_size;
	if (!size || size > max_size || off >= size)
		return NULL;
	code = code_bytes(b, start, size);
	if (!code || cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return NULL;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	n = cs_disasm(h, code, size, start, 0, &insn);
	targets = calloc(n ? n : 1, sizeof(*targets));
	if (!targets) {
		cs_free(insn, n);
		cs_close(&h);
		return &smk_error_nomem;
	}
	/* Pass 1: direct jump targets, and jumps to @addr. */
	for (i = 0; i < n; i++) {
		const cs_insn *in = &insn[i];
		const cs_x86 *x = &in->detail->x86;

		if (cs_insn_group(h, in, CS_GRP_JUMP) && x->op_count == 1 &&
		    x->operands[0].type == X86_OP_IMM) {
			uint64_t t = x->operands[0].imm;

			targets[ntargets++] = t;
			if (t == addr)
				f->preds++;
		}
	}
	qsort(targets, ntargets, sizeof(*targets), u64_cmp);
	/*
	 * Falling into @addr counts only from reachable code: the padding
	 * after a ret or jmp (nops up to the next aligned target) is not.
	 * Reachable: the entry, a jump target, or after reachable code that
	 * falls through.
	 */
	{
		bool reach = false;

		for (i = 0; i < n; i++) {
			const cs_insn *in = &insn[i];
			bool prev = reach;

			reach = i == 0 || is_target(targets, ntargets,
						    in->address) ||
				(prev && falls_through(h, &insn[i - 1]));
			if (in->address == addr) {
				f->boundary = true;
				if (i && prev && falls_through(h, &insn[i - 1]))
					f->preds++;
			}
		}
	}
	if (n && insn[0].address == addr)
		f->preds++;	/* the function's callers */
	/* Pass 2: the basic block holding @addr, and conditional moves in
	 * it.  A block starts at a jump target or after a transfer. */
	for (i = 0; i < n && f->boundary; i++) {
		const cs_insn *in = &insn[i];

		if (in->address > addr &&
		    (is_target(targets, ntargets, in->address) ||
		     !falls_through(h, &insn[i - 1]) ||
		     cs_insn_group(h, &insn[i - 1], CS_GRP_JUMP)))
			break;
		if (is_target(targets, ntargets, in->address) ||
		    (i && (cs_insn_group(h, &insn[i - 1], CS_GRP_JUMP) ||
			   !falls_through(h, &insn[i - 1]))))
			first = i;
		if (in->address >= addr)
			continue;
	}
	for (; f->boundary && first < i; first++)
		if (is_condmove(&insn[first]))
			f->condmove = true;
	f->decoded = n > 0;
	f->func_entry = addr == start;
	f->join = f->preds > 1;
	free(targets);
	cs_free(insn, n);
	cs_close(&h);
	return NULL;
}
