// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Fetch arguments: a marker argument, resolved by expr.c, turned into a
 * kprobe/uprobe fetch argument at one address.  See fetch.h.
 *
 * A crash course.  A probe can name a register ("%di"), an immediate
 * ("\42"), a static address ("@sym+8" in the kernel, "@+0x4010" in a
 * uprobe's file) and a load from an address computed by another fetch plus
 * a constant ("+8(%di)", "+0(+24(%si))").  It cannot add two registers,
 * shift, or take the address of anything.  So every value we build is a
 * "term": BASE + OFF, where BASE is nothing (a constant), a fetch spec
 * (whose value is the base), a static address, or (kernel externs) a
 * symbol name.  A term is the value itself, or the address of the object
 * (struct place).
 *
 *   1. The variable's DWARF location at pc (location lists through
 *      dwarf_getlocation_addr(), the concrete DIE of an inlined instance)
 *      is evaluated symbolically, op by op, on a stack of terms:
 *      DW_OP_bregN pushes %reg + N, DW_OP_fbreg the frame base (itself a
 *      register, or DW_OP_call_frame_cfa from the CFI at pc, usually
 *      %sp + N) plus an offset, DW_OP_addr a static address, DW_OP_deref
 *      turns a term into a load, and so on.  Whatever cannot stay a term
 *      (a sum of two registers, an entry value) stops with a reason.  A
 *      location in DW_OP_pieces (a struct in two registers) gives the one
 *      piece that holds all the expression reads first, or nothing.
 *   2. The expression's steps follow: ".m" and "a[N]" on an object in
 *      memory add to the term's offset; "->m", "*p" and "p[N]" load the
 *      pointer (the term becomes a fetch spec) and start a new term.
 *   3. The final term becomes the spec: a load of the object ("+OFF(S)",
 *      "@sym+OFF", "@+FILEOFF"), the value (a register, an immediate), or
 *      for strings the address the string starts at, which is how the
 *      tracers' "string" type reads its argument ("+0(%di):string" is
 *      the string at %di).  Its type comes from the format conversion,
 *      else from the DWARF type (see numeric_type()).
 *
 * Kernel limits that shape the output (kernel/trace/trace_probe.h, and
 * measured on 6.18): "SPEC:TYPE" is at most 63 bytes, an argument name
 * at most 32, and 16 fetch instructions per argument (6.1).  A spec that
 * breaks one of them, or holds a byte outside the fetch syntax's
 * alphabet, is not returned: expressions and symbol names come from ELF
 * files.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include "dwarf-aux.h"
#include "expr.h"
#include "compute.h"
#include "fetch.h"
#include "locview.h"

enum {
	SPEC_MAX = 160,		/* bytes of a spec while it is built */
	KERNEL_ARG_MAX = 63,	/* MAX_ARGSTR_LEN: "SPEC:TYPE" */
	KERNEL_NAME_MAX = 32,	/* MAX_ARG_NAME_LEN */
	MAX_LOADS = 12,		/* 16 fetch insns in 6.1; 6.18 took 14 */
	STACK_MAX = 8,		/* DWARF expression stack we evaluate */
	MAX_PIECES = 16,
	REASON_MAX = 192,
	LOCATION_MAX = 256,
};

enum base_kind {
	BASE_CONST,	/* no base: off is the value */
	BASE_SPEC,	/* the value of the fetch spec, plus off */
	BASE_ADDR,	/* the static address addr, plus off */
	BASE_SYMBOL,	/* the address of symbol spec (kernel), plus off */
};

/* BASE + OFF: a value, or the address of an object. */
struct term {
	enum base_kind base;
	char spec[SPEC_MAX];
	unsigned int loads;	/* loads in spec */
	Dwarf_Addr addr;
	int64_t off;
};

struct place {
	bool memory;	/* the object is in memory at t; else t is it */
	struct term t;
};

struct ctx {
	struct smk_binary *b;
	Dwarf_Die *scopes;
	int nscopes;
	Dwarf_Addr pc;
	bool user;
	bool x86_64;
	int machine;
	char reason[REASON_MAX];	/* first reason wins */
	char loc[LOCATION_MAX];		/* location text */
	size_t loclen;
	Dwarf_Addr static_addr;		/* the last load_spec()'s, if static */
	const struct smk_fetch_stmt *stmt;	/* the marker's, or NULL */
	unsigned int views[32];		/* its rows' views at pc */
	int nviews;			/* -1: not read yet */
	enum smk_fetch_how how;
	/* The ops locate() evaluated as a whole (no pieces), for compute. */
	const Dwarf_Op *ops;
	size_t nops;
	/* A computed value (compute_value()). */
	struct smk_compute prog;
	char inputs[SMK_FETCH_MAX_INPUTS][SPEC_MAX];
	char input_types[SMK_FETCH_MAX_INPUTS][8];
	unsigned int ninputs;
	bool right_shift;		/* the program has shr or shra */
	/* The value is a register at the function's entry (entry_op()). */
	bool entry;
	char entry_spec[SPEC_MAX];
};

static void __attribute__((format(printf, 2, 3)))
unavailable(struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->reason[0])
		return;
	va_start(ap, fmt);
	vsnprintf(c->reason, sizeof(c->reason), fmt, ap);
	va_end(ap);
	if (!c->reason[0])
		snprintf(c->reason, sizeof(c->reason), "unavailable");
}

static bool stopped(struct ctx *c)
{
	return c->reason[0] != '\0';
}

static void __attribute__((format(printf, 2, 3)))
loc_add(struct ctx *c, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (c->loclen >= sizeof(c->loc) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(c->loc + c->loclen, sizeof(c->loc) - c->loclen, fmt,
		      ap);
	va_end(ap);
	if (n > 0)
		c->loclen += (size_t)n;
	if (c->loclen >= sizeof(c->loc))
		c->loclen = sizeof(c->loc) - 1;
}

/* x86-64: DWARF register numbers to the tracers' names. */
static const char *const x86_64_regs[] = {
	"ax", "dx", "cx", "bx", "si", "di", "bp", "sp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "ip",
};

static const char *const x86_64_dwarf_names[] = {
	"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip",
};

static const char *reg_name(struct ctx *c, Dwarf_Word regno)
{
	if (!c->x86_64 || regno >= sizeof(x86_64_regs) / sizeof(*x86_64_regs))
		return NULL;
	return x86_64_regs[regno];
}

static const char *reg_dwarf_name(struct ctx *c, Dwarf_Word regno)
{
	if (!c->x86_64 ||
	    regno >= sizeof(x86_64_dwarf_names) / sizeof(*x86_64_dwarf_names))
		return "?";
	return x86_64_dwarf_names[regno];
}

static void reg_unavailable(struct ctx *c, Dwarf_Word regno)
{
	if (c->x86_64)
		unavailable(c, "in DWARF register %" PRIu64
			    " (not an integer register a probe can read)",
			    (uint64_t)regno);
	else
		unavailable(c, "registers of ELF machine %d are not known",
			    c->machine);
}

/* Write a spec; one that does not fit is unavailable, never cut. */
static bool __attribute__((format(printf, 4, 5)))
spec_printf(struct ctx *c, char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size) {
		buf[0] = '\0';
		unavailable(c, "fetch too long");
		return false;
	}
	return true;
}

/* Terms */

static void term_const(struct term *t, int64_t v)
{
	memset(t, 0, sizeof(*t));
	t->base = BASE_CONST;
	t->off = v;
}

static void term_addr(struct term *t, Dwarf_Addr addr)
{
	memset(t, 0, sizeof(*t));
	t->base = BASE_ADDR;
	t->addr = addr;
}

static bool term_reg(struct ctx *c, struct term *t, Dwarf_Word regno,
		     int64_t off)
{
	const char *name = reg_name(c, regno);

	if (!name) {
		reg_unavailable(c, regno);
		return false;
	}
	memset(t, 0, sizeof(*t));
	t->base = BASE_SPEC;
	t->off = off;
	return spec_printf(c, t->spec, sizeof(t->spec), "%%%s", name);
}

static bool add_off(struct ctx *c, struct term *t, int64_t v)
{
	if (__builtin_add_overflow(t->off, v, &t->off)) {
		unavailable(c, "offset overflows");
		return false;
	}
	return true;
}

/* The X of a uprobe's "@+X" for DWARF address @addr (binary.c). */
static bool file_offset(struct ctx *c, Dwarf_Addr addr, uint64_t *ret)
{
	const char *why = smk_binary_uprobe_offset(c->b, c->pc, addr, ret);

	if (why)
		unavailable(c, "%s (%#" PRIx64 ")", why, (uint64_t)addr);
	return !why;
}

/* "@sym+off" (kprobes) or "@+FILEOFF" (uprobes) for a static address. */
static bool static_spec(struct ctx *c, Dwarf_Addr addr, char *buf,
			size_t size)
{
	GElf_Off off = 0;
	GElf_Word shndx = 0;
	GElf_Sym sym;
	Elf *elf = NULL;
	Dwarf_Addr bias = 0;
	const char *name;
	uint64_t foff;

	if (c->user) {
		if (!file_offset(c, addr, &foff))
			return false;
		return spec_printf(c, buf, size, "@+%#" PRIx64, foff);
	}
	name = dwfl_module_addrinfo(c->b->dwmod, addr + c->b->bias, &off,
				    &sym, &shndx, &elf, &bias);
	if (!name || !*name) {
		unavailable(c, "no symbol at static address %#" PRIx64,
			    (uint64_t)addr);
		return false;
	}
	if (elf && shndx != SHN_UNDEF && shndx < SHN_LORESERVE) {
		Elf_Scn *scn = elf_getscn(elf, shndx);
		size_t shstrndx;
		GElf_Shdr sh;
		const char *sname = NULL;

		if (scn && gelf_getshdr(scn, &sh) &&
		    !elf_getshdrstrndx(elf, &shstrndx))
			sname = elf_strptr(elf, shstrndx, sh.sh_name);
		if (sname && !strncmp(sname, ".data..percpu", 13)) {
			unavailable(c, "per-CPU variable '%s': a probe "
				    "reads one CPU's copy only through "
				    "this_cpu_ptr()", name);
			return false;
		}
	}
	if (off)
		return spec_printf(c, buf, size, "@%s+%" PRIu64, name,
				   (uint64_t)off);
	return spec_printf(c, buf, size, "@%s", name);
}

/* A load of the object at address @t: the spec that fetches it. */
static bool load_spec(struct ctx *c, const struct term *t, char *buf,
		      size_t size, unsigned int *loads)
{
	c->static_addr = t->base == BASE_ADDR ? t->addr + t->off : 0;
	switch (t->base) {
	case BASE_SPEC:
		if (t->loads + 1 > MAX_LOADS) {
			unavailable(c, "more than %d memory loads", MAX_LOADS);
			return false;
		}
		*loads = t->loads + 1;
		return spec_printf(c, buf, size, "%s%" PRId64 "(%s)",
				   t->off >= 0 ? "+" : "", t->off, t->spec);
	case BASE_SYMBOL:
		*loads = 1;
		if (t->off)
			return spec_printf(c, buf, size, "@%s%+" PRId64,
					   t->spec, t->off);
		return spec_printf(c, buf, size, "@%s", t->spec);
	case BASE_ADDR:
		*loads = 1;
		if (t->off < 0 && (Dwarf_Addr)-t->off > t->addr) {
			unavailable(c, "static address underflows");
			return false;
		}
		return static_spec(c, t->addr + t->off, buf, size);
	default:
		unavailable(c, "at absolute address %#" PRIx64,
			    (uint64_t)t->off);
		return false;
	}
}

