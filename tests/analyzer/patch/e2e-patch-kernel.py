#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# e2e-patch-kernel.py ASMSCAN PLUGIN PREPARE SRCDIR — `asmscan patch` on
# real Linux 6.1 x86_64_defconfig objects (tests/kernel/prepare-kernel.sh
# prepares the tree; without one the test fails, or is skipped with
# ASMINLINE_ALLOW_SKIP=1: tests/kernel/tree.py).
#
# A scratch source tree gets a copy of exactly the files Kbuild recorded
# as the objects' dependencies (the deps_ list fixdep writes into each
# .name.o.cmd: the .c file and every header it read).  Each object is
# compiled from Kbuild's own command line (the compiler part: objtool is
# left out, -MMD dropped, the output in this test's directory, the source
# tree renamed to the scratch copy, -fmacro-prefix-map with it so __FILE__
# is unchanged) with the plugin in warn mode, then in apply mode.  Then:
#   - the diff changes exactly the spelling lines the report flags, each
#     by respelling asm keywords only (checks shared with patch.py);
#     --flips-only exactly those a blocked-by-asm edge names;
#   - patch -p1 --dry-run, then patch -p1, applies it; diff -ru agrees;
#   - the same objects built from the patched tree have no flagged
#     statement, each flagged one is asm_inline, and their loadable bytes
#     and relocations equal apply mode's where expected (no unflagged
#     statement of that unit at a changed line), and the test says which;
#   - the kernel's scripts/checkpatch.pl (no network, --no-tree) finds no
#     error in the patch that it does not find in the lines it replaces.
# Exit 0 pass, 1 fail, 77 skip.
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import patch as ptest  # noqa: E402
import testlib  # noqa: E402  (tests/lib, on the path patch.py set)
from testlib import fail, skip  # noqa: E402

TEST = testlib.name("analyzer-e2e-patch-kernel")
OBJS = ["kernel/fork.o", "fs/namei.o", "arch/x86/mm/tlb.o",
        "net/core/dev.o", "arch/x86/ia32/ia32_signal.o"]


def kbuild_line(build, obj):
    d, f = os.path.split(obj)
    cmd = os.path.join(build, d, f".{f}.cmd")
    lines = open(cmd).read().splitlines()
    first = re.sub(r"^(saved)?cmd_\S+ := ", "", lines[0])
    deps = []
    for line in lines[1:]:
        if line.startswith("source_"):
            line = line.split(":=", 1)[1]
        tok = line.strip().rstrip("\\").strip()
        if tok.startswith("/") and not tok.startswith("$("):
            deps.append(tok)
    return first.split(";")[0], deps


def compile_obj(cc_line, build, src, tree, obj, out, plugin, mode, report):
    line = re.sub(r"-Wp,-MMD,\S+", "", cc_line)
    line = line.replace(src + "/", tree + "/")
    line = line.replace(f" -o {obj} ", f" -o {out} ")
    if f" {obj} " in line + " " or src + "/" in line:
        fail(f"{obj}: the command line still names the build or source tree")
    line += (f" -fplugin={plugin} -fplugin-arg-asminline-mode={mode}"
             f" -fplugin-arg-asminline-report={report}"
             " -fplugin-arg-asminline-diag=none")
    p = subprocess.run(["nice", "-n", "10", "sh", "-c", line], cwd=build,
                       capture_output=True, text=True)
    if p.returncode:
        fail(f"{obj} ({mode}) does not compile:\n{p.stderr[-3000:]}")


def build_all(lines, build, src, tree, plugin, mode, tag):
    report = os.path.abspath(f"{tag}.jsonl")
    if os.path.exists(report):
        os.remove(report)
    outs = []
    for obj in OBJS:
        out = os.path.abspath(os.path.join(tag, obj))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        compile_obj(lines[obj], build, src, tree, obj, out, plugin, mode, report)
        outs.append(out)
    return outs, report


