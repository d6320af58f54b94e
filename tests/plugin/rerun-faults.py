#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""rerun-faults.py PLUGIN CC ASMSCAN PREPARE -- the inliner's re-run under faults.

plugin/edge-rerun*.cc forks cc1 to run GCC's IPA inliner again.  Here its
child is made to fail in every way it can, on real Linux 6.1 units
(kernel/fork.o, mm/memory.o of the tree PREPARE (tests/kernel/
prepare-kernel.sh) prints, each through Kbuild's own command line, the
first line of its .cmd file, objtool's part dropped, the object and its
dependency file written here):

  fork-fail    fork() fails with EAGAIN              rerun-shim.c (outside)
  kill-start   the child is SIGKILLed as it starts   rerun-shim.c (outside)
  kill-go      ... while the parent writes "go"      rerun-shim.c (outside)
  kill-answer  ... after half of its answer          rerun-shim.c (outside)
  stop-start   the child stops (SIGSTOP): a hang,    rerun-shim.c (outside)
               under the default bound
  stop-answer  ... as it is about to answer          rerun-shim.c (outside)
  abort        the child aborts as it is about to    rerun-shim.c (outside)
               answer (an ICE)
  hang         the child hangs as it is about to     rerun-shim.c (outside)
               answer, under rerun-timeout=2

For each, against a compile without a fault:
  - gcc exits 0 within a bound (the child's bound and a margin);
  - the object is byte-identical but for .comment (objcopy -R .comment);
  - the records are well formed and say it: the embedded unit record
    "rerun" is "failed" or "timeout" with a "rerun_error" that names the
    fault, every edge record (report and embedded) "unit_rerun" the same,
    and every edge record of the unit is embedded;
  - stderr holds the plugin's diagnostic exactly once (a note, also with
    diag=warning and Kbuild's -Werror: it must never fail the build;
    nothing with diag=none);
  - `asmscan check` against the baseline of the normal compile: exit 0,
    nothing new;
  - no process is left behind: this script is the subreaper of every
    process it starts (PR_SET_CHILD_SUBREAPER), so an orphan or a zombie
    of cc1 would be its child after the compiles; none may be.
And the parent killed: cc1 is sent SIGKILL while its child hangs (shim
"hang", the default bound); the child must die at once of SIGKILL
(PR_SET_PDEATHSIG) and be reaped here, as its subreaper, not linger.
And on mm/memory.o, where the re-run and the rule disagree on some calls:
a failed compile checked against a normal baseline, and a normal compile
against a baseline written from a failed one, exit 0 with nothing new or
fixed, and at least one of them reports calls "unverified".

