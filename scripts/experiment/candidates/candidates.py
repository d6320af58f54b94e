#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""candidates.py [OPTIONS] — the asm sites a kernel should convert, ranked, measured and patched.

Every flagged site of a warn-mode build ranked, a one-site what-if for the
top ones with its evidence, a git-am-able patch per site checked on its
source, the runtime experiment for the top site, and a summary
(docs/results/mainline.md).  `scripts/experiment/experiment.sh candidates` runs it.

Steps, each skipped when a rerun finds it done (OUT keeps a stamp per step;
OUT/settings.json the settings, which a rerun must match):
  1. warn: the tree (default: the newest kernel Debian ships, through
     tests/kernel/prepare-kernel.sh --kver newest) configured (default
     x86_64_defconfig; arm64: defconfig) and built in OUT/warn with the
     plugin in warn mode: bzImage (arm64: Image), or only --units;
  2. rank: asmscan sites on the build (OUT/ranking.txt, .json), each site
     with the units whose records hold it;
  3. per top site (OUT/sites/NN-NAME): what-if (the site's units
     recompiled from their .cmd lines with mode=apply sites=FILE:LINE in
     a hard-linked copy of OUT/warn, then `make` relinks), evidence
     (asmscan diff, bloat-o-meter and the kernel's script, per function),
     patch (asmscan patch --split site, the evidence in its message; git
     am on a git repository of the source; the units built with
     CONFIG_WERROR=y);
  4. verify: for one site, Kbuild's own rebuild of its units (and of a
     sample of others) with KCFLAGS + mode=apply sites=, compared object
     by object with the what-if's (--verify-full: a whole rebuild);
  5. runtime: scripts/experiment/runtime for the top site (x86_64, whole builds);
  6. summary: OUT/summary.txt, summary.md, summary.json, summary.png.
