// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libsmk-run.so: markers activated in the process itself (issue 15).
 * "marker-resolve run" preloads it; see Documentation/marker-resolve.rst,
 * "In-process activation".
 *
 * When objects are seen.  At start-up (our constructor) every object
 * dl_iterate_phdr() lists, and after each dlopen() and dlclose(), which
 * we interpose (a preloaded definition comes first in the global scope):
 * objects new since the last look are activated, objects gone are
 * retired (their trampolines unmapped).  LD_AUDIT's la_objopen would see
 * an object before its constructors run, but an audit library lives in
 * a link-map namespace of its own, with its own libc, and the handler
 * must run in the program's; interposing is also what bpftime and
 * LTTng-UST's liblttng-ust-dl do.  The price: dlopen() calls made inside
 * libc (NSS, iconv) are not seen, and markers hit by a new object's own
 * constructors are missed.
 *
 * What is activated.  Each object with a __simple_marker section is
 * opened with libsmk, its markers read and placed by the same engine,
 * flags and verdicts as "marker-resolve FILE" (SMK_PLACE_USER), and the
 * uprobe form's events built from the placement
 * (smk_probe_events_from_placement()): each event's fetch arguments are
 * parsed back from their text, so a hit here reads what the uprobe would
 * read, under the same field names.  Markers placed exact or approximated
 * in a known direction are activated, and each event carries the verdict
 * ("exact", "over", "under"); markers not found have no site.
 *
 * Sound patching.  A site is patched only when patch.c says its bytes can
 * move (one basic block, relocatable), the object's build-id in memory is
 * the file's, and the bytes in memory are the file's.  A trampoline lives
 * within +-2 GiB of its object (mmap with MAP_FIXED_NOREPLACE below or
 * above it).  Pages are written read-write and not executable, then set
 * back to the segment's protection: no page is ever writable and
 * executable.  No thread may run the bytes while they change, which holds
 * because code is patched only before anything runs it: at start-up,
 * before main() and before any other thread of the program exists (we
 * refuse when /proc/self/task shows one; LTTng-UST's threads start after
 * patching, when its provider is loaded), and after dlopen() of an object
 * that no one has been handed yet (its own constructors aside).  The
 * int3-first protocol with a core-serializing membarrier, which would
 * allow patching under running threads, is not implemented.
 *
 * Hostile input.  Everything comes from ELF files: libsmk bounds every
 * read, skips corrupt records with a warning, and any error while an
 * object is prepared leaves the whole object unpatched; reports go to the
 * report file, never to the program's stdout or stderr.
 */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <dirent.h>

#include "runtime.h"
#include "smk/debuginfod.h"
#include "smk/filter.h"
#include "smk/markers.h"
#include "smk/placement.h"

#define EXPORT __attribute__((visibility("default")))

struct patch {
	uint64_t addr;			/* run-time address */
	struct smk_patch_plan plan;
	struct smk_run_site *site;
	bool refused;			/* its trampoline found no room */
	unsigned char jmp[SMK_PATCH_MAX_BYTES];	/* the bytes written */
};

/* The pages of punned trampolines (patch.h), mapped one by one where
 * the jumps' fixed bytes point. */
struct pun_pages {
	uint64_t *page;
	size_t n, cap;
	struct { uint64_t lo, hi; } *used;	/* trampolines placed */
	size_t nused, capused;
};

