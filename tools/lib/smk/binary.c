// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Opening binaries, decompressing modules and finding their debuginfo.
 *
 * Compressed modules are inflated into a memfd, so that libelf and libdwfl
 * see an ordinary file descriptor (libdwfl 0.188 cannot read zstd itself).
 * The decompressed size is bounded: a module is small, a bomb is not.
 *
 * Debuginfo lookup is ours rather than dwfl_standard_find_debuginfo(),
 * because a rejected candidate has to be reported with its reason: "I found
 * /usr/lib/debug/.build-id/ab/cd.debug but its build-id is ef..." is what a
 * user needs when a rebuilt binary silently lost its debuginfo.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <elfutils/libdwelf.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include "addrsym.h"
#include "binary.h"
#include "debuginfod.h"

static const size_t max_decompressed = (size_t)2 << 30;

void smk_build_id_hex(const unsigned char *id, size_t len, char *buf)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		buf[2 * i] = hex[id[i] >> 4];
		buf[2 * i + 1] = hex[id[i] & 15];
	}
	buf[2 * len] = '\0';
}

static struct smk_error *write_all(int fd, const void *buf, size_t len,
				   const char *path)
{
	const char *p = buf;

	while (len) {
		ssize_t r = write(fd, p, len);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return smk_error_errno(errno, "%s: writing decompressed "
					       "data", path);
		}
		p += r;
		len -= r;
	}
	return NULL;
}

enum compression { COMP_NONE, COMP_GZIP, COMP_XZ, COMP_ZSTD };

static enum compression sniff(const unsigned char *m, size_t n)
{
	if (n >= 2 && m[0] == 0x1f && m[1] == 0x8b)
		return COMP_GZIP;
	if (n >= 6 && !memcmp(m, "\xfd" "7zXZ\0", 6))
		return COMP_XZ;
	if (n >= 4 && !memcmp(m, "\x28\xb5\x2f\xfd", 4))
		return COMP_ZSTD;
	return COMP_NONE;
}

/*
 * Inflate @in (@len bytes) into the memfd @out.  One function per format
 * would repeat the output loop three times; instead each format fills a
 * chunk and the loop writes it.
 */
static struct smk_error *decompress(enum compression comp,
				    const unsigned char *in, size_t len,
				    int out, const char *path)
{
	static const char *const names[] = { "", "gzip", "xz", "zstd" };
	enum { CHUNK = 1 << 16 };
	unsigned char *buf = malloc(CHUNK);
	struct smk_error *err = NULL;
	z_stream zs = { 0 };
	lzma_stream xs = LZMA_STREAM_INIT;
	ZSTD_DStream *ds = NULL;
	ZSTD_inBuffer zin = { in, len, 0 };
	size_t total = 0;
	bool done = false;

	if (!buf)
		return &smk_error_nomem;
	if (comp == COMP_GZIP) {
		zs.next_in = (unsigned char *)in;
		zs.avail_in = len > UINT_MAX ? UINT_MAX : len;
		if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
			err = &smk_error_nomem;
	} else if (comp == COMP_XZ) {
		xs.next_in = in;
		xs.avail_in = len;
		if (lzma_stream_decoder(&xs, UINT64_MAX, 0) != LZMA_OK)
			err = &smk_error_nomem;
	} else {
		ds = ZSTD_createDStream();
		if (!ds || ZSTD_isError(ZSTD_initDStream(ds)))
			err = &smk_error_nomem;
	}
	while (!err && !done) {
		size_t got = 0;
		const char *why = NULL;

		if (comp == COMP_GZIP) {
			int r;

			zs.next_out = buf;
			zs.avail_out = CHUNK;
			r = inflate(&zs, Z_NO_FLUSH);
			got = CHUNK - zs.avail_out;
			if (r == Z_STREAM_END)
				done = true;
			else if (r != Z_OK || (!got && !zs.avail_in))
				why = zs.msg ? zs.msg : "truncated or corrupt";
		} else if (comp == COMP_XZ) {
			lzma_ret r;

			xs.next_out = buf;
			xs.avail_out = CHUNK;
			r = lzma_code(&xs, xs.avail_in ? LZMA_RUN : LZMA_FINISH);
			got = CHUNK - xs.avail_out;
			if (r == LZMA_STREAM_END)
				done = true;
			else if (r != LZMA_OK)
				why = "truncated or corrupt";
		} else {
			ZSTD_outBuffer zout = { buf, CHUNK, 0 };
			size_t r = ZSTD_decompressStream(ds, &zout, &zin);

			got = zout.pos;
			if (ZSTD_isError(r))
				why = ZSTD_getErrorName(r);
			else if (r == 0 && zin.pos == zin.size)
				done = true;
			else if (!got && zin.pos == zin.size)
				why = "truncated";
		}
		if (why) {
			err = smk_error_create(SMK_ERROR_CORRUPT,
					       "%s: %s data: %s", path,
					       names[comp], why);
			break;
		}
		total += got;
		if (total > max_decompressed) {
			err = smk_error_create(SMK_ERROR_CORRUPT,
					       "%s: decompresses to more than "
					       "%zu bytes", path,
					       max_decompressed);
			break;
		}
		err = write_all(out, buf, got, path);
	}
	if (comp == COMP_GZIP)
		inflateEnd(&zs);
	else if (comp == COMP_XZ)
		lzma_end(&xs);
	else
		ZSTD_freeDStream(ds);
	free(buf);
	return err;
}

