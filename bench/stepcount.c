// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * stepcount OUT BIN [ARG...]: run BIN under ptrace, one instruction at a
 * time, and write how often each instruction of BIN's own code ran, as
 * "FILE_OFFSET_HEX COUNT" lines to OUT.  Address randomization is off;
 * code in other objects (libc, the loader) is stepped but not counted.
 * The ground truth of bench/fidelity-bound.py: what ran, with no probe and
 * no debug information in the way.  About 60 us a step here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

struct map { unsigned long lo, hi, pgoff; };

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: stepcount OUT BIN [ARG...]\n");
		return 2;
	}
	char real[PATH_MAX];
	if (!realpath(argv[2], real)) { perror(argv[2]); return 1; }
	pid_t pid = fork();
	if (pid < 0) { perror("fork"); return 1; }
	if (pid == 0) {
		personality(ADDR_NO_RANDOMIZE);
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		execv(argv[2], argv + 2);
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) < 0 || !WIFSTOPPED(st)) {	/* at exec */
		fprintf(stderr, "stepcount: %s did not start\n", real);
		return 1;
	}
	struct map maps[16]; int nmaps = 0;
	char path[64], line[PATH_MAX + 128];
	snprintf(path, sizeof path, "/proc/%d/maps", pid);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof line, f) && nmaps < 16) {
		unsigned long lo, hi, off; char perm[5]; int n = 0;
		if (sscanf(line, "%lx-%lx %4s %lx %*s %*s %n", &lo, &hi, perm, &off, &n) < 4)
			continue;
		char *p = line + n; p[strcspn(p, "\n")] = 0;
		if (perm[2] == 'x' && !strcmp(p, real))
			maps[nmaps++] = (struct map){ lo, hi, off };
	}
	if (f) fclose(f);
	if (!nmaps) { fprintf(stderr, "no code mapping of %s\n", real); return 1; }
	unsigned long top = 0;
	for (int i = 0; i < nmaps; i++)
		if (maps[i].pgoff + (maps[i].hi - maps[i].lo) > top)
			top = maps[i].pgoff + (maps[i].hi - maps[i].lo);
	uint64_t *cnt = calloc(top, sizeof *cnt);
	if (!cnt) { perror("calloc"); return 1; }
	unsigned long steps = 0;
	int sig = 0;
	for (;;) {
		if (ptrace(PTRACE_SINGLESTEP, pid, 0, (void *)(long)sig) < 0) break;
		if (waitpid(pid, &st, 0) < 0) break;
		if (WIFEXITED(st) || WIFSIGNALED(st)) break;
		sig = WSTOPSIG(st) == SIGTRAP ? 0 : WSTOPSIG(st);
		struct user_regs_struct r;
		ptrace(PTRACE_GETREGS, pid, 0, &r);
		steps++;
		for (int i = 0; i < nmaps; i++)
			if (r.rip >= maps[i].lo && r.rip < maps[i].hi) {
				cnt[r.rip - maps[i].lo + maps[i].pgoff]++;
				break;
			}
	}
	FILE *o = fopen(argv[1], "w");
	if (!o) { perror(argv[1]); return 1; }
	for (unsigned long a = 0; a < top; a++)
		if (cnt[a]) fprintf(o, "%lx %lu\n", a, (unsigned long)cnt[a]);
	fclose(o);
	fprintf(stderr, "%lu steps\n", steps);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
