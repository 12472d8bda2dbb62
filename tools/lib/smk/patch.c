// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Patchability of a probe site: may the bytes at it become "jmp rel32" to
 * a trampoline that runs the handler, then the instructions the jump
 * displaced, then jumps back?  bpftime and Dyninst patch this way; the
 * kernel's optprobes (arch/x86/kernel/kprobes/opt.c, can_optimize()) is
 * the model for the checks, which are:
 *
 *  - the site starts an instruction of a function cfg.c decoded, and the
 *    displaced instructions (the fewest that cover 5 bytes) lie inside
 *    that function's symbol;
 *  - no other path enters the displaced bytes after their first: every
 *    later instruction has exactly one predecessor, the instruction
 *    before it (smk_code_preds(), which is unknown, hence a refusal, for
 *    a function with an unread switch table, a switch table's entry, or
 *    a .cold part that could jump back);
 *  - each instruction can run at another address: position-independent
 *    ones are copied; a RIP-relative operand's disp32 is rewritten for
 *    the copy's address (the trampoline lies within +-2 GiB, checked
 *    where it is made); a direct call, jmp or jcc may only be the last
 *    one, and is carried out by the trampoline with the original
 *    addresses (a call pushes the original return address, so a return
 *    lands in the function, and unwinders see the function, not the
 *    trampoline); ret may only be the last one; anything else that
 *    transfers control or traps (indirect jumps and calls, loop, jrcxz,
 *    int, syscall, ud2, hlt) refuses the site, as do VEX/EVEX encodings
 *    with RIP-relative operands, whose disp32 we do not locate;
 *  - a site a few bytes before its function's final ret or jmp may take
 *    the alignment padding after it (int3 or nop bytes outside every
 *    symbol, up to the next symbol): no path runs them.  gcc and clang
 *    align functions to 16 bytes, and markers before a return are
 *    common.
 *  - when these rules refuse the longer plan, the jump displaces the
 *    site's own instruction only, and when that one is shorter than 5
 *    bytes the jump is punned (pun() below): the bytes after the
 *    instruction stay as they are, as the high bytes of rel32, and the
 *    trampoline goes where they point.  Then only the site must be an
 *    instruction's start: what follows may be a jump target, a ret's
 *    neighbour or code of a function whose paths are not known.
 *
 * Indirect jumps are the one gap (cfg.c's header): a jump table cfg.c
 * could not read makes the function unknown, so a refusal, but a
 * computed goto through a register is not seen.  Compilers emit these
 * only for switch tables (read) and GNU C's labels as values.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <capstone/capstone.h>

#include "cfg.h"
#include "patch.h"

static bool refuse(struct smk_patch_plan *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool refuse(struct smk_patch_plan *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->reason, sizeof(p->reason), fmt, ap);
	va_end(ap);
	p->ok = false;
	return false;
}

/* The file's bytes at DWARF address [@addr, @addr + @size) of a code
 * section, as many as there are up to @size, in *@n. */
static const unsigned char *file_bytes(struct smk_binary *b, uint64_t addr,
				       size_t size, size_t *n)
{
	Dwarf_Addr a = addr + b->bias, bias;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	Elf_Data *d;

	if (!b->dwmod)
		return NULL;
	scn = dwfl_module_address_section(b->dwmod, &a, &bias);
	if (!scn || !gelf_getshdr(scn, &shdr) ||
	    !(shdr.sh_flags & SHF_EXECINSTR) || shdr.sh_type != SHT_PROGBITS)
		return NULL;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || a >= d->d_size)
		return NULL;
	*n = d->d_size - a < size ? d->d_size - a : size;
	return (const unsigned char *)d->d_buf + a;
}

static bool has_group(csh h, const cs_insn *in, int group)
{
	return cs_insn_group(h, in, group);
}

/* Classify one displaced instruction; false (with the reason) refuses. */
static bool classify(csh h, const cs_insn *in, bool last, bool at_end,
		     struct smk_patch_insn *pi, struct smk_patch_plan *p)
{
	const cs_x86 *x = &in->detail->x86;
	bool imm1 = x->op_count == 1 && x->operands[0].type == X86_OP_IMM;
	unsigned int k;

