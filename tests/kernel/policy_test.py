#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""policy_test -- the kernel harnesses' two policies, on stand-ins.

tree.sh and tree.py with a prepare-kernel.sh stand-in that cannot provide
a tree (exit 77 and its "SKIP:" reason): the harness fails, naming the
reason, and with ASMINLINE_ALLOW_SKIP=1 exits 77 printing exactly one
line; with a stand-in that can, both hand back the tree.

crash.judge() with compiler stand-ins: killed by a signal, exit 4, an
"internal compiler error" line under exit 0, and a failure only with
-fplugin are faults; a failure the same without the plugin is forgiven;
a clean compile is none of these.

Exit 0 all held, 1 one did not.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import crash  # noqa: E402

failures = 0


def check(ok, what):
    global failures
    print("%s - %s" % ("ok" if ok else "not ok", what))
    failures += not ok


def script(d, name, body):
    p = os.path.join(d, name)
    with open(p, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(p, 0o755)
    return p


def run(argv, allow):
    env = dict(os.environ)
    env.pop("ASMINLINE_ALLOW_SKIP", None)
    if allow:
        env["ASMINLINE_ALLOW_SKIP"] = "1"
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def tree_policies(d):
    build = os.path.join(d, "linux", "build-x86_64")
    os.makedirs(build)
    os.makedirs(os.path.join(d, "linux", "src"))
    none = script(d, "none.sh", 'echo "prepare-kernel: installing xz" >&2\n'
                  'echo "prepare-kernel: SKIP: packages missing (linux-source-6.1)" >&2\nexit 77')
    good = script(d, "good.sh", 'echo "prepare-kernel: ready" >&2\necho %s' % build)
    sh = ('TEST=t; fail() { echo "$TEST: FAIL: $*" >&2; exit 1; }; '
          'skip() { echo "$TEST: SKIP: $*"; exit 77; }; . %s/tree.sh; '
          'kernel_tree "$1" x86_64; echo "build=$KERNEL_BUILD src=$KERNEL_SRC"' % HERE)
    py = ('import sys; sys.path.insert(0, %r); import tree; '
          'print("build=%%s src=%%s" %% tree.prepare("x86_64", "t", sys.argv[1])[::-1])' % HERE)
    reason = "no prepared Linux 6.1 x86_64 tree: packages missing (linux-source-6.1)"
    for lang, argv in (("tree.sh", ["bash", "-c", sh, "-"]), ("tree.py", [sys.executable, "-c", py])):
        rc, out, err = run(argv + [none], False)
        check(rc == 1 and reason in err and "ASMINLINE_ALLOW_SKIP=1" in err,
              "%s: no tree fails, with the reason (rc %d: %r)" % (lang, rc, err[-200:]))
        rc, out, err = run(argv + [none], True)
        check(rc == 77 and out == "t: SKIP: %s\n" % reason and not err,
              "%s: no tree, ASMINLINE_ALLOW_SKIP=1: exit 77, one line (rc %d: %r %r)" % (
                  lang, rc, out, err))
        rc, out, err = run(argv + [good], False)
        check(rc == 0 and ("build=%s" % build) in out and
              ("src=%s" % os.path.join(d, "linux", "src")) in out.replace("/build-x86_64/..", ""),
              "%s: a tree is handed back (rc %d: %r %r)" % (lang, rc, out, err))


def crash_policy(d):
    segv = script(d, "segv.sh", "kill -SEGV $$")
    ice = script(d, "ice.sh", 'echo "cc1: internal compiler error: in foo"; exit 4')
    ice0 = script(d, "ice0.sh", 'echo "x.c:1: internal compiler error: Segmentation fault"')
    plugin_only = script(d, "plugin_only.sh",
                         'case "$*" in *-fplugin=*) echo "x.c:1: error: bad"; exit 1;; esac')
    both = script(d, "both.sh", 'echo "x.c:1: error: no such file"; exit 1')
    differs = script(d, "differs.sh", 'case "$*" in *-fplugin=*) echo "with"; exit 1;; '
                     '*) echo "without"; exit 1;; esac')
    clean = script(d, "clean.sh", "exit 0")
    plug = ["-fplugin=/x/asminline.so", "-fplugin-arg-asminline-mode=warn", "-c", "x.c"]

    def judge(cc):
        r = subprocess.run([cc] + plug, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return crash.judge([cc] + plug, d, r.returncode, r.stdout.decode())

    for cc, want, what in ((segv, False, "killed by a signal"), (ice, False, "exit 4 (ICE)"),
                           (ice0, False, "an ICE message under exit 0"),
                           (plugin_only, False, "fails only with the plugin"),
                           (differs, False, "fails differently without the plugin"),
                           (both, True, "fails identically without the plugin")):
        got = judge(cc)
        check(got is not None and got[0] is want,
              "crash: %s: %s" % (what, "forgiven" if want else "a fault") +
              ("" if got is None else " (%s)" % got[1].split("\n")[0]))
    check(judge(clean) is None, "crash: a clean compile is no fault")
    check(crash.without_plugin(plug) == ["-c", "x.c"], "crash: without_plugin drops -fplugin*")


def main():
    with tempfile.TemporaryDirectory(prefix="policy_test.") as d:
        tree_policies(d)
        crash_policy(d)
    print("policy_test: %d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
