// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Marker argument expressions: see expr.h.
 *
 * The grammar, in C's precedence:
 *
 *	expr    := unary
 *	unary   := "*"* ( "(" type ")" unary | postfix )
 *	postfix := primary ( "." ident | "->" ident | "[" integer "]" )*
 *	primary := ident | "(" unary ")"
 *
 * Every operator is unary, so an expression is one base variable and a
 * chain of steps: postfix steps apply first, then a cast, then the prefix
 * stars, which is the order they are appended in ("*(long *)p" is p, the
 * cast, the star; "((struct s *)p)->m" p, the cast, "->m").  Parentheses
 * recurse, at most SMK_EXPR_MAX_STEPS deep.  The first token that does not fit stops
 * the parse and names the reason ("function call", "arithmetic"...).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dwarf.h>

#include "dwarf-aux.h"
#include "expr.h"

enum tok_kind {
	T_END,
	T_IDENT,
	T_NUMBER,
	T_DOT,
	T_ARROW,
	T_STAR,
	T_LBRACK,
	T_RBRACK,
	T_LPAREN,
	T_RPAREN,
	T_OTHER,	/* any other operator, literal or character */
};

struct tok {
	enum tok_kind kind;
	int pos, len;
};

struct parser {
	struct smk_expr *e;
	const char *s;
	int len;
	int pos;		/* where the next token starts */
	struct tok tok;		/* the current token */
	size_t names_used;
};

static bool is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static void lex(struct parser *p)
{
	const char *s = p->s;
	int pos = p->pos, c, n;

	while (pos < p->len && strchr(" \t\n\r\v\f", s[pos]))
		pos++;
	p->tok.pos = pos;
	p->tok.len = 1;
	if (pos >= p->len) {
		p->tok.kind = T_END;
		p->tok.len = 0;
		return;
	}
	c = (unsigned char)s[pos];
	if (is_ident_start(c) || (c >= '0' && c <= '9')) {
		/* A number is a C pp-number: "0x1f", "3u". */
		p->tok.kind = is_ident_start(c) ? T_IDENT : T_NUMBER;
		for (n = 1; pos + n < p->len && is_ident_char(s[pos + n]); n++)
			;
		p->tok.len = n;
	} else if (c == '-' && pos + 1 < p->len && s[pos + 1] == '>') {
		p->tok.kind = T_ARROW;
		p->tok.len = 2;
	} else if (c == '.') {
		p->tok.kind = T_DOT;
	} else if (c == '*') {
		p->tok.kind = T_STAR;
	} else if (c == '[') {
		p->tok.kind = T_LBRACK;
	} else if (c == ']') {
		p->tok.kind = T_RBRACK;
	} else if (c == '(') {
		p->tok.kind = T_LPAREN;
	} else if (c == ')') {
		p->tok.kind = T_RPAREN;
	} else {
		/* Two-character operators only matter for the reason. */
		p->tok.kind = T_OTHER;
		if (pos + 1 < p->len && strchr("+-&|<>=!", c) &&
		    (s[pos + 1] == c || s[pos + 1] == '='))
			p->tok.len = 2;
	}
	p->pos = pos + p->tok.len;
}

static bool tok_is(struct parser *p, const char *text)
{
	size_t n = strlen(text);

	return (size_t)p->tok.len == n && !memcmp(p->s + p->tok.pos, text, n);
}

/* The first reason wins; later ones are consequences. */
static bool __attribute__((format(printf, 2, 3)))
fail(struct parser *p, const char *fmt, ...)
{
	struct smk_expr *e = p->e;
	va_list ap;

	if (!e->reason) {
		va_start(ap, fmt);
		vsnprintf(e->reason_buf, sizeof(e->reason_buf), fmt, ap);
		va_end(ap);
		e->reason = e->reason_buf;
	}
	return false;
}

/* The current token for a reason, bytes outside printable ASCII escaped. */
static const char *tok_text(struct parser *p, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	if (p->tok.kind == T_END)
		return "end";
	for (i = 0; i < p->tok.len && i < 24 && n + 5 < size; i++) {
		unsigned char c = p->s[p->tok.pos + i];

		if (isprint(c) && c != '\'' && c != '\\')
			buf[n++] = c;
		else
			n += snprintf(buf + n, size - n, "\\x%02x", c);
	}
	buf[n] = '\0';
	return buf;
}

