#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Run a shell script inside Debian's cloud kernel under qemu (TCG), with
# busybox as the whole userspace, and give back its output and exit status:
#
#   scripts/qemu-run.sh [-k DIR | -K BZIMAGE] [-m MOD.ko]... [-f FILE]...
#                       [-o OUTDIR] [-l LOG] [-t SECS] SCRIPT [ARG...]
#
#   -k DIR     the unpacked image (scripts/qemu-kernel.sh, run when omitted)
#   -K BZIMAGE a kernel of our own (kernel/build.sh) instead: no module
#              tree (-m takes modules with no dependencies), no ACPI, so
#              the guest ends with "reboot -f" (qemu runs with -no-reboot)
#   -m MOD.ko  a module to carry into the guest as /smk/MOD.ko; it must be
#              built for the image's release.  The modules it depends on
#              (modinfo -F depends, recursively) are taken from the image's
#              tree and loaded by the guest's init before SCRIPT runs;
#              MOD.ko itself is left for SCRIPT to insmod.
#   -f FILE    a file to copy into /smk/ (several allowed)
#   -o OUTDIR  what SCRIPT leaves in /smk/out/ comes back into OUTDIR
#   -l LOG     keep the whole console log there
#   -t SECS    how long SCRIPT may run in the guest (default 120); qemu as a
#              whole gets 90 s more for booting and powering off
#
# The guest's init mounts proc, sysfs, devtmpfs and tracefs
# (/sys/kernel/tracing), lowers the console log level (quiet), loads the
# dependencies, then runs "sh SCRIPT ARG..." in /smk with its stdout and
# stderr in a file, and prints that file between "=== SMK BEGIN ===" and
# "=== SMK END rc=N ===" on the serial console, then /smk/out as a
# base64'd tar.gz, then powers off (poweroff -f; the cloud kernel has ACPI;
# reboot -f with -K).
# The host side prints SCRIPT's output (CRs removed) on stdout.
#
# Exit status: SCRIPT's own in the guest (143 when it hit -t there), 125
# when the run failed before that (no boot, panic, qemu timed out: the end
# of the console log goes to stderr), 2 on usage error.  Nothing is written
# outside a private temporary directory, OUTDIR and LOG.
set -eu

prog=qemu-run.sh
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	echo "usage: $prog [-k DIR | -K BZIMAGE] [-m MOD.ko]... [-f FILE]..." \
		"[-o OUTDIR] [-l LOG] [-t SECS] SCRIPT [ARG...]" >&2
	exit 2
}
die() { echo "$prog: $*" >&2; exit 125; }

# quote STR: STR as one single-quoted shell word.
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

kdir="" kimage="" mods="" files="" outdir="" log="" secs=120
while getopts k:K:m:f:o:l:t: opt; do
	case $opt in
	k) kdir=$OPTARG ;;
	K) kimage=$OPTARG ;;
	m) mods="$mods $(quote "$OPTARG")" ;;
	f) files="$files $(quote "$OPTARG")" ;;
	o) outdir=$OPTARG ;;
	l) log=$OPTARG ;;
	t) secs=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
case $secs in ''|*[!0-9]*) usage ;; esac
script=$1
shift
[ -f "$script" ] || die "$script: no such file"

for t in qemu-system-x86_64 cpio gzip modinfo base64 tar; do
	command -v $t >/dev/null || die "$t not found (scripts/qemu-kernel.sh installs it)"
done
busybox=/bin/busybox
[ -x $busybox ] || die "$busybox not found (install busybox-static)"
readelf -lW $busybox 2>/dev/null | grep -q 'program interpreter' &&
	die "$busybox is dynamically linked (install busybox-static)"

[ -z "$kdir" ] || [ -z "$kimage" ] || usage
if [ -n "$kimage" ]; then
	[ -f "$kimage" ] || die "$kimage: no such file"
	rel="" vmlinuz=$kimage halt="reboot -f"
else
	if [ -z "$kdir" ]; then
		kdir=$(sh "$here/qemu-kernel.sh") || exit 125
	fi
	[ -f "$kdir/vmlinuz" ] && [ -d "$kdir/modules/kernel" ] ||
		die "$kdir: not an image from qemu-kernel.sh (no vmlinuz, modules/)"
	rel=$(basename "$(readlink -f "$kdir/modules")")
	vmlinuz=$kdir/vmlinuz halt="poweroff -f"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smk-qemu.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
mkdir -p "$root/bin" "$root/dev" "$root/proc" "$root/sys" "$root/tmp" \
	"$root/smk/out" "$root/lib/modules/deps"
cp $busybox "$root/bin/busybox"

# name_of FILE: a module's name as the kernel spells it.
name_of() { basename "$1" | sed 's/\.ko\(\.xz\|\.zst\|\.gz\)\{0,1\}$//; s/-/_/g'; }

# The image's modules by name, for dependencies (the package has no
# modules.dep: depmod runs in its postinst).
: > "$tmp/index"
[ -z "$kdir" ] || find "$kdir/modules/kernel" -name '*.ko*' | while read -r f; do
	printf '%s %s\n' "$(name_of "$f")" "$f"
