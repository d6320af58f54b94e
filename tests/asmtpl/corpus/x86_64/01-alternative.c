/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: ALTERNATIVE, ALTERNATIVE_2/_3 and the alternative_*() wrappers
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

/* ASM_CALL_CONSTRAINT (arch/x86/include/asm/asm.h) */
register unsigned long current_stack_pointer __asm__("rsp");

/*
 * Functions named by "i" operands must bind locally for -fPIE (the compiler's
 * default here), hence the hidden declarations; the assembler leaves them as
 * undefined symbols.
 */
#define HIDDEN __attribute__((visibility("hidden")))
extern void clear_page_orig(void *page) HIDDEN;
extern void clear_page_rep(void *page) HIDDEN;
extern void clear_page_erms(void *page) HIDDEN;
extern long long atomic64_read_386(long long, const void *v) HIDDEN;
extern long long atomic64_read_cx8(long long, const void *v) HIDDEN;

/* struct cpuinfo_x86::x86_capability, NCAPINTS + NBUGINTS words */
struct cpuinfo_x86 {
	u32 x86_capability[20 + 2];
} boot_cpu_data;

struct pcpu16 {
	u64 a;
	u64 b;
} __attribute__((aligned(16)));
struct pcpu16 g_pc16;
volatile u32 g_apic_reg;

/*
 * Empty oldinstr, 3-byte replacement: the .skip pads 3 one-byte nops inline.
 */
/* shape: arch/x86/include/asm/barrier.h: barrier_nospec() = alternative("", "lfence", X86_FEATURE_LFENCE_RDTSC) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_barrier_nospec(void)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\t\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 3*32+18)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tlfence\n"
		"6651:\n"
		".popsection\n"
		: : : "memory");
}

/* shape: arch/x86/include/asm/smap.h: clac() = alternative("", __ASM_CLAC, X86_FEATURE_SMAP) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_clac(void)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
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
		"\t.byte 0x0f,0x01,0xca\n"
		"6651:\n"
		".popsection\n"
		: : : "memory");
}

/* shape: arch/x86/include/asm/smap.h: stac() = alternative("", __ASM_STAC, X86_FEATURE_SMAP) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_stac(void)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
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
		: : : "memory");
}

/* shape: arch/x86/include/asm/smap.h: smap_save() ALTERNATIVE("", "pushf; pop %0; " __ASM_CLAC "\n\t", X86_FEATURE_SMAP) */
/* expect: gcc_count=25 est_insns=1 kind=alternative */
__attribute__((noinline)) unsigned long t_smap_save(void)
{
	unsigned long flags;

	__asm__ __volatile__(
		"# smap_save\n"
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
		"\tpushf; pop %0; .byte 0x0f,0x01,0xca\n"
		"\t\n"
		"6651:\n"
		".popsection\n"
		: "=rm" (flags) : : "memory", "cc");
	return flags;
}

/* shape: arch/x86/include/asm/smap.h: smap_restore() ALTERNATIVE("", "push %0; popf\n\t", X86_FEATURE_SMAP) */
/* expect: gcc_count=24 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_smap_restore(unsigned long flags)
{
	__asm__ __volatile__(
		"# smap_restore\n"
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
		"\tpush %0; popf\n"
		"\t\n"
		"6651:\n"
		".popsection\n"
		: : "g" (flags) : "memory", "cc");
}

/* shape: arch/x86/include/asm/arch_hweight.h: __arch_hweight32() ALTERNATIVE("call __sw_hweight32", "popcntl %1, %0", X86_FEATURE_POPCNT) */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) unsigned int t_hweight32(unsigned int w)
{
	unsigned int res;

	__asm__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tcall __sw_hweight32\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 4*32+23)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tpopcntl %1, %0\n"
		"6651:\n"
		".popsection\n"
		: "=a" (res) : "D" (w));
	return res;
}

