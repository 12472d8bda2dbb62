// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of what the source says around a marker (source.c), the
 * checks that let placement.c call a join or an arm exact.  Each case is a
 * small C function written to a file; its first line declares the
 * function, and "trace_simple(m," marks the marker.  Prints TAP;
 * tests/source.t runs it.
 *
 * A wrong "1" here is a silent miscount later (a join claimed exact that
 * another path reaches), so the cases that must say 0 matter as much as
 * those that must say 1.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smk/binary.h"
#include "smk/source.h"

#include "tap.h"

struct sequel_case {
	const char *what;
	const char *text;
	int want;			/* smk_source_marker_sequel() */
	int next_off;			/* next line - marker line, if 1 */
	bool straight;			/* if 1 */
	unsigned int nexits;		/* if 1 */
	unsigned int exit0[2];		/* first exit, lines from the decl */
	bool unoptimized;		/* the reading for unoptimized code */
};

#define EARLY_RETURN_LIKE_AFTER \
	"int f(int a)\n{\n\twhile (a > 9) {\n\t\tif (a == 20)\n" \
	"\t\t\treturn 0;\n\t\ta--;\n\t}\n" \
	"\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n"
#define LAST_STATEMENT \
	"void f(int *p, int a)\n{\n\tif (a > 9) {\n\t\t*p = a;\n\t}\n" \
	"\ttrace_simple(m, \"%d\", a); }\n"
#define WHILE_BODY_END \
	"int f(int n)\n{\n\tint w = 0;\n\n\twhile (n > 0) {\n" \
	"\t\tif (n & 1)\n\t\t\tw++;\n\t\tn--;\n" \
	"\ttrace_simple(m, \"%d\", w); }\n\treturn w;\n}\n"

static const struct sequel_case sequel_cases[] = {
	/* Unoptimized code shares no return's code: an early return like
	 * the statement after, inside a loop, is no obstacle, and none is
	 * told apart; optimized code may share them. */
	{ "unoptimized: an early return in a loop like the statement after",
	  EARLY_RETURN_LIKE_AFTER, 1, 1, false, 0, { 0, 0 }, true },
	{ "optimized: an early return in a loop like the statement after",
	  EARLY_RETURN_LIKE_AFTER, 0, 0, false, 0, { 0, 0 }, false },
	/* The function's last statement: its end is entered through it
	 * in unoptimized code, unless a return before goes there too. */
	{ "unoptimized: the function's last statement",
	  LAST_STATEMENT, 1, 0, false, 0, { 0, 0 }, true },
	{ "optimized: the function's last statement",
	  LAST_STATEMENT, 0, 0, false, 0, { 0, 0 }, false },
	/* The last statement of a while loop's body: the way back after
	 * it, entered from the body (after the head's line) */
	{ "unoptimized: a while body's last statement",
	  WHILE_BODY_END,
	  1, 0, false, 0, { 0, 0 }, true },
	{ "unoptimized: a while body's last statement, a continue before",
	  "int f(int n)\n{\n\tint w = 0;\n\n\twhile (n > 0) {\n"
	  "\t\tif (n-- & 1)\n\t\t\tcontinue;\n\t\tw++;\n"
	  "\ttrace_simple(m, \"%d\", w); }\n\treturn w;\n}\n",
	  0, 0, false, 0, { 0, 0 }, true },
	{ "optimized: a while body's last statement",
	  WHILE_BODY_END,
	  0, 0, false, 0, { 0, 0 }, false },
	{ "unoptimized: the function's last statement after a return",
	  "void f(int *p, int a)\n{\n\tif (a > 9)\n\t\treturn;\n"
	  "\t*p = a;\n\ttrace_simple(m, \"%d\", a);\n}\n",
	  0, 0, false, 0, { 0, 0 }, true },
	{ "after a loop with a break",
	  "int f(int n)\n{\n\tint v = 0;\n\n"
	  "\twhile (n--) {\n\t\tif (n == 3)\n\t\t\tbreak;\n\t\tv++;\n\t}\n"
	  "\ttrace_simple(m, \"%d\", v);\n\treturn v;\n}\n",
	  1, 1, false, 0, { 0, 0 }, false },
	{ "straight from the start",
	  "int f(int *p)\n{\n\tint x = *p;\n\n"
	  "\ttrace_simple(m, \"%d\", x);\n\treturn x + 1;\n}\n",
	  1, 1, true, 0, { 0, 0 }, false },
	{ "a ternary before: not straight",
	  "int f(int *p)\n{\n\tint x = p ? *p : 0;\n\n"
	  "\ttrace_simple(m, \"%d\", x);\n\treturn x + 1;\n}\n",
	  1, 1, false, 0, { 0, 0 }, false },
	{ "early return in a loop before",
	  "long f(const int *s, long n)\n{\n"
	  "\tfor (long i = 0; i < n; i++) {\n\t\tif (s[i] == 0)\n"
	  "\t\t\treturn i;\n\t}\n"
	  "\ttrace_simple(m, \"%ld\", n);\n\treturn -1;\n}\n",
	  1, 1, false, 1, { 4, 5 }, false },
	{ "an unconditional return, then a label",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto out;\n\treturn 0;\n"
	  "out:\n\ttrace_simple(m, \"%d\", a);\n\ta = -a;\n\treturn a;\n}\n",
	  1, 1, false, 1, { 5, 5 }, false },
	{ "gotos to the marker's own label",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto out;\n\ta++;\n"
	  "out:\n\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
	  1, 1, false, 0, { 0, 0 }, false },
	{ "a goto past the statement after",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto fail;\n"
	  "\ttrace_simple(m, \"%d\", a);\n\ta++;\nfail:\n\treturn a;\n}\n",
	  1, 1, false, 0, { 0, 0 }, false },
	{ "nested plain if blocks",
	  "int f(int a, int b)\n{\n\tif (a) {\n\t\tif (b) {\n"
	  "\t\t\ttrace_simple(m, \"%d\", a);\n\t\t\ta++;\n\t\t}\n\t}\n"
	  "\treturn a;\n}\n",
	  1, 1, false, 0, { 0, 0 }, false },
	{ "another marker stands between",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\ttrace_simple(other, \"%d\", a);\n\treturn a;\n}\n",
	  1, 2, true, 0, { 0, 0 }, false },

	{ "in a loop body",
	  "int f(int n)\n{\n\tint v = 0;\n\n\tfor (int i = 0; i < n; i++) {\n"
	  "\t\ttrace_simple(m, \"%d\", i);\n\t\tv += i;\n\t}\n\treturn v;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a braceless arm",
	  "int f(int a)\n{\n\tif (a)\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\ta++;\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "last in its block",
	  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "an else block",
	  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n\t} else {\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta--;\n\t}\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a switch arm",
	  "int f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta++;\n\t\tbreak;\n\t}\n"
	  "\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a do-while body",
	  "int f(int a)\n{\n\tdo {\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\ta--;\n\t} while (a > 0);\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a label on the statement after",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto again;\n"
	  "\ttrace_simple(m, \"%d\", a);\nagain:\n\ta++;\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a goto into the statement after",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto in;\n"
	  "\ttrace_simple(m, \"%d\", a);\n\t{\n\t\ta++;\nin:\n\t\ta--;\n\t}\n"
	  "\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a goto to an unknown label",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto nowhere;\n"
	  "\ttrace_simple(m, \"%d\", a);\n\ta++;\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "an early return that reads like the statement after",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\treturn -1;\n"
	  "\ttrace_simple(m, \"%d\", a);\n\treturn -1;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "a return in an else arm before",
	  "int f(int a)\n{\n\tif (a < 0)\n\t\ta = 0;\n\telse\n\t\treturn a;\n"
	  "\ttrace_simple(m, \"%d\", a);\n\ta++;\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "inline asm before",
	  "int f(int a)\n{\n\tasm volatile(\"\" : \"+r\"(a));\n"
	  "\ttrace_simple(m, \"%d\", a);\n\ta++;\n\treturn a;\n}\n",
	  0, 0, false, 0, { 0, 0 }, false },
	{ "marker in another function than declared",
	  "int g(void);\nint f(int a)\n{\n\treturn a;\n}\n"
	  "int h(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
	  -1, 0, false, 0, { 0, 0 }, false },
};

struct choice_case {
	const char *what;
	const char *text;
	int in_choice;		/* smk_source_marker_in_choice() */
	int labels;		/* smk_source_case_labels() */
	int loops;		/* smk_source_function_loops() */
	enum smk_source_context context;
};

static const struct choice_case choice_cases[] = {
	{ "plain sequence",
	  "int f(int a)\n{\n\ta++;\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a;\n}\n",
	  0, 0, 0, SMK_SOURCE_SEQUENCE },
	{ "alone in a braced arm",
	  "int f(int a)\n{\n\tif (a) {\n\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
	  "\treturn a;\n}\n",
	  1, 0, 0, SMK_SOURCE_ALONE_IN_ARM },
	{ "two case labels, in a loop",
	  "int f(int a)\n{\n\twhile (a) {\n\t\tswitch (a) {\n\t\tcase 1:\n"
	  "\t\tcase 2:\n\t\t\ttrace_simple(m, \"%d\", a);\n\t\t\ta--;\n"
	  "\t\t\tbreak;\n\t\t}\n\t}\n\treturn a;\n}\n",
	  1, 2, 1, SMK_SOURCE_SEQUENCE },
	{ "a default label",
	  "int f(int a)\n{\n\tswitch (a) {\n\tdefault:\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta--;\n\t}\n\treturn a;\n}\n",
	  1, -1, 0, SMK_SOURCE_SEQUENCE },
	{ "a case label, the arm's block opened after it",
	  "int f(int a)\n{\n\tswitch (a) {\n\tcase 4: {\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta--;\n\t\tbreak;\n"
	  "\t}\n\t}\n\treturn a;\n}\n",
	  1, 1, 0, SMK_SOURCE_SEQUENCE },
	{ "a goto label, a block opened after it",
	  "int f(int a)\n{\n\tif (a)\n\t\tgoto out;\n\ta++;\n"
	  "out: {\n\t\ttrace_simple(m, \"%d\", a);\n\t\ta--;\n\t}\n"
	  "\treturn a;\n}\n",
	  0, 0, 1, SMK_SOURCE_SEQUENCE },
	{ "a loop body, no choice",
	  "int f(int a)\n{\n\tfor (; a; a--) {\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\ta++;\n\t}\n\treturn a;\n}\n",
	  0, 0, 1, SMK_SOURCE_SEQUENCE },
};

struct switch_case {
	const char *what;
	const char *text;
	int want;		/* smk_source_switch_arm() */
	const char *expr;
	int switch_off;		/* switch line - marker line */
	size_t nvals;
	int64_t vals[4];	/* nearest the marker first */
};

static const struct switch_case switch_cases[] = {
	{ "two labels, after a break",
	  "int f(int s)\n{\n\tswitch (s) {\n\tcase 1:\n\t\ts++;\n"
	  "\t\tbreak;\n\tcase 0x10:\n\tcase -3:\n"
	  "\t\ttrace_simple(m, \"%d\", s);\n\t\tbreak;\n\t}\n"
	  "\treturn s;\n}\n",
	  1, "s", -6, 2, { -3, 16 } },
	{ "the first arm",
	  "int f(int s)\n{\n\tswitch (s) {\n\tcase 7:\n"
	  "\t\ttrace_simple(m, \"%d\", s);\n\t\treturn 1;\n\t}\n"
	  "\treturn s;\n}\n",
	  1, "s", -2, 1, { 7 } },
	{ "an arm falls through into it",
	  "int f(int s)\n{\n\tswitch (s) {\n\tcase 1:\n\t\ts++;\n"
	  "\tcase 2:\n\t\ttrace_simple(m, \"%d\", s);\n"
	  "\t\tbreak;\n\t}\n\treturn s;\n}\n",
	  0, NULL, 0, 0, { 0 } },
	{ "a default label",
	  "int f(int s)\n{\n\tswitch (s) {\n\tcase 1:\n\tdefault:\n"
	  "\t\ttrace_simple(m, \"%d\", s);\n\t\tbreak;\n\t}\n"
	  "\treturn s;\n}\n",
	  0, NULL, 0, 0, { 0 } },
	{ "a switch on an expression",
	  "int f(int *p)\n{\n\tswitch (*p) {\n\tcase 1:\n"
	  "\t\ttrace_simple(m, \"%d\", *p);\n\t\tbreak;\n\t}\n"
	  "\treturn 0;\n}\n",
	  0, NULL, 0, 0, { 0 } },
	{ "an enum label",
	  "int f(int s)\n{\n\tswitch (s) {\n\tcase ONE:\n"
	  "\t\ttrace_simple(m, \"%d\", s);\n\t\tbreak;\n\t}\n"
	  "\treturn s;\n}\n",
	  0, NULL, 0, 0, { 0 } },
	{ "not in a switch",
	  "int f(int s)\n{\n\tif (s) {\n"
	  "\t\ttrace_simple(m, \"%d\", s);\n\t\ts++;\n\t}\n"
	  "\treturn s;\n}\n",
	  0, NULL, 0, 0, { 0 } },
};

