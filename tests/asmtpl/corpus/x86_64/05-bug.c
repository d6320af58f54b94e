/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asminline corpus, x86-64: BUG()/WARN() with __bug_table and objtool annotations
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

/* struct bug_entry, CONFIG_GENERIC_BUG + CONFIG_DEBUG_BUGVERBOSE, 64-bit */
struct bug_entry {
	int bug_addr_disp;
	int file_disp;
	unsigned short line;
	unsigned short flags;
};

/* without CONFIG_DEBUG_BUGVERBOSE */
struct bug_entry_short {
	int bug_addr_disp;
	unsigned short flags;
};

#define BUGFLAG_WARNING (1 << 0)
#define BUGFLAG_TAINT(taint) ((taint) << 8)
#define TAINT_WARN 9

/* shape: arch/x86/include/asm/bug.h: BUG() -> _BUG_FLAGS(ASM_UD2, 0, "") (asm_inline, CONFIG_DEBUG_BUGVERBOSE) */
/* expect: gcc_count=1 est_insns=1 kind=bug-table */
__attribute__((noinline)) void t_bug(void)
{
	__asm__ __inline__ __volatile__(
		"1:\t.byte 0x0f, 0x0b\n"
		".pushsection __bug_table,\"aw\"\n"
		"2:\t.long 1b - .\t# bug_entry::bug_addr\n"
		"\t.long %c0 - .\t# bug_entry::file\n"
		"\t.word %c1\t# bug_entry::line\n"
		"\t.word %c2\t# bug_entry::flags\n"
		"\t.org 2b+%c3\n"
		".popsection\n"
		: : "i" ("kernel/sched/core.c"), "i" (613), "i" (0), "i" (sizeof(struct bug_entry)));
	__builtin_unreachable();
}

/* shape: arch/x86/include/asm/bug.h: WARN_ON() -> __WARN_FLAGS() -> _BUG_FLAGS(ASM_UD2, flags, ASM_REACHABLE) (also .discard.reachable) */
/* expect: gcc_count=1 est_insns=1 kind=bug-table */
__attribute__((noinline)) void t_warn_on(int cond)
{
	if (cond) {
		__asm__ __inline__ __volatile__(
			"1:\t.byte 0x0f, 0x0b\n"
			".pushsection __bug_table,\"aw\"\n"
			"2:\t.long 1b - .\t# bug_entry::bug_addr\n"
			"\t.long %c0 - .\t# bug_entry::file\n"
			"\t.word %c1\t# bug_entry::line\n"
			"\t.word %c2\t# bug_entry::flags\n"
			"\t.org 2b+%c3\n"
			".popsection\n"
			"998:\n"
			"\t.pushsection .discard.reachable\n"
			"\t.long 998b - .\n"
			"\t.popsection\n"
			"\t"
			: : "i" ("kernel/sched/core.c"), "i" (233), "i" (BUGFLAG_WARNING | BUGFLAG_TAINT(TAINT_WARN)),
			    "i" (sizeof(struct bug_entry)));
	}
}

/* shape: arch/x86/include/asm/bug.h: _BUG_FLAGS() when asm_inline is plain asm (!CONFIG_CC_HAS_ASM_INLINE): same template, charged in full */
/* expect: gcc_count=9 est_insns=1 kind=bug-table */
__attribute__((noinline)) void t_bug_not_inline(void)
{
	__asm__ __volatile__(
		"1:\t.byte 0x0f, 0x0b\n"
		".pushsection __bug_table,\"aw\"\n"
		"2:\t.long 1b - .\t# bug_entry::bug_addr\n"
		"\t.long %c0 - .\t# bug_entry::file\n"
		"\t.word %c1\t# bug_entry::line\n"
		"\t.word %c2\t# bug_entry::flags\n"
		"\t.org 2b+%c3\n"
		".popsection\n"
		: : "i" ("kernel/sched/core.c"), "i" (614), "i" (0), "i" (sizeof(struct bug_entry)));
	__builtin_unreachable();
}

/* shape: arch/x86/include/asm/bug.h: BUG() -> _BUG_FLAGS(ASM_UD2, 0, "") for !CONFIG_DEBUG_BUGVERBOSE (text expanded by hand from the macro) */
/* expect: gcc_count=1 est_insns=1 kind=bug-table */
__attribute__((noinline)) void t_bug_not_verbose(void)
{
	__asm__ __inline__ __volatile__(
		"1:\t.byte 0x0f, 0x0b\n"
		".pushsection __bug_table,\"aw\"\n"
		"2:\t.long 1b - .\t# bug_entry::bug_addr\n"
		"\t.word %c0\t# bug_entry::flags\n"
		"\t.org 2b+%c1\n"
		".popsection\n"
		: : "i" (0), "i" (sizeof(struct bug_entry_short)));
	__builtin_unreachable();
}

/*
 * A label and a record in another section: nothing in the function.
 */
/* shape: include/linux/compiler.h: unreachable() -> annotate_unreachable() -> __annotate_unreachable(__COUNTER__) (.discard.unreachable, CONFIG_OBJTOOL) */
/* expect: gcc_count=5 est_insns=0 kind=other-section */
__attribute__((noinline)) void t_annotate_unreachable(int c)
{
	if (c) {
		__asm__ __volatile__(
			"247:\n"
			"\t.pushsection .discard.unreachable\n"
			"\t.long 247b - .\n"
			"\t.popsection\n"
			"\t"
			: : "i" (247));
		__builtin_unreachable();
	}
}

/* shape: include/linux/instrumentation.h: instrumentation_begin() -> __instrumentation_begin(__COUNTER__) (CONFIG_NOINSTR_VALIDATION, not in defconfig; __COUNTER__ = 12) */
/* expect: gcc_count=5 est_insns=1 kind=other-section */
__attribute__((noinline)) void t_instrumentation_begin(void)
{
	__asm__ __volatile__(
		"12: nop\n"
		"\t.pushsection .discard.instr_begin\n"
		"\t.long 12b - .\n"
		"\t.popsection\n"
		"\t"
		: : "i" (12));
}

/* shape: include/linux/instrumentation.h: instrumentation_end() -> __instrumentation_end(__COUNTER__) (CONFIG_NOINSTR_VALIDATION; __COUNTER__ = 13) */
/* expect: gcc_count=5 est_insns=1 kind=other-section */
__attribute__((noinline)) void t_instrumentation_end(void)
{
	__asm__ __volatile__(
		"13: nop\n"
		"\t.pushsection .discard.instr_end\n"
		"\t.long 13b - .\n"
		"\t.popsection\n"
		"\t"
		: : "i" (13));
}