	pi->addr = in->address;
	pi->len = in->size;
	pi->kind = SMK_PATCH_COPY;
	if (has_group(h, in, CS_GRP_CALL)) {
		if (in->id != X86_INS_CALL || !imm1 || in->bytes[0] != 0xe8)
			return refuse(p, "an indirect call (%s %s) at %#" PRIx64
				      " among the displaced instructions",
				      in->mnemonic, in->op_str, in->address);
		if (!last)
			return refuse(p, "a call at %#" PRIx64 " ends the "
				      "displaced bytes short of %u",
				      in->address, SMK_PATCH_JMP_LEN);
		pi->kind = SMK_PATCH_CALL;
		pi->target = x->operands[0].imm;
		return true;
	}
	if (has_group(h, in, CS_GRP_RET)) {
		if (in->id != X86_INS_RET || x->op_count || (!last && !at_end))
			return refuse(p, "%s at %#" PRIx64 " ends the displaced "
				      "bytes short of %u", in->mnemonic,
				      in->address, SMK_PATCH_JMP_LEN);
		return true;
	}
	if (has_group(h, in, CS_GRP_JUMP)) {
		bool jcc = (in->bytes[0] & 0xf0) == 0x70 ||
			   (in->size >= 2 && in->bytes[0] == 0x0f &&
			    (in->bytes[1] & 0xf0) == 0x80);

		if (!imm1 || (in->id != X86_INS_JMP && !jcc) ||
		    (in->id == X86_INS_JMP && in->bytes[0] != 0xeb &&
		     in->bytes[0] != 0xe9))
			return refuse(p, "%s %s at %#" PRIx64 " cannot run "
				      "elsewhere (indirect, loop or jrcxz)",
				      in->mnemonic, in->op_str, in->address);
		if (!last && (jcc || !at_end))
			return refuse(p, "a jump at %#" PRIx64 " ends the "
				      "displaced bytes short of %u",
				      in->address, SMK_PATCH_JMP_LEN);
		pi->kind = jcc ? SMK_PATCH_JCC : SMK_PATCH_JMP;
		pi->cc = in->bytes[0] == 0x0f ? in->bytes[1] & 0x0f :
			 in->bytes[0] & 0x0f;
		pi->target = x->operands[0].imm;
		return true;
	}
	if (has_group(h, in, CS_GRP_INT) || has_group(h, in, CS_GRP_IRET) ||
	    has_group(h, in, CS_GRP_BRANCH_RELATIVE) ||
	    in->id == X86_INS_UD2 || in->id == X86_INS_HLT ||
	    in->id == X86_INS_SYSCALL || in->id == X86_INS_SYSENTER)
		return refuse(p, "%s at %#" PRIx64 " among the displaced "
			      "instructions traps or transfers control",
			      in->mnemonic, in->address);
	for (k = 0; k < x->op_count; k++) {
		const cs_x86_op *op = &x->operands[k];
		int32_t d;

		if (op->type != X86_OP_MEM || op->mem.base != X86_REG_RIP)
			continue;
		if (pi->kind == SMK_PATCH_RIPREL)
			continue;	/* one disp32 per instruction */
		if (in->bytes[0] == 0xc4 || in->bytes[0] == 0xc5 ||
		    in->bytes[0] == 0x62 || x->encoding.disp_size != 4 ||
		    !x->encoding.disp_offset ||
		    x->encoding.disp_offset + 4u > in->size)
			return refuse(p, "RIP-relative operand of %s at %#"
				      PRIx64 " not relocatable here",
				      in->mnemonic, in->address);
		memcpy(&d, in->bytes + x->encoding.disp_offset, 4);
		if ((int64_t)d != op->mem.disp)
			return refuse(p, "RIP-relative operand of %s at %#"
				      PRIx64 ": displacement not where the "
				      "decoder says", in->mnemonic,
				      in->address);
		pi->kind = SMK_PATCH_RIPREL;
		pi->disp_off = x->encoding.disp_offset;
		pi->target = in->address + in->size + op->mem.disp;
	}
	return true;
}

