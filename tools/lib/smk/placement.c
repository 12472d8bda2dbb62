// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Placing probes on markers that have no instruction of their own.
 *
 * A marker adds no code, so nothing in the machine code is "the marker";
 * what is left is debug information about where it would have been.  For
 * each instance of the marker's scope (markers.c) we try, in order:
 *
 * 1. The marker's own block.  gcc keeps the braces of trace_simple() as a
 *    lexical block whose range is empty (low_pc == high_pc) at the point
 *    in the instruction stream where the marker's statement sits, and
 *    duplicates the block with the code around it.  Each copy is a site.
 * 2. The marker's line.  Its is_stmt rows (of the marker's file, on any of
 *    the lines the marker spans) inside the instance's code.  clang -O2
 *    and gcc -O0 emit none for a statement without code.
 * 3. The next line that has rows inside the instance: the statement that
 *    runs after the marker, if control flows straight into it.  Only a
 *    line that every path through the marker goes on to in the source
 *    (smk_source_falls_to()): the next line of the file after "if (c) {
 *    marker; return; }" is the other branch.
 * 4. With no later statement row at all, the rows of the nearest later
 *    line that start a basic block the code before the marker flows into
 *    (a shared epilogue): never exact.
 *
 * The verdict is what was measured with real uprobes against a witness
 * build (tests/fidelity.t), not what looks plausible; each rule's verdict,
 * direction and reason live in one table below.  An approximation errs
 * one way, over (fires each time the marker runs and on other paths too)
 * or under (only when it runs, missing some runs); one that would err
 * both ways is no probe.  A question the code cannot answer (cfg.c's
 * SMK_UNKNOWN) never ends in exact.
 */
#include <ctype.h>
#include <dwarf.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdwfl.h>

#include "cfg.h"
#include "dwarf-aux.h"
#include "fetch.h"
#include "fetchspec.h"
#include "format.h"
#include "placement.h"
#include "sdt.h"
#include "source.h"

enum rule {
	RULE_ANCHOR,
	RULE_OWN_BLOCK,
	RULE_LINE,
	RULE_LINE_MULTI,
	RULE_NEXT_STRAIGHT,
	RULE_LINE_STRAIGHT,
	RULE_NEXT_BRANCH,
	RULE_NEXT_ENTRY,
	RULE_NEXT_COPY_ENTRY,
	RULE_NEXT_CASE,
	RULE_NEXT_JOINED,
	RULE_TREE_ARM,
	RULE_IF_RETURN,
	RULE_LOOP_STEP,
	RULE_PREV_END,
	RULE_NEXT_LINE,
	RULE_NEXT_ROWS,
	RULE_TAIL_DUP,
	RULE_JOIN,
	RULE_LOOP_OVER,
	RULE_LOOP_ENTRY,
	RULE_CONDMOVE,
	RULE_MERGED_ARMS,
	RULE_VECTORIZED,
	RULE_ARM_ERASED,
	RULE_PARTIAL,
	RULE_ARM_SUNK,
	RULE_SHARED,
	RULE_FOLDED,
	RULE_UNDECODED,
	RULE_UNKNOWN,
	RULE_IN_MACRO,
	RULE_LOOP_NEST,
	RULE_LOOP_MORE,
	RULE_LOOP_UNKNOWN,
	RULE_OFF_PATH,
	RULE_NEVER,
	RULE_DEAD,
	RULE_BOTH_WAYS,
	RULE_REFUSED,
	RULE_NONE,
};

/*
 * Each rule's verdict, and for an approximation the way it errs: over
 * (the probe fires each time the marker runs and on other paths too),
 * under (only when the marker runs, missing some runs).  A placement that
 * two rules make err both ways gets no probe (RULE_BOTH_WAYS).
 */
static const struct {
	const char *name;
	enum smk_verdict verdict;
	const char *reason;
	enum smk_direction dir;
} rules[] = {
	[RULE_ANCHOR] = { "anchor", SMK_VERDICT_EXACT, NULL,
			  SMK_DIRECTION_NONE },
	[RULE_OWN_BLOCK] = { "marker block", SMK_VERDICT_EXACT, NULL,
			     SMK_DIRECTION_NONE },
	[RULE_LINE] = { "marker line", SMK_VERDICT_EXACT, NULL,
			SMK_DIRECTION_NONE },
	[RULE_LINE_MULTI] = {
		"marker line, several rows", SMK_VERDICT_APPROX,
		"the marker's line has several code locations in one copy "
		"(a loop the compiler unrolled or rotated, or code split "
		"around it); hits may repeat",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_NEXT_STRAIGHT] = { "next line, straight", SMK_VERDICT_EXACT,
				 NULL, SMK_DIRECTION_NONE },
	[RULE_LINE_STRAIGHT] = { "marker line, first row straight",
				 SMK_VERDICT_EXACT, NULL,
				 SMK_DIRECTION_NONE },
	[RULE_NEXT_BRANCH] = { "next line, branch arm", SMK_VERDICT_EXACT,
			       NULL, SMK_DIRECTION_NONE },
	[RULE_NEXT_ENTRY] = { "next line, function entry", SMK_VERDICT_EXACT,
			      NULL, SMK_DIRECTION_NONE },
	[RULE_NEXT_COPY_ENTRY] = { "next line, from the copy's entry",
				   SMK_VERDICT_EXACT, NULL,
				   SMK_DIRECTION_NONE },
	[RULE_NEXT_CASE] = { "next line, switch arm", SMK_VERDICT_EXACT,
			     NULL, SMK_DIRECTION_NONE },
	[RULE_TREE_ARM] = { "switch arm, compare tree", SMK_VERDICT_EXACT,
			    NULL, SMK_DIRECTION_NONE },
	[RULE_IF_RETURN] = { "if arm ending in a return", SMK_VERDICT_EXACT,
			     NULL, SMK_DIRECTION_NONE },
	[RULE_LOOP_STEP] = { "end of a for body, its step", SMK_VERDICT_EXACT,
			     NULL, SMK_DIRECTION_NONE },
	[RULE_PREV_END] = { "end of the statement before", SMK_VERDICT_EXACT,
			    NULL, SMK_DIRECTION_NONE },
	[RULE_NEXT_JOINED] = { "next line, every path through the marker",
			       SMK_VERDICT_EXACT, NULL, SMK_DIRECTION_NONE },
	[RULE_NEXT_LINE] = {
		"next line", SMK_VERDICT_APPROX,
		"the compiler left no trace of the marker's line; probed at "
		"the next statement with code, where every path through the "
		"marker goes on and other paths may arrive too",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_NEXT_ROWS] = {
		"next line, no statement row", SMK_VERDICT_APPROX,
		"no statement after the marker has a row of its own; probed "
		"where the code before the marker goes on (a shared epilogue "
		"or join), which other paths, such as early returns, may "
		"reach too",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_TAIL_DUP] = {
		"marker block, tail duplicated", SMK_VERDICT_APPROX,
		"the compiler duplicated the code after the marker but kept "
		"the marker's point on fewer copies; some paths are missed",
		.dir = SMK_DIRECTION_UNDER,
	},
	[RULE_JOIN] = {
		"join point", SMK_VERDICT_APPROX,
		"the marker's address is also reached from other paths (a "
		"loop head or merged code); hits may repeat",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_LOOP_OVER] = {
		"join point in a loop", SMK_VERDICT_APPROX,
		"the marker's address is also reached from other paths, and "
		"it is inside a loop of the machine code that the marker is "
		"not in (a loop's head on the marker's line or the next): "
		"hits repeat",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_LOOP_ENTRY] = {
		"copy before the loop", SMK_VERDICT_APPROX,
		"a copy of the marker's point sits before the loop the marker "
		"is in (the loop's first test), in fewer loops of the machine "
		"code than another copy that is in the loop: it fires when "
		"the loop is entered, besides each pass",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_CONDMOVE] = {
		"if-converted", SMK_VERDICT_APPROX,
		"the compiler if-converted the branch around the marker "
		"(conditional moves): no instruction runs only when the "
		"marker does",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_MERGED_ARMS] = {
		"merged switch arms", SMK_VERDICT_APPROX,
		"more jump table entries lead to the marker's address than "
		"the source has case labels before it (or the source is not "
		"at hand): the compiler merged arms with the same code, and "
		"hits count them all",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_VECTORIZED] = {
		"vectorized", SMK_VERDICT_APPROX,
		"the compiler vectorized the loop around the marker: one pass "
		"of its code does several iterations, so hits are fewer and "
		"values are of one lane at most",
		.dir = SMK_DIRECTION_UNDER,
	},
	[RULE_ARM_ERASED] = {
		"conditional arm without code", SMK_VERDICT_APPROX,
		"the marker is all its conditional arm holds (the source "
		"says so): the compiler drops an arm without code and its "
		"branch, so the probe also fires when the condition is false "
		"(trace_simple_exact() keeps the arm)",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_PARTIAL] = {
		"some copies", SMK_VERDICT_APPROX,
		"the compiler removed or merged the marker's point in some "
		"copies of its code; hits through those are missed",
		.dir = SMK_DIRECTION_UNDER,
	},
	[RULE_ARM_SUNK] = {
		"inside a conditional arm", SMK_VERDICT_APPROX,
		"the compiler put the marker's point inside the arm of a "
		"condition the marker is not under (only a conditional jump "
		"leads there: the if after the marker, or one it threaded "
		"into the statement before): it fires when that arm runs, "
		"and misses the marker's other runs",
		.dir = SMK_DIRECTION_UNDER,
	},
	[RULE_SHARED] = {
		"shared address", SMK_VERDICT_APPROX,
		"another marker's probe is at the same address (the compiler "
		"merged their code, e.g. switch arms); hits count both",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_FOLDED] = {
		"identical code folded", SMK_VERDICT_APPROX,
		"the compiler folded another function with identical code "
		"into this one (its symbol is an alias here): calls of that "
		"function reach this probe too; hits count both",
		.dir = SMK_DIRECTION_OVER,
	},
	[RULE_UNDECODED] = {
		"code not decoded", SMK_VERDICT_NOT_FOUND,
		"the machine code at the marker's address could not be "
		"decoded (no sized function symbol holds it, or its bytes "
		"are not in the file): nothing proves where it runs",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_UNKNOWN] = {
		"unknown control flow", SMK_VERDICT_NOT_FOUND,
		"a question about the control flow around the marker had no "
		"answer (a function too large to search, or code not "
		"decoded): no placement is proven",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_IN_MACRO] = {
		"marker in a macro", SMK_VERDICT_NOT_FOUND,
		"the marker is written in a macro, not on the line its "
		"record names (the line of the macro's use): where it stands "
		"among that line's code is unknown, and the line's code may "
		"run more often than the marker or less",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_LOOP_NEST] = {
		"loop nesting differs", SMK_VERDICT_NOT_FOUND,
		"the probe's address is inside a different number of loops "
		"of the machine code than the marker is in the source (the "
		"line's code includes a loop's head, or the compiler deleted, "
		"unrolled or built a loop around it): it cannot fire once "
		"each time the marker runs",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_LOOP_MORE] = {
		"inside a loop the marker is not in", SMK_VERDICT_NOT_FOUND,
		"the probe's address is inside more loops of the machine "
		"code than the marker is in the source (the line's code "
		"includes a loop's head, or the compiler built a loop around "
		"it): it fires on passes of that loop, not once each time the "
		"marker runs",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_LOOP_UNKNOWN] = {
		"loops around the marker unknown", SMK_VERDICT_NOT_FOUND,
		"the source is at hand but the loops around the marker are "
		"not known (a goto back may make one, or the line starts no "
		"statement), and the probe's address is inside a loop of the "
		"machine code: it may fire on passes the marker does not "
		"make, or stand for several of its runs",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_OFF_PATH] = {
		"next line, not on the marker's path", SMK_VERDICT_NOT_FOUND,
		"the compiler left no trace of the marker's point, and the "
		"next line with code is not proven to run after it (the "
		"source has a return, break or loop end between them, or is "
		"not at hand): a probe there would fire on other paths and "
		"miss the marker's runs",
		.dir = SMK_DIRECTION_NONE,
	},
	/* Its runs are none, and so are the hits of no probe. */
	[RULE_NEVER] = {
		"never runs", SMK_VERDICT_EXACT,
		"no path of the source reaches the marker (it follows a "
		"return, break, continue or a loop with no way out, or sits "
		"in an arm or a loop body that a condition known from the "
		"source rules out, with no label between): it never runs, "
		"and there is nothing to probe (a probe at its point would "
		"fire for other code)",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_DEAD] = {
		"unreachable by the source", SMK_VERDICT_NOT_FOUND,
		"no path of the source reaches the marker (it follows a "
		"return, break, continue, a call that does not return or a "
		"loop with no way out, with "
		"no label between): it never runs, and a probe at its point "
		"would fire for other code",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_BOTH_WAYS] = {
		"errs both ways", SMK_VERDICT_NOT_FOUND,
		"a probe would both fire on other paths and miss some of the "
		"marker's runs",
		.dir = SMK_DIRECTION_NONE,
	},
	[RULE_REFUSED] = {
		"refused section", SMK_VERDICT_APPROX,
		"some sites are in code the kernel refuses kprobes in",
		.dir = SMK_DIRECTION_UNDER,
	},
	[RULE_NONE] = {
		"none", SMK_VERDICT_NOT_FOUND,
		"no code location for the marker's point in this copy: the "
		"compiler merged or removed it",
		.dir = SMK_DIRECTION_NONE,
	},
};

struct addrs {
	uint64_t *v;
	size_t n, cap;
};

/*
 * One line of evidence for --explain: appended to @p->evidence when
 * @p->explain.  Out of memory loses the line, never the placement.
 */
static void explain(struct smk_placement *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void explain(struct smk_placement *p, const char *fmt, ...)
{
	char *line = NULL, *tmp;
	size_t old;
	va_list ap;
	int n;

	/* Formatting costs on every site: only when asked. */
	if (!p || !p->explain)
		return;
	old = p->evidence ? strlen(p->evidence) : 0;
	va_start(ap, fmt);
	n = vasprintf(&line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	tmp = realloc(p->evidence, old + (size_t)n + 2);
	if (tmp) {
		if (old)
			tmp[old++] = '\n';
		memcpy(tmp + old, line, (size_t)n + 1);
		p->evidence = tmp;
	}
	free(line);
}

/* The name of a copy's function (its concrete or inlined root). */
static const char *copy_name(Dwarf_Die *root)
{
	const char *n = dwarf_diename(root);

	return n ? n : "?";
}

static struct smk_error *addrs_add(struct addrs *a, uint64_t addr)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		if (a->v[i] == addr)
			return NULL;
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 8;
		uint64_t *tmp = realloc(a->v, cap * sizeof(*tmp));

		if (!tmp)
			return &smk_error_nomem;
		a->v = tmp;
		a->cap = cap;
	}
	a->v[a->n++] = addr;
	return NULL;
}

static struct smk_error *addrs_copy(struct addrs *to, const struct addrs *from)
{
	struct smk_error *err = NULL;
	size_t i;

	to->n = 0;
	for (i = 0; i < from->n && !err; i++)
		err = addrs_add(to, from->v[i]);
	return err;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Is @addr inside one of @die's ranges? */
static bool in_ranges(Dwarf_Die *die, uint64_t addr)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		if (addr >= start && addr < end)
			return true;
	return false;
}

/*
 * The marker's source file.  libdw 0.188's dwarf_decl_file() fails on
 * DWARF 5 file index 0 (the primary file, which clang uses), so look the
 * index up ourselves, with the CU's name for index 0.
 */
static const char *marker_file(Dwarf *dw, Dwarf_Off var)
{
	Dwarf_Attribute a;
	Dwarf_Files *files;
	Dwarf_Word idx;
	Dwarf_Die die, cu;
	const char *f;
	size_t n;

	if (!dwarf_offdie(dw, var, &die))
		return NULL;
	f = dwarf_decl_file(&die);
	if (f)
		return f;
	if (dwarf_formudata(dwarf_attr_integrate(&die, DW_AT_decl_file, &a),
			    &idx) || !dwarf_diecu(&die, &cu, NULL, NULL))
		return NULL;
	if (dwarf_getsrcfiles(&cu, &files, &n) == 0 && idx < n &&
	    (f = dwarf_filesrc(files, idx, NULL, NULL)))
		return f;
	return idx == 0 ? dwarf_diename(&cu) : NULL;
}

bool smk_same_source(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (la < lb) {
		const char *t = a;

		a = b;
		b = t;
		la = lb;
		lb = strlen(b);
	}
	return !strcmp(a + la - lb, b) && (la == lb || a[la - lb - 1] == '/');
}

/*
 * Is @addr inside another copy of @root's function inlined within @root
 * (recursion, mutual recursion)?  Its rows belong to that copy, whose
 * variables are other ones.
 */
static bool nested_copy(Dwarf_Die *cu, Dwarf_Die *root, Dwarf_Addr addr)
{
	Dwarf_Off want = smk_dwarf_origin(root), self = dwarf_dieoffset(root);
	Dwarf_Die *sc = NULL;
	bool below = true, found = false;
	int n = smk_concrete_scopes(cu, addr, 0, &sc), i;

	/* Innermost first: everything before @root is nested in it. */
	for (i = 0; i < n && below; i++) {
		if (dwarf_dieoffset(&sc[i]) == self)
			below = false;
		else if (dwarf_tag(&sc[i]) == DW_TAG_inlined_subroutine &&
			 smk_dwarf_origin(&sc[i]) == want)
			found = true;
	}
	free(sc);
	return found && !below;
}

/*
 * The line of @root's own source that @addr's code is for: the line of
 * the call inlined into @root that holds @addr (the outermost below
 * @root), or the row's line when no call inlined there does.  0 when
 * unknown, or when @addr is not in @root or its row is of another file.
 * Without @bare, also 0 when @root is the innermost scope at @addr (no
 * lexical block or inlined call there): the plain-statement arm rule of
 * sunk_into_arm() was measured that way (csmith's main), and on real code
 * the statement's own jumps are mostly macros' error exits (zlib's
 * CHECK_ERR(): "if (err) exit(1)"), whose other way does not go on.
 */
static unsigned int root_line(Dwarf_Die *cu, Dwarf_Die *root,
			      const char *file, Dwarf_Addr addr, bool bare)
{
	Dwarf_Off self = dwarf_dieoffset(root);
	Dwarf_Die *sc = NULL;
	int n = smk_concrete_scopes(cu, addr, 0, &sc), i, at = -1;
	unsigned int line = 0;
	Dwarf_Word call = 0;
	Dwarf_Attribute a;

	/* Innermost first: find @root, then the nearest call inside it. */
	for (i = 0; i < n; i++)
		if (dwarf_dieoffset(&sc[i]) == self)
			at = i;
	for (i = at - 1; at > 0 && i >= 0; i--)
		if (dwarf_tag(&sc[i]) == DW_TAG_inlined_subroutine) {
			if (!dwarf_formudata(dwarf_attr(&sc[i], DW_AT_call_line,
							&a), &call))
				line = call;
			break;
		}
	if ((at > 0 || (bare && at == 0)) && i < 0) {
		Dwarf_Line *l = dwarf_getsrc_die(cu, addr);
		const char *src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		int ln;

		if (src && file && smk_same_source(src, file) &&
		    !dwarf_lineno(l, &ln) && ln > 0)
			line = ln;
	}
	free(sc);
	return at >= 0 ? line : 0;
}

/*
 * The loop after the marker on its line ("marker; for (...)"), entered
 * where no site of the marker is: of the line's rows, those drop_loop_rows()
 * took for the loop's (@all less @kept), one that a path of one pass from
 * the function's entry reaches without passing a kept site.  Every entry
 * into that loop follows a run of the marker in the source, so that path
 * runs the marker with no site (bzip2's compress() at gcc -O3, bench/
 * realcode: two paths into the unrolled loop, its init's row kept on the
 * one that jumps there, 0 hits for 1 when exact).  Unknown: entered
 * around.
 */
static bool loop_entered_around(struct smk_binary *b, struct smk_placement *p,
				const struct addrs *all,
				const struct addrs *kept)
{
	const struct smk_symbol *fn = smk_binary_symbol_at(b, kept->v[0]);
	size_t i, k;

	for (i = 0; i < all->n; i++) {
		for (k = 0; k < kept->n && kept->v[k] != all->v[i]; k++)
			;
		if (k < kept->n || smk_binary_symbol_at(b, all->v[i]) != fn)
			continue;
		if (smk_code_reached_around(b, all->v[i], kept->v,
					    kept->n) != SMK_NO) {
			explain(p, "  %#llx: the loop after the marker is "
				"entered here on a path from the function's "
				"entry that passes no site: a run of the "
				"marker there has none",
				(unsigned long long)all->v[i]);
			return true;
		}
	}
	return false;
}

/*
 * Keep of @on the addresses that have a row of @file on lines [@first,
 * @line) or on @line before byte column @col, or that are in no more
 * loops of the code than both the code of the line before the marker
 * (@prev) and the marker's loops in the source (@src_depth, -1
 * unknown): with a loop after the marker on its last line
 * (smk_source_loop_after()), the rows from @col on are that loop's
 * condition and step, code of each pass (clang's "marker; for (...)":
 * the step's row, which fired 4 times for 1 run), except the test
 * before the loop that a rotated loop runs once.  A row with no column
 * is not known to be the marker's.
 */
static void drop_loop_rows(struct smk_binary *b, Dwarf_Die *cu,
			   const char *file, unsigned int first,
			   unsigned int line, unsigned int col,
			   const struct addrs *prev, int src_depth,
			   struct addrs *on)
{
	const char *why;
	int outside = -1, d;
	Dwarf_Lines *lines;
	size_t nlines, i, k, kept = 0;
	bool *mine;

	if (!on->n || dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return;
	mine = calloc(on->n, sizeof(*mine));
	if (!mine)
		return;	/* keeps them: the loop check still applies */
	/*
	 * The fewer of the loops of the code before the marker and of the
	 * marker's own in the source.  The code before it may be deeper,
	 * in loops that close before the marker (campaign gcc -O0, "} } }
	 * marker; for (...)": the step kept at depth 3, 8 hits for 1); a
	 * site deeper than the source is refused by judge() in any case.
	 * The source may be deeper than the code, where the compiler
	 * removed a loop that runs once (campaign clang -O1, "for (i = 0;
	 * i < 1; i++) { marker; for (j ...": the source's depth 1 kept the
	 * inner loop's rows, 4 hits for 1).
	 */
	for (k = 0; k < prev->n; k++) {
		d = smk_code_loop_depth(b, prev->v[k], &why);
		if (d >= 0 && (outside < 0 || d < outside))
			outside = d;
	}
	if (src_depth >= 0 && (outside < 0 || src_depth < outside))
		outside = src_depth;
	for (k = 0; k < on->n && outside >= 0; k++) {
		d = smk_code_loop_depth(b, on->v[k], &why);
		if (d >= 0 && d <= outside)
			mine[k] = true;
	}
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr addr;
		const char *src;
		int ln, c = 0;

		if (!l || dwarf_lineaddr(l, &addr) || dwarf_lineno(l, &ln) ||
		    ln < (int)first || ln > (int)line)
			continue;
		src = dwarf_linesrc(l, NULL, NULL);
		if (!src || !smk_same_source(src, file))
			continue;
		dwarf_linecol(l, &c);
		if (ln == (int)line && (c <= 0 || (unsigned int)c >= col))
			continue;
		for (k = 0; k < on->n; k++)
			if (on->v[k] == addr)
				mine[k] = true;
	}
	for (k = 0; k < on->n; k++)
		if (mine[k])
			on->v[kept++] = on->v[k];
	on->n = kept;
	free(mine);
}

/*
 * Rows of the marker's file inside @root: those on [first, last] into
 * @on; the smallest line after @last that has rows into @next.
 */
static struct smk_error *line_rows_at(Dwarf_Die *cu, Dwarf_Die *root,
				      const char *file, unsigned int first,
				      unsigned int last, struct addrs *on,
				      struct addrs *next, struct addrs *prev,
				      int *next_line);

static struct smk_error *line_rows(Dwarf_Die *cu, Dwarf_Die *root,
				   const char *file, unsigned int first,
				   unsigned int last, struct addrs *on,
				   struct addrs *next, struct addrs *prev)
{
	return line_rows_at(cu, root, file, first, last, on, next, prev, NULL);
}

/* ... and with @next_line, the line of the rows in @next. */
static struct smk_error *line_rows_at(Dwarf_Die *cu, Dwarf_Die *root,
				      const char *file, unsigned int first,
				      unsigned int last, struct addrs *on,
				      struct addrs *next, struct addrs *prev,
				      int *next_line)
{
	struct smk_error *err;
	Dwarf_Lines *lines;
	size_t nlines, i;
	int best = 0, before = 0;

	if (dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return NULL;
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr addr;
		const char *src;
		bool stmt, end;
		int line;

		if (!l || dwarf_lineaddr(l, &addr) || dwarf_lineno(l, &line) ||
		    dwarf_linebeginstatement(l, &stmt) ||
		    dwarf_lineendsequence(l, &end) || !stmt || end)
			continue;
		if (line < (int)first) {
			/* The statement before the marker (nearest line). */
			if (!prev || line < before)
				continue;
			src = dwarf_linesrc(l, NULL, NULL);
			if (!src || !smk_same_source(src, file) ||
			    !in_ranges(root, addr))
				continue;
			if (line > before) {
				before = line;
				prev->n = 0;
			}
			err = addrs_add(prev, addr);
			if (err)
				return err;
			continue;
		}
		src = dwarf_linesrc(l, NULL, NULL);
		if (!src || !smk_same_source(src, file) ||
		    !in_ranges(root, addr))
			continue;
		/* A walk of the CU's DIEs: only for rows that would be kept. */
		if ((line > (int)last && best && line > best) ||
		    nested_copy(cu, root, addr))
			continue;
		if (line <= (int)last) {
			err = addrs_add(on, addr);
		} else if (!best || line < best) {
			best = line;
			next->n = 0;
			err = addrs_add(next, addr);
		} else {
			err = addrs_add(next, addr);
		}
		if (err)
			return err;
	}
	if (next_line)
		*next_line = best;
	return NULL;
}

/*
 * Was the exit tail at a site of the marker's block copied into the code of
 * a statement before the marker?  gcc duplicates the short tail after a
 * loop ("ret") into the loop's exit and keeps the marker's empty block on
 * one copy only: the path through the loop then reaches the marker's point
 * without passing the probe (measured: tests/fidelity sum_done, crc_done,
 * find_stop, silent miscounts before this check).
 */
static bool tail_copied(struct smk_binary *b, Dwarf_Die *cu, const char *file,
			const struct smk_marker *m,
			const struct smk_instance *in)
{
	uint64_t copies[8];
	size_t j, k, q, n;

	for (j = 0; j < in->nparts; j++) {
		n = smk_code_tail_copies(b, in->parts[j].addr, copies, 8);
		if (n == SIZE_MAX)
			return true;	/* unknown, or too many: not proven */
		for (k = 0; k < n; k++) {
			Dwarf_Line *l;
			const char *src;
			int line;

			for (q = 0; q < in->nparts; q++)
				if (in->parts[q].addr == copies[k])
					break;
			if (q < in->nparts)
				continue;	/* the block's own copy */
			l = dwarf_getsrc_die(cu, copies[k]);
			src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
			if (!l || dwarf_lineno(l, &line) || !src ||
			    (file && !smk_same_source(src, file)))
				continue;
			if (line > 0 && (unsigned int)line < m->line)
				return true;
		}
	}
	return false;
}

/*
 * The rows of the nearest line after @last, statement or not.  With @prev,
 * the last resort when no statement after the marker has an is_stmt row
 * (a marker just before the closing brace, whose return shares the
 * epilogue with early returns, as vfs_read()'s at gcc -Os): only rows that
 * start a basic block the code of the statement before the marker flows
 * into.  Without, every row: the code that follows the marker.
 */
static struct smk_error *next_rows_any(struct smk_binary *b, Dwarf_Die *cu,
				       Dwarf_Die *root, const char *file,
				       unsigned int last,
				       const struct addrs *prev,
				       struct addrs *out, int *line_out)
{
	struct smk_error *err;
	Dwarf_Lines *lines;
	size_t nlines, i, k;
	int best = 0;

	if ((prev && !prev->n) || dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return NULL;
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr addr;
		const char *src;
		bool end, empty = false;
		int line;

		if (!l || dwarf_lineaddr(l, &addr) || dwarf_lineno(l, &line) ||
		    dwarf_lineendsequence(l, &end) || end ||
		    line <= (int)last || (best && line > best))
			continue;
		src = dwarf_linesrc(l, NULL, NULL);
		if (!src || !smk_same_source(src, file) ||
		    !in_ranges(root, addr) || nested_copy(cu, root, addr))
			continue;
		if (!prev && i + 1 < nlines) {
			/* A row that the next one supersedes holds no code
			 * (at gcc -Os a return's empty row at a loop's
			 * latch): it names the line, it is not its code. */
			Dwarf_Line *nl = dwarf_onesrcline(lines, i + 1);
			Dwarf_Addr na;

			empty = nl && !dwarf_lineaddr(nl, &na) && na == addr;
		}
		if (prev) {
			if (!smk_code_block_start(b, addr))
				continue;
			for (k = 0; k < prev->n; k++)
				if (smk_code_reaches(b, prev->v[k], addr) !=
				    SMK_NO)
					break;
			if (k == prev->n)
				continue;
		}
		if (!best || line < best) {
			best = line;
			out->n = 0;
		}
		if (empty)
			continue;
		for (k = 0; k < out->n && out->v[k] != addr; k++)
			;
		if (k < out->n)
			continue;
		err = addrs_add(out, addr);
		if (err)
			return err;
	}
	if (line_out)
		*line_out = best;
	return NULL;
}

/*
 * Does the code right after the marker also run on paths that never pass
 * one of its @sites?  In the source, every run of the statement after the
 * marker follows a run of the marker (they are one straight sequence), so
 * code of that statement that no site reaches and that reaches no site is
 * a copy of the tail on a path the probe misses.  gcc -O2 made such a copy
 * for crc_buf(): after the loop, "return ~crc" is computed in the loop's
 * exit, and the marker's block stayed on the path that skips the loop,
 * where the result is a constant (measured: tests/fidelity crc_done, a
 * silent miscount before this check).  Rows in a part of the function
 * holding no site (a .cold part) are not judged, nor sites inside a loop:
 * the line after a marker that ends a loop body is the code after the
 * loop, which the loop's zero-trip path reaches too.
 */
