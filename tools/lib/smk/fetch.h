/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Fetch arguments: a marker argument expression, evaluated as a kprobe or
 * uprobe fetch argument at one probe address, from DWARF locations (perf's
 * probe-finder.c convert_variable_location() is the model).
 */
#ifndef SMK_FETCH_H
#define SMK_FETCH_H

#include <elfutils/libdw.h>

#include "binary.h"
#include "format.h"
#include "probe.h"

/*
 * Fill @out for expression @expr at DWARF address @pc of @b.  @scopes is the
 * concrete scope chain at @pc, innermost first, CU last (as from
 * dwarf_getscopes(cu, pc)), possibly with the marker's abstract scopes
 * inserted where they have no concrete copy.  @conv is the format
 * conversion for this argument (NULL if none): it refines the type
 * (%d s32, %ld s64, %u u32, %lu/%zu u64, %x x32, %lx x64, %p x64,
 * %s string, %c u8).  @user: uprobe syntax (globals as @+FILEOFF) rather
 * than kprobe (@sym).  An argument that cannot be fetched is not an error:
 * out->spec stays NULL and out->reason says why.  Errors are for out of
 * memory and broken DWARF only.
 */
struct smk_error *smk_fetch_build(struct smk_binary *b, Dwarf_Die *scopes,
				  int nscopes, Dwarf_Addr pc,
				  const char *expr,
				  const struct smk_conv *conv, bool user,
				  struct smk_fetch *out);

/* The field name for @expr: [A-Za-z0-9_], "p->x.y" gives "p_x_y". */
void smk_fetch_name(const char *expr, char *buf, size_t size);

#endif /* SMK_FETCH_H */
