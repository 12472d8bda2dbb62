// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tying records to code through DWARF.
 *
 * Each record is a static variable "__smk_<name>" in the marker's own
 * scope, whose location is a single DW_OP_addr (gcc) or DW_OP_addrx (clang)
 * into __simple_marker.  Its address minus the section's address is the
 * record's offset in the section: that, not file names, ties the record to
 * its scope.  The address space is libdwfl's: for ET_REL modules it lays
 * out the allocated sections and relocates the DWARF; a non-allocated
 * section stays at 0, as it does in vmlinux.
 *
 * The variable usually sits in an abstract tree when its function was
 * inlined or cloned (DW_AT_inline); the code lives in concrete DIEs that
 * point back with DW_AT_abstract_origin: out-of-line copies and clones
 * (DW_TAG_subprogram), inlined copies (DW_TAG_inlined_subroutine), and
 * their lexical blocks.  So for each compile unit that holds markers we
 * walk it twice: once to find the variables and their scope chains
 * (subprogram, block, ..., block), once to index concrete DIEs by origin.
 * An instance is a concrete copy of the subprogram; within it we descend
 * the chain as deep as concrete blocks exist, and the deepest one with code
 * ranges gives the instance's address ranges (the marker's block itself
 * often has no code of its own, so it may have no concrete copy).
 */
#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdwfl.h>

#include "dwarf-aux.h"
#include "expr.h"
#include "markers.h"

enum { MAX_DEPTH = 128 };
static const char var_prefix[] = "__smk_";

struct found_var {
	size_t record;		/* index into set->markers */
	Dwarf_Die chain[MAX_DEPTH];	/* CU, ..., the variable's parent */
	int depth;
	bool placeholder;	/* chain's clang stub replaced by us */
};

struct concrete {
	Dwarf_Off origin;
	Dwarf_Off off;
	Dwarf_Off root;		/* nearest subprogram/inlined_subroutine */
};

struct walk {
	struct smk_binary *bin;
	struct smk_marker_set *set;
	uint64_t sec_addr, sec_size;
	unsigned int flags;
	struct found_var *vars;
	size_t nvars, capvars;
	struct concrete *conc;
	size_t nconc, capconc;
};

static bool has_code(Dwarf_Die *die)
{
	return dwarf_hasattr(die, DW_AT_low_pc) ||
	       dwarf_hasattr(die, DW_AT_ranges);
}

static bool is_scope(int tag)
{
	return tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block ||
	       tag == DW_TAG_inlined_subroutine;
}

/* The single address a variable's location names, if that is all it is. */
static bool var_address(Dwarf_Die *die, uint64_t *addr)
{
	Dwarf_Attribute attr, res;
	Dwarf_Op *ops;
	size_t nops;

	if (!dwarf_attr(die, DW_AT_location, &attr) ||
	    dwarf_getlocation(&attr, &ops, &nops) != 0 || nops != 1)
		return false;
	if (ops[0].atom == DW_OP_addr) {
		*addr = ops[0].number;
		return true;
	}
	if (ops[0].atom == DW_OP_addrx || ops[0].atom == DW_OP_GNU_addr_index) {
		Dwarf_Addr a;

		if (dwarf_getlocation_attr(&attr, &ops[0], &res) != 0 ||
		    dwarf_formaddr(&res, &a) != 0)
			return false;
		*addr = a;
		return true;
	}
	return false;
}

static int record_cmp(const void *key, const void *elem)
{
	uint64_t off = *(const uint64_t *)key;
	const struct smk_marker *m = elem;

	return off < m->rec.offset ? -1 : off > m->rec.offset;
}

static bool decl_pos(Dwarf_Die *die, Dwarf_Word *file, Dwarf_Word *line)
{
	Dwarf_Attribute a;

	return dwarf_formudata(dwarf_attr_integrate(die, DW_AT_decl_file, &a),
			       file) == 0 &&
	       dwarf_formudata(dwarf_attr_integrate(die, DW_AT_decl_line, &a),
			       line) == 0;
}

