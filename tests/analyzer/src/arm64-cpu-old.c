// SPDX-License-Identifier: GPL-2.0
/*
 * arm64-cpu-old.c — with arm64-cpu-new.c, the shape of the arm64 change
 * that made raw_smp_processor_id() read the CPU number from thread_info
 * instead of the per-cpu variable cpu_number.  Here, the old way: the
 * per-cpu offset from TPIDR_EL1 (an ALTERNATIVE patches it to TPIDR_EL2
 * under VHE, as __kern_my_cpu_offset() does) added to &cpu_number:
 *
 *	adrp, add (&cpu_number), mrs tpidr_el1, ldr, eor, add, ret
 *
 * this_cpu_plus() is 7 instructions here and 5 in arm64-cpu-new.c;
 * tests/arm64.sh checks asmscan's count of each against objdump, and is
 * where `asmscan diff` on the pair is to be checked (delta -2).
 */
#define noinline __attribute__((noinline, noclone))

extern int cpu_number;

static inline unsigned long kern_my_cpu_offset(void)
{
	unsigned long off;

	__asm__("661:\n\tmrs %0, tpidr_el1\n662:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .word 661b - .\n .word 663f - .\n .hword 11\n"
		" .byte 662b-661b\n .byte 664f-663f\n"
		".popsection\n"
		".subsection 1\n"
		"663:\n\tmrs %0, tpidr_el2\n664:\n\t"
		".previous\n"
		: "=r"(off));
	return off;
}

#define raw_smp_processor_id() \
	(*(int *)((unsigned long)&cpu_number + kern_my_cpu_offset()))

noinline int this_cpu_plus(int a, int b)
{
	return raw_smp_processor_id() + (a ^ b);
}

int use_cpu(int a)
{
	return this_cpu_plus(a, 3);
}
