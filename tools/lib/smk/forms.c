// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bpftrace and LTTng forms of placements; the design and the measured
 * limits of the tracers are in forms.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "forms.h"

static const char anchor_provider[] = "simple_marker";

void smk_form_state_init(struct smk_form_state *st)
{
	memset(st, 0, sizeof(*st));
}

void smk_form_state_deinit(struct smk_form_state *st)
{
	size_t i;

	for (i = 0; i < st->nprobes; i++)
		free(st->probes[i]);
	free(st->probes);
	memset(st, 0, sizeof(*st));
}

/* Was the SDT probe @key already given?  If not, remember it. */
static struct smk_error *probe_seen(struct smk_form_state *st,
				    const char *key, bool *seen)
{
	char **tmp;
	size_t i;

	for (i = 0; i < st->nprobes; i++) {
		if (!strcmp(st->probes[i], key)) {
			*seen = true;
			return NULL;
		}
	}
	*seen = false;
	tmp = realloc(st->probes, (st->nprobes + 1) * sizeof(*tmp));
	if (!tmp)
		return &smk_error_nomem;
	st->probes = tmp;
	st->probes[st->nprobes] = strdup(key);
	if (!st->probes[st->nprobes])
		return &smk_error_nomem;
	st->nprobes++;
	return NULL;
}

/* Has an earlier marker of this run printed the SDT probe PATH's P:N? */
static struct smk_error *sdt_seen(struct smk_form_state *st, const char *path,
				  const char *provider, const char *probe,
				  bool *seen)
{
	struct smk_error *err;
	char *key;

	if (asprintf(&key, "%s\n%s:%s", path, provider, probe) < 0)
		return &smk_error_nomem;
	err = probe_seen(st, key, seen);
	free(key);
	return err;
}

/* @s is not empty and every character of it is in @set. */
static bool only_of(const char *s, const char *set)
{
	return *s && s[strspn(s, set)] == '\0';
}

static const char ident_chars[] =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
/* What a path may hold for bpftrace and a shell to take it as it is. */
static const char path_chars[] =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/.+-";

static bool is_ident(const char *s)
{
	return only_of(s, ident_chars);
}

static bool plain_path(const char *s)
{
	return only_of(s, path_chars);
}

/* "text" on one line of a comment: control characters become spaces. */
static void put_text(FILE *f, const char *s)
{
	for (; s && *s; s++)
		fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
}

/* The SDT probe of @p's sites, or false. */
static bool sdt_probe(const struct smk_placement *p,
		      const struct smk_form_target *t, const char **provider,
		      const char **probe)
{
	if (t->provider && t->probe) {
		*provider = t->provider;
		*probe = t->probe;
		return true;
	}
	if (p->rule && !strcmp(p->rule, "anchor") && t->user) {
		*provider = anchor_provider;
		*probe = p->rec->name;
		return true;
	}
	return false;
}

/* ---- bpftrace ---- */

struct bt {
	const struct smk_form_target *t;
	const struct smk_site *s;
	bool multi;		/* a usdt block of several sites: base in $b */
	bool nomem;
	const char *why;	/* the last expression bpftrace cannot write */
};