struct if_case {
	const char *what;
	const char *text;
	int want;		/* smk_source_if_return() */
	int first_off, last_off;	/* COND's lines - marker line */
};

static const struct if_case if_cases[] = {
	{ "a return arm in a loop",
	  "long f(const int *s, long n, int k)\n{\n"
	  "\tfor (long i = 0; i < n; i++) {\n\t\tif (s[i] == k) {\n"
	  "\t\t\ttrace_simple(m, \"%ld\", i);\n\t\t\treturn i;\n"
	  "\t\t}\n\t}\n\treturn -1;\n}\n",
	  1, -1, -1 },
	{ "a condition over two lines, two markers",
	  "int f(int a,\n\tint b)\n{\n\tif (a >\n\t    b) {\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\ttrace_simple(other, \"%d\", b);\n\t\treturn b;\n\t}\n"
	  "\treturn a;\n}\n",
	  1, -2, -1 },
	{ "an else after the arm",
	  "int f(int a)\n{\n\tif (a) {\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\treturn 1;\n\t} else {\n\t\ta++;\n\t}\n\treturn a;\n}\n",
	  0, 0, 0 },
	{ "a condition with &&",
	  "int f(int a, int b)\n{\n\tif (a && b) {\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\treturn 1;\n\t}\n"
	  "\treturn 0;\n}\n",
	  0, 0, 0 },
	{ "a statement before the return",
	  "int f(int a)\n{\n\tif (a) {\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\ta++;\n\t\treturn a;\n\t}\n\treturn 0;\n}\n",
	  0, 0, 0 },
	{ "the marker after a statement",
	  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\treturn a;\n\t}\n"
	  "\treturn 0;\n}\n",
	  0, 0, 0 },
	{ "an else if",
	  "int f(int a)\n{\n\tif (a > 1) {\n\t\ta--;\n\t} else if (a) {\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\treturn a;\n\t}\n"
	  "\treturn 0;\n}\n",
	  0, 0, 0 },
};

/*
 * smk_source_falls_to(): is the next line with code (@next_off after the
 * marker) on every path through it?  A wrong 1 puts a probe on the other
 * branch (examples/shop order_short, probed on the successful orders).
 */
struct falls_case {
	const char *what;
	const char *text;
	int next_off;		/* the line asked about - marker line */
	int want;
};

static const struct falls_case falls_cases[] = {
	/* A statement before @next has no code (the compiler left none):
	 * passed over when control leaves it only at its end. */
	{ "past a loop the compiler computed away (csmith, clang -O2)",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tfor (g = 1; (g <= 4); g += 1) {\n\t\tfor (i = 0; i < 2; i++)\n"
	  "\t\t\tif (i) break;\n\t}\n\treturn h(a);\n}\n",
	  5, 1 },
	{ "past a loop with a return in it",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tfor (g = 1; (g <= 4); g += 1) {\n\t\tif (a) return 1;\n"
	  "\t}\n\treturn h(a);\n}\n",
	  4, 0 },
	{ "past an if/else whose arms fall through",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tif (a) {\n\t\tg = 1;\n\t} else {\n\t\tg = 2;\n\t}\n"
	  "\treturn h(a);\n}\n",
	  6, 1 },
	{ "past an if arm with a break (of a loop around)",
	  "int f(int a)\n{\n\twhile (a) {\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\tif (a > 3) {\n\t\t\tbreak;\n\t\t}\n\t\ta = h(a);\n\t}\n"
	  "\treturn 0;\n}\n",
	  4, 0 },
	{ "past a switch with a continue (of a loop around)",
	  "int f(int a)\n{\n\twhile (a) {\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\t\tswitch (a) {\n\t\tcase 1: continue;\n\t\tdefault: break;\n"
	  "\t\t}\n\t\ta = h(a);\n\t}\n\treturn 0;\n}\n",
	  5, 0 },
	{ "past a switch with breaks and a ?:",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tswitch (a) {\n\tcase 1: g = a ? 1 : 2; break;\n"
	  "\tdefault: break;\n\t}\n\treturn h(a);\n}\n",
	  5, 1 },
	{ "past a loop with a label in it",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\twhile (a) {\n\tagain:\n\t\ta = h(a);\n\t}\n\treturn h(a);\n}\n",
	  5, 0 },
	{ "past a static table's initializer (zlib's inflate_table())",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tstatic const short lbase[4] = { /* base */\n"
	  "\t\t3, 4, 5, 6};\n\treturn lbase[a & 3];\n}\n",
	  3, 1 },
	{ "past an initializer holding a ?:",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tint t[2] = { a ? 1 : 2, 0 };\n"
	  "\treturn t[0];\n}\n",
	  2, 0 },
	{ "past an initializer holding a statement expression",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tint t[2] = { ({ int q = a; q; }), 0 };\n"
	  "\treturn t[0];\n}\n",
	  2, -1 },
	{ "an arm ending in a return (shop's order_short)",
	  "int f(int a, int b)\n{\n\tif (a < b) {\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t\treturn -1;\n\t}\n"
	  "\ta -= b;\n\treturn a;\n}\n",
	  3, 0 },
	{ "the statement right after",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a + 1;\n}\n",
	  1, 1 },
	{ "out of an if arm without else",
	  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n\treturn a;\n}\n",
	  2, 1 },
	{ "out of an if arm with an else",
	  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n"
	  "\t\ttrace_simple(m, \"%d\", a);\n\t} else {\n"
	  "\t\ta--;\n\t}\n\treturn a;\n}\n",
	  2, 0 },
	{ "after the else arm",
	  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n\t} else {\n"
	  "\t\ta--;\n\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
	  "\treturn a;\n}\n",
	  2, 1 },
	{ "the end of a loop's body",
	  "int f(int n)\n{\n\tint s = 0;\n\n"
	  "\tfor (int i = 0; i < n; i++) {\n\t\ts += i;\n"
	  "\t\ttrace_simple(m, \"%d\", s);\n\t}\n\treturn s;\n}\n",
	  2, 0 },
	{ "the end of a do's body: its condition runs next",
	  "int f(int n)\n{\n\tint k = 0;\n\n\tdo {\n\t\tn >>= 1;\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t} while (++k < 8);\n"
	  "\treturn n;\n}\n",
	  1, 1 },
	{ "past a do's condition",
	  "int f(int n)\n{\n\tint k = 0;\n\n\tdo {\n\t\tn >>= 1;\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t} while (++k < 8);\n"
	  "\treturn n;\n}\n",
	  2, 0 },
	{ "a break before the next line",
	  "int f(int n)\n{\n\twhile (n) {\n\t\tif (n == 3) {\n"
	  "\t\t\ttrace_simple(m, \"%d\", n);\n\t\t\tbreak;\n"
	  "\t\t}\n\t\tn--;\n\t}\n\treturn n;\n}\n",
	  3, 0 },
	{ "the function's closing brace",
	  "void g(int);\nint f(int a)\n{\n\tg(a);\n"
	  "\ttrace_simple(m, \"%d\", a);\n}\n",
	  1, 1 },
	{ "a label on the next line",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tif (a)\n\t\tgoto out;\nout:\n\treturn a;\n}\n",
	  4, 0 },
	{ "into a block opened after the marker",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tif (a) {\n\t\ta++;\n\t}\n\treturn a;\n}\n",
	  2, 0 },
	{ "a line before the marker",
	  "int f(int a)\n{\n\ta++;\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a;\n}\n",
	  -1, -1 },
};

/* smk_source_loop_depth(): the loops around the marker (or, with
 * call_off set, around the statement on line marker + call_off). */
struct loops_case {
	const char *what;
	const char *text;
	int want;
	int call_off;			/* 0: the marker itself */
};

