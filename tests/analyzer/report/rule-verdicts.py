#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# rule-verdicts.py ASMSCAN PLUGIN CC SRCDIR — verdicts of the plugin's
# rule are never passed off as the inliner re-run's.  tests/analyzer/src/
# check is compiled with the plugin twice: as is (the re-run answers,
# "rerun": "done") and with tests/plugin/rerun-shim.c preloaded and its
# fault fork-fail (fork() fails with EAGAIN in cc1: "rerun": "failed",
# and the plugin's rule judges the unit's refused calls).  The units, and
# their edge records, are read back with tests/plugin/embedded.py (the
# format's reader written from docs/reference/format.md, no code of asmscan's), and
# every verb that shows verdicts must say how many units the rule judged,
# which, and how many calls:
#   - sites and the summary, text: "N units judged by the plugin's rule,
#     not by GCC's inliner re-run: E refused calls, B of them blocked by
#     asm" and one line per unit with its rerun_error; --site marks each
#     call the rule judged;
#   - sites -f json: rule_units (tu, rerun, rerun_error, calls),
#     rule_calls, rule_blocked_by_asm, each row's rule_edges, each edge's
#     by_rule;
#   - sites -f sarif: a notification per unit; a site's message says how
#     many of its calls are the rule's;
#   - patch --flips-only: the count on stderr and a note per unit; the
#     --format-patch message says which attributed calls are the rule's;
#   - diff -f evidence: OLD's units judged by the rule, and per site.
# A build whose re-run answered says none of it (rule_units empty), and a
# build of one failed unit and one normal one names the failed one only.
# Exit 0 pass, 1 fail, 77 skip.
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("analyzer-rule-verdicts")
RULE = "judged by the plugin's rule, not by GCC's inliner re-run"


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def main():
    asmscan, plugin, cc, srcdir = sys.argv[1:5]
    asmscan, plugin, srcdir = map(os.path.abspath, (asmscan, plugin, srcdir))
    for tool in ("objcopy",):
        if not shutil.which(tool):
            print(f"{TEST}: SKIP: {tool} not found")
            sys.exit(77)
    sys.path.insert(0, os.path.join(srcdir, "tests", "plugin"))
    import embedded  # noqa: E402
    testlib.enter(TEST)
    src = os.path.join(srcdir, "tests", "analyzer", "src", "check")
    for f in os.listdir(src):
        shutil.copy(os.path.join(src, f), f)
    shim = os.path.abspath("rerun-shim.so")
    run([cc, "-shared", "-fPIC", "-O2", "-o", shim,
         os.path.join(srcdir, "tests", "plugin", "rerun-shim.c"), "-ldl"])
    env = dict(os.environ, ASMINLINE_SHIM_FAULT="fork-fail")
    # after what is preloaded already (libasan first, in build-asan)
    env["LD_PRELOAD"] = ":".join(p for p in (os.environ.get("LD_PRELOAD"), shim) if p)
    units = {}
    for c in ("check-a", "check-b"):
        flags = [cc, "-O2", "-g", "-c", f"-fplugin={plugin}",
                 "-fplugin-arg-asminline-diag=none", c + ".c"]
        run(flags + ["-o", c + ".o"])
        run(flags + ["-o", c + "-fail.o"], env=env)
        for obj in (c + ".o", c + "-fail.o"):
            (unit,), _, edges = embedded.read_all(obj)
            units[obj] = (unit, edges)
    # premises: the re-run answered in one, failed in the other, and the
    # failed units' rule blocked calls
    for obj, (unit, edges) in units.items():
        want = "failed" if obj.endswith("-fail.o") else "done"
        if unit.get("rerun") != want:
            fail(f"premise: {obj}: rerun {unit.get('rerun')!r}, wanted {want!r}")
        if want == "failed" and (unit.get("rerun_error") != "fork: Resource temporarily unavailable"
                                 or not any(e["verdict"] == "blocked-by-asm" for e in edges)):
            fail(f"premise: {obj}: {unit}, edges {edges}")
    checks = 0

    def expected(objs):
        rule = [units[o] for o in objs if units[o][0]["rerun"] == "failed"]
        return ([{"tu": u["tu"], "rerun": "failed", "rerun_error": u["rerun_error"],
                  "calls": len(e)} for u, e in rule],
                sum(len(e) for _, e in rule),
                sum(x["verdict"] == "blocked-by-asm" for _, e in rule for x in e))

    for objs in (["check-a-fail.o", "check-b-fail.o"], ["check-a-fail.o", "check-b.o"],
                 ["check-a.o", "check-b.o"]):
        rule_units, calls, blocked = expected(objs)
        line = (f"{plural(len(rule_units), 'unit')} {RULE}: {plural(calls, 'refused call')}, "
                f"{blocked} of them blocked by asm")
        for verb in (["sites"], []):
            out = run([asmscan, *verb, *objs]).stdout
            if rule_units and line not in out:
                fail(f"{verb or 'summary'} {objs}: no line {line!r}:\n{out}")
            if not rule_units and RULE in out:
                fail(f"{verb or 'summary'} {objs}: the rule named for a build whose re-run answered:\n{out}")
            for u in rule_units:
                want = (f"  {u['tu']}: the inliner's re-run gave no answer in this unit "
                        f"(failed: {u['rerun_error']}): the plugin's rule judged its "
                        f"{plural(u['calls'], 'refused call')}")
                if want not in out.splitlines():
                    fail(f"{verb or 'summary'} {objs}: no line {want!r}:\n{out}")
            checks += 1
        doc = json.loads(run([asmscan, "sites", "-f", "json", *objs]).stdout)["sites"]
        if doc["rule_units"] != rule_units or doc["rule_calls"] != calls or \
                doc["rule_blocked_by_asm"] != blocked:
            fail(f"JSON {objs}: rule_units {doc['rule_units']}, rule_calls {doc['rule_calls']}, "
                 f"rule_blocked_by_asm {doc['rule_blocked_by_asm']}; wanted {rule_units}, "
                 f"{calls}, {blocked}")
        failed_tus = {u["tu"] for u in rule_units}
        for row in doc["sites"]:
            by_rule = [e for e in row["edge_list"] if e["by_rule"]]
            if any(e["by_rule"] != (e["tu"] in failed_tus) for e in row["edge_list"]) or \
                    row["rule_edges"] != len(by_rule):
                fail(f"JSON {objs}: row {row['spelling_file']}:{row['spelling_line']}: "
                     f"rule_edges {row['rule_edges']}, edges {row['edge_list']}")
        sarif = json.loads(run([asmscan, "sites", "-f", "sarif", *objs]).stdout)["runs"][0]
        notes = [n for n in sarif["invocations"][0]["toolExecutionNotifications"]
                 if "re-run gave no answer" in n["message"]["text"]]
        if sorted(n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                  for n in notes) != sorted(failed_tus) or \
                any(n["level"] != "note" for n in notes):
            fail(f"SARIF {objs}: notifications {notes}, wanted one per {sorted(failed_tus)}")
        rows_by_rule = sum(r["rule_edges"] > 0 for r in doc["sites"])
        said = sum("by the plugin's rule" in r["message"]["text"] for r in sarif["results"])
        if said != rows_by_rule:
            fail(f"SARIF {objs}: {said} results say the rule, {rows_by_rule} sites have its calls")
        checks += 3

        # patch: the summary on stderr, a note per unit, the commit message
        p = run([asmscan, "patch", "--source", ".", "--flips-only", *objs])
        summary = (f"asmscan: patch: {plural(len(rule_units), 'unit')} {RULE}: "
                   f"{plural(calls, 'refused call')}, {blocked} of them blocked by asm")
        if rule_units and summary not in p.stderr.splitlines() or \
                not rule_units and RULE in p.stderr:
            fail(f"patch --flips-only {objs}: stderr {p.stderr!r}, wanted {summary!r}")
        for u in rule_units:
            if f"asmscan: {u['tu']}: note: verdicts by the rule: the inliner's re-run gave no answer " \
                    f"in this unit (failed: {u['rerun_error']})" not in p.stderr:
                fail(f"patch {objs}: no note for {u['tu']}: {p.stderr!r}")
        series = "series-" + "-".join(o[:-2] for o in objs)
        run([asmscan, "patch", "--source", ".", "--format-patch", series, *objs])
        text = "".join(open(os.path.join(series, f)).read() for f in sorted(os.listdir(series)))
        text = " ".join(text.split())
        if bool(rule_units) != ("by its rule alone: GCC's inliner, re-run to check, gave no "
                                "answer in their unit" in text):
            fail(f"patch --format-patch {objs}: the message and the rule: {text[:3000]}")
        # diff -f evidence: OLD's records
        ev = run([asmscan, "diff", "-f", "evidence", objs[0], "check-a.o"]).stdout
        old_rule = units[objs[0]][0]["rerun"] == "failed"
        if old_rule != ("OLD's records: 1 unit " + RULE in ev) or \
                old_rule != ("by the rule)" in ev):
            fail(f"diff -f evidence {objs[0]}: {ev}")
        checks += 3
    # --site: each call the rule judged is marked
    out = run([asmscan, "sites", "--site", "check.h:21", "check-a-fail.o", "check-b.o"]).stdout
    calls = [l for l in out.splitlines() if l.startswith("  check-") and " -> " in l]
    marked = [l for l in calls if l.endswith("; the plugin's rule's verdict)")]
    want = sum(e["verdict"] == "blocked-by-asm" for e in units["check-a-fail.o"][1])
    if not calls or len(marked) != want or any(not l.startswith("  check-a.c:") for l in marked):
        fail(f"--site: {len(marked)} of {len(calls)} calls marked, wanted check-a.c's {want}:\n{out}")
    print(f"{TEST}: PASS: {checks + 1} checks on 3 builds (2 failed units, 1 mixed, 2 normal)")


if __name__ == "__main__":
    main()
