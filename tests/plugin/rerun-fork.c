// SPDX-License-Identifier: GPL-2.0
/*
 * rerun-fork.c — input of tests/plugin/rerun-fork.sh: bodies that
 * ipa-icf folds, holding LOCK_PREFIX asm (charged 7, emits 1), called
 * where GCC 12 refuses them for size; the re-run forks after "icf".
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "
#define LOCKED_INC(x) asm volatile(LOCK_PREFIX "incl %0" : "+m"(x))
#define LOCKED_ADD(x, n) asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(x) : "ir"(n))

struct stats { int a, b, c, d; };
extern void log_event(int);

/* Twins: icf folds one into the other.  4 x 7 = 28: over -O2's auto 15. */
static void bump_a(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c); LOCKED_ADD(s->d, n);
}

static void bump_b(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c); LOCKED_ADD(s->d, n);
}

/* Twins again, bigger, with a call. */
static void note_a(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c);
	log_event(n);
	LOCKED_ADD(s->d, n); LOCKED_INC(s->a); LOCKED_ADD(s->b, n);
}

static void note_b(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c);
	log_event(n);
	LOCKED_ADD(s->d, n); LOCKED_INC(s->a); LOCKED_ADD(s->b, n);
}

void use1(struct stats *s, int n) { bump_a(s, n); note_a(s, n); bump_a(s, n + 1); }
void use2(struct stats *s, int n) { bump_b(s, n); note_b(s, n); bump_b(s, n - 1); }
void use3(struct stats *s, int n) { bump_a(s, n); bump_b(s, n); note_a(s, n); note_b(s, n); }
void use4(struct stats *s, int n) { note_a(s, n * 2); note_b(s, n * 3); }
