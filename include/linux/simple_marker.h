/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * simple_marker.h - named static markers that cost nothing until probed
 *
 * trace_simple(name, fmt, args...) leaves a record describing a point in the
 * code: the marker name, the file and line, a printf format and the argument
 * expressions as written.  It adds no instructions to the function:
 *
 *  - the record is a static const object local to the marker's block, in a
 *    section "__simple_marker" that the linker makes non-allocated (see
 *    scripts/simple_marker.lds), so it is never loaded.  Being a C object in
 *    the marker's scope, it gets a DWARF variable there, which ties the record
 *    to its function and to every inlined copy of it;
 *  - the format and the arguments are checked by the compiler through a
 *    printf-like call inside sizeof, which is never evaluated: a mismatch
 *    warns, and a marker naming a variable that no longer exists fails to
 *    build;
 *  - the name must be a C identifier: it is pasted into the record's own
 *    identifier and declared as a struct member.
 *
 * With SIMPLE_MARKERS defined to 0 the records go away and the compile-time
 * checks stay.  Left undefined it is 1, in the kernel too: this copy of the
 * header is the one of an out-of-tree module built against a kernel that
 * has none of its own (Debian's, say), which has no CONFIG_SIMPLE_MARKERS to
 * ask, and a module that includes it wants its markers.  A kernel carrying
 * the simple-marker series has its own include/linux/simple_marker.h, and
 * its CONFIG_SIMPLE_MARKERS rules: Kbuild puts the kernel's include
 * directories ($(LINUXINCLUDE)) before a module's ccflags-y, so
 * <linux/simple_marker.h> is the kernel's, and the shared include guard
 * makes this copy a no-op if it is reached some other way afterwards.
 * Documentation/simple-marker.rst, "Out-of-tree modules".
 *
 * The record layout (version 1) is documented in
 * Documentation/record-format.rst.  All integers are in the target's byte
 * order.  Readers must skip zero bytes between records (compilers and
 * sanitizers may pad), and must ignore records of a version they do not know
 * by skipping "size" bytes.
 */
#ifndef _LINUX_SIMPLE_MARKER_H
#define _LINUX_SIMPLE_MARKER_H

#ifndef SIMPLE_MARKERS
# define SIMPLE_MARKERS 1
#endif
/* What simple_marker_exact.h follows (a kernel's own header has none). */
#if SIMPLE_MARKERS
# define __SMK_ENABLED 1
#else
# define __SMK_ENABLED 0
#endif

/* Record header; strings follow, each NUL-terminated. */
struct simple_marker_header {
	unsigned char magic[4];		/* 'S', 'M', 'K', 'R' */
	unsigned char version;		/* SIMPLE_MARKER_VERSION */
	unsigned char nargs;		/* argument expressions that follow */
	unsigned short size;		/* whole record, a multiple of 4 */
	unsigned int line;		/* __LINE__ of the marker */
	unsigned short strings;		/* bytes of strings, NULs included */
	unsigned short flags;		/* SIMPLE_MARKER_F_* */
};

#define SIMPLE_MARKER_VERSION	1
#define SIMPLE_MARKER_MAX_ARGS	12
/* The marker has an anchor in the code (trace_simple_exact()). */
#define SIMPLE_MARKER_F_EXACT	0x1

/* Strings: name, file, format, then each argument expression. */
#define __SMK_STR1(a)	#a "\0"
#define __SMK_STRS_0()
#define __SMK_STRS_1(a)		__SMK_STR1(a)
#define __SMK_STRS_2(a, ...)	__SMK_STR1(a) __SMK_STRS_1(__VA_ARGS__)
#define __SMK_STRS_3(a, ...)	__SMK_STR1(a) __SMK_STRS_2(__VA_ARGS__)
#define __SMK_STRS_4(a, ...)	__SMK_STR1(a) __SMK_STRS_3(__VA_ARGS__)
#define __SMK_STRS_5(a, ...)	__SMK_STR1(a) __SMK_STRS_4(__VA_ARGS__)
#define __SMK_STRS_6(a, ...)	__SMK_STR1(a) __SMK_STRS_5(__VA_ARGS__)
#define __SMK_STRS_7(a, ...)	__SMK_STR1(a) __SMK_STRS_6(__VA_ARGS__)
#define __SMK_STRS_8(a, ...)	__SMK_STR1(a) __SMK_STRS_7(__VA_ARGS__)
#define __SMK_STRS_9(a, ...)	__SMK_STR1(a) __SMK_STRS_8(__VA_ARGS__)
#define __SMK_STRS_10(a, ...)	__SMK_STR1(a) __SMK_STRS_9(__VA_ARGS__)
#define __SMK_STRS_11(a, ...)	__SMK_STR1(a) __SMK_STRS_10(__VA_ARGS__)
#define __SMK_STRS_12(a, ...)	__SMK_STR1(a) __SMK_STRS_11(__VA_ARGS__)

#define __SMK_NARGS_(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, \
		     _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, \
		     _24, _25, _26, _27, _28, _29, _30, _31, _32, N, ...) N
