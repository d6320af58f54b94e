#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""crash -- what a kernel harness may forgive when a compile with the plugin fails.

The kernel-unit harnesses (tests/plugin/edges/edges_eval.py,
tests/oracle/kernel_accuracy.py) compile real objects with the plugin.  A
compile that crashes is the plugin's bug and fails the run: GCC killed by
a signal, the driver's exit status 4 (an internal compiler error), or
"internal compiler error" in the output even when the status is 0.  A
compile that fails otherwise is forgiven only when the same command
without the plugin fails identically (same status, same output): then the
kernel or the machine is at fault, and the harness says so.  A compile
that fails with the plugin and not without it -- or differently -- fails
the run.

    outcome = crash.judge(argv, cwd, returncode, output)
    # None: no fault; else (forgiven: bool, why: str)
"""

import subprocess

ICE_STATUS = 4		# gcc.cc: the driver's exit status for an ICE
MARKS = ("internal compiler error", "Please submit a full bug report")


def crashed(returncode, output):
    """Why (returncode, output) is a crash, or None."""
    if returncode < 0:
        return "killed by signal %d" % -returncode
    if returncode == ICE_STATUS:
        return "exit status %d (an internal compiler error)" % ICE_STATUS
    for m in MARKS:
        if m in output:
            return "%r in the compiler's output" % m
    return None


def without_plugin(argv):
    """argv without -fplugin=... and -fplugin-arg-...: the same compile, no plugin."""
    return [a for a in argv if not a.startswith("-fplugin")]


def tail(text, n=1500):
    return text if len(text) <= n else "..." + text[-n:]


def judge(argv, cwd, returncode, output):
    """None when the compile with the plugin is fine; else (forgiven, why)."""
    why = crashed(returncode, output)
    if why:
        return False, "the compile with the plugin crashed: %s:\n%s" % (why, tail(output))
    if returncode == 0:
        return None
    bare = without_plugin(argv)
    r = subprocess.run(bare, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = r.stdout.decode("utf-8", "replace")
    if r.returncode == returncode and out == output:
        return True, ("fails identically without the plugin (exit %d): forgiven:\n%s" %
                      (returncode, tail(output)))
    if r.returncode == 0:
        return False, ("fails with the plugin (exit %d), compiles without it:\n%s" %
                       (returncode, tail(output)))
    return False, ("fails with the plugin (exit %d) and differently without it (exit %d):\n"
                   "with:\n%s\nwithout:\n%s" % (returncode, r.returncode, tail(output),
                                                tail(out)))
