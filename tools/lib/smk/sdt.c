// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdwfl.h>

#include "probe-event.h"
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

/*
 * In a relocatable file (a .ko) the note's address is 0 plus a relocation
 * against the code's section: apply the one at @desc_off of @notes, giving
 * the address in libdwfl's layout of the sections, the one DWARF and the
 * symbol lookups use.  NULL, or why not.
 */
static const char *relocate_pc(struct smk_binary *b, Elf_Scn *notes,
			       size_t desc_off, uint64_t *pc)
{
	size_t idx = elf_ndxscn(notes);
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(b->elf, scn))) {
		GElf_Shdr sh, symsh;
		Elf_Data *d, *symd;
		size_t i, n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA ||
		    sh.sh_info != idx || !sh.sh_entsize)
			continue;
		d = elf_getdata(scn, NULL);
		symd = elf_getdata(elf_getscn(b->elf, sh.sh_link), NULL);
		if (!d || !symd ||
		    !gelf_getshdr(elf_getscn(b->elf, sh.sh_link), &symsh))
			return "unreadable relocations";
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			Elf_Scn *target, *dscn;
			GElf_Shdr tsh;
			GElf_Addr bias;
			Elf *delf;

			if (!gelf_getrela(d, i, &r) || r.r_offset != desc_off)
				continue;
			if (!gelf_getsym(symd, GELF_R_SYM(r.r_info), &sym))
				return "bad relocation symbol";
			if (sym.st_shndx == SHN_UNDEF ||
			    sym.st_shndx >= SHN_LORESERVE)
				return "relocation against an undefined symbol";
			/* The section's address as libdwfl laid it out. */
			if (!smk_binary_dwarf(b) && !b->dwmod)
				return "no layout for the module's sections";
			delf = dwfl_module_getelf(b->dwmod, &bias);
			target = elf_getscn(b->elf, sym.st_shndx);
			dscn = delf ? elf_getscn(delf, sym.st_shndx) : NULL;
			if (!target || !dscn || !gelf_getshdr(dscn, &tsh))
				return "bad relocation section";
			*pc = tsh.sh_addr + sym.st_value + r.r_addend;
			return NULL;
		}
	}
	return "no relocation for the probe's address";
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
			/*
			 * sys/sdt.h notes record where .stapsdt.base was at
			 * link time, to be moved with it (prelink).  A note
			 * with base 0 has no such reference: it is one of
			 * trace_simple_exact()'s, and the program may still
			 * have a .stapsdt.base from sys/sdt.h notes beside
			 * it.  Adjusting those by the section's address put
			 * them at 0.  In a relocatable file the field is 0
			 * before relocation, but relocate_pc() below sets
			 * the address from the relocation anyway.
			 */
			if (have_base && base)
				p.pc += base_sh.sh_addr - base;
			if (b->kind == SMK_BINARY_MODULE ||
			    b->kind == SMK_BINARY_OBJECT) {
				why = relocate_pc(b, scn, desc_off, &p.pc);
				if (why) {
					smk_warn("%s: .note.stapsdt+%#zx: %s, "
						 "probe skipped", b->path,
						 desc_off, why);
					continue;
				}
			}
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

/* pt_regs names of the x86-64 registers, from any width's name. */
static const char *x86_reg(const char *r, size_t len)
{
	static const struct { const char *names[4]; const char *reg; } regs[] = {
		{ { "rax", "eax", "ax", "al" }, "ax" },
		{ { "rbx", "ebx", "bx", "bl" }, "bx" },
		{ { "rcx", "ecx", "cx", "cl" }, "cx" },
		{ { "rdx", "edx", "dx", "dl" }, "dx" },
		{ { "rsi", "esi", "si", "sil" }, "si" },
		{ { "rdi", "edi", "di", "dil" }, "di" },
		{ { "rbp", "ebp", "bp", "bpl" }, "bp" },
		{ { "rsp", "esp", "sp", "spl" }, "sp" },
		{ { "r8", "r8d", "r8w", "r8b" }, "r8" },
		{ { "r9", "r9d", "r9w", "r9b" }, "r9" },
		{ { "r10", "r10d", "r10w", "r10b" }, "r10" },
		{ { "r11", "r11d", "r11w", "r11b" }, "r11" },
		{ { "r12", "r12d", "r12w", "r12b" }, "r12" },
		{ { "r13", "r13d", "r13w", "r13b" }, "r13" },
		{ { "r14", "r14d", "r14w", "r14b" }, "r14" },
		{ { "r15", "r15d", "r15w", "r15b" }, "r15" },
	};
	size_t i, j;

	for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		for (j = 0; j < 4; j++)
			if (strlen(regs[i].names[j]) == len &&
			    !strncmp(regs[i].names[j], r, len))
				return regs[i].reg;
	return NULL;
}

