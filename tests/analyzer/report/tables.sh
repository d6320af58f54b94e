#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tables.sh ASMSCAN CC — the kernel's special sections.  src/tables.c
# writes entries the way Linux 6.1 x86-64 does; asmscan must count each
# "expect:" of it in the .o (entries are relocations) and in the linked
# program (self-relative values), including the entry that falls in an
# out-of-line copy of an inline function.  Layouts come from DWARF, else
# from the built-in ones of 5.10 to mainline; a table no layout fits is
# refused with a note, never misread; one odd entry is counted apart.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-tables
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" python3 objcopy

"$CC" -O2 -g -fno-pie -c "$HERE/../src/tables.c" -o tables.o
"$CC" -O2 -fno-pie -c "$HERE/../src/tables-main.c" -o tables-main.o
"$CC" -no-pie tables.o tables-main.o -o tables.exe
for f in tables.o tables.exe; do
	expect 0 "$ASMSCAN" tables -f json "$f"
	mv out.txt "$f.json"
	python3 "$HERE/../oracles/expect.py" "$f.json" "$HERE/../src/tables.c" || fail "$f: expectations"
	expect 0 "$ASMSCAN" tables "$f"
	grep -Eq "^\.smp_locks +4 +4 +4 +1 +0 +0 +read$" out.txt ||
		fail "$f: .smp_locks summary: $(cat out.txt)"
done

# --function narrows the rows and the totals.
expect 0 "$ASMSCAN" tables --function 'locked*' tables.o
grep -Eq "^\.smp_locks +4 +2 +2 +0 +0 +0 +read$" out.txt &&
	grep -Eq "^\.altinstructions +12 +0 +0 " out.txt || fail "--function: $(cat out.txt)"

# Without DWARF the built-in layouts of 5.10 to mainline are tried: a
# 13-byte .altinstructions (5.10-5.12's padlen byte) and a 14-byte one
# (6.3+'s u32 ft_flags) are each read with their own layout.
cat >old.s <<'S'
	.text
	.globl f
	.type f, @function
f:	nop
	lock; incl (%rdi)
	ret
	.size f, .-f
	.section .altinstructions,"a"
	.long f - ., f - .
	.word 3
	.byte 1, 1, 0
	.section .smp_locks,"a"
	.long f - .
	.long f + 1 - .
S
"$CC" -c old.s -o old.o
sed -e 's/^\t\.word 3$/\t.long 3/' -e 's/^\t\.byte 1, 1, 0$/\t.byte 1, 1/' old.s >new.s
"$CC" -c new.s -o new.o
for v in old:13:5.10-5.12 new:14:6.3+; do
	IFS=: read -r f size kernels <<<"$v"
	expect 0 "$ASMSCAN" tables -f json $f.o
	python3 - out.txt "$size" "$kernels" <<'PY' || fail "$f.o: $(cat out.txt)"
import json, sys
rep = json.load(open(sys.argv[1]))
t = {s['section']: s for s in rep['tables']['sections']}['.altinstructions']
assert t['status'] == 'read' and t['entry_size'] == int(sys.argv[2]), t
assert t['entries'] == 1 and t['in_functions'] == 1 and t['unusual'] == 0, t
assert t['layout_from'] == 'built-in' and t['layout_kernels'] == sys.argv[3], t
PY
	# .smp_locks: one entry at the nop, one at the lock prefix.  The
	# kernel skips the first (its byte is not 0xf0): counted apart, and
	# the table is read.
	grep -q "^asmscan: $f.o: note: .smp_locks: not a lock prefix: 1 (the kernel skips them)$" err.txt ||
		fail "$f.o: smp_locks without lock prefix: $(cat err.txt)"
done
expect 0 "$ASMSCAN" tables old.o
grep -Eq "^\.smp_locks +4 +1 +1 +0 +0 +0 +read; not a lock prefix: 1 \(the kernel skips them\)$" out.txt ||
	fail "unusual entry in the summary: $(cat out.txt)"

