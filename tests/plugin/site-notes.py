#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# site-notes.py PLUGIN CC SOURCE — one diagnostic per flagged site per
# translation unit, run by sites.sh in an empty working directory.
#
# SOURCE (sites.c) marks each site with "expect-site:" (see its header).
# Checks, with the plugin's JSON report as the independent count:
#   - diag=note: exactly one note per marked line and none elsewhere; its
#     function, macro, expansion count and charge range are as marked and
#     as the report says (flagged records grouped by spelling line); GCC
#     follows it with the marked "in expansion of macro" notes;
#   - diag=warning: the same sites as warnings;
#   - -fdiagnostics-format=json (GCC 16: sarif-stderr): one top-level
#     diagnostic per site, the macro named in the message (that output has
#     no expansion trace).
# Exit 0 pass, 1 fail.
import collections
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import testlib  # noqa: E402
from testlib import fail  # noqa: E402

TEST = testlib.name("plugin-sites")
SITE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: (?P<kind>note|warning): "
                  r"'asm' in '(?P<function>\w+)'(?: from macro '(?P<macro>\w+)')? "
                  r"is charged (?P<gcc>\d+) instructions by the inliner but emits "
                  r"(?P<est>\d+)(?P<rest>.*)$")
TRACE = re.compile(r"^[^:\n]+:\d+:\d+: note: in expansion of macro '(\w+)'$")


def compile_c(cc, plugin, src, extra, check=True):
    cmd = [cc, "-O2", "-c", src, "-o", "out.o", f"-fplugin={plugin}"] + extra
    env = dict(os.environ, LC_ALL="C")	# ASCII quotes in diagnostics
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if check and p.returncode != 0:
        fail(f"{' '.join(cmd)} failed:\n{p.stderr}")
    return p


def expectations(src):
    want = {}
    with open(src, encoding="utf-8") as f:
        for n, text in enumerate(f, 1):
            m = re.search(r"expect-site: ([^*]*)\*/", text)
            if m:
                want[n] = dict(t.split("=", 1) for t in m.group(1).split())
    return want


def parse_sites(stderr):
    """{line: site} from GCC's text output, each with its trace."""
    sites, cur = {}, None
    for text in stderr.splitlines():
        m = SITE.match(text)
        if m:
            line = int(m["line"])
            if line in sites:
                fail(f"two diagnostics for the site at line {line}")
            cur = sites[line] = dict(m.groupdict(), traces=[])
            continue
        m = TRACE.match(text)
        if m and cur:
            cur["traces"].append(m.group(1))
        elif re.match(r"^[^ :]+:\d+:\d+: ", text):
            cur = None
    return sites


def main():
    plugin, cc, src = sys.argv[1:4]
    want = expectations(src)
    p = compile_c(cc, plugin, src, ["-fplugin-arg-asminline-report=r.jsonl"])
    with open("r.jsonl", encoding="utf-8") as f:
        recs = [r for r in map(json.loads, f) if r["record"] == "asm"]
    per_line = collections.defaultdict(list)
    for r in recs:
        if r["flagged"]:
            per_line[r["spelling_line"]].append(r)
    if sorted(per_line) != sorted(want):
        fail(f"the report flags sites {sorted(per_line)}, sites.c marks {sorted(want)}")

    sites = parse_sites(p.stderr)
    if sorted(sites) != sorted(want):
        fail(f"notes at lines {sorted(sites)}, expected {sorted(want)}:\n{p.stderr}")
    for line, exp in want.items():
        s, rs = sites[line], per_line[line]
        n = len(rs)
        if int(exp.get("expansions", "1")) != n:
            fail(f"line {line}: the report has {n} statements, sites.c says "
                 f"{exp.get('expansions', '1')}")
        suffix = re.search(r"\((\d+) expansions in this translation unit", s["rest"])
        if (int(suffix.group(1)) if suffix else 1) != n:
            fail(f"line {line}: note counts {suffix and suffix.group(1)}, "
                 f"report has {n}: {s['rest']}")
        first = rs[0]
        if s["function"] != exp["function"] or s["function"] != first["function"]:
            fail(f"line {line}: note names {s['function']}, expected "
                 f"{exp['function']} (report: {first['function']})")
        if (int(s["gcc"]), int(s["est"])) != (first["gcc_count"], first["est_insns"]):
            fail(f"line {line}: note counts {s['gcc']}/{s['est']}, report "
                 f"{first['gcc_count']}/{first['est_insns']}")
        if s["macro"] != exp.get("macro"):
            fail(f"line {line}: macro {s['macro']}, expected {exp.get('macro')}")
        charged = {r["gcc_count"] for r in rs}
        if "charged" in exp:
            lo, hi = exp["charged"].split("-")
            if f", charged {lo} to {hi}" not in s["rest"] or \
                    (min(charged), max(charged)) != (int(lo), int(hi)):
                fail(f"line {line}: no charge range {exp['charged']}: {s['rest']}")
        elif "charged" in s["rest"]:
            fail(f"line {line}: a charge range where none differs: {s['rest']}")
        traces = exp["traces"].split(",") if "traces" in exp else []
        if s["traces"] != traces:
            fail(f"line {line}: macro traces {s['traces']}, expected {traces}")

    p = compile_c(cc, plugin, src, ["-fplugin-arg-asminline-diag=warning"])
    warned = parse_sites(p.stderr)
    if sorted(warned) != sorted(want) or \
            any(s["kind"] != "warning" for s in warned.values()):
        fail(f"diag=warning: warnings at {sorted(warned)}, expected {sorted(want)}")

    # GCC's JSON diagnostics; GCC 16 dropped them for SARIF (13 and later
    # have it): the same top-level diagnostics, as "results".
    major = int(subprocess.run([cc, "-dumpversion"], capture_output=True,
                               text=True).stdout.split(".")[0])
    if major < 16:
        p = compile_c(cc, plugin, src, ["-fdiagnostics-format=json"])
        diags = [{"kind": d["kind"], "message": d["message"]}
                 for d in json.loads(p.stderr)]
    else:
        p = compile_c(cc, plugin, src, ["-fdiagnostics-format=sarif-stderr"])
        diags = [{"kind": r.get("level"), "message": r["message"]["text"]}
                 for run in json.loads(p.stderr)["runs"] for r in run["results"]]
    if len(diags) != len(want):
        fail(f"json: {len(diags)} diagnostics for {len(want)} sites")
    for d in diags:
        if d["kind"] != "note" or "is charged" not in d["message"]:
            fail(f"json: unexpected diagnostic {d}")
    macros = sorted(m.group(1) for d in diags
                    for m in [re.search(r"from macro '(\w+)'", d["message"])] if m)
    if macros != sorted(e["macro"] for e in want.values() if "macro" in e):
        fail(f"json: macros named {macros}")

    total = sum(len(v) for v in per_line.values())
    print(f"{TEST}: PASS: {total} flagged statements, {len(want)} notes, one per "
          f"site, counts and macro traces as marked; warning and JSON alike")


if __name__ == "__main__":
    main()
