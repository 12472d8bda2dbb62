// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The debuginfod client: libdebuginfod through dlopen, a per-run answer
 * per build-id, one report per failing server list.  See debuginfod.h.
 *
 * libdebuginfod reads DEBUGINFOD_URLS from the environment at each query
 * and asks every server in it at once; a 404 leaves an empty "miss" file
 * in its cache for the build-id (not per server), so asking the servers
 * one by one would make the second one look empty too.  The list is
 * therefore asked as one, and a failure is reported with the list as
 * given: with one server (the common case) that is its URL.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "debuginfod.h"

/* libdebuginfod's ABI (debuginfod.h, ELFUTILS_0.178), declared here so
 * that building does not need libdebuginfod-dev. */
typedef struct debuginfod_client debuginfod_client;
typedef int debuginfod_progressfn_t(debuginfod_client *c, long a, long b);

struct api {
	debuginfod_client *(*begin)(void);
	void (*end)(debuginfod_client *c);
	int (*find_debuginfo)(debuginfod_client *c, const unsigned char *id,
			      int len, char **path);
	int (*find_executable)(debuginfod_client *c, const unsigned char *id,
			       int len, char **path);
	void (*set_progressfn)(debuginfod_client *c,
			       debuginfod_progressfn_t *fn);
	void (*set_user_data)(debuginfod_client *c, void *data);
	void *(*get_user_data)(debuginfod_client *c);
};

/* DEBUGINFOD_TIMEOUT when the user set none (libdebuginfod's is 90 s). */
static const int default_timeout = 10;
/* A whole query may take this many times the timeout (a large vmlinux
 * debug file downloads for a while, but not forever). */
static const int whole_query_factor = 30;

struct answer {
	enum smk_debuginfod_kind kind;
	unsigned char id[64];
	size_t len;
	char *path;		/* NULL: none, see reason */
	char *reason;
};

struct smk_debuginfod {
	char *urls;
	smk_debuginfod_report_fn *report;
	void *report_arg;
	void *dl;
	struct api api;
	debuginfod_client *client;
	bool tried_load;
	char *load_reason;	/* why there is no client */
	char *failed;		/* the servers failed: why, not asked again */
	struct answer *answers;
	size_t nanswers;
	size_t queries;
	int timeout;
	/* The query in flight. */
	struct timespec start;
	bool cancelled;
};

/* For progress(), which gets only the client. */
static void *(*get_user_data)(debuginfod_client *c);

static double since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) +
	       (now.tv_nsec - t->tv_nsec) / 1e9;
}

/*
 * libdebuginfod calls this about once a second while a transfer runs,
 * whatever the server sends (measured with 0.188: also while a server
 * accepts and stays silent): nonzero stops it.  The cap is on the whole
 * query; a silent server is stopped sooner by DEBUGINFOD_TIMEOUT.
 */
static int progress(debuginfod_client *c, long a, long b)
{
	struct smk_debuginfod *d = get_user_data ? get_user_data(c) : NULL;

	(void)a;
	(void)b;
	if (d && since(&d->start) > (double)d->timeout * whole_query_factor) {
		d->cancelled = true;
		return 1;
	}
	return 0;
}

struct smk_error *smk_debuginfod_create(const char *urls,
					smk_debuginfod_report_fn *report,
					void *arg,
					struct smk_debuginfod **ret)
{
	struct smk_debuginfod *d;
	const char *t;

	*ret = NULL;
	if (!urls || !urls[strspn(urls, " \t\n")])
		return NULL;
	d = calloc(1, sizeof(*d));
	if (!d || !(d->urls = strdup(urls))) {
		free(d);
		return &smk_error_nomem;
	}
	d->report = report;
	d->report_arg = arg;
	t = getenv("DEBUGINFOD_TIMEOUT");
	d->timeout = t && atoi(t) > 0 ? atoi(t) : default_timeout;
	*ret = d;
	return NULL;
}

