#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# marker-resolve as a command: examples/shop built here with gcc and clang.
#
#  - the default output against tests/golden/resolve-shop-*.txt (the
#    binary's absolute path replaced by @SHOP@);
#  - --format=json checked field by field with python3, and the text output
#    rebuilt line by line from the JSON (verdict comments, unavailable
#    arguments, one definition per site);
#  - --format=bpftrace (one uprobe block per site, printf fields, commented
#    out where bpftrace 0.17 refuses the site; parsed by bpftrace -d when
#    installed; tests/bpftrace.t runs them) and --format=lttng (a comment
#    per site: LTTng's userspace probes take functions and SDT probes only);
#  - an SDT probe with a global operand (tests/fixtures/resolve_sdt.c):
#    the lttng and tracefs forms, attached for real, fetched values against
#    what the program prints;
#  - --strict, the -N/-f/-n/-m filters;
#  - attach/detach with real uprobes: hit counts of the markers the JSON
#    calls exact against the program's logic, read in a private tracefs
#    instance by pid; a foreign group survives detach; --dry-run writes
#    nothing; --hold removes its group on SIGTERM; a holder killed with
#    SIGKILL leaves a stale group that detach --sweep removes, and only it;
#  - hostile input end to end: records of __simple_marker rewritten in a
#    copy of the binary, paths with a space and a newline;
#  - errors and usage errors (exit 1 and 2).
#
# The tracefs part needs root and uprobe_events; other users of the
# machine add and remove their own probes meanwhile, so checks look only at
# lines of our groups or with targets under $TMP, and never clear the
# global trace buffer.  Everything made here is removed on exit, even on
# failure.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/tracefs.sh"

for t in gcc python3 readelf strip; do
	command -v $t >/dev/null || skip_all "$t not found (run scripts/deps.sh)"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"

plan 86

GOLDEN=$TOP/tests/golden
CFLAGS="-O2 -g -Wall -Wextra -Werror -I$TOP/include"

# ---- tracefs: usable?  Our names, and cleanup even on failure ----
# tracefs_setup mounts one at /sys/kernel/tracing if need be; without it
# (not root, no uprobes) each attach part skips with $tracefs_why.
have_tfs=false
tracefs_setup && top_buffer_share && have_tfs=true	# (docs.t reads the top buffer)
G=smkres_$$			# our attach group
FOREIGN=foreign_$$		# someone else's, made by hand
INST=smkres_$$			# our private instance
I=$TFS/instances/$INST
holders=""			# pids of the --hold runs we started

cleanup() {
	for p in $holders; do
		kill -TERM "$p" 2> /dev/null
	done
	wait
	if $have_tfs; then
		[ -d "$I" ] && rmdir "$I"
		for g in $G ${G}at $FOREIGN $holders; do
			case $g in
			[0-9]*) g=simple_$g ;;
			esac
			remove_by_hand "$g"
		done
	fi
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP


# placeholder FILE PATH: FILE with every PATH replaced by @SHOP@.
placeholder() {
	awk -v p="$2" '{
		while ((i = index($0, p)) > 0)
			$0 = substr($0, 1, i - 1) "@SHOP@" \
			     substr($0, i + length(p))
		print
	}' "$1"
}

# ---- examples/shop, gcc and clang, built in $TMP from a relative path ----
mkdir -p "$TMP/gcc" "$TMP/clang"
cp "$TOP/examples/shop.c" "$TMP/gcc/"
cp "$TOP/examples/shop.c" "$TMP/clang/"
(cd "$TMP/gcc" && gcc $CFLAGS -o shop shop.c) 2> "$TMP/cc.err"
ok "gcc -O2 -g builds examples/shop" test -x "$TMP/gcc/shop"
have_clang=false
if command -v clang >/dev/null &&
   (cd "$TMP/clang" && clang $CFLAGS -o shop shop.c) 2>> "$TMP/cc.err"; then
	have_clang=true
fi
[ -s "$TMP/cc.err" ] && diag "$(cat "$TMP/cc.err")"
# The absolute path marker-resolve prints (realpath of the input).
GSHOP=$(cd -P "$TMP/gcc" && pwd)/shop
CSHOP=$(cd -P "$TMP/clang" && pwd)/shop

# ---- 1. golden output ----
for cc in gcc clang; do
	if [ $cc = clang ] && ! $have_clang; then
		skip "clang not found"
		skip "clang not found"
		continue
	fi
	cd "$TMP/$cc"
	run marker-resolve shop
	placeholder "$TMP/out" "$(pwd -P)/shop" > "$TMP/$cc.txt"
	golden "$GOLDEN/resolve-shop-$cc.txt" "$TMP/$cc.txt" \
		"$cc: default output (path as @SHOP@)"
	is "$rc|$(cat "$TMP/err")" "0|" "$cc: exit 0, nothing on stderr"
	cp "$TMP/out" "$TMP/$cc.out"
	marker-resolve --format=json shop > "$TMP/$cc.json"
	marker-resolve --format=json -g "$G" shop > "$TMP/$cc.g.json"
done
cd "$TMP"

# ---- 2. --format=json, and the text output rebuilt from it ----
cat > "$TMP/check-json.py" <<'EOF'
import json, re, sys

