#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""oracle_selftest -- prove asm_oracle on statements whose counts are obvious.

Each case is one asm statement alone in a noinline function; the expected
instruction count (and, where it is fixed, the byte count) is written next to
it and follows from the encodings alone.  The snippets are compiled with
`gcc -O2 -S` (-m32 for i386, -m16 for i386-code16), run through
asm_oracle, and every field checked.  arm64 cases run when
aarch64-linux-gnu-gcc and -as are installed, and are skipped with a
printed reason otherwise.

Exit: 0 all passed, 1 a check failed, 77 no compiler for any architecture.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asm_oracle  # noqa: E402

# (function, C body, expected insns, expected bytes or None, expected error substring or None)
X86_CASES = [
    ("t_nop", 'asm volatile("nop");', 1, 1, None),
    ("t_lock_incl", 'asm volatile("lock; incl %0" : "+m"(var));', 1, None, None),
    ("t_lock_prefix",
     'asm volatile(".pushsection .smp_locks,\\"a\\"\\n.balign 4\\n.long 671f - .\\n'
     '.popsection\\n671:\\n\\tlock; incl %0" : "+m"(var));', 1, None, None),
    ("t_skip_nops", 'asm volatile(".skip 3,0x90");', 1, 3, None),
    ("t_byte_nopl", 'asm volatile(".byte 0x0f,0x1f,0x44,0,0");', 1, 5, None),
    ("t_byte_nop_run", 'asm volatile(".byte 0x90,0x90");', 1, 2, None),
    ("t_two_on_a_line", 'asm volatile("addl $1,%0; addl $2,%0" : "+r"(arg));', 2, 6, None),
    ("t_two_lines", 'asm volatile("pause\\n\\tpause");', 2, 4, None),
    ("t_nop_run_broken", 'asm volatile("nop; pause; nop; nop");', 3, 5, None),
    ("t_rept_nops", 'asm volatile(".rept 4\\nnop\\n.endr");', 1, 4, None),
    ("t_rept_pause", 'asm volatile(".rept 3\\npause\\n.endr");', 3, 6, None),
    ("t_data_only",
     'asm volatile(".pushsection .data.asmoracle,\\"aw\\"\\n.quad 1, 2, 3\\n.popsection");',
     0, 0, None),
    ("t_other_text_only",
     'asm volatile(".pushsection .text.asmoracle,\\"ax\\"\\nnop\\nnop\\npause\\n.popsection");',
     0, 0, None),
    ("t_comment_only", 'asm volatile("# just a comment");', 0, 0, None),
    ("t_label_only", 'asm volatile("1:");', 0, 0, None),
    ("t_xchg_nop", 'asm volatile(".byte 0x66, 0x90");', 1, 2, None),
    ("t_lock_nop_run", 'asm volatile("nop\\n.byte 0x90\\n.skip 2, 0x90\\nlock; incl %0" : "+m"(var));',
     2, None, None),
    # .incbin is read relative to where the assembler runs (the compiler's
    # directory): asmoracle-code.bin holds 90 90 0f 0b = a NOP run and ud2.
    ("t_incbin_code", 'asm volatile(".incbin \\"asmoracle-code.bin\\"");', 2, 4, None),
    ("t_incbin_data", 'asm volatile(".pushsection .rodata.asmoracle,\\"a\\"\\n'
                      '.incbin \\"asmoracle-code.bin\\"\\n.popsection");', 0, 0, None),
    # GCC switches to the cold partition inside the #APP run: the .section
    # and the .cold label after the closing marker are GCC's, not the asm's.
    ("t_cold_partition", 'if (arg == 42) asmoracle_cold(arg); asm volatile("ud2"); '
                         '__builtin_unreachable();', 1, 2, None),
    ("t_unbalanced_push", 'asm volatile(".pushsection .text.asmoracle_b,\\"ax\\"\\nnop");'
                          ' asm volatile(".popsection");', None, None, "ends in section"),
]

