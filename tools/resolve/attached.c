// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * marker-resolve list and watch: what attach left in tracefs, as perf
 * probe -l shows it, and its events live.
 *
 * "Ours" is a group with a record (tracefs.h: attach writes one per
 * group) or a name of the convention ("simple", "simple_<pid>"); other
 * groups are someone else's and are listed only when asked for by name.
 * kprobe_profile and uprobe_profile name events without their group, so
 * a hit count is shown only when no other group has an event of that name
 * (on that file, for uprobes).
 *
 * watch reads a private instance of its own ("smkwatch_<pid>"): the
 * group's events are enabled there, so the top-level buffer and other
 * readers are untouched and reading its trace_pipe consumes only our
 * copy.  The instance is removed on exit, on SIGINT/SIGTERM too.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "smk/ftrace.h"
#include "smk/json.h"
#include "smk/tracefs.h"
#include "commands.h"

static const char *prog = "marker-resolve";

static void report(const char *sub, struct smk_error *err)
{
	fprintf(stderr, "%s %s: %s\n", prog, sub, err->message);
	smk_error_destroy(err);
}

static bool convention_group(const char *g)
{
	size_t n = sizeof(SMK_TRACEFS_GROUP) - 1;
	const char *p;

	if (!strcmp(g, SMK_TRACEFS_GROUP))
		return true;
	if (strncmp(g, SMK_TRACEFS_GROUP, n) || g[n] != '_' || !g[n + 1])
		return false;
	for (p = g + n + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

static const struct smk_tracefs_record *
find_record(const struct smk_tracefs_record *r, size_t n, const char *group,
	    const char *event)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((!group || !strcmp(r[i].group, group)) &&
		    !strcmp(r[i].event, event))
			return &r[i];
	return NULL;
}

static bool recorded_group(const struct smk_tracefs_record *r, size_t n,
			   const char *group)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(r[i].group, group))
			return true;
	return false;
}

/* The path of a uprobe entry's target ("p:G/E /path:0x10 ..."), in @buf. */
static const char *entry_path(const struct smk_tracefs_entry *e, char *buf,
			      size_t size)
{
	const char *t = strchr(e->line, ' '), *end, *colon = NULL;

	if (!t)
		return NULL;
	t++;
	end = t + strcspn(t, " ");
	for (const char *p = t; p < end; p++)
		if (*p == ':')
			colon = p;
	if (!colon || (size_t)(colon - t) >= size)
		return NULL;
	memcpy(buf, t, colon - t);
	buf[colon - t] = '\0';
	return buf;
}

static void usage_list(FILE *f)
{
	fprintf(f,
"usage: marker-resolve list [-g GROUP] [--format=text|json]\n"
"The events marker-resolve attached (groups with a record in\n"
"$SMK_STATE_DIR or /run/simple-marker, and groups simple, simple_PID),\n"
"with their markers, enable state, hit counts and definitions.\n");
}

static void json_str(const char *k, const char *v, bool comma)
{
	printf("\"%s\": ", k);
	if (v)
		smk_json_string(stdout, v);
	else
		fputs("null", stdout);
	if (comma)
		fputs(", ", stdout);
}

int cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "group", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct smk_tracefs_record *rec = NULL;
	struct smk_tracefs_entry *e = NULL;
	struct smk_tracefs *t = NULL;
	struct smk_error *err;
	const char *group = NULL;
	size_t nrec = 0, n = 0, i, j, nshown = 0;
	bool json = false;
	int c, rc = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "g:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			group = optarg;
			break;
		case 'F':
			if (!strcmp(optarg, "json")) {
				json = true;
			} else if (strcmp(optarg, "text")) {
				fprintf(stderr, "%s list: unknown format "
					"'%s'\n", prog, optarg);
				return 2;
			}
			break;
		case 'h':
			usage_list(stdout);
			return 0;
		default:
			usage_list(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "%s list: takes no files ('%s')\n", prog,
			argv[optind]);
		usage_list(stderr);
		return 2;
	}
	if (group) {
		err = smk_probe_name_check("group name", group);
		if (err) {
			report("list", err);
			return 2;
		}
	}
	err = smk_tracefs_open(&t, true);
	if (!err)
		err = smk_tracefs_record_read(NULL, &rec, &nrec);
	/* Every group's lines: a hit count needs to know the others. */
	if (!err)
		err = smk_tracefs_list(t, 0, NULL, &e, &n);
	if (err) {
		report("list", err);
		rc = 1;
		goto out;
	}
	if (json)
		printf("{\n  \"version\": 1,\n  \"events\": [");
	for (i = 0; i < n; i++) {
		const struct smk_tracefs_record *r;
		unsigned long long hits = 0;
		bool found = false, shared = false;
		char pathbuf[4096];
		const char *path = NULL;
		int on = -1;

		if (group ? strcmp(e[i].group, group) :
		    !convention_group(e[i].group) &&
		    !recorded_group(rec, nrec, e[i].group))
			continue;
		/* One block per event, its probes' lines together. */
		for (j = 0; j < i; j++)
			if (!strcmp(e[j].group, e[i].group) &&
			    !strcmp(e[j].event, e[i].event))
				break;
		if (j < i)
			continue;
		if (e[i].kind == 'u')
			path = entry_path(&e[i], pathbuf, sizeof(pathbuf));
		for (j = 0; j < n && !shared; j++) {
			char other[4096];
			const char *op;

			if (e[j].kind != e[i].kind ||
			    strcmp(e[j].event, e[i].event) ||
			    !strcmp(e[j].group, e[i].group))
				continue;
			op = e[j].kind == 'u' ?
			     entry_path(&e[j], other, sizeof(other)) : NULL;
			shared = e[j].kind == 'k' || !path || !op ||
				 !strcmp(op, path);
		}
		err = smk_tracefs_enabled(t, e[i].group, e[i].event, &on);
		if (err) {
			smk_error_destroy(err);
			on = -1;
		}
		if (!shared) {
			err = smk_tracefs_hits(t, e[i].kind, e[i].event, path,
					       &hits, &found);
			if (err) {
				smk_error_destroy(err);
				found = false;
			}
		}
		r = find_record(rec, nrec, e[i].group, e[i].event);
		if (json) {
			printf("%s\n    {", nshown ? "," : "");
			json_str("group", e[i].group, true);
			json_str("event", e[i].event, true);
			json_str("kind", e[i].kind == 'u' ? "uprobe" :
				 "kprobe", true);
			json_str("marker", r ? r->marker : NULL, true);
			json_str("source", r && *r->source ? r->source : NULL,
				 true);
			printf("\"enabled\": %s, ", on < 0 ? "null" :
			       on ? "true" : "false");
			if (found)
				printf("\"hits\": %llu, ", hits);
			else
				printf("\"hits\": null, ");
			printf("\"definitions\": [");
		} else {
			printf("%s/%s (%s", e[i].group, e[i].event,
			       on < 0 ? "partly enabled" :
			       on ? "enabled" : "disabled");
			if (found)
				printf(", %llu hit%s", hits,
				       hits == 1 ? "" : "s");
			else if (shared)
				printf(", hits unknown: another group has an "
				       "event of this name");
			printf(")");
			if (r)
				printf(": %s%s%s", r->marker,
				       *r->source ? " at " : "", r->source);
			printf("\n");
		}
		for (j = i; j < n; j++) {
			if (strcmp(e[j].group, e[i].group) ||
			    strcmp(e[j].event, e[i].event))
				continue;
			if (json) {
				printf("%s", j > i ? ", " : "");
				smk_json_string(stdout, e[j].line);
			} else {
				printf("    %s\n", e[j].line);
			}
		}
		if (json)
			printf("]}");
		nshown++;
	}
	if (json)
		printf("%s]\n}\n", nshown ? "\n  " : "");
	/* A record whose events are gone: say so, never act on it. */
	for (i = 0; i < nrec; i++) {
		if (group && strcmp(rec[i].group, group))
			continue;
		for (j = 0; j < n; j++)
			if (!strcmp(e[j].group, rec[i].group) &&
			    !strcmp(e[j].event, rec[i].event))
				break;
		if (j == n)
			fprintf(stderr, "%s list: warning: %s/%s: recorded in "
				"%s but not in tracefs (removed by hand, or "
				"a reboot)\n", prog, rec[i].group,
				rec[i].event, smk_tracefs_record_dir());
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s list: writing output: %s\n", prog,
			strerror(errno));
		rc = 1;
	}
