#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Faults around attach (issue 14), with real uprobes on examples/shop
# built here, in the real tracefs:
#
#  - marker-resolve attach killed (SIGKILL) at every write() it makes,
#    plain and --hold; detach and sweep killed at every write() too
#    (strace -e inject=write:signal=SIGKILL:when=K: the real process,
#    stopped at step K, no hook in the code).  After "detach --sweep"
#    nothing of ours is left, unless the kill came after the commit
#    (then the attach is whole and detach removes it);
#  - tracefs refusing writes: ENOSPC, ENOMEM, EBUSY and EINVAL injected at
#    each tracefs write of attach (exit 1, the probe and the reason named,
#    everything rolled back), a rollback that fails too (the journal kept,
#    the sweep finishes it); the kernel's own refusals (EINVAL with an
#    error_log line: not a regular file; EEXIST with one: two definitions
#    of an event that disagree; EINVAL at enable: an offset past the end
#    of the file); EBUSY injected at the removal of one event in detach;
#  - concurrent processes: attaches of the same markers to one group
#    (exactly one wins), to several groups (all win), attach/detach loops
#    in one group with sweeps beside (every event removed exactly once),
#    and an attach whose program runs and exits under another group's
#    attach/detach churn (its hit counts exact).
#
# Foreign probes are made first: a uprobe of another group on the same
# address as one of ours (enabled), groups that look like ours but are not
# by the naming convention (simple_0PID, simple_PIDx, simplePID, with PID
# a dead process) and a kprobe when the kernel has kprobe_events.  Their
# lines in uprobe_events/kprobe_events and their enable files are compared
# byte for byte with the state before, after each step.  Only lines of
# these groups and of the binary built here are compared: other tests and
# other people use the same tracefs at the same time.
#
# Totals (kill steps covered, foreign probes touched, ours left behind)
# are printed as diagnostics at the end.
. "$(dirname "$0")/lib/tap.sh"

R=$TOP/tools/resolve/marker-resolve
TOOL=$TOP/tests/unit/tracefs-tool
for t in gcc strace; do
	command -v $t > /dev/null ||
		skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$R" ] && [ -x "$TOOL" ] ||
	skip_all "tools not built (make; make tests/unit/tracefs-tool)"
# LeakSanitizer cannot run under ptrace ("make SANITIZE=1": it stops the
# traced tool with a fatal error): off for the runs under strace only.
# Attach and detach are checked for leaks untraced here and in tracefs.t.
strace() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		command strace "$@"
}
. "$(dirname "$0")/lib/tracefs.sh"
tracefs_setup || skip_all "$tracefs_why"
# its shop runs write into the top buffer, which tests/docs.t reads
top_buffer_share || skip_all "$tracefs_why"
TFS=$("$TOOL" path) || skip_all "tracefs-tool path failed"
UE=$TFS/uprobe_events
KE=$TFS/kprobe_events

export SMK_STATE_DIR=$TMP/state
G=fault_$$			# our group
# a process that is surely gone: its pid names the look-alike groups
sh -c 'exit 0' & dead=$!
wait $dead
FA=faultfa_$$			# someone else's, on our binary
FB=simple_0$dead		# look-alikes: not simple_<pid> by the rule
FC=simple_${dead}x
FD=simple$dead
FK=faultfk_$$			# a kprobe, if the kernel has them
FOREIGN="$FA $FB $FC $FD $FK"
child_groups=""

