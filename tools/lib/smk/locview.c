// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Location views: which side of a change at one address a statement is on.
 * See locview.h.
 *
 * A crash course.  At -O2 gcc often has several statements begin at the
 * same address (no instruction between them: a zero-instruction marker is
 * one), and variables change location or value between them.  An address
 * alone cannot say whether the marker comes before or after "i++" when
 * both are at 0x1234.  gcc (with gas) numbers the line-table rows of one
 * address 0, 1, 2... (the "view"), and gives each location list entry a
 * view pair: the entry holds from (begin address, begin view) up to, not
 * including, (end address, end view).  A marker whose own row is (0x1234,
 * view 2) sees the entry that contains (0x1234, 2) in that order.
 *
 *  - Line views are not stored: they follow from the line program, as
 *    binutils' readelf counts them: a view register reset to 0 by an
 *    opcode that moves the address, by DW_LNE_set_address (even to the
 *    same address: gas starts a new numbering there) and at a sequence's
 *    end, and incremented by each row (tests/locview.t compares ours with
 *    readelf's on real builds).  We walk the program of
 *    the CU ourselves (libdw keeps no views), bounded by the unit length,
 *    and stop with an error naming the offset on anything truncated.
 *  - DW_AT_GNU_locviews (DWARF 4 and 5, gcc's default) points to a list of
 *    ULEB128 pairs, one per entry of the location list, placed just before
 *    that list in .debug_loclists (.debug_loc for DWARF 4): it ends where
 *    DW_AT_location's list begins.  The entries themselves are libdw's
 *    (dwarf_getlocations(), which applies base addresses): the pairs are
 *    matched to them in order, and a count that differs is an error, not a
 *    guess.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dwarf.h>
#include <gelf.h>

#include "locview.h"
#include "placement.h"

enum {
	LEB_MAX = 10,		/* bytes of a 64-bit LEB128 */
	LOC_ENTRIES_MAX = 1 << 16,
};

struct rd {
	const unsigned char *p, *end;
	const unsigned char *start;
	const char *what;	/* "FILE: .debug_line" */
	struct smk_error *err;
};

static bool rd_fail(struct rd *r, const char *why)
{
	if (!r->err)
		r->err = smk_error_create(SMK_ERROR_DWARF, "%s at %#tx: %s",
					  r->what, r->p - r->start, why);
	return false;
}

static bool rd_bytes(struct rd *r, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;

	if ((size_t)(r->end - r->p) < n)
		return rd_fail(r, "truncated");
	/* DWARF of the host's byte order (x86-64, little endian). */
	for (i = 0; i < n; i++)
		x |= (uint64_t)r->p[i] << (8 * i);
	r->p += n;
	*v = x;
	return true;
}

static bool rd_uleb(struct rd *r, uint64_t *v)
{
	uint64_t x = 0;
	unsigned int i;

	for (i = 0; i < LEB_MAX; i++) {
		if (r->p >= r->end)
			return rd_fail(r, "truncated LEB128");
		x |= (uint64_t)(*r->p & 0x7f) << (7 * i);
		if (!(*r->p++ & 0x80)) {
			*v = x;
			return true;
		}
	}
	return rd_fail(r, "LEB128 longer than 10 bytes");
}

static bool rd_sleb(struct rd *r, int64_t *v)
{
	uint64_t x = 0;
	unsigned int i, shift = 0;
	unsigned char b = 0;

	for (i = 0; i < LEB_MAX; i++) {
		if (r->p >= r->end)
			return rd_fail(r, "truncated LEB128");
		b = *r->p++;
		x |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			break;
	}
	if (b & 0x80)
		return rd_fail(r, "LEB128 longer than 10 bytes");
	if (shift < 64 && (b & 0x40))
		x |= ~(uint64_t)0 << shift;
	*v = (int64_t)x;
	return true;
}

struct walk {
	uint64_t addr;
	unsigned int file, line, column, disc, view;
	bool stmt;
};

static void walk_reset(struct walk *w, bool default_stmt)
{
	memset(w, 0, sizeof(*w));
	w->file = 1;
	w->line = 1;
	w->stmt = default_stmt;
}

static void advance(struct walk *w, uint64_t by)
{
	w->addr += by;
	if (by)
		w->view = 0;
}

/* Emit a row (then the next row at this address has the next view, and
 * no discriminator); false when the consumer is done. */
static bool emit(struct walk *w, bool end,
		 bool (*fn)(void *, const struct smk_line_row *), void *arg)
{
	struct smk_line_row row = {
		.addr = w->addr, .file = w->file, .line = w->line,
		.column = w->column, .disc = w->disc, .view = w->view,
		.stmt = w->stmt, .end = end,
	};

	w->view++;
	w->disc = 0;
	return fn ? fn(arg, &row) : true;
}

/* A line program's header, as far as the rows and the file table need. */
struct hdr {
	uint64_t version, min_inst, def_stmt, op_base, line_range;
	int64_t line_base;
	unsigned int addr_size, offset_size;
	unsigned char std_len[256];
	const unsigned char *tables;	/* directory and file tables */
	const unsigned char *prog, *unit_end;
};

/* Read the header of the unit at @off into @h (r->p left at h->tables). */
static struct smk_error *parse_header(struct rd *r, const unsigned char *data,
				      size_t size, uint64_t off,
				      unsigned int addr_size, const char *what,
				      struct hdr *h)
{
	uint64_t len, hlen, v, max_ops = 1, i;

	memset(h, 0, sizeof(*h));
	h->offset_size = 4;
	h->addr_size = addr_size;
	if (off > size) {
		r->p = data + size;
		rd_fail(r, "unit offset beyond the section");
		return r->err;
	}
	r->p = data + off;
	if (!rd_bytes(r, 4, &len))
		return r->err;
	if (len == 0xffffffff) {
		h->offset_size = 8;
		if (!rd_bytes(r, 8, &len))
			return r->err;
	} else if (len >= 0xfffffff0) {
		rd_fail(r, "reserved unit length");
		return r->err;
	}
	if (len > (uint64_t)(r->end - r->p)) {
		rd_fail(r, "unit length beyond the section");
		return r->err;
	}
	h->unit_end = r->p + len;
	r->end = h->unit_end;
	if (!rd_bytes(r, 2, &h->version))
		return r->err;
	if (h->version < 2 || h->version > 5) {
		rd_fail(r, "unknown line table version");
		return r->err;
	}
	if (h->version >= 5) {
		if (!rd_bytes(r, 1, &v))
			return r->err;
		h->addr_size = (unsigned int)v;
		if (!rd_bytes(r, 1, &v))
			return r->err;
	}
	if (!rd_bytes(r, h->offset_size, &hlen))
		return r->err;
	if (hlen > (uint64_t)(h->unit_end - r->p)) {
		rd_fail(r, "header length beyond the unit");
		return r->err;
	}
	h->prog = r->p + hlen;
	if (!rd_bytes(r, 1, &h->min_inst) ||
	    (h->version >= 4 && !rd_bytes(r, 1, &max_ops)) ||
	    !rd_bytes(r, 1, &h->def_stmt) || !rd_bytes(r, 1, &v))
		return r->err;
	h->line_base = (int8_t)v;
	if (!rd_bytes(r, 1, &h->line_range) || !rd_bytes(r, 1, &h->op_base))
		return r->err;
	if (!h->line_range || !h->op_base) {
		rd_fail(r, "line_range or opcode_base is 0");
		return r->err;
	}
	if (max_ops != 1)
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"%s at %#" PRIx64 ": VLIW line program "
					"(maximum_operations_per_instruction "
					"%" PRIu64 ")", what, off, max_ops);
	if (h->addr_size != 4 && h->addr_size != 8) {
		rd_fail(r, "address size is neither 4 nor 8");
		return r->err;
	}
	for (i = 1; i < h->op_base; i++) {
		if (!rd_bytes(r, 1, &v))
			return r->err;
		h->std_len[i] = (unsigned char)v;
	}
	if (r->p > h->prog) {
		rd_fail(r, "header longer than its header_length");
		return r->err;
	}
	h->tables = r->p;
	return NULL;
}

struct smk_error *smk_line_program_walk(const unsigned char *data,
					size_t size, uint64_t off,
					unsigned int addr_size,
					const char *what,
					bool (*fn)(void *arg,
						   const struct smk_line_row *r),
					void *arg)
{
	struct rd r = { .start = data, .end = data + size, .what = what };
	const unsigned char *unit_end;
	struct smk_error *err;
	struct walk w;
	struct hdr h;
	uint64_t i;

	err = parse_header(&r, data, size, off, addr_size, what, &h);
	if (err)
		return err;
	unit_end = h.unit_end;
	r.p = h.prog;
	walk_reset(&w, h.def_stmt != 0);
	while (r.p < unit_end) {
		uint64_t op, n, adv;
		int64_t s;

		op = *r.p++;
		if (op >= h.op_base) {
			uint64_t adj = op - h.op_base;

			adv = (adj / h.line_range) * h.min_inst;
			advance(&w, adv);
			w.line += (unsigned int)(h.line_base +
						 (int64_t)(adj % h.line_range));
			if (!emit(&w, false, fn, arg))
				return NULL;
			continue;
		}
		switch (op) {
		case 0:		/* extended */
			if (!rd_uleb(&r, &n))
				return r.err;
			if (!n || n > (uint64_t)(unit_end - r.p)) {
				rd_fail(&r, "bad extended opcode length");
				return r.err;
			}
			{
				const unsigned char *next = r.p + n;

				if (!rd_bytes(&r, 1, &op))
					return r.err;
				if (op == DW_LNE_end_sequence) {
					if (!emit(&w, true, fn, arg))
						return NULL;
					walk_reset(&w, h.def_stmt != 0);
				} else if (op == DW_LNE_set_address) {
					if (n - 1 != h.addr_size) {
						rd_fail(&r, "DW_LNE_set_address "
							"of another size");
						return r.err;
					}
					if (!rd_bytes(&r, h.addr_size, &w.addr))
						return r.err;
					w.view = 0;
				} else if (op == DW_LNE_set_discriminator) {
					if (!rd_uleb(&r, &n))
						return r.err;
					if (r.p > next) {
						rd_fail(&r, "discriminator "
							"longer than its "
							"opcode");
						return r.err;
					}
					w.disc = n > UINT32_MAX ? UINT32_MAX :
						(unsigned int)n;
				} else if (op == DW_LNE_define_file) {
					/* A file table that grows as the
					 * program runs: not followed. */
					return smk_error_create(
						SMK_ERROR_UNSUPPORTED,
						"%s at %#" PRIx64 ": "
						"DW_LNE_define_file", what, off);
				}
				/* Vendor ones: their length says how far. */
				r.p = next;
			}
			break;
		case DW_LNS_copy:
			if (!emit(&w, false, fn, arg))
				return NULL;
			break;
		case DW_LNS_advance_pc:
			if (!rd_uleb(&r, &n))
				return r.err;
			advance(&w, n * h.min_inst);
			break;
		case DW_LNS_advance_line:
			if (!rd_sleb(&r, &s))
				return r.err;
			w.line += (unsigned int)s;
			break;
		case DW_LNS_set_file:
			if (!rd_uleb(&r, &n))
				return r.err;
			w.file = (unsigned int)n;
			break;
		case DW_LNS_set_column:
			for (i = 0; i < h.std_len[op]; i++) {
				if (!rd_uleb(&r, &n))
					return r.err;
				if (!i)
					w.column = (unsigned int)n;
			}
			break;
		case DW_LNS_negate_stmt:
			w.stmt = !w.stmt;
			break;
		case DW_LNS_const_add_pc:
			advance(&w, ((255 - h.op_base) / h.line_range) *
				h.min_inst);
			break;
		case DW_LNS_fixed_advance_pc:
			if (!rd_bytes(&r, 2, &n))
				return r.err;
			advance(&w, n);
			break;
		case DW_LNS_set_basic_block:
		case DW_LNS_set_prologue_end:
		case DW_LNS_set_epilogue_begin:
		case DW_LNS_set_isa:
		default:
			/* Operands as the header says. */
			for (i = 0; i < h.std_len[op]; i++)
				if (!rd_uleb(&r, &n))
					return r.err;
			break;
		}
	}
	return NULL;
}

/* A string of a line table entry, by @form; NULL when unreadable. */
static const char *entry_string(struct rd *r, uint64_t form,
				const struct smk_line_strings *strs,
				unsigned int offset_size)
{
	const unsigned char *sec;
	uint64_t o;
	size_t size;

	switch (form) {
	case DW_FORM_string: {
		const unsigned char *s = r->p;

		while (r->p < r->end && *r->p)
			r->p++;
		if (r->p >= r->end) {
			rd_fail(r, "unterminated string");
			return NULL;
		}
		r->p++;
		return (const char *)s;
	}
	case DW_FORM_line_strp:
		sec = strs->line_str;
		size = strs->line_str_size;
		break;
	case DW_FORM_strp:
		sec = strs->str;
		size = strs->str_size;
		break;
	default:
		return NULL;
	}
	if (!rd_bytes(r, offset_size, &o))
		return NULL;
	/* The string must end inside its section. */
	if (!sec || o >= size || !memchr(sec + o, 0, size - o)) {
		rd_fail(r, "string offset beyond its section");
		return NULL;
	}
	return (const char *)sec + o;
}

/* Skip a value of @form; false when it cannot be skipped. */
static bool skip_form(struct rd *r, uint64_t form, unsigned int offset_size,
		      uint64_t *val)
{
	uint64_t n = 0;

	*val = 0;
	switch (form) {
	case DW_FORM_data1: return rd_bytes(r, 1, val);
	case DW_FORM_data2: return rd_bytes(r, 2, val);
	case DW_FORM_data4: return rd_bytes(r, 4, val);
	case DW_FORM_data8: return rd_bytes(r, 8, val);
	case DW_FORM_udata: return rd_uleb(r, val);
	case DW_FORM_data16: n = 16; break;
	case DW_FORM_block:
		if (!rd_uleb(r, &n))
			return false;
		break;
	case DW_FORM_strp:
	case DW_FORM_line_strp: n = offset_size; break;
	default:
		return false;
	}
	if ((uint64_t)(r->end - r->p) < n)
		return rd_fail(r, "truncated");
	r->p += n;
	return true;
}

/* One DWARF 5 entry-format table (directories or files). */
static struct smk_error *read_v5_table(struct rd *r, const struct hdr *h,
				       const struct smk_line_strings *strs,
				       const char *what, uint64_t off,
				       const char ***paths, uint64_t **dirs,
				       size_t *n)
{
	uint64_t nfmt, fmt[2 * 16], count, i, k;

	*paths = NULL;
	*dirs = NULL;
	*n = 0;
	if (!rd_bytes(r, 1, &nfmt))
		return r->err;
	if (nfmt > 16)
		return smk_error_create(SMK_ERROR_UNSUPPORTED, "%s at %#" PRIx64
					": %" PRIu64 " entry formats", what,
					off, nfmt);
	for (i = 0; i < 2 * nfmt; i++)
		if (!rd_uleb(r, &fmt[i]))
			return r->err;
	if (!rd_uleb(r, &count))
		return r->err;
	/* Each entry takes a byte at least. */
	if (count > (uint64_t)(r->end - r->p) + 1 ||
	    (nfmt == 0 && count > 0))
		return rd_fail(r, "entry count beyond the unit"), r->err;
	*paths = calloc(count ? count : 1, sizeof(**paths));
	*dirs = calloc(count ? count : 1, sizeof(**dirs));
	if (!*paths || !*dirs)
		return &smk_error_nomem;
	for (i = 0; i < count; i++) {
		for (k = 0; k < nfmt; k++) {
			uint64_t lnct = fmt[2 * k], form = fmt[2 * k + 1], v;

			if (lnct == DW_LNCT_path) {
				(*paths)[i] = entry_string(r, form, strs,
							   h->offset_size);
				if (!(*paths)[i])
					goto bad;
				continue;
			}
			if (!skip_form(r, form, h->offset_size, &v))
				goto bad;
			if (lnct == DW_LNCT_directory_index)
				(*dirs)[i] = v;
		}
	}
	*n = count;
	return NULL;
bad:
	if (r->err)
		return r->err;
	return smk_error_create(SMK_ERROR_UNSUPPORTED, "%s at %#" PRIx64
				": a form the file table reader does not "
				"know", what, off);
}

/* The strings of a DWARF 2 to 4 directory or file table. */
static bool read_v4_string(struct rd *r, const char **s)
{
	*s = (const char *)r->p;
	while (r->p < r->end && *r->p)
		r->p++;
	if (r->p >= r->end)
		return rd_fail(r, "unterminated string");
	r->p++;
	return true;
}

struct smk_error *smk_line_program_files(const unsigned char *data,
					 size_t size, uint64_t off,
					 unsigned int addr_size,
					 const struct smk_line_strings *strs,
					 const char *comp_dir, const char *what,
					 struct smk_line_files *out)
{
	struct rd r = { .start = data, .end = data + size, .what = what };
	const char **dpaths = NULL, **fpaths = NULL;
	uint64_t *ddirs = NULL, *fdirs = NULL;
	size_t ndirs = 0, nfiles = 0, i, cap;
	struct smk_error *err;
	struct hdr h;

	memset(out, 0, sizeof(*out));
	err = parse_header(&r, data, size, off, addr_size, what, &h);
	if (err)
		return err;
	r.p = h.tables;
	r.end = h.prog;
	if (h.version >= 5) {
		err = read_v5_table(&r, &h, strs, what, off, &dpaths, &ddirs,
				    &ndirs);
		if (!err)
			err = read_v5_table(&r, &h, strs, what, off, &fpaths,
					    &fdirs, &nfiles);
		if (err)
			goto out;
	} else {
		/* Directory 0 is the unit's, file 0 libdw's "???". */
		const char *s;

		cap = 16;
		dpaths = malloc(cap * sizeof(*dpaths));
		if (!dpaths)
			goto nomem;
		dpaths[ndirs++] = comp_dir;
		for (;;) {
			if (!read_v4_string(&r, &s))
				goto bad;
			if (!*s)
				break;
			if (ndirs == cap) {
				const char **p = realloc(dpaths, 2 * cap *
							 sizeof(*p));

				if (!p)
					goto nomem;
				dpaths = p;
				cap *= 2;
			}
			dpaths[ndirs++] = s;
		}
		cap = 16;
		fpaths = malloc(cap * sizeof(*fpaths));
		fdirs = malloc(cap * sizeof(*fdirs));
		if (!fpaths || !fdirs)
			goto nomem;
		fpaths[nfiles] = "???";
		fdirs[nfiles++] = UINT64_MAX;
		for (;;) {
			uint64_t d, ignored;

			if (!read_v4_string(&r, &s))
				goto bad;
			if (!*s)
				break;
			if (!rd_uleb(&r, &d) || !rd_uleb(&r, &ignored) ||
			    !rd_uleb(&r, &ignored))
				goto bad;
			if (nfiles == cap) {
				const char **p = realloc(fpaths, 2 * cap *
							 sizeof(*p));
				uint64_t *q;

				if (!p)
					goto nomem;
				fpaths = p;
				q = realloc(fdirs, 2 * cap * sizeof(*q));
				if (!q)
					goto nomem;
				fdirs = q;
				cap *= 2;
			}
			fpaths[nfiles] = s;
			fdirs[nfiles++] = d;
		}
	}
	for (i = 0; i < nfiles; i++)
		if (fdirs[i] != UINT64_MAX && fdirs[i] >= ndirs) {
			rd_fail(&r, "file names a directory that is not there");
			goto bad;
		}
	out->dirs = dpaths;
	out->ndirs = ndirs;
	out->names = fpaths;
	out->dir_of = fdirs;
	out->nfiles = nfiles;
	out->version = (unsigned int)h.version;
	free(ddirs);
	return NULL;
nomem:
	err = &smk_error_nomem;
	goto out;
bad:
	err = r.err ? r.err : smk_error_create(SMK_ERROR_DWARF, "%s at %#"
					       PRIx64 ": bad file table",
					       what, off);
out:
	free(dpaths);
	free(ddirs);
	free(fpaths);
	free(fdirs);
	return err;
}

void smk_line_files_free(struct smk_line_files *f)
{
	free(f->dirs);
	free(f->names);
	free(f->dir_of);
	memset(f, 0, sizeof(*f));
}

bool smk_dwarf_section(Dwarf *dw, const char *name,
		       const unsigned char **p, size_t *size)
{
	Elf *elf = dwarf_getelf(dw);
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx))
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!n || strcmp(n, name))
			continue;
		/* libdw decompressed its sections in place; others not. */
		if ((sh.sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
			return false;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			return false;
		*p = d->d_buf;
		*size = d->d_size;
		return true;
	}
	return false;
}

