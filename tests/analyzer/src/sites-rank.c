// SPDX-License-Identifier: GPL-2.0
/*
 * sites-rank.c — the ranking of `asmscan sites` (analyzer-sites): a marker
 * shaped like 6.12's instrumentation_begin() (a nop and an entry in a
 * .discard section: charged 5, emits 1), expanded three times in this
 * unit's own function `marked`, blocks no inlining: `marked` is out of
 * line because it is a function, and the calls to it are not counted.
 * The header's locked_inc, one statement, has an out-of-line copy and
 * two calls into it: it ranks first.
 */
#include "sites-rank.h"

#define MARKER()                                                               \
	asm volatile("1: nop\n\t"                                              \
		     ".pushsection .discard.instr_begin\n\t"                   \
		     ".long 1b - .\n\t"                                        \
		     ".popsection\n\t")

__attribute__((noinline)) void marked(int *p)
{
	MARKER();
	*p += 1;
	MARKER();
	*p += 2;
	MARKER();
}

void user(int *p)
{
	locked_inc(p);
	marked(p);
	locked_inc(p + 1);
	marked(p + 1);
}
