// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * CTF traces through libbabeltrace2 (see ctf.h).
 *
 * The graph is the one the babeltrace2 CLI builds for "babeltrace2 DIR":
 * one source.ctf.fs component per trace directory, every output port
 * connected to a filter.utils.muxer (which orders all streams by time), and
 * the muxer to a simple sink whose consume function batches messages from
 * its iterator.  Components log at BT_LOGGING_LEVEL_NONE; failures are
 * read back from the thread's bt_error, innermost causes first, since
 * those say what is wrong with which file.
 *
 * Per event class we cache what every event needs: its name, a dense id,
 * the common context's member indexes of vpid/vtid/ip and the trace's
 * hostname, so the per-event path is a few babeltrace2 getter calls.
 *
 * Two threads, when there are two CPUs: decoding is most of the time and
 * cannot be split, so the caller's callback (symbolizing, formatting,
 * writing) runs on a thread of its own, the consumer, and the graph
 * thread, the producer, only decodes and copies out.  Events cross in
 * order, in chunks through a ring (see struct pipe).  babeltrace2 objects
 * are not thread-safe: reference counts and the pools that messages,
 * events and packets go back to belong to the graph thread.  So an event
 * of a flat class (all its scopes plain integers, as most LTTng events)
 * crosses as its values, its message put at once; another one (strings,
 * arrays, enumerations: statedump events) crosses as its message, still
 * referenced, and the consumer only reads it (nothing else touches a
 * message once the muxer gave it to us; classes are frozen, but for the
 * label buffer of enumeration classes, which only the consumer uses)
 * until the producer puts it, after the consumer is done with its chunk.  With one
 * CPU, or no thread, the callback runs in the sink on the message.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <babeltrace2/babeltrace.h>

#include "contain.h"
#include "ctf.h"
#include "json.h"

/* How far below the given directory trace directories are looked for:
 * an LTTng rotation archive is DIR/archives/CHUNK/ust/uid/0/64-bit. */
static const int max_depth = 8;
static const size_t max_dirs_visited = 100000;

/*
 * How to print a scope's top-level structure as JSON without asking
 * babeltrace2 for member names and types at every event: each member's
 * key with its separator ('{"ip":', ',"vpid":') and how to read it.
 */
enum member_kind { MEMBER_U64, MEMBER_I64, MEMBER_STRING, MEMBER_OTHER };

struct member_plan {
	char *key;
	size_t keylen;
	enum member_kind kind;
};

/*
 * A scope made of a few integers only (cpu_id; ip, vpid, vtid; addr,
 * call_site) takes few distinct values in a trace, hot loops repeating
 * the same ones: its text is remembered by value, in a direct-mapped
 * table, and copied when the values come again.
 */
enum { MEMO_SLOTS = 4096, MEMO_VALUES = 8 };

struct memo {
	uint64_t v[MEMO_VALUES];
	size_t len;
	char text[];
};

struct scope_plan {
	bool ready, is_struct, all_int;
	size_t n;
	struct member_plan *m;
	struct memo **memo;	/* MEMO_SLOTS, when all_int */
};

struct ctf_class {
	const bt_event_class *key;	/* referenced */
	const bt_trace *trace;		/* referenced, for the hostname */
	unsigned int id;
	const char *name;
	const char *hostname, *procname, *domain;
	bool has_env_vpid;
	int64_t env_vpid;
	bool has_clock;
	int ctx_vpid, ctx_vtid, ctx_ip;	/* common context member, or -1 */
	bool vpid_signed, vtid_signed;
	struct scope_plan json[4];	/* by enum smk_ctf_scope */

	/* The scopes' structure classes; NULL when events have none. */
	const bt_field_class *scope_fc[4];
	/* Flat: every scope there is holds plain integers only, at most
	 * FLAT_VALUES in all, so that an event is copied out whole. */
	bool flat;
	unsigned char flat_off[4], flat_n[4];
	uint32_t flat_signed;		/* bit i: value i is signed */
};

/*
 * The ring from the graph thread (the producer) to the consumer: chunks
 * of events.  An event of a flat class (plain integers, as most LTTng
 * events are) travels copied out, its message put at once: babeltrace2
 * then decodes the next event into the objects it just got back, hot in
 * the cache, as when nothing else is done.  Holding the messages instead
 * (and reading them on the consumer) cost the graph thread 15-20%, that
 * is more than the copying.  Other events travel as their message, still
 * referenced; the producer puts those in the chunks in [released, tail).
 *
 * Waking a thread costs the waker a system call and, in a VM, an
 * interprocessor interrupt: a sleeper is woken only when PIPE_WAKE chunks
 * are there for it (or room for PIPE_WAKE chunks), not at each chunk.
 * Sleeping follows the usual pattern: the sleeper sets its flag under the
 * lock, then reads the index again; the other side moves the index, then
 * reads the flag (both sequentially consistent) and signals under the
 * lock.  No spinning: on two CPUs it slowed the graph thread down.
 */
enum {
	FLAT_VALUES = 12,
	PIPE_CHUNK = 512,
	PIPE_CHUNKS = 16,
	PIPE_WAKE = 4,
};

struct pending {
	struct ctf_class *cls;
	const bt_message *msg;		/* referenced; NULL: flat */
	bool has_ts;
	int64_t ts;
	uint64_t v[FLAT_VALUES];	/* flat: the scopes' values */
};

struct chunk {
	size_t n, nmsgs;		/* events; messages held */
	struct pending ev[PIPE_CHUNK];
};

struct pipe {
	pthread_t thread;
	struct chunk *chunks;		/* PIPE_CHUNKS */
	uint64_t released;		/* producer only */
	/* Apart, so that the two sides do not share a cache line. */
	_Alignas(64) _Atomic uint64_t head;	/* chunks handed over */
	_Atomic bool closed;		/* no more chunks will come */
	_Atomic bool producer_waits;
	_Alignas(64) _Atomic uint64_t tail;	/* chunks handled */
	_Atomic bool failed;		/* the callback failed: t->err */
	_Atomic bool consumer_waits;
	_Alignas(64) pthread_mutex_t lock;
	pthread_cond_t more, room;	/* the consumer, the producer waits */
};

struct smk_ctf {
	char *path;
	char **dirs;
	size_t ndirs;
	bt_graph *graph;
	const bt_plugin *ctf_plugin, *utils_plugin;
	bool ran;

	smk_ctf_event_fn *fn;
	void *arg;
	struct smk_error *err;		/* from the callback */
	struct smk_error *sink_err;	/* from the sink itself */
	bool stop;			/* the sink refuses messages */
	struct pipe *pipe;		/* NULL: the callback runs in the sink */
	/* The last packet (referenced) and its context's flat values: the
	 * same for all the events of the packet. */
	const bt_packet *packet;
	uint64_t packet_vals[FLAT_VALUES];

	/* Event classes: open addressing on the pointer, and by id. */
	struct ctf_class **slots;
	size_t nslots;
	struct ctf_class **by_id;
	size_t nclasses;
	struct ctf_class *last;

	struct smk_ctf_stats stats;
};

/* ---- errors ---- */

/*
 * The reason babeltrace2 gives: its three innermost causes (the file and
 * what is wrong with it), outermost first, on one line.  Causes from the
 * library itself (not a component) only repeat addresses and class
 * descriptions: skipped.
 */
static struct smk_error *bt_reason(const char *path, const char *what)
{
	const bt_error *e = bt_current_thread_take_error();
	struct smk_error *err;
	uint64_t n, i, pick[3];
	size_t npick = 0, len = 0;
	char *msg = NULL;
	FILE *f;

	if (!e)
		return smk_error_create(SMK_ERROR_CORRUPT, "%s: %s", path,
					what);
	n = bt_error_get_cause_count(e);
	for (i = 0; i < n && npick < 3; i++) {
		const bt_error_cause *c = bt_error_borrow_cause_by_index(e, i);

		if (bt_error_cause_get_message(c) &&
		    bt_error_cause_get_actor_type(c) !=
			    BT_ERROR_CAUSE_ACTOR_TYPE_UNKNOWN)
			pick[npick++] = i;
	}
	f = open_memstream(&msg, &len);
	if (!f) {
		bt_error_release(e);
		return &smk_error_nomem;
	}
	while (npick--) {
		const char *m = bt_error_cause_get_message(
			bt_error_borrow_cause_by_index(e, pick[npick]));
		size_t ml = strlen(m);

		while (ml && (m[ml - 1] == '.' || m[ml - 1] == '\n'))
			ml--;
		for (i = 0; i < ml; i++)
			fputc(m[i] == '\n' ? ' ' : m[i], f);
		if (npick)
			fputs(": ", f);
	}
	bt_error_release(e);
	if (fclose(f) || !msg)
		return &smk_error_nomem;
	err = smk_error_create(SMK_ERROR_CORRUPT, "%s: %s: %s", path, what,
			       len ? msg : "babeltrace2 gives no reason");
	free(msg);
	return err;
}

