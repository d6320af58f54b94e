/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, arm64: system registers, .inst encodings, barriers, hints
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

unsigned long g_flags;

/* shape: arch/arm64/include/asm/sysreg.h: read_sysreg_s(SYS_ICC_PMR_EL1) __mrs_s(): __DEFINE_ASM_GPR_NUMS, .macro mrs_s, use, .purgem */
/* expect: gcc_count=12 est_insns=1 kind=plain */
__attribute__((noinline)) u64 t_read_sysreg_s(void)
{
	u64 val;

	__asm__ __volatile__(
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
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
		: "=r" (val));
	return val;
}

/* shape: arch/arm64/include/asm/sysreg.h: write_sysreg_s(v, SYS_ICC_PMR_EL1) __msr_s() */
/* expect: gcc_count=12 est_insns=1 kind=plain */
__attribute__((noinline)) void t_write_sysreg_s(u64 val)
{
	__asm__ __volatile__(
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		"\t.macro\tmsr_s, sreg, rt\n"
		".inst (0xd5000000|(\\sreg)|(.L__gpr_num_\\rt))\n"
		"\t\t.endm\n"
		"\tmsr_s (((3) << 19) | ((0) << 16) | ((4) << 12) | ((6) << 8) | ((0) << 5)), %x0\n"
		"\t.purgem\tmsr_s\n"
		: : "rZ" (val));
}

/* shape: arch/arm64/include/asm/sysreg.h: read_sysreg(tpidr_el1) "mrs %0, " __stringify(r) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u64 t_read_sysreg(void)
{
	u64 val;

	__asm__ __volatile__(
		"mrs %0, tpidr_el1"
		: "=r" (val));
	return val;
}

/* shape: arch/arm64/include/asm/sysreg.h: set_pstate_pan(1) SET_PSTATE_PAN(x) = __emit_inst(...) ".inst " ... "\n\t" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_set_pstate_pan(void)
{
	__asm__ __volatile__(
		".inst (0xd500401f | ((0) << 16 | (4) << 5) | ((!!1) << 8))\n"
		"\t");
}

/* shape: arch/arm64/include/asm/barrier.h: isb() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_isb(void)
{
	__asm__ __volatile__(
		"isb"
		: : : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: dsb(sy) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_dsb_sy(void)
{
	__asm__ __volatile__(
		"dsb sy"
		: : : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: dmb(ish) (__smp_mb) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_dmb_ish(void)
{
	__asm__ __volatile__(
		"dmb ish"
		: : : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: csdb() "hint #20" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_csdb(void)
{
	__asm__ __volatile__(
		"hint #20"
		: : : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: wfi() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_wfi(void)
{
	__asm__ __volatile__(
		"wfi"
		: : : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: sev() */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_sev(void)
{
	__asm__ __volatile__(
		"sev"
		: : : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: nops(4) __nops(n) ".rept " #n "\nnop\n.endr\n" (4-byte nops, each counted) */
/* expect: gcc_count=4 est_insns=4 kind=plain */
__attribute__((noinline)) void t_nops(void)
{
	__asm__ __volatile__(
		".rept\t4\n"
		"nop\n"
		".endr\n");
}

/* shape: arch/arm64/include/asm/barrier.h: arch_counter_enforce_ordering() */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_counter_enforce_ordering(u64 val)
{
	u64 tmp;

	__asm__ __volatile__(
		"\teor\t%0, %1, %1\n"
		"\tadd\t%0, sp, %0\n"
		"\tldr\txzr, [%0]"
		: "=r" (tmp) : "r" (val));
}

/* shape: arch/arm64/include/asm/barrier.h: __smp_store_release() 8-byte "stlr %1, %0" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_smp_store_release(unsigned long v)
{
	__asm__ __volatile__(
		"stlr %1, %0"
		: "=Q" (g_flags) : "r" (v) : "memory");
}

/* shape: arch/arm64/include/asm/barrier.h: __smp_load_acquire() 8-byte "ldar %0, %1" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_smp_load_acquire(void)
{
	unsigned long v;

	__asm__ __volatile__(
		"ldar %0, %1"
		: "=r" (v) : "Q" (g_flags) : "memory");
	return v;
}

/* shape: arch/arm64/include/asm/vdso/processor.h: cpu_relax() "yield" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_cpu_relax(void)
{
	__asm__ __volatile__(
		"yield"
		::: "memory");
}

/* shape: arch/arm64/include/asm/processor.h: prefetch() "prfm pldl1keep, %a0\n" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_prefetch(const void *ptr)
{
	__asm__ __volatile__(
		"prfm pldl1keep, %a0\n"
		: : "p" (ptr));
}

/* shape: arch/arm64/include/asm/tlbflush.h: __tlbi(vmalle1is) __TLBI_0 with ARM64_ASM_PREAMBLE (".arch armv8.5-a") */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_tlbi(void)
{
	__asm__(
		".arch armv8.5-a\n"
		"tlbi vmalle1is\n"
		: :);
}

/* shape: arch/arm64/include/asm/tlbflush.h: __tlbi(vae1is, arg) __TLBI_1 "tlbi " #op ", %x0\n" */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_tlbi_arg(u64 arg)
{
	__asm__(
		".arch armv8.5-a\n"
		"tlbi vae1is, %x0\n"
		: : "rZ" (arg));
}
