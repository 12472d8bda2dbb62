// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The driver of the fidelity corpus: calls every function of the corpus
 * with data built at run time, a known and varied number of times, and
 * prints a checksum of the results (the same for every build).
 *
 * Deterministic: a fixed LCG seed, an arena at a fixed address for
 * everything a marker prints with %p, no stack addresses in any marker.
 */
#define SMK_WITNESS_MAIN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "fid.h"

#ifndef MAP_FIXED_NOREPLACE
# define MAP_FIXED_NOREPLACE 0x100000
#endif

static const unsigned long arena_base = 0x5a5a00000000UL;
static const unsigned long arena_size = 1UL << 20;
static unsigned long arena_used;
int fid_alloc_fail;
static volatile long sink_acc;

void *fid_alloc(unsigned long size)
{
	void *p;

	if (fid_alloc_fail && --fid_alloc_fail == 0)
		return NULL;
	size = (size + 15) & ~15UL;
	if (arena_used + size > arena_size) {
		fprintf(stderr, "fid: arena full\n");
		exit(3);
	}
	p = (void *)(arena_base + arena_used);
	arena_used += size;
	return p;
}

void *fid_realloc(void *old, unsigned long oldsize, unsigned long size)
{
	void *p = fid_alloc(size);

	if (p && old)
		memcpy(p, old, oldsize < size ? oldsize : size);
	return p;
}

char *fid_strdup(const char *s)
{
	char *p = fid_alloc(strlen(s) + 1);

	strcpy(p, s);
	return p;
}

void fid_sink(long v)
{
	sink_acc = sink_acc * 31 + v;
}

void fid_sink_str(const char *s)
{
	while (*s)
		fid_sink(*s++);
}

static unsigned int seed = 12345;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

static unsigned long check;

static void mix(unsigned long v)
{
	check = check * 1000003UL ^ v;
}

static void run_loops(void)
{
	unsigned int *v = fid_alloc(64 * sizeof(*v));
	struct sample *s = fid_alloc(20 * sizeof(*s));
	int *a = fid_alloc(16 * sizeof(int)), *b = fid_alloc(16 * sizeof(int));
	int *c = fid_alloc(16 * sizeof(int)), *w = fid_alloc(32 * sizeof(int));
	unsigned char *bytes = fid_alloc(8);
	int i, out;

	for (i = 0; i < 64; i++)
		v[i] = rnd(1000);
	mix(sum_vals(v, 37));
	mix(sum_vals(v + 3, 5));
	mix(sum_vals(v, 0));
	for (i = 0; i < 20; i++) {
		s[i].key = (int)rnd(50);
		s[i].val = rnd(100000);
	}
	s[13].key = 77;
	s[4].key = 78;
	mix((unsigned long)find_key(s, 20, 77));
	mix((unsigned long)find_key(s, 20, 78));
	mix((unsigned long)find_key(s, 20, 99));
	mix((unsigned long)find_key(s, 20, 100));
	mix((unsigned long)find_key(s, 5, 78));
	for (i = 0; i < 32; i++)
		w[i] = (int)rnd(200) - 100;
	scale(w, 11, 3);
	scale(w + 4, 7, -2);
	for (i = 0; i < 16; i++) {
		a[i] = (int)rnd(10);
		b[i] = (int)rnd(10) - 5;
	}
	mix((unsigned long)matmul(a, b, c, 3));
	mix((unsigned long)matmul(a, b, c, 2));
	mix((unsigned long)parse_digits("12_3__45x9", &out));
	mix((unsigned long)out);
	mix((unsigned long)parse_digits("_7", &out));
	mix((unsigned long)parse_digits("2024", &out));
	for (i = 0; i < 5; i++)
		bytes[i] = (unsigned char)rnd(256);
	mix(crc_buf(bytes, 5));
	mix(crc_buf(bytes, 2));
	mix((unsigned long)clamp_sum(w, 29, -40, 60));
}

static void run_arms(void)
{
	int *v = fid_alloc(16 * sizeof(*v));
	int i;

	for (i = 0; i < 10; i++) {
		arm_flags((unsigned int)rnd(16));
		arm_call((int)rnd(8));
	}
	for (i = 0; i < 24; i++)
		mix((unsigned long)arm_kind((int)rnd(8)));
	for (i = 0; i < 30; i++) {
		int op = (int)rnd(8);	/* one call each: the order of a */
		int x = (int)rnd(100);	/* call's arguments is unspecified */

		mix((unsigned long)arm_op(op, x));
	}
	for (i = 0; i < 16; i++)
		v[i] = (int)rnd(100) - 50;
	mix((unsigned long)arm_signs(v, 16));
	mix((unsigned long)arm_signs(v + 3, 5));
	mix((unsigned long)arm_clamp(v, 16, -20));
}

