// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Generic DWARF helpers: see dwarf-aux.h.
 *
 * Type names are built the way C declarators read, inside out: a type is
 * formatted around the declarator text built so far ("inner"), so a pointer
 * to an array of 4 ints formats the array around "*", which becomes
 * "(*)[4]", then "int" around that.  Qualifiers go before a base type
 * ("const char") and after the star of a pointer ("char *const").
 */
#include <dwarf.h>
#include <elf.h>
#include <libelf.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary.h"
#include "dwarf-aux.h"

enum {
	MAX_ANON_DEPTH = 8,		/* anonymous members nested */
	MAX_MEMBER_VISITS = 1 << 16,	/* members seen in one lookup */
	MAX_TYPE_VISITS = 256,		/* types formatted for one name */
	MAX_DIMS = 64,			/* dimensions of one array type */
	MAX_ORIGIN_HOPS = 4,		/* origin of an origin... */
	MAX_RANGES = 1024,		/* address ranges of one block */
	MAX_BLOCK_DEPTH = 64,		/* blocks nested in a function */
	MAX_SCOPE_DEPTH = 256,		/* DIEs nested, imports included */
};

static unsigned long long die_off(Dwarf_Die *die)
{
	return (unsigned long long)dwarf_dieoffset(die);
}

static struct smk_error *broken(Dwarf_Die *die, const char *what)
{
	return smk_error_create(SMK_ERROR_DWARF, "DIE %#llx: %s", die_off(die),
				what);
}

static struct smk_error *broken_libdw(Dwarf_Die *die, const char *what)
{
	return smk_error_create(SMK_ERROR_DWARF, "DIE %#llx: %s: %s",
				die_off(die), what, dwarf_errmsg(-1));
}

static struct smk_error *too_deep(Dwarf_Die *die)
{
	return broken(die, "type chain too deep or cyclic");
}

/*
 * dwarf_siblingof(), refusing a sibling that does not come after the
 * current DIE: DW_AT_sibling is data from the file and could loop.
 * Returns 0, 1 at the end, -1 on error; @die may be updated in place.
 */
static int next_sibling(Dwarf_Die *die)
{
	Dwarf_Off prev = dwarf_dieoffset(die);
	int r = dwarf_siblingof(die, die);

	if (r == 0 && dwarf_dieoffset(die) <= prev)
		return -1;
	return r;
}

static bool is_cv_tag(int tag)
{
	return tag == DW_TAG_const_type || tag == DW_TAG_volatile_type ||
	       tag == DW_TAG_restrict_type || tag == DW_TAG_atomic_type;
}

static bool is_pointer_tag(int tag)
{
	return tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
	       tag == DW_TAG_rvalue_reference_type;
}

static bool is_struct_tag(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type;
}

static bool is_cu_tag(int tag)
{
	return tag == DW_TAG_compile_unit || tag == DW_TAG_partial_unit ||
	       tag == DW_TAG_type_unit || tag == DW_TAG_skeleton_unit;
}

static bool is_function_tag(int tag)
{
	return tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine;
}

static bool is_scope_tag(int tag)
{
	return is_cu_tag(tag) || is_function_tag(tag) ||
	       tag == DW_TAG_lexical_block || tag == DW_TAG_entry_point;
}

static bool die_flag(Dwarf_Die *die, int name)
{
	Dwarf_Attribute attr;
	bool flag = false;

	if (!dwarf_attr(die, name, &attr))
		return false;
	return dwarf_formflag(&attr, &flag) == 0 && flag;
}

const char *smk_dwarf_diename_origin(Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	return dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
}

struct smk_error *smk_dwarf_die_type(Dwarf_Die *die, Dwarf_Die *ret,
				     bool *is_void)
{
	Dwarf_Attribute attr;

	*is_void = false;
	if (!dwarf_attr_integrate(die, DW_AT_type, &attr)) {
		*is_void = true;
		return NULL;
	}
	if (!dwarf_formref_die(&attr, ret))
		return broken_libdw(die, "bad DW_AT_type");
	return NULL;
}

struct smk_error *smk_dwarf_type_strip(Dwarf_Die *in, Dwarf_Die *out,
				       bool *is_void)
{
	struct smk_error *err;
	Dwarf_Die cur = *in;
	int i;

	*is_void = false;
	for (i = 0; i <= SMK_DWARF_MAX_DEPTH; i++) {
		int tag = dwarf_tag(&cur);

		if (tag != DW_TAG_typedef && !is_cv_tag(tag)) {
			*out = cur;
			return NULL;
		}
		err = smk_dwarf_die_type(&cur, &cur, is_void);
		if (err || *is_void)
			return err;
	}
	return too_deep(in);
}

/* Type names */

/* gcc spells some base types in an order nobody writes them. */
static const struct {
	const char *dwarf, *c;
} base_names[] = {
	{ "long unsigned int", "unsigned long" },
	{ "long int", "long" },
	{ "long long int", "long long" },
	{ "long long unsigned int", "unsigned long long" },
	{ "short int", "short" },
	{ "short unsigned int", "unsigned short" },
	{ "__int128 unsigned", "unsigned __int128" },
};

static const char *base_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(base_names) / sizeof(base_names[0]); i++) {
		if (!strcmp(name, base_names[i].dwarf))
			return base_names[i].c;
	}
	return name;
}

/* *ret = a b c, bounded by SMK_DWARF_MAX_NAME. */
static struct smk_error *str3(char **ret, const char *a, const char *b,
			      const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);

	if (la + lb + lc > SMK_DWARF_MAX_NAME)
		return smk_error_create(SMK_ERROR_DWARF,
					"type name longer than %d bytes",
					SMK_DWARF_MAX_NAME);
	*ret = malloc(la + lb + lc + 1);
	if (!*ret)
		return &smk_error_nomem;
	memcpy(*ret, a, la);
	memcpy(*ret + la, b, lb);
	memcpy(*ret + la + lb, c, lc + 1);
	return NULL;
}

/* A type specifier and a declarator: "char" and "*" give "char *". */
static struct smk_error *join(char **ret, const char *spec, const char *inner)
{
	return str3(ret, spec, *inner ? " " : "", inner);
}

struct namer {
	int visits;	/* types we may still format */
};

static struct smk_error *fmt_type(struct namer *nm, Dwarf_Die *type,
				  const char *inner, unsigned int skip,
				  int depth, char **ret);

