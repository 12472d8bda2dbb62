// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Addresses back to functions, source lines and inline chains, fast
 * enough for 100,000 addresses of a vmlinux in about a second.
 *
 * Crash course.  A lookup answers what eu-addr2line -f -i answers, without
 * its cost: eu-addr2line walks the unit's DIE tree with dwarf_getscopes()
 * for every address, three times.  Here a compilation unit is indexed once,
 * when the first address falls in it (.debug_aranges names the unit):
 *
 *  - its line table, read from .debug_line by locview.c's reader into
 *    16-byte rows, in dwarf_getsrclines()'s order (by address, a
 *    sequence's end before the other rows at its address); only the last
 *    row at an address counts (libdw searches for the last row at or below
 *    the address), and a row equal to the one before it adds nothing;
 *  - its scope tree: every subprogram, inlined_subroutine and lexical
 *    block with code, walked once and then "painted" onto the addresses:
 *    the boundaries of all their ranges cut the unit into elementary
 *    intervals, and each scope, in DIE preorder, claims those of its
 *    intervals that its parent holds.  That is dwarf_getscopes()'s rule
 *    (the first child in DIE order that contains the address wins, a
 *    scope outside its parent is never reached) computed for every address
 *    at once.  Lexical blocks are then folded into their function, leaving
 *    sorted spans -> innermost function or inlined instance.
 *
 * A lookup is then two binary searches and a walk up the inline parents;
 * function names are read on first use.
 *
 * The index cache (symcache.h, marker-resolve index): every unit's index,
 * with its names, written once to a file keyed by build-id; when one
 * matches, a unit is read from it (a pread of its blob into the arena,
 * checked) instead of built: about 10 us instead of 200 for a vmlinux unit.
 *
 * Both readings are our own (locview.c for line programs, dieread.c for
 * DIEs), about three times faster than libdw's for a first lookup in a
 * kernel unit: dwarf_getsrclines() allocates and sorts every row and
 * composes every file name, dwarf_siblingof() parses every attribute of
 * the 2,000 DIEs of types before a kernel unit's first function.  What
 * they do not follow (DW_LNE_define_file, an imported unit, a form they
 * cannot size) falls back to libdw for that unit, and
 * smk_symbolizer_reference_lines() takes libdw's path everywhere:
 * tests/unit/symlines compares the two at every address.
 *
 * Memory: libdw keeps every unit's line table (with its file names
 * composed) until dwarf_end(), about 300 MB for a vmlinux.  Our readers
 * keep nothing there; where a unit falls back to libdw, its lines are
 * read through a scratch Dwarf handle on the same ELF that is closed and
 * opened again every 128k rows.  What is kept points into the ELF file's
 * own sections (names in .debug_str) or into our string table (the file
 * paths); DIEs are kept as offsets, their names read when first asked
 * for, through the binary's own Dwarf (whose abbreviations of the unit
 * the indexing loaded already).  A unit's index is built in scratch
 * arrays reused from unit to unit and then copied, at its final size,
 * into an arena of 4 MiB chunks mapped with transparent huge pages: on a
 * small VM a page fault per 4 KiB of fresh memory was a quarter of a
 * first lookup.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>

#include "dieread.h"
#include "locview.h"
#include "markers.h"
#include "placement.h"
#include "symbolize.h"
#include "symcache.h"

static const uint32_t no_scope = UINT32_MAX;

enum {
	FILE_END = 0xffff,	/* row: end of a sequence */
	FILE_NONE = 0xfffe,	/* row: no file we can name */
	MAX_DEPTH = 200,	/* scope nesting we follow (hostile input) */
	MAX_IMPORTS = 8,	/* nested DW_TAG_imported_unit */
	/* Rows parsed through one scratch Dwarf before it is recycled. */
	SCRATCH_ROWS = 1 << 17,
	STR_BLOCK = 1 << 16,
	/* The units' indexes live in chunks of this size, mapped with
	 * transparent huge pages where the kernel gives them. */
	ARENA_CHUNK = 4 << 20,
};

/* One line-table row; a row covers [addr, next row's addr). */
struct row {
	uint64_t addr;
	uint32_t line;
	uint16_t file;		/* index in the unit's files, or FILE_* */
	uint16_t column;
};

/* Discriminators are rare: kept aside, by row index. */
struct disc {
	uint32_t row;
	uint32_t value;
};

/* [lo, lo + len) is in scope @scope (innermost function-like). */
struct span {
	uint64_t lo;
	uint32_t len;
	uint32_t scope;
};

enum scope_kind { SCOPE_SUBPROGRAM, SCOPE_INLINED };
enum scope_flags { NAME_DONE = 1 };

/* A subprogram or inlined instance (the frames of a chain). */
struct scope {
	Dwarf_Off die;
	const char *name;	/* valid with NAME_DONE */
	uint32_t parent;	/* enclosing function-like scope, or none */
	uint8_t kind;
	uint8_t flags;
	uint16_t call_column;
	union {
		struct {	/* SCOPE_INLINED */
			uint32_t file;	/* index in the unit's files */
			uint32_t line;
		} call;
		uint32_t sub;	/* SCOPE_SUBPROGRAM: index in subs */
	};
};

/* A subprogram's entry and the part of its code holding it. */
struct sub {
	uint64_t entry;
	uint64_t part_lo, part_hi;
};

struct unit {
	Dwarf_Off cu;		/* CU DIE offset */
	bool built;
	struct row *rows;
	size_t nrows;
	struct disc *discs;
	size_t ndiscs;
	const char **files;	/* interned; NULL: not referenced */
	size_t nfiles;
	struct scope *scopes;
	size_t nscopes;
	struct sub *subs;
	size_t nsubs;
	struct span *spans;
	size_t nspans;
};

/* An address range of a unit (from .debug_aranges or the CU DIE). */
struct urange {
	uint64_t lo, hi;
	uint64_t maxhi;		/* max hi of this and all before it */
	Dwarf_Off cu;		/* CU DIE offset */
	uint32_t unit;
};

/* Interned strings: open addressing over strings in big blocks. */
struct strtab {
	const char **slots;
	size_t cap, n;
	char *block;
	size_t left;
	char **blocks;
	size_t nblocks;
};

struct marker_site {
	uint64_t addr;
	size_t order;
	struct smk_marker_ref ref;
};

/* A sequence of a line program: rows [first, first + n). */
struct seqrun {
	size_t first, n;
};

struct smk_symbolizer {
	struct smk_binary *b;
	bool prepared;
	Dwarf *dw;		/* the binary's, or NULL */
	Elf *delf;		/* the ELF the DWARF is in */
	Dwarf *scratch;
	size_t scratch_rows;
	uint64_t base;		/* our address + base = DWARF address */
	const char *no_dwarf;	/* reason, when dw is NULL */
	/* .debug_line and the strings its file tables use, read once. */
	bool sections_read;
	const unsigned char *line;
	size_t line_size;
	struct smk_line_strings line_strs;
	bool libdw_lines;	/* smk_symbolizer_reference_lines() */
	struct smk_dwarf_secs dsecs;	/* dieread.c's sections */
	struct smk_unit_reader reader;	/* and its tables, reused */
	/* A unit's walk and paint: scratch arrays reused from unit to unit
	 * (freeing them gave the pages back, faulted in again next unit). */
	void *wnodes, *wranges;
	size_t capwnodes, capwranges;
	uint64_t *pbounds;
	uint32_t *powner;
	size_t capbounds, capowner;
	/* A unit's rows, scopes, subprograms and spans are built here, then
	 * copied into the arena, where they stay. */
	struct row *trows;
	struct scope *tscopes;
	struct sub *tsubs;
	struct span *tspans;
	size_t captrows, captscopes, captsubs, captspans;
	char *acur;		/* the arena: free space of the last chunk */
	size_t aleft;
	struct achunk {
		void *p;
		size_t size;
	} *achunks;
	size_t nachunks, capachunks;
	struct prow *prows;	/* a unit's rows being read */
	size_t nprows, capprows;
	struct prow *prows2;	/* and being put in order */
	size_t capprows2;
	struct seqrun *runs;
	size_t capruns;

	/* The index cache (symcache.h): opened by prepare() when one
	 * matches; units are read from it before DWARF. */
	struct smk_index_key key;
	bool keyed;		/* key holds a build-id */
	struct smk_index *cache;
	const char *cache_why;	/* why none is used */
	bool writing_index;	/* smk_symbolizer_write_index() will */
	size_t cache_units;	/* units read from it */

	struct urange *ranges;
	size_t nranges, capranges;
	bool scanned;		/* unlisted units indexed too */
	struct unit *units;
	size_t nunits;
	struct strtab strs;

	bool markers_loaded;
	struct smk_marker_set *mset;
	struct smk_placement *placements;
	struct smk_marker_ref *mrefs;
	uint64_t *maddrs;
	size_t nmarkers;

	/* Results of the last lookup. */
	struct smk_frame *frames;
	size_t nframes, capframes;
	size_t *first;
	size_t capfirst;
};

/* ---------------------------------------------------------------- strings */

static uint64_t str_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ull;
	return h;
}

static bool strtab_grow(struct strtab *t)
{
	size_t cap = t->cap ? 2 * t->cap : 1024, i;
	const char **slots = calloc(cap, sizeof(*slots));

	if (!slots)
		return false;
	for (i = 0; i < t->cap; i++) {
		size_t k;

		if (!t->slots[i])
			continue;
		k = str_hash(t->slots[i]) & (cap - 1);
		while (slots[k])
			k = (k + 1) & (cap - 1);
		slots[k] = t->slots[i];
	}
	free(t->slots);
	t->slots = slots;
	t->cap = cap;
	return true;
}

static char *strtab_alloc(struct strtab *t, size_t len)
{
	char **blocks;
	char *p;

	if (len > STR_BLOCK / 4) {
		/* A long string gets a block of its own. */
		blocks = realloc(t->blocks, (t->nblocks + 1) * sizeof(*blocks));
		if (!blocks)
			return NULL;
		t->blocks = blocks;
		p = malloc(len);
		if (p)
			t->blocks[t->nblocks++] = p;
		return p;
	}
	if (t->left < len) {
		blocks = realloc(t->blocks, (t->nblocks + 1) * sizeof(*blocks));
		if (!blocks)
			return NULL;
		t->blocks = blocks;
		t->block = malloc(STR_BLOCK);
		if (!t->block) {
			t->left = 0;
			return NULL;
		}
		t->blocks[t->nblocks++] = t->block;
		t->left = STR_BLOCK;
	}
	p = t->block;
	t->block += len;
	t->left -= len;
	return p;
}

