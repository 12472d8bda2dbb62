// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Per-process address maps from LTTng-UST's statedump/dl/lib events (see
 * addrmap.h for the rules).
 *
 * A process's mappings are kept sorted by base address, so a lookup is a
 * binary search; the process itself is found through a small open
 * addressing table on vpid, with the last one remembered (events come in
 * runs from the same process).  Which event class is a map event, and the
 * payload indexes of its fields, is worked out once per class_id.
 *
 * A mapping only names its file (path and trace build-id); the file object
 * (struct smk_addrmap_file: the opened binary and its symbolizer) is found
 * or created on the mapping's first lookup, when its build_id event has
 * certainly been seen, and shared by all mappings of the same path and
 * build-id.  So a library mapped by a hundred processes is opened once.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrmap.h"
#include "debuginfod.h"

enum map_kind {
	MK_UNKNOWN,	/* class not looked at yet */
	MK_NONE,	/* not a map event */
	MK_START,	/* statedump:start */
	MK_BIN_INFO,	/* statedump:bin_info */
	MK_DLOPEN,	/* dl:dlopen, dl:dlmopen */
	MK_LIB_LOAD,	/* lib:load */
	MK_BUILD_ID,	/* statedump, dl or lib :build_id */
	MK_DEBUG_LINK,	/* statedump, dl or lib :debug_link */
	MK_DLCLOSE,	/* dl:dlclose */
	MK_LIB_UNLOAD,	/* lib:unload */
};

struct class_info {
	enum map_kind kind;
	int baddr, memsz, path, is_pic, build_id, crc, filename;
};

struct smk_addrmap_file {
	struct smk_addrmap_file *next;
	char *path;		/* as in the trace */
	char *host_path;	/* with the target prefix */
	unsigned char build_id[64];
	size_t build_id_len;	/* 0: the trace gave none */
	bool tried;		/* opened, or failed to */
	struct smk_symbolizer *sym;
	uint64_t min_vaddr;	/* lowest PT_LOAD address */
	char *reason;
};

struct mapping {
	uint64_t low, high;
	bool is_pic;
	unsigned int dl_refs;
	char *path;
	unsigned char build_id[64];
	size_t build_id_len;
	struct smk_addrmap_file *file;	/* set on first lookup */
};

struct process {
	int64_t vpid;
	bool used;
	bool lib_events;	/* the trace has lttng_ust_lib events */
	struct mapping *maps;	/* sorted by low */
	size_t n, cap;
};

struct smk_addrmap {
	struct smk_debuginfo_opts opts;
	struct process *procs;	/* open addressing on vpid */
	size_t nprocs, nslots;
	struct process *last;
	struct class_info *classes;	/* by class_id */
	size_t nclasses;
	struct smk_addrmap_file *files;
	uint64_t generation;	/* bumped at every change of a map */
	bool markers;		/* load each file's markers */
};

struct smk_error *smk_addrmap_create(const struct smk_debuginfo_opts *opts,
				     struct smk_addrmap **ret)
{
	struct smk_addrmap *m = calloc(1, sizeof(*m));

	if (!m)
		return &smk_error_nomem;
	if (opts)
		m->opts = *opts;
	*ret = m;
	return NULL;
}

static void mapping_deinit(struct mapping *mp)
{
	free(mp->path);
}

void smk_addrmap_destroy(struct smk_addrmap *m)
{
	struct smk_addrmap_file *f, *next;
	size_t i, k;

	if (!m)
		return;
	for (i = 0; i < m->nslots; i++) {
		for (k = 0; k < m->procs[i].n; k++)
			mapping_deinit(&m->procs[i].maps[k]);
		free(m->procs[i].maps);
	}
	free(m->procs);
	free(m->classes);
	for (f = m->files; f; f = next) {
		next = f->next;
		smk_symbolizer_destroy(f->sym);
		free(f->path);
		free(f->host_path);
		free(f->reason);
		free(f);
	}
	free(m);
}

