#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# registration.sh SRCDIR — no test goes missing because a tool is: the
# project configured here three times (cmake/AsminlineTest.cmake),
#   - as it is: the tests ctest lists;
#   - with python3 hidden (CMAKE_DISABLE_FIND_PACKAGE_Python3): the same
#     names, each test that needs python3 registered to fail saying so
#     (one is run), and configuration warns naming them;
#   - hidden and -DASMINLINE_TESTS_WITHOUT_PYTHON=ON: exactly those tests
#     left out, and configuration lists them.
set -euo pipefail
SRCDIR=$(cd "${1:?usage: $0 SRCDIR}" && pwd)
TEST=tests-registration
. "$SRCDIR/tests/lib/lib.sh"
clean_workdir
need cmake ctest

names() { ctest --test-dir "$1" -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort; }
configure() {
	local dir=$1
	shift
	cmake -S "$SRCDIR" -B "$dir" "$@" >"$dir.log" 2>&1 || { cat "$dir.log" >&2; fail "cmake $*"; }
}

configure all
configure nopy -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON
configure optout -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON -DASMINLINE_TESTS_WITHOUT_PYTHON=ON
names all >all.txt
names nopy >nopy.txt
names optout >optout.txt

[ "$(wc -l <all.txt)" -gt 20 ] || fail "premise: only $(wc -l <all.txt) tests registered"
cmp -s all.txt nopy.txt || { diff all.txt nopy.txt >&2 || true; fail "without python3 the tests registered differ"; }

# The tests python3's absence changes, as the warning names them.
tr -d '\n' <nopy.log | sed -n 's/.*registered *to *fail: \(.*\)\. *Install *python3.*/\1/p' | tr -s ' ' |
	sed 's/, /\n/g; s/^ //' | sort >needs.txt
[ "$(wc -l <needs.txt)" -ge 10 ] && grep -qx analyzer-check needs.txt && grep -qx scripts-check-layers needs.txt ||
	fail "the warning does not name the tests that need python3: $(cat nopy.log)"
comm -23 all.txt needs.txt >rest.txt
cmp -s rest.txt optout.txt || { diff rest.txt optout.txt >&2 || true; fail "the opt-out left out other tests than the warning named"; }
grep -q "python3 not found: $(wc -l <needs.txt) tests left out (ASMINLINE_TESTS_WITHOUT_PYTHON=ON)" optout.log ||
	fail "the opt-out does not say what it left out: $(cat optout.log)"

# One of them, run: it fails, naming what is missing.
rc=0
ctest --test-dir nopy -R '^scripts-check-layers$' --output-on-failure >run.txt 2>&1 || rc=$?
[ "$rc" -ne 0 ] && grep -q "scripts-check-layers: FAIL: needs python3" run.txt ||
	fail "a test that needs python3 did not fail saying so (ctest exit $rc): $(cat run.txt)"
pass "$(wc -l <all.txt) tests registered with or without python3; $(wc -l <needs.txt) need it"
