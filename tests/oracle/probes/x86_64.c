// SPDX-License-Identifier: GPL-2.0
/*
 * Probes: statements where a count by rule and the assembler's count can
 * part ways.  Same format as tests/asmtpl/corpus (one asm per noinline t_ function,
 * expectations directly above); every est_insns here is what asm_oracle
 * measures (corpus_check.py checks that first), so a failure in an "eval"
 * or "plugin" column is asmtpl disagreeing with the assembler.
 * Found by tests/oracle/kernel_accuracy.py on Linux 6.1 (see
 * docs/results/accuracy.md) and by probing around those misses.
 */
int var;

/* shape: nop mnemonics form one run of 1-byte NOPs (90 90) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_nop_nop(void)
{
	asm volatile("nop; nop");
}

/* shape: nop mnemonics on separate lines, one run */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_nop_lines(void)
{
	asm volatile("nop\n\tnop");
}

/* shape: int3 then a run of four nops (kernel int3_selftest): cc 90 90 90 90 */
/* expect: gcc_count=5 est_insns=2 kind=plain */
__attribute__((noinline)) void t_int3_nops(void)
{
	asm volatile("int3; nop; nop; nop; nop");
}

/* shape: .byte 0x90 then nop: one run */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte90_nop(void)
{
	asm volatile(".byte 0x90\n\tnop");
}

/* shape: nop then .skip 2,0x90: one run */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_nop_skip(void)
{
	asm volatile("nop\n\t.skip 2,0x90");
}

/* shape: ds prefix spelled as .byte (kernel clwb): 3e 0f ae 38 is one instruction */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_ds_clflush(void)
{
	asm volatile(".byte 0x3e; clflush %0" : "+m"(var));
}

/* shape: ds prefix as .byte on its own line */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_ds_line(void)
{
	asm volatile(".byte 0x3e\n\tclflush %0" : "+m"(var));
}

/* shape: lock prefix as .byte */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_lock(void)
{
	asm volatile(".byte 0xf0; incl %0" : "+m"(var));
}

/* shape: operand-size prefix as .byte before nop: 66 90 = xchg %ax,%ax */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte66_nop(void)
{
	asm volatile(".byte 0x66; nop");
}

/* shape: REX.W as .byte before an instruction: 48 01 c0 */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_byte_rex(void)
{
	asm volatile(".byte 0x48; addl %%eax, %%eax" ::: "eax");
}

/* shape: cs prefix as .byte before an indirect jump (retpoline-style) */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_byte_cs_jmp(void)
{
	asm volatile("jmp 1f; .byte 0x2e; 1: nop" ::: "memory");
}

/* shape: written prefix still merges (control: asmtpl gets this right) */
/* expect: gcc_count=2 est_insns=1 kind=plain */
__attribute__((noinline)) void t_ds_clflush(void)
{
	asm volatile("ds; clflush %0" : "+m"(var));
}

/* shape: a 5-byte NOP spelled in .byte, then a 1-byte NOP: two instructions */
/* expect: gcc_count=2 est_insns=2 kind=plain */
__attribute__((noinline)) void t_nop5_nop1(void)
{
	asm volatile(".byte 0x0f,0x1f,0x44,0,0; .byte 0x90");
}

/* shape: call spelled in bytes (e8 rel32) then a 5-byte NOP: two instructions */
/* expect: gcc_count=3 est_insns=2 kind=plain */
__attribute__((noinline)) void t_call_bytes_nop5(void)
{
	asm volatile(".byte 0xe8; .long 0\n\t.byte 0x0f,0x1f,0x44,0,0");
}
