// SPDX-License-Identifier: GPL-2.0
/*
 * report-failed.c — input of tests/plugin/report-failed.sh: flagged asm
 * (LOCK_PREFIX, charged 7, emits 1) in a function a call refuses for size
 * (an edge record), then, last in the unit, what makes the compile fail:
 *   -DEXPAND_ERROR  a call to a function with attribute error: the error
 *                   comes at expansion, after every body was seen;
 *   -DFRONT_ERROR   an undeclared name: the front end's error;
 *   -DWARNING       an unused variable, an error under -Werror;
 *   -DBAD_ASM       an instruction the assembler does not know: cc1
 *                   succeeds, as fails after it.
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "
#define LOCKED_INC(x) asm volatile(LOCK_PREFIX "incl %0" : "+m"(x))
#define LOCKED_ADD(x, n) asm volatile(LOCK_PREFIX "addl %1,%0" : "+m"(x) : "ir"(n))

struct stats { int a, b, c, d; };

/* 4 x 7 = 28: over -O2's max-inline-insns-auto (15). */
static void bump(struct stats *s, int n)
{
	LOCKED_INC(s->a); LOCKED_ADD(s->b, n); LOCKED_INC(s->c); LOCKED_ADD(s->d, n);
}

void use1(struct stats *s, int n) { bump(s, n); bump(s, n + 1); }
void use2(struct stats *s, int n) { bump(s, n - 1); }

#ifdef EXPAND_ERROR
extern void never(void) __attribute__((error("never() is not to be called")));
void last(void) { never(); }
#endif
#ifdef FRONT_ERROR
int last(int x) { return x + undeclared_name; }
#endif
#ifdef WARNING
int last(int x) { int unused; return x; }
#endif
#ifdef BAD_ASM
void last(void) { asm volatile("no_such_instruction_here"); }
#endif
