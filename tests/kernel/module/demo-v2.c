// SPDX-License-Identifier: GPL-2.0
/*
 * The module after a change: an over-counted asm of its own (a record
 * pushed into a section of its own, as _ASM_EXTABLE does), and new uses
 * of the kernel's set_bit() and atomic_inc().
 */
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/module.h>

static atomic_t demo_count = ATOMIC_INIT(0);
static unsigned long demo_bits;

static inline void demo_mark(void)
{
	asm volatile("1: nop\n"
		     ".pushsection .discard.demo_marks,\"a\"\n"
		     ".long 1b - .\n"
		     ".long 0\n"
		     ".long 0\n"
		     ".popsection\n");
}

static noinline int demo_more(void)
{
	atomic_inc(&demo_count);
	demo_mark();
	set_bit(3, &demo_bits);
	return atomic_read(&demo_count);
}

static int __init demo_init(void)
{
	atomic_inc(&demo_count);
	return demo_more() > 0 ? 0 : -EINVAL;
}
module_init(demo_init);
MODULE_LICENSE("GPL");
