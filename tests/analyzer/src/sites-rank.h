/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sites-rank.h — an inline function of a header holding a LOCK_PREFIX asm
 * (charged 7, emits 1), kept out of line: its copy and the calls reaching
 * it are what the site blocks (analyzer-sites).
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "

static inline __attribute__((noinline)) void locked_inc(int *p)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(*p));
}
