// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ftrace.h"

static bool digits(const char *s, const char *end)
{
	if (s >= end)
		return false;
	for (; s < end; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

static bool ident(const char *s, const char *end)
{
	if (s >= end || end - s > SMK_FTRACE_NAME_MAX ||
	    !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (; s < end; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '.'))
			return false;
	return true;
}

bool smk_ftrace_parse(char *line, struct smk_ftrace_event *ev)
{
	char *p, *cpu, *dash, *ts, *dot, *colon, *ev_end;
	unsigned long long sec, usec;

	memset(ev, 0, sizeof(*ev));
	line[strcspn(line, "\r\n")] = '\0';
	p = line + strspn(line, " \t");
	if (!*p || *p == '#')
		return false;
	/* " [CPU] ": the first one after a "TASK-PID" */
	for (cpu = strstr(p, " ["); cpu; cpu = strstr(cpu + 1, " [")) {
		char *close = strchr(cpu + 2, ']');

		if (close && digits(cpu + 2, close))
			break;
	}
	if (!cpu)
		return false;
	*cpu = '\0';
	dash = strrchr(p, '-');
	/* the task is padded on the left; the pid may be padded right */
	{
		char *pe = cpu;

		while (pe > p && pe[-1] == ' ')
			*--pe = '\0';
		if (!dash || !digits(dash + 1, pe))
			return false;
		*dash = '\0';
		ev->pid = atoi(dash + 1);
	}
	ev->task = p;
	ev->cpu = atoi(cpu + 2);
	p = strchr(cpu + 2, ']') + 1;
	/* FLAGS (optional), then TIMESTAMP: "SEC.USEC:" */
	p += strspn(p, " ");
	colon = strstr(p, ": ");
	if (!colon)
		return false;
	ts = colon;
	while (ts > p && (isdigit((unsigned char)ts[-1]) || ts[-1] == '.'))
		ts--;
	dot = strchr(ts, '.');
	if (!dot || dot > colon || !digits(ts, dot) || !digits(dot + 1, colon) ||
	    colon - dot - 1 > 9)
		return false;
	errno = 0;
	sec = strtoull(ts, NULL, 10);
	usec = strtoull(dot + 1, NULL, 10);
	if (errno)
		return false;
	for (long i = colon - dot - 1; i < 9; i++)
		usec *= 10;
	ev->ts_ns = sec * 1000000000ull + usec;
	p = colon + 2;
	ev_end = strstr(p, ": ");
	if (!ev_end) {
		ev_end = p + strlen(p);
		if (ev_end > p && ev_end[-1] == ':')
			ev_end--;
	}
	if (!ident(p, ev_end))
		return false;
	ev->event = p;
	p = *ev_end ? ev_end + (ev_end[1] == ' ' ? 2 : 1) : ev_end;
	*ev_end = '\0';
	ev->fields = p;
	if (*p == '(') {
		char *close = strchr(p, ')');

		if (close) {
			*close = '\0';
			ev->where = p + 1;
			ev->fields = close[1] == ' ' ? close + 2 : close + 1;
		}
	}
	return true;
}

static bool hex(const char *s, const char *end, uint64_t *v)
{
	uint64_t x = 0;

	if (end - s < 3 || s[0] != '0' || s[1] != 'x' || end - s > 18)
		return false;
	for (s += 2; s < end; s++) {
		int d = isdigit((unsigned char)*s) ? *s - '0' :
			*s >= 'a' && *s <= 'f' ? *s - 'a' + 10 :
			*s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;

		if (d < 0)
			return false;
		x = x << 4 | d;
	}
	*v = x;
	return true;
}

bool smk_ftrace_parse_where(const char *where, struct smk_ftrace_where *w)
{
	const char *plus, *slash, *end = where + strlen(where), *sp;

	memset(w, 0, sizeof(*w));
	if (hex(where, end, &w->addr))
		return true;
	/* SYM+0xOFF[/0xSIZE][ [MOD]] */
	sp = strchr(where, ' ');
	if (sp) {
		const char *m = sp + 1;
		size_t n = end - m;

		if (n < 3 || m[0] != '[' || end[-1] != ']' ||
		    !ident(m + 1, end - 1))
			return false;
		memcpy(w->module, m + 1, n - 2);
		w->module[n - 2] = '\0';
		end = sp;
	}
	plus = memchr(where, '+', end - where);
	if (!plus || !ident(where, plus))
		return false;
	slash = memchr(plus, '/', end - plus);
	if (!hex(plus + 1, slash ? slash : end, &w->offset) ||
	    (slash && !hex(slash + 1, end, &w->size)))
		return false;
	memcpy(w->symbol, where, plus - where);
	w->symbol[plus - where] = '\0';
	w->symbolic = true;
	return true;
}