/* Open @path; if compressed, return a memfd holding its contents. */
static struct smk_error *open_file(const char *path, int *fdp, bool *comp)
{
	struct smk_error *err;
	unsigned char magic[6];
	struct stat st;
	enum compression c;
	void *map;
	ssize_t n;
	int fd, mfd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return smk_error_errno(errno, "%s", path);
	if (fstat(fd, &st) < 0) {
		err = smk_error_errno(errno, "%s", path);
		goto out_close;
	}
	if (S_ISDIR(st.st_mode)) {
		err = smk_error_create(SMK_ERROR_INVALID, "%s: is a directory",
				       path);
		goto out_close;
	}
	n = pread(fd, magic, sizeof(magic), 0);
	if (n < 0) {
		err = smk_error_errno(errno, "%s", path);
		goto out_close;
	}
	c = sniff(magic, n);
	*comp = c != COMP_NONE;
	if (c == COMP_NONE) {
		*fdp = fd;
		return NULL;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED) {
		err = smk_error_errno(errno, "%s: mmap", path);
		goto out_close;
	}
	mfd = memfd_create("smk-decompressed", MFD_CLOEXEC);
	if (mfd < 0) {
		err = smk_error_errno(errno, "%s: memfd_create", path);
	} else {
		err = decompress(c, map, st.st_size, mfd, path);
		if (err)
			close(mfd);
		else
			*fdp = mfd;
	}
	munmap(map, st.st_size);
out_close:
	close(fd);
	return err;
}