/*
 * When a trace cannot be opened, tell a metadata file that does not parse
 * from the rest: babeltrace2's source only says "Cannot create trace".
 */
static struct smk_error *metadata_error(const bt_component_class_source *cls,
					const char *dir)
{
	bt_value *params = bt_value_map_create();
	const bt_value *res = NULL;
	bt_query_executor *q = NULL;
	bt_query_executor_query_status st;
	struct smk_error *err = NULL;
	char *path;

	if (!params || bt_value_map_insert_string_entry(params, "path", dir)) {
		bt_value_put_ref(params);
		return NULL;
	}
	q = bt_query_executor_create(
		bt_component_class_source_as_component_class_const(cls),
		"metadata-info", params);
	bt_value_put_ref(params);
	if (!q) {
		bt_current_thread_clear_error();
		return NULL;
	}
	bt_query_executor_set_logging_level(q, BT_LOGGING_LEVEL_NONE);
	st = bt_query_executor_query(q, &res);
	bt_query_executor_put_ref(q);
	bt_value_put_ref(res);
	if (st == BT_QUERY_EXECUTOR_QUERY_STATUS_OK)
		return NULL;
	if (asprintf(&path, "%s/metadata", dir) < 0) {
		bt_current_thread_clear_error();
		return &smk_error_nomem;
	}
	err = bt_reason(path, "not valid CTF metadata");
	free(path);
	return err;
}

/* ---- finding the trace directories ---- */

static struct smk_error *add_dir(struct smk_ctf *t, const char *dir)
{
	char **v = realloc(t->dirs, (t->ndirs + 1) * sizeof(*v));

	if (!v)
		return &smk_error_nomem;
	t->dirs = v;
	if (!(t->dirs[t->ndirs] = strdup(dir)))
		return &smk_error_nomem;
	t->ndirs++;
	return NULL;
}

static bool has_metadata(const char *dir)
{
	struct stat st;
	char *p;
	bool r;

	if (asprintf(&p, "%s/metadata", dir) < 0)
		return false;
	r = !stat(p, &st) && S_ISREG(st.st_mode);
	free(p);
	return r;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Packetized metadata (CTF 1.8 section 7.1: packets of a 37-byte header
 * and text) is checked before babeltrace2 reads it: babeltrace2 2.0.4
 * spins for ever on a file that ends inside a packet (found by
 * tests/fuzz/fuzz-ctf.c; tests/fuzz/regress/ctf/metadata-short-packet),
 * so a hostile trace would hang symbolize-trace.  Each packet's sizes must
 * be whole bytes, its content at least the header and at most the packet,
 * and the packet within the file.  Text metadata is left to babeltrace2.
 */
enum { META_MAGIC = 0x75d11d57, META_HEADER = 37 };

static uint32_t get32(const unsigned char *p, bool be)
{
	return be ? (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3] :
		    (uint32_t)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0];
}

static struct smk_error *check_metadata(const char *dir)
{
	struct smk_error *err = NULL;
	unsigned char h[META_HEADER];
	uint64_t off = 0, fsize;
	struct stat st;
	char *path;
	FILE *f;
	bool be;

	if (asprintf(&path, "%s/metadata", dir) < 0)
		return &smk_error_nomem;
	f = fopen(path, "rbe");
	if (!f || fstat(fileno(f), &st)) {
		err = smk_error_errno(errno, "%s", path);
		goto out;
	}
	fsize = st.st_size;
	if (fread(h, 1, 4, f) != 4)
		goto out;	/* too short to be packetized */
	if (get32(h, false) == META_MAGIC)
		be = false;
	else if (get32(h, true) == META_MAGIC)
		be = true;
	else
		goto out;	/* text */
	while (off < fsize) {
		uint32_t content, packet;

		if (fseeko(f, off, SEEK_SET) ||
		    fread(h, 1, sizeof(h), f) != sizeof(h)) {
			err = smk_error_create(SMK_ERROR_CORRUPT,
					       "%s: packet at offset %" PRIu64 ": truncated header",
					       path, off);
			break;
		}
		content = get32(h + 24, be);
		packet = get32(h + 28, be);
		if (get32(h, be) != META_MAGIC || content % 8 || packet % 8 ||
		    content < 8 * META_HEADER || content > packet ||
		    packet / 8 > fsize - off) {
			err = smk_error_create(SMK_ERROR_CORRUPT,
					       "%s: packet at offset %" PRIu64 ": bad header (magic 0x%08" PRIx32 ", content %" PRIu32 " bits, packet %" PRIu32 " bits, %" PRIu64 " bytes left in the file)",
					       path, off, get32(h, be), content,
					       packet, fsize - off);
			break;
		}
		off += packet / 8;
	}
out:
	if (f)
		fclose(f);
	free(path);
	return err;
}

static struct smk_error *find_dirs(struct smk_ctf *t, const char *dir,
				   int depth, size_t *visited)
{
	struct smk_error *err = NULL;
	struct dirent *de;
	char **subs = NULL;
	size_t nsubs = 0, i;
	DIR *d;

	if (has_metadata(dir)) {
		err = check_metadata(dir);
		return err ? err : add_dir(t, dir);
	}
	if (depth >= max_depth || ++*visited > max_dirs_visited)
		return NULL;
	d = opendir(dir);
	if (!d)
		return NULL;	/* unreadable subdirectories are skipped */
	while ((de = readdir(d))) {
		char *p, **v;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		if (asprintf(&p, "%s/%s", dir, de->d_name) < 0) {
			err = &smk_error_nomem;
			break;
		}
		if (lstat(p, &st) || !S_ISDIR(st.st_mode)) {
			free(p);
			continue;
		}
		v = realloc(subs, (nsubs + 1) * sizeof(*v));
		if (!v) {
			free(p);
			err = &smk_error_nomem;
			break;
		}
		subs = v;
		subs[nsubs++] = p;
	}
	closedir(d);
	if (subs)
		qsort(subs, nsubs, sizeof(*subs), cmp_str);
	for (i = 0; i < nsubs; i++) {
		if (!err)
			err = find_dirs(t, subs[i], depth + 1, visited);
		free(subs[i]);
	}
	free(subs);
	return err;
}

/* ---- event classes ---- */

static size_t ptr_hash(const void *p, size_t mask)
{
	uint64_t h = (uintptr_t)p;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h & mask;
}

static struct smk_error *slots_grow(struct smk_ctf *t)
{
	size_t n = t->nslots ? t->nslots * 2 : 64, i;
	struct ctf_class **s = calloc(n, sizeof(*s));

	if (!s)
		return &smk_error_nomem;
	for (i = 0; i < t->nclasses; i++) {
		size_t k = ptr_hash(t->by_id[i]->key, n - 1);

		while (s[k])
			k = (k + 1) & (n - 1);
		s[k] = t->by_id[i];
	}
	free(t->slots);
	t->slots = s;
	t->nslots = n;
	return NULL;
}

static int member_index(const bt_field_class *fc, const char *name)
{
	uint64_t i, n;

	if (!fc || bt_field_class_get_type(fc) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return -1;
	n = bt_field_class_structure_get_member_count(fc);
	for (i = 0; i < n && i < INT32_MAX; i++) {
		const bt_field_class_structure_member *m =
			bt_field_class_structure_borrow_member_by_index_const(
				fc, i);

		if (!strcmp(bt_field_class_structure_member_get_name(m),
			    name))
			return (int)i;
	}
	return -1;
}

/* Member @idx of structure @fc if it is an integer; else -1. */
static int int_member(const bt_field_class *fc, int idx, bool *is_signed)
{
	const bt_field_class *mfc;
	bt_field_class_type type;

	if (idx < 0)
		return -1;
	mfc = bt_field_class_structure_member_borrow_field_class_const(
		bt_field_class_structure_borrow_member_by_index_const(fc,
								      idx));
	type = bt_field_class_get_type(mfc);
	if (!bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_INTEGER))
		return -1;
	if (is_signed)
		*is_signed = bt_field_class_type_is(
			type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);
	return idx;
}

