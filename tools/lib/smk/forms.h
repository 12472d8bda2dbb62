/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Placements as scripts for other tracers: a bpftrace program and LTTng
 * commands, in the forms that the tracers of Debian 12 (bpftrace 0.17,
 * lttng-tools 2.13.9) accept.  Text only: these work on struct
 * smk_placement and know nothing of libdw.
 *
 * What those tracers cannot do is said per marker in '//' (bpftrace) or
 * '#' (LTTng) comments, never papered over with a probe that would be
 * refused or would fire elsewhere.  The facts behind each case were
 * measured on Debian 12 (tests/bpftrace.t, tests/lttng.t):
 *
 *  - bpftrace 0.17 refuses a uprobe or kprobe that is not at a symbol's
 *    start ("Can't check if uprobe is in proper place (compiled without
 *    (k|u)probe offset support)"; Debian builds it without the
 *    disassembler and without ALLOW_UNSAFE_PROBE, so --unsafe does not
 *    help).  It attaches a usdt: probe anywhere, to every note of the name.
 *    So a site at a function's entry becomes "uprobe:PATH:0xADDR", the
 *    anchor of a trace_simple_exact() marker "usdt:PATH:simple_marker:NAME",
 *    and any other site a commented-out block with the reason;
 *  - bpftrace 0.17 cannot read an SDT operand "sym(%rip)" (it warns "deref
 *    ident is not handled yet" and prints garbage), and its uaddr() gives
 *    the link-time address of a PIE's global.  A global (uprobe fetch
 *    "@+X", X relative to the file's start) is read as the kernel reads
 *    it: the file's base is reg("ip") minus the site's file offset (in a
 *    uprobe, ip is the probed address).  With several sites in one usdt
 *    block, the site is the one whose base is page-aligned, when the sites
 *    differ modulo the page size;
 *  - LTTng's userspace probes belong to its kernel tracer
 *    ("--kernel --userspace-probe=sdt:PATH:PROVIDER:NAME" or "elf:PATH:SYM",
 *    at a function's entry only) and record no payload: the hit, not the
 *    arguments.  "--userspace --userspace-probe" is refused ("Event type not
 *    available for user-space tracing"); SDT probes with a semaphore are not
 *    supported by lttng-tools 2.13.9; "--probe=SYM+OFF" loses its offset in
 *    lttng-tools 2.13.9 (tests/lttng-kernel.t).
 */
#ifndef SMK_FORMS_H
#define SMK_FORMS_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "probe.h"

/* What a form needs besides the placement. */
struct smk_form_target {
	const char *path;	/* the probed file, absolute (uprobes) */
	bool user;		/* uprobes, not kprobes */
	/*
	 * The SDT probe whose notes are the sites, or NULL: a placement of
	 * rule "anchor" is simple_marker:<the marker's name> by default.
	 */
	const char *provider, *probe;
	bool semaphore;		/* the SDT probe has one */
};

/* State across the markers of one output (one per output stream). */
struct smk_form_state {
	char **probes;		/* "PATH\nPROVIDER:NAME" already given */
	size_t nprobes;
	bool lttng_offset_warned;
};

void smk_form_state_init(struct smk_form_state *st);
void smk_form_state_deinit(struct smk_form_state *st);

/*
 * The bpftrace text for one placement (probe blocks and comments, each
 * line ending in '\n'; possibly empty) in *@ret, to free().
 */
struct smk_error *smk_form_bpftrace(struct smk_form_state *st,
				    const struct smk_placement *p,
				    const struct smk_form_target *t,
				    char **ret);

/*
 * How bpftrace attaches site @i of @p: its attach point in *@ap (free()
 * it; for an SDT probe, the usdt probe of all its notes), or *@ap NULL
 * and in *@why (static text) why this bpftrace cannot.
 */
struct smk_error *smk_form_bpftrace_attach(const struct smk_placement *p,
					   const struct smk_form_target *t,
					   size_t i, char **ap,
					   const char **why);

/* The LTTng commands (and '#' comments) for one placement, likewise. */
struct smk_error *smk_form_lttng(struct smk_form_state *st,
				 const struct smk_placement *p,
				 const struct smk_form_target *t, char **ret);

#endif /* SMK_FORMS_H */
