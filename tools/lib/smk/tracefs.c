// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * tracefs I/O.  The dangerous part of tracefs is how little it takes to
 * hurt someone else: a truncating open of kprobe_events deletes every probe
 * on the system, "-:GRP/EV" deletes any event, and an enabled event cannot
 * be removed.  So every write goes through write_line() (O_APPEND, one
 * write() per definition), every name that reaches a path or a command is
 * checked first, and group-level operations list the files and act only on
 * the lines of that group.
 *
 * The kernel says why it refused a definition in error_log (shared with
 * everyone, at most 10 entries), not in errno: after a failed write the
 * last entry whose "Command:" is our line is ours.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "tracefs.h"

enum { TRACEFS_MAGIC = 0x74726163, READ_MAX = 64 << 20 };

static const char default_mount[] = "/sys/kernel/tracing";
static const char debugfs_dir[] = "/sys/kernel/debug/tracing";

struct smk_tracefs {
	char *path;
	int dirfd;
	char *instance;		/* NULL: the top level */
};

static const char *events_file(char kind)
{
	return kind == 'k' ? "kprobe_events" : "uprobe_events";
}

static bool is_tracefs(const char *dir)
{
	struct statfs sfs;

	return statfs(dir, &sfs) == 0 && sfs.f_type == TRACEFS_MAGIC;
}

struct smk_error *smk_tracefs_open_at(struct smk_tracefs **ret,
				      const char *dir)
{
	struct smk_tracefs *t;

	*ret = NULL;
	if (!is_tracefs(dir))
		return smk_error_create(SMK_ERROR_NOT_FOUND,
					"%s: not a tracefs mount", dir);
	t = calloc(1, sizeof(*t));
	if (!t)
		return &smk_error_nomem;
	t->path = strdup(dir);
	if (!t->path) {
		free(t);
		return &smk_error_nomem;
	}
	t->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (t->dirfd < 0) {
		int e = errno;

		free(t->path);
		free(t);
		return smk_error_errno(e, "%s", dir);
	}
	*ret = t;
	return NULL;
}

/* Undo /proc/mounts octal escapes (\040 for a space) in place. */
static void unescape_mount(char *s)
{
	char *o = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*o++ = (s[1] - '0') << 6 | (s[2] - '0') << 3 |
			       (s[3] - '0');
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
}

static char *find_mounted(void)
{
	char *line = NULL, *found = NULL;
	size_t cap = 0;
	FILE *f;

	f = fopen("/proc/mounts", "re");
	if (!f)
		return NULL;
	while (!found && getline(&line, &cap, f) > 0) {
		char dev[256], dir[4096], type[64];

		if (sscanf(line, "%255s %4095s %63s", dev, dir, type) != 3 ||
		    strcmp(type, "tracefs"))
			continue;
		unescape_mount(dir);
		if (is_tracefs(dir))
			found = strdup(dir);
	}
	free(line);
	fclose(f);
	return found;
}

struct smk_error *smk_tracefs_open(struct smk_tracefs **ret, bool mount_it)
{
	struct smk_error *err;
	char *dir;

	*ret = NULL;
	/* The usual place first: a private mount elsewhere may be gone soon. */
	if (is_tracefs(default_mount))
		return smk_tracefs_open_at(ret, default_mount);
	dir = find_mounted();
	if (dir) {
		err = smk_tracefs_open_at(ret, dir);
		free(dir);
		return err;
	}
	/* statfs on it mounts tracefs there when debugfs is mounted */
	if (is_tracefs(debugfs_dir))
		return smk_tracefs_open_at(ret, debugfs_dir);
	if (!mount_it)
		return smk_error_create(SMK_ERROR_NOT_FOUND,
					"tracefs is not mounted (mount -t tracefs nodev %s)",
					default_mount);
	if (mount("nodev", default_mount, "tracefs", 0, NULL) < 0)
		return smk_error_errno(errno, "mount -t tracefs nodev %s",
				       default_mount);
	return smk_tracefs_open_at(ret, default_mount);
}

void smk_tracefs_destroy(struct smk_tracefs *t)
{
	if (!t)
		return;
	if (t->dirfd >= 0)
		close(t->dirfd);
	free(t->path);
	free(t->instance);
	free(t);
}

const char *smk_tracefs_path(const struct smk_tracefs *t)
{
	return t->path;
}

struct smk_error *smk_tracefs_group_name(char *buf, const char *prefix,
					 pid_t pid)
{
	struct smk_error *err = smk_probe_name_check("group prefix", prefix);
	int n;

	if (err)
		return err;
	n = snprintf(buf, SMK_PROBE_NAME_MAX + 1, "%s_%ld", prefix,
		     (long)pid);
	if (n > SMK_PROBE_NAME_MAX)
		return smk_error_create(SMK_ERROR_INVALID,
					"group prefix \"%s\": too long", prefix);
	return NULL;
}

/*
 * The whole of @file (relative to the tracefs root) in a new string; a
 * missing file is *@buf NULL and no error when @missing_ok.
 */
static struct smk_error *read_file(struct smk_tracefs *t, const char *file,
				   bool missing_ok, char **buf)
{
	size_t len = 0, cap = 4096;
	char *s = NULL, *tmp;
	ssize_t r;
	int fd, e;

	*buf = NULL;
	fd = openat(t->dirfd, file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT && missing_ok)
			return NULL;
		return smk_error_errno(errno, "%s/%s", t->path, file);
	}
	for (;;) {
		if (!s || cap - len < 2) {
			if (s)
				cap *= 2;
			tmp = cap > READ_MAX ? NULL : realloc(s, cap);
			if (!tmp) {
				free(s);
				close(fd);
				return cap > READ_MAX ?
				       smk_error_create(SMK_ERROR_IO,
							"%s/%s: too large",
							t->path, file) :
				       &smk_error_nomem;
			}
			s = tmp;
		}
		r = read(fd, s + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			e = errno;
			free(s);
			close(fd);
			return smk_error_errno(e, "%s/%s", t->path, file);
		}
		if (!r)
			break;
		len += r;
	}
	close(fd);
	s[len] = '\0';
	*buf = s;
	return NULL;
}

/*
 * The kernel's explanation of why @cmd failed: the last error_log entry
 * whose command is @cmd, as "MESSAGE (at "REST")"; NULL if none, or if
 * that entry's "[timestamp]" is @old (an earlier failure of the same
 * command, still in the log).  *@stamp (if not NULL) gets that entry's
 * timestamp, "" if none.
 */
