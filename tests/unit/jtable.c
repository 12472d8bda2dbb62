// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of smk_jtable_find() (tools/lib/smk/jtable.c): switch
 * dispatch sequences as gcc and clang emit them at -O0 and -O2, written
 * by hand below so that they do not depend on the installed compilers,
 * and sequences that must not be taken for a table.  Each is decoded
 * from this program's own code, so RIP-relative addresses are its own.
 * Prints TAP.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <capstone/capstone.h>

#include "smk/jtable.h"

#include "tap.h"

#define FN(name, body)							\
	__asm__(".text\n\t.p2align 4\n\t.globl " #name "\n\t.type " #name \
		",@function\n" #name ":\n\t" body "\n\t.size " #name	\
		",.-" #name "\n\t.section .rodata\n\t.p2align 3\n"	\
		#name "_tab:\n\t.long 0,4,8,12,16,20\n\t.text\n");	\
	void name(void);						\
	extern const char name##_tab[]

/* gcc -O2: the bound on a byte register, zero-extended after. */
FN(gcc_o2, "cmp $3,%dl\n\tja 1f\n\tmovzbl %dl,%eax\n\t"
	   "lea gcc_o2_tab(%rip),%rcx\n\tmovslq (%rcx,%rax,4),%rax\n\t"
	   "add %rcx,%rax\n\tjmp *%rax\n1:\tret");
/* gcc -O0: scaled by lea, loaded 32-bit, sign-extended by cltq. */
FN(gcc_o0, "movsbl (%rax),%eax\n\tsub $0x31,%eax\n\tcmp $0x49,%eax\n\t"
	   "ja 1f\n\tmov %eax,%eax\n\tlea 0(,%rax,4),%rdx\n\t"
	   "lea gcc_o0_tab(%rip),%rax\n\tmov (%rdx,%rax,1),%eax\n\tcltq\n\t"
	   "lea gcc_o0_tab(%rip),%rdx\n\tadd %rdx,%rax\n\tjmp *%rax\n1:\tret");
/* clang -O0: the index kept in a stack slot, through a copy, across the
 * sub that destroys it. */
FN(clang_o0, "add $0xffffffcf,%eax\n\tmov %eax,%ecx\n\t"
	     "mov %rcx,-0x50(%rbp)\n\tsub $0x49,%eax\n\tja 1f\n\t"
	     "mov -0x50(%rbp),%rax\n\tlea clang_o0_tab(%rip),%rcx\n\t"
	     "movslq (%rcx,%rax,4),%rax\n\tadd %rcx,%rax\n\tjmp *%rax\n1:\tret");
/* jae: N entries, not N + 1. */
FN(jae_n, "cmp $4,%edi\n\tjae 1f\n\tmov %edi,%eax\n\t"
	  "lea jae_n_tab(%rip),%rdx\n\tmovslq (%rdx,%rax,4),%rax\n\t"
	  "add %rdx,%rax\n\tjmp *%rax\n1:\tret");
/* 8-byte absolute entries through memory. */
FN(abs8, "cmp $5,%edi\n\tja 1f\n\tmov %edi,%eax\n\t"
	 "lea abs8_tab(%rip),%rdx\n\tjmp *(%rdx,%rax,8)\n1:\tret");
/* Not tables: the index is another register than the one bounded. */
FN(other_reg, "cmp $3,%edi\n\tja 1f\n\tmov %esi,%eax\n\t"
	      "lea other_reg_tab(%rip),%rdx\n\tmovslq (%rdx,%rax,4),%rax\n\t"
	      "add %rdx,%rax\n\tjmp *%rax\n1:\tret");
/* ... the bounded register changed after the bound. */
FN(changed, "cmp $3,%edi\n\tja 1f\n\tadd %edx,%edi\n\tmov %edi,%eax\n\t"
	    "lea changed_tab(%rip),%rdx\n\tmovslq (%rdx,%rax,4),%rax\n\t"
	    "add %rdx,%rax\n\tjmp *%rax\n1:\tret");
/* ... a byte bounded, the whole register used. */
FN(wider, "cmp $3,%dl\n\tja 1f\n\tmov %edx,%eax\n\t"
	  "lea wider_tab(%rip),%rcx\n\tmovslq (%rcx,%rax,4),%rax\n\t"
	  "add %rcx,%rax\n\tjmp *%rax\n1:\tret");
/* ... an entry zero-extended: not a relative table's. */
FN(zext_entry, "cmp $3,%edi\n\tja 1f\n\tmov %edi,%eax\n\t"
	       "lea zext_entry_tab(%rip),%rdx\n\tmov (%rdx,%rax,4),%eax\n\t"
	       "add %rdx,%rax\n\tjmp *%rax\n1:\tret");
/* ... no bound at all. */
FN(unbounded, "mov %edi,%eax\n\tlea unbounded_tab(%rip),%rdx\n\t"
	      "movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax");
/* ... the slot written again between the save and the reload. */
FN(slot_again, "mov %eax,%ecx\n\tmov %rcx,-0x50(%rbp)\n\tsub $0x49,%eax\n\t"
	       "ja 1f\n\tmovq $7,-0x50(%rbp)\n\tmov -0x50(%rbp),%rax\n\t"
	       "lea slot_again_tab(%rip),%rcx\n\tmovslq (%rcx,%rax,4),%rax\n\t"
	       "add %rcx,%rax\n\tjmp *%rax\n1:\tret");

/* gcc -O2, "switch (e->k)": the bound on the field, read again. */
FN(field, "cmpl $0x11,(%rbx)\n\tja 1f\n\tmov (%rbx),%eax\n\t"
	  "lea field_tab(%rip),%rdx\n\tmovslq (%rdx,%rax,4),%rax\n\t"
	  "add %rdx,%rax\n\tjmp *%rax\n1:\tret");
/* ... a byte field, a store to another field between the compare and
 * its ja. */
FN(field_byte, "cmpb $0x8,0x65(%rbx)\n\tmovb $0x1,0x67(%rbx)\n\tja 1f\n\t"
	       "movzbl 0x65(%rbx),%eax\n\tlea field_byte_tab(%rip),%rdx\n\t"
	       "movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax\n"
	       "1:\tret");
/* Not tables: the field stored to between the bound and the load. */
FN(field_stored, "cmpl $0x11,(%rbx)\n\tja 1f\n\tmovl $40,(%rbx)\n\t"
		 "mov (%rbx),%eax\n\tlea field_stored_tab(%rip),%rdx\n\t"
		 "movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax\n"
		 "1:\tret");
/* ... a store through another register, which may be the field. */
FN(field_alias, "cmpl $0x11,(%rbx)\n\tja 1f\n\tmov %ecx,(%rsi)\n\t"
		"mov (%rbx),%eax\n\tlea field_alias_tab(%rip),%rdx\n\t"
		"movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax\n"
		"1:\tret");
/* ... the base register changed. */
FN(field_base, "cmpl $0x11,(%rbx)\n\tja 1f\n\tmov 8(%rbx),%rbx\n\t"
	       "mov (%rbx),%eax\n\tlea field_base_tab(%rip),%rdx\n\t"
	       "movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax\n"
	       "1:\tret");
/* ... a byte bounded, a word of the field used. */
FN(field_wider, "cmpb $0x8,0x65(%rbx)\n\tja 1f\n\tmov 0x65(%rbx),%eax\n\t"
		"lea field_wider_tab(%rip),%rdx\n\t"
		"movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax\n"
		"1:\tret");
/* ... flags written between the compare and the ja. */
FN(flags_between, "cmp $3,%edi\n\ttest %esi,%esi\n\tja 1f\n\tmov %edi,%eax\n\t"
		  "lea flags_between_tab(%rip),%rdx\n\t"
		  "movslq (%rdx,%rax,4),%rax\n\tadd %rdx,%rax\n\tjmp *%rax\n"
		  "1:\tret");

static void case_is(const char *name, void (*fn)(void), const char *tab,
		    int64_t count, unsigned int width)
{
	const unsigned char *code = (const unsigned char *)fn;
	struct smk_jtable jt;
	cs_insn *insn = NULL;
	size_t n, j;
	bool found = false;
	csh h;

	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK) {
		ok(0, "%s: capstone", name);
		return;
	}
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	n = cs_disasm(h, code, 96, (uint64_t)(uintptr_t)code, 0, &insn);
	for (j = 0; j < n; j++)
		if (insn[j].id == X86_INS_JMP &&
		    insn[j].detail->x86.operands[0].type != X86_OP_IMM)
			break;
	if (j < n)
		found = smk_jtable_find(insn, j, &jt);
	if (count < 0)
		ok(j < n && !found, "%s: not taken for a table", name);
	else
		ok(j < n && found && jt.table == (uint64_t)(uintptr_t)tab &&
		   jt.count == (uint64_t)count && jt.width == width &&
		   (width == 8 || jt.base == (uint64_t)(uintptr_t)tab),
		   "%s: table at its label, %" PRId64 " entries of %u bytes",
		   name, count, width);
	if (found && count >= 0 && jt.table != (uint64_t)(uintptr_t)tab)
		diag("got table %#" PRIx64 ", want %p", jt.table, tab);
	if (found && count >= 0 && jt.count != (uint64_t)count)
		diag("got %" PRIu64 " entries", jt.count);
	cs_free(insn, n);
	cs_close(&h);
}

