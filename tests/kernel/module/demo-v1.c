// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree module before a change (tests/kernel/module/README.md):
 * one use of the kernel's atomic_inc(), whose LOCK_PREFIX asm the plugin
 * flags in arch/x86/include/asm/atomic.h.
 */
#include <linux/atomic.h>
#include <linux/module.h>

static atomic_t demo_count = ATOMIC_INIT(0);

static int __init demo_init(void)
{
	atomic_inc(&demo_count);
	return 0;
}
module_init(demo_init);
MODULE_LICENSE("GPL");
