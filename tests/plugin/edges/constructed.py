#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""constructed.py PLUGIN CC -- edge records on constructed.c, checked twice.

1. Against the expectations written next to each call in constructed.c
   ("expect O2: blocked-by-asm max-inline-insns-single=70; O3: none"):
   per variant, the records on a line (verdict and limit=value, one per
   caller copy) must be exactly the expected ones; a line without an
   expectation for a variant must have no record.
2. Against mode=apply, the ground truth (edges_eval.py): precision and
   recall of blocked-by-asm over all variants must be at least 90 %.

The expectations hold for GCC 12, 13, 14, 15 and 16 alike (their inliners
refuse these calls for the same limits at the same values): checked with
each (scripts/dev/gcc-matrix.sh); a compiler whose inliner decides otherwise
fails here, line by line.

Exit 0 pass, 1 fail, 77 skipped (not an x86-64 GCC, or no python3).
--print writes the expectations the plugin meets now, to review by hand.
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "lib"))
import edges_eval  # noqa: E402
import testlib  # noqa: E402

SRC = os.path.join(HERE, "constructed.c")
VARIANTS = [
    ("O2", ["-O2"]),
    ("O3", ["-O3"]),
    ("Os", ["-Os"]),
    ("O1", ["-O1"]),
    ("param", ["-O2", "--param", "max-inline-insns-single=30"]),
]
MIN = 90.0
_EXPECT = re.compile(r"/\* expect (.*?) \*/")


def expectations():
    want = {}    # (variant, line) -> sorted list of "verdict limit=value"
    with open(SRC) as f:
        for n, line in enumerate(f, 1):
            m = _EXPECT.search(line)
            if not m:
                continue
            for part in m.group(1).split(";"):
                var, _, what = part.strip().partition(":")
                what = what.strip()
                want[(var.strip(), n)] = [] if what == "none" else sorted(
                    w.strip() for w in what.split(","))
    return want


def describe(r):
    return "%s %s=%d" % (r["verdict"], r["limit"]["name"], r["limit"]["value"])


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: constructed.py PLUGIN CC [--print]")
    plugin, cc = sys.argv[1], sys.argv[2]
    show = "--print" in sys.argv[3:]
    machine = subprocess.run([cc, "-dumpmachine"], stdout=subprocess.PIPE).stdout.decode()
    if not machine.startswith("x86_64"):
        print("constructed: SKIP: %s does not target x86-64" % cc)
        return 77
    work = testlib.workdir("plugin-edges")     # emptied, or a new one
    want = expectations()
    errors = []
    tp = judged = flipped = 0
    for var, flags in VARIANTS:
        base = os.path.join(work, var)
        res = edges_eval.compile_pair([cc, "-c", SRC, "-o", base + ".o"] + flags,
                                      work, plugin, base)
        got = {}
        for r in edges_eval.read_edges(base + ".warn.jsonl"):
            got.setdefault(r["line"], []).append(describe(r))
        lines = sorted(set(got) | {n for (v, n) in want if v == var})
        for n in lines:
            g = sorted(got.get(n, []))
            if show and g:
                print("%s:%d: %s: %s" % (var, n, var, ", ".join(g)))
            w = want.get((var, n))
            if w is None:
                w = []
            if g != w:
                errors.append("constructed.c:%d: %s: got %s, expected %s" % (
                    n, var, g or "none", w or "none"))
        s = edges_eval.summarize(res)
        print("constructed: %-5s %2d records, %2d flipped by apply, %2d blocked-by-asm, "
              "%2d right (precision %s, recall %s)" % (
                  var, res["records"], res["flipped"], res["blocked_refused"],
                  res["true_positive"], edges_eval.fmt(s["precision"]),
                  edges_eval.fmt(s["recall"])))
        tp += res["true_positive"]
        judged += res["blocked_refused"]
        flipped += res["flipped"]
    precision = edges_eval.ratio(tp, judged)
    recall = edges_eval.ratio(tp, flipped)
    print("constructed: all variants: precision %s, recall %s" % (
        edges_eval.fmt(precision), edges_eval.fmt(recall)))
    if precision is None or precision < MIN or recall is None or recall < MIN:
        errors.append("precision or recall below %.0f %%" % MIN)
    for e in errors:
        print("constructed: FAIL: %s" % e)
    return 1 if errors and not show else 0


if __name__ == "__main__":
    sys.exit(main())
