#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""intree_kernel -- file names in a Linux tree built in place (no O=).

intree_kernel.py [--kver newest|6.12|6.1] PLUGIN ASMSCAN

Linux 7.2 passes -fmacro-prefix-map=$(srcroot)/= only to builds out of
the tree; built in place, GCC names the headers "./include/linux/..." and
"././include/linux/compiler_types.h" (an -include file) and no prefix map
says where the tree is.  The unpacked source of the series
(tests/kernel/prepare-kernel.sh) is copied into this test's directory --
what x86_64_defconfig, `make prepare` and kernel/fork.o read: all but the
other architectures and Documentation/, drivers/, sound/, fs/ and net/,
of which only the Kconfig files and Makefiles are taken (280 of 1,800 MB)
-- and
Kbuild builds kernel/fork.o there with KCFLAGS="-g -fplugin=PLUGIN ...".
Checked:

  premise  GCC's own names (the same command with srctree=none) include
           "./..." ones, and the command line passes no prefix map (in
           6.1 and 6.12 it does: -fmacro-prefix-map=./=);
  records  the report's and the embedded records of kernel/fork.c: tu
           "kernel/fork.c", srctree the copy, and every file and
           spelling_file a clean name of a file of the tree (no "./", not
           absolute); each is GCC's name, cleaned; the verbose traces the
           same;
  asmscan  `sites -f json` and `check` name the sites so, and the line
           tables place the statements in as many functions as for the
           object compiled with srctree=none (GCC's "./" names), at
           least one;
  module   tests/kernel/module's demo-v2.c built against that tree
           (make -C TREE M=DIR demo.o; 7.2 compiles it in DIR with no
           prefix map): srctree the kernel's tree, the kernel's headers
           relative to it, the module's own asm in "demo.c".
Prints the version of the kernel.  Exit 0 pass, 1 fail; no tree: fail,
or 77 with ASMINLINE_ALLOW_SKIP=1 (tests/kernel/tree.py).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))
sys.path.insert(0, os.path.join(HERE, "..", "kernel"))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import crash  # noqa: E402
import embedded  # noqa: E402
import kernel_accuracy as ka  # noqa: E402
import testlib  # noqa: E402
import tree  # noqa: E402
from testlib import fail  # noqa: E402

TEST = testlib.name("plugin-intree")
MODULE = os.path.join(HERE, "..", "kernel", "module")
UNIT = "kernel/fork.o"
# Top directories whose sources the unit and `make prepare` never read,
# and the other architectures; Kconfig reads every Kconfig file (crypto/
# Kconfig sources arch/*/crypto/Kconfig), Kbuild every Makefile.
SOURCES_UNREAD = ("Documentation", "drivers", "sound", "fs", "net")
KEEP = re.compile(r"^(Kconfig|Makefile|Kbuild)")
TRACE = re.compile(r"^asminline: (?P<file>[^:\s]+):\d+: ", re.M)


