/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Location views (gcc's -gvariable-location-views, on by default since gcc
 * 8): several line-table rows, and several changes of a variable's
 * location, at one address, ordered by a "view" number.  libdw 0.188
 * decodes neither the views of the line program nor DW_AT_GNU_locviews,
 * so both are read here from the sections themselves.
 */
#ifndef SMK_LOCVIEW_H
#define SMK_LOCVIEW_H

#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>

#include "error.h"

/* One row of a line program, with its view number. */
struct smk_line_row {
	uint64_t addr;
	unsigned int file;	/* index into dwarf_getsrcfiles() of the CU */
	unsigned int line;
	unsigned int column;	/* 0: none */
	unsigned int disc;	/* discriminator, 0: none */
	unsigned int view;	/* 0 at an address's first row, then 1, 2.. */
	bool stmt;
	bool end;		/* DW_LNE_end_sequence */
};

/*
 * The rows of @cu's line program (DW_AT_stmt_list) at address @addr, in
 * program order, into @out (at most @max; *@n says how many there were,
 * which may exceed @max).  View numbers are computed as binutils'
 * readelf does (locview.c).  *@n is 0 when the CU
 * has no line program.  Errors: SMK_ERROR_DWARF for a corrupt or
 * truncated .debug_line ("...: .debug_line at 0x1c: truncated"),
 * SMK_ERROR_UNSUPPORTED for VLIW line programs (max_ops_per_insn > 1).
 */
struct smk_error *smk_line_rows_at(Dwarf_Die *cu, Dwarf_Addr addr,
				   struct smk_line_row *out, size_t max,
				   size_t *n);

/*
 * The same over a raw .debug_line section (@data, @size bytes) for the
 * unit at @off, with @addr_size the CU's address size: the part the
 * fuzzer and the unit test drive.  @what names the file for messages.
 * With @all, every row is passed to @fn (when not NULL) instead.
 */
struct smk_error *smk_line_program_walk(const unsigned char *data,
					size_t size, uint64_t off,
					unsigned int addr_size,
					const char *what,
					bool (*fn)(void *arg,
						   const struct smk_line_row *r),
					void *arg);

/*
 * The section @name of the ELF file holding @dw's DWARF (decompressed in
 * place when it was compressed); false when there is none.
 */
bool smk_dwarf_section(Dwarf *dw, const char *name,
		       const unsigned char **p, size_t *size);

/* The string sections a line table's file names may point into. */
struct smk_line_strings {
	const unsigned char *line_str, *str;	/* NULL: none */
	size_t line_str_size, str_size;
};

/*
 * A line program's file table, indexed as the program's file register
 * (and as dwarf_getsrcfiles(): for DWARF 2 to 4, file 0 is "???" and
 * directory 0 is @comp_dir).  names[i] in directory dirs[dir_of[i]]
 * (dir_of[i] UINT64_MAX: none); the strings point into the sections or
 * to @comp_dir.  A name or directory is NULL when its entry has no
 * DW_LNCT_path (DWARF 5), and dirs[0] is NULL for DWARF 2 to 4 when
 * @comp_dir is.
 */
struct smk_line_files {
	unsigned int version;
	const char **dirs;
	size_t ndirs;
	const char **names;
	uint64_t *dir_of;
	size_t nfiles;
};

/*
 * Read the file table of the unit at @off of .debug_line (@data, @size)
 * into *@out (free with smk_line_files_free()).  Errors:
 * SMK_ERROR_DWARF for a corrupt header, SMK_ERROR_UNSUPPORTED for a form
 * or layout this reader does not follow (the caller may then ask libdw).
 */
struct smk_error *smk_line_program_files(const unsigned char *data,
					 size_t size, uint64_t off,
					 unsigned int addr_size,
					 const struct smk_line_strings *strs,
					 const char *comp_dir, const char *what,
					 struct smk_line_files *out);
void smk_line_files_free(struct smk_line_files *f);

/*
 * The views of the rows at @addr of lines @first..@last of source @file
 * (matched by path suffix, as placement does) in @cu: the marker's own
 * statement, when it has rows there.  Up to @max into @views, *@n of
 * them (0: no such row).  A row of another CU's inlined file counts when
 * its name matches.  Errors as smk_line_rows_at().
 */
struct smk_error *smk_line_views_of(Dwarf_Die *cu, Dwarf_Addr addr,
				    const char *file, unsigned int first,
				    unsigned int last, unsigned int *views,
				    size_t max, size_t *n);

/* One entry of a location list with its views. */
struct smk_loc_entry {
	Dwarf_Addr start, end;
	unsigned int vbegin, vend;
	Dwarf_Op *ops;		/* libdw's, valid as long as the Dwarf */
	size_t nops;
};

/*
 * The location list of @var's DW_AT_location, each entry with its view
 * pair from DW_AT_GNU_locviews (a list of ULEB128 pairs just before the
 * location list in .debug_loclists or .debug_loc, one pair for each
 * entry).  On success *@ret is malloc'ed (the caller frees it), *@n
 * entries.  *@n is 0 and *@ret NULL when the variable has no views (no
 * DW_AT_GNU_locviews: clang, or a single location).  SMK_ERROR_DWARF when
 * the views cannot be matched to the entries (a truncated or corrupt view
 * list, more or fewer pairs than entries): the caller must then not use
 * views at all.
 */
struct smk_error *smk_loc_views(Dwarf_Die *var, struct smk_loc_entry **ret,
				size_t *n);

#endif /* SMK_LOCVIEW_H */