Elf_Scn *smk_binary_section(struct smk_binary *b, const char *name,
			    GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(b->elf, scn))) {
		GElf_Shdr tmp, *sh = gelf_getshdr(scn, shdr ? shdr : &tmp);
		const char *n;

		if (!sh)
			continue;
		n = elf_strptr(b->elf, b->shstrndx, sh->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

/* The module's name from .modinfo "name=", bounded by the section. */
static char *modinfo_name(struct smk_binary *b)
{
	Elf_Scn *scn = smk_binary_section(b, ".modinfo", NULL);
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
	const char *p, *end;

	if (!d || !d->d_buf)
		return NULL;
	p = d->d_buf;
	end = p + d->d_size;
	while (p < end) {
		const char *nul = memchr(p, '\0', end - p);
		size_t len = nul ? (size_t)(nul - p) : (size_t)(end - p);

		if (len > 5 && !strncmp(p, "name=", 5))
			return strndup(p + 5, len - 5);
		p += len + 1;
	}
	return NULL;
}

static char *name_from_path(const char *path, bool module)
{
	const char *base = strrchr(path, '/');
	static const char *const exts[] = {
		".ko.gz", ".ko.xz", ".ko.zst", ".ko",
	};
	char *name;
	size_t len, i;

	base = base ? base + 1 : path;
	name = strdup(base);
	if (!name || !module)
		return name;
	len = strlen(name);
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t el = strlen(exts[i]);

		if (len > el && !strcmp(name + len - el, exts[i])) {
			name[len - el] = '\0';
			break;
		}
	}
	/* Module names use '_' where file names may use '-'. */
	for (i = 0; name[i]; i++)
		if (name[i] == '-')
			name[i] = '_';
	return name;
}

char *smk_module_name_from_path(const char *path)
{
	return name_from_path(path, true);
}

static bool is_vmlinux(struct smk_binary *b)
{
	const char *base = strrchr(b->path, '/');

	base = base ? base + 1 : b->path;
	return !strncmp(base, "vmlinux", 7) ||
	       smk_binary_section(b, "__ksymtab_strings", NULL) ||
	       smk_binary_section(b, ".init.text", NULL);
}

static struct smk_error *set_debug_dirs(struct smk_binary *b,
					const struct smk_debuginfo_opts *opts)
{
	if (opts)
		b->opts = *opts;
	if (b->opts.ndebug_dirs)
		return NULL;
	b->owned_dirs = calloc(1, sizeof(char *));
	if (!b->owned_dirs ||
	    asprintf(&b->owned_dirs[0], "%s/usr/lib/debug",
		     b->opts.target_prefix ? b->opts.target_prefix : "") < 0)
		return &smk_error_nomem;
	b->nowned_dirs = 1;
	b->opts.debug_dirs = (const char *const *)b->owned_dirs;
	b->opts.ndebug_dirs = 1;
	return NULL;
}

struct smk_error *smk_binary_open(const char *path,
				  const struct smk_debuginfo_opts *opts,
				  struct smk_binary **ret)
{
	struct smk_binary *b;
	struct smk_error *err;
	GElf_Ehdr ehdr;
	const void *id;
	ssize_t idlen;

	elf_version(EV_CURRENT);
	b = calloc(1, sizeof(*b));
	if (!b)
		return &smk_error_nomem;
	b->fd = -1;
	b->path = strdup(path);
	if (!b->path) {
		err = &smk_error_nomem;
		goto fail;
	}
	err = set_debug_dirs(b, opts);
	if (err)
		goto fail;
	err = open_file(path, &b->fd, &b->compressed);
	if (err)
		goto fail;
	b->elf = elf_begin(b->fd, ELF_C_READ_MMAP, NULL);
	if (!b->elf || elf_kind(b->elf) != ELF_K_ELF) {
		err = smk_error_create(SMK_ERROR_ELF, "%s: not an ELF file%s",
				       path, b->compressed ?
				       " (after decompression)" : "");
		goto fail;
	}
	if (!gelf_getehdr(b->elf, &ehdr) ||
	    elf_getshdrstrndx(b->elf, &b->shstrndx) < 0) {
		err = smk_error_create(SMK_ERROR_ELF, "%s: bad ELF header: %s",
				       path, elf_errmsg(-1));
		goto fail;
	}
	/* libelf checks the section headers lazily; look now. */
	if (elf_getscn(b->elf, 0) == NULL && ehdr.e_shnum) {
		err = smk_error_create(SMK_ERROR_ELF,
				       "%s: bad section headers: %s", path,
				       elf_errmsg(-1));
		goto fail;
	}
	b->big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
	switch (ehdr.e_type) {
	case ET_REL:
		b->module = modinfo_name(b);
		b->kind = b->module ? SMK_BINARY_MODULE : SMK_BINARY_OBJECT;
		if (!b->module)
			b->module = name_from_path(path, false);
		break;
	case ET_EXEC:
		if (is_vmlinux(b)) {
			b->kind = SMK_BINARY_VMLINUX;
			b->module = strdup("vmlinux");
		} else {
			b->kind = SMK_BINARY_EXEC;
			b->module = name_from_path(path, false);
		}
		break;
	case ET_DYN:
		b->kind = SMK_BINARY_DYN;
		b->module = name_from_path(path, false);
		break;
	default:
		err = smk_error_create(SMK_ERROR_ELF,
				       "%s: unsupported ELF type %u", path,
				       ehdr.e_type);
		goto fail;
	}
	if (!b->module) {
		err = &smk_error_nomem;
		goto fail;
	}
	idlen = dwelf_elf_gnu_build_id(b->elf, &id);
	if (idlen > 0 && (size_t)idlen <= sizeof(b->build_id)) {
		memcpy(b->build_id, id, idlen);
		b->build_id_len = idlen;
	}
	*ret = b;
	return NULL;
fail:
	smk_binary_destroy(b);
	return err;
}

void smk_binary_destroy(struct smk_binary *b)
{
	size_t i;

	if (!b)
		return;
	if (b->cfg_cache_free)
		b->cfg_cache_free(b->cfg_cache);
	if (b->src_cache_free)
		b->src_cache_free(b->src_cache);
	if (b->copies_cache_free)
		b->copies_cache_free(b->copies_cache);
	free(b->relocs);
	free(b->imports);
	free(b->syms);
	free(b->by_name);
	smk_addrsym_destroy(b->addrsym);
	if (b->dwfl)
		dwfl_end(b->dwfl);
	if (b->elf)
		elf_end(b->elf);
	if (b->fd >= 0)
		close(b->fd);
	for (i = 0; i < b->nowned_dirs; i++)
		free(b->owned_dirs[i]);
	free(b->owned_dirs);
	free(b->debug_file);
	free(b->no_dwarf_reason);
	free(b->rejected);
	free(b->debuginfod_reason);
	free(b->module);
	free(b->path);
	free(b);
}

static void add_rejected(struct smk_binary *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void add_rejected(struct smk_binary *b, const char *fmt, ...)
{
	char *msg, *all;
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (r < 0)
		return;
	if (!b->rejected) {
		b->rejected = msg;
		return;
	}
	if (asprintf(&all, "%s; %s", b->rejected, msg) >= 0) {
		free(b->rejected);
		b->rejected = all;
	}
	free(msg);
}

static bool has_debug_info(Elf *elf)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) < 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(&*scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && (!strcmp(n, ".debug_info") ||
			  !strcmp(n, ".zdebug_info")))
			return true;
	}
	return false;
}

static uint32_t file_crc(int fd)
{
	unsigned char buf[1 << 16];
	uLong crc = crc32(0, NULL, 0);
	off_t off = 0;
	ssize_t n;

	while ((n = pread(fd, buf, sizeof(buf), off)) > 0) {
		crc = crc32(crc, buf, n);
		off += n;
	}
	return crc;
}

enum check { CHECK_BUILD_ID, CHECK_CRC };

