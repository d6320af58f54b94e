#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# whole-kernel.sh [--kver SERIES] PLUGIN — the slow test (label "slow",
# `ctest -L slow`): a whole Linux x86_64_defconfig vmlinux built three
# times by bench/build-kernel.sh — without the plugin, in warn mode and in
# apply mode — about 17 minutes of both cores each for 6.1 on a quiet
# machine (6.12: docs/results/whole-kernel.md).  SERIES is 6.1 (the default; ctest
# kernel-whole), 6.12 (kernel-whole-6.12) or newest (by hand), as in
# bench/build-kernel.sh.
#
#   - every build links a vmlinux, with no internal compiler error in its log;
#   - warn mode changes no code: every loadable section of its vmlinux is
#     byte-identical to the plugin-free one's, but .notes (the build ID
#     hashes the whole file, the records in .comment included);
#   - warn mode wrote records (the report is not empty), and embedded them;
#   - apply mode changed the code (.text differs): the "as if converted"
#     kernel is a different kernel.
# The builds stay in the cache ($ASMINLINE_CACHE/linux-*/kbuild-*) and are
# reused while the plugin is unchanged.  Fails when the kernel cannot be
# had, unless ASMINLINE_ALLOW_SKIP=1 (then exit 77).
set -euo pipefail
kver=${ASMINLINE_KVER:-6.1}
case "${1:-}" in
--kver) kver=${2:?usage: $0 [--kver 6.1|6.12|newest] PLUGIN}; shift 2 ;;
--kver=*) kver=${1#--kver=}; shift ;;
esac
PLUGIN=${1:?usage: $0 [--kver 6.1|6.12|newest] PLUGIN}
TEST=kernel-whole
[ "$kver" = 6.1 ] || TEST=kernel-whole-$kver
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/tests/lib/lib.sh"

declare -A dir
for v in none warn apply; do
	rc=0
	start=$SECONDS
	dir[$v]=$("$here/bench/build-kernel.sh" --kver "$kver" "$v" "$PLUGIN") || rc=$?
	[ "$rc" -ne 77 ] || no_kernel "no Linux $kver tree here (prepare-kernel.sh said why above)"
	[ "$rc" -eq 0 ] || fail "$v: the build failed (bench/build-kernel.sh exit $rc)"
	echo "$TEST: $v: ${dir[$v]} ($((SECONDS - start)) s, reused if 0)"
	python3 - "${dir[$v]}/summary.json" "$v" <<'PY' || fail "$v: build summary"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["status"] == 0 and s["vmlinux"], s
assert s["internal_compiler_errors"] == 0, s
if sys.argv[2] != "none":
    assert s["report_records"] > 0, s
PY
done

python3 "$here/tests/kernel/same_loadable.py" --except .notes \
	"${dir[none]}/vmlinux" "${dir[warn]}/vmlinux" || fail "warn mode changed the loaded kernel"
# -O binary writes only allocated sections: .comment (not SHF_ALLOC) would
# come out empty without the flag.
objcopy -O binary --only-section=.comment --set-section-flags .comment=alloc \
	"${dir[warn]}/vmlinux" comment.bin
grep -q '"record"' comment.bin || fail "no records embedded in the warn vmlinux's .comment"
for v in none apply; do
	objcopy -O binary --only-section=.text "${dir[$v]}/vmlinux" "$v.text"
done
! cmp -s none.text apply.text || fail "apply mode left .text unchanged: nothing was converted"
pass "Linux $kver none, warn and apply built; warn's loaded bytes are none's; apply's .text differs"
