// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The index cache's files (symcache.h).  Layout, native byte order (the
 * layout word of the key tells one build's structures from another's):
 *
 *	header	struct file_header, at 0
 *	blobs	each 8-byte aligned, in the order they were added
 *	dir	struct dir_entry[nunits], sorted by CU offset, at dir_off,
 *		ending the file
 *
 * Each blob has a checksum in the directory, checked on every read: a
 * file damaged after it was written (a bit flipped on disk, a copy cut
 * short) is a unit built from DWARF, never an answer changed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symcache.h"

static const char magic[8] = "SMKIDX\0\2";
enum { FORMAT_VERSION = 1 };

struct file_header {
	char magic[8];
	uint32_t version;
	uint32_t build_id_len;
	unsigned char build_id[64];
	uint64_t layout;
	uint64_t sizes[SMK_INDEX_NSIZES];
	uint64_t nunits;
	uint64_t dir_off;
	uint64_t file_size;
};

struct dir_entry {
	uint64_t cu, off, len;
	uint64_t sum;		/* blob_sum() of the blob */
};

struct smk_index {
	int fd;
	struct dir_entry *dir;
	size_t n;
};

struct smk_index_writer {
	char *path, *tmp;
	int fd;
	uint64_t off;
	struct dir_entry *dir;
	size_t n, cap;
	struct file_header h;
};

static enum smk_index_cache_mode cache_mode = SMK_INDEX_CACHE_READ;

/* A fast 64-bit checksum (multiply-xor over 8-byte words, four lanes):
 * 20 KB, a kernel unit's blob, in about a microsecond. */
static uint64_t blob_sum(const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64_t h[4] = { 0x9e3779b97f4a7c15ull, 0xc2b2ae3d27d4eb4full,
			  0x165667b19e3779f9ull, 0x27d4eb2f165667c5ull };
	const uint64_t m = 0xff51afd7ed558ccdull;
	uint64_t w, r;
	size_t i = 0;
	int k;

	for (; i + 32 <= len; i += 32)
		for (k = 0; k < 4; k++) {
			memcpy(&w, b + i + 8 * k, 8);
			h[k] = (h[k] ^ w) * m;
			h[k] ^= h[k] >> 29;
		}
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, b + i, 8);
		h[0] = (h[0] ^ w) * m;
		h[0] ^= h[0] >> 29;
	}
	w = 0;
	memcpy(&w, b + i, len - i);
	h[1] = (h[1] ^ w ^ len) * m;
	r = h[0] ^ (h[1] << 1 | h[1] >> 63) ^ (h[2] << 2 | h[2] >> 62) ^
		(h[3] << 3 | h[3] >> 61);
	r ^= r >> 33;
	r *= 0xc4ceb9fe1a85ec53ull;
	return r ^ (r >> 33);
}

void smk_index_cache_configure(enum smk_index_cache_mode mode)
{
	cache_mode = mode;
}

enum smk_index_cache_mode smk_index_cache_mode(void)
{
	return cache_mode;
}

/* The cache directory (malloc'ed), or NULL: no HOME either, or no memory
 * (*@nomem). */
static char *cache_dir(bool *nomem)
{
	const char *d = getenv("SMK_INDEX_CACHE_DIR");
	char *p = NULL;

	*nomem = false;
	if (d && *d) {
		p = strdup(d);
	} else if ((d = getenv("XDG_CACHE_HOME")) && *d == '/') {
		if (asprintf(&p, "%s/simple-marker/index", d) < 0)
			p = NULL;
	} else if ((d = getenv("HOME")) && *d) {
		if (asprintf(&p, "%s/.cache/simple-marker/index", d) < 0)
			p = NULL;
	} else {
		return NULL;
	}
	*nomem = !p;
	return p;
}

char *smk_index_path(const struct smk_index_key *key, struct smk_error **err)
{
	char hex[2 * sizeof(key->build_id) + 1], *dir, *path;
	bool nomem;
	size_t i;

	*err = NULL;
	if (!key->build_id_len || key->build_id_len > sizeof(key->build_id)) {
		*err = smk_error_create(SMK_ERROR_UNSUPPORTED,
					"no build-id to key an index cache "
					"file with");
		return NULL;
	}
	for (i = 0; i < key->build_id_len; i++)
		snprintf(hex + 2 * i, 3, "%02x", key->build_id[i]);
	dir = cache_dir(&nomem);
	if (!dir) {
		*err = nomem ? &smk_error_nomem :
			smk_error_create(SMK_ERROR_NOT_FOUND,
					 "no index cache directory: set "
					 "SMK_INDEX_CACHE_DIR, XDG_CACHE_HOME "
					 "or HOME");
		return NULL;
	}
	if (asprintf(&path, "%s/%s.smkidx", dir, hex) < 0) {
		path = NULL;
		*err = &smk_error_nomem;
	}
	free(dir);
	return path;
}

