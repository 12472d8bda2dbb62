#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-resolve symbolize-trace and callgraph on real LTTng traces.
#
# tests/fixtures/lttng: an executable (PIE, and again -no-pie), a linked
# shared library (with a .gnu_debuglink) and a dlopen'ed one, -g -O2
# -finstrument-functions, with a tracepoint of their own.  Recorded as root
# with a private lttng-sessiond (record.sh: its own mount namespace), with
# liblttng-ust-cyg-profile.so and liblttng-ust-dl.so preloaded.  Then:
# our bin/func/src against babeltrace2 --debug-info wherever babeltrace2
# answers (exact), our answers where it gives none (payload fields,
# return addresses, inline chains), separate debuginfo by build-id and by
# debug link under --target-prefix, a rebuilt binary reported as a
# build-id mismatch, the call graph's exact edges and counts, and broken
# traces.
#
# Then marker-resolve --format=lttng on tests/fixtures/bpftrace.c (built
# -static): the userspace-probe commands as printed, the form printed
# before (--userspace --userspace-probe) refused by a real
# lttng-sessiond --no-kernel, and the printed commands run as they are in
# Debian's cloud kernel under qemu with the LTTng kernel tracer
# (lttng-modules: userspace probes are its own), the trace read with
# babeltrace2: one event per hit, in the program's order, each at one of
# its marker's sites.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/lttng-guest.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root (lttng-sessiond, mount namespace)"
for t in gcc objcopy strip readelf nm python3 lttng lttng-sessiond \
	 babeltrace2 unshare; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"
CYG=$(ldconfig -p | awk '/liblttng-ust-cyg-profile\.so /{print $NF; exit}')
DL=$(ldconfig -p | awk '/liblttng-ust-dl\.so /{print $NF; exit}')
[ -n "$CYG" ] && [ -n "$DL" ] ||
	skip_all "liblttng-ust-cyg-profile.so or liblttng-ust-dl.so missing"

F=$TOP/tests/fixtures/lttng
CHECK="python3 $F/check.py"
B=$TMP/b
mkdir -p "$B"
cd "$B" || exit 1

# ---- build ----
CF="-g -O2 -Wall -Werror -finstrument-functions
-finstrument-functions-exclude-file-list=/usr/include -I$F"
build() {
	gcc $CF -fPIC -shared -o liblink.so "$F/liblink.c" -ldl &&
	objcopy --only-keep-debug liblink.so liblink.so.debug &&
	objcopy --add-gnu-debuglink=liblink.so.debug liblink.so &&
	gcc $CF -fPIC -shared -o libplug.so "$F/libplug.c" -L. -llink -ldl &&
	gcc $CF -o main "$F/main.c" "$F/tp.c" -L. -llink -llttng-ust -ldl \
		-lpthread -Wl,-rpath,"$B" &&
	gcc $CF -no-pie -fno-pie -o main-nopie "$F/main.c" "$F/tp.c" -L. \
		-llink -llttng-ust -ldl -lpthread -Wl,-rpath,"$B" &&
	gcc $CF -DSMK_REBUILT -o main-rebuilt "$F/main.c" "$F/tp.c" -L. \
		-llink -llttng-ust -ldl -lpthread -Wl,-rpath,"$B"
}
build > "$TMP/build.log" 2>&1 || {
	cat "$TMP/build.log" >&2
	skip_all "the fixture does not build (liblttng-ust-dev?)"
}

# ---- record ----
cat > "$TMP/run.sh" <<EOF
cd "$B" || exit 1
export LD_PRELOAD="$CYG $DL"
./main "$B/libplug.so" > "$TMP/out1" && ./main-nopie "$B/libplug.so" > "$TMP/out2"
EOF
T=$TMP/trace
sh "$F/record.sh" "$T" "$TMP/run.sh" > "$TMP/record.log" 2>&1
rc=$?
[ $rc = 77 ] && skip_all "lttng-sessiond cannot start: $(cat "$TMP/record.log")"
# The daemon started: a recording that fails now is a failure, not a skip.
[ $rc = 0 ] || {
	plan 1
	_tap_result 1 "record a trace with lttng (record.sh exit $rc)"
	diag "$(cat "$TMP/record.log")"
	exit 1
}

plan 48