/* Which scopes @c's events have, and whether they are flat. */
static void plan_flat(struct ctf_class *c, const bt_stream_class *sc,
		      const bt_event_class *ec)
{
	size_t off = 0, i, n;
	int k;

	/* An event has a packet when its stream class has them; a scope
	 * field when its class is there. */
	c->scope_fc[SMK_CTF_PACKET_CONTEXT] =
		bt_stream_class_supports_packets(sc) ?
		bt_stream_class_borrow_packet_context_field_class_const(sc) :
		NULL;
	c->scope_fc[SMK_CTF_COMMON_CONTEXT] =
		bt_stream_class_borrow_event_common_context_field_class_const(
			sc);
	c->scope_fc[SMK_CTF_SPECIFIC_CONTEXT] =
		bt_event_class_borrow_specific_context_field_class_const(ec);
	c->scope_fc[SMK_CTF_PAYLOAD] =
		bt_event_class_borrow_payload_field_class_const(ec);
	for (k = 0; k < 4; k++) {
		const bt_field_class *fc = c->scope_fc[k];

		if (!fc)
			continue;
		if (bt_field_class_get_type(fc) != BT_FIELD_CLASS_TYPE_STRUCTURE)
			return;
		n = bt_field_class_structure_get_member_count(fc);
		if (n > FLAT_VALUES - off)
			return;
		for (i = 0; i < n; i++) {
			bt_field_class_type type = bt_field_class_get_type(
				bt_field_class_structure_member_borrow_field_class_const(
					bt_field_class_structure_borrow_member_by_index_const(
						fc, i)));

			/* Not enumerations: their text needs labels. */
			if (type == BT_FIELD_CLASS_TYPE_SIGNED_INTEGER)
				c->flat_signed |= 1u << (off + i);
			else if (type != BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER)
				return;
		}
		c->flat_off[k] = off;
		c->flat_n[k] = n;
		off += n;
	}
	c->flat = true;
}

static struct ctf_class *class_new(struct smk_ctf *t, const bt_event *ev,
				   const bt_event_class *ec)
{
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(
		ec);
	const bt_field_class *ctx =
		bt_stream_class_borrow_event_common_context_field_class_const(
			sc);
	const bt_trace *trace = bt_stream_borrow_trace_const(
		bt_event_borrow_stream_const(ev));
	const bt_value *host =
		bt_trace_borrow_environment_entry_value_by_name_const(
			trace, "hostname");
	const bt_value *procname =
		bt_trace_borrow_environment_entry_value_by_name_const(
			trace, "procname");
	const bt_value *vpid =
		bt_trace_borrow_environment_entry_value_by_name_const(
			trace, "vpid");
	const bt_value *domain =
		bt_trace_borrow_environment_entry_value_by_name_const(
			trace, "domain");
	struct ctf_class *c, **by_id;
	bool dummy;
	size_t k;

	if ((t->nclasses + 1) * 2 > t->nslots && slots_grow(t))
		return NULL;
	by_id = realloc(t->by_id, (t->nclasses + 1) * sizeof(*by_id));
	if (!by_id)
		return NULL;
	t->by_id = by_id;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->key = ec;
	bt_event_class_get_ref(ec);
	c->trace = trace;
	bt_trace_get_ref(trace);
	c->id = t->nclasses;
	c->name = bt_event_class_get_name(ec);
	if (!c->name)
		c->name = "<unknown>";
	if (host && bt_value_get_type(host) == BT_VALUE_TYPE_STRING)
		c->hostname = bt_value_string_get(host);
	if (procname && bt_value_get_type(procname) == BT_VALUE_TYPE_STRING)
		c->procname = bt_value_string_get(procname);
	if (domain && bt_value_get_type(domain) == BT_VALUE_TYPE_STRING)
		c->domain = bt_value_string_get(domain);
	if (vpid && bt_value_get_type(vpid) == BT_VALUE_TYPE_SIGNED_INTEGER) {
		c->env_vpid = bt_value_integer_signed_get(vpid);
		c->has_env_vpid = true;
	}
	c->has_clock = bt_stream_class_borrow_default_clock_class_const(sc);
	c->ctx_vpid = int_member(ctx, member_index(ctx, "vpid"),
				 &c->vpid_signed);
	c->ctx_vtid = int_member(ctx, member_index(ctx, "vtid"),
				 &c->vtid_signed);
	c->ctx_ip = int_member(ctx, member_index(ctx, "ip"), &dummy);
	plan_flat(c, sc, ec);
	t->by_id[t->nclasses++] = c;
	k = ptr_hash(ec, t->nslots - 1);
	while (t->slots[k])
		k = (k + 1) & (t->nslots - 1);
	t->slots[k] = c;
	return c;
}

static struct ctf_class *class_get(struct smk_ctf *t, const bt_event *ev)
{
	const bt_event_class *ec = bt_event_borrow_class_const(ev);
	size_t k;

	if (t->last && t->last->key == ec)
		return t->last;
	if (t->nslots) {
		for (k = ptr_hash(ec, t->nslots - 1); t->slots[k];
		     k = (k + 1) & (t->nslots - 1))
			if (t->slots[k]->key == ec)
				return t->last = t->slots[k];
	}
	return t->last = class_new(t, ev, ec);
}

static int64_t ctx_int(const bt_field *ctx, int idx, bool is_signed)
{
	const bt_field *f = bt_field_structure_borrow_member_field_by_index_const(
		ctx, idx);

	return is_signed ? bt_field_integer_signed_get_value(f) :
			   (int64_t)bt_field_integer_unsigned_get_value(f);
}

/* ---- the callback ---- */

static const bt_field *event_scope(const bt_event *e, enum smk_ctf_scope scope)
{
	const bt_packet *p;

	switch (scope) {
	case SMK_CTF_PACKET_CONTEXT:
		p = bt_event_borrow_packet_const(e);
		return p ? bt_packet_borrow_context_field_const(p) : NULL;
	case SMK_CTF_COMMON_CONTEXT:
		return bt_event_borrow_common_context_field_const(e);
	case SMK_CTF_SPECIFIC_CONTEXT:
		return bt_event_borrow_specific_context_field_const(e);
	case SMK_CTF_PAYLOAD:
		return bt_event_borrow_payload_field_const(e);
	}
	return NULL;
}

/* The timestamp of event message @msg into @pe. */
static void read_ts(struct pending *pe, const bt_message *msg)
{
	if (!pe->cls->has_clock)
		return;
	pe->has_ts = bt_clock_snapshot_get_ns_from_origin(
		bt_message_event_borrow_default_clock_snapshot_const(msg),
		&pe->ts) == BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
}

/* Copy the values of event message @msg of a flat class into @pe. */
static void copy_flat(struct smk_ctf *t, struct pending *pe,
		      const bt_message *msg)
{
	const struct ctf_class *c = pe->cls;
	const bt_event *ev = bt_message_event_borrow_event_const(msg);
	int k;

	read_ts(pe, msg);
	for (k = 0; k < 4; k++) {
		const bt_field *f;
		size_t i;

		if (!c->flat_n[k])
			continue;
		if (k == SMK_CTF_PACKET_CONTEXT) {
			/* First of the scopes: at offset 0. */
			const bt_packet *p = bt_event_borrow_packet_const(ev);

			if (p == t->packet) {
				/* Not memcpy(): a rep movs for a value or
				 * two, at each event. */
				for (i = 0; i < c->flat_n[k]; i++)
					pe->v[i] = t->packet_vals[i];
				continue;
			}
			bt_packet_put_ref(t->packet);
			bt_packet_get_ref(p);
			t->packet = p;
			f = bt_packet_borrow_context_field_const(p);
		} else {
			f = event_scope(ev, k);
		}
		for (i = 0; i < c->flat_n[k]; i++) {
			const bt_field *m =
				bt_field_structure_borrow_member_field_by_index_const(
					f, i);
			size_t j = c->flat_off[k] + i;

			pe->v[j] = c->flat_signed >> j & 1 ?
				(uint64_t)bt_field_integer_signed_get_value(m) :
				bt_field_integer_unsigned_get_value(m);
		}
		if (k == SMK_CTF_PACKET_CONTEXT)
			for (i = 0; i < c->flat_n[k]; i++)
				t->packet_vals[i] = pe->v[i];
	}
}

/* Call back on the event @pe; sets t->err. */
static void deliver(struct smk_ctf *t, const struct pending *pe)
{
	struct ctf_class *c = pe->cls;
	struct smk_ctf_event e = { 0 };

	e.name = c->name;
	e.class_id = c->id;
	e.hostname = c->hostname;
	e.procname = c->procname;
	e.domain = c->domain;
	e.has_env_vpid = c->has_env_vpid;
	e.env_vpid = c->env_vpid;
	e.cls = c;
	e.has_ts = pe->has_ts;
	e.ts = pe->ts;
	if (!pe->msg) {
		const uint64_t *ctx =
			&pe->v[c->flat_off[SMK_CTF_COMMON_CONTEXT]];

		e.vals = pe->v;
		if (c->ctx_vpid >= 0) {
			e.vpid = (int64_t)ctx[c->ctx_vpid];
			e.has_vpid = true;
		}
		if (c->ctx_vtid >= 0) {
			e.vtid = (int64_t)ctx[c->ctx_vtid];
			e.has_vtid = true;
		}
		if (c->ctx_ip >= 0) {
			e.ip = ctx[c->ctx_ip];
			e.has_ip = true;
		}
	} else {
		const bt_event *ev = bt_message_event_borrow_event_const(
			pe->msg);
		const bt_field *ctx =
			bt_event_borrow_common_context_field_const(ev);

		e.msg = pe->msg;
		e.event = ev;
		if (ctx && c->ctx_vpid >= 0) {
			e.vpid = ctx_int(ctx, c->ctx_vpid, c->vpid_signed);
			e.has_vpid = true;
		}
		if (ctx && c->ctx_vtid >= 0) {
			e.vtid = ctx_int(ctx, c->ctx_vtid, c->vtid_signed);
			e.has_vtid = true;
		}
		if (ctx && c->ctx_ip >= 0) {
			e.ip = bt_field_integer_unsigned_get_value(
				bt_field_structure_borrow_member_field_by_index_const(
					ctx, c->ctx_ip));
			e.has_ip = true;
		}
	}
	t->err = t->fn(t->arg, &e);
}

