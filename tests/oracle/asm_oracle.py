#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""asm_oracle -- what each inline asm statement of a `gcc -S` file emits.

The independent oracle against which lib/asmtpl's est_insns is checked: it
asks the assembler and the disassembler, never a model of GAS.

GCC brackets the text of every asm statement it prints (final.cc, for both
ASM_INPUT and ASM_OPERANDS) with two comment lines:

    #APP                      <- once per run of asm insns, not per statement
    # 17 "./arch/x86/include/asm/atomic.h" 1
    <the template, operands substituted, first line prefixed by a tab>
    # 0 "" 2
    .loc ... / .LVL3:         <- GCC's own notes may sit between statements
    # 18 "..." 1
    ...
    #NO_APP

(the comment leader is '#' on x86 and '//' on arm64).  One #APP run can
hold several statements, so the oracle keys on the per-statement marker
pair, not on #APP/#NO_APP.  Before each opening marker it inserts
`__asmoracle_b_N:` and after each closing marker `__asmoracle_e_N:`.  The
names do not start with .L, so GAS keeps them in .symtab; labels emit no
bytes and change no layout.  Top-level asm (file scope: #APP, text, #NO_APP,
no markers) is labelled too and reported with kind "toplevel".  GCC omits
the markers of a statement that has no location at all; such a statement is
not seen (none was found in the kernel objects measured).

The labelled file is assembled once (x86-64: `as --64`; i386 and
i386-code16: `as --32`; arm64: `aarch64-linux-gnu-as`), one `readelf -SsW`
gives every label's section index and value, and one `objdump -d -w -z` per
x86 code size the file uses gives every instruction (-z so that runs of
zero bytes are disassembled, not elided as "...").

x86 code size: gas assembles for 64-, 32- or 16-bit code as the
architecture starts it (`--64`, `--32`) and as `.code64`, `.code32`,
`.code16` and `.code16gcc` directives change it -- GCC -m16 prints
`.code16gcc` at the top of its output, and a template may switch too.  The
same bytes are different instructions in each, so the oracle follows those
directives through the file and disassembles every stretch of code in its
own size (`objdump -M x86-64`, `-M i386`, `-M i8086`): a directive inside a
block gets a label `__asmoracle_s_N_K` before it, and the block is counted
stretch by stretch.  A directive it cannot place (not the only statement
on its line, or after a .macro/.rept/.irp/.if that may not run it) is an
oracle error for its block, and every later block is one too until a
directive it can place says the size again.  A block's count
is the number of instructions whose start address lies in [begin, end) of
the section both labels are in, a run of consecutive one-byte NOPs (0x90 on
x86) counting as one instruction.  Every symbol restarts objdump's
decoder, so decoding is aligned on block boundaries.  A block whose labels
lie in different sections (it ends in another section than it began in), or
whose last instruction straddles its end label, is an oracle error: reported,
never guessed.

