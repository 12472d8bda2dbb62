// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A fast cursor over one unit's DIEs; see dieread.h.
 *
 * The values are read as libdw 0.188 reads them: dwarf_ranges() takes
 * low_pc/high_pc when both are there (high_pc an address, or a constant
 * added to low_pc), else DW_AT_ranges in .debug_ranges (DWARF 2 to 4:
 * address pairs, an all-ones start selecting a new base) or
 * .debug_rnglists (DWARF 5: DW_RLE_* entries, DW_FORM_rnglistx through
 * the unit's offset table), from the unit's base address (DW_AT_low_pc,
 * else DW_AT_entry_pc, else 0).  DW_AT_sibling is trusted when it moves
 * forward inside the unit, as dwarf_siblingof() trusts it.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <dwarf.h>

#include "dieread.h"
#include "locview.h"

enum {
	MAX_CODE = 1 << 16,	/* abbreviation codes we index directly */
	MAX_SPECS = 1 << 20,	/* attributes of all abbreviations */
	SKIP_DEPTH = 256,	/* children skipped without DW_AT_sibling */
};

struct smk_aspec {
	uint32_t name, form;
	int32_t size;		/* fixed_size() of form */
	int32_t off;		/* from the DIE's values when every value
				 * before has a fixed size, else -1 */
	int64_t implicit;	/* DW_FORM_implicit_const */
};

struct smk_abbrev {
	uint32_t tag;
	bool present, children;
	uint32_t first, n;	/* specs[first .. first + n) */
	uint32_t var_from;	/* the first spec of a variable size */
	int32_t fixed;		/* bytes of all values, or -1 */
};

static bool fail(struct smk_unit_reader *r, enum smk_error_code code,
		 const char *why)
{
	if (!r->err)
		r->err = smk_error_create(code, "DWARF unit at %#tx: %s",
					  r->unit - r->secs->info, why);
	return false;
}

static bool broken(struct smk_unit_reader *r, const char *why)
{
	return fail(r, SMK_ERROR_DWARF, why);
}

static bool uleb_slow(struct smk_unit_reader *r, const unsigned char **pp,
		      const unsigned char *end, uint64_t *v);

static inline bool uleb(struct smk_unit_reader *r, const unsigned char **pp,
			const unsigned char *end, uint64_t *v)
{
	const unsigned char *p = *pp;

	if (p < end && !(*p & 0x80)) {
		*v = *p;
		*pp = p + 1;
		return true;
	}
	return uleb_slow(r, pp, end, v);
}

static bool uleb_slow(struct smk_unit_reader *r, const unsigned char **pp,
		      const unsigned char *end, uint64_t *v)
{
	const unsigned char *p = *pp;
	uint64_t x = 0;
	unsigned int i;

	for (i = 0; i < 10 && p < end; i++) {
		x |= (uint64_t)(*p & 0x7f) << (7 * i);
		if (!(*p++ & 0x80)) {
			*pp = p;
			*v = x;
			return true;
		}
	}
	return broken(r, "truncated or overlong LEB128");
}

static bool sleb(struct smk_unit_reader *r, const unsigned char **pp,
		 const unsigned char *end, int64_t *v)
{
	const unsigned char *p = *pp;
	uint64_t x = 0;
	unsigned int i, shift = 0;

	for (i = 0; i < 10 && p < end; i++) {
		unsigned char b = *p++;

		x |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				x |= ~(uint64_t)0 << shift;
			*pp = p;
			*v = (int64_t)x;
			return true;
		}
	}
	return broken(r, "truncated or overlong LEB128");
}

static uint64_t le(const unsigned char *p, unsigned int n)
{
	uint64_t x = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		x |= (uint64_t)p[i] << (8 * i);
	return x;
}

/* Bytes of a value of @form when they do not depend on the value; 0 for
 * none, -1 for a variable size, -2 for a form we do not know. */