/* ---- the consumer thread ---- */

/* Wake the sleeper on @cond (it checks under the lock). */
static void pipe_wake(struct pipe *p, pthread_cond_t *cond)
{
	pthread_mutex_lock(&p->lock);
	pthread_cond_signal(cond);
	pthread_mutex_unlock(&p->lock);
}

/* The consumer: wait until a chunk is there (true) or the end (false). */
static bool pipe_wait_more(struct pipe *p, uint64_t tail)
{
	if (atomic_load_explicit(&p->head, memory_order_acquire) != tail)
		return true;
	pthread_mutex_lock(&p->lock);
	atomic_store(&p->consumer_waits, true);
	while (atomic_load(&p->head) - tail < PIPE_WAKE &&
	       !atomic_load(&p->closed))
		pthread_cond_wait(&p->more, &p->lock);
	atomic_store(&p->consumer_waits, false);
	pthread_mutex_unlock(&p->lock);
	return atomic_load(&p->head) != tail;
}

static void *consumer(void *arg)
{
	struct smk_ctf *t = arg;
	struct pipe *p = t->pipe;
	bool failed = false;
	uint64_t tail = 0;

	while (pipe_wait_more(p, tail)) {
		struct chunk *c = &p->chunks[tail % PIPE_CHUNKS];
		size_t i;

		smk_contain_beat();

		/* After a failure, chunks are only handed back. */
		for (i = 0; i < c->n && !failed; i++) {
			deliver(t, &c->ev[i]);
			failed = t->err;
		}
		if (failed)
			atomic_store(&p->failed, true);
		atomic_store(&p->tail, ++tail);
		if (atomic_load(&p->producer_waits) &&
		    (failed ||
		     atomic_load(&p->head) - tail <= PIPE_CHUNKS - PIPE_WAKE))
			pipe_wake(p, &p->room);
	}
	return NULL;
}

/* Put the messages of the chunks in [p->released, @upto). */
static void pipe_release(struct pipe *p, uint64_t upto)
{
	for (; p->released < upto; p->released++) {
		struct chunk *c = &p->chunks[p->released % PIPE_CHUNKS];
		size_t i;

		for (i = 0; c->nmsgs && i < c->n; i++)
			if (c->ev[i].msg) {
				bt_message_put_ref(c->ev[i].msg);
				c->nmsgs--;
			}
		c->n = 0;
	}
}

/*
 * Hand the chunk being filled over; wait for a free one.  False if the
 * consumer failed.
 */
static bool pipe_push(struct pipe *p)
{
	uint64_t head = atomic_load_explicit(&p->head,
					     memory_order_relaxed) + 1;
	uint64_t tail;

	atomic_store(&p->head, head);
	if (atomic_load(&p->consumer_waits) &&
	    head - atomic_load(&p->tail) >= PIPE_WAKE)
		pipe_wake(p, &p->more);
	tail = atomic_load(&p->tail);
	if (head - tail >= PIPE_CHUNKS) {
		pthread_mutex_lock(&p->lock);
		atomic_store(&p->producer_waits, true);
		while (head - atomic_load(&p->tail) >
			       PIPE_CHUNKS - PIPE_WAKE &&
		       !atomic_load(&p->failed))
			pthread_cond_wait(&p->room, &p->lock);
		atomic_store(&p->producer_waits, false);
		pthread_mutex_unlock(&p->lock);
		tail = atomic_load(&p->tail);
	}
	if (atomic_load(&p->failed))
		return false;
	pipe_release(p, tail);
	return true;
}

static void pipe_free(struct pipe *p)
{
	pthread_cond_destroy(&p->more);
	pthread_cond_destroy(&p->room);
	pthread_mutex_destroy(&p->lock);
	free(p->chunks);
	free(p);
}

/* Number of CPUs we may run on. */
static int cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return CPU_COUNT(&set);
}

/* Start the consumer, if it is worth it; else t->pipe stays NULL. */
static void pipe_start(struct smk_ctf *t)
{
	struct pipe *p;

	if (cpus() < 2)
		return;
	p = aligned_alloc(64, sizeof(*p));
	if (!p)
		return;
	memset(p, 0, sizeof(*p));
	p->chunks = calloc(PIPE_CHUNKS, sizeof(*p->chunks));
	if (!p->chunks || pthread_mutex_init(&p->lock, NULL)) {
		free(p->chunks);
		free(p);
		return;
	}
	pthread_cond_init(&p->more, NULL);	/* cannot fail in glibc */
	pthread_cond_init(&p->room, NULL);
	t->pipe = p;
	if (pthread_create(&p->thread, NULL, consumer, t)) {
		t->pipe = NULL;
		pipe_free(p);
	}
}

/*
 * Hand the last chunk over, wait for the consumer to finish (it handles
 * every event handed over, unless it failed) and put what is left.
 */
static void pipe_stop(struct smk_ctf *t)
{
	struct pipe *p = t->pipe;
	uint64_t head;

	if (!p)
		return;
	head = atomic_load_explicit(&p->head, memory_order_relaxed);
	/* After a failure, that slot may hold a chunk not yet put. */
	if (!atomic_load(&p->failed) && p->chunks[head % PIPE_CHUNKS].n)
		atomic_store(&p->head, ++head);
	atomic_store(&p->closed, true);
	pipe_wake(p, &p->more);
	pthread_join(p->thread, NULL);
	pipe_release(p, head);
	pipe_free(p);
	t->pipe = NULL;
}

/* ---- the sink ---- */

/* An event message: its class, then to the consumer or the callback. */
static void handle_event(struct smk_ctf *t, const bt_message *msg)
{
	struct ctf_class *c = class_get(t,
		bt_message_event_borrow_event_const(msg));
	struct pipe *p = t->pipe;
	struct pending *pe, one;
	struct chunk *ch;

	if (!c) {
		t->sink_err = &smk_error_nomem;
		t->stop = true;
		bt_message_put_ref(msg);
		return;
	}
	t->stats.events++;
	if (!p) {
		one.cls = c;
		one.msg = msg;
		one.has_ts = false;
		read_ts(&one, msg);
		deliver(t, &one);
		t->stop = t->err;
		bt_message_put_ref(msg);
		return;
	}
	/* t->err is the consumer's until it is joined. */
	ch = &p->chunks[atomic_load_explicit(&p->head, memory_order_relaxed) %
			PIPE_CHUNKS];
	pe = &ch->ev[ch->n++];
	pe->cls = c;
	pe->has_ts = false;
	if (c->flat) {
		pe->msg = NULL;
		copy_flat(t, pe, msg);
		bt_message_put_ref(msg);
	} else {
		pe->msg = msg;
		read_ts(pe, msg);
		ch->nmsgs++;
	}
	if (ch->n == PIPE_CHUNK && !pipe_push(p))
		t->stop = true;
}

static bt_graph_simple_sink_component_consume_func_status
consume(bt_message_iterator *it, void *data)
{
	struct smk_ctf *t = data;
	bt_message_array_const msgs;
	uint64_t n, i, count;

	switch (bt_message_iterator_next(it, &msgs, &n)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		break;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_END;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_AGAIN;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_MEMORY_ERROR;
	default:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
	}
	smk_contain_beat();	/* messages: babeltrace2 is not stuck */
	for (i = 0; i < n; i++) {
		const bt_message *m = msgs[i];

		if (t->stop) {
			bt_message_put_ref(m);
			continue;
		}
		switch (bt_message_get_type(m)) {
		case BT_MESSAGE_TYPE_EVENT:
			handle_event(t, m);	/* takes the reference */
			continue;
		case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
			if (bt_message_discarded_events_get_count(m, &count) ==
			    BT_PROPERTY_AVAILABILITY_AVAILABLE)
				t->stats.discarded_events += count;
			break;
		case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
			if (bt_message_discarded_packets_get_count(m, &count) ==
			    BT_PROPERTY_AVAILABILITY_AVAILABLE)
				t->stats.discarded_packets += count;
			break;
		default:
			break;
		}
		bt_message_put_ref(m);
	}
	return t->stop ?
		BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR :
		BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK;
}

/* ---- building the graph ---- */

static const bt_plugin *find_plugin(const char *name)
{
	const bt_plugin *p = NULL;

	/* Not failing on another plugin's load error: a broken Python
	 * plugin somewhere must not stop us from reading CTF. */
	if (bt_plugin_find(name, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_FALSE,
			   &p) != BT_PLUGIN_FIND_STATUS_OK)
		return NULL;
	return p;
}