# 32-bit code (gcc -m32): 0x40 is inc; a .code16 stretch is 16-bit code;
# .code directives the oracle cannot place are errors, never guesses.
I386_CASES = [
    ("t_nop", 'asm volatile("nop");', 1, 1, None),
    ("t_two_lines", 'asm volatile("pause\\n\\tpause");', 2, 4, None),
    ("t_inc_nop", 'asm volatile(".byte 0x40, 0x90");', 2, 2, None),
    ("t_mov_imm32", 'asm volatile(".byte 0xb8, 1, 0, 0, 0");', 1, 5, None),
    ("t_code16_stretch", 'asm volatile(".code16\\n.byte 0xb8, 1, 0, 0, 0\\n.code32");',
     2, 5, None),
    # Last: after these the oracle no longer knows the code size.
    ("t_code_in_rept", 'asm volatile(".rept 1\\n.code16\\n.code32\\n.endr");',
     None, None, "cannot tell"),
    ("t_code_unplaced", 'asm volatile("nop; .code16; .code32");', None, None, "cannot place"),
    ("t_after_unplaced", 'asm volatile("nop");', None, None, "code size unknown"),
]

# gcc -m16: the file starts with .code16gcc, so the same bytes are 16-bit code.
I386_CODE16_CASES = [
    ("t_nop", 'asm volatile("nop");', 1, 1, None),
    ("t_two_lines", 'asm volatile("pause\\n\\tpause");', 2, 4, None),
    ("t_mov_imm16", 'asm volatile(".byte 0xb8, 1, 0, 0, 0");', 2, 5, None),
    ("t_code32_stretch", 'asm volatile(".code32\\n.byte 0xb8, 1, 0, 0, 0\\n.code16gcc");',
     1, 5, None),
]

ARM64_CASES = [
    ("t_nop", 'asm volatile("nop");', 1, 4, None),
    ("t_nop_nop", 'asm volatile("nop; nop");', 2, 8, None),  # no 1-byte NOP runs on arm64
    ("t_inst", 'asm volatile(".inst 0xd503201f");', 1, 4, None),
    ("t_data_only",
     'asm volatile(".pushsection .data.asmoracle,\\"aw\\"\\n.quad 1\\n.popsection");', 0, 0, None),
    ("t_two_lines", 'asm volatile("add %0, %0, #1\\n\\tadd %0, %0, #2" : "+r"(arg));', 2, 8, None),
    ("t_alt_like",
     'asm volatile("661: nop\\n662:\\n.pushsection .altinstr_replacement,\\"ax\\"\\n'
     '663: isb\\n664:\\n.popsection");', 1, 4, None),
]


def make_source(cases):
    out = ["int var;", "extern void __attribute__((cold, noreturn)) asmoracle_cold(int);", ""]
    for fn, body, *_ in cases:
        out.append("__attribute__((noinline)) int %s(int arg) { %s return arg; }" % (fn, body))
    out.append('asm(".macro asmoracle_unused\\n nop\\n .endm");')
    return "\n".join(out) + "\n"


