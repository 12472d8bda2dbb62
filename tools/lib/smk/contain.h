/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Running code we cannot vouch for on input we cannot trust, in a child
 * process with limits.  libbabeltrace2 2.0 reads a hostile CTF trace by
 * following wild pointers, by asking for 16 GiB at once (a sequence length
 * taken from the stream) or by spinning; inside the tool that is a crash,
 * the machine's memory, or a hang.  Contained, it is an error that names
 * the input and the reason, and the limits hold:
 *
 *  - memory: the child's resident size, watched by the parent, and its
 *    address space (RLIMIT_AS, at the same figure), which stops one huge
 *    allocation before it is touched.  Not the address space under
 *    AddressSanitizer, whose shadow needs terabytes of it.
 *  - stalls: the work calls smk_contain_beat() as it makes progress; a
 *    child that spends @stall_s seconds of CPU time (all its threads)
 *    without a beat is killed.  CPU time, not wall time: a child blocked
 *    writing to a pipe nobody reads, or waiting on a server, spends none
 *    and is not a stall.  A child that deadlocks spends none either: it
 *    waits, as the tool would have, until it is interrupted.
 *
 * The child shares the caller's stdin, stdout and stderr and everything
 * it had when it was forked; what it prints is printed.  stdio is flushed
 * before the fork, so nothing is written twice; the child ends with
 * exit() of the work's return value, so its own stdio is flushed and
 * LeakSanitizer checks it (the tools register no atexit handler of their
 * own: one would run in both).  Call it before the work starts threads.
 */
#ifndef SMK_CONTAIN_H
#define SMK_CONTAIN_H

#include <stdbool.h>

#include "error.h"

struct smk_contain_limits {
	unsigned long memory_mib;	/* 0: no limit */
	unsigned int stall_s;		/* 0: never killed for stalling */
};

/* Half of the physical memory, within 1-4 GiB; 30 s of CPU. */
void smk_contain_default_limits(struct smk_contain_limits *l);

typedef int smk_contain_fn(void *arg);

/*
 * Run @fn(@arg) in a child process under @limits and wait for it.  On
 * return *@status is its exit status (what @fn returned, 0-255) and the
 * result is NULL; if the child died of a fault (a signal such as SIGSEGV
 * or SIGABRT, SIGKILL from the kernel's OOM killer) or was killed for
 * passing the memory limit or stalling, the result is an error "@what: REASON" (SMK_ERROR_CORRUPT)
 * naming the signal and the limit that applies.  A child ended by a
 * signal that is not a fault of its own (SIGINT, SIGTERM, SIGHUP, SIGPIPE)
 * ends the caller the same way, as if there were no child.  Without
 * fork() (or the shared page) the work runs in this process, unlimited.
 */
struct smk_error *smk_contain(const char *what,
			      const struct smk_contain_limits *limits,
			      smk_contain_fn *fn, void *arg, int *status);

/* Progress, from any thread of the work; nothing outside smk_contain(). */
void smk_contain_beat(void);

/* Are we the contained child? (For tests and messages.) */
bool smk_contained(void);

#endif /* SMK_CONTAIN_H */
