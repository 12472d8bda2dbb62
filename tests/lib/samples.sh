# SPDX-License-Identifier: GPL-2.0 OR MIT
# Shell helper of the tests that build the sample modules (tests/module-
# build.t, kernel-probe.t, lttng-kernel.t).  Source after tap.sh.

# copy_samples DIR: the samples' sources (not any build products) into
# DIR/samples, with the top-level Kbuild, the headers and scripts/ laid out
# as in the tree, so the default SMK_TOP (the parent of samples/) is used;
# kbuild writes next to the sources, so the checkout stays clean.
copy_samples() {
	mkdir -p "$1/samples" "$1/include/linux" "$1/scripts"
	cp "$TOP/Kbuild" "$1/"
	cp "$TOP/include/linux/simple_marker.h" \
		"$TOP/include/linux/simple_marker_exact.h" "$1/include/linux/"
	cp "$TOP/scripts/simple_marker.lds" "$TOP/scripts/kernel-release.sh" \
		"$1/scripts/"
	for f in "$TOP"/samples/Kbuild "$TOP"/samples/Makefile \
		 "$TOP"/samples/*.c "$TOP"/samples/*.h; do
		[ -f "$f" ] && cp "$f" "$1/samples/"
	done
	return 0
}
