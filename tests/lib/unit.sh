# SPDX-License-Identifier: GPL-2.0 OR MIT
# For the tests whose TAP comes from a C program in tests/unit/ ("make
# check" builds them).  Needs $TOP.
#
# unit_program NAME: $unit is tests/unit/NAME; the whole test is skipped
# (TAP "1..0 # SKIP") when it is not built, with a warning when it is older
# than its source.
unit_program() {
	unit=$TOP/tests/unit/$1
	if [ ! -x "$unit" ]; then
		if [ "${SMK_NO_SKIP:-}" = 1 ] ||
		   { [ -z "${SMK_NO_SKIP:-}" ] && [ "${CI:-}" = true ]; }; then
			# In CI a skip is a failure (as in tap.sh).
			echo "1..1"
			echo "not ok 1 - skipped in CI, where it must run: $unit not built"
			exit 1
		fi
		echo "1..0 # SKIP $unit not built (make tests/unit/$1)"
		exit 0
	fi
	if [ "$TOP/tests/unit/$1.c" -nt "$unit" ]; then
		echo "# warning: $unit is older than its source"
	fi
}
