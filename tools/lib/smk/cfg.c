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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <capstone/capstone.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include "cfg.h"
#include "jtable.h"
#include "source.h"

static bool is_condmove(const cs_insn *in)
{
	return !strncmp(in->mnemonic, "cmov", 4) ||
	       !strncmp(in->mnemonic, "set", 3) ||
	       !strncmp(in->mnemonic, "sbb", 3) ||
	       !strncmp(in->mnemonic, "adc", 3);
}

/*
 * Packed SIMD arithmetic, the body of a vectorized loop (not the 16-byte
 * moves of a struct copy, nor scalar float on xmm registers).
 */
static bool is_vector(const cs_insn *in)
{
	static const char *const prefix[] = {
		"padd", "psub", "pmul", "pmadd", "pcmp", "pmax", "pmin",
		"psll", "psrl", "psra", "pshuf", "addp", "subp", "mulp",
		"divp", "maxp", "minp", "cmpp",
	};
	const char *m = in->mnemonic;
	size_t i;

	if (m[0] == 'v')
		m++;
	for (i = 0; i < sizeof(prefix) / sizeof(*prefix); i++)
		if (!strncmp(m, prefix[i], strlen(prefix[i])))
			return true;
	return false;
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

/* One decoded function, kept per binary: sites share functions. */
struct insn_info {
	uint64_t addr;
	uint64_t target;	/* a direct jump's target, or 0 */
	bool falls;		/* control may go on to the next insn */
	bool ret;
	bool indirect;		/* jmp *reg or *mem: a switch's table */
	bool ientry;		/* reached only through an indirect jump */
	bool store;		/* writes memory at disp(base) */
	bool may_store;		/* writes memory in any way it can be told
				 * (an operand, the stack, a string op) */
	bool frame_store;	/* ...and only frame_size bytes at
				 * frame_disp(%rbp) */
	unsigned char frame_size;
	int32_t frame_disp;
	/* A mov's stored value: a general register (its name as fetch
	 * specs write it, "ax", "r8"), or an immediate (stored_reg 0). */
	const char *stored_reg;
	bool stored_imm;
	int64_t stored_val;
	uint64_t static_store;	/* writes this static address (RIP-relative),
				 * or 0 */
	bool vector;		/* packed SIMD arithmetic */
	int64_t disp;
	bool jump;		/* a jump (ends a basic block) */
	bool call;
	bool callee_slot;	/* callee is the GOT slot "call *slot(%rip)"
				 * reads, not the code called */
	uint64_t callee;	/* a direct call's target, or 0 */
	bool condmove;
	/* The stack: what the instruction does to %rsp (sp_delta, or
	 * sp_lost when not a constant), and a write to, or the address of,
	 * sp_size bytes at sp_disp(%rsp) (sp_ref 1 a store, 2 an lea). */
	bool sp_lost;
	unsigned char sp_ref, sp_size;
	int32_t sp_delta;
	int64_t sp_disp;
};

struct func_info {
	uint64_t start;
	struct insn_info *insns;
	size_t n;
	uint64_t *targets;	/* direct jump targets, sorted, repeated */
	size_t ntargets;
	struct { uint64_t from, to; } *back;	/* backward jumps: loops */
	size_t nback;
	struct { uint64_t target; unsigned int slots; } *table;
	size_t ntable;		/* switch table entries, by target */
	bool table_unknown;	/* an indirect jump whose table was not read */
	struct flow *flow;	/* basic blocks and loops, on first use */
};

struct cfg_cache {
	struct func_info *f;
	size_t n, cap;
	int machine;		/* e_machine, -1 until read */
	bool nomem;		/* an allocation failed since the last
				 * smk_code_take_error() */
	unsigned long unknowns;	/* questions answered "unknown" */
	/* smk_code_referenced()'s index of the code's references: each
	 * direct branch target and RIP-relative operand, by target */
	struct code_ref { uint64_t to, from; } *refs;
	size_t nrefs;
	int refs_state;		/* 0 not built, 1 built, -1 unknown */
};

/*
 * The control-flow graph of one function, computed once: basic blocks,
 * their successors, dominators (Cooper, Harvey and Kennedy's iterative
 * algorithm over reverse postorder) and natural loops (a back edge goes
 * to a block that dominates its source; the loop is the header and what
 * reaches the source without passing it).  A cycle that is no natural
 * loop (irreducible flow), a switch whose table was not read, or code
 * that no path from the entry reaches leave the nesting unknown.
 */
struct flow {
	size_t nb;
	size_t *first;		/* each block's first instruction */
	size_t *block;		/* each instruction's block */
	int *depth;		/* loops around each block, -1 unknown */
	size_t *header;		/* the innermost loop's header, or SIZE_MAX */
	const char *why;	/* why the nesting is unknown, or NULL */
	/* The edges, kept for the questions asked later: block k's
	 * successors are succ[soff[k] .. soff[k] + nsucc[k]), back[e] says
	 * that edge e is retreating (to a block no later in a depth-first
	 * order from the entry: in reducible flow, a loop's back edge), and
	 * reach[k] that a path from the entry reaches block k.  Without
	 * them (a jump table not read) succ is NULL. */
	size_t *succ, *soff, *nsucc;
	unsigned char *back, *reach;
	/* dies[k]: block k calls a function that does not return, so a
	 * path into it goes no further (flow_dies(), once asked). */
	unsigned char *dies;
	bool dies_known;
};

static void flow_free(struct flow *fl)
{
	if (!fl)
		return;
	free(fl->first);
	free(fl->block);
	free(fl->depth);
	free(fl->header);
	free(fl->succ);
	free(fl->soff);
	free(fl->nsucc);
	free(fl->back);
	free(fl->dies);
	free(fl->reach);
	free(fl);
}

static void cache_free(void *p)
{
	struct cfg_cache *c = p;
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++) {
		free(c->f[i].insns);
		free(c->f[i].targets);
		free(c->f[i].back);
		free(c->f[i].table);
		flow_free(c->f[i].flow);
	}
	free(c->f);
	free(c->refs);
	free(c);
}

/*
 * What @in does to the stack pointer, and which stack slot it writes or
 * takes the address of (struct insn_info's sp_* fields).  Pushes, pops
 * and add/sub of a constant move %rsp by a known amount; any other write
 * of %rsp (leave, mov, and for alignment) loses track of it.
 */
static void stack_effect(csh h, const cs_insn *in, struct insn_info *out)
{
	const cs_x86 *x = &in->detail->x86;
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0, k;
	bool writes_sp = false;

	if (x->op_count >= 1 && x->operands[0].type == X86_OP_MEM &&
	    (x->operands[0].access & CS_AC_WRITE) &&
	    x->operands[0].mem.base == X86_REG_RSP &&
	    x->operands[0].mem.index == X86_REG_INVALID) {
		out->sp_ref = 1;
		out->sp_disp = x->operands[0].mem.disp;
		out->sp_size = x->operands[0].size;
	}
	if (in->id == X86_INS_LEA && x->op_count == 2 &&
	    x->operands[1].type == X86_OP_MEM &&
	    x->operands[1].mem.base == X86_REG_RSP &&
	    x->operands[1].mem.index == X86_REG_INVALID) {
		out->sp_ref = 2;
		out->sp_disp = x->operands[1].mem.disp;
		out->sp_size = 1;
	}
	if (in->id == X86_INS_PUSH) {
		out->sp_delta = -(int32_t)(x->op_count ? x->operands[0].size :
					   8);
		return;
	}
	if (in->id == X86_INS_POP) {
		out->sp_delta = x->op_count ? x->operands[0].size : 8;
		return;
	}
	if (in->id == X86_INS_CALL || in->id == X86_INS_RET)
		return;		/* the callee's own, undone */
	if ((in->id == X86_INS_SUB || in->id == X86_INS_ADD) &&
	    x->op_count == 2 && x->operands[0].type == X86_OP_REG &&
	    x->operands[0].reg == X86_REG_RSP &&
	    x->operands[1].type == X86_OP_IMM) {
		int64_t v = x->operands[1].imm;

		out->sp_delta = (int32_t)(in->id == X86_INS_SUB ? -v : v);
		return;
	}
	if (cs_regs_access(h, in, rd, &nrd, wr, &nwr) != 0) {
		out->sp_lost = true;
		return;
	}
	for (k = 0; k < nwr; k++)
		if (wr[k] == X86_REG_RSP || wr[k] == X86_REG_ESP ||
		    wr[k] == X86_REG_SP)
			writes_sp = true;
	out->sp_lost = writes_sp;
}

/* The binary's cache, made on first use (NULL: out of memory). */
static struct cfg_cache *get_cache(struct smk_binary *b)
{
	struct cfg_cache *c = b->cfg_cache;
	GElf_Ehdr eh;

	if (c)
		return c;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->machine = gelf_getehdr(b->elf, &eh) ? eh.e_machine : -1;
	if (c->machine == EM_X86_64 && gelf_getclass(b->elf) != ELFCLASS64)
		c->machine = -1;	/* x32 or damage */
	b->cfg_cache = c;
	b->cfg_cache_free = cache_free;
	return c;
}

/* Note an unknown answer (smk_code_unknowns() counts them). */
static enum smk_answer unknown(struct smk_binary *b)
{
	struct cfg_cache *c = b->cfg_cache;

	if (c)
		c->unknowns++;
	return SMK_UNKNOWN;
}

static void nomem(struct smk_binary *b)
{
	struct cfg_cache *c = b->cfg_cache;

	if (c)
		c->nomem = true;
}

struct smk_error *smk_code_init(struct smk_binary *b)
{
	return get_cache(b) ? NULL : &smk_error_nomem;
}

struct smk_error *smk_code_arch(struct smk_binary *b)
{
	struct cfg_cache *c = get_cache(b);
	const char *name;

	if (!c)
		return &smk_error_nomem;
	if (c->machine == EM_X86_64)
		return NULL;
	switch (c->machine) {
	case EM_386:
		name = "i386";
		break;
	case EM_AARCH64:
		name = "aarch64";
		break;
	case EM_ARM:
		name = "arm";
		break;
	case EM_RISCV:
		name = "riscv";
		break;
	case EM_PPC64:
		name = "ppc64";
		break;
	case EM_S390:
		name = "s390";
		break;
	case EM_X86_64:
		name = "x32 (x86-64, 32-bit ELF)";
		break;
	default:
		name = "unknown";
		break;
	}
	return smk_error_create(SMK_ERROR_UNSUPPORTED,
				"ELF machine %d (%s): only x86-64 code is "
				"decoded, so no placement can be proven",
				c->machine, name);
}

unsigned long smk_code_unknowns(struct smk_binary *b)
{
	struct cfg_cache *c = b->cfg_cache;

	return c ? c->unknowns : 0;
}

struct smk_error *smk_code_take_error(struct smk_binary *b)
{
	struct cfg_cache *c = b->cfg_cache;

	if (!c || !c->nomem)
		return NULL;
	c->nomem = false;
	return &smk_error_nomem;
}

/* The 64-bit register holding @r (capstone's ids, x86-64). */
static unsigned int reg64(unsigned int r)
{
	return smk_x86_reg64(r);
}

/* Does insn[@from, @to) write register @r (64-bit numbering)? */
static bool writes_reg(const cs_insn *insn, size_t from, size_t to,
		       unsigned int r)
{
	size_t i;
	int k;

	for (i = from; i < to; i++) {
		const cs_x86 *x = &insn[i].detail->x86;

		for (k = 0; k < x->op_count; k++)
			if (x->operands[k].type == X86_OP_REG &&
			    (x->operands[k].access & CS_AC_WRITE) &&
			    reg64(x->operands[k].reg) == r)
				return true;
	}
	return false;
}

/*
 * Is the index @idx, at insn[@to], the value of @cr zero-extended in
 * insn[@from, @to) ("movzbl %dl, %eax", "mov %ecx, %eax"), neither written
 * again after?
 */
static bool extended_to(const cs_insn *insn, size_t from, size_t to,
			unsigned int cr, unsigned int idx)
{
	size_t i;

	for (i = from; i < to; i++) {
		const cs_x86 *x = &insn[i].detail->x86;

		if ((insn[i].id == X86_INS_MOVZX ||
		     (insn[i].id == X86_INS_MOV && x->operands[0].size == 4)) &&
		    x->op_count == 2 && x->operands[0].type == X86_OP_REG &&
		    x->operands[1].type == X86_OP_REG &&
		    reg64(x->operands[0].reg) == idx &&
		    reg64(x->operands[1].reg) == cr &&
		    !writes_reg(insn, from, i, cr) &&
		    !writes_reg(insn, i + 1, to, idx))
			return true;
	}
	return false;
}

/*
 * clang -O0: insn[@save] is "mov %cr, SLOT" right before "sub $N, %cr",
 * and insn[@from, @to) reloads @idx from SLOT, last written there.
 */
static bool reloaded(const cs_insn *insn, size_t save, size_t from, size_t to,
		     unsigned int cr, unsigned int idx)
{
	const cs_x86 *s = &insn[save].detail->x86;
	size_t i;

	if (insn[save].id != X86_INS_MOV || s->op_count != 2 ||
	    s->operands[0].type != X86_OP_MEM ||
	    s->operands[1].type != X86_OP_REG ||
	    reg64(s->operands[1].reg) != cr || s->operands[0].size != 8)
		return false;
	for (i = from; i < to; i++) {
		const cs_x86 *x = &insn[i].detail->x86;

		if (x->op_count >= 1 && x->operands[0].type == X86_OP_MEM &&
		    (x->operands[0].access & CS_AC_WRITE))
			return false;	/* the slot may be written */
		if (insn[i].id == X86_INS_MOV && x->op_count == 2 &&
		    x->operands[0].type == X86_OP_REG &&
		    reg64(x->operands[0].reg) == idx &&
		    x->operands[0].size == 8 &&
		    x->operands[1].type == X86_OP_MEM &&
		    !memcmp(&x->operands[1].mem, &s->operands[0].mem,
			    sizeof(x->operands[1].mem)))
			return !writes_reg(insn, i + 1, to, idx);
	}
	return false;
}

static bool table_targets(struct smk_binary *b, struct func_info *f,
			  uint64_t table, uint64_t count, unsigned int width,
			  uint64_t base);

/* Does a direct jump of @f land in [@lo, @hi]? */
static bool targets_between(const struct func_info *f, uint64_t lo,
			    uint64_t hi)
{
	size_t k;

	for (k = 0; k < f->ntargets; k++)
		if (f->targets[k] >= lo && f->targets[k] <= hi)
			return true;
	return false;
}

/*
 * A switch's jump table, as gcc and clang emit it for position-independent
 * code: "cmp $N, %idx; ja default" bounds the index, "lea TABLE(%rip),
 * %base" (clang hoists it to the entry), "movslq (%base,%idx,4), %r; add
 * %base, %r; jmp *%r".  Each entry is the target minus TABLE.  Only the
 * executable's or library's final bytes are read (a .ko's table wants
 * relocations: not read).  False when the pattern is not found.
 */
static bool read_table(struct smk_binary *b, struct func_info *f,
		       const cs_insn *insn, size_t j)
{
	const cs_x86 *x = &insn[j].detail->x86;
	unsigned int r, base = 0, idx = 0;
	uint64_t table = 0, count = 0;
	size_t i, ld = 0;
	bool found = false;

	if (b->kind != SMK_BINARY_EXEC && b->kind != SMK_BINARY_DYN)
		return false;
	if (x->op_count != 1 || x->operands[0].type != X86_OP_REG)
		return false;
	r = reg64(x->operands[0].reg);
	/* The load of the entry, a few instructions back. */
	for (i = j; i-- > 0 && j - i <= 6;) {
		const cs_x86 *y = &insn[i].detail->x86;

		if ((insn[i].id == X86_INS_MOVSXD) && y->op_count == 2 &&
		    y->operands[0].type == X86_OP_REG &&
		    y->operands[1].type == X86_OP_MEM &&
		    y->operands[1].mem.scale == 4 &&
		    y->operands[1].mem.disp == 0) {
			base = reg64(y->operands[1].mem.base);
			idx = reg64(y->operands[1].mem.index);
			ld = i;
			found = base && idx &&
				(reg64(y->operands[0].reg) == r || base == r);
			break;
		}
	}
	if (!found)
		return false;
	/* The table's address: the last lea into the base before. */
	for (i = ld; i-- > 0;) {
		const cs_x86 *y = &insn[i].detail->x86;

		if (y->op_count == 2 && y->operands[0].type == X86_OP_REG &&
		    reg64(y->operands[0].reg) == base) {
			if (insn[i].id != X86_INS_LEA ||
			    y->operands[1].type != X86_OP_MEM ||
			    y->operands[1].mem.base != X86_REG_RIP)
				return false;
			table = insn[i].address + insn[i].size +
				y->operands[1].mem.disp;
			break;
		}
	}
	/*
	 * The bound: "cmp $N, %idx" then "ja" just before the load.  The
	 * index may be a zero-extension of the compared register made after
	 * the jump (gcc: "cmp $7, %dl; ja; movzbl %dl, %eax"), or, at
	 * clang -O0, "mov %idx, SLOT; sub $N, %idx; ja; mov SLOT, %idx".
	 */
	for (i = ld; i-- > 1 && ld - i <= 6;) {
		const cs_x86 *y = &insn[i - 1].detail->x86;
		unsigned int cr;

		if (insn[i].id != X86_INS_JA ||
		    (insn[i - 1].id != X86_INS_CMP &&
		     insn[i - 1].id != X86_INS_SUB) ||
		    y->op_count != 2 || y->operands[0].type != X86_OP_REG ||
		    y->operands[1].type != X86_OP_IMM ||
		    y->operands[1].imm < 0 || y->operands[1].imm >= 4096)
			continue;
		cr = reg64(y->operands[0].reg);
		if (insn[i - 1].id == X86_INS_CMP &&
		    (cr == idx || extended_to(insn, i + 1, ld, cr, idx))) {
			count = y->operands[1].imm + 1;
			break;
		}
		if (insn[i - 1].id == X86_INS_SUB && i >= 2 &&
		    reloaded(insn, i - 2, i + 1, ld, cr, idx)) {
			count = y->operands[1].imm + 1;
			break;
		}
	}
	if (!table || !count)
		return false;
	return table_targets(b, f, table, count, 4, table);
}