/* Why the current token cannot start or continue a fetchable expression. */
static bool unexpected(struct parser *p, bool operand)
{
	static const struct {
		const char *op, *what;
	} binary[] = {
		{ "+", "arithmetic" }, { "-", "arithmetic" },
		{ "*", "arithmetic" }, { "/", "arithmetic" },
		{ "%", "arithmetic" }, { "<<", "arithmetic" },
		{ ">>", "arithmetic" }, { "&", "arithmetic" },
		{ "|", "arithmetic" }, { "^", "arithmetic" },
		{ "==", "a comparison" }, { "!=", "a comparison" },
		{ "<", "a comparison" }, { ">", "a comparison" },
		{ "<=", "a comparison" }, { ">=", "a comparison" },
		{ "&&", "a logical operator" }, { "||", "a logical operator" },
		{ "++", "an increment" }, { "--", "a decrement" },
		{ "?", "a conditional" }, { ":", "a conditional" },
		{ ",", "a comma operator" }, { "=", "an assignment" },
		{ "(", "a function call" },
	}, unary[] = {
		{ "&", "address-of" }, { "-", "a unary operator" },
		{ "+", "a unary operator" }, { "~", "a unary operator" },
		{ "!", "a unary operator" }, { "++", "an increment" },
		{ "--", "a decrement" }, { "\"", "a string literal" },
		{ "'", "a character constant" },
	};
	const char *what = NULL;
	char buf[128];
	size_t i;

	if (p->tok.kind == T_END)
		return fail(p, operand ? "expression ends early" :
			    "unexpected end");
	if (p->tok.kind == T_RPAREN || p->tok.kind == T_LBRACK ||
	    p->tok.kind == T_RBRACK)
		return fail(p, "unbalanced %s at offset %d",
			    p->tok.kind == T_RPAREN ? "parentheses" :
			    "brackets", p->tok.pos);
	if (operand && p->tok.kind == T_NUMBER)
		what = "a constant";
	for (i = 0; operand && !what && i < sizeof(unary) / sizeof(*unary);
	     i++) {
		if (tok_is(p, unary[i].op))
			what = unary[i].what;
	}
	for (i = 0; !operand && !what && i < sizeof(binary) / sizeof(*binary);
	     i++) {
		if (tok_is(p, binary[i].op))
			what = binary[i].what;
	}
	if (!what && !operand && p->tok.kind == T_OTHER &&
	    p->tok.len == 2 && p->s[p->tok.pos + 1] == '=')
		what = "an assignment";
	if (!what)
		return fail(p, "unexpected '%s' at offset %d",
			    tok_text(p, buf, sizeof(buf)), p->tok.pos);
	return fail(p, "%s ('%s' at offset %d) is not fetchable", what,
		    tok_text(p, buf, sizeof(buf)), p->tok.pos);
}

static const char *save_name(struct parser *p, int pos, int len)
{
	struct smk_expr *e = p->e;
	char *name;

	if (p->names_used + len + 1 > sizeof(e->names)) {
		fail(p, "expression too complex");
		return NULL;
	}
	name = e->names + p->names_used;
	memcpy(name, p->s + pos, len);
	name[len] = '\0';
	p->names_used += len + 1;
	return name;
}

static bool add_step(struct parser *p, enum smk_expr_op op, bool arrow,
		     const char *member, unsigned long index)
{
	struct smk_expr *e = p->e;

	if (e->nsteps >= SMK_EXPR_MAX_STEPS)
		return fail(p, "more than %d steps", SMK_EXPR_MAX_STEPS);
	e->steps[e->nsteps++] = (struct smk_expr_step){
		.op = op, .arrow = arrow, .member = member, .index = index,
	};
	return true;
}

static bool is_keyword(struct parser *p)
{
	static const char *const keywords[] = {
		"sizeof", "_Alignof", "alignof", "__alignof__", "_Generic",
		"typeof", "__typeof__", "__builtin_offsetof", "struct",
		"union", "enum", "const", "volatile", "unsigned", "signed",
		"int", "long", "short", "char", "void", "float", "double",
		"_Bool", "__extension__", "__auto_type",
	};
	size_t i;

	for (i = 0; i < sizeof(keywords) / sizeof(*keywords); i++) {
		if (tok_is(p, keywords[i]))
			return true;
	}
	return false;
}

/* [0-9]+, 0x[0-9a-f]+, 0[0-7]* with u/l suffixes, up to 2^32 - 1. */
static bool parse_index(struct parser *p, unsigned long *ret)
{
	const char *s = p->s + p->tok.pos, *end = s + p->tok.len;
	unsigned long long v = 0;
	unsigned int base = 10, digits = 0;

	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (; s < end; s++) {
		int c = tolower((unsigned char)*s), d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			break;
		if (d >= (int)base)
			return fail(p, "bad integer constant at offset %d",
				    p->tok.pos);
		v = v * base + d;
		if (v > 0xffffffffULL)
			return fail(p, "index too large at offset %d",
				    p->tok.pos);
		digits++;
	}
	while (s < end && strchr("uUlL", *s))
		s++;
	if (!digits || s != end)
		return fail(p, "bad integer constant at offset %d",
			    p->tok.pos);
	*ret = v;
	return true;
}

/*
 * Is the "(" at the current token a cast?  Its contents must read like a
 * type name (identifiers, stars, nested parentheses and brackets) and an
 * operand must follow it: "(long)x" and "(u32)*p" are, "(p)->x" is not, and
 * "(a) - b" is only if "a" is plainly a type ("(int) - b").  *rparen is the
 * offset of the matching ")".
 */
