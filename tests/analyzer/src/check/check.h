/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h — input of tests/analyzer/check/check.py, which copies it and edits
 * it (line shifts, a conversion to asm inline): LOCK_PREFIX as Linux 6.1
 * spells it (GCC charges 7, the CPU sees 1), three always-inline atomics
 * and ck_account(), a static inline wrapper of eleven of them that GCC -O2
 * charges more than max-inline-insns-single (70) and so refuses to inline.
 */
#ifndef CHECK_H
#define CHECK_H

#define LOCK_PREFIX \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock; "

struct ck {
	int a, b, c, d;
};

static inline __attribute__((always_inline)) void ck_inc(int *v)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(*v));
}

static inline __attribute__((always_inline)) void ck_dec(int *v)
{
	asm volatile(LOCK_PREFIX "decl %0" : "+m"(*v));
}

static inline __attribute__((always_inline)) void ck_add(int i, int *v)
{
	asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(*v) : "ir"(i));
}

static inline int ck_account(struct ck *s, int n)
{
	ck_inc(&s->a);
	ck_add(n, &s->b);
	ck_inc(&s->c);
	ck_dec(&s->d);
	ck_add(-n, &s->b);
	ck_inc(&s->a);
	ck_dec(&s->c);
	ck_add(n, &s->d);
	ck_add(n, &s->a);
	ck_dec(&s->b);
	ck_inc(&s->d);
	return s->a;
}

#endif
