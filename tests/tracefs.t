#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# libsmk's tracefs.c against the real kernel: real uprobes on a program
# built here (tests/fixtures/tracefs.c), through tests/unit/tracefs-tool.
#
#  - attach: two definitions appended to one event plus a second event, in
#    a private instance; the program runs; hit counts, addresses and fetched
#    values are read back from the instance's trace;
#  - rollback: batches the kernel refuses at the second add, at an append
#    with other argument types, at enable time, or that fail validation,
#    leave nothing behind, and the error carries error_log's text;
#  - detach and sweep remove exactly their group: a foreign group (enabled,
#    so its enable state is checked too) and a look-alike group survive; a
#    stale simple_<deadpid> group goes, a live simple_<pid> one stays;
#  - hostile ELF: a __simple_marker section crafted with bad names and
#    expressions, the program copied to paths with spaces, newlines, ':',
#    '(' and non-ASCII bytes; every string is refused with an error that
#    names the field and the character, and our part of uprobe_events is
#    unchanged; a control shows the same strings written unchecked do
#    delete a foreign event.
#
# Needs root, tracefs and CONFIG_UPROBE_EVENTS.  It uses the tracefs at
# /sys/kernel/tracing, mounted there if need be and left mounted
# (tracefs_setup in tests/lib/tracefs.sh says why not a private mount).
# Every probe made here is removed on exit, even on failure.  Other users of this machine may add and remove their own
# probes meanwhile: checks look only at lines of our groups or with targets
# under $TMP.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/tracefs.sh"

tool=$TOP/tests/unit/tracefs-tool
[ -x "$tool" ] || skip_all "$tool not built (make tests/unit/tracefs-tool)"
for c in cc nm readelf objcopy python3; do
	command -v $c > /dev/null 2>&1 || skip_all "$c not installed"
done
tracefs_setup || skip_all "$tracefs_why"

G=tfst_$$		# attach (a --group style name: never swept)
GR=tfsr_$$		# rollback batches
GH=tfsh_$$		# hostile input
FOREIGN=foreign_$$	# someone else's group, made by hand
CH=tfsc_$$		# churn: probes removed and re-added meanwhile
CH2=tfsd_$$		# churn during detach
GB=tfsb_$$		# a big group, listed and detached under churn
LOOK=${G}x		# a group whose name starts with ours
# Stale-group sweeping is tested under a prefix of our own: a concurrent
# "marker-resolve detach --sweep" (tests/resolve.t) sweeps simple_*.
SWP=smktfs
ALIVE=${SWP}_$$		# a live attach group (this shell)
INST=tfs_$$
# a pid that is not alive, for the stale group
dead=$(($(cat /proc/sys/kernel/pid_max) - 7))
while kill -0 "$dead" 2> /dev/null; do dead=$((dead - 1)); done
DEAD=${SWP}_$dead
OURS="$G $GR $GH $FOREIGN $LOOK $ALIVE $DEAD $CH $CH2 $GB"

cleanup() {
	for g in $OURS; do
		remove_by_hand "$g"
	done
	[ -d "$TFS/instances/$INST" ] && rmdir "$TFS/instances/$INST"
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# Our view of uprobe_events: lines of our groups or targets under $TMP.
ours() {
	stable_cat "$UE" > "$TMP/.ue"
	for g in $OURS; do
		grep "^[pr][0-9]*:$g/" "$TMP/.ue"
	done
	grep -F "$TMP" "$TMP/.ue" | grep -v -E "^[pr][0-9]*:($(echo $OURS |
		tr ' ' '|'))/"
}

# Lines of `tool list u GROUP`, one per probe: "u GROUP EVENT".
listing() {
	"$tool" -T "$TFS" list u "$1"
}

# File offset of symbol $2 in ELF $1 (uprobe offsets are file offsets).
fileoff() {
	_v=$(nm "$1" | awk -v s="$2" '$3 == s { print $1 }')
	readelf -lW "$1" | awk '$1 == "LOAD" { print $2, $3, $6 }' |
	while read -r _off _va _sz; do
		if [ $((0x$_v)) -ge $(($_va)) ] &&
		   [ $((0x$_v)) -lt $(($_va + $_sz)) ]; then
			printf '0x%x\n' $((0x$_v - $_va + $_off))
		fi
	done
}

# is_err DESC WANT CMD...: CMD fails with exit 1 and WANT in its stderr.
is_err() {
	_d=$1 _w=$2
	shift 2
	_out=$("$@" 2>&1)
	_rc=$?
	case $_out in
	*"$_w"*) [ $_rc = 1 ] && _tap_result 0 "$_d" && return ;;
	esac
	_tap_result 1 "$_d"
	diag "exit $_rc, output: $_out" "expected: $_w"
}

