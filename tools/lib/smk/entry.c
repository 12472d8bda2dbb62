// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Entry values: the entry and return events, and the reader's join.
 * See entry.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry.h"

bool smk_entry_site_has(const struct smk_site *s)
{
	unsigned int k;

	for (k = 0; k < s->nfetch; k++)
		if (s->fetch[k].how == SMK_FETCH_ENTRY &&
		    s->fetch[k].entry.spec)
			return true;
	return false;
}

/* The index of @symbol among the entry functions of @p, site order. */
static int function_index(const struct smk_placement *p, const char *symbol)
{
	const char *seen[64];
	unsigned int nseen = 0, j, k;
	size_t i;

	for (i = 0; i < p->nsites; i++) {
		for (k = 0; k < p->sites[i].nfetch; k++) {
			const struct smk_fetch *f = &p->sites[i].fetch[k];

			if (f->how != SMK_FETCH_ENTRY || !f->entry.symbol)
				continue;
			for (j = 0; j < nseen; j++)
				if (!strcmp(seen[j], f->entry.symbol))
					break;
			if (j == nseen) {
				if (nseen == sizeof(seen) / sizeof(*seen))
					return -1;
				seen[nseen++] = f->entry.symbol;
			}
			if (!strcmp(seen[j], symbol))
				return (int)j;
		}
	}
	return -1;
}

struct smk_error *smk_entry_event_names(const struct smk_placement *p,
					const char *base, const char *symbol,
					char *buf, char *ret_buf)
{
	char name[2 * SMK_PROBE_NAME_MAX];
	struct smk_error *err;
	int j = function_index(p, symbol);

	if (j < 0)
		return smk_error_create(SMK_ERROR_INVALID,
					"%s: no entry value in %s", base,
					symbol);
	snprintf(name, sizeof(name), "%s__entry", base);
	err = smk_probe_event_name(buf, name, j ? (unsigned int)j + 1 : 0);
	if (err)
		return err;
	snprintf(name, sizeof(name), "%s__return", base);
	return smk_probe_event_name(ret_buf, name,
				    j ? (unsigned int)j + 1 : 0);
}

static struct smk_error *grow(struct smk_probe_event **evs, size_t n)
{
	struct smk_probe_event *tmp = realloc(*evs, (n + 2) * sizeof(*tmp));

	if (!tmp)
		return &smk_error_nomem;
	*evs = tmp;
	smk_probe_event_init(&tmp[n]);
	smk_probe_event_init(&tmp[n + 1]);
	return NULL;
}

static struct smk_error *target(struct smk_probe_event *ev,
				const char *module, const char *path,
				const struct smk_fetch *f)
{
	int r;

	if (path)
		r = asprintf(&ev->target, "%s:0x%llx", path,
			     (unsigned long long)f->entry.file_offset);
	else
		r = asprintf(&ev->target, "%s%s%s+0", module ? module : "",
			     module ? ":" : "", f->entry.symbol);
	if (r < 0) {
		ev->target = NULL;
		return &smk_error_nomem;
	}
	return NULL;
}

/* One function's two events, from the entry values of @p in @symbol. */
static struct smk_error *function_events(const char *group, const char *base,
					 const char *module, const char *path,
					 const struct smk_placement *p,
					 const struct smk_fetch *first,
					 struct smk_probe_event *ev)
{
	struct smk_probe_event *ret = ev + 1;
	struct smk_error *err;
	unsigned int k, j;
	size_t i;

