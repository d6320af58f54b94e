// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/asmtpl: a table of templates with what GCC's
 * asm_str_count() and the assembler make of them, plus API contracts
 * (contexts, NUL bytes, bad arguments, table overflow).  The figures for
 * real kernel shapes are proven against the assembler by tests/oracle; the
 * ones here pin the semantics each rule of the model implements.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asmtpl.h"

#define X86 ASMTPL_ARCH_X86_64
#define A64 ASMTPL_ARCH_ARM64
#define I386 ASMTPL_ARCH_I386
#define I16 ASMTPL_ARCH_I386_CODE16
#define EXT ASMTPL_SYNTAX_EXTENDED
#define BAS ASMTPL_SYNTAX_BASIC
#define NODIAG (-1)

struct tcase {
	const char *what;
	enum asmtpl_arch arch;
	enum asmtpl_syntax syntax;
	const char *tpl;
	unsigned str_count, est_insns, pad_uncertain;
	enum asmtpl_kind kind;
	int diag;		/* expected diagnostic code, or NODIAG for none */
};

/* Linux 6.1 arch/x86/include/asm/alternative.h, ALTERNATIVE(old, new, ft) */
#define ALT(old, new)                                                        \
	"# ALT: oldnstr\n661:\n\t" old "\n662:\n# ALT: padding\n"            \
	".skip -(((6651f-6641f)-(662b-661b)) > 0) * "                        \
	"((6651f-6641f)-(662b-661b)),0x90\n663:\n"                          \
	".pushsection .altinstructions,\"a\"\n .long 661b - .\n"             \
	" .long 6641f - .\n .word 3\n .byte 663b-661b\n .byte 6651f-6641f\n" \
	".popsection\n.pushsection .altinstr_replacement, \"ax\"\n"          \
	"# ALT: replacement 1\n6641:\n\t" new "\n6651:\n.popsection\n"

/* arch/x86/include/asm/alternative.h, LOCK_PREFIX_HERE + "lock; " */
#define LOCK_PREFIX                                                      \
	".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n"     \
	".popsection\n671:\n\tlock; "