static char *kernel_reason(struct smk_tracefs *t, const char *cmd,
			   const char *old, char *stamp, size_t stamp_size)
{
	static const char tag[] = "  Command: ";
	const size_t ntag = sizeof(tag) - 1;
	char *log, *line, *next, *prev = NULL, *reason = NULL;
	struct smk_error *err;

	if (stamp)
		stamp[0] = '\0';
	err = read_file(t, "error_log", true, &log);
	if (err)
		smk_error_destroy(err);
	if (err || !log)
		return NULL;
	for (line = log; *line; prev = line, line = next) {
		const char *m, *caret;
		size_t eol;
		long at = -1;
		int r;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!prev || strncmp(line, tag, ntag) ||
		    strcmp(line + ntag, cmd))
			continue;
		/* "[ 1844.365156] trace_uprobe: error: MESSAGE" */
		if (stamp)
			snprintf(stamp, stamp_size, "%.*s",
				 (int)strcspn(prev, "]"), prev);
		m = strstr(prev, "error: ");
		m = m ? m + 7 : prev;
		/* the next line has a '^' under the offending text */
		eol = strcspn(next, "\n");
		caret = memchr(next, '^', eol);
		if (caret && caret - next >= (long)ntag)
			at = caret - next - ntag;
		free(reason);
		if (at > 0 && (size_t)at < strlen(cmd))
			r = asprintf(&reason, "%s (at \"%s\")", m, cmd + at);
		else
			r = asprintf(&reason, "%s", m);
		if (r < 0)
			reason = NULL;
	}
	free(log);
	if (reason && old && stamp && !strcmp(old, stamp)) {
		free(reason);
		reason = NULL;
	}
	return reason;
}

/* One command, one write(), appended. */
static struct smk_error *write_cmd(struct smk_tracefs *t, const char *file,
				   const char *cmd)
{
	size_t len = strlen(cmd);
	char *buf = malloc(len + 2), old[64], stamp[64];
	ssize_t r;
	int fd, e;

	if (!buf)
		return &smk_error_nomem;
	/* an earlier failure of the same command may still be logged */
	free(kernel_reason(t, cmd, NULL, old, sizeof(old)));
	memcpy(buf, cmd, len);
	buf[len] = '\n';
	buf[len + 1] = '\0';
	fd = openat(t->dirfd, file, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		free(buf);
		return smk_error_errno(e, "%s/%s", t->path, file);
	}
	do
		r = write(fd, buf, len + 1);
	while (r < 0 && errno == EINTR);
	e = errno;
	close(fd);
	free(buf);
	if (r < 0) {
		char *why = kernel_reason(t, cmd, old, stamp, sizeof(stamp));
		struct smk_error *err;

		/* a definition the kernel refused is INVALID */
		if (why)
			err = smk_error_create(e == ENOENT ? SMK_ERROR_NOT_FOUND :
					       e == EINVAL || e == EEXIST ||
					       e == E2BIG ? SMK_ERROR_INVALID :
					       SMK_ERROR_IO,
					       "%s: \"%s\": %s: %s", file, cmd,
					       strerror(e), why);
		else
			err = smk_error_errno(e, "%s: \"%s\"", file, cmd);
		free(why);
		return err;
	}
	if ((size_t)r != len + 1)
		return smk_error_create(SMK_ERROR_IO,
					"%s: \"%s\": short write (%zd of %zu)",
					file, cmd, r, len + 1);
	return NULL;
}

struct smk_error *smk_tracefs_add(struct smk_tracefs *t, char kind,
				  const char *line)
{
	struct smk_probe_event ev;
	struct smk_error *err;
	char *canon = NULL;

	if (kind != 'k' && kind != 'u')
		return smk_error_create(SMK_ERROR_INVALID,
					"probe file kind \\x%02x: neither 'k' nor 'u'",
					(unsigned char)kind);
	err = smk_probe_event_parse(line, &ev);
	if (!err)
		err = smk_probe_event_format(&ev, &canon);
	if (!err && strcmp(canon, line))
		err = smk_error_create(SMK_ERROR_INVALID,
				       "probe definition \"%s\": not in canonical form (\"%s\")",
				       line, canon);
	if (!err && smk_probe_event_file_kind(&ev) != kind)
		err = smk_error_create(SMK_ERROR_INVALID,
				       "probe definition \"%s\": a %s target does not go to %s",
				       line, kind == 'u' ? "kprobe" : "uprobe",
				       events_file(kind));
	if (!err)
		err = write_cmd(t, events_file(kind), canon);
	free(canon);
	smk_probe_event_deinit(&ev);
	return err;
}

static struct smk_error *check_names(const char *group, const char *event)
{
	struct smk_error *err = smk_probe_name_check("group name", group);

	if (!err)
		err = smk_probe_name_check("event name", event);
	return err;
}

/* Write "0"/"1" to an enable file; a missing file is ENOENT. */
static int write_enable(struct smk_tracefs *t, const char *path, bool on)
{
	int fd = openat(t->dirfd, path, O_WRONLY | O_CLOEXEC);
	ssize_t r;
	int e;

	if (fd < 0)
		return errno;
	r = write(fd, on ? "1" : "0", 1);
	e = errno;
	close(fd);
	return r == 1 ? 0 : r < 0 ? e : EIO;
}

struct smk_error *smk_tracefs_enable(struct smk_tracefs *t, const char *group,
				     const char *event, bool on)
{
	struct smk_error *err = check_names(group, event);
	char path[512];
	int e;

	if (err)
		return err;
	if (t->instance)
		snprintf(path, sizeof(path), "instances/%s/events/%s/%s/enable",
			 t->instance, group, event);
	else
		snprintf(path, sizeof(path), "events/%s/%s/enable", group,
			 event);
	e = write_enable(t, path, on);
	if (e)
		return smk_error_errno(e, "%s/%s: %s", t->path, path,
				       on ? "enable" : "disable");
	return NULL;
}