static char *bt_fmt(struct bt *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static char *bt_fmt(struct bt *c, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (r < 0) {
		c->nomem = true;
		return NULL;
	}
	return s;
}

static char *bt_none(struct bt *c, const char *why)
{
	c->why = why;
	return NULL;
}

/* The address a static spec ("@+X" uprobe, "@SYM[+OFF]" kprobe) names. */
static char *bt_static(struct bt *c, const char *spec)
{
	unsigned long long x;
	char *end, sym[128];
	size_t n;

	if (spec[1] == '+') {
		x = strtoull(spec + 2, &end, 0);
		if (end == spec + 2 || *end || !c->t->user)
			return bt_none(c, "a fetch spec bpftrace cannot write");
		if (c->multi)
			return bt_fmt(c, "($b + %#llx)", x);
		return bt_fmt(c, "(reg(\"ip\") - %#llx + %#llx)",
			      (unsigned long long)c->s->file_offset, x);
	}
	if (c->t->user)
		return bt_none(c, "a symbol in a uprobe fetch spec");
	n = strcspn(spec + 1, "+");
	if (n >= sizeof(sym))
		return bt_none(c, "a symbol name too long");
	memcpy(sym, spec + 1, n);
	sym[n] = '\0';
	if (!is_ident(sym))
		return bt_none(c, "a symbol name bpftrace cannot write");
	if (!spec[1 + n])
		return bt_fmt(c, "kaddr(\"%s\")", sym);
	x = strtoull(spec + 2 + n, &end, 0);
	if (*end)
		return bt_none(c, "a fetch spec bpftrace cannot write");
	return bt_fmt(c, "(kaddr(\"%s\") + %#llx)", sym, x);
}

static char *bt_value(struct bt *c, const char *spec, const char *ctype);

/* "+OFF(INNER)": the address it loads from. */
static char *bt_deref_addr(struct bt *c, const char *spec)
{
	const char *open = strchr(spec, '('), *close = strrchr(spec, ')');
	char *inner, *v, *r;
	long long off;
	char *end;

	if (!open || !close || close < open || close[1])
		return bt_none(c, "a fetch spec bpftrace cannot write");
	off = strtoll(spec, &end, 0);
	if (end != open)
		return bt_none(c, "a fetch spec bpftrace cannot write");
	inner = strndup(open + 1, close - open - 1);
	if (!inner) {
		c->nomem = true;
		return NULL;
	}
	v = bt_value(c, inner, "uint64");
	free(inner);
	if (!v)
		return NULL;
	if (!off)
		r = bt_fmt(c, "%s", v);
	else
		r = bt_fmt(c, "(%s %c %#llx)", v, off < 0 ? '-' : '+',
			   off < 0 ? -(unsigned long long)off :
			   (unsigned long long)off);
	free(v);
	return r;
}

/* The address a spec reads from, for strings. */
static char *bt_addr(struct bt *c, const char *spec)
{
	if (spec[0] == '@')
		return bt_static(c, spec);
	if (spec[0] == '+' || spec[0] == '-')
		return bt_deref_addr(c, spec);
	if (spec[0] == '%')
		return bt_value(c, spec, "uint64");
	return bt_none(c, "a fetch spec bpftrace cannot write");
}

/* The value a spec fetches, as @ctype. */
static char *bt_value(struct bt *c, const char *spec, const char *ctype)
{
	bool cast = strcmp(ctype, "uint64");
	char *a, *r;

	switch (spec[0]) {
	case '%':
		if (!is_ident(spec + 1))
			return bt_none(c, "a register bpftrace cannot name");
		return cast ? bt_fmt(c, "(%s)reg(\"%s\")", ctype, spec + 1) :
			bt_fmt(c, "reg(\"%s\")", spec + 1);
	case '\\':
		if (!spec[1] || strspn(spec + 1, "-0123456789abcdefxABCDEF") !=
		    strlen(spec + 1))
			return bt_none(c, "an immediate bpftrace cannot write");
		return bt_fmt(c, "(%s)%s", ctype, spec + 1);
	case '@':
	case '+':
	case '-':
		a = spec[0] == '@' ? bt_static(c, spec) :
			bt_deref_addr(c, spec);
		if (!a)
			return NULL;
		r = bt_fmt(c, "*(%s *)%s", ctype, a);
		free(a);
		return r;
	}
	return bt_none(c, "a fetch spec bpftrace cannot write");
}

/* A fetch type's C type for bpftrace and its printf conversion. */
struct bt_type {
	char ctype[16];
	const char *conv;
	unsigned int bits, shift;	/* bitfield */
	bool string, symbol;
};

static bool bt_type(const char *type, struct bt_type *bt)
{
	static const struct { const char *t, *c, *conv; } map[] = {
		{ "s8", "int8", "%d" }, { "s16", "int16", "%d" },
		{ "s32", "int32", "%d" }, { "s64", "int64", "%ld" },
		{ "u8", "uint8", "%u" }, { "u16", "uint16", "%u" },
		{ "u32", "uint32", "%u" }, { "u64", "uint64", "%lu" },
		{ "x8", "uint8", "0x%x" }, { "x16", "uint16", "0x%x" },
		{ "x32", "uint32", "0x%x" }, { "x64", "uint64", "0x%lx" },
	};
	unsigned int bits, shift, unit;
	size_t i;

	memset(bt, 0, sizeof(*bt));
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (!strcmp(map[i].t, type)) {
			snprintf(bt->ctype, sizeof(bt->ctype), "%s", map[i].c);
			bt->conv = map[i].conv;
			return true;
		}
	}
	if (!strcmp(type, "string")) {
		bt->string = true;
		bt->conv = "\\\"%s\\\"";
		return true;
	}
	if (!strcmp(type, "symbol")) {
		bt->symbol = true;
		bt->conv = "%s";
		snprintf(bt->ctype, sizeof(bt->ctype), "uint64");
		return true;
	}
	if (sscanf(type, "b%u@%u/%u", &bits, &shift, &unit) == 3 &&
	    (unit == 8 || unit == 16 || unit == 32 || unit == 64) &&
	    bits >= 1 && bits + shift <= unit) {
		snprintf(bt->ctype, sizeof(bt->ctype), "uint%u", unit);
		bt->conv = unit == 64 ? "%lu" : "%u";
		bt->bits = bits;
		bt->shift = shift;
		return true;
	}
	return false;
}

