# SPDX-License-Identifier: GPL-2.0 OR MIT
# The guest root of the tests that run LTTng in the cloud kernel under qemu
# (tests/lttng-kernel.t, tests/lttng.t, the docs.t set-up
# tests/lib/docs-lttng-kernel.sh).
#
# lttng_guest_root DIR REL KDIR LMDIR CONSUMERD: DIR holds the LTTng
# tools, their libraries and the loader, the session schema, the
# lttng-modules of LMDIR as extra modules of release REL (with the
# kernel KDIR's builtin index: the session daemon's modprobe needs it),
# depmod'ed; DIR.tar.gz is that tree, for scripts/qemu-run.sh -f.
lttng_guest_root() {
	_lg_r=$1
	mkdir -p "$_lg_r/usr/share/xml/lttng" "$_lg_r/lib/modules/$2/extra"
	for _lg_b in "$(command -v lttng)" "$(command -v lttng-sessiond)" "$5"
	do
		echo "$_lg_b"
		ldd "$_lg_b" | awk '/=>/ { print $3 } /ld-linux/ { print $1 }'
	done | sort -u | tar -chf - -T - 2>/dev/null | tar -xf - -C "$_lg_r"
	cp /usr/share/xml/lttng/session.xsd "$_lg_r/usr/share/xml/lttng/"
	cp "$4"/*.ko "$_lg_r/lib/modules/$2/extra/"
	cp "$3"/modules/modules.builtin* "$3"/modules/modules.order \
		"$_lg_r/lib/modules/$2/"
	depmod -b "$_lg_r" "$2" 2> /dev/null
	tar -czf "$_lg_r.tar.gz" -C "$_lg_r" .
}
