#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kernel_accuracy -- asmtpl's est_insns against the assembler on real kernel objects.

The kernel is Debian's linux-source-SERIES, prepared by
tests/kernel/prepare-kernel.sh: --kver 6.1 (the default, or the
environment's ASMINLINE_KVER), 6.12 or newest (Debian sid's newest
kernel, whose version the run prints).  For each object of a fixed list
spread over the kernel's subsystems (the same list in every series, but
where a file moved):

  1. `make -C SRC O=BUILD obj...` (one make, -j2, under the cache's kernel
     lock) so Kbuild writes BUILD/dir/.name.o.cmd;
  2. the compiler command is the first line of that file (`cmd_X := gcc ...
     -c -o X.o X.c ; ./tools/objtool/...`, `savedcmd_X := ...` from Linux
     6.2 on): the part before the `;`, with
     `-c -o X.o` replaced by `-S -o OUT/X.s` and the dependency file moved
     out of the tree -- every other flag kept -- run in BUILD;
  3. asm_oracle labels, assembles and disassembles that .s: the instructions
     every asm statement emits in its function's section;
  4. asmtpl-eval gets the text of every statement as a 'B' record (the text
     between GCC's markers is exactly what the assembler reads) and its
     est_insns is compared with the oracle's count.  An x86 object's target
     is what its own command line makes it: Kbuild compiles the vDSO's
     32-bit half with -m32 and the real-mode code with -m16 (the last of
     -m64/-mx32/-m32/-m16 wins, as in GCC), so the oracle and asmtpl-eval
     run as i386 or i386-code16 there;
  5. with --plugin, the same command again with `-fplugin=...
     -fplugin-arg-asminline-report=...` appended (what KCFLAGS would add),
     and the plugin's records are joined to the oracle's blocks by the
     statement's location (file, line); that compile also writes
     -fdump-ipa-fnsummary-details, and every record's gcc_count must equal
     the size GCC's dump gives an asm statement of the same template (and
     asm inline or not), the inliner's own charge; and every record's
     "arch" must be the object's target.

