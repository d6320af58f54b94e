/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/alternative.h — LOCK_PREFIX as Linux 6.1 spells it
 * (arch/x86/include/asm/alternative.h): every locked instruction records
 * its address in .smp_locks so a uniprocessor kernel can patch the lock
 * prefix out.  GCC charges the whole template, 7 "instructions", for the
 * one instruction that lands in .text.
 */
#ifndef EXAMPLE_ASM_ALTERNATIVE_H
#define EXAMPLE_ASM_ALTERNATIVE_H

#define LOCK_PREFIX_HERE                                                       \
	".pushsection .smp_locks,\"a\"\n"                                      \
	".balign 4\n"                                                          \
	".long 671f - .\n" /* offset */                                        \
	".popsection\n"                                                        \
	"671:"

#define LOCK_PREFIX LOCK_PREFIX_HERE "\n\tlock; "

#endif