struct at {
	Dwarf_Addr addr;
	struct smk_line_row *out;
	size_t max, n;
};

static bool at_row(void *arg, const struct smk_line_row *r)
{
	struct at *a = arg;

	if (r->addr != a->addr || r->end)
		return true;
	if (a->n < a->max)
		a->out[a->n] = *r;
	a->n++;
	return true;
}

struct of {
	Dwarf_Addr addr;
	const bool *want;	/* file indexes that are the marker's */
	size_t nfiles;
	unsigned int first, last;
	unsigned int *views;
	size_t max, n;
};

static bool of_row(void *arg, const struct smk_line_row *r)
{
	struct of *o = arg;

	if (r->addr != o->addr || r->end || r->line < o->first ||
	    r->line > o->last || r->file >= o->nfiles || !o->want[r->file])
		return true;
	if (o->n < o->max)
		o->views[o->n] = r->view;
	o->n++;
	return true;
}

/* The CU's line program, through @fn. */
static struct smk_error *walk_cu(Dwarf_Die *cu,
				 bool (*fn)(void *, const struct smk_line_row *),
				 void *arg, bool *has)
{
	Dwarf *dw = dwarf_cu_getdwarf(cu->cu);
	const unsigned char *data;
	Dwarf_Attribute attr;
	Dwarf_Word off;
	uint8_t asize = 8, osize;
	Dwarf_Die cudie;
	size_t size;

	*has = false;
	if (!dwarf_attr(cu, DW_AT_stmt_list, &attr))
		return NULL;
	if (dwarf_formudata(&attr, &off))
		return smk_error_create(SMK_ERROR_DWARF, "CU %#" PRIx64
					": unreadable DW_AT_stmt_list",
					(uint64_t)dwarf_dieoffset(cu));
	if (!dw || !smk_dwarf_section(dw, ".debug_line", &data, &size))
		return smk_error_create(SMK_ERROR_DWARF, "CU %#" PRIx64
					": .debug_line not readable",
					(uint64_t)dwarf_dieoffset(cu));
	if (!dwarf_diecu(cu, &cudie, &asize, &osize))
		asize = 8;
	*has = true;
	return smk_line_program_walk(data, size, off, asize, ".debug_line",
				     fn, arg);
}

