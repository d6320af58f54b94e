#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# inputs.sh ASMSCAN CC — what asmscan reads: regular and thin ar archives
# (thin members are files named relative to the archive, as in Kbuild's
# built-in.a), directories (every ELF object, in name order; archives and
# other files left out), --include/--exclude, and objects of another
# machine or class: an error when named, one note when found inside.
# Archives that give no object: empty (regular or thin), a note and
# "0 objects" on stdout, exit 0; members none of which is an object asmscan
# reads, an error and no result, exit 2.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-inputs
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" ar as python3

mkdir -p tree/kernel/sched tree/mm
cat >tree/kernel/fork.c <<'C'
static int dup(int x) { return x + 1; }
int fork_one(int x) { return dup(x) * 2; }
C
cat >tree/kernel/sched/core.c <<'C'
static int dup(int x) { return x - 1; }
int sched_one(int x) { return dup(x) * 3; }
C
cat >tree/mm/slab.c <<'C'
static int dup(int x) { return x ^ 1; }
int slab_one(int x) { return dup(x) * 5; }
C
for c in tree/kernel/fork.c tree/kernel/sched/core.c tree/mm/slab.c; do
	"$CC" -O2 -fno-inline -c "$c" -o "${c%.c}.o"
done
echo "not an object" >tree/kernel/notes.txt

# Thin archive as Kbuild makes it, members relative to the archive.
(cd tree && ar cDPrST built-in.a kernel/fork.o kernel/sched/core.o mm/slab.o)
head -c 8 tree/built-in.a | grep -q '!<thin>' || fail "ar did not make a thin archive"
ar rcs regular.a tree/kernel/fork.o tree/mm/slab.o

expect 0 "$ASMSCAN" copies -n 0 tree/built-in.a
grep -q "^3 objects: 3 relocatable" out.txt || fail "thin archive: $(cat out.txt)"
grep -Eq "^ +3 +[0-9]+ +[0-9]+ +[0-9]+ +dup " out.txt || fail "thin archive: dup x3: $(cat out.txt)"
expect 0 "$ASMSCAN" -f json copies regular.a
python3 - <<'PY' || fail "regular archive members: $(cat out.txt)"
import json
rep = json.load(open('out.txt'))
names = [o['name'] for o in rep['objects']]
assert names == ['regular.a(fork.o)', 'regular.a(slab.o)'], names
PY

# A directory: its objects in name order, the archive and text left out.
expect 0 "$ASMSCAN" -f json copies tree
python3 - <<'PY' || fail "directory: $(cat out.txt)"
import json
rep = json.load(open('out.txt'))
names = [o['name'] for o in rep['objects']]
assert names == ['tree/kernel/fork.o', 'tree/kernel/sched/core.o', 'tree/mm/slab.o'], names
PY
grep -q "skipped: 1 ar archive" err.txt || fail "archive in a directory: $(cat err.txt)"

expect 0 "$ASMSCAN" -f json copies --exclude '*/sched/*' tree
grep -q '"tree/kernel/sched/core.o"' out.txt && fail "--exclude did not exclude"
expect 0 "$ASMSCAN" -f json copies --include '*/mm/*' --include '*fork.o' tree
python3 - <<'PY' || fail "--include: $(cat out.txt)"
import json
names = [o['name'] for o in json.load(open('out.txt'))['objects']]
assert names == ['tree/kernel/fork.o', 'tree/mm/slab.o'], names
PY

# Other machines and classes.
echo nop | as --32 -o tree/mm/vdso32.o -
python3 - tree/kernel/fork.o tree/mm/riscv.o <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
data[18:20] = (243).to_bytes(2, 'little')      # EM_RISCV
open(sys.argv[2], 'wb').write(data)
PY
expect 2 "$ASMSCAN" tree/mm/vdso32.o
grep -qx "asmscan: tree/mm/vdso32.o: cannot analyse: ELF32 i386 object: asmscan reads little-endian ELF64 x86-64 and AArch64" err.txt ||
	fail "named ELF32: $(cat err.txt)"
expect 2 "$ASMSCAN" tree/mm/riscv.o tree/kernel/fork.o tree/mm/vdso32.o
grep -qx "asmscan: tree/mm/riscv.o: cannot analyse: ELF64 RISC-V object: asmscan reads little-endian ELF64 x86-64 and AArch64" err.txt ||
	fail "named RISC-V: $(cat err.txt)"