/*
 * The @count entries of a jump table at @table as @f's table targets:
 * @width 4, each @base plus the signed entry; @width 8, each entry (an
 * executable's absolute address: a PIE's or library's would want its
 * relocations, not read).
 */
static bool table_targets(struct smk_binary *b, struct func_info *f,
			  uint64_t table, uint64_t count, unsigned int width,
			  uint64_t base)
{
	const unsigned char *bytes;
	uint64_t k;

	if ((b->kind != SMK_BINARY_EXEC && b->kind != SMK_BINARY_DYN) ||
	    (width == 8 && b->kind != SMK_BINARY_EXEC))
		return false;
	if ((width != 4 && width != 8) || count > 1 << 16)
		return false;
	bytes = code_bytes(b, table, count * width);
	if (!bytes)
		return false;
	for (k = 0; k < count; k++) {
		int32_t e;
		uint64_t t;
		size_t q;
		void *tmp;

		if (width == 4) {
			memcpy(&e, bytes + 4 * k, 4);
			t = base + (int64_t)e;
		} else {
			memcpy(&t, bytes + 8 * k, 8);
		}
		for (q = 0; q < f->ntable && f->table[q].target != t; q++)
			;
		if (q == f->ntable) {
			tmp = realloc(f->table, (f->ntable + 1) *
				      sizeof(*f->table));
			if (!tmp) {
				nomem(b);
				return false;
			}
			f->table = tmp;
			f->table[f->ntable].target = t;
			f->table[f->ntable++].slots = 0;
		}
		f->table[q].slots++;
	}
	return true;
}

/*
 * Is @in's immediate (a jump's displacement) relocated?  In a .ko a jump
 * to another function (a tail call, __x86_return_thunk, a .cold part) is
 * assembled as a jump to the next instruction with a relocation on it:
 * it leaves the function, and taken as it reads it would join the code
 * after it (ring_write()'s "jmp __x86_return_thunk" made its epilogue
 * fall into the next block, a loop head).
 */
static bool relocated_imm(struct smk_binary *b, const cs_insn *in,
			  const cs_x86 *x)
{
	uint64_t t;

	if (b->kind != SMK_BINARY_MODULE && b->kind != SMK_BINARY_OBJECT)
		return false;
	return x->encoding.imm_offset &&
	       smk_binary_reloc_target(b, in->address +
				       x->encoding.imm_offset, &t) != 0;
}

/*
 * The static address @in's RIP-relative first operand refers to: the
 * displacement from the instruction's end, or in a .ko (where the code is
 * not relocated) the relocation on the displacement.  0 when unknown.
 */
static uint64_t rip_target(struct smk_binary *b, const cs_insn *in,
			   const cs_x86 *x)
{
	uint64_t t;

	if (b->kind != SMK_BINARY_MODULE && b->kind != SMK_BINARY_OBJECT)
		return in->address + in->size + x->operands[0].mem.disp;
	if (!x->encoding.disp_offset || x->encoding.disp_size != 4 ||
	    smk_binary_reloc_target(b, in->address + x->encoding.disp_offset,
				    &t) != 1)
		return 0;
	return t + in->size - x->encoding.disp_offset;
}

static size_t insn_find(const struct func_info *fn, uint64_t addr);

/* Does @in write memory: an operand it writes, or what it does to the
 * stack or through %rdi (push, call, enter, the string stores)? */
static bool may_store(const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;
	uint8_t k;

	switch (in->id) {
	case X86_INS_PUSH: case X86_INS_PUSHAW: case X86_INS_PUSHAL:
	case X86_INS_PUSHF: case X86_INS_PUSHFD: case X86_INS_PUSHFQ:
	case X86_INS_CALL: case X86_INS_ENTER:
	case X86_INS_STOSB: case X86_INS_STOSW: case X86_INS_STOSD:
	case X86_INS_STOSQ: case X86_INS_MOVSB: case X86_INS_MOVSW:
	case X86_INS_MOVSD: case X86_INS_MOVSQ:
		return true;
	default:
		break;
	}
	for (k = 0; k < x->op_count; k++)
		if (x->operands[k].type == X86_OP_MEM &&
		    (x->operands[k].access & CS_AC_WRITE))
			return true;
	return false;
}

/* A general register's name as fetch specs write it, whatever its
 * width ("ax" for al, ax, eax, rax), or NULL. */
static const char *gpr_name(unsigned int reg)
{
	static const struct {
		unsigned int r[4];
		const char *name;
	} gpr[] = {
		{ { X86_REG_AL, X86_REG_AX, X86_REG_EAX, X86_REG_RAX }, "ax" },
		{ { X86_REG_BL, X86_REG_BX, X86_REG_EBX, X86_REG_RBX }, "bx" },
		{ { X86_REG_CL, X86_REG_CX, X86_REG_ECX, X86_REG_RCX }, "cx" },
		{ { X86_REG_DL, X86_REG_DX, X86_REG_EDX, X86_REG_RDX }, "dx" },
		{ { X86_REG_SIL, X86_REG_SI, X86_REG_ESI, X86_REG_RSI }, "si" },
		{ { X86_REG_DIL, X86_REG_DI, X86_REG_EDI, X86_REG_RDI }, "di" },
		{ { X86_REG_R8B, X86_REG_R8W, X86_REG_R8D, X86_REG_R8 }, "r8" },
		{ { X86_REG_R9B, X86_REG_R9W, X86_REG_R9D, X86_REG_R9 }, "r9" },
		{ { X86_REG_R10B, X86_REG_R10W, X86_REG_R10D, X86_REG_R10 },
		  "r10" },
		{ { X86_REG_R11B, X86_REG_R11W, X86_REG_R11D, X86_REG_R11 },
		  "r11" },
		{ { X86_REG_R12B, X86_REG_R12W, X86_REG_R12D, X86_REG_R12 },
		  "r12" },
		{ { X86_REG_R13B, X86_REG_R13W, X86_REG_R13D, X86_REG_R13 },
		  "r13" },
		{ { X86_REG_R14B, X86_REG_R14W, X86_REG_R14D, X86_REG_R14 },
		  "r14" },
		{ { X86_REG_R15B, X86_REG_R15W, X86_REG_R15D, X86_REG_R15 },
		  "r15" },
	};
	size_t i, k;

	for (i = 0; i < sizeof(gpr) / sizeof(*gpr); i++)
		for (k = 0; k < 4; k++)
			if (gpr[i].r[k] == reg)
				return gpr[i].name;
	return NULL;
}

/* How many of @in's operands are memory it writes. */
static unsigned int may_store_ops(const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;
	unsigned int n = 0;
	uint8_t k;

	for (k = 0; k < x->op_count; k++)
		n += x->operands[k].type == X86_OP_MEM &&
		     (x->operands[k].access & CS_AC_WRITE);
	return n;
}

/*
 * Is the indirect jump insn[@j] that no table explains a tail call
 * through a pointer ("return g->frealloc(...)": "pop %rbx; pop %rbp; jmp
 * *%rax")?  Only when the stack is back at the entry's height there (the
 * heights, from the pushes, pops and adds of %rsp, agree on every direct
 * path), an instruction of its block before it brought it back (a pop,
 * or an add to %rsp: an epilogue, not a frameless switch), and no code of
 * the function is reached only through an indirect jump (a table's
 * targets, whose dispatch this could be).
 */
static bool tail_call_indirect(const struct func_info *f, size_t j)
{
	size_t n = f->n, i, k, wn = 0, *work = NULL;
	int64_t *h = NULL;
	bool ok = false, restored = false;

	for (i = 0; i < n; i++)
		if (f->insns[i].ientry)
			return false;	/* a table's entries, maybe */
	for (k = j; k-- > 0 && !f->insns[k].jump && f->insns[k].falls &&
	     !is_target(f->targets, f->ntargets, f->insns[k + 1].addr);)
		if (f->insns[k].sp_delta > 0)
			restored = true;
	if (!restored || !n)
		return false;
	h = malloc(n * sizeof(*h));
	work = malloc(n * sizeof(*work));
	if (!h || !work)
		goto out;
	for (i = 0; i < n; i++)
		h[i] = INT64_MIN;
	h[0] = 0;
	work[wn++] = 0;
	while (wn) {
		size_t v = work[--wn], to[2], nt = 0, t;
		int64_t after;

		if (f->insns[v].sp_lost)
			goto out;
		after = h[v] + f->insns[v].sp_delta;
		if (f->insns[v].falls && v + 1 < n)
			to[nt++] = v + 1;
		if (f->insns[v].target &&
		    (k = insn_find(f, f->insns[v].target)) < n)
			to[nt++] = k;
		for (t = 0; t < nt; t++) {
			if (h[to[t]] == INT64_MIN) {
				h[to[t]] = after;
				work[wn++] = to[t];
			} else if (h[to[t]] != after) {
				goto out;
			}
		}
	}
	ok = h[j] == 0;
out:
	free(h);
	free(work);
	return ok;
}

static struct func_info *decode(struct smk_binary *b, uint64_t start,
				uint64_t size)
{
	struct cfg_cache *c = get_cache(b);
	const unsigned char *code;
	struct func_info *f;
	cs_insn *insn = NULL;
	size_t i, n;
	csh h;

	/* Only x86-64 is decoded: anything else is unknown, never x86. */
	if (!c || c->machine != EM_X86_64)
		return NULL;
	for (i = 0; i < c->n; i++)
		if (c->f[i].start == start)
			return &c->f[i];
	code = code_bytes(b, start, size);
	if (!code)
		return NULL;
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK) {
		c->nomem = true;	/* capstone fails only for memory */
		return NULL;
	}
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		struct func_info *tmp = realloc(c->f, cap * sizeof(*tmp));

		if (!tmp) {
			c->nomem = true;
			cs_close(&h);
			return NULL;
		}
		c->f = tmp;
		c->cap = cap;
	}
	f = &c->f[c->n];
	memset(f, 0, sizeof(*f));
	f->start = start;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	n = cs_disasm(h, code, size, start, 0, &insn);
	f->insns = calloc(n ? n : 1, sizeof(*f->insns));
	f->targets = calloc(n ? n : 1, sizeof(*f->targets));
	f->back = calloc(n ? n : 1, sizeof(*f->back));
	if (!f->insns || !f->targets || !f->back) {
		c->nomem = true;
		free(f->insns);
		free(f->targets);
		free(f->back);
		cs_free(insn, n);
		cs_close(&h);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		const cs_insn *in = &insn[i];
		const cs_x86 *x = &in->detail->x86;

		f->insns[i].addr = in->address;
		f->insns[i].falls = falls_through(h, in);
		f->insns[i].jump = cs_insn_group(h, in, CS_GRP_JUMP) ||
				   cs_insn_group(h, in, CS_GRP_RET);
		f->insns[i].condmove = is_condmove(in);
		f->insns[i].vector = is_vector(in);
		f->insns[i].ret = cs_insn_group(h, in, CS_GRP_RET);
		if (x->op_count >= 1 && x->operands[0].type == X86_OP_MEM &&
		    (x->operands[0].access & CS_AC_WRITE) &&
		    x->operands[0].mem.base != X86_REG_RIP &&
		    x->operands[0].mem.base != X86_REG_INVALID) {
			f->insns[i].store = true;
			f->insns[i].disp = x->operands[0].mem.disp;
		}
		if (x->op_count >= 1 && x->operands[0].type == X86_OP_MEM &&
		    (x->operands[0].access & CS_AC_WRITE) &&
		    x->operands[0].mem.base == X86_REG_RIP &&
		    x->operands[0].mem.index == X86_REG_INVALID)
			f->insns[i].static_store = rip_target(b, in, x);
		stack_effect(h, in, &f->insns[i]);
		f->insns[i].indirect = (in->id == X86_INS_JMP ||
					in->id == X86_INS_LJMP) &&
				       x->op_count == 1 &&
				       x->operands[0].type != X86_OP_IMM;
		f->insns[i].ientry = in->id == X86_INS_NOP ||
				     (in->id == X86_INS_XCHG &&
				      x->op_count == 2 &&
				      x->operands[0].type == X86_OP_REG &&
				      x->operands[1].type == X86_OP_REG &&
				      x->operands[0].reg ==
				      x->operands[1].reg);	/* nop, for now */
		f->insns[i].call = in->id == X86_INS_CALL;
		f->insns[i].may_store = may_store(in);
		if (f->insns[i].may_store && f->insns[i].store &&
		    x->operands[0].mem.base == X86_REG_RBP &&
		    x->operands[0].mem.index == X86_REG_INVALID &&
		    x->operands[0].size && may_store_ops(in) == 1 &&
		    x->operands[0].mem.disp >= INT32_MIN &&
		    x->operands[0].mem.disp <= INT32_MAX) {
			f->insns[i].frame_store = true;
			f->insns[i].frame_size = x->operands[0].size;
			f->insns[i].frame_disp = (int32_t)x->operands[0].mem.disp;
			if (in->id == X86_INS_MOV && x->op_count == 2 &&
			    x->operands[1].type == X86_OP_REG)
				f->insns[i].stored_reg =
					gpr_name(x->operands[1].reg);
			else if (in->id == X86_INS_MOV && x->op_count == 2 &&
				 x->operands[1].type == X86_OP_IMM) {
				f->insns[i].stored_imm = true;
				f->insns[i].stored_val = x->operands[1].imm;
			}
		}
		if (f->insns[i].call && x->op_count == 1 &&
		    x->operands[0].type == X86_OP_IMM &&
		    !relocated_imm(b, in, x))
			f->insns[i].callee = x->operands[0].imm;
		else if (f->insns[i].call && x->op_count == 1 &&
			 x->operands[0].type == X86_OP_MEM &&
			 x->operands[0].mem.base == X86_REG_RIP &&
			 x->operands[0].mem.index == X86_REG_INVALID) {
			f->insns[i].callee = rip_target(b, in, x);
			f->insns[i].callee_slot = true;
		}
		if (cs_insn_group(h, in, CS_GRP_JUMP) && x->op_count == 1 &&
		    x->operands[0].type == X86_OP_IMM &&
		    !relocated_imm(b, in, x)) {
			uint64_t t = x->operands[0].imm;

			f->targets[f->ntargets++] = t;
			f->insns[i].target = t;
			if (t <= in->address && t >= start) {
				f->back[f->nback].from = in->address;
				f->back[f->nback++].to = t;
			}
		}
	}
	f->n = n;
	qsort(f->targets, f->ntargets, sizeof(*f->targets), u64_cmp);
	/*
	 * The entries of a switch's jump table: code that no direct jump or
	 * fall-through reaches, the first instruction after a transfer and
	 * its padding (the nops were marked above).
	 */
	{
		bool reach = false, pad = false;

		for (i = 0; i < n; i++) {
			bool nop = f->insns[i].ientry;

			reach = i == 0 ||
				is_target(f->targets, f->ntargets,
					  f->insns[i].addr) ||
				(reach && f->insns[i - 1].falls);
			f->insns[i].ientry = !reach && !nop &&
					     (!f->insns[i - 1].falls || pad);
			pad = !reach && nop &&
			      (pad || !f->insns[i - 1].falls);
		}
	}
	for (i = 0; i < n; i++) {
		struct smk_jtable jt;

		if (!f->insns[i].indirect || read_table(b, f, insn, i))
			continue;
		/* Not the usual pattern: evaluate the code before it, which
		 * only the bound check may lead into (another way in could
		 * bring another index). */
		if (smk_jtable_find(insn, i, &jt) &&
		    !targets_between(f, jt.after_bound, f->insns[i].addr) &&
		    table_targets(b, f, jt.table, jt.count, jt.width, jt.base))
			continue;
		if (tail_call_indirect(f, i)) {
			/* Leaves the function, as a ret does. */
			f->insns[i].indirect = false;
			f->insns[i].ret = true;
			continue;
		}
		f->table_unknown = true;
	}
	cs_free(insn, n);
	cs_close(&h);
	c->n++;
	return f;
}

/* Larger function symbols are data or damage: not decoded. */
enum { MAX_FUNC = 1 << 20 };

/* The symbol of the function holding @addr, if it is one we decode. */
static const struct smk_symbol *func_symbol(struct smk_binary *b,
					    uint64_t addr)
{
	const struct smk_symbol *sym = smk_binary_symbol_at(b, addr);

	return sym && sym->size && sym->size <= MAX_FUNC ? sym : NULL;
}

/* The decoded function holding @addr, its symbol in *@symp if asked;
 * NULL when unknown. */