static void header_of(const struct smk_index_key *key, struct file_header *h)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, magic, sizeof(magic));
	h->version = FORMAT_VERSION;
	h->build_id_len = key->build_id_len;
	memcpy(h->build_id, key->build_id, key->build_id_len);
	h->layout = key->layout;
	memcpy(h->sizes, key->sizes, sizeof(h->sizes));
}

/* All @len bytes at @off, read (@out false) or written (@out true). */
static bool io_all(int fd, void *buf, size_t len, uint64_t off, bool out)
{
	char *p = buf;

	while (len) {
		ssize_t r = out ? pwrite(fd, p, len, off) :
			pread(fd, p, len, off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		p += r;
		len -= r;
		off += r;
	}
	return true;
}

static bool pread_all(int fd, void *buf, size_t len, uint64_t off)
{
	return io_all(fd, buf, len, off, false);
}

static bool write_all(int fd, const void *buf, size_t len, uint64_t off)
{
	return io_all(fd, (void *)buf, len, off, true);
}

struct smk_error *smk_index_open(const struct smk_index_key *key,
				 struct smk_index **ret, const char **why)
{
	struct file_header want, h;
	struct smk_index *x = NULL;
	struct smk_error *err;
	struct stat st;
	char *path;
	size_t i;
	int fd;

	*ret = NULL;
	*why = NULL;
	path = smk_index_path(key, &err);
	if (!path) {
		if (err == &smk_error_nomem)
			return err;
		smk_error_destroy(err);
		*why = "no index cache directory, or no build-id";
		return NULL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0) {
		*why = "no index cache file";
		return NULL;
	}
	header_of(key, &want);
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		*why = "index cache file: not a regular file";
		goto ignore;
	}
	/* Ours only: a file someone else could have written is not read. */
	if (st.st_uid != geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH))) {
		*why = "index cache file: not owned by us, or writable by "
			"others";
		goto ignore;
	}
	if ((uint64_t)st.st_size < sizeof(h) ||
	    !pread_all(fd, &h, sizeof(h), 0)) {
		*why = "index cache file: truncated header";
		goto ignore;
	}
	if (memcmp(h.magic, want.magic, sizeof(h.magic)) ||
	    h.version != want.version ||
	    h.build_id_len != want.build_id_len ||
	    memcmp(h.build_id, want.build_id, sizeof(h.build_id)) ||
	    h.layout != want.layout ||
	    memcmp(h.sizes, want.sizes, sizeof(h.sizes))) {
		*why = "index cache file: made from another build or by "
			"another version";
		goto ignore;
	}
	if (h.nunits > (uint64_t)st.st_size / sizeof(struct dir_entry) ||
	    h.dir_off < sizeof(h) ||
	    h.dir_off + h.nunits * sizeof(struct dir_entry) !=
	    (uint64_t)st.st_size || h.file_size != (uint64_t)st.st_size) {
		*why = "index cache file: directory not where the header "
			"says";
		goto ignore;
	}
	x = calloc(1, sizeof(*x));
	if (!x)
		goto nomem;
	x->fd = fd;
	x->n = h.nunits;
	x->dir = malloc((x->n ? x->n : 1) * sizeof(*x->dir));
	if (!x->dir)
		goto nomem;
	if (!pread_all(fd, x->dir, x->n * sizeof(*x->dir), h.dir_off)) {
		*why = "index cache file: cannot read its directory";
		goto ignore;
	}
	for (i = 0; i < x->n; i++) {
		const struct dir_entry *e = &x->dir[i];

		if ((i && e->cu <= x->dir[i - 1].cu) || e->off < sizeof(h) ||
		    e->off > h.dir_off || e->len > h.dir_off - e->off) {
			*why = "index cache file: directory out of order or "
				"out of bounds";
			goto ignore;
		}
	}
	*ret = x;
	return NULL;
nomem:
	err = &smk_error_nomem;
ignore:	/* err: NULL, or no memory */
	if (x)
		free(x->dir);
	free(x);
	close(fd);
	return err;
}

void smk_index_close(struct smk_index *x)
{
	if (!x)
		return;
	close(x->fd);
	free(x->dir);
	free(x);
}

size_t smk_index_find(const struct smk_index *x, uint64_t cu,
		      const void **blob)
{
	size_t lo = 0, hi = x->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (x->dir[mid].cu < cu)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == x->n || x->dir[lo].cu != cu)
		return 0;
	*blob = &x->dir[lo];
	return x->dir[lo].len;
}

bool smk_index_read(const struct smk_index *x, const void *blob, void *buf)
{
	const struct dir_entry *e = blob;

	return pread_all(x->fd, buf, e->len, e->off) &&
		blob_sum(buf, e->len) == e->sum;
}

