// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve symbolize-trace: print an LTTng trace's events as
 * babeltrace2's text sink does, with the debug_info member that
 * "babeltrace2 --debug-info" adds to the common context (bin, func, src),
 * plus the inline chain and, when something is missing, the reason; or as
 * JSON lines.  --fields also symbolizes payload fields (addr, call_site).
 *
 * A thin front end: the trace is read by ctf.c, address maps by addrmap.c,
 * lookups by symbolize.c.  What is ours is the text: formatted answers are
 * cached per (file, link-time address), so an address seen again costs a
 * hash lookup and a copy, which is what keeps us near the decode-only rate.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smk/addrmap.h"
#include "smk/contain.h"
#include "smk/ctf.h"
#include "smk/symbolize.h"
#include "smk/cli.h"

#include "commands.h"
#include "kaddr.h"

static const char *prog = "marker-resolve symbolize-trace";

enum { MAX_FIELDS = 16 };

struct answer {
	uint64_t k1, k2;
	char *frag;		/* formatted, for the current output format */
	size_t len;
};

/*
 * The first-level cache: (process, runtime address) -> answer, direct
 * mapped, valid while the address maps do not change.  It spares the map
 * lookup and the second hash for the addresses of hot loops.
 */
enum { L1_SIZE = 4096 };

struct l1_entry {
	int64_t vpid;
	uint64_t addr;
	uint64_t gen;		/* the maps' generation << 1 | return address */
	const struct answer *a;
};

struct state {
	const char *path;
	bool json, full_path, no_debug_info;
	const char *field_name;
	const char *fields[MAX_FIELDS];
	size_t nfields;
	struct smk_addrmap *map;
	struct kaddr ka;	/* kernel traces: -e, -k, --kallsyms... */
	int *kip_idx;		/* kernel: the payload's ip, per class_id */
	size_t nkip_idx;

	/* Formatted answers: open addressing on (k1, k2). */
	struct answer **slots;
	size_t nslots, nanswers;
	struct l1_entry *l1;

	/* --fields: payload indexes per class_id, -2 = not looked up. */
	int (*field_idx)[MAX_FIELDS];
	size_t nclass_idx;
	/* JSON: ',"name":"...","hostname":"..."' per class_id. */
	struct smk_ctf_buf *json_names;
	size_t njson_names;
	int64_t ts_sec;		/* JSON: the last timestamp's seconds */
	char ts_digits[24];
	size_t ts_ndigits;

	/* Text header. */
	int64_t last_ts;
	bool have_last;
	int64_t last_sec;
	char hms[16];

	/* Files whose problem was already reported on stderr. */
	const void **warned;
	size_t nwarned;

	/* --stats: lookups of new addresses and their cost. */
	bool stats;
	uint64_t events, misses, miss_ns, max_ns, nfiles, open_ns;
	const void **files;

	struct smk_ctf_buf ob;	/* output, written out in big chunks */
	struct smk_ctf_buf fb;	/* scratch for fragments */
};

/* ---- output helpers ---- */

static const char *base_name(const char *path, bool full)
{
	const char *s;

	if (full || !path)
		return path;
	s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ---- answers ---- */

static size_t key_hash(uint64_t a, uint64_t b, size_t mask)
{
	uint64_t h = a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL);

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	return h & mask;
}

static struct smk_error *slots_grow(struct state *st)
{
	size_t n = st->nslots ? st->nslots * 2 : 1024, i;
	struct answer **v = calloc(n, sizeof(*v));

	if (!v)
		return &smk_error_nomem;
	for (i = 0; i < st->nslots; i++) {
		size_t k;

		if (!st->slots[i])
			continue;
		k = key_hash(st->slots[i]->k1, st->slots[i]->k2, n - 1);
		while (v[k])
			k = (k + 1) & (n - 1);
		v[k] = st->slots[i];
	}
	free(st->slots);
	st->slots = v;
	st->nslots = n;
	return NULL;
}

static void warn_once(struct state *st, const void *key, const char *msg)
{
	const void **v;
	size_t i;

	for (i = 0; i < st->nwarned; i++)
		if (st->warned[i] == key)
			return;
	v = realloc(st->warned, (st->nwarned + 1) * sizeof(*v));
	if (!v)
		return;
	st->warned = v;
	st->warned[st->nwarned++] = key;
	fprintf(stderr, "marker-resolve: warning: %s\n", msg);
}

/* Has @key been seen before?  (Remembers it.) */
static bool seen(struct state *st, const void *key)
{
	const void **v;
	size_t i;

	for (i = 0; i < st->nfiles; i++)
		if (st->files[i] == key)
			return true;
	v = realloc(st->files, (st->nfiles + 1) * sizeof(*v));
	if (v) {
		st->files = v;
		st->files[st->nfiles++] = key;
	}
	return false;
}