static const struct loops_case loops_cases[] = {
	/* From the marker every path returns before the loop's body
	 * ends: on no cycle of that loop (leaves_body()). */
	{ "an arm that returns, in a loop",
	  "int f(int n)\n{\n\tint i;\n\tfor (i = 0; i < n; i++) {\n"
	  "\t\tif (g(i)) {\n\t\t\ttrace_simple(m, \"%d\", i);\n"
	  "\t\t\tfor (n = 0; n < 3; n++)\n\t\t\t\tif (h(n)) break;\n"
	  "\t\t\treturn 1;\n\t\t} else {\n\t\t\th(i);\n\t\t}\n\t}\n"
	  "\treturn 0;\n}\n", 0, 0 },
	{ "an inner loop in an arm that returns, in a loop",
	  "int f(int n)\n{\n\tint i, j;\n\tfor (i = 0; i < n; i++) {\n"
	  "\t\tif (g(i)) {\n\t\t\tfor (j = 0; j < 3; j++) {\n"
	  "\t\t\t\ttrace_simple(m, \"%d\", j);\n"
	  "\t\t\t\tif (h(j)) continue;\n\t\t\t}\n"
	  "\t\t\treturn 1;\n\t\t}\n\t}\n\treturn 0;\n}\n", 1, 0 },
	{ "an arm that may fall through, in a loop",
	  "int f(int n)\n{\n\tint i;\n\tfor (i = 0; i < n; i++) {\n"
	  "\t\tif (g(i)) {\n\t\t\ttrace_simple(m, \"%d\", i);\n"
	  "\t\t\tif (h(i)) return 1;\n\t\t}\n\t}\n\treturn 0;\n}\n",
	  1, 0 },
	/* A for of one pass is no loop around its body (one_pass()). */
	{ "a for of one pass (csmith)",
	  "int f(int n)\n{\n\tint i, j;\n\tfor (i = 0; i < 1; i++) {\n"
	  "\t\ttrace_simple(m, \"%d\", n); for (j = 0; j < 2; j++) {\n"
	  "\t\t\tg(j);\n\t\t}\n\t}\n\treturn 0;\n}\n", 0, 0 },
	{ "a for of one pass whose counter the body writes",
	  "int f(int n)\n{\n\tint i;\n\tfor (i = 0; i < 1; i++) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t\tif (g(n)) i = -1;\n\t}\n"
	  "\treturn 0;\n}\n", 1, 0 },
	{ "a for of two passes",
	  "int f(int n)\n{\n\tint i;\n\tfor (i = 0; (i <= 1); i += 1) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t}\n\treturn 0;\n}\n", 1, 0 },
	{ "an arm that returns, a continue of the loop before it",
	  "int f(int n)\n{\n\tint i;\n\tfor (i = 0; i < n; i++) {\n"
	  "\t\tif (h(i)) continue;\n"
	  "\t\tif (g(i)) {\n\t\t\ttrace_simple(m, \"%d\", i);\n"
	  "\t\t\treturn 1;\n\t\t}\n\t}\n\treturn 0;\n}\n", 1, 0 },
	{ "an old-style (K&R) definition",
	  "int f(n, p)\n\tint n;\n\tchar *p;\n{\n\twhile (n--) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t\tp++;\n\t}\n"
	  "\treturn 0;\n}\n", 1, 0 },
	{ "K&R, a function pointer and an array declared",
	  "static int f(n, cmp, v)\n\tint n;\n\tint (*cmp)();\n"
	  "\tchar v[4];\n{\n\tfor (;;) {\n\t\tdo {\n"
	  "\t\t\ttrace_simple(m, \"%d\", n);\n\t\t} while (cmp(v));\n"
	  "\t\tif (n) break;\n\t}\n\treturn 0;\n}\n", 2, 0 },
	{ "K&R after a prototype and a table",
	  "int g(int);\nstatic const int t[] = { 1, 2 };\nint f(n)\n"
	  "\tint n;\n{\n\ttrace_simple(m, \"%d\", n);\n"
	  "\treturn t[n];\n}\n", 0, 0 },
	{ "straight code",
	  "int f(int a)\n{\n\ta++;\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a;\n}\n", 0, 0 },
	{ "a for body",
	  "int f(int n)\n{\n\tint v = 0;\n\n\tfor (int i = 0; i < n; i++) {\n"
	  "\t\ttrace_simple(m, \"%d\", i);\n\t\tv += i;\n\t}\n\treturn v;\n}\n",
	  1, 0 },
	{ "before the for it shares a line with",
	  "int f(int n)\n{\n\tint v = 0, i;\n\n"
	  "\ttrace_simple(m, \"%d\", n); for (i = 0; i < n; i++)\n"
	  "\t\tv += i;\n\treturn v;\n}\n", 0, 0 },
	{ "nested loops, an if between",
	  "int f(int n)\n{\n\tint v = 0;\n\n\twhile (n--) {\n"
	  "\t\tfor (int i = 0; i < n; i++)\n\t\t\tif (i & 1) {\n"
	  "\t\t\t\ttrace_simple(m, \"%d\", i);\n\t\t\t\tv += i;\n"
	  "\t\t\t}\n\t}\n\treturn v;\n}\n", 2, 0 },
	{ "a braceless loop body",
	  "int f(int n)\n{\n\twhile (n--)\n\t\ttrace_simple(m, \"%d\", n);\n"
	  "\treturn n;\n}\n", 1, 0 },
	{ "after a loop",
	  "int f(int n)\n{\n\tint v = 0;\n\n\tfor (int i = 0; i < n; i++) {\n"
	  "\t\tv += i;\n\t}\n\ttrace_simple(m, \"%d\", v);\n\treturn v;\n}\n",
	  0, 0 },
	{ "a do body",
	  "int f(int n)\n{\n\tdo {\n\t\tn >>= 1;\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t} while (n);\n\treturn n;\n}\n",
	  1, 0 },
	{ "a loop whose body ends in a return makes no second pass",
	  "int f(int n)\n{\n\tint i;\n\n\tfor (i = 0; i < n; i++) {\n"
	  "\t\ttrace_simple(m, \"%d\", i);\n\t\tif (n > 3)\n"
	  "\t\t\tn--;\n\t\treturn n;\n\t}\n\treturn 0;\n}\n", 0, 0 },
	{ "nor one whose body ends in its own break, around a loop",
	  "int f(int n)\n{\n\twhile (n) {\n\t\tfor (int i = 0; i < n; "
	  "i++) {\n\t\t\ttrace_simple(m, \"%d\", i);\n\t\t}\n"
	  "\t\tbreak;\n\t}\n\treturn n;\n}\n", 1, 0 },
	{ "nor one whose every arm returns or breaks, an exit() after",
	  "int f(int n)\n{\n\tfor (;;) {\n\t\twhile (n--) {\n"
	  "\t\t\tfor (int i = 0; i < n; i++) {\n"
	  "\t\t\t\ttrace_simple(m, \"%d\", i);\n\t\t\t\tif (i)\n"
	  "\t\t\t\t\treturn i;\n\t\t\t\telse {\n"
	  "\t\t\t\t\tn++;\n\t\t\t\t\tbreak;\n\t\t\t\t}\n"
	  "\t\t\t}\n\t\t\texit(1);\n\t\t}\n\t}\n}\n", 1, 0 },
	{ "nor one that ends in a for entered for sure, which returns",
	  "int f(int n)\n{\n\tint l;\n\n\twhile (n--) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n"
	  "\t\tfor (l = 3; (l >= 0); l -= 1) {\n\t\t\treturn n;\n"
	  "\t\t}\n\t}\n\treturn 0;\n}\n", 0, 0 },
	{ "a for whose first test fails: the loop around passes again",
	  "int f(int n)\n{\n\tint l;\n\n\twhile (n--) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n"
	  "\t\tfor (l = 0; l > 3; l++) {\n\t\t\treturn n;\n"
	  "\t\t}\n\t}\n\treturn 0;\n}\n", 1, 0 },
	{ "a continue in the body: passes again",
	  "int f(int n)\n{\n\tfor (; n; n--) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t\tif (n & 1)\n"
	  "\t\t\tcontinue;\n\t\treturn n;\n\t}\n\treturn 0;\n}\n",
	  1, 0 },
	{ "a return in an else arm: the then arm passes again",
	  "int f(int n)\n{\n\tfor (; n; n--) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t\tif (n & 1)\n"
	  "\t\t\tn++;\n\t\telse\n\t\t\treturn n;\n\t}\n"
	  "\treturn 0;\n}\n", 1, 0 },
	{ "a break of a switch at the body's end",
	  "int f(int n)\n{\n\twhile (n--) {\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t\tswitch (n) {\n"
	  "\t\tcase 1:\n\t\t\tbreak;\n\t\t}\n\t}\n\treturn n;\n}\n",
	  1, 0 },
	{ "a goto in the body may jump back: the loop and the goto's",
	  "int f(int n)\n{\n\tfor (; n; n--) {\nagain:\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t\tif (n-- > 5)\n"
	  "\t\t\tgoto again;\n\t\treturn n;\n\t}\n\treturn 0;\n}\n",
	  2, 0 },
	{ "do ... while (0) is no loop",
	  "int f(int n)\n{\n\tdo {\n\t\tn >>= 1;\n"
	  "\t\ttrace_simple(m, \"%d\", n);\n\t} while (0);\n\treturn n;\n}\n",
	  0, 0 },
	{ "an else arm in a loop",
	  "int f(int n)\n{\n\tint v = 0;\n\n\twhile (n--)\n\t\tif (n & 1)\n"
	  "\t\t\tv++;\n\t\telse\n\t\t\ttrace_simple(m, \"%d\", n);\n"
	  "\treturn v;\n}\n", 1, 0 },
	{ "an else-if chain in a loop",
	  "int f(int n)\n{\n\tint v = 0;\n\n\tfor (; n; n--) {\n"
	  "\t\tif (n == 1)\n\t\t\tv++;\n\t\telse if (n == 2) {\n"
	  "\t\t\ttrace_simple(m, \"%d\", n);\n\t\t}\n\t}\n\treturn v;\n}\n",
	  1, 0 },
	{ "a switch case in a loop",
	  "int f(int n)\n{\n\tint v = 0;\n\n\twhile (n--) {\n"
	  "\t\tswitch (n) {\n\t\tcase 1:\n\t\t\ttrace_simple(m, \"%d\", n);\n"
	  "\t\t\tbreak;\n\t\t}\n\t}\n\treturn v;\n}\n", 1, 0 },
	{ "an iterator macro (the kernel's list_for_each_entry)",
	  "int f(struct list_head *h)\n{\n\tstruct item *pos;\n\n"
	  "\tlist_for_each_entry(pos, h, node) {\n"
	  "\t\ttrace_simple(m, \"%d\", pos->v);\n\t}\n\treturn 0;\n}\n",
	  1, 0 },
	{ "a plain block in a loop",
	  "int f(int n)\n{\n\twhile (n--) {\n\t\t{\n"
	  "\t\t\ttrace_simple(m, \"%d\", n);\n\t\t}\n\t}\n\treturn n;\n}\n",
	  1, 0 },
	{ "a goto back makes a loop over its span",
	  "int f(int n)\n{\nagain:\n\tn--;\n\ttrace_simple(m, \"%d\", n);\n"
	  "\tif (n)\n\t\tgoto again;\n\treturn n;\n}\n", 1, 0 },
	{ "a goto forward makes none",
	  "int f(int n)\n{\n\twhile (n--) {\n\t\tif (n == 3)\n"
	  "\t\t\tgoto out;\n\t\ttrace_simple(m, \"%d\", n);\n\t}\n"
	  "out:\n\treturn n;\n}\n", 1, 0 },
	{ "a goto back before the marker makes none around it",
	  "int f(int n)\n{\nagain:\n\tn--;\n\tif (n)\n\t\tgoto again;\n"
	  "\ttrace_simple(m, \"%d\", n);\n\treturn n;\n}\n", 0, 0 },
	{ "a computed goto: unknown",
	  "int f(int n)\n{\n\tvoid *p = &&l;\nl:\n\ttrace_simple(m, \"%d\", n);\n"
	  "\tif (n--)\n\t\tgoto *p;\n\treturn n;\n}\n", -1, 0 },
	{ "a goto to no label: unknown",
	  "int f(int n)\n{\n\ttrace_simple(m, \"%d\", n);\n"
	  "\tif (n--)\n\t\tgoto nowhere;\n\treturn n;\n}\n", -1, 0 },
	{ "overlapping spans of gotos back chain",
	  "int f(int n)\n{\na:\n\tn--;\nb:\n\tn++;\n\tif (n > 5)\n\t\tgoto a;\n"
	  "\ttrace_simple(m, \"%d\", n);\n\tif (n < 9)\n\t\tgoto b;\n"
	  "\treturn n;\n}\n", 2, 0 },
	{ "a call on its own line in a loop",
	  "int f(int n)\n{\n\ttrace_simple(m, \"%d\", n);\n"
	  "\tfor (int i = 0; i < n; i++) {\n\t\tg(i);\n\t}\n\treturn n;\n}\n",
	  1, 2 },
	{ "a call on a loop's head line: unknown",
	  "int f(int n)\n{\n\ttrace_simple(m, \"%d\", n);\n"
	  "\tfor (int i = 0; i < g(n); i++) {\n\t\tn++;\n\t}\n\treturn n;\n}\n",
	  -1, 1 },
	{ "a call continuing a statement: unknown",
	  "int f(int n)\n{\n\ttrace_simple(m, \"%d\", n);\n"
	  "\tn = n +\n\t\tg(n);\n\treturn n;\n}\n", -1, 2 },
};

/* smk_source_prev_statement() and smk_source_conditional_after(). */
struct seq_case {
	const char *what;
	const char *text;
	int prev;		/* a plain statement before */
	int cond;		/* an if, switch or loop after */
};