struct object {
	struct object *next;
	char *path;
	uint64_t bias;			/* dlpi_addr */
	void *region;			/* trampolines */
	size_t region_size;
	struct pun_pages pun;		/* punned ones' pages */
	struct smk_run_site *sites;	/* a list, through ->all */
	size_t nsites;
	bool seen;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct object *objects;
static int report_fd = -1;
static struct smk_filter filter;
static bool have_filter, started;
static char *filter_text;
static unsigned long next_site_id;
static char self_path[4096];
static int one = 1;
static const int zero;
static __thread int busy __attribute__((tls_model("initial-exec")));

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void report(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	int n;

	if (report_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	if (write(report_fd, buf, n) < 0) {
		/* nowhere else to say it */
	}
}

/* @s as JSON string contents, in a static buffer (under the lock). */
static const char *js(const char *s)
{
	static char buf[4][1024];
	static unsigned int k;
	char *out = buf[k++ % 4];
	size_t o = 0;

	for (; s && *s && o < sizeof(buf[0]) - 8; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\') {
			out[o++] = '\\';
			out[o++] = c;
		} else if (c < 0x20 || c >= 0x7f) {
			o += snprintf(out + o, 8, "\\u%04x", c);
		} else {
			out[o++] = c;
		}
	}
	out[o] = '\0';
	return out;
}

static void warn_cb(void *arg, const char *msg)
{
	report("{\"type\":\"warning\",\"message\":\"%s\"}", js(msg));
}

static int thread_count(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* The NT_GNU_BUILD_ID of a loaded object, from its PT_NOTE segments. */
static bool mem_build_id(const struct dl_phdr_info *info,
			 const unsigned char **id, size_t *len)
{
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const unsigned char *p, *end;

		if (ph->p_type != PT_NOTE)
			continue;
		p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const void *)p;
			size_t nsz = (nh->n_namesz + 3) & ~3u;
			size_t dsz = (nh->n_descsz + 3) & ~3u;
			const unsigned char *name = p + sizeof(*nh);

			if ((size_t)(end - name) < nsz + dsz)
				break;
			if (nh->n_type == NT_GNU_BUILD_ID &&
			    nh->n_namesz == 4 && !memcmp(name, "GNU", 4)) {
				*id = name + nsz;
				*len = nh->n_descsz;
				return true;
			}
			p = name + nsz + dsz;
		}
	}
	return false;
}

/* The protection of the loaded segment holding @addr; 0 if none. */
static int seg_prot(const struct dl_phdr_info *info, uint64_t addr)
{
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uint64_t lo = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD || addr < lo ||
		    addr >= lo + ph->p_memsz)
			continue;
		return (ph->p_flags & PF_R ? PROT_READ : 0) |
		       (ph->p_flags & PF_W ? PROT_WRITE : 0) |
		       (ph->p_flags & PF_X ? PROT_EXEC : 0);
	}
	return 0;
}

/* Anonymous memory within reach (rel32) of [@lo, @hi). */
static void *map_near(uint64_t lo, uint64_t hi, size_t size)
{
	const uint64_t step = 1 << 20, reach = (1ULL << 31) - (1 << 24);
	uint64_t k;

	for (k = 1; k * step < reach - (hi - lo); k++) {
		uint64_t cand[2] = { (lo & ~(step - 1)) - k * step,
				     ((hi + step - 1) & ~(step - 1)) +
				     (k - 1) * step };
		int s;

		for (s = 0; s < 2; s++) {
			void *p;

			if (cand[s] < 1 << 20 || cand[s] > (1ULL << 47) - size)
				continue;
			p = mmap((void *)(uintptr_t)cand[s], size,
				 PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS |
				 MAP_FIXED_NOREPLACE, -1, 0);
			if (p == MAP_FAILED)
				continue;
			if (p == (void *)(uintptr_t)cand[s])
				return p;
			munmap(p, size);	/* an old kernel ignored it */
		}
	}
	return NULL;
}

static bool write_text(const struct dl_phdr_info *info, uint64_t addr,
		       const unsigned char *bytes, size_t n)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint64_t start = addr & ~(uint64_t)(pg - 1);
	uint64_t end = (addr + n + pg - 1) & ~(uint64_t)(pg - 1);
	int prot = seg_prot(info, addr), prot2 = seg_prot(info, addr + n - 1);

	if (!prot || prot != prot2 || (prot & PROT_WRITE))
		return false;
	/* Writable, not executable, for the moment of the write. */
	if (mprotect((void *)(uintptr_t)start, end - start,
		     PROT_READ | PROT_WRITE))
		return false;
	memcpy((void *)(uintptr_t)addr, bytes, n);
	__builtin___clear_cache((char *)(uintptr_t)addr,
				(char *)(uintptr_t)(addr + n));
	return !mprotect((void *)(uintptr_t)start, end - start, prot);
}

static const char *dir_verdict(const struct smk_placement *p)
{
	if (p->verdict == SMK_VERDICT_EXACT)
		return "exact";
	if (p->verdict != SMK_VERDICT_APPROX)
		return NULL;
	return smk_direction_name(p->direction);
}

