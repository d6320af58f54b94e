#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# copies.sh ASMSCAN CC — out-of-line copies of inline functions.  Two
# units with known outcomes (src/copies-*.c, src/copies.h) are compiled
# with DWARF, as objects and as a program: the DWARF copies must be the
# "expect: dwarf-copies=N" of the sources, and the symbol copies
# (duplicate local names, clones) what nm shows (nm_copies.py).  Without
# DWARF the symbol copies stay and the text says what is missing.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-copies
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" nm python3

for u in a b; do
	"$CC" -O2 -g -c "$HERE/../src/copies-$u.c" -o "copies-$u.o"
	"$CC" -O2 -c "$HERE/../src/copies-$u.c" -o "nodwarf-$u.o"
done
"$CC" copies-a.o copies-b.o -o copies.exe

check() {
	local name=$1
	shift
	expect 0 "$ASMSCAN" copies -f json "$@"
	mv out.txt "$name.json"
	python3 "$HERE/../oracles/expect.py" "$name.json" "$HERE/../src/copies.h" "$HERE/../src/copies-a.c" ||
		fail "$name: DWARF copies"
	python3 "$HERE/../oracles/nm_copies.py" nm "$name.json" "$@" || fail "$name: symbol copies"
}
check objects copies-a.o copies-b.o
check program copies.exe

# hdr_twice: one row, two copies, one from each unit.
expect 0 "$ASMSCAN" copies copies.exe
grep -Eq "^ +2 +[0-9]+ +[0-9]+ +[0-9]+ +hdr_twice +.*copies\.h:[0-9]+ +.*copies-a\.c, .*copies-b\.c$" out.txt ||
	fail "hdr_twice is not one row of two copies: $(cat out.txt)"

# --function narrows every list and total.
expect 0 "$ASMSCAN" copies --function 'hdr_*' copies.exe
grep -q "^DWARF: 2 out-of-line copies of 1 declared-inline function," out.txt &&
	grep -q "^Symbols: 1 local function name defined more than once, 2 definitions" out.txt ||
	fail "--function: $(cat out.txt)"

# Without DWARF: the symbol copies are still found, and the text says so.
expect 0 "$ASMSCAN" copies -f json nodwarf-a.o nodwarf-b.o
mv out.txt nodwarf.json
python3 "$HERE/../oracles/nm_copies.py" nm nodwarf.json nodwarf-a.o nodwarf-b.o || fail "symbols without DWARF"
expect 0 "$ASMSCAN" copies nodwarf-a.o nodwarf-b.o
grep -q "^DWARF: none" out.txt || fail "no word on the missing DWARF: $(cat out.txt)"
grep -Eq "^ +2 +[0-9]+ +[0-9]+ +[0-9]+ +helper +copies-a\.c, copies-b\.c$" out.txt ||
	fail "helper defined twice: $(cat out.txt)"
expect 0 "$ASMSCAN" copies --no-dwarf copies.exe
grep -q "^DWARF: none" out.txt || fail "--no-dwarf still reads DWARF"
pass
