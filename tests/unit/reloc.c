// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * smk_binary_reloc_target() on relocatable objects: RELA (x86-64) and REL
 * (i386, whose addends are in the patched field).  Prints TAP;
 * tests/reloc.t runs it.
 *
 *   reloc I386.o X86_64.o
 *
 * The objects are tests/unit/data/reloc-{i386,x86_64}.s assembled: f's
 * fields at known offsets refer to another section's g, to an undefined
 * ext, or to nothing.  Before REL was read, every i386 answer was 0.
 */
#include <stdint.h>
#include <stdio.h>

#include "smk/binary.h"

#include "tap.h"

struct want {
	unsigned off;		/* in .text */
	int ret;
	const char *sec;	/* the target's section, when ret == 1 */
	int64_t addend;		/* from it */
	const char *what;
};

/* R_386_32 against .data at 1 is applied by libdwfl itself: not asked. */
static const struct want i386_want[] = {
	{ 0, 0, NULL, 0, "no relocation on the opcode" },
	{ 6, -1, NULL, 0, "R_386_PC32 to undefined ext" },
	{ 11, 1, ".text.unlikely", 8 + 16 - 4, "R_386_PC32 call g+16" },
	{ 16, 1, ".text.unlikely", 8 - 4, "R_386_PC32 jmp g" },
	{ 15, 0, NULL, 0, "no relocation on jmp's opcode" },
};

static const struct want x86_64_want[] = {
	{ 0, 0, NULL, 0, "no relocation on the opcode" },
	{ 2, 1, ".data", 8, "R_X86_64_PC32 arr+8" },
	{ 7, -1, NULL, 0, "R_X86_64_PLT32 to undefined ext" },
	{ 12, 1, ".text.unlikely", 8 + 16 - 4, "R_X86_64_PC32 call g+16" },
	{ 17, 1, ".text.unlikely", 8 - 4, "R_X86_64_PLT32 jmp g" },
};

static void check(const char *path, const struct want *w, size_t n)
{
	struct smk_debuginfo_opts opts = { 0 };
	struct smk_binary *b = NULL;
	struct smk_error *err;
	uint64_t text, sec, t;
	size_t i;

	err = smk_binary_open(path, &opts, &b);
	ok(!err, "%s opens", path);
	if (err) {
		diag("%s", err->message);
		smk_error_destroy(err);
		return;
	}
	ok(b->kind == SMK_BINARY_OBJECT, "%s is a relocatable object", path);
	if (!smk_binary_section_addr(b, ".text", &text)) {
		ok(0, "%s has .text", path);
		smk_binary_destroy(b);
		return;
	}
	for (i = 0; i < n; i++) {
		int r;

		t = 0;
		r = smk_binary_reloc_target(b, text + w[i].off, &t);
		ok(r == w[i].ret, "%s: f+%u: %s: returns %d", path, w[i].off,
		   w[i].what, w[i].ret);
		if (r != w[i].ret)
			diag("got %d", r);
		if (w[i].ret != 1 || r != 1)
			continue;
		if (!smk_binary_section_addr(b, w[i].sec, &sec)) {
			ok(0, "%s has %s", path, w[i].sec);
			continue;
		}
		ok(t == sec + w[i].addend, "%s: f+%u: target %s%+lld", path,
		   w[i].off, w[i].sec, (long long)w[i].addend);
		if (t != sec + w[i].addend)
			diag("got %s%+lld", w[i].sec, (long long)(t - sec));
	}
	smk_binary_destroy(b);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: reloc I386.o X86_64.o\n");
		return 2;
	}
	check(argv[1], i386_want, sizeof(i386_want) / sizeof(i386_want[0]));
	check(argv[2], x86_64_want,
	      sizeof(x86_64_want) / sizeof(x86_64_want[0]));
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