/* ---- processes ---- */

static size_t vpid_slot(int64_t vpid, size_t mask)
{
	uint64_t h = (uint64_t)vpid * 0x9e3779b97f4a7c15ULL;

	return (h >> 32) & mask;
}

static struct process *proc_find(struct smk_addrmap *m, int64_t vpid)
{
	size_t k;

	if (m->last && m->last->vpid == vpid)
		return m->last;
	if (!m->nslots)
		return NULL;
	for (k = vpid_slot(vpid, m->nslots - 1); m->procs[k].used;
	     k = (k + 1) & (m->nslots - 1))
		if (m->procs[k].vpid == vpid)
			return m->last = &m->procs[k];
	return NULL;
}

static struct process *proc_get(struct smk_addrmap *m, int64_t vpid)
{
	struct process *p = proc_find(m, vpid);
	size_t k;

	if (p)
		return p;
	if ((m->nprocs + 1) * 2 > m->nslots) {
		size_t n = m->nslots ? m->nslots * 2 : 16, i;
		struct process *v = calloc(n, sizeof(*v));

		if (!v)
			return NULL;
		for (i = 0; i < m->nslots; i++) {
			if (!m->procs[i].used)
				continue;
			k = vpid_slot(m->procs[i].vpid, n - 1);
			while (v[k].used)
				k = (k + 1) & (n - 1);
			v[k] = m->procs[i];
		}
		free(m->procs);
		m->procs = v;
		m->nslots = n;
	}
	k = vpid_slot(vpid, m->nslots - 1);
	while (m->procs[k].used)
		k = (k + 1) & (m->nslots - 1);
	p = &m->procs[k];
	p->used = true;
	p->vpid = vpid;
	m->nprocs++;
	return m->last = p;
}

/* Index of the mapping based at @base, or -1. */
static long map_at(const struct process *p, uint64_t base)
{
	size_t lo = 0, hi = p->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->maps[mid].low < base)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->n && p->maps[lo].low == base ? (long)lo : -1;
}

/* ---- updates ---- */

static struct smk_error *add(struct smk_addrmap *m, int64_t vpid,
			     uint64_t base, uint64_t memsz, const char *path,
			     bool is_pic, enum map_kind kind)
{
	struct process *p;
	struct mapping *mp;
	size_t i;
	long at;

	/* memsz 0 is the vDSO ([linux-vdso.so.1]): no file to read. */
	if (!memsz || !path || !*path || base + memsz < base)
		return NULL;
	m->generation++;
	p = proc_get(m, vpid);
	if (!p)
		return &smk_error_nomem;
	at = map_at(p, base);
	if (at >= 0) {
		mp = &p->maps[at];
		/* The same object seen again (dlopen of a loaded library):
		 * one more reference.  Another object at the same base
		 * means the old one is gone without us hearing of it. */
		if (!strcmp(mp->path, path) && mp->high == base + memsz) {
			if (kind != MK_LIB_LOAD)
				mp->dl_refs++;
			return NULL;
		}
		mapping_deinit(mp);
		memmove(mp, mp + 1, (p->n - at - 1) * sizeof(*mp));
		p->n--;
	}
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 16;
		struct mapping *v = realloc(p->maps, cap * sizeof(*v));

		if (!v)
			return &smk_error_nomem;
		p->maps = v;
		p->cap = cap;
	}
	for (i = p->n; i > 0 && p->maps[i - 1].low > base; i--)
		;
	memmove(&p->maps[i + 1], &p->maps[i], (p->n - i) * sizeof(*p->maps));
	mp = &p->maps[i];
	memset(mp, 0, sizeof(*mp));
	mp->low = base;
	mp->high = base + memsz;
	mp->is_pic = is_pic;
	mp->dl_refs = kind == MK_LIB_LOAD ? 0 : 1;
	mp->path = strdup(path);
	p->n++;
	if (!mp->path) {
		memmove(mp, mp + 1, (p->n - i - 1) * sizeof(*mp));
		p->n--;
		return &smk_error_nomem;
	}
	return NULL;
}

