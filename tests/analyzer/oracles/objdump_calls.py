#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""objdump_calls.py OBJDUMP FILE ASMSCAN_JSON — the oracle for direct calls.

Counts the direct call sites per callee that `objdump -dr` shows in FILE
and compares them with the "calls" of an `asmscan calls --all --format
json` document.  In a linked file (vmlinux) the callee is the target
address objdump prints; in a .o it is the relocation's symbol (a section
symbol plus addend is turned into the function objdump names at that
offset) or, for a call resolved by the assembler, objdump's <name>.
In a linked file only code counts: objdump decodes every executable
section, but a section that is also writable (7.x links kexec's code into
.data, which becomes "WAX") holds code only inside its sized STT_FUNC and
STT_NOTYPE symbols (readelf -s); calls objdump finds elsewhere in it are
data.  Also prints how many bytes objdump shows as "(bad)" in that code
("objdump bad bytes: N"), which the e2e tests hold asmscan's undecodable
bytes to.

Prints the differences and exits 1 if there are any.
"""
import json
import re
import subprocess
import sys
from collections import Counter

FUNC_HDR = re.compile(r'^([0-9a-f]+) <(.+)>:$')
INSN = re.compile(r'^\s*([0-9a-f]+):\t(.*)$')
CALL = re.compile(r'^(?:(?:[a-z0-9]+) )*call[q]?\s+([0-9a-f]+) <([^>]*)>')
RELOC = re.compile(r'^\s*([0-9a-f]+): (R_X86_64_\w+)\s+(\S+)$')
SECTION = re.compile(r'^Disassembly of section (\S+):$')


def writable_code(readelf, path):
    """{section: [(start, end)]} of the code in writable executable ones."""
    out = subprocess.run([readelf, '-SW', '-sW', path], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    wax, index, spans = set(), {}, {}
    for line in out.splitlines():
        m = re.match(r'\s*\[\s*(\d+)\]\s+(\S+)\s+PROGBITS\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S*)', line)
        if m:
            index[m.group(1)] = m.group(2)
            if 'W' in m.group(3) and 'X' in m.group(3):
                wax.add(m.group(2))
            continue
        f = line.split()
        if (len(f) == 8 and f[3] in ('FUNC', 'NOTYPE') and f[2].isdigit() and
                int(f[2]) and index.get(f[6]) in wax):
            a = int(f[1], 16)
            spans.setdefault(index[f[6]], []).append((a, a + int(f[2])))
    return {s: spans.get(s, []) for s in wax}


BAD = re.compile(r'\(bad\)|undefined')


def objdump_counts(objdump, path, relocatable):
    args = [objdump, '-d', '--no-show-raw-insn']
    if relocatable:
        args.append('-r')
    out = subprocess.run(args + [path], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    counts = Counter()
    # .o: per section, function symbol offsets for section+addend targets
    funcs = {}
    section = None
    pending = None          # (call offset, objdump's <name>)
    wax = {} if relocatable else writable_code(objdump.replace('objdump', 'readelf'), path)
    spans = None            # the current section's code, if it is such
    bad_at = None           # the last "(bad)" line's address
    global bad_bytes
    for line in out.splitlines():
        m = SECTION.match(line)
        if m:
            section = m.group(1)
            funcs.setdefault(section, {})
            spans = wax.get(section)
            bad_at = None
            continue
        m = FUNC_HDR.match(line)
        if m:
            funcs.setdefault(section, {})[int(m.group(1), 16)] = m.group(2)
            continue
        if relocatable:
            m = RELOC.match(line)
            if m and pending is not None:
                # The call's one relocation: its rel32 (after any prefix).
                if int(m.group(1), 16) > pending[0]:
                    pending = None
                    counts[('reloc', m.group(2), m.group(3), section)] += 1
                    continue
            if pending is not None:
                counts[('name', pending[1])] += 1
                pending = None
        m = INSN.match(line)
        if not m:
            continue
        at = int(m.group(1), 16)
        if spans is not None and not any(a <= at < b for a, b in spans):
            continue        # data in a writable executable section
        if bad_at is not None and 0 < at - bad_at < 16:
            bad_bytes += at - bad_at
        bad_at = at if BAD.search(m.group(2)) else None
        c = CALL.match(m.group(2))
        if not c:
            continue
        if relocatable:
            # The displacement's relocation, if any, is on the next line.
            pending = (int(m.group(1), 16), c.group(2))
        else:
            counts[int(c.group(1), 16)] += 1
    if pending is not None:
        counts[('name', pending[1])] += 1
    if not relocatable:
        return counts
    # Resolve relocation keys to names the way asmscan names callees.
    named = Counter()
    for key, n in counts.items():
        if key[0] == 'name':
            named[key[1]] += n
            continue
        _, rtype, target, sec = key
        m = re.match(r'^(.*?)([+-]0x[0-9a-f]+)?$', target)
        sym, addend = m.group(1), int(m.group(2) or '0', 16)
        if sym in funcs:        # section symbol: .text+0x10
            off = addend + 4
            name = funcs[sym].get(off)
            named[name if name else '%s+0x%x' % (sym, off)] += n
        else:
            named[sym] += n
    return named


bad_bytes = 0


def main():
    objdump, path, doc = sys.argv[1:4]
    with open(doc) as f:
        rep = json.load(f)
    objs = rep['objects']
    relocatable = objs[0].get('type') == 'relocatable'
    theirs = objdump_counts(objdump, path, relocatable)
    ours = Counter()
    for c in rep['calls']['callees']:
        if not c['sites']:
            continue            # reached by tail calls only
        if relocatable:
            ours[c['name']] += c['sites']
        else:
            ours[int(c['address'], 16)] += c['sites']
    bad = 0
    for key in sorted(set(theirs) | set(ours), key=str):
        if theirs[key] != ours[key]:
            bad += 1
            if bad <= 30:
                k = '0x%x' % key if isinstance(key, int) else key
                print('callee %s: objdump %d, asmscan %d' % (k, theirs[key], ours[key]))
    total_t, total_o = sum(theirs.values()), sum(ours.values())
    print('%s: %d direct call sites to %d callees (objdump), %d to %d (asmscan), %d callees differ'
          % (path, total_t, len(theirs), total_o, len(ours), bad))
    print('objdump bad bytes: %d' % bad_bytes)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
