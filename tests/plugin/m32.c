// SPDX-License-Identifier: GPL-2.0
/*
 * m32.c — input of the -m32/-m16 test (m32.sh): templates whose bytes are
 * other instructions in 64-, 32- and 16-bit code, so that a record made
 * with the wrong code size disagrees with the assembler.  Freestanding,
 * no headers: it compiles with -m32 and -m16 without 32-bit libc headers.
 */
#define IN_SMP_LOCKS                                                           \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"           \
	".popsection\n671:\n\t"

/* 64-bit code: a REX prefix and a nop, one instruction; 32/16-bit: two. */
void byte_inc(void)
{
	asm volatile(".byte 0x40, 0x90");
}

/* 16-bit code: "mov $1, %ax" and "add %al, (%bx,%si)"; else one mov. */
void byte_mov(void)
{
	asm volatile(".byte 0xb8, 1, 0, 0, 0");
}

/* Charged 6 in every size, flagged in every size: embedded. */
void locked_bytes(void)
{
	asm volatile(IN_SMP_LOCKS ".byte 0x40, 0x90");
}