As a module: analyze_file(path, arch) / analyze_text(text, arch) return an
OracleResult.  As a command: asm_oracle.py [--arch A] [--json] FILE.s.
"""

import argparse
import bisect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

LABEL_PREFIX = "__asmoracle_"
ENCODING = "utf-8"
ERRORS = "surrogateescape"	# any byte of the .s survives the round trip

ARCHES = {
    "x86_64": {
        "as": ["as", "--64"],
        "objdump": "objdump",
        "gcc": ["gcc"],
        "cflags": [],
        "nop1": "90",		# the one-byte NOP whose runs count once
        "code": 64,		# the x86 code size the assembler starts in
    },
    # -m32: 32-bit code; -m16: the same assembler, after the .code16gcc
    # that GCC prints first (followed like any .code directive).
    "i386": {
        "as": ["as", "--32"],
        "objdump": "objdump",
        "gcc": ["gcc"],
        "cflags": ["-m32"],
        "nop1": "90",
        "code": 32,
    },
    "i386-code16": {
        "as": ["as", "--32"],
        "objdump": "objdump",
        "gcc": ["gcc"],
        "cflags": ["-m16"],
        "nop1": "90",
        "code": 32,
    },
    "arm64": {
        "as": ["aarch64-linux-gnu-as"],
        "objdump": "aarch64-linux-gnu-objdump",
        "gcc": ["aarch64-linux-gnu-gcc", "aarch64-linux-gnu-gcc-12"],
        "cflags": [],
        "nop1": None,		# every A64 instruction is 4 bytes
        "code": None,
    },
}

# objdump's name for each x86 code size (.code16gcc is 16-bit code).
OBJDUMP_CODE = {64: "x86-64", 32: "i386", 16: "i8086"}
CODE_SIZES = {"code64": 64, "code32": 32, "code16": 16, "code16gcc": 16}

# `# 17 "file" 1` / `# 0 "" 2` (x86), `// 17 "file" 1` / `// 0 "" 2` (arm64)
RE_OPEN = re.compile(r'^(?:#|//) (\d+) "((?:[^"\\]|\\.)*)" 1$')
RE_CLOSE = re.compile(r'^(?:#|//) 0 "" 2$')
RE_TYPE_FN = re.compile(r'^\s*\.type\s+("?)([^",\s]+)\1\s*,\s*[@%]function\b')
RE_LABEL = re.compile(r'^("?)([^":\s]+)\1:')
RE_SIZE = re.compile(r'^\s*\.size\s+("?)([^",\s]+)\1\s*,')
# `.code32` alone on its line (a comment may follow), and one anywhere
RE_CODE = re.compile(r'^\s*\.(code16gcc|code16|code32|code64)\s*(?:#.*)?$')
RE_CODE_ANY = re.compile(r'\.code(?:16gcc|16|32|64)\b')
RE_BLOCKY = re.compile(r'^\s*\.(?:macro|rept|irpc?|if\w*)\b')


class OracleError(Exception):
    """The oracle could not run at all (tool missing, assembler error)."""


class Block:
    """One asm statement (or top-level asm) and what the assembler made of it."""

    __slots__ = ("index", "kind", "function", "file", "line", "s_line",
                 "text", "section", "begin", "end", "bytes", "insns",
                 "raw_insns", "bad", "error", "code", "stretches")

    def __init__(self, index, kind, function, file, line, s_line):
        self.index = index
        self.kind = kind		# "stmt" or "toplevel"
        self.function = function	# assembler symbol, e.g. foo.constprop.0
        self.file = file		# from `# LINE "file" 1`
        self.line = line
        self.s_line = s_line		# 1-based line of the block in the .s
        self.text = ""			# exactly what the assembler reads
        self.section = None
        self.begin = None
        self.end = None
        self.bytes = None
        self.insns = None		# NOP runs collapsed: the oracle count
        self.raw_insns = None		# every decoded instruction
        self.bad = 0			# objdump "(bad)" lines in the block
        self.error = None
        self.code = None		# x86: code size at the block's start
        self.stretches = []		# x86: (label, code size) inside the block

    @property
    def c_function(self):
        """The C name: the symbol without GCC's clone suffixes (.cold, .part.0)."""
        if self.function is None:
            return None
        return self.function.split(".", 1)[0] or self.function

    def as_dict(self):
        d = {k: getattr(self, k) for k in self.__slots__}
        d["c_function"] = self.c_function
        return d


class OracleResult:
    def __init__(self, arch, blocks, tools):
        self.arch = arch
        self.blocks = blocks
        self.tools = tools

    def statements(self):
        """The blocks that are asm statements inside functions."""
        return [b for b in self.blocks if b.kind != "toplevel"]


def find_tool(names):
    """First of names (a string or a list) that is on PATH, or None."""
    if isinstance(names, str):
        names = [names]
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


