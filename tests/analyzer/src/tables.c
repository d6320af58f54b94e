// SPDX-License-Identifier: GPL-2.0
/*
 * tables.c — entries of the kernel's special sections, written the way
 * Linux 6.1 x86-64 writes them (LOCK_PREFIX, ALTERNATIVE, _ASM_EXTABLE,
 * _BUG_FLAGS with DEBUG_BUGVERBOSE, arch_static_branch, static calls,
 * retpoline and return sites), for tests/tables.sh.
 *
 * "expect: NAME=N" lines give how many entries of each table asmscan must
 * count in the function below them (alt lock extab bug jump scall retpo
 * ret); tables.sh checks them in the .o (relocations) and in the linked
 * program (self-relative values).
 */
#define noinline __attribute__((noinline))

#define LOCK_PREFIX                                                         \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"         \
	".popsection\n671:\n\tlock; "

#define ALTERNATIVE(old, new, feature)                                      \
	"661:\n\t" old "\n662:\n"                                            \
	".pushsection .altinstructions,\"a\"\n"                              \
	" .long 661b - .\n .long 6641f - .\n .word " #feature "\n"           \
	" .byte 662b-661b\n .byte 6642f-6641f\n.popsection\n"                \
	".pushsection .altinstr_replacement, \"ax\"\n"                       \
	"6641:\n\t" new "\n6642:\n.popsection\n"

#define EXTABLE(from, to)                                                   \
	".pushsection \"__ex_table\",\"a\"\n.balign 4\n"                     \
	".long (" #from ") - .\n.long (" #to ") - .\n.long 3\n.popsection\n"

#define BUG()                                                               \
	__asm__ volatile("1:\t.byte 0x0f, 0x0b\n"                           \
			 ".pushsection __bug_table,\"aw\"\n"                 \
			 "2:\t.long 1b - .\n\t.long %c0 - .\n"               \
			 "\t.word %c1\n\t.word 0\n\t.org 2b+12\n"            \
			 ".popsection" : : "i"(__FILE__), "i"(__LINE__))

#define RETPOLINE_SITE(insn)                                                \
	"1:\t" insn "\n.pushsection .retpoline_sites,\"a\"\n"                \
	".long 1b - .\n.popsection\n"
#define RETURN_SITE(insn)                                                   \
	"1:\t" insn "\n.pushsection .return_sites,\"a\"\n"                   \
	".long 1b - .\n.popsection\n"

struct static_key {
	int enabled;
};
struct static_key key_a;
int key_call;

extern void ext_thunk(void);

static inline __attribute__((always_inline)) int branch(struct static_key *key)
{
	__asm__ goto("1:\n\t.byte 0x0f,0x1f,0x44,0x00,0x00\n"
		     ".pushsection __jump_table, \"aw\"\n\t.balign 8\n"
		     "\t.long 1b - ., %l[l_yes] - .\n\t.quad %c0 - .\n"
		     ".popsection" : : "i"(key) : : l_yes);
	return 0;
l_yes:
	return 1;
}

/* expect: lock=2 */
noinline void locked_twice(int *v)
{
	__asm__ volatile(LOCK_PREFIX "incl %0" : "+m"(*v));
	__asm__ volatile(LOCK_PREFIX "decl %0" : "+m"(*v));
}

/* expect: alt=1 */
noinline void fenced(void)
{
	__asm__ volatile(ALTERNATIVE("mfence", "lfence", 42) ::: "memory");
}

/* expect: extab=1 */
noinline int faulting(const int *p)
{
	int v = 0;

	__asm__ volatile("1:\tmovl (%1), %0\n2:\n" EXTABLE(1b, 2b)
			 : "+r"(v) : "r"(p));
	return v;
}

/* expect: bug=1 */
noinline void buggy(int x)
{
	if (x == 1234)
		BUG();
}

/* expect: jump=2 */
noinline int branchy(void)
{
	return branch(&key_a) + 2 * branch(&key_a);
}

/* expect: scall=1 */
noinline void static_caller(void)
{
	__asm__ volatile("1:\t.byte 0xe8; .long 0\n"
			 ".pushsection .static_call_sites, \"aw\"\n"
			 ".long 1b - .\n.long key_call - .\n.popsection");
}

/* expect: retpo=1 ret=1 */
noinline void sites(void)
{
	__asm__ volatile(RETPOLINE_SITE("call ext_thunk")
			 RETURN_SITE("nop"));
}

/* Declared inline, inlined into user() and its address taken: an
 * out-of-line copy (DWARF) whose lock prefix is an entry in a copy.
 * expect: lock=1 copy */
static inline void inline_locked(int *v)
{
	__asm__ volatile(LOCK_PREFIX "orl $1, %0" : "+m"(*v));
}
void (*keep_locked)(int *) = inline_locked;

/* expect: lock=1 */
int user(int *v)
{
	inline_locked(v);
	return *v;
}