/* Open and validate a debuginfo candidate; its fd, or -1. */
static int try_candidate(struct smk_binary *b, const char *path,
			 enum check check, uint32_t crc)
{
	char have[129], want[129];
	const void *id;
	ssize_t idlen;
	struct stat st;
	Elf *elf;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		goto reject_quiet;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		add_rejected(b, "%s: not an ELF file", path);
		goto reject;
	}
	if (!has_debug_info(elf)) {
		add_rejected(b, "%s: has no .debug_info", path);
		goto reject;
	}
	idlen = dwelf_elf_gnu_build_id(elf, &id);
	if (b->build_id_len && (check == CHECK_BUILD_ID || idlen > 0)) {
		if (idlen != (ssize_t)b->build_id_len ||
		    memcmp(id, b->build_id, idlen)) {
			smk_build_id_hex(b->build_id, b->build_id_len, want);
			if (idlen > 0 && (size_t)idlen <= 64)
				smk_build_id_hex(id, idlen, have);
			else
				strcpy(have, "none");
			add_rejected(b, "%s: build-id %s does not match %s",
				     path, have, want);
			goto reject;
		}
	} else if (check == CHECK_CRC && file_crc(fd) != crc) {
		add_rejected(b, "%s: CRC does not match .gnu_debuglink", path);
		goto reject;
	}
	elf_end(elf);
	return fd;
reject:
	elf_end(elf);
reject_quiet:
	close(fd);
	return -1;
}

static int found(char *path, char **name_ret, int fd)
{
	*name_ret = path;
	return fd;
}

/* The local lookup, in GDB's order (see binary.h). */
static int local_debuginfo(struct smk_binary *b, const char *debuglink_file,
			   GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	char hex[129], *path, *dir_copy, *dir, *rel;
	size_t i, plen;
	int fd;

	if (b->build_id_len) {
		smk_build_id_hex(b->build_id, b->build_id_len, hex);
		for (i = 0; i < b->opts.ndebug_dirs; i++) {
			if (asprintf(&path, "%s/.build-id/%.2s/%s.debug",
				     b->opts.debug_dirs[i], hex, hex + 2) < 0)
				return -1;
			fd = try_candidate(b, path, CHECK_BUILD_ID, 0);
			if (fd >= 0)
				return found(path, debuginfo_file_name, fd);
			free(path);
		}
	}
	if (!debuglink_file || strchr(debuglink_file, '/'))
		return -1;
	dir_copy = realpath(b->path, NULL);
	if (!dir_copy)
		dir_copy = strdup(b->path);
	if (!dir_copy)
		return -1;
	dir = dirname(dir_copy);
	/* Under each debug dir, the binary's directory on the target. */
	rel = dir;
	if (b->opts.target_prefix) {
		/* Compare canonical paths: the prefix may be relative or
		 * go through a symlink, as the binary's path may. */
		char *prefix = realpath(b->opts.target_prefix, NULL);

		plen = prefix ? strlen(prefix) : 0;
		if (plen && !strncmp(dir, prefix, plen) &&
		    (dir[plen] == '/' || !dir[plen]))
			rel = dir + plen;
		free(prefix);
	}
	for (i = 0; i < 2 + b->opts.ndebug_dirs; i++) {
		int r;

		if (i == 0)
			r = asprintf(&path, "%s/%s", dir, debuglink_file);
		else if (i == 1)
			r = asprintf(&path, "%s/.debug/%s", dir, debuglink_file);
		else
			r = asprintf(&path, "%s%s%s/%s",
				     b->opts.debug_dirs[i - 2],
				     *rel == '/' ? "" : "/", rel,
				     debuglink_file);
		if (r < 0)
			break;
		/* Never the binary itself (same name, same directory). */
		fd = strcmp(path, b->path) ? try_candidate(b, path, CHECK_CRC,
							   debuglink_crc) : -1;
		if (fd >= 0) {
			free(dir_copy);
			return found(path, debuginfo_file_name, fd);
		}
		free(path);
	}
	free(dir_copy);
	return -1;
}

/*
 * After the local lookup: the run's debuginfod servers, by build-id.  The
 * served file is a candidate like any other (try_candidate()); one whose
 * build-id is another is refused, with the server named, and evicted from
 * libdebuginfod's cache.
 */
static int debuginfod_debuginfo(struct smk_binary *b,
				char **debuginfo_file_name)
{
	struct smk_debuginfod *d = smk_debuginfod_default();
	const char *path, *reason;
	char *saved, *why, *name;
	int fd;

	if (!d || !b->build_id_len)
		return -1;
	fd = smk_debuginfod_find(d, SMK_DEBUGINFOD_DEBUGINFO, b->build_id,
				 b->build_id_len, &path, &reason);
	if (fd < 0) {
		free(b->debuginfod_reason);
		b->debuginfod_reason = strdup(reason);
		return -1;
	}
	close(fd);
	/* try_candidate() reports into b->rejected: take its words. */
	saved = b->rejected;
	b->rejected = NULL;
	fd = try_candidate(b, path, CHECK_BUILD_ID, 0);
	why = b->rejected;
	b->rejected = saved;
	if (fd >= 0) {
		name = strdup(path);
		if (!name) {
			close(fd);
			return -1;
		}
		return found(name, debuginfo_file_name, fd);
	}
	add_rejected(b, "debuginfod: %s served %s", smk_debuginfod_urls(d),
		     why ? why : path);
	smk_debuginfod_refuse(d, path, b->rejected);
	free(why);
	return -1;
}

