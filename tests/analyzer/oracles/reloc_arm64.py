#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""reloc_arm64.py READELF FILE ASMSCAN_JSON — the oracle for AArch64 tables.

Every entry of .altinstructions, __ex_table, __bug_table and __jump_table
starts with `.long site - .`, which leaves an R_AARCH64_PREL32 relocation
at the entry's first byte (in a .o, and in a program linked with
--emit-relocs).  Its symbol + addend is the site; the function holding it
is the STT_FUNC symbol (readelf -s: section, value, size) that covers it,
or the function a fragment covering it belongs to (NAME.part.N, NAME.cold:
fragment_oracle.py).
Entries per table and per function must equal those of `asmscan tables
--format json`.  The entry sizes are 6.1's (12, 12, 12 with
DEBUG_BUGVERBOSE, 16).
"""
import json
import re
import subprocess
import sys
from collections import Counter

import fragment_oracle

TABLES = {'.altinstructions': 12, '__ex_table': 12, '__bug_table': 12,
          '__jump_table': 16}
SEC = re.compile(r'^\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s')
REL_HDR = re.compile(r"^Relocation section '\.rela(\S+)'")
REL = re.compile(r'^([0-9a-f]+)\s+[0-9a-f]+\s+(R_AARCH64_\w+)\s+([0-9a-f]+)\s+(\S+)\s*([+-])\s*([0-9a-f]+)')
SYM = re.compile(r'^\s*\d+:\s+([0-9a-f]+)\s+(\d+)\s+FUNC\s+\S+\s+\S+\s+(\d+)\s+(\S+)')


def run(*args):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE,
                          universal_newlines=True).stdout


def main():
    readelf, path, doc = sys.argv[1:4]
    with open(doc) as f:
        rep = json.load(f)
    rel = rep['objects'][0]['type'] == 'relocatable'
    secs = {}                   # name -> (index, address)
    for line in run(readelf, '-SW', path).splitlines():
        m = SEC.match(line)
        if m:
            secs[m.group(2)] = (int(m.group(1)), int(m.group(3), 16))
    funcs = []                  # (section index, start, end, name)
    for line in run(readelf, '-sW', path).splitlines():
        m = SYM.match(line)
        if m:
            v, size = int(m.group(1), 16), int(m.group(2))
            funcs.append((int(m.group(3)), v, v + size, m.group(4)))

    syms = fragment_oracle.functions(readelf, path)
    by_key = {(sec, a): name for a, _, name, _, _, sec in syms}
    owner = {by_key[frag]: by_key[home]
             for frag, home in fragment_oracle.owners(syms)[0].items()}

    def func_at(shndx, addr):
        for s, a, e, name in funcs:
            if (not rel or s == shndx) and a <= addr < e:
                return owner.get(name, name)
        return None

    theirs = Counter()
    table = None
    for line in run(readelf, '-rW', path).splitlines():
        m = REL_HDR.match(line)
        if m:
            table = m.group(1) if m.group(1) in TABLES else None
            continue
        m = REL.match(line)
        if not m or not table:
            continue
        off = int(m.group(1), 16) - (0 if rel else secs[table][1])
        if off % TABLES[table] or m.group(2) != 'R_AARCH64_PREL32':
            continue            # not an entry's first field
        value = int(m.group(3), 16)
        addend = int(m.group(6), 16) * (-1 if m.group(5) == '-' else 1)
        sym = m.group(4)
        shndx = secs[sym][0] if sym in secs else None
        if rel and shndx is None:
            shndx = next((s for s, a, e, n in funcs if n == sym), None)
        theirs[(table, func_at(shndx, value + addend))] += 1
    ours = Counter()
    for r in rep['tables']['functions']:
        for table, n in r['entries'].items():
            if table in TABLES and n:
                ours[(table, r['name'])] += n
    for s in rep['tables']['sections']:
        if s['section'] in TABLES and s['outside']:
            ours[(s['section'], None)] += s['outside']
        if s['section'] in TABLES and s['status'] not in ('read', 'absent'):
            print('%s: %s' % (s['section'], s['status']))
            return 1
    bad = 0
    for k in sorted(set(theirs) | set(ours), key=str):
        if theirs[k] != ours[k]:
            bad += 1
            print('%s in %s: relocations %d, asmscan %d' % (k[0], k[1], theirs[k], ours[k]))
    print('%s: %d table entries from relocations, %d (table, function) pairs differ'
          % (path, sum(theirs.values()), bad))
    return 1 if bad or not theirs else 0


if __name__ == '__main__':
    sys.exit(main())