Without a prepared kernel tree (or with a GCC that is not x86-64) the
test fails; with ASMINLINE_ALLOW_SKIP=1 it exits 77 with one line.
"""

import concurrent.futures
import ctypes
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, HERE)
import embedded  # noqa: E402
import testlib  # noqa: E402
from testlib import fail, run, skip  # noqa: E402
import kernel_accuracy as ka  # noqa: E402

TEST = testlib.name("plugin-rerun-faults")
PR_SET_CHILD_SUBREAPER = 36
NOTE = re.compile(r": (note|warning): asminline: the inliner.s re-run failed for this unit: ")

# name: (how, extra plugin arguments, rerun outcome, rerun_error pattern)
CASES = {
    "fork-fail": ("shim", [], "failed", r"^fork: Resource temporarily unavailable$"),
    "kill-start": ("shim", [], "failed", r"^the child was killed by signal 9 "),
    "kill-go": ("shim", [], "failed", r"^the child was killed by signal 9 "),
    "kill-answer": ("shim", [], "failed", r"^the child was killed by signal 9 "),
    # The default bound: 5 times cc1's time so far, at least 20 s.
    "stop-start": ("shim", [], "timeout",
                   r"^no answer within (2\d|[3-9]\d|\d{3,}) s, the child was killed$"),
    "stop-answer": ("shim", [], "timeout",
                    r"^no answer within (2\d|[3-9]\d|\d{3,}) s, the child was killed$"),
    "abort": ("shim", [], "failed", r"^the child exited with status 4$"),
    "hang": ("shim", ["-fplugin-arg-asminline-rerun-timeout=2"],
             "timeout", r"^no answer within 2 s, the child was killed$"),
    # With Kbuild's -Werror (CONFIG_WERROR): fork.c spells no flagged asm
    # itself, so diag=warning (diag-scope=file) warns of nothing, and the
    # re-run's failure must not fail the build either: it is a note.
    "kill-go-warning": ("shim", ["-fplugin-arg-asminline-diag=warning"],
                        "failed", r"^the child was killed by signal 9 "),
    "kill-go-none": ("shim", ["-fplugin-arg-asminline-diag=none"], "failed",
                     r"^the child was killed by signal 9 "),
}


def log(msg):
    print(f"{TEST}: {msg}", flush=True)


def cannot(why):
    """No kernel tree or no x86-64 GCC: a failure unless skipping is allowed."""
    if os.environ.get("ASMINLINE_ALLOW_SKIP") == "1":
        skip(why)
    fail(f"{why} (set ASMINLINE_ALLOW_SKIP=1 to skip instead)")


def our_children():
    """Processes whose parent is this script (as subreaper: also orphans)."""
    me, kids = os.getpid(), []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        rest = stat[stat.rindex(")") + 2:].split()
        if int(rest[1]) == me:
            kids.append((int(d), stat[stat.index("(") + 1:stat.rindex(")")], rest[0]))
    return kids


def children_named(ppid, comm):
    """Processes of that name whose parent is ppid."""
    kids = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        if name == comm and int(stat[stat.rindex(")") + 2:].split()[1]) == ppid:
            kids.append(int(d))
    return kids


def in_pause(pid):
    """pid waits in pause() (x86-64 system call 34), as shim "hang" does."""
    try:
        with open(f"/proc/{pid}/syscall") as f:
            return f.read().split()[0] == "34"
    except (OSError, IndexError):
        return False


class Unit:
    """One kernel object: its Kbuild command, compiled here."""

    def __init__(self, build, obj, plugin, work):
        self.build, self.obj, self.plugin = build, obj, plugin
        self.work = os.path.join(work, obj.replace("/", "_")[:-2])
        os.makedirs(self.work, exist_ok=True)
        self.argv = ka.compile_command(build, obj)

    def command(self, name, env_extra=None, args=()):
        """The compile's argv, environment, object and report."""
        out = os.path.join(self.work, name + ".o")
        report = os.path.join(self.work, name + ".jsonl")
        for p in (out, report):
            if os.path.exists(p):
                os.unlink(p)
        argv = ka.to_asm_command(self.argv, self.obj, out, out + ".d", step="-c")
        argv += [f"-fplugin={self.plugin}", f"-fplugin-arg-asminline-report={report}",
                 *args]
        env = dict(os.environ, **(env_extra or {}))
        # After what is preloaded already (libasan first, in build-asan).
        if "LD_PRELOAD" in (env_extra or {}) and os.environ.get("LD_PRELOAD"):
            env["LD_PRELOAD"] = os.environ["LD_PRELOAD"] + ":" + env_extra["LD_PRELOAD"]
        return argv, env, out, report

    def compile(self, name, env_extra=None, args=(), timeout=120):
        argv, env, out, report = self.command(name, env_extra, args)
        t = time.monotonic()
        try:
            p = subprocess.run(argv, cwd=self.build, env=env, capture_output=True,
                               text=True, errors="replace", timeout=timeout)
        except subprocess.TimeoutExpired:
            fail(f"{self.obj} {name}: gcc still running after {timeout} s")
        secs = time.monotonic() - t
        if p.returncode != 0 or not os.path.exists(out):
            fail(f"{self.obj} {name}: gcc exit {p.returncode}, object "
                 f"{'written' if os.path.exists(out) else 'missing'}:\n{p.stderr[-2000:]}")
        with open(os.path.join(self.work, name + ".stderr"), "w") as f:
            f.write(p.stderr)
        return out, report, p.stderr, secs


def code_of(obj, work):
    """The object without .comment: what must not change."""
    dst = os.path.join(work, os.path.basename(obj) + ".code")
    run(["objcopy", "-R", ".comment", obj, dst], 0)
    with open(dst, "rb") as f:
        return f.read()


