#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""diff_oracle.py BOM_OUT OLD NEW DIFF_JSON — the oracles of `asmscan diff`.

BOM_OUT is what the kernel's scripts/bloat-o-meter -t printed for OLD and
NEW (each an ELF file or a directory of objects); DIFF_JSON is
`asmscan diff --format json OLD NEW`.  Three independent checks:

  bytes  bloat-o-meter's first line, every row it prints (name, old, new,
         delta) and its Total line equal the document's functions and
         summary, row for row;
  insns  for every name, the instructions `objdump -d` shows inside its
         symbols (nm -S gives start and size) in OLD and NEW: their
         difference is the document's insns_delta, and every name whose
         count changed is in the document;
  calls  per callee, the `call` lines of `objdump -dr` (objdump_calls.py)
         in OLD and NEW: their difference is the document's delta.

Names are bloat-o-meter's: every ".<digits>" removed.  Prints what
differs and exits 1 if anything does.
"""
import json
import os
import re
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "oracles"))
import objdump_calls  # noqa: E402

NUMBER = re.compile(r'\.[0-9]+')
INSN = re.compile(r'^\s*([0-9a-f]+):\t')
HDR = re.compile(r'^([0-9a-f]+) <(.+)>:$')


# the names bloat-o-meter's getsizes() leaves out
DROPPED = ('__mod_', '__se_sys', '__se_compat_sys', '__addressable_')


def counted(name):
    return not (name.startswith(DROPPED) or name in ('linux_banner', 'vermagic')
                or ':' in name)


def strip(name):
    return NUMBER.sub('', name)


def files(path):
    if not os.path.isdir(path):
        return [path]
    out = []
    for root, _, names in os.walk(path):
        for n in sorted(names):
            p = os.path.join(root, n)
            with open(p, 'rb') as f:
                if f.read(4) == b'\x7fELF':
                    out.append(p)
    return sorted(out)


def run(args):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE,
                          universal_newlines=True).stdout


def parse_bom(path):
    lines = open(path).read().splitlines()
    rows = {}
    for line in lines[2:-1]:
        name, old, new, delta = line.split()
        rows[name] = (None if old == '-' else int(old),
                      None if new == '-' else int(new), int(delta))
    return lines[0], lines[-1], rows


def check_bytes(bom_out, doc, bad):
    first, total, rows = parse_bom(bom_out)
    f = doc['summary']['functions']
    mine_first = 'add/remove: %d/%d grow/shrink: %d/%d up/down: %d/-%d (%d)' % (
        f['added'], f['removed'], f['grown'], f['shrunk'], f['up'], f['down'],
        f['up'] - f['down'])
    pct = 0.0
    if f['bytes_before']:
        pct = (f['bytes_after'] - f['bytes_before']) * 100.0 / f['bytes_before']
    mine_total = 'Total: Before=%d, After=%d, chg %+.2f%%' % (
        f['bytes_before'], f['bytes_after'], pct)
    if first != mine_first:
        bad.append('bloat-o-meter: %r, asmscan: %r' % (first, mine_first))
    if total != mine_total:
        bad.append('bloat-o-meter: %r, asmscan: %r' % (total, mine_total))
    mine = {r['name']: (r['old_bytes'], r['new_bytes'], r['delta'])
            for r in doc['functions'] if r['delta']}
    for name in sorted(set(rows) | set(mine)):
        if rows.get(name) != mine.get(name):
            bad.append('function %s: bloat-o-meter %s, asmscan %s'
                       % (name, rows.get(name), mine.get(name)))
    return len(rows)


def insns_of(path):
    """Instructions inside each t/T symbol of nm -S, by stripped name."""
    counts = Counter()
    for p in files(path):
        sizes = {}
        for line in run(['nm', '-S', '--defined-only', p]).splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2] in 'tT' and counted(parts[3]):
                sizes[(parts[3], int(parts[0], 16))] = int(parts[1], 16)
        cur, start, end = None, 0, 0
        for line in run(['objdump', '-d', '--no-show-raw-insn', p]).splitlines():
            m = HDR.match(line)
            if m:
                cur, start = m.group(2), int(m.group(1), 16)
                end = start + sizes.get((cur, start), 0)
                continue
            m = INSN.match(line)
            if m and start <= int(m.group(1), 16) < end:
                counts[strip(cur)] += 1
    return counts


def check_insns(old, new, doc, bad):
    o, n = insns_of(old), insns_of(new)
    mine = {r['name']: r for r in doc['functions']}
    changed = 0
    for name in sorted(set(o) | set(n)):
        d = n[name] - o[name]
        r = mine.get(name)
        if d:
            changed += 1
        if r is None:
            if d:
                bad.append('insns %s: objdump %+d, not in asmscan' % (name, d))
            continue
        if (r['old_insns'], r['new_insns']) != (o[name], n[name]):
            bad.append('insns %s: objdump %d -> %d, asmscan %d -> %d'
                       % (name, o[name], n[name], r['old_insns'], r['new_insns']))
    return changed


def calls_of(path):
    counts = Counter()
    for p in files(path):
        rel = run(['readelf', '-h', p]).find('REL (Relocatable') >= 0
        c = objdump_calls.objdump_counts('objdump', p, rel)
        if not rel:     # linked: addresses to function names (nm)
            names = {}
            for line in run(['nm', '--defined-only', p]).splitlines():
                a, t, name = line.split()[:3]
                if t in 'tTwW':
                    names.setdefault(int(a, 16), name)
            by_name = Counter()
            for a, v in c.items():
                by_name[names.get(a, '0x%x' % a)] += v
            c = by_name
        for name, v in c.items():
            counts[strip(name)] += v
    return counts


def check_calls(old, new, doc, bad):
    o, n = calls_of(old), calls_of(new)
    mine = {c['name']: c for c in doc['callees']}
    changed = 0
    for name in sorted(set(o) | set(n) | set(mine)):
        d = n[name] - o[name]
        c = mine.get(name)
        ours = c['delta'] if c else 0
        if d:
            changed += 1
        if d != ours or (c and (c['old_sites'], c['new_sites']) != (o[name], n[name])):
            bad.append('calls to %s: objdump %d -> %d, asmscan %s'
                       % (name, o[name], n[name],
                          '%d -> %d' % (c['old_sites'], c['new_sites']) if c else 'unchanged'))
    return changed


def main():
    bom_out, old, new, doc_path = sys.argv[1:5]
    doc = json.load(open(doc_path))
    bad = []
    nrows = check_bytes(bom_out, doc, bad)
    ninsn = check_insns(old, new, doc, bad)
    ncall = check_calls(old, new, doc, bad)
    for b in bad[:40]:
        print(b)
    print('%s -> %s: %d bloat-o-meter rows, %d names whose instructions changed, '
          '%d callees whose calls changed; %d differences'
          % (old, new, nrows, ninsn, ncall, len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
