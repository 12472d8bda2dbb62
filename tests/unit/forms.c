// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The bpftrace and LTTng forms (tools/lib/smk/forms.c) from placements
 * built by hand: golden text for each kind of site and fetch, and hostile
 * names, reasons and specs that must never leave a comment or reach an
 * expression.  tests/bpftrace.t and tests/lttng.t run the forms for real.
 */
#include <stdlib.h>
#include <string.h>

#include "smk/forms.h"
#include "tap.h"

static struct smk_record rec;
static struct smk_site sites[3];
static struct smk_placement pl;

static void setup(const char *name, const char *rule, size_t nsites)
{
	memset(&rec, 0, sizeof(rec));
	memset(sites, 0, sizeof(sites));
	memset(&pl, 0, sizeof(pl));
	rec.name = name;
	pl.rec = &rec;
	pl.rule = (char *)rule;
	pl.sites = sites;
	pl.nsites = nsites;
}

static void site(size_t i, const char *sym, unsigned long long addr,
		 unsigned long long off)
{
	sites[i].symbol = (char *)sym;
	sites[i].addr = addr;
	sites[i].offset = off;
	sites[i].file_offset = addr;
}

static void arg(size_t i, const char *name, const char *spec,
		const char *type)
{
	struct smk_fetch *f = &sites[i].fetch[sites[i].nfetch++];

	snprintf(f->name, sizeof(f->name), "%s", name);
	f->spec = (char *)spec;
	f->reason = spec ? NULL : (char *)"optimized out";
	snprintf(f->type, sizeof(f->type), "%s", type);
}

static void golden(bool lttng, const struct smk_form_target *t,
		   const char *want, const char *what)
{
	struct smk_form_state st;
	struct smk_error *err;
	char *got = NULL;

	smk_form_state_init(&st);
	err = lttng ? smk_form_lttng(&st, &pl, t, &got) :
		smk_form_bpftrace(&st, &pl, t, &got);
	ok(!err && got && !strcmp(got, want), "%s", what);
	if (!err && got && strcmp(got, want))
		diag("got:\n%s# want:\n%s", got, want);
	free(got);
	smk_form_state_deinit(&st);
}

/* Every line of @text is a probe line or a comment, none breaks out. */
static bool lines_ok(const char *text, const char *comment)
{
	const char *l;

	for (l = text; *l; l = strchr(l, '\n') + 1) {
		if (!strchr(l, '\n'))
			return false;
		if (strncmp(l, comment, strlen(comment)) &&
		    strncmp(l, "usdt:", 5) && strncmp(l, "uprobe:", 7) &&
		    strncmp(l, "lttng ", 6) && strncmp(l, "{", 1) &&
		    strncmp(l, "}", 1) && strncmp(l, "\t", 1))
			return false;
	}
	return true;
}