cleanup() {
	for g in $G ${G}_1 ${G}_2 ${G}_3 ${G}_4 $FOREIGN $child_groups; do
		remove_by_hand "$g"
	done
	if [ -w "$KE" ]; then
		for e in $(stable_cat "$KE" | sed -n "s|^[pr][0-9]*:$FK/\([^ ]*\) .*|\1|p"); do
			echo 0 > "$TFS/events/$FK/$e/enable" 2> /dev/null
			echo "-:$FK/$e" >> "$KE"
		done
	fi
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

plan 25

mkdir -p "$TMP/b"
cp "$TOP/examples/shop.c" "$TMP/b/"
cd "$TMP/b" || exit 1
gcc -O2 -g -Wall -I"$TOP/include" -o shop shop.c 2> "$TMP/cc.err"
ok "gcc -O2 -g builds examples/shop" test -x shop
SHOP=$(pwd -P)/shop
NP=$("$R" shop 2> /dev/null | grep -c '^p:simple/')
EVS=$("$R" shop 2> /dev/null | sed -n 's|^p:simple/\([^ ]*\) .*|\1|p' |
      sort -u)
NE=$(echo "$EVS" | wc -l)
off=$("$R" -n '*:*:order_begin' shop 2> /dev/null |
      sed -n 's|^p:simple/order_begin [^:]*:\(0x[0-9a-f]*\).*|\1|p')
nob=$("$R" -n '*:*:order_begin' shop 2> /dev/null | grep -c '^p:')
[ "$NP" -gt 0 ] && [ -n "$off" ] || fail_rest "no placed markers in shop"
diag "shop: $NP probes, $NE events ($(echo $EVS))"

# ---- foreign probes ----
{
	echo "p:$FA/same_addr $SHOP:$off"
	echo "p:$FA/other $SHOP:$off x=%di:u64"
	echo "p:$FB/f $SHOP:$off"
	echo "p:$FC/f $SHOP:$off"
	echo "p:$FD/f $SHOP:$off"
} | while read -r l; do echo "$l" >> "$UE"; done
echo 1 > "$TFS/events/$FA/same_addr/enable"
nkprobe=0
if [ -w "$KE" ] && echo "p:$FK/k kernel_clone" >> "$KE" 2> /dev/null; then
	nkprobe=1
fi
diag "kprobes: $([ $nkprobe = 1 ] && echo "a foreign kprobe in $FK" ||
	echo "none ($KE: the kernel has no kprobe events)")"

