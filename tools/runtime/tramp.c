// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Trampolines.  A patched site jumps here; the code below steps over the
 * red zone (the 128 bytes under %rsp that leaf functions use without
 * moving %rsp), saves %rcx and makes the one check of the not-recording
 * path without touching the flags (jrcxz: a marker may sit between a
 * compare and its branch), and when recording saves the flags and every
 * general register into a struct smk_frame and calls the common part,
 * which saves the vector and x87 state (xsavec or xsave with every
 * enabled component, or fxsave) and calls smk_run_hit().  Then the registers come
 * back, the displaced instructions run as patch.c planned them, and an
 * absolute jump returns after the displaced bytes.
 *
 *	lea -128(%rsp),%rsp; push %rcx
 *	movabs $slot,%rcx; mov (%rcx),%rcx; mov (%rcx),%ecx; jrcxz 1f
 *	pushfq; push %rax %rdx %rbx %rsi %rdi %rbp %r8..%r15
 *	mov %rsp,%rbp; movabs $site,%rsi; mov %rbp,%rdi
 *	movabs $common,%rax; call *%rax
 *	pop %r15..%r8 %rbp %rdi %rsi %rbx %rdx %rax; popfq
 *   1:	pop %rcx; lea 128(%rsp),%rsp
 *	DISPLACED
 *	jmp *0(%rip); .quad site + len
 *
 * The slot holds a pointer to the int that says "record": a constant 1
 * for the JSON sink, LTTng-UST's own enabled state of simple_marker:hit
 * for LTTng, so that a site costs the jump and this check while no
 * session records the event.
 */
#include <cpuid.h>
#include <stddef.h>
#include <string.h>

#include "runtime.h"

__attribute__((visibility("hidden"))) uint64_t smk_run_xsave_size;
void smk_run_common_xsave(void);
void smk_run_common_xsavec(void);
void smk_run_common_fxsave(void);
static void (*common)(void);

__asm__(
	".text\n"
	".globl smk_run_common_xsave\n"
	".hidden smk_run_common_xsave\n"
	".type smk_run_common_xsave,@function\n"
	"smk_run_common_xsave:\n"
	"	push %rbx\n"
	"	mov %rsp,%rbx\n"
	"	sub smk_run_xsave_size(%rip),%rsp\n"
	"	and $-64,%rsp\n"
	"	xor %eax,%eax\n"
	"	mov %rax,512(%rsp)\n"
	"	mov %rax,520(%rsp)\n"
	"	mov %rax,528(%rsp)\n"
	"	mov %rax,536(%rsp)\n"
	"	mov %rax,544(%rsp)\n"
	"	mov %rax,552(%rsp)\n"
	"	mov %rax,560(%rsp)\n"
	"	mov %rax,568(%rsp)\n"
	"	mov $-1,%eax\n"
	"	mov $-1,%edx\n"
	"	xsave64 (%rsp)\n"
	"	call smk_run_hit\n"
	"	mov $-1,%eax\n"
	"	mov $-1,%edx\n"
	"	xrstor64 (%rsp)\n"
	"	mov %rbx,%rsp\n"
	"	pop %rbx\n"
	"	ret\n"
	".size smk_run_common_xsave,.-smk_run_common_xsave\n"
	".globl smk_run_common_xsavec\n"
	".hidden smk_run_common_xsavec\n"
	".type smk_run_common_xsavec,@function\n"
	"smk_run_common_xsavec:\n"
	"	push %rbx\n"
	"	mov %rsp,%rbx\n"
	"	sub smk_run_xsave_size(%rip),%rsp\n"
	"	and $-64,%rsp\n"
	"	xor %eax,%eax\n"
	"	mov %rax,512(%rsp)\n"
	"	mov %rax,520(%rsp)\n"
	"	mov %rax,528(%rsp)\n"
	"	mov %rax,536(%rsp)\n"
	"	mov %rax,544(%rsp)\n"
	"	mov %rax,552(%rsp)\n"
	"	mov %rax,560(%rsp)\n"
	"	mov %rax,568(%rsp)\n"
	"	mov $-1,%eax\n"
	"	mov $-1,%edx\n"
	"	xsavec64 (%rsp)\n"
	"	call smk_run_hit\n"
	"	mov $-1,%eax\n"
	"	mov $-1,%edx\n"
	"	xrstor64 (%rsp)\n"
	"	mov %rbx,%rsp\n"
	"	pop %rbx\n"
	"	ret\n"
	".size smk_run_common_xsavec,.-smk_run_common_xsavec\n"
	".globl smk_run_common_fxsave\n"
	".hidden smk_run_common_fxsave\n"
	".type smk_run_common_fxsave,@function\n"
	"smk_run_common_fxsave:\n"
	"	push %rbx\n"
	"	mov %rsp,%rbx\n"
	"	sub $512,%rsp\n"
	"	and $-64,%rsp\n"
	"	fxsave64 (%rsp)\n"
	"	call smk_run_hit\n"
	"	fxrstor64 (%rsp)\n"
	"	mov %rbx,%rsp\n"
	"	pop %rbx\n"
	"	ret\n"
	".size smk_run_common_fxsave,.-smk_run_common_fxsave\n");

