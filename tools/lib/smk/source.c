// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * What the source says around a marker, when the source is at hand.
 *
 * A zero-instruction marker that is the only statement of a conditional
 * arm ("if (c) trace_simple(...);", "else { trace_simple(...); }") leaves
 * an arm without code: gcc and clang drop the arm and its branch, at -O0
 * already, and whatever address stands for the marker then runs on both
 * paths.  Neither the line table nor the DWARF scopes keep a trace of the
 * vanished "if" (clang puts the record directly under the function), so
 * only the source can tell.  Measured on tests/fidelity/arms.c before this
 * check: flag_four and big claimed exact by every rule (marker block,
 * marker line, next line straight, function entry) and firing on every
 * call.
 *
 * The file is tokenized once (comments, strings, character constants and
 * preprocessor lines skipped) and kept per binary.
 */
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source.h"

enum { MAX_SOURCE = 8 << 20, MAX_FILES = 8 };

/* A token: identifiers and numbers whole, punctuation one character. */
struct token {
	uint32_t off, len;	/* in the file's text */
	uint32_t line;
};

struct source {
	char *path;
	char *text;
	struct token *t;
	size_t n;		/* 0 with t NULL: not readable */
	unsigned long used;	/* for eviction */
};

/* The last MAX_FILES files read, so that memory stays bounded. */
struct source_cache {
	struct source s[MAX_FILES];
	size_t n;
	unsigned long clock;
};

static void source_free(struct source *s)
{
	free(s->path);
	free(s->text);
	free(s->t);
	memset(s, 0, sizeof(*s));
}

static void cache_free(void *p)
{
	struct source_cache *c = p;
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++)
		source_free(&c->s[i]);
	free(c);
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static bool add_token(struct source *s, size_t *cap, unsigned int line,
		      const char *start, const char *p, size_t len)
{
	if (s->n == *cap) {
		size_t nc = *cap ? 2 * *cap : 1024;
		struct token *t = realloc(s->t, nc * sizeof(*t));

		if (!t)
			return false;
		s->t = t;
		*cap = nc;
	}
	s->t[s->n].off = p - start;
	s->t[s->n].len = len;
	s->t[s->n].line = line;
	s->n++;
	return true;
}

static bool tokenize(struct source *s, const char *p, size_t size)
{
	const char *start = p, *end = p + size;
	unsigned int line = 1;
	bool bol = true;	/* only blanks so far on this line */
	size_t cap = 0;

	while (p < end) {
		char c = *p;

		if (c == '\n') {
			line++;
			bol = true;
			p++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			p++;
		} else if (c == '#' && bol) {
			/* A directive, with its continuation lines. */
			while (p < end && *p != '\n') {
				if (*p == '\\' && p + 1 < end && p[1] == '\n') {
					line++;
					p++;
				}
				p++;
			}
		} else if (c == '/' && p + 1 < end && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else if (c == '/' && p + 1 < end && p[1] == '*') {
			for (p += 2; p < end && !(*p == '*' && p + 1 < end &&
						   p[1] == '/'); p++)
				line += *p == '\n';
			p = p < end ? p + 2 : end;
		} else if (c == '"' || c == '\'') {
			const char *q = p;

			for (p++; p < end && *p != c && *p != '\n'; p++)
				if (*p == '\\' && p + 1 < end)
					p++;
			p = p < end ? p + 1 : end;
			if (!add_token(s, &cap, line, start, q, 1))
				return false;
			bol = false;
		} else if (ident_char(c)) {
			const char *q = p;

			while (p < end && ident_char(*p))
				p++;
			if (!add_token(s, &cap, line, start, q, p - q))
				return false;
			bol = false;
		} else {
			if (!add_token(s, &cap, line, start, p, 1))
				return false;
			p++;
			bol = false;
		}
	}
	return true;
}

static void drop_kr_declarations(struct source *s);

static struct source *load(struct smk_binary *b, const char *path)
{
	struct source_cache *c = b->src_cache;
	struct source *s;
	size_t i, size = 0;
	struct stat st;
	char *dup;
	FILE *f;
	int fd;

	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c)
			return NULL;
		b->src_cache = c;
		b->src_cache_free = cache_free;
	}
	for (i = 0; i < c->n; i++)
		if (!strcmp(c->s[i].path, path)) {
			c->s[i].used = ++c->clock;
			return &c->s[i];
		}
	dup = strdup(path);
	if (!dup)
		return NULL;
	if (c->n < MAX_FILES) {
		s = &c->s[c->n++];
	} else {
		/* the least recently used */
		s = &c->s[0];
		for (i = 1; i < c->n; i++)
			if (c->s[i].used < s->used)
				s = &c->s[i];
		source_free(s);
	}
	s->used = ++c->clock;
	s->path = dup;
	/*
	 * The path comes from the binary's DWARF: only a regular file is
	 * read (not a FIFO or a device that would block or never end), and
	 * not past MAX_SOURCE.
	 */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return s;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    st.st_size >= MAX_SOURCE || !(f = fdopen(fd, "r"))) {
		close(fd);
		return s;
	}
	s->text = malloc(st.st_size + 1);
	if (s->text) {
		size = fread(s->text, 1, st.st_size, f);
		s->text[size] = '\0';	/* names_anywhere() reads it whole */
	}
	if (!s->text || ferror(f) || !tokenize(s, s->text, size)) {
		free(s->t);
		s->t = NULL;
		s->n = 0;
	}
	drop_kr_declarations(s);
	fclose(f);
	return s;
}

static bool is(const struct source *s, size_t i, const char *text)
{
	return i < s->n && s->t[i].len == strlen(text) &&
	       !memcmp(s->text + s->t[i].off, text, s->t[i].len);
}

/* The index of the bracket matching the one at @i, scanning by @dir. */
static size_t match(const struct source *s, size_t i, int dir)
{
	const char *open, *close;
	int depth = 0;

	open = is(s, i, "(") ? "(" : is(s, i, ")") ? ")" :
	       is(s, i, "[") ? "[" : is(s, i, "]") ? "]" :
	       is(s, i, "{") ? "{" : "}";
	close = !strcmp(open, "(") ? ")" : !strcmp(open, ")") ? "(" :
		!strcmp(open, "[") ? "]" : !strcmp(open, "]") ? "[" :
		!strcmp(open, "{") ? "}" : "{";
	for (; i < s->n; i += dir) {
		if (is(s, i, open))
			depth++;
		else if (is(s, i, close) && --depth == 0)
			return i;
		if (dir < 0 && i == 0)
			break;
	}
	return s->n;
}

/*
 * The '{' of the innermost block around the token at @j, looking back no
 * further than @stop (exclusive), or s->n when there is none.
 */
static size_t outer_brace(const struct source *s, size_t j, size_t stop)
{
	int depth = 0;

	while (j-- > stop) {
		if (is(s, j, "}"))
			depth++;
		else if (is(s, j, "{") && !depth--)
			return j;
	}
	return s->n;
}

/* The '{' of the outermost block around the token at @at (the function's
 * body), or @at when no block holds it. */
static size_t outermost_brace(const struct source *s, size_t at)
{
	size_t open = at, k;

	while ((k = outer_brace(s, open, 0)) < s->n)
		open = k;
	return open;
}

static bool is_marker_macro(const struct source *s, size_t i)
{
	return is(s, i, "trace_simple") && is(s, i + 1, "(");
}

/* The ';' ending the marker statement at @i, or s->n. */
static size_t statement_end(const struct source *s, size_t i)
{
	size_t close = match(s, i + 1, 1);

	return close < s->n && is(s, close + 1, ";") ? close + 1 : s->n;
}

/* The token before the '(' matching the ')' at @i: the "if" of
 * "if (...)", a function's name; s->n when @i is no ')' or unmatched. */
static size_t before_parens(const struct source *s, size_t i)
{
	size_t open;

	if (!is(s, i, ")"))
		return s->n;
	open = match(s, i, -1);
	return open < s->n && open ? open - 1 : s->n;
}

/* The keyword of the statement whose block opens at the '{' at @o: its
 * if, for, while or switch (before the parentheses), or its do (for a
 * function's body, its name); s->n for a plain block or an else's. */
static size_t block_keyword(const struct source *s, size_t o)
{
	if (!o || o >= s->n)
		return s->n;
	if (is(s, o - 1, ")"))
		return before_parens(s, o - 1);
	return is(s, o - 1, "do") ? o - 1 : s->n;
}

/*
 * The markers standing together with the one at @at (other markers right
 * before and after it, which have no code either): *@first is the first
 * one's "trace_simple", *@last the ';' of the last one that ends.  False
 * when the one at @at does not end.
 */
static bool marker_group(const struct source *s, size_t at, size_t *first,
			 size_t *last)
{
	size_t k;

	*first = at;
	while (*first >= 3 && is(s, *first - 1, ";") &&
	       (k = before_parens(s, *first - 2)) < s->n &&
	       is_marker_macro(s, k))
		*first = k;
	*last = statement_end(s, at);
	if (*last >= s->n)
		return false;
	while (is_marker_macro(s, *last + 1) &&
	       (k = statement_end(s, *last + 1)) < s->n)
		*last = k;
	return true;
}

/* Does the '{' or ')' at @i open a conditional's body? */
static bool conditional_head(const struct source *s, size_t i)
{
	size_t k;

	if (is(s, i, "{")) {
		if (!i)
			return false;
		i--;
		if (is(s, i, "else") || is(s, i, "do"))
			return true;
		if (!is(s, i, ")"))
			return false;
	}
	if (is(s, i, "else") || is(s, i, "do"))
		return true;
	k = before_parens(s, i);
	return is(s, k, "if") || is(s, k, "while") || is(s, k, "for");
}

/*
 * The macro call naming the marker, on its line or just above (gcc's
 * __LINE__ is the call's first line, clang's its last).
 */
static bool find_marker(const struct source *s, unsigned int line,
			const char *name, size_t *at)
{
	bool found = false;
	size_t i;

	for (i = 0; i + 2 < s->n; i++) {
		if (s->t[i].line > line)
			break;
		if (s->t[i].line + 8 >= line && is_marker_macro(s, i) &&
		    is(s, i + 2, name)) {
			*at = i;
			found = true;
		}
	}
	return found;
}

/* @path's tokens and the index of marker @name's call, or NULL. */
static const struct source *marker_at(struct smk_binary *b, const char *path,
				      unsigned int line, const char *name,
				      size_t *at)
{
	const struct source *s;

	if (!path || !name)
		return NULL;
	s = load(b, path);
	if (!s || !s->n || !find_marker(s, line, name, at))
		return NULL;
	return s;
}

static size_t first_on_line(const struct source *s, unsigned int line);

/* Does @name stand as a word anywhere in the text of @s? */
static bool names_anywhere(const struct source *s, const char *name)
{
	size_t len = strlen(name);
	const char *p = s->text;

	if (!len || !p)
		return false;
	while ((p = strstr(p, name))) {
		bool before = p > s->text && ident_char(p[-1]);
		bool after = ident_char(p[len]);

		if (!before && !after)
			return true;
		p += len;
	}
	return false;
}

int smk_source_marker_written(struct smk_binary *b, const char *path,
			      unsigned int line, const char *name)
{
	const struct source *s;
	size_t at;

	if (!path || !name)
		return -1;
	s = load(b, path);
	if (!s || !s->n)
		return -1;
	if (find_marker(s, line, name, &at))
		return 1;
	/* A wrapper's use names it ("pt_trace(pt_before, p);"). */
	for (at = first_on_line(s, line); at < s->n && s->t[at].line == line;
	     at++)
		if (is(s, at, name))
			return 1;
	/* A macro of this file says it (its #define is not tokenized);
	 * a file that never says it is not the one built, or its macro
	 * comes from a header: nothing known. */
	return names_anywhere(s, name) ? 0 : -1;
}

static bool keyword(const struct source *s, size_t i);
static bool identifier(const struct source *s, size_t i);
static bool joined(const struct source *s, size_t i);

/* Is the token at @i an integer literal ("31", "0x1fU")? */
static bool number(const struct source *s, size_t i)
{
	return i < s->n && s->t[i].len &&
	       s->text[s->t[i].off] >= '0' && s->text[s->t[i].off] <= '9';
}

static bool upper_name(const struct source *s, size_t i);

/*
 * The ';' of a declaration at @i that has no code: names and '*' and ','
 * ("Int32 budget;", "unsigned n, *p;"), array bounds written with
 * numbers, constants' names (upper_name()) and arithmetic only ("count[MAXBITS+1]"), and
 * a static, extern or typedef declaration whole, initializer included
 * ("static const unsigned short lbase[31] = { 3, 4, ... };": a static's
 * initializer is constant data, laid down before the program runs); no
 * initializer of an automatic variable, no bound of a variable's value,
 * no call; s->n when it is not one.
 */
static size_t bare_declaration(const struct source *s, size_t i)
{
	bool storage = false;
	size_t j, k;

	if (keyword(s, i) || !identifier(s, i))
		return s->n;
	for (j = i; j < s->n && !is(s, j, ";"); j++) {
		if (is(s, j, "static") || is(s, j, "extern") ||
		    is(s, j, "typedef"))
			storage = true;
		if (is(s, j, "[")) {
			k = match(s, j, 1);
			if (k >= s->n)
				return s->n;
			for (j++; j < k; j++)
				if (!number(s, j) && !upper_name(s, j) &&
				    !is(s, j, "+") && !is(s, j, "-") &&
				    !is(s, j, "*") && !is(s, j, "/") &&
				    !is(s, j, "<<") && !is(s, j, ">>"))
					return s->n;
			continue;
		}
		if (storage && is(s, j, "=")) {
			/* To the ',' or ';' ending the initializer. */
			for (j++; j < s->n && !is(s, j, ",") &&
				  !is(s, j, ";"); j++)
				if (is(s, j, "{") || is(s, j, "(") ||
				    is(s, j, "[")) {
					j = match(s, j, 1);
					if (j >= s->n)
						return s->n;
				}
			if (j >= s->n || is(s, j, ";"))
				break;
			continue;
		}
		if (!(identifier(s, j) && !keyword(s, j)) && !is(s, j, "*") &&
		    !is(s, j, ","))
			return s->n;
	}
	return j < s->n && j > i + 1 ? j : s->n;
}

/*
 * Reachability by the source, statement by statement (smk_source_marker_
 * dead()): control reaches a statement when the one before it completes
 * (falls through its end) or a label names it.  A walk that meets what it
 * does not read gives up (*@r->unknown).
 */
struct reach {
	const struct source *s;
	size_t marker;		/* the marker's "trace_simple" */
	int result;		/* 1 dead, 0 reached, -1 not met yet */
	bool broke;		/* a break of the innermost loop or switch */
	bool enters;		/* a for entered for sure never completes
				 * when its body does not (for_enters()) */
	bool named;		/* a call taken not to return by its name */
};

/*
 * The value of a condition, as far as the source alone tells it: C's
 * constant folding of what a compiler folds even unoptimized (gcc -O0
 * deletes an arm its condition rules out: csmith's "if (((x >= 5UL) >=
 * 0x1458L))", "if ((y || 7UL))", a project's "if (0)").  Integer
 * literals, true/false, parentheses, !, unary - and +, the comma
 * operator, ||, && and the comparisons; the result of a comparison or
 * of ! || && is 0 or 1 whatever its operands.  Anything else (a name, a
 * call, a cast, an assignment, arithmetic) is a value not known.  A
 * value is a range [lo, hi] of a signed or an unsigned type.
 */
struct cval {
	bool known;
	bool uns;		/* of an unsigned type */
	bool truthy;		/* not 0, its range not known */
	int64_t lo, hi;
};

/* An integer literal's value and type; false when not read. */
static bool literal_value(const struct source *s, size_t i, struct cval *v)
{
	char buf[32], *end;
	const char *t;
	unsigned long long u;
	size_t len, k;
	bool hex, suf_u = false;

	if (!number(s, i) || s->t[i].len >= sizeof(buf))
		return false;
	t = s->text + s->t[i].off;
	len = s->t[i].len;
	memcpy(buf, t, len);
	buf[len] = '\0';
	hex = len > 1 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X');
	errno = 0;
	u = strtoull(buf, &end, 0);
	if (errno || end == buf)
		return false;
	for (k = end - buf; k < len; k++) {
		if (buf[k] == 'u' || buf[k] == 'U')
			suf_u = true;
		else if (buf[k] != 'l' && buf[k] != 'L')
			return false;	/* a float, a digit separator */
	}
	if (u > INT64_MAX)
		return false;
	v->known = true;
	v->lo = v->hi = (int64_t)u;
	/* C11 6.4.4.1: an octal or hexadecimal literal takes an unsigned
	 * type when the signed one of its rank does not hold it (long may
	 * be 32 bits: taken as unsigned from 2^31 on). */
	v->uns = suf_u || ((hex || buf[0] == '0') && u > INT32_MAX);
	return true;
}

static bool cval_true(const struct cval *v)
{
	return v->known && (v->truthy || v->lo > 0 || v->hi < 0);
}

static bool cval_false(const struct cval *v)
{
	return v->known && !v->lo && !v->hi;
}

