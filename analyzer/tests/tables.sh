#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tables.sh ASMSCAN CC — the kernel's special sections.  src/tables.c
# writes entries the way Linux 6.1 x86-64 does; asmscan must count each
# "expect:" of it in the .o (entries are relocations) and in the linked
# program (self-relative values), including the entry that falls in an
# out-of-line copy of an inline function.  Layouts it does not know are
# refused with a note, never misread.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-tables
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
need "$CC" python3 objcopy

"$CC" -O2 -g -fno-pie -c "$HERE/src/tables.c" -o tables.o
"$CC" -O2 -fno-pie -c "$HERE/src/tables-main.c" -o tables-main.o
"$CC" -no-pie tables.o tables-main.o -o tables.exe
for f in tables.o tables.exe; do
	expect 0 "$ASMSCAN" tables -f json "$f"
	mv out.txt "$f.json"
	python3 "$HERE/expect.py" "$f.json" "$HERE/src/tables.c" || fail "$f: expectations"
	expect 0 "$ASMSCAN" tables "$f"
	grep -Eq "^\.smp_locks +4 +4 +4 +1 +0 +0 +read$" out.txt ||
		fail "$f: .smp_locks summary: $(cat out.txt)"
done

# --function narrows the rows and the totals.
expect 0 "$ASMSCAN" tables --function 'locked*' tables.o
grep -Eq "^\.smp_locks +4 +2 +2 +0 +0 +0 +read$" out.txt &&
	grep -Eq "^\.altinstructions +12 +0 +0 " out.txt || fail "--function: $(cat out.txt)"

# A 13-byte .altinstructions (the layout before Linux 5.10 had a padlen
# byte) is refused, not misread; the other tables are still counted.
cat >old.s <<'S'
	.text
	.globl f
	.type f, @function
f:	nop
	ret
	.size f, .-f
	.section .altinstructions,"a"
	.long f - ., f - .
	.word 3
	.byte 1, 1, 0
	.section .smp_locks,"a"
	.long f - .
S
"$CC" -c old.s -o old.o
expect 0 "$ASMSCAN" tables old.o
grep -q "^asmscan: old.o: note: .altinstructions: not counted: layout not recognised: 13 bytes is not a whole number of struct alt_instr (12 bytes)$" err.txt ||
	fail "13-byte entries: $(cat err.txt)"
grep -Eq "^\.altinstructions +0 +0 +0 +0 +0 +refused in 1 object" out.txt ||
	fail "refused table: $(cat out.txt)"
# .smp_locks points at a nop, not a lock prefix: refused too.
grep -q "^asmscan: old.o: note: .smp_locks: not counted: layout not recognised: entry 0: not a lock prefix (0xf0)" err.txt ||
	fail "smp_locks without lock prefix: $(cat err.txt)"

# In a linked file, an entry pointing outside code is refused as well.
python3 - tables.exe bad.exe <<'PY'
import struct, subprocess, sys
src, dst = sys.argv[1:3]
data = bytearray(open(src, 'rb').read())
# Find __ex_table through readelf and aim its first insn field at itself.
out = subprocess.run(['readelf', '-SW', src], stdout=subprocess.PIPE,
                     universal_newlines=True).stdout
for line in out.splitlines():
    f = line.replace('[ ', '[').split()
    if len(f) > 5 and f[1] == '__ex_table':
        off = int(f[4], 16)
        data[off:off + 4] = struct.pack('<i', 0)
open(dst, 'wb').write(data)
PY
expect 0 "$ASMSCAN" tables bad.exe
grep -q "^asmscan: bad.exe: note: __ex_table: not counted: layout not recognised: entry 0, field at +0: does not point into code" err.txt ||
	fail "ex_table pointing at itself: $(cat err.txt)"
echo "$TEST: PASS"