/* Replace @t by a load of the object at @t: "+8(%di)" + 0. */
static bool term_load(struct ctx *c, struct term *t)
{
	char buf[SPEC_MAX];
	unsigned int loads;

	if (!load_spec(c, t, buf, sizeof(buf), &loads))
		return false;
	memset(t, 0, sizeof(*t));
	t->base = BASE_SPEC;
	memcpy(t->spec, buf, sizeof(buf));
	t->loads = loads;
	return true;
}

/* The value @t as a spec: a register or load, or an immediate. */
static bool value_spec(struct ctx *c, const struct term *t, char *buf,
		       size_t size)
{
	switch (t->base) {
	case BASE_SPEC:
		if (t->off) {
			unavailable(c, "computed value (%s %+" PRId64 ")",
				    t->spec, t->off);
			return false;
		}
		return spec_printf(c, buf, size, "%s", t->spec);
	case BASE_CONST:
		return spec_printf(c, buf, size, "\\%" PRId64, t->off);
	default:
		unavailable(c, "the address of a static object (a probe can "
			    "only read what is stored there)");
		return false;
	}
}

/* DWARF expressions */

static const char *op_name(unsigned int atom, char *buf, size_t size)
{
	static const struct {
		unsigned int atom;
		const char *name;
	} names[] = {
		{ DW_OP_addr, "addr" }, { DW_OP_deref, "deref" },
		{ DW_OP_const1u, "const1u" }, { DW_OP_const1s, "const1s" },
		{ DW_OP_const2u, "const2u" }, { DW_OP_const2s, "const2s" },
		{ DW_OP_const4u, "const4u" }, { DW_OP_const4s, "const4s" },
		{ DW_OP_const8u, "const8u" }, { DW_OP_const8s, "const8s" },
		{ DW_OP_constu, "constu" }, { DW_OP_consts, "consts" },
		{ DW_OP_dup, "dup" }, { DW_OP_drop, "drop" },
		{ DW_OP_and, "and" }, { DW_OP_minus, "minus" },
		{ DW_OP_mul, "mul" }, { DW_OP_neg, "neg" },
		{ DW_OP_not, "not" },
		{ DW_OP_or, "or" }, { DW_OP_plus, "plus" },
		{ DW_OP_plus_uconst, "plus_uconst" }, { DW_OP_shl, "shl" },
		{ DW_OP_shr, "shr" }, { DW_OP_shra, "shra" },
		{ DW_OP_xor, "xor" }, { DW_OP_regx, "regx" },
		{ DW_OP_fbreg, "fbreg" }, { DW_OP_bregx, "bregx" },
		{ DW_OP_piece, "piece" }, { DW_OP_deref_size, "deref_size" },
		{ DW_OP_nop, "nop" },
		{ DW_OP_call_frame_cfa, "call_frame_cfa" },
		{ DW_OP_implicit_value, "implicit_value" },
		{ DW_OP_stack_value, "stack_value" },
		{ DW_OP_bit_piece, "bit_piece" },
		{ DW_OP_implicit_pointer, "implicit_pointer" },
		{ DW_OP_addrx, "addrx" }, { DW_OP_constx, "constx" },
		{ DW_OP_entry_value, "entry_value" },
		{ DW_OP_const_type, "const_type" },
		{ DW_OP_regval_type, "regval_type" },
		{ DW_OP_deref_type, "deref_type" },
		{ DW_OP_convert, "convert" },
		{ DW_OP_form_tls_address, "form_tls_address" },
		{ DW_OP_GNU_push_tls_address, "GNU_push_tls_address" },
		{ DW_OP_GNU_implicit_pointer, "GNU_implicit_pointer" },
		{ DW_OP_GNU_entry_value, "GNU_entry_value" },
		{ DW_OP_GNU_parameter_ref, "GNU_parameter_ref" },
		{ DW_OP_GNU_addr_index, "GNU_addr_index" },
		{ DW_OP_GNU_const_index, "GNU_const_index" },
		{ DW_OP_GNU_variable_value, "GNU_variable_value" },
	};
	size_t i;

	if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) {
		snprintf(buf, size, "DW_OP_lit%u", atom - DW_OP_lit0);
		return buf;
	}
	if (atom >= DW_OP_reg0 && atom <= DW_OP_reg31) {
		snprintf(buf, size, "DW_OP_reg%u", atom - DW_OP_reg0);
		return buf;
	}
	if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31) {
		snprintf(buf, size, "DW_OP_breg%u", atom - DW_OP_breg0);
		return buf;
	}
	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		if (names[i].atom == atom) {
			snprintf(buf, size, "DW_OP_%s", names[i].name);
			return buf;
		}
	}
	snprintf(buf, size, "DW_OP_%#x", atom);
	return buf;
}

/* One op for the location text: "DW_OP_breg5 +8", "DW_OP_reg5 (rdi)". */
static void loc_op(struct ctx *c, const Dwarf_Op *op)
{
	unsigned int atom = op->atom;
	char name[40];

	loc_add(c, "%s%s", c->loclen ? " " : "",
		op_name(atom, name, sizeof(name)));
	if (atom >= DW_OP_reg0 && atom <= DW_OP_reg31)
		loc_add(c, " (%s)", reg_dwarf_name(c, atom - DW_OP_reg0));
	else if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31)
		loc_add(c, " %+" PRId64 " (%s)", (int64_t)op->number,
			reg_dwarf_name(c, atom - DW_OP_breg0));
	else if (atom == DW_OP_regx)
		loc_add(c, " %" PRIu64 " (%s)", (uint64_t)op->number,
			reg_dwarf_name(c, op->number));
	else if (atom == DW_OP_bregx)
		loc_add(c, " %" PRIu64 " %+" PRId64 " (%s)",
			(uint64_t)op->number, (int64_t)op->number2,
			reg_dwarf_name(c, op->number));
	else if (atom == DW_OP_fbreg || atom == DW_OP_consts ||
		 atom == DW_OP_const1s || atom == DW_OP_const2s ||
		 atom == DW_OP_const4s || atom == DW_OP_const8s)
		loc_add(c, " %+" PRId64, (int64_t)op->number);
	else if (atom == DW_OP_addr)
		loc_add(c, " %#" PRIx64, (uint64_t)op->number);
	else if (atom == DW_OP_constu || atom == DW_OP_plus_uconst ||
		 atom == DW_OP_piece || atom == DW_OP_deref_size ||
		 (atom >= DW_OP_const1u && atom <= DW_OP_const8u &&
		  !(atom & 1)))
		loc_add(c, " %" PRIu64, (uint64_t)op->number);
}

struct eval {
	Dwarf_Attribute *attr;	/* for DW_OP_addrx and friends */
	struct term stack[STACK_MAX];
	int depth;
	bool frame;		/* evaluating a frame base or CFA */
};

static struct smk_error *frame_base(struct ctx *c, struct term *ret);
static bool valid_spec(const char *s);
static struct smk_error *cfa_at(struct ctx *c, struct term *ret);
static struct smk_error *eval_ops(struct ctx *c, Dwarf_Attribute *attr,
				  const Dwarf_Op *ops, size_t nops,
				  bool frame, struct place *ret);

static void entry_op(struct ctx *c, struct eval *ev, const Dwarf_Op *op,
		     size_t i, size_t nops, bool *value);

static struct term *push(struct ctx *c, struct eval *ev)
{
	if (ev->depth >= STACK_MAX) {
		unavailable(c, "DWARF expression too deep");
		return NULL;
	}
	return &ev->stack[ev->depth++];
}

static struct term *top(struct ctx *c, struct eval *ev, int need)
{
	if (ev->depth < need) {
		unavailable(c, "broken DWARF expression (stack underflow)");
		return NULL;
	}
	return &ev->stack[ev->depth - 1];
}

/* The address of DW_OP_addrx/GNU_addr_index, the value of constx. */
static bool op_indexed(struct ctx *c, struct eval *ev, const Dwarf_Op *op,
		       bool addr, Dwarf_Word *ret)
{
	Dwarf_Attribute res;
	Dwarf_Addr a;

	if (!ev->attr || dwarf_getlocation_attr(ev->attr, op, &res)) {
		unavailable(c, "unreadable indexed DWARF operand");
		return false;
	}
	if (addr ? dwarf_formaddr(&res, &a) : dwarf_formudata(&res, &a)) {
		unavailable(c, "unreadable indexed DWARF operand");
		return false;
	}
	*ret = a;
	return true;
}

/* The little-endian bytes of DW_OP_implicit_value, up to 8. */
static bool op_implicit(struct ctx *c, struct eval *ev, const Dwarf_Op *op,
			int64_t *ret)
{
	Dwarf_Block block;
	uint64_t v = 0;
	size_t i;

	if (!ev->attr ||
	    dwarf_getlocation_implicit_value(ev->attr, op, &block)) {
		unavailable(c, "unreadable DW_OP_implicit_value");
		return false;
	}
	if (block.length > 8) {
		unavailable(c, "constant of %" PRIu64 " bytes (folded by the "
			    "compiler)", (uint64_t)block.length);
		return false;
	}
	for (i = 0; i < block.length; i++) {
		size_t at = c->b->big_endian ? i : block.length - 1 - i;

		v = v << 8 | block.data[at];
	}
	*ret = (int64_t)v;
	return true;
}

