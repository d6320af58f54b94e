#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# workdir-guard.sh SRCDIR — the tests delete files only in a directory of
# their own.  A directory "keep" holding files, among them every name a
# test script deletes in its working directory (src, obj, v1, apply.jsonl,
# good, ...), is the current directory of:
#   - lib.sh's clean_workdir and testlib.workdir(), by hand (no
#     ASMINLINE_TEST_WORKDIR) and with ASMINLINE_TEST_WORKDIR naming it but
#     without the marker file asminline_add_test writes (a variable copied
#     from `ctest -V` into a shell);
#   - the Python test scripts that delete files (check.py, sites.py,
#     dwarf/mapped.py, plugin/workflow.py, scripts/runtime-report.py,
#     kernel/scratch.py's workdir()), both ways, with tools that fail at
#     once;
# and keep/ is byte for byte what it was after each.  Then the other side:
# a directory holding the marker, named by ASMINLINE_TEST_WORKDIR, is
# emptied by both helpers but for the marker.
set -euo pipefail
SRCDIR=$(cd "${1:?usage: $0 SRCDIR}" && pwd)
TEST=tests-workdir-guard
. "$SRCDIR/tests/lib/lib.sh"
clean_workdir
need python3 find sha256sum

WORK=$PWD
mkdir -p tmp keep/sub keep/src keep/obj keep/v1 keep/good keep/cut keep/large keep/ar
export TMPDIR=$WORK/tmp	# the temporary directories made by hand go here
for f in a.txt sub/b.txt .hidden src/x.c obj/x.o v1/check.h good/boots \
	cut/boots apply.jsonl report.jsonl base.txt r.jsonl b.txt.tmp.1 \
	large/one.o ar/lib.a obj/pad.o \
	"$TEST-6.1"; do
	echo "$f" >"keep/$f"
done
state() { (cd "$WORK/keep" && find . -printf '%p %y %s\n' | sort && find . -type f -exec sha256sum {} + | sort); }
state >before.txt

unchanged() {
	state >after.txt
	cmp -s before.txt after.txt || {
		diff before.txt after.txt >&2 || true
		fail "$*: keep/ changed"
	}
}

# The helpers, by hand and with the variable but no marker.
for env in "" "$WORK/keep"; do
	how=${env:+"ASMINLINE_TEST_WORKDIR=keep, no marker"}
	how=${how:-by hand}
	(cd keep && ASMINLINE_TEST_WORKDIR=$env TEST=guard bash -c \
		'. "$1/tests/lib/lib.sh"; clean_workdir; echo x >made-here' _ "$SRCDIR") >/dev/null
	unchanged "clean_workdir ($how)"
	(cd keep && ASMINLINE_TEST_WORKDIR=$env python3 -c '
import os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "tests", "lib"))
import testlib
w = testlib.workdir("guard")
os.chdir(w)
open("made-here", "w").close()
assert not os.path.samefile(w, sys.argv[2]), w
' "$SRCDIR" "$WORK/keep") >/dev/null
	unchanged "testlib.workdir ($how)"

	# The scripts, with tools that fail at once (they must not get as
	# far as deleting anything, or delete only in a directory of their own).
	t=$SRCDIR/tests
	for cmd in "$t/analyzer/check/check.py /bin/false /nonexistent/asminline.so /bin/false $SRCDIR" \
		"$t/analyzer/report/sites.py /bin/false /nonexistent/asminline.so /bin/false $SRCDIR" \
		"$t/analyzer/dwarf/mapped.py /bin/false /bin/false $SRCDIR /nonexistent/asminline.so" \
		"$t/plugin/workflow.py /nonexistent/asminline.so /bin/false" \
		"$t/scripts/runtime-report.py $SRCDIR"; do
		# shellcheck disable=SC2086 # one command line per word list
		(cd keep && ASMINLINE_TEST_WORKDIR=$env timeout 120 python3 $cmd) >/dev/null 2>&1 || true
		unchanged "${cmd%% *} ($how)"
	done
	(cd keep && ASMINLINE_TEST_WORKDIR=$env python3 -c '
import os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "tests", "kernel"))
import scratch
w = scratch.workdir(sys.argv[2], "6.1")
assert not os.path.samefile(os.path.dirname(w), sys.argv[3]), w
' "$SRCDIR" "$TEST" "$WORK/keep") >/dev/null
	unchanged "scratch.workdir ($how)"
done

# With the marker, as ctest runs a test: emptied, the marker kept.
for helper in shell python; do
	rm -rf mine
	mkdir -p mine/sub
	echo guard >mine/.asminline-test-workdir
	touch mine/a mine/.b mine/sub/c
	if [ $helper = shell ]; then
		(cd mine && ASMINLINE_TEST_WORKDIR=$WORK/mine TEST=guard bash -c \
			'. "$1/tests/lib/lib.sh"; clean_workdir; [ "$PWD" = "$2" ]' _ "$SRCDIR" "$WORK/mine") ||
			fail "clean_workdir left the marked directory"
	else
		(cd mine && ASMINLINE_TEST_WORKDIR=$WORK/mine python3 -c '
import os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "tests", "lib"))
import testlib
assert testlib.workdir("guard") == os.getcwd()
' "$SRCDIR") || fail "testlib.workdir left the marked directory"
	fi
	[ "$(cd mine && find . -mindepth 1)" = "./.asminline-test-workdir" ] ||
		fail "$helper: the marked directory was not emptied but for its marker: $(cd mine && find .)"
done

# ctest's own directory for this test carries the marker.
[ -z "${ASMINLINE_TEST_WORKDIR:-}" ] || [ "$(cat "$ASMINLINE_TEST_WORKDIR/.asminline-test-workdir")" = "$TEST" ] ||
	fail "no marker naming $TEST in $ASMINLINE_TEST_WORKDIR"
pass "keep/ untouched by 2 helpers and 6 scripts, by hand and without the marker"