# Foreign state: the probe lines of the foreign groups, and their enable
# files, in a fixed order.
foreign() {
	pat="^[pr][0-9]*:($(echo $FOREIGN | tr ' ' '|'))/"
	stable_cat "$UE" | grep -E "$pat" | sort
	[ -r "$KE" ] && stable_cat "$KE" | grep -E "$pat" | sort
	for g in $FOREIGN; do
		for f in "$TFS"/events/$g/*/enable; do
			[ -e "$f" ] && echo "$f $(cat "$f")"
		done
	done
}
foreign > "$TMP/foreign0"
nforeign=$(grep -c '^[pr]' "$TMP/foreign0")
is "$nforeign" $((5 + nkprobe)) "foreign probes made: $((5 + nkprobe))"

# tallies, in files: check_clean runs in command substitutions
: > "$TMP/checks"	# a line per check
: > "$TMP/touched"	# a line per step after which the foreign state differed
: > "$TMP/left"		# a line per step after which something of ours was left
steps=0			# kill steps covered

# ours: the probes on our binary outside the foreign groups, the journals
# and records of our state directory (lock files stay, by design).
ours() {
	pat="^[pr][0-9]*:($(echo $FOREIGN | tr ' ' '|'))/"
	stable_cat "$UE" | grep -F " $SHOP:" | grep -vcE "$pat"
}
state_files() {
	ls "$SMK_STATE_DIR" 2> /dev/null | grep -v '\.lock$' | tr '\n' ' '
}
# check_clean: "OURS|FOREIGN|STATE" with FOREIGN "same" or "changed";
# counts the steps that left something or touched something.
check_clean() {
	echo x >> "$TMP/checks"
	o=$(ours)
	if foreign | cmp -s - "$TMP/foreign0"; then f=same; else
		f=changed; echo x >> "$TMP/touched"
		foreign | diff "$TMP/foreign0" - | sed 's/^/# /' >&2
	fi
	s=$(state_files)
	[ "$o" = 0 ] && [ -z "$s" ] || echo x >> "$TMP/left"
	echo "$o|$f|$s"
}

# The writes of one whole attach, with their fds: what K counts.
strace -f -qq -e trace=write -o "$TMP/st" "$R" attach -g $G shop \
	> "$TMP/out" 2> "$TMP/err"
rc=$?
sed -n 's/^[0-9 ]*write(\([0-9]*\), "\([^"]\{0,24\}\).*/\1 \2/p' "$TMP/st" \
	> "$TMP/writes"
NW=$(wc -l < "$TMP/writes")
is "$rc|$(grep -c "^attached $NP probes in group $G " "$TMP/out")|$(ours)" \
	"0|1|$NP" "attach under strace: $NP probes, $NW writes"
"$R" detach -g $G > /dev/null
# what each step writes: the journal, a definition, an enable, the
# record, stdout
what() {
	sed -n "${1}p" "$TMP/writes" | sed 's/^1 .*/stdout/;s/^2 .*/stderr/;
		s/^[0-9]* # attach in progress.*/journal/;s/^[0-9]* p:.*/definition/;
		s/^[0-9]* 1$/enable/;s/^[0-9][0-9]* .*/record/'
}
kill_at() {	# K CMD...: run CMD, SIGKILLed at its K-th write()
	k=$1; shift
	strace -f -qq -o /dev/null -e trace=write \
		-e inject=write:signal=SIGKILL:when=$k "$@" \
		> "$TMP/out" 2> "$TMP/err"
	rc=$?
}
diag "writes of attach: $(for k in $(seq $NW); do printf '%s ' "$k:$(what $k)"; done)"
ndef=$(grep -c '^[0-9]* p:' "$TMP/writes")
nen=$(grep -c '^[0-9]* 1$' "$TMP/writes")
is "$ndef|$nen|$(grep -c '^[0-9]* # attach in progress' "$TMP/writes")" \
	"$NP|$NE|1" "attach writes its journal, $NP definitions, $NE enables"

# ---- SIGKILL at every write of attach ----
got=""; want=""
for k in $(seq $NW); do
	kill_at $k "$R" attach -g $G shop
	w=$(what $k)
	if [ "$w" = stdout ]; then
		# after the commit: the attach is whole; detach removes it
		a=$(ours)
		run "$R" detach -g $G
		got="$got $k:$rc:$a:$(check_clean)"
		want="$want $k:0:$NP:0|same|"
	else
		run "$R" detach --sweep
		got="$got $k:$rc:$(check_clean)"
		want="$want $k:0:0|same|"
	fi
	steps=$((steps + 1))
done
is "$got" "$want" "attach killed at each of its $NW writes, then sweep (or detach after the commit): nothing of ours left, foreign probes the same"

# --hold: group simple_PID, swept because its process is dead
# (the writes up to its "attached" line: then it holds, until SIGINT)
strace -f -qq -e trace=write -o "$TMP/sth" timeout -s INT 2 \
	"$R" attach --hold shop > /dev/null 2>&1
NWH=$(grep ' write(' "$TMP/sth" | grep -n ' write(1, ' | head -n 1 |
      cut -d: -f1)
got=""; want=""
for k in $(seq $NWH); do
	kill_at $k "$R" attach --hold shop
	run "$R" detach --sweep
	got="$got $k:$(check_clean)"
	want="$want $k:0|same|"
	steps=$((steps + 1))
done
is "$got" "$want" "attach --hold killed at each of its $NWH writes, then sweep: nothing of ours left, foreign the same"

# a kill at the journal step and at a middle definition, then a new
# attach to the group (no sweep): it undoes the dead one, then succeeds
kj=$(grep -n '^[0-9]* # attach in progress' "$TMP/writes" | cut -d: -f1)
kill_at $((kj + 2)) "$R" attach -g $G shop
a=$(ours)
run "$R" attach -g $G shop
is "$a|$rc|$(ours)|$(state_files)" "1|0|$NP|$G " \
	"attach after a killed attach to its group: the dead one undone, ours whole"

# ---- SIGKILL at every write of detach, and of sweep ----
strace -f -qq -e trace=write -o "$TMP/std" "$R" detach -g $G > /dev/null
NWD=$(grep -c ' write(' "$TMP/std")
got=""; want=""
for k in $(seq $NWD); do
	"$R" attach -g $G shop > /dev/null 2>&1
	kill_at $k "$R" detach -g $G
	run "$R" detach -g $G
	got="$got $k:$rc:$(check_clean)"
	want="$want $k:0:0|same|"
	steps=$((steps + 1))
done
is "$got" "$want" "detach killed at each of its $NWD writes, then detach again: nothing of ours left, foreign the same"

kmid=$(grep -n '^[0-9]* 1$' "$TMP/writes" | head -n 1 | cut -d: -f1)
kill_at "$kmid" "$R" attach -g $G shop
strace -f -qq -e trace=write -o "$TMP/sts" "$R" detach --sweep > /dev/null
NWS=$(grep -c ' write(' "$TMP/sts")
got=""; want=""
for k in $(seq $NWS); do
	kill_at "$kmid" "$R" attach -g $G shop
	kill_at $k "$R" detach --sweep
	run "$R" detach --sweep
	got="$got $k:$rc:$(check_clean)"
	want="$want $k:0:0|same|"
	steps=$((steps + 1))
done
is "$got" "$want" "sweep killed at each of its $NWS writes (after an attach killed at its first enable), then sweep again: nothing left"

# ---- tracefs refusing a write (injected at each tracefs write) ----
tracefs_steps=$(grep -n '^[0-9]* \(p:\|1$\)' "$TMP/writes" | cut -d: -f1)
for e in ENOSPC ENOMEM EBUSY EINVAL; do
	case $e in
	ENOSPC) msg="No space left on device" ;;
	ENOMEM) msg="Cannot allocate memory" ;;
	EBUSY)	msg="Device or resource busy" ;;
	EINVAL)	msg="Invalid argument" ;;
	esac
	got=""; want=""
	for k in $tracefs_steps; do
		strace -f -qq -o /dev/null -e trace=write \
			-e inject=write:error=$e:when=$k \
			"$R" attach -g $G shop > "$TMP/out" 2> "$TMP/err"
		rc=$?
		# the probe named: G/EVENT in a definition or enable path
		named=$(grep '^marker-resolve: ' "$TMP/err" |
			grep -c "$G/[a-z_]*.*: $msg")
		got="$got $k:$rc:$named:$(grep -c '^attached' "$TMP/out"):$(check_clean)"
		want="$want $k:1:1:0:0|same|"
	done
	is "$got" "$want" "$e at each tracefs write of attach: exit 1, the probe and '$msg' said, rolled back without a sweep"