def report_edges(path):
    """The report's edge records; every line must be one JSON object."""
    edges = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.endswith("\n"):
                fail(f"{path}:{n}: a line without its newline")
            r = json.loads(line)
            if r.get("format_version") != 1 or r.get("record") not in ("asm", "edge"):
                fail(f"{path}:{n}: not an asm or edge record of format_version 1")
            if r["record"] == "edge":
                edges.append(r)
    return edges


def check_records(name, obj, report, outcome, why_re):
    units, _, emb_edges = embedded.read_all(obj)
    if len(units) != 1:
        fail(f"{name}: {len(units)} unit records")
    u = units[0]
    if u.get("rerun") != outcome:
        fail(f"{name}: unit record says rerun {u.get('rerun')!r}, wanted {outcome!r}")
    why = u.get("rerun_error", "")
    if outcome in ("failed", "timeout") and not re.search(why_re, why):
        fail(f"{name}: rerun_error {why!r} does not match {why_re!r}")
    if outcome not in ("failed", "timeout") and "rerun_error" in u:
        fail(f"{name}: rerun_error {why!r} without a failure")
    edges = report_edges(report)
    if not edges:
        fail(f"{name}: no edge record: the re-run was not needed, nothing tested")
    bad = [e for e in edges + emb_edges if e.get("unit_rerun") != outcome]
    if bad:
        fail(f"{name}: an edge record says unit_rerun {bad[0].get('unit_rerun')!r}")
    blocked = [e for e in edges if e["verdict"] == "blocked-by-asm"]
    want = len(edges) if outcome in ("failed", "timeout") else len(blocked)
    if len(emb_edges) != want:
        fail(f"{name}: {len(emb_edges)} edge records embedded, wanted {want}")
    return len(edges), len(blocked), why


def asmscan_check(asmscan, base, obj, want_unverified=None):
    p = run([asmscan, "check", "--baseline", base, obj], 0)
    doc = json.loads(run([asmscan, "check", "-f", "json", "--baseline", base, obj],
                         0).stdout)["check"]
    if doc["new"] or doc["fixed"]:
        fail(f"asmscan check {obj} against {base}: {doc['new']} new, "
             f"{doc['fixed']} fixed:\n{p.stdout}")
    if want_unverified is not None and doc["unverified"] != want_unverified:
        fail(f"asmscan check {obj} against {base}: {doc['unverified']} unverified, "
             f"wanted {want_unverified}:\n{p.stdout}")
    return doc


def fault_case(unit, name, code, base, asmscan, shim, normal_secs):
    how, args, outcome, why_re = CASES[name]
    env = {}
    if how == "shim":
        env = {"LD_PRELOAD": shim, "ASMINLINE_SHIM_FAULT": name.split("-warning")[0]
               .split("-none")[0]}
    else:
        env = {how: "1"}
    # The default bound follows the load (5 times cc1's time so far): the
    # normal compile's time, three times over, for the worst case.
    bound = 0 if outcome != "timeout" else 2 if args else max(20, 15 * normal_secs)
    limit = bound + 3 * normal_secs + 30
    if "-fplugin-arg-asminline-diag=warning" in args and "-Werror" not in unit.argv:
        fail(f"{name}: Kbuild's command line has no -Werror (CONFIG_WERROR): "
             f"the case tests nothing")
    obj, report, err, secs = unit.compile(name, env, args, timeout=limit + 60)
    if secs > limit:
        fail(f"{name}: {secs:.1f} s, more than {limit:.0f} s")
    if code_of(obj, unit.work) != code:
        fail(f"{name}: the object differs from the normal compile's beyond .comment")
    nedges, nblocked, why = check_records(name, obj, report, outcome, why_re)
    waited = re.match(r"no answer within (\d+) s", why)
    if waited and not int(waited[1]) <= secs <= int(waited[1]) + 3 * normal_secs + 30:
        fail(f"{name}: {secs:.1f} s for a bound of {waited[1]} s")
    notes = [l for l in err.splitlines() if NOTE.search(l)]
    # A note whatever diag says but none: never a warning, which -Werror
    # would turn into an error and a failed build.
    level = None if "diag=none" in " ".join(args) else "note"
    if level is None and notes:
        fail(f"{name}: diag=none, yet: {notes}")
    if level and (len(notes) != 1 or f": {level}: " not in notes[0]):
        fail(f"{name}: wanted one {level} on stderr, got {notes}:\n{err[-1500:]}")
    doc = asmscan_check(asmscan, base, obj)
    return (f"{name}: exit 0 in {secs:.1f} s, code identical, rerun {outcome}, "
            f"{nedges} edge records ({nblocked} blocked-by-asm), "
            f"{len(notes)} diagnostic, check: {doc['unchanged']} unchanged, "
            f"{doc['unverified']} unverified")


