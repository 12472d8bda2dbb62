// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kmap.h"

enum { LINE_MAX_LEN = 4096, NAME_MAX_LEN = 255 };

struct ksection {
	size_t mod;		/* index in smk_kmap.mods */
	char *name;
	uint64_t addr;
};

struct kmodule {
	char *name;
	uint64_t base, size;	/* /proc/modules; size 0 if unknown */
	uint64_t lo, hi;	/* kallsyms symbol range; lo > hi if none */
};

struct smk_kmap {
	uint64_t text, end;	/* kallsyms' _text and _end; 0 if unknown */
	uint64_t link_text;
	bool have_link_text, have_offset;
	uint64_t offset;	/* explicit KASLR offset */
	struct kmodule *mods;
	size_t nmods;
	struct ksection *secs;	/* sorted by addr on lookup */
	size_t nsecs;
	bool secs_sorted;
};

struct smk_error *smk_kmap_create(struct smk_kmap **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &smk_error_nomem;
}

void smk_kmap_destroy(struct smk_kmap *km)
{
	size_t i;

	if (!km)
		return;
	for (i = 0; i < km->nmods; i++)
		free(km->mods[i].name);
	for (i = 0; i < km->nsecs; i++)
		free(km->secs[i].name);
	free(km->mods);
	free(km->secs);
	free(km);
}

static bool name_ok(const char *s)
{
	size_t n = strlen(s), i;

	if (!n || n > NAME_MAX_LEN)
		return false;
	for (i = 0; i < n; i++)
		if (!isgraph((unsigned char)s[i]))
			return false;
	return true;
}

static bool parse_hex(const char *s, uint64_t *v)
{
	char *end;

	if (!isxdigit((unsigned char)(s[0] == '0' && (s[1] == 'x' ||
						     s[1] == 'X') ? s[2] :
				      s[0])))
		return false;
	errno = 0;
	*v = strtoull(s, &end, 16);
	return !errno && !*end;
}

static struct kmodule *module_get(struct smk_kmap *km, const char *name,
				  struct smk_error **err)
{
	struct kmodule *m;
	size_t i;

	*err = NULL;
	for (i = 0; i < km->nmods; i++)
		if (!strcmp(km->mods[i].name, name))
			return &km->mods[i];
	m = realloc(km->mods, (km->nmods + 1) * sizeof(*m));
	if (!m) {
		*err = &smk_error_nomem;
		return NULL;
	}
	km->mods = m;
	m = &km->mods[km->nmods];
	memset(m, 0, sizeof(*m));
	m->lo = UINT64_MAX;
	m->name = strdup(name);
	if (!m->name) {
		*err = &smk_error_nomem;
		return NULL;
	}
	km->nmods++;
	return m;
}

/* Each line of @path, at most LINE_MAX_LEN long, to @fn; errors name it. */
static struct smk_error *each_line(const char *path,
				   struct smk_error *(*fn)(struct smk_kmap *,
							   const char *,
							   char *, size_t *),
				   struct smk_kmap *km, const char *module,
				   size_t *bad)
{
	struct smk_error *err = NULL;
	char *line = NULL;
	size_t cap = 0, nbad = 0;
	ssize_t len;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return smk_error_errno(errno, "%s", path);
	while (!err && (len = getline(&line, &cap, f)) > 0) {
		if (len > LINE_MAX_LEN || memchr(line, '\0', len)) {
			nbad++;
			continue;
		}
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		err = fn(km, module, line, &nbad);
	}
	if (!err && ferror(f))
		err = smk_error_errno(errno, "%s", path);
	free(line);
	fclose(f);
	if (bad)
		*bad = nbad;
	return err;
}

