#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# dwarf-files.sh DIFF CC [FETCH KVER...] — declarations' file names read
# from line-table headers (analyzer/dwarf-files.c) against libdw's
# dwarf_decl_file(), with dwarf-files-diff, on every DIE with a file:
#   - programs compiled here with DWARF 4 and 5, headers in a directory of
#     their own and in the unit's, absolute and relative names (with and
#     without -fdebug-prefix-map), linked: no disagreement, and every unit
#     read from its header;
#   - with FETCH, Debian's dbg vmlinux of each KVER: no disagreement, at
#     least 99 % of the units read from their headers.
set -euo pipefail
DIFF=${1:?usage: $0 DIFF CC [FETCH KVER...]}
CC=${2:?usage: $0 DIFF CC [FETCH KVER...]}
FETCH=${3:-}
shift 2
[ $# -eq 0 ] || shift
TEST=analyzer${FETCH:+-e2e}-dwarf-files
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir

# units read and units in dwarf-files-diff's line in out.txt
units_share() {
	sed -n 's/.*, \([0-9]*\) of \([0-9]*\) units.*/\1 \2/p' out.txt
}

if [ -z "$FETCH" ]; then
	mkdir -p src/inc src/lib
	cat >src/inc/twice.h <<'H'
static inline int twice(int x) { return 2 * x; }
H
	cat >src/lib/local.h <<'H'
struct pair { int a, b; };
static inline int sum(struct pair p) { return p.a + p.b; }
H
	cat >src/lib/part.c <<'C'
#include "local.h"
#include <twice.h>
int part(int x) { struct pair p = { x, twice(x) }; return sum(p); }
C
	cat >src/main.c <<'C'
#include <twice.h>
int part(int x);
int main(int argc, char **argv) { (void)argv; return part(twice(argc)) & 1; }
C
	for v in 4 5; do
		for map in "" "-fdebug-prefix-map=$PWD=."; do
			"$CC" -g -gdwarf-$v $map -O1 -Isrc/inc -o prog src/main.c "$PWD/src/lib/part.c" ||
				fail "cannot compile the DWARF $v program"
			expect 0 "$DIFF" prog
			echo "DWARF $v${map:+ (prefix map)}: $(cat out.txt)"
			read -r got all < <(units_share)
			[ "$got" = "$all" ] && [ "$all" -ge 2 ] ||
				fail "DWARF $v: $got of $all units read from the header"
		done
	done
	echo "$TEST: PASS"
	exit 0
fi

for kver in "$@"; do
	fetch_vmlinux "$FETCH" "$kver"
	vmlinux=$VMLINUX
	expect 0 "$DIFF" "$vmlinux"
	echo "$kver: $(cat out.txt)"
	read -r got all < <(units_share)
	[ "$((got * 100))" -ge "$((all * 99))" ] ||
		fail "$kver: only $got of $all units read from the header"
done
echo "$TEST: PASS"
