// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <libkmod.h>

#include "kernel.h"

void smk_strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static const char *rootdir(const char *root)
{
	return root && strcmp(root, "/") ? root : "";
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

struct smk_error *smk_kernel_running_release(char **ret)
{
	struct utsname u;

	if (uname(&u) < 0)
		return smk_error_errno(errno, "uname");
	*ret = strdup(u.release);
	return *ret ? NULL : &smk_error_nomem;
}

struct smk_error *smk_kernel_vmlinux(const char *root, const char *release,
				     char **ret)
{
	static const char *const places[] = {
		"%s/usr/lib/debug/boot/vmlinux-%s",
		"%s/usr/lib/debug/lib/modules/%s/vmlinux",
		"%s/lib/modules/%s/build/vmlinux",
		"%s/usr/lib/debug/vmlinux-%s",
		"%s/boot/vmlinux-%s",
	};
	size_t i;

	for (i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		char *path;

		if (asprintf(&path, places[i], rootdir(root), release) < 0)
			return &smk_error_nomem;
		if (is_file(path)) {
			*ret = path;
			return NULL;
		}
		free(path);
	}
	return smk_error_create(SMK_ERROR_NOT_FOUND,
				"no vmlinux for %s under '%s' (looked in "
				"/usr/lib/debug/boot, /usr/lib/debug/lib/"
				"modules/%s, /lib/modules/%s/build, /boot)",
				release, *rootdir(root) ? root : "/", release,
				release);
}

/* Prefer /usr/lib/debug/lib/modules/R/REL (uncompressed in -dbg). */
static char *module_file(const char *root, const char *release,
			 const char *rel)
{
	static const char *const comp[] = { ".gz", ".xz", ".zst" };
	char *path, *dbg;
	size_t len, i;

	if (asprintf(&dbg, "%s/usr/lib/debug/lib/modules/%s/%s",
		     rootdir(root), release, rel) < 0)
		return NULL;
	len = strlen(dbg);
	for (i = 0; i < 3; i++) {
		size_t cl = strlen(comp[i]);

		if (len > cl && !strcmp(dbg + len - cl, comp[i]))
			dbg[len - cl] = '\0';
	}
	if (is_file(dbg))
		return dbg;
	free(dbg);
	if (asprintf(&path, "%s/lib/modules/%s/%s", rootdir(root), release,
		     rel) < 0)
		return NULL;
	return path;
}

struct strv {
	char **v;
	size_t n, cap;
};

static bool is_module_name(const char *name)
{
	static const char *const ends[] = { ".ko", ".ko.gz", ".ko.xz",
					    ".ko.zst" };
	size_t len = strlen(name), i;

	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t el = strlen(ends[i]);

		if (len > el && !strcmp(name + len - el, ends[i]))
			return true;
	}
	return false;
}

/* Append the modules under @dir (at most @depth levels) to @out. */
static struct smk_error *walk_dir(const char *dir, int depth,
				  struct strv *out)
{
	struct smk_error *err = NULL;
	struct dirent *d;
	struct stat st;
	char *path;
	DIR *dp;

	dp = opendir(dir);
	if (!dp)
		return errno == ENOENT ? NULL : smk_error_errno(errno, "%s", dir);
	while (!err && (d = readdir(dp))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (asprintf(&path, "%s/%s", dir, d->d_name) < 0) {
			err = &smk_error_nomem;
			break;
		}
		/* lstat: the build/ and source/ symlinks are not followed */
		if (lstat(path, &st)) {
			free(path);
			continue;
		}
		if (S_ISDIR(st.st_mode) && depth > 0) {
			err = walk_dir(path, depth - 1, out);
		} else if (S_ISREG(st.st_mode) && is_module_name(d->d_name)) {
			if (out->n == out->cap) {
				size_t cap = out->cap ? 2 * out->cap : 256;
				char **tmp = realloc(out->v,
						     cap * sizeof(*tmp));

				if (!tmp) {
					free(path);
					err = &smk_error_nomem;
					break;
				}
				out->v = tmp;
				out->cap = cap;
			}
			out->v[out->n++] = path;
			continue;
		}
		free(path);
	}
	closedir(dp);
	return err;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Without modules.dep (an unpacked -dbg package, a tree before depmod),
 * the modules are the *.ko[.gz|.xz|.zst] files under one directory: the
 * -dbg tree's usr/lib/debug/lib/modules/RELEASE when it exists (whole
 * debuginfo), else lib/modules/RELEASE.  Symlinks (build/, source/) are
 * not followed.  Sorted, so that runs list in the same order.
 */
static struct smk_error *modules_by_walk(const char *root,
					 const char *release, char ***ret,
					 size_t *n)
{
	struct strv mods = { 0 };
	struct smk_error *err;
	struct stat st;
	char *dir;

	if (asprintf(&dir, "%s/usr/lib/debug/lib/modules/%s", rootdir(root),
		     release) < 0)
		return &smk_error_nomem;
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		free(dir);
		if (asprintf(&dir, "%s/lib/modules/%s", rootdir(root),
			     release) < 0)
			return &smk_error_nomem;
	}
	err = walk_dir(dir, 16, &mods);
	free(dir);
	if (err) {
		smk_strv_free(mods.v, mods.n);
		return err;
	}
	if (mods.n)
		qsort(mods.v, mods.n, sizeof(*mods.v), cmp_path);
	*ret = mods.v;
	*n = mods.n;
	return NULL;
}

