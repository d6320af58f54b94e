// SPDX-License-Identifier: GPL-2.0
/* b.c — a unit of tests/plugin/what-if.sh; "site:" tags name the lines. */
#include "what-if.h"

void b_wait(int *p)
{
	locked_inc(p);
	relax();
	asm volatile("lfence"); /* site: b_plain */
}
