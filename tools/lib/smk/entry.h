/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Entry values (DW_OP_entry_value, fetch.h SMK_FETCH_ENTRY): a value that
 * exists at the marker only as "the register at the entry of this
 * function".  A probe at the function's entry reads it, a return probe
 * marks the activation's end, and whoever reads the trace joins the
 * marker's hit with the entry of its own activation:
 *
 *   - the entry event ("MARKER__entry") carries the entry values, named
 *     as the marker's arguments, and "__sp", the stack pointer at entry
 *     (it points at the return address);
 *   - the return event ("MARKER__return", a uretprobe/kretprobe at the
 *     same place) carries "__sp", the stack pointer after the return:
 *     the entry's plus 8 on x86-64;
 *   - the marker's event carries "__sp" at the marker.
 *
 * The reader keeps, per task and entry event, a stack of entries.  A
 * return pops every entry whose __sp is below its own (the activation
 * returning, and any deeper one whose return was never seen: longjmp,
 * or more than the 64 nested return probes uprobes follow per task).  A
 * marker hit takes the top entry after dropping those below its own
 * __sp (frames already gone); the current activation's entry has a
 * __sp above the marker's.  Recursion and re-entrance get their own
 * activation this way, threads their own stacks.
 *
 * Never guessed: an empty stack (the function was entered before the
 * probes were attached) or events lost since the entry (ftrace's "[LOST
 * N EVENTS]", a CPU buffer that starts late, CTF discarded events) make
 * the value unavailable with that reason.  After a loss every stack is
 * dropped: a later entry starts a known activation again.
 *
 * Records (tracefs.h "computed" field) say which event is what: "@entry"
 * for an entry event, "@return=ENTRY" for a return event, and an item
 * "NAME=TYPE:@ENTRY" among a marker event's computed values.
 */
#ifndef SMK_ENTRY_H
#define SMK_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "probe.h"
#include "probe-event.h"

/* The stack pointer field of the three events. */
#define SMK_ENTRY_SP_FIELD "__sp"

/* Does site @s have an entry value? */
bool smk_entry_site_has(const struct smk_site *s);

/*
 * The name of the entry event of function @symbol for placement @p,
 * whose events are named from @base: "BASE__entry", with a suffix for
 * the second function and on (an inlined copy in another function), in
 * @buf (SMK_PROBE_NAME_MAX + 1).  @ret_buf gets the return event's.
 */
struct smk_error *smk_entry_event_names(const struct smk_placement *p,
					const char *base, const char *symbol,
					char *buf, char *ret_buf);

/*
 * Append to *@evs (*@n of them, realloc'ed) the entry and return events
 * of every function holding an entry value of @p, in group @group, for
 * @module (kprobes, or NULL for vmlinux) or the uprobe file @path.
 */
struct smk_error *smk_entry_events(const char *group, const char *base,
				   const char *module, const char *path,
				   const struct smk_placement *p,
				   struct smk_probe_event **evs, size_t *n);

/* The reader's side: per-task stacks of entries. */
struct smk_entry_join;

struct smk_error *smk_entry_join_create(struct smk_entry_join **ret);
void smk_entry_join_destroy(struct smk_entry_join *j);

/* Events were lost (anywhere): every stack is dropped. */
void smk_entry_join_lost(struct smk_entry_join *j);

/* An entry event @event of task @pid with its @fields text. */
struct smk_error *smk_entry_join_push(struct smk_entry_join *j, int pid,
				      const char *event, const char *fields);

/* A return event for entry event @entry, with its @fields. */
void smk_entry_join_pop(struct smk_entry_join *j, int pid,
			const char *entry, const char *fields);

/*
 * The fields of the entry of the activation a marker hit of task @pid
 * with @fields (its __sp) belongs to, for entry event @entry; NULL with
 * *@why when unavailable.
 */
const char *smk_entry_join_find(struct smk_entry_join *j, int pid,
				const char *entry, const char *fields,
				const char **why);

/*
 * The text of field @name in ftrace's "a=1 b=0x2" @fields into @buf;
 * false if absent or too long.  Strings are not taken (entry values are
 * numbers).
 */
bool smk_entry_field(const char *fields, const char *name, char *buf,
		     size_t size);

#endif /* SMK_ENTRY_H */