static struct smk_error *fmt_target(struct namer *nm, Dwarf_Die *type,
				    const char *inner, int depth, char **ret)
{
	struct smk_error *err;
	Dwarf_Die target;
	bool is_void;

	err = smk_dwarf_die_type(type, &target, &is_void);
	if (err)
		return err;
	return fmt_type(nm, is_void ? NULL : &target, inner, 0, depth + 1,
			ret);
}

/* Does the element type of @array carry the qualifier @tag already? */
static bool elem_has_qualifier(Dwarf_Die *array, int tag)
{
	Dwarf_Die t;
	bool is_void;
	int i;

	if (smk_dwarf_die_type(array, &t, &is_void) || is_void)
		return false;
	for (i = 0; i < SMK_DWARF_MAX_DEPTH; i++) {
		int t_tag = dwarf_tag(&t);

		if (t_tag == tag)
			return true;
		if (!is_cv_tag(t_tag) && t_tag != DW_TAG_array_type)
			return false;
		if (smk_dwarf_die_type(&t, &t, &is_void) || is_void)
			return false;
	}
	return false;
}

static struct smk_error *fmt_qualified(struct namer *nm, Dwarf_Die *type,
				       const char *inner, unsigned int skip,
				       int depth, char **ret)
{
	struct smk_error *err;
	const char *q;
	char *tmp;
	Dwarf_Die target;
	bool is_void;

	switch (dwarf_tag(type)) {
	case DW_TAG_const_type:
		q = "const";
		break;
	case DW_TAG_volatile_type:
		q = "volatile";
		break;
	case DW_TAG_restrict_type:
		q = "restrict";
		break;
	default:
		q = "_Atomic";
		break;
	}
	err = smk_dwarf_die_type(type, &target, &is_void);
	if (err)
		return err;
	if (!is_void && is_pointer_tag(dwarf_tag(&target))) {
		/* "char *const": the qualifier follows the star. */
		err = join(&tmp, q, inner);
		if (err)
			return err;
		err = fmt_type(nm, &target, tmp, 0, depth + 1, ret);
		free(tmp);
		return err;
	}
	err = fmt_type(nm, is_void ? NULL : &target, inner, skip, depth + 1,
		       &tmp);
	if (err)
		return err;
	/*
	 * C has no qualified arrays: the qualifier is the elements'.  gcc
	 * writes "const char banner[]" as const (array (const char)).
	 */
	if (!is_void && dwarf_tag(&target) == DW_TAG_array_type &&
	    elem_has_qualifier(&target, dwarf_tag(type))) {
		*ret = tmp;
		return NULL;
	}
	err = str3(ret, q, " ", tmp);
	free(tmp);
	return err;
}

static struct smk_error *fmt_array(struct namer *nm, Dwarf_Die *type,
				   const char *inner, unsigned int skip,
				   int depth, char **ret)
{
	struct smk_error *err;
	unsigned int ndims, i;
	char *dims, *tmp;
	long long count;

	err = smk_dwarf_array_dims(type, &ndims);
	if (err)
		return err;
	if (skip > ndims)
		return smk_error_create(SMK_ERROR_INVALID,
					"DIE %#llx: %u dimensions, %u indexed",
					die_off(type), ndims, skip);
	dims = strdup("");
	if (!dims)
		return &smk_error_nomem;
	for (i = skip; i < ndims; i++) {
		char dim[32];

		err = smk_dwarf_array_count(type, i, &count);
		if (err)
			goto out;
		if (count < 0)
			strcpy(dim, "[]");
		else
			snprintf(dim, sizeof(dim), "[%lld]", count);
		err = str3(&tmp, dims, dim, "");
		if (err)
			goto out;
		free(dims);
		dims = tmp;
	}
	/* "(*)[4]": an array declarator binds tighter than a star. */
	if (*dims && (inner[0] == '*' || inner[0] == '&')) {
		char *paren;

		err = str3(&paren, "(", inner, ")");
		if (err)
			goto out;
		err = str3(&tmp, paren, dims, "");
		free(paren);
	} else {
		err = str3(&tmp, inner, dims, "");
	}
	if (err)
		goto out;
	err = fmt_target(nm, type, tmp, depth, ret);
	free(tmp);
out:
	free(dims);
	return err;
}

static struct smk_error *fmt_function(struct namer *nm, Dwarf_Die *type,
				      const char *inner, int depth, char **ret)
{
	struct smk_error *err;
	char *params, *tmp, *p;
	Dwarf_Die child;
	bool any = false;
	int r;

	params = strdup("(");
	if (!params)
		return &smk_error_nomem;
	for (r = dwarf_child(type, &child); r == 0; r = next_sibling(&child)) {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_formal_parameter) {
			err = fmt_target(nm, &child, "", depth, &p);
		} else if (tag == DW_TAG_unspecified_parameters) {
			p = strdup("...");
			err = p ? NULL : &smk_error_nomem;
		} else {
			continue;
		}
		if (err)
			goto out;
		err = str3(&tmp, params, any ? ", " : "", p);
		free(p);
		if (err)
			goto out;
		free(params);
		params = tmp;
		any = true;
	}
	if (r < 0) {
		err = broken_libdw(type, "bad parameter list");
		goto out;
	}
	/* "(void)" for a prototype without parameters, "()" for K&R. */
	err = str3(&tmp, params,
		   !any && die_flag(type, DW_AT_prototyped) ? "void" : "",
		   ")");
	if (err)
		goto out;
	free(params);
	params = tmp;
	if (*inner) {
		char *paren;

		err = str3(&paren, "(", inner, ")");
		if (err)
			goto out;
		err = str3(&tmp, paren, params, "");
		free(paren);
		if (err)
			goto out;
		free(params);
		params = tmp;
	}
	err = fmt_target(nm, type, params, depth, ret);
out:
	free(params);
	return err;
}

