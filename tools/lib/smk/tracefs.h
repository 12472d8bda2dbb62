/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * tracefs I/O for kprobe and uprobe events (perf's probe-file.c is the
 * model): find or mount tracefs, add definitions, enable, disable and
 * remove events, attach a batch of them as one transaction.
 *
 * Rules this file keeps, because breaking them hurts other users of the
 * machine:
 *  - kprobe_events/uprobe_events are opened O_WRONLY|O_APPEND, never with
 *    O_TRUNC: a truncating open (the shell's '>') deletes every probe of
 *    the system.  Each definition goes in one write().
 *  - Only lines that pass smk_probe_event_validate() and are in the
 *    canonical form of smk_probe_event_format() are written.
 *  - Everything acts on one group at a time, and never on a group it was
 *    not asked about.
 *  - An event is disabled before it is removed (the kernel refuses to
 *    remove an enabled event: EBUSY).
 *
 * Group naming convention (marker-resolve follows it):
 *  - "simple" (SMK_TRACEFS_GROUP): definitions that are only printed;
 *  - "simple_<pid>": the group of an attaching process, unique per run, so
 *    that its detach, its rollback and the cleanup after it touch nothing
 *    else; smk_tracefs_sweep("simple") removes these groups when <pid> is
 *    no longer alive (a run that was killed);
 *  - any other name the user asks for (--group): never swept.  A user
 *    group should not look like "simple_<digits>".
 *
 * Kernel messages: after a failed write the kernel's explanation is in
 * tracefs "error_log" (6.1 and 6.18 log probe errors there); the error
 * returned carries it with the offending line, e.g. 'uprobe_events:
 * "p:g/e /bin:0x10 y=%di:s32": File exists: Argument type or name is
 * different from existing probe (at "y=%di:s32")'.
 */
#ifndef SMK_TRACEFS_H
#define SMK_TRACEFS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "error.h"
#include "probe-event.h"

static const char SMK_TRACEFS_GROUP[] = "simple";

struct smk_tracefs;

/*
 * Find tracefs: /sys/kernel/tracing, else the first "tracefs" line of
 * /proc/mounts, else /sys/kernel/debug/tracing; if none and @mount, mount
 * it at /sys/kernel/tracing (root only) and leave it mounted.  All mounts
 * show the same probes.
 */
struct smk_error *smk_tracefs_open(struct smk_tracefs **ret, bool mount);
/* Use the tracefs mounted at @dir (checked with statfs). */
struct smk_error *smk_tracefs_open_at(struct smk_tracefs **ret,
				      const char *dir);
/* Closes; never unmounts.  NULL is a no-op. */
void smk_tracefs_destroy(struct smk_tracefs *t);
const char *smk_tracefs_path(const struct smk_tracefs *t);

/* "PREFIX_PID" into @buf of SMK_PROBE_NAME_MAX + 1 bytes. */
struct smk_error *smk_tracefs_group_name(char *buf, const char *prefix,
					 pid_t pid);

/*
 * Add one definition to kprobe_events (@kind 'k') or uprobe_events ('u').
 * @line, without a newline, must be valid and canonical (as
 * smk_probe_event_format() writes it) and its target must match @kind.
 */
struct smk_error *smk_tracefs_add(struct smk_tracefs *t, char kind,
				  const char *line);

/*
 * Enable or disable GROUP/EVENT, in the selected instance (see
 * smk_tracefs_instance()) or at the top level.
 */
struct smk_error *smk_tracefs_enable(struct smk_tracefs *t, const char *group,
				     const char *event, bool on);

/*
 * Remove GROUP/EVENT (every probe of it) from kprobe_events or
 * uprobe_events (@kind 'k' or 'u'), after disabling it at the top level and
 * in every instance.
 */
struct smk_error *smk_tracefs_remove(struct smk_tracefs *t, char kind,
				     const char *group, const char *event);

/* One line of kprobe_events/uprobe_events. */
struct smk_tracefs_entry {
	char kind;				/* 'k' or 'u' */
	char group[SMK_PROBE_NAME_MAX + 1];
	char event[SMK_PROBE_NAME_MAX + 1];
	char *line;				/* as listed */
};

/*
 * The probes of @group (every group if NULL) listed by kprobe_events (@kind
 * 'k'), uprobe_events ('u') or both (0), into a new array *@ret of *@n
 * (free with smk_tracefs_entries_destroy()).  An event with several probes
 * has several entries.  A file that does not exist lists nothing.
 */
struct smk_error *smk_tracefs_list(struct smk_tracefs *t, char kind,
				   const char *group,
				   struct smk_tracefs_entry **ret, size_t *n);
void smk_tracefs_entries_destroy(struct smk_tracefs_entry *e, size_t n);

/*
 * Remove every event of @group, and only those, from both files, under the
 * group's lock (see smk_tracefs_attach_begin()), after undoing a dead
 * attach to it.  Keeps going after a failure and returns the first error.
 * *@nremoved (if not NULL) counts the events removed.
 */
struct smk_error *smk_tracefs_remove_group(struct smk_tracefs *t,
					   const char *group,
					   size_t *nremoved);

/*
 * Undo every attach that died midway (a journal in the state directory,
 * in any group: see smk_tracefs_attach_begin()), then remove the groups
 * "@prefix_<pid>" whose process no longer exists (kill(pid, 0) fails with
 * ESRCH), left by runs that were killed.  "@prefix_0..." is not such a
 * name.  A pid
 * reused by another process keeps its group (a leftover, never a loss);
 * groups of processes in other pid namespaces look dead from here.
 * *@ngroups (if not NULL) counts the groups removed.
 */
struct smk_error *smk_tracefs_sweep(struct smk_tracefs *t, const char *prefix,
				    size_t *ngroups);

/*
 * Attach @n events as one transaction: put them in @group (NULL: the group
 * they all have), refuse if one of their names already exists there,
 * add every definition (several definitions with one name append probes to
 * one event), then enable each event (in the selected instance, if any).
 * On any failure, disable and remove what this call added and return the
 * kernel's error; a failure to roll back is added to the message.  It is
 * smk_tracefs_attach_begin() then smk_tracefs_txn_commit().
 */
struct smk_error *smk_tracefs_attach(struct smk_tracefs *t,
				     const struct smk_probe_event *evs,
				     size_t n, const char *group);

/*
 * The same, in two steps, so that a caller can write its record
 * (smk_tracefs_record_write()) inside the transaction.  Between processes:
 * the group is locked (flock on STATE/GROUP.lock, STATE being
 * smk_tracefs_record_dir()) from the existence check to the commit, and a
 * journal STATE/GROUP.attach names the events being made; a process that
 * dies before the commit (SIGKILL at any step) leaves its lock released
 * and its journal, and the next attach, removal or sweep of the group
 * removes those events and their record lines.  A rollback that fails
 * keeps the journal, for the same reason.  On success *@txn holds the
 * lock; smk_tracefs_txn_commit() drops the journal and the lock.
 */
struct smk_tracefs_txn;
struct smk_error *smk_tracefs_attach_begin(struct smk_tracefs *t,
					   const struct smk_probe_event *evs,
					   size_t n, const char *group,
					   struct smk_tracefs_txn **txn);
/* Commit and free @txn (NULL: a no-op). */
struct smk_error *smk_tracefs_txn_commit(struct smk_tracefs_txn *txn);

/* Disable and remove exactly the events of @group: smk_tracefs_remove_group. */
struct smk_error *smk_tracefs_detach(struct smk_tracefs *t, const char *group);

/*
 * Select the instance "instances/@name" for smk_tracefs_enable() and attach
 * (NULL: the top level); with @create, make it first (it must not exist).
 * A private instance keeps our events out of the main buffer and others'
 * events out of ours.
 */
struct smk_error *smk_tracefs_instance(struct smk_tracefs *t, const char *name,
				       bool create);
/* Remove instance @name (rmdir; the kernel disables its events first). */
struct smk_error *smk_tracefs_instance_remove(struct smk_tracefs *t,
					      const char *name);

/*
 * The state of GROUP/EVENT at the top level: *@on is 1 (enabled), 0
 * (disabled), or -1 ("0*"/"1*": some of its probes only, or unreadable).
 */
struct smk_error *smk_tracefs_enabled(struct smk_tracefs *t, const char *group,
				      const char *event, int *on);

/*
 * The hit count of the probes of @event (any group: the kernel's
 * kprobe_profile and uprobe_profile name events without their group),
 * summed over its probes; for uprobes (@kind 'u') only those on @path
 * when not NULL.  *@found is false when no line names @event.
 */
struct smk_error *smk_tracefs_hits(struct smk_tracefs *t, char kind,
				   const char *event, const char *path,
				   unsigned long long *hits, bool *found);

/*
 * An fd of the selected instance's trace_pipe (the top level's without
 * one), opened O_RDONLY | O_NONBLOCK | O_CLOEXEC: reading consumes.
 */
struct smk_error *smk_tracefs_open_pipe(struct smk_tracefs *t, int *fd);

/*
 * What attach made, kept beside tracefs, which forgets where an event came
 * from: one file per group in smk_tracefs_record_dir(), one line per
 * probe, "EVENT<TAB>MARKER<TAB>SOURCE<TAB>DEFINITION" (tabs, newlines and
 * backslashes in the fields escaped as \t, \n, \\).  A group with a record
 * is one of ours: list shows it, detach of one event is allowed there,
 * symbolize-ftrace and watch name its markers.  Records are removed with
 * their events by detach; a record whose events are gone (a reboot, a
 * removal by hand) is stale and readers check tracefs before trusting it.
 */
struct smk_tracefs_record {
	char group[SMK_PROBE_NAME_MAX + 1];
	char event[SMK_PROBE_NAME_MAX + 1];
	char *marker;		/* marker name, or SDT PROV:NAME */
	char *source;		/* marker's "FILE:LINE", or "" */
	char *line;		/* the definition, as attached */
	/* Its computed values (compute.h), or NULL: "NAME=TYPE:PROG", ";"
	 * between them, inputs in the fields "NAME__K". */
	char *computed;
};

/* $SMK_STATE_DIR if set, else /run/simple-marker. */
const char *smk_tracefs_record_dir(void);

/*
 * Write the record of @group (replacing any): @n entries, their group
 * fields ignored.  The directory is made if missing.  Written to a
 * temporary file and renamed, so readers see the old or the new record.
 */
struct smk_error *smk_tracefs_record_write(const char *group,
					   const struct smk_tracefs_record *r,
					   size_t n);
/*
 * The records of @group (every group if NULL) into a new array *@ret of
 * *@n; none if there is no record.  Lines that do not parse are skipped.
 */
struct smk_error *smk_tracefs_record_read(const char *group,
					  struct smk_tracefs_record **ret,
					  size_t *n);
void smk_tracefs_records_destroy(struct smk_tracefs_record *r, size_t n);
/* Drop @event (NULL: every event, and the file) from @group's record. */
struct smk_error *smk_tracefs_record_drop(const char *group,
					  const char *event);

#endif /* SMK_TRACEFS_H */
