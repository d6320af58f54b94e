#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# check.py ASMSCAN PLUGIN CC SRCDIR — `asmscan check`, the CI gate, on
# objects the plugin compiles now from tests/src/check, copied and edited
# here, against oracles that share no code with asmscan: the plugin's JSON
# report (flagged asm, blocked-by-asm edges) and fingerprints computed
# here from docs/reference/format.md and docs/reference/ci.md.
#   - --write-baseline: exactly the report's findings, sorted, exit 0;
#   - line shifts, an unrelated function, a renamed unit, another build
#     directory: no new finding, exit 0;
#   - a new over-counted asm: exit 1 and one "file:line: warning:" line
#     with the line of the asm and the fingerprint computed here;
#   - an asm converted to asm inline: reported fixed, exit 0;
#   - --against OLD NEW on the same builds: shifts and a rename nothing, a
#     new asm new, removed or converted asm fixed, a header macro's asm
#     in a new function context (text, JSON, SARIF "informational");
#   - SARIF checked structurally, JSON against the text; --copies = the
#     local functions nm finds defined in several objects; on
#     src/copies-{a,b}.c each copy finding says what was seen: an inline
#     function's copies (the sources' "expect: dwarf-copies=N") or a local
#     function defined N times (nm; helper, static noinline, never called
#     an inline function), in text, JSON and SARIF (ASM001/ASM002); a
#     baseline of copy lines as written before compares unchanged;
#   - embed=0 objects: the same findings from --report; no records and no
#     report: exit 2;
#   - edges judged by the plugin's rule because the unit's inliner re-run
#     gave no answer ("rerun"/"unit_rerun" "failed", "timeout"): compared
#     only where both sides say blocked-by-asm, never new nor fixed, both
#     ways (a failed build against a normal baseline, a normal build
#     against a baseline written from a failed one: "unverified" lines,
#     version 2), from reports written here and from embedded records of a
#     child that aborts (tests/plugin/rerun-shim.c, an LD_PRELOAD shim);
#   - corrupt baselines: exit 2, one "FILE:LINE: malformed baseline" line;
#     --write-baseline with an unreadable input: exit 2, nothing written,
#     no findings printed, and stderr (and the JSON document's errors) say
#     "baseline not written" and why;
#   - kill -9 at every write, fsync and rename of --write-baseline (strace
#     fault injection; else at random times): the old baseline or the new
#     one, whole, never anything else.
# Exit 0 pass, 1 fail, 77 skip.
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import testlib  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "oracles"))
import expect  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("analyzer-check")
LOCK = '.pushsection .smp_locks,"a"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock; '


