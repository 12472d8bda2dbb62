// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * LD_PRELOAD'ed into lttng-sessiond by tests/kernel/lttng.sh, to work
 * around a bug of lttng-tools 2.13.9 (Debian 12): a kernel event made by
 * "lttng enable-event --kernel --probe=SYM+OFF" reaches the kernel tracer
 * with offset 0 ("lttng list" shows "offset: 0x0"; the kprobe lands on
 * SYM+0x0, as debugfs' kprobes/list shows), and "--probe=0xADDR" is
 * refused with EINVAL.  The CLI parses the offset right ("probe offset
 * 897" with -vvv); "lttng load" of a session file with the offset loses
 * it too.
 *
 * For each LTTNG_KERNEL_ABI_EVENT ioctl of a kprobe whose offset is 0,
 * this puts back the offset that $SMK_LTTNG_OFFSETS (a file of "EVENT
 * OFFSET" lines) gives for the event's name.  The kernel tracer, the
 * kprobes and the trace stay LTTng's own.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

/* lttng-modules 2.13's include/lttng/abi.h, packed. */
struct abi_event {
	char name[256];
	uint32_t instrumentation;	/* 1: kprobe */
	uint64_t token;
	char padding[8];
	uint64_t kp_addr;
	uint64_t kp_offset;
	char kp_symbol[256];
} __attribute__((packed));

static uint64_t offset_of(const char *event)
{
	const char *path = getenv("SMK_LTTNG_OFFSETS");
	char name[257];
	unsigned long long off;
	uint64_t found = 0;
	FILE *f;

	if (!path || !(f = fopen(path, "re")))
		return 0;
	while (fscanf(f, "%256s %llx", name, &off) == 2)
		if (!strcmp(name, event)) {
			found = off;
			break;
		}
	fclose(f);
	return found;
}

int ioctl(int fd, unsigned long req, ...)
{
	static int (*real)(int, unsigned long, ...);
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!real)
		real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT,
							       "ioctl");
	if (_IOC_TYPE(req) == 0xF6 && _IOC_NR(req) == 0x63 && arg) {
		struct abi_event *ev = arg;

		if (ev->instrumentation == 1 && !ev->kp_addr &&
		    !ev->kp_offset) {
			char name[257];

			memcpy(name, ev->name, 256);
			name[256] = '\0';
			ev->kp_offset = offset_of(name);
		}
	}
	return real(fd, req, arg);
}
