#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# demo.py PLUGIN ASMSCAN [OUT] — build the kernel-like example twice with
# the plugin (mode=warn, then mode=apply) and print what a kernel developer
# wants to know: which asm sites GCC over-charges, which inline functions
# therefore got out-of-line copies (nm), why GCC refused to inline them
# (-fopt-info-inline-missed), and what changes when the flagged asm is
# treated as asm inline; then asmscan sites on the warn-mode objects and
# asmscan diff between the two builds.  Output is deterministic; README.md
# shows it and the test plugin-example checks that it still matches.
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, cwd=HERE):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"demo: {' '.join(cmd)} failed:\n{p.stdout}{p.stderr}")
    return p.stdout


def build(plugin, out, mode):
    run(["make", "-s", "clean", f"OUT={out}"])
    run(["make", "-s", f"PLUGIN={plugin}", f"MODE={mode}", f"OUT={out}"])
    with open(os.path.join(HERE, out, "report.jsonl")) as f:
        # Only the "asm" records; "edge" records are shown by docs/design/edges.md.
        recs = [r for r in map(json.loads, f) if r["record"] == "asm"]
    objs = sorted(f for f in os.listdir(os.path.join(HERE, out)) if f.endswith(".o"))
    return recs, objs


def out_of_line(out, objs):
    """Local (static) function copies in each object, from nm."""
    copies = []
    for o in objs:
        for line in run(["nm", os.path.join(out, o)]).splitlines():
            addr, kind, name = line.split()
            if kind == "t":
                copies.append(f"{o}: {name}")
    return copies


def refused(out):
    """GCC's IPA inliner refusals, from -fopt-info-inline-missed."""
    lines = []
    for name in sorted(os.listdir(os.path.join(HERE, out))):
        if not name.endswith(".inline-missed"):
            continue
        with open(os.path.join(HERE, out, name)) as f:
            for line in f:
                m = re.match(r"(\S+?):(\d+):\d+: missed:\s+not inlinable: "
                             r"(\w+)/\d+ -> ([\w.]+)/\d+, (.*)", line)
                if m:
                    lines.append(f"{m[1]}:{m[2]}: {m[3]} -> {m[4]}: {m[5]}")
    return sorted(lines)


def embedded(out, objs):
    """What each object carries in .comment (docs/reference/format.md)."""
    for o in objs:
        path = os.path.join(HERE, out, o)
        run(["objcopy", "--dump-section", f".comment={path}.comment", path,
             f"{path}.copy"])
        with open(f"{path}.comment", "rb") as f:
            strings = [s for s in f.read().split(b"\0")
                       if s.startswith(b"asminline/1 ")]
        # Not left beside the objects: asmscan reads every object there.
        os.remove(f"{path}.comment")
        os.remove(f"{path}.copy")
        recs = [json.loads(s.partition(b" ")[2]) for s in strings]
        count = collections.Counter(r["record"] for r in recs)
        unit = next(r for r in recs if r["record"] == "unit")
        print(f"  {o}: {count['site']} site + {count['stmt']} stmt + "
              f"{count['edge']} edge + {count['unit']} unit strings, "
              f"{sum(len(s) + 1 for s in strings)} "
              f"bytes; unit {unit['tu']}: {unit['statements']} statements, "
              f"{unit['flagged']} flagged")


def sites(recs):
    """Flagged statements grouped by site (where the asm is spelled)."""
    by_site = collections.OrderedDict()
    for r in sorted(recs, key=lambda r: (r["spelling_file"], r["spelling_line"])):
        if r["flagged"]:
            by_site.setdefault((r["spelling_file"], r["spelling_line"]), []).append(r)
    for (f, line), rs in by_site.items():
        r = rs[0]
        tus = sorted({os.path.basename(x["tu"]) for x in rs})
        print(f"  {f}:{line}: {r['kind']}, charged {r['gcc_count']}, emits "
              f"{r['est_insns']}: {len(rs)} statement(s) in {', '.join(tus)}")


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: demo.py PLUGIN ASMSCAN [OUT]")
    plugin, asmscan = (os.path.abspath(p) for p in sys.argv[1:3])
    out = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else "out"

    print("== mode=warn: report and notes only, code generation unchanged")
    recs, objs = build(plugin, f"{out}/warn", "warn")
    flagged = sum(r["flagged"] for r in recs)
    print(f"{len(recs)} asm statements, {flagged} flagged "
          f"(gcc_count - est_insns >= 4); flagged sites:")
    sites(recs)
    print("out-of-line copies of inline functions (nm):")
    for c in out_of_line(f"{out}/warn", objs) or ["none"]:
        print(f"  {c}")
    print("calls GCC refused to inline (-fopt-info-inline-missed):")
    for r in refused(f"{out}/warn") or ["none"]:
        print(f"  {r}")
    print("records embedded in the objects' .comment (embed=1):")
    embedded(f"{out}/warn", objs)

    print("== mode=apply: flagged asm treated as asm inline")
    recs, objs = build(plugin, f"{out}/apply", "apply")
    print(f"{sum(r['applied'] for r in recs)} statements marked asm inline")
    print("out-of-line copies of inline functions (nm):")
    for c in out_of_line(f"{out}/apply", objs) or ["none"]:
        print(f"  {c}")
    print("calls GCC refused to inline (-fopt-info-inline-missed):")
    for r in refused(f"{out}/apply") or ["none"]:
        print(f"  {r}")

    print("== asmscan tables: special-section entries per function")
    for mode in ("warn", "apply"):
        text = run([asmscan, "tables", "-n", "4"] + [f"{mode}/{o}" for o in objs],
                   cwd=os.path.join(HERE, out))
        table = text[text.index("Functions by entries"):].split("\n\n")[0]
        print(f"{mode}:")
        for line in table.splitlines()[1:]:
            print(f"  {line}")

    print("== asmscan sites: the records embedded in the warn-mode objects, ranked")
    text = run([asmscan, "sites", "-n", "4"] + [f"warn/{o}" for o in objs],
               cwd=os.path.join(HERE, out))
    table = text[text.index("Sites:"):].split("\n\n")[0]
    for line in table.splitlines():
        print(f"  {line}")

    print("== asmscan diff warn apply: what converting the flagged asm changes")
    text = run([asmscan, "diff", "-n", "3", "warn", "apply"],
               cwd=os.path.join(HERE, out))
    for part in ("Functions (bloat-o-meter", "Calls (both", "Copies (out"):
        block = text[text.index(part):].split("\n\n")[0]
        for line in block.splitlines():
            print(f"  {line}")

if __name__ == "__main__":
    main()
