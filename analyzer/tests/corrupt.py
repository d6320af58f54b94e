#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""corrupt.py SRC OUTDIR — write damaged copies of the ELF file SRC.

Truncations at every structure boundary and at random offsets, and, with
a fixed seed (the same files every run), header fields, section headers,
symbols, relocations and DWARF bytes overwritten with hostile values.
Each output is named after what was done to it.
"""
import os
import random
import struct
import sys


def sections(data):
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    out = []
    for i in range(shnum):
        out.append(struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize))
    strtab = out[shstrndx]
    names = []
    for s in out:
        off = strtab[4] + s[0]
        names.append(data[off:data.index(b'\0', off)].decode())
    return shoff, shentsize, out, names


def main():
    src, outdir = sys.argv[1:3]
    base = os.path.basename(src)
    data = open(src, 'rb').read()
    rnd = random.Random(20240601)
    shoff, shentsize, secs, names = sections(data)
    files = {}

    # Truncations: header, inside the section table, inside each section.
    cuts = {0, 4, 16, 63, 64, len(data) // 2, len(data) - 1, shoff, shoff + 10}
    for s in secs:
        if s[1] != 8 and s[5]:              # not NOBITS
            cuts.update({s[4], s[4] + s[5] // 2})
    for _ in range(20):
        cuts.add(rnd.randrange(len(data)))
    for c in sorted(cuts):
        if 0 <= c < len(data):
            files['trunc-%d' % c] = data[:c]

    def patched(name, off, fmt, value):
        d = bytearray(data)
        struct.pack_into(fmt, d, off, value)
        files[name] = bytes(d)

    hostile = [0, 1, 0x7fffffff, 0xffffffff, 0xffffffffffffffff, len(data), len(data) - 1]
    patched('shoff-big', 0x28, '<Q', len(data) + 1000)
    patched('shnum-big', 0x3c, '<H', 0xffff)
    patched('shstrndx-big', 0x3e, '<H', 0xfffe)
    patched('shentsize-bad', 0x3a, '<H', 7)
    for i, (s, n) in enumerate(zip(secs, names)):
        if not i:
            continue
        at = shoff + i * shentsize
        tag = n.strip('.').replace('.', '_') or 'noname'
        for field, off, fmt in (('offset', 0x18, '<Q'), ('size', 0x20, '<Q'),
                                ('link', 0x28, '<I'), ('entsize', 0x38, '<Q')):
            v = rnd.choice(hostile)
            if fmt == '<I':
                v &= 0xffffffff
            patched('sh-%s-%s-%x' % (tag, field, v), at + off, fmt, v)
        if s[1] != 8 and s[5] >= 16:        # bytes inside the section
            for k in range(3):
                d = bytearray(data)
                for _ in range(8):
                    pos = s[4] + rnd.randrange(s[5])
                    d[pos] = rnd.randrange(256)
                files['bytes-%s-%d' % (tag, k)] = bytes(d)
        if s[1] == 2 and s[5]:              # SYMTAB: names and sections
            for k in range(4):
                d = bytearray(data)
                sym = s[4] + 24 * rnd.randrange(1, max(2, s[5] // 24))
                struct.pack_into('<I', d, sym, rnd.choice([0xffffff, 0x7fffffff]))
                struct.pack_into('<H', d, sym + 6, rnd.choice([0xfff0, 0xfff1, 0x7fff, 0xffff]))
                files['sym-%d' % k] = bytes(d)
        if s[1] == 4 and s[5] >= 24:        # RELA: symbol index and offset
            d = bytearray(data)
            struct.pack_into('<Q', d, s[4] + 8, (0xffffff << 32) | 2)
            files['rela-sym-%s' % tag] = bytes(d)
            d = bytearray(data)
            struct.pack_into('<Q', d, s[4], 0xfffffff0)
            files['rela-offset-%s' % tag] = bytes(d)
    for name, content in files.items():
        with open(os.path.join(outdir, '%s.%s' % (base, name)), 'wb') as f:
            f.write(content)
    print('%s: %d damaged copies' % (src, len(files)))


if __name__ == '__main__':
    main()
