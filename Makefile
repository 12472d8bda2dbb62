# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# simple-marker: the marker header, libsmk and its tools.
#   make [V=1] [SANITIZE=1] [WERROR=0] [CC=clang]
#   make check | demo | bench | kernel | kernel-6.12 | kernel-o2 | help
#   make install PREFIX=/usr/local DESTDIR=

PREFIX	?= /usr/local
DESTDIR	?=
CC	?= gcc
AR	?= ar
PKG_CONFIG ?= pkg-config
WERROR	?= 1
SANITIZE ?=
PROVE	?= prove
# The tests are independent of each other: run as many as there are cores.
PROVE_FLAGS ?= -j$(shell nproc 2>/dev/null || echo 1) --timer

PKGS	:= libelf libdw libkmod zlib liblzma libzstd capstone babeltrace2

ifeq ($(V),1)
Q	:=
msg	= @true
else
Q	:= @
msg	= @printf '  %-8s %s\n' $(1) $(2);
endif

CFLAGS	?= -O2 -g
BASE_CFLAGS := -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
	-Wmissing-prototypes -Wstrict-prototypes -D_GNU_SOURCE \
	-Iinclude -Itools/lib
ifeq ($(WERROR),1)
BASE_CFLAGS += -Werror
endif
ifeq ($(SANITIZE),1)
BASE_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
endif
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = $(BASE_CFLAGS) $(PKG_CFLAGS) $(CFLAGS) -MMD -MP