static struct smk_error *fmt_type(struct namer *nm, Dwarf_Die *type,
				  const char *inner, unsigned int skip,
				  int depth, char **ret)
{
	struct smk_error *err;
	const char *name, *kw;
	char *tmp;
	int tag;

	if (!type)
		return join(ret, "void", inner);
	if (depth > SMK_DWARF_MAX_DEPTH || --nm->visits < 0)
		return too_deep(type);
	tag = dwarf_tag(type);
	switch (tag) {
	case DW_TAG_base_type:
	case DW_TAG_typedef:
		name = dwarf_diename(type);
		if (!name)
			return broken(type, "type without a name");
		return join(ret, tag == DW_TAG_base_type ? base_name(name) :
			    name, inner);
	case DW_TAG_unspecified_type:
		name = dwarf_diename(type);
		return join(ret, name ? name : "void", inner);
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
	case DW_TAG_enumeration_type:
		kw = tag == DW_TAG_structure_type ? "struct " :
		     tag == DW_TAG_union_type ? "union " :
		     tag == DW_TAG_class_type ? "class " : "enum ";
		name = dwarf_diename(type);
		err = str3(&tmp, kw, name ? name : "<anonymous>", "");
		if (err)
			return err;
		err = join(ret, tmp, inner);
		free(tmp);
		return err;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		err = str3(&tmp, tag == DW_TAG_pointer_type ? "*" :
			   tag == DW_TAG_reference_type ? "&" : "&&", inner,
			   "");
		if (err)
			return err;
		err = fmt_target(nm, type, tmp, depth, ret);
		free(tmp);
		return err;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		return fmt_qualified(nm, type, inner, skip, depth, ret);
	case DW_TAG_array_type:
		return fmt_array(nm, type, inner, skip, depth, ret);
	case DW_TAG_subroutine_type:
		return fmt_function(nm, type, inner, depth, ret);
	default:
		return smk_error_create(SMK_ERROR_DWARF,
					"DIE %#llx: tag %#x is not a type",
					die_off(type), tag);
	}
}

struct smk_error *smk_dwarf_type_name_skip(Dwarf_Die *type,
					   unsigned int skip_dims, char **ret)
{
	struct namer nm = { .visits = MAX_TYPE_VISITS };

	*ret = NULL;
	return fmt_type(&nm, type, "", skip_dims, 0, ret);
}

struct smk_error *smk_dwarf_type_name(Dwarf_Die *type, char **ret)
{
	return smk_dwarf_type_name_skip(type, 0, ret);
}

/* Sizes and arrays */

static struct smk_error *nth_subrange(Dwarf_Die *array, unsigned int dim,
				      Dwarf_Die *ret)
{
	unsigned int i = 0;
	int r;

	for (r = dwarf_child(array, ret); r == 0; r = next_sibling(ret)) {
		if (dwarf_tag(ret) == DW_TAG_subrange_type && i++ == dim)
			return NULL;
	}
	if (r < 0)
		return broken_libdw(array, "bad array dimensions");
	return smk_error_create(SMK_ERROR_INVALID,
				"DIE %#llx: no dimension %u", die_off(array),
				dim);
}

struct smk_error *smk_dwarf_array_dims(Dwarf_Die *array, unsigned int *ndims)
{
	Dwarf_Die child;
	int r;

	*ndims = 0;
	for (r = dwarf_child(array, &child); r == 0; r = next_sibling(&child)) {
		if (dwarf_tag(&child) != DW_TAG_subrange_type)
			continue;
		if (++*ndims > MAX_DIMS)
			return broken(array, "too many array dimensions");
	}
	if (r < 0)
		return broken_libdw(array, "bad array dimensions");
	return NULL;
}

/*
 * A constant bound, or false for a computed one (VLA).  gcc writes the
 * upper bound of "int a[0]" as -1 in an unsigned form.
 */
static bool bound_value(Dwarf_Attribute *attr, long long *ret)
{
	Dwarf_Sword s;
	Dwarf_Word u;

	switch (dwarf_whatform(attr)) {
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		if (dwarf_formsdata(attr, &s))
			return false;
		*ret = s;
		return true;
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
	case DW_FORM_udata:
		if (dwarf_formudata(attr, &u))
			return false;
		if (u > (Dwarf_Word)LLONG_MAX ||
		    (dwarf_whatform(attr) == DW_FORM_data4 &&
		     u == UINT32_MAX))
			*ret = -1;
		else
			*ret = (long long)u;
		return true;
	default:
		return false;
	}
}

struct smk_error *smk_dwarf_array_count(Dwarf_Die *array, unsigned int dim,
					long long *count)
{
	struct smk_error *err;
	Dwarf_Attribute attr;
	long long lower = 0, upper;
	Dwarf_Die sub;

	*count = -1;
	err = nth_subrange(array, dim, &sub);
	if (err)
		return err;
	if (dwarf_attr(&sub, DW_AT_count, &attr)) {
		if (bound_value(&attr, count) && *count < 0)
			*count = -1;
		return NULL;
	}
	if (!dwarf_attr(&sub, DW_AT_upper_bound, &attr) ||
	    !bound_value(&attr, &upper))
		return NULL;
	if (dwarf_attr(&sub, DW_AT_lower_bound, &attr) &&
	    !bound_value(&attr, &lower))
		return NULL;
	if (upper < lower)
		*count = 0;
	else if (upper - lower < LLONG_MAX)
		*count = upper - lower + 1;
	return NULL;
}

static int address_size(Dwarf_Die *die)
{
	uint8_t addr_size = 0;
	Dwarf_Die cu;

	if (!dwarf_diecu(die, &cu, &addr_size, NULL) || !addr_size)
		return 8;
	return addr_size;
}

static struct smk_error *no_size(Dwarf_Die *type, unsigned int skip,
				 const char *why)
{
	struct smk_error *err;
	char *name;

	err = smk_dwarf_type_name_skip(type, skip, &name);
	if (err)
		return err;
	err = smk_error_create(SMK_ERROR_UNSUPPORTED, "'%s' has no size: %s",
			       name, why);
	free(name);
	return err;
}