/* "ffffffff81000000 T _text" or "ffffffffc0419000 t smk_write\t[smk_sample]" */
static struct smk_error *kallsyms_line(struct smk_kmap *km,
				       const char *unused, char *line,
				       size_t *bad)
{
	char *f[4], *save = NULL, *mod;
	struct smk_error *err;
	struct kmodule *m;
	uint64_t addr;
	int n = 0;

	for (f[n] = strtok_r(line, " \t", &save); f[n] && n < 3;)
		f[++n] = strtok_r(NULL, " \t", &save);
	if (n < 3 || !parse_hex(f[0], &addr) || strlen(f[1]) != 1 ||
	    !name_ok(f[2])) {
		(*bad)++;
		return NULL;
	}
	if (!f[3]) {
		if (!strcmp(f[2], "_text"))
			km->text = addr;
		else if (!strcmp(f[2], "_end"))
			km->end = addr;
		return NULL;
	}
	mod = f[3];
	if (mod[0] != '[' || mod[strlen(mod) - 1] != ']') {
		(*bad)++;
		return NULL;
	}
	mod[strlen(mod) - 1] = '\0';
	mod++;
	if (!name_ok(mod) || strchr(mod, ']')) {
		(*bad)++;
		return NULL;
	}
	if (!addr)
		return NULL;	/* kptr_restrict: all zeros */
	m = module_get(km, mod, &err);
	if (!m)
		return err;
	if (addr < m->lo)
		m->lo = addr;
	if (addr > m->hi)
		m->hi = addr;
	return NULL;
}

struct smk_error *smk_kmap_load_kallsyms(struct smk_kmap *km,
					 const char *path, size_t *bad)
{
	return each_line(path, kallsyms_line, km, NULL, bad);
}

/* "smk_sample 16384 0 - Live 0xffffffffc0419000 (OE)" */
static struct smk_error *modules_line(struct smk_kmap *km, const char *unused,
				      char *line, size_t *bad)
{
	char *f[6], *save = NULL, *end;
	struct smk_error *err;
	struct kmodule *m;
	uint64_t base, size;
	int n = 0;

	for (f[n] = strtok_r(line, " \t", &save); f[n] && n < 5;)
		f[++n] = strtok_r(NULL, " \t", &save);
	if (n < 5 || !f[5] || !name_ok(f[0]) || !parse_hex(f[5], &base)) {
		(*bad)++;
		return NULL;
	}
	errno = 0;
	size = strtoull(f[1], &end, 10);
	if (errno || *end || !base) {
		(*bad)++;
		return NULL;
	}
	m = module_get(km, f[0], &err);
	if (!m)
		return err;
	m->base = base;
	m->size = size;
	return NULL;
}

struct smk_error *smk_kmap_load_modules(struct smk_kmap *km, const char *path,
					size_t *bad)
{
	return each_line(path, modules_line, km, NULL, bad);
}

static struct smk_error *add_section(struct smk_kmap *km, const char *module,
				     const char *name, uint64_t addr)
{
	struct smk_error *err;
	struct ksection *s;
	struct kmodule *m;

	m = module_get(km, module, &err);
	if (!m)
		return err;
	s = realloc(km->secs, (km->nsecs + 1) * sizeof(*s));
	if (!s)
		return &smk_error_nomem;
	km->secs = s;
	s = &km->secs[km->nsecs];
	s->name = strdup(name);
	if (!s->name)
		return &smk_error_nomem;
	s->mod = m - km->mods;	/* an index: mods may move */
	s->addr = addr;
	km->nsecs++;
	km->secs_sorted = false;
	return NULL;
}

static struct smk_error *sections_line(struct smk_kmap *km,
				       const char *module, char *line,
				       size_t *bad)
{
	char *f[3], *save = NULL;
	uint64_t addr;
	int n = 0;

	for (f[n] = strtok_r(line, " \t", &save); f[n] && n < 2;)
		f[++n] = strtok_r(NULL, " \t", &save);
	if (n != 2 || f[2] || !name_ok(f[0]) || !parse_hex(f[1], &addr) ||
	    !addr) {
		(*bad)++;
		return NULL;
	}
	return add_section(km, module, f[0], addr);
}