def run_arch(arch, cases, tmp):
    """Returns (checks, failures) or None when the tools are missing."""
    gcc = asm_oracle.find_tool(asm_oracle.ARCHES[arch]["gcc"])
    try:
        asm_oracle.arch_tools(arch)
    except asm_oracle.OracleError as e:
        print("SKIP %s: %s" % (arch, e))
        return None
    if not gcc:
        print("SKIP %s: no compiler (%s)" % (arch, ", ".join(asm_oracle.ARCHES[arch]["gcc"])))
        return None
    c = os.path.join(tmp, "cases-%s.c" % arch)
    s = os.path.join(tmp, "cases-%s.s" % arch)
    with open(c, "w") as f:
        f.write(make_source(cases))
    subprocess.run([gcc, "-O2"] + asm_oracle.ARCHES[arch]["cflags"] + ["-S", "-o", s, c],
                   check=True)
    keep = os.path.join(tmp, "keep-%s" % arch)
    with open(os.path.join(tmp, "asmoracle-code.bin"), "wb") as f:
        f.write(bytes([0x90, 0x90, 0x0f, 0x0b]))
    res = asm_oracle.analyze_file(s, arch, keep=keep, cwd=tmp)
    by_fn = {}
    for b in res.statements():
        by_fn.setdefault(b.c_function, []).append(b)
    checks = fails = 0

    def check(ok, what):
        nonlocal checks, fails
        checks += 1
        if not ok:
            fails += 1
        print("%s %s: %s" % ("ok  " if ok else "FAIL", arch, what))

    for fn, body, insns, nbytes, err in cases:
        bl = by_fn.get(fn, [])
        if not bl:
            check(False, "%s: no block found" % fn)
            continue
        b = bl[0]
        if err:
            check(b.error is not None and err in b.error,
                  "%s: oracle error %r (want %r)" % (fn, b.error, err))
            continue
        check(b.error is None and b.insns == insns,
              "%s: insns %s (want %s)%s" % (fn, b.insns, insns,
                                            " error: " + b.error if b.error else ""))
        if nbytes is not None:
            check(b.bytes == nbytes, "%s: bytes %s (want %s)" % (fn, b.bytes, nbytes))
        check(b.function == fn and b.file == c and b.line is not None,
              "%s: located in function %s at %s:%s" % (fn, b.function, b.file, b.line))
    # The text is exactly what GCC printed between its markers.
    b = by_fn["t_nop"][0]
    check(b.text == "\tnop", "t_nop: text %r" % b.text)
    two = by_fn["t_two_lines"][0]
    check(two.text.count("\n") == 1, "t_two_lines: text keeps its newline: %r" % two.text)
    top = [b for b in res.blocks if b.kind == "toplevel"]
    check(len(top) == 1 and top[0].function is None and top[0].insns == 0,
          "top-level asm reported apart: %d block(s)" % len(top))
    check(len(res.statements()) == sum(2 if "unbalanced" in c[0] else 1 for c in cases),
          "one block per statement: %d" % len(res.statements()))
    if any(c[0] == "t_cold_partition" for c in cases):
        with open(s) as f:
            check("t_cold_partition.cold:" in f.read(),
                  "GCC split t_cold_partition into a .cold part")
    # The labels change no byte: the code sections of the labelled object
    # equal those of the original .s assembled as is.
    tools = asm_oracle.arch_tools(arch)
    orig = os.path.join(tmp, "orig-%s.o" % arch)
    subprocess.run(tools["as"] + ["-o", orig, s], check=True, cwd=tmp)
    for sec in (".text", ".text.unlikely", ".text.asmoracle"):
        contents = []
        for o in (orig, os.path.join(keep, "labelled.o")):
            subprocess.run([objcopy_for(arch), "-O", "binary", "--only-section=" + sec,
                            o, o + ".bin"], check=True)
            with open(o + ".bin", "rb") as f:
                contents.append(f.read())
        check(contents[0] == contents[1] and (contents[0] or sec != ".text"),
              "labels leave %s unchanged (%d bytes)" % (sec, len(contents[0])))
    return checks, fails


def objcopy_for(arch):
    return "objcopy" if arch != "arm64" else (
        asm_oracle.find_tool("aarch64-linux-gnu-objcopy") or "objcopy")


def main():
    total = fails = 0
    ran = 0
    with tempfile.TemporaryDirectory(prefix="oracle_selftest.") as tmp:
        for arch, cases in (("x86_64", X86_CASES), ("i386", I386_CASES),
                            ("i386-code16", I386_CODE16_CASES), ("arm64", ARM64_CASES)):
            r = run_arch(arch, cases, tmp)
            if r is None:
                continue
            ran += 1
            total += r[0]
            fails += r[1]
    if not ran:
        print("SKIP: no architecture has its compiler and binutils installed")
        return 77
    print("oracle_selftest: %d checks, %d failed" % (total, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
