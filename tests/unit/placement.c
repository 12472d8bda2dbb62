// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Placement fails closed (placement.c, cfg.c): code that is not decoded,
 * a machine other than x86-64 and a control-flow search that gives up
 * never give an exact verdict.  Prints TAP; tests/placement.t runs it.
 *
 *   placement DATA_DIR BIG
 *
 * DATA_DIR holds the checked-in binaries of tests/unit/data (README);
 * BIG is a binary built by tests/placement.t whose function big() has a
 * loop of more instructions than a search follows, and a small loop in
 * small().
 */
#include <dwarf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smk/binary.h"
#include "smk/cfg.h"
#include "smk/dwarf-aux.h"
#include "smk/markers.h"
#include "smk/placement.h"

#include "tap.h"

static struct smk_binary *open_bin(const char *dir, const char *name)
{
	struct smk_debuginfo_opts opts = { 0 };
	struct smk_binary *b = NULL;
	struct smk_error *err;
	char path[4096];

	if (dir)
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	err = smk_binary_open(path, &opts, &b);
	if (err) {
		diag("%s: %s", path, err->message);
		smk_error_destroy(err);
		return NULL;
	}
	return b;
}

/* Place every marker of @b; their count, or -1. */
static long place(struct smk_binary *b, struct smk_marker_set **set,
		  struct smk_placement **p)
{
	struct smk_error *err = smk_markers_read(b, 0, set);

	if (!err)
		err = smk_place_markers(b, *set, SMK_PLACE_USER, p);
	if (err) {
		diag("%s", err->message);
		smk_error_destroy(err);
		return -1;
	}
	return (long)(*set)->n;
}

static const struct smk_placement *find(const struct smk_marker_set *set,
					const struct smk_placement *p,
					const char *name)
{
	size_t i;

	for (i = 0; set && i < set->n; i++)
		if (!strcmp(set->markers[i].rec.name, name))
			return &p[i];
	return NULL;
}

static void check_arch(const char *dir, const char *file, const char *what)
{
	struct smk_binary *b = open_bin(dir, file);
	struct smk_marker_set *set = NULL;
	struct smk_placement *p = NULL;
	const struct smk_placement *m;
	long n = b ? place(b, &set, &p) : -1;
	struct smk_error *arch_err;
	char want[64];

	m = n > 0 ? find(set, p, "arch_step") : NULL;
	ok(m != NULL, "%s: the marker is listed", file);
	ok(m && m->verdict == SMK_VERDICT_NOT_FOUND && !m->nsites,
	   "%s: no probe (got %s, %zu sites)", file,
	   m ? smk_verdict_name(m->verdict) : "-", m ? m->nsites : 0);
	snprintf(want, sizeof(want), "(%s)", what);
	ok(m && m->reason && strstr(m->reason, "ELF machine") &&
	   strstr(m->reason, want),
	   "%s: the reason names the machine: %s", file,
	   m && m->reason ? m->reason : "-");
	arch_err = b ? smk_code_arch(b) : NULL;
	ok(arch_err != NULL, "%s: smk_code_arch() refuses it", file);
	smk_error_destroy(arch_err);
	smk_placements_destroy(p, set ? set->n : 0);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}

static void check_undecoded(const char *dir)
{
	struct smk_binary *b = open_bin(dir, "undec-nosym");
	struct smk_marker_set *set = NULL;
	struct smk_placement *p = NULL;
	const struct smk_placement *m;
	long n = b ? place(b, &set, &p) : -1;

	m = n > 0 ? find(set, p, "undec_step") : NULL;
	ok(m != NULL, "undec-nosym: the marker is listed");
	ok(m && m->verdict != SMK_VERDICT_EXACT,
	   "undec-nosym: code not decoded is not exact (got %s)",
	   m ? smk_verdict_name(m->verdict) : "-");
	ok(m && m->rule && !strcmp(m->rule, "code not decoded"),
	   "undec-nosym: rule \"code not decoded\" (got %s)",
	   m && m->rule ? m->rule : "-");
	smk_placements_destroy(p, set ? set->n : 0);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}

/* The head of the first loop of function @name: a backward jump's target. */
static uint64_t loop_head(struct smk_binary *b, const char *name,
			  uint64_t *jump)
{
	struct smk_code_jump j[64];
	uint64_t at;
	size_t n, i;
	const struct smk_symbol *sym;

	if (!smk_binary_symbol_addr(b, name, &at) ||
	    !(sym = smk_binary_symbol_at(b, at)))
		return 0;
	n = smk_code_cond_jumps(b, sym->addr, sym->addr + sym->size, j, 64);
	for (i = 0; n != SIZE_MAX && i < n; i++)
		if (j[i].taken < j[i].addr) {
			*jump = j[i].addr;
			return j[i].taken;
		}
	return 0;
}

