#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""candidates-newest.py ROOT ASMSCAN PLUGIN [ARCH] — `scripts/experiment/experiment.sh
candidates` end to end on three units of the newest kernel Debian ships
(ARCH x86_64, the default, with x86_64_defconfig; arm64 with defconfig,
the cross compiler and the plugin built for it)
(tests/kernel/prepare-kernel.sh --kver newest): the warn build, the
ranking, a one-site what-if of the three top sites with their evidence,
a patch per site that git am applies and that builds with
CONFIG_WERROR=y, the check against Kbuild's own rebuild, the summary;
then the same command again, which must redo nothing.

Checked against what the pipeline does not compute itself:
- the ranking's sites and each site's units are those the plugin's
  records in the warn objects give (tests/plugin/embedded.py, written from
  docs/reference/format.md);
- each what-if object was compiled with its site applied (its unit
  record's "sites" item, again through embedded.py), is a new file while
  the objects it did not recompile are links of the warn tree's, and the
  warn objects are as the warn build left them;
- the byte figures are the kernel's own scripts/bloat-o-meter's, run here
  on each pair of objects;
- the patch applies with git am to a git repository made here of the
  files it touches, and the result is the source with the asm keyword of
  that one line respelled asm_inline;
- the CONFIG_WERROR=y objects were compiled with -Werror and without the
  plugin, and their .text is the what-if's (objcopy -O binary -j .text,
  then cmp), as is the .text of the objects Kbuild rebuilt for the check.

The git repository of the source and its CONFIG_WERROR=y tree are shared
with other runs (beside the cached source: candidates-git*), so only the
first run on a machine makes them.
"""
import json
import os
import re
import shutil
import sys
import time

ROOT, ASMSCAN, PLUGIN = sys.argv[1:4]
ARCH = sys.argv[4] if len(sys.argv) > 4 else "x86_64"
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tests", "kernel"))
sys.path.insert(0, os.path.join(ROOT, "tests", "plugin"))
import embedded  # noqa: E402
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402
import tree  # noqa: E402

TEST = testlib.name("scripts-candidates-newest" + ("" if ARCH == "x86_64" else "-" + ARCH))
UNITS = {"x86_64": ["kernel/fork.o", "arch/x86/mm/tlb.o", "kernel/futex/core.o"],
         "arm64": ["kernel/fork.o", "arch/arm64/kernel/traps.o", "kernel/futex/core.o"]}[ARCH]
CONFIG = {"x86_64": "x86_64_defconfig", "arm64": "defconfig"}[ARCH]
OBJCOPY = {"x86_64": "objcopy", "arm64": "aarch64-linux-gnu-objcopy"}[ARCH]


def text_of(obj, out):
    p = run([OBJCOPY, "-O", "binary", "-j", ".text", obj, out], want=None)
    if p.returncode:
        fail(f"objcopy {obj}: {p.stderr.strip()}")
    return out


def same_text(a, b, work):
    return run(["cmp", "-s", text_of(a, os.path.join(work, "a.bin")),
                text_of(b, os.path.join(work, "b.bin"))], want=None).returncode == 0


def bom_totals(text):
    m = re.search(r"up/down: (\d+)/(-?\d+) \((-?\d+)\)", text)
    return tuple(int(x) for x in m.groups()) if m else None


def main():
    work = testlib.enter(TEST)
    os.environ["ASMINLINE_KVER"] = "newest"
    src, _build = tree.prepare(ARCH, TEST)
    release = tree.release(src)
    print(f"{TEST}: Linux {release}", flush=True)
    shared = os.path.join(os.path.dirname(src), "candidates-git")
    out = os.path.join(work, "out")
    argv = [os.path.join(ROOT, "scripts", "experiment", "experiment.sh"), "-a", ASMSCAN, "-p", PLUGIN,
            "candidates", "-o", out, "--src", src, "--arch", ARCH, "--units", ",".join(UNITS), "-n", "3",
            "-j", str(os.cpu_count() or 2), "--git", shared, "--verify-sample", "1"]
    t0 = time.monotonic()
    p = run(argv, want=None)
    first = time.monotonic() - t0
    with open("run1.err", "w") as f:
        f.write(p.stderr)
    if p.returncode:
        fail(f"candidates exited {p.returncode}:\n{p.stderr[-3000:]}")
    for need in ("summary.txt", "summary.md", "summary.json", "ranking.txt", "summary.png"):
        if not os.path.isfile(os.path.join(out, need)):
            fail(f"no {need}")
    if "candidates: warn build: make 3 units" not in p.stderr:
        fail("no progress on stderr")
    with open(os.path.join(out, "ranking.json")) as f:
        ranking = json.load(f)
    with open(os.path.join(out, "summary.json")) as f:
        summ = json.load(f)

    # The ranking against the records, read independently.
    warn = os.path.join(out, "warn")
    site_units = {}
    for u in UNITS:
        _units, stmts, _edges = embedded.read_all(os.path.join(warn, u), OBJCOPY)
        for s in stmts:
            site_units.setdefault(f"{s['spelling_file']}:{s['spelling_line']}", set()).add(s["tu"])
    got = {r["site"]: set(r["unit_list"]) for r in ranking["sites"]}
    if got != site_units:
        fail(f"ranked sites and units {got} != the records' {site_units}")
    if len(summ["sites"]) != min(3, len(got)):
        fail(f"{len(summ['sites'])} sites measured, want {min(3, len(got))}")

    for res in summ["sites"]:
        row, ev, pa = res["row"], res["evidence"], res["patch"]
        site = row["site"]
        d = os.path.join(out, res["dir"])
        objs = [u for u in UNITS if u[:-2] + ".c" in site_units[site]]
        if not ev or sorted(res["whatif"]["units"]) != sorted(objs):
            fail(f"{site}: what-if units {res['whatif'] and res['whatif']['units']}, want {objs}")
        t = os.path.join(d, "tree")
        script = 0, 0, 0
        for u in UNITS:
            a, b = os.path.join(warn, u), os.path.join(t, u)
            if u in objs:
                if os.path.samefile(a, b):
                    fail(f"{site}: {u} of the what-if is the warn tree's file, not a new one")
                units, _s, _e = embedded.read_all(b, OBJCOPY)
                items = [it for un in units for it in un.get("sites", []) if it["site"] == site]
                if not items or not all(it["applied"] > 0 for it in items):
                    fail(f"{site}: {u}: the unit record says the site was not applied: {items}")
                bo = run(["python3", os.path.join(src, "scripts", "bloat-o-meter"), a, b], want=None)
                script = tuple(x + y for x, y in zip(script, bom_totals(bo.stdout)))
            elif not os.path.samefile(a, b):
                fail(f"{site}: {u} was not recompiled but is not the warn tree's object")
        want = ev["bloat_o_meter"]
        if script != (want["up"], want["down"], want["net"]):
            fail(f"{site}: scripts/bloat-o-meter sums {script}, the evidence says {want}")
        if not pa or not pa["applies"] or not pa["builds"]:
            fail(f"{site}: patch {pa}")
        check_patch(src, site, pa["patch"], os.path.join(work, "am-" + os.path.basename(d)))
        werror = f"{shared}-build-{ARCH}-{CONFIG}"
        for u in objs:
            with open(os.path.join(werror, os.path.dirname(u), "." + os.path.basename(u) + ".cmd")) as f:
                cmd = f.readline()
            if " -Werror " not in cmd or "-fplugin" in cmd:
                fail(f"{site}: {u} of the CONFIG_WERROR=y tree: not -Werror, or with the plugin")
            if not same_text(os.path.join(t, u), os.path.join(d, "patched", u), work):
                fail(f"{site}: {u}: .text with the patch differs from the what-if's")
        print(f"{TEST}: {site}: {len(objs)} units; calls -{ev['calls_removed']} +{ev['calls_added']}, "
              f"bloat-o-meter {want['net']:+}; git am and -Werror build ok", flush=True)

    v = summ["verify"]
    if not v or not v["same"]:
        fail(f"verify: {v}")
    vsite = next(r for r in summ["sites"] if r["row"]["site"] == v["site"])
    for u in vsite["whatif"]["units"]:
        if not same_text(os.path.join(out, vsite["dir"], "tree", u), os.path.join(out, "verify", "tree", u), work):
            fail(f"verify: {u}: .text of Kbuild's rebuild differs from the what-if's")
    bad = [os.path.relpath(os.path.join(r, f), warn) for r, _d, fs in os.walk(warn) for f in fs
           if os.stat(os.path.join(r, f)).st_mtime > os.stat(os.path.join(warn, ".candidates-built")).st_mtime]
    if bad:
        fail(f"files of the warn tree changed after its build: {bad[:5]}")

    # Resumable: the same command again redoes nothing.
    before = {f: open(os.path.join(out, f)).read() for f in ("summary.txt", "ranking.txt")}
    t0 = time.monotonic()
    p = run(argv, want=None)
    again = time.monotonic() - t0
    if p.returncode:
        fail(f"the rerun exited {p.returncode}:\n{p.stderr[-2000:]}")
    if "warn build: done before" not in p.stderr or "recompiling" in p.stderr or "git am" in p.stderr:
        fail(f"the rerun redid a step:\n{p.stderr}")
    for f, text in before.items():
        if open(os.path.join(out, f)).read() != text:
            fail(f"the rerun changed {f}")
    print(f"{TEST}: PASS ({len(got)} sites ranked, {len(summ['sites'])} measured; "
          f"{first:.0f} s, rerun {again:.0f} s)", flush=True)


def check_patch(src, site, patch, repo):
    """git am PATCH on a repository of the files it touches, made here: the
    result is the source with the site's line respelled, nothing else."""
    with open(patch) as f:
        text = f.read()
    files = re.findall(r"^\+\+\+ b/(\S+)", text, re.M)
    file, line = site.rsplit(":", 1)
    if files != [file]:
        fail(f"{site}: the patch changes {files}")
    os.makedirs(os.path.join(repo, os.path.dirname(file)))
    shutil.copy(os.path.join(src, file), os.path.join(repo, file))
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    for argv in (["init", "-q"], ["add", "-f", "."], ["commit", "-q", "-m", "base"], ["am", "-q", patch]):
        p = run(["git", "-C", repo] + argv, env=env, want=None)
        if p.returncode:
            fail(f"{site}: git {argv[0]}: {p.stdout}{p.stderr}")
    with open(os.path.join(src, file)) as f:
        old = f.read().split("\n")
    with open(os.path.join(repo, file)) as f:
        new = f.read().split("\n")
    n = int(line) - 1
    if len(old) != len(new) or old[:n] != new[:n] or old[n + 1:] != new[n + 1:]:
        fail(f"{site}: git am changed more than line {line}")
    want = re.sub(r"\b(?:__asm__|__asm|asm)\b(\s+__volatile__\b)?",
                  lambda m: "asm_inline" + (" volatile" if m.group(1) else ""), old[n], count=1)
    if want == old[n] or want != new[n]:
        fail(f"{site}: line {line} {old[n]!r} became {new[n]!r}")


if __name__ == "__main__":
    main()
