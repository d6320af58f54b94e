#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scratch -- a private O= copy of the prepared kernel tree, for harnesses
that build objects and out-of-tree modules with their own flags.

The prepared tree (tests/kernel/prepare-kernel.sh, through tree.py) is
shared by every kernel test; a harness that compiles with the plugin, or
changes flags, copies it under the series' lock into its own directory
and builds there, so the shared objects and .cmd files are left alone.

    s = scratch.Scratch("analyzer-e2e-check-against", prepare, "6.12")
    s.make(["kernel/fork.o"], kcflags="-fplugin=...")
    s.module("mod", ["demo.o"], kcflags="-fplugin=...")

Objects land in s.obj (the O= tree), a module's in its own directory.
A failed make fails the test with the tail of its log."""

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import testlib  # noqa: E402
import tree  # noqa: E402


def workdir(test, kver):
    """A new directory TEST-KVER in the test's own (testlib: under ctest
    its directory, emptied; by hand a new temporary one), entered."""
    work = os.path.join(testlib.workdir(test), f"{test}-{kver}")
    os.makedirs(work)
    os.chdir(work)
    return work


class Scratch:
    def __init__(self, test, prepare, kver="6.1", arch="x86_64", where="obj"):
        os.environ["ASMINLINE_KVER"] = kver
        self.test, self.kver = test, kver
        self.src, self.build = tree.prepare(arch, test, prepare)
        self.src = os.path.realpath(self.src)
        self.obj = os.path.abspath(where)
        cache = os.path.dirname(os.path.dirname(self.build))
        lock = ".kernel.lock" if kver == "6.1" else f".kernel-{kver}.lock"
        if os.path.exists(self.obj):
            shutil.rmtree(self.obj)
        r = subprocess.run(["flock", os.path.join(cache, lock), "cp", "-a",
                            self.build, self.obj])
        if r.returncode:
            self.fail(f"cannot copy {self.build}")
        self.cc = []
        kcc = os.environ.get("ASMINLINE_KERNEL_CC")
        if kcc:
            self.cc = [f"CC={kcc}", f"HOSTCC={kcc}"]

    def fail(self, msg):
        print(f"{self.test}: FAIL: {msg}", file=sys.stderr, flush=True)
        sys.exit(1)

    def _make(self, argv, log):
        with open(log, "a") as f:
            r = subprocess.run(["nice", "-n", "10", "make", "-s"] + argv + self.cc,
                               stdout=f, stderr=subprocess.STDOUT)
        if r.returncode:
            tail = open(log, errors="replace").read().splitlines()[-30:]
            self.fail("make %s\n%s" % (" ".join(argv), "\n".join(tail)))

    def make(self, objects, kcflags="", extra=(), log="make.log", clean=True):
        """Build objects (paths in the tree) in the scratch O= tree; clean:
        remove them and their .cmd files first (a rebuild whatever the
        flags)."""
        for o in (objects if clean else ()):
            d, f = os.path.split(o)
            for p in (os.path.join(self.obj, o), os.path.join(self.obj, d, f".{f}.cmd")):
                if os.path.exists(p):
                    os.unlink(p)
        self._make(["-C", self.src, f"O={self.obj}", "ARCH=x86_64", "-j2",
                    f"KCFLAGS={kcflags}"] + list(extra) + list(objects), log)
        return [os.path.join(self.obj, o) for o in objects]

    def module(self, moddir, objects, kcflags="", extra=(), log="make.log"):
        """Build objects of the out-of-tree module in moddir (M=)."""
        moddir = os.path.abspath(moddir)
        self._make(["-C", self.obj, f"M={moddir}", "-j2", f"KCFLAGS={kcflags}"]
                   + list(extra) + list(objects), log)
        return [os.path.join(moddir, o) for o in objects]
