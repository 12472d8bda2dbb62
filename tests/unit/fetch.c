// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of fetch arguments (fetch.c).  Prints TAP; tests/fetch.t runs
 * it.
 *
 *	tests/unit/fetch [--tracefs DIR | --no-uprobes WHY] [LABEL=BINARY]...
 *
 * Without fixtures: smk_fetch_name() alone.  Each LABEL=BINARY is a build
 * of tests/fixtures/fetch.c (LABEL "gcc-O0", "clang-O2"...; BINARY may be
 * "SKIP:why" or "FAIL:why").  For each marker of the binary:
 *
 *  - the probe address: the lowest address of the is_stmt line-table rows
 *    of the first source line at or after the marker's line that has
 *    rows in an instance of the marker's function (its own code or an
 *    inlined copy).  In the fixture that is the printf the marker shares
 *    its line with (MARK()), or the statement after a bare trace_simple().
 *    It is a test's rule for code it controls, not a placement rule;
 *  - the scopes at that address, dwarf_getscopes();
 *  - every argument through smk_fetch_build() in uprobe syntax, checked
 *    against the table below (spec shape, type, or the reason it is
 *    unavailable).  At -O0 every argument must be available.
 *
 * Then, with --tracefs, every marker becomes a real uprobe event with all
 * the arguments that were available, in group smkfetch_PID and a private
 * tracefs instance of the same name; the fixture runs once, each event
 * must fire once, and each value the probe read is compared with what the
 * fixture printed for it.  A control argument reads global_count through
 * the naive file offset (its own segment's) and must not see its value:
 * the comparison can fail.  The events are disabled and removed one by
 * one (never a truncating write to uprobe_events), also when the test is
 * interrupted.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>

#include "smk/binary.h"
#include "smk/dwarf-aux.h"
#include "smk/fetch.h"
#include "smk/format.h"
#include "smk/record.h"

/* The table below leaves its optional trailing fields out. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include "dwarf-fixture.h"
#include "tap.h"

enum {
	GCC_O0 = 1, GCC_O2 = 2, CLANG_O0 = 4, CLANG_O2 = 8,
	O0 = GCC_O0 | CLANG_O0, O2 = GCC_O2 | CLANG_O2, ALL = O0 | O2,
	MAX_MARKERS = 32,
};

/*
 * Expected fetches.  spec: alternatives separated by '|', in which '#'
 * stands for a run of hex digits (frame offsets and file offsets change
 * with the compiler) and '?' for a register name; NULL: unavailable, with
 * one of the '|'-separated reason substrings.  Both: either is right (the
 * compiler's choice; the uprobe run checks the value if there is one).
 * An argument without an entry for a build is only checked by the uprobe
 * run (and must be available at -O0).
 */
struct fetch_case {
	const char *marker, *arg;
	unsigned int builds;
	const char *spec, *type, *reason;
};

static const struct fetch_case cases[] = {
	/* -O0: everything is in the frame, at rbp - N. */
	{ "params", "a", O0, "-#(%bp)", "s32|x32" },	/* %d, %#x */
	{ "params", "b", O0, "-#(%bp)", "s64" },
	{ "params", "s", O0, "+0(-#(%bp))", "string" },
	{ "params", "o->id", O0, "+0(-#(%bp))", "s64" },
	{ "chain", "o->in.x", O0, "+8(-#(%bp))", "s32" },
	{ "chain", "o->in.name", O0, "+12(-#(%bp))", "string" },
	{ "chain", "o->ip->label", O0, "+0(+16(+32(-#(%bp))))", "string" },
	{ "chain", "o->ip->x", O0, "+0(+32(-#(%bp)))", "s32" },
	{ "chain", "o->ip", O0, "+32(-#(%bp))", "x64" },
	{ "locals", "loc.x", O0, "-#(%bp)", "s32" },
	{ "locals", "loc.name", O0, "-#(%bp)", "string" },
	{ "locals", "buf", O0, "-#(%bp)", "string" },
	{ "locals", "cnt", O0, "-#(%bp)", "s32" },
	{ "locals", "*pc", O0, "+0(-#(%bp))", "s32" },
	{ "locals", "loc.label", O0, "+0(-#(%bp))", "string" },
	{ "folded", "n", O0, "-#(%bp)", "s32" },
	{ "folded", "k", O0, "-#(%bp)", "s32" },
	{ "folded", "lit", O0, "+0(-#(%bp))", "string" },
	{ "dead", "x", O0, "-#(%bp)", "s64" },
	{ "scaled", "it->x", O0, "+0(-#(%bp))", "s32" },
	{ "scaled", "factor", O0, "-#(%bp)", "s32" },
	/* Bitfields: the unit the compiler chose, and bits from its LSB. */
	{ "chain", "o->flag", ALL, "+40(-#(%bp))|+40(%?)", "b1@0/32|b1@0/16" },
	{ "chain", "o->kind", ALL, "+40(-#(%bp))|+40(%?)", "b3@1/32|b3@1/16" },
	{ "chain", "o->mode", ALL, "+40(-#(%bp))|+40(%?)",
	  "b12@4/32|b12@4/16" },
	/* %hd on a short at +42, right after the 16 bits of bitfields. */
	{ "chain", "o->arr[2]", O0, "+46(-#(%bp))", "s16" },
	/* Globals: file offsets from the code segment's delta. */
	{ "globals", "global_count", ALL, "@+0x#", "s32" },
	{ "globals", "file_static", O0, "@+0x#", "s64" },
	/* Never written: dropped, no location and no DW_AT_const_value. */
	{ "globals", "file_static", O2, "\\-7", "s64", "optimized out" },
	{ "globals", "global_name", ALL, "@+0x#", "string" },
	{ "globals", "global_str", ALL, "+0(@+0x#)", "string" },
	{ "globals", "global_outer.id", ALL, "@+0x#", "s64" },
	{ "globals", "global_outer.in.x", ALL, "@+0x#", "s32" },
	{ "globals", "bss_counter", ALL, "@+0x#", "s32" },
	/* extern, defined in libc: the executable's copy, stdout@GLIBC_... */
	{ "globals", "stdout", GCC_O0 | GCC_O2, "@+0x#", "x64" },
	/* clang writes no DIE for an extern declaration. */
	{ "globals", "stdout", CLANG_O0 | CLANG_O2, NULL, NULL,
	  "no variable 'stdout'" },
	/* Folded by the compiler: immediates. */
	{ "folded", "k", O2, "\\21", "s32" },
	{ "folded", "lit", GCC_O2, "@+0x#", "string" },
	/* clang's location list of lit ends before the printf. */
	{ "folded", "lit", CLANG_O2, "@+0x#", "string", "optimized out" },
	{ "scaled", "factor", O2, "\\5", "s32" },
	/* By value: the piece holding the member, a register. */
	{ "byval", "p.a", O2, "%?", "s64" },
	{ "byval", "p.b", O2, "%?", "s64" },
	/* gcc: s whole in %rdx, y in its upper half; clang: two pieces. */
	{ "byval", "s.y", O2, "%?", "s32", "struct held in registers" },
	/* Dead after the marker. */
	{ "dead", "x", GCC_O2, NULL, NULL, "(DW_OP_entry_value)" },
	/* clang 14 keeps x in a callee-saved register past the printf. */
	{ "dead", "x", CLANG_O2, "%?", "s64",
	  "(DW_OP_entry_value)|optimized out" },
};

/* '#' matches a run of [0-9a-f], '?' one of [0-9a-z] (a register). */
static bool match1(const char *pat, size_t plen, const char *s)
{
	size_t i = 0;

	static const char hex[] = "0123456789abcdef";
	static const char reg[] = "0123456789abcdefghijklmnopqrstuvwxyz";

	for (; i < plen; i++) {
		if (pat[i] == '#' || pat[i] == '?') {
			size_t n = strspn(s, pat[i] == '#' ? hex : reg);
			size_t k;

			if (!n)
				return false;
			/* Backtrack: "%?)" must leave the ')' alone. */
			for (k = n; k >= 1; k--) {
				if (match1(pat + i + 1, plen - i - 1, s + k))
					return true;
			}
			return false;
		}
		if (*s != pat[i])
			return false;
		s++;
	}
	return *s == '\0';
}

static bool match(const char *pats, const char *s)
{
	const char *p = pats;

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (match1(p, len, s))
			return true;
		if (!bar)
			return false;
		p = bar + 1;
	}
}

