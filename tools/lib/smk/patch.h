/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Can a probe site be activated in-process, by overwriting the code at it
 * with a 5-byte "jmp rel32" to a trampoline?  The answer is a plan (the
 * instructions displaced, each with how to run it elsewhere) or a reason.
 * See patch.c for the rules; tools/runtime/ carries the plans out.
 */
#ifndef SMK_PATCH_H
#define SMK_PATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "binary.h"
#include "error.h"

enum {
	SMK_PATCH_JMP_LEN = 5,		/* e9 rel32 */
	SMK_PATCH_MAX_INSNS = 5,
	SMK_PATCH_MAX_BYTES = 4 + 15,	/* up to 4 bytes short, one more
					 * instruction of at most 15 */
	SMK_PATCH_REASON_MAX = 160,
};

/* How a displaced instruction runs in the trampoline. */
enum smk_patch_kind {
	SMK_PATCH_COPY,		/* position independent: copied as is */
	SMK_PATCH_RIPREL,	/* a RIP-relative disp32: rewritten for the
				 * copy's address (same target) */
	SMK_PATCH_CALL,		/* call rel32 (last only): pushes the original
				 * return address and jumps to the target */
	SMK_PATCH_JMP,		/* jmp rel8/rel32 (last only) */
	SMK_PATCH_JCC,		/* jcc rel8/rel32 (last only): taken to the
				 * target, else on after the displaced bytes */
	SMK_PATCH_PAD,		/* padding after a function's final ret or
				 * jmp, outside every symbol: never run */
};

struct smk_patch_insn {
	uint64_t addr;			/* DWARF address */
	unsigned char len;
	enum smk_patch_kind kind;
	unsigned char disp_off;		/* RIPREL: the disp32's offset */
	unsigned char cc;		/* JCC: condition (0x70 | cc) */
	uint64_t target;		/* RIPREL: what the operand addresses;
					 * CALL/JMP/JCC: the destination */
};

struct smk_patch_plan {
	bool ok;
	/* Why not, when !ok: "the 5 bytes at 0x1234 reach the jump target
	 * 0x1236 (another path enters there)". */
	char reason[SMK_PATCH_REASON_MAX];
	uint64_t addr;			/* DWARF address of the site */
	unsigned int len;		/* bytes displaced: >= 5, or fewer
					 * when punned */
	/*
	 * A punned jump (E9Patch's "instruction punning"): only the one
	 * displaced instruction (len < 5 bytes) is overwritten, with e9
	 * and the low len - 1 bytes of rel32; the rel32's other @pun bytes
	 * are those after it, left as they are, so any path entering
	 * there runs what it always ran.  The trampoline must then lie
	 * where those fixed bytes say (tools/runtime/run.c finds room).
	 */
	unsigned int pun;		/* 5 - len when punned, else 0 */
	/* As in the file: the displaced bytes (at least the jump's 5). */
	unsigned char bytes[SMK_PATCH_MAX_BYTES];
	struct smk_patch_insn insn[SMK_PATCH_MAX_INSNS];
	unsigned int ninsn;
};

/*
 * The plan for a jump at DWARF address @addr of @b, a userspace x86-64
 * executable or shared library, into @out.  Fails closed: any question
 * that cfg.c answers "unknown" (function not decoded, a switch table not
 * read, a cold part that may jump back in) keeps the jump from
 * displacing more than the site's own instruction; when that one is
 * shorter than the jump, the plan is punned (smk_patch_plan_one()), with
 * the reason the longer plan was refused in @reason.  The error is for
 * out of memory only; a site that cannot be patched is a plan with !ok
 * and a reason.
 */
struct smk_error *smk_patch_plan(struct smk_binary *b, uint64_t addr,
				 struct smk_patch_plan *out);

/* The plan that displaces the one instruction at @addr: punned when it
 * is shorter than the jump.  For a site whose longer plan would displace
 * another patched site. */
struct smk_error *smk_patch_plan_one(struct smk_binary *b, uint64_t addr,
				     struct smk_patch_plan *out);

#endif /* SMK_PATCH_H */
