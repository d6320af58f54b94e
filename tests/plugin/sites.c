// SPDX-License-Identifier: GPL-2.0
/*
 * sites.c — input of the one-diagnostic-per-site test (site-notes.py).
 *
 * The line where an asm keyword is spelled carries what the one note for
 * that site must say:
 *   expect-site: KEY=VALUE ...
 *     function=F     the function of the site's first statement
 *     expansions=N   flagged statements at the site (no count when 1)
 *     charged=A-B    the charges when they differ between expansions
 *     macro=M        the macro whose definition spells the keyword
 *     traces=M,...   GCC's "in expansion of macro" notes, in order
 * A line with no expect-site comment must get no note.
 */
#define LOCK_PREFIX                                                            \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\tlock; "

#define LOCKED_INC(p) asm volatile(LOCK_PREFIX "incl %0" : "+m"(*(p))) /* expect-site: function=many_a expansions=42 macro=LOCKED_INC traces=LOCKED_INC,X6 */
#define X6(p)                                                                  \
	do {                                                                   \
		LOCKED_INC(p);                                                 \
		LOCKED_INC(p);                                                 \
		LOCKED_INC(p);                                                 \
		LOCKED_INC(p);                                                 \
		LOCKED_INC(p);                                                 \
		LOCKED_INC(p);                                                 \
	} while (0)

void many_a(int *p)
{
	X6(p);
	X6(p + 1);
	X6(p + 2);
}

void many_b(int *p)
{
	X6(p);
	X6(p + 1);
	X6(p + 2);
	X6(p + 3);
}

/* The macro's argument changes the charge: 5 and 7, both emit 1. */
#define PAD(extra) asm volatile("nop\n" extra) /* expect-site: function=padded expansions=2 charged=5-7 macro=PAD traces=PAD */

void padded(void)
{
	PAD("#\n#\n#\n#");
	PAD("#\n#\n#\n#\n#\n#");
}

/* Spelled in INNER, which OUTER expands. */
#define INNER(p) asm volatile(LOCK_PREFIX "decl %0" : "+m"(*(p))) /* expect-site: function=nested macro=INNER traces=INNER,OUTER */
#define OUTER(p)                                                               \
	do {                                                                   \
		INNER(p);                                                      \
	} while (0)

void nested(int *p)
{
	OUTER(p);
}

void plain(int *p)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(*p)); /* expect-site: function=plain */
	asm volatile("nop" ::: "memory");
}
