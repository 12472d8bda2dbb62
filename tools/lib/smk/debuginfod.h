/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Debuginfo (and executables) from debuginfod servers, by build-id, after
 * the local lookup of binary.c has found nothing usable.
 *
 * libdebuginfod (elfutils) does the HTTP and the cache: a file it
 * downloads lands in its own cache ($DEBUGINFOD_CACHE_PATH, else
 * $XDG_CACHE_HOME/debuginfod_client, else ~/.cache/debuginfod_client), where
 * debuginfod-find, eu-* tools and GDB find it too.  It is loaded with
 * dlopen("libdebuginfod.so.1"), as libdwfl loads it: the tools still run
 * where it is not installed (no server lookups then, and the reason says
 * so), and building needs no libdebuginfod-dev.
 *
 * What is ours, around it:
 *
 * - One run, one answer per build-id: a second binary (or a second
 *   process of a trace) with the same build-id gets the first answer, file
 *   or reason, without asking again.
 * - Servers are asked one at a time, in DEBUGINFOD_URLS order, so that a
 *   failure is known by its URL.  A server that fails other than "not
 *   found" (refused, timed out, an HTTP error) is reported once through
 *   the report callback ("URL: reason") and not asked again in this run:
 *   a server that is down costs one bounded delay per run, not one per
 *   binary or address.
 * - A bound on each query: DEBUGINFOD_TIMEOUT as libdebuginfod reads it
 *   (seconds for the transfer to start), defaulting to 10 instead of
 *   libdebuginfod's 90, and DEBUGINFOD_RETRY_LIMIT defaulting to 0
 *   instead of 2 (three timeouts in a row, measured); and our own cap on
 *   a whole query, 30 times the timeout, enforced from the progress
 *   callback, since libdebuginfod's timeouts leave a server that trickles
 *   data free to hold us.
 *
 * The file returned is not trusted: binary.c checks its build-id as it
 * checks every candidate, and refuses (and evicts from the cache) one that
 * does not match.
 */
#ifndef SMK_DEBUGINFOD_H
#define SMK_DEBUGINFOD_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

struct smk_debuginfod;

enum smk_debuginfod_kind {
	SMK_DEBUGINFOD_DEBUGINFO,
	SMK_DEBUGINFOD_EXECUTABLE,
};

/* Reports a server failure, once per server and run. */
typedef void smk_debuginfod_report_fn(void *arg, const char *url,
				      const char *reason);

/*
 * A client for the servers in @urls (space-separated, as DEBUGINFOD_URLS;
 * copied).  *@ret is NULL when @urls has none.
 */
struct smk_error *smk_debuginfod_create(const char *urls,
					smk_debuginfod_report_fn *report,
					void *arg,
					struct smk_debuginfod **ret);
void smk_debuginfod_destroy(struct smk_debuginfod *d);	/* NULL ok */

/*
 * The file of @kind for build-id @id (@len bytes): an open fd (the
 * caller's) and its path in *@path (the client's, valid until
 * smk_debuginfod_destroy()); or -1 with *@reason saying why not ("not on
 * the debuginfod servers (URLS)", "libdebuginfod.so.1 not found", the
 * servers' failures), also the client's.
 */
int smk_debuginfod_find(struct smk_debuginfod *d,
			enum smk_debuginfod_kind kind,
			const unsigned char *id, size_t len,
			const char **path, const char **reason);

/*
 * The file *@path from an earlier smk_debuginfod_find() was refused
 * (@why, e.g. its build-id is another): forget it for the rest of the run,
 * answer @why to the next ask, and remove it from libdebuginfod's cache so
 * that a later run asks the server again.
 */
void smk_debuginfod_refuse(struct smk_debuginfod *d, const char *path,
			   const char *why);

/* Queries sent to servers in this run (one per server asked). */
size_t smk_debuginfod_queries(const struct smk_debuginfod *d);

/* The server list @d asks, as given. */
const char *smk_debuginfod_urls(const struct smk_debuginfod *d);

/*
 * The run's servers, for every binary the process opens: off, or on with
 * @urls (NULL: DEBUGINFOD_URLS).  Unconfigured, DEBUGINFOD_URLS decides,
 * as for the elfutils tools.  Off also unsets DEBUGINFOD_URLS, so that
 * nothing in the process (libdwfl) asks on its own.
 */
void smk_debuginfod_configure(bool on, const char *urls);

/* Off, leaving the environment alone (the in-process runtime). */
void smk_debuginfod_disable(void);

/*
 * The run's client, made on first call; NULL when off or no server is
 * named.  Server failures go to smk_warn() as "debuginfod: URL: reason",
 * once per run.
 */
struct smk_debuginfod *smk_debuginfod_default(void);

#endif /* SMK_DEBUGINFOD_H */
