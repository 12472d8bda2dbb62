/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * witness.h - the ground truth for tests/fidelity/run.py
 *
 * Included after simple_marker.h.  With -DSMK_WITNESS, trace_simple() (and
 * trace_simple_exact()) becomes a real call that appends one line per hit to
 * the file named by $SMK_WITNESS_FILE (default "witness.log"):
 *
 *	NAME v1 v2 ...
 *
 * each value printed the way a uprobe trace shows the fetch type that the
 * marker's format implies (smk_fetch_build() in tools/lib/smk/fetch.h):
 *
 *	%d %i           s32, signed decimal      %ld %li        s64
 *	%u              u32, unsigned decimal    %lu %zu        u64
 *	%x              x32, 0x hex              %lx %p         x64, 0x hex
 *	%s              string, "text" unescaped, as ftrace prints it
 *	%c              u8, unsigned decimal
 *
 * A uprobe trace prints a string as name="text" without escaping anything;
 * the corpus keeps spaces and quotes out of its strings so that both sides
 * parse the same.  Literal text of the format is not printed.
 *
 * The call changes the generated code, of course; only the values and the
 * number of hits are compared with the probed zero-cost build.  The
 * arguments are evaluated here and never in the zero-cost build: corpus
 * markers have no side effects in their arguments.
 */
#ifndef FID_WITNESS_H
#define FID_WITNESS_H

#ifdef SMK_WITNESS
void smk_witness(const char *name, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));

# undef trace_simple
# define trace_simple(name, fmt, ...) \
	smk_witness(#name, fmt, ##__VA_ARGS__)
# undef trace_simple_exact
# define trace_simple_exact(name, fmt, ...) \
	smk_witness(#name, fmt, ##__VA_ARGS__)

# ifdef SMK_WITNESS_MAIN
#  include <fcntl.h>
#  include <stdarg.h>
#  include <stdio.h>
#  include <stdlib.h>
#  include <string.h>
#  include <unistd.h>

static FILE *smk_witness_file;

void smk_witness(const char *name, const char *fmt, ...)
{
	const char *p;
	va_list ap;
	FILE *f;

	if (!smk_witness_file) {
		const char *path = getenv("SMK_WITNESS_FILE");

		int fd = open(path ? path : "witness.log",
			      O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		int high;

		/*
		 * Far from the program's own descriptors: a log on fd 3
		 * would move every file the program opens after it by
		 * one, and a marker's "fd" would differ from the
		 * zero-cost build's (bzip2's output file).
		 */
		high = fd < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 900);
		if (high >= 0) {
			close(fd);
			fd = high;
		}
		smk_witness_file = fd < 0 ? NULL : fdopen(fd, "w");
		if (!smk_witness_file) {
			perror("witness");
			exit(3);
		}
	}
	f = smk_witness_file;
	fputs(name, f);
	va_start(ap, fmt);
	for (p = fmt; *p; p++) {
		int lng = 0;

		if (*p != '%')
			continue;
		p++;
		if (*p == '%')
			continue;
		while (*p && strchr("#0- +'", *p))
			p++;
		while (*p >= '0' && *p <= '9')
			p++;
		for (; *p == 'l' || *p == 'z' || *p == 'h'; p++)
			lng += *p == 'h' ? -1 : 1;
		switch (*p) {
		case 'd':
		case 'i':
			if (lng > 0)
				fprintf(f, " %ld", va_arg(ap, long));
			else
				fprintf(f, " %d", va_arg(ap, int));
			break;
		case 'u':
			if (lng > 0)
				fprintf(f, " %lu", va_arg(ap, unsigned long));
			else
				fprintf(f, " %u", va_arg(ap, unsigned int));
			break;
		case 'x':
			if (lng > 0)
				fprintf(f, " 0x%lx", va_arg(ap, unsigned long));
			else
				fprintf(f, " 0x%x", va_arg(ap, unsigned int));
			break;
		case 'p':
			fprintf(f, " 0x%lx",
				(unsigned long)va_arg(ap, void *));
			break;
		case 's':
			fprintf(f, " \"%s\"", va_arg(ap, const char *));
			break;
		case 'c':
			fprintf(f, " %u", (unsigned char)va_arg(ap, int));
			break;
		default:
			fprintf(stderr, "witness: %s: conversion %%%c\n",
				name, *p);
			exit(3);
		}
		if (!*p)
			break;
	}
	va_end(ap);
	fputc('\n', f);
}
# endif /* SMK_WITNESS_MAIN */
#endif /* SMK_WITNESS */

#endif /* FID_WITNESS_H */