/* The expression printing fetch @f, or NULL with c->why. */
static char *bt_fetch(struct bt *c, const struct smk_fetch *f,
		      const struct bt_type *ty)
{
	char *v, *r;

	if (ty->string) {
		v = bt_addr(c, f->spec);
		r = v ? bt_fmt(c, "str(%s)", v) : NULL;
	} else if (ty->symbol) {
		v = bt_value(c, f->spec, "uint64");
		r = v ? bt_fmt(c, "ksym(%s)", v) : NULL;
	} else if (ty->bits) {
		v = bt_value(c, f->spec, ty->ctype);
		r = v ? bt_fmt(c, "((%s >> %u) & %#llx)", v, ty->shift,
			       ty->bits == 64 ? ~0ULL :
			       (1ULL << ty->bits) - 1) : NULL;
	} else {
		return bt_value(c, f->spec, ty->ctype);
	}
	free(v);
	return r;
}

/* A computed value (compute.h): its inputs read, the program inline. */
static char *bt_computed(struct bt *c, const struct smk_fetch *f)
{
	char *in[SMK_FETCH_MAX_INPUTS] = { NULL };
	char expr[1024], *r = NULL;
	struct smk_compute prog;
	struct smk_error *err;
	struct bt_type ty, ity;
	unsigned int k;

	err = smk_compute_parse(f->compute, &prog);
	if (err) {
		smk_error_destroy(err);
		return bt_none(c, "a computed value that does not parse");
	}
	if (!bt_type(f->type, &ty) || ty.string || ty.symbol || ty.bits ||
	    prog.ninputs > f->ninputs)
		return bt_none(c, "a fetch type bpftrace cannot write");
	for (k = 0; k < f->ninputs; k++) {
		if (!f->inputs[k].spec || !bt_type(f->inputs[k].type, &ity) ||
		    ity.string || ity.symbol || ity.bits) {
			bt_none(c, "an input bpftrace cannot read");
			goto out;
		}
		in[k] = bt_value(c, f->inputs[k].spec, ity.ctype);
		if (!in[k])
			goto out;
	}
	if (!smk_compute_bpftrace(&prog, (const char *const *)in, expr,
				  sizeof(expr))) {
		bt_none(c, "a computed value too long for bpftrace");
		goto out;
	}
	r = bt_fmt(c, "(%s)%s", ty.ctype, expr);
out:
	for (k = 0; k < SMK_FETCH_MAX_INPUTS; k++)
		free(in[k]);
	return r;
}

