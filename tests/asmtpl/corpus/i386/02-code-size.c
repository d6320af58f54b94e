/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, i386 (gcc -m32): what 32-bit code changes.
 *
 * Synthetic: each shape is a byte run or a padding sum whose instruction
 * count differs between 64-, 32- and 16-bit code (Intel SDM vol. 2, 2.2.1
 * and tables 2-1/2-2), so a model that decodes 32-bit code as 64-bit code
 * gets it wrong.  The expect lines were measured with the oracle
 * (as --32, objdump -M i386 and, for a .code16/.code64 stretch,
 * -M i8086/-M x86-64), not reasoned.
 */

/* shape: synthetic: 0x40 is "inc %eax" (a REX prefix in 64-bit code) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_inc(void)
{
	__asm__ __volatile__(".byte 0x40, 0x90");
}

/* shape: synthetic: 0x48 is "dec %eax" (REX.W of the mov in 64-bit code) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_dec_mov(void)
{
	__asm__ __volatile__(".byte 0x48, 0x89, 0xc0");
}

/* shape: synthetic: 0xc5 before a memory ModRM is "lds" (VEX2 in 64-bit code) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_lds(void)
{
	__asm__ __volatile__(".byte 0xc5, 0x06, 0x90");
}

/* shape: synthetic: 0xc5 0xf8 is VEX2 in 32-bit code too (vzeroupper) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_vex(void)
{
	__asm__ __volatile__(".byte 0xc5, 0xf8, 0x77, 0x90");
}

/* shape: synthetic: far call ptr16:32 (0x9a, 7 bytes; no such instruction in 64-bit code) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_lcall(void)
{
	__asm__ __volatile__(".byte 0x9a, 1, 2, 3, 4, 5, 6, 0x90");
}

/* shape: synthetic: aam imm8 (0xd4 0x90; no such instruction in 64-bit code, whose reading is a byte and a nop) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_aam(void)
{
	__asm__ __volatile__(".byte 0xd4, 0x90");
}

/* shape: synthetic: 0x67 gives 16-bit addressing (disp16), not 32-bit */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_addr16(void)
{
	__asm__ __volatile__(".byte 0x67, 0x8b, 0x06, 0x34, 0x12, 0x90");
}

/* shape: synthetic: a .code16 stretch: 0xb8 takes a 16-bit immediate there */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_code16_stretch(void)
{
	__asm__ __volatile__(
		".code16\n"
		".byte 0xb8, 1, 0, 0, 0\n"
		".code32");
}

/* shape: synthetic: a .code64 stretch: 0x48 is REX.W there */
/* expect: gcc_count=3 est_insns=1 kind=plain */
__attribute__((noinline)) void t_code64_stretch(void)
{
	__asm__ __volatile__(
		".code64\n"
		".byte 0x48, 0x89, 0xc0\n"
		".code32");
}

/* shape: synthetic: ALTERNATIVE("lfence", "call ...") under .code16: call rel16 is as long as lfence, no padding */
/* expect: gcc_count=22 est_insns=1 kind=alternative */
__attribute__((noinline)) void t_code16_alternative(void)
{
	__asm__ __volatile__(
		".code16\n"
		"# ALT: oldnstr\n"
		"661:\n"
		"\tlfence\n"
		"662:\n"
		"# ALT: padding\n"
		".skip -(((6651f-6641f)-(662b-661b)) > 0) * ((6651f-6641f)-(662b-661b)),0x90\n"
		"663:\n"
		".pushsection .altinstructions,\"a\"\n"
		" .long 661b - .\n"
		" .long 6641f - .\n"
		" .word ( 3*32+18)\n"
		" .byte 663b-661b\n"
		" .byte 6651f-6641f\n"
		".popsection\n"
		".pushsection .altinstr_replacement, \"ax\"\n"
		"# ALT: replacement 1\n"
		"6641:\n"
		"\tcall t_byte_inc\n"
		"6651:\n"
		".popsection\n"
		".code32");
}