Writes OUT/accuracy.json and OUT/accuracy.md.  Exit 0 when exact/total >=
--min-exact (default 99.5 %), 1 below it or when an object failed, 2 usage.
An object Kbuild cannot build (no plugin involved) is reported and left
out; a compile with the plugin that crashes -- a signal, an internal
compiler error, even one GCC survives -- or fails where the same command
without it does not, fails the run (tests/kernel/crash.py).  When
prepare-kernel.sh cannot provide a kernel here the run fails, or with
ASMINLINE_ALLOW_SKIP=1 exits 77 (tests/kernel/tree.py).
"""

import argparse
import concurrent.futures
import datetime
import fcntl
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "kernel"))
import asm_oracle  # noqa: E402
import crash  # noqa: E402
import harness  # noqa: E402
import tree  # noqa: E402

FORMAT_VERSION = 1

# All part of an x86_64_defconfig (arm64: ARCH=arm64 defconfig) vmlinux in 6.1 and 6.12 (obj-y, or obj-$(CONFIG_X)
# with X=y, or lib-y for usercopy_64.o); arch/x86/kvm is not: CONFIG_KVM is
# unset there, only KVM_GUEST.  Kbuild compiles a single target on request
# even when the configuration would not link it, so --objects can measure
# more than the kernel holds.  An object that does not build is reported and
# skipped; fewer than MIN_OBJECTS built objects fail the run.
OBJECTS = {
    "x86_64": [
        "kernel/fork.o", "kernel/sched/core.o", "kernel/sched/fair.o",
        "kernel/time/hrtimer.o", "kernel/time/timekeeping.o",
        "kernel/futex/core.o", "kernel/irq/manage.o", "kernel/bpf/core.o",
        "mm/page_alloc.o", "mm/slub.o", "mm/memory.o", "mm/vmscan.o",
        "fs/ext4/inode.o", "fs/namei.o", "fs/eventpoll.o", "io_uring/io_uring.o",
        "net/ipv4/tcp.o", "net/core/dev.o", "net/core/skbuff.o",
        "net/ipv6/ip6_output.o",
        "arch/x86/kernel/process.o", "arch/x86/kernel/signal.o",
        "arch/x86/ia32/ia32_signal.o", "arch/x86/mm/fault.o",
        "arch/x86/mm/tlb.o", "arch/x86/events/core.o",
        "arch/x86/kernel/cpu/common.o", "arch/x86/kernel/cpu/mce/core.o",
        "arch/x86/lib/usercopy_64.o", "arch/x86/kernel/alternative.o",
        "drivers/net/virtio_net.o", "drivers/net/ethernet/intel/e1000e/netdev.o",
        "drivers/tty/serial/8250/8250_port.o", "drivers/char/random.o",
        "drivers/base/core.o",
        "block/blk-mq.o", "block/bio.o",
        "lib/iov_iter.o", "lib/string_helpers.o",
        "security/selinux/hooks.o", "security/commoncap.o",
        "ipc/msg.o", "crypto/skcipher.o",
        # -m32 and -m16 code (see MAKE_DIR)
        "arch/x86/entry/vdso/vdso32/vclock_gettime.o",
        "arch/x86/realmode/rm/wakemain.o", "arch/x86/realmode/rm/video-mode.o",
        "arch/x86/realmode/rm/video-vga.o", "arch/x86/realmode/rm/video-vesa.o",
        "arch/x86/realmode/rm/video-bios.o", "arch/x86/realmode/rm/regs.o",
    ],
    "arm64": [
        "kernel/fork.o", "kernel/sched/core.o", "kernel/time/hrtimer.o",
        "mm/page_alloc.o", "mm/slub.o", "fs/ext4/inode.o", "fs/namei.o",
        "net/ipv4/tcp.o", "net/core/dev.o", "block/blk-mq.o", "lib/iov_iter.o",
        "drivers/tty/serial/amba-pl011.o", "drivers/net/virtio_net.o",
        "arch/arm64/kernel/process.o", "arch/arm64/kernel/signal.o",
        "arch/arm64/mm/fault.o", "arch/arm64/kernel/cpufeature.o",
        "arch/arm64/kernel/traps.o", "kernel/irq/manage.o", "io_uring/io_uring.o",
    ],
}
# Where an object of the list is elsewhere in a later series.  6.12: the
# ia32 signal frames moved from arch/x86/ia32/ia32_signal.c into
# arch/x86/kernel/signal_32.c (built with CONFIG_IA32_EMULATION, as before).
MOVED = {
    "6.12": {"arch/x86/ia32/ia32_signal.o": "arch/x86/kernel/signal_32.o"},
}
# The newest kernel (7.2.13 when this was written) has the files where 6.12
# has them; a file a later series moves is reported as not built.
MOVED["newest"] = MOVED["6.12"]
KVERS = ("6.1", "6.12", "newest")
MIN_OBJECTS = 20
MAKE_ARGS = {
    "x86_64": ["ARCH=x86_64"],
    "arm64": ["ARCH=arm64", "CROSS_COMPILE=aarch64-linux-gnu-"],
}
# Objects whose flags Kbuild sets only when it builds them for their
# parent: the vDSO's 32-bit flags are target-specific variables of
# vdso32.so.dbg, the real-mode Makefile is only entered through
# realmode.bin.  Asked for by name they are built as 64-bit kernel code
# (and fail); the parent directory builds them right.
MAKE_DIR = {
    "arch/x86/entry/vdso/vdso32/": "arch/x86/entry/vdso/",
    "arch/x86/realmode/rm/": "arch/x86/realmode/",
}
# The x86 target an -m option of GCC's makes the code (the last one wins).
M_TARGET = {"-m64": "x86_64", "-mx32": "x86_64", "-m32": "i386", "-m16": "i386-code16"}


def log(msg):
    print("kernel_accuracy: %s" % msg, flush=True)


def in_series(objects, kver=None):
    """A 6.1 object list as the series kver (default: series()) names it."""
    moved = MOVED.get(series(kver), {})
    return [moved.get(o, o) for o in objects]


def series(kver=None):
    """kver, or the environment's ASMINLINE_KVER (prepare-kernel.sh's), or 6.1."""
    return kver or os.environ.get("ASMINLINE_KVER") or "6.1"


def prepare_kernel(arch, test="kernel_accuracy", kver=None):
    """(src, build) of the series kver (default: series()), or the run
    ends as tests/kernel/tree.py decides."""
    os.environ["ASMINLINE_KVER"] = series(kver)	# prepare-kernel.sh reads it
    return tree.prepare(arch, test)


def kernel_lock(build, kver=None):
    """prepare-kernel.sh's lock of the series: the one make must hold."""
    kver = series(kver)
    name = ".kernel.lock" if kver == "6.1" else ".kernel-%s.lock" % kver
    return os.path.join(os.path.dirname(os.path.dirname(build)), name)


