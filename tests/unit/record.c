// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the record decoder (smk_records_decode, smk_is_identifier)
 * and of the format parser (smk_format_parse, smk_format_describe).  Prints
 * TAP; tests/record.t runs it.
 *
 * Sections are built here byte by byte, so that each corruption is exactly
 * the one named, and decoded from a heap buffer of their exact size, so
 * that ASan sees any read past the end.  Every decoded record is printed
 * into one line and compared whole, and so are the warnings ("0xOFF: why"
 * per line): a test checks both what was kept and what was skipped, where
 * and why.  The fuzz loop at the end mutates valid sections with a fixed
 * seed and checks the decoder's promises on whatever comes out.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smk/format.h"
#include "smk/record.h"

#include "tap.h"

static void diag_text(const char *what, const char *s)
{
	const char *p = s, *nl;

	printf("# %s:\n", what);
	while (*p) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		printf("#   '%.*s'\n", (int)(nl - p), p);
		p = *nl ? nl + 1 : nl;
	}
}

static void is_str(const char *got, const char *want, const char *desc)
{
	int same = got && !strcmp(got, want);

	ok(same, "%s", desc);
	if (!same) {
		diag_text("got", got ? got : "(null)");
		diag_text("expected", want);
	}
}

static void is_num(unsigned long long got, unsigned long long want,
		   const char *desc)
{
	ok(got == want, "%s", desc);
	if (got != want)
		printf("#   got %llu, expected %llu\n", got, want);
}

/* A growable text buffer (for warnings and record dumps). */
struct text {
	char *s;
	size_t len, cap;
};

static __attribute__((format(printf, 2, 3)))
void text_add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, n + 1, fmt, ap);
	va_end(ap);
	t->len += n;
}

static void text_reset(struct text *t)
{
	t->len = 0;
	if (t->s)
		t->s[0] = '\0';
}

static const char *text_str(struct text *t)
{
	return t->s ? t->s : "";
}

/* ---- building sections ---- */

struct sec {
	unsigned char buf[16384];
	size_t len;
	int be;
};

static void put16(unsigned char *p, unsigned int v, int be)
{
	p[be ? 0 : 1] = v >> 8;
	p[be ? 1 : 0] = v & 0xff;
}

static void put32(unsigned char *p, unsigned int v, int be)
{
	put16(p + (be ? 0 : 2), v >> 16, be);
	put16(p + (be ? 2 : 0), v & 0xffff, be);
}

enum { AUTO = -1 };

/*
 * One record.  strs: name, file, format, args...  Fields left at AUTO (or
 * 0 for version and line) take the values a compiler would write.
 */
struct rec {
	const char *strs[16];
	int nstrs;
	int nargs;		/* AUTO: nstrs - 3 */
	int version;		/* 0: 1 */
	unsigned int line;
	unsigned int flags;
	long size;		/* AUTO: 16 + strings rounded up to 4 */
	long strings;		/* AUTO: bytes of the strings */
	int extra;		/* zero bytes after the strings, in size */
	const char *magic;	/* NULL: "SMKR" */
};

/* Append @r to @s; returns its offset. */
static size_t add(struct sec *s, const struct rec *r)
{
	size_t off = s->len, pos = off + 16, strings = 0, size;
	unsigned char *h = s->buf + off;
	int i, nargs = r->nargs == AUTO ? r->nstrs - 3 : r->nargs;

	for (i = 0; i < r->nstrs; i++) {
		size_t l = strlen(r->strs[i]) + 1;

		memcpy(s->buf + pos, r->strs[i], l);
		pos += l;
		strings += l;
	}
	memset(s->buf + pos, 0, r->extra + 4);
	pos += r->extra;
	size = (pos - off + 3) & ~(size_t)3;
	memcpy(h, r->magic ? r->magic : "SMKR", 4);
	h[4] = r->version ? r->version : 1;
	h[5] = nargs;
	put16(h + 6, r->size == AUTO ? size : (size_t)r->size, s->be);
	put32(h + 8, r->line ? r->line : 100 + off, s->be);
	put16(h + 12, r->strings == AUTO ? strings : (size_t)r->strings,
	      s->be);
	put16(h + 14, r->flags, s->be);
	s->len = off + size;
	return off;
}

static void add_bytes(struct sec *s, const void *p, size_t n)
{
	memcpy(s->buf + s->len, p, n);
	s->len += n;
}

