#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# patch.py ASMSCAN PLUGIN CC SRCDIR — `asmscan patch` on objects the plugin
# compiles now, checked against what does not share code with it:
#   - the plugin's JSON report: the lines the diff changes are exactly the
#     spelling lines of the flagged statements (--flips-only: of those
#     that a blocked-by-asm edge names in its unit);
#   - a regular expression: each changed line is its old text with asm
#     keywords (and their qualifiers) respelled asm_inline, nothing else;
#   - GNU patch (--dry-run, then for real) and GNU diff -ru: the diff
#     applies with -p1 and is the one diff writes for the same change;
#   - the compiler again: the patched tree has no flagged statement, each
#     one flagged before is now asm_inline, and its objects' loadable
#     bytes and relocations equal mode=apply's on the unpatched tree
#     wherever every statement at the changed lines was flagged;
#   - git am: --format-patch --split site|file writes one mbox patch per
#     changed line or file (headers as git format-patch's), and git am
#     applies the series to a git copy of the tree, giving patch -p1's;
# on examples/kernel-like (relative paths) and tests/analyzer/src/
# patch-shapes.[ch] (absolute paths, several asm on a line, __asm__,
# named operands, asm in comments and strings), plus a moved tree, a tree
# without the files, an already converted tree and usage errors.
# Exit 0 pass, 1 fail, 77 skip.
import itertools
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, run  # noqa: E402

TEST = testlib.name("analyzer-patch")
DEFINE = "-Dasm_inline=asm __inline"	# as include/linux/compiler_types.h
KW = re.compile(r"\b(?:asm|__asm__|__asm)\b"
                r"((?:\s+(?:volatile|__volatile__|__volatile|goto)\b)*)")


def checkpatch(src, diff, name):
    """{(kind, type, message, file, line)} of checkpatch's reports on diff
    (a diff or a whole mbox patch), from the kernel tree src."""
    with open(name, "w") as f:
        f.write(diff)
    p = run(["perl", os.path.join(src, "scripts", "checkpatch.pl"), "--no-tree",
             "--no-signoff", "--show-types", name], want=None)
    found, head = set(), None
    for line in p.stdout.splitlines():
        m = re.match(r"(ERROR|WARNING|CHECK):(\w+): (.*)", line)
        if m:
            head = m.groups()
            found.add(head + ("", 0))
            continue
        m = re.match(r"#\d+: FILE: (\S+):(\d+):", line)
        if m and head:
            found.discard(head + ("", 0))
            found.add(head + (m.group(1), int(m.group(2))))
            head = None
    return found


def reverse(diff):
    """The diff undone: what checkpatch says of the lines it replaces."""
    out = []
    for line in diff.splitlines():
        if line.startswith(("---", "+++", "@@")):
            out.append(line)
        elif line.startswith("-"):
            out.append("+" + line[1:])
        elif line.startswith("+"):
            out.append("-" + line[1:])
        else:
            out.append(line)
    # GNU patch wants '-' before '+': swap each pair back into that order
    fixed, i = [], 0
    while i < len(out):
        if out[i].startswith("+") and i + 1 < len(out) and out[i + 1].startswith("-"):
            fixed += [out[i + 1], out[i]]
            i += 2
        else:
            fixed.append(out[i])
            i += 1
    return "\n".join(fixed) + "\n"


def records(report, kind="asm"):
    return [r for r in map(json.loads, open(report)) if r["record"] == kind]


def rel(tree, cwd, path, srctree=""):
    """path relative to tree: a record's name joined to its srctree when
    relative to it (docs/reference/format.md), else to the compile's directory."""
    if srctree and not path.startswith(("/", "./", "../")):
        path = os.path.join(srctree, path)
    return os.path.relpath(os.path.normpath(os.path.join(cwd, path)), tree)


