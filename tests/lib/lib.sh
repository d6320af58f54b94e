# SPDX-License-Identifier: GPL-2.0
#
# lib.sh — what every test script shares (sourced, not run), whatever it
# tests: fail/skip/pass with the test's name, no_kernel, need, a work
# directory of its own (clean_workdir: under ctest the test's directory,
# emptied but for the marker asminline_add_test wrote in it; anywhere else,
# by hand or with ASMINLINE_TEST_WORKDIR set but no marker, a fresh
# temporary one, so a script never deletes files it does not own),
# fetch_vmlinux, and expect RC CMD... which runs CMD with stdout in
# out.txt and stderr in err.txt and checks its exit code.
# Set TEST before sourcing it.  Exit codes: 0 pass, 1 fail, 77 skipped
# (with the reason printed).

fail() { echo "$TEST: FAIL: $*" >&2; exit 1; }
skip() { echo "$TEST: SKIP: $*"; exit 77; }
pass() { echo "$TEST: PASS${1:+: $*}"; exit 0; }
# The kernel (vmlinux, prepared tree) a test needs cannot be had: that is a
# failure, unless ASMINLINE_ALLOW_SKIP=1 makes it a skip (77, one line).
no_kernel() {
	[ "${ASMINLINE_ALLOW_SKIP:-}" != 1 ] || skip "$*"
	fail "$* (ASMINLINE_ALLOW_SKIP=1 makes this a skip)"
}
# fetch_vmlinux FETCH KVER [ARCH]: VMLINUX set to the path of Debian's dbg
# vmlinux of KVER for ARCH (amd64, the default, or arm64), as FETCH
# (tests/kernel/fetch-vmlinux.sh) gets it; none to be had is no_kernel,
# anything else going wrong a failure.  Not in a $(...): the test must end
# here, with its message, when it does.
fetch_vmlinux() {
	local fetch=$1 kver=$2 arch=${3:-amd64} rc=0
	VMLINUX=$("$fetch" --kver "$kver" --arch "$arch") || rc=$?
	[ "$rc" -ne 77 ] || no_kernel "no Debian $kver $arch dbg vmlinux here (fetch-vmlinux.sh said why above)"
	[ "$rc" -eq 0 ] && [ -f "$VMLINUX" ] || fail "fetch-vmlinux.sh --kver $kver --arch $arch failed ($rc)"
}
need() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 || skip "$t not found (install it: scripts/dev/setup.sh)"
	done
}
need_tool() { need "$@"; }

# XCC: the AArch64 cross compiler, or skip() (a failure unless
# ASMINLINE_ALLOW_SKIP=1).
need_aarch64_cc() {
	local c
	XCC=
	for c in aarch64-linux-gnu-gcc-12 aarch64-linux-gnu-gcc; do
		command -v "$c" >/dev/null && { XCC=$c; return 0; }
	done
	skip "no aarch64-linux-gnu-gcc (Debian: gcc-12-aarch64-linux-gnu; scripts/dev/setup.sh installs it)"
}

# The file cmake/AsminlineTest.cmake writes in each test's own directory.
ASMINLINE_WORKDIR_MARK=.asminline-test-workdir
clean_workdir() {
	if [ -n "${ASMINLINE_TEST_WORKDIR:-}" ] && [ "$PWD" -ef "$ASMINLINE_TEST_WORKDIR" ] &&
		[ -f "$ASMINLINE_WORKDIR_MARK" ] && [ ! -L "$ASMINLINE_WORKDIR_MARK" ]; then
		find . -mindepth 1 ! -path "./$ASMINLINE_WORKDIR_MARK" -delete
	else
		cd "$(mktemp -d "${TMPDIR:-/tmp}/asminline-$TEST.XXXXXX")"
		echo "$TEST: working in $PWD"
	fi
}

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
