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

# build_samples DIR: copy_samples DIR, then build them against the cloud
# kernel's headers; $samples_why is empty when make ran, else why it could
# not (no release, no headers).  A failed make shows its log's tail as a
# diagnostic; the caller checks for the .ko files it needs.
build_samples() {
	samples_why=
	if ! _rel=$("$TOP/scripts/kernel-release.sh" 2>&1); then
		samples_why="cannot name the cloud kernel release: $_rel"
	elif [ ! -f "/usr/src/linux-headers-$_rel/Makefile" ]; then
		samples_why="no kernel headers for $_rel (run scripts/deps.sh)"
	else
		copy_samples "$1"
		make -j2 -C "$1/samples" KDIR="/usr/src/linux-headers-$_rel" \
			> "$1/kbuild.log" 2>&1 ||
			diag "$(tail -n 5 "$1/kbuild.log")"
	fi
}
