// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Parsing uprobe fetch arguments (see fetchspec.h), after the kernel's
 * parse_probe_arg() in kernel/trace/trace_probe.c: a spec is a register,
 * an immediate, a file-relative static address, or "[+-]OFF(SPEC)".
 * Recursive descent over a bounded string; every number is checked for
 * overflow and every byte for the syntax's alphabet.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetchspec.h"

static const char *const reg_names[SMK_REG_COUNT] = {
	"ax", "bx", "cx", "dx", "si", "di", "bp", "sp", "r8", "r9", "r10",
	"r11", "r12", "r13", "r14", "r15", "ip",
};

enum { SPEC_MAX_LEN = 256 };

static bool parse_num(const char **s, int64_t *v)
{
	const char *p = *s;
	bool neg = false;
	unsigned long long u;
	char *end;

	if (*p == '-' || *p == '+') {
		neg = *p == '-';
		p++;
	}
	if (*p < '0' || *p > '9')
		return false;
	errno = 0;
	u = strtoull(p, &end, 0);
	if (errno || end == p || u > (neg ? (1ULL << 63) : (uint64_t)INT64_MAX))
		return false;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	*s = end;
	return true;
}

static bool parse_rec(const char **s, struct smk_fetchspec *f,
		      unsigned int depth)
{
	const char *p = *s;
	size_t i;

	if (depth > SMK_FETCHSPEC_MAX_LOADS)
		return false;
	if (*p == '%') {
		p++;
		for (i = 0; i < SMK_REG_COUNT; i++) {
			size_t n = strlen(reg_names[i]);

			if (!strncmp(p, reg_names[i], n) &&
			    !(p[n] >= 'a' && p[n] <= 'z') &&
			    !(p[n] >= '0' && p[n] <= '9')) {
				f->base = SMK_FETCH_REG;
				f->reg = i;
				*s = p + n;
				return true;
			}
		}
		return false;
	}
	if (*p == '\\') {
		p++;
		if (!parse_num(&p, &f->imm))
			return false;
		f->base = SMK_FETCH_IMM;
		*s = p;
		return true;
	}
	if (*p == '@') {
		p++;
		if (*p != '+' || !parse_num(&p, &f->imm))
			return false;	/* "@sym" is kprobe syntax */
		f->base = SMK_FETCH_STATIC;
		*s = p;
		return true;
	}
	if (*p == '+' || *p == '-') {
		int64_t off;

		if (!parse_num(&p, &off) || *p != '(')
			return false;
		p++;
		if (!parse_rec(&p, f, depth + 1) || *p != ')' ||
		    f->nloads >= SMK_FETCHSPEC_MAX_LOADS)
			return false;
		f->off[f->nloads++] = off;
		*s = p + 1;
		return true;
	}
	return false;
}

struct smk_error *smk_fetchspec_parse(const char *spec,
				      struct smk_fetchspec *out)
{
	const char *p = spec;

	memset(out, 0, sizeof(*out));
	if (!spec || strnlen(spec, SPEC_MAX_LEN) == SPEC_MAX_LEN)
		return smk_error_create(SMK_ERROR_INVALID,
					"fetch spec: missing or too long");
	if (!parse_rec(&p, out, 0) || *p)
		return smk_error_create(SMK_ERROR_INVALID,
					"fetch spec \"%s\": not uprobe syntax "
					"(at offset %td)", spec, p - spec);
	return NULL;
}

struct smk_error *smk_fetchtype_parse(const char *type,
				      struct smk_fetchtype *out)
{
	unsigned int w, o, c;
	char k, tail;

	memset(out, 0, sizeof(*out));
	if (!type || !*type) {
		out->kind = SMK_FTYPE_X;
		out->bits = 64;
		return NULL;
	}
	if (strnlen(type, 32) == 32)
		goto bad;
	if (!strcmp(type, "string")) {
		out->kind = SMK_FTYPE_STRING;
		return NULL;
	}
	if (sscanf(type, "b%u@%u/%u%c", &w, &o, &c, &tail) == 3) {
		if ((c != 8 && c != 16 && c != 32 && c != 64) || !w ||
		    w > c || o >= c || w + o > c)
			goto bad;
		out->kind = SMK_FTYPE_BITFIELD;
		out->bits = c;
		out->bf_width = w;
		out->bf_offset = o;
		return NULL;
	}
	if (sscanf(type, "%c%u%c", &k, &w, &tail) == 2 &&
	    (k == 's' || k == 'u' || k == 'x') &&
	    (w == 8 || w == 16 || w == 32 || w == 64)) {
		out->kind = k == 's' ? SMK_FTYPE_S : k == 'u' ? SMK_FTYPE_U :
			    SMK_FTYPE_X;
		out->bits = w;
		return NULL;
	}
bad:
	return smk_error_create(SMK_ERROR_INVALID,
				"fetch type \"%.32s\": not a uprobe type",
				type);
}
