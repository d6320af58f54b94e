/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: hostile and edge-case template shapes.
 *
 * These are not copied from the kernel; each one isolates a GAS or GCC rule
 * a template model must get right (separators inside strings and comments,
 * sections, macros, conditionals, repetitions, prefixes, padding, operand
 * syntax).  The expect lines were measured, not reasoned (see ../README.md).
 */

typedef unsigned int u32;
unsigned long g_word;
unsigned int g_int;

#define REP10(x) x x x x x x x x x x
#define REP100(x) REP10(REP10(x))
#define REP1000(x) REP10(REP100(x))

/* shape: synthetic: ";" and "#" inside an .ascii string in another section */
/* expect: gcc_count=5 est_insns=1 kind=other-section */
__attribute__((noinline)) void t_ascii_separators(void)
{
	__asm__ __volatile__(
		"lfence\n"
		"\t.pushsection .rodata.corpus,\"a\"\n"
		"\t.ascii \"a;b#c\"\n"
		"\t.popsection");
}

/* shape: synthetic: escaped quote and backslash before ";" inside an .asciz string */
/* expect: gcc_count=5 est_insns=1 kind=other-section */
__attribute__((noinline)) void t_escaped_quote_string(void)
{
	__asm__ __volatile__(
		".pushsection .rodata.corpus,\"a\"\n"
		"\t.asciz \"q\\\";r#s\\\\\"\n"
		"\t.popsection\n"
		"\tlfence");
}

/* shape: synthetic: ";" inside a "#" comment (GCC counts them, GAS does not) */
/* expect: gcc_count=4 est_insns=2 kind=plain */
__attribute__((noinline)) void t_hash_comment_semicolon(void)
{
	__asm__ __volatile__(
		"lfence # one; two; three\n"
		"\tsfence");
}

/* shape: synthetic: ";" and a newline inside a C comment */
/* expect: gcc_count=5 est_insns=2 kind=plain */
__attribute__((noinline)) void t_c_comment_separators(void)
{
	__asm__ __volatile__(
		"lfence /* a; b\n"
		"\t c; d */\n"
		"\tsfence");
}

/* shape: synthetic: nested .pushsection/.popsection */
/* expect: gcc_count=9 est_insns=2 kind=other-section */
__attribute__((noinline)) void t_nested_pushsection(void)
{
	__asm__ __volatile__(
		"1:\tlfence\n"
		".pushsection .corpus.outer,\"a\"\n"
		"\t.long 1b - .\n"
		".pushsection .corpus.inner,\"a\"\n"
		"\t.long 1b - .\n"
		".popsection\n"
		"\t.long 2\n"
		".popsection\n"
		"\tsfence");
}

/* shape: synthetic: .section ... .previous */
/* expect: gcc_count=5 est_insns=2 kind=other-section */
__attribute__((noinline)) void t_section_previous(void)
{
	__asm__ __volatile__(
		"lfence\n"
		"\t.section .corpus.data,\"aw\"\n"
		"\t.quad 0\n"
		"\t.previous\n"
		"\tsfence");
}

/* shape: synthetic: .subsection 1 ... .previous: out-of-line code in the function's own section (not counted; same ELF section, so kind plain) */
/* expect: gcc_count=6 est_insns=2 kind=plain */
__attribute__((noinline)) void t_subsection(void)
{
	__asm__ __volatile__(
		"pause\n"
		"\t.subsection 1\n"
		"\tlfence\n"
		"\tlfence\n"
		"\t.previous\n"
		"\tsfence");
}

/* shape: synthetic: .rept 3 ... .endr */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_rept(void)
{
	__asm__ __volatile__(
		".rept 3\n"
		"\tlfence\n"
		"\t.endr");
}

/* shape: synthetic: .rept of one-byte nops (one run) */
/* expect: gcc_count=4 est_insns=2 kind=plain */
__attribute__((noinline)) void t_rept_nops(void)
{
	__asm__ __volatile__(
		".rept 3\n"
		"\tnop\n"
		"\t.endr\n"
		"\tsfence");
}

/* shape: synthetic: .if/.else/.endif, true branch */
/* expect: gcc_count=6 est_insns=1 kind=plain */
__attribute__((noinline)) void t_if_else(void)
{
	__asm__ __volatile__(
		".if 1\n"
		"\tlfence\n"
		"\t.else\n"
		"\tmfence\n"
		"\tmfence\n"
		"\t.endif");
}

/* shape: synthetic: .if on a false constant expression takes .else */
/* expect: gcc_count=6 est_insns=2 kind=plain */
__attribute__((noinline)) void t_if_expr_false(void)
{
	__asm__ __volatile__(
		".if (2 > 3)\n"
		"\tlfence\n"
		"\t.else\n"
		"\tmfence\n"
		"\tsfence\n"
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
		"\tcorpus_twice lfence\n"
		"\t.purgem corpus_twice");
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
		"1: lfence\n"
		"2: sfence");
}

/* shape: synthetic: several labels on one line */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_several_labels(void)
{
	__asm__ __volatile__(
		"1: 2: .Lcorpus_l%=: lfence"
		: :);
}

/* shape: synthetic: lock prefix as its own statement ("lock; incl") */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_lock_separate(void)
{
	__asm__ __volatile__(
		"lock; incl %0"
		: "+m" (g_int));
}