static int find_debuginfo(Dwfl_Module *mod, void **userdata,
			  const char *modname, Dwarf_Addr base,
			  const char *file_name, const char *debuglink_file,
			  GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	struct smk_binary *b = *userdata;
	int fd;

	if (!b)
		return -1;
	fd = local_debuginfo(b, debuglink_file, debuglink_crc,
			     debuginfo_file_name);
	if (fd < 0)
		fd = debuginfod_debuginfo(b, debuginfo_file_name);
	return fd;
}

/* Report the file to libdwfl (symbols, relocations), without DWARF yet. */
static bool binary_report(struct smk_binary *b)
{
	static const Dwfl_Callbacks callbacks = {
		.find_elf = dwfl_build_id_find_elf,
		.find_debuginfo = find_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	void **userdata;
	int fd;

	if (b->dwmod)
		return true;
	if (b->dwfl)
		return false;	/* tried and failed */
	b->dwfl = dwfl_begin(&callbacks);
	if (!b->dwfl)
		return false;
	fd = dup(b->fd);
	if (fd < 0)
		return false;
	dwfl_report_begin(b->dwfl);
	b->dwmod = dwfl_report_offline(b->dwfl, b->module, b->path, fd);
	dwfl_report_end(b->dwfl, NULL, NULL);
	if (!b->dwmod)
		return false;
	dwfl_module_info(b->dwmod, &userdata, NULL, NULL, NULL, NULL, NULL,
			 NULL);
	*userdata = b;
	if (!dwfl_module_getelf(b->dwmod, &b->bias))
		b->bias = 0;
	return true;
}

Dwarf *smk_binary_dwarf(struct smk_binary *b)
{
	const char *debug = NULL;

	if (b->dwarf_tried)
		return b->dwarf;
	b->dwarf_tried = true;
	if (!binary_report(b))
		goto fail;
	b->dwarf = dwfl_module_getdwarf(b->dwmod, &b->bias);
	if (!b->dwarf)
		goto fail;
	dwfl_module_info(b->dwmod, NULL, NULL, NULL, NULL, NULL, NULL, &debug);
	b->debug_file = strdup(debug ? debug : b->path);
	return b->dwarf;
fail:
	if (b->rejected) {
		if (asprintf(&b->no_dwarf_reason, "no usable debuginfo: %s%s%s",
			     b->rejected, b->debuginfod_reason ? "; " : "",
			     b->debuginfod_reason ? b->debuginfod_reason :
			     "") < 0)
			b->no_dwarf_reason = NULL;
	} else if (asprintf(&b->no_dwarf_reason, "no debuginfo: %s%s%s",
			    dwfl_errmsg(-1), b->debuginfod_reason ? "; " : "",
			    b->debuginfod_reason ? b->debuginfod_reason :
			    "") < 0) {
		b->no_dwarf_reason = NULL;
	}
	return NULL;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct smk_symbol *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* At one address: sized before unsized, global before local, so
	 * that the last of a run (the one a lookup lands on) is the best
	 * name: smk_sample_exit rather than its alias cleanup_module is
	 * not decidable, but a sized global function is. */
	if ((x->size != 0) != (y->size != 0))
		return x->size ? 1 : -1;
	if (x->bind != y->bind)
		return x->bind == STB_GLOBAL ? 1 : -1;
	return strcmp(y->name, x->name);
}

static void build_symbols(struct smk_binary *b)
{
	enum { NOTHING_SEEN, SYMBOL_SEEN, FILE_AFTER_SYMBOL } state =
		NOTHING_SEEN;
	const char *file = NULL;
	int i, n;

	b->syms_tried = true;
	if (!binary_report(b))
		return;
	n = dwfl_module_getsymtab(b->dwmod);
	if (n <= 0)
		return;
	b->syms = calloc(n, sizeof(*b->syms));
	if (!b->syms)
		return;
	for (i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr a;
		const char *name = dwfl_module_getsym_info(b->dwmod, i, &sym, &a,
							   NULL, NULL, NULL);
		int type = GELF_ST_TYPE(sym.st_info);
		int bind = GELF_ST_BIND(sym.st_info);

		/* binutils' walk: every symbol but the files counts. */
		if (name && type == STT_FILE) {
			file = name;
			if (state == SYMBOL_SEEN)
				state = FILE_AFTER_SYMBOL;
			continue;
		}
		if (state == NOTHING_SEEN)
			state = SYMBOL_SEEN;
		if (!name || !*name || sym.st_shndx == SHN_UNDEF ||
		    (type != STT_FUNC && type != STT_NOTYPE))
			continue;
		b->syms[b->nsyms++] = (struct smk_symbol){
			.addr = a - b->bias, .size = sym.st_size,
			.name = name, .bind = bind,
			.file = bind == STB_LOCAL ||
				state != FILE_AFTER_SYMBOL ? file : NULL,
		};
	}
	qsort(b->syms, b->nsyms, sizeof(*b->syms), sym_cmp);
}

const struct smk_symbol *smk_binary_symbol_at(struct smk_binary *b,
					      uint64_t addr)
{
	size_t lo = 0, hi, k;

	if (!b->syms_tried)
		build_symbols(b);
	hi = b->nsyms;
	/* The last symbol starting at or before @addr... */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* ...walking back over those that end before it (nested or
	 * unsized ones), as libdwfl does. */
	for (k = lo; k > 0; k--) {
		const struct smk_symbol *s = &b->syms[k - 1];

		if (addr < s->addr + s->size ||
		    (!s->size && addr == s->addr))
			return s;
		if (lo - k > 64)
			break;
	}
	return NULL;
}

const char *smk_binary_addrinfo(struct smk_binary *b, uint64_t addr,
				uint64_t *offset)
{
	GElf_Off off;
	GElf_Sym gs;
	const char *name;

	if (!b->addrsym_tried) {
		b->addrsym_tried = true;
		if (binary_report(b) &&
		    smk_addrsym_create(b->dwmod, &b->addrsym))
			b->addrsym = NULL;	/* no memory: libdwfl's scan */
	}
	if (!b->dwmod)
		return NULL;
	if (b->addrsym)
		return smk_addrsym_lookup(b->addrsym, addr + b->bias, offset);
	name = dwfl_module_addrinfo(b->dwmod, addr + b->bias, &off, &gs,
				    NULL, NULL, NULL);
	if (name)
		*offset = off;
	return name;
}

static int sym_name_cmp(const void *a, const void *b)
{
	const struct smk_symbol *x = *(const struct smk_symbol *const *)a;
	const struct smk_symbol *y = *(const struct smk_symbol *const *)b;
	int c = strcmp(x->name, y->name);

	/* Duplicates (local symbols of one name): the lowest address. */
	return c ? c : x->addr < y->addr ? -1 : x->addr > y->addr;
}

const struct smk_symbol *smk_binary_code_symbol(struct smk_binary *b,
						const char *name)
{
	size_t lo = 0, hi, i;

	if (!b->syms_tried)
		build_symbols(b);
	if (!b->by_name && b->nsyms) {
		b->by_name = malloc(b->nsyms * sizeof(*b->by_name));
		if (!b->by_name)
			return NULL;
		for (i = 0; i < b->nsyms; i++)
			b->by_name[i] = &b->syms[i];
		qsort(b->by_name, b->nsyms, sizeof(*b->by_name),
		      sym_name_cmp);
	}
	hi = b->nsyms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(b->by_name[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < b->nsyms && !strcmp(b->by_name[lo]->name, name) ?
	       b->by_name[lo] : NULL;
}

/*
 * The first allocated section, in section header order, that @want
 * accepts: its name, DWARF address and size.
 */
static bool alloc_section(struct smk_binary *b,
			  bool (*want)(const char *name, const GElf_Shdr *sh,
				       const void *arg),
			  const void *arg, const char **name, uint64_t *addr,
			  uint64_t *size)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Addr bias;
	GElf_Shdr sh;
	Elf *elf;

	if (!binary_report(b))
		return false;
	elf = dwfl_module_getelf(b->dwmod, &bias);
	if (!elf || elf_getshdrstrndx(elf, &shstrndx) < 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!n || !want(n, &sh, arg))
			continue;
		*name = n;
		*addr = sh.sh_addr + bias - b->bias;
		*size = sh.sh_size;
		return true;
	}
	return false;
}

/* Code, not empty, not .init: what the kernel lays first in a module. */
static bool first_code(const char *name, const GElf_Shdr *sh,
		       const void *unused)
{
	(void)unused;
	return (sh->sh_flags & SHF_EXECINSTR) && sh->sh_size &&
	       strncmp(name, ".init", 5);
}

static bool named(const char *name, const GElf_Shdr *sh, const void *want)
{
	(void)sh;
	return !strcmp(name, want);
}

bool smk_binary_module_first_code(struct smk_binary *b, const char **name,
				  uint64_t *addr, uint64_t *size)
{
	return alloc_section(b, first_code, NULL, name, addr, size);
}

/* One REL or RELA relocation of an allocated section, at its DWARF address. */
struct reloc_entry {
	uint64_t at;		/* the field it patches */
	uint64_t target;	/* S + A, when defined */
	size_t order;		/* in the file, for ties */
	bool defined;
};

static int reloc_cmp(const void *x, const void *y)
{
	const struct reloc_entry *a = x, *b = y;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/*
 * Every relocation of the allocated sections, sorted by address: read
 * once per binary (cfg.c asks for each RIP-relative store and each
 * jump of every function it decodes in a module).
 */
/*
 * The implicit addend of REL relocation @r (i386 modules have no RELA):
 * the field it patches, read from the unrelocated section data @d.
 * Bounded by the data; false when the field is not all in it.
 */
static bool rel_addend(Elf *elf, const Elf_Data *d, const GElf_Rel *r,
		       int64_t *addend)
{
	const unsigned char *p;
	size_t width = 4;
	GElf_Ehdr eh;
	bool msb;

	if (!d || !d->d_buf || !gelf_getehdr(elf, &eh))
		return false;
	if (eh.e_machine == EM_386) {
		switch (GELF_R_TYPE(r->r_info)) {
		case R_386_16:
		case R_386_PC16:
			width = 2;
			break;
		case R_386_8:
		case R_386_PC8:
			width = 1;
			break;
		}
	}
	if (r->r_offset > d->d_size || d->d_size - r->r_offset < width)
		return false;
	p = (const unsigned char *)d->d_buf + r->r_offset;
	msb = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	switch (width) {
	case 1:
		*addend = (int8_t)p[0];
		break;
	case 2:
		*addend = (int16_t)(msb ? p[0] << 8 | p[1] : p[1] << 8 | p[0]);
		break;
	default:
		*addend = (int32_t)(msb ?
			(uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3] :
			(uint32_t)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0]);
		break;
	}
	return true;
}

static void reloc_index(struct smk_binary *b)
{
	struct reloc_entry *v = NULL;
	size_t n = 0, cap = 0;
	Elf_Scn *scn = NULL;
	GElf_Addr bias;
	GElf_Shdr sh;
	Elf *elf;

	b->relocs_tried = true;
	elf = dwfl_module_getelf(b->dwmod, &bias);
	if (!elf)
		return;
	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Scn *in, *symscn;
		Elf_Data *rd, *sd, *td = NULL;
		GElf_Shdr ish;
		uint64_t base;
		size_t k, nr;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) ||
		    !sh.sh_entsize || !(in = elf_getscn(elf, sh.sh_info)) ||
		    !gelf_getshdr(in, &ish) || !(ish.sh_flags & SHF_ALLOC))
			continue;
		rd = elf_getdata(scn, NULL);
		symscn = elf_getscn(elf, sh.sh_link);
		sd = symscn ? elf_getdata(symscn, NULL) : NULL;
		if (!rd || !sd)
			continue;
		if (sh.sh_type == SHT_REL) {	/* the addends are in the code */
			td = ish.sh_type != SHT_NOBITS ? elf_getdata(in, NULL) : NULL;
			if (!td)
				continue;
		}
		base = ish.sh_addr + bias - b->bias;
		nr = sh.sh_size / sh.sh_entsize;
		for (k = 0; k < nr; k++) {
			struct reloc_entry *e;
			GElf_Rela r;
			GElf_Sym sym;
			GElf_Shdr ssh;
			Elf_Scn *ss;

			if (sh.sh_type == SHT_REL) {
				GElf_Rel rel;

				if (!gelf_getrel(rd, k, &rel) ||
				    !rel_addend(elf, td, &rel, &r.r_addend))
					continue;
				r.r_offset = rel.r_offset;
				r.r_info = rel.r_info;
			} else if (!gelf_getrela(rd, k, &r)) {
				continue;
			}
			if (r.r_offset >= ish.sh_size)
				continue;
			if (n == cap) {
				size_t nc = cap ? 2 * cap : 1024;
				struct reloc_entry *t = realloc(v, nc * sizeof(*t));

				if (!t) {
					free(v);
					return;	/* none known: no answers */
				}
				v = t;
				cap = nc;
			}
			e = &v[n];
			e->at = base + r.r_offset;
			e->order = n++;
			e->defined = gelf_getsym(sd, GELF_R_SYM(r.r_info), &sym) &&
				     sym.st_shndx != SHN_UNDEF &&
				     sym.st_shndx < SHN_LORESERVE &&
				     (ss = elf_getscn(elf, sym.st_shndx)) &&
				     gelf_getshdr(ss, &ssh) &&
				     (ssh.sh_flags & SHF_ALLOC);
			e->target = e->defined ? ssh.sh_addr + bias - b->bias +
						 sym.st_value + r.r_addend : 0;
		}
	}
	if (n)	/* qsort(NULL, 0, ...) is undefined (UBSan aborts on it) */
		qsort(v, n, sizeof(*v), reloc_cmp);
	b->relocs = v;
	b->nrelocs = n;
}

