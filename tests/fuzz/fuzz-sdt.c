// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * SDT notes (sdt.c): .note.stapsdt descriptors from the input, in a small
 * valid ELF the harness writes around them, read by smk_sdt_read() and
 * every probe's argument string turned into fetch arguments by
 * smk_sdt_fetch() (register, constant, displacement, %rip-relative global
 * operands).  Plain bytes rarely make an ELF file with a note section:
 * fuzz-elf covers that side.
 *
 * Input: byte 0 is the file's shape,
 *   bit 0     ELFCLASS32 (EM_386), else ELFCLASS64 (EM_X86_64)
 *   bits 1-2  0 ET_DYN, 1 ET_EXEC, 2 ET_EXEC with .init.text (vmlinux),
 *             3 ET_REL (with a .rela.note.stapsdt: every note's address
 *             field relocated against .text, its value as the addend)
 *   bit 3     ET_REL: a .modinfo with "name=fz" (a module)
 *   bit 4     no .stapsdt.base section
 * then notes, each a length byte and that many descriptor bytes (address,
 * base and semaphore, each 4 or 8 bytes little-endian, then provider,
 * name and arguments, NUL-terminated); the harness adds the note header
 * (owner "stapsdt", type 3).
 *
 * The layout is fixed, so that seeds can name addresses: section
 * contents start at file offset 0x100 (.text, 0x40 bytes of nops; .data
 * 0x10 bytes at 0x140 holding the objects "var" and "sym"; .stapsdt.base
 * at 0x150), mapped by one PT_LOAD at vaddr 0x400000 + offset for
 * ET_EXEC, offset for ET_DYN; ET_REL sections have address 0.
 *
 * FUZZ_SDT_PRINT=1 prints each probe and its arguments to stderr.
 *
 * Checks sdt.h's promises: at most 12 arguments, each either a spec of
 * only [A-Za-z0-9_%@+-().\] and an integer type, "SPEC:TYPE" within
 * the kernel's 63 bytes, or a reason; the probe's
 * strings are printable.
 */
#include "fuzz.h"

#include <ctype.h>
#include <gelf.h>

#include "smk/binary.h"
#include "smk/record.h"
#include "smk/sdt.h"

enum {
	TEXT_OFF = 0x100, TEXT_SIZE = 0x40,
	DATA_OFF = 0x140, DATA_SIZE = 0x10,
	BASE_OFF = 0x150,
	INIT_OFF = 0x158,
	MODINFO_OFF = 0x168,
	SYMTAB_OFF = 0x180,		/* 5 symbols: at most 0x78 bytes */
	STRTAB_OFF = 0x200,
	SHSTRTAB_OFF = 0x240,
	RELA_OFF = 0x300,		/* MAX_NOTES relocations */
	MAX_NOTES = 64,
	NOTE_OFF = RELA_OFF + MAX_NOTES * 24,
};

static const char shstrtab[] =
	"\0.text\0.data\0.stapsdt.base\0.init.text\0.modinfo\0.symtab\0"
	".strtab\0.shstrtab\0.note.stapsdt\0.rela.note.stapsdt\0";
static const char strtab[] = "\0func\0var\0sym\0";
static const char modinfo[] = "license=GPL\0name=fz\0";

static size_t shname(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(shstrtab); i += strlen(shstrtab + i) + 1)
		if (!strcmp(shstrtab + i, name))
			return i;
	abort();
}

static Elf_Scn *section(Elf *e, const char *name, GElf_Word type,
			GElf_Xword flags, GElf_Addr base, GElf_Off off,
			const void *buf, size_t size, size_t align)
{
	Elf_Scn *scn = elf_newscn(e);
	Elf_Data *d = scn ? elf_newdata(scn) : NULL;
	GElf_Shdr sh;

	if (!d || !gelf_getshdr(scn, &sh))
		abort();
	d->d_buf = (void *)buf;
	d->d_size = size;
	d->d_align = align;
	d->d_off = 0;
	d->d_type = ELF_T_BYTE;
	d->d_version = EV_CURRENT;
	sh.sh_name = shname(name);
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addr = (flags & SHF_ALLOC) ? base + off : 0;
	sh.sh_offset = off;
	sh.sh_size = size;
	sh.sh_addralign = align;
	if (!gelf_update_shdr(scn, &sh))
		abort();
	return scn;
}

