#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check-doc-links -- every relative link of the project's Markdown resolves.

  scripts/rules/check-doc-links.py [ROOT]

Reads README.md and every *.md under docs/, tests/, examples/, bench/ and
man/ of ROOT (default: the repository this script is in).  For each link
[text](target) that is not a URL:
  - the file it names exists, inside ROOT (the docs stand alone: nothing
    outside the repository is linked);
  - its #anchor, if any, is a heading of that Markdown file, with the
    anchor GitHub makes of it (lower case, punctuation but '-' and '_'
    dropped, spaces as '-', '-1', '-2' ... for repeated headings).
Links inside code blocks and code spans are not links.  Prints each broken
link as FILE:LINE: TARGET: why, and a summary line.

Exit 0 every link resolves, 1 some do not, 2 usage.
"""

import os
import re
import sys

DIRS = ("docs", "tests", "examples", "bench", "man")
LINK = re.compile(r"\[(?:[^\]\\]|\\.)*\]\(([^()\s]+(?:\([^()\s]*\))?)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def github_anchor(heading):
    """The anchor GitHub gives a heading's text (before de-duplication)."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def lines_outside_code(path):
    """(line number, text) of the lines not in a fenced code block."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield n, line


def anchors_of(path, cache):
    if path not in cache:
        seen = {}
        anchors = set()
        for _, line in lines_outside_code(path):
            m = HEADING.match(line)
            if not m:
                continue
            base = github_anchor(m.group(2))
            k = seen.get(base, 0)
            seen[base] = k + 1
            anchors.add(base if k == 0 else f"{base}-{k}")
        cache[path] = anchors
    return cache[path]


def markdown_files(root):
    yield os.path.join(root, "README.md")
    for d in DIRS:
        for top, dirs, files in os.walk(os.path.join(root, d)):
            dirs[:] = sorted(x for x in dirs if not x.startswith((".", "__")))
            for name in sorted(files):
                if name.endswith(".md"):
                    yield os.path.join(top, name)


def check(root):
    cache = {}
    broken = []
    nlinks = 0
    for md in markdown_files(root):
        if not os.path.isfile(md):
            continue
        for n, line in lines_outside_code(md):
            for m in LINK.finditer(re.sub(r"`[^`]*`", "", line)):
                target = m.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # https:, mailto: ...
                nlinks += 1
                where = f"{os.path.relpath(md, root)}:{n}: {target}"
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
                if os.path.relpath(dest, root).startswith(".."):
                    broken.append(f"{where}: outside the repository")
                elif not os.path.exists(dest):
                    broken.append(f"{where}: no such file")
                elif anchor and dest.endswith(".md") and anchor not in anchors_of(dest, cache):
                    broken.append(f"{where}: no heading with this anchor")
    return nlinks, broken


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if not os.path.isfile(os.path.join(root, "README.md")):
        print(f"check-doc-links: {root}: no README.md", file=sys.stderr)
        return 2
    nlinks, broken = check(root)
    for b in broken:
        print(b)
    print(f"check-doc-links: {nlinks} relative links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
