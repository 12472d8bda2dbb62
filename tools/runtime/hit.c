// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * One hit: the marker's arguments read from the saved registers and from
 * memory exactly as a uprobe reads its fetch arguments (fetchspec.h),
 * then one event.  Memory is read with process_vm_readv() on ourselves,
 * which fails with EFAULT instead of faulting: a wrong address from a
 * stale location or a corrupt record gives "(fault)", as a uprobe does,
 * and never a signal in the host program.  Strings are read a page at a
 * time up to SMK_RUN_STRING_MAX bytes.
 *
 * The JSON sink writes each event as one line with one write() on an
 * O_APPEND descriptor, so threads and forked children never interleave
 * within a line (a SIGKILL may still cut the line a thread has in
 * flight where it crosses a page of the file).  The LTTng sink passes
 * the values to the provider in lttng.c: the marker's typed event, else
 * simple_marker:hit; a marker whose event no session records is not
 * evaluated at all.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "runtime.h"

enum { LINE_MAX_BYTES = 4096 };

__attribute__((visibility("hidden"))) int smk_run_json_fd = -1;
__attribute__((visibility("hidden"))) const struct smk_lttng_api *smk_run_lttng;

static __thread int in_hit __attribute__((tls_model("initial-exec")));

/*
 * SMK_RUN_SCRAMBLE=1 (tests only): after each hit, write junk into every
 * register a called function may change under the x86-64 ABI (the
 * vector registers of every width the CPU has, the AVX-512 masks,
 * MXCSR's status flags, and when the program has x87 state in use, the
 * whole x87 stack, pushed and popped), so that a test proves the
 * trampoline gives the program back its own state whatever the hit's
 * code happened to use.  (x87 only then: no code of a hit runs x87
 * instructions, and touching it would put x87 in use for good, which
 * sends every later hit to the full XSAVE stub, tramp.c.)
 */
__attribute__((visibility("hidden"))) int smk_run_scramble;

#define SCR_X(i) "pcmpeqd %%xmm" #i ",%%xmm" #i "\n\t"
#define SCR_Y(i) "vpcmpeqd %%ymm" #i ",%%ymm" #i ",%%ymm" #i "\n\t"
#define SCR_Z(i) "vpternlogd $0xff,%%zmm" #i ",%%zmm" #i ",%%zmm" #i "\n\t"
#define SCR_K(i) "kxnorq %%k" #i ",%%k" #i ",%%k" #i "\n\t"

/* XINUSE bit 0, or true when XGETBV(1) is not there to say. */
static bool x87_in_use(void)
{
	unsigned int lo, hi;

	if (!smk_run_has_xinuse)
		return true;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
	return lo & 1;
}

static void scramble(void)
{
	unsigned int mx;

	__asm__ volatile(SMK_R0_15(SCR_X) ::: "memory");
	if (__builtin_cpu_supports("avx"))
		__asm__ volatile(SMK_R0_15(SCR_Y) ::: "memory");
	if (__builtin_cpu_supports("avx512f"))
		__asm__ volatile(SMK_R0_15(SCR_Z) SMK_R16_31(SCR_Z)
				 ::: "memory");
	if (__builtin_cpu_supports("avx512bw"))
		__asm__ volatile(SMK_K0_7(SCR_K) ::: "memory");
	/* MXCSR's control bits are the callee's to keep, its flags not. */
	__asm__ volatile("stmxcsr %0" : "=m"(mx));
	mx |= 0x3f;
	__asm__ volatile("ldmxcsr %0" :: "m"(mx));
	/* Eight pushes, as a callee may make on the empty stack the ABI
	 * gives it, then eight pops. */
	if (!x87_in_use())
		return;
	__asm__ volatile("fldpi; fldpi; fldpi; fldpi; fldpi; fldpi; fldpi; "
			 "fldpi; fstp %%st(0); fstp %%st(0); fstp %%st(0); "
			 "fstp %%st(0); fstp %%st(0); fstp %%st(0); "
			 "fstp %%st(0); fstp %%st(0)" ::: "memory");
}

static bool read_mem(uint64_t addr, void *buf, size_t n)
{
	struct iovec local = { buf, n };
	struct iovec remote = { (void *)(uintptr_t)addr, n };
	ssize_t r;

	if (!n)
		return true;
	r = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
	return r == (ssize_t)n;
}

/* A NUL-terminated string at @addr into @buf (@size > 1); its length or
 * -1 on a fault.  Cut at @size - 1 bytes like the kernel cuts at its
 * maximum. */
