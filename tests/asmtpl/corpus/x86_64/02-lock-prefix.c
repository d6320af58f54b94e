/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: LOCK_PREFIX users: atomics, bitops, cmpxchg, local_t
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
unsigned long g_flags;
long g_local;
struct dbl {
	u64 a;
	u64 b;
} __attribute__((aligned(16))) g16;

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_add() LOCK_PREFIX "addl %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_add(int i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; addl %1,%0"
		: "+m" (g_cnt.counter) : "ir" (i) : "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_sub() LOCK_PREFIX "subl %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_sub(int i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; subl %1,%0"
		: "+m" (g_cnt.counter) : "ir" (i) : "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_inc() LOCK_PREFIX "incl %0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_inc(void)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; incl %0"
		: "+m" (g_cnt.counter) :: "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_dec() LOCK_PREFIX "decl %0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_dec(void)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; decl %0"
		: "+m" (g_cnt.counter) :: "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_and() LOCK_PREFIX "andl %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_and(int i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; andl %1,%0"
		: "+m" (g_cnt.counter) : "ir" (i) : "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_or() LOCK_PREFIX "orl %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_or(int i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; orl %1,%0"
		: "+m" (g_cnt.counter) : "ir" (i) : "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_xor() LOCK_PREFIX "xorl %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic_xor(int i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; xorl %1,%0"
		: "+m" (g_cnt.counter) : "ir" (i) : "memory");
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_sub_and_test() GEN_BINARY_RMWcc(LOCK_PREFIX "subl", v->counter, e, "er", i), CC_SET(e) comment */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic_sub_and_test(int i)
{
	_Bool c;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; subl %[val], %[var]\n"
		"\t/* output condition code e*/\n"
		: [var] "+m" (g_cnt.counter), "=@cce" (c) : [val] "er" (i) : "memory");
	return c;
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_dec_and_test() GEN_UNARY_RMWcc(LOCK_PREFIX "decl", v->counter, e) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic_dec_and_test(void)
{
	_Bool c;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; decl %[var]\n"
		"\t/* output condition code e*/\n"
		: [var] "+m" (g_cnt.counter), "=@cce" (c) : : "memory");
	return c;
}

/* shape: arch/x86/include/asm/atomic.h: arch_atomic_add_negative() GEN_BINARY_RMWcc(LOCK_PREFIX "addl", v->counter, s, "er", i) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic_add_negative(int i)
{
	_Bool c;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; addl %[val], %[var]\n"
		"\t/* output condition code s*/\n"
		: [var] "+m" (g_cnt.counter), "=@ccs" (c) : [val] "er" (i) : "memory");
	return c;
}

/* shape: arch/x86/include/asm/cmpxchg.h: __xadd() = __xchg_op(ptr, inc, xadd, LOCK_PREFIX) (arch_atomic_fetch_add) */
/* expect: gcc_count=8 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) int t_atomic_fetch_add(int i)
{
	int ret = i;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; xaddl %0, %1\n"
		: "+r" (ret), "+m" (g_cnt.counter) : : "memory", "cc");
	return ret;
}

/* shape: arch/x86/include/asm/cmpxchg.h: __raw_cmpxchg(..., LOCK_PREFIX) (arch_atomic_cmpxchg) */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) int t_atomic_cmpxchg(int old, int new)
{
	int ret;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; cmpxchgl %2,%1"
		: "=a" (ret), "+m" (g_cnt.counter) : "r" (new), "0" (old) : "memory");
	return ret;
}

/* shape: arch/x86/include/asm/cmpxchg.h: __raw_try_cmpxchg(..., LOCK_PREFIX) (arch_atomic_try_cmpxchg) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic_try_cmpxchg(int *pold, int new)
{
	_Bool success;
	int old = *pold;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; cmpxchgl %[new], %[ptr]\n"
		"\t/* output condition code z*/\n"
		: "=@ccz" (success), [ptr] "+m" (g_cnt.counter), [old] "+a" (old)
		: [new] "r" (new)
		: "memory");
	if (!success)
		*pold = old;
	return success;
}

