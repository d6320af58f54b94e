#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""corpus_check -- check the test corpus against GCC, the assembler and asmtpl.

Every corpus function t_<name> holds one asm statement and carries, directly
above it,

    /* shape: what the statement is */
    /* expect: gcc_count=G est_insns=E kind=K */

For each file, one `gcc -O2 -S -fdump-ipa-fnsummary-details` compile gives
the assembly and GCC's own charge (the `size:` the dump prints under the
asm), then asm_oracle counts what the statement really emits.  Checked:

  oracle      the oracle's count == E          (the expectation is right)
  dump        the dump's size == G             (GCC charges what we say)
  eval-*      asmtpl-eval on the statement's text as the assembler reads it
              ('B' record): est_insns == oracle, kind == K, and any other
              expect key that asmtpl-eval reports (other_insns, ...)
  plugin-*    with --plugin, a second compile with the plugin: its record
              for the function has gcc_count == G, est_insns == oracle,
              kind == K and arch == --arch (the plugin chose the same
              target from GCC's -m64/-m32/-m16)

--arch i386 compiles with -m32, --arch i386-code16 with -m16 (the
assembler and asmtpl-eval then start where GCC's output does).

An expectation may declare `pad_uncertain=N`: the statement's padding is not
decidable from the template (an ALTERNATIVE of two instructions asmtpl does
not encode, `.balign` in code).  Then asmtpl must report exactly N, and an
est_insns with est_insns < oracle <= est_insns + N is accepted (counted and
listed apart, not a mismatch): asmtpl's documented policy counts uncertain
padding as no instruction.  Without the key, est_insns must equal the oracle.

Mismatches are printed as a table with the template.  Exit 0 all agree, 1
any mismatch (or a compile/oracle failure), 2 usage error, 77 the compiler
or binutils for --arch are not installed.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import asm_oracle  # noqa: E402
import harness  # noqa: E402
import testlib  # noqa: E402

RE_EXPECT = re.compile(r'/\*\s*expect:\s*(.*?)\s*\*/')
RE_SHAPE = re.compile(r'/\*\s*shape:\s*(.*?)\s*\*/')
RE_T_FN = re.compile(r'\b(t_\w+)\s*\(')


def parse_expectations(path):
    """[(function, line, shape, {key: value})] in file order."""
    out = []
    pending = None
    shape = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for no, line in enumerate(f, 1):
            m = RE_SHAPE.search(line)
            if m:
                shape = m.group(1)
            m = RE_EXPECT.search(line)
            if m:
                kv = {}
                for tok in m.group(1).split():
                    if "=" in tok:
                        k, v = tok.split("=", 1)
                        kv[k] = int(v) if re.fullmatch(r'-?\d+', v) else v
                pending = (no, shape, kv)
                shape = None
                continue
            if pending is not None:
                m = RE_T_FN.search(line)
                if m:
                    out.append((m.group(1), pending[0], pending[1], pending[2]))
                    pending = None
    return out


class Checker:
    def __init__(self):
        self.rows = []		# mismatches: (where, function, check, want, got, note, template)
        self.accepted = []	# declared-uncertain padding within its bound
        self.checks = 0
        self.functions = 0

    def check_est(self, where, fn, what, oracle, rec, declared_pad, template):
        """est_insns == oracle, or within a declared pad_uncertain."""
        est = rec.get("est_insns")
        pad = rec.get("pad_uncertain") or 0
        if (declared_pad is not None and est != oracle and pad == declared_pad and
                isinstance(oracle, int) and isinstance(est, int) and
                est < oracle <= est + pad):
            self.checks += 1
            self.accepted.append((where, fn, what, oracle, est, pad))
            return
        self.check(where, fn, what, oracle, est, template, est_note(oracle, rec))

    def check(self, where, fn, what, want, got, template, note=""):
        self.checks += 1
        if want != got:
            self.rows.append((where, fn, what, want, got, note, template))


def est_note(oracle, rec):
    """Why an asmtpl record may differ: its own pad_uncertain and diagnostics."""
    notes = []
    pad = rec.get("pad_uncertain") or 0
    est = rec.get("est_insns")
    if pad and isinstance(oracle, int) and isinstance(est, int) and est < oracle <= est + pad:
        notes.append("within pad_uncertain=%d" % pad)
    codes = sorted({d.get("code", "?") if isinstance(d, dict) else str(d)
                    for d in rec.get("diagnostics") or []})
    if codes:
        notes.append("diag:" + ",".join(codes))
    return " ".join(notes)


def compile_s(gcc, cflags, src, d, extra=()):
    s = os.path.join(d, "out.s")
    cmd = [gcc] + cflags + list(extra) + ["-S", "-o", s, src]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise harness.HarnessError("%s\n%s" % (" ".join(cmd),
                                               r.stderr.decode("utf-8", "replace")[-3000:]))
    return s


def check_file(src, args, gcc, chk, workdir):
    exps = parse_expectations(src)
    if not exps:
        print("corpus_check: %s: no /* expect: */ comments" % src)
        return
    base = os.path.splitext(os.path.basename(src))[0]
    d = tempfile.mkdtemp(prefix="%s-%s." % (args.arch, base), dir=workdir)
    cflags = (["-O2"] + asm_oracle.ARCHES[args.arch]["cflags"] +
              (args.cflags.split() if args.cflags else []))
    where0 = os.path.relpath(src)
    try:
        s = compile_s(gcc, cflags, src, d,
                      ["-fdump-ipa-fnsummary-details", "-dumpdir", d + "/"])
        dumps = glob.glob(os.path.join(d, "*fnsummary*"))
        if len(dumps) != 1:
            raise harness.HarnessError("expected one fnsummary dump in %s, found %d" % (
                d, len(dumps)))
        sizes = harness.parse_fnsummary_dump(dumps[0])
        res = asm_oracle.analyze_file(s, args.arch, workdir=d)
    except (harness.HarnessError, asm_oracle.OracleError) as e:
        chk.check(where0, "-", "compile+oracle", "ok", "failed", str(e))
        return

    blocks = {}
    for b in res.statements():
        blocks.setdefault(b.c_function, []).append(b)

    plugin_recs = None
    if args.plugin_usable:
        pd = os.path.join(d, "plugin")
        os.makedirs(pd)
        report = os.path.join(pd, "report.jsonl")
        try:
            compile_s(gcc, cflags, src, pd,
                      ["-fplugin=" + os.path.abspath(args.plugin),
                       "-fplugin-arg-asminline-report=" + report])
            plugin_recs = {}
            for r in harness.read_plugin_report(report):
                plugin_recs.setdefault(r.get("function"), []).append(r)
        except harness.HarnessError as e:
            chk.check(where0, "-", "plugin compile", "ok", "failed", str(e))

    # One asmtpl-eval run per file, on what the assembler read.
    texts = []
    for fn, line, shape, kv in exps:
        bl = blocks.get(fn, [])
        texts.append(bl[0].text if len(bl) == 1 else "")
    try:
        evals = harness.run_asmtpl_eval(args.asmtpl_eval, args.arch,
                                        [("B", t) for t in texts])
    except harness.HarnessError as e:
        chk.check(where0, "-", "asmtpl-eval", "ok", "failed", str(e))
        evals = [None] * len(exps)

    for (fn, line, shape, kv), text, ev in zip(exps, texts, evals):
        chk.functions += 1
        where = "%s:%d" % (where0, line)
        bl = blocks.get(fn, [])
        tpl = text
        recs = plugin_recs.get(fn, []) if plugin_recs is not None else []
        if len(recs) == 1 and "template" in recs[0]:
            tpl = recs[0]["template"]
        if len(bl) > 1:
            chk.check(where, fn, "blocks", 1, len(bl), tpl)
            continue
        # No block: GCC prints nothing for an empty template.
        oracle = bl[0].insns if bl else 0
        if bl and bl[0].error:
            oracle = "error: " + bl[0].error
        E, G, K = kv.get("est_insns"), kv.get("gcc_count"), kv.get("kind")
        if E is not None:
            chk.check(where, fn, "oracle", E, oracle, tpl)
        if fn not in sizes or len(sizes[fn]) != 1:
            chk.check(where, fn, "dump asm statements", 1,
                      len(sizes.get(fn, [])), tpl)
        elif G is not None:
            chk.check(where, fn, "dump size", G, sizes[fn][0], tpl)
        if ev is not None:
            chk.check_est(where, fn, "eval est_insns", oracle, ev,
                          kv.get("pad_uncertain"), tpl)
            if K is not None:
                chk.check(where, fn, "eval kind", K, ev.get("kind"), tpl)
            for k, v in kv.items():
                if k not in ("est_insns", "gcc_count", "kind") and k in ev:
                    chk.check(where, fn, "eval " + k, v, ev.get(k), tpl)
        if plugin_recs is not None:
            if len(recs) != 1:
                chk.check(where, fn, "plugin records", 1, len(recs), tpl)
                continue
            r = recs[0]
            if G is not None:
                chk.check(where, fn, "plugin gcc_count", G, r.get("gcc_count"), tpl)
            if fn in sizes and len(sizes[fn]) == 1:
                chk.check(where, fn, "plugin gcc_count=dump", sizes[fn][0],
                          r.get("gcc_count"), tpl)
            chk.check_est(where, fn, "plugin est_insns", oracle, r,
                          kv.get("pad_uncertain"), tpl)
            chk.check(where, fn, "plugin arch", args.arch, r.get("arch"), tpl)
            if K is not None:
                chk.check(where, fn, "plugin kind", K, r.get("kind"), tpl)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", required=True, choices=sorted(asm_oracle.ARCHES))
    ap.add_argument("--asmtpl-eval", required=True, metavar="PATH")
    ap.add_argument("--plugin", metavar="PATH",
                    help="asminline.so built for this architecture's GCC")
    ap.add_argument("--cc", metavar="GCC",
                    help="the compiler (default: the first of %s found); with "
                    "--plugin, the GCC the plugin was built for" % "; ".join(
                        "%s: %s" % (a, "/".join(s["gcc"])) for a, s in asm_oracle.ARCHES.items()))
    ap.add_argument("--cflags", default="", help="extra compiler flags (after -O2)")
    ap.add_argument("--workdir", help="keep the intermediate files here "
                    "(default: the test's own directory under ctest, else a "
                    "temporary one)")
    ap.add_argument("files", nargs="+", metavar="FILE.c|DIR",
                    help="corpus files, or directories whose *.c are taken")
    args = ap.parse_args(argv)

    files = []
    missing = []
    for f in args.files:
        if os.path.isdir(f):
            files += sorted(glob.glob(os.path.join(f, "*.c")))
        elif os.path.exists(f):
            files.append(f)
        else:
            missing.append(f)
    if not files:
        print("SKIP: no corpus files in %s" % " ".join(args.files))
        return 77
    if missing:
        print("corpus_check: no such file: %s" % " ".join(missing), file=sys.stderr)
        return 2
    gcc = asm_oracle.find_tool(args.cc or asm_oracle.ARCHES[args.arch]["gcc"])
    try:
        asm_oracle.arch_tools(args.arch)
    except asm_oracle.OracleError as e:
        print("SKIP: %s" % e)
        return 77
    if not gcc:
        print("SKIP: no %s compiler (%s)" % (args.arch, ", ".join(
            asm_oracle.ARCHES[args.arch]["gcc"])))
        return 77
    if not os.access(args.asmtpl_eval, os.X_OK):
        print("corpus_check: %s: not an executable" % args.asmtpl_eval, file=sys.stderr)
        return 2
    args.plugin_usable = False
    if args.plugin:
        if os.path.exists(args.plugin):
            args.plugin_usable = True
        else:
            print("corpus_check: plugin %s not built: plugin checks skipped" % args.plugin)
    else:
        print("corpus_check: no --plugin: plugin checks skipped")

    tmp = None
    workdir = args.workdir
    if not workdir and testlib.owned():
        workdir = testlib.workdir("oracle-corpus")     # ctest's, emptied
    if not workdir:
        tmp = workdir = tempfile.mkdtemp(prefix="corpus_check.")
    os.makedirs(workdir, exist_ok=True)
    chk = Checker()
    try:
        for f in files:
            check_file(os.path.abspath(f), args, gcc, chk, os.path.abspath(workdir))
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)

    if chk.rows:
        print("%-40s %-24s %-18s %-5s %-5s %-28s %s" % (
            "WHERE", "FUNCTION", "CHECK", "WANT", "GOT", "NOTE", "TEMPLATE"))
        for where, fn, what, want, got, note, tpl in chk.rows:
            print("%-40s %-24s %-18s %-5s %-5s %-28s %s" % (
                where, fn, what, want, got, note or "-", harness.shorten(str(tpl), 100)))
    for where, fn, what, oracle, est, pad in chk.accepted:
        print("accepted: %s %s %s: est_insns %s, oracle %s, within declared pad_uncertain=%d" % (
            where, fn, what, est, oracle, pad))
    print("corpus_check %s: %d files, %d functions, %d checks, %d mismatches, "
          "%d within a declared pad_uncertain" % (
              args.arch, len(files), chk.functions, chk.checks, len(chk.rows),
              len(chk.accepted)))
    return 1 if chk.rows else 0


if __name__ == "__main__":
    sys.exit(main())
