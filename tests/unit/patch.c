// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of smk_patch_plan() on the functions of tests/inproc/patch.S
 * (assembled by tests/patch.t, which passes the binary), and of the fetch
 * spec and type parsers (fetchspec.c), valid and hostile.  Prints TAP.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/binary.h"
#include "smk/fetchspec.h"
#include "smk/patch.h"

#include "tap.h"

static int done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_fail ? 1 : 0;
}

static const char *kind_name(enum smk_patch_kind k)
{
	static const char *const n[] = { "copy", "riprel", "call", "jmp",
					 "jcc", "pad" };

	return k < sizeof(n) / sizeof(*n) ? n[k] : "?";
}

/* "len K1,K2,..." or "refused: REASON". */
static void plan_text(struct smk_binary *b, const char *sym, char *buf,
		      size_t size)
{
	struct smk_patch_plan p;
	struct smk_error *err;
	const char *plus = strchr(sym, '+');
	char name[64];
	uint64_t addr;
	unsigned int i;
	size_t n;

	snprintf(name, sizeof(name), "%.*s",
		 (int)(plus ? (size_t)(plus - sym) : strlen(sym)), sym);
	if (!smk_binary_symbol_addr(b, name, &addr)) {
		snprintf(buf, size, "no symbol %s", name);
		return;
	}
	if (plus)
		addr += strtoull(plus + 1, NULL, 0);
	err = smk_patch_plan(b, addr, &p);
	if (err) {
		snprintf(buf, size, "error: %s", err->message);
		smk_error_destroy(err);
		return;
	}
	if (!p.ok) {
		snprintf(buf, size, "refused: %s", p.reason);
		return;
	}
	n = snprintf(buf, size, "%u", p.len);
	for (i = 0; i < p.ninsn && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s", i ? "," : " ",
			      kind_name(p.insn[i].kind));
	/* Punned: the jump's bytes after the instruction, and why. */
	if (p.pun && n < size)
		snprintf(buf + n, size - n, " punned %u %02x%02x%02x%02x%02x "
			 "(%s)", p.pun, p.bytes[0], p.bytes[1], p.bytes[2],
			 p.bytes[3], p.bytes[4], p.reason);
}

static void plan_is(struct smk_binary *b, const char *sym, const char *want)
{
	char got[256];

	plan_text(b, sym, got, sizeof(got));
	ok(!strncmp(got, want, strlen(want)), "%s: %s", sym, want);
	if (strncmp(got, want, strlen(want)))
		diag("got: %s", got);
}

/* smk_patch_plan_one(): the site's own instruction only. */
static void plan_one_is(struct smk_binary *b, const char *sym,
			const char *want)
{
	struct smk_patch_plan p;
	struct smk_error *err;
	uint64_t addr = 0;
	char got[256];
	size_t n;

	smk_binary_symbol_addr(b, sym, &addr);
	err = smk_patch_plan_one(b, addr, &p);
	if (err || !p.ok)
		snprintf(got, sizeof(got), "refused: %s",
			 err ? err->message : p.reason);
	else {
		n = snprintf(got, sizeof(got), "%u %s", p.len,
			     kind_name(p.insn[0].kind));
		if (p.pun)
			snprintf(got + n, sizeof(got) - n, " punned %u", p.pun);
	}
	smk_error_destroy(err);
	ok(!strcmp(got, want), "%s, its instruction only: %s", sym, want);
	if (strcmp(got, want))
		diag("got: %s", got);
}

static void riprel_target(struct smk_binary *b)
{
	struct smk_patch_plan p;
	uint64_t addr = 0, var = 0;
	struct smk_error *err;

	smk_binary_symbol_addr(b, "riprel_imm", &addr);
	smk_binary_symbol_addr(b, "var", &var);
	err = smk_patch_plan(b, addr, &p);
	ok(!err && p.ok && p.insn[0].kind == SMK_PATCH_RIPREL &&
	   p.insn[0].target == var && p.insn[0].disp_off == 2,
	   "riprel_imm: the target is var (%#" PRIx64 "), disp32 at 2", var);
	smk_error_destroy(err);
}

static void spec_is(const char *spec, const char *want)
{
	struct smk_fetchspec f;
	struct smk_error *err = smk_fetchspec_parse(spec, &f);
	char got[256];
	size_t n;
	unsigned int i;

	if (err) {
		snprintf(got, sizeof(got), "refused");
		smk_error_destroy(err);
	} else {
		n = snprintf(got, sizeof(got), "%s %" PRId64,
			     f.base == SMK_FETCH_REG ? "reg" :
			     f.base == SMK_FETCH_IMM ? "imm" : "static",
			     f.base == SMK_FETCH_REG ? (int64_t)f.reg : f.imm);
		for (i = 0; i < f.nloads && n < sizeof(got); i++)
			n += snprintf(got + n, sizeof(got) - n, " %+" PRId64,
				      f.off[i]);
	}
	ok(!strcmp(got, want), "spec \"%s\": %s", spec, want);
	if (strcmp(got, want))
		diag("got: %s", got);
}

