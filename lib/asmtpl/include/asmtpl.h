/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asmtpl — a model of a GNU as inline-asm template.
 *
 * Given the template of one asm statement as GCC holds it (the C string
 * already parsed, operands not yet substituted) and a target, asmtpl tells
 *   - str_count: what GCC 12's asm_str_count() gives it (1 + every '\n' +
 *     every ';', 0 for an empty template), the base of the inliner's charge;
 *   - est_insns: the machine instructions the assembler puts into the
 *     section that is current when the statement starts (the function's own
 *     code), as a disassembler would count them, runs of 1-byte NOPs
 *     counting as one;
 *   - the other sections the statement writes to, and a kind derived from
 *     them (alternative, lock-prefix, extable, ...);
 *   - diagnostics, with template offsets, for everything it cannot model.
 *
 * Invariants: pure C11, no I/O, no global state; any byte sequence is valid
 * input; nothing is read outside [tpl, tpl + len); every allocation is
 * checked (ASMTPL_ERR_NOMEM).  This header is included by the C++ plugin,
 * so it uses no identifier with a double underscore.
 */
#ifndef ASMTPL_H
#define ASMTPL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The target: what the assembler is given.  The three x86 values are one
 * instruction set assembled for three code sizes, which changes how a
 * run of .byte splits into instructions (0x40-0x4f are REX prefixes in
 * 64-bit code, inc/dec in 32- and 16-bit code; the default operand and
 * address sizes) and how long a call or jump is:
 *   ASMTPL_ARCH_X86_64       64-bit code: gcc -m64 (and -mx32), as --64;
 *   ASMTPL_ARCH_I386         32-bit code: gcc -m32, as --32;
 *   ASMTPL_ARCH_I386_CODE16  gcc -m16: as --32 after the ".code16gcc"
 *                            GCC prints at the top of its output.
 * A .code64/.code32/.code16/.code16gcc directive in a template changes
 * the code size for the rest of that template, as in gas; one in a
 * top-level asm given to asmtpl_ctx_learn() for every later statement.
 */
enum asmtpl_arch {
	ASMTPL_ARCH_X86_64,
	ASMTPL_ARCH_ARM64,
	ASMTPL_ARCH_I386,
	ASMTPL_ARCH_I386_CODE16,
};

/*
 * What a statement does besides its own instructions, decided from the
 * sections it writes to.  When it writes to several, the first of this
 * list wins (an ALTERNATIVE whose replacement holds a LOCK_PREFIX is an
 * alternative).
 */
enum asmtpl_kind {
	ASMTPL_KIND_PLAIN,		/* writes only to the function's section */
	ASMTPL_KIND_ALTERNATIVE,	/* .altinstructions / .altinstr_replacement */
	ASMTPL_KIND_JUMP_TABLE,		/* __jump_table */
	ASMTPL_KIND_STATIC_CALL,	/* .static_call_sites */
	ASMTPL_KIND_BUG_TABLE,		/* __bug_table */
	ASMTPL_KIND_EXTABLE,		/* __ex_table */
	ASMTPL_KIND_LOCK_PREFIX,	/* .smp_locks */
	ASMTPL_KIND_OTHER_SECTION,	/* any other section */
	ASMTPL_KIND_COUNT_
};

enum asmtpl_diag_code {
	ASMTPL_DIAG_UNBALANCED_POP,	  /* .popsection with nothing pushed */
	ASMTPL_DIAG_UNCLOSED_PUSH,	  /* ends inside a .pushsection */
	ASMTPL_DIAG_ENDS_IN_OTHER_SECTION, /* ends in another section than it began */
	ASMTPL_DIAG_UNTERMINATED_STRING,
	ASMTPL_DIAG_UNTERMINATED_COMMENT,
	ASMTPL_DIAG_UNTERMINATED_BLOCK,	  /* .macro/.rept/.irp/.if without its end */
	ASMTPL_DIAG_STRAY_END,		  /* .endm/.endr/.endif/.else without start */
	ASMTPL_DIAG_UNKNOWN_MACRO,	  /* invocation of a purged or undefined macro */
	ASMTPL_DIAG_UNKNOWN_DIRECTIVE,	  /* assumed to emit nothing */
	ASMTPL_DIAG_UNEVALUATED_CONDITION, /* .if on an unknown value: taken as true */
	ASMTPL_DIAG_UNEVALUATED_COUNT,	  /* .rept/.fill/.skip count unknown */
	ASMTPL_DIAG_OPERAND_STATEMENT,	  /* a whole statement is an operand (%0) */
	ASMTPL_DIAG_PREVIOUS_WITHOUT_SECTION, /* .previous with no previous section */
	ASMTPL_DIAG_TEXT_SECTION,	  /* explicit .text: assumed not the function's section */
	ASMTPL_DIAG_DATA_FILL,		  /* non-NOP fill in code: disassembly count guessed */
	ASMTPL_DIAG_LIMIT,		  /* expansion, nesting or table limit reached */
	ASMTPL_DIAG_MACRO_REDEFINED,	  /* .macro of a defined name: gas keeps the first */
	ASMTPL_DIAG_ENDS_IN_OTHER_CODE_SIZE, /* x86: a .code not undone */
	ASMTPL_DIAG_COUNT_
};