static int fixed_size(const struct smk_unit_reader *r, uint64_t form)
{
	switch (form) {
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:
		return 0;
	case DW_FORM_data1: case DW_FORM_ref1: case DW_FORM_flag:
	case DW_FORM_strx1: case DW_FORM_addrx1:
		return 1;
	case DW_FORM_data2: case DW_FORM_ref2: case DW_FORM_strx2:
	case DW_FORM_addrx2:
		return 2;
	case DW_FORM_strx3: case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4: case DW_FORM_ref4: case DW_FORM_strx4:
	case DW_FORM_addrx4: case DW_FORM_ref_sup4:
		return 4;
	case DW_FORM_data8: case DW_FORM_ref8: case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_addr:
		return r->addr_size;
	case DW_FORM_ref_addr:
		return r->version < 3 ? r->addr_size : r->offset_size;
	case DW_FORM_strp: case DW_FORM_line_strp: case DW_FORM_sec_offset:
	case DW_FORM_strp_sup: case DW_FORM_GNU_ref_alt:
	case DW_FORM_GNU_strp_alt:
		return r->offset_size;
	case DW_FORM_udata: case DW_FORM_sdata: case DW_FORM_ref_udata:
	case DW_FORM_strx: case DW_FORM_addrx: case DW_FORM_loclistx:
	case DW_FORM_rnglistx: case DW_FORM_GNU_addr_index:
	case DW_FORM_GNU_str_index: case DW_FORM_string:
	case DW_FORM_block1: case DW_FORM_block2: case DW_FORM_block4:
	case DW_FORM_block: case DW_FORM_exprloc:
		return -1;
	}
	return -2;
}

/* Step over a value of @form (of fixed_size() @n) at *@pp. */
static inline bool skip_value(struct smk_unit_reader *r,
			      const unsigned char **pp, uint64_t form, int n)
{
	const unsigned char *p = *pp;
	uint64_t len;

	if (n >= 0) {
		len = (uint64_t)n;
	} else {
		switch (form) {
		case DW_FORM_string: {
			const unsigned char *z = memchr(p, 0, r->end - p);

			if (!z)
				return broken(r, "unterminated string");
			*pp = z + 1;
			return true;
		}
		case DW_FORM_block1:
			if (r->end - p < 1)
				return broken(r, "truncated block");
			len = 1 + (uint64_t)p[0];
			break;
		case DW_FORM_block2:
			if (r->end - p < 2)
				return broken(r, "truncated block");
			len = 2 + le(p, 2);
			break;
		case DW_FORM_block4:
			if (r->end - p < 4)
				return broken(r, "truncated block");
			len = 4 + le(p, 4);
			break;
		case DW_FORM_block:
		case DW_FORM_exprloc:
			if (!uleb(r, &p, r->end, &len))
				return false;
			break;
		default:
			if (n == -1)	/* a LEB128 */
				return uleb(r, pp, r->end, &len);
			return fail(r, SMK_ERROR_UNSUPPORTED,
				    "a form the fast reader does not know");
		}
	}
	if ((uint64_t)(r->end - p) < len)
		return broken(r, "attribute beyond the unit");
	*pp = p + len;
	return true;
}

/* ------------------------------------------------------------- opening */

static bool section(Dwarf *dw, const char *name, const unsigned char **p,
		    size_t *n)
{
	if (smk_dwarf_section(dw, name, p, n))
		return true;
	*p = NULL;
	*n = 0;
	return false;
}