done > "$tmp/index"

# add_deps FILE: append FILE's dependencies, depth first, to $tmp/deps.
# dash and bash both have "local", which the recursion needs.
add_deps() {
	local d p
	for d in $(modinfo -F depends "$1" | tr ',' ' '); do
		d=$(echo "$d" | tr '-' '_')
		grep -qx "$d" "$tmp/deps.names" 2>/dev/null && continue
		p=$(awk -v n="$d" '$1 == n { print $2; exit }' "$tmp/index")
		[ -n "$p" ] || die "$1: depends on $d, not in $kdir/modules"
		add_deps "$p"
		grep -qx "$d" "$tmp/deps.names" 2>/dev/null && continue
		echo "$d" >> "$tmp/deps.names"
		echo "$p" >> "$tmp/deps"
	done
}

: > "$tmp/deps"
eval "set -- $mods -- \"\$@\""
while [ "$1" != -- ]; do
	m=$1
	shift
	[ -f "$m" ] || die "$m: no such file"
	vm=$(modinfo -F vermagic "$m" | cut -d' ' -f1)
	[ -z "$rel" ] || [ "$vm" = "$rel" ] ||
		die "$m: built for ${vm:-an unknown kernel}, the image is $rel"
	add_deps "$m"
	cp "$m" "$root/smk/"
done
shift

n=0
while read -r p; do
	n=$((n + 1))
	dst=$root/lib/modules/deps/$(printf '%02d' $n)-$(name_of "$p").ko
	case $p in
	*.ko.xz) xz -dc "$p" > "$dst" ;;
	*.ko.zst) zstd -qdc "$p" > "$dst" ;;
	*.ko.gz) gzip -dc "$p" > "$dst" ;;
	*) cp "$p" "$dst" ;;
	esac
done < "$tmp/deps"

eval "set -- $files -- \"\$@\""
while [ "$1" != -- ]; do
	[ -f "$1" ] || die "$1: no such file"
	cp "$1" "$root/smk/"
	shift
done
shift

sname=$(basename "$script")
cp "$script" "$root/smk/$sname"
args=""
for a in "$@"; do
	args="$args $(quote "$a")"
done

cat > "$root/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t tracefs nodev /sys/kernel/tracing
dmesg -n 3
for m in /lib/modules/deps/*.ko; do
	[ -f "\$m" ] || continue
	insmod "\$m" || echo "smk-init: insmod \$m failed"
done
cd /smk
timeout $secs sh ./$(quote "$sname")$args < /dev/null > /tmp/output 2>&1
rc=\$?
echo "=== SMK BEGIN ==="
cat /tmp/output
echo "=== SMK END rc=\$rc ==="
if [ -n "\$(ls /smk/out)" ]; then
	echo "=== SMK FILES BEGIN ==="
	tar -cf - -C /smk/out . | gzip | base64
	echo "=== SMK FILES END ==="
fi
$halt
EOF
chmod +x "$root/init"

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$tmp/initrd" ||
	die "cannot pack the initramfs"

[ -n "$log" ] || log=$tmp/console.log
rc=0
timeout $((secs + 90)) qemu-system-x86_64 -m 1024 -smp 1 -nographic \
	-no-reboot -kernel "$vmlinuz" -initrd "$tmp/initrd" \
	-append "console=ttyS0 panic=-1 quiet" < /dev/null > "$log" 2>&1 ||
	rc=$?
tr -d '\r' < "$log" > "$tmp/log"

fail() {
	echo "$prog: $*; end of the console log:" >&2
	tail -n 40 "$tmp/log" >&2
	exit 125
}
[ $rc = 124 ] && fail "qemu timed out after $((secs + 90)) s"
[ $rc = 0 ] || fail "qemu exited with $rc"
# The first marker may share its line with the firmware's escape
# sequences: match it at the end of the line.
grep -q '=== SMK BEGIN ===$' "$tmp/log" || fail "the guest did not run"
grc=$(sed -n 's/^=== SMK END rc=\([0-9]*\) ===$/\1/p' "$tmp/log" | tail -n 1)
[ -n "$grc" ] || fail "the guest's output did not end"

# between START END: the lines strictly between the first line ending with
# START and the next line that is END (a regular expression).
between() {
	awk -v s="$1" -v e="$2" '
		!on && index($0, s) && substr($0, length($0) - length(s) + 1) == s {
			on = 1; next }
		on && $0 ~ ("^" e "$") { exit }
		on { print }' "$tmp/log"
}
between "=== SMK BEGIN ===" "=== SMK END rc=[0-9]+ ==="
if [ -n "$outdir" ]; then
	mkdir -p "$outdir"
	if grep -q '^=== SMK FILES BEGIN ===$' "$tmp/log"; then
		between "=== SMK FILES BEGIN ===" "=== SMK FILES END ===" |
			base64 -d | tar -xzf - -C "$outdir" ||
			fail "cannot unpack the guest's files"
	fi
fi
exit "$grc"