static bool build_site(const struct smk_placement *p,
		       const struct smk_probe_event *ev,
		       struct smk_run_site *s, uint64_t addr, uint64_t foff,
		       const char **why, char *whybuf, size_t whysize)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->addr = addr;
	s->file_offset = foff;
	snprintf(s->marker, sizeof(s->marker), "%s", p->rec->name);
	snprintf(s->event, sizeof(s->event), "%s", ev->event);
	s->verdict = dir_verdict(p);
	s->verdict_id = p->verdict == SMK_VERDICT_EXACT ? 0 :
			p->direction == SMK_DIRECTION_OVER ? 1 : 2;
	if (ev->nargs > SMK_RECORD_MAX_ARGS) {
		*why = "too many arguments";
		return false;
	}
	for (i = 0; i < ev->nargs; i++) {
		struct smk_error *err;

		snprintf(s->args[i].name, sizeof(s->args[i].name), "%s",
			 ev->args[i].name);
		err = smk_fetchspec_parse(ev->args[i].spec, &s->args[i].spec);
		if (!err)
			err = smk_fetchtype_parse(ev->args[i].type,
						  &s->args[i].type);
		if (err) {
			snprintf(whybuf, whysize, "argument %s: %s",
				 ev->args[i].name, err->message);
			smk_error_destroy(err);
			*why = whybuf;
			return false;
		}
	}
	s->nargs = ev->nargs;
	for (i = 0; i < s->nargs; i++) {
		size_t n = strlen(s->names);

		snprintf(s->names + n, sizeof(s->names) - n, "%s%s",
			 i ? "," : "", s->args[i].name);
	}
	s->id = ++next_site_id;
	s->slot = smk_run_json_fd >= 0 ? &one : &zero;
	return true;
}

/* An object left alone because of @err (which this frees). */
static void report_error(const struct object *o, struct smk_error *err)
{
	report("{\"type\":\"object\",\"path\":\"%s\",\"error\":\"%s\"}",
	       js(o->path), js(err->message));
	smk_error_destroy(err);
}

static uint64_t target_offset(const char *target)
{
	const char *c = strrchr(target, ':');

	return c ? strtoull(c + 1, NULL, 16) : 0;
}

/* @pt's plan displacing its own instruction only (punned when short);
 * false when that cannot be either. */
static bool replan_one(struct smk_binary *b, struct patch *pt, uint64_t bias)
{
	struct smk_patch_plan one;
	struct smk_error *err;

	if (pt->plan.ninsn <= 1)
		return false;
	err = smk_patch_plan_one(b, pt->addr - bias, &one);
	if (err) {
		smk_error_destroy(err);
		return false;
	}
	if (!one.ok || memcmp((void *)(uintptr_t)pt->addr, one.bytes,
			      one.len))
		return false;
	pt->plan = one;
	return true;
}

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *t;

	if (n < *cap)
		return true;
	t = realloc(*v, (*cap ? 2 * *cap : 16) * size);
	if (!t)
		return false;
	*v = t;
	*cap = *cap ? 2 * *cap : 16;
	return true;
}