static bool read_abbrevs(struct smk_unit_reader *r, uint64_t off)
{
	const struct smk_dwarf_secs *s = r->secs;
	const unsigned char *p, *end;

	if (!s->abbrev || off >= s->abbrev_size)
		return broken(r, "abbreviations beyond .debug_abbrev");
	if (r->capabbrevs)
		memset(r->abbrevs, 0, r->capabbrevs * sizeof(*r->abbrevs));
	end = s->abbrev + s->abbrev_size;
	p = s->abbrev + off;
	for (;;) {
		uint64_t code, tag, name, form;
		struct smk_abbrev *ab;
		int64_t imp;
		long fixed = 0;

		if (!uleb(r, &p, end, &code))
			return false;
		if (!code)
			return true;
		if (code >= MAX_CODE)
			return fail(r, SMK_ERROR_UNSUPPORTED,
				    "abbreviation codes too large");
		if (code >= r->capabbrevs) {
			size_t cap = r->capabbrevs, ncap = cap ? cap : 64;
			struct smk_abbrev *a;

			while (ncap <= code)
				ncap *= 2;
			a = realloc(r->abbrevs, ncap * sizeof(*a));
			if (!a)
				return fail(r, SMK_ERROR_NOMEM, "no memory");
			memset(a + cap, 0, (ncap - cap) * sizeof(*a));
			r->abbrevs = a;
			r->capabbrevs = ncap;
		}
		if (code >= r->nabbrevs)
			r->nabbrevs = code + 1;
		ab = &r->abbrevs[code];
		if (ab->present)
			return broken(r, "an abbreviation code twice");
		if (!uleb(r, &p, end, &tag))
			return false;
		if (p >= end)
			return broken(r, "truncated abbreviation");
		ab->present = true;
		ab->tag = (uint32_t)tag;
		ab->children = *p++ != 0;
		ab->first = (uint32_t)r->nspecs;
		for (;;) {
			if (!uleb(r, &p, end, &name) || !uleb(r, &p, end, &form))
				return false;
			if (!name && !form)
				break;
			imp = 0;
			if (form == DW_FORM_implicit_const &&
			    !sleb(r, &p, end, &imp))
				return false;
			if (form == DW_FORM_indirect)
				return fail(r, SMK_ERROR_UNSUPPORTED,
					    "DW_FORM_indirect");
			if (r->nspecs >= MAX_SPECS)
				return fail(r, SMK_ERROR_UNSUPPORTED,
					    "too many attributes");
			if (r->nspecs == r->capspecs) {
				size_t ncap = r->capspecs ? 2 * r->capspecs :
					512;
				struct smk_aspec *sp = realloc(r->specs, ncap *
							       sizeof(*sp));

				if (!sp)
					return fail(r, SMK_ERROR_NOMEM,
						    "no memory");
				r->specs = sp;
				r->capspecs = ncap;
			}
			r->specs[r->nspecs++] = (struct smk_aspec){
				(uint32_t)name, (uint32_t)form,
				fixed_size(r, form),
				fixed >= 0 && fixed <= INT32_MAX ?
				(int32_t)fixed : -1, imp };
			if (fixed >= 0) {
				int n = fixed_size(r, form);

				fixed = n >= 0 ? fixed + n : -1;
			}
		}
		ab->n = (uint32_t)(r->nspecs - ab->first);
		ab->fixed = fixed > INT32_MAX ? -1 : (int32_t)fixed;
		for (ab->var_from = 0; ab->var_from < ab->n; ab->var_from++)
			if (r->specs[ab->first + ab->var_from].size < 0)
				break;
	}
}

void smk_unit_reader_done(struct smk_unit_reader *r)
{
	smk_error_destroy(r->err);
	r->err = NULL;
}

void smk_unit_reader_close(struct smk_unit_reader *r)
{
	free(r->abbrevs);
	free(r->specs);
	smk_error_destroy(r->err);
	memset(r, 0, sizeof(*r));
}

struct smk_error *smk_unit_reader_open(Dwarf *dw, Dwarf_Die *cudie,
				       struct smk_dwarf_secs *secs,
				       struct smk_unit_reader *r)
{
	Dwarf_Off cuoff = dwarf_dieoffset(cudie), rel = dwarf_cuoffset(cudie);
	Dwarf_Die cumem;
	Dwarf_Half version;
	Dwarf_Off abbrev_off;
	uint8_t asize, osize;
	Dwarf_Attribute a;
	Dwarf_Word v;
	Dwarf_Addr base;
	uint64_t len;
	struct smk_error *err;
	struct smk_abbrev *abbrevs = r->abbrevs;
	struct smk_aspec *specs = r->specs;
	size_t capabbrevs = r->capabbrevs, capspecs = r->capspecs;