static struct func_info *func_at(struct smk_binary *b, uint64_t addr,
				 const struct smk_symbol **symp)
{
	const struct smk_symbol *sym = func_symbol(b, addr);

	if (symp)
		*symp = sym;
	return sym ? decode(b, sym->addr, sym->size) : NULL;
}

/* The instruction starting at @addr, or fn->n. */
static size_t insn_find(const struct func_info *fn, uint64_t addr)
{
	size_t lo = 0, hi = fn->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fn->insns[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < fn->n && fn->insns[lo].addr == addr ? lo : fn->n;
}

/* Successors of block @k into @out (at most @max); SIZE_MAX if more. */
/* One past the last instruction of block @k. */
static size_t block_end(const struct func_info *fn, const struct flow *fl,
			size_t k)
{
	return k + 1 < fl->nb ? fl->first[k + 1] : fn->n;
}

/* Is @in a direct jump out of @fn (a tail call, another part's code)? */
static bool jumps_out(const struct func_info *fn, const struct insn_info *in)
{
	return in->target && insn_find(fn, in->target) == fn->n;
}

static size_t flow_succs(const struct func_info *fn, const struct flow *fl,
			 size_t k, size_t *out, size_t max)
{
	size_t last = block_end(fn, fl, k) - 1, n = 0;
	const struct insn_info *in = &fn->insns[last];
	size_t i, j;

	if (in->falls && last + 1 < fn->n)
		out[n++] = k + 1;
	if (in->target && (i = insn_find(fn, in->target)) < fn->n) {
		if (n == max)
			return SIZE_MAX;
		out[n++] = fl->block[i];
	}
	if (in->indirect)
		for (j = 0; j < fn->ntable; j++) {
			i = insn_find(fn, fn->table[j].target);
			if (i == fn->n)
				continue;
			if (n == max)
				return SIZE_MAX;
			out[n++] = fl->block[i];
		}
	return n;
}

static size_t dom_meet(const size_t *idom, const size_t *order, size_t a,
		       size_t b)
{
	while (a != b) {
		while (order[a] > order[b])
			a = idom[a];
		while (order[b] > order[a])
			b = idom[b];
	}
	return a;
}

/*
 * The loops of flow that is not reducible: a loop nesting forest of
 * strongly connected components (Havlak's, Ramalingam's framework).  The
 * outermost loops are the cycles of the whole graph, each a strongly
 * connected component; the blocks entered from outside a component are
 * its headers, and the loops inside it are the components of what is
 * left once the edges into its headers are cut.  In reducible flow this
 * gives the natural loops, those of one header merged, as flow_build()
 * counts them.  Each block's count into @depth (reachable ones only:
 * @reach).  False only without memory.
 */
static bool cycle_depths(size_t nb, const size_t *succ, const size_t *soff,
			 const size_t *nsucc, const size_t *poff,
			 const size_t *pred, const unsigned char *reach,
			 int *depth)
{
	size_t *rid = malloc((nb + 1) * sizeof(*rid)),
	       *idx = malloc((nb + 1) * sizeof(*idx)),
	       *low = malloc((nb + 1) * sizeof(*low)),
	       *stk = malloc((nb + 1) * sizeof(*stk)),
	       *call = malloc((nb + 1) * sizeof(*call)),
	       *edge = malloc((nb + 1) * sizeof(*edge)),
	       *qoff = malloc((nb + 3) * sizeof(*qoff)),
	       *members = malloc((nb + 1) * sizeof(*members)), *qblk = NULL;
	unsigned char *cut = calloc(nb + 1, 1), *on = calloc(nb + 1, 1);
	size_t nregion, r, k, next_id = 1, qend = 0, qcap = nb + 1;
	bool ok = false;

	qblk = malloc(qcap * sizeof(*qblk));
	if (!rid || !idx || !low || !stk || !call || !edge || !qblk ||
	    !qoff || !members || !cut || !on)
		goto out;
	/*
	 * The regions to split, first to last: region r's blocks are
	 * qblk[qoff[r] .. qoff[r + 1]), and rid[] says which region a block
	 * is in now.  Every region past the first is a loop with a header
	 * cut for good, so there are at most nb + 1 of them.
	 */
	for (k = 0; k < nb; k++) {
		rid[k] = reach[k] ? 0 : SIZE_MAX;
		depth[k] = reach[k] ? 0 : -1;
		if (reach[k])
			qblk[qend++] = k;
	}
	qoff[0] = 0;
	qoff[1] = qend;
	nregion = 1;
	for (r = 0; r < nregion; r++) {
		size_t nmem = qoff[r + 1] - qoff[r], counter = 0, sp = 0, j,
		       id;

		if (!nmem)
			continue;
		memcpy(members, qblk + qoff[r], nmem * sizeof(*members));
		id = rid[members[0]];
		for (j = 0; j < nmem; j++) {
			idx[members[j]] = SIZE_MAX;
			on[members[j]] = 0;
		}
		/* Tarjan's, iterative, on the region's edges that enter no
		 * header cut at an outer level. */
		for (j = 0; j < nmem; j++) {
			size_t root = members[j], top = 0;

			if (idx[root] != SIZE_MAX)
				continue;
			call[top] = root;
			edge[top++] = 0;
			idx[root] = low[root] = counter++;
			stk[sp++] = root;
			on[root] = 1;
			while (top) {
				size_t v = call[top - 1], first, n, c, e;
				bool cyc;

				if (edge[top - 1] < nsucc[v]) {
					size_t w = succ[soff[v] +
							edge[top - 1]++];

					if (rid[w] != id || cut[w])
						continue;
					if (idx[w] == SIZE_MAX) {
						idx[w] = low[w] = counter++;
						stk[sp++] = w;
						on[w] = 1;
						call[top] = w;
						edge[top++] = 0;
					} else if (on[w] && idx[w] < low[v]) {
						low[v] = idx[w];
					}
					continue;
				}
				top--;
				if (top && low[v] < low[call[top - 1]])
					low[call[top - 1]] = low[v];
				if (low[v] != idx[v])
					continue;
				/* A component: v and what is above it. */
				first = sp;
				do
					on[stk[--first]] = 0;
				while (stk[first] != v);
				n = sp - first;
				cyc = n > 1;
				for (e = 0; !cyc && e < nsucc[v]; e++)
					cyc = succ[soff[v] + e] == v && !cut[v];
				sp = first;
				if (!cyc)
					continue;
				/* A loop: count it, cut the blocks entered
				 * from outside it, split it later. */
				if (qend + n > qcap) {
					size_t *nq;

					qcap = (qend + n) * 2;
					nq = realloc(qblk, qcap * sizeof(*qblk));
					if (!nq)
						goto out;
					qblk = nq;
				}
				for (c = first; c < first + n; c++)
					rid[stk[c]] = next_id;
				next_id++;
				for (c = first; c < first + n; c++) {
					size_t x = stk[c], f;

					depth[x]++;
					cut[x] |= x == 0;
					for (f = poff[x]; f < poff[x + 1]; f++)
						if (reach[pred[f]] &&
						    rid[pred[f]] != rid[x])
							cut[x] = 1;
					qblk[qend++] = x;
				}
				qoff[++nregion] = qend;
			}
		}
	}
	ok = true;
out:
	free(rid);
	free(idx);
	free(low);
	free(stk);
	free(call);
	free(edge);
	free(qblk);
	free(qoff);
	free(members);
	free(cut);
	free(on);
	return ok;
}

/* Build @fn's flow; false only without memory. */
static bool flow_build(struct func_info *fn)
{
	struct flow *fl = calloc(1, sizeof(*fl));
	size_t n = fn->n, i, k, nb = 0, nrpo = 0, top, *rpo = NULL,
	       *order = NULL, *idom = NULL, *stack = NULL, *it = NULL,
	       *succ = NULL, *nsucc = NULL, *soff = NULL, *work = NULL,
	       *pred = NULL, *poff = NULL;
	size_t maxs = fn->ntable + 2, total = 0;
	unsigned char *state = NULL;
	bool changed, ok = false, irreducible = false;
	enum { WHITE, GREY, BLACK };

	if (!fl)
		return false;
	fn->flow = fl;
	fl->first = calloc(n + 1, sizeof(*fl->first));
	fl->block = calloc(n + 1, sizeof(*fl->block));
	if (!fl->first || !fl->block)
		goto out;
	for (i = 0; i < n; i++) {
		if (i == 0 || fn->insns[i].ientry ||
		    is_target(fn->targets, fn->ntargets, fn->insns[i].addr) ||
		    fn->insns[i - 1].jump || !fn->insns[i - 1].falls)
			fl->first[nb++] = i;
		fl->block[i] = nb - 1;
	}
	fl->nb = nb;
	fl->depth = calloc(nb + 1, sizeof(*fl->depth));
	fl->header = malloc((nb + 1) * sizeof(*fl->header));
	nsucc = calloc(nb + 1, sizeof(*nsucc));
	soff = calloc(nb + 1, sizeof(*soff));
	if (!fl->depth || !fl->header || !nsucc || !soff)
		goto out;
	for (k = 0; k < nb; k++)
		fl->header[k] = SIZE_MAX;
	if (fn->table_unknown) {
		fl->why = "a switch's jump table was not read: where its "
			  "jumps go is unknown";
		ok = true;
		goto out;
	}
	succ = malloc((nb * maxs + 1) * sizeof(*succ));
	if (!succ)
		goto out;
	for (k = 0; k < nb; k++) {
		soff[k] = total;
		nsucc[k] = flow_succs(fn, fl, k, succ + total, maxs);
		if (nsucc[k] == SIZE_MAX)
			nsucc[k] = 0;	/* cannot be: maxs covers all */
		total += nsucc[k];
	}
	/* Predecessors, the other way round. */
	poff = calloc(nb + 2, sizeof(*poff));
	pred = malloc((total + 1) * sizeof(*pred));
	fl->back = calloc(total + 1, 1);
	if (!poff || !pred || !fl->back)
		goto out;
	for (k = 0; k < nb; k++)
		for (i = 0; i < nsucc[k]; i++)
			poff[succ[soff[k] + i] + 1]++;
	for (k = 0; k < nb; k++)
		poff[k + 1] += poff[k];
	{
		size_t *fill = calloc(nb + 1, sizeof(*fill));

		if (!fill)
			goto out;
		for (k = 0; k < nb; k++)
			for (i = 0; i < nsucc[k]; i++) {
				size_t w = succ[soff[k] + i];

				pred[poff[w] + fill[w]++] = k;
			}
		free(fill);
	}
	/* Depth first from the entry: postorder, and retreating edges. */
	rpo = malloc((nb + 1) * sizeof(*rpo));
	order = malloc((nb + 1) * sizeof(*order));
	idom = malloc((nb + 1) * sizeof(*idom));
	stack = malloc((nb + 1) * sizeof(*stack));
	it = calloc(nb + 1, sizeof(*it));
	state = calloc(nb + 1, 1);
	work = malloc((nb + 1) * sizeof(*work));
	if (!rpo || !order || !idom || !stack || !it || !state || !work)
		goto out;
	top = 0;
	stack[top++] = 0;
	state[0] = GREY;
	while (top) {
		size_t v = stack[top - 1];

		if (it[v] < nsucc[v]) {
			size_t w = succ[soff[v] + it[v]++];

			if (state[w] == WHITE) {
				state[w] = GREY;
				stack[top++] = w;
			}
		} else {
			state[v] = BLACK;
			rpo[nrpo++] = v;	/* postorder for now */
			top--;
		}
	}
	memset(it, 0, (nb + 1) * sizeof(*it));	/* reused below */
	for (i = 0; i < nrpo / 2; i++) {
		size_t x = rpo[i];

		rpo[i] = rpo[nrpo - 1 - i];
		rpo[nrpo - 1 - i] = x;
	}
	for (k = 0; k < nb; k++) {
		order[k] = SIZE_MAX;
		idom[k] = SIZE_MAX;
	}
	for (i = 0; i < nrpo; i++)
		order[rpo[i]] = i;
	idom[0] = 0;
	do {
		changed = false;
		for (i = 1; i < nrpo; i++) {
			size_t v = rpo[i], nd = SIZE_MAX, p, e;

			for (e = poff[v]; e < poff[v + 1]; e++) {
				p = pred[e];
				if (idom[p] == SIZE_MAX)
					continue;
				nd = nd == SIZE_MAX ? p :
				     dom_meet(idom, order, p, nd);
			}
			if (nd != SIZE_MAX && idom[v] != nd) {
				idom[v] = nd;
				changed = true;
			}
		}
	} while (changed);
	/* The retreating edges: without them the graph has no cycle. */
	fl->reach = calloc(nb + 1, 1);
	if (!fl->reach)
		goto out;
	for (i = 0; i < nrpo; i++) {
		size_t v = rpo[i], e;

		fl->reach[v] = 1;
		for (e = 0; e < nsucc[v]; e++)
			fl->back[soff[v] + e] =
				order[succ[soff[v] + e]] <= order[v];
	}
	fl->succ = succ;
	fl->soff = soff;
	fl->nsucc = nsucc;
	/* Each edge v -> h: a back edge when h dominates v; a retreating
	 * edge (h before v in reverse postorder) that is none makes a cycle
	 * no loop analysis names. */
	for (i = 0; i < nrpo; i++) {
		size_t v = rpo[i], e;

		for (e = 0; e < nsucc[v]; e++) {
			size_t h = succ[soff[v] + e], d = v, wn = 0, q;

			if (order[h] > order[v])
				continue;
			while (d != h && d != 0)
				d = idom[d];
			if (d != h) {
				/* Not reducible: the loops are the cycles
				 * of a nesting forest instead. */
				irreducible = true;
				goto cycles;
			}
			/* The loop of back edge v -> h: h, and what reaches
			 * v without passing h.  Blocks of several back edges
			 * to one header count once (state marks them). */
			memset(state, 0, nb);
			state[h] = 1;
			if (!state[v]) {
				state[v] = 1;
				work[wn++] = v;
			}
			while (wn) {
				size_t x = work[--wn], f;

				for (f = poff[x]; f < poff[x + 1]; f++) {
					size_t p = pred[f];

					if (state[p] || idom[p] == SIZE_MAX)
						continue;
					state[p] = 1;
					work[wn++] = p;
				}
			}
			/* Count each (header, block) once: several back
			 * edges to one header make one loop.  it[] holds the
			 * last header counted for a block, plus one. */
			for (q = 0; q < nb; q++)
				if (state[q] && it[q] != h + 1) {
					it[q] = h + 1;
					fl->depth[q]++;
					if (fl->header[q] == SIZE_MAX ||
					    order[h] > order[fl->header[q]])
						fl->header[q] = h;
				}
		}
	}
cycles:
	if (irreducible && !cycle_depths(nb, succ, soff, nsucc, poff, pred,
					 fl->reach, fl->depth))
		goto out;
	/* Code no path from the entry reaches: its loops are unknown. */
	for (k = 0; k < nb; k++)
		if (idom[k] == SIZE_MAX)
			fl->depth[k] = -1;
	ok = true;
out:
	if (fl->succ)
		succ = soff = nsucc = NULL;	/* kept in @fl */
	free(rpo);
	free(order);
	free(idom);
	free(stack);
	free(it);
	free(state);
	free(work);
	free(succ);
	free(nsucc);
	free(soff);
	free(pred);
	free(poff);
	if (!ok) {
		flow_free(fl);
		fn->flow = NULL;
	}
	return ok;
}

int smk_code_loop_depth(struct smk_binary *b, uint64_t addr,
			const char **why)
{
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, addr, &sym);
	size_t i;

	*why = "the code was not decoded";
	if (!fn || !fn->n) {
		unknown(b);
		return -1;
	}
	if (!fn->flow && !flow_build(fn)) {
		nomem(b);
		*why = "out of memory";
		return -1;
	}
	*why = fn->flow->why;
	if (*why)
		return -1;
	i = insn_find(fn, addr);
	if (i == fn->n) {
		*why = "the address starts no instruction";
		return -1;
	}
	if (fn->flow->depth[fn->flow->block[i]] < 0) {
		*why = "no path from the function's entry reaches the code";
		return -1;
	}
	/* A part split off its function (gcc's foo.cold): its loops are
	 * in the other part. */
	if (sym->name && strstr(sym->name, ".cold")) {
		*why = "the code is a part split off its function (.cold): "
		       "the loops around it are in the other part";
		return -1;
	}
	return fn->flow->depth[fn->flow->block[i]];
}

/*
 * The flow graph of the function holding @addr, with its edges, and the
 * index of @addr's instruction in *@ip: for the questions asked of the
 * edges.  NULL when they are not known: the code not decoded, out of
 * memory (recorded), a jump table not read, or @addr no instruction that
 * a path from the entry reaches.
 */
static const struct flow *edges_at(struct smk_binary *b, uint64_t addr,
				   struct func_info **fnp, size_t *ip)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i;

	if (!fn || !fn->n)
		return NULL;
	if (!fn->flow && !flow_build(fn)) {
		nomem(b);
		return NULL;
	}
	i = insn_find(fn, addr);
	if (!fn->flow->succ || i == fn->n ||
	    !fn->flow->reach[fn->flow->block[i]])
		return NULL;
	*fnp = fn;
	*ip = i;
	return fn->flow;
}