/* One string member, text or JSON; "" / null when absent. */
static void frag_member(struct state *st, bool first, const char *name,
			const char *val)
{
	struct smk_ctf_buf *b = &st->fb;

	if (st->json) {
		if (!first)
			smk_ctf_buf_putc(b, ',');
		smk_ctf_buf_json_string(b, name);
		smk_ctf_buf_putc(b, ':');
		smk_ctf_buf_json_string(b, val && *val ? val : NULL);
	} else {
		if (!first)
			smk_ctf_buf_add(b, ", ", 2);
		smk_ctf_buf_puts(b, name);
		smk_ctf_buf_add(b, " = ", 3);
		smk_ctf_buf_escaped(b, val ? val : "");
	}
}

/*
 * Format the answer into st->fb, with @bin (taken, may be NULL) as the
 * binary.  @ret_addr: the address is a return address; line and inline
 * chain are then the call's (addr - 1), offsets still count to it.
 * @loc: the userspace file, for a warning when it cannot be used; NULL
 * for a kernel address.
 */
static struct smk_error *format_answer(struct state *st, char *bin,
				       bool ret_addr,
				       const struct smk_addrmap_loc *loc,
				       const struct smk_symbol_info *info)
{
	struct smk_ctf_buf *b = &st->fb;
	uint64_t adj = ret_addr ? 1 : 0;
	char *func = NULL, *src = NULL;
	const struct smk_frame *outer = info->nframes ?
		&info->frames[info->nframes - 1] : NULL;
	size_t i;
	int r = 0;

	if (r >= 0 && outer && outer->function)
		r = asprintf(&func, "%s+%#" PRIx64, outer->function,
			     outer->function_offset + adj);
	else if (r >= 0 && info->symbol)
		r = asprintf(&func, "%s+%#" PRIx64, info->symbol,
			     info->symbol_offset + adj);
	if (r < 0)
		func = NULL;
	if (r >= 0 && outer && outer->file && outer->line)
		r = asprintf(&src, "%s:%u", base_name(outer->file,
						      st->full_path),
			     outer->line);
	if (r < 0) {
		src = NULL;
		free(bin);
		free(func);
		return &smk_error_nomem;
	}
	smk_ctf_buf_puts(b, st->json ? "{" : "{ ");
	frag_member(st, true, "bin", bin);
	frag_member(st, false, "func", func);
	frag_member(st, false, "src", src);
	free(bin);
	free(func);
	free(src);
	if (info->nframes > 1) {
		smk_ctf_buf_puts(b, st->json ? ",\"inlined\":[" :
					       ", inlined = [");
		for (i = 0; i + 1 < info->nframes; i++) {
			const struct smk_frame *fr = &info->frames[i];
			const char *file = base_name(fr->file, st->full_path);
			char *s;

			if (st->json) {
				smk_ctf_buf_puts(b, i ? ",{\"function\":" :
							"{\"function\":");
				smk_ctf_buf_json_string(b, fr->function);
				smk_ctf_buf_puts(b, ",\"file\":");
				smk_ctf_buf_json_string(b, file);
				smk_ctf_buf_puts(b, ",\"line\":");
				smk_ctf_buf_u64(b, fr->line);
				smk_ctf_buf_putc(b, '}');
				continue;
			}
			if (file && fr->line)
				r = asprintf(&s, "%s at %s:%u", fr->function ?
					     fr->function : "??", file,
					     fr->line);
			else
				r = asprintf(&s, "%s", fr->function ?
					     fr->function : "??");
			if (r < 0)
				return &smk_error_nomem;
			smk_ctf_buf_puts(b, i ? ", [" : " [");
			smk_ctf_buf_u64(b, i);
			smk_ctf_buf_puts(b, "] = ");
			smk_ctf_buf_escaped(b, s);
			free(s);
		}
		smk_ctf_buf_puts(b, st->json ? "]" : " ]");
	}
	if (info->marker)
		frag_member(st, false, "marker", info->marker);
	if (info->reason) {
		const char *why;

		frag_member(st, false, "reason", info->reason);
		/* A file we cannot use (missing, rebuilt) is worth telling
		 * once; a missing line or symbol is only the answer's. */
		if (loc && loc->file &&
		    !smk_addrmap_file_symbolizer(loc->file, &why))
			warn_once(st, loc->file, why);
	}
	smk_ctf_buf_puts(b, st->json ? "}" : " }");
	smk_ctf_buf_putc(b, 0);
	return b->nomem ? &smk_error_nomem : NULL;
}

/* babeltrace2's bin: the file, and "+" an offset or "@" an address. */
static char *user_bin(struct state *st, uint64_t addr, bool ret_addr,
		      const struct smk_addrmap_loc *loc)
{
	uint64_t adj = ret_addr ? 1 : 0;
	const char *p;
	char *bin;
	int r;

	if (!loc->file)
		return NULL;
	p = base_name(smk_addrmap_file_host_path(loc->file), st->full_path);
	/* babeltrace2 prints offsets with "%#" PRIx64: 0 is "0". */
	if (loc->is_pic)
		r = asprintf(&bin, "%s+%#" PRIx64, p, loc->offset + adj);
	else
		r = asprintf(&bin, "%s@%#" PRIx64, p, addr + adj);
	return r < 0 ? NULL : bin;
}