/* The interned copy of @s; NULL when out of memory (or @s is NULL). */
static const char *intern(struct strtab *t, const char *s)
{
	size_t k, len;
	char *copy;

	if (!s)
		return NULL;
	if (2 * (t->n + 1) > t->cap && !strtab_grow(t))
		return NULL;
	k = str_hash(s) & (t->cap - 1);
	for (; t->slots[k]; k = (k + 1) & (t->cap - 1))
		if (!strcmp(t->slots[k], s))
			return t->slots[k];
	len = strlen(s) + 1;
	copy = strtab_alloc(t, len);
	if (!copy)
		return NULL;
	memcpy(copy, s, len);
	t->slots[k] = copy;
	t->n++;
	return copy;
}

static void strtab_deinit(struct strtab *t)
{
	size_t i;

	for (i = 0; i < t->nblocks; i++)
		free(t->blocks[i]);
	free(t->blocks);
	free(t->slots);
}

/* ------------------------------------------------------------ small tools */

/* Grow *@v (of *@cap elements of @size) to hold @need; false: no memory. */
static bool reserve(void *v, size_t *cap, size_t need, size_t size)
{
	void **p = v;
	size_t c = *cap ? *cap : 16;
	void *nv;

	if (need <= *cap)
		return true;
	while (c < need)
		c *= 2;
	nv = realloc(*p, c * size);
	if (!nv)
		return false;
	*p = nv;
	*cap = c;
	return true;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMK_HAS_ASAN 1
#endif
#endif
#ifndef SMK_HAS_ASAN
#define SMK_HAS_ASAN 0
#endif

/*
 * @n bytes that live as long as the symbolizer (or until arena_rewind()).  A
 * unit's index is kept until the end, so it is laid out in big chunks
 * rather than malloc'ed: with huge pages the kernel faults a chunk in 2
 * MiB at a time, where 4 KiB pages cost a fault each (most of a first
 * lookup's time in a small VM).
 */
static void *arena_alloc(struct smk_symbolizer *s, size_t n)
{
	void *p;

	if (!n)
		return NULL;
#if defined(__SANITIZE_ADDRESS__) || SMK_HAS_ASAN
	/* Under AddressSanitizer every block is a block of its own, so that
	 * a read past it is caught (size 0: freed, not unmapped). */
	if (!reserve(&s->achunks, &s->capachunks, s->nachunks + 1,
		     sizeof(*s->achunks)))
		return NULL;
	p = malloc(n);
	if (!p)
		return NULL;
	s->achunks[s->nachunks++] = (struct achunk){ p, 0 };
	return p;
#else
	/* Blocks start 16-byte aligned. */
	size_t step = (n + 15) & ~(size_t)15;

	if (step > s->aleft) {
		size_t size = step > ARENA_CHUNK ? step : ARENA_CHUNK;

		if (!reserve(&s->achunks, &s->capachunks, s->nachunks + 1,
			     sizeof(*s->achunks)))
			return NULL;
		p = mmap(NULL, size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return NULL;
#ifdef MADV_HUGEPAGE
		(void)madvise(p, size, MADV_HUGEPAGE);	/* a hint */
#endif
		s->achunks[s->nachunks++] = (struct achunk){ p, size };
		s->acur = p;
		s->aleft = size;
	}
	p = s->acur;
	s->acur += step;
	s->aleft -= step;
	return p;
#endif
}

static void *arena_copy(struct smk_symbolizer *s, const void *src, size_t n)
{
	void *p = arena_alloc(s, n);

	return p ? memcpy(p, src, n) : NULL;
}

/* Where the arena is, to give back what came after (arena_rewind()). */
struct arena_mark {
	size_t nachunks;
	char *acur;
	size_t aleft;
};

static struct arena_mark arena_mark(const struct smk_symbolizer *s)
{
	return (struct arena_mark){ s->nachunks, s->acur, s->aleft };
}

static void arena_rewind(struct smk_symbolizer *s, struct arena_mark m)
{
	while (s->nachunks > m.nachunks) {
		struct achunk *c = &s->achunks[--s->nachunks];

		if (c->size)
			munmap(c->p, c->size);
		else
			free(c->p);
	}
	s->acur = m.acur;
	s->aleft = m.aleft;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Sort @v[0..n) (a unit's range boundaries: hundreds of thousands in a big
 * vmlinux unit, within a few MB of each other) by radix, 11 bits a pass
 * over the span above the minimum, through @tmp (n elements).
 */
static void sort_u64(uint64_t *v, uint64_t *tmp, size_t n)
{
	uint64_t lo = UINT64_MAX, hi = 0, *src = v, *dst = tmp, *t;
	unsigned int shift;
	size_t i;

	for (i = 0; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	for (shift = 0; n > 1 && shift < 64 && (hi - lo) >> shift;
	     shift += 11) {
		size_t count[2048] = { 0 }, sum = 0;

		for (i = 0; i < n; i++)
			count[((src[i] - lo) >> shift) & 2047]++;
		for (i = 0; i < 2048; i++) {
			size_t c = count[i];

			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			dst[count[((src[i] - lo) >> shift) & 2047]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
}

/* Index of the first element of sorted @v[0..n) that is >= @x. */
static size_t lower_bound(const uint64_t *v, size_t n, uint64_t x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * A DIE's name as eu-addr2line prints it (its get_diename()): the linkage
 * name when there is one, else DW_AT_name, both through abstract_origin
 * and specification.
 */
static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	const char *name;

	name = dwarf_formstring(dwarf_attr_integrate(die,
						     DW_AT_MIPS_linkage_name,
						     &a) ?:
				dwarf_attr_integrate(die, DW_AT_linkage_name,
						     &a));
	return name ? name : dwarf_diename(die);
}

/* ------------------------------------------------------------ the Dwarfs */

/*
 * The handle to index units with: the scratch one, recycled when it has
 * parsed enough rows (never in the middle of a unit: callers take it once
 * per unit).  Falls back on the binary's.
 */
static Dwarf *scratch(struct smk_symbolizer *s)
{
	Dwarf *alt;

	if (s->scratch && s->scratch_rows < SCRATCH_ROWS)
		return s->scratch;
	if (s->scratch)
		dwarf_end(s->scratch);
	s->scratch_rows = 0;
	s->scratch = s->delf ? dwarf_begin_elf(s->delf, DWARF_C_READ, NULL) :
		NULL;
	if (!s->scratch)
		return s->dw;
	/* Strings of a dwz alternate file must outlive the scratch handle:
	 * share the binary's. */
	alt = dwarf_getalt(s->dw);
	if (alt)
		dwarf_setalt(s->scratch, alt);
	return s->scratch;
}

/* ------------------------------------------------------------ unit index */

static int cmp_urange_lo(const void *a, const void *b)
{
	const struct urange *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->unit < y->unit ? -1 : x->unit > y->unit;
}

static bool add_range(struct smk_symbolizer *s, size_t *cap, uint64_t lo,
		      uint64_t hi, Dwarf_Off cu)
{
	if (lo >= hi)
		return true;
	if (!reserve(&s->ranges, cap, s->nranges + 1, sizeof(*s->ranges)))
		return false;
	s->ranges[s->nranges++] = (struct urange){ .lo = lo, .hi = hi,
						   .cu = cu };
	return true;
}

static bool sorted_has(const uint64_t *v, size_t n, uint64_t x)
{
	size_t k = lower_bound(v, n, x);

	return k < n && v[k] == x;
}

/* Number the new ranges' units (appended), then sort all ranges. */
static struct smk_error *number_units(struct smk_symbolizer *s, size_t first)
{
	uint64_t *cus = NULL, *known = NULL;
	size_t i, u, nknown = s->nunits, n = s->nranges - first;
	struct unit *units;

	if (!n)
		return NULL;
	cus = malloc(n * sizeof(*cus));
	known = malloc((nknown ? nknown : 1) * sizeof(*known));
	if (!cus || !known)
		goto nomem;
	for (i = 0; i < nknown; i++)
		known[i] = s->units[i].cu;
	qsort(known, nknown, sizeof(*known), cmp_u64);
	for (i = 0; i < n; i++)
		cus[i] = s->ranges[first + i].cu;
	qsort(cus, n, sizeof(*cus), cmp_u64);
	for (i = u = 0; i < n; i++)
		if ((!u || cus[u - 1] != cus[i]) &&
		    !sorted_has(known, nknown, cus[i]))
			cus[u++] = cus[i];
	units = realloc(s->units, (nknown + u) * sizeof(*units));
	if (!units)
		goto nomem;
	s->units = units;
	memset(units + nknown, 0, u * sizeof(*units));
	for (i = 0; i < u; i++)
		units[nknown + i].cu = cus[i];
	s->nunits = nknown + u;
	for (i = first; i < s->nranges; i++)
		s->ranges[i].unit = nknown + lower_bound(cus, u,
							 s->ranges[i].cu);
	free(cus);
	free(known);
	qsort(s->ranges, s->nranges, sizeof(*s->ranges), cmp_urange_lo);
	for (i = 0; i < s->nranges; i++) {
		uint64_t prev = i ? s->ranges[i - 1].maxhi : 0;

		s->ranges[i].maxhi = s->ranges[i].hi > prev ?
			s->ranges[i].hi : prev;
	}
	return NULL;
nomem:
	free(cus);
	free(known);
	return &smk_error_nomem;
}

/* Which unit holds which addresses, as .debug_aranges says. */
static struct smk_error *index_aranges(struct smk_symbolizer *s)
{
	Dwarf_Aranges *ar;
	size_t n = 0, i;

	if (dwarf_getaranges(s->dw, &ar, &n) != 0)
		n = 0;
	for (i = 0; i < n; i++) {
		Dwarf_Addr a;
		Dwarf_Word len;
		Dwarf_Off off;

		if (dwarf_getarangeinfo(dwarf_onearange(ar, i), &a, &len,
					&off))
			continue;
		if (!add_range(s, &s->capranges, a,
			       a + len < a ? UINT64_MAX : a + len, off))
			return &smk_error_nomem;
	}
	return number_units(s, 0);
}

/*
 * The ranges of every CU that .debug_aranges does not list (clang writes
 * none, and programs mix objects from both compilers).  Done when an
 * address is in no listed unit, not up front: it reads a page of every
 * unit, 2,000 of them in a vmlinux, where .debug_aranges is complete.
 */
static struct smk_error *index_unlisted(struct smk_symbolizer *s)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	uint64_t *known;
	size_t first = s->nranges, i;
	uint8_t unit_type;

	s->scanned = true;
	known = malloc((s->nunits ? s->nunits : 1) * sizeof(*known));
	if (!known)
		return &smk_error_nomem;
	for (i = 0; i < s->nunits; i++)
		known[i] = s->units[i].cu;
	qsort(known, s->nunits, sizeof(*known), cmp_u64);
	while (dwarf_get_units(s->dw, cu, &cu, NULL, &unit_type, &cudie,
			       NULL) == 0) {
		Dwarf_Addr base, lo, hi;
		Dwarf_Off off = dwarf_dieoffset(&cudie);
		ptrdiff_t r = 0;

		if ((unit_type != DW_UT_compile &&
		     unit_type != DW_UT_skeleton) ||
		    sorted_has(known, s->nunits, off))
			continue;
		while ((r = dwarf_ranges(&cudie, r, &base, &lo, &hi)) > 0)
			if (!add_range(s, &s->capranges, lo, hi, off)) {
				free(known);
				return &smk_error_nomem;
			}
	}
	free(known);
	return number_units(s, first);
}

/* The unit holding DWARF address @a, or NULL. */
static struct unit *find_unit_in(struct smk_symbolizer *s, uint64_t a)
{
	size_t lo = 0, hi = s->nranges, k;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->ranges[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Overlapping ranges: the lowest-starting one that holds @a. */
	for (k = lo; k > 0 && s->ranges[k - 1].maxhi > a; k--)
		;
	for (; k < lo; k++)
		if (a < s->ranges[k].hi)
			return &s->units[s->ranges[k].unit];
	return NULL;
}

static struct smk_error *find_unit(struct smk_symbolizer *s, uint64_t a,
				   struct unit **ret)
{
	struct smk_error *err;

	*ret = find_unit_in(s, a);
	if (*ret || s->scanned)
		return NULL;
	err = index_unlisted(s);
	if (err)
		return err;
	*ret = find_unit_in(s, a);
	return NULL;
}

/* ---------------------------------------------------------- unit: lines */

/* A unit's file table: libdw's (dwf), or read by locview.c (lf). */
struct ftab {
	Dwarf_Files *dwf;
	struct smk_line_files lf;
};

/*
 * File @i of the unit, interned on first use.  A relative name gets the
 * unit's DW_AT_comp_dir in front, as eu-addr2line (-A, its default) and
 * GNU addr2line print it.
 */
static const char *unit_file(struct smk_symbolizer *s, struct unit *u,
			     const struct ftab *ft, const char *comp_dir,
			     size_t i, bool *nomem)
{
	const char *name;
	char *full = NULL, *dirname = NULL;

	if (i >= u->nfiles)
		return NULL;
	if (u->files[i])
		return u->files[i];
	if (ft->dwf) {
		name = dwarf_filesrc(ft->dwf, i, NULL, NULL);
	} else {
		/* As libdw composes it: an absolute name stays, a relative
		 * one goes under its directory when there is one. */
		const char *dir = ft->lf.dir_of[i] == UINT64_MAX ? NULL :
			ft->lf.dirs[ft->lf.dir_of[i]];

		name = ft->lf.names[i];
		if (name && name[0] != '/' && dir) {
			if (asprintf(&dirname, "%s/%s", dir, name) < 0) {
				*nomem = true;
				return NULL;
			}
			name = dirname;
		}
	}
	if (!name)
		return NULL;
	if (name[0] != '/' && comp_dir) {
		if (asprintf(&full, "%s/%s", comp_dir, name) < 0) {
			free(dirname);
			*nomem = true;
			return NULL;
		}
		name = full;
	}
	u->files[i] = intern(&s->strs, name);
	free(full);
	free(dirname);
	if (!u->files[i])
		*nomem = true;
	return u->files[i];
}

static uint32_t row_disc(const struct unit *u, size_t row)
{
	size_t lo = 0, hi = u->ndiscs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (u->discs[mid].row < row)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < u->ndiscs && u->discs[lo].row == row ?
		u->discs[lo].value : 0;
}

/* One row as a line program gives it, before libdw's order is applied. */
struct prow {
	uint64_t addr;
	uint32_t line, file, disc, seq;
	uint16_t column;
	bool end;
};

/* libdw's order (dwarf_getsrclines()): by address, an end of sequence
 * before the other rows at its address, then program order. */
static int cmp_prow(const void *a, const void *b)
{
	const struct prow *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->end != y->end)
		return x->end ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct gather {
	struct smk_symbolizer *s;
	bool nomem;
};

static bool gather_row(void *arg, const struct smk_line_row *r)
{
	struct gather *g = arg;
	struct smk_symbolizer *s = g->s;
	struct prow *p;

	if (!reserve(&s->prows, &s->capprows, s->nprows + 1,
		     sizeof(*s->prows))) {
		g->nomem = true;
		return false;
	}
	p = &s->prows[s->nprows];
	p->addr = r->addr;
	p->line = r->line;
	p->file = r->file;
	p->disc = r->disc;
	p->column = (int)r->column < 0 ? 0 : r->column > 0xffff ? 0xffff :
		r->column;
	p->end = r->end;
	p->seq = (uint32_t)s->nprows++;
	return true;
}

static bool read_sections(struct smk_symbolizer *s, Dwarf *dw)
{
	if (!s->sections_read) {
		s->sections_read = true;
		if (!smk_dwarf_section(dw, ".debug_line", &s->line,
				       &s->line_size))
			s->line = NULL;
		if (!smk_dwarf_section(dw, ".debug_line_str",
				       &s->line_strs.line_str,
				       &s->line_strs.line_str_size))
			s->line_strs.line_str = NULL;
		if (!smk_dwarf_section(dw, ".debug_str", &s->line_strs.str,
				       &s->line_strs.str_size))
			s->line_strs.str = NULL;
	}
	return s->line != NULL;
}

/*
 * The unit's rows into s->prows, in program order, and its file table,
 * read from .debug_line ourselves: libdw's dwarf_getsrclines() allocates
 * every row, sorts them all and composes every file name, about four
 * times our cost, and keeps it all until dwarf_end().  false (and
 * nothing kept) when our reader cannot follow the program: libdw then
 * reads it.
 */
static bool read_program(struct smk_symbolizer *s, Dwarf_Die *cu,
			 const char *comp_dir, struct ftab *ft, bool *nomem)
{
	struct gather g = { .s = s };
	struct smk_error *err;
	Dwarf_Attribute a;
	Dwarf_Word off;
	uint8_t asize = 8, osize;
	Dwarf_Die cudie;

	s->nprows = 0;
	if (s->libdw_lines ||
	    !read_sections(s, dwarf_cu_getdwarf(cu->cu)) ||
	    dwarf_formudata(dwarf_attr(cu, DW_AT_stmt_list, &a), &off) != 0)
		return false;
	if (!dwarf_diecu(cu, &cudie, &asize, &osize))
		asize = 8;
	err = smk_line_program_files(s->line, s->line_size, off, asize,
				     &s->line_strs, comp_dir, ".debug_line",
				     &ft->lf);
	if (err) {
		*nomem = err == &smk_error_nomem;
		smk_error_destroy(err);
		return false;
	}
	err = smk_line_program_walk(s->line, s->line_size, off, asize,
				    ".debug_line", gather_row, &g);
	if (err || g.nomem) {
		*nomem = g.nomem || err == &smk_error_nomem;
		smk_error_destroy(err);
		smk_line_files_free(&ft->lf);
		s->nprows = 0;
		return false;
	}
	return true;
}

/* The same rows from libdw (already in its order). */
static bool read_libdw(struct smk_symbolizer *s, Dwarf_Die *cu,
		       struct ftab *ft, size_t *nfiles)
{
	Dwarf_Lines *lines;
	size_t n, i;

	s->nprows = 0;
	if (dwarf_getsrcfiles(cu, &ft->dwf, nfiles) != 0) {
		ft->dwf = NULL;
		return true;
	}
	if (dwarf_getsrclines(cu, &lines, &n) != 0 || !n)
		return true;
	if (!reserve(&s->prows, &s->capprows, n, sizeof(*s->prows)))
		return false;
	for (i = 0; i < n; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		struct prow *p = &s->prows[s->nprows];
		unsigned int disc = 0;
		Dwarf_Files *lf;
		Dwarf_Addr addr;
		bool end = true;
		int lineno = 0, col = 0;
		size_t fidx;

		if (!l || dwarf_lineaddr(l, &addr) != 0)
			continue;
		dwarf_lineendsequence(l, &end);
		memset(p, 0, sizeof(*p));
		p->addr = addr;
		p->end = end;
		p->seq = (uint32_t)s->nprows++;
		if (end)
			continue;
		dwarf_lineno(l, &lineno);
		dwarf_linecol(l, &col);
		dwarf_linediscriminator(l, &disc);
		p->line = lineno > 0 ? lineno : 0;
		p->column = col < 0 ? 0 : col > 0xffff ? 0xffff : col;
		p->disc = disc;
		p->file = UINT32_MAX;
		if (dwarf_line_file(l, &lf, &fidx) == 0 && lf == ft->dwf &&
		    fidx < FILE_NONE)
			p->file = fidx;
	}
	return true;
}

static int cmp_seqrun_rows(const void *a, const void *b, void *rows)
{
	const struct seqrun *x = a, *y = b;
	const struct prow *p = rows;

	return cmp_prow(&p[x->first], &p[y->first]);
}

/*
 * Put s->prows in libdw's order.  A unit's sequences (.text, .init.text,
 * .text.unlikely...) are each in order already but not in order of each
 * other: sort the sequences by their first row and lay them end to end
 * (into s->prows2, then swapped), then let an insertion pass put right
 * what is left (a sequence's end at the address of its last row goes
 * before it); only when that pass would move too much, sort every row.
 * The order is total (program order breaks ties), so the result is the
 * one a sort of all rows gives.
 */
static bool order_rows(struct smk_symbolizer *s)
{
	struct prow *p = s->prows, *out, tmp;
	size_t n = s->nprows, nruns = 0, i, j, start = 0, k, moves = 0;
	struct seqrun *runs;

	for (i = 1; i < n; i++)
		if (cmp_prow(&p[i - 1], &p[i]) > 0)
			break;
	if (i >= n)
		return true;
	for (i = 0; i < n; i++) {
		if (!p[i].end && i + 1 < n)
			continue;
		if (!reserve(&s->runs, &s->capruns, nruns + 1,
			     sizeof(*s->runs)))
			return false;
		s->runs[nruns++] = (struct seqrun){ start, i + 1 - start };
		start = i + 1;
	}
	runs = s->runs;
	qsort_r(runs, nruns, sizeof(*runs), cmp_seqrun_rows, p);
	if (!reserve(&s->prows2, &s->capprows2, n, sizeof(*s->prows2)))
		return false;
	out = s->prows2;
	for (i = k = 0; i < nruns; i++) {
		memcpy(out + k, p + runs[i].first, runs[i].n * sizeof(*out));
		k += runs[i].n;
	}
	for (i = 1; i < n && moves <= n; i++) {
		if (cmp_prow(&out[i - 1], &out[i]) <= 0)
			continue;
		tmp = out[i];
		for (j = i; j > 0 && cmp_prow(&out[j - 1], &tmp) > 0; j--)
			out[j] = out[j - 1];
		out[j] = tmp;
		moves += i - j;
	}
	if (moves > n)
		qsort(out, n, sizeof(*out), cmp_prow);
	s->prows2 = p;
	s->prows = out;
	k = s->capprows;
	s->capprows = s->capprows2;
	s->capprows2 = k;
	return true;
}

/* Copy the unit's line table (see the top of the file for what is left
 * out); its file table into *@ft. */
static bool read_lines(struct smk_symbolizer *s, struct unit *u,
		       Dwarf_Die *cu, const char *comp_dir, struct ftab *ft)
{
	size_t n, nfiles = 0, i, capd = 0;
	bool nomem = false, ours;

	memset(ft, 0, sizeof(*ft));
	ours = read_program(s, cu, comp_dir, ft, &nomem);
	if (nomem)
		return false;
	if (ours) {
		nfiles = ft->lf.nfiles;
		if (!order_rows(s))
			return false;
	} else {
		/* libdw keeps what it reads until dwarf_end(): read through
		 * the scratch handle, recycled as it fills. */
		Dwarf *sd = scratch(s);
		Dwarf_Die scu;

		if (sd && sd != dwarf_cu_getdwarf(cu->cu) &&
		    dwarf_offdie(sd, u->cu, &scu))
			cu = &scu;
		if (!read_libdw(s, cu, ft, &nfiles))
			return false;
	}
	u->files = calloc(nfiles ? nfiles : 1, sizeof(*u->files));
	if (!u->files)
		return false;
	u->nfiles = nfiles;
	n = s->nprows;
	/* libdw's memory of the unit (its abbreviations, and its lines on
	 * the reference path) goes with the scratch handle. */
	s->scratch_rows += n;
	if (!n)
		return true;
	if (!reserve(&s->trows, &s->captrows, n, sizeof(*s->trows)))
		return false;
	u->rows = s->trows;
	for (i = 0; i < n && !nomem; i++) {
		const struct prow *p = &s->prows[i];
		struct row r = { .addr = p->addr, .file = FILE_END };
		size_t k = u->nrows;

		if (!p->end) {
			r.line = (int)p->line > 0 ? p->line : 0;
			r.column = p->column;
			r.file = FILE_NONE;
			if (p->file < nfiles && p->file < FILE_NONE &&
			    unit_file(s, u, ft, comp_dir, p->file, &nomem))
				r.file = p->file;
		}
		/* Only the last row at an address is ever found. */
		if (k && u->rows[k - 1].addr == r.addr) {
			k--;
			if (u->ndiscs && u->discs[u->ndiscs - 1].row == k)
				u->ndiscs--;
		}
		/* A row equal to the one before adds nothing. */
		if (k && r.file != FILE_END && u->rows[k - 1].file == r.file &&
		    u->rows[k - 1].line == r.line &&
		    u->rows[k - 1].column == r.column &&
		    row_disc(u, k - 1) == p->disc) {
			u->nrows = k;
			continue;
		}
		u->rows[k] = r;
		u->nrows = k + 1;
		if (p->disc && r.file != FILE_END) {
			if (!reserve(&u->discs, &capd, u->ndiscs + 1,
				     sizeof(*u->discs)))
				return false;
			u->discs[u->ndiscs++] = (struct disc){ k, p->disc };
		}
	}
	return !nomem;
}

/* The row holding DWARF address @a (index), or -1. */
static ptrdiff_t find_row(const struct unit *u, uint64_t a)
{
	size_t lo = 0, hi = u->nrows;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (u->rows[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || u->rows[lo - 1].file == FILE_END)
		return -1;
	return lo - 1;
}

/* --------------------------------------------------------- unit: scopes */

/* Scratch state of one unit's DIE walk. */
struct walk {
	struct smk_symbolizer *s;
	struct unit *u;
	Dwarf *dw;
	const struct ftab *files;
	const char *comp_dir;
	/* every scope with code, in DIE preorder */
	struct wnode {
		uint32_t parent;	/* wnode index, or no_scope */
		uint32_t fn;		/* innermost function-like scope
					 * (self or ancestor), or no_scope */
	} *nodes;
	size_t nnodes, capnodes;
	struct wrange {
		uint64_t lo, hi;
		uint32_t node;
	} *ranges;
	size_t nranges, capranges;
	size_t capscopes, capsubs;
	unsigned int imports;
	bool nomem;
};

static bool has_code_tag(int tag)
{
	switch (tag) {
	case DW_TAG_subprogram:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_lexical_block:
	case DW_TAG_entry_point:
	case DW_TAG_with_stmt:
	case DW_TAG_catch_block:
	case DW_TAG_try_block:
	case DW_TAG_module:
		return true;
	}
	return false;
}

static uint32_t attr_udata(Dwarf_Die *die, unsigned int name)
{
	Dwarf_Attribute a;
	Dwarf_Word v;

	if (dwarf_formudata(dwarf_attr(die, name, &a), &v) != 0)
		return 0;
	return v > UINT32_MAX ? UINT32_MAX : v;
}

/* What a scope keeps of its DIE, from libdw or from dieread.c. */
struct dinfo {
	Dwarf_Off off;
	bool has_call_file, has_entry;
	uint32_t call_file, call_line, call_column;
	uint64_t entry;		/* dwarf_entrypc(), else dwarf_lowpc() */
	const char *name;	/* set: named now (a dwz alternate's DIE) */
};

static uint32_t clamp32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Add the function-like scope of DIE @di; its index. */
static uint32_t add_scope(struct walk *w, const struct dinfo *di, int tag,
			  uint32_t parent, size_t first_range)
{
	struct unit *u = w->u;
	struct scope *sc;

	if (!reserve(&u->scopes, &w->capscopes, u->nscopes + 1,
		     sizeof(*u->scopes))) {
		w->nomem = true;
		return no_scope;
	}
	sc = &u->scopes[u->nscopes];
	memset(sc, 0, sizeof(*sc));
	sc->die = di->off;
	sc->parent = parent;
	if (tag == DW_TAG_inlined_subroutine) {
		uint32_t col = di->call_column;

		sc->kind = SCOPE_INLINED;
		/* No DW_AT_call_file: no file (not the unit's file 0). */
		sc->call.file = di->has_call_file ? di->call_file : UINT32_MAX;
		sc->call.line = di->call_line;
		sc->call_column = col > 0xffff ? 0xffff : col;
		/* The file table goes with the scratch handle: intern the
		 * name now. */
		unit_file(w->s, u, w->files, w->comp_dir, sc->call.file,
			  &w->nomem);
	} else {
		struct sub *sb;
		uint64_t e;
		size_t i;

		sc->kind = SCOPE_SUBPROGRAM;
		if (!reserve(&u->subs, &w->capsubs, u->nsubs + 1,
			     sizeof(*u->subs))) {
			w->nomem = true;
			return no_scope;
		}
		sc->sub = u->nsubs;
		sb = &u->subs[u->nsubs++];
		e = di->has_entry ? di->entry : w->ranges[first_range].lo;
		sb->entry = e;
		sb->part_lo = w->ranges[first_range].lo;
		sb->part_hi = w->ranges[first_range].hi;
		for (i = first_range; i < w->nranges; i++)
			if (e >= w->ranges[i].lo && e < w->ranges[i].hi) {
				sb->part_lo = w->ranges[i].lo;
				sb->part_hi = w->ranges[i].hi;
				break;
			}
	}
	if (di->name) {
		sc->name = di->name;
		sc->flags |= NAME_DONE;
	}
	return u->nscopes++;
}

static void libdw_info(struct walk *w, Dwarf_Die *die, int tag,
		       struct dinfo *di)
{
	Dwarf_Addr e;

	memset(di, 0, sizeof(*di));
	di->off = dwarf_dieoffset(die);
	if (tag == DW_TAG_inlined_subroutine) {
		di->has_call_file = dwarf_hasattr(die, DW_AT_call_file);
		di->call_file = attr_udata(die, DW_AT_call_file);
		di->call_line = attr_udata(die, DW_AT_call_line);
		di->call_column = attr_udata(die, DW_AT_call_column);
	} else if (dwarf_entrypc(die, &e) == 0 || dwarf_lowpc(die, &e) == 0) {
		di->has_entry = true;
		di->entry = e;
	}
	/* A DIE of another file (dwz's alternate) is named now: offsets
	 * are looked up in the main file later. */
	if (dwarf_cu_getdwarf(die->cu) != w->dw)
		di->name = die_name(die);
}

/* A scope with code at wnode @node: link it in; false without memory. */
static bool add_node(struct walk *w, uint32_t pnode, size_t first,
		     uint32_t *nodep)
{
	uint32_t node;
	size_t i;

	if (!reserve(&w->nodes, &w->capnodes, w->nnodes + 1,
		     sizeof(*w->nodes))) {
		w->nomem = true;
		return false;
	}
	node = w->nnodes++;
	for (i = first; i < w->nranges; i++)
		w->ranges[i].node = node;
	w->nodes[node].parent = pnode;
	w->nodes[node].fn = pnode == no_scope ? no_scope :
		w->nodes[pnode].fn;
	*nodep = node;
	return true;
}

static bool add_wrange(void *arg, uint64_t lo, uint64_t hi)
{
	struct walk *w = arg;

	if (lo >= hi)
		return true;
	if (!reserve(&w->ranges, &w->capranges, w->nranges + 1,
		     sizeof(*w->ranges))) {
		w->nomem = true;
		return false;
	}
	w->ranges[w->nranges++] = (struct wrange){ lo, hi, 0 };
	return true;
}

/*
 * The children of @parent with code, and theirs, in DIE order (as
 * dwarf_getscopes() visits them: only DIEs with code are entered, and an
 * imported unit's children stand in place of the import).
 */
static void walk_scopes(struct walk *w, Dwarf_Die *parent, uint32_t pnode,
			unsigned int depth)
{
	Dwarf_Die child;

	if (depth > MAX_DEPTH || dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		Dwarf_Addr base, lo, hi;
		ptrdiff_t off = 0;
		size_t first = w->nranges;
		uint32_t node;

		if (w->nomem)
			return;
		if (tag == DW_TAG_imported_unit) {
			Dwarf_Attribute a;
			Dwarf_Die pu;

			if (w->imports < MAX_IMPORTS &&
			    dwarf_formref_die(dwarf_attr(&child, DW_AT_import,
							 &a), &pu)) {
				w->imports++;
				walk_scopes(w, &pu, pnode, depth + 1);
				w->imports--;
			}
			continue;
		}
		if (!has_code_tag(tag))
			continue;
		while ((off = dwarf_ranges(&child, off, &base, &lo, &hi)) > 0)
			if (!add_wrange(w, lo, hi))
				return;
		if (w->nranges == first)
			continue;	/* no code: never entered */
		if (!add_node(w, pnode, first, &node))
			return;
		if (tag == DW_TAG_subprogram || tag == DW_TAG_entry_point ||
		    tag == DW_TAG_inlined_subroutine) {
			struct dinfo di;

			libdw_info(w, &child, tag, &di);
			w->nodes[node].fn = add_scope(w, &di, tag,
						      w->nodes[node].fn, first);
		}
		if (dwarf_haschildren(&child))
			walk_scopes(w, &child, node, depth + 1);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * The same walk through dieread.c; false when it cannot be done there
 * (r->err says why: an imported unit, a form it leaves to libdw) or
 * without memory (w->nomem).
 */
static bool walk_fast(struct walk *w, struct smk_unit_reader *r,
		      const struct smk_rdie *parent, uint32_t pnode,
		      unsigned int depth)
{
	struct smk_rdie child;
	bool more;

	if (depth > MAX_DEPTH)
		return true;
	for (more = parent ? smk_rdie_child(r, parent, &child) :
		     smk_rdie_first(r, &child); more;
	     more = smk_rdie_sibling(r, &child, &child)) {
		int tag = (int)child.tag;
		size_t first = w->nranges;
		uint32_t node;

		if (tag == DW_TAG_imported_unit)
			return false;
		if (!has_code_tag(tag))
			continue;
		if (!smk_rdie_ranges(r, &child, add_wrange, w))
			return false;
		if (w->nranges == first)
			continue;
		if (!add_node(w, pnode, first, &node))
			return false;
		if (tag == DW_TAG_subprogram || tag == DW_TAG_entry_point ||
		    tag == DW_TAG_inlined_subroutine) {
			struct dinfo di = { .off = child.off };
			uint64_t v;

			if (tag == DW_TAG_inlined_subroutine) {
				di.has_call_file = smk_rdie_has(r, &child,
							DW_AT_call_file);
				if (smk_rdie_udata(r, &child, DW_AT_call_file,
						   &v))
					di.call_file = clamp32(v);
				if (smk_rdie_udata(r, &child, DW_AT_call_line,
						   &v))
					di.call_line = clamp32(v);
				if (smk_rdie_udata(r, &child,
						   DW_AT_call_column, &v))
					di.call_column = clamp32(v);
			} else if (smk_rdie_addr(r, &child, DW_AT_entry_pc,
						 &v) ||
				   smk_rdie_addr(r, &child, DW_AT_low_pc,
						 &v)) {
				di.has_entry = true;
				di.entry = v;
			}
			if (r->err)
				return false;
			w->nodes[node].fn = add_scope(w, &di, tag,
						      w->nodes[node].fn, first);
			if (w->nomem)
				return false;
		}
		if (child.children &&
		    !walk_fast(w, r, &child, node, depth + 1))
			return false;
	}
	return !r->err && !w->nomem;
}

/* Paint the walked scopes onto the addresses; see the top of the file. */
static bool paint(struct walk *w)
{
	struct smk_symbolizer *s = w->s;
	struct unit *u = w->u;
	uint64_t *b;
	uint32_t *owner;
	size_t nb, i, k;

	if (!w->nranges)
		return true;
	if (!reserve(&s->pbounds, &s->capbounds, 4 * w->nranges,
		     sizeof(*s->pbounds)) ||
	    !reserve(&s->powner, &s->capowner, 2 * w->nranges,
		     sizeof(*s->powner)))
		return false;
	b = s->pbounds;
	owner = s->powner;
	for (i = 0; i < w->nranges; i++) {
		b[2 * i] = w->ranges[i].lo;
		b[2 * i + 1] = w->ranges[i].hi;
	}
	sort_u64(b, b + 2 * w->nranges, 2 * w->nranges);
	for (i = nb = 0; i < 2 * w->nranges; i++)
		if (!nb || b[nb - 1] != b[i])
			b[nb++] = b[i];
	/* Interval k is [b[k], b[k + 1]), k < nb - 1. */
	for (k = 0; k < nb; k++)
		owner[k] = no_scope;
	for (i = 0; i < w->nranges; i++) {
		const struct wrange *r = &w->ranges[i];
		uint32_t parent = w->nodes[r->node].parent;
		size_t k1 = lower_bound(b, nb, r->hi);

		for (k = lower_bound(b, nb, r->lo); k < k1; k++)
			if (owner[k] == parent)
				owner[k] = r->node;
	}
	for (k = 0; k + 1 < nb; k++) {
		uint32_t fn = owner[k] == no_scope ? no_scope :
			w->nodes[owner[k]].fn;
		uint64_t lo = b[k];
		struct span *prev = u->nspans ? &u->spans[u->nspans - 1] :
			NULL;

		if (fn == no_scope)
			continue;
		if (prev && prev->scope == fn && prev->lo + prev->len == lo &&
		    b[k + 1] - prev->lo <= UINT32_MAX) {
			prev->len = b[k + 1] - prev->lo;
			continue;
		}
		/*
		 * One span per interval: no function's code is 4 GiB, so a
		 * longer one is broken DWARF (a DW_AT_high_pc near 2^64), and
		 * cutting it in 4 GiB pieces made up to 2^32 spans (a 2 GiB
		 * realloc from a 10 KiB file, fuzz-addr2line).  Its first
		 * 4 GiB stand for it.
		 */
		if (!reserve(&u->spans, &s->captspans, u->nspans + 1,
			     sizeof(*u->spans)))
			return false;
		u->spans[u->nspans++] = (struct span){
			lo, b[k + 1] - lo > UINT32_MAX ? UINT32_MAX :
			    (uint32_t)(b[k + 1] - lo), fn };
	}
	return true;
}

/* The unit's scopes: through dieread.c, else (or on the reference path)
 * through libdw. */
static void walk_unit(struct walk *w, Dwarf_Die *cu)
{
	struct smk_symbolizer *s = w->s;
	struct smk_unit_reader *r = &s->reader;
	struct smk_error *err;
	bool done;

	if (!s->libdw_lines) {
		err = smk_unit_reader_open(w->dw, cu, &s->dsecs, r);
		if (err) {
			w->nomem = err == &smk_error_nomem;
			smk_error_destroy(err);
			if (w->nomem)
				return;
		} else {
			done = walk_fast(w, r, NULL, no_scope, 0);
			w->nomem = w->nomem ||
				(r->err && r->err->code == SMK_ERROR_NOMEM);
			smk_unit_reader_done(r);
			if (done || w->nomem)
				return;
			/* Start again with libdw. */
			w->nnodes = w->nranges = 0;
			w->u->nscopes = w->u->nsubs = 0;
		}
	}
	walk_scopes(w, cu, no_scope, 0);
}

/* Move what build_unit() made in the scratch arrays into the arena. */
static bool keep_unit(struct smk_symbolizer *s, struct unit *u, bool ok)
{
	/* The scratch arrays may have moved while growing. */
	if (u->rows)
		s->trows = u->rows;
	if (u->scopes)
		s->tscopes = u->scopes;
	if (u->subs)
		s->tsubs = u->subs;
	if (u->spans)
		s->tspans = u->spans;
	if (ok) {
		struct row *rows = arena_copy(s, u->rows,
					      u->nrows * sizeof(*u->rows));
		struct scope *sc = arena_copy(s, u->scopes,
					      u->nscopes * sizeof(*sc));
		struct sub *sb = arena_copy(s, u->subs,
					    u->nsubs * sizeof(*sb));
		struct span *sp = arena_copy(s, u->spans,
					     u->nspans * sizeof(*sp));

		ok = (rows || !u->nrows) && (sc || !u->nscopes) &&
			(sb || !u->nsubs) && (sp || !u->nspans);
		u->rows = rows;
		u->scopes = sc;
		u->subs = sb;
		u->spans = sp;
	}
	if (!ok) {
		u->rows = NULL;
		u->scopes = NULL;
		u->subs = NULL;
		u->spans = NULL;
		u->nrows = u->nscopes = u->nsubs = u->nspans = 0;
	}
	return ok;
}

/* ------------------------------------------------- unit: the index cache */

/*
 * A unit's index as the cache keeps it (symcache.h): a header of counts,
 * then the arrays as they are in memory, each 8-byte aligned, and the
 * strings the unit's files and scope names point to.
 *
 *	struct blob_header
 *	struct row	rows[nrows]
 *	struct span	spans[nspans]
 *	struct sub	subs[nsubs]
 *	struct scope	scopes[nscopes]   (.name: offset in strings + 1, or 0)
 *	struct disc	discs[ndiscs]
 *	uint32_t	files[nfiles]     (offset in strings, or UINT32_MAX)
 *	char		strings[nstr]     (NUL-terminated, padded to 8)
 *
 * A blob is read straight into the arena and used where it lies, after its
 * checksum (symcache.c) and every index in it have been checked: a damaged
 * file is a unit built from DWARF, never a changed answer, and not even a
 * file written to mislead (right checksums) makes a lookup read out of
 * bounds or loop.
 */
struct blob_header {
	uint32_t nrows, nspans, nsubs, nscopes, ndiscs, nfiles, nstr, zero;
};

/* The layout word of the cache key: these structures' sizes, and the code
 * that builds the indexes (SMK_INDEX_STAMP, from the Makefile). */
#ifndef SMK_INDEX_STAMP
#define SMK_INDEX_STAMP 0
#endif
static uint64_t blob_layout(void)
{
	return ((uint64_t)SMK_INDEX_STAMP << 32) ^
		(sizeof(struct row) | sizeof(struct span) << 6 |
		 sizeof(struct sub) << 12 | sizeof(struct scope) << 18 |
		 sizeof(struct disc) << 24 | sizeof(void *) << 28);
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* Offsets of the parts of a blob of header @h, and its size. */
struct blob_parts {
	size_t rows, spans, subs, scopes, discs, files, str, size;
};

static struct blob_parts blob_parts(const struct blob_header *h)
{
	struct blob_parts p;

	p.rows = sizeof(*h);
	p.spans = p.rows + align8((size_t)h->nrows * sizeof(struct row));
	p.subs = p.spans + align8((size_t)h->nspans * sizeof(struct span));
	p.scopes = p.subs + align8((size_t)h->nsubs * sizeof(struct sub));
	p.discs = p.scopes +
		align8((size_t)h->nscopes * sizeof(struct scope));
	p.files = p.discs + align8((size_t)h->ndiscs * sizeof(struct disc));
	p.str = p.files + align8((size_t)h->nfiles * sizeof(uint32_t));
	p.size = p.str + align8(h->nstr);
	return p;
}

/* load_unit()'s "not from the cache" (never returned further). */
static struct smk_error smk_no_blob = { SMK_ERROR_NOT_FOUND,
					(char *)"no usable blob" };

/* Back to not built (what a unit holds outside the arena freed). */
static void unit_clear(struct unit *u)
{
	free(u->files);
	free(u->discs);
	*u = (struct unit){ .cu = u->cu, .built = u->built };
}

/* Is a string at @off of @str (@n bytes) inside it? */
static bool blob_str(const char *str, size_t n, uint64_t off)
{
	return off < n && memchr(str + off, 0, n - off);
}

/*
 * Unit @u from the cache: NULL when read, &smk_no_blob when the cache has
 * no usable blob for it (none, or one that fails a check: then the unit is
 * built from DWARF), &smk_error_nomem.
 */
static struct smk_error *load_unit(struct smk_symbolizer *s, struct unit *u)
{
	struct blob_header h;
	struct blob_parts p;
	struct scope *sc;
	struct disc *d;
	uint32_t *files;
	struct arena_mark m = arena_mark(s);
	const void *handle;
	char *blob, *str;
	size_t len, i;

	len = smk_index_find(s->cache, u->cu, &handle);
	if (len < sizeof(h))
		return &smk_no_blob;
	blob = arena_alloc(s, len);
	if (!blob)
		return &smk_error_nomem;
	if (!smk_index_read(s->cache, handle, blob))
		goto bad;
	memcpy(&h, blob, sizeof(h));
	if ((uint64_t)h.nrows + h.nspans + h.nsubs + h.nscopes + h.ndiscs +
	    h.nfiles + h.nstr > len || h.zero)
		goto bad;
	p = blob_parts(&h);
	if (p.size != len)
		goto bad;
	str = blob + p.str;
	if (h.nstr && str[h.nstr - 1])
		goto bad;
	u->rows = (struct row *)(blob + p.rows);
	u->spans = (struct span *)(blob + p.spans);
	u->subs = (struct sub *)(blob + p.subs);
	sc = (struct scope *)(blob + p.scopes);
	d = (struct disc *)(blob + p.discs);
	files = (uint32_t *)(blob + p.files);
	/* Every index the lookups follow, checked. */
	for (i = 0; i < h.nrows; i++)
		if ((i && u->rows[i].addr < u->rows[i - 1].addr) ||
		    (u->rows[i].file >= h.nfiles &&
		     u->rows[i].file < FILE_NONE))
			goto bad;
	for (i = 0; i < h.nspans; i++)
		if ((i && u->spans[i].lo < u->spans[i - 1].lo) ||
		    u->spans[i].scope >= h.nscopes)
			goto bad;
	for (i = 0; i < h.nscopes; i++) {
		uintptr_t name = (uintptr_t)sc[i].name;

		/* A parent comes before its children (DIE preorder): no
		 * chain can loop. */
		if ((sc[i].parent != no_scope && sc[i].parent >= i) ||
		    (sc[i].kind != SCOPE_SUBPROGRAM &&
		     sc[i].kind != SCOPE_INLINED) ||
		    (sc[i].kind == SCOPE_SUBPROGRAM && sc[i].sub >= h.nsubs) ||
		    (name && !blob_str(str, h.nstr, name - 1)))
			goto bad;
	}
	for (i = 0; i < h.ndiscs; i++)
		if (d[i].row >= h.nrows || (i && d[i].row <= d[i - 1].row))
			goto bad;
	for (i = 0; i < h.nfiles; i++)
		if (files[i] != UINT32_MAX && !blob_str(str, h.nstr, files[i]))
			goto bad;
	u->files = calloc(h.nfiles ? h.nfiles : 1, sizeof(*u->files));
	u->discs = h.ndiscs ? malloc(h.ndiscs * sizeof(*d)) : NULL;
	if (!u->files || (h.ndiscs && !u->discs))
		goto nomem;
	if (h.ndiscs)
		memcpy(u->discs, d, h.ndiscs * sizeof(*d));
	for (i = 0; i < h.nfiles; i++)
		if (files[i] != UINT32_MAX &&
		    !(u->files[i] = intern(&s->strs, str + files[i])))
			goto nomem;
	for (i = 0; i < h.nscopes; i++) {
		uintptr_t name = (uintptr_t)sc[i].name;

		sc[i].name = name ? str + name - 1 : NULL;
		sc[i].flags |= NAME_DONE;
	}
	u->scopes = sc;
	u->nrows = h.nrows;
	u->nspans = h.nspans;
	u->nsubs = h.nsubs;
	u->nscopes = h.nscopes;
	u->ndiscs = h.ndiscs;
	u->nfiles = h.nfiles;
	s->cache_units++;
	return NULL;
nomem:
	unit_clear(u);
	return &smk_error_nomem;
bad:
	unit_clear(u);
	arena_rewind(s, m);
	return &smk_no_blob;
}

static struct smk_error *build_unit(struct smk_symbolizer *s, struct unit *u)
{
	struct walk w = {
		.s = s, .u = u, .nodes = s->wnodes, .capnodes = s->capwnodes,
		.ranges = s->wranges, .capranges = s->capwranges,
		.capscopes = s->captscopes, .capsubs = s->captsubs,
	};
	Dwarf_Attribute a;
	struct ftab ft;
	Dwarf_Die cu;
	bool ok;

	u->built = true;
	if (s->cache) {
		struct smk_error *err = load_unit(s, u);

		if (err != &smk_no_blob)
			return err;
	}
	/* The binary's own handle: what our readers take from libdw (the
	 * unit DIE's attributes, its abbreviations) is what the names
	 * read later through it need anyway. */
	w.dw = s->dw ? s->dw : scratch(s);
	if (!w.dw || !dwarf_offdie(w.dw, u->cu, &cu))
		return NULL;	/* a unit we cannot read: nothing found */
	w.comp_dir = dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &a));
	w.files = &ft;
	u->scopes = s->tscopes;
	u->subs = s->tsubs;
	u->spans = s->tspans;
	ok = read_lines(s, u, &cu, w.comp_dir, &ft);
	if (ok)
		walk_unit(&w, &cu);
	ok = ok && !w.nomem && paint(&w);
	smk_line_files_free(&ft.lf);
	s->wnodes = w.nodes;
	s->capwnodes = w.capnodes;
	s->wranges = w.ranges;
	s->capwranges = w.capranges;
	s->captscopes = w.capscopes;
	s->captsubs = w.capsubs;
	return keep_unit(s, u, ok) ? NULL : &smk_error_nomem;
}

static const char *scope_name(struct smk_symbolizer *s, struct scope *sc);

/* Strings of a blob: each pointer once (names from .debug_str and
 * interned files repeat by pointer). */
struct blob_strs {
	const char **keys;
	uint32_t *offs;
	size_t cap;
	size_t size;
};

static bool blob_str_add(struct blob_strs *t, const char *str, uint32_t *off)
{
	size_t h, mask = t->cap - 1, len;

	if (!str) {
		*off = UINT32_MAX;
		return true;
	}
	h = ((uintptr_t)str >> 3) * 0x9e3779b97f4a7c15ull;
	for (h &= mask; t->keys[h]; h = (h + 1) & mask)
		if (t->keys[h] == str) {
			*off = t->offs[h];
			return true;
		}
	len = strlen(str) + 1;
	if (t->size + len > UINT32_MAX - 1)
		return false;
	t->keys[h] = str;
	t->offs[h] = *off = t->size;
	t->size += len;
	return true;
}

/* Unit @u's blob in *@buf (grown as needed): its length, 0 for lack of
 * memory. */
static size_t unit_blob(struct smk_symbolizer *s, struct unit *u, char **buf,
			size_t *cap)
{
	struct blob_strs t = { 0 };
	struct blob_header h = {
		.nrows = u->nrows, .nspans = u->nspans, .nsubs = u->nsubs,
		.nscopes = u->nscopes, .ndiscs = u->ndiscs,
		.nfiles = u->nfiles,
	};
	struct blob_parts p;
	struct scope *sc;
	uint32_t *files;
	size_t i, len = 0;

	for (t.cap = 16; t.cap < 2 * (u->nscopes + u->nfiles) + 2; )
		t.cap *= 2;
	t.keys = calloc(t.cap, sizeof(*t.keys));
	t.offs = malloc(t.cap * sizeof(*t.offs));
	if (!t.keys || !t.offs)
		goto out;
	for (i = 0; i < u->nscopes; i++)
		scope_name(s, &u->scopes[i]);
	/* Sizes first (the strings' too), then the bytes. */
	for (i = 0; i < u->nfiles; i++) {
		uint32_t off;

		if (!blob_str_add(&t, u->files[i], &off))
			goto out;
	}
	for (i = 0; i < u->nscopes; i++) {
		uint32_t off;

		if (!blob_str_add(&t, u->scopes[i].name, &off))
			goto out;
	}
	h.nstr = t.size;
	p = blob_parts(&h);
	if (!reserve(buf, cap, p.size, 1))
		goto out;
	memset(*buf, 0, p.size);
	memcpy(*buf, &h, sizeof(h));
	/* (An empty part may have no array at all: memcpy() wants one.) */
	if (u->nrows)
		memcpy(*buf + p.rows, u->rows, u->nrows * sizeof(*u->rows));
	if (u->nspans)
		memcpy(*buf + p.spans, u->spans,
		       u->nspans * sizeof(*u->spans));
	if (u->nsubs)
		memcpy(*buf + p.subs, u->subs, u->nsubs * sizeof(*u->subs));
	if (u->ndiscs)
		memcpy(*buf + p.discs, u->discs,
		       u->ndiscs * sizeof(*u->discs));
	sc = (struct scope *)(*buf + p.scopes);
	if (u->nscopes)
		memcpy(sc, u->scopes, u->nscopes * sizeof(*sc));
	files = (uint32_t *)(*buf + p.files);
	for (i = 0; i < u->nfiles; i++) {
		blob_str_add(&t, u->files[i], &files[i]);
		if (files[i] != UINT32_MAX)
			strcpy(*buf + p.str + files[i], u->files[i]);
	}
	for (i = 0; i < u->nscopes; i++) {
		uint32_t off;

		blob_str_add(&t, sc[i].name, &off);
		if (off != UINT32_MAX)
			strcpy(*buf + p.str + off, sc[i].name);
		sc[i].name = (const char *)(uintptr_t)
			(off == UINT32_MAX ? 0 : (uintptr_t)off + 1);
		sc[i].flags &= ~NAME_DONE;
	}
	len = p.size;
out:
	free(t.keys);
	free(t.offs);
	return len;
}

/* The names of the DWARF sections a cache file is keyed on. */
static const char *const key_sections[SMK_INDEX_NSIZES] = {
	".debug_info", ".debug_abbrev", ".debug_line", ".debug_str",
	".debug_line_str", ".debug_ranges", ".debug_rnglists", ".debug_addr",
};

/* The cache key of the binary's DWARF: false without a build-id. */
static bool index_key(struct smk_symbolizer *s, struct smk_index_key *k)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx, i;

	memset(k, 0, sizeof(*k));
	if (!s->b->build_id_len || !s->delf ||
	    elf_getshdrstrndx(s->delf, &shstrndx))
		return false;
	memcpy(k->build_id, s->b->build_id, s->b->build_id_len);
	k->build_id_len = s->b->build_id_len;
	k->layout = blob_layout();
	while ((scn = elf_nextscn(s->delf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) ||
		    !(name = elf_strptr(s->delf, shstrndx, sh.sh_name)))
			continue;
		for (i = 0; i < SMK_INDEX_NSIZES; i++)
			if (!strcmp(name, key_sections[i]))
				k->sizes[i] = sh.sh_size;
	}
	return true;
}

static struct smk_error *write_index(struct smk_symbolizer *s, char **path,
				     uint64_t *size, size_t *nunits)
{
	struct smk_index *cache = s->cache;
	struct smk_index_writer *w;
	struct smk_error *err;
	char *buf = NULL;
	size_t cap = 0, i;

	if (!s->dw)
		return smk_error_create(SMK_ERROR_DWARF, "%s: %s",
					s->b->path, s->no_dwarf);
	if (!s->keyed)
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"%s: no build-id: an index cache file "
					"is keyed by it", s->b->path);
	if (!s->scanned) {
		err = index_unlisted(s);
		if (err)
			return err;
	}
	err = smk_index_writer_begin(&s->key, &w);
	if (err)
		return smk_error_prefix(err, "%s: index cache", s->b->path);
	/* From the DWARF, whatever an older file says. */
	s->cache = NULL;
	for (i = 0; i < s->nunits && !err; i++) {
		struct unit *u = &s->units[i];
		struct arena_mark m = arena_mark(s);
		bool was = u->built;
		size_t len;

		if (!was)
			err = build_unit(s, u);
		len = err ? 0 : unit_blob(s, u, &buf, &cap);
		if (!err && !len)
			err = &smk_error_nomem;
		if (!err)
			err = smk_index_writer_add(w, u->cu, buf, len);
		/* Built for the file only: its memory back. */
		if (!was) {
			unit_clear(u);
			u->built = false;
			arena_rewind(s, m);
		}
	}
	s->cache = cache;
	free(buf);
	if (err) {
		smk_index_writer_abort(w);
		return err;
	}
	*nunits = s->nunits;
	err = smk_index_writer_commit(w, path, size);
	return err ? smk_error_prefix(err, "%s: index cache", s->b->path) :
		NULL;
}

/* The innermost function-like scope holding DWARF address @a, or NULL. */
static struct scope *find_scope(struct unit *u, uint64_t a)
{
	size_t lo = 0, hi = u->nspans;
	const struct span *sp;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (u->spans[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	sp = &u->spans[lo - 1];
	return a - sp->lo < sp->len ? &u->scopes[sp->scope] : NULL;
}

/*
 * Names are read through the binary's Dwarf, which is never recycled: a
 * fresh scratch handle would walk the unit headers again to find the DIE
 * (5 us a lookup more on a vmlinux), and a name needs only its DIE's
 * abbreviations.
 */
static const char *scope_name(struct smk_symbolizer *s, struct scope *sc)
{
	Dwarf_Die die;
	Dwarf *dw;

	if (sc->flags & NAME_DONE)
		return sc->name;
	sc->flags |= NAME_DONE;
	dw = s->dw;
	if (dw && dwarf_offdie(dw, sc->die, &die))
		sc->name = die_name(&die);
	return sc->name;
}

/* Offset of @a in subprogram @sc: from its entry, or in a part of its
 * code that does not hold the entry (a .cold block), from that part. */
static uint64_t sub_offset(struct smk_symbolizer *s, struct unit *u,
			   struct scope *sc, uint64_t a)
{
	const struct sub *sb = &u->subs[sc->sub];
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;
	Dwarf_Die die;
	Dwarf *dw;

	if (a >= sb->part_lo && a < sb->part_hi)
		return a - sb->entry;
	dw = s->dw;
	if (dw && dwarf_offdie(dw, sc->die, &die))
		while ((off = dwarf_ranges(&die, off, &base, &lo, &hi)) > 0)
			if (a >= lo && a < hi)
				return a - lo;
	return a - sb->entry;
}

/* ------------------------------------------------------------------ API */

struct smk_error *smk_symbolizer_create(struct smk_binary *b,
					struct smk_symbolizer **ret)
{
	struct smk_symbolizer *s = calloc(1, sizeof(*s));

	if (!s)
		return &smk_error_nomem;
	s->b = b;
	*ret = s;
	return NULL;
}

void smk_symbolizer_destroy(struct smk_symbolizer *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nunits; i++) {
		struct unit *u = &s->units[i];

		free(u->discs);
		free(u->files);
	}
	free(s->units);
	free(s->ranges);
	smk_index_close(s->cache);
	strtab_deinit(&s->strs);
	if (s->scratch)
		dwarf_end(s->scratch);
	if (s->mset)
		smk_placements_destroy(s->placements, s->mset->n);
	smk_marker_set_destroy(s->mset);
	free(s->mrefs);
	free(s->maddrs);
	free(s->frames);
	free(s->first);
	free(s->prows);
	free(s->prows2);
	free(s->runs);
	free(s->wnodes);
	free(s->wranges);
	free(s->trows);
	free(s->tscopes);
	free(s->tsubs);
	free(s->tspans);
	for (i = 0; i < s->nachunks; i++)
		if (s->achunks[i].size)
			munmap(s->achunks[i].p, s->achunks[i].size);
		else
			free(s->achunks[i].p);
	free(s->achunks);
	free(s->pbounds);
	free(s->powner);
	smk_unit_reader_close(&s->reader);
	smk_binary_destroy(s->b);
	free(s);
}

void smk_symbolizer_reference_lines(struct smk_symbolizer *s)
{
	s->libdw_lines = true;
}

struct smk_binary *smk_symbolizer_binary(struct smk_symbolizer *s)
{
	return s->b;
}

/*
 * The index cache for this DWARF, when there is one (symcache.h); with
 * SMK_INDEX_CACHE_WRITE, made first when missing.  A cache that cannot be
 * made is a warning: the lookups go on from DWARF.
 */
static struct smk_error *open_cache(struct smk_symbolizer *s)
{
	enum smk_index_cache_mode mode = smk_index_cache_mode();
	struct smk_error *err;
	uint64_t size;
	size_t n;
	char *path;

	s->keyed = index_key(s, &s->key);
	if (mode == SMK_INDEX_CACHE_OFF || s->libdw_lines) {
		s->cache_why = "index cache off";
		return NULL;
	}
	if (!s->keyed) {
		s->cache_why = "no build-id to key an index cache file with";
		return NULL;
	}
	err = smk_index_open(&s->key, &s->cache, &s->cache_why);
	if (err || s->cache || mode != SMK_INDEX_CACHE_WRITE ||
	    s->writing_index)
		return err;
	err = write_index(s, &path, &size, &n);
	if (err) {
		if (err == &smk_error_nomem)
			return err;
		smk_warn("%s", err->message);
		smk_error_destroy(err);
		return NULL;
	}
	free(path);
	return smk_index_open(&s->key, &s->cache, &s->cache_why);
}

/* Open the DWARF and index the units, once. */
static struct smk_error *prepare(struct smk_symbolizer *s)
{
	struct smk_binary *b = s->b;
	struct smk_error *err;

	if (s->prepared)
		return NULL;
	s->prepared = true;
	s->dw = smk_binary_dwarf(b);
	if (b->dwmod)
		s->base = smk_binary_layout_base(b);
	if (!s->dw) {
		s->no_dwarf = b->no_dwarf_reason ? b->no_dwarf_reason :
			"no debuginfo";
		s->cache_why = s->no_dwarf;
		return NULL;
	}
	s->delf = dwarf_getelf(s->dw);
	err = index_aranges(s);
	if (!err && !s->nranges)
		err = index_unlisted(s);	/* no .debug_aranges */
	if (!err)
		err = open_cache(s);
	return err;
}

struct smk_error *smk_symbolizer_write_index(struct smk_symbolizer *s,
					     char **path, uint64_t *size,
					     size_t *nunits)
{
	struct smk_error *err;

	*path = NULL;
	*size = 0;
	*nunits = 0;
	/* Written once: not also by prepare() under --index-cache. */
	s->writing_index = true;
	err = prepare(s);
	return err ? err : write_index(s, path, size, nunits);
}

const char *smk_symbolizer_index_cache(struct smk_symbolizer *s,
				       size_t *units)
{
	*units = s->cache_units;
	return s->cache ? NULL : s->cache_why ? s->cache_why :
		"no DWARF read yet";
}

uint64_t smk_symbolizer_layout_base(struct smk_symbolizer *s)
{
	if (prepare(s))
		return 0;
	return s->base;
}

/* The markers whose site is @addr (ours): first index and count. */
static size_t find_markers(struct smk_symbolizer *s, uint64_t addr,
			   size_t *count)
{
	size_t k = lower_bound(s->maddrs, s->nmarkers, addr), e = k;

	while (e < s->nmarkers && s->maddrs[e] == addr)
		e++;
	*count = e - k;
	return k;
}

/*
 * The ELF symbol holding DWARF address @a: smk_binary's index of sized
 * symbols, else what libdwfl finds (eu-addr2line's fallback), which
 * extends a sizeless symbol (_init, hand-written assembly) to the next
 * symbol in its section and prefers a sized symbol around the address to a
 * sizeless label at it (entry_SYSCALL_64, not entry_SYSRETQ_unsafe_stack),
 * through smk_binary_addrinfo(): the same answer from an index, where
 * libdwfl's scan of the whole table cost 1.8 ms an address on a vmlinux.
 */
static const char *symbol_at(struct smk_symbolizer *s, uint64_t a,
			     uint64_t *offset, const char **file)
{
	struct smk_binary *b = s->b;
	const struct smk_symbol *sym = smk_binary_symbol_at(b, a);
	uint64_t off = 0;
	const char *name;

	*offset = 0;
	*file = NULL;
	if (sym && sym->size) {
		*offset = a - sym->addr;
		*file = sym->file;
		return sym->name;
	}
	name = smk_binary_addrinfo(b, a, &off);
	if (name && *name) {
		*offset = off;
		if (sym && sym->name == name)	/* libdwfl's own string */
			*file = sym->file;
		return name;
	}
	if (sym) {
		*offset = a - sym->addr;
		*file = sym->file;
		return sym->name;
	}
	return NULL;
}

/* Symbolize one address into @out; its frames go to s->frames. */
static struct smk_error *lookup_one(struct smk_symbolizer *s, uint64_t addr,
				    struct smk_symbol_info *out)
{
	uint64_t a = addr + s->base;
	struct unit *u = NULL;
	struct scope *sc = NULL;
	struct smk_frame *f;
	struct smk_error *err;
	const char *sym;
	ptrdiff_t row = -1;
	size_t need, k;

	if (s->dw) {
		err = find_unit(s, a, &u);
		if (err)
			return err;
	}
	memset(out, 0, sizeof(*out));
	out->address = addr;
	sym = symbol_at(s, a, &out->symbol_offset, &out->symbol_file);
	out->symbol = sym;
	if (s->nmarkers) {
		k = find_markers(s, addr, &out->nmarkers);
		if (out->nmarkers) {
			out->markers = &s->mrefs[k];
			out->marker = s->mrefs[k].name;
			out->marker_file = s->mrefs[k].file;
			out->marker_line = s->mrefs[k].line;
		}
	}
	if (u && !u->built) {
		err = build_unit(s, u);
		if (err)
			return err;
	}
	if (u) {
		row = find_row(u, a);
		sc = find_scope(u, a);
	}
	if (!sc && row < 0 && !sym) {
		out->reason = s->no_dwarf ? s->no_dwarf :
			"outside any function";
		return NULL;
	}

	/* One frame per inlined instance, and the function. */
	need = 1;
	for (struct scope *p = sc; p && p->kind == SCOPE_INLINED;
	     p = p->parent == no_scope ? NULL : &u->scopes[p->parent])
		need++;
	if (!reserve(&s->frames, &s->capframes, s->nframes + need,
		     sizeof(*s->frames)))
		return &smk_error_nomem;
	f = &s->frames[s->nframes];
	memset(f, 0, need * sizeof(*f));
	out->nframes = 1;
	if (row >= 0) {
		const struct row *r = &u->rows[row];

		/* No file, no line (as libdw: dwfl_lineinfo() fails). */
		f[0].file = r->file < FILE_NONE && r->file < u->nfiles ?
			u->files[r->file] : NULL;
		f[0].line = f[0].file ? r->line : 0;
		f[0].column = f[0].file ? r->column : 0;
		f[0].discriminator = f[0].file ? row_disc(u, row) : 0;
	}
	if (!sc) {
		/* No DWARF scope: the ELF symbol, as eu-addr2line does. */
		f[0].function = sym;
		f[0].function_offset = out->symbol_offset;
	} else {
		struct scope *p = sc;

		f[0].function = scope_name(s, sc);
		while (p->kind == SCOPE_INLINED) {
			struct smk_frame *g = &f[out->nframes++];
			struct scope *caller = p->parent == no_scope ? NULL :
				&u->scopes[p->parent];

			g->function = caller ? scope_name(s, caller) : NULL;
			g->file = p->call.file < u->nfiles ?
				u->files[p->call.file] : NULL;
			g->line = g->file ? p->call.line : 0;
			g->column = g->file ? p->call_column : 0;
			if (!caller)
				break;
			p = caller;
		}
		if (p->kind == SCOPE_SUBPROGRAM)
			f[out->nframes - 1].function_offset =
				sub_offset(s, u, p, a);
		else if (sym)
			f[out->nframes - 1].function_offset =
				out->symbol_offset;
	}
	s->nframes += out->nframes;
	if (s->no_dwarf)
		out->reason = s->no_dwarf;
	else if (!sc && !sym)
		out->reason = "outside any function";
	else if (row < 0)
		out->reason = "no line information";
	return NULL;
}

struct order {
	uint64_t addr;
	size_t i;
};

static int cmp_order(const void *a, const void *b)
{
	const struct order *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

struct smk_error *smk_symbolizer_lookup(struct smk_symbolizer *s,
					const uint64_t *addrs, size_t n,
					struct smk_symbol_info *out)
{
	struct smk_error *err = prepare(s);
	struct order *ord;
	size_t i;

	if (err)
		return err;
	s->nframes = 0;
	if (!n)
		return NULL;
	if (!reserve(&s->first, &s->capfirst, n, sizeof(*s->first)))
		return &smk_error_nomem;
	ord = malloc(n * sizeof(*ord));
	if (!ord)
		return &smk_error_nomem;
	/* In address order, each unit is built once and its index stays
	 * in cache while its addresses are looked up. */
	for (i = 0; i < n; i++)
		ord[i] = (struct order){ addrs[i], i };
	qsort(ord, n, sizeof(*ord), cmp_order);
	for (i = 0; i < n; i++) {
		size_t at = s->nframes;

		err = lookup_one(s, ord[i].addr, &out[ord[i].i]);
		if (err)
			break;
		s->first[ord[i].i] = at;
	}
	free(ord);
	if (err)
		return err;
	/* s->frames is final now: point into it. */
	for (i = 0; i < n; i++)
		out[i].frames = out[i].nframes ? &s->frames[s->first[i]] :
			NULL;
	return NULL;
}

static int cmp_site(const void *a, const void *b)
{
	const struct marker_site *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

struct smk_error *smk_symbolizer_load_markers(struct smk_symbolizer *s)
{
	struct smk_binary *b = s->b;
	struct smk_marker_set *set;
	struct smk_placement *pl = NULL;
	struct marker_site *sites = NULL;
	struct smk_error *err;
	size_t i, j, n = 0, cap = 0;
	bool user = b->kind == SMK_BINARY_EXEC || b->kind == SMK_BINARY_DYN;

	if (s->markers_loaded)
		return NULL;
	err = prepare(s);
	if (err)
		return err;
	err = smk_markers_read(b, 0, &set);
	if (err)
		return err;
	s->markers_loaded = true;
	s->mset = set;
	if (set->no_dwarf || !set->n)
		return NULL;	/* no sites without DWARF */
	err = smk_place_markers(b, set, user ? SMK_PLACE_USER : 0, &pl);
	if (err) {
		smk_marker_set_destroy(set);
		s->mset = NULL;
		return err;
	}
	s->placements = pl;
	for (i = 0; i < set->n; i++) {
		for (j = 0; j < pl[i].nsites; j++) {
			const struct smk_site *site = &pl[i].sites[j];

			if (!site->symbol && !site->file_offset)
				continue;	/* not placed */
			if (!reserve(&sites, &cap, n + 1, sizeof(*sites))) {
				free(sites);
				return &smk_error_nomem;
			}
			sites[n] = (struct marker_site){
				.addr = site->addr - s->base,
				.order = n,
				.ref = { pl[i].rec->name, pl[i].rec->file,
					 pl[i].line },
			};
			n++;
		}
	}
	if (!n)
		return NULL;
	qsort(sites, n, sizeof(*sites), cmp_site);
	s->mrefs = malloc(n * sizeof(*s->mrefs));
	s->maddrs = malloc(n * sizeof(*s->maddrs));
	if (!s->mrefs || !s->maddrs) {
		free(sites);
		return &smk_error_nomem;
	}
	for (i = j = 0; i < n; i++) {
		/* A marker placed twice at one address counts once. */
		if (j && s->maddrs[j - 1] == sites[i].addr &&
		    s->mrefs[j - 1].name == sites[i].ref.name)
			continue;
		s->maddrs[j] = sites[i].addr;
		s->mrefs[j++] = sites[i].ref;
	}
	s->nmarkers = j;
	free(sites);
	return NULL;
}
