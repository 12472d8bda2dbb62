// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Call graphs from entry/exit events (see callgraph.h).  Nodes are interned
 * by (binary, function) in a hash table; edges are counted in another,
 * keyed by (caller, callee, uninstrumented); threads' stacks in a third,
 * keyed by thread id.  All three are open addressing tables of indexes.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"

struct node {
	char *binary, *function;
	uint64_t hash;
};

struct thread {
	uint64_t id;
	unsigned int *stack;
	size_t depth, cap;
};

struct smk_callgraph {
	struct node *nodes;
	size_t nnodes, capnodes;
	unsigned int *node_slots;	/* index + 1; 0 = empty */
	size_t nnode_slots;

	struct smk_callgraph_edge *edges;
	size_t nedges, capedges;
	unsigned int *edge_slots;
	size_t nedge_slots;

	struct thread *threads;
	size_t nthreads, capthreads;
	unsigned int *thread_slots;
	size_t nthread_slots;
	struct thread *last;
};

static uint64_t str_hash(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

/* Rebuild table @slots of 2 * @n entries for items 0..@n-1 hashed by @hf. */
static struct smk_error *rehash(unsigned int **slots, size_t *nslots,
				size_t n, uint64_t (*hf)(const void *, size_t),
				const void *items)
{
	size_t cap = *nslots ? *nslots : 64, i;
	unsigned int *v;

	while (cap < 2 * (n + 1))
		cap *= 2;
	if (cap == *nslots)
		return NULL;
	v = calloc(cap, sizeof(*v));
	if (!v)
		return &smk_error_nomem;
	for (i = 0; i < n; i++) {
		size_t k = hf(items, i) & (cap - 1);

		while (v[k])
			k = (k + 1) & (cap - 1);
		v[k] = i + 1;
	}
	free(*slots);
	*slots = v;
	*nslots = cap;
	return NULL;
}

static uint64_t node_hf(const void *items, size_t i)
{
	return ((const struct node *)items)[i].hash;
}

static uint64_t edge_key(unsigned int a, unsigned int b, bool u)
{
	return mix(((uint64_t)a << 32 | b) ^ (u ? 0x5bd1e995ULL : 0));
}

static uint64_t edge_hf(const void *items, size_t i)
{
	const struct smk_callgraph_edge *e =
		&((const struct smk_callgraph_edge *)items)[i];

	return edge_key(e->caller, e->callee, e->uninstrumented);
}

static uint64_t thread_hf(const void *items, size_t i)
{
	return mix(((const struct thread *)items)[i].id);
}

static struct smk_error *grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *p;
	size_t c;

	if (n < *cap)
		return NULL;
	c = *cap ? *cap * 2 : 64;
	p = realloc(*v, c * size);
	if (!p)
		return &smk_error_nomem;
	*v = p;
	*cap = c;
	return NULL;
}

struct smk_error *smk_callgraph_create(struct smk_callgraph **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &smk_error_nomem;
}

void smk_callgraph_destroy(struct smk_callgraph *cg)
{
	size_t i;

	if (!cg)
		return;
	for (i = 0; i < cg->nnodes; i++) {
		free(cg->nodes[i].binary);
		free(cg->nodes[i].function);
	}
	for (i = 0; i < cg->nthreads; i++)
		free(cg->threads[i].stack);
	free(cg->nodes);
	free(cg->node_slots);
	free(cg->edges);
	free(cg->edge_slots);
	free(cg->threads);
	free(cg->thread_slots);
	free(cg);
}

struct smk_error *smk_callgraph_node(struct smk_callgraph *cg,
				     const char *binary, const char *function,
				     unsigned int *id)
{
	uint64_t h;
	struct smk_error *err;
	struct node *n;
	size_t k;

	binary = binary ? binary : "??";
	function = function ? function : "??";
	h = mix(str_hash(function, str_hash(binary, 0xcbf29ce484222325ULL)));
	if (cg->nnode_slots) {
		for (k = h & (cg->nnode_slots - 1); cg->node_slots[k];
		     k = (k + 1) & (cg->nnode_slots - 1)) {
			n = &cg->nodes[cg->node_slots[k] - 1];
			if (n->hash == h && !strcmp(n->binary, binary) &&
			    !strcmp(n->function, function)) {
				*id = cg->node_slots[k] - 1;
				return NULL;
			}
		}
	}
	if (cg->nnodes >= SMK_CALLGRAPH_NONE - 1)
		return smk_error_create(SMK_ERROR_UNSUPPORTED,
					"call graph: too many functions");
	err = grow((void **)&cg->nodes, &cg->capnodes, cg->nnodes,
		   sizeof(*cg->nodes));
	if (err)
		return err;
	n = &cg->nodes[cg->nnodes];
	n->binary = strdup(binary);
	n->function = strdup(function);
	n->hash = h;
	if (!n->binary || !n->function) {
		free(n->binary);
		free(n->function);
		return &smk_error_nomem;
	}
	cg->nnodes++;
	err = rehash(&cg->node_slots, &cg->nnode_slots, cg->nnodes, node_hf,
		     cg->nodes);
	if (err) {
		cg->nnodes--;
		free(n->binary);
		free(n->function);
		return err;
	}
	if (cg->nnode_slots) {
		/* rehash() only rebuilds when it grows: insert otherwise. */
		for (k = h & (cg->nnode_slots - 1); cg->node_slots[k] &&
		     cg->node_slots[k] != cg->nnodes;
		     k = (k + 1) & (cg->nnode_slots - 1))
			;
		cg->node_slots[k] = cg->nnodes;
	}
	*id = cg->nnodes - 1;
	return NULL;
}

