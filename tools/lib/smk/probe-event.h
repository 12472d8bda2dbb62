/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The kprobe_events/uprobe_events text format, both directions: one probe
 * definition per line,
 *
 *	p:GROUP/EVENT TARGET [NAME=SPEC[:TYPE] ...]
 *
 * with TARGET "sym+0x1c" or "mod:sym+0x1c" (kprobes), "/path/bin:0x1234" or
 * "/path/bin:0x114b(0x3038)" with a semaphore (uprobes).  Nothing here knows
 * libdw: smk_probe_event_from_site() takes the placement results of probe.h.
 *
 * Every string in a definition may come from a file we do not trust (marker
 * names, paths, DWARF-derived fetch specs), and a tracefs write is a root
 * command: one space or newline too many and a line names another group,
 * deletes events ("-:GRP/EV") or all of them.  So smk_probe_event_validate()
 * admits only what this project generates, checked field by field against
 * a small charset and the kernel's own limits, measured at the boundary on
 * 6.18 uprobes and 6.1 kprobes: names of at most 63 bytes, argument names
 * of 32, "SPEC:TYPE" of 63, at most 128 arguments (6.18 refuses a 129th,
 * 6.1 silently drops it), a line of 4094 bytes (6.18).
 * smk_tracefs_add() refuses anything that does not pass it.
 *
 * Several sites of one marker share one event: the kernel (since 5.4,
 * "tracing/probe: Support multiple probes on the same event") accepts a
 * second "p:GRP/EV" line for an existing event when its arguments have the
 * same names and types, and one "events/GRP/EV/enable" then arms every
 * site; trace lines tell the sites apart by their address.  Checked with
 * uprobes on 6.18 (tests/tracefs.t) and kprobes on Debian's 6.1 under qemu.
 * One event per marker keeps the trace's event name the marker's name, one
 * enable/disable/remove per marker, and one format for its consumers.
 * Sites whose argument lists differ (an argument unavailable at one of
 * them) cannot share: the kernel answers "Argument type or name is
 * different from existing probe".  See smk_probe_events_from_placement()
 * for the naming rule.
 */
#ifndef SMK_PROBE_EVENT_H
#define SMK_PROBE_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "probe.h"

enum {
	SMK_PROBE_NAME_MAX = 63,	/* group, event: MAX_EVENT_NAME_LEN - 1 */
	SMK_PROBE_ARG_NAME_MAX = 32,	/* MAX_ARG_NAME_LEN */
	SMK_PROBE_ARGSTR_MAX = 63,	/* "SPEC:TYPE": MAX_ARGSTR_LEN */
	SMK_PROBE_TYPE_MAX = 31,
	SMK_PROBE_MAX_ARGS = 128,	/* MAX_TRACE_ARGS */
	SMK_PROBE_LINE_MAX = 4094,	/* without the newline */
};

struct smk_probe_arg {
	char name[SMK_PROBE_ARG_NAME_MAX + 1];
	char *spec;				/* "+8(%di)", "@+0x4010" */
	char type[SMK_PROBE_TYPE_MAX + 1];	/* "s32"; "" for none */
};

struct smk_probe_event {
	char kind;				/* 'p' (or 'r' when parsed) */
	char group[SMK_PROBE_NAME_MAX + 1];
	char event[SMK_PROBE_NAME_MAX + 1];
	char *target;
	struct smk_probe_arg *args;
	unsigned int nargs;
};

/* Zero @ev: kind 'p', no target, no arguments. */
void smk_probe_event_init(struct smk_probe_event *ev);
/* Free what @ev owns and zero it; ev->kind stays 'p'. */
void smk_probe_event_deinit(struct smk_probe_event *ev);
void smk_probe_events_destroy(struct smk_probe_event *evs, size_t n);

/* Append an argument; copies @spec.  Checks only that the name fits. */
struct smk_error *smk_probe_event_add_arg(struct smk_probe_event *ev,
					  const char *name, const char *spec,
					  const char *type);

/*
 * Check every field of @ev (see the top of this file).  The error names the
 * field and shows the offending character escaped, e.g.
 * 'probe target: "/tmp/a b/x:0x10": character \x20 at offset 6: paths may
 * not contain whitespace, control characters, '\', quotes, ':', '(' or ')'
 * or non-ASCII bytes'.  Code SMK_ERROR_INVALID.
 */
