// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the kprobe_events/uprobe_events text format
 * (tools/lib/smk/probe-event.c): golden lines built from placement sites,
 * format/parse round trips (including lines as the kernel lists them),
 * every validation rule fed hostile strings (the error must name the field
 * and show the character escaped, and must itself be one printable line),
 * the kernel's limits at the boundary, and the event naming of several
 * sites of one marker.  Prints TAP; tests/probe-event.t runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/probe-event.h"
#include "smk/tracefs.h"

#include "tap.h"

static void is_str(const char *got, const char *want, const char *desc)
{
	int same = got && !strcmp(got, want);

	ok(same, "%s", desc);
	if (!same)
		printf("#   got      '%s'\n#   expected '%s'\n",
		       got ? got : "(null)", want);
}

/* Every byte printable ASCII: an error message is one safe line. */
static int printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			return 0;
	return 1;
}

/* @err is an INVALID error whose message contains @want; consumes it. */
static void is_error(struct smk_error *err, const char *want,
		     const char *desc)
{
	int good = err && err->code == SMK_ERROR_INVALID &&
		   strstr(err->message, want) && printable(err->message);

	ok(good, "refused: %s", desc);
	if (!good)
		printf("#   got      %s\n#   expected INVALID with '%s'\n",
		       err ? err->message : "no error", want);
	smk_error_destroy(err);
}

static void no_error(struct smk_error *err, const char *desc)
{
	ok(!err, "%s", desc);
	if (err)
		printf("#   %s\n", err->message);
	smk_error_destroy(err);
}

static char *repeat(char c, size_t n)
{
	char *s = malloc(n + 1);

	if (!s)
		abort();
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

/* A valid uprobe event; tests break one field at a time. */
static void base_event(struct smk_probe_event *ev)
{
	smk_probe_event_init(ev);
	strcpy(ev->group, "simple");
	strcpy(ev->event, "order_placed");
	ev->target = strdup("/usr/bin/shop:0x1149");
	if (!ev->target ||
	    smk_probe_event_add_arg(ev, "id", "%di", "s32") ||
	    smk_probe_event_add_arg(ev, "name", "+0(%si)", "string"))
		abort();
}

static void set_target(struct smk_probe_event *ev, const char *t)
{
	free(ev->target);
	ev->target = strdup(t);
	if (!ev->target)
		abort();
}

/* ---- sites as placement would give them ---- */

static void fetch(struct smk_fetch *f, const char *name, const char *spec,
		  const char *type)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->spec = spec ? strdup(spec) : NULL;
	snprintf(f->type, sizeof(f->type), "%s", type);
	if (!spec)
		f->reason = strdup("optimized out");
}

static void site(struct smk_site *s, const char *sym, unsigned long long addr,
		 unsigned long long off, unsigned long long file_off)
{
	memset(s, 0, sizeof(*s));
	s->symbol = strdup(sym);
	s->addr = addr;
	s->offset = off;
	s->file_offset = file_off;
}

static void format_ok(const struct smk_probe_event *ev, const char *want,
		      const char *desc)
{
	char *line = NULL;
	struct smk_error *err = smk_probe_event_format(ev, &line);

	if (err) {
		ok(0, "%s: %s", desc, err->message);
		smk_error_destroy(err);
		return;
	}
	is_str(line, want, desc);
	free(line);
}

