/* SPDX-License-Identifier: GPL-2.0 */
/*
 * what-if.h — a header of tests/plugin/what-if.sh: a flagged asm (a
 * LOCK_PREFIX increment, charged 7, emits 1), a line without asm, and an
 * asm charged what it emits (not flagged).  "site:" tags name the lines.
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "

static inline void locked_inc(int *p)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(*p)); /* site: header_flagged */
}

/* site: header_empty */

static inline void relax(void)
{
	asm volatile("pause"); /* site: header_plain */
}