/* An argument of a usdt block: bpftrace's own argN where it reads it. */
static char *bt_usdt_arg(struct bt *c, const struct smk_placement *p,
			 unsigned int k, const struct bt_type *ty)
{
	const struct smk_fetch *f = &p->sites[0].fetch[k];
	bool same = true, global = false;
	size_t i;

	for (i = 0; i < p->nsites; i++) {
		const struct smk_fetch *g = &p->sites[i].fetch[k];

		if (k >= p->sites[i].nfetch || !g->spec)
			return bt_none(c, "unavailable at one of its sites");
		if (strstr(g->spec, "@+"))
			global = true;
		if (strcmp(g->spec, f->spec))
			same = false;
	}
	/*
	 * The fetch spec where it is the same at every site; bpftrace's own
	 * argN only where it differs: bpftrace 0.17 has no arg10 and arg11,
	 * refuses some registers ("x86_64 doesn't support arg9" for %r12d)
	 * and cannot read "sym(%rip)".
	 */
	if (!same && (global || k >= 10))
		return bt_none(c, global ? "a global at one site and not at "
			       "another" : "past bpftrace's arg9, and in "
			       "different places at its sites");
	if (same) {
		if (strstr(f->spec, "@+") && c->multi && !c->s)
			return bt_none(c, "a global, and two of its notes "
				       "share an offset in a page: which one "
				       "fired is unknown");
		return bt_fetch(c, f, ty);
	}
	if (ty->string)
		return bt_fmt(c, "str(arg%u)", k);
	if (ty->bits || ty->symbol)
		return bt_none(c, "a fetch type bpftrace cannot write");
	return bt_fmt(c, "(%s)arg%u", ty->ctype, k);
}

static void bt_comment(FILE *f, const char *name, const char *a,
		       const char *b, const char *c)
{
	fprintf(f, "// %s: ", name);
	put_text(f, a);
	if (b) {
		fputs(": ", f);
		put_text(f, b);
	}
	if (c) {
		fputs(": ", f);
		put_text(f, c);
	}
	fputc('\n', f);
}

/*
 * One probe block: the attach point @ap, the printf of @s's fetches (the
 * site @s, or for a usdt block over all of @p's sites, the first).
 * @commented: the block is given for other bpftrace versions only.
 */
