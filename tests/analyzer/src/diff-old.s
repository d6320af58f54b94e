# SPDX-License-Identifier: GPL-2.0
# diff-old.s / diff-new.s — the seed pair of analyzer-diff: two builds of
# one unit, written in assembly so every instruction count is exact.
#   shrinks:    7 instructions here, 5 in the new build (-2)
#   tiny:       one instruction and ret; called 3 times here, once after
#   helper.constprop.0 here, helper.constprop.1 after: one name for
#               bloat-o-meter (".<digits>" removed), grows by 2 bytes
#   gone:       only here;  born: only in the new build
#   weakfn:     weak (nm W): bloat-o-meter -t leaves it out
#   __mod_x:    a name bloat-o-meter drops
	.text
	.globl	shrinks
	.type	shrinks, @function
shrinks:
	movl	%edi, %eax
	addl	%esi, %eax
	imull	%edx, %eax
	subl	$3, %eax
	xorl	%ecx, %ecx
	addl	%ecx, %eax
	ret
	.size	shrinks, .-shrinks

	.type	tiny, @function
tiny:
	movl	$1, %eax
	ret
	.size	tiny, .-tiny

	.type	helper.constprop.0, @function
helper.constprop.0:
	movl	%edi, %eax
	ret
	.size	helper.constprop.0, .-helper.constprop.0

	.globl	caller
	.type	caller, @function
caller:
	call	tiny
	call	tiny
	call	tiny
	call	helper.constprop.0
	ret
	.size	caller, .-caller

	.globl	gone
	.type	gone, @function
gone:
	call	tiny
	nop
	ret
	.size	gone, .-gone

	.weak	weakfn
	.type	weakfn, @function
weakfn:
	ret
	.size	weakfn, .-weakfn

	.type	__mod_x, @function
__mod_x:
	ret
	.size	__mod_x, .-__mod_x
	.section .note.GNU-stack,"",@progbits