done
diag "e.g. $(grep '^marker-resolve: ' "$TMP/err")"

# the rollback fails too (every write from the first enable on)
strace -f -qq -o /dev/null -e trace=write \
	-e inject=write:error=ENOSPC:when=$kmid..$((kmid + NE)) \
	"$R" attach -g $G shop > "$TMP/out" 2> "$TMP/err"
f_rc=$?
a=$(ours)
j=$(state_files)
kept=$(grep -c "rollback: .*disable: No space left on device.*the journal $SMK_STATE_DIR/$G.attach is kept" "$TMP/err")
run "$R" detach --sweep
is "$f_rc|$kept|$a|$j|$rc|$(check_clean)" "1|1|$NP|$G.attach |0|0|same|" \
	"enable and rollback refused: exit 1, the journal kept; sweep finishes the rollback"

# ---- the kernel's own refusals (the library's attach, real errors) ----
run "$TOOL" attach $G "p:$G/a $SHOP:$off" "p:$G/b /tmp:0x10"
is "$rc|$(grep -c "\"p:$G/b /tmp:0x10\": Invalid argument: Not a regular file" "$TMP/err")|$(check_clean)" \
	"1|1|0|same|" "EINVAL with an error_log line (not a regular file): named, reason from error_log, rolled back"
run "$TOOL" attach $G "p:$G/a $SHOP:$off x=%di:s32" "p:$G/a $SHOP:$off x=%si:u64"
is "$rc|$(grep -c "File exists: Argument type or name is different from existing probe" "$TMP/err")|$(check_clean)" \
	"1|1|0|same|" "EEXIST with an error_log line (two definitions of one event disagree): rolled back"
