/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* DWARF lookups the C unit tests share (header-only, one program each). */
#ifndef SMK_TESTS_DWARF_FIXTURE_H
#define SMK_TESTS_DWARF_FIXTURE_H

#include <dwarf.h>
#include <string.h>

#include <elfutils/libdw.h>

/* Every DW_TAG_variable named @name (directly) in the file. */
static __attribute__((unused))
int find_vars(Dwarf *dw, const char *name, Dwarf_Die *ret, int max)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	int n = 0;

	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die stack[64], cu;
		int depth = 0;

		if (!dwarf_offdie(dw, off + hsize, &cu))
			break;
		off = next;
		if (dwarf_child(&cu, &stack[0]))
			continue;
		/* Preorder walk with an explicit stack of siblings. */
		while (depth >= 0) {
			Dwarf_Die *die = &stack[depth];
			const char *dn = dwarf_diename(die);

			if (dwarf_tag(die) == DW_TAG_variable && dn &&
			    !strcmp(dn, name) && n < max)
				ret[n++] = *die;
			if (depth + 1 < 64 &&
			    dwarf_child(die, &stack[depth + 1]) == 0) {
				depth++;
				continue;
			}
			while (depth >= 0 &&
			       dwarf_siblingof(&stack[depth], &stack[depth]))
				depth--;
		}
	}
	return n;
}

#endif /* SMK_TESTS_DWARF_FIXTURE_H */
