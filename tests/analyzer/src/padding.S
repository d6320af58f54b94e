/* SPDX-License-Identifier: GPL-2.0 */
/*
 * padding.S — functions with the padding symbols objtool writes for
 * CONFIG_CALL_PADDING (Linux 6.2+): "__pfx_NAME", STT_FUNC, 16 bytes of
 * NOPs right before NAME (analyzer-padding).  Assembled as two units
 * (-DUNIT=a, -DUNIT=b) and as a grown variant (-DGROWN): a local dup and a
 * clone helper.constprop.0 in each, a global entry_UNIT calling them.
 * The .smp_locks entry points at a lock prefix placed in entry's padding
 * (not what the kernel does: there to show an address in the padding
 * belongs to its function).
 */
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define ENTRY CAT(entry_, UNIT)
#define PFX_ENTRY CAT(__pfx_entry_, UNIT)

	.text
	.p2align 4
	.type __pfx_dup, @function
__pfx_dup:
	.fill 16, 1, 0x90
	.size __pfx_dup, 16
	.type dup, @function
dup:
	ret
#ifdef GROWN
	int3
#endif
	.size dup, . - dup

	.p2align 4
	.type __pfx_helper.constprop.0, @function
__pfx_helper.constprop.0:
	.fill 16, 1, 0x90
	.size __pfx_helper.constprop.0, 16
	.type helper.constprop.0, @function
helper.constprop.0:
	xorl %eax, %eax
	ret
	.size helper.constprop.0, . - helper.constprop.0

	.p2align 4
	.globl PFX_ENTRY
	.type PFX_ENTRY, @function
PFX_ENTRY:
	.fill 13, 1, 0x90
1:	lock; incl (%rdi)
	.size PFX_ENTRY, 16
	.globl ENTRY
	.type ENTRY, @function
ENTRY:
	call dup
	call helper.constprop.0
	ret
	.size ENTRY, . - ENTRY

	.section .smp_locks, "a"
	.balign 4
	.long 1b - .