static struct smk_error *type_size(Dwarf_Die *type, unsigned int skip,
				   int depth, Dwarf_Word *ret)
{
	struct smk_error *err;
	Dwarf_Attribute attr;
	Dwarf_Die t, elem;
	bool is_void;
	int tag;

	if (depth > SMK_DWARF_MAX_DEPTH)
		return too_deep(type);
	err = smk_dwarf_type_strip(type, &t, &is_void);
	if (err)
		return err;
	if (is_void)
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"void has no size");
	tag = dwarf_tag(&t);
	if (tag == DW_TAG_array_type) {
		unsigned int ndims, i;
		Dwarf_Word size;

		if (!skip && dwarf_attr(&t, DW_AT_byte_size, &attr) &&
		    dwarf_formudata(&attr, ret) == 0)
			return NULL;
		err = smk_dwarf_die_type(&t, &elem, &is_void);
		if (!err && is_void)
			err = broken(&t, "array of void");
		if (!err)
			err = type_size(&elem, 0, depth + 1, &size);
		if (!err)
			err = smk_dwarf_array_dims(&t, &ndims);
		for (i = skip; !err && i < ndims; i++) {
			long long count;

			err = smk_dwarf_array_count(&t, i, &count);
			if (err)
				break;
			if (count < 0)
				return no_size(&t, skip, "unknown length");
			if (__builtin_mul_overflow(size, (Dwarf_Word)count,
						   &size))
				return broken(&t, "array size overflows");
		}
		if (!err)
			*ret = size;
		return err;
	}
	if (dwarf_attr(&t, DW_AT_byte_size, &attr)) {
		if (dwarf_formudata(&attr, ret))
			return broken_libdw(&t, "bad DW_AT_byte_size");
		return NULL;
	}
	if (is_pointer_tag(tag) || tag == DW_TAG_ptr_to_member_type) {
		*ret = address_size(&t);
		return NULL;
	}
	if (tag == DW_TAG_subroutine_type)
		return no_size(&t, 0, "a function");
	if (die_flag(&t, DW_AT_declaration))
		return no_size(&t, 0, "incomplete type (declared only)");
	return no_size(&t, 0, "no DW_AT_byte_size");
}

struct smk_error *smk_dwarf_type_size_skip(Dwarf_Die *type,
					   unsigned int skip_dims,
					   Dwarf_Word *ret)
{
	return type_size(type, skip_dims, 0, ret);
}

struct smk_error *smk_dwarf_type_size(Dwarf_Die *type, Dwarf_Word *ret)
{
	return type_size(type, 0, 0, ret);
}

/* Members */

static bool die_big_endian(Dwarf_Die *die)
{
	Dwarf *dw = dwarf_cu_getdwarf(die->cu);
	Elf *elf = dw ? dwarf_getelf(dw) : NULL;
	const char *ident = elf ? elf_getident(elf, NULL) : NULL;

	return ident && ident[EI_DATA] == ELFDATA2MSB;
}

static struct smk_error *member_byte_offset(Dwarf_Die *member,
					    Dwarf_Word *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Op *ops;
	size_t nops;

	*ret = 0;
	/* Union members and DWARF 4 bitfields may have none. */
	if (!dwarf_attr_integrate(member, DW_AT_data_member_location, &attr))
		return NULL;
	switch (dwarf_whatform(&attr)) {
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
	case DW_FORM_block:
	case DW_FORM_exprloc:
		/* DWARF 2: DW_OP_plus_uconst N. */
		if (dwarf_getlocation(&attr, &ops, &nops))
			return broken_libdw(member, "bad member location");
		if (nops == 1 && (ops[0].atom == DW_OP_plus_uconst ||
				  ops[0].atom == DW_OP_constu)) {
			*ret = ops[0].number;
			return NULL;
		}
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"member '%s' has a computed location",
					dwarf_diename(member) ?: "<anonymous>");
	default:
		if (dwarf_formudata(&attr, ret))
			return broken_libdw(member, "bad member location");
		return NULL;
	}
}

static struct smk_error *attr_udata(Dwarf_Die *die, int name,
				    Dwarf_Word *ret, bool *has)
{
	Dwarf_Attribute attr;

	*has = dwarf_attr_integrate(die, name, &attr) != NULL;
	if (*has && dwarf_formudata(&attr, ret))
		return broken_libdw(die, "bad bitfield attribute");
	return NULL;
}

struct smk_error *smk_dwarf_member_loc(Dwarf_Die *member,
				       struct smk_dwarf_member_loc *ret)
{
	Dwarf_Word byte, bit_size, dbo, bo, storage = 0, bitpos, unit, rel;
	struct smk_error *err;
	Dwarf_Die type;
	bool has;

	memset(ret, 0, sizeof(*ret));
	err = member_byte_offset(member, &byte);
	if (!err)
		err = attr_udata(member, DW_AT_bit_size, &bit_size, &has);
	if (err)
		return err;
	if (!has) {
		ret->offset = byte;
		return NULL;
	}
	if (bit_size == 0 || bit_size > 64)
		return broken(member, "bad DW_AT_bit_size");

	/* Storage unit: the member's type, or DW_AT_byte_size (DWARF 2). */
	err = attr_udata(member, DW_AT_byte_size, &storage, &has);
	if (!err && !has) {
		bool is_void;

		err = smk_dwarf_die_type(member, &type, &is_void);
		if (!err && is_void)
			err = broken(member, "bitfield of type void");
		if (!err)
			err = smk_dwarf_type_size(&type, &storage);
	}
	if (err)
		return err;
	if (storage > 8)
		storage = 8;

	err = attr_udata(member, DW_AT_data_bit_offset, &dbo, &has);
	if (err)
		return err;
	if (has) {
		bitpos = byte * 8 + dbo;
	} else {
		err = attr_udata(member, DW_AT_bit_offset, &bo, &has);
		if (err)
			return err;
		if (!has)
			bo = die_big_endian(member) ? 0 :
			     storage * 8 - bit_size;
		/* DWARF 2 counts from the most significant bit. */
		if (die_big_endian(member))
			bitpos = byte * 8 + bo;
		else if (bo + bit_size <= storage * 8)
			bitpos = byte * 8 + storage * 8 - bo - bit_size;
		else
			return broken(member, "bad DW_AT_bit_offset");
	}

	/*
	 * The naturally aligned unit of the field's type holds it unless the
	 * struct is packed; then take the smallest power-of-two unit from the
	 * byte where the field starts.
	 */
	unit = storage == 1 || storage == 2 || storage == 4 ? storage : 8;
	byte = bitpos / (unit * 8) * unit;
	rel = bitpos - byte * 8;
	if (rel + bit_size > unit * 8) {
		byte = bitpos / 8;
		rel = bitpos % 8;
		for (unit = 1; unit <= 8 && rel + bit_size > unit * 8;)
			unit *= 2;
		if (unit > 8)
			return smk_error_create(SMK_ERROR_UNSUPPORTED,
						"bitfield '%s' spans more than 8 bytes",
						dwarf_diename(member) ?: "?");
	}
	ret->offset = byte;
	ret->bit_size = bit_size;
	ret->unit_size = unit;
	ret->bit_offset = die_big_endian(member) ?
			  unit * 8 - rel - bit_size : rel;
	return NULL;
}