babeltrace2 "$T" > bt-plain.txt 2> bt.err
is "$(grep -c 'smk_lt:hit' bt-plain.txt)|$(cat "$TMP/out1" "$TMP/out2" | tr '\n' ' ')" \
	"62|352 352 " "trace recorded: 31 tracepoint hits per run, two runs"

# ---- the events, as babeltrace2 prints them ----
marker-resolve symbolize-trace --no-debug-info "$T" > plain.txt 2> err
ok "--no-debug-info: byte-identical to babeltrace2's text" \
	cmp -s plain.txt bt-plain.txt
[ -s err ] && diag "$(cat err)"

# ---- against babeltrace2 --debug-info ----
babeltrace2 "$T" --debug-info > bt.txt 2>/dev/null
marker-resolve symbolize-trace "$T" > ours.txt 2> ours.err
rc=$?
$CHECK compare ours.txt bt.txt > cmp.out 2> cmp.err
diag "against babeltrace2 --debug-info: $(tr '\n' ' ' < cmp.out)"
[ -s cmp.err ] && diag "$(cat cmp.err)"
v() { sed -n "s/^$1=//p" "${2:-cmp.out}"; }
is "$rc|$(v rest_differ)|$(v differ)|$(v bt_answers_we_not)" "0|0|0|0" \
	"every bin/func/src babeltrace2 gives, we give the same; the rest of each line too"
ok "that is hundreds of answers (same=$(v same))" test "$(v same)" -ge 300
ok "and we answer where babeltrace2 gives nothing ($(v we_answer_bt_not))" \
	test "$(v we_answer_bt_not)" -gt 0

babeltrace2 "$T" --debug-info --debug-info-full-path > bt-full.txt 2>/dev/null
marker-resolve symbolize-trace --full-path "$T" > full.txt 2>/dev/null
$CHECK compare full.txt bt-full.txt > cmp-full.out 2> cmp.err
[ -s cmp.err ] && diag "$(cat cmp.err)"
is "$(v differ cmp-full.out)|$(v bt_answers_we_not cmp-full.out)|$(grep -c "bin = \"$B/main+0x" full.txt)" \
	"0|0|$(grep -c 'bin = "main+0x' ours.txt)" \
	"--full-path: the same as babeltrace2 --debug-info-full-path"

# Per event: our own tracepoint hits, symbolized with "where" (the
# function's own address) and cyg-profile entries with addr and call_site.
marker-resolve symbolize-trace --fields where,addr,call_site "$T" \
	> fields.txt 2>/dev/null