def main():
    if len(sys.argv) != 5:
        print(f"usage: {sys.argv[0]} PLUGIN CC ASMSCAN PREPARE", file=sys.stderr)
        return 2
    plugin, cc, asmscan, prepare = (os.path.abspath(a) if os.sep in a else a
                                    for a in sys.argv[1:])
    work = testlib.workdir("rerun-faults")
    if not run([cc, "-dumpmachine"], want=None).stdout.startswith("x86_64-"):
        cannot(f"{cc} does not target x86-64")
    for tool in ("objcopy",):
        if not shutil.which(tool):
            cannot(f"{tool} not found")
    p = subprocess.run(["bash", prepare, "x86_64"], capture_output=True, text=True)
    if p.returncode != 0:
        reason = (p.stderr.strip().splitlines() or ["no reason given"])[-1]
        cannot(f"no prepared Linux {os.environ.get('ASMINLINE_KVER', '6.1')} tree: {reason}")
    build = p.stdout.strip().splitlines()[-1]
    src = os.path.join(os.path.dirname(build), "src")
    objs = ["kernel/fork.o", "mm/memory.o"]
    missing = [o for o in objs if not os.path.exists(ka.cmd_file(build, o))]
    if missing and ka.make_objects(src, build, "x86_64", missing):
        cannot(f"Kbuild did not build {' '.join(missing)}")

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        fail("prctl(PR_SET_CHILD_SUBREAPER) failed")
    shim = os.path.join(work, "rerun-shim.so")
    run([cc, "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(HERE, "rerun-shim.c"),
         "-ldl"], 0)

    fork = Unit(build, "kernel/fork.o", plugin, work)
    memory = Unit(build, "mm/memory.o", plugin, work)
    t0 = time.monotonic()
    normal, normal_report, err, normal_secs = fork.compile("normal", args=[
        "-fplugin-arg-asminline-verbose"])
    if NOTE.search(err) or "the inliner's re-run answered for" not in err:
        fail(f"normal compile: the re-run did not answer:\n{err[-1500:]}")
    check_records("normal", normal, normal_report, "done", "")
    code = code_of(normal, fork.work)
    base = os.path.join(work, "fork-base.txt")
    run([asmscan, "check", "--baseline", base, "--write-baseline", normal], 0)
    log(f"kernel/fork.o normal: {normal_secs:.1f} s, rerun done")

    # Two compiles at a time (2 cores); the slow hangs first.
    order = ["stop-start", "stop-answer"] + [n for n in CASES
                                             if not n.startswith("stop-")]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        futs = {ex.submit(fault_case, fork, n, code, base, asmscan, shim, normal_secs): n
                for n in order}
        futs[ex.submit(parent_killed_case, fork, shim)] = "parent-killed"
        futs[ex.submit(memory_case, memory, asmscan, shim, work)] = "mm/memory.o"
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()
    for n in order + ["parent-killed", "mm/memory.o"]:
        log(results[n])
    left = our_children()
    if left:
        fail(f"processes left behind by cc1 (pid, name, state): {left}")
    log(f"PASS: {len(CASES)} faults and the parent killed on kernel/fork.o, 1 on mm/memory.o, "
        f"no process left behind; {time.monotonic() - t0:.0f} s")
    return 0


