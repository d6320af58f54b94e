/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: per-CPU (%gs:) accessors and preempt_count
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

unsigned long g_pcpu;
unsigned int __preempt_count;
void *current_task;

/* shape: arch/x86/include/asm/percpu.h: this_cpu_read_8() percpu_from_op(8, volatile, "mov", pcp) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_this_cpu_read(void)
{
	unsigned long val;

	__asm__ __volatile__(
		"movq %%gs:%[var], %[val]"
		: [val] "=r" (val) : [var] "m" (g_pcpu));
	return val;
}

/* shape: arch/x86/include/asm/percpu.h: this_cpu_add_8() percpu_add_op() -> percpu_to_op(8, volatile, "add", ...) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_this_cpu_add(unsigned long v)
{
	__asm__ __volatile__(
		"addq %[val], %%gs:%[var]"
		: [var] "+m" (g_pcpu) : [val] "re" (v));
}

/* shape: arch/x86/include/asm/percpu.h: this_cpu_xchg_8() percpu_xchg_op(): mov / 1: cmpxchg / jnz 1b */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) unsigned long t_this_cpu_xchg(unsigned long nval)
{
	unsigned long oval;

	__asm__ __volatile__(
		"movq %%gs:%[var], %[oval]\n"
		"1:\tcmpxchgq %[nval], %%gs:%[var]\n"
		"\tjnz 1b"
		: [oval] "=&a" (oval), [var] "+m" (g_pcpu) : [nval] "r" (nval) : "memory");
	return oval;
}

/* shape: arch/x86/include/asm/percpu.h: this_cpu_cmpxchg_8() percpu_cmpxchg_op() (no lock: per-CPU) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_this_cpu_cmpxchg(unsigned long oval, unsigned long nval)
{
	__asm__ __volatile__(
		"cmpxchgq %[nval], %%gs:%[var]"
		: [oval] "+a" (oval), [var] "+m" (g_pcpu) : [nval] "r" (nval) : "memory");
	return oval;
}

/* shape: arch/x86/include/asm/percpu.h: this_cpu_add_return_8() percpu_add_return_op() "xadd" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_this_cpu_add_return(unsigned long v)
{
	unsigned long tmp = v;

	__asm__ __volatile__(
		"xaddq %[tmp], %%gs:%[var]"
		: [tmp] "+r" (tmp), [var] "+m" (g_pcpu) : : "memory");
	return tmp + v;
}

/* shape: arch/x86/include/asm/percpu.h: this_cpu_read_stable() percpu_stable_op(8, "mov", var) with %P[var] and a "p" operand */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void *t_this_cpu_read_stable(void)
{
	void *val;

	__asm__(
		"movq %%gs:%P[var], %[val]"
		: [val] "=r" (val) : [var] "p" (&current_task));
	return val;
}

/* shape: arch/x86/include/asm/preempt.h: __preempt_count_dec_and_test() GEN_UNARY_RMWcc("decl", __preempt_count, e, __percpu_arg([var])) */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) _Bool t_preempt_count_dec_and_test(void)
{
	_Bool c;

	__asm__ __volatile__(
		"decl %%gs:%[var]\n"
		"\t/* output condition code e*/\n"
		: [var] "+m" (__preempt_count), "=@cce" (c) : : "memory");
	return c;
}

/* shape: arch/x86/include/asm/preempt.h: __preempt_count_dec_and_test() GEN_UNARY_RMWcc("decl", __preempt_count, e, __percpu_arg([var])), asm goto form of rmwcc.h */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) _Bool t_preempt_count_dec_and_test_goto(void)
{
	_Bool c = 0;

	__asm__ goto(
		"decl %%gs:%[var]; je %l[cc_label]"
		: : [var] "m" (__preempt_count)
		: "memory" : cc_label);
	if (0) {
cc_label:
		c = 1;
	}
	return c;
}