/* shape: arch/x86/include/asm/cmpxchg.h: arch_xchg() = __xchg_op(ptr, v, xchg, "") (no lock prefix: xchg is implicitly locked) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) int t_atomic_xchg(int new)
{
	int ret = new;

	__asm__ __volatile__(
		"xchgl %0, %1\n"
		: "+r" (ret), "+m" (g_cnt.counter) : : "memory", "cc");
	return ret;
}

/* shape: arch/x86/include/asm/atomic64_64.h: arch_atomic64_add() LOCK_PREFIX "addq %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic64_add(long i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; addq %1,%0"
		: "=m" (g_cnt64.counter) : "er" (i), "m" (g_cnt64.counter) : "memory");
}

/* shape: arch/x86/include/asm/atomic64_64.h: arch_atomic64_inc() LOCK_PREFIX "incq %0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic64_inc(void)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; incq %0"
		: "=m" (g_cnt64.counter) : "m" (g_cnt64.counter) : "memory");
}

/* shape: arch/x86/include/asm/atomic64_64.h: arch_atomic64_or() LOCK_PREFIX "orq %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_atomic64_or(long i)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; orq %1,%0"
		: "+m" (g_cnt64.counter) : "er" (i) : "memory");
}

/* shape: arch/x86/include/asm/atomic64_64.h: arch_atomic64_inc_and_test() GEN_UNARY_RMWcc(LOCK_PREFIX "incq", v->counter, e) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic64_inc_and_test(void)
{
	_Bool c;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; incq %[var]\n"
		"\t/* output condition code e*/\n"
		: [var] "+m" (g_cnt64.counter), "=@cce" (c) : : "memory");
	return c;
}

/* shape: arch/x86/include/asm/bitops.h: arch_set_bit() constant nr, LOCK_PREFIX "orb %b1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_set_bit_const(void)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; orb %b1,%0"
		: "+m" (*(volatile char *)((void *)&g_flags + (5 >> 3)))
		: "iq" (1 << (5 & 7))
		: "memory");
}

/* shape: arch/x86/include/asm/bitops.h: arch_set_bit() LOCK_PREFIX __ASM_SIZE(bts) " %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_set_bit(long nr)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock;  btsq  %1,%0"
		: : "m" (*(volatile long *)&g_flags), "Ir" (nr) : "memory");
}

/* shape: arch/x86/include/asm/bitops.h: arch_clear_bit() LOCK_PREFIX __ASM_SIZE(btr) " %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_clear_bit(long nr)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock;  btrq  %1,%0"
		: : "m" (*(volatile long *)&g_flags), "Ir" (nr) : "memory");
}

/* shape: arch/x86/include/asm/bitops.h: arch_change_bit() LOCK_PREFIX __ASM_SIZE(btc) " %1,%0" */
/* expect: gcc_count=7 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) void t_change_bit(long nr)
{
	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock;  btcq  %1,%0"
		: : "m" (*(volatile long *)&g_flags), "Ir" (nr) : "memory");
}

/* shape: arch/x86/include/asm/bitops.h: arch_test_and_set_bit() GEN_BINARY_RMWcc(LOCK_PREFIX __ASM_SIZE(bts), *addr, c, "Ir", nr) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_test_and_set_bit(long nr)
{
	_Bool c;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock;  btsq  %[val], %[var]\n"
		"\t/* output condition code c*/\n"
		: [var] "+m" (g_flags), "=@ccc" (c) : [val] "Ir" (nr) : "memory");
	return c;
}

/* shape: arch/x86/include/asm/bitops.h: arch_clear_bit_unlock_is_negative_byte() LOCK_PREFIX "andb %2,%1" CC_SET(s) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_clear_bit_unlock_is_negative_byte(long nr)
{
	_Bool negative;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; andb %2,%1\n"
		"\t/* output condition code s*/\n"
		: "=@ccs" (negative), "+m" (*(volatile char *)&g_flags)
		: "ir" ((char)~(1 << nr))
		: "memory");
	return negative;
}

/* shape: arch/x86/include/asm/bitops.h: arch___set_bit() __ASM_SIZE(bts) " %1,%0" (no lock) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_nonatomic_set_bit(long nr)
{
	__asm__ __volatile__(
		" btsq  %1,%0"
		: : "m" (*(volatile long *)&g_flags), "Ir" (nr) : "memory");
}

/* shape: arch/x86/include/asm/bitops.h: variable_test_bit() __ASM_SIZE(bt) " %2,%1" CC_SET(c) */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) _Bool t_test_bit(long nr)
{
	_Bool oldbit;

	__asm__ __volatile__(
		" btq  %2,%1\n"
		"\t/* output condition code c*/\n"
		: "=@ccc" (oldbit) : "m" (*(unsigned long *)&g_flags), "Ir" (nr) : "memory");
	return oldbit;
}

