// SPDX-License-Identifier: GPL-2.0
/*
 * constructed.c — input of the edge-record test (constructed.py).
 *
 * Wrappers whose calls GCC 12 refuses for size because of LOCK_PREFIX asm
 * (charged 7, emits 1), and some it refuses for other reasons.  Each call
 * line says, per build variant, the edge record the plugin must write for
 * it in warn mode ("none": no record), as
 *	expect VARIANT: VERDICT LIMIT=VALUE; VARIANT: ...
 * with the variants of constructed.py (O2, O3, Os, O1, and "param":
 * -O2 --param max-inline-insns-single=30).  Lines without an expectation
 * for a variant must have no record in it.  mode=apply then tells whether
 * the verdict was right (constructed.py: precision and recall).
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "
#define LOCKED_INC(x) asm volatile(LOCK_PREFIX "incl %0" : "+m"(x))
#define LOCKED_ADD(x, n) asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(x) : "ir"(n))

struct stats { int a, b, c, d, e, f; };
extern void log_event(int);

/* 11 x 7 = 77 for 11 instructions: over -O2's 70. */
static inline void stats11(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c); LOCKED_ADD(s->d, n);
	LOCKED_INC(s->e); LOCKED_ADD(s->f, n); LOCKED_INC(s->a); LOCKED_ADD(s->b, n);
	LOCKED_INC(s->c); LOCKED_ADD(s->d, n); LOCKED_INC(s->e);
}

#define TEN(s, n)                                                              \
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c);               \
	LOCKED_ADD(s->d, n); LOCKED_INC(s->e); LOCKED_ADD(s->f, n);            \
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c);               \
	LOCKED_ADD(s->d, n)
/* 30 x 7 = 210: over -O3's 200 too. */
static inline void stats30(struct stats *s, int n)
{
	TEN(s, n); TEN(s, n); TEN(s, n);
}

/* Big for real: many calls; its two asm do not make the difference at -O2. */
static inline void big_real(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_INC(s->b);
	for (int i = 0; i < 4; i++) {
		log_event(n + i); log_event(n * i); log_event(n - i); log_event(n ^ i);
		log_event(s->a + i); log_event(s->b + i); log_event(s->c + i); log_event(s->d + i);
		log_event(s->e + i); log_event(s->f + i); log_event(n | i); log_event(n & i);
	}
	log_event(s->a); log_event(s->b); log_event(s->c); log_event(s->d);
	log_event(s->e); log_event(s->f); log_event(n); log_event(-n);
	for (int i = 0; i < 3; i++) {
		log_event(i * n); log_event(i + s->a);
		log_event(i - s->b); log_event(i ^ s->c);
	}
}

/* Not declared inline: max-inline-insns-auto. */
static void count3(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c);
	if (n > 100)
		log_event(n);
}

/*
 * Two LOCK_PREFIX asm and a little work: its calls grow a caller by 3
 * without the over-count.  From a cold function the IPA inliner refuses
 * them ("call is unlikely") either way, four calls cost more than the
 * offline copy; but the early inliner came first and, before the profile
 * was estimated, saw them hot: growth 3 is within early-inlining-insns.
 */
static inline void bump2(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_INC(s->b);
	s->c = s->d * n + s->e;
}

/* Refused for reasons that are not size: no record. */
static __attribute__((noinline)) void never(struct stats *s)
{
	LOCKED_INC(s->a); LOCKED_INC(s->b); LOCKED_INC(s->c);
}
static int recur(struct stats *s, int n)
{
	LOCKED_INC(s->a);
	return n > 0 ? recur(s, n - 1) + n : 0;
}
extern void no_body(struct stats *s);

void caller1(struct stats *s, int n)
{
	stats11(s, n); /* expect O2: blocked-by-asm max-inline-insns-single=70; Os: other max-inline-insns-single=70; O1: blocked-by-asm max-inline-insns-single=70; param: blocked-by-asm max-inline-insns-single=30 */
	stats30(s, n); /* expect O2: blocked-by-asm max-inline-insns-single=70; O3: blocked-by-asm max-inline-insns-single=200; Os: other max-inline-insns-single=70; O1: blocked-by-asm max-inline-insns-single=70; param: blocked-by-asm max-inline-insns-single=30 */
	big_real(s, n); /* expect O2: other max-inline-insns-single=70; Os: other max-inline-insns-single=70; O1: other max-inline-insns-single=70; param: other max-inline-insns-single=30 */
	count3(s, n); /* expect O2: blocked-by-asm max-inline-insns-auto=15; Os: other max-inline-insns-auto=15; param: blocked-by-asm max-inline-insns-auto=15 */
	never(s); /* expect O2: none */
	recur(s, n); /* expect O2: none */
	no_body(s); /* expect O2: none */
}