static struct smk_error *bypassed(struct smk_binary *b, Dwarf_Die *cu,
				  Dwarf_Die *root, const char *file,
				  unsigned int last, const uint64_t *sites,
				  size_t nsites, bool *out)
{
	struct addrs after = { 0 };
	struct smk_error *err;
	bool *looped;
	size_t i, k;

	*out = false;
	err = next_rows_any(b, cu, root, file, last, NULL, &after, NULL);
	/* Which sites are in a loop: once, not once per row. */
	looped = calloc(nsites ? nsites : 1, sizeof(*looped));
	if (!err && !looped)
		err = &smk_error_nomem;
	for (k = 0; k < nsites && !err && after.n; k++)
		looped[k] = smk_code_in_loop(b, sites[k]) == SMK_YES;
	for (i = 0; i < after.n && !err && !*out; i++) {
		const struct smk_symbol *sym =
			smk_binary_symbol_at(b, after.v[i]);
		bool judged = false;

		for (k = 0; k < nsites; k++) {
			if (smk_binary_symbol_at(b, sites[k]) != sym ||
			    looped[k])
				continue;
			judged = true;
			/* unknown: not known to reach, so bypassed */
			if (smk_code_reaches(b, sites[k], after.v[i]) ==
			    SMK_YES ||
			    smk_code_reaches(b, after.v[i], sites[k]) ==
			    SMK_YES)
				break;
		}
		if (judged && k == nsites)
			*out = true;
	}
	free(looped);
	free(after.v);
	return err;
}

/*
 * The lines of the rows in [lo, hi) inside @root, and of the row that
 * covers @lo, into @lines (at most @max; *n = max + 1 when more).  A row of
 * another file gives line 0.
 */
static void run_lines(Dwarf_Die *cu, Dwarf_Die *root, const char *file,
		      uint64_t lo, uint64_t hi, int *lines, size_t max,
		      size_t *n)
{
	Dwarf_Lines *dl;
	Dwarf_Line *l;
	size_t nl, i;

	*n = 0;
	l = dwarf_getsrc_die(cu, lo);
	if (dwarf_getsrclines(cu, &dl, &nl) != 0)
		return;
	for (i = 0; i < nl && *n <= max; i++) {
		Dwarf_Line *r = dwarf_onesrcline(dl, i);
		Dwarf_Addr a;
		const char *src;
		bool end;
		int line;

		if (!r || dwarf_lineaddr(r, &a) || dwarf_lineendsequence(r, &end) ||
		    end || dwarf_lineno(r, &line) ||
		    !((a >= lo && a < hi) || r == l) || !in_ranges(root, a))
			continue;
		src = dwarf_linesrc(r, NULL, NULL);
		if (!src || !smk_same_source(src, file))
			line = 0;
		if (*n < max)
			lines[*n] = line;
		(*n)++;
	}
}

struct path_check;
static bool early_return(struct smk_binary *b, const struct path_check *c,
			 uint64_t start);

/*
 * A marker followed by a return, whose return gcc copied: the code after
 * the marker goes straight from the site to a ret, and another exit of the
 * function, which no site reaches and which reaches no site, holds only
 * rows of lines that the site's own exit holds after the marker.  gcc -O2
 * did that to tree_find(): "if (!n || n->key == key) { marker; return n; }"
 * became one exit for !n, holding the marker's block, and one for the key
 * found, holding only the closing brace's row (measured: tests/fidelity
 * find_stop, a silent miscount before this check).
 */
static bool exit_copied(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
			const char *file, unsigned int last, uint64_t site,
			const uint64_t *sites, size_t nsites,
			const struct path_check *c)
{
	enum { MAX_EXITS = 64, MAX_LINES = 32 };
	struct smk_code_run ex[MAX_EXITS];
	int tl[MAX_LINES], el[MAX_LINES];
	size_t n, i, j, k, ntl, nel;
	const struct smk_code_run *own = NULL;

	/* Unknown answers say "copied": the exact claim is not proven. */
	switch (smk_code_in_loop(b, site)) {
	case SMK_YES:
		return false;
	case SMK_UNKNOWN:
		return true;
	default:
		break;
	}
	n = smk_code_exits(b, site, ex, MAX_EXITS);
	if (n == SIZE_MAX)
		return true;
	for (i = 0; i < n && !own; i++)
		if (site >= ex[i].start && site < ex[i].end)
			own = &ex[i];
	if (!own)
		return false;
	run_lines(cu, root, file, site, own->end, tl, MAX_LINES, &ntl);
	if (ntl > MAX_LINES)
		return false;
	for (i = 0; i < n; i++) {
		if (&ex[i] == own)
			continue;
		for (k = 0; k < nsites; k++)
			if (smk_code_reaches(b, sites[k], ex[i].start) ==
			    SMK_YES ||
			    smk_code_reaches(b, ex[i].start, sites[k]) ==
			    SMK_YES)
				break;
		if (k < nsites || (c && early_return(b, c, ex[i].start)))
			continue;
		run_lines(cu, root, file, ex[i].start, ex[i].end, el,
			  MAX_LINES, &nel);
		if (!nel || nel > MAX_LINES)
			continue;
		for (j = 0; j < nel; j++) {
			if (el[j] <= (int)last)
				break;
			for (k = 0; k < ntl && tl[k] != el[j]; k++)
				;
			if (k == ntl)
				break;
		}
		if (j == nel)
			return true;
	}
	return false;
}

/* The format conversion of each argument ('*' consumes one too). */
static void arg_convs(const struct smk_record *rec, bool kernel,
		      struct smk_conv *convs, const struct smk_conv **per_arg)
{
	size_t n, i, argi = 0;

	memset(per_arg, 0, SMK_RECORD_MAX_ARGS * sizeof(*per_arg));
	smk_format_parse(rec->format, kernel, convs, SMK_RECORD_MAX_ARGS, &n);
	for (i = 0; i < n && i < SMK_RECORD_MAX_ARGS; i++) {
		argi += convs[i].star_width + convs[i].star_prec;
		/* "%v" (ad-hoc points): no conversion, the DWARF type rules. */
		if (argi < SMK_RECORD_MAX_ARGS && convs[i].conv != 'v')
			per_arg[argi] = &convs[i];
		argi++;
	}
}

/* Does a fetch spec read a register other than the stack/frame pointer? */
/*
 * A fetch that ends in a load "+OFF(...)" of a member kept in a register
 * around the loop (smk_code_stale_member()): what memory holds at the site
 * is an older value (measured: tests/fidelity vm_jump's vm->pc at gcc
 * -O2/-O3, three wrong values before this check).
 */
static bool stale_member(struct smk_binary *b, uint64_t addr,
			 const char *spec)
{
	char *end;
	long long off;

	if (spec[0] != '+' && spec[0] != '-')
		return false;
	off = strtoll(spec, &end, 0);
	if (end == spec || *end != '(')
		return false;
	/* A stack slot DWARF names is what it says, not a member. */
	if (!strcmp(end, "(%sp)") || !strcmp(end, "(%bp)") ||
	    !strcmp(end, "(%rsp)") || !strcmp(end, "(%rbp)"))
		return false;
	return smk_code_stale_member(b, addr, off);
}

/* @file as DWARF names it, made absolute with the CU's comp_dir. */
static const char *source_path(Dwarf_Die *die, const char *file, char *buf,
			       size_t size)
{
	Dwarf_Die cu;
	const char *dir;

	if (!file || file[0] == '/')
		return file;
	if (!dwarf_diecu(die, &cu, NULL, NULL))
		return NULL;
	dir = dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir,
					  &(Dwarf_Attribute){ 0 }));
	if (!dir || snprintf(buf, size, "%s/%s", dir, file) >= (int)size)
		return NULL;
	return buf;
}

/*
 * The marker's source file (@file, as DWARF names it) as a path to open,
 * in @buf; NULL for an ad-hoc point or a record without its DWARF.
 */
static const char *marker_source(struct smk_binary *b,
				 const struct smk_marker *m, const char *file,
				 char *buf, size_t size)
{
	Dwarf_Die var;

	if (!file || !m->var || !dwarf_offdie(b->dwarf, m->var, &var))
		return NULL;
	return source_path(&var, file, buf, size);
}

/*
 * Is the loop around a site one the compiler made of a recursion?  The
 * outermost function of @scopes has no loop in its source (source.c): a
 * tail call became a jump back, and gcc's DWARF may keep a parameter in
 * its entry register for the whole loop while the loop carries it in
 * another (measured: tests/fidelity gcd_step at gcc -Os, 29 wrong values;
 * find_descend's n->key).  Unknown without the source.
 */
static bool recursion_loop(struct smk_binary *b, Dwarf_Die *scopes,
			   int nscopes)
{
	Dwarf_Attribute a;
	Dwarf_Word line = 0;
	char path[4096];
	int i;

	for (i = nscopes - 1; i >= 0; i--)
		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram)
			break;
	if (i < 0 ||
	    dwarf_formudata(dwarf_attr_integrate(&scopes[i], DW_AT_decl_line,
						 &a), &line) || !line)
		return false;
	return smk_source_function_loops(b, source_path(&scopes[i],
					 dwarf_decl_file(&scopes[i]), path,
					 sizeof(path)), line) == 0;
}

/*
 * Is the stack slot a fetch reads (the innermost "+D(%sp)" of @spec)
 * possibly not written yet at @addr (smk_code_stack_unset())?
 */
static bool stack_slot_unset(struct smk_binary *b, uint64_t addr,
			     const char *spec)
{
	const char *end = strstr(spec, "(%sp)"), *p;
	long long off;
	char *stop;

	if (!end)
		return false;
	for (p = end; p > spec && p[-1] != '+' && p[-1] != '-' &&
	     p[-1] != '('; p--)
		;
	if (p == spec || p[-1] == '(')
		return false;
	off = strtoll(p - 1, &stop, 0);
	if (stop != end)
		return false;
	return smk_code_stack_unset(b, addr, off);
}

/*
 * The variable of a marker's argument: its first identifier after the
 * casts ("(unsigned)x", "*(int *)p"), into @base; false when none.
 */
static bool expr_base(const char *expr, char *base, size_t size)
{
	const char *p = expr;
	size_t k = 0;

	for (;;) {
		while (*p && !(isalpha((unsigned char)*p) || *p == '_' ||
			       *p == '('))
			p++;
		if (*p != '(')
			break;
		if (!strchr(p, ')'))
			return false;
		{
			const char *q = strchr(p, ')');
			const char *r = p + 1;

			while (r < q && *r == ' ')
				r++;
			/* "(x + 1)" is no cast: look inside. */
			if (r < q && (isalpha((unsigned char)*r) ||
				      *r == '_') &&
			    (strpbrk(r, "*)") == q ||
			     (strchr(r, '*') && strchr(r, '*') < q) ||
			     !strncmp(r, "unsigned", 8) || !strncmp(r, "int", 3) ||
			     !strncmp(r, "long", 4) || !strncmp(r, "short", 5) ||
			     !strncmp(r, "char", 4) || !strncmp(r, "signed", 6) ||
			     !strncmp(r, "struct", 6) || !strncmp(r, "const", 5)))
				p = q + 1;
			else
				p++;
		}
	}
	while (k + 1 < size && (isalnum((unsigned char)*p) || *p == '_'))
		base[k++] = *p++;
	base[k] = 0;
	return k > 0;
}

/* May line @line before column @col assign @expr's variable?  Unknown
 * (no source, no variable) is yes. */
static bool assigned_before(struct smk_binary *b, const char *src,
			    unsigned int line, unsigned int col,
			    const char *expr)
{
	char base[128];

	return !expr_base(expr, base, sizeof(base)) ||
	       smk_source_line_assigns(b, src, line, col, base) != 0;
}

/*
 * Code of a statement after the marker that the compiler moved before
 * the probe's address, in its basic block: the ranges of rows of the
 * marker's file on lines after @last in [block start, @addr) (zlib's
 * adler32_z at clang -O1: "adler &= 0xffff" of the line after the next
 * one, scheduled before the next line's row).  At most 8 ranges; false
 * when there is none, or none can be told.
 */
struct later_code {
	size_t n;
	uint64_t from[8], to[8];
	unsigned int line[8];
	bool unknown;
};

/*
 * Row @i of @lines as the code it starts: [@a, @e) up to the next row,
 * on line @ln of @file.  False for a row of another file, the end of a
 * sequence, or an empty extent.
 */
static bool row_extent(Dwarf_Lines *lines, size_t i, const char *file,
		       Dwarf_Addr *a, Dwarf_Addr *e, int *ln)
{
	Dwarf_Line *l = dwarf_onesrcline(lines, i);
	Dwarf_Line *nx = dwarf_onesrcline(lines, i + 1);
	const char *src;
	bool end;

	if (!l || !nx || dwarf_lineaddr(l, a) || dwarf_lineaddr(nx, e) ||
	    dwarf_lineno(l, ln) || dwarf_lineendsequence(l, &end) || end ||
	    *e <= *a)
		return false;
	src = dwarf_linesrc(l, NULL, NULL);
	return src && smk_same_source(src, file);
}

/* The innermost function or inlined call holding @addr (0: none). */
static Dwarf_Off function_at(Dwarf_Die *cu, Dwarf_Addr addr)
{
	Dwarf_Die fn;

	return smk_dwarf_function_at(cu, addr, &fn) == 1 ?
		dwarf_dieoffset(&fn) : 0;
}

static void later_code_at(struct smk_binary *b, Dwarf_Die *cu,
			  const char *file, unsigned int last, uint64_t addr,
			  struct later_code *lc)
{
	Dwarf_Lines *lines;
	size_t nlines, i;
	uint64_t first;
	Dwarf_Off fn;

	lc->n = 0;
	lc->unknown = false;
	if (!file || !smk_code_block_first(b, addr, &first) || first == addr)
		return;
	/* Only the code of the marker's own function (or inlined copy):
	 * the caller's code before an inlined copy, and calls inlined
	 * into it, have lines of their own anywhere in the file. */
	fn = function_at(cu, addr);
	if (!fn) {
		lc->unknown = true;
		return;
	}
	if (dwarf_getsrclines(cu, &lines, &nlines) != 0) {
		lc->unknown = true;
		return;
	}
	for (i = 0; i + 1 < nlines; i++) {
		Dwarf_Addr a, e;
		int ln;

		if (!row_extent(lines, i, file, &a, &e, &ln) || a >= addr ||
		    e <= first || ln <= (int)last)
			continue;
		if (function_at(cu, a < first ? first : a) != fn)
			continue;
		if (lc->n == 8) {
			lc->unknown = true;
			return;
		}
		lc->from[lc->n] = a < first ? first : a;
		lc->to[lc->n] = e > addr ? addr : e;
		lc->line[lc->n] = (unsigned int)ln;
		lc->n++;
	}
}

/*
 * Does that moved code change what @spec reads for @expr?  Memory it
 * writes may be the value's (an alias) when the source line of that code
 * assigns or calls anything; a register it writes is when that line
 * assigns @expr's variable, or may (source.c; no source is yes):
 * "return (int)old" re-extends old's register in place, "adler &=
 * 0xffff" changes adler.  Unknown is yes.
 */
/* The registers a fetch spec reads, but %sp; false when one is not
 * known (up to 7). */
static bool spec_regs(const char *spec, unsigned int regs[8], size_t *nregs)
{
	const char *p;

	*nregs = 0;
	for (p = strchr(spec, '%'); p; p = strchr(p + 1, '%')) {
		char name[8];
		size_t j = 0;

		while (j + 1 < sizeof(name) && isalnum((unsigned char)p[j + 1])) {
			name[j] = p[j + 1];
			j++;
		}
		name[j] = 0;
		if (!strcmp(name, "sp"))
			continue;
		if (*nregs == 7 || !(regs[*nregs] = smk_code_x86_reg(name)))
			return false;
		(*nregs)++;
	}
	return true;
}

/*
 * Does the instruction at the probe's address write a register @spec
 * reads?  Then the value changes at the very address, and which side
 * is the marker's the code cannot tell; asked when the statement before
 * assigns it, for the row there may start with that statement's last
 * instruction (zlib's deflate_stored at
 * clang -O2: "used -= avail_in; marker; if (used)", the sub fused with
 * the if's test under the if's row: want 0 got 20000).  Unknown is yes.
 */
static bool site_writes(struct smk_binary *b, uint64_t addr, const char *spec)
{
	unsigned int regs[8];
	size_t nregs;
	uint64_t end;

	if (!spec_regs(spec, regs, &nregs))
		return true;
	if (!nregs)
		return false;
	end = smk_code_insn_end(b, addr);
	return !end || smk_code_range_writes(b, addr, end, regs, nregs,
					     false) != 0;
}

/*
 * Does the statement right before the marker assign @expr's variable,
 * or may it (a call's or macro's argument)?  No statement known before
 * it, or one that does not: no.
 */
static bool prev_assigns(struct smk_binary *b, const struct smk_marker *m,
			 const char *src, const char *expr)
{
	unsigned int first = 0, last = 0, l;
	bool returns;
	char base[128];

	if (!src || smk_source_prev_any(b, src, m->line, m->rec.name, &first,
					&last, &returns) != 1)
		return false;
	if (!expr_base(expr, base, sizeof(base)))
		return true;
	for (l = first; l <= last && l < first + 64; l++) {
		unsigned int col = 0;

		/* On the marker's line: the columns before it only. */
		if (l == m->line &&
		    smk_source_code_before(b, src, m->line, m->rec.name,
					   &col) != 1)
			return true;
		if (smk_source_line_assigns(b, src, l, col, base) != 0)
			return true;
	}
	return false;
}

/*
 * Is the value, by DWARF, still where @spec reads it right after the
 * instruction at @addr?  Then that instruction updated the variable in
 * place (clang's "used -= avail_in" under the next line's row); a
 * location that ends there gave the register to other code (gcc's
 * "return ~crc", computed into crc's register once crc is dead).  Not
 * decoded, or a fetch that fails: yes.
 */
static bool same_after(struct smk_binary *b, Dwarf_Die *scopes, int nscopes,
		       uint64_t addr, const struct smk_fetch_stmt *stmt,
		       const char *expr, const struct smk_conv *conv,
		       bool user, const char *spec)
{
	uint64_t end = smk_code_insn_end(b, addr);
	struct smk_fetch g;
	bool same;

	if (!end || nscopes <= 0)
		return true;
	memset(&g, 0, sizeof(g));
	if (smk_fetch_build_at(b, scopes, nscopes, end, stmt, expr, conv,
			       user, &g)) {
		smk_fetch_deinit(&g);
		return true;
	}
	same = g.spec && !strcmp(g.spec, spec);
	smk_fetch_deinit(&g);
	return same;
}

static bool later_code_writes(struct smk_binary *b,
			      const struct later_code *lc, const char *spec,
			      const char *expr, const char *src)
{
	unsigned int regs[8];
	size_t nregs = 0, i, k = 0;
	bool memory = strchr(spec, '(') || strchr(spec, '@');
	char base[128];

	if (lc->unknown)
		return true;
	if (!lc->n)
		return false;
	if (!spec_regs(spec, regs, &nregs))
		return true;
	k = expr_base(expr, base, sizeof(base)) ? 1 : 0;
	for (i = 0; i < lc->n; i++) {
		int w = smk_code_range_writes(b, lc->from[i], lc->to[i], regs,
					      nregs, false);
		int mem = memory ? smk_code_range_writes(b, lc->from[i],
							 lc->to[i], NULL, 0,
							 true) : 0;

		if (w < 0 || mem < 0)
			return true;
		/* Memory: a line that assigns and calls nothing changes
		 * none (vm_run's write-back of registers at its return). */
		if (mem && smk_source_line_assigns(b, src, lc->line[i], 0,
						   NULL) != 0)
			return true;
		if (w && (!k || smk_source_line_assigns(b, src, lc->line[i],
							 0, base) != 0))
			return true;
	}
	return false;
}

static bool uses_register(const char *spec)
{
	const char *p;

	for (p = strchr(spec, '%'); p; p = strchr(p + 1, '%'))
		if (strncmp(p, "%sp)", 4) && strncmp(p, "%bp)", 4))
			return true;
	return false;
}

int smk_concrete_scopes(Dwarf_Die *cu, Dwarf_Addr addr, Dwarf_Off root,
			Dwarf_Die **ret)
{
	enum { MAX = 64 };
	Dwarf_Die chain[MAX], die, *out;
	int depth = 0, i, cut = -1;

	chain[depth++] = *cu;
	while (depth < MAX && dwarf_child(&chain[depth - 1], &die) == 0) {
		bool found = false;

		do {
			int tag = dwarf_tag(&die);

			if ((tag == DW_TAG_subprogram ||
			     tag == DW_TAG_lexical_block ||
			     tag == DW_TAG_inlined_subroutine) &&
			    dwarf_haspc(&die, addr) == 1) {
				found = true;
				break;
			}
		} while (dwarf_siblingof(&die, &die) == 0);
		if (!found)
			break;
		/* Below @root, stop at the next call inlined into it. */
		if (cut >= 0 && dwarf_tag(&die) != DW_TAG_lexical_block)
			break;
		chain[depth++] = die;
		if (root && dwarf_dieoffset(&die) == root)
			cut = depth - 1;
	}
	out = malloc(depth * sizeof(*out));
	if (!out)
		return -1;
	for (i = 0; i < depth; i++)
		out[i] = chain[depth - 1 - i];
	*ret = out;
	return depth;
}

/* A new site at the end of @p's (zeroed), or NULL without memory. */
/*
 * fetch.c's spec @spec of type @type, read back through fetchspec.c's
 * parsers rather than by hand: an integer type's bits and kind, ...
 */
static bool int_type(const char *type, struct smk_fetchtype *ft)
{
	struct smk_error *err = smk_fetchtype_parse(type, ft);

	smk_error_destroy(err);
	return !err && (ft->kind == SMK_FTYPE_S || ft->kind == SMK_FTYPE_U ||
			ft->kind == SMK_FTYPE_X);
}

/* ... a frame slot "N(%bp)": its offset and size in bytes, ... */
static bool frame_slot(const char *spec, const char *type, int64_t *off,
		       unsigned int *bytes, struct smk_fetchtype *ft)
{
	struct smk_fetchspec fs;
	struct smk_error *err = spec ? smk_fetchspec_parse(spec, &fs) : NULL;

	smk_error_destroy(err);
	if (!spec || err || fs.base != SMK_FETCH_REG || fs.reg != SMK_REG_BP ||
	    fs.nloads != 1 || !int_type(type, ft))
		return false;
	*off = fs.off[0];
	*bytes = ft->bits / 8;
	return true;
}

/* ... or a constant "\\N", in the type's bits. */
static bool fetch_const(const char *spec, const char *type, uint64_t *val,
			uint64_t *mask)
{
	struct smk_fetchspec fs;
	struct smk_fetchtype ft;
	struct smk_error *err = spec ? smk_fetchspec_parse(spec, &fs) : NULL;

	smk_error_destroy(err);
	if (!spec || err || fs.base != SMK_FETCH_IMM || fs.nloads ||
	    !int_type(type, &ft))
		return false;
	*mask = ft.bits == 64 ? UINT64_MAX : (1ULL << ft.bits) - 1;
	*val = (uint64_t)fs.imm & *mask;
	return true;
}

/* Is the fetch constant @spec, of @type, the value @v? */
static bool same_constant(const char *spec, const char *type, int64_t v)
{
	uint64_t c, mask;

	return fetch_const(spec, type, &c, &mask) && c == ((uint64_t)v & mask);
}

/*
 * A variable that DWARF gives as DW_AT_const_value, one value for its
 * whole scope, while the statement right after the marker assigns it
 * (on the marker's line after it, or on the next): with no code between
 * them, gcc may describe the variable by the value after (csmith's
 * "int32_t l = (-3L); ... marker(l); l ^= ...;" at gcc -Os: -4; the
 * witness read -3).  The constant is trusted when it is the literal of
 * the variable's initializer, the value before that assignment.  Only an
 * assignment the source shows counts: a variable passed to a call
 * (smk_source_line_assigns()'s "unknown": a macro might assign it) does
 * not.  Measured on csmith seed 4242: refusing for any assignment in the
 * function cost 45% of the arguments available at gcc -O2 (246 of 554
 * to 136), for a definite one after the marker 7%, and the test as
 * written nothing but the wrong value.  No source: not known, so
 * refused.
 */
static bool const_reassigned(struct smk_binary *b, const char *src,
			     Dwarf_Die *scopes, int nscopes, const char *expr,
			     const struct smk_marker *m, const char *spec,
			     const char *type)
{
	int64_t init = 0;
	char base[128];
	Dwarf_Die var, *fn = NULL;
	Dwarf_Word vdecl = 0, fdecl = 0;
	Dwarf_Attribute a;
	struct smk_error *err;
	int k, at = -1;

	if (!expr_base(expr, base, sizeof(base)) || nscopes <= 0)
		return true;
	err = smk_dwarf_find_variable(scopes, nscopes, base, &var, &at);
	if (err) {
		smk_error_destroy(err);
		return true;
	}
	/* A file-scope variable with a constant has no storage: nothing
	 * writes it. */
	if (at < 0 || dwarf_tag(&scopes[at]) == DW_TAG_compile_unit)
		return false;
	if (!src)
		return true;
	for (k = at; k < nscopes && !fn; k++)
		if (dwarf_tag(&scopes[k]) == DW_TAG_subprogram ||
		    dwarf_tag(&scopes[k]) == DW_TAG_inlined_subroutine)
			fn = &scopes[k];
	if (!fn || dwarf_formudata(dwarf_attr_integrate(fn, DW_AT_decl_line,
							&a), &fdecl) ||
	    dwarf_formudata(dwarf_attr_integrate(&var, DW_AT_decl_line, &a),
			    &vdecl) || fdecl > UINT_MAX || vdecl > UINT_MAX)
		return true;
	if (smk_source_reassigned(b, src, (unsigned int)fdecl,
				  (unsigned int)vdecl, m->line, m->rec.name,
				  base) != 1)
		return false;
	/* The constant is the initializer's: the value before that
	 * assignment, the marker's. */
	return !(smk_source_initializer(b, src, (unsigned int)vdecl, base,
					&init) == 1 &&
		 same_constant(spec, type, init));
}

static struct smk_site *site_new(struct smk_placement *p)
{
	struct smk_site *v = realloc(p->sites, (p->nsites + 1) * sizeof(*v));

	if (!v)
		return NULL;
	p->sites = v;
	memset(&v[p->nsites], 0, sizeof(*v));
	return &v[p->nsites++];
}

/* Leave the fetch of @f out, saying @why: its value is not to be trusted. */
static struct smk_error *refuse(struct smk_fetch *f, const char *why)
{
	smk_fetch_drop_value(f);
	free(f->reason);
	f->reason = strdup(why);
	return f->reason ? NULL : &smk_error_nomem;
}

static unsigned int marker_last_line(const struct smk_marker *m);

static struct smk_error *add_site(struct smk_binary *b, struct smk_marker *m,
				  struct smk_placement *p, Dwarf_Die *cu,
				  Dwarf_Die *block, Dwarf_Off root,
				  uint64_t addr, bool inlined, bool joined,
				  unsigned int flags)
{
	struct smk_conv convs[SMK_RECORD_MAX_ARGS];
	const struct smk_conv *per_arg[SMK_RECORD_MAX_ARGS];
	struct smk_error *err = NULL;
	struct smk_site *s;
	Dwarf_Die *scopes = NULL;
	struct smk_code_facts cf;
	const char *sym;
	unsigned int i;
	int nscopes = 0;
	bool join;
	int in_loop = -1;	/* unknown until an argument asks */

	for (size_t k = 0; k < p->nsites; k++)
		if (p->sites[k].addr == addr) {
			p->copies_share |= p->sites[k].copy != root;
			return NULL;
		}
	s = site_new(p);
	if (!s)
		return &smk_error_nomem;
	s->addr = addr;
	s->inlined = inlined;
	s->copy = root;
	sym = smk_binary_symbol(b, addr, &s->offset);
	if (sym && !(s->symbol = strdup(sym)))
		return &smk_error_nomem;
	if (b->kind == SMK_BINARY_EXEC || b->kind == SMK_BINARY_DYN)
		smk_binary_file_offset(b, addr, &s->file_offset);

	/*
	 * At the marker's own block the scopes are the block's ancestors:
	 * its address is often the very end of an inlined copy, which an
	 * address lookup would leave out.  Elsewhere, the scopes at the
	 * address, in the instance's own CU (clang emits no .debug_aranges,
	 * so libdw cannot find a CU by address).
	 */
	int first = 0;

	/*
	 * At the marker's own block, the block's ancestors; elsewhere the
	 * concrete DIEs holding the address down to the instance (libdw's
	 * dwarf_getscopes() follows an inlined function's abstract nesting
	 * instead, which leaves out the function it was inlined into).
	 */
	if (block)
		nscopes = dwarf_getscopes_die(block, &scopes);
	else
		nscopes = smk_concrete_scopes(cu, addr, root, &scopes);
	arg_convs(&m->rec, smk_binary_is_kernel(b), convs, per_arg);
	err = smk_code_facts(b, addr, &cf);
	if (err) {
		free(scopes);
		return err;
	}
	/* A join every path of which comes through the marker
	 * (joined_through()): DWARF's location at @addr holds for each
	 * (measured: no wrong value on tests/fidelity with these sites'
	 * registers fetched). */
	join = cf.decoded && cf.join && !joined;
	/* The marker's statement: its rows' views at @addr tell which side
	 * of a location change at @addr it is on (locview.h). */
	struct smk_fetch_stmt stmt = {
		.cu = cu, .first = m->line, .last = marker_last_line(m),
		.file = m->var ? marker_file(b->dwarf, m->var) : m->adhoc_file,
	};
	struct later_code lc = { 0 };
	bool lc_done = false;
	char src_path[4096];
	const char *src = stmt.file ? marker_source(b, m, stmt.file,
						    src_path,
						    sizeof(src_path)) : NULL;
	/* A site on the marker's line before its column: the statement
	 * before it there ("f(&x); marker; break;") has not run yet. */
	unsigned int before_col = 0;
	{
		Dwarf_Line *l = dwarf_getsrc_die(cu, addr);
		unsigned int c0 = 0;
		int ln = 0, c = 0;

		if (src && l && !dwarf_lineno(l, &ln) && ln == (int)m->line &&
		    smk_source_code_before(b, src, m->line, m->rec.name,
					   &c0) == 1 &&
		    (dwarf_linecol(l, &c) || c < (int)c0))
			before_col = c0;
	}

	for (i = 0; i < m->rec.nargs; i++) {
		struct smk_fetch *f = &s->fetch[i];

		s->nfetch = i + 1;
		if (nscopes - first <= 0) {
			f->expr = m->rec.args[i];
			smk_fetch_name(f->expr, f->name, sizeof(f->name));
			f->reason = strdup("no DWARF scope at this address");
			if (!f->reason) {
				err = &smk_error_nomem;
				break;
			}
			continue;
		}
		err = smk_fetch_build_at(b, scopes + first, nscopes - first,
					 addr, &stmt, m->rec.args[i],
					 per_arg[i], flags & SMK_PLACE_USER,
					 f);
		if (err)
			break;
		/* A computed value's inputs get none of the checks below:
		 * only outside loops and joins. */
		if (f->compute && (join || !cf.decoded ||
				   smk_code_in_loop(b, addr) != SMK_NO)) {
			err = refuse(f, "a computed value inside a loop or at "
					"a join (or where they are unknown): "
					"its inputs are not checked there");
			if (err)
				break;
		}
		/* An entry value (entry.h) holds on every path from the
		 * entry, unless a join brings another, or the recursion
		 * became a loop: no entry is seen for the later passes. */
		if (f->entry.spec &&
		    (join || !cf.decoded ||
		     (smk_code_in_loop(b, addr) != SMK_NO &&
		      recursion_loop(b, scopes, nscopes)))) {
			err = refuse(f, "an entry value at a join, or in a "
					"loop the compiler made of the "
					"function's recursion (or where they "
					"are unknown): DWARF describes the "
					"first activation's entry");
			if (err)
				break;
		}
		if (f->spec && in_loop < 0 &&
		    (f->spec[0] == '\\' || uses_register(f->spec)))
			in_loop = !cf.decoded ||
				  smk_code_in_loop(b, addr) != SMK_NO;
		if (f->spec && f->spec[0] == '\\' && in_loop == 1) {
			err = refuse(f, "DWARF gives a constant here, inside "
					"a loop: it may describe one pass "
					"only (clang says i = 0 for a "
					"vectorized loop's counter)");
			if (err)
				break;
		}
		if (f->spec && in_loop == 1 && uses_register(f->spec) &&
		    recursion_loop(b, scopes, nscopes)) {
			err = refuse(f, "the compiler turned the function's "
					"recursion into a loop (its source "
					"has none) and DWARF keeps the "
					"register of the first call");
			if (err)
				break;
		}
		if (f->spec && (stale_member(b, addr, f->spec) ||
				smk_code_stale_static(b, addr,
						      f->static_addr))) {
			err = refuse(f, "the compiler keeps this member in a "
					"register in the loop around the "
					"marker and writes it to memory only "
					"after it: memory is stale here");
			if (err)
				break;
		}
		if (f->spec && stack_slot_unset(b, addr, f->spec)) {
			err = refuse(f, "the stack slot DWARF names for it may "
					"not be written yet here: on a path "
					"from the function's entry nothing "
					"stores to it (gcc stores a local "
					"whose address escapes where the "
					"address escapes)");
			if (err)
				break;
		}
		if (f->spec && !lc_done) {
			later_code_at(b, cu, stmt.file, marker_last_line(m),
				      addr, &lc);
			lc_done = true;
		}
		if (f->spec && before_col &&
		    assigned_before(b, src, m->line, before_col, f->expr)) {
			err = refuse(f, "the probe is at the start of the "
					"marker's line, before the statement "
					"that comes before the marker there, "
					"which may change it");
			if (err)
				break;
		}
		if (f->spec && cf.decoded && prev_assigns(b, m, src, f->expr) &&
		    site_writes(b, addr, f->spec) &&
		    same_after(b, scopes + first, nscopes - first, addr,
			       &stmt, m->rec.args[i], per_arg[i],
			       flags & SMK_PLACE_USER, f->spec)) {
			err = refuse(f, "the instruction at the probe's "
					"address writes the register DWARF "
					"names for it: the value changes "
					"there, and the code may be the "
					"statement's before the marker");
			if (err)
				break;
		}
		if (f->spec && f->location &&
		    !strncmp(f->location, "DW_AT_const_value", 17) &&
		    const_reassigned(b, src, scopes + first, nscopes - first,
				     f->expr, m, f->spec, f->type)) {
			err = refuse(f, "DWARF gives one constant for the "
					"whole scope, but the function "
					"assigns it after the marker: which "
					"value holds at the marker is not "
					"said");
			if (err)
				break;
		}
		if (f->spec && later_code_writes(b, &lc, f->spec, f->expr,
						 src)) {
			err = refuse(f, "code of a statement after the marker "
					"was moved before the probe's address "
					"and writes what DWARF names for it: "
					"the value there may be a later one");
			if (err)
				break;
		}
		if (join && f->spec && uses_register(f->spec)) {
			err = refuse(f, "the address is reached from several "
					"paths and DWARF describes the "
					"register of one of them");
			if (err)
				break;
		}
	}
	free(scopes);
	return err;
}

