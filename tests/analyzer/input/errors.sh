#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# errors.sh ASMSCAN CC — no result that looks complete after an error.
# An input that cannot be read, or inputs that do not match, give exit 2,
# the error "asmscan: FILE: what: why" on stderr and no result on stdout,
# in every verb and format:
#   - text, bloat-o-meter, evidence and patch: stdout empty (-o FILE:
#     emptied, not left stale; --format-patch DIR: nothing written);
#   - JSON: the document's frame with the error in "errors" and no result
#     key; SARIF: "results" null, executionSuccessful false, the error a
#     notification;
# for: a missing input beside a good one (summary, copies, calls, tables,
# sites, check, diff on either side, patch); a first operand that is no
# file and no verb ("asmscan cals a.o"); diff and check --against of an
# x86-64 object against an AArch64 one, both ways; diff with a side that
# holds no object (an empty archive).  And the control: the same runs
# without the bad input print their result, exit 0.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-errors
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" python3

"$CC" -O2 -g -c "$HERE/../src/copies-a.c" -o a.o
"$CC" -O2 -g -c "$HERE/../src/copies-b.c" -o b.o
how="aarch64-linux-gnu-gcc"
if command -v aarch64-linux-gnu-gcc >/dev/null &&
	aarch64-linux-gnu-gcc -O2 -g -c "$HERE/../src/copies-a.c" -o arm.o 2>/dev/null; then
	:
else
	# e_machine EM_AARCH64: asmscan takes the object as AArch64
	how="a.o with e_machine 183"
	python3 - a.o arm.o <<'PY'
import sys
d = bytearray(open(sys.argv[1], 'rb').read())
d[18:20] = (183).to_bytes(2, 'little')
open(sys.argv[2], 'wb').write(d)
PY
fi
printf '!<arch>\n' >empty.a
echo "$TEST: AArch64 object from $how"

# No result: text-like formats print nothing; JSON and SARIF the errors.
no_result() {	# FORMAT WHAT: out.txt holds no result, the errors name WHAT
	case $1 in
	json)
		python3 - out.txt "$2" <<'PY' || fail "JSON after an error: $(cat out.txt)"
import json, sys
doc = json.load(open(sys.argv[1]))
assert sorted(doc) == ['errors', 'format_version', 'notes', 'tool', 'verb'], sorted(doc)
assert any(sys.argv[2] in e['error'] for e in doc['errors']), doc['errors']
PY
		;;
	sarif)
		python3 - out.txt "$2" <<'PY' || fail "SARIF after an error: $(cat out.txt)"
import json, sys
run, = json.load(open(sys.argv[1]))['runs']
assert 'results' in run and run['results'] is None, run.get('results')
inv, = run['invocations']
assert inv['executionSuccessful'] is False
assert any(n['level'] == 'error' and
           sys.argv[2] in n['locations'][0]['physicalLocation']['artifactLocation']['uri'] +
           ': ' + n['message']['text'] for n in inv['toolExecutionNotifications']), inv
PY
		;;
	*)
		[ ! -s out.txt ] || fail "$1: a result after an error: $(head -5 out.txt)"
		;;
	esac
	grep -q "^asmscan: .*$2" err.txt || fail "no error naming '$2': $(cat err.txt)"
}

runs=0
# A missing input beside a good one, every verb that reads inputs.
for verb in "" copies calls tables sites; do
	for f in text json sarif; do
		# shellcheck disable=SC2086 # no verb: the summary
		expect 0 "$ASMSCAN" $verb -f $f a.o b.o
		[ -s out.txt ] || fail "control: '$verb -f $f' printed nothing"
		# shellcheck disable=SC2086
		expect 2 "$ASMSCAN" $verb -f $f a.o missing.o b.o
		no_result $f "missing.o: cannot open: No such file or directory"
		runs=$((runs + 1))
	done
done
for f in text json sarif; do
	expect 2 "$ASMSCAN" check --baseline base.txt -f $f a.o missing.o
	no_result $f "missing.o: cannot open"
	runs=$((runs + 1))
done
for f in text json bloat-o-meter bloat-o-meter-6.1 evidence; do
	expect 0 "$ASMSCAN" diff -f $f a.o b.o
	[ -s out.txt ] || fail "control: 'diff -f $f' printed nothing"
	for sides in "a.o missing.o" "missing.o a.o"; do
		# shellcheck disable=SC2086
		expect 2 "$ASMSCAN" diff -f $f $sides
		no_result $f "missing.o: cannot open"
		runs=$((runs + 1))
	done
	# Two machines: instruction counts, calls and sizes mean nothing across.
	expect 2 "$ASMSCAN" diff -f $f a.o arm.o
	no_result $f "arm.o: cannot compare: AArch64 objects with the x86-64 objects of a.o (one machine per comparison)"
	expect 2 "$ASMSCAN" diff -f $f arm.o a.o
	no_result $f "a.o: cannot compare: x86-64 objects with the AArch64 objects of arm.o (one machine per comparison)"
	# A side with no object.
	expect 2 "$ASMSCAN" diff -f $f empty.a a.o
	no_result $f "empty.a: nothing to compare: no ELF64 x86-64 or AArch64 object in it"
	runs=$((runs + 3))
done
expect 2 "$ASMSCAN" check --against arm.o a.o
no_result text "a.o: cannot compare: x86-64 objects with the AArch64 objects of arm.o"

# A mistyped verb is no file either: said so, and nothing else is read.
for f in text json sarif; do
	expect 2 "$ASMSCAN" -f $f cals a.o
	no_result $f "cals: no such verb or file: the verbs are copies, calls, tables, sites, patch, diff, check (asmscan --help)"
	[ "$(grep -c . err.txt)" = 1 ] || fail "a mistyped verb: more than its error: $(cat err.txt)"
done
cp a.o cals
expect 0 "$ASMSCAN" cals
grep -q "^cals: ELF64 x86-64" out.txt || fail "a file named like a verb was not read: $(cat out.txt err.txt)"

# -o FILE after an error: emptied, not left with an older result.
echo "an older result" >result.txt
expect 2 "$ASMSCAN" calls -o result.txt a.o missing.o
[ -f result.txt ] && [ ! -s result.txt ] || fail "-o after an error: $(cat result.txt)"

# patch: no diff, no series.
mkdir -p src
expect 2 "$ASMSCAN" patch --source src a.o missing.o
no_result text "missing.o: cannot open"
grep -qx "asmscan: patch: note: no diff written: an input could not be read (the errors above)" err.txt ||
	fail "patch after an error: $(cat err.txt)"
expect 2 "$ASMSCAN" patch --source src --format-patch series a.o missing.o
[ ! -e series ] || fail "patch --format-patch after an error wrote $(ls -R series)"
grep -q "no series written" err.txt || fail "patch --format-patch after an error: $(cat err.txt)"
pass "$runs runs with a bad or mismatched input: exit 2, the error, no result"
