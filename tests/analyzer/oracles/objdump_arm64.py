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
    less nop, bti, the PAC hints (paci*, auti*) and ret/retaa/retab, the
    zero words of padding (udf #0) and words in the A64 encoding's
    unallocated space (op0 0001, 0011, or 0000 with bit 31 clear beyond
    UDF's 16 bits — with it set, SME's — of objdump's ".inst ...
    undefined"); asmscan's count less what it says
    its fragments hold.  In a linked file (vmlinux) a function is its
    STT_FUNC symbol, by address (local names repeat), and a symbol of
    another type inside it (a label of an assembly function) does not end
    it; a tail call must reach an STT_FUNC symbol's start.

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


INST = re.compile(r'^0x([0-9a-f]+)')


def body_word(mn, ops):
    """Is objdump's instruction line one real instruction of a body?"""
    if NOT_BODY.match(mn) or mn == '.word':
        return False
    if mn == 'udf' and ops.split()[0] in ('#0', '#0x0'):
        return False                    # a zero word: padding
    m = INST.match(ops) if mn == '.inst' else None
    if m:
        w = int(m.group(1), 16)
        op0 = (w >> 25) & 0xf
        return not (op0 in (1, 3) or (op0 == 0 and not w >> 31 and w >> 16))
    return True


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
            name, at = m.group(2), int(m.group(1), 16)
            funcs[section][at] = name
            size = sizes.get((name, at))
            # in a linked file only an STT_FUNC symbol starts a function,
            # and another symbol past its end is outside every function
            if relocatable or size is not None:
                func, start = name, at
                end = start + size if size else None
            elif end is None or at >= end:
                func = start = end = None
            continue
        m = RELOC.match(line)
        if m:
            relocs[(section, int(m.group(1), 16))] = (m.group(2), m.group(3))
            continue
        m = INSN.match(line)
        if m:
            off = int(m.group(1), 16)
            owner = func if end is None or off < end else None
            if owner is not None and not relocatable:
                owner = start           # local names repeat in vmlinux
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
    # linked: the functions' starts, by address
    fstarts = {at: name for name, at in func_sizes(objdump.replace('objdump', 'readelf'), path)}
    calls, tails, real = Counter(), Counter(), Counter()
    for sec, func, off, mn, ops in insns:
        if body_word(mn, ops):
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
            elif func is not None and callee in fstarts and callee != func and \
                    (func not in fstarts or fragment_oracle.family(fstarts[callee]) !=
                     fragment_oracle.family(fstarts[func])):
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
            if real[key(c)] != own:
                bad += 1
                print('%s: objdump shows %d real instructions, asmscan %d'
                      % (c['name'], real[key(c)], own))
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
