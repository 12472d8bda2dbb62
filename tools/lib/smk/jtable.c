// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Jump tables found by evaluation, not by pattern.  Compilers dispatch a
 * switch in a handful of instructions, and each compiler and level
 * arranges them its own way: gcc -O2 "cmp $7, %dl; ja; movzbl %dl, %eax;
 * movslq (%rcx,%rax,4), %rax; add %rcx, %rax; jmp *%rax"; gcc -O0 "sub
 * $0x31, %eax; cmp $0x49, %eax; ja; mov %eax, %eax; lea 0(,%rax,4), %rdx;
 * lea T(%rip), %rax; mov (%rdx,%rax,1), %eax; cltq; lea T(%rip), %rdx; add
 * %rdx, %rax; jmp *%rax"; clang -O0 keeps the index in a stack slot across
 * a "sub $N, %eax; ja" that destroys it.  So the instructions before the
 * jump (a window of at most WINDOW, from the last unconditional transfer)
 * are evaluated over a small symbolic domain, as Dyninst's jump table
 * analysis does by slicing:
 *
 *   LIN   zext_w(a * S + c): a register's value as a function of a value
 *         S the window does not know (each unknown write makes a fresh
 *         S), truncated to w bits (8, 16, 32, 64);
 *   AFF   c + k * B: B is the index the bound check bounds (B <= N), c a
 *         constant (a RIP-relative address, an immediate);
 *   ENT   the 4- or 8-byte entry B of a table at a constant address,
 *         sign- or zero-extended;
 *   TGT   a 4-byte entry plus a constant: a target.
 *
 * The bound is "cmp $N, r" or "sub $N, r" (clang) before "ja" (or "jae":
 * N - 1), with only moves between, fallen through: B is r's value then,
 * at r's width; or "cmp $N, mem" with mem a slot.  A LIN value equal to
 * it is B from then on, in registers and in slots: memory at a register
 * plus a displacement (the frame's from %rbp or %rsp, or a field, as gcc
 * reads e->k again after "cmpl $0x11, (%rbx); ja" for "switch (e->k)"),
 * forgotten when the register changes or memory that may be the same is
 * written (a store from another register, any other store to memory, a
 * push).  "jmp *r" with r a
 * TGT, or an ENT of 8 bytes, or "jmp *mem" with mem at a table's entry B,
 * gives the table.  Anything not understood makes the values it writes
 * unknown, and a jump through an unknown value is not a table: the
 * caller fails closed.
 */
#include <string.h>

#include "jtable.h"

enum { WINDOW = 40, NREG = 16, NSLOT = 24 };

static const unsigned int gpr[NREG][4] = {
	{ X86_REG_RAX, X86_REG_EAX, X86_REG_AX, X86_REG_AL },
	{ X86_REG_RBX, X86_REG_EBX, X86_REG_BX, X86_REG_BL },
	{ X86_REG_RCX, X86_REG_ECX, X86_REG_CX, X86_REG_CL },
	{ X86_REG_RDX, X86_REG_EDX, X86_REG_DX, X86_REG_DL },
	{ X86_REG_RSI, X86_REG_ESI, X86_REG_SI, X86_REG_SIL },
	{ X86_REG_RDI, X86_REG_EDI, X86_REG_DI, X86_REG_DIL },
	{ X86_REG_RBP, X86_REG_EBP, X86_REG_BP, X86_REG_BPL },
	{ X86_REG_RSP, X86_REG_ESP, X86_REG_SP, X86_REG_SPL },
	{ X86_REG_R8, X86_REG_R8D, X86_REG_R8W, X86_REG_R8B },
	{ X86_REG_R9, X86_REG_R9D, X86_REG_R9W, X86_REG_R9B },
	{ X86_REG_R10, X86_REG_R10D, X86_REG_R10W, X86_REG_R10B },
	{ X86_REG_R11, X86_REG_R11D, X86_REG_R11W, X86_REG_R11B },
	{ X86_REG_R12, X86_REG_R12D, X86_REG_R12W, X86_REG_R12B },
	{ X86_REG_R13, X86_REG_R13D, X86_REG_R13W, X86_REG_R13B },
	{ X86_REG_R14, X86_REG_R14D, X86_REG_R14W, X86_REG_R14B },
	{ X86_REG_R15, X86_REG_R15D, X86_REG_R15W, X86_REG_R15B },
};