static bool contains_any(const char *pats, const char *s)
{
	char buf[256];
	char *tok, *save;

	snprintf(buf, sizeof(buf), "%s", pats);
	for (tok = strtok_r(buf, "|", &save); tok;
	     tok = strtok_r(NULL, "|", &save)) {
		if (strstr(s, tok))
			return true;
	}
	return false;
}

/* The alphabet fetch.h promises for a spec. */
static bool spec_chars_ok(const char *s)
{
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		      "0123456789_%@+-().\\") == strlen(s);
}

/* smk_fetch_name() */

static void test_names(void)
{
	static const struct {
		const char *expr, *name;
		size_t size;
	} c[] = {
		{ "p->x.y", "p_x_y", 64 },
		{ "o->item->name", "o_item_name", 64 },
		{ "s.a[2]", "s_a_2", 64 },
		{ "*cnt", "cnt", 64 },
		{ "(*p).x", "p_x", 64 },
		{ "__x", "x", 64 },
		{ "a__b", "a_b", 64 },
		{ "2x", "_2x", 64 },
		{ "", "arg", 64 },
		{ "*", "arg", 64 },
		{ "\n\t\"';`$", "arg", 64 },
		{ "a\xff b", "a_b", 64 },
		{ "common_pid", "v_common_pid", 64 },
		{ "len", "le", 3 },
		{ "a.b", "a", 3 },	/* trailing '_' trimmed */
		{ "x", "", 1 },
		/* The kernel's 32-byte limit on argument names. */
		{ "a_very_long_member_chain->with_more->and_more",
		  "a_very_long_member_chain_with_mo", 64 },
	};
	char buf[64];
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(*c); i++) {
		memset(buf, 'Z', sizeof(buf));
		smk_fetch_name(c[i].expr, buf, c[i].size);
		ok(!strcmp(buf, c[i].name), "name of '%s' (size %zu) is '%s'",
		   c[i].expr[0] == '\n' ? "\\n..." : c[i].expr, c[i].size,
		   c[i].name);
		if (strcmp(buf, c[i].name))
			diag("got '%s'", buf);
	}
	memset(buf, 'Z', sizeof(buf));
	smk_fetch_name("x", buf, 0);
	ok(buf[0] == 'Z', "name: size 0 writes nothing");
}

