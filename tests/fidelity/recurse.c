// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers in recursive code: a tree walk, tail recursion that becomes a
 * loop, mutual recursion, a recursive function the compiler may inline
 * into itself.
 *
 * markers: 8
 */
#include "fid.h"

int tree_height(const struct node *n, int depth)
{
	int l, r;

	if (!n) {
		trace_simple(height_leaf, "%d", depth);
		return 0;
	}
	l = tree_height(n->left, depth + 1);
	r = tree_height(n->right, depth + 1);
	trace_simple(height_node, "%ld %d %d %d", n->key, depth, l, r);
	return 1 + (l > r ? l : r);
}

/* Tail recursion: a loop at -O2. */
const struct node *tree_find(const struct node *n, long key)
{
	if (!n || n->key == key) {
		trace_simple(find_stop, "%p %ld", n, key);
		return n;
	}
	trace_simple(find_descend, "%ld %ld", n->key, key);
	return tree_find(key < n->key ? n->left : n->right, key);
}

unsigned long gcd(unsigned long a, unsigned long b)
{
	if (b == 0)
		return a;
	trace_simple(gcd_step, "%lu %lu", a, b);
	return gcd(b, a % b);
}

/* Mutual recursion between a static and an exported function. */
static int is_even(unsigned int n)
{
	if (n == 0)
		return 1;
	trace_simple(even_step, "%u", n);
	return is_odd(n - 1);
}

int is_odd(unsigned int n)
{
	if (n == 0)
		return 0;
	trace_simple(odd_step, "%u", n);
	return is_even(n - 1);
}

/* Not a tail call: the compiler may inline a few levels into itself. */
long count_paths(int w, int h)
{
	long n;

	if (w == 0 || h == 0)
		return 1;
	n = count_paths(w - 1, h) + count_paths(w, h - 1);
	trace_simple(paths_sum, "%d %d %ld", w, h, n);
	return n;
}