static void test_golden(void)
{
	struct smk_probe_event ev;
	struct smk_site s;

	site(&s, "vfs_read", 0xffffffff81234560ULL, 0x1c, 0);
	fetch(&s.fetch[0], "file", "%di", "x64");
	fetch(&s.fetch[1], "count", NULL, "u64");
	fetch(&s.fetch[2], "p_f_pos", "+0(+24(%di))", "s64");
	fetch(&s.fetch[3], "flags", "+8(%si)", "b3@2/32");
	fetch(&s.fetch[4], "answer", "\\42", "s32");
	s.nfetch = 5;
	no_error(smk_probe_event_from_site("simple", "read_marker", NULL, NULL,
					   &s, &ev), "vmlinux site");
	format_ok(&ev, "p:simple/read_marker vfs_read+0x1c file=%di:x64 "
		  "p_f_pos=+0(+24(%di)):s64 flags=+8(%si):b3@2/32 "
		  "answer=\\42:s32",
		  "vmlinux kprobe line, unavailable argument skipped");
	is_str(ev.args[1].name, "p_f_pos", "argument order kept");
	ok(smk_probe_event_file_kind(&ev) == 'k', "a symbol target is a kprobe");
	smk_probe_event_deinit(&ev);

	no_error(smk_probe_event_from_site("simple", "read_marker", "ext4",
					   NULL, &s, &ev), "module site");
	format_ok(&ev, "p:simple/read_marker ext4:vfs_read+0x1c file=%di:x64 "
		  "p_f_pos=+0(+24(%di)):s64 flags=+8(%si):b3@2/32 "
		  "answer=\\42:s32", "module kprobe line MOD:SYM+OFF");
	smk_probe_event_deinit(&ev);
	smk_site_deinit(&s);

	site(&s, "main", 0x1149, 0x19, 0x1149);
	fetch(&s.fetch[0], "id", "%di", "s32");
	fetch(&s.fetch[1], "price", "@+0x4010", "u64");
	fetch(&s.fetch[2], "name", "+0(%si)", "string");
	s.nfetch = 3;
	no_error(smk_probe_event_from_site("simple_4242", "order_placed", NULL,
					   "/usr/lib/x86_64-linux-gnu/libshop++.so.1",
					   &s, &ev), "uprobe site");
	format_ok(&ev, "p:simple_4242/order_placed "
		  "/usr/lib/x86_64-linux-gnu/libshop++.so.1:0x1149 id=%di:s32 "
		  "price=@+0x4010:u64 name=+0(%si):string",
		  "uprobe line PATH:0xFILEOFF");
	ok(smk_probe_event_file_kind(&ev) == 'u', "a path target is a uprobe");
	smk_probe_event_deinit(&ev);
	smk_site_deinit(&s);

	/* names: cut to the kernel's 32 bytes, duplicates made unique */
	site(&s, "main", 0x1149, 0, 0x1149);
	fetch(&s.fetch[0], "a_very_long_member_chain_name_that_goes_on",
	      "%di", "s32");
	fetch(&s.fetch[1], "a_very_long_member_chain_name_that_goes_on_too",
	      "%si", "s32");
	fetch(&s.fetch[2], "x", "%dx", "u8");
	fetch(&s.fetch[3], "x", "%cx", "u8");
	s.nfetch = 4;
	no_error(smk_probe_event_from_site("g", "e", NULL, "/bin/p", &s, &ev),
		 "long and repeated argument names");
	format_ok(&ev, "p:g/e /bin/p:0x1149 "
		  "a_very_long_member_chain_name_th=%di:s32 "
		  "a_very_long_member_chain_name__1=%si:s32 x=%dx:u8 "
		  "x_3=%cx:u8", "names cut to 32 bytes and made unique");
	smk_probe_event_deinit(&ev);
	smk_site_deinit(&s);

	/* hostile strings reaching from_site are refused, not written */
	site(&s, "main", 0x1149, 0, 0x1149);
	fetch(&s.fetch[0], "x", "%di", "s32");
	s.nfetch = 1;
	is_error(smk_probe_event_from_site("simple", "m", NULL,
					   "/tmp/dir with space/prog", &s,
					   &ev),
		 "uprobe target \"/tmp/dir with space/prog:0x1149\": "
		 "character \\x20 at offset 8",
		 "a path with a space");
	smk_probe_event_deinit(&ev);
	is_error(smk_probe_event_from_site("simple", "m", NULL, "bin/p", &s,
					   &ev),
		 "uprobe path \"bin/p\": not absolute", "a relative path");
	smk_probe_event_deinit(&ev);
	is_error(smk_probe_event_from_site("simple", "m", NULL,
					   "/tmp/x\n-:simple/y", &s, &ev),
		 "character \\x0a at offset 6", "a path with a newline");
	smk_probe_event_deinit(&ev);
	is_error(smk_probe_event_from_site("simple", "m -:simple/y", NULL,
					   "/bin/p", &s, &ev),
		 "event name \"m -:simple/y\": character \\x20 at offset 1",
		 "an event name with a space and -:");
	smk_probe_event_deinit(&ev);
	free(s.fetch[0].spec);
	s.fetch[0].spec = strdup("%di x=%si");
	is_error(smk_probe_event_from_site("simple", "m", NULL, "/bin/p", &s,
					   &ev),
		 "argument x fetch spec \"%di x=%si\": character \\x20 at "
		 "offset 3", "a fetch spec with a space");
	smk_probe_event_deinit(&ev);
	free(s.fetch[0].spec);
	s.fetch[0].spec = strdup("%di");
	strcpy(s.fetch[0].name, "x y");
	is_error(smk_probe_event_from_site("simple", "m", NULL, "/bin/p", &s,
					   &ev),
		 "argument 1 name \"x y\": character \\x20",
		 "an argument name with a space");
	smk_probe_event_deinit(&ev);
	smk_site_deinit(&s);

	site(&s, "main", 0, 0, 0);
	free(s.symbol);
	s.symbol = NULL;
	is_error(smk_probe_event_from_site("g", "e", NULL, NULL, &s, &ev),
		 "no symbol", "a kprobe site without a symbol");
	smk_probe_event_deinit(&ev);
}

