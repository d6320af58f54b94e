/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, arm64: ALTERNATIVE / ALTERNATIVE_CB users
 *
 * Each t_* function holds exactly one asm statement whose template is the
 * text Linux 6.1.192 (Debian linux-source-6.1, arm64 defconfig) produces
 * after preprocessing, copied from the preprocessed kernel source (.i) and
 * checked against it (see ../README.md).  Operands are rewritten over plain
 * globals so that the file is self-contained.  The two comment lines above
 * each function are the harness contract:
 *   shape:  kernel header and macro the template comes from
 *   expect: gcc_count (GCC inliner charge), est_insns (instructions the
 *           statement leaves inline in the function's own section; code the
 *           template moves to ".subsection 1" is out of line and not
 *           counted), kind (sections written)
 *
 * In 6.1.192 the .L__gpr_num_* symbols used by mrs_s/msr_s and the
 * extable macros are defined inside each template (__DEFINE_ASM_GPR_NUMS
 * expands to an .irp/.equ block), so no top-level asm is needed.
 */

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

/* current_stack_pointer: arch/arm64/include/asm/stack_pointer.h */
register unsigned long current_stack_pointer __asm__("sp");

/* shape: arch/arm64/include/asm/barrier.h: spec_bar() ALTERNATIVE("dsb nsh\nisb\n", SB_BARRIER_INSN"nop\n", ARM64_HAS_SB) */
/* expect: gcc_count=24 est_insns=2 kind=alternative */
__attribute__((noinline)) void t_spec_bar(void)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tdsb nsh\n"
		"isb\n"
		"\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 32\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.inst (0xd5000000 | (((0) << 19) | ((3) << 16) | ((3) << 12) | (((0)) << 8) | (((7)) << 5)) | ((31) & 0x1f))\n"
		"\tnop\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n");
}

/*
 * The replacement defines .L__gpr_num_*, defines the msr_s .macro,
 * uses it and .purgem's it, all inside .subsection 1.
 */
/* shape: arch/arm64/include/asm/irqflags.h: arch_local_irq_enable() ALTERNATIVE("msr daifclr, #3 // ...", __msr_s(SYS_ICC_PMR_EL1, "%0"), ARM64_HAS_IRQ_PRIO_MASKING) */
/* expect: gcc_count=31 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_irq_enable(void)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tmsr\tdaifclr, #3\t\t// arch_local_irq_enable\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 24\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		"\t.macro\tmsr_s, sreg, rt\n"
		".inst (0xd5000000|(\\sreg)|(.L__gpr_num_\\rt))\n"
		"\t\t.endm\n"
		"\tmsr_s (((3) << 19) | ((0) << 16) | ((4) << 12) | ((6) << 8) | ((0) << 5)), %0\n"
		"\t.purgem\tmsr_s\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: : "r" ((unsigned long)0xe0) : "memory");
}

/* shape: arch/arm64/include/asm/irqflags.h: arch_local_irq_disable() ALTERNATIVE("msr daifset, #3 // ...", __msr_s(SYS_ICC_PMR_EL1, "%0"), ARM64_HAS_IRQ_PRIO_MASKING) */
/* expect: gcc_count=31 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_irq_disable(void)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tmsr\tdaifset, #3\t\t// arch_local_irq_disable\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 24\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		"\t.macro\tmsr_s, sreg, rt\n"
		".inst (0xd5000000|(\\sreg)|(.L__gpr_num_\\rt))\n"
		"\t\t.endm\n"
		"\tmsr_s (((3) << 19) | ((0) << 16) | ((4) << 12) | ((6) << 8) | ((0) << 5)), %0\n"
		"\t.purgem\tmsr_s\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: : "r" ((unsigned long)0x60) : "memory");
}

/* shape: arch/arm64/include/asm/irqflags.h: arch_local_save_flags() ALTERNATIVE("mrs %0, daif", __mrs_s("%0", SYS_ICC_PMR_EL1), ...) */
/* expect: gcc_count=31 est_insns=1 kind=alternative */
__attribute__((noinline)) unsigned long t_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tmrs\t%0, daif\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 24\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		"\t.macro\tmrs_s, rt, sreg\n"
		".inst (0xd5200000|(\\sreg)|(.L__gpr_num_\\rt))\n"
		"\t\t.endm\n"
		"\tmrs_s %0, (((3) << 19) | ((0) << 16) | ((4) << 12) | ((6) << 8) | ((0) << 5))\n"
		"\t.purgem\tmrs_s\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: "=&r" (flags) : : "memory");
	return flags;
}