static struct smk_error *add_var(struct walk *w, Dwarf_Die *stack, int depth,
				 Dwarf_Die *var)
{
	const char *name = dwarf_diename(var);
	struct smk_marker *m;
	struct found_var *fv;
	uint64_t addr, off;

	if (!name || strncmp(name, var_prefix, sizeof(var_prefix) - 1) ||
	    !var_address(var, &addr) || addr < w->sec_addr ||
	    addr - w->sec_addr >= w->sec_size)
		return NULL;
	off = addr - w->sec_addr;
	m = bsearch(&off, w->set->markers, w->set->n, sizeof(*m), record_cmp);
	if (!m) {
		smk_warn("%s: DWARF variable %s points at __simple_marker"
			 "+%#llx, where no valid record starts", w->bin->path,
			 name, (unsigned long long)off);
		return NULL;
	}
	if (m->var)	/* abstract and concrete both with a location */
		return NULL;
	m->var = dwarf_dieoffset(var);
	{
		Dwarf_Word file, line;

		if (decl_pos(var, &file, &line) && line && line < UINT32_MAX)
			m->line = line;
	}
	if (w->nvars == w->capvars) {
		size_t cap = w->capvars ? 2 * w->capvars : 16;
		struct found_var *tmp = realloc(w->vars, cap * sizeof(*tmp));

		if (!tmp)
			return &smk_error_nomem;
		w->vars = tmp;
		w->capvars = cap;
	}
	fv = &w->vars[w->nvars++];
	fv->record = m - w->set->markers;
	fv->depth = depth;
	fv->placeholder = false;
	memcpy(fv->chain, stack, depth * sizeof(*stack));
	return NULL;
}

static struct smk_error *add_concrete(struct walk *w, Dwarf_Die *die,
				      Dwarf_Off root)
{
	Dwarf_Attribute attr;
	Dwarf_Die origin;

	if (!dwarf_attr(die, DW_AT_abstract_origin, &attr) ||
	    !dwarf_formref_die(&attr, &origin))
		return NULL;
	if (w->nconc == w->capconc) {
		size_t cap = w->capconc ? 2 * w->capconc : 256;
		struct concrete *tmp = realloc(w->conc, cap * sizeof(*tmp));

		if (!tmp)
			return &smk_error_nomem;
		w->conc = tmp;
		w->capconc = cap;
	}
	w->conc[w->nconc++] = (struct concrete){
		.origin = dwarf_dieoffset(&origin),
		.off = dwarf_dieoffset(die),
		.root = root,
	};
	return NULL;
}

/*
 * Walk the scopes of one CU.  Pass 1 finds marker variables; pass 2
 * indexes concrete scopes by their abstract origin.
 */
static struct smk_error *walk_cu(struct walk *w, Dwarf_Die *cu, int pass)
{
	Dwarf_Die stack[MAX_DEPTH];
	Dwarf_Off roots[MAX_DEPTH];
	struct smk_error *err;
	Dwarf_Die die;
	int depth = 1;

	stack[0] = *cu;
	roots[0] = 0;
	if (dwarf_child(cu, &die) != 0)
		return NULL;
	for (;;) {
		int tag = dwarf_tag(&die);
		bool descend = false;

		if (tag == DW_TAG_variable && depth > 1 && pass == 1) {
			err = add_var(w, stack, depth, &die);
			if (err)
				return err;
		} else if (is_scope(tag)) {
			Dwarf_Off root = roots[depth - 1];

			if (tag != DW_TAG_lexical_block)
				root = dwarf_dieoffset(&die);
			if (pass == 2) {
				err = add_concrete(w, &die, root);
				if (err)
					return err;
			}
			if (depth < MAX_DEPTH && dwarf_haschildren(&die)) {
				stack[depth] = die;
				roots[depth] = root;
				descend = true;
			}
		}
		if (descend && dwarf_child(&stack[depth], &die) == 0) {
			depth++;
			continue;
		}
		/* Next sibling, climbing up as subtrees end. */
		while (dwarf_siblingof(&die, &die) != 0) {
			if (--depth == 0)
				return NULL;
			die = stack[depth];
		}
	}
}

static int conc_cmp(const void *a, const void *b)
{
	const struct concrete *x = a, *y = b;

	if (x->origin != y->origin)
		return x->origin < y->origin ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* First index in w->conc with origin @origin, or w->nconc. */
static size_t conc_find(struct walk *w, Dwarf_Off origin)
{
	size_t lo = 0, hi = w->nconc;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (w->conc[mid].origin < origin)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static struct smk_error *add_parts(struct walk *w, struct smk_instance *in,
				   Dwarf_Die *scope)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(scope, off, &base, &start, &end)) > 0) {
		struct smk_part *p, *tmp;
		const char *sym;

		/* gcc gives a marker's own block low_pc == high_pc: an
		 * empty range that says exactly where the marker stands. */
		if (end < start)
			continue;
		tmp = realloc(in->parts, (in->nparts + 1) * sizeof(*tmp));
		if (!tmp)
			return &smk_error_nomem;
		in->parts = tmp;
		p = &in->parts[in->nparts++];
		memset(p, 0, sizeof(*p));
		p->addr = start;
		p->size = end - start;
		sym = smk_binary_symbol(w->bin, start, &p->offset);
		if (sym && !(p->symbol = strdup(sym)))
			return &smk_error_nomem;
	}
	return NULL;
}

