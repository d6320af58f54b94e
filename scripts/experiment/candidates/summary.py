# SPDX-License-Identifier: GPL-2.0
"""summary.py — the candidates pipeline's texts: the ranking of every
flagged site, the evidence paragraph of a patch's commit message, and the
summary (OUT/summary.txt, summary.md, summary.json, summary.png through
plot.py).  It only reads what the steps wrote; rerunning it renders the
same files again.
"""
import json
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))


def short_functions(fns, n=2):
    s = ", ".join(fns[:n])
    return s + (f" +{len(fns) - n}" if len(fns) > n else "")


def ranking_text(r, s):
    head = (f"Linux {s['version']} {s['arch']} {s['config']}, {s['compiler']}: "
            f"{r['statements']} flagged statements at {len(r['sites'])} sites in "
            f"{r['units']} units; {r['blocked_by_asm']} refused calls blocked by asm"
            + (f" ({r['rule_units']} units judged by the plugin's rule)" if r["rule_units"] else "") + "\n"
            "Ranked as asmscan sites ranks: EDGES (refused calls the inliner's re-run would inline), "
            "then CALLS (calls to out-of-line copies holding it), OOL, STMTS.\n\n")
    rows = [("RANK", "EDGES", "CALLS", "OOL", "STMTS", "UNITS", "GCC", "INSNS", "KIND", "SITE", "FUNCTIONS")]
    for x in r["sites"]:
        rows.append((str(x["rank"]), str(x["edges"]), str(x["call_sites"]), str(x["copies"]),
                     str(x["statements"]), str(x["units"]), str(x["gcc_count"]), str(x["est_insns"]),
                     x["kind"], x["site"], short_functions(x["functions"], 3)))
    return head + table(rows, right=range(0, 8))


def table(rows, right=()):
    w = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [r[i].rjust(w[i]) if i in right else r[i].ljust(w[i]) for i in range(len(r))]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out) + "\n"


def signed(v):
    return f"{v:+,}" if v else "0"


def commit_evidence(ev, row, s, units_mode, units, built):
    """The paragraph a patch's commit message gets: the figures, then how
    to reproduce them.  BUILT: what building the patched units showed."""
    what = (f"{len(units)} objects" if units_mode else "vmlinux")
    bom = ev["bloat_o_meter"]
    gone = ev["functions_gone_names"]
    lines = [
        f"On Linux {s['version']} ({s['arch']} {s['config']}, {s['compiler']}), {what} "
        f"as is against the same with this line as asm_inline:",
        "",
        f"  direct calls removed/added:  {ev['calls_removed']}/{ev['calls_added']} "
        f"({ev['callees_no_longer_called']} callees no longer called)",
        f"  tail calls removed/added:    {ev['tail_removed']}/{ev['tail_added']}",
        f"  functions gone:              {ev['functions_gone']}",
    ] + ([textwrap.fill(", ".join(gone[:6]) + (", ..." if len(gone) > 6 else ""), 72,
                        initial_indent="    ", subsequent_indent="    ",
                        break_on_hyphens=False, break_long_words=False)] if gone else []) + [
        f"  bloat-o-meter:               up/down: {bom['up']}/{bom['down']} ({bom['net']:+})",
        f"  functions changed:           {ev['functions_changed']}, "
        f"instructions {signed(ev['instructions_delta'])}",
        "",
    ]
    config = s["config"]
    arch = "ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- " if s["arch"] == "arm64" else ""
    target = "Image" if s["arch"] == "arm64" else "bzImage"
    n, same = ev["units_recompiled"], built.get("units_same_as_whatif")
    how = ("this patch compiles them to the same code"
           if built.get("builds") and same == n else
           f"{same} of them compile to the same code with this patch" if built.get("builds")
           else "this patch was not built")
    lines += [
        "The figures come from the asminline GCC plugin's what-if of this "
        f"line (the {n} units holding it rebuilt with its arguments "
        f"mode=apply sites={row['site']}); {how}. "
        "To reproduce with the patch itself:",
        "",
        f"  make O=old {arch}{config} && make O=old {arch}{target}",
        "  git am this.patch",
        f"  make O=new {arch}{config} && make O=new {arch}{target}",
        "  ./scripts/bloat-o-meter old/vmlinux new/vmlinux",
        "",
    ]
    return "\n".join(wrap_par(ln) for ln in lines)