grep -q "^asmscan: tree/mm/vdso32.o: cannot analyse" err.txt || fail "the input after the good one was not read"
[ ! -s out.txt ] || fail "a result printed after an input error: $(cat out.txt)"
expect 0 "$ASMSCAN" copies tree
[ "$(grep -c "note: skipped" err.txt)" -eq 2 ] &&
	grep -qx "asmscan: tree: note: skipped: 2 objects not ELF64 x86-64 or AArch64: 1 ELF32, 1 of another machine (RISC-V)" err.txt ||
	fail "one note for what a directory skips: $(cat err.txt)"
grep -q "^3 objects" out.txt || fail "directory with foreign objects: $(cat out.txt)"
(cd tree && ar cDPrST ../mixed.a kernel/fork.o mm/vdso32.o mm/riscv.o)
expect 0 "$ASMSCAN" copies mixed.a
grep -qx "asmscan: mixed.a: note: skipped: 2 objects not ELF64 x86-64 or AArch64: 1 ELF32, 1 of another machine (RISC-V)" err.txt ||
	fail "archive with foreign objects: $(cat err.txt)"

# GNU ar leaves the end of a short name after "/N" in a thin archive's
# member header ("/5             /" for a 15-character name, as in Kbuild's
# built-in.a): every member ar lists is still read.
cp tree/kernel/fork.o tree/abcdefghijklm.o
(cd tree && ar rcsT ../leftover.a kernel/fork.o abcdefghijklm.o mm/slab.o)
expect 0 "$ASMSCAN" leftover.a
grep -q "^$(ar t leftover.a | wc -l) objects: " out.txt ||
	fail "thin archive with a 15-character member name: $(cat out.txt err.txt)"

# A thin archive whose member is gone: that member is an error, and no
# result is printed.
(cd tree && ar cDPrST ../gone.a kernel/fork.o mm/slab.o)
mv tree/mm/slab.o tree/mm/slab.o.away
expect 2 "$ASMSCAN" copies gone.a
grep -qx "asmscan: tree/mm/slab.o: cannot open: No such file or directory" err.txt ||
	fail "missing thin member: $(cat err.txt)"
[ ! -s out.txt ] || fail "missing thin member, yet a result: $(cat out.txt)"
mv tree/mm/slab.o.away tree/mm/slab.o

# An empty directory is not an error, but said.
mkdir empty
expect 0 "$ASMSCAN" empty
grep -qx "asmscan: empty: note: nothing to read: no ELF64 x86-64 or AArch64 object under it" err.txt ||
	fail "empty directory: $(cat err.txt)"
grep -qx "0 objects: no ELF64 x86-64 or AArch64 object in the inputs" out.txt ||
	fail "empty directory, not said on stdout: $(cat out.txt)"

# Archives that give no object.
printf '!<arch>\n' >empty.a
printf '!<thin>\n' >empty-thin.a
for a in empty.a empty-thin.a; do
	expect 0 "$ASMSCAN" calls "$a"
	grep -qx "asmscan: $a: note: nothing to read: an empty archive" err.txt ||
		fail "$a: $(cat err.txt)"
	grep -qx "0 objects: no ELF64 x86-64 or AArch64 object in the inputs" out.txt ||
		fail "$a: not said on stdout: $(cat out.txt)"
	expect 0 "$ASMSCAN" -f json calls "$a"
	python3 -c 'import json, sys; d = json.load(open("out.txt")); assert d["objects"] == [] and d["errors"] == [] and d["notes"], d' ||
		fail "$a: JSON: $(cat out.txt)"
done
ar rc text.a tree/kernel/notes.txt
(cd tree && ar rcsT ../foreign.a mm/vdso32.o mm/riscv.o)
for a in text.a foreign.a; do
	n=$(ar t "$a" | wc -l)
	expect 2 "$ASMSCAN" calls "$a"
	grep -qx "asmscan: $a: cannot analyse: none of its $n member$([ "$n" = 1 ] || echo s) is an ELF64 x86-64 or AArch64 object" err.txt ||
		fail "$a: $(cat err.txt)"
	[ ! -s out.txt ] || fail "$a: a result: $(cat out.txt)"
done
# Every member left out by --exclude: what was asked for, not an error.
expect 0 "$ASMSCAN" calls --exclude '*' regular.a
grep -qx "0 objects: no ELF64 x86-64 or AArch64 object in the inputs" out.txt ||
	fail "all excluded: $(cat out.txt) $(cat err.txt)"
echo "$TEST: PASS"