struct smk_error *smk_marker_instance_add(struct smk_marker *m,
					 Dwarf_Die *root, Dwarf_Die *scope,
					 struct smk_instance **ret)
{
	struct smk_instance *in, *tmp;
	Dwarf_Off soff = dwarf_dieoffset(scope);
	size_t i;

	*ret = NULL;
	for (i = 0; i < m->ninstances; i++)
		if (m->instances[i].scope == soff)
			return NULL;
	tmp = realloc(m->instances, (m->ninstances + 1) * sizeof(*tmp));
	if (!tmp)
		return &smk_error_nomem;
	m->instances = tmp;
	in = &m->instances[m->ninstances++];
	memset(in, 0, sizeof(*in));
	in->inlined = dwarf_tag(root) == DW_TAG_inlined_subroutine;
	in->scope = soff;
	in->root = dwarf_dieoffset(root);
	*ret = in;
	return NULL;
}

static struct smk_error *add_instance(struct walk *w, struct smk_marker *m,
				      Dwarf_Die *root, Dwarf_Die *scope,
				      bool own_block)
{
	struct smk_instance *in;
	struct smk_error *err;

	err = smk_marker_instance_add(m, root, scope, &in);
	if (err || !in)
		return err;
	in->own_block = own_block;
	return add_parts(w, in, scope);
}

/*
 * Descend from a concrete root along the abstract chain (chain[first..]
 * are blocks under the subprogram) to the deepest concrete block with code.
 */
static struct smk_error *instance_from_root(struct walk *w,
					    struct smk_marker *m,
					    struct found_var *fv, int sub,
					    Dwarf_Die *root)
{
	Dwarf_Die best = *root, die;
	Dwarf_Off rootoff = dwarf_dieoffset(root);
	struct smk_error *err;
	int i, nown = 0;

	for (i = sub + 1; i < fv->depth; i++) {
		Dwarf_Off want = dwarf_dieoffset(&fv->chain[i]);
		size_t k = conc_find(w, want);
		bool hit = false, last = i == fv->depth - 1;

		for (; k < w->nconc && w->conc[k].origin == want; k++) {
			if (w->conc[k].root != rootoff)
				continue;
			if (!dwarf_offdie(w->bin->dwarf, w->conc[k].off, &die))
				continue;
			hit = true;
			if (!last) {
				if (has_code(&die))
					best = die;
				break;
			}
			/* The marker's own block: the compiler may have
			 * duplicated it (tail duplication); keep every copy. */
			if (has_code(&die)) {
				err = add_instance(w, m, root, &die, true);
				if (err)
					return err;
				nown++;
			}
		}
		if (!hit)
			break;
	}
	if (nown || !has_code(&best))
		return NULL;
	return add_instance(w, m, root, &best, false);
}

/*
 * clang 14 puts the static locals of a function that was inlined everywhere
 * under an empty DW_TAG_subprogram with no attribute at all, unconnected to
 * the function's abstract DIE.  The function is then the CU's subprogram
 * declared last before the variable in the same file (same file index).
 */
static bool placeholder_function(Dwarf_Die *cu, Dwarf_Die *var,
				 Dwarf_Die *ret)
{
	Dwarf_Word vfile, vline, file, line, best = 0;
	Dwarf_Die die;
	bool found = false;

	if (!decl_pos(var, &vfile, &vline) || dwarf_child(cu, &die) != 0)
		return false;
	do {
		if (dwarf_tag(&die) != DW_TAG_subprogram ||
		    !dwarf_hasattr(&die, DW_AT_name) ||
		    dwarf_hasattr(&die, DW_AT_declaration) ||
		    !decl_pos(&die, &file, &line) || file != vfile ||
		    line > vline || line < best)
			continue;
		best = line;
		*ret = die;
		found = true;
	} while (dwarf_siblingof(&die, &die) == 0);
	return found;
}

/* C types of the marker's arguments, resolved in the marker's scope. */
static bool producer_is_clang(Dwarf_Die *cu)
{
	Dwarf_Attribute a;
	const char *p = dwarf_formstring(dwarf_attr(cu, DW_AT_producer, &a));

	return p && strstr(p, "clang");
}

