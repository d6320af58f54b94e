#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# dwarf-rel.sh DIFF ASMSCAN CC SRC — a relocatable object's DWARF
# relocated with the object's own layout (analyzer/dwarf/dwarf-rel.c's
# dwarf_rel_flat()) against libdwfl's relocation, with dwarf-rel-diff:
#   - C files of SRC and a program of static data, inline functions and a
#     cold part, compiled -c here with DWARF 4 and 5, -O0 and -O2, with
#     and without -ffunction-sections, and the program for AArch64 with
#     aarch64-linux-gnu-gcc: every object is relocated flat, and every
#     DIE and attribute is libdwfl's, every relocated byte too (an address
#     at the same offset from its section in either layout);
#   - with a thread-local variable (R_X86_64_DTPOFF32): relocated by
#     libdwfl;
#   - an object with one .rela.debug_info entry's symbol made 0
#     (STN_UNDEF: libdwfl writes the addend alone, which is what the
#     section symbol of value 0 gave): dwarf_rel_flat() refuses it, so
#     libdwfl relocates it, and asmscan's report of it, text and JSON, is
#     the report of the object as compiled;
#   - both objects as an archive's member at an offset that is not
#     8-aligned (relocations read from the copy): the same report.
set -euo pipefail
DIFF=${1:?usage: $0 DIFF ASMSCAN CC SRC}
ASMSCAN=${2:?usage: $0 DIFF ASMSCAN CC SRC}
CC=${3:?usage: $0 DIFF ASMSCAN CC SRC}
SRC=${4:?usage: $0 DIFF ASMSCAN CC SRC}
TEST=analyzer-dwarf-rel
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir

cat >data.c <<'C'
struct pair { int a, b; };
static struct pair table[4] = { { 1, 2 }, { 3, 4 } };
#ifdef TLS
static __thread int tls;
#else
static int tls;
#endif
static int counter;
static inline int twice(int x) { return 2 * x; }
int (*twice_ptr)(int) = twice;		/* an out-of-line copy */
__attribute__((noinline)) int bump(int x)
{
	static int calls;

	calls++;
	counter += x;
	return table[x & 3].a + calls;
}
int split(int *v, int n)
{
	int r = 0;

	for (int i = 0; i < n; i++) {
		if (__builtin_expect(v[i] < 0, 0)) {
			r += bump(v[i] * 3);
			__builtin_abort();
		}
		r += twice(v[i]) + tls;
	}
	return r;
}
C

objs=()
for src in data.c "$SRC"/calls.c "$SRC"/copies-a.c "$SRC"/tables.c; do
	base=$(basename "$src" .c)
	for v in 4 5; do
		for o in -O0 -O2 "-O2 -ffunction-sections"; do
			# asm goto with "i" operands: not at -O0
			[ "$base$o" != tables-O0 ] || continue
			obj=$base-dwarf$v$(echo "$o" | tr -d ' =' | tr A-Z- a-z_).o
			# shellcheck disable=SC2086 # $o: the options
			"$CC" -g -gdwarf-$v $o -c -I"$SRC" -o "$obj" "$src" ||
				fail "cannot compile $src (DWARF $v $o)"
			objs+=("$obj")
		done
	done
done
# AArch64: R_AARCH64_ABS64/32
need_aarch64_cc
for v in 4 5; do
	for o in -O0 -O2; do
		obj=data-arm64-dwarf$v$(echo "$o" | tr A-Z- a-z_).o
		"$XCC" -g -gdwarf-$v $o -c -o "$obj" data.c ||
			fail "cannot compile data.c for AArch64 (DWARF $v $o)"
		objs+=("$obj")
	done
done
for obj in "${objs[@]}"; do
	expect 0 "$DIFF" "$obj"
	grep -q ': relocated flat: [1-9][0-9]* DIEs, [1-9][0-9]* attributes, [1-9][0-9]* bytes ([1-9][0-9]* addresses) compared, 0 differ$' out.txt ||
		{ cat out.txt; fail "$obj: not compared flat"; }
	cat out.txt
