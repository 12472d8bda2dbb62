// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of marker argument expressions (expr.c) and the DWARF helpers
 * under them (dwarf-aux.c).  Prints TAP; tests/expr.t runs it.
 *
 *	tests/unit/expr [LABEL=BINARY]...
 *
 * Without arguments: the parser alone, on valid, invalid and hostile text
 * and a fixed-seed fuzz loop.  Each LABEL=BINARY is a build of
 * tests/fixtures/types.c (LABEL is "gcc-O0", "clang-O2"...; BINARY may be
 * "SKIP:why" or "FAIL:why" when it could not be built).  For each, every
 * argument of every record in the binary's __simple_marker section is
 * resolved in the scopes of its record's DWARF variable and compared with
 * the table below: C type text, base variable, file scope or not, and the
 * step chain with its offsets.  A record argument without an entry fails,
 * and so does an entry without a record argument.
 *
 * Step chains are printed one step at a time: "->N" member through a
 * pointer, ".N" member or "*a" deref of an array (no load), "*" deref of a
 * pointer, "->[O/E]" and ".[O/E]" index through a pointer or into an array
 * (byte offset O, element size E); a bitfield member adds ":WIDTH@BIT/UNIT".
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include <linux/simple_marker.h>

#include "smk/dwarf-aux.h"
#include "smk/expr.h"

/* The tables below leave their optional trailing fields out. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include "dwarf-fixture.h"
#include "tap.h"

/* @s for a TAP line: control bytes and non-ASCII as \xNN. */
static const char *esc(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	for (; *s && n + 5 < size; s++) {
		unsigned char c = *s;

		if (c >= 0x20 && c < 0x7f)
			buf[n++] = c;
		else
			n += snprintf(buf + n, size - n, "\\x%02x", c);
	}
	buf[n] = '\0';
	return buf;
}

/* "a ->b .c [3] *": what the parser understood. */
static void render_expr(const struct smk_expr *e, char *buf, size_t size)
{
	size_t n;
	unsigned int i;

	n = snprintf(buf, size, "%s", e->base ? e->base : "-");
	for (i = 0; i < e->nsteps && n < size; i++) {
		const struct smk_expr_step *s = &e->steps[i];

		if (s->op == SMK_EXPR_MEMBER)
			n += snprintf(buf + n, size - n, " %s%s",
				      s->arrow ? "->" : ".", s->member);
		else if (s->op == SMK_EXPR_DEREF)
			n += snprintf(buf + n, size - n, " *");
		else if (s->op == SMK_EXPR_CAST)
			n += snprintf(buf + n, size - n, " (%s)", s->member);
		else
			n += snprintf(buf + n, size - n, " [%lu]", s->index);
	}
}

/* The step chain of a result, as described at the top. */
static void render_steps(const struct smk_expr_result *res, char *buf,
			 size_t size)
{
	size_t n = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < res->nsteps && n < size; i++) {
		const struct smk_expr_result_step *s = &res->steps[i];
		const char *sep = i ? " " : "";

		switch (s->op) {
		case SMK_EXPR_MEMBER:
			n += snprintf(buf + n, size - n, "%s%s%llu", sep,
				      s->deref ? "->" : ".",
				      (unsigned long long)s->offset);
			if (s->bit_size && n < size)
				n += snprintf(buf + n, size - n, ":%u@%u/%u",
					      s->bit_size, s->bit_offset,
					      s->unit_size);
			break;
		case SMK_EXPR_DEREF:
			n += snprintf(buf + n, size - n, "%s%s%s", sep,
				      s->deref ? "*" : "*a",
				      s->offset ? "+?" : "");
			break;
		case SMK_EXPR_INDEX:
			n += snprintf(buf + n, size - n, "%s%s[%llu/%llu]", sep,
				      s->deref ? "->" : ".",
				      (unsigned long long)s->offset,
				      (unsigned long long)s->elem_size);
			break;
		case SMK_EXPR_CAST:	/* casts make no result step */
			break;
		}
	}
}

/* Parser */

struct parse_case {
	const char *text;
	const char *expr;	/* render_expr(), NULL: not understood */
	const char *reason;	/* substring of the reason, NULL: none */
	const char *cast;
};

