// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * smk_contain() (contain.c): work in a child process with limits.  Each
 * case runs real work in a real child and checks what comes back: the
 * work's exit status, a fault's signal, a spin stopped by the stall limit
 * (and work that beats, or waits without CPU, left alone), memory stopped
 * at the limit, a signal from outside passed on, and the child's output
 * written once.  Prints TAP; tests/contain.t runs it.  No root.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "smk/contain.h"

#include "tap.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int ret7(void *arg)
{
	(void)arg;
	return smk_contained() ? 7 : 99;
}

static int segv(void *arg)
{
	(void)arg;
	raise(SIGSEGV);
	return 0;
}

static volatile uint64_t sink;

static int spin(void *arg)
{
	(void)arg;
	for (;;)
		sink++;
	return 0;
}

/* CPU for *arg seconds, beating all along. */
static int busy_beating(void *arg)
{
	double end = now() + *(double *)arg;

	while (now() < end) {
		for (int i = 0; i < 100000; i++)
			sink++;
		smk_contain_beat();
	}
	return 3;
}

/* Wall time without CPU, no beat: a child blocked on I/O. */
static int sleeper(void *arg)
{
	(void)arg;
	sleep(2);
	return 4;
}

/* Touch memory until something stops it. */
static int grow(void *arg)
{
	size_t step = 16 << 20, i;

	(void)arg;
	for (;;) {
		char *p = malloc(step);

		if (!p)
			abort();	/* as glib's g_malloc() does */
		for (i = 0; i < step; i += 4096)
			p[i] = 1;
		smk_contain_beat();
	}
	return 0;
}

static int hello(void *arg)
{
	(void)arg;
	printf("child line\n");
	return 0;
}

static int term(void *arg)
{
	(void)arg;
	raise(SIGTERM);
	return 0;
}

int main(void)
{
	struct smk_contain_limits l = { 0 }, d;
	struct smk_error *err;
	double t0, secs;
	int status = -1;

	smk_contain_default_limits(&d);
	ok(d.memory_mib >= 1024 && d.memory_mib <= 4096 && d.stall_s == 30,
	   "default limits: %lu MiB, %u s", d.memory_mib, d.stall_s);

	err = smk_contain("w", &l, ret7, NULL, &status);
	ok(!err && status == 7, "the work's exit status comes back, and it "
	   "ran contained (%d)", status);
	smk_error_destroy(err);
	ok(!smk_contained(), "the caller is not the contained one");

	err = smk_contain("w", &l, segv, NULL, &status);
	/* Under a sanitizer its report ends the child (exit 1). */
	ok(err && (strstr(err->message, "w: killed by SIGSEGV") ||
		   strstr(err->message, "w: stopped by the sanitizer's")),
	   "a fault is an error naming the input and the signal: %s",
	   err ? err->message : "none");
	smk_error_destroy(err);

	l.stall_s = 1;
	t0 = now();
	err = smk_contain("w", &l, spin, NULL, &status);
	secs = now() - t0;
	ok(err && strstr(err->message, "no progress in 1 s of CPU time") &&
	   secs < 10, "a spin without beats is stopped (%.1f s): %s", secs,
	   err ? err->message : "none");
	smk_error_destroy(err);

	secs = 2.5;
	status = -1;
	err = smk_contain("w", &l, busy_beating, &secs, &status);
	ok(!err && status == 3, "work that beats is not a stall, after more "
	   "CPU than the limit (%s)", err ? err->message : "ok");
	smk_error_destroy(err);

	status = -1;
	err = smk_contain("w", &l, sleeper, NULL, &status);
	ok(!err && status == 4, "waiting is not a stall: no CPU spent (%s)",
	   err ? err->message : "ok");
	smk_error_destroy(err);

	l.stall_s = 0;
	l.memory_mib = 256;
	t0 = now();
	err = smk_contain("w", &l, grow, NULL, &status);
	secs = now() - t0;
	ok(err && (strstr(err->message, "memory limit of 256 MiB") ||
		   strstr(err->message, "limited to 256 MiB")) && secs < 30,
	   "memory is stopped at the limit (%.1f s): %s", secs,
	   err ? err->message : "none");
	smk_error_destroy(err);
	l.memory_mib = 0;

	{
		int fds[2];
		char buf[256];
		ssize_t n;
		pid_t pid;

		fflush(stdout);
		if (pipe(fds))
			abort();
		pid = fork();
		if (pid == 0) {
			dup2(fds[1], 1);
			close(fds[0]);
			printf("parent line\n");	/* buffered at fork */
			err = smk_contain("w", &l, hello, NULL, &status);
			_exit(err || status ? 1 : 0);
		}
		close(fds[1]);
		n = 0;
		for (ssize_t m; n < (ssize_t)sizeof(buf) - 1 &&
		     (m = read(fds[0], buf + n, sizeof(buf) - 1 - n)) > 0;)
			n += m;
		buf[n] = 0;
		close(fds[0]);
		waitpid(pid, &status, 0);
		ok(!strcmp(buf, "parent line\nchild line\n"),
		   "what was buffered before is written once, then the "
		   "child's output: '%s'", buf);
	}
	{
		pid_t pid;

		fflush(stdout);
		pid = fork();

		if (pid == 0) {
			err = smk_contain("w", &l, term, NULL, &status);
			_exit(42);
		}
		waitpid(pid, &status, 0);
		ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
		   "a signal from outside (SIGTERM) ends the caller too");
	}
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