static void add_zeros(struct sec *s, size_t n)
{
	memset(s->buf + s->len, 0, n);
	s->len += n;
}

#define REC(...) { .strs = { __VA_ARGS__ }, \
	.nstrs = sizeof((const char *[]){ __VA_ARGS__ }) / sizeof(char *), \
	.nargs = AUTO, .size = AUTO, .strings = AUTO }

/* ---- decoding ---- */

struct result {
	struct text recs;	/* one line per record */
	struct text warns;	/* one line per warning */
	size_t n;
	size_t size;
};

static void warn_cb(void *arg, uint64_t offset, const char *why)
{
	struct result *res = arg;

	if (offset >= res->size || offset % 4)
		text_add(&res->warns, "BAD OFFSET ");
	text_add(&res->warns, "%#llx: %s\n", (unsigned long long)offset, why);
}

static void dump_rec(struct text *t, const struct smk_record *r)
{
	unsigned int i;

	text_add(t, "%#llx v%u line=%u flags=%#x %s %s \"%s\"",
		 (unsigned long long)r->offset, r->version, r->line, r->flags,
		 r->name, r->file, r->format);
	for (i = 0; i < r->nargs; i++)
		text_add(t, " [%s]", r->args[i]);
	text_add(t, "\n");
}

/* Decode @s from an exact-size copy into @res; the records dumped. */
static void decode(const struct sec *s, int as_be, struct result *res)
{
	struct smk_record *recs = NULL;
	struct smk_error *err;
	unsigned char *copy;
	size_t n = 0, i;

	text_reset(&res->recs);
	text_reset(&res->warns);
	res->size = s->len;
	copy = malloc(s->len ? s->len : 1);
	if (!copy)
		abort();
	memcpy(copy, s->buf, s->len);
	err = smk_records_decode(copy, s->len, as_be, &recs, &n, warn_cb,
				 res);
	if (err) {
		text_add(&res->recs, "ERROR %s\n", err->message);
		smk_error_destroy(err);
	}
	for (i = 0; i < n; i++)
		dump_rec(&res->recs, &recs[i]);
	res->n = n;
	free(recs);
	free(copy);
}

static struct result res;

/* Decode @s and compare records and warnings with the expected text. */
static void check(const struct sec *s, const char *want_recs,
		  const char *want_warns, const char *desc)
{
	char d[256];

	decode(s, s->be, &res);
	snprintf(d, sizeof(d), "%s: records", desc);
	is_str(text_str(&res.recs), want_recs, d);
	snprintf(d, sizeof(d), "%s: warnings", desc);
	is_str(text_str(&res.warns), want_warns, d);
}

static void sec_init(struct sec *s, int be)
{
	memset(s, 0, sizeof(*s));
	s->be = be;
}

/* ---- decoder tests ---- */

static void test_valid(void)
{
	struct sec s;
	struct rec r0 = REC("m0", "dir/f.c", "hello");
	struct rec r12 = REC("m12", "f.c",
		"%d %d %d %d %d %d %d %d %d %d %d %d", "a0", "a1", "a2",
		"a->b", "a[3]", "a5", "a6", "a7", "(long)a8", "a9", "a10",
		"a11 + 1");
	struct rec r13 = REC("m13", "f.c", "x", "1", "2", "3", "4", "5", "6",
			     "7", "8", "9", "10", "11", "12", "13");

	sec_init(&s, 0);
	check(&s, "", "", "empty section");

	r0.line = 42;
	add(&s, &r0);
	check(&s, "0 v1 line=42 flags=0 m0 dir/f.c \"hello\"\n", "",
	      "one record, no args");
	is_num(s.len, 36, "one record, no args: 16 + 20 bytes (17 of strings, "
	       "padded)");

	sec_init(&s, 0);
	r12.line = 7;
	add(&s, &r12);
	check(&s, "0 v1 line=7 flags=0 m12 f.c \"%d %d %d %d %d %d %d %d %d "
	      "%d %d %d\" [a0] [a1] [a2] [a->b] [a[3]] [a5] [a6] [a7] "
	      "[(long)a8] [a9] [a10] [a11 + 1]\n", "", "12 args");

	sec_init(&s, 0);
	add(&s, &r13);
	r0.flags = 0x8001;
	add(&s, &r0);
	r0.flags = 0;
	check(&s, "0x38 v1 line=42 flags=0x8001 m0 dir/f.c \"hello\"\n",
	      "0: too many arguments\n",
	      "13 args skipped by size, next record kept, flags kept");
}

