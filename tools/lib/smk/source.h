/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef SMK_SOURCE_H
#define SMK_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "binary.h"

enum smk_source_context {
	SMK_SOURCE_UNKNOWN,	/* no source, or the marker not found in it */
	SMK_SOURCE_SEQUENCE,	/* a statement among others */
	SMK_SOURCE_ALONE_IN_ARM,	/* all a conditional arm holds (with
					 * other markers at most) */
};

/*
 * Where the marker @name, recorded at @line of the source file @path,
 * stands among the statements around it (source.c).  The file is read
 * once per binary.
 */
enum smk_source_context smk_source_marker_context(struct smk_binary *b,
						  const char *path,
						  unsigned int line,
						  const char *name);

/*
 * Do markers @name_a (at @line_a) and @name_b (at @line_b) of @path stand
 * together: nothing between them but other markers and declarations
 * with no code, so that each runs exactly when the other does?  1 yes, 0
 * no, -1 unknown.
 */
int smk_source_same_group(struct smk_binary *b, const char *path,
			  unsigned int line_a, const char *name_a,
			  unsigned int line_b, const char *name_b);

/*
 * Is @name (@len bytes, not terminated) a function that does not return
 * (exit, abort, longjmp, __assert_fail, panic...)?  The list serves the
 * source reader's calls and cfg.c's callees alike.
 */
bool smk_noreturn_name(const char *name, size_t len);

/*
 * Can control reach the marker @name (at @line of @path) at all, by the
 * source?  1 no (dead: after a return, break, continue or a call that
 * does not return, an if whose arms all end so, or a loop whose
 * condition is always true (for (;;), while (1), while (TRUE)) with no
 * break of its own, with no label between; in an arm or a loop body
 * that a condition known from the source rules out: "if (0)", "while (x
 * && 0)", csmith's "if (((a >= 5UL) >= 0x1458L))"), 0 yes, -1 unknown
 * (a goto or a conditional of the preprocessor in the function, or a
 * statement the reader does not read).  *@named (when not NULL): whether
 * the walk took a call for one that does not return by the function's
 * name only (exit(), panic(): a program may define its own).
 */
int smk_source_marker_dead(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name, bool *named);

/*
 * Is line @other inside the other arm of an if/else one of whose braced
 * arms holds the marker @name (at @line of @path)?  1 yes, 0 no, -1
 * unknown.  Code of that line runs when the marker does not.
 */
int smk_source_in_other_arm(struct smk_binary *b, const char *path,
			    unsigned int line, const char *name,
			    unsigned int other);

/*
 * Is line @other inside the switch whose body holds the marker @name (at
 * @line of @path), in another arm of it: under another case or default
 * label of that body's own, not an arm before the marker's that falls
 * through into it (no break, return, goto, continue or call that does
 * not return from the line on)?  1 yes, 0 no, -1 unknown.  Code of that
 * line runs when another case was chosen.
 */
int smk_source_in_other_case(struct smk_binary *b, const char *path,
			     unsigned int line, const char *name,
			     unsigned int other);

/*
 * Does every call of its function that returns run the marker @name (at
 * @line of @path) first, by the source: a statement of the function's
 * body itself, or of plain blocks and do-while bodies in it (in no if,
 * switch or other loop, no break or continue before it in a do-while),
 * with no return and no goto before it in the body?  1 yes, 0 no, -1 unknown (no source, or not a
 * function's body that the reader can tell).  A return that a macro
 * hides is not seen: the binary's own paths then disagree, and the check
 * that uses this answer fails closed.
 */
int smk_source_marker_on_every_call(struct smk_binary *b, const char *path,
				    unsigned int line, const char *name);

/*
 * Does the marker stand, at any depth inside its function, in an arm of an
 * if, an else or a switch?  1 yes, 0 no (only the function's body, loops,
 * plain blocks), -1 unknown.
 */
int smk_source_marker_in_choice(struct smk_binary *b, const char *path,
				unsigned int line, const char *name);

/*
 * How many "case X:" labels stand right before the marker (none: 0), or
 * -1: unknown, a "default:" or a range among them.
 */
int smk_source_case_labels(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name);

/*
 * Does the body of the function declared at @decl_line of @path hold a
 * loop (for, while, do, goto)?  1 yes, 0 no, -1 unknown (no source, or no
 * body found there).
 */
int smk_source_function_loops(struct smk_binary *b, const char *path,
			      unsigned int decl_line);