static const struct parse_case parse_cases[] = {
	{ "len", "len" },
	{ "p->x", "p ->x" },
	{ "o->item->name", "o ->item ->name" },
	{ "req.hdr.id", "req .hdr .id" },
	{ "*cnt", "cnt *" },
	{ "buf[3]", "buf [3]" },
	{ "buf[0x1F]", "buf [31]" },
	{ "buf[010]", "buf [8]" },
	{ "buf[3u]", "buf [3]" },
	{ "buf[0]", "buf [0]" },
	{ "buf[4294967295UL]", "buf [4294967295]" },
	{ "**pp", "pp * *" },
	{ "*a.b[2]", "a .b [2] *" },
	{ "(*p).x", "p * .x" },
	{ "*(p->x)", "p ->x *" },
	{ "( * r ) . hdr . id", "r * .hdr .id" },
	{ " \tx\n", "x" },
	{ "((x))", "x" },
	{ "(p)->x", "p ->x" },
	{ "(*r->row)[2]", "r ->row * [2]" },
	{ "a->b[1][2]", "a ->b [1] [2]" },
	{ "__smk_x9", "__smk_x9" },
	{ "(long)x", "x (long)", NULL, "long" },
	{ "(unsigned long long)r->fl.e", "r ->fl .e (unsigned long long)",
	  NULL, "unsigned long long" },
	{ "(struct item *)p", "p (struct item *)", NULL, "struct item *" },
	{ "( const char * ) s", "s (const char *)", NULL, "const char *" },
	{ "(u32)*p", "p * (u32)", NULL, "u32" },
	{ "(long)(int)x", "x (int) (long)", NULL, "long" },
	{ "*(long *)p", "p (long *) *" },
	{ "((struct s *)p)->m", "p (struct s *) ->m" },
	{ "((struct s *)p->q)->m[2]", "p ->q (struct s *) ->m [2]" },
	{ "(int)p->x", "p ->x (int)", NULL, "int" },
	{ "a + b", NULL, "arithmetic ('+' at offset 2) is not fetchable" },
	{ "a*b", NULL, "arithmetic ('*'" },
	{ "(a) - b", NULL, "arithmetic ('-'" },
	{ "a<<2", NULL, "arithmetic ('<<'" },
	{ "1+2", NULL, "a constant ('1' at offset 0)" },
	{ "42", NULL, "a constant" },
	{ "f(x)", NULL, "a function call ('(' at offset 1)" },
	{ "r->cb(a, 0)", NULL, "a function call" },
	{ "&x", NULL, "address-of" },
	{ "&r->hdr", NULL, "address-of" },
	{ "x++", NULL, "an increment" },
	{ "--x", NULL, "a decrement" },
	{ "a ? b : 0", NULL, "a conditional" },
	{ "a, b", NULL, "a comma operator" },
	{ "x = 1", NULL, "an assignment" },
	{ "x += 1", NULL, "an assignment" },
	{ "a == b", NULL, "a comparison" },
	{ "a && b", NULL, "a logical operator" },
	{ "-x", NULL, "a unary operator" },
	{ "!x", NULL, "a unary operator" },
	{ "~x", NULL, "a unary operator" },
	{ "\"str\"", NULL, "a string literal" },
	{ "'c'", NULL, "a character constant" },
	{ "sizeof(x)", NULL, "'sizeof' is not fetchable" },
	{ "sizeof x", NULL, "'sizeof' is not fetchable" },
	{ "a->", NULL, "'->' must be followed by a member name" },
	{ "a.", NULL, "'.' must be followed by a member name" },
	{ "a->1", NULL, "member name" },
	{ "a.->b", NULL, "member name" },
	{ "[", NULL, "unbalanced brackets" },
	{ "a[", NULL, "unbalanced brackets" },
	{ "a[1", NULL, "unbalanced brackets" },
	{ "a]", NULL, "unbalanced brackets" },
	{ "a[i]", NULL, "an index must be an integer constant" },
	{ "a[-1]", NULL, "an index must be an integer constant" },
	{ "a[1.5]", NULL, "an index must be an integer constant" },
	{ "a[4294967296]", NULL, "index too large" },
	{ "a[99999999999999999999999]", NULL, "index too large" },
	{ "a[08]", NULL, "bad integer constant" },
	{ "a[0x]", NULL, "bad integer constant" },
	{ "a[1z]", NULL, "bad integer constant" },
	{ "(x", NULL, "unbalanced parentheses" },
	{ "x)", NULL, "unbalanced parentheses" },
	{ "((x)", NULL, "unbalanced parentheses" },
	{ "()", NULL, "unbalanced parentheses" },
	{ "(", NULL, "expression ends early" },
	{ "*", NULL, "expression ends early" },
	{ "", NULL, "empty expression" },
	{ "   ", NULL, "empty expression" },
	{ "x y", NULL, "unexpected 'y' at offset 2" },
	{ "a\001b", NULL, "unexpected '\\x01' at offset 1" },
	{ "a\377", NULL, "unexpected '\\xff' at offset 1" },
	{ "a$b", NULL, "unexpected '$'" },
	{ "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q",
	  "a .b .c .d .e .f .g .h .i .j .k .l .m .n .o .p .q" },
	{ "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r", NULL, "more than 16 steps" },
	{ "****************p", "p * * * * * * * * * * * * * * * *" },
	{ "*****************p", NULL, "more than 16 steps" },
	{ "((((((((((((((((x))))))))))))))))", "x" },
	{ "(((((((((((((((((x)))))))))))))))))", NULL,
	  "parentheses nested too deeply" },
};