struct smk_error *smk_addrmap_add(struct smk_addrmap *m, int64_t vpid,
				  uint64_t base, uint64_t memsz,
				  const char *path, bool is_pic)
{
	return add(m, vpid, base, memsz, path, is_pic, MK_BIN_INFO);
}

struct smk_error *smk_addrmap_set_build_id(struct smk_addrmap *m,
					   int64_t vpid, uint64_t base,
					   const unsigned char *id,
					   size_t len)
{
	struct process *p = proc_find(m, vpid);
	struct mapping *mp;
	long at;

	if (!p || (at = map_at(p, base)) < 0)
		return NULL;	/* as babeltrace2: no bin_info, ignored */
	mp = &p->maps[at];
	m->generation++;
	if (len > sizeof(mp->build_id))
		len = sizeof(mp->build_id);
	/* Once resolved, the file is fixed; a later, different build-id
	 * for the same mapping would be a broken trace. */
	if (!mp->file) {
		memcpy(mp->build_id, id, len);
		mp->build_id_len = len;
	}
	return NULL;
}

static void remove_at(struct smk_addrmap *m, struct process *p, long at)
{
	m->generation++;
	mapping_deinit(&p->maps[at]);
	memmove(&p->maps[at], &p->maps[at + 1],
		(p->n - at - 1) * sizeof(*p->maps));
	p->n--;
}

void smk_addrmap_remove(struct smk_addrmap *m, int64_t vpid, uint64_t base)
{
	struct process *p = proc_find(m, vpid);
	long at;

	if (p && (at = map_at(p, base)) >= 0)
		remove_at(m, p, at);
}

void smk_addrmap_reset(struct smk_addrmap *m, int64_t vpid)
{
	struct process *p = proc_find(m, vpid);

	while (p && p->n)
		remove_at(m, p, p->n - 1);
}

static void dlclose_one(struct smk_addrmap *m, int64_t vpid, uint64_t base)
{
	struct process *p = proc_find(m, vpid);
	long at;

	if (!p || (at = map_at(p, base)) < 0)
		return;
	if (p->maps[at].dl_refs)
		p->maps[at].dl_refs--;
	/* lttng_ust_lib:unload, when the trace has it, says when the
	 * object is really unmapped: a dlclose may only drop a reference. */
	if (!p->maps[at].dl_refs && !p->lib_events)
		remove_at(m, p, at);
}

/* ---- map events ---- */

static const struct {
	const char *name;
	enum map_kind kind;
} event_kinds[] = {
	{ "lttng_ust_statedump:start", MK_START },
	{ "lttng_ust_statedump:bin_info", MK_BIN_INFO },
	{ "lttng_ust_statedump:build_id", MK_BUILD_ID },
	{ "lttng_ust_statedump:debug_link", MK_DEBUG_LINK },
	{ "lttng_ust_dl:dlopen", MK_DLOPEN },
	{ "lttng_ust_dl:dlmopen", MK_DLOPEN },
	{ "lttng_ust_dl:build_id", MK_BUILD_ID },
	{ "lttng_ust_dl:debug_link", MK_DEBUG_LINK },
	{ "lttng_ust_dl:dlclose", MK_DLCLOSE },
	{ "lttng_ust_lib:load", MK_LIB_LOAD },
	{ "lttng_ust_lib:build_id", MK_BUILD_ID },
	{ "lttng_ust_lib:debug_link", MK_DEBUG_LINK },
	{ "lttng_ust_lib:unload", MK_LIB_UNLOAD },
};