def copy_tree(src, dst):
    """src into dst, but what an x86_64 in-tree build of UNIT never reads
    (about 280 MB of 1.8 GB): a list of names, copied by tar."""
    names = []
    for d, dirs, files in os.walk(src):
        rel = os.path.relpath(d, src)
        parts = rel.split(os.sep)
        unread = parts[0] in SOURCES_UNREAD or (parts[0] == "arch" and len(parts) > 1
                                                and parts[1] != "x86")
        names += [os.path.normpath(os.path.join(rel, f)) for f in files
                  if not unread or KEEP.match(f)]
        names += [os.path.normpath(os.path.join(rel, x)) for x in dirs
                  if os.path.islink(os.path.join(d, x))]
    os.makedirs(dst)
    pack = subprocess.Popen(["tar", "-C", src, "--null", "-T", "-", "-cf", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    unpack = subprocess.Popen(["tar", "-C", dst, "-xf", "-"], stdin=pack.stdout)
    pack.stdout.close()
    pack.stdin.write("\0".join(names).encode())
    pack.stdin.close()
    if pack.wait() or unpack.wait():
        fail("cannot copy %s into %s (tar)" % (src, dst))


def run(cmd, cwd, what):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                       env=dict(os.environ, LC_ALL="C"))
    why = crash.crashed(r.returncode, r.stdout + r.stderr)
    if why:
        fail("%s: %s:\n%s" % (what, why, r.stderr[-3000:]))
    return r


def asm_records(path, tu):
    with open(path) as f:
        recs = [json.loads(x) for x in f]
    return [r for r in recs if r["record"] == "asm" and r["tu"] == tu]


def check_names(what, recs, top):
    """Every name a clean relative name of a file of the tree."""
    for r in recs:
        for key in ("file", "spelling_file"):
            f = r[key]
            if f.startswith(("./", "/")) or os.path.normpath(f) != f or \
                    not os.path.isfile(os.path.join(top, f)):
                fail("%s: %s %r is not a clean name of a file of the tree" % (what, key, f))


def sites_json(asmscan, obj, cwd):
    r = run([asmscan, "sites", "-f", "json", obj], cwd, "asmscan sites " + obj)
    if r.returncode != 0:
        fail("asmscan sites %s exited %d:\n%s" % (obj, r.returncode, r.stderr))
    return {(s["spelling_file"], s["spelling_line"]): s.get("line_functions")
            for s in json.loads(r.stdout)["sites"]["sites"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kver", default="newest", choices=ka.KVERS)
    ap.add_argument("plugin")
    ap.add_argument("asmscan")
    args = ap.parse_args()
    plugin, asmscan = os.path.abspath(args.plugin), os.path.abspath(args.asmscan)
    global TEST
    TEST = "plugin-intree-" + args.kver
    src, _ = ka.prepare_kernel("x86_64", TEST, args.kver)
    release = tree.release(src)
    work = os.getcwd()
    top = os.path.join(work, "linux")
    shutil.rmtree(top, ignore_errors=True)
    t0 = time.time()
    copy_tree(src, top)
    t1 = time.time()
    make = ["nice", "-n", "10", "make", "-s", "ARCH=x86_64", "-j2"] + ka.kernel_cc_args()
    report = os.path.join(work, "report.jsonl")
    if os.path.exists(report):
        os.unlink(report)
    kcflags = ("-g -fplugin=%s -fplugin-arg-asminline-report=%s -fplugin-arg-asminline-rerun=0"
               % (plugin, report))
    for step in (["defconfig"], ["KCFLAGS=" + kcflags, UNIT]):
        r = run(make + step, top, "make " + step[-1])
        if r.returncode != 0:
            fail("make %s in the copy:\n%s" % (" ".join(step), (r.stdout + r.stderr)[-3000:]))
    t2 = time.time()
    print("%s: Linux %s (%s) built in place: %s in %.0f s (copy %.0f s)" %
          (TEST, release, args.kver, UNIT, t2 - t1, t1 - t0), flush=True)

    argv = ka.compile_command(top, UNIT)
    tu = os.path.relpath(os.path.join(top, argv[-1]), top)
    maps = [a for a in argv if a.startswith(("-fmacro-prefix-map", "-ffile-prefix-map"))]
    recs = asm_records(report, tu)
    if not recs:
        fail("no records of %s in the report (premise)" % tu)
    if any(r["srctree"] != os.path.realpath(top) for r in recs):
        fail("srctree %r, expected the tree %s" % (recs[0]["srctree"], os.path.realpath(top)))
    check_names("report", recs, top)
    units, stmts = embedded.read(os.path.join(top, UNIT))
    if [u["tu"] for u in units] != [tu] or not stmts:
        fail("embedded: units %r, %d statements" % ([u["tu"] for u in units], len(stmts)))
    check_names("embedded", stmts, top)

    # The same command, srctree=none: GCC's names, the object asmscan
    # compares with; verbose: the traces.
    plain = [a for a in argv if not a.startswith("-fplugin-arg-asminline-")]
    none_o = os.path.join(work, "fork-none.o")
    none_rep = os.path.join(work, "none.jsonl")
    for p in (none_o, none_rep):
        if os.path.exists(p):
            os.unlink(p)
    cmd = ka.to_asm_command(plain, UNIT, none_o, os.path.join(work, "none.d"), step="-c")
    cmd += ["-fplugin-arg-asminline-report=" + none_rep, "-fplugin-arg-asminline-rerun=0",
            "-fplugin-arg-asminline-srctree=none"]
    r = run(cmd, top, "the compile with srctree=none")
    if r.returncode != 0:
        fail("the compile with srctree=none failed:\n%s" % r.stderr[-3000:])
    gcc = asm_records(none_rep, tu)
    dotted = sorted({r[k] for r in gcc for k in ("file", "spelling_file") if r[k].startswith("./")})
    if not dotted:
        fail("GCC names no file \"./...\" here: not the shape this test is about (premise)")
    if len(gcc) != len(recs) or any(
            os.path.normpath(g[k]) != n[k] for g, n in zip(gcc, recs)
            for k in ("file", "spelling_file")):
        fail("the names are not GCC's names cleaned")
    r = run(cmd[:-3] + ["-fplugin-arg-asminline-rerun=0", "-fplugin-arg-asminline-verbose",
                        "-fplugin-arg-asminline-diag=none"], top, "the compile with verbose")
    traced = {m["file"] for m in TRACE.finditer(r.stderr)}
    if not traced or any(f.startswith(("./", "/")) for f in traced):
        fail("verbose traces name %r" % sorted(traced)[:8])

    sites = sites_json(asmscan, UNIT, top)
    sites_none = sites_json(asmscan, none_o, top)
    bad = [f for f, _ in sites if f.startswith(("./", "/"))]
    if bad:
        fail("asmscan sites names %r" % bad)
    cleaned = {(os.path.normpath(f), n): v for (f, n), v in sites_none.items()}
    if sites != cleaned or not sum(v or 0 for v in sites.values()):
        fail("asmscan sites: functions per site %r, with GCC's names %r" % (sites, sites_none))
    r = run([asmscan, "check", "--baseline", os.path.join(work, "none.baseline"), UNIT], top,
            "asmscan check")
    lines = [ln for ln in r.stdout.splitlines() if ": warning: asm in " in ln]
    if r.returncode != 1 or not lines or any(ln.startswith(("./", "/")) for ln in lines):
        fail("asmscan check exited %d: %r" % (r.returncode, lines[:4]))
    # An external module against that tree (M=): 7.2 compiles it in its
    # own directory, with no prefix map either.
    mod = os.path.join(work, "module")
    shutil.rmtree(mod, ignore_errors=True)
    os.makedirs(mod)
    shutil.copy(os.path.join(MODULE, "Kbuild"), mod)
    shutil.copy(os.path.join(MODULE, "demo-v2.c"), os.path.join(mod, "demo.c"))
    mod_rep = os.path.join(work, "module.jsonl")
    if os.path.exists(mod_rep):
        os.unlink(mod_rep)
    r = run(make + ["-C", top, "M=" + mod, "KCFLAGS=-fplugin=%s -fplugin-arg-asminline-report=%s "
                    "-fplugin-arg-asminline-rerun=0" % (plugin, mod_rep), "demo.o"], work,
            "make M=")
    if r.returncode != 0:
        fail("make M=%s demo.o:\n%s" % (mod, (r.stdout + r.stderr)[-3000:]))
    mrecs = asm_records(mod_rep, "demo.c")
    own = [m for m in mrecs if m["spelling_file"] == "demo.c"]
    if not own or any(m["srctree"] != os.path.realpath(top) for m in mrecs):
        fail("module: tu demo.c, srctree the kernel's tree and its own asm in demo.c expected: %r"
             % sorted({(m["tu"], m["srctree"], m["spelling_file"]) for m in mrecs}))
    check_names("module", [m for m in mrecs if m not in own], top)
    print("%s: PASS: Linux %s in place%s: %d records of %s, every name relative to the tree "
          "(GCC's: %d distinct \"./\" names, e.g. %s); asmscan: %d sites in %d functions, "
          "as with GCC's names; an M= module's records: the kernel's headers relative to "
          "the tree, its own file demo.c" %
          (TEST, release, " (prefix map: %s)" % " ".join(maps) if maps else ", no prefix map",
           len(recs), tu, len(dotted), max(dotted, key=lambda f: (f.count("./"), f)), len(sites), sum(v or 0 for v in sites.values())))


if __name__ == "__main__":
    main()