/* Fixtures */

struct probe {
	char event[64];
	const char *marker;
	uint64_t file_offset;
	char control[64];	/* "naive=@+X:s32", or empty */
	unsigned int nargs;
	struct smk_fetch fetch[SMK_RECORD_MAX_ARGS];
	bool registered;
};

struct fixture {
	const char *label;
	const char *path;
	unsigned int build;
	struct smk_binary *b;
	Dwarf *dw;
	struct smk_record *recs;
	size_t nrecs;
	struct probe probes[MAX_MARKERS];
	unsigned int nprobes;
	unsigned int nargs, navail;
};

/* The DIE an instance copies, or the DIE itself. */
static Dwarf_Off origin_off(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Die o;

	if (dwarf_attr(die, DW_AT_abstract_origin, &attr) &&
	    dwarf_formref_die(&attr, &o))
		return dwarf_dieoffset(&o);
	return dwarf_dieoffset(die);
}

/*
 * The CU of @pc.  Not dwarf_addrdie() nor dwfl_module_addrdie(): clang
 * writes no .debug_aranges, and libdw 0.188 then finds nothing.
 */
static bool cu_at(struct smk_binary *b, Dwarf_Addr pc, Dwarf_Die *ret)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (dwarf_nextcu(b->dwarf, off, &next, &hsize, NULL, NULL,
			    NULL) == 0) {
		if (dwarf_offdie(b->dwarf, off + hsize, ret) &&
		    dwarf_haspc(ret, pc) == 1)
			return true;
		off = next;
	}
	return false;
}

/* Is the code at @pc in an instance of function @fn_origin? */
static bool pc_in_function(struct smk_binary *b, Dwarf_Addr pc,
			   Dwarf_Off fn_origin)
{
	Dwarf_Die cu, *scopes;
	bool in = false;
	int n, i;

	if (!cu_at(b, pc, &cu))
		return false;
	n = dwarf_getscopes(&cu, pc, &scopes);
	for (i = 0; i < n && !in; i++) {
		int tag = dwarf_tag(&scopes[i]);

		in = (tag == DW_TAG_subprogram ||
		      tag == DW_TAG_inlined_subroutine) &&
		     origin_off(&scopes[i]) == fn_origin;
	}
	if (n > 0)
		free(scopes);
	return in;
}

/* See the top of the file: the test's probe address for a marker. */
static bool marker_pc(struct fixture *fx, Dwarf_Die *var, int line,
		      Dwarf_Addr *ret)
{
	Dwarf_Die *scopes, cu;
	Dwarf_Lines *lines;
	Dwarf_Off fn = 0;
	size_t nlines, i;
	int nscopes, k, l;
	bool found = false;

	if (smk_dwarf_decl_scopes(var, &scopes, &nscopes))
		return false;
	for (k = 0; k < nscopes; k++) {
		if (dwarf_tag(&scopes[k]) == DW_TAG_subprogram) {
			fn = origin_off(&scopes[k]);
			break;
		}
	}
	/*
	 * clang's nameless home for the statics of an inline-only function,
	 * which smk_dwarf_decl_scopes() cannot replace when libdw 0.188's
	 * dwarf_decl_file() fails on DWARF 5 file index 0: any function
	 * will do, the fixture's marker lines are its own.
	 */
	if (k == nscopes) {
		free(scopes);
		return false;
	}
	if (!dwarf_hasattr(&scopes[k], DW_AT_name) &&
	    !dwarf_hasattr(&scopes[k], DW_AT_abstract_origin))
		fn = 0;
	cu = scopes[nscopes - 1];
	free(scopes);
	if (dwarf_getsrclines(&cu, &lines, &nlines))
		return false;
	for (l = line; l < line + 10 && !found; l++) {
		for (i = 0; i < nlines; i++) {
			Dwarf_Line *row = dwarf_onesrcline(lines, i);
			const char *file = dwarf_linesrc(row, NULL, NULL);
			Dwarf_Addr addr;
			bool stmt, end;
			int rl;

			if (!row || dwarf_lineno(row, &rl) || rl != l ||
			    dwarf_linebeginstatement(row, &stmt) || !stmt ||
			    dwarf_lineendsequence(row, &end) || end ||
			    !file || !strstr(file, "fetch.c") ||
			    dwarf_lineaddr(row, &addr) ||
			    (fn && !pc_in_function(fx->b, addr, fn)))
				continue;
			if (!found || addr < *ret)
				*ret = addr;
			found = true;
		}
	}
	return found;
}

