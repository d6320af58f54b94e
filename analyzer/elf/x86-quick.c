// SPDX-License-Identifier: GPL-2.0
/*
 * x86-quick.c — the length and kind of the common x86-64 instructions,
 * without capstone (see x86-quick.h).
 *
 * capstone formats every instruction's text as it decodes it, whether or
 * not anyone reads it: three quarters of asmscan's time on a vmlinux.
 * What arch-x86.c needs of an instruction is its length and whether it is
 * a direct call, a direct jump, a return or padding; for the instructions
 * that make up nearly all kernel code (the integer ALU and moves, with
 * REX, operand-size and fs/gs prefixes) both follow from the opcode map
 * alone, and so for the locked read-modify-write forms (lock, f0: the
 * kernel's atomics) and the string moves and stores with rep (f3/f2:
 * memset and memcpy inlined).  Anything else — every other prefix,
 * VEX/EVEX, x87, SSE, system instructions, an opcode whose validity
 * depends on more than its ModRM form, a branch with any prefix, lock or
 * rep on any other form — answers 0 and goes to capstone, so what asmscan
 * reports does not change.  tests/analyzer's
 * x86-quick-diff holds the two decoders to the same answer on every
 * instruction of real kernels and on random instructions.
 */
#include "x86-quick.h"

#include <stdbool.h>

/* One-byte and 0f-map opcodes: operand bytes after the opcode. */
#define Q_ASK	0x80	/* capstone decides */
#define Q_MODRM	0x40	/* a ModRM operand follows */
#define Q_NOPFX	0x20	/* a branch: capstone decides if prefixed */
#define Q_CHECK	0x10	/* valid for some ModRM.reg only: quick_reg_ok */
#define Q_IMM	0x0f	/* immediate: */
#define Q_I0	0x00
#define Q_I8	0x01
#define Q_I32	0x04
#define Q_IZ	0x05	/* 16 or 32 bits by operand size */
#define Q_IV	0x06	/* 16, 32 or 64 bits: mov r, imm */
#define Q_IG3	0x07	/* group 3 (f6/f7): test has an immediate */

#define A	Q_ASK
#define M	Q_MODRM
#define MI8	(Q_MODRM | Q_I8)
#define MIZ	(Q_MODRM | Q_IZ)
#define MC	(Q_MODRM | Q_CHECK)

static const uint8_t one_byte[256] = {
	/* 00 */ M, M, M, M, Q_I8, Q_IZ, A, A, M, M, M, M, Q_I8, Q_IZ, A, A,
	/* 10 */ M, M, M, M, Q_I8, Q_IZ, A, A, M, M, M, M, Q_I8, Q_IZ, A, A,
	/* 20 */ M, M, M, M, Q_I8, Q_IZ, A, A, M, M, M, M, Q_I8, Q_IZ, A, A,
	/* 30 */ M, M, M, M, Q_I8, Q_IZ, A, A, M, M, M, M, Q_I8, Q_IZ, A, A,
	/* 40: REX, parsed as a prefix */
	A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 50 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 60 */ A, A, A, M, A, A, A, A, Q_IZ, MIZ, Q_I8, MI8, A, A, A, A,
	/* 70: jcc rel8 */
	Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8,
	Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8,
	Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8,
	Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8, Q_NOPFX | Q_I8,
	/* 80 */ MI8, MIZ, A, MI8, M, M, M, M, M, M, M, M, A, MC, A, MC,
	/* 90 */ A, 0, 0, 0, 0, 0, 0, 0, 0, 0, A, A, 0, 0, 0, 0,
	/* a0 */ A, A, A, A, 0, 0, 0, 0, Q_I8, Q_IZ, 0, 0, 0, 0, 0, 0,
	/* b0 */ Q_I8, Q_I8, Q_I8, Q_I8, Q_I8, Q_I8, Q_I8, Q_I8,
		 Q_IV, Q_IV, Q_IV, Q_IV, Q_IV, Q_IV, Q_IV, Q_IV,
	/* c0 */ MC | Q_I8, MC | Q_I8, A, Q_NOPFX, A, A, MC | Q_I8, MC | Q_IZ,
		 A, 0, A, A, A, A, A, A,
	/* d0 */ MC, MC, MC, MC, A, A, A, A, A, A, A, A, A, A, A, A,
	/* e0 */ A, A, A, A, A, A, A, A,
		 Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, A, Q_NOPFX | Q_I8, A, A, A, A,
	/* f0 */ A, A, A, A, A, 0, MC | Q_IG3, MC | Q_IG3,
		 0, 0, 0, 0, 0, 0, MC, MC,
};

