#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tree -- the prepared Linux tree (6.1, or ASMINLINE_KVER: 6.12, newest)
for the Python kernel harnesses.

One policy for a tree that cannot be had, shared with tests/kernel/tree.sh
(the shell harnesses): prepare-kernel.sh exits 77 when this machine
cannot provide the tree (no linux-source-6.1 and not root to install it,
say).  A harness that needs the tree then fails -- a kernel test that
quietly skips is a test nobody runs -- unless the environment says
ASMINLINE_ALLOW_SKIP=1, and then it is skipped (exit 77, ctest's "skipped")
with prepare-kernel.sh's reason on one line.

    src, build = tree.prepare("x86_64", "kernel_accuracy")
    tree.release(src)		# "7.2.13": which kernel "newest" was
"""

import os
import subprocess
import sys

PREPARE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prepare-kernel.sh")


def release(src):
    """The kernel's version as its top Makefile gives it ("7.2.13"):
    what a test names when the series is "newest"."""
    v = {}
    with open(os.path.join(src, "Makefile")) as f:
        for line in f:
            k, sep, val = line.partition("=")
            if sep and k.strip() in ("VERSION", "PATCHLEVEL", "SUBLEVEL"):
                v[k.strip()] = val.strip()
            if len(v) == 3:
                break
    return ".".join(v[k] for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL") if v.get(k))


def allow_skip():
    """ASMINLINE_ALLOW_SKIP=1: a harness without its kernel may skip."""
    return os.environ.get("ASMINLINE_ALLOW_SKIP") == "1"


def prepare(arch, test, prepare_script=PREPARE, objects=()):
    """(src, build) of the prepared tree for arch, with objects (paths
    such as "kernel/fork.o") built in it; exits when there is none.

    prepare-kernel.sh's stderr (its progress) is held until it is done,
    so that a skip is one line: its last "SKIP:" line is the reason."""
    r = subprocess.run(["bash", prepare_script, arch] + list(objects), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode == 77:
        why = [ln.split("SKIP:", 1)[1].strip() for ln in err.splitlines() if "SKIP:" in ln]
        reason = "no prepared Linux %s %s tree: %s" % (os.environ.get("ASMINLINE_KVER", "6.1"), arch, why[-1] if why else "prepare-kernel.sh said so")
        if allow_skip():
            print("%s: SKIP: %s" % (test, reason), flush=True)
            sys.exit(77)
        sys.stderr.write(err)
        print("%s: FAIL: %s (ASMINLINE_ALLOW_SKIP=1 makes this a skip)" % (test, reason),
              file=sys.stderr, flush=True)
        sys.exit(1)
    sys.stderr.write(err)
    build = r.stdout.decode().strip().split("\n")[-1]
    if r.returncode != 0 or not os.path.isdir(build):
        print("%s: FAIL: prepare-kernel.sh %s failed (exit %d)" % (test, arch, r.returncode),
              file=sys.stderr, flush=True)
        sys.exit(1)
    return os.path.join(os.path.dirname(build), "src"), build