static bool load(struct smk_debuginfod *d)
{
	static const char *const names[] = {
		"debuginfod_begin", "debuginfod_end",
		"debuginfod_find_debuginfo", "debuginfod_find_executable",
		"debuginfod_set_progressfn", "debuginfod_set_user_data",
		"debuginfod_get_user_data",
	};
	void **slots[] = {
		(void **)&d->api.begin, (void **)&d->api.end,
		(void **)&d->api.find_debuginfo,
		(void **)&d->api.find_executable,
		(void **)&d->api.set_progressfn,
		(void **)&d->api.set_user_data,
		(void **)&d->api.get_user_data,
	};
	size_t i;

	if (d->tried_load)
		return d->client;
	d->tried_load = true;
	d->dl = dlopen("libdebuginfod.so.1", RTLD_LAZY | RTLD_LOCAL);
	if (!d->dl) {
		if (asprintf(&d->load_reason, "libdebuginfod.so.1 cannot be "
			     "loaded (%s): install libdebuginfod1",
			     dlerror()) < 0)
			d->load_reason = NULL;
		return false;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		*slots[i] = dlsym(d->dl, names[i]);
		if (!*slots[i]) {
			if (asprintf(&d->load_reason, "libdebuginfod.so.1 has "
				     "no %s", names[i]) < 0)
				d->load_reason = NULL;
			return false;
		}
	}
	d->client = d->api.begin();
	if (!d->client) {
		d->load_reason = strdup("libdebuginfod: cannot start a client");
		return false;
	}
	get_user_data = d->api.get_user_data;
	d->api.set_user_data(d->client, d);
	d->api.set_progressfn(d->client, progress);
	return true;
}

void smk_debuginfod_destroy(struct smk_debuginfod *d)
{
	size_t i;

	if (!d)
		return;
	if (d->client)
		d->api.end(d->client);
	if (d->dl)
		dlclose(d->dl);
	for (i = 0; i < d->nanswers; i++) {
		free(d->answers[i].path);
		free(d->answers[i].reason);
	}
	free(d->answers);
	free(d->failed);
	free(d->load_reason);
	free(d->urls);
	free(d);
}

size_t smk_debuginfod_queries(const struct smk_debuginfod *d)
{
	return d ? d->queries : 0;
}

/* libdebuginfod takes the server list from the environment only. */
static char *swap_urls(const char *urls)
{
	const char *old = getenv("DEBUGINFOD_URLS");
	char *saved = old ? strdup(old) : NULL;

	setenv("DEBUGINFOD_URLS", urls, 1);
	return saved;
}

static void restore_urls(char *saved)
{
	if (saved)
		setenv("DEBUGINFOD_URLS", saved, 1);
	else
		unsetenv("DEBUGINFOD_URLS");
	free(saved);
}

/* Ask the servers; the answer goes into @a. */
static void query(struct smk_debuginfod *d, struct answer *a)
{
	char *saved, *path = NULL, tbuf[16];
	bool set_timeout = !getenv("DEBUGINFOD_TIMEOUT");
	bool set_retry = !getenv("DEBUGINFOD_RETRY_LIMIT");
	int fd;

	if (!load(d)) {
		a->reason = strdup(d->load_reason ? d->load_reason :
				   "libdebuginfod cannot be loaded");
		return;
	}
	if (d->failed) {
		if (asprintf(&a->reason, "debuginfod: %s: %s (not asked again "
			     "in this run)", d->urls, d->failed) < 0)
			a->reason = NULL;
		return;
	}
	saved = swap_urls(d->urls);
	if (set_timeout) {
		snprintf(tbuf, sizeof(tbuf), "%d", d->timeout);
		setenv("DEBUGINFOD_TIMEOUT", tbuf, 1);
	}
	/* libdebuginfod retries a failed server twice by default: three
	 * timeouts, where one says enough. */
	if (set_retry)
		setenv("DEBUGINFOD_RETRY_LIMIT", "0", 1);
	clock_gettime(CLOCK_MONOTONIC, &d->start);
	d->cancelled = false;
	d->queries++;
	fd = (a->kind == SMK_DEBUGINFOD_DEBUGINFO ?
	      d->api.find_debuginfo : d->api.find_executable)(d->client,
							     a->id, a->len,
							     &path);
	if (set_timeout)
		unsetenv("DEBUGINFOD_TIMEOUT");
	if (set_retry)
		unsetenv("DEBUGINFOD_RETRY_LIMIT");
	restore_urls(saved);
	if (fd >= 0) {
		close(fd);	/* reopened by the caller, as often as needed */
		a->path = path;
		return;
	}
	free(path);
	/* A cancelled transfer comes back as -ENOENT: look at ours first. */
	if (fd == -ENOENT && !d->cancelled) {
		if (asprintf(&a->reason, "not on the debuginfod servers (%s)",
			     d->urls) < 0)
			a->reason = NULL;
		return;
	}
	if (d->cancelled) {
		if (asprintf(&d->failed, "query stopped after %.1f s (our cap: "
			     "%d times DEBUGINFOD_TIMEOUT=%d)", since(&d->start),
			     whole_query_factor, d->timeout) < 0)
			d->failed = NULL;
	} else if (fd == -ETIME || fd == -ETIMEDOUT) {
		if (asprintf(&d->failed, "timed out (%.1f s; "
			     "DEBUGINFOD_TIMEOUT=%d)", since(&d->start),
			     d->timeout) < 0)
			d->failed = NULL;
	} else {
		d->failed = strdup(strerror(-fd));
	}
	if (!d->failed)
		d->failed = strdup("failed");
	if (d->report && d->failed)
		d->report(d->report_arg, d->urls, d->failed);
	if (asprintf(&a->reason, "debuginfod: %s: %s", d->urls,
		     d->failed ? d->failed : "failed") < 0)
		a->reason = NULL;
}

