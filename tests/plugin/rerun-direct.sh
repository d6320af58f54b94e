#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# rerun-direct.sh PLUGIN CC SWITCHED — the inliner's re-run runs the
# regular IPA passes from the fork to "inline" itself, without the pass
# manager's walks of every body (edge_rerun_child_run(),
# plugin/edges/edge-rerun.cc), and decides the same: on
# tests/plugin/edges/constructed.c at -O2, -O3 and -Os ("verbose" says
# how the child went), the records and the assembler output are the same
# as through the pass manager (SWITCHED, the tests' copy of the plugin,
# with ASMINLINE_TEST_RERUN_PASS_MANAGER: plugin/edges/edge-rerun-switch.h);
# with -fdisable-ipa-sra, whose effect is the pass manager's own, the
# child goes through it.
. "$(dirname "$0")/lib.sh"
SWITCHED=${3:?usage: $0 PLUGIN CC SWITCHED}
need_x86_64
clean_workdir

src=$TESTDIR/edges/constructed.c
# run NAME ARGS...: compile src with ARGS, verbose, into NAME.*, with
# $plugin (PLUGIN unless set).
run() {
	local name=$1
	shift
	"$CC" -S "$@" -fplugin="${plugin:-$PLUGIN}" -fplugin-arg-asminline-diag=none \
		-fplugin-arg-asminline-verbose -fplugin-arg-asminline-report=$name.jsonl \
		-o $name.s "$src" 2>$name.err || fail "$name: compile failed: $(tail -3 $name.err)"
}
for opt in O2 O3 Os; do
	run $opt-direct -$opt
	grep -q "re-run answered for [1-9].*the child ran the IPA passes itself" $opt-direct.err ||
		fail "-$opt: the child did not run the IPA passes itself: $(grep 're-run' $opt-direct.err)"
	plugin=$SWITCHED ASMINLINE_TEST_RERUN_PASS_MANAGER=1 run $opt-pm -$opt
	grep -q "re-run answered for [1-9].*through the pass manager" $opt-pm.err ||
		fail "-$opt: the switch did not send the child through the pass manager"
	grep -q '"unit_rerun":"done"' $opt-direct.jsonl || fail "-$opt: no edge record the re-run answered"
	cmp -s <(sort $opt-direct.jsonl) <(sort $opt-pm.jsonl) ||
		fail "-$opt: records differ from the pass manager's: $(diff <(sort $opt-pm.jsonl) <(sort $opt-direct.jsonl) | head -4)"
	cmp -s $opt-direct.s $opt-pm.s || fail "-$opt: the assembler output differs"
done
run disable -O2 -fdisable-ipa-sra
grep -q "re-run answered for [1-9].*through the pass manager" disable.err ||
	fail "-fdisable-ipa-sra: the child did not go through the pass manager: $(grep 're-run' disable.err)"
pass "-O2, -O3, -Os: the child ran the IPA passes itself, the same records as through the pass manager"