def wrap_par(line):
    if line.startswith("  ") or len(line) <= 72:
        return line
    return textwrap.fill(line, 72, break_on_hyphens=False, break_long_words=False)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def site_result(run, row):
    d = run.site_dir(row)
    return {"row": row, "dir": os.path.relpath(d, run.out),
            "whatif": load(os.path.join(d, "whatif.json")),
            "evidence": load(os.path.join(d, "evidence.json")),
            "patch": load(os.path.join(d, "patch.json"))}


def patch_cell(p):
    if not p:
        return "-"
    if not p.get("patch"):
        return "no patch"
    if not p.get("applies"):
        return "git am FAILED"
    if not p.get("builds"):
        return "am ok, build FAILED"
    same = p.get("units_same_as_whatif", 0)
    return f"am ok, W=err ok, {same}/{p.get('units_built', 0)} = what-if"


def rows_of(results):
    rows = [("#", "SITE", "FUNCTION", "KIND", "GCC", "INSNS", "UNITS", "EDGES",
             "CALLS -", "CALLS +", "TAIL -/+", "FUNCS GONE", "BYTES", "INSNS Δ", "PATCH", "CHECKPATCH")]
    for r in results:
        x, ev = r["row"], r["evidence"]
        if ev:
            cells = (str(ev["calls_removed"]), str(ev["calls_added"]),
                     f"{ev['tail_removed']}/{ev['tail_added']}", str(ev["functions_gone"]),
                     f"{ev['bloat_o_meter']['net']:+}", signed(ev["instructions_delta"]))
        else:
            cells = ("-",) * 6
        rows.append((str(x["rank"]), x["site"], short_functions(x["functions"], 1), x["kind"],
                     str(x["gcc_count"]), str(x["est_insns"]), str(x["units"]), str(x["edges"]))
                    + cells + (patch_cell(r["patch"]), checkpatch_cell(r["patch"])))
    return rows


def checkpatch_cell(p):
    cp = p and p.get("checkpatch")
    if not cp:
        return "-"
    new = sum(cp["new"].values())
    return f"{cp['errors']} err, {cp['warnings']} warn, {new} new"


