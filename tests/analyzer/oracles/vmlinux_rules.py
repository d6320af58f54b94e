#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""vmlinux_rules.py READELF NM ALL_JSON CALLS_JSON COPIES_JSON VMLINUX — what
asmscan must never say of a kernel, whatever its version or machine.

ALL_JSON is `asmscan -f json` (the summary), CALLS_JSON `asmscan calls
--all -f json`, COPIES_JSON `asmscan copies -f json`, all of VMLINUX.

  - DWARF: every function DWARF puts in the code is matched to its symbol
    but for a few (a weak definition another overrides keeps its code and
    DWARF but not its symbol): at most 1 %;
  - no out-of-line copy is credited to a fragment (NAME.cold, or a
    NAME.part.N whose NAME has a body: fragment_oracle.py, from readelf
    -s): the copy is the function the fragment belongs to;
  - among the ranked (tiny) callees: no mangled Rust name (_R..., _ZN...),
    no Rust panic path (core::panicking::*, unwrap and index failures), no
    C failure path (__stack_chk_fail, fortify, UBSan, KASAN), no linker
    veneer (e843419@..., *_veneer), no name made of a mapping symbol
    ($x, $d), and each with a source location where DWARF has one (where
    addr2line finds a file and line);
  - every demangled callee name is the one `nm -C` prints for its symbol.

Prints what it checked and exits 1 on any violation.
"""
import json
import re
import subprocess
import sys

import fragment_oracle

RUST_FAILURE = re.compile(r'^(core::panicking::|core::option::(unwrap|expect)_failed|'
                          r'core::result::unwrap_failed|core::slice::index::slice_|'
                          r'core::str::slice_error_fail|core::cell::panic_already_|'
                          r'alloc::alloc::handle_alloc_error)')
C_FAILURE = re.compile(r'^(__kvm_nvhe_|__pi_)?(__stack_chk_fail|__fortify_panic|fortify_panic|'
                       r'__fortify_report|__ubsan_handle_|__asan_report_|BUG_func)')


def main():
    readelf, nm, all_doc, calls_doc, copies_doc, vmlinux = sys.argv[1:7]
    bad = []
    o, = json.load(open(all_doc))['objects']
    funcs, unmatched = o['dwarf_functions'], o['dwarf_functions_without_symbol']
    if not funcs or unmatched * 100 > funcs:
        bad.append('DWARF: %d of %d functions without their symbol' % (unmatched, funcs))

    syms = fragment_oracle.functions(readelf, vmlinux)
    owned, unsure = fragment_oracle.owners(s for s in syms
                                           if not s[2].startswith(('__pfx_', '__cfi_')))
    fragment = {addr for key in owned if key not in unsure for _, addr in [key]}
    copies = [i for g in json.load(open(copies_doc))['copies']['dwarf']['functions']
              for i in g['instances']]
    for i in copies:
        if int(i['address'], 16) in fragment:
            bad.append('copy credited to a fragment: %s at %s' % (i['symbol'], i['address']))

    callees = json.load(open(calls_doc))['calls']['callees']
    tiny = [c for c in callees if c['tiny']]
    nowhere = []
    for c in tiny:
        n = c['name']
        if n.startswith(('_R', '_ZN')):
            bad.append('mangled Rust name ranked: ' + n)
        if RUST_FAILURE.match(n) or C_FAILURE.match(n):
            bad.append('failure path ranked: ' + n)
        if n.startswith('e843419@') or n.endswith('_veneer'):
            bad.append('linker veneer ranked: ' + n)
        if re.search(r'(^|[^A-Za-z0-9_])\$[xdat](\.|\+|$)', n):
            bad.append('mapping symbol ranked: ' + n)
        if not c.get('decl_file'):
            nowhere.append(c)
    if nowhere:     # is there one? addr2line finds a file, or ??
        out = subprocess.run([readelf.replace('readelf', 'addr2line'), '-e', vmlinux] +
                             [c['address'] for c in nowhere], check=True,
                             stdout=subprocess.PIPE, universal_newlines=True).stdout
        for c, line in zip(nowhere, out.splitlines()):
            # "file:?" is the symbol table's STT_FILE: no line, no DWARF
            if not line.endswith(':?'):
                bad.append('ranked callee without a source location, where DWARF '
                           'says %s: %s' % (line, c['name']))
    demangled = [c for c in callees if 'symbol' in c]
    if demangled:
        out = subprocess.run([nm, '-C', '--defined-only', vmlinux], check=True,
                             stdout=subprocess.PIPE, universal_newlines=True).stdout
        by_addr = {}
        for line in out.splitlines():
            f = line.split(' ', 2)
            if len(f) == 3:
                by_addr.setdefault(int(f[0], 16), set()).add(f[2])
        for c in demangled:
            if c['name'] not in by_addr.get(int(c['address'], 16), ()):
                bad.append('%s: asmscan %r, not among nm -C\'s %r'
                           % (c['symbol'], c['name'], by_addr.get(int(c['address'], 16))))
    for b in bad[:30]:
        print(b)
    print('%s: DWARF %d functions, %d without a symbol; %d copies, none of a fragment '
          'of %d; %d ranked callees; %d Rust names demangled as nm -C; %d wrong'
          % (vmlinux, funcs, unmatched, len(copies), len(fragment), len(tiny),
             len(demangled), len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