/*
 * Is every execution of the statement after the marker @name preceded by
 * the marker in the source?  1 when the marker (with the markers standing
 * next to it) and the statement after it are consecutive statements of
 * one block of the function declared at @decl_line, the statement carries
 * no label, the marker is no braceless arm, only plain if blocks enclose
 * it, and no goto or asm comes before it in the function: then no path
 * enters that statement but through the marker, or through a return
 * before it.  *@next_line is the statement's first line; each return
 * before the marker gives in @exits the lines from the head of the
 * statement that decides it (its if, loop or switch) to its end, up to
 * @max_exits (more, or a return that reads like the statement after the
 * marker: 0).  *@straight says whether the function runs straight from
 * its start to the marker (no branch, loop, jump or block before it).
 * With @unoptimized, for code that keeps each statement's own code in
 * source order: blocks of any kind may enclose the marker (loops,
 * switches, else arms: a break or continue before the marker never
 * lands on the statement after it), and no return before it is told
 * apart (none shares code with another statement): @exits stays empty;
 * and the marker may be the function's last statement, its end (the
 * epilogue, under the closing brace's line) the statement after, when
 * no return comes before it; or the last statement of a while or do
 * loop's body with no continue, goto or label in it, the loop's way back
 * (under the body's closing brace) the statement after: then *@head_line
 * is the line of the loop's head and body's start, and every way into
 * that statement must come from a line after it (0 otherwise).  0 no,
 * -1 unknown.
 */
int smk_source_marker_sequel(struct smk_binary *b, const char *path,
			     unsigned int line, const char *name,
			     unsigned int decl_line, unsigned int *next_line,
			     unsigned int (*exits)[2], size_t max_exits,
			     size_t *nexits, bool *straight, bool unoptimized,
			     unsigned int *head_line);

/*
 * The switch whose arm the marker opens: 1 when the marker follows its
 * "case" labels directly, no arm before falls through into them, each
 * label is an integer literal (decimal, hex, octal,
 * negative), and the switch tests a plain identifier.  Gives the switch
 * keyword's line, the identifier in @expr and the labels' values in
 * @vals (up to @max).  0 otherwise (another label kind, "default", an
 * expression, more labels), -1 unknown.
 */
int smk_source_switch_arm(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  unsigned int *switch_line, char *expr,
			  size_t expr_size, int64_t *vals, size_t max,
			  size_t *nvals);

/*
 * Does the marker open the braced arm of a plain "if (COND) {", with no
 * else, holding only markers and a final return, COND free of && || ?:
 * (one conditional jump decides it)?  1 with the lines COND spans (from
 * the "if" to the ")"), 0 no, -1 unknown.
 */
int smk_source_if_return(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *cond_first, unsigned int *cond_last);

/*
 * Does every path through the marker @name go on, in the source, to the
 * statement on line @next (the first line after the marker that has
 * code)?  1 when only statements that fall through stand between (no
 * return, break, continue, goto, label, else, ?:), each block they close
 * is a plain one, an if's arm with no else after it, an else's arm or
 * the function's body, and no block opened after the marker holds
 * @next.  0 when the source says otherwise (the marker's arm ends in a
 * return: the next line with code is on the other branch; the end of a
 * loop's body: the next iteration runs next, not the code after the
 * loop), -1 unknown (no source, @next not after the marker or holding no
 * statement).
 */
int smk_source_falls_to(struct smk_binary *b, const char *path,
			unsigned int line, const char *name, unsigned int next);

/* Can @path be read as C source (and holds some)? */
bool smk_source_readable(struct smk_binary *b, const char *path);

/*
 * How many loops of its function enclose the marker @name of @path at
 * @line (@name NULL: the statement that line @line starts, such as an
 * inlined call's): for, while, do (not do ... while (0)) and iterator
 * macros heading a statement (the kernel's list_for_each_entry() and
 * for_each_*()).  -1 when unknown (no source, a line that starts no
 * statement, a statement expression, a computed goto).  A label with
 * gotos back to it counts as a loop around the statements from it to the
 * last of them (an upper bound: smk_source_loop_heads()); gotos forward
 * make none.
 */
int smk_source_loop_depth(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name);

/*
 * The same as code that is not optimized keeps them: a for whose test
 * holds for its first value and whose body never reaches its end is a
 * loop that makes no second pass, but such code keeps its test and step
 * after the body, a cycle of the code that no run takes.  Counted here,
 * not by smk_source_loop_depth().
 */
int smk_source_loop_depth_kept(struct smk_binary *b, const char *path,
			       unsigned int line, const char *name);

