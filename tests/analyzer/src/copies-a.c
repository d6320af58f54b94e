// SPDX-License-Identifier: GPL-2.0
/*
 * copies-a.c, copies-b.c — known inline and out-of-line outcomes for
 * tests/copies.sh (DWARF copies) and for the symbol copies that nm sees.
 */
#include "copies.h"

/* GCC warns that an inline function is noinline: that is the point. */
#pragma GCC diagnostic ignored "-Wattributes"

#define noinline __attribute__((noinline))

int (*keep_a)(int) = hdr_twice;
int sink;

/* Declared inline, inlined into use_a, and its address taken: one copy.
 * expect: dwarf-copies=1 */
static inline int addr_taken(int x)
{
	return x + 11;
}
int (*keep_addr)(int) = addr_taken;

/* Declared inline but noinline: out of line, and DWARF cannot tell it was
 * declared inline (no DW_AT_inline): found only if the name repeats.
 * expect: dwarf-copies=0 */
static inline noinline int never_inlined(int x)
{
	return x * x + sink;
}

/* A local name that copies-b.c defines too: two definitions in the
 * program (symbols), not declared inline (no DWARF copy). */
static noinline int helper(int x)
{
	return x * 5 + sink;
}

/* Called with a constant: GCC clones it (scale.constprop.0). */
static noinline int scale(int x, int k)
{
	int s = 0;

	for (int i = 0; i < k; i++)
		s += x * i + sink;
	return s;
}

int use_a(int x)
{
	return hdr_twice(x) + hdr_inlined(x) + addr_taken(x) +
	       never_inlined(x) + helper(x) + scale(x, 5) + scale(x + 1, 5);
}
