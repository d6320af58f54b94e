#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""workflow_kernel -- diag-scope, srctree and sites on real Linux units.

workflow_kernel.py --kver 6.1|6.12|newest PLUGIN

For kernel/fork.o, fs/namei.o, drivers/net/ethernet/intel/e1000e/netdev.o
and arch/x86/kernel/cpu/mce/core.o of the prepared x86_64_defconfig tree of that series (an O= build:
tests/kernel/prepare-kernel.sh), each compiled with Kbuild's own command
line (the first line of its .cmd file, -c turned into -S and the output
moved out of the tree) and the plugin appended:

  paths     the records' tu is the source relative to the source tree, their
            srctree is the tree (Kbuild's -fmacro-prefix-map=$(srctree)/=),
            no file name starts with the tree, every relative one names a
            file of the tree (or, "./..." as GCC gave it, a file Kbuild
            generated in the build directory); with srctree=none every
            name is GCC's again (the tree joined to it);
  scope     diag-scope=all prints one note per flagged site (the report's
            distinct spelling lines); the default prints exactly those
            spelled in the unit's own .c file, each located there; the
            records are the same either way;
  sites     mode=apply sites=FILE:LINE for a flagged site in
            arch/x86/include/asm/: exactly the flagged statements spelled
            there say "applied": true, the unit record counts them; the
            absolute spelling gives the same records and code; every
            function whose code differs from warn mode's (-S, .L labels
            renumbered, .ident dropped) holds that site's asm in one of the
            two builds (GCC's "# LINE FILE" marker of an asm); a site at a
            line without asm applies nothing, the code is warn mode's, and
            the unit record says 0;
  spelling  every record's spelling line (in the tree, or a generated
            file) holds an asm keyword (asm, __asm__, __asm) or asm_inline;
            a statement written asm_inline names the line that uses
            asm_inline (alternative(), _BUG_FLAGS ...), never the
            "#define asm_inline asm __inline" of compiler_types.h.
At least one unit's code must change for its site, one unit must have
a note by default, and one must hold asm_inline statements (the test's
premises).
Prints the note counts (docs/results/plugin.md quotes them).  Exit 0 pass, 1 fail;
no tree: fail, or 77 with ASMINLINE_ALLOW_SKIP=1 (tests/kernel/tree.py).
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "oracle"))
sys.path.insert(0, os.path.join(HERE, "..", "kernel"))
import crash  # noqa: E402
import kernel_accuracy as ka  # noqa: E402
import tree  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import testlib  # noqa: E402
from testlib import fail  # noqa: E402

TEST = testlib.name("workflow-kernel")
# The last spells flagged asm in its own .c file: its default notes are not 0.
OBJECTS = ["kernel/fork.o", "fs/namei.o", "drivers/net/ethernet/intel/e1000e/netdev.o",
           "arch/x86/kernel/cpu/mce/core.o"]
NOTE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: note: 'asm' in '", re.M)
MARKER = re.compile(r'^# (\d+) "([^"]*)" 1$')
LOCAL = re.compile(r"\.L[A-Za-z_]*\d+")
CALL = re.compile(r"^\t(?:call|jmp)\t([A-Za-z_.$][\w.$]*)$")


class Unit:
    def __init__(self, src, build, obj, plugin, work):
        self.src, self.build, self.obj = src, build, obj
        self.plugin, self.work = plugin, work
        self.argv = ka.compile_command(build, obj)
        self.flat = obj.replace("/", "_")

    def run(self, tag, args):
        """-S with the plugin; (stderr, .s text, asm records, unit record)."""
        s = os.path.join(self.work, "%s-%s.s" % (self.flat, tag))
        rep = os.path.join(self.work, "%s-%s.jsonl" % (self.flat, tag))
        if os.path.exists(rep):
            os.remove(rep)
        cmd = ka.to_asm_command(self.argv, self.obj, s,
                                os.path.join(self.work, "%s-%s.d" % (self.flat, tag)))
        cmd += ["-fplugin=" + self.plugin, "-fplugin-arg-asminline-report=" + rep,
                "-fplugin-arg-asminline-rerun=0"]
        cmd += ["-fplugin-arg-asminline-" + a for a in args]
        r = subprocess.run(cmd, cwd=self.build, capture_output=True, text=True,
                           errors="replace", env=dict(os.environ, LC_ALL="C"))
        why = crash.crashed(r.returncode, r.stderr)
        if r.returncode != 0 or why:
            fail("%s (%s): the compile failed (%s):\n%s" % (self.obj, tag, why or r.returncode,
                                                           r.stderr[-3000:]))
        with open(rep) as f:
            recs = [json.loads(x) for x in f]
        with open(s) as f:
            text = f.read()
        units = [u for u in embedded_units(text)]
        if len(units) != 1:
            fail("%s (%s): %d unit records in the .s" % (self.obj, tag, len(units)))
        return r.stderr, text, [x for x in recs if x["record"] == "asm"], units[0]


