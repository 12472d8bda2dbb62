// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A thin driver of libsmk's tracefs.c and probe-event.c for tests/tracefs.t:
 * one library call per command, so that the shell test can put real
 * uprobes on a real program and check what the kernel did.  Not installed.
 *
 *   tracefs-tool [-T DIR] [-i INSTANCE [-c]] COMMAND ARGS...
 *
 *   path                          print the tracefs directory in use
 *   add k|u LINE                  smk_tracefs_add
 *   attach GROUP LINE...          parse each line, smk_tracefs_attach
 *   attach-site GROUP MARKER PATH FILEOFF [NAME=SPEC[:TYPE]...]
 *                                 one uprobe site as placement gives it:
 *                                 smk_probe_events_from_placement, attach
 *   detach GROUP                  smk_tracefs_detach
 *   remove k|u GROUP EVENT        smk_tracefs_remove
 *   enable GROUP EVENT 0|1        smk_tracefs_enable
 *   list k|u|a [GROUP]            "KIND GROUP EVENT" per probe
 *   sweep PREFIX                  smk_tracefs_sweep; prints the count
 *   validate LINE                 parse, validate, print the canonical line
 *   instance-remove NAME          smk_tracefs_instance_remove
 *
 * -T uses the tracefs mounted at DIR; -i selects instance INSTANCE for
 * enable and attach, -c creates it first.  Errors: "tracefs-tool: message"
 * on stderr, exit 1; usage errors exit 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smk/probe-event.h"
#include "smk/tracefs.h"

static const char prog[] = "tracefs-tool";

static int fail(struct smk_error *err)
{
	fprintf(stderr, "%s: %s\n", prog, err->message);
	smk_error_destroy(err);
	return 1;
}

static int usage(void)
{
	fprintf(stderr, "usage: %s [-T DIR] [-i INSTANCE [-c]] COMMAND ARGS "
		"(see tests/unit/tracefs-tool.c)\n", prog);
	return 2;
}

static char kind_arg(const char *s)
{
	if (!strcmp(s, "k") || !strcmp(s, "u"))
		return s[0];
	if (!strcmp(s, "a"))
		return 0;
	return -1;
}

static struct smk_error *cmd_attach(struct smk_tracefs *t, const char *group,
				    int n, char **lines)
{
	struct smk_probe_event *evs = calloc(n ? n : 1, sizeof(*evs));
	struct smk_error *err = NULL;
	int i;

	if (!evs)
		return &smk_error_nomem;
	for (i = 0; i < n && !err; i++)
		err = smk_probe_event_parse(lines[i], &evs[i]);
	if (!err)
		err = smk_tracefs_attach(t, evs, n, group);
	smk_probe_events_destroy(evs, n);
	return err;
}

/* NAME=SPEC[:TYPE] into @f, split as the kernel splits: first '=',
 * first ':' after it. */
static struct smk_error *fetch_arg(const char *arg, struct smk_fetch *f)
{
	const char *eq = strchr(arg, '='), *colon;

	memset(f, 0, sizeof(*f));
	if (!eq || (size_t)(eq - arg) >= sizeof(f->name))
		return smk_error_create(SMK_ERROR_INVALID,
					"\"%s\": expected NAME=SPEC[:TYPE]", arg);
	memcpy(f->name, arg, eq - arg);
	colon = strchr(eq + 1, ':');
	if (colon) {
		if (strlen(colon + 1) >= sizeof(f->type))
			return smk_error_create(SMK_ERROR_INVALID,
						"\"%s\": type too long", arg);
		strcpy(f->type, colon + 1);
		f->spec = strndup(eq + 1, colon - eq - 1);
	} else {
		f->spec = strdup(eq + 1);
	}
	return f->spec ? NULL : &smk_error_nomem;
}

