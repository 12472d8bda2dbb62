#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# values.t - computed values (tools/lib/smk/compute.c) through the tool's
# own paths, with real uprobes, against the witness build.
#
# The fidelity corpus (tests/fidelity, computed.c above all: a mask,
# shifts, a sum, a difference, a product of two registers, an arithmetic
# shift, a negation, which DWARF describes only as expressions with
# DW_OP_stack_value) built by gcc and clang at -O2:
#
#   - the JSON gives each such argument "how": "computed", its program
#     and its inputs, and never a spec;
#   - "marker-resolve attach" attaches the inputs as fields NAME__K and
#     records the programs; the corpus runs, its trace is read from a
#     private instance and "marker-resolve symbolize-ftrace" prints
#     "values = { NAME = V }": every value of every hit is the witness's;
#   - a record file from before the computed field (four fields) still
#     names its marker.
#
# tests/fidelity.t checks the same values corpus-wide at -O0..-Os (with
# its own evaluator of the program), tests/bpftrace.t the bpftrace form.
. "$(dirname "$0")/lib/tap.sh"
. "$TOP/tests/lib/tracefs.sh"

for t in gcc clang python3; do
	command -v $t > /dev/null || skip_all "$t not installed"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"
tracefs_setup || skip_all "$tracefs_why"
plan 5

