/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What the machine code says about a probe address: DWARF says where a
 * marker stands, but not whether other paths reach the same instruction or
 * whether the branch around it was turned into conditional moves.  We
 * decode the containing function (x86-64, capstone) and find its branch
 * targets.
 */
#ifndef SMK_CFG_H
#define SMK_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "binary.h"
#include "error.h"

/*
 * A question about the code gets one of three answers.  Unknown (the
 * function was not decoded, another architecture, a search that ran out
 * of steps or memory) is never taken for "no": "no path" is the answer
 * that makes a join look safe.  Each unknown answer is counted
 * (smk_code_unknowns()), so that a caller can refuse a verdict that
 * rests on one.
 */
enum smk_answer {
	SMK_NO = 0,
	SMK_YES = 1,
	SMK_UNKNOWN = -1,
};

/* Set up the per-binary cache: out of memory is the only error. */
struct smk_error *smk_code_init(struct smk_binary *b);
/*
 * NULL when the binary's code is decoded here (x86-64), else an
 * SMK_ERROR_UNSUPPORTED error naming its e_machine: every answer about
 * its code is unknown.
 */
struct smk_error *smk_code_arch(struct smk_binary *b);
/* How many questions were answered SMK_UNKNOWN so far. */
unsigned long smk_code_unknowns(struct smk_binary *b);
/*
 * &smk_error_nomem when an allocation failed since the last call (the
 * question that met it was answered SMK_UNKNOWN), else NULL.
 */
struct smk_error *smk_code_take_error(struct smk_binary *b);

struct smk_code_facts {
	bool decoded;		/* false: nothing known (other arch, no code) */
	bool boundary;		/* @addr starts an instruction */
	unsigned int preds;	/* control-flow predecessors of @addr */
	bool join;		/* preds > 1: other paths reach it too */
	bool condmove;		/* its basic block has cmov/setcc: a branch
				 * may have been if-converted */
	bool func_entry;	/* @addr is the function's first instruction */
	bool vector;		/* its basic block does packed SIMD arithmetic:
				 * a vectorized loop, several iterations a
				 * pass */
};

/* Facts about DWARF address @addr of @b.  Not an error when unknown. */
struct smk_error *smk_code_facts(struct smk_binary *b, uint64_t addr,
				 struct smk_code_facts *f);

/*
 * Does control flow from @a straight to @c (@a < @c, same function): no
 * jump or return in [@a, @c) and no other entry into (@a, @c]?  Then @c
 * runs exactly when @a does.  False when unknown.
 */
bool smk_code_straight(struct smk_binary *b, uint64_t a, uint64_t c);

/*
 * Does control that reaches @a go on to @c (@a < @c, same function), with
 * no jump or return in [@a, @c)?  Other paths may enter on the way: @c
 * runs each time @a does, and maybe more often.  False when unknown.
 */
bool smk_code_falls_to(struct smk_binary *b, uint64_t a, uint64_t c);

/*
 * Copies of the exit tail at @addr: its instructions through the first
 * ret or jmp (at most 8, no branch on the way), found again instruction
 * for instruction elsewhere in the same function.  Compilers duplicate a
 * short tail into the paths that reach it (gcc's tail duplication after a
 * loop, shrink-wrapped returns): a path through a copy reaches the point
 * after @addr without passing @addr.  Up to @max addresses into @out;
 * returns how many, SIZE_MAX when unknown (not decoded) or more than @max.
 */
size_t smk_code_tail_copies(struct smk_binary *b, uint64_t addr,
			    uint64_t *out, size_t max);

/*
 * How many loops of its function enclose @addr: natural loops of the
 * function's control-flow graph (computed once per function), a loop
 * with several back edges counted once; in flow that is not reducible
 * (jump threading makes cycles entered at two places), the cycles of a
 * loop nesting forest of strongly connected components.  -1 when
 * unknown, with the reason in *@why: not decoded, a switch table not
 * read, code no path reaches, a .cold part.
 */
int smk_code_loop_depth(struct smk_binary *b, uint64_t addr,
			const char **why);