/* Disable GROUP/EVENT at the top level and in every instance. */
static struct smk_error *disable_everywhere(struct smk_tracefs *t,
					    const char *group,
					    const char *event)
{
	struct smk_error *err = NULL;
	struct dirent *d;
	char path[512];
	DIR *dir;
	int fd, e;

	snprintf(path, sizeof(path), "events/%s/%s/enable", group, event);
	e = write_enable(t, path, false);
	/* ENOENT/ENODEV: the event is gone already (a concurrent detach). */
	if (e && e != ENOENT && e != ENODEV)
		return smk_error_errno(e, "%s/%s: disable", t->path, path);
	fd = openat(t->dirfd, "instances", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return NULL;
	}
	while (!err && (d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path),
			     "instances/%s/events/%s/%s/enable", d->d_name,
			     group, event) >= (int)sizeof(path))
			continue;
		e = write_enable(t, path, false);
		if (e && e != ENOENT && e != ENODEV)
			err = smk_error_errno(e, "%s/%s: disable", t->path,
					      path);
	}
	closedir(dir);
	return err;
}

struct smk_error *smk_tracefs_remove(struct smk_tracefs *t, char kind,
				     const char *group, const char *event)
{
	struct smk_error *err = check_names(group, event);
	char cmd[2 * SMK_PROBE_NAME_MAX + 4];

	if (err)
		return err;
	if (kind != 'k' && kind != 'u')
		return smk_error_create(SMK_ERROR_INVALID,
					"probe file kind \\x%02x: neither 'k' nor 'u'",
					(unsigned char)kind);
	err = disable_everywhere(t, group, event);
	if (err)
		return err;
	snprintf(cmd, sizeof(cmd), "-:%s/%s", group, event);
	err = write_cmd(t, events_file(kind), cmd);
	/* Removing what is already gone is done, not failed. */
	if (err && err->code == SMK_ERROR_NOT_FOUND) {
		smk_error_destroy(err);
		err = NULL;
	}
	return err;
}

void smk_tracefs_entries_destroy(struct smk_tracefs_entry *e, size_t n)
{
	size_t i;

	for (i = 0; e && i < n; i++)
		free(e[i].line);
	free(e);
}

/* "p:GROUP/EVENT ..." or "r[N]:GROUP/EVENT ...": the names; false if the
 * line does not look like that (nothing we would touch). */
static bool entry_names(const char *line, struct smk_tracefs_entry *e)
{
	const char *p = line, *slash, *end;

	if (*p != 'p' && *p != 'r')
		return false;
	p++;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p++ != ':')
		return false;
	slash = strchr(p, '/');
	end = p + strcspn(p, " \t");
	if (!slash || slash > end || slash == p || end == slash + 1 ||
	    slash - p > SMK_PROBE_NAME_MAX ||
	    end - slash - 1 > SMK_PROBE_NAME_MAX)
		return false;
	memcpy(e->group, p, slash - p);
	e->group[slash - p] = '\0';
	memcpy(e->event, slash + 1, end - slash - 1);
	e->event[end - slash - 1] = '\0';
	return true;
}

static struct smk_error *list_one(struct smk_tracefs *t, char kind,
				  const char *group,
				  struct smk_tracefs_entry **ret, size_t *n)
{
	struct smk_error *err;
	char *buf, *line, *next;

	err = read_file(t, events_file(kind), true, &buf);
	if (err || !buf)
		return err;
	for (line = buf; *line; line = next) {
		struct smk_tracefs_entry e = { .kind = kind }, *tmp;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!entry_names(line, &e) ||
		    (group && strcmp(group, e.group)))
			continue;
		tmp = realloc(*ret, (*n + 1) * sizeof(**ret));
		if (!tmp) {
			err = &smk_error_nomem;
			break;
		}
		*ret = tmp;
		e.line = strdup(line);
		if (!e.line) {
			err = &smk_error_nomem;
			break;
		}
		(*ret)[(*n)++] = e;
	}
	free(buf);
	return err;
}

static struct smk_error *list_once(struct smk_tracefs *t, char kind,
				   const char *group,
				   struct smk_tracefs_entry **ret, size_t *n)
{
	struct smk_error *err = NULL;

	*ret = NULL;
	*n = 0;
	if (kind != 'u')
		err = list_one(t, 'k', group, ret, n);
	if (!err && kind != 'k')
		err = list_one(t, 'u', group, ret, n);
	if (err) {
		smk_tracefs_entries_destroy(*ret, *n);
		*ret = NULL;
		*n = 0;
	}
	return err;
}

static bool same_listing(const struct smk_tracefs_entry *a, size_t na,
			 const struct smk_tracefs_entry *b, size_t nb)
{
	size_t i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (a[i].kind != b[i].kind || strcmp(a[i].line, b[i].line))
			return false;
	return true;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The names of the subdirectories of @path (events/ or events/GROUP/),
 * sorted, into a new array *@names of *@n; none if @path does not exist.
 * Directories are read with a cursor, so unlike the probe files a read is
 * whole even while others add and remove events.
 */
static struct smk_error *dir_names(struct smk_tracefs *t, const char *path,
				   char ***names, size_t *n)
{
	struct smk_error *err = NULL;
	struct dirent *d;
	char **tmp;
	DIR *dir;
	int fd;

	*names = NULL;
	*n = 0;
	fd = openat(t->dirfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? NULL :
		       smk_error_errno(errno, "%s/%s", t->path, path);
	dir = fdopendir(fd);
	if (!dir) {
		err = smk_error_errno(errno, "%s/%s", t->path, path);
		close(fd);
		return err;
	}
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.' ||
		    (d->d_type != DT_DIR && d->d_type != DT_UNKNOWN) ||
		    strlen(d->d_name) > SMK_PROBE_NAME_MAX)
			continue;
		tmp = realloc(*names, (*n + 1) * sizeof(**names));
		if (!tmp || !(tmp[*n] = strdup(d->d_name))) {
			*names = tmp ? tmp : *names;
			err = &smk_error_nomem;
			break;
		}
		*names = tmp;
		(*n)++;
	}
	closedir(dir);
	if (!err)
		qsort(*names, *n, sizeof(**names), cmp_str);
	return err;
}

