#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# e2e-modules.sh ASMSCAN DIFF FETCH — real kernel modules' debug files, as
# a distribution ships them: amdgpu.ko, btrfs.ko and xfs.ko of Debian's
# 6.1 amd64 dbg package (tests/kernel/fetch-vmlinux.sh --modules), whose
# DWARF asmscan relocates itself (analyzer/dwarf/dwarf-rel.c).  btrfs.ko
# and xfs.ko fit the workers' 64 MB buffer and are read whole into it,
# their .rela.debug_* too; amdgpu.ko (356 MB) does not: it is mapped a
# second time, the sections relocated made anonymous memory read from the
# file (object_image_own()).  A package that cannot be had fails the test,
# unless ASMINLINE_ALLOW_SKIP=1 (then a skip).
#   - DIFF (dwarf-rel-diff): each module's DWARF relocated flat is libdwfl's,
#     every DIE, attribute and relocated byte;
#   - asmscan -j 2 reads the three with DWARF, no message, no DWARF error;
#   - amdgpu.ko alone, and as the one member of an archive (at offset 68,
#     not 8-aligned: read whole into memory of its own instead of mapped),
#     gives the same JSON, its name aside, at -j 1 and -j 2;
#   - with strace (when it runs here): the mapped amdgpu.ko has ranges of
#     its second mapping made anonymous; the archive's member none.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN DIFF FETCH}
DIFF=${2:?usage: $0 ASMSCAN DIFF FETCH}
FETCH=${3:?usage: $0 ASMSCAN DIFF FETCH}
TEST=analyzer-e2e-modules
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need ar python3

rc=0
dir=$("$FETCH" --kver 6.1 --arch amd64 --modules) || rc=$?
[ "$rc" -ne 77 ] || no_kernel "no Debian 6.1 amd64 dbg package here (fetch-vmlinux.sh said why above)"
[ "$rc" -eq 0 ] && [ -d "$dir" ] || fail "fetch-vmlinux.sh --modules failed ($rc)"
mods=("$dir/amdgpu.ko" "$dir/btrfs.ko" "$dir/xfs.ko")
for m in "${mods[@]}"; do
	[ -f "$m" ] || fail "$m: not extracted"
done
echo "$TEST: Linux $("$FETCH" --kver 6.1 --print-version): $(du -m "${mods[@]}" | awk '{ n = split($2, p, "/"); printf "%s%s %s MB", (NR > 1 ? ", " : ""), p[n], $1 }')"

# Relocated flat as libdwfl relocates them.
for m in "${mods[@]}"; do
	expect 0 "$DIFF" "$m"
	grep -q "relocated flat: .* compared, 0 differ" out.txt || fail "$m: $(cat out.txt err.txt)"
	cat out.txt
done

# The three, with DWARF, nothing said.
expect 0 "$ASMSCAN" -j 2 -f json "${mods[@]}"
[ ! -s err.txt ] || fail "messages on Debian's modules: $(cat err.txt)"
python3 - out.txt <<'PY' || fail "summary of the three modules"
import json, sys
rep = json.load(open(sys.argv[1]))
objs = rep['objects']
assert len(objs) == 3, [o['name'] for o in objs]
for o in objs:
    assert o['read'] and o['dwarf'] and o['type'] == 'relocatable', o
    assert o['functions'] > 1000 and o['dwarf_units'] > 20, o
PY

# amdgpu.ko mapped (the sections relocated owned) and copied whole: the same.
ar rcS lib.a "$dir/amdgpu.ko"
python3 - lib.a <<'PY' || fail "archive layout"
import sys
d = open(sys.argv[1], 'rb').read(68)
# "!<arch>\n", one 60-byte member header: the member at 68, not 8-aligned
assert d[:8] == b'!<arch>\n' and d[8:24].rstrip() == b'amdgpu.ko/', d[:24]
PY
for j in 1 2; do
	expect 0 "$ASMSCAN" -j "$j" -f json "$dir/amdgpu.ko"
	sed "s|$dir/amdgpu.ko|MODULE|g; s|\"amdgpu.ko\"|\"MODULE\"|g" out.txt >mapped-j$j.json
	expect 0 "$ASMSCAN" -j "$j" -f json lib.a
	sed "s|lib.a(amdgpu.ko)|MODULE|g" out.txt >copied-j$j.json
	cmp -s mapped-j$j.json copied-j$j.json ||
		fail "-j $j: amdgpu.ko mapped and copied differ: $(diff mapped-j$j.json copied-j$j.json | head -5)"
	grep -q '"dwarf": *true' mapped-j$j.json || fail "-j $j: amdgpu.ko read without DWARF"
done

# The path each took, seen by strace.
if command -v strace >/dev/null && strace -f -o /dev/null true 2>/dev/null; then
	for input in "$dir/amdgpu.ko" lib.a; do
		rm -rf trace && mkdir trace
		# LeakSanitizer cannot run under ptrace (an ASan build's asmscan).
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
			strace -ff -e trace=mmap -o trace/t "$ASMSCAN" -j 2 -f json "$input" >/dev/null
		python3 - "$(stat -c %s "$input")" trace <<'PY' >owned.txt
import glob, re, sys
length, d = int(sys.argv[1]), sys.argv[2]
maps, anon = [], []
for name in glob.glob(d + '/t.*'):
    for line in open(name):
        m = re.search(rf'mmap\(NULL, {length}, PROT_READ\|PROT_WRITE, MAP_PRIVATE, \d+, 0\)\s*= (0x[0-9a-f]+)', line)
        if m:
            maps.append(int(m[1], 16))
        a = re.search(r'mmap\((0x[0-9a-f]+), (\d+), PROT_READ\|PROT_WRITE, MAP_PRIVATE\|MAP_FIXED\|MAP_ANONYMOUS, -1, 0\)\s*= 0x', line)
        if a:
            anon.append((int(a[1], 16), int(a[2])))
print(len(maps), sum(1 for at, n in anon for m in maps if m <= at and at + n <= m + length))
PY
		read -r nmaps inside <owned.txt
		case "$input" in
		lib.a) [ "$nmaps" = 1 ] && [ "$inside" = 0 ] ||
			fail "lib.a: $nmaps mappings of the archive, $inside ranges made anonymous (1 and 0 wanted)" ;;
		*) [ "$nmaps" = 2 ] && [ "$inside" -gt 0 ] ||
			fail "amdgpu.ko: $nmaps mappings, $inside ranges made anonymous (2 and some wanted)" ;;
		esac
		echo "$TEST: ${input##*/}: $nmaps read-write mappings of the file, $inside ranges made anonymous"
	done
else
	echo "$TEST: strace cannot run here: the paths taken not observed"
fi
pass "3 modules relocated as libdwfl does; amdgpu.ko mapped and copied read the same"
