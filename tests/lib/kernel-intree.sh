# SPDX-License-Identifier: GPL-2.0 OR MIT
# The body of tests/kernel-intree.t (6.1) and tests/kernel-intree-6.12.t:
# the in-tree series for KVER (set by the caller: 6.1 or 6.12) on a real
# kernel build, end to end.  KOPT is empty or -O (kernel/build.sh -O: the
# kernel's -O2 instead of tinyconfig's -Os).
#
#  1. kernel/build.sh -v KVER [KOPT] builds Debian's linux-source-KVER
#     (tinyconfig + kernel/tiny.config) after each patch of the series
#     (kernel/patches for 6.1, kernel/patches-KVER otherwise), so the
#     series is bisectable and the vmlinux before 0004 adds the markers is
#     kept, into $SMK_CACHE/kbuild (6.1), kbuild-KVER or kbuild-KVER-O2
#     (default ~/.cache/simple-marker): 4 to 7 minutes here the first
#     time (6.12 -Os the fastest, 6.12 -O2 the slowest; more under load),
#     nothing when the version, source, patches, config and script are
#     unchanged.
#     Skipped only when linux-source-KVER cannot be had;
#  2. the build log has no orphan-section or modpost warning; vmlinux's
#     __simple_marker has no SHF_ALLOC; every allocated section of vmlinux
#     (.text included) is byte-identical to the build without the markers,
#     and the marked functions have the same address and size;
#  3. marker-list vmlinux lists the three markers with their functions;
#     marker-resolve gives kprobe definitions on built-in symbols (no
#     module prefix), at offsets inside the functions; -k RELEASE --root
#     finds the vmlinux in perf's places under an unpacked tree, for
#     marker-list and marker-resolve alike;
#  4. the kernel boots under qemu (TCG) with a busybox initramfs, the
#     printed definitions are appended to kprobe_events, a write, a read, a
#     failed write and a fork are made from userspace, and every fetched
#     value is checked (tests/kernel/intree.py); the trace is symbolized
#     back to the markers (symbolize-ftrace), also as bare addresses
#     through the guest's saved /proc/kallsyms.
# Source after setting KVER and KOPT, from the .t file (tap.sh is sourced
# here).
. "$(dirname "$0")/lib/tap.sh"

for t in make gcc flex bison bc readelf objcopy nm cmp python3 \
	 qemu-system-x86_64; do
	command -v $t > /dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
LIST=$TOP/tools/marker-list/marker-list
RESOLVE=$TOP/tools/resolve/marker-resolve
[ -x "$LIST" ] && [ -x "$RESOLVE" ] || skip_all "tools not built (make)"

cache=${SMK_CACHE:-$HOME/.cache/simple-marker}
KOPT=${KOPT:-}
case $KVER in
6.1) K=$cache/kbuild P=$TOP/kernel/patches ;;
*) K=$cache/kbuild-$KVER P=$TOP/kernel/patches-$KVER ;;
esac
[ "$KOPT" = -O ] && K=$K-O2
t0=$(date +%s)
sh "$TOP/kernel/build.sh" -j"$(nproc)" -v "$KVER" $KOPT "$K" \
	> "$TMP/build.out" 2>&1
rc=$?
[ $rc = 3 ] && skip_all "$(cat "$TMP/build.out")"
plan 38
is "$rc" 0 "kernel/build.sh -v $KVER${KOPT:+ $KOPT}: the kernel builds with the series"
[ $rc = 0 ] || fail_rest "kernel/build.sh failed" "$(cat "$TMP/build.out")"
diag "kernel/build.sh: $(($(date +%s) - t0)) s (0 when cached)"
is "$(cat "$K/version")|$(grep -c '^CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y' "$K/.config")" \
	"$KVER|$([ "$KOPT" = -O ] && echo 1 || echo 0)" \
	"the build is Linux $KVER at $([ "$KOPT" = -O ] && echo -O2 || echo -Os)"
is "$(cut -d' ' -f1 "$K/bisect" | tr '\n' ' ')" \
	"$(cd "$P" && ls 000[1-9]-*.patch | tr '\n' ' ')" \
	"bisectable: bzImage built after each patch ($(awk '{ printf "%s%ss", s, $2; s = ", " }' "$K/bisect"))"
V=$K/vmlinux
V0=$K/vmlinux.nomarkers
rel=$(cat "$K/release")

# ---- 2. the section and zero cost ----
is "$(grep -i 'warn' "$K/build.log" |
	grep -ci 'orphan\|modpost\|__simple_marker')" 0 \
	"no orphan-section, modpost or __simple_marker warning in the build"
# Type Address Off Size ES [Flg] Lk Inf Al: no Flg column when empty.
flags=$(readelf -SW "$V" | sed -n 's/^ *\[ *[0-9]*\] __simple_marker *//p' |
	awk '{ print $1 "/" (NF == 9 ? $6 : "none") }')