static void type_is(const char *type, const char *want)
{
	struct smk_fetchtype t;
	struct smk_error *err = smk_fetchtype_parse(type, &t);
	char got[64];

	if (err) {
		snprintf(got, sizeof(got), "refused");
		smk_error_destroy(err);
	} else {
		snprintf(got, sizeof(got), "%d %u %u %u", t.kind, t.bits,
			 t.bf_width, t.bf_offset);
	}
	ok(!strcmp(got, want), "type \"%s\": %s", type, want);
	if (strcmp(got, want))
		diag("got: %s", got);
}

int main(int argc, char **argv)
{
	struct smk_binary *b = NULL;
	struct smk_error *err;
	char deep[400];
	int i;

	spec_is("%di", "reg 5");
	spec_is("%r15", "reg 15");
	spec_is("%ip", "reg 16");
	spec_is("\\42", "imm 42");
	spec_is("\\-7", "imm -7");
	spec_is("@+0x4010", "static 16400");
	spec_is("+8(%di)", "reg 5 +8");
	spec_is("-16(%bp)", "reg 6 -16");
	spec_is("+0(+24(%si))", "reg 4 +24 +0");
	spec_is("+8(@+0x4010)", "static 16400 +8");
	spec_is("@jiffies", "refused");
	spec_is("%rax", "refused");
	spec_is("%d", "refused");
	spec_is("+8(%di", "refused");
	spec_is("+8(%di))", "refused");
	spec_is("+(%di)", "refused");
	spec_is("\\99999999999999999999", "refused");
	spec_is("", "refused");
	spec_is("%di ", "refused");
	for (i = 0; i < 17; i++)
		memcpy(deep + 3 * i, "+0(", 3);
	strcpy(deep + 51, "%di");
	for (i = 0; i < 17; i++)
		deep[54 + i] = ')';
	deep[71] = '\0';
	spec_is(deep, "refused");

	type_is("s32", "0 32 0 0");
	type_is("u8", "1 8 0 0");
	type_is("x64", "2 64 0 0");
	type_is("string", "3 0 0 0");
	type_is("b3@2/32", "4 32 3 2");
	type_is("", "2 64 0 0");
	type_is("s7", "refused");
	type_is("b30@4/32", "refused");
	type_is("symbol", "refused");
	type_is("u32x", "refused");

	if (argc < 2) {
		skip("no patch.S binary given (tests/patch.t builds one)");
		return done_testing();
	}
	err = smk_binary_open(argv[1], NULL, &b);
	if (!err && !smk_binary_dwarf(b))
		err = smk_error_create(SMK_ERROR_DWARF, "%s: no DWARF",
				       argv[1]);
	if (err) {
		ok(0, "open %s: %s", argv[1], err->message);
		smk_error_destroy(err);
		return done_testing();
	}
	plan_is(b, "copy2", "5 copy,copy");
	plan_is(b, "riprel", "6 riprel");
	plan_is(b, "riprel_imm", "10 riprel");
	riprel_target(b);
	plan_is(b, "call_first", "5 call");
	/* Refused as 5 bytes, so punned: the site's instruction moves, the
	 * 5 - len bytes after it stay (patch.h). */
	plan_is(b, "join_inside", "2 copy punned 3 85ff7407b8 (punned: a "
		"jump at");
	plan_is(b, "join_inside+9", "2 copy punned 3 89c183c102 (punned: "
		"another path enters the displaced bytes at");
	plan_is(b, "join_target", "2 copy punned 3 31c083c001 (punned: "
		"another path enters the displaced bytes at");
	plan_is(b, "early_ret+9", "1 copy punned 4 c3b8020000 (punned: ret "
		"at");
	plan_is(b, "final_ret+3", "5 copy,copy,pad");
	plan_is(b, "indirect_call", "refused: an indirect call");
	plan_is(b, "sys", "2 copy punned 3 31c00f05c3 (punned: syscall");
	plan_one_is(b, "copy2", "2 copy punned 3");
	plan_one_is(b, "riprel", "6 riprel");
	plan_is(b, "jcc_last", "5 copy,jcc");
	plan_is(b, "var", "refused:");
	smk_binary_destroy(b);
	return done_testing();
}