static bool file_offset(struct fixture *fx, Dwarf_Addr pc, uint64_t *ret)
{
	size_t n, i;

	if (elf_getphdrnum(fx->b->elf, &n))
		return false;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(fx->b->elf, (int)i, &ph) &&
		    ph.p_type == PT_LOAD && pc >= ph.p_vaddr &&
		    pc - ph.p_vaddr < ph.p_filesz) {
			*ret = pc - ph.p_vaddr + ph.p_offset;
			return true;
		}
	}
	return false;
}

static const struct fetch_case *find_case(struct fixture *fx,
					  const char *marker, const char *arg)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		if ((cases[i].builds & fx->build) &&
		    !strcmp(cases[i].marker, marker) &&
		    !strcmp(cases[i].arg, arg))
			return &cases[i];
	}
	return NULL;
}

static void check_fetch(struct fixture *fx, const char *marker,
			const struct smk_fetch *f)
{
	const struct fetch_case *c = find_case(fx, marker, f->expr);
	bool good;

	if (f->spec) {
		ok(spec_chars_ok(f->spec) && f->location && f->location[0] &&
		   f->ctype && !f->reason,
		   "%s: %s: '%s' is '%s:%s' (%s), a clean spec", fx->label,
		   marker, f->expr, f->spec, f->type, f->location);
	}
	if ((fx->build & O0) && !c) {
		ok(f->spec != NULL, "%s: %s: '%s' available at -O0", fx->label,
		   marker, f->expr);
		if (!f->spec)
			diag("reason: %s", f->reason ? f->reason : "-");
	}
	if (!c) {
		if (!f->spec)
			diag("%s: %s: '%s' unavailable: %s", fx->label, marker,
			     f->expr, f->reason ? f->reason : "-");
		return;
	}
	if (f->spec)
		good = c->spec && match(c->spec, f->spec) &&
		       match(c->type, f->type);
	else
		good = c->reason && f->reason &&
		       contains_any(c->reason, f->reason);
	ok(good, "%s: %s: '%s' expected %s%s%s%s%s", fx->label, marker,
	   f->expr, c->spec ? c->spec : "", c->spec ? ":" : "",
	   c->spec ? c->type : "", c->spec && c->reason ? " or " : "",
	   c->reason ? c->reason : "");
	if (!good)
		diag("got '%s:%s', reason '%s', location '%s'",
		     f->spec ? f->spec : "-", f->type,
		     f->reason ? f->reason : "-",
		     f->location ? f->location : "-");
}

/* The kernel syntax of globals: "@sym", "@sym+off", no file offsets. */
static void check_kernel_syntax(struct fixture *fx, Dwarf_Die *scopes,
				int nscopes, Dwarf_Addr pc)
{
	static const struct {
		const char *expr, *spec;
	} c[] = {
		{ "global_count", "@global_count" },
		{ "global_outer.in.x", "@global_outer+8" },
		{ "global_outer.in.name", "@global_outer+12" },
		{ "bss_counter", "@bss_counter" },
		{ "global_str", "+0(@global_str)" },
	};
	struct smk_conv conv = { .conv = 'd' }, sconv = { .conv = 's' };
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(*c); i++) {
		struct smk_fetch f;
		struct smk_error *err;
		bool str = strstr(c[i].expr, "name") ||
			   strstr(c[i].expr, "str");

		err = smk_fetch_build(fx->b, scopes, nscopes, pc, c[i].expr,
				      str ? &sconv : &conv, false, &f);
		ok(!err && f.spec && !strcmp(f.spec, c[i].spec),
		   "%s: kprobe syntax of '%s' is '%s'", fx->label, c[i].expr,
		   c[i].spec);
		if (!err && (!f.spec || strcmp(f.spec, c[i].spec)))
			diag("got '%s', reason '%s'", f.spec ? f.spec : "-",
			     f.reason ? f.reason : "-");
		smk_error_destroy(err);
		smk_fetch_deinit(&f);
	}
	/* %pS: kprobes print the pointer as symbol+offset. */
	{
		struct smk_conv ps = { .conv = 'p', .ext = "S" };
		struct smk_fetch f;
		struct smk_error *err;

		err = smk_fetch_build(fx->b, scopes, nscopes, pc, "global_str",
				      &ps, false, &f);
		ok(!err && f.spec && !strcmp(f.spec, "@global_str") &&
		   !strcmp(f.type, "symbol"),
		   "%s: kprobe %%pS of 'global_str' is '@global_str:symbol'",
		   fx->label);
		smk_error_destroy(err);
		smk_fetch_deinit(&f);
		err = smk_fetch_build(fx->b, scopes, nscopes, pc, "global_str",
				      &ps, true, &f);
		ok(!err && f.spec && !strcmp(f.type, "x64"),
		   "%s: uprobe %%pS of 'global_str' is x64", fx->label);
		smk_error_destroy(err);
		smk_fetch_deinit(&f);
	}
}