static struct smk_error *store(struct state *st, uint64_t k1, uint64_t k2,
			       struct answer **ret);
static struct answer *cached(struct state *st, uint64_t k1, uint64_t k2);

/*
 * The formatted answer for @addr in process @vpid: cached per (file,
 * link-time address) so every process sharing a library shares answers.
 */
static struct smk_error *answer(struct state *st, int64_t vpid, uint64_t addr,
				bool ret_addr, const struct answer **ret)
{
	uint64_t gen = smk_addrmap_generation(st->map) << 1 | ret_addr;
	struct l1_entry *l1 = &st->l1[key_hash(vpid, addr ^ gen, L1_SIZE - 1)];
	struct smk_addrmap_loc loc;
	struct smk_symbol_info info;
	struct timespec t0, t1;
	struct smk_error *err;
	struct answer *a;
	uint64_t k1, k2;
	const char *why;
	
	if (l1->a && l1->vpid == vpid && l1->addr == addr && l1->gen == gen) {
		*ret = l1->a;
		return NULL;
	}
	if (st->stats)
		clock_gettime(CLOCK_MONOTONIC, &t0);
	if (smk_addrmap_find(st->map, vpid, addr, &loc, &why)) {
		k1 = (uintptr_t)loc.file | (loc.is_pic ? 1 : 0);
		k2 = loc.link_addr;
	} else {
		k1 = ((uint64_t)vpid << 2) | 2;
		k2 = addr;
	}
	if (ret_addr)
		k1 |= (uint64_t)1 << 63;
	a = cached(st, k1, k2);
	if (a)
		goto found;
	/* A miss: look it up (smk_addrmap_find again, cheap). */
	err = smk_addrmap_symbolize(st->map, vpid, addr - (ret_addr ? 1 : 0),
				    &loc, &info);
	if (err)
		return err;
	if (st->stats && loc.file) {
		uint64_t ns;

		clock_gettime(CLOCK_MONOTONIC, &t1);
		ns = (t1.tv_sec - t0.tv_sec) * 1000000000ULL + t1.tv_nsec -
		     t0.tv_nsec;
		/* The first lookup in a file opens it and reads its
		 * symbols: counted apart from the lookups that follow. */
		if (!seen(st, loc.file)) {
			st->open_ns += ns;
		} else {
			st->misses++;
			st->miss_ns += ns;
			if (ns > st->max_ns)
				st->max_ns = ns;
		}
	}
	st->fb.len = 0;
	err = format_answer(st, user_bin(st, addr - (ret_addr ? 1 : 0),
					 ret_addr, &loc),
			    ret_addr, &loc, &info);
	if (err)
		return err;
	err = store(st, k1, k2, &a);
	if (err)
		return err;
found:
	l1->vpid = vpid;
	l1->addr = addr;
	l1->gen = gen;
	l1->a = a;
	*ret = a;
	return NULL;
}

/* st->fb's fragment, kept under (k1, k2). */
static struct smk_error *store(struct state *st, uint64_t k1, uint64_t k2,
			       struct answer **ret)
{
	struct smk_error *err;
	struct answer *a;
	size_t k;

	if ((st->nanswers + 1) * 2 > st->nslots && (err = slots_grow(st)))
		return err;
	a = calloc(1, sizeof(*a));
	if (!a || !(a->frag = strdup(st->fb.data))) {
		free(a);
		return &smk_error_nomem;
	}
	a->k1 = k1;
	a->k2 = k2;
	a->len = strlen(a->frag);
	for (k = key_hash(k1, k2, st->nslots - 1); st->slots[k];
	     k = (k + 1) & (st->nslots - 1))
		;
	st->slots[k] = a;
	st->nanswers++;
	*ret = a;
	return NULL;
}

/* A cached answer under (k1, k2), or NULL. */
static struct answer *cached(struct state *st, uint64_t k1, uint64_t k2)
{
	size_t k;

	if (!st->nslots)
		return NULL;
	for (k = key_hash(k1, k2, st->nslots - 1); st->slots[k];
	     k = (k + 1) & (st->nslots - 1))
		if (st->slots[k]->k1 == k1 && st->slots[k]->k2 == k2)
			return st->slots[k];
	return NULL;
}

/*
 * A kernel address (an LTTng kernel trace: kprobe events' ip payload
 * field): mapped as symbolize-ftrace maps a bare address (kaddr.h).  The
 * answer is cached under k1 = 3, which no userspace key has (a file
 * pointer's low bits are 0 or 1, an unmapped address' are 2).
 */