static void test_padding(void)
{
	struct sec s;
	struct rec a = REC("a", "a.c", "A %d", "x");
	struct rec b = REC("b", "b.c", "B");

	sec_init(&s, 0);
	add(&s, &a);
	add_zeros(&s, 8);
	add(&s, &b);
	add_zeros(&s, 12);
	check(&s, "0 v1 line=100 flags=0 a a.c \"A %d\" [x]\n"
	      "0x28 v1 line=140 flags=0 b b.c \"B\"\n", "",
	      "zeros between and after records");

	sec_init(&s, 0);
	add_zeros(&s, 16);
	add(&s, &b);
	add_zeros(&s, 3);
	check(&s, "0x10 v1 line=116 flags=0 b b.c \"B\"\n", "",
	      "zeros before, 3 zero bytes after (unaligned end)");

	sec_init(&s, 0);
	add(&s, &b);
	add_bytes(&s, "\0\0x", 3);
	check(&s, "0 v1 line=100 flags=0 b b.c \"B\"\n",
	      "0x18: trailing bytes after the last record\n",
	      "non-zero unaligned trailing bytes");
}

static void test_big_endian(void)
{
	struct sec s;
	struct rec a = REC("big", "be.c", "v=%u", "v");
	struct rec b = REC("second", "be.c", "");

	sec_init(&s, 1);
	a.line = 0x01020304;
	a.flags = 0x0102;
	add(&s, &a);
	add(&s, &b);
	check(&s, "0 v1 line=16909060 flags=0x102 big be.c \"v=%u\" [v]\n"
	      "0x20 v1 line=132 flags=0 second be.c \"\"\n", "",
	      "big-endian section");
	/* Sizes 0x0020 and 0x0018 read little-endian: 0x2000, 0x1800. */
	decode(&s, 0, &res);
	is_str(text_str(&res.recs), "", "big-endian read as little: records");
	is_str(text_str(&res.warns), "0: record size out of bounds\n"
	       "0x20: record size out of bounds\n",
	       "big-endian read as little: warnings");

	sec_init(&s, 0);
	add(&s, &a);
	decode(&s, 1, &res);
	is_str(text_str(&res.warns), "0: record size out of bounds\n",
	       "little-endian read as big: warning");
}

static void test_magic(void)
{
	struct sec s;
	struct rec a = REC("a", "f.c", "A");
	struct rec b = REC("b", "f.c", "B %s", "s");
	struct rec c = REC("c", "f.c", "C");
	size_t ob;

	sec_init(&s, 0);
	add(&s, &a);
	b.magic = "SMKX";
	ob = add(&s, &b);
	add(&s, &c);
	check(&s, "0 v1 line=100 flags=0 a f.c \"A\"\n"
	      "0x38 v1 line=156 flags=0 c f.c \"C\"\n",
	      "0x18: no record magic\n",
	      "bad magic in the middle: resync, next record decoded");
	is_num(ob, 0x18, "bad magic record at 0x18");

	sec_init(&s, 0);
	add(&s, &a);
	add_zeros(&s, 8);
	add_bytes(&s, "JUNKjunk", 8);
	add_zeros(&s, 4);
	add(&s, &c);
	check(&s, "0 v1 line=100 flags=0 a f.c \"A\"\n"
	      "0x2c v1 line=144 flags=0 c f.c \"C\"\n",
	      "0x20: no record magic\n",
	      "zeros then junk: one warning at the junk");

	sec_init(&s, 0);
	add_bytes(&s, "junk", 4);
	check(&s, "", "0: no record magic\n", "section of junk only");

	sec_init(&s, 0);
	add(&s, &a);
	add_bytes(&s, "SMK", 3);
	check(&s, "0 v1 line=100 flags=0 a f.c \"A\"\n",
	      "0x18: trailing bytes after the last record\n",
	      "3 bytes of magic at the end");
}

