/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: retpoline, IBT and paravirt patch sites, objtool annotations
 *
 * Each t_* function holds exactly one asm statement whose template is the
 * text Linux 6.1.192 (Debian linux-source-6.1, x86_64_defconfig) produces
 * after preprocessing, copied from the preprocessed kernel source (.i) and
 * checked against it (see ../README.md).  Operands are rewritten over plain
 * globals so that the file is self-contained.  The two comment lines above
 * each function are the harness contract:
 *   shape:  kernel header and macro the template comes from
 *   expect: gcc_count (GCC inliner charge), est_insns (instructions the
 *           statement leaves in the function's own section, a run of
 *           one-byte nops counted once), kind (sections written)
 */

/* ASM_CALL_CONSTRAINT (arch/x86/include/asm/asm.h) */
register unsigned long current_stack_pointer __asm__("rsp");

/* struct paravirt_patch_template, reduced to the op the shape calls */
struct pv_cpu_ops {
	void (*io_delay)(void);
};
struct paravirt_patch_template {
	struct pv_cpu_ops cpu;
} pv_ops;

/*
 * One call; a cs prefix byte is added when the register is r8-r15.
 */
/* shape: arch/x86/include/asm/nospec-branch.h: CALL_NOSPEC (CONFIG_RETPOLINE, x86-64: __CS_PREFIX .irp/.ifc + call __x86_indirect_thunk_%V[thunk_target]) */
/* expect: gcc_count=7 est_insns=1 kind=plain */
__attribute__((noinline)) void t_call_nospec(void (*fn)(void))
{
	__asm__ __volatile__(
		".irp rs,r8,r9,r10,r11,r12,r13,r14,r15\n"
		".ifc \\rs,%V[thunk_target]\n"
		".byte 0x2e\n"
		".endif\n"
		".endr\n"
		"call __x86_indirect_thunk_%V[thunk_target]\n"
		: : [thunk_target] "r" (fn) : "memory");
}

/* shape: arch/x86/include/asm/paravirt_types.h: ____PVOP_CALL() paravirt_alt(PARAVIRT_CALL) with ANNOTATE_RETPOLINE_SAFE (.parainstructions, .discard.retpoline_safe) */
/* expect: gcc_count=17 est_insns=1 kind=other-section */
__attribute__((noinline)) void t_paravirt_call(void)
{
	unsigned long rdi, rsi, rdx, rcx;

	__asm__ __volatile__(
		"771:\n"
		"\t999:\n"
		"\t.pushsection .discard.retpoline_safe\n"
		"\t .quad  999b\n"
		"\t.popsection\n"
		"\tcall *%[paravirt_opptr];\n"
		"772:\n"
		".pushsection .parainstructions,\"a\"\n"
		" .balign 8 \n"
		" .quad  771b\n"
		"  .byte %c[paravirt_typenum]\n"
		"  .byte 772b-771b\n"
		"  .short %c[paravirt_clobber]\n"
		" .balign 8 \n"
		".popsection\n"
		: "=D" (rdi), "=S" (rsi), "=d" (rdx), "=c" (rcx), "+r" (current_stack_pointer)
		: [paravirt_typenum] "i" (0), [paravirt_opptr] "m" (pv_ops.cpu.io_delay),
		  [paravirt_clobber] "i" ((1 << 9) - 1)
		: "memory", "cc", "rax", "r8", "r9", "r10", "r11");
}

/* shape: arch/x86/kernel/traps.c: ibt_selftest() ANNOTATE_RETPOLINE_SAFE + UNWIND_HINT_FUNC + ANNOTATE_NOENDBR (label defined inside the template) */
/* expect: gcc_count=22 est_insns=3 kind=other-section */
__attribute__((noinline)) unsigned long t_ibt_selftest(void)
{
	unsigned long ret;

	__asm__(
		"\tlea ibt_selftest_ip(%%rip), %%rax\n"
		"\t999:\n"
		"\t.pushsection .discard.retpoline_safe\n"
		"\t .quad  999b\n"
		"\t.popsection\n"
		"\t\tjmp *%%rax\n"
		"\tibt_selftest_ip:\n"
		"\t987: \n"
		"\t.pushsection .discard.unwind_hints\n"
		"\t.long 987b - .\n"
		"\t.short 8\n"
		"\t.byte 5\n"
		"\t.byte 3\n"
		"\t.byte 0\n"
		"\t.balign 4 \n"
		"\t.popsection\n"
		"\t986: \n"
		"\t.pushsection .discard.noendbr\n"
		"\t .quad  986b\n"
		"\t.popsection\n"
		"\t\tnop\n"
		"\t"
		: "=a" (ret) : : "memory");
	return !ret;
}

/* shape: arch/x86/include/asm/xen/hypercall.h: __xen_stac() ANNOTATE_IGNORE_ALTERNATIVE ASM_STAC */
/* expect: gcc_count=25 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_xen_stac(void)
{
	__asm__ __volatile__(
		"999:\n"
		"\t.pushsection .discard.ignore_alts\n"
		"\t.long 999b - .\n"
		"\t.popsection\n"
		"\t# ALT: oldnstr\n"
		"661:\n"
		"\t\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 9*32+20)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\t.byte 0x0f,0x01,0xcb\n"
		"6651:\n"
		".popsection\n"
		::: "memory", "flags");
}

/* shape: arch/x86/include/asm/nospec-branch.h: x86_clear_cpu_buffers() "verw %[ds]" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_clear_cpu_buffers(void)
{
	static const unsigned short ds = 0x18;

	__asm__ __volatile__(
		"verw %[ds]"
		: : [ds] "m" (ds) : "cc");
}

/* shape: arch/x86/include/asm/barrier.h: array_index_mask_nospec() "cmp %1,%2; sbb %0,%0;" */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned long t_array_index_mask_nospec(unsigned long index, unsigned long size)
{
	unsigned long mask;

	__asm__ __volatile__(
		"cmp %1,%2; sbb %0,%0;"
		:"=r" (mask) :"g"(size),"r" (index) :"cc");
	return mask;
}

/* shape: arch/x86/include/asm/ibt.h: gen_endbr() (CONFIG_X86_KERNEL_IBT) */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned int t_gen_endbr(void)
{
	unsigned int endbr;

	__asm__(
		"mov $~0xfa1e0ff3, %[endbr]\n"
		"\tnot %[endbr]\n"
		"\t"
		: [endbr] "=&r" (endbr));
	return endbr;
}

/* shape: arch/x86/include/asm/ibt.h: ASM_ENDBR (CONFIG_X86_KERNEL_IBT, 64-bit) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_asm_endbr(void)
{
	__asm__ __volatile__(
		"endbr64\n"
		"\t");
}

/* shape: arch/x86/include/asm/ibt.h: IBT_NOSEAL(fname) (CONFIG_X86_KERNEL_IBT; _ASM_PTR = " .quad ") */
/* expect: gcc_count=4 est_insns=0 kind=other-section */
__attribute__((noinline)) void t_ibt_noseal(void)
{
	__asm__ __volatile__(
		".pushsection .discard.ibt_endbr_noseal\n"
		"\t .quad  t_ibt_noseal\n"
		"\t.popsection\n"
		"\t");
}
