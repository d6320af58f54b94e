// SPDX-License-Identifier: GPL-2.0
/*
 * x86 instruction lengths, in 64-, 32- and 16-bit code, for the two places
 * where the model needs them and the template does not spell
 * instructions out:
 *
 *   - byte runs: the kernel writes instructions the assembler may not know
 *     as ".byte" runs (BYTES_NOP5 "0x0f,0x1f,0x44,0x00,0x00", enqcmds
 *     "0xf3,0x0f,0x38,0xf8,0x02,0x66,0x90" which is two instructions, a
 *     lone ".byte 0x3e" DS prefix before clflush).  A disassembler splits
 *     those bytes by instruction length, and so does asmtpl_x86_decode():
 *     legacy prefixes, REX, VEX/EVEX, the one-byte, 0F, 0F38 and 0F3A maps,
 *     ModRM/SIB/displacement and immediates.  A byte whose value is only
 *     known at link time (".long sym - .") may sit in a displacement or an
 *     immediate; where the decoder needs its value it says so.
 *   - padding: ALTERNATIVE pads by the difference of two lengths; fixed
 *     lengths of common instructions (rdtsc 2, lfence 3, call rel32 5)
 *     decide the padding where [1, 15] cannot.
 *
 * What the code size changes (Intel SDM vol. 2, 2.2.1 and table 2-1/2-2):
 *   - 0x40-0x4f are REX prefixes only in 64-bit code; elsewhere they are
 *     the one-byte inc/dec;
 *   - 0xc4, 0xc5 and 0x62 start VEX/EVEX in 64-bit code; in 32- and 16-bit
 *     code only when the next byte's top two bits are 11, else they are
 *     les, lds and bound with a ModRM;
 *   - the default operand size is 16 bits in 16-bit code, 32 elsewhere
 *     (0x66 switches it): immediates "iz" and rel16/32 follow it, except
 *     that call/jmp/jcc rel are always 32 bits in 64-bit code;
 *   - the default address size is 64, 32 or 16 bits (0x67 switches 64->32,
 *     32->16, 16->32): 16-bit addressing has no SIB and disp16, moffs is
 *     8, 4 or 2 bytes;
 *   - far call/jmp ptr16:16/32 (0x9a, 0xea) and aam/aad imm8 (0xd4, 0xd5)
 *     exist outside 64-bit code only.
 * .code16gcc is 16-bit code as far as the processor is concerned: gas
 * only spells its suffix-less call/ret/push/pushf/leave with 0x66.
 *
 * Only lengths: no operands, no validity beyond what the length needs.
 */
#include <string.h>

#include "internal.h"

/* One-byte map: bit set = has a ModRM byte. */
static const uint8_t modrm_1[32] = {
	/* 00-07 */ 0x0f, /* 08-0f */ 0x0f, /* 10-17 */ 0x0f, /* 18-1f */ 0x0f,
	/* 20-27 */ 0x0f, /* 28-2f */ 0x0f, /* 30-37 */ 0x0f, /* 38-3f */ 0x0f,
	/* 40-47 */ 0x00, /* 48-4f */ 0x00, /* 50-57 */ 0x00, /* 58-5f */ 0x00,
	/* 60-67 */ 0x0c, /* 68-6f */ 0x0a, /* 70-77 */ 0x00, /* 78-7f */ 0x00,
	/* 80-87 */ 0xff, /* 88-8f */ 0xff, /* 90-97 */ 0x00, /* 98-9f */ 0x00,
	/* a0-a7 */ 0x00, /* a8-af */ 0x00, /* b0-b7 */ 0x00, /* b8-bf */ 0x00,
	/* c0-c7 */ 0xc3, /* c8-cf */ 0x00, /* d0-d7 */ 0x0f, /* d8-df */ 0xff,
	/* e0-e7 */ 0x00, /* e8-ef */ 0x00, /* f0-f7 */ 0xc0, /* f8-ff */ 0xc0,
};

static bool bit(const uint8_t *map, unsigned op)
{
	return map[op >> 3] & (1u << (op & 7));
}

/*
 * Immediate bytes of a one-byte-map opcode.  osz16: the operand size is
 * 16 bits; asz: the address size in bits; code64: 64-bit code.
 */