static bool cast_ahead(struct parser *p, int *rparen)
{
	struct parser q = *p;
	int depth = 0, idents = 0;
	bool typeish = false;

	do {
		switch (q.tok.kind) {
		case T_LPAREN:
			depth++;
			break;
		case T_RPAREN:
			depth--;
			*rparen = q.tok.pos;
			break;
		case T_IDENT:
			idents++;
			typeish |= is_keyword(&q);
			break;
		case T_STAR:
			typeish = true;
			break;
		case T_LBRACK:
		case T_RBRACK:
		case T_NUMBER:
			break;
		default:
			return false;
		}
		lex(&q);
	} while (depth > 0);
	if (!idents)
		return false;
	switch (q.tok.kind) {
	case T_IDENT:
	case T_NUMBER:
	case T_LPAREN:
	case T_STAR:
		return true;
	case T_OTHER:
		return typeish &&
		       (tok_is(&q, "&") || tok_is(&q, "-") ||
			tok_is(&q, "+") || tok_is(&q, "~") ||
			tok_is(&q, "!") || tok_is(&q, "++") ||
			tok_is(&q, "--"));
	default:
		return false;
	}
}

static bool parse_unary(struct parser *p, int depth);

static bool parse_postfix(struct parser *p, int depth)
{
	struct smk_expr *e = p->e;
	const char *name;
	unsigned long idx = 0;
	bool arrow;

	switch (p->tok.kind) {
	case T_IDENT:
		if (is_keyword(p))
			return fail(p, "'%.*s' is not fetchable", p->tok.len,
				    p->s + p->tok.pos);
		e->base = save_name(p, p->tok.pos, p->tok.len);
		if (!e->base)
			return false;
		lex(p);
		break;
	case T_LPAREN:
		lex(p);
		if (!parse_unary(p, depth + 1))
			return false;
		if (p->tok.kind != T_RPAREN)
			return p->tok.kind == T_END ?
			       fail(p, "unbalanced parentheses") :
			       unexpected(p, false);
		lex(p);
		break;
	default:
		return unexpected(p, true);
	}
	for (;;) {
		switch (p->tok.kind) {
		case T_DOT:
		case T_ARROW:
			arrow = p->tok.kind == T_ARROW;
			lex(p);
			if (p->tok.kind != T_IDENT)
				return fail(p, "'%s' must be followed by a member name",
					    arrow ? "->" : ".");
			name = save_name(p, p->tok.pos, p->tok.len);
			if (!name ||
			    !add_step(p, SMK_EXPR_MEMBER, arrow, name, 0))
				return false;
			lex(p);
			break;
		case T_LBRACK:
			lex(p);
			if (p->tok.kind != T_NUMBER)
				return p->tok.kind == T_END ?
				       fail(p, "unbalanced brackets") :
				       fail(p, "an index must be an integer constant (at offset %d)",
					    p->tok.pos);
			if (!parse_index(p, &idx))
				return false;
			lex(p);
			if (p->tok.kind != T_RBRACK)
				return p->tok.kind == T_END ?
				       fail(p, "unbalanced brackets") :
				       fail(p, "an index must be an integer constant (at offset %d)",
					    p->tok.pos);
			if (!add_step(p, SMK_EXPR_INDEX, false, NULL, idx))
				return false;
			lex(p);
			break;
		default:
			return true;
		}
	}
}

/* The type text of the cast whose ")" is at @rparen, trimmed. */
static const char *cast_type(struct parser *p, int rparen)
{
	int start = p->tok.pos + 1, end = rparen;

	while (start < end && isspace((unsigned char)p->s[start]))
		start++;
	while (end > start && isspace((unsigned char)p->s[end - 1]))
		end--;
	return save_name(p, start, end - start);
}

static bool parse_unary(struct parser *p, int depth)
{
	int nderef = 0, rparen = 0;

	if (depth > SMK_EXPR_MAX_STEPS)
		return fail(p, "parentheses nested too deeply");
	while (p->tok.kind == T_STAR) {
		if (++nderef > SMK_EXPR_MAX_STEPS)
			return fail(p, "more than %d steps",
				    SMK_EXPR_MAX_STEPS);
		lex(p);
	}
	if (p->tok.kind == T_LPAREN && cast_ahead(p, &rparen)) {
		const char *type = cast_type(p, rparen);

		if (!type)
			return false;
		p->pos = rparen + 1;
		lex(p);
		if (!parse_unary(p, depth + 1) ||
		    !add_step(p, SMK_EXPR_CAST, false, type, 0))
			return false;
	} else if (!parse_postfix(p, depth)) {
		return false;
	}
	while (nderef--) {
		if (!add_step(p, SMK_EXPR_DEREF, false, NULL, 0))
			return false;
	}
	return true;
}

static void parse(struct parser *p)
{
	struct smk_expr *e = p->e;

	lex(p);
	if (p->tok.kind == T_END) {
		fail(p, "empty expression");
		return;
	}
	if (!parse_unary(p, 0))
		goto unfetchable;
	if (p->tok.kind != T_END) {
		unexpected(p, false);
		goto unfetchable;
	}
	/* The conversion the whole expression ends with, for its type. */
	if (e->nsteps && e->steps[e->nsteps - 1].op == SMK_EXPR_CAST)
		e->cast = e->steps[e->nsteps - 1].member;
	return;
unfetchable:
	e->base = NULL;
	e->cast = NULL;
	e->nsteps = 0;
}

struct smk_error *smk_expr_parse(const char *text, struct smk_expr **ret)
{
	struct parser p = { 0 };
	struct smk_expr *e;
	size_t len;

