/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Helpers shared by the libFuzzer targets of tests/fuzz (make fuzz,
 * tests/fuzz.t).  The library takes paths for files, so an input that is a
 * file is written to a memfd and opened through /proc/self/fd: no disk
 * I/O per run, and the descriptor dies with the run.
 */
#ifndef SMK_FUZZ_H
#define SMK_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "smk/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static __attribute__((unused))
void fuzz_quiet(void *arg, const char *msg)
{
	(void)arg;
	(void)msg;
}

/* Write all @size bytes of @data to @fd, or abort. */
static __attribute__((unused))
void fuzz_write_all(int fd, const void *data, size_t size)
{
	size_t done = 0;

	while (done < size) {
		ssize_t w = write(fd, (const char *)data + done, size - done);

		if (w <= 0)
			abort();
		done += (size_t)w;
	}
}

/* A memfd holding @size bytes of @data, its path in @path; -1 on error. */
static __attribute__((unused))
int fuzz_memfd(const void *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("smk-fuzz", MFD_CLOEXEC);

	if (fd < 0)
		abort();
	fuzz_write_all(fd, data, size);
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/*
 * The seed corpus @sub of tests/fuzz (TOP/tests/fuzz/corpus/@sub) into
 * @out, from the target's @argv0, which is
 * TOP/tests/fuzz/build/{asan,cov}/fuzz-NAME; aborts when it cannot.
 */
static __attribute__((unused))
void fuzz_corpus_dir(const char *argv0, const char *sub, char *out,
		     size_t len)
{
	char *p = realpath(argv0, NULL);
	int k;

	if (!p)
		abort();
	for (k = 0; k < 3; k++) {
		char *slash = strrchr(p, '/');

		if (!slash)
			abort();
		*slash = '\0';
	}
	snprintf(out, len, "%s/corpus/%s", p, sub);
	free(p);
}

/* @data as a NUL-terminated string (embedded NULs end it early). */
static __attribute__((unused))
char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif /* SMK_FUZZ_H */
