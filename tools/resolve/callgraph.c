// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve callgraph: caller -> callee edges with call counts from
 * function entry/exit events, as Graphviz DOT (or SVG/PNG through dot).
 * The events come from an LTTng trace (lttng_ust_cyg_profile[_fast]
 * func_entry/func_exit, with the vpid/vtid contexts and the statedump for
 * the address maps) or from stdin, one "E ADDR" or "X ADDR" a line
 * ("E0x401234" as pvtrace writes it is fine too), addresses of -e FILE.
 * The graph itself is callgraph.c's; symbols come from addrmap.c and
 * symbolize.c.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smk/addrmap.h"
#include "smk/binary.h"
#include "smk/callgraph.h"
#include "smk/contain.h"
#include "smk/ctf.h"
#include "smk/symbolize.h"
#include "smk/cli.h"

#include "commands.h"

static const char *prog = "marker-resolve callgraph";

struct slot {
	uint64_t k1, k2;
	unsigned int node;
	bool used;
};

struct cg_state {
	struct smk_callgraph *cg;
	struct smk_addrmap *map;
	struct smk_symbolizer *exe;	/* -e FILE */
	const char *exe_path;
	struct slot *slots;
	size_t nslots, nused;
	struct cls {
		int kind;	/* -1 unknown, 0 other, 1 entry, 2 exit */
		int addr, call_site;
	} *cls;
	size_t ncls;
	bool warned_vpid;
	uint64_t events;
};

static size_t slot_hash(uint64_t a, uint64_t b, size_t mask)
{
	uint64_t h = a * 0x9e3779b97f4a7c15ULL ^ (b * 0xbf58476d1ce4e5b9ULL);

	h ^= h >> 31;
	return h & mask;
}

static struct slot *slot_find(struct cg_state *st, uint64_t k1, uint64_t k2)
{
	size_t k;

	if (!st->nslots)
		return NULL;
	for (k = slot_hash(k1, k2, st->nslots - 1); st->slots[k].used;
	     k = (k + 1) & (st->nslots - 1))
		if (st->slots[k].k1 == k1 && st->slots[k].k2 == k2)
			return &st->slots[k];
	return NULL;
}

static struct smk_error *slot_add(struct cg_state *st, uint64_t k1,
				  uint64_t k2, unsigned int node)
{
	size_t k;

	if ((st->nused + 1) * 2 > st->nslots) {
		size_t n = st->nslots ? st->nslots * 2 : 256, i;
		struct slot *v = calloc(n, sizeof(*v));

		if (!v)
			return &smk_error_nomem;
		for (i = 0; i < st->nslots; i++) {
			if (!st->slots[i].used)
				continue;
			k = slot_hash(st->slots[i].k1, st->slots[i].k2, n - 1);
			while (v[k].used)
				k = (k + 1) & (n - 1);
			v[k] = st->slots[i];
		}
		free(st->slots);
		st->slots = v;
		st->nslots = n;
	}
	for (k = slot_hash(k1, k2, st->nslots - 1); st->slots[k].used;
	     k = (k + 1) & (st->nslots - 1))
		;
	st->slots[k] = (struct slot){ k1, k2, node, true };
	st->nused++;
	return NULL;
}

/* The function's name from a lookup: DWARF, else the ELF symbol. */
static const char *function_of(const struct smk_symbol_info *info)
{
	if (info->nframes && info->frames[info->nframes - 1].function)
		return info->frames[info->nframes - 1].function;
	return info->symbol;
}

/* The node of the function at @addr (a return address if @ret). */
static struct smk_error *node_of(struct cg_state *st, bool have_vpid,
				 int64_t vpid, uint64_t addr, bool ret,
				 unsigned int *node)
{
	struct smk_addrmap_loc loc = { 0 };
	struct smk_symbol_info info = { 0 };
	struct smk_error *err;
	const char *fn = NULL, *bin = NULL, *why;
	uint64_t look = addr - (ret ? 1 : 0), k1, k2 = look;
	char buf[40];
	struct slot *s;

	if (st->exe) {
		k1 = 1;
	} else if (have_vpid &&
		   smk_addrmap_find(st->map, vpid, look, &loc, &why)) {
		k1 = (uintptr_t)loc.file;
		k2 = loc.link_addr;
	} else {
		k1 = have_vpid ? ((uint64_t)vpid << 2) | 2 : 2;
	}
	s = slot_find(st, k1, k2);
	if (s) {
		*node = s->node;
		return NULL;
	}
	if (st->exe) {
		err = smk_symbolizer_lookup(st->exe, &look, 1, &info);
		bin = st->exe_path;
	} else if (have_vpid) {
		err = smk_addrmap_symbolize(st->map, vpid, look, &loc, &info);
		if (loc.file)
			bin = smk_addrmap_file_host_path(loc.file);
	} else {
		err = NULL;
	}
	if (err)
		return err;
	fn = function_of(&info);
	if (!fn) {
		/* Unnamed: by its place, as babeltrace2's bin field. */
		if (loc.file && loc.is_pic)
			snprintf(buf, sizeof(buf), "+%#" PRIx64, loc.offset);
		else
			snprintf(buf, sizeof(buf), "%#" PRIx64, addr);
		fn = buf;
	}
	err = smk_callgraph_node(st->cg, bin, fn, node);
	return err ? err : slot_add(st, k1, k2, *node);
}

