# SPDX-License-Identifier: GPL-2.0 OR MIT
# Minimal TAP helpers for the shell tests; source it from a tests/*.t file.
#
#   . "$(dirname "$0")/lib/tap.sh"
#   plan 3            (or: skip_all "reason")
#   ok "desc" cmd...  is "got" "expected" "desc"  diag "text"
#   run cmd...        (stdout, stderr, status in $TMP/out, $TMP/err, $rc)
#   fail_rest "why" [diag text]   (a fatal error after plan)
#
# A skip path emits one result (skip "reason") for each result of the
# path it stands for: the plan holds on every machine (tests/plans.t
# checks it on a machine without root and without optional tools).
#
# Sets TOP (the project root), a private $TMP (removed on exit), and puts
# the built tools on PATH.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
PATH="$TOP/tools/marker-list:$TOP/tools/resolve:$PATH"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/smk-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
_tap_n=0
_tap_fail=0

_tap_plan=
plan() { _tap_plan=$1; echo "1..$1"; }
# In CI (CI=true, or SMK_NO_SKIP=1) every part is there by construction:
# a skip there is a failure, reported with its reason.
_tap_noskip=${SMK_NO_SKIP:-}
[ -z "$_tap_noskip" ] && [ "${CI:-}" = true ] && _tap_noskip=1
[ "$_tap_noskip" = 1 ] || _tap_noskip=
skip_all() {
	if [ -n "$_tap_noskip" ]; then
		echo "1..1"
		echo "not ok 1 - skipped in CI, where it must run: $*"
		exit 1
	fi
	echo "1..0 # SKIP $*"
	exit 0
}
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

_tap_result() {
	_tap_n=$((_tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $_tap_n - $2"
	else
		_tap_fail=$((_tap_fail + 1))
		echo "not ok $_tap_n - $2"
	fi
}

# ok DESC CMD...: passes when CMD exits 0.
ok() {
	_d=$1; shift
	if "$@"; then _tap_result 0 "$_d"; else _tap_result 1 "$_d"; fi
}

# is GOT EXPECTED DESC: string equality, with a diff on failure.
is() {
	if [ "$1" = "$2" ]; then
		_tap_result 0 "$3"
	else
		_tap_result 1 "$3"
		diag "got:      '$1'" "expected: '$2'"
	fi
}

# run CMD...: stdout in $TMP/out, stderr in $TMP/err, status in $rc.
run() {
	"$@" > "$TMP/out" 2> "$TMP/err"
	rc=$?
}

# tap_from FILE: lines "STATUS<TAB>DESC" (the fidelity and campaign
# check.py scripts) as TAP: 0/1 a result, T0/T1 a known failure's TODO
# (passing/failing), "#" a comment.
tap_from() {
	while IFS="$(printf '\t')" read -r st desc; do
		case $st in
		"#")	diag "$desc" ;;
		T0)	_tap_n=$((_tap_n + 1))
			echo "ok $_tap_n - $desc # TODO known failure" ;;
		T1)	_tap_n=$((_tap_n + 1))
			echo "not ok $_tap_n - $desc # TODO known failure" ;;
		*)	_tap_result "$st" "$desc" ;;
		esac
	done < "$1"
}

# golden FILE_EXPECTED FILE_GOT DESC: diff -u, shown on failure.
golden() {
	if diff -u "$1" "$2" > "$TMP/.golden.diff" 2>&1; then
		_tap_result 0 "$3"
	else
		_tap_result 1 "$3"
		diag "$(cat "$TMP/.golden.diff")"
	fi
}

# todo REASON HELPER ARGS...: a known failure, reported as TAP TODO (it
# shows in prove's output but does not fail the run).
todo() {
	_reason=$1
	shift
	_fail=$_tap_fail
	"$@" > "$TMP/.todo"
	_tap_fail=$_fail
	sed "/^\(not \)\{0,1\}ok /s|\$| # TODO $_reason|" "$TMP/.todo"
}

skip() {
	if [ -n "$_tap_noskip" ]; then
		_tap_result 1 "skipped in CI, where it must run: $*"
		return
	fi
	_tap_n=$((_tap_n + 1))
	echo "ok $_tap_n # SKIP $*"
}

# fail_rest WHY [TEXT...]: a step the rest of the test needs failed: TEXT
# as a diagnostic, every planned result not run yet a failure "not run:
# WHY" (so the plan still holds and prove names the failures), exit 1.
fail_rest() {
	_why=$1
	shift
	[ $# -gt 0 ] && diag "$@"
	while [ "$_tap_n" -lt "${_tap_plan:-0}" ]; do
		_tap_result 1 "not run: $_why"
	done
	exit 1
}

done_testing() {
	[ "$_tap_fail" = 0 ]
}