/* Page @page mapped for punned trampolines: ours already, or new. */
static bool pun_page(struct pun_pages *pp, uint64_t page)
{
	size_t i;
	void *m;

	for (i = 0; i < pp->n; i++)
		if (pp->page[i] == page)
			return true;
	if (page < 1 << 16 || page > (1ULL << 47) - 4096 ||
	    !grow((void **)&pp->page, &pp->cap, pp->n, sizeof(*pp->page)))
		return false;
	m = mmap((void *)(uintptr_t)page, 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (m == MAP_FAILED)
		return false;
	if (m != (void *)(uintptr_t)page) {
		munmap(m, 4096);	/* an old kernel ignored it */
		return false;
	}
	pp->page[pp->n++] = page;
	return true;
}

/*
 * Room for @n bytes of trampoline at an address in [@lo, @lo + @w): the
 * addresses a punned jump can reach (16-byte aligned when it may
 * choose), in pages of ours or pages free to map.  At most 64 pages are
 * tried.
 */
static bool pun_room(struct pun_pages *pp, uint64_t lo, uint64_t w,
		     unsigned int n, uint64_t *at)
{
	uint64_t step = w >= 16 ? 16 : w, first = w >= 16 ? (lo + 15) & ~15ULL :
		lo, page, t;
	unsigned int pages = 0;

	for (page = first & ~4095ULL; page < lo + w && pages < 64;
	     page += 4096, pages++) {
		for (t = first > page ? first : page;
		     t < page + 4096 && t < lo + w; t += step) {
			uint64_t pg;
			size_t i;
			bool clash = false;

			for (i = 0; i < pp->nused && !clash; i++)
				clash = t < pp->used[i].hi &&
					pp->used[i].lo < t + n;
			if (clash)
				continue;
			for (pg = t & ~4095ULL; pg < t + n; pg += 4096)
				if (!pun_page(pp, pg))
					break;
			if (pg < t + n)
				break;		/* this page will not do */
			if (!grow((void **)&pp->used, &pp->capused, pp->nused,
				  sizeof(*pp->used)))
				return false;
			pp->used[pp->nused].lo = t;
			pp->used[pp->nused++].hi = t + n;
			*at = t;
			return true;
		}
	}
	return false;
}

/* The punned trampolines' pages executable, no longer writable. */
static bool pun_protect(struct pun_pages *pp)
{
	size_t i;

	for (i = 0; i < pp->n; i++)
		if (mprotect((void *)(uintptr_t)pp->page[i], 4096,
			     PROT_READ | PROT_EXEC))
			return false;
	return true;
}

static void pun_release(struct pun_pages *pp)
{
	size_t i;

	for (i = 0; i < pp->n; i++)
		munmap((void *)(uintptr_t)pp->page[i], 4096);
	free(pp->page);
	free(pp->used);
	memset(pp, 0, sizeof(*pp));
}

/* The byte at @x once every decided patch of @p is written. */
static unsigned char final_byte(const struct patch *p, size_t np,
				const bool *decided, uint64_t x)
{
	size_t i;

	for (i = 0; i < np; i++)
		if (decided[i] && !p[i].refused && x >= p[i].addr &&
		    x < p[i].addr + p[i].plan.len)
			return p[i].jmp[x - p[i].addr];
	return *(const unsigned char *)(uintptr_t)x;
}

static int by_addr_desc(const void *a, const void *b)
{
	const struct patch *x = a, *y = b;

	return x->addr < y->addr ? 1 : x->addr > y->addr ? -1 : 0;
}

/*
 * Place and patch the markers of @o.  Everything is prepared first; the
 * code changes only once every trampoline is written, and an error before
 * that leaves the object as it was.
 */
static void activate(struct object *o, const struct dl_phdr_info *info)
{
	struct smk_placement *pl = NULL;
	struct smk_marker_set *set = NULL;
	struct patch *patches = NULL;
	size_t np = 0, cap = 0, i, j, k, nrefused = 0, npatched = 0, nshared = 0;
	struct smk_binary *b = NULL;
	struct smk_error *err;
	const unsigned char *id;
	unsigned char *code;
	uint64_t lo = UINT64_MAX, hi = 0, bias;
	size_t idlen, size;
	GElf_Shdr shdr;
	int nt;

	err = smk_binary_open(o->path, NULL, &b);
	if (err) {
		report_error(o, err);
		return;
	}
	if (!smk_binary_section(b, "__simple_marker", &shdr))
		goto out;	/* no markers: nothing to say */
#define FAIL(...) do { \
		char _m[512]; \
		snprintf(_m, sizeof(_m), __VA_ARGS__); \
		report("{\"type\":\"object\",\"path\":\"%s\"," \
		       "\"error\":\"%s\"}", js(o->path), js(_m)); \
		goto out; \
	} while (0)
	if (b->kind != SMK_BINARY_EXEC && b->kind != SMK_BINARY_DYN)
		FAIL("not an executable or shared library");
	if (!mem_build_id(info, &id, &idlen) || idlen != b->build_id_len ||
	    memcmp(id, b->build_id, idlen))
		FAIL("the file's build-id is not the loaded object's (rebuilt "
		     "since it started, or none)");
	bias = b->kind == SMK_BINARY_DYN ? o->bias : 0;
	err = smk_markers_read(b, 0, &set);
	if (err) {
		report_error(o, err);
		goto out;
	}
	if (set->no_dwarf && set->n)
		FAIL("%s; cannot place probes", set->no_dwarf);
	err = smk_place_markers(b, set, SMK_PLACE_USER, &pl);
	if (err) {
		report_error(o, err);
		goto out;
	}
	for (i = 0; i < set->n; i++) {
		struct smk_placement *p = &pl[i];
		struct smk_probe_event *evs = NULL;
		size_t nev = 0;

		if (have_filter && !smk_filter_match(&filter, b->module,
						     p->function,
						     p->rec->name))
			continue;
		if (!dir_verdict(p)) {
			report("{\"type\":\"marker\",\"marker\":\"%s\","
			       "\"verdict\":\"%s\",\"patched\":false,"
			       "\"reason\":\"%s\"}", js(p->rec->name),
			       smk_verdict_name(p->verdict), js(p->reason));
			continue;
		}
		err = smk_probe_events_from_placement("simple", p->rec->name,
						      NULL, "/x", p, 0, &evs,
						      &nev);
		if (err) {
			report("{\"type\":\"marker\",\"marker\":\"%s\","
			       "\"patched\":false,\"reason\":\"%s\"}",
			       js(p->rec->name), js(err->message));
			smk_error_destroy(err);
			nrefused++;
			continue;
		}
		for (j = 0; j < nev; j++) {
			uint64_t foff = target_offset(evs[j].target);
			const struct smk_site *site = NULL;
			const char *why = NULL;
			char whybuf[256];
			struct patch pt, *same;

			for (k = 0; k < p->nsites; k++)
				if (smk_site_placed(&p->sites[k]) &&
				    p->sites[k].file_offset == foff) {
					site = &p->sites[k];
					break;
				}
			if (!site)
				continue;
			memset(&pt, 0, sizeof(pt));
			pt.addr = site->addr + bias;
			err = smk_patch_plan(b, site->addr, &pt.plan);
			if (err) {
				smk_error_destroy(err);
				smk_probe_events_destroy(evs, nev);
				FAIL("out of memory");
			}
			if (!pt.plan.ok)
				why = pt.plan.reason;
			else if (memcmp((void *)(uintptr_t)pt.addr,
					pt.plan.bytes, pt.plan.len))
				why = "the code in memory is not the file's";
			same = NULL;
			for (k = 0; !why && k < np; k++) {
				struct patch *low;

				if (patches[k].addr == pt.addr) {
					same = &patches[k];
					continue;
				}
				if (!(pt.addr < patches[k].addr +
				      patches[k].plan.len &&
				      patches[k].addr < pt.addr +
				      pt.plan.len))
					continue;
				/* The lower site's jump would displace the
				 * other: it moves its own instruction only. */
				low = patches[k].addr < pt.addr ?
				      &patches[k] : &pt;
				if (!replan_one(b, low, bias))
					why = "inside the bytes another "
					      "marker's site displaces";
				else
					k = (size_t)-1;	/* check them again */
			}
			pt.site = calloc(1, sizeof(*pt.site));
			if (!pt.site) {
				smk_probe_events_destroy(evs, nev);
				FAIL("out of memory");
			}
			if (!why)
				build_site(p, &evs[j], pt.site, pt.addr, foff,
					   &why, whybuf, sizeof(whybuf));
			if (!why && same) {
				/* Markers at one address share its patch. */
				struct smk_run_site **tail = &same->site;

				while (*tail)
					tail = &(*tail)->next;
				*tail = pt.site;
				nshared++;
				continue;
			}
			if (why) {
				report("{\"type\":\"site\",\"marker\":\"%s\","
				       "\"event\":\"%s\",\"site\":\"%#" PRIx64
				       "\",\"patched\":false,\"reason\":\"%s\"}",
				       js(p->rec->name), js(evs[j].event),
				       foff, js(why));
				free(pt.site);
				nrefused++;
				continue;
			}
			if (!grow((void **)&patches, &cap, np,
				  sizeof(*patches))) {
				free(pt.site);
				smk_probe_events_destroy(evs, nev);
				FAIL("out of memory");
			}
			pt.site->head = true;
			patches[np++] = pt;
			if (pt.addr < lo)
				lo = pt.addr;
			if (pt.addr > hi)
				hi = pt.addr;
		}
		smk_probe_events_destroy(evs, nev);
	}
	if (!np)
		goto done;
	nt = thread_count();
	if (!started && nt != 1)
		FAIL("%d threads at start-up: code is patched only while no "
		     "other thread can run it", nt);
	/* Punned jumps last, from the highest address down: a punned
	 * jump's fixed bytes may be another site's new ones. */
	qsort(patches, np, sizeof(*patches), by_addr_desc);
	for (i = 0, k = 0; i < np; i++)
		k += !patches[i].plan.pun;
	size = (k * SMK_TRAMP_MAX + 4095) & ~(size_t)4095;
	code = k ? map_near(lo, hi + SMK_PATCH_MAX_BYTES, size) : NULL;
	if (k && !code)
		FAIL("no free memory within 2 GiB of the code for "
		     "trampolines");
	{
		size_t at = 0;
		bool *decided = calloc(np, sizeof(*decided));
		struct pun_pages pp = { 0 };

#define TFAIL(...) do { \
		free(decided); \
		pun_release(&pp); \
		if (code) \
			munmap(code, size); \
		FAIL(__VA_ARGS__); \
	} while (0)
		if (!decided)
			TFAIL("out of memory");
		for (i = 0; i < np; i++) {
			struct patch *pt = &patches[i];
			const char *why = NULL;
			unsigned int n;
			int64_t d;
			int32_t d32;

			if (pt->plan.pun)
				continue;
			n = smk_tramp_write(code + at,
					    (uint64_t)(uintptr_t)code + at,
					    &pt->plan, bias, pt->site, &why);
			d = (int64_t)((uint64_t)(uintptr_t)code + at) -
			    (int64_t)(pt->addr + SMK_PATCH_JMP_LEN);
			if (!n || d < INT32_MIN || d > INT32_MAX)
				TFAIL("site %#" PRIx64 ": %s", pt->addr,
				      why ? why : "trampoline out of reach");
			/* The bytes after the jump are never run (no path
			 * enters them): int3 says so loudly if one does. */
			memset(pt->jmp, 0xcc, sizeof(pt->jmp));
			pt->jmp[0] = 0xe9;
			d32 = d;
			memcpy(pt->jmp + 1, &d32, 4);
			decided[i] = true;
			at += (n + 15) & ~15u;
		}
		for (i = 0; i < np; i++) {
			struct patch *pt = &patches[i];
			unsigned char scratch[SMK_TRAMP_MAX], rel[4];
			char whybuf[128];
			unsigned int len = pt->plan.len, f = len - 1, j, n;
			const char *why = NULL;
			uint64_t w = 1ULL << (8 * f), t = 0;
			int32_t r;

			if (!pt->plan.pun)
				continue;
			/* rel32: f bytes ours to choose, the rest as the
			 * bytes after the instruction will be. */
			memset(rel, 0, sizeof(rel));
			for (j = f; j < 4; j++)
				rel[j] = final_byte(patches, np, decided,
						    pt->addr + 1 + j);
			memcpy(&r, rel, 4);
			n = smk_tramp_write(scratch, pt->addr + 5 + (int64_t)r,
					    &pt->plan, bias, pt->site, &why);
			if (n && pun_room(&pp, pt->addr + 5 + (int64_t)r, w, n,
					  &t))
				n = smk_tramp_write((unsigned char *)(uintptr_t)t,
						    t, &pt->plan, bias,
						    pt->site, &why);
			else if (n) {
				snprintf(whybuf, sizeof(whybuf), "no free "
					 "page where the punned jump can reach "
					 "(%#" PRIx64 "-%#" PRIx64 ")",
					 pt->addr + 5 + (int64_t)r,
					 pt->addr + 5 + (int64_t)r + w - 1);
				why = whybuf;
			}
			if (!n || !t) {
				const struct smk_run_site *s = pt->site;

				report("{\"type\":\"site\",\"marker\":\"%s\","
				       "\"event\":\"%s\",\"site\":\"%#"
				       PRIx64 "\",\"patched\":false,"
				       "\"reason\":\"%s (%s)\"}", js(s->marker),
				       js(s->event), s->file_offset,
				       js(why ? why : "?"), js(pt->plan.reason));
				pt->refused = true;
				nrefused++;
				decided[i] = true;
				continue;
			}
			r = (int32_t)(t - (pt->addr + 5));
			pt->jmp[0] = 0xe9;
			memcpy(pt->jmp + 1, &r, 4);
			if (memcmp(pt->jmp + 1 + f, rel + f, 4 - f))
				TFAIL("site %#" PRIx64 ": punned jump to %#"
				      PRIx64 " does not keep the bytes after "
				      "it", pt->addr, t);
			decided[i] = true;
		}
		if ((code && mprotect(code, size, PROT_READ | PROT_EXEC)) ||
		    !pun_protect(&pp))
			TFAIL("mprotect of the trampolines: %s",
			      strerror(errno));
		free(decided);
#undef TFAIL
		o->region = code;
		o->region_size = code ? size : 0;
		free(pp.used);
		pp.used = NULL;
		pp.nused = pp.capused = 0;
		o->pun = pp;
		/* The object owns the sites from here on. */
		for (i = 0; i < np; i++) {
			struct smk_run_site *s = patches[i].site, *next;

			for (; s; s = next) {
				next = s->next;
				if (patches[i].refused) {
					free(s);
					continue;
				}
				s->all = o->sites;
				o->sites = s;
				o->nsites++;
			}
			if (patches[i].refused)
				patches[i].site = NULL;
		}
		for (i = 0; i < np; i++) {
			const struct smk_run_site *s = patches[i].site;

			if (patches[i].refused)
				continue;
			if (!write_text(info, patches[i].addr, patches[i].jmp,
					patches[i].plan.len)) {
				report("{\"type\":\"site\",\"marker\":\"%s\","
				       "\"event\":\"%s\",\"site\":\"%#"
				       PRIx64 "\",\"patched\":false,"
				       "\"reason\":\"cannot write the code: "
				       "%s\"}", js(s->marker), js(s->event),
				       s->file_offset, strerror(errno));
				nrefused++;
				continue;
			}
			for (; s; s = s->next) {
				npatched++;
				report("{\"type\":\"site\",\"marker\":\"%s\","
				       "\"event\":\"%s\",\"site\":\"%#"
				       PRIx64 "\",\"address\":\"%#" PRIx64
				       "\",\"verdict\":\"%s\",\"patched\":"
				       "true,\"bytes\":%u%s}", js(s->marker),
				       js(s->event), s->file_offset, s->addr,
				       s->verdict, patches[i].plan.len,
				       patches[i].plan.pun ?
				       ",\"punned\":true" : "");
			}
		}
		np = 0;	/* the sites are the object's now */
	}
