#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Debuginfo from debuginfod servers (issue 13, section 2), against a real
# debuginfod (elfutils 0.188) started here on loopback, indexing real .deb
# files built here with dpkg-deb: a package with the stripped examples/shop
# (strip --strip-debug keeps __simple_marker) and a -dbg package with
# /usr/lib/debug/.build-id/xx/rest.debug.  Stripped, the binary gives the
# same marker-list -v, marker-resolve and addr2line answers as unstripped;
# --no-debuginfod the no-debuginfo answer; a server that serves another
# build's debug file is refused with its reason; a dead server and one that
# accepts and never answers, and one that sends without end, cost a
# bounded delay and one message per run;
# one build-id is asked once per run, and not again once cached.  Then a
# real LTTng trace of one path run as two builds (two build-ids, as a
# trace of two machines has): each build's executable and debuginfo
# fetched by build-id, once.  And the cloud kernel's vmlinux, stripped,
# symbolized from its debug file on a second server.
. "$(dirname "$0")/lib/tap.sh"

for t in gcc objcopy strip readelf nm python3 debuginfod dpkg-deb; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"
[ -e /usr/lib/x86_64-linux-gnu/libdebuginfod.so.1 ] ||
	ldconfig -p | grep -q 'libdebuginfod\.so\.1 ' ||
	skip_all "libdebuginfod.so.1 not installed (run scripts/deps.sh)"

plan 27

PIDS=
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
unset DEBUGINFOD_URLS DEBUGINFOD_TIMEOUT DEBUGINFOD_RETRY_LIMIT
# Each case its own libdebuginfod cache (it keeps misses too).
cache() { DEBUGINFOD_CACHE_PATH=$TMP/cache.$1; export DEBUGINFOD_CACHE_PATH; }
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# http GET URL: the body on stdout, nothing on failure.
get() {
	python3 -c 'import sys, urllib.request
try:
    sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode("latin-1"))
except Exception:
    pass' "$1"
}
# The server's request count of one type (debuginfo, executable).
served() {
	get "$URL/metrics" | awk -v t="http_requests_total{type=\"$1\"}" \
		'$1 == t { n = $2 } END { print n + 0 }'
}
now() { python3 -c 'import time; print("%.3f" % time.monotonic())'; }
elapsed() { python3 -c "print('%.1f' % ($2 - $1))"; }
build_id() { readelf -n "$1" | awk '/Build ID:/ { print $3 }'; }
# deb DIR NAME: a .deb of the tree DIR into debs/
deb() {
	mkdir -p "$1/DEBIAN" debs
	printf 'Package: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: t <t@example.org>\nDescription: test\n' \
		"$2" > "$1/DEBIAN/control"
	dpkg-deb -b -Zxz "$1" "debs/$2_1.0_amd64.deb" > /dev/null
}
# pkg NAME BIN: NAME (BIN stripped, in /usr/bin) and NAME-dbg (its
# debug file at its build-id path).
pkg() {
	_id=$(build_id "$2")
	objcopy --only-keep-debug "$2" "$2.debug"
	mkdir -p "p-$1/usr/bin" "p-$1-dbg/usr/lib/debug/.build-id/$(echo "$_id" | cut -c1-2)"
	strip --strip-debug -o "p-$1/usr/bin/$1" "$2"
	cp "$2.debug" "p-$1-dbg/usr/lib/debug/.build-id/$(echo "$_id" | cut -c1-2)/$(echo "$_id" | cut -c3-).debug"
	deb "p-$1" "$1"
	deb "p-$1-dbg" "$1-dbg"
}

# ---- the binaries and their packages ----
CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"
mkdir -p src u s s2 empty
cp "$TOP/examples/shop.c" src/shop.c
(cd src && gcc $CFLAGS -Wl,--build-id -o ../u/shop shop.c) || fail_rest "gcc"
sed 's/return 0;/return 3;/' "$TOP/examples/shop.c" > src/rebuilt.c
(cd src && gcc $CFLAGS -Wl,--build-id -o ../rebuilt rebuilt.c) || fail_rest "gcc"
ID=$(build_id u/shop)
ID2=$(build_id rebuilt)
pkg shop u/shop
strip --strip-debug -o s/shop u/shop
cp s/shop s2/shop
objcopy --only-keep-debug rebuilt rebuilt.debug

