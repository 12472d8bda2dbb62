/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * libsmk-run.so, the in-process runtime of "marker-resolve run": its
 * parts share these structures.  run.c finds and places markers and
 * patches their sites, tramp.c writes the trampolines, hit.c evaluates a
 * hit's arguments and writes the event, lttng.c (a library of its own,
 * loaded only when asked for) is the LTTng-UST provider.
 */
#ifndef SMK_RUNTIME_H
#define SMK_RUNTIME_H

#include <stdbool.h>
#include <stdint.h>

#include "smk/fetchspec.h"
#include "smk/patch.h"
#include "smk/probe-event.h"
#include "smk/record.h"

/* The registers a trampoline saves, lowest address first (see tramp.c). */
struct smk_frame {
	uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
	uint64_t rbp, rdi, rsi, rbx, rdx, rax, rflags, rcx;
};

/* The red zone the trampoline steps over before it pushes anything. */
enum { SMK_RED_ZONE = 128 };

struct smk_run_arg {
	char name[SMK_PROBE_ARG_NAME_MAX + 1];	/* the tracefs field name */
	struct smk_fetchspec spec;
	struct smk_fetchtype type;
};

/* One patched site. */
struct smk_run_site {
	uint64_t addr;		/* run-time address */
	uint64_t file_offset;	/* as the uprobe form's target */
	char marker[SMK_PROBE_NAME_MAX + 1];
	char event[SMK_PROBE_NAME_MAX + 1];
	const char *verdict;	/* "exact", "over", "under" */
	int verdict_id;		/* 0, 1, 2: LTTng's enum of the same */
	struct smk_run_arg args[SMK_RECORD_MAX_ARGS];
	unsigned int nargs;
	char names[SMK_RECORD_MAX_ARGS * (SMK_PROBE_ARG_NAME_MAX + 2)];
	unsigned long id;	/* for the report */
	struct smk_run_site *next;	/* another marker at the same address */
	struct smk_run_site *all;	/* the object's list */
};

/* tramp.c */
bool smk_tramp_init(void);
/* XGETBV(1) (XINUSE) is there: set by smk_tramp_init(). */
extern bool smk_run_has_xinuse;

/* Register lists for the assembly of tramp.c and hit.c. */
#define SMK_R0_15(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) \
	M(10) M(11) M(12) M(13) M(14) M(15)
#define SMK_R16_31(M) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) \
	M(24) M(25) M(26) M(27) M(28) M(29) M(30) M(31)
#define SMK_K0_7(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)
/* Bytes one site's trampoline takes at most. */
enum { SMK_TRAMP_MAX = 192 };
/*
 * Write the trampoline for @site, planned by @plan, at @buf, which will
 * run at @at (code of the object at @bias from its DWARF addresses).
 * Returns its length, or 0 with *@why when an address is out of reach.
 */
unsigned int smk_tramp_write(unsigned char *buf, uint64_t at,
			     const struct smk_patch_plan *plan, uint64_t bias,
			     struct smk_run_site *site, const char **why);

/* hit.c: called by the trampolines' common part. */
void smk_run_hit(struct smk_frame *f, struct smk_run_site *s);
/* Where tramp.c's check reads whether to record. */
extern const int *smk_run_enabled;
/* Sinks: a JSON file descriptor (-1: none), or the LTTng probe. */
extern int smk_run_json_fd;
typedef void smk_lttng_hit_fn(const char *marker, int verdict,
			      uint64_t ip, unsigned int n, const int64_t *v,
			      const char *names, const char *text);
extern smk_lttng_hit_fn *smk_run_lttng;
/* SMK_RUN_SCRAMBLE=1: junk in the caller-saved registers after a hit. */
extern int smk_run_scramble;

#endif /* SMK_RUNTIME_H */
