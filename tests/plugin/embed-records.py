#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# embed-records.py PLUGIN CC TESTDIR — the embedded-records test, run by
# embed.sh in an empty working directory.  Oracles: the JSON Lines report
# of the same compilation, objcopy (what .comment holds), ld (what a link
# keeps and says).
#
#   - report.c compiled with the defaults (embed=1): the unit record counts
#     every statement of the report, and the asm records it lists, with
#     "tu" filled in, are exactly the report's flagged records; the same
#     for embed-bytes.c, whose templates hold every kind of byte the GAS
#     string escape meets;
#   - apply.c (a wrapper of 11 LOCK_PREFIX asm refused for size): the edge
#     records the unit lists are exactly the report's blocked-by-asm edges,
#     the same after a link, and each names flagged stmts of its unit;
#   - the same records through -S and the assembler, with -g, and with
#     -fno-ident (no .comment before ours), the assembler silent;
#   - embed=0, -fPIC, -DBUILD_VDSO (the kernel carries vDSO images whole,
#     .comment included, as data): nothing embedded, and no note;
#   - the kernel-like example's two units linked: ld says nothing it did
#     not say without the plugin, the loaded bytes are identical (build ID
#     off: it hashes the whole file), a header statement shared by both
#     units is one string, and each unit still finds all its records;
#   - -flto: a note says nothing is embedded, and the link still works.
# Exit 0 pass, 1 fail, 77 skip.
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import embedded  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("plugin-embed")


def load_report(path, record="asm"):
    with open(path, encoding="utf-8") as f:
        return [r for r in map(json.loads, f) if r["record"] == record]


def check_edges(obj, report_path, what):
    """obj's embedded edges are the report's blocked-by-asm edges, and each
    edge's fingerprints are those of flagged stmts of its own unit."""
    units, stmts, edges = embedded.read_all(obj)
    want = [r for r in load_report(report_path, "edge")
            if r["verdict"] == "blocked-by-asm"]
    if canon(edges) != canon(want):
        fail(f"{what}: embedded edges differ from the report's blocked-by-asm "
             f"edges:\n  only embedded: {list(canon(edges) - canon(want))[:2]}"
             f"\n  only in report: {list(canon(want) - canon(edges))[:2]}")
    fps = {(s["tu"], s["fingerprint"]) for s in stmts}
    for e in edges:
        missing = [f for f in e["fingerprints"] if (e["tu"], f) not in fps]
        if missing:
            fail(f"{what}: edge {e['caller']} -> {e['callee']} names "
                 f"fingerprints no stmt of {e['tu']} has: {missing}")
    return edges


def canon(recs):
    return collections.Counter(json.dumps(r, sort_keys=True) for r in recs)


def check_against_report(obj, report, what):
    """obj's embedded records say what the report says, unit by unit."""
    units, stmts = embedded.read(obj)
    tus = sorted({r["tu"] for r in report})
    if sorted(u["tu"] for u in units) != tus:
        fail(f"{what}: units {[u['tu'] for u in units]}, report has {tus}")
    for u in units:
        recs = [r for r in report if r["tu"] == u["tu"]]
        flagged = [r for r in recs if r["flagged"]]
        kinds = collections.Counter(r["kind"] for r in recs)
        want = {
            "statements": len(recs),
            "flagged": len(flagged),
            "asm_inline": sum(r["asm_inline"] for r in recs),
            "applied": sum(r["applied"] for r in recs),
            "gcc_count": sum(r["gcc_count"] for r in recs),
            "est_insns": sum(r["est_insns"] for r in recs),
            "overcount": sum(r["gcc_count"] - r["est_insns"] for r in flagged),
            "kinds": dict(kinds),
            "format_version": 1,
            "mode": "warn",
            "threshold": 4,
        }
        for key, val in want.items():
            if u.get(key) != val:
                fail(f"{what}: unit {u['tu']}: {key} is {u.get(key)!r}, "
                     f"the report says {val!r}")
        mine = [s for s in stmts if s["tu"] == u["tu"]]
        if canon(mine) != canon(flagged):
            fail(f"{what}: unit {u['tu']}: embedded records differ from the "
                 f"report's flagged records:\n"
                 f"  only embedded: {list((canon(mine) - canon(flagged)))[:2]}\n"
                 f"  only in report: {list((canon(flagged) - canon(mine)))[:2]}")
    return units, stmts


