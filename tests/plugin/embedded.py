#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# embedded.py — a reader of the records asminline.so embeds in .comment
# (docs/format.md, "Embedded records"), written from the documentation
# alone: a module for the tests and a small command.
#
#   embedded.py FILE...   print every record found, as JSON Lines: first
#                         the unit records, then one "asm" record per
#                         (unit, statement) with "tu" filled in from the unit
#                         that lists it (the form the report has)
#
# The section is taken out with `objcopy --dump-section` (binutils):
# `objcopy -O binary --only-section=.comment` writes nothing for a section
# that is not loaded, such as .comment.  Exit 0, 1 on a malformed record,
# 2 when a file cannot be read.
import json
import os
import subprocess
import sys
import tempfile

PREFIX = b"asminline/"
VERSION = 1
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


class EmbedError(Exception):
    pass


def fnv1a64(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


def comment_section(path):
    """The bytes of PATH's .comment section (b"" when it has none)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "comment")
        p = subprocess.run(["objcopy", "--dump-section", f".comment={out}",
                            path, os.path.join(tmp, "copy")],
                           capture_output=True, text=True)
        # binutils 2.40 exits 0 when the section does not exist.
        if not os.path.exists(out):
            if "does not exist" in p.stderr:
                return b""
            raise EmbedError(f"{path}: objcopy failed: {p.stderr.strip()}")
        with open(out, "rb") as f:
            return f.read()


def parse_strings(data):
    """(units, asm_by_id, others) from the bytes of a .comment section.

    Strings are NUL-terminated; those that start with "asminline/" are
    ours.  A string of another version is counted in others and skipped.
    """
    units, asm_by_id, others = [], {}, 0
    for raw in data.split(b"\0"):
        if not raw.startswith(PREFIX):
            continue
        head, sep, payload = raw.partition(b" ")
        if not sep:
            raise EmbedError(f"no space after the prefix: {raw[:60]!r}")
        version = head[len(PREFIX):]
        if version != str(VERSION).encode():
            others += 1
            continue
        try:
            rec = json.loads(payload.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise EmbedError(f"not JSON ({e}): {payload[:80]!r}")
        kind = rec.get("record")
        if kind == "unit":
            units.append(rec)
        elif kind == "asm":
            asm_by_id[f"{fnv1a64(payload):016x}"] = rec
        # other record types: ignored, as readers must
    return units, asm_by_id, others


def read(path):
    """(units, statements): statements are report-shaped asm records."""
    units, asm_by_id, _ = parse_strings(comment_section(path))
    statements = []
    for unit in units:
        for rid in unit["asm"]:
            if rid not in asm_by_id:
                raise EmbedError(f"{path}: unit {unit['tu']!r} lists {rid}, "
                                 "which no asm string has")
            rec = dict(asm_by_id[rid])
            rec["tu"] = unit["tu"]
            statements.append(rec)
    return units, statements


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: embedded.py FILE...")
    rc = 0
    for path in sys.argv[1:]:
        try:
            units, statements = read(path)
        except EmbedError as e:
            print(f"embedded.py: {e}", file=sys.stderr)
            rc = max(rc, 1)
            continue
        except OSError as e:
            print(f"embedded.py: {path}: {e}", file=sys.stderr)
            rc = 2
            continue
        for rec in units + statements:
            print(json.dumps(rec, sort_keys=True))
    return rc


if __name__ == "__main__":
    sys.exit(main())
