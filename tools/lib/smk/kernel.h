/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Finding a kernel release's files, the way perf does: vmlinux in the usual
 * debug locations, modules through libkmod (modules.dep, name lookup),
 * preferring the debug copy of a module under /usr/lib/debug when there is
 * one.  @root is the root of the filesystem holding them ("" or NULL: /),
 * e.g. a -dbg package unpacked with dpkg -x.
 */
#ifndef SMK_KERNEL_H
#define SMK_KERNEL_H

#include <stddef.h>

#include "error.h"

/* The running kernel's release (uname -r) into a new string. */
struct smk_error *smk_kernel_running_release(char **ret);

/* The release's vmlinux with DWARF; SMK_ERROR_NOT_FOUND lists the places. */
struct smk_error *smk_kernel_vmlinux(const char *root, const char *release,
				     char **ret);

/* Every module of the release, as paths: from modules.dep, or without one
 * (an unpacked -dbg tree) the .ko files under its module directory. */
struct smk_error *smk_kernel_modules(const char *root, const char *release,
				     char ***ret, size_t *n);

/* A module name or alias resolved by libkmod to its file. */
struct smk_error *smk_kernel_module_path(const char *root,
					 const char *release,
					 const char *name, char **ret);

void smk_strv_free(char **v, size_t n);

#endif /* SMK_KERNEL_H */