# A size no layout divides is refused, not misread.
sed -e '/^\t\.byte 1, 1, 0$/d' old.s >odd.s
"$CC" -c odd.s -o odd.o
expect 0 "$ASMSCAN" tables odd.o
grep -q "^asmscan: odd.o: note: .altinstructions: not counted: layout not recognised: 10 bytes is not a whole number of entries of any known layout (14, 12, 13 bytes)$" err.txt ||
	fail "10-byte table: $(cat err.txt)"
grep -Eq "^\.altinstructions +0 +0 +0 +0 +0 +refused in 1 object" out.txt ||
	fail "refused table: $(cat out.txt)"

# The file's DWARF decides: a struct alt_instr of a layout no kernel has
# (16 bytes, the fields in another order) is read at DWARF's offsets;
# without DWARF the same table fits no known layout and is refused.
cat >future.c <<'C'
struct alt_instr {
	unsigned char instrlen, replacementlen;
	unsigned short cpuid;
	int spare;
	int instr_offset, repl_offset;
} __attribute__((packed)) keep_the_type;

void g(void)
{
	asm volatile("1: nop\n"
		     ".pushsection .altinstructions,\"a\"\n"
		     ".byte 1, 1\n.word 3\n.long 0\n"
		     ".long 1b - .\n.long 1b - .\n"
		     ".popsection");
}
C
"$CC" -O2 -g -c future.c -o future.o
expect 0 "$ASMSCAN" tables -f json future.o
python3 - out.txt <<'PY' || fail "layout from DWARF: $(cat out.txt)"
import json, sys
rep = json.load(open(sys.argv[1]))
t = {s['section']: s for s in rep['tables']['sections']}['.altinstructions']
assert t['status'] == 'read' and t['entry_size'] == 16 and t['in_functions'] == 1, t
assert t['layout_from'] == 'dwarf' and 'instr_offset@8' in t['layout'], t
assert [f['name'] for f in rep['tables']['functions']] == ['g'], rep['tables']['functions']
PY
expect 0 "$ASMSCAN" tables --no-dwarf future.o
grep -q "^asmscan: future.o: note: .altinstructions: not counted: layout not recognised: 16 bytes is not a whole number of entries of any known layout" err.txt ||
	fail "16-byte table without DWARF: $(cat err.txt)"

# In a linked file: one .smp_locks entry pointing outside code is skipped
# (as the kernel skips it); all four pointing outside refuse the table.
python3 - tables.exe one.exe all.exe <<'PY'
import struct, subprocess, sys
src, one, every = sys.argv[1:4]
data = bytearray(open(src, 'rb').read())
out = subprocess.run(['readelf', '-SW', src], stdout=subprocess.PIPE,
                     universal_newlines=True).stdout
for line in out.splitlines():
    f = line.replace('[ ', '[').split()
    if len(f) > 5 and f[1] == '.smp_locks':
        off, size = int(f[4], 16), int(f[5], 16)
# An s32 of 4 points at the next entry: data, not code (0 would be fill).
data[off:off + 4] = struct.pack('<i', 4)
open(one, 'wb').write(data)
data[off:off + size] = bytes(size)
for i in range(0, size, 4):
    data[off + i:off + i + 4] = struct.pack('<i', -i - 1)
open(every, 'wb').write(data)
PY
expect 0 "$ASMSCAN" tables one.exe
grep -q "^asmscan: one.exe: note: .smp_locks: entry 0, field at +0: does not point into code: 1 (the kernel skips them)$" err.txt ||
	fail "one entry outside code: $(cat err.txt)"
grep -Eq "^\.smp_locks +4 +3 +3 +" out.txt || fail "one entry outside code: $(cat out.txt)"
expect 0 "$ASMSCAN" tables all.exe
grep -q "^asmscan: all.exe: note: .smp_locks: not counted: layout not recognised: entry 0, field at +0: does not point into code (layout: s32 lock-prefix pointers); 4 of 4 entries do not fit$" err.txt ||
	fail "every entry outside code: $(cat err.txt)"
echo "$TEST: PASS"