static unsigned int marker_last_line(const struct smk_marker *m)
{
	return m->rec.line > m->line ? m->rec.line : m->line;
}

/*
 * Is the marker, by its source, in no arm of an if, else or switch?  Then
 * a conditional move in its block is not its own arm if-converted but
 * code around it: tree_find()'s "key < n->key ? n->left : n->right" after
 * find_descend, tree_height()'s max after height_node (measured: right
 * counts at every level where they were called if-converted).  Unknown
 * without the source: false.
 */
static bool outside_choices(struct smk_binary *b, const struct smk_marker *m,
			    const char *file)
{
	char path[4096];

	file = marker_source(b, m, file, path, sizeof(path));
	return file && smk_source_marker_in_choice(b, file, m->line,
						   m->rec.name) == 0;
}

/* The case labels right before the marker (source.c), -1 unknown. */
static int case_labels(struct smk_binary *b, const struct smk_marker *m,
		       const char *file)
{
	char path[4096];

	file = marker_source(b, m, file, path, sizeof(path));
	return file ? smk_source_case_labels(b, file, m->line, m->rec.name) :
		      -1;
}

/* What the paths into a site are checked against (joined_through()). */
struct path_check {
	Dwarf_Die *cu, *root;
	const char *file;
	Dwarf_Word decl;		/* the function's first line */
	unsigned int line;		/* the marker's */
	unsigned int exits[16][2];	/* lines deciding a return before it */
	size_t nexits;
	bool straight;		/* straight code from the start to it */
	bool inlined;		/* @root is an inlined copy */
	bool o0;		/* unoptimized: no code merged across lines */
};

/* Is line @ln one of those that decide a return before the marker? */
static bool in_exit(const struct path_check *c, int ln)
{
	size_t k;

	for (k = 0; k < c->nexits; k++)
		if ((unsigned int)ln >= c->exits[k][0] &&
		    (unsigned int)ln <= c->exits[k][1])
			return true;
	return false;
}

/*
 * Where a call enters the inlined copy @root: DW_AT_entry_pc, or
 * DW_AT_low_pc, or (clang gives a copy in pieces DW_AT_ranges alone) the
 * lowest address of its ranges; 0 when it has none.
 */
static uint64_t copy_entry(Dwarf_Die *root)
{
	Dwarf_Addr entry, base, start, end, low = 0;
	ptrdiff_t off = 0;

	if (!dwarf_entrypc(root, &entry))
		return entry;
	while ((off = dwarf_ranges(root, off, &base, &start, &end)) > 0)
		if (!low || start < low)
			low = start;
	return off < 0 ? 0 : low;
}

/*
 * The address of the row holding @pc when that row's code runs straight
 * on to @pc (@pc itself, or code before it with no jump between), else
 * 0: an instruction after a jump with no row of its own carries the
 * stale line of the row before the jump.
 */
static uint64_t row_start(struct smk_binary *b, Dwarf_Line *l, uint64_t pc)
{
	Dwarf_Addr at;

	if (!l || dwarf_lineaddr(l, &at) || at > pc ||
	    (at < pc && !smk_code_straight(b, at, pc)))
		return 0;
	return at;
}

/*
 * Is the instruction @pc of this copy code of a line of the function
 * before the marker, and not of one that decides a return?  Code with no
 * line (line 0, clang's for values it sets up on one path) counts when
 * its run is entered, straight, only from such code, @depth runs back at
 * most.
 */
static bool before_marker(struct smk_binary *b, const struct path_check *c,
			  uint64_t pc, uint64_t to, int depth)
{
	Dwarf_Line *l = dwarf_getsrc_die(c->cu, pc);
	const char *src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
	uint64_t preds[32], at;
	size_t n, k;
	int ln;

	/*
	 * The caller's code, going into an inlined copy whose source runs
	 * straight from its start to the marker: each such way in is a call,
	 * and each call reaches the marker once (min_int()'s copy of
	 * cmp_int() at clang -O2).  A call enters at the copy's entry; code
	 * from outside that goes into its middle is other code the
	 * compiler merged with the copy's tail (gcc -Os cross-jumping
	 * lua's init_exp() store into codestring()'s, 198 hits for 138).
	 */
	if (!in_ranges(c->root, pc))
		return c->inlined && c->straight && copy_entry(c->root) == to;
	if (!src || !smk_same_source(src, c->file) || dwarf_lineno(l, &ln) ||
	    ln < 0)
		return false;
	if (ln > 0) {
		if ((Dwarf_Word)ln < c->decl || (unsigned int)ln >= c->line)
			return false;
		/* Unoptimized code merges no return with other code: a
		 * jump from the lines deciding one is their way on. */
		return c->o0 || !in_exit(c, ln);
	}
	if (depth <= 0 || !(at = row_start(b, l, pc)))
		return false;
	n = smk_code_preds(b, at, preds, sizeof(preds) / sizeof(*preds));
	if (n == SIZE_MAX || !n)
		return false;
	for (k = 0; k < n; k++)
		if (!before_marker(b, c, preds[k], at, depth - 1))
			return false;
	return true;
}

/*
 * The next line's one site @addr, a join of several paths: exact when
 * each path comes through the marker.  The source says the statement
 * after the marker is entered only from the marker or from a return
 * before it (smk_source_marker_sequel: the same block, no label, no goto
 * before the marker, no loop around it), and the machine code says every
 * jump or fall-through into @addr comes from this copy's code of a line
 * before the marker: not from code after it (a loop's back edge), not
 * from the lines that decide a return (whose code the compiler may have
 * merged with the statement's).  The paths after a loop, out of its
 * break and past it when it runs no iteration all meet at the marker
 * (measured: tests/fidelity digits_done at gcc -O2 and clang -O2, three
 * paths, 3 hits of 3).
 */
static bool joined_through(struct smk_binary *b, Dwarf_Die *cu,
			   Dwarf_Die *root, const char *file,
			   const struct smk_marker *m, uint64_t addr,
			   struct path_check *out)
{
	struct path_check c = { .cu = cu, .root = root, .file = file,
				.line = m->line };
	uint64_t preds[32];
	char path[4096];
	Dwarf_Attribute a;
	unsigned int next_line = 0, head_line = 0;
	size_t n, k;

	/* No loop holds the marker, so none may hold its statement's code
	 * (code of it moved into a loop before it would run every pass);
	 * unoptimized code moves nothing, and its loops' back edges come
	 * from the loop's own lines: a pass each, or after the marker. */
	bool o0 = smk_dwarf_cu_unoptimized(b, cu);

	n = smk_code_preds(b, addr, preds, sizeof(preds) / sizeof(*preds));
	if (n == SIZE_MAX || !n ||
	    (!o0 && smk_code_in_loop(b, addr) != SMK_NO) ||
	    dwarf_formudata(dwarf_attr_integrate(root, DW_AT_decl_line, &a),
			    &c.decl) || !c.decl || c.decl >= m->line)
		return false;
	if (smk_source_marker_sequel(b, marker_source(b, m, file, path,
						      sizeof(path)),
				     m->line, m->rec.name, c.decl,
				     &next_line, c.exits,
				     sizeof(c.exits) / sizeof(*c.exits),
				     &c.nexits, &c.straight, o0,
				     &head_line) != 1)
		return false;
	/* The way back of the loop the marker ends: entered from the body
	 * only (its head's entry jump would skip the marker). */
	if (head_line)
		c.decl = head_line + 1;
	c.inlined = dwarf_tag(root) == DW_TAG_inlined_subroutine;
	c.o0 = o0;
	/* @addr starts the code of that statement, not of one after it. */
	{
		Dwarf_Line *l = dwarf_getsrc_die(cu, addr);
		const char *src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		Dwarf_Addr at;
		int line;

		if (!src || !smk_same_source(src, file) ||
		    dwarf_lineaddr(l, &at) || at != addr ||
		    dwarf_lineno(l, &line) || line <= 0 ||
		    (unsigned int)line != next_line)
			return false;
	}
	for (k = 0; k < n; k++)
		if (!before_marker(b, &c, preds[k], addr, 2))
			return false;
	if (out)
		*out = c;
	return true;
}

/*
 * Is the exit run at @start entered only from the lines that decide a
 * return before the marker: that return's own exit, not a copy of the
 * code after the marker (measured: tests/fidelity find_miss, whose
 * "return -1" stands after the loop that holds "return i")?
 */
static bool decides_return(const struct path_check *c, uint64_t pc);

static bool early_return(struct smk_binary *b, const struct path_check *c,
			 uint64_t start)
{
	uint64_t preds[32];
	size_t n, k;

	n = smk_code_preds(b, start, preds, sizeof(preds) / sizeof(*preds));
	if (n == SIZE_MAX || !n)
		return false;
	for (k = 0; k < n; k++)
		if (!decides_return(c, preds[k]))
			return false;
	return true;
}

/* Is @pc code of the lines that decide a return before the marker? */
static bool decides_return(const struct path_check *c, uint64_t pc)
{
	Dwarf_Line *l = dwarf_getsrc_die(c->cu, pc);
	const char *src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
	int ln;

	return src && smk_same_source(src, c->file) &&
	       !dwarf_lineno(l, &ln) && ln > 0 && in_exit(c, ln);
}

/* RULE_NEXT_CASE when a switch table's entries lead to @addr as many times
 * as the source has case labels right before the marker. */
static enum rule table_arm(struct smk_binary *b, const struct smk_marker *m,
			   const char *file, uint64_t addr)
{
	int slots = smk_code_table_slots(b, addr), labels;

	labels = slots > 0 ? case_labels(b, m, file) : -1;
	return labels > 0 && labels == slots ? RULE_NEXT_CASE : RULE_NEXT_LINE;
}

/* Is all code in [@from, @to) of line 0 (no statement's)? */
static bool no_line(Dwarf_Die *cu, uint64_t from, uint64_t to)
{
	Dwarf_Lines *lines;
	Dwarf_Line *l = dwarf_getsrc_die(cu, from);
	size_t n, i;
	int ln;

	if (!l || dwarf_lineno(l, &ln) || ln != 0 ||
	    dwarf_getsrclines(cu, &lines, &n))
		return false;
	for (i = 0; i < n; i++) {
		Dwarf_Addr a;

		l = dwarf_onesrcline(lines, i);
		if (l && !dwarf_lineaddr(l, &a) && a > from && a < to &&
		    (dwarf_lineno(l, &ln) || ln != 0))
			return false;
	}
	return true;
}

static int on_path(struct smk_binary *b, const struct smk_marker *m,
		   const char *file, int next);

/*
 * The next line's one site @addr, reached straight from the entry of the
 * marker's copy @root (an inlined call's DW_AT_entry_pc, a function's
 * entry): no jump between and no other way in (smk_code_straight()), so
 * it runs exactly once each time the copy is entered.  The marker is a
 * statement of the function body's outermost block with no goto in the
 * body (smk_source_body_statement()), and the next line with code on its
 * path (on_path()): every way from the entry to that line passes the
 * marker, once.  csmith's markers among the declarations that open a
 * function inlined at clang -O2 ("decls; marker; decls; statement"),
 * over before.  A loop of the code around the site that the marker is
 * not in is the judges' (loop nesting).
 */
static bool copy_entered_straight(struct smk_binary *b, Dwarf_Die *root,
				  const char *file,
				  const struct smk_marker *m, int next_line,
				  uint64_t addr, struct smk_placement *p)
{
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	Dwarf_Attribute a;
	Dwarf_Word decl = 0;
	Dwarf_Addr e;

	if (!src || next_line <= 0 ||
	    dwarf_formudata(dwarf_attr_integrate(root, DW_AT_decl_line, &a),
			    &decl) || !decl || decl >= m->line ||
	    smk_source_body_statement(b, src, m->line, m->rec.name,
				      (unsigned int)decl) != 1 ||
	    on_path(b, m, file, next_line) != 1 ||
	    dwarf_entrypc(root, &e) || e > addr ||
	    (e < addr && !smk_code_straight(b, e, addr)))
		return false;
	explain(p, "  %#llx: reached straight from the copy's entry %#llx; "
		"the marker is a statement of its function's body, before "
		"line %d on every path", (unsigned long long)addr,
		(unsigned long long)e, next_line);
	return true;
}

/*
 * The next line's one site @addr, on the line right after the marker's,
 * when the compiler left no row of the marker's own: exact when the
 * machine code enters it the way the source enters the marker.
 *
 * - A branch arm: @addr is reached from one instruction only, a
 *   conditional jump of a statement before the marker, and the function's
 *   entry is not a loop head.  Either no line between that statement and
 *   the marker has code (the if whose arm the marker opens), or the jump
 *   is in a loop and @addr is not (the exit of the loop the marker
 *   follows; an outer loop may hold both, as for cache_get() inlined
 *   into a loop).  Else the site may be the condition's other arm: gcc -O0
 *   puts "} else if (x > hi) {" right after "x = lo; marker;" (measured:
 *   tests/fidelity clamp_lo, 22 hits of 7).  clang -O2 turns "if (n == 0) return 0;
 *   marker; return is_even(n - 1)" with is_even() inlined into a loop at
 *   the entry, leaving the site once after the loop (measured:
 *   tests/fidelity odd_step, 2 hits of 9).
 * - A function's entry: the marker is the function's first statement (no
 *   row of a line between the declaration and the marker), the copy is
 *   not inlined, and no loop comes back to the entry.
 *
 * The next statement must be on the very next line: with lines between
 * (clang gives "continue;" and "}" no row) it may be after the marker's
 * block, on other paths (tests/fidelity digit_skip).
 */
static enum rule next_entered(struct smk_binary *b, Dwarf_Die *cu,
			      Dwarf_Die *root, const char *file,
			      const struct smk_marker *m, bool inlined,
			      uint64_t addr, struct path_check *jc)
{
	const struct smk_symbol *sym = smk_binary_symbol_at(b, addr);
	struct smk_code_facts f;
	uint64_t pred;
	bool cond;

	if (!file || !sym || smk_code_facts(b, addr, &f) || !f.decoded ||
	    !f.boundary || (f.condmove && !outside_choices(b, m, file)) ||
	    (f.vector && smk_code_in_loop(b, addr) != SMK_NO) ||
	    smk_code_in_loop(b, sym->addr) != SMK_NO)
		return RULE_NEXT_LINE;
	if (f.func_entry) {
		struct addrs before = { 0 }, after = { 0 };
		Dwarf_Attribute a;
		Dwarf_Word decl = 0;
		bool first;

		if (inlined || f.preds != 1 ||
		    dwarf_formudata(dwarf_attr_integrate(root, DW_AT_decl_line,
							 &a), &decl) ||
		    !decl || decl >= m->line)
			return RULE_NEXT_LINE;
		/* Rows at the entry itself are the opening brace's. */
		first = !line_rows(cu, root, file, decl + 1, m->line - 1,
				   &before, &after, NULL);
		for (size_t k = 0; first && k < before.n; k++)
			first = before.v[k] == addr;
		free(before.v);
		free(after.v);
		return first ? RULE_NEXT_ENTRY : RULE_NEXT_LINE;
	}
	/*
	 * A switch's arm, reached only through its jump table: exact when
	 * as many table entries lead here as the source has case labels
	 * right before the marker, so no other arm was merged into it.  The
	 * arm may open with code of no line (clang -O2 writes vm->pc back
	 * there before vm_halt's return) that runs straight into the site.
	 */
	if (f.preds == 0 && !f.func_entry)
		return table_arm(b, m, file, addr);
	if (f.preds == 1 && smk_code_single_pred(b, addr, &pred, &cond) &&
	    !cond && pred < addr) {
		uint64_t head = smk_code_block_head(b, pred);
		struct smk_code_facts hf;

		if (head && head < addr && no_line(cu, head, addr) &&
		    !smk_code_facts(b, head, &hf) && hf.decoded &&
		    hf.preds == 0 && !hf.func_entry &&
		    table_arm(b, m, file, head) == RULE_NEXT_CASE)
			return RULE_NEXT_CASE;
	}
	if (f.preds == 1 && smk_code_single_pred(b, addr, &pred, &cond) &&
	    cond) {
		Dwarf_Line *l = dwarf_getsrc_die(cu, pred);
		const char *src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		struct addrs between = { 0 }, after = { 0 };
		bool direct;
		int line;

		if (!src || !smk_same_source(src, file) ||
		    dwarf_lineno(l, &line) || line <= 0 ||
		    (unsigned int)line >= m->line || !in_ranges(root, pred))
			return RULE_NEXT_LINE;
		/* The condition right before the marker, or a loop's exit
		 * with the marker right after the loop. */
		direct = (unsigned int)line + 1 >= m->line ||
			 (!line_rows(cu, root, file, line + 1, m->line - 1,
				     &between, &after, NULL) && !between.n);
		free(between.v);
		free(after.v);
		if (direct || smk_code_loop_exit(b, pred, addr) == SMK_YES)
			return RULE_NEXT_BRANCH;
	}
	if (joined_through(b, cu, root, file, m, addr, jc))
		return RULE_NEXT_JOINED;
	return RULE_NEXT_LINE;
}

/*
 * What the machine code says about a candidate address (cfg.c): RULE_NONE
 * for a copy to drop, else the worst rule it allows (RULE_OWN_BLOCK: no
 * objection).
 */
/*
 * Is the function of the marker's copy @root (a subprogram, or the
 * abstract origin of an inlined call) one without loops in its source?
 * Then a loop around the marker in its code is a recursion the compiler
 * made a loop of.
 */
static bool scope_recursion(struct smk_binary *b, Dwarf_Die *root,
			    const char *file, const struct smk_marker *m)
{
	Dwarf_Attribute a;
	Dwarf_Word line = 0;
	char path[4096];

	/* The function holds the marker: its file is the marker's. */
	file = marker_source(b, m, file, path, sizeof(path));
	if (!file ||
	    dwarf_formudata(dwarf_attr_integrate(root, DW_AT_decl_line, &a),
			    &line) || !line)
		return false;
	return smk_source_function_loops(b, file, line) == 0;
}

/* The file DW_AT_call_file of @die names, or NULL. */
static const char *call_file(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Files *files;
	Dwarf_Word idx;
	Dwarf_Die cu;
	size_t n;

	if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &a), &idx) ||
	    !dwarf_diecu(die, &cu, NULL, NULL) ||
	    dwarf_getsrcfiles(&cu, &files, &n) || idx >= n)
		return NULL;
	return dwarf_filesrc(files, idx, NULL, NULL);
}

/* Rows of code on some lines: rows_on_lines(). */
enum { MAX_HEADS = 32 };
struct head_cut {
	uint64_t *v;
	size_t n, cap;
	bool ok;
};

/*
 * Add to @hc the rows of @die's own code (a call inlined in it by its
 * call line) on the lines of @sp[0..@nsp) whose loop is @loop (any with
 * INT_MIN), @file as DWARF names the source.  @hc->ok turns false when
 * they are not known.
 */
static void rows_on_lines(Dwarf_Die *cu, Dwarf_Die *die, const char *file,
			  const struct smk_line_span *sp, int nsp, int loop,
			  struct head_cut *hc)
{
	enum { MAX_RANGES = 64 };
	Dwarf_Addr lo[MAX_RANGES], hi[MAX_RANGES], base, start, end, a;
	Dwarf_Lines *lines;
	size_t nlines, i, nr = 0, r;
	ptrdiff_t off = 0;
	unsigned int ln;
	int h;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (nr == MAX_RANGES) {
			hc->ok = false;
			return;
		}
		lo[nr] = start;
		hi[nr++] = end;
	}
	if (!nr || dwarf_getsrclines(cu, &lines, &nlines) != 0) {
		hc->ok = false;
		return;
	}
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);

		if (!l || dwarf_lineaddr(l, &a))
			continue;
		for (r = 0; r < nr && !(a >= lo[r] && a < hi[r]); r++)
			;
		if (r == nr)
			continue;
		ln = root_line(cu, die, file, a, true);
		for (h = 0; ln && h < nsp; h++)
			if ((loop == INT_MIN || sp[h].loop == loop) &&
			    ln >= sp[h].first && ln <= sp[h].last)
				break;
		if (!ln || h == nsp)
			continue;
		if (hc->n == hc->cap) {
			size_t cap = hc->cap ? hc->cap * 2 : 64;
			uint64_t *v = realloc(hc->v, cap * sizeof(*v));

			if (!v) {
				hc->ok = false;
				return;
			}
			hc->v = v;
			hc->cap = cap;
		}
		hc->v[hc->n++] = a;
	}
}

/*
 * The code of the loops around a marker, level by level (its function,
 * then each function it is inlined into, at the call): @heads, the rows
 * of every loop head; @gotos, for each loop that gotos back make, the
 * rows of its gotos.  @ok false when some level's are not known.
 */
struct loop_rows {
	struct head_cut heads;
	struct head_cut *gotos;
	size_t ngotos;
	bool ok;
};

static void loop_rows_free(struct loop_rows *lr)
{
	size_t i;

	free(lr->heads.v);
	for (i = 0; i < lr->ngotos; i++)
		free(lr->gotos[i].v);
	free(lr->gotos);
}

/*
 * Add to @lr the rows of @die's own code on the lines of the heads of the
 * loops around @line of @path (@file as DWARF names it; marker @name, or
 * the statement the line starts), and of the gotos of each loop that
 * gotos back make there.
 */
static void level_rows(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *die,
		       const char *file, const char *path, unsigned int line,
		       const char *name, struct loop_rows *lr)
{
	struct smk_line_span sp[MAX_HEADS];
	int nh = lr->ok ? smk_source_loop_heads(b, path, line, name, sp,
						 MAX_HEADS) : -1, loop, h;

	if (nh < 0) {
		lr->ok = false;
		return;
	}
	if (!nh)
		return;
	rows_on_lines(cu, die, file, sp, nh, INT_MIN, &lr->heads);
	for (loop = 0;; loop++) {
		struct head_cut *g;

		for (h = 0; h < nh && sp[h].loop != loop; h++)
			;
		if (h == nh)
			break;
		g = realloc(lr->gotos, (lr->ngotos + 1) * sizeof(*g));
		if (!g) {
			lr->ok = false;
			return;
		}
		lr->gotos = g;
		g += lr->ngotos++;
		*g = (struct head_cut){ NULL, 0, 0, true };
		rows_on_lines(cu, die, file, sp, nh, loop, g);
	}
	lr->ok = lr->ok && lr->heads.ok;
}

/*
 * How many of the loops that gotos back make around the marker (a
 * label's span to its last goto back, which the source reader counts:
 * smk_source_loop_depth()) leave the code at @addr out: no code of their
 * gotos is on a cycle through @addr (a goto back from one arm of an if
 * chain, the marker in another).  Unknown answers count the loop in.
 */
static int goto_loops_out(struct smk_binary *b, const struct loop_rows *lr,
			  uint64_t addr, struct smk_placement *p)
{
	size_t i, k;
	int out = 0;

	for (i = 0; i < lr->ngotos; i++) {
		const struct head_cut *g = &lr->gotos[i];
		bool on = false;

		for (k = 0; k < g->n && !on; k++)
			on = smk_code_reaches(b, addr, g->v[k]) != SMK_NO &&
			     smk_code_reaches(b, g->v[k], addr) != SMK_NO;
		if (g->ok && g->n && !on) {
			explain(p, "  %#llx: on no cycle through the gotos "
				"back of a loop they make (%zu rows from "
				"%#llx): that loop of the source is not "
				"around it", (unsigned long long)addr, g->n,
				(unsigned long long)g->v[0]);
			out++;
		}
	}
	return out;
}

/*
 * The loops the source puts around marker @m's copy whose root is @root
 * at @addr: the marker's own in its function, and for each call inlined
 * on the way out, the loops around the call in its caller; with @hc, the
 * code of their heads and gotos, level by level (level_rows()).  -2 when
 * the source is not at hand, -1 when its loops are not known (a computed
 * goto, a line that starts no statement, a call line not recorded).
 */
static int source_loops(struct smk_binary *b, Dwarf_Die *root,
			const char *file, const struct smk_marker *m,
			uint64_t addr, struct loop_rows *hc)
{
	Dwarf_Die cu, *scopes = NULL;
	const char *dfile = file;
	char path[4096];
	int depth, n, i, k;

	file = marker_source(b, m, file, path, sizeof(path));
	if (!file || !smk_source_readable(b, file))
		return -2;
	depth = smk_source_loop_depth(b, file, m->line, m->rec.name);
	if (depth < 0 || !dwarf_diecu(root, &cu, NULL, NULL))
		return -1;
	if (hc)
		level_rows(b, &cu, root, dfile, file, m->line, m->rec.name,
			   hc);
	/*
	 * The calls @root is inlined through, from its own DIE up: not the
	 * DIEs holding @addr, which need not hold the marker's point (a
	 * function whose code was all computed away keeps its marker blocks
	 * at an address of the code around the call).
	 */
	n = dwarf_getscopes_die(root, &scopes);
	if (n <= 0)
		return -1;
	for (i = 0; i < n && depth >= 0; i++) {
		Dwarf_Attribute a;
		Dwarf_Word line = 0, decl = 0;
		int d;

		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram) {
			/* A goto loop is no loop to the reader. */
			dwarf_formudata(dwarf_attr_integrate(&scopes[i],
				DW_AT_decl_line, &a), &decl);
			break;
		}
		if (dwarf_tag(&scopes[i]) != DW_TAG_inlined_subroutine)
			continue;
		if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line,
					       &a), &line) || !line) {
			depth = -1;
			break;
		}
		file = source_path(&scopes[i], call_file(&scopes[i]), path,
				   sizeof(path));
		d = smk_source_loop_depth(b, file, line, NULL);
		depth = d < 0 ? -1 : depth + d;
		/* The caller's own code: the scope the call is in. */
		for (k = i + 1; hc && depth >= 0 && k < n; k++)
			if (dwarf_tag(&scopes[k]) == DW_TAG_subprogram ||
			    dwarf_tag(&scopes[k]) ==
			    DW_TAG_inlined_subroutine) {
				level_rows(b, &cu, &scopes[k],
					   call_file(&scopes[i]), file, line,
					   NULL, hc);
				break;
			}
	}
	if (i >= n)
		depth = -1;	/* no function around it */
	free(scopes);
	return depth;
}

/*
 * Does every cycle of the code through @addr pass code of the head of a
 * loop around the marker (its test, its step, its back jump)?  Then the
 * loops of the code around @addr that the source does not have are the
 * source's own, split by the compiler into several (a loop's test
 * threaded into an inner loop's head: zlib's inflate at gcc -O1, the
 * codes loop in 3 loops of code for 2 of the source): each time @addr
 * runs again, a loop around the marker has gone round.  A loop the
 * compiler built around the marker's point, or the head of a loop after
 * it on its line, has a cycle that passes no such head.
 */