/* The operator of joined punctuation at @i: its tokens, 0 when none. */
static size_t op_len(const struct source *s, size_t i, const char **op)
{
	static const char *const ops[] = {
		"<<=", ">>=", "||", "&&", "==", "!=", "<=", ">=", "<<",
		">>", "->", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=",
		"|=", "^=",
	};
	size_t k, n, j;

	if (i >= s->n || s->t[i].len != 1 || identifier(s, i) ||
	    number(s, i))
		return 0;
	for (k = 0; k < sizeof(ops) / sizeof(*ops); k++) {
		n = strlen(ops[k]);
		for (j = 0; j < n; j++)
			if (!is(s, i + j, (char[]){ ops[k][j], 0 }) ||
			    (j + 1 < n && !joined(s, i + j)))
				break;
		if (j == n) {
			*op = ops[k];
			return n;
		}
	}
	*op = NULL;
	return 1;
}

/* Binding of the binary operator @op (C's precedence, low to high);
 * 0 for one that is not binary. */
static int op_level(const char *op, char c)
{
	if (!op) {
		switch (c) {
		case ',': return 1;
		case '=': return 2;
		case '?': case ':': return 3;
		case '|': return 6;
		case '^': return 7;
		case '&': return 8;
		case '<': case '>': return 10;
		case '+': case '-': return 12;
		case '*': case '/': case '%': return 13;
		default: return 0;
		}
	}
	if (!strcmp(op, "||"))
		return 4;
	if (!strcmp(op, "&&"))
		return 5;
	if (!strcmp(op, "==") || !strcmp(op, "!="))
		return 9;
	if (!strcmp(op, "<=") || !strcmp(op, ">="))
		return 10;
	if (!strcmp(op, "<<") || !strcmp(op, ">>"))
		return 11;
	if (!strcmp(op, "->") || !strcmp(op, "++") || !strcmp(op, "--"))
		return 0;
	return 2;	/* an assignment */
}

/* Does the token at @i end an operand (so that what follows is a
 * binary operator)? */
static bool operand_end(const struct source *s, size_t i)
{
	return identifier(s, i) ? !keyword(s, i) :
	       number(s, i) || is(s, i, ")") || is(s, i, "]") ||
	       is(s, i, "\"") || is(s, i, "'");
}

static void cond_value(const struct source *s, size_t a, size_t b,
		       struct cval *v, int depth);

/* @l OP @r of two known ranges, OP a comparison: decided when the
 * ranges tell it and no conversion to unsigned moves a negative one. */
static void compare(const char *op, char c, const struct cval *l,
		    const struct cval *r, struct cval *v)
{
	bool lt, gt, eq, ne;	/* surely l < r, l > r, l == r, l != r */

	v->known = true;
	v->uns = false;
	v->lo = 0;
	v->hi = 1;
	if (!l->known || !r->known)
		return;
	if ((l->truthy && cval_false(r)) || (r->truthy && cval_false(l))) {
		/* Not 0, compared with 0 for (in)equality. */
		if (op && (!strcmp(op, "==") || !strcmp(op, "!=")))
			v->lo = v->hi = op[0] == '!';
		return;
	}
	if (l->truthy || r->truthy ||
	    ((l->uns || r->uns) && (l->lo < 0 || r->lo < 0)))
		return;
	lt = l->hi < r->lo;
	gt = l->lo > r->hi;
	eq = l->lo == l->hi && r->lo == r->hi && l->lo == r->lo;
	ne = lt || gt;
	if (!op ? (c == '<' ? lt : gt) :
	    !strcmp(op, "<=") ? l->hi <= r->lo :
	    !strcmp(op, ">=") ? l->lo >= r->hi :
	    !strcmp(op, "==") ? eq : ne)
		v->lo = 1;
	else if (!op ? (c == '<' ? l->lo >= r->hi : l->hi <= r->lo) :
		 !strcmp(op, "<=") ? gt :
		 !strcmp(op, ">=") ? lt :
		 !strcmp(op, "==") ? ne : eq)
		v->hi = 0;
}

/* "(void *)0", "((void *)0)" or NULL in tokens [@a, @b). */
static bool null_pointer(const struct source *s, size_t a, size_t b)
{
	while (b - a > 2 && is(s, a, "(") && match(s, a, 1) == b - 1) {
		a++;
		b--;
	}
	return (b == a + 1 && is(s, a, "NULL")) ||
	       (b == a + 5 && is(s, a, "(") && is(s, a + 1, "void") &&
		is(s, a + 2, "*") && is(s, a + 3, ")") && is(s, a + 4, "0"));
}

/* Tokens [@a, @b) a named object: a name, then [...] and .member only
 * (no ->, no call: the address of what a pointer points to may be 0). */
static bool object_address(const struct source *s, size_t a, size_t b)
{
	size_t k;

	if (a >= b || !identifier(s, a) || keyword(s, a))
		return false;
	for (a++; a < b;) {
		if (is(s, a, "[")) {
			k = match(s, a, 1);
			if (k >= b)
				return false;
			a = k + 1;
		} else if (is(s, a, ".") && identifier(s, a + 1)) {
			a += 2;
		} else {
			return false;
		}
	}
	return true;
}

/*
 * The value of an assignment "L OP R", OP the operator at @at: what
 * "= R" stores, converted to L's type, which is not known; only 0 stays
 * 0 in every type.  "|= C" with C odd leaves a value whose lowest bit
 * is set, in every integer type down to a one-bit field: not 0.
 */
static void assign_value(const struct source *s, size_t at, const char *op,
			 size_t b, struct cval *v, int depth)
{
	struct cval r;

	if (!op) {
		cond_value(s, at + 1, b, &r, depth + 1);
		if (cval_false(&r))
			v->known = true;
	} else if (!strcmp(op, "|=")) {
		cond_value(s, at + 2, b, &r, depth + 1);
		if (r.known && r.lo == r.hi && (r.lo & 1)) {
			v->known = true;
			v->lo = INT64_MIN;
			v->hi = INT64_MAX;
			v->truthy = true;
		}
	}
}

static void cond_value(const struct source *s, size_t a, size_t b,
		       struct cval *v, int depth)
{
	size_t i, at = s->n, len = 0, k;
	int level = 99, lv;
	const char *op = NULL, *o;
	struct cval l, r;

	memset(v, 0, sizeof(*v));
	if (a >= b || b > s->n || depth > 64)
		return;
	/* The loosest binary operator outside brackets, its last one (they
	 * group left to right; those that group right to left, ?: and the
	 * assignments, leave the value unknown anyway). */
	for (i = a; i < b; i += len) {
		len = 1;
		if (is(s, i, "(") || is(s, i, "[") || is(s, i, "{")) {
			k = match(s, i, 1);
			if (k >= b)
				return;
			len = k + 1 - i;
			continue;
		}
		if (i == a || !operand_end(s, i - 1))
			continue;
		len = op_len(s, i, &o);
		if (!len) {
			len = 1;
			continue;
		}
		lv = op_level(o, s->text[s->t[i].off]);
		if (lv && lv <= level) {
			level = lv;
			at = i;
			op = o;
		}
	}
	if (at < b) {
		size_t n = op ? strlen(op) : 1;
		char c = s->text[s->t[at].off];

		if (level == 1) {
			cond_value(s, at + 1, b, v, depth + 1);
			return;
		}
		if (level == 2) {
			assign_value(s, at, op, b, v, depth);
			return;
		}
		if (level != 4 && level != 5 && level != 9 && level != 10)
			return;
		cond_value(s, a, at, &l, depth + 1);
		cond_value(s, at + n, b, &r, depth + 1);
		if (level == 9 || level == 10) {
			compare(op, c, &l, &r, v);
			return;
		}
		v->known = true;
		v->lo = 0;
		v->hi = 1;
		if (level == 4 ? cval_true(&l) || cval_true(&r) :
		    cval_true(&l) && cval_true(&r))
			v->lo = 1;
		else if (level == 4 ? cval_false(&l) && cval_false(&r) :
			 cval_false(&l) || cval_false(&r))
			v->hi = 0;
		return;
	}
	/* A unary operator or a primary expression. */
	if (null_pointer(s, a, b)) {
		v->known = true;
		return;
	}
	if (is(s, a, "&") && !(joined(s, a) && is(s, a + 1, "&")) &&
	    object_address(s, a + 1, b)) {
		/* No object is at the null pointer's address. */
		v->known = v->uns = true;
		v->lo = 1;
		v->hi = INT64_MAX;
		return;
	}
	if (is(s, a, "(") && match(s, a, 1) == b - 1) {
		cond_value(s, a + 1, b - 1, v, depth + 1);
		return;
	}
	if (is(s, a, "!") && !(joined(s, a) && is(s, a + 1, "="))) {
		cond_value(s, a + 1, b, &r, depth + 1);
		v->known = true;
		v->lo = cval_false(&r);
		v->hi = !cval_true(&r);
		return;
	}
	if ((is(s, a, "-") || is(s, a, "+")) &&
	    !(joined(s, a) && (is(s, a + 1, "-") || is(s, a + 1, "+") ||
			       is(s, a + 1, "=")))) {
		cond_value(s, a + 1, b, &r, depth + 1);
		if (!r.known || (is(s, a, "-") && r.uns))
			return;
		*v = r;
		if (is(s, a, "-") && !r.truthy) {
			v->lo = -r.hi;
			v->hi = -r.lo;
		}
		return;
	}
	if (b == a + 1) {
		if (literal_value(s, a, v))
			return;
		if (is(s, a, "true") || is(s, a, "TRUE") || is(s, a, "True") ||
		    is(s, a, "false") || is(s, a, "FALSE") ||
		    is(s, a, "False")) {
			v->known = true;
			v->lo = v->hi = s->text[s->t[a].off] == 't' ||
					s->text[s->t[a].off] == 'T';
		}
	}
}

/* The condition of tokens (@lo, @hi): 1 always true, 0 always false, -1
 * not known.  Empty (a for's) is true. */
static int cond_const(const struct source *s, size_t lo, size_t hi)
{
	struct cval v;

	if (hi == lo + 1)
		return 1;
	cond_value(s, lo + 1, hi, &v, 0);
	return cval_true(&v) ? 1 : cval_false(&v) ? 0 : -1;
}

/* Is the condition of tokens (@lo, @hi) always true (cond_const())? */
static bool always_true(const struct source *s, size_t lo, size_t hi)
{
	return cond_const(s, lo, hi) == 1;
}

/* The condition of "for (init; cond; step)" at @open ('('): 1 when it
 * is always true (empty or a constant), 0 always false, -1 not known. */
static int for_cond_const(const struct source *s, size_t open, size_t close)
{
	size_t k, semi[2], n = 0;
	int depth = 0;

	for (k = open + 1; k < close; k++) {
		if (is(s, k, "(") || is(s, k, "[") || is(s, k, "{"))
			depth++;
		else if (is(s, k, ")") || is(s, k, "]") || is(s, k, "}"))
			depth--;
		else if (!depth && is(s, k, ";")) {
			if (n == 2)
				return -1;
			semi[n++] = k;
		}
	}
	return n == 2 ? cond_const(s, semi[0], semi[1]) : -1;
}

/*
 * Functions that do not return, by the declarations of glibc, the
 * kernel, libgcc and the C++ runtime, and the compiler's builtins; in
 * strcmp order.  error() and error_at_line() return when their status is
 * 0: not here.
 */
static const char *const noreturn_names[] = {
	"_Exit", "_Unwind_Resume", "__assert", "__assert_fail",
	"__assert_perror_fail", "__builtin_trap", "__builtin_unreachable",
	"__chk_fail", "__cxa_bad_cast", "__cxa_bad_typeid", "__cxa_rethrow",
	"__cxa_throw", "__fortify_fail", "__libc_fatal", "__longjmp_chk",
	"__stack_chk_fail", "_exit", "_longjmp", "abort", "do_exit", "err",
	"errx", "exit", "kthread_exit", "longjmp", "make_task_dead", "panic",
	"pthread_exit", "quick_exit", "siglongjmp", "thrd_exit", "verr",
	"verrx",
};

