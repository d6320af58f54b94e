#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# events.sh PLUGIN CC PEER — GCC's plugin events (plugin/asminline.cc):
# alone, the plugin turns them off while the unit compiles ("verbose" says
# so), and its records, its embedded records and the assembler output are
# the same as with them on; beside another plugin that has callbacks
# (PEER, tests/plugin/peer-plugin.cc), loaded before or after it, it leaves
# them on, and that plugin sees every declaration and pass it sees alone.
. "$(dirname "$0")/lib.sh"
need_x86_64
PEER=${3:?usage: $0 PLUGIN CC PEER}
clean_workdir

src=$TESTDIR/edges/constructed.c
# run NAME ARGS...: compile src with ARGS into NAME.s, NAME.jsonl, NAME.err
run() {
	local name=$1
	shift
	"$CC" -O2 -S "$@" -o $name.s "$src" 2>$name.err ||
		fail "$name: compile failed: $(tail -3 $name.err)"
}
ours="-fplugin=$PLUGIN -fplugin-arg-asminline-diag=none -fplugin-arg-asminline-verbose"
run alone $ours -fplugin-arg-asminline-report=alone.jsonl
grep -q "GCC's plugin events off until the unit's end" alone.err ||
	fail "alone, the plugin did not turn GCC's events off: $(grep events alone.err)"
grep -q '"record":"asm"' alone.jsonl || fail "no asm record: the test checks nothing"
grep -q '"record":"edge"' alone.jsonl || fail "no edge record: the test checks nothing"
grep -q 'asminline:.*embedded .* record(s) in .comment' alone.err ||
	fail "nothing embedded at the unit's end with the events off"
grep -q 'asm statements, .* flagged' alone.err ||
	fail "PLUGIN_FINISH did not run with the events off"

run peer -fplugin="$PEER"
grep -q '^peer: [1-9][0-9]* passes, [1-9][0-9]* declarations$' peer.err ||
	fail "the peer plugin alone counted nothing: $(cat peer.err)"
decls=$(sed -n 's/^peer: .* passes, \([0-9]*\) declarations$/\1/p' peer.err)
for order in before after; do
	if [ $order = before ]; then
		run $order -fplugin="$PEER" $ours -fplugin-arg-asminline-report=$order.jsonl
	else
		run $order $ours -fplugin-arg-asminline-report=$order.jsonl -fplugin="$PEER"
	fi
	grep -q "GCC's plugin events on (another plugin has a callback" $order.err ||
		fail "$order: beside a plugin with callbacks, the events were not left on: $(grep events $order.err)"
	grep -q "^peer: [1-9][0-9]* passes, $decls declarations$" $order.err ||
		fail "$order: the peer plugin did not see what it sees alone ($decls declarations): $(grep peer: $order.err)"
	cmp -s <(sort alone.jsonl) <(sort $order.jsonl) ||
		fail "$order: the records differ with the events on: $(diff <(sort alone.jsonl) <(sort $order.jsonl) | head -4)"
	cmp -s alone.s $order.s || fail "$order: the assembler output differs with the events on"
done
pass "off alone, on beside a plugin with callbacks ($decls declarations seen); the same records and assembler output"