static struct smk_error *eval_op(struct ctx *c, struct eval *ev,
				 const Dwarf_Op *op, size_t i, size_t nops,
				 bool *value)
{
	unsigned int atom = op->atom;
	struct smk_error *err;
	struct term *t, *u;
	Dwarf_Word w;
	int64_t v;
	char name[40];

	if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) {
		if ((t = push(c, ev)))
			term_const(t, atom - DW_OP_lit0);
		return NULL;
	}
	if ((atom >= DW_OP_reg0 && atom <= DW_OP_reg31) ||
	    atom == DW_OP_regx) {
		w = atom == DW_OP_regx ? op->number : atom - DW_OP_reg0;
		if (i + 1 != nops || ev->depth) {
			unavailable(c, "computed value (register in an "
				    "expression)");
			return NULL;
		}
		if ((t = push(c, ev)) && term_reg(c, t, w, 0))
			*value = true;
		return NULL;
	}
	if ((atom >= DW_OP_breg0 && atom <= DW_OP_breg31) ||
	    atom == DW_OP_bregx) {
		w = atom == DW_OP_bregx ? op->number : atom - DW_OP_breg0;
		v = (int64_t)(atom == DW_OP_bregx ? op->number2 : op->number);
		if ((t = push(c, ev)))
			term_reg(c, t, w, v);
		return NULL;
	}
	switch (atom) {
	case DW_OP_nop:
		return NULL;
	case DW_OP_addr:
	case DW_OP_addrx:
	case DW_OP_GNU_addr_index:
		w = op->number;
		if (atom != DW_OP_addr && !op_indexed(c, ev, op, true, &w))
			return NULL;
		if ((t = push(c, ev)))
			term_addr(t, w);
		return NULL;
	case DW_OP_constx:
	case DW_OP_GNU_const_index:
		if (!op_indexed(c, ev, op, false, &w))
			return NULL;
		if ((t = push(c, ev)))
			term_const(t, (int64_t)w);
		return NULL;
	case DW_OP_const1u: case DW_OP_const1s:
	case DW_OP_const2u: case DW_OP_const2s:
	case DW_OP_const4u: case DW_OP_const4s:
	case DW_OP_const8u: case DW_OP_const8s:
	case DW_OP_constu: case DW_OP_consts:
		/* libdw already sign-extended the *s forms. */
		if ((t = push(c, ev)))
			term_const(t, (int64_t)op->number);
		return NULL;
	case DW_OP_implicit_value:
		if (!op_implicit(c, ev, op, &v))
			return NULL;
		if ((t = push(c, ev))) {
			term_const(t, v);
			*value = true;
		}
		return NULL;
	case DW_OP_fbreg:
		if (ev->frame) {
			unavailable(c, "DW_OP_fbreg in a frame base");
			return NULL;
		}
		if (!(t = push(c, ev)))
			return NULL;
		err = frame_base(c, t);
		if (!err && !stopped(c))
			add_off(c, t, (int64_t)op->number);
		return err;
	case DW_OP_call_frame_cfa:
		if (!(t = push(c, ev)))
			return NULL;
		return cfa_at(c, t);
	case DW_OP_plus_uconst:
		if ((t = top(c, ev, 1)))
			add_off(c, t, (int64_t)op->number);
		return NULL;
	case DW_OP_plus:
	case DW_OP_minus:
		if (!(t = top(c, ev, 2)))
			return NULL;
		u = t - 1;
		if (t->base == BASE_CONST) {
			v = atom == DW_OP_minus ? -t->off : t->off;
			if (atom == DW_OP_minus && t->off == INT64_MIN) {
				unavailable(c, "offset overflows");
				return NULL;
			}
			ev->depth--;
			add_off(c, u, v);
		} else if (atom == DW_OP_plus && u->base == BASE_CONST) {
			v = u->off;
			*u = *t;
			ev->depth--;
			add_off(c, u, v);
		} else {
			unavailable(c, "computed value (%s of two "
				    "non-constants)",
				    op_name(atom, name, sizeof(name)));
		}
		return NULL;
	case DW_OP_deref:
		if ((t = top(c, ev, 1)))
			term_load(c, t);
		return NULL;
	case DW_OP_deref_size:
		if (op->number != 8) {
			unavailable(c, "computed value (DW_OP_deref_size %"
				    PRIu64 ")", (uint64_t)op->number);
			return NULL;
		}
		if ((t = top(c, ev, 1)))
			term_load(c, t);
		return NULL;
	case DW_OP_stack_value:
		if (i + 1 != nops) {
			unavailable(c, "broken DWARF expression "
				    "(DW_OP_stack_value not last)");
			return NULL;
		}
		if (top(c, ev, 1))
			*value = true;
		return NULL;
	case DW_OP_entry_value:
	case DW_OP_GNU_entry_value:
		entry_op(c, ev, op, i, nops, value);
		return NULL;
	case DW_OP_GNU_parameter_ref:
		unavailable(c, "value known only to the caller "
			    "(DW_OP_GNU_parameter_ref)");
		return NULL;
	case DW_OP_implicit_pointer:
	case DW_OP_GNU_implicit_pointer:
		unavailable(c, "pointer to an optimized-out object "
			    "(DW_OP_implicit_pointer)");
		return NULL;
	case DW_OP_form_tls_address:
	case DW_OP_GNU_push_tls_address:
		unavailable(c, "thread-local variable (%s)",
			    op_name(atom, name, sizeof(name)));
		return NULL;
	default:
		unavailable(c, "computed value (%s)",
			    op_name(atom, name, sizeof(name)));
		return NULL;
	}
}

/*
 * DW_OP_entry_value(E): E evaluated at the entry of the current
 * function.  The one form taken is the one gcc and clang emit for a
 * parameter dead after a call, "DW_OP_entry_value(DW_OP_regN);
 * DW_OP_stack_value": the register's value at entry, which a probe at
 * the entry reads (c->entry, the spec in c->entry_spec).  Anything else
 * (entry_value(DW_OP_bregN 0; DW_OP_deref), an entry value in
 * arithmetic, in a piece) is unavailable with what it is: the first
 * needs memory as it was at entry, the rest a join of two probes' values
 * in one program, which nothing reads yet.
 */
static void entry_op(struct ctx *c, struct eval *ev, const Dwarf_Op *op,
		     size_t i, size_t nops, bool *value)
{
	Dwarf_Attribute res;
	Dwarf_Op *inner;
	size_t ninner = 0;
	unsigned int a;
	struct term *t;

	if (!ev->attr || dwarf_getlocation_attr(ev->attr, op, &res) ||
	    dwarf_getlocation(&res, &inner, &ninner) || !ninner) {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value, unreadable operand)");
		return;
	}
	a = inner[0].atom;
	if (ninner != 1 || !((a >= DW_OP_reg0 && a <= DW_OP_reg31) ||
			     a == DW_OP_regx)) {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value of %s%s, not of a register)",
			    op_name(a, c->entry_spec, sizeof(c->entry_spec)),
			    ninner > 1 ? "..." : "");
		c->entry_spec[0] = '\0';
		return;
	}
	if (ev->frame || i != 0 || nops != 2 || op[1].atom != DW_OP_stack_value) {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value in a larger expression)");
		return;
	}
	if (!(t = push(c, ev)) ||
	    !term_reg(c, t, a == DW_OP_regx ? inner[0].number :
		      a - DW_OP_reg0, 0))
		return;
	c->entry = true;
	*value = true;
}

/*
 * Evaluate @ops (no pieces) into *ret.  Without DW_OP_stack_value and
 * not a register, the result is the object's address (memory).  @frame:
 * a frame base or CFA, whose result is a value even when it is written
 * like an address.
 */
static struct smk_error *eval_ops(struct ctx *c, Dwarf_Attribute *attr,
				  const Dwarf_Op *ops, size_t nops,
				  bool frame, struct place *ret)
{
	struct eval *ev;
	struct smk_error *err = NULL;
	bool value = false;
	size_t i;

	if (!nops) {
		unavailable(c, "optimized out at this address");
		return NULL;
	}
	ev = calloc(1, sizeof(*ev));
	if (!ev)
		return &smk_error_nomem;
	ev->attr = attr;
	ev->frame = frame;
	for (i = 0; i < nops && !err && !stopped(c); i++)
		err = eval_op(c, ev, &ops[i], i, nops, &value);
	if (!err && !stopped(c) && ev->depth != 1)
		unavailable(c, "computed value (%d values left)", ev->depth);
	if (!err && !stopped(c)) {
		ret->memory = !value && !frame;
		ret->t = ev->stack[0];
	}
	free(ev);
	return err;
}

/* The CFA at pc, from .debug_frame or .eh_frame. */
static struct smk_error *cfa_at(struct ctx *c, struct term *ret)
{
	Dwarf_CFI *cfis[2];
	Dwarf_Addr biases[2];
	Dwarf_Frame *frame = NULL;
	Dwarf_Op *ops, copy[8];
	struct smk_error *err;
	struct place p;
	size_t nops = 0, i;

	cfis[0] = dwfl_module_dwarf_cfi(c->b->dwmod, &biases[0]);
	cfis[1] = dwfl_module_eh_cfi(c->b->dwmod, &biases[1]);
	for (i = 0; i < 2 && !frame; i++) {
		if (cfis[i] &&
		    dwarf_cfi_addrframe(cfis[i],
					c->pc + c->b->bias - biases[i],
					&frame))
			frame = NULL;
	}
	if (!frame) {
		unavailable(c, "no call frame information at this address");
		return NULL;
	}
	if (dwarf_frame_cfa(frame, &ops, &nops) || !nops || nops > 8) {
		free(frame);
		unavailable(c, "no usable CFA at this address");
		return NULL;
	}
	memcpy(copy, ops, nops * sizeof(*ops));	/* ops live in frame */
	free(frame);
	if (nops == 1 && copy[0].atom == DW_OP_bregx) {
		loc_add(c, "; CFA %s%+" PRId64,
			reg_dwarf_name(c, copy[0].number),
			(int64_t)copy[0].number2);
	} else {
		loc_add(c, "; CFA");
		for (i = 0; i < nops; i++)
			loc_op(c, &copy[i]);
	}
	err = eval_ops(c, NULL, copy, nops, true, &p);
	if (!err && !stopped(c))
		*ret = p.t;
	return err;
}

/*
 * The frame base DW_OP_fbreg counts from: the DW_AT_frame_base of the
 * innermost subprogram in the scopes (an inlined instance has none: its
 * variables live in the frame of the function it was inlined into).  It
 * is itself evaluated at pc: a register, or DW_OP_call_frame_cfa.
 */
static struct smk_error *frame_base(struct ctx *c, struct term *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Op *ops;
	struct smk_error *err;
	struct place p;
	size_t nops = 0, i;
	int k, n = 0;

	for (k = 0; k < c->nscopes; k++) {
		if (dwarf_tag(&c->scopes[k]) == DW_TAG_subprogram &&
		    dwarf_attr(&c->scopes[k], DW_AT_frame_base, &attr))
			break;
	}
	if (k == c->nscopes) {
		unavailable(c, "DW_OP_fbreg outside a function with a frame "
			    "base");
		return NULL;
	}
	n = dwarf_getlocation_addr(&attr, c->pc, &ops, &nops, 1);
	if (n <= 0 || !nops) {
		unavailable(c, "no frame base at this address");
		return NULL;
	}
	loc_add(c, "; frame base");
	for (i = 0; i < nops; i++)
		loc_op(c, &ops[i]);
	if (nops == 1 && ops[0].atom == DW_OP_call_frame_cfa)
		return cfa_at(c, ret);
	err = eval_ops(c, &attr, ops, nops, true, &p);
	if (!err && !stopped(c))
		*ret = p.t;
	return err;
}

/* Pieces */

struct piece {
	size_t start, nops;
	Dwarf_Word off, size;	/* bytes into the object */
};

/* Split @ops at DW_OP_piece; *npieces 0: no pieces. */
static bool split_pieces(struct ctx *c, const Dwarf_Op *ops, size_t nops,
			 struct piece *pieces, size_t *npieces)
{
	Dwarf_Word off = 0;
	size_t i, start = 0, n = 0;

	for (i = 0; i < nops; i++) {
		if (ops[i].atom != DW_OP_piece &&
		    ops[i].atom != DW_OP_bit_piece)
			continue;
		if (ops[i].atom == DW_OP_bit_piece &&
		    (ops[i].number % 8 || ops[i].number2)) {
			unavailable(c, "value in bit pieces (DW_OP_bit_piece)");
			return false;
		}
		if (n >= MAX_PIECES) {
			unavailable(c, "value in more than %d pieces",
				    MAX_PIECES);
			return false;
		}
		pieces[n].start = start;
		pieces[n].nops = i - start;
		pieces[n].off = off;
		pieces[n].size = ops[i].atom == DW_OP_piece ? ops[i].number :
				 ops[i].number / 8;
		off += pieces[n].size;
		n++;
		start = i + 1;
	}
	if (n && start != nops) {
		unavailable(c, "broken DWARF expression (ops after the last "
			    "piece)");
		return false;
	}
	*npieces = n;
	return true;
}