static const char *answer(enum smk_answer a)
{
	return a == SMK_YES ? "yes" : a == SMK_NO ? "no" : "unknown";
}

static void check_big(const char *path)
{
	struct smk_binary *b = open_bin(NULL, path);
	struct smk_marker_set *set = NULL;
	struct smk_placement *p = NULL;
	const struct smk_placement *m;
	uint64_t head, jump = 0, shead, sjump = 0, ret;
	unsigned long before;
	enum smk_answer a;
	long n;

	if (!b) {
		ok(0, "%s opens", path);
		return;
	}
	head = loop_head(b, "big", &jump);
	shead = loop_head(b, "small", &sjump);
	ok(head && shead, "big() and small() each have a loop (%#llx, %#llx)",
	   (unsigned long long)head, (unsigned long long)shead);
	/* A small loop: each answer can be given. */
	a = smk_code_in_loop(b, shead);
	ok(a == SMK_YES, "small()'s loop head is in a loop: %s", answer(a));
	a = smk_code_reaches(b, sjump, shead);
	ok(a == SMK_YES, "small()'s back jump reaches its head: %s",
	   answer(a));
	ret = 0;
	{
		struct smk_code_run ex[4];
		size_t k = smk_code_exits(b, shead, ex, 4);

		if (k != SIZE_MAX && k)
			ret = ex[k - 1].start;
	}
	a = ret ? smk_code_reaches(b, ret, shead) : SMK_UNKNOWN;
	ok(a == SMK_NO, "small()'s exit does not reach its head: %s",
	   answer(a));
	/* More instructions around the loop than a search follows. */
	before = smk_code_unknowns(b);
	a = smk_code_in_loop(b, head);
	ok(a == SMK_UNKNOWN,
	   "big()'s loop head, past the search's limit: %s, not \"no\"",
	   answer(a));
	ok(smk_code_unknowns(b) > before, "the unknown answer is counted");
	a = smk_code_reaches(b, head, jump);
	ok(a == SMK_UNKNOWN, "big()'s head to its back jump: %s",
	   answer(a));
	ok(smk_code_take_error(b) == NULL, "no allocation failed");

	n = place(b, &set, &p);
	m = n > 0 ? find(set, p, "big_mid") : NULL;
	ok(m && m->verdict != SMK_VERDICT_EXACT,
	   "big_mid, in the large loop, is not exact (%s, rule %s)",
	   m ? smk_verdict_name(m->verdict) : "-",
	   m && m->rule ? m->rule : "-");
	m = n > 0 ? find(set, p, "small_mid") : NULL;
	ok(m && m->verdict == SMK_VERDICT_EXACT,
	   "small_mid, in the small loop, is still exact (%s, rule %s)",
	   m ? smk_verdict_name(m->verdict) : "-",
	   m && m->rule ? m->rule : "-");
	smk_placements_destroy(p, set ? set->n : 0);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}

/*
 * Loop nesting (data/loops.c): a probe inside more or fewer loops of the
 * code than the marker is in the source is never exact.  The binaries
 * name their source "./loops.c" (-fdebug-prefix-map), so this runs in
 * DATA_DIR.
 */