run "$TOOL" attach $G "p:$G/a $SHOP:$off" "p:$G/b $SHOP:0xfffffff"
is "$rc|$(grep -c "events/$G/b/enable: enable: Invalid argument" "$TMP/err")|$(check_clean)" \
	"1|1|0|same|" "EINVAL at enable (an offset past the end of the file): named, rolled back"

# EBUSY from the removal of one event in detach (the kernel's answer
# when a perf or ftrace user holds the event; perf_event_open on a uprobe
# event fails here with EINTR, so the refusal is injected): that event
# named with the reason, the others removed, exit 1; detach again
# removes it.  The first write to uprobe_events is the first removal
# (strace -P): counting all writes would not do, detach disables the
# events in every tracefs instance, and other tests make and remove
# instances at the same time.
"$R" attach -g $G shop > /dev/null 2>&1
strace -f -qq -o /dev/null -P "$UE" -e trace=write \
	-e inject=write:error=EBUSY:when=1 \
	"$R" detach -g $G > "$TMP/out" 2> "$TMP/err"
b_rc=$?
b_err=$(grep -c "^marker-resolve: uprobe_events: \"-:$G/[a-z_]*\": Device or resource busy" "$TMP/err")
b_left=$(stable_cat "$UE" | grep -c "^p:$G/")
diag "$(cat "$TMP/err")"
run "$R" detach -g $G
is "$b_rc|$b_err|$b_left|$rc|$(grep -c "removed 1 event of group $G" "$TMP/out")|$(check_clean)" \
	"1|1|1|0|1|0|same|" \
	"EBUSY at the removal of an event in detach: exit 1, the event and the reason named, the others removed; detach again removes it"

# ---- concurrent processes ----
# the same markers, one group: exactly one attach wins, the others say
# why; no mixed group
for i in 1 2 3 4; do
	"$R" attach -g $G shop > "$TMP/c$i.out" 2> "$TMP/c$i.err" &
done
wait
wins=$(cat "$TMP"/c[1-4].out | grep -c '^attached')
exists=$(cat "$TMP"/c[1-4].err | grep -c "^marker-resolve: event $G/[a-z_]* exists already")
is "$wins|$exists|$(ours)|$(state_files)" "1|3|$NP|$G " \
	"4 concurrent attaches to one group: 1 wins, 3 refused, $NP probes"
for i in 1 2 3 4; do
	"$R" detach -g $G > "$TMP/d$i.out" 2> "$TMP/d$i.err" &