static void bt_block(FILE *f, struct bt *c, const struct smk_placement *p,
		     const char *name, const char *ap, bool usdt,
		     bool commented)
{
	const struct smk_site *s = &p->sites[0];
	char *exprs[SMK_RECORD_MAX_ARGS] = { NULL };
	const char *lead = commented ? "// " : "";
	unsigned int k, nfetch;
	bool base = false;
	size_t i;

	if (!usdt)
		s = c->s;
	nfetch = s->nfetch;
	for (k = 0; k < nfetch; k++) {
		const struct smk_fetch *fe = &s->fetch[k];
		struct bt_type ty;

		c->why = NULL;
		if (!fe->spec && fe->how == SMK_FETCH_COMPUTED && !usdt) {
			exprs[k] = bt_computed(c, fe);
			if (!exprs[k] && c->why)
				bt_comment(f, name, fe->name, "bpftrace cannot "
					   "compute it", c->why);
			continue;
		}
		if (!fe->spec && fe->how == SMK_FETCH_ENTRY) {
			/* Not joined here yet: see entry.h. */
			bt_comment(f, name, fe->name, "unavailable",
				   "an entry value (DW_OP_entry_value): the "
				   "bpftrace form does not join entry probes "
				   "yet; attach and symbolize-ftrace do");
			continue;
		}
		if (!fe->spec) {
			bt_comment(f, name, fe->name, "unavailable",
				   fe->reason);
			continue;
		}
		if (!bt_type(fe->type, &ty)) {
			exprs[k] = NULL;
			c->why = "a fetch type bpftrace cannot write";
		} else {
			exprs[k] = usdt ? bt_usdt_arg(c, p, k, &ty) :
				bt_fetch(c, fe, &ty);
		}
		if (!exprs[k] && c->why)
			bt_comment(f, name, fe->name, "bpftrace cannot fetch "
				   "it", c->why);
		if (exprs[k] && strstr(exprs[k], "$b"))
			base = true;
	}
	fprintf(f, "%s%s\n%s{\n", lead, ap, lead);
	if (base) {
		/* The base of the file is page-aligned for the site that
		 * fired (bt_usdt_arg() checked the sites differ). */
		fprintf(f, "%s\t$b = reg(\"ip\") - %#llx;\n", lead,
			(unsigned long long)p->sites[0].file_offset);
		for (i = 1; i < p->nsites; i++)
			fprintf(f, "%s\tif (((reg(\"ip\") - %#llx) & 0xfff) == "
				"0) { $b = reg(\"ip\") - %#llx; }\n", lead,
				(unsigned long long)p->sites[i].file_offset,
				(unsigned long long)p->sites[i].file_offset);
	}
	fprintf(f, "%s\tprintf(\"%s:", lead, name);
	for (k = 0; k < nfetch; k++) {
		struct bt_type ty = { .conv = "?" };

		if (exprs[k])
			bt_type(s->fetch[k].type, &ty);
		fprintf(f, " %s=%s", s->fetch[k].name, exprs[k] ? ty.conv : "?");
	}
	fputs("\\n\"", f);
	for (k = 0; k < nfetch; k++) {
		if (exprs[k])
			fprintf(f, ", %s", exprs[k]);
		free(exprs[k]);
	}
	fprintf(f, ");\n%s}\n", lead);
}

/* Do @p's sites differ modulo the page size? */
static bool pages_differ(const struct smk_placement *p)
{
	size_t i, j;

	for (i = 0; i < p->nsites; i++)
		for (j = i + 1; j < p->nsites; j++)
			if (!((p->sites[i].file_offset -
			       p->sites[j].file_offset) & 0xfff))
				return false;
	return true;
}

static const char bt_refused[] =
	"bpftrace 0.17 (Debian 12) places uprobes and kprobes only at a "
	"function's entry or an SDT note (\"compiled without (k|u)probe "
	"offset support\"; --unsafe does not help)";

struct smk_error *smk_form_bpftrace_attach(const struct smk_placement *p,
					   const struct smk_form_target *t,
					   size_t i, char **ap,
					   const char **why)
{
	const struct smk_site *s = &p->sites[i];
	const char *provider, *probe;
	int r;

	*ap = NULL;
	*why = NULL;
	if (t->user && !plain_path(t->path)) {
		*why = "its path has characters a bpftrace attach point "
			"cannot hold";
		return NULL;
	}
	if (sdt_probe(p, t, &provider, &probe)) {
		if (!is_ident(provider) || !is_ident(probe)) {
			*why = "an SDT name bpftrace cannot write";
			return NULL;
		}
		r = asprintf(ap, "usdt:%s:%s:%s", t->path, provider, probe);
	} else if (!smk_site_placed(s)) {
		*why = "no address";
		return NULL;
	} else if (s->offset || !s->symbol) {
		*why = bt_refused;
		return NULL;
	} else if (t->user) {
		r = asprintf(ap, "uprobe:%s:%#llx", t->path,
			     (unsigned long long)s->addr);
	} else if (is_ident(s->symbol)) {
		r = asprintf(ap, "kprobe:%s", s->symbol);
	} else {
		*why = "a symbol name bpftrace cannot write";
		return NULL;
	}
	if (r < 0) {
		*ap = NULL;
		return &smk_error_nomem;
	}
	return NULL;
}

