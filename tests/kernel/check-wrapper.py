#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# check-wrapper.py PLUGIN PREPARE [KVER] — scripts/bin/asminline-check as
# Kbuild's CHECK (make C=1 / C=2, the way sparse runs) on real Linux
# objects (6.1, or KVER: 6.12, newest) in a private copy of the prepared tree
# (tests/kernel/scratch.py):
#   - after a plugin-free build, `make C=2 CHECK=asminline-check ...`
#     rebuilds nothing: every object, .cmd and .d file is byte for byte
#     what the plugin-free build left;
#   - the report holds one unit per object, whose records (flagged asm by
#     fingerprint, blocked-by-asm edges by caller and callee) are exactly
#     those of the same objects compiled with KCFLAGS=-fplugin=... ;
#   - C=1 checks only what is recompiled: nothing when all is up to date,
#     one unit when one object is rebuilt;
#   - a wrapper that cannot run the plugin fails the build and says why;
#     a call without --report is a usage error (exit 2).
# Exit 0 pass, 1 fail, 77 skip (ASMINLINE_ALLOW_SKIP=1 only).
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import scratch  # noqa: E402
import tree  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import testlib  # noqa: E402
from testlib import fail  # noqa: E402

TEST = testlib.name("kernel-check-wrapper")
WRAPPER = os.path.join(HERE, "..", "..", "scripts", "bin", "asminline-check")
UNITS = ["kernel/fork.o", "fs/readdir.o", "lib/iov_iter.o"]


def digest(paths):
    out = {}
    for p in paths:
        with open(p, "rb") as f:
            out[p] = hashlib.sha256(f.read()).hexdigest()
    return out


def records(path):
    """Units, flagged asm and blocked calls, with GCC's names of the units
    (docs/reference/format.md: srctree/tu when tu is relative to srctree)."""
    units, asm, edges = set(), set(), set()
    for line in open(path):
        r = json.loads(line)
        t = r.get("srctree", "")
        if t and "tu" in r and not r["tu"].startswith(("/", "./", "../")):
            r["tu"] = f"{t}/{r['tu']}"
        if r.get("record") == "asm" and r["flagged"]:
            asm.add((r["tu"], r["fingerprint"], r["spelling_line"]))
        elif r.get("record") == "edge" and r["verdict"] == "blocked-by-asm":
            edges.add((r["tu"], r["caller"], r["callee"]))
        if "tu" in r:
            units.add(r["tu"])
    return units, asm, edges


def main():
    if len(sys.argv) < 3:
        fail("usage: check-wrapper.py PLUGIN PREPARE [KVER]")
    plugin, prepare = (os.path.abspath(a) for a in sys.argv[1:3])
    kver = sys.argv[3] if len(sys.argv) > 3 else "6.1"
    wrapper = os.path.abspath(WRAPPER)
    work = scratch.workdir(TEST, kver)
    s = scratch.Scratch(TEST, prepare, kver)
    s.make(UNITS)
    touched = []
    for o in UNITS:
        d, f = os.path.split(o)
        touched += [os.path.join(s.obj, o), os.path.join(s.obj, d, f".{f}.cmd")]
    before = digest(touched)

    report = os.path.join(work, "check.jsonl")
    check = f"{wrapper} --plugin={plugin} --report={report}"
    s.make(UNITS, extra=["C=2", f"CHECK={check}"], clean=False)
    if digest(touched) != before:
        fail("make C=2 with the wrapper changed the real build's objects or .cmd files")
    units, asm, edges = records(report)
    want_units = {os.path.join(s.src, o[:-2] + ".c") for o in UNITS}
    if units != want_units:
        fail(f"C=2: units {sorted(units)}, wanted {sorted(want_units)}")

    direct = os.path.join(work, "direct.jsonl")
    s.make(UNITS, kcflags=f"-fplugin={plugin} -fplugin-arg-asminline-diag=none "
                          f"-fplugin-arg-asminline-report={direct}")
    _, want_asm, want_edges = records(direct)
    if asm != want_asm or edges != want_edges:
        fail(f"the wrapper's records differ from KCFLAGS's: asm {len(asm)} vs {len(want_asm)}, "
             f"edges {len(edges)} vs {len(want_edges)}; "
             f"{sorted(asm ^ want_asm)[:5]} {sorted(edges ^ want_edges)[:5]}")

    # C=1: only what is recompiled (KCFLAGS as the build had them)
    kc = f"-fplugin={plugin} -fplugin-arg-asminline-diag=none -fplugin-arg-asminline-report={direct}"
    c1 = os.path.join(work, "c1.jsonl")
    open(c1, "w").close()
    s.make(UNITS, kcflags=kc, extra=["C=1", f"CHECK={wrapper} --plugin={plugin} --report={c1}"],
           clean=False)
    if os.path.getsize(c1):
        fail("C=1 with everything up to date ran the check")
    os.unlink(os.path.join(s.obj, UNITS[1]))
    s.make(UNITS, kcflags=kc, extra=["C=1", f"CHECK={wrapper} --plugin={plugin} --report={c1}"],
           clean=False)
    units, _, _ = records(c1)
    if units != {os.path.join(s.src, UNITS[1][:-2] + ".c")}:
        fail(f"C=1 after {UNITS[1]} was removed: units {sorted(units)}")

    # failures are loud
    p = subprocess.run(["make", "-s", "-C", s.src, f"O={s.obj}", "C=2",
                        f"CHECK={wrapper} --plugin={work}/no-such.so --report={report}",
                        UNITS[1]] + s.cc, capture_output=True, text=True)
    if p.returncode == 0 or "no-such.so" not in p.stderr:
        fail(f"a plugin that does not load should fail the build and name it:\n{p.stderr[-1500:]}")
    p = subprocess.run([wrapper, "-D__linux__", "x.c"], capture_output=True, text=True)
    if p.returncode != 2 or "--report" not in p.stderr:
        fail(f"no --report: exit {p.returncode}, wanted 2 and a message: {p.stderr}")
    print(f"{TEST}: PASS: Linux {tree.release(s.src)} ({kver}): C=2 and C=1 with asminline-check: {len(asm)} flagged "
          f"statements and {len(edges)} blocked calls as KCFLAGS gives them, the build untouched")


if __name__ == "__main__":
    main()