	*ret = NULL;
	if (!text)
		return smk_error_create(SMK_ERROR_INVALID,
					"no expression text");
	e = calloc(1, sizeof(*e));
	if (!e)
		return &smk_error_nomem;
	len = strnlen(text, SMK_EXPR_MAX_LEN + 1);
	p.e = e;
	if (len > SMK_EXPR_MAX_LEN) {
		memcpy(e->text, text, SMK_EXPR_MAX_LEN);
		fail(&p, "longer than %d bytes", SMK_EXPR_MAX_LEN);
	} else {
		memcpy(e->text, text, len);
		p.s = e->text;
		p.len = len;
		parse(&p);
	}
	*ret = e;
	return NULL;
}

void smk_expr_destroy(struct smk_expr *e)
{
	free(e);
}

/* Resolution */

/*
 * Where resolution stands: the type of the value so far, as declared, or
 * for "grid[1]" of "char grid[2][3]" the array DIE with skip 1.
 */
/*
 * Where resolution is: a value of type @type (an array with @skip
 * dimensions indexed away), or, after a pointer cast, @ptrs levels of
 * pointer to @type (to void with @is_void; then @type is unset).
 */
struct cursor {
	Dwarf_Die type;
	unsigned int skip;
	unsigned int ptrs;
	bool is_void;
};

static struct smk_error * __attribute__((format(printf, 2, 3)))
set_reason(struct smk_expr_result *res, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (res->reason)
		return NULL;
	va_start(ap, fmt);
	r = vasprintf(&res->reason, fmt, ap);
	va_end(ap);
	if (r < 0) {
		res->reason = NULL;
		return &smk_error_nomem;
	}
	return NULL;
}

/* Input-caused failures of the DWARF helpers become the reason. */
static struct smk_error *err_to_reason(struct smk_expr_result *res,
				       struct smk_error *err, bool *stop)
{
	*stop = err != NULL;
	if (!err || (err->code != SMK_ERROR_NOT_FOUND &&
		     err->code != SMK_ERROR_UNSUPPORTED))
		return err;
	res->reason = strdup(err->message);
	smk_error_destroy(err);
	return res->reason ? NULL : &smk_error_nomem;
}

static struct smk_error *cursor_name(struct cursor *cur, char **ret)
{
	struct smk_error *err;
	char *base, *out;
	size_t n;

	if (!cur->ptrs)
		return smk_dwarf_type_name_skip(&cur->type, cur->skip, ret);
	if (cur->is_void) {
		base = strdup("void");
		if (!base)
			return &smk_error_nomem;
	} else {
		err = smk_dwarf_type_name_skip(&cur->type, cur->skip, &base);
		if (err)
			return err;
	}
	n = strlen(base);
	out = malloc(n + 2 + cur->ptrs);
	if (!out) {
		free(base);
		return &smk_error_nomem;
	}
	memcpy(out, base, n);
	out[n++] = ' ';
	memset(out + n, '*', cur->ptrs);
	out[n + cur->ptrs] = '\0';
	free(base);
	*ret = out;
	return NULL;
}

/* The cursor's type with typedefs and qualifiers stripped. */
static struct smk_error *cursor_strip(struct cursor *cur, Dwarf_Die *ret,
				      bool *is_void)
{
	*is_void = false;
	if (cur->skip) {
		*ret = cur->type;
		return NULL;
	}
	return smk_dwarf_type_strip(&cur->type, ret, is_void);
}

/* What a pointer points to; void is for the caller to refuse. */
static struct smk_error *pointee(Dwarf_Die *ptr, struct cursor *ret,
				 bool *is_void)
{
	ret->skip = 0;
	return smk_dwarf_die_type(ptr, &ret->type, is_void);
}

/* The element of an array type (stripped) indexed @skip times so far. */
static unsigned long long die_off(Dwarf_Die *die)
{
	return (unsigned long long)dwarf_dieoffset(die);
}

static struct smk_error *element(Dwarf_Die *array, unsigned int skip,
				 struct cursor *ret)
{
	struct smk_error *err;
	unsigned int ndims;
	bool is_void;

	err = smk_dwarf_array_dims(array, &ndims);
	if (err)
		return err;
	if (skip + 1 < ndims) {
		ret->type = *array;
		ret->skip = skip + 1;
		return NULL;
	}
	ret->skip = 0;
	err = smk_dwarf_die_type(array, &ret->type, &is_void);
	if (!err && is_void)
		err = smk_error_create(SMK_ERROR_DWARF,
				       "DIE %#llx: array of void",
				       die_off(array));
	return err;
}

/*
 * A value of type @cur used as a pointer, by "->", "*" or "[]": follow a
 * pointer (step->deref) or let an array decay.  *done is set (and maybe a
 * reason) when it is neither or points to void.
 */
