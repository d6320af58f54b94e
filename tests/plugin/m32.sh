#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# m32.sh PLUGIN CC — Kbuild's KCFLAGS reach the objects it compiles with
# -m32 (vdso32) and -m16 (realmode): the x86-64 plugin must work there.
# report.c is freestanding (-ffreestanding -nostdinc: no 32-bit libc
# headers needed).  The oracle is the same file compiled for x86-64: the
# records must be the same (32-bit x86 code uses the same template model);
# the object is ELF32 i386; its embedded records equal the report; the
# notes are there; a 32-bit link says nothing new.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3 objcopy ld readelf
clean_workdir

SRC=$TESTDIR/report.c
FLAGS=(-O2 -fno-inline -ffreestanding -nostdinc -c "$SRC" -fplugin="$PLUGIN")
"$CC" -m32 -ffreestanding -nostdinc -c "$SRC" -o probe.o 2>probe.err ||
	skip "$CC cannot compile -m32 here: $(head -1 probe.err)"

"$CC" "${FLAGS[@]}" -m64 -o m64.o -fplugin-arg-asminline-report=m64.jsonl 2>m64.err ||
	{ cat m64.err; fail "compile -m64"; }
grep -q "note: .asm. in" m64.err || fail "no note for -m64: test premise broken"
for m in 32 16; do
	"$CC" "${FLAGS[@]}" -m$m -o m$m.o -fplugin-arg-asminline-report=m$m.jsonl 2>m$m.err ||
		{ cat m$m.err; fail "compile -m$m with the plugin"; }
	readelf -h m$m.o | grep -q "Machine:.*Intel 80386" || fail "m$m.o is not an i386 object"
	[ "$(grep -c "note: 'asm' in\|note: ‘asm’ in" m$m.err)" = \
	  "$(grep -c "note: 'asm' in\|note: ‘asm’ in" m64.err)" ] || fail "-m$m: not the notes of -m64"
done

python3 - "$TESTDIR" <<'PY' || fail "records differ"
import json, sys
sys.path.insert(0, sys.argv[1])
import embedded
load = lambda p: [r for r in map(json.loads, open(p)) if r["record"] == "asm"]
m64 = load("m64.jsonl")
for m in ("32", "16"):
    recs = load(f"m{m}.jsonl")
    assert recs == m64, f"-m{m} records differ from -m64's"
    units, stmts = embedded.read(f"m{m}.o")
    assert len(units) == 1 and units[0]["statements"] == len(recs), units
    key = lambda r: json.dumps(r, sort_keys=True)
    assert sorted(map(key, stmts)) == sorted(key(r) for r in recs if r["flagged"]), \
        f"-m{m}: embedded records differ from the report"
print(f"{len(m64)} records, {sum(r['flagged'] for r in m64)} flagged: -m32 and -m16 as -m64")
PY

"$CC" -m32 -O2 -fno-inline -ffreestanding -nostdinc -c "$SRC" -o none32.o
ld -m elf_i386 -e 0 --orphan-handling=warn none32.o -o none32.out 2>none.ld || true
ld -m elf_i386 -e 0 --orphan-handling=warn m32.o -o m32.out 2>m32.ld ||
	{ cat m32.ld; fail "32-bit link"; }
sed 's/none32/m32/g' none.ld | diff -u - m32.ld || fail "the 32-bit link says something new"
pass "-m32 and -m16 objects: same records as -m64, embedded, noted; link unchanged"