# Is GROUP/EVENT enabled at the top level?
enabled() {
	cat "$TFS/events/$1/$2/enable" 2> /dev/null
}

plan 61

is "$("$tool" -T "$TFS" path)" "$TFS" "the tool uses the tracefs given"
is "$("$tool" path 2>&1)" "$TFS" \
	"the library finds the same tracefs by itself"

PROG=$TMP/prog
cc -g -O0 -I"$TOP/include" "$TOP/tests/fixtures/tracefs.c" \
	-Wl,-T,"$TOP/scripts/simple_marker-user.lds" -o "$PROG" \
	> "$TMP/cc.log" 2>&1 ||
	fail_rest "cc builds tests/fixtures/tracefs.c" "$(cat "$TMP/cc.log")"
off1=$(fileoff "$PROG" tfs_hit)
off2=$(fileoff "$PROG" tfs_hit2)
ok "file offsets of tfs_hit ($off1) and tfs_hit2 ($off2)" \
	test -n "$off1" -a -n "$off2"

# Someone else's probes, made by hand: one enabled, one look-alike.
printf 'p:%s/canary %s:%s\n' "$FOREIGN" "$PROG" "$off1" >> "$UE"
echo 1 > "$TFS/events/$FOREIGN/canary/enable"
printf 'p:%s/look %s:%s\n' "$LOOK" "$PROG" "$off2" >> "$UE"
is "$(listing "$FOREIGN") $(enabled "$FOREIGN" canary)" \
	"u $FOREIGN canary 1" "a foreign enabled probe exists"

# ---- attach: two sites on one event, a second event, an instance ----
line_hit1="p:x/hit $PROG:$off1 k=%di:s32 s=+0(%si):string"
line_hit2="p:x/hit $PROG:$off2 k=%di:s32 s=+0(%si):string"
line_two="p:x/two $PROG:$off2 k=%di:u32"
ok "attach 3 definitions in group $G, instance $INST" \
	"$tool" -T "$TFS" -i "$INST" -c attach "$G" \
	"$line_hit1" "$line_hit2" "$line_two"
is "$(listing "$G" | tr '\n' ' ')" "u $G hit u $G hit u $G two " \
	"listed: hit twice (appended), two once"
is "$(cat "$TFS/instances/$INST/events/$G/hit/enable")$(enabled "$G" hit)" \
	"10" "enabled in the instance, not at the top level"
is "$(stable_cat "$UE" | grep "^p:$G/hit " | wc -l)" 2 \
	"uprobe_events has both probes of hit under one name"

"$PROG" 3 > /dev/null
TR=$TFS/instances/$INST/trace
is "$(grep -c ' hit: ' "$TR")" 6 "hit: 3 hits at each of 2 sites"
is "$(sed -n 's/.* hit: (\(0x[0-9a-f]*\)).*/\1/p' "$TR" | sort -u | wc -l)" \
	2 "hit: two distinct probe addresses"
is "$(sed -n 's/.* hit: ([^)]*) //p' "$TR" | sort -t= -k2 -n | tr '\n' ' ')" \
	'k=0 s="tag" k=1 s="tag" k=2 s="tag" k=100 s="two" k=101 s="two" k=102 s="two" ' \
	"hit: fetched int and string values"
is "$(sed -n 's/.* two: ([^)]*) //p' "$TR" | tr '\n' ' ')" \
	"k=100 k=101 k=102 " "two: 3 hits, u32 values"
is_err "attaching the same names again is refused" \
	"event $G/hit exists already" \
	"$tool" -T "$TFS" attach "$G" "$line_hit1"
is "$(listing "$G" | wc -l)" 3 "and changed nothing"

# ---- rollback ----
before=$(ours)
is_err "rollback: the kernel rejects the 2nd add; error_log text" \
	"p:$GR/r2 $PROG:$off2 k=%foo:s32\": Invalid argument: Invalid register name (at \"%foo:s32\")" \
	"$tool" -T "$TFS" attach "$GR" "p:x/r1 $PROG:$off1 k=%di:s32" \
	"p:x/r2 $PROG:$off2 k=%foo:s32"
is "$(listing "$GR")" "" "nothing left in $GR"
ok "no events/$GR directory" test ! -e "$TFS/events/$GR"
is_err "rollback: an append with other argument types" \
	"Argument type or name is different from existing probe" \
	"$tool" -T "$TFS" attach "$GR" "p:x/r1 $PROG:$off1 k=%di:s32" \
	"p:x/r1 $PROG:$off2 k=%di:u32"
is "$(listing "$GR")" "" "nothing left in $GR"
is_err "rollback: enabling a probe past the end of the file fails" \
	"events/$GR/r3/enable: enable: Invalid argument" \
	"$tool" -T "$TFS" attach "$GR" "p:x/r1 $PROG:$off1 k=%di:s32" \
	"p:x/r3 $PROG:0x10000000"