static struct smk_error *through(struct smk_expr_result *res,
				 struct cursor *cur,
				 struct smk_expr_result_step *step,
				 const char *what, bool *done)
{
	struct smk_error *err;
	struct cursor next = { .skip = 0 };
	Dwarf_Die t;
	bool is_void;
	char *name;
	int tag;

	*done = true;
	if (cur->ptrs) {
		/* A pointer a cast made: no DIE of its own. */
		if (cur->ptrs == 1 && cur->is_void)
			return set_reason(res, "%s on 'void *', which points "
					  "to void", what);
		cur->ptrs--;
		step->deref = true;
		*done = false;
		return NULL;
	}
	err = cursor_strip(cur, &t, &is_void);
	if (err)
		return err;
	tag = is_void ? 0 : dwarf_tag(&t);
	if (tag == DW_TAG_pointer_type) {
		err = pointee(&t, &next, &is_void);
		if (err)
			return err;
		step->deref = true;
	} else if (tag == DW_TAG_array_type) {
		err = element(&t, cur->skip, &next);
		if (err)
			return err;
	} else {
		err = cursor_name(cur, &name);
		if (err)
			return err;
		err = set_reason(res, "%s on '%s', which is not a pointer",
				 what, name);
		free(name);
		return err;
	}
	if (is_void) {
		err = cursor_name(cur, &name);
		if (err)
			return err;
		err = set_reason(res, "%s on '%s', which points to void", what,
				 name);
		free(name);
		return err;
	}
	*cur = next;
	*done = false;
	return NULL;
}

static struct smk_error *step_member(struct smk_expr_result *res,
				     const struct smk_expr_step *es,
				     struct cursor *cur,
				     struct smk_expr_result_step *step,
				     bool *done)
{
	struct smk_dwarf_member_loc loc;
	struct smk_error *err;
	Dwarf_Die t, member;
	bool is_void;
	char *name, what[80];

	snprintf(what, sizeof(what), "'%s%s'", es->arrow ? "->" : ".",
		 es->member);
	if (es->arrow) {
		err = through(res, cur, step, what, done);
		if (err || *done)
			return err;
	} else {
		err = cursor_strip(cur, &t, &is_void);
		if (err)
			return err;
		if (cur->ptrs ||
		    (!is_void && dwarf_tag(&t) == DW_TAG_pointer_type)) {
			err = cursor_name(cur, &name);
			if (err)
				return err;
			*done = true;
			err = set_reason(res, "%s on pointer '%s': use '->'",
					 what, name);
			free(name);
			return err;
		}
	}
	*done = true;
	if (cur->skip) {
		err = cursor_name(cur, &name);
		if (err)
			return err;
		err = set_reason(res, "'%s' is not a struct or union", name);
		free(name);
		return err;
	}
	if (cur->ptrs) {
		err = cursor_name(cur, &name);
		if (err)
			return err;
		err = set_reason(res, "%s on '%s', a pointer to a pointer",
				 what, name);
		free(name);
		return err;
	}
	err = smk_dwarf_find_member(&cur->type, es->member, &member, &loc);
	err = err_to_reason(res, err, done);
	if (err || *done)
		return err;
	step->offset = loc.offset;
	step->bit_size = loc.bit_size;
	step->bit_offset = loc.bit_offset;
	step->unit_size = loc.unit_size;
	cur->skip = 0;
	err = smk_dwarf_die_type(&member, &cur->type, &is_void);
	if (!err && is_void)
		err = smk_error_create(SMK_ERROR_DWARF,
				       "DIE %#llx: member without a type",
				       die_off(&member));
	*done = err != NULL;
	return err;
}

static struct smk_error *step_deref(struct smk_expr_result *res,
				    struct cursor *cur,
				    struct smk_expr_result_step *step,
				    bool *done)
{
	struct smk_error *err;
	Dwarf_Die t;
	bool is_void;

	err = through(res, cur, step, "'*'", done);
	if (err || *done)
		return err;
	/* "*fp" is the function itself: nothing to fetch. */
	if (cur->ptrs)
		return NULL;
	err = cursor_strip(cur, &t, &is_void);
	if (err || is_void || dwarf_tag(&t) != DW_TAG_subroutine_type)
		return err;
	*done = true;
	return set_reason(res, "'*' on a function pointer");
}

static struct smk_error *step_index(struct smk_expr_result *res,
				    const struct smk_expr_step *es,
				    struct cursor *cur,
				    struct smk_expr_result_step *step,
				    bool *done)
{
	struct smk_error *err;
	char what[32];

	snprintf(what, sizeof(what), "'[%lu]'", es->index);
	err = through(res, cur, step, what, done);
	if (err || *done)
		return err;
	if (cur->ptrs)
		step->elem_size = 8;	/* LP64: a pointer */
	else
		err = smk_dwarf_type_size_skip(&cur->type, cur->skip,
					       &step->elem_size);
	err = err_to_reason(res, err, done);
	if (err || *done)
		return err;
	if (__builtin_mul_overflow(step->elem_size, (Dwarf_Word)es->index,
				   &step->offset)) {
		*done = true;
		return set_reason(res, "%s: offset overflows", what);
	}
	return NULL;
}

/* Casts */

enum {
	CAST_WORDS = 4,
	CAST_WORD_MAX = 64,
	CU_CHILDREN_MAX = 1 << 20,	/* DIEs looked at for a type name */
};

struct cast_text {
	char words[CAST_WORDS][CAST_WORD_MAX];
	unsigned int nwords, stars;
};