/*
 * The ELF file for @data in a new memfd *@fdp, its path in @path; false
 * if the input has no note.
 */
static bool build(const uint8_t *data, size_t size, char *path, size_t plen,
		  int *fdp)
{
	static const unsigned char text[TEXT_SIZE] = { [0 ... TEXT_SIZE - 1] =
						       0x90 };
	static const unsigned char zeros[DATA_SIZE];
	unsigned char shape = data[0];
	bool c32 = shape & 1, rel = (shape >> 1 & 3) == 3;
	unsigned int kind = shape >> 1 & 3;
	size_t asize = c32 ? 4 : 8, symsize = c32 ? 16 : 24;
	size_t relsize = c32 ? 12 : 24;
	GElf_Addr base = kind == 0 ? 0 : kind == 3 ? 0 : 0x400000;
	unsigned char *notes, *rela, *syms;
	size_t nlen = 0, nnotes = 0, i = 1, nsyms = 5;
	Elf_Scn *scn, *symscn, *notescn;
	GElf_Shdr sh;
	GElf_Ehdr eh;
	Elf_Data *d;
	Elf *e;
	int fd;

	/* Each input byte can be a note: 20 bytes of header, 3 of padding. */
	notes = calloc(1, size * 24 + 64);
	rela = calloc(MAX_NOTES, 24);
	syms = calloc(nsyms, symsize);
	if (!notes || !rela || !syms)
		abort();
	/* The notes, and their address fields' offsets for the RELA. */
	{
		static uint64_t pcs[MAX_NOTES], descs[MAX_NOTES];

		while (i < size && nnotes < MAX_NOTES) {
			size_t len = data[i++];
			uint32_t hdr[3] = { 8, 0, 3 };

			if (len > size - i)
				len = size - i;
			hdr[1] = (uint32_t)len;
			memcpy(notes + nlen, hdr, sizeof(hdr));
			memcpy(notes + nlen + 12, "stapsdt", 8);
			descs[nnotes] = nlen + 20;
			pcs[nnotes] = 0;
			memcpy(&pcs[nnotes], data + i,
			       len < asize ? len : asize);
			memcpy(notes + nlen + 20, data + i, len);
			/* ET_REL: the field is 0, the addend holds it. */
			if (rel)
				memset(notes + nlen + 20, 0,
				       len < asize ? len : asize);
			nlen += 20 + ((len + 3) & ~(size_t)3);
			i += len;
			nnotes++;
		}
		if (!nnotes) {
			free(notes);
			free(rela);
			free(syms);
			return false;
		}
		for (i = 0; i < nnotes; i++) {
			GElf_Rela r = {
				.r_offset = descs[i],
				.r_info = GELF_R_INFO(1, c32 ? R_386_32 :
						      R_X86_64_64),
				.r_addend = (GElf_Sxword)pcs[i],
			};

			if (c32) {
				Elf32_Rela r32 = {
					(Elf32_Addr)r.r_offset,
					ELF32_R_INFO(1, R_386_32),
					(Elf32_Sword)r.r_addend,
				};

				memcpy(rela + i * relsize, &r32, relsize);
			} else {
				Elf64_Rela r64 = { r.r_offset, r.r_info,
						   r.r_addend };

				memcpy(rela + i * relsize, &r64, relsize);
			}
		}
	}

	fd = memfd_create("smk-fuzz-sdt", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	e = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!e || !gelf_newehdr(e, c32 ? ELFCLASS32 : ELFCLASS64) ||
	    !gelf_getehdr(e, &eh))
		abort();
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_machine = c32 ? EM_386 : EM_X86_64;
	eh.e_type = rel ? ET_REL : kind == 0 ? ET_DYN : ET_EXEC;
	eh.e_version = EV_CURRENT;
	eh.e_phoff = rel ? 0 : (c32 ? 52 : 64);
	eh.e_shstrndx = 0;	/* set below */
	if (!rel && !gelf_newphdr(e, 1))
		abort();
	elf_flagelf(e, ELF_C_SET, ELF_F_LAYOUT);

	section(e, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, base,
		TEXT_OFF, text, sizeof(text), 16);
	section(e, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, base,
		DATA_OFF, zeros, sizeof(zeros), 8);
	if (!(shape & 16))
		section(e, ".stapsdt.base", SHT_PROGBITS, SHF_ALLOC, base,
			BASE_OFF, zeros, 1, 1);
	if (kind == 2)
		section(e, ".init.text", SHT_PROGBITS,
			SHF_ALLOC | SHF_EXECINSTR, base, INIT_OFF, text, 16,
			1);
	if (rel && (shape & 8))
		section(e, ".modinfo", SHT_PROGBITS, SHF_ALLOC, base,
			MODINFO_OFF, modinfo, sizeof(modinfo), 1);
	/* Symbols: null, .text's section symbol, func, var, sym. */
	{
		GElf_Addr t = rel ? 0 : base + TEXT_OFF;
		GElf_Addr v = rel ? 0 : base + DATA_OFF;
		GElf_Sym s[5] = {
			{ 0 },
			{ .st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION),
			  .st_shndx = 1, .st_value = t },
			{ .st_name = 1,
			  .st_info = GELF_ST_INFO(STB_GLOBAL, STT_FUNC),
			  .st_shndx = 1, .st_value = t,
			  .st_size = TEXT_SIZE },
			{ .st_name = 6,
			  .st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT),
			  .st_shndx = 2, .st_value = v, .st_size = 8 },
			{ .st_name = 10,
			  .st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT),
			  .st_shndx = 2, .st_value = v + 8, .st_size = 8 },
		};

		symscn = section(e, ".symtab", SHT_SYMTAB, 0, 0, SYMTAB_OFF,
				 syms, nsyms * symsize, 8);
		d = elf_getdata(symscn, NULL);
		d->d_type = ELF_T_SYM;
		for (i = 0; i < nsyms; i++)
			if (!gelf_update_sym(d, (int)i, &s[i]))
				abort();
	}
	scn = section(e, ".strtab", SHT_STRTAB, 0, 0, STRTAB_OFF, strtab,
		      sizeof(strtab), 1);
	gelf_getshdr(symscn, &sh);
	sh.sh_link = elf_ndxscn(scn);
	sh.sh_info = 2;		/* the first global */
	sh.sh_entsize = symsize;
	gelf_update_shdr(symscn, &sh);
	scn = section(e, ".shstrtab", SHT_STRTAB, 0, 0, SHSTRTAB_OFF,
		      shstrtab, sizeof(shstrtab), 1);
	eh.e_shstrndx = elf_ndxscn(scn);
	notescn = section(e, ".note.stapsdt", SHT_NOTE, 0, 0, NOTE_OFF,
			  notes, nlen, 4);
	if (rel) {
		scn = section(e, ".rela.note.stapsdt", SHT_RELA, 0, 0,
			      RELA_OFF, rela, nnotes * relsize, 8);
		gelf_getshdr(scn, &sh);
		sh.sh_link = elf_ndxscn(symscn);
		sh.sh_info = elf_ndxscn(notescn);
		sh.sh_entsize = relsize;
		gelf_update_shdr(scn, &sh);
	}
	eh.e_shoff = (NOTE_OFF + nlen + 7) & ~(size_t)7;
	eh.e_phnum = rel ? 0 : 1;	/* our copy predates gelf_newphdr() */
	if (!gelf_update_ehdr(e, &eh))
		abort();
	if (!rel) {
		GElf_Phdr ph = {
			.p_type = PT_LOAD, .p_flags = PF_R | PF_X,
			.p_offset = 0, .p_vaddr = base, .p_paddr = base,
			.p_filesz = SHSTRTAB_OFF, .p_memsz = SHSTRTAB_OFF,
			.p_align = 0x1000,
		};

		if (!gelf_update_phdr(e, 0, &ph)) {
			fprintf(stderr, "fuzz-sdt: phdr: %s\n",
				elf_errmsg(-1));
			abort();
		}
	}
	if (elf_update(e, ELF_C_WRITE) < 0) {
		fprintf(stderr, "fuzz-sdt: elf_update: %s\n", elf_errmsg(-1));
		abort();
	}
	elf_end(e);
	free(notes);
	free(rela);
	free(syms);
	snprintf(path, plen, "/proc/self/fd/%d", fd);
	*fdp = fd;
	return true;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	elf_version(EV_CURRENT);
	smk_set_warn(fuzz_quiet, NULL);
	return 0;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