static const struct loops_want {
	const char *file, *marker;
	bool exact;
	const char *rule;	/* NULL: any; "!x": any but x */
	int depth;		/* of the first site, -2: not checked */
} loops_want[] = {
	/* the loop's rows after the marker dropped (deeper than the
	 * marker in the source), its initialization left */
	{ "loops-gcc-O0", "line_head", true, "marker line", 0 },
	{ "loops-gcc-O0", "for_init", true, "marker line", 0 },
	/* the setcc is the arm's own code (-O0 does not if-convert); its
	 * rows follow each other straight: one run of the line */
	{ "loops-gcc-O0", "setcc_arm", true, "marker line", 0 },
	{ "loops-gcc-O0", "body_end", true, "end of a for body, its step", 1 },
	{ "loops-gcc-O2", "setcc_arm", false, "if-converted", -2 },
	/* its line's one row before the loop's condition: the entry */
	{ "loops-gcc-O2", "line_head", true, "marker line", 0 },
	{ "loops-gcc-O2", "deleted_body", false, "loop nesting differs", -2 },
	{ "loops-gcc-O2", "find_hit", true, NULL, 0 },
	{ "loops-gcc-O2", "inner_body", true, NULL, 2 },
	/* outer_body's site is the inner for's test before the loop; its
	 * step at the inner loop's bottom is a second row of the next
	 * statement, reached only through the site (4 hits of 4; it was
	 * "tail duplicated", under) */
	{ "loops-gcc-O2", "outer_body", true, "marker block", 1 },
	{ "loops-clang-O2", "line_head", false, NULL, -2 },
	{ "loops-clang-O2", "deleted_body", false, NULL, -2 },
	{ "loops-clang-O2", "find_hit", true, NULL, 0 },
	/* sunk.c: a marker gcc put inside the arm of the if after it */
	{ "sunk-gcc-O2", "after_crc", false, "inside a conditional arm", 1 },
	/* joined.c: the statement before the marker has code only in a
	 * join after it, entered from a switch arm without a site (4 hits
	 * of 6 with uprobes when it was exact) */
	{ "joined-gcc-O2", "joined_mark", false, "some copies", -2 },
	/* split.c: a loop computed away inside an inlined function (ten
	 * copies of its block at one address), a loop entered at two
	 * places (irreducible: its nesting from the cycles) */
	{ "split-gcc-O2", "gone_body", false, "loop nesting differs", -2 },
	{ "split-gcc-O2", "irr_body", false, "join point", 1 },
	/* passes.c: joins that are passes of the marker's loop (6 hits of
	 * 6 and 5 of 5 with uprobes); a loop removed around the marker */
	{ "passes-clang-O1", "pass_head", true, "marker line", 1 },
	{ "passes-gcc-O2", "pass_end", true, "marker block", 1 },
	{ "passes-gcc-O2", "once_outer", true, "marker line", 0 },
	{ "passes-clang-O1", "once_outer", false, NULL, -2 },
	/* threaded.c: a copy inlined into a caller that jumps past its
	 * site to the next line's code (2 hits of 5 when it was exact) */
	{ "threaded-gcc-O2", "full_step", false, "some copies", -2 },
	/* tail.c: feed() ends in a call through a pointer, a jump once the
	 * frame is popped: a way out, not a table (its flow was unknown);
	 * the second copy's block is entered by the first copy's jump */
	{ "tail-gcc-O2", "add_in", true, "marker block", 0 },
	/* entry.c: the marker's block given the loop's first test before
	 * the loop besides latches in it (10 hits for 4 when it was
	 * exact) */
	{ "entry-gcc-O2", "rep_sep", false, "copy before the loop", -2 },
	/* ... and a marker opening a loop body whose first pass gcc peeled:
	 * each copy is a pass (4 hits of 4) */
	{ "entry-gcc-O2", "zero_pass", true, "marker block", -2 },
	/* armgone.c: the else arm removed whole; the then arm's code runs
	 * straight on to the statement after the if, which is not the
	 * marker's block (1 hit of 0 when it was exact) */
	{ "armgone-gcc-O2", "else_gone", false, "next line", -2 },
	/* armsplit.c: the if's test split on the inlined division's zero
	 * check, one way entering the block at the marker's point, the
	 * other past it (1 hit of 3 when it was exact) */
	{ "armsplit-gcc-O2", "arm_split", false, "some copies", -2 },
	/* lostcall.c: three inlined copies of peek() merged at three()'s
	 * entry, one address for three runs (2 hits of 4 when it was
	 * exact) */
	{ "lostcall-gcc-O2", "peek_mark", false, "some copies", -2 },
	/* unentered.c: gone() called only where the compiler removed the
	 * call, its global copy entered by nothing (clang's BZ2_bsInitWrite
	 * inlined with no DIE: 0 hits of 1 when it was exact); by_ptr(),
	 * its name called only there too but its address taken; direct(),
	 * called.  PIE (relocations, RIP-relative code) and not (absolute
	 * words in code and data). */
	{ "unentered-gcc-O2", "gone_mark", false, "some copies", -2 },
	{ "unentered-gcc-O2", "ptr_mark", true, "marker block", -2 },
	{ "unentered-gcc-O2", "direct_mark", true, "marker block", -2 },
	{ "unentered-gcc-O2-nopie", "gone_mark", false, "some copies", -2 },
	{ "unentered-gcc-O2-nopie", "ptr_mark", true, "marker block", -2 },
	{ "unentered-gcc-O2-nopie", "direct_mark", true, "marker block",
	  -2 },
	/* crossjump.c at gcc -Os: case 1's store into the union is
	 * codestring()'s after the marker, and gcc merged the two; case 1
	 * falls into the inlined copy's middle, which is no call of it
	 * (lua's codestring() in simpleexp(): 198 hits for 138 when it
	 * was exact) */
	{ "crossjump-gcc-Os", "str_mark", false, "join point", -2 },
	/* casemerge.c at gcc -Os: four case arms end in the same call and
	 * "e->k = 17", merged into one tail; the marker's site, in the
	 * merged block, runs for every case (before: under, "tail
	 * duplicated", the wrong direction; lua's luaK_dischargevars():
	 * 85 hits for 3 when it was exact) */
	{ "casemerge-gcc-Os", "idx_mark", false, "errs both ways", -2 },
	/* passmerge.c at gcc -O3: a loop unrolled whole, the four passes
	 * whose bytes are constant 0 computed away, their blocks at one
	 * address: 5 sites for 8 runs (bzip2's uInt64_to_double(): 13
	 * hits for 16 when it was exact) */
	{ "passmerge-gcc-O3", "pass_mark", false, "some copies", -2 },
	/* peeled.c at clang -Os: a loop of 8 passes by the source peeled
	 * to a loop of 7 (smk_code_trip_count()): 7 hits for 8 at each
	 * site (bzip2's compressStream(): 12 hits for 16 when exact) */
	{ "peeled-clang-Os", "peeled", false, "some copies", -2 },
	/* leaves.c at -O0: the end of the statement before, with ways out
	 * of it: a loop's own breaks, an else-if chain's jumps of no line
	 * (clang), a break of the loop around it before a statement */
	{ "leaves-clang-O0", "own_breaks", true, "marker line", 0 },
	{ "leaves-clang-O0", "chain_end", true, "marker line", 1 },
	{ "leaves-clang-O0", "after_break", true, "marker line", 1 },
	{ "leaves-gcc-O0", "after_break", true, "marker line", 1 },
	{ "leaves-gcc-O0", "own_breaks", false, "join point", -2 },
	/* onceloop.c at -O0: loops whose body never reaches its end make
	 * no second pass, no loop of the code (6 of 6 and 24 of 24 hits;
	 * "loop nesting differs" before) */
	{ "onceloop-gcc-O0", "once_first", true, "next line, branch arm", 0 },
	{ "onceloop-gcc-O0", "once_inner", true, "next line, branch arm", 1 },
	{ "onceloop-clang-O0", "once_first", true, "marker line", 0 },
	{ "onceloop-clang-O0", "once_inner", true, "marker line", 1 },
	/* inlret.c at gcc -O2: a return after the marker leaves the
	 * function inlined, not its callers' loops, computed away around
	 * its block (2 hits for 7 when it was exact) */
	{ "inlret-gcc-O2", "pick_ret", false, "loop nesting differs", -2 },
	/* deadarm.c: markers in an arm or a loop body that a condition
	 * known from the source rules out ("(a &= 6) || 7UL", a 0 or 1
	 * compared with 0x1458L, "0 && a"): gcc deletes them even at -O0,
	 * and its next line was an over site firing on every call; clang
	 * -O0 keeps them.  They never run: exact, nothing to probe. */
	{ "deadarm-gcc-O0", "dead_else", true, "never runs", -2 },
	{ "deadarm-gcc-O0", "dead_cmp", true, "never runs", -2 },
	{ "deadarm-gcc-O0", "dead_while", true, "never runs", -2 },
	{ "deadarm-gcc-O0", "live", true, "!never runs", 0 },
	{ "deadarm-gcc-O2", "dead_else", true, "never runs", -2 },
	{ "deadarm-gcc-O2", "dead_cmp", true, "never runs", -2 },
	{ "deadarm-clang-O0", "dead_cmp", true, "never runs", -2 },
	{ "deadarm-clang-O0", "live", true, "!never runs", 0 },
	/* ... and a static function called from the dead arm only: gcc
	 * -O0 keeps its code, which nothing enters, and no inlined copy;
	 * its sites never fire (under before: "calls may have been
	 * inlined with no record of them") */
	{ "deadarm-gcc-O0", "in_dead_callee", true, "next line, straight", 0 },
	/* codeless.c at gcc -O0: a marker ending a loop body with a
	 * continue, after a macro that expands to nothing: the statement
	 * before that one ends right where the marker is (4 hits of 4;
	 * not found before, its next line the step the continue joins) */
	{ "codeless-gcc-O0", "after_nothing", true,
	  "end of the statement before", 1 },
	/* versions.c (csmith seed 8484's p380639000) at gcc -O2: "for (i
	 * = 0; i < 2; i++) {...; if (print_hash_value) printf(...);
	 * marker; }" unrolled whole in two versions of main's code, split
	 * on print_hash_value, one copy of the point left in each: 2
	 * copies for 2 passes, exact, 1 hit for 2; now some copies */
	{ "versions-gcc-O2", "m86", false, "some copies", -2 },
	/* onepass.c at clang -Os: a marker in "for (i = 0; i < 1; i++)",
	 * on the line of a for of two passes whose latch is the line's one
	 * row: one loop each side, counted equal, exact, 2 hits for 1
	 * (csmith seed 9191); a loop of one pass is none (one_pass()) */
	{ "onepass-clang-Os", "one_pass", false,
	  "inside a loop the marker is not in", -2 },
	/* loopenter.c at gcc -O2: the loop after the marker on its line
	 * entered around the one site (1 hit for 3 when it was exact) */
	{ "loopenter-gcc-O2", "suffix_scan", false, "some copies", -2 },
	/* unswitch.c: a loop's way out settled before it, the version that
	 * never leaves unrolled whole, copies one after another: 8 hits for
	 * 9 at gcc -O3 (exact before); at -O2 each copy has its test */
	{ "unswitch-gcc-O3", "unswitched", false, "some copies", -2 },
	{ "unswitch-gcc-O2", "unswitched", true, "marker block", 0 },
	{ "peeled-clang-Os", "peeled_base", false, "loop nesting differs", -2 },
	/* goloops.c at gcc -O2: a loop that a goto back makes (4 hits of
	 * 4) and a marker after it (1 of 1), known now that the reader
	 * counts such loops; a computed goto, whose loops stay unknown,
	 * inside a loop of the code: no claim (it was exact, the check
	 * skipped); a loop left by a break and a goto, the marker after
	 * it: the loop's exit jumps straight to the return past the site
	 * (0 hits of 1 when it was exact); a state of "for (;;) switch"
	 * in two loops of the code for one of the source, every cycle
	 * through the head's dispatch (5 of 5; it was under, "tail
	 * duplicated", for the two rows of case 3's for, which only the
	 * marker's site leads to). */
	{ "goloops-gcc-O2", "in_retry", true, "marker block", 1 },
	{ "goloops-gcc-O2", "after_retry", true, "marker block", 0 },
	{ "goloops-gcc-O2", "even_state", true, "marker block", 1 },
	{ "goloops-gcc-O2", "computed_mark", false,
	  "loops around the marker unknown", -2 },
	{ "goloops-gcc-O2", "drained", false, "some copies", -2 },
	{ "goloops-gcc-O2", "odd_state", true, "marker block", 2 },
	/* nextcopy.c at gcc -O1: a marker before a while loop whose test
	 * gcc evaluates before the loop and at its bottom: two rows of the
	 * next statement for one block of the marker, the bottom one
	 * reached only through the body (5 hits of 5; it was "tail
	 * duplicated", under: zlib's deflateSetDictionary(), 194 markers
	 * of bench/realcode at gcc -O1 to -Os, every one that ran exact) */
	{ "nextcopy-gcc-O1", "dict_mark", true, "marker block", 0 },
	/* colrows.c at gcc -O0: a marker with no code before a statement
	 * gcc gives a row per column, one straight after the other (2 hits
	 * a run when it was approximated, two sites: zlib's adler32_z(),
	 * 11 markers of bench/realcode at gcc -O0) */
	{ "colrows-gcc-O0", "split_mark", true, "next line, straight", 0 },
	/* loopnext.c at gcc -O0: a marker with no code, a static table's
	 * initializer, then a for loop: the loop's start is the site, its
	 * test and step rows (deeper in the loop) not (it was "not on the
	 * marker's path": the table's braces were read as a block; zlib's
	 * inflate_table(), six markers of bench/realcode, 6 hits of 6 each
	 * now) */
	{ "loopnext-gcc-O0", "fill_mark", true, "next line, straight", 0 },
	/* afterstmt.c at gcc -O0: markers ending a then arm with an else
	 * after it, the statement before a call or a for loop: the site is
	 * the arm's jump over the else, which only that statement's code
	 * leads to (2 and 4 hits, as the marker runs; both had no site:
	 * the next line with code is the else's) */
	{ "afterstmt-gcc-O0", "call_end", true,
	  "end of the statement before", 0 },
	{ "afterstmt-gcc-O0", "loop_end", true,
	  "end of the statement before", 0 },
	/* ifnext.c at gcc -O0: a marker at a function's start before "if
	 * (check(p)) return -2;" on one line, a row for its test and one
	 * for its return arm: the first is the statement's start (5 hits of
	 * 5; it had no site, "errs both ways", the arm's row taken as a
	 * second site: zlib's inflateResetKeep()) */
	{ "ifnext-gcc-O0", "reset_mark", true, "next line, straight", 0 },
	/* doloop.c at gcc -O0: a marker beginning a do loop's body after
	 * a declaration, its site entered from before the loop and from
	 * the "while" test's back edge: each a pass (6 hits of 6; it was
	 * "join point", over: lua's convergeephemerons()) */
	{ "doloop-gcc-O0", "pass_mark", true, "marker line", 1 },
	/* tailif.c at gcc -O1: "if (verb >= 4) printf(...); marker; }",
	 * the marker's point kept in the arm, the fall-through's ret under
	 * the if's line (1 hit of 2 when it was exact) */
	{ "tailif-gcc-O1", "tail_mark", false, "some copies", -2 },
	/* contlatch.c at gcc -O2: a marker ending a loop body that a
	 * continue skips; gcc gives the continue its own copy of the
	 * latch, with the marker's label (12 hits for 6 when it was
	 * exact) */
	{ "contlatch-gcc-O2", "code_mark", false, "join point", -2 },
	/* unroll2.c at clang -O2: a byte loop unrolled by two, the
	 * marker's row once a pair of passes, the odd pass's copy after
	 * the loop entered from the loop's test past it (2 hits for 5
	 * when it was exact) */
	{ "unroll2-clang-O2", "byte_mark", false, "some copies", -2 },
	/* armend.c at gcc -O0: markers ending an if's arm, the join after
	 * it; the last instruction of the statement before is theirs (3
	 * hits of 3 and 4 of 4) */
	{ "armend-gcc-O0", "end_set", true, "end of the statement before",
	  -2 },
	{ "armend-gcc-O0", "end_store", true, "end of the statement before",
	  -2 },
	/* ... and a then arm's end, whose last instruction is its jump
	 * over the else (2 hits of 2) */
	{ "armend-gcc-O0", "end_then", true, "end of the statement before",
	  -2 },
	/* ifret.c at clang -O0, taken as unoptimized from its DIEs (clang
	 * records no options): a marker after the test of a return and
	 * one after a braceless if in a loop, joins whose every way in is
	 * a pass (3 hits of 3, 4 of 4: over before) */
	{ "ifret-clang-O0", "after_ret", true, "marker line", 0 },
	{ "ifret-clang-O0", "skip_mark", true, "marker line", 1 },
	{ "ifret-gcc-O0", "after_ret", true, "marker line", 0 },
	/* ... a marker before an if on its line, after an if that
	 * returns: the line's first row is its point, the others the
	 * if's (4 hits of 4; over with both rows as sites before) */
	{ "ifret-gcc-O0", "line_if_mark", true, "marker line", 0 },
	{ "ifret-clang-O0", "line_if_mark", true, "marker line", 0 },
	/* ... a marker before a loop after a one-instruction statement an
	 * if joins: that instruction is the site, every way into it one
	 * into the statement (5 hits of 5; over before) */
	{ "ifret-gcc-O0", "prev_one_mark", true,
	  "end of the statement before", 0 },
	/* ... a marker ending a while body after an if/else: clang -O0's
	 * back jump is entered by the body's ways on only (7 hits of 7) */
	{ "ifret-clang-O0", "while_end_mark", true, "marker line", 1 },
	/* ... and a marker a macro puts in its use's line, inside the
	 * macro's own if: the line's start runs every time (3 hits for 1
	 * when it was exact at clang -O0 with the if's setcc no longer an
	 * objection) */
	{ "ifret-clang-O0", "macro_mark", false, "marker in a macro", -2 },
	{ "ifret-gcc-O0", "macro_mark", false, "marker in a macro", -2 },
	{ "ifret-clang-O2", "macro_mark", false, NULL, -2 },
};

