// SPDX-License-Identifier: GPL-2.0
/*
 * apply.c — input of the apply-mode test (apply.sh).
 *
 * stats_update() is a static inline wrapper of eleven LOCK_PREFIX asm, the
 * shape measured on GCC 12: at -O2 it charges it 11 x 7 = 77 plus the C
 * around it, over max-inline-insns-single (70), so it stays out of line
 * and all five callers call it.  With mode=apply each asm is charged 1 and
 * the wrapper is inlined into every caller: its symbol disappears.
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "

struct stats {
	int a, b, c, d, e, f;
	unsigned long flags;
};

static inline void stats_update(struct stats *s, int n)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(s->a));
	asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(s->b) : "ir"(n));
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(s->c));
	asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(s->d) : "ir"(n));
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(s->e));
	asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(s->f) : "ir"(n));
	asm volatile(LOCK_PREFIX "btsq $0,%0" : "+m"(s->flags));
	asm volatile(LOCK_PREFIX "decl %0" : "+m"(s->a));
	asm volatile(LOCK_PREFIX "decl %0" : "+m"(s->c));
	asm volatile(LOCK_PREFIX "decl %0" : "+m"(s->e));
	asm volatile(LOCK_PREFIX "btrq $0,%0" : "+m"(s->flags));
}

void caller1(struct stats *s) { stats_update(s, 1); }
void caller2(struct stats *s) { stats_update(s, 2); }
void caller3(struct stats *s, int n) { stats_update(s, n); }
void caller4(struct stats *s, int n) { stats_update(s, n + 1); }
void caller5(struct stats *s, int n) { stats_update(s, n * 2); }
