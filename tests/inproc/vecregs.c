// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * vecregs: a marker with the vector, mask, MXCSR and x87 state live
 * across it.  Each check loads known values, passes its marker (no
 * instruction of its own: the patched site is the first store of the
 * check's second half) and stores what the registers hold then; it
 * prints "NAME ok", "NAME FAIL" (and which register) or "NAME skip"
 * when the CPU lacks the registers.  inproc.t runs it activated with
 * SMK_RUN_SCRAMBLE=1, which writes junk into every caller-saved
 * register after each hit: a trampoline that does not give the state
 * back fails here.  The checks, in the order they run (x87 last: once
 * the program uses x87 its state stays in use and every later hit goes
 * to the runtime's full XSAVE path):
 *
 *   sse       %xmm0-15 and MXCSR (round toward zero, no flags)
 *   avx       %ymm0-15, all 256 bits
 *   avxzero   %xmm0-15 after VZEROUPPER: the upper halves must still
 *             read zero
 *   avx512    %zmm0-31 and %k1-7
 *   x87       two values on the x87 stack, and the rest of the SSE
 *             state
 */
#include <stdio.h>
#include <string.h>

#include <linux/simple_marker.h>

static unsigned int checks;
static unsigned char want[2048 + 64] __attribute__((aligned(64)));
static unsigned char got[2048 + 64] __attribute__((aligned(64)));

#define R16(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) \
	M(10) M(11) M(12) M(13) M(14) M(15)
#define R32(M) R16(M) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) \
	M(24) M(25) M(26) M(27) M(28) M(29) M(30) M(31)
#define K17(M) M(1) M(2) M(3) M(4) M(5) M(6) M(7)

#define XLD(i) "movdqu " #i "*64(%[p]),%%xmm" #i "\n\t"
#define XST(i) "movdqu %%xmm" #i "," #i "*64(%[p])\n\t"
#define VXLD(i) "vmovdqu " #i "*64(%[p]),%%xmm" #i "\n\t"
#define YLD(i) "vmovdqu " #i "*64(%[p]),%%ymm" #i "\n\t"
#define YST(i) "vmovdqu %%ymm" #i "," #i "*64(%[p])\n\t"
#define ZLD(i) "vmovdqu64 " #i "*64(%[p]),%%zmm" #i "\n\t"
#define ZST(i) "vmovdqu64 %%zmm" #i "," #i "*64(%[p])\n\t"
#define KLD(i) "kmovq 2048+8*" #i "(%[p]),%%k" #i "\n\t"
#define KST(i) "kmovq %%k" #i ",2048+8*" #i "(%[p])\n\t"

#define XMM_CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", \
	"xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", \
	"xmm13", "xmm14", "xmm15"

/* MXCSR: every exception masked, round toward zero, no flag set. */
enum { MXCSR_RZ = 0x7f80, MXCSR_DEFAULT = 0x1f80 };

static void fill(unsigned int seed)
{
	unsigned int i;

	checks++;
	for (i = 0; i < sizeof(want); i++)
		want[i] = (unsigned char)(i * 37 + seed * 11 + 1);
	memset(got, 0, sizeof(got));
}

/* The first byte in [@from, @to) where got differs from @ref. */
static int differs(const unsigned char *ref, unsigned int from,
		   unsigned int to)
{
	unsigned int i;

	for (i = from; i < to; i++)
		if (got[i] != ref[i])
			return (int)i;
	return -1;
}

static void say(const char *name, int at, unsigned int mx, unsigned int w)
{
	if (at >= 0)
		printf("%s FAIL (byte %d: register %d, byte %d of it)\n",
		       name, at, at / 64, at % 64);
	else if (mx != w)
		printf("%s FAIL (MXCSR %#x, not %#x)\n", name, mx, w);
	else
		printf("%s ok\n", name);
}

/* Bytes 16..63 of each 64-byte slot of @n registers from @want, the
 * rest zero: what upper halves should read as. */
static void keep_low(unsigned char *ref, unsigned int n, unsigned int low)
{
	unsigned int i;

	memcpy(ref, want, sizeof(want));
	for (i = 0; i < n; i++)
		memset(ref + 64 * i + low, 0, 64 - low);
}

__attribute__((noinline)) static void check_sse(void)
{
	unsigned int mx_in = MXCSR_RZ, mx_out = 0, mx_def = MXCSR_DEFAULT;
	unsigned char ref[sizeof(want)];

	fill(1);
	__asm__ volatile(R16(XLD) "ldmxcsr %[mx]"
			 :: [p] "r"(want), [mx] "m"(mx_in)
			 : XMM_CLOBBERS, "memory");
	trace_simple(vec_sse, "n %u", checks);
	__asm__ volatile(R16(XST) "stmxcsr %[out]\n\tldmxcsr %[def]"
			 : [out] "=m"(mx_out)
			 : [p] "r"(got), [def] "m"(mx_def) : "memory");
	keep_low(ref, 16, 16);
	memset(got + 1024, 0, sizeof(got) - 1024);
	memset(ref + 1024, 0, sizeof(ref) - 1024);
	say("sse", differs(ref, 0, 1024), mx_out, mx_in);
}

__attribute__((noinline)) static void check_avx(void)
{
	unsigned char ref[sizeof(want)];

	if (!__builtin_cpu_supports("avx")) {
		puts("avx skip");
		return;
	}
	fill(2);
	__asm__ volatile(R16(YLD) :: [p] "r"(want) : XMM_CLOBBERS, "memory");
	trace_simple(vec_avx, "n %u", checks);
	__asm__ volatile(R16(YST) "vzeroupper" :: [p] "r"(got) : "memory");
	keep_low(ref, 16, 32);
	say("avx", differs(ref, 0, 1024), 0, 0);
}

__attribute__((noinline)) static void check_avxzero(void)
{
	unsigned char ref[sizeof(want)];

	if (!__builtin_cpu_supports("avx")) {
		puts("avxzero skip");
		return;
	}
	fill(3);
	__asm__ volatile("vzeroupper\n\t" R16(VXLD)
			 :: [p] "r"(want) : XMM_CLOBBERS, "memory");
	trace_simple(vec_avxzero, "n %u", checks);
	__asm__ volatile(R16(YST) "vzeroupper" :: [p] "r"(got) : "memory");
	keep_low(ref, 16, 16);
	say("avxzero", differs(ref, 0, 1024), 0, 0);
}

/* The mask moves in functions of their own: Debian 12's capstone 4
 * decodes no KMOVD or KMOVQ, and the placement of a marker in a
 * function it cannot decode is not proven (the marker stays unpatched).
 * Neither function touches a register but the ones it names. */
__attribute__((noinline)) static void load_avx512(void)
{
	__asm__ volatile(R32(ZLD) K17(KLD) :: [p] "r"(want)
			 : XMM_CLOBBERS, "memory");
}

__attribute__((noinline)) static void store_avx512(void)
{
	__asm__ volatile(R32(ZST) K17(KST) "vzeroupper" :: [p] "r"(got)
			 : "memory");
}

__attribute__((noinline)) static void check_avx512(void)
{
	unsigned char ref[sizeof(want)];

	if (!__builtin_cpu_supports("avx512f") ||
	    !__builtin_cpu_supports("avx512bw")) {
		puts("avx512 skip");
		return;
	}
	fill(4);
	load_avx512();
	trace_simple(vec_avx512, "n %u", checks);
	store_avx512();
	memcpy(ref, want, sizeof(want));
	memset(ref + 2048, 0, 8);	/* %k0: not loaded */
	memset(got + 2048, 0, 8);
	memset(ref + 2112, 0, sizeof(ref) - 2112);
	memset(got + 2112, 0, sizeof(got) - 2112);
	say("avx512", differs(ref, 0, sizeof(ref)), 0, 0);
}

__attribute__((noinline)) static void check_x87(void)
{
	unsigned int mx_in = MXCSR_RZ, mx_out = 0, mx_def = MXCSR_DEFAULT;
	long double a = 0, b = 0;
	unsigned char ref[sizeof(want)];

	fill(5);
	/* pi and 1 stay on the x87 stack across the marker. */
	__asm__ volatile(R16(XLD) "ldmxcsr %[mx]\n\tfldpi\n\tfld1"
			 :: [p] "r"(want), [mx] "m"(mx_in)
			 : XMM_CLOBBERS, "memory");
	trace_simple(vec_x87, "n %u", checks);
	__asm__ volatile(R16(XST) "stmxcsr %[out]\n\tldmxcsr %[def]\n\t"
			 "fstpt %[a]\n\tfstpt %[b]"
			 : [out] "=m"(mx_out), [a] "=m"(a), [b] "=m"(b)
			 : [p] "r"(got), [def] "m"(mx_def) : "memory");
	keep_low(ref, 16, 16);
	memset(got + 1024, 0, sizeof(got) - 1024);
	memset(ref + 1024, 0, sizeof(ref) - 1024);
	if (a != 1.0L || b < 3.14159L || b > 3.1416L)
		printf("x87 FAIL (stack %Lg %Lg, not 1 3.14159)\n", a, b);
	else
		say("x87", differs(ref, 0, 1024), mx_out, mx_in);
}

int main(void)
{
	check_sse();
	check_avx();
	check_avxzero();
	check_avx512();
	check_x87();
	return 0;
}