static void check_loops(const char *dir)
{
	size_t i;

	if (chdir(dir)) {
		ok(0, "chdir %s", dir);
		return;
	}
	for (i = 0; i < sizeof(loops_want) / sizeof(*loops_want); i++) {
		const struct loops_want *w = &loops_want[i];
		struct smk_binary *b = open_bin(NULL, w->file);
		struct smk_marker_set *set = NULL;
		struct smk_placement *p = NULL;
		const struct smk_placement *m;
		const char *why = NULL;
		long n;

		if (!b) {
			ok(0, "%s opens", w->file);
			continue;
		}
		n = place(b, &set, &p);
		m = n > 0 ? find(set, p, w->marker) : NULL;
		ok(m && (m->verdict == SMK_VERDICT_EXACT) == w->exact &&
		   (!w->rule || (m->rule && (w->rule[0] == '!' ?
					     strcmp(m->rule, w->rule + 1) :
					     !strcmp(m->rule, w->rule)))),
		   "%s %s: %s (want %sexact), rule %s", w->file, w->marker,
		   m ? smk_verdict_name(m->verdict) : "-",
		   w->exact ? "" : "not ",
		   m && m->rule ? m->rule : "-");
		if (w->depth != -2) {
			int d = m && m->nsites ?
				smk_code_loop_depth(b, m->sites[0].addr,
						    &why) : -3;

			ok(d == w->depth, "%s %s: its site is in %d loops "
			   "(want %d%s%s)", w->file, w->marker, d, w->depth,
			   why ? ": " : "", why ? why : "");
		}
		smk_placements_destroy(p, set ? set->n : 0);
		smk_marker_set_destroy(set);
		smk_binary_destroy(b);
	}
}

