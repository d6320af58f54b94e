#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# arm64.sh ASMSCAN [CC] — asmscan on AArch64 objects compiled here with
# the cross compiler (aarch64-linux-gnu-gcc-12 or aarch64-linux-gnu-gcc;
# skipped when it or the cross binutils are missing: scripts/dev/setup.sh
# installs them).  CC, the host compiler, makes an x86-64 object for the
# one-machine-per-run checks.
#   - src/arm64-calls.c with the arm64 kernel's flags (BTI and PAC landing
#     pads, ftrace's patchable-entry NOPs), as a .o and linked: call sites
#     per callee, tail calls and real instructions against objdump
#     (objdump_arm64.py);
#   - src/arm64-tables.c (6.1's ALTERNATIVE, alternative_cb, extable, BUG,
#     jump label): entries per function against the relocations
#     (reloc_arm64.py) and the source's "expect:"; unknown layouts refused;
#   - src/arm64-cpu-{old,new}.c: raw_smp_processor_id() before and after
#     it read thread_info, this_cpu_plus() 7 then 5 instructions (objdump),
#     asmscan's count of each against objdump;
#   - a run reads one machine.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN [CC]}
HOSTCC=${2:-cc}
TEST=analyzer-arm64
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir

need_aarch64_cc
need aarch64-linux-gnu-objdump aarch64-linux-gnu-readelf python3
OBJDUMP=aarch64-linux-gnu-objdump
READELF=aarch64-linux-gnu-readelf

# What arch/arm64/Makefile and ftrace give a 6.1 defconfig object.
KFLAGS="-O2 -fno-pie -mbranch-protection=pac-ret+bti -fpatchable-function-entry=2"
LDPROG="-no-pie -nostdlib -nostartfiles -static -e main"

# Calls and bodies.
"$XCC" $KFLAGS -c "$HERE/../src/arm64-calls.c" -o calls.o
"$XCC" -O2 -fno-pie -c "$HERE/../src/arm64-calls-main.c" -o calls-main.o
"$XCC" $LDPROG calls.o calls-main.o -o calls.exe
for f in calls.o calls.exe; do
	expect 0 "$ASMSCAN" calls --all -f json "$f"
	mv out.txt "$f.json"
	python3 "$HERE/../oracles/objdump_arm64.py" "$OBJDUMP" "$f" "$f.json" ||
		fail "$f: calls or bodies differ from objdump"
done
# The landing pads and ftrace NOPs are there, and are not body.
$OBJDUMP -d calls.o >calls.dis
grep -q "bti	c" calls.dis && grep -q paciasp calls.dis ||
	fail "the compiler emitted no bti c / paciasp: the test proves nothing"
python3 - calls.o.json <<'PY' || fail "tiny bodies"
import json, sys
rows = {c['name']: c for c in json.load(open(sys.argv[1]))['calls']['callees']}
# get_one: bti c; nop; nop; mov w0, #1; ret -> one real instruction.
assert rows['get_one']['insns'] == 1 and rows['get_one']['tiny'], rows['get_one']
assert rows['nothing']['insns'] == 0, rows['nothing']
assert rows['ext_call']['tail_calls'] == 1, rows['ext_call']
PY
expect 0 "$ASMSCAN" calls calls.o
grep -q "^calls.o: ELF64 AArch64 relocatable, " out.txt || fail "summary line: $(cat out.txt)"
# Across objects: calls.o's bl to ext_call reach calls-main.o's definition.
expect 0 "$ASMSCAN" calls -N 2 -n 0 calls.o calls-main.o
grep -Eq "^ +2 +1 +3 +2 +[0-9]+ +ext_call " out.txt ||
	fail "ext_call not resolved across objects: $(cat out.txt)"

# Tables.
"$XCC" $KFLAGS -c "$HERE/../src/arm64-tables.c" -o tables.o
"$XCC" -O2 -fno-pie -c "$HERE/../src/arm64-tables-main.c" -o tables-main.o
"$XCC" $LDPROG -Wl,--emit-relocs tables.o tables-main.o -o tables.exe
for f in tables.o tables.exe; do
	expect 0 "$ASMSCAN" tables -f json "$f"
	mv out.txt "$f.json"
	python3 "$HERE/../oracles/reloc_arm64.py" "$READELF" "$f" "$f.json" ||
		fail "$f: tables differ from the relocations"
	python3 "$HERE/../oracles/expect.py" "$f.json" "$HERE/../src/arm64-tables.c" ||
		fail "$f: expectations"
done
# An alternative whose lengths differ is not one arm64 applies: counted
# apart with the reason, the table still read.
cat >badalt.s <<'S'
	.text
	.globl f
	.type f, %function
f:	nop
	ret
	.size f, .-f
	.section .altinstructions,"a"
	.word f - ., f - .
	.hword 3
	.byte 4, 8
S
"$XCC" -c badalt.s -o badalt.o
expect 0 "$ASMSCAN" tables badalt.o
grep -q "^asmscan: badalt.o: note: .altinstructions: alt_len != orig_len: 1 (not counted)$" err.txt ||
	fail "unequal alternative lengths: $(cat err.txt)"
