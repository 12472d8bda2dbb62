/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Opening the files markers live in: vmlinux, kernel modules (ET_REL,
 * possibly compressed with gzip, xz or zstd), userspace executables and
 * shared libraries.  The main file is read with libelf; DWARF comes through
 * libdwfl, which applies ET_REL relocations, and is looked up lazily in
 * GDB's order: the file itself, then build-id under each debug directory
 * (DIR/.build-id/xx/rest.debug), then .gnu_debuglink next to the file, in
 * its .debug/ subdirectory and under each debug directory; then, by
 * build-id, the run's debuginfod servers (debuginfod.h).  A candidate
 * whose build-id (or debuglink CRC) does not match is rejected with a
 * reason, never used.
 */
#ifndef SMK_BINARY_H
#define SMK_BINARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdwfl.h>
#include <gelf.h>

#include "error.h"

struct smk_addrsym;

enum smk_binary_kind {
	SMK_BINARY_VMLINUX,
	SMK_BINARY_MODULE,	/* kernel module, ET_REL with .modinfo */
	SMK_BINARY_OBJECT,	/* other ET_REL */
	SMK_BINARY_EXEC,	/* ET_EXEC */
	SMK_BINARY_DYN,		/* ET_DYN: PIE or shared library */
};

struct smk_debuginfo_opts {
	/* Directories searched for separate debuginfo, in order; NULL/0:
	 * TARGET_PREFIX/usr/lib/debug. */
	const char *const *debug_dirs;
	size_t ndebug_dirs;
	/* Root of the traced machine's filesystem, or NULL. */
	const char *target_prefix;
};

struct smk_binary {
	char *path;		/* as given */
	char *module;		/* "vmlinux", module name, or file basename */
	enum smk_binary_kind kind;
	bool big_endian;
	bool compressed;
	Elf *elf;		/* the main file */
	size_t shstrndx;
	unsigned char build_id[64];
	size_t build_id_len;

	/* DWARF, set up on first use by smk_binary_dwarf(). */
	Dwfl *dwfl;
	Dwfl_Module *dwmod;
	Dwarf *dwarf;
	Dwarf_Addr bias;
	bool dwarf_tried;
	char *debug_file;	/* where the DWARF came from */
	char *no_dwarf_reason;	/* why there is none */
	char *rejected;		/* candidates rejected, for the reason */
	char *debuginfod_reason; /* why the servers gave none */

	/* private */
	struct smk_symbol *syms;	/* code symbols by address */
	size_t nsyms;
	struct smk_symbol **by_name;	/* the same, by name, on demand */
	bool syms_tried;
	struct smk_addrsym *addrsym;	/* libdwfl's rule, indexed */
	bool addrsym_tried;
	void *cfg_cache;		/* cfg.c's decoded functions */
	void (*cfg_cache_free)(void *);
	void *src_cache;		/* source.c's tokenized files */
	void (*src_cache_free)(void *);
	void *copies_cache;		/* dwarf-aux.c's copies per unit */
	void (*copies_cache_free)(void *);
	struct reloc_entry *relocs;	/* a module's, by address, on demand */
	size_t nrelocs;
	bool relocs_tried;
	struct import_slot *imports;	/* GOT slots of imports, on demand */
	size_t nimports;
	bool imports_tried;
	int fd;
	struct smk_debuginfo_opts opts;
	char **owned_dirs;
	size_t nowned_dirs;
};

/* Open @path; on success *@ret owns a new binary. */
struct smk_error *smk_binary_open(const char *path,
				  const struct smk_debuginfo_opts *opts,
				  struct smk_binary **ret);
void smk_binary_destroy(struct smk_binary *b);

/*
 * The name the kernel gives the module in file @path ("snd-hda.ko.xz" is
 * snd_hda), as a new string; NULL without memory.
 */
char *smk_module_name_from_path(const char *path);

/* Find section @name; returns NULL if absent. */
Elf_Scn *smk_binary_section(struct smk_binary *b, const char *name,
			    GElf_Shdr *shdr);

/*
 * The binary's DWARF, looked up on first call; NULL when there is none, with
 * b->no_dwarf_reason saying why (not an error: markers are still listed).
 */
Dwarf *smk_binary_dwarf(struct smk_binary *b);

struct smk_symbol {
	uint64_t addr;		/* DWARF address space */
	uint64_t size;
	const char *name;	/* libdwfl's string */
	/* The symbol table's source file (STT_FILE) of the symbol, by GNU
	 * addr2line's rule (binutils elf_find_function()): the last one
	 * before it, for a local symbol or one before any file symbol came
	 * after another symbol; else NULL.  "crtstuff.c" for code that has
	 * no line rows. */
	const char *file;
	unsigned char bind;
};

/*
 * The code symbol containing @addr (a sorted index built on first use: a
 * libdwfl lookup scans the whole table, 116k symbols in vmlinux), or NULL.
 */