done:
	report("{\"type\":\"object\",\"path\":\"%s\",\"markers\":%zu,"
	       "\"patched\":%zu,\"refused\":%zu}", js(o->path), set->n,
	       npatched, nrefused);
out:
#undef FAIL
	for (i = 0; i < np; i++) {
		struct smk_run_site *s = patches[i].site, *next;

		for (; s; s = next) {
			next = s->next;
			free(s);
		}
	}
	free(patches);
	if (set)
		smk_placements_destroy(pl, set->n);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}


static int scan_one(struct dl_phdr_info *info, size_t size, void *arg)
{
	unsigned int *index = arg;
	char exe[4096];
	const char *path = info->dlpi_name;
	struct object *o;

	/* The program comes first, with no name. */
	if ((*index)++ == 0) {
		ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

		if (n <= 0)
			return 0;
		exe[n] = '\0';
		path = exe;
	}
	if (!path || path[0] != '/' || !strcmp(path, self_path))
		return 0;
	for (o = objects; o; o = o->next)
		if (o->bias == info->dlpi_addr && !strcmp(o->path, path)) {
			o->seen = true;
			return 0;
		}
	o = calloc(1, sizeof(*o));
	if (!o || !(o->path = strdup(path))) {
		free(o);
		return 0;
	}
	o->bias = info->dlpi_addr;
	o->seen = true;
	o->next = objects;
	objects = o;
	activate(o, info);
	return 0;
}