/*
 * Unoptimized units (smk_dwarf_cu_unoptimized()): gcc's by its producer,
 * clang's by what its DIEs show; after check_loops(), in DATA_DIR.
 */
static void check_unoptimized(void)
{
	static const struct {
		const char *file;
		bool want;
	} bins[] = {
		{ "ifret-clang-O0", true }, { "ifret-gcc-O0", true },
		{ "armend-gcc-O0", true }, { "ifret-clang-O2", false },
		{ "loops-clang-O2", false }, { "passes-clang-O1", false },
		{ "loops-gcc-O2", false },
	};
	size_t i;

	for (i = 0; i < sizeof(bins) / sizeof(*bins); i++) {
		struct smk_binary *b = open_bin(NULL, bins[i].file);
		Dwarf *dw = b ? smk_binary_dwarf(b) : NULL;
		Dwarf_CU *cu = NULL;
		Dwarf_Die cudie;
		uint8_t ut;
		int yes = 0, no = 0;

		while (dw && dwarf_get_units(dw, cu, &cu, NULL, &ut, &cudie,
					     NULL) == 0)
			smk_dwarf_cu_unoptimized(b, &cudie) ? yes++ : no++;
		ok(dw && (bins[i].want ? yes > 0 && !no : no > 0 && !yes),
		   "%s: %d units unoptimized, %d not (want %s)", bins[i].file,
		   yes, no, bins[i].want ? "all" : "none");
		smk_binary_destroy(b);
	}
}