/*
 * After a function's final ret or jmp at @end: take padding up to the
 * 5 bytes, when it decodes as int3 and nop instructions (the assembler's
 * alignment fill: multi-byte nops) at least that far, and no symbol
 * starts or lies there.
 */
static void take_padding(csh h, struct smk_binary *b,
			 struct smk_patch_plan *p, uint64_t end)
{
	size_t need = SMK_PATCH_JMP_LEN - p->len, n = 0, i, count;
	const unsigned char *pad = file_bytes(b, end, need + 15, &n);
	struct smk_patch_insn *pi;
	uint64_t covered = end;
	cs_insn *insn = NULL;

	if (!pad || n < need || p->ninsn >= SMK_PATCH_MAX_INSNS)
		return;
	for (i = 0; i < need; i++)
		if (smk_binary_symbol_at(b, end + i))
			return;
	count = cs_disasm(h, pad, n, end, 0, &insn);
	for (i = 0; i < count && covered < end + need; i++) {
		if (insn[i].id != X86_INS_NOP && insn[i].id != X86_INS_INT3)
			break;
		covered += insn[i].size;
	}
	cs_free(insn, count);
	if (covered < end + need)
		return;
	pi = &p->insn[p->ninsn++];
	memset(pi, 0, sizeof(*pi));
	pi->addr = end;
	pi->len = need;
	pi->kind = SMK_PATCH_PAD;
	memcpy(p->bytes + p->len, pad, need);
	p->len += need;
}

/*
 * Punning (after E9Patch): when the jump may not displace more than the
 * site's own instruction and that one is shorter than the jump, only its
 * bytes change: e9, then the low bytes of rel32; the rel32's high bytes
 * are the bytes after the instruction, left as they are.  No path that
 * enters after the instruction runs anything new, whatever it is (a
 * jump target, a ret's neighbour, code past the function's end, or code
 * of a function whose paths cfg.c does not know), and the trampoline is
 * put where those fixed bytes point.  Only the site itself must be an
 * instruction's start, which cfg.c's decoding says.
 */
static bool pun(struct smk_binary *b, struct smk_patch_plan *p)
{
	const unsigned char *five;
	size_t n = 0;

	if (p->len >= SMK_PATCH_JMP_LEN)
		return true;
	five = file_bytes(b, p->addr, SMK_PATCH_JMP_LEN, &n);
	if (!five || n < SMK_PATCH_JMP_LEN)
		return refuse(p, "%u bytes of code at %#" PRIx64 " before the "
			      "end of its section, short of a %u-byte jump",
			      p->len, p->addr, SMK_PATCH_JMP_LEN);
	memcpy(p->bytes, five, SMK_PATCH_JMP_LEN);
	p->pun = SMK_PATCH_JMP_LEN - p->len;
	return true;
}

/* Plan the jump at @addr; @one: displace the site's instruction only. */
static struct smk_error *plan(struct smk_binary *b, uint64_t addr,
			      struct smk_patch_plan *p, bool one)
{
	const struct smk_symbol *sym;
	const unsigned char *code;
	struct smk_code_facts f;
	struct smk_error *err;
	cs_insn *insn = NULL;
	size_t n = 0, count, i;
	char longer[SMK_PATCH_REASON_MAX] = "";
	uint64_t end;
	csh h;