void caller2(struct stats *s, int n)
{
	stats11(s, n + 1); /* expect O2: blocked-by-asm max-inline-insns-single=70; Os: other max-inline-insns-single=70; O1: blocked-by-asm max-inline-insns-single=70; param: blocked-by-asm max-inline-insns-single=30 */
	stats30(s, n + 1); /* expect O2: blocked-by-asm max-inline-insns-single=70; O3: blocked-by-asm max-inline-insns-single=200; Os: other max-inline-insns-single=70; O1: blocked-by-asm max-inline-insns-single=70; param: blocked-by-asm max-inline-insns-single=30 */
	big_real(s, n + 1); /* expect O2: other max-inline-insns-single=70; Os: other max-inline-insns-single=70; O1: other max-inline-insns-single=70; param: other max-inline-insns-single=30 */
	count3(s, n + 1); /* expect O2: blocked-by-asm max-inline-insns-auto=15; Os: other max-inline-insns-auto=15; param: blocked-by-asm max-inline-insns-auto=15 */
	never(s); /* expect O2: none */
}

void caller3(struct stats *s, int n)
{
	stats11(s, n * 2); /* expect O2: blocked-by-asm max-inline-insns-single=70; Os: other max-inline-insns-single=70; O1: blocked-by-asm max-inline-insns-single=70; param: blocked-by-asm max-inline-insns-single=30 */
	stats30(s, n * 2); /* expect O2: blocked-by-asm max-inline-insns-single=70; O3: blocked-by-asm max-inline-insns-single=200; Os: other max-inline-insns-single=70; O1: blocked-by-asm max-inline-insns-single=70; param: blocked-by-asm max-inline-insns-single=30 */
	big_real(s, n * 2); /* expect O2: other max-inline-insns-single=70; Os: other max-inline-insns-single=70; O1: other max-inline-insns-single=70; param: other max-inline-insns-single=30 */
	count3(s, n * 2); /* expect O2: blocked-by-asm max-inline-insns-auto=15; Os: other max-inline-insns-auto=15; param: blocked-by-asm max-inline-insns-auto=15 */
}

/* Its limits are -O3's (a --param on the command line still counts). */
__attribute__((optimize("O3"))) void caller_o3(struct stats *s, int n)
{
	stats11(s, n - 1); /* expect param: blocked-by-asm max-inline-insns-single=30 */
	stats30(s, n - 1); /* expect O2: blocked-by-asm max-inline-insns-single=200; O3: blocked-by-asm max-inline-insns-single=200; Os: blocked-by-asm max-inline-insns-single=200; O1: other max-inline-insns-single=200; param: blocked-by-asm max-inline-insns-single=30 */
}

/* Cold: the IPA inliner's profile says so, the early inliner's did not yet. */
__attribute__((cold)) void cold_path(struct stats *s, int n)
{
	log_event(n);
	bump2(s, n); /* expect O2: blocked-by-asm max-inline-insns-size=0; O3: blocked-by-asm max-inline-insns-size=0; Os: other max-inline-insns-size=0; O1: blocked-by-asm max-inline-insns-size=0; param: blocked-by-asm max-inline-insns-size=0 */
	log_event(n + 1);
	bump2(s, n + 1); /* expect O2: blocked-by-asm max-inline-insns-size=0; O3: blocked-by-asm max-inline-insns-size=0; Os: other max-inline-insns-size=0; O1: blocked-by-asm max-inline-insns-size=0; param: blocked-by-asm max-inline-insns-size=0 */
	log_event(n + 2);
	bump2(s, n + 2); /* expect O2: blocked-by-asm max-inline-insns-size=0; O3: blocked-by-asm max-inline-insns-size=0; Os: other max-inline-insns-size=0; O1: blocked-by-asm max-inline-insns-size=0; param: blocked-by-asm max-inline-insns-size=0 */
	bump2(s, n + 3); /* expect O2: blocked-by-asm max-inline-insns-size=0; O3: blocked-by-asm max-inline-insns-size=0; Os: other max-inline-insns-size=0; O1: blocked-by-asm max-inline-insns-size=0; param: blocked-by-asm max-inline-insns-size=0 */
}