/* parse(line) formats back to @line, field by field as given. */
static void round_trip(const char *line, const char *group,
		       const char *event, const char *target,
		       unsigned int nargs, const char *desc)
{
	struct smk_probe_event ev;
	struct smk_error *err = smk_probe_event_parse(line, &ev);
	char *again = NULL;

	if (err) {
		ok(0, "parse %s: %s", desc, err->message);
		smk_error_destroy(err);
		smk_probe_event_deinit(&ev);
		return;
	}
	ok(!strcmp(ev.group, group) && !strcmp(ev.event, event) &&
	   !strcmp(ev.target, target) && ev.nargs == nargs,
	   "parse %s: fields", desc);
	err = smk_probe_event_format(&ev, &again);
	if (err) {
		ok(0, "format %s: %s", desc, err->message);
		smk_error_destroy(err);
	} else {
		is_str(again, line, desc);
	}
	free(again);
	smk_probe_event_deinit(&ev);
}

static void test_parse(void)
{
	struct smk_probe_event ev, ev2;
	char *line = NULL, *line2 = NULL;

	round_trip("p:simple/order_placed /usr/bin/shop:0x1149 id=%di:s32 "
		   "name=+0(%si):string", "simple", "order_placed",
		   "/usr/bin/shop:0x1149", 2, "our uprobe line");
	/* as uprobe_events lists it (measured on 6.18) */
	round_trip("p:exp_1/ev /tmp/pe-exp/t:0x0000000000001149 x=%di:s32",
		   "exp_1", "ev", "/tmp/pe-exp/t:0x0000000000001149", 1,
		   "uprobe_events listing, 16-digit offset");
	round_trip("p:sdt/sem /tmp/bin:0x000000000000114b(0x3038) k=%dx:s32",
		   "sdt", "sem", "/tmp/bin:0x000000000000114b(0x3038)", 1,
		   "uprobe with a semaphore");
	/* as kprobe_events lists it: decimal offset */
	round_trip("p:probe/vfs_read vfs_read+92 file=%di:x64 "
		   "pos=+0(+40(+24(%di))):string", "probe", "vfs_read",
		   "vfs_read+92", 2, "kprobe_events listing (perf probe)");
	round_trip("p:m/e ext4:ext4_file_read_iter.cold+0x0",
		   "m", "e", "ext4:ext4_file_read_iter.cold+0x0", 0,
		   "module, dotted symbol, no arguments");
	round_trip("r:g/ret vfs_read", "g", "ret", "vfs_read", 0,
		   "return probe, no offset");

	base_event(&ev);
	no_error(smk_probe_event_format(&ev, &line), "format base event");
	no_error(smk_probe_event_parse(line, &ev2), "parse it back");
	ok(ev2.kind == 'p' && !strcmp(ev2.group, ev.group) &&
	   !strcmp(ev2.event, ev.event) && !strcmp(ev2.target, ev.target) &&
	   ev2.nargs == 2 && !strcmp(ev2.args[0].name, "id") &&
	   !strcmp(ev2.args[0].spec, "%di") &&
	   !strcmp(ev2.args[0].type, "s32") &&
	   !strcmp(ev2.args[1].spec, "+0(%si)") &&
	   !strcmp(ev2.args[1].type, "string"),
	   "format then parse gives every field back");
	smk_probe_event_deinit(&ev2);
	free(line);

	/* structure only: odd spacing parses, formats canonically */
	no_error(smk_probe_event_parse("p:g/e\t/bin/x:0x10   a=%ax\n", &ev2),
		 "tabs, repeated spaces, trailing newline");
	no_error(smk_probe_event_format(&ev2, &line2), "format it");
	is_str(line2, "p:g/e /bin/x:0x10 a=%ax",
	       "canonical form: single spaces, no type");
	free(line2);
	smk_probe_event_deinit(&ev2);

	no_error(smk_probe_event_parse("p /bin/x:0x10", &ev2),
		 "a line without a name parses");
	is_error(smk_probe_event_validate(&ev2), "group name \"\": empty",
		 "but is not valid: we always name our events");
	smk_probe_event_deinit(&ev2);
	no_error(smk_probe_event_parse("p:e /bin/x:0x10", &ev2),
		 "a line without a group parses");
	ok(!ev2.group[0] && !strcmp(ev2.event, "e"), "group left empty");
	smk_probe_event_deinit(&ev2);

	is_error(smk_probe_event_parse("", &ev2), "empty line", "empty line");
	smk_probe_event_deinit(&ev2);
	is_error(smk_probe_event_parse("x:g/e /bin/x:0x1", &ev2),
		 "does not start with 'p' or 'r'", "unknown kind");
	smk_probe_event_deinit(&ev2);
	is_error(smk_probe_event_parse("-:g/e", &ev2),
		 "does not start with 'p' or 'r'", "a removal command");
	smk_probe_event_deinit(&ev2);
	is_error(smk_probe_event_parse("p:g/e", &ev2), "no target",
		 "no target");
	smk_probe_event_deinit(&ev2);
	is_error(smk_probe_event_parse("p:g/e /bin/x:0x1 %di:s32", &ev2),
		 "no NAME= before the fetch", "argument without a name");
	smk_probe_event_deinit(&ev2);
	is_error(smk_probe_event_parse("p:g/e /bin/x:0x1\np:g/f /bin/x:0x2",
				       &ev2),
		 "more than one line", "two lines in one");
	smk_probe_event_deinit(&ev2);
	line = repeat('a', 64);
	line2 = NULL;
	if (asprintf(&line2, "p:%s/e /bin/x:0x1", line) < 0)
		abort();
	is_error(smk_probe_event_parse(line2, &ev2), "group name",
		 "a group of 64 bytes does not even parse");
	smk_probe_event_deinit(&ev2);
	free(line2);
	free(line);
	smk_probe_event_deinit(&ev);
}

