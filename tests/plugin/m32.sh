#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# m32.sh PLUGIN CC — Kbuild's KCFLAGS reach the objects it compiles with
# -m32 (vdso32) and -m16 (realmode), where the same template bytes are
# other instructions.  report.c and m32.c (byte runs that count
# differently in 64-, 32- and 16-bit code; freestanding, no 32-bit libc
# headers needed) are compiled with -m64, -m32 and -m16.  The oracle is the
# assembler in that code size: tests/oracle/asm_oracle.py (as --32 and
# objdump -M i386 / -M i8086, following the .code16gcc GCC prints for
# -m16) counts what each statement emits, and every record's est_insns
# must be that count, its arch the size's target (x86_64, i386,
# i386-code16).  Also: the object is ELF32 i386; its embedded records
# equal the report's flagged ones; the notes are those of -m64; a 32-bit
# link says nothing new.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3 objcopy ld readelf as objdump
clean_workdir

FLAGS=(-O2 -fno-inline -ffreestanding -nostdinc -fplugin="$PLUGIN")
"$CC" -m32 -ffreestanding -nostdinc -c "$TESTDIR/report.c" -o probe.o 2>probe.err ||
	skip "$CC cannot compile -m32 here: $(head -1 probe.err)"

for src in report m32; do
	for m in 64 32 16; do
		o=$src-m$m
		"$CC" "${FLAGS[@]}" -m$m -S "$TESTDIR/$src.c" -o $o.s \
			-fplugin-arg-asminline-report=$o.jsonl 2>$o.err ||
			{ cat $o.err; fail "compile $src.c -m$m with the plugin"; }
		"$CC" -m$m -c $o.s -o $o.o || fail "assemble $o.s"
		[ $m = 64 ] && continue
		readelf -h $o.o | grep -q "Machine:.*Intel 80386" || fail "$o.o is not an i386 object"
	done
done
notes() { grep -c "note: 'asm' in\|note: ‘asm’ in" "$1" || true; }
[ "$(notes report-m64.err)" -gt 0 ] || fail "no note for -m64: test premise broken"
for m in 32 16; do
	[ "$(notes report-m$m.err)" = "$(notes report-m64.err)" ] || fail "-m$m: not the notes of -m64"
done

python3 - "$TESTDIR" <<'PY' || fail "records"
import json, os, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, os.path.join(sys.argv[1], "..", "oracle"))
import asm_oracle
import embedded

TARGET = {"64": "x86_64", "32": "i386", "16": "i386-code16"}
key = lambda r: json.dumps(r, sort_keys=True)
est = {}
for src in ("report", "m32"):
    for m, arch in TARGET.items():
        o = f"{src}-m{m}"
        recs = [r for r in map(json.loads, open(o + ".jsonl")) if r["record"] == "asm"]
        assert recs, f"{o}: no records"
        bad = [r["function"] for r in recs if r["arch"] != arch]
        assert not bad, f"{o}: records not for {arch}: {bad}"
        # What the assembler made of each statement, by where it is.
        blocks = {}
        for b in asm_oracle.analyze_file(o + ".s", arch).statements():
            assert b.error is None, f"{o}: oracle error at {b.file}:{b.line}: {b.error}"
            blocks.setdefault((b.file, b.line), []).append(b.insns)
        for r in recs:
            if not r["template"]:
                continue	# GCC prints nothing for an empty template
            counts = blocks.get((r["file"], r["line"]))
            assert counts, f"{o}: no assembler block for {r['function']} at line {r['line']}"
            assert r["est_insns"] in counts, \
                f"{o}: {r['function']}: est_insns {r['est_insns']}, the assembler emits {counts}"
            est[src, m, r["function"], r["line"]] = r["est_insns"]
        units, stmts = embedded.read(o + ".o")
        assert len(units) == 1 and units[0]["statements"] == len(recs) and \
            units[0]["arch"] == arch, units
        assert sorted(map(key, stmts)) == sorted(key(r) for r in recs if r["flagged"]), \
            f"{o}: embedded records differ from the report"
        print(f"{o}: {len(recs)} records ({arch}), {len(stmts)} flagged and embedded, "
              "est_insns = the assembler's")
# The premise: m32.c's statements count differently in each size.
for f in ("byte_inc", "byte_mov"):
    got = {m: v for (s, m, fn, _), v in est.items() if s == "m32" and fn == f}
    assert len(set(got.values())) == 2, f"{f}: {got}: test premise broken"
PY

"$CC" -m32 -O2 -fno-inline -ffreestanding -nostdinc -c "$TESTDIR/report.c" -o none32.o
ld -m elf_i386 -e 0 --orphan-handling=warn none32.o -o none32.out 2>none.ld || true
ld -m elf_i386 -e 0 --orphan-handling=warn report-m32.o -o m32.out 2>m32.ld ||
	{ cat m32.ld; fail "32-bit link"; }
sed 's/none32/report-m32/g' none.ld | diff -u - m32.ld || fail "the 32-bit link says something new"
pass "-m32 and -m16: est_insns as the assembler counts in that code size, arch i386/i386-code16, embedded, noted; link unchanged"
