// SPDX-License-Identifier: GPL-2.0
/*
 * arm64-tables.c — the special sections as Linux 6.1 arm64 writes them
 * (the macros below reproduce arch/arm64/include/asm/alternative-macros.h,
 * asm-extable.h, asm-bug.h and jump_label.h of 6.1), for tests/arm64.sh.
 * "expect:" counts the entries of each table in the function below it;
 * reloc_arm64.py also counts them from the relocations.
 */
#define noinline __attribute__((noinline, noclone))

#define ALTINSTR_ENTRY(feature)						\
	" .word 661b - .\n"						\
	" .word 663f - .\n"						\
	" .hword " #feature "\n"					\
	" .byte 662b-661b\n"						\
	" .byte 664f-663f\n"

#define ALTINSTR_ENTRY_CB(feature, cb)					\
	" .word 661b - .\n"						\
	" .word " #cb "- .\n"						\
	" .hword " #feature "\n"					\
	" .byte 662b-661b\n"						\
	" .byte 664f-663f\n"

#define ALTERNATIVE(oldinstr, newinstr, feature)			\
	"661:\n\t" oldinstr "\n662:\n"					\
	".pushsection .altinstructions,\"a\"\n"				\
	ALTINSTR_ENTRY(feature)						\
	".popsection\n"							\
	".subsection 1\n"						\
	"663:\n\t" newinstr "\n664:\n\t"				\
	".org	. - (664b-663b) + (662b-661b)\n\t"			\
	".org	. - (662b-661b) + (664b-663b)\n\t"			\
	".previous\n"

#define ALTERNATIVE_CB(oldinstr, feature, cb)				\
	"661:\n\t" oldinstr "\n662:\n"					\
	".pushsection .altinstructions,\"a\"\n"				\
	ALTINSTR_ENTRY_CB(feature, cb)					\
	".popsection\n"							\
	"663:\n\t"							\
	"664:\n\t"

#define ASM_EXTABLE(insn, fixup, type)					\
	".pushsection	__ex_table, \"a\"\n"				\
	".balign	4\n"						\
	".long		((" insn ") - .)\n"				\
	".long		((" fixup ") - .)\n"				\
	".short		(" #type ")\n"					\
	".short		(0)\n"						\
	".popsection\n"

#define BUG()								\
	__asm__ volatile("1:	brk	0x800\n"			\
		".pushsection __bug_table,\"aw\"\n"			\
		".align 2\n"						\
		"14470:	.long 1b - .\n"					\
		".pushsection .rodata.str,\"aMS\",@progbits,1\n"	\
		"14472:	.string \"arm64-tables.c\"\n"			\
		".popsection\n"						\
		".long 14472b - 14470b\n"				\
		".short %c0\n"						\
		".short 0\n"						\
		".popsection\n" : : "i"(__LINE__))

struct static_key { int enabled; };
struct static_key key_a;
void alt_cb_patch_nops(void);

static inline __attribute__((always_inline)) int likely_off(struct static_key *key)
{
	__asm__ goto("1:	nop\n\t"
		 ".pushsection	__jump_table, \"aw\"\n\t"
		 ".align		3\n\t"
		 ".long		1b - ., %l[l_yes] - .\n\t"
		 ".quad		%c0 - .\n\t"
		 ".popsection\n\t"
		 : : "i"(key) : : l_yes);
	return 0;
l_yes:
	return 1;
}

/* expect: alt=2 */
noinline unsigned long read_offset(void)
{
	unsigned long off, v;

	__asm__(ALTERNATIVE("mrs %0, tpidr_el1", "mrs %0, tpidr_el2", 11)
		: "=r"(off));
	__asm__ volatile(ALTERNATIVE_CB("mov %0, #0", (1 << 15) | 5,
						 alt_cb_patch_nops)
			 : "=r"(v));
	return off + v;
}

/* expect: extab=1 */
noinline int get_user_word(const int *p, int *out)
{
	int err = 0, v;

	__asm__ volatile("1:	ldtr	%w1, [%2]\n"
			 "2:\n"
			 ASM_EXTABLE("1b", "2b", 2)
			 : "+r"(err), "=&r"(v) : "r"(p));
	*out = v;
	return err;
}

/* expect: bug=1 */
noinline void check(int x)
{
	if (x > 100)
		BUG();
}

/* expect: jump=1 */
noinline int keyed(int x)
{
	if (likely_off(&key_a))
		x *= 3;
	return x;
}