static int imm_1(unsigned op, bool osz16, bool rexw, unsigned modrm_reg,
		 unsigned asz, bool code64)
{
	int z = osz16 ? 2 : 4;

	if (op < 0x40 && (op & 7) == 4)
		return 1;
	if (op < 0x40 && (op & 7) == 5)
		return z;
	switch (op) {
	case 0x68: case 0x69: return z;
	case 0x6a: case 0x6b: return 1;
	case 0x80: case 0x82: case 0x83: return 1;
	case 0x81: return z;
	case 0x9a: case 0xea: return code64 ? 0 : 2 + z; /* ptr16:z */
	case 0xa0: case 0xa1: case 0xa2: case 0xa3: return (int)asz / 8;
	case 0xa8: return 1;
	case 0xa9: return z;
	case 0xc0: case 0xc1: case 0xc6: return 1;
	case 0xc7: return z;
	case 0xc2: case 0xca: return 2;
	case 0xc8: return 3;
	case 0xcd: return 1;
	case 0xd4: case 0xd5: return code64 ? 0 : 1;	/* aam/aad imm8 */
	case 0xe0: case 0xe1: case 0xe2: case 0xe3: case 0xe4: case 0xe5:
	case 0xe6: case 0xe7: case 0xeb: return 1;
	case 0xe8: case 0xe9: return code64 ? 4 : z;	/* 64-bit: rel32 */
	case 0xf6: return modrm_reg < 2 ? 1 : 0;
	case 0xf7: return modrm_reg < 2 ? z : 0;
	default: break;
	}
	if (op >= 0x70 && op <= 0x7f)
		return 1;
	if (op >= 0xb0 && op <= 0xb7)
		return 1;
	if (op >= 0xb8 && op <= 0xbf)
		return rexw ? 8 : z;
	return 0;
}

/* 0F map: bit set = no ModRM byte. */
static bool no_modrm_0f(unsigned op)
{
	if ((op >= 0x30 && op <= 0x37) || (op >= 0x80 && op <= 0x8f) ||
	    (op >= 0xc8 && op <= 0xcf))
		return true;
	switch (op) {
	case 0x05: case 0x06: case 0x07: case 0x08: case 0x09: case 0x0b:
	case 0x0e: case 0x77: case 0xa0: case 0xa1: case 0xa2: case 0xa8:
	case 0xa9: case 0xaa:
		return true;
	default:
		return false;
	}
}

static int imm_0f(unsigned op, bool osz16, bool code64)
{
	if (op >= 0x80 && op <= 0x8f)
		return code64 || !osz16 ? 4 : 2;	/* jcc rel32 / rel16 */
	switch (op) {
	case 0x0f: case 0x70: case 0x71: case 0x72: case 0x73: case 0xa4:
	case 0xac: case 0xba: case 0xc2: case 0xc4: case 0xc5: case 0xc6:
		return 1;
	default:
		return 0;
	}
}

static bool is_legacy_prefix(unsigned b)
{
	switch (b) {
	case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64: case 0x65:
	case 0x66: case 0x67: case 0xf0: case 0xf2: case 0xf3:
		return true;
	default:
		return false;
	}
}