Progress on stderr.  Exit codes: 0 done; 1 a step failed (a build, a
what-if that does not compile, a patch that does not apply or build: the
other sites are still done and the summary says which); 2 usage.
"""
import argparse
import fcntl
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
import elfread  # noqa: E402
import evidence  # noqa: E402
import kbuild  # noqa: E402
import patches  # noqa: E402
import summary  # noqa: E402
from kbuild import log  # noqa: E402

FORMAT_VERSION = 1


class UsageError(Exception):
    pass


def options(argv):
    ap = argparse.ArgumentParser(prog="experiment.sh candidates",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default="candidates-out", help="output folder (default candidates-out)")
    ap.add_argument("--src", help="kernel source tree (default: the newest kernel Debian ships, "
                    "tests/kernel/prepare-kernel.sh --kver newest)")
    ap.add_argument("--arch", choices=sorted(kbuild.ARCHES), default="x86_64")
    ap.add_argument("--config", help="defconfig target (default x86_64_defconfig; arm64: defconfig)")
    ap.add_argument("--units", help="OBJ,OBJ,...: build only these objects (a quick run: no vmlinux, no runtime)")
    ap.add_argument("-n", "--top", type=int, default=10, help="what-ifs for the N top sites (default 10)")
    ap.add_argument("--site", action="append", default=[], metavar="FILE:LINE",
                    help="a what-if for this site too (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--ccache", action="store_true", help="compile through ccache (CC=\"ccache gcc\")")
    ap.add_argument("--plugin", help="asminline.so (default build/plugin, arm64: build-arm64/plugin)")
    ap.add_argument("--asmscan", default=os.path.join(ROOT, "build/analyzer/asmscan"))
    ap.add_argument("--git", help="git repository of the source for git am (default OUT/git; "
                    "shared between runs of one source)")
    ap.add_argument("--verify", choices=("units", "full", "none"), default="units",
                    help="check the what-if against Kbuild's rebuild: its units (default), a whole rebuild, or not")
    ap.add_argument("--verify-site", metavar="FILE:LINE", help="the site verified (default the top one)")
    ap.add_argument("--verify-sample", type=int, default=12,
                    help="units without the site also rebuilt by Kbuild in the check (default 12)")
    ap.add_argument("--runtime", choices=("top", "none"), default="top",
                    help="the runtime experiment for the top site (default; x86_64 whole builds only)")
    ap.add_argument("--runtime-site", metavar="FILE:LINE", help="the site measured at run time (default the top one)")
    ap.add_argument("--runtime-args", default="-b 4 -c 1",
                    help="options of scripts/experiment/runtime/runtime.py (default \"-b 4 -c 1\")")
    args = ap.parse_args(argv)
    if args.top < 0 or args.jobs < 1 or args.verify_sample < 0:
        ap.error("--top and --verify-sample must not be negative, --jobs positive")
    return args


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def kernel_version(src):
    with open(os.path.join(src, "Makefile")) as f:
        head = f.read(2000)
    v = dict(re.findall(r"^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION) = ?(\S*)$", head, re.M))
    return "%s.%s.%s%s" % (v.get("VERSION"), v.get("PATCHLEVEL"), v.get("SUBLEVEL"), v.get("EXTRAVERSION", ""))


def default_source(arch):
    prep = os.path.join(ROOT, "tests", "kernel", "prepare-kernel.sh")
    log(f"the newest kernel Debian ships: {prep} --kver newest {arch}")
    p = subprocess.run([prep, "--kver", "newest", arch], stdout=subprocess.PIPE)
    if p.returncode:
        raise kbuild.BuildError(f"prepare-kernel.sh --kver newest {arch} failed ({p.returncode})")
    return os.path.join(os.path.dirname(p.stdout.decode().strip()), "src")


def project_commit():
    p = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty", "--abbrev=12"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return p.stdout.strip() or "unknown"


def slug(site):
    f, line = site.rsplit(":", 1)
    return re.sub(r"[^A-Za-z0-9_.]+", "-", os.path.basename(f)) + "-" + line


class Run:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.output)
        self.failures = []
        self.t0 = time.monotonic()

    def path(self, *p):
        return os.path.join(self.out, *p)

    # -- settings ------------------------------------------------------
    def setup(self):
        a = self.args
        os.makedirs(self.out, exist_ok=True)
        self.lock = open(self.path(".lock"), "w")
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise UsageError(f"{self.out}: another run is using it")
        src = os.path.realpath(a.src) if a.src else default_source(a.arch)
        if not os.path.isfile(os.path.join(src, "Makefile")):
            raise UsageError(f"{src}: not a kernel source tree")
        plugin = a.plugin or os.path.join(ROOT, "build-arm64" if a.arch == "arm64" else "build",
                                          "plugin", "asminline.so")
        if not os.path.isfile(plugin):
            raise UsageError(f"{plugin}: no plugin (build it: scripts/dev/setup.sh)")
        if not os.access(a.asmscan, os.X_OK):
            raise UsageError(f"{a.asmscan}: no asmscan (build it: scripts/dev/setup.sh)")
        units = [u.strip() for u in a.units.split(",") if u.strip()] if a.units else []
        for u in units:
            if not u.endswith(".o"):
                raise UsageError(f"--units: '{u}' is not an object (dir/name.o)")
        gcc = kbuild.ARCHES[a.arch]["gcc"]
        settings = {
            "format_version": FORMAT_VERSION, "src": src, "version": kernel_version(src),
            "arch": a.arch, "config": a.config or kbuild.ARCHES[a.arch]["config"],
            "units": units, "plugin_sha256": sha256(plugin),
            "cc": f"ccache {gcc}" if a.ccache else None,
        }
        old = self.path("settings.json")
        if os.path.exists(old):
            with open(old) as f:
                prev = json.load(f)
            keys = [k for k in settings if prev.get(k) != settings[k]]
            if keys:
                raise UsageError(f"{self.out} holds a run with other settings ({', '.join(keys)}): "
                                 "use another -o")
        pdir = self.path("plugin")
        os.makedirs(pdir, exist_ok=True)
        self.plugin = os.path.join(pdir, "asminline.so")
        if not os.path.exists(self.plugin) or sha256(self.plugin) != settings["plugin_sha256"]:
            shutil.copy2(plugin, self.plugin)      # times kept: ccache hashes the plugin's
        settings["kcflags"] = f"-fplugin={self.plugin} -fplugin-arg-asminline-diag=none"
        settings["compiler"] = subprocess.run([gcc, "-dumpfullversion"], stdout=subprocess.PIPE,
                                              text=True).stdout.strip()
        settings["compiler"] = f"GCC {settings['compiler']}"
        with open(old, "w") as f:
            json.dump(settings, f, indent=1)
            f.write("\n")
        self.s = settings
        self.src = src
        self.units = units
        self.warn = kbuild.Tree(src, self.path("warn"), a.arch, settings["kcflags"], a.jobs, settings["cc"])
        log(f"Linux {settings['version']} {a.arch} {settings['config']} from {src}; output {self.out}")

    def stamp(self, *p):
        return os.path.exists(self.path(*p))

    def mark(self, *p, data=None):
        with open(self.path(*p), "w") as f:
            json.dump(data if data is not None else {}, f, indent=1)
            f.write("\n")

    def elapsed(self):
        return f"{time.monotonic() - self.t0:.0f} s"

    # -- 1. warn --------------------------------------------------------
    def build_warn(self):
        w = self.warn
        if self.stamp("warn", kbuild.STAMP):
            log("warn build: done before")
            return
        logp = self.path("warn.log")
        if not os.path.exists(os.path.join(w.obj, ".config")):
            log(f"warn build: configuring {self.s['config']}")
            w.configure(self.s["config"], logp)
        targets = self.units or [kbuild.ARCHES[w.arch]["image"]]
        what = f"{len(self.units)} units" if self.units else " ".join(targets)
        log(f"warn build: make {what} with the plugin in warn mode (a whole kernel: about "
            "30+ minutes of two cores); log {logp}".replace("{logp}", logp))
        w.make(targets, logp)
        open(os.path.join(w.obj, kbuild.STAMP), "w").close()
        log(f"warn build: done ({self.elapsed()})")

    def warn_inputs(self):
        if self.units:
            return [os.path.join(self.warn.obj, u) for u in self.units]
        return [os.path.join(self.warn.obj, "vmlinux")]

    def guard(self):
        bad = kbuild.newer_than_stamp(self.warn.obj)
        if bad:
            raise kbuild.BuildError(f"the warn tree changed after its build (written through a "
                                    f"link?): {', '.join(bad[:5])}")

    # -- 2. rank --------------------------------------------------------
    def rank(self):
        if self.stamp("ranking.json"):
            with open(self.path("ranking.json")) as f:
                self.ranking = json.load(f)
            return
        a = self.args
        inputs = self.warn_inputs()
        log("rank: asmscan sites")
        evidence.run([a.asmscan, "sites", "-n", "0", "-o", self.path("sites.txt")] + inputs)
        evidence.run([a.asmscan, "sites", "-f", "json", "-o", self.path("sites.json")] + inputs)
        with open(self.path("sites.json")) as f:
            sj = json.load(f)["sites"]
        per_site, all_units = {}, set()
        for i in inputs:
            recs = elfread.records(i)
            all_units.update(u["tu"] for u in elfread.unit_records(recs))
            for k, v in elfread.site_units(recs).items():
                per_site.setdefault(k, {}).update(v)
        rows = []
        for n, s in enumerate(sj["sites"], 1):
            key = f"{s['spelling_file']}:{s['spelling_line']}"
            tus = sorted(per_site.get(key, {}))
            rows.append({
                "rank": n, "site": key, "kind": s["kind"], "gcc_count": s["gcc_count"],
                "est_insns": s["est_insns"], "statements": s["statements"], "units": s["units"],
                "functions": s["functions"], "edges": s["edges"], "rule_edges": s["rule_edges"],
                "call_sites": s["call_sites"] + s["tail_calls"], "copies": s["copies"],
                "unit_list": tus,
            })
        self.ranking = {"format_version": FORMAT_VERSION, "statements": sj["statements"],
                        "units": sj["units"], "blocked_by_asm": sj["blocked_by_asm"],
                        "rule_units": len(sj["rule_units"]), "sites": rows,
                        "all_units": sorted(all_units)}
        with open(self.path("ranking.txt"), "w") as f:
            f.write(summary.ranking_text(self.ranking, self.s))
        self.mark("ranking.json", data=self.ranking)
        log(f"rank: {len(rows)} flagged sites, {sj['statements']} statements in {sj['units']} units")

    def chosen(self):
        rows = self.ranking["sites"]
        keep = rows[:self.args.top]
        for s in self.args.site:
            if not any(r["site"] == s for r in keep):
                r = next((r for r in rows if r["site"] == s), None)
                if not r:
                    raise UsageError(f"--site {s}: no flagged site there in the warn build")
                keep.append(r)
        return keep

    # -- 3. per site ------------------------------------------------------
    def site_dir(self, row):
        return self.path("sites", "%02d-%s" % (row["rank"], slug(row["site"])))

    def site_objects(self, row):
        """[(object, command)] of the warn tree for the site's units."""
        jobs = []
        for tu in row["unit_list"]:
            for obj, cmd in self.unit_cmds.get(tu, []):
                if self.units and obj not in self.units:
                    continue
                jobs.append((obj, cmd))
        return jobs

    def whatif(self, row, d):
        if os.path.exists(os.path.join(d, "whatif.done")):
            return True
        site = row["site"]
        jobs = self.site_objects(row)
        if not jobs:
            self.fail(site, "what-if", "no unit of the warn tree holds it")
            return False
        tree = os.path.join(d, "tree")
        ours = {o for o, _ in jobs}
        state = os.path.join(d, "whatif.json")
        if os.path.exists(state):
            # Compiled and relinked before; only the check below is redone.
            with open(state) as f:
                res = json.load(f)
        else:
            log(f"{site}: what-if: copying the warn tree, recompiling {len(jobs)} units")
            kbuild.copy_tree(self.warn.obj, tree)
            extra = ["-fplugin-arg-asminline-mode=apply", f"-fplugin-arg-asminline-sites={site}"]
            work = [(o, kbuild.whatif_command(c, extra)) for o, c in jobs]
            with open(os.path.join(d, "commands.txt"), "w") as f:
                f.writelines(f"{o}: {c}\n" for o, c in work)
            done = kbuild.compile_units(tree, work, self.args.jobs)
            with open(os.path.join(d, "compile.log"), "w") as f:
                for o, rc, text in done:
                    f.write(f"== {o} (exit {rc})\n{text}")
            bad = [(o, t) for o, rc, t in done if rc]
            if bad:
                first = bad[0][1].strip().splitlines()
                self.fail(site, "what-if", f"{len(bad)} of {len(done)} units do not compile "
                          f"({bad[0][0]}: {first[-1] if first else '?'})")
                return False
            relinked = []
            if not self.units:
                image = kbuild.ARCHES[self.args.arch]["image"]
                log(f"{site}: what-if: make {image} (relink)")
                t = kbuild.Tree(self.src, tree, self.args.arch, self.s["kcflags"], self.args.jobs,
                                self.s["cc"])
                text = t.make([image], os.path.join(d, "relink.log"))
                relinked = kbuild.compiled_in_log(text)
            res = {"site": site, "units": sorted(ours), "recompiled": len(ours),
                   "relink_compiled": relinked}
            self.mark(state, data=res)
        self.guard()
        # The relink may compile units again whose command line is the warn
        # build's: Kbuild's link-time objects (.vmlinux.export.o), and
        # objects that depend on a tool the copy rebuilds (7.x's
        # arch/x86/boot/startup/*.o on objtool, whose own build records
        # absolute paths).  Such a unit must load the same bytes as in the
        # warn build; one that does not means a command line changed.
        extra_cc = [o for o in res["relink_compiled"] if o in self.all_objects and o not in ours
                    and not os.path.basename(o).startswith(".")]
        differ = [(o, why) for o, why in
                  ((o, elfread.same_loadable(os.path.join(self.warn.obj, o), os.path.join(tree, o)))
                   for o in extra_cc) if why]
        res["relink_compiled_units"] = extra_cc
        res["relink_compiled_differing"] = differ
        self.mark(state, data=res)
        if differ:
            self.fail(site, "what-if", f"the relink recompiled {len(differ)} other units that differ "
                      f"from the warn build's ({differ[0][0]}: {differ[0][1]}): a changed command line?")
            return False
        open(os.path.join(d, "whatif.done"), "w").close()
        return True

    def evidence(self, row, d):
        if os.path.exists(os.path.join(d, "evidence.json")):
            return
        site = row["site"]
        tree = os.path.join(d, "tree")
        objs = [o for o, _ in self.site_objects(row)]
        pairs = [(os.path.join(self.warn.obj, o), os.path.join(tree, o)) for o in objs]
        if self.units:
            cmp = os.path.join(d, "cmp")
            if os.path.exists(cmp):
                shutil.rmtree(cmp)
            for side, k in (("old", 0), ("new", 1)):
                for o, p in zip(objs, pairs):
                    dst = os.path.join(cmp, side, o)
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    os.link(p[k], dst)
                shutil.copy2(os.path.join(self.warn.obj, ".config"), os.path.join(cmp, side, ".config"))
            old, new, bpairs = os.path.join(cmp, "old"), os.path.join(cmp, "new"), pairs
        else:
            old, new = os.path.join(self.warn.obj, "vmlinux"), os.path.join(tree, "vmlinux")
            bpairs = [(old, new)]
        log(f"{site}: evidence: asmscan diff, bloat-o-meter")
        ev = evidence.diff_site(self.args.asmscan, self.src, old, new, site, d, bpairs)
        changed = evidence.units_changed(pairs)
        ev["units_code_changed"] = sum(1 for _, why in changed if why)
        ev["units_recompiled"] = len(pairs)
        ev["statements_at_site"], ev["applied"] = evidence.applied_counts([p[1] for p in pairs], site)
        with open(os.path.join(d, "functions.txt"), "w") as f:
            f.write(evidence.per_function_text(ev["per_function"]))
        self.mark(os.path.join(d, "evidence.json"), data=ev)
        if ev["applied"] == 0:
            self.fail(site, "what-if", "mode=apply sites= marked no statement (the records say so)")

    def patch(self, row, d):
        if os.path.exists(os.path.join(d, "patch.json")):
            return
        site = row["site"]
        with open(os.path.join(d, "evidence.json")) as f:
            ev = json.load(f)
        pdir = os.path.join(d, "patch")
        path, note = patches.make_patch(self.args.asmscan, self.src, self.warn_inputs(), site, pdir)
        res = {"site": site, "patch": path, "note": note}
        if not path:
            res.update(applies=False, builds=False, reason="asmscan patch wrote no patch: " + note)
            self.fail(site, "patch", res["reason"])
            self.mark(os.path.join(d, "patch.json"), data=res)
            return
        units = [o for o, _ in self.site_objects(row)]
        logp = os.path.join(d, "patch.log")
        branch = "candidates/" + os.path.basename(d)
        # git am and the build first, on asmscan's patch; then the evidence
        # (with what the build showed) goes into the message, and the file
        # delivered is applied once more: what is checked is what is sent.
        ok, head = patches.apply_patch(self.repo, path, branch, logp)
        res.update(applies=ok)
        if not ok:
            res.update(builds=False, reason="git am: " + head)
            self.fail(site, "patch", res["reason"])
            self.mark(os.path.join(d, "patch.json"), data=res)
            return
        log(f"{site}: patch: git am done; make {len(units)} units with CONFIG_WERROR=y")
        try:
            self.werror.make(units, logp)
            res["builds"] = True
        except kbuild.BuildError as e:
            res.update(builds=False, reason=str(e).splitlines()[0])
            self.fail(site, "patch", "does not build with CONFIG_WERROR=y: see " + logp)
        if res["builds"]:
            # Kept: the next site's build rewrites the shared tree's objects.
            kept = os.path.join(d, "patched")
            for o in units:
                os.makedirs(os.path.dirname(os.path.join(kept, o)), exist_ok=True)
                shutil.copy2(os.path.join(self.werror.obj, o), os.path.join(kept, o))
            same = evidence.units_changed([(os.path.join(d, "tree", o), os.path.join(kept, o))
                                           for o in units])
            res["units_built"] = len(units)
            res["units_same_as_whatif"] = sum(1 for _, why in same if not why)
            res["units_differing"] = [(os.path.relpath(o, kept), why) for o, why in same if why][:10]
        patches.restore_base(self.repo, logp)
        patches.add_evidence(path, summary.commit_evidence(ev, row, self.s, self.units, units, res))
        ok, head = patches.apply_patch(self.repo, path, branch, logp)
        patches.restore_base(self.repo, logp)
        res.update(applies=ok, commit=head if ok else None)
        if not ok:
            self.fail(site, "patch", "git am of the patch with its evidence: " + head)
        res["checkpatch"] = patches.checkpatch(self.src, path, d)
        self.mark(os.path.join(d, "patch.json"), data=res)

    def setup_git(self):
        repo = os.path.abspath(self.args.git) if self.args.git else self.path("git")
        os.makedirs(os.path.dirname(repo), exist_ok=True)
        self.git_lock = open(repo + ".lock", "w")
        fcntl.flock(self.git_lock, fcntl.LOCK_EX)
        patches.ensure_repo(self.src, repo, self.s["version"], self.path("git.log"))
        self.repo = repo
        # The CONFIG_WERROR=y tree builds the repository's source: shared
        # with it when the repository is (--git), one per arch and config.
        wdir = (f"{repo}-build-{self.args.arch}-{self.s['config']}" if self.args.git
                else self.path("werror"))
        self.werror = kbuild.Tree(repo, wdir, self.args.arch, "", self.args.jobs, self.s["cc"])
        if not os.path.exists(os.path.join(self.werror.obj, ".config")):
            log("werror tree: configuring (CONFIG_WERROR=y, no plugin)")
            self.werror.configure(self.s["config"], self.path("werror.log"), ["--enable", "WERROR"])

    def fail(self, site, step, why):
        log(f"{site}: {step}: FAILED: {why}")
        self.failures.append({"site": site, "step": step, "why": why})

    # -- 4. verify ------------------------------------------------------
    def verify(self, rows):
        a = self.args
        if a.verify == "none" or self.stamp("verify", "verify.json"):
            return
        site = a.verify_site or rows[0]["site"]
        row = next((r for r in rows if r["site"] == site), None)
        if not row or not os.path.exists(os.path.join(self.site_dir(row), "whatif.done")):
            self.fail(site, "verify", "no finished what-if of that site")
            return
        d = self.path("verify")
        os.makedirs(d, exist_ok=True)
        whatif_tree = os.path.join(self.site_dir(row), "tree")
        kcf = (self.s["kcflags"] + " -fplugin-arg-asminline-mode=apply"
               f" -fplugin-arg-asminline-sites={site}")
        ours = [o for o, _ in self.site_objects(row)]
        res = {"site": site, "kcflags": kcf, "mode": a.verify}
        if a.verify == "full":
            res.update(self.verify_full(d, kcf, whatif_tree))
        else:
            tree = os.path.join(d, "tree")
            kbuild.copy_tree(self.warn.obj, tree)
            # Units the records name (linked into the build), without the site.
            pool = sorted(o for tu in self.ranking["all_units"] for o, _ in self.unit_cmds.get(tu, [])
                          if o in self.all_objects and o not in set(ours))
            sample = random.Random(site).sample(pool, min(a.verify_sample, len(pool)))
            for o in ours + sample:
                p = os.path.join(tree, o)
                if os.path.exists(p):
                    os.unlink(p)
            log(f"verify {site}: Kbuild rebuilds its {len(ours)} units and {len(sample)} others "
                "with KCFLAGS + mode=apply sites=")
            t = kbuild.Tree(self.src, tree, a.arch, kcf, a.jobs, self.s["cc"])
            text = t.make(ours + sample, os.path.join(d, "make.log"))
            cmp_site = evidence.units_changed([(os.path.join(whatif_tree, o), os.path.join(tree, o)) for o in ours])
            cmp_other = evidence.units_changed([(os.path.join(self.warn.obj, o), os.path.join(tree, o)) for o in sample])
            res.update({
                "kbuild_compiled": len(kbuild.compiled_in_log(text)),
                "site_units": len(ours),
                "site_units_same": sum(1 for _, w in cmp_site if not w),
                "site_units_differing": [(os.path.relpath(o, tree), w) for o, w in cmp_site if w],
                "other_units": sample,
                "other_units_same_as_warn": sum(1 for _, w in cmp_other if not w),
                "other_units_differing": [(os.path.relpath(o, tree), w) for o, w in cmp_other if w],
            })
            ok = not res["site_units_differing"] and not res["other_units_differing"]
            res["same"] = ok
            self.guard()
        if not res.get("same"):
            self.fail(site, "verify", "the what-if differs from Kbuild's rebuild: see verify/verify.json")
        self.mark("verify", "verify.json", data=res)

    def verify_full(self, d, kcf, whatif_tree):
        if self.units:
            raise UsageError("--verify full needs a whole build (no --units)")
        tree = kbuild.Tree(self.src, os.path.join(d, "full"), self.args.arch, kcf, self.args.jobs, self.s["cc"])
        logp = os.path.join(d, "full.log")
        if not os.path.exists(os.path.join(tree.obj, ".config")):
            tree.configure(self.s["config"], logp)
        log("verify: a whole rebuild with KCFLAGS + mode=apply sites= (30+ minutes)")
        tree.make([kbuild.ARCHES[self.args.arch]["image"]], logp)
        a, b = os.path.join(whatif_tree, "vmlinux"), os.path.join(tree.obj, "vmlinux")
        sa, _ = elfread.loadable(a)
        sb, _ = elfread.loadable(b)
        diff = [x[0] for x, y in zip(sa, sb) if x != y and x[0] != ".notes"]
        same = [x[0] for x in sa] == [y[0] for y in sb] and not diff
        return {"vmlinux_same_loadable": same, "sections_differing": diff, "same": same}

    # -- 5. runtime -----------------------------------------------------
    def runtime(self, rows):
        a = self.args
        if a.runtime == "none" or self.units or a.arch != "x86_64":
            return None
        if self.stamp("runtime", "runtime.json"):
            return self.path("runtime")
        site = a.runtime_site or rows[0]["site"]
        row = next((r for r in rows if r["site"] == site), None)
        if not row or not os.path.exists(os.path.join(self.site_dir(row), "whatif.done")):
            self.fail(site, "runtime", "no finished what-if of that site")
            return None
        log(f"runtime: {site}, warn build against its what-if under QEMU")
        argv = [sys.executable, os.path.join(ROOT, "scripts", "experiment", "runtime", "runtime.py"),
                "--asmscan", a.asmscan, "-o", self.path("runtime"),
                "--title", f"Linux {self.s['version']}: {site} as asm_inline"] + a.runtime_args.split()
        argv += [self.warn.obj, os.path.join(self.site_dir(row), "tree")]
        if subprocess.run(argv).returncode:
            self.fail(site, "runtime", "scripts/experiment/runtime/runtime.py failed")
            return None
        with open(self.path("runtime", "site.json"), "w") as f:
            json.dump({"site": site}, f)
        return self.path("runtime")

    # -- the run --------------------------------------------------------
    def main(self):
        self.setup()
        self.commit = project_commit()
        self.build_warn()
        self.guard()
        self.rank()
        self.unit_cmds = kbuild.read_units(self.warn.obj, self.src)
        self.all_objects = {o for v in self.unit_cmds.values() for o, _ in v}
        if self.units:
            self.all_objects &= set(self.units)
        rows = self.chosen()
        log(f"{len(rows)} sites to measure: {', '.join(r['site'] for r in rows[:4])}"
            + (" ..." if len(rows) > 4 else ""))
        self.setup_git()
        src_mark = time.time()
        for i, row in enumerate(rows, 1):
            d = self.site_dir(row)
            os.makedirs(d, exist_ok=True)
            log(f"[{i}/{len(rows)}] {row['site']} ({len(row['unit_list'])} units; {self.elapsed()})")
            with open(os.path.join(d, "site.json"), "w") as f:
                json.dump(row, f, indent=1)
            try:
                if self.whatif(row, d):
                    self.evidence(row, d)
                    self.patch(row, d)
            except (kbuild.BuildError, evidence.EvidenceError, patches.PatchError) as e:
                self.fail(row["site"], "site", str(e))
        self.verify(rows)
        self.runtime(rows)
        changed = kbuild_newer(self.src, src_mark)
        if changed:
            self.fail("-", "source", f"files of the source changed (written through a link of "
                      f"the git work tree?): {', '.join(changed[:3])}")
        summary.write(self, rows)
        log(f"done in {self.elapsed()}: {self.path('summary.txt')}"
            + (f"; {len(self.failures)} failures" if self.failures else ""))
        return 1 if self.failures else 0


def kbuild_newer(top, since):
    out = []
    for root, _dirs, files in os.walk(top):
        for f in files:
            p = os.path.join(root, f)
            if os.lstat(p).st_mtime > since:
                out.append(os.path.relpath(p, top))
    return out


def main(argv):
    args = options(argv)
    try:
        return Run(args).main()
    except UsageError as e:
        print(f"candidates: {e}", file=sys.stderr)
        return 2
    except (kbuild.BuildError, evidence.EvidenceError, patches.PatchError) as e:
        print(f"candidates: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
