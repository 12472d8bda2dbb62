/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Writing JSON text: strings escaped per RFC 8259, invalid UTF-8 as \ufffd. */
#ifndef SMK_JSON_H
#define SMK_JSON_H

#include <stdio.h>

/* Write @s as a JSON string (with quotes); NULL writes null. */
void smk_json_string(FILE *f, const char *s);

#endif /* SMK_JSON_H */