def kernel_cc_args():
    """The compiler of a tree configured for another GCC (prepare-kernel.sh's
    ASMINLINE_KERNEL_CC, scripts/dev/gcc-matrix.sh): every make in it must name
    it, or Kconfig sees another compiler and configures the tree again."""
    cc = os.environ.get("ASMINLINE_KERNEL_CC")
    return ["CC=" + cc, "HOSTCC=" + cc] if cc else []


def make_objects(src, build, arch, objects, kver=None):
    """Build the objects through Kbuild; returns {object: failure reason}."""
    lock = kernel_lock(build, kver)
    targets = []
    for o in objects:
        t = next((p for d, p in MAKE_DIR.items() if o.startswith(d)), o)
        if t not in targets:
            targets.append(t)
    cmd = ["make", "-s", "-C", src, "O=" + build, "-j2"] + MAKE_ARGS[arch] + \
        kernel_cc_args() + targets
    with open(lock, "w") as lf:
        fcntl.flock(lf, fcntl.LOCK_EX)
        r = subprocess.run(cmd + ["-k"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    failed = {}
    for o in objects:
        if not os.path.exists(cmd_file(build, o)) or not os.path.exists(os.path.join(build, o)):
            failed[o] = ("Kbuild did not build it, without the plugin (not in this "
                         "configuration's Makefiles, or it failed)")
    if r.returncode != 0 and len(failed) == len(objects):
        log("make failed:\n" + r.stdout.decode("utf-8", "replace")[-3000:])
    return failed


def cmd_file(build, obj):
    d, b = os.path.split(obj)
    return os.path.join(build, d, ".%s.cmd" % b)


def compile_command(build, obj):
    """Kbuild's compiler command for obj, as an argv (objtool part dropped)."""
    with open(cmd_file(build, obj)) as f:
        first = f.readline()
    head, sep, cmd = first.partition(":=")
    # Kbuild writes `cmd_X := ...` up to 6.1, `savedcmd_X := ...` from 6.2 on.
    if not sep or not head.startswith(("cmd_", "savedcmd_")):
        raise harness.HarnessError("%s: first line is not `cmd_... := ...` or `savedcmd_... := ...`"
                                   % cmd_file(build, obj))
    # The .cmd file is read by make: `$$` is `$` and `\#` is `#`.
    cmd = cmd.replace("$$", "$").replace("\\#", "#")
    argv = shlex.split(cmd)
    if ";" in argv:
        argv = argv[:argv.index(";")]
    return argv


def object_target(argv, arch):
    """The asmtpl/asm_oracle target of a compile: arch, or on x86 what the
    last -m64/-mx32/-m32/-m16 of the command line makes it."""
    if arch != "x86_64":
        return arch
    target = arch
    for a in argv:
        target = M_TARGET.get(a, target)
    return target


def to_asm_command(argv, obj, s_path, dep_path, step="-S"):
    """-c -o X.o -> -S -o s_path; -Wp,-MMD,dep -> dep_path; nothing else changes.

    step="-c" keeps the object (written to s_path, out of the tree)."""
    out = []
    i = 0
    seen_c = seen_o = False
    while i < len(argv):
        a = argv[i]
        if a == "-c":
            out.append(step)
            seen_c = True
        elif a == "-o" and i + 1 < len(argv) and argv[i + 1] == obj:
            out += ["-o", s_path]
            seen_o = True
            i += 1
        elif a.startswith("-Wp,-MMD,") or a.startswith("-Wp,-MD,"):
            out.append(a.split(",", 2)[0] + "," + a.split(",", 2)[1] + "," + dep_path)
        else:
            out.append(a)
        i += 1
    if not (seen_c and seen_o):
        raise harness.HarnessError("cannot find `-c -o %s` in Kbuild's command" % obj)
    return out


def compiler_version(results):
    cc = next((shlex.split(r["command"])[0] for r in results if "command" in r), None)
    if not cc:
        return None
    r = subprocess.run([cc, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return r.stdout.decode("utf-8", "replace").split("\n")[0]


def norm_loc(build, f):
    return os.path.normpath(os.path.join(build, f)) if f else f


def gcc_name(rec, key="file"):
    """The file name GCC gave, from a record's name relative to its srctree
    (docs/reference/format.md): the tree joined to a relative name not in "./"."""
    f, tree = rec.get(key), rec.get("srctree")
    if f and tree and not f.startswith(("/", "./")):
        return os.path.join(tree, f)
    return f


def process_object(obj, build, arch, work, eval_path, plugin):
    t0 = time.time()
    res = {"object": obj, "arch": arch, "statements": 0, "exact": 0, "oracle_errors": [],
           "misses": [], "pad_uncertain_statements": 0, "oracle_insns": 0,
           "est_insns": 0, "toplevel_blocks": 0}
    base = os.path.join(work, obj.replace("/", "__")[:-2])
    s_path = base + ".s"
    try:
        argv = compile_command(build, obj)
        arch = res["arch"] = object_target(argv, arch)
        asm = to_asm_command(argv, obj, s_path, base + ".d")
        r = subprocess.run(asm, cwd=build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            raise harness.HarnessError("%s\n%s" % (" ".join(asm),
                                                   r.stdout.decode("utf-8", "replace")[-3000:]))
        res["command"] = " ".join(shlex.quote(a) for a in asm)
        t1 = time.time()
        orc = asm_oracle.analyze_file(s_path, arch, workdir=work, cwd=build)
        t2 = time.time()
        stmts = orc.statements()
        res["toplevel_blocks"] = len(orc.blocks) - len(stmts)
        evals = harness.run_asmtpl_eval(eval_path, arch, [("B", b.text) for b in stmts])
        t3 = time.time()
    except (harness.HarnessError, asm_oracle.OracleError, OSError) as e:
        res["error"] = str(e)
        return res
    for b, ev in zip(stmts, evals):
        if b.error:
            res["oracle_errors"].append({"function": b.function, "file": b.file,
                                         "line": b.line, "error": b.error,
                                         "template": b.text})
            continue
        res["statements"] += 1
        res["oracle_insns"] += b.insns
        est = ev.get("est_insns")
        res["est_insns"] += est if isinstance(est, int) else 0
        pad = ev.get("pad_uncertain", 0) or 0
        if pad:
            res["pad_uncertain_statements"] += 1
        if est == b.insns:
            res["exact"] += 1
        else:
            res["misses"].append({
                "function": b.function, "file": b.file, "line": b.line,
                "template": b.text, "oracle": b.insns, "oracle_bytes": b.bytes,
                "est_insns": est, "pad_uncertain": pad, "kind": ev.get("kind"),
                "diagnostics": ev.get("diagnostics", [])})
    res["seconds"] = {"compile": round(t1 - t0, 2), "oracle": round(t2 - t1, 2),
                      "asmtpl_eval": round(t3 - t2, 2)}
    if plugin:
        res["plugin"] = plugin_compare(argv, obj, base, build, plugin, stmts, arch)
    if not os.environ.get("KERNEL_ACCURACY_KEEP"):
        for p in (s_path, base + ".d"):
            if os.path.exists(p):
                os.unlink(p)
    res["seconds"]["total"] = round(time.time() - t0, 2)
    return res


def plugin_compare(argv, obj, base, build, plugin, stmts, arch):
    """Compile again with the plugin; join its records to the oracle blocks."""
    report = base + ".plugin.jsonl"
    if os.path.exists(report):
        os.unlink(report)
    cmd = to_asm_command(argv, obj, base + ".plugin.s", base + ".plugin.d")
    dumpdir = base + ".dump"
    shutil.rmtree(dumpdir, ignore_errors=True)
    os.makedirs(dumpdir)
    cmd += ["-fplugin=" + plugin, "-fplugin-arg-asminline-report=" + report,
            "-fdump-ipa-fnsummary-details", "-dumpdir", dumpdir + "/"]
    r = subprocess.run(cmd, cwd=build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = {"report": report}
    # The same command without the plugin compiled this object already (-S,
    # above): a failure here is the plugin's unless it fails without it too.
    fault = crash.judge(cmd, build, r.returncode, r.stdout.decode("utf-8", "replace"))
    for p in (base + ".plugin.s", base + ".plugin.d"):
        if os.path.exists(p):
            os.unlink(p)
    if fault:
        out["forgiven" if fault[0] else "error"] = fault[1]
        shutil.rmtree(dumpdir, ignore_errors=True)
        return out
    try:
        recs = harness.read_plugin_report(report)
        dumps = glob.glob(os.path.join(dumpdir, "*fnsummary*"))
        if len(dumps) != 1:
            raise harness.HarnessError("expected one fnsummary dump in %s, found %d" % (
                dumpdir, len(dumps)))
        dump_asm = harness.parse_fnsummary_asm(dumps[0])
    except harness.HarnessError as e:
        out["error"] = str(e)
        return out
    finally:
        shutil.rmtree(dumpdir, ignore_errors=True)
    out["dump"] = dump_compare(recs, dump_asm)
    by_loc = {}
    for b in stmts:
        if not b.error:
            by_loc.setdefault((norm_loc(build, b.file), b.line), []).append(b.insns)
    out.update(records=len(recs), empty=0, joined=0, exact=0, unjoined=0, ambiguous=0,
               gcc_count_sum=0, misses=[], arch=arch, other_arch=0)
    for r in recs:
        out["gcc_count_sum"] += r.get("gcc_count") or 0
        if r.get("arch") != arch:
            out["other_arch"] += 1	# the plugin chose another target
        if not r.get("template"):
            out["empty"] += 1		# GCC prints nothing for "": no block to join
            continue
        counts = by_loc.get((norm_loc(build, gcc_name(r)), r.get("line")))
        if not counts:
            out["unjoined"] += 1	# dead, or in a function emitted nowhere
            continue
        out["joined"] += 1
        if len(set(counts)) > 1:
            # Several statements on one line (a macro) emit different counts:
            # the record matches if it equals one of them.
            out["ambiguous"] += 1
        if r.get("est_insns") in counts:
            out["exact"] += 1
        elif len(out["misses"]) < 200:
            out["misses"].append({"function": r.get("function"), "file": r.get("file"),
                                  "line": r.get("line"), "template": r.get("template"),
                                  "oracle": sorted(set(counts)),
                                  "est_insns": r.get("est_insns"),
                                  "gcc_count": r.get("gcc_count")})
    return out


def dump_compare(recs, dump_asm):
    """Each record's gcc_count against the dump's size for its template."""
    d = {"compared": 0, "equal": 0, "not_in_dump": 0, "mismatches": []}
    for r in recs:
        tpl = r.get("template")
        if tpl is None:
            continue
        want_inline = bool(r.get("asm_inline"))
        sizes = {size for quals, rest, size in dump_asm
                 if ("__inline__" in quals) == want_inline and rest.startswith(tpl + '"')
                 and rest[len(tpl) + 1:len(tpl) + 3] in (" :", ")", ");", ")")}
        if not sizes:
            d["not_in_dump"] += 1	# removed before the summary, or inlined nowhere
            continue
        d["compared"] += 1
        if sizes == {r.get("gcc_count")}:
            d["equal"] += 1
        elif len(d["mismatches"]) < 50:
            d["mismatches"].append({"function": r.get("function"), "file": r.get("file"),
                                    "line": r.get("line"), "gcc_count": r.get("gcc_count"),
                                    "dump_sizes": sorted(sizes), "template": tpl})
    return d


def totals(results):
    t = {"objects": 0, "statements": 0, "exact": 0, "oracle_errors": 0,
         "oracle_insns": 0, "est_insns": 0, "pad_uncertain_statements": 0}
    for r in results:
        if "error" in r:
            continue
        t["objects"] += 1
        for k in ("statements", "exact", "oracle_insns", "est_insns",
                  "pad_uncertain_statements"):
            t[k] += r[k]
        t["oracle_errors"] += len(r["oracle_errors"])
    t["misses"] = t["statements"] - t["exact"]
    t["exact_pct"] = round(100.0 * t["exact"] / t["statements"], 3) if t["statements"] else 0.0
    return t


def distinct_misses(results):
    """{(template, oracle, est): [count, pad_uncertain, kind, example location]}."""
    d = {}
    for r in results:
        for m in r.get("misses", []):
            k = (m["template"], m["oracle"], m["est_insns"])
            if k not in d:
                d[k] = [0, m["pad_uncertain"], m["kind"], (m["file"], m["line"]),
                        m["diagnostics"], set()]
            d[k][0] += 1
            d[k][5].add(r["object"])
    return d


def obj_name(r, arch):
    """The object, with its target when its command line changed it."""
    t = r.get("arch", arch)
    return r["object"] if t == arch else "%s (%s)" % (r["object"], t)


def md_code(text):
    """A template for a markdown table cell or a fenced block."""
    return text.replace("\t", "\\t").replace("\n", "\\n").replace("|", "\\|").replace("`", "'")


def write_md(path, meta, results, failed, t):
    src = meta["src"].rstrip("/") + "/"

    def rel(f):
        return f[len(src):] if f and f.startswith(src) else f

    L = []
    L.append("# asmtpl accuracy on Linux %s %s objects" % (meta["release"], meta["arch"]))
    L.append("")
    L.append("Generated by `%s` on %s in %.0f s with %s (kernel build dir `%s`)." % (
        meta["command"], meta["date"], meta["elapsed_seconds"], meta["gcc"], meta["build"]))
    L.append("")
    L.append("| object | statements | exact | exact % | misses | pad_uncertain stmts | oracle errors | oracle insns | est_insns |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        if "error" in r:
            L.append("| %s | error | | | | | | | |" % r["object"])
            continue
        pct = 100.0 * r["exact"] / r["statements"] if r["statements"] else 100.0
        L.append("| %s | %d | %d | %.2f | %d | %d | %d | %d | %d |" % (
            obj_name(r, meta["arch"]), r["statements"], r["exact"], pct, len(r["misses"]),
            r["pad_uncertain_statements"], len(r["oracle_errors"]),
            r["oracle_insns"], r["est_insns"]))
    L.append("| **total (%d objects)** | **%d** | **%d** | **%.2f** | **%d** | %d | %d | %d | %d |" % (
        t["objects"], t["statements"], t["exact"], t["exact_pct"], t["misses"],
        t["pad_uncertain_statements"], t["oracle_errors"], t["oracle_insns"], t["est_insns"]))
    L.append("")
    if failed:
        L.append("Objects not measured: " + ", ".join("`%s` (%s)" % kv for kv in sorted(failed.items())))
        L.append("")
    for r in results:
        if "error" in r:
            L.append("- `%s` failed: %s" % (r["object"], r["error"].split("\n")[-1][:300]))
    dm = distinct_misses(results)
    L.append("## Missed templates (%d distinct, %d statements)" % (len(dm), t["misses"]))
    L.append("")
    if dm:
        L.append("| statements | oracle | est_insns | pad_uncertain | kind | diagnostics | example | template (as the assembler reads it) |")
        L.append("|---:|---:|---:|---:|---|---|---|---|")
        for (tpl, o, e), (n, pad, kind, where, diags, objs) in sorted(
                dm.items(), key=lambda kv: -kv[1][0]):
            dg = ",".join(sorted({x.get("code", "?") for x in diags})) or "-"
            L.append("| %d | %d | %s | %d | %s | %s | %s:%s | `%s` |" % (
                n, o, e, pad, kind, dg, rel(where[0]), where[1], md_code(tpl)))
    else:
        L.append("None.")
    L.append("")
    oe = [(r["object"], e) for r in results for e in r.get("oracle_errors", [])]
    if oe:
        L.append("## Oracle errors (not counted)")
        L.append("")
        for obj, e in oe[:100]:
            L.append("- `%s` %s:%s: %s: `%s`" % (obj, rel(e["file"]), e["line"], e["error"],
                                                 md_code(e["template"])[:200]))
        L.append("")
    pl = [r for r in results if "plugin" in r]
    if pl:
        L.append("## Plugin records joined to the oracle by location")
        L.append("")
        L.append("Records with an empty template have no block (GCC prints nothing); "
                 "unjoined ones have no code at their location (dead, or in a function "
                 "emitted nowhere); a record is exact when its est_insns equals the "
                 "oracle's count of a block at its location.")
        L.append("")
        L.append("gcc_count = dump: records whose template the "
                 "`-fdump-ipa-fnsummary-details` dump of the same compile holds, and how "
                 "many of those have gcc_count equal to the dump's size (records of "
                 "functions removed before the summary are not in it).")
        L.append("")
        L.append("| object | records | empty | joined | exact | unjoined | ambiguous | sum gcc_count | in dump | gcc_count = dump |")
        L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        sums = [0] * 9
        for r in pl:
            p = r["plugin"]
            if "error" in p or "forgiven" in p:
                L.append("| %s | %s | | | | | | | | |" % (
                    r["object"], "error" if "error" in p else "fails without the plugin too"))
                continue
            row = [p["records"], p["empty"], p["joined"], p["exact"], p["unjoined"],
                   p["ambiguous"], p["gcc_count_sum"], p["dump"]["compared"],
                   p["dump"]["equal"]]
            sums = [a + b for a, b in zip(sums, row)]
            L.append("| %s | %s |" % (obj_name(r, meta["arch"]),
                                      " | ".join(str(x) for x in row)))
        L.append("| **total** | %s |" % " | ".join("**%d**" % x for x in sums))
        L.append("")
        pm = [(r["object"], m) for r in pl for m in r["plugin"].get("misses", [])]
        if pm:
            L.append("Plugin records that match no block at their location:")
            L.append("")
            for obj, m in pm[:100]:
                L.append("- `%s` %s:%s in %s: est_insns %s, oracle %s: `%s`" % (
                    obj, rel(m["file"]), m["line"], m["function"], m["est_insns"],
                    m["oracle"], md_code(m["template"] or "")[:300]))
            L.append("")
        dm = [(r["object"], m) for r in pl for m in r["plugin"].get("dump", {}).get("mismatches", [])]
        if dm:
            L.append("Records whose gcc_count differs from GCC's dump:")
            L.append("")
            for obj, m in dm[:100]:
                L.append("- `%s` %s:%s in %s: gcc_count %s, dump %s: `%s`" % (
                    obj, rel(m["file"]), m["line"], m["function"], m["gcc_count"],
                    m["dump_sizes"], md_code(m["template"])[:300]))
            L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="x86_64", choices=sorted(OBJECTS))
    ap.add_argument("--kver", default=series(), choices=KVERS,
                    help="kernel series (default 6.1, or ASMINLINE_KVER)")
    ap.add_argument("--asmtpl-eval", required=True, metavar="PATH")
    ap.add_argument("--plugin", metavar="PATH")
    ap.add_argument("--out", required=True, metavar="DIR")
    ap.add_argument("--objects", nargs="+", metavar="OBJ", help="instead of the built-in list")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-exact", type=float, default=99.5, metavar="PCT")
    args = ap.parse_args(argv)
    start = time.time()
    if not os.access(args.asmtpl_eval, os.X_OK):
        log("%s: not an executable" % args.asmtpl_eval)
        return 2
    plugin = None
    if args.plugin:
        if os.path.exists(args.plugin):
            plugin = os.path.abspath(args.plugin)
        else:
            log("plugin %s not built: plugin comparison skipped" % args.plugin)
    else:
        log("no --plugin: plugin comparison skipped")
    try:
        asm_oracle.arch_tools(args.arch)
    except asm_oracle.OracleError as e:
        log("SKIP: %s" % e)
        return 77

    src, build = prepare_kernel(args.arch, kver=args.kver)
    objects = args.objects or in_series(OBJECTS[args.arch], args.kver)
    release = tree.release(src)
    log("kernel %s (Linux %s: %s); building %d objects through Kbuild" %
        (build, args.kver, release, len(objects)))
    failed = make_objects(src, build, args.arch, objects, args.kver)
    for o, why in sorted(failed.items()):
        log("leaving out %s (forgiven): %s" % (o, why))
    todo = [o for o in objects if o not in failed]
    t_make = time.time() - start
    log("make done in %.0f s" % t_make)

    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="work.", dir=out)    # its own, never one found there
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(process_object, o, build, args.arch, work,
                          os.path.abspath(args.asmtpl_eval), plugin): o for o in todo}
        for fut in concurrent.futures.as_completed(futs):
            r = fut.result()
            results.append(r)
            if "error" in r:
                log("%-45s ERROR %s" % (r["object"], r["error"].split("\n")[-1][:200]))
            else:
                log("%-45s %5d statements %5d exact %3d misses %2d oracle errors  (%.1f s)" % (
                    r["object"], r["statements"], r["exact"], len(r["misses"]),
                    len(r["oracle_errors"]), r["seconds"]["total"]))
    results.sort(key=lambda r: objects.index(r["object"]))
    t = totals(results)
    elapsed = time.time() - start
    meta = {
        "format_version": FORMAT_VERSION,
        "arch": args.arch,
        "kver": args.kver,
        "release": release,
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "command": " ".join(shlex.quote(a) for a in ["tests/oracle/kernel_accuracy.py"] + sys.argv[1:]),
        "build": build,
        "src": src,
        "gcc": compiler_version(results),
        "elapsed_seconds": round(elapsed, 1),
        "make_seconds": round(t_make, 1),
        "min_exact_pct": args.min_exact,
    }
    doc = dict(meta)
    doc.update(totals=t, not_built=failed, objects=results,
               distinct_misses=[{"template": k[0], "oracle": k[1], "est_insns": k[2],
                                 "statements": v[0], "pad_uncertain": v[1], "kind": v[2],
                                 "example": "%s:%s" % v[3], "objects": sorted(v[5])}
                                for k, v in sorted(distinct_misses(results).items(),
                                                   key=lambda kv: -kv[1][0])])
    with open(os.path.join(out, "accuracy.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    write_md(os.path.join(out, "accuracy.md"), meta, results, failed, t)
    if not os.environ.get("KERNEL_ACCURACY_KEEP"):
        shutil.rmtree(work, ignore_errors=True)

    errs = [r for r in results if "error" in r]
    log("%d objects, %d statements, %d exact (%.3f %%), %d misses, %d oracle errors, "
        "%d pad_uncertain statements; oracle %d insns, est_insns %d" % (
            t["objects"], t["statements"], t["exact"], t["exact_pct"], t["misses"],
            t["oracle_errors"], t["pad_uncertain_statements"], t["oracle_insns"],
            t["est_insns"]))
    log("wrote %s/accuracy.json and accuracy.md; elapsed %.0f s (make %.0f s)" % (
        out, elapsed, t_make))
    ok = True
    if errs:
        log("FAIL: %d objects could not be measured" % len(errs))
        ok = False
    if t["objects"] < min(MIN_OBJECTS, len(objects)):
        log("FAIL: only %d objects measured (want %d)" % (t["objects"], MIN_OBJECTS))
        ok = False
    pl = [r["plugin"] for r in results if "plugin" in r]
    perr = [r["object"] for r in results if "error" in r.get("plugin", {})]
    if perr:
        log("FAIL: the plugin crashed or broke the compile of %d objects: %s" % (
            len(perr), ", ".join(perr)))
        ok = False
    forgiven = [r["object"] for r in results if "forgiven" in r.get("plugin", {})]
    if forgiven:
        log("the compile with the plugin failed identically without it (forgiven): %s" %
            ", ".join(forgiven))
    other = sum(p.get("other_arch", 0) for p in pl)
    if other:
        log("FAIL: %d plugin records name another target than their object's" % other)
        ok = False
    dump = [p["dump"] for p in pl if "dump" in p]
    if dump:
        cmp_, eq = sum(d["compared"] for d in dump), sum(d["equal"] for d in dump)
        log("plugin: %d records compared with GCC's fnsummary dump, %d equal, %d not in it" % (
            cmp_, eq, sum(d["not_in_dump"] for d in dump)))
        if cmp_ != eq or not cmp_:
            log("FAIL: gcc_count differs from GCC's dump for %d records" % (cmp_ - eq))
            ok = False
    if t["exact_pct"] < args.min_exact:
        log("FAIL: exact %.3f %% < %.1f %%" % (t["exact_pct"], args.min_exact))
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