/*
 * smk_code_trip_count(): the passes of a counted loop, read off its code.
 * The induction register's one write in the loop, "inc", "dec", "add"
 * or "sub" of a constant or "lea k(r), r", in the latch before the
 * compare; the compare ("cmp r, imm", "test r, r", or the flags of the
 * write itself) right before the latch's conditional jump back; the
 * register's value on entry a "mov $c" or "xor r, r" in the one block
 * that enters the loop (or a straight chain of blocks before it).  The
 * passes are then counted by running the register through the jump's
 * condition, in the register's width.
 */

/* The instructions of block @k with their details, or 0. */
static size_t block_detail(struct smk_binary *b, const struct func_info *fn,
			   const struct flow *fl, size_t k, csh h,
			   cs_insn **insn)
{
	uint64_t from = fn->insns[fl->first[k]].addr, to;
	size_t last = block_end(fn, fl, k) - 1;
	const unsigned char *code;

	to = last + 1 < fn->n ? fn->insns[last + 1].addr : 0;
	if (!to)
		to = smk_code_insn_end(b, fn->insns[last].addr);
	*insn = NULL;
	if (!to || to <= from || to - from > 4096 ||
	    !(code = code_bytes(b, from, to - from)))
		return 0;
	return cs_disasm(h, code, to - from, from, 0, insn);
}

/* Does @in write 64-bit register @r?  -1 unknown. */
static int insn_writes_reg(csh h, const cs_insn *in, unsigned int r)
{
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0, k;

	if (in->id == X86_INS_CALL)
		return r == X86_REG_RAX || r == X86_REG_RCX ||
		       r == X86_REG_RDX || r == X86_REG_RSI ||
		       r == X86_REG_RDI || r == X86_REG_R8 ||
		       r == X86_REG_R9 || r == X86_REG_R10 ||
		       r == X86_REG_R11;
	if (cs_regs_access(h, in, rd, &nrd, wr, &nwr) != 0)
		return -1;
	for (k = 0; k < nwr; k++)
		if (reg64(wr[k]) == r)
			return 1;
	return 0;
}

/* Does condition @jcc hold of @v (@bits wide) against @n? -1 not read. */
static int cond_holds(unsigned int jcc, uint64_t v, uint64_t n,
		      unsigned int bits, bool zero_only)
{
	uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
	int64_t sv, sn;

	v &= mask;
	n &= mask;
	sv = bits == 64 ? (int64_t)v : (int64_t)(v << (64 - bits)) >>
					(64 - bits);
	sn = bits == 64 ? (int64_t)n : (int64_t)(n << (64 - bits)) >>
					(64 - bits);
	switch (jcc) {
	case X86_INS_JNE:
		return v != n;
	case X86_INS_JE:
		return v == n;
	case X86_INS_JS:
		return sv < 0;
	case X86_INS_JNS:
		return sv >= 0;
	}
	if (zero_only)
		return -1;	/* carry and overflow of an add are not a cmp's */
	switch (jcc) {
	case X86_INS_JB:
		return v < n;
	case X86_INS_JAE:
		return v >= n;
	case X86_INS_JBE:
		return v <= n;
	case X86_INS_JA:
		return v > n;
	case X86_INS_JL:
		return sv < sn;
	case X86_INS_JGE:
		return sv >= sn;
	case X86_INS_JLE:
		return sv <= sn;
	case X86_INS_JG:
		return sv > sn;
	}
	return -1;
}

#define TRIP_MAX_BLOCKS 64
#define TRIP_MAX_PASSES (1u << 20)

int smk_code_trip_count(struct smk_binary *b, uint64_t addr, uint64_t *trip,
			uint64_t *head)
{
	struct func_info *fn;
	const struct flow *fl;
	size_t i, H = SIZE_MAX, S = SIZE_MAX, P = SIZE_MAX, k, e, nin = 0;
	size_t n = 0;
	uint64_t a0, hs = 0, ss = 0;
	size_t chain;
	unsigned char *in = NULL;	/* the loop's blocks */
	cs_insn *insn = NULL;
	unsigned int reg = 0, bits = 0, jcc;
	int64_t step = 0;
	uint64_t init = 0, bound = 0, v, passes;
	bool zero_only = false, have_init = false, opened = false;
	int ret = -1;
	csh h;

	fl = edges_at(b, addr, &fn, &i);
	if (!fl)
		return -1;
	/*
	 * The innermost backward jump over @addr's block: its target H,
	 * its block S.  The loop is H and what reaches S without passing H;
	 * judged on its own (the function's flow may not be reducible
	 * elsewhere): entered at H alone, no cycle in it but S -> H (each
	 * other edge goes forward), left only by S's jump not taken.
	 */
	a0 = fn->insns[fl->first[fl->block[i]]].addr;
	for (k = 0; k < fl->nb; k++) {
		uint64_t ks = fn->insns[fl->first[k]].addr;

		if (!fl->reach[k] || ks < a0)
			continue;
		for (e = 0; e < fl->nsucc[k]; e++) {
			size_t w = fl->succ[fl->soff[k] + e];
			uint64_t ws = fn->insns[fl->first[w]].addr;

			if (ws > a0)
				continue;
			if (H == SIZE_MAX || ws > hs || (ws == hs && ks < ss)) {
				H = w;
				S = k;
				hs = ws;
				ss = ks;
			}
		}
	}
	if (H == SIZE_MAX)
		return 0;
	/* Each edge inside but S -> H goes forward, so the loop lies
	 * within blocks H to S: one pass down from S finds it (a block
	 * joined through a backward edge, or from outside them, fails the
	 * checks below as an entry). */
	in = calloc(fl->nb, 1);
	if (!in) {
		nomem(b);
		return -1;
	}
	in[H] = in[S] = 1;
	nin = S != H ? 2 : 1;
	for (k = S; k-- > H + 1;) {
		if (!fl->reach[k])
			continue;
		for (e = 0; e < fl->nsucc[k]; e++) {
			size_t w = fl->succ[fl->soff[k] + e];

			if (w != H && in[w])
				break;
		}
		if (e == fl->nsucc[k])
			continue;
		if (nin == TRIP_MAX_BLOCKS)
			goto out;
		in[k] = 1;
		nin++;
	}
	if (!in[fl->block[i]])
		goto out;
	/* Forward edges only but the back edge; no way out but the
	 * latch's jump not taken; no other way in than the header, from
	 * the one block entering the loop. */
	for (k = 0; k < fl->nb; k++) {
		size_t q, w, end = block_end(fn, fl, k);

		for (q = fl->first[k]; in[k] && q < end; q++)
			if (fn->insns[q].ret || fn->insns[q].indirect ||
			    jumps_out(fn, &fn->insns[q]))
				goto out;
		for (e = 0; e < fl->nsucc[k]; e++) {
			w = fl->succ[fl->soff[k] + e];
			if (in[k] && !in[w] && k != S)
				goto out;
			if (in[k] && in[w] && w <= k && !(k == S && w == H))
				goto out;
			if (!in[k] && in[w] && w != H && fl->reach[k])
				goto out;
			if (!in[k] && w == H) {
				if (P != SIZE_MAX && P != k)
					goto out;
				P = k;
			}
		}
	}
	if (P == SIZE_MAX || cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		goto out;
	opened = true;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	/* The latch: ... write; [cmp|test]; jcc header. */
	n = block_detail(b, fn, fl, S, h, &insn);
	if (n < 2)
		goto out;
	{
		const cs_insn *j = &insn[n - 1], *c = &insn[n - 2];
		const cs_x86 *x = &c->detail->x86;
		size_t wi;

		if (!fn->insns[block_end(fn, fl, S) - 1].falls ||
		    fn->insns[block_end(fn, fl, S) - 1].target !=
		    fn->insns[fl->first[H]].addr)
			goto out;
		jcc = j->id;
		if (c->id == X86_INS_CMP && x->op_count == 2 &&
		    x->operands[0].type == X86_OP_REG &&
		    x->operands[1].type == X86_OP_IMM) {
			reg = x->operands[0].reg;
			bound = (uint64_t)x->operands[1].imm;
			wi = n - 2;
		} else if (c->id == X86_INS_TEST && x->op_count == 2 &&
			   x->operands[0].type == X86_OP_REG &&
			   x->operands[1].type == X86_OP_REG &&
			   x->operands[0].reg == x->operands[1].reg) {
			reg = x->operands[0].reg;
			zero_only = true;
			wi = n - 2;
		} else {
			/* The write's own flags. */
			if (x->op_count < 1 || x->operands[0].type != X86_OP_REG)
				goto out;
			reg = x->operands[0].reg;
			zero_only = true;
			wi = n - 1;
		}
		bits = x->operands[0].size * 8;
		if (bits != 32 && bits != 64)
			goto out;
		/* The write: the register's only one in the loop, in the
		 * latch before the compare. */
		for (k = wi; k-- > 0;) {
			int w = insn_writes_reg(h, &insn[k], reg64(reg));
			const cs_x86 *y = &insn[k].detail->x86;

			if (w < 0)
				goto out;
			if (!w)
				continue;
			if (y->op_count < 1 ||
			    y->operands[0].type != X86_OP_REG ||
			    y->operands[0].reg != reg)
				goto out;
			if (insn[k].id == X86_INS_INC && y->op_count == 1)
				step = 1;
			else if (insn[k].id == X86_INS_DEC && y->op_count == 1)
				step = -1;
			else if ((insn[k].id == X86_INS_ADD ||
				  insn[k].id == X86_INS_SUB) &&
				 y->op_count == 2 &&
				 y->operands[1].type == X86_OP_IMM)
				step = insn[k].id == X86_INS_ADD ?
				       y->operands[1].imm :
				       -y->operands[1].imm;
			else if (insn[k].id == X86_INS_LEA &&
				 y->op_count == 2 &&
				 y->operands[1].type == X86_OP_MEM &&
				 reg64(y->operands[1].mem.base) == reg64(reg) &&
				 y->operands[1].mem.index == X86_REG_INVALID &&
				 y->operands[1].mem.segment == X86_REG_INVALID)
				step = y->operands[1].mem.disp;
			else
				goto out;
			if (zero_only && wi == n - 1 && k != n - 2)
				goto out;	/* flags of another insn */
			break;
		}
		if (!step || k == SIZE_MAX)
			goto out;
		/* ...and none elsewhere in the latch (the compare and the
		 * jump write flags only). */
		for (e = 0; e + 1 < n; e++)
			if (e != k && e != wi &&
			    insn_writes_reg(h, &insn[e], reg64(reg)) != 0)
				goto out;
	}
	for (k = 0; k < fl->nb; k++) {
		cs_insn *o = NULL;
		size_t m, q;

		if (!in[k] || k == S)
			continue;
		m = block_detail(b, fn, fl, k, h, &o);
		if (!m)
			goto out;
		for (q = 0; q < m; q++)
			if (insn_writes_reg(h, &o[q], reg64(reg)) != 0)
				break;
		cs_free(o, m);
		if (q < m)
			goto out;
	}
	/* The value on entry: the last write before the loop, through a
	 * chain of blocks each entered from the one before alone. */
	for (chain = 0; chain < 4 && !have_init; chain++) {
		cs_insn *o = NULL;
		size_t m, q, preds = 0, from = SIZE_MAX;

		m = block_detail(b, fn, fl, P, h, &o);
		if (!m)
			goto out;
		for (q = m; q-- > 0;) {
			int w = insn_writes_reg(h, &o[q], reg64(reg));
			const cs_x86 *y = &o[q].detail->x86;

			if (w < 0)
				break;
			if (!w)
				continue;
			if (o[q].id == X86_INS_MOV && y->op_count == 2 &&
			    y->operands[0].type == X86_OP_REG &&
			    reg64(y->operands[0].reg) == reg64(reg) &&
			    y->operands[0].size >= 4 &&
			    y->operands[1].type == X86_OP_IMM) {
				init = (uint64_t)y->operands[1].imm;
				if (y->operands[0].size == 4)
					init &= 0xffffffffULL;
				have_init = true;
			} else if (o[q].id == X86_INS_XOR &&
				   y->op_count == 2 &&
				   y->operands[0].type == X86_OP_REG &&
				   y->operands[1].type == X86_OP_REG &&
				   y->operands[0].reg == y->operands[1].reg &&
				   y->operands[0].size >= 4) {
				init = 0;
				have_init = true;
			}
			break;
		}
		cs_free(o, m);
		if (have_init)
			break;
		if (q != SIZE_MAX)
			goto out;	/* another write, or not read */
		for (k = 0; k < fl->nb; k++)
			for (e = 0; e < fl->nsucc[k]; e++)
				if (fl->succ[fl->soff[k] + e] == P) {
					preds++;
					from = k;
				}
		if (preds != 1 || P == 0)
			goto out;
		P = from;
	}
	if (!have_init)
		goto out;
	/* Run the register: the jump is evaluated once a pass. */
	for (v = init, passes = 1; passes <= TRIP_MAX_PASSES; passes++) {
		int c;

		v += (uint64_t)step;
		c = cond_holds(jcc, v, bound, bits, zero_only);
		if (c < 0)
			goto out;
		if (!c)
			break;
	}
	if (passes > TRIP_MAX_PASSES)
		goto out;
	*trip = passes;
	if (head)
		*head = fn->insns[fl->first[H]].addr;
	ret = 1;
out:
	if (insn)
		cs_free(insn, n);
	if (opened)
		cs_close(&h);
	free(in);
	return ret;
}

enum smk_answer smk_code_reachable(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i;

	if (!fn || !fn->n)
		return unknown(b);
	if (!fn->flow && !flow_build(fn)) {
		nomem(b);
		return SMK_UNKNOWN;
	}
	i = insn_find(fn, addr);
	if (!fn->flow->succ || i == fn->n)
		return unknown(b);
	return fn->flow->reach[fn->flow->block[i]] ? SMK_YES : SMK_NO;
}

enum smk_answer smk_code_goes_back(struct smk_binary *b, uint64_t jump,
				   uint64_t to)
{
	struct func_info *fn;
	const struct flow *fl;
	size_t i, j, e, v;

	fl = edges_at(b, jump, &fn, &i);
	if (!fl || (j = insn_find(fn, to)) == fn->n)
		return unknown(b);
	v = fl->block[i];
	/* The edge from the jump's block to the block that @to starts. */
	if (fl->first[fl->block[j]] != j)
		return SMK_NO;
	for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++)
		if (fl->succ[e] == fl->block[j])
			return fl->back[e] ? SMK_YES : SMK_NO;
	return SMK_NO;
}

/*
 * A walk of one pass (no retreating edge) from block @from: SMK_YES when
 * it comes to block @to without entering a block marked in @stop (fl->nb
 * bytes, which the walk marks as it goes), else SMK_NO.
 */
static enum smk_answer pass_walk(struct smk_binary *b, const struct flow *fl,
				 size_t from, size_t to, unsigned char *stop)
{
	size_t *work = malloc(fl->nb * sizeof(*work)), wn = 0, e;
	enum smk_answer r = SMK_NO;

	if (!work) {
		nomem(b);
		return SMK_UNKNOWN;
	}
	stop[from] = 1;
	work[wn++] = from;
	while (wn && r == SMK_NO) {
		size_t v = work[--wn];

		if (fl->dies && fl->dies[v])
			continue;	/* the path ends in the block */
		for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++) {
			size_t w = fl->succ[e];

			if (fl->back[e] || stop[w])
				continue;
			if (w == to) {
				r = SMK_YES;
				break;
			}
			stop[w] = 1;
			work[wn++] = w;
		}
	}
	free(work);
	return r;
}

static bool call_noreturn(struct smk_binary *b, const struct insn_info *in);

/*
 * The blocks of the function holding @addr that call a function that does
 * not return, in its flow's dies[], found once.  Asking about a callee
 * decodes it, which may move the cache's entries (not what they point
 * to): callers look their function up again after this.
 */
static void flow_dies(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	const struct insn_info *insns;
	struct flow *fl;
	size_t n, k;

	if (!fn || !fn->n || (!fn->flow && !flow_build(fn)))
		return;
	fl = fn->flow;
	if (fl->dies_known || !fl->succ)
		return;
	fl->dies_known = true;
	insns = fn->insns;
	n = fn->n;
	fl->dies = calloc(fl->nb + 1, 1);
	if (!fl->dies)
		return;	/* fewer paths cut: more found, never fewer */
	for (k = 0; k < n; k++)
		if (insns[k].call && call_noreturn(b, &insns[k]))
			fl->dies[fl->block[k]] = 1;
}

enum smk_answer smk_code_reaches_pass(struct smk_binary *b, uint64_t from,
				      uint64_t to)
{
	const struct smk_symbol *sym;
	struct func_info *fn;
	const struct flow *fl;
	size_t i, j, bf, bt;
	unsigned char *seen;
	enum smk_answer r;

	flow_dies(b, from);
	fn = func_at(b, from, &sym);

	if (fn && fn->n && sym != smk_binary_symbol_at(b, to))
		return SMK_NO;
	/* Code no path from the entry reaches has no retreating edges. */
	fl = edges_at(b, from, &fn, &i);
	if (!fl || (j = insn_find(fn, to)) == fn->n ||
	    !fl->reach[fl->block[j]])
		return unknown(b);
	bf = fl->block[i];
	bt = fl->block[j];
	if (bf == bt)
		return i <= j ? SMK_YES : SMK_NO;
	seen = calloc(fl->nb, 1);
	if (!seen) {
		nomem(b);
		return SMK_UNKNOWN;
	}
	r = pass_walk(b, fl, bf, bt, seen);
	free(seen);
	return r;
}

