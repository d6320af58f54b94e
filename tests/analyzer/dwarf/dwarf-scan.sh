#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# dwarf-scan.sh DIFF CC [FETCH KVER...] — the top-level DIEs read without
# libdw (analyzer/dwarf-scan.c) against libdw's own walk, with
# dwarf-scan-diff, on every unit:
#   - programs compiled here with DWARF 2, 4 and 5 at -O0 and -O2
#     (structs, declarations, noreturn and inline functions, nested
#     types, a function in two ranges): no disagreement (DIEs, unit names
#     and first children, the functions read without libdw), every unit
#     scanned;
#   - the same program with its abbreviation table damaged (a code twice):
#     the scan leaves the unit to libdw instead of reading it otherwise;
#   - every unit header walked as dwarf_next_unit() walks it
#     (dwarf-unit.c, which cuts a vmlinux into parts), and the second
#     unit's header damaged three ways (an unknown version: found, its
#     length kept; a reserved length; a table offset past .debug_abbrev:
#     both walks stop there);
#   - with FETCH, Debian's dbg vmlinux of each KVER (or KVER:ARCH, e.g.
#     newest:arm64): no disagreement, every unit scanned, every unit DIE
#     read without libdw; the newest kernel's Rust units put functions in
#     namespaces, which both walks enter.
set -euo pipefail
DIFF=${1:?usage: $0 DIFF CC [FETCH KVER...]}
CC=${2:?usage: $0 DIFF CC [FETCH KVER...]}
FETCH=${3:-}
shift 2
[ $# -eq 0 ] || shift
TEST=analyzer${FETCH:+-e2e}-dwarf-scan
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir

# units scanned and units in dwarf-scan-diff's line in out.txt
units_share() {
	sed -n 's/.*, \([0-9]*\) of \([0-9]*\) units scanned.*/\1 \2/p' out.txt
}

# unit headers both walks read, and walks ended at a header both refuse
headers_read() {
	sed -n 's/.*, \([0-9]*\) unit headers read as dwarf_next_unit() reads them (\([0-9]*\) walks.*/\1 \2/p' out.txt
}

if [ -z "$FETCH" ]; then
	cat >a.c <<'C'
#include <stdlib.h>
struct pair { int a, b; struct { char c[3]; } in; };
struct opaque;
struct opaque *make(void);
static inline int sum(const struct pair *p) { return p->a + p->b; }
static inline int twice(int x) { return 2 * x; }
int (*twice_ptr)(int) = twice;		/* an out-of-line copy */
__attribute__((noreturn)) void die_now(int code);
void die_now(int code) { exit(code); }
int part(struct pair *p, int x)
{
	enum { A, B } e = x ? A : B;
	if (x < 0)
		die_now(3);
	return sum(p) + twice(x) + (int)e;
}
/* At -O2 a part.cold: the function's code in two ranges (DW_AT_ranges). */
int split(int *v, int n)
{
	int r = 0;

	for (int i = 0; i < n; i++) {
		if (__builtin_expect(v[i] < 0, 0)) {
			r += part((struct pair *)v, v[i] * 3);
			abort();
		}
		r += v[i];
	}
	return r;
}
C
	cat >main.c <<'C'
struct pair { int a, b; struct { char c[3]; } in; };
int part(struct pair *p, int x);
static inline int twice(int x) { return 2 * x; }
int main(int argc, char **argv)
{
	struct pair p = { argc, twice(argc), { "ab" } };
	(void)argv;
	return part(&p, argc) & 1;
}
C
	for v in 2 4 5; do
		for o in -O0 -O2; do
			"$CC" -g -gdwarf-$v $o -o prog a.c main.c ||
				fail "cannot compile the DWARF $v program"
			expect 0 "$DIFF" prog
			echo "DWARF $v $o: $(cat out.txt)"
			read -r got all < <(units_share)
			[ "$got" = "$all" ] && [ "$all" -ge 2 ] ||
				fail "DWARF $v $o: $got of $all units scanned"
			read -r headers bad < <(headers_read)
			[ "$headers" = "$all" ] && [ "$bad" = 0 ] ||
				fail "DWARF $v $o: $headers unit headers read ($bad bad) for $all units"
		done
	done
	# The second unit's header damaged (prog: DWARF 5, its first unit
	# 32-bit DWARF): the units both walks find and how they end.
	info=$(readelf -S -W prog | sed -n 's/.*\] \.debug_info *PROGBITS *[0-9a-f]* \([0-9a-f]*\) .*/\1/p')
	[ -n "$info" ] || fail "no .debug_info in prog"
	for damage in version:2:0 length:1:1 table:1:1; do
		IFS=: read -r what want_headers want_bad <<<"$damage"
		cp prog damaged-header
		python3 - damaged-header "$((16#$info))" "$what" <<'PY' || fail "cannot damage the unit header ($damage)"
import struct, sys
path, info, what = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = bytearray(open(path, "rb").read())
first, = struct.unpack_from("<I", data, info)
assert first < 0xfffffff0, "32-bit DWARF expected"
second = info + 4 + first
assert struct.unpack_from("<H", data, second + 4)[0] == 5, "DWARF 5 expected"
if what == "version":
    struct.pack_into("<H", data, second + 4, 7)
elif what == "length":
    struct.pack_into("<I", data, second, 0xfffffff3)
else:                           # length, version, type, address size
    struct.pack_into("<I", data, second + 8, 0x7fffffff)
open(path, "wb").write(data)
PY
		expect 0 "$DIFF" damaged-header
		read -r headers bad < <(headers_read)
		echo "damaged header ($what): $headers unit headers, $bad bad"
		[ "$headers" = "$want_headers" ] && [ "$bad" = "$want_bad" ] ||
			fail "damaged header ($what): $headers unit headers ($bad bad), $want_headers ($want_bad) expected"
	done
	# The second abbreviation of the first table given the first one's
	# code: libdw finds the first entry under it and fails on the codes
	# after; the scan reads no unit of that table.
	off=$(readelf -S -W prog | sed -n 's/.*\] \.debug_abbrev *PROGBITS *[0-9a-f]* \([0-9a-f]*\) .*/\1/p')
	[ -n "$off" ] || fail "no .debug_abbrev in prog"
	cp prog damaged
	python3 - damaged "$((16#$off))" <<'PY' || fail "cannot damage the abbreviation table"
import sys
path, off = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, "rb").read())
def uleb(p):
    v = shift = 0
    while True:
        b = data[p]; p += 1
        v |= (b & 0x7f) << shift; shift += 7
        if not b & 0x80:
            return v, p