$CHECK info fields.txt > info.json
py() { python3 -c "import json,sys
ev=[json.loads(l) for l in open('info.json')]
$1"; }
is "$(py "
hits=[e for e in ev if e['name']=='smk_lt:hit']
ok=[e for e in hits if e['dbg']['func'] and e['dbg']['src']]
print(len(hits), len(ok))")" "62 62" \
	"every tracepoint hit has func and src (babeltrace2: src only at row starts)"
is "$(py "
bad=[e for e in ev if e['name']=='smk_lt:hit' and e['fields']['where']['func'] !=
     ('lib_c' if e['who']=='lib_scale' else e['who'])+'+0']
print(len(bad))")" 0 \
	"payload field 'where' (a function pointer): func is that function+0 in all 62"
is "$(py "
import collections
print(sorted(collections.Counter(e['fields']['where']['bin'].split('+')[0].split('@')[0]
      for e in ev if e['name']=='smk_lt:hit').items()))")" \
	"[('liblink.so', 36), ('libplug.so', 4), ('main', 11), ('main-nopie', 11)]" \
	"the executable, the linked and the dlopen'ed library: all mapped"
is "$(py "
print(sorted(set(e['fields']['where']['bin'][len('main-nopie'):][:3]
      for e in ev if e['name']=='smk_lt:hit' and e['fields']['where']['bin'].startswith('main-nopie'))))")" \
	"['@0x']" "-no-pie executable: bin is path@address, as babeltrace2 shows it"

LSC=$(grep -n '"lib_scale");' "$F/liblink.c" | cut -d: -f1)
LCALL=$(grep -n 'int r = lib_scale(x);' "$F/liblink.c" | cut -d: -f1)
is "$(py "
s=set((e['dbg']['src'], e['dbg'].get('inlined')) for e in ev
      if e['name']=='smk_lt:hit' and e['who']=='lib_scale')
print(len(s), [x[0] for x in s], 'lib_scale at liblink.c:$LSC' in list(s)[0][1])")" \
	"1 ['liblink.c:$LCALL'] True" \
	"inlined tracepoint: src is the call site in lib_c (as babeltrace2), the chain names lib_scale at liblink.c:$LSC"

BCALL=$(grep -n 'return lib_c(x) + 1;' "$F/main.c" | cut -d: -f1)
A1=$(grep -n 'int r = b(x);' "$F/main.c" | cut -d: -f1)
A2=$(grep -n 'r += b(x + 1);' "$F/main.c" | cut -d: -f1)
is "$(py "
e=[e for e in ev if e['name']=='lttng_ust_cyg_profile:func_entry' and e['fields']]
print(sorted(set(x['fields']['call_site']['src'] for x in e
      if x['fields']['addr']['func']=='lib_c+0' and x['fields']['call_site']['func'].startswith('b+'))),
      sorted(set(x['fields']['call_site']['src'] for x in e
      if x['fields']['addr']['func']=='b+0' and x['fields']['call_site']['func'].startswith('a+'))))")" \
	"['main.c:$BCALL'] ['main.c:$A1', 'main.c:$A2']" \
	"call_site (a return address): src is the line of the call"
is "$(py "
e=[e for e in ev if e['name'].startswith('lttng_ust_cyg_profile:')]
print(len(e), sum(1 for x in e if x['fields']['addr']['func']==x['dbg']['func']))")" \
	"$(grep -c 'lttng_ust_cyg_profile:' bt-plain.txt) $(grep -c 'lttng_ust_cyg_profile:' bt-plain.txt)" \
	"cyg-profile: addr symbolizes as ip does (both are the function's entry)"

# JSON: one object a line, the same answers.
marker-resolve symbolize-trace --format=json --fields where "$T" > ours.json 2>/dev/null
is "$(python3 -c "
import json, re
js=[json.loads(l) for l in open('ours.json')]
tx=[json.loads(l) for l in open('info.json')]
same=sum(1 for j,t in zip(js,tx) if j.get('debug_info') and
         [j['debug_info'][k] or '' for k in ('bin','func','src')]==[t['dbg'][k] for k in ('bin','func','src')])
print(len(js), same, sum(1 for j in js if 'debug_info' in j),
      sorted(js[0].keys()), js[-1]['common_context'].keys() >= {'ip','vpid','vtid'})")" \
	"$(wc -l < ours.txt) $(wc -l < ours.txt) $(wc -l < ours.txt) ['common_context', 'debug_info', 'hostname', 'name', 'packet_context', 'payload', 'timestamp'] True" \
	"--format=json: one object per event, the same bin/func/src"
is "$(python3 -c "
import json
js=[json.loads(l) for l in open('ours.json')]
h=[j for j in js if j['name']=='smk_lt:hit' and j['payload']['who']=='lib_scale'][0]
print(h['debug_info_fields']['where']['func'], [i['function'] for i in h['debug_info']['inlined']][-1])")" \
	"lib_c+0 lib_scale" "--format=json: fields and the inline chain"
marker-resolve symbolize-trace --field-name dbg "$T" > dbg.txt 2>/dev/null
is "$(grep -c ', dbg = { bin = ' dbg.txt)" "$(grep -c ', debug_info = { bin = ' ours.txt)" \
	"--field-name renames the member"

# With one CPU the callback runs in the sink on babeltrace2's messages;
# with two, on a thread of its own, most events copied out (ctf.c).
if taskset -c 0 true 2>/dev/null; then
	marker-resolve symbolize-trace --fields where,addr,call_site "$T" \
		> two.txt 2>/dev/null
	taskset -c 0 marker-resolve symbolize-trace \
		--fields where,addr,call_site "$T" > one.txt 2>/dev/null
	taskset -c 0 marker-resolve symbolize-trace --format=json \
		--fields where "$T" > one.json 2>/dev/null
	ok "one CPU: the same text and JSON, byte for byte ($(wc -l < one.txt) events)" \
		test -s one.txt -a "$(cmp one.txt two.txt &&
				     cmp one.json ours.json && echo same)" = same
else
	skip "taskset -c 0 does not work here"
fi