/* ---- from a trace ---- */

static struct cls *class_of(struct cg_state *st,
			    const struct smk_ctf_event *ev)
{
	struct cls *c;

	if (ev->class_id >= st->ncls) {
		size_t n = ev->class_id + 16, i;
		struct cls *v = realloc(st->cls, n * sizeof(*v));

		if (!v)
			return NULL;
		for (i = st->ncls; i < n; i++)
			v[i].kind = -1;
		st->cls = v;
		st->ncls = n;
	}
	c = &st->cls[ev->class_id];
	if (c->kind >= 0)
		return c;
	c->kind = 0;
	if (!strcmp(ev->name, "lttng_ust_cyg_profile:func_entry") ||
	    !strcmp(ev->name, "lttng_ust_cyg_profile_fast:func_entry"))
		c->kind = 1;
	else if (!strcmp(ev->name, "lttng_ust_cyg_profile:func_exit") ||
		 !strcmp(ev->name, "lttng_ust_cyg_profile_fast:func_exit"))
		c->kind = 2;
	c->addr = smk_ctf_field_index(ev, "addr");
	c->call_site = smk_ctf_field_index(ev, "call_site");
	if (c->addr < 0)
		c->kind = 0;
	return c;
}

static struct smk_error *on_event(void *arg, const struct smk_ctf_event *ev)
{
	struct cg_state *st = arg;
	unsigned int node, hint = SMK_CALLGRAPH_NONE;
	struct smk_error *err;
	uint64_t addr, cs, thread;
	struct cls *c;

	err = smk_addrmap_event(st->map, ev);
	if (err)
		return err;
	c = class_of(st, ev);
	if (!c)
		return &smk_error_nomem;
	if (!c->kind || !smk_ctf_field_uint(ev, c->addr, &addr))
		return NULL;
	if (!ev->has_vpid && !st->warned_vpid) {
		fprintf(stderr, "marker-resolve: warning: no vpid context in "
			"the trace: addresses left as they are (lttng "
			"add-context -u -t vpid -t vtid)\n");
		st->warned_vpid = true;
	}
	st->events++;
	thread = (uint64_t)ev->vpid << 32 ^ (uint64_t)ev->vtid;
	err = node_of(st, ev->has_vpid, ev->vpid, addr, false, &node);
	if (err)
		return err;
	if (c->kind == 2) {
		smk_callgraph_exit(st->cg, thread, node);
		return NULL;
	}
	if (c->call_site >= 0 && smk_ctf_field_uint(ev, c->call_site, &cs) &&
	    cs) {
		err = node_of(st, ev->has_vpid, ev->vpid, cs, true, &hint);
		if (err)
			return err;
	}
	return smk_callgraph_enter(st->cg, thread, node, hint);
}

/* ---- from stdin ---- */

static struct smk_error *read_lines(struct cg_state *st, FILE *in)
{
	char *line = NULL, *p, *end;
	size_t cap = 0, lineno = 0;
	struct smk_error *err = NULL;
	unsigned int node;
	uint64_t addr;

	while (getline(&line, &cap, in) > 0) {
		char kind;

		lineno++;
		p = line + strspn(line, " \t");
		if (*p == '#' || *p == '\n' || !*p)
			continue;
		kind = *p++;
		p += strspn(p, " \t");
		errno = 0;
		addr = strtoull(p, &end, 16);
		if ((kind != 'E' && kind != 'X') || end == p || errno ||
		    end[strspn(end, " \t\r\n")]) {
			err = smk_error_create(SMK_ERROR_INVALID,
					       "stdin:%zu: expected \"E ADDR\" "
					       "or \"X ADDR\"", lineno);
			break;
		}
		st->events++;
		err = node_of(st, false, 0, addr, false, &node);
		if (err)
			break;
		if (kind == 'E')
			err = smk_callgraph_enter(st->cg, 0, node,
						  SMK_CALLGRAPH_NONE);
		else
			smk_callgraph_exit(st->cg, 0, node);
		if (err)
			break;
	}
	if (!err && ferror(in))
		err = smk_error_errno(errno, "stdin");
	free(line);
	return err;
}

