#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# experiment.sh ROOT ASMSCAN PLUGIN — scripts/experiment/experiment.sh on
# examples/kernel-like: it builds the example as is (mode=warn) and in
# apply mode and prints a verdict.  The two builds are checked with
# tests/analyzer/diff/diff_oracle.py (bloat-o-meter, objdump), every figure of
# the verdict must be the diff's, and apply mode must remove calls and an
# out-of-line copy (the example's objstat_account, README.md).
set -euo pipefail
ROOT=${1:?usage: $0 ROOT ASMSCAN PLUGIN}
ASMSCAN=${2:?usage: $0 ROOT ASMSCAN PLUGIN}
PLUGIN=${3:?usage: $0 ROOT ASMSCAN PLUGIN}
TEST=scripts-experiment
HERE=$ROOT/tests/analyzer/diff
. "$ROOT/tests/lib/lib.sh"
clean_workdir
. "$HERE/bom.sh"
need make python3 objdump nm readelf
find_bloat_o_meter

expect 0 "$ROOT/scripts/experiment/experiment.sh" -a "$ASMSCAN" -p "$PLUGIN" -o ex -n 5 example
cp out.txt verdict.txt
cat verdict.txt
run_bom ex/asis ex/apply ex.bom
python3 "$HERE/diff_oracle.py" ex.bom ex/asis ex/apply ex/diff.json || fail "the two builds"
python3 - ex/diff.json verdict.txt <<'PY' || fail "verdict"
import json, re, sys
d = json.load(open(sys.argv[1]))
v = open(sys.argv[2]).read()
s = d['summary']
for label, key in (('calls', 'call_sites'), ('tail calls', 'tail_calls')):
    m = re.search(r'^%s: removed ([0-9,]+) at [0-9,]+ callees.*; added ([0-9,]+) at' % label, v, re.M)
    assert m, label
    got = tuple(int(x.replace(',', '')) for x in m.groups())
    assert got == (s[key]['removed'], s[key]['added']), (label, got, s[key])
assert s['call_sites']['removed'] + s['tail_calls']['removed'] > 0, 'no call went away'
assert s['copies']['clones']['removed'] >= 1, s['copies']
names = {r['name'] for r in d['functions'] if r['new_bytes'] is None}
assert 'objstat_account' in names, names
delta = re.escape('(' + format(s['functions']['bytes_delta'], '+,') + ',')
assert re.search(r'^text: function bytes [0-9,]+ -> [0-9,]+ ' + delta, v, re.M), 'text line'
PY
# Per site, against the plugin's own JSON report of the as-is build: the
# sites whose statements the blocked-by-asm edges name, each with its
# number of edges, and objstat_account's calls all gone.
python3 - ex/asis/report.jsonl verdict.txt <<'PY' || fail "per-site verdict"
import collections, json, re, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
site = {(r['tu'], r['fingerprint']): '%s:%d' % (r['spelling_file'], r['spelling_line'])
        for r in recs if r['record'] == 'asm' and r['flagged']}
want = collections.Counter()
for e in recs:
    if e['record'] == 'edge' and e['verdict'] == 'blocked-by-asm':
        for s in {site[(e['tu'], f)] for f in e['fingerprints'] if (e['tu'], f) in site}:
            want[s] += 1
v = open(sys.argv[2]).read()
got = {m[1]: int(m[2]) for m in re.finditer(
    r'^  (\S+:\d+) [a-z-]+: (\d+) refused calls to ', v, re.M)}
more = re.search(r'\[(\d+) more sites with refused calls\]', v)
assert len(got) + (int(more[1]) if more else 0) == len(want), (got, want)
for s, k in got.items():
    assert want[s] == k, (s, k, want[s])
assert re.search(r'refused calls to objstat_account; calls to them \d+ -> 0 ', v), v
PY
expect 2 "$ROOT/scripts/experiment/experiment.sh" -a "$ASMSCAN" compare only-one
pass