static void check(const struct smk_sdt_probe *p, struct smk_fetch *f,
		  unsigned int n)
{
	unsigned int i;
	const char *s;

	if (!printable(p->provider) || !printable(p->name) ||
	    !printable(p->args) || !*p->provider || !*p->name) {
		fprintf(stderr, "unprintable probe strings accepted\n");
		abort();
	}
	if (n > SMK_RECORD_MAX_ARGS) {
		fprintf(stderr, "%u arguments\n", n);
		abort();
	}
	for (i = 0; i < n; i++) {
		if (!f[i].spec == !f[i].reason) {
			fprintf(stderr, "%s: argument %u of '%s': spec '%s', "
				"reason '%s'\n", p->name, i, p->args,
				f[i].spec ? f[i].spec : "-",
				f[i].reason ? f[i].reason : "-");
			abort();
		}
		if (!f[i].spec)
			continue;
		for (s = f[i].spec; *s; s++)
			if (!isalnum((unsigned char)*s) &&
			    !strchr("_%@+-().\\", *s)) {
				fprintf(stderr, "bad spec '%s' from '%s'\n",
					f[i].spec, p->args);
				abort();
			}
		if (strlen(f[i].spec) + 1 + strlen(f[i].type) > 63) {
			fprintf(stderr, "'%s:%s' from '%s' is longer than "
				"the kernel's 63 bytes\n", f[i].spec,
				f[i].type, p->args);
			abort();
		}
		if ((f[i].type[0] != 's' && f[i].type[0] != 'u') ||
		    !strchr("8 16 32 64", f[i].type[1])) {
			fprintf(stderr, "bad type '%s' from '%s'\n",
				f[i].type, p->args);
			abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smk_debuginfo_opts opts = { 0 };
	struct smk_sdt_probe *probes = NULL;
	struct smk_binary *b = NULL;
	struct smk_error *err;
	char path[64];
	size_t n = 0, i;
	int fd;

	if (size < 2 || !build(data, size, path, sizeof(path), &fd))
		return 0;
	err = smk_binary_open(path, &opts, &b);
	if (err) {
		/* The harness writes a valid ELF file: it must open. */
		fprintf(stderr, "%s\n", err->message);
		abort();
	}
	err = smk_sdt_read(b, &probes, &n);
	if (err)
		abort();	/* malformed notes are skipped, not errors */
	for (i = 0; i < n; i++) {
		struct smk_fetch f[SMK_RECORD_MAX_ARGS];
		unsigned int nf = 0, k;

		if (smk_sdt_fetch(b, &probes[i], f, &nf))
			abort();	/* only out of memory */
		check(&probes[i], f, nf);
		if (getenv("FUZZ_SDT_PRINT")) {
			fprintf(stderr, "%s:%s at %#llx in %s:",
				probes[i].provider, probes[i].name,
				(unsigned long long)probes[i].pc,
				probes[i].function ? probes[i].function : "-");
			for (k = 0; k < nf; k++)
				fprintf(stderr, " %s", f[k].spec ? f[k].spec :
					f[k].reason);
			fprintf(stderr, "\n");
		}
		for (k = 0; k < nf; k++)
			smk_fetch_deinit(&f[k]);
	}
	smk_sdt_probes_destroy(probes, n);
	smk_binary_destroy(b);
	close(fd);
	return 0;
}