/* ---- output ---- */

static bool in_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *e;
	char buf[4096];

	for (p = path ? path : "/usr/bin:/bin"; *p; p = *e ? e + 1 : e) {
		e = strchrnul(p, ':');
		if (snprintf(buf, sizeof(buf), "%.*s/%s", (int)(e - p), p,
			     name) < (int)sizeof(buf) &&
		    !access(buf, X_OK))
			return true;
	}
	return false;
}

/* Through "dot -T@fmt" to stdout. */
static int render(struct cg_state *st, const struct smk_callgraph_filter *flt,
		  const char *fmt)
{
	struct smk_error *err;
	int fds[2], status;
	pid_t pid;
	FILE *f;

	if (!in_path("dot")) {
		fprintf(stderr, "%s: dot not found: install graphviz, or use "
			"--format=dot\n", prog);
		return 1;
	}
	fflush(stdout);
	if (pipe(fds)) {
		fprintf(stderr, "%s: pipe: %s\n", prog, strerror(errno));
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
		return 1;
	}
	if (!pid) {
		char opt[16];

		snprintf(opt, sizeof(opt), "-T%s", fmt);
		dup2(fds[0], 0);
		close(fds[0]);
		close(fds[1]);
		execlp("dot", "dot", opt, (char *)NULL);
		_exit(127);
	}
	close(fds[0]);
	f = fdopen(fds[1], "w");
	if (!f) {
		close(fds[1]);
		waitpid(pid, &status, 0);
		return 1;
	}
	err = smk_callgraph_write_dot(st->cg, flt, f);
	fclose(f);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "%s: dot -T%s failed\n", prog, fmt);
		smk_error_destroy(err);
		return 1;
	}
	if (err) {
		fprintf(stderr, "marker-resolve: %s\n", err->message);
		smk_error_destroy(err);
		return 1;
	}
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: marker-resolve callgraph [options] (TRACE_DIR | -)\n"
"Caller -> callee edges with call counts, from gcc -finstrument-functions\n"
"entries and exits: an LTTng trace with lttng_ust_cyg_profile events\n"
"(LD_PRELOAD=liblttng-ust-cyg-profile.so, vpid and vtid contexts,\n"
"lttng_ust_statedump:* and lttng_ust_dl:*), or stdin lines \"E ADDR\" and\n"
"\"X ADDR\" (one thread; addresses of -e FILE, link-time).  Dashed edges\n"
"come from a call site in code that is not instrumented.\n"
"\n"
"      --format FMT         dot (default), svg or png (through graphviz)\n"
"      --binary GLOB        only edges between functions of these binaries\n"
"                           (basename)\n"
"      --function GLOB      only edges from or to these functions\n"
"      --min-calls N        only edges called at least N times\n"
"  -e, --exe FILE           the binary of stdin's addresses\n"
"      --debug-info-dir DIR --target-prefix DIR   as symbolize-trace\n"
SMK_CLI_DEBUGINFOD_HELP
SMK_CLI_CONTAIN_HELP
"  -h, --help\n"
"Exit status: 0 ok, 1 the input cannot be read, 2 usage.\n");
}

static void warn_cb(void *arg, const char *msg)
{
	fprintf(stderr, "marker-resolve: warning: %s\n", msg);
}

/* The reading and the drawing, in a child process (contain.h). */
struct job {
	struct cg_state *st;
	struct smk_cli *cli;
	struct smk_callgraph_filter *flt;
	const char *input, *format;
};

