#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# e2e-kernel.sh ASMSCAN PREPARE [KVER] — every analysis on real Linux
# x86_64_defconfig objects of the series KVER (6.1, the default, or 6.12;
# tests/kernel/prepare-kernel.sh --kver KVER prepares the tree; a tree
# that cannot be had fails the test unless ASMINLINE_ALLOW_SKIP=1).  A
# handful of objects is built if they are missing; one is compiled again
# with -g from its Kbuild command line (into this test's directory) so the
# DWARF path of a kernel .o is seen, and a module-shaped relocatable is
# linked with ld -r as Kbuild links a .ko.  On each: direct call sites
# equal objdump -dr's, symbol copies nm's, every special section is read
# (its layout from the object's DWARF or the built-in one of the series),
# no padding symbol named, no placeholder or failure path ranked, nothing
# else reported.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN PREPARE [KVER]}
PREPARE=${2:?usage: $0 ASMSCAN PREPARE [KVER]}
KVER=${3:-6.1}
TEST=analyzer-e2e-kernel${3:+-$KVER}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need objdump nm ld python3 make

# Two objects under kernel/sched for the directory input at the end.
objs="kernel/fork.o kernel/sched/core.o kernel/sched/fair.o mm/vmscan.o
	net/core/dev.o fs/namei.o"
. "$(dirname "$PREPARE")/tree.sh"
ASMINLINE_KVER=$KVER kernel_tree "$PREPARE" x86_64 $objs
build=$KERNEL_BUILD

# kernel/fork.o again, with DWARF, from its own command line: the compiler
# part with -g and our output, then objtool on our copy as Kbuild runs it.
# Nothing is written into the shared build tree.
line=$(sed -n '1s/^\(saved\)\?cmd_[^ ]* := //p' "$build/kernel/.fork.o.cmd")
[ -n "$line" ] || fail "no command line in kernel/.fork.o.cmd"
cc=$(echo "${line%%;*}" | sed -e 's/-Wp,-MMD,[^ ]*//' -e "s| -o kernel/fork.o | -g -o $PWD/fork-g.o |")
objtool=$(echo "$line" | tr ';' '\n' | grep objtool | sed "s| kernel/fork.o *\$| $PWD/fork-g.o|" || true)
case "$cc $objtool" in
*" kernel/fork.o"*) fail "could not redirect the command line away from the build tree" ;;
esac
(cd "$build" && eval "$cc" && eval "${objtool:-true}") || fail "cannot compile kernel/fork.c with -g"
ld -r -m elf_x86_64 -o module.ko "$build/kernel/fork.o" "$build/mm/vmscan.o"

check() {
	local f=$1 name
	name=$(basename "$f")
	expect 0 "$ASMSCAN" -f json --all "$f"
	mv out.txt "$name.json"
	[ ! -s err.txt ] || fail "$f: $(cat err.txt)"
	python3 "$HERE/../oracles/objdump_calls.py" objdump "$f" "$name.json" || fail "$f: calls"
	python3 "$HERE/../oracles/nm_copies.py" nm "$name.json" "$f" || fail "$f: symbol copies"
	python3 - "$name.json" <<'PY' || fail "$f: tables"
import json, sys
rep = json.load(open(sys.argv[1]))
for t in rep['tables']['sections']:
    assert t['status'] in ('read', 'absent'), t
    if t['status'] == 'read':
        assert t['outside'] == 0 or t['section'] == '.altinstructions', t
        assert t['unusual'] == 0, t
bad = [r['name'] for r in rep['calls']['callees'] if r['tiny'] and r['class'] != 'plain']
assert not bad, bad
assert not [r for r in rep['calls']['callees']
            if r['name'] in ('BUG_func', '__stack_chk_fail', '__fortify_panic', 'fortify_panic')
            and r['class'] == 'plain'], 'a placeholder or failure path in class plain'
PY
	! grep -q '__pfx_\|__cfi_' "$name.json" || fail "$f: a padding symbol named"
}
for o in $objs; do
	check "$build/$o"
done
check fork-g.o
check module.ko
python3 - fork-g.o.json fork.o.json "$KVER" <<'PY' || fail "fork.o with and without DWARF"
import json, sys
g, plain = (json.load(open(p)) for p in sys.argv[1:3])
# struct alt_instr: 12 bytes up to 6.2, 14 from 6.3 (u32 ft_flags).  A
# unit's DWARF describes it only where the unit uses it (fork.c does not):
# the built-in layouts find the size.
size = {'6.1': 12, '6.12': 14}[sys.argv[3]]
for rep in (g, plain):
    alt = {t['section']: t for t in rep['tables']['sections']}['.altinstructions']
    assert alt['entry_size'] == size and alt['entries'] > 0, alt
assert g['objects'][0]['dwarf'] and not plain['objects'][0]['dwarf']
assert g['calls']['sites'] == plain['calls']['sites']
# With DWARF, callees get declarations.
assert any('decl_file' in c for c in g['calls']['callees'])
PY

# The objects as one directory input: a kernel subtree, of which the
# filter keeps kernel/sched (core.o and fair.o, built above; others
# there if earlier runs built them).
expect 0 "$ASMSCAN" -n 5 --include '*/sched/*' "$build/kernel"
n=$(sed -n 's/^\([0-9]*\) objects: [0-9]* relocatable.*/\1/p' out.txt)
[ "${n:-0}" -ge 2 ] || fail "directory: $(head -3 out.txt)"
cat out.txt
echo "$TEST: PASS"