static struct class_info *class_info(struct smk_addrmap *m,
				     const struct smk_ctf_event *ev)
{
	struct class_info *ci;
	size_t i;

	if (ev->class_id >= m->nclasses) {
		size_t n = ev->class_id + 16;
		struct class_info *v = realloc(m->classes, n * sizeof(*v));

		if (!v)
			return NULL;
		memset(v + m->nclasses, 0, (n - m->nclasses) * sizeof(*v));
		m->classes = v;
		m->nclasses = n;
	}
	ci = &m->classes[ev->class_id];
	if (ci->kind != MK_UNKNOWN)
		return ci;
	ci->kind = MK_NONE;
	if (strncmp(ev->name, "lttng_ust_", 10))
		return ci;
	for (i = 0; i < sizeof(event_kinds) / sizeof(event_kinds[0]); i++)
		if (!strcmp(ev->name, event_kinds[i].name))
			ci->kind = event_kinds[i].kind;
	ci->baddr = smk_ctf_field_index(ev, "baddr");
	ci->memsz = smk_ctf_field_index(ev, "memsz");
	ci->path = smk_ctf_field_index(ev, "path");
	ci->is_pic = smk_ctf_field_index(ev, "is_pic");
	ci->build_id = smk_ctf_field_index(ev, "build_id");
	ci->crc = smk_ctf_field_index(ev, "crc");
	ci->filename = smk_ctf_field_index(ev, "filename");
	return ci;
}

struct smk_error *smk_addrmap_event(struct smk_addrmap *m,
				    const struct smk_ctf_event *ev)
{
	struct class_info *ci;
	unsigned char id[64];
	uint64_t base, memsz, pic;
	struct process *p;
	const char *path;
	long n;

	if (ev->class_id < m->nclasses &&
	    m->classes[ev->class_id].kind == MK_NONE)
		return NULL;
	ci = class_info(m, ev);
	if (!ci)
		return &smk_error_nomem;
	if (ci->kind == MK_NONE || !ev->has_vpid)
		return NULL;
	if (ci->kind == MK_START) {
		smk_addrmap_reset(m, ev->vpid);
		return NULL;
	}
	if (!smk_ctf_field_uint(ev, ci->baddr, &base))
		return NULL;
	switch (ci->kind) {
	case MK_BIN_INFO:
	case MK_DLOPEN:
	case MK_LIB_LOAD:
		path = smk_ctf_field_string(ev, ci->path);
		if (!smk_ctf_field_uint(ev, ci->memsz, &memsz) || !path)
			return NULL;
		/* dlopen'ed objects are shared objects: position
		 * independent (babeltrace2 assumes the same). */
		pic = 1;
		if (ci->kind == MK_BIN_INFO &&
		    !smk_ctf_field_uint(ev, ci->is_pic, &pic))
			return NULL;
		if (ci->kind == MK_LIB_LOAD) {
			p = proc_get(m, ev->vpid);
			if (!p)
				return &smk_error_nomem;
			p->lib_events = true;
		}
		return add(m, ev->vpid, base, memsz, path, pic == 1,
			   ci->kind);
	case MK_BUILD_ID:
		n = smk_ctf_field_bytes(ev, ci->build_id, id, sizeof(id));
		if (n <= 0)
			return NULL;
		return smk_addrmap_set_build_id(m, ev->vpid, base, id,
						(size_t)n < sizeof(id) ?
						(size_t)n : sizeof(id));
	case MK_DEBUG_LINK:
		/* smk_binary_open() follows the file's own .gnu_debuglink,
		 * which is the one in the trace when the build-ids match. */
		return NULL;
	case MK_DLCLOSE:
		dlclose_one(m, ev->vpid, base);
		return NULL;
	case MK_LIB_UNLOAD:
		p = proc_get(m, ev->vpid);
		if (!p)
			return &smk_error_nomem;
		p->lib_events = true;
		smk_addrmap_remove(m, ev->vpid, base);
		return NULL;
	default:
		return NULL;
	}
}

/* ---- lookups ---- */