/* Validate @ev after @edit; expect an error containing @want. */
#define REJECT(edit, want, desc)					\
	do {								\
		struct smk_probe_event ev;				\
		base_event(&ev);					\
		edit;							\
		is_error(smk_probe_event_validate(&ev), want, desc);	\
		smk_probe_event_deinit(&ev);				\
	} while (0)

#define ACCEPT(edit, desc)						\
	do {								\
		struct smk_probe_event ev;				\
		base_event(&ev);					\
		edit;							\
		no_error(smk_probe_event_validate(&ev), desc);		\
		smk_probe_event_deinit(&ev);				\
	} while (0)

static void test_validate(void)
{
	char *s63 = repeat('g', 63), *s64 = repeat('g', 64);
	char *a32 = repeat('a', 32);
	char *spec59 = repeat('1', 59), *spec60 = repeat('1', 60);
	char *path = repeat('p', 5000);
	struct smk_probe_event big;
	unsigned int i;
	char *line = NULL;

	path[0] = '/';
	strcpy(path + 4990, ":0x10");

	ACCEPT((void)0, "the base event is valid");

	/* group and event names */
	REJECT(strcpy(ev.group, "sim ple"),
	       "group name \"sim ple\": character \\x20 at offset 3",
	       "group with a space");
	REJECT(strcpy(ev.group, "simple\n-:simple/x"),
	       "group name \"simple\\n-:simple/x\": character \\x0a at offset 6",
	       "group with a newline and -:");
	REJECT(strcpy(ev.event, "-:simple/x"),
	       "event name \"-:simple/x\": character '-' at offset 0",
	       "event -:simple/x");
	REJECT(strcpy(ev.event, "ev>x"),
	       "event name \"ev>x\": character '>' at offset 2",
	       "event with >");
	REJECT(strcpy(ev.event, "a/b"), "character '/' at offset 1",
	       "event with /");
	REJECT(strcpy(ev.event, "\xc3\xa9v\xc3\xa9nement"),
	       "event name \"\\xc3\\xa9v\\xc3\\xa9nement\": character \\xc3 at offset 0",
	       "non-ASCII event name");
	REJECT(strcpy(ev.event, "1st"), "character '1' at offset 0",
	       "event name starting with a digit");
	REJECT(strcpy(ev.event, ""), "event name \"\": empty", "empty event");
	REJECT(strcpy(ev.group, ""), "group name \"\": empty", "empty group");
	REJECT(strcpy(ev.group, "a\tb"), "character \\x09 at offset 1",
	       "group with a tab");
	ACCEPT(strcpy(ev.group, s63), "a group of 63 bytes (the kernel's limit)");
	ACCEPT(strcpy(ev.event, s63), "an event of 63 bytes");
	REJECT(memcpy(ev.group, s64, sizeof(ev.group)), "not terminated",
	       "a group of 64 bytes");
	REJECT(ev.kind = 'x', "neither 'p' nor 'r'", "kind x");
	ACCEPT(ev.kind = 'r', "kind r");

	/* targets: uprobes */
	REJECT(set_target(&ev, "/tmp/a b/x:0x10"),
	       "uprobe target \"/tmp/a b/x:0x10\": character \\x20 at offset 6",
	       "path with a space");
	REJECT(set_target(&ev, "/tmp/a\nb:0x10"),
	       "uprobe target \"/tmp/a\\nb:0x10\": character \\x0a at offset 6",
	       "path with a newline");
	REJECT(set_target(&ev, "/tmp/a(b:0x10"), "character '(' at offset 6",
	       "path with (");
	REJECT(set_target(&ev, "/tmp/a:b/x:0x10"),
	       "character ':' at offset 6: paths may not contain",
	       "path with :");
	REJECT(set_target(&ev, "/tmp/\xe2\x82\xac/x:0x10"),
	       "character \\xe2 at offset 5", "non-ASCII path");
	REJECT(set_target(&ev, "/tmp/a\\x:0x10"),
	       "character \\x5c at offset 6", "path with a backslash");
	REJECT(set_target(&ev, "/tmp/a\"x:0x10"),
	       "character '\"' at offset 6", "path with a quote");
	REJECT(set_target(&ev, "/bin/x"), "no \":OFFSET\" after the path",
	       "no offset");
	REJECT(set_target(&ev, "/:0x10"), "empty path", "empty path");
	REJECT(set_target(&ev, "/bin/x:1234"), "must be 0x",
	       "decimal uprobe offset");
	REJECT(set_target(&ev, "/bin/x:0x"), "must be 0x", "0x alone");
	REJECT(set_target(&ev, "/bin/x:0x10000000000000000"),
	       "1 to 16 hex digits", "17 hex digits");
	REJECT(set_target(&ev, "/bin/x:0x10 x=%ax"),
	       "character \\x20 at offset 11: nothing may follow",
	       "an argument smuggled into the target");
	REJECT(set_target(&ev, "/bin/x:0x10%return"),
	       "character '%' at offset 11", "%return");
	REJECT(set_target(&ev, "/bin/x:0x10(0x20"), "semaphore",
	       "unterminated semaphore");
	ACCEPT(set_target(&ev, "/bin/x:0x10(0x20)"), "semaphore offset");
	ACCEPT(set_target(&ev, "/usr/lib/libstdc++.so.6:0x0000000000001149"),
	       "listed 16-digit offset, + in a path");
	REJECT(set_target(&ev, path), "line would be",
	       "a path that makes the line too long");

	/* targets: kprobes */
	ACCEPT(set_target(&ev, "vfs_read+0x1c"), "kprobe SYM+0xOFF");
	ACCEPT(set_target(&ev, "vfs_read+92"), "kprobe SYM+DEC");
	ACCEPT(set_target(&ev, "ext4-x:ext4_read.cold+0x0"),
	       "kprobe MOD:SYM.cold+OFF");
	REJECT(set_target(&ev, "vfs read+0x1"),
	       "kprobe target \"vfs read+0x1\": character \\x20 at offset 3",
	       "symbol with a space");
	REJECT(set_target(&ev, "-:simple/x"), "starts with \"-:\"",
	       "target -:simple/x");
	REJECT(set_target(&ev, "mo d:sym"), "character \\x20 at offset 2",
	       "module with a space");
	REJECT(set_target(&ev, ":sym"), "empty module", "empty module");
	REJECT(set_target(&ev, "m:a:b"), "character ':' at offset 3",
	       "two colons");
	REJECT(set_target(&ev, "1sym+0x1"), "character '1' at offset 0",
	       "symbol starting with a digit (an address)");
	REJECT(set_target(&ev, "sym+"), "decimal or 0xHEX", "empty offset");
	REJECT(set_target(&ev, "sym+0xzz"), "decimal or 0xHEX",
	       "bad hex offset");
	REJECT(set_target(&ev, "sym+1\n"), "character \\x0a at offset 5",
	       "newline after the offset");
	REJECT(set_target(&ev, ""), "probe target: empty", "empty target");

	/* argument names */
	REJECT(strcpy(ev.args[0].name, "i d"),
	       "argument 1 name \"i d\": character \\x20 at offset 1",
	       "argument name with a space");
	REJECT(strcpy(ev.args[1].name, "common_pid"), "reserved",
	       "argument name common_pid");
	REJECT(strcpy(ev.args[1].name, "__probe_ip"), "reserved",
	       "argument name __probe_ip");
	REJECT(strcpy(ev.args[1].name, "id"), "argument 2 name \"id\": used twice",
	       "duplicate argument names");
	REJECT(strcpy(ev.args[0].name, "x>y"), "character '>' at offset 1",
	       "argument name with >");
	ACCEPT(strcpy(ev.args[0].name, a32), "an argument name of 32 bytes");
	REJECT(memcpy(ev.args[0].name, s64, sizeof(ev.args[0].name)),
	       "not terminated", "an argument name of 33 bytes");

	/* fetch specs */
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("%di x=%si")),
	       "argument id fetch spec \"%di x=%si\": character \\x20 at offset 3",
	       "spec with a space");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("%di\n-:simple/x")),
	       "character \\x0a at offset 3", "spec with a newline");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("-:simple/x")),
	       "starts with \"-:\"", "spec -:simple/x");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("%di>x")),
	       "character '>' at offset 3", "spec with >");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("%di:u8")),
	       "character ':' at offset 3", "spec with a type smuggled in");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("$comm")),
	       "character '$' at offset 0", "spec $comm");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("\\\"a b\"")),
	       "character '\"' at offset 1", "string immediate");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup("")),
	       "fetch spec: empty", "empty spec");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = NULL),
	       "fetch spec: empty", "NULL spec");
	ACCEPT((free(ev.args[0].spec), ev.args[0].spec = strdup(spec59)),
	       "spec:type of 63 bytes (the kernel's limit)");
	REJECT((free(ev.args[0].spec), ev.args[0].spec = strdup(spec60)),
	       "longer than 63 bytes", "spec:type of 64 bytes");
	ACCEPT((free(ev.args[0].spec), ev.args[0].spec = strdup("-8(%bp)")),
	       "negative offset");
	ACCEPT((free(ev.args[0].spec), ev.args[0].spec = strdup("@jiffies+8")),
	       "global symbol");

	/* types */
	REJECT(strcpy(ev.args[0].type, "s32 x"), "character \\x20 at offset 3",
	       "type with a space");
	REJECT(strcpy(ev.args[0].type, "s32\n"), "character \\x0a",
	       "type with a newline");
	REJECT(strcpy(ev.args[0].type, "s:32"), "character ':' at offset 1",
	       "type with a colon");
	ACCEPT(strcpy(ev.args[0].type, "x8[4]"), "array type");
	ACCEPT(strcpy(ev.args[0].type, ""), "no type");

	/* counts and the whole line */
	base_event(&big);
	for (i = 2; i < SMK_PROBE_MAX_ARGS; i++) {
		char name[16];

		snprintf(name, sizeof(name), "a%u", i);
		if (smk_probe_event_add_arg(&big, name, "%di", "s32"))
			abort();
	}
	no_error(smk_probe_event_validate(&big), "128 arguments");
	is_error(smk_probe_event_add_arg(&big, "one_more", "%di", "s32"),
		 "more than 128 arguments", "a 129th argument is not added");
	big.nargs = 129;	/* forced: validate counts too */
	is_error(smk_probe_event_validate(&big), "129 arguments: at most 128",
		 "129 arguments");
	big.nargs = 128;
	for (i = 2; i < SMK_PROBE_MAX_ARGS; i++) {
		free(big.args[i].spec);
		big.args[i].spec = repeat('9', 40);
		strcpy(big.args[i].type, "s64");
	}
	is_error(smk_probe_event_format(&big, &line),
		 "the kernel takes at most 4094", "a line over 4094 bytes");
	ok(!line, "no line comes out of a refused format");
	smk_probe_event_deinit(&big);

	free(s63);
	free(s64);
	free(a32);
	free(spec59);
	free(spec60);
	free(path);
}