/* Where the expression starts reading the object, and how much of it. */
static void leading_bytes(const struct smk_expr_result *res,
			  unsigned int *nsteps, Dwarf_Word *off,
			  Dwarf_Word *need)
{
	unsigned int k;

	*off = 0;
	for (k = 0; k < res->nsteps && !res->steps[k].deref; k++)
		*off += res->steps[k].offset;
	*nsteps = k;
	if (k < res->nsteps)
		*need = 8;	/* the pointer the next step reads */
	else if (k && res->steps[k - 1].bit_size)
		*need = res->steps[k - 1].unit_size;
	else
		*need = res->size;
}

/*
 * A variable in pieces (a struct split over registers, a value partly
 * optimized out): pick the one piece that holds all the expression reads
 * first.  *consumed: the leading steps that the choice already applied.
 */
static struct smk_error *pick_piece(struct ctx *c, Dwarf_Attribute *attr,
				    const Dwarf_Op *ops,
				    const struct piece *pieces, size_t npieces,
				    const struct smk_expr_result *res,
				    struct place *ret, unsigned int *consumed)
{
	struct smk_error *err;
	Dwarf_Word off, need, delta;
	unsigned int k;
	size_t i;

	leading_bytes(res, &k, &off, &need);
	if (!need) {
		unavailable(c, "value in pieces, of unknown size");
		return NULL;
	}
	for (i = 0; i < npieces; i++) {
		if (off >= pieces[i].off &&
		    off - pieces[i].off < pieces[i].size)
			break;
	}
	if (i == npieces) {
		unavailable(c, "optimized out at this address (no piece "
			    "holds byte %" PRIu64 ")", (uint64_t)off);
		return NULL;
	}
	delta = off - pieces[i].off;
	if (need > pieces[i].size - delta) {
		unavailable(c, "value split across registers (DW_OP_piece)");
		return NULL;
	}
	if (!pieces[i].nops) {
		unavailable(c, "optimized out at this address (empty piece)");
		return NULL;
	}
	err = eval_ops(c, attr, ops + pieces[i].start, pieces[i].nops, false,
		       ret);
	if (err || stopped(c))
		return err;
	if (ret->memory) {
		add_off(c, &ret->t, (int64_t)delta);
	} else if (delta) {
		unavailable(c, "struct held in registers (byte %" PRIu64
			    " of a piece)", (uint64_t)delta);
		return NULL;
	}
	*consumed = k;
	return NULL;
}

/* The variable */

/*
 * A type question's answer; an error (broken DWARF under a type that
 * already resolved) just means "not that kind", and is dropped.
 */
static bool no_error(struct smk_error *err)
{
	smk_error_destroy(err);
	return !err;
}

/* Is @type (typedefs and qualifiers stripped) a signed integer? */
static bool signed_int(Dwarf_Die *type)
{
	Dwarf_Attribute a;
	Dwarf_Word enc;
	Dwarf_Die st, ut;
	bool is_void;

	if (!no_error(smk_dwarf_type_strip(type, &st, &is_void)) || is_void)
		return false;
	if (dwarf_tag(&st) == DW_TAG_enumeration_type) {
		/* DWARF 3+: the underlying type; else unsigned, as gcc. */
		if (!dwarf_hasattr(&st, DW_AT_type) ||
		    !no_error(smk_dwarf_die_type(&st, &ut, &is_void)) ||
		    is_void)
			return false;
		return signed_int(&ut);
	}
	return dwarf_tag(&st) == DW_TAG_base_type &&
	       !dwarf_formudata(dwarf_attr(&st, DW_AT_encoding, &a), &enc) &&
	       (enc == DW_ATE_signed || enc == DW_ATE_signed_char);
}

/* DW_AT_const_value, sign-extended as the variable's type says. */
static struct smk_error *const_value(struct ctx *c, Dwarf_Die *var,
				     Dwarf_Attribute *attr, struct place *ret)
{
	Dwarf_Die type;
	Dwarf_Word u, size = 0;
	Dwarf_Sword s;
	Dwarf_Block block;
	bool is_void, sign;
	unsigned int form = dwarf_whatform(attr);
	int64_t v;
	size_t i;

	/* DW_FORM_dataN hold the value's bytes, sign-extended by type. */
	sign = no_error(smk_dwarf_die_type(var, &type, &is_void)) &&
	       !is_void && signed_int(&type);
	switch (form) {
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		if (dwarf_formsdata(attr, &s))
			goto bad;
		v = s;
		break;
	case DW_FORM_block:
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
		if (dwarf_formblock(attr, &block))
			goto bad;
		if (block.length > 8) {
			unavailable(c, "constant of %" PRIu64 " bytes "
				    "(folded by the compiler)",
				    (uint64_t)block.length);
			return NULL;
		}
		u = 0;
		for (i = 0; i < block.length; i++) {
			size_t at = c->b->big_endian ? i :
				    block.length - 1 - i;

			u = u << 8 | block.data[at];
		}
		size = block.length;
		v = (int64_t)u;
		break;
	default:
		if (dwarf_formudata(attr, &u))
			goto bad;
		if (form == DW_FORM_data1)
			size = 1;
		else if (form == DW_FORM_data2)
			size = 2;
		else if (form == DW_FORM_data4)
			size = 4;
		v = (int64_t)u;
		if (sign && size && size < 8 &&
		    (u >> (size * 8 - 1) & 1))
			v = (int64_t)(u | ~(uint64_t)0 << (size * 8));
		break;
	}
	loc_add(c, "DW_AT_const_value %" PRId64, v);
	ret->memory = false;
	term_const(&ret->t, v);
	return NULL;
bad:
	return smk_error_create(SMK_ERROR_DWARF,
				"DIE %#llx: unreadable DW_AT_const_value",
				(unsigned long long)dwarf_dieoffset(var));
}

/*
 * A defined data symbol named @name, or @name@VERSION: the copy that an
 * executable's R_X86_64_COPY relocation makes of a library's variable
 * ("stdout@GLIBC_2.2.5").
 */
static bool data_symbol(struct ctx *c, const char *name, uint64_t *addr)
{
	size_t len = strlen(name);
	int i, n;

	n = dwfl_module_getsymtab(c->b->dwmod);
	for (i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr a;
		const char *s;

		s = dwfl_module_getsym_info(c->b->dwmod, i, &sym, &a, NULL,
					    NULL, NULL);
		if (!s || strncmp(s, name, len) ||
		    (s[len] != '\0' && s[len] != '@') ||
		    sym.st_shndx == SHN_UNDEF ||
		    (GELF_ST_TYPE(sym.st_info) != STT_OBJECT &&
		     GELF_ST_TYPE(sym.st_info) != STT_NOTYPE))
			continue;
		*addr = a - c->b->bias;
		return true;
	}
	return false;
}

/* An extern declaration: the definition is an ELF symbol. */
static struct smk_error *extern_var(struct ctx *c, Dwarf_Die *var,
				    struct place *ret)
{
	const char *name = smk_dwarf_diename_origin(var);
	uint64_t addr;

	if (!name) {
		unavailable(c, "extern declaration without a name");
		return NULL;
	}
	loc_add(c, "extern, symbol %s", name);
	if (data_symbol(c, name, &addr)) {
		ret->memory = true;
		term_addr(&ret->t, addr);
		return NULL;
	}
	if (smk_binary_is_kernel(c->b) && !c->user) {
		/* In vmlinux or another module: kallsyms finds it by name. */
		ret->memory = true;
		memset(&ret->t, 0, sizeof(ret->t));
		ret->t.base = BASE_SYMBOL;
		spec_printf(c, ret->t.spec, sizeof(ret->t.spec), "%s", name);
		return NULL;
	}
	unavailable(c, "'%s' is defined in another file", name);
	return NULL;
}

/* The variable's location at pc, with pieces resolved (see pick_piece). */

/*
 * Does one location list entry of @attr end exactly at @pc where another
 * begins?  Then the variable moves or gets a new value at the probe's
 * address, and
 * which side of the change the marker stands on is in the location views
 * (DW_AT_GNU_locviews) that libdw does not decode: gcc puts a marker's
 * empty block at the same address as the code after it.  Measured: such
 * values were wrong as often as right (tests/fidelity.t), and a wrong value
 * is worse than a missing one.
 */
static bool same_ops(const Dwarf_Op *a, size_t na, const Dwarf_Op *b,
		     size_t nb)
{
	size_t i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (a[i].atom != b[i].atom || a[i].number != b[i].number ||
		    a[i].number2 != b[i].number2)
			return false;
	return true;
}

/* A location that is a value, not a place (DWARF 5 2.6.1.1.4): a
 * computation or a constant. */
static bool is_value(const Dwarf_Op *ops, size_t n)
{
	return n && (ops[n - 1].atom == DW_OP_stack_value ||
		     ops[n - 1].atom == DW_OP_implicit_value);
}

enum change { CHANGE_NONE, CHANGE_PLACE, CHANGE_VALUE };

static enum change location_changes_at(Dwarf_Attribute *attr, Dwarf_Addr pc)
{
	Dwarf_Addr base, start, end;
	Dwarf_Op *ops, *before = NULL, *after = NULL;
	size_t nops, nbefore = 0, nafter = 0;
	ptrdiff_t off = 0;

	if (attr->form == DW_FORM_exprloc || attr->form == DW_FORM_block ||
	    attr->form == DW_FORM_block1 || attr->form == DW_FORM_block2 ||
	    attr->form == DW_FORM_block4)
		return false;	/* a single location, valid everywhere */
	while ((off = dwarf_getlocations(attr, off, &base, &start, &end,
					 &ops, &nops)) > 0) {
		if (start == end)
			continue;
		if (start == pc) {
			after = ops;
			nafter = nops;
		}
		if (end == pc) {
			before = ops;
			nbefore = nops;
		}
	}
	/*
	 * A location that begins here, other than the one just before (a
	 * range merely split in two), and that is a value rather than a
	 * place (DW_OP_stack_value: a constant or a computation): that is an
	 * assignment, which the views may put after the marker.  Measured on
	 * tests/fidelity: new places beginning at a marker's address held the
	 * right value (118 of 120); new constants did not (i = 0 of the next
	 * loop).
	 */
	if (!after || (before && same_ops(before, nbefore, after, nafter)))
		return CHANGE_NONE;
	/* ... or a place that was a computation just before (i in %dx-1,
	 * then in %dx: the increment sits at this address).  A constant is
	 * a value however it is written: DW_OP_implicit_value too (csmith's
	 * "marker(..., l); l--;" at gcc -O2: 0xd896e78d up to view 7 of the
	 * marker's address, 0xd896e78c from there, the marker at view 3).
	 * A new place is a move, which the views decide when they can. */
	return is_value(after, nafter) || is_value(before, nbefore) ?
	       CHANGE_VALUE : CHANGE_PLACE;
}

/*
 * The location at the marker's own view of pc (locview.c): the entry of
 * the list whose (address, view) range holds (pc, V) for every view V of
 * the marker's rows at pc.  Entries are [begin, end) in (address, view)
 * order, as gcc writes them; empty address ranges count (gcc's entries
 * for a value that holds only between two views of one address).
 */
enum { VIEW_NOMEM = -2, VIEW_UNKNOWN = -1, VIEW_NONE = 0, VIEW_FOUND = 1 };

static bool view_le(Dwarf_Addr a, unsigned int va, Dwarf_Addr b,
		    unsigned int vb)
{
	return a < b || (a == b && va <= vb);
}

