#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# man.py ASMSCAN ASMSCAN_1 PLUGIN CC ASMINLINE_7 — the man pages say what
# the programs say.
#
# Each page is rendered the way a user reads it (`MANWIDTH=80 man
# --warnings -l`) and checked by groff (`groff -man -ww -z`): neither may
# print a warning.  Then, from the rendered text:
#   asmscan(1)   every option of `asmscan --help` (short form, long form,
#                argument, description) is in OPTIONS, and nothing else
#                is; every verb of `asmscan help` is in VERBS, and nothing
#                else is;
#   asminline(7) every argument of the plugin's help text
#                (-fplugin-arg-asminline-help, printed by GCC loading it)
#                is in ARGUMENTS with its description, and nothing else is.
# Exit 0 pass, 1 fail, 77 skipped (man or groff missing).
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import testlib  # noqa: E402
from testlib import fail, skip  # noqa: E402

TEST = testlib.name("install-man")


def render(page):
    env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8", MAN_KEEP_FORMATTING="")
    env.pop("MAN_KEEP_FORMATTING")
    r = subprocess.run(["man", "--warnings", "-l", page], env=env,
                       capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        fail(f"man -l {page}: exit {r.returncode}: " + "\n".join(r.stderr.splitlines()[:5]))
    g = subprocess.run(["groff", "-man", "-ww", "-z", page],
                       capture_output=True, text=True)
    if g.returncode != 0 or g.stderr.strip():
        fail(f"groff -man -ww -z {page}: " + "\n".join(g.stderr.splitlines()[:5]))
    # Any overstrike left (bold as X\bX) would hide text from the regexes.
    return re.sub(r".\x08", "", r.stdout)


def section(text, name):
    """The lines of the section headed NAME (a line at column 0)."""
    out, inside = [], False
    for line in text.splitlines():
        if line and not line[0].isspace():
            inside = line.strip() == name
            continue
        if inside:
            out.append(line)
    if not out:
        fail(f"the page has no section {name}")
    return out


def body_indent(lines):
    """The column a section's text starts at: groff 1.22 (Debian 12) indents
    it by 7, groff 1.24 by 5; tags stand there."""
    return min(len(l) - len(l.lstrip()) for l in lines if l.strip())


def entries(lines, tag_re, indent):
    """{tag match groups: description} of a list of tagged paragraphs.

    A tag is a line matching tag_re at `indent` columns; its description is
    what follows on the tag line (after two spaces or more) and the lines
    indented deeper, up to a blank line or the next tag; whitespace is
    normalised, since the page is filled and --help is not.
    """
    found, cur = {}, None
    for line in lines:
        m = re.match(" " * indent + tag_re, line)
        if m and not line[indent].isspace():
            cur = m.groups()
            if cur in found:
                fail(f"{cur} listed twice")
            found[cur] = [line[m.end():]]
        elif cur is not None and line.strip() and line.startswith(" " * (indent + 1)):
            found[cur].append(line)
        else:
            cur = None
    return {k: " ".join(" ".join(v).split()) for k, v in found.items()}


def compare(what, expected, got):
    if expected.keys() != got.keys():
        fail(f"{what}: only in the help: {sorted(expected.keys() - got.keys(), key=str)}; "
             f"only in the man page: {sorted(got.keys() - expected.keys(), key=str)}")
    for k in expected:
        if expected[k] != got[k]:
            fail(f"{what} {k}: the help says {expected[k]!r}, the man page {got[k]!r}")


def main():
    asmscan, asmscan_1, plugin, cc, asminline_7 = sys.argv[1:6]
    for tool in ("man", "groff"):
        if not shutil.which(tool):
            skip(f"{tool} not found (apt-get install man-db groff)")

    # asmscan: "  -f, --format FMT     text..." and "      --all  ...".
    OPT = r"(?:-(\w), )?--([\w-]+)(?: ([A-Z]+))?(?=\s|$)"
    help_text = subprocess.run([asmscan, "--help"], capture_output=True,
                               text=True, check=True).stdout
    opts_block = help_text.split("\nOptions", 1)[1].split("\n\n", 1)[0]
    # "      --all" aligns a long option without a short one at column 6.
    lines = [re.sub(r"^      --", "  --", l) for l in opts_block.splitlines()[1:]]
    help_opts = entries(lines, OPT, 2)
    page = render(asmscan_1)
    compare("asmscan option", help_opts, entries(section(page, "OPTIONS"), OPT, body_indent(section(page, "OPTIONS"))))

    verbs_list = subprocess.run([asmscan, "help"], capture_output=True,
                                text=True, check=True).stdout
    verbs = set(re.findall(r"(?m)^  (\w+) ", verbs_list.split("\nVerbs", 1)[1]
                           .split("\n\n", 1)[0]))
    man_verbs = {k[0] for k in entries(section(page, "VERBS"), r"(\w+)",
                                           body_indent(section(page, "VERBS")))}
    if verbs != man_verbs or not verbs:
        fail(f"verbs: asmscan help lists {sorted(verbs)}, the man page {sorted(man_verbs)}")
    print(f"{TEST}: asmscan(1): {len(help_opts)} options and {len(verbs)} verbs as --help has them")

    # The plugin: "  -fplugin-arg-asminline-KEY[=VALUE]" then the description.
    r = subprocess.run([cc, f"-fplugin={plugin}", "-fplugin-arg-asminline-help",
                        "-x", "c", "-c", "-o", os.devnull, os.devnull],
                       capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"{cc} with the plugin's help key failed: {r.stderr.strip()}")
    ARG = r"-fplugin-arg-asminline-(\w+)(=\S+)?(?=\s|$)"
    help_args = entries(r.stderr.splitlines()[1:], ARG, 2)
    page = render(asminline_7)
    compare("asminline argument", help_args, entries(section(page, "ARGUMENTS"), ARG,
                                                 body_indent(section(page, "ARGUMENTS"))))
    print(f"{TEST}: asminline(7): {len(help_args)} arguments as the plugin's help has them")
    print(f"{TEST}: PASS")


main()
