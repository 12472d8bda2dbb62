// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Trampolines.  A patched site jumps here; the code below steps over the
 * red zone (the 128 bytes under %rsp that leaf functions use without
 * moving %rsp), saves %rcx and makes the one check of the not-recording
 * path without touching the flags (jrcxz: a marker may sit between a
 * compare and its branch), and when recording saves the flags and every
 * general register into a struct smk_frame and calls the common part,
 * which saves the vector state (by hand, what XINUSE says is in use: the
 * lazy stubs below; else XSAVEC or XSAVE with every enabled component,
 * or FXSAVE) and calls smk_run_hit().  Then the registers come back, the
 * displaced instructions run as patch.c planned them, and an absolute
 * jump returns after the displaced bytes.
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
 * The slot (the site's, runtime.h) holds a pointer to the int that says
 * "record": a constant 1 for the JSON sink, LTTng-UST's own enabled state
 * of the marker's event for LTTng, so that a site costs the jump and
 * this check while no session records the event.
 */
#include <cpuid.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

__attribute__((visibility("hidden"))) uint64_t smk_run_xsave_size;
__attribute__((visibility("hidden"))) bool smk_run_has_xinuse;
/* Where a lazy stub goes when a component it does not handle is in use. */
__attribute__((visibility("hidden"))) void (*smk_run_common_full)(void);

void smk_run_common_xsave(void);
void smk_run_common_xsavec(void);
void smk_run_common_fxsave(void);
void smk_run_common_lazy512(void);
void smk_run_common_lazyavx(void);
void smk_run_common_lazysse(void);
static void (*common)(void);

/*
 * The lazy stubs.  XSAVE and XRSTOR cost 150 to 420 ns a pair on the
 * machines measured (bench/inproc.py: over a quarter of a recorded hit),
 * even with only the SSE component asked for; sixteen to thirty-two
 * vector moves cost 8 to 18 ns, and XGETBV(1), which says which
 * components are in use (XINUSE), 10 ns.  So a lazy stub reads XINUSE
 * and saves by hand what is in use of the components it handles:
 *
 *   SSE (bit 1)        %xmm0-15 and MXCSR, always
 *   AVX (bit 2)        the upper halves of %ymm0-15
 *   opmask (bit 5)     %k0-7
 *   ZMM_Hi256 (bit 6)  the upper halves of %zmm0-15
 *   Hi16_ZMM (bit 7)   %zmm16-31
 *
 * and gives back what was not in use in its initial state, zero, since
 * the hit's code may have used it (VZEROUPPER for the upper halves of
 * %zmm0-15, VPXORD and KXORQ for the rest).  PKRU (bit 9) is left: no
 * code of a hit writes it.  Any other component in use (x87 or MMX,
 * AMX tiles, anything newer) sends the hit to the full XSAVE stub, and
 * so does a CPU without XGETBV(1).  A stub is chosen only when it
 * handles every vector component XCR0 enables (smk_tramp_init()).
 *
 * The save area, 64-byte aligned: %zmm<i> (or its lower half or
 * quarter) at 64*i, %k<i> at 2048 + 8*i, MXCSR at 2112.
 */
#define SMK_S(x) #x
#define SMK_STR(x) SMK_S(x)
#define SSE_ST(i) "	movups %xmm" #i "," #i "*64(%rsp)\n"
#define SSE_LD(i) "	movups " #i "*64(%rsp),%xmm" #i "\n"
#define XMM_ST(i) "	vmovdqu %xmm" #i "," #i "*64(%rsp)\n"
#define XMM_LD(i) "	vmovdqu " #i "*64(%rsp),%xmm" #i "\n"
#define YMM_ST(i) "	vmovdqu %ymm" #i "," #i "*64(%rsp)\n"
#define YMM_LD(i) "	vmovdqu " #i "*64(%rsp),%ymm" #i "\n"
#define ZMM_ST(i) "	vmovdqu64 %zmm" #i "," #i "*64(%rsp)\n"
#define ZMM_LD(i) "	vmovdqu64 " #i "*64(%rsp),%zmm" #i "\n"
#define ZMM_ZERO(i) "	vpxord %zmm" #i ",%zmm" #i ",%zmm" #i "\n"
#define K_ST(i) "	kmovq %k" #i ",2048+8*" #i "(%rsp)\n"
#define K_LD(i) "	kmovq 2048+8*" #i "(%rsp),%k" #i "\n"
#define K_ZERO(i) "	kxorq %k" #i ",%k" #i ",%k" #i "\n"

/* Components a lazy stub handles: SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM
 * and PKRU for the AVX-512 one; SSE, AVX, PKRU; SSE, PKRU. */
#define LAZY512_NOT 0xfffffd19	/* ~0x2e6 */
#define LAZYAVX_NOT 0xfffffdf9	/* ~0x206 */
#define LAZYSSE_NOT 0xfffffdfd	/* ~0x202 */

/* Enter: the save area under %rbx, XINUSE in %r12d, or to the full stub
 * when it holds a component in @not. */
#define LAZY_ENTER(not) \
	"	push %rbx\n" \
	"	push %r12\n" \
	"	mov %rsp,%rbx\n" \
	"	sub $2176,%rsp\n" \
	"	and $-64,%rsp\n" \
	"	mov $1,%ecx\n" \
	"	xgetbv\n" \
	"	test %edx,%edx\n" \
	"	jnz 9f\n" \
	"	test $" SMK_STR(not) ",%eax\n" \
	"	jnz 9f\n" \
	"	mov %eax,%r12d\n" \
	"	stmxcsr 2112(%rsp)\n"
#define LAZY_LEAVE \
	"	ldmxcsr 2112(%rsp)\n" \
	"	mov %rbx,%rsp\n" \
	"	pop %r12\n" \
	"	pop %rbx\n" \
	"	ret\n" \
	"9:	mov %rbx,%rsp\n" \
	"	pop %r12\n" \
	"	pop %rbx\n" \
	"	jmp *smk_run_common_full(%rip)\n"
#define FUNC(name) \
	".globl " #name "\n" \
	".hidden " #name "\n" \
	".type " #name ",@function\n" \
	#name ":\n"
#define END(name) ".size " #name ",.-" #name "\n"

__asm__(
	".text\n"
	FUNC(smk_run_common_lazy512)
	LAZY_ENTER(LAZY512_NOT)
	"	test $0x40,%r12d\n"
	"	jnz 1f\n"
	"	test $0x4,%r12d\n"
	"	jnz 2f\n"
	SMK_R0_15(XMM_ST)
	"	jmp 3f\n"
	"1:\n"
	SMK_R0_15(ZMM_ST)
	"	jmp 3f\n"
	"2:\n"
	SMK_R0_15(YMM_ST)
	"3:	test $0x80,%r12d\n"
	"	jz 4f\n"
	SMK_R16_31(ZMM_ST)
	"4:	test $0x20,%r12d\n"
	"	jz 5f\n"
	SMK_K0_7(K_ST)
	"5:	call smk_run_hit\n"
	"	test $0x20,%r12d\n"
	"	jz 6f\n"
	SMK_K0_7(K_LD)
	"	jmp 7f\n"
	"6:\n"
	SMK_K0_7(K_ZERO)
	"7:	test $0x80,%r12d\n"
	"	jz 8f\n"
	SMK_R16_31(ZMM_LD)
	"	jmp 1f\n"
	"8:\n"
	SMK_R16_31(ZMM_ZERO)
	"1:	test $0x40,%r12d\n"
	"	jnz 2f\n"
	"	test $0x4,%r12d\n"
	"	jnz 3f\n"
	SMK_R0_15(XMM_LD)
	"	vzeroupper\n"
	"	jmp 4f\n"
	"2:\n"
	SMK_R0_15(ZMM_LD)
	"	jmp 4f\n"
	"3:\n"
	SMK_R0_15(YMM_LD)
	"4:\n"
	LAZY_LEAVE
	END(smk_run_common_lazy512)

	FUNC(smk_run_common_lazyavx)
	LAZY_ENTER(LAZYAVX_NOT)
	"	test $0x4,%r12d\n"
	"	jnz 2f\n"
	SMK_R0_15(XMM_ST)
	"	call smk_run_hit\n"
	SMK_R0_15(XMM_LD)
	"	vzeroupper\n"
	"	jmp 4f\n"
	"2:\n"
	SMK_R0_15(YMM_ST)
	"	call smk_run_hit\n"
	SMK_R0_15(YMM_LD)
	"4:\n"
	LAZY_LEAVE
	END(smk_run_common_lazyavx)

	FUNC(smk_run_common_lazysse)
	LAZY_ENTER(LAZYSSE_NOT)
	SMK_R0_15(SSE_ST)
	"	call smk_run_hit\n"
	SMK_R0_15(SSE_LD)
	LAZY_LEAVE
	END(smk_run_common_lazysse)
);

__asm__(
	".text\n"
	FUNC(smk_run_common_xsave)
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
	END(smk_run_common_xsave)
	FUNC(smk_run_common_xsavec)
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
	END(smk_run_common_xsavec)
	FUNC(smk_run_common_fxsave)
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
	END(smk_run_common_fxsave));

static uint64_t xgetbv(unsigned int which)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(which));
	return (uint64_t)hi << 32 | lo;
}