static bool heads_cut_cycles(struct smk_binary *b,
			     const struct loop_rows *lr, uint64_t addr,
			     struct smk_placement *p)
{
	enum smk_answer a = SMK_UNKNOWN;

	if (lr->ok)
		a = smk_code_cycle_avoiding(b, addr, lr->heads.v,
					    lr->heads.n);
	if (a == SMK_NO && !lr->heads.n)
		explain(p, "  %#llx: on no cycle of the code once the "
			"calls that do not return end their paths: the "
			"loop around it is no loop", (unsigned long long)addr);
	else if (a == SMK_NO)
		explain(p, "  %#llx: every cycle of the code through it "
			"passes code of the head of a loop around the marker "
			"(%zu rows): the extra loops are the source's, split",
			(unsigned long long)addr, lr->heads.n);
	return a == SMK_NO;
}

/*
 * Can the copy of the marker's block at @addr, in fewer loops than the
 * marker, be the first pass of its loop peeled off (a rotated loop:
 * zlib's gz_zero, "while (len) { marker; ...", the body's start once
 * before the loop and once in it)?  Yes unless a statement stands before
 * the marker in its block (a plain one, or an if, for, while or switch)
 * and none of its code (64 rows read at most, and more is not proven a
 * pass) reaches @addr: a pass runs that
 * statement first, and the loop's first test, before the loop, follows
 * none of it (lua's str_rep: "p += lsep; marker; }"; sweepgen: "if (...)
 * { ... } else { ... } marker; }").
 */
static bool peeled_pass(struct smk_binary *b, Dwarf_Die *root,
			const char *file, const struct smk_marker *m,
			uint64_t addr)
{
	enum { MAX_ROWS = 64 };
	unsigned int first = 0, last = 0, ln, seen = 0;
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	Dwarf_Lines *lines;
	size_t nlines, i;
	Dwarf_Die cu;
	bool returns;

	if (!src || !dwarf_diecu(root, &cu, NULL, NULL) ||
	    smk_source_prev_any(b, src, m->line, m->rec.name, &first, &last,
				&returns) != 1 || last >= m->line ||
	    dwarf_getsrclines(&cu, &lines, &nlines) != 0)
		return true;
	/* The statement's code: its rows of any kind, and the calls
	 * inlined on its lines. */
	for (i = 0; i < nlines && seen < MAX_ROWS; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;

		if (!l || dwarf_lineaddr(l, &a) || !in_ranges(root, a) ||
		    nested_copy(&cu, root, a))
			continue;
		ln = root_line(&cu, root, file, a, true);
		if (ln < first || ln > last)
			continue;
		seen++;
		if (smk_code_reaches(b, a, addr) != SMK_NO)
			return true;
	}
	/* No code of it: nothing to tell, a pass as before.  Too much to
	 * read all of: not proven one. */
	return !seen;
}

/* Is @r an approximation that fires more often than the marker runs? */
static bool rule_over(enum rule r)
{
	return r != RULE_NONE && rules[r].verdict == SMK_VERDICT_APPROX &&
	       rules[r].dir == SMK_DIRECTION_OVER;
}

/*
 * A rule's verdict with some of the marker's runs missed on top: under
 * ("some copies"), or both ways when the rule was over.
 */
static enum rule runs_missed(enum rule r)
{
	return rule_over(r) ? RULE_LOOP_NEST : RULE_PARTIAL;
}

/*
 * As many loops around the site as around the marker: do they make as
 * many passes?  When the source's loop says its passes alone (a constant
 * trip count) and the code's loop is counted by a register the code
 * sets (smk_code_trip_count()), the sites of this copy in that loop fire
 * their passes times their number; a loop peeled or unrolled into a loop
 * that makes fewer passes with as many sites (bzip2's uInt64_to_double
 * at clang -Os: 8 passes by the source, two peeled off with no row of
 * the marker's line, the loop kept for 6) misses some.  Unknown: no
 * objection, as before.
 */
static enum rule passes_judge(struct smk_binary *b, const char *file,
			      const struct smk_marker *m, uint64_t addr,
			      enum rule r, const uint64_t *sites,
			      size_t nsites, struct smk_placement *p)
{
	uint64_t trip, t, head, t2, h2;
	size_t k, same = 0;
	char path[4096];

	if (r == RULE_NONE || rules[r].verdict == SMK_VERDICT_NOT_FOUND)
		return r;
	file = marker_source(b, m, file, path, sizeof(path));
	if (!file || smk_source_trip_count(b, file, m->line, m->rec.name,
					   &trip) != 1)
		return r;
	if (smk_code_trip_count(b, addr, &t, &head) != 1) {
		explain(p, "  %#llx: the loop around the marker makes %llu "
			"passes by its head; the code's passes not read",
			(unsigned long long)addr, (unsigned long long)trip);
		return r;
	}
	for (k = 0; k < nsites; k++)
		if (smk_code_trip_count(b, sites[k], &t2, &h2) == 1 &&
		    h2 == head)
			same++;
	if (!same)
		same = 1;
	if (same * t == trip) {
		explain(p, "  %#llx: %zu site%s in a loop of %llu passes, "
			"the marker's loop makes %llu", (unsigned long long)addr,
			same, same == 1 ? "" : "s", (unsigned long long)t,
			(unsigned long long)trip);
		return r;
	}
	explain(p, "  %#llx: %zu site%s in a loop of %llu passes (its "
		"head at %#llx), the marker's loop makes %llu: passes %s",
		(unsigned long long)addr, same, same == 1 ? "" : "s",
		(unsigned long long)t, (unsigned long long)head,
		(unsigned long long)trip, same * t < trip ?
		"peeled or unrolled off it, some with no site" :
		"more than the marker's");
	if (same * t < trip)
		return runs_missed(r);
	return rule_over(r) ? r : RULE_LOOP_MORE;
}

/*
 * A for loop whose test holds for its first value and whose body never
 * ends makes no second pass (smk_source_loop_depth()), and optimizing
 * compilers fold its test; unoptimized code keeps its test and step, or
 * not (gcc folds "u >= 0" of an unsigned even at -O0): a cycle of the
 * code that no run takes, or none.  How many such loops are around the
 * marker in its own function when its code is not optimized (at -O0
 * nothing is inlined and no loop is made); 0 otherwise.
 */
static int kept_once_loops(struct smk_binary *b, Dwarf_Die *root,
			   const char *file, const struct smk_marker *m)
{
	char path[4096];
	Dwarf_Die cu;
	int lo, hi;

	if (!dwarf_diecu(root, &cu, NULL, NULL) ||
	    !smk_dwarf_cu_unoptimized(b, &cu))
		return 0;
	file = marker_source(b, m, file, path, sizeof(path));
	if (!file)
		return 0;
	lo = smk_source_loop_depth(b, file, m->line, m->rec.name);
	hi = smk_source_loop_depth_kept(b, file, m->line, m->rec.name);
	return lo >= 0 && hi > lo ? hi - lo : 0;
}

/*
 * Does the probe's address at @addr sit in as many loops of the machine
 * code as the marker sits in the source?  Code of a line shared with a
 * loop's head (clang's "marker; for (...)"), a loop the compiler deleted
 * around the marker (a loop computed without looping) or unrolled, fire
 * a different number of times than the marker runs.  Judged when both
 * sides are known; with the source at hand and its loops not known, a
 * site inside a loop of the code gets no claim.  One more loop in the
 * code than in a source without loops is a recursion the compiler made
 * a loop of, which runs the marker once a pass.  The code of the loops'
 * heads and gotos is read into @lr only when the counts differ.
 */
static enum rule loops_judge(struct smk_binary *b, Dwarf_Die *root,
			     const char *file, const struct smk_marker *m,
			     uint64_t addr, enum rule r, size_t copies,
			     const uint64_t *sites, size_t nsites,
			     struct smk_placement *p, struct loop_rows *lr)
{
	const char *why;
	int code, src;
	char path[4096];
	size_t k;

	if (r == RULE_UNDECODED)
		return r;
	/* The source first: without it (an ad-hoc point, no file) the
	 * function's flow is not built. */
	src = source_loops(b, root, file, m, addr, NULL);
	if (src == -2) {
		explain(p, "  %#llx: loops around the marker in the source "
			"unknown (no source at hand): the code's alone",
			(unsigned long long)addr);
		return r;
	}
	code = smk_code_loop_depth(b, addr, &why);
	if (src >= 0 && code > src &&
	    code <= src + kept_once_loops(b, root, file, m)) {
		explain(p, "  %#llx: %d of the loops around the marker make "
			"no second pass (their first test holds, their body "
			"never ends): unoptimized code keeps their test and "
			"step, a cycle no run takes",
			(unsigned long long)addr, code - src);
		src = code;
	}
	if (src >= 0 && code >= 0 && code != src &&
	    source_loops(b, root, file, m, addr, lr) >= 0 && lr->ok) {
		int gotos = (int)lr->ngotos, out = code < src ?
			goto_loops_out(b, lr, addr, p) : 0;

		src -= out;
		/*
		 * The loops of gotos back are counted over their spans, an
		 * upper bound (inffast.c's "goto dolen" from one arm of an
		 * if chain: the marker in another is in no such cycle, and
		 * the goto's jump has no row of its own to tell).  With one
		 * copy of the marker's block, no such loop was unrolled
		 * whole: fewer loops of the code are the spans that are not
		 * cycles through it.
		 */
		if (code < src && code >= src - (gotos - out) &&
		    copies == 1 && gotos > out) {
			explain(p, "  %#llx: %d of the %d loops around the "
				"marker in the source are spans of gotos back, "
				"which need not be cycles through it; the code "
				"has %d, one copy", (unsigned long long)addr,
				gotos - out, src, code);
			src = code;
		}
	}
	if (src < 0) {
		/* The source is at hand and its loops are not known (a
		 * goto back, a line that starts no statement): a site in
		 * no loop of the code fires at most once a call, as the
		 * marker runs if it is in none; in one, it may repeat or
		 * stand for several passes. */
		explain(p, "  %#llx: loops around the marker in the source "
			"unknown (a goto back, a line that starts no "
			"statement), %d of the code", (unsigned long long)addr,
			code);
		if (code == 0 || r == RULE_NONE ||
		    rules[r].verdict == SMK_VERDICT_NOT_FOUND)
			return r;
		return RULE_LOOP_UNKNOWN;
	}
	if (code < 0)
		explain(p, "  %#llx: loops around it in the code unknown (%s)",
			(unsigned long long)addr, why);
	else
		explain(p, "  %#llx: in %d loops of the code, the marker in %d "
			"of the source", (unsigned long long)addr, code, src);
	if (code == src && src >= 1)
		return passes_judge(b, file, m, addr, r, sites, nsites, p);
	if (code < 0 || src < 0 || code == src)
		return r;
	if (code > src) {
		/* A recursion the compiler made a loop of runs the marker
		 * once a pass; a loop of the source split in two still
		 * runs it once a pass of the source's. */
		if (scope_recursion(b, root, file, m) ||
		    heads_cut_cycles(b, lr, addr, p))
			return r;
		/* Each pass of the loop fires: more often than the marker
		 * runs.  A join fires each time the marker runs, and now
		 * more; an exact or an under claim is wrong. */
		if (r == RULE_JOIN)
			return RULE_LOOP_OVER;
		if (rule_over(r))
			return r;
		return RULE_LOOP_MORE;
	}
	/* Fewer.  The code after a return or break inside the loop is no
	 * part of the loop's cycle, and runs once: a break leaves its loop
	 * (and the loops gotos make inside it), a return those of its
	 * function; neither leaves those of the calls it is inlined into
	 * (csmith seed 5151 at gcc -O2: a function that returns after the
	 * marker, inlined into a loop computed away, its block left once
	 * after it: 1 hit for 4 when exact).  A loop the
	 * compiler unrolled whole leaves a copy of the marker's point per
	 * pass; fewer hits are what an under claim says. */
	file = marker_source(b, m, file, path, sizeof(path));
	if (file) {
		int how = smk_source_leaves_loop(b, file, m->line,
						 m->rec.name);
		int own = how > 0 ? smk_source_loop_depth(b, file, m->line,
							  m->rec.name) : -1;

		if (how > 0 && own >= 1 && src - code <= own)
			return r;
		if (how > 0)
			explain(p, "  %#llx: the marker's path leaves its "
				"function's loops by a %s, %d of the %d around "
				"it; the code has %d fewer",
				(unsigned long long)addr,
				how == 2 ? "return" : "break",
				own < 0 ? 0 : own, src, src - code);
	}
	if (rules[r].verdict == SMK_VERDICT_APPROX &&
	    rules[r].dir == SMK_DIRECTION_UNDER)
		return r;
	/* A copy per pass of a loop unrolled whole: no copy is left in as
	 * many loops as the source's.  One that is is the loop kept, and a
	 * shallower copy is no pass of it but the loop's entry (lua's
	 * str_rep at gcc -O2: the marker's block given the test before the
	 * loop as well as its latches, 5 hits for 4): its hits come on top
	 * of the deeper copies' passes.  Unless it is the first pass, the
	 * loop's body peeled off in front of it (peeled_pass()). */
	for (k = 0; copies >= 2 && k < nsites; k++)
		if (sites[k] != addr &&
		    smk_code_loop_depth(b, sites[k], &why) >= src)
			break;
	if (copies >= 2 && k < nsites &&
	    !peeled_pass(b, root, file, m, addr)) {
		explain(p, "  %#llx: another copy of the marker's block, "
			"%#llx, is in %d loops: this one is no pass of an "
			"unrolled loop", (unsigned long long)addr,
			(unsigned long long)sites[k], src);
		if (rule_over(r))
			return r;
		return RULE_LOOP_ENTRY;
	}
	/* At least as many copies as passes: the loop's head may say how
	 * many (csmith's "for (p_39 = 0; p_39 < 4; p_39 += 1) { g[p_39] =
	 * 1; marker; }" at gcc -O2, the four stores merged into two
	 * blocks: 2 hits for 4 when it was exact).  More copies than
	 * passes are the loop's code copied on other paths (main's two
	 * copies of a one-pass loop, csmith seed 7717). */
	if (copies >= 2 && code == 0 && src == 1 && file) {
		uint64_t trip = 0;

		if (smk_source_trip_count(b, file, m->line, m->rec.name,
					  &trip) == 1 && trip > copies) {
			explain(p, "  %#llx: the loop around the marker makes "
				"%llu passes by its head, unrolled whole into "
				"%zu copies of the marker's point: some passes "
				"have none", (unsigned long long)addr,
				(unsigned long long)trip, copies);
			return runs_missed(r);
		}
		/* The copies of one path run one after another in a pass:
		 * each has at least trip - 1 others before or after it.
		 * Copies in two versions of the loop (split on a test the
		 * loop does not change) are on no path together: csmith
		 * seed 8484 at gcc -O2 and -O3, "for (i = 0; i < 2; i++)
		 * {...; if (print_hash_value) printf(...); marker; }" in
		 * main, one copy left in each version, 1 hit for 2. */
		for (k = 0; trip >= 2 && trip <= copies && k < nsites; k++) {
			size_t j, with = 0;

			for (j = 0; j < nsites; j++)
				if (j != k &&
				    (smk_code_reaches_pass(b, sites[k],
							   sites[j]) ==
				     SMK_YES ||
				     smk_code_reaches_pass(b, sites[j],
							   sites[k]) ==
				     SMK_YES))
					with++;
			if (with + 1 < trip) {
				explain(p, "  %#llx: the loop around the "
					"marker makes %llu passes by its head, "
					"unrolled whole; the copy at %#llx "
					"runs with %zu others in a pass: on "
					"its path some passes have none",
					(unsigned long long)addr,
					(unsigned long long)trip,
					(unsigned long long)sites[k], with);
				return runs_missed(r);
			}
		}
	}
	/*
	 * Copies of a pass one after another with no jump between them:
	 * on that path no pass left the loop.  When its body has a way
	 * out, the compiler settled that test for the whole path, and the
	 * passes where it may leave run in another version of the loop
	 * (csmith seed 4242 at gcc -O3: a test of a global before the
	 * loop, its 17 passes straight on one side, the first pass and its
	 * return on the other with no copy of the marker's point: 0 hits
	 * for 1).  Unknown: no claim either.
	 */
	if (copies >= 2 && file && nsites >= 2 &&
	    smk_source_loop_ways_out(b, file, m->line, m->rec.name) != 0) {
		for (k = 0; k + 1 < nsites; k++)
			if (sites[k] < sites[k + 1] &&
			    smk_code_falls_to(b, sites[k], sites[k + 1]))
				break;
		if (k + 1 < nsites) {
			explain(p, "  %#llx: copies of the marker's point at "
				"%#llx and %#llx run one after the other, while "
				"the loop around the marker has a way out (or "
				"its loops are not read): the passes that may "
				"leave it have another version of the loop",
				(unsigned long long)addr,
				(unsigned long long)sites[k],
				(unsigned long long)sites[k + 1]);
			return runs_missed(r);
		}
	}
	if (copies >= 2)
		return r;
	return RULE_LOOP_NEST;
}

/* loops_judge(), with the rows it reads freed after. */
static enum rule loops_rule(struct smk_binary *b, Dwarf_Die *root,
			    const char *file, const struct smk_marker *m,
			    uint64_t addr, enum rule r, size_t copies,
			    const uint64_t *sites, size_t nsites,
			    struct smk_placement *p)
{
	struct loop_rows lr = { { NULL, 0, 0, true }, NULL, 0, true };

	r = loops_judge(b, root, file, m, addr, r, copies, sites, nsites, p,
			&lr);
	loop_rows_free(&lr);
	return r;
}

/*
 * Rows inside @root of @file's line @line at columns @col to @last (the
 * step of a for loop: its own columns on the loop's line) into @out.
 */
static struct smk_error *column_rows(Dwarf_Die *cu, Dwarf_Die *root,
				     const char *file, unsigned int line,
				     unsigned int col, unsigned int last,
				     struct addrs *out)
{
	struct smk_error *err;
	Dwarf_Lines *lines;
	size_t nlines, i;

	out->n = 0;
	if (dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return NULL;
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr addr;
		const char *src;
		bool stmt, end;
		int ln, c;

		if (!l || dwarf_lineaddr(l, &addr) || dwarf_lineno(l, &ln) ||
		    dwarf_linecol(l, &c) || dwarf_linebeginstatement(l, &stmt) ||
		    dwarf_lineendsequence(l, &end) || !stmt || end ||
		    ln != (int)line)
			continue;
		if (c < (int)col || c > (int)last)
			continue;
		src = dwarf_linesrc(l, NULL, NULL);
		if (!src || !smk_same_source(src, file) ||
		    !in_ranges(root, addr) || nested_copy(cu, root, addr))
			continue;
		err = addrs_add(out, addr);
		if (err)
			return err;
	}
	return NULL;
}

/*
 * A statement before the marker on its line ("count = 0; trace_simple(
 * ...)", zlib's send_tree): the line's rows before the marker's column
 * @col are that statement's code, not the marker's point.  They move
 * from @on to @prev; rows of the line at or after @col stay (an address
 * with rows on both sides: the statement before left no code there).
 * False when the line table gives no columns there: the rows cannot be
 * told apart.
 */
static bool split_at_column(Dwarf_Die *cu, Dwarf_Die *root, const char *file,
			    unsigned int line, unsigned int col,
			    struct addrs *on, struct addrs *prev,
			    struct smk_error **err)
{
	struct addrs before = { 0 }, after = { 0 }, nocol = { 0 };
	size_t i, k, kept = 0;
	bool ok = false;

	*err = column_rows(cu, root, file, line, 1, col - 1, &before);
	if (!*err)
		*err = column_rows(cu, root, file, line, col, INT_MAX,
				   &after);
	if (!*err)
		*err = column_rows(cu, root, file, line, 0, 0, &nocol);
	if (*err || nocol.n)
		goto out;
	ok = true;
	for (i = 0; i < on->n; i++) {
		bool b4 = false, af = false;

		for (k = 0; k < before.n; k++)
			b4 |= before.v[k] == on->v[i];
		for (k = 0; k < after.n; k++)
			af |= after.v[k] == on->v[i];
		if (b4 && !af) {
			*err = addrs_add(prev, on->v[i]);
			if (*err)
				goto out;
			continue;
		}
		on->v[kept++] = on->v[i];
	}
	on->n = kept;
out:
	free(before.v);
	free(after.v);
	free(nocol.v);
	return ok;
}

/*
 * A marker ending the body of a for loop with a step (source.c): the
 * step's own rows, which run exactly when the body ends.  True with them
 * in @out, and the step's line in *@sline.
 */
static bool loop_step(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		      const char *file, const struct smk_marker *m,
		      struct addrs *out, unsigned int *sline,
		      struct smk_error **err)
{
	unsigned int scol = 0, send = 0;
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));

	*sline = 0;
	if (!src || smk_source_loop_step(b, src, m->line, m->rec.name,
					 sline, &scol, &send) != 1)
		return false;
	*err = column_rows(cu, root, file, *sline, scol, send, out);
	/* One row: several run one after the other in a pass (campaign
	 * gcc -O0: two rows of one step, twice the hits). */
	return !*err && out->n == 1;
}

/*
 * The step @addr of the for loop whose body the marker ends, a join of
 * several paths: each is the end of the body when every jump or
 * fall-through into it comes from this copy's code of the lines from the
 * step's (@sline) to the marker's (code of a call inlined there counts
 * as the call's line: root_line()).  The source said the body has no
 * continue and no goto (smk_source_loop_step), so no path from inside it
 * skips the marker; code of other lines (merged with the step's, or a
 * loop entered at its step) may.  Campaign gcc -O0 and clang -O0: "if
 * (f) printf(...); marker; }", the step entered from the if's two ends.
 * @body: @addr is the marker's own point, not the step's rows, and may be
 * the loop's test (a step folded into it), which its entry reaches from
 * the head's line: then only code of the lines after @sline, by edges
 * going forward, counts (campaign gcc -O2, the if's "je" in an inlined
 * transparent_crc() and the printf's fall-through).
 */
static bool step_from_body(struct smk_binary *b, Dwarf_Die *cu,
			   Dwarf_Die *root, const char *file,
			   const struct smk_marker *m, unsigned int sline,
			   uint64_t addr, bool body)
{
	uint64_t preds[32];
	size_t n, k;

	n = smk_code_preds(b, addr, preds, sizeof(preds) / sizeof(*preds));
	if (!sline || sline > m->line || n == SIZE_MAX || !n)
		return false;
	for (k = 0; k < n; k++) {
		unsigned int ln = root_line(cu, root, file, preds[k], true);

		if (!ln || ln < sline + body || ln > marker_last_line(m) ||
		    !in_ranges(root, preds[k]) ||
		    (body && smk_code_goes_back(b, preds[k], addr) != SMK_NO))
			return false;
	}
	return true;
}

/*
 * The site @addr of a marker that begins a loop's body (source.c:
 * smk_source_loop_head(), the test on line @head_line: the head's, or a
 * do's "while" after the body), a join of
 * several paths: each is a pass of the loop starting when every edge
 * into @addr is either a back edge (in reducible flow, from code @addr
 * dominates; smk_code_goes_back()) whose jump is this copy's code of the
 * head's line, the loop's test, or an edge that goes forward, which into
 * a loop's head comes from outside the loop: its entry.  The loop is the
 * marker's own: the head's line is before the marker's, a loop after
 * the marker is on a later line, and judge() found the code's loop depth
 * the source's.  At least one back edge: else no loop joins there.
 * Campaign gcc -O2, "for (k = 0; k < 6; k++) { marker; f(...); if (c)
 * printf(...); }": the rotated loop's head entered from its entry and
 * from the test at the end of both ways through the if.
 */
static bool loop_head_site(struct smk_binary *b, Dwarf_Die *cu,
			   Dwarf_Die *root, const char *file,
			   const struct smk_marker *m, uint64_t addr)
{
	unsigned int head_line = 0;
	uint64_t preds[32];
	char path[4096];
	size_t n, k, back = 0;

	if (smk_source_loop_head(b, marker_source(b, m, file, path,
						  sizeof(path)),
				 m->line, m->rec.name, &head_line) != 1 ||
	    !head_line || head_line == m->line)
		return false;
	n = smk_code_preds(b, addr, preds, sizeof(preds) / sizeof(*preds));
	if (n == SIZE_MAX || n < 2)
		return false;
	for (k = 0; k < n; k++) {
		enum smk_answer r = smk_code_goes_back(b, preds[k], addr);
		Dwarf_Line *l;
		const char *src;
		int ln;

		if (r == SMK_NO)
			continue;
		if (r != SMK_YES)
			return false;
		l = dwarf_getsrc_die(cu, preds[k]);
		src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		if (!src || !smk_same_source(src, file) ||
		    dwarf_lineno(l, &ln) || ln <= 0 ||
		    (unsigned int)ln != head_line || !in_ranges(root, preds[k]))
			return false;
		back++;
	}
	return back > 0;
}

/* The marker's own point @addr, at the end of a for body
 * (smk_source_loop_step()), entered only from the body's ends. */
static bool body_end_site(struct smk_binary *b, Dwarf_Die *cu,
			  Dwarf_Die *root, const char *file,
			  const struct smk_marker *m, uint64_t addr)
{
	unsigned int sline = 0, scol = 0, send = 0;
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));

	return src && smk_source_loop_step(b, src, m->line, m->rec.name,
					   &sline, &scol, &send) == 1 &&
	       step_from_body(b, cu, root, file, m, sline, addr, true);
}

/*
 * Is the join at @addr made of passes of the marker's loop, each of which
 * runs the marker once: the head of the loop whose body the marker
 * begins, or (@ends: @addr is the marker's own point or a row of its
 * line, not the step's) the end of the for body it ends (clang -O0's row
 * of the "}" after "marker;", entered from both ends of an if)?  Says
 * which in the explanation.
 */
static bool pass_join(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		      const char *file, const struct smk_marker *m,
		      uint64_t addr, bool ends, struct smk_placement *p)
{
	if (loop_head_site(b, cu, root, file, m, addr)) {
		explain(p, "  %#llx: every path into it is the loop's entry "
			"or its test's back edge: a pass, which the marker "
			"begins", (unsigned long long)addr);
		return true;
	}
	if (ends && body_end_site(b, cu, root, file, m, addr)) {
		explain(p, "  %#llx: every path into it is an end of the for "
			"body the marker ends", (unsigned long long)addr);
		return true;
	}
	return false;
}

/*
 * Are the line's rows other than @first all inside more loops than it
 * (a loop's condition and step on the line of its for)?  Rows at
 * @first's own nesting may be copies of the line (unrolled: campaign gcc
 * -O3, the first of three copies fired a third of the time); unknown
 * nesting is no.  Not asked of gcc -O0 code, which copies nothing and
 * gives a line a row per column.
 */
static bool rest_deeper(struct smk_binary *b, const struct addrs *rows,
			uint64_t first)
{
	const char *why;
	int d = smk_code_loop_depth(b, first, &why);
	size_t i;

	if (d < 0)
		return false;
	for (i = 0; i < rows->n; i++)
		if (rows->v[i] != first &&
		    smk_code_loop_depth(b, rows->v[i], &why) <= d)
			return false;
	return true;
}

/* The lowest address of @rows (@rows->n > 0). */
static uint64_t rows_first(const struct addrs *rows)
{
	uint64_t first = rows->v[0];
	size_t q;

	for (q = 1; q < rows->n; q++)
		if (rows->v[q] < first)
			first = rows->v[q];
	return first;
}

/* The last row of the statement before the marker (@prev) below @at, 0
 * when none: the code that may run straight on to @at. */
static uint64_t prev_below(const struct addrs *prev, uint64_t at)
{
	uint64_t from = 0;
	size_t q;

	for (q = 0; q < prev->n; q++)
		if (prev->v[q] < at && prev->v[q] > from)
			from = prev->v[q];
	return from;
}

/*
 * Drop from @rows (one copy of the marker's line) each row that control
 * reaches only straight from an earlier one (smk_code_straight(): one
 * basic block, no other entry): it runs exactly when that one does, in
 * the same pass, so it is a column of the same run of the line (gcc -O0
 * gives a row per column: campaign gcc -O0, "marker; f(a[i], s);" two
 * rows, twice the hits).  Only for code built without optimization:
 * there nothing is copied, while an unrolled loop's copies of a line also
 * follow each other straight.  The number of rows dropped.
 */
static size_t drop_continued_rows(struct smk_binary *b, Dwarf_Die *cu,
				  struct addrs *rows)
{
	size_t i, j, kept = 0, n = rows->n;

	if (n < 2 || !smk_dwarf_cu_unoptimized(b, cu))
		return 0;
	qsort(rows->v, n, sizeof(*rows->v), u64_cmp);
	for (i = 0; i < n; i++) {
		bool cont = false;

		for (j = 0; j < kept && !cont; j++)
			cont = smk_code_straight(b, rows->v[j], rows->v[i]);
		if (!cont)
			rows->v[kept++] = rows->v[i];
	}
	rows->n = kept;
	return n - kept;
}

/* Does the marker start its line (source.c)?  False when unknown. */
static bool starts_line(struct smk_binary *b, const struct smk_marker *m,
			const char *file)
{
	char path[4096];

	file = marker_source(b, m, file, path, sizeof(path));
	return file && smk_source_marker_starts_line(b, file, m->line,
						     m->rec.name) == 1;
}

static const char *call_file(Dwarf_Die *die);

/*
 * The start of each range of the calls inlined into @die's scope (not
 * into another inlined call) on lines [@first, @last] of @file, into
 * @out: the code of a statement that is all inlined calls has no row of
 * its own (csmith's "transparent_crc(g, ...);").  At most 64 levels of
 * lexical blocks.
 */
static struct smk_error *inlined_starts(Dwarf_Die *die, const char *file,
					unsigned int first, unsigned int last,
					struct addrs *out, int level)
{
	struct smk_error *err = NULL;
	Dwarf_Die child;

	if (level > 64 || dwarf_child(die, &child) != 0)
		return NULL;
	do {
		int tag = dwarf_tag(&child);
		Dwarf_Attribute a;
		Dwarf_Word line = 0;
		const char *cf;

		if (tag == DW_TAG_lexical_block) {
			err = inlined_starts(&child, file, first, last, out,
					     level + 1);
			continue;
		}
		if (tag != DW_TAG_inlined_subroutine ||
		    dwarf_formudata(dwarf_attr(&child, DW_AT_call_line, &a),
				    &line) || line < first || line > last)
			continue;
		cf = call_file(&child);
		if (!cf || !smk_same_source(cf, file))
			continue;
		{
			Dwarf_Addr base, start, end;
			ptrdiff_t off = 0;

			while (!err && (off = dwarf_ranges(&child, off, &base,
							   &start, &end)) > 0)
				if (start < end)
					err = addrs_add(out, start);
		}
	} while (!err && dwarf_siblingof(&child, &child) == 0);
	return err;
}

