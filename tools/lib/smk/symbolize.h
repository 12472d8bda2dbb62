/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Addresses back to code: binary, function+offset, source:line, the inline
 * chain, and the marker whose probe site the address is.
 *
 * One struct smk_symbolizer per ELF file (vmlinux, module, executable,
 * shared library), on top of struct smk_binary (which finds the DWARF, in
 * the file or separate).  Lookups take link-time addresses (the file's own
 * address space, what addr2line -e FILE takes); mapping runtime addresses
 * (ASLR, KASLR, module load addresses) to link-time ones is the caller's
 * business (see addrmap.h).  Indexes are built lazily and kept: the first
 * lookup in a compilation unit pays for that unit only, later lookups are
 * binary searches.  Like blazesym, a lookup that cannot be answered is a
 * result with a reason, not an error.
 *
 * Relocatable files (.ko, .o) have no link-time addresses: theirs are
 * those of eu-addr2line -e FILE, the allocated sections laid out from 0 in
 * section order with their alignment (libdwfl's offline layout).  That is
 * the DWARF address space of smk_binary (struct smk_site.addr) minus
 * smk_symbolizer_layout_base(); for ET_EXEC and ET_DYN the two are equal.
 *
 * The answers are those of eu-addr2line -f -i (libdw is the ground truth):
 * the same unit (by .debug_aranges, or the units' own ranges when a unit
 * is missing there), the same line row (the last one at or below the
 * address), the same innermost scope (dwarf_getscopes()'s rule) and the
 * same names (DW_AT_linkage_name first, through abstract origins).
 */
#ifndef SMK_SYMBOLIZE_H
#define SMK_SYMBOLIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "binary.h"
#include "error.h"

struct smk_symbolizer;

/* One frame of an address's inline chain. */
struct smk_frame {
	const char *function;	/* NULL if unknown */
	uint64_t function_offset; /* from the (out-of-line) function's entry;
				   * meaningful in frames[nframes - 1]; in a
				   * split-off part of the function (gcc's
				   * .cold) from that part's start */
	const char *file;	/* NULL if no line info; as in DWARF
				 * (absolute when DWARF gives comp_dir) */
	unsigned int line;	/* 0 if unknown */
	unsigned int column;	/* 0 if unknown */
	/* The line row's discriminator; frames[0] only (0 elsewhere). */
	unsigned int discriminator;
};

/* A marker whose probe site an address is. */
struct smk_marker_ref {
	const char *name;
	const char *file;	/* as the record names it (__FILE__) */
	unsigned int line;
};

/*
 * The answer for one address.  frames[0] is the innermost (the inlined
 * function the address is in, with the source line of the address),
 * frames[nframes - 1] the out-of-line function; for frames[i] with i > 0,
 * file:line is the call site of frames[i - 1], as addr2line -i prints.
 * All strings belong to the symbolizer and live as long as it does.
 */
struct smk_symbol_info {
	uint64_t address;
	struct smk_frame *frames;
	size_t nframes;		/* 0: nothing found, see reason */
	const char *symbol;	/* ELF symbol containing the address, or NULL */
	uint64_t symbol_offset;
	/* The symbol's STT_FILE (struct smk_symbol.file): what GNU addr2line
	 * prints for code that has no line rows ("crtstuff.c:?"), or NULL. */
	const char *symbol_file;
	const char *marker;	/* marker whose probe site this is, or NULL */
	const char *marker_file;
	unsigned int marker_line;
	const char *reason;	/* why something is missing, or NULL */
	/* Every marker at this site (markers[0] is marker above): markers
	 * written back to back share an address. */
	const struct smk_marker_ref *markers;
	size_t nmarkers;
};

/* Takes ownership of @b on success. */
struct smk_error *smk_symbolizer_create(struct smk_binary *b,
					struct smk_symbolizer **ret);
void smk_symbolizer_destroy(struct smk_symbolizer *s);	/* NULL ok */
struct smk_binary *smk_symbolizer_binary(struct smk_symbolizer *s);

/*
 * Read line tables through libdw's dwarf_getsrclines() instead of our own
 * reader (locview.c): the reference the tests compare ours with.  Call
 * before the first lookup.
 */
void smk_symbolizer_reference_lines(struct smk_symbolizer *s);

/*
 * Symbolize @n link-time addresses into @out[0..n-1] (batch: sorted
 * internally so each unit's index is built once).  Fails only for lack of
 * memory; each result carries its own reason.  @out's memory stays valid
 * until the next call or destroy.
 */
struct smk_error *smk_symbolizer_lookup(struct smk_symbolizer *s,
					const uint64_t *addrs, size_t n,
					struct smk_symbol_info *out);

/*
 * Also name markers: resolve the binary's markers (placement.h) once and
 * map each probe site's address to its marker.  Without this call
 * .marker stays NULL.
 */
struct smk_error *smk_symbolizer_load_markers(struct smk_symbolizer *s);

/*
 * The index cache (symcache.h).  Write the cache file of this binary's
 * DWARF: every unit indexed (one at a time: what was not built before is
 * given back after), written under a temporary name and renamed to
 * *@path (malloc'ed), @size bytes, @nunits units.  Needs a build-id.
 */
struct smk_error *smk_symbolizer_write_index(struct smk_symbolizer *s,
					     char **path, uint64_t *size,
					     size_t *nunits);
/* NULL when the lookups read a cache file, else why not; *@units: the
 * units read from it so far. */
const char *smk_symbolizer_index_cache(struct smk_symbolizer *s,
				       size_t *units);

/*
 * What to add to this file's addresses to get smk_binary's DWARF addresses
 * (struct smk_site.addr, struct smk_part.addr): 0 except for relocatable
 * files, see above.
 */
uint64_t smk_symbolizer_layout_base(struct smk_symbolizer *s);

#endif /* SMK_SYMBOLIZE_H */