def parent_killed_case(unit, shim):
    """cc1 killed while its child hangs: the child dies at once, reaped here."""
    argv, env, out, _ = unit.command("parent-killed", {
        "LD_PRELOAD": shim, "ASMINLINE_SHIM_FAULT": "hang"})
    t0 = time.monotonic()
    gcc = subprocess.Popen(argv, cwd=unit.build, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, errors="replace")
    parent = child = None
    try:
        # The child of cc1 that waits in pause() (the default bound: at
        # least 20 s before the parent would kill it itself).
        while time.monotonic() - t0 < 120 and gcc.poll() is None:
            parent = parent or next(iter(children_named(gcc.pid, "cc1")), None)
            child = parent and next(iter(children_named(parent, "cc1")), None)
            if child and in_pause(child):
                break
            time.sleep(0.05)
        else:
            fail(f"parent-killed: no child of cc1 waiting in pause() "
                 f"(gcc {'exit ' + str(gcc.returncode) if gcc.poll() is not None else 'running'})")
        waited = time.monotonic() - t0
        os.kill(parent, signal.SIGKILL)
        t1 = time.monotonic()
        # Orphaned, the child is this subreaper's (ECHILD until the
        # parent's exit has handed it over): it must be a zombie killed by
        # SIGKILL at once, not a process left waiting.
        status = None
        while time.monotonic() - t1 < 10:
            try:
                pid, status = os.waitpid(child, os.WNOHANG)
            except ChildProcessError:
                pid = 0
            if pid == child:
                break
            status = None
            time.sleep(0.02)
        gone = time.monotonic() - t1
        if status is None:
            alive = os.path.exists(f"/proc/{child}")
            if alive:
                os.kill(child, signal.SIGKILL)
            fail(f"parent-killed: the child {child} "
                 f"{'lived on' if alive else 'was never handed to the subreaper'} "
                 f"10 s after its parent's death")
        if not os.WIFSIGNALED(status) or os.WTERMSIG(status) != signal.SIGKILL:
            fail(f"parent-killed: the child ended with status {status:#x}, not SIGKILL")
    finally:
        if gcc.poll() is None:
            gcc.kill()
        err = gcc.communicate(timeout=60)[1]
    if gcc.returncode == 0 or os.path.exists(out):
        fail(f"parent-killed: gcc exit {gcc.returncode} with cc1 killed: {err[-500:]}")
    return (f"parent-killed: cc1 killed {waited:.1f} s in, its child waiting in pause() "
            f"died of SIGKILL {gone * 1000:.0f} ms later and was reaped here; "
            f"gcc exit {gcc.returncode}, no object")


def memory_case(unit, asmscan, shim, work):
    """mm/memory.o: the re-run and the rule disagree; check both ways."""
    normal, _, _, _ = unit.compile("normal")
    failed, report, err, secs = unit.compile(
        "fork-fail", {"LD_PRELOAD": shim, "ASMINLINE_SHIM_FAULT": "fork-fail"})
    if code_of(failed, unit.work) != code_of(normal, unit.work):
        fail("mm/memory.o fork-fail: the object differs beyond .comment")
    check_records("mm/memory.o fork-fail", failed, report, "failed",
                  r"^fork: Resource temporarily unavailable$")
    base_n = os.path.join(work, "memory-normal.txt")
    base_f = os.path.join(work, "memory-failed.txt")
    run([asmscan, "check", "--baseline", base_n, "--write-baseline", normal], 0)
    run([asmscan, "check", "--baseline", base_f, "--write-baseline", failed], 0)
    with open(base_f) as f:
        if f.readline() != "# asmscan-baseline 2\n":
            fail("mm/memory.o: the baseline of a failed unit is not version 2")
    d1 = asmscan_check(asmscan, base_n, failed)
    d2 = asmscan_check(asmscan, base_f, normal)
    # The premise: the two disagree on some call, so that a wrong check
    # would report new or fixed findings (asmscan_check fails on those).
    # Which way they disagree is the compiler's and the kernel's: on 6.1
    # with GCC 12 both ways; on 6.12 with GCC 14 the rule blocks calls the
    # re-run does not, and only the second check meets them.
    if not d1["unverified"] and not d2["unverified"]:
        fail(f"mm/memory.o: the re-run and the rule agree here now "
             f"({d1['unverified']}, {d2['unverified']} unverified): the test "
             f"premise is gone, pick another unit")
    return (f"mm/memory.o fork-fail: exit 0 in {secs:.1f} s, code identical; failed "
            f"against a normal baseline: 0 new, 0 fixed, {d1['unverified']} unverified; "
            f"normal against a failed baseline: 0 new, 0 fixed, "
            f"{d2['unverified']} unverified")


if __name__ == "__main__":
    sys.exit(main())
