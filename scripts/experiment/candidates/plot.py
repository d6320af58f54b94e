#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""plot.py SPEC.json — the candidates summary's picture: per site, the
calls (direct and tail) its one-site what-if removed and added, and the
bytes it changed (bloat-o-meter's net), as two bar panels.

Run as its own process so that the summary can pick an interpreter that
has matplotlib (python3-matplotlib is Debian's system python's).  Exit
codes: 0 written, 3 no matplotlib here, 1 anything else.
"""
import json
import sys


def main(spec_path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return 3
    with open(spec_path) as f:
        spec = json.load(f)
    sites = spec["sites"]
    labels = [s["label"] for s in sites]
    y = list(range(len(sites)))[::-1]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 0.45 * len(sites) + 1.8), sharey=True,
                                   gridspec_kw={"width_ratios": [3, 2]})
    ax1.barh(y, [-s["removed"] for s in sites], color="#3b7dd8", label="calls removed")
    ax1.barh(y, [s["added"] for s in sites], color="#e07b39", label="calls added")
    for yi, s in zip(y, sites):
        ax1.text(-s["removed"], yi, f"-{s['removed']} ", va="center", ha="right", fontsize=8)
        ax1.text(s["added"], yi, f" +{s['added']}", va="center", ha="left", fontsize=8)
    ax1.axvline(0, color="black", linewidth=0.8)
    ax1.set_yticks(y)
    ax1.set_yticklabels(labels, fontsize=8)
    ax1.set_xlabel("call sites (direct + tail) in vmlinux")
    ax1.legend(fontsize=8, loc="lower right")
    lim = max([s["removed"] for s in sites] + [s["added"] for s in sites] + [1]) * 1.3
    ax1.set_xlim(-lim, lim)
    colors = ["#2e9e4f" if s["bytes"] <= 0 else "#c0392b" for s in sites]
    ax2.barh(y, [s["bytes"] for s in sites], color=colors)
    for yi, s in zip(y, sites):
        ax2.text(s["bytes"], yi, f" {s['bytes']:+}" if s["bytes"] >= 0 else f"{s['bytes']:+} ",
                 va="center", ha="left" if s["bytes"] >= 0 else "right", fontsize=8)
    ax2.axvline(0, color="black", linewidth=0.8)
    ax2.set_xlabel("bytes (bloat-o-meter net)")
    blim = max([abs(s["bytes"]) for s in sites] + [1]) * 1.4
    ax2.set_xlim(-blim, blim)
    fig.suptitle(spec["title"], fontsize=10)
    fig.tight_layout()
    fig.savefig(spec["out"], dpi=110)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1]))
    except Exception as e:  # noqa: BLE001 - reported to the caller, which goes on without a picture
        print(f"plot.py: {e}", file=sys.stderr)
        sys.exit(1)