static void test_size(void)
{
	struct sec s;
	struct rec a = REC("a", "f.c", "A");
	struct rec b = REC("b", "f.c", "B %d", "i");
	struct rec c = REC("c", "f.c", "C");

	sec_init(&s, 0);
	add(&s, &a);
	b.size = 26;	/* not a multiple of 4 */
	add(&s, &b);
	add(&s, &c);
	check(&s, "0 v1 line=100 flags=0 a f.c \"A\"\n"
	      "0x38 v1 line=156 flags=0 c f.c \"C\"\n",
	      "0x18: record size out of bounds\n",
	      "size not a multiple of 4: skipped, resync on next magic");

	sec_init(&s, 0);
	b.size = 12;	/* smaller than the header */
	add(&s, &b);
	add(&s, &c);
	check(&s, "0x20 v1 line=132 flags=0 c f.c \"C\"\n",
	      "0: record size out of bounds\n", "size smaller than header");

	sec_init(&s, 0);
	b.size = 0;
	add(&s, &b);
	add(&s, &c);
	check(&s, "0x20 v1 line=132 flags=0 c f.c \"C\"\n",
	      "0: record size out of bounds\n", "size 0");

	sec_init(&s, 0);
	add(&s, &a);
	c.size = 28;	/* real: 24, and it is the last record */
	add(&s, &c);
	check(&s, "0 v1 line=100 flags=0 a f.c \"A\"\n",
	      "0x18: record size out of bounds\n",
	      "size beyond the end of the section");

	sec_init(&s, 0);
	c.size = 0xfffc;
	add(&s, &c);
	check(&s, "", "0: record size out of bounds\n", "size 0xfffc");
	c.size = AUTO;

	/* A truncated header at the end of the section. */
	sec_init(&s, 0);
	add(&s, &a);
	add_bytes(&s, "SMKR\1\0\x20\0\1\0\0\0", 12);
	check(&s, "0 v1 line=100 flags=0 a f.c \"A\"\n",
	      "0x18: truncated record header\n",
	      "truncated header at the end");

	sec_init(&s, 0);
	add_bytes(&s, "SMKR", 4);
	check(&s, "", "0: truncated record header\n", "magic only");
}

static void test_strings(void)
{
	struct sec s;
	struct rec a = REC("a", "f.c", "A");
	struct rec b = REC("b", "f.c", "B %d", "i");
	struct rec c = REC("c", "f.c", "C");
	const char *tail = "0x38 v1 line=156 flags=0 c f.c \"C\"\n";
	char want[256];

	/* a: 24 bytes; b: strings 2 + 4 + 5 + 2 = 13 bytes, record 32. */
	sec_init(&s, 0);
	add(&s, &a);
	b.strings = 17;
	add(&s, &b);
	add(&s, &c);
	snprintf(want, sizeof(want), "0 v1 line=100 flags=0 a f.c \"A\"\n%s",
		 tail);
	check(&s, want, "0x18: strings overrun the record\n",
	      "strings count beyond the record: skipped by size");

	sec_init(&s, 0);
	add(&s, &a);
	b.strings = 12;	/* the last NUL is left out */
	add(&s, &b);
	add(&s, &c);
	check(&s, want, "0x18: unterminated string\n",
	      "last string unterminated within the count");

	sec_init(&s, 0);
	add(&s, &a);
	b.strings = 0;
	add(&s, &b);
	add(&s, &c);
	check(&s, want, "0x18: unterminated string\n", "strings count 0");

	sec_init(&s, 0);
	add(&s, &a);
	b.strings = 16;	/* 3 bytes of padding counted */
	add(&s, &b);
	add(&s, &c);
	check(&s, want,
	      "0x18: string table size does not match its strings\n",
	      "strings count larger than the strings");
	b.strings = AUTO;

	sec_init(&s, 0);
	add(&s, &a);
	b.nargs = 2;	/* one string missing */
	add(&s, &b);
	add(&s, &c);
	check(&s, want, "0x18: unterminated string\n",
	      "nargs larger than the strings");

	sec_init(&s, 0);
	add(&s, &a);
	b.nargs = 0;	/* one string too many */
	add(&s, &b);
	add(&s, &c);
	check(&s, want,
	      "0x18: string table size does not match its strings\n",
	      "nargs smaller than the strings");
	b.nargs = AUTO;

	sec_init(&s, 0);
	add(&s, &a);
	b.extra = 8;	/* zeros inside the record, after the strings */
	add(&s, &b);
	add(&s, &c);
	snprintf(want, sizeof(want), "0 v1 line=100 flags=0 a f.c \"A\"\n"
		 "0x18 v1 line=124 flags=0 b f.c \"B %%d\" [i]\n"
		 "0x40 v1 line=164 flags=0 c f.c \"C\"\n");
	check(&s, want, "", "record larger than its strings (zero tail)");
}

