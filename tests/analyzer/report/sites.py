#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# sites.py ASMSCAN PLUGIN CC SRCDIR — `asmscan sites` on objects the plugin
# compiles now, against oracles that share no code with asmscan:
#   - tests/plugin/embedded.py (a reader written from docs/reference/format.md) and
#     the plugin's JSON report: per spelling location the statements,
#     units, functions, GCC's charge and est_insns, and the blocked-by-asm
#     edges whose fingerprints are the site's (in the edge's unit);
#   - `objdump --dwarf=decodedline` and `nm -S`: per site, the functions
#     whose line-table rows hold its statements' file:line;
#   - `nm`: the out-of-line functions named like the site's functions that
#     are copies of inline ones (the statement sits in a header, or
#     `objdump --dwarf=info` shows the function with DW_AT_inline);
#   - the ranking (src/sites-rank.c): a marker in the unit's own function,
#     3 statements, below a header inline function's copy reached by 2 calls;
#   - .comment replaced with objcopy by hostile bytes: bad JSON, a stmt
#     whose site is missing -> exit 2 and one line naming the file; an
#     unknown version -> a note, exit 0; no records -> said plainly, exit 0;
#   - text, JSON and SARIF agree on the number of sites.
# Exit 0 pass, 1 fail, 77 skip.
import collections
import json
import functools
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run, skip  # noqa: E402

TEST = testlib.name("analyzer-sites")


def functions(obj):
    """[(start, end, name)] of the .text functions, from nm -S."""
    out = run(["nm", "-S", "--defined-only", obj]).stdout
    funcs = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tT":
            start, size = int(f[0], 16), int(f[1], 16)
            funcs.append((start, start + size, f[3]))
    return funcs


def line_functions(obj, file, line):
    """Functions whose decoded line rows hold basename(file):line."""
    out = run(["objdump", "--dwarf=decodedline", obj]).stdout
    base = os.path.basename(file)
    funcs = functions(obj)
    found = set()
    for row in out.splitlines():
        f = row.split()
        if len(f) >= 3 and f[0] == base and f[1] == str(line) and \
                re.fullmatch(r"(0x)?[0-9a-f]+", f[2]):
            addr = int(f[2], 16)  # "0" or "0x1e"
            found |= {n for s, e, n in funcs if s <= addr < e}
    return found


@functools.lru_cache(maxsize=None)
def declared_inline(obj):
    """Names of the subprograms objdump --dwarf=info shows with DW_AT_inline
    2 or 3 (declared inline: not inlined, or inlined)."""
    out = run(["objdump", "--dwarf=info", obj]).stdout
    names, name, sub, inl = set(), None, False, False
    for line in out.splitlines() + ["<1><0>: Abbrev Number: 0"]:
        if "Abbrev Number" in line:
            if sub and inl and name:
                names.add(name)
            sub, name, inl = "DW_TAG_subprogram" in line, None, False
        elif "DW_AT_name" in line:
            name = line.rsplit(":", 1)[1].strip()
        elif "DW_AT_inline" in line:
            inl = re.search(r"DW_AT_inline\s*:\s*[23]\b", line) is not None
    return names


def expected(objs, reports):
    sites = {}
    edges = [e for r in reports for e in map(json.loads, open(r))
             if e["record"] == "edge" and e["verdict"] == "blocked-by-asm"]
    for obj in objs:
        _, stmts, _ = embedded.read_all(obj)
        for s in stmts:
            key = f"{s['spelling_file']}:{s['spelling_line']}"
            row = sites.setdefault(key, {"statements": 0, "units": set(),
                                         "functions": set(), "fps": set(),
                                         "gcc_count": 0, "est_insns": 0,
                                         "points": set(), "edges": 0,
                                         "copy_funcs": set()})
            row["statements"] += 1
            row["units"].add(s["tu"])
            row["functions"].add(s["function"])
            # Out-of-line copies of inline functions: the statement sits
            # in a header, or DWARF says its function was declared inline.
            if s["file"].endswith(".h") or s["function"] in declared_inline(obj):
                row["copy_funcs"].add(s["function"])
            row["fps"].add((s["tu"], s["fingerprint"]))
            row["points"].add((obj, s["file"], s["line"]))
            row["gcc_count"] = max(row["gcc_count"], s["gcc_count"])
            row["est_insns"] = max(row["est_insns"], s["est_insns"])
    for e in edges:
        for row in sites.values():
            if any((e["tu"], f) in row["fps"] for f in e["fingerprints"]):
                row["edges"] += 1
    return sites


def hostile(asmscan, name, src, data, want_rc, want):
    with open(name + ".comment", "wb") as f:
        f.write(data)
    run(["objcopy", "--update-section", f".comment={name}.comment", src,
         name])
    p = run([asmscan, "sites", name], want=None)
    msgs = [l for l in p.stderr.splitlines() if l]
    if p.returncode != want_rc or len(msgs) != 1 or \
            not msgs[0].startswith(f"asmscan: {name}: ") or want not in msgs[0]:
        fail(f"{name}: exit {p.returncode}, stderr {p.stderr!r}; wanted "
             f"exit {want_rc} and one line naming the file with {want!r}")


