#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# calls.sh ASMSCAN CC — direct calls and tiny bodies.  src/calls.c is
# compiled here like a kernel object (ftrace entry call, endbr64, return
# thunk, SLS int3) and linked into a program; on both, the direct call
# sites per callee must equal what objdump -dr shows (objdump_calls.py),
# and each "expect: insns=N" of the source must hold (expect.py).
# src/failure.c: placeholders and failure paths are never ranked.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-calls
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" objdump python3

KFLAGS="-O2 -fno-pie -pg -mfentry -fcf-protection=branch -mfunction-return=thunk-extern -mharden-sls=all"
"$CC" $KFLAGS -c "$HERE/../src/calls.c" -o calls.o ||
	skip "$CC does not take the kernel's code generation flags"
"$CC" -O2 -fno-pie -c "$HERE/../src/calls-main.c" -o calls-main.o
"$CC" -no-pie -nostartfiles -e main calls.o calls-main.o -o calls.exe

for f in calls.o calls.exe; do
	expect 0 "$ASMSCAN" calls --all -f json "$f"
	mv out.txt "$f.json"
	python3 "$HERE/../oracles/objdump_calls.py" objdump "$f" "$f.json" || fail "$f: calls differ from objdump"
	python3 "$HERE/../oracles/expect.py" "$f.json" "$HERE/../src/calls.c" || fail "$f: expectations"
done

# caller_c ends in a tail call to ext_call: a jmp, counted apart.
for f in calls.o calls.exe; do
	python3 - "$f.json" <<'PY' || fail "$f: tail call to ext_call"
import json, sys
rep = json.load(open(sys.argv[1]))
row, = [c for c in rep['calls']['callees'] if c['name'] == 'ext_call']
assert row['tail_calls'] == 1 and rep['calls']['tail_calls'] == 1, row
PY
done

# The .o and the program it links into, read together: calls in calls.o to
# ext_call (undefined there) reach its definition in calls-main.o.
expect 0 "$ASMSCAN" calls -N 2 -n 0 calls.o calls-main.o
grep -Eq "^ +2 +1 +3 +2 +[0-9]+ +ext_call " out.txt ||
	fail "ext_call not resolved across objects: $(cat out.txt)"
grep -q "not ranked: 9 to __fentry__" out.txt || fail "ftrace calls: $(cat out.txt)"
# A name reaches the first global definition in input order, before or
# after the caller's object: z.o's early, b.o's later (not c.o's).  The
# calls to later wait for b.o; a.o's two callers and b.o's own one add up.
cat >z.c <<'C'
int early(int x) { return x + 1; }
C
cat >a.c <<'C'
extern int early(int), later(int);
int a1(int x) { return later(x) + early(x) + 1; }
int a2(int x) { return later(x + 1) * later(x + 3) * 2; }
C
cat >b.c <<'C'
int early(int x) { return x + 2; }
__attribute__((noinline)) int later(int x) { return x * 3; }
int b1(int x) { return later(x ^ 5) - 1; }
C
cat >c.c <<'C'
int later(int x) { return x * 5; }
C
for u in z a b c; do "$CC" -O2 -fno-pie -c $u.c -o $u.o; done
expect 0 "$ASMSCAN" calls --all -f json z.o a.o b.o c.o
python3 - out.txt <<'PY' || fail "names resolved across objects: $(cat out.txt)"
import json, sys
rows = json.load(open(sys.argv[1]))['calls']['callees']
got = {(r['name'], r.get('object')): (r['sites'], r['callers']) for r in rows
       if r['name'] in ('early', 'later')}
assert got == {('early', 'z.o'): (1, 1), ('later', 'b.o'): (4, 3)}, got
PY
# -N bounds the tiny body: local_tiny (2 insns) goes with -N 1.
expect 0 "$ASMSCAN" calls -N 1 -n 0 calls.o
grep -q " local_tiny " out.txt && fail "-N 1 still ranks local_tiny: $(cat out.txt)"
grep -q " get_one " out.txt || fail "-N 1 lost get_one: $(cat out.txt)"
# --function narrows the list and the totals.
expect 0 "$ASMSCAN" calls --function 'get_*' calls.o
grep -q "^2 direct call sites and 0 tail calls; 2 calls (100.0%) and 0 tail calls reach 1 tiny function" out.txt ||
	fail "--function: $(cat out.txt)"

# Instructions capstone 4 does not decode (wrussq, wrssq, rdpkru, wrpkru,
# serialize) are skipped whole: the calls after them are all found.
"$CC" -c "$HERE/../src/cet.s" -o cet.o
expect 0 "$ASMSCAN" calls --all -f json cet.o
mv out.txt cet.json
python3 "$HERE/../oracles/objdump_calls.py" objdump cet.o cet.json || fail "cet.o: calls differ from objdump"
python3 - cet.json <<'PY' || fail "cet.o: $(cat cet.json)"
import json, sys
rep = json.load(open(sys.argv[1]))
row, = [c for c in rep['calls']['callees'] if c['name'] == 'callee']
assert row['sites'] == 5, row
PY

# Placeholders and failure paths: tiny, never ranked, counted apart.
"$CC" -O2 -g -fno-pie -fno-stack-protector -c "$HERE/../src/failure.c" -o failure.o
"$CC" -O2 -fno-pie -c "$HERE/../src/failure-main.c" -o failure-main.o
"$CC" -no-pie failure.o failure-main.o -o failure.exe
for f in failure.o failure.exe; do
	expect 0 "$ASMSCAN" calls --all -f json "$f"
	python3 - out.txt <<'PY' || fail "$f: placeholders and failure paths: $(cat out.txt)"
import json, sys
c = json.load(open(sys.argv[1]))['calls']
cls = {r['name']: r['class'] for r in c['callees']}
want = {'BUG_func': 'placeholder', 'my_die': 'failure', 'ext_die': 'failure',
        '__stack_chk_fail': 'failure',
        '__ubsan_handle_shift_out_of_bounds': 'failure', 'plain_tiny': 'plain'}
assert {n: cls.get(n) for n in want} == want, cls
assert [r['name'] for r in c['callees'] if r['tiny']] == ['plain_tiny'], c['callees']
assert c['placeholder_sites'] == 1 and c['failure_sites'] == 4, c
assert c['tiny_callees'] == 1 and c['tiny_sites'] == 2, c
PY
done
expect 0 "$ASMSCAN" calls failure.o
grep -q "not ranked: 0 to __fentry__, 0 to retpoline thunks, 0 to static-call trampolines, 5 to placeholders and failure paths, 1 to functions no input defines$" out.txt ||
	fail "not-ranked line: $(cat out.txt)"
grep -Eq " (BUG_func|my_die|__stack_chk_fail) " out.txt && fail "a failure path ranked: $(cat out.txt)"
# Without DWARF, noreturn is not known: my_die is a plain tiny callee, the
# names of the list still are not.
expect 0 "$ASMSCAN" calls --no-dwarf -f json failure.o
python3 - out.txt <<'PY' || fail "failure paths without DWARF: $(cat out.txt)"
import json, sys
c = json.load(open(sys.argv[1]))['calls']
assert sorted(r['name'] for r in c['callees']) == ['my_die', 'plain_tiny'], c['callees']
assert c['failure_sites'] == 2 and c['placeholder_sites'] == 1, c
PY
pass
