/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * simple_marker_exact.h - markers that are exact by construction, at a cost
 *
 * trace_simple_exact(name, fmt, args...) is trace_simple() (same record,
 * same compile-time checks) plus an anchor the compiler must keep: an
 * "asm volatile" with a one-byte nop at a local label, and the arguments as
 * asm input operands.  The label's address and the operands' locations go
 * into a note in the non-allocated section .note.stapsdt, in the format of
 * sys/sdt.h (provider "simple_marker", probe name = the marker's name,
 * arguments as "-4@%edi 8@16(%rbx) 4@$5" specs), so marker-list, perf,
 * libbpf (bpftrace) and anything else that reads SDT notes can probe it.
 *
 * Why this is exact: a volatile asm is never deleted, merged with another
 * or moved across other side effects, and every copy the compiler makes of
 * it (unrolling, tail duplication, inlining, cloning) emits its own note.
 * Its operands must hold the values at that point.  The nop gives the label
 * an instruction of its own, so no other path jumps to the probe's address.
 * Why it costs: the same properties stop the optimizations that erased the
 * zero-cost marker's point (vectorization, unrolling, if-conversion, tail
 * merging; gcc also counts the asm's lines against inlining), and the
 * operands keep values alive.  Documentation/exact-mode.rst has the
 * measurements; use it where a count must be right, not in hot loops.
 *
 * Differences from sys/sdt.h, on purpose:
 *  - no ".stapsdt.base" section: it is allocated (one byte, loaded), and
 *    only prelink ever moved a binary after linking.  Readers that adjust
 *    by it (perf, libbpf, marker-list) skip the adjustment without it; gdb
 *    ignores the SDT notes of an object that lacks it.  Where sys/sdt.h
 *    made one, the note refers to it (see __SMKX_BASE);
 *  - no semaphore: a probe point costs a nop, not a guarded block;
 *  - the size and sign come from the argument promoted as printf would
 *    ("(x) + 0": arrays decay to pointers, bitfields and chars widen), so
 *    any argument trace_simple() accepts is fine, bitfields included.
 *
 * Integer and pointer arguments only: a floating-point argument does not
 * fit the "r" constraint.  SIMPLE_MARKER_EXACT_CONSTRAINT (default "nor",
 * as sys/sdt.h) may be set to "nr" before including this header to keep
 * memory operands out: libbpf cannot read "sym(%rip)" arguments.
 *
 * With SIMPLE_MARKERS 0 (or, with a patched kernel's own simple_marker.h,
 * CONFIG_SIMPLE_MARKERS unset) no anchor is emitted, only what
 * trace_simple() leaves (nothing but the compile-time checks).
 */
#ifndef _LINUX_SIMPLE_MARKER_EXACT_H
#define _LINUX_SIMPLE_MARKER_EXACT_H

#include <linux/simple_marker.h>

#ifndef SIMPLE_MARKER_EXACT_CONSTRAINT
# define SIMPLE_MARKER_EXACT_CONSTRAINT "nor"
#endif

#if defined(__LP64__) || defined(_LP64)
# define __SMKX_ADDR	".8byte"
#else
# define __SMKX_ADDR	".4byte"
#endif

/*
 * An argument as printf sees it: arrays decay, chars, bitfields and enums
 * are promoted by the usual arithmetic conversions with int, and pointers
 * (to incomplete types too: no arithmetic on them) meet a null pointer.
 */
#define __SMKX_VAL(x)	(1 ? (x) : 0)
/* gcc/clang type classes 1-4: integer, char, enum, boolean. */
#define __SMKX_INTTYPE(x)						\
	__typeof__(__builtin_choose_expr(				\
		((__builtin_classify_type(__SMKX_VAL(x)) + 3) & -4) == 4, \
		__SMKX_VAL(x), 0U))
#define __SMKX_SIGNED(x)						\
	((__SMKX_INTTYPE(x))-1 < (__SMKX_INTTYPE(x))1)
#define __SMKX_SIZE(x)	((int)sizeof(__typeof__(__SMKX_VAL(x))))