static void run_inline(void)
{
	unsigned int *v = fid_alloc(8 * sizeof(*v));
	int (*cmp)(const void *, const void *) = get_cmp();
	struct pt *p = fid_alloc(sizeof(*p));
	int x, y, i;

	mix(hash_pair(1, 2));
	mix(hash_pair(0xdeadbeef, 42));
	for (i = 0; i < 8; i++)
		v[i] = rnd(1u << 30);
	mix(hash_array(v, 6));
	for (i = 0; i < 4; i++) {
		x = (int)rnd(100);
		y = (int)rnd(100);
		mix((unsigned long)cmp(&x, &y));
		mix((unsigned long)min_int(x, y));
	}
	mix((unsigned long)add3(1, 2, 3));
	mix((unsigned long)add3(0x7ffffffffffffff0L, 100, -5));
	mix((unsigned long)add3(-0x7ffffffffffffff0L, -100, -100));
	p->x = 1;
	p->y = 2;
	p->z = 3;
	for (i = 0; i < 5; i++)
		pt_move(p, i, -2 * i);
	for (i = 0; i < 3; i++)
		tick();
	mix((unsigned long)twelve(1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11,
				  -12));
	mix((unsigned long)twelve(100, 200, 300, 400, 500, 600, 700, 800,
				  900, 1000, 1100, 1200));
}

static void run_clones(void)
{
	char *buf = fid_alloc(64);
	struct rect *r = fid_alloc(6 * sizeof(*r));
	struct cache *c = fid_alloc(sizeof(*c));
	int i;

	for (i = 0; i < 4; i++)
		mix((unsigned long)fmt_dec(buf, rnd(100000)));
	mix((unsigned long)fmt_hex8(buf, 0xabcdef));
	mix((unsigned long)fmt_hex8(buf, rnd(1u << 30)));
	for (i = 0; i < 3; i++) {
		log_open(i + 3);
		log_close(i + 3);
	}
	log_open(42);
	for (i = 0; i < 6; i++) {
		r[i].w = (long)rnd(1000);
		r[i].h = (long)rnd(1000) - 500;
		r[i].name = "r";
	}
	mix((unsigned long)rects_area(r, 6));
	mix((unsigned long)rect_area_one(&r[2]));
	memset(c, 0, sizeof(*c));
	for (i = 0; i < 32; i++) {
		c->keys[i] = i * 3;
		c->vals[i] = (long)rnd(1000);
	}
	c->last_key = -1;
	mix((unsigned long)cache_sum(c, 9, 9));
	mix((unsigned long)cache_sum(c, 9, 10));
	mix((unsigned long)cache_one(c, 10));
	mix((unsigned long)cache_one(c, 30));
	mix((unsigned long)cache_sum(c, 30, 31));
	for (i = 0; i < 3; i++)
		mix((unsigned long)twins_static(i * 11 - 5));
}

static void run_cold(void)
{
	struct buf *b = fid_alloc(sizeof(*b));
	struct conn *c = fid_alloc(sizeof(*c));
	long *v = fid_alloc(16 * sizeof(long));
	const char *peer = fid_strdup("10.0.0.7");
	int i;

	memset(b, 0, sizeof(*b));
	for (i = 0; i < 9; i++) {
		unsigned long need = rnd(40) + 1;

		if (i == 6) {	/* a growth that fails */
			need = 1000;
			fid_alloc_fail = 1;
		}
		mix((unsigned long)buf_reserve(b, need));
		if (b->len + need <= b->cap)
			b->len += need;
	}
	fid_alloc_fail = 0;
	mix((unsigned long)conn_open(c, 3, peer));
	fid_alloc_fail = 1;
	mix((unsigned long)conn_open(c, 4, peer));
	fid_alloc_fail = 2;
	mix((unsigned long)conn_open(c, 5, peer));
	fid_alloc_fail = 3;
	mix((unsigned long)conn_open(c, 6, peer));
	mix((unsigned long)conn_open(c, -1, peer));
	for (i = 0; i < 16; i++)
		v[i] = (long)rnd(1000);
	mix((unsigned long)sum_checked(v, 16));
	v[9] = 0x7fffffffffffff00L;
	mix((unsigned long)sum_checked(v, 16));
}