static const struct seq_case seq_cases[] = {
	{ "a call before, an if after",
	  "int f(int a)\n{\n\tg(a);\n\ttrace_simple(m, \"%d\", a); if (a) g(1);\n"
	  "\treturn a;\n}\n", 1, 1 },
	{ "first in its block, a loop after",
	  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
	  "\tfor (; a; a--)\n\t\tg(a);\n\treturn a;\n}\n", 0, 1 },
	{ "a braceless if's body before",
	  "int f(int a)\n{\n\tif (a)\n\t\tg(a);\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a;\n}\n", 0, 0 },
	{ "a ?: before",
	  "int f(int a)\n{\n\ta = a ? g(a) : 0;\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a;\n}\n", 0, 0 },
	{ "a label before",
	  "int f(int a)\n{\nout:\n\ttrace_simple(m, \"%d\", a);\n"
	  "\treturn a;\n}\n", 0, 0 },
	{ "a call after a loop's block",
	  "int f(int a)\n{\n\tfor (; a; a--) {\n\t\tg(a);\n\t}\n\tg(a);\n"
	  "\ttrace_simple(m, \"%d\", a); for (;;) g(1);\n\treturn a;\n}\n", 1, 1 },
	{ "a declaration with an initializer's braces",
	  "int f(int a)\n{\n\tint v[2] = {\n\t\t1, 2 };\n"
	  "\ttrace_simple(m, \"%d\", a);\n\treturn v[a];\n}\n", 0, 0 },
	{ "a struct's declarator after its braces",
	  "int f(int a)\n{\n\tstruct { int x; }\n\t\tv;\n"
	  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n", 0, 0 },
	{ "itself a braceless arm",
	  "int f(int a)\n{\n\tg(a);\n\tif (a)\n\t\ttrace_simple(m, \"%d\", a);\n"
	  "\tif (a) g(1);\n\treturn a;\n}\n", 0, 0 },
};

static char dir[] = "/tmp/smk-source.XXXXXX";

/* @text into a new file; its path in @path. */
static bool write_case(const char *text, int n, char *path, size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/case%d.c", dir, n);
	f = fopen(path, "w");
	if (!f)
		return false;
	fputs(text, f);
	return fclose(f) == 0;
}

/* The line of "trace_simple(m," and of the function the marker is in. */
static unsigned int marker_line(const char *text, unsigned int *decl)
{
	const char *at = strstr(text, "trace_simple(m,"), *p;
	unsigned int line = 1, last_decl = 1;

	if (!at)
		return 0;
	for (p = text; p < at; p++) {
		if (*p != '\n')
			continue;
		line++;
		/* a line starting with "int " declares a function */
		if (!strncmp(p + 1, "int ", 4) || !strncmp(p + 1, "long ", 5))
			last_decl = line;
	}
	*decl = last_decl;
	return line;
}

/*
 * Case @text in a new file (its path in @path), the marker's line and in
 * *@decl its function's; 0 after a failing test line when it cannot be
 * written or has no marker.
 */
static unsigned int new_case(const char *kind, const char *what,
			     const char *text, char *path, size_t size,
			     unsigned int *decl)
{
	static int n;
	unsigned int line = marker_line(text, decl);

	if (!write_case(text, n++, path, size) || !line) {
		ok(0, "%s: %s: write the case", kind, what);
		return 0;
	}
	return line;
}

int main(void)
{
	struct smk_binary b;
	char path[256];
	size_t i;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	memset(&b, 0, sizeof(b));
	for (i = 0; i < sizeof(sequel_cases) / sizeof(*sequel_cases); i++) {
		const struct sequel_case *c = &sequel_cases[i];
		unsigned int exits[16][2], next = 0, decl = 0, line, head = 0;
		size_t nexits = 0;
		bool straight = false;
		int r;

		line = new_case("sequel", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		/* the last case names the first function on purpose */
		if (c->want < 0)
			decl = 2;
		r = smk_source_marker_sequel(&b, path, line, "m", decl, &next,
					     exits, 16, &nexits, &straight,
					     c->unoptimized, &head);
		ok(r == c->want, "sequel: %s: %d (want %d)", c->what, r,
		   c->want);
		if (c->want != 1 || r != 1)
			continue;
		ok(next == line + (unsigned int)c->next_off,
		   "sequel: %s: next statement on line %u (want %u)", c->what,
		   next, line + c->next_off);
		ok(straight == c->straight, "sequel: %s: straight %d (want %d)",
		   c->what, straight, c->straight);
		ok(nexits == c->nexits, "sequel: %s: %zu returns before "
		   "(want %u)", c->what, nexits, c->nexits);
		if (strstr(c->what, "while body"))
			ok(head == decl + 4, "sequel: %s: the loop's head on "
			   "line %u (want %u)", c->what, head, decl + 4);
		if (c->nexits && nexits)
			ok(exits[0][0] == decl + c->exit0[0] - 1 &&
			   exits[0][1] == decl + c->exit0[1] - 1,
			   "sequel: %s: the return is decided on lines %u-%u "
			   "(want %u-%u)", c->what, exits[0][0], exits[0][1],
			   decl + c->exit0[0] - 1, decl + c->exit0[1] - 1);
	}
	for (i = 0; i < sizeof(choice_cases) / sizeof(*choice_cases); i++) {
		const struct choice_case *c = &choice_cases[i];
		unsigned int decl = 0, line;

		line = new_case("choice", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		ok(smk_source_marker_in_choice(&b, path, line, "m") ==
		   c->in_choice, "in_choice: %s", c->what);
		ok(smk_source_case_labels(&b, path, line, "m") == c->labels,
		   "case_labels: %s", c->what);
		ok(smk_source_function_loops(&b, path, decl) == c->loops,
		   "function_loops: %s", c->what);
		ok(smk_source_marker_context(&b, path, line, "m") ==
		   c->context, "context: %s", c->what);
	}
	for (i = 0; i < sizeof(switch_cases) / sizeof(*switch_cases); i++) {
		const struct switch_case *c = &switch_cases[i];
		unsigned int decl = 0, line, sline = 0;
		char expr[16] = "";
		int64_t vals[4] = { 0 };
		size_t nvals = 0;
		int r;

		line = new_case("switch", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		r = smk_source_switch_arm(&b, path, line, "m", &sline, expr,
					  sizeof(expr), vals, 4, &nvals);
		ok(r == c->want, "switch: %s: %d (want %d)", c->what, r,
		   c->want);
		if (r != 1 || c->want != 1)
			continue;
		ok(!strcmp(expr, c->expr) &&
		   sline == line + (unsigned int)c->switch_off,
		   "switch: %s: on '%s' at line %u", c->what, expr, sline);
		ok(nvals == c->nvals && !memcmp(vals, c->vals,
						nvals * sizeof(*vals)),
		   "switch: %s: %zu label values", c->what, nvals);
	}
	for (i = 0; i < sizeof(if_cases) / sizeof(*if_cases); i++) {
		const struct if_case *c = &if_cases[i];
		unsigned int decl = 0, line, first = 0, last = 0;
		int r;

		line = new_case("if", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		r = smk_source_if_return(&b, path, line, "m", &first, &last);
		ok(r == c->want, "if: %s: %d (want %d)", c->what, r, c->want);
		if (r == 1 && c->want == 1)
			ok(first == line + (unsigned int)c->first_off &&
			   last == line + (unsigned int)c->last_off,
			   "if: %s: condition on lines %u-%u", c->what, first,
			   last);
	}
	for (i = 0; i < sizeof(falls_cases) / sizeof(*falls_cases); i++) {
		const struct falls_case *c = &falls_cases[i];
		unsigned int decl = 0, line;
		int r;

		line = new_case("falls", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		r = smk_source_falls_to(&b, path, line, "m",
					line + c->next_off);
		ok(r == c->want, "falls_to: %s: %d (want %d)", c->what, r,
		   c->want);
	}
	{
		/* smk_source_same_group(): markers m and n on one path,
		 * nothing between them that has code or joins. */
		static const struct {
			const char *what, *text;
			int want;
		} group[] = {
			{ "two markers in a row",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\ttrace_simple(n, \"%d\", a);\n\treturn a;\n}\n", 1 },
			{ "declarations without code between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a); int b;\n"
			  "\tunsigned c, *d;\n\ttrace_simple(n, \"%d\", a); int e;\n"
			  "\treturn a;\n}\n", 1 },
			{ "an initialized declaration between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tint b = g(a);\n\ttrace_simple(n, \"%d\", b);\n"
			  "\treturn b;\n}\n", 0 },
			{ "a statement between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\ta++;\n\ttrace_simple(n, \"%d\", a);\n\treturn a;\n}\n",
			  0 },
			{ "a label before the second",
			  "int f(int a)\n{\n\tif (a)\n\t\tgoto out;\n"
			  "\ttrace_simple(m, \"%d\", a);\nout:\n"
			  "\ttrace_simple(n, \"%d\", a);\n\treturn a;\n}\n", 0 },
			{ "two arms of an if",
			  "int f(int a)\n{\n\tif (a)\n\t\ttrace_simple(m, \"%d\", a);"
			  "\n\telse\n\t\ttrace_simple(n, \"%d\", a);\n"
			  "\treturn a;\n}\n", 0 },
			{ "an array with a bound between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tint v[a];\n\ttrace_simple(n, \"%d\", a);\n"
			  "\treturn a;\n}\n", 0 },
			{ "arrays of constant bounds between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tunsigned short count[MAXBITS+1], w[2 * 8];\n"
			  "\ttrace_simple(n, \"%d\", a);\n"
			  "\treturn a;\n}\n", 1 },
			{ "static tables with initializers between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tstatic const unsigned short lb[3] = { 3, 4, 5 };\n"
			  "\tstatic int k = 1, q[2] = { 1, 2 };\n"
			  "\ttrace_simple(n, \"%d\", a);\n"
			  "\treturn a + k;\n}\n", 1 },
			{ "a static, then an initialized automatic between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tstatic int k = 1;\n\tint z = g(a);\n"
			  "\ttrace_simple(n, \"%d\", a);\n"
			  "\treturn z + k;\n}\n", 0 },
			{ "an array whose bound is a call between",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tint v[N(a)];\n\ttrace_simple(n, \"%d\", a);\n"
			  "\treturn a;\n}\n", 0 },
		};

		for (i = 0; i < sizeof(group) / sizeof(*group); i++) {
			unsigned int decl = 0, line, nline = 1;
			const char *q = strstr(group[i].text,
					       "trace_simple(n,"), *p;
			int r;

			line = new_case("group", group[i].what, group[i].text,
					path, sizeof(path), &decl);
			if (!line || !q)
				continue;
			for (p = group[i].text; p < q; p++)
				nline += *p == '\n';
			r = smk_source_same_group(&b, path, line, "m", nline,
						  "n");
			ok(r == group[i].want, "same_group: %s: %d (want %d)",
			   group[i].what, r, group[i].want);
			r = smk_source_same_group(&b, path, nline, "n", line,
						  "m");
			ok(r == group[i].want,
			   "same_group: %s, the other way: %d (want %d)",
			   group[i].what, r, group[i].want);
		}
	}
	{
		/* smk_source_marker_on_every_call(): a statement of the
		 * function's body, no return or goto before it. */
		static const struct {
			const char *what, *text;
			int want;
		} every[] = {
			{ "after an if without a return",
			  "long f(int a)\n{\n\tif (!a)\n\t\tg(a);\n"
			  "\ttrace_simple(m, \"%d\", a); return a;\n}\n", 1 },
			{ "first in the body",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n", 1 },
			{ "after a loop and a label",
			  "int f(int a)\n{\n\twhile (a--)\n\t\tg(a);\nagain:\n"
			  "\ttrace_simple(m, \"%d\", a);\n"
			  "\tif (g(a))\n\t\tgoto again;\n\treturn a;\n}\n", 1 },
			{ "after an early return",
			  "int f(int a)\n{\n\tif (!a)\n\t\treturn -1;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n", 0 },
			{ "after a goto past it",
			  "int f(int a)\n{\n\tif (!a)\n\t\tgoto out;\n"
			  "\ttrace_simple(m, \"%d\", a);\nout:\n\treturn a;\n}\n",
			  0 },
			{ "in an if's arm",
			  "int f(int a)\n{\n\tif (a) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 0 },
			{ "the body of an if without braces",
			  "int f(int a)\n{\n\tif (a)\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0 },
			{ "in a loop",
			  "int f(int a)\n{\n\twhile (a--) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 0 },
			{ "in a block of its own",
			  "int f(int a)\n{\n\t{\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 1 },
			{ "at the end of a do-while body",
			  "int f(int a)\n{\n\tdo {\n\t\twhile (g(a))\n"
			  "\t\t\ta++;\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t} while (a--);\n\treturn a;\n}\n", 1 },
			{ "in a do-while body after a continue",
			  "int f(int a)\n{\n\tdo {\n\t\tif (g(a))\n"
			  "\t\t\tcontinue;\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t} while (a--);\n\treturn a;\n}\n", 0 },
			{ "in an else's block",
			  "int f(int a)\n{\n\tif (a)\n\t\ta++;\n\telse {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 0 },
		};

		for (i = 0; i < sizeof(every) / sizeof(*every); i++) {
			unsigned int decl = 0, line;
			int r;

			line = new_case("every", every[i].what, every[i].text,
					path, sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_marker_on_every_call(&b, path, line,
							    "m");
			ok(r == every[i].want,
			   "marker_on_every_call: %s: %d (want %d)",
			   every[i].what, r, every[i].want);
		}
	}
	{
		/* smk_source_marker_dead(): can control reach it? */
		static const struct {
			const char *what, *text;
			int want;
		} dead[] = {
			{ "after a return in its block",
			  "int f(int a)\n{\n\tif (a) {\n\t\treturn g(a);\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn a;\n}\n",
			  1 },
			{ "after an if whose arms both return",
			  "int f(int a)\n{\n\tif (a)\n\t\treturn 1;\n\telse\n"
			  "\t\treturn 2;\n\ttrace_simple(m, \"%d\", a);\n}\n", 1 },
			{ "after an if with one arm returning",
			  "int f(int a)\n{\n\tif (a)\n\t\treturn 1;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n", 0 },
			{ "a case label between",
			  "int f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\tg(a);\n\t\tbreak;\n\tcase 2:\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn 0;\n}\n", 0 },
			{ "after a break, no label",
			  "int f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\tg(a);\n\t\tbreak;\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn 0;\n}\n", 1 },
			{ "after the default's return, at the switch's end",
			  "int f(int a)\n{\n\tswitch (a) {\n\tcase 1: a++; break;\n"
			  "\tdefault: return a;\n\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 1 },
			{ "after exit()",
			  "int f(int a)\n{\n\tif (a) {\n\t\texit(1);\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 1 },
			{ "after a loop",
			  "int f(int a)\n{\n\twhile (a--)\n\t\tif (g(a))\n"
			  "\t\t\treturn 1;\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn 0;\n}\n", 0 },
			{ "after a do-while (0) that returns",
			  "int f(int a)\n{\n\tdo {\n\t\treturn 1;\n\t} while (0);\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n", 0 },
			{ "a goto in the function",
			  "int f(int a)\n{\n\tif (a)\n\t\tgoto out;\n"
			  "\treturn 1;\n\ttrace_simple(m, \"%d\", a);\nout:\n"
			  "\treturn 0;\n}\n", -1 },
			{ "a conditional of the preprocessor",
			  "int f(int a)\n{\n#ifdef NEVER\n\treturn 1;\n#endif\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n", -1 },
			{ "after while (True) with no break",
			  "int f(int a)\n{\n\twhile (True) {\n\t\tif (g(a))\n"
			  "\t\t\treturn 1;\n\t}\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn 0;\n}\n", 1 },
			{ "after for (;;) whose breaks are a switch's and an "
			  "inner loop's",
			  "int f(int a)\n{\n\tfor (;;) {\n\t\tswitch (a) {\n"
			  "\t\tcase 1: break;\n\t\tdefault: return a;\n\t\t}\n"
			  "\t\twhile (a--)\n\t\t\tif (g(a))\n\t\t\t\tbreak;\n"
			  "\t}\n\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n",
			  1 },
			{ "after while (1) left by a break in an if",
			  "int f(int a)\n{\n\twhile (1) {\n\t\tif (g(a))\n"
			  "\t\t\tbreak;\n\t}\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn 0;\n}\n", 0 },
			{ "after do-while (1) with no break",
			  "int f(int a)\n{\n\tdo {\n\t\tif (g(a)) return 1;\n"
			  "\t} while (1);\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn 0;\n}\n", 1 },
			{ "after for (; a; ) (not constant)",
			  "int f(int a)\n{\n\tfor (; a; ) {\n\t\ta = g(a);\n"
			  "\t}\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn 0;\n}\n", 0 },
			{ "after continue in a loop body",
			  "int f(int a)\n{\n\twhile (a--) {\n\t\tcontinue;\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn 0;\n}\n", 1 },
			/* Conditions known from the source (cond_value()). */
			{ "in the else arm of an if (x || 7UL)",
			  "int f(int a)\n{\n\tif (((a &= 6) || 7UL))\n\t\tg(a);\n"
			  "\telse {\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 1 },
			{ "in the then arm of a comparison of a 0 or 1 with "
			  "0x1458L (csmith)",
			  "int f(int a)\n{\n\tif ((((g(a) <= (a = 3)) >= 5UL) >= "
			  "0x1458L)) {\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 1 },
			{ "in the then arm of a comparison of a 0 or 1 with 1",
			  "int f(int a)\n{\n\tif (((g(a) <= a) >= 1)) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 0 },
			{ "after if (0) { return }",
			  "int f(int a)\n{\n\tif (0)\n\t\treturn 1;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n", 0 },
			{ "after if (1) return",
			  "int f(int a)\n{\n\tif (1)\n\t\treturn 1;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn 0;\n}\n", 1 },
			{ "in while (0 && g(a))",
			  "int f(int a)\n{\n\twhile (0 && g(a)) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
			{ "in the then arm of if (!(a, 1))",
			  "int f(int a)\n{\n\tif (!(a, 1)) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
			{ "in the then arm of if (-1 > 0U): unsigned, not known",
			  "int f(int a)\n{\n\tif ((a > 2) > -1 && -1 > 0U) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 0 },
			{ "in the then arm of if (a == 1 > 2): == binds looser",
			  "int f(int a)\n{\n\tif (a == 1 > 2) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 0 },
			{ "in the then arm of if ((int)0 || a): a cast",
			  "int f(int a)\n{\n\tif ((int)0 || a - 1 > 3) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 0 },
			{ "in the then arm of if (p->x < -1 ? 0 : 0)",
			  "int f(int a)\n{\n\tif (p->x < -1 ? 0 : 0) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 0 },
			{ "in the then arm of if ((a < 3) < -1)",
			  "int f(int a)\n{\n\tif ((a < 3) < -1) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
			{ "in the then arm of if ((a < 3) >= 0xffffffff)",
			  "int f(int a)\n{\n\tif ((a < 3) >= 0xffffffff) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
			{ "in the then arm of if (a = 0)",
			  "int f(int a)\n{\n\tif (a = 0) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
			{ "in the then arm of if (a = 1 == 2)",
			  "int f(int a)\n{\n\tif ((p[3] = (0x7AL == (-1L)))) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
			{ "in the then arm of if (a = 2): its type may drop it",
			  "int f(int a)\n{\n\tif ((a = 2)) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 0 },
			{ "in the else arm of if ((a |= 0xB3607B71L))",
			  "int f(int a)\n{\n\tif ((a |= 0xB3607B71L))\n\t\tg(a);\n"
			  "\telse {\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 1 },
			{ "in the else arm of if ((a |= 0x10)): even",
			  "int f(int a)\n{\n\tif ((a |= 0x10))\n\t\tg(a);\n"
			  "\telse {\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 0 },
			{ "in the else arm of if (((void*)0 != &g_55[5][3]))",
			  "int f(int a)\n{\n\tif (((void*)0 != &g_55[5][3].f))\n"
			  "\t\tg(a);\n\telse {\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 1 },
			{ "in the else arm of if (NULL != &p->x): p may be 0",
			  "int f(int a)\n{\n\tif (NULL != &p->x)\n"
			  "\t\tg(a);\n\telse {\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn 0;\n}\n", 0 },
			{ "in the then arm of if (&x == NULL)",
			  "int f(int a)\n{\n\tif (&x == NULL) {\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\treturn 0;\n}\n", 1 },
		};

		for (i = 0; i < sizeof(dead) / sizeof(*dead); i++) {
			unsigned int decl = 0, line;
			int r;

			line = new_case("dead", dead[i].what, dead[i].text,
					path, sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_marker_dead(&b, path, line, "m", NULL);
			ok(r == dead[i].want, "marker_dead: %s: %d (want %d)",
			   dead[i].what, r, dead[i].want);
		}
	}
	{
		/* smk_source_in_other_arm(): line @other_off after the
		 * marker's line (negative: before) in the other arm. */
		static const struct {
			const char *what, *text;
			int other_off, want;
		} arm[] = {
			{ "the then arm, the marker in the else",
			  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n\t} else {\n"
			  "\t\ta--;\n\t\ttrace_simple(m, \"%d\", a); }\n"
			  "\treturn a;\n}\n", -3, 1 },
			{ "the else arm, the marker in the then",
			  "int f(int a)\n{\n\tif (a) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t} else {\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n", 2, 1 },
			{ "the same arm",
			  "int f(int a)\n{\n\tif (a) {\n\t\ta++;\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t} else {\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n", -1, 0 },
			{ "the code before the if",
			  "int f(int a)\n{\n\ta *= 2;\n\tif (a) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t} else {\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n", -2, 0 },
			{ "an if without an else",
			  "int f(int a)\n{\n\tif (a) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\ta--;\n\treturn a;\n}\n", 2, 0 },
		};

		for (i = 0; i < sizeof(arm) / sizeof(*arm); i++) {
			unsigned int decl = 0, line;
			int r;

			line = new_case("arm", arm[i].what, arm[i].text, path,
					sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_in_other_arm(&b, path, line, "m",
						    line + arm[i].other_off);
			ok(r == arm[i].want, "in_other_arm: %s: %d (want %d)",
			   arm[i].what, r, arm[i].want);
		}
	}
	{
		/* smk_source_in_other_case(): line @other_off after the
		 * marker's line (negative: before) in another case arm. */
		static const struct {
			const char *what, *text;
			int other_off, want;
		} arm[] = {
			{ "an earlier case that breaks",
			  "void f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\tg(1);\n\t\tbreak;\n\tcase 2: {\n\t\tg(2);\n"
			  "\t\ttrace_simple(m, \"%d\", a); }\n\t}\n}\n", -4, 1 },
			{ "an earlier case that falls through",
			  "void f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\tg(1);\n\t\t/* fall through */\n\tcase 2:\n"
			  "\t\tg(2);\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t}\n}\n", -4, 0 },
			{ "a later case",
			  "void f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\tbreak;\n"
			  "\tdefault:\n\t\tg(3);\n\t}\n}\n", 3, 1 },
			{ "the same case, a nested switch's labels between",
			  "void f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\tg(1);\n\t\tswitch (a) { case 4: g(4); }\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n}\n", -2, 0 },
			{ "no switch around the marker",
			  "void f(int a)\n{\n\tg(1);\n"
			  "\ttrace_simple(m, \"%d\", a);\n}\n", -1, 0 },
		};

		for (i = 0; i < sizeof(arm) / sizeof(*arm); i++) {
			unsigned int decl = 0, line;
			int r;

			line = new_case("case", arm[i].what, arm[i].text, path,
					sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_in_other_case(&b, path, line, "m",
						     line + arm[i].other_off);
			ok(r == arm[i].want, "in_other_case: %s: %d (want %d)",
			   arm[i].what, r, arm[i].want);
		}
	}
	for (i = 0; i < sizeof(loops_cases) / sizeof(*loops_cases); i++) {
		const struct loops_case *c = &loops_cases[i];
		unsigned int decl = 0, line;
		int r;

		line = new_case("loops", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		r = c->call_off ?
		    smk_source_loop_depth(&b, path, line + c->call_off, NULL) :
		    smk_source_loop_depth(&b, path, line, "m");
		ok(r == c->want, "loop_depth: %s: %d (want %d)", c->what, r,
		   c->want);
		/* As unoptimized code keeps it: the for entered for sure
		 * keeps its test and step, the loop around a cycle. */
		if (!strcmp(c->what, "nor one that ends in a for entered for "
			    "sure, which returns")) {
			r = smk_source_loop_depth_kept(&b, path, line, "m");
			ok(r == 1, "loop_depth_kept: %s: %d (want 1)",
			   c->what, r);
		}
	}
	{
		/* smk_source_loop_heads(): "first-last/loop" for each head,
		 * lines counted from the marker's. */
		static const struct {
			const char *what, *text, *want;
		} heads[] = {
			{ "a for: its line, its lone closing brace",
			  "int f(int n)\n{\n\tint i;\n\n\tfor (i = 0;\n\t     i < n; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", i);\n\t\tg(i);\n\t}\n"
			  "\treturn n;\n}\n", "-2--1/-1 2-2/-1" },
			{ "for (;;) switch: the switch starts each pass",
			  "int f(int n)\n{\n\tfor (;;)\n\t\tswitch (n) {\n\t\tcase 1:\n"
			  "\t\t\ttrace_simple(m, \"%d\", n);\n\t\t\tn = g(n);\n"
			  "\t\t\tbreak;\n\t\tdefault:\n\t\t\treturn n;\n\t\t}\n}\n",
			  "-3--3/-1 -2--2/-1" },
			{ "a do: its while, after the body",
			  "int f(int n)\n{\n\tdo {\n\t\ttrace_simple(m, \"%d\", n);\n"
			  "\t\tn = g(n);\n\t} while (n);\n\treturn n;\n}\n",
			  "2-2/-1" },
			{ "a goto back: its line and its if's, a loop of its own",
			  "int f(int n)\n{\n\twhile (n) {\nagain:\n\t\tn--;\n"
			  "\t\ttrace_simple(m, \"%d\", n);\n\t\tif (g(n))\n"
			  "\t\t\tgoto again;\n\t}\n\treturn n;\n}\n",
			  "-3--3/-1 3-3/-1 2-2/0 1-1/0" },
			{ "the marker on a head's line: unknown",
			  "int f(int n)\n{\n\tdo {\n\t\tn = g(n);\n"
			  "\t\ttrace_simple(m, \"%d\", n); } while (n);\n"
			  "\treturn n;\n}\n", "unknown" },
		};

		for (i = 0; i < sizeof(heads) / sizeof(*heads); i++) {
			struct smk_line_span sp[8];
			unsigned int decl = 0, line;
			char got[256] = "";
			size_t len = 0;
			int n, k;

			line = new_case("heads", heads[i].what, heads[i].text,
					path, sizeof(path), &decl);
			if (!line)
				continue;
			n = smk_source_loop_heads(&b, path, line, "m", sp, 8);
			if (n < 0)
				snprintf(got, sizeof(got), "unknown");
			for (k = 0; k < n && len < sizeof(got) - 40; k++)
				len += snprintf(got + len, sizeof(got) - len,
						"%s%d-%d/%d", k ? " " : "",
						(int)sp[k].first - (int)line,
						(int)sp[k].last - (int)line,
						sp[k].loop);
			ok(!strcmp(got, heads[i].want),
			   "loop_heads: %s: %s (want %s)", heads[i].what, got,
			   heads[i].want);
		}
	}
	{
		static const struct {
			const char *what, *text;
			int want;
			unsigned int col;
		} after[] = {
			{ "a for on the marker's line",
			  "int f(int a)\n{\n\tint i;\n"
			  "\ttrace_simple(m, \"%d\", a); for (i = 0; i < a; i++)\n"
			  "\t\tg(i);\n\treturn a;\n}\n", 1, 40 },
			{ "a while on the marker's line",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a); while (a--)\n"
			  "\t\tg(a);\n\treturn a;\n}\n", 1, 28 },
			{ "a call on the marker's line",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a); g(a);\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "a for on the next line",
			  "int f(int a)\n{\n\tint i;\n\ttrace_simple(m, \"%d\", a);\n"
			  "\tfor (i = 0; i < a; i++)\n\t\tg(i);\n\treturn a;\n}\n",
			  0, 0 },
		};

		for (i = 0; i < sizeof(after) / sizeof(*after); i++) {
			unsigned int decl = 0, line, col = 0;
			int r;

			line = new_case("after", after[i].what, after[i].text,
					path, sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_loop_after(&b, path, line, "m", &col);
			ok(r == after[i].want &&
			   (r != 1 || col == after[i].col),
			   "loop_after: %s: %d, column %u (want %d, %u)",
			   after[i].what, r, col, after[i].want,
			   after[i].col);
		}
	}
	{
		/* smk_source_loop_head(): the head's line, 0 where a pass
		 * may start elsewhere than at the marker. */
		static const struct {
			const char *what, *text;
			int want, head_off;
		} head[] = {
			{ "first in a for's body",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < a; i++)\n\t{\n"
			  "\t\ttrace_simple(m, \"%d\", i); g(i);\n"
			  "\t}\n\treturn a;\n}\n", 1, -2 },
			{ "first in a while's body, brace on the head's line",
			  "int f(int a)\n{\n\twhile (a--) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\tg(a);\n"
			  "\t}\n\treturn a;\n}\n", 1, -1 },
			{ "second in the body",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < a; i++) {\n\t\tg(i);\n"
			  "\t\ttrace_simple(m, \"%d\", i);\n"
			  "\t}\n\treturn a;\n}\n", 0, 0 },
			{ "on the head's line",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < a; i++) { trace_simple(m, \"%d\", i);\n"
			  "\t\tg(i);\n\t}\n\treturn a;\n}\n", 0, 0 },
			{ "a head over two lines",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0;\n\t     i < a; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", i);\n"
			  "\t}\n\treturn a;\n}\n", 0, 0 },
			{ "a goto in the body",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < a; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", i);\n"
			  "\t\tif (g(i))\n\t\t\tgoto out;\n"
			  "\t}\nout:\n\treturn a;\n}\n", 0, 0 },
			{ "the body of an if",
			  "int f(int a)\n{\n\tif (a) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t}\n\treturn a;\n}\n", 0, 0 },
			{ "the body of a do",
			  "int f(int a)\n{\n\tdo {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t} while (a--);\n\treturn a;\n}\n", 1, 1 },
			{ "the body of a do, after a declaration (lua's "
			  "convergeephemerons())",
			  "int f(int a)\n{\n\tdo {\n\t\tint *w;\n"
			  "\t\ttrace_simple(m, \"%d\", a); int *n = g(a);\n"
			  "\t} while (a--);\n\treturn a;\n}\n", 1, 1 },
			{ "the body of a do, the while on the marker's line",
			  "int f(int a)\n{\n\tdo {\n"
			  "\t\ttrace_simple(m, \"%d\", a); } while (a--);\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "the body of a do ... while (0)",
			  "int f(int a)\n{\n\tdo {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t} while (0);\n\treturn a;\n}\n", 0, 0 },
			{ "after a declaration with an initializer",
			  "int f(int a)\n{\n\twhile (a--) {\n"
			  "\t\tint q = g(a);\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t}\n\treturn a;\n}\n", 0, 0 },
			{ "first in a for's body, after a declaration",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < a; i++) {\n\t\tint k;\n"
			  "\t\ttrace_simple(m, \"%d\", i); k = g(i);\n"
			  "\t}\n\treturn a;\n}\n", 1, -2 },
		};

		for (i = 0; i < sizeof(head) / sizeof(*head); i++) {
			unsigned int decl = 0, line, hl = 0;
			int r;

			line = new_case("head", head[i].what, head[i].text,
					path, sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_loop_head(&b, path, line, "m", &hl);
			ok(r == head[i].want &&
			   (r != 1 || hl == line + (unsigned int)head[i].head_off),
			   "loop_head: %s: %d, head line %u (want %d, %u)",
			   head[i].what, r, hl, head[i].want,
			   line + (unsigned int)head[i].head_off);
		}
	}
	{
		/* smk_source_trip_count(): the passes a loop's head says */
		static const struct {
			const char *what, *text;
			int want;
			uint64_t n;
		} trip[] = {
			{ "csmith's += 1",
			  "int f(int p)\n{\n\tfor (p = 0; p < 4; p += 1) {\n"
			  "\t\tg[p] = 1;\n\t\ttrace_simple(m, \"%d\", p); }\n"
			  "\treturn p;\n}\n", 1, 4 },
			{ "<= and ++i",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 1; i <= 10; ++i) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 1, 10 },
			{ "counting down by 3 to >= 0",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 9; i >= 0; i -= 3) {\n"
			  "\t\tif (a) {\n\t\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\t}\n\t}\n\treturn a;\n}\n", 1, 4 },
			{ "!= that steps over its limit",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i != 7; i += 2) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "a limit that is a variable",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < a; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "the counter written in the body",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < 8; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\ti++;\n\t}\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "the counter's address taken",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < 8; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\tg(&i);\n\t}\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "the counter read in the body",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < 8; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\tt[i] = t[i + 1] & i;\n\t}\n"
			  "\treturn a;\n}\n", 1, 8 },
			{ "a break in the body",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < 8; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\tif (g(i))\n\t\t\tbreak;\n\t}\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "a while loop",
			  "int f(int a)\n{\n\twhile (a--) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", 0, 0 },
			{ "a braceless arm on the way",
			  "int f(int a)\n{\n\tint i;\n"
			  "\tfor (i = 0; i < 8; i++) {\n\t\tif (a)\n"
			  "\t\t\ttrace_simple(m, \"%d\", a);\n\t}\n"
			  "\treturn a;\n}\n", -1, 0 },
			{ "no loop",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n", 0, 0 },
		};

		for (i = 0; i < sizeof(trip) / sizeof(*trip); i++) {
			unsigned int decl = 0, line;
			uint64_t n = 0;
			int r;

			line = new_case("trip", trip[i].what, trip[i].text,
					path, sizeof(path), &decl);
			if (!line)
				continue;
			r = smk_source_trip_count(&b, path, line, "m", &n);
			ok(r == trip[i].want && (r != 1 || n == trip[i].n),
			   "trip_count: %s: %d, %llu passes (want %d, %llu)",
			   trip[i].what, r, (unsigned long long)n,
			   trip[i].want, (unsigned long long)trip[i].n);
		}
	}
	ok(smk_source_loop_depth(&b, "/nonexistent/x.c", 5, "m") == -1,
	   "loop_depth: no source: unknown");
	for (i = 0; i < sizeof(seq_cases) / sizeof(*seq_cases); i++) {
		const struct seq_case *c = &seq_cases[i];
		unsigned int decl = 0, line, first = 0, last = 0, next = 0;
		int r;

		line = new_case("seq", c->what, c->text, path, sizeof(path),
				&decl);
		if (!line)
			continue;
		r = smk_source_prev_statement(&b, path, line, "m", &first,
					      &last);
		ok(r == c->prev && (r != 1 || (first == line - 1 &&
					       last == line - 1)),
		   "prev_statement: %s: %d (want %d), lines %u-%u", c->what,
		   r, c->prev, first, last);
		r = smk_source_conditional_after(&b, path, line, "m", &next);
		ok(r == c->cond, "conditional_after: %s: %d (want %d)",
		   c->what, r, c->cond);
	}
	{
		/* code_before(), line_assigns(), line_plain(), prev_any() */
		static const struct {
			const char *what, *text;
			int before;		/* code_before() */
			unsigned int col;	/* if 1 */
			int plain;		/* line_plain(before col) */
			const char *var;	/* line_assigns(before col) */
			int assigns;
		} line[] = {
			{ "an assignment before the marker on its line",
			  "int f(int a)\n{\n\tint c;\n"
			  "\tc = 0; trace_simple(m, \"%d\", c); a++;\n"
			  "\treturn a + c;\n}\n", 1, 9, 1, "c", 1 },
			{ "a call before it, a break after",
			  "int f(int a)\n{\n\tswitch (a) {\n"
			  "\tcase 1: g(a); trace_simple(m, \"%d\", a); break;\n"
			  "\t}\n\treturn a;\n}\n", 1, 16, 1, "a", -1 },
			{ "a member of another object of the same name",
			  "int f(int a, struct s *p)\n{\n"
			  "\tp->a = 1; trace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n", 1, 12, 1, "a", 0 },
			{ "a compound assignment of a member",
			  "int f(struct s *p)\n{\n"
			  "\tp->n += 2; trace_simple(m, \"%d\", p->n);\n"
			  "\treturn 0;\n}\n", 1, 13, 1, "p", 1 },
			{ "a comparison is no assignment",
			  "int f(int a, int b)\n{\n"
			  "\tb = a <= 3; trace_simple(m, \"%d\", a);\n"
			  "\treturn b;\n}\n", 1, 14, 1, "a", 0 },
			{ "its address taken",
			  "int f(int a)\n{\n"
			  "\tint *q = &a; trace_simple(m, \"%d\", a);\n"
			  "\treturn *q;\n}\n", 1, 15, 1, "a", 1 },
			{ "an early return before it: not plain",
			  "int f(int a)\n{\n"
			  "\tif (a) return 1; trace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n", 1, 19, 0, "a", 0 },
			{ "an && before it: not plain; b assigned",
			  "int f(int a, int b)\n{\n"
			  "\tb = a && g(b); trace_simple(m, \"%d\", a);\n"
			  "\treturn b;\n}\n", 1, 17, 0, "b", 1 },
			{ "the marker starts its line",
			  "int f(int a)\n{\n\ta++;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, 0, 1, "a", 0 },
		};

		for (i = 0; i < sizeof(line) / sizeof(*line); i++) {
			unsigned int decl = 0, ln, col = 0;
			int r, pl, as;

			ln = new_case("line", line[i].what, line[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_code_before(&b, path, ln, "m", &col);
			pl = smk_source_line_plain(&b, path, ln, col);
			as = smk_source_line_assigns(&b, path, ln, col,
						     line[i].var);
			ok(r == line[i].before &&
			   (r != 1 || col == line[i].col) &&
			   (r != 1 || pl == line[i].plain) &&
			   (r != 1 || as == line[i].assigns),
			   "code_before: %s: %d column %u, plain %d, assigns "
			   "%s %d (want %d %u, %d, %d)", line[i].what, r, col,
			   pl, line[i].var, as, line[i].before, line[i].col,
			   line[i].plain, line[i].assigns);
		}
	}
	{
		static const struct {
			const char *what, *text;
			int want;
			bool returns;
		} prev[] = {
			{ "an if with && and a return",
			  "int f(int a)\n{\n\tif (a == 0 && g(a) == -1)\n"
			  "\t\treturn -1;\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n", 1, true },
			{ "a plain call",
			  "int f(int a)\n{\n\tg(a);\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, false },
			{ "a goto: past the marker by the source",
			  "int f(int a)\n{\n\tif (a) goto out;\n"
			  "\ttrace_simple(m, \"%d\", a);\nout:\n\treturn a;\n}\n",
			  0, false },
			{ "first in its block",
			  "int f(int a)\n{\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, false },
			{ "an if block with a return",
			  "int f(int a)\n{\n\tif (a == 0 && g(a)) {\n"
			  "\t\ta = 3;\n\t\treturn -1;\n\t}\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, true },
			{ "an if, else if, else chain",
			  "int f(int a)\n{\n\tif (a == 0) {\n\t\ta = 3;\n"
			  "\t} else if (a > 3) {\n\t\ta--;\n\t} else {\n"
			  "\t\ta++;\n\t}\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, false },
			{ "a while block",
			  "int f(int a)\n{\n\twhile (a > 3) {\n\t\ta -= g(a);\n"
			  "\t}\n\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, false },
			{ "an if block with a break: past the marker",
			  "int f(int a)\n{\n\twhile (a) {\n\t\tif (a > 3) {\n"
			  "\t\t\tbreak;\n\t\t}\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n",
			  0, false },
			{ "a loop's own break and continue stay in it",
			  "int f(int a)\n{\n\twhile (1) {\n\t\tif (a > 3)\n"
			  "\t\t\tbreak;\n\t\tif (g(a))\n\t\t\tcontinue;\n"
			  "\t\ta++;\n\t}\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n",
			  1, false },
			{ "a break of a loop inside an if stays in it",
			  "int f(int a)\n{\n\tif (a) {\n\t\tfor (;;) {\n"
			  "\t\t\tif (g(a))\n\t\t\t\tbreak;\n\t\t}\n\t}\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, false },
			{ "an if block with a continue: past the marker",
			  "int f(int a)\n{\n\twhile (a) {\n\t\tif (a > 3) {\n"
			  "\t\t\tcontinue;\n\t\t}\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n",
			  0, false },
			{ "a plain block before: unknown",
			  "int f(int a)\n{\n\t{\n\t\ta = g(a);\n\t}\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  -1, false },
			{ "a braceless arm's if block: unknown",
			  "int f(int a)\n{\n\tif (a)\n\t\tif (a > 3) {\n"
			  "\t\t\ta--;\n\t\t}\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n",
			  -1, false },
			{ "a block inside the statement before: unknown",
			  "int f(int a)\n{\n\tdo {\n\t\ta--;\n\t} while (a);\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  -1, false },
			{ "a braceless if after a loop's block",
			  "int f(int a)\n{\n\twhile (a > 3) {\n\t\ta -= g(a);\n"
			  "\t}\n\tif (a)\n\t\tg(a);\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, false },
		};

		for (i = 0; i < sizeof(prev) / sizeof(*prev); i++) {
			unsigned int decl = 0, ln, first = 0, last = 0;
			bool ret = false;
			int r;

			ln = new_case("prev", prev[i].what, prev[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_prev_any(&b, path, ln, "m", &first,
						&last, &ret);
			ok(r == prev[i].want &&
			   (r != 1 || (last == ln - 1 && first <= last &&
				       ret == prev[i].returns)),
			   "prev_any: %s: %d, lines %u-%u, return %d (want "
			   "%d, %d)", prev[i].what, r, first, last, ret,
			   prev[i].want, prev[i].returns);
		}
	}
	{
		/* smk_source_loop_ways_out() */
		static const struct {
			const char *what, *text;
			int want;
		} wo[] = {
			{ "a return in an if of the body",
			  "int f(int a)\n{\n\tint i;\n\tfor (i = 0; i < 4; i++) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\tif (a)\n"
			  "\t\t\treturn i;\n\t}\n\treturn a;\n}\n", 1 },
			{ "a break of an inner loop and a switch only",
			  "int f(int a)\n{\n\twhile (a--) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\tswitch (a) {\n"
			  "\t\tcase 1:\n\t\t\tbreak;\n\t\t}\n\t\tfor (;;) {\n"
			  "\t\t\tif (g(a))\n\t\t\t\tbreak;\n\t\t}\n\t}\n"
			  "\treturn a;\n}\n", 0 },
			{ "a break of the loop, from an if arm",
			  "int f(int a)\n{\n\tdo {\n\t\tif (a > 2) {\n"
			  "\t\t\ttrace_simple(m, \"%d\", a);\n\t\t\tbreak;\n"
			  "\t\t}\n\t} while (a--);\n\treturn a;\n}\n", 1 },
			{ "no loop",
			  "int f(int a)\n{\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\n}\n", 0 },
		};

		for (i = 0; i < sizeof(wo) / sizeof(*wo); i++) {
			unsigned int decl = 0, ln;
			int r;

			ln = new_case("waysout", wo[i].what, wo[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_loop_ways_out(&b, path, ln, "m");
			ok(r == wo[i].want, "loop_ways_out: %s: %d (want %d)",
			   wo[i].what, r, wo[i].want);
		}
	}
	{
		/* smk_source_prev_leaves(): the statement before with ways
		 * out past the marker, when another statement follows it. */
		static const struct {
			const char *what, *text;
			int want;
			bool leaves;
			int next;	/* next line - marker line */
		} lv[] = {
			{ "an if with a break of the loop around",
			  "int f(int a)\n{\n\twhile (a) {\n\t\tif (a > 3) {\n"
			  "\t\t\ta = 0;\n\t\t\tbreak;\n\t\t}\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n", 1, true, 1 },
			{ "a statement on the marker's line after it",
			  "int f(int a)\n{\n\tif (a < 0)\n\t\treturn -1;\n"
			  "\ttrace_simple(m, \"%d\", a); a++;\n"
			  "\treturn a;\n}\n", 1, true, 0 },
			{ "no way out: leaves nothing",
			  "int f(int a)\n{\n\twhile (a > 3) {\n\t\ta--;\n"
			  "\t}\n\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, false, 1 },
			{ "the block's end after the marker",
			  "int f(int a)\n{\n\twhile (a) {\n\t\tif (a > 3)\n"
			  "\t\t\tbreak;\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t}\n\treturn a;\n}\n", 0, false, 0 },
			{ "a label on the statement after",
			  "int f(int a)\n{\n\tif (a < 0)\n\t\tgoto out;\n"
			  "\ttrace_simple(m, \"%d\", a);\nout:\n\treturn a;\n}\n",
			  0, false, 0 },
		};

		for (i = 0; i < sizeof(lv) / sizeof(*lv); i++) {
			unsigned int decl = 0, ln, first = 0, last = 0, nl = 0;
			bool leaves = false;
			int r;

			ln = new_case("leaves", lv[i].what, lv[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_prev_leaves(&b, path, ln, "m", &first,
						   &last, &leaves, &nl);
			ok(r == lv[i].want &&
			   (r != 1 || (leaves == lv[i].leaves &&
				       (int)nl - (int)ln == lv[i].next &&
				       first <= last && last <= ln)),
			   "prev_leaves: %s: %d, leaves %d, next %+d (want %d, "
			   "%d, %+d)", lv[i].what, r, leaves, (int)nl - (int)ln,
			   lv[i].want, lv[i].leaves, lv[i].next);
		}
	}
	{
		/* smk_source_prev_ways(): ways out of the statement before
		 * that stay in it or land on a label's statement. */
		static const struct {
			const char *what, *text;
			int want;
			const char *past;	/* "first-last ..." from ln */
			bool macro;
		} ways[] = {
			{ "a loop left by a break and a goto",
			  "int f(int a)\n{\n\twhile (1) {\n\t\tif (a > 9)\n"
			  "\t\t\tbreak;\n\t\tif (a < 0)\n\t\t\tgoto bad;\n"
			  "\t\ta += g(a);\n\t}\n\ttrace_simple(m, \"%d\", a);\n"
			  "\treturn a;\nbad:\n\tabort();\n}\n",
			  1, "2-3 -3--3", false },
			{ "a break of the loop around: past the marker",
			  "int f(int a)\n{\n\twhile (a) {\n\t\tif (a > 3)\n"
			  "\t\t\tbreak;\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\ta--;\n\t}\n\treturn a;\n}\n", 0, "", false },
			{ "a macro in capitals",
			  "int f(int a)\n{\n\tif (a < 0)\n\t\tERR_RETURN(a);\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  1, "", true },
		};

		for (i = 0; i < sizeof(ways) / sizeof(*ways); i++) {
			struct smk_line_span past[8];
			unsigned int decl = 0, ln, first = 0, last = 0;
			char got[128] = "";
			size_t np = 0, k, len = 0;
			bool ret = false, mac = false;
			int r;

			ln = new_case("ways", ways[i].what, ways[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_prev_ways(&b, path, ln, "m", &first,
						 &last, &ret, past, 8, &np,
						 &mac);
			for (k = 0; r == 1 && k < np; k++)
				len += snprintf(got + len, sizeof(got) - len,
						"%s%d-%d", k ? " " : "",
						(int)past[k].first - (int)ln,
						(int)past[k].last - (int)ln);
			ok(r == ways[i].want && !strcmp(got, ways[i].past) &&
			   (r != 1 || mac == ways[i].macro),
			   "prev_ways: %s: %d, past \"%s\", macro %d (want %d, "
			   "\"%s\", %d)", ways[i].what, r, got, mac,
			   ways[i].want, ways[i].past, ways[i].macro);
		}
	}
	{
		/* smk_source_prev_nth(): back over plain statements, up to
		 * the head of an if or switch. */
		static const struct {
			const char *what, *text;
			unsigned int n;
			int want;
			unsigned int first, last;	/* from the marker's line */
			bool head;
			bool cond;	/* evaluates conditionally */
		} nth[] = {
			{ "the statement right before",
			  "int f(int a)\n{\n\tint s;\n\ta = 1;\n\ts = 0;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a + s;\n}\n",
			  0, 1, 1, 1, false, false },
			{ "two back, over a plain one",
			  "int f(int a)\n{\n\tint s;\n\ta = 1;\n\ts = 0;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a + s;\n}\n",
			  1, 1, 2, 2, false, false },
			{ "a switch's head, past plain ones",
			  "int f(int a)\n{\n\tint s, h;\n\tswitch (a) {\n"
			  "\tcase 1:\n\t\ta = 2;\n\t\tbreak;\n\tdefault:\n"
			  "\t\ta = 3;\n\t}\n\th = 0;\n\ts = 0;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a + s + h;\n}\n",
			  2, 1, 9, 9, true, false },
			{ "nothing past a switch's head",
			  "int f(int a)\n{\n\tint s;\n\tswitch (a) {\n"
			  "\tcase 1:\n\t\ta = 2;\n\t\tbreak;\n\t}\n\ts = 0;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a + s;\n}\n",
			  2, 0, 0, 0, false, false },
			{ "an if whose head spans two lines",
			  "int f(int a)\n{\n\tif (a > 3 &&\n\t    a < 9) {\n"
			  "\t\ta = 2;\n\t}\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, 1, 4, 3, true, false },
			{ "an if with a break: its way out goes past the marker",
			  "int f(int a)\n{\n\twhile (a) {\n\t\tif (a > 3) {\n"
			  "\t\t\tbreak;\n\t\t}\n\t\ttrace_simple(m, \"%d\", a);"
			  "\n\t\ta--;\n\t}\n\treturn a;\n}\n",
			  0, 0, 0, 0, false, false },
			{ "a switch with a return",
			  "int f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n"
			  "\t\treturn 2;\n\t}\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, 0, 0, 0, false, false },
			{ "a loop: not read",
			  "int f(int a)\n{\n\twhile (a > 3) {\n\t\ta--;\n"
			  "\t}\n\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, 0, 0, 0, false, false },
			{ "a label stops the walk",
			  "int f(int a)\n{\n\ta = 1;\nl:\n\ta++;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\tif (a < 3)\n"
			  "\t\tgoto l;\n\treturn a;\n}\n",
			  1, 0, 0, 0, false, false },
			{ "a conditional expression is a statement too",
			  "int f(int a)\n{\n\ta = a && g(a > 3 ? a : 0);\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, 1, 1, 1, false, true },
		};

		for (i = 0; i < sizeof(nth) / sizeof(*nth); i++) {
			unsigned int decl = 0, ln, first = 0, last = 0;
			bool head = false, cond = false;
			int r;

			ln = new_case("nth", nth[i].what, nth[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_prev_nth(&b, path, ln, "m", nth[i].n,
						&first, &last, &head, &cond);
			ok(r == nth[i].want &&
			   (r != 1 || (first == ln - nth[i].first &&
				       last == ln - nth[i].last &&
				       head == nth[i].head &&
				       cond == nth[i].cond)),
			   "prev_nth: %s: %d, lines %u-%u of %u, head %d "
			   "(want %d)", nth[i].what, r, first, last, ln, head,
			   nth[i].want);
		}
	}
	{
		/* smk_source_block_open() and smk_source_arm_entry(): the
		 * marker's block, and the if whose block it starts. */
		static const struct {
			const char *what, *text;
			int want_open;
			unsigned int open;	/* back from the marker's line */
			bool body;
			int want_arm;
			unsigned int hfirst, hlast, own, close; /* 0: none */
		} blk[] = {
			{ "the function's body",
			  "int f(int a)\n{\n\tint s = 2;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn a + s;\n}\n",
			  1, 2, true, 0, 0, 0, 0, 0 },
			{ "an if's block after declarations",
			  "int f(int a)\n{\n\tif (a > 2) {\n\t\tint s = 2;\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta += s;\n"
			  "\t}\n\treturn a;\n}\n",
			  1, 2, false, 1, 2, 2, 2, 2 },
			{ "an else's block: the head is the whole chain",
			  "int f(int a)\n{\n\tif (a > 2) {\n\t\ta = 1;\n"
			  "\t} else if (a < -2) {\n\t\ta = 2;\n\t} else {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta = 3;\n"
			  "\t}\n\treturn a;\n}\n",
			  1, 1, false, 1, 5, 3, 0, 2 },
			{ "a statement with code of its own before it",
			  "int f(int a)\n{\n\tif (a > 2) {\n\t\tif (a > 5)\n"
			  "\t\t\ta = 1;\n\t\ttrace_simple(m, \"%d\", a);\n"
			  "\t\ta++;\n\t}\n\treturn a;\n}\n",
			  1, 3, false, 0, 0, 0, 0, 0 },
			{ "a loop's body is no if's",
			  "int f(int a)\n{\n\twhile (a > 2) {\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\t\ta--;\n"
			  "\t}\n\treturn a;\n}\n",
			  1, 1, false, 0, 0, 0, 0, 0 },
			{ "a braceless arm",
			  "int f(int a)\n{\n\tif (a > 2)\n"
			  "\t\ttrace_simple(m, \"%d\", a);\n\treturn a;\n}\n",
			  0, 0, false, 0, 0, 0, 0, 0 },
		};

		for (i = 0; i < sizeof(blk) / sizeof(*blk); i++) {
			unsigned int decl = 0, ln, open = 0, hf = 0, hl = 0;
			unsigned int own = 0, close = 0;
			bool body = false;
			int r, ra;

			ln = new_case("blk", blk[i].what, blk[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_block_open(&b, path, ln, "m", decl,
						  &open, &body);
			ok(r == blk[i].want_open &&
			   (r != 1 || (open == ln - blk[i].open &&
				       body == blk[i].body)),
			   "block_open: %s: %d, line %u of %u, body %d "
			   "(want %d)", blk[i].what, r, open, ln, body,
			   blk[i].want_open);
			ra = smk_source_arm_entry(&b, path, ln, "m", &hf, &hl,
						  &own, &close, NULL);
			ok(ra == blk[i].want_arm &&
			   (ra != 1 || (hf == ln - blk[i].hfirst &&
				       hl == ln - blk[i].hlast &&
				       own == (blk[i].own ?
					       ln - blk[i].own : 0) &&
				       close == ln + blk[i].close)),
			   "arm_entry: %s: %d, head %u-%u, own %u, close %u "
			   "of %u (want %d)", blk[i].what, ra, hf, hl, own,
			   close, ln, blk[i].want_arm);
			if (strcmp(blk[i].what, "a loop's body is no if's"))
				continue;
			{
				bool loop = false;

				ra = smk_source_arm_entry(&b, path, ln, "m",
							  &hf, &hl, &own,
							  &close, &loop);
				ok(ra == 1 && loop && hf == ln - 1 &&
				   hl == ln - 1 && own == ln - 1 &&
				   close == ln + 2,
				   "arm_entry: a loop's body, loops asked: %d, "
				   "loop %d, head %u-%u, close %u of %u", ra,
				   loop, hf, hl, close, ln);
			}
		}
	}
	{
		/* smk_source_initializer(), smk_source_reassigned(): a
		 * constant and the assignment right after the marker. */
		static const char text[] =
			"int f(int a)\n{\n\tint l = (-3L);\n"
			"\tunsigned u = 0xD896E78DUL;\n"
			"\ttrace_simple(m, \"%d %u\", l, u); l ^= a;\n"
			"\tg(u);\n\treturn l;\n}\n";
		unsigned int decl = 0, ln;
		int64_t v = 0, w = 0;

		ln = new_case("init", "a constant, reassigned", text, path,
			      sizeof(path), &decl);
		if (ln) {
			int r1 = smk_source_initializer(&b, path, ln - 2, "l",
							&v);
			int r2 = smk_source_initializer(&b, path, ln - 1, "u",
							&w);

			ok(r1 == 1 && v == -3, "initializer: (-3L) is %lld",
			   (long long)v);
			ok(r2 == 1 && w == 0xD896E78DLL,
			   "initializer: 0xD896E78DUL is %#llx",
			   (long long)w);
			ok(smk_source_initializer(&b, path, ln + 2, "l", &v) ==
			   0, "initializer: a return is none");
			ok(smk_source_reassigned(&b, path, decl, ln - 2, ln,
						 "m", "l") == 1,
			   "reassigned: l ^= a right after the marker");
			ok(smk_source_reassigned(&b, path, decl, ln - 1, ln,
						 "m", "u") == -1,
			   "reassigned: g(u) on the next line: unknown");
		}
	}
	{
		/* ... and an assignment after a line that may assign it, a
		 * marker reading it between (csmith seed 6363: gcc's one
		 * constant 0 for "l_8 = 0xA835A23E86F8C7B5LL", assigned 0
		 * later by a for; read 0 at a marker before). */
		static const char text[] =
			"int f(int a)\n{\n\tlong l = 0xA835A23E86F8C7B5LL;\n"
			"\ttrace_simple(m, \"%ld\", l);\n"
			"\tg(l);\n\ttrace_simple(m2, \"%ld\", l);\n"
			"\tfor (l = 0; (l == 18); ++l)\n\t\ta++;\n"
			"\treturn a;\n}\n";
		unsigned int decl = 0, ln;

		ln = new_case("init", "assigned after an unknown", text, path,
			      sizeof(path), &decl);
		if (ln) {
			ok(smk_source_reassigned(&b, path, decl, ln - 1, ln,
						 "m", "l") == 1,
			   "reassigned: the for's l = 0 after g(l) and a "
			   "marker");
			ok(smk_source_line_assigns(&b, path, ln + 2, 0,
						   "l") == 0,
			   "line_assigns: a marker's argument is read only");
		}
	}
	{
		/* smk_source_body_statement(): every way from the entry
		 * comes to it (lua's freestack(): a return before it). */
		static const struct {
			const char *what, *text;
			int want;
		} body[] = {
			{ "after a declaration",
			  "int f(int *p)\n{\n\tint a = 1;\n"
			  "\ttrace_simple(m, \"%d\", a);\n\treturn g(a);\n}\n",
			  1 },
			{ "after an if that returns",
			  "int f(int *p)\n{\n\tif (p == 0)\n\t\treturn 0;\n"
			  "\ttrace_simple(m, \"%d\", 1);\n\treturn g(1);\n}\n",
			  0 },
			{ "in an if's arm",
			  "int f(int *p)\n{\n\tif (p) {\n"
			  "\t\ttrace_simple(m, \"%d\", 1);\n\t}\n\treturn 0;\n}\n",
			  0 },
		};

		for (i = 0; i < sizeof(body) / sizeof(*body); i++) {
			unsigned int decl = 0, ln;
			int r;

			ln = new_case("body", body[i].what, body[i].text, path,
				      sizeof(path), &decl);
			if (!ln)
				continue;
			r = smk_source_body_statement(&b, path, ln, "m", decl);
			ok(r == body[i].want, "body_statement: %s: %d (want %d)",
			   body[i].what, r, body[i].want);
		}
	}
	ok(smk_source_falls_to(&b, "/nonexistent/x.c", 5, "m", 6) == -1,
	   "falls_to: no source: unknown");
	/* No source, or no such marker: unknown, never a yes. */
	ok(smk_source_marker_sequel(&b, "/nonexistent/x.c", 5, "m", 1,
				    &(unsigned int){ 0 },
				    (unsigned int (*)[2])path, 1,
				    &(size_t){ 0 }, &(bool){ false },
				    false, &(unsigned int){ 0 }) == -1,
	   "sequel: a missing file is unknown");
	ok(smk_source_marker_in_choice(&b, path, 3, "nosuchmarker") == -1,
	   "in_choice: a marker not in the file is unknown");
	if (b.src_cache_free)
		b.src_cache_free(b.src_cache);
	for (i = 0; i < 200; i++) {
		snprintf(path, sizeof(path), "%s/case%zu.c", dir, i);
		unlink(path);
	}
	rmdir(dir);
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