bool smk_noreturn_name(const char *name, size_t len)
{
	size_t lo = 0, hi = sizeof(noreturn_names) / sizeof(*noreturn_names);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(noreturn_names[mid], name, len);

		if (!c && !noreturn_names[mid][len])
			return true;
		/* Equal in @len bytes: the listed name is the longer. */
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* A call of a function that does not return ("exit(1)"). */
static bool noreturn_call(const struct source *s, size_t i)
{
	return i < s->n && is(s, i + 1, "(") &&
	       smk_noreturn_name(s->text + s->t[i].off, s->t[i].len);
}

/* The ';' ending the simple statement at @i (before @end), brackets
 * skipped; s->n when there is none (a macro used as a statement). */
static size_t simple_end(const struct source *s, size_t i, size_t end)
{
	int depth = 0;

	for (; i < end; i++) {
		if (is(s, i, "(") || is(s, i, "[") || is(s, i, "{"))
			depth++;
		else if (is(s, i, ")") || is(s, i, "]") || is(s, i, "}")) {
			if (--depth < 0)
				return s->n;
		} else if (depth == 0 && is(s, i, ";"))
			return i;
	}
	return s->n;
}

/* A token @text in [@from, @to). */
static bool has_token(const struct source *s, size_t from, size_t to,
		      const char *text)
{
	for (; from < to; from++)
		if (is(s, from, text))
			return true;
	return false;
}

/*
 * The head of "for (VAR = A; VAR OP B; STEP)" at @h (its "for"), A and B
 * integer literals (at most 2^40 either way), OP <, <=, >, >= or !=, the
 * test in parentheses when @parens: its counter, test and, when it is
 * VAR++, ++VAR, VAR--, --VAR, VAR += C or VAR -= C, its step (0 when it
 * is another); the ')' closing the head.
 */
struct for_head {
	const char *var;
	size_t vlen;
	int64_t a, lim, step;
	bool lt, le, gt, ge, ne;
	size_t close;
};

static size_t literal_expr(const struct source *s, size_t i, int64_t *v);
static bool joined(const struct source *s, size_t i);

/* Is the token at @j the counter of for_head() @f? */
static bool for_var(const struct source *s, size_t j,
		    const struct for_head *f)
{
	return j < s->n && s->t[j].len == f->vlen &&
	       !memcmp(s->text + s->t[j].off, f->var, f->vlen);
}

static bool for_head(const struct source *s, size_t h, bool parens,
		     struct for_head *f)
{
	size_t i = h + 2, pc = 0;

	memset(f, 0, sizeof(*f));
	if (!is(s, h, "for") || !is(s, h + 1, "(") ||
	    (f->close = match(s, h + 1, 1)) >= s->n ||
	    !identifier(s, i) || keyword(s, i) || !is(s, i + 1, "=") ||
	    joined(s, i + 1))
		return false;
	f->var = s->text + s->t[i].off;
	f->vlen = s->t[i].len;
	i = literal_expr(s, i + 2, &f->a);
	if (i >= s->n || !is(s, i, ";"))
		return false;
	/* csmith writes "(l >= 0)". */
	if (parens && is(s, i + 1, "(") && (pc = match(s, i + 1, 1)) < s->n &&
	    is(s, pc + 1, ";"))
		i++;
	else
		pc = 0;
	if (!for_var(s, i + 1, f))
		return false;
	i += 2;
	if (is(s, i, "<") || is(s, i, ">")) {
		bool eq = joined(s, i) && is(s, i + 1, "=");

		f->lt = is(s, i, "<") && !eq;
		f->le = is(s, i, "<") && eq;
		f->gt = is(s, i, ">") && !eq;
		f->ge = is(s, i, ">") && eq;
		i += eq ? 2 : 1;
	} else if (is(s, i, "!") && joined(s, i) && is(s, i + 1, "=")) {
		f->ne = true;
		i += 2;
	} else {
		return false;
	}
	i = literal_expr(s, i, &f->lim);
	if (pc && i == pc)
		i++;
	if (i >= s->n || !is(s, i, ";") ||
	    f->a < -(INT64_C(1) << 40) || f->a > (INT64_C(1) << 40) ||
	    f->lim < -(INT64_C(1) << 40) || f->lim > (INT64_C(1) << 40))
		return false;
	i++;
	if (for_var(s, i, f) && joined(s, i + 1) &&
	    ((is(s, i + 1, "+") && is(s, i + 2, "+")) ||
	     (is(s, i + 1, "-") && is(s, i + 2, "-")))) {
		f->step = is(s, i + 1, "+") ? 1 : -1;
		i += 3;
	} else if ((is(s, i, "+") || is(s, i, "-")) && joined(s, i) &&
		   is(s, i + 1, s->text[s->t[i].off] == '+' ? "+" : "-") &&
		   for_var(s, i + 2, f)) {
		f->step = is(s, i, "+") ? 1 : -1;
		i += 3;
	} else if (for_var(s, i, f) &&
		   (is(s, i + 1, "+") || is(s, i + 1, "-")) &&
		   joined(s, i + 1) && is(s, i + 2, "=")) {
		bool minus = is(s, i + 1, "-");

		i = literal_expr(s, i + 3, &f->step);
		if (i >= s->n || f->step <= 0)
			f->step = 0;
		else if (minus)
			f->step = -f->step;
	}
	if (i != f->close)
		f->step = 0;
	return true;
}

/* Does the test of for_head() @f hold for its first value? */
static bool for_enters(const struct for_head *f)
{
	return (f->lt && f->a < f->lim) || (f->le && f->a <= f->lim) ||
	       (f->gt && f->a > f->lim) || (f->ge && f->a >= f->lim) ||
	       (f->ne && f->a != f->lim);
}

/*
 * The statement at @i, entered when @reachable: the index after it, and
 * in *@completes whether control can go on past its end; s->n when it is
 * not read.
 */
static size_t reach_stmt(struct reach *r, size_t i, size_t end, bool reachable,
			 bool *completes)
{
	const struct source *s = r->s;
	size_t k, close;
	bool c1 = true, c2 = true, flow;

	*completes = true;
	for (;;) {	/* labels: a way in of their own */
		if (i >= end)
			return s->n;
		if (is(s, i, "case") || is(s, i, "default")) {
			for (k = i; k < end && !is(s, k, ":"); k++)
				if (is(s, k, "?") || is(s, k, ";"))
					return s->n;
			if (k >= end)
				return s->n;
			reachable = true;
			i = k + 1;
		} else if (identifier(s, i) && !keyword(s, i) &&
			   is(s, i + 1, ":")) {
			reachable = true;
			i += 2;
		} else {
			break;
		}
	}
	if (i == r->marker) {
		r->result = reachable ? 0 : 1;
		k = statement_end(s, i);
		return k < end ? k + 1 : s->n;
	}
	if (is(s, i, "{")) {
		close = match(s, i, 1);
		if (close >= end)
			return s->n;
		/* @flow: whether control entering the block gets here;
		 * @reachable: whether it gets here at all.  A label is a
		 * way in for both. */
		flow = true;
		for (k = i + 1; k < close;) {
			if (is(s, k, "case") || is(s, k, "default") ||
			    (identifier(s, k) && !keyword(s, k) &&
			     is(s, k + 1, ":")))
				reachable = flow = true;
			k = reach_stmt(r, k, close, reachable, &c1);
			if (k >= s->n)
				return s->n;
			reachable = reachable && c1;
			flow = flow && c1;
		}
		*completes = flow;
		return close + 1;
	}
	if (is(s, i, "if") || is(s, i, "while") || is(s, i, "for") ||
	    is(s, i, "switch")) {
		bool sw = is(s, i, "switch"), cond = is(s, i, "if");
		bool broke = r->broke, forever;
		int cv;		/* the condition: 1 true, 0 false, -1 */

		if (!is(s, i + 1, "(") || (close = match(s, i + 1, 1)) >= end)
			return s->n;
		/* A condition known from the source alone: the compiler
		 * deletes the arm or the loop body it rules out, even
		 * unoptimized (cond_value()). */
		cv = sw ? -1 : is(s, i, "for") ? for_cond_const(s, i + 1, close) :
		     cond_const(s, i + 1, close);
		forever = !cond && !sw && cv == 1;
		/* A switch's body is entered at its labels only. */
		if (!cond)
			r->broke = false;
		k = reach_stmt(r, close + 1, end,
			       sw ? false : reachable && cv != 0, &c1);
		if (k >= s->n)
			return s->n;
		if (cond) {
			/* Past its end through the then arm, or else. */
			c2 = true;
			if (is(s, k, "else")) {
				k = reach_stmt(r, k + 1, end,
					       reachable && cv != 1, &c2);
				if (k >= s->n)
					return s->n;
			}
			*completes = (cv != 0 && c1) || (cv != 1 && c2);
		}
		/* A loop that always goes round is left by a break only
		 * (a return, a goto or a call that does not return leave
		 * the function). */
		if (forever && !r->broke)
			*completes = false;
		/* A for whose test holds for its first value, with a body
		 * that never reaches its end, and no break or continue of
		 * it: entered, it never completes ("for (l = 3; (l >= 0); l
		 * -= 1) { return v; }").  Code that is not optimized keeps
		 * its test and step: a cycle no run takes. */
		if (r->enters && is(s, i, "for") && !c1 && !r->broke &&
		    !has_token(s, close + 1, k, "continue")) {
			struct for_head f;

			if (for_head(s, i, true, &f) && for_enters(&f))
				*completes = false;
		}
		if (!cond)
			r->broke = broke;
		return k;
	}
	if (is(s, i, "do")) {
		bool broke = r->broke;

		r->broke = false;
		k = reach_stmt(r, i + 1, end, reachable, &c1);
		if (k >= s->n || !is(s, k, "while") || !is(s, k + 1, "(") ||
		    (close = match(s, k + 1, 1)) >= end || !is(s, close + 1, ";"))
			return s->n;
		if (always_true(s, k + 1, close) && !r->broke)
			*completes = false;
		r->broke = broke;
		return close + 2;
	}
	if (is(s, i, "else"))
		return s->n;
	k = simple_end(s, i, end);
	if (k >= s->n)
		return s->n;
	/* A marker inside it (a statement expression, a macro's
	 * argument): not read. */
	if (r->marker > i && r->marker < k)
		return s->n;
	if (is(s, i, "return") || is(s, i, "break") || is(s, i, "continue") ||
	    is(s, i, "goto"))
		*completes = false;
	if (noreturn_call(s, i)) {
		*completes = false;
		r->named = true;
	}
	if (is(s, i, "break"))
		r->broke = true;
	return k + 1;
}

/* A line of the preprocessor between tokens @open and @close: which
 * statements it compiles is not known. */
static bool has_directive(const struct source *s, size_t open, size_t close)
{
	const char *p = s->text + s->t[open].off;
	const char *e = s->text + s->t[close].off;

	for (; p < e; p++)
		if (*p == '\n') {
			const char *q = p + 1;

			while (q < e && (*q == ' ' || *q == '\t'))
				q++;
			if (q < e && *q == '#')
				return true;
		}
	return false;
}

/* A goto between tokens @open and @close may enter any statement; a
 * conditional of the preprocessor hides which statements are compiled:
 * a walk of the statements there says nothing. */
static bool flow_hidden(const struct source *s, size_t open, size_t close)
{
	return has_token(s, open, close, "goto") ||
	       has_directive(s, open, close);
}

/*
 * Can the loop whose braced body opens at @open make no second pass: no
 * way through the body to its end (each path returns, breaks out of the
 * loop, or calls a function that does not return; reach_stmt()), and no
 * continue (another pass) or goto (a jump back inside it) in it?  Each
 * time the loop is entered its body then runs at most once, and to what
 * runs in it the loop is none: its step and test after the body are
 * code no pass reaches (csmith's "for (...) { if (c) { ...; return x; }
 * else { ...; break; } }").
 */
static bool body_once(const struct source *s, size_t open, bool enters)
{
	struct reach r = { .s = s, .marker = s->n, .result = -1,
			   .enters = enters };
	size_t close = match(s, open, 1);
	bool c = true;

	if (close >= s->n || has_token(s, open, close, "continue") ||
	    flow_hidden(s, open, close))
		return false;
	return reach_stmt(&r, open, close + 1, true, &c) == close + 1 && !c;
}

int smk_source_marker_dead(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name, bool *named)
{
	struct reach r = { .result = -1 };
	size_t at = 0, open, k, close;
	bool c;

	r.s = marker_at(b, path, line, name, &at);
	if (!r.s)
		return -1;
	r.marker = at;
	for (open = at; (k = outer_brace(r.s, open, 0)) < r.s->n;)
		open = k;
	if (open >= at || !is(r.s, open, "{") ||
	    (close = match(r.s, open, 1)) >= r.s->n)
		return -1;
	if (flow_hidden(r.s, open, close))
		return -1;
	/* The body's end may be the file's last token: s->n then is no
	 * failure. */
	if (reach_stmt(&r, open, close + 1, true, &c) != close + 1)
		return -1;
	if (named)
		*named = r.named;
	return r.result;
}

static size_t first_on_line(const struct source *s, unsigned int line);

/* The marker @name's source with *@at its token, and *@j the first token
 * of line @other; NULL when either is not found. */
static const struct source *marker_and_line(struct smk_binary *b,
					    const char *path,
					    unsigned int line,
					    const char *name,
					    unsigned int other, size_t *at,
					    size_t *j)
{
	const struct source *s = marker_at(b, path, line, name, at);

	if (!s || !other)
		return NULL;
	*j = first_on_line(s, other);
	return *j < s->n && s->t[*j].line == other ? s : NULL;
}

int smk_source_in_other_arm(struct smk_binary *b, const char *path,
			    unsigned int line, const char *name,
			    unsigned int other)
{
	const struct source *s;
	size_t at = 0, open, close, j = 0, lo, hi, k;

	s = marker_and_line(b, path, line, name, other, &at, &j);
	if (!s)
		return -1;
	/* Out through the blocks around the marker: an if's braced arm
	 * with a braced arm on the other side. */
	for (open = at; (open = outer_brace(s, open, 0)) < s->n && open;) {
		close = match(s, open, 1);
		if (close >= s->n)
			return -1;
		lo = hi = s->n;
		if (is(s, open - 1, ")") &&
		    (k = before_parens(s, open - 1)) < s->n && is(s, k, "if") &&
		    is(s, close + 1, "else") && is(s, close + 2, "{")) {
			lo = close + 2;			/* then: the else */
			hi = match(s, lo, 1);
		} else if (is(s, open - 1, "else") && open >= 2 &&
			   is(s, open - 2, "}")) {
			hi = open - 2;			/* else: the then */
			lo = match(s, hi, -1);
		}
		if (lo < s->n && hi < s->n && j > lo && j < hi)
			return 1;
	}
	return 0;
}

/* The last "case" or "default" label at the top level of the switch body
 * opened at @open before token @pos; s->n when none. */
static size_t label_before(const struct source *s, size_t open, size_t pos)
{
	size_t k, last = s->n;
	int depth = 0;

	for (k = open + 1; k < pos && k < s->n; k++) {
		if (is(s, k, "{") || is(s, k, "(") || is(s, k, "["))
			depth++;
		else if (is(s, k, "}") || is(s, k, ")") || is(s, k, "]"))
			depth--;
		else if (!depth && (is(s, k, "case") || is(s, k, "default")))
			last = k;
	}
	return last;
}

int smk_source_in_other_case(struct smk_binary *b, const char *path,
			     unsigned int line, const char *name,
			     unsigned int other)
{
	const struct source *s;
	size_t at = 0, open, close, j = 0, k, l;

	s = marker_and_line(b, path, line, name, other, &at, &j);
	if (!s)
		return -1;
	/* Out through the blocks around the marker to the innermost
	 * switch body. */
	for (open = at; (open = outer_brace(s, open, 0)) < s->n && open;) {
		close = match(s, open, 1);
		if (close >= s->n)
			return -1;
		if (!is(s, open - 1, ")") ||
		    (k = before_parens(s, open - 1)) >= s->n ||
		    !is(s, k, "switch"))
			continue;
		if (j <= open || j >= close)
			return 0;
		k = label_before(s, open, at);
		l = label_before(s, open, j);
		if (k >= s->n || l == k)
			return 0;
		/* An arm before the marker's that falls through into it
		 * (no break, return, goto or continue between) is on the
		 * marker's path: lua's str_format(), "case 'f': ...", a
		 * fall-through comment, "case 'e': ...". */
		if (l < k && j < k) {
			size_t t;

			for (t = j; t < k; t++)
				if (is(s, t, "break") || is(s, t, "return") ||
				    is(s, t, "goto") || is(s, t, "continue") ||
				    noreturn_call(s, t))
					break;
			if (t == k)
				return 0;
		}
		return 1;
	}
	return 0;
}

int smk_source_marker_on_every_call(struct smk_binary *b, const char *path,
				    unsigned int line, const char *name)
{
	const struct source *s;
	size_t at = 0, first, last, open, name_at, k;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	/* A statement of its own, not the body of an if, else, while, for
	 * or do without braces. */
	if (!is(s, first - 1, ";") && !is(s, first - 1, "{") &&
	    !is(s, first - 1, "}") && !is(s, first - 1, ":"))
		return 0;
	/* Out through the blocks around it: plain ones, and the bodies of
	 * do-while loops (which run at least once, and run the marker
	 * each time when no break or continue comes before it), up to
	 * the function's body, "name (...) {" at file level. */
	for (open = first;;) {
		open = outer_brace(s, open, 0);
		if (open >= s->n || !open)
			return -1;
		if (outer_brace(s, open, 0) >= s->n)
			break;
		if (is(s, open - 1, "do")) {
			for (k = open + 1; k < first; k++)
				if (is(s, k, "break") || is(s, k, "continue"))
					return 0;
		} else if (!is(s, open - 1, ";") && !is(s, open - 1, "{") &&
			   !is(s, open - 1, "}")) {
			return 0;	/* a conditional's, a loop's */
		}
	}
	name_at = before_parens(s, open - 1);
	if (name_at >= s->n || !identifier(s, name_at) || keyword(s, name_at))
		return 0;
	for (k = open + 1; k < first; k++)
		if (is(s, k, "return") || is(s, k, "goto"))
			return 0;
	return 1;
}

int smk_source_same_group(struct smk_binary *b, const char *path,
			  unsigned int line_a, const char *name_a,
			  unsigned int line_b, const char *name_b)
{
	const struct source *s, *t;
	size_t a = 0, c = 0, j, e;

	s = marker_at(b, path, line_a, name_a, &a);
	t = marker_at(b, path, line_b, name_b, &c);
	if (!s || s != t)
		return -1;
	if (c < a) {
		j = a;
		a = c;
		c = j;
	}
	/* From the first to the second: markers and declarations with no
	 * code only, so that nothing between them can branch or join. */
	for (j = a; j < c;) {
		e = is_marker_macro(s, j) ? statement_end(s, j) :
		    bare_declaration(s, j);
		if (e >= s->n)
			return 0;
		j = e + 1;
	}
	return j == c;
}

/* Is the '{' or ')' or "else" at @i the head of an if, else or switch? */
static bool choice_head(const struct source *s, size_t i)
{
	size_t k;

	if (is(s, i, "{")) {
		if (!i)
			return false;
		i--;
	}
	if (is(s, i, "else"))
		return true;
	k = before_parens(s, i);
	return is(s, k, "if") || is(s, k, "switch");
}

int smk_source_marker_in_choice(struct smk_binary *b, const char *path,
				unsigned int line, const char *name)
{
	const struct source *s;
	size_t at, j;

	s = marker_at(b, path, line, name, &at);
	if (!s)
		return -1;
	/* A braceless arm: "if (c) marker;", "else marker;". */
	if (at && choice_head(s, at - 1) && !is(s, at - 1, "{"))
		return 1;
	/* Each enclosing block, out to the function's body. */
	for (j = at; (j = outer_brace(s, j, 0)) < s->n;) {
		if (choice_head(s, j))
			return 1;
		if (j && is(s, j - 1, ")")) {
			size_t k = before_parens(s, j - 1);

			if (k >= s->n)
				return -1;
			/* a function's body: an identifier, not a keyword,
			 * before its parameters */
			if (!is(s, k, "for") && !is(s, k, "while"))
				return 0;
			/* a loop's body: its braceless parent? */
			if (k >= 1 && choice_head(s, k - 1))
				return 1;
		}
	}
	return -1;
}

int smk_source_case_labels(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name)
{
	const struct source *s;
	size_t at, j;
	int labels = 0;

	s = marker_at(b, path, line, name, &at);
	if (!s)
		return -1;
	/* "case X:" ... back from the marker, each ending in ':'; the
	 * arm's block opening right after them ("case X: { marker") is
	 * entered straight from them. */
	j = at;
	if (j >= 2 && is(s, j - 1, "{") && is(s, j - 2, ":"))
		j--;
	for (; j > 0 && is(s, j - 1, ":");) {
		size_t k = j - 1;

		/* back to the label's keyword, within the label */
		while (k > 0 && !is(s, k - 1, "case") &&
		       !is(s, k - 1, "default") && !is(s, k - 1, ";") &&
		       !is(s, k - 1, "{") && !is(s, k - 1, "}") &&
		       !is(s, k - 1, "?"))
			k--;
		if (!k || !is(s, k - 1, "case"))
			return is(s, k ? k - 1 : 0, "default") ? -1 :
			       labels ? -1 : 0;
		/* a range "case 1 ... 3:" stands for several values */
		for (size_t q = k; q < j - 1; q++)
			if (is(s, q, "."))
				return -1;
		labels++;
		j = k - 1;
	}
	return labels;
}

enum smk_source_context smk_source_marker_context(struct smk_binary *b,
						  const char *path,
						  unsigned int line,
						  const char *name)
{
	const struct source *s;
	size_t at = 0, first, last, before, after;

	s = marker_at(b, path, line, name, &at);
	if (!s)
		return SMK_SOURCE_UNKNOWN;
	/* Its neighbours: other markers next to it have no code either. */
	if (!marker_group(s, at, &first, &last))
		return SMK_SOURCE_UNKNOWN;
	if (!first)
		return SMK_SOURCE_SEQUENCE;
	before = first - 1;
	after = last + 1;
	/* "if (c) marker;", "else marker;", "while (c) marker;" */
	if (!is(s, before, "{"))
		return conditional_head(s, before) ? SMK_SOURCE_ALONE_IN_ARM :
						     SMK_SOURCE_SEQUENCE;
	/* "if (c) { marker; }": the markers are all the block holds. */
	if (is(s, after, "}") && conditional_head(s, before))
		return SMK_SOURCE_ALONE_IN_ARM;
	return SMK_SOURCE_SEQUENCE;
}

int smk_source_function_loops(struct smk_binary *b, const char *path,
			      unsigned int decl_line)
{
	const struct source *s;
	size_t i, open, close;

	if (!path || !decl_line)
		return -1;
	s = load(b, path);
	if (!s || !s->n)
		return -1;
	for (i = 0; i < s->n && s->t[i].line < decl_line; i++)
		;
	/* The body: the first brace after the declaration's line. */
	for (open = i; open < s->n && !is(s, open, "{"); open++)
		if (is(s, open, ";"))
			return -1;	/* a prototype: not this one */
	if (open >= s->n)
		return -1;
	close = match(s, open, 1);
	if (close >= s->n)
		return -1;
	for (i = open; i < close; i++)
		if (is(s, i, "for") || is(s, i, "while") || is(s, i, "do") ||
		    is(s, i, "goto"))
			return 1;
	return 0;
}

/* Do the statements at @a and @b read the same, token for token? */
static bool same_statement(const struct source *s, size_t a, size_t b)
{
	for (; a < s->n && b < s->n; a++, b++) {
		if (s->t[a].len != s->t[b].len ||
		    memcmp(s->text + s->t[a].off, s->text + s->t[b].off,
			   s->t[a].len))
			return false;
		if (is(s, a, ";"))
			return true;
	}
	return false;
}

/*
 * The head of the statement whose arm or block holds the token at @i
 * (after the function's '{' at @open): the "if", "while", "for" or
 * "switch" keyword of a braceless arm or of the block around it; s->n for
 * an "else" arm (the decision is its if's) or when unknown.
 */
static size_t arm_head(const struct source *s, size_t open, size_t i)
{
	size_t j = i;

	/* the start of the statement at @i */
	while (j > open + 1 && !is(s, j - 1, ";") && !is(s, j - 1, "{") &&
	       !is(s, j - 1, "}") && !is(s, j - 1, ")") &&
	       !is(s, j - 1, ":") && !is(s, j - 1, "else"))
		j--;
	if (is(s, j - 1, ")"))
		return before_parens(s, j - 1);
	if (is(s, j - 1, "else"))
		return s->n;
	/* the block around it */
	j = outer_brace(s, j, open + 1);
	if (j >= s->n)
		return i;	/* unconditional, in the function's body */
	if (is(s, j - 1, ")"))
		return before_parens(s, j - 1);
	return s->n;	/* else, do, a plain block */
}

/*
 * The index of the label named by the token at @name ("NAME:" as a
 * statement of the function body [@open, @close]), or s->n.
 */
static size_t label_at(const struct source *s, size_t open, size_t close,
		       size_t name)
{
	size_t i;

	if (name >= s->n)
		return s->n;
	for (i = open + 1; i + 1 < close; i++)
		if (s->t[i].len == s->t[name].len &&
		    !memcmp(s->text + s->t[i].off, s->text + s->t[name].off,
			    s->t[i].len) &&
		    ident_char(s->text[s->t[i].off]) && is(s, i + 1, ":") &&
		    (is(s, i - 1, ";") || is(s, i - 1, "{") ||
		     is(s, i - 1, "}") || is(s, i - 1, ":")) &&
		    !is(s, i, "default"))
			return i;
	return s->n;
}

/* Does the "if (...) {" whose '{' is at @j stand as a statement of its own
 * (not the braceless body of a loop or another if)? */
static bool plain_if_block(const struct source *s, size_t j)
{
	size_t k = j ? before_parens(s, j - 1) : s->n;

	if (k >= s->n || !k || !is(s, k, "if"))
		return false;
	return is(s, k - 1, ";") || is(s, k - 1, "{") || is(s, k - 1, "}");
}

int smk_source_marker_sequel(struct smk_binary *b, const char *path,
			     unsigned int line, const char *name,
			     unsigned int decl_line, unsigned int *next_line,
			     unsigned int (*exits)[2], size_t max_exits,
			     size_t *nexits, bool *straight,
			     bool unoptimized, unsigned int *head_line)
{
	const struct source *s;
	size_t at, first, last, open, close, i, j, sequel_end;
	bool fn_end, loop_end = false;

	s = marker_at(b, path, line, name, &at);
	if (!s || !decl_line)
		return -1;
	for (i = 0; i < s->n && s->t[i].line < decl_line; i++)
		;
	for (open = i; open < s->n && !is(s, open, "{"); open++)
		if (is(s, open, ";"))
			return -1;
	close = open < s->n ? match(s, open, 1) : s->n;
	if (close >= s->n || at <= open || at >= close)
		return -1;
	/* The markers standing together with this one, all ended. */
	if (!marker_group(s, at, &first, &last) ||
	    is_marker_macro(s, last + 1) || last + 1 > close)
		return 0;
	/*
	 * The function's last statement: in unoptimized code its end (the
	 * epilogue, under the closing brace's line) is entered by the ways
	 * on of the statements before, and by every return before the
	 * marker, which must then be none.
	 */
	fn_end = last + 1 == close;
	if (fn_end && !unoptimized)
		return 0;
	/*
	 * The last statement of a while or do loop's body, in unoptimized
	 * code: what follows is the loop's way back (clang's back jump, a
	 * do's test), entered by the body's ways on, and by a continue,
	 * which must then be none; the loop's head, before the body, may
	 * enter it too (gcc's while tests at the bottom, entered from the
	 * top): *@head_line says from where the ways in must come.
	 */
	*head_line = 0;
	if (unoptimized && !fn_end && is(s, last + 1, "}")) {
		size_t ob = match(s, last + 1, -1),
		       h = block_keyword(s, ob);

		if (h >= s->n || (!is(s, h, "do") && !is(s, h, "while")))
			return 0;
		for (i = ob + 1; i < last + 1; i++)
			if (is(s, i, "continue") || is(s, i, "goto") ||
			    (is(s, i, ":") && label_at(s, ob, last + 1, i - 1) <
						 s->n))
				return 0;
		loop_end = true;
		*head_line = s->t[h].line;
		if (s->t[ob].line > *head_line)
			*head_line = s->t[ob].line;
	}
	/* A statement before (or a block's start, or a label), none of a
	 * braceless arm's. */
	if (!is(s, first - 1, ";") && !is(s, first - 1, "{") &&
	    !is(s, first - 1, "}") &&
	    !(is(s, first - 1, ":") && label_at(s, open, close, first - 2) <
					 first))
		return 0;
	/* A statement after, in the same block, with no label. */
	if ((!fn_end && !loop_end && is(s, last + 1, "}")) ||
	    is(s, last + 1, "else") ||
	    is(s, last + 1, "case") || is(s, last + 1, "default") ||
	    is(s, last + 1, ";") ||
	    (is(s, last + 2, ":") && !is(s, last + 3, ":")))
		return 0;
	/*
	 * No jump before the marker, and returns only where the code that
	 * decides to return can be told apart: each return's lines, from the
	 * head of the statement it is the arm of ("if (c) return x;", the
	 * loop or switch whose block holds it), go to @exits.  A return
	 * that says what the statement after the marker says is refused:
	 * the compiler may share their code.
	 */
	/* The statement after the marker: a block, or up to its ';'. */
	if (fn_end || loop_end) {
		sequel_end = last + 1;
	} else if (is(s, last + 1, "{")) {
		sequel_end = match(s, last + 1, 1);
	} else if (is(s, last + 1, "if") || is(s, last + 1, "for") ||
		   is(s, last + 1, "while") || is(s, last + 1, "do") ||
		   is(s, last + 1, "switch")) {
		sequel_end = s->n;	/* not worked out: no goto after */
	} else {
		for (sequel_end = last + 1; sequel_end < close &&
		     !is(s, sequel_end, ";"); sequel_end++)
			if (is(s, sequel_end, "(") || is(s, sequel_end, "{"))
				sequel_end = match(s, sequel_end, 1);
	}
	*nexits = 0;
	for (i = open; i < first; i++) {
		size_t head, end;

		if (is(s, i, "longjmp") || is(s, i, "asm") ||
		    is(s, i, "__asm__"))
			return 0;
		/* A goto lands before the marker, on its own label or past
		 * the statement after it. */
		if (is(s, i, "goto")) {
			size_t l = label_at(s, open, close, i + 1);

			if (l >= s->n || (l >= first && l <= sequel_end))
				return 0;
			continue;
		}
		if (!is(s, i, "return"))
			continue;
		end = i;
		while (end < s->n && !is(s, end, ";"))
			end++;
		if (end >= first || fn_end)
			return 0;
		/* Unoptimized code shares no return's code with another
		 * statement: none to tell apart. */
		if (unoptimized)
			continue;
		if (*nexits == max_exits || same_statement(s, i, last + 1))
			return 0;
		head = arm_head(s, open, i);
		if (head >= s->n)
			return 0;
		exits[*nexits][0] = s->t[head].line;
		exits[*nexits][1] = s->t[end].line;
		(*nexits)++;
	}
	/* ...and only plain if blocks around it: no loop or switch that a
	 * break or continue before the marker could leave. */
	for (j = first; !unoptimized &&
	     (j = outer_brace(s, j, open + 1)) < s->n;)
		if (!plain_if_block(s, j))
			return 0;
	*next_line = s->t[last + 1].line;
	/* Straight-line code from the function's start to the marker? */
	*straight = true;
	for (i = open + 1; i < first && *straight; i++)
		if (is(s, i, "if") || is(s, i, "else") || is(s, i, "for") ||
		    is(s, i, "while") || is(s, i, "do") || is(s, i, "switch") ||
		    is(s, i, "goto") || is(s, i, "return") ||
		    is(s, i, "break") || is(s, i, "continue") ||
		    is(s, i, "?") || is(s, i, ":") ||
		    (is(s, i, "&") && is(s, i + 1, "&")) ||
		    (is(s, i, "|") && is(s, i + 1, "|")) ||
		    is(s, i, "{"))
			*straight = false;
	return 1;
}

int smk_source_switch_arm(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  unsigned int *switch_line, char *expr,
			  size_t expr_size, int64_t *vals, size_t max,
			  size_t *nvals)
{
	const struct source *s;
	size_t at, j, k, brace, open;

	s = marker_at(b, path, line, name, &at);
	if (!s)
		return -1;
	/* "switch (IDENT) {" right around the marker's arm */
	brace = outer_brace(s, at, 0);
	if (brace >= s->n || brace < 4 ||
	    (open = before_parens(s, brace - 1) + 1) > s->n ||
	    !is(s, open - 1, "switch") ||
	    open + 2 != brace - 1 || !ident_char(s->text[s->t[open + 1].off]) ||
	    number(s, open + 1) ||
	    s->t[open + 1].len >= expr_size)
		return 0;
	memcpy(expr, s->text + s->t[open + 1].off, s->t[open + 1].len);
	expr[s->t[open + 1].len] = '\0';
	*switch_line = s->t[open - 1].line;
	/* "case [-]NUMBER:" labels, back from the marker */
	*nvals = 0;
	for (j = at; j >= 3 && is(s, j - 1, ":");) {
		char num[32];
		char *end;
		bool neg;

		k = j - 2;	/* the number */
		neg = is(s, k - 1, "-");
		if (!is(s, neg ? k - 2 : k - 1, "case") ||
		    s->t[k].len >= sizeof(num) ||
		    !number(s, k) || *nvals == max)
			return 0;
		memcpy(num, s->text + s->t[k].off, s->t[k].len);
		num[s->t[k].len] = '\0';
		errno = 0;
		vals[*nvals] = strtoll(num, &end, 0);
		if (errno || *end)
			return 0;
		if (neg)
			vals[*nvals] = -vals[*nvals];
		(*nvals)++;
		j = neg ? k - 2 : k - 1;
	}
	if (!*nvals)
		return 0;
	/* No arm before falls through into this one: the switch's '{', or
	 * a break, continue, return or goto just before the labels. */
	if (is(s, j - 1, "{"))
		return j - 1 == brace;
	if (!is(s, j - 1, ";"))
		return 0;
	for (k = j - 1; k > brace + 1 && !is(s, k - 1, ";") &&
	     !is(s, k - 1, "{") && !is(s, k - 1, "}") && !is(s, k - 1, ":");)
		k--;
	return is(s, k, "break") || is(s, k, "continue") ||
	       is(s, k, "return") || is(s, k, "goto");
}

int smk_source_if_return(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *cond_first, unsigned int *cond_last)
{
	const struct source *s;
	size_t at, brace, close, open, i;

	s = marker_at(b, path, line, name, &at);
	if (!s)
		return -1;
	brace = outer_brace(s, at, 0);
	if (brace >= s->n || brace < 3 ||
	    (open = before_parens(s, brace - 1) + 1) > s->n || open < 2 ||
	    !is(s, open - 1, "if") ||
	    !(is(s, open - 2, ";") || is(s, open - 2, "{") ||
	      is(s, open - 2, "}")))
		return 0;
	/* one condition: no && || ?: that would make several jumps */
	for (i = open + 1; i < brace - 1; i++)
		if (is(s, i, "?") || (is(s, i, "&") && is(s, i + 1, "&")) ||
		    (is(s, i, "|") && is(s, i + 1, "|")))
			return 0;
	close = match(s, brace, 1);
	if (close >= s->n || is(s, close + 1, "else"))
		return 0;
	/* { markers...; return ...; } with the marker among the first */
	for (i = brace + 1; i < close && is_marker_macro(s, i);)
		i = statement_end(s, i) + 1;
	if (at >= i || !is(s, i, "return"))
		return 0;
	while (i < close && !is(s, i, ";"))
		i++;
	if (i + 1 != close)
		return 0;
	*cond_first = s->t[open - 1].line;
	*cond_last = s->t[brace - 1].line;
	return 1;
}

/* Is the token at @i one that moves control elsewhere or labels code? */
static bool leaves_or_labels(const struct source *s, size_t i)
{
	static const char *const kw[] = {
		"return", "break", "continue", "goto", "else", "case",
		"default", "asm", "__asm__", "longjmp", "exit", "abort",
		"__builtin_unreachable", "BUG", "panic",
	};
	size_t k;

	for (k = 0; k < sizeof(kw) / sizeof(*kw); k++)
		if (is(s, i, kw[k]))
			return true;
	/* "label:", "x ? a : b", a bit-field: not proven straight. */
	return is(s, i, ":") || is(s, i, "?");
}

/*
 * The braces from @open to @close hold an initializer's data that control
 * passes straight through: no token that leaves or labels code
 * (leaves_or_labels(): a "?:" or a designator's ':' counts as not proven),
 * no statement expression "({".
 */
static bool plain_initializer(const struct source *s, size_t open,
			      size_t close)
{
	size_t k;

	for (k = open + 1; k < close; k++)
		if (leaves_or_labels(s, k) ||
		    (is(s, k, "{") && is(s, k - 1, "(")))
			return false;
	return true;
}

/*
 * Does control that enters the statement whose braced block opens at
 * @open leave it only at its end?  Its kind from the tokens before
 * @open: a loop (for, while, do) keeps every break and continue inside
 * it, a switch every break; an if's arm, an else's or a plain block
 * none.  No return, goto, label, asm or call of a function taken not to
 * return (leaves_or_labels()) anywhere in it; a ':' only of a "?:" or
 * of a case or default label inside.  For code the compiler left
 * nothing of, between the marker and the next line with code: control
 * passes over it to what follows (a loop of constant trip count whose
 * body the compiler computed away, csmith's "marker; for (p = 1; (p <=
 * 4); p += 1) {...}" at clang -O2).
 */
static bool block_passes(const struct source *s, size_t open, size_t close)
{
	size_t k, h = s->n;
	bool loop = false, sw = false;
	int quest = 0;

	if (open && is(s, open - 1, "do")) {
		loop = true;
	} else if (open && is(s, open - 1, ")") &&
		   (h = before_parens(s, open - 1)) < s->n) {
		loop = is(s, h, "for") || is(s, h, "while");
		sw = is(s, h, "switch");
		if (!loop && !sw && !is(s, h, "if"))
			return false;
	} else if (!(open && (is(s, open - 1, "else") ||
			      is(s, open - 1, ";") || is(s, open - 1, "{") ||
			      is(s, open - 1, "}")))) {
		return false;
	}
	for (k = open + 1; k < close; k++) {
		if (is(s, k, "?")) {
			quest++;
		} else if (is(s, k, ":")) {
			if (!quest--)
				return false;	/* a label */
		} else if (is(s, k, "case") || is(s, k, "default")) {
			for (k++; k < close && !is(s, k, ":"); k++)
				if (is(s, k, "?"))
					return false;
			if (k >= close || (!sw && !has_token(s, open, k,
							    "switch")))
				return false;
		} else if (is(s, k, "break") || is(s, k, "continue")) {
			if (!loop && !(sw && is(s, k, "break")))
				return false;
		} else if (is(s, k, "else")) {
			continue;
		} else if (leaves_or_labels(s, k)) {
			return false;
		}
	}
	return true;
}

/*
 * The '}' at @close ends a block that control leaves by falling out of
 * it to the code after it: 1 a plain block, an if's arm (no else after
 * it) or an else's arm; 2 the function's body (control returns); 3 a
 * do's body (its "while" condition runs next); 0 a loop's body, a
 * switch's, an arm with an else after it; -1 unknown.
 */
static int falls_out(const struct source *s, size_t close)
{
	size_t open = match(s, close, -1), k;

	if (open >= s->n || !open)
		return -1;
	if (is(s, open - 1, ";") || is(s, open - 1, "{") ||
	    is(s, open - 1, "}"))
		return 1;
	if (is(s, open - 1, "else"))
		return 1;
	if (is(s, open - 1, "do"))
		return 3;
	if (!is(s, open - 1, ")"))
		return -1;
	k = before_parens(s, open - 1);
	if (k >= s->n)
		return -1;
	if (is(s, k, "if"))
		return is(s, close + 1, "else") ? 0 : 1;
	if (is(s, k, "for") || is(s, k, "while") || is(s, k, "switch"))
		return 0;
	/* A function's body: its name, at the outermost level. */
	return outer_brace(s, open, 0) >= s->n ? 2 : -1;
}

int smk_source_falls_to(struct smk_binary *b, const char *path,
			unsigned int line, const char *name, unsigned int next)
{
	const struct source *s;
	size_t at, first, last, k;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	if (last + 1 < s->n && s->t[last + 1].line > next)
		return -1;	/* @next is not after the marker */
	for (k = last + 1; k < s->n; k++) {
		unsigned int ln = s->t[k].line;

		if (ln > next || (ln == next && !is(s, k, "}")))
			break;
		if (is(s, k, "}")) {
			int r = falls_out(s, k);

			/* "} while (c);": the condition, if it is @next */
			if (r == 3)
				return is(s, k + 1, "while") &&
				       s->t[k + 1].line == next;
			if (r != 1)
				return r == 2 ? 1 : r;
			continue;
		}
		if (leaves_or_labels(s, k))
			return 0;
		/* A block opened after the marker holding @next: only some
		 * paths through the marker enter it. */
		if (is(s, k, "{")) {
			size_t close = match(s, k, 1);

			if (close >= s->n || s->t[close].line >= next)
				return 0;
			/* An initializer's braces ("static const short
			 * lbase[31] = { 3, 4, ... };"): data, no block.
			 * A statement all of whose lines are before @next
			 * has no code: when control leaves it only at its
			 * end, passed over (an else after it too). */
			if ((k && is(s, k - 1, "=") &&
			     plain_initializer(s, k, close)) ||
			    block_passes(s, k, close)) {
				k = close;
				if (is(s, k + 1, "else"))
					k++;
			}
		}
	}
	if (k >= s->n || s->t[k].line != next)
		return -1;	/* no statement starts on @next */
	/* The statement on @next must not be another arm's. */
	return is(s, k, "else") ? 0 : 1;
}

/*
 * Loop nesting: how many loops of its function enclose a statement.
 */

static bool keyword(const struct source *s, size_t i)
{
	static const char *const kw[] = {
		"if", "else", "for", "while", "do", "switch", "case",
		"default", "return", "break", "continue", "goto", "sizeof",
		"typeof", "__typeof__", "_Generic", "asm", "__asm__",
	};
	size_t k;

	for (k = 0; k < sizeof(kw) / sizeof(*kw); k++)
		if (is(s, i, kw[k]))
			return true;
	return false;
}

static bool identifier(const struct source *s, size_t i)
{
	return i < s->n && ident_char(s->text[s->t[i].off]) &&
	       !(s->text[s->t[i].off] >= '0' && s->text[s->t[i].off] <= '9');
}

/*
 * An old-style (K&R) definition, "int f(a, b) int a; char *b; { ...",
 * as zlib and much old code still write them, puts declarations between
 * the parameters' ")" and the body's "{"; every reader here expects the
 * "{" of a function's body right after its ")".  The declarations are
 * dropped from the tokens (they hold no statement): a "{" at file scope
 * right after a ";" is such a body, and its parameters are the nearest
 * "(identifiers)" after a name before it.  Anything else is left as it
 * is (and read as before: not understood).
 */
static void drop_kr_declarations(struct source *s)
{
	size_t i, j, open, k;
	int braces = 0;

	for (i = 0; i < s->n; i++) {
		if (is(s, i, "}")) {
			braces -= braces > 0;
			continue;
		}
		if (!is(s, i, "{"))
			continue;
		if (braces++ || !i || !is(s, i - 1, ";"))
			continue;
		/* Back over the declarations to the parameters' ")". */
		for (j = i - 1; j > 0; j--) {
			if (is(s, j, "{") || is(s, j, "}") || is(s, j, "=")) {
				j = 0;
				break;
			}
			if (!is(s, j, ")"))
				continue;
			open = match(s, j, -1);
			if (open >= s->n || !open) {
				j = 0;
				break;
			}
			for (k = open + 1; k < j; k++)
				if (!identifier(s, k) && !is(s, k, ","))
					break;
			if (k == j && identifier(s, open - 1) &&
			    !keyword(s, open - 1) && !is(s, j + 1, ";") &&
			    !is(s, j + 1, ","))
				break;
			j = open;
		}
		if (!j)
			continue;
		memmove(&s->t[j + 1], &s->t[i], (s->n - i) * sizeof(*s->t));
		s->n -= i - (j + 1);
		i = j + 1;
	}
}

/* "do" at @i whose body is "{ ... } while (0)": no loop. */
static bool do_once(const struct source *s, size_t i)
{
	size_t close;

	if (!is(s, i + 1, "{"))
		return false;
	close = match(s, i + 1, 1);
	return close < s->n && is(s, close + 1, "while") &&
	       is(s, close + 2, "(") && is(s, close + 3, "0") &&
	       is(s, close + 4, ")");
}

/* The "if" that the "else" at @e belongs to, or s->n. */
static size_t else_owner(const struct source *s, size_t e)
{
	int pending = 0;
	size_t j = e;

	while (j-- > 0) {
		if (is(s, j, "}") || is(s, j, ")")) {
			j = match(s, j, -1);
			if (j >= s->n)
				return s->n;
		} else if (is(s, j, "{") || is(s, j, "(")) {
			return s->n;	/* left the block: no if */
		} else if (is(s, j, "else")) {
			pending++;
		} else if (is(s, j, "if")) {
			if (!pending)
				return j;
			pending--;
		}
	}
	return s->n;
}

/*
 * Where loops_around() records the heads of the loops it counts: each
 * loop's lines of code that run once a pass and belong to no statement
 * of its body (the keyword to the condition's ')' of a for, a while or an
 * iterator macro; the "while (...)" after a do's body; the body's '}' on
 * a line of its own).  @ok turns false when a head is not worked out (a
 * braceless do) or @max is reached.
 */
struct heads {
	struct smk_line_span *v;
	size_t n, max;
	bool ok;
	int loop;		/* the goto loop being recorded, or -1 */
};

static size_t label_at(const struct source *s, size_t open, size_t close,
		       size_t name);

static void head_add(struct heads *hd, unsigned int first, unsigned int last)
{
	if (!hd)
		return;
	if (hd->n >= hd->max || !first || last < first) {
		hd->ok = false;
		return;
	}
	hd->v[hd->n].first = first;
	hd->v[hd->n].last = last;
	hd->v[hd->n].loop = hd->loop;
	hd->n++;
}

/* The line of the '}' at @close when no other token is on it, else 0. */
static unsigned int lone_brace_line(const struct source *s, size_t close)
{
	unsigned int ln;

	if (close >= s->n || !close)
		return 0;
	ln = s->t[close].line;
	if (s->t[close - 1].line == ln ||
	    (close + 1 < s->n && s->t[close + 1].line == ln))
		return 0;
	return ln;
}

/*
 * The start of a loop's body, when its first statement at @f is an if or
 * a switch: the code of its condition starts each pass and runs at no
 * other time (the loop's own head may have no code: "for (;;) switch
 * (state->mode) {").  Not after a label, which a goto may enter by.
 */
static void body_start(const struct source *s, struct heads *hd, size_t f)
{
	size_t e;

	if (!hd || f >= s->n || !f || is(s, f - 1, ":") ||
	    !(is(s, f, "switch") || is(s, f, "if")) || !is(s, f + 1, "("))
		return;
	e = match(s, f + 1, 1);
	if (e < s->n)
		head_add(hd, s->t[f].line, s->t[e].line);
}

/* The head of the loop whose block opens at @open, the keyword at @h and
 * the condition's ')' at @paren. */
static void block_head(const struct source *s, struct heads *hd, size_t h,
		       size_t paren, size_t open)
{
	unsigned int ln;

	if (!hd)
		return;
	head_add(hd, s->t[h].line, s->t[paren].line);
	ln = lone_brace_line(s, match(s, open, 1));
	if (ln)
		head_add(hd, ln, ln);
	body_start(s, hd, open + 1);
}

/* The head of the do loop whose block opens at @open. */
static void do_head(const struct source *s, struct heads *hd, size_t open)
{
	size_t close, paren;
	unsigned int ln;

	if (!hd)
		return;
	close = match(s, open, 1);
	paren = close < s->n && is(s, close + 1, "while") &&
		is(s, close + 2, "(") ? match(s, close + 2, 1) : s->n;
	if (paren >= s->n) {
		hd->ok = false;
		return;
	}
	head_add(hd, s->t[close + 1].line, s->t[paren].line);
	ln = lone_brace_line(s, close);
	if (ln)
		head_add(hd, ln, ln);
	body_start(s, hd, open + 1);
}

/* Is the token at @k, a variable, written there: assigned ("=", "+=",
 * "<<=", ...), incremented, decremented or its address taken? */
static bool var_written(const struct source *s, size_t k)
{
	size_t n = k + 1;

	if (k && (is(s, k - 1, "&") ||
		  (k > 1 && joined(s, k - 2) &&
		   ((is(s, k - 2, "+") && is(s, k - 1, "+")) ||
		    (is(s, k - 2, "-") && is(s, k - 1, "-"))))))
		return true;
	if (is(s, n, "=") && !(joined(s, n) && is(s, n + 1, "=")))
		return true;
	if (joined(s, n) && ((is(s, n, "+") && is(s, n + 1, "+")) ||
			     (is(s, n, "-") && is(s, n + 1, "-"))))
		return true;
	if (joined(s, n) && is(s, n + 1, "=") &&
	    (is(s, n, "+") || is(s, n, "-") || is(s, n, "*") ||
	     is(s, n, "/") || is(s, n, "%") || is(s, n, "&") ||
	     is(s, n, "|") || is(s, n, "^")))
		return true;
	return joined(s, n) && joined(s, n + 1) && is(s, n + 2, "=") &&
	       ((is(s, n, "<") && is(s, n + 1, "<")) ||
		(is(s, n, ">") && is(s, n + 1, ">")));
}

/*
 * Does the for at @h, its braced body opening at @open, make exactly one
 * pass: "for (i = 0; i < 1; i++)", its test holding for the first value
 * and failing for the second, the counter not written in the body, no
 * goto in it?  Values from 0 to 127 only, which every integer type
 * holds.  Such a loop is no loop around what its body holds: it runs
 * once each time the for does (csmith's loops of one pass, which every
 * optimizing compiler removes; clang -Os gave the loop on the marker's
 * line, two passes, the one cycle around the site: 2 hits for 1 when
 * the counts of loops agreed, seed 9191).
 */
static bool one_pass(const struct source *s, size_t h, size_t open)
{
	struct for_head f, g;
	size_t close = match(s, open, 1), k;

	if (close >= s->n || !for_head(s, h, true, &f) || !f.step ||
	    f.step > 127 || f.step < -127 ||
	    f.close + 1 != open || has_token(s, open, close, "goto"))
		return false;
	g = f;
	g.a = f.a + f.step;
	if (f.a < 0 || f.a > 127 || f.lim < 0 || f.lim > 127 || g.a < 0 ||
	    g.a > 127 || !for_enters(&f) || for_enters(&g))
		return false;
	for (k = open + 1; k < close; k++)
		if (for_var(s, k, &f) && var_written(s, k))
			return false;
	return true;
}

/* Is the continue at @k one of the loop whose body opens at @open (not
 * of a loop inside it)?  True when not known. */
static bool continue_of(const struct source *s, size_t k, size_t open)
{
	size_t b, h;

	if (k && is(s, k - 1, ")") && (h = before_parens(s, k - 1)) < s->n &&
	    (is(s, h, "for") || is(s, h, "while")))
		return false;	/* a braceless loop's body */
	for (b = k;;) {
		b = outer_brace(s, b, 0);
		if (b >= s->n || b <= open)
			return true;
		if ((is(s, b - 1, ")") && (h = before_parens(s, b - 1)) < s->n &&
		     (is(s, h, "for") || is(s, h, "while"))) ||
		    is(s, b - 1, "do"))
			return false;
	}
}

/*
 * Does control from the statement starting at token @at never reach the
 * end of the loop body that opens at @open: from it, each path returns,
 * breaks out of that loop or calls a function that does not return
 * before the body's end (reach_stmt() on the statements after it, out
 * through the blocks that hold it)?  Then it is on no cycle of that loop:
 * it runs at most once each time the loop is entered, as the code's
 * cycles say ("for (...) { if (c) { ...; marker; ...; return x; } else
 * {...} }": csmith seed 8484 at clang -O0, 19 markers of one function
 * "loop nesting differs").  Only if's arms, else's and plain blocks
 * between the statement and the loop's body (a break inside another loop
 * or a switch is its own); no continue of that loop (a way back,
 * continue_of()), goto or conditional of the preprocessor in the body.
 */
static bool leaves_body(const struct source *s, size_t open, size_t at)
{
	struct reach r = { .s = s, .marker = s->n, .result = -1 };
	size_t close = match(s, open, 1), cur = at, blk, bclose, i, h;
	bool c;

	if (close >= s->n || at <= open || at >= close ||
	    flow_hidden(s, open, close))
		return false;
	for (i = open + 1; i < close; i++)
		if (is(s, i, "continue") && continue_of(s, i, open))
			return false;
	for (;;) {
		blk = outer_brace(s, cur, 0);
		if (blk >= s->n || blk < open || !is(s, blk, "{") ||
		    (bclose = match(s, blk, 1)) >= s->n)
			return false;
		/* The block's kind: the loop's body, an if's or else's arm,
		 * a plain block; or the body of a loop or a switch inside
		 * it, whose breaks and continues are its own: left for the
		 * statement after it, or not at all (either way, not a way
		 * to the body's end but through that statement). */
		h = is(s, blk - 1, ")") ? before_parens(s, blk - 1) : s->n;
		if (blk != open && (is(s, blk - 1, "do") ||
				    (h < s->n && (is(s, h, "for") ||
						  is(s, h, "while") ||
						  is(s, h, "switch"))))) {
			cur = is(s, blk - 1, "do") ? blk - 1 : h;
			continue;
		}
		if (blk != open && !is(s, blk - 1, "else") &&
		    !is(s, blk - 1, ";") && !is(s, blk - 1, "{") &&
		    !is(s, blk - 1, "}") && !(h < s->n && is(s, h, "if")))
			return false;
		/* The statements after @cur in it. */
		i = reach_stmt(&r, cur, bclose, true, &c);
		while (i < bclose) {
			if (i >= s->n)
				return false;
			i = reach_stmt(&r, i, bclose, true, &c);
			if (i >= s->n)
				return false;
			if (!c)
				return true;
		}
		if (i != bclose || blk == open)
			return false;	/* the body's end: another pass */
		/* Out to the statement that holds the block. */
		if (is(s, blk - 1, "else"))
			cur = else_owner(s, blk - 1);
		else if (h < s->n)
			cur = h;
		else
			cur = blk;
		/* An "else if": the chain's first if. */
		while (cur < s->n && cur > 0 && is(s, cur - 1, "else"))
			cur = else_owner(s, cur - 1);
		if (cur >= s->n)
			return false;
	}
}

/*
 * The loops around the statement starting at token @at: for, while, do
 * (but not do ... while (0)) and a macro heading a block or a statement
 * (list_for_each_entry(...) { ... }: the kernel's iterators), out to the
 * function's body, their heads into @hd when not NULL.  -1 when the
 * structure is not understood.
 */
static int loops_around(const struct source *s, size_t at, struct heads *hd,
			bool enters)
{
	int depth = 0;
	size_t j = at, steps = 0;

	while (j > 0 && j < s->n && steps++ < s->n) {
		size_t k = j - 1, h;

		if (is(s, k, ")")) {
			/* The statement is a braceless body. */
			h = before_parens(s, k);
			if (h >= s->n)
				return -1;
			if (is(s, h, "for") || is(s, h, "while") ||
			    (identifier(s, h) && !keyword(s, h))) {
				depth++;	/* or an iterator macro */
				head_add(hd, s->t[h].line, s->t[k].line);
				body_start(s, hd, k + 1);
			} else if (!is(s, h, "if") && !is(s, h, "switch")) {
				return -1;
			}
			j = h;
		} else if (is(s, k, "else")) {
			j = else_owner(s, k);
		} else if (is(s, k, "do")) {
			depth++;
			if (hd)
				hd->ok = false;	/* its while not looked for */
			j = k;
		} else if (is(s, k, "{")) {
			if (!k)
				return depth;
			if (is(s, k - 1, ")")) {
				h = before_parens(s, k - 1);
				if (h >= s->n)
					return -1;
				if (is(s, h, "for") || is(s, h, "while")) {
					/* none when no second pass */
					if (!body_once(s, k, enters) &&
					    !leaves_body(s, k, at) &&
					    !(enters && one_pass(s, h, k))) {
						depth++;
						block_head(s, hd, h, k - 1, k);
					}
					j = h;
				} else if (is(s, h, "if") ||
					   is(s, h, "switch")) {
					j = h;
				} else if (outer_brace(s, k, 0) >= s->n) {
					return depth;	/* the function's body */
				} else if (identifier(s, h) &&
					   !keyword(s, h)) {
					/* an iterator macro */
					if (!body_once(s, k, enters)) {
						depth++;
						block_head(s, hd, h, k - 1, k);
					}
					j = h;
				} else {
					return -1;
				}
			} else if (is(s, k - 1, "else")) {
				j = else_owner(s, k - 1);
			} else if (is(s, k - 1, "do")) {
				if (!do_once(s, k - 1) &&
				    !body_once(s, k, enters)) {
					depth++;
					do_head(s, hd, k);
				}
				j = k - 1;
			} else if (is(s, k - 1, ";") || is(s, k - 1, "{") ||
				   is(s, k - 1, "}") || is(s, k - 1, ":")) {
				j = k;		/* a plain block */
			} else {
				return -1;	/* ({ ... }), an initializer */
			}
		} else if (is(s, k, ";") || is(s, k, "}") || is(s, k, ":")) {
			/* A statement in a sequence (after a label or a case
			 * too): the block around it. */
			h = outer_brace(s, j, 0);
			if (h >= s->n)
				return -1;
			j = h + 1;
		} else {
			return -1;
		}
	}
	return -1;
}

/*
 * The loops that gotos back make around the token @at of the function
 * body [@open, @close].  A goto forward makes no cycle (out of a loop,
 * into one, past statements).  A label with gotos back to it heads a
 * loop over the label to its last such goto: a cycle through @at that a
 * loop of the reader's does not make jumps back over @at, so only such
 * a span can hold it.  Each span holding @at counts, and its heads (the
 * lines of its gotos, with the if each is the braceless arm of) go into
 * @hd.  -1 for a computed goto ("goto *p") and for a label not found.
 */
static int goto_loops(const struct source *s, size_t open, size_t close,
		      size_t at, struct heads *hd)
{
	enum { MAX_SPANS = 32 };
	size_t lab[MAX_SPANS], end[MAX_SPANS], n = 0, k, l, i, j, h;
	bool changed;
	int depth = 0;

	for (k = open; k < close && k < s->n; k++) {
		if (!is(s, k, "goto"))
			continue;
		if (!identifier(s, k + 1) || keyword(s, k + 1) ||
		    !is(s, k + 2, ";"))
			return -1;
		l = label_at(s, open, close, k + 1);
		if (l >= s->n)
			return -1;
		if (l > k)
			continue;	/* forward */
		for (i = 0; i < n && lab[i] != l; i++)
			;
		if (i == n) {
			if (n == MAX_SPANS)
				return -1;
			lab[n++] = l;
		}
		end[i] = k + 2;		/* gotos are met in order */
	}
	/* Spans that overlap chain: from the later one's goto, control
	 * comes back into the earlier one's, whose loop (in the flow graph,
	 * the natural loop of its label) then reaches to that goto. */
	for (changed = true; changed;) {
		changed = false;
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				if (lab[i] < lab[j] && lab[j] <= end[i] &&
				    end[i] < end[j]) {
					end[i] = end[j];
					changed = true;
				}
	}
	for (i = 0; i < n; i++) {
		if (at < lab[i] || at > end[i])
			continue;
		if (hd)
			hd->loop = depth;
		depth++;
		for (k = lab[i] + 1; hd && k < end[i]; k++) {
			if (!is(s, k, "goto") || label_at(s, open, close,
							  k + 1) != lab[i])
				continue;
			head_add(hd, s->t[k].line, s->t[k + 2].line);
			h = is(s, k - 1, ")") ? before_parens(s, k - 1) : s->n;
			if (h < s->n && is(s, h, "if"))
				head_add(hd, s->t[h].line, s->t[k - 1].line);
		}
	}
	if (hd)
		hd->loop = -1;
	return depth;
}

static int loop_depth(struct smk_binary *b, const char *path,
		      unsigned int line, const char *name, struct heads *hd,
		      bool enters)
{
	const struct source *s;
	size_t at = 0, open, close;
	int depth;

	if (name) {
		s = marker_at(b, path, line, name, &at);
		if (!s)
			return -1;
	} else {
		if (!path || !line)
			return -1;
		s = load(b, path);
		if (!s || !s->n)
			return -1;
		while (at < s->n && s->t[at].line < line)
			at++;
		if (at >= s->n || s->t[at].line != line || !at)
			return -1;
		/* Only a line that starts a statement. */
		if (!is(s, at - 1, ";") && !is(s, at - 1, "{") &&
		    !is(s, at - 1, "}") && !is(s, at - 1, ")") &&
		    !is(s, at - 1, ":") && !is(s, at - 1, "else") &&
		    !is(s, at - 1, "do"))
			return -1;
		if (is(s, at, "}") || is(s, at, "{") || is(s, at, "for") ||
		    is(s, at, "while") || is(s, at, "do"))
			return -1;
		/* An expression statement may start with an operator
		 * ("(*p) = f();", "*q = g();", "++n;"): only after a token
		 * that ends a statement or opens a block, not after ")" or
		 * ":" (a cast's operand, the rest of a ?:). */
		if (!identifier(s, at) &&
		    !((is(s, at, "(") || is(s, at, "*") || is(s, at, "+") ||
		       is(s, at, "&") || is(s, at, "!") ||
		       is(s, at, "~") || is(s, at, "-")) &&
		      (is(s, at - 1, ";") || is(s, at - 1, "{") ||
		       is(s, at - 1, "}"))))
			return -1;
	}
	depth = loops_around(s, at, hd, enters);
	/* The loops gotos back make. */
	open = outermost_brace(s, at);
	if (depth >= 0 && open < at && is(s, open, "{")) {
		int g;

		close = match(s, open, 1);
		g = goto_loops(s, open, close, at, hd);
		depth = g < 0 ? -1 : depth + g;
	}
	return depth;
}

bool smk_source_readable(struct smk_binary *b, const char *path)
{
	const struct source *s = path ? load(b, path) : NULL;

	return s && s->n;
}

int smk_source_loop_depth(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name)
{
	return loop_depth(b, path, line, name, NULL, true);
}

int smk_source_loop_depth_kept(struct smk_binary *b, const char *path,
			       unsigned int line, const char *name)
{
	return loop_depth(b, path, line, name, NULL, false);
}

int smk_source_loop_heads(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  struct smk_line_span *v, size_t max)
{
	struct heads hd = { v, 0, max, true, -1 };
	size_t i;
	int depth = loop_depth(b, path, line, name, &hd, true);

	if (depth < 0 || !hd.ok || hd.n < (size_t)depth)
		return -1;
	/* The statement's own line in a head: its code and the head's are
	 * not told apart. */
	for (i = 0; i < hd.n; i++)
		if (line >= v[i].first && line <= v[i].last)
			return -1;
	return (int)hd.n;
}

/*
 * Is the marker @name's path certain to leave its innermost loop: a
 * return, or a break of that loop, among the statements after it in its
 * block (each a plain statement: no if, loop or label on the way)?  1 by
 * the break, 2 by the return, 0 not proven, -1 unknown.
 */
int smk_source_leaves_loop(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name)
{
	const struct source *s;
	size_t at = 0, first, last, j, k;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last) || !first)
		return -1;
	/* Only a marker in a block's sequence. */
	if (!is(s, first - 1, "{") && !is(s, first - 1, ";") &&
	    !is(s, first - 1, "}") && !is(s, first - 1, ":"))
		return 0;
	for (j = last + 1; j < s->n;) {
		if (is(s, j, "return"))
			return 2;
		if (is(s, j, "break")) {
			/* The innermost loop or switch around the marker. */
			for (k = at; (k = outer_brace(s, k, 0)) < s->n;) {
				size_t h;

				if (k && is(s, k - 1, "do"))
					return !do_once(s, k - 1);
				if (!k || !is(s, k - 1, ")"))
					continue;
				h = before_parens(s, k - 1);
				if (is(s, h, "switch"))
					return 0;
				if (is(s, h, "for") || is(s, h, "while"))
					return 1;
			}
			return 0;
		}
		if (is(s, j, "goto"))
			return -1;
		if (is(s, j, "}") || is(s, j, "{") || keyword(s, j) ||
		    (identifier(s, j) && is(s, j + 1, ":")))
			return 0;
		/* A plain statement: on to its ';'. */
		for (; j < s->n && !is(s, j, ";"); j++)
			if (is(s, j, "(") || is(s, j, "{")) {
				j = match(s, j, 1);
				if (j >= s->n)
					return -1;
			}
		j++;
	}
	return -1;
}

