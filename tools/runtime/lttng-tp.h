/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The LTTng-UST provider of in-process activation: one generic event,
 * simple_marker:hit, for every marker.  A marker's values have no static
 * schema LTTng could know at build time, so the event carries them twice:
 * typed, as the sequence "v" of 64-bit integers in the order of the
 * field names "names" (a string's entry is 0, and a value that could not
 * be read is 0 too), and "text", which holds the string values and the
 * faults as the tracefs form prints them ("s=\"x\" p=(fault)"), empty
 * for a marker with neither.  "verdict" is the placement's, an enum
 * (exact, over, under).  LTTng filters select markers by
 * name (lttng enable-event -u simple_marker:hit --filter
 * 'marker == "order_done"') and by value ('v[0] > 3').
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER simple_marker

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "lttng-tp.h"

#if !defined(SMK_LTTNG_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define SMK_LTTNG_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_ENUM(simple_marker, verdict,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("exact", 0)
		lttng_ust_field_enum_value("over", 1)
		lttng_ust_field_enum_value("under", 2)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(
	simple_marker, hit,
	LTTNG_UST_TP_ARGS(const char *, marker, int, verdict,
			  uint64_t, ip, unsigned int, n, const int64_t *, v,
			  const char *, names, const char *, text),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(marker, marker)
		lttng_ust_field_enum(simple_marker, verdict, int, verdict,
				     verdict)
		lttng_ust_field_integer_hex(uint64_t, site_ip, ip)
		lttng_ust_field_sequence(int64_t, v, v, unsigned int, n)
		lttng_ust_field_string(names, names)
		lttng_ust_field_string(text, text)
	)
)

#endif /* SMK_LTTNG_TP_H */

#include <lttng/tracepoint-event.h>
