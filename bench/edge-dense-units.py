#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""edge-dense-units -- the units of a whole build with the most edge records.

  bench/edge-dense-units.py [--top N] REPORT.jsonl

REPORT.jsonl is the plugin's JSON Lines report of a whole kernel build in
warn mode (bench/build-kernel.sh warn writes BUILD/report.jsonl).  Every
edge record ("record": "edge": a call refused for size whose callee holds
flagged asm) is counted for the translation unit it names ("tu"); the N
units with the most (default 10) are printed as Kbuild object names
(fs/namei.c -> fs/namei.o, relative to the source tree), one a line, with
their counts on stderr.  Units tied with the Nth are all printed: the
selection does not depend on an order the records do not define.  This is
how bench/plugin-overhead.sh is given the densest units of a build.

Exit 0, 2 usage or unreadable report.
"""

import collections
import json
import os
import sys


def main(argv):
    top = 10
    args = argv[1:]
    if len(args) >= 2 and args[0] == "--top":
        top = int(args[1])
        args = args[2:]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    counts = collections.Counter()
    try:
        with open(args[0], encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                if rec.get("record") == "edge":
                    counts[rec["tu"]] += 1
    except (OSError, ValueError, KeyError) as e:
        print(f"edge-dense-units: {args[0]}: {e}", file=sys.stderr)
        return 2
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if not ranked:
        return 0
    floor = ranked[min(top, len(ranked)) - 1][1]
    # The source tree: the longest common directory of the units' names.
    src = os.path.commonpath([os.path.dirname(t) for t, _ in ranked])
    for tu, n in ranked:
        if n < floor:
            break
        rel = os.path.relpath(tu, src) if os.path.isabs(tu) else tu
        print(os.path.splitext(rel)[0] + ".o")
        print(f"{n:6d} {rel}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