static void test_names(void)
{
	char buf[SMK_PROBE_NAME_MAX + 1], buf2[SMK_PROBE_NAME_MAX + 1];
	char *longname = repeat('m', 100), *longname2 = repeat('m', 100);

	no_error(smk_probe_event_name(buf, "order_placed", 0), "plain name");
	is_str(buf, "order_placed", "kept as is");
	no_error(smk_probe_event_name(buf, "order_placed", 2), "suffix");
	is_str(buf, "order_placed_2", "with _2");
	no_error(smk_probe_event_name(buf, longname, 0), "a 100-byte name");
	ok(strlen(buf) == 63 && !strncmp(buf, longname, 54) && buf[54] == '_',
	   "cut to 63 bytes with a hash");
	longname2[99] = 'n';
	no_error(smk_probe_event_name(buf2, longname2, 0), "another one");
	ok(strcmp(buf, buf2), "two long names with one prefix stay apart: %s %s",
	   buf, buf2);
	no_error(smk_probe_event_name(buf2, longname, 0), "the first again");
	is_str(buf2, buf, "stable");
	no_error(smk_probe_event_name(buf, longname, 12), "long, suffix");
	ok(strlen(buf) == 63 && !strcmp(buf + 60, "_12"),
	   "the suffix survives the cut: %s", buf);
	is_error(smk_probe_event_name(buf, "a b", 0), "character \\x20",
		 "not an identifier");
	is_error(smk_probe_event_name(buf, "", 0), "empty", "empty");
	no_error(smk_tracefs_group_name(buf, SMK_TRACEFS_GROUP, 4242),
		 "attach group name");
	is_str(buf, "simple_4242", "the convention: simple_<pid>");
	is_error(smk_tracefs_group_name(buf, "sim ple", 1), "\\x20",
		 "a bad prefix");
	is_error(smk_tracefs_group_name(buf, longname + 40, 2147483647),
		 "too long", "a prefix too long for a pid");
	free(longname);
	free(longname2);
}