static void lttng_bind(void);

/* Activate what is new, retire what is gone (under the lock). */
static void rescan(void)
{
	struct object **pp, *o;
	unsigned int index = 0;

	for (o = objects; o; o = o->next)
		o->seen = false;
	dl_iterate_phdr(scan_one, &index);
	for (pp = &objects; (o = *pp);) {
		if (o->seen) {
			pp = &o->next;
			continue;
		}
		*pp = o->next;
		if (o->region)
			munmap(o->region, o->region_size);
		pun_release(&o->pun);
		if (o->nsites)
			report("{\"type\":\"object\",\"path\":\"%s\","
			       "\"unloaded\":true}", js(o->path));
		while (o->sites) {
			struct smk_run_site *s = o->sites;

			o->sites = s->all;
			free(s);
		}
		free(o->path);
		free(o);
	}
	lttng_bind();
}

EXPORT void *dlopen(const char *file, int mode)
{
	static void *(*real)(const char *, int);
	void *h;

	if (!real)
		real = (void *(*)(const char *, int))dlsym(RTLD_NEXT,
							    "dlopen");
	if (!real)
		return NULL;
	h = real(file, mode);
	if (h && !busy && started) {
		int e = errno;

		busy = 1;
		pthread_mutex_lock(&lock);
		rescan();
		pthread_mutex_unlock(&lock);
		busy = 0;
		errno = e;
	}
	return h;
}