/*
 * Reachability within one pass of the loops (split-gcc-O2's two_entries():
 * 0x1156 the loop's top, 0x1169 the marker, entered from the function's
 * test too, 0x1178 the bottom, whose jmp goes back to 0x1156).  Runs in
 * DATA_DIR, after check_loops().
 */
static void check_pass(void)
{
	struct smk_binary *b = open_bin(NULL, "split-gcc-O2");
	enum smk_answer a;

	if (!b) {
		ok(0, "split-gcc-O2 opens");
		return;
	}
	a = smk_code_reaches_pass(b, 0x1156, 0x1178);
	ok(a == SMK_YES, "top to bottom in one pass: %s", answer(a));
	a = smk_code_reaches_pass(b, 0x1178, 0x1156);
	ok(a == SMK_NO, "bottom to top only round the loop: %s", answer(a));
	a = smk_code_reaches_pass(b, 0x1169, 0x1180);
	ok(a == SMK_YES, "the marker to the ret: %s", answer(a));
	a = smk_code_reaches_pass(b, 0x1178, 0x1178);
	ok(a == SMK_YES, "an address reaches itself: %s", answer(a));
	smk_binary_destroy(b);
}

/*
 * A stack slot not written yet (slot-gcc-O1, bench/campaign/repro/
 * sunk-store): gcc -O1 stores l_418's initializer only where its
 * address is taken, after the marker m23, and DWARF names the slot for
 * the whole scope.  The fetch is refused; p_12, in a register, is not.
 */
