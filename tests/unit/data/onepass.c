/* A marker in a for of one pass, on the line of a loop of two. */
#include <stdio.h>
#include <linux/simple_marker.h>

static unsigned long g[1][2][4] = { { { 1, 2, 3, 4 }, { 5, 6, 7, 8 } } }, ctx;
static int print_hash_value;

__attribute__((noinline)) void crc(unsigned long v)
{
	ctx = ctx * 31 + v;
}

static void transparent_crc(unsigned long v, const char *name, int flag)
{
	crc(v);
	if (flag)
		printf("...checksum after hashing %s : %lX\n", name,
		       ctx ^ 0xFFFFFFFFUL);
}

int main(int argc, char **argv)
{
	int i, j, k;

	(void)argv;
	print_hash_value = argc == 2;
	for (i = 0; i < 1; i++)
	{
		trace_simple(one_pass, "%d", print_hash_value); for (j = 0; j < 2; j++)
		{
			for (k = 0; k < 4; k++)
			{
				transparent_crc(g[i][j][k], "g[i][j][k]", print_hash_value);
				if (print_hash_value) printf("index = [%d][%d][%d]\n", i, j, k);
			}
		}
	}
	return (int)(ctx & 1);
}