/*
 * The code of lines [@first, @last] of @file in @root's own ranges (not
 * in a copy of it inlined within): the start of each row that has code,
 * into @out when it begins a statement, else into @pieces (gcc gives the
 * code of a switch arm that it merged into a join a row of the switch's
 * line that begins none).  A row with no extent (a view: another row
 * starts at the same address) has none.
 */
static struct smk_error *code_rows(Dwarf_Die *cu, Dwarf_Die *root,
				   const char *file, unsigned int first,
				   unsigned int last, struct addrs *out,
				   struct addrs *pieces)
{
	struct smk_error *err = NULL;
	Dwarf_Lines *lines;
	size_t nlines, i;

	if (dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return NULL;
	for (i = 0; i + 1 < nlines && !err; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a, e;
		bool stmt = false;
		int ln;

		if (row_extent(lines, i, file, &a, &e, &ln) &&
		    ln >= (int)first && ln <= (int)last &&
		    in_ranges(root, a) && !nested_copy(cu, root, a) &&
		    !dwarf_linebeginstatement(l, &stmt))
			err = addrs_add(stmt ? out : pieces, a);
	}
	return err;
}

/* Lines @first to @last of @file in the copy @root of @cu, and the
 * loops of the code around the marker's site. */
struct line_window {
	struct smk_binary *b;
	Dwarf_Die *cu, *root;
	const char *file;
	unsigned int first, last;
	int site_depth;
};

/*
 * smk_code_pass_ends()'s question: a jump back to code of the copy that
 * is not of the statement's lines and is in no more loops of the code
 * than the site, the head of a loop around the marker?  The statement's
 * own loops (an inlined helper's) are not the pass's end: their head is
 * deeper than the site, even where the line table gives it another
 * line (csmith's crc32_gentab() inlined in main: its loop's first
 * instruction has main's line).
 */
static bool outside_lines(void *arg, uint64_t target)
{
	const struct line_window *w = arg;
	unsigned int ln = root_line(w->cu, w->root, w->file, target, true);
	const char *why;
	int d;

	if (!ln || (ln >= w->first && ln <= w->last))
		return false;
	d = smk_code_loop_depth(w->b, target, &why);
	return d >= 0 && d <= w->site_depth;
}

/*
 * ... and the way there goes on only through code of the statement or of
 * what follows it: code of an earlier line on the way (clang scheduled an
 * argument's set-up for the loop's next test on the statement's line, so
 * a row of it sits on the loop's way back) means the row was not the
 * statement's last code.
 */
static bool after_first(void *arg, uint64_t block)
{
	const struct line_window *w = arg;
	unsigned int ln = root_line(w->cu, w->root, w->file, block, true);

	return !ln || ln >= w->first;
}

/*
 * Does a copy of the statement right before the marker run on a path that
 * none of the marker's @sites is on, within one pass of the loops around
 * them?  In the source that statement goes straight on to the marker, so
 * each copy of its code leads to a site, or a site to it (code sunk or
 * scheduled past the marker's point), without going round a loop.  A copy
 * that does neither is a path the compiler made and the probe misses: a
 * loop unswitched into two copies with the marker's block kept in one
 * (csmith's "transparent_crc(...); marker; if (print_hash_value) ..." at
 * gcc -O2, its loop split on print_hash_value: 0 hits of 9).  A copy
 * sunk past the marker's point is a miss too when a way from the
 * function's entry reaches it past every site, unless that way comes
 * through the statement's own earlier code (then the run started there).
 * The statement is the nearest one back with code (smk_source_prev_nth()).
 * An answer the flow graph cannot give (irreducible flow, a jump table
 * not read) counts as a miss: not proven.
 */
static struct smk_error *before_bypassed(struct smk_binary *b, Dwarf_Die *cu,
					 Dwarf_Die *root, const char *file,
					 const struct smk_marker *m,
					 const uint64_t *sites, size_t nsites,
					 struct smk_placement *p, bool *out,
					 bool *elsewhere)
{
	unsigned int first = 0, last = 0;
	struct addrs rows = { 0 }, pieces = { 0 }, around = { 0 };
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	struct smk_error *err = NULL;
	unsigned char *near;	/* a row leads to the site or follows it */
	unsigned int n;
	bool head = false, cond = false;
	size_t i, k, nstmt;

	*out = false;
	*elsewhere = false;
	if (!src)
		return NULL;
	near = calloc(nsites ? nsites : 1, 1);
	if (!near)
		return &smk_error_nomem;
	/* The nearest statement back that has code: a plain one may have
	 * none left ("sym = 0;" folded into later uses), and then the one
	 * before it goes straight on to the marker as well, up to the head
	 * of an if or switch whose block ends there (zlib's inflate_table
	 * at gcc -O2: "switch (type) {...} huff = 0; sym = 0; marker", the
	 * switch's dispatch sunk past the marker's point, one arm's copy
	 * without it: 4 hits of 6). */
	for (n = 0; n < 8; n++) {
		if (smk_source_prev_nth(b, src, m->line, m->rec.name, n,
					&first, &last, &head, &cond) != 1 ||
		    last > m->line) {
			free(near);
			free(rows.v);
			free(pieces.v);
			return NULL;
		}
		err = code_rows(cu, root, file, first, last, &rows, &pieces);
		if (!err)
			err = inlined_starts(root, file, first, last, &rows,
					     0);
		if (err || rows.n || pieces.n || head)
			break;
	}
	/* The rows that begin no statement after the others, each judged
	 * only as code sunk past the marker's point: a piece of the
	 * statement that neither leads to a site nor follows one may be a
	 * way out of it that the source reader does not see (bzip2's
	 * BZ_GET_SMALL(), a macro's "if (...) return True;", at gcc -O0). */
	nstmt = rows.n;
	for (i = 0; i < pieces.n && !err; i++)
		err = addrs_add(&rows, pieces.v[i]);
	/* Ways that pass a site, or the statement's own code, first. */
	for (i = 0; rows.n && i < nsites + rows.n && !err; i++)
		err = addrs_add(&around, i < nsites ? sites[i] :
				rows.v[i - nsites]);
	for (i = 0; i < rows.n && !err && !*out; i++) {
		const struct smk_symbol *sym =
			smk_binary_symbol_at(b, rows.v[i]);
		bool judged = false, reached = false, follows = false;

		/* Each site of the row's function: does the row lead to
		 * it in a pass, or else follow it? */
		for (k = 0; k < nsites; k++) {
			bool to, from;

			if (smk_binary_symbol_at(b, sites[k]) != sym)
				continue;
			judged = true;
			to = smk_code_reaches_pass(b, rows.v[i], sites[k]) ==
			     SMK_YES;
			from = !to && smk_code_reaches_pass(b, sites[k],
							    rows.v[i]) ==
				      SMK_YES;
			near[k] |= to || from;
			reached |= to;
			follows |= from;
		}
		/* A statement that evaluates conditionally ("a ? b : c")
		 * has ways of its own that need not lead to a site. */
		if (!judged || reached || (i >= nstmt && !follows) || cond)
			continue;
		/* Sunk past the marker's point: a run of the statement
		 * that starts there (not entered from its own code before,
		 * as the arm of "CHECK_ERR(err)", an if in a macro, is)
		 * comes after a site, or a run of the marker is missed (a
		 * join the compiler made, entered from an arm without the
		 * marker's block). */
		if (follows && smk_code_reached_around(b, rows.v[i], around.v,
						       around.n) == SMK_NO)
			continue;
		*out = true;
		explain(p, "  %#llx: code of line %u, %s before the marker "
			"(its row or a call inlined there), %s",
			(unsigned long long)rows.v[i], last,
			head ? "the head of the if or switch" :
			n ? "the nearest statement with code" :
			"the statement",
			follows ? "follows a site, but a way from the "
			"function's entry reaches it past every site" :
			"neither leads to a site nor follows one in a pass "
			"of its loops");
	}
	/*
	 * A site that no code of a plain statement before the marker leads
	 * to, or follows, in a pass is entered from elsewhere: the
	 * marker's zero-size point is also the point of whatever comes
	 * right after it (a loop body's end, where "continue" goes), and
	 * the compiler copied that block for the other way in (zlib's
	 * gen_codes() at gcc -O2: "if (len == 0) continue; ...; marker;
	 * }", the loop's latch given to the continue as a copy with the
	 * marker's label: 2337 hits for 139).
	 */
	for (k = 0; !err && !*out && !head && nstmt && last < m->line &&
	     k < nsites; k++) {
		const struct smk_symbol *sym =
			smk_binary_symbol_at(b, sites[k]);

		for (i = 0; i < nstmt; i++)
			if (smk_binary_symbol_at(b, rows.v[i]) == sym)
				break;
		if (i == nstmt || near[k])
			continue;
		*elsewhere = true;
		explain(p, "  %#llx: no code of line %u, %s before the "
			"marker, leads to it or follows it in a pass: it is "
			"entered from elsewhere", (unsigned long long)sites[k],
			last, n ? "the nearest statement with code" :
			"the statement");
	}
	/* A pass of a loop around the marker (by the source, and by the
	 * code: a site in a loop) that the statement's code ends without
	 * passing a site: a jump back to the loop's test.  Not when the
	 * statement shares the marker's line, whose rows hold code after
	 * the marker too. */
	const char *why;
	int sdepth = nsites && rows.n ?
		smk_code_loop_depth(b, sites[0], &why) : -1;

	for (i = 0; i < nstmt && !err && !*out && sdepth > 0 && !cond &&
	     last < m->line &&
	     source_loops(b, root, file, m, sites[0], NULL) > 0; i++) {
		struct line_window w = { b, cu, root, file, first, last,
					 sdepth };
		uint64_t jump = 0;

		if (smk_code_pass_ends(b, rows.v[i], sites, nsites,
				       outside_lines, after_first, &w,
				       &jump) != SMK_YES)
			continue;
		*out = true;
		explain(p, "  %#llx: code of line %u, %s before the marker, "
			"goes on to %#llx, a jump back of a loop around it, "
			"past every site", (unsigned long long)rows.v[i], last,
			head ? "the head of the if or switch" :
			n ? "the nearest statement with code" : "the statement",
			(unsigned long long)jump);
	}
	free(near);
	free(rows.v);
	free(pieces.v);
	free(around.v);
	return err;
}

/* smk_code_exit_into() for the ranges of the copy @root in @sym. */
static enum smk_answer copy_exit_into(struct smk_binary *b, Dwarf_Die *root,
				      const struct smk_symbol *sym,
				      const uint64_t *sites, size_t nsites,
				      uint64_t *way)
{
	enum { MAXR = 64 };
	uint64_t lo[MAXR], hi[MAXR];
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	size_t nr = 0;

	while ((off = dwarf_ranges(root, off, &base, &start, &end)) > 0) {
		if (start < sym->addr || start >= sym->addr + sym->size)
			continue;
		if (nr == MAXR)
			return SMK_UNKNOWN;	/* too many to tell */
		lo[nr] = start;
		hi[nr++] = end;
	}
	return smk_code_exit_into(b, lo, hi, nr, sites, nsites, way);
}

/*
 * In an inlined copy of a function whose every call runs the marker: code
 * of a later line of the function (a row of it, or a call inlined on it)
 * that starts a block of the code, in the copy and in the function of
 * its sites, and that a path from that function's entry reaches past
 * every site.  The compiler threaded a jump into the copy past the
 * marker's point: lua's stepgenfull, inlined in luaC_step at gcc -O2,
 * has its site on "if (g->gckind == KGC_GEN) enterinc(g)" at the copy's
 * entry, and a caller that knows gckind is not KGC_GEN jumps straight to
 * the next line's luaC_runtilstate (1 hit of 3).  It must also lead on
 * to a way out of that function past every site: later code scheduled
 * before a site of its own block is not a run missed.  The first such
 * address in *@at.  Unknown without a line table or with more than 4,096
 * such starts to try (the cfg questions count their own unknowns).
 */
static enum smk_answer later_reached_around(struct smk_binary *b,
					    Dwarf_Die *cu, Dwarf_Die *root,
					    const char *file,
					    const struct smk_marker *m,
					    const struct smk_symbol *sym,
					    const uint64_t *sites,
					    size_t nsites, uint64_t *at)
{
	enum { MAX_TRIED = 4096 };
	unsigned int last = marker_last_line(m), tried = 0;
	uint64_t way;
	Dwarf_Lines *lines;
	size_t nlines, i;

	if (dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return SMK_UNKNOWN;
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		int ln;

		if (!l || dwarf_lineaddr(l, &a) || dwarf_lineno(l, &ln) ||
		    !in_ranges(root, a) || smk_binary_symbol_at(b, a) != sym ||
		    !smk_code_block_start(b, a) || nested_copy(cu, root, a) ||
		    root_line(cu, root, file, a, true) <= last ||
		    smk_code_reachable(b, a) == SMK_NO)
			continue;
		if (tried++ == MAX_TRIED)
			return SMK_UNKNOWN;	/* too many to tell */
		/* Reached past the sites, and on past them to a way out:
		 * a run of the copy that no site sees, not later code
		 * scheduled before a site of its block. */
		if (smk_code_reached_around(b, a, sites, nsites) == SMK_YES &&
		    smk_code_exit_from(b, a, sites, nsites, &way) == SMK_YES) {
			*at = a;
			return SMK_YES;
		}
	}
	return SMK_NO;
}

/* Does every call of the marker's function run it, by the source
 * (smk_source_marker_on_every_call())? */
static bool every_call_runs(struct smk_binary *b, const struct smk_marker *m,
			    const char *file)
{
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));

	return src && smk_source_marker_on_every_call(b, src, m->line,
						       m->rec.name) == 1;
}

/*
 * A marker that every call of its function runs before it returns, by
 * the source (a statement of the body itself, no return or goto before
 * it): in the function's own copy, every way from its entry out of it (a
 * ret, a tail call) passes a site.  One that passes none is a run of the
 * marker the probe misses, whatever the line table says of the sites
 * (lua's luaL_checkinteger at gcc -O2: the marker line's only row in the
 * arm of "if (!isnum) interror();", the other way straight to the
 * epilogue: 0 hits of 35; traverseproto's at clang -Os: 71 of 83).  A
 * return a macro hides before the marker is such a way too: fails closed.
 */
static void exit_bypassed(struct smk_binary *b, Dwarf_Die *root,
			  const char *file, const struct smk_marker *m,
			  const struct smk_instance *in, const uint64_t *sites,
			  size_t nsites, struct smk_placement *p, bool *out)
{
	const struct smk_symbol *sym;
	uint64_t way = 0;

	*out = false;
	if (in->inlined || !nsites || !file)
		return;
	sym = smk_binary_symbol_at(b, sites[0]);
	/* The copy's own entry: the function's, not a part split off. */
	if (!sym || !in_ranges(root, sym->addr) ||
	    (sym->name && strstr(sym->name, ".cold")))
		return;
	if (!every_call_runs(b, m, file))
		return;
	if (smk_code_exit_around(b, sites[0], sites, nsites, &way) !=
	    SMK_YES)
		return;
	*out = true;
	explain(p, "  %s: every call runs the marker by the source (a "
		"statement of the body, no return or goto before it), but a "
		"way from the entry at %#llx leaves the function at %#llx "
		"past every site", sym->name ? sym->name : "?",
		(unsigned long long)sym->addr, (unsigned long long)way);
}

/*
 * The same for a copy inlined into another function (@root), once all the
 * marker's sites are known (@sites: a path through another copy's site is
 * a run the probe counts, as where two copies' tails were merged): every
 * way into the copy must pass a site before it leaves the function it is
 * in.  The ways in are gcc's DW_AT_entry_pc, or without one (clang, whose
 * low_pc may be a loop's alignment padding) every block that enters the
 * copy's ranges; and code of a later line that a path reaches past the
 * sites (later_reached_around()).  Copies with no site of their own are
 * other rules' (some copies lost).
 */
static void copy_bypassed(struct smk_binary *b, Dwarf_Die *cu,
			  Dwarf_Die *root, const char *file,
			  const struct smk_marker *m, const uint64_t *sites,
			  size_t nsites, struct smk_placement *p, bool *out,
			  bool *untold)
{
	enum smk_answer a;
	const struct smk_symbol *sym = NULL;
	uint64_t way = 0;
	Dwarf_Addr entry = 0;
	size_t k;
	bool has_entry = dwarf_hasattr(root, DW_AT_entry_pc);

	*out = false;
	for (k = 0; k < nsites && !sym; k++)
		if (in_ranges(root, sites[k]))
			sym = smk_binary_symbol_at(b, sites[k]);
	if (!sym || (sym->name && strstr(sym->name, ".cold")))
		return;
	if (has_entry && (dwarf_entrypc(root, &entry) != 0 ||
			  smk_binary_symbol_at(b, entry) != sym))
		return;
	if (!every_call_runs(b, m, file))
		return;
	a = later_reached_around(b, cu, root, file, m, sym, sites, nsites,
				 &way);
	if (a == SMK_UNKNOWN) {
		*untold = true;
		explain(p, "  copy inlined in %s: too much code of later lines "
			"to tell whether a way reaches it past every site",
			sym->name ? sym->name : "?");
		return;
	}
	if (a == SMK_YES) {
		*out = true;
		explain(p, "  copy inlined in %s: every call runs the marker "
			"by the source, but code of a later line at %#llx is "
			"reached from the entry of %s past every site",
			sym->name ? sym->name : "?", (unsigned long long)way,
			sym->name ? sym->name : "?");
		return;
	}
	a = has_entry ? smk_code_exit_from(b, entry, sites, nsites, &way) :
	    copy_exit_into(b, root, sym, sites, nsites, &way);
	if (a != SMK_YES) {
		/* The cfg counts its own unknown answers; too many ranges
		 * to read is this one's. */
		*untold |= a == SMK_UNKNOWN;
		return;
	}
	*out = true;
	explain(p, "  copy inlined in %s: every call runs the marker by the "
		"source (a statement of the body, no return or goto before "
		"it), but from %s a path leaves %s at %#llx past every site",
		sym->name ? sym->name : "?",
		has_entry ? "the copy's entry" : "a way into the copy",
		sym->name ? sym->name : "?", (unsigned long long)way);
}

/*
 * Does a conditional jump of the statement right before the marker, of
 * any kind ("if (strm->avail_in == 0 && gz_avail(state) == -1) return
 * -1;"), go straight to code after the marker, past every site?  The
 * compiler threaded that way through the marker's point (it knew the
 * marker's "if (strm->avail_in == 0)" false there: zlib's gz_decomp at
 * gcc -O1 to -Os, 0 hits of 2), and the probe misses the runs that take
 * it.  A way to the function's last line is its exit (the statement's
 * own return); a jump that a site comes before in a pass, or whose way
 * leads on to a site, is no miss; nor, when the statement returns, a way
 * that leaves the function straight (the returns' shared path).
 */
/* Does the straight way from @addr store for a line of @root's in
 * [@from, @below)? */
static bool body_store(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		       const char *file, uint64_t addr, unsigned int from,
		       unsigned int below)
{
	uint64_t st[16];
	size_t n = smk_code_straight_stores(b, addr, st, 16), i;
	unsigned int ln;

	for (i = 0; i < n; i++) {
		ln = root_line(cu, root, file, st[i], true);
		if (ln >= from && ln < below)
			return true;
	}
	return false;
}

/*
 * The line of the code a jump goes to at @addr, as root_line() says; but
 * a way into the middle of a row of a line before the marker's that runs
 * straight on into the next row is code of that next row's line: the
 * row's line is stale there (gcc -Os: "if (...) { decls; marker; ...":
 * the test's last row goes on, past a join, into the block's code).
 */
static unsigned int landing_line(struct smk_binary *b, Dwarf_Die *cu,
				 Dwarf_Die *root, const char *file,
				 Dwarf_Lines *lines, size_t nlines,
				 uint64_t addr, unsigned int before)
{
	unsigned int ln = root_line(cu, root, file, addr, true);
	Dwarf_Addr at, next = UINT64_MAX;
	size_t i;

	if (ln >= before)
		return ln;
	for (i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);

		if (l && !dwarf_lineaddr(l, &at) && at == addr)
			return ln;	/* a row of its own */
		if (l && at > addr && at < next && in_ranges(root, at))
			next = at;
	}
	if (next == UINT64_MAX || !smk_code_falls_to(b, addr, next))
		return ln;
	return root_line(cu, root, file, next, true);
}

/*
 * The statement whose jumps jumps_past() reads, and how it judges where
 * they go: lines @first to @last (what the source runs right before the
 * marker); landings from the marker's line up to @below count; @past,
 * the lines its gotos land on (@npast of them); @returns, it has a
 * return of its own; @exits, a bare way out of the function counts;
 * @pass, it is a loop's head and a landing counts as a pass of the body;
 * @what names it in the evidence.
 */
struct jumps_from {
	unsigned int first, last, below;
	const struct smk_line_span *past;
	size_t npast;
	bool returns, exits, pass;
	const char *what;
};

/*
 * The conditional jumps of this copy's code of the statement @js that go
 * to code of a line from the marker's on and before @js->below (with
 * @js->exits, or that leaves the function straight), past every site: no
 * site comes before the jump in a pass, and the way neither is a site
 * nor leads on to one in a pass.  With @js->returns, a way to the
 * function's last line or one that leaves the function straight is the
 * statement's return (a return path the compiler shares with later
 * returns), not a bypass.
 */
static void jumps_past(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		       const char *file, const struct smk_marker *m,
		       const struct jumps_from *js,
		       const uint64_t *sites, size_t nsites,
		       struct smk_placement *p, bool *out)
{
	enum { MAXJ = 64 };
	const unsigned int first = js->first, last = js->last,
			   below = js->below;
	const struct smk_line_span *past = js->past;
	const size_t npast = js->npast;
	const bool returns = js->returns, exits = js->exits, pass = js->pass;
	const char *what = js->what;
	uint64_t *from = NULL, *to = NULL;
	struct smk_code_jump jumps[MAXJ];
	size_t nr = 0, cap = 0, i, k, j, nj;
	int maxline = 0;
	Dwarf_Lines *lines;
	size_t nlines;
	struct head_cut pr = { NULL, 0, 0, true };

	/* The code of the labels' statements the statement's gotos go
	 * to: unknown, none (every landing past the sites then counts). */
	if (npast)
		rows_on_lines(cu, root, file, past, (int)npast, INT_MIN, &pr);
	if (!pr.ok)
		pr.n = 0;
	/* What cannot be read makes no claim of exactness: a bypass is
	 * ruled out only where every jump was seen. */
	if (dwarf_getsrclines(cu, &lines, &nlines) != 0) {
		free(pr.v);
		*out = true;
		explain(p, "  the line table of %s cannot be read: a jump "
			"past the sites cannot be ruled out", what);
		return;
	}
	for (i = 0; i + 1 < nlines; i++) {
		Dwarf_Addr a, e;
		int ln;

		if (!row_extent(lines, i, file, &a, &e, &ln) ||
		    !in_ranges(root, a) || nested_copy(cu, root, a))
			continue;
		if (ln > maxline)
			maxline = ln;
		if (ln < (int)first || ln > (int)last)
			continue;
		if (nr == cap) {
			size_t ncap = cap ? 2 * cap : 32;
			uint64_t *f = realloc(from, ncap * sizeof(*f)), *t;

			if (f)
				from = f;
			t = f ? realloc(to, ncap * sizeof(*t)) : NULL;
			if (!t) {
				free(from);
				free(to);
				free(pr.v);
				*out = true;	/* no memory: no claim */
				explain(p, "  out of memory checking %s", what);
				return;
			}
			to = t;
			cap = ncap;
		}
		from[nr] = a;
		to[nr++] = e;
	}
	for (i = 0; i < nr && !*out; i++) {
		nj = smk_code_cond_jumps(b, from[i], to[i], jumps, MAXJ);
		if (nj == SIZE_MAX) {
			*out = true;
			explain(p, "  %#llx: the jumps of line %u, %s, are not "
				"known (code not decoded, or more than %d in "
				"one row): a jump past the sites cannot be "
				"ruled out", (unsigned long long)from[i], last,
				what, MAXJ);
			break;
		}
		for (j = 0; j < nj && !*out; j++) {
			uint64_t arm[2];
			int w;

			/* A site before the jump in a pass: the marker
			 * ran on that way (but a loop's test that a site
			 * comes to, at the bottom of a rotated loop, starts
			 * the next pass). */
			for (k = 0; k < nsites && !pass; k++)
				if (smk_code_reaches_pass(b, sites[k],
							  jumps[j].addr) == SMK_YES)
					break;
			if (!pass && k < nsites)
				continue;
			arm[0] = jumps[j].taken;
			arm[1] = jumps[j].fall;
			for (w = 0; w < 2 && !*out; w++) {
				unsigned int ln = landing_line(b, cu, root,
							       file, lines,
							       nlines, arm[w],
							       m->line);

				/* A way that leaves the function straight,
				 * from a statement without a return of its
				 * own, went past the marker, whatever line
				 * the stale row it lands inside names (gcc
				 * -O1: "if (verb >= 4) printf(...); marker;
				 * }", the fall-through's ret under the if's
				 * line).  Not after a macro, which may hide
				 * a return (zlib's ERR_RETURN()). */
				bool leaves = exits && !returns &&
					      smk_code_exits_bare(b, arm[w]);

				/* Code of the marker's own line past the
				 * sites ("marker; if (a && b)": into the
				 * test of b) bypasses them as well.  The
				 * function's last line is its exit: the
				 * statement's own return may go there; a
				 * statement without one only through the
				 * marker (lua's luaL_checkinteger at gcc
				 * -O2: "if (!isnum) interror(); marker;
				 * return d;", the line's only row in the
				 * arm, the other way straight to the
				 * epilogue: 0 hits of 35). */
				if (!leaves &&
				    (!ln || ln < m->line || ln >= below ||
				     (returns && (int)ln >= maxline)))
					continue;
				/* A goto of the statement, to its label's
				 * statement, or to code that goes on into
				 * it (gcc -O2 sets up the call's arguments
				 * under the function's last line). */
				for (k = 0; k < npast; k++)
					if (ln >= past[k].first &&
					    ln <= past[k].last)
						break;
				if (k < npast)
					continue;
				for (k = 0; k < pr.n; k++)
					if (pr.v[k] > arm[w] &&
					    smk_code_falls_to(b, arm[w],
							      pr.v[k]))
						break;
				if (k < pr.n)
					continue;
				/* Its own return, by a return path the
				 * compiler shares with later returns. */
				if (returns &&
				    smk_code_exits_straight(b, arm[w]))
					continue;
				for (k = 0; k < nsites; k++)
					if (arm[w] == sites[k] ||
					    smk_code_reaches_pass(b, arm[w],
								  sites[k]) ==
					    SMK_YES)
						break;
				if (k < nsites)
					continue;
				/* Into a loop's body past the marker: a pass
				 * only if it starts with the statement right
				 * after the marker (its line or the next) and
				 * does its work, a store of those lines on
				 * its straight way (a loop unrolled by two,
				 * the odd pass's copy after it).  The way out
				 * of a loop lands on code gcc files under
				 * other lines of the body (an induction's
				 * final value under the last, a hoisted
				 * set-up under a later loop's). */
				if (pass && (ln > marker_last_line(m) + 1 ||
					     !body_store(b, cu, root, file,
							 arm[w], m->line,
							 marker_last_line(m) +
							 2)))
					continue;
				*out = true;
				if (leaves)
					explain(p, "  %#llx: a jump of line %u, "
						"%s, goes to %#llx, which "
						"leaves the function, past "
						"every site",
						(unsigned long long)
						jumps[j].addr, last, what,
						(unsigned long long)arm[w]);
				else
					explain(p, "  %#llx: a jump of line %u, "
						"%s, goes to %#llx, code of "
						"line %u after it, past every "
						"site",
						(unsigned long long)
						jumps[j].addr, last, what,
						(unsigned long long)arm[w], ln);
			}
		}
	}
	free(from);
	free(to);
	free(pr.v);
}

/*
 * Does a conditional jump of the statement right before the marker, of
 * any kind ("if (strm->avail_in == 0 && gz_avail(state) == -1) return
 * -1;"), go straight to code after the marker, past every site?  The
 * compiler threaded that way through the marker's point (it knew the
 * marker's "if (strm->avail_in == 0)" false there: zlib's gz_decomp at
 * gcc -O1 to -Os, 0 hits of 2), and the probe misses the runs that take
 * it.  A way to the function's last line is its exit (the statement's
 * own return); a jump that a site comes before in a pass, or whose way
 * leads on to a site, is no miss; nor, when the statement returns, a way
 * that leaves the function straight (the returns' shared path).
 *
 * The same for a marker that an if's block (or its else's), or a for's or
 * a while's body, starts, with only plain statements before it there:
 * every way into the block runs the marker, and a test of the if (the
 * loop's head: its test and step) that jumps to code of the block after
 * the marker, past every site, is a way the probe misses (lua's packint()
 * at clang -O2: the loop unrolled by two, the marker's row once a pass,
 * the odd pass's copy of the body after the loop entered from the
 * head's test without it: 1 hit of 3; csmith's
 * "if (safe_div(-1, x) < ...) { decls; marker; ...": gcc -O2 split the
 * test on the inlined division's zero check, one way entering the block
 * at the marker's point, the other deep inside it: 0 hits of 1).
 */
static struct smk_error *threaded_past(struct smk_binary *b, Dwarf_Die *cu,
				       Dwarf_Die *root, const char *file,
				       const struct smk_marker *m,
				       const uint64_t *sites, size_t nsites,
				       struct smk_placement *p, bool *out)
{
	unsigned int first = 0, last = 0, own = 0, close = 0;
	struct smk_line_span past[16];
	size_t npast = 0;
	bool macro = false, loop = false;
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	bool returns = false;

	*out = false;
	if (!src || !nsites)
		return NULL;
	if (smk_source_prev_ways(b, src, m->line, m->rec.name, &first,
				 &last, &returns, past, 16, &npast,
				 &macro) == 1 &&
	    last < m->line) {
		struct jumps_from js = {
			first, last, UINT_MAX, past, npast, returns, !macro,
			false, "the statement before the marker"
		};

		jumps_past(b, cu, root, file, m, &js, sites, nsites, p, out);
	}
	if (!*out &&
	    smk_source_arm_entry(b, src, m->line, m->rec.name, &first,
				 &last, &own, &close, &loop) == 1 &&
	    last < m->line) {
		struct jumps_from js = {
			first, last, close, NULL, 0, false, false, loop, loop ?
			"a test of the loop whose body the marker starts" :
			"a test of the if whose block the marker starts"
		};

		jumps_past(b, cu, root, file, m, &js, sites, nsites, p, out);
	}
	return NULL;
}

