#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""rerun-faults.py [--kver SERIES] [--top N] [--json] PLUGIN.so [OBJ...]
   rerun-faults.py --source FILE.c [--cflags=FLAGS] [--top N] [--json] PLUGIN.so
— where the minor page faults the inliner's re-run adds to a compile come
from.

Each object (default kernel/fork.o fs/namei.o) is compiled with Kbuild's
exact command line, in the tree tests/kernel/prepare-kernel.sh prepares
(with --source: FILE.c with `gcc -c FLAGS`, default -O2), with PLUGIN as
a build uses it (warn mode, diag=none) twice: with rerun=0 and by default
(the re-run forks cc1).  Both compiles run under
`perf record -e minor-faults -c 1 -d`, a software event that every Linux
machine counts, with or without a hardware counter: each fault with the
address it was taken at, the instruction that took it, the process and
the time.  The report splits the difference between the two:

  - the parent's copy-on-write faults: pages cc1 had before the fork
    (it had faulted them in) and wrote after it.  fork() write-protects
    every page of every private writable mapping in both processes; the
    first write after it faults once, even after the child has exited.
    They are the compiler's own writes, by the mapping they fall in (GCC's
    garbage-collected heap and other anonymous mappings, malloc's heap,
    the stack) and the functions that wrote them;
  - the child's faults: the pages it writes (a copy each), and the pages of
    files it reads (code, read-only data) that fork() leaves out of the
    child's page tables for it to fault in again.

The compile with rerun=0 takes no fork: its faults are the unit's own, and
"added" is the default's less them, which the two parts above account for
up to the noise of a compile (a few hundred faults).  --json prints one
JSON object per compile instead (the counts above, by mapping and by
function).