static struct smk_error *arg_types(struct walk *w, struct smk_marker *m,
				   struct found_var *fv)
{
	Dwarf_Die scopes_buf[MAX_DEPTH], *scopes = scopes_buf, var;
	struct smk_error *err = NULL;
	unsigned int a;
	int i, n = 0;

	/*
	 * Innermost first, the CU last, as dwarf_getscopes_die() gives.  Our
	 * walk's chain is exact for gcc; clang 14 hoists static locals out of
	 * their block, which smk_dwarf_decl_scopes() puts back (it rescans
	 * the CU, so only where needed).
	 */
	if (!fv->placeholder && producer_is_clang(&fv->chain[0]) &&
	    dwarf_offdie(w->bin->dwarf, m->var, &var)) {
		err = smk_dwarf_decl_scopes(&var, &scopes, &n);
		if (err == &smk_error_nomem)
			return err;
		smk_error_destroy(err);
		err = NULL;
		/* scopes[0] is the variable itself, which lookups skip. */
		if (n <= 0)
			scopes = scopes_buf;
	}
	if (scopes == scopes_buf) {
		for (i = fv->depth - 1; i >= 0; i--)
			scopes[n++] = fv->chain[i];
	}
	for (a = 0; a < m->rec.nargs && !err; a++) {
		struct smk_arg *arg = &m->args[a];
		struct smk_expr_result res;
		struct smk_expr *e;

		err = smk_expr_parse(arg->expr, &e);
		if (err)
			break;
		if (e->reason) {
			arg->reason = strdup(e->reason);
			if (!arg->reason)
				err = &smk_error_nomem;
			smk_expr_destroy(e);
			continue;
		}
		err = smk_expr_resolve(e, scopes, n, &res);
		smk_expr_destroy(e);
		if (err) {
			/* Broken DWARF for one argument is its reason. */
			if (err != &smk_error_nomem) {
				arg->reason = err->message;
				err->message = NULL;
				smk_error_destroy(err);
				err = NULL;
			}
			continue;
		}
		if (res.resolved) {
			arg->type = res.type_name;
			res.type_name = NULL;
		} else {
			arg->reason = res.reason;
			res.reason = NULL;
		}
		smk_expr_result_deinit(&res);
	}
	if (scopes != scopes_buf)
		free(scopes);
	return err;
}

static struct smk_error *resolve_var(struct walk *w, struct found_var *fv)
{
	struct smk_marker *m = &w->set->markers[fv->record];
	struct smk_error *err;
	Dwarf_Attribute attr;
	Dwarf_Die die;
	Dwarf_Off suboff;
	const char *name;
	int sub, i;
	size_t k;

	/* The innermost subprogram around the variable. */
	for (sub = fv->depth - 1; sub > 0; sub--)
		if (dwarf_tag(&fv->chain[sub]) == DW_TAG_subprogram)
			break;
	if (sub == 0)
		return NULL;
	if (!dwarf_hasattr(&fv->chain[sub], DW_AT_name) &&
	    !dwarf_hasattr(&fv->chain[sub], DW_AT_abstract_origin) &&
	    !dwarf_hasattr(&fv->chain[sub], DW_AT_specification) &&
	    !has_code(&fv->chain[sub])) {
		Dwarf_Die var;

		if (!dwarf_offdie(w->bin->dwarf, m->var, &var) ||
		    !placeholder_function(&fv->chain[0], &var,
					  &fv->chain[sub]))
			return NULL;
		fv->depth = sub + 1;	/* its blocks are unknown */
		fv->placeholder = true;
	}
	name = dwarf_formstring(dwarf_attr_integrate(&fv->chain[sub],
						     DW_AT_name, &attr));
	if (name && !(m->function = strdup(name)))
		return &smk_error_nomem;
	if (w->flags & SMK_MARKERS_ARG_TYPES) {
		err = arg_types(w, m, fv);
		if (err)
			return err;
	}