const struct smk_symbol *smk_binary_symbol_at(struct smk_binary *b,
					      uint64_t addr);

/*
 * The symbol dwfl_module_addrinfo() names for DWARF address @addr (it
 * extends a sizeless symbol to the next symbol and prefers a sized one
 * around the address to a label at it), and the offset from it; NULL if
 * none.  The same answer from an index built on first use (addrsym.h),
 * where libdwfl scans the whole table for each address.
 */
const char *smk_binary_addrinfo(struct smk_binary *b, uint64_t addr,
				uint64_t *offset);

/*
 * Containing ELF symbol of a DWARF address (DWARF address space of
 * smk_binary_dwarf()): name and offset; NULL if none.
 */
const char *smk_binary_symbol(struct smk_binary *b, uint64_t addr,
			      uint64_t *offset);

/*
 * Offset in the file of link-time address @addr, through the PT_LOAD
 * segment holding it (what uprobes take).  False if no segment has it.
 */
bool smk_binary_file_offset(struct smk_binary *b, uint64_t addr,
			    uint64_t *off);

/*
 * What to subtract from a DWARF address of @b to get the address tools
 * print and take.  Relocatable files (.ko, .o) have no link-time
 * addresses; libdwfl lays their sections out from its own base (0x10000),
 * eu-addr2line -e FILE from 0: the latter is the one address space every
 * tool prints and accepts (marker-list, marker-resolve --format=json,
 * addr2line), beside the SYM+OFF a kprobe takes.  0 for vmlinux,
 * executables and shared libraries, whose DWARF addresses are link-time.
 */
uint64_t smk_binary_layout_base(struct smk_binary *b);

/* Name of the section holding DWARF address @addr, or NULL. */
const char *smk_binary_section_name(struct smk_binary *b, uint64_t addr);

/*
 * The X of a uprobe fetch "@+X" reading link-time address @addr from a
 * probe at @pc.  The kernel maps X with the probed address's own delta
 * (translate_user_vaddr() in trace_uprobe.c: probe address - probe file
 * offset + X), so X is @addr seen through the segment of @pc, not through
 * the one holding @addr: .data usually sits at another vaddr - offset than
 * .text.  NULL, or why there is none.
 */
const char *smk_binary_uprobe_offset(struct smk_binary *b, uint64_t pc,
				     uint64_t addr, uint64_t *x);

/*
 * The code symbol named @name (an index by name built on first use; the
 * lowest address among local symbols of one name), or NULL.
 */
const struct smk_symbol *smk_binary_code_symbol(struct smk_binary *b,
						const char *name);

/*
 * DWARF address (the space of smk_binary_dwarf()) of the start of the
 * allocated section @name: for a module, where libdwfl laid it out.
 */
bool smk_binary_section_addr(struct smk_binary *b, const char *name,
			     uint64_t *addr);

/*
 * A module's code at the base /proc/modules gives: the kernel lays the
 * allocated executable sections that are not .init ones first, in section
 * header order, so the base is the start of the first of them.  Its name,
 * DWARF address and size; false if none.
 */
bool smk_binary_module_first_code(struct smk_binary *b, const char **name,
				  uint64_t *addr, uint64_t *size);

/*
 * In a relocatable object (a .ko), the relocation (RELA, or REL with the
 * addend read from the field, as i386 has) that patches the
 * field at DWARF address @addr (code, in libdwfl's layout): 1 with
 * *@target = S + A, the address a RIP-relative operand there refers to
 * less the distance from the field to the instruction's end; -1 when its
 * symbol is undefined (another module's, the kernel's); 0 for no
 * relocation there or another kind of file.
 */
int smk_binary_reloc_target(struct smk_binary *b, uint64_t addr,
			    uint64_t *target);

/*
 * The function a dynamic relocation (R_X86_64_JUMP_SLOT or GLOB_DAT, of
 * an executable or shared object) binds the GOT slot at link-time address
 * @slot to: its name from the dynamic symbol table, or NULL.  What a PLT
 * stub or a "call *slot(%rip)" calls.
 */
const char *smk_binary_import(struct smk_binary *b, uint64_t slot);

/* Link-time address of symbol @name from the symbol table; false if none. */
bool smk_binary_symbol_addr(struct smk_binary *b, const char *name,
			    uint64_t *addr);

/* Is the file's kind a kernel one (vmlinux or module)? */
static inline bool smk_binary_is_kernel(const struct smk_binary *b)
{
	return b->kind == SMK_BINARY_VMLINUX || b->kind == SMK_BINARY_MODULE;
}

/* Hex text of a build-id into @buf (2*len+1 bytes). */
void smk_build_id_hex(const unsigned char *id, size_t len, char *buf);

#endif /* SMK_BINARY_H */