static void run_switch(void)
{
	static const unsigned char ops[] = {
		OP_PUSH, OP_PUSH, OP_ADD, OP_DUP, OP_PUSH, OP_MUL, OP_PUSH,
		OP_SUB, OP_DUP, OP_JZ, OP_PUSH, OP_DROP, OP_PUSH, OP_JZ,
		OP_PUSH, OP_HALT,
	};
	static const int status[] = {
		200, 404, 301, 302, 500, 204, 503, 200, 418, 301, 304,
	};
	struct insn *prog = fid_alloc(sizeof(ops) * sizeof(*prog));
	struct vm *vm = fid_alloc(sizeof(*vm));
	unsigned int i;
	int round;

	for (i = 0; i < sizeof(ops); i++) {
		prog[i].op = ops[i];
		prog[i].arg = (int)rnd(9) + 1;
	}
	prog[12].arg = 0;	/* push 0, then jz: taken */
	prog[13].arg = 15;
	prog[9].arg = 0;	/* jz on nonzero: not taken */
	for (round = 0; round < 3; round++) {
		memset(vm, 0, sizeof(*vm));
		mix((unsigned long)vm_run(vm, prog, (int)sizeof(ops)));
		prog[1].arg += round;
	}
	for (round = 0; round < 2; round++)
		for (i = 0; i < sizeof(status) / sizeof(status[0]); i++)
			mix((unsigned long)http_status_class(status[i]));
	for (i = 0; i < 23; i++)
		mix((unsigned long)flags_cost(rnd(1000)));
}

static struct node *tree_build(long lo, long hi)
{
	struct node *n;
	long mid;

	if (lo > hi)
		return NULL;
	mid = lo + (hi - lo) / 2;
	n = fid_alloc(sizeof(*n));
	n->key = mid * 10;
	n->left = tree_build(lo, mid - 1);
	n->right = tree_build(mid + 1, hi);
	return n;
}

static void run_recurse(void)
{
	struct node *root = tree_build(1, 12);

	mix((unsigned long)tree_height(root, 0));
	mix((unsigned long)tree_find(root, 70));
	mix((unsigned long)tree_find(root, 35));
	mix((unsigned long)tree_find(root, 120));
	mix(gcd(1071, 462));
	mix(gcd(832040, 514229));
	mix((unsigned long)is_odd(7));
	mix((unsigned long)is_odd(10));
	mix((unsigned long)count_paths(3, 3));
}

static void run_args(void)
{
	struct dev *up = fid_alloc(sizeof(*up)), *d = fid_alloc(sizeof(*d));
	char *label = fid_alloc(32);
	int i;

	memset(up, 0, sizeof(*up));
	memset(d, 0, sizeof(*d));
	up->name = fid_strdup("bond0");
	up->id = 1;
	d->name = fid_strdup("eth");
	d->id = 7;
	d->up = 1;
	d->parent = up;
	for (i = 0; i < 6; i++)
		mix((unsigned long)dev_rx(i & 1 ? up : d, rnd(1500)));
	for (i = 0; i < 4; i++)
		mix((unsigned long)dev_set_mode(d, (unsigned int)i * 3));
	for (i = 0; i < 5; i++)
		mix(dev_poll(i % 3 ? d : up));
	for (i = 0; i < 4; i++)
		mix((unsigned long)dead_after(i * 7 - 3, 1000 + i));
	mix((unsigned long)dev_label(d, label, 32));
	mix((unsigned long)dev_label(up, label, 32));
}

static void run_casts(void)
{
	struct sample *s = fid_alloc(4 * sizeof(*s));
	unsigned int *raw = fid_alloc(4 * sizeof(*raw));
	int i;

	for (i = 0; i < 4; i++) {
		s[i].key = (int)rnd(200) - 100;
		s[i].val = (unsigned int)rnd(70000);
		raw[i] = rnd(30000) * 70001u;
	}
	/* One rnd() a statement: the order of a call's arguments is
	 * unspecified, and gcc and clang must see the same numbers. */
	for (i = 0; i < 5; i++) {
		unsigned long hi = rnd(30000), mid = rnd(30000);
		long k = (long)rnd(100000) - 50000;

		mix((unsigned long)cast_op(hi << 36 | mid << 20 |
					   (unsigned long)i * 77, k));
	}
	for (i = 0; i < 4; i++)
		mix((unsigned long)cast_widen(i * 1000 - 1700,
					      rnd(30000) * 140001u));
	for (i = 0; i < 4; i++)
		mix((unsigned long)cast_member(&s[i], &raw[3 - i]));
	for (i = 1; i <= 3; i++)
		mix(cast_sum(s, i));
}

static void run_computed(void)
{
	int i;

	for (i = 0; i < 4; i++) {
		unsigned long hi = rnd(30000), lo = rnd(30000);

		mix((unsigned long)comp_bits(hi << 38 | lo));
	}
	for (i = 0; i < 4; i++) {
		long a = (long)rnd(20000) - 10000, b = rnd(300);

		mix((unsigned long)comp_sum(a, b));
	}
	for (i = 0; i < 5; i++)
		mix((unsigned long)comp_signed((int)rnd(200000) - 100000));
}

int main(void)
{
	void *p = mmap((void *)arena_base, arena_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		       -1, 0);

	if (p != (void *)arena_base) {
		perror("fid: mmap arena");
		return 3;
	}
	run_loops();
	run_inline();
	run_clones();
	run_cold();
	run_switch();
	run_recurse();
	run_args();
	run_arms();
	run_casts();
	run_computed();
	printf("%lx %lx\n", check, (unsigned long)sink_acc);
	return 0;
}