struct smk_error *smk_line_rows_at(Dwarf_Die *cu, Dwarf_Addr addr,
				   struct smk_line_row *out, size_t max,
				   size_t *n)
{
	struct at a = { .addr = addr, .out = out, .max = max };
	struct smk_error *err;
	bool has;

	*n = 0;
	err = walk_cu(cu, at_row, &a, &has);
	if (!err)
		*n = a.n;
	return err;
}

struct smk_error *smk_line_views_of(Dwarf_Die *cu, Dwarf_Addr addr,
				    const char *file, unsigned int first,
				    unsigned int last, unsigned int *views,
				    size_t max, size_t *n)
{
	struct of o = { .addr = addr, .first = first, .last = last,
			.views = views, .max = max };
	struct smk_error *err;
	Dwarf_Files *files;
	bool *want, has;
	size_t i;

	*n = 0;
	if (!file || dwarf_getsrcfiles(cu, &files, &o.nfiles) || !o.nfiles)
		return NULL;
	want = calloc(o.nfiles, sizeof(*want));
	if (!want)
		return &smk_error_nomem;
	for (i = 0; i < o.nfiles; i++) {
		const char *src = dwarf_filesrc(files, i, NULL, NULL);

		want[i] = src && smk_same_source(src, file);
	}
	o.want = want;
	err = walk_cu(cu, of_row, &o, &has);
	free(want);
	if (err)
		return err;
	if (o.n > max)
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"more than %zu rows of the marker at %#"
					PRIx64, max, (uint64_t)addr);
	*n = o.n;
	return NULL;
}

