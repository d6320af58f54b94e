/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, arm64: hostile and edge-case template shapes.
 *
 * Not copied from the kernel; each one isolates a GAS or GCC rule a
 * template model must get right on AArch64, where ";" separates statements,
 * "//" starts a comment anywhere and "#" only at the start of a line
 * (elsewhere it marks an immediate).  The expect lines were measured, not
 * reasoned (see ../README.md).
 */

unsigned long g_word;

/* shape: synthetic: ";", "//" and "#" inside an .ascii string in another section */
/* expect: gcc_count=5 est_insns=1 kind=other-section */
__attribute__((noinline)) void t_ascii_separators(void)
{
	__asm__ __volatile__(
		"isb\n"
		"\t.pushsection .rodata.corpus,\"a\"\n"
		"\t.ascii \"a;b//c#d\"\n"
		"\t.popsection");
}

/* shape: synthetic: ";" inside a "//" comment */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_slash_comment_semicolon(void)
{
	__asm__ __volatile__(
		"isb // one; two\n"
		"\tdsb sy");
}

/* shape: synthetic: "#" at the start of a line is a comment on AArch64 */
/* expect: gcc_count=5 est_insns=1 kind=plain */
__attribute__((noinline)) void t_hash_line_comment(void)
{
	__asm__ __volatile__(
		"\n"
		"# comment; with; separators\n"
		"\tisb");
}

/* shape: synthetic: "#" immediates and ";" separators on one line */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned long t_hash_immediates(void)
{
	unsigned long r;

	__asm__ __volatile__(
		"mov %0, #1; add %0, %0, #2"
		: "=r" (r));
	return r;
}

/* shape: synthetic: ";", "//" and a newline inside a C comment */
/* expect: gcc_count=4 est_insns=2 kind=plain */
__attribute__((noinline)) void t_c_comment_separators(void)
{
	__asm__ __volatile__(
		"isb /* a; b\n"
		"\t c // d */\n"
		"\tdsb sy");
}

/* shape: synthetic: three statements separated by ";" */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_semicolons(void)
{
	__asm__ __volatile__(
		"isb; dsb sy; dmb ish");
}

/* shape: synthetic: nested .pushsection/.popsection */
/* expect: gcc_count=9 est_insns=2 kind=other-section */
__attribute__((noinline)) void t_nested_pushsection(void)
{
	__asm__ __volatile__(
		"1:\tisb\n"
		".pushsection .corpus.outer,\"a\"\n"
		"\t.word 1b - .\n"
		".pushsection .corpus.inner,\"a\"\n"
		"\t.word 1b - .\n"
		".popsection\n"
		"\t.word 2\n"
		".popsection\n"
		"\tdsb sy");
}

/* shape: synthetic: .section ... .previous */
/* expect: gcc_count=5 est_insns=2 kind=other-section */
__attribute__((noinline)) void t_section_previous(void)
{
	__asm__ __volatile__(
		"isb\n"
		"\t.section .corpus.data,\"aw\"\n"
		"\t.quad 0\n"
		"\t.previous\n"
		"\tdsb sy");
}

/* shape: synthetic: .subsection 1 ... .previous: out-of-line code in the function's own section (not counted; same ELF section, so kind plain) */
/* expect: gcc_count=6 est_insns=2 kind=plain */
__attribute__((noinline)) void t_subsection(void)
{
	__asm__ __volatile__(
		"isb\n"
		"\t.subsection 1\n"
		"\tdsb sy\n"
		"\tdsb sy\n"
		"\t.previous\n"
		"\tdmb ish");
}

/* shape: synthetic: .rept 3 ... .endr */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_rept(void)
{
	__asm__ __volatile__(
		".rept 3\n"
		"\tisb\n"
		"\t.endr");
}

/* shape: synthetic: .if/.else/.endif, true branch */
/* expect: gcc_count=6 est_insns=1 kind=plain */
__attribute__((noinline)) void t_if_else(void)
{
	__asm__ __volatile__(
		".if 1\n"
		"\tisb\n"
		"\t.else\n"
		"\tdsb sy\n"
		"\tdsb sy\n"
		"\t.endif");
}