	if (has_code(&fv->chain[sub])) {
		/* A concrete function: the chain itself is concrete. */
		Dwarf_Die best = fv->chain[sub];
		bool own = false;

		for (i = sub + 1; i < fv->depth; i++)
			if (has_code(&fv->chain[i])) {
				best = fv->chain[i];
				own = i == fv->depth - 1;
			}
		err = add_instance(w, m, &fv->chain[sub], &best, own);
		if (err)
			return err;
	}
	suboff = dwarf_dieoffset(&fv->chain[sub]);
	for (k = conc_find(w, suboff);
	     k < w->nconc && w->conc[k].origin == suboff; k++) {
		if (!dwarf_offdie(w->bin->dwarf, w->conc[k].off, &die))
			continue;
		err = instance_from_root(w, m, fv, sub, &die);
		if (err)
			return err;
	}
	/*
	 * clang puts a static variable in the out-of-line copy of a
	 * function that is also inlined, not in its abstract tree: the
	 * inlined copies point to the abstract function, and are this
	 * marker's instances too (measured: tests/fidelity cmp_int at clang
	 * -O2, whose copy inlined into min_int() was missed and its hits
	 * with it).
	 */
	if (has_code(&fv->chain[sub]) &&
	    dwarf_attr(&fv->chain[sub], DW_AT_abstract_origin, &attr) &&
	    dwarf_formref_die(&attr, &die)) {
		Dwarf_Off abs = dwarf_dieoffset(&die);

		for (k = conc_find(w, abs);
		     k < w->nconc && w->conc[k].origin == abs; k++) {
			if (w->conc[k].off == suboff ||
			    !dwarf_offdie(w->bin->dwarf, w->conc[k].off, &die))
				continue;
			err = instance_from_root(w, m, fv, sub, &die);
			if (err)
				return err;
		}
	}
	return NULL;
}

static void record_warn(void *arg, uint64_t offset, const char *why)
{
	struct smk_binary *b = arg;

	smk_warn("%s: __simple_marker+%#llx: %s, record skipped", b->path,
		 (unsigned long long)offset, why);
}

/* Where the section sits in libdwfl's address space. */
static uint64_t section_dwarf_address(struct smk_binary *b, Elf_Scn *scn,
				      GElf_Shdr *sh)
{
	GElf_Addr bias;
	Elf *elf;
	Elf_Scn *dscn;
	GElf_Shdr dsh;

	if (!(sh->sh_flags & SHF_ALLOC))
		return 0;
	elf = b->dwmod ? dwfl_module_getelf(b->dwmod, &bias) : NULL;
	dscn = elf ? elf_getscn(elf, elf_ndxscn(scn)) : NULL;
	if (dscn && gelf_getshdr(dscn, &dsh))
		return dsh.sh_addr;
	return sh->sh_addr;
}

static int instance_cmp(const void *a, const void *b)
{
	const struct smk_instance *x = a, *y = b;
	uint64_t ax = x->nparts ? x->parts[0].addr : 0;
	uint64_t ay = y->nparts ? y->parts[0].addr : 0;

	return ax < ay ? -1 : ax > ay;
}

enum smk_section_state smk_markers_section_check(
	struct smk_binary *b, const struct smk_marker_set *set,
	const char **msg)
{
	GElf_Shdr sh;

	*msg = NULL;
	if (!set->section_size) {
		if (smk_binary_section(b, ".note.stapsdt", &sh))
			return SMK_SECTION_OK;
		switch (b->kind) {
		case SMK_BINARY_VMLINUX:
			*msg = "no __simple_marker section: no marker was "
			       "kept (CONFIG_SIMPLE_MARKERS unset, or a kernel "
			       "without the simple-marker series)";
			break;
		case SMK_BINARY_MODULE:
			*msg = "no __simple_marker section: no marker was "
			       "compiled in (built with -DSIMPLE_MARKERS=0, "
			       "against a kernel carrying the series with "
			       "CONFIG_SIMPLE_MARKERS unset, or from sources "
			       "without trace_simple()), or the section was "
			       "stripped";
			break;
		default:
			*msg = "no __simple_marker section: no marker was "
			       "compiled in (built with -DSIMPLE_MARKERS=0, "
			       "or from sources without trace_simple()), or "
			       "the section was stripped";
			break;
		}
		return SMK_SECTION_MISSING;
	}
	if (!set->section_alloc)
		return SMK_SECTION_OK;
	if (b->kind == SMK_BINARY_MODULE) {
		*msg = "__simple_marker is allocated: the records are loaded "
		       "with the module; link it with -T "
		       "scripts/simple_marker.lds (LDFLAGS_MODULE, as "
		       "samples/Makefile does)";
		return SMK_SECTION_LOADED;
	}
	if (b->kind == SMK_BINARY_VMLINUX) {
		*msg = "__simple_marker is allocated: the records are loaded "
		       "with the kernel; give the section its line in the "
		       "vmlinux linker script (ELF_DETAILS, "
		       "kernel/patches/0002)";
		return SMK_SECTION_LOADED;
	}
	return SMK_SECTION_OK;
}

