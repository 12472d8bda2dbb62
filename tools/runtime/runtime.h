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

struct smk_lttng_event;		/* lttng.c's, one per marker */

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
	/*
	 * What the trampoline's check reads (the first site at an address
	 * only): a constant 1 for the JSON sink or for several markers at
	 * one address, else the LTTng state of the marker's event (its
	 * typed event's, else simple_marker:hit's), 0 until LTTng is up.
	 */
	const int *slot;
	struct smk_lttng_event *lt;	/* NULL: simple_marker:hit */
	const int *lt_state;		/* NULL: LTTng not bound yet */
	bool head;		/* the first at its address: owns the slot */
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

enum { SMK_RUN_STRING_MAX = 256 };

/* One argument's value at a hit, as hit.c read it. */
struct smk_run_value {
	uint64_t v;		/* narrowed, sign-extended for s types */
	bool ok;		/* false: its memory could not be read */
	int len;		/* a string's length, -1 for none */
	char str[SMK_RUN_STRING_MAX];	/* NUL-terminated when len >= 0 */
};

/* hit.c: called by the trampolines' common part. */
void smk_run_hit(struct smk_frame *f, struct smk_run_site *s);
/* Sinks: a JSON file descriptor (-1: none), or the LTTng probes. */
extern int smk_run_json_fd;

/*
 * lttng.c, reached through dlsym() once LTTng-UST is loaded (run.c).
 * simple_marker:hit is the generic event; a typed event of its own,
 * simple_marker:<marker>, is made for each marker whose arguments allow
 * it (smk_lttng_event_fn returns NULL when not: the generic one then),
 * and the events made are registered with LTTng by smk_lttng_commit_fn.
 */
typedef void smk_lttng_hit_fn(const char *marker, int verdict,
			      uint64_t ip, unsigned int n, const int64_t *v,
			      const char *names, const char *text);
typedef struct smk_lttng_event *smk_lttng_event_fn(
	const struct smk_run_site *s, const char **why);
typedef bool smk_lttng_commit_fn(void);
typedef const int *smk_lttng_state_fn(const struct smk_lttng_event *e);
typedef void smk_lttng_emit_fn(const struct smk_lttng_event *e,
			       const struct smk_run_site *s,
			       const struct smk_run_value *val);
struct smk_lttng_api {
	const int *(*hit_state)(void);
	smk_lttng_hit_fn *hit;
	smk_lttng_event_fn *event;
	smk_lttng_commit_fn *commit;
	smk_lttng_state_fn *state;
	smk_lttng_emit_fn *emit;
};
/* Set once LTTng-UST is loaded: its functions. */
extern const struct smk_lttng_api *smk_run_lttng;
/* SMK_RUN_SCRAMBLE=1: junk in the caller-saved registers after a hit. */
extern int smk_run_scramble;

#endif /* SMK_RUNTIME_H */