static void names_destroy(char **names, size_t n)
{
	size_t i;

	for (i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}

/* Does the listing name every event of @group that events/@group holds? */
static struct smk_error *covers_events_dir(struct smk_tracefs *t,
					   const char *group,
					   const struct smk_tracefs_entry *e,
					   size_t n, bool *all)
{
	char path[SMK_PROBE_NAME_MAX + 16];
	struct smk_error *err;
	size_t i, j, nn;
	char **names;

	snprintf(path, sizeof(path), "events/%s", group);
	err = dir_names(t, path, &names, &nn);
	*all = true;
	for (j = 0; !err && *all && j < nn; j++) {
		for (i = 0; i < n; i++)
			if (!strcmp(e[i].event, names[j]))
				break;
		*all = i < n;
	}
	names_destroy(names, nn);
	return err;
}

/*
 * kprobe_events and uprobe_events are seq_files walked by position: a read
 * spanning several read() calls (4 KiB each) while someone removes a probe
 * listed before ours skips lines (seen here: 12 of 100 plain reads of a
 * 200-probe group while another process removed 2,000 earlier probes).  A
 * listing must be whole or fail: read until two listings in a row agree
 * and, for one group, name every event directory of the group (both files
 * are read for that, then filtered by @kind).  If it never settles, say so.
 */
enum { LIST_TRIES = 32 };

struct smk_error *smk_tracefs_list(struct smk_tracefs *t, char kind,
				   const char *group,
				   struct smk_tracefs_entry **ret, size_t *n)
{
	struct smk_tracefs_entry *prev = NULL;
	struct smk_error *err = NULL;
	bool settled = false;
	size_t nprev = 0, i, j;
	int try;

	*ret = NULL;
	*n = 0;
	if (group)
		err = smk_probe_name_check("group name", group);
	for (try = 0; !err && !settled && try < LIST_TRIES; try++) {
		smk_tracefs_entries_destroy(prev, nprev);
		prev = *ret;
		nprev = *n;
		err = list_once(t, group ? 0 : kind, group, ret, n);
		settled = !err && try && same_listing(prev, nprev, *ret, *n);
		if (settled && group)
			err = covers_events_dir(t, group, *ret, *n, &settled);
	}
	smk_tracefs_entries_destroy(prev, nprev);
	if (!err && !settled)
		err = smk_error_create(SMK_ERROR_IO,
				       "%s: the probe list kept changing while read (%d reads); try again",
				       t->path, LIST_TRIES);
	if (!err && group && kind) {
		for (i = j = 0; i < *n; i++) {
			if ((*ret)[i].kind == kind)
				(*ret)[j++] = (*ret)[i];
			else
				free((*ret)[i].line);
		}
		*n = j;
	}
	if (err) {
		smk_tracefs_entries_destroy(*ret, *n);
		*ret = NULL;
		*n = 0;
	}
	return err;
}

/* "FIRST; ERR" with FIRST's code (either may be NULL); consumes both. */
static struct smk_error *append_error(struct smk_error *first,
				      struct smk_error *err)
{
	struct smk_error *both;

	if (!first || !err)
		return first ? first : err;
	if (first == &smk_error_nomem || err == &smk_error_nomem) {
		smk_error_destroy(first);
		smk_error_destroy(err);
		return &smk_error_nomem;
	}
	both = smk_error_create(first->code, "%s; %s", first->message,
				err->message);
	smk_error_destroy(first);
	smk_error_destroy(err);
	return both;
}

/* Does events/@group exist (the kernel drops it with its last event)? */
static bool group_exists(struct smk_tracefs *t, const char *group)
{
	char path[SMK_PROBE_NAME_MAX + 16];
	struct smk_error *err;
	struct stat st;

	err = smk_probe_name_check("group name", group);
	if (err) {
		smk_error_destroy(err);
		return true;	/* let the listing report it */
	}
	snprintf(path, sizeof(path), "events/%s", group);
	return fstatat(t->dirfd, path, &st, 0) == 0 || errno != ENOENT;
}

/* Does events/@group/@event exist?  (Names checked by the caller.) */
static bool event_exists(struct smk_tracefs *t, const char *group,
			 const char *event)
{
	char path[2 * SMK_PROBE_NAME_MAX + 16];
	struct stat st;

	snprintf(path, sizeof(path), "events/%s/%s", group, event);
	return fstatat(t->dirfd, path, &st, 0) == 0 || errno != ENOENT;
}

/*
 * Transactions between processes.  tracefs has no transactions and no
 * owner per event, so two marker-resolve processes on one group could
 * interleave: both find event E absent, both add it (the kernel appends
 * the second definition to the first's event when their arguments agree),
 * and a rollback of one removes the other's probe.  A killed attach
 * leaves events that nothing names.  So:
 *
 *  - each group has a lock file STATE/GROUP.lock (STATE is
 *    smk_tracefs_record_dir()), flock()ed by attach from its existence
 *    check to its commit and by group removal.  The kernel drops a flock
 *    when its holder dies, SIGKILL included; lock files are never
 *    unlinked (unlinking a lock file races with the next locker);
 *  - before its first tracefs write, attach writes the journal
 *    STATE/GROUP.attach (temporary file and rename: whole or absent)
 *    naming the events it is about to create, all found absent under the
 *    lock; commit unlinks it after the caller has written its record;
 *  - a journal found by whoever takes the lock next belongs to an attach
 *    that died (or whose rollback failed): its events were absent when it
 *    began and only lock holders have added to the group since, so they
 *    are its own: they are removed, with their record lines, then the
 *    journal.  Sweep does this for every journal it finds.
 *
 * Writers that do not take the lock (perf probe, a shell) are not
 * serialized: an event they add to our group under a dead attach's name,
 * before anyone recovers, would be taken for that attach's.
 */
struct smk_tracefs_txn {
	char group[SMK_PROBE_NAME_MAX + 1];
	int lockfd;
};

static const char journal_suffix[] = ".attach";

static struct smk_error *state_path(const char *group, const char *suffix,
				    char **ret)
{
	struct smk_error *err = smk_probe_name_check("group name", group);

	*ret = NULL;
	if (err)
		return err;
	if (asprintf(ret, "%s/%s%s", smk_tracefs_record_dir(), group,
		     suffix) < 0) {
		*ret = NULL;
		return &smk_error_nomem;
	}
	return NULL;
}

/* flock(LOCK_EX) STATE/@group.lock into *@fd, making STATE if missing. */
static struct smk_error *lock_group(const char *group, int *fd)
{
	const char *dir = smk_tracefs_record_dir();
	struct smk_error *err;
	char *path;
	int r;

	*fd = -1;
	err = state_path(group, ".lock", &path);
	if (err)
		return err;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		err = smk_error_errno(errno, "%s: lock of group %s", dir,
				      group);
		free(path);
		return err;
	}
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (*fd < 0) {
		err = smk_error_errno(errno, "%s", path);
		free(path);
		return err;
	}
	do
		r = flock(*fd, LOCK_EX);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		err = smk_error_errno(errno, "%s: flock", path);
		close(*fd);
		*fd = -1;
	}
	free(path);
	return err;
}