struct asmtpl_diag {
	enum asmtpl_diag_code code;
	size_t offset;			/* byte offset in the template */
};

#define ASMTPL_MAX_SECTIONS 8
#define ASMTPL_SECTION_NAME_MAX 64
#define ASMTPL_MAX_DIAGS 8

struct asmtpl_result {
	unsigned str_count;		/* GCC's asm_str_count(), uncapped */
	unsigned est_insns;		/* instructions in the function's section */
	unsigned other_insns;		/* instructions put into other sections */
	/*
	 * Padding whose size the template does not fix (an ALTERNATIVE's
	 * .skip when the lengths of the original and the replacement cannot be
	 * compared, .balign in code).  Counted as no instruction in est_insns;
	 * each such directive adds one here, so a reader knows est_insns may
	 * be short by up to this many NOPs.
	 */
	unsigned pad_uncertain;
	enum asmtpl_kind kind;
	unsigned nsections;		/* other sections written, in first-use order */
	unsigned sections_dropped;	/* beyond ASMTPL_MAX_SECTIONS */
	char sections[ASMTPL_MAX_SECTIONS][ASMTPL_SECTION_NAME_MAX];
	unsigned ndiags;
	unsigned diags_dropped;		/* beyond ASMTPL_MAX_DIAGS */
	struct asmtpl_diag diags[ASMTPL_MAX_DIAGS];
};

enum asmtpl_syntax {
	/* An asm with operands: GCC expands %%, %=, {a|b} dialects, %N. */
	ASMTPL_SYNTAX_EXTENDED,
	/* A basic asm (no colon): the template reaches the assembler as is. */
	ASMTPL_SYNTAX_BASIC,
};

/* Return values of the functions below. */
#define ASMTPL_OK 0
#define ASMTPL_ERR_NOMEM (-1)
#define ASMTPL_ERR_INVAL (-2)

/*
 * A context carries what persists between statements of one translation
 * unit: the macros that top-level asm (asm(".macro ...") at file scope)
 * defines and later statements invoke, and on x86 the code size a
 * top-level .code directive sets.  It is owned by the caller.
 */
struct asmtpl_ctx;

struct asmtpl_ctx *asmtpl_ctx_new(enum asmtpl_arch arch);
void asmtpl_ctx_free(struct asmtpl_ctx *ctx);

/*
 * Feed a top-level (file-scope) asm to the context so its .macro
 * definitions, .purgem and (x86) .code directives hold for later
 * statements.
 */
int asmtpl_ctx_learn(struct asmtpl_ctx *ctx, const char *tpl, size_t len);

/*
 * Whether the context takes its shortcuts (on by default): answering a
 * template from its memo of earlier answers, and learning a file-scope asm
 * that cannot change it without running it.  Off, every statement is
 * analysed afresh, which is what the tests compare the shortcuts against.
 */
void asmtpl_ctx_set_memo(struct asmtpl_ctx *ctx, int on);

/* Analyse one statement.  Fills *res completely on ASMTPL_OK. */
int asmtpl_analyze(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		   enum asmtpl_syntax syntax, struct asmtpl_result *res);

/* GCC 12's asm_str_count(): 1 + each '\n' + each ';', 0 when len is 0. */
unsigned asmtpl_str_count(const char *tpl, size_t len);

/*
 * FNV-1a-64 of n bytes at p, continued from h (ASMTPL_FNV_OFFSET to
 * start): the memo's hash, and the plugin's for fingerprints and ids.
 */
#define ASMTPL_FNV_OFFSET 0xcbf29ce484222325ULL
#define ASMTPL_FNV_PRIME 0x100000001b3ULL
uint64_t asmtpl_fnv1a(uint64_t h, const void *p, size_t n);

const char *asmtpl_arch_name(enum asmtpl_arch arch);
int asmtpl_arch_parse(const char *name, enum asmtpl_arch *arch);
const char *asmtpl_kind_name(enum asmtpl_kind kind);
const char *asmtpl_diag_name(enum asmtpl_diag_code code);

#ifdef __cplusplus
}
#endif

#endif /* ASMTPL_H */