/* mkdir -p @dir, the directories it makes private to the user. */
static bool make_dirs(char *dir)
{
	char *p;

	for (p = dir + 1; ; p++) {
		if (*p && *p != '/')
			continue;
		{
			char c = *p;

			*p = 0;
			if (mkdir(dir, 0700) && errno != EEXIST) {
				*p = c;
				return false;
			}
			*p = c;
		}
		if (!*p)
			return true;
	}
}

struct smk_error *smk_index_writer_begin(const struct smk_index_key *key,
					 struct smk_index_writer **ret)
{
	struct smk_index_writer *w;
	struct smk_error *err;
	char *slash;

	*ret = NULL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return &smk_error_nomem;
	w->fd = -1;
	w->path = smk_index_path(key, &err);
	if (!w->path)
		goto fail;
	slash = strrchr(w->path, '/');
	if (slash && slash != w->path) {
		*slash = 0;
		if (!make_dirs(w->path)) {
			err = smk_error_errno(errno, "%s: cannot make the "
					      "index cache directory",
					      w->path);
			goto fail;
		}
		*slash = '/';
	}
	if (asprintf(&w->tmp, "%s.tmp.%d", w->path, (int)getpid()) < 0) {
		w->tmp = NULL;
		err = &smk_error_nomem;
		goto fail;
	}
	w->fd = open(w->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC |
		     O_NOFOLLOW, 0644);
	if (w->fd < 0) {
		err = smk_error_errno(errno, "%s", w->tmp);
		goto fail;
	}
	header_of(key, &w->h);
	w->off = sizeof(w->h);
	*ret = w;
	return NULL;
fail:
	smk_index_writer_abort(w);
	return err;
}

struct smk_error *smk_index_writer_add(struct smk_index_writer *w,
				       uint64_t cu, const void *blob,
				       size_t len)
{
	static const char zeros[8];
	size_t pad = -w->off & 7;

	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 1024;
		struct dir_entry *d = realloc(w->dir, cap * sizeof(*d));

		if (!d)
			return &smk_error_nomem;
		w->dir = d;
		w->cap = cap;
	}
	if ((pad && !write_all(w->fd, zeros, pad, w->off)) ||
	    !write_all(w->fd, blob, len, w->off + pad))
		return smk_error_errno(errno ? errno : EIO, "%s", w->tmp);
	w->off += pad;
	w->dir[w->n++] = (struct dir_entry){ cu, w->off, len,
					     blob_sum(blob, len) };
	w->off += len;
	return NULL;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct dir_entry *x = a, *y = b;

	return (x->cu > y->cu) - (x->cu < y->cu);
}

struct smk_error *smk_index_writer_commit(struct smk_index_writer *w,
					  char **path, uint64_t *size)
{
	struct smk_error *err;
	size_t i;

	*path = NULL;
	qsort(w->dir, w->n, sizeof(*w->dir), cmp_entry);
	for (i = 1; i < w->n; i++)
		if (w->dir[i].cu == w->dir[i - 1].cu) {
			err = smk_error_create(SMK_ERROR_INVALID,
					       "%s: unit at 0x%llx added "
					       "twice", w->tmp,
					       (unsigned long long)
					       w->dir[i].cu);
			goto fail;
		}
	w->off += -w->off & 7;
	w->h.nunits = w->n;
	w->h.dir_off = w->off;
	w->h.file_size = w->off + w->n * sizeof(*w->dir);
	if (!write_all(w->fd, w->dir, w->n * sizeof(*w->dir), w->off) ||
	    !write_all(w->fd, &w->h, sizeof(w->h), 0) ||
	    ftruncate(w->fd, w->h.file_size)) {
		err = smk_error_errno(errno ? errno : EIO, "%s", w->tmp);
		goto fail;
	}
	if (close(w->fd)) {
		w->fd = -1;
		err = smk_error_errno(errno, "%s", w->tmp);
		goto fail;
	}
	w->fd = -1;
	if (rename(w->tmp, w->path)) {
		err = smk_error_errno(errno, "%s: cannot rename to %s",
				      w->tmp, w->path);
		goto fail;
	}
	*path = w->path;
	*size = w->h.file_size;
	w->path = NULL;
	free(w->tmp);
	free(w->dir);
	free(w);
	return NULL;
fail:
	smk_index_writer_abort(w);
	return err;
}

void smk_index_writer_abort(struct smk_index_writer *w)
{
	if (!w)
		return;
	if (w->fd >= 0)
		close(w->fd);
	if (w->tmp)
		unlink(w->tmp);
	free(w->tmp);
	free(w->path);
	free(w->dir);
	free(w);
}
