#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# file-read-cost.sh ROOT FRC — bench/file-read-cost on a file of 256 KB it
# writes: five figures, each a positive number, a mapping whose pages are
# read dearer than one left untouched (each page read is a fault); a bad
# option, a missing or extra argument or a count out of range exit 2, a
# file it cannot measure (missing, a directory, under a page) exits 1.
set -euo pipefail
ROOT=${1:?usage: $0 ROOT FRC}
FRC=${2:?usage: $0 ROOT FRC}
TEST=scripts-file-read-cost
. "$ROOT/tests/lib/lib.sh"
clean_workdir

head -c 262144 /dev/urandom >data.bin
expect 0 "$FRC" -n 3 data.bin
cat out.txt
grep -q "^file: data.bin, 262144 bytes, 3 runs, medians:$" out.txt ||
	fail "header: $(cat out.txt)"
figure() {
	sed -n "s/^$1: *\([0-9.]*\) $2\$/\1/p" out.txt
}
mapped=$(figure "mapped, 3 pages read, unmapped" "us per file")
untouched=$(figure "mapped and unmapped untouched" "us per file")
read=$(figure "read into memory faulted in" "us per file (.* ms per MB)")
fresh=$(figure "fresh memory, 4 KB pages" "us per page")
huge=$(figure "fresh memory, huge pages" "ms per MB")
[ -n "$mapped" ] && [ -n "$untouched" ] && [ -n "$read" ] && [ -n "$fresh" ] &&
	[ -n "$huge" ] || fail "figures: $(cat out.txt)"
awk -v m="$mapped" -v u="$untouched" -v r="$read" -v f="$fresh" -v h="$huge" \
	'BEGIN { exit !(m > 0 && u > 0 && r > 0 && f > 0 && h > 0 && m > u) }' ||
	fail "mapped $mapped us, untouched $untouched us: not as page faults make them"
for bad in "-x data.bin" "-n 0 data.bin" "-n 102 data.bin" "-n 4x data.bin" "" "data.bin data.bin"; do
	# shellcheck disable=SC2086
	expect 2 "$FRC" $bad
	grep -q "^usage: file-read-cost" err.txt || fail "'$bad': no usage: $(cat err.txt)"
done
head -c 100 /dev/urandom >small.bin
mkdir -p dir
for bad in missing.bin dir small.bin; do
	expect 1 "$FRC" -n 1 "$bad"
	grep -q "^file-read-cost: $bad: " err.txt || fail "$bad: $(cat err.txt)"
done
pass
