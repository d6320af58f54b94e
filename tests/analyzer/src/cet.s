# SPDX-License-Identifier: GPL-2.0
# cet.s — instructions capstone 4 cannot decode, each followed by a call
# (analyzer-calls): 6.12's setup_signal_shadow_stack() stores to the user
# shadow stack with wrussq right before calling fpregs_lock_and_load; the
# call must not be swallowed by a byte-at-a-time resync.
	.text
	.globl callee
	.type callee, @function
callee:
	ret
	.size callee, .-callee

	.globl shadow
	.type shadow, @function
shadow:
	wrussq %rcx, (%rdx)
	lea -0x10(%rax), %rbx
	wrussq %rbp, (%rbx)
	call callee
	wrssq %rax, 8(%rsp)
	call callee
	rdpkru
	call callee
	wrpkru
	call callee
	serialize
	call callee
	ret
	.size shadow, .-shadow