def arch_tools(arch, as_cmd=None, objdump=None):
    """The assembler command, objdump and readelf for arch; OracleError if absent."""
    if arch not in ARCHES:
        raise OracleError("unknown architecture '%s' (%s)" % (arch, ", ".join(ARCHES)))
    spec = ARCHES[arch]
    as_cmd = list(as_cmd) if as_cmd else list(spec["as"])
    as_path = find_tool(as_cmd[0])
    od = find_tool(objdump or spec["objdump"])
    re_ = find_tool(["readelf", "aarch64-linux-gnu-readelf"])
    missing = [n for n, p in ((as_cmd[0], as_path), (objdump or spec["objdump"], od),
               ("readelf", re_)) if not p]
    if missing:
        raise OracleError("%s: tools not found: %s" % (arch, ", ".join(missing)))
    return {"as": [as_path] + as_cmd[1:], "objdump": od, "readelf": re_}


def label_source(lines, code=None):
    """Find the blocks of a .s (list of lines without newlines) and label them.

    Returns (blocks, labelled_lines).  Inside a function, only the text
    between a statement's two markers is a block: whatever else sits in an
    #APP run is GCC's own (.loc, .LVL labels, and the switch to the cold
    partition: `.section .text.unlikely` / `.type f.cold, @function`), and
    is followed for function names like any other line.  An #APP run
    outside every function is top-level asm, one block per run.

    code: the x86 code size the assembler starts in (None elsewhere); the
    .code directives of every line are followed from there, each block
    records the size it starts in, and a directive inside a block starts a
    stretch with a label of its own.
    """
    blocks = []
    out = []
    app = None		# None, "fn" (asm in a function) or "top" (top-level asm)
    cur_fn = None
    pending_fn = None
    stmt = None		# Block being collected
    stmt_lines = None
    blocky = False	# the block opened .macro/.rept/.irp/.if: lines may not run
    lost = None		# why the code size is not known any more

    def begin(kind, file, line, s_line):
        nonlocal blocky
        b = Block(len(blocks), kind, cur_fn, file, line, s_line)
        b.code = code
        if lost:
            b.error = lost
        blocks.append(b)
        out.append("%sb_%d:" % (LABEL_PREFIX, b.index))
        blocky = False
        return b

    def finish(b, text_lines):
        b.text = "\n".join(text_lines)
        out.append("%se_%d:" % (LABEL_PREFIX, b.index))

    def follow_code(line, b):
        """A .code directive on line: the new size; in block b, a stretch."""
        nonlocal code, blocky, lost
        if code is None:
            return
        if b is not None and RE_BLOCKY.match(line):
            blocky = True
        m = RE_CODE.match(line)
        if not m:
            if b is not None and RE_CODE_ANY.search(line):
                why = "a .code directive the oracle cannot place: %r" % line.strip()
                b.error = why
                lost = "code size unknown after block %d: %s" % (b.index, why)
            return
        code = CODE_SIZES[m.group(1)]
        lost = None
        if b is None:
            return
        if blocky:
            why = ("a .code directive after .macro/.rept/.irp/.if: "
                   "the oracle cannot tell whether it runs")
            b.error = why
            lost = "code size unknown after block %d: %s" % (b.index, why)
            return
        label = "%ss_%d_%d" % (LABEL_PREFIX, b.index, len(b.stretches))
        b.stretches.append((label, code))
        out.append(label + ":")

    for no, line in enumerate(lines, 1):
        if stmt is not None:
            if stmt.kind == "toplevel" and line == "#NO_APP":
                finish(stmt, stmt_lines)
                stmt = None
                app = None
                out.append(line)
            elif stmt.kind == "stmt" and RE_CLOSE.match(line):
                out.append(line)
                finish(stmt, stmt_lines)
                stmt = None
            else:
                follow_code(line, stmt)
                stmt_lines.append(line)
                out.append(line)
            continue
        if app is None and line == "#APP":
            app = "fn" if cur_fn is not None else "top"
            out.append(line)
            if app == "top":
                stmt = begin("toplevel", None, None, no + 1)
                stmt_lines = []
            continue
        if app is not None and line == "#NO_APP":
            app = None
            out.append(line)
            continue
        m = RE_OPEN.match(line) if app is not None else None
        if m:
            stmt = begin("stmt", m.group(2), int(m.group(1)), no + 1)
            stmt_lines = []
            out.append(line)
            continue
        # GCC's own line: follow the function it is in, and the code size.
        follow_code(line, None)
        m = RE_TYPE_FN.match(line)
        if m:
            pending_fn = m.group(2)
        else:
            m = RE_LABEL.match(line)
            if m and m.group(2) == pending_fn:
                cur_fn = pending_fn
                pending_fn = None
            else:
                m = RE_SIZE.match(line)
                if m and m.group(2) == cur_fn:
                    cur_fn = None
        out.append(line)
    if stmt is not None:
        stmt.error = "no closing marker before end of file"
        finish(stmt, stmt_lines)
    return blocks, out