/*
 * How many passes the innermost loop around @addr makes each time it is
 * entered, read off its code: a loop with no loop inside, one back edge
 * and no way out but its latch's conditional jump, counted by one
 * register written once in it (inc, dec, add or sub of a constant, lea)
 * and compared with a constant right before that jump, with a constant
 * put in it by the one block entering the loop.  1 with *@trip (and the
 * loop's header in *@head), 0 @addr in no loop, -1 not such a loop or
 * unknown.  Compilers peel passes off a loop, or unroll it, and keep
 * the rest a loop: its passes then differ from the source's.
 */
int smk_code_trip_count(struct smk_binary *b, uint64_t addr, uint64_t *trip,
			uint64_t *head);

/* Is the instruction at @addr a conditional jump (a direct target, and
 * control may fall through)?  False when unknown. */
bool smk_code_cond_jump(struct smk_binary *b, uint64_t addr);

/* Is the instruction at @addr a jump to a direct target that control
 * never falls through ("jmp rel")?  False when unknown. */
bool smk_code_direct_jump(struct smk_binary *b, uint64_t addr);

/* The two ways out of the conditional jump at @addr: its target and the
 * next instruction.  False when @addr is no conditional jump (or not
 * decoded). */
/*
 * Does the code from @addr leave the function without a condition: only
 * straight code and jumps up to a return, or a tail jump out (at most 64
 * instructions)?  A function's return path, shared by its returns.
 */
bool smk_code_exits_straight(struct smk_binary *b, uint64_t addr);

/*
 * The instructions that write memory (a call aside) from @addr on, up to
 * the first jump, return or call that does not return (64 at most), at
 * most @max into @out: how many.  0 when the code is not decoded.
 */
size_t smk_code_straight_stores(struct smk_binary *b, uint64_t addr,
				 uint64_t *out, size_t max);

/*
 * smk_code_exits_straight(), and the way holds no call and writes no
 * memory: nothing but the function's epilogue, no code of a statement.
 */
bool smk_code_exits_bare(struct smk_binary *b, uint64_t addr);

bool smk_code_cond_arms(struct smk_binary *b, uint64_t addr,
			uint64_t *taken, uint64_t *next);

/* Does a basic block start at @addr (entry, jump target, after a jump)? */
bool smk_code_block_start(struct smk_binary *b, uint64_t addr);

/* The address after the instruction at @addr (0: not decoded there). */
uint64_t smk_code_insn_end(struct smk_binary *b, uint64_t addr);

/*
 * Does control leave the code [@lo, @hi) of one function other than at
 * its end (falling off it, or its last instruction, an unconditional
 * direct jump): a return, an indirect jump, a jump whose target is
 * outside it?  Calls return into it (one that does not return ends the
 * path).  *@last: the range's last instruction.  SMK_UNKNOWN when @lo or
 * @hi is not an instruction's boundary or the code is not decoded.
 */
enum smk_answer smk_code_range_exits(struct smk_binary *b, uint64_t lo,
				     uint64_t hi, uint64_t *last);

/*
 * Is the code [@lo, @hi) of one function left only to @hi (falling off its
 * end or jumping there: no return, no indirect jump, no jump elsewhere
 * out of it), and is @hi entered only from it (no jump from outside, no
 * switch table entry)?  Then the instruction at @hi runs exactly when that
 * code completes.  Calls return into it (one that does not return ends
 * the path, which then reaches @hi no more than it completes).
 * SMK_UNKNOWN when @lo or @hi is not an instruction's boundary, the code
 * is not decoded or a switch table of the function was not read.
 */
enum smk_answer smk_code_range_completes_at(struct smk_binary *b,
					    uint64_t lo, uint64_t hi);

/* What an instruction may write (smk_code_insn_writes()). */
struct smk_code_writes {
	bool call;		/* a call */
	bool store;		/* memory: an operand, a push, a string op */
	bool frame;		/* ...only frame_size bytes at
				 * frame_disp(%rbp) */
	int32_t frame_disp;
	unsigned int frame_size;
	/* With frame: a mov's value, a register ("ax", "r8": the name a
	 * fetch spec gives it, whatever the width) or an immediate. */
	const char *stored_reg;
	bool stored_imm;
	int64_t stored_val;
};

