// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adhoc.h"
#include "placement.h"

static char *carve(char **p, const char *s, size_t len)
{
	char *r = *p;

	memcpy(r, s, len);
	r[len] = '\0';
	*p += len + 1;
	return r;
}

struct smk_error *smk_adhoc_parse(const char *spec, struct smk_adhoc *pt,
				  char **store)
{
	size_t len = strlen(spec);
	const char *tok, *end, *colon, *eq;
	char *buf, *p, *fmt;
	unsigned long line;

	memset(pt, 0, sizeof(*pt));
	if (len > 4096)
		return smk_error_create(SMK_ERROR_INVALID, "--at: too long");
	/* Strings, plus the name and the format built from them. */
	buf = malloc(6 * len + 160);
	if (!buf)
		return &smk_error_nomem;
	p = buf;
	tok = spec + strspn(spec, " \t");
	end = tok + strcspn(tok, " \t");
	eq = memchr(tok, '=', end - tok);
	colon = NULL;
	for (const char *c = tok; c < (eq ? eq : end); c++)
		if (*c == ':')
			colon = c;
	if (!colon || colon == tok)
		goto bad;
	line = strtoul(colon + 1, &fmt, 10);
	if (fmt != (eq ? eq : end) || !line || line > 10000000)
		goto bad;
	pt->file = carve(&p, tok, colon - tok);
	pt->line = line;
	if (eq) {
		pt->name = carve(&p, eq + 1, end - eq - 1);
	} else {
		const char *base = strrchr(pt->file, '/');
		char *n = p;
		size_t i;

		base = base ? base + 1 : pt->file;
		p += sprintf(p, "%.*s_%lu", (int)strcspn(base, "."), base,
			     line) + 1;
		for (i = 0; n[i]; i++)
			if (!(n[i] == '_' || (n[i] >= 'a' && n[i] <= 'z') ||
			      (n[i] >= 'A' && n[i] <= 'Z') ||
			      (n[i] >= '0' && n[i] <= '9')))
				n[i] = '_';
		if (n[0] >= '0' && n[0] <= '9')
			n[0] = '_';
		pt->name = n;
	}
	if (!smk_is_identifier(pt->name)) {
		/* The message quotes the name, which lives in buf. */
		struct smk_error *err = smk_error_create(SMK_ERROR_INVALID,
			"--at '%s': name '%s' is not a C identifier", spec,
			pt->name);

		free(buf);
		memset(pt, 0, sizeof(*pt));
		return err;
	}
	/* Arguments: EXPR[:%CONV] ... */
	fmt = p;
	*p = '\0';
	p += 2 * len + 64;	/* room for the format */
	for (tok = end; *(tok += strspn(tok, " \t")); tok = end) {
		const char *conv;

		end = tok + strcspn(tok, " \t");
		if (pt->nargs == SMK_RECORD_MAX_ARGS) {
			free(buf);
			memset(pt, 0, sizeof(*pt));	/* it pointed in buf */
			return smk_error_create(SMK_ERROR_INVALID, "--at '%s': "
						"more than %d arguments", spec,
						SMK_RECORD_MAX_ARGS);
		}
		conv = NULL;
		for (const char *c = tok; c + 1 < end; c++)
			if (c[0] == ':' && c[1] == '%')
				conv = c;
		pt->args[pt->nargs] = carve(&p, tok, (conv ? conv : end) - tok);
		sprintf(fmt + strlen(fmt), "%s%s=%.*s", pt->nargs ? " " : "",
			pt->args[pt->nargs], conv ? (int)(end - conv - 1) : 2,
			conv ? conv + 1 : "%v");
		pt->nargs++;
	}
	pt->format = fmt;
	*store = buf;
	return NULL;
bad:
	free(buf);
	return smk_error_create(SMK_ERROR_INVALID, "--at '%s': expected "
				"FILE:LINE[=NAME] [EXPR[:%%CONV]]...", spec);
}