/* shape: arch/arm64/include/asm/irqflags.h: arch_irqs_disabled_flags() ALTERNATIVE("and %w0, %w1, #" __stringify(PSR_I_BIT), "eor %w0, %w1, #" __stringify(GIC_PRIO_IRQON), ...) */
/* expect: gcc_count=20 est_insns=1 kind=alternative */
__attribute__((noinline)) int t_irqs_disabled_flags(unsigned long flags)
{
	int res;

	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tand\t%w0, %w1, #0x00000080\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 24\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\teor\t%w0, %w1, #0xe0\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: "=&r" (res) : "r" ((int)flags) : "memory");
	return res;
}

/* shape: arch/arm64/include/asm/irqflags.h: arch_local_irq_restore() ALTERNATIVE("msr daif, %0", __msr_s(SYS_ICC_PMR_EL1, "%0"), ...) */
/* expect: gcc_count=31 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_irq_restore(unsigned long flags)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tmsr\tdaif, %0\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 24\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		"\t.macro\tmsr_s, sreg, rt\n"
		".inst (0xd5000000|(\\sreg)|(.L__gpr_num_\\rt))\n"
		"\t\t.endm\n"
		"\tmsr_s (((3) << 19) | ((0) << 16) | ((4) << 12) | ((6) << 8) | ((0) << 5)), %0\n"
		"\t.purgem\tmsr_s\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: : "r" (flags) : "memory");
}

/* shape: arch/arm64/include/asm/percpu.h: __kern_my_cpu_offset() ALTERNATIVE("mrs %0, tpidr_el1", "mrs %0, tpidr_el2", ARM64_HAS_VIRT_HOST_EXTN) */
/* expect: gcc_count=20 est_insns=1 kind=alternative */
__attribute__((noinline)) unsigned long t_my_cpu_offset(void)
{
	unsigned long off;

	__asm__(
		".if 1 == 1\n"
		"661:\n"
		"\tmrs %0, tpidr_el1\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 37\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\tmrs %0, tpidr_el2\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: "=r" (off)
		: "Q" (*(const unsigned long *)current_stack_pointer));
	return off;
}

/* shape: arch/arm64/include/asm/percpu.h: set_my_cpu_offset() ALTERNATIVE("msr tpidr_el1, %0", "msr tpidr_el2, %0", ...) */
/* expect: gcc_count=20 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_set_my_cpu_offset(unsigned long off)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tmsr tpidr_el1, %0\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 37\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\tmsr tpidr_el2, %0\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		:: "r" (off) : "memory");
}

/* shape: arch/arm64/include/asm/arch_timer.h: arch_timer_read_cntvct_el0() ALTERNATIVE("isb\n mrs %0, cntvct_el0", "nop\n" __mrs_s("%0", SYS_CNTVCTSS_EL0), ARM64_HAS_ECV) */
/* expect: gcc_count=33 est_insns=2 kind=alternative */
__attribute__((noinline)) u64 t_read_cntvct(void)
{
	u64 cnt;

	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tisb\n"
		" mrs %0, cntvct_el0\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 18\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\tnop\n"
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		"\t.macro\tmrs_s, rt, sreg\n"
		".inst (0xd5200000|(\\sreg)|(.L__gpr_num_\\rt))\n"
		"\t\t.endm\n"
		"\tmrs_s %0, (((3) << 19) | ((3) << 16) | ((14) << 12) | ((0) << 8) | ((6) << 5))\n"
		"\t.purgem\tmrs_s\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: "=r" (cnt));
	return cnt;
}