/* shape: arch/x86/include/asm/cmpxchg.h: arch_cmpxchg_local() = __raw_cmpxchg(..., "") */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_cmpxchg_local(unsigned long old, unsigned long new)
{
	unsigned long ret;

	__asm__ __volatile__(
		"cmpxchgq %2,%1"
		: "=a" (ret), "+m" (g_flags) : "r" (new), "0" (old) : "memory");
	return ret;
}

/* shape: arch/x86/include/asm/cmpxchg.h: arch_sync_cmpxchg() = __raw_cmpxchg(..., "lock; ") (lock as its own statement, no .smp_locks) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_sync_cmpxchg(unsigned long old, unsigned long new)
{
	unsigned long ret;

	__asm__ __volatile__(
		"lock; cmpxchgq %2,%1"
		: "=a" (ret), "+m" (g_flags) : "r" (new), "0" (old) : "memory");
	return ret;
}

/* shape: arch/x86/include/asm/cmpxchg.h: __cmpxchg_double(LOCK_PREFIX, ...) "cmpxchg%c5b %1" CC_SET(e) */
/* expect: gcc_count=9 est_insns=1 kind=lock-prefix */
__attribute__((noinline)) _Bool t_cmpxchg_double(u64 o1, u64 o2, u64 n1, u64 n2)
{
	_Bool ret;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; cmpxchg%c5b %1\n"
		"\t/* output condition code e*/\n"
		: "=@cce" (ret), "+m" (g16.a), "+m" (g16.b), "+a" (o1), "+d" (o2)
		: "i" (2 * sizeof(long)), "b" (n1), "c" (n2));
	return ret;
}

/* shape: arch/x86/include/asm/local.h: local_inc() _ASM_INC "%0" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_local_inc(void)
{
	__asm__ __volatile__(
		" incq %0"
		: "+m" (g_local));
}

/* shape: arch/x86/include/asm/local.h: local_add_return() _ASM_XADD "%0, %1;" (trailing separator) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) long t_local_add_return(long i)
{
	long j = i;

	__asm__ __volatile__(
		" xaddq %0, %1;"
		: "+r" (j), "+m" (g_local) : : "memory");
	return j + i;
}

/* shape: arch/x86/include/asm/local.h: local_sub_and_test() GEN_BINARY_RMWcc(_ASM_SUB, l->a.counter, e, "er", i) */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) _Bool t_local_sub_and_test(long i)
{
	_Bool c;

	__asm__ __volatile__(
		" subq  %[val], %[var]\n"
		"\t/* output condition code e*/\n"
		: [var] "+m" (g_local), "=@cce" (c) : [val] "er" (i) : "memory");
	return c;
}

/*
 * Two instructions: the locked decl and the je.
 */
/* shape: arch/x86/include/asm/rmwcc.h: __GEN_RMWcc() asm goto form (compilers without __GCC_ASM_FLAG_OUTPUTS__): LOCK_PREFIX "decl %[var]; je %l[cc_label]" (arch_atomic_dec_and_test) */
/* expect: gcc_count=8 est_insns=2 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic_dec_and_test_goto(void)
{
	_Bool c = 0;

	__asm__ goto(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; decl %[var]; je %l[cc_label]"
		: : [var] "m" (g_cnt.counter)
		: "memory" : cc_label);
	if (0) {
cc_label:
		c = 1;
	}
	return c;
}

/* shape: arch/x86/include/asm/cmpxchg.h: __raw_try_cmpxchg() with CC_SET(z) = "\n\tsetz %[_cc_z]\n" (compilers without __GCC_ASM_FLAG_OUTPUTS__) */
/* expect: gcc_count=9 est_insns=2 kind=lock-prefix */
__attribute__((noinline)) _Bool t_atomic_try_cmpxchg_setcc(int *pold, int new)
{
	_Bool success;
	int old = *pold;

	__asm__ __volatile__(
		".pushsection .smp_locks,\"a\"\n"
		".balign 4\n"
		".long 671f - .\n"
		".popsection\n"
		"671:\n"
		"\tlock; cmpxchgl %[new], %[ptr]\n"
		"\tsetz %[_cc_z]\n"
		: [_cc_z] "=qm" (success), [ptr] "+m" (g_cnt.counter), [old] "+a" (old)
		: [new] "r" (new)
		: "memory");
	if (!success)
		*pold = old;
	return success;
}