/* @src names @file exactly, or @file relative to @compdir. */
static bool is_exact(const char *src, const char *compdir, const char *file)
{
	size_t n = compdir ? strlen(compdir) : 0;

	if (!strcmp(src, file))
		return true;
	return n && !strncmp(src, compdir, n) && src[n] == '/' &&
	       !strcmp(src + n + 1, file);
}

static int by_line(const void *a, const void *b)
{
	const struct smk_marker *x = *(struct smk_marker *const *)a;
	const struct smk_marker *y = *(struct smk_marker *const *)b;

	return (x->line > y->line) - (x->line < y->line);
}

/*
 * The function (or inlined copy) that line @line of @file belongs to, among
 * those holding @addr: one address may be the start of a call inlined
 * right there as well as a line of the caller.  In C functions do not
 * nest, so it is the one of that file declared last before the line.
 */
static bool root_at(Dwarf_Die *cu, Dwarf_Addr addr, const char *file,
		    unsigned int line, Dwarf_Die *ret)
{
	Dwarf_Die *scopes = NULL;
	int n = smk_concrete_scopes(cu, addr, 0, &scopes), i;
	Dwarf_Word best = 0;
	bool found = false;

	for (i = 0; i < n; i++) {
		int tag = dwarf_tag(&scopes[i]);
		Dwarf_Attribute a;
		Dwarf_Word decl = 0;
		const char *f;

		if (tag != DW_TAG_subprogram &&
		    tag != DW_TAG_inlined_subroutine)
			continue;
		dwarf_formudata(dwarf_attr_integrate(&scopes[i],
						     DW_AT_decl_line, &a),
				&decl);
		f = dwarf_decl_file(&scopes[i]);
		if (decl > line || (f && !smk_same_source(f, file)))
			continue;
		if (!found || decl > best) {
			*ret = scopes[i];
			best = decl;
			found = true;
		}
	}
	free(scopes);
	return found;
}

static struct smk_error *add_root(struct smk_binary *b, struct smk_marker *m,
				  Dwarf_Die *root, Dwarf_Addr addr)
{
	struct smk_instance *in;
	struct smk_error *err;
	Dwarf_Attribute a;
	const char *name;

	/* The point's scope is its function or inlined copy itself. */
	err = smk_marker_instance_add(m, root, root, &in);
	if (err || !in)
		return err;
	name = dwarf_formstring(dwarf_attr_integrate(root, DW_AT_name, &a));
	if (name && !m->function && !(m->function = strdup(name)))
		return &smk_error_nomem;
	return NULL;
}

/*
 * Does any unit name @pt's file?  Only asked for points that got no
 * instance, so a second walk over the units (their file tables, which
 * libdw keeps from the first) costs nothing in the common case.
 */
static bool known_file(struct smk_binary *b, const struct smk_adhoc *pt)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (dwarf_nextcu(b->dwarf, off, &next, &hsize, NULL, NULL,
			    NULL) == 0) {
		Dwarf_Files *files;
		Dwarf_Die cu;
		size_t nf, k;

		if (!dwarf_offdie(b->dwarf, off + hsize, &cu))
			break;
		off = next;
		if (dwarf_getsrcfiles(&cu, &files, &nf) != 0)
			continue;
		for (k = 0; k < nf; k++) {
			const char *f = dwarf_filesrc(files, k, NULL, NULL);

			if (f && smk_same_source(f, pt->file))
				return true;
		}
	}
	return false;
}

struct smk_error *smk_adhoc_markers(struct smk_binary *b,
				    const struct smk_adhoc *pts, size_t n,
				    struct smk_marker_set **ret)
{
	struct smk_marker_set *set;
	struct smk_marker **sorted = NULL;
	int *quality = NULL;
	struct smk_error *err = NULL;
	Dwarf_Off off = 0, next;
	size_t i, hsize;

