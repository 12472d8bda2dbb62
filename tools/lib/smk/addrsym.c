// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * dwfl_module_addrinfo() without the scan (see addrsym.h).
 *
 * Crash course: libdwfl's rule (elfutils 0.188, dwfl_module_addrsym.c),
 * for address A, over the symbols that count (a name, defined, not a
 * section, file or TLS symbol, value <= A), first the global ones (table
 * index >= first_global), then, only if that found no sized symbol and no
 * sizeless one right at A, the local ones:
 *
 *  - a sized symbol holding A wins; among several, a fold in table order
 *    (a higher start replaces, a better binding replaces, at the same
 *    start a smaller size with no worse binding replaces);
 *  - else a sizeless symbol, but only one whose value is min_label, the
 *    running maximum of value + size over every symbol that counts (so no
 *    sized symbol ends after it, no other label is closer), and in A's
 *    section by libdwfl's find_section(); the last such in scan order.
 *
 * Worked out, the fold over the whole table becomes: M = the maximum of
 * value + size over the symbols at or below A (a prefix maximum over the
 * symbols sorted by value), the sized symbols holding A (a walk back from
 * A while the prefix maximum of the ends is above it: in practice one or
 * two), and the sizeless symbols at exactly M (a binary search).  Answers
 * are checked against dwfl_module_addrinfo() by tests/symbolize.t.
 *
 * What the shortcut does not cover falls back on libdwfl itself: machines
 * whose symbol values libdwfl resolves through function descriptors
 * (ppc64 ELFv1) and more than MAX_HOLDERS sized symbols holding one
 * address (hostile input).
 */
#include <stdlib.h>
#include <string.h>

#include <elf.h>
#include <gelf.h>

#include "addrsym.h"

enum {
	MAX_HOLDERS = 32,
};

struct asym {
	uint64_t value, size;
	const char *name;
	uint32_t order;		/* position in libdwfl's scan */
	uint8_t bind;		/* libdwfl's binding_value() */
	bool special;		/* shndx >= SHN_LORESERVE: exact match only */
};

/* The symbols of one pass (globals or locals). */
struct pass {
	struct asym *syms;	/* by value */
	uint64_t *maxend;	/* prefix max of value + size (wrapping) */
	uint64_t *maxend_sat;	/* the same, saturating */
	size_t n;
	struct asym *labels;	/* the sizeless ones, by (value, order) */
	size_t nlabels;
};

struct secref {
	uint64_t start, end;
	size_t ndx;
};

struct smk_addrsym {
	Dwfl_Module *mod;
	bool fallback;		/* ask libdwfl every time */
	struct pass pass[2];	/* [0] globals, [1] locals */
	bool locals;		/* the locals pass exists */
	struct secref *secs;
	size_t nsecs;
};

static int binding_value(unsigned char info)
{
	switch (GELF_ST_BIND(info)) {
	case STB_GLOBAL:
		return 3;
	case STB_WEAK:
		return 2;
	case STB_LOCAL:
		return 1;
	default:
		return 0;
	}
}

