// SPDX-License-Identifier: GPL-2.0
/*
 * unit.c — the translation unit of the workflow test (workflow.py).  Its
 * own asm ("site: own") is the only site diag-scope=file reports.
 * account() holds eleven expansions of locked_inc: charged about 80, over
 * max-inline-insns-single (70), it stays out of line unless the "inc"
 * site is treated as asm inline.
 */
#include <asm/ops.h>
#include "gen/config.h"

static inline void account(int *c)
{
	locked_inc(&c[0]); locked_inc(&c[1]); locked_inc(&c[2]);
	locked_inc(&c[3]); locked_inc(&c[4]); locked_inc(&c[5]);
	locked_inc(&c[6]); locked_inc(&c[7]); locked_inc(&c[8]);
	locked_inc(&c[9]); locked_inc(&c[10]);
	locked_dec(&c[11]);
}

void unit_read(int *c) { account(c); }
void unit_write(int *c) { account(c); c[12]++; }
void unit_peek(int *c) { account(c); c[13]--; }

void unit_own(int *c)
{
	asm volatile(".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n" /* site: own */
		     ".popsection\n671:\n\tlock; incl %0" : "+m"(c[GEN_SLOT]));
}
