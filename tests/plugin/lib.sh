# SPDX-License-Identifier: GPL-2.0
#
# lib.sh — shared by the plugin test scripts (sourced, not run): the
# helpers of every test (tests/lib/lib.sh) and the plugin's arguments.
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

. "$TESTDIR/../lib/lib.sh"

# The test inputs are x86-64 kernel idioms (lock prefixes, __ex_table).
need_x86_64() {
	case $("$CC" -dumpmachine) in
	x86_64-*) ;;
	*) skip "$CC does not target x86-64" ;;
	esac
}

[ -f "$PLUGIN" ] || fail "plugin $PLUGIN not built"
need_tool "$CC"