static void test_parse_case(const struct parse_case *c)
{
	struct smk_expr *e;
	struct smk_error *err;
	char got[512], desc[600], text[600];
	int good;

	err = smk_expr_parse(c->text, &e);
	if (err) {
		ok(0, "parse '%s': %s", esc(c->text, text, sizeof(text)),
		   err->message);
		smk_error_destroy(err);
		return;
	}
	render_expr(e, got, sizeof(got));
	good = c->expr ? !strcmp(got, c->expr) : !e->base && !e->nsteps;
	if (c->reason)
		good &= e->reason && strstr(e->reason, c->reason) != NULL;
	else
		good &= !e->reason;
	good &= c->cast ? e->cast && !strcmp(e->cast, c->cast) : !e->cast;
	snprintf(desc, sizeof(desc), "parse '%s'",
		 esc(c->text, text, sizeof(text)));
	ok(good, "%s", desc);
	if (!good) {
		diag("got:      '%s' reason '%s' cast '%s'", got,
		     e->reason ? esc(e->reason, text, sizeof(text)) : "(none)",
		     e->cast ? e->cast : "(none)");
		diag("expected: '%s' reason '%s' cast '%s'",
		     c->expr ? c->expr : "-",
		     c->reason ? c->reason : "(none)",
		     c->cast ? c->cast : "(none)");
	}
	smk_expr_destroy(e);
}

