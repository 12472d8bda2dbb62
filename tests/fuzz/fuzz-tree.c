// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * "-k RELEASE --root DIR" (kernel.c, inputs.c): a kernel tree built from
 * the input under a private directory (tmpfs), then the release's
 * vmlinux, its modules (modules.dep or a walk of the module directory),
 * a module name through libkmod, and the inputs of a whole release and of
 * a name.  The input is lines: first the release, then
 *   d PATH            a directory
 *   f PATH TEXT       a file holding TEXT ("\n" for newlines)
 *   l PATH TARGET     a symbolic link (TARGET anything: absolute, "..",
 *                     a loop)
 *   n NAME            a module name to look up, or a path in the tree
 *                     (the harness's working directory)
 * PATH is relative to the root and may not climb out of it (the harness
 * refuses ".." components: the tree is ours to make); TARGET may.
 * The release and the names are hostile too.
 */
#include "fuzz.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sys/stat.h>

#include "smk/inputs.h"
#include "smk/kernel.h"

static char root[PATH_MAX];

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)flag;
	if (ftw->level > 0)
		remove(path);
	return 0;
}

static void clear(void)
{
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void cleanup(void)
{
	clear();
	rmdir(root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

	(void)argc;
	(void)argv;
	snprintf(root, sizeof(root), "%s/smk-fuzz-tree.%ld", base,
		 (long)getpid());
	if (mkdir(root, 0700) < 0)
		abort();
	atexit(cleanup);
	smk_set_warn(fuzz_quiet, NULL);
	/* names that are paths resolve in the tree, not in the checkout */
	if (chdir(root) < 0)
		abort();
	return 0;
}

/* Is @rel a path inside the root: no "..", not absolute, not empty? */
static bool inside(const char *rel)
{
	const char *p = rel;

	if (!*rel || *rel == '/' || strlen(rel) > 200)
		return false;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return false;
		p += n;
		while (*p == '/')
			p++;
	}
	return true;
}

/* mkdir -p of @rel's parents under the root. */
static void parents(const char *rel)
{
	char path[PATH_MAX];
	char *s;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (s = path + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(path, 0755);
		*s = '/';
	}
}

static void make(char type, const char *rel, const char *arg)
{
	char path[PATH_MAX];
	int fd;

	if (!inside(rel))
		return;
	parents(rel);
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (type == 'd') {
		mkdir(path, 0755);
	} else if (type == 'l') {
		if (symlink(arg, path) < 0 && errno != EEXIST)
			return;
	} else if (type == 'f') {
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC |
			  O_NOFOLLOW, 0644);
		if (fd < 0)
			return;
		for (const char *s = arg; *s; s++) {
			char c = *s;

			if (s[0] == '\\' && s[1] == 'n') {
				c = '\n';
				s++;
			}
			if (write(fd, &c, 1) != 1)
				break;
		}
		close(fd);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *line, *save, *release = NULL;
	char *names[4];
	size_t nnames = 0, i, n;
	struct smk_inputs in = { 0 };
	struct smk_error *err;
	char **mods, *path;

	clear();
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp;

		if (!release) {
			release = line;
			continue;
		}
		if (strlen(line) < 3 || line[1] != ' ')
			continue;
		if (line[0] == 'n') {
			/* a name that is a path is walked: keep it inside */
			if (nnames < 4 && (inside(line + 2) ||
					   !strcmp(line + 2, ".")))
				names[nnames++] = line + 2;
			continue;
		}
		sp = strchr(line + 2, ' ');
		if (sp)
			*sp++ = '\0';
		make(line[0], line + 2, sp ? sp : "");
	}
	if (!release)
		release = "6.1.0-fuzz";
	err = smk_kernel_vmlinux(root, release, &path);
	if (!err)
		free(path);
	smk_error_destroy(err);
	err = smk_kernel_modules(root, release, &mods, &n);
	if (!err)
		smk_strv_free(mods, n);
	smk_error_destroy(err);
	for (i = 0; i < nnames; i++) {
		err = smk_kernel_module_path(root, release, names[i], &path);
		if (!err)
			free(path);
		smk_error_destroy(err);
	}
	in.release = release;
	in.root = root;
	smk_error_destroy(smk_inputs_add_kernel(&in));
	for (i = 0; i < nnames; i++)
		smk_error_destroy(smk_inputs_add(&in, names[i]));
	smk_inputs_deinit(&in);
	free(text);
	return 0;
}