struct smk_error *smk_loc_views(Dwarf_Die *var, struct smk_loc_entry **ret,
				size_t *n)
{
	Dwarf *dw = dwarf_cu_getdwarf(var->cu);
	Dwarf_Attribute va, la;
	Dwarf_Word voff, loff;
	Dwarf_Half version = 0;
	const unsigned char *data;
	const char *sname;
	struct smk_loc_entry *e = NULL;
	size_t size, ne = 0, cap = 0, k;
	Dwarf_Addr base, start, end;
	Dwarf_Op *ops;
	size_t nops;
	ptrdiff_t it = 0;
	struct rd r;

	*ret = NULL;
	*n = 0;
	if (!dwarf_attr(var, DW_AT_GNU_locviews, &va) ||
	    !dwarf_attr(var, DW_AT_location, &la))
		return NULL;
	/* Only a list at a section offset has views before it. */
	if (dwarf_whatform(&la) != DW_FORM_sec_offset &&
	    dwarf_whatform(&la) != DW_FORM_data4 &&
	    dwarf_whatform(&la) != DW_FORM_data8)
		return NULL;
	if (dwarf_formudata(&va, &voff) || dwarf_formudata(&la, &loff) ||
	    dwarf_cu_info(var->cu, &version, NULL, NULL, NULL, NULL, NULL,
			  NULL))
		return smk_error_create(SMK_ERROR_DWARF, "DIE %#" PRIx64
					": unreadable DW_AT_GNU_locviews",
					(uint64_t)dwarf_dieoffset(var));
	sname = version >= 5 ? ".debug_loclists" : ".debug_loc";
	if (!dw || !smk_dwarf_section(dw, sname, &data, &size))
		return smk_error_create(SMK_ERROR_DWARF, "DIE %#" PRIx64
					": %s not readable",
					(uint64_t)dwarf_dieoffset(var), sname);
	if (voff > loff || loff > size)
		return smk_error_create(SMK_ERROR_DWARF, "DIE %#" PRIx64
					": %s: views at %#" PRIx64 " do not "
					"come before the list at %#" PRIx64,
					(uint64_t)dwarf_dieoffset(var), sname,
					(uint64_t)voff, (uint64_t)loff);
	while ((it = dwarf_getlocations(&la, it, &base, &start, &end, &ops,
					&nops)) > 0) {
		if (ne == cap) {
			struct smk_loc_entry *t;

			if (cap >= LOC_ENTRIES_MAX) {
				free(e);
				return smk_error_create(
					SMK_ERROR_DWARF, "DIE %#" PRIx64
					": more than %d location entries",
					(uint64_t)dwarf_dieoffset(var),
					LOC_ENTRIES_MAX);
			}
			cap = cap ? 2 * cap : 8;
			t = realloc(e, cap * sizeof(*e));
			if (!t) {
				free(e);
				return &smk_error_nomem;
			}
			e = t;
		}
		e[ne].start = start;
		e[ne].end = end;
		e[ne].ops = ops;
		e[ne].nops = nops;
		ne++;
	}
	if (it < 0) {
		free(e);
		return smk_error_create(SMK_ERROR_DWARF, "DIE %#" PRIx64
					": location list: %s",
					(uint64_t)dwarf_dieoffset(var),
					dwarf_errmsg(-1));
	}
	r = (struct rd){ .start = data, .p = data + voff, .end = data + loff,
			 .what = sname };
	for (k = 0; k < ne; k++) {
		uint64_t b, v;

		if (!rd_uleb(&r, &b) || !rd_uleb(&r, &v))
			break;
		e[k].vbegin = (unsigned int)b;
		e[k].vend = (unsigned int)v;
	}
	if (k < ne || r.p != r.end) {
		if (!r.err)
			r.err = smk_error_create(
				SMK_ERROR_DWARF, "%s at %#" PRIx64 ": %s view "
				"pairs than the %zu entries of the list at %#"
				PRIx64, sname, (uint64_t)voff,
				k < ne ? "fewer" : "more", ne, (uint64_t)loff);
		free(e);
		return r.err;
	}
	*ret = e;
	*n = ne;
	return NULL;
}
