#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# shell.sh ASMSCAN CC — the asmscan shell: options, exit codes, the error
# format "asmscan: FILE: what: why", and the one-line ELF summary, checked
# against binutils (nm, readelf) on objects compiled here.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-shell

fail() { echo "$TEST: FAIL: $*" >&2; exit 1; }
skip() { echo "$TEST: SKIP: $*"; exit 77; }
for t in "$CC" nm ar; do
	command -v "$t" >/dev/null || skip "$t not found (install it: scripts/setup.sh)"
done
# Under ctest: empty this test's own directory; by hand: a fresh one.
if [ -n "${ASMINLINE_TEST_WORKDIR:-}" ] && [ "$PWD" -ef "$ASMINLINE_TEST_WORKDIR" ]; then
	find . -mindepth 1 -delete
else
	cd "$(mktemp -d "${TMPDIR:-/tmp}/asminline-$TEST.XXXXXX")"
fi

# expect RC CMD...: run CMD, check its exit code; stdout in out.txt,
# stderr in err.txt.
expect() {
	local want=$1 rc=0
	shift
	"$@" >out.txt 2>err.txt || rc=$?
	[ "$rc" -eq "$want" ] || { cat out.txt err.txt; fail "'$*' exited $rc, expected $want"; }
}

expect 0 "$ASMSCAN" --help
grep -q "^Usage: asmscan" out.txt || fail "--help prints no usage"
grep -q "Exit status" out.txt || fail "--help does not document exit codes"
expect 0 "$ASMSCAN" --version
grep -q "capstone" out.txt || fail "--version does not name capstone"
expect 2 "$ASMSCAN" --bogus x.o
grep -q "asmscan: bad option '--bogus'" err.txt || fail "unknown option message: $(cat err.txt)"
expect 2 "$ASMSCAN" --help=x
grep -q "bad option '--help=x'" err.txt || fail "malformed long option: $(cat err.txt)"
expect 2 "$ASMSCAN" -q x.o
grep -q "unknown option '-q'" err.txt || fail "unknown short option message: $(cat err.txt)"
expect 2 "$ASMSCAN"
grep -q "no input files" err.txt || fail "no input message"
expect 2 "$ASMSCAN" diff a b
grep -q "asmscan: diff: not implemented yet" err.txt || fail "diff is not refused honestly"

expect 2 "$ASMSCAN" missing.o
grep -qx "asmscan: missing.o: cannot open: No such file or directory" err.txt ||
	fail "missing file: $(cat err.txt)"
echo "not an ELF file" >text.txt
expect 2 "$ASMSCAN" text.txt
grep -qx "asmscan: text.txt: cannot read: not an ELF file or ar archive" err.txt ||
	fail "text file: $(cat err.txt)"
mkdir dir
expect 2 "$ASMSCAN" dir
grep -q "asmscan: dir: cannot read: Is a directory" err.txt || fail "directory: $(cat err.txt)"

cat >a.c <<'C'
static int helper(int x) { return x * 3; }
int one(int x) { return helper(x) + 1; }
int two(int x) { return one(x) * 2; }
void three(void) { }
C
"$CC" -O0 -g -c a.c -o a.o
echo 'int four(void) { return 4; }' >b.c
"$CC" -O2 -c b.c -o b.o
nfunc=$(nm --defined-only a.o | grep -c " [Tt] ")

expect 0 "$ASMSCAN" a.o
grep -qx "a.o: ELF64 x86-64 relocatable, $nfunc function symbols, DWARF 1 unit" out.txt ||
	[ "$("$CC" -dumpmachine | cut -d- -f1)" != x86_64 ] ||
	fail "summary of a.o: $(cat out.txt) (nm counts $nfunc functions)"
expect 0 "$ASMSCAN" b.o
grep -q "^b.o: .*, 1 function symbol, no DWARF$" out.txt || fail "summary of b.o: $(cat out.txt)"

# Archives: one line per member.
ar rcs lib.a a.o b.o
expect 0 "$ASMSCAN" lib.a
grep -q "^lib.a(a.o): .* $nfunc function symbols" out.txt && grep -q "^lib.a(b.o): " out.txt ||
	fail "archive: $(cat out.txt)"

# One bad input does not stop the others; the exit code is the worst.
expect 2 "$ASMSCAN" a.o missing.o b.o
[ "$(wc -l <out.txt)" -eq 2 ] || fail "good inputs after a bad one were not read: $(cat out.txt)"
echo "$TEST: PASS"