	smk_error_destroy(r->err);
	memset(r, 0, sizeof(*r));
	r->abbrevs = abbrevs;
	r->capabbrevs = capabbrevs;
	r->specs = specs;
	r->capspecs = capspecs;
	if (!secs->read) {
		secs->read = true;
		section(dw, ".debug_info", &secs->info, &secs->info_size);
		section(dw, ".debug_abbrev", &secs->abbrev,
			&secs->abbrev_size);
		section(dw, ".debug_addr", &secs->addr, &secs->addr_size);
		section(dw, ".debug_ranges", &secs->ranges,
			&secs->ranges_size);
		section(dw, ".debug_rnglists", &secs->rnglists,
			&secs->rnglists_size);
	}
	r->secs = secs;
	if (!secs->info || dwarf_cu_getdwarf(cudie->cu) != dw ||
	    rel > cuoff || cuoff >= secs->info_size ||
	    dwarf_cu_die(cudie->cu, &cumem, &version, &abbrev_off, &asize,
			 &osize, NULL, NULL) == NULL)
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"a unit the fast reader cannot find");
	r->unit = secs->info + (cuoff - rel);
	r->first = secs->info + cuoff;
	r->version = version;
	r->addr_size = asize;
	r->offset_size = osize;
	if (secs->info_size - (cuoff - rel) < 4)
		goto broken;
	len = le(r->unit, 4);
	if (len == 0xffffffff) {
		if (secs->info_size - (cuoff - rel) < 12)
			goto broken;
		len = le(r->unit + 4, 8) + 12;
	} else {
		len += 4;
	}
	if (len > secs->info_size - (cuoff - rel) || cuoff - rel + len <= cuoff)
		goto broken;
	r->end = r->unit + len;
	/* Partial and type units, split and skeleton ones: libdw's. */
	if (version < 2 || version > 5 || (asize != 4 && asize != 8) ||
	    (version == 5 && r->unit[osize == 8 ? 14 : 6] != DW_UT_compile) ||
	    dwarf_tag(cudie) != DW_TAG_compile_unit ||
	    dwarf_hasattr(cudie, DW_AT_GNU_dwo_id) ||
	    dwarf_hasattr(cudie, DW_AT_dwo_name) ||
	    dwarf_hasattr(cudie, DW_AT_GNU_dwo_name))
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"a kind of unit the fast reader "
					"leaves to libdw");
	if (dwarf_formudata(dwarf_attr(cudie, DW_AT_addr_base, &a), &v) == 0 ||
	    dwarf_formudata(dwarf_attr(cudie, DW_AT_GNU_addr_base, &a),
			    &v) == 0) {
		r->addr_base = v;
		r->has_addr_base = true;
	}
	if (dwarf_formudata(dwarf_attr(cudie, DW_AT_rnglists_base, &a),
			    &v) == 0) {
		r->rnglists_base = v;
		r->has_rnglists_base = true;
	}
	/* __libdw_cu_base_address() */
	if (dwarf_lowpc(cudie, &base) != 0 &&
	    dwarf_formaddr(dwarf_attr(cudie, DW_AT_entry_pc, &a), &base) != 0)
		base = 0;
	r->base_address = base;
	if (!read_abbrevs(r, abbrev_off))
		goto out;
	return NULL;
broken:
	broken(r, "unit length beyond .debug_info");
out:
	err = r->err;
	r->err = NULL;
	return err;
}

/* ---------------------------------------------------------------- DIEs */

/* The DIE at @p, or false at a null entry, the unit's end or an error. */
static bool read_die(struct smk_unit_reader *r, const unsigned char *p,
		     struct smk_rdie *d)
{
	const unsigned char *q = p;
	uint64_t code;
	const struct smk_abbrev *ab;
	uint32_t i;

	if (r->err || p >= r->end)
		return false;
	if (!uleb(r, &q, r->end, &code) || !code)
		return false;
	if (code >= r->nabbrevs || !r->abbrevs[code].present)
		return broken(r, "a DIE of an unknown abbreviation");
	ab = &r->abbrevs[code];
	d->p = p;
	d->attrs = q;
	d->ab = ab;
	d->off = (uint64_t)(p - r->secs->info);
	d->tag = ab->tag;
	d->children = ab->children;
	if (ab->fixed >= 0) {
		if (r->end - q < ab->fixed)
			return broken(r, "a DIE beyond the unit");
		d->after = q + ab->fixed;
		return true;
	}
	/* Every value before the first of a variable size has a fixed
	 * place (within the unit: skip_value() checks the next one). */
	i = ab->var_from;
	if (i < ab->n && r->specs[ab->first + i].off >= 0) {
		if (r->end - q < r->specs[ab->first + i].off)
			return broken(r, "a DIE beyond the unit");
		q += r->specs[ab->first + i].off;
	} else {
		i = 0;
	}
	for (; i < ab->n; i++) {
		const struct smk_aspec *sp = &r->specs[ab->first + i];

		if (sp->size >= 0 && r->end - q >= sp->size)
			q += sp->size;
		else if (!skip_value(r, &q, sp->form, sp->size))
			return false;
	}
	d->after = q;
	return true;
}

