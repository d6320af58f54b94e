# SPDX-License-Identifier: GPL-2.0
"""kbuild.py — the Kbuild trees of the candidates pipeline.

A what-if of one site recompiles only the units that hold it, each with
its own Kbuild command line (the first line of dir/.name.o.cmd, "savedcmd_"
since Linux 6.3) plus the plugin's `mode=apply sites=FILE:LINE`, inserted
right after the build's own plugin arguments: where KCFLAGS puts them, so
the line is the one a whole `make KCFLAGS="... mode=apply sites=..."`
would run.  It does so in a copy of the warn-mode tree whose compiled
objects are hard links (the bulk of the tree) and whose other files are
real copies (everything a relink rewrites: archives, .cmd files, vmlinux,
System.map, the boot image; Kbuild and the tools write several of them
with a shell redirection, which would write through a link).  A
recompiled object replaces its link by a new file (removed first, then
written by the compiler); `make vmlinux` then sees it newer than the
archives and relinks, and recompiles nothing else because every command
line is still the warn build's.  Invariant, checked after each step that
writes: no file of the warn tree is newer than its completion stamp.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# Fixed build metadata (bench/build-kernel.sh does the same): two trees
# built from the same objects link to the same bytes.
BUILD_ENV = {
    "KBUILD_BUILD_TIMESTAMP": "Thu Jan  1 00:00:00 UTC 2026",
    "KBUILD_BUILD_USER": "asminline",
    "KBUILD_BUILD_HOST": "asminline",
    "KBUILD_BUILD_VERSION": "1",
}

ARCHES = {
    "x86_64": {"make": ["ARCH=x86_64"], "gcc": "gcc", "config": "x86_64_defconfig",
               "image": "bzImage", "image_path": "arch/x86/boot/bzImage"},
    "arm64": {"make": ["ARCH=arm64", "CROSS_COMPILE=aarch64-linux-gnu-"],
              "gcc": "aarch64-linux-gnu-gcc", "config": "defconfig",
              "image": "Image", "image_path": "arch/arm64/boot/Image"},
}

SAVED = re.compile(r"^(?:saved)?cmd_(\S+) := (.*)$", re.M)
SOURCE = re.compile(r"^source_(\S+) := (\S+)$", re.M)
PLUGIN_ARG = re.compile(r"(?<=\s)-fplugin(?:=\S*asminline\S*|-arg-asminline-\S+)")
QUIET_CC = re.compile(r"^\s+CC\s+(?:\[M\]\s+)?(\S+\.o)$", re.M)
STAMP = ".candidates-built"


class BuildError(Exception):
    pass


def log(msg):
    print(f"candidates: {msg}", file=sys.stderr, flush=True)


def cmd_unescape(text):
    """A .cmd line as the shell gets it: Kbuild's make-cmd wrote '#' as
    $(pound) and '$' as '$$'."""
    return text.replace("$(pound)", "#").replace("$$", "$")


class Tree:
    """One O= tree of SRC: its make invocation and its units."""

    def __init__(self, src, obj, arch, kcflags, jobs, cc=None):
        self.src, self.obj, self.arch = src, obj, arch
        self.kcflags, self.jobs, self.cc = kcflags, jobs, cc

    def make_argv(self, targets, kcflags=None):
        argv = ["make", "-C", self.src, f"O={self.obj}"] + ARCHES[self.arch]["make"]
        if self.cc:
            argv.append(f"CC={self.cc}")
        argv += [f"-j{self.jobs}", f"KCFLAGS={self.kcflags if kcflags is None else kcflags}"]
        return argv + list(targets)

    def make(self, targets, logpath, kcflags=None):
        """Run make, its output appended to LOGPATH; the output's text."""
        argv = self.make_argv(targets, kcflags)
        env = dict(os.environ, **BUILD_ENV)
        with open(logpath, "a") as f:
            f.write("$ " + " ".join(shlex.quote(a) for a in argv) + "\n")
            f.flush()
            start = f.tell()
            rc = subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, env=env).returncode
        with open(logpath) as f:
            f.seek(start)
            text = f.read()
        if rc:
            tail = "\n".join(text.splitlines()[-15:])
            raise BuildError(f"make {' '.join(targets)} in {self.obj} failed ({rc}); see {logpath}:\n{tail}")
        return text

    def configure(self, config, logpath, options=()):
        """CONFIG (a defconfig target), then scripts/config OPTIONS
        (--enable X ...) and olddefconfig."""
        os.makedirs(self.obj, exist_ok=True)
        env = dict(os.environ, **BUILD_ENV)
        base = ["make", "-s", "-C", self.src, f"O={self.obj}"] + ARCHES[self.arch]["make"]
        if self.cc:
            base.append(f"CC={self.cc}")
        steps = [base + [config]]
        if options:
            steps.append([os.path.join(self.src, "scripts/config"), "--file",
                          os.path.join(self.obj, ".config")] + list(options))
            steps.append(base + ["olddefconfig"])
        with open(logpath, "a") as f:
            for argv in steps:
                f.write("$ " + " ".join(shlex.quote(a) for a in argv) + "\n")
                f.flush()
                if subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, env=env).returncode:
                    raise BuildError(f"{' '.join(argv[-1:])} in {self.obj} failed; see {logpath}")


