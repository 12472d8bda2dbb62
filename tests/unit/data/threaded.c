/* An inlined copy entered past its marker's site (lua's stepgenfull in
 * luaC_step, gcc -O2): the caller knows g->kind there, and a way that
 * knows it is not GEN jumps over the copy's "if (g->kind == GEN)" to
 * the next line's code. */
#include <stdio.h>
#include <stdlib.h>
#include <linux/simple_marker.h>

enum { INC, GEN };
struct gs { int kind; int running; long last, debt, steps; };

__attribute__((noinline)) static void enterinc(struct gs *g)
{
	g->kind = INC;
	g->steps++;
}

__attribute__((noinline)) static void runtil(struct gs *g)
{
	g->debt -= 3;
	g->steps++;
}

__attribute__((noinline)) static long work(struct gs *g)
{
	return g->steps * 2 + g->debt;
}

static void full(struct gs *g)
{
	long last = g->last;

	trace_simple(full_step, "last=%ld", last);
	if (g->kind == GEN)
		enterinc(g);
	runtil(g);
	if (work(g) < last)
		g->last = 0;
	else
		g->last = last + 1;
}

static void genstep(struct gs *g)
{
	if (g->last != 0)
		full(g);
	else
		g->debt += work(g);
}

__attribute__((noinline)) void step(struct gs *g)
{
	if (g->running) {
		if (g->kind == GEN || g->last != 0)
			genstep(g);
		else
			g->debt--;
	}
}

int main(int argc, char **argv)
{
	struct gs g = { GEN, 1, 5, 0, 0 };
	int i, n = argc > 1 ? atoi(argv[1]) : 12;

	for (i = 0; i < n; i++) {
		step(&g);
		if (i % 3 == 0)
			g.kind = INC, g.last = 7;
		if (i % 4 == 0)
			g.kind = GEN;
	}
	printf("%ld %ld %ld\n", g.last, g.debt, g.steps);
	return 0;
}