def fnv(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return f"{h:016x}"


def asm_fp(function, template, ordinal=0):
    """docs/reference/format.md: function, NUL, normalised template, NUL, ordinal."""
    norm = " ".join(template.split())
    return fnv(function.encode() + b"\0" + norm.encode() + b"\0" +
               str(ordinal).encode())


def edge_fp(caller, callee):
    """docs/reference/ci.md: caller, NUL, callee."""
    return fnv(caller.encode() + b"\0" + callee.encode())


def build(name, edit=None, rename=None, embed=True):
    """Copy tests/src/check into name/, edit, compile every unit there."""
    if os.path.exists(name):
        shutil.rmtree(name)
    shutil.copytree(SRC, name)
    for f, fn in (edit or {}).items():
        path = os.path.join(name, f)
        with open(path) as fh:
            text = fh.read()
        with open(path, "w") as fh:
            fh.write(fn(text))
    for old, new in (rename or {}).items():
        os.rename(os.path.join(name, old), os.path.join(name, new))
    objs = []
    for c in sorted(f for f in os.listdir(name) if f.endswith(".c")):
        run([CC, "-O2", "-g", "-c", f"-fplugin={PLUGIN}",
             "-fplugin-arg-asminline-diag=none", "-fplugin-arg-asminline-report=r.jsonl",
             f"-fplugin-arg-asminline-embed={int(embed)}", c, "-o", c[:-2] + ".o"],
            0, cwd=name)
        objs.append(os.path.join(name, c[:-2] + ".o"))
    return objs, os.path.join(name, "r.jsonl")


def expected(report):
    """(kind, fingerprint) of the findings, from the plugin's report."""
    found = {}
    for r in map(json.loads, open(report)):
        if r["record"] == "asm" and r["flagged"]:
            found[("asm", r["fingerprint"])] = r
        elif r["record"] == "edge" and r["verdict"] == "blocked-by-asm":
            found[("edge", edge_fp(r["caller"], r["callee"]))] = r
    return found


def read_baseline(path):
    with open(path) as f:
        lines = f.read().split("\n")
    if lines[0] != "# asmscan-baseline 1" or lines[-1] != "":
        fail(f"{path}: no version line or no final newline: {lines[:2]}")
    rows = [l.split("\t") for l in lines[1:-1] if not l.startswith("#")]
    keys = [(r[2], r[0], r[1]) for r in rows]  # file-ish order is asmscan's
    if len(set(keys)) != len(keys):
        fail(f"{path}: a finding twice")
    return {(r[0], r[1]): r for r in rows}


def check(objs, *extra, want):
    p = run([ASMSCAN, "check", "--baseline", "base.txt", *extra, *objs], want)
    warn = [l for l in p.stdout.splitlines() if ": warning: " in l]
    fixed = [l for l in p.stdout.splitlines() if ": note: fixed: " in l]
    summary = p.stdout.splitlines()[-1] if p.stdout else ""
    return p, warn, fixed, summary


def line_of(path, needle):
    with open(path) as f:
        for i, l in enumerate(f, 1):
            if needle in l:
                return i
    fail(f"{needle!r} not in {path}")


def sarif_check(path, want_states):
    doc = json.load(open(path))
    if doc.get("version") != "2.1.0" or len(doc.get("runs", [])) != 1:
        fail("SARIF: no version 2.1.0 or not one run")
    run0 = doc["runs"][0]
    rules = run0["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    if len(set(ids)) != len(ids) or not all(r.get("shortDescription", {}).get("text") for r in rules):
        fail(f"SARIF: rules {ids}")
    states = {}
    for r in run0["results"]:
        if r["ruleId"] not in ids or ids[r["ruleIndex"]] != r["ruleId"]:
            fail(f"SARIF: ruleId/ruleIndex {r['ruleId']} {r['ruleIndex']}")
        if r["level"] not in ("warning", "note", "none") or \
                r["kind"] not in ("fail", "pass") or \
                r["baselineState"] not in ("new", "unchanged", "absent"):
            fail(f"SARIF: level/kind/baselineState {r}")
        if not r["message"]["text"] or \
                not re.fullmatch(r"[0-9a-f]{16}", r["partialFingerprints"]["asminline/v1"]):
            fail(f"SARIF: message or partialFingerprints {r}")
        for loc in r["locations"]:
            phys = loc.get("physicalLocation")
            if phys:
                uri = phys["artifactLocation"]["uri"]
                if not uri or " " in uri:
                    fail(f"SARIF: uri {uri!r}")
                if "region" in phys and not (isinstance(phys["region"]["startLine"], int)
                                             and phys["region"]["startLine"] >= 1):
                    fail(f"SARIF: region {phys['region']}")
            if loc["logicalLocations"][0]["kind"] != "function":
                fail(f"SARIF: logicalLocations {loc}")
        states.setdefault(r["baselineState"], []).append(r)
    if run0["invocations"][0]["executionSuccessful"] is not True:
        fail("SARIF: executionSuccessful is not true")
    got = {k: len(v) for k, v in states.items()}
    if got != want_states:
        fail(f"SARIF: baseline states {got}, wanted {want_states}")
    return states


def against(old, new, want):
    p = run([ASMSCAN, "check", "--against", old, new], want)
    lines = p.stdout.splitlines()
    return ([l for l in lines if ": warning: " in l], [l for l in lines if ": note: fixed: " in l],
            [l for l in lines if ": note: context: " in l], lines[-1] if lines else "")


def against_cases(line, dec):
    """--against OLD NEW on the builds v1..v4 (directories) and on a
    macro's asm used by a new function (context, never new)."""
    warn, fixed, ctx, summary = against("v1", "v2", 0)
    if warn or fixed or ctx or " 0 new, 0 fixed, " not in summary or "; against v1 (" not in summary:
        fail(f"--against v1 v2 (shifts, a rename): {warn} {fixed} {ctx} {summary!r}")
    warn, fixed, ctx, summary = against("v1", "v3", 1)
    want = f"check-a.c:{line}: warning: asm in ck_new_user charged 7, emits 1 " \
           f"[{asm_fp('ck_new_user', LOCK + 'orl $4,%0')}]"
    if warn != [want]:
        fail(f"--against v1 v3 (a new asm): {warn}")
    warn, fixed, ctx, summary = against("v3", "v1", 0)
    if warn or len(fixed) != 1 or "ck_new_user" not in fixed[0]:
        fail(f"--against v3 v1 (the asm removed): {warn} {fixed}")
    warn, fixed, ctx, summary = against("v1", "v4", 0)
    if warn or not any(dec in f for f in fixed):
        fail(f"--against v1 v4 (a conversion): {warn} {fixed}")
    macro = ('#define CK_MARK(v) asm volatile(LOCK_PREFIX "orl $1,%0" : "+m"(v))\n'
             '\n#endif')
    user_a = "\nvoid ck_mark_a(int *p)\n{\n\tCK_MARK(*p);\n}\n"
    user_b = "\nvoid ck_mark_b(int *p)\n{\n\tCK_MARK(*p);\n}\n"
    build("m1", edit={"check.h": lambda t: t.replace("\n#endif", "\n" + macro),
                      "check-a.c": lambda t: t + user_a})
    build("m2", edit={"check.h": lambda t: t.replace("\n#endif", "\n" + macro),
                      "check-a.c": lambda t: t + user_a, "check-b.c": lambda t: t + user_b})
    warn, fixed, ctx, summary = against("m1", "m2", 0)
    if warn or fixed or len(ctx) != 1 or "asm in ck_mark_b" not in ctx[0] or \
            "a new use of asm the old build has too" not in ctx[0] or ", 1 context;" not in summary:
        fail(f"--against m1 m2 (a macro's asm in a new function): {warn} {ctx} {summary!r}")
    doc = json.loads(run([ASMSCAN, "check", "-f", "json", "--against", "m1", "m2"], 0).stdout)["check"]
    if doc["context"] != 1 or doc["new"] != 0 or doc["against"] != "m1":
        fail(f"--against JSON: {doc}")
    run([ASMSCAN, "check", "-f", "sarif", "-o", "m.sarif", "--against", "m1", "m2"], 0)
    res = [r for r in json.load(open("m.sarif"))["runs"][0]["results"] if r["kind"] == "informational"]
    if len(res) != 1 or not res[0]["message"]["text"].startswith("context: "):
        fail(f"--against SARIF: the context result {res}")
    warn, fixed, ctx, summary = against("v1", "m2", 1)
    if not any("ck_mark_a" in w for w in warn) or not any("ck_mark_b" in w for w in warn):
        fail(f"--against v1 m2 (the macro is new): {warn}")
    run([ASMSCAN, "check", "--against", "v1", "v2", "v3"], 2)
    run([ASMSCAN, "check", "--against", "v1", "--baseline", "base.txt", "v2"], 2)
    run([ASMSCAN, "check", "--against", "v1", "--write-baseline", "v2"], 2)
    return "--against: shifts none, a new asm new, a macro's new use context"


def copies_cases(srcdir):
    """--copies on src/copies-{a,b}.c: what each finding says is what was
    seen.  Oracles: the sources' "expect: dwarf-copies=N" (declared inline,
    N copies in DWARF), nm (local names defined in both objects) and the
    sources' text (helper is static noinline, not declared inline)."""
    src = os.path.join(srcdir, "tests", "analyzer", "src")
    os.makedirs("cp/old", exist_ok=True)
    os.makedirs("cp/new", exist_ok=True)
    objs = []
    for u in ("a", "b"):
        o = f"cp/old/copies-{u}.o"
        run([CC, "-O2", "-g", "-c", f"-fplugin={PLUGIN}", "-fplugin-arg-asminline-diag=none",
             os.path.join(src, f"copies-{u}.c"), "-o", o], 0)
        objs.append(o)
    shutil.copy(objs[0], "cp/new/copies-a.o")
    inline = {}
    for f in ("copies.h", "copies-a.c"):
        for func, keys in expect.expectations(os.path.join(src, f)):
            for kv in keys:
                if kv.startswith("dwarf-copies=") and int(kv.split("=")[1]):
                    inline[func] = int(kv.split("=")[1])
    defs = {}
    for o in objs:
        for l in run(["nm", "--defined-only", o], 0).stdout.splitlines():
            addr, t, name = l.split()
            if t == "t":
                defs[name] = defs.get(name, 0) + 1
    local = {n: c for n, c in defs.items() if c > 1 and n not in inline}
    for u in ("a", "b"):
        with open(os.path.join(src, f"copies-{u}.c")) as fh:
            d = [l for l in fh if re.match(r"static\b.*\bhelper\(", l)]
        if len(d) != 1 or re.search(r"\binline\b", d[0]):
            fail(f"premise: copies-{u}.c defines helper once, not inline: {d}")
    if local.get("helper") != 2 or inline.get("hdr_twice") != 2:
        fail(f"premise: helper twice in nm {local}, hdr_twice 2 DWARF copies {inline}")

    def cop(n):
        return "copy" if n == 1 else "copies"
    want = {(fnv(n.encode()), f"inline function {n} has {c} out-of-line {cop(c)}")
            for n, c in inline.items()}
    want |= {(fnv(n.encode()), f"local function {n} is defined {c} times")
             for n, c in local.items()}
    p = run([ASMSCAN, "check", "--copies", "--baseline", "cp/none.txt", *objs], 1)
    got = set()
    for l in p.stdout.splitlines()[:-1]:
        m = re.fullmatch(r"\S+:\d+: warning: (.*) \(\d+ bytes\) \[([0-9a-f]{16})\]", l)
        if not m:
            fail(f"--copies: a line {l!r}")
        got.add((m.group(2), m.group(1)))
    if got != want or "inline function helper" in p.stdout:
        fail(f"--copies text: {sorted(got)}, wanted {sorted(want)}")
    doc = json.loads(run([ASMSCAN, "check", "--copies", "-f", "json", "--baseline",
                          "cp/none.txt", *objs], 1).stdout)["check"]
    got = {f["function"]: (f.get("copies_from"), f["copies"]) for f in doc["findings"]}
    wantj = {n: ("dwarf", c) for n, c in inline.items()}
    wantj.update({n: ("symbols", c) for n, c in local.items()})
    if got != wantj:
        fail(f"--copies JSON: {got}, wanted {wantj}")
    run([ASMSCAN, "check", "--copies", "-f", "sarif", "-o", "cp/c.sarif", "--baseline",
         "cp/none.txt", *objs], 1)
    states = sarif_check("cp/c.sarif", {"new": len(wantj)})
    got = {r["locations"][0]["logicalLocations"][0]["name"]: r["ruleId"]
           for r in states["new"]}
    wants = {n: "ASM001" if w[0] == "dwarf" else "ASM002" for n, w in wantj.items()}
    if got != wants:
        fail(f"--copies SARIF rules: {got}, wanted {wants}")

    # the baseline as asmscan always wrote it: four fields, the file any
    run([ASMSCAN, "check", "--copies", "--baseline", "cp/base.txt", "--write-baseline",
         *objs], 0)
    rows = read_baseline("cp/base.txt")
    if {k: len(r) for k, r in rows.items()} != {("copy", fnv(n.encode())): 4 for n in wantj}:
        fail(f"--copies baseline: {rows}")
    with open("cp/old.txt", "w") as fh:
        fh.write("# asmscan-baseline 1\n" + "".join(
            f"copy\t{fnv(n.encode())}\t{n}\tx.c\n" for n in sorted(wantj)))
    p = run([ASMSCAN, "check", "--copies", "--baseline", "cp/old.txt", *objs], 0)
    if p.stdout != f"asmscan check: 0 new, 0 fixed, {len(wantj)} unchanged; " \
            f"baseline cp/old.txt ({len(wantj)} findings)\n":
        fail(f"--copies against a baseline of copy lines: {p.stdout!r}")
    # fixed: from a baseline, unknown which; from OLD, what OLD saw
    fp = fnv(b"helper")
    p = run([ASMSCAN, "check", "--copies", "--baseline", "cp/old.txt", objs[0]], 0)
    fixed = [l for l in p.stdout.splitlines() if ": note: fixed: " in l]
    if fixed != [f"x.c: note: fixed: copies of function helper [{fp}]"]:
        fail(f"--copies, helper gone, baseline: {fixed}")
    p = run([ASMSCAN, "check", "--copies", "--against", "cp/old", "cp/new"], 0)
    fixed = [l for l in p.stdout.splitlines() if ": note: fixed: " in l]
    if len(fixed) != 1 or not fixed[0].endswith(
            f": note: fixed: local function helper defined more than once [{fp}]"):
        fail(f"--copies, helper gone, --against: {p.stdout!r}")
    return f"--copies: {len(inline)} inline, {len(local)} local (helper) as seen"


def corrupt_cases(objs):
    good = open("base.txt").read()
    first = good.splitlines()[3]
    cases = {
        "cut.txt": (good[:-5], r":\d+: malformed baseline: no newline at the end"),
        "header.txt": ("asm\t0123456789abcdef\n", r":1: malformed baseline: the first line"),
        "version.txt": ("# asmscan-baseline 7\n", r":1: malformed baseline: format version 7"),
        "fp.txt": (good + first.replace(first.split("\t")[1], "0123456789ABCDEF") + "\n",
                   r":\d+: malformed baseline: the fingerprint"),
        "kind.txt": (good + "bogus\t0123456789abcdef\tx\n", r":\d+: malformed baseline: unknown kind"),
        "fields.txt": (good + "edge\t0123456789abcdef\tx\n", r":\d+: malformed baseline: wrong number"),
        "empty.txt": ("", r":1: malformed baseline: empty file"),
        "binary.txt": ("# asmscan-baseline 1\n\x01\x02\tzz\n", r":2: malformed baseline: "),
    }
    for name, (text, want) in cases.items():
        with open(name, "w") as f:
            f.write(text)
        p = run([ASMSCAN, "check", "--baseline", name, *objs], 2)
        msgs = p.stderr.splitlines()
        if len(msgs) != 1 or not re.match(rf"asmscan: {re.escape(name)}{want}", msgs[0]) \
                or p.stdout:
            fail(f"corrupt baseline {name}: stderr {p.stderr!r} stdout {p.stdout!r}")
        if open(name).read() != text:
            fail(f"{name} was changed")
    os.mkdir("dir.txt")
    p = run([ASMSCAN, "check", "--baseline", "dir.txt", *objs], 2)
    if "cannot read baseline" not in p.stderr:
        fail(f"a directory as baseline: {p.stderr!r}")
    # an error while reading the inputs: exit 2 and no baseline written
    shutil.copy("base.txt", "keep.txt")
    with open("bad.o", "wb") as f:
        f.write(b"\x7fELF garbage")
    p = run([ASMSCAN, "check", "--baseline", "keep.txt", "--write-baseline",
             *objs, "bad.o"], 2)
    if open("keep.txt").read() != good:
        fail("--write-baseline with an unreadable input changed the baseline")
    if p.stdout or \
            "asmscan: keep.txt: baseline not written: 1 input could not be read" \
            not in p.stderr.splitlines():
        fail(f"--write-baseline with an unreadable input does not say so, or "
             f"prints findings: {p.stdout!r} {p.stderr!r}")
    doc = json.loads(run([ASMSCAN, "check", "-f", "json", "--baseline", "keep.txt",
                          "--write-baseline", *objs, "bad.o", "gone.o"], 2).stdout)
    if "check" in doc or "keep.txt: baseline not written: 2 inputs could not be read" \
            not in [e["error"] for e in doc["errors"]]:
        fail(f"JSON of a refused write: {doc}")
    # "unverified" is a kind of version 2 only
    with open("v1-unverified.txt", "w") as f:
        f.write("# asmscan-baseline 1\nunverified\t0123456789abcdef\ta\tb\tc.c\n")
    p = run([ASMSCAN, "check", "--baseline", "v1-unverified.txt", *objs], 2)
    if ":2: malformed baseline: unknown kind (asm, edge, copy)" not in p.stderr:
        fail(f"an unverified line in a version 1 baseline: {p.stderr!r}")
    return len(cases) + 3


def edge_line(template, caller, callee, verdict, unit_rerun, tu="u.c"):
    """A report's edge record (docs/reference/format.md) made from a real one."""
    r = dict(template, tu=tu, caller=caller, callee=callee, verdict=verdict,
             unit_rerun=unit_rerun, rerun="none" if unit_rerun != "done" else "inlined")
    return json.dumps(r) + "\n"


def unverified_cases(objs_noembed, report, objs1):
    """Edges the rule judged for a failed re-run: never new, never fixed.

    Two builds of one unit u.c as reports: N, whose re-run answered, and
    F, whose re-run failed, so that the rule judged its calls instead.
    E1 is blocked-by-asm in both, E2 in N only (the re-run's order took
    it), E3 in F only (the rule's look), E4 in neither."""
    template = next(r for r in map(json.loads, open(report)) if r["record"] == "edge")
    calls = [("ck_e1", "ck_callee"), ("ck_e2", "ck_callee"), ("ck_e3", "ck_callee"),
             ("ck_e4", "ck_callee")]
    fp = {c: edge_fp(*c) for c in calls}
    e1, e2, e3, e4 = calls
    with open("n.jsonl", "w") as f:
        for c, v in zip(calls, ("blocked-by-asm", "blocked-by-asm", "other", "other")):
            f.write(edge_line(template, *c, v, "done"))
    with open("f.jsonl", "w") as f:
        for c, v in zip(calls, ("blocked-by-asm", "other", "blocked-by-asm", "other")):
            f.write(edge_line(template, *c, v, "failed"))

    def chk(base, rep, *extra, want):
        p = run([ASMSCAN, "check", "--baseline", base, "--report", rep, *extra,
                 *objs_noembed], want)
        doc = json.loads(run([ASMSCAN, "check", "-f", "json", "--baseline", base,
                              "--report", rep, *objs_noembed], None).stdout)["check"]
        states = {f["fingerprint"]: f["state"] for f in doc["findings"]}
        return p, states, doc

    # a failed build against a normal baseline: E2 not fixed, E3 not new
    run([ASMSCAN, "check", "--baseline", "n.txt", "--write-baseline", "--report",
         "n.jsonl", *objs_noembed], 0)
    p, states, doc = chk("n.txt", "f.jsonl", want=0)
    if states != {fp[e1]: "unchanged", fp[e2]: "unverified", fp[e3]: "unverified"} or \
            (doc["new"], doc["fixed"], doc["unchanged"], doc["unverified"]) != (0, 0, 1, 2) or \
            doc["rule_units"] != [{"tu": "u.c", "rerun": "failed", "calls": 4}]:
        fail(f"failed build, normal baseline: {states} {doc}")
    notes = [l for l in p.stdout.splitlines() if ": note: unverified: " in l]
    unit = "u.c: note: the inliner's re-run gave no answer in this unit (failed): " \
           "the rule judged its 4 refused calls, compared with the baseline only " \
           "where both say blocked-by-asm"
    if len(notes) != 2 or unit not in p.stdout.splitlines() or \
            p.stdout.splitlines()[-1] != "asmscan check: 0 new, 0 fixed, 1 unchanged, " \
            "2 unverified; baseline n.txt (2 findings), from reports":
        fail(f"failed build, normal baseline, text: {p.stdout!r}")
    run([ASMSCAN, "check", "-f", "sarif", "-o", "f.sarif", "--baseline", "n.txt",
         "--report", "f.jsonl", *objs_noembed], 0)
    res = json.load(open("f.sarif"))["runs"][0]["results"]
    info = [r for r in res if r["kind"] == "informational"]
    if len(info) != 2 or any("baselineState" in r or r["level"] != "note" or
                             not r["message"]["text"].startswith("unverified: ")
                             for r in info):
        fail(f"SARIF of unverified edges: {info}")

    # rewritten from the failed build: E2 kept as it was, E3 E4 unverified
    shutil.copy("n.txt", "nf.txt")
    p = run([ASMSCAN, "check", "--baseline", "nf.txt", "--write-baseline",
             "--report", "f.jsonl", *objs_noembed], 0)
    if not p.stdout.splitlines()[-1].endswith("; writing 4 findings (2 unverified)"):
        fail(f"write from a failed build: {p.stdout!r}")
    lines = open("nf.txt").read().splitlines()
    rows = {(l.split("\t")[0], l.split("\t")[1]) for l in lines if not l.startswith("#")}
    if lines[0] != "# asmscan-baseline 2" or rows != {
            ("edge", fp[e1]), ("edge", fp[e2]), ("unverified", fp[e3]),
            ("unverified", fp[e4])}:
        fail(f"baseline written from a failed build over a normal one: {lines}")

    # a baseline written from the failed build alone: all four calls
    # unverified (the rule's blocked-by-asm is no verdict); a normal build
    # against it: E1 E2 not new (unverified), E3 E4 resolved, not listed
    run([ASMSCAN, "check", "--baseline", "f.txt", "--write-baseline", "--report",
         "f.jsonl", *objs_noembed], 0)
    rows = [l.split("\t")[:2] for l in open("f.txt").read().splitlines()
            if not l.startswith("#")]
    if sorted(map(tuple, rows)) != sorted(("unverified", fp[c]) for c in calls):
        fail(f"baseline written from a failed build: {rows}")
    p, states, doc = chk("f.txt", "n.jsonl", want=0)
    if states != {fp[e1]: "unverified", fp[e2]: "unverified"} or doc["new"] or doc["fixed"]:
        fail(f"normal build, baseline from a failed one: {states} {doc}")
    # written again from the normal build: version 1, the two blocked calls
    run([ASMSCAN, "check", "--baseline", "f.txt", "--write-baseline", "--report",
         "n.jsonl", *objs_noembed], 0)
    rows = [l.split("\t")[:2] for l in open("f.txt").read().splitlines()
            if not l.startswith("#")]
    if open("f.txt").readline() != "# asmscan-baseline 1\n" or \
            sorted(map(tuple, rows)) != sorted([("edge", fp[e1]), ("edge", fp[e2])]):
        fail(f"rewritten from a normal build: {rows}")

    # the gate still works: a call blocked as asked, new against a
    # baseline that does not hold it, also beside a failed unit
    with open("n5.jsonl", "w") as f:
        f.write(open("f.jsonl").read())
        f.write(edge_line(template, "ck_e5", "ck_callee", "blocked-by-asm", "done", "v.c"))
    p, states, doc = chk("n.txt", "n5.jsonl", want=1)
    if states.get(edge_fp("ck_e5", "ck_callee")) != "new" or doc["new"] != 1:
        fail(f"a new edge beside a failed unit: {states}")

    # embedded records: a child that dies (abort() as it is about to
    # answer, injected by the plugin tests' LD_PRELOAD shim, after what is
    # preloaded already: libasan first, in build-asan); the unit says so
    shim = os.path.abspath("rerun-shim.so")
    run([CC, "-shared", "-fPIC", "-O2", "-o", shim,
         os.path.join(SRC, "..", "..", "..", "plugin", "rerun-shim.c"), "-ldl"], 0)
    pre = os.environ.get("LD_PRELOAD")
    env = dict(os.environ, ASMINLINE_SHIM_FAULT="abort",
               LD_PRELOAD=f"{pre}:{shim}" if pre else shim)
    os.makedirs("dead", exist_ok=True)
    objs = []
    for c in sorted(f for f in os.listdir(SRC) if f.endswith(".c")):
        o = os.path.join("dead", c[:-2] + ".o")
        p = run([CC, "-O2", "-g", "-c", f"-fplugin={PLUGIN}",
                 os.path.join(SRC, c), "-o", o], 0, env=env)
        objs.append(o)
    if "re-run failed for this unit" not in p.stderr:
        fail(f"a dead child: no note: {p.stderr!r}")
    p = run([ASMSCAN, "check", "--baseline", "base.txt", *objs], 0)
    if "note: the inliner's re-run gave no answer in this unit (failed: the child " \
            "exited with status 4)" not in p.stdout or ": warning: " in p.stdout:
        fail(f"records of a dead child against the first baseline: {p.stdout!r}")
    return "unverified edges: both ways, text, JSON, SARIF, records"


def big_report(path, n):
    """A report of n flagged statements: a baseline of many write()s."""
    with open(path, "w") as f:
        for i in range(n):
            f.write(json.dumps({
                "record": "asm", "format_version": 1, "tu": f"u{i % 97}.c",
                "function": f"function_{i}_with_a_longish_name",
                "file": f"include/linux/header_{i % 13}.h", "line": i + 1,
                "spelling_file": f"include/linux/header_{i % 13}.h",
                "spelling_line": i + 1, "kind": "lock-prefix", "gcc_count": 7,
                "est_insns": 1, "flagged": True,
                "fingerprint": asm_fp(f"function_{i}_with_a_longish_name", "x")}) + "\n")


def kill_test():
    """kill -9 during --write-baseline: old or new baseline, whole."""
    big_report("old.jsonl", 2000)
    big_report("new.jsonl", 2600)
    for name, rep in (("old.txt", "old.jsonl"), ("new.txt", "new.jsonl")):
        run([ASMSCAN, "check", "--baseline", name, "--write-baseline",
             "--report", rep, "-o", "/dev/null"], 0)
    old, new = open("old.txt", "rb").read(), open("new.txt", "rb").read()
    if old == new or len(new) < 8 * 4096:
        fail("kill test premise: baselines too small or equal")
    cmd = [ASMSCAN, "check", "--baseline", "b.txt", "--write-baseline",
           "--report", "new.jsonl", "-o", "/dev/null"]
    outcomes = {"old": 0, "new": 0, "temp left": 0}
    trials = []
    probe = run(["strace", "-f", "-o", "/dev/null", "true"], want=None) if shutil.which("strace") else None
    if probe is not None and probe.returncode == 0:
        # every write/fsync/rename/fchmod of the run, each killed in turn
        shutil.copy("old.txt", "b.txt")
        run(["strace", "-f", "-o", "calls.txt", "-e",
             "trace=write,fsync,rename,fchmod"] + cmd, 0)
        calls = [re.match(r"(?:\d+ +)?(\w+)\(", l) for l in open("calls.txt")]
        count = {sc: sum(1 for m in calls if m and m[1] == sc)
                 for sc in ("write", "fsync", "rename", "fchmod")}
        if count["rename"] != 1 or count["fsync"] != 2 or count["write"] < 8:
            fail(f"kill test premise: system calls {count}")
        for sc, n in count.items():
            trials += [["strace", "-f", "-o", "/dev/null", "-e", f"trace={sc}",
                        "-e", f"inject={sc}:signal=KILL:when={k}"] + cmd
                       for k in range(1, n + 1)]
        how = "strace fault injection at every write, fsync, rename and fchmod"
    else:
        rnd = random.Random(7)
        t0 = time.monotonic()
        run(cmd, want=None)
        dur = time.monotonic() - t0
        trials = [("sleep", rnd.uniform(0, dur * 1.2)) for _ in range(40)]
        how = f"SIGKILL at random times in {dur:.3f} s runs (no strace)"
    for t in trials:
        shutil.copy("old.txt", "b.txt")
        for f in os.listdir("."):
            if f.startswith("b.txt.tmp."):
                os.remove(f)
        if t[0] == "sleep":
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(t[1])
            p.send_signal(signal.SIGKILL)
            p.wait()
        else:
            run(t, want=None)
        got = open("b.txt", "rb").read()
        if got == old:
            outcomes["old"] += 1
        elif got == new:
            outcomes["new"] += 1
        else:
            fail(f"after {' '.join(t[:6]) if t[0] != 'sleep' else t}: b.txt is "
                 f"{len(got)} bytes, neither the old ({len(old)}) nor the new ({len(new)})")
        outcomes["temp left"] += any(f.startswith("b.txt.tmp.") for f in os.listdir("."))
    if trials[0][0] != "sleep" and not (outcomes["old"] and outcomes["new"] and
                                        outcomes["temp left"]):
        fail(f"kill test: the kills did not hit both sides of the rename: {outcomes}")
    return f"{len(trials)} kills ({how}): {outcomes}"


def main():
    global ASMSCAN, PLUGIN, CC, SRC
    ASMSCAN, PLUGIN, CC, srcdir = sys.argv[1:5]
    SRC = os.path.join(os.path.abspath(srcdir), "tests", "analyzer", "src", "check")
    ASMSCAN, PLUGIN = os.path.abspath(ASMSCAN), os.path.abspath(PLUGIN)
    testlib.enter(TEST)     # its own directory: never the one it was run in

    # 1. the baseline of the first build is the report's findings
    objs1, rep1 = build("v1")
    want1 = expected(rep1)
    if not any(k[0] == "edge" for k in want1) or len(want1) < 5:
        fail(f"premise: findings {sorted(want1)}")
    p = run([ASMSCAN, "check", "--baseline", "base.txt", "--write-baseline", *objs1], 0)
    base = read_baseline("base.txt")
    if set(base) != set(want1):
        fail(f"baseline {sorted(base)}, the report says {sorted(want1)}")
    for (kind, fp), r in want1.items():
        b = base[(kind, fp)]
        if kind == "asm" and b[2:] != [r["function"], r["file"], r["kind"],
                                       str(r["gcc_count"]), str(r["est_insns"])]:
            fail(f"baseline line {b} for {r}")
        if kind == "edge" and b[2:] != [r["caller"], r["callee"], r["file"]]:
            fail(f"baseline line {b} for {r}")
    shutil.copy("base.txt", "base.first")
    run([ASMSCAN, "check", "--baseline", "base.txt", "--write-baseline", *objs1], 0)
    if open("base.txt").read() != open("base.first").read():
        fail("writing the same baseline twice gave two files")

    # --copies: local functions defined in several units, as nm sees them
    # (no DWARF copy here: GCC marks none when a unit inlined it nowhere)
    defs = {}
    for o in objs1:
        for l in run(["nm", "--defined-only", o], 0).stdout.splitlines():
            addr, t, name = l.split()
            if t == "t":
                defs[name] = defs.get(name, 0) + 1
    want_copies = {(fnv(n.encode()), n, c)
                   for n, c in defs.items() if c > 1}
    doc = json.loads(run([ASMSCAN, "check", "--copies", "-f", "json", "--baseline",
                          "none.txt", *objs1], 1).stdout)["check"]
    got_copies = {(f["fingerprint"], f["function"], f["copies"])
                  for f in doc["findings"] if f["kind"] == "copy"}
    if not want_copies or got_copies != want_copies:
        fail(f"--copies: {got_copies}, nm says {want_copies}")
    if any(f.get("copies_from") != "symbols" for f in doc["findings"] if f["kind"] == "copy"):
        fail(f"--copies: not all from the symbols only (no DWARF copy here): {doc['findings']}")

    # 2. line shifts, an unrelated function, a renamed unit: nothing new
    shift = "/* shifted */\n" * 5
    objs2, rep2 = build("v2", edit={
        "check.h": lambda t: t.replace("#ifndef CHECK_H", shift + "#ifndef CHECK_H"),
        "check-a.c": lambda t: t.replace('#include "check.h"\n', '#include "check.h"\n\n\n\n'
                                         "int ck_unrelated(int x)\n{\n\treturn x * 3;\n}\n")},
        rename={"check-b.c": "check-renamed.c"})
    lines1 = {r["fingerprint"]: r["line"] for r in map(json.loads, open(rep1)) if r["record"] == "asm"}
    lines2 = {r["fingerprint"]: r["line"] for r in map(json.loads, open(rep2)) if r["record"] == "asm"}
    if not any(lines1[k] != lines2.get(k) for k in lines1):
        fail("premise: the edits shifted no line")
    p, warn, fixed, summary = check(objs2, want=0)
    if warn or fixed or summary != f"asmscan check: 0 new, 0 fixed, {len(want1)} unchanged; " \
            f"baseline base.txt ({len(want1)} findings)":
        fail(f"after unrelated edits: {p.stdout!r}")

    # 3. a new over-counted asm: exit 1, its file:line and fingerprint
    new_fn = ("\nvoid ck_new_user(int *p)\n{\n"
              "\tasm volatile(LOCK_PREFIX \"orl $4,%0\" : \"+m\"(*p)); /* new */\n}\n")
    objs3, rep3 = build("v3", edit={"check-a.c": lambda t: t + new_fn})
    line = line_of("v3/check-a.c", "/* new */")
    fp = asm_fp("ck_new_user", LOCK + "orl $4,%0")
    p, warn, fixed, summary = check(objs3, want=1)
    want_line = f"check-a.c:{line}: warning: asm in ck_new_user charged 7, emits 1 [{fp}]"
    if warn != [want_line] or fixed:
        fail(f"a new asm: {warn} {fixed}, wanted [{want_line!r}]")
    if not summary.startswith(f"asmscan check: 1 new, 0 fixed, {len(want1)} unchanged"):
        fail(f"summary {summary!r}")
    # SARIF and JSON of the same run; the exit code is the format's too
    run([ASMSCAN, "check", "-f", "sarif", "-o", "v3.sarif", "--baseline",
         "base.txt", *objs3], 1)
    states = sarif_check("v3.sarif", {"new": 1, "unchanged": len(want1)})
    r = states["new"][0]
    loc = r["locations"][0]["physicalLocation"]
    if (r["partialFingerprints"]["asminline/v1"], loc["artifactLocation"]["uri"],
            loc["region"]["startLine"], r["ruleId"]) != (fp, "check-a.c", line, "ASM006"):
        fail(f"SARIF new result {r}")
    doc = json.loads(run([ASMSCAN, "check", "-f", "json", "--baseline", "base.txt",
                          *objs3], 1).stdout)["check"]
    if (doc["new"], doc["unchanged"], doc["fixed"]) != (1, len(want1), 0) or \
            [f["fingerprint"] for f in doc["findings"] if f["state"] == "new"] != [fp]:
        fail(f"JSON: {doc}")

    # 4. an asm converted to asm inline: reported fixed, exit 0
    objs4, rep4 = build("v4", edit={"check.h": lambda t: t.replace(
        'asm volatile(LOCK_PREFIX "decl', 'asm inline volatile(LOCK_PREFIX "decl')})
    want4 = expected(rep4)
    gone = set(want1) - set(want4)
    dec = asm_fp("ck_dec", LOCK + "decl %0")
    if ("asm", dec) not in gone or set(want4) - set(want1):
        fail(f"premise: the conversion removed {gone}")
    p, warn, fixed, summary = check(objs4, want=0)
    want_fixed = f"check.h: note: fixed: asm in ck_dec charged 7, emits 1 [{dec}]"
    if warn or want_fixed not in fixed or len(fixed) != len(gone):
        fail(f"a converted asm: {p.stdout!r}, wanted {want_fixed!r}")
    run([ASMSCAN, "check", "-f", "sarif", "-o", "v4.sarif", "--baseline",
         "base.txt", *objs4], 0)
    sarif_check("v4.sarif", {"absent": len(gone), "unchanged": len(want4)})

    # 5. no embedded records: --report; neither: exit 2
    objs5, rep5 = build("v5", embed=False)
    p, warn, fixed, summary = check(objs5, "--report", rep5, want=0)
    if warn or fixed or "from reports" not in summary:
        fail(f"from the report: {p.stdout!r}")
    p = run([ASMSCAN, "check", "--baseline", "base.txt", *objs5], 2)
    if "no asminline records" not in p.stderr:
        fail(f"no records, no report: {p.stderr!r}")

    nagainst = against_cases(line, dec)
    ncopies = copies_cases(srcdir)
    unverified = unverified_cases(objs5, rep1, objs1)
    ncorrupt = corrupt_cases(objs1)
    kills = kill_test()
    print(f"{TEST}: PASS: {len(want1)} findings = the report's; edits, shifts and "
          f"a rename: none new; a new asm at check-a.c:{line}; a conversion fixed; "
          f"SARIF, JSON, --report; {nagainst}; {ncopies}; {unverified}; {ncorrupt} corrupt "
          f"baselines refused; {kills}")


if __name__ == "__main__":
    main()
