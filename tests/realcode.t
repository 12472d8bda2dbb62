#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# realcode.t - on real programs nobody here wrote (Debian's zlib and
# bzip2 sources), markers called exact fire exactly and fetch the right
# values (bench/realcode/run.py).
#
# A fixed-seed slice of bench/realcode: the source packages fetched and
# unpacked by scripts/debian-source.sh, 40 markers a program inserted by
# libclang at statement boundaries of every C file, the programs' own
# workloads (zlib's example.c, bzip2 -9 on its own source), a witness
# build and the zero-cost build at gcc and clang -O0 and -O2, every site
# attached as a real uprobe.  Asserted per configuration: both programs
# ran and were kept, the slice is not empty, no silent miscount, no wrong
# value in a marker called exact.  The slice was chosen before the
# checks it asserts were written; a failure here is a placement bug.
#
# Needs root (tracefs, uprobes), python3-clang-14, the network once (the
# sources; a deb-src entry is added as root when there is none).
# REALCODE_MARKERS, REALCODE_SEED override the slice.
. "$(dirname "$0")/lib/tap.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root (tracefs, uprobes)"
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
$PY -c 'import sys; sys.path.insert(0, "/usr/lib/python3/dist-packages");
import clang.cindex' 2>/dev/null || skip_all "python3-clang-14 not installed"
for t in gcc clang dpkg-source apt-get; do
	command -v $t >/dev/null || skip_all "$t not installed"
done
[ -x "$TOP/tools/resolve/marker-resolve" ] ||
	skip_all "tools/resolve/marker-resolve not built (make)"

CONFIGS=gcc-O0,gcc-O2,clang-O0,clang-O2
start=$(date +%s)
$PY "$TOP/bench/realcode/run.py" --projects zlib,bzip2 --configs $CONFIGS \
	--markers "${REALCODE_MARKERS:-40}" --seed "${REALCODE_SEED:-1}" \
	--json "$TMP/realcode.json" --workdir "$TMP/work" -q \
	> "$TMP/realcode.out" 2>&1
rc=$?
diag "$(cat "$TMP/realcode.out")"
is "$rc" 0 "run.py ran (zlib, bzip2; $CONFIGS)"

if [ -s "$TMP/realcode.json" ]; then
	$PY - "$TMP/realcode.json" "$CONFIGS" > "$TMP/realcode.tap" <<'PYEOF'
import json
import sys

doc = json.load(open(sys.argv[1]))
for cfg in sys.argv[2].split(","):
    t = doc["totals"][cfg]
    kept = [p["name"] for p in doc["projects"]
            if "rows" in p.get("configs", {}).get(cfg, {})]
    print(f"{0 if len(kept) == 2 else 1}\t{cfg}: both programs ran and "
          f"were kept ({', '.join(kept) or 'none'})")
    print(f"{0 if t['live'] >= 40 else 1}\t{cfg}: {t['markers']} markers, "
          f"{t['live']} live (at least 40)")
    bad = [f for f in doc["failures"]
           if f"{f['cc']}{f['level']}" == cfg]
    for kind, what in (("miscount", "silent miscount"),
                       ("wrong", "wrong value in an exact marker")):
        mine = [f for f in bad if f["kind"] == kind]
        print(f"{0 if not mine else 1}\t{cfg}: no {what}")
        for f in mine:
            print(f"#\t{f['project']} {f['marker']} ({f['file']}:"
                  f"{f['line']} {f['func']}, rule {f['rule']}): "
                  f"{'; '.join(f['problems'])}")
PYEOF
	tap_from "$TMP/realcode.tap"
else
	_tap_result 1 "run.py wrote no results"
fi
diag "realcode slice: $(( $(date +%s) - start )) s"
plan $_tap_n
done_testing