int smk_source_marker_starts_line(struct smk_binary *b, const char *path,
				  unsigned int line, const char *name)
{
	const struct source *s;
	size_t at = 0, first, last;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	return !first || s->t[first - 1].line < s->t[first].line;
}

/* The 1-based byte column of token @i. */
static unsigned int column(const struct source *s, size_t i)
{
	size_t off = s->t[i].off, k = off;

	while (k > 0 && s->text[k - 1] != '\n')
		k--;
	return (unsigned int)(off - k + 1);
}

/* The first token on @line or after it (s->n: none). */
static size_t first_on_line(const struct source *s, unsigned int line)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->t[mid].line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Are tokens @i and @i + 1 next to each other in the text ("+=")? */
static bool joined(const struct source *s, size_t i)
{
	return i + 1 < s->n && s->t[i].off + s->t[i].len == s->t[i + 1].off;
}

static int assigns_from(const struct source *s, unsigned int line,
			unsigned int from, unsigned int before,
			const char *name);

int smk_source_line_assigns(struct smk_binary *b, const char *path,
			    unsigned int line, unsigned int before,
			    const char *name)
{
	const struct source *s;

	if (!path || (name && !*name) || !(s = load(b, path)) || !s->n)
		return -1;
	return assigns_from(s, line, 0, before, name);
}