/*
 * The scratch of a walk over @fl's blocks: *@stop and *@seen (when
 * asked) a flag a block, cleared, *@work a stack of them.  False, all
 * freed and the lack of memory recorded, without memory.
 */
static bool walk_alloc(struct smk_binary *b, const struct flow *fl,
		       unsigned char **stop, unsigned char **seen,
		       size_t **work)
{
	*stop = calloc(fl->nb, 1);
	*work = malloc(fl->nb * sizeof(**work));
	if (seen)
		*seen = calloc(fl->nb, 1);
	if (*stop && *work && (!seen || *seen))
		return true;
	free(*stop);
	free(*work);
	if (seen)
		free(*seen);
	*stop = NULL;
	*work = NULL;
	nomem(b);
	return false;
}

enum smk_answer smk_code_pass_ends(struct smk_binary *b, uint64_t from,
				   const uint64_t *sites, size_t nsites,
				   bool (*counts)(void *arg, uint64_t target),
				   bool (*through)(void *arg, uint64_t block),
				   void *arg, uint64_t *jump)
{
	struct func_info *fn;
	const struct flow *fl;
	size_t i, k, s, e, wn = 0, *work = NULL;
	unsigned char *stop = NULL, *seen = NULL;
	enum smk_answer r = SMK_NO;

	flow_dies(b, from);
	fl = edges_at(b, from, &fn, &i);
	if (!fl)
		return unknown(b);
	if (!walk_alloc(b, fl, &stop, &seen, &work))
		return SMK_UNKNOWN;
	/* A block holding a site: a path into it passes the site. */
	for (s = 0; s < nsites; s++) {
		k = insn_find(fn, sites[s]);
		if (k == fn->n)
			continue;	/* another function's */
		if (fl->block[k] == fl->block[i] && k >= i)
			goto out;	/* on from's own way */
		stop[fl->block[k]] = 1;
	}
	seen[fl->block[i]] = 1;
	work[wn++] = fl->block[i];
	while (wn && r == SMK_NO) {
		size_t v = work[--wn];

		if (fl->dies && fl->dies[v])
			continue;	/* the path ends in the block */
		for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++) {
			size_t w = fl->succ[e];

			if (fl->back[e]) {
				uint64_t to = fn->insns[fl->first[w]].addr;

				if (counts(arg, to)) {
					*jump = fn->insns[block_end(fn, fl, v) -
							  1].addr;
					r = SMK_YES;
					break;
				}
				continue;
			}
			if (stop[w] || seen[w])
				continue;
			seen[w] = 1;
			if (through(arg, fn->insns[fl->first[w]].addr))
				work[wn++] = w;
		}
	}
out:
	free(stop);
	free(seen);
	free(work);
	return r;
}

enum smk_answer smk_code_cycle_avoiding(struct smk_binary *b, uint64_t addr,
					const uint64_t *cut, size_t ncut)
{
	struct func_info *fn;
	const struct flow *fl;
	size_t i, k, c, e, home, wn = 0, *work = NULL;
	unsigned char *stop = NULL, *seen = NULL;
	enum smk_answer r = SMK_NO;

	flow_dies(b, addr);
	fl = edges_at(b, addr, &fn, &i);
	if (!fl)
		return unknown(b);
	home = fl->block[i];
	if (!walk_alloc(b, fl, &stop, &seen, &work))
		return SMK_UNKNOWN;
	/* A block holding a cut instruction: a path through it passes that
	 * instruction, a cycle through @addr's own block all of it. */
	for (c = 0; c < ncut; c++) {
		k = insn_find(fn, cut[c]);
		if (k < fn->n)
			stop[fl->block[k]] = 1;
	}
	if (stop[home] || (fl->dies && fl->dies[home]))
		goto out;
	work[wn++] = home;
	while (wn && r == SMK_NO) {
		size_t v = work[--wn];

		for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++) {
			size_t w = fl->succ[e];

			if (w == home) {
				r = SMK_YES;
				break;
			}
			if (stop[w] || seen[w] || (fl->dies && fl->dies[w]))
				continue;
			seen[w] = 1;
			work[wn++] = w;
		}
	}
out:
	free(stop);
	free(seen);
	free(work);
	return r;
}

enum smk_answer smk_code_reached_around(struct smk_binary *b, uint64_t to,
					const uint64_t *avoid, size_t navoid)
{
	struct func_info *fn;
	const struct flow *fl;
	size_t j, k, a, bt;
	const size_t entry = 0;	/* the depth-first walk's start */
	unsigned char *stop;
	enum smk_answer r = SMK_NO;

	flow_dies(b, to);
	fl = edges_at(b, to, &fn, &j);
	if (!fl)
		return unknown(b);
	bt = fl->block[j];
	stop = calloc(fl->nb, 1);
	if (!stop) {
		nomem(b);
		return SMK_UNKNOWN;
	}
	for (a = 0; a < navoid; a++) {
		k = avoid[a] == to ? fn->n : insn_find(fn, avoid[a]);
		if (k == fn->n)
			continue;	/* @to itself, another function's */
		if (fl->block[k] == bt && k <= j)
			goto out;	/* before @to in its own block */
		if (fl->block[k] != bt)
			stop[fl->block[k]] = 1;
	}
	if (entry == bt)
		r = SMK_YES;
	else if (!stop[entry])
		r = pass_walk(b, fl, entry, bt, stop);
out:
	free(stop);
	return r;
}

static bool noreturn_symbol(const char *name)
{
	return name && smk_noreturn_name(name, strlen(name));
}

/* The GOT slot a PLT stub at @addr jumps through ("endbr64; bnd jmp
 * *slot(%rip)", or "jmp *slot(%rip)"), or 0. */
static uint64_t plt_slot(struct smk_binary *b, uint64_t addr)
{
	const unsigned char *c = code_bytes(b, addr, 16);
	size_t k = 0;
	int32_t rel;

	if (!c)
		return 0;
	if (c[0] == 0xf3 && c[1] == 0x0f && c[2] == 0x1e && c[3] == 0xfa)
		k = 4;		/* endbr64 */
	if (c[k] == 0xf2)
		k++;		/* bnd */
	if (c[k] != 0xff || c[k + 1] != 0x25)
		return 0;
	memcpy(&rel, c + k + 2, 4);
	return addr + k + 6 + (int64_t)rel;
}

/* code_noreturn() for the code at @addr (@slot: a GOT slot's import),
 * @depth more tail calls deep. */
static bool code_noreturn(struct smk_binary *b, uint64_t addr, bool slot,
			  int depth)
{
	const struct smk_symbol *sym;
	const struct func_info *fn;
	const struct insn_info *insns;
	const char *sec;
	uint64_t got;
	size_t i, n;

	if (!addr)
		return false;
	if (slot)
		return noreturn_symbol(smk_binary_import(b, addr));
	sec = smk_binary_section_name(b, addr);
	if (sec && !strncmp(sec, ".plt", 4))
		return (got = plt_slot(b, addr)) &&
		       noreturn_symbol(smk_binary_import(b, got));
	sym = smk_binary_symbol_at(b, addr);
	if (!sym || sym->addr != addr)
		return false;
	if (noreturn_symbol(sym->name))
		return true;
	fn = func_at(b, addr, NULL);
	if (!fn || !fn->n || fn->table_unknown || depth <= 0)
		return false;
	/* Asking about a tail call's target may move the cache's entries:
	 * the instructions stay where they are. */
	insns = fn->insns;
	n = fn->n;
	for (i = 0; i < n; i++) {
		if (insns[i].ret || insns[i].indirect)
			return false;
		if (!jumps_out(fn, &insns[i]))
			continue;
		if (!code_noreturn(b, insns[i].target, false, depth - 1) ||
		    !(fn = func_at(b, addr, NULL)))
			return false;
	}
	return true;
}

/*
 * Does the call at @in never return?  A call of a library function known
 * not to (through the PLT or the GOT), or of a function of the binary
 * that has no way out: no ret, no indirect jump, and no jump out of it
 * (a tail call) but to such a function, three calls deep (lua's
 * luaG_opinterror, which tail-calls luaG_typeerror, which calls
 * luaG_runerror, ...).  Anything not known returns.
 */
static bool call_noreturn(struct smk_binary *b, const struct insn_info *in)
{
	return in->call && code_noreturn(b, in->callee, in->callee_slot, 3);
}

/* Does block @k end in a way out of the function: a ret, or a jump
 * (conditional or not) whose target is outside it?  That target in *@to
 * (0 for a ret). */
static bool block_exits(const struct func_info *fn, const struct flow *fl,
			size_t k, uint64_t *to)
{
	const struct insn_info *in = &fn->insns[block_end(fn, fl, k) - 1];

	*to = 0;
	if (in->ret)
		return true;
	if (jumps_out(fn, in)) {
		*to = in->target;
		return true;
	}
	return false;
}

/*
 * The function's own cold part (gcc's foo.cold), [*@lo, *@hi): SMK_NO
 * when it only jumps back into @fn, each target then in @back (up to
 * @max, *@nback of them); SMK_YES when it may leave another way (a ret, a
 * jump elsewhere); unknown when not decoded; *@hi == *@lo when there is
 * none.
 */
static enum smk_answer cold_back(struct smk_binary *b, const char *name,
				 const struct func_info *fn, uint64_t *lo,
				 uint64_t *hi, uint64_t *back, size_t max,
				 size_t *nback)
{
	const struct smk_symbol *cs;
	struct func_info *cf;
	char cold[512];
	size_t i;

	*nback = 0;
	*lo = *hi = 0;
	if (!name || (size_t)snprintf(cold, sizeof(cold), "%s.cold", name) >=
	    sizeof(cold) || !(cs = smk_binary_code_symbol(b, cold)))
		return SMK_YES;
	*lo = cs->addr;
	*hi = cs->addr + cs->size;
	cf = func_at(b, cs->addr, NULL);
	if (!cf || cf->table_unknown)
		return SMK_UNKNOWN;
	for (i = 0; i < cf->n; i++) {
		const struct insn_info *in = &cf->insns[i];

		if (in->ret || in->indirect)
			return SMK_YES;
		if (!jumps_out(cf, in))
			continue;
		if (insn_find(fn, in->target) == fn->n)
			return SMK_YES;	/* a tail call, or some other code */
		if (*nback == max)
			return SMK_UNKNOWN;
		back[(*nback)++] = in->target;
	}
	return SMK_NO;
}

static bool in_any(uint64_t a, const uint64_t *lo, const uint64_t *hi,
		   size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (a >= lo[i] && a < hi[i])
			return true;
	return false;
}

/*
 * The walk of smk_code_exit_around(), smk_code_exit_from() and
 * smk_code_exit_into(): from the function's entry; with @from_addr from
 * the instruction @addr (its block's instructions before it are not on
 * the way: a site there is no wall for the start, and the block is not
 * entered again); with @nr ranges from every way into them.
 */
static enum smk_answer exit_walk(struct smk_binary *b, uint64_t addr,
				 bool from_addr, const uint64_t *rlo,
				 const uint64_t *rhi, size_t nr,
				 const uint64_t *avoid, size_t navoid,
				 uint64_t *exit_at)
{
	enum { MAX_BACK = 64 };
	const struct smk_symbol *sym;
	struct func_info *fn, self;
	const struct flow *fl;
	uint64_t back[MAX_BACK], to, lo = 0, hi = 0;
	size_t j, k, a, wn = 0, e, nback = 0, start = 0, *work;
	unsigned char *stop;
	enum smk_answer r = SMK_NO, cold = SMK_UNKNOWN;
	bool cold_read = false, cold_done = false;

	flow_dies(b, addr);
	if (!func_at(b, addr, &sym) || !(fl = edges_at(b, addr, &fn, &j)))
		return unknown(b);
	if (from_addr) {
		start = fl->block[j];
		for (a = 0; a < navoid; a++) {
			k = insn_find(fn, avoid[a]);
			if (k < fn->n && k >= j &&
			    k < block_end(fn, fl, start))
				return SMK_NO;
		}
	}
	/* Decoding other functions (callees, the cold part) may move the
	 * cache's entries, not what they point to: a copy stays good. */
	self = *fn;
	fn = &self;
	if (!walk_alloc(b, fl, &stop, NULL, &work))
		return SMK_UNKNOWN;
	/* A path that enters a block passes all of it: a block holding
	 * one of @avoid is a wall. */
	for (a = 0; a < navoid; a++) {
		k = insn_find(fn, avoid[a]);
		if (k < fn->n)
			stop[fl->block[k]] = 1;
	}
	if (nr) {
		/* The ways into the ranges: the blocks holding code of them
		 * that a path from the function's entry reaches before any
		 * other such block (clang gives some of an inlined copy's
		 * own instructions to no scope, so a block of the copy
		 * entered from code outside its ranges is not always a way
		 * in). */
		unsigned char *in = calloc(fl->nb, 1), *seen = calloc(fl->nb, 1);
		size_t *q = malloc(fl->nb * sizeof(*q)), qn = 0, v, i;

		if (!in || !seen || !q) {
			free(in);
			free(seen);
			free(q);
			free(stop);
			free(work);
			nomem(b);
			return SMK_UNKNOWN;
		}
		for (i = 0; i < fn->n; i++)
			if (in_any(fn->insns[i].addr, rlo, rhi, nr))
				in[fl->block[i]] = 1;
		seen[0] = 1;
		q[qn++] = 0;
		while (qn) {
			v = q[--qn];
			if (in[v]) {
				if (!stop[v]) {
					stop[v] = 1;
					work[wn++] = v;
				}
				continue;
			}
			for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v];
			     e++)
				if (!seen[fl->succ[e]]) {
					seen[fl->succ[e]] = 1;
					q[qn++] = fl->succ[e];
				}
		}
		free(in);
		free(seen);
		free(q);
	} else if (from_addr || !stop[start]) {
		stop[start] = 1;
		work[wn++] = start;
	}
	while (wn && r == SMK_NO) {
		size_t v = work[--wn], end;

		/* A call that does not return ends the path (exit(), a
		 * function of the binary that only aborts): flow_dies()'s
		 * fact, but for the start's own instructions from @addr. */
		end = block_end(fn, fl, v);
		if (fl->dies && !(from_addr && v == start)) {
			if (fl->dies[v])
				continue;
		} else {
			for (k = from_addr && v == start ? j : fl->first[v];
			     k < end; k++)
				if (call_noreturn(b, &fn->insns[k]))
					break;
			if (k < end)
				continue;
		}
		if (block_exits(fn, fl, v, &to)) {
			if (to && !cold_read) {
				cold = cold_back(b, sym->name, fn, &lo, &hi,
						 back, MAX_BACK, &nback);
				cold_read = true;
			}
			/* A ret, a tail call, another function's code. */
			if (!to || to < lo || to >= hi) {
				r = SMK_YES;
				*exit_at = fn->insns[end - 1].addr;
				break;
			}
			/* Into the function's cold part: where it comes
			 * back to is where the path goes on (all of them:
			 * more paths than there are, never fewer). */
			if (cold != SMK_NO) {
				r = cold;
				*exit_at = fn->insns[end - 1].addr;
				break;
			}
			for (a = 0; a < nback && !cold_done; a++) {
				k = insn_find(fn, back[a]);
				if (k < fn->n && !stop[fl->block[k]]) {
					stop[fl->block[k]] = 1;
					work[wn++] = fl->block[k];
				}
			}
			cold_done = true;
		}
		for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++) {
			size_t w = fl->succ[e];

			if (!stop[w]) {
				stop[w] = 1;
				work[wn++] = w;
			}
		}
	}
	free(stop);
	free(work);
	if (r == SMK_UNKNOWN)
		unknown(b);
	return r;
}

enum smk_answer smk_code_exit_around(struct smk_binary *b, uint64_t addr,
				     const uint64_t *avoid, size_t navoid,
				     uint64_t *exit_at)
{
	return exit_walk(b, addr, false, NULL, NULL, 0, avoid, navoid,
			 exit_at);
}

enum smk_answer smk_code_exit_from(struct smk_binary *b, uint64_t from,
				   const uint64_t *avoid, size_t navoid,
				   uint64_t *exit_at)
{
	return exit_walk(b, from, true, NULL, NULL, 0, avoid, navoid,
			 exit_at);
}

enum smk_answer smk_code_exit_into(struct smk_binary *b, const uint64_t *lo,
				   const uint64_t *hi, size_t nr,
				   const uint64_t *avoid, size_t navoid,
				   uint64_t *exit_at)
{
	struct func_info *fn;

	if (!nr)
		return SMK_NO;
	fn = func_at(b, lo[0], NULL);
	if (!fn || !fn->n)
		return unknown(b);
	return exit_walk(b, fn->insns[0].addr, false, lo, hi, nr, avoid,
			 navoid, exit_at);
}

int smk_code_table_slots(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	unsigned int slots = 0;
	size_t i;

	if (!fn || fn->table_unknown)
		return -1;
	for (i = 0; i < fn->ntable; i++)
		if (fn->table[i].target == addr)
			slots += fn->table[i].slots;
	return slots;
}

struct smk_error *smk_code_facts(struct smk_binary *b, uint64_t addr,
				 struct smk_code_facts *f)
{
	const struct smk_symbol *sym;
	struct func_info *fn;
	size_t i, k, first = 0;
	bool reach = false;