struct member_search {
	const char *name;
	int visits;
	Dwarf_Die *ret;
	struct smk_dwarf_member_loc *loc;
};

static struct smk_error *find_member_in(struct member_search *ms,
					Dwarf_Die *stype, int depth,
					bool *found)
{
	struct smk_error *err;
	Dwarf_Die child, inner;
	Dwarf_Word off;
	bool is_void;
	int r;

	for (r = dwarf_child(stype, &child); r == 0; r = next_sibling(&child)) {
		const char *name;

		if (dwarf_tag(&child) != DW_TAG_member)
			continue;
		if (--ms->visits < 0)
			return broken(stype, "too many members");
		name = dwarf_diename(&child);
		if (name) {
			if (strcmp(name, ms->name))
				continue;
			*ms->ret = child;
			*found = true;
			return smk_dwarf_member_loc(&child, ms->loc);
		}
		/* An anonymous struct or union: its members are ours. */
		if (depth >= MAX_ANON_DEPTH)
			continue;
		err = smk_dwarf_die_type(&child, &inner, &is_void);
		if (!err && !is_void)
			err = smk_dwarf_type_strip(&inner, &inner, &is_void);
		if (err)
			return err;
		if (is_void || !is_struct_tag(dwarf_tag(&inner)))
			continue;
		err = find_member_in(ms, &inner, depth + 1, found);
		if (err)
			return err;
		if (!*found)
			continue;
		err = member_byte_offset(&child, &off);
		if (err)
			return err;
		ms->loc->offset += off;
		return NULL;
	}
	if (r < 0)
		return broken_libdw(stype, "bad member list");
	return NULL;
}

struct smk_error *smk_dwarf_find_member(Dwarf_Die *type, const char *name,
					Dwarf_Die *ret,
					struct smk_dwarf_member_loc *loc)
{
	struct member_search ms = {
		.name = name, .visits = MAX_MEMBER_VISITS, .ret = ret,
		.loc = loc,
	};
	struct smk_error *err;
	bool is_void, found = false;
	char *tname;
	Dwarf_Die st;

	err = smk_dwarf_type_strip(type, &st, &is_void);
	if (err)
		return err;
	if (!is_void && is_struct_tag(dwarf_tag(&st)) &&
	    !die_flag(&st, DW_AT_declaration)) {
		err = find_member_in(&ms, &st, 0, &found);
		if (err || found)
			return err;
	}
	err = smk_dwarf_type_name(is_void ? NULL : type, &tname);
	if (err)
		return err;
	if (is_void || !is_struct_tag(dwarf_tag(&st)))
		err = smk_error_create(SMK_ERROR_UNSUPPORTED,
				       "'%s' is not a struct or union", tname);
	else if (die_flag(&st, DW_AT_declaration))
		err = smk_error_create(SMK_ERROR_UNSUPPORTED,
				       "'%s' is incomplete here (declared only)",
				       tname);
	else
		err = smk_error_create(SMK_ERROR_NOT_FOUND,
				       "no member '%s' in '%s'", name, tname);
	free(tname);
	return err;
}

/* Variables in scopes */

struct var_search {
	const char *name;
	const char *file;	/* declaration point: scopes[0] */
	int line;
};

/* A local declared after the point we look from is not in scope yet. */
static bool declared_after(struct var_search *vs, Dwarf_Die *die)
{
	const char *file;
	int line;

	if (!vs->file || dwarf_tag(die) != DW_TAG_variable ||
	    dwarf_decl_line(die, &line) || line <= vs->line)
		return false;
	file = dwarf_decl_file(die);
	return file && !strcmp(file, vs->file);
}

static struct smk_error *search_children(struct var_search *vs,
					 Dwarf_Die *scope, bool file_scope,
					 Dwarf_Die *ret, bool *found)
{
	Dwarf_Die child, decl;
	bool have_decl = false;
	int r;

	for (r = dwarf_child(scope, &child); r == 0; r = next_sibling(&child)) {
		int tag = dwarf_tag(&child);
		const char *name;

		if (tag != DW_TAG_variable && tag != DW_TAG_formal_parameter)
			continue;
		name = smk_dwarf_diename_origin(&child);
		if (!name || strcmp(name, vs->name))
			continue;
		if (!file_scope && declared_after(vs, &child))
			continue;
		if (file_scope && die_flag(&child, DW_AT_declaration) &&
		    !dwarf_hasattr(&child, DW_AT_location)) {
			/* extern: keep looking for the definition. */
			if (!have_decl)
				decl = child;
			have_decl = true;
			continue;
		}
		*ret = child;
		*found = true;
		return NULL;
	}
	if (r < 0)
		return broken_libdw(scope, "bad scope");
	if (have_decl) {
		*ret = decl;
		*found = true;
	}
	return NULL;
}

static struct smk_error *search_scope(struct var_search *vs, Dwarf_Die *scope,
				      Dwarf_Die *ret, bool *found)
{
	bool file_scope = is_cu_tag(dwarf_tag(scope));
	struct smk_error *err;
	Dwarf_Attribute attr;
	Dwarf_Die cur = *scope;
	int hop;

	/* A concrete instance first, then the abstract one it copies. */
	for (hop = 0; hop <= MAX_ORIGIN_HOPS; hop++) {
		err = search_children(vs, &cur, file_scope, ret, found);
		if (err || *found)
			return err;
		if (!dwarf_attr(&cur, DW_AT_abstract_origin, &attr))
			return NULL;
		if (!dwarf_formref_die(&attr, &cur))
			return broken_libdw(scope, "bad DW_AT_abstract_origin");
	}
	return NULL;
}

struct smk_error *smk_dwarf_find_variable(Dwarf_Die *scopes, int nscopes,
					  const char *name, Dwarf_Die *ret,
					  int *scope_idx)
{
	struct var_search vs = { .name = name };
	struct smk_error *err;
	bool found = false;
	int i, j;

	if (nscopes > 0 && dwarf_tag(&scopes[0]) == DW_TAG_variable &&
	    dwarf_decl_line(&scopes[0], &vs.line) == 0)
		vs.file = dwarf_decl_file(&scopes[0]);
	for (i = 0; i < nscopes; i++) {
		int tag = dwarf_tag(&scopes[i]);

		if (!is_scope_tag(tag))
			continue;
		err = search_scope(&vs, &scopes[i], ret, &found);
		if (err)
			return err;
		if (found) {
			if (scope_idx)
				*scope_idx = i;
			return NULL;
		}
		if (!is_function_tag(tag))
			continue;
		/* Past a function only its CU: the outermost CU scope. */
		for (j = nscopes - 1; j > i; j--) {
			if (is_cu_tag(dwarf_tag(&scopes[j])))
				break;
		}
		if (j == i)
			break;
		i = j - 1;
	}
	return smk_error_create(SMK_ERROR_NOT_FOUND,
				"no variable '%s' in scope", name);
}

