#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# shell.sh ASMSCAN CC — the command line: help, verbs and their help,
# options before and after the verb, usage errors, exit codes, the error
# format "asmscan: FILE: what: why", -o, and that one bad input does not
# stop the others.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-shell
. "$(dirname "$0")/../../lib/lib.sh"
clean_workdir
need "$CC" nm

expect 0 "$ASMSCAN" --help
grep -q "^Usage: asmscan" out.txt || fail "--help prints no usage"
grep -q "Exit status" out.txt || fail "--help does not document exit codes"
for v in copies calls tables sites; do
	grep -q "^  $v " out.txt || fail "--help does not list the verb $v"
done
expect 0 "$ASMSCAN" help calls
grep -q "^Usage: asmscan calls" out.txt && grep -q -- "--max-insns" out.txt ||
	fail "help calls: $(cat out.txt)"
expect 0 "$ASMSCAN" tables --help
grep -q "^Usage: asmscan tables" out.txt || fail "tables --help: $(cat out.txt)"
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
expect 2 "$ASMSCAN" calls
grep -q "no input files" err.txt || fail "verb without input"
expect 2 "$ASMSCAN" -f xml x.o
grep -q "unknown format 'xml'" err.txt || fail "bad format: $(cat err.txt)"
expect 2 "$ASMSCAN" -j 0 x.o
grep -q "bad number for --jobs" err.txt || fail "bad -j: $(cat err.txt)"
expect 2 "$ASMSCAN" -N
grep -q "option '-N' needs an argument" err.txt || fail "missing argument: $(cat err.txt)"
expect 2 "$ASMSCAN" tables -N 4 x.o
grep -q "applies to 'calls'" err.txt || fail "verb-specific option: $(cat err.txt)"
expect 2 "$ASMSCAN" check x.o
grep -q "check needs --baseline FILE" err.txt || fail "check without --baseline: $(cat err.txt)"
expect 2 "$ASMSCAN" tables --baseline b.txt x.o
grep -q "option '--baseline' applies to 'check' only" err.txt ||
	fail "check option elsewhere: $(cat err.txt)"
expect 2 "$ASMSCAN" check --baseline b.txt
grep -q "no input files" err.txt || fail "check without inputs: $(cat err.txt)"

expect 2 "$ASMSCAN" missing.o
grep -qx "asmscan: missing.o: cannot open: No such file or directory" err.txt ||
	fail "missing file: $(cat err.txt)"
[ ! -s out.txt ] || fail "nothing read, yet output: $(cat out.txt)"
echo "not an ELF file" >text.txt
expect 2 "$ASMSCAN" text.txt
grep -qx "asmscan: text.txt: cannot read: not an ELF file, ar archive or directory" err.txt ||
	fail "text file: $(cat err.txt)"

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
grep -qx "a.o: ELF64 x86-64 relocatable, $nfunc functions, DWARF 1 unit, [0-9]* instructions" out.txt ||
	fail "summary of a.o: $(head -1 out.txt) (nm counts $nfunc functions)"
for section in "^Copies:" "^Calls:" "^Tables:"; do
	grep -q "$section" out.txt || fail "the summary has no '$section' part"
done
expect 0 "$ASMSCAN" b.o
grep -q "^b.o: .*, 1 function, no DWARF" out.txt || fail "summary of b.o: $(head -1 out.txt)"

# Options before or after the verb give the same result.
"$ASMSCAN" -f json calls a.o >before.json
"$ASMSCAN" calls a.o --format=json >after.json
cmp -s before.json after.json || fail "options after the verb are not the same as before it"
expect 0 "$ASMSCAN" calls -o result.txt a.o
[ ! -s out.txt ] && grep -q "^Calls:" result.txt || fail "-o did not write the result"
expect 2 "$ASMSCAN" calls -o no/such/dir/x a.o
grep -q "^asmscan: no/such/dir/x: cannot create: " err.txt || fail "-o error: $(cat err.txt)"

# One bad input does not stop the others from being read, every problem
# is reported, and no result is printed: exit 2 (tests/analyzer/input/errors.sh).
expect 2 "$ASMSCAN" a.o missing.o b.o text.txt
[ ! -s out.txt ] || fail "a result printed after an input error: $(cat out.txt)"
[ "$(cat err.txt)" = "asmscan: missing.o: cannot open: No such file or directory
asmscan: text.txt: cannot read: not an ELF file, ar archive or directory" ] ||
	fail "bad inputs among good ones: $(cat err.txt)"
echo "$TEST: PASS"
