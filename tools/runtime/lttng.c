// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libsmk-run-lttng.so: the LTTng-UST side of in-process activation,
 * loaded by libsmk-run.so once its start-up patching is done (LTTng-UST
 * starts its threads when it loads).  Two kinds of event:
 *
 * A typed event per marker, simple_marker:<marker>, made at run time:
 * the marker's arguments are its fields, under the uprobe form's names
 * and with the types of its fetch arguments (an s32 is a signed 32-bit
 * integer, an x64 a hexadecimal one, a string a string), then site_ip
 * (the run-time address of the site), verdict (the placement's, an enum
 * exact/over/under) and faults (bit k set: argument k could not be read,
 * and its value is 0 or "").  LTTng's filters then work on the names a
 * user knows (lttng enable-event -u simple_marker:order_done --filter
 * 'n > 3'), and a hit costs what a compiled-in tracepoint costs: the
 * payload is laid out once and written with one copy.  An event is made
 * by hand the way LTTng-UST's tracepoint-event.h makes one at build time:
 * a struct lttng_ust_tracepoint (registered as a tracepoint "module"),
 * an event description with its fields, in a probe description
 * (lttng_ust_probe_register()), and a probe callback, typed_probe()
 * below, which does what the generated callback does: the session and
 * event checks, the filter on the interpreter stack, reserve, write,
 * commit, or a notification.  Events are kept for the process's life
 * (interned by name), so that an object loaded again finds its own.
 *
 * The generic event, simple_marker:hit (lttng-tp.h), for a marker that
 * cannot have a typed event: one named "hit", an argument named like a
 * fixed field, or a name already taken by a marker of another object
 * with other arguments.
 *
 * The runtime's trampolines read each event's state directly (the
 * site's slot, runtime.h): while no session records the event, a patched
 * site costs its jump and that one check.
 */
#include <stdlib.h>
#include <string.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lttng-tp.h"

#include "runtime.h"

#ifdef LTTNG_UST_RING_BUFFER_NATURAL_ALIGN
#error "typed events are laid out packed: this LTTng-UST aligns fields"
#endif

/* The runtime finds this one with dlsym(): built hidden by default. */
#define EXPORT __attribute__((visibility("default")))

static const int *hit_state(void)
{
	return &lttng_ust_tracepoint_simple_marker___hit.state;
}

static void hit(const char *marker, int verdict, uint64_t ip,
		unsigned int n, const int64_t *v, const char *names,
		const char *text)
{
	lttng_ust_tracepoint(simple_marker, hit, marker, verdict, ip, n, v,
			     names, text);
}

/* The fields after the marker's arguments. */
enum { FIXED_FIELDS = 3, MAX_FIELDS = SMK_RECORD_MAX_ARGS + FIXED_FIELDS };
static const char *const fixed_names[FIXED_FIELDS] = {
	"site_ip", "verdict", "faults"
};

/* Signature of every typed tracepoint and class: what the probes get. */
static const char typed_signature[] = "const struct smk_typed_hit *, hit";

struct smk_lttng_event {
	struct lttng_ust_tracepoint tp;
	struct lttng_ust_event_desc desc;
	struct lttng_ust_tracepoint_class cls;
	const struct lttng_ust_event_field *fp[MAX_FIELDS];
	struct lttng_ust_event_field f[MAX_FIELDS];
	struct lttng_ust_type_integer it[MAX_FIELDS];
	struct lttng_ust_type_enum verdict_t;
	unsigned int nargs;
	struct smk_fetchtype type[SMK_RECORD_MAX_ARGS];
	char names[SMK_RECORD_MAX_ARGS][SMK_PROBE_ARG_NAME_MAX + 1];
	char name[SMK_PROBE_NAME_MAX + 1];
	bool registered, dead;
	struct smk_lttng_event *next;
};

static struct smk_lttng_event *events;	/* under run.c's lock */

static const struct lttng_ust_type_string string_t = {
	.parent = { .type = lttng_ust_type_string },
	.struct_size = sizeof(struct lttng_ust_type_string),
	.encoding = lttng_ust_string_encoding_UTF8,
};

static void int_type(struct lttng_ust_type_integer *t, unsigned int bits,
		     bool sign, unsigned int base)
{
	t->parent.type = lttng_ust_type_integer;
	t->struct_size = sizeof(*t);
	t->size = bits;
	t->alignment = CHAR_BIT;	/* packed, as LTTng-UST is here */
	t->signedness = sign;
	t->reverse_byte_order = 0;
	t->base = base;
}

static bool same_args(const struct smk_lttng_event *e,
		      const struct smk_run_site *s)
{
	unsigned int i;

	if (e->nargs != s->nargs)
		return false;
	for (i = 0; i < s->nargs; i++)
		if (strcmp(e->names[i], s->args[i].name) ||
		    e->type[i].kind != s->args[i].type.kind ||
		    e->type[i].bits != s->args[i].type.bits)
			return false;
	return true;
}

static bool int_bits_ok(unsigned int bits)
{
	return bits == 8 || bits == 16 || bits == 32 || bits == 64;
}

/*
 * The typed event of @s's marker: the one made before for the same
 * marker name and arguments, or a new one (registered by commit()).
 * NULL, with *@why, when the marker must use simple_marker:hit.
 */
static struct smk_lttng_event *event(const struct smk_run_site *s,
				     const char **why)
{
	struct smk_lttng_event *e;
	unsigned int i, j;

	for (e = events; e; e = e->next) {
		if (strcmp(e->name, s->marker))
			continue;
		if (e->dead) {
			*why = "LTTng-UST refused its event";
			return NULL;
		}
		if (!same_args(e, s)) {
			*why = "a marker of the same name with other "
			       "arguments has the typed event";
			return NULL;
		}
		return e;
	}
	if (!strcmp(s->marker, "hit")) {
		*why = "named like the generic event";
		return NULL;
	}
	if (s->nargs > SMK_RECORD_MAX_ARGS) {
		*why = "too many arguments";
		return NULL;
	}
	for (i = 0; i < s->nargs; i++) {
		const struct smk_fetchtype *t = &s->args[i].type;

		for (j = 0; j < FIXED_FIELDS; j++)
			if (!strcmp(s->args[i].name, fixed_names[j])) {
				*why = "an argument is named like a field "
				       "of the event's own";
				return NULL;
			}
		for (j = 0; j < i; j++)
			if (!strcmp(s->args[i].name, s->args[j].name)) {
				*why = "two arguments of one name";
				return NULL;
			}
		if (t->kind != SMK_FTYPE_STRING && !int_bits_ok(t->bits)) {
			*why = "an argument of a width LTTng has no type for";
			return NULL;
		}
	}
	e = calloc(1, sizeof(*e));
	if (!e) {
		*why = "out of memory";
		return NULL;
	}
	snprintf(e->name, sizeof(e->name), "%s", s->marker);
	e->nargs = s->nargs;
	for (i = 0; i < s->nargs; i++) {
		const struct smk_fetchtype *t = &s->args[i].type;
		struct lttng_ust_event_field *f = &e->f[i];

		e->type[i] = *t;
		snprintf(e->names[i], sizeof(e->names[i]), "%s",
			 s->args[i].name);
		f->struct_size = sizeof(*f);
		f->name = e->names[i];
		if (t->kind == SMK_FTYPE_STRING) {
			f->type = &string_t.parent;
		} else {
			int_type(&e->it[i], t->bits, t->kind == SMK_FTYPE_S,
				 t->kind == SMK_FTYPE_X ? 16 : 10);
			f->type = &e->it[i].parent;
		}
	}
	/* site_ip, verdict, faults */
	int_type(&e->it[i], 64, false, 16);
	e->f[i] = (struct lttng_ust_event_field){
		.struct_size = sizeof(e->f[i]), .name = fixed_names[0],
		.type = &e->it[i].parent };
	int_type(&e->it[i + 1], 8, false, 10);
	e->verdict_t.parent.type = lttng_ust_type_enum;
	e->verdict_t.struct_size = sizeof(e->verdict_t);
	e->verdict_t.desc = &__enum_simple_marker_verdict;
	e->verdict_t.container_type = &e->it[i + 1].parent;
	e->f[i + 1] = (struct lttng_ust_event_field){
		.struct_size = sizeof(e->f[i]), .name = fixed_names[1],
		.type = &e->verdict_t.parent };
	int_type(&e->it[i + 2], 32, false, 16);
	e->f[i + 2] = (struct lttng_ust_event_field){
		.struct_size = sizeof(e->f[i]), .name = fixed_names[2],
		.type = &e->it[i + 2].parent };
	for (j = 0; j < i + FIXED_FIELDS; j++)
		e->fp[j] = &e->f[j];

	e->tp.struct_size = sizeof(e->tp);
	e->tp.provider_name = "simple_marker";
	e->tp.event_name = e->name;
	e->tp.signature = typed_signature;
	e->next = events;
	events = e;
	return e;
}

struct smk_typed_hit {
	const char *payload;
	size_t len;
	char *stack;		/* the interpreter's view, as generated */
	void *ip;
};

/* What tracepoint-event.h's generated probe does, for one typed hit. */
static void typed_probe(void *tp_data, const struct smk_typed_hit *h)
{
	struct lttng_ust_event_common *ev = tp_data;
	struct lttng_ust_probe_ctx pctx = {
		.struct_size = sizeof(pctx), .ip = h->ip,
	};

	if (ev->type == LTTNG_UST_EVENT_TYPE_RECORDER) {
		struct lttng_ust_event_recorder *r = ev->child;
		struct lttng_ust_channel_common *cc = r->chan->parent;

		if (caa_unlikely(!CMM_ACCESS_ONCE(cc->session->active)) ||
		    caa_unlikely(!CMM_ACCESS_ONCE(cc->enabled)))
			return;
	}
	if (caa_unlikely(!CMM_ACCESS_ONCE(ev->enabled)))
		return;
	if (caa_unlikely(CMM_ACCESS_ONCE(ev->eval_filter)) &&
	    ev->run_filter(ev, h->stack, &pctx, NULL) !=
	    LTTNG_UST_EVENT_FILTER_ACCEPT)
		return;
	if (ev->type == LTTNG_UST_EVENT_TYPE_RECORDER) {
		struct lttng_ust_event_recorder *r = ev->child;
		struct lttng_ust_channel_buffer *chan = r->chan;
		struct lttng_ust_ring_buffer_ctx ctx;

		lttng_ust_ring_buffer_ctx_init(&ctx, r, h->len, 1, &pctx);
		if (chan->ops->event_reserve(&ctx) < 0)
			return;
		chan->ops->event_write(&ctx, h->payload, h->len, 1);
		chan->ops->event_commit(&ctx);
	} else if (ev->type == LTTNG_UST_EVENT_TYPE_NOTIFIER) {
		struct lttng_ust_event_notifier *n = ev->child;
		struct lttng_ust_notification_ctx nctx = {
			.struct_size = sizeof(nctx),
			.eval_capture = CMM_ACCESS_ONCE(n->eval_capture),
		};

		n->notification_send(n, h->stack, &pctx, &nctx);
	}
}

static void put_int(char *p, uint64_t v, unsigned int bytes)
{
	memcpy(p, &v, bytes);		/* little-endian: the low bytes */
}

/*
 * One hit of @e at @s: the payload laid out as the fields say, then each
 * probe LTTng-UST connected to the tracepoint.  The interpreter stack
 * holds 8 bytes per integer field (sign- or zero-extended) and a pointer
 * per string field, in field order, as the generated code prepares it.
 */
static void emit(const struct smk_lttng_event *e,
		 const struct smk_run_site *s, const struct smk_run_value *val)
{
	char payload[SMK_RECORD_MAX_ARGS * SMK_RUN_STRING_MAX + 64];
	char stack[2 * sizeof(unsigned long) * MAX_FIELDS];
	struct lttng_ust_tracepoint_probe *p;
	struct smk_typed_hit h;
	uint32_t faults = 0;
	unsigned int i;
	size_t n = 0;
	int64_t x;

	for (i = 0; i < e->nargs; i++) {
		const struct smk_run_value *v = &val[i];

		if (e->type[i].kind == SMK_FTYPE_STRING) {
			const char *str = payload + n;
			int len = v->ok && v->len >= 0 ? v->len : 0;

			if (!v->ok || v->len < 0)
				faults |= 1u << i;
			memcpy(payload + n, v->str, len);
			n += len;
			payload[n++] = '\0';
			memcpy(stack + 8 * i, &str, sizeof(str));
		} else {
			if (!v->ok)
				faults |= 1u << i;
			x = v->ok ? (int64_t)v->v : 0;
			put_int(payload + n, x, e->type[i].bits / 8);
			n += e->type[i].bits / 8;
			memcpy(stack + 8 * i, &x, 8);
		}
	}
	x = (int64_t)s->addr;
	put_int(payload + n, x, 8);
	n += 8;
	memcpy(stack + 8 * i, &x, 8);
	payload[n++] = (char)s->verdict_id;
	x = s->verdict_id;
	memcpy(stack + 8 * (i + 1), &x, 8);
	put_int(payload + n, faults, 4);
	n += 4;
	x = faults;
	memcpy(stack + 8 * (i + 2), &x, 8);

	h.payload = payload;
	h.len = n;
	h.stack = stack;
	h.ip = (void *)(uintptr_t)s->addr;
	if (caa_unlikely(!LTTNG_UST_TP_RCU_LINK_TEST()))
		return;
	lttng_ust_tp_rcu_read_lock();
	p = lttng_ust_tp_rcu_dereference(e->tp.probes);
	if (p) {
		do {
			((void (*)(void *, const struct smk_typed_hit *))
			 p->func)(p->data, &h);
		} while ((++p)->func);
	}
	lttng_ust_tp_rcu_read_unlock();
}

static const int *state(const struct smk_lttng_event *e)
{
	return &e->tp.state;
}

/*
 * Register the events made since the last call: one probe description
 * of provider simple_marker holding them, and their tracepoints as one
 * tracepoint module.  Kept for the process's life, as the events are.
 * False when LTTng-UST refused them (they are marked dead: their
 * markers use simple_marker:hit).
 */
static bool commit(void)
{
	struct batch {
		struct lttng_ust_probe_desc pd;
		const struct lttng_ust_event_desc **descs;
		struct lttng_ust_tracepoint **tps;
	} *b;
	struct smk_lttng_event *e;
	unsigned int n = 0, i = 0;

	for (e = events; e; e = e->next)
		n += !e->registered && !e->dead;
	if (!n)
		return true;
	b = calloc(1, sizeof(*b));
	if (b) {
		b->descs = calloc(n, sizeof(*b->descs));
		b->tps = calloc(n, sizeof(*b->tps));
	}
	if (b && b->descs && b->tps) {
		b->pd.struct_size = sizeof(b->pd);
		b->pd.provider_name = "simple_marker";
		b->pd.event_desc = b->descs;
		b->pd.nr_events = n;
		b->pd.major = LTTNG_UST_PROVIDER_MAJOR;
		b->pd.minor = LTTNG_UST_PROVIDER_MINOR;
		for (e = events; e; e = e->next) {
			if (e->registered || e->dead)
				continue;
			e->cls.struct_size = sizeof(e->cls);
			e->cls.fields = e->fp;
			e->cls.nr_fields = e->nargs + FIXED_FIELDS;
			e->cls.probe_callback = (void (*)(void))typed_probe;
			e->cls.signature = typed_signature;
			e->cls.probe_desc = &b->pd;
			e->desc.struct_size = sizeof(e->desc);
			e->desc.event_name = e->name;
			e->desc.probe_desc = &b->pd;
			e->desc.tp_class = &e->cls;
			b->descs[i] = &e->desc;
			b->tps[i++] = &e->tp;
		}
		if (lttng_ust_probe_register(&b->pd) &&
		    lttng_ust_tracepoint_dlopen_ptr &&
		    lttng_ust_tracepoint_dlopen_ptr->
		    lttng_ust_tracepoint_module_register &&
		    !lttng_ust_tracepoint_dlopen_ptr->
		    lttng_ust_tracepoint_module_register(b->tps, n)) {
			for (e = events; e; e = e->next)
				e->registered = true;
			return true;
		}
		/* Registered as a probe maybe, but with no tracepoint its
		 * events never fire: the memory stays, for LTTng's sake. */
		b = NULL;
	}
	if (b) {
		free(b->descs);
		free(b->tps);
		free(b);
	}
	for (e = events; e; e = e->next)
		if (!e->registered)
			e->dead = true;
	return false;
}

static const struct smk_lttng_api api = {
	.hit_state = hit_state,
	.hit = hit,
	.event = event,
	.commit = commit,
	.state = state,
	.emit = emit,
};

EXPORT const struct smk_lttng_api *smk_lttng_api(void);

const struct smk_lttng_api *smk_lttng_api(void)
{
	return &api;
}