bool smk_rdie_first(struct smk_unit_reader *r, struct smk_rdie *out)
{
	struct smk_rdie cu;

	return read_die(r, r->first, &cu) && smk_rdie_child(r, &cu, out);
}

bool smk_rdie_child(struct smk_unit_reader *r, const struct smk_rdie *d,
		    struct smk_rdie *out)
{
	return d->children && read_die(r, d->after, out);
}

/* Where attribute @name's value of @d is, and its spec. */
static const unsigned char *find_attr(struct smk_unit_reader *r,
				      const struct smk_rdie *d,
				      unsigned int name,
				      const struct smk_aspec **spec)
{
	const unsigned char *q = d->attrs;
	uint32_t i;

	for (i = 0; i < d->ab->n; i++) {
		const struct smk_aspec *sp = &r->specs[d->ab->first + i];

		if (sp->name == name) {
			*spec = sp;
			return q;
		}
		/* The next value's place is known: no need to step. */
		if (i + 1 < d->ab->n && sp[1].off >= 0) {
			q = d->attrs + sp[1].off;
			continue;
		}
		if (!skip_value(r, &q, sp->form, sp->size))
			return NULL;
	}
	return NULL;
}

bool smk_rdie_sibling(struct smk_unit_reader *r, const struct smk_rdie *d,
		      struct smk_rdie *out)
{
	const struct smk_aspec *sp;
	const unsigned char *v, *p;
	unsigned int depth;

	if (!d->children)
		return read_die(r, d->after, out);
	v = find_attr(r, d, DW_AT_sibling, &sp);
	if (v) {
		uint64_t ref;
		const unsigned char *q = v;

		switch (sp->form) {
		case DW_FORM_ref1: ref = le(v, 1); break;
		case DW_FORM_ref2: ref = le(v, 2); break;
		case DW_FORM_ref4: ref = le(v, 4); break;
		case DW_FORM_ref8: ref = le(v, 8); break;
		case DW_FORM_ref_udata:
			if (!uleb(r, &q, r->end, &ref))
				return false;
			break;
		default:
			return fail(r, SMK_ERROR_UNSUPPORTED,
				    "a DW_AT_sibling of another form");
		}
		if (ref >= (uint64_t)(r->end - r->unit) ||
		    r->unit + ref <= d->p)
			return fail(r, SMK_ERROR_UNSUPPORTED,
				    "a DW_AT_sibling that does not move "
				    "forward");
		return read_die(r, r->unit + ref, out);
	}
	if (r->err)
		return false;
	/* Walk over the children, and theirs. */
	p = d->after;
	depth = 1;
	while (depth) {
		const unsigned char *q = p;
		struct smk_rdie c;
		uint64_t code;

		if (p >= r->end)
			return false;
		if (!uleb(r, &q, r->end, &code))
			return false;
		if (!code) {
			depth--;
			p = q;
			continue;
		}
		if (!read_die(r, p, &c))
			return false;
		if (c.children && ++depth > SKIP_DEPTH)
			return fail(r, SMK_ERROR_UNSUPPORTED,
				    "children nested too deep");
		p = c.after;
	}
	return read_die(r, p, out);
}

bool smk_rdie_has(struct smk_unit_reader *r, const struct smk_rdie *d,
		  unsigned int name)
{
	uint32_t i;

	(void)r;
	for (i = 0; i < d->ab->n; i++)
		if (r->specs[d->ab->first + i].name == name)
			return true;
	return false;
}

/* A constant's value, as dwarf_formudata() reads it; false otherwise. */
static bool constant(struct smk_unit_reader *r, const unsigned char *v,
		     const struct smk_aspec *sp, uint64_t *out)
{
	const unsigned char *q = v;
	int64_t s;

	switch (sp->form) {
	case DW_FORM_data1: *out = le(v, 1); return true;
	case DW_FORM_data2: *out = le(v, 2); return true;
	case DW_FORM_data4: *out = le(v, 4); return true;
	case DW_FORM_data8: *out = le(v, 8); return true;
	case DW_FORM_udata: return uleb(r, &q, r->end, out);
	case DW_FORM_sdata:
		if (!sleb(r, &q, r->end, &s))
			return false;
		*out = (uint64_t)s;
		return true;
	case DW_FORM_implicit_const:
		*out = (uint64_t)sp->implicit;
		return true;
	}
	return false;
}