static void test_placement(void)
{
	struct smk_placement p = { .verdict = SMK_VERDICT_EXACT };
	struct smk_site sites[4];
	struct smk_probe_event *evs;
	size_t n, i;
	char *lines[4] = { 0 };

	/* given out of address order; site at 0x30 lacks an argument */
	site(&sites[0], "f", 0x20, 0x10, 0x1020);
	site(&sites[1], "f", 0x10, 0x0, 0x1010);
	site(&sites[2], "f", 0x30, 0x20, 0x1030);
	site(&sites[3], "f", 0x10, 0x0, 0x1010);	/* a duplicate */
	for (i = 0; i < 4; i++) {
		fetch(&sites[i].fetch[0], "x", "%di", "s32");
		fetch(&sites[i].fetch[1], "y", i == 2 ? NULL : "%si", "u64");
		sites[i].nfetch = 2;
	}
	p.sites = sites;
	p.nsites = 4;
	no_error(smk_probe_events_from_placement("simple", "mk", NULL,
						 "/bin/p", &p, 0, &evs, &n),
		 "three sites");
	ok(n == 3, "the duplicate site dropped (%zu events)", n);
	for (i = 0; i < n && i < 4; i++)
		if (smk_probe_event_format(&evs[i], &lines[i]))
			lines[i] = NULL;
	is_str(lines[0], "p:simple/mk /bin/p:0x1010 x=%di:s32 y=%si:u64",
	       "lowest address first, shared name");
	is_str(lines[1], "p:simple/mk /bin/p:0x1020 x=%di:s32 y=%si:u64",
	       "same arguments: same event (appended)");
	is_str(lines[2], "p:simple/mk_1 /bin/p:0x1030 x=%di:s32",
	       "other arguments: its own event mk_1");
	for (i = 0; i < 4; i++) {
		free(lines[i]);
		lines[i] = NULL;
	}
	smk_probe_events_destroy(evs, n);

	no_error(smk_probe_events_from_placement("simple", "mk", NULL,
						 "/bin/p", &p,
						 SMK_PROBE_EVENTS_NO_APPEND,
						 &evs, &n), "no append");
	ok(n == 3 && !strcmp(evs[0].event, "mk_1") &&
	   !strcmp(evs[1].event, "mk_2") && !strcmp(evs[2].event, "mk_3") &&
	   !strcmp(evs[0].target, "/bin/p:0x1010") &&
	   !strcmp(evs[2].target, "/bin/p:0x1030"),
	   "no append: mk_1, mk_2, mk_3 in address order");
	smk_probe_events_destroy(evs, n);

	p.nsites = 1;
	no_error(smk_probe_events_from_placement("simple", "mk", NULL,
						 "/bin/p", &p,
						 SMK_PROBE_EVENTS_NO_APPEND,
						 &evs, &n), "one site, no append");
	ok(n == 1 && !strcmp(evs[0].event, "mk"), "one site keeps the name");
	smk_probe_events_destroy(evs, n);

	p.nsites = 0;
	no_error(smk_probe_events_from_placement("simple", "mk", NULL,
						 "/bin/p", &p, 0, &evs, &n),
		 "no site");
	ok(n == 0 && !evs, "no site, no event");

	p.nsites = 4;
	is_error(smk_probe_events_from_placement("simple", "mk", NULL,
						 "/bin/a b", &p, 0, &evs, &n),
		 "character \\x20", "a hostile path fails the whole marker");
	ok(n == 0 && !evs, "and leaves nothing");
	for (i = 0; i < 4; i++)
		smk_site_deinit(&sites[i]);
}

int main(void)
{
	test_golden();
	test_parse();
	test_validate();
	test_names();
	test_placement();
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