/* smk_source_line_assigns() over the columns from @from (0: the line's
 * start) up to @before (0: its end). */
static int assigns_from(const struct source *s, unsigned int line,
			unsigned int from, unsigned int before,
			const char *name)
{
	size_t lo, i, k;
	bool unknown = false;

	lo = first_on_line(s, line);
	while (from && lo < s->n && s->t[lo].line == line &&
	       column(s, lo) < from)
		lo++;
	for (i = lo; i < s->n && s->t[i].line == line &&
	     (!before || column(s, i) < before); i++) {
		if (name ? !is(s, i, name) :
		    !ident_char(s->text[s->t[i].off]))
			continue;
		/* Any variable: a call may write anything. */
		if (!name && i + 1 < s->n && is(s, i + 1, "(") &&
		    !is(s, i, "if") && !is(s, i, "while") &&
		    !is(s, i, "for") && !is(s, i, "switch") &&
		    !is(s, i, "return") && !is(s, i, "sizeof"))
			return -1;
		/* Another object's member of that name. */
		if (i > 0 && (is(s, i - 1, ".") ||
			      (is(s, i - 1, ">") && i > 1 &&
			       is(s, i - 2, "-") && joined(s, i - 2))))
			continue;
		/* ++x, --x, &x (a callee may write it). */
		if (i > 0 && (is(s, i - 1, "&") ||
			      (i > 1 && joined(s, i - 2) &&
			       ((is(s, i - 1, "+") && is(s, i - 2, "+")) ||
				(is(s, i - 1, "-") && is(s, i - 2, "-"))))))
			return 1;
		/* An argument of a call, or of a macro that may assign it
		 * (zlib's MOD(a), "a %= BASE"): unknown, unless an
		 * occurrence later on the line assigns it for sure.  A
		 * marker's arguments are only read (trace_simple() puts
		 * them under sizeof). */
		{
			int depth = 0;
			bool arg = false;

			for (k = i; k-- > lo;) {
				if (is(s, k, ")"))
					depth++;
				else if (is(s, k, "(") && depth)
					depth--;
				else if (is(s, k, "(") && k > lo &&
					 (is(s, k - 1, "trace_simple") ||
					  is(s, k - 1, "trace_simple_exact")))
					break;
				else if (is(s, k, "(") && k > lo &&
					 ident_char(s->text[s->t[k - 1].off]) &&
					 !is(s, k - 1, "if") &&
					 !is(s, k - 1, "while") &&
					 !is(s, k - 1, "for") &&
					 !is(s, k - 1, "switch") &&
					 !is(s, k - 1, "return") &&
					 !is(s, k - 1, "sizeof")) {
					arg = true;
					break;
				}
			}
			if (arg) {
				unknown = true;
				continue;
			}
		}
		/* Its members and elements: x.a, x->a, x[i]. */
		k = i + 1;
		for (;;) {
			if (k + 1 < s->n && is(s, k, "."))
				k += 2;
			else if (k + 2 < s->n && is(s, k, "-") &&
				 is(s, k + 1, ">") && joined(s, k))
				k += 3;
			else if (k < s->n && is(s, k, "["))
				k = match(s, k, 1) + 1;
			else
				break;
		}
		if (k >= s->n)
			return -1;
		if (is(s, k, "=") && !(joined(s, k) && is(s, k + 1, "=")))
			return 1;
		/* x += , x -= , x++, x-- */
		if ((is(s, k, "+") || is(s, k, "-")) && joined(s, k) &&
		    (is(s, k + 1, "=") ||
		     is(s, k + 1, is(s, k, "+") ? "+" : "-")))
			return 1;
		if ((is(s, k, "*") || is(s, k, "/") || is(s, k, "%") ||
		     is(s, k, "&") || is(s, k, "|") || is(s, k, "^")) &&
		    joined(s, k) && is(s, k + 1, "=") &&
		    !(joined(s, k + 1) && is(s, k + 2, "=")))
			return 1;
		if ((is(s, k, "<") || is(s, k, ">")) && joined(s, k) &&
		    is(s, k + 1, s->text[s->t[k].off] == '<' ? "<" : ">") &&
		    joined(s, k + 1) && is(s, k + 2, "="))
			return 1;
	}
	return unknown ? -1 : 0;
}