/*
 * Hostile and odd expressions: never an error, never a spec outside the
 * alphabet, a reason whenever there is no spec.
 */
static void check_hostile(struct fixture *fx, Dwarf_Die *scopes, int nscopes,
			  Dwarf_Addr pc)
{
	static const struct {
		const char *expr, *reason;
	} c[] = {
		{ "o->nosuch", "no member 'nosuch'" },
		{ "nosuch", "no variable 'nosuch'" },
		{ "a b", "unexpected" },
		{ "o->in", "is a struct" },
		{ "o->in.name", "is an array" },	/* no %s: no string */
		{ "(unsigned long)a", "do not sign-extend" },
		{ "(struct nosuch *)a", "no such type" },
		{ "a\n", NULL },
		{ "*a", "not a pointer" },
		{ "$a", "unexpected" },
	};
	static const char alphabet[] = "aos->.*[]()0123 _\\\"%@:\n\xff";
	unsigned int seed = 12345, bad = 0, i, j;
	char expr[24];

	for (i = 0; i < sizeof(c) / sizeof(*c); i++) {
		struct smk_fetch f;
		struct smk_error *err;

		err = smk_fetch_build(fx->b, scopes, nscopes, pc, c[i].expr,
				      NULL, true, &f);
		if (c[i].reason)
			ok(!err && !f.spec && f.reason &&
			   strstr(f.reason, c[i].reason),
			   "%s: '%s' unavailable: %s", fx->label,
			   c[i].expr[1] == '\n' ? "a\\n" : c[i].expr,
			   c[i].reason);
		else
			ok(!err &&
			   (f.spec ? spec_chars_ok(f.spec) : !!f.reason),
			   "%s: '%s' handled", fx->label,
			   c[i].expr[1] == '\n' ? "a\\n" : c[i].expr);
		if (!err && c[i].reason && (f.spec || !f.reason ||
					    !strstr(f.reason, c[i].reason)))
			diag("got '%s', reason '%s'", f.spec ? f.spec : "-",
			     f.reason ? f.reason : "-");
		smk_error_destroy(err);
		smk_fetch_deinit(&f);
	}
	/* A fixed-seed fuzz loop over the expression alphabet. */
	for (i = 0; i < 2000; i++) {
		struct smk_conv conv = { 0 };
		struct smk_fetch f;
		struct smk_error *err;
		unsigned int len;

		seed = seed * 1103515245 + 12345;
		len = 1 + (seed >> 16) % (sizeof(expr) - 1);
		for (j = 0; j < len; j++) {
			seed = seed * 1103515245 + 12345;
			expr[j] = alphabet[(seed >> 16) %
					   (sizeof(alphabet) - 1)];
		}
		expr[len] = '\0';
		conv.conv = "dsxp"[(seed >> 8) & 3];
		err = smk_fetch_build(fx->b, scopes, nscopes, pc, expr, &conv,
				      seed & 1, &f);
		if (err || (f.spec && (!spec_chars_ok(f.spec) ||
				       strlen(f.spec) + strlen(f.type) > 62)) ||
		    (!f.spec && !f.reason) || !f.name[0] ||
		    strspn(f.name, "abcdefghijklmnopqrstuvwxyz"
			   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") !=
		    strlen(f.name))
			bad++;
		smk_error_destroy(err);
		smk_fetch_deinit(&f);
	}
	ok(bad == 0, "%s: 2000 random expressions: clean specs or reasons",
	   fx->label);
}

/*
 * A control for the uprobe run: global_count read through its own
 * segment's file offset, the naive "@+X" that the kernel maps with the
 * probed text's delta instead.  When .data and .text have different
 * deltas it must read something else than 42, which shows that the
 * comparison can fail.
 */
static void naive_control(struct fixture *fx, struct probe *pr, Dwarf_Addr pc)
{
	uint64_t addr, naive, pc_off;

	if (!smk_binary_symbol_addr(fx->b, "global_count", &addr) ||
	    !smk_binary_file_offset(fx->b, addr, &naive) ||
	    !smk_binary_file_offset(fx->b, pc, &pc_off) ||
	    naive == addr + pc_off - pc)
		return;
	snprintf(pr->control, sizeof(pr->control), "naive=@+%#llx:s32",
		 (unsigned long long)naive);
}

static void check_record(struct fixture *fx, const struct smk_record *rec)
{
	struct smk_conv convs[SMK_RECORD_MAX_ARGS];
	struct probe *pr;
	Dwarf_Die vars[2], cu, *scopes;
	Dwarf_Addr pc = 0;
	size_t nconvs;
	char name[160];
	int n, nscopes;
	unsigned int i;

	snprintf(name, sizeof(name), "__smk_%s", rec->name);
	n = find_vars(fx->dw, name, vars, 2);
	if (n != 1) {
		ok(0, "%s: %s: one DWARF variable %s (found %d)", fx->label,
		   rec->name, name, n);
		return;
	}
	if (!marker_pc(fx, &vars[0], (int)rec->line, &pc)) {
		ok(0, "%s: %s: a probe address from the line table",
		   fx->label, rec->name);
		return;
	}
	if (!cu_at(fx->b, pc, &cu) ||
	    (nscopes = dwarf_getscopes(&cu, pc, &scopes)) <= 0) {
		ok(0, "%s: %s: scopes at %#llx", fx->label, rec->name,
		   (unsigned long long)pc);
		return;
	}
	if (fx->nprobes >= MAX_MARKERS) {
		free(scopes);
		return;
	}
	pr = &fx->probes[fx->nprobes++];
	memset(pr, 0, sizeof(*pr));
	pr->marker = rec->name;
	snprintf(pr->event, sizeof(pr->event), "%.20s_%.30s", fx->label,
		 rec->name);
	for (i = 0; pr->event[i]; i++) {
		if (pr->event[i] == '-')
			pr->event[i] = '_';
	}
	if (!file_offset(fx, pc, &pr->file_offset))
		ok(0, "%s: %s: file offset of %#llx", fx->label, rec->name,
		   (unsigned long long)pc);
	smk_format_parse(rec->format, false, convs, SMK_RECORD_MAX_ARGS,
			 &nconvs);
	for (i = 0; i < rec->nargs; i++) {
		struct smk_fetch *f = &pr->fetch[i];
		struct smk_error *err;

		err = smk_fetch_build(fx->b, scopes, nscopes, pc, rec->args[i],
				      i < nconvs ? &convs[i] : NULL, true, f);
		if (err) {
			ok(0, "%s: %s: '%s': %s", fx->label, rec->name,
			   rec->args[i], err->message);
			smk_error_destroy(err);
			continue;
		}
		fx->nargs++;
		fx->navail += f->spec != NULL;
		check_fetch(fx, rec->name, f);
	}
	pr->nargs = rec->nargs;
	if (!strcmp(rec->name, "globals")) {
		check_kernel_syntax(fx, scopes, nscopes, pc);
		naive_control(fx, pr, pc);
	}
	if (!strcmp(rec->name, "params"))
		check_hostile(fx, scopes, nscopes, pc);
	free(scopes);
}

/* Real uprobes */

static const char *tracefs;
static char group[32];
static struct fixture *cleanup_fx;

static int write_file(const char *path, const char *text, bool append)
{
	int fd, r = 0;
	size_t len = strlen(text);

	fd = open(path, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	if (fd < 0)
		return -errno;
	if (write(fd, text, len) != (ssize_t)len)
		r = -errno;
	if (close(fd) && !r)
		r = -errno;
	return r;
}

static char *read_file(const char *path)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ssize_t n;
	int fd;

	if (!buf)
		return NULL;
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		free(buf);
		return NULL;
	}
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += (size_t)n;
		if (cap - len < 2) {
			char *nb = realloc(buf, cap * 2);

			if (!nb)
				break;
			buf = nb;
			cap *= 2;
		}
	}
	close(fd);
	buf[len] = '\0';
	return buf;
}

