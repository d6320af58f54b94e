#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# e2e-kernel-arm64.sh ASMSCAN PREPARE — asmscan on real Linux 6.1
# ARCH=arm64 defconfig objects (tests/kernel/prepare-kernel.sh arm64
# prepares the tree; without one the test fails, or is skipped with
# ASMINLINE_ALLOW_SKIP=1: tests/kernel/tree.sh).  Objects from several
# subsystems are built through Kbuild if missing; on each, call sites and
# tail calls per callee and every listed body's real instructions equal
# aarch64-linux-gnu-objdump's (objdump_arm64.py), the entries of
# .altinstructions, __ex_table, __bug_table and __jump_table per function
# equal the relocations (reloc_arm64.py), no table is refused and nothing
# is reported.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN PREPARE}
PREPARE=${2:?usage: $0 ASMSCAN PREPARE}
TEST=analyzer-e2e-kernel-arm64
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need aarch64-linux-gnu-objdump aarch64-linux-gnu-readelf python3 make

objs="kernel/fork.o kernel/sched/core.o mm/slub.o arch/arm64/mm/fault.o
	arch/arm64/kernel/cpufeature.o arch/arm64/kernel/traps.o net/core/dev.o"
. "$(dirname "$PREPARE")/tree.sh"
kernel_tree "$PREPARE" arm64 $objs
build=$KERNEL_BUILD

for o in $objs; do
	n=$(echo "$o" | tr / _)
	expect 0 "$ASMSCAN" calls --all -f json "$build/$o"
	[ ! -s err.txt ] || fail "$o: asmscan reported: $(cat err.txt)"
	mv out.txt "$n.calls.json"
	python3 "$HERE/../oracles/objdump_arm64.py" aarch64-linux-gnu-objdump "$build/$o" "$n.calls.json" ||
		fail "$o: calls or bodies differ from objdump"
	expect 0 "$ASMSCAN" tables -f json "$build/$o"
	[ ! -s err.txt ] || fail "$o: asmscan reported: $(cat err.txt)"
	mv out.txt "$n.tables.json"
	python3 "$HERE/../oracles/reloc_arm64.py" aarch64-linux-gnu-readelf "$build/$o" "$n.tables.json" ||
		fail "$o: tables differ from the relocations"
done
echo "$TEST: PASS"