/*
 * Did the compiler put the marker's point inside an arm of the statement
 * after it?  A marker right before "if (c) ..." whose only way in is a
 * conditional jump of code on that statement's line or later: the site
 * runs when the arm does, not each time the marker does (csmith's
 * "trace_simple(...); if (print_hash_value) printf(...)" at gcc -O2: 0
 * hits of 6, the largest class of the campaign's silent miscounts).
 */
static bool sunk_into_arm(struct smk_binary *b, Dwarf_Die *root,
			  const char *file, const struct smk_marker *m,
			  uint64_t addr, uint64_t *jump,
			  struct smk_placement *p)
{
	unsigned int next = 0, first = 0, last = 0;
	struct addrs rows = { 0 }, after = { 0 };
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	uint64_t pred, head = smk_code_block_head(b, addr);
	Dwarf_Line *l;
	Dwarf_Die cu;
	const char *lf;
	unsigned int steps;
	bool plain;
	int line;

	/* The only way into the site's basic block: a conditional jump of
	 * this copy's code (another copy's "if (v < 0) die(v);", inlined
	 * twice in a row, says nothing of this one's statements), or a
	 * lone jump to it, entered one way only in turn (gcc -O1 lays the
	 * arm out of line: "je past; jmp arm", csmith's threaded
	 * transparent_crc(), bench/campaign/repro/unswitched-loop, 0 hits
	 * of 36 when exact).  Not a block with code of its own before the
	 * jump: that is code between the test and the site (clang -O0
	 * ends every statement's block with a jump). */
	if (!src || !head || smk_code_preds(b, head, &pred, 1) != 1)
		return false;
	for (steps = 0; steps < 4 && !smk_code_cond_jump(b, pred); steps++) {
		uint64_t h = smk_code_block_head(b, pred);

		if (!h || h != pred || h == head ||
		    !smk_code_direct_jump(b, pred) ||
		    smk_code_preds(b, h, &pred, 1) != 1)
			return false;
	}
	if (!smk_code_cond_jump(b, pred) || !in_ranges(root, pred) ||
	    !dwarf_diecu(root, &cu, NULL, NULL) ||
	    nested_copy(&cu, root, pred))
		return false;
	*jump = pred;
	/* After a plain statement, the marker runs whichever way any
	 * condition of it went (gcc threads an inlined call's trailing
	 * "if (flag)" into the next one's: csmith's transparent_crc()). */
	plain = smk_source_prev_statement(b, src, m->line, m->rec.name,
					  &first, &last) == 1 &&
		last <= m->line;
	if (plain && last < m->line &&
	    (line = root_line(&cu, root, file, pred, false)) >=
	    (int)first &&
	    line <= (int)last) {
		/* The jump is that statement's own: the site is in one of
		 * its arms (the statement's inlined "if (flag) printf()",
		 * where gcc put the next line's first row). */
		explain(p, "  %#llx: its block is entered only by the "
			"conditional jump at %#llx, code of line %d, the "
			"plain statement before the marker",
			(unsigned long long)addr, (unsigned long long)pred,
			line);
		return true;
	}
	/* Reached through lone jumps: only that statement's own jump
	 * tells (unoptimized code jumps from each arm's test to its
	 * block, the marker's own if's among them). */
	if (steps)
		return false;
	if (plain &&
	    !line_rows(&cu, root, file, first, last, &rows, &after, NULL)) {
		/* The statement's code in the site's own block: the jump
		 * guards both (a loop's condition), nothing is sunk.  No
		 * code of it at all: nothing to tell. */
		bool sunk = rows.n > 0;
		size_t k;

		for (k = 0; k < rows.n; k++)
			if (rows.v[k] >= head && rows.v[k] <= addr)
				sunk = false;
		if (sunk)
			explain(p, "  %#llx: its block is entered only by the "
				"conditional jump at %#llx, and the plain "
				"statement before the marker has its code "
				"outside it", (unsigned long long)addr,
				(unsigned long long)pred);
		if (rows.n) {
			free(rows.v);
			free(after.v);
			return sunk;
		}
	}
	free(rows.v);
	free(after.v);
	/*
	 * A jump of code after the marker: the marker runs before any of
	 * it, so a site only that jump leads to runs on one of its ways
	 * (lua's "marker; return (idx > 0 || ispseudo(idx)) ? ...", gcc
	 * -O0: the line's row is the second test's, after the first
	 * test's jump, which gcc gives the ":" line).
	 */
	if ((line = root_line(&cu, root, file, pred, true)) > 0 &&
	    line > (int)marker_last_line(m)) {
		explain(p, "  %#llx: its block is entered only by the "
			"conditional jump at %#llx, code of line %d, after "
			"the marker", (unsigned long long)addr,
			(unsigned long long)pred, line);
		return true;
	}
	/* Before an if or a loop, by a jump of that statement's. */
	if (smk_source_conditional_after(b, src, m->line, m->rec.name,
					 &next) != 1 ||
	    !(l = dwarf_getsrc_die(&cu, pred)) || dwarf_lineno(l, &line) ||
	    !(lf = dwarf_linesrc(l, NULL, NULL)) ||
	    !smk_same_source(lf, file) || line < (int)next)
		return false;
	explain(p, "  %#llx: its block is entered only by the conditional "
		"jump at %#llx, of line %d, the statement after the marker",
		(unsigned long long)addr, (unsigned long long)pred, line);
	return true;
}

static enum rule judge_code(struct smk_binary *b, const char *file,
			    const struct smk_marker *m, uint64_t addr,
			    const struct smk_code_facts *fp, bool unoptimized);

/*
 * How many different addresses the copies of the marker's block are at:
 * copies the compiler merged into one address (the blocks of an unrolled
 * loop whose code was all computed away) are one site, which fires once.
 */
static size_t parts_apart(const struct smk_instance *in)
{
	size_t j, k, n = 0;

	for (j = 0; j < in->nparts; j++) {
		for (k = 0; k < j; k++)
			if (in->parts[k].addr == in->parts[j].addr)
				break;
		n += k == j;
	}
	return n;
}

/*
 * Does the other way out of the conditional jump that alone leads to the
 * site at @addr lead to another of the marker's @sites, in one pass of
 * the loops?  Then the compiler copied the marker's point into both arms
 * (csmith's transparent_crc(): the block after its "if (flag)" in each
 * arm), and the site in one arm is no miss.  Or to the site itself, which
 * only the jump leads to, when the other way is the jump's back edge: it
 * goes round the loop whose exit the jump is (an inlined loop's last test
 * before the marker).  Not when the site is the back edge's side: that is
 * the top of a loop's body (clang's "marker; for (...)" on one line).
 */
static bool other_arm_sited(struct smk_binary *b, uint64_t addr,
			    uint64_t pred, const uint64_t *sites,
			    size_t nsites, struct smk_placement *p)
{
	uint64_t head = smk_code_block_head(b, addr), taken, next, other;
	size_t k;

	if (!smk_code_cond_arms(b, pred, &taken, &next) ||
	    (taken != head && next != head))
		return false;
	other = taken == head ? next : taken;
	for (k = 0; k < nsites; k++)
		if ((sites[k] != addr ||
		     smk_code_goes_back(b, pred, other) == SMK_YES) &&
		    smk_code_reaches_pass(b, other, sites[k]) == SMK_YES) {
			/* The site itself only through the jump again: the
			 * other way goes round a loop whose exit it is. */
			explain(p, "  %#llx: the other way at %#llx leads to "
				"%s %#llx", (unsigned long long)addr,
				(unsigned long long)pred, sites[k] == addr ?
				"the jump again, round a loop, and so to" :
				"the copy at", (unsigned long long)sites[k]);
			return true;
		}
	return false;
}

/*
 * Is the site in the middle of a basic block whose head other paths
 * join, after code of the other arm of the if/else whose arm holds the
 * marker, or entered from code of another arm (of that if/else, or of
 * the switch whose case holds the marker)?  The compiler merged the
 * arms' common tails ("up->kind = ..." in both arms of lua's newupvalue
 * at gcc -O1 to -Os) and put the marker's point after the merged store:
 * the site runs for both arms (7 hits for 4).
 */
static bool merged_before(struct smk_binary *b, Dwarf_Die *root,
			  const char *file, const struct smk_marker *m,
			  uint64_t addr, struct smk_placement *p)
{
	uint64_t head = smk_code_block_head(b, addr), a, preds[32];
	struct smk_code_facts hf;
	char path[4096];
	const char *src;
	Dwarf_Die cu;
	unsigned int ln;
	size_t n, k;

	if (!head || head >= addr || !file ||
	    smk_code_facts(b, head, &hf) || !hf.decoded || !hf.join ||
	    !dwarf_diecu(root, &cu, NULL, NULL) ||
	    !(src = marker_source(b, m, file, path, sizeof(path))))
		return false;
	for (a = head; a && a < addr; a = smk_code_insn_end(b, a)) {
		ln = root_line(&cu, root, file, a, true);
		if (ln && smk_source_in_other_arm(b, src, m->line,
						  m->rec.name, ln) == 1) {
			explain(p, "  %#llx: in the block that other paths "
				"join at %#llx, after code of line %u, of the "
				"other arm", (unsigned long long)addr,
				(unsigned long long)head, ln);
			return true;
		}
	}
	/*
	 * The code before the site is the marker's arm's own, but the ways
	 * into the block come from other arms: their identical tails were
	 * cross-jumped into it (gcc -Os, lua's luaK_dischargevars():
	 * four case arms end "e->u.info = luaK_codeABC(...); e->k =
	 * VRELOC;", one store of them all, 85 hits for 3).
	 */
	n = smk_code_preds(b, head, preds, sizeof(preds) / sizeof(*preds));
	if (n == SIZE_MAX)
		return false;
	for (k = 0; k < n; k++) {
		/* The line of the pred's row, when that row's code runs
		 * straight on to it. */
		if (!in_ranges(root, preds[k]) ||
		    !row_start(b, dwarf_getsrc_die(&cu, preds[k]), preds[k]))
			continue;
		ln = root_line(&cu, root, file, preds[k], true);
		if (ln && (smk_source_in_other_arm(b, src, m->line,
						   m->rec.name, ln) == 1 ||
			   smk_source_in_other_case(b, src, m->line,
						    m->rec.name, ln) == 1)) {
			explain(p, "  %#llx: in the block that other paths "
				"join at %#llx, entered from %#llx, code of "
				"line %u, another arm", (unsigned long long)addr,
				(unsigned long long)head,
				(unsigned long long)preds[k], ln);
			return true;
		}
	}
	return false;
}

static enum rule judge(struct smk_binary *b, Dwarf_Die *root,
		       const char *file, const struct smk_marker *m,
		       uint64_t addr, size_t copies, const uint64_t *sites,
		       size_t nsites, struct smk_placement *p)
{
	bool entry_left = false, unopt = false;
	uint64_t jump = 0;
	struct smk_code_facts f;
	struct addrs before = { 0 }, after = { 0 };
	Dwarf_Die cu;
	enum rule r = RULE_OWN_BLOCK;

	/* Not decoded: nothing is known, so nothing is exact. */
	if (smk_code_facts(b, addr, &f) || !f.decoded) {
		explain(p, "  %#llx: code not decoded",
			(unsigned long long)addr);
		return RULE_UNDECODED;
	}
	if (!f.boundary) {
		explain(p, "  %#llx: starts no instruction: no site",
			(unsigned long long)addr);
		return RULE_NONE;
	}
	/*
	 * At the very entry of a function while statements before the
	 * marker have code of their own: the compiler removed the marker's
	 * block and left its empty range at the start (measured: such
	 * sites fired on every call).
	 */
	if (f.func_entry && file && dwarf_diecu(root, &cu, NULL, NULL)) {
		Dwarf_Attribute a;
		Dwarf_Word decl = 0;

		dwarf_formudata(dwarf_attr_integrate(root, DW_AT_decl_line, &a),
				&decl);
		if (decl && decl + 1 < m->line &&
		    !line_rows(&cu, root, file, decl + 1, m->line - 1, &before,
			       &after, NULL) && before.n)
			entry_left = true;
		free(before.v);
		free(after.v);
	}
	unopt = dwarf_diecu(root, &cu, NULL, NULL) &&
		smk_dwarf_cu_unoptimized(b, &cu);
	r = entry_left ? RULE_NONE : judge_code(b, file, m, addr, &f, unopt);
	if (r == RULE_OWN_BLOCK &&
	    sunk_into_arm(b, root, file, m, addr, &jump, p) &&
	    !other_arm_sited(b, addr, jump, sites, nsites, p))
		r = RULE_ARM_SUNK;
	if (r == RULE_OWN_BLOCK && !f.join &&
	    merged_before(b, root, file, m, addr, p))
		r = RULE_JOIN;
	/* Whatever else holds, a loop nesting that differs rules out
	 * counting the marker there. */
	explain(p, "  %#llx: %u predecessors%s%s%s%s%s: %s",
		(unsigned long long)addr, f.preds, f.func_entry ?
		", the function's entry" : "", f.condmove ? ", cmov/setcc" : "",
		f.vector ? ", packed SIMD" : "", entry_left ?
		", a removed block's range left at the entry" : "",
		unopt ? ", unoptimized" : "",
		r == RULE_OWN_BLOCK ? "no objection" : rules[r].name);
	r = loops_rule(b, root, file, m, addr, r, copies, sites, nsites, p);
	explain(p, "  %#llx: %s", (unsigned long long)addr,
		r == RULE_OWN_BLOCK ? "nothing against it" : rules[r].name);
	return r;
}

static enum rule judge_code(struct smk_binary *b, const char *file,
			    const struct smk_marker *m, uint64_t addr,
			    const struct smk_code_facts *fp, bool unoptimized)
{
	struct smk_code_facts f = *fp;
	enum rule r = RULE_OWN_BLOCK;

	/* Packed arithmetic outside a loop is straight-line code done two
	 * at a time (pt_move()'s x and y at gcc -O2), not a loop's. */
	if (f.vector && smk_code_in_loop(b, addr) != SMK_NO)
		r = RULE_VECTORIZED;
	/* gcc -O0 runs no if-conversion: its setcc and cmov compute
	 * values the source asks for. */
	else if (f.condmove && !outside_choices(b, m, file) && !unoptimized)
		r = RULE_CONDMOVE;
	/*
	 * Reached only through a switch's table: as many entries as case
	 * labels, or arms were merged (measured: tests/fidelity arm_op0 at
	 * gcc -O2/-O3/-Os, whose block sat on the target that case 1, the
	 * same code, shares: 6 hits for 3 before this check).
	 */
	else if (f.preds == 0 && !f.func_entry) {
		int slots = smk_code_table_slots(b, addr);

		/* A table not read (-1) may hold any number of them. */
		if (slots < 0 ||
		    (slots > 0 && case_labels(b, m, file) != slots))
			r = RULE_MERGED_ARMS;
	}
	else if (f.join)
		r = RULE_JOIN;
	return r;
}

/*
 * Is the marker all that a conditional arm holds (source.c)?  A relative
 * DWARF path is taken from the CU's compilation directory.  Without the
 * source the question stays open and nothing changes.
 */
static bool alone_in_arm(struct smk_binary *b, const struct smk_marker *m,
			 const char *file)
{
	char path[4096];

	file = marker_source(b, m, file, path, sizeof(path));
	return file && smk_source_marker_context(b, file, m->line,
						 m->rec.name) ==
		       SMK_SOURCE_ALONE_IN_ARM;
}

/*
 * Did the compiler keep the arm after all?  clang -O0 does: the marker's
 * line has a row of its own, and each site is reached from one conditional
 * jump only.  (Without the row, a single conditional jump proves nothing:
 * at gcc -Os the loop's condition leads to the site of a marker alone in
 * an else arm, tests/fidelity arm_pos.)
 */
static bool arms_kept(struct smk_binary *b, const struct smk_placement *p)
{
	size_t i;

	for (i = 0; i < p->nsites; i++) {
		uint64_t pred;
		bool cond;

		if (!smk_code_single_pred(b, p->sites[i].addr, &pred, &cond) ||
		    !cond)
			return false;
	}
	return true;
}

/*
 * trace_simple_exact() markers carry an anchor: a nop in the code with a
 * sys/sdt.h note (provider "simple_marker", the marker's name, its
 * arguments as asm operands).  Where the compiler kept the anchor there is
 * no guessing: each note of the marker inside one of its instances is a
 * site, and the operands are its arguments.
 */
static struct smk_error *place_anchors(struct smk_binary *b,
				       struct smk_marker *m,
				       struct smk_placement *p,
				       const struct smk_sdt_probe *notes,
				       const size_t *owner, size_t self,
				       size_t nnotes)
{
	struct smk_conv convs[SMK_RECORD_MAX_ARGS];
	const struct smk_conv *per_arg[SMK_RECORD_MAX_ARGS];
	struct smk_error *err;
	size_t i;

	arg_convs(&m->rec, smk_binary_is_kernel(b), convs, per_arg);
	for (i = 0; i < nnotes; i++) {
		const struct smk_sdt_probe *n = &notes[i];
		struct smk_site *s;
		unsigned int k, nf;

		if (owner[i] != self)
			continue;
		s = site_new(p);
		if (!s)
			return &smk_error_nomem;
		s->addr = n->pc;
		if (n->function && !(s->symbol = strdup(n->function)))
			return &smk_error_nomem;
		s->offset = n->function_offset;
		if (b->kind == SMK_BINARY_EXEC || b->kind == SMK_BINARY_DYN)
			smk_binary_file_offset(b, n->pc, &s->file_offset);
		err = smk_sdt_fetch(b, n, s->fetch, &nf);
		if (err)
			return err;
		s->nfetch = nf < m->rec.nargs ? nf : m->rec.nargs;
		for (k = nf; k > s->nfetch; k--)
			smk_fetch_deinit(&s->fetch[k - 1]);
		/* The marker's names, and strings where the format says so. */
		for (k = 0; k < s->nfetch; k++) {
			struct smk_fetch *f = &s->fetch[k];

			f->expr = m->rec.args[k];
			smk_fetch_name(f->expr, f->name, sizeof(f->name));
			if (f->spec && per_arg[k] && per_arg[k]->conv == 's') {
				char *str;

				if (asprintf(&str, "+0(%s)", f->spec) < 0)
					return &smk_error_nomem;
				free(f->spec);
				f->spec = str;
				snprintf(f->type, sizeof(f->type), "string");
			}
		}
	}
	return NULL;
}

/* Does one of @m's instances hold @pc? */
static bool in_instances(struct smk_binary *b, const struct smk_marker *m,
			 uint64_t pc)
{
	size_t j;

	for (j = 0; j < m->ninstances; j++) {
		Dwarf_Die root;

		if (dwarf_offdie(b->dwarf, m->instances[j].root, &root) &&
		    dwarf_haspc(&root, pc) == 1)
			return true;
	}
	return false;
}

/*
 * Give each anchor note to exactly one marker of its name: one whose
 * instances hold it (the least served, when a macro put several records of
 * one name in one function), else the only marker of that name, else none.
 * Per-marker matching counted a note once per same-name record; and clang
 * may inline a copy that its DWARF does not tie to the record.
 */
static void assign_anchors(struct smk_binary *b, struct smk_marker_set *set,
			   const struct smk_sdt_probe *notes, size_t nnotes,
			   size_t *owner)
{
	size_t *load = calloc(set->n ? set->n : 1, sizeof(*load));
	size_t i, k;

	for (i = 0; i < nnotes; i++) {
		size_t best = SIZE_MAX, only = SIZE_MAX, named = 0;

		owner[i] = SIZE_MAX;
		if (strcmp(notes[i].provider, "simple_marker"))
			continue;
		for (k = 0; k < set->n; k++) {
			struct smk_marker *m = &set->markers[k];

			if (strcmp(m->rec.name, notes[i].name))
				continue;
			named++;
			only = k;
			if (in_instances(b, m, notes[i].pc) &&
			    (best == SIZE_MAX || (load && load[k] < load[best])))
				best = k;
		}
		if (best == SIZE_MAX && named == 1)
			best = only;
		owner[i] = best;
		if (best != SIZE_MAX && load)
			load[best]++;
	}
	free(load);
}

/*
 * The marker opens a switch arm (smk_source_switch_arm(): literal case
 * labels, no fall-through into it, the switch on a plain variable), the
 * switch became a compare tree, and one point of the tree is entered for
 * exactly the arm's values and from the tree only: that point is the
 * marker's, reached once each time the switch picks the arm.  The head is
 * the first row of the switch's line in this copy, and the variable's
 * register there comes from DWARF.  clang -O2 gives the arms of
 * http_status_class() line 0 and its rows lead to the shared returns.
 */
static bool tree_arm(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		     Dwarf_Off root_off, const char *file,
		     const struct smk_marker *m, bool user, uint64_t *site)
{
	struct smk_switch_leaf leaves[32];
	struct addrs on = { 0 }, after = { 0 };
	struct smk_fetch f = { 0 };
	Dwarf_Die *scopes = NULL;
	char path[4096], expr[64];
	int64_t vals[16];
	uint64_t head = 0, preds[32];
	size_t nv = 0, nl, i, k, np;
	unsigned int sline = 0, reg = 0;
	int nscopes;
	bool found = false;

	if (smk_source_switch_arm(b, marker_source(b, m, file, path,
						   sizeof(path)),
				  m->line, m->rec.name, &sline, expr,
				  sizeof(expr), vals, 16, &nv) != 1 ||
	    line_rows(cu, root, file, sline, sline, &on, &after, NULL) ||
	    !on.n) {
		free(on.v);
		free(after.v);
		return false;
	}
	for (i = 0; i < on.n; i++)
		if (!head || on.v[i] < head)
			head = on.v[i];
	free(on.v);
	free(after.v);
	nscopes = smk_concrete_scopes(cu, head, root_off, &scopes);
	if (nscopes > 0 &&
	    !smk_fetch_build(b, scopes, nscopes, head, expr, NULL, user, &f) &&
	    f.spec && f.spec[0] == '%')
		reg = smk_code_x86_reg(f.spec + 1);
	smk_fetch_deinit(&f);
	free(scopes);
	if (!reg)
		return false;
	nl = smk_code_switch_leaves(b, head, reg, leaves,
				    sizeof(leaves) / sizeof(*leaves));
	if (nl == SIZE_MAX)
		return false;
	for (i = 0; i < nl && !found; i++) {
		uint64_t count = 0;

		/* exactly the labels' values */
		for (k = 0; k < leaves[i].nranges; k++)
			count += leaves[i].hi[k] - leaves[i].lo[k] + 1;
		if (count != nv)
			continue;
		for (k = 0; k < nv; k++) {
			uint64_t v = (uint32_t)vals[k];
			size_t r;

			for (r = 0; r < leaves[i].nranges; r++)
				if (v >= leaves[i].lo[r] && v <= leaves[i].hi[r])
					break;
			if (r == leaves[i].nranges)
				break;
		}
		if (k < nv)
			continue;
		/* reached from the tree only */
		np = smk_code_preds(b, leaves[i].addr, preds,
				    sizeof(preds) / sizeof(*preds));
		if (np == SIZE_MAX || !np)
			return false;
		for (k = 0; k < np; k++) {
			size_t q;

			for (q = 0; q < leaves[i].nfrom; q++)
				if (leaves[i].from[q] == preds[k])
					break;
			if (q == leaves[i].nfrom)
				return false;
		}
		*site = leaves[i].addr;
		found = true;
	}
	return found;
}

/*
 * The marker opens "if (COND) { markers; return X; }" (no else, one
 * jump decides COND: smk_source_if_return()).  The line table often
 * keeps nothing of such an arm: gcc gives its "ret" the closing brace's
 * row, clang its "mov; ret" too, so the next-line rules probe the wrong
 * return (find_hit: 2 hits of 3).  The conditional jumps of COND's lines
 * in this copy must be exactly one; of its two ways on, exactly one must
 * be an exit (straight to a ret, entered only from that jump): the arm,
 * which runs each time COND holds and only then.
 */
static bool if_return(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		      const char *file, const struct smk_marker *m,
		      uint64_t *site)
{
	struct smk_code_jump jumps[4], j = { 0 };
	struct smk_code_run runs[64];
	Dwarf_Lines *lines;
	unsigned int first = 0, last = 0;
	char path[4096];
	size_t nl, i, k, nj = 0, nr;
	uint64_t pred;
	bool t_exit = false, f_exit = false;

	if (smk_source_if_return(b, marker_source(b, m, file, path,
						  sizeof(path)),
				 m->line, m->rec.name, &first, &last) != 1 ||
	    dwarf_getsrclines(cu, &lines, &nl))
		return false;
	/* the conditional jumps in the code of COND's rows */
	for (i = 0; i + 1 < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Line *n = dwarf_onesrcline(lines, i + 1);
		const char *src = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		Dwarf_Addr a, e;
		bool end;
		int ln;

		if (!src || !n || dwarf_lineno(l, &ln) || ln < (int)first ||
		    ln > (int)last || dwarf_lineendsequence(l, &end) || end ||
		    dwarf_lineaddr(l, &a) || dwarf_lineaddr(n, &e) || e <= a ||
		    !smk_same_source(src, file) || !in_ranges(root, a))
			continue;
		k = smk_code_cond_jumps(b, a, e, jumps, 4);
		if (k == SIZE_MAX || nj + k > 1)
			return false;
		if (k) {
			j = jumps[0];
			nj = 1;
		}
	}
	if (nj != 1 || !in_ranges(root, j.taken) || !in_ranges(root, j.fall))
		return false;
	nr = smk_code_exits(b, j.addr, runs, sizeof(runs) / sizeof(*runs));
	if (nr == SIZE_MAX)
		return false;
	for (k = 0; k < nr; k++) {
		t_exit |= runs[k].start == j.taken;
		f_exit |= runs[k].start == j.fall;
	}
	if (t_exit == f_exit)
		return false;
	*site = t_exit ? j.taken : j.fall;
	return smk_code_preds(b, *site, &pred, 1) == 1 && pred == j.addr;
}

/* Is each of @sites entered only through the marker (joined_through)? */
static bool all_joined(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		       const char *file, const struct smk_marker *m,
		       const struct addrs *sites, struct path_check *c)
{
	size_t q;

	for (q = 0; q < sites->n; q++)
		if (!joined_through(b, cu, root, file, m, sites->v[q], c))
			return false;
	return sites->n > 0;
}

/*
 * Does a copy of the code after the marker run on a path that misses all
 * of @sites (bypassed(), exit_copied())?
 */
static struct smk_error *tail_left(struct smk_binary *b, Dwarf_Die *cu,
				   Dwarf_Die *root, const char *file,
				   const struct smk_marker *m,
				   const struct addrs *sites,
				   const struct path_check *c, bool *bp)
{
	struct smk_error *err;
	size_t q;

	err = bypassed(b, cu, root, file, marker_last_line(m), sites->v,
		       sites->n, bp);
	for (q = 0; q < sites->n && !err && !*bp; q++)
		*bp = exit_copied(b, cu, root, file, marker_last_line(m),
				  sites->v[q], sites->v, sites->n, c);
	return err;
}

/*
 * The rules a placement went through: the worst one gives the verdict,
 * and the worst of each direction says which ways it may err.
 */
struct verdict {
	enum rule worst;
	bool over, under;
	enum rule over_rule, under_rule;
};

static void note(struct verdict *v, enum rule r)
{
	if (r > v->worst)
		v->worst = r;
	if (rules[r].dir == SMK_DIRECTION_OVER && (!v->over ||
						    r > v->over_rule)) {
		v->over = true;
		v->over_rule = r;
	} else if (rules[r].dir == SMK_DIRECTION_UNDER &&
		   (!v->under || r > v->under_rule)) {
		v->under = true;
		v->under_rule = r;
	}
}

/*
 * Is line @next, the next one after the marker with code, on every path
 * through the marker (smk_source_falls_to())?  1 yes, 0 no, -1 unknown.
 * The "next line" rules took the next line of the file for the statement
 * that runs next; after "if (c) { marker; return -1; }" that is the other
 * branch (examples/shop order_short, probed on every successful order).
 */
static int on_path(struct smk_binary *b, const struct smk_marker *m,
		   const char *file, int next)
{
	char path[4096];

	if (next <= 0)
		return -1;
	file = marker_source(b, m, file, path, sizeof(path));
	return file ? smk_source_falls_to(b, file, m->line, m->rec.name,
					  next) : -1;
}

/*
 * Give @p rule @r's verdict, name and reason (replacing any it had).  No
 * probe means no sites: a definition is printed only for a placement
 * whose direction is known.
 */
static struct smk_error *set_rule(struct smk_placement *p, enum rule r)
{
	size_t i;

	free(p->rule);
	free(p->reason);
	p->reason = NULL;
	p->verdict = rules[r].verdict;
	p->direction = rules[r].dir;
	p->rule = strdup(rules[r].name);
	if (!p->rule || (rules[r].reason &&
			 !(p->reason = strdup(rules[r].reason))))
		return &smk_error_nomem;
	if (p->verdict == SMK_VERDICT_NOT_FOUND) {
		for (i = 0; i < p->nsites; i++)
			smk_site_deinit(&p->sites[i]);
		p->nsites = 0;
	}
	return NULL;
}

/*
 * @p would err both ways: fire on other paths (rule @over) and miss some
 * of the marker's runs (rule @under).  Its hits could then be anything,
 * so it gets no probe, only the reason.
 */
static struct smk_error *both_ways(struct smk_placement *p, const char *over,
				   const char *under)
{
	struct smk_error *err;
	char *r;

	/* Before set_rule(): @over or @under may be p->rule itself. */
	if (asprintf(&r, "a probe would both fire on other paths (%s) and "
		     "miss some of the marker's runs (%s): its hits could be "
		     "more or fewer, so there is none", over, under) < 0)
		return &smk_error_nomem;
	err = set_rule(p, RULE_BOTH_WAYS);
	if (err) {
		free(r);
		return err;
	}
	free(p->reason);
	p->reason = r;
	return NULL;
}

/*
 * A later pass (shared sites, folded functions, refused sections) finds
 * that @p errs the way of rule @r: an exact placement becomes @r, one
 * that errs the other way becomes no probe.
 */
static struct smk_error *demote(struct smk_placement *p, enum rule r)
{
	if (p->verdict == SMK_VERDICT_EXACT ||
	    (p->verdict == SMK_VERDICT_APPROX && p->direction == rules[r].dir))
		return set_rule(p, r);
	if (p->verdict != SMK_VERDICT_APPROX)
		return NULL;
	return p->direction == SMK_DIRECTION_OVER ?
	       both_ways(p, p->rule, rules[r].name) :
	       both_ways(p, rules[r].name, p->rule);
}

/* How many of the @n lines @lines of @file have a row in unit @cu's
 * line table (one walk of it)? */
