/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Probe placement results: for each marker, where probes go and what they
 * fetch.  Text formats (probe-event.c) and tracefs I/O (tracefs.c) work on
 * these structures and know nothing of libdw; placement.c and fetch.c fill
 * them from DWARF.
 */
#ifndef SMK_PROBE_H
#define SMK_PROBE_H

#include <stdbool.h>
#include <stdint.h>

#include "record.h"

enum smk_verdict {
	SMK_VERDICT_EXACT,	/* fires exactly once per execution */
	SMK_VERDICT_APPROX,	/* placed, but may miss or repeat: reason */
	SMK_VERDICT_NOT_FOUND,	/* no probe: reason */
};

/*
 * Which way an approximated probe errs (placement.c): it fires each time
 * the marker runs and at other times too (a join), or only when the
 * marker runs but not every time (copies lost).  A probe that could err
 * both ways is no probe at all.
 */
enum smk_direction {
	SMK_DIRECTION_NONE,	/* exact, or no probe */
	SMK_DIRECTION_OVER,	/* hits >= the marker's runs */
	SMK_DIRECTION_UNDER,	/* hits <= the marker's runs */
};

enum {
	SMK_FETCH_NAME_MAX = 64,
	SMK_FETCH_TYPE_MAX = 32,
	SMK_FETCH_MAX_INPUTS = 4,	/* SMK_COMPUTE_MAX_INPUTS */
};

/* One fetch argument of a probe. */
/* How a fetched value is obtained ("how" in the JSON output). */
enum smk_fetch_how {
	SMK_FETCH_DIRECT,	/* the variable's location at the address */
	SMK_FETCH_VIEW,		/* the location at the marker's view of the
				 * address (a change at that very address) */
	SMK_FETCH_COMPUTED,	/* the inputs fetched, the value computed by
				 * the reader of the trace */
	SMK_FETCH_ENTRY,	/* DW_OP_entry_value: read by a probe at the
				 * function's entry, joined per task */
};

/* "direct", "view-resolved", "computed", "entry value". */
const char *smk_fetch_how_name(enum smk_fetch_how how);

struct smk_fetch {
	char name[SMK_FETCH_NAME_MAX];	/* field: "p->x.y" gives "p_x_y" */
	const char *expr;		/* as written in the marker */
	char *spec;	/* kprobe/uprobe fetch without type, e.g. "+8(%di)",
			 * "%ax", "@jiffies", "@+0x4010", "\\42"; NULL:
			 * unavailable, see reason */
	char type[SMK_FETCH_TYPE_MAX];	/* "s32", "x64", "string",
					 * "b3@2/32" */
	char *ctype;			/* C type text, or NULL */
	char *location;			/* DWARF location, for humans/JSON */
	char *reason;			/* why unavailable */
	uint64_t static_addr;		/* the static address the spec loads
					 * ("@..."), in DWARF's space, or 0 */
	enum smk_fetch_how how;		/* with a spec: how the value is
					 * obtained */
	/*
	 * how == SMK_FETCH_COMPUTED: spec is NULL, the probe fetches the
	 * inputs (fields "NAME__0", "NAME__1"... of the event) and the
	 * value is the program @compute (compute.h) over them, of type
	 * @type.  A tool that does not compute leaves the value out.
	 */
	char *compute;
	unsigned int ninputs;
	struct smk_fetch_input {
		char *spec;
		char type[SMK_FETCH_TYPE_MAX];
	} inputs[SMK_FETCH_MAX_INPUTS];
	/*
	 * how == SMK_FETCH_ENTRY: spec is NULL and reason says that the
	 * marker's probe cannot read the value (so that a tool that does
	 * not know entry values leaves it out); the value, of type @type,
	 * is @entry.spec read by a probe at the entry of the marker's
	 * concrete function (@entry.symbol+0, DWARF address @entry.addr,
	 * @entry.file_offset for uprobes), in the activation the marker's
	 * hit belongs to: the reader keeps a stack per task, pushed by
	 * the entry probe, popped by a return probe (entry.h).
	 */
	struct smk_fetch_entry {
		char *spec;
		char *symbol;
		uint64_t addr;
		uint64_t file_offset;
	} entry;
};

/* The field name of input @k of @f, "NAME__K", into @buf. */
void smk_fetch_input_name(const struct smk_fetch *f, unsigned int k,
			  char *buf, size_t size);

/* Drop @f's value (spec, or computed inputs): it becomes unavailable
 * (the caller sets the reason). */
void smk_fetch_drop_value(struct smk_fetch *f);



/* One probe address. */
struct smk_site {
	uint64_t addr;		/* DWARF address (ET_REL: dwfl layout) */
	char *symbol;		/* containing ELF symbol */
	uint64_t offset;	/* from symbol */
	uint64_t file_offset;	/* uprobes: offset in the file */
	bool inlined;		/* in an inlined copy */
	uint64_t copy;		/* placement's: the copy's DIE offset */
	struct smk_fetch fetch[SMK_RECORD_MAX_ARGS];
	unsigned int nfetch;
};

/* Everything about one marker. */
struct smk_placement {
	const struct smk_record *rec;
	const char *function;	/* source function, or NULL */
	unsigned int line;
	enum smk_verdict verdict;
	enum smk_direction direction;	/* of an APPROX verdict */
	char *reason;		/* for APPROX and NOT_FOUND */
	char *rule;		/* which placement rule gave the sites */
	/* The facts behind the verdict, a line each ("\n"-separated, for
	 * --explain), or NULL; collected only when @explain is set
	 * (SMK_PLACE_EXPLAIN). */
	char *evidence;
	bool explain;
	struct smk_site *sites;
	size_t nsites;
	bool copies_share;	/* placement's: copies at one address */
};

/* The site has an address a probe can take (a symbol or a file offset). */
static inline bool smk_site_placed(const struct smk_site *s)
{
	return s->symbol || s->file_offset;
}

void smk_fetch_deinit(struct smk_fetch *f);
void smk_site_deinit(struct smk_site *s);
void smk_placement_deinit(struct smk_placement *p);

const char *smk_verdict_name(enum smk_verdict v);

/* Does @p's form carry a comment line with its verdict and reason: an
 * approximation, no probe, or exact with nothing to probe (a marker
 * that never runs)? */
static inline bool smk_placement_commented(const struct smk_placement *p)
{
	return p->verdict != SMK_VERDICT_EXACT || !p->nsites;
}
/* "over", "under", or NULL for SMK_DIRECTION_NONE. */
const char *smk_direction_name(enum smk_direction d);

#endif /* SMK_PROBE_H */
