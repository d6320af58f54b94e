/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, i386-code16 (gcc -m16): what 16-bit code changes.
 *
 * Synthetic: GCC -m16 output starts with ".code16gcc", so the assembler
 * makes 16-bit code: the default operand and address sizes are 16 bits
 * (0x66 and 0x67 switch them to 32), and gas spells a suffix-less call
 * "calll" (0x66 0xe8 rel32, 6 bytes).  Each shape counts differently in
 * 32- or 64-bit code.  The expect lines were measured with the oracle
 * (as --32, objdump -M i8086 and, for a .code32 stretch, -M i386), not
 * reasoned.
 */

/* shape: synthetic: mov $imm16 (3 bytes), then 00 00 is add %al,(%bx,%si) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_mov_imm16(void)
{
	__asm__ __volatile__(".byte 0xb8, 1, 0, 0, 0");
}

/* shape: synthetic: 0x66 makes the immediate 32 bits */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_mov_imm32(void)
{
	__asm__ __volatile__(".byte 0x66, 0xb8, 1, 0, 0, 0");
}

/* shape: synthetic: 0x40 is "inc %ax" */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_inc(void)
{
	__asm__ __volatile__(".byte 0x40, 0x90");
}

/* shape: synthetic: 16-bit ModRM: mod 00 rm 110 is [disp16], no SIB */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_modrm16(void)
{
	__asm__ __volatile__(".byte 0x8b, 0x06, 0x34, 0x12, 0x90");
}

/* shape: synthetic: je rel16 (4 bytes) */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_jcc_rel16(void)
{
	__asm__ __volatile__(".byte 0x0f, 0x84, 0x00, 0x00, 0x90");
}

/* shape: synthetic: a .code32 stretch: 0xb8 takes a 32-bit immediate there, 0x40 is inc */
/* expect: gcc_count=3 est_insns=3 kind=plain */
__attribute__((noinline)) void t_code32_stretch(void)
{
	__asm__ __volatile__(
		".code32\n"
		".byte 0xb8, 1, 0, 0, 0, 0x40, 0x90\n"
		".code16gcc");
}

/* shape: synthetic: ALTERNATIVE("lfence; pause", "call ..."): calll (6) is longer than the 5 bytes, one NOP run of padding */
/* expect: gcc_count=21 est_insns=3 kind=alternative */
__attribute__((noinline)) void t_calll_alternative(void)
{
	__asm__ __volatile__(
		"# ALT: oldnstr\n"
		"661:\n"
		"\tlfence; pause\n"
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
		".popsection");
}
