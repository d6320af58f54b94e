#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""same_loadable.py A B [--except SECTION]... — are two ELF files' loaded
bytes the same?

Compares every section with SHF_ALLOC (what a loader or the kernel image
holds) of A and B: the same names in the same order, and for each one the
same type, address, size and, unless it is SHT_NOBITS, the same bytes.
Sections named with --except are left out (".notes" in a vmlinux: its
build ID hashes the whole file, the non-loaded records in .comment
included).  Reads the section headers itself (ELF32 and ELF64, either
byte order), so the oracle shares no code with asmscan.

Prints one line per difference and a closing count.  Exit codes: 0 the
same, 1 different, 2 not an ELF file or unreadable.
"""
import struct
import sys

SHF_ALLOC = 0x2
SHT_NOBITS = 8


def sections(path):
    """[(name, type, flags, addr, offset, size)] of an ELF file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3A)
        fmt = end + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x2E)
        fmt = end + "IIIIIIIIII"
    hdrs = [struct.unpack_from(fmt, data, shoff + i * shentsize) for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = []
    for h in hdrs:
        name_off, typ, flags, addr, off, size = h[:6]
        name = data[stroff + name_off:data.index(b"\0", stroff + name_off)].decode()
        out.append((name, typ, flags, addr, off, size))
    return data, out


def main(argv):
    args, skip = [], set()
    it = iter(argv[1:])
    for a in it:
        if a == "--except":
            skip.add(next(it, ""))
        else:
            args.append(a)
    if len(args) != 2:
        print(__doc__.split("\n")[0], file=sys.stderr)
        return 2
    try:
        (da, sa), (db, sb) = (sections(p) for p in args)
    except (OSError, ValueError, struct.error) as e:
        print("same_loadable: %s" % e, file=sys.stderr)
        return 2
    la = [s for s in sa if s[2] & SHF_ALLOC and s[0] not in skip]
    lb = [s for s in sb if s[2] & SHF_ALLOC and s[0] not in skip]
    diffs = 0
    if [s[0] for s in la] != [s[0] for s in lb]:
        print("loadable sections differ: %s / %s" % ([s[0] for s in la], [s[0] for s in lb]))
        return 1
    for a, b in zip(la, lb):
        if (a[1], a[3], a[5]) != (b[1], b[3], b[5]):
            print("%s: type/address/size %s / %s" % (a[0], (a[1], hex(a[3]), a[5]), (b[1], hex(b[3]), b[5])))
            diffs += 1
        elif a[1] != SHT_NOBITS and da[a[4]:a[4] + a[5]] != db[b[4]:b[4] + b[5]]:
            print("%s: %d bytes differ" % (a[0], a[5]))
            diffs += 1
    print("same_loadable: %d loadable sections compared%s, %d differ" % (
        len(la), " (except %s)" % ", ".join(sorted(skip)) if skip else "", diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
