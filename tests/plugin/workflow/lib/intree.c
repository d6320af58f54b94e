// SPDX-License-Identifier: GPL-2.0
/*
 * intree.c — the unit of workflow.py's in-tree compile in Linux 7.2's
 * shape: the asm of ct_locked_or() is spelled in the -include'd
 * include/linux/compiler_types.h, locked_inc()'s in include/asm/ops.h
 * (found through "-I./include").
 */
#include <asm/ops.h>

void intree_or(int *p)
{
	ct_locked_or(p);
	locked_inc(p);
}