def main():
    asmscan, plugin, prepare, _srcdir = sys.argv[1:5]
    for tool in ("objdump", "objcopy", "readelf", "patch", "diff", "perl", "make"):
        if not shutil.which(tool):
            skip(f"{tool} not found")
    sys.path.insert(0, os.path.dirname(os.path.abspath(prepare)))
    import tree  # tests/kernel/tree.py, next to prepare-kernel.sh
    src, build = tree.prepare("x86_64", TEST, prepare, OBJS)
    build = os.path.realpath(build)
    src = os.path.realpath(src)
    os.chdir(testlib.workdir(TEST))

    lines, files = {}, set()
    for obj in OBJS:
        lines[obj], deps = kbuild_line(build, obj)
        files |= {d for d in deps if d.startswith(src + "/")}
    tree, orig = os.path.abspath("linux"), os.path.abspath("linux-orig")
    for d in (tree, orig):
        for f in files:
            dst = os.path.join(d, os.path.relpath(f, src))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(f, dst)
    print(f"{TEST}: {len(files)} source files copied for {len(OBJS)} objects")

    before, rep_before = build_all(lines, build, src, tree, plugin, "warn", "before")
    applied, _ = build_all(lines, build, src, tree, plugin, "apply", "apply")

    p = ptest.patch_cmd(asmscan, tree, before)
    print(p.stderr, end="")
    with open("asm_inline.patch", "w") as f:
        f.write(p.stdout)
    want = ptest.flagged_lines(rep_before, tree, build)
    changed, _ = ptest.parse_diff(p.stdout)
    if set(changed) != want:
        fail(f"diff changes {sorted(set(changed) ^ want)} differently from the report")
    ptest.check_lines(changed, "kernel")
    files_changed = sorted({f for f, _ in changed})
    print(f"{TEST}: {len(changed)} lines in {len(files_changed)} files: "
          + ", ".join(files_changed))

    flips = ptest.patch_cmd(asmscan, tree, before, "--flips-only")
    want_flips = ptest.flagged_lines(rep_before, tree, build, flips=True)
    got_flips = set(ptest.parse_diff(flips.stdout)[0])
    if got_flips != want_flips or not want_flips:
        fail(f"--flips-only: {sorted(got_flips)}, edges say {sorted(want_flips)}")
    print(f"{TEST}: --flips-only: {len(got_flips)} lines: "
          + ", ".join(f"{f}:{n}" for f, n in sorted(got_flips)))

    fwd = ptest.checkpatch(src, p.stdout, "fwd.patch")
    back = ptest.checkpatch(src, ptest.reverse(p.stdout), "back.patch")
    new = fwd - back
    kinds = sorted({(k, t) for k, t, _, _, _ in new})
    print(f"{TEST}: checkpatch: {len(fwd)} reports on the patch, "
          f"{len(new)} not on the lines it replaces: {kinds}")
    if any(k == "ERROR" for k, _ in kinds):
        fail(f"checkpatch finds new errors: {sorted(x for x in new if x[0] == 'ERROR')}")

    ptest.apply_and_compare(p.stdout, tree, orig, "kernel")
    after, rep_after = build_all(lines, build, src, tree, plugin, "warn", "after")
    ptest.check_converted(rep_before, rep_after, "kernel")

    recs = ptest.records(rep_before)
    for obj, a, b in zip(OBJS, after, applied):
        tu = [r["tu"] for r in recs
              if ("/" + r["tu"]).endswith("/" + obj[:-2] + ".c")]
        mixed = {(r["function"], r["spelling_line"]) for r in recs
                 if tu and r["tu"] == tu[0] and not r["flagged"] and
                 (ptest.rel(tree, build, r["spelling_file"], r.get("srctree", "")),
                  r["spelling_line"]) in want}
        same = ptest.alloc_bytes(a, "sec.bin") == ptest.alloc_bytes(b, "sec.bin")
        print(f"{TEST}: {obj}: patched warn build {'==' if same else '!='} "
              f"apply mode; {len(mixed)} unflagged statements at changed lines")
        if not mixed and not same:
            fail(f"{obj}: patched build differs from apply mode, none expected")
    print(f"{TEST}: PASS")


if __name__ == "__main__":
    main()
