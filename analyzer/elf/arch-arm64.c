// SPDX-License-Identifier: GPL-2.0
/*
 * arch-arm64.c — AArch64 for asmscan (see machine.h).
 *
 * Every instruction is one little-endian 32-bit word, so calls, jumps,
 * returns and landing pads are told apart by their encoding (the same
 * whatever capstone version decodes them; capstone says whether the word
 * is an instruction at all):
 *   bl imm26	100101 imm26	a call to at + imm26 * 4; in a .o the
 *		R_AARCH64_CALL26 relocation on the word says S + A
 *   b imm26	000101 imm26	a jump (a tail call when it reaches another
 *		function's start), R_AARCH64_JUMP26 in a .o
 *   ret Xn, retaa, retab	the return itself: not body
 *   hint #imm	d503201f | imm << 5: nop (0), paciaz/paciasp/pacibz/
 *		pacibsp (24-27), autiaz/autiasp/autibz/autibsp (28-31) and
 *		bti, bti c/j/jc (32, 34, 36, 38) are not body; other hints
 *		(yield, csdb, esb ...) are.  -fpatchable-function-entry NOPs
 *		(ftrace) and alignment NOPs are NOPs.
 *
 * Tables (arch/arm64/include/asm/alternative.h, asm/extable.h of 6.1;
 * every version's layout is in table-layout.c):
 *   struct alt_instr {s32 orig_offset, alt_offset; u16 cpufeature; u8
 *   orig_len, alt_len;}: orig_len == alt_len, whole instructions; with
 *   ARM64_CB_BIT (bit 15) of cpufeature alt_offset points at the callback
 *   function and alt_len is 0.  ARM64_NCAPS is 85 in 6.1.
 *   struct exception_table_entry {s32 insn, fixup; s16 type, data;}:
 *   EX_TYPE_* 0 to 4 in 6.1.
 *   R_AARCH64_PREL32/PREL64 in a .o.
 */
#include <string.h>

#include "machine.h"
#include "object.h"

#define A64_BL_MASK 0xfc000000u
#define A64_BL 0x94000000u
#define A64_B 0x14000000u
#define A64_RET_MASK 0xfffffc1fu
#define A64_RET 0xd65f0000u		/* ret Xn */
#define A64_RETAA 0xd65f0bffu
#define A64_RETAB 0xd65f0fffu
#define A64_HINT_MASK 0xfffff01fu
#define A64_HINT 0xd503201fu		/* hint #imm7, imm7 at bit 5 */

#define A64_CB_BIT 0x8000u
#define A64_MAX_CAPS 256		/* 85 in 6.1: allow growth */

static uint32_t word_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* nop, PAC signing/authentication of the return address, BTI landing pads. */
static bool pad_hint(unsigned imm)
{
	return imm == 0 || (imm >= 24 && imm <= 31) ||
	       (imm >= 32 && imm <= 38 && !(imm & 1));
}

/* Where the b/bl at flat address at goes (see branch_target in arch-x86.c). */
static bool branch_target(const struct object *o, uint32_t shndx, uint32_t w,
			  uint64_t at, uint64_t *target, const char **ext)
{
	/* imm26 words, signed: to the top of an int32, then back by 4. */
	int64_t imm = (int64_t)((int32_t)((w & 0x03ffffffu) << 6) >> 4);

	*ext = NULL;
	if (o->type == ET_REL) {
		const struct obj_reloc *r =
			object_reloc_at(o, shndx, at - o->secs[shndx].addr);

		if (r) {
			if (r->type != R_AARCH64_CALL26 && r->type != R_AARCH64_JUMP26)
				return false;
			if (object_reloc_target(o, r, target))
				return true;
			*ext = o->syms[r->sym].name;
			return false;
		}
	}
	*target = at + (uint64_t)imm;
	return true;
}