/* Index of @r's 64-bit register in gpr[], or -1 (rip, vector, ...). */
static int gpr_index(unsigned int r)
{
	int i, k;

	for (i = 0; i < NREG; i++)
		for (k = 0; k < 4; k++)
			if (gpr[i][k] == r)
				return i;
	return -1;
}

unsigned int smk_x86_reg64(unsigned int r)
{
	int i = gpr_index(r);

	return i < 0 ? r : gpr[i][0];
}

enum kind { LIN, AFF, ENT, TGT };

struct val {
	enum kind kind;
	unsigned int sym;	/* LIN */
	int64_t a;		/* LIN: a; AFF: k */
	int64_t c;		/* LIN, AFF: c; TGT: the base */
	unsigned int w;		/* LIN: bits kept; ENT: entry bytes */
	bool sgn;		/* ENT: sign-extended */
	uint64_t table;		/* ENT, TGT */
};

struct slot {
	int base;		/* gpr index of %rbp or %rsp */
	int64_t disp;
	unsigned int size;	/* bytes stored */
	struct val v;
};

struct state {
	struct val r[NREG];
	struct slot s[NSLOT];
	size_t ns;
	unsigned int next;	/* the next fresh symbol */
	bool bounded;
	struct val bound;	/* LIN: what B is */
	uint64_t count;
	uint64_t after_bound;	/* the instruction after the check's ja */
};

static struct val fresh(struct state *st)
{
	struct val v = { .kind = LIN, .sym = st->next++, .a = 1, .w = 64 };

	return v;
}

static struct val konst(int64_t c)
{
	struct val v = { .kind = AFF, .c = c };

	return v;
}

static void reset(struct state *st)
{
	int i;

	st->ns = 0;
	st->bounded = false;
	for (i = 0; i < NREG; i++)
		st->r[i] = fresh(st);
}

static bool same_lin(const struct val *x, const struct val *y)
{
	return x->kind == LIN && y->kind == LIN && x->sym == y->sym &&
	       x->a == y->a && x->c == y->c;
}

/* @v as B when it is the bounded value (at a width that keeps it whole). */
static struct val as_index(const struct state *st, struct val v)
{
	const struct val *b = &st->bound;

	if (!st->bounded || v.kind != LIN || !same_lin(&v, b))
		return v;
	/* Narrower than the bound's width: whole when B fits. */
	if (v.w == b->w || (v.w < b->w && st->count <= 1ULL << v.w))
		return (struct val){ .kind = AFF, .a = 1 };
	return v;
}

/* @v read at @bits (a narrower register, a narrower load). */
static struct val narrow(struct state *st, struct val v, unsigned int bits)
{
	if (bits >= 64)
		return v;
	switch (v.kind) {
	case LIN:
		if (v.w > bits)
			v.w = bits;
		return v;
	case AFF:
		/* A small index (or constant) read narrower: whole when the
		 * bound says it fits. */
		if (v.a == 0 && bits == 32 && v.c >= 0 && v.c < 1LL << 31)
			return v;
		if (v.a == 1 && v.c == 0 && st->count <= 1ULL << bits)
			return v;
		return fresh(st);
	case ENT:
		if (bits == 32 && v.w == 4) {
			v.sgn = false;
			return v;
		}
		return fresh(st);
	default:
		return fresh(st);
	}
}

/* The value of register operand @r read at @bits. */
static struct val reg_read(struct state *st, unsigned int r, unsigned int bits)
{
	int i = gpr_index(r);

	return i < 0 ? fresh(st) : narrow(st, st->r[i], bits);
}

/* Write @v to register @r of @bits (32 zero-extends, 8 and 16 merge:
 * unknown). */
static void reg_write(struct state *st, unsigned int r, unsigned int bits,
		      struct val v)
{
	int i = gpr_index(r);
	size_t k;

	if (i < 0)
		return;
	if (bits < 32)
		v = fresh(st);
	st->r[i] = v;
	/* Slots addressed from a register that changed are lost. */
	for (k = 0; k < st->ns;)
		if (st->s[k].base == i)
			st->s[k] = st->s[--st->ns];
		else
			k++;
}

/* A memory operand at a register plus a displacement: a slot (a frame's
 * from %rbp or %rsp, or a field, as "switch (e->k)" reads e->k twice:
 * "cmpl $0x11, (%rbx); ja; mov (%rbx), %eax"). */
