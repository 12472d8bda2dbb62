/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * TAP output for the C unit tests: ok() counts and prints one line; the
 * test prints "1..tap_n" at the end (done_testing()) and exits with
 * tap_fail != 0.  Header-only: each unit test is one program.
 */
#ifndef SMK_TESTS_TAP_H
#define SMK_TESTS_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_fail;

static __attribute__((format(printf, 2, 3), unused))
void ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!cond)
		tap_fail++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

#endif /* SMK_TESTS_TAP_H */
