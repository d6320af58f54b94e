#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check-layers.py — the include graph of asmscan, asmtpl and the plugin,
checked against the layer rule (docs/design/layout.md).

The graph comes from the #include "..." lines (angle includes are other
projects').  A node is a file's folder and its name without the
extension, so foo.c and foo.h are one node: a circle through a .c and
its own header is a circle.  A header that declares a function another
file defines does not hide that file: a file that includes it and calls
the function depends on the defining file's node too (bar.h declaring
foo.c's foo_run is a dependency on foo, not on bar).  Rules, each an
error:

  - no circle between nodes;
  - no upward include: a file of a lower layer that includes a header of
    a higher one, or a file of one part that includes one of another part
    it does not use (or of that part's other layers than its first: the
    public header);
  - no sideways include: folders listed as rooms of one layer (the
    analyzer's verbs) include none of one another's files;
  - at most MAX_FILES source files (.c, .h, .cc, .def) in one folder;
  - no function of a part in LONG_FUNCTION_PARTS longer than
    MAX_FUNCTION_LINES lines, from the line that names it to its closing
    brace (kernel style: the body's braces alone at column 0), but those
    LONG_FUNCTIONS excepts, each with its reason.

An include that is no file of the part (or of lib/asmtpl's public header,
for a part that uses it) is another project's (GCC's plugin headers are
included with quotes) and not in the graph.  Every part is enforced
(ENFORCE); a part left out of it would be reported only.

Prints the circles, the upward and sideways includes, the file count of
each folder and the functions over the limit; exits 1 when a rule is broken, 2 on a usage error.

    scripts/rules/check-layers.py [SOURCE_DIR]
"""
import os
import re
import sys

MAX_FILES = 20
MAX_FUNCTION_LINES = 100
LONG_FUNCTION_PARTS = ("analyzer",)
# "folder/file.c:function": why it may be longer.
LONG_FUNCTIONS = {
    "analyzer/elf/x86-quick.c:x86_quick_decode":
        "an instruction decoder (prefixes, opcode maps, operand forms in "
        "one pass, like a decoder's table)",
}
SOURCE_EXT = (".c", ".h", ".cc", ".def")

# Each part: its folders, lowest layer first; folders of one layer are
# listed together.  A quoted include is looked up in the including file's
# folder, then in the folders of the part and of the parts it uses.
PARTS = {
    "asmtpl": {
        "layers": [["lib/asmtpl/include"], ["lib/asmtpl/src"],
                   ["lib/asmtpl/tools"]],
        "uses": [],
    },
    "analyzer": {
        "layers": [["analyzer/base"], ["analyzer/elf"], ["analyzer/dwarf"],
                   ["analyzer/analysis"], ["analyzer/render"],
                   ["analyzer/report", "analyzer/check", "analyzer/diff",
                    "analyzer/patch"],
                   ["analyzer/verbs"], ["analyzer"]],
        "uses": [],
        # each verb in a room of its own: its folder includes the layers
        # below, never another verb's
        "rooms": [["analyzer/report", "analyzer/check", "analyzer/diff",
                   "analyzer/patch"]],
    },
    "plugin": {
        "layers": [["plugin/base"], ["plugin/records"], ["plugin/edges"],
                   ["plugin/asm"], ["plugin"]],
        "uses": ["asmtpl"],
    },
}
ENFORCE = ("asmtpl", "analyzer", "plugin")

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# A function definition at file scope: "type name(args)\n{" (kernel style).
DEFINITION = re.compile(r'^(?!static\b)[A-Za-z_][^;(){}=#:\n]*?\b([A-Za-z_]\w*)\s*'
                        r'\([^;{}]*\)\s*\{', re.M)
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "case"}
# A declaration in a header: "name(" at the start of a declarator.
DECLARED = re.compile(r'\b([A-Za-z_]\w*)\s*\(')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def node_of(path):
    folder, name = os.path.split(path)
    return (folder, os.path.splitext(name)[0])


def folder_files(root, folder):
    d = os.path.join(root, folder)
    if not os.path.isdir(d):
        return []
    return sorted(f for f in os.listdir(d)
                  if f.endswith(SOURCE_EXT) and
                  os.path.isfile(os.path.join(d, f)))


def resolve(root, src, inc, search):
    here = os.path.dirname(src)
    for folder in [here] + [f for f in search if f != here]:
        cand = os.path.normpath(os.path.join(folder, inc))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def find_circles(nodes, edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(out)


def long_functions(root, path):
    """(name, first line, lines) of each function over the limit."""
    with open(os.path.join(root, path), errors="replace") as fh:
        lines = fh.read().split("\n")
    out, start = [], None
    for i, line in enumerate(lines):
        if line == "{" and i > 0:
            # the signature: back to a blank line, a comment or a '}'
            start = i - 1
            while start > 0 and lines[start - 1].strip() and \
                    not lines[start - 1].startswith(("}", "#", "/*", " *",
                                                     "//")) and \
                    not lines[start - 1].endswith((";", "*/")):
                start -= 1
        elif line.startswith("}") and start is not None:
            n = i - start + 1
            m = DECLARED.search(" ".join(lines[start:start + 3]))
            if n > MAX_FUNCTION_LINES and m:
                out.append((m.group(1), start + 1, n))
            start = None
    return out


def sideways(p, a, b):
    """Are folders a and b two rooms of one layer of part p?"""
    return a != b and any(a in r and b in r for r in p.get("rooms", ()))


def name(node):
    folder, stem = node
    return f"{folder}/{stem}"


def main(argv):
    if len(argv) > 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1] if len(argv) == 2 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    broken = []
    rank = {}
    for part, p in PARTS.items():
        for i, layer in enumerate(p["layers"]):
            for folder in layer:
                rank[folder] = (part, i)

    nodes, edges, upward, side = set(), {}, [], []
    texts, includes, defined = {}, {}, {}
    for part, p in PARTS.items():
        for folder in [f for layer in p["layers"] for f in layer]:
            for f in folder_files(root, folder):
                src = os.path.join(folder, f)
                with open(os.path.join(root, src), errors="replace") as fh:
                    texts[src] = COMMENT.sub(" ", fh.read())
                if f.endswith((".c", ".cc")):
                    for m in DEFINITION.finditer(texts[src]):
                        if m.group(1) not in KEYWORDS:
                            defined.setdefault(m.group(1), set()).add(src)
    for part, p in PARTS.items():
        search = [f for layer in p["layers"] for f in layer]
        for used in p["uses"]:
            search += PARTS[used]["layers"][0]
        for folder in [f for layer in p["layers"] for f in layer]:
            for f in folder_files(root, folder):
                src = os.path.join(folder, f)
                nodes.add(node_of(src))
                text = texts[src]
                used = set(DECLARED.findall(text))
                for inc in INCLUDE.findall(text):
                    dst = resolve(root, src, inc, search)
                    if dst is None:
                        continue
                    a, b = node_of(src), node_of(dst)
                    targets = {b}
                    for fn in set(DECLARED.findall(texts.get(dst, ""))) & used:
                        targets |= {node_of(d) for d in defined.get(fn, ())
                                    if rank.get(os.path.dirname(d), ("",))[0]
                                    == part}
                    for t in targets - {a}:
                        edges.setdefault(a, set()).add(t)
                    ra = rank.get(os.path.dirname(src))
                    rb = rank.get(os.path.dirname(dst))
                    if not ra or not rb:
                        continue
                    if ra[0] == rb[0] and rb[1] > ra[1]:
                        upward.append(f"{src} -> {dst}")
                    elif ra[0] == rb[0] and sideways(p, folder,
                                                     os.path.dirname(dst)):
                        side.append(f"{src} -> {dst}")
                    elif ra[0] != rb[0] and (rb[0] not in PARTS[ra[0]]["uses"]
                                             or rb[1] > 0):
                        upward.append(f"{src} -> {dst} ({ra[0]} may include "
                                      f"only the public headers of "
                                      f"{', '.join(PARTS[ra[0]]['uses']) or 'no other part'})")

    def enforced(n):
        return rank[n[0]][0] in ENFORCE

    circles = find_circles(nodes, edges)
    checked = [c for c in circles if enforced(c[0])]
    print(f"circles: {len(checked)}")
    for c in checked:
        print("  " + " -> ".join(name(n) for n in c))
    print(f"upward includes: {len(upward)} (none allowed)")
    for u in sorted(upward):
        print("  " + u)
    print(f"sideways includes: {len(side)} (a verb's folder includes no "
          f"other's)")
    for u in sorted(side):
        print("  " + u)
    print(f"files per folder (at most {MAX_FILES}):")
    for part, p in PARTS.items():
        for i, layer in enumerate(p["layers"]):
            for folder in layer:
                n = len(folder_files(root, folder))
                mark = ""
                if n > MAX_FILES:
                    mark = "  too many"
                    if part in ENFORCE:
                        broken.append(f"{folder} holds {n} files")
                print(f"  {part} layer {i} {folder}: {n}{mark}")
    longest, too_long = None, []
    for part in LONG_FUNCTION_PARTS:
        for folder in [f for layer in PARTS[part]["layers"] for f in layer]:
            for f in folder_files(root, folder):
                if not f.endswith(".c"):
                    continue
                src = os.path.join(folder, f)
                for fn, line, n in long_functions(root, src):
                    key = f"{src}:{fn}"
                    why = LONG_FUNCTIONS.get(key)
                    too_long.append(f"{src}:{line}: {fn}: {n} lines"
                                    + (f" (excepted: {why})" if why else ""))
                    if not why:
                        broken.append(f"{key} is {n} lines")
    print(f"functions over {MAX_FUNCTION_LINES} lines "
          f"({', '.join(LONG_FUNCTION_PARTS)}): {len(too_long)}")
    for t in too_long:
        print("  " + t)
    others = [c for c in circles if not enforced(c[0])]
    if others:
        print("not enforced (" + ", ".join(p for p in PARTS
                                           if p not in ENFORCE) + "):")
        for c in others:
            print("  circle: " + " -> ".join(name(n) for n in c))
    if checked:
        broken.append(f"{len(checked)} circles")
    if upward:
        broken.append(f"{len(upward)} upward includes")
    if side:
        broken.append(f"{len(side)} sideways includes")
    if broken:
        print("check-layers: broken: " + "; ".join(broken), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
