#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""edges-whole-kernel -- the plugin's edge verdicts against mode=apply on a whole kernel.

The ground truth for a call edge is whether mode=apply inlines it.  A whole
build in each mode does not say so per call (a defconfig vmlinux has no
DWARF, and the inliner's decisions leave no trace in an object), so every
translation unit that can hold an edge record is compiled again, twice,
exactly as tests/plugin/edges/edges_eval.py does for 25 objects: in warn
mode (the edge records) and in apply mode, both with GCC's own account of
its decisions (-fopt-info-inline-optimized-missed, -fdump-ipa-inline).

  which units   those with at least one edge record in the warn build's
                report.jsonl (bench/build-kernel.sh warn): an edge record is
                written for every call refused for size whose callee holds
                flagged asm, whatever its verdict, so these units hold every
                edge the plugin could call blocked-by-asm.  A flip in a unit
                with no record at all is not seen (the 25-object run found
                none: every flipped call had a record);
  command line  the first line of dir/.name.o.cmd in the plugin-free build
                (bench/build-kernel.sh none), run in that build directory,
                -c -o X.o turned into -S -o OUT/X.s and the dependency file
                moved out: the trees are only read;
  scale         two compiles per unit, --jobs at a time; the units go in a
                seeded random order and each result is appended to
                OUT/units.jsonl as it comes, so a run stopped early has
                measured a random sample (--summarize writes the report
                from what OUT/units.jsonl holds); --sample N stops at N.

Writes OUT/edges-whole-kernel.json and OUT/edges-whole-kernel.md (totals and
every miss).  Exit 0 measured, 1 some unit failed, 2 usage, 77 the kernel
builds are not there.
"""

import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "plugin", "edges"))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "oracle"))
import edges_eval  # noqa: E402
import kernel_accuracy as ka  # noqa: E402

CACHE = os.environ.get("ASMINLINE_CACHE", os.path.expanduser("~/.cache/asminline"))
KTREE = os.path.join(CACHE, "linux-6.1.192-3")


def log(msg):
    print("edges-whole-kernel: %s" % msg, flush=True)


def units_with_records(report):
    """{tu: number of edge records} from a warn build's report.jsonl."""
    tus = collections.Counter()
    with open(report, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("record") == "edge":
                tus[r["tu"]] += 1
    return tus


def objects_by_source(build):
    """{source path: [object]} from the first line of every .*.o.cmd."""
    out = collections.defaultdict(list)
    for d, _, files in os.walk(build):
        for n in files:
            if not (n.startswith(".") and n.endswith(".o.cmd")):
                continue
            obj = os.path.relpath(os.path.join(d, n[1:-4]), build)
            try:
                argv = ka.compile_command(build, obj)
            except Exception:
                continue	# not a compile (a link, an objcopy)
            srcs = [a for a in argv if a.endswith(".c") and not a.startswith("-")]
            if "-c" in argv and srcs:
                out[os.path.normpath(os.path.join(build, srcs[-1]))].append(obj)
    return out


def one_object(obj, build, plugin, work):
    base = os.path.join(work, obj.replace("/", "_")[:-2])
    argv = ka.to_asm_command(ka.compile_command(build, obj), obj, base + ".s", base + ".d")
    res = edges_eval.compile_pair(argv, build, plugin, base)
    for p in (base + ".s", base + ".d"):
        if os.path.exists(p):
            os.unlink(p)
    res["object"] = obj
    # The misses, named, in place of the maps keyed by tuples (not JSON).
    res["misses"] = []
    for kind, keys in (("FP", res["false_positive"]), ("FN", res["false_negative"])):
        for k in keys:
            res["misses"].append({
                "kind": kind, "call": edges_eval.key_text(k),
                "reason": "/".join(res["warn_reason"].get(k, [])),
                "note": ("apply: " + res["apply_state"][k] if kind == "FP"
                         else "record: " + res["verdict"].get(k, "none"))})
    for k in ("verdict", "warn_reason", "apply_state", "false_positive", "false_negative"):
        del res[k]
    return res


def write_outputs(out, meta, results, failed):
    tot = collections.Counter()
    for r in results:
        for k in ("records", "refused", "flipped", "flipped_size", "flipped_with_record",
                  "blocked_refused", "true_positive"):
            tot[k] += r[k]
    s = edges_eval.summarize(tot)
    L = ["# Edge verdicts against mode=apply, whole Linux 6.1 x86_64_defconfig", "",
         "Generated by `%s` on %s; %s; %d units, %.0f s." % (
             meta["command"], meta["date"], meta["gcc"], len(results), meta["seconds"]), "",
         "| units | records | refused | flipped | blocked-by-asm | TP | precision | recall | recall (size) | recall (record) |",
         "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
         "| %d | %d | %d | %d | %d | %d | %s | %s | %s | %s |" % (
             len(results), tot["records"], tot["refused"], tot["flipped"],
             tot["blocked_refused"], tot["true_positive"], edges_eval.fmt(s["precision"]),
             edges_eval.fmt(s["recall"]), edges_eval.fmt(s["recall_size"]),
             edges_eval.fmt(s["recall_with_record"])), "", "## Misses", ""]
    reasons = collections.Counter()
    for r in results:
        for m in r["misses"]:
            reasons[(m["kind"], m["reason"])] += 1
            call = m["call"].replace(os.path.join(KTREE, "src") + "/", "")
            L.append("- %s %s: %s; %s; %s" % (m["kind"], r["object"], call,
                                              m["reason"], m["note"]))
    L += ["", "## Misses by GCC's reason in warn mode", ""]
    L += ["- %s %d: %s" % (kind, n, why) for (kind, why), n in reasons.most_common()]
    for o, why in sorted(failed.items()):
        L.append("- not evaluated: %s: %s" % (o, why.splitlines()[-1] if why else ""))
    with open(os.path.join(out, "edges-whole-kernel.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    with open(os.path.join(out, "edges-whole-kernel.json"), "w") as f:
        json.dump({"meta": meta, "total": dict(tot), "summary": s, "failed": failed,
                   "units": results}, f, indent=1, default=str)
    return tot, s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True, help="asminline.so to evaluate")
    ap.add_argument("--report", default=os.path.join(KTREE, "kbuild-warn", "report.jsonl"),
                    help="a warn build's report: the units with edge records")
    ap.add_argument("--build", default=os.path.join(KTREE, "kbuild-none"),
                    help="a whole build whose .cmd files and headers are used (read only)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sample", type=int, default=0, help="a random sample of N units")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--summarize", action="store_true",
                    help="only write the report from OUT/units.jsonl")
    args = ap.parse_args(argv)
    out = os.path.abspath(args.out)
    done_path = os.path.join(out, "units.jsonl")
    if args.summarize:
        return summarize_only(args, out, done_path)
    if not os.path.exists(args.plugin):
        log("%s: no such plugin" % args.plugin)
        return 2
    if not (os.path.exists(args.report) and os.path.isdir(args.build)):
        log("SKIP: no whole-kernel builds (%s, %s): run bench/build-kernel.sh none and warn"
            % (args.report, args.build))
        return 77
    plugin = os.path.abspath(args.plugin)
    build = os.path.abspath(args.build)
    work = os.path.join(out, "work")
    os.makedirs(work, exist_ok=True)
    start = time.time()
    tus = units_with_records(args.report)
    by_src = objects_by_source(build)
    objects, failed = [], {}
    for tu in sorted(tus):
        objs = by_src.get(os.path.normpath(tu))
        if objs:
            objects += sorted(objs)
        else:
            failed[tu] = "no compile command for this unit in %s" % build
    random.Random(args.seed).shuffle(objects)
    if args.sample and args.sample < len(objects):
        objects = objects[:args.sample]
    log("%d units with edge records, %d objects to compile twice" % (len(tus), len(objects)))
    results = []
    done = open(done_path, "w")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(one_object, o, build, plugin, work): o for o in objects}
        for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            o = futs[fut]
            try:
                r = fut.result()
            except Exception as e:  # one bad unit does not stop the others
                failed[o] = str(e)[-500:]
                log("%s: FAILED: %s" % (o, failed[o]))
                r = {"object": o, "failed": failed[o]}
            else:
                results.append(r)
            done.write(json.dumps(r) + "\n")
            done.flush()
            if i % 50 == 0:
                log("%d/%d units (%.0f s)" % (i, len(objects), time.time() - start))
    done.close()
    return report(args, out, results, failed, time.time() - start, len(tus))


def summarize_only(args, out, done_path):
    """The report from the units a run (maybe stopped) has measured."""
    results, failed = [], {}
    with open(done_path) as f:
        for line in f:
            r = json.loads(line)
            if "failed" in r:
                failed[r["object"]] = r["failed"]
                continue
            results.append(r)
    return report(args, out, results, failed, 0, None)


def report(args, out, results, failed, seconds, nunits):
    results.sort(key=lambda r: r["object"])
    gcc = subprocess.run(["gcc", "--version"], stdout=subprocess.PIPE).stdout.decode().split("\n")[0]
    meta = {"command": " ".join(["bench/edges-whole-kernel.py"] + sys.argv[1:]),
            "date": datetime.date.today().isoformat(), "gcc": gcc,
            "seconds": round(seconds), "sample": args.sample, "seed": args.seed,
            "units_with_records": nunits}
    tot, s = write_outputs(out, meta, results, failed)
    log("total: %d units, %d records, %d flipped, %d blocked-by-asm, %d right: "
        "precision %s, recall %s (size %s, with record %s); %.0f s" % (
            len(results), tot["records"], tot["flipped"], tot["blocked_refused"],
            tot["true_positive"], edges_eval.fmt(s["precision"]), edges_eval.fmt(s["recall"]),
            edges_eval.fmt(s["recall_size"]), edges_eval.fmt(s["recall_with_record"]),
            seconds))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