/* Operand n: its signed size ("n", printed bare by %c), then its value. */
#define __SMKX_ARG(n, x)						\
	[__smkx_s##n] "n" (__SMKX_SIGNED(x) ? -__SMKX_SIZE(x) :	\
			   __SMKX_SIZE(x)),				\
	[__smkx_a##n] SIMPLE_MARKER_EXACT_CONSTRAINT (__SMKX_VAL(x))
#define __SMKX_T(n)	"%c[__smkx_s" #n "]@%[__smkx_a" #n "]"

#define __SMKX_TMPL_0	""
#define __SMKX_TMPL_1	__SMKX_T(1)
#define __SMKX_TMPL_2	__SMKX_TMPL_1 " " __SMKX_T(2)
#define __SMKX_TMPL_3	__SMKX_TMPL_2 " " __SMKX_T(3)
#define __SMKX_TMPL_4	__SMKX_TMPL_3 " " __SMKX_T(4)
#define __SMKX_TMPL_5	__SMKX_TMPL_4 " " __SMKX_T(5)
#define __SMKX_TMPL_6	__SMKX_TMPL_5 " " __SMKX_T(6)
#define __SMKX_TMPL_7	__SMKX_TMPL_6 " " __SMKX_T(7)
#define __SMKX_TMPL_8	__SMKX_TMPL_7 " " __SMKX_T(8)
#define __SMKX_TMPL_9	__SMKX_TMPL_8 " " __SMKX_T(9)
#define __SMKX_TMPL_10	__SMKX_TMPL_9 " " __SMKX_T(10)
#define __SMKX_TMPL_11	__SMKX_TMPL_10 " " __SMKX_T(11)
#define __SMKX_TMPL_12	__SMKX_TMPL_11 " " __SMKX_T(12)

#define __SMKX_OPS_0()
#define __SMKX_OPS_1(a)		__SMKX_ARG(1, a)
#define __SMKX_OPS_2(a, b)	__SMKX_OPS_1(a), __SMKX_ARG(2, b)
#define __SMKX_OPS_3(a, b, c)	__SMKX_OPS_2(a, b), __SMKX_ARG(3, c)
#define __SMKX_OPS_4(a, b, c, d) \
	__SMKX_OPS_3(a, b, c), __SMKX_ARG(4, d)
#define __SMKX_OPS_5(a, b, c, d, e) \
	__SMKX_OPS_4(a, b, c, d), __SMKX_ARG(5, e)
#define __SMKX_OPS_6(a, b, c, d, e, f) \
	__SMKX_OPS_5(a, b, c, d, e), __SMKX_ARG(6, f)
#define __SMKX_OPS_7(a, b, c, d, e, f, g) \
	__SMKX_OPS_6(a, b, c, d, e, f), __SMKX_ARG(7, g)
#define __SMKX_OPS_8(a, b, c, d, e, f, g, h) \
	__SMKX_OPS_7(a, b, c, d, e, f, g), __SMKX_ARG(8, h)
#define __SMKX_OPS_9(a, b, c, d, e, f, g, h, i) \
	__SMKX_OPS_8(a, b, c, d, e, f, g, h), __SMKX_ARG(9, i)
#define __SMKX_OPS_10(a, b, c, d, e, f, g, h, i, j) \
	__SMKX_OPS_9(a, b, c, d, e, f, g, h, i), __SMKX_ARG(10, j)
#define __SMKX_OPS_11(a, b, c, d, e, f, g, h, i, j, k) \
	__SMKX_OPS_10(a, b, c, d, e, f, g, h, i, j), __SMKX_ARG(11, k)
#define __SMKX_OPS_12(a, b, c, d, e, f, g, h, i, j, k, l) \
	__SMKX_OPS_11(a, b, c, d, e, f, g, h, i, j, k), __SMKX_ARG(12, l)
/*
 * A patched kernel's own simple_marker.h (the one a module built against it
 * gets) predates __SMK_CHECK_NARGS().
 */
#ifndef __SMK_CHECK_NARGS
# define __SMK_CHECK_NARGS(_, ...)					\
	_Static_assert(__SMK_NARGS(_, ##__VA_ARGS__) <=			\
		       SIMPLE_MARKER_MAX_ARGS,				\
		       "a marker takes at most SIMPLE_MARKER_MAX_ARGS (12) " \
		       "arguments")
#endif

/* Too many (see __SMK_NARGS): nothing, __SMK_CHECK_NARGS() says why. */
#define __SMKX_TMPL_13	""
#define __SMKX_OPS_13(...)

/*
 * The note's base field.  A program that also uses sys/sdt.h has a
 * .stapsdt.base section, and readers (perf, libbpf, bcc) then move every
 * note by the section's address minus the note's base: a base of 0 would
 * put the probe at the section's negated address.  So the base is a weak
 * reference to sys/sdt.h's own hidden symbol: its address when some unit
 * of the program defines it, 0 (no adjustment) when none does.  Not in the
 * kernel: a module's weak undefined symbol is an import to modpost.
 */
#ifdef __KERNEL__
# define __SMKX_BASE	"	" __SMKX_ADDR " 0\n"
#else
# define __SMKX_BASE							\
	"	.weak _.stapsdt.base\n"					\
	"	.hidden _.stapsdt.base\n"				\
	"	" __SMKX_ADDR " _.stapsdt.base\n"
#endif

/*
 * The note, as sys/sdt.h lays it out (NT_STAPSDT, type 3, owner
 * "stapsdt"): pc, base (see __SMKX_BASE), semaphore (0),
 * provider, name, argument specs.  The section has no "a" flag: it is
 * never loaded.  Numeric labels, so any number of copies can coexist.
 */
#define __SMKX_NOTE(name, args)						\
	"990:	nop\n"							\
	"	.pushsection .note.stapsdt,\"\",\"note\"\n"		\
	"	.balign 4\n"						\
	"	.4byte 992f-991f, 994f-993f, 3\n"			\
	"991:	.asciz \"stapsdt\"\n"					\
	"992:	.balign 4\n"						\
	"993:	" __SMKX_ADDR " 990b\n"				\
	__SMKX_BASE							\
	"	" __SMKX_ADDR " 0\n"					\
	"	.asciz \"simple_marker\"\n"				\
	"	.asciz \"" #name "\"\n"					\
	"	.asciz \"" args "\"\n"					\
	"994:	.balign 4\n"						\
	"	.popsection\n"

/*
 * The anchor follows the record: this tree's simple_marker.h says with
 * __SMK_ENABLED; a patched kernel's own simple_marker.h (found first in a
 * module built against it) keeps records with CONFIG_SIMPLE_MARKERS.
 */
#if defined(__SMK_ENABLED)
# define __SMKX_ON	__SMK_ENABLED
#elif defined(CONFIG_SIMPLE_MARKERS)
# define __SMKX_ON	1
#else
# define __SMKX_ON	0
#endif

#if __SMKX_ON
# define __SMKX_ANCHOR(name, ...)					\
	__asm__ __volatile__(						\
		__SMKX_NOTE(name, __SMK_CAT(__SMKX_TMPL_,		\
				__SMK_NARGS(_, ##__VA_ARGS__)))		\
		: : __SMK_CAT(__SMKX_OPS_,				\
			      __SMK_NARGS(_, ##__VA_ARGS__))(__VA_ARGS__))
#else
# define __SMKX_ANCHOR(name, ...)	do { } while (0)
#endif

/**
 * trace_simple_exact() - a marker that stays exactly where it is written
 * @name: the marker's name, a C identifier
 * @fmt: a printf format, one integer, pointer or %s conversion per argument
 * @...: up to 12 argument expressions, evaluated (once) at the marker
 *
 * Emits trace_simple()'s record and checks (spelled out rather than calling
 * trace_simple(), so that a file may define SIMPLE_MARKERS_ALL_EXACT, or
 * "#undef trace_simple" and "#define trace_simple trace_simple_exact", to
 * make all its markers exact) and an SDT note "simple_marker:@name" whose
 * address is a one-byte nop executed exactly once each time control passes
 * the marker, with the arguments' locations at that nop.  Unlike
 * trace_simple(), the arguments are evaluated: they must have no side
 * effects.  Costs a nop and constrains the optimizer around the point.
 */
#define trace_simple_exact(name, fmt, ...)				\
	do {								\
		__SMK_CHECK_NARGS(_, ##__VA_ARGS__);			\
		__SMK_RECORD_F(name, SIMPLE_MARKER_F_EXACT, fmt,	\
			       ##__VA_ARGS__);				\
		(void)sizeof(struct { int name; });			\
		(void)sizeof(__simple_marker_check(fmt, ##__VA_ARGS__)); \
		__SMKX_ANCHOR(name, ##__VA_ARGS__);			\
	} while (0)

/* See simple_marker.h: every trace_simple() of the unit made exact. */
#ifdef SIMPLE_MARKERS_ALL_EXACT
# undef trace_simple
# define trace_simple trace_simple_exact
#endif

#endif /* _LINUX_SIMPLE_MARKER_EXACT_H */
