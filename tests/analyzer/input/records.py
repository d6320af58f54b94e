#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# records.py DUMP PLUGIN CC SRCDIR — the record reader (analyzer/records.c,
# driven by records-dump) against tests/plugin/embedded.py, an independent
# reader written from docs/reference/format.md, on objects the plugin compiles now:
#   - apply.c (11 LOCK_PREFIX asm, blocked-by-asm edges) and report.c:
#     the same units, (unit, stmt) records and edges, field by field;
#   - a linked file of both, and the two .comment dumps read together:
#     units read twice count once;
#   - hostile .comment sections: bad JSON, a wrong id (a stmt naming a site
#     no string has, a unit naming a missing stmt or edge), a field of the
#     wrong type, a missing NUL: exit 2 and one line naming the file;
#     an unknown version (asminline/2): skipped, one note, exit 0.
# Exit 0 pass, 1 fail, 77 skip.
import collections
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("analyzer-records")


def dump(tool, *files):
    p = run([tool, *files], want=None, text=False)
    lines = [json.loads(l) for l in p.stdout.decode().splitlines()]
    return p.returncode, lines, p.stderr.decode()


def canon(recs):
    return collections.Counter(json.dumps(r, sort_keys=True) for r in recs)


ASM_KEYS = ("tu", "function", "file", "line", "column", "fingerprint",
            "spelling_file", "spelling_line", "template", "kind",
            "gcc_count", "est_insns", "asm_inline", "flagged")
EDGE_KEYS = ("tu", "caller", "callee", "file", "line", "verdict",
             "fingerprints")


def expected(obj):
    units, stmts, edges = embedded.read_all(obj)
    return (sorted(u["tu"] for u in units),
            canon({k: s[k] for k in ASM_KEYS} for s in stmts),
            canon({k: e[k] for k in EDGE_KEYS} for e in edges))


def got(lines):
    return (sorted(l["tu"] for l in lines if l["record"] == "unit"),
            canon({k: l[k] for k in ASM_KEYS} for l in lines
                  if l["record"] == "asm"),
            canon({k: l[k] for k in EDGE_KEYS} for l in lines
                  if l["record"] == "edge"))


def comment(obj, out):
    run(["objcopy", "--dump-section", f".comment={out}", obj, out + ".copy"])
    return open(out, "rb").read()


def hostile(tool, name, data, want_rc, want):
    with open(name, "wb") as f:
        f.write(data)
    rc, _, err = dump(tool, name)
    lines = [l for l in err.splitlines() if l]
    if rc != want_rc or len(lines) != 1 or not lines[0].startswith(
            f"asmscan: {name}: ") or want not in lines[0]:
        fail(f"{name}: exit {rc}, stderr {err!r}; wanted exit {want_rc} and "
             f"one line naming the file with {want!r}")


def main():
    tool, plugin, cc, srcdir = sys.argv[1:5]
    sys.path.insert(0, os.path.join(srcdir, "tests", "plugin"))
    global embedded
    import embedded  # noqa: E402
    plug = [cc, "-O2", "-c", f"-fplugin={plugin}",
            "-fplugin-arg-asminline-diag=none"]
    for unit in ("apply", "report"):
        run(plug + [os.path.join(srcdir, "tests", "plugin", unit + ".c"),
                    "-o", unit + ".o"])
    run([cc, "-nostdlib", "-Wl,-e,0", "-Wl,--unresolved-symbols=ignore-all",
         "apply.o", "report.o", "-o", "linked"])
    for obj in ("apply.o", "report.o", "linked"):
        rc, lines, err = dump(tool, comment(obj, obj + ".comment") and
                              obj + ".comment")
        if rc or err:
            fail(f"{obj}: exit {rc}: {err}")
        if got(lines) != expected(obj):
            fail(f"{obj}: records-dump and embedded.py disagree:\n"
                 f"  records-dump: {got(lines)}\n  embedded.py: {expected(obj)}")
    if not expected("apply.o")[2]:
        fail("apply.o: no edge embedded: test premise broken")
    rc, lines, err = dump(tool, "apply.o.comment", "report.o.comment",
                          "linked.comment")
    if rc or got(lines) != expected("linked"):
        fail(f"read together, units were not counted once: {err}")

    good = open("apply.o.comment", "rb").read()
    strings = good.split(b"\0")
    stmt = next(s for s in strings if b'"record":"stmt"' in s)
    site = next(s for s in strings if b'"record":"site"' in s)
    edge = next(s for s in strings if b'"record":"edge"' in s)
    unit = next(s for s in strings if b'"record":"unit"' in s)

    def without(*gone):
        return b"\0".join(s for s in strings if s not in gone)

    hostile(tool, "badjson", good + b'asminline/1 {"record":"site",\0', 2,
            "malformed asminline record")
    hostile(tool, "nosite", without(*[s for s in strings
                                       if b'"record":"site"' in s]), 2,
            "which no string of the file has")
    hostile(tool, "nostmt", without(stmt), 2, "lists stmt")
    hostile(tool, "noedge", without(edge), 2, "lists edge")
    at = unit.index(b'"stmts":["') + len(b'"stmts":["')
    flipped = b"0" if unit[at:at + 1] != b"0" else b"1"
    hostile(tool, "wrongid", good.replace(
        unit, unit[:at] + flipped + unit[at + 1:]), 2, "lists stmt")
    hostile(tool, "badtype", good.replace(site, site.replace(
        b'"gcc_count":', b'"gcc_count":"', 1).replace(
        b',"str_count"', b'","str_count"', 1)), 2, '"gcc_count" is not an integer')
    hostile(tool, "nonul", good.rstrip(b"\0") + b"\0" + unit, 2,
            "has no NUL")
    hostile(tool, "version2", good + b'asminline/2 {"record":"whatever"}\0',
            0, "unknown version")
    rc, lines, _ = dump(tool, "version2")
    if got(lines) != expected("apply.o"):
        fail("an asminline/2 string changed what was read")
    print(f"{TEST}: PASS: records-dump = embedded.py on apply.o, report.o and "
          f"their link ({sum(expected('linked')[1].values())} statements, "
          f"{sum(expected('linked')[2].values())} edges); 7 hostile sections "
          f"refused with one line, asminline/2 skipped with a note")


if __name__ == "__main__":
    main()
