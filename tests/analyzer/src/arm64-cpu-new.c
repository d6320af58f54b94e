// SPDX-License-Identifier: GPL-2.0
/*
 * arm64-cpu-new.c — the new way (see arm64-cpu-old.c): current is in
 * SP_EL0 and its thread_info holds the CPU number:
 *
 *	mrs sp_el0, ldr, eor, add, ret
 *
 * this_cpu_plus() is 5 instructions here, 7 in arm64-cpu-old.c.
 */
#define noinline __attribute__((noinline, noclone))

struct thread_info {
	unsigned long flags;
	unsigned long preempt_count;
	int cpu;
};

static inline struct thread_info *current_thread_info(void)
{
	unsigned long sp_el0;

	__asm__("mrs %0, sp_el0" : "=r"(sp_el0));
	return (struct thread_info *)sp_el0;
}

#define raw_smp_processor_id() (current_thread_info()->cpu)

noinline int this_cpu_plus(int a, int b)
{
	return raw_smp_processor_id() + (a ^ b);
}

int use_cpu(int a)
{
	return this_cpu_plus(a, 3);
}