const char *smk_callgraph_node_function(const struct smk_callgraph *cg,
					unsigned int id)
{
	return id < cg->nnodes ? cg->nodes[id].function : NULL;
}

const char *smk_callgraph_node_binary(const struct smk_callgraph *cg,
				      unsigned int id)
{
	return id < cg->nnodes ? cg->nodes[id].binary : NULL;
}

static struct thread *thread_get(struct smk_callgraph *cg, uint64_t id)
{
	uint64_t h = mix(id);
	struct smk_error *err;
	struct thread *t;
	size_t k;

	if (cg->last && cg->last->id == id)
		return cg->last;
	if (cg->nthread_slots) {
		for (k = h & (cg->nthread_slots - 1); cg->thread_slots[k];
		     k = (k + 1) & (cg->nthread_slots - 1)) {
			t = &cg->threads[cg->thread_slots[k] - 1];
			if (t->id == id)
				return cg->last = t;
		}
	}
	if (grow((void **)&cg->threads, &cg->capthreads, cg->nthreads,
		 sizeof(*cg->threads)))
		return NULL;
	cg->last = NULL;	/* the array may have moved */
	t = &cg->threads[cg->nthreads++];
	memset(t, 0, sizeof(*t));
	t->id = id;
	err = rehash(&cg->thread_slots, &cg->nthread_slots, cg->nthreads,
		     thread_hf, cg->threads);
	if (err) {
		cg->nthreads--;
		return NULL;
	}
	for (k = h & (cg->nthread_slots - 1); cg->thread_slots[k] &&
	     cg->thread_slots[k] != cg->nthreads;
	     k = (k + 1) & (cg->nthread_slots - 1))
		;
	cg->thread_slots[k] = cg->nthreads;
	return cg->last = t;
}

static struct smk_error *count_edge(struct smk_callgraph *cg,
				    unsigned int caller, unsigned int callee,
				    bool uninstrumented)
{
	uint64_t h = edge_key(caller, callee, uninstrumented);
	struct smk_callgraph_edge *e;
	struct smk_error *err;
	size_t k;

	if (cg->nedge_slots) {
		for (k = h & (cg->nedge_slots - 1); cg->edge_slots[k];
		     k = (k + 1) & (cg->nedge_slots - 1)) {
			e = &cg->edges[cg->edge_slots[k] - 1];
			if (e->caller == caller && e->callee == callee &&
			    e->uninstrumented == uninstrumented) {
				e->calls++;
				return NULL;
			}
		}
	}
	err = grow((void **)&cg->edges, &cg->capedges, cg->nedges,
		   sizeof(*cg->edges));
	if (err)
		return err;
	e = &cg->edges[cg->nedges++];
	e->caller = caller;
	e->callee = callee;
	e->uninstrumented = uninstrumented;
	e->calls = 1;
	err = rehash(&cg->edge_slots, &cg->nedge_slots, cg->nedges, edge_hf,
		     cg->edges);
	if (err) {
		cg->nedges--;
		return err;
	}
	for (k = h & (cg->nedge_slots - 1); cg->edge_slots[k] &&
	     cg->edge_slots[k] != cg->nedges;
	     k = (k + 1) & (cg->nedge_slots - 1))
		;
	cg->edge_slots[k] = cg->nedges;
	return NULL;
}

struct smk_error *smk_callgraph_enter(struct smk_callgraph *cg,
				      uint64_t thread, unsigned int callee,
				      unsigned int hint)
{
	struct thread *t = thread_get(cg, thread);
	struct smk_error *err;

	if (!t)
		return &smk_error_nomem;
	if (t->depth)
		err = count_edge(cg, t->stack[t->depth - 1], callee, false);
	else if (hint != SMK_CALLGRAPH_NONE)
		err = count_edge(cg, hint, callee, true);
	else
		err = NULL;
	if (err)
		return err;
	err = grow((void **)&t->stack, &t->cap, t->depth, sizeof(*t->stack));
	if (err)
		return err;
	t->stack[t->depth++] = callee;
	return NULL;
}