static struct smk_error *add_source(struct smk_ctf *t,
				    const bt_component_class_source *cls,
				    size_t i, const bt_component_filter *mux)
{
	const bt_component_source *src;
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	bt_graph_add_component_status st;
	char name[32];
	uint64_t k, nports;

	if (!params)
		return &smk_error_nomem;
	inputs = bt_value_array_create();
	if (!inputs ||
	    bt_value_array_append_string_element(inputs, t->dirs[i]) ||
	    bt_value_map_insert_entry(params, "inputs", inputs)) {
		bt_value_put_ref(inputs);
		bt_value_put_ref(params);
		return &smk_error_nomem;
	}
	bt_value_put_ref(inputs);
	snprintf(name, sizeof(name), "source-%zu", i);
	st = bt_graph_add_source_component(t->graph, cls, name, params,
					   BT_LOGGING_LEVEL_NONE, &src);
	bt_value_put_ref(params);
	if (st == BT_GRAPH_ADD_COMPONENT_STATUS_MEMORY_ERROR)
		return &smk_error_nomem;
	if (st != BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
		struct smk_error *err = bt_reason(t->dirs[i],
						  "cannot read the CTF trace");
		struct smk_error *merr = metadata_error(cls, t->dirs[i]);

		if (merr) {
			smk_error_destroy(err);
			return merr;
		}
		return err;
	}
	nports = bt_component_source_get_output_port_count(src);
	for (k = 0; k < nports; k++) {
		const bt_port_output *out =
			bt_component_source_borrow_output_port_by_index_const(
				src, k);
		/* The muxer always has one free input port: its last. */
		uint64_t nin = bt_component_filter_get_input_port_count(mux);
		const bt_port_input *in =
			bt_component_filter_borrow_input_port_by_index_const(
				mux, nin - 1);

		if (!nin || bt_graph_connect_ports(t->graph, out, in, NULL) !=
				    BT_GRAPH_CONNECT_PORTS_STATUS_OK)
			return bt_reason(t->dirs[i],
					 "cannot connect its streams");
	}
	return NULL;
}

static struct smk_error *build_graph(struct smk_ctf *t)
{
	const bt_component_class_source *fs;
	const bt_component_class_filter *muxcls;
	const bt_component_filter *mux;
	const bt_component_sink *sink;
	struct smk_error *err;
	size_t i;

	t->ctf_plugin = find_plugin("ctf");
	t->utils_plugin = find_plugin("utils");
	fs = t->ctf_plugin ?
		     bt_plugin_borrow_source_component_class_by_name_const(
			     t->ctf_plugin, "fs") :
		     NULL;
	muxcls = t->utils_plugin ?
			 bt_plugin_borrow_filter_component_class_by_name_const(
				 t->utils_plugin, "muxer") :
			 NULL;
	if (!fs || !muxcls) {
		bt_current_thread_clear_error();
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"%s: babeltrace2's %s plugin not found "
					"(is babeltrace2 installed?)",
					t->path, fs ? "utils" : "ctf");
	}
	t->graph = bt_graph_create(0);
	if (!t->graph)
		return &smk_error_nomem;
	if (bt_graph_add_filter_component(t->graph, muxcls, "muxer", NULL,
					  BT_LOGGING_LEVEL_NONE, &mux) !=
	    BT_GRAPH_ADD_COMPONENT_STATUS_OK)
		return bt_reason(t->path, "cannot create a muxer");
	for (i = 0; i < t->ndirs; i++) {
		err = add_source(t, fs, i, mux);
		if (err)
			return err;
	}
	if (bt_graph_add_simple_sink_component(t->graph, "smk-sink", NULL,
					       consume, NULL, t, &sink) !=
		    BT_GRAPH_ADD_COMPONENT_STATUS_OK ||
	    bt_graph_connect_ports(
		    t->graph,
		    bt_component_filter_borrow_output_port_by_name_const(mux,
									 "out"),
		    bt_component_sink_borrow_input_port_by_index_const(sink, 0),
		    NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK)
		return bt_reason(t->path, "cannot build the graph");
	return NULL;
}

struct smk_error *smk_ctf_open(const char *path, struct smk_ctf **ret)
{
	struct smk_ctf *t;
	struct smk_error *err;
	struct stat st;
	size_t visited = 0;

	if (stat(path, &st))
		return smk_error_errno(errno, "%s", path);
	if (!S_ISDIR(st.st_mode))
		return smk_error_create(SMK_ERROR_INVALID,
					"%s: not a directory (give a CTF "
					"trace directory)", path);
	t = calloc(1, sizeof(*t));
	if (!t || !(t->path = strdup(path))) {
		free(t);
		return &smk_error_nomem;
	}
	err = find_dirs(t, path, 0, &visited);
	if (!err && !t->ndirs)
		err = smk_error_create(SMK_ERROR_NOT_FOUND,
				       "%s: no CTF trace in it (no metadata "
				       "file)", path);
	if (!err) {
		t->stats.ntraces = t->ndirs;
		err = build_graph(t);
	}
	if (err) {
		bt_current_thread_clear_error();
		smk_ctf_destroy(t);
		return err;
	}
	*ret = t;
	return NULL;
}

void smk_ctf_destroy(struct smk_ctf *t)
{
	size_t i, j, k;

	if (!t)
		return;
	for (i = 0; i < t->nclasses; i++) {
		bt_event_class_put_ref(t->by_id[i]->key);
		bt_trace_put_ref(t->by_id[i]->trace);
		for (k = 0; k < 4; k++) {
			struct scope_plan *sp = &t->by_id[i]->json[k];

			while (sp->n--)
				free(sp->m[sp->n].key);
			free(sp->m);
			for (j = 0; sp->memo && j < MEMO_SLOTS; j++)
				free(sp->memo[j]);
			free(sp->memo);
		}
		free(t->by_id[i]);
	}
	free(t->by_id);
	free(t->slots);
	bt_graph_put_ref(t->graph);
	bt_plugin_put_ref(t->ctf_plugin);
	bt_plugin_put_ref(t->utils_plugin);
	for (i = 0; i < t->ndirs; i++)
		free(t->dirs[i]);
	free(t->dirs);
	free(t->path);
	free(t);
}

struct smk_error *smk_ctf_run(struct smk_ctf *t, smk_ctf_event_fn *fn,
			      void *arg)
{
	bt_graph_run_status st;

	if (t->ran)
		return smk_error_create(SMK_ERROR_INVALID,
					"%s: trace already read", t->path);
	t->ran = true;
	t->fn = fn;
	t->arg = arg;
	pipe_start(t);
	do {
		st = bt_graph_run(t->graph);
	} while (st == BT_GRAPH_RUN_STATUS_AGAIN);
	pipe_stop(t);
	bt_packet_put_ref(t->packet);
	t->packet = NULL;
	/* The callback's error first: it came from an earlier event. */
	if (t->err || t->sink_err) {
		struct smk_error *err = t->err ? t->err : t->sink_err;

		if (t->err)
			smk_error_destroy(t->sink_err);
		t->err = t->sink_err = NULL;
		bt_current_thread_clear_error();
		return err;
	}
	if (st == BT_GRAPH_RUN_STATUS_MEMORY_ERROR) {
		bt_current_thread_clear_error();
		return &smk_error_nomem;
	}
	if (st != BT_GRAPH_RUN_STATUS_OK)
		return bt_reason(t->path, "reading the trace failed");
	return NULL;
}

const struct smk_ctf_stats *smk_ctf_stats(const struct smk_ctf *t)
{
	return &t->stats;
}

/* ---- payload access ---- */

static const bt_field *payload(const struct smk_ctf_event *ev)
{
	return bt_event_borrow_payload_field_const(ev->event);
}

/*
 * Payload member @idx of a flat event (ev->vals): its value; false if
 * there is no such member.
 */
static bool flat_member(const struct smk_ctf_event *ev, int idx, uint64_t *v)
{
	const struct ctf_class *c = ev->cls;

	if (idx < 0 || idx >= c->flat_n[SMK_CTF_PAYLOAD])
		return false;
	*v = ev->vals[c->flat_off[SMK_CTF_PAYLOAD] + idx];
	return true;
}

static const bt_field *member(const struct smk_ctf_event *ev, int idx)
{
	const bt_field *p = payload(ev);

	if (!p || idx < 0 ||
	    (uint64_t)idx >= bt_field_class_structure_get_member_count(
				     bt_field_borrow_class_const(p)))
		return NULL;
	return bt_field_structure_borrow_member_field_by_index_const(p, idx);
}

/* Names and counts come from the class, the same for both forms. */
int smk_ctf_field_index(const struct smk_ctf_event *ev, const char *name)
{
	const bt_field_class *fc = ev->cls->scope_fc[SMK_CTF_PAYLOAD];

	return fc ? member_index(fc, name) : -1;
}