	memset(f, 0, sizeof(*f));
	fn = func_at(b, addr, &sym);
	if (!fn || !fn->n)
		return NULL;
	f->decoded = true;
	f->func_entry = addr == sym->addr;
	/* Jumps to @addr. */
	for (k = 0; k < fn->ntargets; k++)
		f->preds += fn->targets[k] == addr;
	/*
	 * Falling into @addr counts only from reachable code: the padding
	 * after a ret or jmp (nops up to the next aligned target) is not.
	 * Reachable: the entry, a jump target, a switch table's entry, or
	 * after reachable code that falls through.
	 */
	for (i = 0; i < fn->n; i++) {
		bool prev = reach;

		reach = i == 0 || fn->insns[i].ientry ||
			is_target(fn->targets, fn->ntargets, fn->insns[i].addr) ||
			(prev && fn->insns[i - 1].falls);
		if (fn->insns[i].addr == addr) {
			f->boundary = true;
			if (i && prev && fn->insns[i - 1].falls)
				f->preds++;
			break;
		}
	}
	if (fn->insns[0].addr == addr)
		f->preds++;	/* the function's callers */
	/* The basic block holding @addr: it starts at a jump target or
	 * after a transfer, and ends before the next. */
	if (f->boundary) {
		size_t at = i, end;

		for (first = at; first > 0; first--) {
			if (is_target(fn->targets, fn->ntargets,
				      fn->insns[first].addr) ||
			    fn->insns[first - 1].jump ||
			    !fn->insns[first - 1].falls)
				break;
		}
		for (end = at; end < fn->n; end++) {
			if (end > at && is_target(fn->targets, fn->ntargets,
						  fn->insns[end].addr))
				break;
			if (fn->insns[end].condmove)
				f->condmove = true;
			f->vector |= fn->insns[end].vector;
			if (fn->insns[end].jump)
				break;
		}
		for (k = first; k < at; k++) {
			if (fn->insns[k].condmove)
				f->condmove = true;
			f->vector |= fn->insns[k].vector;
		}
	}
	f->join = f->preds > 1;
	return NULL;
}

/* smk_code_straight(), or with @alone false smk_code_falls_to(). */
static bool runs_on(struct smk_binary *b, uint64_t a, uint64_t c, bool alone)
{
	const struct smk_symbol *sa;
	struct func_info *fn = a < c ? func_at(b, a, &sa) : NULL;
	bool seen_a = false;
	size_t i;

	if (!fn || sa != smk_binary_symbol_at(b, c))
		return false;
	for (i = 0; i < fn->n && fn->insns[i].addr < c; i++) {
		const struct insn_info *in = &fn->insns[i];

		if (in->addr < a)
			continue;
		seen_a |= in->addr == a;
		if (in->jump || !in->falls)
			return false;
		if (alone && in->addr > a &&
		    is_target(fn->targets, fn->ntargets, in->addr))
			return false;
	}
	return seen_a && i < fn->n && fn->insns[i].addr == c &&
	       !(alone && is_target(fn->targets, fn->ntargets, c));
}

bool smk_code_straight(struct smk_binary *b, uint64_t a, uint64_t c)
{
	return runs_on(b, a, c, true);
}

bool smk_code_falls_to(struct smk_binary *b, uint64_t a, uint64_t c)
{
	return runs_on(b, a, c, false);
}

size_t smk_code_tail_copies(struct smk_binary *b, uint64_t addr,
			    uint64_t *out, size_t max)
{
	enum { MAX_TAIL = 8 };
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, addr, &sym);
	const unsigned char *code;
	size_t i, j, k, end, ninsn, found = 0;
	uint64_t len;

	code = fn ? code_bytes(b, sym->addr, sym->size) : NULL;
	if (!fn || !code) {
		unknown(b);
		return SIZE_MAX;
	}
	for (i = 0; i < fn->n && fn->insns[i].addr != addr; i++)
		;
	if (i == fn->n)
		return 0;
	/* The tail: straight on to a ret or jmp, no branch on the way. */
	for (end = i; end < fn->n && end - i < MAX_TAIL; end++) {
		if (!fn->insns[end].falls)
			break;
		if (fn->insns[end].jump)
			return 0;
	}
	if (end == fn->n || end - i == MAX_TAIL)
		return 0;
	ninsn = end - i + 1;
	len = (end + 1 < fn->n ? fn->insns[end + 1].addr :
	       sym->addr + sym->size) - addr;
	for (k = 0; k + ninsn <= fn->n; k++) {
		uint64_t t = fn->insns[k].addr;
		uint64_t tlen = (k + ninsn < fn->n ? fn->insns[k + ninsn].addr :
				 sym->addr + sym->size) - t;

		if (k == i || tlen != len ||
		    memcmp(code + (t - sym->addr), code + (addr - sym->addr),
			   len))
			continue;
		/* the same instructions, not just the same bytes */
		for (j = 0; j < ninsn; j++)
			if (fn->insns[k + j].addr - t !=
			    fn->insns[i + j].addr - addr)
				break;
		if (j == ninsn) {
			if (found == max)
				return SIZE_MAX;
			out[found++] = t;
		}
	}
	return found;
}

bool smk_code_block_start(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i;

	if (!fn)
		return false;
	for (i = 0; i < fn->n && fn->insns[i].addr < addr; i++)
		;
	if (i == fn->n || fn->insns[i].addr != addr)
		return false;
	return i == 0 || is_target(fn->targets, fn->ntargets, addr) ||
	       fn->insns[i - 1].jump || !fn->insns[i - 1].falls;
}

bool smk_code_block_first(struct smk_binary *b, uint64_t addr,
			  uint64_t *first)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i;

	if (!fn || (i = insn_find(fn, addr)) == fn->n)
		return false;
	while (i > 0 && !is_target(fn->targets, fn->ntargets,
				   fn->insns[i].addr) &&
	       !fn->insns[i - 1].jump && fn->insns[i - 1].falls)
		i--;
	*first = fn->insns[i].addr;
	return true;
}

enum smk_answer smk_code_range_exits(struct smk_binary *b, uint64_t lo,
				     uint64_t hi, uint64_t *last)
{
	const struct smk_symbol *sym;
	struct func_info *fn = lo < hi ? func_at(b, lo, &sym) : NULL;
	size_t i = fn ? insn_find(fn, lo) : 0;
	bool leaves = false, end_jump = false;

	if (!fn || i >= fn->n || fn->insns[i].addr != lo ||
	    sym != smk_binary_symbol_at(b, hi - 1))
		return SMK_UNKNOWN;
	*last = 0;
	for (; i < fn->n && fn->insns[i].addr < hi; i++) {
		const struct insn_info *in = &fn->insns[i];

		*last = in->addr;
		/* A jump out that is the range's last instruction and
		 * always taken is its end (the jump of an arm over the
		 * else): only the ones before it leave early. */
		leaves |= end_jump;
		end_jump = false;
		if (in->ret || in->indirect)
			leaves = true;
		else if (in->jump && (!in->target || in->target < lo ||
				      in->target >= hi)) {
			if (in->falls || !in->target)
				leaves = true;
			else
				end_jump = true;
		}
	}
	/* The range must end on an instruction's end. */
	if (i < fn->n && fn->insns[i].addr != hi)
		return SMK_UNKNOWN;
	return leaves ? SMK_YES : SMK_NO;
}

enum smk_answer smk_code_range_completes_at(struct smk_binary *b,
					    uint64_t lo, uint64_t hi)
{
	const struct smk_symbol *sym;
	struct func_info *fn = lo < hi ? func_at(b, lo, &sym) : NULL;
	size_t i = fn ? insn_find(fn, lo) : 0, j;

	if (!fn || i >= fn->n || fn->insns[i].addr != lo ||
	    sym != smk_binary_symbol_at(b, hi) || fn->table_unknown)
		return SMK_UNKNOWN;
	for (; i < fn->n && fn->insns[i].addr < hi; i++) {
		const struct insn_info *in = &fn->insns[i];

		if (in->ret || in->indirect)
			return SMK_NO;
		if (in->jump && (!in->target || in->target < lo ||
				 in->target > hi))
			return SMK_NO;
	}
	if (i >= fn->n || fn->insns[i].addr != hi)
		return SMK_UNKNOWN;
	if (fn->insns[i].ientry)
		return SMK_NO;
	for (j = 0; j < fn->ntable; j++)
		if (fn->table[j].target == hi)
			return SMK_NO;
	for (j = 0; j < fn->n; j++)
		if (fn->insns[j].jump && fn->insns[j].target == hi &&
		    (fn->insns[j].addr < lo || fn->insns[j].addr >= hi))
			return SMK_NO;
	return SMK_YES;
}

bool smk_code_insn_writes(struct smk_binary *b, uint64_t addr,
			  struct smk_code_writes *w)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i = fn ? insn_find(fn, addr) : 0;

	if (!fn || i >= fn->n || fn->insns[i].addr != addr)
		return false;
	w->call = fn->insns[i].call;
	w->store = fn->insns[i].may_store;
	w->frame = fn->insns[i].frame_store;
	w->frame_disp = fn->insns[i].frame_disp;
	w->frame_size = fn->insns[i].frame_size;
	w->stored_reg = fn->insns[i].stored_reg;
	w->stored_imm = fn->insns[i].stored_imm;
	w->stored_val = fn->insns[i].stored_val;
	return true;
}

uint64_t smk_code_insn_end(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i = fn ? insn_find(fn, addr) : 0;

	const unsigned char *code;
	cs_insn *insn = NULL;
	uint64_t end = 0, len;
	csh h;

	if (!fn || i >= fn->n || fn->insns[i].addr != addr)
		return 0;
	if (i + 1 < fn->n)
		return fn->insns[i + 1].addr;
	/* The function's last instruction: decode it alone. */
	for (len = 15; len && !(code = code_bytes(b, addr, len)); len--)
		;
	if (!len || cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return 0;
	if (cs_disasm(h, code, len, addr, 1, &insn) == 1)
		end = addr + insn[0].size;
	if (insn)
		cs_free(insn, 1);
	cs_close(&h);
	return end;
}

int smk_code_range_writes(struct smk_binary *b, uint64_t from, uint64_t to,
			  const unsigned int *regs, size_t nregs,
			  bool memory)
{
	const unsigned char *code;
	cs_insn *insn = NULL;
	size_t n, i, k, r;
	int ret = 0;
	csh h;

	if (to <= from)
		return 0;
	if (to - from > 4096 || !(code = code_bytes(b, from, to - from)) ||
	    cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return -1;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	n = cs_disasm(h, code, to - from, from, 0, &insn);
	if (!n)
		ret = -1;
	for (i = 0; i < n && !ret; i++) {
		cs_regs rd, wr;
		uint8_t nrd = 0, nwr = 0;
		const cs_x86 *x = &insn[i].detail->x86;

		if (insn[i].id == X86_INS_CALL) {
			ret = 1;	/* clobbers, and may store anything */
			break;
		}
		if (cs_regs_access(h, &insn[i], rd, &nrd, wr, &nwr) != 0) {
			ret = -1;
			break;
		}
		for (k = 0; k < nwr && !ret; k++)
			for (r = 0; r < nregs; r++)
				if (reg64(wr[k]) == regs[r])
					ret = 1;
		for (k = 0; memory && k < x->op_count && !ret; k++)
			if (x->operands[k].type == X86_OP_MEM &&
			    (x->operands[k].access & CS_AC_WRITE))
				ret = 1;
		if (!ret && memory && (insn[i].id == X86_INS_PUSH ||
				       insn[i].id == X86_INS_MOVSB ||
				       insn[i].id == X86_INS_MOVSQ ||
				       insn[i].id == X86_INS_STOSB ||
				       insn[i].id == X86_INS_STOSQ))
			ret = 1;
	}
	cs_free(insn, n);
	cs_close(&h);
	return ret;
}

static enum smk_answer reaches(struct smk_binary *b, uint64_t from,
			       uint64_t to, bool strict, uint64_t avoid);

enum smk_answer smk_code_reaches(struct smk_binary *b, uint64_t from,
				 uint64_t to)
{
	return reaches(b, from, to, false, 0);
}

enum smk_answer smk_code_loop_exit(struct smk_binary *b, uint64_t jump,
				   uint64_t dest)
{
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, jump, &sym);
	bool unsure = false;
	size_t i;

	if (!fn)
		return unknown(b);
	if (sym != smk_binary_symbol_at(b, dest))
		return SMK_NO;
	/* Each backward jump T -> H closes a loop: H and what reaches T
	 * without passing H. */
	for (i = 0; i < fn->n; i++) {
		uint64_t t = fn->insns[i].addr, h = fn->insns[i].target;
		enum smk_answer has_jump, has_dest;

		if (!h || h > t)
			continue;
		has_jump = jump == h ? SMK_YES : reaches(b, jump, t, false, h);
		if (has_jump == SMK_UNKNOWN)
			unsure = true;
		if (has_jump != SMK_YES)
			continue;
		has_dest = dest == h ? SMK_YES : reaches(b, dest, t, false, h);
		if (has_dest == SMK_NO)
			return SMK_YES;
		unsure |= has_dest == SMK_UNKNOWN;
	}
	return unsure ? SMK_UNKNOWN : SMK_NO;
}

enum smk_answer smk_code_in_loop(struct smk_binary *b, uint64_t addr)
{
	return reaches(b, addr, addr, true, 0);
}

/*
 * With @strict, a path of at least one step: @from == @to is a loop.
 * SMK_UNKNOWN when the function is not decoded, the search ran out of
 * steps (a function larger than MAX_STEPS instructions) or of memory
 * (noted for smk_code_take_error()).
 */
static enum smk_answer reaches(struct smk_binary *b, uint64_t from,
			       uint64_t to, bool strict, uint64_t avoid)
{
	enum { MAX_STEPS = 1 << 14 };
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, from, &sym);
	size_t *stack, top = 0, steps = 0, i;
	bool *seen, found = false, again = false;
	enum smk_answer ans;

	if (!fn || !fn->n)
		return unknown(b);
	if (sym != smk_binary_symbol_at(b, to))
		return SMK_NO;
	seen = calloc(fn->n, sizeof(*seen));
	stack = calloc(fn->n + 2, sizeof(*stack));
	if (!seen || !stack) {
		nomem(b);
		ans = unknown(b);
		goto out;
	}
	for (i = 0; i < fn->n && fn->insns[i].addr != from; i++)
		;
	if (i == fn->n) {
		ans = unknown(b);	/* not an instruction's start */
		goto out;
	}
	stack[top++] = i;
	seen[i] = true;
	/* Never through @avoid (unless it is where we go). */
	if (avoid && avoid != to)
		for (size_t k = 0; k < fn->n; k++)
			if (fn->insns[k].addr == avoid)
				seen[k] = true;
	/* Depth first over instructions: the next one when control falls
	 * through, the target of a direct jump. */
	while (top && steps < MAX_STEPS) {
		const struct insn_info *in = &fn->insns[stack[--top]];
		size_t k = in - fn->insns, next[2], nn = 0, j;

		steps++;
		if (in->addr == to && (!strict || steps > 1)) {
			found = true;
			break;
		}
		if (in->falls && k + 1 < fn->n)
			next[nn++] = k + 1;
		if (in->target) {
			size_t lo = 0, hi = fn->n;

			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (fn->insns[mid].addr < in->target)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < fn->n && fn->insns[lo].addr == in->target)
				next[nn++] = lo;
		}
		for (j = 0; j < nn; j++)
			if (!seen[next[j]] ||
			    (strict && next[j] == i && !again)) {
				again |= next[j] == i;
				seen[next[j]] = true;
				stack[top++] = next[j];
			}
		/* A switch's table: any of its entries. */
		if (in->indirect)
			for (j = 0; j < fn->n; j++)
				if (fn->insns[j].ientry &&
				    (!seen[j] || (strict && j == i && !again))) {
					again |= j == i;
					seen[j] = true;
					stack[top++] = j;
				}
	}
	/* Gave up with paths left to follow: that is no "no". */
	ans = found ? SMK_YES : top ? unknown(b) : SMK_NO;
out:
	free(seen);
	free(stack);
	return ans;
}

size_t smk_code_exits(struct smk_binary *b, uint64_t addr,
		      struct smk_code_run *out, size_t max)
{
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, addr, &sym);
	size_t i, first, n = 0;

	if (!fn) {
		unknown(b);
		return SIZE_MAX;
	}
	for (i = 0; i < fn->n; i++) {
		if (!fn->insns[i].ret)
			continue;
		if (n == max)
			return SIZE_MAX;	/* more than asked for */
		for (first = i; first > 0; first--)
			if (is_target(fn->targets, fn->ntargets,
				      fn->insns[first].addr) ||
			    fn->insns[first - 1].jump ||
			    !fn->insns[first - 1].falls)
				break;
		out[n].start = fn->insns[first].addr;
		out[n++].end = i + 1 < fn->n ? fn->insns[i + 1].addr :
			       sym->addr + sym->size;
	}
	return n;
}

/* smk_code_stale_member() and smk_code_stale_static(): @stored says
 * whether an instruction writes the value in question. */