static int cmp_value(const void *a, const void *b)
{
	const struct asym *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int cmp_secref(const void *a, const void *b)
{
	const struct secref *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return x->ndx < y->ndx ? -1 : x->ndx > y->ndx;
}

/* libdwfl's find_section(), as __libdwfl_find_section_ndx() uses it:
 * the section index, SHN_UNDEF for none. */
static size_t section_of(const struct smk_addrsym *as, uint64_t a)
{
	size_t l = 0, u = as->nsecs;

	while (l < u) {
		size_t idx = (l + u) / 2;

		if (a < as->secs[idx].start) {
			u = idx;
		} else if (a > as->secs[idx].end) {
			l = idx + 1;
		} else {
			if (a == as->secs[idx].end && idx + 1 < as->nsecs &&
			    a == as->secs[idx + 1].start)
				idx++;
			return as->secs[idx].ndx;
		}
	}
	return SHN_UNDEF;
}

/* libdwfl's cache_sections(): the allocated sections of the main ELF. */
static bool index_sections(struct smk_addrsym *as)
{
	Dwarf_Addr bias;
	Elf *elf = dwfl_module_getelf(as->mod, &bias);
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t n = 0, cap = 0;

	if (!elf || !gelf_getehdr(elf, &eh))
		return true;
	if (eh.e_type == ET_REL) {
		/* Section addresses are libdwfl's layout, and only the
		 * sections it could place count: ask it for its list. */
		int k, nrel = dwfl_module_relocations(as->mod);

		for (k = 0; k < nrel; k++) {
			GElf_Word ndx;
			GElf_Shdr sh;

			if (!dwfl_module_relocation_info(as->mod, k, &ndx) ||
			    !gelf_getshdr(elf_getscn(elf, ndx), &sh))
				continue;
			if (n == cap) {
				struct secref *v;

				cap = cap ? 2 * cap : 64;
				v = realloc(as->secs, cap * sizeof(*v));
				if (!v)
					return false;
				as->secs = v;
			}
			as->secs[n++] = (struct secref){
				sh.sh_addr + bias, sh.sh_addr + bias +
				sh.sh_size, ndx };
		}
	} else {
		while ((scn = elf_nextscn(elf, scn))) {
			GElf_Shdr sh;

			if (!gelf_getshdr(scn, &sh) ||
			    !(sh.sh_flags & SHF_ALLOC))
				continue;
			if (n == cap) {
				struct secref *v;

				cap = cap ? 2 * cap : 64;
				v = realloc(as->secs, cap * sizeof(*v));
				if (!v)
					return false;
				as->secs = v;
			}
			as->secs[n++] = (struct secref){
				sh.sh_addr + bias, sh.sh_addr + bias +
				sh.sh_size, elf_ndxscn(scn) };
		}
	}
	as->nsecs = n;
	if (n)
		qsort(as->secs, n, sizeof(*as->secs), cmp_secref);
	return true;
}

static bool build_pass(struct pass *p)
{
	size_t i, nl = 0;

	if (!p->n)
		return true;
	qsort(p->syms, p->n, sizeof(*p->syms), cmp_value);
	p->maxend = malloc(p->n * sizeof(*p->maxend));
	p->maxend_sat = malloc(p->n * sizeof(*p->maxend_sat));
	for (i = 0; i < p->n; i++)
		nl += !p->syms[i].size;
	p->labels = malloc((nl ? nl : 1) * sizeof(*p->labels));
	if (!p->maxend || !p->maxend_sat || !p->labels)
		return false;
	for (i = 0; i < p->n; i++) {
		const struct asym *s = &p->syms[i];
		uint64_t end = s->value + s->size;
		uint64_t sat = end < s->value ? UINT64_MAX : end;

		p->maxend[i] = i && p->maxend[i - 1] > end ?
			p->maxend[i - 1] : end;
		p->maxend_sat[i] = i && p->maxend_sat[i - 1] > sat ?
			p->maxend_sat[i - 1] : sat;
		if (!s->size)
			p->labels[p->nlabels++] = *s;
	}
	return true;
}

struct smk_error *smk_addrsym_create(Dwfl_Module *mod,
				     struct smk_addrsym **ret)
{
	struct smk_addrsym *as = calloc(1, sizeof(*as));
	int n, first, fg, i;
	Dwarf_Addr bias;
	Elf *elf;
	GElf_Ehdr eh;

	if (!as)
		return &smk_error_nomem;
	as->mod = mod;
	*ret = as;
	n = dwfl_module_getsymtab(mod);
	first = dwfl_module_getsymtab_first_global(mod);
	elf = dwfl_module_getelf(mod, &bias);
	if (n <= 0 || first < 0)
		return NULL;	/* no table: no symbol, as libdwfl */
	if (!elf || !gelf_getehdr(elf, &eh) || eh.e_machine == EM_PPC64) {
		as->fallback = true;
		return NULL;
	}
	fg = first == 0 ? 1 : first;
	as->locals = first > 1;
	for (i = 0; i < 2; i++) {
		size_t cnt = i ? (as->locals ? (size_t)fg - 1 : 0) :
			(size_t)(n - fg);

		as->pass[i].syms = malloc((cnt ? cnt : 1) *
					  sizeof(*as->pass[i].syms));
		if (!as->pass[i].syms)
			goto nomem;
	}
	for (i = 1; i < n; i++) {
		struct pass *p = &as->pass[i < fg];
		GElf_Sym sym;
		GElf_Addr value;
		GElf_Word shndx;
		const char *name;
		int type;

		if (i < fg && !as->locals)
			continue;
		name = dwfl_module_getsym_info(mod, i, &sym, &value, &shndx,
					       NULL, NULL);
		type = GELF_ST_TYPE(sym.st_info);
		if (!name || !*name || sym.st_shndx == SHN_UNDEF ||
		    type == STT_SECTION || type == STT_FILE || type == STT_TLS)
			continue;
		p->syms[p->n++] = (struct asym){
			.value = value, .size = sym.st_size, .name = name,
			/* The globals are scanned first. */
			.order = i >= fg ? (uint32_t)(i - fg) :
				(uint32_t)(n - fg + i),
			.bind = binding_value(sym.st_info),
			.special = shndx >= SHN_LORESERVE,
		};
	}
	if (!build_pass(&as->pass[0]) || !build_pass(&as->pass[1]) ||
	    !index_sections(as))
		goto nomem;
	return NULL;
nomem:
	smk_addrsym_destroy(as);
	*ret = NULL;
	return &smk_error_nomem;
}

void smk_addrsym_destroy(struct smk_addrsym *as)
{
	size_t i;

	if (!as)
		return;
	for (i = 0; i < 2; i++) {
		free(as->pass[i].syms);
		free(as->pass[i].maxend);
		free(as->pass[i].maxend_sat);
		free(as->pass[i].labels);
	}
	free(as->secs);
	free(as);
}

/* Symbols of @p at or below @a: how many (they come first). */
static size_t upto(const struct asym *v, size_t n, uint64_t a)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].value <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int cmp_order(const void *a, const void *b)
{
	const struct asym *x = *(const struct asym *const *)a;
	const struct asym *y = *(const struct asym *const *)b;

	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * libdwfl's choice among the sized symbols of @p holding @a (its fold in
 * table order); NULL if none; *@overflow when there are too many to
 * follow.
 */