size_t smk_ctf_field_count(const struct smk_ctf_event *ev)
{
	const bt_field_class *fc = ev->cls->scope_fc[SMK_CTF_PAYLOAD];

	return fc ? bt_field_class_structure_get_member_count(fc) : 0;
}

const char *smk_ctf_field_name(const struct smk_ctf_event *ev, int idx)
{
	const bt_field_class *fc = ev->cls->scope_fc[SMK_CTF_PAYLOAD];

	if (!fc || idx < 0 ||
	    (uint64_t)idx >= bt_field_class_structure_get_member_count(fc))
		return NULL;
	return bt_field_class_structure_member_get_name(
		bt_field_class_structure_borrow_member_by_index_const(fc,
								      idx));
}

bool smk_ctf_field_uint(const struct smk_ctf_event *ev, int idx, uint64_t *v)
{
	const bt_field *f;
	bt_field_class_type type;

	if (ev->vals)
		return flat_member(ev, idx, v);
	f = member(ev, idx);
	if (!f)
		return false;
	type = bt_field_get_class_type(f);
	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		*v = bt_field_integer_unsigned_get_value(f);
	else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		*v = (uint64_t)bt_field_integer_signed_get_value(f);
	else
		return false;
	return true;
}

bool smk_ctf_field_int(const struct smk_ctf_event *ev, int idx, int64_t *v)
{
	uint64_t u;

	if (!smk_ctf_field_uint(ev, idx, &u))
		return false;
	*v = (int64_t)u;
	return true;
}

const char *smk_ctf_field_string(const struct smk_ctf_event *ev, int idx)
{
	const bt_field *f = ev->vals ? NULL : member(ev, idx);	/* flat: ints */

	if (!f || bt_field_get_class_type(f) != BT_FIELD_CLASS_TYPE_STRING)
		return NULL;
	return bt_field_string_get_value(f);
}

