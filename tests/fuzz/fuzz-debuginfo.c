// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Separate debuginfo (binary.c's local lookup, GDB's order): the input is
 * a candidate debug file for corpus/elf/stripped-x86_64, a program with a
 * build-id and a .gnu_debuglink to "stripped-x86_64.debug" (see the
 * README), put where the lookup looks, under a private directory:
 *   byte 0 & 3 == 0   DEBUG/.build-id/xx/yyyy.debug
 *                1    BIN/stripped-x86_64.debug, beside the program
 *                2    BIN/.debug/stripped-x86_64.debug
 *                3    DEBUG/BIN/stripped-x86_64.debug
 * with DEBUG the only debug directory; the rest of the input is the
 * file.  The program is opened, its DWARF looked for (build-id or CRC
 * checked, a rejected candidate said why), its markers read with their
 * argument types from whatever DWARF was accepted.  No debuginfod.
 *
 * FUZZ_DEBUGINFO_PRINT=1 prints where the DWARF came from, or why none.
 *
 * Checks binary.h's promise: DWARF comes with the file it came from (the
 * candidate: the program has none of its own), no DWARF with a reason.
 */
#include "fuzz.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sys/stat.h>

#include "smk/binary.h"
#include "smk/markers.h"

static char root[PATH_MAX], bin[PATH_MAX], debug[PATH_MAX];
static char places[4][PATH_MAX + 64];
static const char *debug_dirs[1];

static void put(const char *path, const void *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0)
		abort();
	fuzz_write_all(fd, data, size);
	close(fd);
}

static void mkdirs(const char *path)
{
	char p[PATH_MAX + 64], *s;

	snprintf(p, sizeof(p), "%s", path);
	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) < 0 && errno != EEXIST)
			abort();
		*s = '/';
	}
}

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void cleanup(void)
{
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	struct smk_debuginfo_opts opts = { 0 };
	struct smk_binary *b;
	char src[PATH_MAX + 32], hex[129];
	void *data;
	long size;
	FILE *f;
	int k;

	(void)argc;
	fuzz_corpus_dir((*argv)[0], "elf/stripped-x86_64", src, sizeof(src));
	f = fopen(src, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) || !(data = malloc(size)) ||
	    fread(data, 1, size, f) != (size_t)size)
		abort();
	fclose(f);

	unsetenv("DEBUGINFOD_URLS");
	snprintf(root, sizeof(root), "%s/smk-fuzz-debuginfo.%ld", base,
		 (long)getpid());
	snprintf(bin, sizeof(bin), "%s/usr/bin/stripped-x86_64", root);
	snprintf(debug, sizeof(debug), "%s/debug", root);
	mkdirs(bin);
	put(bin, data, (size_t)size);
	free(data);
	if (smk_binary_open(bin, &opts, &b) || !b->build_id_len)
		abort();
	smk_build_id_hex(b->build_id, b->build_id_len, hex);
	smk_binary_destroy(b);
	snprintf(places[0], sizeof(places[0]), "%s/.build-id/%.2s/%s.debug",
		 debug, hex, hex + 2);
	snprintf(places[1], sizeof(places[1]),
		 "%s/usr/bin/stripped-x86_64.debug", root);
	snprintf(places[2], sizeof(places[2]),
		 "%s/usr/bin/.debug/stripped-x86_64.debug", root);
	snprintf(places[3], sizeof(places[3]),
		 "%s%s/usr/bin/stripped-x86_64.debug", debug, root);
	for (k = 0; k < 4; k++)
		mkdirs(places[k]);
	debug_dirs[0] = debug;
	atexit(cleanup);
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smk_debuginfo_opts opts = {
		.debug_dirs = debug_dirs, .ndebug_dirs = 1,
	};
	struct smk_marker_set *set = NULL;
	struct smk_binary *b = NULL;
	const char *place;
	Dwarf *dw;

	if (!size)
		return 0;
	place = places[data[0] & 3];
	put(place, data + 1, size - 1);
	if (smk_binary_open(bin, &opts, &b))
		abort();	/* the program is ours and valid */
	dw = smk_binary_dwarf(b);
	/* The program has none of its own: only the candidate has any. */
	if (dw && (!b->debug_file || strcmp(b->debug_file, place))) {
		fprintf(stderr, "DWARF from '%s', not from '%s'\n",
			b->debug_file ? b->debug_file : "(null)", place);
		abort();
	}
	if (!dw && !b->no_dwarf_reason) {
		fprintf(stderr, "no DWARF and no reason\n");
		abort();
	}
	if (getenv("FUZZ_DEBUGINFO_PRINT"))
		fprintf(stderr, "%s: %s\n", dw ? "DWARF from" : "no DWARF",
			dw ? b->debug_file : b->no_dwarf_reason);
	if (!smk_markers_read(b, SMK_MARKERS_ARG_TYPES, &set))
		smk_marker_set_destroy(set);
	smk_binary_destroy(b);
	unlink(place);
	return 0;
}
