# SPDX-License-Identifier: GPL-2.0
"""fragment_oracle.py — GCC's function fragments from the symbol table
alone, for the oracles that count per function (bounds_tables.py,
nm_copies.py): NAME.cold, NAME.cold.N (the cold blocks of NAME) and
NAME.part.N (the body ipa-split took out of NAME) belong to NAME: the
local NAME of the fragment's own STT_FILE, or else the one global NAME.
A fragment whose NAME has no definition there stands alone (a .part of a
function inlined everywhere); NAME.part.0.cold belongs to NAME.part.0,
and so to NAME when that one does.  asmscan ties fragments through DWARF first
and by these names where DWARF does not say; on the kernels tested both
give the same.
"""
import collections
import re
import subprocess

FRAGMENT = re.compile(r'(\.cold(\.\d+)?|\.part\.\d+)$')


def function_of(name):
    """NAME of NAME.cold, NAME.part.3 (NAME.part.0 of NAME.part.0.cold);
    name itself for any other."""
    m = FRAGMENT.search(name)
    return name[:m.start()] if m and m.start() else name


def family(name):
    """NAME of every fragment of NAME's: NAME.cold, NAME.part.0.cold."""
    while function_of(name) != name:
        name = function_of(name)
    return name


def functions(readelf, path):
    """[(address, size, name, local, file, section)] of the defined STT_FUNC
    symbols of path in .symtab order, file the STT_FILE before a local
    one (in a .o, address is the offset in section)."""
    out = subprocess.run([readelf, '-sW', path], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    funcs, file = [], None
    for line in out.splitlines():
        f = line.split()
        if len(f) != 8:
            continue
        if f[3] == 'FILE':
            file = (f[0], f[7])     # its index: two inode.c are two files
        elif f[3] == 'FUNC' and f[6].isdigit():
            local = f[4] == 'LOCAL'
            funcs.append((int(f[1], 16), int(f[2]), f[7], local,
                          file if local else None, int(f[6])))
    return funcs


def owners(funcs):
    """({fragment's (section, address): its function's}, {those of them
    that are unsure}) over functions().  A local fragment whose NAME is no
    local of its file but one global is that global's only if both come
    from one source file, which the symbol table cannot say (gcd.cold of
    lib/math/gcd.c is gcd's; a static msg_init.part.0 of fs/userfaultfd.c
    is not ipc/msg.c's msg_init): such a tie is unsure, and the oracles
    take asmscan's word for it, which DWARF gives."""
    funcs = list(funcs)
    local, globl = {}, collections.defaultdict(set)
    for addr, _, name, is_local, file, sec in funcs:
        if is_local:
            local.setdefault((file, name), (sec, addr))
        else:
            globl[name].add((sec, addr))
    own, unsure = {}, set()
    for addr, _, name, is_local, file, sec in funcs:
        base = function_of(name)
        if base == name:
            continue
        home = local.get((file, base)) if is_local else None
        if home is None and len(globl.get(base, ())) == 1:
            home = next(iter(globl[base]))
            if is_local:
                unsure.add((sec, addr))
        if home is not None and home != (sec, addr):
            own[(sec, addr)] = home
    for frag in own:                # NAME.part.0.cold: NAME's, if it has one
        for _ in range(8):
            if own[frag] not in own:
                break
            own[frag] = own[own[frag]]
    return own, unsure