static const uint8_t two_byte[256] = {
	/* 0f 00 */ A, A, A, A, A, A, A, A, A, A, A, 0, A, A, A, A,
	/* 0f 10: only the 0f 1f NOP */
	A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, MC,
	/* 0f 20 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f 30 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f 40: cmovcc */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0f 50 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f 60 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f 70 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f 80: jcc rel32 */
	Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32,
	Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32,
	Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32,
	Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32, Q_NOPFX | Q_I32,
	/* 0f 90: setcc */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 0f a0 */ A, A, 0, M, MI8, M, A, A, A, A, A, M, MI8, M, A, M,
	/* 0f b0 */ M, M, A, M, A, A, M, M, A, A, MC | Q_I8, M, M, M, M, M,
	/* 0f c0 */ M, M, A, A, A, A, A, A, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 0f d0 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f e0 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
	/* 0f f0 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
};

#undef A
#undef M
#undef MI8
#undef MIZ
#undef MC

/* The prefixes read here. */
enum prefix_kind {
	PK_NONE,
	PK_66,			/* operand size */
	PK_SEG,			/* fs, gs */
	PK_CS,			/* cs: only in the assembler's NOPs */
	PK_LOCK,
	PK_REP,			/* rep, repne */
};

static const uint8_t prefix_kind[256] = {
	[0x66] = PK_66, [0x64] = PK_SEG, [0x65] = PK_SEG, [0x2e] = PK_CS,
	[0xf0] = PK_LOCK, [0xf3] = PK_REP, [0xf2] = PK_REP,
};

/* Bytes of a ModRM operand (ModRM, SIB, displacement), 64-bit addressing. */
static size_t quick_modrm_len(const uint8_t *p)
{
	unsigned mod = p[0] >> 6, rm = p[0] & 7;
	size_t n = 1;

	if (mod == 3)
		return 1;
	if (rm == 4) {
		n++;
		if (mod == 0 && (p[1] & 7) == 5)
			n += 4;			/* SIB without base: disp32 */
	} else if (mod == 0 && rm == 5) {
		n += 4;				/* RIP-relative */
	}
	if (mod == 1)
		n += 1;
	else if (mod == 2)
		n += 4;
	return n;
}

/*
 * A lock prefix on a memory destination of these, and on nothing else:
 * add/or/adc/sbb/and/sub/xor r/m, r (00..31 with bit 1 clear, not cmp's
 * 38/39), group 1 but cmp (80/81/83 /0-/6), xchg (86/87), not/neg (f6/f7
 * /2 /3), inc/dec (fe/ff /0 /1); 0f: cmpxchg (b0/b1), xadd (c0/c1), bts,
 * btr, btc (ab, b3, bb; ba /5-/7).
 */
static bool quick_lock_ok(bool twobyte, uint8_t op, uint8_t modrm)
{
	unsigned reg = (modrm >> 3) & 7;

	if (modrm >> 6 == 3)
		return false;
	if (twobyte)
		return op == 0xb0 || op == 0xb1 || op == 0xc0 || op == 0xc1 ||
		       op == 0xab || op == 0xb3 || op == 0xbb ||
		       (op == 0xba && reg >= 5);
	if (op < 0x38)
		return (op & 7) < 2;
	switch (op) {
	case 0x80: case 0x81: case 0x83:
		return reg != 7;
	case 0x86: case 0x87:
		return true;
	case 0xf6: case 0xf7:
		return reg == 2 || reg == 3;
	case 0xfe: case 0xff:
		return reg < 2;
	default:
		return false;
	}
}

/* rep/repne before movs, cmps, stos, lods, scas (a4-a7, aa-af). */
static bool quick_rep_ok(bool twobyte, uint8_t op)
{
	return !twobyte && ((op >= 0xa4 && op <= 0xa7) || (op >= 0xaa && op <= 0xaf));
}

/* The ModRM forms of the Q_CHECK opcodes capstone takes as they are. */
static bool quick_reg_ok(bool twobyte, uint8_t op, uint8_t modrm)
{
	unsigned mod = modrm >> 6, reg = (modrm >> 3) & 7;

	if (twobyte) {
		if (op == 0x1f)
			return mod != 3;	/* nop: memory only */
		return op == 0xba && reg >= 4;	/* bt/bts/btr/btc imm8 */
	}
	switch (op) {
	case 0x8d:				/* lea: memory only */
		return mod != 3;
	case 0x8f:				/* pop r/m; else XOP */
	case 0xc6: case 0xc7:			/* mov imm; else xabort/xbegin */
		return reg == 0;
	case 0xc0: case 0xc1:
	case 0xd0: case 0xd1: case 0xd2: case 0xd3:
		return reg != 6;		/* the undocumented "sal" */
	case 0xf6: case 0xf7:
		return reg != 1;		/* the undocumented "test" */
	case 0xfe:
		return reg < 2;			/* inc/dec */
	case 0xff:				/* inc dec call jmp push */
		return reg == 0 || reg == 1 || reg == 2 || reg == 4 || reg == 6;
	default:
		return false;
	}
}

size_t x86_quick_decode(const uint8_t *code, size_t left,
			enum x86_quick_kind *kind)
{
	bool opsize = false, seg = false, rex = false, rexw = false, prefixed;
	bool twobyte = false, long_nop = false, cs = false, lock = false;
	bool rep = false;
	size_t i = 0, imm;
	uint8_t op, flags;

	*kind = X86Q_OTHER;
	if (left >= 4 && code[0] == 0xf3 && code[1] == 0x0f && code[2] == 0x1e &&
	    code[3] == 0xfa) {
		*kind = X86Q_NOP;		/* endbr64 */
		return 4;
	}
	/* Each prefix once (66 any number of times); another byte, or a
	 * prefix again, is the opcode or REX. */
	for (;; i++) {
		if (i >= left || i >= 8)
			return 0;
		switch (prefix_kind[code[i]]) {
		case PK_66:
			long_nop |= opsize;	/* 66 66 ...: the assembler's NOPs */
			opsize = true;
			continue;
		case PK_SEG:
			if (seg)
				break;
			seg = true;
			continue;
		case PK_CS:
			if (cs)
				break;
			cs = long_nop = true;	/* 66 66 2e 0f 1f: likewise */
			continue;
		case PK_LOCK:
			if (lock)
				break;
			lock = true;
			continue;
		case PK_REP:
			if (rep)
				break;
			rep = true;
			continue;
		default:
			break;
		}
		break;
	}
	if ((code[i] & 0xf0) == 0x40) {		/* REX: right before the opcode */
		rex = true;
		rexw = code[i] & 8;
		if (++i >= left)
			return 0;
	}
	prefixed = i != 0;
	op = code[i++];
	if (op == 0x90 && !rex && !seg && !long_nop && !lock && !rep) {
		*kind = X86Q_NOP;		/* nop, 66 nop (not xchg, pause) */
		return i;
	}
	if (long_nop && (lock || rep || !(op == 0x0f && i < left && code[i] == 0x1f)))
		return 0;
	if (lock && rep)
		return 0;
	if (op == 0x0f) {
		if (i >= left)
			return 0;
		twobyte = true;
		op = code[i++];
		flags = two_byte[op];
	} else {
		flags = one_byte[op];
		/* Operand size 16 changes what a few of these mean. */
		if (opsize && (op == 0xff || op == 0x68 || (op >= 0x50 && op <= 0x5f)))
			return 0;
	}
	if (flags & Q_ASK)
		return 0;
	if ((flags & Q_NOPFX) && prefixed)
		return 0;
	if (rep && !quick_rep_ok(twobyte, op))
		return 0;
	if (lock && (!(flags & Q_MODRM) || i >= left ||
		     !quick_lock_ok(twobyte, op, code[i])))
		return 0;
	if (twobyte && opsize && op >= 0xc8)
		return 0;			/* bswap r16 */
	if (flags & Q_MODRM) {
		if (i >= left || (code[i] >> 6 != 3 && (code[i] & 7) == 4 &&
				  i + 1 >= left))
			return 0;
		if ((flags & Q_CHECK) && !quick_reg_ok(twobyte, op, code[i]))
			return 0;
		imm = (flags & Q_IMM) == Q_IG3 ? ((code[i] >> 3) & 7) == 0 : 0;
		i += quick_modrm_len(code + i);
	} else {
		imm = 0;
	}
	switch (flags & Q_IMM) {
	case Q_I8:
		imm = 1;
		break;
	case Q_I32:
		imm = 4;
		break;
	case Q_IZ:
		imm = opsize && !rexw ? 2 : 4;
		break;
	case Q_IV:
		imm = rexw ? 8 : opsize ? 2 : 4;
		break;
	case Q_IG3:				/* test: 1 of f6, z of f7 */
		if (imm)
			imm = op == 0xf6 ? 1 : opsize && !rexw ? 2 : 4;
		break;
	default:
		break;
	}
	i += imm;
	if (i > left || i > 15)
		return 0;
	if (twobyte) {
		if (op == 0x1f)
			*kind = X86Q_NOP;
	} else if (op == 0xe8) {
		*kind = X86Q_CALL_REL32;
	} else if (op == 0xe9) {
		*kind = X86Q_JMP_REL32;
	} else if (op == 0xeb) {
		*kind = X86Q_JMP_REL8;
	} else if (op == 0xc3) {
		*kind = X86Q_RET;
	}
	return i;
}
