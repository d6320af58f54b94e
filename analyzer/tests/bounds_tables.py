#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bounds_tables.py VMLINUX ASMSCAN_JSON — the oracle for table sizes, from
the kernel's own bounds symbols.

For each special section: its start and stop symbols' addresses (`nm`:
__alt_instructions .. __alt_instructions_end, __smp_locks ..
__smp_locks_end, __start___ex_table .. __stop___ex_table, ...), the size of
its entry (`pahole -C STRUCT` for the structures, 4 for the s32 arrays)
and the bytes in between (`readelf -SW` says where in the file).  Then:

  - the bytes are a whole number of entries, and the entry size is
    asmscan's;
  - that number equals asmscan's entries + padding + unusual;
  - all-zero entries (the page fill vmlinux.lds puts at the end of
    .smp_locks) equal asmscan's padding;
  - for .smp_locks, entries whose byte is not a lock prefix (0xf0), or
    that point outside an executable section, equal asmscan's unusual
    count: alternatives_smp_lock() skips them.

Prints one line per table and exits 1 on any difference.
"""
import json
import re
import struct
import subprocess
import sys

TABLES = [  # asmscan's section name, struct (None: s32 array), start, stop
    ('.altinstructions', 'alt_instr', '__alt_instructions', '__alt_instructions_end'),
    ('.smp_locks', None, '__smp_locks', '__smp_locks_end'),
    ('__ex_table', 'exception_table_entry', '__start___ex_table', '__stop___ex_table'),
    ('__bug_table', 'bug_entry', '__start___bug_table', '__stop___bug_table'),
    ('__jump_table', 'jump_entry', '__start___jump_table', '__stop___jump_table'),
    ('.static_call_sites', 'static_call_site', '__start_static_call_sites',
     '__stop_static_call_sites'),
    ('.retpoline_sites', None, '__retpoline_sites', '__retpoline_sites_end'),
    ('.return_sites', None, '__return_sites', '__return_sites_end'),
]


def run(*args):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE,
                          universal_newlines=True).stdout


def struct_size(vmlinux, name):
    out = run('pahole', '-C', name, vmlinux)
    m = re.search(r'/\* size: (\d+)', out)
    if not m:
        raise SystemExit('pahole knows no struct %s in %s' % (name, vmlinux))
    return int(m.group(1))


def sections(vmlinux):
    """[(addr, size, offset, executable)] of the allocated PROGBITS sections."""
    out = []
    for line in run('readelf', '-SW', vmlinux).splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+PROGBITS\s+([0-9a-f]+)\s+([0-9a-f]+)\s+'
                     r'([0-9a-f]+)\s+\S+\s+(\S*)', line)
        if m and 'A' in m.group(5):
            out.append((int(m.group(2), 16), int(m.group(4), 16),
                        int(m.group(3), 16), 'X' in m.group(5)))
    return out


def main():
    vmlinux, doc = sys.argv[1:3]
    syms = {}
    for line in run('nm', vmlinux).splitlines():
        f = line.split()
        if len(f) == 3:
            syms.setdefault(f[2], int(f[0], 16))
    secs = sections(vmlinux)
    image = open(vmlinux, 'rb').read()

    def where(addr):
        for a, size, off, x in secs:
            if a <= addr < a + size:
                return off + addr - a, x
        return None, False

    with open(doc) as f:
        got = {t['section']: t for t in json.load(f)['tables']['sections']}
    bad = 0
    for name, struct_name, start, stop in TABLES:
        t = got[name]
        if start not in syms or stop not in syms:
            print('%s: no %s/%s in %s' % (name, start, stop, vmlinux))
            bad += 1
            continue
        size = struct_size(vmlinux, struct_name) if struct_name else 4
        nbytes = syms[stop] - syms[start]
        off, _ = where(syms[start])
        data = image[off:off + nbytes]
        entries = [data[i:i + size] for i in range(0, nbytes, size)]
        zero = sum(1 for e in entries if not any(e))
        skipped = None
        if name == '.smp_locks':
            skipped = 0
            for i, e in enumerate(entries):
                if not any(e):
                    continue
                target = syms[start] + 4 * i + struct.unpack('<i', e)[0]
                at, x = where(target)
                if at is None or not x or image[at] != 0xf0:
                    skipped += 1
        counted = t['entries'] + t['padding'] + t['unusual']
        ok = (t['status'] == 'read' and nbytes % size == 0 and
              t['entry_size'] == size and counted == nbytes // size and
              t['padding'] == zero and (skipped is None or t['unusual'] == skipped))
        print('%-18s %s..%s %7d bytes / %2d = %6d entries (%d zero%s); asmscan: '
              'entry %s, %d + %d padding + %d unusual%s'
              % (name, start, stop, nbytes, size, nbytes // size, zero,
                 '' if skipped is None else ', %d not lock prefixes' % skipped,
                 t['entry_size'], t['entries'], t['padding'], t['unusual'],
                 '' if ok else '  <- DIFFERS'))
        bad += not ok
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