# Per-process buffers: one trace per process, "host:procname:(vpid)".
cat > "$TMP/run1.sh" <<EOF
cd "$B" && LD_PRELOAD="$CYG $DL" ./main "$B/libplug.so" > /dev/null
EOF
RECORD_BUFFERS=pid sh "$F/record.sh" "$TMP/tpid" "$TMP/run1.sh" > "$TMP/record.log" 2>&1
babeltrace2 "$TMP/tpid" > bt-pid.txt 2>/dev/null
marker-resolve symbolize-trace --no-debug-info "$TMP/tpid" > pid.txt 2>&1
ok "per-process buffers: byte-identical to babeltrace2 too ($(grep -c ':main:(' pid.txt) events)" \
	test -s pid.txt -a "$(grep -c ':main:(' pid.txt)" -gt 0 -a \
	"$(cmp pid.txt bt-pid.txt && echo same)" = same
babeltrace2 "$TMP/tpid" --debug-info > bt-pid.txt 2>/dev/null
marker-resolve symbolize-trace "$TMP/tpid" > pid.txt 2>/dev/null
$CHECK compare pid.txt bt-pid.txt > cmp-pid.out 2> cmp.err
[ -s cmp.err ] && diag "$(cat cmp.err)"
is "$(v rest_differ cmp-pid.out)|$(v differ cmp-pid.out)|$(v bt_answers_we_not cmp-pid.out)|$(test "$(v same cmp-pid.out)" -gt 100 && echo many)" \
	"0|0|0|many" "per-process buffers: debug_info as babeltrace2's"

# ---- separate debuginfo, under --target-prefix ----
id_of() { readelf -n "$1" | awk '/Build ID:/ { print $3 }'; }
put_id() {	# DIR FILE.debug ID
	mkdir -p "$1/.build-id/$(echo "$3" | cut -c1-2)"
	cp "$2" "$1/.build-id/$(echo "$3" | cut -c1-2)/$(echo "$3" | cut -c3-).debug"
}
R=$TMP/root
mkdir -p "$R$B" "$TMP/dbg"
for f in main main-nopie libplug.so; do
	objcopy --only-keep-debug "$f" "$TMP/$f.debug"
	strip --strip-debug -o "$R$B/$f" "$f"
	put_id "$TMP/dbg" "$TMP/$f.debug" "$(id_of "$f")"
done
strip --strip-debug -o "$R$B/liblink.so" liblink.so
cp liblink.so.debug "$R$B/"
is "$(readelf -S "$R$B/main" "$R$B/liblink.so" | grep -c '\.debug_info')|$(readelf -S "$R$B/liblink.so" | grep -c gnu_debuglink)" \
	"0|1" "stripped copies under the prefix (liblink.so keeps its debug link)"

marker-resolve symbolize-trace --target-prefix "$R" --debug-info-dir "$TMP/dbg" \
	"$T" > pre.txt 2> pre.err
rc=$?
# Our own binaries' answers must be those of the unstripped run.
ownlines() { grep -E 'bin = "(main|main-nopie|liblink\.so|libplug\.so)[+@]' "$1" |
	sed 's/, reason = "[^"]*"//'; }
ownlines ours.txt > own-ref.txt
ownlines pre.txt > own-pre.txt
ok "stripped: rc 0, and every answer for our binaries identical to the unstripped run's" \
	test "$rc" = 0 -a -s own-ref.txt
golden own-ref.txt own-pre.txt \
	"build-id under --debug-info-dir (main, libplug.so) and debug link (liblink.so) found"
babeltrace2 "$T" --debug-info --debug-info-target-prefix="$R" \
	--debug-info-dir="$TMP/dbg" > bt-pre.txt 2>/dev/null
$CHECK compare pre.txt bt-pre.txt > cmp-pre.out 2> cmp.err
[ -s cmp.err ] && diag "$(cat cmp.err)"
diag "with babeltrace2 --debug-info-target-prefix/--debug-info-dir: $(tr '\n' ' ' < cmp-pre.out)"
is "$(v differ cmp-pre.out)|$(v bt_answers_we_not cmp-pre.out)|$(v rest_differ cmp-pre.out)" "0|0|0" \
	"the same as babeltrace2 with the same prefix and debug dir"
ok "files missing under the prefix (liblttng-ust...) said on stderr" \
	grep -q "warning: $R/usr/lib/.*liblttng-ust.*: No such file" pre.err
is "$(grep "warning: $R/usr/lib/" pre.err | sort | uniq -d)" "" \
	"... once per file, not per event"