sz=$(readelf -SW "$V" | awk '$2 == "__simple_marker" { print $6 }')
is "$flags" "PROGBITS/none" "vmlinux: __simple_marker is PROGBITS, no flags (not loaded)"
ok "vmlinux: __simple_marker holds records ($((0x${sz:-0})) bytes)" \
	test "$((0x${sz:-0}))" -gt 0
is "$(readelf -SW "$V0" | grep -c __simple_marker)" 0 \
	"the build without markers has no __simple_marker"

# Allocated sections by name, in both.
alloc() {
	readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\] //' |
	awk '$1 != "NULL" && $7 ~ /A/ { print $1 }'
}
is "$(alloc "$V")" "$(alloc "$V0")" "the same allocated sections in both"
# .notes holds the build-id, a hash of the whole file, debug info included.
same=0 differ=
for s in $(alloc "$V" | grep -vx .notes); do
	objcopy -O binary --only-section="$s" "$V" "$TMP/a" 2> /dev/null
	objcopy -O binary --only-section="$s" "$V0" "$TMP/b" 2> /dev/null
	if cmp -s "$TMP/a" "$TMP/b"; then
		same=$((same + 1))
	else
		differ="$differ $s"
	fi
done
is "$differ" "" "every allocated section but .notes is byte-identical ($same)"
objcopy -O binary --only-section=.text "$V" "$TMP/a"
objcopy -O binary --only-section=.text "$V0" "$TMP/b"
ok ".text is byte-identical ($(wc -c < "$TMP/a") bytes)" \
	cmp -s "$TMP/a" "$TMP/b"
funcs() {
	nm -S "$1" | awk '$4 == "vfs_read" || $4 == "vfs_write" ||
			  $4 == "kernel_clone"' | sort -k4
}
is "$(funcs "$V")" "$(funcs "$V0")" \
	"vfs_read, vfs_write, kernel_clone: same address and size"
is "$(funcs "$V" | wc -l)" 3 "the three marked functions are in vmlinux"

# ---- 3. the tools on this vmlinux ----
"$LIST" "$V" > "$TMP/list" 2> "$TMP/list.err"
is "$?" 0 "marker-list vmlinux: exit 0"
# The listing without its ID column, sorted.
cols() { awk '{ $1 = ""; sub(/^ /, ""); print }' | sort; }
cat > "$TMP/list.want" <<'EOF'
MODULE FUNCTION NAME DESCRIPTION
vmlinux kernel_clone kernel_clone_done pid=$nr flags=$clone_flags
vmlinux vfs_read vfs_read_done file=$file pos=$pos count=$count ret=$ret
vmlinux vfs_write vfs_write_done file=$file pos=$pos count=$count ret=$ret
EOF
cols < "$TMP/list" > "$TMP/b"
golden "$TMP/list.want" "$TMP/b" "marker-list vmlinux: the three markers, dtrace -l style"

"$RESOLVE" "$V" > "$TMP/defs" 2> "$TMP/resolve.err"
is "$?" 0 "marker-resolve vmlinux: exit 0"
"$RESOLVE" --format=json "$V" > "$TMP/defs.json" 2>> "$TMP/resolve.err"
diag "$(cat "$TMP/defs")"
python3 - "$TMP/defs.json" > "$TMP/status" <<'EOF'
import json, sys
for m in json.load(open(sys.argv[1]))["markers"]:
    print("|".join([m["name"], m["verdict"], m["rule"] or "no rule",
                    " ".join(a["name"] + ("" if a["spec"] else "=n/a")
                             for s in m["sites"] for a in s["args"])]))
EOF
diag "placement: $(tr '\n' ';' < "$TMP/status")"
# def_check MARKER FUNCTION: one definition, on FUNCTION+OFF with
# 0 < OFF < size (no module prefix: built-in).
def_check() {
	_l=$(grep "^p:simple/$1 " "$TMP/defs")
	_at=$(echo "$_l" | awk '{ print $2 }')
	_f=${_at%%+*} _off=${_at#*+}
	_size=$(nm -S "$V" | awk -v f="$_f" '$4 == f { print "0x" $2 }')
	is "$(echo "$_l" | grep -c .)|$_f|$(
	    [ -n "$_size" ] && [ $((_off)) -gt 0 ] &&
	    [ $((_off)) -lt $((_size)) ] && echo inside)" "1|$2|inside" \
	    "$1: one kprobe at $2+OFF, inside it"
}
for m in kernel_clone_done:kernel_clone vfs_read_done:vfs_read \
	 vfs_write_done:vfs_write; do
	v=$(awk -F'|' -v m="${m%%:*}" '$1 == m { print $2 " (" $3 ")" }' \
	    "$TMP/status")
	case $v in
	exact*|approximated*) def_check "${m%%:*}" "${m#*:}" ;;
	*) todo "marker-resolve: ${v:-not placed}" \
		def_check "${m%%:*}" "${m#*:}" ;;
	esac
done

