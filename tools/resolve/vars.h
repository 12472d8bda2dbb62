/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* marker-resolve -V/--vars (vars.c). */
#ifndef SMK_RESOLVE_VARS_H
#define SMK_RESOLVE_VARS_H

#include "smk/markers.h"
#include "smk/probe.h"

/*
 * For each site of @p (the placement of @m): "Variables at NAME
 * (FILE:LINE) in FUNCTION, SYM+0xOFF:", then one line per variable in
 * scope, "<TAB>TYPE NAME<TAB>SPEC:TYPE" or "<TAB>TYPE NAME<TAB>unavailable:
 * REASON"; file-scope variables too with @externs.
 */
void vars_print(struct smk_binary *b, const struct smk_marker *m,
		const struct smk_placement *p, bool user, bool externs);

#endif /* SMK_RESOLVE_VARS_H */