static int view_location(struct ctx *c, Dwarf_Die *var, Dwarf_Op **ops,
			 size_t *nops)
{
	struct smk_loc_entry *e = NULL;
	struct smk_error *err;
	size_t n = 0, i, k;
	long pick = -2;		/* -2: not yet; -1: none */

	if (c->nviews < 0) {
		size_t nv = 0;

		err = c->stmt ? smk_line_views_of(
			c->stmt->cu, c->pc, c->stmt->file, c->stmt->first,
			c->stmt->last, c->views, sizeof(c->views) /
			sizeof(c->views[0]), &nv) : NULL;
		if (err == &smk_error_nomem)
			return VIEW_NOMEM;
		if (err && err->code != SMK_ERROR_UNSUPPORTED)
			smk_warn("%s", err->message);
		smk_error_destroy(err);
		c->nviews = err ? 0 : (int)nv;
	}
	if (!c->nviews)
		return VIEW_UNKNOWN;
	err = smk_loc_views(var, &e, &n);
	if (err == &smk_error_nomem)
		return VIEW_NOMEM;
	if (err || !n) {
		smk_error_destroy(err);
		free(e);
		return VIEW_UNKNOWN;
	}
	for (k = 0; k < (size_t)c->nviews; k++) {
		unsigned int v = c->views[k];
		long hit = -1;

		for (i = 0; i < n; i++) {
			if (!view_le(e[i].start, e[i].vbegin, c->pc, v) ||
			    view_le(e[i].end, e[i].vend, c->pc, v))
				continue;
			if (hit >= 0) {
				free(e);
				return VIEW_UNKNOWN;	/* overlapping */
			}
			hit = (long)i;
		}
		if (pick != -2 && pick != hit) {
			free(e);
			return VIEW_UNKNOWN;	/* rows on both sides */
		}
		pick = hit;
	}
	if (pick < 0 || !e[pick].nops) {
		free(e);
		return VIEW_NONE;
	}
	*ops = e[pick].ops;
	*nops = e[pick].nops;
	free(e);
	return VIEW_FOUND;
}

/*
 * A pointer the compiler optimized out while keeping what it points to: an
 * inlined callee's "struct order *o" that is &o of its caller.  The pointer
 * has no value, but *o is the caller's object (DW_OP_implicit_pointer names
 * its DIE and a byte offset), so "o->id" is a member of that object: the
 * first step's dereference is done here.
 */
static struct smk_error *implicit_pointer(struct ctx *c,
					  Dwarf_Attribute *attr,
					  const Dwarf_Op *op,
					  const struct smk_expr_result *res,
					  struct place *ret,
					  unsigned int *consumed)
{
	Dwarf_Attribute target;
	Dwarf_Op *ops;
	size_t nops;
	int n;

	if (!res->nsteps || !res->steps[0].deref) {
		unavailable(c, "pointer optimized out (its target is known: "
			    "fetch a member, o->m)");
		return NULL;
	}
	if (dwarf_getlocation_implicit_pointer(attr, op, &target) != 0 ||
	    target.code != DW_AT_location) {
		unavailable(c, "pointer to an optimized-out object "
			    "(DW_OP_implicit_pointer)");
		return NULL;
	}
	if (location_changes_at(&target, c->pc) == CHANGE_VALUE) {
		unavailable(c, "the pointed-to value changes at this very "
			    "address");
		return NULL;
	}
	n = dwarf_getlocation_addr(&target, c->pc, &ops, &nops, 1);
	if (n <= 0 || !nops) {
		unavailable(c, "pointer to an object optimized out at this "
			    "address (DW_OP_implicit_pointer)");
		return NULL;
	}
	struct piece pieces[MAX_PIECES];
	struct smk_expr_result r2;
	struct smk_error *err;
	size_t npieces;

	for (size_t i = 0; i < nops; i++)
		loc_op(c, &ops[i]);
	if (!split_pieces(c, ops, nops, pieces, &npieces))
		return NULL;
	if (npieces) {
		/* A struct the compiler split into pieces (registers): the
		 * same as fetching "target.m" with the implicit offset. */
		r2 = *res;
		r2.steps[0].deref = false;
		r2.steps[0].offset += op->number2;
		err = pick_piece(c, &target, ops, pieces, npieces, &r2, ret,
				 consumed);
		if (err || stopped(c))
			return err;
		if (*consumed)
			return NULL;
		if (!ret->memory) {
			unavailable(c, "pointer to an object held in "
				    "registers (DW_OP_implicit_pointer)");
			return NULL;
		}
		if (add_off(c, &ret->t, (int64_t)r2.steps[0].offset))
			*consumed = 1;
		return NULL;
	}
	err = eval_ops(c, &target, ops, nops, false, ret);
	if (err || stopped(c))
		return err;
	if (!ret->memory) {
		unavailable(c, "pointer to an object held in registers "
			    "(DW_OP_implicit_pointer)");
		return NULL;
	}
	/* *o is the object at the implicit offset; "->m" adds m. */
	if (!add_off(c, &ret->t, (int64_t)op->number2) ||
	    !add_off(c, &ret->t, (int64_t)res->steps[0].offset))
		return NULL;
	*consumed = 1;
	return NULL;
}

static struct smk_error *locate(struct ctx *c,
				const struct smk_expr_result *res,
				struct place *ret, unsigned int *consumed)
{
	Dwarf_Die var = res->var;
	Dwarf_Attribute attr;
	struct piece pieces[MAX_PIECES];
	struct smk_error *err;
	Dwarf_Op *ops;
	size_t nops = 0, npieces, i;
	int n;

	*consumed = 0;
	if (!dwarf_attr(&var, DW_AT_location, &attr)) {
		if (dwarf_attr_integrate(&var, DW_AT_const_value, &attr))
			return const_value(c, &var, &attr, ret);
		/*
		 * Only a static local lives at the same place in every
		 * instance: its abstract DIE may carry the location.
		 */
		if (dwarf_hasattr(&var, DW_AT_abstract_origin) &&
		    dwarf_attr_integrate(&var, DW_AT_location, &attr) &&
		    (n = dwarf_getlocation_addr(&attr, c->pc, &ops, &nops,
						1)) == 1 &&
		    nops == 1 && (ops[0].atom == DW_OP_addr ||
				  ops[0].atom == DW_OP_addrx))
			goto have_ops;
		if (dwarf_hasattr_integrate(&var, DW_AT_declaration))
			return extern_var(c, &var, ret);
		unavailable(c, "optimized out (no location)");
		return NULL;
	}
	switch (location_changes_at(&attr, c->pc)) {
	case CHANGE_NONE:
		break;
	case CHANGE_PLACE:
		/* A move at this address: the views say which side the
		 * marker is on when they can; when they cannot, the place
		 * that begins here (measured on tests/fidelity: right 118
		 * times of 120). */
		n = view_location(c, &var, &ops, &nops);
		if (n == VIEW_NOMEM)
			return &smk_error_nomem;
		if (n == VIEW_FOUND) {
			c->how = SMK_FETCH_VIEW;
			goto have_ops;
		}
		break;
	case CHANGE_VALUE:
		n = view_location(c, &var, &ops, &nops);
		if (n == VIEW_NOMEM)
			return &smk_error_nomem;
		if (n == VIEW_UNKNOWN) {
			unavailable(c, "the value changes at this very address "
				    "(%s)", c->nviews ? "the location views "
				    "do not tell which side the marker is on" :
				    "no location views, or no line-table row "
				    "of the marker here, to tell which side "
				    "the marker is on");
			return NULL;
		}
		if (n == VIEW_NONE) {
			unavailable(c, "optimized out at the marker's view of "
				    "this address (location views)");
			return NULL;
		}
		c->how = SMK_FETCH_VIEW;
		goto have_ops;
	}
	n = dwarf_getlocation_addr(&attr, c->pc, &ops, &nops, 1);
	/*
	 * A location libdw cannot decode (DW_OP_GNU_uninit in the Debian
	 * cloud vmlinux) concerns this argument only: it is unavailable,
	 * and the other points of the run go on.
	 */
	if (n < 0) {
		unavailable(c, "location not decodable (DIE %#llx): %s",
			    (unsigned long long)dwarf_dieoffset(&var),
			    dwarf_errmsg(-1));
		return NULL;
	}
	if (n == 0 || !nops) {
		unavailable(c, "optimized out at this address");
		return NULL;
	}
have_ops:
	for (i = 0; i < nops; i++)
		loc_op(c, &ops[i]);
	if (nops == 1 && (ops[0].atom == DW_OP_implicit_pointer ||
			  ops[0].atom == DW_OP_GNU_implicit_pointer))
		return implicit_pointer(c, &attr, &ops[0], res, ret, consumed);
	if (!split_pieces(c, ops, nops, pieces, &npieces))
		return NULL;
	if (npieces)
		err = pick_piece(c, &attr, ops, pieces, npieces, res, ret,
				 consumed);
	else
	{
		c->ops = ops;
		c->nops = nops;
		err = eval_ops(c, &attr, ops, nops, false, ret);
	}
	return err;
}

/*
 * Computed values (compute.h): a DWARF expression with DW_OP_stack_value
 * whose value a fetch argument cannot express ("%di * %si", "(%dx >> 3)
 * & 1", "%ax + 1").  The expression is evaluated again, each stack entry
 * either a term (as eval_op() keeps them) or a program over inputs; the
 * terms an operation cannot fold become inputs, fetched as they are
 * (registers, loads), and the rest is the program.  Shifts must be by a
 * constant below 64 (bpftrace's and DWARF's shifts then agree); division,
 * comparisons, entry values and typed ops stay unavailable.
 */
struct cnode {
	bool is_term;
	struct term t;
	struct smk_compute prog;	/* !is_term */
};

static bool prog_append(struct ctx *c, struct smk_compute *dst,
			const struct smk_compute *src)
{
	unsigned int i;

	for (i = 0; i < src->nitems; i++)
		if (!smk_compute_push(dst, src->items[i].op,
				      src->items[i].value)) {
			unavailable(c, "computed value (more than %d steps)",
				    SMK_COMPUTE_MAX_ITEMS);
			return false;
		}
	return true;
}

/* A new input for term @t (its value, as a spec): its program "$K". */
static bool cnode_input(struct ctx *c, const struct term *t,
			const char *type, struct smk_compute *prog)
{
	char buf[SPEC_MAX];

	if (c->ninputs >= SMK_FETCH_MAX_INPUTS) {
		unavailable(c, "computed value (more than %d inputs)",
			    SMK_FETCH_MAX_INPUTS);
		return false;
	}
	if (!value_spec(c, t, buf, sizeof(buf)))
		return false;
	if (!valid_spec(buf)) {
		unavailable(c, "fetch holds characters a probe does not "
			    "accept");
		return false;
	}
	memcpy(c->inputs[c->ninputs], buf, sizeof(buf));
	snprintf(c->input_types[c->ninputs], sizeof(c->input_types[0]),
		 "%s", type);
	memset(prog, 0, sizeof(*prog));
	return smk_compute_push(prog, SMK_COMPUTE_INPUT, c->ninputs++);
}