static ssize_t read_str(uint64_t addr, char *buf, size_t size)
{
	size_t got = 0;

	while (got < size - 1) {
		size_t page = 4096 - ((addr + got) & 4095);
		size_t want = size - 1 - got < page ? size - 1 - got : page;
		char *nul;

		if (!read_mem(addr + got, buf + got, want)) {
			if (!got)
				return -1;
			buf[got] = '\0';	/* what could be read */
			return got;
		}
		nul = memchr(buf + got, '\0', want);
		if (nul)
			return nul - buf;
		got += want;
	}
	buf[got] = '\0';
	return got;
}

static uint64_t reg_value(const struct smk_frame *f,
			  const struct smk_run_site *s, enum smk_fetch_reg r)
{
	switch (r) {
	case SMK_REG_AX: return f->rax;
	case SMK_REG_BX: return f->rbx;
	case SMK_REG_CX: return f->rcx;
	case SMK_REG_DX: return f->rdx;
	case SMK_REG_SI: return f->rsi;
	case SMK_REG_DI: return f->rdi;
	case SMK_REG_BP: return f->rbp;
	case SMK_REG_SP:
		return (uint64_t)(uintptr_t)(f + 1) + SMK_RED_ZONE;
	case SMK_REG_R8: return f->r8;
	case SMK_REG_R9: return f->r9;
	case SMK_REG_R10: return f->r10;
	case SMK_REG_R11: return f->r11;
	case SMK_REG_R12: return f->r12;
	case SMK_REG_R13: return f->r13;
	case SMK_REG_R14: return f->r14;
	case SMK_REG_R15: return f->r15;
	case SMK_REG_IP: return s->addr;
	default: return 0;
	}
}

/* The value (or for a string, the address) of @a; false on a fault. */
static bool fetch(const struct smk_frame *f, const struct smk_run_site *s,
		  const struct smk_run_arg *a, uint64_t *v, bool *is_addr)
{
	const struct smk_fetchspec *sp = &a->spec;
	unsigned int nloads = sp->nloads + (sp->base == SMK_FETCH_STATIC);
	unsigned int i, size;
	uint64_t x = 0;

	/* Every load but the last reads a pointer; the last reads the
	 * type's width, or is the string's address. */
	switch (sp->base) {
	case SMK_FETCH_REG:
		x = reg_value(f, s, sp->reg);
		break;
	case SMK_FETCH_IMM:
		x = (uint64_t)sp->imm;
		break;
	case SMK_FETCH_STATIC:
		x = s->addr - s->file_offset + (uint64_t)sp->imm;
		break;
	}
	*is_addr = false;
	if (!nloads) {
		*v = x;
		return true;
	}
	for (i = 0; i < nloads; i++) {
		bool last = i + 1 == nloads;
		uint64_t addr = sp->base == SMK_FETCH_STATIC ?
			(i ? x + (uint64_t)sp->off[i - 1] : x) :
			x + (uint64_t)sp->off[i];

		if (last && a->type.kind == SMK_FTYPE_STRING) {
			*v = addr;
			*is_addr = true;
			return true;
		}
		size = last ? a->type.bits / 8 : 8;
		x = 0;
		if (!read_mem(addr, &x, size))
			return false;
	}
	*v = x;
	return true;
}

static uint64_t narrow(uint64_t v, unsigned int bits, bool sign)
{
	if (bits >= 64)
		return v;
	v &= (1ULL << bits) - 1;
	if (sign && (v >> (bits - 1)))
		v |= ~0ULL << bits;
	return v;
}

/* JSON string contents of @s (hostile bytes: escaped). */
static size_t json_str(char *out, size_t room, const char *s, size_t n)
{
	size_t o = 0, i;

	for (i = 0; i < n && o + 7 < room; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\') {
			out[o++] = '\\';
			out[o++] = c;
		} else if (c < 0x20 || c >= 0x7f) {
			o += snprintf(out + o, room - o, "\\u%04x", c);
		} else {
			out[o++] = c;
		}
	}
	return o;
}