static bool slot_of(const cs_x86_op *op, int *base, int64_t *disp)
{
	int b = gpr_index(op->mem.base);

	if (op->type != X86_OP_MEM || op->mem.index != X86_REG_INVALID ||
	    op->mem.segment != X86_REG_INVALID || b < 0)
		return false;
	*base = b;
	*disp = op->mem.disp;
	return true;
}

/* A store of @size bytes to a slot: what it overlaps is lost, and so is
 * every slot from another register, which may be the same memory. */
static void slot_write(struct state *st, int base, int64_t disp,
		       unsigned int size, struct val v)
{
	size_t k;

	for (k = 0; k < st->ns;)
		if (st->s[k].base != base ||
		    (st->s[k].disp < disp + (int64_t)(size ? size : 8) &&
		     disp < st->s[k].disp + (int64_t)st->s[k].size))
			st->s[k] = st->s[--st->ns];
		else
			k++;
	if (size != 8 && size != 4 && size != 2 && size != 1)
		return;
	if (size < 8 && v.kind == LIN && v.w > size * 8)
		v.w = size * 8;
	else if (size < 4 && v.kind != LIN)
		return;
	if (st->ns < NSLOT)
		st->s[st->ns++] = (struct slot){ base, disp, size, v };
}

/* The address of memory operand @op, as a value (RIP-relative: its
 * address from @in's end). */
static struct val address(struct state *st, const cs_insn *in,
			  const cs_x86_op *op)
{
	struct val b = konst(0), x = konst(0), v;

	if (op->mem.segment != X86_REG_INVALID)
		return fresh(st);
	if (op->mem.base == X86_REG_RIP)
		b = konst((int64_t)(in->address + in->size));
	else if (op->mem.base != X86_REG_INVALID)
		b = as_index(st, reg_read(st, op->mem.base, 64));
	if (op->mem.index != X86_REG_INVALID)
		x = as_index(st, reg_read(st, op->mem.index, 64));
	if (b.kind != AFF || x.kind != AFF)
		return fresh(st);
	v = konst(b.c + x.c * op->mem.scale + op->mem.disp);
	v.a = b.a + x.a * op->mem.scale;
	return v;
}

/* A load of @bytes from @op: a slot, or a table's entry B. */
static struct val load(struct state *st, const cs_insn *in,
		       const cs_x86_op *op, unsigned int bytes, bool sgn)
{
	int base;
	int64_t disp;
	struct val a;
	size_t k;

	if (slot_of(op, &base, &disp))
		for (k = 0; k < st->ns; k++)
			if (st->s[k].base == base && st->s[k].disp == disp &&
			    bytes <= st->s[k].size)
				return narrow(st, st->s[k].v, bytes * 8);
	a = address(st, in, op);
	if (a.kind == AFF && a.a == (int64_t)bytes &&
	    (bytes == 4 || bytes == 8))
		return (struct val){ .kind = ENT, .w = bytes, .sgn = sgn,
				     .table = (uint64_t)a.c };
	return fresh(st);
}

static struct val add(struct state *st, struct val x, struct val y)
{
	x = as_index(st, x);
	y = as_index(st, y);
	if (x.kind == AFF && y.kind == AFF) {
		x.c += y.c;
		x.a += y.a;
		return x;
	}
	if (x.kind == AFF && x.a == 0 && y.kind == LIN && y.w == 64) {
		y.c += x.c;
		return y;
	}
	if (y.kind == AFF && y.a == 0 && x.kind == LIN && x.w == 64) {
		x.c += y.c;
		return x;
	}
	if (x.kind == ENT && x.w == 4 && x.sgn && y.kind == AFF && !y.a)
		return (struct val){ .kind = TGT, .table = x.table, .c = y.c };
	if (y.kind == ENT && y.w == 4 && y.sgn && x.kind == AFF && !x.a)
		return (struct val){ .kind = TGT, .table = y.table, .c = x.c };
	return fresh(st);
}

/* Every register and slot @in writes, made unknown. */
static void clobber(struct state *st, const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;
	uint8_t k;

	for (k = 0; k < x->op_count; k++)
		if (x->operands[k].type == X86_OP_MEM &&
		    (x->operands[k].access & CS_AC_WRITE))
			st->ns = 0;
	/* A push writes the stack without a memory operand. */
	if (in->id == X86_INS_PUSH || in->id == X86_INS_PUSHF ||
	    in->id == X86_INS_ENTER)
		st->ns = 0;
	for (k = 0; k < x->op_count; k++)
		if (x->operands[k].type == X86_OP_REG &&
		    (x->operands[k].access & CS_AC_WRITE))
			reg_write(st, x->operands[k].reg, 64, fresh(st));
	for (k = 0; k < in->detail->regs_write_count; k++)
		reg_write(st, in->detail->regs_write[k], 64, fresh(st));
}