/* shape: synthetic: .if on a false constant expression takes .else */
/* expect: gcc_count=6 est_insns=2 kind=plain */
__attribute__((noinline)) void t_if_expr_false(void)
{
	__asm__ __volatile__(
		".if (2 > 3)\n"
		"\tisb\n"
		"\t.else\n"
		"\tdsb sy\n"
		"\tdmb ish\n"
		"\t.endif");
}

/* shape: synthetic: .macro defined, invoked and .purgem'd in one template */
/* expect: gcc_count=6 est_insns=2 kind=plain */
__attribute__((noinline)) void t_macro_purgem(void)
{
	__asm__ __volatile__(
		".macro corpus_twice insn\n"
		"\t\\insn\n"
		"\t\\insn\n"
		"\t.endm\n"
		"\tcorpus_twice isb\n"
		"\t.purgem corpus_twice");
}

/* shape: synthetic: .irp/.ifc over registers (the pattern of __DEFINE_ASM_GPR_NUMS and x86 __CS_PREFIX) */
/* expect: gcc_count=5 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_irp_ifc(unsigned long v)
{
	__asm__ __volatile__(
		".irp rs,x0,x1,x2,x3\n"
		"\t.ifc \\rs,%x0\n"
		"\tadd %x0, %x0, #1\n"
		"\t.endif\n"
		"\t.endr"
		: "+r" (v));
	return v;
}

/* shape: synthetic: empty template "" */
/* expect: gcc_count=1 est_insns=0 kind=plain */
__attribute__((noinline)) void t_empty(void)
{
	__asm__ __volatile__(
		"");
}

/* shape: synthetic: template of only newlines */
/* expect: gcc_count=4 est_insns=0 kind=plain */
__attribute__((noinline)) void t_only_newlines(void)
{
	__asm__ __volatile__(
		"\n"
		"\n"
		"\n");
}

/* shape: synthetic: numeric labels with an instruction on the same line */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) void t_label_with_insn(void)
{
	__asm__ __volatile__(
		"1: isb\n"
		"2: dsb sy");
}

/* shape: synthetic: several labels on one line */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_several_labels(void)
{
	__asm__ __volatile__(
		"1: 2: .Lcorpus_l%=: isb"
		: :);
}

/* shape: synthetic: %= unique label number */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_unique_label(void)
{
	__asm__ __volatile__(
		".Lcorpus_u%=:\n"
		"\tisb\n"
		"\tb .Lcorpus_u%="
		: :);
}

/* shape: synthetic: .inst with several words (two nops, one isb) */
/* expect: gcc_count=2 est_insns=3 kind=plain */
__attribute__((noinline)) void t_inst_run(void)
{
	__asm__ __volatile__(
		".inst 0xd503201f, 0xd503201f\n"
		"\t.inst 0xd5033fdf");
}

/* shape: synthetic: .balign 4 between 4-byte instructions pads nothing (larger alignments depend on where GCC's ".p2align 4,,11" put the function) */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_balign_noop(void)
{
	__asm__ __volatile__(
		"isb\n"
		"\t.balign 4\n"
		"\tdsb sy");
}

/* shape: synthetic: %w/%x operand modifiers */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) long t_operand_modifiers(int v)
{
	long r;

	__asm__ __volatile__(
		"add %w0, %w1, #1\n"
		"\tsxtw %x0, %w0"
		: "=&r" (r) : "r" (v));
	return r;
}

/* shape: synthetic: %[name] and %c1 operands */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned long t_named_and_c_operands(unsigned long v)
{
	unsigned long out;

	__asm__ __volatile__(
		"mov %[out], %[val]\n"
		"\tadd %[out], %[out], #%c1"
		: [out] "=&r" (out) : "i" (42), [val] "r" (v));
	return out;
}

/* shape: synthetic: asm inline with three instructions (GCC charges 1) */
/* expect: gcc_count=1 est_insns=3 kind=plain */
__attribute__((noinline)) void t_asm_inline_multiline(void)
{
	__asm__ __inline__ __volatile__(
		"isb\n"
		"\tisb\n"
		"\tisb");
}

/* shape: synthetic: .arch_extension then an LSE instruction */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_arch_extension(void)
{
	__asm__ __volatile__(
		".arch_extension lse\n"
		"\tstadd %w1, %0"
		: "+Q" (g_word) : "r" (1));
}

/* shape: synthetic: basic asm with ";" */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) void t_basic_asm(void)
{
	__asm__(
		"isb; isb");
}
