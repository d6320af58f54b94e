#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# groups.sh ASMSCAN CC — many objects in one run, as a distribution's
# directory of module debug files: asmscan reads them in groups (up to 16
# objects, one -j batch each, analysis.h) and its output must not show
# it.  On 40 objects compiled here with DWARF (-g: each goes through
# libdwfl, with the entries dwarf-rel.c applies first), calls between
# them, local names defined in several and out-of-line copies:
#   - the report of the directory is the same, JSON (plain and -p) and
#     text, at -j1, -j2 and -j3 and when its objects are named one by one
#     in name order (above -j1 the JSON's tables are rendered by a thread
#     of their own, render-json.c);
#   - every object is in it, in name order;
#   - a directory holding a damaged object and an AArch64 one (when the
#     cross compiler is there) says so on stderr at their turn, between
#     the objects around them, the same at every -j.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-groups
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" python3

N=40
for ((i = 0; i < N; i++)); do
	d=$(printf 'good/d%02d' $((i / 8)))
	mkdir -p "$d"
	cat >"$d/u$i.c" <<C
/* unit $i: a local name every unit has, a declared-inline function kept
 * out of line, a call into unit 0 (an undefined symbol here) */
extern int shared_$((i % 3))(int);
static __attribute__((noinline)) int dup(int x) { return x * $((i + 3)) + 1; }
static inline int kept_$((i % 5))(int x)
{
	return x > $i ? dup(x) : x - 1;
}
int (*kept_ptr_$i)(int) = kept_$((i % 5));
__attribute__((noreturn)) void fail_$i(void);
int shared_$((i % 3))_user_$i(int x)
{
	if (x < -1000)
		fail_$i();
	return shared_$((i % 3))(kept_$((i % 5))(x)) + dup(x);
}
C
	if ((i < 3)); then
		cat >>"$d/u$i.c" <<C
int shared_$i(int x) { return x * 7; }
C
	fi
	"$CC" -O2 -g -c "$d/u$i.c" -o "$d/u$i.o"
	rm "$d/u$i.c"
done

mapfile -t objs < <(find good -name '*.o' | LC_ALL=C sort)
[ "${#objs[@]}" -eq "$N" ] || fail "compiled ${#objs[@]} objects, not $N"

for fmt in json pretty text; do
	args=(-f "$fmt")
	[ "$fmt" != pretty ] || args=(-p -f json)
	for j in 1 2 3; do
		expect 0 "$ASMSCAN" -j "$j" "${args[@]}" good
		mv out.txt "dir-j$j.$fmt"
		mv err.txt "dir-j$j.$fmt.err"
	done
	expect 0 "$ASMSCAN" -j 2 "${args[@]}" "${objs[@]}"
	mv out.txt "list.$fmt"
	mv err.txt "list.$fmt.err"
	for other in dir-j2 dir-j3 list; do
		cmp -s "dir-j1.$fmt" "$other.$fmt" ||
			fail "$fmt: $other differs from the directory at -j1: $(diff "dir-j1.$fmt" "$other.$fmt" | head -n 20)"
		cmp -s "dir-j1.$fmt.err" "$other.$fmt.err" ||
			fail "$fmt: stderr of $other differs: $(diff "dir-j1.$fmt.err" "$other.$fmt.err" | head -n 20)"
	done
done
python3 - "${objs[@]}" <<'PY' || fail "objects of the directory: $(head -c 2000 dir-j1.json)"
import json, sys
rep = json.load(open('dir-j1.json'))
names = [o['name'] for o in rep['objects']]
assert names == sys.argv[1:], names
PY

# Damaged and foreign objects: told at their turn.
mkdir -p mixed
for i in 0 1 2 3 4; do
	cp "${objs[$i]}" "mixed/m$i.o"
done
head -c 300 "mixed/m1.o" >mixed/m1b-damaged.o
arm=
if command -v aarch64-linux-gnu-gcc >/dev/null; then
	echo 'int arm_one(int x) { return x + 1; }' >arm.c
	aarch64-linux-gnu-gcc -O2 -g -c arm.c -o mixed/m2b-arm64.o
	arm=1
fi
for j in 1 2 3; do
	expect 2 "$ASMSCAN" -j "$j" -f json mixed
	mv err.txt "mixed-j$j.err"
	mv out.txt "mixed-j$j.json"
done
for j in 2 3; do
	cmp -s mixed-j1.err "mixed-j$j.err" ||
		fail "mixed: stderr at -j$j differs: $(diff mixed-j1.err "mixed-j$j.err")"
	cmp -s mixed-j1.json "mixed-j$j.json" ||
		fail "mixed: stdout at -j$j differs"
done
grep -q "mixed/m1b-damaged.o: " mixed-j1.err || fail "no word of the damaged object: $(cat mixed-j1.err)"
if [ -n "$arm" ]; then
	# The damaged object (m1b) is told before the AArch64 one (m2b).
	damaged=$(grep -n "m1b-damaged.o: " mixed-j1.err | head -n 1 | cut -d: -f1)
	foreign=$(grep -n "m2b-arm64.o: note: skipped" mixed-j1.err | head -n 1 | cut -d: -f1)
	[ -n "$foreign" ] || fail "no note of the AArch64 object: $(cat mixed-j1.err)"
	[ "$damaged" -lt "$foreign" ] || fail "messages out of input order: $(cat mixed-j1.err)"
fi
pass "$N objects: the same report at -j1, -j2, -j3 and named one by one; messages in input order"