static bool is_ja(const cs_insn *in)
{
	return in->id == X86_INS_JA || in->id == X86_INS_JAE;
}

/* The ja (or jae) that the flags of the compare at insn[@i] reach, before
 * the jump insn[@j]: the next instruction, or one after moves, which
 * write no flags ("cmpb $8, 0x65(%rbx); movb $1, 0x67(%rbx); ja").  Its
 * index, or 0. */
static size_t bound_ja(const cs_insn *insn, size_t i, size_t j)
{
	size_t k;

	for (k = i + 1; k < j; k++) {
		if (is_ja(&insn[k]))
			return k;
		if (insn[k].id != X86_INS_MOV && insn[k].id != X86_INS_MOVZX &&
		    insn[k].id != X86_INS_MOVSX &&
		    insn[k].id != X86_INS_MOVSXD && insn[k].id != X86_INS_LEA)
			return 0;
	}
	return 0;
}

/* Evaluate insn[@i], an instruction before the jump insn[@j]. */
static void step(struct state *st, const cs_insn *insn, size_t i, size_t j)
{
	const cs_insn *in = &insn[i];
	const cs_x86 *x = &in->detail->x86;
	const cs_x86_op *d = &x->operands[0], *s = &x->operands[1];
	bool two = x->op_count == 2;
	unsigned int bits = two ? d->size * 8 : 0;
	struct val v;
	int base;
	int64_t disp;
	size_t k;

	/* The bound check, fallen through to its ja: a register, or (cmp)
	 * a slot, whose value is B after it. */
	if (two && (in->id == X86_INS_CMP || in->id == X86_INS_SUB) &&
	    s->type == X86_OP_IMM && s->imm >= 0 && s->imm < 1 << 16 &&
	    (k = bound_ja(insn, i, j)) &&
	    (d->type == X86_OP_REG ||
	     (in->id == X86_INS_CMP && slot_of(d, &base, &disp)))) {
		if (d->type == X86_OP_REG) {
			v = reg_read(st, d->reg, bits);
		} else {
			v = narrow(st, load(st, in, d, d->size, false),
				   d->size * 8);
			slot_write(st, base, disp, d->size, v);
		}
		if (v.kind == LIN) {
			st->bound = v;
			st->bounded = true;
			st->after_bound = insn[k].address + insn[k].size;
			st->count = (uint64_t)s->imm +
				    (insn[k].id == X86_INS_JA);
		} else if (v.kind == AFF && v.a == 1 && v.c == 0) {
			/* Bounded again: keep the tighter count. */
			uint64_t n = (uint64_t)s->imm +
				     (insn[k].id == X86_INS_JA);

			if (n < st->count)
				st->count = n;
		}
		if (in->id == X86_INS_SUB)
			reg_write(st, d->reg, bits, fresh(st));
		return;
	}
	switch (in->id) {
	case X86_INS_MOV:
		if (!two)
			break;
		if (d->type == X86_OP_REG && s->type == X86_OP_REG) {
			reg_write(st, d->reg, bits, reg_read(st, s->reg, bits));
			return;
		}
		if (d->type == X86_OP_REG && s->type == X86_OP_IMM) {
			v = konst(bits == 32 ? (int64_t)(uint32_t)s->imm :
				  s->imm);
			reg_write(st, d->reg, bits, v);
			return;
		}
		if (d->type == X86_OP_REG && s->type == X86_OP_MEM) {
			v = load(st, in, s, d->size, false);
			if (v.kind == LIN && d->size == 4 && v.w > 32)
				v.w = 32;
			reg_write(st, d->reg, bits, v);
			return;
		}
		if (d->type == X86_OP_MEM && slot_of(d, &base, &disp)) {
			slot_write(st, base, disp, d->size,
				   s->type == X86_OP_REG ?
				   reg_read(st, s->reg, d->size * 8) :
				   fresh(st));
			return;
		}
		break;
	case X86_INS_MOVSXD:
		if (!two || d->type != X86_OP_REG)
			break;
		if (s->type == X86_OP_MEM)
			v = load(st, in, s, 4, true);
		else
			v = reg_read(st, s->reg, 32);
		if (v.kind == ENT && v.w == 4)
			v.sgn = true;
		else if (!(v.kind == AFF && v.a == 1 && v.c == 0 &&
			   st->count <= 1ULL << 31))
			v = fresh(st);
		reg_write(st, d->reg, 64, v);
		return;
	case X86_INS_CDQE:
		v = as_index(st, reg_read(st, X86_REG_EAX, 32));
		if (v.kind == ENT && v.w == 4)
			v.sgn = true;
		else if (!(v.kind == AFF && v.a == 1 && v.c == 0 &&
			   st->count <= 1ULL << 31))
			v = fresh(st);
		reg_write(st, X86_REG_RAX, 64, v);
		return;
	case X86_INS_MOVZX:
		if (!two || d->type != X86_OP_REG ||
		    (s->type != X86_OP_REG && s->type != X86_OP_MEM))
			break;
		v = as_index(st, s->type == X86_OP_REG ?
				 reg_read(st, s->reg, s->size * 8) :
				 narrow(st, load(st, in, s, s->size, false),
					s->size * 8));
		reg_write(st, d->reg, bits < 32 ? bits : 32,
			  v.kind == LIN || (v.kind == AFF && v.a == 1 &&
					    v.c == 0) ? v : fresh(st));
		return;
	case X86_INS_LEA:
		if (!two || d->type != X86_OP_REG || bits != 64)
			break;
		reg_write(st, d->reg, 64, address(st, in, s));
		return;
	case X86_INS_ADD:
	case X86_INS_SUB:
		if (!two || d->type != X86_OP_REG)
			break;
		if (s->type == X86_OP_IMM) {
			v = reg_read(st, d->reg, bits);
			if (v.kind == LIN && (v.w == 64 || v.w == bits)) {
				v.c += in->id == X86_INS_ADD ? s->imm :
				       -s->imm;
				v.w = bits;
				reg_write(st, d->reg, bits, v);
				return;
			}
			if (v.kind == AFF && bits == 64) {
				v.c += in->id == X86_INS_ADD ? s->imm :
				       -s->imm;
				reg_write(st, d->reg, 64, v);
				return;
			}
		} else if (s->type == X86_OP_REG && bits == 64 &&
			   in->id == X86_INS_ADD) {
			reg_write(st, d->reg, 64,
				  add(st, reg_read(st, d->reg, 64),
				      reg_read(st, s->reg, 64)));
			return;
		}
		break;
	case X86_INS_SHL:
		if (!two || d->type != X86_OP_REG || s->type != X86_OP_IMM ||
		    bits != 64 || s->imm < 0 || s->imm > 3)
			break;
		v = as_index(st, reg_read(st, d->reg, 64));
		if (v.kind != AFF)
			break;
		v.a <<= s->imm;
		v.c <<= s->imm;
		reg_write(st, d->reg, 64, v);
		return;
	default:
		break;
	}
	clobber(st, in);
}