def embedded_units(text):
    """The unit records of the .ident strings of a .s (GAS string escapes)."""
    for line in text.splitlines():
        if not line.startswith('\t.ident\t"asminline/'):
            continue
        body = line[len('\t.ident\t"'):-1]
        body = re.sub(r'\\([0-7]{1,3}|.)', lambda m: chr(int(m[1], 8)) if m[1].isdigit()
                      else m[1], body)
        rec = json.loads(body.partition(" ")[2])
        if rec["record"] == "unit":
            yield rec


def functions(text):
    """{function: its lines, .L labels renumbered} of a .s, and the asm
    markers (line, file) inside each."""
    bodies, markers = {}, collections.defaultdict(set)
    name, lines = None, []
    for line in text.splitlines():
        if line.startswith("\t.ident"):
            continue
        m = re.match(r"^([A-Za-z_.$][\w.$]*):$", line)
        if m and not m[1].startswith(".L") and name is None:
            name, lines = m[1], []
            continue
        if name is None:
            continue
        if line.startswith("\t.size\t%s, " % name):
            labels = {}
            bodies[name] = [LOCAL.sub(lambda x: labels.setdefault(x[0], ".L%d" % len(labels)), l)
                            for l in lines]
            name = None
            continue
        lines.append(line)
        mk = MARKER.match(line)
        if mk:
            markers[name].add((int(mk[1]), os.path.normpath(mk[2])))
    return bodies, markers


def check_paths(u, recs, unit, none_recs):
    src = os.path.realpath(u.src)
    source = u.argv[-1]
    tu = os.path.relpath(os.path.realpath(os.path.join(u.build, source)), src)
    if unit["tu"] != tu or any(r["tu"] != tu for r in recs):
        fail("%s: tu %r, expected %r (the source relative to the tree)" % (u.obj, unit["tu"], tu))
    if os.path.realpath(unit["srctree"]) != src or any(r["srctree"] != unit["srctree"] for r in recs):
        fail("%s: srctree %r, expected %s" % (u.obj, unit["srctree"], src))
    generated = 0
    for r in recs:
        for f in (r["file"], r["spelling_file"]):
            if f.startswith(src + "/") or f.startswith(unit["srctree"] + "/"):
                fail("%s: %s still names the tree" % (u.obj, f))
            if f.startswith("./") and os.path.isfile(os.path.join(u.build, f)):
                generated += 1
            elif f.startswith("/") or not os.path.isfile(os.path.join(src, f)):
                fail("%s: %r is not a file of the tree (nor a generated one)" % (u.obj, f))
    if [r["fingerprint"] for r in none_recs] != [r["fingerprint"] for r in recs]:
        fail("%s: srctree=none gave other statements" % u.obj)
    for a, b in zip(recs, none_recs):
        for key in ("tu", "file", "spelling_file"):
            if b["srctree"] != "":
                fail("%s: srctree=none wrote srctree %r" % (u.obj, b["srctree"]))
            want = b[key] if a[key].startswith("./") else os.path.join(unit["srctree"], a[key])
            if os.path.normpath(b[key]) != os.path.normpath(want):
                fail("%s: srctree=none %s %r, relative %r" % (u.obj, key, b[key], a[key]))
    return generated


SPELLED = re.compile(r"\b(asm|__asm__|__asm|asm_inline)\b")
KEYWORD_DEFINE = re.compile(r"^\s*#\s*define\s+asm_inline\b")