static void test_parse_long(void)
{
	static char text[100001];
	struct smk_expr *e;
	struct smk_error *err;
	int good;

	/* Exactly the limit parses; one more byte does not. */
	memset(text, 'a', SMK_EXPR_MAX_LEN);
	text[SMK_EXPR_MAX_LEN] = '\0';
	err = smk_expr_parse(text, &e);
	good = !err && e->base && strlen(e->base) == SMK_EXPR_MAX_LEN &&
	       !e->reason;
	ok(good, "a %d-byte identifier parses", SMK_EXPR_MAX_LEN);
	smk_error_destroy(err);
	if (!err)
		smk_expr_destroy(e);

	text[SMK_EXPR_MAX_LEN] = 'a';
	text[SMK_EXPR_MAX_LEN + 1] = '\0';
	err = smk_expr_parse(text, &e);
	good = !err && !e->base && e->reason &&
	       strstr(e->reason, "longer than 256 bytes") &&
	       strlen(e->text) == SMK_EXPR_MAX_LEN;
	ok(good, "%d bytes: too long, text kept cut",
	   SMK_EXPR_MAX_LEN + 1);
	smk_error_destroy(err);
	if (!err)
		smk_expr_destroy(e);

	/* 100 KB of open parentheses: no recursion, no overread. */
	memset(text, '(', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	err = smk_expr_parse(text, &e);
	ok(!err && !e->base && e->reason &&
	   strstr(e->reason, "longer than 256 bytes"),
	   "100000 '(' rejected as too long");
	smk_error_destroy(err);
	if (!err)
		smk_expr_destroy(e);

	/* 256 bytes of nesting, within the length limit. */
	memset(text, '(', 128);
	memset(text + 128, ')', 128);
	text[64] = 'x';
	text[256] = '\0';
	err = smk_expr_parse(text, &e);
	ok(!err && !e->base && e->reason &&
	   strstr(e->reason, "nested too deeply"),
	   "deep parentheses within 256 bytes rejected");
	smk_error_destroy(err);
	if (!err)
		smk_expr_destroy(e);

	err = smk_expr_parse(NULL, &e);
	ok(err && err->code == SMK_ERROR_INVALID && !e,
	   "NULL text is SMK_ERROR_INVALID");
	smk_error_destroy(err);
}

/*
 * Random strings over the expression alphabet: parse never fails, and what
 * it returns keeps its promises.
 */
static void test_parse_fuzz(void)
{
	static const char alphabet[] = "ab_.->*[]()0x19 +&,?'\"\001\377u";
	unsigned int seed = 12345, round, bad = 0;
	char text[80];

	for (round = 0; round < 20000; round++) {
		struct smk_expr *e;
		struct smk_error *err;
		size_t len, i;

		seed = seed * 1103515245 + 12345;
		len = (seed >> 16) % sizeof(text);
		for (i = 0; i < len; i++) {
			seed = seed * 1103515245 + 12345;
			text[i] = alphabet[(seed >> 16) %
					   (sizeof(alphabet) - 1)];
		}
		text[len] = '\0';
		err = smk_expr_parse(text, &e);
		if (err) {
			bad++;
			smk_error_destroy(err);
			continue;
		}
		if (e->nsteps > SMK_EXPR_MAX_STEPS ||
		    (!e->base && (!e->reason || e->nsteps || e->cast)) ||
		    (e->base && e->reason && !e->cast) ||
		    (e->reason && strlen(e->reason) >= SMK_EXPR_MAX_REASON)) {
			if (bad++ < 5)
				diag("broken promise on '%s'", text);
		}
		smk_expr_destroy(e);
	}
	ok(!bad, "fuzz: 20000 random texts parse with consistent results");
}

/* DWARF */

/* Builds of the fixture, for known differences between them. */
enum {
	GCC_O0 = 1,
	GCC_O2 = 2,
	CLANG_O0 = 4,
	CLANG_O2 = 8,
	IN_GCC = GCC_O0 | GCC_O2,
	IN_CLANG = CLANG_O0 | CLANG_O2,
};

/*
 * One marker argument.  type NULL: it must not resolve, and reason is a
 * substring of res.reason.  With type set and reason set: it resolves but is
 * not fetchable (a cast).  unres: in builds of these compilers, it does not
 * resolve, with reason unres_reason (a known difference, explained).
 */
struct arg_case {
	const char *marker, *arg;
	const char *type, *chain;
	int global;
	const char *reason;
	int unres;
	const char *unres_reason;
};

static const struct arg_case arg_cases[] = {
	{ "params", "len", "int", "" },
	{ "params", "pt.x", "int", ".0" },
	{ "params", "big", "counter_t", "" },
	{ "params", "s", "const char *", "" },
	{ "params", "c", "enum color", "" },
	{ "params", "r->hdr.id", "unsigned int", "->0 .4" },
	{ "params", "r->item->name", "const char *", "->32 ->0" },
	{ "params", "r->items[2].stock", "int", "->40 .[32/16] .12" },

	{ "members", "r->ival", "int", "->8" },
	{ "members", "r->lval", "long", "->8" },
	{ "members", "r->tag", "char [8]", "->16" },
	{ "members", "r->where.y", "int", "->24 .4" },
	{ "members", "r->vals[3]", "int", "->88 .[12/4]" },
	{ "members", "r->name", "char [16]", "->124" },
	{ "members", "r->label", "const char *", "->144" },
	{ "members", "r->vflag", "volatile int", "->152" },
	{ "members", "r->acount", "_Atomic int", "->156" },
	{ "members", "r->pt.y", "int", "->192 .4" },
	{ "members", "r->next->next->hdr.len", "unsigned short",
	  "->200 ->200 ->0 .0" },
	{ "members", "r->grid[1][2]", "char", "->208 .[3/3] .[2/1]" },

	{ "pointers", "r->cb", "int (*)(int, char *)", "->104" },
	{ "pointers", "r->handler", "handler_fn", "->112" },
	{ "pointers", "r->row", "int (*)[4]", "->160" },
	{ "pointers", "(*r->row)[2]", "int", "->160 * .[8/4]" },
	{ "pointers", "r->data", "void *", "->184" },
	{ "pointers", "*r->item", "struct item", "->32 *" },
	{ "pointers", "(*r).items", "struct item [3]", "* .40" },
	{ "pointers", "r->grid[1]", "char [3]", "->208 .[3/3]" },
	{ "pointers", "r->anon_obj", "struct <anonymous>", "->216" },
	{ "pointers", "r->argv", "const char *const *", "->224" },
	{ "pointers", "r->namer", "char *(*)(void)", "->232" },
	{ "pointers", "r->handle", "struct opaque *", "->240" },
	{ "pointers2", "r->anon_obj.depth", "int", "->216 .0" },
	{ "pointers2", "r->hits", "counter_t", "->248" },
	{ "pointers2", "*r->argv", "const char *const", "->224 *" },
	{ "pointers2", "r->items->name", "const char *", "->40 .0" },
	{ "pointers2", "( * r ) . hdr . id", "unsigned int", "* .0 .4" },
	{ "pointers2", "r->argv[1]", "const char *const", "->224 ->[8/8]" },

	{ "bitfields", "r->fl.a", "unsigned int", "->168 .0:3@0/4" },
	{ "bitfields", "r->fl.b", "unsigned int", "->168 .0:5@3/4" },
	{ "bitfields", "r->fl.c", "int", "->168 .0:7@8/4" },
	{ "bitfields", "r->fl.d", "unsigned char", "->168 .2" },
	{ "bitfields", "(unsigned long long)r->fl.e", "unsigned long long",
	  "->168 .0:40@24/8" },
	{ "bitfields", "r->state", "unsigned int", "->176:4@0/4" },
	{ "bitfields", "pk->y", "unsigned int", "->1:30@0/4" },
	{ "bitfields", "r->pk.y", "unsigned int", "->256 .1:30@0/4" },

	{ "globals", "global_count", "int", "", 1 },
	{ "globals", "static_req.hdr.id", "unsigned int", ".0 .4", 1 },
	/* clang describes no extern declaration it does not need. */
	{ "globals", "ext_counter", "int", "", 1, NULL, IN_CLANG,
	  "no variable 'ext_counter' in scope" },
	{ "globals", "global_reqp->item->price", "unsigned int", "->32 ->8",
	  1 },
	{ "globals", "banner", "const char [8]", "", 1 },
	{ "globals", "banner[3]", "const char", ".[3/1]", 1 },
	{ "globals", "origin.x", "int", ".0", 1 },
	{ "globals", "global_color", "enum color", "", 1 },
	{ "globals", "global_handler", "handler_fn", "", 1 },
	{ "globals", "static_req.vals[0x2]", "int", ".88 .[8/4]", 1 },

	{ "nested_inner", "i", "int", "" },
	{ "nested_inner", "depth", "short", "" },
	{ "nested_inner", "it.name", "const char *", ".0" },
	{ "nested_inner", "n", "int", "" },
	{ "nested_inner", "total", "long", "" },
	{ "nested_inner", "it.price", "unsigned int", ".8" },
	{ "before_shadow", "depth", "int", "" },
	/*
	 * clang 14 puts the record directly under the function and
	 * smk_dwarf_decl_scopes() finds the block from its line span; at -O2
	 * no code of the block is on or after the marker's line.
	 */
	{ "block_end", "last", "int", "", 0, NULL, CLANG_O2,
	  "no variable 'last' in scope" },
	{ "block_end", "depth", "int", "" },

	{ "line_total", "it->name", "const char *", "->0" },
	{ "line_total", "qty", "int", "" },
	{ "line_total", "total", "int", "" },
	{ "line_total", "it->price", "unsigned int", "->8" },

	{ "unfetchable", "a + b", NULL, NULL, 0, "arithmetic ('+'" },
	{ "unfetchable", "(long)a", "long", "" },
	{ "unfetchable", "r->cb(a, 0)", NULL, NULL, 0, "a function call" },
	{ "unfetchable", "&r->hdr", NULL, NULL, 0, "address-of" },
	{ "unfetchable", "a ? b : 0", NULL, NULL, 0, "a conditional" },
	{ "unfetchable", "r->vals[a]", NULL, NULL, 0,
	  "an index must be an integer constant" },
};

/* Expressions that are not in the fixture, resolved in a marker's scope. */
static const struct arg_case extra_cases[] = {
	{ "params", "r->items[1]", "struct item", "->40 .[16/16]" },
	{ "params", "r->row[1]", "int [4]", "->160 ->[16/16]" },
	{ "params", "r->row[1][3]", "int", "->160 ->[16/16] .[12/4]" },
	{ "params", "*r->items", "struct item", "->40 *a" },
	{ "params", "r->grid[1][2]", "char", "->208 .[3/3] .[2/1]" },
	{ "params", "r->fl", "struct flags", "->168" },
	{ "params", "pt", "struct point", "" },
	{ "params", "r->pt", "point_t", "->192" },
	{ "params", "r->nosuch", NULL, NULL, 0,
	  "no member 'nosuch' in 'struct req'" },
	{ "params", "pt.z", NULL, NULL, 0, "no member 'z' in 'struct point'" },
	{ "params", "r->pt.z", NULL, NULL, 0, "no member 'z' in 'point_t'" },
	{ "params", "r.hdr", NULL, NULL, 0,
	  "'.hdr' on pointer 'struct req *': use '->'" },
	{ "params", "len->x", NULL, NULL, 0,
	  "'->x' on 'int', which is not a pointer" },
	{ "params", "*len", NULL, NULL, 0,
	  "'*' on 'int', which is not a pointer" },
	{ "params", "len[1]", NULL, NULL, 0,
	  "'[1]' on 'int', which is not a pointer" },
	{ "params", "pt->x", NULL, NULL, 0,
	  "'->x' on 'struct point', which is not a pointer" },
	{ "params", "r->handle->x", NULL, NULL, 0,
	  "'struct opaque' is incomplete here (declared only)" },
	{ "params", "*r->handle", "struct opaque", "->240 *" },
	{ "params", "r->handle[1]", NULL, NULL, 0,
	  "'struct opaque' has no size: incomplete type" },
	{ "params", "*r->data", NULL, NULL, 0,
	  "'*' on 'void *', which points to void" },
	{ "params", "r->data[1]", NULL, NULL, 0, "points to void" },
	{ "params", "*r->cb", NULL, NULL, 0, "'*' on a function pointer" },
	{ "params", "r->grid[1].x", NULL, NULL, 0,
	  "'char [3]' is not a struct or union" },
	{ "params", "r->fl.a.b", NULL, NULL, 0,
	  "'unsigned int' is not a struct or union" },
	{ "params", "r->hdr[1]", NULL, NULL, 0,
	  "'[1]' on 'struct hdr', which is not a pointer" },
	{ "params", "nosuch", NULL, NULL, 0, "no variable 'nosuch' in scope" },
	{ "params", "depth", NULL, NULL, 0, "no variable 'depth' in scope" },
	{ "params", "global_reqp", "struct req *", "", 1 },
	{ "params", "sunk", "volatile long", "", 1 },
	{ "params", "r->vals[4294967295]", "int", "->88 .[17179869180/4]" },
	{ "members", "*r->next->next", "struct req", "->200 ->200 *" },
	/* Casts: to integers (no step), to pointers (the steps after). */
	{ "params", "(unsigned)len", "unsigned", "" },
	{ "params", "(int)(long)len", "int", "" },
	{ "params", "(unsigned char)r->hdr.id", "unsigned char", "->0 .4" },
	{ "params", "((struct item *)r->data)->price", "unsigned int",
	  "->184 ->8" },
	{ "params", "((const struct item *)r->data)->name", "const char *",
	  "->184 ->0" },
	{ "params", "*(int *)r->data", "int", "->184 *" },
	{ "params", "(char *)r->data", "char *", "->184" },
	{ "params", "((struct item *)r->data)[1].price", "unsigned int",
	  "->184 ->[16/16] .8" },
	{ "params", "(long)r->data", "long", "->184" },
	{ "params", "((struct nosuch *)r->data)->x", NULL, NULL, 0,
	  "no such type in this unit's DWARF" },
	{ "params", "(struct item *)len", NULL, NULL, 0,
	  "a cast of a 4-byte integer to the pointer 'struct item *'" },
	{ "params", "(long)pt", NULL, NULL, 0,
	  "a cast of 'struct point' (neither an integer nor a pointer)" },
	{ "params", "(_Bool)len", NULL, NULL, 0, "is a comparison with 0" },
	{ "params", "(int (*)(int))r->cb", NULL, NULL, 0,
	  "only to integer and pointer types" },
	{ "params", "((struct item **)r->data)->price", NULL, NULL, 0,
	  "a pointer to a pointer" },
	{ "params", "*(void *)r->data", NULL, NULL, 0,
	  "'*' on 'void *', which points to void" },
	{ "params", "*(void **)r->data", "void *", "->184 *" },
	{ "params", "**(void **)r->data", NULL, NULL, 0,
	  "'*' on 'void *', which points to void" },
	{ "params", "(void)len", NULL, NULL, 0, "a cast to void" },
};

/* Records of the fixture: marker name and argument texts. */
struct record {
	const char *name;
	const char *args[SIMPLE_MARKER_MAX_ARGS];
	int nargs;
	int seen[SIMPLE_MARKER_MAX_ARGS];
};

enum { MAX_RECORDS = 64 };

struct fixture {
	const char *label;
	int build;		/* GCC_O0... */
	int fd;
	Elf *elf;
	Dwarf *dwarf;
	struct record records[MAX_RECORDS];
	int nrecords;
};

/*
 * The records of the __simple_marker section.  The fixture is ours, but the
 * walk is bounded all the same: a record must fit the section and its
 * strings their record.
 */
static int read_records(struct fixture *fx)
{
	size_t shstrndx, off = 0;
	Elf_Scn *scn = NULL;
	Elf_Data *data = NULL;
	GElf_Shdr shdr;

	if (elf_getshdrstrndx(fx->elf, &shstrndx))
		return -1;
	while ((scn = elf_nextscn(fx->elf, scn))) {
		const char *name;

		if (!gelf_getshdr(scn, &shdr))
			return -1;
		name = elf_strptr(fx->elf, shstrndx, shdr.sh_name);
		if (name && !strcmp(name, "__simple_marker")) {
			data = elf_getdata(scn, NULL);
			break;
		}
	}
	if (!data || !data->d_buf)
		return -1;
	while (off + sizeof(struct simple_marker_header) <= data->d_size) {
		const char *base = (const char *)data->d_buf + off;
		struct simple_marker_header h;
		struct record *rec;
		const char *s, *end;
		int i;

		memcpy(&h, base, sizeof(h));
		if (!h.magic[0]) {
			off += 4;	/* padding */
			continue;
		}
		if (memcmp(h.magic, "SMKR", 4) || h.size < sizeof(h) ||
		    off + h.size > data->d_size ||
		    sizeof(h) + h.strings > h.size ||
		    h.nargs > SIMPLE_MARKER_MAX_ARGS ||
		    fx->nrecords >= MAX_RECORDS)
			return -1;
		rec = &fx->records[fx->nrecords++];
		memset(rec, 0, sizeof(*rec));
		s = base + sizeof(h);
		end = s + h.strings;
		/* name, file, format, then the arguments */
		for (i = 0; i < 3 + h.nargs; i++) {
			const char *nul = memchr(s, '\0', end - s + 1);

			if (!nul || nul > end)
				return -1;
			if (i == 0)
				rec->name = s;
			else if (i >= 3)
				rec->args[rec->nargs++] = s;
			s = nul + 1;
		}
		off += h.size;
	}
	return 0;
}

static const struct arg_case *find_case(const struct arg_case *cases,
					size_t ncases, const char *marker,
					const char *arg)
{
	size_t i;

	for (i = 0; i < ncases; i++) {
		if (!strcmp(cases[i].marker, marker) &&
		    !strcmp(cases[i].arg, arg))
			return &cases[i];
	}
	return NULL;
}

/* Resolve @c in @scopes and compare with what it expects. */
static void check_case(struct fixture *fx, const struct arg_case *c,
		       Dwarf_Die *scopes, int nscopes)
{
	struct smk_expr_result res;
	struct smk_error *err;
	struct smk_expr *e;
	char chain[512], desc[512];
	const char *var, *reason = c->reason;
	int good, resolves = c->type != NULL;

	snprintf(desc, sizeof(desc), "%s: %s: '%s'", fx->label, c->marker,
		 c->arg);
	if (c->unres & fx->build) {
		resolves = 0;
		reason = c->unres_reason;
	}
	err = smk_expr_parse(c->arg, &e);
	if (err) {
		ok(0, "%s: %s", desc, err->message);
		smk_error_destroy(err);
		return;
	}
	err = smk_expr_resolve(e, scopes, nscopes, &res);
	if (err) {
		ok(0, "%s: %s", desc, err->message);
		smk_error_destroy(err);
		smk_expr_result_deinit(&res);
		smk_expr_destroy(e);
		return;
	}
	render_steps(&res, chain, sizeof(chain));
	var = res.resolved ? smk_dwarf_diename_origin(&res.var) : NULL;
	if (resolves) {
		good = res.resolved && res.type_name &&
		       !strcmp(res.type_name, c->type) &&
		       !strcmp(chain, c->chain) &&
		       res.global == c->global && var &&
		       !strcmp(var, e->base) &&
		       (reason ? res.reason && strstr(res.reason, reason) :
				 !res.reason);
	} else {
		good = !res.resolved && res.reason &&
		       strstr(res.reason, reason) != NULL;
	}
	ok(good, "%s", desc);
	if (!good) {
		diag("got:      %s '%s' '%s'%s var %s reason '%s'",
		     res.resolved ? "resolved" : "unresolved",
		     res.type_name ? res.type_name : "-", chain,
		     res.global ? " global" : "", var ? var : "-",
		     res.reason ? res.reason : "-");
		if (resolves)
			diag("expected: resolved '%s' '%s'%s var %s reason '%s'",
			     c->type, c->chain, c->global ? " global" : "",
			     e->base, reason ? reason : "-");
		else
			diag("expected: unresolved, reason '%s'", reason);
	}
	smk_expr_result_deinit(&res);
	smk_expr_destroy(e);
}

/* Same DIEs in the same order. */
static int same_scopes(Dwarf_Die *a, int na, Dwarf_Die *b, int nb)
{
	int i;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++) {
		if (dwarf_dieoffset(&a[i]) != dwarf_dieoffset(&b[i]))
			return 0;
	}
	return 1;
}