	memset(p, 0, sizeof(*p));
	p->addr = addr;
	if (b->kind != SMK_BINARY_EXEC && b->kind != SMK_BINARY_DYN) {
		refuse(p, "not a userspace executable or shared library");
		return NULL;
	}
	err = smk_code_arch(b);
	if (err) {
		refuse(p, "%s", err->message);
		smk_error_destroy(err);
		return NULL;
	}
	err = smk_code_facts(b, addr, &f);
	if (err)
		return err;
	err = smk_code_take_error(b);
	if (err)
		return err;
	if (!f.decoded) {
		refuse(p, "the function at %#" PRIx64 " was not decoded", addr);
		return NULL;
	}
	if (!f.boundary) {
		refuse(p, "%#" PRIx64 " is not an instruction's start", addr);
		return NULL;
	}
	sym = smk_binary_symbol_at(b, addr);
	if (!sym || !sym->size) {
		refuse(p, "no sized function symbol holds %#" PRIx64, addr);
		return NULL;
	}
	end = sym->addr + sym->size;
	code = file_bytes(b, addr, SMK_PATCH_MAX_BYTES + 15, &n);
	if (!code || !n) {
		refuse(p, "no code bytes at %#" PRIx64 " in the file", addr);
		return NULL;
	}
	if (n > end - addr)
		n = end - addr;
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return &smk_error_nomem;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	count = cs_disasm(h, code, n, addr, SMK_PATCH_MAX_INSNS, &insn);
	p->ok = true;
	for (i = 0; i < count && p->len < SMK_PATCH_JMP_LEN; i++) {
		const cs_insn *in = &insn[i];
		bool last = one || p->len + in->size >= SMK_PATCH_JMP_LEN;

		if (i && one)
			break;
		if (i) {
			uint64_t pred[2];
			size_t np = smk_code_preds(b, in->address, pred, 2);

			if (np == SIZE_MAX) {
				refuse(p, "the paths into %#" PRIx64 " inside "
				       "the displaced bytes are not known "
				       "(switch table, .cold part or "
				       "undecoded code)", in->address);
				break;
			}
			if (np != 1 || pred[0] != insn[i - 1].address) {
				refuse(p, "another path enters the displaced "
				       "bytes at %#" PRIx64, in->address);
				break;
			}
		}
		if (!classify(h, in, last, in->address + in->size == end,
			      &p->insn[p->ninsn], p))
			break;
		memcpy(p->bytes + p->len, in->bytes, in->size);
		p->len += in->size;
		p->ninsn++;
	}
	if (!one && p->ok && p->len < SMK_PATCH_JMP_LEN && p->ninsn &&
	    addr + p->len == end &&
	    (p->insn[p->ninsn - 1].kind == SMK_PATCH_JMP ||
	     insn[p->ninsn - 1].id == X86_INS_RET))
		take_padding(h, b, p, end);
	if (!one && p->ok && p->len < SMK_PATCH_JMP_LEN)
		refuse(p, "%u bytes of code from %#" PRIx64 " to the end of %s "
		       "(%s), short of a %u-byte jump", p->len, addr,
		       sym->name, count < SMK_PATCH_MAX_INSNS ?
		       "or undecodable" : "too many instructions",
		       SMK_PATCH_JMP_LEN);
	if (!one && !p->ok) {
		/* The site's own instruction moves: pun the rest. */
		snprintf(longer, sizeof(longer), "%s", p->reason);
		cs_free(insn, count);
		cs_close(&h);
		err = plan(b, addr, p, true);
		if (!err && p->ok)
			snprintf(p->reason, sizeof(p->reason), "punned: %s",
				 longer);
		return err;
	}
	if (one && p->ok && !p->ninsn)
		refuse(p, "no instruction decoded at %#" PRIx64, addr);
	if (one && p->ok && pun(b, p) && p->pun)
		snprintf(p->reason, sizeof(p->reason), "punned");
	cs_free(insn, count);
	cs_close(&h);
	err = smk_code_take_error(b);
	if (err) {
		p->ok = false;
		return err;
	}
	return NULL;
}

struct smk_error *smk_patch_plan(struct smk_binary *b, uint64_t addr,
				 struct smk_patch_plan *p)
{
	return plan(b, addr, p, false);
}

struct smk_error *smk_patch_plan_one(struct smk_binary *b, uint64_t addr,
				     struct smk_patch_plan *p)
{
	return plan(b, addr, p, true);
}