static void unlock_group(int fd)
{
	if (fd >= 0)
		close(fd);	/* drops the flock */
}

/* The journal of @group: "K EVENT" lines (K 'k' or 'u') after a comment. */
static struct smk_error *journal_write(const char *group,
				       const char *const *events,
				       const char *kinds, size_t n)
{
	struct smk_error *err;
	char *path = NULL, *tmp = NULL;
	size_t i;
	FILE *f;
	int fd;

	err = state_path(group, journal_suffix, &path);
	if (!err)
		err = state_path(group, ".attach.tmp", &tmp);
	if (err)
		goto out;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW,
		  0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		err = smk_error_errno(errno, "%s", tmp);
		if (fd >= 0)
			close(fd);
		goto out;
	}
	fprintf(f, "# attach in progress by pid %ld: events it adds to %s\n",
		(long)getpid(), group);
	for (i = 0; i < n; i++)
		fprintf(f, "%c %s\n", kinds[i], events[i]);
	if (ferror(f) | fclose(f)) {
		err = smk_error_errno(errno ? errno : EIO, "%s", tmp);
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, path) < 0) {
		err = smk_error_errno(errno, "%s", path);
		unlink(tmp);
	}
out:
	free(path);
	free(tmp);
	return err;
}

static struct smk_error *journal_remove(const char *group)
{
	struct smk_error *err;
	char *path;

	err = state_path(group, journal_suffix, &path);
	if (!err && unlink(path) < 0 && errno != ENOENT)
		err = smk_error_errno(errno, "%s", path);
	free(path);
	return err;
}

/*
 * Under @group's lock: undo the attach a journal describes, if there is
 * one (*@found).  Lines that do not parse name nothing we made.
 */
static struct smk_error *journal_recover(struct smk_tracefs *t,
					 const char *group, bool *found)
{
	struct smk_error *err, *first = NULL;
	char *path, *line = NULL;
	size_t cap = 0;
	FILE *f;

	if (found)
		*found = false;
	/* a journal or a record cut short by a kill, before its rename */
	err = state_path(group, ".attach.tmp", &path);
	if (!err)
		unlink(path);
	free(path);
	err = err ? err : state_path(group, ".tmp", &path);
	if (!err)
		unlink(path);
	free(path);
	err = err ? err : state_path(group, journal_suffix, &path);
	if (err)
		return err;
	f = fopen(path, "re");
	if (!f) {
		err = errno == ENOENT ? NULL : smk_error_errno(errno, "%s",
							       path);
		free(path);
		return err;
	}
	if (found)
		*found = true;
	while (getline(&line, &cap, f) > 0) {
		char *ev = line + 2;

		line[strcspn(line, "\n")] = '\0';
		if ((line[0] != 'k' && line[0] != 'u') || line[1] != ' ')
			continue;
		err = smk_probe_name_check("event name", ev);
		if (err) {
			smk_error_destroy(err);
			continue;
		}
		if (event_exists(t, group, ev))
			err = smk_tracefs_remove(t, line[0], group, ev);
		if (!err)
			err = smk_tracefs_record_drop(group, ev);
		first = append_error(first, err);
	}
	free(line);
	fclose(f);
	if (!first && unlink(path) < 0 && errno != ENOENT)
		first = smk_error_errno(errno, "%s", path);
	if (first)
		first = smk_error_prefix(first, "%s: undoing a dead attach",
					 path);
	free(path);
	return first;
}

static struct smk_error *remove_group_locked(struct smk_tracefs *t,
					     const char *group,
					     size_t *nremoved);

struct smk_error *smk_tracefs_remove_group(struct smk_tracefs *t,
					   const char *group,
					   size_t *nremoved)
{
	struct smk_error *err;
	int fd;

	if (nremoved)
		*nremoved = 0;
	err = lock_group(group, &fd);
	if (err)
		return err;
	/* a dead attach's events are in the group too */
	err = journal_recover(t, group, NULL);
	err = append_error(err, remove_group_locked(t, group, nremoved));
	unlock_group(fd);
	return err;
}

static struct smk_error *remove_group_locked(struct smk_tracefs *t,
					     const char *group,
					     size_t *nremoved)
{
	char path[SMK_PROBE_NAME_MAX + 16];
	struct smk_error *err, *first = NULL;
	struct smk_tracefs_entry *e;
	size_t n, nn, i, j, done;
	char **names;
	int round;

	if (nremoved)
		*nremoved = 0;
	err = smk_probe_name_check("group name", group);
	if (err)
		return err;
	snprintf(path, sizeof(path), "events/%s", group);
	/*
	 * The events directory names the group's events, whole; one read of
	 * the probe files tells each one's file (a line skipped by a
	 * concurrent removal means trying both).  Repeat until the kernel
	 * has dropped the directory with the last event.
	 */
	for (round = 0; round < 8 && !first; round++) {
		err = dir_names(t, path, &names, &nn);
		if (err || !nn) {
			first = err;
			break;
		}
		err = list_once(t, 0, group, &e, &n);
		if (err) {
			names_destroy(names, nn);
			first = err;
			break;
		}
		done = 0;
		for (j = 0; j < nn; j++) {
			for (i = 0; i < n; i++)
				if (!strcmp(e[i].event, names[j]))
					break;
			if (i < n) {
				err = smk_tracefs_remove(t, e[i].kind, group,
							 names[j]);
			} else {
				err = smk_tracefs_remove(t, 'u', group,
							 names[j]);
				if (!err)
					err = smk_tracefs_remove(t, 'k', group,
								 names[j]);
			}
			if (!err)
				done++;
			first = append_error(first, err);
		}
		smk_tracefs_entries_destroy(e, n);
		names_destroy(names, nn);
		if (nremoved && round == 0)
			*nremoved = done;
	}
	if (!first && group_exists(t, group))
		first = smk_error_create(SMK_ERROR_IO,
					 "%s/%s: still there after %d rounds of removal",
					 t->path, path, round);
	return first;
}

/* PREFIX_<digits>: the pid, else 0. */
static pid_t group_pid(const char *group, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p;
	long pid = 0;

	/* "PREFIX_0123" is not a name smk_tracefs_group_name() makes */
	if (strncmp(group, prefix, n) || group[n] != '_' || !group[n + 1] ||
	    group[n + 1] == '0')
		return 0;
	for (p = group + n + 1; *p; p++) {
		if (*p < '0' || *p > '9' || pid > 1L << 30)
			return 0;
		pid = pid * 10 + (*p - '0');
	}
	return pid;
}