struct smk_error *smk_kernel_modules(const char *root, const char *release,
				     char ***ret, size_t *n)
{
	char *dep, *line = NULL, **v = NULL;
	size_t cap = 0, len = 0, count = 0;
	FILE *f;

	if (asprintf(&dep, "%s/lib/modules/%s/modules.dep", rootdir(root),
		     release) < 0)
		return &smk_error_nomem;
	*ret = NULL;
	*n = 0;
	f = fopen(dep, "re");
	if (!f && errno == ENOENT) {
		free(dep);
		return modules_by_walk(root, release, ret, n);
	}
	if (!f) {
		struct smk_error *err = smk_error_errno(errno, "%s", dep);

		free(dep);
		return err;
	}
	while (getline(&line, &len, f) > 0) {
		char *colon = strchr(line, ':'), *path, **tmp;

		if (!colon || colon == line)
			continue;
		*colon = '\0';
		path = *line == '/' ? strdup(line) :
			module_file(root, release, line);
		if (!path)
			goto nomem;
		if (count == cap) {
			cap = cap ? 2 * cap : 256;
			tmp = realloc(v, cap * sizeof(*v));
			if (!tmp) {
				free(path);
				goto nomem;
			}
			v = tmp;
		}
		v[count++] = path;
	}
	free(line);
	fclose(f);
	free(dep);
	*ret = v;
	*n = count;
	return NULL;
nomem:
	free(line);
	fclose(f);
	free(dep);
	smk_strv_free(v, count);
	return &smk_error_nomem;
}

/* A module's name from its file name: "xfs" of ".../xfs.ko.xz". */
static bool file_is_module(const char *path, const char *name)
{
	const char *base = strrchr(path, '/');
	size_t i;

	base = base ? base + 1 : path;
	for (i = 0; name[i]; i++) {
		char a = base[i] == '-' ? '_' : base[i];
		char b = name[i] == '-' ? '_' : name[i];

		if (a != b)
			return false;
	}
	return !strncmp(base + i, ".ko", 3);
}

/*
 * Without the module index (an unpacked -dbg package, a tree before
 * depmod) libkmod finds nothing: look the name up among the files that
 * smk_kernel_modules() would list.  Aliases need the index.
 */
static struct smk_error *module_by_walk(const char *root,
					const char *release,
					const char *name, char **ret)
{
	struct smk_error *err;
	char **mods;
	size_t n, i;

	err = modules_by_walk(root, release, &mods, &n);
	if (err)
		return err;
	*ret = NULL;
	for (i = 0; i < n && !*ret; i++) {
		if (file_is_module(mods[i], name)) {
			*ret = mods[i];
			mods[i] = NULL;
		}
	}
	smk_strv_free(mods, n);
	return NULL;
}

struct smk_error *smk_kernel_module_path(const char *root,
					 const char *release,
					 const char *name, char **ret)
{
	struct kmod_list *list = NULL, *it;
	struct smk_error *err = NULL;
	struct kmod_ctx *ctx;
	char *dir, *dep;
	bool indexed;

	if (asprintf(&dir, "%s/lib/modules/%s", rootdir(root), release) < 0)
		return &smk_error_nomem;
	if (asprintf(&dep, "%s/modules.dep", dir) < 0) {
		free(dir);
		return &smk_error_nomem;
	}
	indexed = is_file(dep);
	free(dep);
	if (!indexed) {
		*ret = NULL;
		err = module_by_walk(root, release, name, ret);
		if (err || *ret) {
			free(dir);
			return err;
		}
		/* not there either: libkmod's answer, as with an index */
	}
	ctx = kmod_new(dir, NULL);
	if (!ctx) {
		err = smk_error_create(SMK_ERROR_NOT_FOUND,
				       "%s: cannot open the module index", dir);
		goto out;
	}
	if (kmod_module_new_from_lookup(ctx, name, &list) < 0 || !list) {
		err = smk_error_create(SMK_ERROR_NOT_FOUND,
				       "%s: no module '%s' in %s", name, name,
				       dir);
		goto out;
	}
	kmod_list_foreach(it, list) {
		struct kmod_module *mod = kmod_module_get_module(it);
		const char *path = kmod_module_get_path(mod);

		if (path) {
			size_t dl = strlen(dir);
			bool under = !strncmp(path, dir, dl) &&
				     path[dl] == '/';

			/* Prefer the debug copy, as smk_kernel_modules(). */
			*ret = under ? module_file(root, release, path + dl + 1) :
				strdup(path);
			if (!*ret)
				err = &smk_error_nomem;
		} else {
			err = smk_error_create(SMK_ERROR_NOT_FOUND,
					       "%s: module '%s' is built into "
					       "the kernel; list vmlinux", name,
					       kmod_module_get_name(mod));
		}
		kmod_module_unref(mod);
		break;
	}
	kmod_module_unref_list(list);
out:
	kmod_unref(ctx);
	free(dir);
	return err;
}
