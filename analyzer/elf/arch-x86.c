// SPDX-License-Identifier: GPL-2.0
/*
 * arch-x86.c — x86-64 for asmscan (see machine.h).
 *
 * A direct call is a CALL whose last five bytes are e8 rel32 after
 * prefixes only; its target is the end of the call plus rel32, or in a .o
 * the symbol plus addend plus 4 of the R_X86_64_PLT32/PC32 relocation at
 * rel32.  A jmp (e9 rel32, eb rel8) may be a tail call.  Not body:
 * endbr64/endbr32, NOPs and int3 (padding, SLS) before or anywhere, the
 * ftrace `call __fentry__` at entry (its 5-byte NOP form is a NOP), `ret`
 * and `jmp __x86_return_thunk` (the return itself).
 *
 * Tables (table-layout.c has the layouts): the cpuid of struct alt_instr
 * and its lengths, R_X86_64_PC32/PC64 in a .o, EX_TYPE_* in the low byte
 * of the exception entry's data word.
 */
#include <string.h>

#include "machine.h"
#include "object.h"
#include "x86-quick.h"

/* Legacy prefixes and REX: what may precede e8/e9 in a direct call/jmp. */
static bool only_prefixes(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (b[i]) {
		case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64:
		case 0x65: case 0x66: case 0x67: case 0xf0: case 0xf2:
		case 0xf3:
			break;
		default:
			if ((b[i] & 0xf0) != 0x40)
				return false;
		}
	}
	return true;
}