struct smk_error *smk_probe_event_validate(const struct smk_probe_event *ev);

/*
 * Check one group, event or instance name: [A-Za-z_][A-Za-z0-9_]*, at most
 * SMK_PROBE_NAME_MAX bytes.  @field names it in the error.
 */
struct smk_error *smk_probe_name_check(const char *field, const char *name);

/*
 * 'u' when @ev is a uprobe (its target is an absolute path), else 'k'.  It
 * says which of uprobe_events/kprobe_events takes the line.
 */
char smk_probe_event_file_kind(const struct smk_probe_event *ev);

/*
 * The definition line of @ev, without a newline, in a new string *@line
 * (free() it).  Validates first: a line that comes out of here is safe to
 * write to tracefs.
 */
struct smk_error *smk_probe_event_format(const struct smk_probe_event *ev,
					 char **line);

/*
 * Parse one definition line (as written by smk_probe_event_format() or as
 * listed by kprobe_events/uprobe_events, e.g. "p:g/e /bin:0x00000000000011a9
 * x=%di:s32") into @ev (initialized here; deinit it even on error).  This
 * checks the structure only (fields, lengths); call
 * smk_probe_event_validate() before writing the result anywhere.  A missing
 * group is left empty (the kernel would use "kprobes"/"uprobes"); a
 * trailing newline is ignored.
 */
struct smk_error *smk_probe_event_parse(const char *line,
					struct smk_probe_event *ev);

/*
 * Build @ev (initialized here) for one probe site: the target is
 * "SYM+0xOFF" (vmlinux: @module NULL, @path NULL), "MOD:SYM+0xOFF" (a
 * module), or "PATH:0xFILEOFF" (uprobe: @path given, the site's
 * file_offset).  Fetch arguments are the site's available ones
 * (spec != NULL), in order, as NAME=SPEC:TYPE; an argument name longer than
 * the kernel allows is cut, and a repeated one gets "_<index>" (index of the
 * marker argument) so that every name is unique.  Validates the result.
 */
struct smk_error *smk_probe_event_from_site(const char *group,
					    const char *event,
					    const char *module,
					    const char *path,
					    const struct smk_site *site,
					    struct smk_probe_event *ev);

/*
 * A valid event name from @base (an identifier, e.g. a marker name) and
 * @suffix: @base itself when @suffix is 0, else "@base_@suffix".  When that
 * is longer than SMK_PROBE_NAME_MAX, @base is cut and ends with "_" and 8 hex
 * digits of a hash of the whole @base, so that names stay stable from run to
 * run and distinct markers stay distinct.  @buf holds SMK_PROBE_NAME_MAX + 1
 * bytes.
 */
struct smk_error *smk_probe_event_name(char *buf, const char *base,
				       unsigned int suffix);

enum smk_probe_events_flags {
	/* One event per site (EVENT_1, EVENT_2, ...), for kernels before
	 * 5.4 that cannot append probes to an event. */
	SMK_PROBE_EVENTS_NO_APPEND = 1 << 0,
};

/*
 * One definition per site of @p into a new array *@evs of *@n (free with
 * smk_probe_events_destroy()); none when the marker has no site.  Naming:
 * sites in address order (duplicates dropped); the sites whose argument
 * list (names and types) equals the first site's share the event @event;
 * every further distinct argument list, in order of first appearance, gets
 * its own event "@event_1", "@event_2"...  So a marker with one site, or
 * with the same arguments everywhere, is exactly one event, and the names
 * depend only on the placement, not on the run.  With
 * SMK_PROBE_EVENTS_NO_APPEND and more than one site, site k (from 1) of the
 * address order is "@event_k".  @event is cut as smk_probe_event_name()
 * does.  Other arguments as for smk_probe_event_from_site().
 */
struct smk_error *smk_probe_events_from_placement(const char *group,
						  const char *event,
						  const char *module,
						  const char *path,
						  const struct smk_placement *p,
						  unsigned int flags,
						  struct smk_probe_event **evs,
						  size_t *n);

#endif /* SMK_PROBE_EVENT_H */
