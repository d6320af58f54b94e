/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: special instructions, string ops, irqflags, barriers
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

/* __FORCE_ORDER: arch/x86/include/asm/special_insns.h */
#define __FORCE_ORDER "m"(*(unsigned int *)0x1000UL)

/* shape: arch/x86/include/asm/irqflags.h: native_save_fl() "# __raw_save_flags\n\t" "pushf ; pop %0" */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) unsigned long t_native_save_fl(void)
{
	unsigned long flags;

	__asm__ __volatile__(
		"# __raw_save_flags\n"
		"\tpushf ; pop %0"
		: "=rm" (flags) : : "memory");
	return flags;
}

/* shape: arch/x86/include/asm/irqflags.h: native_irq_disable() "cli" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_irq_disable(void)
{
	__asm__ __volatile__(
		"cli"
		: : :"memory");
}

/* shape: arch/x86/include/asm/irqflags.h: native_irq_enable() "sti" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_irq_enable(void)
{
	__asm__ __volatile__(
		"sti"
		: : :"memory");
}

/* shape: arch/x86/include/asm/irqflags.h: native_safe_halt() "sti; hlt" */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) void t_safe_halt(void)
{
	__asm__ __volatile__(
		"sti; hlt"
		: : :"memory");
}

/* shape: arch/x86/include/asm/processor.h: native_cpuid() "cpuid" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_cpuid(unsigned int *eax, unsigned int *ebx, unsigned int *ecx, unsigned int *edx)
{
	__asm__ __volatile__(
		"cpuid"
		: "=a" (*eax), "=b" (*ebx), "=c" (*ecx), "=d" (*edx)
		: "0" (*eax), "2" (*ecx)
		: "memory");
}

/* shape: arch/x86/include/asm/string_64.h: memset64() "rep\n\t" "stosq" (prefix on its own line) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_memset64(u64 *s, u64 v, unsigned long n)
{
	long d0, d1;

	__asm__ __volatile__(
		"rep\n"
		"\tstosq"
		: "=&c" (d0), "=&D" (d1)
		: "a" (v), "1" (s), "0" (n)
		: "memory");
}

/* shape: arch/x86/include/asm/special_insns.h: serialize() ".byte 0xf, 0x1, 0xe8" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_serialize(void)
{
	__asm__ __volatile__(
		".byte 0xf, 0x1, 0xe8"
		::: "memory");
}

/* shape: arch/x86/include/asm/mwait.h: __monitor() ".byte 0x0f, 0x01, 0xc8;" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_monitor(const void *eax, unsigned long ecx, unsigned long edx)
{
	__asm__ __volatile__(
		".byte 0x0f, 0x01, 0xc8;"
		:: "a" (eax), "c" (ecx), "d"(edx));
}

/* shape: arch/x86/include/asm/mwait.h: __mwait() ".byte 0x0f, 0x01, 0xc9;" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_mwait(unsigned long eax, unsigned long ecx)
{
	__asm__ __volatile__(
		".byte 0x0f, 0x01, 0xc9;"
		:: "a" (eax), "c" (ecx));
}

/* shape: arch/x86/include/asm/mwait.h: __sti_mwait() "sti; .byte 0x0f, 0x01, 0xc9;" */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_sti_mwait(unsigned long eax, unsigned long ecx)
{
	__asm__ __volatile__(
		"sti; .byte 0x0f, 0x01, 0xc9;"
		:: "a" (eax), "c" (ecx));
}

/* shape: arch/x86/include/asm/special_insns.h: rdpkru() ".byte 0x0f,0x01,0xee\n\t" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) u32 t_rdpkru(void)
{
	u32 ecx = 0, edx, pkru;

	__asm__ __volatile__(
		".byte 0x0f,0x01,0xee\n"
		"\t"
		: "=a" (pkru), "=d" (edx) : "c" (ecx));
	return pkru;
}

/*
 * One .byte run encoding two instructions (enqcmds + a 2-byte xchg %ax,%ax).
 */
/* shape: arch/x86/include/asm/special_insns.h: enqcmds() ".byte 0xf3, 0x0f, 0x38, 0xf8, 0x02, 0x66, 0x90" CC_SET(z) */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) int t_enqcmds(void *dst, const void *src)
{
	const struct { char _[64]; } *__src = src;
	struct { char _[64]; } *__dst = dst;
	_Bool zf;

	__asm__ __volatile__(
		".byte 0xf3, 0x0f, 0x38, 0xf8, 0x02, 0x66, 0x90\n"
		"\t/* output condition code z*/\n"
		: "=@ccz" (zf), "+m" (*__dst)
		: "m" (*__src), "a" (__dst), "d" (__src));
	return zf ? -11 : 0;
}

