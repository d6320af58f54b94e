#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# e2e-check-against.py ASMSCAN PLUGIN PREPARE [KVER] — `asmscan check
# --against OLD NEW` on real Linux objects (6.1, or KVER: 6.12) built by
# Kbuild with the plugin in a private copy of the prepared x86_64_defconfig
# tree (tests/kernel/scratch.py), against an oracle written here from
# docs/reference/ci.md's rules and the plugin's JSON reports (no asmscan code):
#   - an out-of-tree module (tests/kernel/module, `make M=`), v1 -> v2:
#     its own new over-counted asm is the one new finding (exit 1, one
#     warning line at the asm's line); its new uses of the kernel's
#     headers are context notes, with paths relative to the tree;
#     v2 -> v3 (the asm converted): one fixed note, exit 0; v1 -> v3:
#     exit 0;
#   - in-tree units: OLD {kernel/fork.o, fs/readdir.o}, NEW with
#     lib/iov_iter.o added: every finding's state (new, context, unchanged)
#     as the oracle computes it from the reports; NEW = OLD: nothing new,
#     nothing context, exit 0; a unit dropped: only fixed findings, exit 0;
#   - paths: relative to the source tree by default, as recorded with
#     --srctree=, relative to DIR with --srctree DIR;
#   - errors: OLD built without the plugin, exit 2 "no asminline records";
#     --against with two inputs, or with --baseline: exit 2.
# Exit 0 pass, 1 fail, 77 skip (ASMINLINE_ALLOW_SKIP=1 only).
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "kernel"))
import scratch  # noqa: E402
sys.path.insert(0, HERE)
from check import fnv  # noqa: E402  (docs/reference/format.md's FNV-1a-64)
sys.path.insert(0, os.path.join(HERE, "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("analyzer-e2e-check-against")
MODULE = os.path.join(HERE, "..", "..", "kernel", "module")


def gcc_name(r, name):
    """docs/reference/format.md: srctree/name for a name relative to the record's
    srctree (a plugin that writes them so), else the name as it is."""
    t = r.get("srctree", "")
    if t and name and not name.startswith(("/", "./", "../")):
        return f"{t}/{name}"
    return name


def read_report(path):
    """Records with GCC's names (tu, file, spelling_file)."""
    asm, edges = [], []
    for line in open(path):
        r = json.loads(line)
        for k in ("tu", "file", "spelling_file"):
            if k in r:
                r[k] = gcc_name(r, r[k])
        if r.get("record") == "asm":
            asm.append(r)
        elif r.get("record") == "edge":
            edges.append(r)
    return asm, edges


class Oracle:
    """docs/reference/ci.md, "Before and after a change", from JSON reports."""

    def __init__(self, src):
        self.src = src.rstrip("/") + "/"

    def rel(self, p):
        if p.startswith(self.src):
            p = p[len(self.src):]
        while p.startswith("./") and len(p) > 2:
            p = p[2:]
        return p

    def in_tree(self, p):
        return p.startswith(self.src)

    def keys(self, r):
        f = self.rel(r["spelling_file"])
        return [("T", f, r["template"]),
                ("L", f, r["spelling_line"], r["gcc_count"], r["est_insns"])]

    def states(self, old, new):
        old_asm, old_edges = old
        new_asm, new_edges = new
        known = {k for r in old_asm for k in self.keys(r)}

        def site_new(r):
            if self.in_tree(r["spelling_file"]) and not self.in_tree(r["tu"]):
                return False
            return not any(k in known for k in self.keys(r))

        old_fps = {("asm", r["fingerprint"]) for r in old_asm if r["flagged"]}
        old_fps |= {("edge", fnv(e["caller"].encode() + b"\0" + e["callee"].encode()))
                    for e in old_edges if e["verdict"] == "blocked-by-asm"}
        by_fp = {}
        for r in new_asm:
            if r["flagged"]:
                by_fp.setdefault(("asm", r["fingerprint"]), []).append(site_new(r))
        stmt = {(r["tu"], r["fingerprint"]): r for r in new_asm if r["flagged"]}
        for e in new_edges:
            if e["verdict"] != "blocked-by-asm":
                continue
            fresh = any(site_new(stmt[(e["tu"], fp)]) for fp in e.get("fingerprints", [])
                        if (e["tu"], fp) in stmt)
            key = ("edge", fnv(e["caller"].encode() + b"\0" + e["callee"].encode()))
            by_fp.setdefault(key, []).append(fresh)
        out = {}
        for key, fresh in by_fp.items():
            out[key] = "unchanged" if key in old_fps else "new" if any(fresh) else "context"
        for key in old_fps - set(by_fp):
            out[key] = "fixed"
        return out


def findings(asmscan, old, new, extra=()):
    p = run([asmscan, "check", "-f", "json", "--against", old, new] + list(extra), want=None)
    doc = json.loads(p.stdout)
    return p.returncode, {(f["kind"], f["fingerprint"]): f for f in doc["check"]["findings"]}


def compare_states(what, got, want):
    gs = {k: f["state"] for k, f in got.items()}
    if gs != want:
        diff = sorted(set(gs.items()) ^ set(want.items()))
        fail(f"{what}: states differ from the oracle's (asmscan xor oracle): {diff[:10]}")


def main():
    if len(sys.argv) < 4:
        fail("usage: e2e-check-against.py ASMSCAN PLUGIN PREPARE [KVER]")
    asmscan, plugin, prepare = (os.path.abspath(a) for a in sys.argv[1:4])
    kver = sys.argv[4] if len(sys.argv) > 4 else "6.1"
    work = scratch.workdir(TEST, kver)
    s = scratch.Scratch(TEST, prepare, kver)
    oracle = Oracle(s.src)
    flags = f"-fplugin={plugin} -fplugin-arg-asminline-diag=none"

    # --- an out-of-tree module, three versions, one directory ---
    mod = os.path.join(work, "mod")
    os.makedirs(mod)
    shutil.copy(os.path.join(MODULE, "Kbuild"), mod)
    reports = {}
    for v in ("v1", "v2", "v3"):
        shutil.copy(os.path.join(MODULE, f"demo-{v}.c"), os.path.join(mod, "demo.c"))
        rep = os.path.join(work, f"{v}.jsonl")
        s.module(mod, ["demo.o"], kcflags=f"{flags} -fplugin-arg-asminline-report={rep}")
        os.makedirs(v)
        shutil.copy(os.path.join(mod, "demo.o"), os.path.join(v, "demo.o"))
        reports[v] = read_report(rep)
    v2src = open(os.path.join(MODULE, "demo-v2.c")).read().splitlines()
    asm_line = next(i + 1 for i, t in enumerate(v2src) if 'asm volatile("1: nop' in t)

    p = run([asmscan, "check", "--against", "v1/demo.o", "v2/demo.o"], want=1)
    warns = [ln for ln in p.stdout.splitlines() if ": warning: " in ln]
    want = f"{mod}/demo.c:{asm_line}: warning: asm in demo_mark charged"
    if len(warns) != 1 or not warns[0].startswith(want):
        fail(f"module v1 -> v2: wanted one warning '{want}...', got:\n{p.stdout}")
    ctx = [ln for ln in p.stdout.splitlines() if ": note: context: " in ln]
    if not ctx or any(ln.startswith("/") or "spelled in the kernel tree" not in ln for ln in ctx):
        fail(f"module v1 -> v2: context notes should name tree-relative headers:\n{p.stdout}")
    rc, got = findings(asmscan, "v1/demo.o", "v2/demo.o")
    compare_states("module v1 -> v2", got, oracle.states(reports["v1"], reports["v2"]))
    if not any(f["state"] == "context" and f["kind"] == "asm" for f in got.values()):
        fail("module v1 -> v2: no context finding (set_bit's asm)")

    p = run([asmscan, "check", "--against", "v2/demo.o", "v3/demo.o"], want=0)
    fixed = [ln for ln in p.stdout.splitlines() if ": note: fixed: " in ln]
    if len(fixed) != 1 or "demo_mark" not in fixed[0]:
        fail(f"module v2 -> v3: wanted one fixed note for demo_mark:\n{p.stdout}")
    rc, got = findings(asmscan, "v2/demo.o", "v3/demo.o")
    compare_states("module v2 -> v3", got, oracle.states(reports["v2"], reports["v3"]))
    run([asmscan, "check", "--against", "v1/demo.o", "v3/demo.o"], want=0)
    print(f"{TEST}: {kver}: module: v1->v2 1 new + {len(ctx)} context, v2->v3 1 fixed", flush=True)

    # --- in-tree units ---
    units = ["kernel/fork.o", "fs/readdir.o"]
    added = "lib/iov_iter.o"
    rep = os.path.join(work, "tree.jsonl")
    objs = s.make(units + [added], kcflags=f"{flags} -fplugin-arg-asminline-report={rep}")
    asm, edges = read_report(rep)
    tu_of = {o: os.path.join(s.src, o[:-2] + ".c") for o in units + [added]}
    for side, members in (("old", units), ("new", units + [added]), ("less", units[:1])):
        os.makedirs(side)
        for o in members:
            shutil.copy(os.path.join(s.obj, o), os.path.join(side, o.replace("/", "_")))

    def part(members):
        tus = {tu_of[o] for o in members}
        return ([r for r in asm if r["tu"] in tus], [e for e in edges if e["tu"] in tus])

    rc, got = findings(asmscan, "old", "new")
    want = oracle.states(part(units), part(units + [added]))
    compare_states("units + lib/iov_iter.o", got, want)
    count = {st: sum(1 for v in want.values() if v == st) for st in ("new", "context", "unchanged")}
    if rc != (1 if count["new"] else 0):
        fail(f"units + lib/iov_iter.o: exit {rc} with {count['new']} new")
    if not count["context"] or not count["unchanged"]:
        fail(f"units + lib/iov_iter.o: the case should have context and unchanged findings: {count}")
    p = run([asmscan, "check", "--against", "old", "new"], want=None)
    for ln in p.stdout.splitlines():
        if ln.startswith(s.src):
            fail(f"a path not relative to the tree: {ln}")
    p2 = run([asmscan, "check", "--srctree=", "--against", "old", "new"], want=None)
    if not any(ln.startswith(s.src) for ln in p2.stdout.splitlines()):
        fail("--srctree= should print the paths as recorded (absolute)")
    p3 = run([asmscan, "check", "--srctree", os.path.join(s.src, "arch"), "--against", "old", "new"], want=None)
    if not any(ln.startswith("x86/include/") for ln in p3.stdout.splitlines()):
        fail(f"--srctree SRC/arch should print x86/include/... paths:\n{p3.stdout[:2000]}")

    rc, got = findings(asmscan, "old", "old")
    if rc != 0 or any(f["state"] != "unchanged" for f in got.values()) or not got:
        fail("OLD against itself: every finding should be unchanged, exit 0")
    rc, got = findings(asmscan, "old", "less")
    compare_states("fs/readdir.o dropped", got, oracle.states(part(units), part(units[:1])))
    if rc != 0 or not any(f["state"] == "fixed" for f in got.values()):
        fail("a unit dropped: fixed findings and exit 0 wanted")
    print(f"{TEST}: {kver}: units: {count['new']} new, {count['context']} context, "
          f"{count['unchanged']} unchanged with lib/iov_iter.o added", flush=True)

    # --- errors ---
    os.makedirs("plain")
    s.make(units[:1], kcflags="")
    shutil.copy(os.path.join(s.obj, units[0]), "plain/fork.o")
    p = run([asmscan, "check", "--against", "plain", "old"], want=2)
    if "no asminline records" not in p.stderr:
        fail(f"OLD without records: wanted 'no asminline records' on stderr:\n{p.stderr}")
    run([asmscan, "check", "--against", "old", "new", "less"], want=2)
    run([asmscan, "check", "--against", "old", "--baseline", "b.txt", "new"], want=2)
    print(f"{TEST}: PASS: Linux {kver}: module and in-tree units as the oracle says")


if __name__ == "__main__":
    main()