int smk_binary_reloc_target(struct smk_binary *b, uint64_t addr,
			    uint64_t *target)
{
	const struct reloc_entry *v;
	size_t lo = 0, hi;

	if ((b->kind != SMK_BINARY_MODULE && b->kind != SMK_BINARY_OBJECT) ||
	    !binary_report(b))
		return 0;
	if (!b->relocs_tried)
		reloc_index(b);
	v = b->relocs;
	hi = b->nrelocs;
	while (lo < hi) {	/* the first at @addr */
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].at < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == b->nrelocs || v[lo].at != addr)
		return 0;
	if (!v[lo].defined)
		return -1;
	*target = v[lo].target;
	return 1;
}

bool smk_binary_section_addr(struct smk_binary *b, const char *name,
			     uint64_t *addr)
{
	uint64_t size;

	return alloc_section(b, named, name, &name, addr, &size);
}

const char *smk_binary_symbol(struct smk_binary *b, uint64_t addr,
			      uint64_t *offset)
{
	const struct smk_symbol *s = smk_binary_symbol_at(b, addr);

	if (!s)
		return NULL;
	if (offset)
		*offset = addr - s->addr;
	return s->name;
}

uint64_t smk_binary_layout_base(struct smk_binary *b)
{
	Dwarf_Addr start = 0;

	if (b->kind != SMK_BINARY_MODULE && b->kind != SMK_BINARY_OBJECT)
		return 0;
	if (!binary_report(b))
		return 0;
	dwfl_module_info(b->dwmod, NULL, &start, NULL, NULL, NULL, NULL,
			 NULL);
	return start - b->bias;
}

