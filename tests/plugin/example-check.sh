#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# example-check.sh PLUGIN CC ASMSCAN — examples/kernel-like/README.md shows
# check-demo.sh (asmscan check against the committed baseline) and its
# output; this runs the command (builds into this test's own directory)
# and checks the output is still exactly that block.  The first of its
# three runs reporting "0 new, 0 fixed" also proves the committed
# asmscan-baseline.txt is the example's current state.
. "$(dirname "$0")/lib.sh"
ASMSCAN=${3:?usage: $0 PLUGIN CC ASMSCAN}
need_x86_64
need_tool make patch
clean_workdir

EXAMPLE=$TESTDIR/../../examples/kernel-like
# The same output with GCC 12, 13, 14, 15 and 16 (no code sizes in it).

# The block after "```text" that follows the check-demo command in README.md.
awk '/^examples\/kernel-like\/check-demo.sh/ { cmd = 1 }
     cmd && /^```text$/ { on = 1; next }
     on && /^```$/ { exit }
     on' "$EXAMPLE/README.md" >expected.txt
[ -s expected.txt ] || fail "no check-demo output block in examples/kernel-like/README.md"

CC="$CC" "$EXAMPLE/check-demo.sh" "$PLUGIN" "$ASMSCAN" "$PWD/out" >actual.txt ||
	fail "check-demo.sh failed"
diff -u expected.txt actual.txt || fail "check-demo output differs from examples/kernel-like/README.md"
pass
