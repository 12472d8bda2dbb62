#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-resolve's messages and the habits of perf probe users (issue 10,
# section 6), on examples/shop built here:
#
#  - subcommand dispatch: a mistyped subcommand is a usage error naming
#    the one meant; a word that is neither file, module nor subcommand
#    says so; a file with nothing to probe (/bin/true, a program built
#    without markers) fails with the reason, per file, while a directory
#    holding it stays silent;
#  - -n with more parts than its syntax (exit 2, the syntax shown) in both
#    tools; --at on a file or line with no code fails with the reason;
#    symbolize-ftrace -e on a missing file names it once;
#  - markers in source order in both tools;
#  - with real uprobes (root): list (what we attached only, markers,
#    enable state, hit counts against the program's logic, JSON), detach
#    of one event in both spellings (and never of a group we did not
#    attach), watch (a private instance, COUNT and --timeout, markers
#    named, the instance gone after), symbolize-ftrace naming the markers
#    of the uprobe events our attach made;
#  - -V/--vars: the variables at a marker and at FILE:LINE, each with its
#    type and its fetch spec or the reason it has none.
#
# tracefs is found or mounted through the library (tests/unit/tracefs-tool
# path).  Everything made here (groups, instances, records in a private
# SMK_STATE_DIR) is removed on exit, even on failure.
. "$(dirname "$0")/lib/tap.sh"

for t in gcc python3; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
R=$TOP/tools/resolve/marker-resolve
L=$TOP/tools/marker-list/marker-list
TOOL=$TOP/tests/unit/tracefs-tool
[ -x "$R" ] && [ -x "$L" ] || skip_all "tools not built (make)"

plan 52

CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"
export SMK_STATE_DIR=$TMP/state
G=smkcli_$$			# our attach group
FOREIGN=foreign_$$		# someone else's, made by hand
. "$(dirname "$0")/lib/tracefs.sh"
# Mounted at the usual place if nothing is (a fresh machine), then the
# directory the library finds: the one the tools will use.
have_tfs=false
if ! tracefs_setup || ! top_buffer_share; then	# (docs.t reads the top buffer)
	echo "$tracefs_why" > "$TMP/tfs.err"
	TFS=
elif [ -x "$TOOL" ] && TFS=$("$TOOL" path 2> "$TMP/tfs.err") &&
     [ -w "$TFS/uprobe_events" ]; then
	have_tfs=true
fi
UE=$TFS/uprobe_events
watchers=""