/* "const struct s *" into words and stars; false if it is not that. */
static bool cast_split(const char *text, struct cast_text *ct)
{
	const char *p = text;

	memset(ct, 0, sizeof(*ct));
	while (*p) {
		size_t n = 0;

		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (*p == '*') {
			ct->stars++;
			p++;
			continue;
		}
		if (!is_ident_start((unsigned char)*p) || ct->stars)
			return false;
		while (is_ident_char((unsigned char)p[n]))
			n++;
		if (n >= CAST_WORD_MAX)
			return false;
		if (!((n == 5 && !strncmp(p, "const", 5)) ||
		      (n == 8 && !strncmp(p, "volatile", 8)) ||
		      (n == 8 && !strncmp(p, "restrict", 8)) ||
		      (n == 10 && !strncmp(p, "__restrict", 10)))) {
			if (ct->nwords >= CAST_WORDS)
				return false;
			memcpy(ct->words[ct->nwords], p, n);
			ct->words[ct->nwords++][n] = '\0';
		}
		p += n;
	}
	return ct->nwords > 0;
}

/*
 * C's integer spellings (LP64): *size 0 for void, -1 if the words are
 * not all type keywords; *boolean for _Bool.
 */
static int builtin_type(const struct cast_text *ct, bool *sign,
			bool *is_char, bool *boolean)
{
	unsigned int i, nlong = 0;
	bool uns = false, chr = false, shrt = false, vd = false;

	*boolean = false;
	for (i = 0; i < ct->nwords; i++) {
		const char *w = ct->words[i];

		if (!strcmp(w, "unsigned"))
			uns = true;
		else if (!strcmp(w, "char"))
			chr = true;
		else if (!strcmp(w, "short"))
			shrt = true;
		else if (!strcmp(w, "signed") || !strcmp(w, "int"))
			;
		else if (!strcmp(w, "long"))
			nlong++;
		else if (!strcmp(w, "void"))
			vd = true;
		else if (!strcmp(w, "_Bool"))
			*boolean = true;
		else
			return -1;
	}
	*sign = !uns;
	*is_char = chr;
	if (vd)
		return 0;
	if (*boolean)
		return 1;
	if (chr)
		return 1;
	if (shrt)
		return 2;
	if (nlong)
		return 8;
	return 4;
}