# ---- the server ----
up=
for try in 1 2 3; do
	PORT=$(free_port)
	debuginfod -p "$PORT" -d "$TMP/db.sqlite" -t 0 -g 0 \
		-Z '.deb=dpkg-deb --fsys-tarfile' "$TMP/debs" \
		> "$TMP/debuginfod.log" 2>&1 &
	DPID=$!
	URL=http://127.0.0.1:$PORT
	i=0
	# The scan is done when the build-id answers (a .deb takes a moment).
	while [ $i -lt 150 ] && kill -0 $DPID 2>/dev/null; do
		[ -n "$(get "$URL/buildid/$ID/debuginfo" | head -c 4)" ] && up=1 && break
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$up" ] && break
	kill $DPID 2>/dev/null
	wait $DPID 2>/dev/null
	rm -f "$TMP"/db.sqlite*
done
PIDS="$PIDS $DPID"
[ -n "$up" ] || fail_rest "debuginfod did not start" "$(tail -5 "$TMP/debuginfod.log")"
_tap_result 0 "debuginfod on $URL indexed the .deb files (debuginfo of $ID)"

# ---- stripped binaries: the same answers as with the debug file ----
# The reference: the stripped binary with its debug file on disk, at its
# build-id path under --debug-info-dir (the local lookup).
mkdir -p "local/.build-id/$(echo "$ID" | cut -c1-2)"
cp u/shop.debug "local/.build-id/$(echo "$ID" | cut -c1-2)/$(echo "$ID" | cut -c3-).debug"
LOCAL="--debug-info-dir $TMP/local"
marker-list -v $LOCAL s/shop | grep -v '^      binary:' > want-list
marker-resolve $LOCAL s/shop > want-resolve 2>&1
ADDRS=$(nm u/shop | awk '$2 ~ /^[tT]$/ { print "0x" $1 }' | sort -u)
marker-resolve addr2line $LOCAL -a -f -i -e s/shop $ADDRS > want-a2l

cache 1
before=$(served debuginfo)
DEBUGINFOD_URLS=$URL marker-list -v --debug-info-dir "$TMP/empty" s/shop \
	> got 2> err
grep -v '^      binary:' got > got-list
golden want-list got-list "marker-list -v: stripped + debuginfod = the debug file on disk"
is "$(cat err)|$(served debuginfo)" "|$((before + 1))" \
	"one debuginfo request, no message"
ok "the file is in libdebuginfod's cache, by build-id" \
	test -s "$TMP/cache.1/$ID/debuginfo"

DEBUGINFOD_URLS=$URL marker-resolve --debug-info-dir "$TMP/empty" s/shop \
	> got-resolve 2>&1
golden want-resolve got-resolve "marker-resolve: stripped + debuginfod = the debug file on disk"
DEBUGINFOD_URLS=$URL marker-resolve addr2line --debug-info-dir "$TMP/empty" \
	-a -f -i -e s/shop $ADDRS > got-a2l
golden want-a2l got-a2l "addr2line -afi on $(echo $ADDRS | wc -w) addresses: stripped + debuginfod = the debug file on disk"
is "$(grep -c '/shop.c:[0-9]' got-a2l)|$(served debuginfo)" \
	"$(nm u/shop | grep -c ' [tT] \(main\|order_place\|find_item\|line_total\)$')|$((before + 1))" \
	"shop.c's functions have lines; the cached file used, no new request"

cache 2
before=$(served debuginfo)
marker-resolve addr2line --debuginfod="$URL" --debug-info-dir "$TMP/empty" \
	-a -f -i -e s/shop $ADDRS > got-a2l
golden want-a2l got-a2l "--debuginfod=URL without DEBUGINFOD_URLS"

