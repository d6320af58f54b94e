// SPDX-License-Identifier: GPL-2.0
/*
 * report.c — input of the report test (report-records.py).
 *
 * Each asm statement's line carries the expectation for its record:
 *   expect: KEY=VALUE ...   the record field KEY equals VALUE (int, bool or
 *                           string as JSON spells it);
 *   spelled-at=TAG          spelling_line is the line marked "tag: TAG",
 *                           while line is this one (asm made by a macro).
 * gcc_count is also checked against GCC's own -fdump-ipa-fnsummary-details.
 * Every function is extern so that none is dropped before the pass.
 * Two-instruction templates avoid back-to-back NOPs, which asmtpl counts
 * as one run, as a disassembler shows them.
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "

/* Top-level asm: its .macro must be known to statements below. */
asm(".macro two_fences\n\tlfence\n\tsfence\n.endm");

#define BUMP(p) asm volatile(LOCK_PREFIX "incl %0" : "+m"(*(p))) /* tag: bump */

void lock_inc(int *p)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(*p)); /* expect: gcc_count=7 str_count=7 est_insns=1 kind=lock-prefix flagged=true asm_inline=false volatile=true goto=false basic=false */
}

void bump_twice(int *p)
{
	BUMP(p); /* expect: gcc_count=7 est_insns=1 flagged=true spelled-at=bump */
	BUMP(p + 1); /* expect: gcc_count=7 est_insns=1 flagged=true spelled-at=bump */
}

void dec_inline(int *p)
{
	asm inline volatile(LOCK_PREFIX "decl %0" : "+m"(*p)); /* expect: gcc_count=1 str_count=7 est_insns=1 asm_inline=true flagged=false */
}

void plain_nops(void)
{
	asm volatile("nop" ::: "memory"); /* expect: gcc_count=1 est_insns=1 flagged=false basic=false kind=plain */
	asm volatile("nop" ::: "memory"); /* expect: gcc_count=1 est_insns=1 flagged=false */
}

void basic_asm(void)
{
	asm("lfence; sfence"); /* expect: gcc_count=2 est_insns=2 basic=true volatile=true flagged=false */
}

/* Threshold 4: a difference of 3 is not flagged, 4 is. */
void near_threshold(void)
{
	asm volatile("nop\n#\n#\n#"); /* expect: gcc_count=4 est_insns=1 flagged=false */
	asm volatile("nop\n#\n#\n#\n#"); /* expect: gcc_count=5 est_insns=1 flagged=true */
}

/* Quotes, backslashes, control and non-UTF-8 bytes must come out as JSON. */
void escapes(void)
{
	asm volatile("nop # \"quoted\" \\ back\x01slash \xff\n\tlfence" ::: "memory"); /* expect: gcc_count=2 est_insns=2 flagged=false */
}

void uses_toplevel_macro(void)
{
	asm volatile("two_fences" ::: "memory"); /* expect: gcc_count=1 est_insns=2 flagged=false */
}

int jumps(int x)
{
	asm goto("testl %0, %0\n\tjz %l1" : : "r"(x) : : out); /* expect: gcc_count=2 goto=true flagged=false */
	return 1;
out:
	return 0;
}

/* GCC caps its charge at 1000 (estimate_num_insns). */
#define L10 "#\n#\n#\n#\n#\n#\n#\n#\n#\n#\n"
#define L100 L10 L10 L10 L10 L10 L10 L10 L10 L10 L10
void huge(void)
{
	asm volatile(L100 L100 L100 L100 L100 L100 L100 L100 L100 L100 L100 "nop"); /* expect: gcc_count=1000 str_count=1101 est_insns=1 flagged=true */
}
