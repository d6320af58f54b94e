#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# apply.sh — mode=apply changes GCC's inlining decision, warn mode does not
# change code generation.  Oracles: nm (is the wrapper's out-of-line copy
# there?), objdump -d (are there calls to it?) and GCC's
# -fopt-info-inline-missed (why it was refused).
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool nm objdump objcopy cmp
clean_workdir

SRC=$TESTDIR/apply.c
CFLAGS="-O2 -c"

"$CC" $CFLAGS "$SRC" -o none.o -fopt-info-inline-missed=none.missed ||
	fail "compile without plugin"
"$CC" $CFLAGS "$SRC" -o warn.o -fplugin="$PLUGIN" -fplugin-arg-asminline-diag=none ||
	fail "compile in warn mode"
"$CC" $CFLAGS "$SRC" -o apply.o -fplugin="$PLUGIN" \
	-fplugin-arg-asminline-mode=apply -fplugin-arg-asminline-report=apply.jsonl \
	-fopt-info-inline-missed=apply.missed 2>apply.err || fail "compile in apply mode"

# Without the plugin: refused for size, one out-of-line copy, five calls
# (tail calls at -O2: "jmp <stats_update>").
grep -q "max-inline-insns-single limit reached" none.missed ||
	{ cat none.missed; fail "GCC did not refuse stats_update for size: test premise broken"; }
nm none.o | grep -q " t stats_update" || fail "no out-of-line stats_update without the plugin"
calls=$(objdump -d none.o | grep -cE "(call|jmp) +[0-9a-f]+ <stats_update") || true
[ "$calls" -eq 5 ] || fail "expected 5 calls to stats_update without the plugin, got $calls"

# Warn mode never changes code generation: every loadable section
# (objdump -h: the flags line "ALLOC" follows the section's line) is
# byte-identical with and without the plugin.
alloc_sections() { objdump -h "$1" | awk '/ALLOC/ { print name } { name = $2 }'; }
[ "$(alloc_sections none.o)" = "$(alloc_sections warn.o)" ] ||
	fail "warn mode changed the set of loadable sections"
for sec in $(alloc_sections none.o); do
	objcopy -O binary --only-section="$sec" none.o none.sec
	objcopy -O binary --only-section="$sec" warn.o warn.sec
	cmp -s none.sec warn.sec || fail "warn mode changed $sec"
done
alloc_sections none.o | grep -qx .smp_locks || fail "no .smp_locks compared: test premise broken"

nm warn.o | grep -q " t stats_update" || fail "no out-of-line stats_update in warn mode"

# Apply mode: the wrapper is inlined everywhere, its symbol and the calls gone.
if nm apply.o | grep -q "stats_update"; then
	nm apply.o
	fail "stats_update still out of line with mode=apply"
fi
if objdump -d apply.o | grep -qE "\scall|<stats_update>"; then
	objdump -d apply.o | grep -E "\scall|<stats_update>"
	fail "calls left with mode=apply"
fi
# (The early inliner still declines the cold calls; the IPA inliner is
# the one that refused them for size, and now does not.)
if grep "not inlinable:.*stats_update" apply.missed; then
	fail "GCC still refuses to inline stats_update"
fi
grep -q "treated as .asm inline. (mode=apply)" apply.err ||
	{ cat apply.err; fail "no apply note"; }
n=$(grep -c '"applied":true' apply.jsonl) || true
[ "$n" -eq 11 ] || fail "expected 11 applied records, got $n"
pass "refused for size without the plugin (5 calls), inlined into all 5 callers with mode=apply"
