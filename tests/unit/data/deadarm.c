/* Markers in arms a condition known from the source rules out. */
#include <linux/simple_marker.h>

int g;

/* Called from a dead arm only: gcc -O0 keeps its code, never entered. */
static int only_dead(int a)
{
	trace_simple(in_dead_callee, "%d", a);
	return a + 1;
}

__attribute__((noinline)) int deadarm(int a)
{
	if (((a &= 6) || 7UL))
		g += a;
	else {
		trace_simple(dead_else, "%d", a);
		g -= only_dead(a);
	}
	if ((((g <= a) >= 5UL) >= 0x1458L)) {
		trace_simple(dead_cmp, "%d", a);
		g++;
	}
	while (0 && a) {
		trace_simple(dead_while, "%d", a);
		g--;
	}
	trace_simple(live, "%d", a);
	return g;
}

int main(int argc, char **argv)
{
	(void)argv;
	return deadarm(argc) & 1;
}
