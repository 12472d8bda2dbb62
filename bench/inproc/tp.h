/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* The compiled-in peer of bench/inproc/hit.c: bench:hit with one int. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER bench

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tp.h"

#if !defined(BENCH_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define BENCH_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(bench, hit,
	LTTNG_UST_TP_ARGS(int, i),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, i, i)))

#endif

#include <lttng/tracepoint-event.h>