static void tpath(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void tpath(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(buf, size, "%s/", tracefs);

	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

/* Disable, drop the instance, remove our events: only ours. */
static void uprobes_cleanup(void)
{
	struct fixture *fx = cleanup_fx;
	char path[512], line[128];
	unsigned int i;

	if (!fx)
		return;
	cleanup_fx = NULL;
	tpath(path, sizeof(path), "instances/%s/events/%s/enable", group,
	      group);
	write_file(path, "0", false);
	tpath(path, sizeof(path), "instances/%s", group);
	rmdir(path);
	tpath(path, sizeof(path), "uprobe_events");
	for (i = 0; i < fx->nprobes; i++) {
		if (!fx->probes[i].registered)
			continue;
		snprintf(line, sizeof(line), "-:%s/%s\n", group,
			 fx->probes[i].event);
		write_file(path, line, true);
		fx->probes[i].registered = false;
	}
}

static void on_signal(int sig)
{
	uprobes_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The last line of error_log, for a rejected event. */
static void diag_error_log(void)
{
	char path[512], *log, *last, *p;

	tpath(path, sizeof(path), "error_log");
	log = read_file(path);
	if (!log)
		return;
	last = log;
	for (p = log; *p; p++) {
		if (*p == '\n' && p[1] && strstr(p + 1, "\n"))
			last = p + 1;
	}
	/* Each error is two lines: the message, then the command. */
	diag("error_log: %s", last);
	free(log);
}

static bool register_probe(struct fixture *fx, struct probe *pr)
{
	char line[4096], path[512];
	size_t n;
	unsigned int i;
	int r;

	n = (size_t)snprintf(line, sizeof(line), "p:%s/%s %s:%#llx", group,
			     pr->event, fx->path,
			     (unsigned long long)pr->file_offset);
	for (i = 0; i < pr->nargs && n < sizeof(line); i++) {
		const struct smk_fetch *f = &pr->fetch[i];

		if (!f->spec)
			continue;
		n += (size_t)snprintf(line + n, sizeof(line) - n,
				      " a%u_%s=%s:%s", i, f->name, f->spec,
				      f->type);
	}
	if (pr->control[0] && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, " %s",
				      pr->control);
	if (n + 2 > sizeof(line))
		return false;
	line[n++] = '\n';
	line[n] = '\0';
	tpath(path, sizeof(path), "uprobe_events");
	r = write_file(path, line, true);
	pr->registered = r == 0;
	ok(r == 0, "%s: %s: uprobe_events accepts the event", fx->label,
	   pr->marker);
	if (r) {
		diag("%s: %s", line, strerror(-r));
		diag_error_log();
	}
	return r == 0;
}

static char *run_fixture(const char *path)
{
	size_t len = 0, cap = 4096;
	char *out = malloc(cap);
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (!out || pipe(fds)) {
		free(out);
		return NULL;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		free(out);
		return NULL;
	}
	if (pid == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], out + len, cap - len - 1)) > 0) {
		len += (size_t)n;
		if (cap - len < 2) {
			char *no = realloc(out, cap * 2);

			if (!no)
				break;
			out = no;
			cap *= 2;
		}
	}
	close(fds[0]);
	out[len] = '\0';
	waitpid(pid, &status, 0);
	return out;
}

