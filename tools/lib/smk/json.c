// SPDX-License-Identifier: GPL-2.0 OR MIT
#include "json.h"

/* Length of a valid UTF-8 sequence at @s, or 0. */
static int utf8_len(const unsigned char *s)
{
	int n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* No overlong forms, surrogates or code points past U+10FFFF. */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

void smk_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*p) {
		int n;

		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f) {
				fprintf(f, "\\u%04x", *p);
				break;
			}
			n = utf8_len(p);
			if (!n) {
				fputs("\\ufffd", f);
				break;
			}
			fwrite(p, 1, n, f);
			p += n;
			continue;
		}
		p++;
	}
	fputc('"', f);
}
