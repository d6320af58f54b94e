#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# rerun-fork.sh PLUGIN CC SWITCHED — where the inliner's re-run forks
# (edge_rerun_fork_first(), plugin/edges/edge-rerun.cc): after odr,
# whole-program, profile_estimate and icf, which the child no longer runs
# again.  On rerun-fork.c, whose twin bodies of flagged asm icf folds
# (its dump says "Equal symbols: 2"), the report is the same record for
# record as with the fork at the first regular IPA pass, where it was
# (SWITCHED, the tests' copy of the plugin, with
# ASMINLINE_TEST_RERUN_FORK_FIRST: plugin/edges/edge-rerun-switch.h); the
# re-run answered and took every call; and mode=apply, the ground truth,
# inlines them all (no call to the twins is left in its assembler output).
. "$(dirname "$0")/lib.sh"
SWITCHED=${3:?usage: $0 PLUGIN CC SWITCHED}
need_x86_64
clean_workdir

src=$TESTDIR/rerun-fork.c
for v in first later; do
	if [ $v = first ]; then
		plugin=$SWITCHED
		export ASMINLINE_TEST_RERUN_FORK_FIRST=1
	else
		plugin=$PLUGIN
		unset ASMINLINE_TEST_RERUN_FORK_FIRST
	fi
	"$CC" -O2 -S -fplugin="$plugin" -fplugin-arg-asminline-diag=none \
		-fplugin-arg-asminline-report=$v.jsonl -fdump-ipa-icf=icf-$v.txt \
		-o $v.s "$src" 2>err-$v.txt || fail "fork $v: compile failed: $(tail -3 err-$v.txt)"
done
grep -q 'Equal symbols: 2' icf-later.txt || fail "icf folded no twin: the test checks nothing"
n=$(grep -c '"record":"edge"' later.jsonl || true)
[ "$n" -eq 12 ] || fail "expected 12 edge records, got $n"
[ "$(grep -c '"unit_rerun":"done"' later.jsonl)" -eq 12 ] || fail "the re-run did not answer"
[ "$(grep -c '"rerun":"inlined"' later.jsonl)" -eq 12 ] || fail "the re-run did not take every call"
cmp -s <(sort first.jsonl) <(sort later.jsonl) ||
	fail "records differ with the fork at the first IPA pass: $(diff <(sort first.jsonl) <(sort later.jsonl) | head -4)"
"$CC" -O2 -S -fplugin="$PLUGIN" -fplugin-arg-asminline-mode=apply \
	-fplugin-arg-asminline-diag=none -o apply.s "$src" || fail "mode=apply: compile failed"
! grep -q 'call	\(bump\|note\)_' apply.s || fail "mode=apply left a call to the twins"
pass "12 calls, the same records with the fork at the first IPA pass and after icf"
