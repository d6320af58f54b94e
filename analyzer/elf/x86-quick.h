/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-quick.h — decode the common x86-64 instructions without capstone:
 * their length and the one thing arch-x86.c asks of them.
 */
#ifndef ASMSCAN_X86_QUICK_H
#define ASMSCAN_X86_QUICK_H

#include <stddef.h>
#include <stdint.h>

enum x86_quick_kind {
	X86Q_OTHER,		/* anything else: a body instruction */
	X86Q_CALL_REL32,	/* e8 rel32, no prefix */
	X86Q_JMP_REL32,		/* e9 rel32, no prefix */
	X86Q_JMP_REL8,		/* eb rel8, no prefix */
	X86Q_RET,		/* c3, no prefix */
	X86Q_NOP,		/* padding: nop, 0f 1f /m, endbr64 */
};

/*
 * The length of the instruction at code (left bytes) and its kind, or 0
 * when capstone must decide: the instruction is not one of those known
 * here, it may be invalid, or it does not fit in left.  Where it answers,
 * capstone gives the same length and, by its instruction id, the same
 * kind (CALL/JMP with the opcode bytes above, RET, NOP and ENDBR; anything
 * else OTHER): tests/analyzer's x86-quick-diff checks it, on capstone
 * 4.0.2 (Debian 12's).
 */
size_t x86_quick_decode(const uint8_t *code, size_t left,
			enum x86_quick_kind *kind);

#endif
