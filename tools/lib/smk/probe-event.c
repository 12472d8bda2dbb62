// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * kprobe_events/uprobe_events lines.  The validator is an allow-list: it
 * admits the syntax this project generates and nothing else, so the
 * kernel's parser (argv_split() on whitespace, "-:" for removal, the type
 * after the first ':', the uprobe offset after the last ':') never sees a
 * character that could change how it splits a line.  Limits are the
 * kernel's, so a line that passes is also one the kernel can take whole.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry.h"
#include "probe-event.h"

/* Field names in errors; values are shown escaped and cut to this size. */
enum { SHOW_MAX = 80, MODULE_NAME_MAX = 55, SYMBOL_MAX = 511 };

/* Fields the kernel puts in every probe event: not usable as arguments. */
static const char *const reserved_names[] = {
	"common_type", "common_flags", "common_preempt_count", "common_pid",
	"common_tgid", "__probe_ip", "__probe_ret_ip", "__probe_func",
};

void smk_probe_event_init(struct smk_probe_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	ev->kind = 'p';
}

void smk_probe_event_deinit(struct smk_probe_event *ev)
{
	unsigned int i;

	if (!ev)
		return;
	for (i = 0; i < ev->nargs; i++)
		free(ev->args[i].spec);
	free(ev->args);
	free(ev->target);
	smk_probe_event_init(ev);
}

void smk_probe_events_destroy(struct smk_probe_event *evs, size_t n)
{
	size_t i;

	for (i = 0; evs && i < n; i++)
		smk_probe_event_deinit(&evs[i]);
	free(evs);
}