static const struct asym *holder(const struct pass *p, size_t k, uint64_t a,
				 bool *overflow)
{
	const struct asym *c[MAX_HOLDERS], *best = NULL;
	size_t nc = 0, i;

	for (i = k; i > 0 && p->maxend_sat[i - 1] > a; i--) {
		const struct asym *s = &p->syms[i - 1];

		if (!s->size || a - s->value >= s->size)
			continue;
		if (nc == MAX_HOLDERS) {
			*overflow = true;
			return NULL;
		}
		c[nc++] = s;
	}
	if (nc > 1)
		qsort(c, nc, sizeof(*c), cmp_order);
	for (i = 0; i < nc; i++) {
		const struct asym *s = c[i];

		if (!best || best->value < s->value || best->bind < s->bind)
			best = s;
		else if (best->value == s->value &&
			 ((best->size > s->size && best->bind <= s->bind) ||
			  (best->size >= s->size && best->bind < s->bind)))
			best = s;
	}
	return best;
}

/* The last label of @p (scan order) at exactly @m that may stand for @a. */
static const struct asym *label_at(const struct smk_addrsym *as,
				   const struct pass *p, uint64_t m,
				   uint64_t a, size_t asec)
{
	size_t k = upto(p->labels, p->nlabels, m);
	size_t msec = SHN_UNDEF;
	bool msec_known = false;

	for (; k > 0 && p->labels[k - 1].value == m; k--) {
		const struct asym *s = &p->labels[k - 1];

		if (s->special) {
			if (m == a)
				return s;
			continue;
		}
		if (!msec_known) {
			msec = section_of(as, m);
			msec_known = true;
		}
		if (msec == asec)
			return s;
	}
	return NULL;
}

const char *smk_addrsym_lookup(const struct smk_addrsym *as, uint64_t a,
			       uint64_t *offset)
{
	const struct pass *g = &as->pass[0], *l = &as->pass[1];
	const struct asym *s;
	bool overflow = false;
	size_t kg, kl, asec;
	uint64_t m;

	if (as->fallback)
		goto libdwfl;
	kg = upto(g->syms, g->n, a);
	s = holder(g, kg, a, &overflow);
	if (overflow)
		goto libdwfl;
	if (s)
		goto found;
	m = kg ? g->maxend[kg - 1] : 0;
	asec = section_of(as, a);
	s = label_at(as, g, m, a, asec);
	if (s && s->value == a)
		goto found;	/* the locals are not looked at */
	if (as->locals) {
		kl = upto(l->syms, l->n, a);
		s = holder(l, kl, a, &overflow);
		if (overflow)
			goto libdwfl;
		if (s)
			goto found;
		if (kl && l->maxend[kl - 1] > m)
			m = l->maxend[kl - 1];
		s = label_at(as, l, m, a, asec);
		if (!s)
			s = label_at(as, g, m, a, asec);
	} else {
		s = label_at(as, g, m, a, asec);
	}
	if (!s)
		return NULL;
found:
	*offset = a - s->value;
	return s->name;
libdwfl: {
		GElf_Off off;
		GElf_Sym sym;
		const char *name = dwfl_module_addrinfo(as->mod, a, &off, &sym,
							NULL, NULL, NULL);

		if (name)
			*offset = off;
		return name;
	}
}