/* Lines @first to @last of a source file: the head of a loop of the
 * reader's (@loop -1), or of the @loop'th loop gotos back make around a
 * statement (smk_source_loop_heads()). */
struct smk_line_span {
	unsigned int first, last;
	int loop;
};

/*
 * The heads of the loops smk_source_loop_depth() counts around the
 * statement at @line (marker @name, or with @name NULL the statement
 * starting the line), at most @max into @v: for each loop, the lines of
 * its code that run once a pass outside any statement of its body (a
 * for's, a while's or an iterator macro's keyword to the end of its
 * condition; a do's "while (...)"; the body's closing brace alone on its
 * line; a goto back's line, with the if it is the braceless arm of, for
 * a loop gotos make: a label with gotos back to it spans the label to its
 * last such goto, and holds the statement when that span does, a bound:
 * the statement may be on no path from the label to a goto).  Returns
 * how many (a loop may have two), -1 unknown: the depth
 * is, a head is not worked out (a braceless do), more than @max, or the
 * statement's line is itself in a head.
 */
int smk_source_loop_heads(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  struct smk_line_span *v, size_t max);

/*
 * Is the path through marker @name certain to leave its innermost loop
 * (a return, or a break of that loop, among the plain statements after
 * it in its block)?  1 by a break, 2 by a return (neither leaves the
 * loops of the calls it is inlined into), 0 not proven, -1 unknown (no
 * source, a goto).
 */
int smk_source_leaves_loop(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name);

/*
 * Is marker @name's call written in @path at line @line (or a few lines
 * before, the start of a call over several lines), or its name on that
 * line (a wrapper macro's use, "pt_trace(pt_before, p);")?  1 yes; 0
 * no: neither is there but the file names the marker elsewhere (a macro
 * of its own), so the record comes from a macro's expansion (the line of
 * its use: its place in that line's code is unknown); -1 unknown (no
 * source, or a file that never names the marker: not the one built, or
 * a header's macro).
 */
int smk_source_marker_written(struct smk_binary *b, const char *path,
			      unsigned int line, const char *name);

/*
 * Does marker @name (with the markers right before it) start its line:
 * no code of another statement before it there?  1 yes, 0 no, -1
 * unknown (no source, a marker inside a macro's definition).
 */
int smk_source_marker_starts_line(struct smk_binary *b, const char *path,
				  unsigned int line, const char *name);

/*
 * Does a statement end before marker @name (with the markers right
 * before it) on its line ("count = 0; trace_simple(...)")?  1 yes, with
 * the 1-based byte column of the marker's first token in @col; 0 the
 * marker starts its line; -1 unknown (no source, another token before it
 * there: a "{", an "else", a label).
 */
int smk_source_code_before(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name,
			   unsigned int *col);

/*
 * Does line @line of @path (before byte column @before, 0: all of it)
 * assign variable @name, or one of its members
 * or elements ("x = ", "x->a += ", "x[i]++", "--x"), or take its address
 * ("&x": a callee may write it)?  With @name NULL: does it assign
 * anything, or call anything?  1 yes, 0 no, -1 unknown (no source, @name
 * an argument of a call or macro, which may assign it).
 */
int smk_source_line_assigns(struct smk_binary *b, const char *path,
			    unsigned int line, unsigned int before,
			    const char *name);

/*
 * Is the code of line @line before byte column @before (0: all of it)
 * plain: no if, loop, switch, jump, "?:", "&&" or "||"?  1 yes, 0 no, -1
 * unknown (no source).
 */
int smk_source_line_plain(struct smk_binary *b, const char *path,
			  unsigned int line, unsigned int before);

/*
 * Is marker @name (with the markers next to it) the end of the body of a
 * for loop with a step, with no continue or goto in that body?  Then the
 * step runs exactly when the body ends, so exactly after each run of the
 * marker.  1 yes, with the step's first line and the 1-based byte
 * columns (as DWARF line tables count them) it spans there, 0 no, -1
 * unknown.
 */
int smk_source_loop_step(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *step_line, unsigned int *step_col,
			 unsigned int *step_end);

/*
 * How many passes the innermost loop around marker @name makes, when its
 * head says so alone: "for (i = A; i OP B; STEP)", A and B integer
 * literals, OP <, <=, >, >= or !=, STEP i++, ++i, i--, --i, i += C or
 * i -= C, a braced body with no break, return, goto or label that only
 * reads i, and only plain blocks and braced if or switch arms between the
 * loop and the marker.  The counter's type is not read: a loop that
 * wraps is miscounted, which only ever refuses a claim.  1 with *@n, 0
 * not such a loop (or none), -1 unknown.
 */