def flagged_lines(report, tree, cwd, flips=False):
    asm = records(report)
    keep = None
    if flips:
        keep = {(e["tu"], f) for e in records(report, "edge")
                if e["verdict"] == "blocked-by-asm" for f in e["fingerprints"]}
    return {(rel(tree, cwd, r["spelling_file"], r.get("srctree", "")), r["spelling_line"])
            for r in asm if r["flagged"] and
            (keep is None or (r["tu"], r["fingerprint"]) in keep)}


def parse_diff(text, strict=True):
    """{(path, line): (old, new)} and the hunks without file headers."""
    changed, hunks, path, old = {}, [], None, 0
    pending = []
    for line in text.splitlines():
        if line.startswith("--- "):
            continue
        if line.startswith("+++ "):
            path = line[4:].split("\t")[0]
            if strict and not path.startswith("b/"):
                fail(f"not a -p1 path: {line}")
            path = path[2:]
            continue
        if line.startswith("diff "):
            continue
        hunks.append(line)
        m = re.match(r"@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@", line)
        if m:
            old = int(m.group(1))
        elif line.startswith("-"):
            pending.append((old, line[1:]))
            old += 1
        elif line.startswith("+"):
            n, text_old = pending.pop(0)
            changed[(path, n)] = (text_old, line[1:])
        elif line.startswith(" "):
            old += 1
    if pending:
        fail(f"removed lines without a replacement: {pending}")
    return changed, hunks


def respellings(old):
    """Every line made from old by respelling some of its asm keywords."""
    ms = list(KW.finditer(old))
    out = set()
    for k in range(1, len(ms) + 1):
        for subset in itertools.combinations(ms, k):
            s, at = "", 0
            for m in subset:
                q = m.group(1)
                new = "asm_inline" + (" volatile" if "volatile" in q else "") \
                    + (" goto" if "goto" in q else "")
                s += old[at:m.start()] + new
                at = m.end()
            out.add(s + old[at:])
    return out


def check_lines(changed, what):
    for (path, n), (old, new) in changed.items():
        if new not in respellings(old):
            fail(f"{what}: {path}:{n}: '{old}' -> '{new}' is not a keyword respelled")


def alloc_bytes(obj, tmp):
    """{section: bytes} of the loadable sections, and the relocations."""
    out = run(["objdump", "-h", obj]).stdout.splitlines()
    secs, name = {}, None
    for line in out:
        f = line.split()
        if "ALLOC" in line and name:
            run(["objcopy", "-O", "binary", f"--only-section={name}", obj, tmp])
            secs[name] = open(tmp, "rb").read()
        name = f[1] if len(f) > 1 and f[0].isdigit() else None
    # the headers' file offsets move with .comment's size
    rel_ = [re.sub(r" at offset 0x[0-9a-f]+", "", l)
            for l in run(["readelf", "-rW", obj]).stdout.splitlines()
            if "debug" not in l]
    return secs, rel_


def compile_all(cc, plugin, cwd, srcs, outdir, report, mode, extra):
    outdir, report = os.path.abspath(outdir), os.path.abspath(report)
    os.makedirs(outdir, exist_ok=True)
    if os.path.exists(report):
        os.remove(report)
    objs = []
    for src in srcs:
        obj = os.path.join(outdir, os.path.basename(src)[:-2] + ".o")
        run([cc, "-O2", "-Wall", "-fno-strict-aliasing", DEFINE, *extra, "-c",
             src, "-o", obj, f"-fplugin={plugin}",
             f"-fplugin-arg-asminline-mode={mode}",
             f"-fplugin-arg-asminline-report={report}",
             "-fplugin-arg-asminline-diag=none"], cwd=cwd)
        objs.append(obj)
    return objs


def patch_cmd(asmscan, source, objs, *opts, rc=0):
    p = run([asmscan, "patch", "--source", source, *opts, *objs], want=None)
    if p.returncode != rc:
        fail(f"patch {opts} exited {p.returncode}, not {rc}: {p.stderr}")
    return p


