// SPDX-License-Identifier: GPL-2.0
/* check-a.c — callers of ck_account() (tests/analyzer/check/check.py). */
#include "check.h"

int ck_read(struct ck *s, int n)
{
	return ck_account(s, n);
}

int ck_peek(struct ck *s)
{
	return ck_account(s, 0);
}
