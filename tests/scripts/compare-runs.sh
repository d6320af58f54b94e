#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# compare-runs.sh ROOT — scripts/experiment/compare-runs.py on commands whose
# relative cost is known: sleep 0.02 against sleep 0.3 must be beyond the
# noise (exit 1, B slower), the same sleep twice within it (exit 0; three
# tries, for a loaded machine), with each timer; a failing command and bad options exit 2.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT}
TEST=scripts-compare-runs
. "$ROOT/tests/lib/lib.sh"
clean_workdir
need python3
CR=$ROOT/scripts/experiment/compare-runs.py

timers=wall
python3 "$CR" --timer perf -r 2 -w 0 true true >/dev/null 2>&1 && timers="wall perf"
for t in $timers; do
	expect 1 python3 "$CR" --timer $t -r 5 'sleep 0.02' 'sleep 0.3'
	grep -q "^timer: $t " out.txt || fail "$t: timer not named: $(cat out.txt)"
	grep -Eq "^B - A: \+0\.[0-9]+ s .*BEYOND the noise" out.txt || fail "$t: $(cat out.txt)"
	# The same command twice: within the noise.  A machine loaded by
	# the other tests can push one comparison past 3 sigmas; a verdict
	# that is wrong three times in a row is the script's.
	same=
	for try in 1 2 3; do
		rc=0
		python3 "$CR" --timer $t -r 10 'sleep 0.02' 'sleep 0.02' >out.txt 2>err.txt || rc=$?
		if [ "$rc" -eq 0 ] && grep -q "within the noise" out.txt; then
			same=1
			break
		fi
		echo "$t, try $try: the same command twice, exit $rc: $(cat out.txt err.txt)"
	done
	[ -n "$same" ] || fail "$t: the same command judged different three times"
	cat out.txt
done
if command -v taskset >/dev/null; then
	expect 1 python3 "$CR" -c 0 -r 3 'sleep 0.02' 'sleep 0.3'
	grep -q "pinned to CPU 0" out.txt || fail "pinning: $(cat out.txt)"
fi
expect 2 python3 "$CR" -r 2 'exit 3' true
grep -q "failed (exit 3)" err.txt || fail "failure message: $(cat err.txt)"
expect 2 python3 "$CR" -r 1 true true
expect 2 python3 "$CR" true
pass
