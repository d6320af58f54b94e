/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/objstat.h — a static inline wrapper of the kind the kernel is full
 * of: ten locked operations and a fault-tolerant load.  The kernel's
 * "inline" is only a hint (no always_inline), so GCC decides, and it
 * charges this body about 90 instructions (10 x 7 for LOCK_PREFIX, 9 for
 * the extable load, the rest for the C): over -O2's
 * max-inline-insns-single of 70.  Every translation unit that calls it
 * therefore gets its own out-of-line copy, although the machine code is
 * about 20 instructions.
 */
#ifndef EXAMPLE_LINUX_OBJSTAT_H
#define EXAMPLE_LINUX_OBJSTAT_H

#include "asm/atomic.h"
#include "asm/extable.h"

struct objstat {
	atomic_t users;
	atomic_t reads;
	atomic_t writes;
	atomic_t errors;
	unsigned long flags;
	int limit;
};

#define OBJ_BUSY 0
#define OBJ_DIRTY 1

/* A load that may fault; on a fault the extable resumes at 2: with 0. */
static inline int objstat_peek(const int *p)
{
	int v = 0;

	asm volatile("1:	movl %1,%0\n"
		     "2:\n" _ASM_EXTABLE(1b, 2b)
		     : "+r"(v)
		     : "m"(*p));
	return v;
}

static inline int objstat_account(struct objstat *s, int nread, int nwrite)
{
	int limit;

	arch_set_bit(OBJ_BUSY, &s->flags);
	arch_atomic_inc(&s->users);
	arch_atomic_add(nread, &s->reads);
	arch_atomic_add(nwrite, &s->writes);
	limit = objstat_peek(&s->limit);
	if (nread + nwrite > limit) {
		arch_atomic_inc(&s->errors);
		arch_set_bit(OBJ_DIRTY, &s->flags);
	} else {
		arch_clear_bit(OBJ_DIRTY, &s->flags);
	}
	arch_atomic_dec(&s->users);
	arch_atomic_add(-nread, &s->reads);
	arch_atomic_add(-nwrite, &s->writes);
	arch_clear_bit(OBJ_BUSY, &s->flags);
	return limit;
}

#endif