# A rebuilt main in the prefix: a build-id mismatch, never a silent answer.
R2=$TMP/root2
mkdir -p "$R2$B"
cp main-nopie liblink.so libplug.so "$R2$B/"
cp main-rebuilt "$R2$B/main"
marker-resolve symbolize-trace --target-prefix "$R2" "$T" > mis.txt 2> mis.err
rc=$?
WANT="build-id mismatch: trace has $(id_of main), $R2$B/main has $(id_of main-rebuilt)"
is "$rc|$(grep -c 'bin = "main+0x[0-9a-f]*", func = "", src = "", reason = "'"$WANT"'"' mis.txt)" \
	"0|$(grep -c 'bin = "main+0x' ours.txt)" \
	"rebuilt binary: each of its events says \"$WANT\""
is "$(grep -c "warning: $WANT" mis.err)" 1 "... and stderr says it once"
is "$(grep -c 'bin = "main-nopie@0x[0-9a-f]*", func = "[a-z_]' mis.txt)" \
	"$(grep -c 'bin = "main-nopie@0x[0-9a-f]*", func = "[a-z_]' ours.txt)" \
	"the other binaries are still symbolized"
babeltrace2 "$T" --debug-info --debug-info-target-prefix="$R2" > bt-mis.txt 2>/dev/null
diag "babeltrace2 on the rebuilt binary: $(grep -c 'bin = "", func = "", src = ""' bt-mis.txt) events with empty bin/func/src, no reason"

# ---- call graph ----
marker-resolve callgraph "$T" > cg.dot 2> cg.err
rc=$?
$CHECK dot cg.dot > cg.txt
grep -v dashed cg.txt > cg-solid.txt
cat > cg-want.txt <<'EOF'
a@main -> b@main 6
a@main-nopie -> b@main-nopie 6
b@main -> lib_c@liblink.so 7
b@main-nopie -> lib_c@liblink.so 7
lib_c@liblink.so -> lib_scale@liblink.so 18
main@main -> a@main 3
main@main -> plug_d@libplug.so 2
main@main-nopie -> a@main-nopie 3
main@main-nopie -> plug_d@libplug.so 2
plug_d@libplug.so -> lib_c@liblink.so 4
worker@main -> b@main 1
worker@main-nopie -> b@main-nopie 1
EOF
ok "callgraph: rc 0, DOT" test "$rc" = 0 -a "$(head -1 cg.dot)" = "digraph callgraph {"
golden cg-want.txt cg-solid.txt \
	"callgraph: exactly the program's edges and counts, per binary (both runs)"
is "$(grep dashed cg.txt | sed 's/^.* -> //' | sort | tr '\n' ';')" \
	"main@main 1 dashed;main@main-nopie 1 dashed;worker@main 1 dashed;worker@main-nopie 1 dashed;" \
	"callers outside the instrumented code (libc) named from call_site, dashed"
marker-resolve callgraph --binary main "$T" > cg-b.dot 2>/dev/null
is "$($CHECK dot cg-b.dot | tr '\n' ';')" \
	"a@main -> b@main 6;main@main -> a@main 3;worker@main -> b@main 1;" \
	"--binary GLOB: both ends in those binaries"
marker-resolve callgraph --function 'lib_*' --min-calls 5 "$T" > cg-f.dot 2>/dev/null
is "$($CHECK dot cg-f.dot | tr '\n' ';')" \
	"b@main -> lib_c@liblink.so 7;b@main-nopie -> lib_c@liblink.so 7;lib_c@liblink.so -> lib_scale@liblink.so 18;" \
	"--function GLOB (either end) and --min-calls N"