/* Each case: one bad record between two good ones. */
static void bad_between(struct rec *bad, const char *why, const char *desc)
{
	struct rec a = REC("a", "f.c", "A");
	struct rec c = REC("c", "f.c", "C");
	struct sec s;
	size_t ob, oc;
	char want[256], wantw[128];

	sec_init(&s, 0);
	add(&s, &a);
	ob = add(&s, bad);
	oc = add(&s, &c);
	snprintf(want, sizeof(want), "0 v1 line=100 flags=0 a f.c \"A\"\n"
		 "%#zx v1 line=%zu flags=0 c f.c \"C\"\n", oc, 100 + oc);
	snprintf(wantw, sizeof(wantw), "%#zx: %s\n", ob, why);
	check(&s, want, wantw, desc);
}

static void good_between(struct rec *good, const char *want_good,
			 const char *desc)
{
	struct rec a = REC("a", "f.c", "A");
	struct sec s;
	char want[512];

	size_t og;

	sec_init(&s, 0);
	add(&s, &a);
	og = add(&s, good);
	snprintf(want, sizeof(want), "0 v1 line=100 flags=0 a f.c \"A\"\n"
		 "%#zx v1 line=%zu flags=0 %s\n", og, 100 + og, want_good);
	check(&s, want, "", desc);
}

static void test_names(void)
{
	static const char *const bad[] = {
		"1abc", "a-b", "", "a b", "a.b", "a:b", "\xc3\xa9t\xc3\xa9",
		"a\x01", "a\x7f",
	};
	static const char *const badd[] = {
		"leading digit", "dash", "empty", "space", "dot", "colon",
		"UTF-8", "control char", "DEL",
	};
	char n128[129], n129[130], want[256];
	struct rec r = REC("x", "f.c", "F");
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char d[64];

		r.strs[0] = bad[i];
		snprintf(d, sizeof(d), "name not an identifier (%s)", badd[i]);
		bad_between(&r, "marker name is not a C identifier", d);
	}
	memset(n128, 'n', 128);
	n128[0] = '_';
	n128[128] = '\0';
	memset(n129, 'n', 129);
	n129[129] = '\0';
	r.strs[0] = n129;
	bad_between(&r, "marker name is not a C identifier",
		    "name of 129 bytes");
	r.strs[0] = n128;
	snprintf(want, sizeof(want), "%s f.c \"F\"", n128);
	good_between(&r, want, "name of 128 bytes");
	r.strs[0] = "_Z9";
	good_between(&r, "_Z9 f.c \"F\"", "name _Z9");

	ok(smk_is_identifier("a") && smk_is_identifier("_") &&
	   smk_is_identifier("A_9z") && smk_is_identifier(n128),
	   "smk_is_identifier: a, _, A_9z, 128 bytes");
	ok(!smk_is_identifier(NULL) && !smk_is_identifier("") &&
	   !smk_is_identifier("9") && !smk_is_identifier("a$") &&
	   !smk_is_identifier(n129),
	   "smk_is_identifier: not NULL, \"\", 9, a$, 129 bytes");
}

static void test_control(void)
{
	struct rec r = REC("m", "f.c", "F %d", "arg");

	r.strs[1] = "f\x01.c";
	bad_between(&r, "bad file name", "control char in file");
	r.strs[1] = "f\t.c";
	bad_between(&r, "bad file name", "tab in file");
	r.strs[1] = "f\n.c";
	bad_between(&r, "bad file name", "newline in file");
	r.strs[1] = "f\x7f.c";
	bad_between(&r, "bad file name", "DEL in file");
	r.strs[1] = "";
	bad_between(&r, "bad file name", "empty file");
	r.strs[1] = "f.c";

	r.strs[3] = "a\tb";
	bad_between(&r, "bad argument expression", "tab in argument");
	r.strs[3] = "a\x1b[0m";
	bad_between(&r, "bad argument expression", "escape in argument");
	r.strs[3] = "";
	bad_between(&r, "bad argument expression", "empty argument");
	r.strs[3] = "arg";

	r.strs[2] = "F\x01 %d";
	bad_between(&r, "control characters in format",
		    "control char in format");
	r.strs[2] = "F\r %d";
	bad_between(&r, "control characters in format", "CR in format");
	r.strs[2] = "F\x7f %d";
	bad_between(&r, "control characters in format", "DEL in format");
	r.strs[2] = "F\t%d\n";
	good_between(&r, "m f.c \"F\t%d\n\" [arg]",
		     "tab and newline allowed in format");
	r.strs[2] = "";
	good_between(&r, "m f.c \"\" [arg]", "empty format allowed");
	r.strs[2] = "caf\xc3\xa9 %d";
	r.strs[1] = "d\xc3\xa9j\xc3\xa0/f.c";
	good_between(&r, "m d\xc3\xa9j\xc3\xa0/f.c \"caf\xc3\xa9 %d\" [arg]",
		     "UTF-8 in file and format allowed");
}