struct smk_error *smk_kmap_load_sections(struct smk_kmap *km,
					 const char *module, const char *path,
					 size_t *bad)
{
	struct smk_error *err = NULL;
	struct dirent *d;
	struct stat st;
	size_t nbad = 0;
	DIR *dir;

	if (!name_ok(module))
		return smk_error_create(SMK_ERROR_INVALID,
					"%s: bad module name", path);
	if (stat(path, &st))
		return smk_error_errno(errno, "%s", path);
	if (!S_ISDIR(st.st_mode)) {
		return each_line(path, sections_line, km, module, bad);
	}
	dir = opendir(path);
	if (!dir)
		return smk_error_errno(errno, "%s", path);
	while (!err && (d = readdir(dir))) {
		char file[4096], buf[64];
		uint64_t addr;
		size_t len;
		FILE *f;

		if (d->d_name[0] == '.' && (!d->d_name[1] ||
					    !strcmp(d->d_name, "..")))
			continue;
		if (!name_ok(d->d_name) ||
		    snprintf(file, sizeof(file), "%s/%s", path,
			     d->d_name) >= (int)sizeof(file)) {
			nbad++;
			continue;
		}
		f = fopen(file, "re");
		if (!f) {
			nbad++;
			continue;
		}
		len = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[len] = '\0';
		if (len && buf[len - 1] == '\n')
			buf[len - 1] = '\0';
		if (!parse_hex(buf, &addr) || !addr) {
			nbad++;
			continue;
		}
		err = add_section(km, module, d->d_name, addr);
	}
	closedir(dir);
	if (bad)
		*bad = nbad;
	return err;
}

void smk_kmap_set_vmlinux_text(struct smk_kmap *km, uint64_t link_text)
{
	km->link_text = link_text;
	km->have_link_text = true;
}

void smk_kmap_set_kaslr_offset(struct smk_kmap *km, uint64_t offset)
{
	km->offset = offset;
	km->have_offset = true;
}

static int sec_cmp(const void *a, const void *b)
{
	const struct ksection *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static const struct kmodule *module_of(struct smk_kmap *km,
				       const struct ksection *s)
{
	return &km->mods[s->mod];
}

/* Is @addr inside @m, as far as /proc/modules or kallsyms tell? */
static int module_holds(const struct kmodule *m, uint64_t addr)
{
	if (m->size)
		return addr >= m->base && addr - m->base < m->size;
	if (m->lo <= m->hi)	/* symbols: the last one has some size */
		return addr >= m->lo && addr - m->hi < (1u << 20);
	return -1;		/* unknown */
}

bool smk_kmap_in_vmlinux(struct smk_kmap *km, uint64_t addr)
{
	size_t i;

	if (km->text && km->end)
		return addr >= km->text && addr < km->end;
	for (i = 0; i < km->nmods; i++)
		if (module_holds(&km->mods[i], addr) == 1)
			return false;
	return true;
}

bool smk_kmap_lookup(struct smk_kmap *km, uint64_t addr, struct smk_kaddr *out,
		     const char **why)
{
	const struct ksection *best = NULL;
	size_t i, lo, hi;

	memset(out, 0, sizeof(*out));
	if (km->text && km->end && addr >= km->text && addr < km->end)
		goto vmlinux;
	if (km->nsecs && !km->secs_sorted) {
		qsort(km->secs, km->nsecs, sizeof(*km->secs), sec_cmp);
		km->secs_sorted = true;
	}
	/* The section that starts last at or before @addr. */
	lo = 0;
	hi = km->nsecs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (km->secs[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo)
		best = &km->secs[lo - 1];
	if (best && module_holds(module_of(km, best), addr) != 0) {
		out->module = module_of(km, best)->name;
		out->section = best->name;
		out->addr = addr - best->addr;
		return true;
	}
	for (i = 0; i < km->nmods; i++)
		if (km->mods[i].size && module_holds(&km->mods[i], addr) == 1) {
			out->module = km->mods[i].name;
			out->addr = addr - km->mods[i].base;
			return true;
		}
	for (i = 0; i < km->nmods; i++)
		if (module_holds(&km->mods[i], addr) == 1) {
			*why = "in a module whose load address is not known "
			       "(no /proc/modules or sections)";
			return false;
		}
	if (km->text && km->end) {
		*why = "outside the kernel's text and every known module";
		return false;
	}
vmlinux:
	if (km->have_offset) {
		out->module = "vmlinux";
		out->addr = addr - km->offset;
		return true;
	}
	if (km->text && km->have_link_text) {
		out->module = "vmlinux";
		out->addr = addr - (km->text - km->link_text);
		return true;
	}
	if (km->nmods)
		*why = "in no known module, and no KASLR offset to place it "
		       "in vmlinux (give a saved /proc/kallsyms or "
		       "--kaslr-offset)";
	else
		*why = km->text ? "no vmlinux _text to compute the KASLR "
				  "offset" :
		       "KASLR offset unknown (give a saved /proc/kallsyms or "
		       "--kaslr-offset)";
	return false;
}