int smk_source_line_plain(struct smk_binary *b, const char *path,
			  unsigned int line, unsigned int before)
{
	static const char *const flow[] = {
		"if", "else", "while", "for", "do", "switch", "return",
		"break", "continue", "goto",
	};
	const struct source *s;
	size_t lo, i, k;

	if (!path || !(s = load(b, path)) || !s->n)
		return -1;
	lo = first_on_line(s, line);
	for (i = lo; i < s->n && s->t[i].line == line &&
	     (!before || column(s, i) < before); i++) {
		for (k = 0; k < sizeof(flow) / sizeof(*flow); k++)
			if (is(s, i, flow[k]))
				return 0;
		if (is(s, i, "?") || ((is(s, i, "&") || is(s, i, "|")) &&
				      joined(s, i) &&
				      is(s, i + 1, is(s, i, "&") ? "&" : "|")))
			return 0;
	}
	return 1;
}

int smk_source_code_before(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name,
			   unsigned int *col)
{
	const struct source *s;
	size_t at = 0, first, last;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	if (!first || s->t[first - 1].line < s->t[first].line)
		return 0;
	/* "x = 0; trace_simple(...)", "} trace_simple(...)": a statement
	 * ends on the marker's line before it. */
	if (!is(s, first - 1, ";") && !is(s, first - 1, "}"))
		return -1;
	*col = column(s, first);
	return 1;
}

/*
 * The ";" of a for's parentheses from @open to @close, at their own level
 * (an initializer's braces or a call's parentheses may hold others): up
 * to two into @semi, and how many.
 */
static size_t for_semis(const struct source *s, size_t open, size_t close,
			size_t semi[2])
{
	size_t k, n = 0;
	int depth = 0;

	for (k = open + 1; k < close; k++) {
		if (is(s, k, "(") || is(s, k, "{"))
			depth++;
		else if (is(s, k, ")") || is(s, k, "}"))
			depth--;
		else if (!depth && is(s, k, ";") && n < 2)
			semi[n++] = k;
	}
	return n;
}