/* shape: arch/x86/include/asm/special_insns.h: movdir64b() ".byte 0x66, 0x0f, 0x38, 0xf8, 0x02" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_movdir64b(void *dst, const void *src)
{
	const struct { char _[64]; } *__src = src;
	struct { char _[64]; } *__dst = dst;

	__asm__ __volatile__(
		".byte 0x66, 0x0f, 0x38, 0xf8, 0x02"
		: "+m" (*__dst)
		: "m" (*__src), "a" (__dst), "d" (__src));
}

/* shape: arch/x86/include/asm/special_insns.h: tile_release() ".byte 0xc4, 0xe2, 0x78, 0x49, 0xc0" (basic asm) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_tile_release(void)
{
	__asm__ __volatile__(
		".byte 0xc4, 0xe2, 0x78, 0x49, 0xc0");
}

/* shape: arch/x86/include/asm/special_insns.h: native_read_cr4() "mov %%cr4,%0\n\t" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_read_cr4(void)
{
	unsigned long val;

	__asm__ __volatile__(
		"mov %%cr4,%0\n"
		"\t"
		: "=r" (val) : __FORCE_ORDER);
	return val;
}

/* shape: arch/x86/kernel/cpu/common.c: native_write_cr4() "mov %0,%%cr4" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_write_cr4(unsigned long val)
{
	__asm__ __volatile__(
		"mov %0,%%cr4"
		: "+r" (val) : : "memory");
}

/* shape: arch/x86/include/asm/special_insns.h: native_write_cr3() "mov %0,%%cr3" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_write_cr3(unsigned long val)
{
	__asm__ __volatile__(
		"mov %0,%%cr3"
		: : "r" (val) : "memory");
}

/* shape: arch/x86/include/asm/special_insns.h: native_wbinvd() "wbinvd" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_wbinvd(void)
{
	__asm__ __volatile__(
		"wbinvd"
		: : :"memory");
}

/* shape: arch/x86/include/asm/vdso/processor.h: rep_nop() "rep; nop" (cpu_relax; decodes as pause) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_cpu_relax(void)
{
	__asm__ __volatile__(
		"rep; nop"
		::: "memory");
}

/* shape: include/linux/compiler.h: barrier() __asm__ __volatile__("" : : : "memory") */
/* expect: gcc_count=1 est_insns=0 kind=plain */
__attribute__((noinline)) void t_barrier(void)
{
	__asm__ __volatile__(
		""
		: : :"memory");
}

/* shape: arch/x86/include/asm/barrier.h: __mb() / mb() on x86-64 "mfence" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_mb(void)
{
	__asm__ __volatile__(
		"mfence"
		:::"memory");
}

/* shape: arch/x86/include/asm/barrier.h: __smp_mb() "lock; addl $0,-4(%%" _ASM_SP ")" */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_smp_mb(void)
{
	__asm__ __volatile__(
		"lock; addl $0,-4(%%rsp)"
		::: "memory", "cc");
}

/* shape: arch/x86/include/asm/shared/io.h: __outb() "out" #bwl " %" #bw "0, %w1" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_outb(u8 value, u16 port)
{
	__asm__ __volatile__(
		"outb %b0, %w1"
		: : "a"(value), "Nd"(port));
}

/* shape: arch/x86/include/asm/io.h: outsb() "rep; outs" #bwl */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_outsb(u16 port, const void *addr, unsigned long count)
{
	__asm__ __volatile__(
		"rep; outsb"
		: "+S"(addr), "+c"(count) : "d"(port) : "memory");
}

/* shape: arch/x86/kernel/io_delay.c: native_io_delay() "outb %al, $0x80" (basic asm: % is literal) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_io_delay(void)
{
	__asm__ __volatile__(
		"outb %al, $0x80");
}

/* shape: arch/x86/include/asm/processor.h: native_swapgs() "swapgs" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_swapgs(void)
{
	__asm__ __volatile__(
		"swapgs"
		::: "memory");
}

/* shape: arch/x86/include/asm/fpu/xcr.h: xgetbv() "xgetbv" */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) u64 t_xgetbv(u32 index)
{
	u32 eax, edx;

	__asm__ __volatile__(
		"xgetbv"
		: "=a" (eax), "=d" (edx) : "c" (index));
	return eax + ((u64)edx << 32);
}

/* shape: arch/x86/include/asm/bitops.h: variable__ffs() "rep; bsf %1,%0" (decodes as tzcnt) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) unsigned long t_ffs_rep_bsf(unsigned long word)
{
	__asm__(
		"rep; bsf %1,%0"
		: "=r" (word) : "rm" (word));
	return word;
}

/* shape: arch/x86/include/asm/bitops.h: fls() "bsrl %1,%0" (x86-64) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) int t_fls(unsigned int x)
{
	int r;

	__asm__(
		"bsrl %1,%0"
		: "=r" (r) : "rm" (x), "0" (-1));
	return r + 1;
}
