/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, arm64: LL/SC and LSE atomics, cmpxchg, ARM64_LSE_ATOMIC_INSN
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

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic64_t;

atomic_t g_cnt;
atomic64_t g_cnt64;
u64 g_q;
u64 g_pcpu;

/* shape: arch/arm64/include/asm/atomic_ll_sc.h: __ll_sc_atomic_add() ATOMIC_OP(add, add, I) */
/* expect: gcc_count=7 est_insns=5 kind=plain */
__attribute__((noinline)) void t_ll_sc_atomic_add(int i)
{
	unsigned long tmp;
	int result;

	__asm__ __volatile__(
		"// atomic_add\n"
		"\tprfm\tpstl1strm, %2\n"
		"1:\tldxr\t%w0, %2\n"
		"\tadd\t%w0, %w0, %w3\n"
		"\tstxr\t%w1, %w0, %2\n"
		"\tcbnz\t%w1, 1b\n"
		: "=&r" (result), "=&r" (tmp), "+Q" (g_cnt.counter)
		: "Ir" (i));
}

/* shape: arch/arm64/include/asm/atomic_ll_sc.h: __ll_sc_atomic_add_return() ATOMIC_OP_RETURN(, dmb ish, , l, "memory", add, add, I) (the #mb barrier is in the template) */
/* expect: gcc_count=7 est_insns=6 kind=plain */
__attribute__((noinline)) int t_ll_sc_atomic_add_return(int i)
{
	unsigned long tmp;
	int result;

	__asm__ __volatile__(
		"// atomic_add_return\n"
		"\tprfm\tpstl1strm, %2\n"
		"1:\tldxr\t%w0, %2\n"
		"\tadd\t%w0, %w0, %w3\n"
		"\tstlxr\t%w1, %w0, %2\n"
		"\tcbnz\t%w1, 1b\n"
		"\tdmb ish"
		: "=&r" (result), "=&r" (tmp), "+Q" (g_cnt.counter)
		: "Ir" (i)
		: "memory");
	return result;
}

/* shape: arch/arm64/include/asm/atomic_ll_sc.h: __ll_sc_atomic64_dec_if_positive() */
/* expect: gcc_count=9 est_insns=7 kind=plain */
__attribute__((noinline)) long t_ll_sc_atomic64_dec_if_positive(void)
{
	long result;
	unsigned long tmp;

	__asm__ __volatile__(
		"// atomic64_dec_if_positive\n"
		"\tprfm\tpstl1strm, %2\n"
		"1:\tldxr\t%0, %2\n"
		"\tsubs\t%0, %0, #1\n"
		"\tb.lt\t2f\n"
		"\tstlxr\t%w1, %0, %2\n"
		"\tcbnz\t%w1, 1b\n"
		"\tdmb\tish\n"
		"2:"
		: "=&r" (result), "=&r" (tmp), "+Q" (g_cnt64.counter)
		:
		: "cc", "memory");
	return result;
}

/* shape: arch/arm64/include/asm/atomic_lse.h: __lse_atomic_add() __LSE_PREAMBLE "stadd %w[i], %[v]" */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_lse_atomic_add(int i)
{
	__asm__ __volatile__(
		".arch_extension lse\n"
		"\tstadd\t%w[i], %[v]\n"
		: [v] "+Q" (g_cnt.counter)
		: [i] "r" (i));
}

/* shape: arch/arm64/include/asm/atomic_lse.h: __lse_atomic_add_return() -> __lse_atomic_fetch_add() "ldaddal" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) int t_lse_atomic_add_return(int i)
{
	int old;

	__asm__ __volatile__(
		".arch_extension lse\n"
		"\tldaddal\t%w[i], %w[old], %[v]"
		: [v] "+Q" (g_cnt.counter), [old] "=r" (old)
		: [i] "r" (i)
		: "memory");
	return old + i;
}

/* shape: arch/arm64/include/asm/atomic_lse.h: __lse_atomic64_andnot() "stclr %[i], %[v]" */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_lse_atomic64_andnot(long i)
{
	__asm__ __volatile__(
		".arch_extension lse\n"
		"\tstclr\t%[i], %[v]\n"
		: [v] "+Q" (g_cnt64.counter)
		: [i] "r" (i));
}

/* shape: arch/arm64/include/asm/atomic_ll_sc.h: __ll_sc__cmpxchg_case_mb_64() __CMPXCHG_CASE(, , mb_, 64, dmb ish, , l, "memory", L) */
/* expect: gcc_count=8 est_insns=7 kind=plain */
__attribute__((noinline)) u64 t_ll_sc_cmpxchg_mb_64(u64 old, u64 new)
{
	unsigned long tmp;
	u64 oldval;

	__asm__ __volatile__(
		"\tprfm\tpstl1strm, %[v]\n"
		"1:\tldxr\t%[oldval], %[v]\n"
		"\teor\t%[tmp], %[oldval], %[old]\n"
		"\tcbnz\t%[tmp], 2f\n"
		"\tstlxr\t%w[tmp], %[new], %[v]\n"
		"\tcbnz\t%w[tmp], 1b\n"
		"\tdmb ish\n"
		"2:"
		: [tmp] "=&r" (tmp), [oldval] "=&r" (oldval), [v] "+Q" (g_q)
		: [old] "Lr" (old), [new] "r" (new)
		: "memory");
	return oldval;
}

