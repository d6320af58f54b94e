#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-layers.sh SRCDIR — scripts/rules/check-layers.py on synthetic trees made
# here: a tree that keeps the layer rule passes; the same tree with one
# upward include (analyzer/base including a header of analyzer/elf), with
# an include of another part (the analyzer including a plugin header),
# with an include circle, with a folder of 21 files, with one verb's
# folder including another's (analyzer/check including analyzer/diff), or
# with an analyzer function of 101 lines fails (exit 1) and names what is
# wrong; a function of 100 lines passes.
set -euo pipefail
SRCDIR=$(cd "${1:?usage: $0 SRCDIR}" && pwd)
TEST=scripts-check-layers-rules
. "$SRCDIR/tests/lib/lib.sh"
clean_workdir
need python3
CHECK=$SRCDIR/scripts/rules/check-layers.py

# A tree that keeps the rule: elf uses base, plugin/base stands alone.
good() {
	mkdir -p "$1/analyzer/base" "$1/analyzer/elf" "$1/analyzer/dwarf" "$1/plugin/base"
	printf '#include "util.h"\nint util_one(void)\n{\n\treturn 1;\n}\n' >"$1/analyzer/base/util.c"
	printf 'int util_one(void);\n' >"$1/analyzer/base/util.h"
	printf '#include "util.h"\n#include "object.h"\nint object_two(void)\n{\n\treturn util_one() + 1;\n}\n' \
		>"$1/analyzer/elf/object.c"
	printf 'int object_two(void);\n' >"$1/analyzer/elf/object.h"
	printf 'int plugin_three(void);\n' >"$1/plugin/base/num.h"
}

run_check() {	# TREE WANT_RC: the checker's output in out.txt
	local rc=0
	python3 "$CHECK" "$1" >out.txt 2>&1 || rc=$?
	[ "$rc" -eq "$2" ] || { cat out.txt >&2; fail "$1: exit $rc, wanted $2"; }
}

good clean
run_check clean 0
grep -qx "upward includes: 0 (none allowed)" out.txt && grep -qx "circles: 0" out.txt ||
	fail "clean tree: $(cat out.txt)"

good upward
printf '#include "object.h"\n' >upward/analyzer/base/extra.c
run_check upward 1
grep -qx "upward includes: 1 (none allowed)" out.txt &&
	grep -qx "  analyzer/base/extra.c -> analyzer/elf/object.h" out.txt &&
	grep -qx "circles: 0" out.txt &&
	grep -q "check-layers: broken: 1 upward includes" out.txt ||
	fail "one upward include: $(cat out.txt)"

good other-part
printf '#include "../../plugin/base/num.h"\n' >>other-part/analyzer/elf/object.c
run_check other-part 1
grep -q "^  analyzer/elf/object.c -> plugin/base/num.h (analyzer may include only the public headers of no other part)" out.txt ||
	fail "an include of another part: $(cat out.txt)"

good circle
printf '#include "ring.h"\n' >circle/analyzer/elf/loop.h
printf '#include "loop.h"\n' >circle/analyzer/elf/ring.h
run_check circle 1
grep -qx "circles: 1" out.txt && grep -qx "  analyzer/elf/loop -> analyzer/elf/ring" out.txt ||
	fail "an include circle: $(cat out.txt)"

good big
for i in $(seq 1 21); do
	printf 'int f%d(void);\n' "$i" >"big/analyzer/dwarf/part$i.h"
done
run_check big 1
grep -q "analyzer layer 2 analyzer/dwarf: 21  too many" out.txt &&
	grep -q "analyzer/dwarf holds 21 files" out.txt ||
	fail "a folder of 21 files: $(cat out.txt)"
good sideways
mkdir -p sideways/analyzer/check sideways/analyzer/diff
printf 'int diff_four(void);\n' >sideways/analyzer/diff/diff.h
printf '#include "diff.h"\n' >sideways/analyzer/check/check.c
run_check sideways 1
grep -qx "sideways includes: 1 (a verb's folder includes no other's)" out.txt &&
	grep -qx "  analyzer/check/check.c -> analyzer/diff/diff.h" out.txt &&
	grep -q "check-layers: broken: 1 sideways includes" out.txt ||
	fail "one verb's folder including another's: $(cat out.txt)"

long_function() {	# FILE LINES: a function of LINES lines, name to brace
	{ printf 'int long_one(void)\n{\n\tint n = 0;\n\n'
	  for _ in $(seq 1 $(($2 - 6))); do printf '\tn++;\n'; done
	  printf '\treturn n;\n}\n'; } >"$1"
}
good fits
long_function fits/analyzer/elf/long.c 100
run_check fits 0
grep -qx "functions over 100 lines (analyzer): 0" out.txt ||
	fail "a function of 100 lines: $(cat out.txt)"
good long
long_function long/analyzer/elf/long.c 101
run_check long 1
grep -qx "  analyzer/elf/long.c:1: long_one: 101 lines" out.txt &&
	grep -q "check-layers: broken: analyzer/elf/long.c:long_one is 101 lines" out.txt ||
	fail "a function of 101 lines: $(cat out.txt)"
pass "a clean tree passes; an upward include, another part's header, a circle, 21 files, a verb including another and a function of 101 lines fail"