static void test_version(void)
{
	struct rec r = REC("m", "f.c", "F");
	struct rec v2 = REC("m", "f.c", "F");

	v2.version = 2;
	bad_between(&v2, "unsupported record version", "version 2 skipped");
	v2.version = 0xff;
	v2.strings = 0x7777;	/* not looked at */
	v2.nargs = 200;
	bad_between(&v2, "unsupported record version",
		    "version 255 with garbage fields skipped by size");
	/* version 0 written as 0 (add() maps 0 to 1): patch it. */
	{
		struct sec s;
		struct rec c = REC("c", "f.c", "C");

		sec_init(&s, 0);
		add(&s, &r);
		s.buf[4] = 0;
		add(&s, &c);
		check(&s, "0x18 v1 line=124 flags=0 c f.c \"C\"\n",
		      "0: unsupported record version\n", "version 0 skipped");
	}
}

/* ---- format tests ---- */

struct desc_case {
	const char *fmt;
	int kernel;
	const char *args[8];
	size_t nargs;
	const char *want;
};

static void test_describe(void)
{
	static const struct desc_case cases[] = {
		{ "%d", 0, { "x" }, 1, "$x" },
		{ "n=%d.", 0, { "o->n" }, 1, "n=$o->n." },
		{ "100%% of %d", 0, { "x" }, 1, "100% of $x" },
		{ "%%d %%", 0, { "x" }, 1, "%d %" },
		{ "[%-5.2lf]", 0, { "v" }, 1, "[$v]" },
		{ "%+#08x", 0, { "v" }, 1, "$v" },
		{ "%*d|%s", 0, { "w", "v", "s" }, 3, "$v|$s" },
		{ "%.*s=%d", 0, { "n", "str", "i" }, 3, "$str=$i" },
		{ "%*.*f %d", 0, { "w", "p", "v", "i" }, 4, "$v $i" },
		{ "%lu %zu %lld %hhx %jd %td %Lf %hu", 0,
		  { "a", "b", "c", "d", "e", "f", "g", "h" }, 8,
		  "$a $b $c $d $e $f $g $h" },
		{ "%d %s %u", 0, { "a" }, 1, "$a $? $?" },
		{ "%s", 0, { NULL }, 0, "$?" },
		{ "%*d", 0, { "w" }, 1, "$?" },
		{ "no conversion", 0, { "a" }, 1, "no conversion" },
		{ "%pS+%d", 1, { "fn", "off" }, 2, "$fn+$off" },
		{ "%pS+%d", 0, { "p", "off" }, 2, "$pS+$off" },
		{ "%pI4 %pK", 1, { "ip", "k" }, 2, "$ip $k" },
		{ "%p.", 1, { "p" }, 1, "$p." },
		{ "%p", 0, { "p" }, 1, "$p" },
		{ "a\nb\t%d\x01\x7f", 0, { "x" }, 1, "a\\nb\\t$x\\x01\\x7f" },
		{ "%s\n", 0, { "o->item->name" }, 1, "$o->item->name\\n" },
		{ "caf\xc3\xa9 %d", 0, { "x" }, 1, "caf\xc3\xa9 $x" },
		{ "", 0, { NULL }, 0, "" },
	};
	size_t i;

	char *got = NULL;
	struct smk_error *err;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct desc_case *c = &cases[i];
		struct smk_error *err;
		char *got = NULL, d[160];

		err = smk_format_describe(c->fmt, c->kernel, c->args,
					  c->nargs, &got);
		snprintf(d, sizeof(d), "describe %s\"%s\" (%zu args)",
			 c->kernel ? "kernel " : "", c->fmt, c->nargs);
		for (char *p = d; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '?';
		is_str(err ? err->message : got, c->want, d);
		smk_error_destroy(err);
		free(got);
	}

	/*
	 * glibc's %m prints strerror(errno) and takes no argument (gcc's
	 * format check agrees), so the argument goes to the next conversion.
	 */
	{
		const char *args[] = { "fd" };

		got = NULL;
		err = smk_format_describe("open failed: %m, fd %d", 0, args, 1,
					  &got);
		is_str(err ? err->message : got, "open failed: %m, fd $fd",
		       "describe userspace \"%m, fd %d\": %m takes no "
		       "argument");
		smk_error_destroy(err);
		free(got);
	}
}

