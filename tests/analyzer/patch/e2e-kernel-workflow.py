#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# e2e-kernel-workflow.py ASMSCAN PLUGIN PREPARE [KVER] — the evidence and
# patches a maintainer takes, on real Linux objects (6.1, or KVER: 6.12)
# built by Kbuild in a private copy of the prepared x86_64_defconfig tree
# (tests/kernel/scratch.py), in the plugin's warn mode (code as is) and
# apply mode (as if converted):
#   - `asmscan diff --format bloat-o-meter` (-6.1 on Linux 6.1) prints
#     byte for byte what the tree's own scripts/bloat-o-meter prints, for
#     each object and for two archives of them;
#   - every diff names the compiler, as the objects' .comment has it, and
#     the build's .config with its title line;
#   - `--format evidence`: its call figures are the JSON diff's, and each
#     per-site line's refused calls are what the plugin's report says
#     (distinct blocked-by-asm calls naming a statement spelled there);
#   - --site FILE:LINE: `sites` shows that site and each call it blocks
#     (as many as the report has), `patch` changes that one line, the
#     evidence names that site only; a malformed place is exit 2;
#   - `asmscan patch --format-patch --split site|file`: `git am` applies
#     the series to a git tree of the touched files, and the result is the
#     one-diff patch's (`patch -p1`); one patch per changed line or file,
#     kernel-style subjects by the path's rule; the tree's checkpatch.pl
#     (--no-signoff: signing off is the sender's act) finds no error in a
#     patch that it does not find in the lines the patch replaces.
# Exit 0 pass, 1 fail, 77 skip (ASMINLINE_ALLOW_SKIP=1 only).
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "kernel"))
sys.path.insert(0, HERE)
import patch as ptest  # noqa: E402
import scratch  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("analyzer-e2e-kernel-workflow")
UNITS = ["kernel/fork.o", "fs/readdir.o", "lib/iov_iter.o", "arch/x86/mm/tlb.o"]


def comment_compiler(path):
    out = run(["readelf", "-p", ".comment", path]).stdout
    m = re.search(r"\]\s+GCC: \((.*?)\) (\S+)", out)
    if not m:
        fail(f"{path}: no GCC line in .comment:\n{out[:500]}")
    return f"GCC {m.group(2)} ({m.group(1)})"


def expected_prefix(rel):
    """docs/reference/patch.md's rule for the subject's prefix."""
    parts = rel.split("/")
    if parts[0] == "arch" and len(parts) > 3 and parts[2:4] == ["include", "asm"]:
        return f"{parts[1]}/asm"
    if parts[0] == "arch" and len(parts) > 3:
        return f"{parts[1]}/{parts[2]}"
    if parts[:2] == ["include", "linux"] and len(parts) == 3:
        return parts[2].rsplit(".", 1)[0]
    if parts[:2] == ["include", "asm-generic"]:
        return "asm-generic"
    if parts[0] == "drivers" and len(parts) > 2:
        return parts[1]
    return parts[0]


