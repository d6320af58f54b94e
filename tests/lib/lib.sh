# SPDX-License-Identifier: GPL-2.0
#
# lib.sh — what every analyzer test script shares: fail/skip/no_kernel, a work
# directory of its own (under ctest: the test's directory, emptied; by
# hand: a fresh temporary one), and expect RC CMD... which runs CMD with
# stdout in out.txt and stderr in err.txt and checks its exit code.
# Source it after setting TEST.

fail() { echo "$TEST: FAIL: $*" >&2; exit 1; }
skip() { echo "$TEST: SKIP: $*"; exit 77; }
# The kernel (vmlinux, prepared tree) a test needs cannot be had: that is a
# failure, unless ASMINLINE_ALLOW_SKIP=1 makes it a skip (77, one line).
no_kernel() {
	[ "${ASMINLINE_ALLOW_SKIP:-}" != 1 ] || skip "$*"
	fail "$* (ASMINLINE_ALLOW_SKIP=1 makes this a skip)"
}
need() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null || skip "$t not found (install it: scripts/setup.sh)"
	done
}

if [ -n "${ASMINLINE_TEST_WORKDIR:-}" ] && [ "$PWD" -ef "$ASMINLINE_TEST_WORKDIR" ]; then
	find . -mindepth 1 -delete
else
	cd "$(mktemp -d "${TMPDIR:-/tmp}/asminline-$TEST.XXXXXX")"
fi

expect() {
	local want=$1 rc=0
	shift
	"$@" >out.txt 2>err.txt || rc=$?
	[ "$rc" -eq "$want" ] || { cat out.txt err.txt >&2; fail "'$*' exited $rc, expected $want"; }
}

# A crash is never acceptable, whatever the input.
expect_no_crash() {
	local rc=0
	"$@" >out.txt 2>err.txt || rc=$?
	[ "$rc" -lt 128 ] || { cat err.txt >&2; fail "'$*' crashed (exit $rc)"; }
	[ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] || fail "'$*' exited $rc (0 or 2 expected)"
	return 0
}