static struct smk_error *kanswer(struct state *st, uint64_t addr,
				 bool ret_addr, const struct answer **ret)
{
	uint64_t k1 = 3 | (ret_addr ? (uint64_t)1 << 63 : 0);
	struct smk_symbol_info info = { 0 };
	struct kaddr_answer ka;
	struct smk_error *err;
	struct answer *a;
	char *bin = NULL;

	a = cached(st, k1, addr);
	if (a) {
		*ret = a;
		return NULL;
	}
	kaddr_resolve(&st->ka, addr - (ret_addr ? 1 : 0), &ka);
	if (ka.have)
		info = ka.info;
	if (!info.reason)
		info.reason = ka.why;
	if (ka.bin && !ka.bin->sym && ka.bin->why)
		warn_once(st, ka.bin, ka.bin->why);
	/* As babeltrace2 for a file: "+" an offset in a relocatable
	 * module (the address addr2line -e MODULE.ko takes), "@" a
	 * link-time address in vmlinux. */
	if (ka.have && asprintf(&bin, "%s%c%#" PRIx64, ka.bin->module,
				strcmp(ka.bin->module, "vmlinux") ? '+' : '@',
				ka.addr + (ret_addr ? 1 : 0)) < 0)
		return &smk_error_nomem;
	st->fb.len = 0;
	err = format_answer(st, bin, ret_addr, NULL, &info);
	if (!err)
		err = store(st, k1, addr, &a);
	if (!err)
		*ret = a;
	return err;
}

/* ---- events ---- */

static const int *field_indexes(struct state *st,
				const struct smk_ctf_event *ev)
{
	size_t i;

	if (ev->class_id >= st->nclass_idx) {
		size_t n = ev->class_id + 16, c;
		int (*v)[MAX_FIELDS] = realloc(st->field_idx, n * sizeof(*v));

		if (!v)
			return NULL;
		for (c = st->nclass_idx; c < n; c++)
			for (i = 0; i < MAX_FIELDS; i++)
				v[c][i] = -2;
		st->field_idx = v;
		st->nclass_idx = n;
	}
	if (st->field_idx[ev->class_id][0] == -2)
		for (i = 0; i < MAX_FIELDS; i++)
			st->field_idx[ev->class_id][i] = i < st->nfields ?
				smk_ctf_field_index(ev, st->fields[i]) : -1;
	return st->field_idx[ev->class_id];
}

static bool is_return_address(const char *field)
{
	return !strcmp(field, "call_site");
}

/* @v (< 10^9) as exactly nine decimal digits: nanoseconds. */
static void put_ns(struct smk_ctf_buf *b, uint64_t v)
{
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	char d[9];
	uint32_t w = v;
	int i;

	for (i = 7; i > 0; i -= 2) {
		memcpy(&d[i], &pairs[2 * (w % 100)], 2);
		w /= 100;
	}
	d[0] = '0' + w % 10;
	smk_ctf_buf_add(b, d, 9);
}

/* "[HH:MM:SS.nnnnnnnnn] (+S.nnnnnnnnn) host name: ", as babeltrace2. */
static void print_header(struct state *st, const struct smk_ctf_event *ev)
{
	struct smk_ctf_buf *b = &st->ob;

	if (ev->has_ts) {
		int64_t sec = ev->ts / 1000000000, ns = ev->ts % 1000000000;

		if (ns < 0) {
			sec--;
			ns += 1000000000;
		}
		smk_ctf_buf_putc(b, '[');
		if (ev->ts < 0) {
			/* babeltrace2 falls back to seconds, too. */
			if (sec < 0 && ns) {
				sec++;
				ns = 1000000000 - ns;
			}
			smk_ctf_buf_putc(b, '-');
			smk_ctf_buf_u64(b, -(uint64_t)sec);
		} else {
			if (sec != st->last_sec || !st->hms[0]) {
				struct tm tm;
				time_t t = sec;

				if (localtime_r(&t, &tm))
					snprintf(st->hms, sizeof(st->hms),
						 "%02d:%02d:%02d", tm.tm_hour,
						 tm.tm_min, tm.tm_sec);
				else
					snprintf(st->hms, sizeof(st->hms),
						 "%" PRId64, sec);
				st->last_sec = sec;
			}
			smk_ctf_buf_puts(b, st->hms);
		}
		smk_ctf_buf_putc(b, '.');
		put_ns(b, ns);
		smk_ctf_buf_add(b, "] (", 3);
		if (st->have_last) {
			uint64_t d = (uint64_t)(ev->ts - st->last_ts);

			smk_ctf_buf_putc(b, '+');
			smk_ctf_buf_u64(b, d / 1000000000);
			smk_ctf_buf_putc(b, '.');
			put_ns(b, d % 1000000000);
		} else {
			smk_ctf_buf_puts(b, "+?.?????????");
		}
		smk_ctf_buf_add(b, ") ", 2);
		st->last_ts = ev->ts;
		st->have_last = true;
	}
	/* babeltrace2's default trace fields: hostname, procname, vpid
	 * (the last two in per-process traces), joined by ':'. */
	if (ev->hostname)
		smk_ctf_buf_puts(b, ev->hostname);
	if (ev->procname) {
		if (ev->hostname)
			smk_ctf_buf_putc(b, ':');
		smk_ctf_buf_puts(b, ev->procname);
	}
	if (ev->has_env_vpid) {
		if (ev->hostname || ev->procname)
			smk_ctf_buf_putc(b, ':');
		smk_ctf_buf_putc(b, '(');
		smk_ctf_buf_i64(b, ev->env_vpid);
		smk_ctf_buf_putc(b, ')');
	}
	if (ev->hostname || ev->procname || ev->has_env_vpid)
		smk_ctf_buf_putc(b, ' ');
	smk_ctf_buf_puts(b, ev->name);
	smk_ctf_buf_add(b, ": ", 2);
}