/* A type DIE at the top of @cu: by tag and name, definitions first. */
static bool cu_type(Dwarf_Die *cu, int tag, const char *name,
		    Dwarf_Die *ret)
{
	Dwarf_Die child;
	bool found = false;
	unsigned int n = 0;

	if (dwarf_child(cu, &child) != 0)
		return false;
	do {
		const char *nm;

		if (++n > CU_CHILDREN_MAX)
			break;
		if (dwarf_tag(&child) != tag)
			continue;
		nm = dwarf_diename(&child);
		if (!nm || strcmp(nm, name))
			continue;
		*ret = child;
		found = true;
		if (!dwarf_hasattr(&child, DW_AT_declaration))
			return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return found;
}

/* A base type of @cu by size and kind (names differ: "long int"). */
static bool cu_base_type(Dwarf_Die *cu, unsigned int size, bool sign,
			 bool is_char, Dwarf_Die *ret)
{
	Dwarf_Die child;
	unsigned int n = 0;

	if (dwarf_child(cu, &child) != 0)
		return false;
	do {
		Dwarf_Attribute a;
		Dwarf_Word enc, sz;
		bool chr;

		if (++n > CU_CHILDREN_MAX)
			break;
		if (dwarf_tag(&child) != DW_TAG_base_type ||
		    dwarf_formudata(dwarf_attr(&child, DW_AT_encoding, &a),
				    &enc) ||
		    dwarf_formudata(dwarf_attr(&child, DW_AT_byte_size, &a),
				    &sz) || sz != size)
			continue;
		chr = enc == DW_ATE_signed_char || enc == DW_ATE_unsigned_char;
		if (chr != is_char && size == 1)
			continue;
		if ((sign && (enc == DW_ATE_signed ||
			      enc == DW_ATE_signed_char)) ||
		    (!sign && (enc == DW_ATE_unsigned ||
			       enc == DW_ATE_unsigned_char))) {
			*ret = child;
			return true;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* Integer or enum (size, sign) of stripped type @t; false otherwise. */
static bool int_type(Dwarf_Die *t, unsigned int *size, bool *sign,
		     bool *boolean)
{
	Dwarf_Attribute a;
	Dwarf_Word enc = DW_ATE_signed, sz;
	int tag = dwarf_tag(t);

	*boolean = false;
	if (tag != DW_TAG_base_type && tag != DW_TAG_enumeration_type)
		return false;
	if (dwarf_formudata(dwarf_attr_integrate(t, DW_AT_byte_size, &a),
			    &sz))
		return false;
	if (tag == DW_TAG_base_type &&
	    dwarf_formudata(dwarf_attr(t, DW_AT_encoding, &a), &enc))
		return false;
	if (tag == DW_TAG_enumeration_type) {
		Dwarf_Die u;
		bool is_void;

		/* DWARF 5: the underlying type says the sign. */
		enc = DW_ATE_unsigned;
		if (dwarf_hasattr(t, DW_AT_type) &&
		    !smk_dwarf_die_type(t, &u, &is_void) && !is_void &&
		    !smk_dwarf_type_strip(&u, &u, &is_void) && !is_void &&
		    !dwarf_formudata(dwarf_attr(&u, DW_AT_encoding, &a), &enc))
			;
		else
			return false;	/* unknown sign: not guessed */
	}
	switch (enc) {
	case DW_ATE_signed:
	case DW_ATE_signed_char:
		*sign = true;
		break;
	case DW_ATE_unsigned:
	case DW_ATE_unsigned_char:
		*sign = false;
		break;
	case DW_ATE_boolean:
		*boolean = true;
		*sign = false;
		break;
	default:
		return false;
	}
	*size = (unsigned int)sz;
	return true;
}

/*
 * "(T)x": a cast to an integer type ends the expression (res->int_cast:
 * the probe reads the operand and the type says how much of it); a cast
 * to a pointer type makes the cursor that pointer, for the steps after it.
 * What a probe cannot read as C converts is a reason: a _Bool (a
 * comparison), a signed value widened to a wider unsigned type (the
 * tracers do not sign-extend; fetch.c checks), floats, structs.
 */
static struct smk_error *step_cast(struct smk_expr_result *res,
				   const char *text, bool last,
				   struct cursor *cur, bool *done)
{
	struct cast_text ct;
	struct smk_error *err;
	Dwarf_Die cu, target, t;
	bool sign = true, is_char = false, boolean = false, is_void;
	bool have_die = false, op_ptr = false, op_int = false;
	unsigned int size = 0, opsize = 0;
	int bsize;

	*done = true;
	if (!cast_split(text, &ct))
		return set_reason(res, "a cast to '%s' is not fetchable (only "
				  "to integer and pointer types)", text);
	if (!dwarf_diecu(&res->var, &cu, NULL, NULL))
		return smk_error_create(SMK_ERROR_DWARF, "DIE %#llx: no unit",
					die_off(&res->var));
	/* The operand: a pointer or an integer. */
	if (cur->ptrs) {
		op_ptr = true;
	} else {
		err = cursor_strip(cur, &t, &is_void);
		if (err)
			return err;
		if (!is_void && !cur->skip &&
		    dwarf_tag(&t) == DW_TAG_pointer_type) {
			op_ptr = true;
		} else if (!is_void && !cur->skip &&
			   int_type(&t, &opsize, &sign, &boolean)) {
			op_int = true;
		}
	}
	if (!op_ptr && !op_int) {
		char *name;

		err = cursor_name(cur, &name);
		if (err)
			return err;
		err = set_reason(res, "a cast of '%s' (neither an integer nor "
				 "a pointer) is not fetchable", name);
		free(name);
		return err;
	}
	bsize = builtin_type(&ct, &sign, &is_char, &boolean);
	if (bsize < 0) {
		int tag = DW_TAG_typedef;
		const char *name = ct.words[0];

		if (ct.nwords == 2 && !strcmp(ct.words[0], "struct"))
			tag = DW_TAG_structure_type;
		else if (ct.nwords == 2 && !strcmp(ct.words[0], "union"))
			tag = DW_TAG_union_type;
		else if (ct.nwords == 2 && !strcmp(ct.words[0], "enum"))
			tag = DW_TAG_enumeration_type;
		else if (ct.nwords != 1)
			return set_reason(res, "a cast to '%s': not a type "
					  "name known here", text);
		if (tag != DW_TAG_typedef)
			name = ct.words[1];
		if (!cu_type(&cu, tag, name, &target) &&
		    !(tag == DW_TAG_typedef &&
		      cu_type(&cu, DW_TAG_base_type, name, &target)))
			return set_reason(res, "a cast to '%s': no such type "
					  "in this unit's DWARF", text);
		have_die = true;
	}
	if (!ct.stars) {
		if (have_die) {
			err = smk_dwarf_type_strip(&target, &t, &is_void);
			if (err)
				return err;
			if (!is_void && dwarf_tag(&t) == DW_TAG_pointer_type) {
				if (res->int_cast || (!op_ptr && opsize != 8))
					goto bad_ptr;
				cur->type = target;
				cur->skip = 0;
				cur->ptrs = 0;
				cur->is_void = false;
				*done = false;
				return NULL;
			}
			if (is_void || !int_type(&t, &size, &sign, &boolean))
				return set_reason(res, "a cast to '%s' (not an "
						  "integer or pointer type) is "
						  "not fetchable", text);
		} else {
			if (!bsize)
				return set_reason(res, "a cast to void");
			size = (unsigned int)bsize;
		}
		if (boolean)
			return set_reason(res, "a cast to '%s' is a comparison "
					  "with 0, which a probe cannot make",
					  text);
		if (!last)
			return set_reason(res, "a cast to '%s' followed by more "
					  "than integer casts", text);
		if (size != 1 && size != 2 && size != 4 && size != 8)
			return set_reason(res, "a cast to '%s', of %u bytes",
					  text, size);
		if (res->ncasts >= SMK_EXPR_MAX_CASTS)
			return set_reason(res, "more than %d casts in a row",
					  SMK_EXPR_MAX_CASTS);
		res->int_cast = true;
		res->casts[res->ncasts].size = size;
		res->casts[res->ncasts++].sign = sign;
		*done = false;
		return NULL;
	}
	/* A pointer: its pointee is the DIE, or a base type of the unit. */
	if (res->int_cast || (!op_ptr && opsize != 8))
		goto bad_ptr;
	if (!have_die && bsize > 0) {
		if (boolean ||
		    !cu_base_type(&cu, (unsigned int)bsize, sign, is_char,
				  &target))
			return set_reason(res, "a cast to '%s': no such base "
					  "type in this unit's DWARF", text);
		have_die = true;
	}
	cur->skip = 0;
	cur->ptrs = ct.stars;
	cur->is_void = !have_die;
	if (have_die)
		cur->type = target;
	*done = false;
	return NULL;
bad_ptr:
	if (res->int_cast)
		return set_reason(res, "a cast to the pointer '%s' of an "
				  "integer cast", text);
	return set_reason(res, "a cast of a %u-byte integer to the pointer "
			  "'%s'", opsize, text);
}

static struct smk_error *resolve(const struct smk_expr *e,
				 Dwarf_Die *scopes, int nscopes,
				 struct smk_expr_result *res)
{
	struct smk_error *err;
	struct cursor cur;
	bool is_void, done = false;
	unsigned int i, j;
	int idx;

	memset(res, 0, sizeof(*res));
	if (!e || (nscopes > 0 && !scopes) || nscopes < 0)
		return smk_error_create(SMK_ERROR_INVALID,
					"smk_expr_resolve: bad arguments");
	if (!e->base) {
		res->reason = strdup(e->reason ? e->reason : "no expression");
		return res->reason ? NULL : &smk_error_nomem;
	}

	err = smk_dwarf_find_variable(scopes, nscopes, e->base, &res->var,
				      &idx);
	err = err_to_reason(res, err, &done);
	if (err || done)
		return err;
	res->global = dwarf_tag(&scopes[idx]) == DW_TAG_compile_unit ||
		      dwarf_tag(&scopes[idx]) == DW_TAG_partial_unit;
	err = smk_dwarf_die_type(&res->var, &cur.type, &is_void);
	if (err)
		return err;
	if (is_void)
		return smk_error_create(SMK_ERROR_DWARF,
					"DIE %#llx: variable '%s' without a type",
					die_off(&res->var), e->base);
	cur.skip = 0;
	cur.ptrs = 0;
	cur.is_void = false;

	for (i = 0, j = 0; i < e->nsteps; i++) {
		const struct smk_expr_step *es = &e->steps[i];
		struct smk_expr_result_step *step = &res->steps[j];

		if (es->op == SMK_EXPR_CAST) {
			/* A cast changes the type, not the place.  Only more
			 * casts may follow one to an integer type. */
			bool last = true;
			unsigned int k;

			for (k = i + 1; k < e->nsteps; k++)
				last &= e->steps[k].op == SMK_EXPR_CAST;
			err = step_cast(res, es->member, last, &cur, &done);
			if (err || done)
				return err;
			continue;
		}
		j++;
		step->op = es->op;
		switch (es->op) {
		case SMK_EXPR_MEMBER:
			err = step_member(res, es, &cur, step, &done);
			break;
		case SMK_EXPR_DEREF:
			err = step_deref(res, &cur, step, &done);
			break;
		case SMK_EXPR_INDEX:
			err = step_index(res, es, &cur, step, &done);
			break;
		default:
			err = smk_error_create(SMK_ERROR_INVALID,
					       "bad expression step");
			break;
		}
		if (err || done)
			return err;
	}
	res->nsteps = j;
	res->type = cur.type;
	res->type_skip = cur.skip;
	res->ptrs = cur.ptrs;
	res->ptr_void = cur.is_void;
	if (res->int_cast) {
		res->type_name = strdup(e->cast ? e->cast : "?");
		if (!res->type_name)
			return &smk_error_nomem;
	} else {
		err = cursor_name(&cur, &res->type_name);
		if (err)
			return err;
	}
	if (cur.ptrs) {
		res->size = 8;
		res->resolved = true;
		return e->reason ? set_reason(res, "%s", e->reason) : NULL;
	}
	err = smk_dwarf_type_size_skip(&cur.type, cur.skip, &res->size);
	if (err && (err->code == SMK_ERROR_UNSUPPORTED ||
		    err->code == SMK_ERROR_NOT_FOUND)) {
		/* A function or an incomplete struct: no size, still a type. */
		smk_error_destroy(err);
		res->size = 0;
		err = NULL;
	}
	if (err)
		return err;
	res->resolved = true;
	if (e->reason)
		return set_reason(res, "%s", e->reason);
	return NULL;
}

/* On an error @res owns nothing: what resolve() had set is freed. */
struct smk_error *smk_expr_resolve(const struct smk_expr *e,
				   Dwarf_Die *scopes, int nscopes,
				   struct smk_expr_result *res)
{
	struct smk_error *err = resolve(e, scopes, nscopes, res);

	if (err)
		smk_expr_result_deinit(res);
	return err;
}

void smk_expr_result_deinit(struct smk_expr_result *res)
{
	if (!res)
		return;
	free(res->reason);
	free(res->type_name);
	res->reason = NULL;
	res->type_name = NULL;
}
