// SPDX-License-Identifier: GPL-2.0
/*
 * rerun-nofork.c — input of tests/plugin/rerun-nofork.sh: LOCK_PREFIX asm
 * (charged 7, emits 1) in a function the unit calls (-DCALLED), through
 * a function pointer (-DINDIRECT) or nowhere (neither): the re-run may
 * have a call to judge only in the first two.
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "
#define LOCKED_INC(x) asm volatile(LOCK_PREFIX "incl %0" : "+m"(x))

struct stats { int a, b, c, d; };
extern void log_event(int);

/* Over -O2's limit for a function not declared inline: 4 x 7 = 28. */
void bump(struct stats *s)
{
	LOCKED_INC(s->a); LOCKED_INC(s->b); LOCKED_INC(s->c); LOCKED_INC(s->d);
}

static int twice(int n)
{
	log_event(n);
	return 2 * n;
}

int work(struct stats *s, int n)
{
#ifdef CALLED
	bump(s);
#endif
#ifdef INDIRECT
	void (*volatile fn)(struct stats *) = bump;

	fn(s);
#endif
	(void)s;
	return twice(n) + twice(n + 1);
}