bool smk_tramp_init(void)
{
	unsigned int a, b, c, d;

	common = smk_run_common_fxsave;
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return true;
	/* OSXSAVE: the OS enabled xsave, XCR0 says what it saves. */
	if (!(c & (1u << 27)) || __get_cpuid_max(0, NULL) < 0xd)
		return true;
	__cpuid_count(0xd, 0, a, b, c, d);
	if (b < 576 || b > 1 << 20)
		return true;
	smk_run_xsave_size = ((uint64_t)b + 63) & ~63ULL;
	common = smk_run_common_xsave;
	/*
	 * XSAVEC leaves out the components in their initial state: the
	 * AVX-512 registers of a program that does not use them are 2 KiB
	 * of the 2.7 KiB xsave writes here, and saving them was half the
	 * cost of a recorded hit (bench/inproc.py, perf).  XRSTOR reads
	 * the compacted form (XCOMP_BV bit 63) and initializes what it
	 * left out.
	 */
	__cpuid_count(0xd, 1, a, b, c, d);
	if (a & (1u << 1))
		common = smk_run_common_xsavec;
	return true;
}

struct out {
	unsigned char *p;
	unsigned int n;
};

static void put(struct out *o, const void *bytes, unsigned int n)
{
	memcpy(o->p + o->n, bytes, n);
	o->n += n;
}

static void put1(struct out *o, unsigned char b)
{
	o->p[o->n++] = b;
}

static void put64(struct out *o, uint64_t v)
{
	put(o, &v, 8);
}

static void put32(struct out *o, uint32_t v)
{
	put(o, &v, 4);
}

/* jmp *0(%rip); .quad @to */
static void jmp_abs(struct out *o, uint64_t to)
{
	static const unsigned char op[] = { 0xff, 0x25, 0, 0, 0, 0 };

	put(o, op, sizeof(op));
	put64(o, to);
}

static bool rel32(int64_t d)
{
	return d >= INT32_MIN && d <= INT32_MAX;
}

unsigned int smk_tramp_write(unsigned char *buf, uint64_t at,
			     const struct smk_patch_plan *plan, uint64_t bias,
			     struct smk_run_site *site, const char **why)
{
	static const unsigned char enter[] = {
		0x48, 0x8d, 0x64, 0x24, 0x80,	/* lea -128(%rsp),%rsp */
		0x51,				/* push %rcx */
	};
	static const unsigned char check[] = {
		0x48, 0x8b, 0x09,		/* mov (%rcx),%rcx */
		0x8b, 0x09,			/* mov (%rcx),%ecx */
	};
	static const unsigned char save[] = {
		0x9c, 0x50, 0x52, 0x53, 0x56, 0x57, 0x55,
		0x41, 0x50, 0x41, 0x51, 0x41, 0x52, 0x41, 0x53,
		0x41, 0x54, 0x41, 0x55, 0x41, 0x56, 0x41, 0x57,
		0x48, 0x89, 0xe5,		/* mov %rsp,%rbp */
	};
	static const unsigned char restore[] = {
		0x41, 0x5f, 0x41, 0x5e, 0x41, 0x5d, 0x41, 0x5c,
		0x41, 0x5b, 0x41, 0x5a, 0x41, 0x59, 0x41, 0x58,
		0x5d, 0x5f, 0x5e, 0x5b, 0x5a, 0x58, 0x9d,
	};
	static const unsigned char leave[] = {
		0x59,				/* pop %rcx */
		0x48, 0x8d, 0xa4, 0x24, 0x80, 0, 0, 0,	/* lea 128(%rsp) */
	};
	struct out o = { buf, 0 };
	unsigned int skip_at, i, off = 0;
	uint64_t back = plan->addr + bias + plan->len;

