/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compiler_types.h — a header given with -include, as Kbuild gives the
 * kernel's: in a tree built in place GCC names it
 * "././include/linux/compiler_types.h".  lib/intree.c expands the asm
 * spelled here; workflow.py reads the "site:" tag.
 */
#ifndef COMPILER_TYPES_H
#define COMPILER_TYPES_H
#define ct_locked_or(p) \
	asm volatile(".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock; orl $0,%0" : "+m"(*(p))) /* site: ct */
#endif