grep -Eq "^\.altinstructions +12 +0 +0 +0 +0 +0 +read; alt_len != orig_len: 1 \(not counted\)$" out.txt ||
	fail "unequal alternative lengths: $(cat out.txt)"

# 5.10-5.15's arm64 exception entry {s32 insn, fixup;} (8 bytes), without
# DWARF: read with that built-in layout.
cat >oldex.s <<'S'
	.text
	.globl f
	.type f, %function
f:	ldr x0, [x1]
	ret
	.size f, .-f
	.section __ex_table,"a"
	.word f - ., f + 4 - .
	.word f - ., f + 4 - .
	.word f + 4 - ., f - .
S
"$XCC" -c oldex.s -o oldex.o
expect 0 "$ASMSCAN" tables -f json oldex.o
python3 - out.txt <<'PY' || fail "5.10 arm64 extable: $(cat out.txt)"
import json, sys
t = {s['section']: s for s in json.load(open(sys.argv[1]))['tables']['sections']}['__ex_table']
assert t['status'] == 'read' and t['entry_size'] == 8 and t['in_functions'] == 3, t
assert t['layout_kernels'] == '5.10-5.15', t
PY

# raw_smp_processor_id(): the pair a diff test works on.
for v in old new; do
	"$XCC" -O2 -fno-pie -c "$HERE/../src/arm64-cpu-$v.c" -o cpu-$v.o
	expect 0 "$ASMSCAN" calls --all -f json cpu-$v.o
	mv out.txt cpu-$v.json
	python3 "$HERE/../oracles/objdump_arm64.py" "$OBJDUMP" cpu-$v.o cpu-$v.json ||
		fail "cpu-$v.o: differs from objdump"
done
python3 - "$OBJDUMP" "$READELF" <<'PY' || fail "raw_smp_processor_id shape"
import json, re, subprocess, sys
def run(*a):
    return subprocess.run(a, check=True, stdout=subprocess.PIPE,
                          universal_newlines=True).stdout
def objdump_len(path):
    # The instructions objdump shows inside the symbol's st_size (the
    # alignment NOP after it is not the function's).
    size = next(int(l.split()[2]) for l in run(sys.argv[2], '-sW', path).splitlines()
                if l.split()[-1:] == ['this_cpu_plus'])
    body = run(sys.argv[1], '-d', path).split('<this_cpu_plus>:\n', 1)[1].split('\n\n', 1)[0]
    offs = [int(m.group(1), 16) for m in
            (re.match(r'^\s*([0-9a-f]+):\t', l) for l in body.splitlines()) if m]
    return len([o for o in offs if o < offs[0] + size])
def asmscan(path):
    rows = json.load(open(path))['calls']['callees']
    return next(c for c in rows if c['name'] == 'this_cpu_plus')
old, new = objdump_len('cpu-old.o'), objdump_len('cpu-new.o')
# objdump shows the function's whole range: 28 and 20 bytes.
a_old, a_new = asmscan('cpu-old.json'), asmscan('cpu-new.json')
assert (old, new) == (7, 5), (old, new)
assert (a_old['bytes'], a_new['bytes']) == (4 * old, 4 * new), (a_old, a_new)
# asmscan leaves out the ret: 6 and 4, the same delta of -2.
assert a_new['insns'] - a_old['insns'] == new - old, (a_old, a_new)
print('this_cpu_plus: objdump %d -> %d, asmscan %d -> %d real' % (
    old, new, a_old['insns'], a_new['insns']))
PY

# asmscan diff on the pair: exactly objdump's instruction delta (-2) and
# bloat-o-meter's byte delta (-8) for this_cpu_plus.
expect 0 "$ASMSCAN" diff -f json cpu-old.o cpu-new.o
python3 - out.txt <<'PY' || fail "diff on the raw_smp_processor_id pair"
import json, sys
doc = json.load(open(sys.argv[1]))
row = next(f for f in doc['functions'] if f['name'] == 'this_cpu_plus')
assert (row['old_insns'], row['new_insns'], row['insns_delta']) == (7, 5, -2), row
assert row['delta'] == -8, row
assert len(doc['functions']) == 1, doc['functions']
PY

# One machine per run.
echo 'int host_fn(int x) { return x + 1; }' >host.c
if "$HOSTCC" -O2 -c host.c -o host.o 2>/dev/null &&
	[ "$(od -An -tu2 -j18 -N2 host.o | tr -d ' ')" = 62 ]; then
	expect 2 "$ASMSCAN" calls calls.o host.o
	grep -qx "asmscan: host.o: cannot analyse: x86-64 object in a run of AArch64 objects (one machine per run)" err.txt ||
		fail "named object of another machine: $(cat err.txt)"
	[ ! -s out.txt ] || fail "a result printed for a run of two machines: $(cat out.txt)"
	mkdir -p tree
	cp calls.o tree/a.o
	cp host.o tree/b.o
	expect 0 "$ASMSCAN" calls tree
	grep -qx "asmscan: tree/b.o: note: skipped: x86-64 object in a run of AArch64 objects (one machine per run)" err.txt ||
		fail "object of another machine in a directory: $(cat err.txt)"
else
	echo "$TEST: no x86-64 host compiler: machine mixing not checked"
fi
echo "$TEST: PASS"