/* The text after "NAME: " on the line of @text that starts with it. */
static const char *find_line(const char *text, const char *prefix,
			     char *buf, size_t size)
{
	const char *p = text;
	size_t plen = strlen(prefix);

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len >= plen && !memcmp(p, prefix, plen)) {
			snprintf(buf, size, "%.*s", (int)(len - plen),
				 p + plen);
			return buf;
		}
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

/* Token @idx (space-separated) of @s into @buf. */
static bool token(const char *s, unsigned int idx, char *buf, size_t size)
{
	unsigned int i = 0;

	while (*s) {
		size_t len;

		s += strspn(s, " ");
		len = strcspn(s, " ");
		if (!len)
			break;
		if (i++ == idx) {
			snprintf(buf, size, "%.*s", (int)len, s);
			return true;
		}
		s += len;
	}
	return false;
}

static unsigned int hits(const char *trace, const char *key)
{
	unsigned int n = 0;

	for (; (trace = strstr(trace, key)); trace++)
		n++;
	return n;
}

/* The value of field @name in a trace line's fields, quotes removed. */
static bool field(const char *fields, const char *name, char *buf,
		  size_t size)
{
	char key[128];
	const char *p, *end;

	snprintf(key, sizeof(key), " %.100s=", name);
	p = strstr(fields, key);
	if (!p)
		return false;
	p += strlen(key);
	if (*p == '"') {
		end = strchr(p + 1, '"');
		if (!end)
			return false;
		p++;
	} else {
		end = p + strcspn(p, " \n");
	}
	snprintf(buf, size, "%.*s", (int)(end - p), p);
	return true;
}

