// SPDX-License-Identifier: GPL-2.0
/*
 * fixit.c — input of the fix-it test (fixit.sh).  A flagged statement whose
 * asm keyword is spelled in this file gets a fix-it hint; the marked line
 * must read, after `patch -p0` of GCC's -fdiagnostics-generate-patch
 * output:
 *   fixit: TEXT      the statement starts with TEXT, then '('
 *   fixit: none      the line is unchanged (spelled in a macro)
 * After the patch no statement of this file is flagged but the one the
 * macro spells.  asm_inline as the kernel defines it (GCC >= 9):
 */
#ifndef asm_inline
#define asm_inline asm __inline
#endif

#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "
#define LINES "#\n#\n#\n#\n"

#define MACRO_INC(p) asm volatile(LOCK_PREFIX "incl %0" : "+m"(*(p))) /* fixit: none */

void kw_asm_volatile(int *p)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(*p)); /* fixit: asm_inline volatile */
}

void kw_gnu(int *p)
{
	__asm__ __volatile__(LOCK_PREFIX "decl %0" : "+m"(*p)); /* fixit: asm_inline volatile */
}

void kw_mixed(int *p)
{
	__asm	volatile  (LOCK_PREFIX "incl %0" : "+m"(*p)); /* fixit: asm_inline volatile */
}

void kw_basic(void)
{
	asm("nop\n" LINES); /* fixit: asm_inline */
}

void kw_gnu_basic(void)
{
	__asm__ ("nop\n" LINES); /* fixit: asm_inline */
}

int kw_goto(int x)
{
	asm goto("testl %0, %0\n\tjz %l1\n" LINES : : "r"(x) : : out); /* fixit: asm_inline goto */
	asm volatile goto("testl %0, %0\n\tjz %l1\n" LINES : : "r"(x) : : out); /* fixit: asm_inline volatile goto */
	return 1;
out:
	return 0;
}

void kw_split(int *p)
{
	asm /* fixit: asm_inline */
		volatile(LOCK_PREFIX "incl %0" : "+m"(*p));
}

void in_macro(int *p)
{
	MACRO_INC(p);
}