static int draw(void *arg)
{
	struct job *job = arg;
	struct cg_state *st = job->st;
	struct smk_cli *cli = job->cli;
	const char *format = job->format;
	struct smk_ctf *t = NULL;
	struct smk_error *err;
	int rc = 0;

	err = smk_callgraph_create(&st->cg);
	if (!err)
		err = smk_addrmap_create(&cli->debuginfo, &st->map);
	if (!err && st->exe_path) {
		struct smk_binary *b;

		err = smk_binary_open(st->exe_path, &cli->debuginfo, &b);
		if (!err) {
			err = smk_symbolizer_create(b, &st->exe);
			if (err)
				smk_binary_destroy(b);
		}
	}
	if (!err && !strcmp(job->input, "-"))
		err = read_lines(st, stdin);
	else if (!err)
		err = smk_ctf_open(job->input, &t);
	if (!err && t)
		err = smk_ctf_run(t, on_event, st);
	if (!err && !st->events)
		fprintf(stderr, "marker-resolve: warning: %s: no function entry "
			"or exit events\n", job->input);
	if (err) {
		fprintf(stderr, "marker-resolve: %s\n", err->message);
		smk_error_destroy(err);
		rc = 1;
	} else if (strcmp(format, "dot")) {
		rc = render(st, job->flt, format);
	} else {
		err = smk_callgraph_write_dot(st->cg, job->flt, stdout);
		if (err) {
			fprintf(stderr, "marker-resolve: %s\n", err->message);
			smk_error_destroy(err);
			rc = 1;
		}
	}
	if (!smk_cli_flush_stdout("marker-resolve"))
		rc = 1;
	smk_ctf_destroy(t);
	smk_addrmap_destroy(st->map);
	smk_symbolizer_destroy(st->exe);
	smk_callgraph_destroy(st->cg);
	return rc;
}

int cmd_callgraph(int argc, char **argv)
{
	enum { OPT_FORMAT = 256, OPT_BINARY, OPT_FUNCTION, OPT_MIN };
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "binary", required_argument, NULL, OPT_BINARY },
		{ "function", required_argument, NULL, OPT_FUNCTION },
		{ "min-calls", required_argument, NULL, OPT_MIN },
		{ "exe", required_argument, NULL, 'e' },
		SMK_CLI_DEBUG_LONGOPTS,
		SMK_CLI_CONTAIN_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct smk_callgraph_filter flt = { 0 };
	struct smk_cli cli = { 0 };	/* the debuginfo options */
	struct cg_state st = { 0 };
	const char *format = "dot";
	struct smk_contain_limits limits;
	struct smk_error *err = NULL;
	struct job job;
	char *end;
	int c, rc = 0;

	smk_set_warn(warn_cb, NULL);
	smk_contain_default_limits(&limits);
	optind = 1;
	while ((c = getopt_long(argc, argv, "e:h", longopts, NULL)) != -1) {
		int taken = smk_cli_contain_option(&limits, prog, c, optarg);

		if (taken < 0)
			goto usage_error;
		if (taken)
			continue;
		switch (c) {
		case OPT_FORMAT:
			if (strcmp(optarg, "dot") && strcmp(optarg, "svg") &&
			    strcmp(optarg, "png")) {
				fprintf(stderr, "%s: unknown format '%s' (dot, "
					"svg or png)\n", prog, optarg);
				goto usage_error;
			}
			format = optarg;
			break;
		case OPT_BINARY:
			flt.binary = optarg;
			break;
		case OPT_FUNCTION:
			flt.function = optarg;
			break;
		case OPT_MIN:
			errno = 0;
			flt.min_calls = strtoull(optarg, &end, 10);
			if (errno || end == optarg || *end || *optarg == '-') {
				fprintf(stderr, "%s: --min-calls: '%s' is not "
					"a count\n", prog, optarg);
				goto usage_error;
			}
			break;
		case 'e':
			st.exe_path = optarg;
			break;
		SMK_CLI_DEBUG_CASES:
			if (smk_cli_option(&cli, c, optarg) < 0) {
				fprintf(stderr, "%s: out of memory\n", prog);
				smk_cli_deinit(&cli);
				return 1;
			}
			break;
		case 'h':
			usage(stdout);
			smk_cli_deinit(&cli);
			return 0;
		default:
			usage(stderr);
			goto usage_error;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "%s: give a trace directory, or - for "
			"stdin\n", prog);
		goto usage_error;
	}
	if (st.exe_path && strcmp(argv[optind], "-")) {
		fprintf(stderr, "%s: -e goes with stdin (-): a trace names "
			"its binaries\n", prog);
		goto usage_error;
	}
	job = (struct job){ &st, &cli, &flt, argv[optind], format };
	err = smk_contain(argv[optind], &limits, draw, &job, &rc);
	if (err) {
		fprintf(stderr, "marker-resolve: %s: the trace is corrupt "
			"in a way libbabeltrace2 does not check\n",
			err->message);
		smk_error_destroy(err);
		rc = 1;
	}
	free(st.slots);
	free(st.cls);
	smk_cli_deinit(&cli);
	return rc;

usage_error:
	smk_cli_deinit(&cli);
	return 2;
}