static int32_t rel32_at(const uint8_t *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
			 (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

/*
 * Where does the rel32 branch at insn go?  *target (flat) when it lands in
 * this object, *ext the undefined symbol of a .o relocation.
 */
static bool branch_target(const struct object *o, uint32_t shndx,
			  const uint8_t *bytes, size_t size, uint64_t flat,
			  uint64_t *target, const char **ext)
{
	const struct obj_section *sec = &o->secs[shndx];
	uint64_t end = flat + size;

	*ext = NULL;
	if (o->type == ET_REL) {
		const struct obj_reloc *r =
			object_reloc_at(o, shndx, end - 4 - sec->addr);

		if (r) {
			if (r->type != R_X86_64_PLT32 && r->type != R_X86_64_PC32)
				return false;
			if (object_reloc_target(o, r, target)) {
				*target += 4;
				return true;
			}
			*ext = o->syms[r->sym].name;
			return false;
		}
	}
	*target = end + (uint64_t)(int64_t)rel32_at(bytes + size - 4);
	return true;
}

static bool is_rel32(const cs_insn *insn, uint8_t opcode)
{
	return insn->size >= 5 && insn->bytes[insn->size - 5] == opcode &&
	       only_prefixes(insn->bytes, insn->size - 5u);
}

/* jmp rel8 (eb): never relocated, the assembler resolved it. */
static bool is_rel8_jmp(const cs_insn *insn)
{
	return insn->size >= 2 && insn->bytes[insn->size - 2] == 0xeb &&
	       only_prefixes(insn->bytes, insn->size - 2u);
}

/* What capstone's instruction is, in x86-quick.h's terms. */
static enum x86_quick_kind cs_kind(const cs_insn *insn)
{
	switch (insn->id) {
	case X86_INS_CALL:
		return is_rel32(insn, 0xe8) ? X86Q_CALL_REL32 : X86Q_OTHER;
	case X86_INS_JMP:
		if (is_rel32(insn, 0xe9))
			return X86Q_JMP_REL32;
		return is_rel8_jmp(insn) ? X86Q_JMP_REL8 : X86Q_OTHER;
	case X86_INS_ENDBR64:
	case X86_INS_ENDBR32:
	case X86_INS_NOP:
	case X86_INS_INT3:
		return X86Q_NOP;
	case X86_INS_RET:
		return X86Q_RET;
	default:
		return X86Q_OTHER;
	}
}

/* Bytes of a ModRM operand (ModRM, SIB, displacement) at p, 0 if short. */
static size_t modrm_len(const uint8_t *p, size_t left)
{
	unsigned mod, rm;
	size_t n = 1;

	if (!left)
		return 0;
	mod = p[0] >> 6, rm = p[0] & 7;
	if (mod != 3 && rm == 4) {
		if (left < 2)
			return 0;
		n++;
		if (mod == 0 && (p[1] & 7) == 5)
			n += 4;			/* SIB without base: disp32 */
	}
	if (mod == 1)
		n += 1;
	else if (mod == 2 || (mod == 0 && rm == 5))
		n += 4;				/* disp32, or RIP-relative */
	return n <= left ? n : 0;
}

/*
 * Does a VEX or EVEX instruction of opcode map `map` (1: 0f, 2: 0f 38,
 * 3: 0f 3a, 5 and 6: AVX512-FP16's) and opcode op take an imm8?  Map 3
 * always does; in map 1 the shuffles and shifts by an immediate (70-73),
 * the compares and inserts (c2, c4-c6); no other map has one.
 */
static bool vex_imm8(unsigned map, uint8_t op)
{
	if (map == 3)
		return true;
	return map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 ||
			    (op >= 0xc4 && op <= 0xc6));
}

/*
 * The length of a VEX (c4, c5) or EVEX (62) instruction at p: its prefix,
 * the opcode, the ModRM operand (always there but for vzeroupper and
 * vzeroall, c5 f8 77 and friends) and an imm8.  In 64-bit mode these
 * bytes are always such a prefix.  0 if short or malformed.
 */
static size_t vex_len(const uint8_t *p, size_t left)
{
	size_t pre, m;
	unsigned map;

	if (p[0] == 0xc5 && left >= 3) {
		pre = 2, map = 1;
	} else if (p[0] == 0xc4 && left >= 4) {
		pre = 3, map = p[1] & 0x1f;
	} else if (p[0] == 0x62 && left >= 6 && (p[2] & 0x04)) {
		pre = 4, map = p[1] & 0x07;
	} else {
		return 0;
	}
	if (map != 1 && map != 2 && map != 3 && !(pre == 4 && (map == 5 || map == 6)))
		return 0;
	if (pre != 4 && map == 1 && p[pre] == 0x77)
		return pre + 1;			/* vzeroupper, vzeroall */
	if (!(m = modrm_len(p + pre + 1, left - pre - 1)))
		return 0;
	m += pre + 1 + vex_imm8(map, p[pre]);
	return m <= left ? m : 0;
}

/*
 * The length of an instruction capstone 4 does not know but the kernel
 * uses, 0 if it is none of them: the 0f 01 group with a register operand
 * (rdpkru, wrpkru, serialize, tdcall, pvalidate, rmpadjust ...), the
 * 0f ae group's with a prefix (tpause, umwait, umonitor), the
 * CET shadow-stack stores wrss/wruss (0f 38 f6/f5 /r, in 6.6+'s
 * arch/x86/kernel/shstk.c), and VEX and EVEX instructions newer than it
 * (7.x's lib/crc and lib/crypto: vpclmulqdq on ymm and zmm registers,
 * vpternlogq, AVX-512 moves).  Skipping such an instruction a byte at a
 * time can swallow the next one: 6.12's setup_signal_shadow_stack() lost
 * its call to fpregs_lock_and_load behind two wrussq.
 */
static size_t unknown_len(const uint8_t *code, size_t left)
{
	size_t i = 0, m;

	while (i < left && (code[i] == 0x66 || code[i] == 0xf2 || code[i] == 0xf3 ||
			    code[i] == 0x2e || code[i] == 0x3e || code[i] == 0x67))
		i++;
	if (i < left && (code[i] == 0xc4 || code[i] == 0xc5 || code[i] == 0x62) &&
	    (m = vex_len(code + i, left - i)))
		return i + m;
	if (i < left && (code[i] & 0xf0) == 0x40)
		i++;				/* REX */
	if (left - i >= 3 && code[i] == 0x0f &&
	    (code[i + 1] == 0x01 || code[i + 1] == 0xae) && code[i + 2] >> 6 == 3)
		return i + 3;
	if (left - i >= 4 && code[i] == 0x0f && code[i + 1] == 0x38 &&
	    (code[i + 2] == 0xf5 || code[i + 2] == 0xf6) &&
	    (m = modrm_len(code + i + 3, left - i - 3)))
		return i + 3 + m;
	return 0;
}

static bool x86_entry_padding(const uint8_t *code, size_t len)
{
	enum x86_quick_kind k;
	size_t n;

	for (size_t i = 0; i < len; i += n) {
		n = x86_quick_decode(code + i, len - i, &k);
		if (!n || k != X86Q_NOP)
			return false;
	}
	return true;
}

static void x86_prepare(struct object *o)
{
	o->fentry_addr = object_symbol_addr(o, "__fentry__");
	o->return_thunk_addr = object_symbol_addr(o, "__x86_return_thunk");
}

/*
 * The instruction of size bytes at code (flat address at) is of kind k:
 * fill in what the walk needs.
 */
static void x86_classify(const struct object *o, uint32_t shndx,
			 const uint8_t *code, size_t size,
			 enum x86_quick_kind k, uint64_t at, bool entry,
			 struct insn_step *st)
{
	st->bytes = size;
	st->count = 1;
	switch (k) {
	case X86Q_CALL_REL32:
		st->branch = BRANCH_CALL;
		st->known = branch_target(o, shndx, code, size, at, &st->target,
					  &st->ext);
		if (entry &&
		    ((st->known && o->fentry_addr && st->target == o->fentry_addr) ||
		     (st->ext && !strcmp(st->ext, "__fentry__"))))
			st->role = INSN_OVERHEAD;
		break;
	case X86Q_JMP_REL32:
	case X86Q_JMP_REL8:
		if (k == X86Q_JMP_REL32) {
			st->known = branch_target(o, shndx, code, size, at,
						  &st->target, &st->ext);
		} else {
			st->known = true;
			st->target = at + size +
				     (uint64_t)(int64_t)(int8_t)code[size - 1];
		}
		if ((st->known && o->return_thunk_addr &&
		     st->target == o->return_thunk_addr) ||
		    (st->ext && !strcmp(st->ext, "__x86_return_thunk"))) {
			st->role = INSN_OVERHEAD;	/* the return itself */
			break;
		}
		st->branch = BRANCH_JUMP;
		break;
	case X86Q_NOP:
		st->role = INSN_PAD;		/* still before the body */
		break;
	case X86Q_RET:
		st->role = INSN_OVERHEAD;
		break;
	default:
		break;
	}
}

/* What the quick decoder leaves to capstone (x86_step's rare path). */
__attribute__((noinline))
static void x86_step_capstone(const struct object *o, uint32_t shndx,
			      const struct machine_cs *cs, const uint8_t *code,
			      size_t left, uint64_t at, bool entry,
			      struct insn_step *st)
{
	cs_insn *insn = cs->insn;
	const uint8_t *p = code;
	uint64_t addr = at;
	size_t n = left;

	if (!cs_disasm_iter(cs->handle, &p, &n, &addr, insn)) {
		/* One instruction, undecodable all the same; else one byte. */
		st->bytes = unknown_len(code, left);
		st->count = st->unknown = st->bytes != 0;
		if (!st->bytes)
			st->bytes = 1;
		return;
	}
	x86_classify(o, shndx, insn->bytes, insn->size, cs_kind(insn), at,
		     entry, st);
}

static void x86_step(const struct object *o, uint32_t shndx,
		     const struct machine_cs *cs, const uint8_t *code,
		     size_t left, uint64_t at, bool entry, struct insn_step *st)
{
	enum x86_quick_kind k;
	size_t n;

	memset(st, 0, sizeof(*st));
	/*
	 * At an instruction boundary 0xcc is int3, one byte: the padding
	 * between functions (a quarter of vmlinux's .text) needs no decoder.
	 */
	if (*code == 0xcc) {
		size_t run = 1;

		while (run < left && code[run] == 0xcc)
			run++;
		st->bytes = run;
		st->count = (uint32_t)run;
		st->role = INSN_PAD;
		return;
	}
	/* Most instructions need no capstone (x86-quick.c), and are none of
	 * the kinds x86_classify() looks at. */
	n = x86_quick_decode(code, left, &k);
	if (n && k == X86Q_OTHER) {
		st->bytes = n;
		st->count = 1;
		return;
	}
	if (n) {
		x86_classify(o, shndx, code, n, k, at, entry, st);
		return;
	}
	x86_step_capstone(o, shndx, cs, code, left, at, entry, st);
}

static const char *x86_alt_check(const struct table_alt *a)
{
	/*
	 * (NCAPINTS + NBUGINTS) * 32 is 736 in 6.1: allow growth.  Bit 15 is
	 * 5.13-6.2's ALT_NOT; 6.3 moved the flags to their own u16.
	 */
	if ((a->feature & 0x7fff) >= 32 * 32)
		return "cpuid out of range";
	if (a->rlen > a->len)
		return "replacementlen > instrlen";
	return NULL;
}

static const char *x86_ex_check(unsigned type)
{
	/* EX_TYPE_* is the low byte of data; 6.1 has about 20. */
	return type < 64 ? NULL : "unknown EX_TYPE";
}

const struct machine machine_x86_64 = {
	.e_machine = EM_X86_64,
	.name = "x86-64",
	.cs_arch = CS_ARCH_X86,
	.cs_mode = CS_MODE_64,
	.reloc_prel32 = R_X86_64_PC32,
	.reloc_prel64 = R_X86_64_PC64,
	.alt_check = x86_alt_check,
	.ex_check = x86_ex_check,
	.entry_padding = x86_entry_padding,
	.prepare = x86_prepare,
	.step = x86_step,
};