Exit codes: 0 measured, 1 a compile failed (its messages on stderr),
2 usage, 77 no kernel tree, no perf or perf not allowed to record
(kernel.perf_event_paranoid).
"""

import argparse
import collections
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import kernel_accuracy as ka  # noqa: E402

FORK = re.compile(r"^\s*cc1\s+(\d+)\s+([\d.]+):\s+PERF_RECORD_FORK\((\d+):")
# comm pid time: PERF_RECORD_MMAP2 pid/tid: [start(size) @ ...]: prot name
MMAP = re.compile(r"^\s*\S+\s+\d+\s+([\d.]+):\s+PERF_RECORD_MMAP2 (\d+)/\d+: "
                  r"\[(0x[0-9a-f]+)\((0x[0-9a-f]+)\) @ \S+ \S+ \S+ \S+\]: (\S+) (.*)$")
# comm pid time: the address, what perf makes of it, then the instruction
# that faulted: ip symbol (dso), the last of the line.
EXEC = re.compile(r"^\s*cc1\s+(\d+)\s+([\d.]+):\s+PERF_RECORD_COMM exec: cc1:")
FAULT = re.compile(r"^\s*cc1\s+(\d+)\s+([\d.]+):\s+([0-9a-f]+)\s.*\s[0-9a-f]+ (\S+) \(([^)]*)\)\s*$")


def skip(why):
    print(f"rerun-faults: SKIP: {why}", file=sys.stderr)
    sys.exit(77)


class Mappings:
    """The mappings of cc1 and its re-run's child as perf recorded them
    (the child inherits its parent's), in the order they were made."""

    def __init__(self, maps, pids, since):
        self.maps = [m for m in maps if m[1] in pids and m[0] >= since]

    def kind(self, addr, when):
        """What the page at addr was at time when: the last mapping made
        over it before then wins."""
        hit = None
        for t, _, start, end, prot, name in self.maps:
            if t > when:
                break
            if start <= addr < end:
                hit = (prot, name)
        if hit is None:
            return "heap"  # brk growth perf did not see as a mapping
        prot, name = hit
        base = os.path.basename(name)
        if name in ("[heap]",):
            return "heap"
        if name in ("[stack]",):
            return "stack"
        if name.startswith("//anon") or name == "":
            return "anon"
        if "x" in prot:
            return f"code of {base}"
        if "w" in prot:
            return f"data of {base}"
        return f"read-only data of {base}"


KIND_NAMES = {
    "anon": "anonymous mappings (GCC's garbage-collected heap, large blocks)",
    "heap": "malloc's heap",
    "stack": "the stack",
}


def analyse(script_text):
    """Split one default compile's faults: parent's COW, child's."""
    maps = []
    fork = None
    execs = {}
    faults = []
    for line in script_text.splitlines():
        m = MMAP.match(line)
        if m:
            start = int(m.group(3), 16)
            maps.append((float(m.group(1)), int(m.group(2)), start,
                         start + int(m.group(4), 16), m.group(5), m.group(6).strip()))
            continue
        m = EXEC.match(line)
        if m:
            execs[int(m.group(1))] = float(m.group(2))
            continue
        m = FORK.match(line)
        if m:
            if fork is None:
                fork = (int(m.group(1)), int(m.group(3)), float(m.group(2)))
            continue
        m = FAULT.match(line)
        if m:
            sym = m.group(4)
            dso = os.path.basename(m.group(5))
            where = f"{sym} ({dso})" if sym != "[unknown]" else f"({dso})"
            faults.append((int(m.group(1)), float(m.group(2)), int(m.group(3), 16), where))
    total = len(faults)
    if fork is None:
        return {"total": total, "forked": False}
    parent, child, when = fork
    # The mappings made since cc1 was exec'd, the child's among them.
    where_is = Mappings(maps, (parent, child), execs.get(parent, 0.0))
    before = set()
    for pid, t, addr, _ in faults:
        if pid == parent and t < when:
            before.add(addr >> 12)
    cow_kinds, cow_who, seen = collections.Counter(), collections.Counter(), set()
    child_kinds, child_who = collections.Counter(), collections.Counter()
    for pid, t, addr, who in faults:
        page = addr >> 12
        if pid == parent and t >= when and page in before and page not in seen:
            seen.add(page)
            cow_kinds[where_is.kind(addr, t)] += 1
            cow_who[who] += 1
        elif pid == child:
            child_kinds[where_is.kind(addr, t)] += 1
            child_who[who] += 1
    return {"total": total, "forked": True, "cow": sum(cow_kinds.values()),
            "cow_kinds": cow_kinds, "cow_who": cow_who,
            "child": sum(child_kinds.values()), "child_kinds": child_kinds,
            "child_who": child_who}


def record(cwd, argv, work, tag):
    """perf script's text of one compile's faults (argv run in cwd)."""
    data = os.path.join(work, f"{tag}.data")
    r = subprocess.run(["perf", "record", "-q", "-e", "minor-faults", "-c", "1", "-d",
                        "-o", data, "--", *argv], cwd=cwd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit(f"rerun-faults: the compile failed under perf ({tag}):\n{r.stderr[-2000:]}")
    out = subprocess.run(["perf", "script", "-i", data, "--show-mmap-events",
                          "--show-task-events", "-F", "comm,pid,time,addr,ip,sym,dso"],
                         capture_output=True, text=True, check=True).stdout
    os.unlink(data)
    return out


def cc1_faults(script_text):
    return sum(1 for line in script_text.splitlines() if FAULT.match(line))


def file_reads(kinds):
    """Of faults by mapping, those on files' code and read-only data."""
    return sum(n for k, n in kinds.items() if k.startswith(("code of", "read-only")))


def describe(counter, shown=4):
    """The mappings with the most faults, the rest summed."""
    common = counter.most_common()
    parts = [f"{KIND_NAMES.get(k, k)} {n:,}" for k, n in common[:shown]]
    rest = sum(n for _, n in common[shown:])
    if rest:
        parts.append(f"other mappings {rest:,}")
    return ", ".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kver", default="6.1", choices=["6.1", "6.12", "newest"])
    ap.add_argument("--top", type=int, default=8, help="writers named per part (default 8)")
    ap.add_argument("--source", help="a C file to compile instead of kernel objects")
    ap.add_argument("--cflags", default="-O2",
                    help="with --source: gcc's flags, as --cflags=FLAGS (default -O2)")
    ap.add_argument("--json", action="store_true", help="one JSON object per compile")
    ap.add_argument("plugin")
    ap.add_argument("objects", nargs="*")
    a = ap.parse_args()
    if not os.path.isfile(a.plugin) or a.top < 0:
        ap.print_usage(sys.stderr)
        sys.exit(2)
    if a.source and (a.objects or not os.path.isfile(a.source)):
        ap.print_usage(sys.stderr)
        sys.exit(2)
    if not shutil.which("perf"):
        skip("no perf (Debian: linux-perf)")
    probe = subprocess.run(["perf", "stat", "-e", "minor-faults", "true"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        skip(f"perf cannot count minor-faults here: {probe.stderr.strip()[:200]}")
    plugin = os.path.abspath(a.plugin)
    name = os.path.basename(plugin)[:-3] if plugin.endswith(".so") else os.path.basename(plugin)
    base = [f"-fplugin={plugin}", f"-fplugin-arg-{name}-diag=none"]
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "out.o")
        if a.source:
            src = os.path.abspath(a.source)
            units = [(src, os.getcwd(),
                      ["gcc", *shlex.split(a.cflags), "-c", "-o", out, src])]
        else:
            objs = a.objects or ["kernel/fork.o", "fs/namei.o"]
            r = subprocess.run([os.path.join(ROOT, "tests/kernel/prepare-kernel.sh"), "--kver",
                                a.kver, "x86_64", *objs], stdout=subprocess.PIPE, text=True)
            if r.returncode != 0:
                sys.exit(r.returncode)
            build = r.stdout.strip()
            units = [(f"{a.kver} {obj}", build,
                      ka.to_asm_command(ka.compile_command(build, obj), obj, out,
                                        os.path.join(work, "out.d"), step="-c"))
                     for obj in objs]
        for unit, cwd, argv in units:
            off = record(cwd, argv + base + [f"-fplugin-arg-{name}-rerun=0"], work, "rerun0")
            on = record(cwd, argv + base, work, "default")
            show(unit, cc1_faults(off), analyse(on), a)


def show(unit, n_off, res, a):
    """One compile's faults, as text or as one JSON object."""
    if a.json:
        out = {"unit": unit, "rerun0": n_off, "default": res["total"],
               "added": res["total"] - n_off, "forked": res["forked"]}
        if res["forked"]:
            out.update({
                "parent_cow": res["cow"], "parent_cow_mappings": dict(res["cow_kinds"]),
                "parent_cow_writers": dict(res["cow_who"].most_common(a.top)),
                "child": res["child"], "child_mappings": dict(res["child_kinds"]),
                "child_takers": dict(res["child_who"].most_common(a.top))})
        print(json.dumps(out))
        return
    print(f"{unit}: cc1's minor faults, rerun=0 {n_off:,}, "
          f"by default {res['total']:,} ({res['total'] - n_off:+,})")
    if not res["forked"]:
        print("  no fork: the re-run was not started\n")
        return
    kinds = res["child_kinds"]
    print(f"  the parent's copy-on-write faults (pages it had and wrote after the fork): "
          f"{res['cow']:,}")
    print(f"    in {describe(res['cow_kinds'])}")
    print("    written by " + ", ".join(f"{w} {n:,}" for w, n in
                                      res["cow_who"].most_common(a.top)))
    print(f"  the child's faults: {res['child']:,}, of which reads of files' pages "
          f"(code, read-only data) {file_reads(kinds):,}")
    print(f"    in {describe(kinds)}")
    print("    taken by " + ", ".join(f"{w} {n:,}" for w, n in
                                    res["child_who"].most_common(a.top)))
    rest = res["total"] - n_off - res["cow"] - res["child"]
    print(f"  left over (the compile's own noise): {rest:+,}\n")


if __name__ == "__main__":
    main()