/*
 * Undo the attaches that died midway: every journal, in any group, and
 * every journal cut short before its rename (GROUP.attach.tmp).
 */
static struct smk_error *sweep_journals(struct smk_tracefs *t,
					size_t *ngroups)
{
	static const char tmp_suffix[] = ".attach.tmp";
	const size_t nt = sizeof(tmp_suffix) - 1;
	struct smk_error *err, *first = NULL;
	char group[SMK_PROBE_NAME_MAX + 1];
	struct dirent *d;
	DIR *dir;
	int fd;

	dir = opendir(smk_tracefs_record_dir());
	if (!dir)
		return errno == ENOENT ? NULL :
		       smk_error_errno(errno, "%s", smk_tracefs_record_dir());
	while ((d = readdir(dir))) {
		size_t len = strlen(d->d_name), ns = sizeof(journal_suffix) - 1;
		bool found;

		if (len > nt && !strcmp(d->d_name + len - nt, tmp_suffix))
			ns = nt;
		if (len <= ns || len - ns > SMK_PROBE_NAME_MAX ||
		    strcmp(d->d_name + len - ns, ns == nt ? tmp_suffix :
			   journal_suffix))
			continue;
		memcpy(group, d->d_name, len - ns);
		group[len - ns] = '\0';
		err = smk_probe_name_check("group name", group);
		if (err) {
			smk_error_destroy(err);
			continue;
		}
		err = lock_group(group, &fd);
		if (!err) {
			err = journal_recover(t, group, &found);
			unlock_group(fd);
			if (!err && found && ngroups)
				(*ngroups)++;
		}
		first = append_error(first, err);
	}
	closedir(dir);
	return first;
}

struct smk_error *smk_tracefs_sweep(struct smk_tracefs *t, const char *prefix,
				    size_t *ngroups)
{
	struct smk_error *err, *first = NULL;
	char **names, *path = NULL;
	size_t n, i;

	if (ngroups)
		*ngroups = 0;
	err = smk_probe_name_check("group prefix", prefix);
	if (err)
		return err;
	first = sweep_journals(t, ngroups);
	err = dir_names(t, "events", &names, &n);
	if (err)
		return append_error(first, err);
	for (i = 0; i < n; i++) {
		pid_t pid = group_pid(names[i], prefix);

		if (pid <= 0)
			continue;
		if (kill(pid, 0) == 0 || errno != ESRCH)
			continue;	/* alive (or not ours to judge) */
		err = smk_tracefs_remove_group(t, names[i], NULL);
		/* no one else takes a dead process's group: its lock goes */
		if (!err)
			err = state_path(names[i], ".lock", &path);
		if (!err && unlink(path) < 0 && errno != ENOENT)
			err = smk_error_errno(errno, "%s", path);
		free(path);
		path = NULL;
		if (!err && ngroups)
			(*ngroups)++;
		first = append_error(first, err);
	}
	names_destroy(names, n);
	return first;
}

struct smk_error *smk_tracefs_detach(struct smk_tracefs *t, const char *group)
{
	return smk_tracefs_remove_group(t, group, NULL);
}

/* The distinct names of a batch, in order, with their file kind. */
struct name {
	char kind;
	const char *event;
	bool added;
};

/* Undo what attach did: disable, remove.  Errors are added to @err. */
static struct smk_error *rollback(struct smk_tracefs *t, const char *group,
				  struct name *names, size_t n,
				  struct smk_error *err)
{
	struct smk_error *e;
	size_t i;

	for (i = n; i-- > 0;) {
		if (!names[i].added)
			continue;
		e = smk_tracefs_remove(t, names[i].kind, group,
				       names[i].event);
		err = append_error(err, smk_error_prefix(e, "rollback"));
	}
	return err;
}

struct smk_error *smk_tracefs_attach_begin(struct smk_tracefs *t,
					   const struct smk_probe_event *evs,
					   size_t n, const char *group,
					   struct smk_tracefs_txn **txn)
{
	struct smk_error *err = NULL, *rerr;
	struct name *names = NULL;
	const char **jevents = NULL;
	char **lines = NULL, *jkinds = NULL;
	size_t nnames = 0, i, j;
	bool group_given = group, journaled = false;
	int lockfd = -1;

	*txn = NULL;
	if (!n)
		return NULL;
	if (group)
		err = smk_probe_name_check("group name", group);
	else
		group = evs[0].group;
	if (err)
		return err;
	lines = calloc(n, sizeof(*lines));
	names = calloc(n, sizeof(*names));
	jevents = calloc(n, sizeof(*jevents));
	jkinds = calloc(n, 1);
	*txn = calloc(1, sizeof(**txn));
	if (!lines || !names || !jevents || !jkinds || !*txn) {
		err = &smk_error_nomem;
		goto out;
	}
	/* Everything is checked before anything is written. */
	for (i = 0; i < n; i++) {
		struct smk_probe_event ev = evs[i];

		if (!group_given && strcmp(ev.group, group)) {
			err = smk_error_create(SMK_ERROR_INVALID,
					       "attach: events of two groups, %s and %s",
					       group, ev.group);
			goto out;
		}
		strcpy(ev.group, group);
		err = smk_probe_event_format(&ev, &lines[i]);
		if (err)
			goto out;
		for (j = 0; j < nnames; j++)
			if (!strcmp(names[j].event, evs[i].event))
				break;
		if (j == nnames) {
			names[nnames].kind = smk_probe_event_file_kind(&ev);
			names[nnames++].event = evs[i].event;
		} else if (names[j].kind != smk_probe_event_file_kind(&ev)) {
			err = smk_error_create(SMK_ERROR_INVALID,
					       "event %s/%s: both a kprobe and a uprobe",
					       group, evs[i].event);
			goto out;
		}
	}
	err = lock_group(group, &lockfd);
	if (!err)
		err = journal_recover(t, group, NULL);
	if (err)
		goto out;
	/* events/GROUP/EVENT: whole, unlike a listing under others' writes */
	for (j = 0; j < nnames; j++)
		if (event_exists(t, group, names[j].event)) {
			err = smk_error_create(SMK_ERROR_INVALID,
					       "event %s/%s exists already; "
					       "detach group %s or attach to another group",
					       group, names[j].event, group);
			goto out;
		}
	for (j = 0; j < nnames; j++) {
		jevents[j] = names[j].event;
		jkinds[j] = names[j].kind;
	}
	err = journal_write(group, jevents, jkinds, nnames);
	if (err)
		goto out;
	journaled = true;
	for (i = 0; i < n; i++) {
		for (j = 0; strcmp(names[j].event, evs[i].event); j++)
			;
		err = smk_tracefs_add(t, names[j].kind, lines[i]);
		if (err)
			goto fail;
		names[j].added = true;	/* a refused definition adds nothing */
	}
	for (j = 0; j < nnames; j++) {
		err = smk_tracefs_enable(t, group, names[j].event, true);
		if (err)
			goto fail;
	}
	strcpy((*txn)->group, group);
	(*txn)->lockfd = lockfd;
	lockfd = -1;
	goto out;
fail:
	rerr = rollback(t, group, names, nnames, NULL);
	if (!rerr)
		rerr = journal_remove(group);
	else
		rerr = append_error(rerr, smk_error_create(SMK_ERROR_IO,
			"the journal %s/%s%s is kept: a sweep, or the next "
			"attach or removal of group %s, finishes the rollback",
			smk_tracefs_record_dir(), group, journal_suffix,
			group));
	err = append_error(err, rerr);
	journaled = false;
out:
	if (err) {
		if (journaled)
			err = append_error(err, journal_remove(group));
		free(*txn);
		*txn = NULL;
	}
	unlock_group(lockfd);
	for (i = 0; lines && i < n; i++)
		free(lines[i]);
	free(lines);
	free(names);
	free(jevents);
	free(jkinds);
	return err;
}

