// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * symbolize-ftrace's inputs: a saved /proc/kallsyms, /proc/modules and a
 * module's sections file, then ftrace text.  The input is those four
 * parts in that order, separated by lines "--"; each trace line is parsed,
 * its WHERE too, and looked up in the kernel map the files made.
 */
#include "fuzz.h"

#include "smk/ftrace.h"
#include "smk/kmap.h"

enum { PARTS = 4 };

/* Cut @text at "\n--\n" into up to PARTS strings. */
static size_t split(char *text, char **part)
{
	size_t n = 0;
	char *p = text, *sep;

	part[n++] = p;
	while (n < PARTS && (sep = strstr(p, "\n--\n"))) {
		sep[1] = '\0';
		p = sep + 4;
		part[n++] = p;
	}
	return n;
}

static void load(struct smk_kmap *km, int which, const char *text)
{
	struct smk_error *err;
	char path[64];
	size_t bad = 0;
	int fd = fuzz_memfd(text, strlen(text), path, sizeof(path));

	if (which == 0)
		err = smk_kmap_load_kallsyms(km, path, &bad);
	else if (which == 1)
		err = smk_kmap_load_modules(km, path, &bad);
	else
		err = smk_kmap_load_sections(km, "fuzzmod", path, &bad);
	smk_error_destroy(err);
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *part[PARTS], *line, *save;
	struct smk_kmap *km = NULL;
	size_t i, n = split(text, part);

	if (smk_kmap_create(&km))
		abort();
	smk_kmap_set_vmlinux_text(km, 0xffffffff81000000ull);
	for (i = 0; i + 1 < n; i++)
		load(km, (int)i, part[i]);
	for (line = strtok_r(part[n - 1], "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct smk_ftrace_event ev;
		struct smk_ftrace_where w;
		struct smk_kaddr ka;
		const char *why;

		if (!smk_ftrace_parse(line, &ev) || !ev.where)
			continue;
		if (!smk_ftrace_parse_where(ev.where, &w) || w.symbolic)
			continue;
		(void)smk_kmap_lookup(km, w.addr, &ka, &why);
		(void)smk_kmap_in_vmlinux(km, w.addr);
	}
	smk_kmap_destroy(km);
	free(text);
	return 0;
}