static void check_uprobes(struct fixture *fx)
{
	char path[512], buf[1024], expect[1024], key[96], got[256], want[256];
	char *out = NULL, *trace = NULL;
	unsigned int i, j, right = 0, compared = 0;

	cleanup_fx = fx;
	for (i = 0; i < fx->nprobes; i++)
		register_probe(fx, &fx->probes[i]);
	tpath(path, sizeof(path), "instances/%s", group);
	if (mkdir(path, 0755) && errno != EEXIST) {
		ok(0, "%s: tracefs instance %s: %s", fx->label, path,
		   strerror(errno));
		goto out;
	}
	tpath(path, sizeof(path), "instances/%s/events/%s/enable", group,
	      group);
	if (write_file(path, "1", false)) {
		ok(0, "%s: enable %s", fx->label, path);
		goto out;
	}
	out = run_fixture(fx->path);
	write_file(path, "0", false);
	tpath(path, sizeof(path), "instances/%s/trace", group);
	trace = read_file(path);
	if (!out || !trace) {
		ok(0, "%s: ran the fixture and read the trace", fx->label);
		goto out;
	}
	for (i = 0; i < fx->nprobes; i++) {
		struct probe *pr = &fx->probes[i];
		const char *fields, *line;

		if (!pr->registered)
			continue;
		snprintf(key, sizeof(key), "%s: ", pr->marker);
		line = find_line(out, key, expect, sizeof(expect));
		snprintf(key, sizeof(key), " %s: (", pr->event);
		fields = strstr(trace, key);
		if (fields)
			fields = strchr(fields + strlen(key), ')');
		ok(line && fields && hits(trace, key) == 1,
		   "%s: %s: the marker's event fired once", fx->label,
		   pr->marker);
		if (!line || !fields)
			continue;
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(fields, "\n"),
			 fields + 1);
		if (pr->control[0]) {
			ok(field(buf, "naive", got, sizeof(got)) &&
			   strcmp(got, "42"),
			   "%s: control: global_count through its own "
			   "segment's offset (%s) is not 42", fx->label,
			   pr->control);
		}
		for (j = 0; j < pr->nargs; j++) {
			const struct smk_fetch *f = &pr->fetch[j];
			char fname[96];

			if (!f->spec)
				continue;
			snprintf(fname, sizeof(fname), "a%u_%s", j, f->name);
			compared++;
			if (!field(buf, fname, got, sizeof(got)))
				snprintf(got, sizeof(got), "(no field)");
			if (!token(expect, j, want, sizeof(want)))
				snprintf(want, sizeof(want), "(not printed)");
			right += !strcmp(got, want);
			ok(!strcmp(got, want),
			   "%s: %s: '%s' via %s:%s reads %s", fx->label,
			   pr->marker, f->expr, f->spec, f->type, want);
			if (strcmp(got, want))
				diag("the probe read '%s' (%s)", got,
				     f->location ? f->location : "-");
		}
	}
	diag("%s: %u/%u arguments available, %u/%u read right by real uprobes",
	     fx->label, fx->navail, fx->nargs, right, compared);
out:
	uprobes_cleanup();
	free(out);
	free(trace);
}

static void check_fixture(const char *label, const char *path,
			  const char *no_uprobes)
{
	struct fixture *fx;
	struct smk_error *err;
	Elf_Scn *scn;
	Elf_Data *data;
	GElf_Shdr sh;
	size_t i;

	if (!strncmp(path, "SKIP:", 5)) {
		skip(path + 5);
		return;
	}
	if (!strncmp(path, "FAIL:", 5)) {
		ok(0, "%s: fixture built: %s", label, path + 5);
		return;
	}
	fx = calloc(1, sizeof(*fx));
	if (!fx)
		return;
	fx->label = label;
	fx->path = path;
	fx->build = !strcmp(label, "gcc-O0") ? GCC_O0 :
		    !strcmp(label, "gcc-O2") ? GCC_O2 :
		    !strcmp(label, "clang-O0") ? CLANG_O0 :
		    !strcmp(label, "clang-O2") ? CLANG_O2 : 0;
	err = smk_binary_open(path, NULL, &fx->b);
	if (err) {
		ok(0, "%s: open: %s", label, err->message);
		smk_error_destroy(err);
		free(fx);
		return;
	}
	fx->dw = smk_binary_dwarf(fx->b);
	scn = smk_binary_section(fx->b, "__simple_marker", &sh);
	data = scn ? elf_getdata(scn, NULL) : NULL;
	if (!fx->dw || !data) {
		ok(0, "%s: DWARF and __simple_marker", label);
		goto out;
	}
	err = smk_records_decode(data->d_buf, data->d_size,
				 fx->b->big_endian, &fx->recs, &fx->nrecs,
				 NULL, NULL);
	ok(!err && fx->nrecs == 8, "%s: 8 markers", label);
	smk_error_destroy(err);
	for (i = 0; i < fx->nrecs; i++)
		check_record(fx, &fx->recs[i]);
	if (tracefs)
		check_uprobes(fx);
	else
		skip(no_uprobes);
out:
	for (i = 0; i < fx->nprobes; i++) {
		unsigned int j;

		for (j = 0; j < SMK_RECORD_MAX_ARGS; j++)
			smk_fetch_deinit(&fx->probes[i].fetch[j]);
	}
	free(fx->recs);
	smk_binary_destroy(fx->b);
	free(fx);
}

int main(int argc, char **argv)
{
	const char *no_uprobes = "no --tracefs given";
	int a = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	elf_version(EV_CURRENT);
	if (a + 1 < argc && !strcmp(argv[a], "--tracefs")) {
		tracefs = argv[a + 1];
		a += 2;
	} else if (a + 1 < argc && !strcmp(argv[a], "--no-uprobes")) {
		no_uprobes = argv[a + 1];
		a += 2;
	}
	snprintf(group, sizeof(group), "smkfetch_%d", (int)getpid());
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	atexit(uprobes_cleanup);
	test_names();
	for (; a < argc; a++) {
		char *eq = strchr(argv[a], '=');

		if (!eq) {
			fprintf(stderr, "usage: %s [--tracefs DIR | "
				"--no-uprobes WHY] [LABEL=BINARY]...\n",
				argv[0]);
			return 2;
		}
		*eq = '\0';
		check_fixture(argv[a], eq + 1, no_uprobes);
	}
	printf("1..%d\n", tap_n);
	return tap_fail ? 1 : 0;
}