static void check_slot(void)
{
	struct smk_binary *b = open_bin(NULL, "slot-gcc-O1");
	struct smk_marker_set *set = NULL;
	struct smk_placement *p = NULL;
	const struct smk_placement *m;
	const struct smk_fetch *f0 = NULL, *f1 = NULL;
	long n;

	if (!b) {
		ok(0, "slot-gcc-O1 opens");
		return;
	}
	n = place(b, &set, &p);
	m = n > 0 ? find(set, p, "m23") : NULL;
	if (m && m->nsites && m->sites[0].nfetch == 2) {
		f0 = &m->sites[0].fetch[0];
		f1 = &m->sites[0].fetch[1];
	}
	ok(f0 && f0->spec && !strcmp(f0->spec, "%di"),
	   "m23's p_12 is fetched from %%di (%s)", f0 && f0->spec ?
	   f0->spec : "-");
	ok(f1 && !f1->spec && f1->reason &&
	   strstr(f1->reason, "not be written yet"),
	   "m23's l_418, its slot stored after the marker, is refused (%s)",
	   f1 && f1->reason ? f1->reason : f1 && f1->spec ? f1->spec : "-");
	smk_placements_destroy(p, set ? set->n : 0);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);

	/* leaslot-gcc-O2: the slot's address taken ("lea") before the
	 * marker, the pointer stored after it, the initializer never
	 * stored: an address taken writes nothing (it read 0 for 8). */
	b = open_bin(NULL, "leaslot-gcc-O2");
	set = NULL;
	p = NULL;
	f0 = NULL;
	if (!b) {
		ok(0, "leaslot-gcc-O2 opens");
		return;
	}
	n = place(b, &set, &p);
	m = n > 0 ? find(set, p, "slot_late") : NULL;
	if (m && m->nsites && m->sites[0].nfetch == 1)
		f0 = &m->sites[0].fetch[0];
	ok(f0 && !f0->spec && f0->reason &&
	   strstr(f0->reason, "not be written yet"),
	   "slot_late's l, its address taken before the marker, is refused "
	   "(%s)", f0 && f0->reason ? f0->reason : f0 && f0->spec ?
	   f0->spec : "-");
	smk_placements_destroy(p, set ? set->n : 0);
	smk_marker_set_destroy(set);
	smk_binary_destroy(b);
}

