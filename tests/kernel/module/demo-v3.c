// SPDX-License-Identifier: GPL-2.0
/*
 * The module after a second change: demo-v2.c with demo_mark()'s asm
 * converted to asm_inline, as `asmscan patch` would write it.
 */
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/module.h>

static atomic_t demo_count = ATOMIC_INIT(0);
static unsigned long demo_bits;

static inline void demo_mark(void)
{
	asm_inline volatile("1: nop\n"
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