def markdown(rows):
    out = ["| " + " | ".join(rows[0]) + " |",
           "| " + " | ".join("---:" if i not in (1, 2, 3, 14, 15) else "---" for i in range(len(rows[0]))) + " |"]
    for r in rows[1:]:
        cells = list(r)
        cells[1] = f"`{cells[1]}`"
        cells[2] = f"`{cells[2]}`"
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def write(run, chosen):
    s = run.s
    results = [site_result(run, row) for row in chosen]
    verify = load(run.path("verify", "verify.json"))
    rt = load(run.path("runtime", "runtime.json"))
    rt_site = load(run.path("runtime", "site.json"))
    r = run.ranking
    doc = {"format_version": 1, "settings": s, "asminline": run.commit, "flagged_sites": len(r["sites"]),
           "flagged_statements": r["statements"], "units_with_records": r["units"],
           "blocked_by_asm": r["blocked_by_asm"], "sites": results, "verify": verify,
           "runtime": {"site": rt_site and rt_site.get("site"),
                       "workloads": rt and rt.get("workloads")} if rt else None,
           "failures": run.failures}
    with open(run.path("summary.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    rows = rows_of(results)
    head = (f"Linux {s['version']} {s['arch']} {s['config']}, {s['compiler']}, asminline {run.commit}, "
            f"{'units ' + ','.join(run.units) if run.units else 'whole vmlinux'}: "
            f"{len(r['sites'])} flagged sites ({r['statements']} statements in {r['units']} units, "
            f"{r['blocked_by_asm']} refused calls blocked by asm); what-ifs of {len(results)}\n")
    legend = ("GCC/INSNS: GCC's charge and what the asm emits; UNITS, EDGES: units holding the site and "
              "refused calls blocked by it (warn build's records); CALLS -/+: direct calls removed/added "
              "by the one-site what-if; TAIL: tail calls; FUNCS GONE: function symbols gone; BYTES: "
              "bloat-o-meter's net; INSNS Δ: instructions in functions; PATCH: git am on the source, "
              "its units built with CONFIG_WERROR=y, and how many of them load the same bytes as the "
              "what-if's.\n")
    text = [head, "\n", table(rows, right=(0, 4, 5, 6, 7, 8, 9, 11, 12, 13)), "\n", legend]
    if verify:
        text.append("\n" + verify_text(verify) + "\n")
    if rt:
        text.append("\n" + runtime_text(rt, rt_site) + "\n")
    if run.failures:
        text.append("\nFailures:\n" + "".join(f"  {x['site']}: {x['step']}: {x['why']}\n"
                                               for x in run.failures))
    with open(run.path("summary.txt"), "w") as f:
        f.write("".join(text))
    md = [f"# asm_inline candidates: Linux {s['version']} {s['arch']} {s['config']}\n\n",
          head, "\n", markdown(rows), "\n", legend, "\n"]
    if verify:
        md.append(verify_text(verify) + "\n\n")
    if rt:
        md.append("```\n" + runtime_text(rt, rt_site) + "\n```\n\n")
    png = plot(run, results)
    if png:
        md.append(f"![calls and bytes per site]({os.path.basename(png)})\n")
    with open(run.path("summary.md"), "w") as f:
        f.write("".join(md))
    sys.stdout.write("".join(text))


def verify_text(v):
    if v.get("mode") == "full":
        return (f"Checked against a whole rebuild (KCFLAGS + mode=apply sites={v['site']}): vmlinux's "
                f"loadable sections {'the same' if v['same'] else 'DIFFER: ' + ', '.join(v['sections_differing'])}.")
    return (f"Checked against Kbuild ({v['site']}): `make KCFLAGS=\"... mode=apply sites=\"` rebuilt the "
            f"site's {v['site_units']} units and {len(v['other_units'])} others; "
            f"{v['site_units_same']}/{v['site_units']} load the same as the what-if's, "
            f"{v['other_units_same_as_warn']}/{len(v['other_units'])} the same as the warn build's.")


def runtime_text(rt, site):
    boots = rt["boots"]
    if isinstance(boots, dict):
        boots = f"{boots.get('old')} + {boots.get('new')}"
    else:
        boots = f"{boots} + {boots}"
    lines = [f"Runtime ({site and site.get('site')}): instructions per operation under QEMU -icount, "
             f"{boots} boots (as is + converted)"]
    for w in rt["workloads"]:
        lines.append(f"  {w['name']:8} {w['old']['mean']:>10,.1f} -> {w['new']['mean']:>10,.1f} "
                     f"({w['rel_pct']:+.2f} %, sd {w['old']['sd']:.1f}/{w['new']['sd']:.1f}, {w['verdict']})")
    return "\n".join(lines)


def plot(run, results):
    data = [{"label": f"{os.path.basename(r['row']['site'])} {r['row']['functions'][0] if r['row']['functions'] else ''}",
             "removed": r["evidence"]["calls_removed"] + r["evidence"]["tail_removed"],
             "added": r["evidence"]["calls_added"] + r["evidence"]["tail_added"],
             "bytes": r["evidence"]["bloat_o_meter"]["net"]}
            for r in results if r["evidence"]]
    if not data:
        return None
    spec = run.path("plot.json")
    png = run.path("summary.png")
    with open(spec, "w") as f:
        json.dump({"title": f"Linux {run.s['version']} {run.s['arch']}: one site as asm_inline",
                   "sites": data, "out": png}, f)
    for py in (sys.executable, "/usr/bin/python3"):
        if not os.path.exists(py):
            continue
        p = subprocess.run([py, os.path.join(HERE, "plot.py"), spec],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode == 0:
            return png
        if p.returncode != 3:             # 3: no matplotlib in this interpreter
            print(f"candidates: plot.py: {p.stdout.strip()}", file=sys.stderr)
            return None
    print("candidates: no python3 with matplotlib (python3-matplotlib): no summary.png", file=sys.stderr)
    return None