/*
 * Callers pass a dummy first argument, then ", ##__VA_ARGS__": a macro whose
 * only parameter is "..." keeps that comma in strict ISO modes (-std=c11),
 * which would count an empty list as one argument.  13 means "too many"
 * (13 to 32 arguments): it expands to nothing, so that the only error is
 * __SMK_CHECK_NARGS()'s, which names the limit.
 */
#define __SMK_NARGS(_, ...) \
	__SMK_NARGS_(_, ##__VA_ARGS__, 13, 13, 13, 13, 13, 13, 13, 13, 13, \
		     13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 12, 11, 10, \
		     9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define __SMK_STRS_13(...)
/*
 * A declaration, not a statement: kernel code is built with
 * -Wdeclaration-after-statement, and it comes first in the marker's block.
 */
#define __SMK_CHECK_NARGS(_, ...)						\
	_Static_assert(__SMK_NARGS(_, ##__VA_ARGS__) <=			\
		       SIMPLE_MARKER_MAX_ARGS,				\
		       "a marker takes at most SIMPLE_MARKER_MAX_ARGS (12) " \
		       "arguments")
#define __SMK_CAT_(a, b)	a##b
#define __SMK_CAT(a, b)		__SMK_CAT_(a, b)
#define __SMK_ARGSTRS(_, ...) \
	__SMK_CAT(__SMK_STRS_, __SMK_NARGS(_, ##__VA_ARGS__))(__VA_ARGS__)

#define __SMK_ALIGN4(n)	(((n) + 3) & ~3UL)

/*
 * Never called: it only appears inside sizeof, which the compiler checks
 * (format, arguments, names) but does not evaluate.  A call under if (0)
 * was checked too, but gcc still let the dead call shape the code around
 * it (a comparison flipped in a switch); sizeof leaves nothing behind.
 */
static inline __attribute__((__format__(__printf__, 1, 2)))
int __simple_marker_check(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

#if SIMPLE_MARKERS
#define __SMK_STRINGS(name, fmt, ...) \
	#name "\0" __FILE__ "\0" fmt "\0" __SMK_ARGSTRS(_, ##__VA_ARGS__)

#define __SMK_RECORD(name, fmt, ...) \
	__SMK_RECORD_F(name, 0, fmt, ##__VA_ARGS__)
#define __SMK_RECORD_F(name, flags, fmt, ...)				\
	static const struct {						\
		struct simple_marker_header h;				\
		char s[__SMK_ALIGN4(sizeof(__SMK_STRINGS(name, fmt,	\
						   ##__VA_ARGS__)))];	\
	} __smk_##name __attribute__((__used__, __aligned__(4),	\
				      __section__("__simple_marker"))) = { \
		{ { 'S', 'M', 'K', 'R' }, SIMPLE_MARKER_VERSION,	\
		  __SMK_NARGS(_, ##__VA_ARGS__), sizeof(__smk_##name),	\
		  __LINE__,						\
		  sizeof(__SMK_STRINGS(name, fmt, ##__VA_ARGS__)) - 1,	\
		  (flags) },						\
		__SMK_STRINGS(name, fmt, ##__VA_ARGS__)			\
	}
#else
/* No record, but still at most SIMPLE_MARKER_MAX_ARGS arguments. */
#define __SMK_RECORD(name, fmt, ...) \
	(void)sizeof(__SMK_ARGSTRS(_, ##__VA_ARGS__) "")
#define __SMK_RECORD_F(name, flags, fmt, ...) \
	__SMK_RECORD(name, fmt, ##__VA_ARGS__)
#endif

/**
 * trace_simple() - a named marker that costs nothing until probed
 * @name: the marker's name, a C identifier
 * @fmt: a printf format describing the point, one conversion per argument
 * @...: up to 12 argument expressions (variables, members, ...), as they
 *       should be fetched by a probe at this point
 *
 * Emits a record into the non-allocated "__simple_marker" section and no
 * instructions.  The arguments are never evaluated.
 */
#define trace_simple(name, fmt, ...)					\
	do {								\
		__SMK_CHECK_NARGS(_, ##__VA_ARGS__);			\
		__SMK_RECORD(name, fmt, ##__VA_ARGS__);			\
		(void)sizeof(struct { int name; });			\
		(void)sizeof(__simple_marker_check(fmt, ##__VA_ARGS__)); \
	} while (0)

/*
 * SIMPLE_MARKERS_ALL_EXACT, defined before the include, makes every
 * trace_simple() of the translation unit a trace_simple_exact() (to measure
 * what exact mode costs and gives, or to make a file exact): the end of
 * simple_marker_exact.h redefines trace_simple, whichever of the two
 * headers is included.  After the include, "#define trace_simple
 * trace_simple_exact" alone redefines a macro (a warning, an error with
 * -Werror): "#undef trace_simple" first.
 */
#if defined(SIMPLE_MARKERS_ALL_EXACT) && !defined(_LINUX_SIMPLE_MARKER_EXACT_H)
#include <linux/simple_marker_exact.h>
#endif

#endif /* _LINUX_SIMPLE_MARKER_H */