R=$TOP/tools/resolve/marker-resolve
LDS=$TOP/scripts/simple_marker-user.lds
export SMK_STATE_DIR=$TMP/state
G=smkval_$$
INST=$TFS/instances/$G
# KEEP=1 leaves $TMP (builds, traces, the symbolized text) for a look.
cleanup() {
	[ -d "$INST" ] && rmdir "$INST" 2> /dev/null
	"$R" detach --group "$G" > /dev/null 2>&1
	[ -n "${KEEP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

build() {	# DIR CC FLAGS...
	_d=$1 _cc=$2
	shift 2
	mkdir -p "$_d" &&
	$_cc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I"$TOP/include" "$@" \
		-o "$_d/fid" "$TOP"/tests/fidelity/*.c -Wl,-T,"$LDS" \
		2> "$_d/err"
}

# check CC MIN: one compiler's two results (at least MIN computed).
check() {
	cc=$1 min=$2 D=$TMP/$1
	if ! build "$D/w" "$cc" -DSMK_WITNESS || ! build "$D/z" "$cc"; then
		_tap_result 1 "$cc -O2: corpus builds"
		_tap_result 1 "$cc -O2: symbolize-ftrace (no build)"
		diag "$(head -5 "$D/w/err" "$D/z/err")"
		return
	fi
	(cd "$D/w" && SMK_WITNESS_FILE="$D/w/witness.log" ./fid > /dev/null)
	"$R" --format=json "$D/z/fid" > "$D/z.json" 2> /dev/null
	python3 - "$D/z.json" > "$D/how" <<'PY'
import json, sys
n = bad = 0
for m in json.load(open(sys.argv[1]))["markers"]:
    for s in m["sites"]:
        for a in s["args"]:
            if a.get("how") != "computed":
                continue
            n += 1
            ins = a.get("inputs") or []
            if a.get("spec") or not a.get("compute") or not ins or \
               any(not i.get("spec") or not i["name"].endswith("__%d" % k)
                   for k, i in enumerate(ins)):
                bad += 1
print(n, bad)
PY
	set -- $(cat "$D/how")
	if [ "${1:-0}" -ge "$min" ] && [ "${2:-1}" = 0 ]; then
		_tap_result 0 "$cc -O2: $1 computed arguments, each with a program and named inputs, none with a spec"
	else
		_tap_result 1 "$cc -O2: computed arguments in the JSON ($*)"
	fi
	ncomp=$1

	# Every marker, attached by the tool (-N takes one glob).
	mkdir -p "$INST"
	if ! "$R" attach --group "$G" "$D/z/fid" > "$D/attach" 2>&1; then
		_tap_result 1 "$cc -O2: attach the corpus"
		diag "$(tail -5 "$D/attach")"
		return
	fi
	for e in "$INST/events/$G"/*/enable; do echo 1 > "$e"; done
	(cd "$D/z" && ./fid > /dev/null)
	for e in "$INST/events/$G"/*/enable; do echo 0 > "$e"; done
	cat "$INST/trace" > "$D/trace"
	# While attached: detach drops the record symbolize-ftrace reads.
	"$R" symbolize-ftrace "$D/trace" > "$D/sym" 2> "$D/sym.err"
	cp "$SMK_STATE_DIR/$G" "$TMP/record"
	"$R" detach --group "$G" > /dev/null 2>&1
	python3 - "$D/w/witness.log" "$D/sym" "$D/z.json" > "$D/cmp" <<'PY'
import collections, json, re, sys
wit = collections.defaultdict(list)
for l in open(sys.argv[1]):
    t = re.findall(r'"[^"]*"|\S+', l)
    wit[t[0]].append(t[1:])
pos = {}
for m in json.load(open(sys.argv[3]))["markers"]:
    for s in m["sites"]:
        for i, a in enumerate(s["args"]):
            # entry values print in "values = {}" too (entry.t, which
            # checks markers that miss hits too)
            if a.get("how") == "computed" or (
                    a.get("how") == "entry value" and
                    m["verdict"] == "exact"):
                pos.setdefault(m["name"], {})[a["name"]] = i
got = collections.defaultdict(list)
for l in open(sys.argv[2]):
    m = re.search(r'marker = \{ name = "(\w+)".*values = \{ (.*) \}$', l)
    if m:
        got[m.group(1)].append(dict(re.findall(r'(\w+) = (\S+?),? ',
                                                m.group(2) + " ")))
n = bad = 0
for name, hits in got.items():
    if name not in pos:
        continue
    w = wit.get(name, [])
    if len(w) != len(hits):
        print("%s: %d hits, want %d" % (name, len(hits), len(w)))
        bad += 1
        continue
    for h, want in zip(hits, w):
        for k, v in h.items():
            n += 1
            i = pos[name][k]
            if v == "?" or int(v, 0) % 2**64 != int(want[i], 0) % 2**64:
                print("%s %s: got %s want %s" % (name, k, v, want[i]))
                bad += 1
print("values %d wrong %d" % (n, bad))
PY
	last=$(tail -n 1 "$D/cmp")
	n=$(echo "$last" | sed 's/values \([0-9]*\).*/\1/')
	if [ "$last" = "values $n wrong 0" ] && [ "$n" -gt 0 ]; then
		_tap_result 0 "$cc -O2: symbolize-ftrace computes every value as the witness has it ($n values, $ncomp arguments)"
	else
		_tap_result 1 "$cc -O2: symbolize-ftrace computes the witness's values"
		diag "$(head -20 "$D/cmp")" "$(head -5 "$D/sym.err")"
	fi
	rmdir "$INST" 2> /dev/null
}
check gcc 8
check clang 2

# The record of the last attach, its computed field dropped: four
# fields, as before the field existed, still name the marker.
mkdir -p "$TMP/old"
line=$(grep -m1 "	p:$G/" "$TMP/record" 2>/dev/null)
printf '%s\n' "$line" | cut -f 1-4 > "$TMP/old/$G"
ev=$(printf '%s\n' "$line" | cut -f 1)
printf '            fid-1     [000] ..... 1.000000: %s: (0x1234) x=0x1\n' \
	"$ev" > "$TMP/old/trace"
out=$(SMK_STATE_DIR=$TMP/old "$R" symbolize-ftrace "$TMP/old/trace" 2>&1)
case $out in
*"marker = { name = \"$ev\""*) ok=0 ;;
*) ok=1 ;;
esac
[ -n "$ev" ] || ok=1
case $out in *"values = "*) ok=1 ;; esac
_tap_result $ok "a record of four fields still names its marker, and computes nothing"
[ $ok = 0 ] || diag "$out"
done_testing
