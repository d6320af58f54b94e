/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/atomic.h — atomics and bit operations shaped like Linux 6.1's
 * arch/x86/include/asm/atomic.h and bitops.h: one locked instruction
 * each, every one behind LOCK_PREFIX.
 */
#ifndef EXAMPLE_ASM_ATOMIC_H
#define EXAMPLE_ASM_ATOMIC_H

#include "asm/alternative.h"

#define __always_inline inline __attribute__((__always_inline__))

typedef struct {
	int counter;
} atomic_t;

static __always_inline void arch_atomic_inc(atomic_t *v)
{
	asm volatile(LOCK_PREFIX "incl %0" : "+m"(v->counter) : : "memory");
}

static __always_inline void arch_atomic_dec(atomic_t *v)
{
	asm volatile(LOCK_PREFIX "decl %0" : "+m"(v->counter) : : "memory");
}

static __always_inline void arch_atomic_add(int i, atomic_t *v)
{
	asm volatile(LOCK_PREFIX "addl %1,%0"
		     : "+m"(v->counter)
		     : "ir"(i)
		     : "memory");
}

static __always_inline void arch_set_bit(long nr, volatile unsigned long *addr)
{
	asm volatile(LOCK_PREFIX "btsq %1,%0"
		     : "+m"(*addr)
		     : "Ir"(nr)
		     : "memory");
}

static __always_inline void arch_clear_bit(long nr,
					   volatile unsigned long *addr)
{
	asm volatile(LOCK_PREFIX "btrq %1,%0"
		     : "+m"(*addr)
		     : "Ir"(nr)
		     : "memory");
}

#endif
