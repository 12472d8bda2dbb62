/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The uprobe fetch syntax that fetch.c writes ("+8(%di)", "@+0x4010",
 * "\42", "+0(+24(%si))") and its types ("s32", "x64", "string",
 * "b3@2/32"), parsed into a form a program can evaluate itself: the
 * in-process runtime (tools/runtime) reads each argument exactly as the
 * kernel's uprobe would, from the same text, so that its events and the
 * uprobe form's agree by construction.  Only what fetch.c emits for
 * uprobes is accepted; kprobe-only forms ("@sym", "symbol") are refused.
 */
#ifndef SMK_FETCHSPEC_H
#define SMK_FETCHSPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"

enum { SMK_FETCHSPEC_MAX_LOADS = 16 };

/* Registers in the order of the in-process runtime's saved frame. */
enum smk_fetch_reg {
	SMK_REG_AX, SMK_REG_BX, SMK_REG_CX, SMK_REG_DX, SMK_REG_SI,
	SMK_REG_DI, SMK_REG_BP, SMK_REG_SP, SMK_REG_R8, SMK_REG_R9,
	SMK_REG_R10, SMK_REG_R11, SMK_REG_R12, SMK_REG_R13, SMK_REG_R14,
	SMK_REG_R15, SMK_REG_IP, SMK_REG_COUNT,
};

enum smk_fetch_base {
	SMK_FETCH_REG,		/* the register's value */
	SMK_FETCH_IMM,		/* "\N": the constant */
	SMK_FETCH_STATIC,	/* "@+X": a load at probe - file offset + X */
};

struct smk_fetchspec {
	enum smk_fetch_base base;
	enum smk_fetch_reg reg;
	int64_t imm;		/* IMM's value, STATIC's X */
	/* Loads from the innermost out: value = load(value + off[i]).
	 * STATIC is itself a load, before these. */
	int64_t off[SMK_FETCHSPEC_MAX_LOADS];
	unsigned int nloads;
};

enum smk_fetch_kind {
	SMK_FTYPE_S, SMK_FTYPE_U, SMK_FTYPE_X, SMK_FTYPE_STRING,
	SMK_FTYPE_BITFIELD,
};

struct smk_fetchtype {
	enum smk_fetch_kind kind;
	unsigned int bits;	/* 8..64; bitfield: its container's */
	unsigned int bf_width, bf_offset;
};

/* Parse @spec; SMK_ERROR_INVALID naming the spec and the reason. */
struct smk_error *smk_fetchspec_parse(const char *spec,
				      struct smk_fetchspec *out);
/* Parse @type ("" or NULL: x64, as the kernel defaults for uprobes). */
struct smk_error *smk_fetchtype_parse(const char *type,
				      struct smk_fetchtype *out);

#endif /* SMK_FETCHSPEC_H */
