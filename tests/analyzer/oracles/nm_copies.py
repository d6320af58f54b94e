#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""nm_copies.py NM ASMSCAN_JSON FILE... — the oracle for symbol copies.

From `nm -f sysv --defined-only` of each FILE: local function names
(class t, type FUNC) defined at more than one place, with how many
places; and GCC's clones grouped by the name before the first '.', with
their kinds, by the rule docs/reference/asmscan.md states (a name ending in .cold
or .cold.N is "cold", else the first suffix: isra, constprop, part,
lto_priv/localalias are "other").  Padding symbols (__pfx_NAME,
__cfi_NAME) are not functions: they fold into the function after them.
A fragment that belongs to a function (fragment_oracle.py, from the
matching readelf -s) is neither: it counts with that function.
Compares them with the "copies" of an
`asmscan copies --format json` document over the same FILEs; exits 1 on
any difference.
"""
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict

import fragment_oracle


def clone_kind(name):
    dot = name.find('.')
    if dot <= 0:
        return None
    if re.search(r'\.cold(\.\d+)?$', name[1:]):
        return 'cold'
    word = re.match(r'([a-z_]+)(\.|$)', name[dot + 1:])
    word = word.group(1) if word else ''
    if word in ('isra', 'constprop', 'part'):
        return word
    if word in ('lto_priv', 'localalias'):
        return 'other'
    return None


def main():
    nm, doc = sys.argv[1:3]
    places = defaultdict(set)       # local name -> {(file, value)}
    clones = defaultdict(Counter)   # base -> kind -> symbols
    readelf = nm[:-2] + 'readelf' if nm.endswith('nm') else 'readelf'
    with open(doc) as f:
        rep = json.load(f)['copies']
    listed = {(i['object'], int(i['address'], 16))
              for g in rep['clones']['functions'] + rep['duplicates']['functions']
              for i in g['instances']}
    for path in sys.argv[3:]:
        out = subprocess.run([nm, '-f', 'sysv', '--defined-only', path], check=True,
                             stdout=subprocess.PIPE, universal_newlines=True).stdout
        funcs = fragment_oracle.functions(readelf, path)
        owned, unsure = fragment_oracle.owners(
            f for f in funcs if not f[2].startswith(('__pfx_', '__cfi_')))
        # an unsure one is a clone of its own when asmscan lists it so
        owned = {k: v for k, v in owned.items()
                 if k not in unsure or (path, k[1]) not in listed}
        tied = {(name, addr) for addr, _, name, _, _, sec in funcs if (sec, addr) in owned}
        for line in out.splitlines():
            f = [x.strip() for x in line.split('|')]
            if len(f) < 7 or f[3] != 'FUNC':
                continue
            name, value, cls = f[0], f[1], f[2]
            if name.startswith(('__pfx_', '__cfi_')) or (name, int(value, 16)) in tied:
                continue
            if cls == 't':
                places[name].add((path, value))
            kind = clone_kind(name)
            if kind:
                clones[name[:name.find('.')]][kind] += 1
    want_dups = {n: len(p) for n, p in places.items() if len(p) > 1}
    want_clones = {b: dict(k) for b, k in clones.items()}

    got_dups = {g['name']: g['copies'] for g in rep['duplicates']['functions']}
    got_clones = {g['name']: g['kinds'] for g in rep['clones']['functions']}
    bad = 0
    for what, want, got in (('duplicate', want_dups, got_dups),
                            ('clone', want_clones, got_clones)):
        for key in sorted(set(want) | set(got)):
            if want.get(key) != got.get(key):
                bad += 1
                if bad <= 30:
                    print('%s %s: nm %s, asmscan %s' % (what, key, want.get(key), got.get(key)))
    print('%s: nm: %d duplicate local names, %d cloned functions (%d clones); '
          'asmscan: %d, %d (%d); %d differ'
          % (' '.join(sys.argv[3:]), len(want_dups), len(want_clones),
             sum(sum(k.values()) for k in want_clones.values()),
             len(got_dups), len(got_clones),
             sum(sum(k.values()) for k in got_clones.values()), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