bool smk_rdie_udata(struct smk_unit_reader *r, const struct smk_rdie *d,
		    unsigned int name, uint64_t *v)
{
	const struct smk_aspec *sp;
	const unsigned char *p = find_attr(r, d, name, &sp);

	return p && constant(r, p, sp, v);
}

/* Entry @idx of .debug_addr. */
static bool indexed_addr(struct smk_unit_reader *r, uint64_t idx,
			 uint64_t *v)
{
	const struct smk_dwarf_secs *s = r->secs;
	uint64_t off;

	if (!r->has_addr_base || !s->addr)
		return fail(r, SMK_ERROR_UNSUPPORTED,
			    "an indexed address without DW_AT_addr_base");
	if (idx > (s->addr_size - r->addr_base) / r->addr_size ||
	    r->addr_base > s->addr_size)
		return broken(r, "an address index beyond .debug_addr");
	off = r->addr_base + idx * r->addr_size;
	if (off + r->addr_size > s->addr_size)
		return broken(r, "an address index beyond .debug_addr");
	*v = le(s->addr + off, r->addr_size);
	return true;
}

/* An address's value, as dwarf_formaddr() reads it. */
static bool address(struct smk_unit_reader *r, const unsigned char *v,
		    const struct smk_aspec *sp, uint64_t *out)
{
	const unsigned char *q = v;
	uint64_t idx;

	switch (sp->form) {
	case DW_FORM_addr: *out = le(v, r->addr_size); return true;
	case DW_FORM_addrx1: idx = le(v, 1); break;
	case DW_FORM_addrx2: idx = le(v, 2); break;
	case DW_FORM_addrx3: idx = le(v, 3); break;
	case DW_FORM_addrx4: idx = le(v, 4); break;
	case DW_FORM_addrx:
	case DW_FORM_GNU_addr_index:
		if (!uleb(r, &q, r->end, &idx))
			return false;
		break;
	default:
		return false;
	}
	return indexed_addr(r, idx, out);
}

bool smk_rdie_addr(struct smk_unit_reader *r, const struct smk_rdie *d,
		   unsigned int name, uint64_t *v)
{
	const struct smk_aspec *sp;
	const unsigned char *p = find_attr(r, d, name, &sp);

	return p && address(r, p, sp, v);
}

/* The DWARF 2 to 4 list at @off of .debug_ranges. */
static bool ranges_v4(struct smk_unit_reader *r, uint64_t off,
		      bool (*fn)(void *, uint64_t, uint64_t), void *arg)
{
	const struct smk_dwarf_secs *s = r->secs;
	unsigned int w = r->addr_size;
	uint64_t base = r->base_address;
	uint64_t escape = w == 8 ? UINT64_MAX : UINT32_MAX;

	if (!s->ranges)
		return broken(r, "DW_AT_ranges without .debug_ranges");
	for (;;) {
		uint64_t b, e;

		if (off > s->ranges_size || s->ranges_size - off < 2 * w)
			return broken(r, "a range list beyond .debug_ranges");
		b = le(s->ranges + off, w);
		e = le(s->ranges + off + w, w);
		off += 2 * w;
		if (b == escape) {
			base = e;
			continue;
		}
		if (!b && !e)
			return true;
		if (!fn(arg, base + b, base + e))
			return false;
	}
}

