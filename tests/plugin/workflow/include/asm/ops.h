/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ops.h — a header of the workflow test: kernel-shaped locked operations
 * spelled here, used by lib/unit.c.  Lines are named by "site:" tags that
 * workflow.py reads; keep each asm keyword on its tagged line.
 */
#ifndef OPS_H
#define OPS_H

#define LOCK_PREFIX_HERE \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:"

/* Over-counted (7 for 1); every expansion is spelled on one line. */
#define locked_inc(p) \
	asm volatile(LOCK_PREFIX_HERE "\n\tlock; incl %0" : "+m"(*(p))) /* site: inc */

/* Always inlined: converting it changes no inlining decision. */
static inline __attribute__((always_inline)) void locked_dec(int *p)
{
	asm volatile(LOCK_PREFIX_HERE "\n\tlock; decl %0" : "+m"(*p)); /* site: dec */
}

/* No asm on this line: a site here matches nothing. */ /* site: none */
#endif
