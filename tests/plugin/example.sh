#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# example.sh PLUGIN CC ASMSCAN — examples/kernel-like/README.md shows a
# command and its output; this runs the command (output into this test's
# own directory) and checks the output is still exactly that block.
. "$(dirname "$0")/lib.sh"
ASMSCAN=${3:?usage: $0 PLUGIN CC ASMSCAN}
need_x86_64
need_tool python3 make nm objcopy
clean_workdir

EXAMPLE=$TESTDIR/../../examples/kernel-like
[ "$("$CC" -dumpfullversion)" = 12.2.0 ] ||
	skip "the recorded output is GCC 12.2.0's; this is $("$CC" -dumpfullversion)"

# The block after "```text" that follows the demo command in README.md.
awk '/^examples\/kernel-like\/demo.py/ { cmd = 1 }
     cmd && /^```text$/ { on = 1; next }
     on && /^```$/ { exit }
     on' "$EXAMPLE/README.md" >expected.txt
[ -s expected.txt ] || fail "no output block in examples/kernel-like/README.md"

CC="$CC" python3 "$EXAMPLE/demo.py" "$PLUGIN" "$ASMSCAN" "$PWD/out" >actual.txt ||
	fail "demo.py failed"
diff -u expected.txt actual.txt || fail "demo output differs from examples/kernel-like/README.md"
pass
