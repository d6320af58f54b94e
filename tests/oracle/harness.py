#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""harness -- what corpus_check.py and kernel_accuracy.py share.

  - run_asmtpl_eval(): one asmtpl-eval process for many templates.  Its
    input is records separated by NUL bytes, each one byte of syntax ('E'
    extended asm, 'B' text exactly as the assembler reads it) and the
    template; its output is one JSON object per record, in order.
  - parse_fnsummary_dump(): the `size:` that -fdump-ipa-fnsummary-details
    prints under each GIMPLE_ASM, which is estimate_num_insns() with the
    size weights -- the inliner's own charge, independent of the plugin.
  - parse_fnsummary_asm(): every asm statement of that dump with its size,
    for matching the plugin's records by template.
  - read_plugin_report(): the JSON Lines the plugin appends.
  - shorten(): one-line rendering of a template for tables.
"""

import json
import os
import re
import subprocess


class HarnessError(Exception):
    pass


def run_asmtpl_eval(path, arch, records, timeout=600):
    """records: list of (syntax 'E'|'B', template str).  Returns list of dicts."""
    if not records:
        return []
    payload = b"\0".join(s.encode("ascii") + t.encode("utf-8", "surrogateescape")
                         for s, t in records)
    try:
        r = subprocess.run([path, "--arch", arch], input=payload,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
    except OSError as e:
        raise HarnessError("cannot run %s: %s" % (path, e))
    if r.returncode != 0:
        raise HarnessError("%s --arch %s exited %d: %s" % (
            path, arch, r.returncode, r.stderr.decode("utf-8", "replace")[-2000:]))
    out = []
    for line in r.stdout.decode("utf-8", "replace").split("\n"):
        if line.strip():
            try:
                out.append(json.loads(line))
            except ValueError as e:
                raise HarnessError("%s: bad JSON line %r: %s" % (path, line[:200], e))
    if len(out) != len(records):
        raise HarnessError("%s: %d records in, %d JSON lines out" % (
            path, len(records), len(out)))
    return out


RE_FN = re.compile(r'^Analyzing function body size: (.+)/(\d+)\s*$')
RE_ASM = re.compile(r'^\s+__asm__\b')
RE_SIZE = re.compile(r'^\t\tfreq:\s*[0-9.]+\s+size:\s*(\d+)\s+time:')


def parse_fnsummary_dump(path):
    """{function name: [size of each asm statement, in order]}.

    The dump shows each statement of the function body followed by a line
    "\\t\\tfreq:1.00 size:  7 time:  7"; an asm statement starts with
    "  __asm__" and its template may span lines.  A function analysed twice
    keeps its first analysis.
    """
    result = {}
    cur = None
    in_asm = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = RE_FN.match(line)
            if m:
                name = m.group(1)
                if name in result:
                    cur = None
                else:
                    cur = result[name] = []
                in_asm = False
                continue
            if cur is None:
                continue
            if line.startswith("IPA function summary for "):
                cur = None
                continue
            if RE_ASM.match(line):
                in_asm = True
                continue
            m = RE_SIZE.match(line)
            if m:
                if in_asm:
                    cur.append(int(m.group(1)))
                in_asm = False
    return result


RE_ASM_HEAD = re.compile(r'^__asm__((?: \w+)*)\("')


def parse_fnsummary_asm(path):
    """[(qualifiers, text after `__asm__ QUALS("`, size)] of every asm
    statement in the first analysis of each function.

    GCC prints the template raw (`__asm__ __volatile__ __inline__ goto("` +
    template + `" : ...)`), newlines included, up to the line
    "\t\tfreq: ... size: N ...".
    """
    out = []
    seen = set()
    cur = None          # lines of the statement being read
    active = False
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            line = line.rstrip("\n")
            m = RE_FN.match(line)
            if m:
                active = m.group(1) not in seen
                seen.add(m.group(1))
                cur = None
                continue
            if not active:
                continue
            if line.startswith("IPA function summary for "):
                active = False
                cur = None
                continue
            if cur is None and RE_ASM.match(line):
                cur = [line.lstrip()]
                continue
            m = RE_SIZE.match(line)
            if m:
                if cur is not None:
                    text = "\n".join(cur)
                    h = RE_ASM_HEAD.match(text)
                    if h:
                        out.append((h.group(1).split(), text[h.end():], int(m.group(1))))
                cur = None
                continue
            if cur is not None:
                cur.append(line)
    return out


def read_plugin_report(path):
    """The plugin's asm records (JSON Lines), skipping edge records."""
    recs = []
    if not os.path.exists(path):
        return recs
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                raise HarnessError("%s:%d: bad JSON: %s" % (path, n, e))
            if r.get("record", "asm") == "asm":
                recs.append(r)
    return recs


def shorten(text, width=100):
    """A template on one line: newlines as \\n, tabs as \\t, cut to width."""
    s = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
    return s if len(s) <= width else s[:width - 3] + "..."