static size_t lines_with_code(Dwarf_Die *cu, const char *file,
			      const unsigned int *lines, size_t n)
{
	bool found[256] = { false };
	Dwarf_Lines *tab;
	size_t ntab, i, k, count = 0;

	if (n > sizeof(found) / sizeof(*found) ||
	    dwarf_getsrclines(cu, &tab, &ntab) != 0)
		return 0;
	for (i = 0; i < ntab; i++) {
		Dwarf_Line *l = dwarf_onesrcline(tab, i);
		const char *f = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		int ln;

		if (!f || dwarf_lineno(l, &ln) || ln <= 0)
			continue;
		for (k = 0; k < n; k++)
			if (!found[k] && lines[k] == (unsigned int)ln &&
			    smk_same_source(f, file))
				found[k] = true;
	}
	for (k = 0; k < n; k++)
		count += found[k];
	return count;
}

/* The code ranges of DIE @die, appended; false when they do not fit. */
static bool die_ranges(Dwarf_Die *die, uint64_t *lo, uint64_t *hi, size_t *n,
		       size_t max)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (*n == max)
			return false;
		lo[*n] = start;
		hi[(*n)++] = end;
	}
	return off == 0;
}

/*
 * Does nothing in the file enter the marker's out-of-line copies (its
 * function, and the clones of it that hold the marker): no call, jump,
 * address taken or export of them?  Proven by smk_code_referenced()
 * for executables and shared libraries; anything else is "no".
 */
static bool own_copies_unentered(struct smk_binary *b,
				 const struct smk_marker *m)
{
	enum { MAXR = 256 };
	uint64_t lo[MAXR], hi[MAXR];
	size_t i, n = 0;

	for (i = 0; i < m->ninstances; i++) {
		Dwarf_Die root;

		if (m->instances[i].inlined)
			continue;
		if (!dwarf_offdie(b->dwarf, m->instances[i].root, &root) ||
		    !die_ranges(&root, lo, hi, &n, MAXR))
			return false;
	}
	return n && smk_code_referenced(b, lo, hi, n) == SMK_NO;
}

/*
 * Did calls of the marker's function leave no copy behind?  A function
 * with no code of its own runs only in its inlined copies, one a call; a
 * call the source makes that has no DW_TAG_inlined_subroutine left was
 * inlined with every trace of it dropped (its code merged into the
 * caller's), or removed as dead: either way no site stands for it, and a
 * run through it is missed (csmith's func_32, "decls; marker; return
 * *p;", called four times, two copies left at gcc -O2: 2 hits of 4).
 * The source's count is of the calls it can see (smk_source_call_lines():
 * at most the truth), and only of those on a line that has code in the
 * unit (a call in code removed as dead leaves its line without any:
 * csmith's dead branches), so more calls than copies is proof of a loss.
 * A function with code of its own may be called, so nothing is said
 * then, unless nothing in the file enters that code (no call, jump,
 * address or export of it): then the calls the source makes that no
 * DW_TAG_inlined_subroutine stands for either were inlined with every
 * trace dropped or are dead code, and nothing tells which.  clang -O1 to
 * -O3 inlined bzip2's BZ2_bsInitWrite() into its one caller with no DIE
 * and no row of its lines, leaving a global copy that never runs (0 hits
 * of 1 at its entry).  Fail closed: under (a marker that never runs is
 * not missed either).  Unoptimized code inlines only always_inline
 * functions, with a DIE for each copy: there, no copy and no way into
 * the function's code is a function that never runs (gcc -O0 deletes
 * its calls in dead code: csmith's func_20, called from an arm ruled
 * out), and its sites, which never fire, are exact.
 */
static struct smk_error *calls_lost(struct smk_binary *b,
				    const struct smk_marker *m,
				    const char *file, struct smk_placement *p,
				    struct verdict *acc)
{
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	struct smk_error *err;
	Dwarf_Die root, cu, fn;
	Dwarf_Attribute a;
	Dwarf_Word decl = 0;
	const char *name;
	unsigned int calls[256];
	size_t ninl = 0, ncalls = 0, n = 0;
	bool code = false;

	if (!src || !m->ninstances ||
	    !dwarf_offdie(b->dwarf, m->instances[0].root, &root) ||
	    !dwarf_diecu(&root, &cu, NULL, NULL) ||
	    !dwarf_offdie(b->dwarf, smk_dwarf_origin(&root), &fn) ||
	    !(name = dwarf_diename(&fn)) ||
	    dwarf_formudata(dwarf_attr_integrate(&fn, DW_AT_decl_line, &a),
			    &decl) || !decl || decl > UINT_MAX)
		return NULL;
	err = smk_dwarf_copies(b, &cu, dwarf_dieoffset(&fn), &ninl, &code);
	if (err ||
	    smk_source_call_lines(b, src, name, (unsigned int)decl, calls,
				  sizeof(calls) / sizeof(*calls), &n) != 1 ||
	    n <= ninl)
		return err;
	if (code) {
		if (!own_copies_unentered(b, m))
			return NULL;
		/* Unoptimized code inlines only what it records: no copy
		 * and no way in, the function never runs, nor its sites. */
		if (!ninl && smk_dwarf_cu_unoptimized(b, &cu)) {
			explain(p, "  nothing in the file enters %s's own "
				"code (no call, jump, address or export of "
				"it), and unoptimized code left no inlined "
				"copy: it never runs (the source's %zu "
				"call%s dead code), nor do its sites", name,
				n, n == 1 ? " is" : "s are");
			return NULL;
		}
		explain(p, "  nothing in the file enters %s's own code (no "
			"call, jump, address or export of it), %zu inlined "
			"cop%s, and the source calls it on %zu line%s: calls "
			"may have been inlined with no record of them", name,
			ninl, ninl == 1 ? "y" : "ies", n, n == 1 ? "" : "s");
		note(acc, RULE_PARTIAL);
		return NULL;
	}
	ncalls = lines_with_code(&cu, file, calls, n);
	if (ncalls <= ninl)
		return NULL;
	explain(p, "  %s has no code of its own and %zu inlined cop%s, and "
		"the source calls it %zu times: calls left no copy", name,
		ninl, ninl == 1 ? "y" : "ies", ncalls);
	note(acc, RULE_PARTIAL);
	return NULL;
}

/* copy_bypassed() for each inlined copy, against all the sites. */
static struct smk_error *copies_bypassed(struct smk_binary *b,
					 const struct smk_marker *m,
					 const char *file,
					 struct smk_placement *p,
					 struct verdict *acc)
{
	uint64_t *all = malloc(p->nsites * sizeof(*all));
	bool bp = false, untold = false;
	size_t i;

	if (!all)
		return &smk_error_nomem;
	for (i = 0; i < p->nsites; i++)
		all[i] = p->sites[i].addr;
	for (i = 0; i < m->ninstances && !bp; i++) {
		Dwarf_Die root, cu;

		if (!m->instances[i].inlined ||
		    !dwarf_offdie(b->dwarf, m->instances[i].root, &root) ||
		    !dwarf_diecu(&root, &cu, NULL, NULL))
			continue;
		copy_bypassed(b, &cu, &root, file, m, all, p->nsites, p, &bp,
			      &untold);
	}
	free(all);
	if (bp)
		note(acc, RULE_PARTIAL);
	else if (untold)
		note(acc, RULE_UNKNOWN);	/* nothing proven: fail closed */
	return NULL;
}

/*
 * Is the row at @from, code of a line before the marker that runs
 * straight on to a site, code of the marker's own block: after the "{"
 * that opens it, the marker a statement of it?  Only then does the
 * source go from that code to the marker.  A row before the block is
 * another arm's (csmith's "if (...) {...} else {...; marker; for ...}"
 * at gcc -O1: the else arm removed whole, the then arm's last row runs
 * straight on to the statement after the if, 1 hit where the marker
 * never runs), or the code before an if whose test the compiler decided.
 * A row of the "{" line itself is the if's test ("if (c) {"), except for
 * the function's body: whatever comes before it is its entry (the
 * prologue, on the "{" line or, K&R style, on the name's; the caller's
 * code going into an inlined copy).
 * Code before the whole if, or of the block's own test, that runs
 * straight on into the block's own code at @to (an if's block, or its
 * else's, with only plain statements before the marker there) entered
 * the block: the test was decided that way ("if ((*p = 8L)) { marker;
 * ...").  Code of another arm of the if never enters it.  Without the
 * source: not known, so not straight.
 */
static bool in_marker_block(struct smk_binary *b, const struct smk_marker *m,
			    const char *file, Dwarf_Die *cu, Dwarf_Die *root,
			    uint64_t from, uint64_t to)
{
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	Dwarf_Line *l = dwarf_getsrc_die(cu, from);
	Dwarf_Line *lt = dwarf_getsrc_die(cu, to);
	unsigned int open = 0, hf, hl, own, close;
	Dwarf_Word decl = 0;
	Dwarf_Attribute a;
	bool body = false;
	int ln, lnt;

	if (dwarf_formudata(dwarf_attr_integrate(root, DW_AT_decl_line, &a),
			    &decl) || decl > UINT_MAX)
		decl = 0;
	if (!src || !l || dwarf_lineno(l, &ln) || ln <= 0 ||
	    smk_source_block_open(b, src, m->line, m->rec.name,
				  (unsigned int)decl, &open, &body) != 1)
		return false;
	/* A row of the block before the marker; not one of a line after
	 * it that the compiler scheduled early (gcc -O2, the marker's else
	 * arm deleted as its if was decided, a row of a line after the
	 * if/else before the next line's code: 1 hit for 0). */
	if (((unsigned int)ln > open && (unsigned int)ln <= m->line) || body)
		return true;
	return lt && !dwarf_lineno(lt, &lnt) &&
	       (unsigned int)lnt >= m->line &&
	       smk_source_arm_entry(b, src, m->line, m->rec.name, &hf, &hl,
				    &own, &close, NULL) == 1 &&
	       (unsigned int)lnt < close &&
	       ((unsigned int)ln < hf ||
		(own && (unsigned int)ln >= own && (unsigned int)ln <= hl));
}

/*
 * Is the instruction at @a entered only from the code [@lo, @hi) (every
 * way in, smk_code_preds(), from inside it)?  Entered from nowhere:
 * @none says.  False when unknown.
 */
static bool entered_only_from(struct smk_binary *b, uint64_t a, uint64_t lo,
			      uint64_t hi, bool none)
{
	uint64_t preds[16];
	size_t n, k;

	n = smk_code_preds(b, a, preds, sizeof(preds) / sizeof(*preds));
	if (n == SIZE_MAX || (!n && !none))
		return false;
	for (k = 0; k < n; k++)
		if (preds[k] < lo || preds[k] >= hi)
			return false;
	return true;
}

/*
 * The end of a statement's code [@lo, @hi), past the rows of line 0 that
 * follow it: unoptimized clang gives the jumps that end an if's arms
 * ("jmp .+5", one per arm of an else-if chain, falling into each other)
 * no line.  They are the statement's when only its code leads into them
 * (smk_code_preds() of each instruction inside [@lo, the new end)).
 */
static uint64_t glue_after(struct smk_binary *b, Dwarf_Lines *lines,
			   size_t nlines, Dwarf_Die *root, uint64_t lo,
			   uint64_t hi, struct smk_placement *p)
{
	uint64_t end = hi, a, q;
	size_t i;
	bool grew;

	do {
		grew = false;
		for (i = 0; i + 1 < nlines; i++) {
			Dwarf_Line *l = dwarf_onesrcline(lines, i);
			Dwarf_Addr ra, e;
			int ln;
			bool endseq;

			if (!l || dwarf_lineaddr(l, &ra) || ra != end ||
			    dwarf_lineno(l, &ln) || ln != 0 ||
			    dwarf_lineendsequence(l, &endseq) || endseq ||
			    !in_ranges(root, ra) ||
			    dwarf_lineaddr(dwarf_onesrcline(lines, i + 1), &e) ||
			    e <= ra || e - ra > 256)
				continue;
			end = e;
			grew = true;
			break;
		}
	} while (grew && end - hi < 4096);
	if (end == hi)
		return hi;
	/* Entered only from the statement's code. */
	for (a = hi; a < end; a = q) {
		q = smk_code_insn_end(b, a);
		if (!q || q > end || !entered_only_from(b, a, lo, end, true))
			return hi;
	}
	explain(p, "  %#llx to %#llx: code of no line after the statement "
		"before, entered only from it: its end",
		(unsigned long long)hi, (unsigned long long)end);
	return end;
}

/* The addresses [*@lo, *@hi) of the rows of lines @pf to @pl in @root's
 * own code; false when there are none. */
static bool stmt_extent(Dwarf_Die *cu, Dwarf_Die *root, Dwarf_Lines *lines,
			size_t nlines, const char *file, unsigned int pf,
			unsigned int pl, uint64_t *lo, uint64_t *hi)
{
	size_t i;

	*lo = UINT64_MAX;
	*hi = 0;
	for (i = 0; i + 1 < nlines; i++) {
		Dwarf_Addr a, e;
		int ln;

		if (row_extent(lines, i, file, &a, &e, &ln) &&
		    in_ranges(root, a) && !nested_copy(cu, root, a) &&
		    ln >= (int)pf && ln <= (int)pl) {
			*lo = a < *lo ? a : *lo;
			*hi = e > *hi ? e : *hi;
		}
	}
	return *hi != 0;
}

/*
 * Unoptimized code: the plain statements right before the marker that
 * compile to nothing (no row of their lines in the function: a macro
 * that expands to nothing, as zlib's Tracecv() without ZLIB_DEBUG, a
 * "(void)0") are no code between the statement before them and the
 * marker.  The nearest plain statement back with code, no ?: or && of
 * its own, no block or label between (smk_source_prev_nth()): true with
 * its lines in *@pf, *@pl.  Unoptimized code has a row for each
 * statement with code: no row is no code.
 */
static bool codeless_before(struct smk_binary *b, Dwarf_Die *cu,
			    Dwarf_Die *root, Dwarf_Lines *lines,
			    size_t nlines, const char *file, const char *src,
			    const struct smk_marker *m, unsigned int *pf,
			    unsigned int *pl, struct smk_placement *p)
{
	unsigned int n, f, l, skipped = 0, from = 0;
	uint64_t lo, hi;
	bool head, cond;

	for (n = 0; n < 8; n++) {
		cond = false;
		if (smk_source_prev_nth(b, src, m->line, m->rec.name, n, &f,
					&l, &head, &cond) != 1 || head ||
		    l >= m->line)
			break;
		if (!stmt_extent(cu, root, lines, nlines, file, f, l, &lo,
				 &hi)) {
			skipped = skipped ? skipped : l;
			from = f;
			continue;
		}
		if (!skipped || cond)
			break;
		explain(p, "  lines %u to %u before the marker compile to "
			"nothing (no row, unoptimized code): the statement "
			"before them (lines %u to %u) goes on to it", from,
			skipped, f, l);
		*pf = f;
		*pl = l;
		return true;
	}
	return false;
}

/*
 * Unoptimized code (gcc -O0, by its DW_AT_producer) keeps each statement's
 * code whole, in one run of addresses, in source order.  The last
 * instruction of the plain statement right before the marker runs exactly
 * when that statement completes, and so exactly when the marker runs: if
 * control leaves the statement's code only by falling off its end (no
 * jump out, no return: a macro may hide one), and it is not a call (one
 * that does not return, a longjmp, would count a run that never happens).
 * Where the code after the marker is a join (the marker ends an if's arm,
 * other paths meet after it) or not on its path (a then arm's end, its
 * jump over the else), no instruction there runs only when the marker
 * does, but that one does: gcc -O0 "if (g->firstold1) { markold(...);
 * g->firstold1 = NULL; marker; }" (lua's youngcollection: 2 hits for 1
 * at the join).  Its values are read before it runs: prev_end_values()
 * drops what it may write.
 * When that instruction is a call, or the statement before is an if, a
 * loop or a switch (smk_source_prev_any(), no return in it), the
 * instruction after the statement's code, when every way out of that
 * code goes there and no other way leads there
 * (smk_code_range_completes_at()), runs exactly when the statement
 * completes (gcc -O0 "if (r1 > r2) { freereg(fs, r1); freereg(fs, r2);
 * marker; } else ...": the then arm's jump over the else, under the line
 * after the if; lua's freeregs(), which had no site); *@after says so,
 * and the values there are the statement's completed ones.
 */
static bool prev_end(struct smk_binary *b, Dwarf_Die *cu, Dwarf_Die *root,
		     const char *file, const struct smk_marker *m,
		     uint64_t *out, uint64_t *start, bool *after,
		     struct smk_placement *p)
{
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	unsigned int pf = 0, pl = 0;
	uint64_t lo = UINT64_MAX, hi = 0, last = 0;
	struct smk_code_writes w;
	Dwarf_Lines *lines;
	size_t nlines, i;

	bool plain, returns = false, leaves = false;
	unsigned int next_line = 0;

	if (!src || !smk_dwarf_cu_unoptimized(b, cu) ||
	    dwarf_getsrclines(cu, &lines, &nlines) != 0)
		return false;
	plain = codeless_before(b, cu, root, lines, nlines, file, src, m,
				&pf, &pl, p) ||
		smk_source_prev_statement(b, src, m->line, m->rec.name, &pf,
					  &pl) == 1;
	if (!plain && (smk_source_prev_any(b, src, m->line, m->rec.name, &pf,
					   &pl, &returns) != 1 || returns) &&
	    (smk_source_prev_leaves(b, src, m->line, m->rec.name, &pf, &pl,
				    &leaves, &next_line) != 1 || !leaves))
		return false;
	if (pl >= m->line)
		return false;
	if (!stmt_extent(cu, root, lines, nlines, file, pf, pl, &lo, &hi))
		return false;	/* no code of its own */
	hi = glue_after(b, lines, nlines, root, lo, hi, p);
	/* One run of addresses: no row of another line inside it (line 0,
	 * the compiler's own code, is the statement's there). */
	for (i = 0; i + 1 < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		const char *f = l ? dwarf_linesrc(l, NULL, NULL) : NULL;
		Dwarf_Addr a;
		int ln;

		if (!l || dwarf_lineaddr(l, &a) || a < lo || a >= hi)
			continue;
		if (!dwarf_lineno(l, &ln) && ln == 0)
			continue;
		if (!f || !smk_same_source(f, file) || dwarf_lineno(l, &ln) ||
		    ln < (int)pf || ln > (int)pl)
			return false;
	}
	*start = lo;
	*after = false;
	if (plain && smk_code_range_exits(b, lo, hi, &last) == SMK_NO &&
	    last && smk_code_insn_writes(b, last, &w) && !w.call) {
		explain(p, "  %#llx: the last instruction of the statement "
			"before the marker (lines %u to %u, unoptimized "
			"code, %#llx to %#llx, left only at its end)",
			(unsigned long long)last, pf, pl,
			(unsigned long long)lo, (unsigned long long)hi);
		*out = last;
		return true;
	}
	/* A call at its end, or an if, loop or switch: the instruction
	 * after its code, when only that code leads there.  With ways out
	 * past the marker (smk_source_prev_leaves()), each jump to it from
	 * that code is still the statement completing, when it is the
	 * code of the statement after the marker: no way out lands there. */
	if (leaves) {
		Dwarf_Line *l = dwarf_getsrc_die(cu, hi);
		Dwarf_Addr la;
		int ln;

		if (!l || dwarf_lineaddr(l, &la) || la != hi ||
		    dwarf_lineno(l, &ln) || ln < (int)m->line ||
		    ln > (int)next_line ||
		    !entered_only_from(b, hi, lo, hi, false))
			return false;
		explain(p, "  %#llx: the statement before the marker (lines "
			"%u to %u) has ways out past it; this code of line "
			"%d, after it, is entered only from it",
			(unsigned long long)hi, pf, pl, ln);
	} else if (smk_code_range_completes_at(b, lo, hi) != SMK_YES)
		return false;
	explain(p, "  %#llx: the instruction after the statement before the "
		"marker (lines %u to %u, unoptimized code, %#llx to %#llx), "
		"which only that code leads to", (unsigned long long)hi, pf,
		pl, (unsigned long long)lo, (unsigned long long)hi);
	*out = hi;
	*after = true;
	return true;
}

/*
 * A fetch of @spec (of @type) that the instruction at @addr, not yet run
 * when the probe there fires, may change: a register it writes; memory
 * if it writes any, but for a store to a frame slot of its own and a
 * fetch of another slot ("N(%bp)"), which unoptimized code is made of.
 */
static bool changed_by(struct smk_binary *b, uint64_t addr, const char *spec,
		       const char *type)
{
	struct smk_code_writes w;
	struct smk_fetchtype ft;
	unsigned int bytes;
	uint64_t c, mask;
	int64_t off;

	if (!spec || fetch_const(spec, type, &c, &mask))
		return false;	/* a constant */
	if (!smk_code_insn_writes(b, addr, &w))
		return true;
	if (w.store && (strchr(spec, '(') || strchr(spec, '@')) &&
	    (!w.frame || !frame_slot(spec, type, &off, &bytes, &ft) ||
	     (off < (int64_t)w.frame_disp + w.frame_size &&
	      (int64_t)w.frame_disp < off + bytes)))
		return true;
	return site_writes(b, addr, spec);
}

/*
 * The value that the instruction at @addr, a mov to the frame slot that
 * @spec (of @type) reads, stores there: the register or the constant it
 * moves, as a spec into @buf.  False when it is not such a mov.
 */
static bool stored_value(struct smk_binary *b, uint64_t addr,
			 const char *spec, const char *type, char *buf,
			 size_t size)
{
	struct smk_code_writes w;
	struct smk_fetchtype ft;
	unsigned int bytes, bits;
	int64_t off;

	if (!spec || !smk_code_insn_writes(b, addr, &w) || !w.frame ||
	    !frame_slot(spec, type, &off, &bytes, &ft) ||
	    off != w.frame_disp || bytes != w.frame_size)
		return false;
	bits = ft.bits;
	if (w.stored_reg)
		return (size_t)snprintf(buf, size, "%%%s", w.stored_reg) < size;
	if (!w.stored_imm)
		return false;
	if (ft.kind == SMK_FTYPE_S) {
		int64_t v = bits == 64 ? w.stored_val :
			    (int64_t)((uint64_t)w.stored_val << (64 - bits)) >>
			    (64 - bits);

		return (size_t)snprintf(buf, size, "\\%lld",
					(long long)v) < size;
	}
	return (size_t)snprintf(buf, size, "\\%llu", (unsigned long long)
				(bits == 64 ? (uint64_t)w.stored_val :
				 (uint64_t)w.stored_val &
				 ((1ULL << bits) - 1))) < size;
}

/*
 * More rows start the statement after the marker than the marker has
 * copies: is one of them a way on that passes none of the marker's sites
 * @sites, so that the marker runs there unseen (a tail the compiler
 * duplicated: "if (a) x(); else y(); marker; z();" with z() copied into
 * both arms and the marker kept in one)?  A row that every path of one
 * pass of the loops around it, from its function's entry, reaches only
 * through a site is not: it is the marker's way on seen again (a while
 * loop's test, evaluated before the loop and again at its bottom, after
 * the body), or it follows a site in its block.  A marker runs at most
 * once in one pass (a second run takes a loop's back edge), and the site
 * passed on the way is that run's.  Unknown flow, a row in another
 * function (a .cold part) or no memory: a bypass.
 */
static bool next_bypasses(struct smk_binary *b, struct smk_placement *p,
			  const struct addrs *next, const struct addrs *sites)
{
	size_t j, k;

	for (j = 0; j < next->n; j++) {
		const struct smk_symbol *sym =
			smk_binary_symbol_at(b, next->v[j]);

		for (k = 0; k < sites->n; k++)
			if (sites->v[k] == next->v[j])
				break;
		if (k < sites->n)
			continue;	/* a site's own row */
		for (k = 0; k < sites->n; k++)
			if (smk_binary_symbol_at(b, sites->v[k]) == sym)
				break;
		if (!sym || k == sites->n ||
		    smk_code_reached_around(b, next->v[j], sites->v,
					    sites->n) != SMK_NO) {
			explain(p, "  %#llx: a copy of the next "
				"statement reached around the marker's "
				"sites", (unsigned long long)next->v[j]);
			return true;
		}
		explain(p, "  %#llx: a copy of the next statement, "
			"reached only through the marker's sites",
			(unsigned long long)next->v[j]);
	}
	return false;
}

/* prev_end()'s site @s: the values its instruction may still change,
 * but for the one it stores, read from what it stores. */
static struct smk_error *prev_end_values(struct smk_binary *b,
					 struct smk_site *s)
{
	static const char why[] = "the probe is on the last instruction of "
		"the statement before the marker, which may change it";
	struct smk_error *err = NULL;
	unsigned int i, k;
	char buf[64];

	for (i = 0; i < s->nfetch && !err; i++) {
		struct smk_fetch *f = &s->fetch[i];
		bool hit;

		if (f->how != SMK_FETCH_COMPUTED &&
		    stored_value(b, s->addr, f->spec, f->type, buf,
				 sizeof(buf))) {
			char *spec = strdup(buf);

			if (!spec)
				return &smk_error_nomem;
			free(f->spec);
			f->spec = spec;
			continue;
		}
		hit = changed_by(b, s->addr, f->spec, f->type);

		if (f->how == SMK_FETCH_COMPUTED)
			for (k = 0; k < f->ninputs; k++)
				hit |= changed_by(b, s->addr,
						  f->inputs[k].spec,
						  f->inputs[k].type);
		if (hit && (f->spec || f->how == SMK_FETCH_COMPUTED))
			err = refuse(f, why);
	}
	return err;
}

/*
 * Dead code by the source ("return x; marker;" inside an arm, lua's
 * str_find_aux; an arm a constant condition rules out): RULE_NEVER, or
 * RULE_DEAD when the proof takes a function for one that does not return
 * by its name only; RULE_NONE when the source does not tell.
 */
static enum rule dead_by_source(struct smk_binary *b,
				const struct smk_marker *m, const char *file,
				struct smk_placement *p)
{
	char path[4096];
	const char *src = marker_source(b, m, file, path, sizeof(path));
	bool named = false;

	if (!src || smk_source_marker_dead(b, src, m->line, m->rec.name,
					   &named) != 1)
		return RULE_NONE;
	explain(p, "no path of the source reaches the marker%s",
		named ? ", if the functions taken by their names not to "
		"return (exit(), panic()) are those" : "");
	return named ? RULE_DEAD : RULE_NEVER;
}

