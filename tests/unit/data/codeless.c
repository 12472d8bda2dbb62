/* A marker after a statement that compiles to nothing. */
#include <linux/simple_marker.h>

#define TRACE(x)

int g;

__attribute__((noinline)) int codeless(int n, const int *a)
{
	int i, s = 0;

	for (i = 0; i < n; i++) {
		if (a[i] == 0)
			continue;
		s += a[i];
		TRACE(("%d", s ? s : 0));
		trace_simple(after_nothing, "%d", s);
	}
	return s;
}

int main(int argc, char **argv)
{
	static const int a[] = { 1, 0, 2, 0, 0, 3, 4 };

	(void)argv;
	return codeless(argc + 6, a) & 1;
}