struct smk_error *smk_form_bpftrace(struct smk_form_state *st,
				    const struct smk_placement *p,
				    const struct smk_form_target *t,
				    char **ret)
{
	const char *name = is_ident(p->rec->name) ? p->rec->name : "?";
	const char *provider, *probe;
	struct smk_error *err = NULL;
	struct bt c = { .t = t };
	size_t len, i, nentry;
	char *ap = NULL;
	FILE *f;

	*ret = NULL;
	f = open_memstream(ret, &len);
	if (!f)
		return &smk_error_nomem;
	if (smk_placement_commented(p))
		bt_comment(f, name, smk_verdict_name(p->verdict), p->reason,
			   NULL);
	if (t->user && !plain_path(t->path)) {
		bt_comment(f, name, "not probed", "its path has characters "
			   "a bpftrace attach point cannot hold", NULL);
		goto out;
	}
	if (p->nsites && sdt_probe(p, t, &provider, &probe)) {
		bool seen;

		err = sdt_seen(st, t->path, provider, probe, &seen);
		if (err)
			goto out;
		if (seen) {
			bt_comment(f, name, "its sites are in the usdt block "
				   "of the same probe above", NULL, NULL);
			goto out;
		}
		if (!is_ident(provider) || !is_ident(probe)) {
			bt_comment(f, name, "not probed", "an SDT name "
				   "bpftrace cannot write", NULL);
			goto out;
		}
		if (t->semaphore)
			bt_comment(f, name, "bpftrace sets the probe's "
				   "semaphore itself", NULL, NULL);
		/* One usdt block fires at every note of the probe. */
		c.multi = p->nsites > 1;
		c.s = !c.multi || pages_differ(p) ? &p->sites[0] : NULL;
		if (asprintf(&ap, "usdt:%s:%s:%s", t->path, provider,
			     probe) < 0) {
			err = &smk_error_nomem;
			goto out;
		}
		bt_block(f, &c, p, name, ap, true, false);
		goto out;
	}
	for (i = 0, nentry = 0; i < p->nsites; i++)
		nentry += smk_site_placed(&p->sites[i]) && !p->sites[i].offset &&
			p->sites[i].symbol;
	if (nentry && nentry < p->nsites)
		fprintf(f, "// %s: only %zu of its %zu sites are probed here: "
			"its hits are partial\n", name, nentry, p->nsites);
	for (i = 0; i < p->nsites; i++) {
		const struct smk_site *s = &p->sites[i];
		const char *why;
		bool entry;
		int r = 0;

		if (!smk_site_placed(s))
			continue;
		c.s = s;
		err = smk_form_bpftrace_attach(p, t, i, &ap, &why);
		if (err)
			goto out;
		entry = ap != NULL;
		/* Not attachable here: the block for other versions. */
		if (!ap && t->user)
			r = asprintf(&ap, "uprobe:%s:%#llx", t->path,
				     (unsigned long long)s->addr);
		else if (!ap && s->symbol && is_ident(s->symbol))
			r = asprintf(&ap, "kprobe:%s+%llu", s->symbol,
				     (unsigned long long)s->offset);
		else if (!ap)
			r = asprintf(&ap, "kprobe:?");
		if (r < 0) {
			ap = NULL;
			err = &smk_error_nomem;
			goto out;
		}
		if (!entry) {
			char where[160];

			snprintf(where, sizeof(where), "%s+%#llx",
				 s->symbol ? s->symbol : "?",
				 (unsigned long long)s->offset);
			fprintf(f, "// %s: bpftrace cannot probe ", name);
			put_text(f, where);
			fputs(": ", f);
			put_text(f, why);
			fprintf(f, "; use marker-resolve attach%s, or a "
				"bpftrace built with offset support:\n",
				t->user ? ", or trace_simple_exact() for a "
				"usdt probe" : "");
		}
		bt_block(f, &c, p, name, ap, false, !entry);
		free(ap);
		ap = NULL;
	}
out:
	free(ap);
	if (fclose(f) || c.nomem) {
		free(*ret);
		*ret = NULL;
		return err ? err : &smk_error_nomem;
	}
	if (err) {
		free(*ret);
		*ret = NULL;
	}
	return err;
}

