/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corpus.h - shared by the zero-cost corpus (tests/zero-cost.t)
 *
 * The corpus files are compile-only: realistic optimized C with markers in
 * the places where a compiler is most tempted to move, merge, duplicate or
 * drop code.  The externals below are never defined; they only keep values
 * alive so the optimizer cannot delete the code around the markers.
 *
 * Each corpus file states how many records it must produce on a line
 * "records: N" in its opening comment; the test checks that number for
 * every compiler and level, so a comparison of identical code is never
 * vacuous.
 *
 * CORPUS_NO_MARKERS replaces trace_simple() by nothing at all, not even the
 * compile-time checks: the baseline that shows the "if (0)" checks cost no
 * instructions either, not only the records.
 */
#ifndef CORPUS_H
#define CORPUS_H

#include <linux/simple_marker.h>

#ifdef CORPUS_NO_MARKERS
# undef trace_simple
# define trace_simple(name, fmt, ...)	do { } while (0)
#endif

void consume(long v);
void consume_ptr(const void *p);
void consume_str(const char *s);
int ext_check(int v);
void *ext_alloc(unsigned long size);
void *ext_realloc(void *p, unsigned long size);
void ext_free(void *p);
int ext_io(int fd, void *buf, unsigned long len);

#endif /* CORPUS_H */