static const char sym_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				"abcdefghijklmnopqrstuvwxyz0123456789_.";

/* One operand of the probe at @pc into out->spec, or a reason. */
static const char *sdt_operand(struct smk_binary *b, const char *op,
			       uint64_t pc, char **spec)
{
	const char *paren = strchr(op, '('), *reg;
	char *end;
	long disp = 0;

	*spec = NULL;
	if (op[0] == '%') {
		reg = x86_reg(op + 1, strlen(op + 1));
		if (!reg)
			return "unknown register";
		return asprintf(spec, "%%%s", reg) < 0 ? "out of memory" : NULL;
	}
	if (op[0] == '$') {
		long long v = strtoll(op + 1, &end, 0);

		if (*end || end == op + 1)
			return "not an integer constant";
		return asprintf(spec, "\\%lld", v) < 0 ? "out of memory" :
			NULL;
	}
	if (!paren || op[strlen(op) - 1] != ')')
		return "unsupported operand";
	if (strchr(paren, ','))
		return "indexed addressing cannot be a fetch argument";
	if (!strncmp(paren, "(%rip)", 6)) {
		/* sym[+off](%rip): the global, through the file offset. */
		char name[256];
		uint64_t addr, x;
		const char *plus = memchr(op, '+', paren - op), *why;
		size_t len = (plus ? plus : paren) - op;

		if (!len || len >= sizeof(name))
			return "bad symbol";
		memcpy(name, op, len);
		name[len] = '\0';
		if (plus)
			disp = strtol(plus + 1, NULL, 0);
		/*
		 * kprobes name kernel and module data by symbol, which goes
		 * into the spec as written: only the characters of symbol
		 * names (the note is the file's, not the compiler's).
		 */
		if (smk_binary_is_kernel(b)) {
			if (strspn(name, sym_chars) != len)
				return "bad symbol";
			return (disp ? asprintf(spec, "@%s%+ld", name, disp) :
				asprintf(spec, "@%s", name)) < 0 ?
				"out of memory" : NULL;
		}
		if (!smk_binary_symbol_addr(b, name, &addr))
			return "symbol not found";
		why = smk_binary_uprobe_offset(b, pc, addr + disp, &x);
		if (why)
			return why;
		return asprintf(spec, "@+0x%llx", (unsigned long long)x) < 0 ?
			"out of memory" : NULL;
	}
	if (paren != op) {
		disp = strtol(op, &end, 0);
		if (end != paren)
			return "bad displacement";
	}
	reg = x86_reg(paren + 2, strlen(paren + 2) - 1);
	if (paren[1] != '%' || !reg)
		return "unknown register";
	return asprintf(spec, "%+ld(%%%s)", disp, reg) < 0 ? "out of memory" :
		NULL;
}

struct smk_error *smk_sdt_fetch(struct smk_binary *b,
				const struct smk_sdt_probe *p,
				struct smk_fetch *fetch, unsigned int *n)
{
	const char *s = p->args;
	unsigned int i = 0;

	while (*s && i < SMK_RECORD_MAX_ARGS) {
		struct smk_fetch *f = &fetch[i];
		const char *sp = strchr(s, ' '), *at, *why;
		size_t len = sp ? (size_t)(sp - s) : strlen(s);
		char *arg = strndup(s, len);
		long size;

		if (!arg)
			return &smk_error_nomem;
		memset(f, 0, sizeof(*f));
		snprintf(f->name, sizeof(f->name), "arg%u", i + 1);
		at = strchr(arg, '@');
		size = at ? strtol(arg, NULL, 10) : 0;
		if (!at || !size || labs(size) > 8 || (labs(size) & (labs(size) - 1)))
			why = "bad size";
		else
			why = sdt_operand(b, at + 1, p->pc, &f->spec);
		if (!why)
			snprintf(f->type, sizeof(f->type), "%c%ld",
				 size < 0 ? 's' : 'u', labs(size) * 8);
		/* "SPEC:TYPE" within the kernel's MAX_ARGSTR_LEN. */
		if (!why && strlen(f->spec) + 1 + strlen(f->type) >
				    SMK_PROBE_ARGSTR_MAX) {
			why = "fetch argument longer than the kernel's 63 bytes";
			f->type[0] = '\0';
		}
		if (why && !(f->reason = strdup(why))) {
			free(arg);
			return &smk_error_nomem;
		}
		if (why) {
			free(f->spec);
			f->spec = NULL;
		}
		free(arg);
		i++;
		s += len;
		while (*s == ' ')
			s++;
	}
	*n = i;
	return NULL;
}