/* ---- LTTng ---- */

struct smk_error *smk_form_lttng(struct smk_form_state *st,
				 const struct smk_placement *p,
				 const struct smk_form_target *t, char **ret)
{
	const char *name = p->rec->name;
	const char *provider, *probe;
	struct smk_error *err = NULL;
	size_t len, i;
	FILE *f;

	*ret = NULL;
	f = open_memstream(ret, &len);
	if (!f)
		return &smk_error_nomem;
	if (smk_placement_commented(p)) {
		fputs("# ", f);
		put_text(f, name);
		fprintf(f, ": %s: ", smk_verdict_name(p->verdict));
		put_text(f, p->reason);
		fputc('\n', f);
	}
	if (!is_ident(name)) {
		fputs("# a marker whose name is not an LTTng event name\n", f);
		goto out;
	}
	if (t->user && !plain_path(t->path)) {
		fprintf(f, "# %s: not probed: its path has characters an "
			"LTTng probe location cannot hold\n", name);
		goto out;
	}
	if (t->user && p->nsites && sdt_probe(p, t, &provider, &probe)) {
		bool seen;

		err = sdt_seen(st, t->path, provider, probe, &seen);
		if (err)
			goto out;
		if (seen) {
			fprintf(f, "# %s: its sites are in the event of the "
				"same SDT probe above\n", name);
			goto out;
		}
		if (t->semaphore) {
			fprintf(f, "# %s: lttng-tools 2.13.9 supports only "
				"SDT probes without a semaphore; %s:%s has "
				"one\n", name, provider, probe);
			goto out;
		}
		fprintf(f, "# %s: the LTTng kernel tracer (lttng-modules) "
			"records each hit of the SDT probe (its ip), not the "
			"arguments\n", name);
		fprintf(f, "lttng enable-event --kernel --userspace-probe="
			"sdt:%s:%s:%s %s\n", t->path, provider, probe, name);
		goto out;
	}
	for (i = 0; i < p->nsites; i++) {
		const struct smk_site *s = &p->sites[i];

		if (!smk_site_placed(s))
			continue;
		if (t->user) {
			if (!s->offset && s->symbol && is_ident(s->symbol)) {
				fprintf(f, "# %s: the LTTng kernel tracer "
					"(lttng-modules) records each hit at "
					"%s's entry (its ip), not the "
					"arguments\n", name, s->symbol);
				fprintf(f, "lttng enable-event --kernel "
					"--userspace-probe=elf:%s:%s %s\n",
					t->path, s->symbol, name);
				continue;
			}
			/* LTTng's userspace probes take a function or an
			 * SDT probe, not an offset. */
			fprintf(f, "# %s: lttng userspace probes need a "
				"function entry or an SDT probe "
				"(trace_simple_exact()); ", name);
			put_text(f, s->symbol ? s->symbol : "?");
			fprintf(f, "+%#llx is neither\n",
				(unsigned long long)s->offset);
			continue;
		}
		if (!s->symbol || !plain_path(s->symbol)) {
			fprintf(f, "# %s: a site with no symbol LTTng can "
				"name\n", name);
			continue;
		}
		if (!st->lttng_offset_warned && s->offset) {
			/* Measured in tests/lttng-kernel.t: the CLI parses
			 * the offset, the session daemon passes 0. */
			fprintf(f, "# lttng-tools 2.13.9 (Debian 12) drops the "
				"+OFF of --probe=SYM+OFF: the probe lands on "
				"SYM's entry; check 'lttng list SESSION' shows "
				"each offset\n");
			st->lttng_offset_warned = true;
		}
		fprintf(f, "lttng enable-event --kernel --probe=%s+%#llx %s\n",
			s->symbol, (unsigned long long)s->offset, name);
	}
out:
	if (fclose(f)) {
		free(*ret);
		*ret = NULL;
		return err ? err : &smk_error_nomem;
	}
	if (err) {
		free(*ret);
		*ret = NULL;
	}
	return err;
}
