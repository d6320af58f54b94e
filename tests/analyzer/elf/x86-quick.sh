#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# x86-quick.sh DIFF CC [FETCH KVER...] — the quick x86-64 decoder
# (analyzer/x86-quick.c) against capstone, with x86-quick-diff:
#   - 3 million random instructions, three seeds: no disagreement;
#   - an object of kernel-like code compiled here (tests/src/calls.c and
#     the CET instructions of cet.s): no disagreement;
#   - with FETCH, every instruction of Debian's dbg vmlinux of each KVER
#     (tests/kernel/fetch-vmlinux.sh): no disagreement, and at least 95 %
#     of the instructions answered without capstone (else the speed of
#     docs/results/performance.md is gone, whatever the outputs).
set -euo pipefail
DIFF=${1:?usage: $0 DIFF CC [FETCH KVER...]}
CC=${2:?usage: $0 DIFF CC [FETCH KVER...]}
FETCH=${3:-}
shift 2
[ $# -eq 0 ] || shift
TEST=analyzer${FETCH:+-e2e}-x86-quick
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir

if [ -z "$FETCH" ]; then
	for seed in 1 2 3; do
		expect 0 "$DIFF" random 1000000 "$seed"
		cat out.txt
	done
	"$CC" -O2 -c -o calls.o "$HERE/../src/calls.c" || fail "cannot compile calls.c"
	"$CC" -c -o cet.o "$HERE/../src/cet.s" || fail "cannot assemble cet.s"
	expect 0 "$DIFF" calls.o cet.o
	cat out.txt
	echo "$TEST: PASS"
	exit 0
fi

for kver in "$@"; do
	fetch_vmlinux "$FETCH" "$kver"
	vmlinux=$VMLINUX
	expect 0 "$DIFF" "$vmlinux"
	echo "$kver: $(cat out.txt)"
	share=$(sed -n 's/.*(\([0-9.]*\) %).*/\1/p' out.txt)
	awk -v s="$share" 'BEGIN { exit !(s >= 95) }' ||
		fail "$kver: only $share % of the instructions decoded without capstone"
done
echo "$TEST: PASS"