static struct smk_error *cmd_attach_site(struct smk_tracefs *t, int argc,
					 char **argv)
{
	struct smk_placement p = { .verdict = SMK_VERDICT_EXACT };
	struct smk_probe_event *evs = NULL;
	struct smk_error *err = NULL;
	struct smk_site site = { 0 };
	size_t n = 0;
	char *end;
	int i;

	site.file_offset = strtoull(argv[3], &end, 0);
	if (*end || !argv[3][0])
		return smk_error_create(SMK_ERROR_INVALID,
					"bad file offset \"%s\"", argv[3]);
	site.addr = site.file_offset;
	for (i = 4; i < argc && !err; i++) {
		if (site.nfetch >= SMK_RECORD_MAX_ARGS)
			return smk_error_create(SMK_ERROR_INVALID,
						"too many arguments");
		err = fetch_arg(argv[i], &site.fetch[site.nfetch++]);
	}
	p.sites = &site;
	p.nsites = 1;
	if (!err)
		err = smk_probe_events_from_placement(argv[0], argv[1], NULL,
						      argv[2], &p, 0, &evs,
						      &n);
	if (!err)
		err = smk_tracefs_attach(t, evs, n, NULL);
	smk_probe_events_destroy(evs, n);
	smk_site_deinit(&site);
	return err;
}

static struct smk_error *cmd_list(struct smk_tracefs *t, char kind,
				  const char *group)
{
	struct smk_tracefs_entry *e;
	struct smk_error *err;
	size_t n, i;

	err = smk_tracefs_list(t, kind, group, &e, &n);
	if (err)
		return err;
	for (i = 0; i < n; i++)
		printf("%c %s %s\n", e[i].kind, e[i].group, e[i].event);
	smk_tracefs_entries_destroy(e, n);
	return NULL;
}

static struct smk_error *cmd_validate(const char *line)
{
	struct smk_probe_event ev;
	struct smk_error *err;
	char *out = NULL;

	err = smk_probe_event_parse(line, &ev);
	if (!err)
		err = smk_probe_event_format(&ev, &out);
	if (!err)
		printf("%s\n", out);
	free(out);
	smk_probe_event_deinit(&ev);
	return err;
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *instance = NULL, *cmd;
	struct smk_tracefs *t = NULL;
	struct smk_error *err = NULL;
	bool create = false;
	int opt, ret;
	size_t count;

	while ((opt = getopt(argc, argv, "+T:i:c")) != -1) {
		switch (opt) {
		case 'T':
			dir = optarg;
			break;
		case 'i':
			instance = optarg;
			break;
		case 'c':
			create = true;
			break;
		default:
			return usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1)
		return usage();
	cmd = argv[0];
	argc--;
	argv++;

	if (!strcmp(cmd, "validate")) {
		if (argc != 1)
			return usage();
		err = cmd_validate(argv[0]);
		return err ? fail(err) : 0;
	}

	err = dir ? smk_tracefs_open_at(&t, dir) : smk_tracefs_open(&t, false);
	if (!err && instance)
		err = smk_tracefs_instance(t, instance, create);
	if (err)
		return fail(err);

	ret = 0;
	if (!strcmp(cmd, "path") && argc == 0) {
		printf("%s\n", smk_tracefs_path(t));
	} else if (!strcmp(cmd, "add") && argc == 2 && kind_arg(argv[0]) > 0) {
		err = smk_tracefs_add(t, argv[0][0], argv[1]);
	} else if (!strcmp(cmd, "attach") && argc >= 2) {
		err = cmd_attach(t, argv[0], argc - 1, argv + 1);
	} else if (!strcmp(cmd, "attach-site") && argc >= 4) {
		err = cmd_attach_site(t, argc, argv);
	} else if (!strcmp(cmd, "detach") && argc == 1) {
		err = smk_tracefs_detach(t, argv[0]);
	} else if (!strcmp(cmd, "remove") && argc == 3 &&
		   kind_arg(argv[0]) > 0) {
		err = smk_tracefs_remove(t, argv[0][0], argv[1], argv[2]);
	} else if (!strcmp(cmd, "enable") && argc == 3) {
		err = smk_tracefs_enable(t, argv[0], argv[1],
					 strcmp(argv[2], "0"));
	} else if (!strcmp(cmd, "list") && (argc == 1 || argc == 2) &&
		   kind_arg(argv[0]) >= 0) {
		err = cmd_list(t, kind_arg(argv[0]), argc == 2 ? argv[1] : NULL);
	} else if (!strcmp(cmd, "sweep") && argc == 1) {
		err = smk_tracefs_sweep(t, argv[0], &count);
		if (!err)
			printf("%zu\n", count);
	} else if (!strcmp(cmd, "instance-remove") && argc == 1) {
		err = smk_tracefs_instance_remove(t, argv[0]);
	} else {
		ret = usage();
	}
	smk_tracefs_destroy(t);
	return err ? fail(err) : ret;
}