# check-json.py JSON TEXT ABSPATH: the JSON's fields, then TEXT (the
# default output) rebuilt from the JSON line by line.
doc = json.load(open(sys.argv[1], encoding="utf-8"))
text = open(sys.argv[2], encoding="utf-8").read().splitlines()
path = sys.argv[3]
errors = []
def check(cond, what):
    if not cond:
        errors.append(what)

want_args = {
    "shop_closed": ["orders_seen"],
    "order_done": ["o->id", "o->item->stock", "orders_seen"],
    "order_short": ["o->id", "o->quantity - o->item->stock"],
    "order_begin": ["o->id", "o->quantity", "o->item->name"],
    "item_missing": ["name"],
    "line_total": ["qty", "it->name", "total"],
}
check(doc.get("version") == 1, "version")
ms = doc["markers"]
check(sorted(m["name"] for m in ms) == sorted(want_args),
      "names %s" % [m["name"] for m in ms])
rebuilt = []
for m in ms:
    n = m["name"]
    v = m["verdict"]
    check(v in ("exact", "approximated", "not found"), n + ": verdict " + v)
    check((m["reason"] is None) == (v == "exact"),
          n + ": reason %r with verdict %s" % (m["reason"], v))
    check(isinstance(m["rule"], str) and m["rule"], n + ": rule")
    check((v == "not found") == (not m["sites"]),
          n + ": %d sites, verdict %s" % (len(m["sites"]), v))
    check(len(m["definitions"]) == len(m["sites"]),
          n + ": %d definitions for %d sites" % (len(m["definitions"]),
                                                len(m["sites"])))
    d = m["direction"]
    check(d in (None, "over", "under") and (d is None) == (v != "approximated"),
          n + ": direction %r with verdict %s" % (d, v))
    if v != "exact":
        dn = {"over": "over (hits >= the marker's runs): ",
              "under": "under (hits <= the marker's runs): "}.get(d, "")
        rebuilt.append("# %s: %s: %s%s" % (n, v, dn, m["reason"]))
    defs = []
    for s in m["sites"]:
        ev, tgt = s.get("event"), s.get("target")
        check(isinstance(ev, str) and re.match(r"^[A-Za-z_]\w*$", ev),
              n + ": event %r" % ev)
        check(tgt == "%s:%s" % (path, s["file_offset"]),
              n + ": target %r" % tgt)
        check(re.match(r"^0x[0-9a-f]+$", s["address"]), n + ": address")
        check([a["expr"] for a in s["args"]] == want_args.get(n),
              n + ": args %s" % [a["expr"] for a in s["args"]])
        fetch = ""
        for a in s["args"]:
            have = [a[k] is not None for k in ("name", "spec", "type")]
            if all(have):
                check(a["reason"] is None, n + ": " + a["expr"] + " reason")
                fetch += " %s=%s:%s" % (a["name"], a["spec"], a["type"])
            else:
                check(a["spec"] is None and a["type"] is None and
                      isinstance(a["reason"], str) and a["reason"],
                      n + ": " + a["expr"] + ": neither fetched nor a reason")
                off = s["offset"]
                rebuilt.append("# %s: %s unavailable at %s+%s: %s" %
                               (n, a["expr"], s["symbol"],
                                "0x%x" % off if off else "0", a["reason"]))
        defs.append("p:simple/%s %s%s" % (ev, tgt, fetch))
    for d in m["definitions"]:
        check(d.startswith("p:simple/"), n + ": definition " + d)
    check(sorted(defs) == sorted(m["definitions"]),
          n + ": definitions %s, sites say %s" % (m["definitions"], defs))
    rebuilt += m["definitions"]
json_defs = sorted(d for m in ms for d in m["definitions"])
text_defs = sorted(l for l in text if not l.startswith("#"))
check(json_defs == text_defs, "text definitions %s, JSON %s" %
      (text_defs, json_defs))
check(text == rebuilt, "text output is not the JSON's:\n%s" %
      "\n".join(rebuilt))
print("\n".join(errors) if errors else "ok")
EOF
for cc in gcc clang; do
	if [ $cc = clang ] && ! $have_clang; then
		skip "clang not found"
		continue
	fi
	[ $cc = gcc ] && p=$GSHOP || p=$CSHOP
	is "$(python3 "$TMP/check-json.py" "$TMP/$cc.json" "$TMP/$cc.out" \
		"$p" 2>&1)" "ok" \
		"$cc: JSON verdicts, reasons, sites, args; the text output is the JSON's, line by line"
done

# ---- 3. --format=bpftrace, --format=lttng ----
cat > "$TMP/check-bt.py" <<'EOF'
import json, re, sys

# check-bt.py JSON SCRIPT ABSPATH [consts]: one "uprobe:PATH:0xADDR { printf }"
# block per site in JSON order, "//" comments for markers not exact, printf
# fields named as the JSON's arguments with one expression per conversion.
# With "consts": no expression is a bare number unless its fetch spec is an
# immediate (\NUM).
ms = json.load(open(sys.argv[1], encoding="utf-8"))["markers"]
# Blocks bpftrace 0.17 refuses (not at a function's entry) come commented
# out after a comment that says why: judged as the live ones.
lines = []
for l in open(sys.argv[2], encoding="utf-8").read().splitlines():
    if re.match(r"^// (uprobe:|\{$|\t|\}$)", l):
        lines.append(l[3:])
    elif l.startswith("// ") and (": bpftrace cannot "
                                  "probe " in l or ": unavailable: " in l):
        continue
    else:
        lines.append(l)