def main():
    if len(sys.argv) < 4:
        fail("usage: e2e-kernel-workflow.py ASMSCAN PLUGIN PREPARE [KVER]")
    asmscan, plugin, prepare = (os.path.abspath(a) for a in sys.argv[1:4])
    kver = sys.argv[4] if len(sys.argv) > 4 else "6.1"
    work = scratch.workdir(TEST, kver)
    s = scratch.Scratch(TEST, prepare, kver)
    flags = f"-fplugin={plugin} -fplugin-arg-asminline-diag=none"
    # the copies live inside the O= tree, so that its .config is found
    sides = {}
    for mode in ("warn", "apply"):
        rep = os.path.join(work, f"{mode}.jsonl")
        s.make(UNITS, kcflags=f"{flags} -fplugin-arg-asminline-mode={mode} "
                             f"-fplugin-arg-asminline-report={rep}")
        d = os.path.join(s.obj, f"asminline-{mode}")
        os.makedirs(d)
        for o in UNITS:
            shutil.copy(os.path.join(s.obj, o), os.path.join(d, o.replace("/", "_")))
        run(["ar", "rcs", os.path.join(work, f"{mode}.a")] +
            [os.path.join(d, o.replace("/", "_")) for o in UNITS])
        sides[mode] = d
    script = os.path.join(s.src, "scripts", "bloat-o-meter")
    fmt = "bloat-o-meter-6.1" if kver == "6.1" else "bloat-o-meter"

    # --- bloat-o-meter, byte for byte ---
    pairs = [(os.path.join(sides["warn"], o.replace("/", "_")),
              os.path.join(sides["apply"], o.replace("/", "_"))) for o in UNITS]
    pairs.append((os.path.join(work, "warn.a"), os.path.join(work, "apply.a")))
    rows = 0
    for old, new in pairs:
        want = run(["python3", script, old, new]).stdout
        got = run([asmscan, "diff", "-f", fmt, old, new]).stdout
        if got != want:
            fail(f"{fmt} {os.path.basename(old)}: differs from {script}:\n--- script\n{want}\n--- asmscan\n{got}")
        rows += len(want.splitlines()) - 3
    print(f"{TEST}: {kver}: {fmt}: {len(pairs)} pairs as the script prints them ({rows} rows)", flush=True)

    # --- provenance ---
    cc = comment_compiler(pairs[0][0])
    title = next(ln[2:] for ln in open(os.path.join(s.obj, ".config")) if ln.startswith("# Linux/"))
    text = run([asmscan, "diff", sides["warn"], sides["apply"]]).stdout
    for side in ("old", "new"):
        want = f"built by ({side}): {cc}; config {sides['warn' if side == 'old' else 'apply']}/../.config ({title.strip()})"
        if want not in text:
            fail(f"text diff lacks '{want}':\n{text[:1500]}")
    doc = json.loads(run([asmscan, "diff", "-f", "json", sides["warn"], sides["apply"]]).stdout)
    gcc_line = doc["old"]["compiler"]
    if not gcc_line.startswith("GCC: (") or doc["old"]["config"]["title"] != title.strip():
        fail(f"JSON provenance: {doc['old'].get('compiler')}, {doc['old'].get('config')}")

    # --- evidence ---
    ev = run([asmscan, "diff", "-f", "evidence", sides["warn"], sides["apply"]]).stdout
    m = re.search(r"direct calls: -([\d,]+) at (\d+) callees \((\d+) no longer called\), \+([\d,]+) at (\d+) callees", ev)
    if not m:
        fail(f"evidence lacks the direct calls line:\n{ev}")
    flow = doc["summary"]["call_sites"]
    got = (int(m.group(1).replace(",", "")), int(m.group(4).replace(",", "")))
    if got != (flow["removed"], flow["added"]):
        fail(f"evidence calls {got} != JSON diff's {flow['removed']}, {flow['added']}")
    report = [json.loads(ln) for ln in open(os.path.join(work, "warn.jsonl"))]
    stmts = {(r["tu"], r["fingerprint"]): r for r in report if r.get("record") == "asm" and r["flagged"]}
    calls = {}
    # each edge record is one call (two inlined copies of a call: two
    # records); one naming several statements of a site counts once there
    for i, e in enumerate(report):
        if e.get("record") != "edge" or e["verdict"] != "blocked-by-asm":
            continue
        for fp in e.get("fingerprints", []):
            st = stmts.get((e["tu"], fp))
            if st:
                rel = os.path.relpath(st["spelling_file"], s.src) if st["spelling_file"].startswith("/") else st["spelling_file"]
                calls.setdefault(f"{rel}:{st['spelling_line']}", set()).add(i)
    site_lines = re.findall(r"^    (\S+:\d+) \(.*?\): (\d+) refused calls?", ev, re.M)
    if not site_lines:
        fail(f"evidence has no per-site line:\n{ev}")
    for where, n in site_lines:
        if where not in calls or len(calls[where]) != int(n):
            fail(f"evidence: {where}: {n} refused calls, the report says {len(calls.get(where, ()))}")
    print(f"{TEST}: {kver}: evidence: {got[0]} calls removed, {got[1]} added; {len(site_lines)} sites as the report says", flush=True)

    # --- one site: sites --site, patch --site, evidence --site ---
    where, n = site_lines[0]
    p = run([asmscan, "sites", "--site", where, sides["warn"]]).stdout
    edge_lines = re.findall(r"^  \S+:\d+: \S+ -> \S+ \(", p, re.M)
    if f"--site: 1 of " not in p or f"{where}: {n} refused call" not in p or len(edge_lines) != int(n):
        fail(f"sites --site {where}: wanted one site and its {n} refused calls:\n{p}")
    file, line = where.rsplit(":", 1)
    one_site = run([asmscan, "patch", "--source", s.src, "--site", where, sides["warn"]]).stdout
    hunks = re.findall(r"^@@ -(\d+),(\d+) ", one_site, re.M)
    changed_lines = [ln for ln in one_site.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    if re.findall(r"^\+\+\+ b/(\S+)", one_site, re.M) != [file] or len(changed_lines) != 1:
        fail(f"patch --site {where}: wanted one line of {file} changed:\n{one_site}")
    ev1 = run([asmscan, "diff", "-f", "evidence", "--site", where, sides["warn"], sides["apply"]]).stdout
    if re.findall(r"^    (\S+:\d+) ", ev1, re.M) != [where]:
        fail(f"diff -f evidence --site {where}: wanted that site's line only:\n{ev1}")
    run([asmscan, "sites", "--site", "nowhere", sides["warn"]], want=2)
    run([asmscan, "calls", "--site", where, sides["warn"]], want=2)
    print(f"{TEST}: {kver}: --site {where}: sites, patch (one line) and evidence", flush=True)

    # --- patch series ---
    one = run([asmscan, "patch", "--source", s.src, sides["warn"]]).stdout
    files = re.findall(r"^\+\+\+ b/(\S+)", one, re.M)
    changed = sum(1 for ln in one.splitlines() if ln.startswith("+") and not ln.startswith("+++"))
    if not files:
        fail("asmscan patch converted nothing")
    plain = os.path.join(work, "plain")
    for f in files:
        os.makedirs(os.path.dirname(os.path.join(plain, f)), exist_ok=True)
        shutil.copy(os.path.join(s.src, f), os.path.join(plain, f))
    run(["patch", "-s", "-p1", "-d", plain], input=one)
    env = dict(os.environ, GIT_AUTHOR_NAME="A U Thor", GIT_AUTHOR_EMAIL="author@example.org",
               GIT_COMMITTER_NAME="A U Thor", GIT_COMMITTER_EMAIL="author@example.org",
               SOURCE_DATE_EPOCH="1764633600")
    for split, count in (("site", changed), ("file", len(files))):
        series = os.path.join(work, f"series-{split}")
        listed = run([asmscan, "patch", "--source", s.src, "--format-patch", series,
                      "--split", split, sides["warn"]], env=env).stdout.split()
        if len(listed) != count:
            fail(f"--split {split}: {len(listed)} patches, wanted {count}")
        repo = os.path.join(work, f"repo-{split}")
        for f in files:
            os.makedirs(os.path.dirname(os.path.join(repo, f)), exist_ok=True)
            shutil.copy(os.path.join(s.src, f), os.path.join(repo, f))
        run(["git", "init", "-q", repo], env=env)
        run(["git", "-C", repo, "add", "-A"], env=env)
        run(["git", "-C", repo, "commit", "-q", "-m", "base"], env=env)
        run(["git", "-C", repo, "am", "-q"] + listed, env=env)
        for f in files:
            if open(os.path.join(repo, f)).read() != open(os.path.join(plain, f)).read():
                fail(f"--split {split}: git am's {f} is not patch -p1's")
        log = run(["git", "-C", repo, "log", "--format=%an <%ae>|%s", "--reverse"], env=env).stdout.splitlines()[1:]
        for path, line in zip(listed, log):
            author, subj = line.split("|", 1)
            touched = re.findall(r"^\+\+\+ b/(\S+)", open(path).read(), re.M)
            want = expected_prefix(touched[0]) + ": Use asm_inline() instead of asm() in "
            if author != "A U Thor <author@example.org>" or not subj.startswith(want):
                fail(f"{path}: author '{author}', subject '{subj}', wanted '{want}...'")
        for path in listed:
            text = open(path).read()
            diff = text[text.index("\n--- a/") + 1:text.rindex("\n-- \n") + 1]
            fwd = ptest.checkpatch(s.src, text, "fwd.patch")
            back = ptest.checkpatch(s.src, ptest.reverse(diff), "back.patch")
            new = {e for e in fwd - back if e[0] == "ERROR"}
            if new:
                fail(f"checkpatch.pl {path}: errors the replaced lines do not have: {sorted(new)}")
        print(f"{TEST}: {kver}: --split {split}: {len(listed)} patches, git am = patch -p1, checkpatch clean", flush=True)
    print(f"{TEST}: PASS: Linux {kver}: bloat-o-meter exact, provenance, evidence, patch series")


if __name__ == "__main__":
    main()
