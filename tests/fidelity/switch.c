// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Markers in switch cases: an interpreter loop around a dense switch (a
 * jump table), a sparse switch (a compare tree) with fallthrough, and
 * identical arms that the compiler may merge.
 *
 * markers: 10
 */
#include "fid.h"

long vm_run(struct vm *vm, const struct insn *prog, int len)
{
	while (vm->pc < len) {
		const struct insn *in = &prog[vm->pc++];
		long a, b;

		vm->steps++;
		switch (in->op) {
		case OP_PUSH:
			trace_simple(vm_push, "%d %d", vm->sp, in->arg);
			vm->stack[vm->sp++] = in->arg;
			break;
		case OP_ADD:
		case OP_SUB:
		case OP_MUL:
			b = vm->stack[--vm->sp];
			a = vm->stack[--vm->sp];
			trace_simple(vm_arith, "%u %ld %ld", in->op, a, b);
			vm->stack[vm->sp++] = in->op == OP_ADD ? a + b :
					      in->op == OP_SUB ? a - b : a * b;
			break;
		case OP_DUP:
			vm->stack[vm->sp] = vm->stack[vm->sp - 1];
			vm->sp++;
			break;
		case OP_DROP:
			vm->sp--;
			break;
		case OP_JZ:
			if (vm->stack[--vm->sp] == 0) {
				trace_simple(vm_jump, "%d %d", vm->pc, in->arg);
				vm->pc = in->arg;
			}
			break;
		case OP_HALT:
			trace_simple(vm_halt, "%d %lu", vm->pc, vm->steps);
			return vm->sp ? vm->stack[vm->sp - 1] : 0;
		default:
			return -1;
		}
	}
	return -2;
}

/* Sparse values: a compare tree, one arm falling through. */
int http_status_class(int status)
{
	int cls = 0;

	switch (status) {
	case 200:
	case 204:
		trace_simple(status_ok, "%d", status);
		cls = 2;
		break;
	case 301:
		trace_simple(status_moved, "%d", status);
		/* fall through */
	case 302:
	case 304:
		cls = 3;
		break;
	case 404:
		cls = 4;
		break;
	case 500:
	case 503:
		trace_simple(status_server, "%d", status);
		cls = 5;
		break;
	default:
		break;
	}
	return cls;
}

/* Identical arms the compiler may merge: the markers tell them apart. */
int flags_cost(unsigned int flags)
{
	int cost = 0;

	switch (flags & 3) {
	case 0:
		trace_simple(cost_none, "%u", flags);
		cost = 1;
		break;
	case 1:
		trace_simple(cost_read, "%u", flags);
		cost = 1;
		break;
	case 2:
		cost = 4;
		break;
	case 3:
		trace_simple(cost_rw, "%u", flags);
		cost = 4;
		break;
	}
	return cost;
}