path = sys.argv[3]
consts = len(sys.argv) > 4
errors = []
def check(cond, what):
    if not cond:
        errors.append(what)

i = 0
def take():
    global i
    i += 1
    return lines[i - 1] if i <= len(lines) else None

for m in ms:
    n = m["name"]
    if m["verdict"] != "exact":
        l = take()
        check(l == "// %s: %s: %s" % (n, m["verdict"], m["reason"]),
              n + ": comment %r" % l)
    for s in m["sites"]:
        l = take()
        check(l == "uprobe:%s:%s" % (path, s["address"]),
              n + ": probe %r" % l)
        check(take() == "{", n + ": {")
        l = take() or ""
        r = re.match(r'^\tprintf\("%s: (.*)\\n"(.*)\);$' % n, l)
        check(r, n + ": printf %r" % l)
        if r:
            fields = r.group(1).split(" ") if r.group(1) else []
            exprs = r.group(2).split(",")[1:]
            check([f.split("=")[0] for f in fields] ==
                  [a["name"] for a in s["args"]], n + ": fields " + l)
            # A uprobe global (@+FILEOFFSET) is read through reg("ip").
            convs = [f for f in fields if not f.endswith("=?")]
            expressible = [a for a in s["args"] if a["spec"] is not None]
            check(len(convs) == len(exprs) == len(expressible),
                  n + ": %d conversions, %d expressions" %
                  (len(convs), len(exprs)))
            for e, a in zip(exprs, expressible):
                if a["spec"].startswith("@+"):
                    check('reg("ip")' in e, n + ": %s not by ip" % e)
            specs = [a["spec"] for a in expressible]
            for e, sp in zip(exprs, specs):
                if consts and re.match(r"^-?\d+$", e) and \
                   not sp.startswith("\\"):
                    check(False, "%s: %s printed as the constant %s" %
                          (n, sp, e))
        check(take() == "}", n + ": }")
check(i == len(lines), "extra lines: %s" % lines[i:])
print("\n".join(errors) if errors else "ok")
EOF
cd "$TMP/gcc"
run marker-resolve --format=bpftrace shop
cp "$TMP/out" "$TMP/gcc.bt"
is "$rc|$(python3 "$TMP/check-bt.py" "$TMP/gcc.json" "$TMP/gcc.bt" \
	"$GSHOP" 2>&1)" "0|ok" \
	"gcc: bpftrace: a uprobe block per site, printf fields and conversions"
# A global (@+0x... in the uprobe definition) never comes out as a literal.
is "$(python3 "$TMP/check-bt.py" "$TMP/gcc.json" "$TMP/gcc.bt" \
	"$GSHOP" consts 2>&1)" "ok" \
	"gcc: bpftrace: every fetched argument is an expression, not a constant"
if ! command -v bpftrace >/dev/null; then
	skip "bpftrace not installed"
elif [ "$(id -u)" != 0 ]; then
	skip "bpftrace runs only as root, also with -d"
else
	# -d: a dry run that parses and analyses the script, loads nothing;
	# the blocks left commented out for other bpftrace versions too.
	sed 's|^// \(uprobe:\)|\1|; s|^// \([{}]\)$|\1|; s|^// \(	\)|\1|' \
		"$TMP/gcc.bt" > "$TMP/gcc-all.bt"
	bpftrace -d "$TMP/gcc-all.bt" > "$TMP/bt.d" 2>&1
	is "$?|$(sed -n '/^AST after: parser/,/^AST after/p' "$TMP/bt.d" |
		grep -c '^ uprobe:')" \
		"0|$(grep -c '^uprobe:' "$TMP/gcc-all.bt")" \
		"gcc: bpftrace -d parses the script, every probe in its AST"
fi
run marker-resolve --format=lttng shop
is "$rc|$(grep -vc '^#' "$TMP/out")|$(grep -c \
	'^# [a-z_]*: lttng userspace probes need a function entry or an SDT probe (trace_simple_exact()); main+0x[0-9a-f]* is neither$' \
	"$TMP/out")" \
	"0|0|$(python3 -c 'import json, sys
print(sum(len(m["sites"]) for m in json.load(open(sys.argv[1]))["markers"]))' \
	"$TMP/gcc.json")" \
	"gcc: lttng: no lttng command for userspace markers, a comment per site"

# ---- 3b. an SDT probe with a global operand ----
SD=$TMP/sdt
mkdir -p "$SD"
cp "$TOP/tests/fixtures/resolve_sdt.c" "$SD/"
cd "$SD"
have_sdt=false
if echo '#include <sys/sdt.h>' | gcc -E - > /dev/null 2>&1 &&
   gcc $CFLAGS -o sdtprog resolve_sdt.c 2> "$TMP/cc.err"; then
	have_sdt=true
fi
SDTP=$(pwd -P)/sdtprog
if $have_sdt; then
	run marker-resolve --format=lttng sdtprog
	is "$rc|$(cat "$TMP/out")|$(cat "$TMP/err")" \
		"0|# prov_hit: the LTTng kernel tracer (lttng-modules) records each hit of the SDT probe (its ip), not the arguments