/* What the instruction at @addr may write, into *@w; false when no
 * decoded instruction starts at @addr. */
bool smk_code_insn_writes(struct smk_binary *b, uint64_t addr,
			  struct smk_code_writes *w);

/* The first instruction of the basic block that holds @addr. */
bool smk_code_block_first(struct smk_binary *b, uint64_t addr,
			  uint64_t *first);

/*
 * Does code in [@from, @to) write one of @regs (capstone's 64-bit
 * register ids, smk_code_x86_reg()), or with @memory any memory?  A call
 * counts as writing everything.  1 yes, 0 no, -1 unknown (not decoded,
 * a range over 4 KiB).
 */
int smk_code_range_writes(struct smk_binary *b, uint64_t from, uint64_t to,
			  const unsigned int *regs, size_t nregs,
			  bool memory);

/*
 * Can control flow from @from to @to inside one function, following
 * fall-through and direct jumps (not calls' returns elsewhere)?  SMK_NO
 * when @to is in another function.
 */
enum smk_answer smk_code_reaches(struct smk_binary *b, uint64_t from,
				 uint64_t to);

/*
 * Can control flow from @from to @to within one pass of the loops around
 * them: a path of the function's flow graph that takes no retreating edge
 * (in reducible flow, a loop's back edge; in irreducible flow, the edges a
 * depth-first walk from the entry finds going back, which cut every
 * cycle).  Code after @from in the same iteration, or after the loops are
 * left; not the code of another copy of a loop the compiler split
 * (unswitching), which only the back edges of an enclosing loop lead to.
 * Every path found is a real one; a cycle cut where another walk would
 * not have cut it can only answer no.  Unknown when the flow graph is not
 * known (not decoded, a jump table not read, code no path reaches).
 */
enum smk_answer smk_code_reaches_pass(struct smk_binary *b, uint64_t from,
				      uint64_t to);

/*
 * Is @addr on a cycle of its function's flow graph that passes none of
 * the @ncut instructions at @cut (a block holding one is passed whole, so
 * it cuts every path through it; one in @addr's own block cuts every
 * cycle through @addr)?  Blocks that call a function that does not
 * return end a path.  Unknown when the flow graph is not known (not
 * decoded, a jump table not read, code no path reaches) or no memory.
 */
enum smk_answer smk_code_cycle_avoiding(struct smk_binary *b, uint64_t addr,
					const uint64_t *cut, size_t ncut);

/*
 * Does a path from @from, in one pass (no retreating edge followed), take
 * a retreating edge that @counts (given its target's address) says ends
 * a pass of a loop around the marker, without passing any of @sites (a
 * block that holds a site passes it), through blocks that @through (given
 * a block's first address) lets it go on from?  SMK_YES with the jump's
 * address in *@jump, SMK_NO, or unknown when the flow graph is not known.
 */
enum smk_answer smk_code_pass_ends(struct smk_binary *b, uint64_t from,
				   const uint64_t *sites, size_t nsites,
				   bool (*counts)(void *arg, uint64_t target),
				   bool (*through)(void *arg, uint64_t block),
				   void *arg, uint64_t *jump);

/*
 * Does a path of one pass (no retreating edge, as smk_code_reaches_pass())
 * from the entry of the function holding @to reach it without passing any
 * of @avoid (addresses of that function; others, and @to itself, are
 * ignored)?  SMK_YES such a path exists, SMK_NO every such path passes
 * one of them (or none reaches @to), unknown when the flow graph is not
 * known.
 */
enum smk_answer smk_code_reached_around(struct smk_binary *b, uint64_t to,
					const uint64_t *avoid, size_t navoid);

/*
 * Does a path from the entry of the function holding @addr reach it?
 * SMK_NO when the flow graph is known and none does (code after a call
 * that does not return, padding), unknown when the graph is not known.
 */
enum smk_answer smk_code_reachable(struct smk_binary *b, uint64_t addr);

