// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * forker: a marker, then fork; the child hits the marker again and
 * executes "forker child", which hits it once more; the parent waits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/simple_marker.h>

static volatile int points;

__attribute__((noinline)) void point(int who);

__attribute__((noinline)) void point(int who)
{
	trace_simple(fork_point, "who %d", who);
	points += who;
}

int main(int argc, char **argv)
{
	int st;
	pid_t p;

	if (argc > 1 && !strcmp(argv[1], "child")) {
		point(2);
		printf("exec'd\n");
		return 0;
	}
	point(0);
	fflush(stdout);
	p = fork();
	if (p < 0)
		return 1;
	if (!p) {
		point(1);
		execl("/proc/self/exe", argv[0], "child", (char *)NULL);
		_exit(127);
	}
	if (waitpid(p, &st, 0) != p || !WIFEXITED(st))
		return 1;
	printf("forker %d\n", WEXITSTATUS(st));
	return 0;
}
