/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, arm64: uaccess/futex __ex_table, BUG/WARN __bug_table, jump labels
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

struct static_key {
	int enabled;
	void *entries;
};
struct static_key g_key;

/*
 * The kernel (built -fno-PIE) passes the key as "i"(&key[branch]); under
 * -fPIE, this compiler's default, aarch64 GCC rejects a symbolic "i" operand,
 * so the jump-label shapes use "S" (a symbolic address), which prints the
 * same text for %c0.  The template is unchanged.
 */

/* shape: arch/arm64/include/asm/uaccess.h: __raw_get_mem("ldtr", ..., U) -> __get_mem_asm() _ASM_EXTABLE_UACCESS_ERR_ZERO(1b, 2b, %w0, %w1) (with __DEFINE_ASM_GPR_NUMS) */
/* expect: gcc_count=16 est_insns=1 kind=extable */
__attribute__((noinline)) int t_get_mem_asm(u32 *dst, const u32 *src)
{
	int err = 0;
	unsigned long v;

	__asm__ __volatile__(
		"1:\tldtr\t%w1, [%2]\n"
		"2:\n"
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		".pushsection\t__ex_table, \"a\"\n"
		".align\t\t2\n"
		".long\t\t((1b) - .)\n"
		".long\t\t((2b) - .)\n"
		".short\t\t(2)\n"
		".short\t\t((((.L__gpr_num_%w0) << 0) | ((.L__gpr_num_%w1) << 5)))\n"
		".popsection\n"
		: "+r" (err), "=&r" (v)
		: "r" (src));
	*dst = v;
	return err;
}

/* shape: arch/arm64/include/asm/uaccess.h: __get_kernel_nofault() -> __raw_get_mem("ldr", ..., K) _ASM_EXTABLE_KACCESS_ERR_ZERO */
/* expect: gcc_count=16 est_insns=1 kind=extable */
__attribute__((noinline)) int t_get_kernel_mem_asm(u64 *dst, const u64 *src)
{
	int err = 0;
	unsigned long v;

	__asm__ __volatile__(
		"1:\tldr\t%x1, [%2]\n"
		"2:\n"
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		".pushsection\t__ex_table, \"a\"\n"
		".align\t\t2\n"
		".long\t\t((1b) - .)\n"
		".long\t\t((2b) - .)\n"
		".short\t\t(3)\n"
		".short\t\t((((.L__gpr_num_%w0) << 0) | ((.L__gpr_num_%w1) << 5)))\n"
		".popsection\n"
		: "+r" (err), "=&r" (v)
		: "r" (src));
	*dst = v;
	return err;
}

/* shape: arch/arm64/include/asm/uaccess.h: __raw_put_mem("sttr", ..., U) -> __put_mem_asm() _ASM_EXTABLE_UACCESS_ERR(1b, 2b, %w0) */
/* expect: gcc_count=16 est_insns=1 kind=extable */
__attribute__((noinline)) int t_put_mem_asm(u16 v, u16 *dst)
{
	int err = 0;

	__asm__ __volatile__(
		"1:\tsttrh\t%w1, [%2]\n"
		"2:\n"
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		".pushsection\t__ex_table, \"a\"\n"
		".align\t\t2\n"
		".long\t\t((1b) - .)\n"
		".long\t\t((2b) - .)\n"
		".short\t\t(2)\n"
		".short\t\t((((.L__gpr_num_%w0) << 0) | ((.L__gpr_num_wzr) << 5)))\n"
		".popsection\n"
		: "+r" (err)
		: "r" (v), "r" (dst));
	return err;
}

/* shape: arch/arm64/include/asm/futex.h: __futex_atomic_op("add %w3, %w1, %w5", ...) with two _ASM_EXTABLE_UACCESS_ERR */
/* expect: gcc_count=37 est_insns=9 kind=extable */
__attribute__((noinline)) int t_futex_atomic_op_add(int oparg, u32 *uaddr)
{
	int oldval = 0, ret, tmp;
	unsigned int loops = 128;

	__asm__ __volatile__(
		"\tprfm\tpstl1strm, %2\n"
		"1:\tldxr\t%w1, %2\n"
		"add\t%w3, %w1, %w5\n"
		"2:\tstlxr\t%w0, %w3, %2\n"
		"\tcbz\t%w0, 3f\n"
		"\tsub\t%w4, %w4, %w0\n"
		"\tcbnz\t%w4, 1b\n"
		"\tmov\t%w0, %w6\n"
		"3:\n"
		"\tdmb\tish\n"
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		".pushsection\t__ex_table, \"a\"\n"
		".align\t\t2\n"
		".long\t\t((1b) - .)\n"
		".long\t\t((3b) - .)\n"
		".short\t\t(2)\n"
		".short\t\t((((.L__gpr_num_%w0) << 0) | ((.L__gpr_num_wzr) << 5)))\n"
		".popsection\n"
		"\t.irp\tnum,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
		"\t.equ\t.L__gpr_num_x\\num, \\num\n"
		"\t.equ\t.L__gpr_num_w\\num, \\num\n"
		"\t.endr\n"
		"\t.equ\t.L__gpr_num_xzr, 31\n"
		"\t.equ\t.L__gpr_num_wzr, 31\n"
		".pushsection\t__ex_table, \"a\"\n"
		".align\t\t2\n"
		".long\t\t((2b) - .)\n"
		".long\t\t((3b) - .)\n"
		".short\t\t(2)\n"
		".short\t\t((((.L__gpr_num_%w0) << 0) | ((.L__gpr_num_wzr) << 5)))\n"
		".popsection\n"
		: "=&r" (ret), "=&r" (oldval), "+Q" (*uaddr), "=&r" (tmp), "+r" (loops)
		: "r" (oparg), "Ir" (-11)
		: "memory");
	return ret ? ret : oldval;
}

