// SPDX-License-Identifier: GPL-2.0
/*
 * smk_sample - a small stock keeper whose code is dotted with simple markers
 *
 * It exists to be probed: it has several functions, a static inline helper
 * inlined in two places, a cold error path, string and struct-member
 * arguments and a marker in a loop.  It keeps up to SMK_SLOTS named items
 * with a quantity, driven by one command per write(2) to /proc/smk_sample:
 *
 *   add NAME QTY   add QTY (1..1000) to item NAME, taking a free slot if new
 *   del NAME       remove item NAME
 *   run N          audit: N rounds (1..64) of a checksum over the slots
 *   reset          forget every item (and the error count)
 *
 * e.g. "echo 'add apple 3' > /proc/smk_sample"; "cat /proc/smk_sample" prints
 * one line per item, then the totals.  A rejected command fails the write
 * with -EINVAL, -ENOSPC, -ENOENT or -ERANGE.
 *
 * Hits per trigger (marker: function, arguments), exact and independent of
 * the compiler's choices, so a probe can be checked by its hit count:
 *
 *   sample_load:     smk_sample_init, smk_proc, smk_state.next_id
 *                                                           1 at insmod
 *   sample_unload:   smk_sample_exit, nitems, total         1 at rmmod
 *   sample_write:    smk_write, count, cmd                  1 per write
 *                    of fewer than SMK_CMD_MAX (64) bytes (that copies in)
 *   sample_too_long: smk_write, count                       1 per write of
 *                    64 bytes or more, which also fires sample_error once
 *                    and nothing else
 *   sample_add:      smk_cmd_add, it->name, qty, it->id, it->qty
 *                                                           1 per good "add"
 *   sample_del:      smk_cmd_del, it->name, it->id, it->qty 1 per good "del"
 *   sample_account:  smk_account (inline; in smk_cmd_add and smk_cmd_del),
 *                    it->name, delta, st->total, st->nitems 1 per good "add"
 *                                                           or "del"
 *   sample_step:     smk_cmd_run, i, it->qty, acc           N per "run N"
 *   sample_run_done: smk_cmd_run, rounds, acc               1 per "run N"
 *   sample_error:    smk_fail (__cold), cmd, err, st->errors
 *                    1 per rejected command (unknown verb, bad number,
 *                    table full, unknown item, too long)
 *   sample_show:     smk_show, st->nitems, st->total, st->errors
 *                    1 per read from offset 0 (one "cat")
 *
 * From a fresh load, "add apple 3" fires sample_write, sample_add and
 * sample_account once each; "run 5" fires sample_write once, sample_step 5
 * times and sample_run_done once; "del pear" fires sample_write and
 * sample_error once each.  "reset" fires only sample_write.
 *
 * The functions named are those of the source.  In the binary (gcc 12,
 * -O2) most are inlined into smk_write(), smk_account() twice over, and
 * the rest are clones: smk_cmd_run.constprop.0.isra.0 and
 * smk_fail.constprop.0, with smk_write.cold holding cold blocks.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/simple_marker.h>

enum {
	SMK_SLOTS	= 4,
	SMK_NAME_LEN	= 16,
	SMK_CMD_MAX	= 64,
	SMK_QTY_MAX	= 1000,
	SMK_ROUNDS_MAX	= 64,
};

struct smk_item {
	char name[SMK_NAME_LEN];
	unsigned int id;
	unsigned int qty;
};

struct smk_state {
	struct mutex lock;
	struct smk_item items[SMK_SLOTS];
	unsigned int nitems;
	unsigned int next_id;
	unsigned int errors;
	unsigned long total;
	unsigned long last_audit;
};

static struct smk_state smk_state = {
	.lock = __MUTEX_INITIALIZER(smk_state.lock),
	.next_id = 1,
};

/* Every rejected command ends here: out of line, off the hot path. */
static noinline __cold int smk_fail(struct smk_state *st, const char *cmd,
				    int err)
{
	st->errors++;
	trace_simple(sample_error, "cmd=%s err=%d errors=%u", cmd, err,
		     st->errors);
	return err;
}

static struct smk_item *smk_find(struct smk_state *st, const char *name)
{
	unsigned int i;

	for (i = 0; i < SMK_SLOTS; i++)
		if (st->items[i].id && !strcmp(st->items[i].name, name))
			return &st->items[i];
	return NULL;
}

static struct smk_item *smk_alloc(struct smk_state *st, const char *name)
{
	unsigned int i;

	for (i = 0; i < SMK_SLOTS; i++) {
		struct smk_item *it = &st->items[i];

		if (!it->id) {
			strscpy(it->name, name, sizeof(it->name));
			it->id = st->next_id++;
			it->qty = 0;
			st->nitems++;
			return it;
		}
	}
	return NULL;
}

/* Keeps the totals in step with one item's quantity; add and del share it. */
static inline void smk_account(struct smk_state *st, struct smk_item *it,
			       long delta)
{
	st->total += delta;
	trace_simple(sample_account, "item=%s delta=%ld total=%lu nitems=%u",
		     it->name, delta, st->total, st->nitems);
}

