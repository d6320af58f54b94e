#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""objdump_arm64.py OBJDUMP FILE ASMSCAN_JSON — the oracle for AArch64 calls.

Reads `OBJDUMP -d [-r] --no-show-raw-insn FILE` (binutils, which knows
nothing of asmscan) and compares with `asmscan calls --all --format json`:

  - direct call sites per callee: every `bl`; in a .o the callee is the
    symbol of the R_AARCH64_CALL26 relocation at the bl's own offset (a
    section symbol plus addend is turned into the function objdump names
    at that offset), else objdump's <name>; in a linked file the target
    address objdump prints;
  - tail calls per callee: a `b` (not b.cond) whose target is the start
    of another function, or whose R_AARCH64_JUMP26 relocation names a
    symbol, unless the two are parts of one function by their names
    (NAME, NAME.cold, NAME.part.N: GCC's fragments);
  - real instructions of every function asmscan lists with a body: what
    objdump shows inside its symbol's size (readelf -s: code after it with
    no symbol of its own, such as a cold path, is not the function's),
    less nop, bti, the PAC hints (paci*, auti*) and ret/retaa/retab;
    asmscan's count less what it says its fragments hold.

Also prints how many bytes objdump shows as undefined instructions in
code ("objdump bad bytes: N"; data that the $d mapping symbols mark is
shown as .word, not decoded), which the e2e tests hold asmscan's
undecodable bytes to.

Prints the differences and exits 1 if there are any.
"""
import json
import re
import subprocess
import sys
from collections import Counter

import fragment_oracle

FUNC_HDR = re.compile(r'^([0-9a-f]+) <(.+)>:$')
INSN = re.compile(r'^\s*([0-9a-f]+):\t(\S+)\s*(.*)$')
TARGET = re.compile(r'^([0-9a-f]+) <([^>]*)>')
RELOC = re.compile(r'^\s*([0-9a-f]+): (R_AARCH64_\w+)\s+(\S+)$')
SECTION = re.compile(r'^Disassembly of section (\S+):$')
NOT_BODY = re.compile(r'^(nop|bti|pac(i|ib)[abz]?sp|paci[ab]z|auti[ab](sp|z)|'
                      r'autia|autib|ret|retaa|retab)$')


SYM = re.compile(r'^\s*\d+:\s+([0-9a-f]+)\s+(\d+)\s+FUNC\s.*\s(\S+)$')


def func_sizes(readelf, path):
    """{(name, value): size} of the STT_FUNC symbols."""
    out = subprocess.run([readelf, '-sW', path], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    sizes = {}
    for line in out.splitlines():
        m = SYM.match(line)
        if m:
            sizes[(m.group(3), int(m.group(1), 16))] = int(m.group(2))
    return sizes


undefined = 0         # words objdump shows as undefined instructions


def parse(objdump, path, relocatable):
    args = [objdump, '-d', '--no-show-raw-insn'] + (['-r'] if relocatable else [])
    out = subprocess.run(args + [path], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    section = None
    funcs = {}          # section -> {offset: name}
    insns = []          # (section, function, offset, mnemonic, operands)
    relocs = {}         # (section, offset) -> (type, target)
    func = None
    sizes = func_sizes(objdump.replace('objdump', 'readelf'), path)
    end = None
    for line in out.splitlines():
        m = SECTION.match(line)
        if m:
            section = m.group(1)
            funcs.setdefault(section, {})
            continue
        m = FUNC_HDR.match(line)
        if m:
            func = m.group(2)
            start = int(m.group(1), 16)
            funcs[section][start] = func
            size = sizes.get((func, start))
            end = start + size if size else None
            continue
        m = RELOC.match(line)
        if m:
            relocs[(section, int(m.group(1), 16))] = (m.group(2), m.group(3))
            continue
        m = INSN.match(line)
        if m:
            off = int(m.group(1), 16)
            owner = func if end is None or off < end else None
            insns.append((section, owner, off, m.group(2), m.group(3)))
            if 'undefined' in m.group(3):
                global undefined
                undefined += 1
    return funcs, insns, relocs


def reloc_name(funcs, target):
    m = re.match(r'^(.*?)([+-]0x[0-9a-f]+)?$', target)
    sym, addend = m.group(1), int(m.group(2) or '0', 16)
    if sym in funcs:                    # a section symbol: .text+0x10
        return funcs[sym].get(addend, '%s+0x%x' % (sym, addend))
    return sym if not addend else '%s+0x%x' % (sym, addend)


def oracle(objdump, path, relocatable):
    funcs, insns, relocs = parse(objdump, path, relocatable)
    starts = {}
    for sec, offs in funcs.items():
        for off, name in offs.items():
            starts[(sec, off)] = name
    all_starts = {off: name for (sec, off), name in starts.items()}
    calls, tails, real = Counter(), Counter(), Counter()
    for sec, func, off, mn, ops in insns:
        if not NOT_BODY.match(mn):
            real[func] += 1
        if mn not in ('bl', 'b'):
            continue
        r = relocs.get((sec, off))
        t = TARGET.match(ops)
        if relocatable:
            if r and r[0] in ('R_AARCH64_CALL26', 'R_AARCH64_JUMP26'):
                callee = reloc_name(funcs, r[1])
            elif t:
                callee = starts.get((sec, int(t.group(1), 16)), t.group(2))
            else:
                continue
        else:
            if not t:
                continue
            callee = int(t.group(1), 16)
        if mn == 'bl':
            calls[callee] += 1
        else:
            # A tail call leaves for the start of another function.
            if relocatable:
                if (r or (callee in funcs.get(sec, {}).values() and callee != func)) \
                        and fragment_oracle.family(callee) != fragment_oracle.family(func or ''):
                    tails[callee] += 1
            elif callee in all_starts and all_starts[callee] != func and \
                    fragment_oracle.family(all_starts[callee]) != fragment_oracle.family(func or ''):
                tails[callee] += 1
    return calls, tails, real


def main():
    objdump, path, doc = sys.argv[1:4]
    with open(doc) as f:
        rep = json.load(f)
    relocatable = rep['objects'][0].get('type') == 'relocatable'
    calls, tails, real = oracle(objdump, path, relocatable)
    ours_c, ours_t = Counter(), Counter()
    bad = checked_insns = 0

    def key(c):
        return c['name'] if relocatable else int(c['address'], 16)
    for c in rep['calls']['callees']:
        if c['sites']:
            ours_c[key(c)] += c['sites']
        if c['tail_calls']:
            ours_t[key(c)] += c['tail_calls']
        if 'insns' in c:
            checked_insns += 1
            own = c['insns'] - c.get('fragment_insns', 0)
            if real[c['name']] != own:
                bad += 1
                print('%s: objdump shows %d real instructions, asmscan %d'
                      % (c['name'], real[c['name']], own))
    for what, theirs, ours in (('calls', calls, ours_c), ('tail calls', tails, ours_t)):
        for k in sorted(set(theirs) | set(ours), key=str):
            if theirs[k] != ours[k]:
                bad += 1
                print('%s to %s: objdump %d, asmscan %d' % (
                    what, '0x%x' % k if isinstance(k, int) else k, theirs[k], ours[k]))
    print('%s: %d call sites to %d callees, %d tail calls, %d bodies counted (objdump); %d differ'
          % (path, sum(calls.values()), len(calls), sum(tails.values()), checked_insns, bad))
    print('objdump bad bytes: %d' % (4 * undefined))
    return 1 if bad or not (calls or tails) or not checked_insns else 0


if __name__ == '__main__':
    sys.exit(main())