static void dump_convs(struct text *t, const struct smk_conv *c, size_t n)
{
	static const char *const lens[] = {
		"", "hh", "h", "l", "ll", "j", "z", "t",
	};
	size_t i;

	for (i = 0; i < n; i++)
		text_add(t, "[%zu,%zu)%s%s%s%c%s%s ", c[i].start, c[i].end,
			 c[i].star_width ? "*" : "",
			 c[i].star_prec ? ".*" : "", lens[c[i].length],
			 c[i].conv ? c[i].conv : '0', c[i].ext[0] ? "+" : "",
			 c[i].ext);
}

static void test_parse(void)
{
	static const char fmt[] = "%d %*.*lu %pI4 %% %hhx|%zd %pAbcdefghijk!";
	struct smk_conv convs[8];
	struct text t = { 0 };
	size_t n = 99;

	smk_format_parse(fmt, 1, convs, 8, &n);
	dump_convs(&t, convs, n < 8 ? n : 8);
	is_str(text_str(&t),
	       "[0,2)d [3,9)*.*lu [10,14)p+I4 [18,22)hhx [23,26)zd "
	       "[27,40)p+Abcdefg ",
	       "parse kernel: positions, lengths, stars, %p extensions "
	       "(7 bytes kept)");
	is_num(n, 6, "parse kernel: 6 conversions");

	text_reset(&t);
	smk_format_parse(fmt, 0, convs, 8, &n);
	dump_convs(&t, convs, n < 8 ? n : 8);
	is_str(text_str(&t),
	       "[0,2)d [3,9)*.*lu [10,12)p [18,22)hhx [23,26)zd [27,29)p ",
	       "parse userspace: %p takes no extension");

	memset(convs, 0x5a, sizeof(convs));
	smk_format_parse(fmt, 0, convs, 2, &n);
	is_num(n, 6, "parse with max 2: count is still 6");
	ok(convs[2].start == 0x5a5a5a5a5a5a5a5aULL &&
	   convs[1].conv == 'u', "parse with max 2: writes 2 entries only");

	smk_format_parse("100%%", 0, convs, 8, &n);
	is_num(n, 0, "parse \"100%%\": no conversion");
	free(t.s);
}

/* ---- fuzz ---- */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint32_t rnd(void)
{
	/* xorshift64*: the same sequence on every libc */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (rng * 0x2545f4914f6cdd1dULL) >> 32;
}

struct fuzz_stats {
	size_t records, warnings, bad;
	char first_bad[256];
};

static void fuzz_warn(void *arg, uint64_t offset, const char *why)
{
	struct fuzz_stats *st = arg;

	st->warnings++;
	(void)offset;
	(void)why;
}

/* Check a decoded record against the decoder's promises. */
static const char *fuzz_check(const unsigned char *buf, size_t size,
			      const struct smk_record *r)
{
	const char *lo = (const char *)buf, *hi = lo + size;
	const char *strs[3 + SMK_RECORD_MAX_ARGS];
	unsigned int i;

	if (r->offset % 4 || r->offset + SMK_RECORD_HEADER_SIZE > size)
		return "offset";
	if (r->version != 1 || r->nargs > SMK_RECORD_MAX_ARGS)
		return "version or nargs";
	strs[0] = r->name;
	strs[1] = r->file;
	strs[2] = r->format;
	for (i = 0; i < r->nargs; i++)
		strs[3 + i] = r->args[i];
	for (i = 0; i < 3 + r->nargs; i++) {
		if (strs[i] < lo + r->offset + SMK_RECORD_HEADER_SIZE ||
		    strs[i] >= hi || !memchr(strs[i], 0, hi - strs[i]))
			return "string outside the section";
	}
	if (!smk_is_identifier(r->name))
		return "name";
	if (!*r->file)
		return "file";
	for (i = 0; r->format[i]; i++) {
		unsigned char c = r->format[i];

		if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
			return "format";
	}
	return NULL;
}

