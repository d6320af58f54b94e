#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# report-failed.sh PLUGIN CC — a unit that does not compile leaves no
# record in the report (docs/reference/format.md, "The file"): report-failed.c
# compiled into one report, first as it is (its asm and edge records are
# appended), then with an error at expansion after every body was seen
# (-DEXPAND_ERROR), a front-end error (-DFRONT_ERROR) and a warning that
# -Werror makes an error (-DWARNING): gcc fails, no object, the report
# unchanged, and verbose says how many records it left out.  With an
# instruction the assembler refuses (-DBAD_ASM) cc1 succeeds and writes
# the unit's records before as runs: they are in the report, as the docs
# say, and there is no object, so no embedded record.
. "$(dirname "$0")/lib.sh"
need_x86_64
clean_workdir

src=$TESTDIR/report-failed.c
args=(-O2 -c -fplugin="$PLUGIN" -fplugin-arg-asminline-report=report.jsonl
	-fplugin-arg-asminline-diag=none -fplugin-arg-asminline-verbose)
"$CC" "${args[@]}" -o ok.o "$src" 2>ok.err || fail "report-failed.c: compile failed: $(tail -3 ok.err)"
n_asm=$(grep -c '"record":"asm"' report.jsonl || true)
n_edge=$(grep -c '"record":"edge"' report.jsonl || true)
[ "$n_asm" -eq 4 ] && [ "$n_edge" -ge 1 ] ||
	fail "the compiled unit wrote $n_asm asm and $n_edge edge records, expected 4 and at least 1"
cp report.jsonl good.jsonl

for def in EXPAND_ERROR FRONT_ERROR WARNING; do
	rc=0
	"$CC" "${args[@]}" -D$def -Wall -Werror -o $def.o "$src" 2>$def.err || rc=$?
	[ "$rc" -ne 0 ] || fail "-D$def: gcc exit 0"
	grep -q "error: " $def.err || fail "-D$def: no error: $(tail -3 $def.err)"
	[ ! -e $def.o ] || fail "-D$def: an object was written"
	cmp -s good.jsonl report.jsonl ||
		fail "-D$def: the failed unit added to the report: $(diff good.jsonl report.jsonl | head -3)"
	# After a front-end error GCC runs no IPA pass: no edge record.
	want=$((n_asm + n_edge))
	[ $def != FRONT_ERROR ] || want=$n_asm
	grep -q "the unit did not compile: its $want records are not written to the report" $def.err ||
		fail "-D$def: verbose did not say $want records were left out: $(grep 'asminline: .*not' $def.err)"
	echo "report-failed: -D$def: gcc exit $rc, no object, no record in the report"
done

rc=0
"$CC" "${args[@]}" -DBAD_ASM -o BAD_ASM.o "$src" 2>BAD_ASM.err || rc=$?
[ "$rc" -ne 0 ] || fail "-DBAD_ASM: gcc exit 0"
grep -q "no_such_instruction_here" BAD_ASM.err || fail "-DBAD_ASM: the assembler did not fail: $(tail -3 BAD_ASM.err)"
[ ! -e BAD_ASM.o ] || fail "-DBAD_ASM: an object was written"
added=$(($(wc -l <report.jsonl) - $(wc -l <good.jsonl)))
[ "$added" -eq $((n_asm + 1 + n_edge)) ] ||
	fail "-DBAD_ASM: $added records added, expected $((n_asm + 1 + n_edge)) (cc1 compiled the unit)"
echo "report-failed: -DBAD_ASM: gcc exit $rc (the assembler), no object; cc1's $added records are in the report"
pass "3 units that did not compile left no record; one the assembler refused left cc1's, as documented"
