#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""build-replay.py — what the plugin costs a whole kernel build, in CPU time.

    bench/build-replay.py [--kver 6.1|6.12|newest] [-j N] [--sample N] [--seed S]
                          [--list] [-o OUT.json] PLUGIN[:ARG,...] [...]

Two whole builds on a shared machine cannot resolve a 1 % difference: the
load changes what a CPU second buys by more than that (docs/results/performance.md).
This replays, instead, every C compile of a whole x86_64_defconfig build —
the exact command Kbuild ran, read from the `.o.cmd` files of the
plugin-free tree bench/build-kernel.sh builds (kbuild-none) — once without
the plugin and once with each PLUGIN given (warn mode, report on,
diag=none: as bench/build-kernel.sh warn builds; PLUGIN:rerun=0 adds
-fplugin-arg-asminline-rerun=0, and so on), the variants of one unit
back to back and their order rotated from unit to unit, so that the load
falls on every variant alike.  Each compile's CPU time is the user +
system time of the gcc driver and everything it waited for (cc1, as, the
plugin's re-run child) from wait4().  Objects go to a scratch directory;
the tree is not touched.

The compiles are where the plugin runs: the rest of a build (linking,
objtool, assembler sources, host tools) does not load it and costs the
same with or without it, so the ratio of compile CPU is an upper bound on
the ratio of the whole build's.

Prints a Markdown table: units, CPU seconds per variant, the ratio to no
plugin with a 95 % interval (paired differences per unit), the minor page
faults of each variant's compiles (wait4's ru_minflt: what a forked
re-run adds), and the units with the largest added time.  Before and
after the compiles it runs build/bench/fork-write-cost (--fork-cost
PATH; the build's by default, none if not built) and prints what a page
first written after a fork and a fork of 100 MiB resident cost on this
machine, and what the added faults cost at that price: the part of the
added CPU another machine pays at its own price (docs/results/performance.md
has the formula).  Instructions are not counted here (most virtual
machines have no counter for perf): bench/plugin-overhead.sh counts them
with callgrind, unit by unit.  --sample N replays
N units drawn at random (seeded) instead of all; --list prints the
commands and runs nothing.

Exit codes: 0 measured, 1 a compile failed, 2 usage, 77 no kbuild-none tree.
"""
import argparse
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.environ.get("ASMINLINE_CACHE", os.path.expanduser("~/.cache/asminline"))
SERIES_PKG = {"6.1": "linux-6.1.", "6.12": "linux-6.12.", "newest": None}
# savedcmd_ since Linux 6.3, cmd_ before (6.1 runs objtool after a ';';
# 7.2's C units have no objtool part, its lines end in blanks).
SAVED = re.compile(r"^(?:saved)?cmd_(\S+) := (.*)$", re.M)


def find_tree(kver):
    """The kbuild-none tree of the series, or None.  newest: the one beside
    the tree tests/kernel/prepare-kernel.sh --kver newest gives (sid's
    version of the day)."""
    prefix = SERIES_PKG[kver]
    if prefix is None:
        r = subprocess.run([os.path.join(HERE, "..", "tests", "kernel", "prepare-kernel.sh"),
                            "--kver", kver, "x86_64"], stdout=subprocess.PIPE)
        tree = os.path.join(os.path.dirname(r.stdout.decode().strip()), "kbuild-none")
        ok = r.returncode == 0 and os.path.isfile(os.path.join(tree, "vmlinux"))
        return tree if ok else None
    for name in sorted(os.listdir(CACHE)) if os.path.isdir(CACHE) else []:
        tree = os.path.join(CACHE, name, "kbuild-none")
        if name.startswith(prefix) and os.path.isfile(os.path.join(tree, "vmlinux")):
            return tree
    return None


def unit_command(text):
    """Kbuild's compile of one C unit from a .o.cmd's text: (obj, argv) or None."""
    m = SAVED.search(text)
    if not m:
        return None
    lex = shlex.shlex(m.group(2), posix=True, punctuation_chars=";&|")
    lex.whitespace_split = True
    argv = []
    for tok in lex:
        if tok in (";", "&&", "||", "|"):
            break
        argv.append(tok)
    if not argv or argv[0] not in ("gcc", "cc") and not argv[0].endswith("gcc"):
        return None
    if "-c" not in argv or "-o" not in argv or not argv[-1].endswith(".c"):
        return None
    # A kernel unit (KCFLAGS, hence the plugin, reach no host program).
    if "-D__KERNEL__" not in argv:
        return None
    return m.group(1), argv


def rewrite(argv, out):
    """argv writing its object to out, without a dependency file."""
    res = []
    skip = False
    for i, a in enumerate(argv):
        if skip:
            skip = False
            continue
        if a.startswith("-Wp,-MMD,") or a.startswith("-Wp,-MD,"):
            continue
        if a == "-o":
            res += ["-o", out]
            skip = True
            continue
        res.append(a)
    return res


def plugin_args(plugin, report):
    return ["-fplugin=" + plugin,
            "-fplugin-arg-asminline-report=" + report,
            "-fplugin-arg-asminline-diag=none"]


def collect_units(tree):
    units = []
    for root, _dirs, files in os.walk(tree):
        for f in files:
            if not (f.startswith(".") and f.endswith(".o.cmd")):
                continue
            with open(os.path.join(root, f), errors="replace") as fh:
                u = unit_command(fh.read())
            if u:
                units.append(u)
    units.sort()
    return units


def run_one(argv, cwd):
    """((user, system) seconds, minor page faults, wall seconds, exit
    status, stderr) of one compile."""
    t0 = time.monotonic()
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    # communicate() reaps the child itself; read stderr, then wait4.
    err = p.stderr.read()
    p.stderr.close()
    _pid, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - t0
    return ((ru.ru_utime, ru.ru_stime), ru.ru_minflt, wall, p.returncode,
            err.decode(errors="replace"))


def fork_cost(path):
    """build/bench/fork-write-cost's medians on this machine: (microseconds
    per page first written after a fork, milliseconds per 100 MiB resident
    for a fork, its child's exit and the reaping), or None."""
    if not path or not os.access(path, os.X_OK):
        return None
    r = subprocess.run([path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    page = re.search(r"after a fork:\s*([\d.]+) us per page", r.stdout.decode())
    fork = re.search(r"reaping:\s*([\d.]+) ms per 100 MiB", r.stdout.decode())
    if r.returncode or not page or not fork:
        return None
    return float(page.group(1)), float(fork.group(1))


def interval(diffs, total_base):
    """95 % interval of sum(diffs) / total_base, units independent."""
    n = len(diffs)
    if n < 2 or total_base <= 0:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return 1.96 * math.sqrt(var * n) / total_base


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kver", default="6.12", choices=sorted(SERIES_PKG))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-o", dest="out")
    ap.add_argument("--fork-cost", default=os.path.join(
        HERE, "..", "build", "bench", "fork-write-cost"), metavar="PATH")
    ap.add_argument("plugins", nargs="+", metavar="PLUGIN")
    args = ap.parse_args()
    if args.j < 1:
        ap.error("-j must be at least 1")
    plugins, extra = [], []
    for spec in args.plugins:
        p, _, more = spec.partition(":")
        if not os.path.isfile(p):
            ap.error(p + ": no such plugin")
        plugins.append(os.path.abspath(p))
        extra.append(["-fplugin-arg-asminline-" + a for a in more.split(",") if a])

    tree = find_tree(args.kver)
    if not tree:
        print("build-replay: SKIP: no kbuild-none tree of %s under %s "
              "(bench/build-kernel.sh --kver %s none builds it)"
              % (args.kver, CACHE, args.kver), file=sys.stderr)
        return 77
    units = collect_units(tree)
    if args.sample and args.sample < len(units):
        units = sorted(random.Random(args.seed).sample(units, args.sample))

    scratch = tempfile.mkdtemp(prefix="build-replay.")
    # The plugins are copied: a plugin rebuilt in place must not reach a
    # compile halfway.
    names = ["none"] + ["plugin%d" % (i + 1) if len(plugins) > 1 else "plugin"
                        for i in range(len(plugins))]
    names = [n + (" (%s)" % args.plugins[i - 1].partition(":")[2]
                  if i and extra[i - 1] else "") for i, n in enumerate(names)]
    copies = []
    for i, p in enumerate(plugins):
        # GCC names a plugin after its file: each copy keeps the name.
        os.mkdir(os.path.join(scratch, "plugin-%d" % i))
        c = os.path.join(scratch, "plugin-%d" % i, "asminline.so")
        with open(p, "rb") as src, open(c, "wb") as dst:
            dst.write(src.read())
        copies.append(c)

    def variant_argv(k, obj, argv, v):
        out = os.path.join(scratch, "%d-%d.o" % (k, v))
        a = rewrite(argv, out)
        if v:
            a += plugin_args(copies[v - 1],
                             os.path.join(scratch, "report-%d.jsonl" % v))
            a += extra[v - 1]
        return a

    if args.list:
        for k, (obj, argv) in enumerate(units):
            for v in range(len(names)):
                print(shlex.join(variant_argv(k, obj, argv, v)))
        return 0

    results = [None] * len(units)
    failed = []
    lock = threading.Lock()
    nextk = [0]
    t_start = time.monotonic()

    def worker():
        while True:
            with lock:
                k = nextk[0]
                nextk[0] += 1
            if k >= len(units):
                return
            obj, argv = units[k]
            row = [None] * len(names)
            for r in range(len(names)):
                v = (k + r) % len(names)
                cpu, faults, wall, rc, err = run_one(
                    variant_argv(k, obj, argv, v), tree)
                if rc:
                    with lock:
                        failed.append((obj, names[v], rc, err[-2000:]))
                row[v] = (cpu[0] + cpu[1], cpu[1], wall, faults)
                try:
                    os.unlink(os.path.join(scratch, "%d-%d.o" % (k, v)))
                except FileNotFoundError:
                    pass
            results[k] = row
            if k % 100 == 0:
                print("build-replay: %d/%d units, %.0f s" %
                      (k, len(units), time.monotonic() - t_start),
                      file=sys.stderr, flush=True)

    cost0 = fork_cost(args.fork_cost)
    threads = [threading.Thread(target=worker) for _ in range(args.j)]
    load0 = os.getloadavg()[0]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    load1 = os.getloadavg()[0]
    elapsed = time.monotonic() - t_start
    cost1 = fork_cost(args.fork_cost)
    if failed:
        for obj, v, rc, err in failed[:10]:
            print("build-replay: %s (%s) exited %d:\n%s" % (obj, v, rc, err),
                  file=sys.stderr)
        return 1

    records = {}
    for v in range(1, len(names)):
        rep = os.path.join(scratch, "report-%d.jsonl" % v)
        records[names[v]] = sum(1 for _ in open(rep)) if os.path.exists(rep) else 0

    total = [sum(r[v][0] for r in results) for v in range(len(names))]
    system = [sum(r[v][1] for r in results) for v in range(len(names))]
    faults = [sum(r[v][3] for r in results) for v in range(len(names))]
    out = {"kver": args.kver, "tree": tree, "units": len(units), "jobs": args.j,
           "sample": args.sample, "seed": args.seed, "elapsed_seconds": elapsed,
           "load_before": load0, "load_after": load1, "plugins": plugins,
           "records": records, "variants": {}}
    print("Replayed %d C units of %s (%s), -j %d, %.0f s, load %.1f -> %.1f"
          % (len(units), args.kver, tree, args.j, elapsed, load0, load1))
    print()
    print("| variant | CPU (s) | of it system (s) | / none | 95 % interval "
          "| page faults | records |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for v, name in enumerate(names):
        diffs = [r[v][0] - r[0][0] for r in results]
        ratio = total[v] / total[0] if total[0] else 0.0
        half = interval(diffs, total[0])
        out["variants"][name] = {"cpu_seconds": total[v],
                                 "system_seconds": system[v],
                                 "minor_faults": faults[v], "ratio": ratio,
                                 "interval95": half,
                                 "plugin": args.plugins[v - 1] if v else None}
        print("| %s | %.1f | %.1f | %.4f | %s | %d | %s |" % (
            name, total[v], system[v], ratio,
            "±%.2f %%" % (100 * half) if v else "", faults[v],
            records.get(name, "") if v else ""))
    print()
    costs = [c for c in (cost0, cost1) if c]
    out["fork_write_cost"] = [{"us_per_page": c[0], "ms_per_100mib": c[1]}
                              for c in costs]
    if costs:
        page = sum(c[0] for c in costs) / len(costs)
        print("This machine (build/bench/fork-write-cost, before and after): "
              "a page first written after a fork %s us, a fork with its exit "
              "and reaping %s ms per 100 MiB resident."
              % (" / ".join("%.3f" % c[0] for c in costs),
                 " / ".join("%.2f" % c[1] for c in costs)))
        for v in range(1, len(names)):
            added = total[v] - total[0]
            extra = faults[v] - faults[0]
            price = extra * page / 1e6
            print("%s: %+.1f s of CPU, %+d minor faults; at %.3f us each the "
                  "faults cost %.2f s (%.2f %% of none's CPU)"
                  % (names[v], added, extra, page, price,
                     100 * price / total[0] if total[0] else 0.0))
        print()
    for v in range(1, len(names)):
        top = sorted(range(len(units)),
                     key=lambda k: results[k][v][0] - results[k][0][0],
                     reverse=True)[:5]
        print("Largest added CPU, %s: %s" % (names[v], ", ".join(
            "%s +%.2f s" % (units[k][0], results[k][v][0] - results[k][0][0])
            for k in top)))
    out["per_unit"] = [{"obj": units[k][0],
                        "cpu": [results[k][v][0] for v in range(len(names))],
                        "system": [results[k][v][1] for v in range(len(names))],
                        "minor_faults": [results[k][v][3]
                                         for v in range(len(names))]}
                       for k in range(len(units))]
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(out, fh, indent=1)
    shutil.rmtree(scratch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