int smk_source_trip_count(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name, uint64_t *n);

/*
 * Does marker @name (with the markers right before it, and declarations
 * with no code) begin the braced body of a for or a while loop, on a
 * line after the loop's head, whose ")" and "{" close the head's line, or
 * of a do loop (not do ... while (0)), on a line after the "{", the
 * "while" on a line after the marker's, with no goto in the body?  Then
 * each pass of the loop starts with the marker, and the loop's test,
 * which decides the next pass, is code of the line *@head_line: the
 * head's, or the do's "while".  1 yes, 0 no, -1 unknown.
 */
int smk_source_loop_head(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *head_line);

/*
 * Has the body of the innermost loop around marker @name a way out of
 * the loop (a return, a goto, a break of that loop, exit, abort,
 * longjmp)?  1 yes, 0 no (or no loop), -1 unknown (a braceless body or
 * arm on the way out).
 */
int smk_source_loop_ways_out(struct smk_binary *b, const char *path,
			     unsigned int line, const char *name);

/*
 * Is the statement right after marker @name (in sequence in its block)
 * an if, switch, while or for, whose condition runs after the marker?  1
 * with the line it starts on, 0 no, -1 unknown.
 */
int smk_source_conditional_after(struct smk_binary *b, const char *path,
				 unsigned int line, const char *name,
				 unsigned int *next_line);

/*
 * Is marker @name (with the markers next to it) followed on its line by a
 * loop ("trace_simple(...); for (i = 0; i < n; i++)")?  Then the code of
 * that line from byte column *@col on (a for's condition and step, a
 * while's or do's all) runs once a pass of the loop, not once each time
 * the marker does.  1 yes, 0 no, -1 unknown.
 */
int smk_source_loop_after(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  unsigned int *col);

/*
 * The statement right before marker @name in its block, of any kind
 * that ends in ";" ("if (c && f()) return -1;", "x = y;") or an if
 * (with its else arms), for, while or switch with a block ("if (c) {
 * ... }"): 1 with its
 * first and last lines, and whether it has a return in *@returns; 0 none
 * (the marker starts its block, a label before it, or the statement has
 * a goto, or a break or continue of a loop or switch around it, which go
 * past the marker by the source; those of a loop or switch inside it, or
 * of the statement's own loop, stay in it); -1 unknown (a block inside
 * that statement).
 */
int smk_source_prev_any(struct smk_binary *b, const char *path,
			unsigned int line, const char *name,
			unsigned int *first_line, unsigned int *last_line,
			bool *returns);

/*
 * smk_source_prev_any() for a marker that another statement follows in
 * its block (not a "}", a label, a case, an empty statement or a block:
 * its first line in *@next_line): a statement before it with ways out
 * past the marker (a goto, a break or continue that leaves it, a
 * return) is read too, and *@leaves says so.  Those ways land on a
 * loop's or switch's end, a loop's next pass, a label or the function's
 * end, none on the statement after the marker inside its block: the
 * code that follows the statement's in unoptimized code, when it is
 * that statement's, runs only when the statement completes.  0 no such
 * statement, -1 unknown.
 */
int smk_source_prev_leaves(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name,
			   unsigned int *first_line, unsigned int *last_line,
			   bool *leaves, unsigned int *next_line);

/*
 * smk_source_prev_any(), but a statement with ways out is read too: a
 * break or continue of a loop (a break of a switch) inside it stays in
 * it, and a goto of it lands on its label's statement, whose lines (the
 * label's to the statement's first ';' or brace) go into @past with the
 * goto's own line (two spans a goto), at most
 * @max, *@npast of them; a goto past @max is a way out.  *@macro says
 * it calls a name in capitals, a macro that may hide a return.  0 for a
 * break, continue or goto that leaves otherwise.
 */
int smk_source_prev_ways(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *first_line, unsigned int *last_line,
			 bool *returns, struct smk_line_span *past,
			 size_t max, size_t *npast, bool *macro);

/*
 * Is a plain statement right before marker @name in its block (no
 * keyword heads it, no label, not a braceless body, no ?: or && of its
 * own)?  1 yes, with its first and last lines, 0 no, -1 unknown.
 */
int smk_source_prev_statement(struct smk_binary *b, const char *path,
			      unsigned int line, const char *name,
			      unsigned int *first_line, unsigned int *last_line);

