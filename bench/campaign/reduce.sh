#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# reduce.sh MARKED.c CC-LEVEL MARKER miscount|wrong RULE OUTDIR [SECONDS]
#
# Minimizes one campaign failure with cvise: keeps only MARKER's
# trace_simple() (the others are statements of their own, removed
# first, unless the failure needs them), then lets cvise shrink the
# program while interesting.py says the failure is still there, of the
# same rule, with no undefined behaviour.  The result is OUTDIR/repro.c; cvise is stopped after
# SECONDS (default 1200) with the best file so far.
set -eu
[ $# -ge 6 ] || {
	echo "usage: $0 MARKED.c CC-LEVEL MARKER KIND RULE OUTDIR [SECONDS]" >&2
	exit 2
}
src=$1 cfg=$2 marker=$3 kind=$4 rule=$5 out=$6 secs=${7:-1200}
here=$(cd "$(dirname "$0")" && pwd)
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
mkdir -p "$out"
$PY - "$src" "$marker" "$out/repro.c" << 'PYEOF'
import re, sys
s = open(sys.argv[1]).read()
keep = sys.argv[2]
s = re.sub(r'trace_simple\((m\d+), "[^"]*"(?:, \w+)*\); ',
           lambda m: m.group(0) if m.group(1) == keep else '', s)
open(sys.argv[3], 'w').write(s)
PYEOF
cat > "$out/test.sh" << TESTEOF
#!/bin/sh
exec $PY $here/interesting.py repro.c $cfg $marker $kind "$rule"
TESTEOF
chmod +x "$out/test.sh"
cd "$out"
if ! ./test.sh; then
	# Placement may depend on the other markers (a shared address, a
	# neighbour's line): reduce with all of them then.
	cp "$src" repro.c
	./test.sh || { echo "$0: $src: not interesting" >&2; exit 1; }
	echo "$0: other markers needed" >&2
fi
timeout "$secs" cvise --n 1 --timeout 60 ./test.sh repro.c > cvise.log 2>&1 ||
	:
./test.sh || { echo "$0: $out/repro.c: no longer interesting" >&2; exit 1; }
wc -l repro.c