	err = smk_entry_event_names(p, base, first->entry.symbol, ev->event,
				    ret->event);
	if (err)
		return err;
	if (strlen(group) > SMK_PROBE_NAME_MAX)
		return smk_error_create(SMK_ERROR_INVALID,
					"group name '%s' too long", group);
	strcpy(ev->group, group);
	strcpy(ret->group, group);
	ret->kind = 'r';
	if ((err = target(ev, module, path, first)) ||
	    (err = target(ret, module, path, first)))
		return err;
	for (i = 0; i < p->nsites; i++) {
		for (k = 0; k < p->sites[i].nfetch; k++) {
			const struct smk_fetch *f = &p->sites[i].fetch[k];

			if (f->how != SMK_FETCH_ENTRY || !f->entry.symbol ||
			    strcmp(f->entry.symbol, first->entry.symbol))
				continue;
			for (j = 0; j < ev->nargs; j++)
				if (!strcmp(ev->args[j].name, f->name))
					break;
			if (j < ev->nargs) {
				/* The same name twice: the same value? */
				if (strcmp(ev->args[j].spec, f->entry.spec) ||
				    strcmp(ev->args[j].type, f->type))
					return smk_error_create(
						SMK_ERROR_INVALID,
						"%s: entry value '%s' read two "
						"ways", base, f->name);
				continue;
			}
			err = smk_probe_event_add_arg(ev, f->name,
						      f->entry.spec, f->type);
			if (err)
				return err;
		}
	}
	if ((err = smk_probe_event_add_arg(ev, SMK_ENTRY_SP_FIELD, "%sp",
					   "x64")) ||
	    (err = smk_probe_event_add_arg(ret, SMK_ENTRY_SP_FIELD, "%sp",
					   "x64")))
		return err;
	if ((err = smk_probe_event_validate(ev)))
		return err;
	return smk_probe_event_validate(ret);
}

struct smk_error *smk_entry_events(const char *group, const char *base,
				   const char *module, const char *path,
				   const struct smk_placement *p,
				   struct smk_probe_event **evs, size_t *n)
{
	struct smk_error *err;
	unsigned int k;
	size_t i;
	int done = -1;

	for (i = 0; i < p->nsites; i++) {
		for (k = 0; k < p->sites[i].nfetch; k++) {
			const struct smk_fetch *f = &p->sites[i].fetch[k];
			int j;

			if (f->how != SMK_FETCH_ENTRY || !f->entry.symbol)
				continue;
			j = function_index(p, f->entry.symbol);
			if (j < 0)
				return smk_error_create(SMK_ERROR_INVALID,
					"%s: too many entry functions", base);
			if (j <= done)
				continue;
			done = j;
			if ((err = grow(evs, *n)))
				return err;
			err = function_events(group, base, module, path, p, f,
					      &(*evs)[*n]);
			*n += 2;	/* freed by the caller, even half made */
			if (err)
				return err;
		}
	}
	return NULL;
}

/* The join */

enum { STACK_MAX = 1 << 16 };	/* entries kept per task and event */

struct entry {
	char *fields;
	uint64_t sp;
};

struct stack {
	int pid;
	char *event;
	struct entry *e;
	size_t n, cap;
};

struct smk_entry_join {
	struct stack *s;
	size_t n, cap;
};

struct smk_error *smk_entry_join_create(struct smk_entry_join **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &smk_error_nomem;
}

static void stack_clear(struct stack *s)
{
	while (s->n)
		free(s->e[--s->n].fields);
}

void smk_entry_join_lost(struct smk_entry_join *j)
{
	size_t i;

	for (i = 0; j && i < j->n; i++)
		stack_clear(&j->s[i]);
}

void smk_entry_join_destroy(struct smk_entry_join *j)
{
	size_t i;

	if (!j)
		return;
	for (i = 0; i < j->n; i++) {
		stack_clear(&j->s[i]);
		free(j->s[i].e);
		free(j->s[i].event);
	}
	free(j->s);
	free(j);
}

