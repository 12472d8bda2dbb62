/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Address maps of traced processes: which object (executable, shared
 * library) a process had mapped at a runtime address, and at which
 * link-time address of that file the runtime address is.
 *
 * The maps are built from LTTng-UST's own events, as babeltrace2's
 * flt.lttng-utils.debug-info does: lttng_ust_statedump:start (forget the
 * process's maps), :bin_info (base address, memsz, path, is_pic), :build_id,
 * :debug_link; lttng_ust_dl:dlopen/:dlmopen/:build_id/:debug_link/:dlclose
 * (liblttng-ust-dl.so) and lttng_ust_lib:load/:build_id/:debug_link/:unload.
 * lttng_ust_lib:unload is when an object really goes away; without
 * lttng_ust_lib events, a dlclose removes the object once it has been
 * closed as many times as it was opened (or dumped).
 *
 * Each distinct file (path under --target-prefix, and build-id) is opened
 * once, on first lookup, with smk_binary_open() and gets one
 * struct smk_symbolizer shared by every process that mapped it.  When the
 * trace gives a build-id and the file on disk has another one, the file is
 * not used and the reason says so ("build-id mismatch: trace has X, FILE
 * has Y"): symbolizing a rebuilt binary would give wrong answers.  Unless
 * the run's debuginfod servers have the trace's build (debuginfod.h):
 * a file missing on disk, or another build of it (a trace of several
 * machines, one path, several build-ids), is then fetched by the trace's
 * build-id, once per build-id.
 */
#ifndef SMK_ADDRMAP_H
#define SMK_ADDRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "binary.h"
#include "ctf.h"
#include "error.h"
#include "symbolize.h"

struct smk_addrmap;
struct smk_addrmap_file;

/* Where a runtime address is. */
struct smk_addrmap_loc {
	struct smk_addrmap_file *file;
	uint64_t offset;	/* from the object's base address */
	uint64_t link_addr;	/* in the file's own address space */
	bool is_pic;		/* position-independent: offset is what
				 * babeltrace2 shows, bin+0xOFFSET */
};

/* @opts is copied (its strings must outlive the map). */
struct smk_error *smk_addrmap_create(const struct smk_debuginfo_opts *opts,
				     struct smk_addrmap **ret);
void smk_addrmap_destroy(struct smk_addrmap *m);	/* NULL ok */

/*
 * Also name markers: place each file's markers when it is opened
 * (smk_symbolizer_load_markers(); failing is only a warning).
 */
void smk_addrmap_load_markers(struct smk_addrmap *m, bool on);

/*
 * Feed one trace event, in trace order.  Events other than the statedump,
 * dl and lib ones above are ignored at the cost of one array lookup.
 * Malformed map events (a missing field) are ignored too, as babeltrace2
 * does; only lack of memory is an error.
 */
struct smk_error *smk_addrmap_event(struct smk_addrmap *m,
				    const struct smk_ctf_event *ev);

/* Primitive updates, for other sources of maps (and tests). */
struct smk_error *smk_addrmap_add(struct smk_addrmap *m, int64_t vpid,
				  uint64_t base, uint64_t memsz,
				  const char *path, bool is_pic);
struct smk_error *smk_addrmap_set_build_id(struct smk_addrmap *m,
					   int64_t vpid, uint64_t base,
					   const unsigned char *id,
					   size_t len);
void smk_addrmap_remove(struct smk_addrmap *m, int64_t vpid, uint64_t base);
void smk_addrmap_reset(struct smk_addrmap *m, int64_t vpid);

/*
 * Find @addr in @vpid's map.  False if no object covers it; *@why then
 * says why ("no address map for this process (no lttng_ust_statedump
 * events)", or "no object
 * mapped at this address"), a static string.
 */
bool smk_addrmap_find(struct smk_addrmap *m, int64_t vpid, uint64_t addr,
		      struct smk_addrmap_loc *loc, const char **why);

/*
 * A number that changes whenever any process's map does: lookups cached
 * by runtime address stay valid as long as it does not change.
 */
uint64_t smk_addrmap_generation(const struct smk_addrmap *m);

/* The file as the traced machine knows it, and as we open it (prefixed). */
const char *smk_addrmap_file_path(const struct smk_addrmap_file *f);
const char *smk_addrmap_file_host_path(const struct smk_addrmap_file *f);

/*
 * The file's symbolizer (the file is opened on its first lookup).  NULL
 * when there is none, with *@reason saying why (owned by the file): cannot
 * open, not ELF, build-id mismatch, out of memory.
 */
struct smk_symbolizer *smk_addrmap_file_symbolizer(struct smk_addrmap_file *f,
						   const char **reason);

/*
 * Find and symbolize runtime address @addr of process @vpid in one call:
 * *@loc as smk_addrmap_find() gives it (loc->file NULL when nothing is
 * mapped there), *@info from the file's symbolizer, valid until the next
 * lookup in the same file.  What cannot be answered (nothing mapped, file
 * unusable, no debuginfo) is info->reason, not an error: this fails only
 * for lack of memory.
 */
struct smk_error *smk_addrmap_symbolize(struct smk_addrmap *m, int64_t vpid,
					uint64_t addr,
					struct smk_addrmap_loc *loc,
					struct smk_symbol_info *info);

#endif /* SMK_ADDRMAP_H */