/* shape: arch/x86/include/asm/arch_hweight.h: __arch_hweight64() ALTERNATIVE("call __sw_hweight64", "popcntq %1, %0", X86_FEATURE_POPCNT) */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) unsigned long t_hweight64(unsigned long w)
{
	unsigned long res;

	__asm__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tcall __sw_hweight64\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 4*32+23)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tpopcntq %1, %0\n"
		"6651:\n"
		".popsection\n"
		: "=a" (res) : "D" (w));
	return res;
}

/* shape: arch/x86/include/asm/kvm_para.h: kvm_hypercall1() KVM_HYPERCALL = ALTERNATIVE("vmcall", "vmmcall", X86_FEATURE_VMMCALL) */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) long t_kvm_hypercall1(unsigned int nr, unsigned long p1)
{
	long ret;

	__asm__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tvmcall\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 8*32+15)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tvmmcall\n"
		"6651:\n"
		".popsection\n"
		: "=a" (ret)
		: "a" (nr), "b" (p1)
		: "memory");
	return ret;
}

/*
 * A .byte prefix and an instruction written as two statements: one instruction.
 */
/* shape: arch/x86/include/asm/special_insns.h: clflushopt() alternative_io(".byte 0x3e; clflush %P0", ".byte 0x66; clflush %P0", X86_FEATURE_CLFLUSHOPT) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_clflushopt(volatile void *p)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\t.byte 0x3e; clflush %P0\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 9*32+23)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\t.byte 0x66; clflush %P0\n"
		"6651:\n"
		".popsection\n"
		: "+m" (*(volatile char *)p) : "i" (0));
}

/* shape: arch/x86/include/asm/special_insns.h: clwb() ALTERNATIVE_2 with .byte-encoded clflushopt/clwb */
/* expect: gcc_count=32 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_clwb(volatile void *q)
{
	volatile struct { char x[64]; } *p = q;

	__asm__ __volatile__(
		"# ALT: oldinstr2\n"
		"661:\n"
		"\t.byte 0x3e; clflush (%[pax])\n"
		"662:\n"
		"# ALT: padding2\n"
		".skip -((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)) > 0) * (((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 9*32+23)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word ( 9*32+24)\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\t.byte 0x66; clflush (%[pax])\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\t.byte 0x66, 0x0f, 0xae, 0x30\n"
		"6652:\n"
		".popsection\n"
		: [p] "+m" (*p)
		: [pax] "a" (p));
}

/*
 * 2-byte rdtsc, 5-byte longest replacement: rdtsc plus a 3-byte nop pad.
 */
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

/* shape: arch/x86/include/asm/processor.h: prefetch() alternative_input(BASE_PREFETCH, "prefetchnta %P1", X86_FEATURE_XMM) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_prefetch(const void *x)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tprefetcht0 %P1\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 0*32+25)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tprefetchnta %P1\n"
		"6651:\n"
		".popsection\n"
		: : "i" (0), "m" (*(const char *)x));
}

/* shape: arch/x86/include/asm/processor.h: prefetchw() alternative_input(BASE_PREFETCH, "prefetchw %P1", X86_FEATURE_3DNOWPREFETCH) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_prefetchw(const void *x)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tprefetcht0 %P1\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 6*32+ 8)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tprefetchw %P1\n"
		"6651:\n"
		".popsection\n"
		: : "i" (0), "m" (*(const char *)x));
}

/* shape: arch/x86/include/asm/page_64.h: task_size_max() alternative_io("movq %[small],%0", "movq %[large],%0", X86_FEATURE_LA57) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) unsigned long t_task_size_max(void)
{
	unsigned long ret;

	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tmovq %[small],%0\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word (16*32+16)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tmovq %[large],%0\n"
		"6651:\n"
		".popsection\n"
		: "=r" (ret)
		: "i" (0), [small] "i" ((1ul << 47) - 4096), [large] "i" ((1ul << 56) - 4096));
	return ret;
}

/*
 * Padding depends on the register the compiler picks for [seg]:
 * lsl is 3 bytes, 4 with a REX prefix; RDPID is 4.
 */
