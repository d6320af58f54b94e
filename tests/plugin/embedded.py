#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# embedded.py — a reader of the records asminline.so embeds in .comment
# (docs/reference/format.md, "Embedded records"), written from the documentation
# alone: a module for the tests and a small command.
#
#   embedded.py FILE...   print, as JSON Lines, the unit records, the
#                         flagged statements as the report has them (one
#                         "asm" record per (unit, stmt), joined from the
#                         stmt, its site and the unit's "tu"), then the
#                         blocked-by-asm "edge" records each unit lists
#
# The section is taken out with `objcopy --dump-section` (binutils):
# `objcopy -O binary --only-section=.comment` writes nothing for a section
# that is not loaded, such as .comment.  Exit 0, or 1 when a file cannot
# be read or holds a malformed record.
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


def comment_section(path, objcopy="objcopy"):
    """The bytes of PATH's .comment section (b"" when it has none);
    OBJCOPY: one that reads PATH's machine (aarch64-linux-gnu-objcopy)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "comment")
        p = subprocess.run([objcopy, "--dump-section", f".comment={out}",
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
    """{"unit": [...], "site"/"stmt"/"edge": {id: rec}} from .comment.

    Strings are NUL-terminated; those that start with "asminline/" are
    ours.  A string of another version, or a record type this reader does
    not know, is skipped, as readers must.
    """
    found = {"unit": [], "site": {}, "stmt": {}, "edge": {}}
    for raw in data.split(b"\0"):
        if not raw.startswith(PREFIX):
            continue
        head, sep, payload = raw.partition(b" ")
        if not sep:
            raise EmbedError(f"no space after the prefix: {raw[:60]!r}")
        if head[len(PREFIX):] != str(VERSION).encode():
            continue
        try:
            rec = json.loads(payload.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise EmbedError(f"not JSON ({e}): {payload[:80]!r}")
        kind = rec.get("record")
        if kind == "unit":
            found["unit"].append(rec)
        elif kind in ("site", "stmt", "edge"):
            found[kind][f"{fnv1a64(payload):016x}"] = rec
    return found


def join(unit, stmt, site):
    """The report's "asm" record: stmt + site + the unit's tu (and srctree,
    which units written before it existed do not have)."""
    rec = {"record": "asm", "format_version": stmt["format_version"],
           "tu": unit["tu"]}
    if "srctree" in unit:
        rec["srctree"] = unit["srctree"]
    for part in (stmt, site):
        rec.update((k, v) for k, v in part.items()
                   if k not in ("record", "format_version", "site"))
    return rec


def read(path):
    """(units, statements): statements are report-shaped asm records."""
    units, statements, _ = read_all(path)
    return units, statements


def read_all(path, objcopy="objcopy"):
    """(units, statements, edges): edges as the report's edge records, one
    per id a unit lists (an id listed twice is two edges)."""
    found = parse_strings(comment_section(path, objcopy))
    statements = []
    edges = []
    for unit in found["unit"]:
        for sid in unit["stmts"]:
            stmt = found["stmt"].get(sid)
            if stmt is None:
                raise EmbedError(f"{path}: unit {unit['tu']!r} lists stmt "
                                 f"{sid}, which no string has")
            site = found["site"].get(stmt["site"])
            if site is None:
                raise EmbedError(f"{path}: stmt {sid} names site "
                                 f"{stmt['site']}, which no string has")
            statements.append(join(unit, stmt, site))
        for eid in unit.get("edges", []):
            edge = found["edge"].get(eid)
            if edge is None:
                raise EmbedError(f"{path}: unit {unit['tu']!r} lists edge "
                                 f"{eid}, which no string has")
            if edge["tu"] != unit["tu"]:
                raise EmbedError(f"{path}: unit {unit['tu']!r} lists edge "
                                 f"{eid} of unit {edge['tu']!r}")
            edges.append(edge)
    return found["unit"], statements, edges


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: embedded.py FILE...")
    rc = 0
    for path in sys.argv[1:]:
        try:
            units, statements, edges = read_all(path)
        except (EmbedError, OSError) as e:
            print(f"embedded.py: {e}", file=sys.stderr)
            rc = 1
            continue
        for rec in units + statements + edges:
            print(json.dumps(rec, sort_keys=True))
    return rc


if __name__ == "__main__":
    sys.exit(main())