RE_SHDR = re.compile(r'^\s*\[\s*(\d+)\]\s+(\S*)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+'
                     r'([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]*)\s+\d+\s+\d+\s+\d+\s*$')
RE_SYM = re.compile(r'^\s*\d+:\s+([0-9a-f]+)\s+\d+\s+\S+\s+\S+\s+\S+\s+(\S+)\s+(' +
                    re.escape(LABEL_PREFIX) + r'(?:[be]_\d+|s_\d+_\d+))$')


def read_elf(readelf, obj):
    """Sections {index: (name, flags)} and our labels {name: (index, value)}."""
    r = subprocess.run([readelf, "-SsW", obj], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise OracleError("readelf %s: %s" % (obj, r.stderr.decode(ENCODING, ERRORS).strip()))
    sections = {}
    labels = {}
    for line in r.stdout.decode(ENCODING, ERRORS).split("\n"):
        m = RE_SHDR.match(line)
        if m:
            sections[int(m.group(1))] = (m.group(2), m.group(5))
            continue
        m = RE_SYM.match(line)
        if m:
            ndx = m.group(2)
            labels[m.group(3)] = (int(ndx) if ndx.isdigit() else ndx, int(m.group(1), 16))
    return sections, labels


RE_DIS_SECTION = re.compile(r'^Disassembly of section (.*):$')
# "  1f:\tf0 ff 05 00 00 00 00 \tlock incl 0x0(%rip)"  (x86)
# "  10:\td503201f \tnop"                             (arm64)
RE_INSN = re.compile(r'^\s*([0-9a-f]+):\t([0-9a-f]+(?: [0-9a-f]+)*) *(?:\t(.*))?$')


def disassemble(objdump, obj, sections, options=()):
    """{section index: (sorted addresses, [(addr, hexbytes, size, text)])}.

    objdump names sections, not indexes; the k-th "Disassembly of section X"
    is the k-th executable section called X in index order (COMDAT groups can
    repeat a name).  options: e.g. ["-M", "i8086"], the code size.
    """
    r = subprocess.run([objdump, "-d", "-w", "-z"] + list(options) + [obj],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise OracleError("objdump %s: %s" % (obj, r.stderr.decode(ENCODING, ERRORS).strip()))
    by_name = {}
    for ndx in sorted(sections):
        name, flags = sections[ndx]
        if "X" in flags:
            by_name.setdefault(name, []).append(ndx)
    seen = {}
    result = {}
    cur = None
    for line in r.stdout.decode(ENCODING, ERRORS).split("\n"):
        m = RE_INSN.match(line)
        if m and cur is not None:
            hexbytes = m.group(2).replace(" ", "")
            if m.group(3) is None:
                # continuation of the previous instruction's bytes
                if cur[1]:
                    a, h, _, t = cur[1][-1]
                    h += hexbytes
                    cur[1][-1] = (a, h, len(h) // 2, t)
                continue
            addr = int(m.group(1), 16)
            cur[0].append(addr)
            cur[1].append((addr, hexbytes, len(hexbytes) // 2, m.group(3)))
            continue
        m = RE_DIS_SECTION.match(line)
        if m:
            name = m.group(1)
            k = seen.get(name, 0)
            seen[name] = k + 1
            ndxs = by_name.get(name, [])
            ndx = ndxs[k] if k < len(ndxs) else "?" + name
            cur = result.setdefault(ndx, ([], []))
    for addrs, insns in result.values():
        if any(addrs[i] > addrs[i + 1] for i in range(len(addrs) - 1)):
            order = sorted(range(len(addrs)), key=addrs.__getitem__)
            addrs[:] = [addrs[i] for i in order]
            insns[:] = [insns[i] for i in order]
    return result


def count_block(b, sections, labels, dis, nop1):
    """Count b's instructions; dis is {code size: disassembly} (x86) or
    {None: disassembly}."""
    lb = labels.get("%sb_%d" % (LABEL_PREFIX, b.index))
    le = labels.get("%se_%d" % (LABEL_PREFIX, b.index))
    if lb is None or le is None:
        b.error = b.error or "label missing from the symbol table"
        return
    b.section = sections.get(lb[0], (str(lb[0]),))[0]
    b.begin = lb[1]
    if lb[0] != le[0]:
        b.error = "ends in section %s, began in %s" % (
            sections.get(le[0], (str(le[0]),))[0], b.section)
        return
    b.end = le[1]
    b.bytes = b.end - b.begin
    if b.bytes < 0:
        b.error = "end label before begin label"
        return
    if b.bytes == 0:
        b.insns = b.raw_insns = 0
        return
    # Stretches of one code size each: [start, next start) in the block.
    starts = [(b.begin, b.code)]
    for label, code in b.stretches:
        ls = labels.get(label)
        if ls is None or ls[0] != lb[0] or not b.begin <= ls[1] <= b.end:
            b.error = "a .code directive outside the block's section"
            return
        starts.append((ls[1], code))
    n = raw = 0
    prev_nop = False
    for k, (start, code) in enumerate(starts):
        stop = starts[k + 1][0] if k + 1 < len(starts) else b.end
        if stop <= start:
            continue
        if lb[0] not in dis[code]:
            b.error = "%d bytes in section %s, which is not disassembled (not executable)" % (
                b.bytes, b.section)
            return
        addrs, insns = dis[code][lb[0]]
        i = bisect.bisect_left(addrs, start)
        if i == len(addrs) or addrs[i] != start:
            b.error = "no instruction starts at 0x%x" % start
            return
        while i < len(insns) and insns[i][0] < stop:
            addr, hexbytes, size, text = insns[i]
            raw += 1
            is_nop = nop1 is not None and hexbytes == nop1
            if not (is_nop and prev_nop):
                n += 1
            prev_nop = is_nop
            if "(bad)" in text:
                b.bad += 1
            if addr + size > stop:
                b.error = "instruction at 0x%x (%s) straddles 0x%x, the end of %s" % (
                    addr, text.strip(), stop,
                    "the block" if stop == b.end else "a code size stretch")
            i += 1
    b.insns = n
    b.raw_insns = raw


def analyze_text(text, arch, workdir=None, as_cmd=None, objdump=None, keep=None, cwd=None):
    """Run the oracle on the text of a .s file.  Returns an OracleResult.

    keep: a directory where the labelled .s and the object are left.
    cwd: where the compiler ran; the assembler runs there too, so that
    relative `.incbin "kernel/config_data.gz"` and `.include` paths resolve.
    Raises OracleError if the tools are missing or the assembler fails.
    """
    tools = arch_tools(arch, as_cmd, objdump)
    lines = text.split("\n")
    blocks, out = label_source(lines, ARCHES[arch]["code"])
    tmp = None
    try:
        if keep:
            os.makedirs(keep, exist_ok=True)
            d = keep
        else:
            tmp = tempfile.mkdtemp(prefix="asmoracle.", dir=workdir)
            d = tmp
        s_path = os.path.abspath(os.path.join(d, "labelled.s"))
        o_path = os.path.abspath(os.path.join(d, "labelled.o"))
        with open(s_path, "w", encoding=ENCODING, errors=ERRORS, newline="\n") as f:
            f.write("\n".join(out))
            if not out or out[-1] != "":
                f.write("\n")
        r = subprocess.run(tools["as"] + ["-o", o_path, s_path], cwd=cwd,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode != 0:
            raise OracleError("%s failed on %s:\n%s" % (
                " ".join(tools["as"]), s_path,
                r.stderr.decode(ENCODING, ERRORS)[-4000:]))
        sections, labels = read_elf(tools["readelf"], o_path)
        codes = {b.code for b in blocks} | {c for b in blocks for _, c in b.stretches}
        dis = {code: disassemble(tools["objdump"], o_path, sections,
                                 ["-M", OBJDUMP_CODE[code]] if code else [])
               for code in codes | {ARCHES[arch]["code"]}}
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    nop1 = ARCHES[arch]["nop1"]
    for b in blocks:
        if b.error is None:
            count_block(b, sections, labels, dis, nop1)
    return OracleResult(arch, blocks, tools)


def analyze_file(path, arch, **kw):
    with open(path, "r", encoding=ENCODING, errors=ERRORS, newline="") as f:
        return analyze_text(f.read(), arch, **kw)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Count the instructions each inline asm statement of a "
                "`gcc -S` file emits in its function's section, by assembling "
                "and disassembling it.")
    ap.add_argument("--arch", default="x86_64", choices=sorted(ARCHES))
    ap.add_argument("--json", action="store_true",
                    help="one JSON object per block instead of a table")
    ap.add_argument("--all", action="store_true", help="include top-level asm")
    ap.add_argument("--keep", metavar="DIR",
                    help="leave the labelled .s and its object in DIR")
    ap.add_argument("-C", "--cwd", metavar="DIR",
                    help="run the assembler in DIR, where the compiler ran "
                    "(relative .incbin/.include paths)")
    ap.add_argument("--as", dest="as_cmd", metavar="CMD",
                    help="assembler command (default: %s)" % "; ".join(
                "%s: %s" % (a, " ".join(s["as"])) for a, s in ARCHES.items()))
    ap.add_argument("file", help="assembly produced by gcc -S")
    args = ap.parse_args(argv)
    try:
        res = analyze_file(args.file, args.arch, keep=args.keep, cwd=args.cwd,
                           as_cmd=args.as_cmd.split() if args.as_cmd else None)
    except (OracleError, OSError) as e:
        print("asm_oracle: %s: %s" % (args.file, e), file=sys.stderr)
        return 2
    blocks = res.blocks if args.all else res.statements()
    if args.json:
        for b in blocks:
            print(json.dumps(b.as_dict()))
    else:
        print("%5s %6s %5s %-28s %s" % ("BLOCK", "INSNS", "BYTES", "FUNCTION", "WHERE / TEXT"))
        for b in blocks:
            first = b.text.strip().split("\n", 1)[0][:60]
            print("%5d %6s %5s %-28s %s:%s %s%s" % (
                b.index, "-" if b.insns is None else b.insns,
                "-" if b.bytes is None else b.bytes, b.function or "(top level)",
                b.file, b.line, first, ("  ERROR: " + b.error) if b.error else ""))
    errs = sum(1 for b in blocks if b.error)
    print("asm_oracle: %d blocks, %d instructions, %d oracle errors" % (
        len(blocks), sum(b.insns or 0 for b in blocks), errs), file=sys.stderr)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
