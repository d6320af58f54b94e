#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# diff.sh ASMSCAN CC — asmscan diff on the seed pair src/diff-{old,new}.s
# (assembled here), as two objects, two directories and two programs:
# bloat-o-meter's figures, instructions per function (objdump) and call
# sites per callee (objdump -dr) checked by diff_oracle.py; the seed
# itself (shrinks 7 -> 5 instructions is -2); -f bloat-o-meter-6.1 = the
# script's own default output; --fail-on-growth and the
# exit codes; JSON parsed.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-diff
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
. "$HERE/bom.sh"
need "$CC" objdump nm readelf python3
find_bloat_o_meter

mkdir -p old new
"$CC" -c "$HERE/../src/diff-old.s" -o old/unit.o
"$CC" -c "$HERE/../src/diff-new.s" -o new/unit.o
# an unchanged second unit in each directory, with a local name of its own
"$CC" -O2 -c "$HERE/../src/calls-main.c" -o old/main.o
cp old/main.o new/main.o
for s in old new; do
	"$CC" -nostdlib -no-pie -e caller "$s/unit.o" -o "$s.exe"
done

oracle() {
	expect 0 "$ASMSCAN" diff -f json "$1" "$2"
	mv out.txt "$3.json"
	run_bom "$1" "$2" "$3.bom"
	python3 "$HERE/diff_oracle.py" "$3.bom" "$1" "$2" "$3.json" || fail "$3: differs from binutils"
}
oracle old/unit.o new/unit.o objects
oracle old new dirs
oracle old.exe new.exe programs
# The calls each function makes, on both sides (the call sites diff keeps
# after counting them): caller's four calls are two in new, gone's one.
python3 - objects.json <<'PY' || fail "calls per function: $(cat objects.json)"
import json, sys
rows = {r['name']: r for r in json.load(open(sys.argv[1]))['functions']}
got = {n: (rows[n]['old_calls'], rows[n]['new_calls']) for n in ('caller', 'gone')}
assert got == {'caller': (4, 2), 'gone': (1, 0)}, got
PY

# --format bloat-o-meter-6.1: the script's default mode (every symbol type
# it counts: functions, data, bss, read-only, weak ones left out), byte for
# byte, on the same three pairs.
for pair in "old/unit.o new/unit.o" "old new" "old.exe new.exe"; do
	set -- $pair
	BOM_MODE= run_bom "$1" "$2" want.bom
	expect 0 "$ASMSCAN" diff -f bloat-o-meter-6.1 "$1" "$2"
	cmp -s out.txt want.bom || { diff want.bom out.txt; fail "-f bloat-o-meter-6.1 $1 $2 is not the script's output"; }
done
expect 2 "$ASMSCAN" calls -f bloat-o-meter old/unit.o
grep -q "applies to 'diff' only" err.txt || fail "-f bloat-o-meter outside diff: $(cat err.txt)"

# The seed, by name (the oracle checked the numbers against objdump).
python3 - objects.json <<'PY' || fail "seed figures"
import json, sys
d = json.load(open(sys.argv[1]))
f = {r['name']: r for r in d['functions']}
assert (f['shrinks']['old_insns'], f['shrinks']['new_insns'], f['shrinks']['insns_delta']) == (7, 5, -2), f['shrinks']
assert f['gone']['new_bytes'] is None and f['born']['old_bytes'] is None
assert 'helper.constprop' in f and 'weakfn' not in f and '__mod_x' not in f
c = {r['name']: r for r in d['callees']}
assert (c['tiny']['old_sites'], c['tiny']['new_sites'], c['tiny']['delta']) == (4, 2, -2), c['tiny']
assert c['tiny']['old_tiny'] and c['tiny']['new_tiny']
s = d['summary']
assert (s['call_sites']['removed'], s['call_sites']['added']) == (2, 0), s['call_sites']
assert s['copies']['dwarf'] is None and d['verb'] == 'diff' and d['format_version'] == 3
PY
expect 0 "$ASMSCAN" diff -n 3 old/unit.o new/unit.o
grep -Eq "^ +15 +11 +-4 +-26.7% +7 +5 +-2 +0 +shrinks$" out.txt || fail "text row of shrinks: $(cat out.txt)"
grep -Eq " \[2 others\]$" out.txt || fail "-n 3 did not collapse: $(cat out.txt)"
grep -q "^add/remove: 1/1 grow/shrink: 1/1 up/down: 8/-11 (-3)$" out.txt || fail "summary: $(cat out.txt)"

# --fail-on-growth: NEW -> OLD grows by 3 bytes.
expect 0 "$ASMSCAN" diff --fail-on-growth 0 old/unit.o new/unit.o
expect 1 "$ASMSCAN" diff --fail-on-growth 2 new/unit.o old/unit.o
grep -q "budget: function bytes may grow by 2: EXCEEDED" out.txt || fail "budget line: $(cat out.txt)"
expect 0 "$ASMSCAN" diff --fail-on-growth=3 new/unit.o old/unit.o
expect 1 "$ASMSCAN" diff -f json -o budget.json --fail-on-growth 0 new/unit.o old/unit.o
python3 -c 'import json,sys; b=json.load(open("budget.json"))["summary"]["budget"]; assert b=={"fail_on_growth":0,"exceeded":True}, b' ||
	fail "budget in JSON"
# 2 wins over 1: an unreadable side, and usage errors.
echo junk >junk.o
expect 2 "$ASMSCAN" diff --fail-on-growth 0 junk.o old/unit.o
grep -q "^asmscan: junk.o: " err.txt || fail "error format: $(cat err.txt)"
expect 2 "$ASMSCAN" diff old/unit.o
expect 2 "$ASMSCAN" diff old/unit.o new/unit.o old.exe
expect 2 "$ASMSCAN" diff -f sarif old/unit.o new/unit.o
expect 2 "$ASMSCAN" calls --fail-on-growth 1 old/unit.o
expect 2 "$ASMSCAN" diff --fail-on-growth -1 old/unit.o new/unit.o
expect 0 "$ASMSCAN" help diff
grep -q "fail-on-growth" out.txt || fail "help diff: $(cat out.txt)"
echo "$TEST: PASS"