/* Scopes of a declaration, with clang repaired */

static bool is_clang(Dwarf_Die *cu)
{
	Dwarf_Attribute attr;
	const char *producer;

	producer = dwarf_formstring(dwarf_attr(cu, DW_AT_producer, &attr));
	return producer && strstr(producer, "clang");
}

/* clang's home for the statics of a function that is only inlined. */
static bool is_stub_subprogram(Dwarf_Die *die)
{
	return dwarf_tag(die) == DW_TAG_subprogram &&
	       !dwarf_hasattr(die, DW_AT_name) &&
	       !dwarf_hasattr(die, DW_AT_abstract_origin) &&
	       !dwarf_hasattr(die, DW_AT_specification) &&
	       !dwarf_hasattr(die, DW_AT_low_pc) &&
	       !dwarf_hasattr(die, DW_AT_ranges);
}

/* The named function of @file that starts last at or before @line. */
static struct smk_error *function_at(Dwarf_Die *cu, const char *file,
				     int line, Dwarf_Die *ret, bool *found)
{
	Dwarf_Die child;
	int r, best = -1, l;

	for (r = dwarf_child(cu, &child); r == 0; r = next_sibling(&child)) {
		const char *f;

		if (dwarf_tag(&child) != DW_TAG_subprogram ||
		    !dwarf_hasattr(&child, DW_AT_name) ||
		    die_flag(&child, DW_AT_declaration) ||
		    dwarf_decl_line(&child, &l) || l > line || l <= best)
			continue;
		f = dwarf_decl_file(&child);
		if (!f || strcmp(f, file))
			continue;
		best = l;
		*ret = child;
		*found = true;
	}
	if (r < 0)
		return broken_libdw(cu, "bad CU");
	return NULL;
}

struct line_span {
	int lo, hi;
};

static void span_add(struct line_span *s, int line)
{
	if (line < s->lo)
		s->lo = line;
	if (line > s->hi)
		s->hi = line;
}

/*
 * The lines of @file a lexical block covers, approximately: those of its
 * variables' declarations and of the line table rows in its address ranges.
 */
static struct smk_error *block_span(Dwarf_Die *block, Dwarf_Lines *lines,
				    size_t nlines, const char *file,
				    struct line_span *span)
{
	Dwarf_Addr base, start, end;
	Dwarf_Die child;
	ptrdiff_t off = 0;
	int r, line, n = 0;
	size_t i;

	span->lo = INT_MAX;
	span->hi = INT_MIN;
	for (r = dwarf_child(block, &child); r == 0; r = next_sibling(&child)) {
		const char *f;

		if (dwarf_tag(&child) != DW_TAG_variable ||
		    dwarf_decl_line(&child, &line))
			continue;
		f = dwarf_decl_file(&child);
		if (f && !strcmp(f, file))
			span_add(span, line);
	}
	if (r < 0)
		return broken_libdw(block, "bad block");
	while ((off = dwarf_ranges(block, off, &base, &start, &end)) > 0) {
		if (++n > MAX_RANGES)
			return broken(block, "too many address ranges");
		for (i = 0; i < nlines; i++) {
			Dwarf_Line *l = dwarf_onesrcline(lines, i);
			Dwarf_Addr addr;
			const char *f;

			if (!l || dwarf_lineaddr(l, &addr) || addr < start ||
			    addr >= end || dwarf_lineno(l, &line) || !line)
				continue;
			f = dwarf_linesrc(l, NULL, NULL);
			if (f && !strcmp(f, file))
				span_add(span, line);
		}
	}
	return NULL;
}

/*
 * The lexical blocks under @func that enclose @file:@line, outermost first,
 * into blocks[]: at each level the child block whose span holds the line,
 * the narrowest if several do.
 */
static struct smk_error *blocks_at(Dwarf_Die *cu, Dwarf_Die *func,
				   const char *file, int line,
				   Dwarf_Die *blocks, int *nblocks)
{
	struct smk_error *err;
	Dwarf_Lines *lines;
	Dwarf_Die cur = *func, child, best = *func;
	size_t nlines;
	int r;

	*nblocks = 0;
	if (dwarf_getsrclines(cu, &lines, &nlines))
		return NULL;	/* no line table: no repair */
	while (*nblocks < MAX_BLOCK_DEPTH) {
		long best_width = LONG_MAX;

		for (r = dwarf_child(&cur, &child); r == 0;
		     r = next_sibling(&child)) {
			struct line_span span;

			if (dwarf_tag(&child) != DW_TAG_lexical_block)
				continue;
			err = block_span(&child, lines, nlines, file, &span);
			if (err)
				return err;
			if (span.lo <= line && line <= span.hi &&
			    (long)span.hi - span.lo < best_width) {
				best_width = (long)span.hi - span.lo;
				best = child;
			}
		}
		if (r < 0)
			return broken_libdw(&cur, "bad block");
		if (best_width == LONG_MAX)
			break;
		blocks[(*nblocks)++] = best;
		cur = best;
	}
	return NULL;
}