bool smk_jtable_find(const cs_insn *insn, size_t j, struct smk_jtable *out)
{
	const cs_x86 *x = &insn[j].detail->x86;
	struct state st;
	struct val v;
	size_t i, from = j > WINDOW ? j - WINDOW : 0;

	if ((insn[j].id != X86_INS_JMP) || x->op_count != 1)
		return false;
	/* From the last unconditional transfer before the jump. */
	for (i = j; i-- > from;)
		if (insn[i].id == X86_INS_JMP || insn[i].id == X86_INS_RET ||
		    insn[i].id == X86_INS_CALL) {
			from = i + 1;
			break;
		}
	memset(&st, 0, sizeof(st));
	reset(&st);
	for (i = from; i < j; i++)
		step(&st, insn, i, j);
	if (!st.bounded || !st.count)
		return false;
	if (x->operands[0].type == X86_OP_MEM)
		v = load(&st, &insn[j], &x->operands[0], 8, false);
	else if (x->operands[0].type == X86_OP_REG)
		v = as_index(&st, reg_read(&st, x->operands[0].reg, 64));
	else
		return false;
	memset(out, 0, sizeof(*out));
	out->count = st.count;
	out->after_bound = st.after_bound;
	if (v.kind == TGT) {
		out->table = v.table;
		out->width = 4;
		out->base = (uint64_t)v.c;
		return true;
	}
	if (v.kind == ENT && v.w == 8) {
		out->table = v.table;
		out->width = 8;
		return true;
	}
	return false;
}
