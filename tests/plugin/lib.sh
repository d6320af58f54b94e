# SPDX-License-Identifier: GPL-2.0
#
# lib.sh — shared by the plugin test scripts (sourced, not run).
#
# Every script is called as: SCRIPT PLUGIN CC [SRCDIR]
#   PLUGIN  path of asminline.so ($<TARGET_FILE:asminline>)
#   CC      the GCC that loads it (ASMINLINE_PLUGIN_GCC)
# and runs in its own ctest working directory, which it empties first.
# Exit codes: 0 pass, 1 fail, 77 skipped (with the reason printed).

set -euo pipefail

PLUGIN=${1:?usage: $0 PLUGIN CC}
CC=${2:?usage: $0 PLUGIN CC}
TESTDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TEST=$(basename "$0" .sh)

skip() { echo "$TEST: SKIP: $*"; exit 77; }
fail() { echo "$TEST: FAIL: $*" >&2; exit 1; }
pass() { echo "$TEST: PASS${1:+: $*}"; exit 0; }

need_tool() {
	local t
	for t; do
		command -v "$t" >/dev/null 2>&1 || skip "$t not found (install it: scripts/setup.sh)"
	done
}

# The test inputs are x86-64 kernel idioms (lock prefixes, __ex_table).
need_x86_64() {
	case $("$CC" -dumpmachine) in
	x86_64-*) ;;
	*) skip "$CC does not target x86-64" ;;
	esac
}

# Start from an empty working directory.  Under ctest that is the test's
# own directory (ASMINLINE_TEST_WORKDIR), emptied; run by hand, a fresh
# temporary directory, so a script never deletes files it does not own.
clean_workdir() {
	if [ -n "${ASMINLINE_TEST_WORKDIR:-}" ] && [ "$PWD" -ef "$ASMINLINE_TEST_WORKDIR" ]; then
		find . -mindepth 1 -delete
	else
		cd "$(mktemp -d "${TMPDIR:-/tmp}/asminline-$TEST.XXXXXX")"
		echo "$TEST: working in $PWD"
	fi
}

[ -f "$PLUGIN" ] || fail "plugin $PLUGIN not built"
need_tool "$CC"