bool smk_binary_file_offset(struct smk_binary *b, uint64_t addr,
			    uint64_t *off)
{
	size_t n, i;

	if (elf_getphdrnum(b->elf, &n))
		return false;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(b->elf, i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (addr >= ph.p_vaddr && addr < ph.p_vaddr + ph.p_filesz) {
			*off = addr - ph.p_vaddr + ph.p_offset;
			return true;
		}
	}
	return false;
}

struct import_slot {
	uint64_t slot;
	const char *name;	/* in the ELF's string table */
};

static int import_cmp(const void *x, const void *y)
{
	const struct import_slot *a = x, *b = y;

	return a->slot < b->slot ? -1 : a->slot > b->slot;
}

static void build_imports(struct smk_binary *b)
{
	Elf_Scn *scn = NULL;
	size_t cap = 0;

	GElf_Ehdr eh;

	b->imports_tried = true;
	/* The relocation types read are x86-64's. */
	if (!b->elf || !gelf_getehdr(b->elf, &eh) ||
	    eh.e_machine != EM_X86_64 || gelf_getclass(b->elf) != ELFCLASS64)
		return;
	while ((scn = elf_nextscn(b->elf, scn))) {
		GElf_Shdr sh, lsh;
		Elf_Scn *lscn;
		Elf_Data *d;
		size_t i, n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA ||
		    !sh.sh_entsize || !(lscn = elf_getscn(b->elf, sh.sh_link)) ||
		    !gelf_getshdr(lscn, &lsh) || lsh.sh_type != SHT_DYNSYM ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			const char *name;
			unsigned long type;

			if (!gelf_getrela(d, (int)i, &r))
				break;
			type = GELF_R_TYPE(r.r_info);
			if ((type != R_X86_64_JUMP_SLOT &&
			     type != R_X86_64_GLOB_DAT) ||
			    !GELF_R_SYM(r.r_info) ||
			    !gelf_getsym(elf_getdata(lscn, NULL),
					 (int)GELF_R_SYM(r.r_info), &sym) ||
			    !(name = elf_strptr(b->elf, lsh.sh_link,
						sym.st_name)) || !*name)
				continue;
			if (b->nimports == cap) {
				size_t c = cap ? 2 * cap : 64;
				struct import_slot *t =
					realloc(b->imports, c * sizeof(*t));

				if (!t)
					return;
				b->imports = t;
				cap = c;
			}
			b->imports[b->nimports].slot = r.r_offset;
			b->imports[b->nimports++].name = name;
		}
	}
	qsort(b->imports, b->nimports, sizeof(*b->imports), import_cmp);
}