/*
 * At file scope the definition wins over an extern declaration of the
 * same variable, and an extern declaration alone is still found.
 */
static void check_definitions(struct fixture *fx, Dwarf_Die *scopes,
			      int nscopes)
{
	struct smk_error *err;
	Dwarf_Attribute attr;
	Dwarf_Die var;

	err = smk_dwarf_find_variable(scopes, nscopes, "global_count", &var,
				      NULL);
	ok(!err && dwarf_attr_integrate(&var, DW_AT_location, &attr) &&
	   !dwarf_hasattr(&var, DW_AT_declaration),
	   "%s: global_count: the definition, not the extern declaration",
	   fx->label);
	smk_error_destroy(err);
	if (fx->build & IN_CLANG)
		return;
	err = smk_dwarf_find_variable(scopes, nscopes, "ext_counter", &var,
				      NULL);
	ok(!err && dwarf_hasattr(&var, DW_AT_declaration),
	   "%s: ext_counter: its extern declaration", fx->label);
	smk_error_destroy(err);
}

static void check_record(struct fixture *fx, struct record *rec)
{
	Dwarf_Die vars[4], *scopes, *raw;
	struct smk_error *err;
	char name[128];
	int n, nscopes, nraw, i;
	size_t j;

	snprintf(name, sizeof(name), "__smk_%s", rec->name);
	n = find_vars(fx->dwarf, name, vars, 4);
	if (n != 1) {
		ok(0, "%s: %s: one DWARF variable %s, found %d", fx->label,
		   rec->name, name, n);
		return;
	}
	err = smk_dwarf_decl_scopes(&vars[0], &scopes, &nscopes);
	if (err) {
		ok(0, "%s: %s: scopes: %s", fx->label, rec->name,
		   err->message);
		smk_error_destroy(err);
		return;
	}
	/* gcc gets scopes right: its chains come back unchanged. */
	if (fx->build & IN_GCC) {
		nraw = dwarf_getscopes_die(&vars[0], &raw);
		ok(nraw > 0 && same_scopes(scopes, nscopes, raw, nraw),
		   "%s: %s: scopes are dwarf_getscopes_die()'s", fx->label,
		   rec->name);
		if (nraw > 0)
			free(raw);
	}
	for (i = 0; i < rec->nargs; i++) {
		const struct arg_case *c;

		c = find_case(arg_cases, sizeof(arg_cases) /
			      sizeof(*arg_cases), rec->name, rec->args[i]);
		if (!c) {
			ok(0, "%s: %s: '%s' has an entry in the table",
			   fx->label, rec->name, rec->args[i]);
			continue;
		}
		check_case(fx, c, scopes, nscopes);
		rec->seen[i] = 1;
	}
	for (j = 0; j < sizeof(extra_cases) / sizeof(*extra_cases); j++) {
		if (!strcmp(extra_cases[j].marker, rec->name))
			check_case(fx, &extra_cases[j], scopes, nscopes);
	}
	if (!strcmp(rec->name, "globals"))
		check_definitions(fx, scopes, nscopes);
	free(scopes);
}

