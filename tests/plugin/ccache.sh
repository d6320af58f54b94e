#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# ccache.sh PLUGIN CC [ASMSCAN] — the embedded records survive ccache: three units
# built twice through ccache (its own CCACHE_DIR, no user configuration),
# the second time all hits.  The hit objects carry the same records as
# the first build (which equal its report), the report gets nothing from
# the hits (the plugin does not run), the notes are replayed, and a
# changed plugin misses (ccache hashes -fplugin= files), so stale
# records are never served.  With ASMSCAN, `asmscan sites` and `asmscan
# check` on the cache hits find every flagged statement and blocked-by-asm
# edge of the report.  Oracles: ccache's own statistics, the report.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool ccache python3 objcopy
clean_workdir

export CCACHE_DIR=$PWD/cache CCACHE_CONFIGPATH=$PWD/ccache.conf
: >ccache.conf
unset CCACHE_DISABLE CCACHE_RECACHE CCACHE_READONLY CCACHE_NODIRECT || true
# A copy this test may change; GCC takes the plugin name from the file name.
mkdir plugin && cp "$PLUGIN" plugin/asminline.so
EXAMPLE=$TESTDIR/../../examples/kernel-like
SRCS=("$TESTDIR/report.c" "$EXAMPLE/reader.c" "$EXAMPLE/writer.c")

# build DIR: compile every source through ccache into DIR.
build() {
	mkdir -p "$1"
	for src in "${SRCS[@]}"; do
		ccache "$CC" -O2 -g -I"$EXAMPLE/include" -c "$src" \
			-o "$1/$(basename "$src" .c).o" -fplugin="$PWD/plugin/asminline.so" \
			-fplugin-arg-asminline-report="$PWD/report.jsonl" 2>>"$1/stderr" ||
			{ cat "$1/stderr"; fail "ccache build into $1"; }
	done
}
stat_of() { ccache --print-stats | awk -v k="$1" '$1 == k { print $2 }'; }

build first
lines=$(wc -l <report.jsonl)
[ "$lines" -gt 0 ] || fail "no report from the first build"
ccache -z >/dev/null
build second
hits=$(( $(stat_of direct_cache_hit) + $(stat_of preprocessed_cache_hit) ))
misses=$(stat_of cache_miss)
[ "$hits" -eq ${#SRCS[@]} ] && [ "$misses" -eq 0 ] ||
	fail "second build: $hits hits, $misses misses (expected ${#SRCS[@]} hits)"
[ "$(wc -l <report.jsonl)" -eq "$lines" ] || fail "the report grew on cache hits"
cmp -s first/stderr second/stderr || fail "the notes were not replayed"
grep -q "note: .asm. in" second/stderr || fail "no note in the replayed output"

python3 - "$TESTDIR" "${SRCS[@]}" <<'PY' || fail "records differ"
import json, os, sys
sys.path.insert(0, sys.argv[1])
import embedded
report = [r for r in map(json.loads, open("report.jsonl")) if r["record"] == "asm"]
key = lambda r: json.dumps(r, sort_keys=True)
for src in sys.argv[2:]:
    obj = os.path.basename(src)[:-2] + ".o"
    first, second = embedded.read("first/" + obj), embedded.read("second/" + obj)
    assert first == second, f"{obj}: the cached object's records differ"
    units, stmts = second
    flagged = [r for r in report if r["tu"] == src and r["flagged"]]
    assert units and units[0]["tu"] == src, units
    assert sorted(map(key, stmts)) == sorted(map(key, flagged)), \
        f"{obj}: cached records are not the report's flagged records"
    print(f"{obj}: {len(stmts)} flagged records from the cache")
PY

# asmscan on the objects the cache returned: every flagged statement and
# every blocked-by-asm edge of the report, found with no other input.
if [ -n "${3:-}" ]; then
	"$3" sites -f json -o sites.json second/*.o || fail "asmscan sites on the cache hits"
	"$3" check --baseline base.txt --write-baseline second/*.o 2>check.err ||
		fail "asmscan check on the cache hits: $(cat check.err)"
	python3 - <<'PY' || fail "asmscan does not find the report's records in the cache hits"
import json
report = list(map(json.loads, open("report.jsonl")))
flagged = [r for r in report if r["record"] == "asm" and r["flagged"]]
edges = [r for r in report if r["record"] == "edge" and r["verdict"] == "blocked-by-asm"]
s = json.load(open("sites.json"))["sites"]
assert s["statements"] == len(flagged), (s["statements"], len(flagged))
assert s["blocked_by_asm"] == len(edges), (s["blocked_by_asm"], len(edges))
fps = {r["fingerprint"] for r in flagged}
base = [l.split("\t") for l in open("base.txt") if not l.startswith("#")]
got = {f[1] for f in base if f[0] == "asm"}
assert got == fps, (sorted(got ^ fps))
print(f"asmscan: {len(flagged)} flagged statements, {len(edges)} edges from the cache hits")
PY
fi

# A changed plugin is a different compiler input: no hit.
printf '\n' >>plugin/asminline.so
ccache -z >/dev/null
rm -rf third && build third
[ "$(stat_of cache_miss)" -eq ${#SRCS[@]} ] || fail "a changed plugin still hit the cache"
pass "second build: ${#SRCS[@]} hits, records and notes as built; a changed plugin misses"
