/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * ftrace's text output (tracefs "trace" and "trace_pipe"), one event a
 * line:
 *
 *   TASK-PID [CPU] FLAGS TIMESTAMP: EVENT: (WHERE) FIELDS
 *
 * where the "(WHERE)" of a kprobe event is "SYM+0xOFF/0xSIZE [MOD]" while
 * the address is in a loaded module or in vmlinux, and "0xADDR" once the
 * module is gone; a uprobe event's is the user address "0xADDR".  TASK may
 * hold spaces and dashes; FLAGS is absent in old formats.  Lines are
 * hostile input: parsed in place, bounded, never trusted past a check.
 */
#ifndef SMK_FTRACE_H
#define SMK_FTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct smk_ftrace_event {
	const char *task;	/* the line's text, cut in place */
	int pid;
	int cpu;
	uint64_t ts_ns;
	const char *event;
	const char *where;	/* inside the parentheses, or NULL */
	const char *fields;	/* the rest ("" if none) */
};

/*
 * Parse @line (modified: NUL bytes are written into it).  False for a
 * comment, a blank line or a line that is not an event.
 */
bool smk_ftrace_parse(char *line, struct smk_ftrace_event *ev);

enum { SMK_FTRACE_NAME_MAX = 255 };

struct smk_ftrace_where {
	bool symbolic;		/* SYM+OFF form, else a bare address */
	char symbol[SMK_FTRACE_NAME_MAX + 1];
	uint64_t offset;
	uint64_t size;		/* of the symbol, 0 if not printed */
	char module[SMK_FTRACE_NAME_MAX + 1];	/* "" for vmlinux */
	uint64_t addr;		/* the bare address */
};

/* Parse an event's WHERE; false if it is neither form. */
bool smk_ftrace_parse_where(const char *where, struct smk_ftrace_where *w);

#endif /* SMK_FTRACE_H */