def apply_and_compare(diff, tree, orig, what):
    p = run(["patch", "-p1", "--dry-run"], cwd=tree, input=diff)
    if "checking file" not in p.stdout:
        fail(f"{what}: patch --dry-run said {p.stdout!r}")
    run(["patch", "-p1", "--quiet"], cwd=tree, input=diff)
    ref = run(["diff", "-ru", orig, tree], want=None)
    if ref.returncode != 1:
        fail(f"{what}: diff -ru found no change after patch")
    if parse_diff(ref.stdout, strict=False)[1] != parse_diff(diff)[1]:
        fail(f"{what}: the hunks differ from diff -ru's:\n{ref.stdout}")


def check_converted(before, after, what):
    after_asm = records(after)
    if any(r["flagged"] for r in after_asm):
        fail(f"{what}: still flagged after the patch: "
             f"{[r for r in after_asm if r['flagged']]}")
    inline = {(r["tu"], r["function"], r["fingerprint"])
              for r in after_asm if r["asm_inline"]}
    for r in records(before):
        if r["flagged"] and (r["tu"], r["function"], r["fingerprint"]) not in inline:
            fail(f"{what}: {r['function']} {r['fingerprint']} is not asm_inline now")


def series_case(asmscan, tree, orig, objs, diff, lines):
    """--format-patch --split site|file: git am applies the series to a git
    copy of the tree, giving what patch -p1 makes of the one diff."""
    if not shutil.which("git"):
        fail("git not found (scripts/dev/setup.sh installs it)")
    plain = os.path.abspath("series-plain")
    shutil.copytree(orig, plain)
    run(["patch", "-s", "-p1", "-d", plain], input=diff)
    files = re.findall(r"^\+\+\+ b/(\S+)", diff, re.M)
    env = dict(os.environ, GIT_AUTHOR_NAME="A U Thor", GIT_AUTHOR_EMAIL="a@example.org",
               GIT_COMMITTER_NAME="A U Thor", GIT_COMMITTER_EMAIL="a@example.org",
               SOURCE_DATE_EPOCH="0")
    for split, count in (("site", lines), ("file", len(files))):
        out = os.path.abspath(f"series-{split}")
        p = run([asmscan, "patch", "--source", tree, "--format-patch", out, "--split", split]
                + objs, env=env)
        listed = p.stdout.split()
        if len(listed) != count or sorted(listed) != sorted(
                os.path.join(out, f) for f in os.listdir(out)):
            fail(f"--split {split}: {listed}, wanted {count} patches")
        first = open(listed[0]).read()
        if not first.startswith("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
                                "From: A U Thor <a@example.org>\nDate: Thu, 01 Jan 1970 00:00:00 +0000\n"
                                f"Subject: [PATCH 1/{count}] "):
            fail(f"--split {split}: mbox header\n{first[:400]}")
        repo = os.path.abspath(f"series-repo-{split}")
        shutil.copytree(orig, repo)
        for argv in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "base"], ["am", "-q"] + listed):
            run(["git", "-C", repo] + argv, env=env)
        for f in files:
            if open(os.path.join(repo, f)).read() != open(os.path.join(plain, f)).read():
                fail(f"--split {split}: git am's {f} is not patch -p1's")
    p = run([asmscan, "patch", "--source", tree, "--split", "site"] + objs, want=None)
    if p.returncode != 2 or "--split needs --format-patch" not in p.stderr:
        fail(f"--split without --format-patch: {p.stderr}")


