/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/processor.h — cpu_relax() as Linux 6.1 spells it (rep_nop): GCC
 * charges 2 for "rep; nop", the assembler emits one PAUSE.  Over-counted
 * by one only: below the threshold, so not flagged.
 */
#ifndef EXAMPLE_ASM_PROCESSOR_H
#define EXAMPLE_ASM_PROCESSOR_H

static inline void cpu_relax(void)
{
	asm volatile("rep; nop" ::: "memory");
}

#endif
