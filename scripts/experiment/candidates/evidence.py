# SPDX-License-Identifier: GPL-2.0
"""evidence.py — what one site's what-if changed, against the warn build.

Everything here is read off two builds (a vmlinux pair, or in a units run
two directories of the same objects): asmscan diff's JSON, its
bloat-o-meter format and evidence block, the kernel's own
scripts/bloat-o-meter as a cross-check of the byte figures, and the
loadable sections of each recompiled object against its warn-mode twin.
The figures kept per site (whatif.json) are the ones the summary, the
plot and the patch's commit message quote.
"""
import json
import os
import subprocess

import elfread


class EvidenceError(Exception):
    pass


def run(argv, out=None, ok=(0,)):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace")
    if p.returncode not in ok:
        raise EvidenceError(f"{' '.join(argv[:3])}...: exit {p.returncode}: {p.stderr.strip()[-400:]}")
    if out:
        with open(out, "w") as f:
            f.write(p.stdout)
    return p.stdout


def bloat_totals(text):
    """(up, down, net) of a bloat-o-meter output's first line."""
    first = text.splitlines()[0] if text else ""
    try:
        part = first.split("up/down: ")[1]
        updown, net = part.split(" (")
        up, down = updown.split("/")
        return int(up), int(down), int(net.rstrip(")"))
    except (IndexError, ValueError):
        raise EvidenceError(f"not a bloat-o-meter line: {first!r}")


def diff_site(asmscan, src, old, new, site, outdir, pairs):
    """asmscan diff of OLD and NEW (vmlinux files or directories), the
    kernel's bloat-o-meter on each pair of PAIRS (old, new files: the two
    vmlinux, or each unit), the evidence block for SITE; whatif figures."""
    j = os.path.join
    run([asmscan, "diff", "-n", "15", "-o", j(outdir, "diff.txt"), old, new])
    run([asmscan, "diff", "-f", "json", "-o", j(outdir, "diff.json"), old, new])
    bom = run([asmscan, "diff", "-f", "bloat-o-meter", old, new], j(outdir, "bloat-o-meter.txt"))
    run([asmscan, "diff", "-f", "evidence", "--site", site, old, new], j(outdir, "evidence.txt"))
    # The kernel's script, per pair (on a vmlinux pair it is the same
    # pair; in a units run each object on its own, summed).
    script = os.path.join(src, "scripts", "bloat-o-meter")
    texts, script_sum, ours_sum = [], [0, 0, 0], [0, 0, 0]
    for a, b in pairs:
        t = run(["python3", script, a, b])
        texts.append(f"$ scripts/bloat-o-meter {a} {b}\n{t}")
        for i, v in enumerate(bloat_totals(t)):
            script_sum[i] += v
        if len(pairs) > 1:
            o = run([asmscan, "diff", "-f", "bloat-o-meter", a, b])
            for i, v in enumerate(bloat_totals(o)):
                ours_sum[i] += v
    with open(j(outdir, "bloat-o-meter-script.txt"), "w") as f:
        f.write("".join(texts))
    if len(pairs) == 1:
        ours_sum = list(bloat_totals(bom))
        same_text = texts[0].split("\n", 1)[1] == bom
    else:
        same_text = None
    with open(j(outdir, "diff.json")) as f:
        d = json.load(f)
    s = d["summary"]
    funcs = d["functions"]
    gone = [fn["name"] for fn in sorted(funcs, key=lambda fn: -(fn["old_bytes"] or 0))
            if fn["new_bytes"] is None]
    added = [fn["name"] for fn in funcs if fn["old_bytes"] is None]
    copies_gone = sum(-c["delta"] for c in d["copies"] if c["delta"] < 0)
    changed = sorted((fn for fn in funcs if fn["insns_delta"] or fn["delta"]),
                     key=lambda fn: (-abs(fn["insns_delta"]), fn["name"]))
    lost = sorted((c for c in d["callees"] if c["delta"] + c["tail_delta"] < 0),
                  key=lambda c: (c["delta"] + c["tail_delta"], c["name"]))
    return {
        "calls_removed": s["call_sites"]["removed"],
        "calls_added": s["call_sites"]["added"],
        "tail_removed": s["tail_calls"]["removed"],
        "tail_added": s["tail_calls"]["added"],
        "callees_no_longer_called": s["call_sites"]["rows_gone"],
        "functions_gone": len(gone),
        "functions_gone_names": gone[:12],
        "functions_added": len(added),
        "functions_added_names": added[:12],
        "copies_gone": copies_gone,
        "functions_changed": len(changed),
        "bytes_before": s["functions"]["bytes_before"],
        "bytes_after": s["functions"]["bytes_after"],
        "bytes_delta": s["functions"]["bytes_delta"],
        "instructions_delta": s["instructions"]["delta"],
        "bloat_o_meter": {"up": ours_sum[0], "down": ours_sum[1], "net": ours_sum[2]},
        "bloat_o_meter_script": {"up": script_sum[0], "down": script_sum[1], "net": script_sum[2]},
        "bloat_o_meter_same_text": same_text,
        "per_function": [{k: fn[k] for k in ("name", "old_bytes", "new_bytes", "delta",
                                              "old_insns", "new_insns", "insns_delta",
                                              "calls_delta")} for fn in changed],
        "callees_lost": [{"name": c["name"], "old": c["old_sites"] + c["old_tail_calls"],
                          "new": c["new_sites"] + c["new_tail_calls"]} for c in lost[:8]],
    }


def units_changed(pairs):
    """[(object, None or how it differs)] of each (warn, what-if) object."""
    return [(b, elfread.same_loadable(a, b)) for a, b in pairs]


def applied_counts(objects, site):
    """(statements, applied) the what-if objects' unit records give for SITE
    (the plugin's "sites" list: what mode=apply sites= marked)."""
    st = ap = 0
    for o in objects:
        for u in elfread.unit_records(elfread.records(o)):
            for it in u.get("sites", []):
                if it.get("site") == site:
                    st += it.get("statements", 0)
                    ap += it.get("applied", 0)
    return st, ap


def per_function_text(per_function, limit=40):
    """The functions whose size or instructions changed, a table."""
    rows = [f"{'FUNCTION':44} {'BYTES OLD':>9} {'NEW':>7} {'DELTA':>6} "
            f"{'INSNS OLD':>9} {'NEW':>6} {'DELTA':>6} {'CALLS':>5}"]
    for fn in per_function[:limit]:
        def v(x):
            return "-" if x is None else str(x)
        rows.append(f"{fn['name'][:44]:44} {v(fn['old_bytes']):>9} {v(fn['new_bytes']):>7} "
                    f"{fn['delta']:>+6} {fn['old_insns']:>9} {fn['new_insns']:>6} "
                    f"{fn['insns_delta']:>+6} {fn['calls_delta']:>+5}")
    if len(per_function) > limit:
        rows.append(f"[{len(per_function) - limit} others]")
    return "\n".join(rows) + "\n"