EXPORT int dlclose(void *h)
{
	static int (*real)(void *);
	int r;

	if (!real)
		real = (int (*)(void *))dlsym(RTLD_NEXT, "dlclose");
	if (!real)
		return -1;
	r = real(h);
	if (!busy && started) {
		int e = errno;

		busy = 1;
		pthread_mutex_lock(&lock);
		rescan();
		pthread_mutex_unlock(&lock);
		busy = 0;
		errno = e;
	}
	return r;
}

static void atfork_prepare(void)
{
	pthread_mutex_lock(&lock);
}

static void atfork_release(void)
{
	pthread_mutex_unlock(&lock);
}

static int open_out(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

/*
 * Give each site not bound yet its LTTng event (the marker's typed one,
 * else simple_marker:hit), register the new events, then let the
 * trampolines' checks read the events' states (under the lock).
 */
static void lttng_bind(void)
{
	const struct smk_lttng_api *lt = smk_run_lttng;
	struct smk_run_site *s;
	struct object *o;
	bool ok;

	if (!lt)
		return;
	for (o = objects; o; o = o->next)
		for (s = o->sites; s; s = s->all) {
			const char *why = NULL;

			if (s->lt_state)
				continue;
			s->lt = lt->event(s, &why);
			if (!s->lt)
				report("{\"type\":\"lttng\",\"marker\":\"%s\","
				       "\"site\":\"%#" PRIx64 "\",\"event\":"
				       "\"simple_marker:hit\",\"reason\":\"%s\"}",
				       js(s->marker), s->file_offset,
				       js(why ? why : "?"));
		}
	ok = lt->commit();
	if (!ok)
		report("{\"type\":\"warning\",\"message\":\"LTTng-UST "
		       "refused the typed events: their markers record "
		       "simple_marker:hit\"}");
	for (o = objects; o; o = o->next)
		for (s = o->sites; s; s = s->all) {
			const int *state;

			if (s->lt_state)
				continue;
			if (!ok)
				s->lt = NULL;
			state = s->lt ? lt->state(s->lt) : lt->hit_state();
			__atomic_store_n(&s->lt_state, state, __ATOMIC_RELEASE);
			if (!s->head || smk_run_json_fd >= 0)
				continue;
			/* Several markers at one address: each checks its
			 * own event in smk_run_hit(). */
			__atomic_store_n(&s->slot, s->next ? &one : state,
					 __ATOMIC_RELEASE);
		}
}

static void lttng_start(void)
{
	char path[sizeof(self_path) + 32], *slash;
	const struct smk_lttng_api *(*api)(void);
	void *h;

	snprintf(path, sizeof(path), "%s", self_path);
	slash = strrchr(path, '/');
	if (!slash)
		return;
	strcpy(slash + 1, "libsmk-run-lttng.so");
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		report("{\"type\":\"warning\",\"message\":\"LTTng sink: %s\"}",
		       js(dlerror()));
		return;
	}
	api = (const struct smk_lttng_api *(*)(void))dlsym(h, "smk_lttng_api");
	if (!api) {
		report("{\"type\":\"warning\",\"message\":\"LTTng sink: "
		       "provider symbols missing\"}");
		return;
	}
	__atomic_store_n(&smk_run_lttng, api(), __ATOMIC_RELEASE);
	pthread_mutex_lock(&lock);
	lttng_bind();
	pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void smk_run_init(void)
{
	const char *out = getenv("SMK_RUN_OUTPUT");
	const char *rep = getenv("SMK_RUN_REPORT");
	const char *flt = getenv("SMK_RUN_FILTER");
	const char *ltt = getenv("SMK_RUN_LTTNG");
	const char *scr = getenv("SMK_RUN_SCRAMBLE");
	Dl_info di;

	if (dladdr((void *)smk_run_init, &di) && di.dli_fname)
		snprintf(self_path, sizeof(self_path), "%s", di.dli_fname);
	if (rep && *rep)
		report_fd = open_out(rep);
	smk_run_scramble = scr && *scr == '1';
	if (out && *out) {
		smk_run_json_fd = open_out(out);
		if (smk_run_json_fd < 0)
			report("{\"type\":\"warning\",\"message\":\"%s: %s\"}",
			       js(out), strerror(errno));
	}
	if (flt && *flt) {
		filter_text = strdup(flt);
		have_filter = filter_text &&
			      smk_filter_parse(&filter, filter_text);
		if (!have_filter) {
			/* A filter we cannot read selects nothing. */
			report("{\"type\":\"warning\",\"message\":\"filter "
			       "'%s': %s; nothing activated\"}", js(flt),
			       smk_filter_syntax);
			return;
		}
	}
	if (smk_run_json_fd < 0 && !(ltt && *ltt == '1'))
		return;		/* no sink: leave the program alone */
	smk_set_warn(warn_cb, NULL);
	/* Inside someone's program: no HTTP, and no setenv() beside its
	 * threads, whatever its DEBUGINFOD_URLS says. */
	smk_debuginfod_disable();
	if (!smk_tramp_init())
		return;
	pthread_atfork(atfork_prepare, atfork_release, atfork_release);
	busy = 1;
	pthread_mutex_lock(&lock);
	rescan();
	started = true;
	pthread_mutex_unlock(&lock);
	if (ltt && *ltt == '1')
		lttng_start();
	busy = 0;
}