def example(asmscan, plugin, cc, srcdir):
    ex = os.path.join(srcdir, "examples", "kernel-like")
    for d in ("tree", "orig"):
        shutil.copytree(ex, d, ignore=shutil.ignore_patterns("out", "*.md", "*.py"))
    tree, orig = os.path.abspath("tree"), os.path.abspath("orig")
    srcs = ["reader.c", "writer.c"]
    extra = ["-Iinclude"]
    before = compile_all(cc, plugin, tree, srcs, "ex-before", "ex-before.jsonl",
                         "warn", extra)
    applied = compile_all(cc, plugin, tree, srcs, os.path.abspath("ex-apply"),
                          os.path.abspath("ex-apply.jsonl"), "apply", extra)

    p = patch_cmd(asmscan, tree, before)
    want = flagged_lines("ex-before.jsonl", tree, tree)
    changed, _ = parse_diff(p.stdout)
    if set(changed) != want:
        fail(f"example: diff changes {sorted(changed)}, the report flags {sorted(want)}")
    check_lines(changed, "example")
    m = re.search(r"patch: (\d+) of (\d+) sites converted", p.stderr)
    if not m or int(m.group(1)) != len(want) or m.group(1) != m.group(2):
        fail(f"example: summary {p.stderr!r}")

    flips = patch_cmd(asmscan, tree, before, "--flips-only")
    want_flips = flagged_lines("ex-before.jsonl", tree, tree, flips=True)
    got_flips = set(parse_diff(flips.stdout)[0])
    if not want_flips or got_flips != want_flips or not want_flips < want:
        fail(f"example --flips-only: {sorted(got_flips)}, edges say {sorted(want_flips)}")

    series_case(asmscan, tree, orig, before, p.stdout, len(want))
    apply_and_compare(p.stdout, tree, orig, "example")
    after = compile_all(cc, plugin, tree, srcs, os.path.abspath("ex-after"),
                        os.path.abspath("ex-after.jsonl"), "warn", extra)
    check_converted("ex-before.jsonl", "ex-after.jsonl", "example")

    # mode=apply marks the flagged statements, the patch their lines: the
    # same code wherever no unflagged statement shares a changed line.
    mixed = {(rel(tree, tree, r["spelling_file"], r.get("srctree", "")), r["spelling_line"])
             for r in records("ex-before.jsonl") if not r["flagged"]} & want
    for a, b in zip(after, applied):
        same = alloc_bytes(a, "sec.bin") == alloc_bytes(b, "sec.bin")
        print(f"{TEST}: {os.path.basename(a)}: patched warn build "
              f"{'==' if same else '!='} mode=apply build (loadable bytes, relocations)")
        if not mixed and not same:
            fail(f"example: {a} differs from {b} in loadable bytes or relocations")

    # Nothing left to convert, from the new objects or the old ones.
    again = patch_cmd(asmscan, tree, after)
    if again.stdout or "0 of 0 sites" not in again.stderr:
        fail(f"example: the patched build still gives a patch: {again.stdout}{again.stderr}")
    stale = patch_cmd(asmscan, tree, before)
    if stale.stdout or stale.stderr.count("already asm_inline") != len(want):
        fail(f"example: old objects on the patched tree: {stale.stdout}{stale.stderr}")