void smk_callgraph_exit(struct smk_callgraph *cg, uint64_t thread,
			unsigned int node)
{
	struct thread *t = thread_get(cg, thread);
	size_t d;

	if (!t)
		return;
	for (d = t->depth; d > 0; d--)
		if (t->stack[d - 1] == node) {
			t->depth = d - 1;
			return;
		}
}

const struct smk_callgraph_edge *smk_callgraph_edges(
	const struct smk_callgraph *cg, size_t *n)
{
	*n = cg->nedges;
	return cg->edges;
}

/* ---- DOT ---- */

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static bool keep(const struct smk_callgraph *cg,
		 const struct smk_callgraph_filter *flt,
		 const struct smk_callgraph_edge *e)
{
	const struct node *a = &cg->nodes[e->caller], *b = &cg->nodes[e->callee];

	if (!flt)
		return true;
	if (e->calls < flt->min_calls)
		return false;
	if (flt->binary &&
	    (fnmatch(flt->binary, base_name(a->binary), 0) ||
	     fnmatch(flt->binary, base_name(b->binary), 0)))
		return false;
	if (flt->function && fnmatch(flt->function, a->function, 0) &&
	    fnmatch(flt->function, b->function, 0))
		return false;
	return true;
}

static const struct smk_callgraph *sort_cg;

static int node_cmp(unsigned int a, unsigned int b)
{
	const struct node *x = &sort_cg->nodes[a], *y = &sort_cg->nodes[b];
	int c = strcmp(x->function, y->function);

	return c ? c : strcmp(x->binary, y->binary);
}

static int cmp_nodes(const void *a, const void *b)
{
	return node_cmp(*(const unsigned int *)a, *(const unsigned int *)b);
}

static int cmp_edges(const void *a, const void *b)
{
	const struct smk_callgraph_edge *x = a, *y = b;
	int c = node_cmp(x->caller, y->caller);

	if (!c)
		c = node_cmp(x->callee, y->callee);
	return c ? c : (int)x->uninstrumented - (int)y->uninstrumented;
}

/* Text inside a DOT string: quotes and backslashes escaped. */
static void dot_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc((unsigned char)*s < 0x20 ? '?' : *s, f);
	}
}

struct smk_error *smk_callgraph_write_dot(const struct smk_callgraph *cg,
					  const struct smk_callgraph_filter *flt,
					  FILE *f)
{
	struct smk_callgraph_edge *edges = NULL;
	unsigned int *nodes = NULL, *name = NULL;
	bool *used = NULL;
	size_t ne = 0, nn = 0, i;

	if (cg->nedges)
		edges = malloc(cg->nedges * sizeof(*edges));
	if (cg->nnodes) {
		nodes = malloc(cg->nnodes * sizeof(*nodes));
		name = malloc(cg->nnodes * sizeof(*name));
		used = calloc(cg->nnodes, sizeof(*used));
	}
	if ((cg->nedges && !edges) ||
	    (cg->nnodes && (!nodes || !name || !used))) {
		free(edges);
		free(nodes);
		free(name);
		free(used);
		return &smk_error_nomem;
	}
	for (i = 0; i < cg->nedges; i++) {
		if (!keep(cg, flt, &cg->edges[i]))
			continue;
		edges[ne++] = cg->edges[i];
		used[cg->edges[i].caller] = true;
		used[cg->edges[i].callee] = true;
	}
	for (i = 0; i < cg->nnodes; i++)
		if (used[i])
			nodes[nn++] = i;
	sort_cg = cg;
	if (nn)
		qsort(nodes, nn, sizeof(*nodes), cmp_nodes);
	if (ne)
		qsort(edges, ne, sizeof(*edges), cmp_edges);
	for (i = 0; i < nn; i++)
		name[nodes[i]] = i;
	fputs("digraph callgraph {\n"
	      "\tnode [shape=box, fontname=\"monospace\"];\n", f);
	for (i = 0; i < nn; i++) {
		const struct node *n = &cg->nodes[nodes[i]];

		fprintf(f, "\tn%zu [label=\"", i);
		dot_escaped(f, n->function);
		fputs("\\n", f);
		dot_escaped(f, base_name(n->binary));
		fputs("\"];\n", f);
	}
	for (i = 0; i < ne; i++)
		fprintf(f, "\tn%u -> n%u [label=\"%llu\"%s];\n",
			name[edges[i].caller], name[edges[i].callee],
			(unsigned long long)edges[i].calls,
			edges[i].uninstrumented ? ", style=dashed" : "");
	fputs("}\n", f);
	free(edges);
	free(nodes);
	free(name);
	free(used);
	return NULL;
}
