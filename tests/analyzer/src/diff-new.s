# SPDX-License-Identifier: GPL-2.0
# The new build of diff-old.s (see there).
	.text
	.globl	shrinks
	.type	shrinks, @function
shrinks:
	movl	%edi, %eax
	addl	%esi, %eax
	imull	%edx, %eax
	subl	$3, %eax
	ret
	.size	shrinks, .-shrinks

	.type	tiny, @function
tiny:
	movl	$1, %eax
	ret
	.size	tiny, .-tiny

	.type	helper.constprop.1, @function
helper.constprop.1:
	movl	%edi, %eax
	addl	%eax, %eax
	ret
	.size	helper.constprop.1, .-helper.constprop.1

	.globl	caller
	.type	caller, @function
caller:
	call	tiny
	movl	$1, %eax
	movl	$1, %eax
	call	helper.constprop.1
	ret
	.size	caller, .-caller

	.globl	born
	.type	born, @function
born:
	call	tiny
	ret
	.size	born, .-born

	.weak	weakfn
	.type	weakfn, @function
weakfn:
	nop
	nop
	ret
	.size	weakfn, .-weakfn

	.type	__mod_x, @function
__mod_x:
	nop
	ret
	.size	__mod_x, .-__mod_x
	.section .note.GNU-stack,"",@progbits