/*
 * Does a path from the entry of the function holding @addr leave it (a
 * ret, or a jump out of it: a tail call) without passing any of @avoid
 * (addresses of that function; others are ignored)?  SMK_YES such a path
 * exists, SMK_NO every way out passes one of them, unknown when the flow
 * graph is not known; the way out found in *@exit_at.  A path that ends
 * in a call that does not return (exit(), a function of the binary with
 * no way out) leaves it by no exit.
 */
enum smk_answer smk_code_exit_around(struct smk_binary *b, uint64_t addr,
				     const uint64_t *avoid, size_t navoid,
				     uint64_t *exit_at);

/*
 * The same from the instruction @from on: does a path from it leave the
 * function without passing any of @avoid?  The instructions of its block
 * before it are not on the way, and the walk does not enter that block
 * again (a path back to @from is another run of what starts there).
 */
enum smk_answer smk_code_exit_from(struct smk_binary *b, uint64_t from,
				   const uint64_t *avoid, size_t navoid,
				   uint64_t *exit_at);

/*
 * The same from every way into the code of the @nr ranges [@lo[i],
 * @hi[i]) (an inlined copy's, of the function holding @lo[0]): from each
 * block that holds code of them and that a path from the function's
 * entry reaches before any other such block.
 */
enum smk_answer smk_code_exit_into(struct smk_binary *b, const uint64_t *lo,
				   const uint64_t *hi, size_t nr,
				   const uint64_t *avoid, size_t navoid,
				   uint64_t *exit_at);

/*
 * Is the edge from the block ending at the jump @jump to the block that
 * starts at @to a retreating one (a loop's back edge, as
 * smk_code_reaches_pass() leaves out)?  No when there is no such edge.
 */
enum smk_answer smk_code_goes_back(struct smk_binary *b, uint64_t jump,
				   uint64_t to);

/*
 * The exits of the function holding @addr: each run of instructions that
 * goes straight (no branch in, none out) to a ret, [start, end).  Up to
 * @max into @out; returns how many, SIZE_MAX when unknown or more.
 */
struct smk_code_run {
	uint64_t start, end;
};

size_t smk_code_exits(struct smk_binary *b, uint64_t addr,
		      struct smk_code_run *out, size_t max);

/*
 * Is a struct member at @disp from a pointer likely stale in memory at
 * @site?  True when @site is in a loop, code after it stores to @disp(reg)
 * and no store to @disp lies on the loop through @site: the compiler keeps
 * the member in a register around the loop and writes it back on the way
 * out (vm_run()'s vm->pc at gcc -O2).  Only the displacement is compared,
 * so another object's member at the same offset stored in the loop hides
 * it.  True when unknown (a value not to trust).
 */
bool smk_code_stale_member(struct smk_binary *b, uint64_t site, int64_t disp);

/*
 * Can the stack slot at @disp(%rsp), as %rsp is at @site, hold what was
 * there before the function ran: a path from the function's entry to
 * @site that stores nothing to it and takes no address of it?  gcc
 * stores the initializer of a local whose address escapes only where the
 * address is taken, which may be after the marker, while DWARF names the
 * slot for the whole scope.  True when unknown (%rsp not tracked: leave,
 * a mov or an and to it, two heights at a join).  A slot in the caller's
 * frame (arguments on the stack) is set.
 */
bool smk_code_stack_unset(struct smk_binary *b, uint64_t site, int64_t disp);
/*
 * The same for a static variable at DWARF address @addr, read from memory
 * at @site: stored to (RIP-relative, relocations read in a .ko) after the
 * site and never on the loop through it (smk_ring's r->dropped, kept in a
 * register through ring_write()'s push loop at gcc -O2).
 */
bool smk_code_stale_static(struct smk_binary *b, uint64_t site,
			   uint64_t addr);

/*
 * The first instruction of the basic block holding @addr: back through
 * instructions that fall straight into the next, up to a jump target, a
 * switch table's entry, the instruction after a jump, or the function's
 * entry.  0 when unknown.
 */
uint64_t smk_code_block_head(struct smk_binary *b, uint64_t addr);
/*
 * Is @addr, not a function's entry nor a switch table's, reached from one
 * instruction only?  Then *@pred is it, and *@conditional says whether it
 * is a conditional jump (@addr its target or its fall-through).
 */
