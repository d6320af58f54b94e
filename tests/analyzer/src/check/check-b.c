// SPDX-License-Identifier: GPL-2.0
/* check-b.c — more callers, and an asm of its own (check.py). */
#include "check.h"

int ck_write(struct ck *s, int n)
{
	return ck_account(s, n) + ck_account(s, -n);
}

void ck_flag(int *p)
{
	asm volatile(LOCK_PREFIX "orl $2,%0" : "+m"(*p));
}
