#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""corrupt.py SRC OUTDIR — write damaged copies of the ELF file SRC.
corrupt.py --named SRC OUTDIR — write the named hostile set.

Without --named: truncations at every structure boundary and at random
offsets, and, with a fixed seed (the same files every run), header fields,
section headers, symbols, relocations and DWARF bytes overwritten with
hostile values.  Each output is named after what was done to it; asmscan
may read some of them (exit 0), never crash.

With --named: one file per kind of damage asmscan must refuse, each named
after it, and a line "FILE<TAB>WHAT" in OUTDIR/cases.txt per file: the
one error asmscan must give for it (exit 2), WHAT being the start of
"asmscan: FILE: WHAT...".  Truncated at every ELF, program and section
header boundary; a section's offset or size past the end; two sections
sharing bytes; sh_entsize 0; symbol and section indexes out of range (a
relocation's of code, and one of .rela.debug_info: the DWARF refused);
huge counts; the wrong class, byte order or machine; and for a file with
DWARF (a linked program, so that no relocation rewrites the bytes
changed), a unit longer than .debug_info, an abbreviation offset past
.debug_abbrev, .debug_abbrev cut to one byte, and the unit name's string section
emptied.
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


def named(src, outdir):
    base = os.path.basename(src)
    data = open(src, 'rb').read()
    shoff, shentsize, secs, names = sections(data)
    etype, = struct.unpack_from('<H', data, 0x10)
    phoff, = struct.unpack_from('<Q', data, 0x20)
    phentsize, phnum = struct.unpack_from('<HH', data, 0x36)
    cases = []

    def add(tag, content, what):
        name = '%s.%s' % (base, tag)
        with open(os.path.join(outdir, name), 'wb') as f:
            f.write(content)
        cases.append('%s\t%s' % (name, what))

    def patch(off, fmt, value, d=None):
        d = bytearray(data if d is None else d)
        struct.pack_into(fmt, d, off, value)
        return d

    def sec(name):
        return names.index(name)

    def shdr(i, field):
        return shoff + i * shentsize + {'offset': 0x18, 'size': 0x20,
                                        'link': 0x28, 'entsize': 0x38}[field]

    # Truncated at every boundary of the ELF header's fields, of the
    # program headers and of the section headers.
    for cut in (0, 4, 16, 18, 20, 24, 32, 40, 48, 52, 54, 56, 58, 60, 62):
        add('trunc-ehdr-%d' % cut, data[:cut], 'cannot ')
    for i in range(phnum + 1 if phoff else 0):
        add('trunc-phdr-%d' % i, data[:phoff + i * phentsize], 'cannot ')
    for i in range(len(secs)):
        add('trunc-shdr-%d' % i, data[:shoff + i * shentsize],
            'cannot read section headers')

    # Offsets and sizes past the end, and the largest values.
    for name in ('.text', '.symtab', '.strtab', '.debug_info', '.altinstructions'):
        if name not in names:
            continue
        i, tag = sec(name), name.strip('.')
        add('offset-past-end-' + tag, patch(shdr(i, 'offset'), '<Q', len(data)),
            'section out of bounds')
        add('size-past-end-' + tag, patch(shdr(i, 'size'), '<Q', len(data)),
            'section out of bounds')
        add('size-huge-' + tag, patch(shdr(i, 'size'), '<Q', 1 << 63),
            'section out of bounds')

    # Two sections sharing bytes: .data's bytes said to be .text's.
    text, other = sec('.text'), sec('.data') if '.data' in names else sec('.rodata')
    add('overlap', patch(shdr(other, 'offset'), '<Q', secs[text][4] + 1),
        'sections overlap')

    # Entry sizes of 0.
    add('entsize0-symtab', patch(shdr(sec('.symtab'), 'entsize'), '<Q', 0),
        'cannot read .symtab')
    rela = [i for i, s in enumerate(secs) if s[1] == 4 and s[5]]
    if etype == 1 and rela:
        add('entsize0-rela', patch(shdr(rela[0], 'entsize'), '<Q', 0),
            'cannot read relocations')

    # Indexes out of range: a symbol's section and name, a relocation's
    # symbol, .symtab's string table.
    sym = secs[sec('.symtab')][4] + 24 * (secs[sec('.symtab')][5] // 24 - 1)
    add('sym-shndx-out-of-range', patch(sym + 6, '<H', len(secs) + 5),
        'cannot read .symtab')
    add('sym-name-out-of-range', patch(sym, '<I', 0x7fffffff), 'cannot read .symtab')
    add('symtab-link-out-of-range', patch(shdr(sec('.symtab'), 'link'), '<I', 0xfff0),
        'cannot read .symtab')
    if etype == 1 and rela:
        add('rela-sym-out-of-range',
            patch(secs[rela[0]][4] + 8, '<Q', (0xffffff << 32) | 2),
            'cannot read relocations')
    # A DWARF relocation's symbol out of range: its entries are read by
    # the DWARF reader only, which refuses the object's DWARF.
    if etype == 1 and '.rela.debug_info' in names and \
            secs[sec('.rela.debug_info')][5] >= 48:
        add('rela-debug-sym-out-of-range',
            patch(secs[sec('.rela.debug_info')][4] + 24 + 8, '<Q',
                  (0xffffff << 32) | 10),
            'cannot read DWARF')

    # Huge counts.
    add('shnum-huge', patch(0x3c, '<H', 0xffff), 'cannot read section headers')
    d = patch(0x3c, '<H', 0)                        # extended count in [0]
    add('shnum-extended-huge', patch(shoff + 0x20, '<Q', 0xffffffff, d),
        'cannot read section headers')
    add('shstrndx-huge', patch(0x3e, '<H', 0xfffe), 'cannot read section headers')

    # The wrong class, byte order, machine.
    add('class-elf32', patch(4, '<B', 1), 'cannot analyse')
    add('big-endian', patch(5, '<B', 2), 'cannot analyse')
    add('machine-riscv', patch(0x12, '<H', 243), 'cannot analyse')
    add('machine-unknown', patch(0x12, '<H', 0x1234), 'cannot analyse')

    # DWARF with bad offsets and lengths (linked files: no relocation
    # rewrites these bytes).
    if etype != 1 and '.debug_info' in names:
        info = secs[sec('.debug_info')][4]
        add('dwarf-unit-length-past-end', patch(info, '<I', 0x7ffffff0),
            'cannot read DWARF')
        # DWARF 5 unit header: length 4, version 2, unit_type 1, address
        # size 1, debug_abbrev_offset 4; DWARF 4: length, version, offset.
        version, = struct.unpack_from('<H', data, info + 4)
        add('dwarf-abbrev-offset-past-end',
            patch(info + (8 if version >= 5 else 6), '<I', 0x7ffffff0),
            'cannot read DWARF')
        add('dwarf-abbrev-cut', patch(shdr(sec('.debug_abbrev'), 'size'), '<Q', 1),
            'cannot read DWARF')
        # The strings the unit's name is in (DWARF 5: .debug_line_str).
        strs = '.debug_line_str' if '.debug_line_str' in names else '.debug_str'
        add('dwarf-name-strings-empty', patch(shdr(sec(strs), 'size'), '<Q', 0),
            'cannot read DWARF')

    with open(os.path.join(outdir, 'cases.txt'), 'a') as f:
        f.write(''.join(c + '\n' for c in cases))
    print('%s: %d named hostile copies' % (src, len(cases)))


def main():
    if sys.argv[1] == '--named':
        named(*sys.argv[2:4])
        return
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