/* ',"name":...,"hostname":...[,"procname":...]' of @ev's class, once. */
static const struct smk_ctf_buf *json_names(struct state *st,
					    const struct smk_ctf_event *ev)
{
	static const struct smk_ctf_buf none;
	struct smk_ctf_buf *b;

	if (ev->class_id >= st->njson_names) {
		size_t n = ev->class_id + 16;
		struct smk_ctf_buf *v = realloc(st->json_names,
						n * sizeof(*v));

		if (!v) {
			st->ob.nomem = true;
			return &none;
		}
		memset(v + st->njson_names, 0,
		       (n - st->njson_names) * sizeof(*v));
		st->json_names = v;
		st->njson_names = n;
	}
	b = &st->json_names[ev->class_id];
	if (b->len)
		return b;
	smk_ctf_buf_puts(b, ",\"name\":");
	smk_ctf_buf_json_string(b, ev->name);
	if (ev->hostname) {
		smk_ctf_buf_puts(b, ",\"hostname\":");
		smk_ctf_buf_json_string(b, ev->hostname);
	}
	if (ev->procname) {
		smk_ctf_buf_puts(b, ",\"procname\":");
		smk_ctf_buf_json_string(b, ev->procname);
	}
	if (b->nomem)
		st->ob.nomem = true;
	return b;
}

static struct smk_error *flush(struct state *st)
{
	if (st->ob.nomem)
		return &smk_error_nomem;
	if (st->ob.len &&
	    fwrite(st->ob.data, 1, st->ob.len, stdout) != st->ob.len)
		return smk_error_errno(errno, "writing output");
	st->ob.len = 0;
	return NULL;
}

static void print_json(struct state *st, const struct smk_ctf_event *ev,
		       const struct answer *dbg,
		       const struct answer *const *frags, bool any)
{
	static const struct {
		const char *s;
		size_t len;
	} keys[] = {
#define KEY(s) { s, sizeof(s) - 1 }
		KEY(",\"packet_context\":"), KEY(",\"common_context\":"),
		KEY(",\"context\":"), KEY(",\"payload\":"),
#undef KEY
	};
	struct smk_ctf_buf *b = &st->ob;
	const struct smk_ctf_buf *names;
	bool sep = false;
	size_t i;

	smk_ctf_buf_puts(b, "{\"timestamp\":");
	if (!ev->has_ts) {
		smk_ctf_buf_puts(b, "null");
	} else if (ev->ts < 1000000000) {
		smk_ctf_buf_i64(b, ev->ts);
	} else {
		/* The seconds rarely change from one event to the next. */
		int64_t sec = ev->ts / 1000000000;

		if (sec != st->ts_sec || !st->ts_ndigits) {
			size_t mark = b->len;

			smk_ctf_buf_i64(b, sec);
			st->ts_ndigits = b->len - mark;
			if (st->ts_ndigits > sizeof(st->ts_digits))
				st->ts_ndigits = 0;
			else
				memcpy(st->ts_digits, b->data + mark,
				       st->ts_ndigits);
			b->len = mark;
			st->ts_sec = sec;
		}
		smk_ctf_buf_add(b, st->ts_digits, st->ts_ndigits);
		put_ns(b, ev->ts % 1000000000);
	}
	names = json_names(st, ev);
	smk_ctf_buf_add(b, names->data, names->len);
	for (i = 0; i < 4; i++) {
		size_t mark = b->len;

		smk_ctf_buf_add(b, keys[i].s, keys[i].len);
		if (!smk_ctf_print_json(b, ev, i))
			b->len = mark;
	}
	if (dbg) {
		smk_ctf_buf_add(b, ",\"", 2);
		smk_ctf_buf_puts(b, st->field_name);
		smk_ctf_buf_add(b, "\":", 2);
		smk_ctf_buf_add(b, dbg->frag, dbg->len);
	}
	if (any) {
		smk_ctf_buf_add(b, ",\"", 2);
		smk_ctf_buf_puts(b, st->field_name);
		smk_ctf_buf_puts(b, "_fields\":{");
		for (i = 0; i < st->nfields; i++) {
			if (!frags[i])
				continue;
			if (sep)
				smk_ctf_buf_putc(b, ',');
			smk_ctf_buf_putc(b, '"');
			smk_ctf_buf_puts(b, st->fields[i]);
			smk_ctf_buf_add(b, "\":", 2);
			smk_ctf_buf_add(b, frags[i]->frag, frags[i]->len);
			sep = true;
		}
		smk_ctf_buf_putc(b, '}');
	}
	smk_ctf_buf_add(b, "}\n", 2);
}

