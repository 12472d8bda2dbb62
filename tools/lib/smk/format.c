// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Parse one conversion at fmt[i] == '%'; returns false for "%%". */
static bool parse_conv(const char *fmt, size_t i, bool kernel,
		       struct smk_conv *c)
{
	size_t j = i + 1;

	memset(c, 0, sizeof(*c));
	c->start = i;
	if (fmt[j] == '%')
		return false;
	while (fmt[j] && strchr("-+ #0'", fmt[j]))
		j++;
	if (fmt[j] == '*') {
		c->star_width = true;
		j++;
	}
	while (fmt[j] >= '0' && fmt[j] <= '9')
		j++;
	if (fmt[j] == '.') {
		j++;
		if (fmt[j] == '*') {
			c->star_prec = true;
			j++;
		}
		while (fmt[j] >= '0' && fmt[j] <= '9')
			j++;
	}
	switch (fmt[j]) {
	case 'h':
		c->length = fmt[j + 1] == 'h' ? SMK_LEN_HH : SMK_LEN_H;
		j += c->length == SMK_LEN_HH ? 2 : 1;
		break;
	case 'l':
		c->length = fmt[j + 1] == 'l' ? SMK_LEN_LL : SMK_LEN_L;
		j += c->length == SMK_LEN_LL ? 2 : 1;
		break;
	case 'L': case 'q':
		c->length = SMK_LEN_LL;
		j++;
		break;
	case 'j':
		c->length = SMK_LEN_J;
		j++;
		break;
	case 'z': case 'Z':
		c->length = SMK_LEN_Z;
		j++;
		break;
	case 't':
		c->length = SMK_LEN_T;
		j++;
		break;
	}
	c->conv = fmt[j];
	if (fmt[j])
		j++;
	if (c->conv == 'p' && kernel) {
		size_t k = 0;

		while (is_alnum(fmt[j]) && k + 1 < sizeof(c->ext))
			c->ext[k++] = fmt[j++];
		while (is_alnum(fmt[j]))
			j++;
	}
	c->end = j;
	return true;
}

void smk_format_parse(const char *fmt, bool kernel, struct smk_conv *convs,
		      size_t max, size_t *n)
{
	size_t i = 0, count = 0;

	while (fmt[i]) {
		struct smk_conv c;

		if (fmt[i] != '%') {
			i++;
			continue;
		}
		if (!parse_conv(fmt, i, kernel, &c)) {
			i += 2;
			continue;
		}
		if (c.conv == 'm') {	/* glibc's strerror(errno): no arg */
			i = c.end;
			continue;
		}
		if (count < max)
			convs[count] = c;
		count++;
		i = c.end;
	}
	*n = count;
}

static void put_escaped(FILE *f, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

struct smk_error *smk_format_describe(const char *fmt, bool kernel,
				      const char *const *args, size_t nargs,
				      char **ret)
{
	size_t i = 0, last = 0, argi = 0, len;
	char *buf = NULL;
	FILE *f;

	f = open_memstream(&buf, &len);
	if (!f)
		return &smk_error_nomem;
	while (fmt[i]) {
		struct smk_conv c;

		if (fmt[i] != '%') {
			i++;
			continue;
		}
		put_escaped(f, fmt + last, i - last);
		if (!parse_conv(fmt, i, kernel, &c)) {
			fputc('%', f);
			i += 2;
			last = i;
			continue;
		}
		if (c.conv == 'm') {	/* glibc's strerror(errno): no arg */
			fwrite(fmt + i, 1, c.end - i, f);
			i = last = c.end;
			continue;
		}
		/* '*' width or precision consume an argument of their own. */
		argi += c.star_width + c.star_prec;
		if (argi < nargs)
			fprintf(f, "$%s", args[argi]);
		else
			fputs("$?", f);
		argi++;
		i = last = c.end;
	}
	put_escaped(f, fmt + last, i - last);
	if (fclose(f) || !buf) {
		free(buf);
		return &smk_error_nomem;
	}
	*ret = buf;
	return NULL;
}