static struct smk_error *place_one(struct smk_binary *b, struct smk_marker *m,
				   struct smk_placement *p, unsigned int flags,
				   const struct smk_sdt_probe *notes,
				   const size_t *owner, size_t self,
				   size_t nnotes)
{
	unsigned long unknowns = smk_code_unknowns(b);
	struct verdict acc = { .worst = RULE_OWN_BLOCK };
	struct smk_error *err = NULL;
	size_t missing = 0;
	struct addrs on = { 0 }, next = { 0 }, prev = { 0 }, step = { 0 };
	uint64_t tree_site = 0;
	struct addrs tree = { .v = &tree_site };
	bool off_path = false;	/* a next line not on the marker's path */
	enum rule dead;
	const char *file;
	size_t i, j;

	p->rec = &m->rec;
	p->function = m->function;
	p->line = m->line;
	/* Every copy gone, the source tells why: it never runs. */
	if (m->var && !m->ninstances && !m->adhoc_file &&
	    (file = marker_file(b->dwarf, m->var)) &&
	    dead_by_source(b, m, file, p) == RULE_NEVER)
		return set_rule(p, RULE_NEVER);
	if ((!m->var && !m->adhoc_file) || !m->ninstances) {
		p->verdict = SMK_VERDICT_NOT_FOUND;
		p->reason = strdup(m->reason ? m->reason : "no instance");
		return p->reason ? NULL : &smk_error_nomem;
	}
	if (nnotes) {
		err = place_anchors(b, m, p, notes, owner, self, nnotes);
		if (err)
			return err;
		if (p->nsites) {
			p->verdict = SMK_VERDICT_EXACT;
			p->rule = strdup(rules[RULE_ANCHOR].name);
			return p->rule ? NULL : &smk_error_nomem;
		}
	}
	if (m->rec.flags & SMK_RECORD_F_EXACT) {
		/* An asm volatile anchor goes only with its code. */
		p->verdict = SMK_VERDICT_NOT_FOUND;
		p->rule = strdup(rules[RULE_NONE].name);
		p->reason = strdup("the exact marker's anchor is not in the "
				   "code: the compiler removed it as "
				   "unreachable");
		return p->rule && p->reason ? NULL : &smk_error_nomem;
	}
	file = m->adhoc_file ? m->adhoc_file : marker_file(b->dwarf, m->var);
	/*
	 * Dead code by the source ("return x; marker;" inside an arm, lua's
	 * str_find_aux): gcc still gives the marker's block a range, where
	 * the code after the arm starts, and a probe there fires for that
	 * code (35 hits of 0).
	 */
	if (file && (dead = dead_by_source(b, m, file, p)) != RULE_NONE)
		return set_rule(p, dead);
	for (i = 0; i < m->ninstances && !err; i++) {
		struct smk_instance *in = &m->instances[i];
		struct path_check jc;	/* of a join through the marker */
		uint64_t preds_buf[32], prev_start = 0;
		bool prev_after = false;
		uint64_t prev_site = 0;
		unsigned int step_line = 0;
		Dwarf_Die scope;
		enum rule rule = RULE_NONE;
		Dwarf_Die root, cu;
		struct addrs *use = NULL;
		int next_line = 0;

		if (!dwarf_offdie(b->dwarf, in->root, &root) ||
		    !dwarf_diecu(&root, &cu, NULL, NULL))
			continue;
		on.n = next.n = prev.n = 0;
		if (in->own_block && in->nparts) {
			struct addrs pv = { 0 };	/* the copies */
			struct addrs ks = { 0 };	/* those kept: sites */
			Dwarf_Die block;
			size_t kept = 0, apart = parts_apart(in);
			bool bp = false, away = false;

			if (!dwarf_offdie(b->dwarf, in->scope, &block))
				continue;
			explain(p, "copy in %s%s: the marker's own block, %zu "
				"part%s", copy_name(&root), in->inlined ?
				" (inlined)" : "", in->nparts,
				in->nparts == 1 ? "" : "s");
			for (j = 0; j < in->nparts && !err; j++)
				err = addrs_add(&pv, in->parts[j].addr);
			if (file && !err)
				err = line_rows(&cu, &root, file, m->line,
						marker_last_line(m), &on,
						&next, NULL);
			for (j = 0; j < in->nparts && !err; j++) {
				enum rule r = judge(b, &root, file, m,
						    in->parts[j].addr,
						    apart, pv.v, pv.n,
						    p);

				if (r == RULE_NONE)
					continue;	/* a bogus copy */
				if (r == RULE_JOIN &&
				    joined_through(b, &cu, &root, file, m,
						   in->parts[j].addr, NULL))
					r = RULE_NEXT_JOINED;
				if (r == RULE_JOIN && file &&
				    pass_join(b, &cu, &root, file, m,
					      in->parts[j].addr, true, p))
					r = RULE_OWN_BLOCK;
				note(&acc, r);
				kept++;
				err = addrs_add(&ks, in->parts[j].addr);
				if (!err)
					err = add_site(b, m, p, &cu, &block,
						       in->root,
						       in->parts[j].addr,
						       in->inlined,
						       r == RULE_NEXT_JOINED,
						       flags);
			}
			/* Copies of the block at one address, where other
			 * copies are apart: the passes of a loop unrolled
			 * whole, some of them merged (bzip2's
			 * uInt64_to_double() at gcc -O3: four of eight
			 * passes' blocks at one address, 13 hits for 16).
			 * The shared site fires once for their runs.  All
			 * at one address is a loop computed away, which the
			 * loop nesting check judges. */
			if (!err && kept && apart >= 2 && apart < in->nparts) {
				explain(p, "  %zu copies of the marker's block "
					"at %zu addresses: a site several share "
					"fires once for their runs",
					in->nparts, apart);
				note(&acc, RULE_PARTIAL);
			}
			/* More copies of the next statement than of the
			 * marker: the tail after it was duplicated, unless
			 * every copy is reached only through the marker's
			 * sites. */
			if (!err && kept && next.n > kept &&
			    next_bypasses(b, p, &next, &ks))
				note(&acc, RULE_TAIL_DUP);
			if (!err && kept && !acc.under &&
			    tail_copied(b, &cu, file, m, in))
				note(&acc, RULE_TAIL_DUP);
			if (!err && kept && !acc.under && file) {
				err = bypassed(b, &cu, &root, file,
					       marker_last_line(m), pv.v, pv.n,
					       &bp);
				for (j = 0; j < pv.n && !err && !bp; j++)
					bp = exit_copied(b, &cu, &root, file,
							 marker_last_line(m),
							 pv.v[j], pv.v, pv.n,
							 NULL);
				if (!err && bp)
					note(&acc, RULE_TAIL_DUP);
				if (!err && !bp)
					err = before_bypassed(b, &cu, &root,
							      file, m, pv.v,
							      pv.n, p, &bp,
							      &away);
				if (!err && away)
					note(&acc, RULE_JOIN);
				if (!err && !bp)
					err = threaded_past(b, &cu, &root,
							    file, m, pv.v,
							    pv.n, p, &bp);
				if (!err && !bp)
					exit_bypassed(b, &root, file, m, in,
						      pv.v, pv.n, p, &bp);
				if (!err && bp)
					note(&acc, RULE_PARTIAL);
			}
			free(pv.v);
			free(ks.v);
			if (err)
				break;
			if (kept)
				continue;
			on.n = next.n = 0;
		}
		if (file) {
			char path[4096];
			const char *src = marker_source(b, m, file, path,
							sizeof(path));
			unsigned int col = 0;
			size_t had;

			err = line_rows_at(&cu, &root, file, m->line,
					   marker_last_line(m), &on, &next,
					   &prev, &next_line);
			if (err)
				break;
			/* Every rule below places the marker by its line. */
			if (src && smk_source_marker_written(b, src, m->line,
							     m->rec.name) == 0) {
				explain(p, "copy in %s: the marker is not "
					"written at line %u (a macro's)",
					copy_name(&root), m->line);
				note(&acc, RULE_IN_MACRO);
			}
			if (on.n && src &&
			    smk_source_code_before(b, src, m->line,
						   m->rec.name, &col) == 1) {
				struct addrs keep = { 0 };

				had = on.n;
				if (smk_source_line_plain(b, src, m->line,
							  col) == 1)
					err = addrs_copy(&keep, &on);
				if (err) {
					free(keep.v);
					break;
				}
				if (!split_at_column(&cu, &root, file,
						     m->line, col, &on,
						     &prev, &err)) {
					if (err) {
						free(keep.v);
						break;
					}
					explain(p, "copy in %s: a statement "
						"before the marker on its "
						"line, and no columns to "
						"tell its rows apart",
						copy_name(&root));
					note(&acc, RULE_UNKNOWN);
				} else if (!on.n && keep.n) {
					/* Nothing of the line after the
					 * marker ("f(x); marker; break;"):
					 * the line's start runs as often,
					 * the statement before being plain;
					 * add_site() keeps the values that
					 * statement may change out. */
					struct addrs t = on;

					on = keep;
					keep = t;
					explain(p, "copy in %s: the line's "
						"rows are all of the plain "
						"statement before the marker "
						"on it (columns before %u)",
						copy_name(&root),
						col);
				} else if (on.n != had) {
					explain(p, "copy in %s: %zu of %zu "
						"rows of the marker's line "
						"are the statement's before "
						"it (columns before %u)",
						copy_name(&root),
						had - on.n, had, col);
				}
				free(keep.v);
			}
			had = on.n;
			if (on.n && src &&
			    smk_source_loop_after(b, src, m->line, m->rec.name,
						  &col) == 1) {
				struct addrs all = { 0 };

				err = addrs_copy(&all, &on);
				if (err) {
					free(all.v);
					break;
				}
				drop_loop_rows(b, &cu, file, m->line,
					       marker_last_line(m), col, &prev,
					       source_loops(b, &root, file, m,
							    on.v[0], NULL),
					       &on);
				if (on.n != had)
					explain(p, "copy in %s: %zu of %zu "
						"rows of the marker's line "
						"are the loop's after it "
						"(from column %u)",
						copy_name(&root),
						had - on.n, had, col);
				if (on.n && on.n != had &&
				    loop_entered_around(b, p, &all, &on))
					note(&acc, RULE_PARTIAL);
				free(all.v);
			}
			had = on.n;
			if (drop_continued_rows(b, &cu, &on))
				explain(p, "copy in %s: %zu of %zu rows of the "
					"marker's line run straight on from "
					"one before (unoptimized code: "
					"columns of one run)",
					copy_name(&root),
					had - on.n, had);
		}
		if (on.n == 1) {
			rule = RULE_LINE;
			use = &on;
		} else if (on.n > 1) {
			bool unopt = smk_dwarf_cu_unoptimized(b, &cu);
			bool starts = starts_line(b, m, file);
			uint64_t first = rows_first(&on);

			rule = RULE_LINE_MULTI;
			use = &on;
			/*
			 * The line's first row, reached straight from the
			 * code of the statement before (one basic block, no
			 * other entry): it runs exactly when that statement
			 * does, the rest of the line (a loop's condition
			 * and step on the line of its for) elsewhere.
			 */
			if (prev.n && starts) {
				uint64_t from = prev_below(&prev, first);

				if (from && smk_code_straight(b, from, first) &&
				    in_marker_block(b, m, file, &cu, &root, from,
						    first) &&
				    (unopt || rest_deeper(b, &on, first))) {
					on.v[0] = first;
					on.n = 1;
					rule = RULE_LINE_STRAIGHT;
				}
			}
			/*
			 * Unoptimized code lays the statement after the
			 * marker out in source order from the marker's
			 * point: the line's first row is that point, the
			 * others the statement's later parts (an if's arm,
			 * a loop's step).  The one site is judged as the
			 * marker line's (a join there path by path; a loop
			 * head there fails the nesting check).
			 */
			if (rule == RULE_LINE_MULTI && unopt && starts) {
				explain(p, "copy in %s: unoptimized, the "
					"first of the %zu rows of the "
					"marker's line is its point",
					copy_name(&root), on.n);
				on.v[0] = first;
				on.n = 1;
				rule = RULE_LINE;
			}
		} else if (next.n && on_path(b, m, file, next_line) == 0) {
			/* Not where the marker goes on: no site of it. */
			next.n = 0;
			off_path = true;
		} else if (next.n) {
			size_t had = next.n;

			if (drop_continued_rows(b, &cu, &next))
				explain(p, "copy in %s: %zu of %zu rows of the "
					"next line run straight on from one "
					"before (unoptimized code: columns of "
					"one run)",
					copy_name(&root),
					had - next.n, had);
			rule = RULE_NEXT_LINE;
			use = &next;
			/*
			 * Unoptimized code lays the statement after the
			 * marker out in source order: the next line's first
			 * row is its start, the others its later parts (an
			 * if's arm, a loop's test or step), as on the
			 * marker's own line.  Whether that start runs when
			 * the marker does is judged below as for one row.
			 */
			if (next.n > 1 && smk_dwarf_cu_unoptimized(b, &cu) &&
			    on_path(b, m, file, next_line) == 1) {
				uint64_t first = rows_first(&next);

				explain(p, "copy in %s: unoptimized, the first "
					"of the %zu rows of the next line is "
					"its start",
					copy_name(&root), next.n);
				next.v[0] = first;
				next.n = 1;
			}
			/*
			 * One site, reached straight (one basic block, no
			 * other entry) from the code of the statement just
			 * before the marker: it runs exactly when that
			 * statement does, and so when the marker does.
			 */
			/*
			 * Or the first of several, the others deeper in
			 * loops of the code than it: the next statement is a
			 * loop ("for (i = 0; i < n; i++)": its start, then
			 * its test and step inside the loop), entered once.
			 */
			if (prev.n) {
				uint64_t first = rows_first(&next);
				uint64_t from = prev_below(&prev, first);

				if (from && smk_code_straight(b, from, first) &&
				    in_marker_block(b, m, file, &cu, &root, from,
						    first) &&
				    (next.n == 1 ||
				     rest_deeper(b, &next, first))) {
					if (next.n > 1)
						explain(p, "copy in %s: the "
							"first of the %zu "
							"rows of the next "
							"line, the others "
							"deeper in loops of "
							"the code",
							copy_name(&root),
							next.n);
					next.v[0] = first;
					next.n = 1;
					rule = RULE_NEXT_STRAIGHT;
				}
			}
			if (rule == RULE_NEXT_LINE && next.n == 1 &&
			    next_line == (int)marker_last_line(m) + 1)
				rule = next_entered(b, &cu, &root, file, m,
						    in->inlined, next.v[0], &jc);
			if (rule == RULE_NEXT_LINE && next.n == 1 &&
			    copy_entered_straight(b, &root, file, m,
						  next_line, next.v[0], p))
				rule = RULE_NEXT_COPY_ENTRY;
			/* Copies of the next statement (a tail the compiler
			 * duplicated), each entered only through the marker. */
			if (rule == RULE_NEXT_LINE && next.n > 1 &&
			    all_joined(b, &cu, &root, file, m, &next, &jc))
				rule = RULE_NEXT_JOINED;
			if (rule == RULE_NEXT_BRANCH ||
			    rule == RULE_NEXT_ENTRY ||
			    rule == RULE_NEXT_COPY_ENTRY ||
			    rule == RULE_NEXT_CASE ||
			    rule == RULE_NEXT_JOINED) {
				bool bp;

				err = tail_left(b, &cu, &root, file, m, &next,
						rule == RULE_NEXT_JOINED ?
						&jc : NULL, &bp);
				if (err)
					break;
				if (bp)
					rule = RULE_TAIL_DUP;
			}
		}
		if (!use && file) {
			err = next_rows_any(b, &cu, &root, file,
					    marker_last_line(m), &prev, &next,
					    &next_line);
			if (err)
				break;
			if (next.n && on_path(b, m, file, next_line) != 1) {
				next.n = 0;
				off_path = true;
			}
			if (next.n) {
				rule = RULE_NEXT_ROWS;
				use = &next;
			}
			/* Rows of the next statement, not marked as its
			 * start, each entered only through the marker. */
			if (next.n && all_joined(b, &cu, &root, file, m,
						 &next, &jc)) {
				bool bp;

				rule = RULE_NEXT_JOINED;
				err = tail_left(b, &cu, &root, file, m, &next,
						&jc, &bp);
				if (err)
					break;
				if (bp)
					rule = RULE_TAIL_DUP;
			}
		}
		/* The end of a for loop's body: its step runs next, and
		 * only then. */
		if ((!use || rules[rule].verdict != SMK_VERDICT_EXACT) &&
		    file && loop_step(b, &cu, &root, file, m, &step,
				      &step_line, &err)) {
			use = &step;
			rule = RULE_LOOP_STEP;
		}
		if (err)
			break;
		/*
		 * A switch arm the line table lost (clang gives its code line
		 * 0): the compare tree says where its values go.
		 */
		if ((!use || rules[rule].verdict != SMK_VERDICT_EXACT) &&
		    file && tree_arm(b, &cu, &root, in->root, file, m,
				     flags & SMK_PLACE_USER, &tree.v[0])) {
			tree.n = 1;
			use = &tree;
			rule = RULE_TREE_ARM;
		} else if ((!use ||
			    rules[rule].verdict != SMK_VERDICT_EXACT) &&
			   file && if_return(b, &cu, &root, file, m,
					     &tree.v[0])) {
			tree.n = 1;
			use = &tree;
			rule = RULE_IF_RETURN;
		}
		/* Unoptimized code with no exact site after the marker (none,
		 * an approximation, a join): the end of the statement
		 * before it. */
		if (file && (!use || rules[rule].verdict != SMK_VERDICT_EXACT ||
			     (use->n == 1 && (rule == RULE_LINE ||
					      rule == RULE_NEXT_ROWS) &&
			      smk_code_preds(b, use->v[0], preds_buf,
					     sizeof(preds_buf) /
					     sizeof(*preds_buf)) > 1)) &&
		    prev_end(b, &cu, &root, file, m, &tree.v[0], &prev_start,
			     &prev_after, p)) {
			prev_site = tree.v[0];
			/* The marker line's one site, a join: the same
			 * instruction, its rule kept (below, the join is
			 * the statement's ways out). */
			if (!(prev_after && use && use->n == 1 &&
			      use->v[0] == prev_site &&
			      rules[rule].verdict == SMK_VERDICT_EXACT)) {
				tree.n = 1;
				use = &tree;
				rule = RULE_PREV_END;
				off_path = false;
			}
		}
		/*
		 * The next line's code, with no rule to say it runs when the
		 * marker does: only where every path through the marker goes
		 * on to it (it fires then, and on other paths too).
		 */
		if (use && (rule == RULE_NEXT_LINE || rule == RULE_NEXT_ROWS) &&
		    on_path(b, m, file, next_line) != 1) {
			use = NULL;
			off_path = true;
		}
		if (!use) {
			explain(p, "copy in %s%s: no site (%s%.0d%s)",
				copy_name(&root),
				in->inlined ? " (inlined)" : "",
				off_path ? "the next line with code, " :
				"no row of the marker's line, no rule for "
				"the next", off_path ? next_line : 0,
				!off_path ? "" : p->explain &&
				on_path(b, m, file, next_line) == 0 ?
				", is not on the marker's path" :
				", is not known to be on the marker's path");
			missing++;
			continue;
		}
		note(&acc, rule);
		explain(p, "copy in %s%s: rule %s, %zu site%s",
			copy_name(&root),
			in->inlined ? " (inlined)" : "", rules[rule].name,
			use->n, use->n == 1 ? "" : "s");
		qsort(use->v, use->n, sizeof(*use->v), u64_cmp);
		for (j = 0; j < use->n && !err; j++) {
			size_t had;
			enum rule r = judge(b, &root, file, m, use->v[j],
					    use->n, use->v, use->n, p);
			bool joined = rule == RULE_NEXT_JOINED ||
				      rule == RULE_TREE_ARM;

			/* The join was judged path by path. */
			if (r == RULE_JOIN && joined)
				r = rule;
			/* The start of the statement after the marker on
			 * its line, entered from several paths before it
			 * (a loop's exit and its break): each comes through
			 * the marker, as for the next line's. */
			if (r == RULE_JOIN && rule == RULE_LINE &&
			    joined_through(b, &cu, &root, file, m, use->v[j],
					   NULL)) {
				explain(p, "  %#llx: every path into it comes "
					"through the marker",
					(unsigned long long)use->v[j]);
				r = rule;
				joined = true;
			}
			/* The start of a loop's body: each way in is a
			 * pass. */
			if (r == RULE_JOIN && rule == RULE_LINE &&
			    pass_join(b, &cu, &root, file, m, use->v[j], true,
				      p))
				r = rule;
			/* The statement before is this one instruction:
			 * each way into it runs that plain statement, which
			 * goes on to the marker. */
			if (r == RULE_JOIN && rule == RULE_PREV_END &&
			    use->v[j] == prev_start) {
				explain(p, "  %#llx: every way into it is into "
					"the statement before, which goes on "
					"to the marker",
					(unsigned long long)use->v[j]);
				r = rule;
			}
			/* After the statement before: every way in is a way
			 * out of its code (smk_code_range_completes_at()). */
			if (r == RULE_JOIN && prev_after &&
			    use->v[j] == prev_site) {
				explain(p, "  %#llx: every way into it is out "
					"of the statement before, which goes "
					"on to the marker",
					(unsigned long long)use->v[j]);
				r = rule;
			}
			if (r == RULE_JOIN && rule == RULE_LOOP_STEP &&
			    step_from_body(b, &cu, &root, file, m, step_line,
					   use->v[j], false)) {
				explain(p, "  %#llx: every path into the step "
					"is the body's end (lines %u to %u)",
					(unsigned long long)use->v[j],
					step_line, marker_last_line(m));
				r = rule;
			}
			/* A probe that already fires more often than the
			 * marker runs does so in a loop too. */
			if (r == RULE_LOOP_MORE &&
			    rules[rule].verdict == SMK_VERDICT_APPROX &&
			    rules[rule].dir == SMK_DIRECTION_OVER)
				r = RULE_LOOP_OVER;
			if (r != RULE_NONE)
				note(&acc, r);
			/* The step is outside the body's block: the
			 * marker's variables are looked up in the marker's
			 * scope, their locations at the step (where the
			 * body's last values still are). */
			had = p->nsites;
			err = add_site(b, m, p, &cu,
				       (rule == RULE_LOOP_STEP ||
					rule == RULE_PREV_END) &&
				       dwarf_offdie(b->dwarf, in->scope,
						    &scope) ? &scope : NULL,
				       in->root, use->v[j], in->inlined,
				       joined, flags);
			if (!err && rule == RULE_PREV_END && !prev_after &&
			    p->nsites > had)
				err = prev_end_values(b,
						      &p->sites[p->nsites - 1]);
		}
		/* Every copy of the statement before the marker goes on
		 * to a site (as for the marker's own block): for an exact
		 * claim, and for an over one, which says the probe fires
		 * each time the marker runs. */
		if (!err && file && !acc.under &&
		    (rules[acc.worst].verdict == SMK_VERDICT_EXACT ||
		     acc.over)) {
			bool bp, away;

			err = before_bypassed(b, &cu, &root, file, m, use->v,
					      use->n, p, &bp, &away);
			if (!err && away)
				note(&acc, RULE_JOIN);
			if (!err && !bp)
				err = threaded_past(b, &cu, &root, file, m,
						    use->v, use->n, p, &bp);
			if (!err && !bp)
				exit_bypassed(b, &root, file, m, in, use->v,
					      use->n, p, &bp);
			if (!err && bp)
				note(&acc, RULE_PARTIAL);
		}
	}
	free(on.v);
	free(next.v);
	free(prev.v);
	free(step.v);
	if (err)
		return err;
	if (!p->nsites)
		note(&acc, off_path ? RULE_OFF_PATH : RULE_NONE);
	else if (missing)
		note(&acc, RULE_PARTIAL);
	if (p->nsites && !acc.over && !m->adhoc_file &&
	    alone_in_arm(b, m, file) &&
	    !(acc.worst == RULE_LINE && arms_kept(b, p)))
		note(&acc, RULE_ARM_ERASED);
	if (!err && file && p->nsites && !acc.under &&
	    (rules[acc.worst].verdict == SMK_VERDICT_EXACT || acc.over))
		err = copies_bypassed(b, m, file, p, &acc);
	if (!err && file && p->nsites && !acc.under &&
	    (rules[acc.worst].verdict == SMK_VERDICT_EXACT || acc.over))
		err = calls_lost(b, m, file, p, &acc);
	/*
	 * Copies of the marker at one address: one hit there stands for
	 * every copy that ran on that pass (three calls of an inlined
	 * function merged at the caller's entry: 2 hits of 4), so the
	 * probe counts at most the runs.
	 */
	if (p->copies_share) {
		explain(p, "  copies of the marker share a site: one hit for "
			"the runs of all of them that pass it");
		note(&acc, RULE_PARTIAL);
	}
	/* A question with no answer on the way: nothing is proven. */
	if (p->nsites && smk_code_unknowns(b) != unknowns)
		note(&acc, RULE_UNKNOWN);
	err = smk_code_take_error(b);
	if (err)
		return err;
	if (rules[acc.worst].verdict == SMK_VERDICT_APPROX && acc.over &&
	    acc.under)
		return both_ways(p, rules[acc.over_rule].name,
				 rules[acc.under_rule].name);
	return set_rule(p, acc.worst);
}

/*
 * Kernel text that kprobes refuse: __exit functions are notrace ("Could
 * not probe notrace function", seen in the cloud kernel under qemu), and
 * noinstr, __kprobes and entry code are on the kprobe blacklist.  Sites
 * there are dropped, saying why, instead of printing a definition the
 * kernel rejects.
 */
static const struct {
	const char *section;
	const char *why;
} refused[] = {
	{ ".exit.text", "in an __exit function, which is notrace: the "
			"kernel refuses kprobes there" },
	{ ".noinstr.text", "in noinstr code: kprobes are not allowed there" },
	{ ".kprobes.text", "in __kprobes code: on the kprobe blacklist" },
	{ ".entry.text", "in entry code: on the kprobe blacklist" },
};

static struct smk_error *drop_unprobeable(struct smk_binary *b,
					  struct smk_placement *p)
{
	size_t i, r, kept = 0, dropped = 0;
	const char *why = NULL;
	struct smk_error *err;

	if (!smk_binary_is_kernel(b))
		return NULL;
	for (i = 0; i < p->nsites; i++) {
		const char *sec = smk_binary_section_name(b, p->sites[i].addr);

		for (r = 0; sec && r < sizeof(refused) / sizeof(refused[0]);
		     r++)
			if (!strcmp(sec, refused[r].section))
				break;
		if (sec && r < sizeof(refused) / sizeof(refused[0])) {
			smk_site_deinit(&p->sites[i]);
			why = refused[r].why;
			dropped++;
			continue;
		}
		p->sites[kept++] = p->sites[i];
	}
	p->nsites = kept;
	if (!dropped)
		return NULL;
	if (!kept) {
		err = set_rule(p, RULE_REFUSED);
		p->verdict = SMK_VERDICT_NOT_FOUND;
		p->direction = SMK_DIRECTION_NONE;
	} else {
		/* The sites left miss the runs through the dropped ones. */
		err = demote(p, RULE_REFUSED);
		if (err || p->verdict != SMK_VERDICT_APPROX)
			return err;
	}
	if (err)
		return err;
	free(p->reason);
	p->reason = strdup(why);
	return p->reason ? NULL : &smk_error_nomem;
}

struct addr_owner {
	uint64_t addr;
	size_t marker;
};

static int addr_owner_cmp(const void *a, const void *b)
{
	const struct addr_owner *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->marker < y->marker ? -1 : x->marker > y->marker;
}

/*
 * Do markers @x and @y stand together in one run of marker statements
 * (source.c), so that each runs exactly when the other does?
 */
static bool one_group(struct smk_binary *b, const struct smk_marker *x,
		      const struct smk_marker *y)
{
	char px[4096], py[4096];
	const char *fx, *fy;

	if (!x->var || !y->var)
		return false;
	fx = marker_source(b, x, marker_file(b->dwarf, x->var), px,
			   sizeof(px));
	fy = marker_source(b, y, marker_file(b->dwarf, y->var), py,
			   sizeof(py));
	return fx && fy && !strcmp(fx, fy) &&
	       smk_source_same_group(b, fx, x->line, x->rec.name, y->line,
				     y->rec.name) == 1;
}

/*
 * A marker placed on the next statement shares that statement with any
 * other marker placed there: clang merges switch arms that end alike, and
 * the three markers of three arms then sit on one address.  Such markers
 * are not exact.  (Markers on their own block or anchor are exempt:
 * adjacent markers legitimately share a point; so are markers that stand
 * together in the source, "marker_a; marker_b; x = 1;", both placed on
 * the statement after them at gcc -O0: one path, each runs when the
 * other does.)
 */
static struct smk_error *shared_sites(struct smk_binary *b,
				      const struct smk_marker_set *set,
				      struct smk_placement *p, size_t n)
{
	const char *straight = rules[RULE_NEXT_STRAIGHT].name;
	struct addr_owner *v;
	size_t i, j, k, total = 0;

	for (i = 0; i < n; i++)
		total += p[i].nsites;
	if (!total)
		return NULL;
	v = calloc(total, sizeof(*v));
	if (!v)
		return &smk_error_nomem;
	total = 0;
	for (i = 0; i < n; i++)
		for (k = 0; k < p[i].nsites; k++)
			v[total++] = (struct addr_owner){ p[i].sites[k].addr,
							  i };
	qsort(v, total, sizeof(*v), addr_owner_cmp);
	/* Each pair of markers at one address, unless they stand together. */
	for (i = 0; i < total; i++)
		for (j = i + 1; j < total && v[j].addr == v[i].addr; j++) {
			bool checked = false, together = false;

			if (v[i].marker == v[j].marker)
				continue;
			for (k = 0; k < 2; k++) {
				struct smk_placement *q =
					&p[(k ? v[j] : v[i]).marker];

				if (q->verdict != SMK_VERDICT_EXACT ||
				    !q->rule || strcmp(q->rule, straight))
					continue;
				if (!checked)
					together = one_group(b,
						&set->markers[v[i].marker],
						&set->markers[v[j].marker]);
				checked = true;
				if (together)
					continue;
				if (demote(q, RULE_SHARED)) {
					free(v);
					return &smk_error_nomem;
				}
			}
		}
	free(v);
	return NULL;
}

/*
 * Identical code folding (gcc -fipa-icf, on at -O2): a function whose body
 * equals another's keeps its DWARF, marker record included, but no code:
 * its symbol becomes an alias of the other function, and its calls run
 * the other's code, so a probe there counts the calls of both (measured:
 * tests/fidelity twin_a, twice its hits).  A marker whose function has no
 * code but whose symbol sits at the start of another marked function
 * gives it away: that function's sites become approximations, and the
 * unplaced marker says where its calls went.
 */
static struct smk_error *folded_functions(struct smk_binary *b,
					  struct smk_placement *p, size_t n)
{
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		const struct smk_symbol *gone;
		const char *into = NULL;

		if (p[i].verdict != SMK_VERDICT_NOT_FOUND || !p[i].function)
			continue;
		gone = smk_binary_code_symbol(b, p[i].function);
		if (!gone)
			continue;
		for (j = 0; j < n; j++) {
			struct smk_placement *q = &p[j];
			const struct smk_symbol *own;

			if (j == i || !q->function ||
			    !strcmp(q->function, p[i].function))
				continue;
			/* The other function's own code starts where the
			 * symbol of this one points: not a function inlined
			 * into this one, whose sites are in its code. */
			own = smk_binary_code_symbol(b, q->function);
			if (!own || own->addr != gone->addr)
				continue;
			for (k = 0; k < q->nsites; k++) {
				const struct smk_symbol *s;

				s = q->sites[k].symbol ?
				    smk_binary_code_symbol(b,
							   q->sites[k].symbol) :
				    NULL;
				if (s && s->addr == gone->addr)
					break;
			}
			if (k == q->nsites)
				continue;
			into = q->function;
			if (q->verdict == SMK_VERDICT_NOT_FOUND)
				continue;
			/* Its probes count the other function's calls. */
			if (demote(q, RULE_FOLDED))
				return &smk_error_nomem;
		}
		if (into) {
			char *r;

			if (asprintf(&r, "its function %s was folded into %s "
				     "(identical code): no code of its own; "
				     "%s's probes count its calls",
				     p[i].function, into, into) < 0)
				return &smk_error_nomem;
			free(p[i].reason);
			p[i].reason = r;
		}
	}
	return NULL;
}

struct smk_error *smk_place_markers(struct smk_binary *b,
				    struct smk_marker_set *set,
				    unsigned int flags,
				    struct smk_placement **ret)
{
	struct smk_placement *p;
	struct smk_error *err;
	size_t i;

	struct smk_sdt_probe *notes = NULL;
	size_t nnotes = 0, *owner = NULL;

	/* Anchors of trace_simple_exact() (sdt.c relocates a module's). */
	{
		err = smk_sdt_read(b, &notes, &nnotes);
		if (err)
			return err;
	}
	p = calloc(set->n ? set->n : 1, sizeof(*p));
	owner = calloc(nnotes ? nnotes : 1, sizeof(*owner));
	err = smk_code_init(b);
	if (!p || !owner || err) {
		free(p);
		free(owner);
		smk_sdt_probes_destroy(notes, nnotes);
		return &smk_error_nomem;
	}
	/*
	 * Only x86-64 code is decoded and only its registers are named: on
	 * another machine every marker is a result with that reason.
	 */
	err = smk_code_arch(b);
	if (err) {
		free(owner);
		smk_sdt_probes_destroy(notes, nnotes);
		for (i = 0; i < set->n; i++) {
			p[i].rec = &set->markers[i].rec;
			p[i].function = set->markers[i].function;
			p[i].line = set->markers[i].line;
			p[i].verdict = SMK_VERDICT_NOT_FOUND;
			p[i].rule = strdup("architecture");
			p[i].reason = strdup(err->message);
			if (!p[i].rule || !p[i].reason) {
				smk_error_destroy(err);
				smk_placements_destroy(p, set->n);
				return &smk_error_nomem;
			}
		}
		if (err->code != SMK_ERROR_UNSUPPORTED) {
			smk_placements_destroy(p, set->n);
			return err;
		}
		smk_error_destroy(err);
		*ret = p;
		return NULL;
	}
	if (nnotes && b->dwarf)
		assign_anchors(b, set, notes, nnotes, owner);
	for (i = 0; i < set->n; i++) {
		p[i].explain = flags & SMK_PLACE_EXPLAIN;
		err = place_one(b, &set->markers[i], &p[i], flags, notes,
				owner, i, nnotes);
		if (!err)
			err = drop_unprobeable(b, &p[i]);
		if (err) {
			free(owner);
			smk_sdt_probes_destroy(notes, nnotes);
			smk_placements_destroy(p, set->n);
			return err;
		}
	}
	free(owner);
	smk_sdt_probes_destroy(notes, nnotes);
	err = shared_sites(b, set, p, set->n);
	if (!err)
		err = folded_functions(b, p, set->n);
	if (err) {
		smk_placements_destroy(p, set->n);
		return err;
	}
	*ret = p;
	return NULL;
}

void smk_placements_destroy(struct smk_placement *p, size_t n)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < n; i++)
		smk_placement_deinit(&p[i]);
	free(p);
}
