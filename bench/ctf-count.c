// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The floor for bench/trace-symbolize.py: decode a CTF trace with the
 * libbabeltrace2 C API and nothing else.  source.ctf.fs -> muxer -> a
 * simple sink that counts event messages, the graph marker-resolve
 * symbolize-trace uses (tools/lib/smk/ctf.c) without its work per event.
 *
 *   ctf-count TRACE_DIR      (a directory holding "metadata")
 */
#include <inttypes.h>
#include <stdio.h>

#include <babeltrace2/babeltrace.h>

static uint64_t events;

static bt_graph_simple_sink_component_consume_func_status
consume(bt_message_iterator *it, void *data __attribute__((unused)))
{
	bt_message_array_const msgs;
	uint64_t n, i;

	switch (bt_message_iterator_next(it, &msgs, &n)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		break;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_END;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_AGAIN;
	default:
		return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
	}
	for (i = 0; i < n; i++) {
		if (bt_message_get_type(msgs[i]) == BT_MESSAGE_TYPE_EVENT)
			events++;
		bt_message_put_ref(msgs[i]);
	}
	return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK;
}

int main(int argc, char **argv)
{
	const bt_plugin *ctf, *utils;
	const bt_component_source *src;
	const bt_component_filter *mux;
	const bt_component_sink *sink;
	bt_value *params, *inputs;
	bt_graph *g;
	bt_graph_run_status st;
	uint64_t i;

	if (argc != 2) {
		fprintf(stderr, "usage: ctf-count TRACE_DIR\n");
		return 2;
	}
	if (bt_plugin_find("ctf", 1, 1, 1, 1, 0, &ctf) ||
	    bt_plugin_find("utils", 1, 1, 1, 1, 0, &utils)) {
		fprintf(stderr, "ctf-count: babeltrace2 plugins not found\n");
		return 1;
	}
	g = bt_graph_create(0);
	params = bt_value_map_create();
	inputs = bt_value_array_create();
	bt_value_array_append_string_element(inputs, argv[1]);
	bt_value_map_insert_entry(params, "inputs", inputs);
	if (bt_graph_add_source_component(g,
			bt_plugin_borrow_source_component_class_by_name_const(
				ctf, "fs"),
			"src", params, BT_LOGGING_LEVEL_NONE, &src) ||
	    bt_graph_add_filter_component(g,
			bt_plugin_borrow_filter_component_class_by_name_const(
				utils, "muxer"),
			"mux", NULL, BT_LOGGING_LEVEL_NONE, &mux) ||
	    bt_graph_add_simple_sink_component(g, "count", NULL, consume, NULL,
					       NULL, &sink)) {
		fprintf(stderr, "ctf-count: %s: cannot build the graph\n",
			argv[1]);
		return 1;
	}
	for (i = 0; i < bt_component_source_get_output_port_count(src); i++)
		bt_graph_connect_ports(g,
			bt_component_source_borrow_output_port_by_index_const(
				src, i),
			bt_component_filter_borrow_input_port_by_index_const(
				mux, bt_component_filter_get_input_port_count(
					     mux) - 1),
			NULL);
	bt_graph_connect_ports(g,
		bt_component_filter_borrow_output_port_by_name_const(mux,
								     "out"),
		bt_component_sink_borrow_input_port_by_index_const(sink, 0),
		NULL);
	do {
		st = bt_graph_run(g);
	} while (st == BT_GRAPH_RUN_STATUS_AGAIN);
	if (st != BT_GRAPH_RUN_STATUS_OK) {
		fprintf(stderr, "ctf-count: %s: reading failed\n", argv[1]);
		return 1;
	}
	printf("%" PRIu64 "\n", events);
	bt_graph_put_ref(g);
	bt_value_put_ref(inputs);
	bt_value_put_ref(params);
	bt_plugin_put_ref(ctf);
	bt_plugin_put_ref(utils);
	return 0;
}