/*
 * The line of the "{" of the innermost block that holds marker @name,
 * when the marker stands as a statement of that block (after a ";", a
 * "{", a "}" or a label): 1 with the line in *@open_line; 0 when it is a
 * braceless arm ("else marker;"), which no brace bounds; -1 unknown.
 * *@body: that block is the body of the function declared on line
 * @decl_line (0: unknown, never the body).
 */
int smk_source_block_open(struct smk_binary *b, const char *path,
			  unsigned int line, const char *name,
			  unsigned int decl_line, unsigned int *open_line,
			  bool *body);

/*
 * Is marker @name a statement of the outermost block of the body of the
 * function declared on line @decl_line (not in an arm, a loop or a
 * nested block, not labeled), with no goto in the body and no return or
 * call of a function that does not return before it?  Then every path
 * of the source from the function's entry comes to it, and every path
 * to a statement after it in that block passes it.  1 yes, 0 no, -1
 * unknown (a goto, a conditional of the preprocessor in the body, no
 * source).
 */
int smk_source_body_statement(struct smk_binary *b, const char *path,
			       unsigned int line, const char *name,
			       unsigned int decl_line);

/*
 * Is marker @name in the block of an if or of its else, with only plain
 * statements (smk_source_prev_statement()'s, declarations among them)
 * before it in that block?  Then every way into the block runs the
 * marker, and the ways in are the tests of the if's else chain up to the
 * block.  1 yes, with the lines of that head (the first "if" of the
 * chain to the ")" of the last test before the block), the line of the
 * block's own "if" (0 for an else's block) and the line of the block's
 * "}"; 0 no; -1 unknown.  With @loop (not NULL), the body of a for or
 * a while too, *@loop then true: its head (keyword to the ")", the
 * step's line with it) is the way in, the head's line its own.
 */
int smk_source_arm_entry(struct smk_binary *b, const char *path,
			 unsigned int line, const char *name,
			 unsigned int *head_first, unsigned int *head_last,
			 unsigned int *own_first, unsigned int *close_line,
			 bool *loop);

/*
 * The calls of function @name, declared on line @decl_line, that the file
 * holds outside the function's own body and outside conditionals of the
 * preprocessor: "name(" after anything but a type (a declaration), "."
 * or "->" (a member).  Calls through a pointer or a macro are not seen,
 * so there are at most as many as the program makes.  1 with the line of
 * each in @lines (*@n of them, at most @max); -1 unknown (no file, no
 * body, the function calls itself, more than @max).
 */
int smk_source_call_lines(struct smk_binary *b, const char *path,
			  const char *name, unsigned int decl_line,
			  unsigned int *lines, size_t max, size_t *n);

/*
 * Does the body of the function declared on line @fn_decl_line assign
 * variable @name (smk_source_line_assigns()) after marker @marker of line
 * @line (on its line, after the marker), on a line other than
 * @var_decl_line, its declaration's?  1 yes, 0 no, -1 unknown (no source,
 * no body, or a line that may assign it).
 */
int smk_source_reassigned(struct smk_binary *b, const char *path,
			  unsigned int fn_decl_line, unsigned int var_decl_line,
			  unsigned int line, const char *marker,
			  const char *name);

/*
 * The integer literal that initializes variable @name in its declaration
 * on line @line ("int32_t l = (-3L);", "uint32_t u = 0xD896E78DL;"), into
 * *@val: 1; 0 when it is not a literal; -1 unknown (no source).
 */
int smk_source_initializer(struct smk_binary *b, const char *path,
			   unsigned int line, const char *name, int64_t *val);

/*
 * The @n-th statement back from marker @name in its block (0: the one
 * right before it), walking back over plain statements only (as
 * smk_source_prev_statement() reads them, but one that evaluates
 * conditionally, "a ? b : c", "a && f()", is one too, with *@cond true:
 * each of its ways goes on to its end): 1 with its first and last
 * lines, *@head false; or, when it is an if (the first of its else
 * chain) or a switch with a block, 1 with the lines of its head (the
 * keyword to the ")" of its condition), *@head true.  0 none (the
 * block's start, a label, a loop, a statement of another kind), -1
 * unknown.
 */
int smk_source_prev_nth(struct smk_binary *b, const char *path,
			unsigned int line, const char *name, unsigned int n,
			unsigned int *first_line, unsigned int *last_line,
			bool *head, bool *cond);

#endif /* SMK_SOURCE_H */