static const struct tcase cases[] = {
	/* GCC's count */
	{ "empty template", X86, BAS, "", 0, 0, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "only newlines", X86, BAS, "\n\n\n", 4, 0, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "separator in string counts for GCC only", X86, BAS,
	  ".ascii \"a;b\"\nnop", 3, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "separator in comment", X86, BAS, "ret # a; b\nret", 3, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "C comment across lines is one space", X86, BAS,
	  "ret /* a;\n b */ \nret", 4, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	/* statements, labels, prefixes */
	{ "lock; incl is one instruction", X86, EXT, "lock; incl %0", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "rep; movsb", X86, BAS, "rep; movsb", 2, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "prefixes chained", X86, BAS, "rep; lock; nop", 3, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "trailing prefix is the start of an instruction", X86, BAS, "nop; lock; ",
	  3, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "label and instruction on a line", X86, BAS, "1: 2: nop\nname: ret", 2, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "label only", X86, BAS, "661:\n", 2, 0, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "dialect alternative", X86, EXT, "movs{lq|xd} %1, %0", 1, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "%% is a register, not an operand", X86, EXT, "movl %%eax, %0; ret", 2, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "%= unique label", X86, EXT, "1%=: jmp 1%=b", 1, 1, 0, ASMTPL_KIND_PLAIN,
	  NODIAG },
	{ "operand as a whole statement", X86, EXT, "%c0", 1, 1, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_OPERAND_STATEMENT },
	/* what a disassembler shows: NOP runs, byte runs split by length */
	{ "1-byte NOPs merge into one run", X86, BAS,
	  "nop\n1:\tnop\n.byte 0x90\n.skip 2, 0x90\n.fill 1, 1, 0x90", 5, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "a multi-byte NOP ends a NOP run", X86, BAS, "nop\n.byte 0x66, 0x90\nnop",
	  3, 3, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "rep; nop is pause, one instruction", X86, BAS, "rep; nop", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "a .byte prefix merges with the next instruction", X86, EXT,
	  ".byte 0x3e; clflush %P0", 2, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "enqcmds: one .byte run, two instructions", X86, BAS,
	  ".byte 0xf3, 0x0f, 0x38, 0xf8, 0x02, 0x66, 0x90", 1, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "call spelled as .byte + .long", X86, BAS, ".byte 0xe8\n.long foo - 1f\n1:",
	  3, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "zero fill decodes as add %al,(%rax)", X86, BAS, ".skip 4", 1, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "ALTERNATIVE_2 rdtsc_ordered pads after rdtsc", X86, BAS,
	  "661:\n\trdtsc\n662:\n"
	  ".skip -((((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & "
	  "-(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)) > 0) * "
	  "(((6651f-6641f) ^ (((6651f-6641f) ^ (6652f-6642f)) & "
	  "-(-((6651f-6641f) < (6652f-6642f))))) - (662b-661b)), 0x90\n663:\n"
	  ".pushsection .altinstr_replacement, \"ax\"\n6641:\n\tlfence; rdtsc\n"
	  "6651:\n6642:\n\trdtscp\n6652:\n.popsection\n",
	  15, 2, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
	/* the code size: 64-bit (-m64), 32-bit (-m32), .code16gcc (-m16) */
	{ "x86-64: 0x40 is a REX prefix of the nop", X86, BAS, ".byte 0x40, 0x90",
	  1, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "i386: 0x40 is inc %eax", I386, BAS, ".byte 0x40, 0x90", 1, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "i386: 0x48 is dec %eax, not REX.W", I386, BAS, ".byte 0x48, 0x89, 0xc0",
	  1, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "i386: 0xc5 with a memory ModRM is lds, not VEX", I386, BAS,
	  ".byte 0xc5, 0x06, 0x90", 1, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "i386: 0xc5 before 0b11...... is VEX (vzeroupper, no ModRM)", I386, BAS,
	  ".byte 0xc5, 0xf8, 0x77, 0x90", 1, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "x86-64: vzeroupper has no ModRM", X86, BAS,
	  ".byte 0xc5, 0xf8, 0x77, 0x90", 1, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "i386: far call ptr16:32 is 7 bytes", I386, BAS,
	  ".byte 0x9a, 1, 2, 3, 4, 5, 6, 0x90", 1, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "i386: 0x67 gives 16-bit addressing, disp16", I386, BAS,
	  ".byte 0x67, 0x8b, 0x06, 0x34, 0x12, 0x90", 1, 2, 0, ASMTPL_KIND_PLAIN,
	  NODIAG },
	{ "i386: mov $imm32 is 5 bytes", I386, BAS, ".byte 0xb8, 1, 0, 0, 0", 1, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "16-bit: mov $imm16 is 3 bytes, 00 00 is add %al,(%bx,%si)", I16, BAS,
	  ".byte 0xb8, 1, 0, 0, 0", 1, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "16-bit: 0x66 makes the immediate 32 bits", I16, BAS,
	  ".byte 0x66, 0xb8, 1, 0, 0, 0", 1, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ ".code16 in a 32-bit template", I386, BAS,
	  ".code16\n.byte 0xb8, 1, 0, 0, 0\n.code32", 3, 2, 0, ASMTPL_KIND_PLAIN,
	  NODIAG },
	{ ".code32 in a 64-bit template", X86, BAS,
	  ".code32\n.byte 0x40, 0x90\n.code64", 3, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "a .code directive not undone", X86, BAS, ".code32\nnop", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_ENDS_IN_OTHER_CODE_SIZE },
	{ "ALTERNATIVE in 64-bit code: call rel32 (5) > lfence (3) pads", X86, EXT,
	  ALT("lfence", "call foo"), 21, 2, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "ALTERNATIVE in .code16: call rel16 (3) = lfence (3), no padding", I386,
	  EXT, ".code16\n" ALT("lfence", "call foo") ".code32", 22, 1, 0,
	  ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "ALTERNATIVE in .code16gcc: calll (6) = 2 x lfence (6), no padding", I16,
	  EXT, ALT("lfence; lfence", "call foo"), 22, 2, 0,
	  ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "16-bit: movsw is 1 byte, movsl 2 (no padding)", I16, EXT,
	  ALT("movsl", "movsw; movsw"), 22, 1, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "16-bit code alignment: at most gap / 4 + 1 instructions", I16, BAS,
	  ".balign 16\nnop", 2, 1, 5, ASMTPL_KIND_PLAIN, NODIAG },
	/* sections */
	{ "LOCK_PREFIX incl", X86, EXT, LOCK_PREFIX "incl %0", 7, 1, 0,
	  ASMTPL_KIND_LOCK_PREFIX, NODIAG },
	{ "nested pushsection", X86, BAS,
	  ".pushsection .a\n.pushsection .b\nnop\n.popsection\nnop\n.popsection\nnop",
	  7, 1, 0, ASMTPL_KIND_OTHER_SECTION, NODIAG },
	{ "section and previous", X86, BAS,
	  ".section .fixup,\"ax\"\n3: jmp 2b\n.previous\nnop", 4, 1, 0,
	  ASMTPL_KIND_OTHER_SECTION, NODIAG },
	{ "unbalanced popsection", X86, BAS, ".popsection\nnop", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNBALANCED_POP },
	{ "unclosed pushsection", X86, BAS, ".pushsection .x\nnop", 2, 0, 0,
	  ASMTPL_KIND_OTHER_SECTION, ASMTPL_DIAG_UNCLOSED_PUSH },
	{ "push with nothing written is not a section written", X86, BAS,
	  ".pushsection .x\n.popsection\nnop", 3, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "subsection of the function's section", A64, BAS,
	  "nop\n.subsection 1\nnop\nnop\n.previous\nnop", 6, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "explicit .text", X86, BAS, ".text\nnop", 2, 0, 0,
	  ASMTPL_KIND_OTHER_SECTION, ASMTPL_DIAG_TEXT_SECTION },
	/* data and padding */
	{ ".byte run is one instruction", X86, BAS,
	  ".byte 0x0f,0x1f,0x44,0x00,0x00", 1, 1, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "two data directives, one run", X86, BAS, ".byte 0xe8\n.long 0", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "nop fill is one run", X86, BAS, ".skip 3, 0x90", 1, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "zero nop fill", X86, BAS, ".skip 0, 0x90", 1, 0, 0, ASMTPL_KIND_PLAIN,
	  NODIAG },
	{ "int3 fill", X86, BAS, ".fill 3, 1, 0xcc", 1, 3, 0, ASMTPL_KIND_PLAIN,
	  NODIAG },
	{ "code alignment is uncertain padding", X86, BAS, ".balign 8\nnop", 2, 1, 1,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "ALTERNATIVE, empty original: padding known positive", X86, EXT,
	  ALT("", "lfence"), 21, 1, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "ALTERNATIVE, unknown lengths: padding uncertain", X86, EXT,
	  ALT("movq $1, %%rax", "movq $2, %%rax"), 21, 1, 1,
	  ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "ALTERNATIVE, call rel32 both sides: no padding", X86, EXT,
	  ALT("call foo", "call bar"), 21, 1, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "ALTERNATIVE, rep stosb vs call: padding known positive", X86, EXT,
	  ALT("rep stosb", "call clear_user_original"), 21, 2, 0,
	  ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "ALTERNATIVE, .byte replacement no longer than original", X86, EXT,
	  ALT(".byte 0x0f,0x01,0xcb", ".byte 0x0f,0x01,0xca"), 21, 1, 0,
	  ASMTPL_KIND_ALTERNATIVE, NODIAG },
	{ "arm64 .inst is an instruction", A64, BAS, ".inst 0xd503201f", 1, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "arm64 .word is 4 bytes of data", A64, BAS, ".word 0xd503201f", 1, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	/* .ifc on an operand: one text replaces it, so once taken as true
	 * against x0 it is false against x1 (.irp over registers) */
	{ ".ifc on an operand holds for one .irp value", A64, EXT,
	  ".irp rs,x0,x1,x2,x3\n\t.ifc \\rs,%x0\n\tadd %x0, %x0, #1\n\t.endif\n\t.endr",
	  5, 1, 0, ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNEVALUATED_CONDITION },
	{ ".ifnc on an operand follows the same assumption", A64, EXT,
	  ".ifc x0,%x0\nnop\n.endif\n.ifnc x1,%x0\nnop\nnop\n.endif", 7, 3, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNEVALUATED_CONDITION },
	{ "two operands compared stay unknown", A64, EXT,
	  ".ifc %x1,%x0\nnop\n.endif\n.ifc %x1,%x0\nnop\n.endif", 6, 2, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNEVALUATED_CONDITION },
	/* arm64 syntax */
	{ "arm64 // comment and # immediate", A64, BAS, "mov x0, #1 // a; b\nnop",
	  3, 2, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ "arm64 leading # is a comment", A64, BAS, "# 12 \"x.h\"\nnop", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "arm64 ALTERNATIVE with .if and .org", A64, BAS,
	  ".if 1 == 1\n661:\n\tnop\n662:\n.pushsection .altinstructions,\"a\"\n"
	  ".word 1\n.popsection\n.subsection 1\n663:\n\tmov x0, x1\n664:\n"
	  "\t.org\t. - (664b-663b) + (662b-661b)\n"
	  "\t.org\t. - (662b-661b) + (664b-663b)\n.previous\n.endif\n",
	  16, 1, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
	/* blocks */
	{ ".rept", X86, BAS, ".rept 3\nret\n.endr", 3, 3, 0, ASMTPL_KIND_PLAIN, NODIAG },
	{ ".rept 0", X86, BAS, ".rept 0\nnop\n.endr\nret", 4, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ ".irp", X86, BAS, ".irp r, ax, bx, cx\npush %r\\r\n.endr", 3, 3, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ ".if/.else", X86, BAS, ".if 0\nnop\nnop\n.else\nnop\n.endif", 6, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ ".if on an operand", X86, EXT, ".if %c0\nnop\n.endif", 3, 1, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNEVALUATED_CONDITION },
	/* arch/x86/boot/cpuflags.c cpuid_count(), as the assembler reads it */
	{ ".ifnc of two registers in the assembler's text is decided", I16, BAS,
	  ".ifnc %ebx,%ebx ; movl %ebx,%ebx ; .endif\ncpuid\n"
	  ".ifnc %ebx,%ebx ; xchgl %ebx,%ebx ; .endif", 7, 1, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "... and before GCC substitutes %3, it is not", I16, EXT,
	  ".ifnc %%ebx,%3 ; movl %%ebx,%3 ; .endif\ncpuid\n"
	  ".ifnc %%ebx,%3 ; xchgl %%ebx,%3 ; .endif", 7, 3, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNEVALUATED_CONDITION },
	{ "macro defined, invoked, purged", X86, BAS,
	  ".macro two a\n\\a\n\\a\n.endm\ntwo ret\n.purgem two", 6, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "purged macro invoked", X86, BAS,
	  ".macro m\nnop\n.endm\n.purgem m\nm", 5, 0, 0, ASMTPL_KIND_PLAIN,
	  ASMTPL_DIAG_UNKNOWN_MACRO },
	{ "macro defined twice: gas keeps the first", X86, BAS,
	  ".macro m\nret\n.endm\n.macro m\nlfence\nlfence\n.endm\nm", 8, 1, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_MACRO_REDEFINED },
	{ "macro with default and keyword", X86, BAS,
	  ".macro m a=nop, b\n\\a\n\\b\n.endm\nm b=ret", 5, 2, 0,
	  ASMTPL_KIND_PLAIN, NODIAG },
	{ "unterminated .rept", X86, BAS, ".rept 2\nret", 2, 2, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNTERMINATED_BLOCK },
	{ "stray .endif", X86, BAS, ".endif\nnop", 2, 1, 0, ASMTPL_KIND_PLAIN,
	  ASMTPL_DIAG_STRAY_END },
	{ "unterminated string", X86, BAS, ".ascii \"abc\nnop", 2, 2, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNTERMINATED_STRING },
	{ "unterminated comment", X86, BAS, "nop /* x", 1, 1, 0, ASMTPL_KIND_PLAIN,
	  ASMTPL_DIAG_UNTERMINATED_COMMENT },
	{ "unknown directive", X86, BAS, ".frobnicate 1\nnop", 2, 1, 0,
	  ASMTPL_KIND_PLAIN, ASMTPL_DIAG_UNKNOWN_DIRECTIVE },
	/* kinds: the most specific section wins */
	{ "bug table", X86, BAS,
	  "1:\t.byte 0x0f, 0x0b\n.pushsection __bug_table,\"aw\"\n2:\t.long 1b - .\n"
	  ".popsection", 4, 1, 0, ASMTPL_KIND_BUG_TABLE, NODIAG },
	{ "extable", X86, BAS,
	  "1: movl (%rdi), %eax\n.pushsection \"__ex_table\",\"a\"\n.balign 4\n"
	  ".long 1b - .\n.long 2f - .\n.long 3\n.popsection\n2:", 8, 1, 0,
	  ASMTPL_KIND_EXTABLE, NODIAG },
	{ "alternative beats lock prefix", X86, BAS,
	  ".pushsection .smp_locks,\"a\"\n.long 0\n.popsection\n"
	  ".pushsection .altinstructions,\"a\"\n.long 0\n.popsection\nnop",
	  7, 1, 0, ASMTPL_KIND_ALTERNATIVE, NODIAG },
};

static int check_case(const struct tcase *t)
{
	struct asmtpl_ctx *ctx = asmtpl_ctx_new(t->arch);
	struct asmtpl_result r;
	int bad = 0;
	unsigned i;
	bool found = t->diag == NODIAG;

	if (!ctx || asmtpl_analyze(ctx, t->tpl, strlen(t->tpl), t->syntax, &r)) {
		printf("not ok - %s: analysis failed\n", t->what);
		asmtpl_ctx_free(ctx);
		return 1;
	}
	if (r.str_count != t->str_count || r.est_insns != t->est_insns ||
	    r.pad_uncertain != t->pad_uncertain || r.kind != t->kind)
		bad = 1;
	for (i = 0; i < r.ndiags; i++) {
		if ((int)r.diags[i].code == t->diag)
			found = true;
		else if (t->diag == NODIAG)
			bad = 1;
	}
	if (!found)
		bad = 1;
	printf("%s - %s\n", bad ? "not ok" : "ok", t->what);
	if (bad) {
		printf("#   got str_count=%u est_insns=%u pad_uncertain=%u kind=%s diags:",
		       r.str_count, r.est_insns, r.pad_uncertain,
		       asmtpl_kind_name(r.kind));
		for (i = 0; i < r.ndiags; i++)
			printf(" %s@%zu", asmtpl_diag_name(r.diags[i].code),
			       r.diags[i].offset);
		printf("\n#   want str_count=%u est_insns=%u pad_uncertain=%u kind=%s diag=%s\n",
		       t->str_count, t->est_insns, t->pad_uncertain,
		       asmtpl_kind_name(t->kind),
		       t->diag == NODIAG ? "none" : asmtpl_diag_name(t->diag));
	}
	asmtpl_ctx_free(ctx);
	return bad;
}

#define CHECK(cond, what)                                          \
	do {                                                       \
		int ok_ = (cond);                                  \
		printf("%s - %s\n", ok_ ? "ok" : "not ok", what);  \
		failures += !ok_;                                  \
	} while (0)

static int check_api(void)
{
	struct asmtpl_ctx *ctx = asmtpl_ctx_new(X86);
	struct asmtpl_result r;
	enum asmtpl_arch arch;
	int failures = 0;
	char many[2048];
	size_t n = 0;
	int i;

	/* A file-scope asm defines a macro that a later statement invokes. */
	CHECK(asmtpl_ctx_learn(ctx, ".macro clac3\n.byte 0x0f,0x01,0xca\n.endm", 40) == 0,
	      "learn a top-level macro");
	CHECK(asmtpl_analyze(ctx, "clac3\nclac3", 11, BAS, &r) == 0 &&
		      r.est_insns == 2 && r.ndiags == 0,
	      "learned macro expands (each .byte run decodes to one clac)");
	CHECK(asmtpl_analyze(ctx, "nop\0;;;;", 8, BAS, &r) == 0 &&
		      r.str_count == 1 && r.est_insns == 1,
	      "a NUL ends the template, as in GCC");
	CHECK(asmtpl_analyze(ctx, NULL, 3, BAS, &r) == ASMTPL_ERR_INVAL,
	      "NULL template with a length is rejected");
	CHECK(asmtpl_analyze(ctx, "nop", 3, (enum asmtpl_syntax)7, &r) ==
		      ASMTPL_ERR_INVAL,
	      "unknown syntax is rejected");
	CHECK(asmtpl_analyze(NULL, "nop", 3, BAS, &r) == ASMTPL_ERR_INVAL,
	      "NULL context is rejected");
	CHECK(asmtpl_ctx_new((enum asmtpl_arch)9) == NULL, "unknown arch has no context");
	CHECK(asmtpl_arch_parse("aarch64", &arch) == 0 && arch == A64,
	      "aarch64 parses as arm64");
	CHECK(asmtpl_arch_parse("mips", &arch) == ASMTPL_ERR_INVAL, "mips is refused");
	CHECK(asmtpl_arch_parse("i386", &arch) == 0 && arch == I386 &&
		      !strcmp(asmtpl_arch_name(arch), "i386") &&
		      asmtpl_arch_parse("i386-code16", &arch) == 0 && arch == I16 &&
		      !strcmp(asmtpl_arch_name(arch), "i386-code16"),
	      "i386 and i386-code16 parse and print");
	CHECK(asmtpl_str_count("a;b\nc", 5) == 3, "str_count of a;b\\nc");
	/* FNV-1a-64's published vectors; a hash continued is one hash. */
	CHECK(asmtpl_fnv1a(ASMTPL_FNV_OFFSET, "", 0) == 0xcbf29ce484222325ULL &&
		      asmtpl_fnv1a(ASMTPL_FNV_OFFSET, "a", 1) == 0xaf63dc4c8601ec8cULL &&
		      asmtpl_fnv1a(ASMTPL_FNV_OFFSET, "foobar", 6) == 0x85944171f73967e8ULL,
	      "fnv1a of \"\", \"a\" and \"foobar\"");
	CHECK(asmtpl_fnv1a(asmtpl_fnv1a(ASMTPL_FNV_OFFSET, "fooba", 5), "r", 1) ==
		      asmtpl_fnv1a(ASMTPL_FNV_OFFSET, "foobar", 6),
	      "fnv1a continued from a state is the hash of the whole");

	/* More sections and diagnostics than the result holds: counted. */
	for (i = 0; i < 12; i++)
		n += (size_t)snprintf(many + n, sizeof(many) - n,
				      ".pushsection .s%d\n.byte 0\n.byte 1\n.popsection\n.frob%d\n",
				      i, i);
	CHECK(asmtpl_analyze(ctx, many, n, BAS, &r) == 0 &&
		      r.nsections == ASMTPL_MAX_SECTIONS &&
		      r.sections_dropped == 12 - ASMTPL_MAX_SECTIONS &&
		      r.ndiags == ASMTPL_MAX_DIAGS &&
		      r.diags_dropped == 12 - ASMTPL_MAX_DIAGS,
	      "section and diagnostic overflow is counted once each, not lost silently");

	/* Expansion bombs stop at the limit with a diagnostic. */
	{
		const char *bomb = ".rept 100000\n.rept 100000\nnop\n.endr\n.endr";

		CHECK(asmtpl_analyze(ctx, bomb, strlen(bomb), BAS, &r) == 0 &&
			      r.ndiags >= 1 && r.diags[0].code == ASMTPL_DIAG_LIMIT,
		      "nested .rept bomb hits the statement limit");
	}
	{
		const char *rec = ".macro r\nr\n.endm\nr";

		CHECK(asmtpl_analyze(ctx, rec, strlen(rec), BAS, &r) == 0 &&
			      r.ndiags >= 1 && r.diags[0].code == ASMTPL_DIAG_LIMIT,
		      "recursive macro hits the nesting limit");
	}
	asmtpl_ctx_free(ctx);
	return failures;
}

static bool same_result(const struct asmtpl_result *a,
			const struct asmtpl_result *b)
{
	return !memcmp(a, b, sizeof(*a));
}

/*
 * The context remembers answers (memo.c): the same text again gives the
 * same answer, and a statement that changes the macros is neither
 * remembered nor answered from before the change.
 */
static int check_memo(void)
{
	struct asmtpl_ctx *ctx = asmtpl_ctx_new(X86);
	struct asmtpl_ctx *fresh = asmtpl_ctx_new(X86);
	struct asmtpl_result r1, r2, rf;
	const char *def = ".macro two\nud2\nud2\n.endm\ntwo";
	int failures = 0;

	memset(&r1, 0xa5, sizeof(r1));
	memset(&r2, 0x5a, sizeof(r2));
	memset(&rf, 0x3c, sizeof(rf));
	CHECK(asmtpl_analyze(ctx, "1:\tnop\n.pushsection .s,\"a\"\n.long 1b\n.popsection",
			     47, EXT, &r1) == 0 &&
		      asmtpl_analyze(ctx, "1:\tnop\n.pushsection .s,\"a\"\n.long 1b\n.popsection",
				     47, EXT, &r2) == 0 &&
		      same_result(&r1, &r2) && r1.est_insns == 1 && r1.nsections == 1,
	      "memo: the same template twice, the same answer");
	CHECK(asmtpl_analyze(ctx, "nop\0x", 5, BAS, &r1) == 0 &&
		      asmtpl_analyze(ctx, "nop\0y;", 6, BAS, &r2) == 0 &&
		      same_result(&r1, &r2) && r2.str_count == 1,
	      "memo: keyed on the C string, as the analysis is");
	CHECK(asmtpl_analyze(ctx, "two", 3, BAS, &r1) == 0 &&
		      asmtpl_analyze(fresh, "two", 3, BAS, &rf) == 0 &&
		      same_result(&r1, &rf),
	      "memo: 'two' before its macro exists");
	CHECK(asmtpl_analyze(ctx, def, strlen(def), BAS, &r1) == 0 &&
		      r1.est_insns == 2 && r1.ndiags == 0,
	      "memo: a statement defines a macro and invokes it");
	CHECK(asmtpl_analyze(ctx, def, strlen(def), BAS, &r2) == 0 &&
		      r2.ndiags == 1 &&
		      r2.diags[0].code == ASMTPL_DIAG_MACRO_REDEFINED,
	      "memo: the defining statement again is analysed again (gas keeps the first)");
	CHECK(asmtpl_analyze(ctx, "two", 3, BAS, &r1) == 0 && r1.est_insns == 2,
	      "memo: 'two' after the definition is not the answer from before");
	CHECK(asmtpl_analyze(ctx, ".purgem two", 11, BAS, &r1) == 0 &&
		      r1.ndiags == 0 &&
		      asmtpl_analyze(ctx, "two", 3, BAS, &r2) == 0 &&
		      same_result(&r2, &rf),
	      "memo: after .purgem, 'two' is what it was before the definition");
	CHECK(asmtpl_analyze(ctx, ".purgem two", 11, BAS, &r1) == 0 &&
		      r1.ndiags == 1 && r1.diags[0].code == ASMTPL_DIAG_UNKNOWN_MACRO,
	      "memo: .purgem of a purged macro is an unknown macro");
	asmtpl_ctx_free(fresh);
	asmtpl_ctx_free(ctx);

	/*
	 * The memo sees through renamed numeric labels (6.1's
	 * annotate_unreachable(), numbered by __COUNTER__), and does not take
	 * two labels for one: "1: 2: .rept 2b-1b" is not "1: 1: .rept 1b-1b".
	 */
	ctx = asmtpl_ctx_new(X86);
	fresh = asmtpl_ctx_new(X86);
	asmtpl_ctx_set_memo(fresh, 0);
	{
		const char *t1 = "336:\n\t.pushsection .discard.unreachable\n\t.long 336b - .\n\t.popsection\n\t";
		const char *t2 = "971:\n\t.pushsection .discard.unreachable\n\t.long 971b - .\n\t.popsection\n\t";
		const char *d1 = "1: ud2\n2: ud2; ud2; ud2\n.rept 2b - 1b\nud2\n.endr\n";
		const char *d2 = "5: ud2\n5: ud2; ud2; ud2\n.rept 5b - 5b\nud2\n.endr\n";
		const char *d3 = "7: ud2\n4: ud2; ud2; ud2\n.rept 4b - 7b\nud2\n.endr\n";

		CHECK(asmtpl_analyze(ctx, t1, strlen(t1), EXT, &r1) == 0 &&
			      asmtpl_analyze(ctx, t2, strlen(t2), EXT, &r2) == 0 &&
			      asmtpl_analyze(fresh, t2, strlen(t2), EXT, &rf) == 0 &&
			      same_result(&r2, &rf) && r2.est_insns == 0 &&
			      r2.nsections == 1,
		      "memo: 336: ... 336b answers 971: ... 971b as a fresh analysis does");
		CHECK(asmtpl_analyze(ctx, d1, strlen(d1), BAS, &r1) == 0 &&
			      asmtpl_analyze(ctx, d2, strlen(d2), BAS, &r2) == 0 &&
			      asmtpl_analyze(fresh, d2, strlen(d2), BAS, &rf) == 0 &&
			      same_result(&r2, &rf) && r1.est_insns == 6 &&
			      r2.est_insns == 4,
		      "memo: two label names are not one");
		CHECK(asmtpl_analyze(ctx, d3, strlen(d3), BAS, &r2) == 0 &&
			      asmtpl_analyze(fresh, d3, strlen(d3), BAS, &rf) == 0 &&
			      same_result(&r2, &rf) && same_result(&r1, &r2),
		      "memo: 7: 4: ... 4b - 7b is 1: 2: ... 2b - 1b renamed");
	}
	asmtpl_ctx_free(fresh);
	asmtpl_ctx_free(ctx);

	/*
	 * A top-level .code16gcc (GCC -m16 prints one first; old kernels
	 * wrote asm(".code16gcc")) holds for later statements, and the memo
	 * forgets what it answered in 32-bit code.
	 */
	ctx = asmtpl_ctx_new(I386);
	CHECK(asmtpl_analyze(ctx, ".byte 0xb8,1,0,0,0", 18, BAS, &r1) == 0 &&
		      r1.est_insns == 1 &&
		      asmtpl_ctx_learn(ctx, ".code16gcc", 10) == 0 &&
		      asmtpl_analyze(ctx, ".byte 0xb8,1,0,0,0", 18, BAS, &r2) == 0 &&
		      r2.est_insns == 2 && r2.ndiags == 0,
	      "memo: a learned .code16gcc holds for later statements");
	CHECK(asmtpl_analyze(ctx, ".code32\n.byte 0xb8,1,0,0,0\n.code16gcc", 37,
			     BAS, &r1) == 0 && r1.est_insns == 1 && r1.ndiags == 0 &&
		      asmtpl_analyze(ctx, ".byte 0xb8,1,0,0,0", 18, BAS, &r2) == 0 &&
		      r2.est_insns == 2,
	      "a .code directive in a statement holds for that statement only");
	asmtpl_ctx_free(ctx);
	return failures;
}

int main(void)
{
	size_t i;
	int failures = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		failures += check_case(&cases[i]);
	failures += check_api();
	failures += check_memo();
	printf("%s: %d failed\n", failures ? "FAIL" : "PASS", failures);
	return failures ? 1 : 0;
}