lttng enable-event --kernel --userspace-probe=sdt:$SDTP:prov:hit prov_hit|" \
		"sdt: lttng enable-event --kernel --userspace-probe=sdt:PATH:prov:hit"
	run marker-resolve sdtprog
	is "$rc|$(sed 's/0x[0-9a-f]*/0xN/g; s/%[a-z0-9]*:/%REG:/' "$TMP/out")" \
		"0|p:simple/prov_hit $SDTP:0xN arg1=%REG:s32 arg2=@+0xN:s64" \
		"sdt: tracefs: arg1 in a register, the global arg2 as @+0x..."
	is "$(readelf -n sdtprog | sed -n 's/^ *Arguments: *//p')" \
		"-4@%edi -8@resolve_total(%rip)" \
		"sdt: (control) gcc gave the global as a memory operand"
	cp "$TMP/out" "$TMP/sdt.txt"
else
	skip "no sys/sdt.h (apt-get install systemtap-sdt-dev)"
	skip "no sys/sdt.h"
	skip "no sys/sdt.h"
fi

# ---- 4. --strict ----
cd "$TMP/gcc"
# Markers with an argument unavailable at some site; one with all fetched.
refused=$(python3 -c 'import json, sys
for m in json.load(open(sys.argv[1]))["markers"]:
    if any(a["spec"] is None for s in m["sites"] for a in s["args"]):
        print(m["name"])' "$TMP/gcc.json")
full=$(python3 -c 'import json, sys
for m in json.load(open(sys.argv[1]))["markers"]:
    if m["sites"] and all(a["spec"] for s in m["sites"] for a in s["args"]):
        print(m["name"])' "$TMP/gcc.json" | head -n 1)
run marker-resolve --strict shop
is "$rc|$(sed -n 's/^marker-resolve: shop: \([a-z_]*\): an argument is unavailable (--strict)$/\1/p' "$TMP/err")" \
	"1|$refused" "--strict: exit 1, each marker with an unavailable argument refused on stderr"
is "$(grep -v '^#' "$TMP/out" | sed 's|^p:simple/\([a-z_]*\) .*|\1|' |
	sort -u | tr '\n' ' ')|$(grep -c . "$TMP/err")" \
	"$(python3 -c 'import json, sys
r = set(sys.argv[2].split())
print(" ".join(sorted(set(m["name"] for m in json.load(open(sys.argv[1]))["markers"]
      if m["definitions"]) - r)))' "$TMP/gcc.json" "$refused") |$(echo "$refused" | grep -c .)" \
	"--strict: the others' definitions printed, nothing else on stderr"
if [ -n "$full" ]; then
	marker-resolve -N "$full" shop > "$TMP/default.out"
	run marker-resolve --strict -N "$full" shop
	is "$rc|$(cat "$TMP/err")" "0|" "--strict -N $full (all arguments fetched): exit 0"
	golden "$TMP/default.out" "$TMP/out" \
		"--strict -N $full: the same output as without --strict"
else
	skip "no marker with all arguments fetched"
	skip "no marker with all arguments fetched"
fi

# ---- 5. filters ----
# names FORMAT_JSON_FILE: the markers' names, in order, space-separated.
names() {
	python3 -c 'import json, sys
print(" ".join(m["name"] for m in json.load(open(sys.argv[1]))["markers"]))' \
		"$1"
}
filter() {
	_desc=$1
	_want=$2
	shift 2
	run marker-resolve --format=json "$@" shop
	is "$rc|$(names "$TMP/out" | tr ' ' '\n' | grep . | sort |
		tr '\n' ' ')" \
		"0|$_want" "filter $_desc"
}
filter "-N 'order_*'" "order_begin order_done order_short " -N 'order_*'
filter "-N item_missing" "item_missing " -N item_missing
filter "-f find_item (the inlined function, not main)" "item_missing " \
	-f find_item
filter "-f order_place" "order_begin order_done order_short " -f order_place
filter "-f main" "shop_closed " -f main
filter "-n 'order_place:order_d*' (function:name)" "order_done " \
	-n 'order_place:order_d*'
filter "-n 'line_total:line_total'" "line_total " -n line_total:line_total
filter "-n 'shop:*_total:*'" "line_total " -n 'shop:*_total:*'
filter "-m other (no such module)" "" -m other
run marker-resolve -N 'item_*' shop
is "$rc|$(grep -vc '^# item_missing: \|^p:simple/item_missing ' "$TMP/out")|$(grep -c . "$TMP/out")" \
	"0|0|$(grep -c 'item_missing' "$TMP/gcc.out")" \
	"filter -N 'item_*': the text output has item_missing's lines only"

# ---- 6. attach and detach with real uprobes ----
# Hits of "shop apple 3 pear 1 kiwi 2" (catalog: apple 10, pear 2, melon 1):
# two items found and in stock, one missing.
EXPECT="shop_closed=1 order_done=2 order_short=0 order_begin=2 item_missing=1 line_total=2"

# hits PID EVENT...: "EVENT=N" for each EVENT, N the lines of PID in our
# instance's trace (read once into $TMP/trace: reading tracefs is slow).
hits() {
	_pid=$1
	shift
	for _e in "$@"; do
		printf '%s=%s ' "$_e" "$(sed -n \
			"s/^ *[^ ]*-$_pid  *\[.*: $_e: (0x[0-9a-f]*).*/x/p" \
			"$TMP/trace" | grep -c x)"
	done
}
# norm: uprobe_events lines as marker-resolve writes them (no zero padding).
norm() {
	sed 's/:0x0*\([0-9a-f]\)/:0x\1/'
}
# waitfor FILE PATTERN: up to 10 s for PATTERN to show up in FILE.
waitfor() {
	for _i in $(seq 100); do
		grep -q "$2" "$1" 2> /dev/null && return 0
		sleep 0.1
	done
	return 1
}

N_TFS=27		# the results of the "else" branch below
if ! $have_tfs; then
	for n in $(seq $N_TFS); do
		skip "$tracefs_why"
	done
else
mkdir "$I"
defs=$(python3 -c 'import json, sys
for m in json.load(open(sys.argv[1]))["markers"]:
    for d in m["definitions"]:
        print(d)' "$TMP/gcc.g.json")
ndefs=$(echo "$defs" | grep -c .)
run marker-resolve attach -g "$G" shop
is "$rc|$(cat "$TMP/out")" "0|attached $ndefs probes in group $G ($TFS)
$(echo "$defs" | sed 's|^p:\([^ ]*\) \([^ ]*\).*|  \1 \2|')" \
	"attach -g $G: exit 0, prints each probe attached"
is "$(stable_cat "$UE" | grep "^p:$G/" | norm)" "$defs" \
	"attach: uprobe_events has the definitions in group $G"
is "$(stable_cat "$UE" | grep -F "$GSHOP:" | grep -vc "^p:$G/")" "0" \
	"attach: no event of another group probes our binary"
is "$(cat "$TFS/events/$G/enable")" "1" \
	"attach: the group is enabled at the top level"
ok "a private instance for the hits" test -d "$I/events/$G"
echo 1 > "$I/events/$G/enable"
./shop apple 3 pear 1 kiwi 2 > "$TMP/shop.out" &
pid=$!
wait $pid
cat "$I/trace" > "$TMP/trace"
is "$(cat "$TMP/shop.out")" "2 orders, 220 cents" \
	"shop apple 3 pear 1 kiwi 2: (control) two orders"
exact=$(python3 -c 'import json, sys
print(" ".join(m["name"] for m in json.load(open(sys.argv[1]))["markers"]
      if m["verdict"] == "exact"))' "$TMP/gcc.json")
want=""
for e in $exact; do
	want="$want$(echo "$EXPECT" | tr ' ' '\n' | grep "^$e=") "
done
is "$(hits $pid $exact)" "$want" \
	"hits of the markers claimed exact ($exact) as the program's logic says"
# Every marker that runs fired, exact or not; order_short, which does not
# run, is left out (it has no probe: the next line with code, where it was
# probed before, is the other branch and fired on each successful order).
is "$(sed -n "s/^ *[^ ]*-$pid  *\[.*: \([a-z_]*\): (0x[0-9a-f]*).*/\1/p" \
	"$TMP/trace" | grep -vx order_short | sort -u | tr '\n' ' ')" \
	"$(python3 -c 'import json, sys
print(" ".join(sorted(set(s["event"] for m in json.load(open(sys.argv[1]))["markers"]
      for s in m["sites"] if m["name"] != "order_short"))))' "$TMP/gcc.json") " \
	"hits: every marker that runs and has a probe fired at least once"
# order_begin's address (main+0xb0 with gcc 12) is reached by one jump
# only; the instruction before it is the unreachable alignment nop after
# main's ret, which must not count as a fall-through predecessor: the
# marker is exact and fires once per order.
is "$(python3 -c 'import json, sys
print([m["verdict"] for m in json.load(open(sys.argv[1]))["markers"]
       if m["name"] == "order_begin"][0])' "$TMP/gcc.json")|$(hits $pid order_begin)" \
	"exact|order_begin=2 " \
	"order_begin hits once per order and is exact"
if echo " $exact " | grep -q ' order_done ' &&
   echo "$defs" | grep -q '^p:[^ ]*/order_done .* orders_seen='; then
	is "$(sed -n "s/^ *[^ ]*-$pid  *\[.*: order_done: (0x[0-9a-f]*).*orders_seen=\([0-9]*\).*/\1/p" \
		"$TMP/trace" | tr '\n' ' ')" "1 2 " \
		"order_done fetches orders_seen (a global) after each order: 1 2"
else
	skip "order_done not exact or without orders_seen"
fi
# o->quantity in the inlined order_place: o is an implicit pointer to
# main's split struct order, whose quantity field lives in a register.
if echo "$defs" | grep -q '^p:[^ ]*/order_begin .* o_quantity='; then
	is "$(sed -n "s/^ *[^ ]*-$pid  *\[.*: order_begin: (0x[0-9a-f]*).*o_quantity=\([0-9-]*\).*/\1/p" \
		"$TMP/trace" | tr '\n' ' ')" "3 1 " \
		"order_begin fetches o->quantity through an implicit pointer: 3 1"
else
	skip "order_begin without o_quantity (compiler-specific)"
fi

# A foreign group survives detach.
entry=$(readelf -h /bin/true | awk '/Entry point/ { print $4 }')
echo "p:$FOREIGN/x /bin/true:$entry" >> "$UE"
is "$(stable_cat "$UE" | grep -c "^p:$FOREIGN/x ")" "1" "a foreign group made by hand"
run marker-resolve detach -g "$G"
is "$rc|$(cat "$TMP/out")|$(cat "$TMP/err")" \
	"0|removed $ndefs event$([ "$ndefs" = 1 ] || echo s) of group $G|" \
	"detach -g $G: exit 0, prints the count"
is "$(stable_cat "$UE" | grep -c "^p:$G/")|$(test -e "$TFS/events/$G" && echo left)" \
	"0|" "detach: no event of group $G left (also not in our instance)"
is "$(stable_cat "$UE" | grep -c "^p:$FOREIGN/x /bin/true:")" "1" \
	"detach: the foreign group survives"
run marker-resolve detach -g "$G"
is "$rc|$(cat "$TMP/out")" "0|removed 0 events of group $G" \
	"detach again: nothing to remove, exit 0"

# --dry-run
run marker-resolve attach --dry-run -g "$G" shop
is "$rc|$(grep '^uprobe_events <- ' "$TMP/out")" \
	"0|$(echo "$defs" | sed 's/^/uprobe_events <- /')" \
	"attach --dry-run: prints the writes to uprobe_events"
is "$(grep -v '^uprobe_events <- ' "$TMP/out")" \
	"$(echo "$defs" | sed 's|^p:\([^/]*\)/\([^ ]*\) .*|events/\1/\2/enable <- 1|' |
	uniq)" "attach --dry-run: and the enables"
is "$(stable_cat "$UE" | grep -c "^p:$G/")|$(test -e "$TFS/events/$G" && echo made)" \
	"0|" "attach --dry-run: writes nothing"

# Two detaches of one group at once: an event the other run removed first
# is gone, which is what both asked for; tracefs.c reports its ENOENT
# ("-:G/E") and ENODEV (enable) as errors and exits 1.  The same race
# makes two concurrent "detach --sweep" fail (prove -j2 runs tests/tracefs.t
# beside this test, and both sweep).
marker-resolve attach -g "$G" shop > /dev/null 2>&1
marker-resolve detach -g "$G" > "$TMP/d1.out" 2> "$TMP/d1.err" &
d1=$!
marker-resolve detach -g "$G" > "$TMP/d2.out" 2> "$TMP/d2.err"
r2=$?
wait $d1
r1=$?
is "$r1 $r2|$(stable_cat "$UE" | grep -c "^p:$G/")|$(cat "$TMP/d1.err" "$TMP/d2.err" |
	head -c 200)" "0 0|0|" \
	"two concurrent detach -g $G: both exit 0, the group is gone"
remove_by_hand "$G"

# --hold: SIGTERM removes the group.
marker-resolve attach --hold shop > "$TMP/hold1.out" 2> "$TMP/hold1.err" &
h1=$!
holders="$holders $h1"
waitfor "$TMP/hold1.out" '^attached'
is "$(stable_cat "$UE" | grep "^p:simple_$h1/" | norm)" \
	"$(echo "$defs" | sed "s|^p:$G/|p:simple_$h1/|")" \
	"attach --hold: the definitions in group simple_PID"
kill -TERM $h1
wait $h1
is "$?|$(tail -n 1 "$TMP/hold1.out")|$(stable_cat "$UE" | grep -c "^p:simple_$h1/")" \
	"0|detached group simple_$h1|0" \
	"attach --hold: SIGTERM removes group simple_PID, exit 0"

# SIGKILL leaves a stale group; --sweep removes it, not a live holder's,
# not the foreign group.
marker-resolve attach --hold shop > "$TMP/hold2.out" 2> "$TMP/hold2.err" &
h2=$!
holders="$holders $h2"
marker-resolve attach --hold shop > "$TMP/hold3.out" 2> "$TMP/hold3.err" &
h3=$!
holders="$holders $h3"
waitfor "$TMP/hold2.out" '^attached'
waitfor "$TMP/hold3.out" '^attached'
kill -KILL $h2
{ wait $h2; } 2> /dev/null	# no "Killed" from the shell
is "$(stable_cat "$UE" | grep -c "^p:simple_$h2/")" "$ndefs" \
	"attach --hold killed with SIGKILL: its group stays"
run marker-resolve detach --sweep
# (Any number: a sweep run meanwhile by someone else may have taken ours.)
is "$rc|$(grep -cx 'swept [0-9][0-9]* stale groups\{0,1\}' "$TMP/out")" "0|1" \
	"detach --sweep: exit 0, prints a count"
is "$(stable_cat "$UE" | grep -c "^p:simple_$h2/")|$(test -e "$TFS/events/simple_$h2" &&
	echo left)" "0|" "detach --sweep: the stale group is gone"
is "$(stable_cat "$UE" | grep -c "^p:simple_$h3/")|$(stable_cat "$UE" | grep -c "^p:$FOREIGN/")" \
	"$ndefs|1" "detach --sweep: a live holder's group and the foreign group stay"
kill -TERM $h3
wait $h3
is "$(stable_cat "$UE" | grep -c "^p:simple_$h3/")" "0" "the live holder detaches on SIGTERM"
printf -- '-:%s/x\n' "$FOREIGN" >> "$UE"
fi

# ---- 3c. the SDT probe attached for real ----
if ! $have_tfs || ! $have_sdt; then
	skip "${tracefs_why:-no sys/sdt.h}"
	skip "${tracefs_why:-no sys/sdt.h}"
else
	cd "$SD"
	run marker-resolve attach -g "$G" sdtprog
	is "$rc|$(stable_cat "$UE" | grep "^p:$G/" | norm)" \
		"0|$(sed "s|^p:simple/|p:$G/|" "$TMP/sdt.txt")" \
		"sdt: attached as printed"
	echo 1 > "$I/events/$G/enable"
	./sdtprog 4 > "$TMP/sdt.out" &
	pid=$!
	wait $pid
	is "$(sed -n "s/^ *[^ ]*-$pid  *\[.*: prov_hit: (0x[0-9a-f]*) arg1=\([-0-9]*\) arg2=\([-0-9]*\)$/hit \1 \2/p" \
		"$I/trace")" "$(cat "$TMP/sdt.out")" \
		"sdt: the fetched arguments are what the program printed (local and global)"
	marker-resolve detach -g "$G" > /dev/null
fi

# ---- 7. hostile input end to end ----
cat > "$TMP/patch.py" <<'EOF'
import re, subprocess, sys

# patch.py IN OUT MARKER FIELD TEXT: IN copied to OUT with the string FIELD
# (name, file, format or argN) of MARKER's record in __simple_marker
# replaced by TEXT (Python escapes), padded with 'x' to the same length.
src, dst, marker, field, text = sys.argv[1:6]
text = text.encode().decode("unicode_escape").encode("latin-1")
data = bytearray(open(src, "rb").read())
off = size = None
for l in subprocess.run(["readelf", "-S", "-W", src], capture_output=True,
                        text=True).stdout.splitlines():
    m = re.search(r"\]\s+__simple_marker\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)"
                  r"\s+([0-9a-f]+)", l)
    if m:
        off, size = int(m.group(1), 16), int(m.group(2), 16)
if off is None:
    sys.exit("no __simple_marker section")
sec = data[off:off + size]
pos = 0
while True:
    pos = sec.find(b"SMKR", pos)
    if pos < 0:
        sys.exit("no record for " + marker)
    nargs = sec[pos + 5]
    s = pos + 16
    fields = []
    for i in range(3 + nargs):
        e = sec.index(b"\0", s)
        fields.append((s, e))
        s = e + 1
    if sec[fields[0][0]:fields[0][1]] == marker.encode():
        break
    pos += 4
i = {"name": 0, "file": 1, "format": 2}.get(field)
if i is None:
    i = 3 + int(field[3:])
s, e = fields[i]
if len(text) > e - s:
    sys.exit("text longer than the field")
data[off + s:off + e] = text + b"x" * (e - s - len(text))
open(dst, "wb").write(data)
EOF
H=$TMP/hostile
mkdir -p "$H"
cd "$H"
# hostile DESC FILE MARKER FIELD TEXT WARNING NEEDLE...: FILE, a copy of
# shop with MARKER's record rewritten to TEXT: no line of the output but
# comments carries a NEEDLE (the hostile parts of TEXT); with WARNING, the
# record is skipped with that warning.  Attached (as root), no NEEDLE
# reaches a line of uprobe_events that probes our files (others' lines
# may well say "closed"), and only our group probes the file, with the
# definitions printed.
hostile() {
	_d=$1 _f=$2 _m=$3 _field=$4 _t=$5 _w=$6
	shift 6
	_n=""
	for _x in "$@"; do
		_n="$_n -e $_x"
	done
	python3 "$TMP/patch.py" "$TMP/gcc/shop" "$_f" "$_m" "$_field" "$_t"
	run marker-resolve "$_f"
	cp "$TMP/out" "$TMP/$_f.out"
	is "$rc|$(grep -v '^#' "$TMP/out" | grep -cF $_n)|$(grep -c "^marker-resolve: warning: $_f: __simple_marker+[0-9a-fx]*: $_w, record skipped\$" "$TMP/err")" \
		"0|0|$([ -n "$_w" ] && echo 1 || echo 0)" \
		"hostile $_d: no definition carries it${_w:+; skipped: $_w}"
	if $have_tfs; then
		run marker-resolve attach -g "$G" "$_f"
		is "$rc|$(stable_cat "$UE" | grep -F "$H/" | grep -cF $_n)|$(stable_cat "$UE" | grep -F "$H/$_f:" | grep -vc "^p:$G/")|$(stable_cat "$UE" | grep "^p:$G/" | norm)" \
			"0|0|0|$(grep '^p:' "$TMP/$_f.out" | sed "s|^p:simple/|p:$G/|")" \
			"hostile $_d: attach adds what it printed, in our group, none with it"
		marker-resolve detach -g "$G" > /dev/null
	else
		skip "$tracefs_why"
	fi
}
# The needles have no spaces (word splitting in hostile()); the text is
# padded with x to the field's length.
hostile "argument 'a b NL -:x' of shop_closed" h1 shop_closed arg0 \
	'a b\n-:x' "bad argument expression" -:xxxxx
hostile "name 'shop closed'" h2 shop_closed name 'shop closed' \
	"marker name is not a C identifier" closed
hostile "name 'order NL -:x' of order_done" h3 order_done name 'order\n-:x' \
	"marker name is not a C identifier" -:xxxx
hostile "argument 'a b -:x' (a valid record, an expression refused)" h4 \
	shop_closed arg0 'a b -:x' "" -:xxxxx
is "$(grep -c '^# shop_closed: a b -:xxxxx unavailable at main+0x[0-9a-f]*: ' \
	"$TMP/h4.out")|$(grep -c '^p:simple/shop_closed ' "$TMP/h4.out")" "1|1" \
	"hostile argument 'a b -:x': left out of the definition, a comment names it"

# Paths with a space and a newline: refused, nothing printed or attached.
mkdir -p "$H/sp ace" "$H/nl
-:x"
cp "$TMP/gcc/shop" "$H/sp ace/shop"
cp "$TMP/gcc/shop" "$H/nl
-:x/shop"
# One refusal for each marker that has a probe.
nprobed=$(python3 -c 'import json, sys
print(sum(1 for m in json.load(open(sys.argv[1]))["markers"] if m["sites"]))' \
	"$TMP/gcc.json")
for p in "sp ace/shop" "nl
-:x/shop"; do
	d=$(printf '%s' "$p" | tr '\n' '~')
	run marker-resolve "$p"
	is "$rc|$(grep -vc '^#' "$TMP/out")|$(grep -c 'paths may not contain' "$TMP/err")" \
		"1|0|$nprobed" "path '$d': exit 1, no definition, each refused"
	is "$(grep -o 'marker-resolve: ' "$TMP/err" | grep -c .)" "$nprobed" \
		"path '$d': 'marker-resolve: PATH: NAME: why', one prefix"
	if $have_tfs; then
		run marker-resolve attach -g "$G" "$p"
		is "$rc|$(stable_cat "$UE" | grep -c "^p:$G/")|$(stable_cat "$UE" | grep -cF "$H/")" \
			"1|0|0" "path '$d': attach exits 1, adds nothing"
	else
		skip "$tracefs_why"
	fi
done

# ---- ad-hoc points: --at FILE:LINE on a program without markers ----
mkdir -p "$TMP/at"
cd "$TMP/at"
cp "$TOP/tests/fixtures/resolve_at.c" .
gcc -O0 -g -o at resolve_at.c
run marker-resolve --at 'resolve_at.c:10=at_pt x:%d name:%s y:%d' at
is "$rc|$(grep -c '^#' "$TMP/out")|$(sed -n 's|^p:simple/at_pt [^ ]* \(.*\)|\1|p' "$TMP/out" |
	sed 's/=[^ ]*//g')" "0|0|x name y" \
	"--at: one exact definition with the three fields"
if $have_tfs; then
	run marker-resolve attach -g "${G}at" \
		--at 'resolve_at.c:10=at_pt x:%d name:%s y:%d' at
	[ -d "$I/events/${G}at" ] && echo 1 > "$I/events/${G}at/enable"
	./at > /dev/null &
	apid=$!
	wait $apid
	is "$(sed -n "s/^ *[^ ]*-$apid  *\[.*: at_pt: (0x[0-9a-f]*) //p" \
		"$I/trace" | tr '\n' ';')" \
		'x=3 name="three" y=6;x=5 name="five" y=10;' \
		"--at: attached, each call's values right"
	run marker-resolve detach -g "${G}at"
	is "$rc|$(stable_cat "$UE" | grep -c "^p:${G}at/")" "0|0" "--at: detached"
else
	skip "$tracefs_why"
	skip "$tracefs_why"
fi

# ---- 8. errors ----
cd "$TMP"
cp "$TMP/gcc/shop" shop
run marker-resolve "$TMP/nope"
is "$rc|$(cat "$TMP/out")|$(cat "$TMP/err")" \
	"1||marker-resolve: $TMP/nope: No such file or directory" \
	"a missing file: exit 1, the path named"
echo "not an ELF" > notelf
run marker-resolve notelf
is "$rc|$(cat "$TMP/out")|$(cat "$TMP/err")" \
	"1||marker-resolve: notelf: not an ELF file" "a non-ELF file: exit 1"
cp "$TMP/gcc/shop" nodebug
strip -g nodebug
run marker-resolve nodebug
is "$rc|$(cat "$TMP/out")|$(grep -c '^marker-resolve: nodebug: no debuginfo' "$TMP/err")" \
	"1||1" "strip -g: exit 1, no debuginfo"
(cd "$TMP/gcc" && gcc $CFLAGS -c -o "$TMP/shop.o" shop.c)
run marker-resolve shop.o
is "$rc|$(cat "$TMP/out")|$(cat "$TMP/err")" \
	"1||marker-resolve: shop.o: a relocatable object that is not a kernel module cannot be probed; give the linked binary" \
	"a relocatable .o: exit 1, asks for the linked binary"
usage() {
	_want=$1
	shift
	run marker-resolve "$@"
	is "$rc|$(cat "$TMP/out")|$(head -n 1 "$TMP/err")" "2||$_want" \
		"usage: marker-resolve $*: exit 2"
}
usage "marker-resolve: no input: give files, directories, module names or -k RELEASE"
usage "marker-resolve: unknown format 'bogus'" --format=bogus shop
usage "marker-resolve: detach takes no files" detach shop
usage "marker-resolve: --sweep goes with detach" --sweep
usage "marker-resolve: --sweep goes with detach" attach --sweep shop
usage "marker-resolve: --hold and --dry-run go with attach" --dry-run shop
usage "marker-resolve: attach takes no --format" attach --format=json shop

cd "$TMP"
done_testing