def asm_strings(obj):
    """The raw asminline strings of obj's .comment, with repetitions."""
    data = embedded.comment_section(obj)
    return [s for s in data.split(b"\0") if s.startswith(b"asminline/")]


def main():
    plugin, cc, testdir = sys.argv[1:4]
    src = os.path.join(testdir, "report.c")
    example = os.path.join(testdir, "..", "..", "examples", "kernel-like")
    base = [cc, "-O2", "-fno-inline", f"-fplugin={plugin}",
            "-fplugin-arg-asminline-diag=none"]

    # The defaults embed; the report is the oracle.
    run(base + ["-c", src, "-o", "a.o", "-fplugin-arg-asminline-report=a.jsonl"])
    report = load_report("a.jsonl")
    units, stmts = check_against_report("a.o", report, "report.c")
    if not stmts:
        fail("report.c: no flagged statement embedded: test premise broken")
    if b"GCC: (" not in embedded.comment_section("a.o"):
        fail("GCC's own .ident string is gone from .comment")

    # Every kind of byte through the GAS string escape and back.
    run(base + ["-c", os.path.join(testdir, "embed-bytes.c"), "-o", "b.o",
                "-fplugin-arg-asminline-report=b.jsonl"])
    if len(check_against_report("b.o", load_report("b.jsonl"),
                                "embed-bytes.c")[1]) != 2:
        fail("embed-bytes.c: not 2 flagged statements embedded: test premise broken")
    run(base + ["-S", os.path.join(testdir, "embed-bytes.c"), "-o", "b.s"])
    idents = [l for l in open("b.s", "rb").read().split(b"\n")
              if l.startswith(b'\t.ident\t"asminline/')]
    if len(idents) < 3 or any(b >= 0x80 for l in idents for b in l):
        fail("embed-bytes.c: a .ident string holds a byte not written in octal")

    # -S then the assembler; -g; -fno-ident (GAS makes .comment for our
    # first .ident): the same strings, and not a word from the assembler.
    # Edges: the constructed refusal of apply.c, blocked by its asm.
    run(base[:2] + base[3:] + ["-c", os.path.join(testdir, "apply.c"),
                               "-o", "e.o", "-fplugin-arg-asminline-report=e.jsonl"])
    edges = check_edges("e.o", "e.jsonl", "apply.c")
    if not edges:
        fail("apply.c: no blocked-by-asm edge embedded: test premise broken")
    run([cc, "-nostdlib", "-Wl,-e,0", "e.o", "-o", "e.out"])
    if canon(check_edges("e.out", "e.jsonl", "apply.c linked")) != canon(edges):
        fail("apply.c: the link lost or merged edge records")

    run(base + ["-S", src, "-o", "s.s"])
    p = run([cc, "-c", "s.s", "-o", "s.o"])
    if p.stderr or b'.ident\t"asminline/1 ' not in open("s.s", "rb").read():
        fail(f"-S: no .ident directive, or the assembler said:\n{p.stderr}")
    for flag in ("-g", "-fno-ident"):
        p = run(base + [flag, "-c", src, "-o", f"{flag[1:]}.o"])
        if p.stderr:
            fail(f"{flag}: the compile said:\n{p.stderr}")
    for obj in ("s.o", "g.o", "fno-ident.o"):
        if canon(embedded.read(obj)[1]) != canon(stmts) or \
                asm_strings(obj) != asm_strings("a.o"):
            fail(f"{obj}: embedded strings differ from a plain -c compile")

    run(base + ["-c", src, "-o", "off.o", "-fplugin-arg-asminline-embed=0"])
    if asm_strings("off.o"):
        fail("embed=0 still embedded records")

    # Code the kernel carries whole as data (vDSO, purgatory): no records,
    # no note; PIE code is not that.  A vDSO-like .so, stripped as Kbuild
    # does (objcopy -S keeps .comment), has none either.
    for flags, want in ((["-fPIC"], False), (["-fpic", "-m32"], False),
                        (["-DBUILD_VDSO"], False), (["-fPIE"], True)):
        p = run(base + flags + ["-c", src, "-o", "pic.o"])
        if bool(asm_strings("pic.o")) != want or "not embedded" in p.stderr:
            fail(f"{' '.join(flags)}: records {'missing' if want else 'embedded'}"
                 f" or a note:\n{p.stderr}")
    run(base + ["-fPIC", "-shared", "-nostdlib", src, "-o", "vdso.so.dbg"])
    run(["objcopy", "-S", "vdso.so.dbg", "vdso.so"])
    if asm_strings("vdso.so"):
        fail("a -fPIC shared object carries records")

    # Two units linked, with and without the plugin.
    ex = [cc, "-O2", "-g", "-Wall", "-I", os.path.join(example, "include")]
    link = [cc, "-nostdlib", "-Wl,-e,0", "-Wl,--build-id=none",
            "-Wl,--orphan-handling=warn"]
    objs = {}
    for mode in ("none", "plugin"):
        objs[mode] = []
        for unit in ("reader", "writer"):
            obj = f"{mode}-{unit}.o"
            extra = [] if mode == "none" else [
                f"-fplugin={plugin}", "-fplugin-arg-asminline-diag=none",
                "-fplugin-arg-asminline-report=ex.jsonl"]
            run(ex + extra + ["-c", os.path.join(example, unit + ".c"),
                              "-o", obj])
            objs[mode].append(obj)
    lnone = run(link + objs["none"] + ["-o", "none.out"])
    lplug = run(link + objs["plugin"] + ["-o", "plugin.out"])
    said = [l.replace("plugin-", "none-") for l in lplug.stderr.splitlines()]
    if said != lnone.stderr.splitlines():
        fail(f"the link says something new with embedded records:\n"
             f"{lplug.stderr}\nwithout the plugin:\n{lnone.stderr}")
    for out in ("none", "plugin"):
        run(["objcopy", "-O", "binary", f"{out}.out", f"{out}.bin"])
    with open("none.bin", "rb") as f1, open("plugin.bin", "rb") as f2:
        if f1.read() != f2.read():
            fail("the loaded bytes of the linked file differ with the plugin")

    report = load_report("ex.jsonl")
    for obj in objs["plugin"]:
        tu = [r for r in report if r["tu"].endswith(obj.split("-")[1][:-2] + ".c")]
        check_against_report(obj, tu, obj)
    check_against_report("plugin.out", report, "linked")
    per_obj = [s for obj in objs["plugin"] for s in asm_strings(obj)]
    linked = asm_strings("plugin.out")
    if len(linked) != len(set(linked)) or set(linked) != set(per_obj):
        fail("the link did not keep exactly one copy of each string")
    shared = len(per_obj) - len(linked)
    if shared < 1:
        fail("no string shared by the two units: test premise broken")

    # -flto: say so, embed nothing, link fine.
    p = run(base + ["-flto", "-c", src, "-o", "lto.o"])
    if "records are not embedded" not in p.stderr:
        fail(f"-flto: no note saying records are not embedded:\n{p.stderr}")
    if asm_strings("lto.o"):
        fail("-flto: records embedded in a slim LTO object")
    run([cc, "-O2", "-flto", "-nostdlib", "-Wl,-e,0", "lto.o", "-o", "lto.out"])

    print(f"{TEST}: PASS: {len(stmts)} flagged records of {units[0]['statements']} "
          f"statements equal to the report; {len(edges)} blocked-by-asm edges "
          f"equal to the report's, linked too; -S and -g alike; linked: "
          f"{shared} shared string(s) kept once, loaded bytes unchanged, "
          f"no new linker message; -flto: noted, nothing embedded")


if __name__ == "__main__":
    main()
