// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of computed values (compute.c): the program text parsed,
 * formatted back, evaluated on 64-bit values as DWARF's stack, written
 * as bpftrace, and the values printed as the tracers print their types.
 * Hostile programs are errors with a reason.  Prints TAP; tests/compute.t
 * runs it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "smk/compute.h"

#include "tap.h"

struct eval_case {
	const char *prog;
	uint64_t in[4];
	uint64_t want;
};

static const struct eval_case evals[] = {
	{ "$0 $1 mul", { 3, 5 }, 15 },
	{ "$0 255 and", { 0x1234 }, 0x34 },
	{ "$0 40 shr", { 0x123456789abcdef0ULL }, 0x123456 },
	{ "$0 3 shl", { 5 }, 40 },
	{ "$0 1 plus", { ~0ULL }, 0 },
	{ "$0 -7 plus", { 10 }, 3 },
	{ "$0 4 shra", { (uint64_t)-32 }, (uint64_t)-2 },
	{ "$0 64 shr", { 5 }, 0 },
	{ "$0 70 shra", { (uint64_t)-1 }, (uint64_t)-1 },
	{ "$0 neg", { 5 }, (uint64_t)-5 },
	{ "$0 not", { 0 }, ~0ULL },
	{ "$0 32 shl 32 shra 1 plus", { 0xffffffffULL }, 0 },
	{ "$1 $0 minus", { 2, 7 }, 5 },
	{ "$0 $1 xor $2 or", { 6, 3, 8 }, 13 },
	{ "0x10 $0 plus", { 1 }, 17 },
};

struct bad_case {
	const char *prog, *why;
};

static const struct bad_case bads[] = {
	{ "", "does not leave one value" },
	{ "$0 $1", "does not leave one value" },
	{ "plus", "does not leave one value" },
	{ "$0 div", "unknown item 'div'" },
	{ "$9 1 plus", "too many items or inputs" },
	{ "$x", "unknown item '$x'" },
	{ "1z", "unknown item '1z'" },
	{ "-", "unknown item '-'" },
	{ "$0 1 plus 1 plus 1 plus 1 plus 1 plus 1 plus 1 plus 1 plus 1 "
	  "plus 1 plus 1 plus 1 plus 1 plus 1 plus 1 plus 1 plus 1 plus",
	  "too many items" },
};

struct text_case {
	const char *type;
	uint64_t v;
	const char *want;
};

static const struct text_case texts[] = {
	{ "s32", 0xffffffffULL, "-1" },
	{ "s32", 0x1ffffffffULL, "-1" },
	{ "u32", 0x1ffffffffULL, "4294967295" },
	{ "s64", (uint64_t)-134552, "-134552" },
	{ "u8", 0x1ff, "255" },
	{ "x16", 0x12345, "0x2345" },
	{ "x64", 0xdeadbeefULL, "0xdeadbeef" },
	{ "s8", 0x80, "-128" },
};

int main(void)
{
	char buf[256];
	size_t i;

	for (i = 0; i < sizeof(evals) / sizeof(*evals); i++) {
		const struct eval_case *c = &evals[i];
		struct smk_compute p;
		struct smk_error *err = smk_compute_parse(c->prog, &p);
		uint64_t v = 0;
		bool okv = !err && smk_compute_eval(&p, c->in, 4, &v) &&
			   v == c->want;

		ok(okv, "eval '%s' = %#" PRIx64, c->prog, c->want);
		if (!okv)
			diag("got %#" PRIx64 " %s", v, err ? err->message : "");
		ok(!err && smk_compute_format(&p, buf, sizeof(buf)) &&
		   !strcmp(buf, c->prog[0] == '0' ? "16 $0 plus" : c->prog),
		   "format '%s' round trip ('%s')", c->prog, buf);
		smk_error_destroy(err);
	}
	for (i = 0; i < sizeof(bads) / sizeof(*bads); i++) {
		struct smk_compute p;
		struct smk_error *err = smk_compute_parse(bads[i].prog, &p);

		ok(err && strstr(err->message, bads[i].why),
		   "refused '%.20s': %s", bads[i].prog, bads[i].why);
		if (err && !strstr(err->message, bads[i].why))
			diag("got '%s'", err->message);
		smk_error_destroy(err);
	}
	{
		struct smk_compute p;
		const char *in[] = { "reg(\"di\")", "reg(\"si\")" };
		uint64_t one = 1;

		smk_compute_parse("$0 $1 mul 1 shra", &p);
		ok(smk_compute_bpftrace(&p, in, buf, sizeof(buf)) &&
		   !strcmp(buf, "(((reg(\"di\") * reg(\"si\")) >> 1) | "
			   "((0 - ((reg(\"di\") * reg(\"si\")) >> 63)) << "
			   "63))"),
		   "bpftrace form, an arithmetic shift by hand: %s", buf);
		smk_compute_parse("$0 $1 shra", &p);
		ok(!smk_compute_bpftrace(&p, in, buf, sizeof(buf)),
		   "bpftrace form: an arithmetic shift by a variable is "
		   "refused");
		ok(!smk_compute_bpftrace(&p, in, buf, 8),
		   "bpftrace form: too long for its buffer is refused");
		ok(!smk_compute_eval(&p, &one, 1, &one),
		   "an input missing: no value");
	}
	for (i = 0; i < sizeof(texts) / sizeof(*texts); i++)
		ok(smk_compute_value_text(texts[i].type, texts[i].v, buf,
					  sizeof(buf)) &&
		   !strcmp(buf, texts[i].want), "%s %#" PRIx64 " is %s",
		   texts[i].type, texts[i].v, texts[i].want);
	ok(!smk_compute_value_text("string", 1, buf, sizeof(buf)) &&
	   !smk_compute_value_text("s24", 1, buf, sizeof(buf)),
	   "other types are not printed");
	smk_compute_input_name("a_very_long_argument_name_of_forty_chars", 3,
			       buf, sizeof(buf));
	ok(strlen(buf) <= 32 && !strcmp(buf + strlen(buf) - 3, "__3"),
	   "an input's field name fits the kernel's 32 bytes: %s", buf);
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
