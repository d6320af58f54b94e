#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-env.sh PLUGIN CC — the plugin as built, installed and packaged
# obeys no test variable: ASMINLINE_TEST_RERUN_ABORT, _HANG, _FORK_FIRST,
# _PASS_MANAGER and _ALWAYS_FORK (which plugins before the switches of
# plugin/edges/edge-rerun-switch.h read: any environment could make a
# compiler abort its re-run or hang for its bound) change nothing:
#   - rerun-fork.c, whose re-run answers, compiled with all five set and
#     with none: both exit 0, the same assembler output, the same report
#     record for record ("unit_rerun":"done"), no note of a failed re-run,
#     and verbose says the child ran the IPA passes itself (not through
#     the pass manager);
#   - rerun-nofork.c, where no call reaches flagged asm: no re-run is
#     started, all five set or not;
#   - no ASMINLINE_TEST_ string is in the file at all.
# The faults those variables made are the tests' LD_PRELOAD shim's now
# (rerun-shim.c), the other ways the tests' copy of the plugin's.
. "$(dirname "$0")/lib.sh"
need_x86_64
clean_workdir

vars=(ASMINLINE_TEST_RERUN_ABORT=1 ASMINLINE_TEST_RERUN_HANG=1
	ASMINLINE_TEST_RERUN_FORK_FIRST=1 ASMINLINE_TEST_RERUN_PASS_MANAGER=1
	ASMINLINE_TEST_RERUN_ALWAYS_FORK=1)
# compile NAME SRC ENV...: SRC with ENV, verbose, into NAME.{s,jsonl,err}
compile() {
	local name=$1 src=$2 rc=0
	shift 2
	env "$@" timeout -s KILL 120 "$CC" -O2 -S -fplugin="$PLUGIN" \
		-fplugin-arg-asminline-verbose -fplugin-arg-asminline-report=$name.jsonl \
		-o $name.s "$src" 2>$name.err || rc=$?
	[ "$rc" -eq 0 ] || fail "$name: gcc exit $rc: $(grep -v '^asminline: ' $name.err | tail -3)"
}
for v in plain vars; do
	if [ $v = vars ]; then set -- "${vars[@]}"; else set --; fi
	compile fork-$v "$TESTDIR/rerun-fork.c" "$@"
	compile nofork-$v "$TESTDIR/rerun-nofork.c" "$@"
done
! grep -q "re-run failed\|re-run gave no answer" fork-vars.err ||
	fail "with the variables set, the re-run failed: $(grep 're-run' fork-vars.err)"
grep -q "re-run answered for [1-9].*the child ran the IPA passes itself" fork-vars.err ||
	fail "with the variables set, the child did not answer by itself: $(grep 're-run' fork-vars.err)"
n=$(grep -c '"unit_rerun":"done"' fork-vars.jsonl || true)
[ "$n" -gt 0 ] || fail "with the variables set, no edge record the re-run answered"
cmp -s <(sort fork-plain.jsonl) <(sort fork-vars.jsonl) ||
	fail "the variables changed the records: $(diff <(sort fork-plain.jsonl) <(sort fork-vars.jsonl) | head -4)"
cmp -s fork-plain.s fork-vars.s || fail "the variables changed the assembler output"
for v in plain vars; do
	grep -q "the inliner's re-run was not started" nofork-$v.err ||
		fail "rerun-nofork.c ($v): a re-run was started: $(grep 're-run' nofork-$v.err)"
done
cmp -s nofork-plain.s nofork-vars.s || fail "rerun-nofork.c: the variables changed the assembler output"
! grep -aq ASMINLINE_TEST_ "$PLUGIN" || fail "$PLUGIN holds the name of a test variable"
pass "$n edge records answered by the re-run, the same with the five test variables set; none named in the plugin"
