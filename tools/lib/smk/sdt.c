// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <stdlib.h>
#include <string.h>

#include "sdt.h"

enum { NT_STAPSDT = 3 };

static uint64_t get_addr(const unsigned char *p, size_t size, bool be)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < size; i++)
		v |= (uint64_t)p[be ? size - 1 - i : i] << (8 * i);
	return v;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

/* Parse one note's descriptor; NULL or why it is bad. */
static const char *parse_desc(const unsigned char *d, size_t len,
			      size_t asize, bool be, struct smk_sdt_probe *p,
			      uint64_t *base)
{
	const char *s = (const char *)d + 3 * asize;
	const char *end = (const char *)d + len;
	const char **fields[3] = { &p->provider, &p->name, &p->args };
	int i;

	if (len < 3 * asize + 3)
		return "note too short";
	p->pc = get_addr(d, asize, be);
	*base = get_addr(d + asize, asize, be);
	p->semaphore = get_addr(d + 2 * asize, asize, be);
	for (i = 0; i < 3; i++) {
		const char *nul = memchr(s, '\0', end - s);

		if (!nul)
			return "unterminated string";
		*fields[i] = s;
		s = nul + 1;
		if (s > end)
			return "strings overrun the note";
	}
	if (!*p->provider || !*p->name || !printable(p->provider) ||
	    !printable(p->name) || !printable(p->args))
		return "bad provider, name or argument string";
	return NULL;
}

struct smk_error *smk_sdt_read(struct smk_binary *b,
			       struct smk_sdt_probe **ret, size_t *n)
{
	struct smk_sdt_probe *probes = NULL;
	size_t count = 0, asize;
	Elf_Scn *scn = NULL, *base_scn;
	GElf_Shdr base_sh;
	bool have_base;

	*ret = NULL;
	*n = 0;
	asize = gelf_getclass(b->elf) == ELFCLASS32 ? 4 : 8;
	base_scn = smk_binary_section(b, ".stapsdt.base", &base_sh);
	have_base = base_scn != NULL;
	while ((scn = elf_nextscn(b->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		const char *sname;
		size_t off = 0, name_off, desc_off;
		GElf_Nhdr nh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		sname = elf_strptr(b->elf, b->shstrndx, sh.sh_name);
		if (!sname || strcmp(sname, ".note.stapsdt"))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		while ((off = gelf_getnote(data, off, &nh, &name_off,
					   &desc_off)) > 0) {
			struct smk_sdt_probe p = { 0 }, *tmp;
			const char *why;
			uint64_t base;

			if (nh.n_type != NT_STAPSDT || nh.n_namesz != 8 ||
			    memcmp((char *)data->d_buf + name_off, "stapsdt",
				   8))
				continue;
			why = parse_desc((unsigned char *)data->d_buf +
					 desc_off, nh.n_descsz, asize,
					 b->big_endian, &p, &base);
			if (why) {
				smk_warn("%s: .note.stapsdt+%#zx: %s, probe "
					 "skipped", b->path, desc_off, why);
				continue;
			}
			if (have_base)
				p.pc += base_sh.sh_addr - base;
			tmp = realloc(probes, (count + 1) * sizeof(*tmp));
			if (!tmp) {
				smk_sdt_probes_destroy(probes, count);
				return &smk_error_nomem;
			}
			probes = tmp;
			{
				const char *fn = smk_binary_symbol(
					b, p.pc, &p.function_offset);

				if (fn && !(p.function = strdup(fn))) {
					smk_sdt_probes_destroy(probes, count);
					return &smk_error_nomem;
				}
			}
			probes[count++] = p;
		}
	}
	*ret = probes;
	*n = count;
	return NULL;
}

void smk_sdt_probes_destroy(struct smk_sdt_probe *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(p[i].function);
	free(p);
}