out:
	smk_tracefs_entries_destroy(e, n);
	smk_tracefs_records_destroy(rec, nrec);
	smk_tracefs_destroy(t);
	return rc;
}

static volatile sig_atomic_t stopped;

static void on_signal(int sig)
{
	(void)sig;
	stopped = 1;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void usage_watch(FILE *f)
{
	fprintf(f,
"usage: marker-resolve watch [-g GROUP] [-c COUNT] [--timeout SECONDS]\n"
"Print the events of an attached group as they happen (ftrace text, each\n"
"line followed by the marker it belongs to), from a private tracefs\n"
"instance, until interrupted, COUNT events or SECONDS.  -g may be left out\n"
"when exactly one group is attached.\n");
}

/* One line of trace_pipe, with its marker when the record knows it. */
static bool watch_line(const char *line, const struct smk_tracefs_record *rec,
		       size_t nrec, const char *group)
{
	struct smk_ftrace_event ev;
	const struct smk_tracefs_record *r;
	char *copy = strdup(line);
	bool event;

	if (!copy) {
		fputs(line, stdout);
		putchar('\n');
		return false;
	}
	event = smk_ftrace_parse(copy, &ev);
	r = event ? find_record(rec, nrec, group, ev.event) : NULL;
	fputs(line, stdout);
	if (r)
		printf(", marker = { name = \"%s\", src = \"%s\" }", r->marker,
		       r->source);
	putchar('\n');
	fflush(stdout);
	free(copy);
	return event;
}

/* The only group of ours with events, or NULL (none, or several). */
static char *only_group(struct smk_tracefs *t,
			const struct smk_tracefs_record *rec, size_t nrec,
			struct smk_error **err)
{
	struct smk_tracefs_entry *e;
	char *found = NULL;
	size_t n, i;

	*err = smk_tracefs_list(t, 0, NULL, &e, &n);
	if (*err)
		return NULL;
	for (i = 0; i < n; i++) {
		if (!convention_group(e[i].group) &&
		    !recorded_group(rec, nrec, e[i].group))
			continue;
		if (found && strcmp(found, e[i].group)) {
			free(found);
			found = NULL;
			*err = smk_error_create(SMK_ERROR_INVALID,
						"several groups are attached: "
						"choose one with -g (marker-resolve list)");
			break;
		}
		if (!found && !(found = strdup(e[i].group))) {
			*err = &smk_error_nomem;
			break;
		}
	}
	if (!found && !*err)
		*err = smk_error_create(SMK_ERROR_NOT_FOUND,
					"nothing is attached (marker-resolve attach FILE)");
	smk_tracefs_entries_destroy(e, n);
	return found;
}

int cmd_watch(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "group", required_argument, NULL, 'g' },
		{ "count", required_argument, NULL, 'c' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct smk_tracefs_record *rec = NULL;
	struct smk_tracefs_entry *e = NULL;
	struct smk_tracefs *t = NULL;
	struct smk_error *err;
	char inst[SMK_PROBE_NAME_MAX + 1], *group = NULL, *end;
	char buf[8192], *pending = NULL;
	size_t nrec = 0, n = 0, i, npend = 0;
	unsigned long count = 0, seen = 0;
	double timeout = 0, deadline = 0;
	bool made = false;
	int c, rc = 0, fd = -1;
	struct sigaction sa = { .sa_handler = on_signal };

	optind = 1;
	while ((c = getopt_long(argc, argv, "g:c:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			free(group);
			group = strdup(optarg);
			if (!group) {
				fprintf(stderr, "%s watch: out of memory\n",
					prog);
				return 1;
			}
			break;
		case 'c':
			errno = 0;
			count = strtoul(optarg, &end, 10);
			if (errno || *end || !*optarg || !count ||
			    optarg[0] == '-') {
				fprintf(stderr, "%s watch: -c '%s': not a "
					"positive count\n", prog, optarg);
				free(group);
				return 2;
			}
			break;
		case 'T':
			timeout = strtod(optarg, &end);
			if (*end || !*optarg || !(timeout > 0)) {
				fprintf(stderr, "%s watch: --timeout '%s': "
					"not a positive number of seconds\n",
					prog, optarg);
				free(group);
				return 2;
			}
			break;
		case 'h':
			usage_watch(stdout);
			free(group);
			return 0;
		default:
			usage_watch(stderr);
			free(group);
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "%s watch: takes no files ('%s')\n", prog,
			argv[optind]);
		free(group);
		return 2;
	}
	if (group && (err = smk_probe_name_check("group name", group))) {
		report("watch", err);
		free(group);
		return 2;
	}
	err = smk_tracefs_open(&t, true);
	if (!err)
		err = smk_tracefs_record_read(NULL, &rec, &nrec);
	if (!err && !group)
		group = only_group(t, rec, nrec, &err);
	if (!err)
		err = smk_tracefs_list(t, 0, group, &e, &n);
	if (!err && !n)
		err = smk_error_create(SMK_ERROR_NOT_FOUND,
				       "group %s: no events (marker-resolve list shows what is attached)",
				       group);
	if (!err)
		err = smk_tracefs_group_name(inst, "smkwatch", getpid());
	if (!err)
		err = smk_tracefs_instance(t, inst, true);
	if (err)
		goto fail;
	made = true;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	for (i = 0; i < n && !err; i++)
		if (!i || strcmp(e[i].event, e[i - 1].event))
			err = smk_tracefs_enable(t, group, e[i].event, true);
	if (!err)
		err = smk_tracefs_open_pipe(t, &fd);
	if (err)
		goto fail;
	fprintf(stderr, "%s watch: group %s, instance %s/instances/%s; "
		"interrupt to stop\n", prog, group, smk_tracefs_path(t), inst);
	if (timeout)
		deadline = now() + timeout;
	while (!stopped && (!count || seen < count)) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int wait_ms = 200;
		ssize_t r;
		char *p, *nl;

		if (deadline) {
			double left = deadline - now();

			if (left <= 0)
				break;
			if (left * 1000 < wait_ms)
				wait_ms = (int)(left * 1000) + 1;
		}
		if (poll(&pfd, 1, wait_ms) <= 0)
			continue;
		r = read(fd, buf, sizeof(buf));
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (r <= 0) {
			if (r < 0)
				err = smk_error_errno(errno, "%s: trace_pipe",
						      inst);
			break;
		}
		p = realloc(pending, npend + r + 1);
		if (!p) {
			err = &smk_error_nomem;
			break;
		}
		pending = p;
		memcpy(pending + npend, buf, r);
		npend += r;
		pending[npend] = '\0';
		p = pending;
		while ((!count || seen < count) && (nl = strchr(p, '\n'))) {
			*nl = '\0';
			if (watch_line(p, rec, nrec, group))
				seen++;
			p = nl + 1;
		}
		npend -= p - pending;
		memmove(pending, p, npend + 1);
	}
fail:
	if (err) {
		report("watch", err);
		rc = 1;
	}
	if (fd >= 0)
		close(fd);
	if (made) {
		for (i = 0; i < n; i++)
			if (!i || strcmp(e[i].event, e[i - 1].event)) {
				err = smk_tracefs_enable(t, group, e[i].event,
							 false);
				smk_error_destroy(err);
			}
		/*
		 * rmdir is EBUSY while anyone holds a file of the instance
		 * open, as a tool enumerating every instance's enable files
		 * does for a moment: retry for a few seconds.
		 */
		for (i = 0;; i++) {
			err = smk_tracefs_instance_remove(t, inst);
			if (!err || i == 50 ||
			    !strstr(err->message, strerror(EBUSY)))
				break;
			smk_error_destroy(err);
			usleep(100 * 1000);
		}
		if (err) {
			report("watch", err);
			rc = 1;
		}
	}
	if (!rc)
		fprintf(stderr, "%s watch: %lu event%s\n", prog, seen,
			seen == 1 ? "" : "s");
	free(pending);
	free(group);
	smk_tracefs_entries_destroy(e, n);
	smk_tracefs_records_destroy(rec, nrec);
	smk_tracefs_destroy(t);
	return rc;
}