static bool arm64_entry_padding(const uint8_t *code, size_t len)
{
	if (len % 4)
		return false;
	for (size_t i = 0; i < len; i += 4) {
		uint32_t w = word_at(code + i);

		if ((w & A64_HINT_MASK) != A64_HINT || !pad_hint((w >> 5) & 0x7f))
			return false;
	}
	return true;
}

static void arm64_prepare(struct object *o)
{
	o->fentry_addr = 0;
	o->return_thunk_addr = 0;
}

static void arm64_step(const struct object *o, uint32_t shndx,
		       const struct machine_cs *cs, const uint8_t *code,
		       size_t left, uint64_t at, bool entry, struct insn_step *st)
{
	const uint8_t *p = code;
	uint64_t addr = at;
	size_t n = left;
	uint32_t w;

	(void)entry;
	memset(st, 0, sizeof(*st));
	if (left < 4) {
		st->bytes = left;
		return;
	}
	st->bytes = 4;
	st->count = 1;
	w = word_at(code);
	/*
	 * A word capstone does not decode (capstone 4 lacks ARMv8.1's LSE
	 * atomics ldaddl, casal ..., SVE, RCPC, the SHA-3/SM crypto
	 * extensions): a zero word is the linker's fill between input
	 * sections; a word in the A64 encoding's allocated space is an
	 * instruction capstone does not know, as objdump decodes it; one in
	 * its unallocated space (op0, bits 28:25, 0001 or 0011; 0000 with
	 * bit 31 clear beyond UDF's 16 bits — with it set, SME) decodes as
	 * nothing.  The encodings below are checked anyway.
	 */
	if (!cs_disasm_iter(cs->handle, &p, &n, &addr, cs->insn)) {
		unsigned op0 = (w >> 25) & 0xf;

		if (!w) {
			st->padding = true;
			st->count = 0;
			return;
		}
		if (op0 == 1 || op0 == 3 ||
		    (op0 == 0 && !(w >> 31) && (w >> 16))) {
			st->count = 0;
			return;
		}
		st->unknown = true;
	}
	if ((w & A64_BL_MASK) == A64_BL || (w & A64_BL_MASK) == A64_B) {
		st->branch = (w & A64_BL_MASK) == A64_BL ? BRANCH_CALL : BRANCH_JUMP;
		st->known = branch_target(o, shndx, w, at, &st->target, &st->ext);
	} else if ((w & A64_RET_MASK) == A64_RET || w == A64_RETAA ||
		   w == A64_RETAB) {
		st->role = INSN_OVERHEAD;
	} else if ((w & A64_HINT_MASK) == A64_HINT && pad_hint((w >> 5) & 0x7f)) {
		st->role = INSN_PAD;
	}
}

static const char *arm64_alt_check(const struct table_alt *a)
{
	if ((a->feature & ~A64_CB_BIT) >= A64_MAX_CAPS)
		return "cpufeature out of range";
	if (a->len % 4)
		return "orig_len is not whole instructions";
	if (a->feature & A64_CB_BIT)
		return a->rlen ? "callback entry with a replacement" : NULL;
	return a->rlen == a->len ? NULL : "alt_len != orig_len";
}

static const char *arm64_ex_check(unsigned type)
{
	/* s16 type: EX_TYPE_NONE .. EX_TYPE_LOAD_UNALIGNED_ZEROPAD (4). */
	return type < 16 ? NULL : "unknown EX_TYPE";
}

const struct machine machine_arm64 = {
	.e_machine = EM_AARCH64,
	.name = "AArch64",
#if CS_API_MAJOR >= 6
	.cs_arch = CS_ARCH_AARCH64,
#else
	.cs_arch = CS_ARCH_ARM64,
#endif
	.cs_mode = CS_MODE_LITTLE_ENDIAN,
	.reloc_prel32 = R_AARCH64_PREL32,
	.reloc_prel64 = R_AARCH64_PREL64,
	.alt_check = arm64_alt_check,
	.ex_check = arm64_ex_check,
	.entry_padding = arm64_entry_padding,
	.prepare = arm64_prepare,
	.step = arm64_step,
};
