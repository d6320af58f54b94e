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
    count: alternatives_smp_lock() skips them;
  - per function (STT_FUNC, `readelf -s`; a padding symbol __pfx_NAME or
    __cfi_NAME counts with the function after it; a fragment NAME.cold,
    NAME.part.N counts with the function NAME of its file, or the one
    global NAME), the entries whose site, the first s32 of the entry plus
    its own address, falls in it.

Tables the kernel's architecture has none of (arm64: .smp_locks and the
x86 call-site arrays) must be absent in asmscan's output too.

Prints one line per table and exits 1 on any difference.
"""
import bisect
import json
import re
import struct
import subprocess
import sys

import fragment_oracle

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

    # Functions (STT_FUNC) by address: [start - padding, start + size).
    sizes, pads = {}, {}
    funcs = fragment_oracle.functions('readelf', vmlinux)
    for addr, size, name, _, _, _ in funcs:
        if name.startswith(('__pfx_', '__cfi_')):
            pads[addr + size] = max(pads.get(addr + size, 0), size)
        else:
            sizes[addr] = max(sizes.get(addr, 0), size)
    owned, unsure = fragment_oracle.owners(
        f for f in funcs if not f[2].startswith(('__pfx_', '__cfi_')))
    owner = {frag[1]: home[1] for frag, home in owned.items()}
    unsure = {frag[1] for frag in unsure}
    starts = sorted(sizes)

    def func_at(addr):
        i = bisect.bisect_right(starts, addr)
        if i and (addr == starts[i - 1] or addr < starts[i - 1] + sizes[starts[i - 1]]):
            return starts[i - 1]
        if i < len(starts) and starts[i] - addr <= pads.get(starts[i], 0):
            return starts[i]
        return None

    with open(doc) as f:
        rep = json.load(f)['tables']
    got = {t['section']: t for t in rep['sections']}
    got_funcs = {}
    for fn in rep['functions']:
        for sec, n in fn['entries'].items():
            got_funcs[(sec, int(fn['address'], 16))] = n
    # an unsure fragment (fragment_oracle.owners) is its own function when
    # asmscan counts entries in it
    for sec, addr in got_funcs:
        if addr in unsure:
            owner.pop(addr, None)
    want_funcs = {}
    bad = 0
    for name, struct_name, start, stop in TABLES:
        t = got[name]
        if start not in syms and stop not in syms and t['status'] == 'absent':
            print('%-18s none in this kernel, none in asmscan\'s' % name)
            continue
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
        skipped = 0 if name == '.smp_locks' else None
        for i, e in enumerate(entries):
            if not any(e) or len(e) < 4:
                continue
            target = syms[start] + size * i + struct.unpack('<i', e[:4])[0]
            if name == '.smp_locks':
                at, x = where(target)
                if at is None or not x or image[at] != 0xf0:
                    skipped += 1
                    continue
            fn = func_at(target)
            fn = owner.get(fn, fn)
            if fn is not None:
                want_funcs[(name, fn)] = want_funcs.get((name, fn), 0) + 1
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
    differ = sorted(k for k in set(want_funcs) | set(got_funcs)
                    if want_funcs.get(k) != got_funcs.get(k))
    for sec, fn in differ[:20]:
        print('%s in the function at %#x: bytes say %s, asmscan %s'
              % (sec, fn, want_funcs.get((sec, fn)), got_funcs.get((sec, fn))))
    print('%d (table, function) pairs from the bytes and readelf -s, %d differ'
          % (len(want_funcs), len(differ)))
    return 1 if bad or differ else 0


if __name__ == '__main__':
    sys.exit(main())