def shapes(asmscan, plugin, cc, srcdir):
    src = os.path.join(srcdir, "tests", "analyzer", "src")
    for d in ("s", "s-orig", "moved/x/s"):
        os.makedirs(d)
        for f in ("patch-shapes.c", "patch-shapes.h"):
            shutil.copy(os.path.join(src, f), d)
    tree = os.path.abspath("s")
    c = os.path.join(tree, "patch-shapes.c")
    # Absolute paths on the command line: absolute spelling files.
    before = compile_all(cc, plugin, ".", [c], "sh-before", "sh-before.jsonl",
                         "warn", [f"-I{tree}"])
    asm = records("sh-before.jsonl")
    if not any(r["spelling_file"].startswith("/") for r in asm):
        fail("shapes: the spelling files are not absolute")
    if sum(r["flagged"] for r in asm) < 8 or all(r["flagged"] for r in asm):
        fail("shapes: expected 8 or more flagged statements and an unflagged one")

    p = patch_cmd(asmscan, tree, before)
    want = flagged_lines("sh-before.jsonl", tree, ".")
    changed, _ = parse_diff(p.stdout)
    if set(changed) != want:
        fail(f"shapes: diff changes {sorted(changed)}, the report flags {sorted(want)}")
    check_lines(changed, "shapes")
    for (path, n), (old, new) in changed.items():
        if "in a comment is not a keyword */ asm_inline" not in new and \
                "comment" in old:
            fail(f"shapes: the comment was changed: {new}")

    # Another checkout: found by the path's tail of two or more components
    # (one alone, a bare file name, could be any file of that name).
    moved = patch_cmd(asmscan, "moved/x", before)
    if moved.stdout != p.stdout.replace(" a/", " a/s/").replace(" b/", " b/s/"):
        fail(f"shapes: a moved tree gives another diff:\n{moved.stdout}")
    os.makedirs("empty")
    none = patch_cmd(asmscan, "empty", before)
    if none.stdout or none.stderr.count("not found under --source") != len(want):
        fail(f"shapes: a tree without the files: {none.stdout}{none.stderr}")

    # A user-space API header is left alone, with a note.
    os.makedirs("u/include/uapi")
    with open("u/include/uapi/u.h", "w") as f:
        f.write('static inline void u_inc(int *v)\n{\n'
                '\tasm volatile(".pushsection .discard.u\\n.long 0\\n.long 1\\n'
                '.long 2\\n.popsection\\nnop" : "+m"(*v));\n}\n')
    with open("u/u.c", "w") as f:
        f.write('#include "include/uapi/u.h"\nvoid u(int *v) { u_inc(v); }\n')
    uo = compile_all(cc, plugin, "u", ["u.c"], "u-out", "u.jsonl", "warn", [])
    if not any(r["flagged"] for r in records("u.jsonl")):
        fail("uapi: the statement is not flagged: test premise broken")
    up = patch_cmd(asmscan, "u", uo)
    if up.stdout or "user-space API header" not in up.stderr:
        fail(f"uapi: {up.stdout}{up.stderr}")

    # An object built without the plugin: said in one line, nothing else.
    run([cc, "-O2", "-c", DEFINE, f"-I{tree}", c, "-o", "noplugin.o"])
    bare = patch_cmd(asmscan, tree, ["noplugin.o"])
    if bare.stdout or "no asminline records in the input" not in bare.stderr:
        fail(f"shapes: no records: {bare.stdout}{bare.stderr}")

    apply_and_compare(p.stdout, tree, os.path.abspath("s-orig"), "shapes")
    compile_all(cc, plugin, ".", [c], "sh-after", "sh-after.jsonl", "warn",
                [f"-I{tree}"])
    check_converted("sh-before.jsonl", "sh-after.jsonl", "shapes")


def usage(asmscan, obj):
    for args, why in ((["patch", obj], "needs --source"),
                      (["sites", "--flips-only", obj], "applies to 'patch' only"),
                      (["sites", "--source", ".", obj], "applies to 'patch' only"),
                      (["-f", "json", "patch", "--source", ".", obj], "no --format"),
                      (["patch", "--source", "no-such-dir", obj], "cannot use as --source")):
        p = run([asmscan, *args], want=None)
        if p.returncode != 2 or why not in p.stderr:
            fail(f"{args}: exit {p.returncode}, {p.stderr!r}; wanted 2 and {why!r}")


def main():
    asmscan, plugin, cc, srcdir = sys.argv[1:5]
    for tool in ("objdump", "objcopy", "readelf", "patch", "diff"):
        if not shutil.which(tool):
            print(f"{TEST}: SKIP: {tool} not found")
            sys.exit(77)
    if not run([cc, "-dumpmachine"]).stdout.startswith("x86_64"):
        print(f"{TEST}: SKIP: {cc} does not target x86-64")
        sys.exit(77)
    os.chdir(testlib.workdir("analyzer-patch"))
    example(asmscan, plugin, cc, srcdir)
    shapes(asmscan, plugin, cc, srcdir)
    usage(asmscan, os.path.abspath("ex-before/reader.o"))
    print(f"{TEST}: PASS")


if __name__ == "__main__":
    main()