/* @n as a program: a constant, an input, or an input plus its offset. */
static bool cnode_prog(struct ctx *c, struct cnode *n)
{
	struct term base;
	int64_t off;

	if (!n->is_term)
		return true;
	n->is_term = false;
	memset(&n->prog, 0, sizeof(n->prog));
	if (n->t.base == BASE_CONST)
		return smk_compute_push(&n->prog, SMK_COMPUTE_CONST,
					(uint64_t)n->t.off);
	if (n->t.base != BASE_SPEC) {
		unavailable(c, "computed value (of a static address)");
		return false;
	}
	base = n->t;
	off = base.off;
	base.off = 0;
	if (!cnode_input(c, &base, "x64", &n->prog))
		return false;
	if (!off)
		return true;
	return smk_compute_push(&n->prog, SMK_COMPUTE_CONST, (uint64_t)off) &&
	       smk_compute_push(&n->prog, SMK_COMPUTE_PLUS, 0);
}

static bool const_fold(unsigned int atom, uint64_t a, uint64_t b,
		       uint64_t *r)
{
	switch (atom) {
	case DW_OP_mul:
		*r = a * b;
		return true;
	case DW_OP_and:
		*r = a & b;
		return true;
	case DW_OP_or:
		*r = a | b;
		return true;
	case DW_OP_xor:
		*r = a ^ b;
		return true;
	case DW_OP_minus:
		*r = a - b;
		return true;
	case DW_OP_plus:
		*r = a + b;
		return true;
	default:
		return false;
	}
}

static struct smk_error *compute_value(struct ctx *c,
				       struct smk_compute *out)
{
	static const struct {
		unsigned int atom;
		enum smk_compute_op op;
	} binops[] = {
		{ DW_OP_plus, SMK_COMPUTE_PLUS },
		{ DW_OP_minus, SMK_COMPUTE_MINUS },
		{ DW_OP_mul, SMK_COMPUTE_MUL },
		{ DW_OP_and, SMK_COMPUTE_AND },
		{ DW_OP_or, SMK_COMPUTE_OR },
		{ DW_OP_xor, SMK_COMPUTE_XOR },
		{ DW_OP_shl, SMK_COMPUTE_SHL },
		{ DW_OP_shr, SMK_COMPUTE_SHR },
		{ DW_OP_shra, SMK_COMPUTE_SHRA },
	};
	struct cnode st[STACK_MAX];
	struct smk_error *err = NULL;
	char name[40];
	int d = 0;
	size_t i, k;

	c->ninputs = 0;
	if (!c->nops ||
	    c->ops[c->nops - 1].atom != DW_OP_stack_value) {
		unavailable(c, "computed value (not a DW_OP_stack_value)");
		return NULL;
	}
	for (i = 0; i + 1 < c->nops && !stopped(c); i++) {
		const Dwarf_Op *op = &c->ops[i];
		unsigned int atom = op->atom;

		if (d >= STACK_MAX) {
			unavailable(c, "DWARF expression deeper than %d",
				    STACK_MAX);
			return NULL;
		}
		if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) {
			st[d].is_term = true;
			term_const(&st[d++].t, atom - DW_OP_lit0);
			continue;
		}
		if ((atom >= DW_OP_breg0 && atom <= DW_OP_breg31) ||
		    atom == DW_OP_bregx) {
			Dwarf_Word w = atom == DW_OP_bregx ? op->number :
				       atom - DW_OP_breg0;
			int64_t v = (int64_t)(atom == DW_OP_bregx ?
					      op->number2 : op->number);

			st[d].is_term = true;
			if (!term_reg(c, &st[d++].t, w, v))
				return NULL;
			continue;
		}
		switch (atom) {
		case DW_OP_const1u: case DW_OP_const1s:
		case DW_OP_const2u: case DW_OP_const2s:
		case DW_OP_const4u: case DW_OP_const4s:
		case DW_OP_const8u: case DW_OP_const8s:
		case DW_OP_constu: case DW_OP_consts:
			st[d].is_term = true;
			term_const(&st[d++].t, (int64_t)op->number);
			continue;
		case DW_OP_fbreg:
			st[d].is_term = true;
			err = frame_base(c, &st[d].t);
			if (err || stopped(c))
				return err;
			if (!add_off(c, &st[d++].t, (int64_t)op->number))
				return NULL;
			continue;
		case DW_OP_plus_uconst:
			if (!d)
				break;
			if (st[d - 1].is_term) {
				if (!add_off(c, &st[d - 1].t,
					     (int64_t)op->number))
					return NULL;
				continue;
			}
			if (!smk_compute_push(&st[d - 1].prog,
					      SMK_COMPUTE_CONST, op->number) ||
			    !smk_compute_push(&st[d - 1].prog,
					      SMK_COMPUTE_PLUS, 0))
				goto too_long;
			continue;
		case DW_OP_deref:
		case DW_OP_deref_size:
			if (!d || !st[d - 1].is_term ||
			    st[d - 1].t.base == BASE_CONST) {
				unavailable(c, "computed value (a load from a "
					    "computed address)");
				return NULL;
			}
			if (atom == DW_OP_deref_size && op->number != 8) {
				struct term t = st[d - 1].t;
				char type[8];

				if (op->number != 1 && op->number != 2 &&
				    op->number != 4) {
					unavailable(c, "computed value "
						    "(DW_OP_deref_size %"
						    PRIu64 ")",
						    (uint64_t)op->number);
					return NULL;
				}
				/* Zero-extended, as DWARF says. */
				snprintf(type, sizeof(type), "u%u",
					 (unsigned int)op->number * 8);
				if (!term_load(c, &t))
					return NULL;
				st[d - 1].is_term = false;
				if (!cnode_input(c, &t, type, &st[d - 1].prog))
					return NULL;
				continue;
			}
			if (!term_load(c, &st[d - 1].t))
				return NULL;
			continue;
		case DW_OP_neg:
		case DW_OP_not:
			if (!d)
				break;
			if (st[d - 1].is_term && st[d - 1].t.base == BASE_CONST) {
				uint64_t v = (uint64_t)st[d - 1].t.off;

				st[d - 1].t.off = (int64_t)(atom == DW_OP_neg ?
							    -v : ~v);
				continue;
			}
			if (!cnode_prog(c, &st[d - 1]) ||
			    !smk_compute_push(&st[d - 1].prog,
					      atom == DW_OP_neg ?
					      SMK_COMPUTE_NEG :
					      SMK_COMPUTE_NOT, 0))
				goto too_long;
			continue;
		default:
			break;
		}
		for (k = 0; k < sizeof(binops) / sizeof(*binops); k++)
			if (binops[k].atom == atom)
				break;
		if (k == sizeof(binops) / sizeof(*binops)) {
			unavailable(c, "computed value (%s)",
				    op_name(atom, name, sizeof(name)));
			return NULL;
		}
		if (d < 2) {
			unavailable(c, "broken DWARF expression (stack "
				    "underflow)");
			return NULL;
		}
		{
			struct cnode *a = &st[d - 2], *b = &st[d - 1];
			uint64_t r;

			if ((atom == DW_OP_shl || atom == DW_OP_shr ||
			     atom == DW_OP_shra) &&
			    !(b->is_term && b->t.base == BASE_CONST &&
			      (uint64_t)b->t.off < 64)) {
				unavailable(c, "computed value (a shift by "
					    "other than a constant below 64)");
				return NULL;
			}
			if (a->is_term && b->is_term &&
			    a->t.base == BASE_CONST &&
			    b->t.base == BASE_CONST &&
			    const_fold(atom, (uint64_t)a->t.off,
				       (uint64_t)b->t.off, &r)) {
				a->t.off = (int64_t)r;
				d--;
				continue;
			}
			/* reg + const stays a term: "%di + 8" */
			if ((atom == DW_OP_plus || atom == DW_OP_minus) &&
			    a->is_term && b->is_term &&
			    b->t.base == BASE_CONST &&
			    a->t.base == BASE_SPEC) {
				if (!add_off(c, &a->t, atom == DW_OP_minus ?
					     -b->t.off : b->t.off))
					return NULL;
				d--;
				continue;
			}
			if (!cnode_prog(c, a) || !cnode_prog(c, b) ||
			    !prog_append(c, &a->prog, &b->prog) ||
			    !smk_compute_push(&a->prog, binops[k].op, 0))
				goto too_long;
			if (atom == DW_OP_shr || atom == DW_OP_shra)
				c->right_shift = true;
			d--;
		}
	}
	if (stopped(c))
		return NULL;
	if (d != 1) {
		unavailable(c, "computed value (%d values left)", d);
		return NULL;
	}
	if (!cnode_prog(c, &st[0]))
		return NULL;
	if (!smk_compute_valid(&st[0].prog)) {
		unavailable(c, "computed value (not a program)");
		return NULL;
	}
	*out = st[0].prog;
	return NULL;
too_long:
	if (!stopped(c))
		unavailable(c, "computed value (more than %d steps)",
			    SMK_COMPUTE_MAX_ITEMS);
	return NULL;
}

/* Types */

struct vtype {
	enum { VT_INT, VT_PTR, VT_CHAR_ARRAY, VT_OTHER } kind;
	bool sign;
	Dwarf_Word size;
	bool char_ptr;		/* pointer to a 1-byte integer */
	const char *what;	/* VT_OTHER: "struct", "array"... */
};

static bool one_byte_int(Dwarf_Die *type)
{
	Dwarf_Attribute a;
	Dwarf_Word enc, size;
	Dwarf_Die st;
	bool is_void;

	if (!no_error(smk_dwarf_type_strip(type, &st, &is_void)) || is_void ||
	    dwarf_tag(&st) != DW_TAG_base_type ||
	    dwarf_formudata(dwarf_attr(&st, DW_AT_encoding, &a), &enc) ||
	    dwarf_formudata(dwarf_attr(&st, DW_AT_byte_size, &a), &size))
		return false;
	return size == 1 && enc != DW_ATE_boolean && enc != DW_ATE_float;
}

/* What kind of value the expression gives, from its DWARF type. */
static void value_type(const struct smk_expr_result *res, struct vtype *vt)
{
	Dwarf_Die st = res->type, elem;
	Dwarf_Attribute a;
	Dwarf_Word enc;
	unsigned int ndims;
	bool is_void = false;
	int tag;

	memset(vt, 0, sizeof(*vt));
	vt->kind = VT_OTHER;
	vt->size = res->size;
	vt->what = "value";
	if (res->ptrs) {
		/* A pointer a cast made ("(char *)p"). */
		vt->kind = VT_PTR;
		vt->size = 8;
		vt->char_ptr = res->ptrs == 1 && !res->ptr_void &&
			       one_byte_int(&st);
		return;
	}
	if (!res->type_skip &&
	    !no_error(smk_dwarf_type_strip(&st, &st, &is_void)))
		return;
	if (is_void)
		return;
	tag = dwarf_tag(&st);
	switch (tag) {
	case DW_TAG_base_type:
		if (dwarf_formudata(dwarf_attr(&st, DW_AT_encoding, &a),
				    &enc))
			return;
		if (enc == DW_ATE_float || enc == DW_ATE_complex_float) {
			vt->what = "floating-point value";
			return;
		}
		vt->kind = VT_INT;
		vt->sign = signed_int(&st);
		return;
	case DW_TAG_enumeration_type:
		vt->kind = VT_INT;
		vt->sign = signed_int(&st);
		return;
	case DW_TAG_pointer_type:
		vt->kind = VT_PTR;
		if (no_error(smk_dwarf_die_type(&st, &elem, &is_void)) &&
		    !is_void)
			vt->char_ptr = one_byte_int(&elem);
		return;
	case DW_TAG_array_type:
		vt->what = "array";
		if (!no_error(smk_dwarf_array_dims(&st, &ndims)) ||
		    res->type_skip + 1 != ndims ||
		    !no_error(smk_dwarf_die_type(&st, &elem, &is_void)) ||
		    is_void ||
		    !one_byte_int(&elem))
			return;
		vt->kind = VT_CHAR_ARRAY;
		return;
	case DW_TAG_structure_type:
		vt->what = "struct";
		return;
	case DW_TAG_union_type:
		vt->what = "union";
		return;
	case DW_TAG_subroutine_type:
		vt->what = "function";
		return;
	default:
		return;
	}
}

