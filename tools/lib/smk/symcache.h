/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The symbolizer's index cache: a binary's unit indexes (symbolize.c's
 * rows, scopes and spans, with the names they need) kept on disk between
 * runs, as GDB's index-cache keeps its symbol index, so that the first
 * lookup in a unit reads one blob instead of the unit's DWARF.
 *
 * One file per build-id: DIR/<build-id in hex>.smkidx, where DIR is
 * $SMK_INDEX_CACHE_DIR, else $XDG_CACHE_HOME/simple-marker/index, else
 * ~/.cache/simple-marker/index.  Written by smk_symbolizer_write_index()
 * (marker-resolve index, or any symbolizing tool with --index-cache) to a
 * temporary file renamed into place, so a reader sees a whole file or
 * none.
 *
 * A file is used only when everything in its header matches: the format
 * and the layout of this build's structures, the build-id, and the sizes
 * of the DWARF sections it was made from (a debug file with the same
 * build-id but other DWARF, a stripped one, is another key); and when it
 * is ours (owned by the effective user, not writable by others).  This
 * layer checks the file's shape (header, directory in order and inside
 * the file); symbolize.c checks every blob it loads, index by index, and
 * builds the unit from DWARF when one fails.  A cache never changes an
 * answer: it is read or ignored.
 */
#ifndef SMK_SYMCACHE_H
#define SMK_SYMCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

enum smk_index_cache_mode {
	SMK_INDEX_CACHE_OFF,	/* neither read nor written */
	SMK_INDEX_CACHE_READ,	/* read when present (the default) */
	SMK_INDEX_CACHE_WRITE,	/* read, and written when missing */
};

/* Process-wide, as the debuginfod settings: the tools' --index-cache and
 * --no-index-cache. */
void smk_index_cache_configure(enum smk_index_cache_mode mode);
enum smk_index_cache_mode smk_index_cache_mode(void);

enum { SMK_INDEX_NSIZES = 8 };

/* What a cache file must match. */
struct smk_index_key {
	unsigned char build_id[64];
	size_t build_id_len;
	uint64_t layout;	/* sizes of the cached structures */
	uint64_t sizes[SMK_INDEX_NSIZES];	/* of the DWARF sections */
};

/* The cache file's path for @key (malloc'ed), or NULL with *@err. */
char *smk_index_path(const struct smk_index_key *key,
		     struct smk_error **err);

struct smk_index;

/*
 * Open the cache file for @key.  NULL and *@ret NULL: there is none, or
 * it is not for @key (*@why says which, for --explain-like reports; static
 * or the index's).  An error only for lack of memory.
 */
struct smk_error *smk_index_open(const struct smk_index_key *key,
				 struct smk_index **ret, const char **why);
void smk_index_close(struct smk_index *x);	/* NULL ok */

/* The blob of the unit whose CU DIE is at @cu: its length and in *@blob
 * a handle for smk_index_read(), or 0. */
size_t smk_index_find(const struct smk_index *x, uint64_t cu,
		      const void **blob);
/* Read the blob into @buf (its length): false when it cannot be read or
 * its checksum is wrong. */
bool smk_index_read(const struct smk_index *x, const void *blob, void *buf);

struct smk_index_writer;

struct smk_error *smk_index_writer_begin(const struct smk_index_key *key,
					 struct smk_index_writer **ret);
/* Units in any order, each once. */
struct smk_error *smk_index_writer_add(struct smk_index_writer *w,
				       uint64_t cu, const void *blob,
				       size_t len);
/* Rename into place; *@path (the writer's until free) names it, *@size
 * its bytes.  Frees @w. */
struct smk_error *smk_index_writer_commit(struct smk_index_writer *w,
					  char **path, uint64_t *size);
void smk_index_writer_abort(struct smk_index_writer *w);	/* NULL ok */

#endif /* SMK_SYMCACHE_H */