int main(void)
{
	case_is("gcc -O2", gcc_o2, gcc_o2_tab, 4, 4);
	case_is("gcc -O0", gcc_o0, gcc_o0_tab, 0x4a, 4);
	case_is("clang -O0", clang_o0, clang_o0_tab, 0x4a, 4);
	case_is("jae", jae_n, jae_n_tab, 4, 4);
	case_is("8-byte entries", abs8, abs8_tab, 6, 8);
	case_is("another register", other_reg, other_reg_tab, -1, 0);
	case_is("changed after the bound", changed, changed_tab, -1, 0);
	case_is("a byte bounded, the register used", wider, wider_tab, -1, 0);
	case_is("a zero-extended entry", zext_entry, zext_entry_tab, -1, 0);
	case_is("no bound", unbounded, unbounded_tab, -1, 0);
	case_is("the slot written again", slot_again, slot_again_tab, -1, 0);
	case_is("a field, read again", field, field_tab, 0x12, 4);
	case_is("a byte field, a store between", field_byte, field_byte_tab,
		9, 4);
	case_is("the field stored to", field_stored, field_stored_tab, -1, 0);
	case_is("a store through another register", field_alias,
		field_alias_tab, -1, 0);
	case_is("the field's base changed", field_base, field_base_tab, -1, 0);
	case_is("a byte field bounded, a word used", field_wider,
		field_wider_tab, -1, 0);
	case_is("flags written before the ja", flags_between,
		flags_between_tab, -1, 0);
	printf("1..%d\n", tap_n);
	return tap_fail ? 1 : 0;
}