# -k RELEASE --root: perf's places under an unpacked tree.
for place in usr/lib/debug/boot/vmlinux-$rel \
	     usr/lib/debug/lib/modules/$rel/vmlinux \
	     lib/modules/$rel/build/vmlinux; do
	rm -rf "$TMP/root"
	mkdir -p "$TMP/root/$(dirname "$place")"
	ln -s "$V" "$TMP/root/$place"
	got=$("$LIST" -k "$rel" --root "$TMP/root" 2>&1 | cols)
	is "$got" "$(cat "$TMP/list.want")" "marker-list -k $rel --root: /$place"
done
# The same definitions as from the file itself (the last place kept).
"$RESOLVE" -k "$rel" --root "$TMP/root" > "$TMP/defs.k" 2> "$TMP/defs.k.err"
rc=$?
is "$rc|$(grep -c '^p:' "$TMP/defs.k")|$(diff "$TMP/defs" "$TMP/defs.k" > /dev/null && echo same)" \
	"0|$(grep -c '^p:' "$TMP/defs")|same" \
	"marker-resolve -k $rel --root: the definitions of the vmlinux itself"
[ "$rc" = 0 ] || diag "$(cat "$TMP/defs.k.err")"

# ---- 4. boot it and probe ----
grep -v '^#' "$TMP/defs" > "$TMP/probes"
sh "$TOP/scripts/qemu-run.sh" -K "$K/bzImage" -f "$TMP/probes" \
	-f "$TOP/tests/kernel/guest-lib.sh" \
	-o "$TMP/out" -l "$TMP/console.log" -t 60 \
	"$TOP/tests/kernel/intree.sh" probes > "$TMP/guest" 2> "$TMP/qemu.err"
rc=$?
is "$rc" 0 "the kernel boots under qemu and runs the steps"
[ $rc = 0 ] || diag "$(cat "$TMP/qemu.err" "$TMP/guest")"
is "$(grep -c '^probe ok ' "$TMP/guest")|$(grep -c '^probe rejected' "$TMP/guest")" \
	"$(grep -c '^p:' "$TMP/probes")|0" \
	"the kernel accepts every definition as printed ($(grep -c '^p:' "$TMP/probes"))"
[ -f "$TMP/out/trace" ] || fail_rest "no trace came back from the guest"
python3 "$TOP/tests/kernel/intree.py" "$TMP/out" "$TMP/defs.json" \
	> "$TMP/check"
while IFS= read -r line; do
	case $line in
	*" # TODO "*)
		_tap_n=$((_tap_n + 1))
		case $line in
		"ok - "*) echo "ok $_tap_n - ${line#ok - }" ;;
		*) echo "not ok $_tap_n - ${line#not ok - }" ;;
		esac ;;
	"ok - "*) _tap_result 0 "${line#ok - }" ;;
	"not ok - "*) _tap_result 1 "${line#not ok - }" ;;
	"# "*) diag "${line#\# }" ;;
	esac
done < "$TMP/check"

# ---- the trace back to the markers ----
"$RESOLVE" symbolize-ftrace --format=json -e "$V" "$TMP/out/trace" \
	> "$TMP/sym.json" 2> "$TMP/sym.err"
rc=$?
python3 - "$TMP/sym.json" > "$TMP/sym.check" <<'EOF'
import json, sys
n = ok = 0
where = ""
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e["event"] != "kernel_clone_done":
        continue
    n += 1
    ok += (e["marker"] == "kernel_clone_done" and
           e["frames"][-1]["function"] == "kernel_clone")
    where = e["where"]
print(n, ok, where)
EOF
read -r nclone okclone where < "$TMP/sym.check"
is "$rc|$okclone" "0|$nclone" \
	"symbolize-ftrace: all $nclone kernel_clone_done hits name their marker and kernel_clone"
# The same address bare, as after a module unload or in an LTTng kernel
# trace, mapped with the guest's saved /proc/kallsyms (KASLR).
sym=${where%%+*} off=${where#*+}
off=${off%%/*}
kaddr=$(awk -v s="$sym" '$3 == s && NF == 3 { print $1; exit }' \
	"$TMP/out/kallsyms")
bare=$(python3 -c 'import sys; print(hex(int(sys.argv[1], 16) + int(sys.argv[2], 16)))' \
	"${kaddr:-0}" "$off")
echo "  sh-1 [000] .....  1.000000: kernel_clone_done: ($bare)" |
	"$RESOLVE" symbolize-ftrace --format=json -e "$V" \
	--kallsyms "$TMP/out/kallsyms" > "$TMP/bare.json" 2> "$TMP/bare.err"
is "$(python3 -c 'import json, sys
e = json.loads(open(sys.argv[1]).read())
print(e["marker"], e["frames"][-1]["function"] if e["frames"] else e["reason"])' \
	"$TMP/bare.json")" "kernel_clone_done kernel_clone" \
	"a bare address ($bare) through the guest's kallsyms: the same marker"

done_testing
