/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#include <linux/simple_marker.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * lua's packint(): a byte loop clang -O2 unrolls by two.  The marker's
 * row is once a pair of passes, and the odd pass's copy of the body
 * after the loop is entered from the head's test without it.
 */
__attribute__((noinline)) void pack(char *buff, unsigned long n,
				    int islittle, int size)
{
	int i;

	buff[islittle ? 0 : size - 1] = (char)(n & 0xff);
	for (i = 1; i < size; i++) {
		trace_simple(byte_mark, "i=%d", i); n >>= 8;
		buff[islittle ? i : size - 1 - i] = (char)(n & 0xff);
	}
}

int main(int argc, char **argv)
{
	char buff[16];
	int size = argc > 1 ? atoi(argv[1]) : 4;

	pack(buff, 0x0102030405060708ul, 1, size);
	pack(buff, 0x0102030405060708ul, 0, size - 1);
	printf("%d %d\n", buff[0], buff[1]);
	return 0;
}