def check_spelling(u, recs):
    """Each record's spelling line spells its asm; asm_inline ones where
    asm_inline is used.  Returns how many records were asm_inline."""
    lines, n_inline = {}, 0
    for r in recs:
        f = r["spelling_file"]
        path = os.path.join(u.build if f.startswith("./") else u.src, f)
        if path not in lines:
            with open(path, errors="replace") as fh:
                lines[path] = fh.read().splitlines()
        text = lines[path][r["spelling_line"] - 1]
        where = "%s:%d (%s)" % (f, r["spelling_line"], text.strip()[:60])
        if KEYWORD_DEFINE.search(text):
            fail("%s: %s in %s is spelled at the #define of asm_inline: %s"
                 % (u.obj, r["fingerprint"], r["function"], where))
        if not SPELLED.search(text):
            fail("%s: %s in %s: no asm keyword at its spelling line %s"
                 % (u.obj, r["fingerprint"], r["function"], where))
        if r["asm_inline"]:
            n_inline += 1
            if "asm_inline" not in text and not re.search(r"\b(asm|__asm__)\s+(__)?inline", text):
                fail("%s: asm_inline statement %s in %s spelled at %s"
                     % (u.obj, r["fingerprint"], r["function"], where))
    return n_inline


def site_notes(stderr):
    return [(m["file"], int(m["line"])) for m in NOTE.finditer(stderr)]


def check_scope(u, recs_all, err_all, recs_file, err_file, tu):
    strip = [{k: v for k, v in r.items()} for r in recs_all]
    if strip != recs_file:
        fail("%s: the records depend on diag-scope" % u.obj)
    flagged = {(r["spelling_file"], r["spelling_line"]) for r in recs_all if r["flagged"]}
    own = {s for s in flagged if s[0] == tu}
    n_all, n_file = site_notes(err_all), site_notes(err_file)
    if len(n_all) != len(flagged):
        fail("%s: diag-scope=all printed %d site notes for %d flagged sites" %
             (u.obj, len(n_all), len(flagged)))
    if len(n_file) != len(own):
        fail("%s: diag-scope=file printed %d notes for %d sites spelled in %s" %
             (u.obj, len(n_file), len(own), tu))
    main = os.path.realpath(os.path.join(u.build, u.argv[-1]))
    for f, line in n_file:
        if os.path.realpath(os.path.join(u.build, f)) != main:
            fail("%s: diag-scope=file printed a note at %s:%d" % (u.obj, f, line))
    return len(n_all), len(n_file), len(flagged), sum(r["flagged"] for r in recs_all)


