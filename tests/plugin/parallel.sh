#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# parallel.sh — 64 compilers append to one report at once (make -j).  Each
# compiles the same source as a different translation unit (-DUNIT=n, so
# function names differ); one template is ~6 KB, larger than PIPE_BUF and
# than any stdio buffer, so torn writes would show.  Checks: every line is
# valid JSON, every record is present exactly once, none is missing.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool python3
clean_workdir

JOBS=64
PER_UNIT=$(grep -c "asm volatile" "$TESTDIR/parallel.c")

# A report that already holds a line must keep it (append, never truncate).
echo '{"record":"asm","format_version":1,"function":"pre-existing"}' >report.jsonl

pids=()
for i in $(seq 1 $JOBS); do
	"$CC" -O2 -c "$TESTDIR/parallel.c" -DUNIT="$i" -o "u$i.o" \
		-fplugin="$PLUGIN" -fplugin-arg-asminline-diag=none \
		-fplugin-arg-asminline-report=report.jsonl &
	pids+=($!)
done
for p in "${pids[@]}"; do
	wait "$p" || fail "a compiler failed"
done

python3 - "$JOBS" "$PER_UNIT" <<'PY' || fail "report check failed"
import collections, json, sys
jobs, per_unit = int(sys.argv[1]), int(sys.argv[2])
seen = collections.Counter()
with open("report.jsonl", "rb") as f:
    data = f.read()
assert data.endswith(b"\n"), "last line not terminated"
for n, raw in enumerate(data.split(b"\n")[:-1], 1):
    try:
        r = json.loads(raw)
    except ValueError as e:
        sys.exit(f"line {n} is not JSON ({e}): {raw[:120]!r}")
    if r["record"] == "asm":
        seen[(r["function"], r.get("fingerprint"))] += 1
dups = [k for k, c in seen.items() if c != 1]
assert not dups, f"records present more than once: {dups[:5]}"
assert ("pre-existing", None) in seen, "the report was truncated"
funcs = collections.Counter(f for f, _ in seen if f != "pre-existing")
want = {f"unit{u}_{w}" for u in range(1, jobs + 1) for w in ("small", "large")}
assert set(funcs) == want, f"missing or extra functions: {set(funcs) ^ want}"
total = sum(funcs.values())
assert total == jobs * per_unit, f"{total} records, expected {jobs * per_unit}"
print(f"{total} records from {jobs} concurrent compilers, each exactly once")
PY
pass