/*
 * The concrete copies of line_total() inlined into order_a() and order_b():
 * from the inlined_subroutine, the parameters are concrete DIEs named
 * through their abstract origin, and the caller's locals are out of scope.
 */
/* In an inlined copy, a parameter is the copy's DIE, which has its location. */
static void check_concrete(struct fixture *fx, const char *caller,
			   Dwarf_Die *scopes, int nscopes)
{
	struct smk_error *err;
	Dwarf_Die var;
	int idx = -1;

	err = smk_dwarf_find_variable(scopes, nscopes, "qty", &var, &idx);
	ok(!err && idx == 0 && dwarf_hasattr(&var, DW_AT_abstract_origin),
	   "%s: %s: qty is the inlined copy's parameter", fx->label, caller);
	smk_error_destroy(err);
}

static void check_inlined(struct fixture *fx)
{
	static const struct arg_case cases[] = {
		{ "inlined", "it->price", "unsigned int", "->8" },
		{ "inlined", "qty", "int", "" },
		{ "inlined", "total", "int", "" },
		{ "inlined", "n", NULL, NULL, 0, "no variable 'n' in scope" },
		{ "inlined", "global_count", "int", "", 1 },
	};
	Dwarf_Off off = 0, next;
	size_t hsize, i;
	int found = 0;

	while (dwarf_nextcu(fx->dwarf, off, &next, &hsize, NULL, NULL,
			    NULL) == 0) {
		Dwarf_Die cu, fn, child;

		if (!dwarf_offdie(fx->dwarf, off + hsize, &cu))
			break;
		off = next;
		if (dwarf_child(&cu, &fn))
			continue;
		do {
			const char *name = dwarf_diename(&fn);

			if (dwarf_tag(&fn) != DW_TAG_subprogram || !name ||
			    (strcmp(name, "order_a") &&
			     strcmp(name, "order_b")) ||
			    dwarf_child(&fn, &child))
				continue;
			do {
				const char *callee;
				Dwarf_Die *scopes;
				int n;

				callee = smk_dwarf_diename_origin(&child);
				if (dwarf_tag(&child) !=
				    DW_TAG_inlined_subroutine || !callee ||
				    strcmp(callee, "line_total"))
					continue;
				n = dwarf_getscopes_die(&child, &scopes);
				if (n <= 0)
					continue;
				found++;
				for (i = 0; i < sizeof(cases) / sizeof(*cases);
				     i++) {
					struct arg_case c = cases[i];

					c.marker = name;
					check_case(fx, &c, scopes, n);
				}
				check_concrete(fx, name, scopes, n);
				free(scopes);
			} while (dwarf_siblingof(&child, &child) == 0);
		} while (dwarf_siblingof(&fn, &fn) == 0);
	}
	ok(found == 2, "%s: line_total inlined twice (found %d)", fx->label,
	   found);
}

