#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# runtime-bench.sh ROOT — the runtime experiment's benchmark program,
# built as the experiment builds it (runtime.py --prepare-only: static),
# run natively with small counts: the output format, every count honoured
# (W=N, scale=F, repeat=N, workloads=), and strict arguments (exit 2).
set -euo pipefail
ROOT=${1:?usage: $0 ROOT}
TEST=scripts-runtime-bench
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3 cc readelf
RT=$ROOT/scripts/experiment/runtime/runtime.py

expect 0 python3 "$RT" --prepare-only -o prep
B=prep/asminline-bench
[ -x "$B" ] || fail "no $B"
readelf -lW "$B" >phdr.txt
! grep -q INTERP phdr.txt || fail "$B is not static (it has a program interpreter)"

# Every workload, explicit counts, two runs each.
mkdir scratch
expect 0 "$B" dir=scratch repeat=2 label=t getpid=1234 pipe=17 futex=19 open=23 stat=29 rw=31 mmap=37 socket=41
python3 - out.txt <<'PY' || fail "output: $(cat out.txt)"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
assert re.fullmatch(r'asminline-bench format=1 label=t profile=0 repeat=2 scale=1 settle=0 pid1=0', lines[0]), lines[0]
assert lines[1].startswith('uname release='), lines[1]
want = {'getpid': 1234, 'pipe': 17, 'futex': 19, 'open': 23, 'stat': 29, 'rw': 31, 'mmap': 37, 'socket': 41}
got = [re.fullmatch(r'workload name=(\w+) run=(\d) ops=(\d+) ns=(\d+)', l) for l in lines[2:-1]]
assert all(got), lines
assert [(m[1], int(m[2])) for m in got] == [(w, r) for w in want for r in (0, 1)], lines
for m in got:
    assert int(m[3]) == want[m[1]], m[0]
    assert int(m[4]) > 0, m[0]
assert lines[-1] == 'end status=0', lines[-1]
PY
[ -z "$(ls scratch)" ] || fail "scratch file left behind: $(ls scratch)"

# A subset, scaled defaults: getpid's default is 300000, pipe's 10000.
expect 0 "$B" workloads=pipe,getpid scale=0.001
grep -c '^workload ' out.txt | grep -qx 2 || fail "subset: $(cat out.txt)"
grep -qx 'workload name=getpid run=0 ops=300 ns=[0-9]*' out.txt || fail "scale getpid: $(cat out.txt)"
grep -qx 'workload name=pipe run=0 ops=10 ns=[0-9]*' out.txt || fail "scale pipe: $(cat out.txt)"
# Counts are work: 100 times the getpid calls take longer.
expect 0 "$B" workloads=getpid getpid=100 repeat=3
small=$(sed -n 's/^workload name=getpid run=2 ops=100 ns=//p' out.txt)
expect 0 "$B" workloads=getpid getpid=100000
big=$(sed -n 's/^workload name=getpid run=0 ops=100000 ns=//p' out.txt)
[ "$big" -gt $((small * 10)) ] || fail "getpid=100000 took $big ns, getpid=100 $small ns"
# out= writes there, nothing on stdout.
expect 0 "$B" workloads=getpid getpid=5 out=res.txt
[ ! -s out.txt ] && grep -q '^end status=0$' res.txt || fail "out=: $(cat out.txt res.txt)"

# Strict arguments.
for bad in bogus=1 getpid=0 getpid=x scale=0 scale=-1 repeat=0 workloads=nope workloads= nokey; do
	expect 2 "$B" "$bad"
	[ -s err.txt ] || fail "$bad: no message"
done
expect 0 "$B" --help
grep -q '^usage: asminline-bench' out.txt || fail "--help: $(cat out.txt)"
# A workload that cannot run says so and exits 1: no scratch directory.
expect 1 "$B" workloads=open open=3 dir=/nonexistent/dir
grep -q '^error what=create_/nonexistent/dir' out.txt && grep -qx 'end status=1' out.txt ||
	fail "failure: $(cat out.txt)"
pass
