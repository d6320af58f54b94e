#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""reloc_tables.py VMLINUX ASMSCAN_JSON — the oracle for tables, on a
vmlinux linked with --emit-relocs (as Debian's is).

Each special-section entry was written as `.long site - .`; the link keeps
its R_X86_64_PC32 relocation (objdump -r -j SECTION), whose symbol +
addend is the site.  The tables' bounds are the linker script's start and
stop symbols (nm); the function a site falls in is the STT_FUNC symbol
(nm -f sysv, with its size) that covers it, or the function a fragment
covering it belongs to (NAME.cold, NAME.part.N: fragment_oracle.py).
Counts per table and per function (by address) must equal those of
`asmscan tables --format json`.

__ex_table is the exception: scripts/sorttable sorts it after the link and
turns its relocations into R_X86_64_NONE, so its sites are computed here
from the bytes (insn field + its own address), which must also come out
sorted, as sorttable leaves them.
"""
import bisect
import json
import re
import struct
import subprocess
import sys
from collections import Counter, defaultdict

import fragment_oracle

TABLES = [  # section name in asmscan, entry size, start, stop
    ('.altinstructions', 12, '__alt_instructions', '__alt_instructions_end'),
    ('.smp_locks', 4, '__smp_locks', '__smp_locks_end'),
    ('__ex_table', 12, '__start___ex_table', '__stop___ex_table'),
    ('__bug_table', 12, '__start___bug_table', '__stop___bug_table'),
    ('__jump_table', 16, '__start___jump_table', '__stop___jump_table'),
    ('.static_call_sites', 8, '__start_static_call_sites', '__stop_static_call_sites'),
    ('.retpoline_sites', 4, '__retpoline_sites', '__retpoline_sites_end'),
    ('.return_sites', 4, '__return_sites', '__return_sites_end'),
]


def run(*args):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE,
                          universal_newlines=True).stdout


def main():
    vmlinux, doc = sys.argv[1:3]
    sections = {}
    offsets = {}
    for line in run('readelf', '-SW', vmlinux).splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)', line)
        if m:
            sections[m.group(1)] = (int(m.group(2), 16), int(m.group(4), 16))
            offsets[m.group(1)] = int(m.group(3), 16)
    symbols = {}
    funcs = []
    for line in run('nm', '-f', 'sysv', '--defined-only', vmlinux).splitlines():
        f = [x.strip() for x in line.split('|')]
        if len(f) < 7 or not f[1]:
            continue
        addr = int(f[1], 16)
        symbols.setdefault(f[0], addr)
        if f[3] == 'FUNC':
            funcs.append((addr, int(f[4] or '0', 16)))
    funcs = sorted(set(funcs))
    starts = [a for a, _ in funcs]

    def func_of(site):
        i = bisect.bisect_right(starts, site) - 1
        # Among functions at one address the largest covers most.
        while i >= 0:
            a, size = funcs[i]
            if site == a or site < a + size:
                return a
            if i and funcs[i - 1][0] == a:
                i -= 1
                continue
            return None
        return None

    want_total = {}
    want_funcs = defaultdict(Counter)
    for name, size, start, stop in TABLES:
        lo, hi = symbols[start], symbols[stop]
        sec = next(s for s, (a, sz) in sections.items() if a <= lo < a + sz and sz)
        base = sections[sec][0]
        n = 0
        if name == '__ex_table':
            with open(vmlinux, 'rb') as f:
                f.seek(offsets[sec] + lo - base)
                data = f.read(hi - lo)
            sites = [lo + i + struct.unpack_from('<i', data, i)[0]
                     for i in range(0, len(data), size)]
            assert sites == sorted(sites), '__ex_table is not sorted'
            for site in sites:
                f = func_of(site)
                if f is not None:
                    want_funcs[f][name] += 1
            want_total[name] = len(sites)
            continue
        for line in run('objdump', '-r', '-j', sec, vmlinux).splitlines():
            m = re.match(r'^([0-9a-f]+) (R_X86_64_PC32)\s+(\S+?)(?:([+-])0x([0-9a-f]+))?$', line)
            if not m:
                continue
            off = base + int(m.group(1), 16)
            if not lo <= off < hi or (off - lo) % size:
                continue
            target, sign, addend = m.group(3), m.group(4), int(m.group(5) or '0', 16)
            where = sections[target][0] if target in sections else symbols[target]
            site = where + (-addend if sign == '-' else addend)
            n += 1
            f = func_of(site)
            if f is not None:
                want_funcs[f][name] += 1
        want_total[name] = n

    with open(doc) as f:
        rep = json.load(f)['tables']
    got_total = {t['section']: t['entries'] for t in rep['sections']}
    got_funcs = defaultdict(Counter)
    for r in rep['functions']:
        for sec, n in r['entries'].items():
            got_funcs[int(r['address'], 16)][sec] += n
    # A fragment's entries are its function's; an unsure tie is asmscan's
    # to make (fragment_oracle.owners).
    owned, unsure = fragment_oracle.owners(
        f for f in fragment_oracle.functions('readelf', vmlinux)
        if not f[2].startswith(('__pfx_', '__cfi_')))
    for (fsec, frag), (_, home) in owned.items():
        if (fsec, frag) in unsure and frag in got_funcs:
            continue
        if frag in want_funcs:
            want_funcs[home].update(want_funcs.pop(frag))
    bad = 0
    for name, *_ in TABLES:
        if want_total[name] != got_total.get(name):
            bad += 1
            print('%s: %d entries from relocations, asmscan %s' % (name, want_total[name], got_total.get(name)))
    for addr in sorted(set(want_funcs) | set(got_funcs)):
        if want_funcs[addr] != got_funcs[addr]:
            bad += 1
            if bad <= 20:
                print('function 0x%x: relocations %s, asmscan %s'
                      % (addr, dict(want_funcs[addr]), dict(got_funcs[addr])))
    print('%s: %d entries in %d functions from relocations; %d in %d (asmscan); %d differ'
          % (vmlinux, sum(want_total.values()), len(want_funcs),
             sum(got_total.values()), len(got_funcs), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