bool smk_code_single_pred(struct smk_binary *b, uint64_t addr,
			  uint64_t *pred, bool *conditional);

/*
 * Every instruction that control flow reaches @addr from (jumps to it, and
 * the one before it if that falls through), up to @max into @out; returns
 * how many, or SIZE_MAX when the list may be incomplete or longer than
 * @max: a function's entry, a switch table's target, an unread table, a
 * jump from the function's .cold part.
 */
size_t smk_code_preds(struct smk_binary *b, uint64_t addr, uint64_t *out,
		      size_t max);
/*
 * Is the edge from @jump to @dest a loop's exit: is @jump inside a loop
 * (closed by a backward jump) that @dest is outside of?
 */
enum smk_answer smk_code_loop_exit(struct smk_binary *b, uint64_t jump,
				   uint64_t dest);

/*
 * How many entries of the function's switch tables lead to @addr: 0 none,
 * -1 unknown (a table that could not be read, or not an executable).
 */
int smk_code_table_slots(struct smk_binary *b, uint64_t addr);

/* Can control flow from @addr back to @addr (a loop)? */
enum smk_answer smk_code_in_loop(struct smk_binary *b, uint64_t addr);

/*
 * The arms of a switch compiled to a compare tree whose head is @head and
 * whose value is in @reg (a capstone register, its 32 bits): each point
 * where the walk from the head leaves the tree (an instruction that is
 * not a compare of the value, a value - K, or a jump on one), with the
 * values that reach it (unsigned 32-bit ranges, sorted, merged) and the
 * instructions it is reached from.  Returns how many, or SIZE_MAX when
 * the walk could not be completed (too large, unknown code).
 */
enum { SMK_SWITCH_RANGES = 16, SMK_SWITCH_FROM = 16 };
struct smk_switch_leaf {
	uint64_t addr;
	unsigned int nranges, nfrom;
	uint64_t lo[SMK_SWITCH_RANGES], hi[SMK_SWITCH_RANGES];
	uint64_t from[SMK_SWITCH_FROM];	/* 0: the head itself */
};
size_t smk_code_switch_leaves(struct smk_binary *b, uint64_t head,
			      unsigned int reg, struct smk_switch_leaf *out,
			      size_t max);
/* The capstone register of a fetch spec's name ("di", "r8"), or 0. */
unsigned int smk_code_x86_reg(const char *name);

/*
 * The conditional direct jumps in [@start, @end) of one function, with
 * where each goes when taken and when not, up to @max; SIZE_MAX when
 * unknown or more.
 */
struct smk_code_jump {
	uint64_t addr, taken, fall;
};
size_t smk_code_cond_jumps(struct smk_binary *b, uint64_t start, uint64_t end,
			   struct smk_code_jump *out, size_t max);

/*
 * May code outside the address ranges [@lo[k], @hi[k]) enter them: a
 * call or jump to them, their address taken by code or data, an entry
 * the dynamic linker or another object sees (e_entry, .dynsym, a
 * dynamic relocation)?  SMK_NO is a proof over the file's loaded
 * contents: every executable section decoded once into an index of
 * branch and call targets and RIP-relative operands (and, in an
 * ET_EXEC, absolute immediates and displacements); every relocation's
 * symbol plus addend; every defined .dynsym symbol; and in an ET_EXEC
 * every 4- and 8-byte window of the loaded data (unwind tables aside).
 * A false SMK_YES is possible, a false SMK_NO is not (but for an
 * address computed by arithmetic, which no compiler makes for a
 * function).  SMK_UNKNOWN for kernel files and objects (references
 * through relocations against section symbols, export tables), other
 * architectures, code that does not decode, more than 64 MiB of code,
 * unreadable sections and no memory; unlike the other questions here it
 * is not counted in smk_code_unknowns(): the caller takes it for "yes".
 */
enum smk_answer smk_code_referenced(struct smk_binary *b, const uint64_t *lo,
				    const uint64_t *hi, size_t n);

#endif /* SMK_CFG_H */