static bool stale(struct smk_binary *b, uint64_t site,
		  bool (*stored)(const struct insn_info *in, uint64_t what),
		  uint64_t what)
{
	struct func_info *fn;
	enum smk_answer loop = smk_code_in_loop(b, site), r;
	bool later = false;
	size_t i;

	/* Unknown: stale, as far as anyone can tell. */
	if (loop == SMK_NO)
		return false;
	if (loop == SMK_UNKNOWN || !(fn = func_at(b, site, NULL)))
		return true;
	for (i = 0; i < fn->n; i++) {
		const struct insn_info *in = &fn->insns[i];

		if (!stored(in, what))
			continue;
		r = smk_code_reaches(b, site, in->addr);
		if (r == SMK_NO)
			continue;
		if (r == SMK_UNKNOWN)
			return true;
		r = smk_code_reaches(b, in->addr, site);
		if (r == SMK_YES)
			return false;	/* stored on the way round */
		if (r == SMK_UNKNOWN)
			return true;
		later = true;
	}
	return later;
}

static bool member_store(const struct insn_info *in, uint64_t disp)
{
	return in->store && in->disp == (int64_t)disp;
}

bool smk_code_stale_member(struct smk_binary *b, uint64_t site, int64_t disp)
{
	return stale(b, site, member_store, (uint64_t)disp);
}

static bool static_store(const struct insn_info *in, uint64_t addr)
{
	return in->static_store && in->static_store == addr;
}

bool smk_code_stale_static(struct smk_binary *b, uint64_t site, uint64_t addr)
{
	return addr && stale(b, site, static_store, addr);
}

bool smk_code_stack_unset(struct smk_binary *b, uint64_t site, int64_t disp)
{
	struct func_info *fn;
	const struct flow *fl;
	int64_t *at = NULL, slot;
	size_t i, k, e, *work = NULL, wn = 0, bs;
	unsigned char *seen = NULL;
	bool unset = true;

	fl = edges_at(b, site, &fn, &i);
	if (!fl)
		return true;
	/*
	 * %rsp against its value at the entry, at the start of each block
	 * (INT64_MIN: not reached yet), walking the flow graph; a block
	 * reached with two values, or an instruction that loses track of
	 * %rsp, leaves it unknown: unset, as far as anyone can tell.
	 */
	at = malloc(fl->nb * sizeof(*at));
	work = malloc((2 * fl->nb + 2) * sizeof(*work));
	seen = calloc(2 * fl->nb + 2, 1);
	if (!at || !work || !seen)
		goto out;
	for (k = 0; k < fl->nb; k++)
		at[k] = INT64_MIN;
	at[0] = 0;
	work[wn++] = 0;
	while (wn) {
		size_t v = work[--wn], last;
		int64_t sp = at[v];

		last = block_end(fn, fl, v);
		for (k = fl->first[v]; k < last; k++) {
			if (fn->insns[k].sp_lost)
				goto out;
			sp += fn->insns[k].sp_delta;
		}
		for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++) {
			size_t w = fl->succ[e];

			if (at[w] == INT64_MIN) {
				at[w] = sp;
				work[wn++] = w;
			} else if (at[w] != sp) {
				goto out;
			}
		}
	}
	/* The slot against the entry's %rsp: at or above it, the caller's
	 * frame (arguments on the stack), written before the call. */
	bs = fl->block[i];
	slot = at[bs];
	for (k = fl->first[bs]; k < i; k++)
		slot += fn->insns[k].sp_delta;
	slot += disp;
	if (slot >= 0) {
		unset = false;
		goto out;
	}
	/*
	 * From the entry, can the site be reached without passing a store
	 * to the slot?  Its address taken (an lea) writes nothing: it is
	 * handed on, and a call, or a store through a register, after it
	 * may write through it (so the path stops there as written).  gcc
	 * takes the address of a local early and stores its initializer
	 * where the address escapes (csmith seed 6363 at gcc -O2: "lea
	 * 0x1c(%rsp)" before the marker, the pointer stored after it, the
	 * slot read as 0 for 8).  A walk over (block, address taken).
	 */
	wn = 0;
	work[wn++] = 0;
	seen[0] = 1;
	unset = false;
	while (wn && !unset) {
		size_t item = work[--wn], v = item / 2, last;
		bool taken = item & 1, blocked = false;
		int64_t sp = at[v];

		last = block_end(fn, fl, v);
		for (k = fl->first[v]; k < last; k++) {
			const struct insn_info *in = &fn->insns[k];
			bool on_slot = in->sp_ref && sp + in->sp_disp <= slot &&
				slot < sp + in->sp_disp + (in->sp_size ?
							   in->sp_size : 1);

			if (k == i) {
				unset = true;
				break;
			}
			if (on_slot && in->sp_ref == 2) {
				taken = true;
			} else if (on_slot ||
				   (taken && (in->call ||
					      (in->may_store &&
					       in->sp_ref != 1 &&
					       !in->static_store &&
					       in->sp_delta >= 0)))) {
				blocked = true;
				break;
			}
			sp += in->sp_delta;
		}
		if (unset || blocked)
			continue;
		for (e = fl->soff[v]; e < fl->soff[v] + fl->nsucc[v]; e++) {
			size_t w = fl->succ[e] * 2 + taken;

			if (!seen[w]) {
				seen[w] = 1;
				work[wn++] = w;
			}
		}
	}
out:
	free(at);
	free(work);
	free(seen);
	return unset;
}

/* Does a direct jump in the function @name (a .cold part) go to @addr? */
static bool jumps_from(struct smk_binary *b, const char *name, uint64_t addr)
{
	struct func_info *fn;
	uint64_t at;

	if (!smk_binary_symbol_addr(b, name, &at))
		return false;
	fn = func_at(b, at, NULL);
	/* A part that is not decoded cannot be ruled out. */
	return !fn || is_target(fn->targets, fn->ntargets, addr);
}

/*
 * The index of the instruction at @addr in @fn (fn->n if none), and in
 * *@prev whether the one before it is reachable: the entry, a jump
 * target, a switch table's entry, or after reachable code that falls
 * through (not the padding after a ret or jmp).
 */
static size_t insn_index(const struct func_info *fn, uint64_t addr,
			 bool *prev)
{
	bool reach = false;
	size_t at;

	*prev = false;
	for (at = 0; at < fn->n; at++) {
		*prev = reach;
		reach = at == 0 || fn->insns[at].ientry ||
			is_target(fn->targets, fn->ntargets, fn->insns[at].addr) ||
			(*prev && fn->insns[at - 1].falls);
		if (fn->insns[at].addr == addr)
			break;
	}
	return at;
}

size_t smk_code_preds(struct smk_binary *b, uint64_t addr, uint64_t *out,
		      size_t max)
{
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, addr, &sym);
	size_t i, n = 0, at;
	bool prev;
	char cold[512];

	if (!fn || addr == sym->addr || fn->table_unknown || smk_code_table_slots(b, addr) != 0)
		return SIZE_MAX;
	at = insn_index(fn, addr, &prev);
	if (at == fn->n || fn->insns[at].ientry)
		return SIZE_MAX;
	if (prev && fn->insns[at - 1].falls) {
		if (n == max)
			return SIZE_MAX;
		out[n++] = fn->insns[at - 1].addr;
	}
	for (i = 0; i < fn->n; i++) {
		if (fn->insns[i].target != addr)
			continue;
		if (n == max)
			return SIZE_MAX;
		out[n++] = fn->insns[i].addr;
	}
	/* A split function's cold part may jump back in. */
	if ((size_t)snprintf(cold, sizeof(cold), "%s.cold", sym->name) >=
	    sizeof(cold) || jumps_from(b, cold, addr))
		return SIZE_MAX;
	return n;
}

/* The decoded instruction at @addr, or NULL. */
static const struct insn_info *decoded_at(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i = fn ? insn_find(fn, addr) : 0;

	return fn && i < fn->n ? &fn->insns[i] : NULL;
}

bool smk_code_cond_jump(struct smk_binary *b, uint64_t addr)
{
	const struct insn_info *in = decoded_at(b, addr);

	return in && in->target && in->falls && in->jump;
}

bool smk_code_direct_jump(struct smk_binary *b, uint64_t addr)
{
	const struct insn_info *in = decoded_at(b, addr);

	return in && in->target && !in->falls && in->jump;
}

bool smk_code_cond_arms(struct smk_binary *b, uint64_t addr,
			uint64_t *taken, uint64_t *next)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i = fn ? insn_find(fn, addr) : 0;

	if (!fn || i >= fn->n || i + 1 >= fn->n || !fn->insns[i].target ||
	    !fn->insns[i].falls || !fn->insns[i].jump)
		return false;
	*taken = fn->insns[i].target;
	*next = fn->insns[i + 1].addr;
	return true;
}

static bool exits(struct smk_binary *b, uint64_t addr, bool bare)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i = fn ? insn_find(fn, addr) : 0, steps;

	if (!fn || i >= fn->n)
		return false;
	for (steps = 0; steps < 64 && i < fn->n; steps++) {
		const struct insn_info *in = &fn->insns[i];

		if (in->ret)
			return true;
		if (bare && (in->call || in->may_store))
			return false;
		if (in->jump && in->falls)
			return false;	/* a condition: not straight */
		if (in->jump) {
			if (in->indirect || !in->target)
				return false;
			i = insn_find(fn, in->target);
			if (i >= fn->n)
				return true;	/* a tail jump out */
			continue;
		}
		if (!in->falls)
			return false;	/* a call that does not return */
		i++;
	}
	return false;
}

size_t smk_code_straight_stores(struct smk_binary *b, uint64_t addr,
				 uint64_t *out, size_t max)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t i = fn ? insn_find(fn, addr) : 0, steps, n = 0;

	if (!fn || i >= fn->n)
		return 0;
	for (steps = 0; steps < 64 && i < fn->n; steps++, i++) {
		const struct insn_info *in = &fn->insns[i];

		if (in->may_store && !in->call && n < max)
			out[n++] = in->addr;
		if (in->jump || in->ret || !in->falls)
			break;
	}
	return n;
}

bool smk_code_exits_straight(struct smk_binary *b, uint64_t addr)
{
	return exits(b, addr, false);
}

bool smk_code_exits_bare(struct smk_binary *b, uint64_t addr)
{
	return exits(b, addr, true);
}

uint64_t smk_code_block_head(struct smk_binary *b, uint64_t addr)
{
	struct func_info *fn = func_at(b, addr, NULL);
	size_t at;
	bool prev;

	if (!fn)
		return 0;
	at = insn_index(fn, addr, &prev);
	if (at == fn->n)
		return 0;
	while (at > 0 && fn->insns[at - 1].falls && !fn->insns[at - 1].jump &&
	       !fn->insns[at].ientry &&
	       !is_target(fn->targets, fn->ntargets, fn->insns[at].addr))
		at--;
	return fn->insns[at].addr;
}

bool smk_code_single_pred(struct smk_binary *b, uint64_t addr,
			  uint64_t *pred, bool *conditional)
{
	const struct smk_symbol *sym;
	struct func_info *fn = func_at(b, addr, &sym);
	size_t i, n = 0, at;
	bool prev;

	if (!fn || addr == sym->addr)
		return false;
	at = insn_index(fn, addr, &prev);
	if (at == fn->n || fn->insns[at].ientry)
		return false;
	if (prev && fn->insns[at - 1].falls) {
		*pred = fn->insns[at - 1].addr;
		*conditional = fn->insns[at - 1].jump &&
			       fn->insns[at - 1].target;
		n++;
	}
	for (i = 0; i < fn->n; i++) {
		if (fn->insns[i].target != addr)
			continue;
		if (n++)
			return false;
		*pred = fn->insns[i].addr;
		*conditional = fn->insns[i].falls;
	}
	return n == 1;
}

/*
 * Switch compare trees.  A sparse switch becomes compares of the switch
 * value against constants, each followed by a conditional jump; clang
 * and gcc also compare value - K ("lea -K(%v), %t; cmp $N, %t; ja").
 * Walking the tree from its head with the set of values that reach each
 * point tells which values enter each arm.  Values are the 32-bit
 * register's, as unsigned numbers; a set is a few closed intervals.
 */
enum { VS_MAX = 32, TREE_STEPS = 512 };

struct vset {
	int n;
	uint64_t lo[VS_MAX], hi[VS_MAX];
};

static bool vs_add(struct vset *s, uint64_t lo, uint64_t hi)
{
	if (s->n == VS_MAX)
		return false;
	s->lo[s->n] = lo;
	s->hi[s->n++] = hi;
	return true;
}

/* @a and @b, both sorted and disjoint: their intersection. */
static bool vs_and(const struct vset *a, const struct vset *b,
		   struct vset *out)
{
	int i, j;

	out->n = 0;
	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++) {
			uint64_t lo = a->lo[i] > b->lo[j] ? a->lo[i] : b->lo[j];
			uint64_t hi = a->hi[i] < b->hi[j] ? a->hi[i] : b->hi[j];

			if (lo <= hi && !vs_add(out, lo, hi))
				return false;
		}
	return true;
}

/* Sort and merge @s's intervals. */
static void vs_norm(struct vset *s)
{
	int i, j, n = 0;

	for (i = 1; i < s->n; i++)
		for (j = i; j > 0 && s->lo[j - 1] > s->lo[j]; j--) {
			uint64_t t = s->lo[j];

			s->lo[j] = s->lo[j - 1];
			s->lo[j - 1] = t;
			t = s->hi[j];
			s->hi[j] = s->hi[j - 1];
			s->hi[j - 1] = t;
		}
	for (i = 0; i < s->n; i++) {
		if (n && s->lo[i] <= s->hi[n - 1] + 1) {
			if (s->hi[i] > s->hi[n - 1])
				s->hi[n - 1] = s->hi[i];
			continue;
		}
		s->lo[n] = s->lo[i];
		s->hi[n++] = s->hi[i];
	}
	s->n = n;
}

/* Values w of the compared register (32 bits) for which the jump after
 * "cmp $c, w" (or "test w, w": c = 0) is taken; false for a jump kind
 * not understood. */
static bool taken_set(unsigned int id, uint32_t c, bool test,
		      struct vset *out)
{
	const uint64_t top = 0xffffffffULL;
	int64_t sc = (int32_t)c;
	/* signed values as unsigned intervals: [s, 2^31-1] and so on */
	uint64_t smin = 0x80000000ULL;

	out->n = 0;
	switch (id) {
	case X86_INS_JE:
		vs_add(out, c, c);
		break;
	case X86_INS_JNE:
		if (c)
			vs_add(out, 0, c - 1ULL);
		if (c != top)
			vs_add(out, c + 1ULL, top);
		break;
	case X86_INS_JA:
		if (c != top)
			vs_add(out, c + 1ULL, top);
		break;
	case X86_INS_JAE:
		vs_add(out, c, top);
		break;
	case X86_INS_JB:
		if (c)
			vs_add(out, 0, c - 1ULL);
		break;
	case X86_INS_JBE:
		vs_add(out, 0, c);
		break;
	case X86_INS_JG:	/* w > sc, signed */
	case X86_INS_JGE:
	case X86_INS_JL:
	case X86_INS_JLE: {
		int64_t lo, hi;

		if (id == X86_INS_JG || id == X86_INS_JGE) {
			lo = id == X86_INS_JG ? sc + 1 : sc;
			hi = INT32_MAX;
		} else {
			lo = INT32_MIN;
			hi = id == X86_INS_JL ? sc - 1 : sc;
		}
		if (lo > hi)
			break;
		/* the negative part, then the non-negative one */
		if (lo < 0)
			vs_add(out, (uint64_t)(lo + (int64_t)smin) + smin,
			       hi < 0 ? (uint64_t)(hi + (int64_t)smin) + smin :
					top);
		if (hi >= 0)
			vs_add(out, lo < 0 ? 0 : (uint64_t)lo, (uint64_t)hi);
		break;
	}
	case X86_INS_JS:
		if (!test)
			return false;
		vs_add(out, smin, top);
		break;
	case X86_INS_JNS:
		if (!test)
			return false;
		vs_add(out, 0, smin - 1);
		break;
	default:
		return false;
	}
	vs_norm(out);
	return true;
}

/* The switch values v for register values w = v + k in @w. */
static bool vs_unshift(const struct vset *w, uint32_t k, struct vset *out)
{
	int i;

	out->n = 0;
	for (i = 0; i < w->n; i++) {
		uint64_t lo = (w->lo[i] - k) & 0xffffffffULL;
		uint64_t hi = (w->hi[i] - k) & 0xffffffffULL;

		if (lo <= hi) {
			if (!vs_add(out, lo, hi))
				return false;
		} else if (!vs_add(out, lo, 0xffffffffULL) ||
			   !vs_add(out, 0, hi)) {
			return false;
		}
	}
	vs_norm(out);
	return true;
}

static void vs_not(const struct vset *a, struct vset *out)
{
	uint64_t next = 0;
	int i;

	out->n = 0;
	for (i = 0; i < a->n; i++) {
		if (a->lo[i] > next)
			vs_add(out, next, a->lo[i] - 1);
		next = a->hi[i] + 1;
	}
	if (next <= 0xffffffffULL)
		vs_add(out, next, 0xffffffffULL);
}

struct tree_walk {
	struct smk_binary *b;
	csh h;
	const cs_insn *insn;
	size_t n;
	unsigned int steps;
	bool failed;
	struct smk_switch_leaf *leaf;
	size_t nleaf, maxleaf;
};

/* Which of @w's 16 tracked registers (reg64 numbering) hold v + k. */
struct reg_map {
	unsigned int reg[8];
	uint32_t k[8];
	int n;
};

static int map_find(const struct reg_map *m, unsigned int r)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->reg[i] == r)
			return i;
	return -1;
}