static void print_text(struct state *st, const struct smk_ctf_event *ev,
		       const struct answer *dbg,
		       const struct answer *const *frags, bool any)
{
	struct smk_ctf_buf *b = &st->ob;
	bool sep = false;
	size_t i;

	print_header(st, ev);
	/* As babeltrace2: the scopes there are, comma-separated; ours
	 * adds the debug_info member to the common context. */
	for (i = SMK_CTF_PACKET_CONTEXT; i <= SMK_CTF_PAYLOAD; i++) {
		const char *name = i == SMK_CTF_COMMON_CONTEXT && dbg ?
				   st->field_name : NULL;
		size_t mark = b->len;

		if (sep)
			smk_ctf_buf_add(b, ", ", 2);
		if (smk_ctf_print_text(b, ev, i, name, dbg ? dbg->frag : NULL))
			sep = true;
		else
			b->len = mark;
	}
	if (any) {
		bool first = true;

		if (sep)
			smk_ctf_buf_add(b, ", ", 2);
		smk_ctf_buf_puts(b, st->field_name);
		smk_ctf_buf_puts(b, "_fields = {");
		for (i = 0; i < st->nfields; i++) {
			if (!frags[i])
				continue;
			smk_ctf_buf_add(b, first ? " " : ", ", first ? 1 : 2);
			smk_ctf_buf_puts(b, st->fields[i]);
			smk_ctf_buf_add(b, " = ", 3);
			smk_ctf_buf_add(b, frags[i]->frag, frags[i]->len);
			first = false;
		}
		smk_ctf_buf_add(b, " }", 2);
	}
	smk_ctf_buf_putc(b, '\n');
}

/* The payload's "ip" of a kernel event (a kprobe's), per class: -1 none. */
static int kernel_ip_index(struct state *st, const struct smk_ctf_event *ev)
{
	if (ev->class_id >= st->nkip_idx) {
		size_t n = ev->class_id + 16, c;
		int *v = realloc(st->kip_idx, n * sizeof(*v));

		if (!v)
			return -3;
		for (c = st->nkip_idx; c < n; c++)
			v[c] = -2;
		st->kip_idx = v;
		st->nkip_idx = n;
	}
	if (st->kip_idx[ev->class_id] == -2)
		st->kip_idx[ev->class_id] = smk_ctf_field_index(ev, "ip");
	return st->kip_idx[ev->class_id];
}

/*
 * An event of an LTTng kernel trace: a kprobe event's only payload field,
 * ip, is the probed address, symbolized into debug_info as a userspace
 * event's ip context is; --fields are kernel addresses too.
 */
/*
 * The --fields of @ev that hold an address, each answered into @frags:
 * in @ev's process, or in the kernel for a kernel trace.
 */
static struct smk_error *field_answers(struct state *st,
				       const struct smk_ctf_event *ev,
				       bool kernel,
				       const struct answer **frags,
				       bool *any)
{
	struct smk_error *err;
	const int *idx;
	uint64_t v;
	size_t i;

	if (!st->nfields)
		return NULL;
	idx = field_indexes(st, ev);
	if (!idx)
		return &smk_error_nomem;
	for (i = 0; i < st->nfields; i++) {
		bool ret = is_return_address(st->fields[i]);

		frags[i] = NULL;
		if (idx[i] < 0 || (!kernel && !ev->has_vpid) ||
		    !smk_ctf_field_uint(ev, idx[i], &v))
			continue;
		err = kernel ? kanswer(st, v, ret, &frags[i]) :
			       answer(st, ev->vpid, v, ret, &frags[i]);
		if (err)
			return err;
		*any = true;
	}
	return NULL;
}

static struct smk_error *on_kernel_event(struct state *st,
					 const struct smk_ctf_event *ev,
					 const struct answer **dbg,
					 const struct answer **frags,
					 bool *any)
{
	struct smk_error *err;
	int ip = kernel_ip_index(st, ev);
	uint64_t v;

	if (ip == -3)
		return &smk_error_nomem;
	if (ip >= 0 && smk_ctf_field_uint(ev, ip, &v)) {
		err = kanswer(st, v, false, dbg);
		if (err)
			return err;
	}
	return field_answers(st, ev, true, frags, any);
}

static struct smk_error *on_event(void *arg, const struct smk_ctf_event *ev)
{
	struct state *st = arg;
	const struct answer *dbg = NULL, *frags[MAX_FIELDS];
	struct smk_error *err;
	bool any = false;

	st->events++;
	if (!st->no_debug_info && ev->domain && !strcmp(ev->domain, "kernel")) {
		err = on_kernel_event(st, ev, &dbg, frags, &any);
		if (err)
			return err;
	} else if (!st->no_debug_info) {
		err = smk_addrmap_event(st->map, ev);
		if (err)
			return err;
		/* As babeltrace2: only events whose common context has both
		 * ip and vpid get a debug_info. */
		if (ev->has_ip && ev->has_vpid) {
			err = answer(st, ev->vpid, ev->ip, false, &dbg);
			if (err)
				return err;
		}
		err = field_answers(st, ev, false, frags, &any);
		if (err)
			return err;
	}
	if (st->json)
		print_json(st, ev, dbg, frags, any);
	else
		print_text(st, ev, dbg, frags, any);
	return st->ob.len >= (1 << 20) ? flush(st) : NULL;
}

