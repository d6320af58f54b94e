#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fork-write-cost.sh ROOT FWC — bench/fork-write-cost on a small buffer:
# three figures, each a positive number, the fork's first writes slower
# than writes without a fork (a fork write-protects every private page);
# a bad option, an extra argument or a size out of range exit 2.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT FWC}
FWC=${2:?usage: $0 ROOT FWC}
TEST=scripts-fork-write-cost
. "$ROOT/tests/lib/lib.sh"
clean_workdir

expect 0 "$FWC" -m 16 -n 3
cat out.txt
grep -q "^resident: 16 MiB (4096 pages), 3 runs, medians:$" out.txt ||
	fail "header: $(cat out.txt)"
after=$(sed -n 's/^first write to a page after a fork: *\([0-9.]*\) us per page$/\1/p' out.txt)
plain=$(sed -n 's/^write to a page, no fork: *\([0-9.]*\) us per page$/\1/p' out.txt)
forks=$(sed -n 's/^fork, child.s exit, reaping: *\([0-9.]*\) ms per 100 MiB resident$/\1/p' out.txt)
[ -n "$after" ] && [ -n "$plain" ] && [ -n "$forks" ] || fail "figures: $(cat out.txt)"
awk -v a="$after" -v p="$plain" -v f="$forks" 'BEGIN { exit !(a > 0 && p > 0 && f > 0 && a > p) }' ||
	fail "after a fork $after us, without $plain us, fork $forks ms: not as a fork makes them"
for bad in "-x" "-m 0" "-m 65537" "-n 0" "-n 102" "-m 4x" "extra"; do
	# shellcheck disable=SC2086
	expect 2 "$FWC" $bad
	grep -q "^usage: fork-write-cost" err.txt || fail "$bad: no usage: $(cat err.txt)"
done
pass