struct smk_error *smk_dwarf_decl_scopes(Dwarf_Die *die, Dwarf_Die **ret,
					int *nret)
{
	Dwarf_Die *scopes, *grown, blocks[MAX_BLOCK_DEPTH];
	struct smk_error *err = NULL;
	int n, k, i, nblocks, line;
	const char *file;

	*ret = NULL;
	*nret = 0;
	n = dwarf_getscopes_die(die, &scopes);
	if (n <= 0)
		return broken_libdw(die, "cannot find the scopes");
	for (k = 1; k < n && !is_function_tag(dwarf_tag(&scopes[k])); k++)
		;
	file = dwarf_decl_file(die);
	if (k == n || !is_clang(&scopes[n - 1]) || !file ||
	    dwarf_decl_line(die, &line))
		goto done;

	if (is_stub_subprogram(&scopes[k])) {
		Dwarf_Die func;
		bool found = false;

		err = function_at(&scopes[n - 1], file, line, &func, &found);
		if (!err && found)
			scopes[k] = func;
		goto done;
	}
	if (k != 1 || dwarf_tag(&scopes[1]) != DW_TAG_subprogram)
		goto done;
	err = blocks_at(&scopes[n - 1], &scopes[1], file, line, blocks,
			&nblocks);
	if (err || !nblocks)
		goto done;
	grown = realloc(scopes, (n + nblocks) * sizeof(*scopes));
	if (!grown) {
		err = &smk_error_nomem;
		goto done;
	}
	scopes = grown;
	memmove(&scopes[1 + nblocks], &scopes[1], (n - 1) * sizeof(*scopes));
	for (i = 0; i < nblocks; i++)
		scopes[1 + i] = blocks[nblocks - 1 - i];
	n += nblocks;
done:
	if (err) {
		free(scopes);
		return err;
	}
	*ret = scopes;
	*nret = n;
	return NULL;
}

/* The DIEs dwarf_getscopes() descends into (libdw's may_have_scopes). */
static bool may_have_scopes(int tag)
{
	switch (tag) {
	case DW_TAG_compile_unit:
	case DW_TAG_module:
	case DW_TAG_lexical_block:
	case DW_TAG_with_stmt:
	case DW_TAG_catch_block:
	case DW_TAG_try_block:
	case DW_TAG_entry_point:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_subprogram:
	case DW_TAG_namespace:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
		return true;
	default:
		return false;
	}
}

/*
 * One level of smk_dwarf_function_at(): the first child of @parent that
 * holds @pc (the children of an imported unit count as @parent's own, in
 * place), then its own children.  1: a child holds @pc; 0: none does;
 * -1: broken DWARF or nested too deep.
 */
static int pc_chain(Dwarf_Die *parent, Dwarf_Addr pc, unsigned int depth,
		    Dwarf_Die *fn, bool *found)
{
	Dwarf_Die child;
	int r;

	if (depth > MAX_SCOPE_DEPTH)
		return -1;
	r = dwarf_child(parent, &child);
	if (r)
		return r < 0 ? -1 : 0;
	do {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_imported_unit) {
			Dwarf_Attribute attr;
			Dwarf_Die unit;

			if (!dwarf_formref_die(dwarf_attr(&child, DW_AT_import,
							  &attr), &unit))
				continue;
			r = pc_chain(&unit, pc, depth + 1, fn, found);
			if (r)
				return r;
			continue;
		}
		r = dwarf_haspc(&child, pc);
		if (r < 0)
			return -1;
		if (!r)
			continue;
		if (is_function_tag(tag)) {
			*fn = child;
			*found = true;
		}
		if (!may_have_scopes(tag) || !dwarf_haschildren(&child))
			return 1;
		return pc_chain(&child, pc, depth + 1, fn, found) < 0 ? -1 : 1;
	} while ((r = dwarf_siblingof(&child, &child)) == 0);
	return r < 0 ? -1 : 0;
}

int smk_dwarf_function_at(Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Die *ret)
{
	bool found = false;

	if (pc_chain(cu, pc, 0, ret, &found) < 0)
		return -1;
	return found;
}


/*
 * Copies of functions per unit (smk_dwarf_copies()): one walk of a unit's
 * DIEs gives, for every function inlined or with code there, how many
 * inlined copies it has and whether it has code of its own; placement
 * asks it for every marker of a function, so it is kept per unit.
 */
struct copies_entry {
	Dwarf_Off origin;
	size_t ninlined;
	bool code;
};

struct copies_unit {
	Dwarf_Off cu;
	struct copies_entry *e;
	size_t n;
	/* What unoptimized clang code looks like (smk_dwarf_cu_unoptimized),
	 * read in the same walk when the producer records no options. */
	struct unopt_facts {
		bool asked;	/* the walk looked */
		bool optimized;	/* something only optimization makes */
		size_t slots;	/* variables and parameters in a frame slot */
	} f;
};

struct copies_cache {
	struct copies_unit *u;
	size_t n;
};

static void copies_cache_free(void *p)
{
	struct copies_cache *c = p;
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++)
		free(c->u[i].e);
	free(c->u);
	free(c);
}

static int copies_cmp(const void *a, const void *b)
{
	const struct copies_entry *x = a, *y = b;

	return x->origin < y->origin ? -1 : x->origin > y->origin;
}

Dwarf_Off smk_dwarf_origin(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die o;

	if (dwarf_attr(die, DW_AT_abstract_origin, &a) &&
	    dwarf_formref_die(&a, &o))
		return dwarf_dieoffset(&o);
	return dwarf_dieoffset(die);
}

/* Is @a's expression one DW_OP_fbreg (a slot of the frame)? */
static bool frame_slot(Dwarf_Attribute *a)
{
	Dwarf_Op *ops;
	size_t n;

	return dwarf_getlocation(a, &ops, &n) == 0 && n == 1 &&
	       ops[0].atom == DW_OP_fbreg;
}

/*
 * The facts of DIE @d (tag @tag) that tell unoptimized code from
 * optimized, into @f: a function inlined, calls described for entry
 * values (DW_AT_call_all_calls: clang and gcc give it only when
 * optimizing), a frame base other than the frame pointer, a variable
 * anywhere but in one frame slot for its whole life.
 */
static void unopt_fact(Dwarf_Die *d, int tag, struct unopt_facts *f)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t n;

	switch (tag) {
	case DW_TAG_inlined_subroutine:
	case DW_TAG_call_site:
	case DW_TAG_GNU_call_site:
		f->optimized = true;
		return;
	case DW_TAG_subprogram:
		if (dwarf_hasattr(d, DW_AT_call_all_calls) ||
		    dwarf_hasattr(d, DW_AT_GNU_all_call_sites) ||
		    dwarf_hasattr(d, DW_AT_call_all_tail_calls) ||
		    dwarf_hasattr(d, DW_AT_GNU_all_tail_call_sites))
			f->optimized = true;
		if (dwarf_attr(d, DW_AT_frame_base, &a) &&
		    (dwarf_getlocation(&a, &ops, &n) != 0 || n != 1 ||
		     ops[0].atom != DW_OP_reg6))
			f->optimized = true;
		return;
	case DW_TAG_formal_parameter:
	case DW_TAG_variable:
		if (!dwarf_attr(d, DW_AT_location, &a))
			return;
		/* Globals (DW_OP_addr) say nothing either way. */
		if (dwarf_getlocation(&a, &ops, &n) == 0 && n >= 1 &&
		    (ops[0].atom == DW_OP_addr || ops[0].atom == DW_OP_addrx))
			return;
		if (frame_slot(&a))
			f->slots++;
		else
			f->optimized = true;
		return;
	}
}

