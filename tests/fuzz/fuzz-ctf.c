// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * CTF traces through libbabeltrace2 (ctf.c), as symbolize-trace reads
 * them: the input is a trace's metadata, then the separator
 * "\n\0SMK-STREAM\0\n", then one stream file's bytes.  Both go into a
 * private directory (tmpfs) as "metadata" and "stream_0"; the trace is
 * opened, every event read, each scope printed as text and as JSON, and
 * every payload field read as every type.  Metadata may be plain text or
 * packetized (the seeds have both, from an LTTng trace of
 * tests/fixtures/lttng).  Every event also goes to an address map
 * (addrmap.c: LTTng's statedump, dl and lib events map objects) whose
 * files are under the private directory, so none is opened, and each
 * event's ip is looked up in it: a found address lies in the object.
 */
#include "fuzz.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include <babeltrace2/babeltrace.h>

#include "smk/addrmap.h"
#include "smk/ctf.h"

static const char sep[] = "\n\0SMK-STREAM\0\n";
static char dir[PATH_MAX];
static const bt_plugin *plugins[2];	/* held for the process's life */

static void cleanup(void)
{
	char path[PATH_MAX + 16];

	snprintf(path, sizeof(path), "%s/metadata", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/stream_0", dir);
	unlink(path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "%s/smk-fuzz-ctf.%ld", base, (long)getpid());
	if (mkdir(dir, 0700) < 0)
		abort();
	atexit(cleanup);
	/*
	 * Keep babeltrace2's plugins loaded: ctf.c drops its references
	 * with each trace, the modules are unloaded, and LeakSanitizer
	 * could not name the frames of what leaks inside them (their
	 * parser's leaks on broken metadata, suppressed by lsan.supp).
	 */
	(void)bt_plugin_find("ctf", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE,
			     BT_FALSE, &plugins[0]);
	(void)bt_plugin_find("utils", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE,
			     BT_FALSE, &plugins[1]);
	return 0;
}

static void put(const char *name, const uint8_t *data, size_t size)
{
	char path[PATH_MAX + 16];
	size_t done = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		abort();
	while (done < size) {
		ssize_t w = write(fd, data + done, size - done);

		if (w <= 0)
			abort();
		done += (size_t)w;
	}
	close(fd);
}

struct run {
	struct smk_ctf_buf buf;
	struct smk_addrmap *map;
};

static void map_event(struct smk_addrmap *m, const struct smk_ctf_event *ev)
{
	struct smk_addrmap_loc loc;
	const char *why;

	smk_error_destroy(smk_addrmap_event(m, ev));
	if (!ev->has_ip || !ev->has_vpid)
		return;
	if (smk_addrmap_find(m, ev->vpid, ev->ip, &loc, &why)) {
		if (!loc.file || ev->ip - loc.offset > ev->ip) {
			fprintf(stderr, "%#llx found at offset %#llx\n",
				(unsigned long long)ev->ip,
				(unsigned long long)loc.offset);
			abort();
		}
	} else if (!why || !*why) {
		fprintf(stderr, "%#llx not found, no reason\n",
			(unsigned long long)ev->ip);
		abort();
	}
}

static struct smk_error *on_event(void *arg, const struct smk_ctf_event *ev)
{
	struct run *r = arg;
	struct smk_ctf_buf *b = &r->buf;
	unsigned char bytes[64];
	size_t i, n;
	int s;

	map_event(r->map, ev);

	smk_ctf_buf_puts(b, ev->name ? ev->name : "?");
	for (s = SMK_CTF_PACKET_CONTEXT; s <= SMK_CTF_PAYLOAD; s++) {
		(void)smk_ctf_print_text(b, ev, s, s == SMK_CTF_COMMON_CONTEXT ?
					 "debug_info" : NULL, "{ }");
		(void)smk_ctf_print_json(b, ev, s);
	}
	n = smk_ctf_field_count(ev);
	for (i = 0; i < n; i++) {
		const char *name = smk_ctf_field_name(ev, (int)i), *str;
		uint64_t u;
		int64_t v;

		if (name && smk_ctf_field_index(ev, name) < 0)
			abort();	/* a member by index is there by name */
		if (smk_ctf_field_uint(ev, (int)i, &u))
			smk_ctf_buf_u64(b, u);
		if (smk_ctf_field_int(ev, (int)i, &v))
			smk_ctf_buf_i64(b, v);
		str = smk_ctf_field_string(ev, (int)i);
		if (str)
			smk_ctf_buf_escaped(b, str);
		(void)smk_ctf_field_bytes(ev, (int)i, bytes, sizeof(bytes));
	}
	(void)smk_ctf_field_index(ev, "no_such_member");
	/* keep the buffer small: only the printing matters */
	if (b->len > 1 << 16)
		b->len = 0;
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *s = memmem(data, size, sep, sizeof(sep) - 1);
	size_t nmeta = s ? (size_t)(s - data) : size;
	/* The traced machine's root: the private directory, no object. */
	struct smk_debuginfo_opts opts = { .target_prefix = dir };
	struct run r = { { 0 }, NULL };
	struct smk_error *err;
	struct smk_ctf *t = NULL;

	put("metadata", data, nmeta);
	if (s)
		put("stream_0", s + sizeof(sep) - 1,
		    size - nmeta - (sizeof(sep) - 1));
	else
		put("stream_0", (const uint8_t *)"", 0);
	if (smk_addrmap_create(&opts, &r.map))
		abort();
	err = smk_ctf_open(dir, &t);
	if (!err)
		err = smk_ctf_run(t, on_event, &r);
	if (!err)
		(void)smk_ctf_stats(t);
	smk_error_destroy(err);
	smk_ctf_destroy(t);
	smk_addrmap_destroy(r.map);
	smk_ctf_buf_deinit(&r.buf);
	return 0;
}