static struct smk_addrmap_file *file_get(struct smk_addrmap *m,
					 const struct mapping *mp)
{
	struct smk_addrmap_file *f;
	const char *pre = m->opts.target_prefix;

	for (f = m->files; f; f = f->next)
		if (!strcmp(f->path, mp->path) &&
		    f->build_id_len == mp->build_id_len &&
		    !memcmp(f->build_id, mp->build_id, mp->build_id_len))
			return f;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->path = strdup(mp->path);
	if (pre && *pre) {
		if (asprintf(&f->host_path, "%s%s%s", pre,
			     mp->path[0] == '/' ? "" : "/", mp->path) < 0)
			f->host_path = NULL;
	} else {
		f->host_path = strdup(mp->path);
	}
	if (!f->path || !f->host_path) {
		free(f->path);
		free(f->host_path);
		free(f);
		return NULL;
	}
	memcpy(f->build_id, mp->build_id, mp->build_id_len);
	f->build_id_len = mp->build_id_len;
	f->next = m->files;
	m->files = f;
	return f;
}

static void file_open(struct smk_addrmap *m, struct smk_addrmap_file *f);

bool smk_addrmap_find(struct smk_addrmap *m, int64_t vpid, uint64_t addr,
		      struct smk_addrmap_loc *loc, const char **why)
{
	struct process *p = proc_find(m, vpid);
	struct mapping *mp = NULL;
	size_t lo = 0, hi;

	if (!p || !p->n) {
		*why = "no address map for this process (no "
		       "lttng_ust_statedump events)";
		return false;
	}
	hi = p->n;
	/* The last mapping based at or below addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->maps[mid].low <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && addr < p->maps[lo - 1].high) {
		mp = &p->maps[lo - 1];
	} else {
		/* Overlapping mappings (a stale one nobody unloaded): the
		 * one containing addr may sit further down. */
		for (; lo > 0; lo--)
			if (addr >= p->maps[lo - 1].low &&
			    addr < p->maps[lo - 1].high) {
				mp = &p->maps[lo - 1];
				break;
			}
	}
	if (!mp) {
		*why = "no object mapped at this address";
		return false;
	}
	if (!mp->file) {
		mp->file = file_get(m, mp);
		if (!mp->file) {
			*why = "out of memory";
			return false;
		}
	}
	/* Opened now: a PIC object's link-time addresses start at its
	 * lowest PT_LOAD address (0 in practice), its base at that. */
	if (!mp->file->tried)
		file_open(m, mp->file);
	loc->file = mp->file;
	loc->is_pic = mp->is_pic;
	loc->offset = addr - mp->low;
	loc->link_addr = mp->is_pic ? addr - mp->low + mp->file->min_vaddr :
				      addr;
	return true;
}

uint64_t smk_addrmap_generation(const struct smk_addrmap *m)
{
	return m->generation;
}

const char *smk_addrmap_file_path(const struct smk_addrmap_file *f)
{
	return f->path;
}

const char *smk_addrmap_file_host_path(const struct smk_addrmap_file *f)
{
	return f->host_path;
}

static uint64_t min_load_vaddr(struct smk_binary *b)
{
	size_t n, i;
	uint64_t min = UINT64_MAX;

	if (elf_getphdrnum(b->elf, &n))
		return 0;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(b->elf, i, &ph) && ph.p_type == PT_LOAD &&
		    ph.p_vaddr < min)
			min = ph.p_vaddr;
	}
	return min == UINT64_MAX ? 0 : min;
}

/*
 * Open @f: the binary, its build-id checked against the trace's, and its
 * symbolizer.  Whatever goes wrong becomes f->reason.
 */
/*
 * The file with the trace's build-id from the run's debuginfod servers,
 * when the one on disk is missing or another build (a trace from several
 * machines: one path, several build-ids).  NULL when there is none.
 */