long smk_ctf_field_bytes(const struct smk_ctf_event *ev, int idx,
			 unsigned char *buf, size_t size)
{
	const bt_field *f = ev->vals ? NULL : member(ev, idx);	/* flat: ints */
	uint64_t n, i;

	if (!f || !bt_field_class_type_is(bt_field_get_class_type(f),
					  BT_FIELD_CLASS_TYPE_ARRAY))
		return -1;
	n = bt_field_array_get_length(f);
	if (n > LONG_MAX)
		return -1;
	for (i = 0; i < n && i < size; i++) {
		const bt_field *e =
			bt_field_array_borrow_element_field_by_index_const(f, i);
		bt_field_class_type type = bt_field_get_class_type(e);

		if (bt_field_class_type_is(type,
					   BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
			buf[i] = bt_field_integer_unsigned_get_value(e);
		else if (bt_field_class_type_is(
				 type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
			buf[i] = bt_field_integer_signed_get_value(e);
		else
			return -1;
	}
	return (long)n;
}

/* ---- printing ---- */

bool smk_ctf_buf_grow(struct smk_ctf_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 4096;
	char *d;

	if (b->nomem)
		return false;
	while (cap < b->len + more) {
		if (cap > SIZE_MAX / 2) {
			b->nomem = true;
			return false;
		}
		cap *= 2;
	}
	d = realloc(b->data, cap);
	if (!d) {
		b->nomem = true;
		return false;
	}
	b->data = d;
	b->cap = cap;
	return true;
}

void smk_ctf_buf_deinit(struct smk_ctf_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324"
	"25262728293031323334353637383940414243444546474849"
	"50515253545556575859606162636465666768697071727374"
	"75767778798081828384858687888990919293949596979899";

/* Exactly 8 digits of @v (< 10^8) ending at @p; 32-bit arithmetic. */
static char *digits8(char *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++) {
		uint32_t r = v % 100;

		v /= 100;
		p -= 2;
		memcpy(p, &digit_pairs[2 * r], 2);
	}
	return p;
}

void smk_ctf_buf_u64(struct smk_ctf_buf *b, uint64_t v)
{
	char buf[24], *p = buf + sizeof(buf);
	uint32_t w;

	/* Most values here (timestamps, addresses) have 10-20 digits:
	 * eight at a time in 32 bits, two at a time within those. */
	while (v >= 100000000) {
		p = digits8(p, v % 100000000);
		v /= 100000000;
	}
	for (w = v; w >= 100; w /= 100) {
		p -= 2;
		memcpy(p, &digit_pairs[2 * (w % 100)], 2);
	}
	if (w >= 10) {
		p -= 2;
		memcpy(p, &digit_pairs[2 * w], 2);
	} else {
		*--p = '0' + w;
	}
	smk_ctf_buf_add(b, p, buf + sizeof(buf) - p);
}

void smk_ctf_buf_i64(struct smk_ctf_buf *b, int64_t v)
{
	if (v < 0) {
		smk_ctf_buf_putc(b, '-');
		smk_ctf_buf_u64(b, -(uint64_t)v);
	} else {
		smk_ctf_buf_u64(b, v);
	}
}

static void buf_hex_upper(struct smk_ctf_buf *b, uint64_t v)
{
	static const char digits[] = "0123456789ABCDEF";
	char buf[20], *p = buf + sizeof(buf);

	do {
		*--p = digits[v & 15];
		v >>= 4;
	} while (v);
	*--p = 'x';
	*--p = '0';
	smk_ctf_buf_add(b, p, buf + sizeof(buf) - p);
}

static void buf_printf(struct smk_ctf_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void buf_printf(struct smk_ctf_buf *b, const char *fmt, ...)
{
	char tmp[64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		smk_ctf_buf_add(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n :
				sizeof(tmp) - 1);
}

void smk_ctf_buf_json_string(struct smk_ctf_buf *b, const char *s)
{
	const unsigned char *p;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!s) {
		smk_ctf_buf_add(b, "null", 4);
		return;
	}
	/* Plain ASCII (names, paths, most payload strings) as it is. */
	for (p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p >= 0x7f || *p == '"' || *p == '\\')
			break;
	if (!*p) {
		smk_ctf_buf_putc(b, '"');
		smk_ctf_buf_add(b, s, (const char *)p - s);
		smk_ctf_buf_putc(b, '"');
		return;
	}
	/* The rest through json.c, the one home of JSON escaping. */
	f = open_memstream(&text, &len);
	if (!f) {
		b->nomem = true;
		return;
	}
	smk_json_string(f, s);
	if (fclose(f) || !text) {
		b->nomem = true;
		free(text);
		return;
	}
	smk_ctf_buf_add(b, text, len);
	free(text);
}

void smk_ctf_buf_escaped(struct smk_ctf_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run;

	smk_ctf_buf_putc(b, '"');
	for (;;) {
		const char *esc = NULL;

		for (run = p; *p >= 0x20 && *p != 0x7f && *p != '\\' &&
			      *p != '\'' && *p != '"' && *p != '?'; p++)
			;
		smk_ctf_buf_add(b, (const char *)run, p - run);
		if (!*p)
			break;
		switch (*p) {
		case '\\': esc = "\\\\"; break;
		case '\'': esc = "\\'"; break;
		case '"': esc = "\\\""; break;
		case '?': esc = "\\?"; break;
		case '\a': esc = "\\a"; break;
		case '\b': esc = "\\b"; break;
		case 0x1b: esc = "\\e"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		case '\v': esc = "\\v"; break;
		}
		/* Other control characters (iscntrl() in the C locale, as
		 * babeltrace2 runs) in hex. */
		if (esc)
			smk_ctf_buf_puts(b, esc);
		else
			buf_printf(b, "\\x%02x", *p);
		p++;
	}
	smk_ctf_buf_putc(b, '"');
}

/* An integer as babeltrace2's print_integer(): by its display base. */
static void print_int_value(struct smk_ctf_buf *b, const bt_field_class *fc,
			    bool is_signed, uint64_t u)
{
	int64_t s = (int64_t)u;

	switch (bt_field_class_integer_get_preferred_display_base(fc)) {
	case BT_FIELD_CLASS_INTEGER_PREFERRED_DISPLAY_BASE_BINARY: {
		uint64_t len = bt_field_class_integer_get_field_value_range(fc);
		uint64_t i;

		smk_ctf_buf_add(b, "0b", 2);
		if (len && len < 64)
			u <<= 64 - len;
		for (i = 0; i < len; i++, u <<= 1)
			smk_ctf_buf_putc(b, u >> 63 ? '1' : '0');
		break;
	}
	case BT_FIELD_CLASS_INTEGER_PREFERRED_DISPLAY_BASE_OCTAL: {
		uint64_t len = bt_field_class_integer_get_field_value_range(fc);

		if (is_signed && len && len < 64) {
			uint64_t r = ((len - 1) / 3 + 1) * 3;

			if (r < 64)
				u &= (1ULL << r) - 1;
		}
		buf_printf(b, "0%" PRIo64, u);
		break;
	}
	case BT_FIELD_CLASS_INTEGER_PREFERRED_DISPLAY_BASE_HEXADECIMAL: {
		uint64_t len = bt_field_class_integer_get_field_value_range(fc);

		if (len && len < 64) {
			uint64_t r = (len + 3) & ~3ULL;

			if (r < 64)
				u &= (1ULL << r) - 1;
		}
		buf_hex_upper(b, u);
		break;
	}
	default:
		if (is_signed)
			smk_ctf_buf_i64(b, s);
		else
			smk_ctf_buf_u64(b, u);
		break;
	}
}

static void print_integer(struct smk_ctf_buf *b, const bt_field *field)
{
	bool is_signed = bt_field_class_type_is(bt_field_get_class_type(field),
		BT_FIELD_CLASS_TYPE_SIGNED_INTEGER);

	print_int_value(b, bt_field_borrow_class_const(field), is_signed,
			is_signed ?
			(uint64_t)bt_field_integer_signed_get_value(field) :
			bt_field_integer_unsigned_get_value(field));
}

struct extra {
	const char *name, *value;
};

static void print_field(struct smk_ctf_buf *b, const bt_field *field,
			const struct extra *extra);

static void print_enum(struct smk_ctf_buf *b, const bt_field *field)
{
	bt_field_class_enumeration_mapping_label_array labels;
	uint64_t n = 0, i;
	int st;

	if (bt_field_get_class_type(field) ==
	    BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION)
		st = bt_field_enumeration_unsigned_get_mapping_labels(
			field, &labels, &n);
	else
		st = bt_field_enumeration_signed_get_mapping_labels(
			field, &labels, &n);
	smk_ctf_buf_add(b, "( ", 2);
	if (st || !n)
		smk_ctf_buf_puts(b, "<unknown>");
	for (i = 0; !st && i < n; i++) {
		if (i)
			smk_ctf_buf_add(b, ", ", 2);
		smk_ctf_buf_escaped(b, labels[i]);
	}
	smk_ctf_buf_puts(b, " : container = ");
	print_integer(b, field);
	smk_ctf_buf_add(b, " )", 2);
}

/*
 * Structure @field, or for a flat event the structure of class @fc whose
 * member values are @vals (bit i of @sbits: member i is signed).
 */
static void print_struct(struct smk_ctf_buf *b, const bt_field *field,
			 const bt_field_class *fc, const uint64_t *vals,
			 uint32_t sbits, const struct extra *extra)
{
	uint64_t n, i;

	if (field)
		fc = bt_field_borrow_class_const(field);
	n = bt_field_class_structure_get_member_count(fc);

	smk_ctf_buf_putc(b, '{');
	for (i = 0; i < n; i++) {
		const bt_field_class_structure_member *m =
			bt_field_class_structure_borrow_member_by_index_const(
				fc, i);

		smk_ctf_buf_add(b, i ? ", " : " ", i ? 2 : 1);
		smk_ctf_buf_puts(b, bt_field_class_structure_member_get_name(m));
		smk_ctf_buf_add(b, " = ", 3);
		if (vals)
			print_int_value(b,
				bt_field_class_structure_member_borrow_field_class_const(
					m),
				sbits >> i & 1, vals[i]);
		else
			print_field(b,
				bt_field_structure_borrow_member_field_by_index_const(
					field, i),
				NULL);
	}
	if (extra) {
		smk_ctf_buf_add(b, n ? ", " : " ", n ? 2 : 1);
		smk_ctf_buf_puts(b, extra->name);
		smk_ctf_buf_add(b, " = ", 3);
		smk_ctf_buf_puts(b, extra->value);
	}
	smk_ctf_buf_add(b, " }", 2);
}

static void print_array(struct smk_ctf_buf *b, const bt_field *field)
{
	uint64_t n = bt_field_array_get_length(field), i;

	smk_ctf_buf_putc(b, '[');
	for (i = 0; i < n; i++) {
		smk_ctf_buf_add(b, i ? ", [" : " [", i ? 3 : 2);
		smk_ctf_buf_u64(b, i);
		smk_ctf_buf_add(b, "] = ", 4);
		print_field(b,
			    bt_field_array_borrow_element_field_by_index_const(
				    field, i),
			    NULL);
	}
	smk_ctf_buf_add(b, " ]", 2);
}

static void print_field(struct smk_ctf_buf *b, const bt_field *field,
			const struct extra *extra)
{
	bt_field_class_type type = bt_field_get_class_type(field);

	if (type == BT_FIELD_CLASS_TYPE_BOOL) {
		smk_ctf_buf_puts(b, bt_field_bool_get_value(field) ? "true" :
								   "false");
	} else if (type == BT_FIELD_CLASS_TYPE_BIT_ARRAY) {
		buf_hex_upper(b, bt_field_bit_array_get_value_as_integer(field));
	} else if (bt_field_class_type_is(type,
					  BT_FIELD_CLASS_TYPE_ENUMERATION)) {
		print_enum(b, field);
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_INTEGER)) {
		print_integer(b, field);
	} else if (type == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL) {
		buf_printf(b, "%g",
			   (double)bt_field_real_single_precision_get_value(
				   field));
	} else if (type == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL) {
		buf_printf(b, "%g",
			   bt_field_real_double_precision_get_value(field));
	} else if (type == BT_FIELD_CLASS_TYPE_STRING) {
		const char *s = bt_field_string_get_value(field);

		smk_ctf_buf_escaped(b, s ? s : "");
	} else if (type == BT_FIELD_CLASS_TYPE_STRUCTURE) {
		print_struct(b, field, NULL, NULL, 0, extra);
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_OPTION)) {
		const bt_field *o = bt_field_option_borrow_field_const(field);

		if (o) {
			smk_ctf_buf_add(b, "{ ", 2);
			print_field(b, o, NULL);
			smk_ctf_buf_add(b, " }", 2);
		} else {
			smk_ctf_buf_puts(b, "<none>");
		}
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_VARIANT)) {
		smk_ctf_buf_add(b, "{ ", 2);
		print_field(b,
			    bt_field_variant_borrow_selected_option_field_const(
				    field),
			    NULL);
		smk_ctf_buf_add(b, " }", 2);
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_ARRAY)) {
		print_array(b, field);
	} else {
		smk_ctf_buf_puts(b, "<unknown>");
	}
}

/* Not for flat events: they have no fields. */
static const bt_field *scope_field(const struct smk_ctf_event *ev,
				   enum smk_ctf_scope scope)
{
	return event_scope(ev->event, scope);
}

bool smk_ctf_has_scope(const struct smk_ctf_event *ev,
		       enum smk_ctf_scope scope)
{
	if (ev->vals)
		return ev->cls->scope_fc[scope];
	return scope_field(ev, scope);
}

bool smk_ctf_print_text(struct smk_ctf_buf *b, const struct smk_ctf_event *ev,
			enum smk_ctf_scope scope, const char *name,
			const char *value)
{
	const struct ctf_class *c = ev->cls;
	const bt_field *field = ev->vals ? NULL : scope_field(ev, scope);
	struct extra extra = { name, value ? value : "" };

	if (ev->vals && c->scope_fc[scope]) {
		/* A scope is a structure (flat classes checked it). */
		print_struct(b, NULL, c->scope_fc[scope],
			     ev->vals + c->flat_off[scope],
			     c->flat_signed >> c->flat_off[scope],
			     name ? &extra : NULL);
		return true;
	}
	if (!field) {
		if (!name)
			return false;
		smk_ctf_buf_add(b, "{ ", 2);
		smk_ctf_buf_puts(b, extra.name);
		smk_ctf_buf_add(b, " = ", 3);
		smk_ctf_buf_puts(b, extra.value);
		smk_ctf_buf_add(b, " }", 2);
		return true;
	}
	if (bt_field_get_class_type(field) == BT_FIELD_CLASS_TYPE_STRUCTURE)
		print_struct(b, field, NULL, NULL, 0, name ? &extra : NULL);
	else
		print_field(b, field, NULL);
	return true;
}

/* ---- JSON ---- */

static void json_real(struct smk_ctf_buf *b, double v)
{
	if (isfinite(v))
		buf_printf(b, "%.17g", v);
	else
		smk_ctf_buf_add(b, "null", 4);
}

static void json_field(struct smk_ctf_buf *b, const bt_field *field)
{
	bt_field_class_type type = bt_field_get_class_type(field);

	if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER)) {
		smk_ctf_buf_u64(b, bt_field_integer_unsigned_get_value(field));
	} else if (bt_field_class_type_is(type,
					  BT_FIELD_CLASS_TYPE_SIGNED_INTEGER)) {
		smk_ctf_buf_i64(b, bt_field_integer_signed_get_value(field));
	} else if (type == BT_FIELD_CLASS_TYPE_STRING) {
		smk_ctf_buf_json_string(b, bt_field_string_get_value(field));
	} else if (type == BT_FIELD_CLASS_TYPE_STRUCTURE) {
		const bt_field_class *fc = bt_field_borrow_class_const(field);
		uint64_t n = bt_field_class_structure_get_member_count(fc), i;

		smk_ctf_buf_putc(b, '{');
		for (i = 0; i < n; i++) {
			if (i)
				smk_ctf_buf_putc(b, ',');
			smk_ctf_buf_json_string(
				b, bt_field_class_structure_member_get_name(
					   bt_field_class_structure_borrow_member_by_index_const(
						   fc, i)));
			smk_ctf_buf_putc(b, ':');
			json_field(b,
				   bt_field_structure_borrow_member_field_by_index_const(
					   field, i));
		}
		smk_ctf_buf_putc(b, '}');
	} else if (type == BT_FIELD_CLASS_TYPE_BOOL) {
		smk_ctf_buf_puts(b, bt_field_bool_get_value(field) ? "true" :
								   "false");
	} else if (type == BT_FIELD_CLASS_TYPE_BIT_ARRAY) {
		smk_ctf_buf_u64(b, bt_field_bit_array_get_value_as_integer(field));
	} else if (type == BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL) {
		json_real(b, bt_field_real_single_precision_get_value(field));
	} else if (type == BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL) {
		json_real(b, bt_field_real_double_precision_get_value(field));
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_OPTION)) {
		const bt_field *o = bt_field_option_borrow_field_const(field);

		if (o)
			json_field(b, o);
		else
			smk_ctf_buf_add(b, "null", 4);
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_VARIANT)) {
		json_field(b,
			   bt_field_variant_borrow_selected_option_field_const(
				   field));
	} else if (bt_field_class_type_is(type, BT_FIELD_CLASS_TYPE_ARRAY)) {
		uint64_t n = bt_field_array_get_length(field), i;

		smk_ctf_buf_putc(b, '[');
		for (i = 0; i < n; i++) {
			if (i)
				smk_ctf_buf_putc(b, ',');
			json_field(b,
				   bt_field_array_borrow_element_field_by_index_const(
					   field, i));
		}
		smk_ctf_buf_putc(b, ']');
	} else {
		smk_ctf_buf_add(b, "null", 4);
	}
}

