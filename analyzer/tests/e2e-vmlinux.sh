#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# e2e-vmlinux.sh ASMSCAN FETCH — every analysis on a real Linux 6.1
# vmlinux with DWARF (Debian's linux-image-*-amd64-dbg, fetched and cached
# by tests/kernel/fetch-vmlinux.sh; skipped when it cannot be had):
#   - the summary of all analyses reads everything: no error, no table
#     refused, DWARF copies with their declarations;
#   - direct call sites per callee equal objdump -d's (objdump_calls.py);
#   - symbol copies equal nm's (nm_copies.py);
#   - the table entries per function equal what the relocations that
#     --emit-relocs kept say (reloc_tables.py);
#   - the JSON is the same for -j 1 and -j 2.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN FETCH}
FETCH=${2:?usage: $0 ASMSCAN FETCH}
TEST=analyzer-e2e-vmlinux
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
need objdump nm readelf python3

rc=0
vmlinux=$("$FETCH") || rc=$?
[ "$rc" -ne 77 ] || skip "no Debian dbg vmlinux here (fetch-vmlinux.sh said why above)"
[ "$rc" -eq 0 ] && [ -f "$vmlinux" ] || fail "fetch-vmlinux.sh failed ($rc)"
echo "$TEST: $vmlinux"

expect 0 "$ASMSCAN" -f json -j 2 "$vmlinux"
mv out.txt all.json
[ ! -s err.txt ] || fail "messages on a clean vmlinux: $(cat err.txt)"
python3 - all.json <<'PY' || fail "summary of all analyses"
import json, sys
rep = json.load(open(sys.argv[1]))
o, = rep['objects']
assert o['read'] and o['dwarf'] and o['type'] == 'executable', o
assert o['functions'] > 40000 and o['dwarf_units'] > 1000, o
assert o['undecodable_bytes'] < 1000, o
d = rep['copies']['dwarf']
assert d['available'] and d['copies'] > 100, d['copies']
assert all(g['decl_file'] and g['decl_line'] for g in d['functions'])
secs = {t['section']: t for t in rep['tables']['sections']}
for name, size in (('.altinstructions', 12), ('.smp_locks', 4), ('__ex_table', 12),
                   ('__bug_table', 12), ('__jump_table', 16), ('.static_call_sites', 8),
                   ('.retpoline_sites', 4), ('.return_sites', 4)):
    t = secs[name]
    assert t['status'] == 'read' and t['entry_size'] == size and t['entries'] > 0, t
assert sum(t['in_copies'] for t in secs.values()) > 0
c = rep['calls']
assert c['sites'] > 100000 and c['tiny_callees'] > 0 and c['ftrace_sites'] > 10000, c
print('vmlinux: %d functions, %d DWARF copies of %d functions, %d call sites, '
      '%d to %d tiny functions, %d table entries (%d in copies)'
      % (o['functions'], d['copies'], len(d['functions']), c['sites'], c['tiny_sites'],
         c['tiny_callees'], sum(t['entries'] for t in secs.values()),
         sum(t['in_copies'] for t in secs.values())))
PY

expect 0 "$ASMSCAN" calls --all -f json "$vmlinux"
mv out.txt calls.json
python3 "$HERE/objdump_calls.py" objdump "$vmlinux" calls.json || fail "calls differ from objdump -d"

expect 0 "$ASMSCAN" copies -f json "$vmlinux"
mv out.txt copies.json
python3 "$HERE/nm_copies.py" nm copies.json "$vmlinux" || fail "symbol copies differ from nm"

expect 0 "$ASMSCAN" tables -f json "$vmlinux"
mv out.txt tables.json
python3 "$HERE/reloc_tables.py" "$vmlinux" tables.json || fail "tables differ from the relocations"

expect 0 "$ASMSCAN" -f json -j 1 "$vmlinux"
cmp -s out.txt all.json || fail "-j 1 and -j 2 give different JSON"

# The text summary, for the log.
"$ASMSCAN" -n 5 "$vmlinux"
echo "$TEST: PASS"
