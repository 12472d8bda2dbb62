// SPDX-License-Identifier: GPL-2.0
/*
 * smk_ring - a four-slot ring of numbers, a second small module to probe
 *
 * Driven by one command per write(2) to /proc/smk_ring:
 *
 *   push V1 [V2 ... V8]   push up to eight unsigned numbers, in order;
 *                         a value that finds the ring full is dropped
 *   drain                 pop every value held
 *
 * "cat /proc/smk_ring" prints "count=C head=H tail=T pushed=P dropped=D".
 * A command that does not parse (unknown verb, no value, more than eight
 * values, a value that is not a number) changes nothing and fails the write
 * with -EINVAL.
 *
 * Hits per trigger (marker: function, arguments), exact, so a probe can be
 * checked by its hit count; they depend only on the command and on how many
 * values the ring holds (count=, 0 after load and after "drain"):
 *
 *   ring_push:    ring_push_one, val, r->head, r->count    1 per value
 *                 pushed while the ring has room
 *   ring_drop:    ring_push_one, val, r->dropped           1 per value
 *                 pushed while the ring is full
 *   ring_pop:     ring_drain, val, r->tail, r->count       1 per value held,
 *                 per "drain"
 *   ring_drained: ring_drain, n                            1 per "drain"
 *   ring_bad:     ring_fail (__cold), cmd                  1 per rejected
 *                 command (cmd: its verb, the offending value, or
 *                 "(too long)" for a write of 128 bytes or more)
 *
 * From a fresh load: "push 1 2 3" fires ring_push 3 times; then "push 4 5 6"
 * fires ring_push once and ring_drop twice; then "drain" fires ring_pop 4
 * times and ring_drained once; "pop" fires ring_bad once.
 *
 * In the binary (gcc 12, -O2) ring_exec(), ring_push_one() and ring_drain()
 * are inlined into ring_write(), which has a ring_write.cold part, and
 * ring_fail() is ring_fail.constprop.0.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/simple_marker.h>

enum {
	RING_SLOTS	= 4,	/* a power of two */
	RING_MAX_VALS	= 8,
	RING_CMD_MAX	= 128,
};

struct smk_ring {
	spinlock_t lock;
	unsigned int vals[RING_SLOTS];
	unsigned int head;	/* next slot to write */
	unsigned int tail;	/* next slot to read */
	unsigned int count;
	unsigned long pushed;
	unsigned long dropped;
};

static struct smk_ring smk_ring = {
	.lock = __SPIN_LOCK_UNLOCKED(smk_ring.lock),
};

static noinline __cold int ring_fail(const char *cmd)
{
	trace_simple(ring_bad, "cmd=%s", cmd);
	return -EINVAL;
}

static void ring_push_one(struct smk_ring *r, unsigned int val)
{
	if (r->count == RING_SLOTS) {
		r->dropped++;
		trace_simple(ring_drop, "val=%u dropped=%lu", val, r->dropped);
		return;
	}
	trace_simple(ring_push, "val=%u head=%u count=%u", val, r->head,
		     r->count);
	r->vals[r->head] = val;
	r->head = (r->head + 1) & (RING_SLOTS - 1);
	r->count++;
	r->pushed++;
}

static unsigned int ring_drain(struct smk_ring *r)
{
	unsigned int n = 0;

	while (r->count) {
		unsigned int val = r->vals[r->tail];

		trace_simple(ring_pop, "val=%u tail=%u count=%u", val, r->tail,
			     r->count);
		r->tail = (r->tail + 1) & (RING_SLOTS - 1);
		r->count--;
		n++;
	}
	trace_simple(ring_drained, "n=%u", n);
	return n;
}

/* Parses every value before pushing any, so a bad command changes nothing. */
static int ring_exec(struct smk_ring *r, char *cmd)
{
	unsigned int vals[RING_MAX_VALS], n = 0, i;
	char *p = cmd, *tok, *verb = strsep(&p, " \t");

	if (!strcmp(verb, "drain") && !p) {
		spin_lock(&r->lock);
		ring_drain(r);
		spin_unlock(&r->lock);
		return 0;
	}
	if (strcmp(verb, "push"))
		return ring_fail(cmd);
	while ((tok = strsep(&p, " \t"))) {
		if (!*tok)
			continue;
		if (n == RING_MAX_VALS || kstrtouint(tok, 0, &vals[n]))
			return ring_fail(tok);
		n++;
	}
	if (!n)
		return ring_fail(cmd);

	spin_lock(&r->lock);
	for (i = 0; i < n; i++)
		ring_push_one(r, vals[i]);
	spin_unlock(&r->lock);
	return 0;
}

static ssize_t ring_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char buf[RING_CMD_MAX];
	int ret;

	if (count >= sizeof(buf))
		return ring_fail("(too long)");
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	ret = ring_exec(&smk_ring, strim(buf));
	if (ret)
		return ret;
	return count;
}

static int ring_show(struct seq_file *m, void *v)
{
	struct smk_ring *r = m->private;

	spin_lock(&r->lock);
	seq_printf(m, "count=%u head=%u tail=%u pushed=%lu dropped=%lu\n",
		   r->count, r->head, r->tail, r->pushed, r->dropped);
	spin_unlock(&r->lock);
	return 0;
}

static int ring_open(struct inode *inode, struct file *file)
{
	return single_open(file, ring_show, &smk_ring);
}

static const struct proc_ops ring_proc_ops = {
	.proc_open	= ring_open,
	.proc_read	= seq_read,
	.proc_write	= ring_write,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

static struct proc_dir_entry *ring_proc;

static int __init smk_ring_init(void)
{
	ring_proc = proc_create("smk_ring", 0600, NULL, &ring_proc_ops);
	return ring_proc ? 0 : -ENOMEM;
}

static void __exit smk_ring_exit(void)
{
	proc_remove(ring_proc);
}

module_init(smk_ring_init);
module_exit(smk_ring_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("simple-marker sample: a small ring buffer to probe");
