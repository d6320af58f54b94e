// SPDX-License-Identifier: GPL-2.0
/* copies-b.c — the second unit of tests/copies.sh (see copies-a.c). */
#include "copies.h"

#define noinline __attribute__((noinline))

extern int sink;
int (*keep_b)(int) = hdr_twice;

static noinline int helper(int x)
{
	return x * 9 - sink;
}

int use_b(int x)
{
	return hdr_twice(x) + hdr_inlined(x) + helper(x);
}

int main(void)
{
	return use_b(sink) + keep_b(1);
}
