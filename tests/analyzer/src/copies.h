/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copies.h — a header's inline functions, as in the kernel: each unit
 * that needs one out of line gets its own copy.
 */
#ifndef COPIES_H
#define COPIES_H

/* Inlined into callers, but each unit takes its address: one copy per
 * unit, both grouped under this declaration.
 * expect: dwarf-copies=2 */
static inline int hdr_twice(int x)
{
	return x * 3 + 1;
}

/* Inlined everywhere and never needed out of line: no copy.
 * expect: dwarf-copies=0 */
static inline int hdr_inlined(int x)
{
	return x - 7;
}

#endif
