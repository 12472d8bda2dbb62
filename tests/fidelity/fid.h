/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * fid.h - shared by the fidelity corpus (tests/fidelity/run.py)
 *
 * Unlike tests/corpus/, these files link into one program that runs: main.c
 * feeds every function data it builds at run time (so nothing folds into a
 * constant) and calls each marker a known, varied number of times.
 *
 * Objects whose addresses a marker prints (%p) live in an arena mapped at a
 * fixed address, so the witness build and the probed build see the same
 * pointer values.  Nothing here may depend on stack addresses, time or the
 * environment: the two builds must take exactly the same paths.
 *
 * Built three ways: plain (zero-cost markers, the one that is probed),
 * -DSMK_WITNESS (every marker logs its name and values, see witness.h) and
 * -DSMK_EXACT (trace_simple_exact(), see include/linux/simple_marker_exact.h).
 */
#ifndef FID_H
#define FID_H

#ifdef SMK_EXACT
# include <linux/simple_marker_exact.h>
/* Every marker of the corpus becomes an exact one. */
# undef trace_simple
# define trace_simple trace_simple_exact
#else
# include <linux/simple_marker.h>
#endif
#include "witness.h"

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

/* main.c: the arena and a sink that keeps values alive. */
void *fid_alloc(unsigned long size);
void *fid_realloc(void *p, unsigned long old, unsigned long size);
char *fid_strdup(const char *s);
void fid_sink(long v);
void fid_sink_str(const char *s);
extern int fid_alloc_fail;	/* fail the Nth allocation from now (1 = next) */

/* loops.c */
struct sample {
	int key;
	unsigned int val;
};
unsigned int sum_vals(const unsigned int *v, unsigned long n);
long find_key(const struct sample *s, long n, int key);
void scale(int *v, int n, int k);
long matmul(const int *a, const int *b, int *c, int n);
int parse_digits(const char *s, int *out);
unsigned int crc_buf(const unsigned char *p, unsigned long len);
int clamp_sum(const int *v, int n, int lo, int hi);

/* arms.c */
void arm_flags(unsigned int flags);
void arm_call(int x);
long arm_signs(const int *v, int n);
int arm_kind(int k);
int arm_clamp(const int *v, int n, int lo);
int arm_op(int op, int x);

/* inline.c */
struct pt {
	int x, y, z;
};
unsigned int hash_pair(unsigned int a, unsigned int b);
unsigned int hash_array(const unsigned int *v, unsigned long n);
int (*get_cmp(void))(const void *, const void *);
int min_int(int a, int b);
long add3(long a, long b, long c);
void pt_move(struct pt *p, int dx, int dy);
void tick(void);
long twelve(int a, int b, int c, int d, int e, int f, int g, int h,
	    int i, int j, int k, int l);

/* clones.c */
struct rect {
	long x, y, w, h;
	const char *name;
	unsigned int flags;
};
struct cache {
	long last_key, last_val;
	long keys[32], vals[32];
	unsigned long misses;
};
int fmt_dec(char *buf, unsigned long v);
int fmt_hex8(char *buf, unsigned long v);
void log_open(long fd);
void log_close(long fd);
long rects_area(const struct rect *r, int n);
long rect_area_one(const struct rect *r);
long cache_sum(struct cache *c, long a, long b);
long cache_one(struct cache *c, long a);
int twins_static(int x);

/* cold.c */
struct buf {
	char *data;
	unsigned long len;
	unsigned long cap;
};
struct conn {
	int fd;
	struct buf in, out;
	void *tls;
	const char *peer;
};
int buf_reserve(struct buf *b, unsigned long need);
int conn_open(struct conn *c, int fd, const char *peer);
long sum_checked(const long *v, unsigned long n);

/* switch.c */
enum op {
	OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_DROP, OP_JZ, OP_HALT,
};
struct insn {
	unsigned char op;
	int arg;
};
struct vm {
	long stack[64];
	int sp;
	int pc;
	unsigned long steps;
};
long vm_run(struct vm *vm, const struct insn *prog, int len);
int http_status_class(int status);
int flags_cost(unsigned int flags);

/* recurse.c */
struct node {
	struct node *left, *right;
	long key;
	int height;
};
int tree_height(const struct node *n, int depth);
const struct node *tree_find(const struct node *n, long key);
unsigned long gcd(unsigned long a, unsigned long b);
int is_odd(unsigned int n);
long count_paths(int w, int h);

/* computed.c */
long comp_bits(unsigned long x);
long comp_sum(long a, long b);
int comp_signed(int v);

/* casts.c */
long cast_op(unsigned long op, long k);
long cast_widen(int i, unsigned int u);
int cast_member(const void *p, const void *raw);
unsigned int cast_sum(const struct sample *s, int n);

/* args.c */
struct dev {
	const char *name;
	unsigned int id;
	unsigned int up : 1;
	unsigned int mode : 3;
	struct {
		unsigned long rx, tx;
		unsigned long err[4];
	} stats;
	struct dev *parent;
};
extern unsigned long dev_events;
int dev_rx(struct dev *d, unsigned long bytes);
int dev_set_mode(struct dev *d, unsigned int mode);
unsigned long dev_poll(const struct dev *d);
long dead_after(long a, long b);
int dev_label(const struct dev *d, char *out, unsigned long size);

#endif /* FID_H */
