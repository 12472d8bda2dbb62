/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

union sem {
	long i;
	const char *ts;
};

struct exp {
	int k;
	union {
		long ival;
		const char *strval;
		int info;
	} u;
	int f, t;
};

struct lex {
	int token;
	union sem sem;
};

static inline void init_exp(struct exp *e, int k, int i)
{
	e->f = e->t = -1;
	e->k = k;
	e->u.info = i;
}

static inline void codestring(struct exp *e, const char *s)
{
	e->f = e->t = -1;
	e->k = 7;
	trace_simple(str_mark, "k %d", e->k);
	e->u.strval = s;
}

__attribute__((noinline)) void simpleexp(struct lex *ls, struct exp *v)
{
	switch (ls->token) {
	case 1:
		init_exp(v, 5, 0);
		v->u.ival = ls->sem.i;
		break;
	case 2:
		codestring(v, ls->sem.ts);
		break;
	case 3:
		init_exp(v, 6, 0);
		break;
	case 4:
		init_exp(v, 1, 0);
		break;
	default:
		init_exp(v, 2, 3);
		break;
	}
}

int main(int argc, char **argv)
{
	struct lex ls = { 0, { 3 } };
	struct exp e;
	int i;

	(void)argv;
	for (i = 0; i < 6 * argc; i++) {
		ls.token = i % 6;
		simpleexp(&ls, &e);
	}
	return e.k;
}
