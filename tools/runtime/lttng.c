// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libsmk-run-lttng.so: the simple_marker:hit provider (lttng-tp.h),
 * loaded by libsmk-run.so once its start-up patching is done (LTTng-UST
 * starts its threads when it loads).  The runtime's trampolines read
 * smk_lttng_state() directly: while no session records the event, a
 * patched site costs its jump and that one check.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lttng-tp.h"

/* The runtime finds these two with dlsym(): built hidden by default. */
#define EXPORT __attribute__((visibility("default")))

EXPORT const int *smk_lttng_state(void);
EXPORT void smk_lttng_hit(const char *marker, int verdict, uint64_t ip,
		   unsigned int n, const int64_t *v, const char *names,
		   const char *text);

const int *smk_lttng_state(void)
{
	return &lttng_ust_tracepoint_simple_marker___hit.state;
}

void smk_lttng_hit(const char *marker, int verdict, uint64_t ip,
		   unsigned int n, const int64_t *v, const char *names,
		   const char *text)
{
	lttng_ust_tracepoint(simple_marker, hit, marker, verdict, ip, n, v,
			     names, text);
}