static struct stack *stack_of(struct smk_entry_join *j, int pid,
			      const char *event, bool make)
{
	struct stack *s;
	size_t i;

	for (i = 0; i < j->n; i++)
		if (j->s[i].pid == pid && !strcmp(j->s[i].event, event))
			return &j->s[i];
	if (!make)
		return NULL;
	if (j->n == j->cap) {
		size_t cap = j->cap ? 2 * j->cap : 16;

		s = realloc(j->s, cap * sizeof(*s));
		if (!s)
			return NULL;
		j->s = s;
		j->cap = cap;
	}
	s = &j->s[j->n];
	memset(s, 0, sizeof(*s));
	s->pid = pid;
	s->event = strdup(event);
	if (!s->event)
		return NULL;
	j->n++;
	return s;
}

bool smk_entry_field(const char *fields, const char *name, char *buf,
		     size_t size)
{
	const char *p = fields;
	size_t n = strlen(name);

	while (p && *p) {
		const char *eq, *end;

		while (*p == ' ')
			p++;
		eq = strchr(p, '=');
		if (!eq)
			return false;
		if ((size_t)(eq - p) == n && !strncmp(p, name, n)) {
			if (eq[1] == '"')
				return false;
			end = eq + 1 + strcspn(eq + 1, " ");
			if (end == eq + 1 || (size_t)(end - eq - 1) >= size)
				return false;
			memcpy(buf, eq + 1, (size_t)(end - eq - 1));
			buf[end - eq - 1] = '\0';
			return true;
		}
		p = eq + 1;
		if (*p == '"') {
			p = strchr(p + 1, '"');
			if (p)
				p++;
		} else {
			p = strchr(p, ' ');
		}
	}
	return false;
}

static bool sp_of(const char *fields, uint64_t *sp)
{
	char text[32], *end;

	if (!smk_entry_field(fields, SMK_ENTRY_SP_FIELD, text, sizeof(text)))
		return false;
	errno = 0;
	*sp = strtoull(text, &end, 0);
	return !errno && end != text && !*end;
}

struct smk_error *smk_entry_join_push(struct smk_entry_join *j, int pid,
				      const char *event, const char *fields)
{
	struct stack *s = stack_of(j, pid, event, true);
	struct entry *e;
	uint64_t sp;

	if (!s)
		return &smk_error_nomem;
	if (!sp_of(fields, &sp)) {
		/* Not ours, or cut: nothing below it can be trusted. */
		stack_clear(s);
		return NULL;
	}
	/* Entries at or below this one's frame are gone (a lost return). */
	while (s->n && s->e[s->n - 1].sp <= sp)
		free(s->e[--s->n].fields);
	if (s->n >= STACK_MAX) {
		/* A hostile or broken trace: forget rather than guess. */
		stack_clear(s);
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;

		e = realloc(s->e, cap * sizeof(*e));
		if (!e)
			return &smk_error_nomem;
		s->e = e;
		s->cap = cap;
	}
	e = &s->e[s->n];
	e->fields = strdup(fields);
	if (!e->fields)
		return &smk_error_nomem;
	e->sp = sp;
	s->n++;
	return NULL;
}

void smk_entry_join_pop(struct smk_entry_join *j, int pid, const char *entry,
			const char *fields)
{
	struct stack *s = stack_of(j, pid, entry, false);
	uint64_t sp;

	if (!s)
		return;
	if (!sp_of(fields, &sp)) {
		stack_clear(s);
		return;
	}
	/* The returning activation (entry sp + 8) and any deeper one. */
	while (s->n && s->e[s->n - 1].sp < sp)
		free(s->e[--s->n].fields);
}

const char *smk_entry_join_find(struct smk_entry_join *j, int pid,
				const char *entry, const char *fields,
				const char **why)
{
	struct stack *s = stack_of(j, pid, entry, false);
	uint64_t sp;

	if (!sp_of(fields, &sp)) {
		*why = "no stack pointer in the marker's event";
		return NULL;
	}
	while (s && s->n && s->e[s->n - 1].sp < sp)
		free(s->e[--s->n].fields);
	if (!s || !s->n) {
		*why = "no entry event for this activation: entered before "
		       "the probes were attached or events were lost";
		return NULL;
	}
	return s->e[s->n - 1].fields;
}