/* ---- the command ---- */

static void usage(FILE *f)
{
	fprintf(f,
"usage: marker-resolve symbolize-trace [options] TRACE_DIR\n"
"Print an LTTng trace's events as babeltrace2 does, each userspace event's\n"
"ip symbolized in a debug_info member of its common context, as\n"
"babeltrace2 --debug-info adds it: { bin, func, src }, plus the inline\n"
"chain and the reason when something is missing.\n"
"\n"
"      --debug-info-dir DIR  where separate debuginfo is (repeatable;\n"
"                            default TARGET_PREFIX/usr/lib/debug)\n"
"      --target-prefix DIR   root of the traced machine's files\n"
SMK_CLI_DEBUGINFOD_HELP
"      --full-path           full paths in bin, src and the inline chain\n"
"      --field-name NAME     name of the debug_info member (debug_info)\n"
"      --fields F,...        also symbolize these payload fields (e.g.\n"
"                            addr,call_site): NAME_fields = { F = {...} }\n"
"      --format FMT          text (default) or json (one object a line)\n"
"      --no-debug-info       print the events only (as plain babeltrace2)\n"
"      --markers             name the simple marker whose probe site an\n"
"                            address is (places each file's markers)\n"
"      --stats               on stderr: events, addresses looked up, time\n"
SMK_CLI_CONTAIN_HELP
"  -h, --help\n"
"A kernel trace (LTTng's kernel domain): each kprobe event's ip payload\n"
"field is symbolized, and markers named, as symbolize-ftrace does, from:\n"
"  -e FILE                   vmlinux or a module (repeatable)\n"
"  -k RELEASE, --root DIR    or the release's, found as marker-list does\n"
"      --kallsyms FILE       the traced machine's saved /proc/kallsyms\n"
"      --modules FILE        its saved /proc/modules\n"
"      --sections MOD=PATH   its /sys/module/MOD/sections (dir or file)\n"
"      --kaslr-offset N      instead of --kallsyms' _text\n"
"A userspace trace needs the events of lttng_ust_statedump:* and\n"
"lttng_ust_dl:* (or lttng_ust_lib:*), and the ip and vpid contexts.\n"
"Exit status: 0 ok, 1 the trace cannot be read, 2 usage.\n");
}

static int add_fields(struct state *st, char *list)
{
	char *tok, *save = NULL;

	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!*tok)
			continue;
		if (st->nfields == MAX_FIELDS) {
			fprintf(stderr, "%s: at most %d --fields\n", prog,
				MAX_FIELDS);
			return -1;
		}
		st->fields[st->nfields++] = tok;
	}
	return 0;
}