# stdin: E/X lines of -e FILE's (link-time) addresses; pvtrace's "E0x..."
adr() { nm main-nopie | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
printf 'E %s\nE %s\nE%s\nX%s\n# comment\nE %s\nX %s\nX %s\nX %s\n' \
	"$(adr main)" "$(adr a)" "$(adr b)" "$(adr b)" "$(adr b)" "$(adr b)" \
	"$(adr a)" "$(adr main)" > lines.txt
marker-resolve callgraph -e main-nopie - < lines.txt > cg-s.dot 2> err
is "$?|$($CHECK dot cg-s.dot | tr '\n' ';')" \
	"0|a@main-nopie -> b@main-nopie 2;main@main-nopie -> a@main-nopie 1;" \
	"stdin E/X lines with -e FILE"
printf 'E 0x10\nZ 0x10\n' | marker-resolve callgraph - > /dev/null 2> err
is "$?|$(cat err)" "1|marker-resolve: stdin:2: expected \"E ADDR\" or \"X ADDR\"" \
	"stdin: a bad line is an error naming it"
if command -v dot > /dev/null; then
	marker-resolve callgraph --format=svg "$T" > cg.svg 2> err
	is "$?|$(grep -c '<svg' cg.svg)" "0|1" "--format=svg through graphviz"
else
	marker-resolve callgraph --format=svg "$T" > cg.svg 2> err
	is "$?|$(cat err)" \
		"1|marker-resolve callgraph: dot not found: install graphviz, or use --format=dot" \
		"--format=svg without graphviz: says so"
fi

# ---- broken input ----
CT=$(dirname "$(find "$T" -name metadata | head -1)")
cp -r "$T" "$TMP/trunc"
S=$(ls "$CT" | grep -v -e metadata -e index | head -1)
TS=$TMP/trunc/${CT#"$T"/}/$S
truncate -s $(($(stat -c %s "$TS") / 2 + 100)) "$TS"
marker-resolve symbolize-trace "$TMP/trunc" > /dev/null 2> err
rc=$?
diag "truncated: $(cat err)"
ok "truncated stream file: exit 1, the message names the file" \
	test "$rc" = 1 -a -n "$(grep -F "$TS" err)"
cp -r "$T" "$TMP/nometa"
rm "$TMP/nometa/${CT#"$T"/}/metadata"
marker-resolve symbolize-trace "$TMP/nometa" > /dev/null 2> err
is "$?|$(cat err)" "1|marker-resolve: $TMP/nometa: no CTF trace in it (no metadata file)" \
	"missing metadata: exit 1, says so"
cp -r "$T" "$TMP/badmeta"
printf '/* CTF 1.8 */\ntrace { garbage' > "$TMP/badmeta/${CT#"$T"/}/metadata"
marker-resolve symbolize-trace "$TMP/badmeta" > /dev/null 2> err
rc=$?
diag "bad metadata: $(cat err)"
ok "corrupt metadata: exit 1, the message names the file and babeltrace2's reason" \
	test "$rc" = 1 -a -n "$(grep -F "$TMP/badmeta/${CT#"$T"/}/metadata: not valid CTF metadata: " err)"
marker-resolve symbolize-trace "$TMP/nonexistent" > /dev/null 2> err
is "$?|$(cat err)" "1|marker-resolve: $TMP/nonexistent: No such file or directory" \
	"missing directory: exit 1"
marker-resolve callgraph "$TMP/trunc" > /dev/null 2> err
ok "callgraph on the truncated trace: exit 1 too" test "$?" = 1 -a -s err
marker-resolve symbolize-trace --format=xml "$T" > /dev/null 2>&1
is "$?" 2 "usage error: exit 2"
marker-resolve symbolize-trace "$T" "$T" > /dev/null 2>&1
is "$?" 2 "two traces: usage error"


# ---- --format=lttng: userspace probes, recorded for real ----
UP=$TMP/up
mkdir -p "$UP"
gcc -static -O2 -g -Wall -Werror -I"$TOP/include" -o "$UP/bts" \
	"$TOP/tests/fixtures/bpftrace.c"
BTS=$UP/bts
marker-resolve --format=lttng "$BTS" > "$UP/cmds" 2> "$UP/cmds.err"
marker-resolve --format=json "$BTS" > "$UP/bts.json"
mids=$(python3 -c 'import json, sys
for m in json.load(open(sys.argv[1]))["markers"]:
    for s in m["sites"]:
        if m["name"] == "bt_mid":
            print("# bt_mid: lttng userspace probes need a function entry "
                  "or an SDT probe (trace_simple_exact()); %s+%#x is "
                  "neither" % (s["symbol"], s["offset"]))' "$UP/bts.json")
# In source order: bt_entry, bt_exact, bt_mid.
is "$(cat "$UP/cmds" "$UP/cmds.err")" "# bt_entry: the LTTng kernel tracer (lttng-modules) records each hit at bt_entry's entry (its ip), not the arguments
lttng enable-event --kernel --userspace-probe=elf:$BTS:bt_entry bt_entry
# bt_exact: the LTTng kernel tracer (lttng-modules) records each hit of the SDT probe (its ip), not the arguments
lttng enable-event --kernel --userspace-probe=sdt:$BTS:simple_marker:bt_exact bt_exact
$mids" \
	"lttng: an sdt userspace probe for the exact marker, elf for the entry marker, a comment per other site"

# The form printed before, against a real session daemon.
cat > "$UP/old.sh" <<OLD
lttng enable-event -s smk --userspace --userspace-probe=sdt:$BTS:simple_marker:bt_exact bt_exact > "$UP/old.out" 2>&1
echo \$? > "$UP/old.rc"
OLD
sh "$F/record.sh" "$UP/oldtrace" "$UP/old.sh" > /dev/null 2>&1
is "$(cat "$UP/old.rc" 2>&1)|$(cat "$UP/old.out" 2>&1)" \
	"5|Error: Event type not available for user-space tracing" \
	"lttng-sessiond --no-kernel refuses --userspace --userspace-probe: userspace probes are the kernel tracer's"

# The printed commands, in the cloud kernel with lttng-modules.
up_guest() {
	rel=$("$TOP/scripts/kernel-release.sh" 2>&1) ||
		{ echo "cannot name the cloud kernel release: $rel"; return 3; }
	CONSUMERD=/usr/lib/x86_64-linux-gnu/lttng/libexec/lttng-consumerd
	command -v depmod > /dev/null && [ -x "$CONSUMERD" ] ||
		{ echo "no depmod or lttng-consumerd"; return 3; }
	lmdir=$("$TOP/scripts/lttng-modules.sh" 2> "$UP/lm.err")
	[ $? = 0 ] || {
		echo "no LTTng kernel modules: $(tail -n 1 "$UP/lm.err")"
		return 3
	}
	kdir=$("$TOP/scripts/qemu-kernel.sh" 2> "$UP/kernel.err")
	[ $? = 0 ] || {
		echo "no kernel image or qemu: $(tail -n 1 "$UP/kernel.err")"
		return 3
	}
	lttng_guest_root "$UP/root" "$rel" "$kdir" "$lmdir" "$CONSUMERD"
	"$TOP/scripts/qemu-run.sh" -k "$kdir" -f "$UP/root.tar.gz" \
		-f "$BTS" -f "$UP/cmds" -f "$TOP/tests/kernel/guest-lib.sh" \
		-o "$UP/out" -l "$UP/console.log" -t 180 \
		"$TOP/tests/kernel/lttng-uprobe.sh" root.tar.gz bts "$BTS" \
		cmds 3 > "$UP/guest.txt" 2> "$UP/qemu.err"
}
why=$(up_guest)
grc=$?
if [ $grc = 3 ]; then
	for i in 1 2 3; do skip "$why"; done
else
	is "$grc|$(cat "$UP/guest.txt")|$(cat "$UP/out/commands" 2>&1)" \
		"0|program rc=0
done|command ok $(grep '^lttng .*bt_entry$' "$UP/cmds")
command ok $(grep '^lttng .*bt_exact$' "$UP/cmds")" \
		"guest: LTTng takes every printed command, the program runs"
	[ $grc = 0 ] || diag "$(tail -n 20 "$UP/qemu.err" "$UP/guest.txt")"
	babeltrace2 "$UP/out/trace" > "$UP/bt.txt" 2> "$UP/bt.err"
	is "$(sed -n 's/^.*) [^ ]* \(bt_[a-z]*\): .*/\1/p' "$UP/bt.txt")" \
		"$(sed -n 's/^\(bt_[a-z]*\): .*/\1/p' "$UP/out/expected")" \
		"babeltrace2: one event per hit, in the program's order (5 bt_exact, 3 bt_entry)"
	is "$(python3 - "$UP/bts.json" "$UP/bt.txt" <<'PY'
import json, re, sys
sites = {m["name"]: {int(s["address"], 16) for s in m["sites"]}
         for m in json.load(open(sys.argv[1]))["markers"]}
bad = n = 0
for l in open(sys.argv[2]):
    r = re.search(r" (bt_[a-z]+): .*ip = (0x[0-9A-Fa-f]+)", l)
    if r:
        n += 1
        bad += int(r.group(2), 16) not in sites[r.group(1)]
print(n, bad)
PY
)" "8 0" "babeltrace2: each event's ip is a site of its marker (-static: no bias)"
fi

done_testing
