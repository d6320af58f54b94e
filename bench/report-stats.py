#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report-stats.py REPORT.jsonl [-n N] -- the whole-kernel figures of a
plugin report (docs/results/whole-kernel.md): asm records and translation units,
flagged statements by kind, flagged spelling sites (spelling_file:line,
the N with most statements), edge records by re-run answer, and the
blocked-by-asm edges: callees, `via`, GCC's reason, the N callees refused
most.  Standard library only; reads the report line by line."""
import argparse
import collections
import json
import os


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("report")
    ap.add_argument("-n", type=int, default=12, help="rows per list (default 12)")
    args = ap.parse_args()
    C = collections.Counter
    asm = 0
    tus = set()
    kinds, sites, rerun, via, reason, callees = C(), C(), C(), C(), C(), C()
    edges = blocked = 0
    with open(args.report) as f:
        for line in f:
            r = json.loads(line)
            if r["record"] == "asm":
                asm += 1
                tus.add(r["tu"])
                if r.get("flagged"):
                    kinds[r["kind"]] += 1
                    sites["%s:%s" % (r["spelling_file"], r["spelling_line"])] += 1
            elif r["record"] == "edge":
                edges += 1
                rerun[r.get("rerun", "-")] += 1
                if r["verdict"] == "blocked-by-asm":
                    blocked += 1
                    via[r.get("via", "-")] += 1
                    reason[r["reason"]] += 1
                    callees[r["callee"]] += 1
    common = os.path.commonpath(list(sites)) + "/" if len(sites) > 1 else ""
    print("asm records %d in %d translation units" % (asm, len(tus)))
    print("flagged statements %d: %s" % (sum(kinds.values()), ", ".join(
        "%s %d" % kv for kv in kinds.most_common())))
    print("flagged spelling sites %d; most statements:" % len(sites))
    for s, n in sites.most_common(args.n):
        print("  %6d %s" % (n, s[len(common):]))
    print("edge records %d; re-run: %s" % (edges, ", ".join("%s %d" % kv for kv in rerun.most_common())))
    print("blocked-by-asm %d into %d callees" % (blocked, len(callees)))
    print("  via: " + ", ".join("%s %d" % kv for kv in via.most_common()))
    print("  reason: " + "; ".join("%s %d" % kv for kv in reason.most_common()))
    print("  callees: " + ", ".join("%s %d" % kv for kv in callees.most_common(args.n)))


if __name__ == "__main__":
    main()