int smk_source_loop_step(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *step_line, unsigned int *step_col,
			 unsigned int *step_end)
{
	const struct source *s;
	size_t at = 0, first, last, h, open, close, body_open, body_close;
	size_t k, semi[2], nsemi;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last) || !first)
		return -1;
	if (is(s, last + 1, "}")) {
		/* The last statements of a braced body. */
		body_close = last + 1;
		body_open = match(s, body_close, -1);
		if (body_open >= s->n || !body_open ||
		    !is(s, body_open - 1, ")"))
			return 0;
		h = before_parens(s, body_open - 1);
	} else if (is(s, first - 1, ")") && first == at &&
		   last == statement_end(s, at)) {
		/* The braceless body itself. */
		body_open = first;
		body_close = last;
		h = before_parens(s, first - 1);
	} else {
		return 0;
	}
	if (h >= s->n || !is(s, h, "for"))
		return 0;
	open = h + 1;
	close = match(s, open, 1);
	if (close >= s->n)
		return -1;
	nsemi = for_semis(s, open, close, semi);
	if (nsemi != 2 || semi[1] + 1 >= close)
		return 0;	/* no step: the condition runs next */
	/* A continue goes to the step without the marker (one of a nested
	 * loop would not, but is not told apart); a goto may go anywhere. */
	for (k = body_open; k <= body_close; k++)
		if (is(s, k, "continue") || is(s, k, "goto"))
			return 0;
	/* Its columns on its first line: compilers give a row the column
	 * of an operator inside it (gcc: "i++" at the "++"). */
	*step_line = s->t[semi[1] + 1].line;
	*step_col = column(s, semi[1] + 1);
	*step_end = *step_col;
	for (k = semi[1] + 1; k < close && s->t[k].line == *step_line; k++)
		*step_end = column(s, k) + (unsigned int)s->t[k].len - 1;
	return 1;
}

int smk_source_loop_head(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *head_line)
{
	const struct source *s;
	size_t at = 0, first, last, h, k, open, body_close;
	bool is_do;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last) || first < 2)
		return -1;
	/* The body's "{": right before the marker, or before declarations
	 * that have no code ("GCObject *w; marker; ..."). */
	open = outer_brace(s, first, 0);
	if (open >= s->n || !open)
		return 0;
	for (k = open + 1; k < first;) {
		size_t e = bare_declaration(s, k);

		if (e >= first)
			return 0;
		k = e + 1;
	}
	/* The braced body of a for or a while (not the "while" that ends
	 * a do: no "{" follows it), or of a do that loops. */
	is_do = is(s, open - 1, "do");
	if (is_do) {
		if (do_once(s, open - 1))
			return 0;
		h = open - 1;
	} else {
		if (!is(s, open - 1, ")"))
			return 0;
		h = before_parens(s, open - 1);
		if (h >= s->n || (!is(s, h, "for") && !is(s, h, "while")))
			return 0;
	}
	body_close = match(s, open, 1);
	if (body_close >= s->n)
		return -1;
	/* A goto may enter the loop anywhere. */
	for (k = open + 1; k < body_close; k++)
		if (is(s, k, "goto"))
			return 0;
	if (is_do) {
		/* The test: the "while (...)" after the body, on a line
		 * after the marker's (and its group's). */
		if (!is(s, body_close + 1, "while"))
			return -1;
		*head_line = s->t[body_close + 1].line;
		if (s->t[open].line >= s->t[first].line ||
		    *head_line <= s->t[last].line)
			return 0;
		return 1;
	}
	/* On a line of its own after the head's: the code of a loop after
	 * the marker on its line is not told from the head's there. */
	*head_line = s->t[h].line;
	if (s->t[first].line <= *head_line ||
	    s->t[open - 1].line != *head_line)
		return 0;
	return 1;
}

/* An integer literal at @i, with a '-' before it when @neg: into *@v. */
static bool literal_at(const struct source *s, size_t i, bool neg,
		       int64_t *v)
{
	char num[32], *end;
	unsigned long long u;

	if (!number(s, i) || s->t[i].len >= sizeof(num))
		return false;
	memcpy(num, s->text + s->t[i].off, s->t[i].len);
	num[s->t[i].len] = '\0';
	errno = 0;
	u = strtoull(num, &end, 0);
	if (errno || strspn(end, "uUlL") != strlen(end) || u > INT64_MAX)
		return false;
	*v = neg ? -(int64_t)u : (int64_t)u;
	return true;
}

/* "-5", "5", "(5)", "(-5L)" from @i: the value, the token after it. */
static size_t literal_expr(const struct source *s, size_t i, int64_t *v)
{
	size_t parens = 0;
	bool neg = false;

	for (; i < s->n && is(s, i, "("); i++)
		parens++;
	if (i < s->n && is(s, i, "-")) {
		neg = true;
		i++;
	}
	if (!literal_at(s, i, neg, v))
		return s->n;
	for (i++; parens; parens--, i++)
		if (!is(s, i, ")"))
			return s->n;
	return i;
}

/* Is the name at @k, in a loop's body, only read there: not assigned,
 * stepped or its address taken?  Any doubt is no. */
static bool only_read(const struct source *s, size_t k)
{
	size_t nx = k + 1;

	if (k && (is(s, k - 1, ".") || (is(s, k - 1, ">") && k > 1 &&
					  is(s, k - 2, "-") &&
					  joined(s, k - 2))))
		return true;	/* a member of that name */
	/* "&i": its address, unless the '&' is "a & i" or "a && i". */
	if (k > 1 && is(s, k - 1, "&") &&
	    !(is(s, k - 2, "&") && joined(s, k - 2)) &&
	    !((identifier(s, k - 2) && !keyword(s, k - 2)) ||
	      number(s, k - 2) || is(s, k - 2, ")") || is(s, k - 2, "]")))
		return false;
	if (k > 1 && joined(s, k - 2) &&
	    ((is(s, k - 1, "+") && is(s, k - 2, "+")) ||
	     (is(s, k - 1, "-") && is(s, k - 2, "-"))))
		return false;
	if (nx >= s->n || is(s, nx, "="))
		return false;
	/* "i++", "i += 2", "i <<= 1": an operator joined to another. */
	return !(joined(s, nx) && !is(s, nx, ")") && !is(s, nx, "]") &&
		 (is(s, nx + 1, "=") || is(s, nx + 1, "+") ||
		  is(s, nx + 1, "-") || is(s, nx + 1, "<") ||
		  is(s, nx + 1, ">")));
}

/*
 * The innermost loop around the statement at token @first, out through
 * plain blocks and braced if and switch arms: 1 with its body's "{" in
 * *@open and its keyword (for, while, do) in *@head; 0 none (the
 * function's body); -1 a braceless body or arm, or an else, on the way.
 */
static int innermost_loop(const struct source *s, size_t first, size_t *open,
			  size_t *head)
{
	size_t k, o, h;

	for (k = first;;) {
		/* @k starts a statement: not a braceless body or arm. */
		if (!k || is(s, k - 1, ")") || is(s, k - 1, "else") ||
		    is(s, k - 1, "do"))
			return -1;
		o = outer_brace(s, k, 0);
		if (o >= s->n || !o)
			return 0;
		if (is(s, o - 1, "do")) {
			*open = o;
			*head = o - 1;
			return 1;
		}
		if (is(s, o - 1, ")")) {
			h = before_parens(s, o - 1);
			if (h >= s->n)
				return -1;
			if (is(s, h, "for") || is(s, h, "while")) {
				*open = o;
				*head = h;
				return 1;
			}
			if (!is(s, h, "if") && !is(s, h, "switch"))
				return 0;	/* a function's body */
			k = h;
			continue;
		}
		if (is(s, o - 1, "else"))
			return -1;	/* its if not followed */
		k = o;
	}
}

/* innermost_loop() around the statements of marker @name (and the
 * markers next to it), its source in *@sp; -1 also when not found. */
static int marker_loop(struct smk_binary *b, const char *path,
		       unsigned int line, const char *name,
		       const struct source **sp, size_t *open, size_t *head)
{
	size_t at = 0, first, last;

	*sp = marker_at(b, path, line, name, &at);
	if (!*sp || !marker_group(*sp, at, &first, &last) || !first)
		return -1;
	return innermost_loop(*sp, first, open, head);
}

int smk_source_trip_count(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name, uint64_t *n)
{
	const struct source *s;
	struct for_head f;
	size_t k, o, h, close;
	int64_t cnt;
	int r;

	r = marker_loop(b, path, line, name, &s, &o, &h);
	if (r != 1)
		return r;
	if (!is(s, h, "for"))
		return 0;
	if (!for_head(s, h, false, &f) || !f.step ||
	    !is(s, f.close + 1, "{"))
		return 0;
	close = match(s, f.close + 1, 1);
	if (close >= s->n)
		return -1;
	/* The body: no way out but the test, the counter only read. */
	for (k = f.close + 2; k < close; k++) {
		if (leaves_or_labels(s, k) || is(s, k, "break"))
			return 0;
		if (for_var(s, k, &f) && !only_read(s, k))
			return 0;
	}
	if (f.step < -(INT64_C(1) << 20) || f.step > (INT64_C(1) << 20))
		return 0;
	if (f.step > 0 && (f.lt || f.le || f.ne)) {
		int64_t end = f.le ? f.lim + 1 : f.lim;

		if (f.ne && (f.lim - f.a) % f.step)
			return 0;	/* steps over it */
		cnt = f.a >= end ? 0 : (end - f.a + f.step - 1) / f.step;
	} else if (f.step < 0 && (f.gt || f.ge || f.ne)) {
		int64_t end = f.ge ? f.lim - 1 : f.lim;

		if (f.ne && (f.a - f.lim) % -f.step)
			return 0;
		cnt = f.a <= end ? 0 : (f.a - end + -f.step - 1) / -f.step;
	} else {
		return 0;	/* runs forever, or wraps */
	}
	*n = (uint64_t)cnt;
	return 1;
}

static bool jump_stays_inside(const struct source *s, size_t start, size_t j,
			      bool cont);

int smk_source_loop_ways_out(struct smk_binary *b, const char *path,
			     unsigned int line, const char *name)
{
	const struct source *s;
	size_t o, h, j, close;
	int r;

	r = marker_loop(b, path, line, name, &s, &o, &h);
	if (r != 1)
		return r;
	close = match(s, o, 1);
	if (close >= s->n)
		return -1;
	for (j = o + 1; j < close; j++) {
		if (is(s, j, "return") || is(s, j, "goto") ||
		    is(s, j, "longjmp") || is(s, j, "exit") ||
		    is(s, j, "abort"))
			return 1;
		if (is(s, j, "break") && !jump_stays_inside(s, o + 1, j, false))
			return 1;
	}
	return 0;
}

int smk_source_conditional_after(struct smk_binary *b, const char *path,
				 unsigned int line, const char *name,
				 unsigned int *next_line)
{
	const struct source *s;
	size_t at = 0, first, last;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last) || !first)
		return -1;
	/* Not a braceless arm itself. */
	if (!is(s, first - 1, ";") && !is(s, first - 1, "{") &&
	    !is(s, first - 1, "}"))
		return 0;
	if (last + 1 >= s->n)
		return 0;
	*next_line = s->t[last + 1].line;
	return is(s, last + 1, "if") || is(s, last + 1, "switch") ||
	       is(s, last + 1, "while") || is(s, last + 1, "for");
}

int smk_source_loop_after(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  unsigned int *col)
{
	const struct source *s;
	size_t at = 0, first, last, open, close, k, semi[2];

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last) || !first)
		return -1;
	if (last + 1 >= s->n || s->t[last + 1].line != s->t[last].line)
		return 0;
	if (is(s, last + 1, "while") || is(s, last + 1, "do")) {
		*col = column(s, last + 1);
		return 1;
	}
	if (!is(s, last + 1, "for"))
		return 0;
	open = last + 2;
	close = is(s, open, "(") ? match(s, open, 1) : s->n;
	if (close >= s->n)
		return -1;
	/* The condition starts after the init's ";". */
	if (!for_semis(s, open, close, semi))
		return -1;
	k = semi[0];
	if (k + 1 >= close)
		return -1;
	/* The condition on a later line: the loop's code on the marker's
	 * line is the init's, which runs once. */
	if (s->t[k + 1].line != s->t[last].line)
		return 0;
	*col = column(s, k + 1);
	return 1;
}

/*
 * The first token of the if (the first "if" of its else chain), for,
 * while or switch statement whose block ends at the "}" at @close, or
 * s->n (a plain block, a do, an iterator macro, an initializer).
 */
static size_t block_statement_start(const struct source *s, size_t close)
{
	size_t open = match(s, close, -1), h;

	if (open >= s->n || !open)
		return s->n;
	if (is(s, open - 1, "else")) {
		h = else_owner(s, open - 1);
	} else if (is(s, open - 1, ")")) {
		h = before_parens(s, open - 1);
		if (h >= s->n || !(is(s, h, "if") || is(s, h, "for") ||
				   is(s, h, "while") || is(s, h, "switch")))
			return s->n;
	} else {
		return s->n;
	}
	while (h < s->n && h && is(s, h - 1, "else"))
		h = else_owner(s, h - 1);
	return h;
}

/*
 * The first token of the if (the first of its else chain), for, while or
 * switch statement whose block ends right before the token at @first, or
 * s->n when that is not known (a plain block, a do, a braceless arm, a
 * macro).
 */
static size_t block_head_before(const struct source *s, size_t first)
{
	size_t h = block_statement_start(s, first - 1);

	if (h >= s->n || !h)
		return s->n;
	if (!is(s, h - 1, ";") && !is(s, h - 1, "{") && !is(s, h - 1, "}") &&
	    !is(s, h - 1, ":"))
		return s->n;	/* a braceless arm, a macro */
	return h;
}

/* Is the token at @i a name in capitals (a macro by convention, which
 * may hide a return or a goto: zlib's ERR_RETURN())? */
static bool upper_name(const struct source *s, size_t i)
{
	const char *t = s->text + s->t[i].off;
	size_t k, n = s->t[i].len;
	bool letter = false;

	if (!identifier(s, i))
		return false;
	for (k = 0; k < n; k++) {
		if (t[k] >= 'a' && t[k] <= 'z')
			return false;
		letter |= t[k] >= 'A' && t[k] <= 'Z';
	}
	return letter;
}

/*
 * Does the '}' at @k end a statement's block (an if's, a loop's, a
 * switch's, a plain block; not a do's, whose "while (...);" follows), a
 * statement starting right after it ("} if (v) f(v);", not "} else")?
 */
static bool block_ends_statement(const struct source *s, size_t k)
{
	size_t o = match(s, k, -1);

	return o < s->n && o > 0 && identifier(s, k + 1) &&
	       !is(s, k + 1, "else") && !is(s, k + 1, "while") &&
	       (is(s, o - 1, ")") || is(s, o - 1, ";") ||
		is(s, o - 1, "{") || is(s, o - 1, "}") ||
		is(s, o - 1, "else") || is(s, o - 1, ":"));
}

/*
 * Does the break (@cont false) or continue at token @j stay inside the
 * statement starting at token @start: a loop (or for a break a switch)
 * whose block opens after @start holds it?
 */
static bool jump_stays_inside(const struct source *s, size_t start, size_t j,
			      bool cont)
{
	size_t o = j, h;

	while ((o = outer_brace(s, o, start)) < s->n) {
		h = block_keyword(s, o);
		if (h < s->n && h >= start &&
		    (is(s, h, "for") || is(s, h, "while") || is(s, h, "do") ||
		     (!cont && is(s, h, "switch"))))
			return true;
	}
	return false;
}