	put(&o, enter, sizeof(enter));
	put1(&o, 0x48);
	put1(&o, 0xb9);			/* movabs $slot,%rcx */
	put64(&o, (uint64_t)(uintptr_t)&smk_run_enabled);
	put(&o, check, sizeof(check));
	put1(&o, 0xe3);			/* jrcxz */
	skip_at = o.n;
	put1(&o, 0);
	put(&o, save, sizeof(save));
	put1(&o, 0x48);
	put1(&o, 0xbe);			/* movabs $site,%rsi */
	put64(&o, (uint64_t)(uintptr_t)site);
	put1(&o, 0x48);
	put1(&o, 0x89);
	put1(&o, 0xef);			/* mov %rbp,%rdi */
	put1(&o, 0x48);
	put1(&o, 0xb8);			/* movabs $common,%rax */
	put64(&o, (uint64_t)(uintptr_t)common);
	put1(&o, 0xff);
	put1(&o, 0xd0);			/* call *%rax */
	put(&o, restore, sizeof(restore));
	buf[skip_at] = o.n - (skip_at + 1);
	put(&o, leave, sizeof(leave));

	for (i = 0; i < plan->ninsn; i++) {
		const struct smk_patch_insn *in = &plan->insn[i];
		const unsigned char *bytes = plan->bytes + off;
		uint64_t orig = in->addr + bias;
		int64_t d;
		int32_t d32;

		off += in->len;
		switch (in->kind) {
		case SMK_PATCH_COPY:
			put(&o, bytes, in->len);
			break;
		case SMK_PATCH_PAD:
			break;	/* after a ret or jmp: never reached */
		case SMK_PATCH_RIPREL:
			d = (int64_t)(in->target + bias) -
			    (int64_t)(at + o.n + in->len);
			if (!rel32(d)) {
				*why = "a RIP-relative operand's target is "
				       "more than 2 GiB from the trampoline";
				return 0;
			}
			d32 = d;
			put(&o, bytes, in->len);
			memcpy(o.p + o.n - in->len + in->disp_off, &d32, 4);
			break;
		case SMK_PATCH_CALL:
			/* lea -8(%rsp),%rsp; movl lo,(%rsp); movl hi,4(%rsp) */
			put1(&o, 0x48); put1(&o, 0x8d); put1(&o, 0x64);
			put1(&o, 0x24); put1(&o, 0xf8);
			put1(&o, 0xc7); put1(&o, 0x04); put1(&o, 0x24);
			put32(&o, (uint32_t)(orig + in->len));
			put1(&o, 0xc7); put1(&o, 0x44); put1(&o, 0x24);
			put1(&o, 0x04);
			put32(&o, (uint32_t)((orig + in->len) >> 32));
			jmp_abs(&o, in->target + bias);
			return o.n;
		case SMK_PATCH_JMP:
			jmp_abs(&o, in->target + bias);
			return o.n;
		case SMK_PATCH_JCC:
			put1(&o, 0x70 | in->cc);
			put1(&o, 14);		/* over the jump back */
			jmp_abs(&o, back);
			jmp_abs(&o, in->target + bias);
			return o.n;
		}
	}
	jmp_abs(&o, back);
	return o.n;
}