struct smk_error *smk_tracefs_txn_commit(struct smk_tracefs_txn *txn)
{
	struct smk_error *err;

	if (!txn)
		return NULL;
	err = journal_remove(txn->group);
	unlock_group(txn->lockfd);
	free(txn);
	return err;
}

struct smk_error *smk_tracefs_attach(struct smk_tracefs *t,
				     const struct smk_probe_event *evs,
				     size_t n, const char *group)
{
	struct smk_tracefs_txn *txn;
	struct smk_error *err;

	err = smk_tracefs_attach_begin(t, evs, n, group, &txn);
	if (!err)
		err = smk_tracefs_txn_commit(txn);
	return err;
}

struct smk_error *smk_tracefs_instance(struct smk_tracefs *t, const char *name,
				       bool create)
{
	struct smk_error *err;
	char path[SMK_PROBE_NAME_MAX + 16];
	char *copy;

	if (!name) {
		free(t->instance);
		t->instance = NULL;
		return NULL;
	}
	err = smk_probe_name_check("instance name", name);
	if (err)
		return err;
	snprintf(path, sizeof(path), "instances/%s", name);
	if (create && mkdirat(t->dirfd, path, 0750) < 0)
		return smk_error_errno(errno, "%s/%s", t->path, path);
	if (!create && faccessat(t->dirfd, path, F_OK, 0) < 0)
		return smk_error_errno(errno, "%s/%s", t->path, path);
	copy = strdup(name);
	if (!copy)
		return &smk_error_nomem;
	free(t->instance);
	t->instance = copy;
	return NULL;
}

struct smk_error *smk_tracefs_instance_remove(struct smk_tracefs *t,
					      const char *name)
{
	struct smk_error *err = smk_probe_name_check("instance name", name);
	char path[SMK_PROBE_NAME_MAX + 16];

	if (err)
		return err;
	snprintf(path, sizeof(path), "instances/%s", name);
	if (unlinkat(t->dirfd, path, AT_REMOVEDIR) < 0)
		return smk_error_errno(errno, "%s/%s", t->path, path);
	if (t->instance && !strcmp(t->instance, name)) {
		free(t->instance);
		t->instance = NULL;
	}
	return NULL;
}

struct smk_error *smk_tracefs_enabled(struct smk_tracefs *t, const char *group,
				      const char *event, int *on)
{
	struct smk_error *err = check_names(group, event);
	char path[2 * SMK_PROBE_NAME_MAX + 32], *buf;

	*on = -1;
	if (err)
		return err;
	snprintf(path, sizeof(path), "events/%s/%s/enable", group, event);
	err = read_file(t, path, false, &buf);
	if (err)
		return err;
	if ((buf[0] == '0' || buf[0] == '1') && buf[1] != '*')
		*on = buf[0] - '0';
	free(buf);
	return NULL;
}

/*
 * kprobe_profile: "  EVENT  HITS  MISSES"; uprobe_profile: "  PATH EVENT
 * HITS" (6.1 and 6.18 alike).  Paths hold no whitespace (probe-event.c
 * refuses it), so fields split on blanks.
 */
struct smk_error *smk_tracefs_hits(struct smk_tracefs *t, char kind,
				   const char *event, const char *path,
				   unsigned long long *hits, bool *found)
{
	struct smk_error *err;
	char *buf, *line, *next;

	*hits = 0;
	*found = false;
	err = read_file(t, kind == 'k' ? "kprobe_profile" : "uprobe_profile",
			true, &buf);
	if (err || !buf)
		return err;
	for (line = buf; *line; line = next) {
		char *f[3], *save = NULL, *end;
		unsigned long long h;
		int nf = 0;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		for (char *w = strtok_r(line, " \t", &save); w && nf < 3;
		     w = strtok_r(NULL, " \t", &save))
			f[nf++] = w;
		if (nf < 2 || (kind == 'u' && nf < 3))
			continue;
		if (kind == 'u' && (strcmp(f[1], event) ||
				    (path && strcmp(f[0], path))))
			continue;
		if (kind == 'k' && strcmp(f[0], event))
			continue;
		h = strtoull(kind == 'u' ? f[2] : f[1], &end, 10);
		if (*end)
			continue;
		*hits += h;
		*found = true;
	}
	free(buf);
	return NULL;
}

struct smk_error *smk_tracefs_open_pipe(struct smk_tracefs *t, int *fd)
{
	char path[SMK_PROBE_NAME_MAX + 32];