int asmtpl_x86_decode(enum asmtpl_x86_mode mode, const uint8_t *b,
		      const uint8_t *known, size_t n, size_t *len)
{
	bool code64 = mode == ASMTPL_X86_CODE64;
	bool code16 = mode == ASMTPL_X86_CODE16 || mode == ASMTPL_X86_CODE16GCC;
	bool p66 = false, p67 = false, rexw = false, osz16;
	unsigned asz;
	size_t i = 0;
	unsigned op, map = 1;
	int imm = 0;
	bool has_modrm;

#define NEED(k)                                              \
	do {                                                 \
		if (i + (k) > n)                             \
			return ASMTPL_X86_SHORT;             \
	} while (0)
#define VALUE(j)                                             \
	do {                                                 \
		NEED((j) + 1 - i);                           \
		if (!known[j])                               \
			return ASMTPL_X86_UNKNOWN;           \
	} while (0)

	for (;;) {
		VALUE(i);
		if (!is_legacy_prefix(b[i]))
			break;
		if (b[i] == 0x66)
			p66 = true;
		if (b[i] == 0x67)
			p67 = true;
		if (++i > 14)
			return ASMTPL_X86_UNKNOWN;
	}
	osz16 = code16 != p66;
	asz = code64 ? (p67 ? 32 : 64) : code16 != p67 ? 16 : 32;
	if (code64 && b[i] >= 0x40 && b[i] <= 0x4f) {
		rexw = b[i] & 8;
		i++;
		VALUE(i);
	}
	op = b[i++];
	if (op == 0xc4 || op == 0xc5 || op == 0x62) {
		/*
		 * VEX3 / VEX2 / EVEX: payload, opcode, ModRM, imm8 in map 3.
		 * Outside 64-bit code the byte after is a ModRM of les, lds or
		 * bound unless its mod is 11 (a register form those lack).
		 */
		size_t payload = op == 0xc5 ? 1 : op == 0xc4 ? 2 : 3;

		VALUE(i);
		if (!code64 && (b[i] & 0xc0) != 0xc0) {
			has_modrm = true;
			imm = 0;
			goto modrm;
		}
		map = op == 0xc5 ? 1 : (b[i] & (op == 0x62 ? 0x07 : 0x1f));
		i += payload;
		VALUE(i);
		op = b[i++];
		/* VEX 0F 77 (vzeroupper, vzeroall) is the one without ModRM */
		has_modrm = !(map == 1 && op == 0x77);
		imm = map == 3 ? 1 : (map == 1 ? imm_0f(op, osz16, code64) : 0);
	} else if (op == 0x0f) {
		VALUE(i);
		op = b[i++];
		if (op == 0x38 || op == 0x3a) {
			map = op == 0x38 ? 2 : 3;
			VALUE(i);
			op = b[i++];
			has_modrm = true;
			imm = map == 3 ? 1 : 0;
		} else {
			has_modrm = !no_modrm_0f(op);
			imm = imm_0f(op, osz16, code64);
		}
	} else {
		has_modrm = bit(modrm_1, op);
		imm = -1;	/* may depend on ModRM.reg */
	}
modrm:
	if (has_modrm) {
		unsigned modrm, mod, rm;

		VALUE(i);
		modrm = b[i++];
		mod = modrm >> 6;
		rm = modrm & 7;
		if (imm < 0)
			imm = imm_1(op, osz16, rexw, (modrm >> 3) & 7, asz,
				    code64);
		if (asz == 16) {
			/* [bx+si] ... [bx]: no SIB; [disp16] at mod 0, rm 6 */
			if (mod == 0 && rm == 6)
				i += 2;
			else if (mod == 1)
				i += 1;
			else if (mod == 2)
				i += 2;
		} else {
			if (mod != 3 && rm == 4) {
				VALUE(i);
				if (mod == 0 && (b[i] & 7) == 5)
					i += 4;
				i++;
			} else if (mod == 0 && rm == 5) {
				i += 4;	/* disp32 (64-bit: %rip-relative) */
			}
			if (mod == 1)
				i += 1;
			else if (mod == 2)
				i += 4;
		}
	} else if (imm < 0) {
		imm = imm_1(op, osz16, rexw, 0, asz, code64);
	}
	i += (size_t)imm;
	NEED(0);
	*len = i;
	return ASMTPL_X86_OK;
#undef NEED
#undef VALUE
}

/*
 * Lengths of instructions without operands, as gas encodes them in
 * 64- and 32-bit code.  size says what the code size changes ('-': nothing):
 *   W  a 16-bit string op (movsw): 0x66 dropped in 16-bit code, 1 shorter;
 *   L  a 32-bit string op (movsl): 0x66 added in 16-bit code, 1 longer;
 *   G  a stack op whose suffix-less form .code16gcc makes 32-bit (ret,
 *      pushf, popf, leave): 0x66 added, 1 longer;
 *   Q  64-bit code only (gas refuses it elsewhere): no fixed length there.
 */
static const struct {
	const char *mnemonic;
	uint8_t len;
	char size;
} fixed_len[] = {
	{ "nop", 1, '-' }, { "ret", 1, 'G' }, { "retq", 1, 'Q' },
	{ "int3", 1, '-' }, { "cli", 1, '-' }, { "sti", 1, '-' },
	{ "hlt", 1, '-' }, { "pushf", 1, 'G' }, { "pushfq", 1, 'Q' },
	{ "popf", 1, 'G' }, { "popfq", 1, 'Q' }, { "cld", 1, '-' },
	{ "std", 1, '-' }, { "clc", 1, '-' }, { "stc", 1, '-' },
	{ "cmc", 1, '-' }, { "leave", 1, 'G' }, { "leaveq", 1, 'Q' },
	{ "lahf", 1, '-' }, { "sahf", 1, '-' }, { "movsb", 1, '-' },
	{ "movsl", 1, 'L' }, { "stosb", 1, '-' }, { "stosl", 1, 'L' },
	{ "lodsb", 1, '-' }, { "lodsl", 1, 'L' }, { "scasb", 1, '-' },
	{ "cmpsb", 1, '-' }, { "movsw", 2, 'W' }, { "stosw", 2, 'W' },
	{ "movsq", 2, 'Q' }, { "stosq", 2, 'Q' }, { "lodsq", 2, 'Q' },
	{ "cpuid", 2, '-' }, { "rdtsc", 2, '-' }, { "rdpmc", 2, '-' },
	{ "rdmsr", 2, '-' }, { "wrmsr", 2, '-' }, { "pause", 2, '-' },
	{ "ud2", 2, '-' }, { "iretq", 2, 'Q' }, { "wbinvd", 2, '-' },
	{ "invd", 2, '-' }, { "syscall", 2, '-' }, { "sysenter", 2, '-' },
	{ "sysret", 2, '-' }, { "rdtscp", 3, '-' }, { "lfence", 3, '-' },
	{ "mfence", 3, '-' }, { "sfence", 3, '-' }, { "clac", 3, '-' },
	{ "stac", 3, '-' }, { "swapgs", 3, 'Q' }, { "serialize", 3, '-' },
	{ "vmcall", 3, '-' }, { "vmmcall", 3, '-' }, { "monitor", 3, '-' },
	{ "mwait", 3, '-' }, { "xgetbv", 3, '-' }, { "xsetbv", 3, '-' },
	{ "sysretq", 3, 'Q' }, { "rdpkru", 3, '-' }, { "wrpkru", 3, '-' },
	{ "endbr64", 4, '-' }, { "wbnoinvd", 3, '-' },
};

