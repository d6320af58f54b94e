#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# corrupt.sh ASMSCAN CC — bad inputs: truncated files, section headers and
# symbols pointing out of bounds, bad relocations, garbage DWARF (made by
# corrupt.py from objects compiled here).  asmscan must never crash: it
# exits 0 or 2, and every problem is one line "asmscan: FILE: what: why".
# Some cases are checked word for word; the others only for that.  Then
# the named hostile set (corrupt.py --named): each file must be refused
# with exit 2 and its one expected error, given with a good object, and
# the JSON document must hold that error and no result.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-corrupt
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" python3

"$CC" -O2 -g -fno-pie -c "$HERE/../src/tables.c" -o obj.o
"$CC" -O2 -fno-pie -c "$HERE/../src/tables-main.c" -o main.o
"$CC" -no-pie -g obj.o main.o -o prog
mkdir bad
python3 "$HERE/corrupt.py" obj.o bad
python3 "$HERE/corrupt.py" prog bad

n=0
for f in bad/*; do
	expect_no_crash "$ASMSCAN" "$f"
	# Every line on stderr is the reporter's; an error means exit 2.
	if grep -v "^asmscan: $f: " err.txt >/dev/null; then
		cat err.txt >&2
		fail "$f: a message not in the format 'asmscan: FILE: ...'"
	fi
	n=$((n + 1))
done
echo "$TEST: $n damaged files read without a crash"

# A few word for word.
head -c 100 obj.o >trunc.o
expect 2 "$ASMSCAN" trunc.o
grep -q "^asmscan: trunc.o: cannot read section headers: " err.txt ||
	grep -q "^asmscan: trunc.o: cannot read ELF: " err.txt || fail "truncated: $(cat err.txt)"
python3 - obj.o oob.o <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
shoff, = struct.unpack_from('<Q', d, 0x28)
struct.pack_into('<Q', d, shoff + 64 + 0x18, len(d))   # section 1 (.text) offset
open(sys.argv[2], 'wb').write(d)
PY
expect 2 "$ASMSCAN" oob.o main.o
grep -q "^asmscan: oob.o: section out of bounds: \[1\] .text: offset 0x[0-9a-f]* size 0x[0-9a-f]* past the end of the file" err.txt ||
	fail "section out of bounds: $(cat err.txt)"
[ ! -s out.txt ] || fail "a result printed after a bad input: $(cat out.txt)"

# Garbage in .debug_info: a DWARF error (exit 2) and no result (one
# without DWARF's copies would look whole); --no-dwarf gives the rest.
python3 - prog dwarf.exe <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
shoff, = struct.unpack_from('<Q', d, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', d, 0x3a)
hdr = lambda i: struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * shentsize)
stroff = hdr(shstrndx)[4]
for i in range(shnum):
    s = hdr(i)
    name = d[stroff + s[0]:d.index(b'\0', stroff + s[0])]
    if name == b'.debug_info':
        d[s[4] + 4:s[4] + 6] = b'\x09\x00'      # unit version 9
open(sys.argv[2], 'wb').write(d)
PY
expect 2 "$ASMSCAN" dwarf.exe
grep -q "^asmscan: dwarf.exe: cannot read DWARF: " err.txt || fail "bad DWARF: $(cat err.txt)"
[ ! -s out.txt ] || fail "bad DWARF, yet a result: $(cat out.txt)"
expect 0 "$ASMSCAN" --no-dwarf dwarf.exe
grep -q "^Tables:" out.txt && grep -q "^\.smp_locks  *4  *4 " out.txt ||
	fail "bad DWARF stopped the other analyses: $(cat out.txt)"
# The named hostile set (corrupt.py --named): each file next to a good
# one.  Each must give exit 2 and exactly one error, the one cases.txt
# names, in the reporter's format; the good object must still be read.
mkdir named
python3 "$HERE/corrupt.py" --named obj.o named
python3 "$HERE/corrupt.py" --named prog named
# .altinstructions that is no whole number of the entries the file's own
# DWARF describes (without DWARF it could be another kernel's layout: a
# note, analyzer-tables checks it).
cat >alt.c <<'EOF'
struct alt_instr {
	int instr_offset, repl_offset;
	unsigned short cpuid;
	unsigned char instrlen, replacementlen;
} __attribute__((packed));
struct alt_instr example_alt;

int f(int x)
{
	asm(".pushsection .altinstructions,\"a\"\n"
	    ".byte 1,2,3,4,5,6,7,8,9,10,11,12,13\n.popsection");
	return x + 1;
}
EOF
"$CC" -O2 -g -c alt.c -o named/altinstructions-13-bytes.o
printf 'altinstructions-13-bytes.o\t.altinstructions: 13 bytes is not a whole number of 12-byte entries\n' >>named/cases.txt
python3 - "$ASMSCAN" <<'PY' || fail "named hostile set"
import json, subprocess, sys
asmscan = sys.argv[1]
bad = 0
cases = [l.rstrip('\n').split('\t') for l in open('named/cases.txt')]
for name, what in cases:
    f = 'named/' + name
    p = subprocess.run([asmscan, '-j', '1', '-f', 'json', f, 'main.o'],
                       capture_output=True, text=True)
    errs = [l for l in p.stderr.splitlines()
            if not l.startswith('asmscan: %s: note: ' % f)]
    problems = []
    if p.returncode != 2:
        problems.append('exit %d' % p.returncode)
    if len(errs) != 1 or not errs[0].startswith('asmscan: %s: %s' % (f, what)):
        problems.append('errors %r, want one "asmscan: %s: %s..."' % (errs, f, what))
    try:
        doc = json.loads(p.stdout)
        if 'objects' in doc or 'calls' in doc:
            problems.append('a result in the document')
        if len(doc['errors']) != 1:
            problems.append('%d errors in the document' % len(doc['errors']))
    except (ValueError, KeyError) as e:
        problems.append('bad JSON (%s)' % e)
    if problems:
        bad += 1
        print('%s: %s' % (name, '; '.join(problems)), file=sys.stderr)
print('%d named hostile files: %d refused as expected' % (len(cases), len(cases) - bad))
sys.exit(1 if bad else 0)
PY
echo "$TEST: PASS"
