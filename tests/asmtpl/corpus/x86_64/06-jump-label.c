/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: jump labels (__jump_table) and static calls
 *
 * Each t_* function holds exactly one asm statement whose template is the
 * text Linux 6.1.192 (Debian linux-source-6.1, x86_64_defconfig) produces
 * after preprocessing, copied from the preprocessed kernel source (.i) and
 * checked against it (see ../README.md).  Operands are rewritten over plain
 * globals so that the file is self-contained.  The two comment lines above
 * each function are the harness contract:
 *   shape:  kernel header and macro the template comes from
 *   expect: gcc_count (GCC inliner charge), est_insns (instructions the
 *           statement leaves in the function's own section, a run of
 *           one-byte nops counted once), kind (sections written)
 */

/* ASM_CALL_CONSTRAINT (arch/x86/include/asm/asm.h) */
register unsigned long current_stack_pointer __asm__("rsp");

struct static_key {
	int enabled;
	void *entries;
};
struct static_key g_key;

/* shape: arch/x86/include/asm/jump_label.h: arch_static_branch() CONFIG_HAVE_JUMP_LABEL_HACK ("1:jmp %l[l_yes] # objtool NOPs this" + JUMP_TABLE_ENTRY) */
/* expect: gcc_count=8 est_insns=1 kind=jump-table */
__attribute__((noinline)) _Bool t_static_branch_hack(void)
{
	__asm__ goto(
		"1:jmp %l[l_yes] # objtool NOPs this \n"
		"\t.pushsection __jump_table,  \"aw\" \n"
		"\t .balign 8 \n"
		"\t.long 1b - . \n"
		"\t.long %l[l_yes] - . \n"
		"\t .quad %c0 + %c1 - .\n"
		"\t.popsection \n"
		"\t"
		: : "i" (&g_key), "i" (2 | 0) : : l_yes);
	return 0;
l_yes:
	return 1;
}

/* shape: arch/x86/include/asm/jump_label.h: arch_static_branch_jump() ("1:jmp %l[l_yes]" + JUMP_TABLE_ENTRY) */
/* expect: gcc_count=8 est_insns=1 kind=jump-table */
__attribute__((noinline)) _Bool t_static_branch_jump(void)
{
	__asm__ goto(
		"1:jmp %l[l_yes]\n"
		"\t.pushsection __jump_table,  \"aw\" \n"
		"\t .balign 8 \n"
		"\t.long 1b - . \n"
		"\t.long %l[l_yes] - . \n"
		"\t .quad %c0 + %c1 - .\n"
		"\t.popsection \n"
		"\t"
		: : "i" (&g_key), "i" (1) : : l_yes);
	return 0;
l_yes:
	return 1;
}

/*
 * Five .byte values that decode as one nopl.
 */
/* shape: arch/x86/include/asm/jump_label.h: arch_static_branch() without CONFIG_HAVE_JUMP_LABEL_HACK (".byte " __stringify(BYTES_NOP5) + JUMP_TABLE_ENTRY) */
/* expect: gcc_count=8 est_insns=1 kind=jump-table */
__attribute__((noinline)) _Bool t_static_branch_nop5(void)
{
	__asm__ goto(
		"1:.byte 0x0f,0x1f,0x44,0x00,0x00\n"
		"\t.pushsection __jump_table,  \"aw\" \n"
		"\t .balign 8 \n"
		"\t.long 1b - . \n"
		"\t.long %l[l_yes] - . \n"
		"\t .quad %c0 + %c1 - .\n"
		"\t.popsection \n"
		"\t"
		: : "i" (&g_key), "i" (0) : : l_yes);
	return 0;
l_yes:
	return 1;
}

/* shape: arch/x86/include/asm/preempt.h: __preempt_schedule() "call " STATIC_CALL_TRAMP_STR(preempt_schedule) (CONFIG_PREEMPTION) */
/* expect: gcc_count=1 est_insns=1 kind=plain */
__attribute__((noinline)) void t_preempt_schedule_static_call(void)
{
	__asm__ __volatile__(
		"call __SCT__preempt_schedule"
		: "+r" (current_stack_pointer));
}

/* shape: tools/objtool/check.c: create_static_call_sections() record (struct static_call_site {s32 addr; s32 key;}) written inline (synthetic: 6.1 has no inline asm writing .static_call_sites) */
/* expect: gcc_count=6 est_insns=1 kind=static-call */
__attribute__((noinline)) void t_static_call_site_record(void)
{
	__asm__ __volatile__(
		"1:\tcall __SCT__tp_func_sched_switch\n"
		"\t.pushsection .static_call_sites, \"a\"\n"
		"\t.long 1b - .\n"
		"\t.long __SCK__tp_func_sched_switch - .\n"
		"\t.popsection\n"
		: "+r" (current_stack_pointer));
}