const char *smk_binary_import(struct smk_binary *b, uint64_t slot)
{
	size_t lo = 0, hi;

	if (!b->imports_tried)
		build_imports(b);
	hi = b->nimports;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->imports[mid].slot < slot)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < b->nimports && b->imports[lo].slot == slot ?
	       b->imports[lo].name : NULL;
}

bool smk_binary_symbol_addr(struct smk_binary *b, const char *name,
			    uint64_t *addr)
{
	int i, n;

	if (!binary_report(b))
		return false;
	n = dwfl_module_getsymtab(b->dwmod);
	for (i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr a;
		const char *s = dwfl_module_getsym_info(b->dwmod, i, &sym, &a,
							NULL, NULL, NULL);

		if (s && sym.st_shndx != SHN_UNDEF && !strcmp(s, name)) {
			*addr = a - b->bias;
			return true;
		}
	}
	return false;
}

const char *smk_binary_section_name(struct smk_binary *b, uint64_t addr)
{
	Dwarf_Addr a = addr + b->bias, bias;
	size_t shstrndx;
	Elf_Scn *scn;
	GElf_Shdr sh;
	Elf *elf;

	if (!binary_report(b))
		return NULL;
	scn = dwfl_module_address_section(b->dwmod, &a, &bias);
	elf = dwfl_module_getelf(b->dwmod, &bias);
	if (!scn || !elf || !gelf_getshdr(scn, &sh) ||
	    elf_getshdrstrndx(elf, &shstrndx) < 0)
		return NULL;
	return elf_strptr(elf, shstrndx, sh.sh_name);
}

const char *smk_binary_uprobe_offset(struct smk_binary *b, uint64_t pc,
				     uint64_t addr, uint64_t *x)
{
	uint64_t pc_off;

	if (b->kind != SMK_BINARY_EXEC && b->kind != SMK_BINARY_DYN)
		return "no file offsets in a relocatable object";
	if (!smk_binary_file_offset(b, pc, &pc_off))
		return "the probe address is in no PT_LOAD segment";
	if (addr + pc_off < pc)
		return "the static address is before the file's start";
	*x = addr + pc_off - pc;
	return NULL;
}
