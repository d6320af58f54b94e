#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# e2e-vmlinux.sh ASMSCAN FETCH [KVER [ARCH]] — every analysis on a real
# Linux vmlinux with DWARF: Debian's linux-image-*-ARCH-dbg (amd64, the
# default, or arm64) of the series KVER (6.1, the default, 6.12, or newest:
# the newest kernel of Debian's development suite, whatever version that
# is), fetched and cached by tests/kernel/fetch-vmlinux.sh --kver KVER
# --arch ARCH.  A vmlinux that cannot be had fails the test, unless
# ASMINLINE_ALLOW_SKIP=1 (then a skip).
#   - the summary of all analyses reads everything: no error, every table
#     the architecture has read, the only notes the unusual table entries
#     the kernel skips, a writable section's code (7.x's .data) and the
#     DWARF functions without a symbol;
#   - undecodable bytes at most twice what objdump -d shows as bad in the
#     same code;
#   - table entries + padding + unusual = the bytes between the kernel's
#     own bounds symbols (nm) over the entry size (pahole), .smp_locks'
#     skipped entries recounted from the bytes, and the entries per
#     function from the bytes and readelf -s (bounds_tables.py); where
#     --emit-relocs kept the relocations (6.1), per function from them too
#     (reloc_tables.py);
#   - direct call sites per callee equal objdump -d's (objdump_calls.py;
#     on arm64 also tail calls and every body's instructions:
#     objdump_arm64.py);
#   - symbol copies equal nm's (nm_copies.py);
#   - no padding symbol (__pfx_, __cfi_) in any output, text or JSON;
#   - placeholders and failure paths (BUG_func, __stack_chk_fail,
#     fortify, Rust's panics) are never ranked among the tiny callees, nor
#     mangled names, linker veneers or mapping symbols; no out-of-line copy
#     is credited to a fragment; ranked callees have a location where
#     DWARF has one; DWARF matches its functions' symbols
#     (vmlinux_rules.py);
#   - the JSON is the same for -j 1, -j 2 and -j 256 (256 parts of the
#     DWARF walk: on 6.12 the first part meets no struct alt_instr,
#     which the second then looks for after the walk, dwarf.c).
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN FETCH [KVER [ARCH]]}
FETCH=${2:?usage: $0 ASMSCAN FETCH [KVER [ARCH]]}
KVER=${3:-6.1}
ARCH=${4:-amd64}
suffix=
[ "$ARCH" = amd64 ] || suffix=-$ARCH
[ -z "${3:-}" ] || suffix=$suffix-$KVER
TEST=analyzer-e2e-vmlinux$suffix
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
cross=
[ "$ARCH" = amd64 ] || cross=aarch64-linux-gnu-
need "${cross}objdump" "${cross}readelf" "${cross}addr2line" nm readelf pahole python3

fetch_vmlinux "$FETCH" "$KVER" "$ARCH"
vmlinux=$VMLINUX
echo "$TEST: $vmlinux ($("$FETCH" --kver "$KVER" --arch "$ARCH" --print-version))"

expect 0 "$ASMSCAN" -f json -j 2 "$vmlinux"
mv out.txt all.json
if grep -v -e ": note: .smp_locks: not a lock prefix: [0-9]* (the kernel skips them)$" \
	-e ": note: [^:]*: writable and executable: [0-9,]* of its [0-9,]* bytes read as code" \
	-e ": note: DWARF: [0-9,]* of [0-9,]* functions' code starts where no function symbol does" err.txt; then
	fail "messages on a clean vmlinux (above)"
fi
python3 - all.json "$ARCH" <<'PY' || fail "summary of all analyses"
import json, sys
rep = json.load(open(sys.argv[1]))
arch = sys.argv[2]
o, = rep['objects']
assert o['read'] and o['dwarf'] and o['type'] in ('executable', 'shared object'), o
assert o['functions'] > 40000 and o['dwarf_units'] > 1000, o
assert o['undecodable_bytes'] < 1000, o
assert not rep['errors'], rep['errors']
d = rep['copies']['dwarf']
assert d['available'] and d['copies'] > 100, d['copies']
assert all(g['decl_file'] and g['decl_line'] for g in d['functions'])
secs = {t['section']: t for t in rep['tables']['sections']}
have = ('.altinstructions', '__ex_table', '__bug_table', '__jump_table')
if arch == 'amd64':
    have += ('.smp_locks', '.static_call_sites', '.retpoline_sites', '.return_sites')
for name, t in secs.items():
    if name in have:
        assert t['status'] == 'read' and t['entries'] > 0, t
    else:
        assert t['status'] == 'absent', t
assert sum(t['in_copies'] for t in secs.values()) > 0
# The functions' rows in order: total descending, then the symbol's bytes
# (strcmp), then the address; names tying on their first 9 bytes (as the
# sort's keys do) and total among them, ordered by the whole name.
rows = rep['tables']['functions']
key = [(-r['total'], r.get('symbol', r['name']).encode(), int(r['address'], 16))
       for r in rows]
