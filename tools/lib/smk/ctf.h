/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Reading CTF traces (LTTng's output) through libbabeltrace2: a graph
 * source.ctf.fs (one per trace directory found) -> filter.utils.muxer ->
 * a simple sink of ours that hands each event to a callback, in time order.
 *
 * The event carries what every user needs (name, timestamp, the common
 * context's vpid, vtid and ip when present) and gives access to its payload
 * fields by index or name, as integers, strings or byte arrays, and prints
 * its scopes as babeltrace2's text sink does, or as JSON.
 *
 * Errors from babeltrace2 become a struct smk_error naming the trace and
 * carrying babeltrace2's own reason (its innermost error causes).  No
 * babeltrace2 logging reaches stderr: the library never prints.
 */
#ifndef SMK_CTF_H
#define SMK_CTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

struct smk_ctf;
struct ctf_class;

struct smk_ctf_event {
	const char *name;	/* "provider:event" */
	unsigned int class_id;	/* dense: 0, 1, 2... one per event class */
	bool has_ts, has_vpid, has_vtid, has_ip;
	int64_t ts;		/* ns from the clock's origin */
	int64_t vpid, vtid;	/* common context, when present */
	uint64_t ip;
	/* The trace's environment: hostname, LTTng's domain ("ust" or
	 * "kernel"), and for LTTng's per-process buffers procname and vpid;
	 * NULL / false when absent. */
	const char *hostname, *procname, *domain;
	bool has_env_vpid;
	int64_t env_vpid;

	/* private: the event's message, or its values copied out */
	const void *msg;	/* const bt_message * */
	const void *event;	/* const bt_event * */
	const uint64_t *vals;
	struct ctf_class *cls;
};

/* The four scopes of an event, as babeltrace2's text sink prints them. */
enum smk_ctf_scope {
	SMK_CTF_PACKET_CONTEXT,
	SMK_CTF_COMMON_CONTEXT,
	SMK_CTF_SPECIFIC_CONTEXT,
	SMK_CTF_PAYLOAD,
};

struct smk_ctf_stats {
	uint64_t events;
	uint64_t discarded_events;	/* as reported by the tracer */
	uint64_t discarded_packets;
	size_t ntraces;			/* CTF trace directories read */
};

/*
 * Callback for each event; returning an error stops the run and
 * smk_ctf_run() returns it.  @ev is valid during the call only.
 */
typedef struct smk_error *smk_ctf_event_fn(void *arg,
					   const struct smk_ctf_event *ev);

/*
 * Open the trace(s) under @path: a CTF trace directory (one holding a
 * "metadata" file), or a directory above them such as an LTTng session's
 * output (ust/uid/0/64-bit, ust/pid/...), searched a few levels deep.
 * Metadata is parsed and stream files indexed here, so a broken trace
 * fails here with babeltrace2's reason.
 */
struct smk_error *smk_ctf_open(const char *path, struct smk_ctf **ret);
void smk_ctf_destroy(struct smk_ctf *t);	/* NULL ok */

/*
 * Read every event, in time order, calling @fn on each.  Once only.  With
 * two CPUs or more, @fn runs on a thread of its own while the caller's
 * thread decodes the trace (see ctf.c): one call at a time, in order, all
 * done when this returns, but @fn must not rely on the caller's thread
 * (thread-local state) and nothing else may use what @fn uses meanwhile.
 */
struct smk_error *smk_ctf_run(struct smk_ctf *t, smk_ctf_event_fn *fn,
			      void *arg);
const struct smk_ctf_stats *smk_ctf_stats(const struct smk_ctf *t);

/*
 * Payload fields.  An index is valid for every event of the same class_id
 * (so callers may cache it); -1 when there is no such member.
 */
int smk_ctf_field_index(const struct smk_ctf_event *ev, const char *name);
size_t smk_ctf_field_count(const struct smk_ctf_event *ev);
const char *smk_ctf_field_name(const struct smk_ctf_event *ev, int idx);
/* Integer (or enumeration) members; false for any other type. */
bool smk_ctf_field_uint(const struct smk_ctf_event *ev, int idx,
			uint64_t *v);
bool smk_ctf_field_int(const struct smk_ctf_event *ev, int idx, int64_t *v);
/* A string member, or NULL. */
const char *smk_ctf_field_string(const struct smk_ctf_event *ev, int idx);
/*
 * An array or sequence of integers (a build-id) into @buf, at most @size
 * bytes (each element truncated to 8 bits); returns the element count,
 * which may exceed @size, or -1 if the member is not such an array.
 */
long smk_ctf_field_bytes(const struct smk_ctf_event *ev, int idx,
			 unsigned char *buf, size_t size);

/*
 * The printers append to a growable buffer rather than a FILE: at a few
 * million events a second, stdio's per-call cost is most of the time.
 * On allocation failure the buffer stops growing and sets @nomem.
 */
struct smk_ctf_buf {
	char *data;
	size_t len, cap;
	bool nomem;
};

bool smk_ctf_buf_grow(struct smk_ctf_buf *b, size_t more);
void smk_ctf_buf_deinit(struct smk_ctf_buf *b);

static inline void smk_ctf_buf_add(struct smk_ctf_buf *b, const char *s,
				   size_t n)
{
	char *d;

	if (b->len + n > b->cap && !smk_ctf_buf_grow(b, n))
		return;
	d = b->data + b->len;
	b->len += n;
	/* Most pieces are short: fixed-size copies the compiler inlines
	 * beat a call to memcpy() for each. */
	if (n > 32) {
		memcpy(d, s, n);
		return;
	}
	for (; n >= 8; n -= 8, d += 8, s += 8)
		memcpy(d, s, 8);
	if (n & 4) {
		memcpy(d, s, 4);
		d += 4;
		s += 4;
	}
	if (n & 2) {
		memcpy(d, s, 2);
		d += 2;
		s += 2;
	}
	if (n & 1)
		*d = *s;
}

static inline void smk_ctf_buf_puts(struct smk_ctf_buf *b, const char *s)
{
	smk_ctf_buf_add(b, s, strlen(s));
}

static inline void smk_ctf_buf_putc(struct smk_ctf_buf *b, char c)
{
	if (b->len + 1 > b->cap && !smk_ctf_buf_grow(b, 1))
		return;
	b->data[b->len++] = c;
}

void smk_ctf_buf_u64(struct smk_ctf_buf *b, uint64_t v);
void smk_ctf_buf_i64(struct smk_ctf_buf *b, int64_t v);
/* @s as a JSON string (json.h's rules); NULL is null. */
void smk_ctf_buf_json_string(struct smk_ctf_buf *b, const char *s);
/* @s escaped as babeltrace2's text sink does, with quotes ("a\"b"). */
void smk_ctf_buf_escaped(struct smk_ctf_buf *b, const char *s);

/* Does @ev have @scope? */
bool smk_ctf_has_scope(const struct smk_ctf_event *ev,
		       enum smk_ctf_scope scope);

/*
 * Print @scope of @ev as babeltrace2's text sink does
 * ("{ ip = 1234, vpid = 42 }"), member names included; @name and @value,
 * if not NULL, are printed as one more member ("name = value", value as
 * it is) before the closing brace: how babeltrace2 --debug-info shows the
 * debug_info member it adds to the common context.  Returns false when
 * the event has no such scope (and @name is NULL).
 */
bool smk_ctf_print_text(struct smk_ctf_buf *b, const struct smk_ctf_event *ev,
			enum smk_ctf_scope scope, const char *name,
			const char *value);

/*
 * Print @scope as a JSON object: integers and enumerations as numbers,
 * strings, booleans, reals (non-finite as null), arrays, structures,
 * options (null when absent) and variants (the selected option).  Returns
 * false, printing nothing, when the event has no such scope.
 */
bool smk_ctf_print_json(struct smk_ctf_buf *b, const struct smk_ctf_event *ev,
			enum smk_ctf_scope scope);

#endif /* SMK_CTF_H */
