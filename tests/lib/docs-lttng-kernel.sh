#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# docs-lttng-kernel.sh: the set-up "lttng-kernel" of tests/lib/docexamples.py,
# run from the top of a source tree with smk_sample.ko built.  It records,
# as tests/lttng-kernel.t does, an LTTng kernel session in Debian's cloud
# kernel under qemu with the kprobe events of smk_sample's sample_add
# marker while two items are added through /proc/smk_sample, and leaves
# what the README's example reads: smk_sample.ko, kallsyms and modules (the
# guest's /proc files) in the current directory, the trace in
# ~/lttng-traces/kernel-s2.  Output goes to lttng-kernel.log.
set -eu
exec > lttng-kernel.log 2>&1
rel=$(scripts/kernel-release.sh)
lm=$(scripts/lttng-modules.sh)
k=$(scripts/qemu-kernel.sh)
consumerd=/usr/lib/x86_64-linux-gnu/lttng/libexec/lttng-consumerd
cp samples/smk_sample.ko .
# The events from the sites of --format=json, as lttng.sh takes them.
tools/resolve/marker-resolve --format=json -N sample_add smk_sample.ko |
python3 -c '
import json, sys
n = 0
for m in json.load(sys.stdin)["markers"]:
    for s in m["sites"]:
        n += 1
        print("--probe=%s+%#x %s%s" % (s["symbol"], s["offset"], m["name"],
                                     "_%d" % n if n > 1 else ""))' > lprobes
test -s lprobes
. tests/lib/lttng-guest.sh
rm -rf lroot
lttng_guest_root lroot "$rel" "$k" "$lm" "$consumerd"
gcc -O2 -shared -fPIC -o lttng-offset.so tests/kernel/lttng-offset.c -ldl
printf '%s\n' 'write /proc/smk_sample add apple 3' \
	'write /proc/smk_sample add pear 2' > lsteps
scripts/qemu-run.sh -k "$k" -m smk_sample.ko -f lroot.tar.gz \
	-f lttng-offset.so -f lprobes -f lsteps -f tests/kernel/guest-lib.sh \
	-o lout -t 180 tests/kernel/lttng.sh lroot.tar.gz smk_sample.ko \
	lprobes lsteps
cp lout/kallsyms lout/modules .
mkdir -p "$HOME/lttng-traces"
rm -rf "$HOME/lttng-traces/kernel-s2"
cp -r lout/trace "$HOME/lttng-traces/kernel-s2"