done
wait
removed=$(cat "$TMP"/d[1-4].out | sed -n 's/^removed \([0-9]*\) event.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
is "$removed|$(cat "$TMP"/d[1-4].err | wc -l)|$(check_clean)" "$NE|0|0|same|" \
	"4 concurrent detaches of it: $NE events removed in all, no error"

# several groups at once, with sweeps beside: all win
for i in 1 2 3 4; do
	"$R" attach -g ${G}_$i shop > "$TMP/c$i.out" 2> /dev/null &
	"$R" detach --sweep > /dev/null 2>&1 &
done
wait
per=""
for i in 1 2 3 4; do
	per="$per $(grep -c '^attached' "$TMP/c$i.out"):$(stable_cat "$UE" | grep -c "^p:${G}_$i/")"
done
is "$per|$(ours)" " 1:$NP 1:$NP 1:$NP 1:$NP|$((4 * NP))" \
	"4 concurrent attaches to 4 groups on one binary, sweeps beside: each whole"
for i in 1 2 3 4; do
	"$R" detach -g ${G}_$i > "$TMP/d$i.out" 2>&1 &
done
wait
is "$(cat "$TMP"/d[1-4].out | sort | uniq -c | sed 's/^ *//' | tr '\n' ' ')$(check_clean)" \
	"1 removed $NE events of group ${G}_1 1 removed $NE events of group ${G}_2 1 removed $NE events of group ${G}_3 1 removed $NE events of group ${G}_4 0|same|" \
	"4 concurrent detaches: each removed its own $NE events"

# attach/detach loops in one group, a sweep loop beside: every event an
# attach made is removed exactly once, by some detach
for w in 1 2 3; do
	(
		for i in 1 2 3 4 5; do
			"$R" attach -g $G shop 2> /dev/null | grep -c '^attached'
			"$R" detach -g $G 2>&1 | sed -n 's/^removed \([0-9]*\) event.*/removed \1/p;/^marker/p'
		done
	) > "$TMP/w$w.out" &
done
(for i in 1 2 3 4 5; do "$R" detach --sweep > /dev/null 2>&1; done) &
wait
att=$(cat "$TMP"/w[1-3].out | grep -c '^1$')
rem=$(cat "$TMP"/w[1-3].out | sed -n 's/^removed //p' | awk '{ s += $1 } END { print s + 0 }')
errs=$(cat "$TMP"/w[1-3].out | grep -c '^marker')
last=$(ours)
run "$R" detach -g $G
rem=$((rem + $(sed -n 's/^removed \([0-9]*\) event.*/\1/p' "$TMP/out")))
is "$((att > 0))|$rem|$errs|$(check_clean)" "1|$((att * NE))|0|0|same|" \
	"3 attach/detach loops in one group and a sweep loop: $att attaches, each event removed once ($rem), no error"
diag "loops: $att attaches won, $last probes before the final detach"

# the traced program runs and exits under attach: group G attached, a
# second group churns (attach/detach) on the same binary meanwhile; G's
# exact markers count every run
"$R" attach -g $G shop > /dev/null 2>&1
(for i in 1 2 3 4 5 6; do
	"$R" attach -g ${G}_1 shop > /dev/null 2>&1
	"$R" detach -g ${G}_1 > /dev/null 2>&1
done) &
churn=$!
runs=0; bad=0
while kill -0 $churn 2> /dev/null || [ $runs -lt 20 ]; do
	./shop apple 2 pear 1 nosuch 3 > /dev/null 2>&1 || bad=$((bad + 1))
	runs=$((runs + 1))
	[ $runs -ge 200 ] && break
done
wait $churn
hits=$(awk -v ev=order_begin -v p="$SHOP" '$1 == p && $2 == ev { s += $3 } END { print s + 0 }' "$TFS/uprobe_profile")
run "$R" detach -g $G
is "$bad|$hits|$(check_clean)" "0|$((2 * runs))|0|same|" \
	"the program ran $runs times under another group's churn: exit 0, $G/order_begin counted 2 per run"

# ---- ours after everything ----
"$R" detach --sweep > /dev/null 2>&1
is "$(check_clean)" "0|same|" "at the end: nothing of ours in tracefs or the state directory, foreign probes the same"
diag "kill steps covered: $steps (attach $NW, attach --hold $NWH, detach $NWD, sweep $NWS)"
diag "foreign probes touched: $(wc -l < "$TMP/touched") (checks after which a foreign line or enable file differed)"
diag "ours left behind: $(wc -l < "$TMP/left") (checks after which a probe, journal or record of ours stayed, of $(wc -l < "$TMP/checks") checks)"
done_testing