static bool valid_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') ||
		      (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

static void warn_cb(void *arg, const char *msg)
{
	fprintf(stderr, "marker-resolve: warning: %s\n", msg);
}

/* The reading, in a child process with limits (contain.h). */
struct job {
	struct state *st;
	struct smk_cli *cli;
	bool markers;
};

static int read_trace(void *arg)
{
	struct job *job = arg;
	struct state *st = job->st;
	struct smk_cli *cli = job->cli;
	const struct smk_ctf_stats *stats;
	struct smk_ctf *t = NULL;
	struct smk_error *err;
	int rc = 0;

	st->l1 = calloc(L1_SIZE, sizeof(*st->l1));
	err = st->l1 ? smk_addrmap_create(&cli->debuginfo, &st->map) :
	      &smk_error_nomem;
	if (!err)
		smk_addrmap_load_markers(st->map, job->markers);
	if (!err)
		err = smk_ctf_open(st->path, &t);
	if (!err)
		err = smk_ctf_run(t, on_event, st);
	if (!err)
		err = flush(st);
	else
		smk_error_destroy(flush(st));	/* what was printed */
	if (err) {
		fflush(stdout);
		fprintf(stderr, "marker-resolve: %s\n", err->message);
		smk_error_destroy(err);
		rc = 1;
	} else {
		stats = smk_ctf_stats(t);
		if (stats->discarded_events)
			fprintf(stderr, "marker-resolve: warning: %s: the "
				"tracer discarded %" PRIu64 " events\n",
				st->path, stats->discarded_events);
		if (st->stats)
			fprintf(stderr, "marker-resolve: stats: %" PRIu64
				" events; %" PRIu64 " files opened in %.1f ms; "
				"%" PRIu64 " more addresses looked up, %.2f us "
				"each (max %.1f us)\n", st->events, st->nfiles,
				st->open_ns / 1e6, st->misses,
				st->misses ? st->miss_ns / 1e3 / st->misses : 0.0,
				st->max_ns / 1e3);
		if (stats->discarded_packets)
			fprintf(stderr, "marker-resolve: warning: %s: the "
				"tracer discarded %" PRIu64 " packets\n",
				st->path, stats->discarded_packets);
	}
	if (!smk_cli_flush_stdout("marker-resolve"))
		rc = 1;
	smk_ctf_destroy(t);
	smk_addrmap_destroy(st->map);
	return rc;
}

int cmd_symbolize_trace(int argc, char **argv)
{
	enum { OPT_FULL = 256, OPT_FIELD_NAME, OPT_FIELDS, OPT_FORMAT,
	       OPT_NO_DEBUG, OPT_STATS, OPT_MARKERS };
	static const struct option longopts[] = {
		SMK_CLI_DEBUG_LONGOPTS,
		{ "full-path", no_argument, NULL, OPT_FULL },
		{ "field-name", required_argument, NULL, OPT_FIELD_NAME },
		{ "fields", required_argument, NULL, OPT_FIELDS },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "no-debug-info", no_argument, NULL, OPT_NO_DEBUG },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "markers", no_argument, NULL, OPT_MARKERS },
		SMK_CLI_KERNEL_LONGOPTS,
		SMK_CLI_CONTAIN_LONGOPTS,
		KADDR_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct state st = { .field_name = "debug_info" };
	struct smk_cli cli = { 0 };	/* the debuginfo options */
	struct smk_contain_limits limits;
	struct smk_error *err;
	struct job job;
	bool markers = false;
	int c, rc = 0;
	size_t i;

	smk_set_warn(warn_cb, NULL);
	smk_contain_default_limits(&limits);
	if (kaddr_init(&st.ka, prog, &cli))
		return 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "e:k:h", longopts, NULL)) != -1) {
		int taken = kaddr_option(&st.ka, c, optarg);

		if (!taken)
			taken = smk_cli_contain_option(&limits, prog, c,
						       optarg);

		if (taken < 0) {
			kaddr_deinit(&st.ka);
			smk_cli_deinit(&cli);
			return taken == -2 ? 2 : 1;
		}
		if (taken)
			continue;
		switch (c) {
		case 'k':
		case SMK_CLI_ROOT:
		SMK_CLI_DEBUG_CASES:
			if (smk_cli_option(&cli, c, optarg) < 0) {
				fprintf(stderr, "%s: out of memory\n", prog);
				kaddr_deinit(&st.ka);
				smk_cli_deinit(&cli);
				return 1;
			}
			break;
		case OPT_FULL:
			st.full_path = true;
			break;
		case OPT_FIELD_NAME:
			if (!valid_name(optarg)) {
				fprintf(stderr, "%s: --field-name: '%s' is not "
					"a C identifier\n", prog, optarg);
				kaddr_deinit(&st.ka);
				smk_cli_deinit(&cli);
				return 2;
			}
			st.field_name = optarg;
			break;
		case OPT_FIELDS:
			if (add_fields(&st, optarg)) {
				kaddr_deinit(&st.ka);
				smk_cli_deinit(&cli);
				return 2;
			}
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json")) {
				st.json = true;
			} else if (strcmp(optarg, "text")) {
				fprintf(stderr, "%s: unknown format '%s' (text "
					"or json)\n", prog, optarg);
				kaddr_deinit(&st.ka);
				smk_cli_deinit(&cli);
				return 2;
			}
			break;
		case OPT_NO_DEBUG:
			st.no_debug_info = true;
			break;
		case OPT_STATS:
			st.stats = true;
			break;
		case OPT_MARKERS:
			markers = true;
			break;
		case 'h':
			usage(stdout);
			kaddr_deinit(&st.ka);
			smk_cli_deinit(&cli);
			return 0;
		default:
			usage(stderr);
			kaddr_deinit(&st.ka);
			smk_cli_deinit(&cli);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "%s: give one trace directory\n", prog);
		usage(stderr);
		kaddr_deinit(&st.ka);
		smk_cli_deinit(&cli);
		return 2;
	}
	for (i = 0; i < st.nfields; i++)
		if (!valid_name(st.fields[i])) {
			fprintf(stderr, "%s: --fields: '%s' is not a field "
				"name\n", prog, st.fields[i]);
			kaddr_deinit(&st.ka);
			smk_cli_deinit(&cli);
			return 2;
		}
	st.path = argv[optind];
	if (kaddr_open_files(&st.ka)) {
		kaddr_deinit(&st.ka);
		smk_cli_deinit(&cli);
		return 1;
	}
	job = (struct job){ &st, &cli, markers };
	err = smk_contain(st.path, &limits, read_trace, &job, &rc);
	if (err) {
		fprintf(stderr, "marker-resolve: %s: the trace is corrupt "
			"in a way libbabeltrace2 does not check\n",
			err->message);
		smk_error_destroy(err);
		rc = 1;
	}
	for (i = 0; i < st.nslots; i++) {
		if (st.slots[i])
			free(st.slots[i]->frag);
		free(st.slots[i]);
	}
	free(st.slots);
	free(st.l1);
	free(st.field_idx);
	free(st.kip_idx);
	kaddr_deinit(&st.ka);
	for (i = 0; i < st.njson_names; i++)
		smk_ctf_buf_deinit(&st.json_names[i]);
	free(st.json_names);
	free(st.warned);
	free(st.files);
	smk_ctf_buf_deinit(&st.ob);
	smk_ctf_buf_deinit(&st.fb);
	smk_cli_deinit(&cli);
	return rc;
}