is "$(listing "$GR")" "" "nothing left in $GR, r1 disabled and removed"
is_err "a batch with an invalid line writes nothing" \
	"argument k fetch spec \"%di>x\": character '>' at offset 3" \
	"$tool" -T "$TFS" attach "$GR" "p:x/r1 $PROG:$off1 k=%di:s32" \
	"p:x/r4 $PROG:$off1 k=%di>x:s32"
is "$(ours)" "$before" "our part of uprobe_events is as before the batches"

# ---- detach: only its group ----
ok "detach $G" "$tool" -T "$TFS" detach "$G"
is "$(listing "$G")" "" "$G is empty"
ok "events/$G is gone" test ! -e "$TFS/events/$G"
is "$(listing "$FOREIGN") $(enabled "$FOREIGN" canary)" \
	"u $FOREIGN canary 1" "the foreign probe survives, still enabled"
is "$(listing "$LOOK")" "u $LOOK look" "the look-alike group $LOOK survives"
ok "remove instance $INST" "$tool" -T "$TFS" instance-remove "$INST"
ok "instance directory gone" test ! -e "$TFS/instances/$INST"

# ---- sweep: stale PREFIX_<deadpid> only ----
printf 'p:%s/s1 %s:%s\n' "$DEAD" "$PROG" "$off1" >> "$UE"
printf 'p:%s/s2 %s:%s\n' "$DEAD" "$PROG" "$off2" >> "$UE"
echo 1 > "$TFS/events/$DEAD/s1/enable"
printf 'p:%s/alive %s:%s\n' "$ALIVE" "$PROG" "$off1" >> "$UE"
is "$(listing "$DEAD" | wc -l) $(listing "$ALIVE" | wc -l)" "2 1" \
	"made $DEAD (pid $dead not alive, one event enabled) and $ALIVE"
n=$("$tool" -T "$TFS" sweep "$SWP")
is "$n" 1 "sweep $SWP removed exactly the one stale group"
is "$(listing "$DEAD")" "" "the stale group $DEAD is gone"
is "$(listing "$ALIVE")" "u $ALIVE alive" "the live group $ALIVE stays"
is "$(listing "$FOREIGN") $(enabled "$FOREIGN" canary) $(listing "$LOOK")" \
	"u $FOREIGN canary 1 u $LOOK look" "foreign and look-alike groups stay"
ok "detach $ALIVE" "$tool" -T "$TFS" detach "$ALIVE"
is "$(listing "$ALIVE")" "" "$ALIVE is gone"

# ---- hostile ELF and paths ----
python3 - "$TMP/blob" << 'EOF'
import struct, sys
def rec(name, fmt, args, line=7):
    strs = b''.join(s + b'\0' for s in [name, b'f.c', fmt] + args)
    size = (16 + len(strs) + 3) // 4 * 4
    hdr = b'SMKR' + struct.pack('<BBHIHH', 1, len(args), size, line,
                                len(strs), 0)
    return (hdr + strs).ljust(size, b'\0')
open(sys.argv[1], 'wb').write(
    rec(b'bad name', b'x', []) +
    rec(b'evil', b'%d', [b'x\n-:simple/x']) +
    rec(b'm' * 128, b'%d', [b'k']) +
    rec(b'ok_marker', b'%d', [b'p -> x[1] + 2']))
EOF
objcopy --update-section __simple_marker="$TMP/blob" "$PROG" "$PROG.hostile"
if [ -x "$TOP/tools/marker-list/marker-list" ]; then
	"$TOP/tools/marker-list/marker-list" "$PROG.hostile" > "$TMP/ml.out" \
		2> "$TMP/ml.err"
	is "$(grep -c 'record skipped' "$TMP/ml.err")" 2 \
		"the decoder skips the two records with hostile strings"
else
	skip "marker-list not built"
fi

before=$(ours)
site() {
	"$tool" -T "$TFS" attach-site "$GH" "$@"
}
nl='
'
is_err "marker name with a space" \
	'event name "bad name": character \x20 at offset 3' \
	site "bad name" "$PROG.hostile" "$off1" k=%di:s32
is_err "marker name with a newline and -:" \
	"event name \"x\\n-:$FOREIGN/canary\": character \\x0a at offset 1" \
	site "x$nl-:$FOREIGN/canary" "$PROG.hostile" "$off1"
is_err "marker name -:simple/x" \
	"event name \"-:simple/x\": character '-' at offset 0" \
	site "-:simple/x" "$PROG.hostile" "$off1"
is_err "argument expression as a name" \
	'argument 1 name "p -> x[1] + 2": character \x20 at offset 1' \
	site ok_marker "$PROG.hostile" "$off1" "p -> x[1] + 2=%di:s32"