static void write_json(const struct smk_run_site *s, const struct smk_run_value *val)
{
	char line[LINE_MAX_BYTES];
	unsigned int i;
	size_t n;

	n = snprintf(line, sizeof(line),
		     "{\"marker\":\"%s\",\"event\":\"%s\",\"verdict\":\"%s\","
		     "\"site\":\"%#" PRIx64 "\",\"pid\":%d,\"tid\":%ld,"
		     "\"values\":{", s->marker, s->event, s->verdict,
		     s->file_offset, getpid(), (long)syscall(SYS_gettid));
	for (i = 0; i < s->nargs && n < sizeof(line) - 64; i++) {
		const struct smk_run_arg *a = &s->args[i];
		const struct smk_run_value *x = &val[i];

		n += snprintf(line + n, sizeof(line) - n, "%s\"%s\":",
			      i ? "," : "", a->name);
		if (!x->ok || (a->type.kind == SMK_FTYPE_STRING && x->len < 0))
			n += snprintf(line + n, sizeof(line) - n, "null");
		else if (a->type.kind == SMK_FTYPE_STRING) {
			line[n++] = '"';
			n += json_str(line + n, sizeof(line) - 64 - n, x->str,
				      x->len);
			line[n++] = '"';
		} else if (a->type.kind == SMK_FTYPE_S)
			n += snprintf(line + n, sizeof(line) - n, "%" PRId64,
				      (int64_t)x->v);
		else if (a->type.kind == SMK_FTYPE_X)
			n += snprintf(line + n, sizeof(line) - n,
				      "\"%#" PRIx64 "\"", x->v);
		else
			n += snprintf(line + n, sizeof(line) - n, "%" PRIu64,
				      x->v);
	}
	if (n > sizeof(line) - 4)
		n = sizeof(line) - 4;
	line[n++] = '}';
	line[n++] = '}';
	line[n++] = '\n';
	if (write(smk_run_json_fd, line, n) < 0) {
		/* Nothing to say it to: the program's stderr is not ours. */
	}
}

/* LTTng: the values as integers; strings and faults in @text only,
 * which stays empty (no formatting) for a marker without strings. */
static void write_lttng(const struct smk_run_site *s, const struct smk_run_value *val)
{
	char text[SMK_RECORD_MAX_ARGS * (SMK_RUN_STRING_MAX + 40)];
	int64_t v[SMK_RECORD_MAX_ARGS];
	size_t nt = 0;
	unsigned int i;

	text[0] = '\0';
	for (i = 0; i < s->nargs; i++) {
		const struct smk_run_arg *a = &s->args[i];
		const struct smk_run_value *x = &val[i];
		bool str = a->type.kind == SMK_FTYPE_STRING;

		v[i] = x->ok && !str ? (int64_t)x->v : 0;
		if (str || !x->ok) {
			if (nt >= sizeof(text) - 1)
				continue;
			if (x->ok && x->len >= 0)
				nt += snprintf(text + nt, sizeof(text) - nt,
					       "%s%s=\"%.*s\"", nt ? " " : "",
					       a->name, (int)x->len, x->str);
			else
				nt += snprintf(text + nt, sizeof(text) - nt,
					       "%s%s=(fault)", nt ? " " : "",
					       a->name);
			if (nt >= sizeof(text))
				nt = sizeof(text) - 1;
		}
	}
	smk_run_lttng->hit(s->marker, s->verdict_id, s->addr, s->nargs, v,
			   s->names, text);
}

static void hit_one(struct smk_frame *f, struct smk_run_site *s)
{
	struct smk_run_value val[SMK_RECORD_MAX_ARGS];
	const struct smk_lttng_api *lt =
		__atomic_load_n(&smk_run_lttng, __ATOMIC_ACQUIRE);
	const int *lts = lt ? __atomic_load_n(&s->lt_state, __ATOMIC_ACQUIRE) :
		NULL;
	bool to_lttng = lts && __atomic_load_n(lts, __ATOMIC_RELAXED);
	int saved_errno = errno;
	unsigned int i;

	if (!to_lttng && smk_run_json_fd < 0)
		return;
	for (i = 0; i < s->nargs; i++) {
		const struct smk_run_arg *a = &s->args[i];
		struct smk_run_value *x = &val[i];
		bool is_addr;

		x->len = -1;
		x->v = 0;
		x->ok = fetch(f, s, a, &x->v, &is_addr);
		if (x->ok && is_addr)
			x->len = read_str(x->v, x->str, sizeof(x->str));
		if (a->type.kind == SMK_FTYPE_BITFIELD)
			x->v = (x->v >> a->type.bf_offset) &
			       (a->type.bf_width >= 64 ? ~0ULL :
				(1ULL << a->type.bf_width) - 1);
		else if (a->type.kind != SMK_FTYPE_STRING)
			x->v = narrow(x->v, a->type.bits,
				      a->type.kind == SMK_FTYPE_S);
	}
	if (to_lttng && s->lt)
		lt->emit(s->lt, s, val);
	else if (to_lttng)
		write_lttng(s, val);
	if (smk_run_json_fd >= 0)
		write_json(s, val);
	errno = saved_errno;
}

void smk_run_hit(struct smk_frame *f, struct smk_run_site *s)
__attribute__((visibility("hidden")));

/* Each marker at the patched address, in placement order. */
void smk_run_hit(struct smk_frame *f, struct smk_run_site *s)
{
	if (in_hit)
		return;		/* a marker hit from inside a hit */
	in_hit = 1;
	for (; s; s = s->next)
		hit_one(f, s);
	if (smk_run_scramble)
		scramble();
	in_hit = 0;
}
