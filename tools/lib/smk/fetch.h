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
 * inserted where they have no concrete copy; the variable's location is
 * that of the DIE found there (for an inlined instance, its concrete DIE),
 * at @pc through location lists.  @b must have DWARF (smk_binary_dwarf()).
 *
 * @conv is the format conversion for this argument (NULL if none).  It
 * gives the type: %d/%i s32, %ld/%lld/%zd/%jd/%td s64, %hd s16, %hhd s8,
 * %u u32, %lu/%llu/%zu u64, %hu u16, %hhu/%c u8, %x x32, %lx x64, %p x64
 * (kprobes: "symbol" for %pS/%ps/%pB), %s string.  A value narrower than
 * its conversion (%d on a short) is read at its own size and signedness,
 * so no bytes beyond it are read; a wider one is truncated as printf
 * would.  Without @conv the DWARF type decides: integers and enums sN/uN
 * by size and signedness, pointers x64, and no strings.  %s takes a char
 * pointer (the string it points to, "+0(%di)") or a char array (the
 * string it holds, "+16(%di)").  Bitfields become "bW@B/C".  Floats,
 * whole structs and non-char arrays are unavailable.
 *
 * @user: uprobe syntax.  Globals are "@+X", X such that the kernel, which
 * maps X with the probed address's own vaddr-to-offset delta, reaches the
 * variable: X = vaddr - (pc - pc's file offset), not the variable's own
 * file offset.  Otherwise kprobe syntax: "@sym" or "@sym+N" from the
 * symbol table (kallsyms must know sym: CONFIG_KALLSYMS_ALL for data).
 *
 * On return out->name is smk_fetch_name(@expr), out->expr is @expr (not
 * copied), out->ctype the C type when the expression resolved, and
 * out->location a short text of the DWARF location when one was read
 * ("DW_OP_fbreg -20; frame base DW_OP_call_frame_cfa; CFA rbp+16").
 * Then either out->spec and out->type are set, or out->spec is NULL and
 * out->reason says why ("optimized out at this address", "value only at
 * function entry (DW_OP_entry_value)", "struct held in registers"...).
 * A spec only holds [A-Za-z0-9_%@+-().\] and "SPEC:TYPE" fits the
 * kernel's 63 bytes: the expression and symbol names come from ELF files.
 *
 * @out is overwritten, not freed first: pass it zeroed or after
 * smk_fetch_deinit().  Errors are for out of memory, broken DWARF and bad
 * arguments only, and leave @out deinitialized; an argument that cannot
 * be fetched is not an error.
 */
struct smk_error *smk_fetch_build(struct smk_binary *b, Dwarf_Die *scopes,
				  int nscopes, Dwarf_Addr pc,
				  const char *expr,
				  const struct smk_conv *conv, bool user,
				  struct smk_fetch *out);

/*
 * The marker's statement, for location views (locview.h): its lines
 * @first..@last of source @file, in unit @cu.
 */
struct smk_fetch_stmt {
	Dwarf_Die *cu;
	const char *file;
	unsigned int first, last;
};

/*
 * The same, knowing the marker's statement @stmt (or NULL): a variable
 * whose location changes at @pc is taken from the location list entry
 * that holds at the views of the statement's line-table rows at @pc
 * (gcc), and out->how is SMK_FETCH_VIEW.  Without such rows, or views,
 * or when its rows fall on both sides, the variable is unavailable, as
 * with smk_fetch_build().  The line program is read only for such
 * variables.
 */
struct smk_error *smk_fetch_build_at(struct smk_binary *b, Dwarf_Die *scopes,
				     int nscopes, Dwarf_Addr pc,
				     const struct smk_fetch_stmt *stmt,
				     const char *expr,
				     const struct smk_conv *conv, bool user,
				     struct smk_fetch *out);

/*
 * The field name for @expr, in @size bytes (NUL included): a C identifier
 * the tracers accept.  Each run of other characters becomes one '_', none
 * leads or trails, a leading digit gets a '_' before it, and the name is
 * cut at 32 bytes (the kernel's limit for argument names).  "p->x.y"
 * gives "p_x_y", "*cnt" "cnt", "s.a[2]" "s_a_2"; an expression without
 * letters or digits gives "arg", and a name the tracers reserve
 * ("common_pid") gets "v_" before it.  Names of different expressions may
 * collide ("a.b" and "a->b"): the caller makes them unique in an event.
 */
void smk_fetch_name(const char *expr, char *buf, size_t size);

#endif /* SMK_FETCH_H */