static struct smk_binary *server_binary(struct smk_addrmap *m,
					struct smk_addrmap_file *f)
{
	const char *path, *reason;
	struct smk_binary *b;
	struct smk_error *err;
	int fd;

	fd = smk_debuginfod_find(smk_debuginfod_default(),
				 SMK_DEBUGINFOD_EXECUTABLE, f->build_id,
				 f->build_id_len, &path, &reason);
	if (fd < 0)
		return NULL;
	close(fd);
	err = smk_binary_open(path, &m->opts, &b);
	if (err) {
		smk_error_destroy(err);
		return NULL;
	}
	if (b->build_id_len != f->build_id_len ||
	    memcmp(b->build_id, f->build_id, f->build_id_len)) {
		smk_debuginfod_refuse(smk_debuginfod_default(), path,
				      "the server's executable has another "
				      "build-id");
		smk_binary_destroy(b);
		return NULL;
	}
	return b;
}

static void file_open(struct smk_addrmap *m, struct smk_addrmap_file *f)
{
	struct smk_binary *b;
	struct smk_error *err;

	f->tried = true;
	err = smk_binary_open(f->host_path, &m->opts, &b);
	if (err) {
		b = f->build_id_len ? server_binary(m, f) : NULL;
		if (!b) {
			f->reason = strdup(err->message);
			smk_error_destroy(err);
			return;
		}
		smk_error_destroy(err);
	}
	if (f->build_id_len &&
	    (b->build_id_len != f->build_id_len ||
	     memcmp(b->build_id, f->build_id, f->build_id_len))) {
		char want[2 * sizeof(f->build_id) + 1];
		char have[2 * sizeof(b->build_id) + 1];
		struct smk_binary *sb = server_binary(m, f);

		if (sb) {
			smk_binary_destroy(b);
			b = sb;
			goto matched;
		}
		smk_build_id_hex(f->build_id, f->build_id_len, want);
		smk_build_id_hex(b->build_id, b->build_id_len, have);
		if (asprintf(&f->reason,
			     "build-id mismatch: trace has %s, %s has %s",
			     want, f->host_path,
			     b->build_id_len ? have : "none") < 0)
			f->reason = NULL;
		smk_binary_destroy(b);
		return;
	}
matched:
	f->min_vaddr = min_load_vaddr(b);
	err = smk_symbolizer_create(b, &f->sym);
	if (err) {
		smk_binary_destroy(b);
		f->sym = NULL;
		f->reason = strdup(err->message);
		smk_error_destroy(err);
		return;
	}
	/* Markers are a bonus: a file whose markers cannot be placed is
	 * still symbolized. */
	if (m->markers) {
		err = smk_symbolizer_load_markers(f->sym);
		if (err) {
			smk_warn("%s", err->message);
			smk_error_destroy(err);
		}
	}
}

void smk_addrmap_load_markers(struct smk_addrmap *m, bool on)
{
	m->markers = on;
}

struct smk_symbolizer *smk_addrmap_file_symbolizer(struct smk_addrmap_file *f,
						   const char **reason)
{
	*reason = f->sym ? NULL : f->reason ? f->reason : "out of memory";
	return f->sym;
}

struct smk_error *smk_addrmap_symbolize(struct smk_addrmap *m, int64_t vpid,
					uint64_t addr,
					struct smk_addrmap_loc *loc,
					struct smk_symbol_info *info)
{
	struct smk_symbolizer *s;
	const char *why;

	memset(info, 0, sizeof(*info));
	info->address = addr;
	if (!smk_addrmap_find(m, vpid, addr, loc, &why)) {
		memset(loc, 0, sizeof(*loc));
		info->reason = why;
		return NULL;
	}
	s = smk_addrmap_file_symbolizer(loc->file, &why);
	if (!s) {
		info->reason = why;
		return NULL;
	}
	return smk_symbolizer_lookup(s, &loc->link_addr, 1, info);
}
