/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * marker-resolve's subcommands besides placing, attaching and detaching:
 * each takes its own argv, argv[0] being the subcommand's name, and
 * returns the exit status (0 ok, 1 failure, 2 usage).
 */
#ifndef SMK_RESOLVE_COMMANDS_H
#define SMK_RESOLVE_COMMANDS_H

int cmd_addr2line(int argc, char **argv);		/* symbolize.c */
int cmd_index(int argc, char **argv);			/* symbolize.c */
int cmd_symbolize_trace(int argc, char **argv);		/* trace.c */
int cmd_symbolize_ftrace(int argc, char **argv);	/* ftrace.c */
int cmd_callgraph(int argc, char **argv);		/* callgraph.c */
int cmd_list(int argc, char **argv);			/* attached.c */
int cmd_watch(int argc, char **argv);			/* attached.c */
int cmd_run(int argc, char **argv);			/* run.c */

#endif /* SMK_RESOLVE_COMMANDS_H */
