#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# formats.sh ASMSCAN CC — the machine formats.  JSON: one document a run,
# read by a real parser (python3's json), format_version, addresses as
# "0x…" strings, strings escaped (a symbol name with a quote, backslash,
# control bytes and invalid UTF-8 is patched into an object); after an
# input error the errors inside it and no result.  SARIF 2.1.0: the run,
# rules, results with file and line where DWARF gives them; after an
# error "results": null and the notifications.  And the same output
# whatever -j is.
set -euo pipefail
ASMSCAN=${1:?usage: $0 ASMSCAN CC}
CC=${2:?usage: $0 ASMSCAN CC}
TEST=analyzer-formats
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../lib/lib.sh"
clean_workdir
need "$CC" python3

"$CC" -O2 -g -fno-pie -c "$HERE/../src/tables.c" -o tables.o
"$CC" -O2 -fno-pie -c "$HERE/../src/tables-main.c" -o tables-main.o
"$CC" -no-pie tables.o tables-main.o -o tables.exe
for u in a b; do
	"$CC" -O2 -g -c "$HERE/../src/copies-$u.c" -o "copies-$u.o"
done
cat >weird.c <<'C'
__attribute__((noinline)) int WEIRD_NAME_PLACEHOLDER_(int x) { return x + 1; }
int call_weird(int x) { return WEIRD_NAME_PLACEHOLDER_(x) * 2; }
C
"$CC" -O2 -c weird.c -o weird.o
python3 - weird.o <<'PY'
import sys
path = sys.argv[1]
data = open(path, 'rb').read()
old = b'WEIRD_NAME_PLACEHOLDER_'
new = b'we"ird\\na\tme\x01\x7f\xff\xc3(ok\xe2\x82\xac'
new += b'_' * (len(old) - len(new))
assert data.count(old) == 1 and len(new) == len(old)
open(path, 'wb').write(data.replace(old, new))
PY

expect 2 "$ASMSCAN" -f json tables.exe copies-a.o copies-b.o weird.o missing.o
python3 - out.txt <<'PY' || fail "JSON document after an error: $(head -c 2000 out.txt)"
import json, sys
rep = json.load(open(sys.argv[1], encoding='utf-8'))
assert rep['format_version'] == 3
assert rep['tool']['name'] == 'asmscan' and rep['verb'] == 'summary'
# the problems, and no result: one without missing.o would look whole
assert sorted(rep) == ['errors', 'format_version', 'notes', 'tool', 'verb'], sorted(rep)
assert [e['file'] for e in rep['errors']] == ['missing.o'], rep['errors']
assert rep['errors'][0]['error'] == 'missing.o: cannot open: No such file or directory'
PY
expect 0 "$ASMSCAN" -f json tables.exe copies-a.o copies-b.o weird.o
python3 - out.txt <<'PY' || fail "JSON document: $(head -c 2000 out.txt)"
import json, sys
text = open(sys.argv[1], encoding='utf-8').read()
rep = json.loads(text)                       # one document, nothing after it
assert rep['format_version'] == 3
assert rep['tool']['name'] == 'asmscan' and rep['verb'] == 'summary'
for key in ('objects', 'copies', 'calls', 'tables', 'errors', 'notes'):
    assert key in rep, key
assert rep['errors'] == [], rep['errors']
def addresses(x):
    if isinstance(x, dict):
        for k, v in x.items():
            if k == 'address':
                assert isinstance(v, str) and v.startswith('0x'), (k, v)
                int(v, 16)
            addresses(v)
    elif isinstance(x, list):
        for v in x:
            addresses(v)
addresses(rep)
names = [c['name'] for c in rep['calls']['callees']]
want = 'we"ird\\na\tme\x01\x7f\ufffd\ufffd(ok\u20ac'
assert any(n.startswith(want) for n in names), names
# Control bytes are escaped as \u00XX, never raw.
assert '\\u0009' in text and '\\u0001' in text and '\t' not in text.replace('\\t', '')
PY

expect 0 "$ASMSCAN" -f sarif -p tables.exe copies-a.o copies-b.o
python3 - out.txt <<'PY' || fail "SARIF log: $(head -c 3000 out.txt)"
import json, sys
log = json.load(open(sys.argv[1]))
assert log['version'] == '2.1.0' and 'sarif-2.1.0' in log['$schema']
run, = log['runs']
rules = run['tool']['driver']['rules']
assert [r['id'] for r in rules] == ['ASM001', 'ASM002', 'ASM003', 'ASM004', 'ASM005']
res = run['results']
assert res, 'no results'
for r in res:
    assert rules[r['ruleIndex']]['id'] == r['ruleId']
    assert r['level'] in ('note', 'warning') and r['message']['text']
    assert r['locations'][0]['logicalLocations'][0]['kind'] == 'function'
# DWARF gives hdr_twice a file and line.
hdr = [r for r in res if r['ruleId'] == 'ASM001' and 'hdr_twice' in r['message']['text']]
assert hdr, 'no finding for hdr_twice'
loc = hdr[0]['locations'][0]['physicalLocation']
assert loc['artifactLocation']['uri'].endswith('copies.h'), loc
assert loc['region']['startLine'] > 0, loc
# The copy holding a lock prefix.
assert any(r['ruleId'] == 'ASM004' and 'inline_locked' in r['message']['text'] for r in res)
assert run['invocations'][0]['executionSuccessful'] is True
PY
expect 2 "$ASMSCAN" -f sarif missing.o
python3 - out.txt <<'PY' || fail "SARIF notifications: $(cat out.txt)"
import json, sys
run, = json.load(open(sys.argv[1]))['runs']
assert 'results' in run and run['results'] is None, run.get('results')
inv = run['invocations'][0]
assert inv['executionSuccessful'] is False
n, = inv['toolExecutionNotifications']
assert n['level'] == 'error' and 'cannot open' in n['message']['text']
PY

# The same bytes whatever -j is.
for f in json sarif text; do
	"$ASMSCAN" -j 1 -f $f tables.exe copies-a.o copies-b.o >j1.$f
	"$ASMSCAN" -j 4 -f $f tables.exe copies-a.o copies-b.o >j4.$f
	cmp -s j1.$f j4.$f || fail "-j 1 and -j 4 differ in $f"
done
# No progress line when stderr is not a terminal.
"$ASMSCAN" tables.exe >/dev/null 2>err.txt
[ ! -s err.txt ] || fail "stderr is not a terminal, yet: $(cat -A err.txt)"
echo "$TEST: PASS"