/* shape: arch/arm64/include/asm/kvm_mmu.h: __kern_hyp_va() ALTERNATIVE_CB("and %0, %0, #1\n" ... , ARM64_ALWAYS_SYSTEM, kvm_update_va_mask) */
/* expect: gcc_count=20 est_insns=5 kind=alternative */
__attribute__((noinline)) unsigned long t_kern_hyp_va(unsigned long v)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tand %0, %0, #1\n"
		"ror %0, %0, #1\n"
		"add %0, %0, #0\n"
		"add %0, %0, #0, lsl 12\n"
		"ror %0, %0, #63\n"
		"\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word kvm_update_va_mask- .\n"
		" .hword (1 << 15) | (1)\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		"663:\n"
		"\t664:\n"
		"\t.endif\n"
		: "+r" (v));
	return v;
}

/* shape: arch/arm64/include/asm/alternative-macros.h: alternative_has_feature_likely() asm goto ALTERNATIVE_CB("b %l[l_no]", %[feature], alt_cb_patch_nops) (system_uses_lse_atomics) */
/* expect: gcc_count=15 est_insns=1 kind=alternative */
__attribute__((noinline)) _Bool t_has_feature_likely(void)
{
	__asm__ goto(
		".if 1 == 1\n"
		"661:\n"
		"\tb\t%l[l_no]\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word alt_cb_patch_nops- .\n"
		" .hword (1 << 15) | (%[feature])\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		"663:\n"
		"\t664:\n"
		"\t.endif\n"
		:
		: [feature] "i" (26)
		:
		: l_no);
	return 1;
l_no:
	return 0;
}

/* shape: arch/arm64/include/asm/alternative-macros.h: alternative_has_feature_unlikely() asm goto ALTERNATIVE("nop", "b %l[l_yes]", %[feature]) */
/* expect: gcc_count=20 est_insns=1 kind=alternative */
__attribute__((noinline)) _Bool t_has_feature_unlikely(void)
{
	__asm__ goto(
		".if 1 == 1\n"
		"661:\n"
		"\tnop\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword %[feature]\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\tb\t%l[l_yes]\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		:
		: [feature] "i" (29)
		:
		: l_yes);
	return 0;
l_yes:
	return 1;
}

/* shape: arch/arm64/include/asm/uaccess.h: __uaccess_disable_hw_pan() ALTERNATIVE("nop", SET_PSTATE_PAN(0), ARM64_HAS_PAN, CONFIG_ARM64_PAN) (".if 1 == 1") */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_uaccess_disable_hw_pan(void)
{
	__asm__(
		".if 1 == 1\n"
		"661:\n"
		"\tnop\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 29\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.inst (0xd500401f | ((0) << 16 | (4) << 5) | ((!!0) << 8))\n"
		"\t\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n");
}

/* shape: arch/arm64/include/asm/uaccess.h: __uaccess_enable_hw_pan() ALTERNATIVE("nop", SET_PSTATE_PAN(1), ARM64_HAS_PAN, CONFIG_ARM64_PAN) */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_uaccess_enable_hw_pan(void)
{
	__asm__(
		".if 1 == 1\n"
		"661:\n"
		"\tnop\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 29\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.inst (0xd500401f | ((0) << 16 | (4) << 5) | ((!!1) << 8))\n"
		"\t\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n");
}

/*
 * The whole ALTERNATIVE sits in ".if 0 == 1": the assembler emits nothing at all.
 */
/* shape: arch/arm64/include/asm/uaccess.h: __uaccess_disable_tco() ALTERNATIVE("nop", SET_PSTATE_TCO(0), ARM64_MTE, CONFIG_KASAN_HW_TAGS), not in defconfig: ".if 0 == 1" */
/* expect: gcc_count=21 est_insns=0 kind=plain */
__attribute__((noinline)) void t_uaccess_disable_tco(void)
{
	__asm__ __volatile__(
		".if 0 == 1\n"
		"661:\n"
		"\tnop\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 42\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.inst (0xd500401f | ((3) << 16 | (4) << 5) | ((!!0) << 8))\n"
		"\t\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n");
}