/* @s quoted and escaped for an error message, cut at SHOW_MAX bytes. */
static void show(char *buf, size_t size, const char *s)
{
	size_t o = 0, i;

	buf[o++] = '"';
	for (i = 0; s[i] && o + 8 < size; i++) {
		unsigned char c = s[i];

		if (i >= SHOW_MAX) {
			o += snprintf(buf + o, size - o, "...");
			break;
		}
		if (c == '\n')
			o += snprintf(buf + o, size - o, "\\n");
		else if (c == '\t')
			o += snprintf(buf + o, size - o, "\\t");
		else if (c == '"' || c == '\\')
			o += snprintf(buf + o, size - o, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			o += snprintf(buf + o, size - o, "\\x%02x", c);
		else
			buf[o++] = c;
	}
	buf[o++] = '"';
	buf[o] = '\0';
}

/* One character as the error shows it: 'x' or \xHH. */
static void show_char(char *buf, size_t size, unsigned char c)
{
	if (c > 0x20 && c < 0x7f && c != '\'' && c != '\\')
		snprintf(buf, size, "'%c'", c);
	else
		snprintf(buf, size, "\\x%02x", c);
}

static struct smk_error *bad_char(const char *field, const char *value,
				  size_t at, const char *rule)
{
	char v[SHOW_MAX * 4 + 16], c[8];

	show(v, sizeof(v), value);
	show_char(c, sizeof(c), value[at]);
	return smk_error_create(SMK_ERROR_INVALID,
				"%s %s: character %s at offset %zu: %s",
				field, v, c, at, rule);
}

static struct smk_error *bad(const char *field, const char *value,
			     const char *why)
{
	char v[SHOW_MAX * 4 + 16];

	show(v, sizeof(v), value);
	return smk_error_create(SMK_ERROR_INVALID, "%s %s: %s", field, v, why);
}

static bool is_alpha_(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_xdigit(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static const char name_rule[] =
	"names are [A-Za-z_][A-Za-z0-9_]*";

/* [A-Za-z_][A-Za-z0-9_]{0,max-1} */
static struct smk_error *check_name(const char *field, const char *s,
				    size_t max)
{
	size_t i;

	if (!*s)
		return bad(field, s, "empty");
	for (i = 0; s[i]; i++) {
		if (!is_alpha_(s[i]) && !(i && is_digit(s[i])))
			return bad_char(field, s, i, name_rule);
	}
	if (i > max) {
		char why[64];

		snprintf(why, sizeof(why), "longer than %zu bytes", max);
		return bad(field, s, why);
	}
	return NULL;
}

struct smk_error *smk_probe_name_check(const char *field, const char *name)
{
	return check_name(field, name, SMK_PROBE_NAME_MAX);
}

/* Fetch specs: registers, derefs, globals, immediates; no ':' (the kernel
 * takes the type from the first ':'), no space, no quote. */
static bool spec_char(char c)
{
	return is_alpha_(c) || is_digit(c) || (c && strchr("%@+-().\\/", c));
}

/* Types: "s32", "string", "b3@2/32", "x8[4]". */
static bool type_char(char c)
{
	return is_alpha_(c) || is_digit(c) || (c && strchr("@/[]", c));
}

static struct smk_error *check_arg(const struct smk_probe_event *ev,
				   unsigned int idx)
{
	const struct smk_probe_arg *a = &ev->args[idx];
	struct smk_error *err;
	char field[64 + SMK_PROBE_ARG_NAME_MAX];
	size_t i, n;

	snprintf(field, sizeof(field), "argument %u name", idx + 1);
	if (!memchr(a->name, '\0', sizeof(a->name)))
		return smk_error_create(SMK_ERROR_INVALID,
					"%s: not terminated", field);
	err = check_name(field, a->name, SMK_PROBE_ARG_NAME_MAX);
	if (err)
		return err;
	for (i = 0; i < sizeof(reserved_names) / sizeof(*reserved_names); i++)
		if (!strcmp(a->name, reserved_names[i]))
			return bad(field, a->name,
				   "reserved for the kernel's own fields");
	for (i = 0; i < idx; i++)
		if (!strcmp(a->name, ev->args[i].name))
			return bad(field, a->name, "used twice");

	snprintf(field, sizeof(field), "argument %s fetch spec", a->name);
	if (!a->spec || !*a->spec)
		return smk_error_create(SMK_ERROR_INVALID, "%s: empty", field);
	if (!strncmp(a->spec, "-:", 2))
		return bad(field, a->spec, "starts with \"-:\"");
	for (i = 0; a->spec[i]; i++)
		if (!spec_char(a->spec[i]))
			return bad_char(field, a->spec, i,
					"specs are made of [A-Za-z0-9_%@+-().\\/]");
	n = i;

	snprintf(field, sizeof(field), "argument %s type", a->name);
	if (!memchr(a->type, '\0', sizeof(a->type)))
		return smk_error_create(SMK_ERROR_INVALID,
					"%s: not terminated", field);
	for (i = 0; a->type[i]; i++)
		if (!type_char(a->type[i]))
			return bad_char(field, a->type, i,
					"types are made of [A-Za-z0-9_@/[]]");
	if (i)
		n += 1 + i;
	if (n > SMK_PROBE_ARGSTR_MAX) {
		snprintf(field, sizeof(field), "argument %s", a->name);
		return bad(field, a->spec,
			   "fetch spec and type longer than 63 bytes");
	}
	return NULL;
}

static const char path_rule[] =
	"paths may not contain whitespace, control characters, '\\', quotes, "
	"':', '(', ')' or non-ASCII bytes";

static bool path_char(unsigned char c)
{
	return c > 0x20 && c < 0x7f && !strchr("\\\"':()", c);
}

/* "0x" and 1 to 16 hex digits at @s; returns the length or 0. */
static size_t hex_len(const char *s)
{
	size_t i;

	if (s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; is_xdigit(s[i]); i++)
		if (i >= 18)
			return 0;
	return i > 2 ? i : 0;
}

static struct smk_error *check_uprobe_target(const char *t)
{
	static const char field[] = "uprobe target";
	/* the kernel takes the offset after the last ':' */
	const char *colon = strrchr(t, ':'), *p;
	size_t i, n;

	if (!colon)
		return bad(field, t, "no \":OFFSET\" after the path");
	for (i = 1; t + i < colon; i++)
		if (!path_char(t[i]))
			return bad_char(field, t, i, path_rule);
	if (i < 2)
		return bad(field, t, "empty path");
	p = colon + 1;
	n = hex_len(p);
	if (!n)
		return bad_char(field, t, p - t,
				"the offset after the path must be 0x and 1 to "
				"16 hex digits");
	p += n;
	if (*p == '(') {
		n = hex_len(p + 1);
		if (!n || p[1 + n] != ')')
			return bad_char(field, t, p + 1 - t,
					"a semaphore offset must be (0xHEX)");
		p += n + 2;
	}
	if (*p)
		return bad_char(field, t, p - t,
				"nothing may follow the offset");
	return NULL;
}

static struct smk_error *check_kprobe_target(const char *t)
{
	static const char field[] = "kprobe target";
	const char *sym = t, *p;
	size_t i;

	p = strchr(t, ':');
	if (p) {
		for (i = 0; t + i < p; i++)
			if (!is_alpha_(t[i]) && !is_digit(t[i]) && t[i] != '-')
				return bad_char(field, t, i,
						"module names are [A-Za-z0-9_-]");
		if (!i)
			return bad(field, t, "empty module name");
		if (i > MODULE_NAME_MAX)
			return bad(field, t, "module name too long");
		sym = p + 1;
	}
	if (!*sym || *sym == '+')
		return bad(field, t, "no symbol");
	for (p = sym; *p && *p != '+'; p++) {
		if (!is_alpha_(*p) && *p != '.' && !(p > sym && is_digit(*p)))
			return bad_char(field, t, p - t,
					"symbols are [A-Za-z_.][A-Za-z0-9_.]*");
	}
	if (p - sym > SYMBOL_MAX)
		return bad(field, t, "symbol too long");
	if (*p == '+') {
		const char *off = ++p;
		size_t n = hex_len(off);

		if (!n) {
			for (n = 0; is_digit(off[n]); n++)
				;
			if (!n || n > 20 || (off[0] == '0' && off[1] == 'x'))
				return bad_char(field, t, off - t,
						"the offset must be decimal or 0xHEX");
		}
		p = off + n;
	}
	if (*p)
		return bad_char(field, t, p - t,
				"nothing may follow the offset");
	return NULL;
}

char smk_probe_event_file_kind(const struct smk_probe_event *ev)
{
	return ev->target && ev->target[0] == '/' ? 'u' : 'k';
}

static size_t line_length(const struct smk_probe_event *ev)
{
	size_t n = 2 + strlen(ev->group) + 1 + strlen(ev->event) + 1 +
		   strlen(ev->target);
	unsigned int i;

	for (i = 0; i < ev->nargs; i++) {
		n += 1 + strlen(ev->args[i].name) + 1 + strlen(ev->args[i].spec);
		if (ev->args[i].type[0])
			n += 1 + strlen(ev->args[i].type);
	}
	return n;
}

struct smk_error *smk_probe_event_validate(const struct smk_probe_event *ev)
{
	struct smk_error *err;
	unsigned int i;
	size_t n;

	if (ev->kind != 'p' && ev->kind != 'r')
		return smk_error_create(SMK_ERROR_INVALID,
					"probe kind: \\x%02x is neither 'p' nor 'r'",
					(unsigned char)ev->kind);
	if (!memchr(ev->group, '\0', sizeof(ev->group)) ||
	    !memchr(ev->event, '\0', sizeof(ev->event)))
		return smk_error_create(SMK_ERROR_INVALID,
					"probe name: not terminated");
	err = check_name("group name", ev->group, SMK_PROBE_NAME_MAX);
	if (!err)
		err = check_name("event name", ev->event, SMK_PROBE_NAME_MAX);
	if (err)
		return err;
	if (!ev->target || !*ev->target)
		return smk_error_create(SMK_ERROR_INVALID,
					"probe target: empty");
	if (!strncmp(ev->target, "-:", 2))
		return bad("probe target", ev->target, "starts with \"-:\"");
	err = ev->target[0] == '/' ? check_uprobe_target(ev->target) :
				     check_kprobe_target(ev->target);
	if (err)
		return err;
	if (ev->nargs > SMK_PROBE_MAX_ARGS)
		return smk_error_create(SMK_ERROR_INVALID,
					"%u arguments: at most %d", ev->nargs,
					SMK_PROBE_MAX_ARGS);
	for (i = 0; i < ev->nargs; i++) {
		err = check_arg(ev, i);
		if (err)
			return err;
	}
	n = line_length(ev);
	if (n > SMK_PROBE_LINE_MAX)
		return smk_error_create(SMK_ERROR_INVALID,
					"probe %s/%s: the line would be %zu bytes, "
					"the kernel takes at most %d",
					ev->group, ev->event, n,
					SMK_PROBE_LINE_MAX);
	return NULL;
}

struct smk_error *smk_probe_event_format(const struct smk_probe_event *ev,
					 char **line)
{
	struct smk_error *err;
	size_t size, o;
	unsigned int i;
	char *s;

	*line = NULL;
	err = smk_probe_event_validate(ev);
	if (err)
		return err;
	size = line_length(ev) + 1;
	s = malloc(size);
	if (!s)
		return &smk_error_nomem;
	o = snprintf(s, size, "%c:%s/%s %s", ev->kind, ev->group, ev->event,
		     ev->target);
	for (i = 0; i < ev->nargs; i++) {
		const struct smk_probe_arg *a = &ev->args[i];

		o += snprintf(s + o, size - o, " %s=%s%s%s", a->name, a->spec,
			      a->type[0] ? ":" : "", a->type);
	}
	*line = s;
	return NULL;
}

struct smk_error *smk_probe_event_add_arg(struct smk_probe_event *ev,
					  const char *name, const char *spec,
					  const char *type)
{
	struct smk_probe_arg *args, *a;

	if (strlen(name) > SMK_PROBE_ARG_NAME_MAX)
		return bad("argument name", name, "longer than 32 bytes");
	if (type && strlen(type) > SMK_PROBE_TYPE_MAX)
		return bad("argument type", type, "longer than 31 bytes");
	if (ev->nargs >= SMK_PROBE_MAX_ARGS)
		return smk_error_create(SMK_ERROR_INVALID,
					"more than %d arguments",
					SMK_PROBE_MAX_ARGS);
	args = realloc(ev->args, (ev->nargs + 1) * sizeof(*args));
	if (!args)
		return &smk_error_nomem;
	ev->args = args;
	a = &args[ev->nargs];
	memset(a, 0, sizeof(*a));
	a->spec = strdup(spec);
	if (!a->spec)
		return &smk_error_nomem;
	strcpy(a->name, name);
	if (type)
		strcpy(a->type, type);
	ev->nargs++;
	return NULL;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

/* The next whitespace-separated token of *@p into a new string. */
static struct smk_error *next_token(const char **p, char **tok)
{
	const char *s = *p, *e;

	while (is_space(*s))
		s++;
	for (e = s; *e && !is_space(*e); e++)
		;
	*tok = NULL;
	*p = e;
	if (e == s)
		return NULL;
	*tok = strndup(s, e - s);
	return *tok ? NULL : &smk_error_nomem;
}

static struct smk_error *parse_head(const char *line, const char *head,
				    struct smk_probe_event *ev)
{
	const char *name, *slash;
	size_t n;

	if (head[0] != 'p' && head[0] != 'r')
		return bad("probe definition", line,
			   "does not start with 'p' or 'r'");
	ev->kind = head[0];
	if (!head[1])
		return NULL;	/* no name: the kernel would make one */
	if (head[1] != ':')
		return bad("probe definition", line,
			   "expected ':' after the probe kind");
	name = head + 2;
	slash = strchr(name, '/');
	if (slash) {
		n = slash - name;
		if (n > SMK_PROBE_NAME_MAX)
			return bad("group name", line, "too long");
		memcpy(ev->group, name, n);
		ev->group[n] = '\0';
		name = slash + 1;
	}
	if (strlen(name) > SMK_PROBE_NAME_MAX)
		return bad("event name", line, "too long");
	strcpy(ev->event, name);
	return NULL;
}

static struct smk_error *parse_arg(const char *tok,
				   struct smk_probe_event *ev)
{
	const char *eq = strchr(tok, '='), *colon;
	char name[SMK_PROBE_ARG_NAME_MAX + 1];
	char type[SMK_PROBE_TYPE_MAX + 1] = "";
	struct smk_error *err;
	char *spec;

	if (!eq || eq == tok)
		return bad("probe argument", tok, "no NAME= before the fetch");
	if ((size_t)(eq - tok) > SMK_PROBE_ARG_NAME_MAX)
		return bad("argument name", tok, "longer than 32 bytes");
	memcpy(name, tok, eq - tok);
	name[eq - tok] = '\0';
	colon = strchr(eq + 1, ':');
	if (colon) {
		if (strlen(colon + 1) > SMK_PROBE_TYPE_MAX)
			return bad("argument type", tok, "too long");
		strcpy(type, colon + 1);
		spec = strndup(eq + 1, colon - eq - 1);
	} else {
		spec = strdup(eq + 1);
	}
	if (!spec)
		return &smk_error_nomem;
	err = smk_probe_event_add_arg(ev, name, spec, type);
	free(spec);
	return err;
}

struct smk_error *smk_probe_event_parse(const char *line,
					struct smk_probe_event *ev)
{
	struct smk_error *err;
	const char *p = line;
	size_t len = strlen(line);
	char *tok;

	smk_probe_event_init(ev);
	if (len && line[len - 1] == '\n')
		len--;
	if (memchr(line, '\n', len))
		return bad("probe definition", line, "more than one line");
	if (len > SMK_PROBE_LINE_MAX)
		return smk_error_create(SMK_ERROR_INVALID,
					"probe definition: %zu bytes, at most %d",
					len, SMK_PROBE_LINE_MAX);
	err = next_token(&p, &tok);
	if (err)
		return err;
	if (!tok)
		return smk_error_create(SMK_ERROR_INVALID,
					"probe definition: empty line");
	err = parse_head(line, tok, ev);
	free(tok);
	if (err)
		return err;
	err = next_token(&p, &ev->target);
	if (err)
		return err;
	if (!ev->target)
		return bad("probe definition", line, "no target");
	for (;;) {
		err = next_token(&p, &tok);
		if (err || !tok)
			return err;
		err = parse_arg(tok, ev);
		free(tok);
		if (err)
			return err;
	}
}

/* Copy @src into @dst (SMK_PROBE_ARG_NAME_MAX + 1 bytes), cut to fit. */
static void copy_cut(char *dst, const char *src, size_t max)
{
	size_t n = strnlen(src, max);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

struct smk_error *smk_probe_event_from_site(const char *group,
					    const char *event,
					    const char *module,
					    const char *path,
					    const struct smk_site *site,
					    struct smk_probe_event *ev)
{
	struct smk_error *err;
	unsigned int i, j;
	int r;

	smk_probe_event_init(ev);
	if (strlen(group) > SMK_PROBE_NAME_MAX)
		return bad("group name", group, "longer than 63 bytes");
	if (strlen(event) > SMK_PROBE_NAME_MAX)
		return bad("event name", event, "longer than 63 bytes");
	strcpy(ev->group, group);
	strcpy(ev->event, event);
	if (path) {
		if (path[0] != '/')
			return bad("uprobe path", path, "not absolute");
		r = asprintf(&ev->target, "%s:0x%llx", path,
			     (unsigned long long)site->file_offset);
	} else {
		if (!site->symbol)
			return smk_error_create(SMK_ERROR_INVALID,
						"kprobe site 0x%llx: no symbol",
						(unsigned long long)site->addr);
		r = asprintf(&ev->target, "%s%s%s+0x%llx",
			     module ? module : "", module ? ":" : "",
			     site->symbol, (unsigned long long)site->offset);
	}
	if (r < 0) {
		ev->target = NULL;
		return &smk_error_nomem;
	}
	for (i = 0; i < site->nfetch && i < SMK_RECORD_MAX_ARGS; i++) {
		const struct smk_fetch *f = &site->fetch[i];
		char name[SMK_PROBE_ARG_NAME_MAX + 1];

		if (!f->spec && f->how == SMK_FETCH_COMPUTED) {
			/* Its inputs; the reader of the trace computes it. */
			for (j = 0; j < f->ninputs &&
				    j < SMK_FETCH_MAX_INPUTS; j++) {
				char in[SMK_PROBE_ARG_NAME_MAX + 1];

				if (!f->inputs[j].spec)
					break;
				smk_fetch_input_name(f, j, in, sizeof(in));
				err = smk_probe_event_add_arg(
					ev, in, f->inputs[j].spec,
					f->inputs[j].type);
				if (err)
					return err;
			}
			continue;
		}
		if (!f->spec)
			continue;
		copy_cut(name, f->name, SMK_PROBE_ARG_NAME_MAX);
		for (j = 0; j < ev->nargs; j++)
			if (!strcmp(ev->args[j].name, name))
				break;
		if (j < ev->nargs) {
			char sfx[16];
			size_t n = snprintf(sfx, sizeof(sfx), "_%u", i);

			name[SMK_PROBE_ARG_NAME_MAX - n] = '\0';
			strcat(name, sfx);
		}
		if (strnlen(f->type, sizeof(f->type)) > SMK_PROBE_TYPE_MAX)
			return bad("argument type", f->type, "too long");
		err = smk_probe_event_add_arg(ev, name, f->spec, f->type);
		if (err)
			return err;
	}
	/* The marker's stack pointer, for the entry-value join. */
	if (smk_entry_site_has(site)) {
		err = smk_probe_event_add_arg(ev, SMK_ENTRY_SP_FIELD, "%sp",
					      "x64");
		if (err)
			return err;
	}
	return smk_probe_event_validate(ev);
}

/* FNV-1a, 32 bits: a short stable tag for a name that had to be cut. */
static uint32_t fnv1a(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

struct smk_error *smk_probe_event_name(char *buf, const char *base,
				       unsigned int suffix)
{
	char sfx[16] = "";
	size_t n, s;

	if (!is_alpha_(*base))
		return check_name("event name", base, SIZE_MAX);
	for (n = 1; base[n]; n++)
		if (!is_alpha_(base[n]) && !is_digit(base[n]))
			return bad_char("event name", base, n, name_rule);
	if (suffix)
		snprintf(sfx, sizeof(sfx), "_%u", suffix);
	s = strlen(sfx);
	if (n + s <= SMK_PROBE_NAME_MAX) {
		snprintf(buf, SMK_PROBE_NAME_MAX + 1, "%s%s", base, sfx);
		return NULL;
	}
	/* cut + "_" + 8 hex + suffix */
	snprintf(buf, SMK_PROBE_NAME_MAX + 1, "%.*s_%08x%s",
		 (int)(SMK_PROBE_NAME_MAX - 9 - s), base, fnv1a(base), sfx);
	return NULL;
}

static bool same_args(const struct smk_probe_event *a,
		      const struct smk_probe_event *b)
{
	unsigned int i;

	if (a->nargs != b->nargs)
		return false;
	for (i = 0; i < a->nargs; i++)
		if (strcmp(a->args[i].name, b->args[i].name) ||
		    strcmp(a->args[i].type, b->args[i].type))
			return false;
	return true;
}

static int cmp_site(const void *a, const void *b)
{
	const struct smk_site *x = *(const struct smk_site *const *)a;
	const struct smk_site *y = *(const struct smk_site *const *)b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x < y ? -1 : x > y;
}

struct smk_error *smk_probe_events_from_placement(const char *group,
						  const char *event,
						  const char *module,
						  const char *path,
						  const struct smk_placement *p,
						  unsigned int flags,
						  struct smk_probe_event **evs,
						  size_t *n)
{
	char name[SMK_PROBE_NAME_MAX + 1];
	const struct smk_site **order = NULL;
	struct smk_probe_event *out = NULL;
	/* for each distinct argument list: index of its first event */
	size_t *sig = NULL, nsig = 0, nout = 0, i, j;
	struct smk_error *err = NULL;

	*evs = NULL;
	*n = 0;
	err = smk_probe_event_name(name, event, 0);
	if (err || !p->nsites)
		return err;
	order = malloc(p->nsites * sizeof(*order));
	out = calloc(p->nsites, sizeof(*out));
	sig = malloc(p->nsites * sizeof(*sig));
	if (!order || !out || !sig) {
		err = &smk_error_nomem;
		goto out;
	}
	for (i = 0; i < p->nsites; i++)
		order[i] = &p->sites[i];
	qsort(order, p->nsites, sizeof(*order), cmp_site);
	for (i = 0; i < p->nsites; i++) {
		struct smk_probe_event *ev = &out[nout];
		bool dup = false;

		if (i && order[i]->addr == order[i - 1]->addr &&
		    order[i]->file_offset == order[i - 1]->file_offset)
			continue;	/* the same place twice */
		err = smk_probe_event_from_site(group, name, module, path,
						order[i], ev);
		if (err) {
			smk_probe_event_deinit(ev);
			goto out;
		}
		for (j = 0; j < nout; j++)
			if (!strcmp(out[j].target, ev->target))
				dup = true;
		if (dup) {
			smk_probe_event_deinit(ev);
			continue;
		}
		if (flags & SMK_PROBE_EVENTS_NO_APPEND) {
			sig[nsig++] = nout;
			err = smk_probe_event_name(ev->event, event, nsig);
		} else {
			for (j = 0; j < nsig; j++)
				if (same_args(&out[sig[j]], ev))
					break;
			if (j == nsig)
				sig[nsig++] = nout;
			err = smk_probe_event_name(ev->event, event, j);
		}
		nout++;
		if (err)
			goto out;
	}
	/* One site with NO_APPEND keeps the plain name. */
	if ((flags & SMK_PROBE_EVENTS_NO_APPEND) && nout == 1)
		strcpy(out[0].event, name);
	*evs = out;
	*n = nout;
	out = NULL;
out:
	smk_probe_events_destroy(out, nout);
	free(order);
	free(sig);
	return err;
}
