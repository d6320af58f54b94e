#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# example.sh PLUGIN CC ASMSCAN — examples/kernel-like/README.md shows a
# command and its output; this runs the command (output into this test's
# own directory) and checks the output is still exactly that block (GCC
# 12.2), or exactly output-gccN.txt (GCC 13, 14, 15, 16).
. "$(dirname "$0")/lib.sh"
ASMSCAN=${3:?usage: $0 PLUGIN CC ASMSCAN}
need_x86_64
need_tool python3 make nm objcopy
clean_workdir

EXAMPLE=$TESTDIR/../../examples/kernel-like
# README.md shows GCC 12.2's output; other compilers generate other code,
# which changes the code-size lines of the diff: their output is recorded
# whole in output-gccN.txt (by major version).
version=$("$CC" -dumpfullversion)
if [ "$version" = 12.2.0 ]; then
	# The block after "```text" that follows the demo command in README.md.
	awk '/^examples\/kernel-like\/demo.py/ { cmd = 1 }
	     cmd && /^```text$/ { on = 1; next }
	     on && /^```$/ { exit }
	     on' "$EXAMPLE/README.md" >expected.txt
	[ -s expected.txt ] || fail "no output block in examples/kernel-like/README.md"
	recorded=examples/kernel-like/README.md
else
	recorded=examples/kernel-like/output-gcc${version%%.*}.txt
	[ -f "$TESTDIR/../../$recorded" ] ||
		skip "no recorded output for GCC $version (README.md is GCC 12.2's; $recorded does not exist)"
	cp "$TESTDIR/../../$recorded" expected.txt
fi

CC="$CC" python3 "$EXAMPLE/demo.py" "$PLUGIN" "$ASMSCAN" "$PWD/out" >actual.txt ||
	fail "demo.py failed"
diff -u expected.txt actual.txt || fail "demo output differs from $recorded (GCC $version)"
pass