assert key == sorted(key), 'table rows out of order'
ties = sum(1 for a, b in zip(key, key[1:]) if a[0] == b[0] and a[1][:9] == b[1][:9])
assert ties > 100, ties
c = rep['calls']
assert c['sites'] > 100000 and c['tiny_callees'] > 0, c
assert arch != 'amd64' or c['ftrace_sites'] > 10000, c
assert c['failure_sites'] > 1000, c
print('vmlinux: %d functions, %d DWARF copies of %d functions, %d call sites, '
      '%d to %d tiny functions, %d to placeholders and failure paths, '
      '%d table entries (%d in copies, %d unusual)'
      % (o['functions'], d['copies'], len(d['functions']), c['sites'], c['tiny_sites'],
         c['tiny_callees'], c['placeholder_sites'] + c['failure_sites'],
         sum(t['entries'] for t in secs.values()),
         sum(t['in_copies'] for t in secs.values()),
         sum(t['unusual'] for t in secs.values())))
PY

expect 0 "$ASMSCAN" tables -f json "$vmlinux"
mv out.txt tables.json
python3 "$HERE/../oracles/bounds_tables.py" "$vmlinux" tables.json || fail "tables differ from the bounds symbols"
if [ "$ARCH" = amd64 ] && readelf -SW "$vmlinux" | grep -q ' \.rela\.text '; then
	python3 "$HERE/../oracles/reloc_tables.py" "$vmlinux" tables.json || fail "tables differ from the relocations"
else
	echo "$TEST: no relocations kept in this vmlinux: entries per function not checked"
fi

expect 0 "$ASMSCAN" calls --all -f json "$vmlinux"
mv out.txt calls.json
if [ "$ARCH" = amd64 ]; then
	python3 "$HERE/../oracles/objdump_calls.py" objdump "$vmlinux" calls.json >oracle.txt ||
		{ cat oracle.txt; fail "calls differ from objdump -d"; }
else
	python3 "$HERE/../oracles/objdump_arm64.py" "${cross}objdump" "$vmlinux" calls.json >oracle.txt ||
		{ cat oracle.txt; fail "calls, tail calls or bodies differ from objdump -d"; }
fi
cat oracle.txt
python3 - all.json oracle.txt <<'PY' || fail "undecodable bytes"
import json, re, sys
o, = json.load(open(sys.argv[1]))['objects']
theirs = int(re.search(r'^objdump bad bytes: (\d+)$', open(sys.argv[2]).read(), re.M).group(1))
ours = o['undecodable_bytes']
print('undecodable bytes: asmscan %d (and %d instructions capstone does not know, '
      '%d bytes of padding), objdump %d' % (ours, o['unknown_instructions'],
                                            o['padding_bytes'], theirs))
assert ours <= 2 * theirs, 'more than twice what objdump says'
PY
python3 - calls.json <<'PY' || fail "placeholders and failure paths ranked"
import json, sys
c = json.load(open(sys.argv[1]))['calls']
rows = {r['name']: r for r in c['callees']}
want = {'BUG_func': 'placeholder', '__stack_chk_fail': 'failure',
        '__fortify_panic': 'failure', 'fortify_panic': 'failure'}
for name, cls in want.items():
    if name in rows:
        assert rows[name]['class'] == cls and not rows[name]['tiny'], rows[name]
assert '__stack_chk_fail' in rows, 'no call to __stack_chk_fail'
bad = [r['name'] for r in c['callees']
       if r['tiny'] and r['class'] != 'plain']
assert not bad, bad
print('%s calls to placeholders, %s to failure paths: none ranked'
      % (c['placeholder_sites'], c['failure_sites']))
PY
expect 0 "$ASMSCAN" calls -n 20 "$vmlinux"
if grep -E " (BUG_func|__stack_chk_fail|__fortify_panic|fortify_panic|__ubsan_handle_[a-z_0-9]*) " out.txt; then
	fail "a placeholder or failure path among the ranked callees (above)"
fi

expect 0 "$ASMSCAN" copies -f json "$vmlinux"
mv out.txt copies.json
python3 "$HERE/../oracles/nm_copies.py" nm copies.json "$vmlinux" || fail "symbol copies differ from nm"
python3 "$HERE/../oracles/vmlinux_rules.py" "${cross}readelf" nm all.json calls.json copies.json "$vmlinux" ||
	fail "a rule broken (above)"

# No padding symbol anywhere: every verb, text and JSON.
for out in all.json tables.json calls.json copies.json; do
	! grep -q '__pfx_\|__cfi_' "$out" || fail "$out names a padding symbol"
done
for verb in copies "calls --all" tables; do
	expect 0 "$ASMSCAN" $verb -n 0 "$vmlinux"
	! grep -q '__pfx_\|__cfi_' out.txt || fail "'$verb' names a padding symbol: $(grep -m3 '__pfx_\|__cfi_' out.txt)"
done

expect 0 "$ASMSCAN" -f json -j 1 "$vmlinux"
cmp -s out.txt all.json || fail "-j 1 and -j 2 give different JSON"
expect 0 "$ASMSCAN" -f json -j 256 "$vmlinux"
cmp -s out.txt all.json || fail "-j 256 and -j 2 give different JSON"

# The text summary, for the log.
"$ASMSCAN" -n 5 "$vmlinux"
echo "$TEST: PASS"