static struct smk_error *copies_walk(Dwarf_Die *cu, struct copies_unit *u)
{
	Dwarf_Die stack[MAX_SCOPE_DEPTH];
	size_t cap = 0, depth = 0, i, j;
	Dwarf_Attribute pa;
	const char *producer;
	int r;

	/* gcc records its options: the facts are for the others. */
	producer = dwarf_formstring(dwarf_attr(cu, DW_AT_producer, &pa));
	u->f.asked = !producer || strncmp(producer, "GNU ", 4);
	if (dwarf_child(cu, &stack[0]) != 0)
		return NULL;
	depth = 1;
	while (depth) {
		Dwarf_Die *d = &stack[depth - 1];
		int tag = dwarf_tag(d);
		Dwarf_Addr lo;

		if (u->f.asked && !u->f.optimized)
			unopt_fact(d, tag, &u->f);

		if (tag == DW_TAG_inlined_subroutine ||
		    (tag == DW_TAG_subprogram &&
		     (dwarf_lowpc(d, &lo) == 0 ||
		      dwarf_hasattr(d, DW_AT_ranges)))) {
			if (u->n == cap) {
				struct copies_entry *ne;

				cap = cap ? 2 * cap : 64;
				ne = realloc(u->e, cap * sizeof(*ne));
				if (!ne)
					return &smk_error_nomem;
				u->e = ne;
			}
			u->e[u->n].origin = smk_dwarf_origin(d);
			u->e[u->n].ninlined = tag == DW_TAG_inlined_subroutine;
			u->e[u->n].code = tag == DW_TAG_subprogram;
			u->n++;
		}
		/* Into the children, else on to the next sibling up. */
		if (dwarf_haschildren(d) && depth < MAX_SCOPE_DEPTH &&
		    dwarf_child(d, &stack[depth]) == 0) {
			depth++;
			continue;
		}
		while (depth) {
			r = dwarf_siblingof(&stack[depth - 1],
					    &stack[depth - 1]);
			if (r == 0)
				break;
			/* A broken tree: what was read so far (fewer
			 * copies, so no claim rests on the rest; nor a
			 * claim of unoptimized code). */
			if (r < 0) {
				depth = 1;
				u->f.optimized = true;
			}
			depth--;
		}
	}
	/* One entry per function. */
	if (u->n)
		qsort(u->e, u->n, sizeof(*u->e), copies_cmp);
	for (i = j = 0; i < u->n; i++) {
		if (j && u->e[j - 1].origin == u->e[i].origin) {
			u->e[j - 1].ninlined += u->e[i].ninlined;
			u->e[j - 1].code |= u->e[i].code;
		} else {
			u->e[j++] = u->e[i];
		}
	}
	u->n = j;
	return NULL;
}

/* Unit @cu's walk, done once per binary. */
static struct smk_error *copies_unit(struct smk_binary *b, Dwarf_Die *cu,
				     struct copies_unit **ret)
{
	struct copies_cache *c = b->copies_cache;
	struct copies_unit *u = NULL;
	Dwarf_Off off = dwarf_dieoffset(cu);
	struct smk_error *err;
	size_t i;

	*ret = NULL;
	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c)
			return &smk_error_nomem;
		b->copies_cache = c;
		b->copies_cache_free = copies_cache_free;
	}
	for (i = 0; i < c->n && !u; i++)
		if (c->u[i].cu == off)
			u = &c->u[i];
	if (!u) {
		struct copies_unit *nu = realloc(c->u,
						 (c->n + 1) * sizeof(*nu));

		if (!nu)
			return &smk_error_nomem;
		c->u = nu;
		u = &c->u[c->n];
		memset(u, 0, sizeof(*u));
		u->cu = off;
		err = copies_walk(cu, u);
		if (err) {
			free(u->e);
			return err;
		}
		c->n++;
	}
	*ret = u;
	return NULL;
}

struct smk_error *smk_dwarf_copies(struct smk_binary *b, Dwarf_Die *cu,
				   Dwarf_Off origin, size_t *ninlined,
				   bool *code)
{
	struct copies_entry key = { .origin = origin }, *hit;
	struct copies_unit *u;
	struct smk_error *err;

	*ninlined = 0;
	*code = false;
	err = copies_unit(b, cu, &u);
	if (err)
		return err;
	hit = u->n ? bsearch(&key, u->e, u->n, sizeof(*u->e), copies_cmp) :
		     NULL;
	if (hit) {
		*ninlined = hit->ninlined;
		*code = hit->code;
	}
	return NULL;
}

bool smk_dwarf_cu_unoptimized(struct smk_binary *b, Dwarf_Die *cu)
{
	Dwarf_Attribute attr;
	const char *p, *o, *last = NULL;
	struct copies_unit *u;
	struct smk_error *err;

	p = dwarf_formstring(dwarf_attr(cu, DW_AT_producer, &attr));
	/* gcc records its options ("GNU C11 12.2.0 ... -g -O0"). */
	if (p && !strncmp(p, "GNU ", 4)) {
		for (o = strstr(p, " -O"); o; o = strstr(o + 1, " -O"))
			last = o;
		/* No -O at all is -O0; the last one wins. */
		return !last || (last[3] == '0' &&
				 (last[4] == ' ' || !last[4]));
	}
	/*
	 * clang records none (unless -grecord-command-line): its code is
	 * taken as unoptimized when the unit shows nothing optimization
	 * makes and at least one local in its frame slot: no function
	 * inlined, no call described for entry values, every frame based
	 * on the frame pointer, every local and parameter with a location
	 * in one slot of the frame for its whole life (no register, no
	 * location list).  Optimized code keeps some value in a register
	 * somewhere; measured on zlib, lua5.4 and bzip2 at clang -O0 to
	 * -Os (bench/realcode) and on csmith programs.
	 */
	err = copies_unit(b, cu, &u);
	if (err) {
		smk_error_destroy(err);
		return false;
	}
	return u->f.asked && !u->f.optimized && u->f.slots > 0;
}