struct smk_error *smk_markers_read(struct smk_binary *b, unsigned int flags,
				   struct smk_marker_set **ret)
{
	struct smk_marker_set *set;
	struct smk_record *recs = NULL;
	struct smk_error *err = NULL;
	struct walk w = { .bin = b, .flags = flags };
	Elf_Data *data;
	Elf_Scn *scn;
	GElf_Shdr sh;
	Dwarf_Off off = 0, next;
	size_t i, nrecs = 0, hsize;

	set = calloc(1, sizeof(*set));
	if (!set)
		return &smk_error_nomem;
	set->bin = b;
	*ret = set;
	scn = smk_binary_section(b, "__simple_marker", &sh);
	if (!scn || sh.sh_type == SHT_NOBITS)
		return NULL;
	data = elf_getdata(scn, NULL);
	if (!data) {
		err = smk_error_create(SMK_ERROR_ELF,
				       "%s: __simple_marker: %s", b->path,
				       elf_errmsg(-1));
		goto fail;
	}
	set->section_size = data->d_size;
	set->section_alloc = sh.sh_flags & SHF_ALLOC;
	err = smk_records_decode(data->d_buf, data->d_size, b->big_endian,
				 &recs, &nrecs, record_warn, b);
	if (err)
		goto fail;
	set->markers = calloc(nrecs ? nrecs : 1, sizeof(*set->markers));
	if (!set->markers) {
		err = &smk_error_nomem;
		goto fail;
	}
	for (i = 0; i < nrecs; i++) {
		set->markers[i].rec = recs[i];
		set->markers[i].line = recs[i].line;
		for (unsigned int a = 0; a < recs[i].nargs; a++)
			set->markers[i].args[a].expr = recs[i].args[a];
	}
	set->n = nrecs;
	free(recs);
	recs = NULL;

	if (!smk_binary_dwarf(b)) {
		set->no_dwarf = b->no_dwarf_reason ? b->no_dwarf_reason :
			"no debuginfo";
		for (i = 0; i < set->n; i++)
			set->markers[i].reason = set->no_dwarf;
		return NULL;
	}
	w.set = set;
	w.sec_addr = section_dwarf_address(b, scn, &sh);
	w.sec_size = data->d_size;
	while (dwarf_nextcu(b->dwarf, off, &next, &hsize, NULL, NULL,
			    NULL) == 0) {
		Dwarf_Die cu;

		if (!dwarf_offdie(b->dwarf, off + hsize, &cu))
			break;
		off = next;
		w.nvars = 0;
		err = walk_cu(&w, &cu, 1);
		if (err || !w.nvars)
			goto next_cu;
		w.nconc = 0;
		err = walk_cu(&w, &cu, 2);
		if (err)
			goto next_cu;
		if (w.nconc > 1)
			qsort(w.conc, w.nconc, sizeof(*w.conc), conc_cmp);
		for (i = 0; i < w.nvars && !err; i++)
			err = resolve_var(&w, &w.vars[i]);
next_cu:
		if (err)
			goto fail;
	}
	for (i = 0; i < set->n; i++) {
		struct smk_marker *m = &set->markers[i];

		if (!m->var)
			m->reason = "no DWARF variable for this record";
		else if (!m->ninstances)
			m->reason = "no code for the marker's scope: its "
				    "function was removed, never inlined, or "
				    "merged with an identical function";
		if (m->ninstances > 1)
			qsort(m->instances, m->ninstances,
			      sizeof(*m->instances), instance_cmp);
	}
	free(w.vars);
	free(w.conc);
	return NULL;
fail:
	free(recs);
	free(w.vars);
	free(w.conc);
	smk_marker_set_destroy(set);
	*ret = NULL;
	return err;
}

void smk_marker_set_destroy(struct smk_marker_set *set)
{
	size_t i, j, k;

	if (!set)
		return;
	for (i = 0; i < set->n; i++) {
		struct smk_marker *m = &set->markers[i];

		free(m->function);
		for (j = 0; j < SMK_RECORD_MAX_ARGS; j++) {
			free(m->args[j].type);
			free(m->args[j].reason);
		}
		for (j = 0; j < m->ninstances; j++) {
			for (k = 0; k < m->instances[j].nparts; k++)
				free(m->instances[j].parts[k].symbol);
			free(m->instances[j].parts);
		}
		free(m->instances);
	}
	free(set->markers);
	free(set);
}