/* shape: arch/x86/include/asm/segment.h: vdso_read_cpunode() alternative_io("lsl %[seg],%[p]", ".byte 0xf3,0x0f,0xc7,0xf8" (RDPID), X86_FEATURE_RDPID) */
/* expect: gcc_count=1 est_insns=2 kind=alternative pad_uncertain=1 */
__attribute__((noinline)) unsigned int t_vdso_read_cpunode(void)
{
	unsigned int p;

	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tlsl %[seg],%[p]\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word (16*32+22)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\t.byte 0xf3,0x0f,0xc7,0xf8\n"
		"6651:\n"
		".popsection\n"
		: [p] "=a" (p)
		: "i" (0), [seg] "r" (15 * 8 + 3));
	return p;
}

/* shape: arch/x86/include/asm/apic.h: native_apic_mem_write() alternative_io("movl %0, %P1", "xchgl %0, %P1", X86_BUG_11AP) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_apic_mem_write(u32 v)
{
	volatile u32 *addr = &g_apic_reg;

	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tmovl %0, %P1\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word (22*32 + (5))\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\txchgl %0, %P1\n"
		"6651:\n"
		".popsection\n"
		: "=r" (v), "=m" (*addr)
		: "i" (0), "0" (v), "m" (*addr));
}

/* shape: arch/x86/include/asm/percpu.h: percpu_cmpxchg16b_double() alternative_io("leaq %P1,%%rsi\n\tcall this_cpu_cmpxchg16b_emu\n\t", "cmpxchg16b " __percpu_arg(1) "\n\tsetz %0\n\t", X86_FEATURE_CX16) */
/* expect: gcc_count=1 est_insns=2 kind=alternative */
__attribute__((noinline)) _Bool t_this_cpu_cmpxchg16b(u64 o1, u64 o2, u64 n1, u64 n2)
{
	_Bool ret;

	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tleaq %P1,%%rsi\n"
		"\tcall this_cpu_cmpxchg16b_emu\n"
		"\t\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 4*32+13)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tcmpxchg16b %%gs:%1\n"
		"\tsetz %0\n"
		"\t\n"
		"6651:\n"
		".popsection\n"
		: "=a" (ret), "+m" (g_pc16.a), "+m" (g_pc16.b), "+d" (o2)
		: "i" (0), "b" (n1), "c" (n2), "a" (o1) : "rsi");
	return ret;
}

/* shape: arch/x86/include/asm/page_64.h: clear_page() alternative_call_2(clear_page_orig, clear_page_rep, X86_FEATURE_REP_GOOD, clear_page_erms, X86_FEATURE_ERMS) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_clear_page(void *page)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldinstr2\n"
		"661:\n"
		"\tcall %P[old]\n"
		"662:\n"
		"# ALT: padding2\n"
		".skip -((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)) > 0) * (((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 3*32+16)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word ( 9*32+ 9)\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tcall %P[new1]\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\tcall %P[new2]\n"
		"6652:\n"
		".popsection\n"
		: "=D" (page), "+r" (current_stack_pointer)
		: [old] "i" (clear_page_orig), [new1] "i" (clear_page_rep), [new2] "i" (clear_page_erms), "0" (page)
		: "cc", "memory", "rax", "rcx");
}

/* shape: arch/x86/include/asm/alternative.h: alternative_call() as used by arch/x86/include/asm/atomic64_32.h (atomic64_read_386 / atomic64_read_cx8, X86_FEATURE_CX8) */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) long long t_alternative_call(const void *v)
{
	long long r;

	__asm__ __inline__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tcall %P[old]\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 0*32+ 8)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tcall %P[new]\n"
		"6651:\n"
		".popsection\n"
		: "=&A" (r)
		: [old] "i" (atomic64_read_386), [new] "i" (atomic64_read_cx8), "c" (v)
		: "memory");
	return r;
}