done

# A thread-local variable's DW_OP_addr: R_X86_64_DTPOFF32, left to libdwfl.
"$CC" -g -O0 -DTLS -c -o tls.o data.c || fail "cannot compile data.c -DTLS"
expect 0 "$DIFF" --libdwfl tls.o
cat out.txt

# STN_UNDEF in one entry against a section symbol of value 0 that is not
# SHF_ALLOC (.debug_abbrev, .debug_str, .debug_line ...).
mkdir -p compiled undef
cp data-dwarf5_o2.o compiled/data.o
cp data-dwarf5_o2.o undef/data.o
python3 - undef/data.o <<'PY' || fail "cannot patch a relocation"
import struct, sys
path = sys.argv[1]
d = bytearray(open(path, "rb").read())
shoff, = struct.unpack_from("<Q", d, 0x28)
shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + 64 * i) for i in range(shnum)]
def name(i):
    off = secs[shstrndx][4] + secs[i][0]
    return bytes(d[off:d.index(b"\0", off)]).decode()
symtab = next(s for s in secs if s[1] == 2)
def sym(i):
    return struct.unpack_from("<IBBHQQ", d, symtab[4] + 24 * i)
for i, s in enumerate(secs):
    if s[1] != 4 or name(i) != ".rela.debug_info":
        continue
    for k in range(s[5] // 24):
        at = s[4] + 24 * k
        info, = struct.unpack_from("<Q", d, at + 8)
        st_name, st_info, _, shndx, value, _ = sym(info >> 32)
        if (st_info & 0xf) == 3 and value == 0 and not secs[shndx][2] & 2:
            struct.pack_into("<Q", d, at + 8, info & 0xffffffff)
            open(path, "wb").write(d)
            sys.exit(0)
sys.exit("no entry against a section symbol that is not SHF_ALLOC")
PY
expect 0 "$DIFF" --libdwfl undef/data.o
cat out.txt
twice_line=$(grep -n '^static inline int twice' data.c | cut -d: -f1)
for f in text json; do
	(cd compiled && "$ASMSCAN" -f $f data.o) >compiled.$f 2>compiled.err ||
		fail "asmscan -f $f of the object as compiled failed"
	(cd undef && "$ASMSCAN" -f $f data.o) >undef.$f 2>undef.err ||
		fail "asmscan -f $f of the patched object failed"
	cmp compiled.$f undef.$f || fail "-f $f: libdwfl's relocation reports otherwise"
	cmp compiled.err undef.err || fail "-f $f: libdwfl's relocation says otherwise"
	# the out-of-line copy of twice(), declared at its line: DWARF's
	grep -q "twice.*data\.c.*$twice_line" compiled.$f ||
		fail "-f $f: the report has no declaration from DWARF"
done

# Each as the one member of an archive without a symbol index: at offset
# 68, not 8-aligned, so its relocations are read from the copy (flat, and
# libdwfl's after flat refused): the report of the object alone, but for
# its name.
for d in compiled undef; do
	(cd $d && ar rcS lib.a data.o) || fail "cannot make $d/lib.a"
	off=$(python3 -c "import sys; print(open(sys.argv[1], 'rb').read().find(b'\x7fELF'))" $d/lib.a)
	[ $((off % 8)) -ne 0 ] || fail "$d/lib.a: the member is 8-aligned (offset $off)"
	for f in text json; do
		(cd $d && "$ASMSCAN" -f $f lib.a) >$d-ar.$f 2>$d-ar.err ||
			fail "asmscan -f $f of $d/lib.a failed"
		sed 's/lib\.a(data\.o)/data.o/g' $d-ar.$f | cmp - compiled.$f ||
			fail "-f $f: $d/lib.a(data.o) reports otherwise"
	done
done
echo "$TEST: PASS"
