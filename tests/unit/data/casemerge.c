/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>

struct exp {
	int k;
	int info;
	short t, idx;
};

int regs;

__attribute__((noinline)) int code(int op, int a, int b)
{
	return op * 65536 + a * 256 + b;
}

__attribute__((noinline)) void freereg(int r)
{
	regs -= r;
}

__attribute__((noinline)) void discharge(struct exp *e)
{
	switch (e->k) {
	case 1:
		freereg(e->t);
		e->info = code(10, e->t, 0);
		e->k = 17;
		break;
	case 2:
		freereg(e->t);
		e->info = code(11, e->t, e->idx);
		e->k = 17;
		break;
	case 4:
		e->info = code(13, e->idx, e->t);
		e->k = 17;
		break;
	case 3:
		freereg(e->idx);
		e->info = code(12, e->t, e->idx);
		trace_simple(idx_mark, "t %d", e->t);
		e->k = 17;
		break;
	default:
		break;
	}
}

int main(int argc, char **argv)
{
	struct exp e = { 0, 0, 1, 2 };
	int i;

	(void)argv;
	for (i = 0; i < 5 * argc; i++) {
		e.k = i % 5;
		discharge(&e);
	}
	return regs & 0x7f;
}
