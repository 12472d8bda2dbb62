// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <fnmatch.h>
#include <string.h>

#include "filter.h"

const char smk_filter_syntax[] =
	"[[MODULE:]FUNCTION:]NAME, each part a glob, NAME a marker's name or "
	"an SDT probe's PROVIDER:NAME";

bool smk_filter_parse(struct smk_filter *f, char *desc)
{
	const char **dst[3] = { &f->module, &f->function, &f->name };
	char *parts[3], *p = desc;
	int n = 1, i;

	/* At most three parts: an SDT name "provider:name" keeps its colon
	 * in the last one; a fifth part matches nothing. */
	for (i = 0; *p; p++)
		i += *p == ':';
	if (i > 3)
		return false;
	parts[0] = p = desc;
	while (n < 3 && (p = strchr(p, ':'))) {
		*p++ = '\0';
		parts[n++] = p;
	}
	for (i = 0; i < n; i++)
		*dst[3 - n + i] = *parts[i] ? parts[i] : NULL;
	return true;
}

static bool glob(const char *pattern, const char *s)
{
	return !pattern || fnmatch(pattern, s ? s : "", 0) == 0;
}

bool smk_filter_match(const struct smk_filter *f, const char *module,
		      const char *function, const char *name)
{
	return glob(f->module, module) && glob(f->function, function) &&
	       glob(f->name, name);
}
