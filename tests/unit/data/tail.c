#include <stdio.h>
#include <stdlib.h>
#include <linux/simple_marker.h>

struct st { long a, b; void (*hook)(struct st *, long); };

__attribute__((noinline, noreturn)) static void die_msg(const char *m)
{
	fprintf(stderr, "%s\n", m);
	exit(2);
}

/* No ret of its own: a tail call to a function that does not return. */
__attribute__((noinline, noreturn)) static void die(long v)
{
	die_msg(v < -10 ? "very negative" : "negative");
}

__attribute__((noinline)) static long mix(long x)
{
	return x * 7 + 1;
}

static inline void add(struct st *s, long v)
{
	trace_simple(add_in, "v=%ld", v);
	if (v < 0)
		die(v);
	s->a += mix(v);
}

/* Ends in a call through a pointer, made a jump once the frame is gone. */
__attribute__((noinline)) void feed(struct st *s, long v, long w)
{
	add(s, v);
	add(s, w);
	s->b += mix(s->a);
	s->hook(s, s->b);
}

static void show(struct st *s, long x)
{
	printf("%ld %ld %ld\n", s->a, s->b, x);
}

int main(int argc, char **argv)
{
	struct st s = { 0, 0, show };
	int i, n = argc > 1 ? atoi(argv[1]) : 3;

	for (i = 0; i < n; i++)
		feed(&s, i, i + 1);
	return 0;
}
