#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# rerun-nofork.sh PLUGIN CC SWITCHED — the re-run forks only where a call
# may be judged (edges_may_judge(), plugin/edges/edges.cc): on
# rerun-nofork.c, cc1 (under strace) starts no process when the flagged
# asm sits in a function no call of the unit reaches, and one when a
# direct call (-DCALLED) or an indirect call that may reach it
# (-DINDIRECT, its address taken) does; the records are the same as with
# the fork (SWITCHED, the tests' copy of the plugin, with
# ASMINLINE_TEST_RERUN_ALWAYS_FORK: plugin/edges/edge-rerun-switch.h),
# whatever the case.
. "$(dirname "$0")/lib.sh"
SWITCHED=${3:?usage: $0 PLUGIN CC SWITCHED}
need_x86_64
need strace
clean_workdir

src=$TESTDIR/rerun-nofork.c
# forks DEFINE: how many processes cc1 started compiling with -DDEFINE.
forks() {
	local def=$1
	strace -f -qq -e trace=fork,vfork,clone,clone3 -o trace-$def.txt \
		"$CC" -O2 -S -fplugin="$PLUGIN" -fplugin-arg-asminline-diag=none \
		-fplugin-arg-asminline-report=$def.jsonl ${def:+-D$def} \
		-o $def.s "$src" 2>err-$def.txt || fail "-D$def: compile failed: $(tail -3 err-$def.txt)"
	# The driver (the first process traced) starts cc1; what any other
	# process starts is cc1's re-run.
	awk 'NR == 1 { driver = $1 } $1 != driver && /(fork|clone3?)\(/ { n++ }
	     END { print n + 0 }' trace-$def.txt
}
for def in NONE CALLED INDIRECT; do
	n=$(forks $def)
	case $def in
	NONE) [ "$n" -eq 0 ] || fail "no call reaches the flagged asm, but cc1 forked $n times" ;;
	*) [ "$n" -eq 1 ] || fail "-D$def: a call may reach the flagged asm, but cc1 forked $n times" ;;
	esac
	grep -q '"record":"asm"' $def.jsonl || fail "-D$def: no asm record: the test checks nothing"
	ASMINLINE_TEST_RERUN_ALWAYS_FORK=1 "$CC" -O2 -S -fplugin="$SWITCHED" \
		-fplugin-arg-asminline-diag=none -fplugin-arg-asminline-report=$def-always.jsonl \
		${def:+-D$def} -o $def-always.s "$src" || fail "-D$def: compile with the fork failed"
	cmp -s <(sort $def.jsonl) <(sort $def-always.jsonl) ||
		fail "-D$def: records differ with the fork: $(diff <(sort $def.jsonl) <(sort $def-always.jsonl) | head -4)"
	cmp -s $def.s $def-always.s || fail "-D$def: the assembler output differs with the fork"
done
pass "no fork where no call reaches flagged asm, one where a direct or indirect call may; the same records"