/*
 * The feature number is an operand (%c[feature]) substituted into .word.
 */
/* shape: arch/x86/include/asm/nospec-branch.h: alternative_msr_write() ALTERNATIVE("", "wrmsr", %c[feature]) (indirect_branch_prediction_barrier) */
/* expect: gcc_count=21 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_alternative_msr_write(unsigned int msr, u64 val)
{
	__asm__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\t\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word %c[feature]\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\twrmsr\n"
		"6651:\n"
		".popsection\n"
		: : "c" (msr), "a" ((u32)val), "d" ((u32)(val >> 32)), [feature] "i" (7 * 32 + 21)
		: "memory");
}

/* shape: arch/x86/include/asm/alternative.h: alternative_ternary() (macro verbatim; 6.1 has no C caller, arguments illustrative: "", X86_FEATURE_LFENCE_RDTSC, "lfence", "mfence") */
/* expect: gcc_count=1 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_alternative_ternary(void)
{
	__asm__ __inline__ __volatile__(
		"# ALT: oldinstr2\n"
		"661:\n"
		"\t\n"
		"662:\n"
		"# ALT: padding2\n"
		".skip -((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)) > 0) * (((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 3*32+21)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word ( 3*32+18)\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tmfence\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\tlfence\n"
		"6652:\n"
		".popsection\n"
		: : : "memory");
}

/* shape: arch/x86/include/asm/barrier.h: mb() for CONFIG_X86_32, ALTERNATIVE("lock; addl $0,-4(%%esp)", "mfence", X86_FEATURE_XMM2) */
/* expect: gcc_count=22 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_mb_x86_32(void)
{
	__asm__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tlock; addl $0,-4(%%esp)\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 0*32+26)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tmfence\n"
		"6651:\n"
		".popsection\n"
		::: "memory", "cc");
}

/* shape: arch/x86/include/asm/barrier.h: rmb() for CONFIG_X86_32, ALTERNATIVE("lock; addl $0,-4(%%esp)", "lfence", X86_FEATURE_XMM2) */
/* expect: gcc_count=22 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_rmb_x86_32(void)
{
	__asm__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tlock; addl $0,-4(%%esp)\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 0*32+26)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tlfence\n"
		"6651:\n"
		".popsection\n"
		::: "memory", "cc");
}

/* shape: arch/x86/include/asm/cpufeature.h: _static_cpu_has() ALTERNATIVE_TERNARY("jmp 6f", %P[feature], "", "jmp %l[t_no]") + .altinstr_aux (X86_FEATURE_FSGSBASE) */
/* expect: gcc_count=36 est_insns=1 kind=alternative */
__attribute__((noinline)) _Bool t_static_cpu_has(void)
{
	__asm__ goto(
		"# ALT: oldinstr2\n"
		"661:\n"
		"\tjmp 6f\n"
		"662:\n"
		"# ALT: padding2\n"
		".skip -((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)) > 0) * (((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & -(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)), 0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 3*32+21)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		" .long 661b - .\n"
		" .long 6642f - .\n"
		" .word %P[feature]\n"
		" .byte 663b-661b\n"
		" .byte 6652f-6642f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tjmp %l[t_no]\n"
		"6651:\n"
		"# ALT: replacement 2\n"
		"6642:\n"
		"\t\n"
		"6652:\n"
		".popsection\n"
		".pushsection .altinstr_aux,\"ax\"\n"
		"6:\n"
		" testb %[bitnum],%P[cap_byte] (%% rip)\n"
		" jnz %l[t_yes]\n"
		" jmp %l[t_no]\n"
		".popsection\n"
		: : [feature] "i" (9 * 32 + 0), [bitnum] "i" (1 << ((9 * 32 + 0) & 7)),
		    [cap_byte] "i" (&((const char *)boot_cpu_data.x86_capability)[(9 * 32 + 0) >> 3])
		: : t_yes, t_no);
t_yes:
	return 1;
t_no:
	return 0;
}
