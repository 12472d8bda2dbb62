// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A child process with limits for work on untrusted input (contain.h).
 *
 * The parent waits on a pidfd (Linux 5.3; else it polls waitpid()) and
 * every 100 ms compares the child's beat counter, in a page both share,
 * with the child's CPU clock (clock_getcpuclockid(): the whole process,
 * every thread), and reads its resident size (/proc/PID/statm).  A child
 * that burns the stall limit in CPU time without a beat, or whose resident
 * memory passes the memory limit, is killed with SIGKILL.  The resident
 * bound is the one that holds under AddressSanitizer; without it,
 * RLIMIT_AS also stops one huge allocation before it is touched.
 * PR_SET_PDEATHSIG ends the child with its parent, so an interrupted tool
 * leaves nothing running.
 */
#include "contain.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SMK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMK_ASAN 1
#endif
#endif

/* What the child tells the parent, in a page both share. */
struct shared {
	_Atomic uint64_t beats;
	_Atomic bool sanitizer_died;	/* a sanitizer report ended it */
};

/* Set in the child only. */
static struct shared *shared;

/*
 * A sanitized build's report ends the process with exit(1), not the
 * signal: the sanitizers' death callback tells the parent.  Weak: absent
 * (NULL) without a sanitizer runtime.
 */
void __sanitizer_set_death_callback(void (*fn)(void)) __attribute__((weak));

static void sanitizer_died(void)
{
	if (shared)
		atomic_store(&shared->sanitizer_died, true);
}

void smk_contain_beat(void)
{
	if (shared)
		atomic_fetch_add_explicit(&shared->beats, 1,
					  memory_order_relaxed);
}

bool smk_contained(void)
{
	return shared != NULL;
}

void smk_contain_default_limits(struct smk_contain_limits *l)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long size = sysconf(_SC_PAGESIZE);
	unsigned long mib = 0;

	if (pages > 0 && size > 0)
		mib = (unsigned long)pages / 2 / (1048576 / (unsigned long)size);
	if (mib > 4096)
		mib = 4096;
	l->memory_mib = mib < 1024 ? 1024 : mib;
	l->stall_s = 30;
}

/* Signals that end a process from outside, not by its own fault. */
static bool external_signal(int sig)
{
	return sig == SIGINT || sig == SIGTERM || sig == SIGHUP ||
	       sig == SIGPIPE || sig == SIGQUIT;
}

static double cpu_seconds(pid_t pid)
{
	struct timespec ts;
	clockid_t id;

	if (clock_getcpuclockid(pid, &id) || clock_gettime(id, &ts))
		return -1;
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* @pid's resident memory in MiB, or 0 when it cannot be read. */
static unsigned long resident_mib(pid_t pid)
{
	unsigned long size, rss = 0;
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fscanf(f, "%lu %lu", &size, &rss) != 2)
		rss = 0;
	fclose(f);
	return rss / (1048576 / (unsigned long)sysconf(_SC_PAGESIZE));
}

static void child(const struct smk_contain_limits *l)
{
	struct rlimit r = { 0, 0 };

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(sanitizer_died);
	/* A hostile input's crash is expected: no core file of it. */
	setrlimit(RLIMIT_CORE, &r);
#ifndef SMK_ASAN
	if (l->memory_mib) {
		r.rlim_cur = r.rlim_max = (rlim_t)l->memory_mib << 20;
		setrlimit(RLIMIT_AS, &r);
	}
#else
	(void)l;
#endif
}

/* Wait for @pid, up to @ms (-1: no limit); true when it has ended. */
static bool wait_for(pid_t pid, int pidfd, int ms, int *wstatus)
{
	struct pollfd p = { .fd = pidfd, .events = POLLIN };
	struct timespec tick = { 0, 10 * 1000000 };
	int waited = 0;
	pid_t r;

	if (pidfd >= 0 && poll(&p, 1, ms) < 0 && errno != EINTR)
		pidfd = -1;
	for (;;) {
		r = waitpid(pid, wstatus, WNOHANG);
		if (r == pid)
			return true;
		if (r < 0 && errno != EINTR) {
			*wstatus = 0;		/* reaped elsewhere */
			return true;
		}
		if (pidfd >= 0 || waited >= ms)
			return false;
		nanosleep(&tick, NULL);
		waited += 10;
	}
}

struct smk_error *smk_contain(const char *what,
			      const struct smk_contain_limits *limits,
			      smk_contain_fn *fn, void *arg, int *status)
{
	struct shared *page;
	uint64_t seen = 0;
	double last_cpu = 0;
	bool stalled = false, big = false, died;
	int pidfd, wstatus = 0, sig;
	pid_t pid;

	page = mmap(NULL, sizeof(*page), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	fflush(NULL);
	pid = page == MAP_FAILED ? -1 : fork();
	if (pid < 0) {
		if (page != MAP_FAILED)
			munmap(page, sizeof(*page));
		*status = fn(arg);
		return NULL;
	}
	if (pid == 0) {
		shared = page;
		child(limits);
		exit(fn(arg) & 0xff);
	}
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	for (;;) {
		uint64_t b;
		double cpu;

		if (wait_for(pid, pidfd, 100, &wstatus))
			break;
		if (limits->memory_mib &&
		    resident_mib(pid) > limits->memory_mib) {
			big = true;
			kill(pid, SIGKILL);
			wait_for(pid, pidfd, -1, &wstatus);
			break;
		}
		if (!limits->stall_s)
			continue;
		b = atomic_load_explicit(&page->beats, memory_order_relaxed);
		cpu = cpu_seconds(pid);
		if (cpu < 0)
			continue;
		if (b != seen) {
			seen = b;
			last_cpu = cpu;
		} else if (cpu - last_cpu >= limits->stall_s) {
			stalled = true;
			kill(pid, SIGKILL);
			wait_for(pid, pidfd, -1, &wstatus);
			break;
		}
	}
	if (pidfd >= 0)
		close(pidfd);
	died = atomic_load(&page->sanitizer_died);
	munmap(page, sizeof(*page));
	if (big)
		return smk_error_create(SMK_ERROR_CORRUPT, "%s: more than the "
					"memory limit of %lu MiB: stopped",
					what, limits->memory_mib);
	if (stalled)
		return smk_error_create(SMK_ERROR_CORRUPT, "%s: no progress in "
					"%u s of CPU time (the stall limit): "
					"stopped", what, limits->stall_s);
	if (died)
		return smk_error_create(SMK_ERROR_CORRUPT, "%s: stopped by the "
					"sanitizer's report above", what);
	if (WIFEXITED(wstatus)) {
		*status = WEXITSTATUS(wstatus);
		return NULL;
	}
	sig = WTERMSIG(wstatus);
	if (external_signal(sig)) {
		fflush(NULL);
		signal(sig, SIG_DFL);
		raise(sig);
	}
#ifndef SMK_ASAN
	if (limits->memory_mib && (sig == SIGABRT || sig == SIGTRAP ||
				   sig == SIGKILL))
		return smk_error_create(SMK_ERROR_CORRUPT, "%s: killed by "
					"SIG%s (%s); its memory was limited "
					"to %lu MiB", what,
					sigabbrev_np(sig) ? sigabbrev_np(sig) :
					"?", strsignal(sig),
					limits->memory_mib);
#endif
	return smk_error_create(SMK_ERROR_CORRUPT, "%s: killed by SIG%s (%s)",
				what, sigabbrev_np(sig) ? sigabbrev_np(sig) :
				"?", strsignal(sig));
}