static int prev_any(struct smk_binary *b, const char *path,
		    unsigned int line, const char *name,
		    unsigned int *first_line, unsigned int *last_line,
		    bool *returns, struct smk_line_span *past, size_t max,
		    size_t *npast, bool *macro, bool *leaves)
{
	const struct source *s;
	size_t at = 0, first, last, k, j, open, close, l, e;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	if (first >= 2 && is(s, first - 1, "}")) {
		/* An if (with its else arms), for, while or switch whose
		 * block ends right before the marker. */
		k = block_head_before(s, first);
		if (k >= s->n)
			return -1;
		k--;
	} else {
		if (first < 2 || !is(s, first - 1, ";"))
			return 0;
		for (k = first - 1; k-- > 0;) {
			/* The end of the statement before it (a block's
			 * '}' and a statement's first word: "for (...) {
			 * ... } if (v) f(v);"), or a block inside it:
			 * not read. */
			if (is(s, k, "}") && block_ends_statement(s, k))
				break;
			if (is(s, k, "}"))
				return -1;
			if (is(s, k, ")")) {
				k = match(s, k, -1);
				if (k >= s->n)
					return -1;
				continue;
			}
			if (is(s, k, ";") || is(s, k, "{") || is(s, k, ":"))
				break;
		}
	}
	if (k >= s->n || is(s, k, ":") || k + 1 >= first - 1)
		return k >= s->n ? -1 : 0;
	*returns = false;
	open = outermost_brace(s, at);
	close = past ? match(s, open, 1) : s->n;
	for (j = k + 1; j < first - 1; j++) {
		/* Ways out that go past the marker by the source: a
		 * break or continue of a loop inside the statement (or
		 * of the statement's own loop: its end, its test) is
		 * none; with @past, a goto's lands on its label's
		 * statement, whose lines go into @past. */
		if ((is(s, j, "break") || is(s, j, "continue")) &&
		    jump_stays_inside(s, k + 1, j, is(s, j, "continue")))
			continue;
		if (is(s, j, "goto") && past && close < s->n &&
		    (l = label_at(s, open, close, j + 1)) < s->n &&
		    *npast + 1 < max) {
			for (e = l + 2; e < close && !is(s, e, ";") &&
			     !is(s, e, "{") && !is(s, e, "}"); e++)
				;
			past[*npast].first = s->t[l].line;
			past[*npast].last = s->t[e < close ? e : l].line;
			past[(*npast)++].loop = -1;
			/* The goto's own jump (gcc -O0 gives it a row). */
			past[*npast].first = s->t[j].line;
			past[*npast].last = s->t[j].line;
			past[(*npast)++].loop = -1;
			continue;
		}
		if (is(s, j, "goto") || is(s, j, "break") ||
		    is(s, j, "continue")) {
			if (!leaves)
				return 0;
			*leaves = true;
		}
		*returns |= is(s, j, "return");
		if (macro && is(s, j + 1, "(") && upper_name(s, j))
			*macro = true;
	}
	*first_line = s->t[k + 1].line;
	*last_line = s->t[first - 1].line;
	return 1;
}

int smk_source_prev_any(struct smk_binary *b, const char *path,
			unsigned int line, const char *name,
			unsigned int *first_line, unsigned int *last_line,
			bool *returns)
{
	return prev_any(b, path, line, name, first_line, last_line, returns,
			NULL, 0, NULL, NULL, NULL);
}

int smk_source_prev_leaves(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name,
			   unsigned int *first_line, unsigned int *last_line,
			   bool *leaves, unsigned int *next_line)
{
	const struct source *s;
	size_t at = 0, first, last, n;
	bool returns = false;
	int r;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	/* The statement after the marker, in its block, unlabeled. */
	n = last + 1;
	if (n >= s->n || is(s, n, "}") || is(s, n, "case") ||
	    is(s, n, "default") || is(s, n, ";") || is(s, n, "{") ||
	    (n + 1 < s->n && identifier(s, n) && !keyword(s, n) &&
	     is(s, n + 1, ":")))
		return 0;
	*leaves = false;
	r = prev_any(b, path, line, name, first_line, last_line, &returns,
		     NULL, 0, NULL, NULL, leaves);
	if (r != 1)
		return r;
	*leaves |= returns;
	*next_line = s->t[n].line;
	return 1;
}

int smk_source_prev_ways(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *first_line, unsigned int *last_line,
			 bool *returns, struct smk_line_span *past,
			 size_t max, size_t *npast, bool *macro)
{
	*npast = 0;
	*macro = false;
	return prev_any(b, path, line, name, first_line, last_line, returns,
			past, max, npast, macro, NULL);
}

/*
 * The plain statement ending right before the token at @first (see
 * smk_source_prev_statement()): 1 with its first token in *@start, 0
 * none, -1 unknown.
 */
static int plain_before(const struct source *s, size_t first, size_t *start,
			bool *cond)
{
	size_t k;

	if (first < 2 || !is(s, first - 1, ";"))
		return 0;
	/* Back to the start of the statement ending there, at its level. */
	for (k = first - 1; k-- > 0;) {
		if (is(s, k, "}")) {
			size_t o = match(s, k, -1);

			/* The end of a block before the statement ("for
			 * (...) { ... } f(x);"): the "{" opens a body or
			 * a block, and a name follows.  Else an
			 * initializer, a compound literal or a struct. */
			if (o < s->n && o > 0 && identifier(s, k + 1) &&
			    !keyword(s, k + 1) &&
			    (is(s, o - 1, ")") || is(s, o - 1, ";") ||
			     is(s, o - 1, "{") || is(s, o - 1, "}") ||
			     is(s, o - 1, "else") || is(s, o - 1, "do") ||
			     is(s, o - 1, ":")))
				break;
			return 0;
		}
		if (is(s, k, ")")) {
			k = match(s, k, -1);
			if (k >= s->n)
				return -1;
			continue;
		}
		if (is(s, k, ";") || is(s, k, "{") || is(s, k, ":"))
			break;
	}
	if (k >= s->n || is(s, k, ":"))
		return 0;	/* a label or case before it */
	*start = k + 1;
	if (*start >= first - 1 || keyword(s, *start))
		return 0;	/* no statement, or a braceless body */
	for (k = *start; k < first - 1; k++)
		if (is(s, k, "?") || is(s, k, "&&") || is(s, k, "|")) {
			/* conditional evaluation of its own */
			if (!cond)
				return 0;
			*cond = true;
		}
	return 1;
}

int smk_source_prev_statement(struct smk_binary *b, const char *path,
			      unsigned int line, const char *name,
			      unsigned int *first_line, unsigned int *last_line)
{
	const struct source *s;
	size_t at = 0, first, last, start = 0;
	int r;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	r = plain_before(s, first, &start, NULL);
	if (r != 1)
		return r;
	*first_line = s->t[start].line;
	*last_line = s->t[first - 1].line;
	return 1;
}

int smk_source_prev_nth(struct smk_binary *b, const char *path,
			unsigned int line, const char *name, unsigned int n,
			unsigned int *first_line, unsigned int *last_line,
			bool *head, bool *cond)
{
	const struct source *s;
	size_t at = 0, first, last, start = 0, h, close, k;
	unsigned int i;
	int r;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	for (i = 0;; i++) {
		if (first >= 2 && is(s, first - 1, "}")) {
			h = block_head_before(s, first);
			if (h >= s->n)
				return -1;
			if (i != n || !(is(s, h, "if") || is(s, h, "switch")))
				return 0;
			close = is(s, h + 1, "(") ? match(s, h + 1, 1) : s->n;
			if (close >= s->n)
				return -1;
			/* Every way through it goes on to what follows: a
			 * break in a switch is its own or an inner one's. */
			for (k = h; k < first - 1; k++)
				if (is(s, k, "goto") || is(s, k, "return") ||
				    is(s, k, "continue") ||
				    (is(s, k, "break") && is(s, h, "if")))
					return 0;
			*first_line = s->t[h].line;
			*last_line = s->t[close].line;
			*head = true;
			return 1;
		}
		*cond = false;
		r = plain_before(s, first, &start, cond);
		if (r != 1)
			return r;
		if (i == n) {
			*first_line = s->t[start].line;
			*last_line = s->t[first - 1].line;
			*head = false;
			return 1;
		}
		first = start;
	}
}

/*
 * The "{" of the body of the function declared on line @decl_line (the
 * first "{" from that line on: K&R declarations hold none), and its "}"
 * into *@close; s->n when there is none.
 */
static size_t function_body(const struct source *s, unsigned int decl_line,
			    size_t *close)
{
	size_t open;

	for (open = 0; open < s->n && (s->t[open].line < decl_line ||
				       !is(s, open, "{")); open++)
		;
	*close = open < s->n ? match(s, open, 1) : s->n;
	return *close < s->n ? open : s->n;
}

int smk_source_block_open(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  unsigned int decl_line, unsigned int *open_line,
			  bool *body)
{
	const struct source *s;
	size_t at = 0, first, last, open, k;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last) || first < 1)
		return -1;
	/* A statement's end, a block's start or end, or a label: anything
	 * else before the marker makes it a braceless arm ("else marker;",
	 * "if (c) marker;"), which the innermost brace does not bound. */
	if (!is(s, first - 1, ";") && !is(s, first - 1, "{") &&
	    !is(s, first - 1, "}") && !is(s, first - 1, ":"))
		return 0;
	open = outer_brace(s, first, 0);
	if (open >= s->n)
		return -1;
	*open_line = s->t[open].line;
	/* The function's body: the first "{" from its declaration's line
	 * on (a scan for an outer brace would be fooled by braces in
	 * preprocessor conditionals). */
	*body = decl_line && function_body(s, decl_line, &k) == open;
	return 1;
}

int smk_source_body_statement(struct smk_binary *b, const char *path,
			       unsigned int line, const char *name,
			       unsigned int decl_line)
{
	const struct source *s;
	size_t at = 0, first, last, open, close, k;

	s = marker_at(b, path, line, name, &at);
	if (!s || !decl_line || !marker_group(s, at, &first, &last) ||
	    first < 1 || (open = function_body(s, decl_line, &close)) >= s->n)
		return -1;
	if (first <= open || first >= close)
		return -1;
	/* After a statement or the body's "{" (not a label, not an arm),
	 * at the body's own level. */
	if ((!is(s, first - 1, ";") && !is(s, first - 1, "{") &&
	     !is(s, first - 1, "}")) || outer_brace(s, first, 0) != open)
		return 0;
	if (flow_hidden(s, open, close))
		return -1;
	/* Every way from the entry comes to it: nothing before it returns
	 * ("if (L->stack == NULL) return;", lua's freestack() inlined at
	 * gcc -O2: its entry was the next line's site, 4 hits for 2) or
	 * calls a function that does not return. */
	for (k = open + 1; k < first; k++)
		if (is(s, k, "return") || noreturn_call(s, k))
			return 0;
	return 1;
}

int smk_source_arm_entry(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *head_first, unsigned int *head_last,
			 unsigned int *own_first, unsigned int *close_line,
			 bool *loop)
{
	const struct source *s;
	size_t at = 0, first, last, open, close, h, cond, k;
	int r;

	s = marker_at(b, path, line, name, &at);
	if (!s || !marker_group(s, at, &first, &last))
		return -1;
	/* Back over plain statements (declarations among them) to the
	 * block's "{". */
	for (k = first; !is(s, k - 1, "{");) {
		size_t start = 0;

		r = plain_before(s, k, &start, NULL);
		if (r != 1)
			return r;
		k = start;
	}
	open = k - 1;
	close = match(s, open, 1);
	if (close >= s->n || !open)
		return -1;
	/* An if's block or an else's: the head is the whole else chain up
	 * to this arm's condition, every test that may jump into it. */
	if (is(s, open - 1, ")")) {
		cond = open - 1;
		h = before_parens(s, cond);
		if (h < s->n && loop &&
		    (is(s, h, "for") || is(s, h, "while"))) {
			/* A loop's body: its head's code is the way in. */
			*own_first = *head_first = s->t[h].line;
			*head_last = s->t[cond].line;
			*close_line = s->t[close].line;
			*loop = true;
			return 1;
		}
		if (h >= s->n || !is(s, h, "if"))
			return 0;
		*own_first = s->t[h].line;
	} else if (is(s, open - 1, "else")) {
		h = else_owner(s, open - 1);
		if (h >= s->n || !is(s, h + 1, "("))
			return -1;
		cond = match(s, h + 1, 1);
		if (cond >= s->n)
			return -1;
		*own_first = 0;
	} else {
		return 0;
	}
	while (h < s->n && h && is(s, h - 1, "else"))
		h = else_owner(s, h - 1);
	if (h >= s->n)
		return -1;
	*head_first = s->t[h].line;
	*head_last = s->t[cond].line;
	*close_line = s->t[close].line;
	return 1;
}

/*
 * The first line from which the file's text is inside a conditional of
 * the preprocessor, #if to #endif, not counting an include guard
 * ("#ifndef X" then "#define X" as the file's first directives); the
 * lines from there to the matching #endif into @in (a bitmap by line,
 * of @nlines), which the compiler may not have compiled.
 */
static void conditional_lines(const struct source *s, unsigned char *in,
			      unsigned int nlines)
{
	const char *p = s->text,
		   *e = s->text + s->t[s->n - 1].off + s->t[s->n - 1].len;
	unsigned int line = 1, depth = 0, ndir = 0, guard = 0;
	char gname[64] = "";

	while (p < e) {
		const char *q = p, *eol = memchr(p, '\n', e - p);
		unsigned int here = line;

		if (!eol)
			eol = e;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '#') {
			char word[16] = "", arg[64] = "";

			ndir++;
			sscanf(q + 1, " %15[a-z] %63[A-Za-z0-9_]", word, arg);
			if (ndir == 1 && !strcmp(word, "ifndef")) {
				snprintf(gname, sizeof(gname), "%s", arg);
				guard = 1;
				depth++;
			} else if (ndir == 2 && guard == 1 &&
				   !strcmp(word, "define") &&
				   !strcmp(arg, gname)) {
				guard = 2;	/* a guard: its level is free */
			} else if (!strncmp(word, "if", 2)) {
				depth++;
			} else if (!strcmp(word, "endif") && depth) {
				depth--;
			}
			if (ndir == 2 && guard == 1)
				guard = 3;	/* no guard after all */
		}
		if (here < nlines &&
		    depth > (unsigned int)(guard == 2 ? 1 : 0))
			in[here] = 1;
		line++;
		p = eol + 1;
	}
}

int smk_source_call_lines(struct smk_binary *b, const char *path,
			  const char *name, unsigned int decl_line,
			  unsigned int *lines, size_t max, size_t *n)
{
	const struct source *s;
	unsigned char *cond;
	unsigned int nlines;
	size_t i, open, close;

	if (!path || !name || !decl_line)
		return -1;
	s = load(b, path);
	if (!s || !s->n || (open = function_body(s, decl_line, &close)) >= s->n)
		return -1;
	nlines = s->t[s->n - 1].line + 2;
	cond = calloc(nlines, 1);
	if (!cond)
		return -1;
	conditional_lines(s, cond, nlines);
	*n = 0;
	for (i = 1; i + 1 < s->n; i++) {
		if (!is(s, i, name) || !is(s, i + 1, "("))
			continue;
		/* Maybe not compiled: not counted (the count stays at most
		 * the truth). */
		if (s->t[i].line < nlines && cond[s->t[i].line])
			continue;
		/* A declaration or the definition: a type names it. */
		if ((identifier(s, i - 1) && !keyword(s, i - 1)) ||
		    is(s, i - 1, "*") || is(s, i - 1, "."))
			continue;
		if (is(s, i - 1, ">") && is(s, i - 2, "-"))
			continue;	/* a member: p->name(...) */
		if ((i > open && i < close) || *n == max) {
			free(cond);
			return -1;	/* recursion, or too many */
		}
		lines[(*n)++] = s->t[i].line;
	}
	free(cond);
	return 1;
}

int smk_source_reassigned(struct smk_binary *b, const char *path,
			  unsigned int fn_decl_line, unsigned int var_decl_line,
			  unsigned int line, const char *marker,
			  const char *name)
{
	const struct source *s;
	size_t open, close, at = 0, first, last;
	unsigned int l, from;
	bool unknown = false;
	int r;

	if (!path || !name || !*name || !fn_decl_line ||
	    !(s = marker_at(b, path, line, marker, &at)) ||
	    !marker_group(s, at, &first, &last) ||
	    (open = function_body(s, fn_decl_line, &close)) >= s->n)
		return -1;
	for (l = s->t[open].line; l <= s->t[close].line; l++) {
		if (l == var_decl_line || l < line)
			continue;	/* its initializer, or before */
		/* On the marker's line, what follows the marker. */
		from = l == s->t[last].line ? column(s, last) + 1 : 0;
		if (l == s->t[last].line && last + 1 < s->n &&
		    s->t[last + 1].line != l)
			continue;
		/* A line that may assign it does not hide one that does. */
		r = assigns_from(s, l, from, 0, name);
		if (r == 1)
			return 1;
		unknown |= r < 0;
	}
	return unknown ? -1 : 0;
}

int smk_source_initializer(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name, int64_t *val)
{
	const struct source *s;
	size_t i, k;
	bool neg = false;
	char num[32], *end;
	unsigned long long v;
	int parens = 0;

	if (!path || !name || !(s = load(b, path)) || !s->n)
		return -1;
	for (i = first_on_line(s, line); i + 1 < s->n && s->t[i].line == line;
	     i++)
		if (is(s, i, name) && is(s, i + 1, "=") &&
		    !(joined(s, i + 1) && is(s, i + 2, "=")))
			break;
	if (i + 1 >= s->n || s->t[i].line != line)
		return 0;
	/* "= (-3L);", "= 0xD896E78DL;", "= 5;" */
	for (k = i + 2; k < s->n && is(s, k, "("); k++)
		parens++;
	if (k < s->n && is(s, k, "-")) {
		neg = true;
		k++;
	}
	if (k >= s->n || s->t[k].len >= sizeof(num) || !number(s, k))
		return 0;
	memcpy(num, s->text + s->t[k].off, s->t[k].len);
	num[s->t[k].len] = '\0';
	errno = 0;
	v = strtoull(num, &end, 0);
	if (errno || strspn(end, "uUlL") != strlen(end))
		return 0;
	for (k++; parens; parens--, k++)
		if (!is(s, k, ")"))
			return 0;
	if (!is(s, k, ";") && !is(s, k, ","))
		return 0;
	*val = neg ? -(int64_t)v : (int64_t)v;
	return 1;
}
