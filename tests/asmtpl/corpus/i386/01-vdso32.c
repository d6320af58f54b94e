/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, i386 (gcc -m32): the vDSO's 32-bit half.
 *
 * Kbuild compiles arch/x86/entry/vdso/vdso32/vclock_gettime.c with -m32;
 * these are the templates of that unit (Linux 6.1.192, x86_64_defconfig),
 * copied from the plugin's records of the real compile and written over
 * plain globals with the kernel's operands in the kernel's order.  The
 * two comment lines above each function are the harness contract:
 *   shape:  kernel header and macro the template comes from
 *   expect: gcc_count (GCC inliner charge), est_insns (instructions the
 *           statement leaves in the function's own section, a run of
 *           one-byte nops counted once), kind (sections written)
 */

typedef unsigned int u32;
typedef unsigned long long u64;

/* shape: arch/x86/include/asm/msr.h: rdtsc_ordered() ALTERNATIVE_2("rdtsc", "lfence; rdtsc", X86_FEATURE_LFENCE_RDTSC, "rdtscp", X86_FEATURE_RDTSCP) */
/* expect: gcc_count=31 est_insns=2 kind=alternative */
__attribute__((noinline)) u64 t_rdtsc_ordered(void)
{
	u32 low, high;

	__asm__ __volatile__(
		"# ALT: oldinstr2\n"
		"661:\n"
		"\trdtsc\n"
		"662:\n"
		"# ALT: padding2\n"
		".skip -((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)) > 0) * (((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 3*32+18)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word ( 1*32+27)\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tlfence; rdtsc\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\trdtscp\n"
		"6652:\n"
		".popsection\n"
		: "=a" (low), "=d" (high)
		:: "ecx");
	return ((u64)high << 32) | low;
}

/* shape: arch/x86/include/asm/vdso/processor.h: rep_nop() */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_rep_nop(void)
{
	__asm__ __volatile__("rep; nop" ::: "memory");
}

/* shape: arch/x86/include/asm/pvclock.h: pvclock_scale_delta(), the __i386__ form */
/* expect: gcc_count=8 est_insns=7 kind=plain */
__attribute__((noinline)) u64 t_pvclock_scale_delta(u64 delta, u32 mul_frac)
{
	u64 product;
	u32 tmp1, tmp2;

	__asm__ (
		"mul  %5       ; "
		"mov  %4,%%eax ; "
		"mov  %%edx,%4 ; "
		"mul  %5       ; "
		"xor  %5,%5    ; "
		"add  %4,%%eax ; "
		"adc  %5,%%edx ; "
		: "=A" (product), "=r" (tmp1), "=r" (tmp2)
		: "a" ((u32)delta), "1" ((u32)(delta >> 32)), "2" (mul_frac) );
	return product;
}

/* shape: arch/x86/include/asm/vdso/gettimeofday.h: gettimeofday_fallback() (int $0x80 through __kernel_vsyscall) */
/* expect: gcc_count=5 est_insns=4 kind=plain */
__attribute__((noinline)) long t_gettimeofday_fallback(void *tv, void *tz)
{
	long ret;

	__asm__(
		"mov %%ebx, %%edx \n"
		"mov %2, %%ebx \n"
		"call __kernel_vsyscall \n"
		"mov %%edx, %%ebx \n"
		: "=a" (ret)
		: "0" (78), "g" (tv), "c" (tz)
		: "memory", "edx");
	return ret;
}

/* shape: arch/x86/include/asm/vdso/gettimeofday.h: clock_gettime32_fallback() */
/* expect: gcc_count=5 est_insns=4 kind=plain */
__attribute__((noinline)) long t_clock_gettime32_fallback(int clkid, int *ts)
{
	long ret;

	__asm__ (
		"mov %%ebx, %%edx \n"
		"mov %[clock], %%ebx \n"
		"call __kernel_vsyscall \n"
		"mov %%edx, %%ebx \n"
		: "=a" (ret), "=m" (*ts)
		: "0" (265), [clock] "g" (clkid), "c" (ts)
		: "edx");
	return ret;
}
