/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * TAP output for the C unit tests: ok() counts and prints one line,
 * diag() a comment, skip() a skipped test; the test prints "1..tap_n" at
 * the end (done_testing()) and exits with tap_fail != 0.  Header-only:
 * each unit test is one program.
 */
#ifndef SMK_TESTS_TAP_H
#define SMK_TESTS_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A "# " line: shown by prove -v, not counted. */
static __attribute__((format(printf, 1, 2), unused))
void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/*
 * One test that cannot run here, counted as passed with its reason; in CI
 * (CI=true or SMK_NO_SKIP=1), where everything is there, a failure.
 */
static __attribute__((unused)) void skip(const char *why)
{
	const char *ns = getenv("SMK_NO_SKIP"), *ci = getenv("CI");
	int strict = ns && *ns ? !strcmp(ns, "1") : ci && !strcmp(ci, "true");

	if (strict) {
		printf("not ok %d - skipped in CI, where it must run: %s\n",
		       ++tap_n, why);
		tap_fail++;
		return;
	}
	printf("ok %d # SKIP %s\n", ++tap_n, why);
}

#endif /* SMK_TESTS_TAP_H */