int main(void)
{
	struct smk_form_target user = { .path = "/opt/app/bin" };
	struct smk_form_target kern = { .path = "/k/vmlinux" };
	struct smk_form_state st;
	struct smk_error *err;
	const char *why;
	char *text, *ap;

	user.user = true;

	/* A zero-cost marker at a function's entry: a live uprobe. */
	setup("entry", "line", 1);
	site(0, "work", 0x1190, 0);
	arg(0, "n", "%di", "s32");
	arg(0, "s", "+0(%si)", "string");
	arg(0, "total", "@+0x4018", "s64");
	arg(0, "flags", "+8(%di)", "b3@2/32");
	arg(0, "p", "-16(+8(%bx))", "x64");
	arg(0, "k", "\\-7", "s32");
	arg(0, "gone", NULL, "s32");
	golden(false, &user,
	       "// entry: gone: unavailable: optimized out\n"
	       "uprobe:/opt/app/bin:0x1190\n{\n"
	       "\tprintf(\"entry: n=%d s=\\\"%s\\\" total=%ld flags=%u "
	       "p=0x%lx k=%d gone=?\\n\", (int32)reg(\"di\"), str(reg(\"si\")), "
	       "*(int64 *)(reg(\"ip\") - 0x1190 + 0x4018), "
	       "((*(uint32 *)(reg(\"di\") + 0x8) >> 2) & 0x7), "
	       "*(uint64 *)(*(uint64 *)(reg(\"bx\") + 0x8) - 0x10), "
	       "(int32)-7);\n}\n",
	       "bpftrace: entry uprobe; register, string, global by ip, "
	       "bitfield, chain, immediate, unavailable");
	golden(true, &user,
	       "# entry: the LTTng kernel tracer (lttng-modules) records each "
	       "hit at work's entry (its ip), not the arguments\n"
	       "lttng enable-event --kernel --userspace-probe=elf:/opt/app/bin:"
	       "work entry\n",
	       "lttng: elf userspace probe at the entry");

	/* Mid-function: commented out, and the reason. */
	setup("mid", "line", 1);
	site(0, "work", 0x11a1, 0x11);
	arg(0, "n", "%di", "u32");
	golden(false, &user,
	       "// mid: bpftrace cannot probe work+0x11: bpftrace 0.17 (Debian "
	       "12) places uprobes and kprobes only at a function's entry or an "
	       "SDT note (\"compiled without (k|u)probe offset support\"; "
	       "--unsafe does not help); use marker-resolve attach, or "
	       "trace_simple_exact() for a usdt probe, or a bpftrace built with "
	       "offset support:\n"
	       "// uprobe:/opt/app/bin:0x11a1\n// {\n"
	       "// \tprintf(\"mid: n=%u\\n\", (uint32)reg(\"di\"));\n// }\n",
	       "bpftrace: a mid-function site commented out with the reason");
	err = smk_form_bpftrace_attach(&pl, &user, 0, &ap, &why);
	ok(!err && !ap && why && strstr(why, "only at a function's entry"),
	   "attach: none for a mid-function site, with the reason");

	/* An anchor with two notes and a global: one usdt block. */
	setup("ex", "anchor", 2);
	site(0, "work", 0x11d1, 0x21);
	site(1, "work", 0x11e1, 0x31);
	arg(0, "n", "%di", "s32");
	arg(0, "g", "@+0x4020", "u32");
	arg(0, "r", "%ax", "s64");
	arg(1, "n", "%di", "s32");
	arg(1, "g", "@+0x4020", "u32");
	arg(1, "r", "%dx", "s64");
	golden(false, &user,
	       "usdt:/opt/app/bin:simple_marker:ex\n{\n"
	       "\t$b = reg(\"ip\") - 0x11d1;\n"
	       "\tif (((reg(\"ip\") - 0x11e1) & 0xfff) == 0) { $b = reg(\"ip\") "
	       "- 0x11e1; }\n"
	       "\tprintf(\"ex: n=%d g=%u r=%ld\\n\", (int32)reg(\"di\"), "
	       "*(uint32 *)($b + 0x4020), (int64)arg2);\n}\n",
	       "bpftrace: one usdt block, the same spec as is, a differing "
	       "one as argN, the global by page-aligned base");
	err = smk_form_bpftrace_attach(&pl, &user, 1, &ap, &why);
	ok(!err && ap && !strcmp(ap, "usdt:/opt/app/bin:simple_marker:ex") &&
	   !why, "attach: the usdt probe for every note");
	free(ap);
	golden(true, &user,
	       "# ex: the LTTng kernel tracer (lttng-modules) records each hit "
	       "of the SDT probe (its ip), not the arguments\n"
	       "lttng enable-event --kernel --userspace-probe=sdt:/opt/app/bin:"
	       "simple_marker:ex ex\n",
	       "lttng: sdt userspace probe for an exact marker");
	/* Two notes in the same place of a page: which fired is unknown. */
	sites[1].file_offset = 0x21d1;
	golden(false, &user,
	       "// ex: g: bpftrace cannot fetch it: a global, and two of its "
	       "notes share an offset in a page: which one fired is unknown\n"
	       "usdt:/opt/app/bin:simple_marker:ex\n{\n"
	       "\tprintf(\"ex: n=%d g=? r=%ld\\n\", (int32)reg(\"di\"), "
	       "(int64)arg2);\n}\n",
	       "bpftrace: a global at notes a page apart is '?', with why");

	/* One probe name, two markers: one block. */
	smk_form_state_init(&st);
	err = smk_form_bpftrace(&st, &pl, &user, &text);
	free(text);
	if (!err)
		err = smk_form_bpftrace(&st, &pl, &user, &text);
	ok(!err && !strcmp(text, "// ex: its sites are in the usdt block of "
			   "the same probe above\n"),
	   "bpftrace: a second marker of the same probe name gets a comment");
	if (!err)
		free(text);
	smk_form_state_deinit(&st);

	/* Kernel: kprobe at an entry, refused elsewhere. */
	setup("k", "line", 2);
	site(0, "vfs_read", 0xffffffff81000000ULL, 0);
	site(1, "vfs_read", 0xffffffff81000010ULL, 0x10);
	arg(0, "j", "@jiffies", "u64");
	arg(1, "j", "@jiffies", "u64");
	err = smk_form_bpftrace(&st, &pl, &kern, &text);
	ok(!err && strstr(text, "\nkprobe:vfs_read\n{\n\tprintf(\"k: j=%lu\\n\", "
			  "*(uint64 *)kaddr(\"jiffies\"));\n}\n") &&
	   strstr(text, "// kprobe:vfs_read+16\n") &&
	   strstr(text, "only 1 of its 2 sites are probed here"),
	   "bpftrace: kprobe at the entry, kprobe:SYM+OFF commented out, "
	   "partial hits said");
	if (!err)
		free(text);

	/* Hostile: names, reasons, paths and specs. */
	setup("bad\nname", "line", 1);
	pl.verdict = SMK_VERDICT_APPROX;
	pl.reason = (char *)"two\nlines }\n{";
	site(0, "work\n}", 0x1190, 0);
	arg(0, "x", "%di)\n", "s32");
	arg(0, "y", "+8(%si", "u32");
	arg(0, "z", "@+0x10zz", "u32");
	arg(0, "w", "%di", "weird");
	smk_form_state_init(&st);
	err = smk_form_bpftrace(&st, &pl, &user, &text);
	ok(!err && lines_ok(text, "// ") && !strstr(text, "bad\n") &&
	   strstr(text, "printf(\"?: x=? y=? z=? w=?\\n\");"),
	   "bpftrace: hostile name, reason, symbol and specs stay in comments "
	   "or become '?'");
	if (!err)
		free(text);
	err = smk_form_lttng(&st, &pl, &user, &text);
	ok(!err && lines_ok(text, "# ") && !strstr(text, "lttng "),
	   "lttng: hostile name: comments only, no command");
	if (!err)
		free(text);
	setup("ok_name", "anchor", 1);
	site(0, "work", 0x1190, 0x10);
	user.path = "/tmp/a b\n-x";
	err = smk_form_bpftrace(&st, &pl, &user, &text);
	ok(!err && !strcmp(text, "// ok_name: not probed: its path has "
			   "characters a bpftrace attach point cannot hold\n"),
	   "bpftrace: a path with a space and a newline is not written");
	if (!err)
		free(text);
	err = smk_form_lttng(&st, &pl, &user, &text);
	ok(!err && lines_ok(text, "# ") && !strstr(text, "lttng "),
	   "lttng: the same path: a comment only");
	if (!err)
		free(text);
	smk_form_state_deinit(&st);

	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
