// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A small userspace program with markers, the bundled example that
 * "make demo" lists.  Build: make -C examples
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/simple_marker.h>

struct item {
	const char *name;
	unsigned int price;	/* cents */
	int stock;
};

struct order {
	unsigned long id;
	struct item *item;
	int quantity;
	unsigned int flags : 3;
};

static struct item catalog[] = {
	{ "apple", 50, 10 },
	{ "pear", 70, 2 },
	{ "melon", 300, 1 },
};

unsigned long orders_seen;

static inline unsigned int line_total(const struct item *it, int qty)
{
	unsigned int total = it->price * (unsigned int)qty;

	trace_simple(line_total, "%d x %s = %u", qty, it->name, total);
	return total;
}

static struct item *find_item(const char *name)
{
	for (size_t i = 0; i < sizeof(catalog) / sizeof(catalog[0]); i++) {
		if (!strcmp(catalog[i].name, name))
			return &catalog[i];
	}
	trace_simple(item_missing, "no item %s", name);
	return NULL;
}

static int order_place(struct order *o)
{
	trace_simple(order_begin, "order %lu: %d of %s", o->id, o->quantity,
		     o->item->name);
	if (o->item->stock < o->quantity) {
		trace_simple(order_short, "order %lu short by %d", o->id,
			     o->quantity - o->item->stock);
		return -1;
	}
	o->item->stock -= o->quantity;
	orders_seen++;
	trace_simple(order_done, "order %lu done, %d left, %lu orders", o->id,
		     o->item->stock, orders_seen);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long id = 1;
	unsigned int sum = 0;

	for (int i = 1; i + 1 < argc; i += 2) {
		struct order o = { .id = id++, .quantity = atoi(argv[i + 1]) };

		o.item = find_item(argv[i]);
		if (!o.item)
			continue;
		if (order_place(&o) == 0)
			sum += line_total(o.item, o.quantity);
	}
	trace_simple(shop_closed, "closing after %lu orders", orders_seen);
	printf("%lu orders, %u cents\n", orders_seen, sum);
	return 0;
}