LIB	:= tools/lib/smk/libsmk.a
LIB_SRC	:= $(sort $(wildcard tools/lib/smk/*.c))
LIB_OBJ	:= $(LIB_SRC:.c=.o)
LIST_SRC := $(sort $(wildcard tools/marker-list/*.c))
RES_SRC	:= $(sort $(wildcard tools/resolve/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNIT_BIN := $(UNIT_SRC:.c=)
TOOLS	:= tools/marker-list/marker-list tools/resolve/marker-resolve
# The in-process runtime (marker-resolve run): a preloaded library with its
# own position-independent copy of libsmk, all of it hidden but dlopen and
# dlclose; its LTTng-UST provider is a library of its own, loaded by the
# runtime only when asked to record into LTTng.
RUNTIME	:= tools/runtime/libsmk-run.so
RUNTIME_LTTNG := tools/runtime/libsmk-run-lttng.so
RUN_SRC	:= tools/runtime/run.c tools/runtime/tramp.c tools/runtime/hit.c
RUN_PIC_LIB := tools/runtime/pic/libsmk-pic.a
RUN_PIC_OBJ := $(patsubst tools/lib/smk/%.c,tools/runtime/pic/%.o,$(LIB_SRC))
RUN_PKGS := libelf libdw zlib liblzma libzstd capstone
RUN_LIBS := $(shell $(PKG_CONFIG) --libs $(RUN_PKGS) 2>/dev/null) -ldl -lpthread
PIC_FLAGS := -fPIC -fvisibility=hidden
# The runtime runs inside other people's programs: never with the
# sanitizers (an ASan library preloaded into a program built without ASan
# aborts it), whatever SANITIZE says.
RUN_CFLAGS = $(filter-out -fsanitize=% -fno-sanitize-recover=%,$(ALL_CFLAGS)) \
	$(PIC_FLAGS)
RUN_LDFLAGS = $(filter-out -fsanitize=%,$(LDFLAGS))
MAN_RST	:= $(wildcard Documentation/man/*.rst)
MANS	:= $(MAN_RST:.rst=)

# Rebuild everything when the flags change (e.g. SANITIZE=1 after a
# plain build): objects depend on a file holding the flags.
FLAGS_FILE := .build-flags
FLAGS_NOW := $(CC) $(ALL_CFLAGS) $(LDFLAGS)


all: $(TOOLS) $(RUNTIME) $(RUNTIME_LTTNG)

$(FLAGS_FILE): FORCE
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

%.o: %.c $(FLAGS_FILE)
	$(call msg,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

tools/marker-list/marker-list: $(LIST_SRC:.c=.o) $(LIB)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS)

tools/resolve/marker-resolve: $(RES_SRC:.c=.o) $(LIB)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS)

tools/runtime/pic/%.o: tools/lib/smk/%.c $(FLAGS_FILE)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(RUN_CFLAGS) -c $< -o $@

$(RUN_PIC_LIB): $(RUN_PIC_OBJ)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

tools/runtime/%.pic.o: tools/runtime/%.c $(FLAGS_FILE)
	$(call msg,CC,$@)
	$(Q)$(CC) $(RUN_CFLAGS) -c $< -o $@

$(RUNTIME): $(RUN_SRC:.c=.pic.o) $(RUN_PIC_LIB)
	$(call msg,LD,$@)
	$(Q)$(CC) $(RUN_LDFLAGS) -shared -Wl,-z,now -Wl,--as-needed -o $@ \
		$(RUN_SRC:.c=.pic.o) $(RUN_PIC_LIB) $(RUN_LIBS)

$(RUNTIME_LTTNG): tools/runtime/lttng.c tools/runtime/lttng-tp.h tools/runtime/runtime.h $(FLAGS_FILE)
	$(call msg,LD,$@)
	$(Q)$(CC) $(RUN_CFLAGS) $(RUN_LDFLAGS) -Itools/runtime -shared \
		-o $@ $< -llttng-ust -ldl

# The index cache (symcache.h) keys its files on the code that builds the
# units' indexes: any change there makes older cache files another key.
INDEX_SRC := tools/lib/smk/symbolize.c tools/lib/smk/locview.c \
	tools/lib/smk/dieread.c tools/lib/smk/symcache.c
INDEX_STAMP := $(shell cat $(INDEX_SRC) 2>/dev/null | cksum | cut -d' ' -f1)
tools/lib/smk/symbolize.o tools/runtime/pic/symbolize.o: $(INDEX_SRC)
tools/lib/smk/symbolize.o tools/runtime/pic/symbolize.o: \
	ALL_CFLAGS += -DSMK_INDEX_STAMP=$(INDEX_STAMP)u

tests/unit/%: tests/unit/%.o $(LIB)
	$(call msg,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS)

deps:
	$(Q)sh scripts/deps.sh

# libFuzzer targets (tests/fuzz): the library again, built by clang with
# ASan+UBSan and coverage feedback into tests/fuzz/build; FUZZ_COV=1 builds
# them with llvm-cov's instrumentation instead (tests/fuzz/run.sh cov).
FUZZ_CC	?= clang
FUZZ_TIME ?= 300
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz-%.c,%,$(sort $(wildcard tests/fuzz/fuzz-*.c)))
ifeq ($(FUZZ_COV),1)
FUZZ_OUT := tests/fuzz/build/cov
FUZZ_SAN := -fprofile-instr-generate -fcoverage-mapping
else
FUZZ_OUT := tests/fuzz/build/asan
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
endif
FUZZ_CFLAGS = $(BASE_CFLAGS) $(PKG_CFLAGS) -O1 -g \
	-fno-omit-frame-pointer $(FUZZ_SAN)
FUZZ_LIB_OBJ = $(patsubst tools/lib/smk/%.c,$(FUZZ_OUT)/lib/%.o,$(LIB_SRC))
FUZZ_BIN = $(addprefix $(FUZZ_OUT)/fuzz-,$(FUZZ_NAMES))

$(FUZZ_OUT)/lib/%.o: tools/lib/smk/%.c
	$(call msg,FUZZCC,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(FUZZ_OUT)/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(FUZZ_LIB_OBJ)
	$(call msg,FUZZLD,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< \
		$(FUZZ_LIB_OBJ) $(PKG_LIBS)

fuzz-build: $(FUZZ_BIN)

# Each target for FUZZ_TIME seconds from its seeds, after replaying the
# regression inputs of tests/fuzz/regress.
fuzz: fuzz-build
	$(Q)FUZZ_TIME=$(FUZZ_TIME) sh tests/fuzz/run.sh fuzz $(FUZZ_NAMES)

-include $(wildcard tests/fuzz/build/*/lib/*.d)


# The README's first command: list the markers of the bundled example.
demo: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory -C examples
	@echo '$$ marker-list examples/shop'
	$(Q)tools/marker-list/marker-list examples/shop
	@echo '$$ marker-list -v -n "::order_*" examples/shop'
	$(Q)tools/marker-list/marker-list -v -n '::order_*' examples/shop
	@echo '$$ marker-resolve examples/shop'
	$(Q)tools/resolve/marker-resolve examples/shop

# The README's second command: install what is missing, build, run the tests.
check: deps
	$(Q)$(MAKE) --no-print-directory all $(UNIT_BIN)
	$(Q)$(PROVE) $(PROVE_FLAGS) tests/

# The README's set-up, as written, in a new minimal Debian 12 root (root;
# what CI runs first).
fresh-check:
	$(Q)bash scripts/fresh-root.sh $${SMK_FRESH_ROOT:-/var/tmp/smk-fresh-root}

man: $(MANS)

Documentation/man/%: Documentation/man/%.rst
	$(call msg,RST2MAN,$@)
	$(Q)rst2man $< $@

install: all man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include/linux \
		$(DESTDIR)$(PREFIX)/share/simple-marker \
		$(DESTDIR)$(PREFIX)/lib/simple-marker \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	install -m 755 $(RUNTIME) $(RUNTIME_LTTNG) \
		$(DESTDIR)$(PREFIX)/lib/simple-marker/
	install -m 644 include/linux/simple_marker.h \
		include/linux/simple_marker_exact.h \
		$(DESTDIR)$(PREFIX)/include/linux/
	install -m 644 scripts/simple_marker.lds \
		$(DESTDIR)$(PREFIX)/share/simple-marker/
	install -m 644 scripts/simple_marker-user.lds \
		$(DESTDIR)$(PREFIX)/share/simple-marker/
	$(if $(MANS),install -m 644 $(MANS) $(DESTDIR)$(PREFIX)/share/man/man1/)

bench: all
	$(Q)sh bench/run

kernel: deps
	$(Q)sh kernel/build.sh $${SMK_CACHE:-$$HOME/.cache/simple-marker}/kbuild
	@echo "built: $${SMK_CACHE:-$$HOME/.cache/simple-marker}/kbuild/{vmlinux,bzImage}"

kernel-6.12: deps
	$(Q)sh kernel/build.sh -v 6.12 $${SMK_CACHE:-$$HOME/.cache/simple-marker}/kbuild-6.12
	@echo "built: $${SMK_CACHE:-$$HOME/.cache/simple-marker}/kbuild-6.12/{vmlinux,bzImage}"

# Not in make check (another cold build, ~10 minutes here): the 6.12 kernel
# at -O2, and tests/kernel-intree-6.12.t on it.
kernel-o2: all
	$(Q)SMK_KERNEL_O2=1 $(PROVE) $(PROVE_FLAGS) tests/kernel-intree-6.12.t

clean:
	$(Q)rm -f $(LIB) $(TOOLS) $(UNIT_BIN) $(FLAGS_FILE) $(MANS)
	$(Q)rm -rf tools/runtime/pic tools/runtime/*.so
	$(Q)find tools tests -name '*.[od]' -delete
	$(Q)rm -rf tests/fuzz/build
	$(Q)$(MAKE) --no-print-directory -C examples clean 2>/dev/null || true

help:
	@echo 'simple-marker targets:'
	@echo '  all (default)  build tools/marker-list/marker-list,'
	@echo '                 tools/resolve/marker-resolve and the in-process'
	@echo '                 runtime tools/runtime/libsmk-run*.so'
	@echo '  demo           install deps, build, list and place the markers of'
	@echo '                 examples/shop'
	@echo '  check          install deps, build, run the TAP tests with prove'
	@echo '  deps           install the Debian packages needed (idempotent)'
	@echo '  fresh-check    run the README set-up (make demo, make check) in a'
	@echo '                 new Debian 12 root, as CI does (root; mmdebstrap)'
	@echo '  bench          run the benchmarks in bench/'
	@echo '  kernel         build Linux 6.1 with kernel/patches (tinyconfig,'
	@echo '                 after each patch) into ~/.cache/simple-marker/kbuild'
	@echo '  kernel-6.12    the same for Linux 6.12 with kernel/patches-6.12,'
	@echo '                 into ~/.cache/simple-marker/kbuild-6.12'
	@echo '  kernel-o2      build 6.12 at -O2 (CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE,'
	@echo '                 kbuild-6.12-O2) and run tests/kernel-intree-6.12.t'
	@echo '                 on it (not in check: another cold build)'
	@echo '  man            build the man pages from Documentation/man/'
	@echo '  install        install tools, runtime, header, man pages'
	@echo '                 (PREFIX=$(PREFIX) DESTDIR=)'
	@echo '  fuzz           build the libFuzzer targets of tests/fuzz (clang,'
	@echo '                 ASan+UBSan), replay tests/fuzz/regress, run each'
	@echo '                 for FUZZ_TIME seconds (default 300);'
	@echo '                 sh tests/fuzz/coverage.sh: line coverage per file'
	@echo '  clean          remove build products'
	@echo 'variables: V=1 (verbose), SANITIZE=1 (ASan+UBSan), WERROR=0,'
	@echo '           CC=clang, PROVE_FLAGS=-v'

.PHONY: fuzz fuzz-build all deps demo check fresh-check man install bench kernel kernel-6.12 kernel-o2 clean help FORCE
.SECONDARY:

-include $(LIB_OBJ:.o=.d) $(RUN_PIC_OBJ:.o=.d) $(RUN_SRC:.c=.pic.d) $(LIST_SRC:.c=.d) $(RES_SRC:.c=.d) $(UNIT_SRC:.c=.d)
