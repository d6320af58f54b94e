#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# report-records.py PLUGIN CC SOURCE — the report test, run by report.sh in an
# empty working directory (it writes out.o, report.jsonl and GCC's dumps).
#
# Compiles SOURCE with the plugin (report=PATH) and with
# -fdump-ipa-fnsummary-details, then checks that
#   - every report line is a JSON object that Python's json module parses,
#     with record "asm" and format_version 1;
#   - gcc_count equals the "size:" GCC's inliner summary prints for the
#     same asm statement (the independent oracle);
#   - every "expect:" comment in SOURCE is met by exactly one record on its
#     line, and every record has an expectation;
#   - spelled-at=TAG: the spelling line is the tagged macro line while the
#     expansion line is the statement's own;
#   - fingerprints are unique; each flagged site (spelling file and line)
#     got one note, counting its statements; and diag=none / diag=warning
#     behave as documented.
# Exit 0 pass, 1 fail, 77 skip.
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, skip  # noqa: E402

TEST = testlib.name("plugin-report")


def compile_c(cc, plugin, src, extra, check=True):
    cmd = [cc, "-O2", "-fno-inline", "-c", src, "-o", "out.o",
           f"-fplugin={plugin}"] + extra
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    if check and p.returncode != 0:
        fail(f"{' '.join(cmd)} failed:\n{p.stderr}")
    return p


def parse_expectations(src):
    """{line: [(key, value)]}, {tag: line} from the comments in src."""
    expects, tags = {}, {}
    with open(src, encoding="utf-8", errors="replace") as f:
        for n, text in enumerate(f, 1):
            m = re.search(r"tag: (\w+)", text)
            if m:
                tags[m.group(1)] = n
            m = re.search(r"expect: ([^*]*)\*/", text)
            if m:
                expects[n] = [tuple(t.split("=", 1)) for t in m.group(1).split()]
    return expects, tags


def parse_fnsummary(path):
    """[(function, statement text, size)] for every __asm__ in the dump.

    Format (GCC 12, -fdump-ipa-fnsummary-details), per function:
        Analyzing function body size: lock_inc/0
        ...
          __asm__ __volatile__(".pushsection .smp_locks,"a"
        <raw template lines>
        \t\tfreq:1.00 size:  7 time:  7
    A statement starts with two spaces and runs to its "freq: size:" line;
    the template is printed raw, so continuation lines may look like
    anything and are taken verbatim.
    """
    out, func, stmt = [], None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if stmt is not None:
                m = re.match(r"^\t\tfreq:.*size:\s*(\d+)", line)
                if m:
                    if stmt.lstrip().startswith("__asm__"):
                        out.append((func, stmt, int(m.group(1))))
                    stmt = None
                else:
                    stmt += "\n" + line
                continue
            m = re.match(r"^Analyzing function body size: (.*)/\d+$", line)
            if m:
                func = m.group(1)
            elif func and line.startswith("  ") and not line.startswith("   "):
                stmt = line
            elif line.startswith("IPA function summary"):
                func = None
    return out


def load_report(path):
    recs = []
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            if not raw.endswith(b"\n"):
                fail(f"report line {n} is not terminated")
            try:
                rec = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as e:
                fail(f"report line {n} is not JSON: {e}: {raw[:200]!r}")
            if rec.get("format_version") != 1:
                fail(f"report line {n}: not format_version 1: {rec}")
            if rec.get("record") == "edge":
                continue    # checked by tests/plugin/edges
            if rec.get("record") != "asm":
                fail(f"report line {n}: not an asm or edge record: {rec}")
            recs.append(rec)
    return recs


