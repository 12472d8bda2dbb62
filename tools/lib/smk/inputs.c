// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "inputs.h"
#include "kernel.h"

static struct smk_error *add_path(struct smk_inputs *in, const char *p,
				  bool expl)
{
	if (in->n == in->cap) {
		size_t cap = in->cap ? 2 * in->cap : 64;
		struct smk_input *tmp = realloc(in->v, cap * sizeof(*tmp));

		if (!tmp)
			return &smk_error_nomem;
		in->v = tmp;
		in->cap = cap;
	}
	in->v[in->n].path = strdup(p);
	if (!in->v[in->n].path)
		return &smk_error_nomem;
	in->v[in->n++].explicit = expl;
	return NULL;
}

/* nftw() has no user pointer: the walk in progress. */
static struct smk_inputs *walking;
static struct smk_error *walk_err;

/* Candidate files in a directory: ELF or compressed, by their magic. */
static int dir_entry(const char *path, const struct stat *st, int type,
		     struct FTW *ftw)
{
	unsigned char m[4];
	FILE *f;

	if (type == FTW_DNR) {
		walk_err = smk_error_create(SMK_ERROR_IO, "%s: cannot read "
					    "directory", path);
		return 1;
	}
	if (type != FTW_F || !S_ISREG(st->st_mode))
		return 0;
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fread(m, 1, 4, f) == 4 &&
	    (!memcmp(m, "\177ELF", 4) || (m[0] == 0x1f && m[1] == 0x8b) ||
	     !memcmp(m, "\xfd" "7zX", 4) || !memcmp(m, "\x28\xb5\x2f\xfd", 4)))
		walk_err = add_path(walking, path, false);
	fclose(f);
	return walk_err ? 1 : 0;
}

static int input_cmp(const void *a, const void *b)
{
	return strcmp(((const struct smk_input *)a)->path,
		      ((const struct smk_input *)b)->path);
}

struct smk_error *smk_inputs_add(struct smk_inputs *in, const char *arg)
{
	struct smk_error *err;
	struct stat st;
	char *release = NULL, *path;

	if (stat(arg, &st) == 0) {
		size_t first = in->n;

		if (!S_ISDIR(st.st_mode))
			return add_path(in, arg, true);
		walking = in;
		walk_err = NULL;
		if (nftw(arg, dir_entry, 16, FTW_PHYS) < 0 && !walk_err)
			walk_err = smk_error_errno(errno, "%s", arg);
		/* Stable order whatever readdir gives (a directory with
		 * nothing in it leaves in->v NULL: no pointer arithmetic). */
		if (in->n > first)
			qsort(in->v + first, in->n - first, sizeof(*in->v),
			      input_cmp);
		return walk_err;
	}
	if (strchr(arg, '/') || strchr(arg, '.'))
		return smk_error_errno(errno, "%s", arg);
	/* A module name. */
	if (!in->release) {
		err = smk_kernel_running_release(&release);
		if (err)
			return err;
	}
	err = smk_kernel_module_path(in->root, in->release ? in->release :
				     release, arg, &path);
	free(release);
	if (err)
		return err;
	err = add_path(in, path, true);
	free(path);
	return err;
}

struct smk_error *smk_inputs_add_kernel(struct smk_inputs *in)
{
	struct smk_error *err, *vmerr;
	char *vmlinux, **mods;
	size_t n, i;

	vmerr = smk_kernel_vmlinux(in->root, in->release, &vmlinux);
	if (!vmerr) {
		vmerr = add_path(in, vmlinux, true);
		free(vmlinux);
	}
	err = smk_kernel_modules(in->root, in->release, &mods, &n);
	if (err) {
		smk_error_destroy(vmerr);
		return err;
	}
	for (i = 0; i < n && !err; i++)
		err = add_path(in, mods[i], false);
	smk_strv_free(mods, n);
	if (err) {
		smk_error_destroy(vmerr);
		return err;
	}
	/* Modules listed, vmlinux missing: report that last. */
	return vmerr;
}

void smk_inputs_deinit(struct smk_inputs *in)
{
	size_t i;

	for (i = 0; i < in->n; i++)
		free(in->v[i].path);
	free(in->v);
	in->v = NULL;
	in->n = in->cap = 0;
}
