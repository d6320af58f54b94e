/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: byte runs whose instructions depend on the
 * code size, and .code32/.code16 stretches inside a 64-bit function.
 *
 * Synthetic.  gas honours .code32 and .code16 anywhere, and the bytes
 * that follow are instructions of that size: the oracle disassembles such
 * a stretch with objdump -M i386 or -M i8086.  The same byte runs in
 * ../i386 and ../i386-code16 count differently.  The expect lines were
 * measured, not reasoned (see ../README.md).
 */

/* shape: synthetic: 0x40 is a REX prefix of the nop (inc %eax in 32-bit code) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_rex_nop(void)
{
	__asm__ __volatile__(".byte 0x40, 0x90");
}

/* shape: synthetic: VEX 0F 77 (vzeroupper) has no ModRM: the nop after it is its own */
/* expect: gcc_count=1 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_vzeroupper_nop(void)
{
	__asm__ __volatile__(".byte 0xc5, 0xf8, 0x77, 0x90");
}

/* shape: synthetic: a .code32 stretch: 0x40 is inc %eax there */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_code32_stretch(void)
{
	__asm__ __volatile__(
		".code32\n"
		".byte 0x40, 0x90\n"
		".code64");
}

/* shape: synthetic: a .code16 stretch: 0xb8 takes a 16-bit immediate there */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_code16_stretch(void)
{
	__asm__ __volatile__(
		".code16\n"
		".byte 0xb8, 1, 0, 0, 0\n"
		".code64");
}