def check_sites(u, warn_text, recs):
    """Try the unit's arch/x86/include/asm sites, most statements first;
    returns (site, applied, changed functions) of the first that changes
    code, or of the last tried."""
    bodies_w, markers_w = functions(warn_text)
    by_site = collections.Counter((r["spelling_file"], r["spelling_line"]) for r in recs
                                  if r["flagged"] and r["spelling_file"].startswith("arch/x86/include/asm/"))
    if not by_site:
        fail("%s: no flagged site in arch/x86/include/asm/ (premise)" % u.obj)
    result = None
    for (f, line), _ in sorted(by_site.items(), key=lambda kv: (-kv[1], kv[0]))[:3]:
        site = "%s:%d" % (f, line)
        _, text, arecs, unit = u.run("site", ["mode=apply", "sites=" + site])
        want = [r["flagged"] and (r["spelling_file"], r["spelling_line"]) == (f, line) for r in recs]
        got = [r["applied"] for r in arecs]
        if [r["fingerprint"] for r in arecs] != [r["fingerprint"] for r in recs] or got != want:
            fail("%s: sites=%s applied %d statements, expected exactly the %d flagged ones "
                 "spelled there" % (u.obj, site, sum(got), sum(want)))
        if unit.get("sites") != [{"site": site, "statements": sum(
                (r["spelling_file"], r["spelling_line"]) == (f, line) for r in recs),
                "applied": sum(want)}] or unit["applied"] != sum(want):
            fail("%s: unit record says %r (applied %d), expected %d applied at %s" %
                 (u.obj, unit.get("sites"), unit["applied"], sum(want), site))
        # The statements' expansion points: GCC's asm markers name them.
        where = {(r["line"], os.path.normpath(os.path.join(u.src, r["file"])
                                               if not r["file"].startswith("./")
                                               else os.path.join(u.build, r["file"])))
                 for r, w in zip(arecs, want) if w}
        bodies_a, markers_a = functions(text)
        changed = sorted(n for n in set(bodies_w) | set(bodies_a)
                         if bodies_w.get(n) != bodies_a.get(n))
        holders = {n for m in (markers_w, markers_a) for n, marks in m.items()
                   if {(ln, os.path.normpath(os.path.join(u.build, fl))) for ln, fl in marks}
                   & where}
        for n in changed:
            # It holds the site's asm, or calls a function that does: a
            # callee made smaller can take the place of another in the
            # inliner's budget (7.2's mce/core.o: mce_disable_error_reporting
            # inlined into vendor_disable_error_reporting, which its
            # three callers then call instead of inlining it).
            calls = {c[1] for b in (bodies_w.get(n, []), bodies_a.get(n, []))
                     for c in map(CALL.match, b) if c}
            if n not in holders and not calls & holders:
                fail("%s: sites=%s changed %s, which neither holds asm of that site nor "
                     "calls a function that does" % (u.obj, site, n))
        # The same site spelled as GCC names it: the same records and code.
        _, text2, arecs2, _ = u.run("site-abs", ["mode=apply", "sites=%s/%s:%d" %
                                                 (u.src, f, line)])
        if [r["applied"] for r in arecs2] != got or functions(text2)[0] != bodies_a:
            fail("%s: sites= with the absolute path applied something else" % u.obj)
        result = (site, sum(want), changed)
        if changed:
            break
    # A line of that header without asm: nothing applied, warn mode's code.
    f = result[0].rsplit(":", 1)[0]
    _, text, arecs, unit = u.run("site-none", ["mode=apply", "sites=%s:1" % f])
    if any(r["applied"] for r in arecs) or functions(text)[0] != bodies_w or \
            unit.get("sites") != [{"site": f + ":1", "statements": 0, "applied": 0}]:
        fail("%s: sites=%s:1 (no asm there) applied something, or the unit record says %r" %
             (u.obj, f, unit.get("sites")))
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kver", default="6.1", choices=ka.KVERS)
    ap.add_argument("plugin")
    args = ap.parse_args()
    src, build = ka.prepare_kernel("x86_64", TEST, args.kver)
    release = tree.release(src)
    print("%s: Linux %s (%s)" % (TEST, release, args.kver), flush=True)
    failed = ka.make_objects(src, build, "x86_64", OBJECTS, args.kver)
    if failed:
        fail("Kbuild did not build %s" % ", ".join(failed))
    work = tempfile.mkdtemp(prefix="workflow-", dir=os.getcwd())
    changed_any = own_any = False
    n_asm_inline = 0
    for obj in OBJECTS:
        u = Unit(src, build, obj, os.path.abspath(args.plugin), work)
        err_all, text_w, recs_all, unit = u.run("all", ["diag-scope=all"])
        err_file, _, recs_file, _ = u.run("file", [])
        _, _, recs_none, _ = u.run("none", ["srctree=none", "diag=none"])
        generated = check_paths(u, recs_all, unit, recs_none)
        n_inline = check_spelling(u, recs_all)
        n_asm_inline += n_inline
        n_all, n_file, sites, flagged = check_scope(u, recs_all, err_all, recs_file, err_file,
                                                    unit["tu"])
        site, applied, changed = check_sites(u, text_w, recs_all)
        changed_any |= bool(changed)
        own_any |= n_file > 0
        print("%s: Linux %s %s: %d statements (%d asm_inline, each spelled where asm_inline "
              "is used), %d flagged at %d sites; notes: %d with "
              "diag-scope=all, %d by default; %d names of generated files; sites=%s: %d "
              "applied, %d functions changed (%s)" %
              (TEST, release, obj, len(recs_all), n_inline, flagged, sites, n_all, n_file,
               generated, site, applied, len(changed), ", ".join(changed[:6]) or "none"))
    if not changed_any:
        fail("no unit's code changed for its site (premise)")
    if not own_any:
        fail("no unit has a note by default (premise)")
    if not n_asm_inline:
        fail("no unit holds an asm_inline statement (premise)")
    print("%s: PASS" % TEST)


if __name__ == "__main__":
    main()