static int smk_cmd_add(struct smk_state *st, const char *name,
		       unsigned int qty)
{
	struct smk_item *it;

	if (!qty || qty > SMK_QTY_MAX)
		return smk_fail(st, "add", -ERANGE);
	it = smk_find(st, name);
	if (!it)
		it = smk_alloc(st, name);
	if (!it)
		return smk_fail(st, "add", -ENOSPC);
	it->qty += qty;
	trace_simple(sample_add, "item=%s qty=%u id=%u now=%u", it->name, qty,
		     it->id, it->qty);
	smk_account(st, it, qty);
	return 0;
}

static int smk_cmd_del(struct smk_state *st, const char *name)
{
	struct smk_item *it = smk_find(st, name);
	long qty;

	if (!it)
		return smk_fail(st, "del", -ENOENT);
	trace_simple(sample_del, "item=%s id=%u qty=%u", it->name, it->id,
		     it->qty);
	qty = it->qty;
	st->nitems--;
	smk_account(st, it, -qty);
	memset(it, 0, sizeof(*it));
	return 0;
}

/*
 * A checksum over the slots, one slot per round, round-robin.  Out of line
 * on purpose: everything else here gets inlined into smk_write(), and the
 * sample should also have a marker loop in a function of its own.
 */
static noinline unsigned long smk_cmd_run(struct smk_state *st,
					 unsigned int rounds)
{
	unsigned long acc = 0;
	unsigned int i;

	for (i = 0; i < rounds; i++) {
		const struct smk_item *it = &st->items[i % SMK_SLOTS];

		acc = acc * 31 + it->qty + it->id;
		trace_simple(sample_step, "round=%u qty=%u acc=%lu", i,
			     it->qty, acc);
	}
	st->last_audit = acc;
	trace_simple(sample_run_done, "rounds=%u acc=%lu", rounds, acc);
	return acc;
}

static int smk_exec(struct smk_state *st, const char *cmd)
{
	char verb[8] = "", arg[SMK_NAME_LEN] = "";
	unsigned int num = 0;
	int n = sscanf(cmd, "%7s %15s %u", verb, arg, &num);

	if (n == 3 && !strcmp(verb, "add"))
		return smk_cmd_add(st, arg, num);
	if (n == 2 && !strcmp(verb, "del"))
		return smk_cmd_del(st, arg);
	if (n == 2 && !strcmp(verb, "run") && !kstrtouint(arg, 10, &num) &&
	    num && num <= SMK_ROUNDS_MAX) {
		smk_cmd_run(st, num);
		return 0;
	}
	if (n == 1 && !strcmp(verb, "reset")) {
		memset(st->items, 0, sizeof(st->items));
		st->nitems = 0;
		st->total = 0;
		st->errors = 0;
		return 0;
	}
	return smk_fail(st, cmd, -EINVAL);
}

static ssize_t smk_write(struct file *file, const char __user *ubuf,
			 size_t count, loff_t *ppos)
{
	struct smk_state *st = &smk_state;
	char buf[SMK_CMD_MAX], *cmd;
	int ret;

	if (unlikely(count >= sizeof(buf))) {
		trace_simple(sample_too_long, "count=%zu", count);
		mutex_lock(&st->lock);
		ret = smk_fail(st, "(too long)", -EINVAL);
		mutex_unlock(&st->lock);
		return ret;
	}
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	cmd = strim(buf);
	trace_simple(sample_write, "count=%zu cmd=%s", count, cmd);

	mutex_lock(&st->lock);
	ret = smk_exec(st, cmd);
	mutex_unlock(&st->lock);
	if (ret)
		return ret;
	return count;
}

static int smk_show(struct seq_file *m, void *v)
{
	struct smk_state *st = m->private;
	unsigned int i;

	mutex_lock(&st->lock);
	trace_simple(sample_show, "nitems=%u total=%lu errors=%u", st->nitems,
		     st->total, st->errors);
	for (i = 0; i < SMK_SLOTS; i++) {
		const struct smk_item *it = &st->items[i];

		if (it->id)
			seq_printf(m, "%u %s %u\n", it->id, it->name, it->qty);
	}
	seq_printf(m, "items=%u total=%lu errors=%u audit=%lu\n", st->nitems,
		   st->total, st->errors, st->last_audit);
	mutex_unlock(&st->lock);
	return 0;
}

static int smk_open(struct inode *inode, struct file *file)
{
	return single_open(file, smk_show, &smk_state);
}

static const struct proc_ops smk_proc_ops = {
	.proc_open	= smk_open,
	.proc_read	= seq_read,
	.proc_write	= smk_write,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

static struct proc_dir_entry *smk_proc;

static int __init smk_sample_init(void)
{
	smk_proc = proc_create("smk_sample", 0600, NULL, &smk_proc_ops);
	if (!smk_proc)
		return -ENOMEM;
	trace_simple(sample_load, "proc=%p next_id=%u", smk_proc,
		     smk_state.next_id);
	return 0;
}

static void __exit smk_sample_exit(void)
{
	proc_remove(smk_proc);
	trace_simple(sample_unload, "nitems=%u total=%lu", smk_state.nitems,
		     smk_state.total);
}

module_init(smk_sample_init);
module_exit(smk_sample_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("simple-marker sample: a stock keeper to probe");