cleanup() {
	for p in $watchers; do
		kill -TERM "$p" 2> /dev/null
	done
	wait
	if $have_tfs; then
		for g in $G $FOREIGN; do
			remove_by_hand "$g"
		done
		for p in $watchers; do
			[ -d "$TFS/instances/smkwatch_$p" ] &&
				rmdir "$TFS/instances/smkwatch_$p"
		done
	fi
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP


mkdir -p "$TMP/b" "$TMP/plain"
cp "$TOP/examples/shop.c" "$TMP/b/"
cd "$TMP/b"
gcc $CFLAGS -o shop shop.c 2> "$TMP/cc.err"
ok "gcc -O2 -g builds examples/shop" test -x shop
printf 'int main(void) { return 0; }\n' > "$TMP/plain/plain.c"
gcc -O2 -g -o "$TMP/plain/plain" "$TMP/plain/plain.c"
SHOP=$(pwd -P)/shop
# How many of shop's markers get a probe (placement decides; the checks
# below are about the CLI, not about which markers are placeable).
NP=$("$R" shop 2> /dev/null | grep -c '^p:simple/')

# ---- subcommands ----
run "$R" atach shop
is "$rc|$(grep -c "'atach': no such subcommand; did you mean 'attach'?" "$TMP/err")" \
	"2|1" "a mistyped subcommand: exit 2, the one meant named"
run "$R" symbolise-ftrace
is "$rc|$(grep -c "did you mean 'symbolize-ftrace'" "$TMP/err")" "2|1" \
	"symbolise-ftrace: exit 2, symbolize-ftrace named"
run "$R" nosuchthing_$$
is "$rc|$(grep -c "'nosuchthing_$$' is not a subcommand either (attach, detach, list, watch" "$TMP/err")|$(grep -c "no module 'nosuchthing_$$'" "$TMP/err")" \
	"1|1|1" "a word that is no file, module nor subcommand: exit 1, both said"
run "$R" list --bogus
is "$rc|$(grep -c '^usage: marker-resolve list' "$TMP/err")" "2|1" \
	"list with an unknown option: exit 2, its usage"
run "$R" list shop
is "$rc|$(cat "$TMP/err" | head -n 1)" \
	"2|marker-resolve list: takes no files ('shop')" \
	"list FILE: exit 2 (not a module named list)"

# ---- --explain: the evidence behind a verdict ----
# On a checked-in binary (tests/unit/data/README), whose DWARF names its
# source "./loops.c": run from there.
D=$TOP/tests/unit/data
run sh -c "cd '$D' && '$R' --explain -n '*:*:deleted_body' loops-gcc-O2"
is "$rc|$(grep -c '^# deleted_body: not found, rule loop nesting differs$' "$TMP/out")|$(grep -c '^#   .*: in 0 loops of the code, the marker in 1 of the source$' "$TMP/out" | sed 's/^[1-9][0-9]*$/some/')|$(grep -c '^p:' "$TMP/out")" \
	"0|1|some|0" "--explain: the verdict, and the loop nesting that decided it"
run sh -c "cd '$D' && '$R' --explain --format json -n '*:*:inner_body' loops-gcc-O2"
is "$rc|$(python3 -c 'import json,sys; m = json.load(open(sys.argv[1]))["markers"][0]; print(m["verdict"], any("in 2 loops of the code, the marker in 2 of the source" in e for e in m["evidence"]))' "$TMP/out")" \
	"0|exact True" "--explain --format json: an \"evidence\" list"
run sh -c "cd '$D' && '$R' --format json -n '*:*:inner_body' loops-gcc-O2"
is "$rc|$(python3 -c 'import json,sys; print("evidence" in json.load(open(sys.argv[1]))["markers"][0])' "$TMP/out")" \
	"0|False" "without --explain: no evidence in the JSON"

# ---- files with nothing to probe ----
run "$R" /bin/true
is "$rc|$(cat "$TMP/out")|$(grep -c '^marker-resolve: /bin/true: no __simple_marker section[ :(]' "$TMP/err")|$(grep -c 'SIMPLE_MARKERS=0' "$TMP/err")" \
	"1||1|1" "/bin/true: exit 1, no __simple_marker section said, with a cause"
run "$R" "$TMP/plain/plain" shop
is "$rc|$(grep -c "^marker-resolve: $TMP/plain/plain: no __simple_marker section[ :(]" "$TMP/err")|$(grep -c '^p:simple/' "$TMP/out")" \
	"1|1|$NP" "a program without markers beside shop: exit 1, said for it, shop still placed"
run "$R" "$TMP/plain"
is "$rc|$(cat "$TMP/err")|$(cat "$TMP/out")" "0||" \
	"a directory holding only it: exit 0, silent (files found, not named)"

# ---- -n syntax, --at, -e ----
run "$R" -n 'a:b:c:d:e' shop
is "$rc|$(cat "$TMP/err")" \
	"2|marker-resolve: -n 'a:b:c:d:e': a probe description is [[MODULE:]FUNCTION:]NAME, each part a glob, NAME a marker's name or an SDT probe's PROVIDER:NAME" \
	"marker-resolve -n a:b:c:d:e: exit 2, the syntax said"
run "$L" -n 'shop:main:x:y:z' shop
is "$rc|$(grep -c "^marker-list: -n 'shop:main:x:y:z': a probe description is \[\[MODULE:\]FUNCTION:\]NAME" "$TMP/err")" \
	"2|1" "marker-list -n with five parts: exit 2, the syntax said"
run "$R" --no-sdt -n '::prov:name' shop
is "$rc|$(grep -c "a PROVIDER:NAME matches SDT probes only, and --no-sdt leaves them out" "$TMP/err")" \
	"2|1" "-n PROVIDER:NAME with --no-sdt: exit 2 (it can match nothing)"
run "$R" -n 'shop:order_place:order_d*' shop
is "$rc|$(grep -c '^p:simple/' "$TMP/out")" "0|1" \
	"-n MODULE:FUNCTION:NAME still selects (one marker)"
run "$R" --at 'nosuch.c:1' shop
is "$rc|$(cat "$TMP/err")" \
	"1|marker-resolve: shop: --at nosuch.c:1: no such file in the line tables (a source file of this binary, as a path suffix)" \
	"--at nosuch.c:1: exit 1, no such file said"
run "$R" --at 'shop.c:1' shop
is "$rc|$(grep -c '^marker-resolve: shop: --at shop.c:1: no line-table row for this line' "$TMP/err")" \
	"1|1" "--at on a line without code: exit 1, the reason said"
run "$R" --at "shop.c:60=seen" shop
is "$rc|$(cat "$TMP/err")|$(grep -c '^p:simple/seen ' "$TMP/out")" "0||1" \
	"--at on a line with code: exit 0, one definition"
run "$R" symbolize-ftrace -e "$TMP/nonexistent" /dev/null
is "$rc|$(cat "$TMP/err")" \
	"1|marker-resolve symbolize-ftrace: $TMP/nonexistent: No such file or directory" \
	"symbolize-ftrace -e MISSING: the path said once"

# ---- source order ----
want=$(sed -n 's/.*trace_simple(\([a-z_]*\),.*/\1/p' shop.c | tr '\n' ' ')
# Every marker, placed (p:) or said why not (# NAME: ...), once.
is "$("$R" shop | sed -n 's|^p:simple/\([a-z_]*\) .*|\1|p; s|^# \([a-z_]*\): .*|\1|p' |
	awk '!seen[$0]++' | tr '\n' ' ')" \
	"$want" "marker-resolve: markers in source order"
is "$("$L" shop | awk '/^ +[0-9]+ / { printf "%s ", $4 }')" "$want" \
	"marker-list: markers in source order"

# ---- -V: variables at a marker, at FILE:LINE ----
run "$R" -V -N order_begin shop
is "$rc|$(sed -n 1p "$TMP/out" | sed 's/+0x[0-9a-f]*:$/+OFF:/')" \
	"0|Variables at order_begin (shop.c:53) in order_place, main+OFF:" \
	"-V -N order_begin: exit 0, the marker, its line, function and site"
is "$(grep -c '^	struct order \* o	' "$TMP/out")" 1 \
	"-V: o, a parameter of the inlined function, with its type"
run "$R" -V shop
is "$(grep '^	' "$TMP/out" | awk -F '\t' 'NF != 3 || $3 !~ /^(unavailable: .+|[^ ]+:[a-z0-9]+)$/' | wc -l)|$(grep -c '^	' "$TMP/out")|$(grep -c '^Variables at ' "$TMP/out")" \
	"0|$(grep -c '^	' "$TMP/out" | grep -v '^0$')|6" \
	"-V: every marker's site; every variable has a fetch spec or a reason"
run "$R" -V -N shop_closed shop
is "$(sed -n 's/^	.* \([a-z_]*\)	.*/\1/p' "$TMP/out" | sort | tr '\n' ' ')" \
	"argc argv id sum " \
	"-V at main's marker: main's variables; not the loop's o, not globals"
run "$R" -V --externs -N shop_closed shop
is "$(sed -n 's/^	unsigned long orders_seen	//p' "$TMP/out")" \
	"$("$R" -N shop_closed shop | sed -n 's/^p:.* orders_seen=//p')" \
	"-V --externs: a global too, with the spec the definition uses"
run "$R" --vars --at "shop.c:60" shop
is "$rc|$(sed -n 1p "$TMP/out" | sed 's/+0x[0-9a-f]*:$/+OFF:/')|$(grep -c '^	struct order \* o	' "$TMP/out")" \
	"0|Variables at shop_60 (shop.c:60) in order_place, main+OFF:|1" \
	"--vars --at FILE:LINE: the point, o in scope"
run "$R" -V --format=json shop
is "$rc|$(grep -c 'cannot be combined' "$TMP/err")" "2|1" \
	"-V with --format: exit 2"
run "$R" --externs shop
is "$rc" 2 "--externs without -V: exit 2"

# ---- attached: list, detach one event, watch, symbolize-ftrace ----
if ! $have_tfs; then
	diag "tracefs: $(cat "$TMP/tfs.err" 2>/dev/null)"
	for i in $(seq 22); do
		skip "needs root and a writable uprobe_events"
	done
	done_testing
	exit
fi

"$R" --format=json shop > "$TMP/shop.json"
# The markers the JSON calls exact, with their hit count for one run of
# "shop apple 2 pear 1 nosuch 3" (3 orders, 2 items found, both placed).
expect=$(python3 -c 'import json, sys
want = {"line_total": 2, "order_begin": 2, "order_done": 2, "shop_closed": 1}
for m in json.load(open(sys.argv[1]))["markers"]:
    if m["verdict"] == "exact" and m["name"] in want:
        print("%s %d" % (m["name"], want[m["name"]]))' "$TMP/shop.json")
diag "exact: $(echo $expect)"

run "$R" attach -g "$G" shop
is "$rc|$(grep -c "^attached $NP probes in group $G " "$TMP/out")" "0|1" \
	"attach -g G shop: $NP probes"
# someone else's group on the same program, by hand
off=$(stable_cat "$UE" | sed -n "s|^p:$G/shop_closed [^:]*:\(0x[0-9a-f]*\).*|\1|p")
echo "p:$FOREIGN/shop_closed $SHOP:$off" >> "$UE"
run "$R" list
is "$rc|$(grep -c "^$G/" "$TMP/out")|$(grep -c "^$FOREIGN/" "$TMP/out")" \
	"0|$NP|0" "list: our $NP events, not the foreign group"
is "$(grep "^$G/order_begin " "$TMP/out")" \
	"$G/order_begin (enabled, 0 hits): order_begin at shop.c:53" \
	"list: the event, enabled, 0 hits, its marker and line"
is "$(grep -A1 "^$G/order_begin " "$TMP/out" | sed -n 2p | sed 's/0x0*/0x/')" \
	"    $(stable_cat "$UE" | grep "^p:$G/order_begin " | sed 's/0x0*/0x/')" \
	"list: the definition as uprobe_events has it"
is "$(grep "^$G/shop_closed " "$TMP/out" | sed 's/:.*//')" \
	"$G/shop_closed (enabled, hits unknown" \
	"list: a hit count another group's event of that name would blur is not given"
run "$R" list -g "$FOREIGN"
is "$rc|$(grep -c "^$FOREIGN/shop_closed (enabled\|^$FOREIGN/shop_closed (disabled" "$TMP/out")" \
	"0|1" "list -g FOREIGN: shown when asked for by name"
remove_by_hand "$FOREIGN"

./shop apple 2 pear 1 nosuch 3 > /dev/null
run "$R" list
got=$(echo "$expect" | while read -r m n; do
	printf '%s %s\n' "$m" "$(sed -n "s|^$G/$m (enabled, \([0-9]*\) hits*).*|\1|p" "$TMP/out")"
done)
is "$got" "$expect" "list: hit counts of the exact markers = the program's logic"
echo 0 > "$TFS/events/$G/line_total/enable"
"$R" list --format=json > "$TMP/list.json"
is "$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
ev = {e["event"]: e for e in d["events"] if e["group"] == sys.argv[2]}
print(len(ev), ev["line_total"]["enabled"], ev["order_begin"]["enabled"],
      ev["order_begin"]["marker"], ev["order_begin"]["source"],
      len(ev["order_begin"]["definitions"]), ev["order_begin"]["kind"])' \
	"$TMP/list.json" "$G" 2>&1)" "$NP False True order_begin shop.c:53 1 uprobe" \
	"list --format=json: a disabled event says so; marker, source, definitions"

# watch
"$R" watch -g "$G" -c 3 --timeout 60 > "$TMP/w.out" 2> "$TMP/w.err" &
wp=$!
watchers="$watchers $wp"
for i in $(seq 300); do
	grep -q 'interrupt to stop' "$TMP/w.err" && break
	sleep 0.1
done
inst_seen=$([ -d "$TFS/instances/smkwatch_$wp" ] && echo yes || echo no)
./shop apple 2 > /dev/null
wait $wp
wrc=$?
is "$wrc|$inst_seen|$(grep -c 'marker = { name = "[a-z_]*", src = "shop.c:[0-9]*" }$' "$TMP/w.out")|$(tail -n 1 "$TMP/w.err")" \
	"0|yes|3|marker-resolve watch: 3 events" \
	"watch -c 3: its private instance, 3 events, each with its marker"
is "$(sed -n 's/.*: \([a-z_]*\): (0x.*marker = { name = "\([a-z_]*\)".*/\1=\2/p' "$TMP/w.out" | awk -F= '$1 != $2' | wc -l)|$([ -d "$TFS/instances/smkwatch_$wp" ] && echo left || echo gone)" \
	"0|gone" "watch: each event names its own marker; the instance removed after"
# symbolize-ftrace on watch's lines as the kernel printed them (the
# top-level buffer is shared: others may clear it)
sed -n 's/, marker = { name = .*//p' "$TMP/w.out" > "$TMP/t1"
run "$R" symbolize-ftrace "$TMP/t1"
is "$rc|$(grep -c 'debug_info = { probe = "'"$G"'/[a-z_]*" }, marker = { name = "[a-z_]*", src = "shop.c:[0-9]*" }$' "$TMP/out")|$(cat "$TMP/err")" \
	"0|3|marker-resolve symbolize-ftrace: 3 events, 0 with an address resolved, 3 at a marker" \
	"symbolize-ftrace: the uprobe events our attach made name their marker"
is "$(sed -n 's/.*: \([a-z_]*\): (0x.*debug_info = { probe = "[^/]*\/\([a-z_]*\)" }, marker = { name = "\([a-z_]*\)".*/\1 \2 \3/p' "$TMP/out" | awk '$1 != $2 || $2 != $3' | wc -l)" \
	0 "symbolize-ftrace: each event named by its own probe and marker"
SMK_STATE_DIR=$TMP/none run "$R" symbolize-ftrace "$TMP/t1"
is "$(grep -c 'marker = ' "$TMP/out")" 0 \
	"symbolize-ftrace without our record: no marker named (the record is what names them)"
start=$(date +%s)
run "$R" watch -g "$G" --timeout 1
is "$rc|$(tail -n 1 "$TMP/err")|$(( $(date +%s) - start < 30 ))" \
	"0|marker-resolve watch: 0 events|1" "watch --timeout 1, nothing happening: exit 0, 0 events"
run "$R" watch -g "$G" -c 0
is "$rc" 2 "watch -c 0: exit 2"
run "$R" watch -g nosuch_$$ --timeout 1
is "$rc|$(grep -c "group nosuch_$$: no events" "$TMP/err")" "1|1" \
	"watch of a group with no events: exit 1, said"

# detach one event, both spellings
run "$R" detach "$G/order_done"
is "$rc|$(cat "$TMP/out")|$(stable_cat "$UE" | grep -c "^p:$G/order_done ")|$(stable_cat "$UE" | grep -c "^p:$G/")" \
	"0|removed event $G/order_done|0|$((NP - 1))" "detach G/EVENT: that event only"
run "$R" detach -g "$G" line_total
is "$rc|$(stable_cat "$UE" | grep -c "^p:$G/line_total ")|$(stable_cat "$UE" | grep -c "^p:$G/")|$(grep -c "^line_total	" "$SMK_STATE_DIR/$G")" \
	"0|0|$((NP - 2))|0" "detach -g G EVENT: that event only, and out of the record"
run "$R" detach "$G/order_done"
is "$rc|$(grep -c 'no such event' "$TMP/err")" "1|1" \
	"detach of an event that is gone: exit 1, said"
echo "p:$FOREIGN/x $SHOP:$off" >> "$UE"
run "$R" detach "$FOREIGN/x"
is "$rc|$(grep -c "group $FOREIGN was not attached by marker-resolve" "$TMP/err")|$(stable_cat "$UE" | grep -c "^p:$FOREIGN/x ")" \
	"1|1|1" "detach of an event of a group we did not attach: refused, it stays"
remove_by_hand "$FOREIGN"
run "$R" detach -g "$G" a b
is "$rc" 2 "detach with two events: exit 2"
run "$R" detach -g "$G"
is "$rc|$(stable_cat "$UE" | grep -c "^p:$G/")|$([ -e "$SMK_STATE_DIR/$G" ] && echo kept || echo dropped)" \
	"0|0|dropped" "detach -g G: the rest, and the record"

done_testing