	if (t->instance)
		snprintf(path, sizeof(path), "instances/%s/trace_pipe",
			 t->instance);
	else
		snprintf(path, sizeof(path), "trace_pipe");
	*fd = openat(t->dirfd, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (*fd < 0)
		return smk_error_errno(errno, "%s/%s", t->path, path);
	return NULL;
}

const char *smk_tracefs_record_dir(void)
{
	const char *d = getenv("SMK_STATE_DIR");

	return d && *d ? d : "/run/simple-marker";
}

static void put_escaped(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\t')
			fputs("\\t", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '\\')
			fputs("\\\\", f);
		else
			fputc(*s, f);
	}
}

/* Undo put_escaped() in place. */
static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static struct smk_error *record_path(const char *group, const char *suffix,
				     char **ret)
{
	struct smk_error *err = smk_probe_name_check("group name", group);

	if (err)
		return err;
	if (asprintf(ret, "%s/%s%s", smk_tracefs_record_dir(), group,
		     suffix) < 0)
		return &smk_error_nomem;
	return NULL;
}

struct smk_error *smk_tracefs_record_write(const char *group,
					   const struct smk_tracefs_record *r,
					   size_t n)
{
	struct smk_error *err;
	char *path = NULL, *tmp = NULL;
	const char *dir = smk_tracefs_record_dir();
	size_t i;
	FILE *f;
	int fd;

	err = record_path(group, "", &path);
	if (!err)
		err = record_path(group, ".tmp", &tmp);
	if (err)
		goto out;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		err = smk_error_errno(errno, "%s", dir);
		goto out;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		err = smk_error_errno(errno, "%s", tmp);
		if (fd >= 0)
			close(fd);
		goto out;
	}
	for (i = 0; i < n; i++) {
		put_escaped(f, r[i].event);
		fputc('\t', f);
		put_escaped(f, r[i].marker);
		fputc('\t', f);
		put_escaped(f, r[i].source);
		fputc('\t', f);
		put_escaped(f, r[i].line);
		if (r[i].computed && r[i].computed[0]) {
			/* A fifth field only when there is one: readers
			 * before it skip such lines, not the others. */
			fputc('\t', f);
			put_escaped(f, r[i].computed);
		}
		fputc('\n', f);
	}
	if (ferror(f) | fclose(f)) {
		err = smk_error_errno(errno ? errno : EIO, "%s", tmp);
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, path) < 0) {
		err = smk_error_errno(errno, "%s", path);
		unlink(tmp);
	}
out:
	free(path);
	free(tmp);
	return err;
}

void smk_tracefs_records_destroy(struct smk_tracefs_record *r, size_t n)
{
	size_t i;

	for (i = 0; r && i < n; i++) {
		free(r[i].marker);
		free(r[i].source);
		free(r[i].line);
		free(r[i].computed);
	}
	free(r);
}

static struct smk_error *record_read_one(const char *group,
					 struct smk_tracefs_record **ret,
					 size_t *n)
{
	struct smk_error *err = NULL;
	char *path, *line = NULL;
	size_t cap = 0;
	FILE *f;

	err = record_path(group, "", &path);
	if (err)
		return err;
	f = fopen(path, "re");
	if (!f) {
		err = errno == ENOENT ? NULL : smk_error_errno(errno, "%s",
							       path);
		free(path);
		return err;
	}
	while (!err && getline(&line, &cap, f) > 0) {
		struct smk_tracefs_record r = { 0 }, *tmp;
		char *fld[5] = { NULL }, *p = line;
		int k;

		line[strcspn(line, "\n")] = '\0';
		for (k = 0; k < 5 && p; k++) {
			fld[k] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = '\0';
		}
		if (k < 4 || p)
			continue;
		for (k = 0; k < 5 && fld[k]; k++)
			unescape(fld[k]);
		if (strlen(fld[0]) > SMK_PROBE_NAME_MAX)
			continue;
		strcpy(r.group, group);
		strcpy(r.event, fld[0]);
		r.marker = strdup(fld[1]);
		r.source = strdup(fld[2]);
		r.line = strdup(fld[3]);
		r.computed = fld[4] ? strdup(fld[4]) : NULL;
		tmp = r.marker && r.source && r.line &&
		      (!fld[4] || r.computed) ?
		      realloc(*ret, (*n + 1) * sizeof(**ret)) : NULL;
		if (!tmp) {
			free(r.marker);
			free(r.source);
			free(r.line);
			free(r.computed);
			err = &smk_error_nomem;
			break;
		}
		*ret = tmp;
		(*ret)[(*n)++] = r;
	}
	free(line);
	fclose(f);
	free(path);
	return err;
}

struct smk_error *smk_tracefs_record_read(const char *group,
					  struct smk_tracefs_record **ret,
					  size_t *n)
{
	struct smk_error *err = NULL;
	struct dirent *d;
	DIR *dir;

	*ret = NULL;
	*n = 0;
	if (group)
		return record_read_one(group, ret, n);
	dir = opendir(smk_tracefs_record_dir());
	if (!dir)
		return errno == ENOENT ? NULL :
		       smk_error_errno(errno, "%s", smk_tracefs_record_dir());
	while (!err && (d = readdir(dir))) {
		struct smk_error *e;

		if (d->d_name[0] == '.' || strchr(d->d_name, '.'))
			continue;
		e = smk_probe_name_check("group name", d->d_name);
		if (e) {
			smk_error_destroy(e);
			continue;
		}
		err = record_read_one(d->d_name, ret, n);
	}
	closedir(dir);
	if (err) {
		smk_tracefs_records_destroy(*ret, *n);
		*ret = NULL;
		*n = 0;
	}
	return err;
}

struct smk_error *smk_tracefs_record_drop(const char *group,
					  const char *event)
{
	struct smk_tracefs_record *r;
	struct smk_error *err;
	char *path;
	size_t n, i, j;

	if (!event) {
		err = record_path(group, "", &path);
		if (err)
			return err;
		if (unlink(path) < 0 && errno != ENOENT)
			err = smk_error_errno(errno, "%s", path);
		free(path);
		return err;
	}
	err = smk_tracefs_record_read(group, &r, &n);
	if (err || !n)
		return err;
	for (i = j = 0; i < n; i++) {
		if (strcmp(r[i].event, event)) {
			r[j++] = r[i];
			continue;
		}
		free(r[i].marker);
		free(r[i].source);
		free(r[i].line);
		free(r[i].computed);
	}
	err = j ? smk_tracefs_record_write(group, r, j) :
	      smk_tracefs_record_drop(group, NULL);
	smk_tracefs_records_destroy(r, j);
	return err;
}