	set = calloc(1, sizeof(*set));
	if (!set)
		return &smk_error_nomem;
	set->bin = b;
	set->markers = calloc(n ? n : 1, sizeof(*set->markers));
	sorted = calloc(n ? n : 1, sizeof(*sorted));
	quality = calloc(n ? n : 1, sizeof(*quality));
	if (!set->markers || !sorted || !quality) {
		err = &smk_error_nomem;
		goto out;
	}
	set->n = n;
	for (i = 0; i < n; i++) {
		struct smk_marker *m = &set->markers[i];

		m->rec.name = pts[i].name;
		m->rec.file = pts[i].file;
		m->rec.format = pts[i].format;
		m->rec.line = m->line = pts[i].line;
		m->rec.nargs = pts[i].nargs;
		memcpy(m->rec.args, pts[i].args, sizeof(m->rec.args));
		for (unsigned int a = 0; a < pts[i].nargs; a++)
			m->args[a].expr = pts[i].args[a];
		sorted[i] = m;
	}
	qsort(sorted, n, sizeof(*sorted), by_line);
	if (!smk_binary_dwarf(b)) {
		set->no_dwarf = b->no_dwarf_reason ? b->no_dwarf_reason :
			"no debuginfo";
		for (i = 0; i < n; i++)
			set->markers[i].reason = set->no_dwarf;
		goto out;
	}
	/* One pass over every line table; points found by line number. */
	while (!err && dwarf_nextcu(b->dwarf, off, &next, &hsize, NULL, NULL,
				    NULL) == 0) {
		Dwarf_Lines *lines;
		Dwarf_Attribute ca;
		const char *compdir;
		Dwarf_Die cu;
		size_t nl, r;

		if (!dwarf_offdie(b->dwarf, off + hsize, &cu))
			break;
		off = next;
		compdir = dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &ca));
		if (dwarf_getsrclines(&cu, &lines, &nl) != 0)
			continue;
		for (r = 0; r < nl && !err; r++) {
			Dwarf_Line *l = dwarf_onesrcline(lines, r);
			struct smk_marker key, *kp = &key, **hit;
			Dwarf_Addr addr;
			bool stmt, endseq;
			const char *src;
			Dwarf_Die root;
			int line;

			if (!l || dwarf_lineno(l, &line) || line <= 0 ||
			    dwarf_linebeginstatement(l, &stmt) || !stmt ||
			    dwarf_lineendsequence(l, &endseq) || endseq)
				continue;
			key.line = line;
			hit = bsearch(&kp, sorted, n, sizeof(*sorted), by_line);
			if (!hit)
				continue;
			while (hit > sorted && hit[-1]->line == (unsigned)line)
				hit--;
			src = dwarf_linesrc(l, NULL, NULL);
			if (!src || dwarf_lineaddr(l, &addr))
				continue;
			for (; hit < sorted + n && (*hit)->line ==
			       (unsigned)line && !err; hit++) {
				struct smk_marker *m = *hit;
				int *q = &quality[m - set->markers];
				int mq;

				if (!smk_same_source(src, m->rec.file))
					continue;
				/*
				 * kernel/signal.c is also the end of
				 * arch/x86/kernel/signal.c: the path as
				 * given, relative to the CU's directory,
				 * beats a mere suffix.
				 */
				mq = is_exact(src, compdir, m->rec.file) ? 2 :
					1;
				if (mq < *q || !root_at(&cu, addr, src, line,
							&root))
					continue;
				if (mq > *q) {
					free(m->instances);
					m->instances = NULL;
					m->ninstances = 0;
					free(m->function);
					m->function = NULL;
					*q = mq;
				}
				m->adhoc_file = src;
				err = add_root(b, m, &root, addr);
			}
		}
	}
	for (i = 0; i < n && !err; i++)
		if (!set->markers[i].ninstances)
			set->markers[i].reason = known_file(b, &pts[i]) ?
				"no line-table row for this line: it has no "
				"code of its own (try the next statement's "
				"line)" :
				"no such file in the line tables (a source "
				"file of this binary, as a path suffix)";
out:
	free(quality);
	free(sorted);
	if (err) {
		smk_marker_set_destroy(set);
		return err;
	}
	*ret = set;
	return NULL;
}