static unsigned int conv_bits(const struct smk_conv *conv)
{
	if (conv->conv == 'p')
		return 64;
	if (conv->conv == 'c')
		return 8;
	switch (conv->length) {
	case SMK_LEN_HH:
		return 8;
	case SMK_LEN_H:
		return 16;
	case SMK_LEN_L:
	case SMK_LEN_LL:
	case SMK_LEN_J:
	case SMK_LEN_Z:
	case SMK_LEN_T:
		return 64;
	default:
		return 32;
	}
}

/*
 * The probe type of a numeric value: the conversion's when given, else
 * the DWARF type's.  A value narrower than its conversion ("%d" on a
 * short, which printf gets promoted) is read at its own size and
 * signedness, so no neighbouring bytes leak in; a wider one is truncated
 * as printf would.
 */
static bool numeric_type(struct ctx *c, const struct vtype *vt,
			 const struct smk_conv *conv, const char *ctype,
			 char *buf, size_t size)
{
	unsigned int bits;
	char kind;

	if (vt->kind != VT_INT && vt->kind != VT_PTR) {
		if (conv)
			unavailable(c, "%%%c on '%s', a %s", conv->conv,
				    ctype, vt->what);
		else if (vt->kind == VT_CHAR_ARRAY)
			unavailable(c, "'%s' is an array: index it, or use %%s "
				    "for a string", ctype);
		else
			unavailable(c, "'%s' is a %s: fetch one of its "
				    "members or elements", ctype, vt->what);
		return false;
	}
	if (vt->size != 1 && vt->size != 2 && vt->size != 4 &&
	    vt->size != 8) {
		unavailable(c, "'%s' is %" PRIu64 " bytes", ctype,
			    (uint64_t)vt->size);
		return false;
	}
	if (!conv) {
		kind = vt->kind == VT_PTR ? 'x' : vt->sign ? 's' : 'u';
		snprintf(buf, size, "%c%u", kind, (unsigned int)vt->size * 8);
		return true;
	}
	switch (conv->conv) {
	case 'd':
	case 'i':
		kind = 's';
		break;
	case 'u':
	case 'o':
	case 'c':
		kind = 'u';
		break;
	case 'x':
	case 'X':
		kind = 'x';
		break;
	case 'p':
		kind = 'x';
		/* %pS/%ps and friends: kprobes print symbol+offset. */
		if (!c->user && (conv->ext[0] == 'S' || conv->ext[0] == 's' ||
				 conv->ext[0] == 'B')) {
			snprintf(buf, size, "symbol");
			return true;
		}
		break;
	case 'e': case 'E': case 'f': case 'F':
	case 'g': case 'G': case 'a': case 'A':
		unavailable(c, "floating-point conversion %%%c", conv->conv);
		return false;
	default:
		unavailable(c, "conversion %%%c is not fetchable", conv->conv);
		return false;
	}
	bits = conv_bits(conv);
	if (vt->kind == VT_INT && vt->size * 8 < bits) {
		bits = vt->size * 8;
		if (kind != 'x')
			kind = vt->sign ? 's' : 'u';
	}
	snprintf(buf, size, "%c%u", kind, bits);
	return true;
}

/* The spec, from the place the steps left */

static struct smk_error *apply_steps(struct ctx *c,
				     const struct smk_expr_result *res,
				     unsigned int first, struct place *p)
{
	unsigned int i;

	for (i = first; i < res->nsteps && !stopped(c); i++) {
		const struct smk_expr_result_step *s = &res->steps[i];

		if (s->deref) {
			/* The pointer: load it if it is in memory. */
			if (p->memory && !term_load(c, &p->t))
				break;
			p->memory = true;
			add_off(c, &p->t, (int64_t)s->offset);
			continue;
		}
		if (p->memory) {
			add_off(c, &p->t, (int64_t)s->offset);
			continue;
		}
		/* An object held as a value (a register, a constant). */
		if (!s->offset && !s->bit_size)
			continue;
		if (p->t.base == BASE_CONST && !s->bit_size &&
		    s->offset < 8) {
			p->t.off = (int64_t)((uint64_t)p->t.off >>
					     (s->offset * 8));
			continue;
		}
		unavailable(c, "struct held in registers");
	}
	return NULL;
}

static bool valid_spec(const char *s)
{
	for (; *s; s++) {
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "abcdefghijklmnopqrstuvwxyz"
			    "0123456789_%@+-().\\", *s))
			return false;
	}
	return true;
}

static bool valid_type(const char *s)
{
	for (; *s; s++) {
		if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789@/", *s))
			return false;
	}
	return true;
}

/*
 * "(T)x" with T an integer type: what the probe reads of x.  Narrowing
 * reads T's bytes at x's address (x86-64 is little endian: the low ones)
 * or the low bits of x's register, with T's sign; widening reads x at its
 * own size and sign, which is the same number when C keeps it (signed to
 * signed, unsigned to anything).  A negative value widened to a wider
 * unsigned type (2^64 - 1 for (unsigned long)-1) is not what a probe
 * prints: refused.  A constant is converted here.
 */
static bool int_cast(struct ctx *c, const struct smk_expr_result *res,
		     const struct smk_expr_result_step *last,
		     struct place *p, struct vtype *vt)
{
	unsigned int i;

	if (vt->kind != VT_INT && vt->kind != VT_PTR) {
		unavailable(c, "a cast to '%s' of a %s", res->type_name,
			    vt->what);
		return false;
	}
	if (last && last->bit_size) {
		unavailable(c, "a cast of a bitfield");
		return false;
	}
	if (!c->x86_64) {
		unavailable(c, "casts are read as little endian (x86-64 only)");
		return false;
	}
	if (vt->kind == VT_PTR)
		vt->sign = false;
	for (i = 0; i < res->ncasts; i++) {
		Dwarf_Word size = res->casts[i].size;

		if (size > vt->size && vt->sign && !res->casts[i].sign) {
			unavailable(c, "a cast of a signed %u-byte value to a "
				    "wider unsigned type (the tracers do not "
				    "sign-extend)", (unsigned int)vt->size);
			return false;
		}
		if (size <= vt->size) {
			vt->size = size;
			vt->sign = res->casts[i].sign;
		}
	}
	vt->kind = VT_INT;
	vt->char_ptr = false;
	if (!p->memory && p->t.base == BASE_CONST && vt->size < 8) {
		unsigned int bits = (unsigned int)vt->size * 8;
		uint64_t v = (uint64_t)p->t.off & ((1ULL << bits) - 1);

		if (vt->sign && (v >> (bits - 1)))
			v |= ~0ULL << bits;
		p->t.off = (int64_t)v;
	}
	return true;
}

static struct smk_error *finish(struct ctx *c,
				const struct smk_expr_result *res,
				const struct smk_conv *conv, struct place *p,
				char *spec, size_t size, char *type,
				size_t tsize)
{
	const struct smk_expr_result_step *last;
	struct vtype vt;
	unsigned int loads;

	last = res->nsteps ? &res->steps[res->nsteps - 1] : NULL;
	value_type(res, &vt);
	if (res->int_cast && !int_cast(c, res, last, p, &vt))
		return NULL;
	if (conv && conv->conv == 's') {
		if (vt.kind == VT_PTR && vt.char_ptr) {
			/* The pointer's value is where the string starts. */
			if (p->memory && !term_load(c, &p->t))
				return NULL;
			p->memory = true;
		} else if (vt.kind == VT_CHAR_ARRAY) {
			if (!p->memory) {
				unavailable(c, "char array held in registers");
				return NULL;
			}
		} else {
			unavailable(c, "%%s on '%s', which is neither a char "
				    "pointer nor a char array", res->type_name);
			return NULL;
		}
		snprintf(type, tsize, "string");
		load_spec(c, &p->t, spec, size, &loads);
		return NULL;
	}
	if (last && last->bit_size) {
		if (!p->memory) {
			unavailable(c, "bitfield of a struct held in "
				    "registers");
			return NULL;
		}
		if (conv && !strchr("diuoxXc", conv->conv)) {
			unavailable(c, "%%%c on a bitfield", conv->conv);
			return NULL;
		}
		if (last->unit_size != 1 && last->unit_size != 2 &&
		    last->unit_size != 4 && last->unit_size != 8) {
			unavailable(c, "bitfield in a %u-byte unit",
				    last->unit_size);
			return NULL;
		}
		snprintf(type, tsize, "b%u@%u/%u", last->bit_size,
			 last->bit_offset, last->unit_size * 8);
		load_spec(c, &p->t, spec, size, &loads);
		return NULL;
	}
	if (!numeric_type(c, &vt, conv, res->type_name, type, tsize))
		return NULL;
	if (p->memory)
		load_spec(c, &p->t, spec, size, &loads);
	else
		value_spec(c, &p->t, spec, size);
	return NULL;
}

/*
 * The value the pipeline refused as "computed value": compute_value()
 * over the ops locate() read, the type as finish() would give it.  On
 * success c->how is SMK_FETCH_COMPUTED; otherwise the first reason stays.
 */
static struct smk_error *try_compute(struct ctx *c,
				     const struct smk_expr_result *res,
				     const struct smk_conv *conv, char *type,
				     size_t tsize)
{
	char saved[REASON_MAX];
	struct smk_compute prog;
	struct smk_error *err;
	struct place dummy;
	struct vtype vt;
	unsigned int k;

	memcpy(saved, c->reason, sizeof(saved));
	c->reason[0] = '\0';
	c->right_shift = false;
	memset(&prog, 0, sizeof(prog));
	memset(&dummy, 0, sizeof(dummy));
	dummy.t.base = BASE_SPEC;	/* no constant to convert */
	err = compute_value(c, &prog);
	if (err || stopped(c)) {
		/* Not computable: the first reason says what it is. */
		memcpy(c->reason, saved, sizeof(saved));
		return err;
	}
	value_type(res, &vt);
	if (conv && conv->conv == 's')
		unavailable(c, "%%s of a computed value");
	else if (!res->int_cast || int_cast(c, res, NULL, &dummy, &vt))
		numeric_type(c, &vt, conv, res->type_name, type, tsize);
	/*
	 * The other operations give the low N bits of the result from the
	 * low N bits of the inputs; a right shift brings the bits above
	 * down, and a register holding an int has undefined upper bits (gcc
	 * describes "int half = v >> 1" as %di shra 1: wrong for v < 0,
	 * measured on tests/fidelity/computed.c).
	 */
	if (!stopped(c) && c->right_shift && vt.size != 8)
		unavailable(c, "computed value (a right shift of a %u-byte "
			    "value: the register's upper bits are not the "
			    "value's)", (unsigned int)vt.size);
	for (k = 0; !stopped(c) && k < c->ninputs; k++)
		if (strlen(c->inputs[k]) + 1 + strlen(c->input_types[k]) >
		    KERNEL_ARG_MAX)
			unavailable(c, "input '%s' is longer than the %d bytes "
				    "the kernel accepts", c->inputs[k],
				    KERNEL_ARG_MAX);
	if (stopped(c))
		return NULL;	/* computable, but not right: why */
	c->prog = prog;
	c->how = SMK_FETCH_COMPUTED;
	return NULL;
}

