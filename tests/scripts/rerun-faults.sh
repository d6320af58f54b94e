#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# rerun-faults.sh ROOT PLUGIN — bench/rerun-faults.py on
# tests/plugin/rerun-nofork.c: with -DCALLED the default compile forks,
# rerun=0 does not, and the faults it adds are the parent's copy-on-write
# faults plus the child's, each above zero, each equal to its split by
# mapping, together within a third of what was added (the rest is the
# compile's own noise); without a call to the flagged asm nothing forks
# and the two compiles take the same faults within 100; bad usage exits 2.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT PLUGIN}
PLUGIN=${2:?usage: $0 ROOT PLUGIN}
TEST=scripts-rerun-faults
. "$ROOT/tests/lib/lib.sh"
need perf
clean_workdir

bench=$ROOT/bench/rerun-faults.py
src=$ROOT/tests/plugin/rerun-nofork.c
expect 0 python3 "$bench" --json --source "$src" --cflags="-O2 -DCALLED" "$PLUGIN"
cat out.txt
python3 - out.txt <<'PY' || fail "-DCALLED: $(cat out.txt)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["forked"], "the default compile did not fork"
cow, child, added = r["parent_cow"], r["child"], r["added"]
assert cow > 0 and child > 0 and added > 0, (cow, child, added)
assert sum(r["parent_cow_mappings"].values()) == cow, "parent's split by mapping"
assert sum(r["child_mappings"].values()) == child, "child's split by mapping"
assert abs(added - cow - child) <= added / 3, f"added {added}, parent {cow} + child {child}"
PY
expect 0 python3 "$bench" --json --source "$src" "$PLUGIN"
python3 - out.txt <<'PY' || fail "no call: $(cat out.txt)"
import json, sys
r = json.load(open(sys.argv[1]))
assert not r["forked"], "forked though no call reaches the flagged asm"
assert abs(r["added"]) <= 100, r
PY
for bad in "--top -1 $PLUGIN" "$ROOT/no-such.so" "--source $ROOT/no-such.c $PLUGIN" \
	"--source $src $PLUGIN kernel/fork.o" "--kver 5.10 $PLUGIN"; do
	# shellcheck disable=SC2086
	expect 2 python3 "$bench" $bad
	grep -q "^usage: rerun-faults.py" err.txt || fail "$bad: no usage: $(cat err.txt)"
done
pass
