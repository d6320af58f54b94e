// SPDX-License-Identifier: GPL-2.0
/* a.c — a unit of tests/plugin/what-if.sh; "site:" tags name the lines. */
#include "what-if.h"

void a_count(int *p)
{
	locked_inc(p);
	asm volatile(LOCK_PREFIX "decl %0" : "+m"(*p)); /* site: a_flagged */
	asm volatile("nop"); /* site: a_plain */
}

/* site: a_empty */