def main():
    asmscan, plugin, cc, srcdir = sys.argv[1:5]
    asmscan, plugin, srcdir = map(os.path.abspath, (asmscan, plugin, srcdir))
    for tool in ("objdump", "objcopy", "nm"):
        if not shutil.which(tool):
            skip(f"{tool} not found")
    sys.path.insert(0, os.path.join(srcdir, "tests", "plugin"))
    global embedded
    import embedded  # noqa: E402
    testlib.enter(TEST)     # its own directory: never the one it was run in
    plug = [cc, "-O2", "-g", "-c", f"-fplugin={plugin}",
            "-fplugin-arg-asminline-diag=none"]
    objs, reports = [], []
    for unit in ("apply", "report"):
        for f in (unit + ".jsonl",):
            if os.path.exists(f):
                os.remove(f)
        run(plug + [f"-fplugin-arg-asminline-report={unit}.jsonl",
                    os.path.join(srcdir, "tests", "plugin", unit + ".c"),
                    "-o", unit + ".o"])
        objs.append(unit + ".o")
        reports.append(unit + ".jsonl")

    p = run([asmscan, "sites", "-f", "json", *objs])
    doc = json.loads(p.stdout)
    got = {f"{r['spelling_file']}:{r['spelling_line']}": r
           for r in doc["sites"]["sites"]}
    want = expected(objs, reports)
    if set(got) != set(want):
        fail(f"sites differ: asmscan {sorted(got)}, embedded.py {sorted(want)}")
    nedges = 0
    for key, w in want.items():
        g = got[key]
        for field in ("statements", "gcc_count", "est_insns", "edges"):
            if g[field] != w[field]:
                fail(f"{key}: {field} is {g[field]}, the oracle says {w[field]}")
        if g["units"] != len(w["units"]) or \
                set(g["functions"]) != w["functions"]:
            fail(f"{key}: units/functions {g['units']} {g['functions']}, "
                 f"the oracle says {w['units']} {w['functions']}")
        lines = set()
        for obj, file, line in w["points"]:
            lines |= {(obj, f) for f in line_functions(obj, file, line)}
        if g["line_functions"] != len(lines):
            fail(f"{key}: code in {g['line_functions']} functions, "
                 f"objdump --dwarf=decodedline says {sorted(lines)}")
        own = {(o, n) for o in objs for _, _, n in functions(o)
               if n.split(".")[0] in w["copy_funcs"]}
        if g["copies"] != len(own):
            fail(f"{key}: {g['copies']} out-of-line copies, nm says {own}")
        nedges += g["edges"]
    if not nedges or not any(g["line_functions"] for g in got.values()):
        fail("no attributed edge or no line mapped: test premise broken")

    text = run([asmscan, "sites", "-n", "0", *objs]).stdout
    rows = [l for l in text.splitlines() if re.search(r"\.c:\d+ ", l)]
    sarif = json.loads(run([asmscan, "sites", "-f", "sarif", *objs]).stdout)
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "ASM005"]
    if len(rows) != len(got) or len(results) != len(got):
        fail(f"text shows {len(rows)} sites, SARIF {len(results)}, JSON {len(got)}")

    # The ranking: what a site blocks.  The marker in the unit's own
    # function has more statements but no out-of-line copy of an inline
    # function; the header's locked_inc has one, reached by two calls.
    run(plug + ["-I", os.path.join(srcdir, "tests", "analyzer", "src"),
                os.path.join(srcdir, "tests", "analyzer", "src", "sites-rank.c"),
                "-o", "rank.o"])
    rows = json.loads(run([asmscan, "sites", "-f", "json", "rank.o"]).stdout)["sites"]["sites"]
    shape = [(os.path.basename(r["spelling_file"]), r["statements"], r["copies"],
              r["call_sites"]) for r in rows]
    if shape != [("sites-rank.h", 1, 1, 2), ("sites-rank.c", 3, 0, 0)]:
        fail(f"ranking by what a site blocks: {shape}")

    # No records: said plainly, exit 0.
    run([cc, "-O2", "-c", os.path.join(srcdir, "tests", "plugin", "apply.c"),
         "-o", "plain.o"])
    p = run([asmscan, "sites", "plain.o"])
    if "no asminline records" not in p.stdout or p.stderr:
        fail(f"an object without records: {p.stdout!r} {p.stderr!r}")

    good = embedded.comment_section("apply.o")
    strings = good.split(b"\0")
    hostile(asmscan, "badjson.o", "apply.o",
            good + b'asminline/1 {"record":"stmt"\0', 2,
            "malformed asminline record")
    hostile(asmscan, "nosite.o", "apply.o",
            b"\0".join(s for s in strings if b'"record":"site"' not in s), 2,
            "which no string of the file has")
    hostile(asmscan, "version9.o", "apply.o",
            good + b'asminline/9 {"record":"site"}\0', 0, "unknown version")
    print(f"{TEST}: PASS: {len(got)} sites, {nedges} attributed edges, "
          f"line mapping = objdump --dwarf=decodedline, copies = nm; text, "
          f"JSON and SARIF agree; hostile .comment refused or noted")


if __name__ == "__main__":
    main()