/* Build @sp from the scope's class @fc; false if out of memory. */
static bool plan_scope(struct scope_plan *sp, const bt_field_class *fc)
{
	struct smk_ctf_buf key = { 0 };
	uint64_t n, i;

	sp->ready = true;
	if (bt_field_class_get_type(fc) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return true;
	n = bt_field_class_structure_get_member_count(fc);
	sp->m = calloc(n ? n : 1, sizeof(*sp->m));
	if (!sp->m)
		return false;
	for (i = 0; i < n; i++) {
		const bt_field_class_structure_member *m =
			bt_field_class_structure_borrow_member_by_index_const(
				fc, i);
		bt_field_class_type type = bt_field_class_get_type(
			bt_field_class_structure_member_borrow_field_class_const(
				m));
		struct member_plan *mp = &sp->m[i];

		key.len = 0;
		smk_ctf_buf_putc(&key, i ? ',' : '{');
		smk_ctf_buf_json_string(&key,
			bt_field_class_structure_member_get_name(m));
		smk_ctf_buf_putc(&key, ':');
		if (key.nomem || !(mp->key = strndup(key.data, key.len))) {
			smk_ctf_buf_deinit(&key);
			return false;
		}
		mp->keylen = key.len;
		sp->n = i + 1;
		if (bt_field_class_type_is(type,
					   BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
			mp->kind = MEMBER_U64;
		else if (bt_field_class_type_is(
				 type, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
			mp->kind = MEMBER_I64;
		else if (type == BT_FIELD_CLASS_TYPE_STRING)
			mp->kind = MEMBER_STRING;
		else
			mp->kind = MEMBER_OTHER;
	}
	smk_ctf_buf_deinit(&key);
	sp->is_struct = true;
	sp->all_int = n && n <= MEMO_VALUES;
	for (i = 0; i < n; i++)
		if (sp->m[i].kind != MEMBER_U64 && sp->m[i].kind != MEMBER_I64)
			sp->all_int = false;
	if (sp->all_int)
		sp->memo = calloc(MEMO_SLOTS, sizeof(*sp->memo));
	sp->all_int = sp->all_int && sp->memo;
	return true;
}

/* The members of a structure of integers, @v, and its '}' (each member's
 * key carries the ',' or '{' before it). */
static void put_ints(struct smk_ctf_buf *b, const struct scope_plan *sp,
		     const uint64_t *v)
{
	size_t i;

	for (i = 0; i < sp->n; i++) {
		smk_ctf_buf_add(b, sp->m[i].key, sp->m[i].keylen);
		if (sp->m[i].kind == MEMBER_U64)
			smk_ctf_buf_u64(b, v[i]);
		else
			smk_ctf_buf_i64(b, (int64_t)v[i]);
	}
	smk_ctf_buf_putc(b, '}');
}

/* Print the scope @field of integers, through @sp's memo. */
static void print_ints(struct smk_ctf_buf *b, const struct smk_ctf_event *ev,
		       enum smk_ctf_scope scope, struct scope_plan *sp,
		       const bt_field *field, const uint64_t *flat)
{
	const struct ctf_class *c = ev->cls;
	uint64_t v[MEMO_VALUES], h = 0x9e3779b97f4a7c15ULL;
	struct memo *m, **slot;
	size_t i, start;

	for (i = 0; i < sp->n; i++) {
		const bt_field *f;

		/* The common context's vpid, vtid and ip were read for
		 * the event already. */
		if (flat) {
			v[i] = flat[i];
		} else if (scope == SMK_CTF_COMMON_CONTEXT &&
			   (int)i == c->ctx_ip) {
			v[i] = ev->ip;
		} else if (scope == SMK_CTF_COMMON_CONTEXT &&
			   (int)i == c->ctx_vpid) {
			v[i] = ev->vpid;
		} else if (scope == SMK_CTF_COMMON_CONTEXT &&
			   (int)i == c->ctx_vtid) {
			v[i] = ev->vtid;
		} else {
			f = bt_field_structure_borrow_member_field_by_index_const(
				field, i);
			if (sp->m[i].kind == MEMBER_U64)
				v[i] = bt_field_integer_unsigned_get_value(f);
			else
				v[i] = bt_field_integer_signed_get_value(f);
		}
		h = (h ^ v[i]) * 0xff51afd7ed558ccdULL;
	}
	slot = &sp->memo[(h >> 40) & (MEMO_SLOTS - 1)];
	m = *slot;
	if (m) {
		for (i = 0; i < sp->n && m->v[i] == v[i]; i++)
			;
		if (i == sp->n) {
			smk_ctf_buf_add(b, m->text, m->len);
			return;
		}
	}
	start = b->len;
	put_ints(b, sp, v);
	if (b->nomem)
		return;
	m = realloc(m, sizeof(*m) + b->len - start);
	if (!m)
		return;		/* not remembered: no harm */
	memcpy(m->v, v, sizeof(m->v));
	m->len = b->len - start;
	memcpy(m->text, b->data + start, m->len);
	*slot = m;
}

bool smk_ctf_print_json(struct smk_ctf_buf *b, const struct smk_ctf_event *ev,
			enum smk_ctf_scope scope)
{
	const struct ctf_class *c = ev->cls;
	const bt_field *field = ev->vals ? NULL : scope_field(ev, scope);
	struct scope_plan *sp = &ev->cls->json[scope];
	const uint64_t *flat;
	size_t i;

	if (ev->vals ? !c->scope_fc[scope] : !field)
		return false;
	if (!sp->ready && !plan_scope(sp, ev->vals ? c->scope_fc[scope] :
					  bt_field_borrow_class_const(field))) {
		b->nomem = true;
		return true;
	}
	if (ev->vals) {
		/* A structure of integers. */
		flat = ev->vals + c->flat_off[scope];
		if (sp->all_int) {
			print_ints(b, ev, scope, sp, NULL, flat);
			return true;
		}
		if (!sp->n)
			smk_ctf_buf_putc(b, '{');
		put_ints(b, sp, flat);
		return true;
	}
	if (!sp->is_struct) {
		json_field(b, field);
		return true;
	}
	if (sp->all_int) {
		print_ints(b, ev, scope, sp, field, NULL);
		return true;
	}
	if (!sp->n)
		smk_ctf_buf_putc(b, '{');
	for (i = 0; i < sp->n; i++) {
		const bt_field *f =
			bt_field_structure_borrow_member_field_by_index_const(
				field, i);

		smk_ctf_buf_add(b, sp->m[i].key, sp->m[i].keylen);
		switch (sp->m[i].kind) {
		case MEMBER_U64:
			smk_ctf_buf_u64(b, bt_field_integer_unsigned_get_value(f));
			break;
		case MEMBER_I64:
			smk_ctf_buf_i64(b, bt_field_integer_signed_get_value(f));
			break;
		case MEMBER_STRING:
			smk_ctf_buf_json_string(b, bt_field_string_get_value(f));
			break;
		default:
			json_field(b, f);
			break;
		}
	}
	smk_ctf_buf_putc(b, '}');
	return true;
}
