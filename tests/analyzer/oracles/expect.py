#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""expect.py JSON SOURCE... — check asmscan's JSON against the "expect:"
comments of the test sources.

A comment line "expect: KEY=N ..." applies to the function defined next
in the same file.  Keys:
  insns=N          calls: the callee's real instructions
  dwarf-copies=N   copies: out-of-line copies of it DWARF shows (0: absent)
  alt lock extab bug jump scall retpo ret=N
                   tables: entries of that table in it (in every
                   object/function of that name, summed)
  copy             tables: it is counted as an out-of-line copy
Exits 1 and says what differs.
"""
import json
import re
import sys

TABLES = {'alt': '.altinstructions', 'lock': '.smp_locks', 'extab': '__ex_table',
          'bug': '__bug_table', 'jump': '__jump_table', 'scall': '.static_call_sites',
          'retpo': '.retpoline_sites', 'ret': '.return_sites'}
DEF = re.compile(r'^[A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)\s*\(')


def expectations(path):
    pending = []
    with open(path) as f:
        for line in f:
            m = re.match(r'^\s*(?:/\*+|\*)?\s*expect:\s*(.*?)\s*(\*/)?$', line)
            if m:
                pending.extend(m.group(1).split())
                continue
            d = DEF.match(line)
            if d and pending and not line.lstrip().startswith(('#', '/*', '*')):
                yield d.group(1), pending
                pending = []


def main():
    with open(sys.argv[1]) as f:
        rep = json.load(f)
    bad = 0
    checked = 0

    def differ(func, key, want, got):
        nonlocal bad
        bad += 1
        print('%s: %s: expected %s, asmscan says %s' % (func, key, want, got))

    for src in sys.argv[2:]:
        for func, keys in expectations(src):
            for kv in keys:
                key, _, val = kv.partition('=')
                checked += 1
                if key == 'insns':
                    rows = [c for c in rep['calls']['callees'] if c['name'] == func]
                    got = rows[0].get('insns') if rows else None
                    if got != int(val):
                        differ(func, key, val, got)
                elif key == 'dwarf-copies':
                    rows = [g for g in rep['copies']['dwarf']['functions'] if g['name'] == func]
                    got = sum(g['copies'] for g in rows)
                    if got != int(val):
                        differ(func, key, val, got)
                elif key in TABLES:
                    got = sum(r['entries'].get(TABLES[key], 0)
                              for r in rep['tables']['functions'] if r['name'] == func)
                    if got != int(val):
                        differ(func, key, val, got)
                elif key == 'copy':
                    rows = [r for r in rep['tables']['functions'] if r['name'] == func]
                    if not rows or not all(r['copy'] for r in rows):
                        differ(func, key, 'a copy', 'not a copy')
                else:
                    differ(func, key, 'a known key', 'unknown key ' + key)
    print('%s: %d expectations checked, %d differ' % (sys.argv[1], checked, bad))
    return 1 if bad or not checked else 0


if __name__ == '__main__':
    sys.exit(main())