/* shape: arch/arm64/include/asm/uaccess.h: __uaccess_mask_ptr() "bic %0, %1, %2" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void *t_uaccess_mask_ptr(const void *ptr)
{
	void *safe_ptr;

	__asm__ __volatile__(
		"\tbic\t%0, %1, %2\n"
		: "=r" (safe_ptr)
		: "r" (ptr), "i" (1UL << 55));
	return safe_ptr;
}

/* shape: arch/arm64/include/asm/bug.h: BUG() -> __BUG_FLAGS(0) asm volatile(__stringify(ASM_BUG_FLAGS(flags))) (one line, ";"-separated, nested .pushsection .rodata.str) */
/* expect: gcc_count=12 est_insns=1 kind=bug-table */
__attribute__((noinline)) void t_bug(void)
{
	__asm__ __volatile__(
		".pushsection __bug_table,\"aw\"; .align 2; 14470: .long 14471f - .; .pushsection .rodata.str,\"aMS\",@progbits,1; 14472: .string \"kernel/sched/core.c\"; .popsection; .long 14472b - .; .short 6105; .short 0; .align 2; .popsection; 14471: brk 0x800");
	__builtin_unreachable();
}

/* shape: arch/arm64/include/asm/bug.h: WARN_ON() -> __WARN_FLAGS(BUGFLAG_TAINT(TAINT_WARN)) -> __BUG_FLAGS() */
/* expect: gcc_count=12 est_insns=1 kind=bug-table */
__attribute__((noinline)) void t_warn(int c)
{
	if (c) {
		__asm__ __volatile__(
			".pushsection __bug_table,\"aw\"; .align 2; 14470: .long 14471f - .; .pushsection .rodata.str,\"aMS\",@progbits,1; 14472: .string \"kernel/sched/core.c\"; .popsection; .long 14472b - .; .short 6110; .short (1 << 0)|(((9) << 8)); .align 2; .popsection; 14471: brk 0x800");
	}
}

/* shape: arch/arm64/include/asm/jump_label.h: arch_static_branch() "1: nop" + __jump_table entry */
/* expect: gcc_count=7 est_insns=1 kind=jump-table */
__attribute__((noinline)) _Bool t_static_branch(void)
{
	__asm__ goto(
		"1:\tnop\t\t\t\t\t\n"
		"\t\t.pushsection\t__jump_table, \"aw\"\t\n"
		"\t\t.align\t\t3\t\t\t\n"
		"\t\t.long\t\t1b - ., %l[l_yes] - .\t\n"
		"\t\t.quad\t\t%c0 - .\t\t\t\n"
		"\t\t.popsection\t\t\t\t\n"
		"\t"
		:  :  "S"(&((char *)&g_key)[0]) :  : l_yes);
	return 0;
l_yes:
	return 1;
}

/* shape: arch/arm64/include/asm/jump_label.h: arch_static_branch_jump() "1: b %l[l_yes]" + __jump_table entry */
/* expect: gcc_count=7 est_insns=1 kind=jump-table */
__attribute__((noinline)) _Bool t_static_branch_jump(void)
{
	__asm__ goto(
		"1:\tb\t\t%l[l_yes]\t\t\n"
		"\t\t.pushsection\t__jump_table, \"aw\"\t\n"
		"\t\t.align\t\t3\t\t\t\n"
		"\t\t.long\t\t1b - ., %l[l_yes] - .\t\n"
		"\t\t.quad\t\t%c0 - .\t\t\t\n"
		"\t\t.popsection\t\t\t\t\n"
		"\t"
		:  :  "S"(&((char *)&g_key)[1]) :  : l_yes);
	return 0;
l_yes:
	return 1;
}