# ---- off, and the usage error ----
marker-list --debug-info-dir "$TMP/empty" s/shop > want-none 2> want-none.err
before=$(served debuginfo)
cache 3
DEBUGINFOD_URLS=$URL marker-list --no-debuginfod --debug-info-dir "$TMP/empty" \
	s/shop > got 2> err
is "$(diff want-none got && echo same)|$(served debuginfo)" "same|$before" \
	"--no-debuginfod: the no-debuginfo answer, no request"
grep -q 'no debuginfo: No DWARF information found; functions unknown' err
ok "--no-debuginfod: the reason is the local one" test $? = 0
run marker-resolve addr2line --debuginfod -e s/shop 0x1000
is "$rc|$(cat err)" "2|marker-resolve: --debuginfod: DEBUGINFOD_URLS is not set; set it to the servers, or give --debuginfod=URL" \
	"--debuginfod without DEBUGINFOD_URLS: a usage error"

# ---- a server serving another build's debug file ----
python3 "$TOP/tests/lib/fakedebuginfod.py" "$TMP/liar" serve rebuilt.debug &
PIDS="$PIDS $!"
i=0
while [ ! -s "$TMP/liar" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
LIAR=http://127.0.0.1:$(cat "$TMP/liar")
cache 4
DEBUGINFOD_URLS=$LIAR marker-list -v --debug-info-dir "$TMP/empty" s/shop \
	> got 2> err
grep -q "no usable debuginfo: debuginfod: $LIAR served $TMP/cache.4/$ID/debuginfo: build-id $ID2 does not match $ID" got
ok "another build-id from the server: refused, with the server and both build-ids" \
	test $? = 0
is "$(awk '/^ +[0-9]+ / { print $3 }' got | sort -u | tr '\n' ' ')|$(test -e "$TMP/cache.4/$ID/debuginfo" && echo kept)" \
	"- |" "refused: no function names, and evicted from the cache"

# ---- a dead server, a silent one ----
DEAD=http://127.0.0.1:$(free_port)
cache 5
t0=$(now)
DEBUGINFOD_URLS=$DEAD marker-list --debug-info-dir "$TMP/empty" s/shop s2/shop \
	u/shop > got 2> err
t1=$(now)
is "$(grep -c "debuginfod: $DEAD: Connection refused\$" err)|$(grep -c 'line_total  *line_total' got)" \
	"1|1" "dead server: one message for the run (two binaries asked), the local debuginfo still used"
ok "dead server: bounded delay ($(elapsed $t0 $t1) s < 3 s)" \
	python3 -c "import sys; sys.exit(not ($t1 - $t0 < 3))"
: > "$TMP/silent.log"
python3 "$TOP/tests/lib/fakedebuginfod.py" "$TMP/silent" silent &
PIDS="$PIDS $!"
i=0
while [ ! -s "$TMP/silent" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
SILENT=http://127.0.0.1:$(cat "$TMP/silent")
cache 6
t0=$(now)
DEBUGINFOD_TIMEOUT=2 DEBUGINFOD_URLS=$SILENT marker-list \
	--debug-info-dir "$TMP/empty" s/shop s2/shop > got 2> err
t1=$(now)
is "$(grep -c "debuginfod: $SILENT: timed out (.* s; DEBUGINFOD_TIMEOUT=2)\$" err)|$(wc -l < "$TMP/silent.log")" \
	"1|1" "silent server: one message, one connection for two binaries"
ok "silent server: the delay is one DEBUGINFOD_TIMEOUT ($(elapsed $t0 $t1) s, 1.5..3.9 s)" \
	python3 -c "import sys; d = $t1 - $t0; sys.exit(not (1.5 < d < 3.9))"
is "$(grep -c ' shop  *-  *line_total' got)" 2 \
	"silent server: both binaries listed without functions"

# A server that sends fast enough for libdebuginfod's own timeout (100 KB
# per DEBUGINFOD_TIMEOUT) but never ends: our cap, 30 timeouts in all.
python3 "$TOP/tests/lib/fakedebuginfod.py" "$TMP/trickle" trickle &
PIDS="$PIDS $!"
i=0
while [ ! -s "$TMP/trickle" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
TRICKLE=http://127.0.0.1:$(cat "$TMP/trickle")
cache 9
t0=$(now)
DEBUGINFOD_TIMEOUT=1 DEBUGINFOD_URLS=$TRICKLE marker-list \
	--debug-info-dir "$TMP/empty" s/shop s2/shop > got 2> err
t1=$(now)
is "$(grep -c "debuginfod: $TRICKLE: query stopped after 3[0-9].[0-9] s (our cap: 30 times DEBUGINFOD_TIMEOUT=1)\$" err)|$(grep -c ' shop  *-  *line_total' got)" \
	"1|2" "endless server: stopped by our cap, one message, both binaries listed"
ok "endless server: the delay is the cap ($(elapsed $t0 $t1) s, 29..36 s)" \
	python3 -c "import sys; d = $t1 - $t0; sys.exit(not (29 < d < 36))"

# ---- one request per build-id per run ----
cache 7
before=$(served debuginfo)
DEBUGINFOD_URLS=$URL marker-list --debug-info-dir "$TMP/empty" s/shop s2/shop \
	> got 2> err
is "$(grep -c 'line_total  *line_total' got)|$(served debuginfo)|$(cat err)" \
	"2|$((before + 1))|" "two files of one build-id: one request, both symbolized"

# ---- a trace of two builds at one path (two machines) ----
trace_part() {
	[ "$(id -u)" = 0 ] || { skip "needs root (lttng)"; skip "needs root"; skip "needs root"; skip "needs root"; return; }
	for t in lttng lttng-sessiond babeltrace2 unshare; do
		command -v $t > /dev/null || {
			skip "$t not found"; skip "$t"; skip "$t"; skip "$t"; return; }
	done
	CYG=$(ldconfig -p | awk '/liblttng-ust-cyg-profile\.so /{print $NF; exit}')
	[ -n "$CYG" ] || { skip "no liblttng-ust-cyg-profile.so"; skip "-"; skip "-"; skip "-"; return; }
	mkdir -p tr/one tr/two tr/bin
	cat > tr/app.c <<-'EOF'
	#include <stdio.h>
	__attribute__((noinline)) int FN(int x) { return x * 3 + 1; }
	int main(void) { printf("%d\n", FN(4)); return 0; }
	EOF
	(cd tr && gcc -g -O1 -finstrument-functions -DFN=alpha -o one/app app.c &&
	 gcc -g -O1 -finstrument-functions -DFN=bravo -o two/app app.c) ||
		{ _tap_result 1 "build the trace programs"; skip "-"; skip "-"; skip "-"; return; }
	# Packages for both builds (executable and -dbg) on the server.
	pkg app-one tr/one/app
	pkg app-two tr/two/app
	A1=$(build_id tr/one/app)
	A2=$(build_id tr/two/app)
	i=0
	while [ $i -lt 150 ] && [ -z "$(get "$URL/buildid/$A2/debuginfo" | head -c 4)" ]; do
		# debuginfod was started with -t 0: rescan on SIGUSR1.
		[ $((i % 20)) = 0 ] && kill -USR1 $DPID
		sleep 0.1
		i=$((i + 1))
	done
	# One path, run as the first build, then as the second.
	cat > tr/run.sh <<-EOF
	export LD_PRELOAD=$CYG
	cp $TMP/tr/one/app $TMP/tr/bin/app && $TMP/tr/bin/app > /dev/null &&
	cp $TMP/tr/two/app $TMP/tr/bin/app && $TMP/tr/bin/app > /dev/null
	EOF
	sh "$TOP/tests/fixtures/lttng/record.sh" "$TMP/trace" tr/run.sh \
		> tr/record.log 2>&1
	if [ $? != 0 ]; then
		_tap_result 1 "record the trace"; diag "$(cat tr/record.log)"
		skip "-"; skip "-"; skip "-"; return
	fi
	# On disk now: the second build, stripped.
	strip --strip-debug -o tr/bin/app tr/two/app
	cache 8
	n0=$(wc -l < "$TMP/debuginfod.log")
	DEBUGINFOD_URLS=$URL marker-resolve symbolize-trace \
		--debug-info-dir "$TMP/empty" --fields addr "$TMP/trace" \
		> tr/out 2> tr/err
	_tap_result $? "symbolize-trace of the two-build trace"
	is "$(grep -o 'addr = { bin = "app+0x[0-9a-f]*", func = "[a-z]*+0"' tr/out | sed 's/.*func = //' | sort | uniq -c | awk '{ print $1, $2 }' | tr '\n' ' ')" \
		'2 "alpha+0" 2 "bravo+0" 4 "main+0" ' \
		"each build's functions named from its own debuginfo (alpha, bravo; entry and exit)"
	tail -n +$((n0 + 1)) "$TMP/debuginfod.log" | grep -o 'GET /buildid/[0-9a-f]*/[a-z]* [0-9]*' |
		sort | uniq -c | grep -e "$A1" -e "$A2" | awk '{ print $1, $3, $4 }' > tr/reqs
	is "$(cat tr/reqs | tr '\n' ' ')" \
		"$(printf '%s\n' "1 /buildid/$A1/debuginfo 200" "1 /buildid/$A1/executable 200" "1 /buildid/$A2/debuginfo 200" | sort | tr '\n' ' ')" \
		"the first build's executable fetched once, each build's debuginfo once"
	is "$(cat tr/err)" "" "no message"
}
trace_part

# ---- the kernel: a vmlinux stripped of its DWARF ----
# The cloud kernel's vmlinux with DWARF (its -dbg package, fetched once by
# bench/dbgpkg.py, as docs.t does) served by a second debuginfod (-F, the
# file itself: no 590 MB .deb to unpack); its stripped copy symbolized
# through the server by its build-id, against the vmlinux on disk.
kernel_part() {
	VML=$(cd "$TOP/bench" && python3 -c '
import sys, dbgpkg
p, why = dbgpkg.vmlinux("debuginfod.t")
print(p or why); sys.exit(0 if p else 1)' 2>/dev/null | tail -n 1) ||
		{ skip "no vmlinux with DWARF: $VML"; skip "no vmlinux"; return; }
	KID=$(build_id "$VML")
	mkdir -p k/srv k/bin
	ln "$VML" k/srv/vmlinux 2>/dev/null || cp "$VML" k/srv/vmlinux
	objcopy --strip-debug "$VML" k/bin/vmlinux
	KPORT=$(free_port)
	debuginfod -F --disable-source-scan -p "$KPORT" -d "$TMP/k/db.sqlite" \
		-t 0 -g 0 "$TMP/k/srv" > "$TMP/k/log" 2>&1 &
	PIDS="$PIDS $!"
	KURL=http://127.0.0.1:$KPORT
	i=0
	while [ $i -lt 300 ] && ! grep -aq 'fts traversed' "$TMP/k/log"; do
		sleep 0.1; i=$((i + 1))
	done
	KADDRS=$(nm "$VML" | awk '$2 ~ /^[tT]$/ { print "0x" $1 }' | sort -u |
		awk 'NR % 4000 == 1' | head -20)
	marker-resolve addr2line -f -i -e "$VML" $KADDRS > k/want
	cache 10
	DEBUGINFOD_URLS=$KURL marker-resolve addr2line -f -i \
		--debug-info-dir "$TMP/empty" -e k/bin/vmlinux $KADDRS > k/got 2> k/err
	golden k/want k/got "vmlinux: $(echo $KADDRS | wc -w) addresses, stripped + debuginfod = the vmlinux with DWARF"
	is "$(grep -ac "GET /buildid/$KID/debuginfo 200" "$TMP/k/log")|$(cat k/err)|$(grep -c ':[0-9]' k/got)" \
		"1||$(grep -c ':[0-9]' k/want)" "vmlinux: one request by its build-id, lines for every address with one"
}
kernel_part

done_testing
