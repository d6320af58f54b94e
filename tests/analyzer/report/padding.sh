#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# padding.sh ASMSCAN CC — padding symbols (__pfx_NAME, objtool's
# CONFIG_CALL_PADDING; __cfi_NAME alike) fold into the function they stand
# in front of.  src/padding.S as two objects and as a grown variant: no
# analysis names a __pfx_ symbol; the symbol copies equal nm's without
# them (nm_copies.py); a function's bytes include its 16 bytes of padding;
# a table entry in the padding belongs to the function; diff has no
# padding row, and its byte total is still nm's.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-padding
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" nm python3

"$CC" -DUNIT=a -c "$HERE/../src/padding.S" -o pad-a.o
"$CC" -DUNIT=b -c "$HERE/../src/padding.S" -o pad-b.o
"$CC" -DUNIT=a -DGROWN -c "$HERE/../src/padding.S" -o grown-a.o

# Every verb, text and JSON: never a padding symbol.
for args in "copies" "calls --all" "tables" ""; do
	for fmt in text json; do
		expect 0 "$ASMSCAN" $args -f $fmt pad-a.o pad-b.o
		! grep -q "__pfx_" out.txt err.txt || fail "'$args' ($fmt) names a padding symbol: $(cat out.txt)"
	done
done
expect 0 "$ASMSCAN" diff -f json pad-a.o grown-a.o
! grep -q "__pfx_" out.txt || fail "diff names a padding symbol: $(cat out.txt)"
mv out.txt diff.json

expect 0 "$ASMSCAN" -f json pad-a.o pad-b.o
mv out.txt all.json
python3 "$HERE/../oracles/nm_copies.py" nm all.json pad-a.o pad-b.o || fail "symbol copies differ from nm's"
python3 - all.json diff.json pad-a.o grown-a.o <<'PY' || fail "padding folded"
import json, subprocess, sys
rep, diff = (json.load(open(p)) for p in sys.argv[1:3])
assert [o['functions'] for o in rep['objects']] == [3, 3], rep['objects']
dups = {g['name']: g for g in rep['copies']['duplicates']['functions']}
assert sorted(dups) == ['dup', 'helper.constprop.0'], sorted(dups)
dup = dups['dup']
assert dup['copies'] == 2, dup
# ret (1 byte) and its 16 bytes of padding, in each unit
assert [i['size'] for i in dup['instances']] == [17, 17], dup['instances']
clone, = rep['copies']['clones']['functions']
assert clone['name'] == 'helper' and clone['copies'] == 2, clone
assert [i['size'] for i in clone['instances']] == [19, 19], clone['instances']
# the .smp_locks entry in entry_a's padding is entry_a's
rows = {(f['name'], f['object']): f['entries'] for f in rep['tables']['functions']}
assert rows == {('entry_a', 'pad-a.o'): {'.smp_locks': 1},
                ('entry_b', 'pad-b.o'): {'.smp_locks': 1}}, rows
# diff: dup grew by one byte, no padding row; the total is nm's
def nm_bytes(path):
    out = subprocess.run(['nm', '--size-sort', path], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    return sum(int(l.split()[0], 16) for l in out.splitlines() if l.split()[1] in 'tT')
f = {r['name']: r for r in diff['functions']}
assert set(f) == {'dup'} and f['dup']['delta'] == 1, f
assert f['dup']['old_bytes'] == 17 and f['dup']['new_bytes'] == 18, f['dup']
s = diff['summary']['functions']
assert (s['bytes_before'], s['bytes_after']) == (nm_bytes(sys.argv[3]), nm_bytes(sys.argv[4])), s
PY
echo "$TEST: PASS"