is_err "argument name with a newline" \
	'argument 1 name "x\n-:simple/x": character \x0a at offset 1' \
	site ok_marker "$PROG.hostile" "$off1" "x$nl-:simple/x=%di:s32"
is_err "a removal command smuggled into a type" \
	"argument x type \"s32\\n-:$FOREIGN/canary\": character \\x0a at offset 3" \
	site ok_marker "$PROG.hostile" "$off1" "x=%di:s32$nl-:$FOREIGN/canary"
is_err "a redirection in a fetch spec" \
	"argument x fetch spec \"%di>$TMP/owned\": character '>' at offset 3" \
	site ok_marker "$PROG.hostile" "$off1" "x=%di>$TMP/owned:s32"
for d in "dir with space" "nl$nl-:$FOREIGN" "a:b" "p(x" "$(printf 'caf\303\251')"
do
	mkdir -p "$TMP/$d"
	cp "$PROG.hostile" "$TMP/$d/canary"
done
is_err "path with a space" 'character \x20 at offset' \
	site ok_marker "$TMP/dir with space/canary" "$off1"
is_err "path with a newline and -:" 'character \x0a at offset' \
	site ok_marker "$TMP/nl$nl-:$FOREIGN/canary" "$off1"
is_err "path with ':'" "character ':' at offset" \
	site ok_marker "$TMP/a:b/canary" "$off1"
is_err "path with '('" "character '(' at offset" \
	site ok_marker "$TMP/p(x/canary" "$off1"
is_err "non-ASCII path" 'character \xc3 at offset' \
	site ok_marker "$TMP/$(printf 'caf\303\251')/canary" "$off1"
is "$(ours)" "$before" "our part of uprobe_events is unchanged"
is "$(listing "$FOREIGN") $(enabled "$FOREIGN" canary)" \
	"u $FOREIGN canary 1" "the foreign probe survives every attempt"
ok "no file made by a redirection" test ! -e "$TMP/owned"

# The 128-byte name the decoder accepts gets a valid, stable event name.
long=$(printf 'm%.0s' $(seq 128))
ok "a 128-byte marker name attaches" \
	site "$long" "$PROG.hostile" "$off1" k=%di:s32
is "$(listing "$GH" | awk '{ print length($3) }')" 63 \
	"as an event name of 63 bytes"
ok "detach $GH" "$tool" -T "$TFS" detach "$GH"

# Control: the same strings written unchecked do delete a foreign event.
printf 'p:%s/canary2 %s:%s\n' "$FOREIGN" "$PROG" "$off2" >> "$UE"
printf 'p:%s/inj %s:%s x=%%di:s32\n-:%s/canary2\n' "$GH" "$PROG" "$off1" \
	"$FOREIGN" >> "$UE"
is "$(listing "$FOREIGN" | tr '\n' ' ')" "u $FOREIGN canary " \
	"control: written unchecked, the type injection deletes canary2"
remove_by_hand "$GH"

# ---- listings under churn ----
# uprobe_events is a seq_file read by position: while another process
# removes probes listed before ours, a plain read can skip our lines.  The
# library's listing must still be whole, and detach must leave nothing.
# 2,000 probes of other groups are listed before ours and removed one by
# one meanwhile (1,000 during the listings, 1,000 during detach).
for i in $(seq 1000); do
	echo "p:$CH/c$i $PROG:$off1"
	echo "p:$CH2/c$i $PROG:$off1"
done >> "$UE"
for i in $(seq 200); do
	echo "p:$GB/b$i $PROG:$off2"
done >> "$UE"
(for i in $(seq 1000); do echo "-:$CH/c$i"; done >> "$UE") &
churner=$!
bad=0 raw=0 busy=0
for k in $(seq 100); do
	n=$(listing "$GB" 2> "$TMP/list.err" | wc -l)
	if grep -q "kept changing while read" "$TMP/list.err"; then
		busy=$((busy + 1))
	elif [ "$n" != 200 ]; then
		bad=$((bad + 1))
	fi
	[ "$(grep -c "^p:$GB/" "$UE")" = 200 ] || raw=$((raw + 1))
done
is "$bad" 0 "100 listings of a 200-probe group under churn: whole or refused"
diag "refused as still changing: $busy; plain reads that missed lines: $raw"
wait "$churner"
(for i in $(seq 1000); do echo "-:$CH2/c$i"; done >> "$UE") &
churner=$!
ok "detach the 200-probe group under churn" "$tool" -T "$TFS" detach "$GB"
wait "$churner"
is "$(stable_cat "$UE" | grep -c "^p:$GB/")" 0 \
	"nothing of it is left after detach"
remove_by_hand "$CH"
remove_by_hand "$CH2"

# Clean up the foreign probes ourselves.
remove_by_hand "$FOREIGN"
remove_by_hand "$LOOK"
is "$(ours)" "" "nothing of ours is left in uprobe_events"

done_testing