/* shape: synthetic: lock prefix on its own line */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_lock_own_line(void)
{
	__asm__ __volatile__(
		"lock\n"
		"\tincl %0"
		: "+m" (g_int));
}

/* shape: synthetic: "rep; movsb" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_rep_movsb(void *d, const void *s, unsigned long n)
{
	__asm__ __volatile__(
		"rep; movsb"
		: "+D" (d), "+S" (s), "+c" (n) : : "memory");
}

/* shape: synthetic: .skip 3, 0x90 padding between instructions */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_skip_nops(void)
{
	__asm__ __volatile__(
		"lfence\n"
		"\t.skip 3, 0x90\n"
		"\tsfence");
}

/* shape: synthetic: .fill 2, 1, 0x90 followed by nop (one run) */
/* expect: gcc_count=4 est_insns=3 kind=plain */
__attribute__((noinline)) void t_fill_nops(void)
{
	__asm__ __volatile__(
		"lfence\n"
		"\t.fill 2, 1, 0x90\n"
		"\tnop\n"
		"\tsfence");
}

/* shape: synthetic: .nops 4 (GAS picks one 4-byte nop) */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_nops_directive(void)
{
	__asm__ __volatile__(
		"lfence\n"
		"\t.nops 4\n"
		"\tsfence");
}

/* shape: synthetic: .balign 8 as the first statement of a ".p2align 4" function: no padding */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_balign_at_entry(void)
{
	__asm__ __volatile__(
		".balign 8\n"
		"\tlfence");
}

/* shape: synthetic: .balign 8 after a 3-byte instruction at function entry (GCC aligns x86-64 functions with ".p2align 4"): GAS fills 5 bytes with one nopl */
/* expect: gcc_count=3 est_insns=3 kind=plain pad_uncertain=1 */
__attribute__((noinline)) void t_balign_mid(void)
{
	__asm__ __volatile__(
		"lfence\n"
		"\t.balign 8\n"
		"\tsfence");
}

/* shape: synthetic: .byte run encoding one instruction (lfence) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_run_lfence(void)
{
	__asm__ __volatile__(
		".byte 0x0f, 0xae, 0xe8");
}

/* shape: synthetic: .byte 0x90 run joined by nop, then a 2-byte nop */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_nops(void)
{
	__asm__ __volatile__(
		".byte 0x90, 0x90\n"
		"\tnop\n"
		"\t.byte 0x66, 0x90");
}

/* shape: synthetic: one-byte nops across a label: still one run */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_nop_run_across_label(void)
{
	__asm__ __volatile__(
		"nop\n"
		"1:\tnop\n"
		"\tnop");
}

/* shape: synthetic: %= unique label number */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_unique_label(void)
{
	__asm__ __volatile__(
		".Lcorpus_u%=:\n"
		"\tlfence\n"
		"\tjmp .Lcorpus_u%="
		: :);
}

/* shape: synthetic: %% register escapes in extended asm */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned int t_percent_escape(void)
{
	unsigned int r;

	__asm__ __volatile__(
		"movl %%eax, %0\n"
		"\txorl %%eax, %%eax"
		: "=r" (r) : : "eax");
	return r;
}

/* shape: synthetic: %[name] and %c1 operands */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned long t_named_and_c_operands(unsigned long v)
{
	unsigned long out;

	__asm__ __volatile__(
		"movq %[val], %[out]\n"
		"\taddq $%c1, %[out]"
		: [out] "=&r" (out) : "i" (42), [val] "r" (v));
	return out;
}

/* shape: synthetic: dialect alternatives {att|intel} in extended asm */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) long t_dialect_alternatives(int v)
{
	long r;

	__asm__ __volatile__(
		"movs{lq|xd} %1, %0\n"
		"\tadd{q|} $1, %0"
		: "=r" (r) : "r" (v));
	return r;
}

/* shape: synthetic: .intel_syntax/.att_syntax switch inside a template */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_intel_syntax_switch(void)
{
	__asm__ __volatile__(
		".intel_syntax noprefix\n"
		"\tmov eax, 1\n"
		"\t.att_syntax prefix"
		::: "eax");
}

/* shape: synthetic: basic asm (no operands): % is literal, ";" separates */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) void t_basic_asm_percent(void)
{
	__asm__(
		"pushq %rax; popq %rax");
}

/* shape: synthetic: asm inline with three instructions (GCC charges 1) */
/* expect: gcc_count=1 est_insns=3 kind=plain */
__attribute__((noinline)) void t_asm_inline_multiline(void)
{
	__asm__ __inline__ __volatile__(
		"lfence\n"
		"\tlfence\n"
		"\tlfence");
}

/* shape: synthetic: only .set/.equ symbol assignments */
/* expect: gcc_count=2 est_insns=0 kind=plain */
__attribute__((noinline)) void t_set_only(void)
{
	__asm__ __volatile__(
		".set .Lcorpus_const%=, 4\n"
		"\t.equ .Lcorpus_const2%=, .Lcorpus_const%= * 2"
		: :);
}

/* shape: synthetic: 1200 lines: GCC caps its count at 1000 */
/* expect: gcc_count=1000 est_insns=1200 kind=plain */
__attribute__((noinline)) void t_cap_1000(void)
{
	__asm__ __volatile__(
		REP1000("lfence\n")
		REP100("lfence\n")
		REP100("lfence\n"));
}
