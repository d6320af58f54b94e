/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch-shapes.h — asm keywords spelled the ways asmscan patch must find
 * on a line (tests/analyzer/patch/patch.py): GCC's spellings and qualifiers,
 * macros ending in '\', two statements on one line told apart by goto or
 * by their template, asm in a comment and in a string, named operands
 * and labels.  Every statement here charges 6-7 and emits 1-2: flagged.
 */
#ifndef PATCH_SHAPES_H
#define PATCH_SHAPES_H

#define LOCK ".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock; "

static inline void shape_gnu(int *v)
{
	__asm__ __volatile__(LOCK "incl %0" : "+m"(*v) : : "memory");
}

static inline void shape_named(int *v, int n)
{
	/* asm volatile in a comment is not a keyword */ asm volatile(LOCK "addl %[n], %[v]" : [v] "+m"(*v) : [n] "ir"(n));
}

#define SHAPE_TWO_GOTO(v, l)                                                   \
	do { asm volatile goto(LOCK "btsl $0, %0\n\tjc %l1" : : "m"(*(v)) : "memory" : l); asm (""); } while (0)

#define SHAPE_BOTH(a, b)                                                       \
	do { asm volatile(LOCK "incl %0" : "+m"(*(a))); __asm(LOCK "decl %0" : "+m"(*(b))); } while (0)

static inline void shape_basic(void)
{
	asm(".pushsection .discard.shape\n.long 0\n.long 1\n.long 2\n.popsection\nnop");
}

static inline int shape_label(int *v)
{
	asm goto(LOCK "btsl $0, %0\n\tjc %l[out]" : : "m"(*v) : "memory" : out);
	return 0;
out:
	return 1;
}

static inline void shape_string(int *v)
{
	asm volatile(LOCK "incl %0 # \"asm volatile(\"" : "+m"(*v));
}

#endif