/* Type names of the fixture's own type DIEs, through variables. */
static void check_fixture(const char *label, const char *path)
{
	struct fixture fx = { .label = label, .fd = -1 };
	int r, i;
	size_t j;

	if (!strncmp(path, "SKIP:", 5)) {
		skip(path + 5);
		return;
	}
	if (!strncmp(path, "FAIL:", 5)) {
		ok(0, "%s: fixture built: %s", label, path + 5);
		return;
	}
	if (!strcmp(label, "gcc-O0"))
		fx.build = GCC_O0;
	else if (!strcmp(label, "gcc-O2"))
		fx.build = GCC_O2;
	else if (!strcmp(label, "clang-O0"))
		fx.build = CLANG_O0;
	else if (!strcmp(label, "clang-O2"))
		fx.build = CLANG_O2;
	fx.fd = open(path, O_RDONLY);
	fx.elf = fx.fd < 0 ? NULL : elf_begin(fx.fd, ELF_C_READ, NULL);
	fx.dwarf = fx.elf ? dwarf_begin_elf(fx.elf, DWARF_C_READ, NULL) : NULL;
	if (!fx.dwarf) {
		ok(0, "%s: open %s with libdw", label, path);
		goto out;
	}
	r = read_records(&fx);
	ok(r == 0 && fx.nrecords > 0, "%s: %d records in __simple_marker",
	   label, fx.nrecords);
	for (i = 0; i < fx.nrecords; i++)
		check_record(&fx, &fx.records[i]);
	/* Every table entry matched a record argument. */
	for (j = 0; j < sizeof(arg_cases) / sizeof(*arg_cases); j++) {
		const struct arg_case *c = &arg_cases[j];
		int seen = 0, k;

		for (i = 0; i < fx.nrecords && !seen; i++) {
			struct record *rec = &fx.records[i];

			for (k = 0; k < rec->nargs; k++)
				seen |= rec->seen[k] &&
					!strcmp(rec->name, c->marker) &&
					!strcmp(rec->args[k], c->arg);
		}
		if (!seen)
			ok(0, "%s: %s: '%s' is in the fixture", label,
			   c->marker, c->arg);
	}
	check_inlined(&fx);
out:
	if (fx.dwarf)
		dwarf_end(fx.dwarf);
	if (fx.elf)
		elf_end(fx.elf);
	if (fx.fd >= 0)
		close(fx.fd);
}

int main(int argc, char **argv)
{
	size_t i;
	int a;

	setvbuf(stdout, NULL, _IOLBF, 0);
	elf_version(EV_CURRENT);
	for (i = 0; i < sizeof(parse_cases) / sizeof(*parse_cases); i++)
		test_parse_case(&parse_cases[i]);
	test_parse_long();
	test_parse_fuzz();
	for (a = 1; a < argc; a++) {
		char *eq = strchr(argv[a], '=');

		if (!eq) {
			fprintf(stderr, "usage: %s [LABEL=BINARY]...\n",
				argv[0]);
			return 2;
		}
		*eq = '\0';
		check_fixture(argv[a], eq + 1);
	}
	printf("1..%d\n", tap_n);
	return tap_fail ? 1 : 0;
}