def as_value(text):
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def main():
    if len(sys.argv) != 4:
        fail("usage: report-records.py PLUGIN CC SOURCE")
    plugin, cc, src = sys.argv[1:]
    if not subprocess.run([cc, "-dumpmachine"], capture_output=True,
                          text=True).stdout.startswith("x86_64"):
        skip(f"{cc} does not target x86-64")

    p = compile_c(cc, plugin, src, ["-fplugin-arg-asminline-report=report.jsonl",
                                    "-fdump-ipa-fnsummary-details"])
    recs = load_report("report.jsonl")
    dumps = glob.glob("*fnsummary*")
    if len(dumps) != 1:
        fail(f"expected one fnsummary dump, found {dumps}")
    oracle = parse_fnsummary(dumps[0])
    if not oracle:
        fail(f"no __asm__ statement found in {dumps[0]}: dump format changed?")

    # gcc_count against GCC's own size, matched by function and template.
    for r in recs:
        head = '("' + r["template"] + '"'
        for i, (func, text, size) in enumerate(oracle):
            if func == r["function"] and head in text:
                if size != r["gcc_count"]:
                    fail(f"{r['function']}:{r['line']}: gcc_count {r['gcc_count']} "
                         f"but GCC's fnsummary says size {size}")
                del oracle[i]
                break
        else:
            fail(f"{r['function']}:{r['line']}: asm not found in the fnsummary dump")

    expects, tags = parse_expectations(src)
    base = os.path.basename(src)
    by_line = {}
    for r in recs:
        if os.path.basename(r["file"]) != base:
            fail(f"record outside {base}: {r}")
        by_line.setdefault(r["line"], []).append(r)
    for line in by_line:
        if line not in expects:
            fail(f"{base}:{line}: record without an expect: comment")
    for line, wants in expects.items():
        got = by_line.get(line, [])
        if len(got) != 1:
            fail(f"{base}:{line}: expected one record, got {len(got)}")
        r = got[0]
        for key, val in wants:
            if key == "spelled-at":
                if val not in tags:
                    fail(f"{base}:{line}: no 'tag: {val}' line")
                if r["spelling_line"] != tags[val] or r["line"] != line or \
                        r["spelling_line"] == r["line"]:
                    fail(f"{base}:{line}: spelling_line {r['spelling_line']} line "
                         f"{r['line']}, expected spelling at {tags[val]}")
                continue
            if key not in r:
                fail(f"{base}:{line}: record has no field {key}")
            if r[key] != as_value(val):
                fail(f"{base}:{line}: {key} is {r[key]!r}, expected {val}")
        if "spelled-at" not in dict(wants) and r["spelling_line"] != r["line"]:
            fail(f"{base}:{line}: spelling_line {r['spelling_line']} differs")

    fps = [r["fingerprint"] for r in recs]
    if len(set(fps)) != len(fps):
        fail("duplicate fingerprints")
    if any(not re.fullmatch(r"[0-9a-f]{16}", fp) for fp in fps):
        fail("fingerprint is not 16 hex digits")

    # diag=note (default): one note per flagged site, naming the function
    # and counts of its first statement and how many statements it has.
    flagged = [r for r in recs if r["flagged"]]
    sites = {}
    for r in flagged:
        key = (r["spelling_file"], r["spelling_line"])
        if key in sites:
            sites[key][3] += 1
        else:
            sites[key] = [r["function"], str(r["gcc_count"]),
                          str(r["est_insns"]), 1]
    want = sorted((f, g, e, str(n) if n > 1 else "")
                  for f, g, e, n in sites.values())
    notes = re.findall(r"note: .asm. in .(\w+).(?: from macro .\w+.)? is "
                       r"charged (\d+) instructions by the inliner but emits "
                       r"(\d+)[^\n]*?(?:\((\d+) expansions in this "
                       r"translation unit\))?\n", p.stderr)
    if sorted(notes) != want:
        fail(f"notes {sorted(notes)} != flagged sites {want}")

    p = compile_c(cc, plugin, src, ["-fplugin-arg-asminline-diag=none"])
    if "is charged" in p.stderr:
        fail("diag=none still printed a diagnostic")
    p = compile_c(cc, plugin, src, ["-fplugin-arg-asminline-diag=warning",
                                    "-Werror"], check=False)
    if p.returncode == 0 or not re.search(r"error: .asm. in .lock_inc. is charged",
                                          p.stderr):
        fail(f"diag=warning with -Werror did not fail the build:\n{p.stderr}")

    print(f"{TEST}: PASS: {len(recs)} records, {len(flagged)} flagged, "
          f"gcc_count = GCC's fnsummary size for all")


if __name__ == "__main__":
    main()