static void fuzz_one(const struct sec *base, int be, struct fuzz_stats *st)
{
	size_t size = base->len, i, n = 0, k;
	struct smk_record *recs = NULL;
	struct smk_error *err;
	unsigned char *buf;
	unsigned int muts;

	if (rnd() % 8 == 0)
		size = rnd() % (base->len + 1);
	buf = malloc(size ? size : 1);
	if (!buf)
		abort();
	memcpy(buf, base->buf, size);
	muts = 1 + rnd() % 8;
	for (k = 0; size && k < muts; k++) {
		size_t pos = rnd() % size;

		switch (rnd() % 5) {
		case 0:		/* a random byte */
			buf[pos] = rnd();
			break;
		case 1:		/* a bit flip */
			buf[pos] ^= 1u << (rnd() % 8);
			break;
		case 2:		/* a NUL: strings shrink */
			buf[pos] = 0;
			break;
		case 3:		/* a magic where there was none */
			pos &= ~(size_t)3;
			if (pos + 4 <= size)
				memcpy(buf + pos, "SMKR", 4);
			break;
		default:	/* a header field of an aligned word */
			pos &= ~(size_t)3;
			if (pos + 16 <= size) {
				buf[pos + 4 + rnd() % 12] = rnd() % 3 ?
					rnd() % 64 : rnd();
			}
			break;
		}
	}
	err = smk_records_decode(buf, size, be, &recs, &n, fuzz_warn, st);
	if (err) {
		st->bad++;
		smk_error_destroy(err);
	}
	for (i = 0; i < n; i++) {
		const char *why = fuzz_check(buf, size, &recs[i]);
		char *desc = NULL;

		if (why && !st->bad++)
			snprintf(st->first_bad, sizeof(st->first_bad),
				 "record at %#llx: %s",
				 (unsigned long long)recs[i].offset, why);
		err = smk_format_describe(recs[i].format, i & 1,
					  recs[i].args, recs[i].nargs, &desc);
		smk_error_destroy(err);
		free(desc);
	}
	st->records += n;
	free(recs);
	free(buf);
}

static void test_fuzz(void)
{
	struct rec rs[] = {
		REC("alpha", "dir/a.c", "x=%d y=%*s %pS", "x", "w", "y", "fn"),
		REC("b", "b.c", ""),
		REC("gamma_12", "g.c", "%d%d%d%d%d%d%d%d%d%d%d%d", "1", "2",
		    "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"),
		REC("d", "d.c", "tab\there\n%%%", "p->q"),
	};
	struct fuzz_stats st = { 0 };
	struct sec s;
	size_t i, iter;

	for (iter = 0; iter < 10000; iter++) {
		int be = iter & 1;

		sec_init(&s, be);
		for (i = 0; i < sizeof(rs) / sizeof(rs[0]); i++) {
			add(&s, &rs[i]);
			if (rnd() % 4 == 0)
				add_zeros(&s, 4 * (rnd() % 3));
		}
		fuzz_one(&s, be, &st);
	}
	ok(st.bad == 0, "fuzz: 10000 mutated sections decode within bounds, "
	   "every record kept passes the checks");
	if (st.bad)
		printf("#   %zu bad, first: %s\n", st.bad, st.first_bad);
	ok(st.records > 10000 && st.warnings > 5000,
	   "fuzz: the mutations both keep records and cause warnings");
	printf("#   %zu records kept, %zu warnings\n", st.records,
	       st.warnings);
}

int main(void)
{
	test_valid();
	test_padding();
	test_big_endian();
	test_magic();
	test_size();
	test_strings();
	test_names();
	test_control();
	test_version();
	test_describe();
	test_parse();
	test_fuzz();
	printf("1..%d\n", tap_n);
	free(res.recs.s);
	free(res.warns.s);
	return tap_fail ? 1 : 0;
}