/* The innermost function dwarf_getscopes() finds at @pc (0: none). */
static Dwarf_Off libdw_function_at(Dwarf_Die *cu, Dwarf_Addr pc)
{
	Dwarf_Die *sc = NULL;
	Dwarf_Off off = 0;
	int n, k;

	n = dwarf_getscopes(cu, pc, &sc);
	for (k = 0; k < n; k++) {
		int tag = dwarf_tag(&sc[k]);

		if (tag == DW_TAG_subprogram ||
		    tag == DW_TAG_inlined_subroutine) {
			off = dwarf_dieoffset(&sc[k]);
			break;
		}
	}
	free(sc);
	return off;
}

/*
 * smk_dwarf_function_at() is dwarf_getscopes()'s concrete chain: the same
 * innermost function or inlined call at every address of every line-table
 * row (and one byte in) of @file.
 */
static void check_function_at(const char *dir, const char *file)
{
	struct smk_binary *b = open_bin(dir, file);
	size_t addrs = 0, inlined = 0, differ = 0;
	Dwarf_Off off = 0, next;
	size_t hsize;
	Dwarf *dw;

	dw = b ? smk_binary_dwarf(b) : NULL;
	while (dw && dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL,
				  NULL) == 0) {
		Dwarf_Die cu, fn;
		Dwarf_Lines *lines;
		size_t nlines, i;

		if (!dwarf_offdie(dw, off + hsize, &cu) ||
		    dwarf_getsrclines(&cu, &lines, &nlines))
			goto next;
		for (i = 0; i < nlines; i++) {
			Dwarf_Addr a;
			int d;

			if (dwarf_lineaddr(dwarf_onesrcline(lines, i), &a))
				continue;
			for (d = 0; d < 2; d++) {
				Dwarf_Off want = libdw_function_at(&cu, a + d);
				int r = smk_dwarf_function_at(&cu, a + d, &fn);
				Dwarf_Off got = r == 1 ? dwarf_dieoffset(&fn) : 0;

				addrs++;
				if (got != want) {
					if (differ++ < 3)
						diag("%s: %#llx: %#llx, libdw "
						     "%#llx", file,
						     (unsigned long long)a + d,
						     (unsigned long long)got,
						     (unsigned long long)want);
				} else if (r == 1 && dwarf_tag(&fn) ==
					   DW_TAG_inlined_subroutine) {
					inlined++;
				}
			}
		}
next:
		off = next;
	}
	ok(b && addrs > 0 && !differ,
	   "%s: the innermost function of %zu addresses (%zu in inlined "
	   "calls) is dwarf_getscopes()'s (%zu differ)", file, addrs, inlined,
	   differ);
	smk_binary_destroy(b);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s DATA_DIR BIG\n", argv[0]);
		return 2;
	}
	check_arch(argv[1], "arch-aarch64", "aarch64");
	check_arch(argv[1], "arch-i386", "i386");
	check_undecoded(argv[1]);
	check_big(argv[2]);
	check_function_at(argv[1], "loops-gcc-O2");
	check_function_at(argv[1], "loops-clang-O2");
	check_function_at(argv[1], "sunk-gcc-O2");
	check_function_at(argv[1], "split-gcc-O2");
	check_function_at(argv[1], "slot-gcc-O1");
	check_function_at(NULL, argv[2]);
	check_loops(argv[1]);	/* last: it changes directory */
	check_unoptimized();
	check_pass();
	check_slot();
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