/* The length in code of that size, or 0 when gas has no such instruction. */
static int fixed_length(enum asmtpl_x86_mode mode, uint8_t len, char size)
{
	bool code16 = mode == ASMTPL_X86_CODE16 || mode == ASMTPL_X86_CODE16GCC;

	switch (size) {
	case 'W': return code16 ? len - 1 : len;
	case 'L': return code16 ? len + 1 : len;
	case 'G': return mode == ASMTPL_X86_CODE16GCC ? len + 1 : len;
	case 'Q': return mode == ASMTPL_X86_CODE64 ? len : 0;
	default: return len;
	}
}

/*
 * Bounds of one textual instruction's length.  prefixes: prefix words
 * before the mnemonic on the same line.  target_other_section: the
 * operand is a label known to be in another section, so a jump or call
 * to it has the long form.  The long forms: call rel32 (5), jmp rel32 (5),
 * jcc rel32 (6) in 64- and 32-bit code; call rel16 (3), jmp rel16 (3),
 * jcc rel16 (4) in 16-bit code, where .code16gcc makes call "calll" (6).
 */
void asmtpl_x86_text_bounds(enum asmtpl_x86_mode mode, const char *mn,
			    size_t mlen, const char *ops, size_t olen,
			    unsigned prefixes, bool target_other_section,
			    int64_t *lo, int64_t *hi)
{
	bool code16 = mode == ASMTPL_X86_CODE16 || mode == ASMTPL_X86_CODE16GCC;
	int64_t call_len = mode == ASMTPL_X86_CODE16 ? 3 :
			   mode == ASMTPL_X86_CODE16GCC ? 6 : 5;
	int64_t jmp_len = code16 ? 3 : 5, jcc_len = code16 ? 4 : 6;
	size_t i;
	bool no_ops = olen == 0;
	bool bare_target = olen > 0 && ops[0] != '*' && ops[0] != '%' &&
			   ops[0] != '$' && !memchr(ops, '(', olen) &&
			   !memchr(ops, ',', olen);

	*lo = 1;
	*hi = 15;
	if (no_ops) {
		for (i = 0; i < ARRAY_SIZE(fixed_len); i++) {
			int len;

			if (!asmtpl_word_eq(mn, mlen, fixed_len[i].mnemonic))
				continue;
			len = fixed_length(mode, fixed_len[i].len,
					   fixed_len[i].size);
			if (len) {
				*lo = *hi = len + (int64_t)prefixes;
				return;
			}
			break;
		}
	}
	if (bare_target && (asmtpl_word_eq(mn, mlen, "call") ||
			    asmtpl_word_eq(mn, mlen, "callq"))) {
		*lo = *hi = call_len + (int64_t)prefixes;
		return;
	}
	if (bare_target && (asmtpl_word_eq(mn, mlen, "jmp") ||
			    asmtpl_word_eq(mn, mlen, "jmpq"))) {
		*lo = target_other_section ? jmp_len : 2;
		*hi = jmp_len;
		*lo += prefixes;
		*hi += prefixes;
		return;
	}
	if (bare_target && mlen >= 2 && mlen <= 5 && (mn[0] == 'j' || mn[0] == 'J')) {
		*lo = target_other_section ? jcc_len : 2;
		*hi = jcc_len;
		*lo += prefixes;
		*hi += prefixes;
		return;
	}
	if (*lo < 1 + (int64_t)prefixes)
		*lo = 1 + (int64_t)prefixes;
}