/* shape: arch/arm64/include/asm/atomic_lse.h: __lse__cmpxchg_case_mb_64() __CMPXCHG_CASE(x, , mb_, 64, al, "memory") */
/* expect: gcc_count=4 est_insns=3 kind=plain */
__attribute__((noinline)) u64 t_lse_cmpxchg_mb_64(u64 old, u64 new)
{
	register unsigned long x0 __asm__("x0") = (unsigned long)&g_q;
	register u64 x1 __asm__("x1") = old;
	register u64 x2 __asm__("x2") = new;
	unsigned long tmp;

	__asm__ __volatile__(
		".arch_extension lse\n"
		"\tmov\t%x[tmp], %x[old]\n"
		"\tcasal\t%x[tmp], %x[new], %[v]\n"
		"\tmov\t%x[ret], %x[tmp]"
		: [ret] "+r" (x0), [v] "+Q" (g_q), [tmp] "=&r" (tmp)
		: [old] "r" (x1), [new] "r" (x2)
		: "memory");
	return x0;
}

/* shape: arch/arm64/include/asm/cmpxchg.h: __xchg_case_mb_64() ARM64_LSE_ATOMIC_INSN(LL/SC loop, __LSE_PREAMBLE "swpal" __nops(3)) */
/* expect: gcc_count=29 est_insns=5 kind=alternative */
__attribute__((noinline)) u64 t_xchg_mb_64(u64 x)
{
	u64 ret;
	unsigned long tmp;

	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\t\tprfm\tpstl1strm, %2\n"
		"1:\tldxr\t%0, %2\n"
		"\tstlxr\t%w1, %3, %2\n"
		"\tcbnz\t%w1, 1b\n"
		"\tdmb ish\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 26\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.arch_extension lse\n"
		"\tswpal\t%3, %0, %2\n"
		".rept\t3\n"
		"nop\n"
		".endr\n"
		"\tnop\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: "=&r" (ret), "=&r" (tmp), "+Q" (g_q)
		: "r" (x)
		: "memory");
	return ret;
}

/* shape: arch/arm64/include/asm/percpu.h: __percpu_add_case_64() __PERCPU_OP_CASE ARM64_LSE_ATOMIC_INSN(ldxr/add/stxr/cbnz, "stadd" __nops(3)) */
/* expect: gcc_count=28 est_insns=4 kind=alternative */
__attribute__((noinline)) void t_percpu_add_case_64(unsigned long val)
{
	unsigned int loop;
	u64 tmp;

	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\t1:\tldxr\t%[tmp], %[ptr]\n"
		"add\t%[tmp], %[tmp], %[val]\n"
		"\tstxr\t%w[loop], %[tmp], %[ptr]\n"
		"\tcbnz\t%w[loop], 1b\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 26\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.arch_extension lse\n"
		"stadd\t%[val], %[ptr]\n"
		".rept\t3\n"
		"nop\n"
		".endr\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: [loop] "=&r" (loop), [tmp] "=&r" (tmp), [ptr] "+Q" (g_pcpu)
		: [val] "r" ((u64)val));
}

/* shape: arch/arm64/include/asm/percpu.h: __percpu_add_return_case_64() __PERCPU_RET_OP_CASE ARM64_LSE_ATOMIC_INSN(..., "ldadd" "add" __nops(2)) */
/* expect: gcc_count=29 est_insns=4 kind=alternative */
__attribute__((noinline)) u64 t_percpu_add_return_case_64(unsigned long val)
{
	unsigned int loop;
	u64 ret;

	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\t1:\tldxr\t%[ret], %[ptr]\n"
		"add\t%[ret], %[ret], %[val]\n"
		"\tstxr\t%w[loop], %[ret], %[ptr]\n"
		"\tcbnz\t%w[loop], 1b\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 26\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.arch_extension lse\n"
		"ldadd\t%[val], %[ret], %[ptr]\n"
		"add\t%[ret], %[ret], %[val]\n"
		".rept\t2\n"
		"nop\n"
		".endr\n"
		"\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: [loop] "=&r" (loop), [ret] "=&r" (ret), [ptr] "+Q" (g_pcpu)
		: [val] "r" ((u64)val));
	return ret;
}

/* shape: arch/arm64/include/asm/processor.h: spin_lock_prefetch() ARM64_LSE_ATOMIC_INSN("prfm pstl1strm, %a0", "nop") */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_spin_lock_prefetch(const void *ptr)
{
	__asm__ __volatile__(
		".if 1 == 1\n"
		"661:\n"
		"\tprfm pstl1strm, %a0\n"
		"662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n"
		" .word 663f - .\n"
		" .hword 26\n"
		" .byte 662b-661b\n"
		" .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n"
		"\t.arch_extension lse\n"
		"nop\n"
		"664:\n"
		"\t.org\t. - (664b-663b) + (662b-661b)\n"
		"\t.org\t. - (662b-661b) + (664b-663b)\n"
		"\t.previous\n"
		".endif\n"
		: : "p" (ptr));
}