/* The DWARF 5 list at @off of .debug_rnglists. */
static bool ranges_v5(struct smk_unit_reader *r, uint64_t off,
		      bool (*fn)(void *, uint64_t, uint64_t), void *arg)
{
	const struct smk_dwarf_secs *s = r->secs;
	const unsigned char *p, *end;
	uint64_t base = r->base_address;
	unsigned int w = r->addr_size;

	if (!s->rnglists || off >= s->rnglists_size)
		return broken(r, "a range list beyond .debug_rnglists");
	end = s->rnglists + s->rnglists_size;
	p = s->rnglists + off;
	for (;;) {
		uint64_t a, b;
		unsigned char kind;

		if (p >= end)
			return broken(r, "a range list beyond .debug_rnglists");
		kind = *p++;
		switch (kind) {
		case DW_RLE_end_of_list:
			return true;
		case DW_RLE_base_addressx:
			if (!uleb(r, &p, end, &a) || !indexed_addr(r, a, &base))
				return false;
			continue;
		case DW_RLE_startx_endx:
			if (!uleb(r, &p, end, &a) || !uleb(r, &p, end, &b) ||
			    !indexed_addr(r, a, &a) || !indexed_addr(r, b, &b))
				return false;
			break;
		case DW_RLE_startx_length:
			if (!uleb(r, &p, end, &a) || !uleb(r, &p, end, &b) ||
			    !indexed_addr(r, a, &a))
				return false;
			b += a;
			break;
		case DW_RLE_offset_pair:
			if (!uleb(r, &p, end, &a) || !uleb(r, &p, end, &b))
				return false;
			a += base;
			b += base;
			break;
		case DW_RLE_base_address:
			if (end - p < w)
				return broken(r, "truncated range list");
			base = le(p, w);
			p += w;
			continue;
		case DW_RLE_start_end:
			if (end - p < 2 * w)
				return broken(r, "truncated range list");
			a = le(p, w);
			b = le(p + w, w);
			p += 2 * w;
			break;
		case DW_RLE_start_length:
			if (end - p < w)
				return broken(r, "truncated range list");
			a = le(p, w);
			p += w;
			if (!uleb(r, &p, end, &b))
				return false;
			b += a;
			break;
		default:
			return broken(r, "an unknown range list entry");
		}
		if (!fn(arg, a, b))
			return false;
	}
}

bool smk_rdie_ranges(struct smk_unit_reader *r, const struct smk_rdie *d,
		     bool (*fn)(void *arg, uint64_t lo, uint64_t hi),
		     void *arg)
{
	const struct smk_aspec *sp, *lsp;
	const unsigned char *hv, *lv, *v;
	uint64_t lo, hi, off;

	/* dwarf_highpc() and dwarf_lowpc() both: one range. */
	hv = find_attr(r, d, DW_AT_high_pc, &sp);
	lv = hv ? find_attr(r, d, DW_AT_low_pc, &lsp) : NULL;
	if (lv && address(r, lv, lsp, &lo)) {
		if (address(r, hv, sp, &hi))
			return fn(arg, lo, hi);
		if (constant(r, hv, sp, &hi))
			return fn(arg, lo, lo + hi);
	}
	if (r->err)
		return false;
	v = find_attr(r, d, DW_AT_ranges, &sp);
	if (!v)
		return !r->err;
	if (sp->form == DW_FORM_rnglistx) {
		const unsigned char *q = v;
		const struct smk_dwarf_secs *s = r->secs;
		uint64_t idx, at;

		if (!uleb(r, &q, r->end, &idx))
			return false;
		if (!r->has_rnglists_base || !s->rnglists)
			return fail(r, SMK_ERROR_UNSUPPORTED,
				    "DW_FORM_rnglistx without "
				    "DW_AT_rnglists_base");
		if (r->rnglists_base > s->rnglists_size ||
		    idx > (s->rnglists_size - r->rnglists_base) /
		    r->offset_size)
			return broken(r, "a range list index beyond "
				      ".debug_rnglists");
		at = r->rnglists_base + idx * r->offset_size;
		if (at + r->offset_size > s->rnglists_size)
			return broken(r, "a range list index beyond "
				      ".debug_rnglists");
		off = r->rnglists_base + le(s->rnglists + at, r->offset_size);
	} else if (sp->form == DW_FORM_sec_offset ||
		   (r->version < 4 && (sp->form == DW_FORM_data4 ||
				       sp->form == DW_FORM_data8))) {
		off = le(v, sp->form == DW_FORM_data8 ? 8 :
			 sp->form == DW_FORM_data4 ? 4 : r->offset_size);
	} else {
		return fail(r, SMK_ERROR_UNSUPPORTED,
			    "a DW_AT_ranges of another form");
	}
	return r->version < 5 ? ranges_v4(r, off, fn, arg) :
		ranges_v5(r, off, fn, arg);
}
