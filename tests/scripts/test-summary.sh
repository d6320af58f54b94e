#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-summary.sh ROOT — scripts/dev/test-summary.py on what ctest itself
# writes: a throw-away CMake project with a test that passes, one that
# skips (exit 77, its reason after 3,000 lines of output) and, in a second
# project, one that fails.  A skip fails the summary, names the test and
# its reason; ASMINLINE_ALLOW_SKIP=1 lets it pass with one line saying so;
# --skip counts a part of the run that never reached ctest; a run with
# nothing skipped passes; a missing file and no file are usage errors.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT}
TEST=scripts-test-summary
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3 cmake ctest
TS=$ROOT/scripts/dev/test-summary.py

project() {	# DIR TEST-COMMANDS...: a CMake project, configured and run
	local dir=$1 i=0
	shift
	mkdir -p "$dir"
	{
		echo "cmake_minimum_required(VERSION 3.20)"
		echo "project(t NONE)"
		echo "enable_testing()"
		for cmd; do
			i=$((i + 1))
			echo "add_test(NAME t$i COMMAND sh -c \"$cmd\")"
			echo "set_tests_properties(t$i PROPERTIES SKIP_RETURN_CODE 77)"
		done
	} >"$dir/CMakeLists.txt"
	cmake -S "$dir" -B "$dir/b" >/dev/null
	ctest --test-dir "$dir/b" --output-junit "$PWD/$dir.xml" >/dev/null 2>&1 || true
}
project skips "true" "seq 3000; echo t2: SKIP: no linux-source tarball; exit 77" \
	"echo prepare-kernel: SKIP: not root; echo t3: SKIP: no tree, said above; exit 77"
project clean "true" "true"
project fails "exit 1"

expect 1 env -u ASMINLINE_ALLOW_SKIP python3 "$TS" skips.xml clean.xml
grep -qx "run-tests: skipped in skips: t2: no linux-source tarball" out.txt ||
	fail "skip reason: $(cat out.txt)"
grep -qx "run-tests: skipped in skips: t3: prepare-kernel: not root; no tree, said above" out.txt ||
	fail "two reasons: $(cat out.txt)"
grep -qx "run-tests: 3 passed, 0 failed, 2 skipped" out.txt || fail "counts: $(cat out.txt)"
grep -q "FAIL: 2 tests were skipped" out.txt || fail "no failure line: $(cat out.txt)"

expect 0 env ASMINLINE_ALLOW_SKIP=1 python3 "$TS" skips.xml
grep -q "ASMINLINE_ALLOW_SKIP=1: 2 skipped tests allowed" out.txt || fail "opt-out: $(cat out.txt)"

expect 1 env -u ASMINLINE_ALLOW_SKIP python3 "$TS" --skip "arm64=no cross gcc" clean.xml
grep -qx "run-tests: skipped in run-tests: arm64: no cross gcc" out.txt ||
	fail "--skip: $(cat out.txt)"

expect 0 env -u ASMINLINE_ALLOW_SKIP python3 "$TS" clean.xml fails.xml
grep -qx "run-tests: 2 passed, 1 failed, 0 skipped" out.txt || fail "failures: $(cat out.txt)"

expect 2 python3 "$TS" missing.xml
expect 2 python3 "$TS"
pass