def read_units(obj, src):
    """{unit source relative to SRC: [(object, command)]} of the objects of
    OBJ compiled with the plugin (KCFLAGS reaches kernel units only)."""
    units = {}
    srcp = os.path.realpath(src) + "/"
    for root, _dirs, files in os.walk(obj):
        for f in files:
            if not (f.startswith(".") and f.endswith(".o.cmd")):
                continue
            with open(os.path.join(root, f), errors="replace") as fh:
                text = fh.read()
            m, s = SAVED.search(text), SOURCE.search(text)
            if not m or not s or "-fplugin=" not in m.group(2):
                continue
            source = s.group(2)
            real = os.path.realpath(source if os.path.isabs(source) else os.path.join(obj, source))
            rel = real[len(srcp):] if real.startswith(srcp) else os.path.relpath(real, obj)
            units.setdefault(rel, []).append((m.group(1), cmd_unescape(m.group(2)).strip()))
    return units


def whatif_command(cmd, extra):
    """CMD with EXTRA plugin arguments after its last asminline argument."""
    found = list(PLUGIN_ARG.finditer(cmd))
    if not found:
        raise BuildError(f"no asminline plugin argument in: {cmd[:120]}...")
    at = found[-1].end()
    return cmd[:at] + "".join(" " + a for a in extra) + cmd[at:]


def outputs(cmd):
    """The files a compile line writes: ([its -o target], [its -MMD/-MD
    dependency file])."""
    objs, deps = [], []
    words = shlex.split(cmd.split(" ; ")[0])
    for i, w in enumerate(words):
        if w == "-o" and i + 1 < len(words):
            objs.append(words[i + 1])
        for p in ("-Wp,-MMD,", "-Wp,-MD,"):
            if w.startswith(p):
                deps.append(w[len(p):])
    return objs, deps


def compile_units(tree, jobs_list, jobs):
    """Run each (object, command) in TREE, every file it writes removed
    first (a new file, never one written through a link).  [(object,
    returncode, output)]."""
    def one(job):
        objname, cmd = job
        objs, deps = outputs(cmd)
        for f in objs + deps:
            try:
                os.unlink(os.path.join(tree, f))
            except FileNotFoundError:
                pass
        p = subprocess.run(["sh", "-c", cmd], cwd=tree, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace")
        for f in deps:
            try:
                os.unlink(os.path.join(tree, f))     # Kbuild removes the depfile after fixdep
            except FileNotFoundError:
                pass
        return objname, p.returncode, p.stdout
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        return list(ex.map(one, jobs_list))


def link_only(rel):
    """Whether a file of an O= tree is a compiled unit object that a relink
    only reads: hard-linked into copies.  Everything else is copied."""
    if not rel.endswith(".o"):
        return False
    base = os.path.basename(rel)
    if "/" not in rel or base.startswith(".tmp") or base.startswith("."):
        return False                       # vmlinux.o, .vmlinux.export.o, kallsyms objects
    if re.match(r"arch/[^/]+/boot/", rel) or rel == "init/version-timestamp.o":
        return False
    return True


def copy_tree(src_obj, dst):
    """DST: a copy of the O= tree SRC_OBJ, unit objects hard-linked, the rest
    copied with their times (make must see them as they were)."""
    done = os.path.join(dst, ".candidates-copied")
    if os.path.exists(done):
        return
    if os.path.exists(dst):
        shutil.rmtree(dst)
    for root, dirs, files in os.walk(src_obj):
        rel = os.path.relpath(root, src_obj)
        droot = os.path.join(dst, rel) if rel != "." else dst
        os.makedirs(droot, exist_ok=True)
        for name in dirs + files:
            s, d = os.path.join(root, name), os.path.join(droot, name)
            r = os.path.normpath(os.path.join(rel, name))
            if os.path.islink(s):
                os.symlink(os.readlink(s), d)
                if name in dirs:
                    dirs.remove(name)
            elif name in files:
                if r == STAMP:
                    continue
                if link_only(r):
                    os.link(s, d)
                else:
                    shutil.copy2(s, d)
    with open(done, "w") as f:
        f.write(src_obj + "\n")


def newer_than_stamp(obj):
    """Files of the tree OBJ modified after its completion stamp."""
    stamp = os.path.join(obj, STAMP)
    t = os.stat(stamp).st_mtime_ns
    out = []
    for root, _dirs, files in os.walk(obj):
        for f in files:
            p = os.path.join(root, f)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            if st.st_mtime_ns > t and p != stamp:
                out.append(os.path.relpath(p, obj))
    return out


def compiled_in_log(text):
    """The objects a make output says it compiled (quiet "CC" lines)."""
    return QUIET_CC.findall(text)