static struct smk_error *set_str(char **dst, const char *src)
{
	if (!src)
		return NULL;
	*dst = strdup(src);
	return *dst ? NULL : &smk_error_nomem;
}

/*
 * The entry of @fn, which has DW_AT_ranges and no DW_AT_entry_pc or
 * DW_AT_low_pc (gcc's hot and .cold parts): the range that starts the
 * ELF symbol named as the function (or its .constprop/.isra clone), not
 * "fn.cold".  False if no range does.
 */
static bool ranges_entry(struct ctx *c, Dwarf_Die *fn, Dwarf_Addr *ret)
{
	Dwarf_Addr base, start, end;
	const char *name = dwarf_diename(fn), *sym;
	ptrdiff_t off = 0;
	uint64_t o;
	size_t n;

	if (!name)
		return false;
	n = strlen(name);
	while ((off = dwarf_ranges(fn, off, &base, &start, &end)) > 0) {
		sym = smk_binary_symbol(c->b, start, &o);
		if (!sym || o || strncmp(sym, name, n))
			continue;
		if (!sym[n] || !strncmp(sym + n, ".constprop.", 11) ||
		    !strncmp(sym + n, ".isra.", 6)) {
			*ret = start;
			return true;
		}
	}
	return false;
}

/*
 * An entry value's probe: the entry of the concrete function holding pc
 * (the innermost DW_TAG_subprogram of the scopes: an inlined instance's
 * entry values are those of the function it was inlined into, whose
 * frame it shares).  The entry is the subprogram's DW_AT_entry_pc or
 * DW_AT_low_pc, and must start an ELF symbol: a probe at "SYM+0", where
 * the registers are still the caller's arguments.  Otherwise, and for a
 * value read through memory or a string (the memory may have changed
 * between the entry and the marker), unavailable.
 */
static struct smk_error *entry_probe(struct ctx *c,
				     const struct smk_expr_result *res,
				     const struct smk_conv *conv,
				     const char *spec, struct smk_fetch *out)
{
	Dwarf_Die *fn = NULL;
	Dwarf_Addr entry;
	const char *sym;
	uint64_t off = 1;
	int i;

	if (res->nsteps || (conv && conv->conv == 's') || spec[0] != '%') {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value), and read through it: the "
			    "memory may have changed since");
		return NULL;
	}
	for (i = 0; i < c->nscopes && !fn; i++)
		if (dwarf_tag(&c->scopes[i]) == DW_TAG_subprogram)
			fn = &c->scopes[i];
	if (fn && dwarf_entrypc(fn, &entry) && !ranges_entry(c, fn, &entry))
		fn = NULL;
	if (!fn) {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value), and the function's entry "
			    "is not known");
		return NULL;
	}
	sym = smk_binary_symbol(c->b, entry, &off);
	if (!sym || off) {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value), and no symbol starts at "
			    "the entry %#llx", (unsigned long long)entry);
		return NULL;
	}
	out->entry.addr = entry;
	if (c->user && !smk_binary_file_offset(c->b, entry,
					       &out->entry.file_offset)) {
		unavailable(c, "value only at function entry "
			    "(DW_OP_entry_value), and the entry %#llx is in "
			    "no segment", (unsigned long long)entry);
		return NULL;
	}
	if (set_str(&out->entry.spec, spec) ||
	    set_str(&out->entry.symbol, sym))
		return &smk_error_nomem;
	return NULL;
}

struct smk_error *smk_fetch_build(struct smk_binary *b, Dwarf_Die *scopes,
				  int nscopes, Dwarf_Addr pc,
				  const char *expr,
				  const struct smk_conv *conv, bool user,
				  struct smk_fetch *out)
{
	return smk_fetch_build_at(b, scopes, nscopes, pc, NULL, expr, conv,
				  user, out);
}

struct smk_error *smk_fetch_build_at(struct smk_binary *b, Dwarf_Die *scopes,
				     int nscopes, Dwarf_Addr pc,
				     const struct smk_fetch_stmt *stmt,
				     const char *expr,
				     const struct smk_conv *conv, bool user,
				     struct smk_fetch *out)
{
	struct smk_expr_result res;
	struct smk_error *err;
	struct smk_expr *e = NULL;
	struct ctx *c;
	struct place p;
	unsigned int first = 0;
	GElf_Ehdr eh;
	char spec[SPEC_MAX] = "", type[SMK_FETCH_TYPE_MAX] = "";

	memset(out, 0, sizeof(*out));
	memset(&res, 0, sizeof(res));
	out->expr = expr;
	if (!b || !expr || nscopes < 0 || (nscopes && !scopes))
		return smk_error_create(SMK_ERROR_INVALID,
					"smk_fetch_build: bad arguments");
	smk_fetch_name(expr, out->name, sizeof(out->name));
	c = calloc(1, sizeof(*c));
	if (!c)
		return &smk_error_nomem;
	c->b = b;
	c->scopes = scopes;
	c->nscopes = nscopes;
	c->pc = pc;
	c->user = user;
	c->stmt = stmt;
	c->nviews = -1;
	c->how = SMK_FETCH_DIRECT;
	if (b->elf && gelf_getehdr(b->elf, &eh)) {
		c->machine = eh.e_machine;
		c->x86_64 = eh.e_machine == EM_X86_64;
	}

	err = smk_expr_parse(expr, &e);
	if (err)
		goto out;
	err = smk_expr_resolve(e, scopes, nscopes, &res);
	if (err)
		goto out;
	if (res.type_name)
		err = set_str(&out->ctype, res.type_name);
	if (err)
		goto out;
	if (!res.resolved || res.reason) {
		unavailable(c, "%s", res.reason ? res.reason :
			    "does not resolve");
		goto out;
	}
	if (!b->dwmod && !smk_binary_dwarf(b)) {
		unavailable(c, "no debuginfo");
		goto out;
	}

	err = locate(c, &res, &p, &first);
	if (!err && !stopped(c))
		err = apply_steps(c, &res, first, &p);
	if (!err && !stopped(c))
		err = finish(c, &res, conv, &p, spec, sizeof(spec), type,
			     sizeof(type));
	if (!err && stopped(c) && c->ops && !res.nsteps &&
	    !strncmp(c->reason, "computed value", 14))
		err = try_compute(c, &res, conv, type, sizeof(type));
	if (err || stopped(c) || c->how == SMK_FETCH_COMPUTED)
		goto out;
	if (c->entry) {
		err = entry_probe(c, &res, conv, spec, out);
		if (!err && !stopped(c) && valid_spec(spec) &&
		    valid_type(type)) {
			c->how = SMK_FETCH_ENTRY;
			/* For readers that do not join entry probes. */
			unavailable(c, "value only at function entry "
				    "(DW_OP_entry_value): read by a probe at "
				    "%s", out->entry.symbol);
		}
		goto out;
	}
	if (!spec[0] || !valid_spec(spec) || !valid_type(type))
		unavailable(c, "fetch holds characters a probe does not "
			    "accept");
	else if (strlen(spec) + 1 + strlen(type) > KERNEL_ARG_MAX)
		unavailable(c, "fetch '%s:%s' is longer than the %d bytes "
			    "the kernel accepts", spec, type, KERNEL_ARG_MAX);
out:
	if (!err)
		err = set_str(&out->location, c->loclen ? c->loc : NULL);
	if (!err && stopped(c)) {
		err = set_str(&out->reason, c->reason);
		if (c->how == SMK_FETCH_ENTRY) {
			snprintf(out->type, sizeof(out->type), "%s", type);
			out->how = SMK_FETCH_ENTRY;
		} else {
			smk_fetch_drop_value(out);
		}
	} else if (!err && c->how == SMK_FETCH_COMPUTED) {
		char text[SMK_COMPUTE_MAX_LEN];
		unsigned int k;

		snprintf(out->type, sizeof(out->type), "%s", type);
		out->how = SMK_FETCH_COMPUTED;
		if (!smk_compute_format(&c->prog, text, sizeof(text)))
			err = smk_error_create(SMK_ERROR_INVALID,
					       "computed value too long");
		if (!err)
			err = set_str(&out->compute, text);
		for (k = 0; !err && k < c->ninputs; k++) {
			err = set_str(&out->inputs[k].spec, c->inputs[k]);
			snprintf(out->inputs[k].type,
				 sizeof(out->inputs[k].type), "%s",
				 c->input_types[k]);
			out->ninputs = k + 1;
		}
	} else if (!err) {
		err = set_str(&out->spec, spec);
		snprintf(out->type, sizeof(out->type), "%s", type);
		out->how = c->how;
		if (spec[0] == '@')
			out->static_addr = c->static_addr;
	}
	if (err) {
		smk_fetch_deinit(out);
		out->type[0] = '\0';
	}
	smk_expr_result_deinit(&res);
	smk_expr_destroy(e);
	free(c);
	return err;
}

/* Field names the tracers reserve for themselves (trace_probe.c). */
static bool reserved_name(const char *name)
{
	static const char *const reserved[] = {
		"common_type", "common_flags", "common_preempt_count",
		"common_pid", "common_tgid", "__probe_ip", "__probe_ret_ip",
		"__probe_func",
	};
	size_t i;

	for (i = 0; i < sizeof(reserved) / sizeof(*reserved); i++) {
		if (!strcmp(name, reserved[i]))
			return true;
	}
	return false;
}

void smk_fetch_name(const char *expr, char *buf, size_t size)
{
	char tmp[KERNEL_NAME_MAX + 3];
	size_t n = 0, max;
	const char *s;

	if (!size)
		return;
	max = size - 1 < KERNEL_NAME_MAX ? size - 1 : KERNEL_NAME_MAX;
	/* Separators become one '_'; none leads or trails. */
	for (s = expr ? expr : ""; *s && n < KERNEL_NAME_MAX + 1; s++) {
		unsigned char ch = *s;
		bool alnum = (ch >= 'a' && ch <= 'z') ||
			     (ch >= 'A' && ch <= 'Z') ||
			     (ch >= '0' && ch <= '9');

		if (alnum) {
			if (n == 0 && ch >= '0' && ch <= '9')
				tmp[n++] = '_';
			tmp[n++] = ch;
		} else if (n && tmp[n - 1] != '_') {
			tmp[n++] = '_';
		}
	}
	if (n > max)
		n = max;
	while (n && tmp[n - 1] == '_')
		n--;
	tmp[n] = '\0';
	if (!n || reserved_name(tmp)) {
		/* "arg", or "v_common_pid": still a name of our own. */
		char *dst = buf;
		const char *prefix = n ? "v_" : "arg";

		snprintf(dst, max + 1, "%s%s", prefix, tmp);
		n = strlen(dst);
		while (n && dst[n - 1] == '_')
			dst[--n] = '\0';
		return;
	}
	memcpy(buf, tmp, n + 1);
}