static size_t insn_at(const struct tree_walk *w, uint64_t addr)
{
	size_t lo = 0, hi = w->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (w->insn[mid].address < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < w->n && w->insn[lo].address == addr ? lo : w->n;
}

static void leaf_add(struct tree_walk *w, uint64_t addr, uint64_t from,
		     const struct vset *s)
{
	size_t i;
	int k;

	if (!s->n)
		return;		/* no value goes this way */
	for (i = 0; i < w->nleaf && w->leaf[i].addr != addr; i++)
		;
	if (i == w->nleaf) {
		if (w->nleaf == w->maxleaf) {
			w->failed = true;
			return;
		}
		memset(&w->leaf[i], 0, sizeof(w->leaf[i]));
		w->leaf[i].addr = addr;
		w->nleaf++;
	}
	for (k = 0; k < s->n; k++)
		if (w->leaf[i].nranges < SMK_SWITCH_RANGES) {
			w->leaf[i].lo[w->leaf[i].nranges] = s->lo[k];
			w->leaf[i].hi[w->leaf[i].nranges++] = s->hi[k];
		} else {
			w->failed = true;
		}
	for (k = 0; k < (int)w->leaf[i].nfrom; k++)
		if (w->leaf[i].from[k] == from)
			return;
	if (w->leaf[i].nfrom < SMK_SWITCH_FROM)
		w->leaf[i].from[w->leaf[i].nfrom++] = from;
	else
		w->failed = true;
}

/* Walk from instruction @i with the values @s and registers @m; @from is
 * the instruction control came from. */
static void tree_walk(struct tree_walk *w, size_t i, struct vset s,
		      struct reg_map m, uint64_t from)
{
	bool pend = false, test = false;
	unsigned int preg = 0;
	uint32_t pc = 0;

	for (; i < w->n && !w->failed; i++) {
		const cs_insn *in = &w->insn[i];
		const cs_x86 *x = &in->detail->x86;
		const cs_x86_op *o = x->operands;
		int at;

		if (++w->steps > TREE_STEPS) {
			w->failed = true;
			return;
		}
		if (in->id == X86_INS_CMP && x->op_count == 2 &&
		    o[0].type == X86_OP_REG && o[0].size == 4 &&
		    o[1].type == X86_OP_IMM &&
		    map_find(&m, reg64(o[0].reg)) >= 0) {
			pend = true;
			test = false;
			preg = reg64(o[0].reg);
			pc = (uint32_t)o[1].imm;
		} else if (in->id == X86_INS_TEST && x->op_count == 2 &&
			   o[0].type == X86_OP_REG && o[1].type == X86_OP_REG &&
			   o[0].reg == o[1].reg && o[0].size == 4 &&
			   map_find(&m, reg64(o[0].reg)) >= 0) {
			pend = true;
			test = true;
			preg = reg64(o[0].reg);
			pc = 0;
		} else if (in->id == X86_INS_LEA && x->op_count == 2 &&
			   o[0].type == X86_OP_REG && o[1].type == X86_OP_MEM &&
			   o[1].mem.index == X86_REG_INVALID &&
			   o[1].mem.segment == X86_REG_INVALID &&
			   (at = map_find(&m, reg64(o[1].mem.base))) >= 0) {
			uint32_t k = m.k[at] + (uint32_t)o[1].mem.disp;
			unsigned int r = reg64(o[0].reg);
			int t = map_find(&m, r);

			if (t < 0 && m.n < 8)
				t = m.n++;
			if (t < 0) {
				w->failed = true;
				return;
			}
			m.reg[t] = r;
			m.k[t] = k;
		} else if (cs_insn_group(w->h, in, CS_GRP_JUMP) &&
			   x->op_count == 1 && o[0].type == X86_OP_IMM) {
			uint64_t target = o[0].imm;
			size_t ti = insn_at(w, target);

			if (ti == w->n) {
				leaf_add(w, target, in->address, &s);
				return;
			}
			if (in->id == X86_INS_JMP) {
				i = ti - 1;	/* go on at the target */
				from = in->address;
				continue;
			}
			{
				struct vset t, tv, taken, fall, nt;
				int r = pend ? map_find(&m, preg) : -1;

				if (r < 0 || !taken_set(in->id, pc, test, &t) ||
				    !vs_unshift(&t, m.k[r], &tv) ||
				    !vs_and(&s, &tv, &taken)) {
					/* not a compare of the value: an arm */
					leaf_add(w, in->address, from, &s);
					return;
				}
				vs_norm(&taken);
				vs_not(&tv, &nt);
				if (!vs_and(&s, &nt, &fall)) {
					w->failed = true;
					return;
				}
				vs_norm(&fall);
				if (taken.n)
					tree_walk(w, ti, taken, m, in->address);
				s = fall;
				from = in->address;
				if (!s.n)
					return;
			}
		} else {
			/* anything else: the entry of an arm */
			leaf_add(w, in->address, from, &s);
			return;
		}
	}
}

size_t smk_code_switch_leaves(struct smk_binary *b, uint64_t head,
			      unsigned int reg, struct smk_switch_leaf *out,
			      size_t max)
{
	const struct smk_symbol *sym = func_symbol(b, head);
	struct tree_walk w = { .b = b, .leaf = out, .maxleaf = max };
	const unsigned char *code;
	cs_insn *insn = NULL;
	struct vset all = { 0 };
	struct reg_map m = { 0 };
	size_t i, n, start;
	csh h;

	if (!sym)
		return SIZE_MAX;
	code = code_bytes(b, sym->addr, sym->size);
	if (!code || cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return SIZE_MAX;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	n = cs_disasm(h, code, sym->size, sym->addr, 0, &insn);
	w.h = h;
	w.insn = insn;
	w.n = n;
	start = insn_at(&w, head);
	if (start == n) {
		w.failed = true;
	} else {
		vs_add(&all, 0, 0xffffffffULL);
		m.reg[0] = reg64(reg);
		m.k[0] = 0;
		m.n = 1;
		tree_walk(&w, start, all, m, 0);
	}
	for (i = 0; i < w.nleaf && !w.failed; i++) {
		struct vset v = { 0 };
		int k;

		for (k = 0; k < (int)out[i].nranges; k++)
			vs_add(&v, out[i].lo[k], out[i].hi[k]);
		vs_norm(&v);
		out[i].nranges = v.n;
		for (k = 0; k < v.n; k++) {
			out[i].lo[k] = v.lo[k];
			out[i].hi[k] = v.hi[k];
		}
	}
	cs_free(insn, n);
	cs_close(&h);
	return w.failed ? SIZE_MAX : w.nleaf;
}

unsigned int smk_code_x86_reg(const char *name)
{
	static const struct { const char *name; unsigned int reg; } regs[] = {
		{ "ax", X86_REG_RAX }, { "bx", X86_REG_RBX },
		{ "cx", X86_REG_RCX }, { "dx", X86_REG_RDX },
		{ "si", X86_REG_RSI }, { "di", X86_REG_RDI },
		{ "bp", X86_REG_RBP }, { "r8", X86_REG_R8 },
		{ "r9", X86_REG_R9 }, { "r10", X86_REG_R10 },
		{ "r11", X86_REG_R11 }, { "r12", X86_REG_R12 },
		{ "r13", X86_REG_R13 }, { "r14", X86_REG_R14 },
		{ "r15", X86_REG_R15 },
	};
	size_t i;

	for (i = 0; i < sizeof(regs) / sizeof(*regs); i++)
		if (!strcmp(name, regs[i].name))
			return regs[i].reg;
	return 0;
}

size_t smk_code_cond_jumps(struct smk_binary *b, uint64_t start, uint64_t end,
			   struct smk_code_jump *out, size_t max)
{
	struct func_info *fn = func_at(b, start, NULL);
	size_t i, n = 0;

	if (!fn)
		return SIZE_MAX;
	for (i = 0; i < fn->n; i++) {
		const struct insn_info *in = &fn->insns[i];

		if (in->addr < start || in->addr >= end || !in->jump ||
		    !in->falls || !in->target)
			continue;
		if (n == max || i + 1 == fn->n)
			return SIZE_MAX;
		out[n].addr = in->addr;
		out[n].taken = in->target;
		out[n++].fall = fn->insns[i + 1].addr;
	}
	return n;
}

/* Is @a in one of the ranges? */
static bool in_ranges(uint64_t a, const uint64_t *lo, const uint64_t *hi,
		      size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (a >= lo[k] && a < hi[k])
			return true;
	return false;
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/*
 * An ET_EXEC's data section, every 4- and 8-byte window read as an
 * absolute address (a function pointer in data needs no relocation
 * there).
 */
static bool data_references(const unsigned char *d, size_t size,
			    const uint64_t *lo, const uint64_t *hi, size_t n)
{
	size_t i;

	for (i = 0; i + 4 <= size; i++) {
		if (in_ranges(le32(d + i), lo, hi, n))
			return true;
		if (i + 8 <= size &&
		    in_ranges((uint64_t)le32(d + i) |
			      (uint64_t)le32(d + i + 4) << 32, lo, hi, n))
			return true;
	}
	return false;
}

static int ref_cmp(const void *a, const void *b)
{
	const struct code_ref *x = a, *y = b;

	return x->to < y->to ? -1 : x->to > y->to;
}

static bool add_ref(struct cfg_cache *c, size_t *cap, uint64_t to,
		    uint64_t from)
{
	if (c->nrefs == *cap) {
		size_t nc = *cap ? 2 * *cap : 4096;
		struct code_ref *r = realloc(c->refs, nc * sizeof(*r));

		if (!r)
			return false;
		c->refs = r;
		*cap = nc;
	}
	c->refs[c->nrefs].to = to;
	c->refs[c->nrefs++].from = from;
	return true;
}

/*
 * Every executable section decoded linearly (compilers put no data in
 * x86-64 code sections; a byte that does not decode makes the index
 * unknown), each instruction's references kept: branch and call
 * targets, RIP-relative operands, and in an ET_EXEC absolute immediates
 * and displacements.  1 built, -1 unknown, 0 out of memory.
 */
static int build_refs(struct smk_binary *b, struct cfg_cache *c)
{
	bool absolute = b->kind == SMK_BINARY_EXEC;
	Elf_Scn *scn = NULL;
	size_t cap = 0, total = 0;
	cs_insn *in;
	csh h;

	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return -1;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	if (!(in = cs_malloc(h))) {
		cs_close(&h);
		return 0;
	}
	while ((scn = elf_nextscn(b->elf, scn))) {
		const uint8_t *code;
		uint64_t addr;
		size_t size;
		Elf_Data *d;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			goto unknown;
		if (!(sh.sh_flags & SHF_EXECINSTR) ||
		    !(sh.sh_flags & SHF_ALLOC) || sh.sh_type != SHT_PROGBITS)
			continue;
		total += sh.sh_size;
		if (total > (64UL << 20) || !(d = elf_getdata(scn, NULL)) ||
		    !d->d_buf || d->d_size != sh.sh_size)
			goto unknown;
		code = d->d_buf;
		size = d->d_size;
		addr = sh.sh_addr;
		while (size) {
			const cs_x86 *x;
			bool branch;
			uint8_t k;

			if (!cs_disasm_iter(h, &code, &size, &addr, in))
				goto unknown;
			x = &in->detail->x86;
			branch = cs_insn_group(h, in, CS_GRP_JUMP) ||
				 cs_insn_group(h, in, CS_GRP_CALL);
			for (k = 0; k < x->op_count; k++) {
				const cs_x86_op *op = &x->operands[k];
				uint64_t to;

				if (op->type == X86_OP_IMM &&
				    (branch || absolute))
					to = (uint64_t)op->imm;
				else if (op->type == X86_OP_MEM &&
					 op->mem.base == X86_REG_RIP)
					to = in->address + in->size +
					     (uint64_t)op->mem.disp;
				else if (op->type == X86_OP_MEM && absolute &&
					 op->mem.base == X86_REG_INVALID)
					to = (uint64_t)op->mem.disp;
				else
					continue;
				if (!add_ref(c, &cap, to, in->address)) {
					cs_free(in, 1);
					cs_close(&h);
					return 0;
				}
			}
		}
	}
	cs_free(in, 1);
	cs_close(&h);
	if (c->nrefs)
		qsort(c->refs, c->nrefs, sizeof(*c->refs), ref_cmp);
	return 1;
unknown:
	cs_free(in, 1);
	cs_close(&h);
	return -1;
}

/* Does the code enter the ranges from outside them? */
static bool code_references(const struct cfg_cache *c, const uint64_t *lo,
			    const uint64_t *hi, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		size_t a = 0, z = c->nrefs;

		while (a < z) {		/* the first ref with to >= lo[k] */
			size_t mid = a + (z - a) / 2;

			if (c->refs[mid].to < lo[k])
				a = mid + 1;
			else
				z = mid;
		}
		for (; a < c->nrefs && c->refs[a].to < hi[k]; a++)
			if (!in_ranges(c->refs[a].from, lo, hi, n))
				return true;
	}
	return false;
}

enum smk_answer smk_code_referenced(struct smk_binary *b, const uint64_t *lo,
				    const uint64_t *hi, size_t n)
{
	bool absolute = b->kind == SMK_BINARY_EXEC;
	struct cfg_cache *c = get_cache(b);
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;

	if ((b->kind != SMK_BINARY_EXEC && b->kind != SMK_BINARY_DYN) ||
	    !n || !c || smk_code_arch(b) || !gelf_getehdr(b->elf, &eh))
		return SMK_UNKNOWN;
	/* An unknown answer here is "entered" to the caller: it is not
	 * counted as a question the placement could not answer. */
	if (!c->refs_state && (c->refs_state = build_refs(b, c)) != 1) {
		/* A part-built index is no index: drop it (a retry after
		 * running out of memory starts from nothing). */
		free(c->refs);
		c->refs = NULL;
		c->nrefs = 0;
		if (!c->refs_state)
			nomem(b);
	}
	if (c->refs_state != 1)
		return SMK_UNKNOWN;
	if (in_ranges(eh.e_entry, lo, hi, n) || code_references(c, lo, hi, n))
		return SMK_YES;
	while ((scn = elf_nextscn(b->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		const char *name;
		size_t k, cnt;

		if (!gelf_getshdr(scn, &sh))
			return SMK_UNKNOWN;
		name = elf_strptr(b->elf, b->shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL ||
		    sh.sh_type == SHT_DYNSYM) {
			Elf_Data *sd = NULL;
			GElf_Shdr ssh;
			Elf_Scn *sym = NULL;

			if (!(sh.sh_flags & SHF_ALLOC) && sh.sh_type != SHT_DYNSYM)
				continue;	/* .rela.debug_* of an -r link */
			if (!(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
				return SMK_UNKNOWN;
			cnt = sh.sh_size / sh.sh_entsize;
			if (sh.sh_type == SHT_DYNSYM) {
				for (k = 1; k < cnt; k++) {
					GElf_Sym s;

					if (!gelf_getsym(d, (int)k, &s))
						return SMK_UNKNOWN;
					if (s.st_shndx != SHN_UNDEF &&
					    in_ranges(s.st_value, lo, hi, n))
						return SMK_YES;
				}
				continue;
			}
			if (sh.sh_link &&
			    (sym = elf_getscn(b->elf, sh.sh_link)) &&
			    gelf_getshdr(sym, &ssh))
				sd = elf_getdata(sym, NULL);
			for (k = 0; k < cnt; k++) {
				GElf_Rela r;
				GElf_Rel rl;
				GElf_Sym s;
				uint64_t v = 0;

				if (sh.sh_type == SHT_RELA) {
					if (!gelf_getrela(d, (int)k, &r))
						return SMK_UNKNOWN;
				} else {
					if (!gelf_getrel(d, (int)k, &rl))
						return SMK_UNKNOWN;
					r.r_info = rl.r_info;
					r.r_addend = 0;
				}
				if (GELF_R_SYM(r.r_info)) {
					if (!sd || !gelf_getsym(sd,
						(int)GELF_R_SYM(r.r_info), &s))
						return SMK_UNKNOWN;
					v = s.st_value;
				}
				if (in_ranges(v + (uint64_t)r.r_addend, lo, hi, n))
					return SMK_YES;
			}
			continue;
		}
		if (!absolute || !(sh.sh_flags & SHF_ALLOC) ||
		    (sh.sh_flags & SHF_EXECINSTR) || sh.sh_type == SHT_NOBITS ||
		    !sh.sh_size || sh.sh_type == SHT_SYMTAB ||
		    sh.sh_type == SHT_STRTAB || sh.sh_type == SHT_NOTE ||
		    sh.sh_type == SHT_HASH || sh.sh_type == SHT_GNU_HASH ||
		    sh.sh_type == SHT_GNU_versym ||
		    sh.sh_type == SHT_GNU_verdef ||
		    sh.sh_type == SHT_GNU_verneed)
			continue;
		/* Unwind tables name every function; the unwinder enters
		 * none (a landing pad is its own function's). */
		if (name && (!strcmp(name, ".eh_frame") ||
			     !strcmp(name, ".eh_frame_hdr") ||
			     !strcmp(name, ".gcc_except_table") ||
			     !strcmp(name, ".interp")))
			continue;
		if (!(d = elf_getdata(scn, NULL)) || !d->d_buf ||
		    d->d_size != sh.sh_size)
			return SMK_UNKNOWN;
		if (data_references(d->d_buf, d->d_size, lo, hi, n))
			return SMK_YES;
	}
	return SMK_NO;
}