first, p = uleb(off)
_, p = uleb(p)                  # tag
p += 1                          # children
while True:                     # attribute specifications
    name, p = uleb(p)
    form, p = uleb(p)
    if form == 0x21:            # DW_FORM_implicit_const
        _, p = uleb(p)
    if not name and not form:
        break
assert first < 0x80 and data[p] < 0x80, "codes of one byte expected"
data[p] = first
open(path, "wb").write(data)
PY
	expect 0 "$DIFF" damaged
	echo "damaged table: $(cat out.txt)"
	read -r got all < <(units_share)
	[ "$got" -lt "$all" ] || fail "the damaged table's unit was scanned"
	echo "$TEST: PASS"
	exit 0
fi

for kver in "$@"; do
	# KVER or KVER:ARCH (newest:arm64)
	fetch_vmlinux "$FETCH" "${kver%%:*}" "$(echo "$kver:amd64" | cut -d: -f2)"
	vmlinux=$VMLINUX
	expect 0 "$DIFF" "$vmlinux"
	echo "$kver: $(cat out.txt)"
	read -r got all < <(units_share)
	[ "$got" = "$all" ] || fail "$kver: only $got of $all units scanned"
	grep -q '(0 unit DIEs left to libdw)' out.txt ||
		fail "$kver: unit DIEs left to libdw"
	read -r headers bad < <(headers_read)
	[ "$headers" = "$all" ] && [ "$bad" = 0 ] ||
		fail "$kver: $headers unit headers read ($bad bad) for $all units"
done
echo "$TEST: PASS"