/* The lazy stub that handles every vector component @xcr0 enables, or
 * NULL. */
static void (*lazy_stub(uint64_t xcr0))(void)
{
	unsigned int a, b, c, d;
	bool avx512bw;

	if (__get_cpuid_max(0, NULL) < 7)
		return NULL;
	__cpuid_count(7, 0, a, b, c, d);
	/* AVX512F and AVX512BW (KMOVQ). */
	avx512bw = (b & (1u << 16)) && (b & (1u << 30));
	if ((xcr0 & 0xe0) == 0xe0 && (xcr0 & 0x6) == 0x6 && avx512bw)
		return smk_run_common_lazy512;
	if (xcr0 & 0xe0)
		return NULL;	/* some of AVX-512, not all: not ours */
	if ((xcr0 & 0x6) == 0x6)
		return smk_run_common_lazyavx;
	if (xcr0 & 0x4)
		return NULL;
	return (xcr0 & 0x2) ? smk_run_common_lazysse : NULL;
}

bool smk_tramp_init(void)
{
	unsigned int a, b, c, d;
	void (*lazy)(void);
	const char *e;

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
	 * of the 2.7 KiB xsave writes here.  XRSTOR reads the compacted
	 * form (XCOMP_BV bit 63) and initializes what it left out.
	 */
	__cpuid_count(0xd, 1, a, b, c, d);
	if (a & (1u << 1))
		common = smk_run_common_xsavec;
	smk_run_common_full = common;
	smk_run_has_xinuse = a & (1u << 2);
	/* XGETBV(1) (XINUSE), for the lazy stubs; SMK_RUN_XSAVE=1 keeps
	 * the full stub (tests compare both). */
	e = getenv("SMK_RUN_XSAVE");
	if (!smk_run_has_xinuse || (e && *e == '1'))
		return true;
	lazy = lazy_stub(xgetbv(0));
	if (lazy)
		common = lazy;
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
	put64(&o, (uint64_t)(uintptr_t)&site->slot);
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