int smk_debuginfod_find(struct smk_debuginfod *d,
			enum smk_debuginfod_kind kind,
			const unsigned char *id, size_t len,
			const char **path, const char **reason)
{
	struct answer *a = NULL, *v;
	size_t i;
	int fd;

	*path = NULL;
	*reason = NULL;
	if (!d || !len || len > sizeof(a->id))
		return -1;
	for (i = 0; i < d->nanswers; i++) {
		if (d->answers[i].kind == kind && d->answers[i].len == len &&
		    !memcmp(d->answers[i].id, id, len)) {
			a = &d->answers[i];
			break;
		}
	}
	if (!a) {
		v = realloc(d->answers, (d->nanswers + 1) * sizeof(*v));
		if (!v) {
			*reason = "out of memory";
			return -1;
		}
		d->answers = v;
		a = &v[d->nanswers++];
		memset(a, 0, sizeof(*a));
		a->kind = kind;
		memcpy(a->id, id, len);
		a->len = len;
		query(d, a);
	}
	if (a->path) {
		fd = open(a->path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			*path = a->path;
			return fd;
		}
		*reason = "the downloaded file went away";
		return -1;
	}
	*reason = a->reason ? a->reason : "out of memory";
	return -1;
}

void smk_debuginfod_refuse(struct smk_debuginfod *d, const char *path,
			   const char *why)
{
	char *copy;
	size_t i;

	if (!d || !path || !(copy = strdup(path)))
		return;
	unlink(copy);
	for (i = 0; i < d->nanswers; i++) {
		struct answer *a = &d->answers[i];

		if (!a->path || strcmp(a->path, copy))
			continue;
		free(a->reason);
		a->reason = strdup(why);
		free(a->path);
		a->path = NULL;
	}
	free(copy);
}

const char *smk_debuginfod_urls(const struct smk_debuginfod *d)
{
	return d ? d->urls : NULL;
}

/* The run's client: one per process, as the tools are one run each. */
static struct {
	bool configured, off;
	const char *urls;
	bool made;
	struct smk_debuginfod *client;
} run;

void smk_debuginfod_configure(bool on, const char *urls)
{
	run.configured = true;
	run.off = !on;
	run.urls = urls;
	if (!on)	/* nor libdwfl on its own, wherever it might */
		unsetenv("DEBUGINFOD_URLS");
}

void smk_debuginfod_disable(void)
{
	run.configured = true;
	run.off = true;
}

static void report_warn(void *arg, const char *url, const char *reason)
{
	(void)arg;
	smk_warn("debuginfod: %s: %s", url, reason);
}

struct smk_debuginfod *smk_debuginfod_default(void)
{
	struct smk_error *err;

	if (run.made)
		return run.client;
	run.made = true;
	if (run.off)
		return NULL;
	err = smk_debuginfod_create(run.urls ? run.urls :
				    getenv("DEBUGINFOD_URLS"), report_warn,
				    NULL, &run.client);
	if (err)
		smk_error_destroy(err);
	return run.client;
}
