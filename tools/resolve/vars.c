// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve -V/--vars: the variables in scope at each site of a
 * marker or an --at point, as perf probe -V lists them, each with its C
 * type and the fetch argument that would read it there, or why none can.
 *
 * The scope is the marker's own C scope: the concrete copy of the block
 * that declares its record (an inlined copy has its own), up through its
 * function; for an --at point, the concrete scopes holding the site's
 * address, down to the point's function.  Past the innermost function
 * only file scope is in C scope (a caller's locals are not visible in an
 * inlined callee), and file-scope variables are listed with --externs
 * only, as perf does, because a kernel unit has hundreds.  Each variable
 * is fetched by name through smk_fetch_build(), the very code that
 * fetches marker arguments, so "fetchable here" means what attach does.
 */
#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/dwarf-aux.h"
#include "smk/fetch.h"
#include "smk/placement.h"
#include "vars.h"

/* The instance of @m whose code holds (or ends at) @addr. */
static const struct smk_instance *instance_at(const struct smk_marker *m,
					      uint64_t addr)
{
	const struct smk_instance *end = NULL;
	size_t i, k;

	for (i = 0; i < m->ninstances; i++)
		for (k = 0; k < m->instances[i].nparts; k++) {
			const struct smk_part *pt = &m->instances[i].parts[k];

			if (addr >= pt->addr && addr < pt->addr + pt->size)
				return &m->instances[i];
			if (addr == pt->addr + pt->size && !end)
				end = &m->instances[i];
		}
	return end ? end : m->ninstances ? &m->instances[0] : NULL;
}

struct seen {
	const char **names;
	size_t n;
};

static bool seen_add(struct seen *s, const char *name)
{
	const char **tmp;
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->names[i], name))
			return false;
	tmp = realloc(s->names, (s->n + 1) * sizeof(*tmp));
	if (!tmp)
		return false;
	s->names = tmp;
	s->names[s->n++] = name;
	return true;
}

static void print_var(struct smk_binary *b, Dwarf_Die *var, Dwarf_Die *scopes,
		      int nscopes, uint64_t addr, bool user, struct seen *seen)
{
	const char *name = smk_dwarf_diename_origin(var);
	struct smk_fetch f = { 0 };
	struct smk_error *err;
	char *tname = NULL;
	Dwarf_Die type;
	bool is_void = false;

	/* The marker's own record, and names an inner scope shadows */
	if (!name || !strncmp(name, "__smk_", 6) || !seen_add(seen, name))
		return;
	err = smk_dwarf_die_type(var, &type, &is_void);
	if (!err)
		err = smk_dwarf_type_name(is_void ? NULL : &type, &tname);
	smk_error_destroy(err);
	err = smk_fetch_build(b, scopes, nscopes, addr, name, NULL, user, &f);
	if (err) {
		printf("\t%s %s\tunavailable: %s\n", tname ? tname : "?",
		       name, err->message);
		smk_error_destroy(err);
		free(tname);
		return;
	}
	if (f.spec)
		printf("\t%s %s\t%s:%s\n", tname ? tname : "?", name, f.spec,
		       f.type);
	else
		printf("\t%s %s\tunavailable: %s\n", tname ? tname : "?",
		       name, f.reason ? f.reason : "unknown");
	smk_fetch_deinit(&f);
	free(tname);
}

static void print_children(struct smk_binary *b, Dwarf_Die *scope,
			   Dwarf_Die *scopes, int nscopes, uint64_t addr,
			   bool user, bool file_scope, struct seen *seen)
{
	Dwarf_Die child;
	Dwarf_Attribute a;

	if (dwarf_child(scope, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);

		if (tag != DW_TAG_variable && tag != DW_TAG_formal_parameter)
			continue;
		if (file_scope && dwarf_hasattr(&child, DW_AT_declaration))
			continue;
		if (dwarf_attr_integrate(&child, DW_AT_artificial, &a))
			continue;
		print_var(b, &child, scopes, nscopes, addr, user, seen);
	} while (dwarf_siblingof(&child, &child) == 0);
}

void vars_print(struct smk_binary *b, const struct smk_marker *m,
		const struct smk_placement *p, bool user, bool externs)
{
	Dwarf *dw = smk_binary_dwarf(b);
	size_t i;

	for (i = 0; i < p->nsites; i++) {
		const struct smk_site *s = &p->sites[i];
		const struct smk_instance *in = instance_at(m, s->addr);
		struct seen seen = { 0 };
		Dwarf_Die die, cu, *scopes = NULL;
		bool in_function = true;
		int n = -1, k;

		printf("Variables at %s (%s:%u) in %s, %s+%#llx:\n",
		       p->rec->name, p->rec->file ? p->rec->file : "?",
		       p->line, p->function ? p->function : "?",
		       s->symbol ? s->symbol : "?",
		       (unsigned long long)s->offset);
		if (!dw || !in || !dwarf_offdie(dw, in->scope, &die)) {
			printf("\t(no scope known at this site)\n");
			continue;
		}
		if (m->var)
			n = dwarf_getscopes_die(&die, &scopes);
		else if (dwarf_diecu(&die, &cu, NULL, NULL))
			n = smk_concrete_scopes(&cu, s->addr, in->root,
						&scopes);
		if (n <= 0) {
			printf("\t(no scope known at this site)\n");
			free(scopes);
			continue;
		}
		for (k = 0; k < n; k++) {
			int tag = dwarf_tag(&scopes[k]);
			Dwarf_Attribute a;
			Dwarf_Die origin;

			if (tag == DW_TAG_compile_unit) {
				if (externs)
					print_children(b, &scopes[k], scopes, n,
						       s->addr, user, true,
						       &seen);
				continue;
			}
			if (!in_function)
				continue;
			print_children(b, &scopes[k], scopes, n, s->addr, user,
				       false, &seen);
			/* What the concrete copy left out, the abstract
			 * one still declares (and the fetch says why). */
			if (dwarf_formref_die(dwarf_attr(&scopes[k],
							 DW_AT_abstract_origin,
							 &a), &origin))
				print_children(b, &origin, scopes, n, s->addr,
					       user, false, &seen);
			if (tag == DW_TAG_subprogram ||
			    tag == DW_TAG_inlined_subroutine)
				in_function = false;
		}
		free(seen.names);
		free(scopes);
	}
	if (!p->nsites)
		printf("Variables at %s (%s:%u): none, the marker is not "
		       "placed: %s\n", p->rec->name,
		       p->rec->file ? p->rec->file : "?", p->line,
		       p->reason ? p->reason : "not found");
}
