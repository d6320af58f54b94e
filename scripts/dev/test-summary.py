#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""test-summary.py [--skip WHAT=WHY]... JUNIT.xml... — what ctest did not run, and why.

run-tests.sh has ctest write a JUnit file per run (--output-junit) and
hands them all to this script.  A test that exits 77 is "skipped" to ctest,
and ctest's own exit status stays 0 for it: a CI run that could not fetch a
kernel would pass having tested little.  This script lists every skipped
test with the reasons it printed (its lines holding "SKIP:"), then says
how many tests ran, failed and were skipped, as one closing line
(--skip names a part of the run that never reached ctest, such as the
arm64 plugin's tests when its cross compiler could not be had; it counts
as a skipped test):

    run-tests: 57 passed, 0 failed, 2 skipped

and exits 1 when any test was skipped, unless ASMINLINE_ALLOW_SKIP=1 is set
(a machine that cannot have the kernels, e.g. not Debian), where it says
so in one line and exits 0.  Failures are ctest's to report; they are
counted here only so that the closing line is whole.

Exit codes: 0 nothing skipped (or skips allowed), 1 skipped tests, 2 a
JUnit file cannot be read.
"""
import os
import sys
import xml.etree.ElementTree as ET


def skip_reason(name, output):
    """Every "WHO: SKIP: WHY" line of the output, in order, as one line.

    A kernel test says "SKIP: no prepared tree (prepare-kernel.sh said why
    above)" after prepare-kernel.sh's own SKIP line: both are kept.  WHO is
    dropped where it is the test itself."""
    reasons = []
    for line in (output or "").splitlines():
        if "SKIP:" not in line:
            continue
        who, why = line.split("SKIP:", 1)
        who, why = who.strip(" :"), why.strip()
        text = why if who in ("", name) or name.endswith(who) else "%s: %s" % (who, why)
        if text not in reasons:
            reasons.append(text)
    return "; ".join(reasons) or "no reason printed"


def read(path):
    """[(name, status, output)] of one JUnit file written by ctest."""
    root = ET.parse(path).getroot()
    cases = root.iter("testcase")
    out = []
    for tc in cases:
        status = tc.get("status", "run")
        if tc.find("skipped") is not None:
            status = "skipped"
        elif tc.find("failure") is not None or status == "fail":
            status = "fail"
        text = tc.findtext("system-out") or ""
        out.append((tc.get("name"), status, text))
    return out


def main(argv):
    counts = {"run": 0, "fail": 0, "skipped": 0}
    skipped = []
    files = []
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--skip" and args and "=" in args[0]:
            what, why = args.pop(0).split("=", 1)
            skipped.append(("run-tests", what, why))
            counts["skipped"] += 1
        elif a.startswith("-"):
            files = []
            break
        else:
            files.append(a)
    if not files:
        print("usage: test-summary.py [--skip WHAT=WHY]... JUNIT.xml...", file=sys.stderr)
        return 2
    for path in files:
        try:
            cases = read(path)
        except (OSError, ET.ParseError) as e:
            print("test-summary: %s: cannot read: %s" % (path, e), file=sys.stderr)
            return 2
        label = os.path.splitext(os.path.basename(path))[0]
        for name, status, text in cases:
            counts[status if status in counts else "run"] += 1
            if status == "skipped":
                skipped.append((label, name, skip_reason(name, text)))
    for label, name, why in skipped:
        print("run-tests: skipped in %s: %s: %s" % (label, name, why))
    print("run-tests: %d passed, %d failed, %d skipped"
          % (counts["run"], counts["fail"], counts["skipped"]))
    if not skipped:
        return 0
    if os.environ.get("ASMINLINE_ALLOW_SKIP") == "1":
        print("run-tests: ASMINLINE_ALLOW_SKIP=1: %d skipped tests allowed; what they cover is untested on this machine"
              % len(skipped))
        return 0
    print("run-tests: FAIL: %d tests were skipped (set ASMINLINE_ALLOW_SKIP=1 where that is expected, e.g. not Debian)"
          % len(skipped))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
