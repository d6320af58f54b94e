# SPDX-License-Identifier: GPL-2.0
"""elfread.py — the few things the candidates pipeline reads from ELF files
itself: the plugin's records in .comment, and what two objects load.

Records: the plugin writes NUL-ended strings "asminline/1 {json}" into
.comment (docs/reference/format.md, "Embedded records"); a string is keyed by the
FNV-1a-64 of its JSON text, and a linked vmlinux holds each once.  The
pipeline needs one thing asmscan's site list does not give: every unit
that holds a statement of a site (asmscan dedups a header's statement
across units), so that a what-if recompiles exactly those units.

Loadable comparison: the SHF_ALLOC sections of two objects (names, types,
sizes, bytes) and the relocations against them, each as (offset, type,
symbol name, addend): two relocatable objects that agree in these produce
the same code once linked.  Section headers are read here (ELF64, either
byte order) so that this check shares no code with asmscan.
"""
import json
import struct

SHF_ALLOC = 0x2
SHT_SYMTAB = 2
SHT_RELA = 4
SHT_NOBITS = 8
STT_SECTION = 3
RECORD_PREFIX = b"asminline/1 "


class ElfError(Exception):
    pass


class Elf:
    """Section headers, names and contents of one ELF64 file."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = data = f.read()
        if data[:4] != b"\x7fELF" or len(data) < 64:
            raise ElfError(f"{path}: not an ELF file")
        if data[4] != 2:
            raise ElfError(f"{path}: not ELF64")
        self.end = end = "<" if data[5] == 1 else ">"
        self.machine, = struct.unpack_from(end + "H", data, 18)
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3A)
        self.sh = [struct.unpack_from(end + "IIQQQQIIQQ", data, shoff + i * shentsize)
                   for i in range(shnum)]
        stroff = self.sh[shstrndx][4] if shnum else 0
        self.names = [self._str(stroff, h[0]) for h in self.sh]

    def _str(self, base, off):
        i = base + off
        return self.data[i:self.data.index(b"\0", i)].decode("utf-8", "replace")

    def contents(self, i):
        h = self.sh[i]
        return b"" if h[1] == SHT_NOBITS else self.data[h[4]:h[4] + h[5]]

    def section(self, name):
        for i, n in enumerate(self.names):
            if n == name:
                return i
        return None

    def symbol_names(self):
        """Per symbol table index, the symbol's name (a section symbol: its
        section's name)."""
        for i, h in enumerate(self.sh):
            if h[1] != SHT_SYMTAB:
                continue
            strtab = self.sh[h[6]][4]
            out = []
            for off in range(h[4], h[4] + h[5], 24):
                name, info, _other, shndx = struct.unpack_from(self.end + "IBBH", self.data, off)
                if info & 0xF == STT_SECTION and shndx < len(self.names):
                    out.append(self.names[shndx])
                else:
                    out.append(self._str(strtab, name))
            return out
        return []


def records(path):
    """{id: record} of the asminline/1 strings in PATH's .comment."""
    elf = Elf(path)
    i = elf.section(".comment")
    out = {}
    if i is None:
        return out
    for s in elf.contents(i).split(b"\0"):
        if not s.startswith(RECORD_PREFIX):
            continue
        text = s[len(RECORD_PREFIX):]
        out[fnv1a64(text)] = json.loads(text.decode("utf-8"))
    return out


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def site_units(recs):
    """{"FILE:LINE": {tu: flagged statements there}} from one file's
    records: each unit's stmt ids, their site strings' spelling."""
    out = {}
    for r in recs.values():
        if r.get("record") != "unit":
            continue
        for sid in r.get("stmts", []):
            stmt = recs.get(sid)
            site = recs.get(stmt.get("site")) if stmt else None
            if not site:
                continue
            key = f"{site['spelling_file']}:{site['spelling_line']}"
            per = out.setdefault(key, {})
            per[r["tu"]] = per.get(r["tu"], 0) + 1
    return out


def unit_records(recs):
    """[unit record] of one file."""
    return [r for r in recs.values() if r.get("record") == "unit"]


def loadable(path):
    """What an object loads: [(name, type, size, bytes)] of its SHF_ALLOC
    sections and [(section, offset, type, symbol, addend)] of the
    relocations against them."""
    elf = Elf(path)
    secs = []
    for i, h in enumerate(elf.sh):
        if h[2] & SHF_ALLOC:
            secs.append((elf.names[i], h[1], h[5], elf.contents(i)))
    syms = None
    relocs = []
    for h in elf.sh:
        if h[1] != SHT_RELA or h[7] >= len(elf.sh) or not elf.sh[h[7]][2] & SHF_ALLOC:
            continue
        if syms is None:
            syms = elf.symbol_names()
        target = elf.names[h[7]]
        for off in range(h[4], h[4] + h[5], 24):
            r_off, r_info, r_add = struct.unpack_from(elf.end + "QQq", elf.data, off)
            sym = r_info >> 32
            relocs.append((target, r_off, r_info & 0xFFFFFFFF,
                           syms[sym] if sym < len(syms) else sym, r_add))
    relocs.sort()
    return secs, relocs


def same_loadable(a, b):
    """None when objects A and B load the same, else what differs first."""
    sa, ra = loadable(a)
    sb, rb = loadable(b)
    if [s[0] for s in sa] != [s[0] for s in sb]:
        return "different loadable sections"
    for x, y in zip(sa, sb):
        if x[1:3] != y[1:3]:
            return f"{x[0]}: type or size {x[1:3]} / {y[1:3]}"
        if x[3] != y[3]:
            return f"{x[0]}: bytes differ"
    if ra != rb:
        return "relocations differ"
    return None
