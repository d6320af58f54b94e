/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of asmtpl: the growable buffers, the cleaned
 * statement text the scanner hands to the interpreter, and the value type
 * of the expression evaluator.
 *
 * Invariant: text handed between stages is "clean": one GAS statement per
 * '\n'-terminated line, comments removed, statement separators turned into
 * '\n' (outside strings), and every byte carries the offset in the original
 * template it came from, so diagnostics point into what the user wrote.
 */
#ifndef ASMTPL_INTERNAL_H
#define ASMTPL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "asmtpl.h"

/* Bounds that keep hostile input linear. */
/* Elements of an array (not of a pointer). */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define ASMTPL_MAX_STATEMENTS 20000	/* executed statements per analysis */
#define ASMTPL_MAX_LABELS 8192		/* label and symbol definitions per pass */
#define ASMTPL_MAX_NESTING 32		/* macro/rept/if nesting */
#define ASMTPL_MAX_SECTION_STACK 32
#define ASMTPL_MAX_PASSES 4

/* Text with the template offset of each byte. */
struct asmtpl_text {
	char *s;
	size_t *off;
	size_t len;
	size_t cap;
};

/* Room for extra more bytes and a NUL; ASMTPL_ERR_NOMEM leaves t as it was. */
int asmtpl_text_reserve(struct asmtpl_text *t, size_t extra);

/* One byte: inline, the stages push every byte of every template. */
static inline int asmtpl_text_push(struct asmtpl_text *t, char c, size_t off)
{
	if (t->len + 2 > t->cap && asmtpl_text_reserve(t, 1))
		return ASMTPL_ERR_NOMEM;
	t->s[t->len] = c;
	t->off[t->len] = off;
	t->len++;
	t->s[t->len] = '\0';
	return ASMTPL_OK;
}

int asmtpl_text_append(struct asmtpl_text *t, const char *s, size_t n,
		       size_t off);
void asmtpl_text_free(struct asmtpl_text *t);

/* Collects diagnostics into a result, dropping (and counting) overflow. */
void asmtpl_diag_add(struct asmtpl_result *res, enum asmtpl_diag_code code,
		     size_t offset);

/*
 * Stage 1: what GCC's final.c output_asm_insn() does to an extended asm
 * before the assembler sees it: "%%" -> "%", "%=" -> a number, x86 dialect
 * alternatives "{att|intel}" -> "att", "%{" "%|" "%}" -> the character.
 * Operand references (%0, %c1, %[name], %l[label]) are kept verbatim; the
 * later stages treat them as values they cannot know.
 */
int asmtpl_gcc_expand(enum asmtpl_arch arch, const char *tpl, size_t len,
		      struct asmtpl_text *out);

/* Copies a template verbatim (basic asm). */
int asmtpl_text_from(const char *tpl, size_t len, struct asmtpl_text *out);

/*
 * Stage 2: what GNU as's input scrubber does: remove comments ('#' on
 * x86-64 anywhere outside strings; '//' and a leading '#' on arm64; C
 * comments on both), keep string and character literals intact, and turn
 * ';' separators into newlines.
 */
int asmtpl_scrub(enum asmtpl_arch arch, const struct asmtpl_text *in,
		 struct asmtpl_text *out, struct asmtpl_result *res);

/*
 * An assembler value: absolute (sec < 0) or a position in section sec;
 * [lo, hi] bounds it.  known is false when nothing bounds it.
 */
struct asmtpl_value {
	int sec;
	bool known;
	int64_t lo, hi;
};

/* Resolves a symbol or local label reference for the evaluator. */
typedef struct asmtpl_value (*asmtpl_symbol_fn)(void *arg, const char *name,
						 size_t len);

struct asmtpl_value asmtpl_value_exact(int64_t v);
struct asmtpl_value asmtpl_value_unknown(void);
bool asmtpl_value_is_exact(struct asmtpl_value v);

/*
 * Evaluates a GAS expression in s[0..len).  Comparisons give -1 for true,
 * as GNU as does.  Stops at a top-level ',' and stores where in *end.
 */
struct asmtpl_value asmtpl_expr_eval(const char *s, size_t len, size_t *end,
				     asmtpl_symbol_fn sym, void *arg);

/* Inline: the scanners ask it of every byte of a name. */
static inline bool asmtpl_is_symbol_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

/* Macro table (macro.c). */
struct asmtpl_macro;
struct asmtpl_macros {
	struct asmtpl_macro **v;
	size_t n, cap;
};

#define ASMTPL_MAX_MACROS 1024
#define ASMTPL_MACRO_EXISTS 1	/* defined already (or the table is full) */

struct asmtpl_macro *asmtpl_macros_find(const struct asmtpl_macros *m,
					const char *name, size_t len);
int asmtpl_macros_define(struct asmtpl_macros *m, const char *header,
			 size_t hlen, const char *body, size_t blen);
bool asmtpl_macros_purge(struct asmtpl_macros *m, const char *name,
			 size_t len);
int asmtpl_macros_copy(struct asmtpl_macros *dst,
		       const struct asmtpl_macros *src);
void asmtpl_macros_free(struct asmtpl_macros *m);

/*
 * Expands one invocation: args is the text after the macro name.  The
 * result is clean text (one statement per line); *counter feeds "\@".
 */
int asmtpl_macro_expand(const struct asmtpl_macro *mac, const char *args,
			size_t alen, unsigned long counter, char **out,
			size_t *outlen);

/*
 * Lowercase compare of a token with a NUL-terminated lowercase word.
 * Inline: the directive tables ask it dozens of times per directive, and
 * almost every answer is a first letter that differs.
 */
static inline bool asmtpl_word_eq(const char *s, size_t len, const char *word)
{
	size_t i;

	for (i = 0; i < len; i++) {
		char c = s[i];

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (word[i] == '\0' || word[i] != c)
			return false;
	}
	return word[len] == '\0';
}
/* Is d (n bytes) one of the NULL-terminated list's words? */
bool asmtpl_word_in_list(const char *const *list, const char *d, size_t n);

/* Kind and section bookkeeping (kind.c). */
enum asmtpl_kind asmtpl_kind_of_section(const char *name);
void asmtpl_note_section(struct asmtpl_result *res, const char *name);

/*
 * The x86 code size gas assembles for: what the architecture starts in
 * (x86_64 64-bit, i386 32-bit, i386-code16 the ".code16gcc" GCC -m16
 * prints first) until a .code64/.code32/.code16/.code16gcc directive
 * changes it.  .code16gcc is 16-bit code whose suffix-less stack
 * instructions (call, ret, push, pushf, leave) gas makes 32-bit.
 */
enum asmtpl_x86_mode {
	ASMTPL_X86_CODE64,
	ASMTPL_X86_CODE32,
	ASMTPL_X86_CODE16,
	ASMTPL_X86_CODE16GCC,
};

static inline bool asmtpl_arch_is_x86(enum asmtpl_arch arch)
{
	return arch == ASMTPL_ARCH_X86_64 || arch == ASMTPL_ARCH_I386 ||
	       arch == ASMTPL_ARCH_I386_CODE16;
}

/* x86 instruction lengths (x86len.c). */
#define ASMTPL_X86_OK 0
#define ASMTPL_X86_SHORT 1	/* the bytes end inside the instruction */
#define ASMTPL_X86_UNKNOWN 2	/* a byte the length depends on is not known */

int asmtpl_x86_decode(enum asmtpl_x86_mode mode, const uint8_t *b,
		      const uint8_t *known, size_t n, size_t *len);
void asmtpl_x86_text_bounds(enum asmtpl_x86_mode mode, const char *mn,
			    size_t mlen, const char *ops, size_t olen,
			    unsigned prefixes, bool target_other_section,
			    int64_t *lo, int64_t *hi);

/* Answers already given, for the context's current macros (memo.c). */
struct asmtpl_memo_entry;
struct asmtpl_memo {
	struct asmtpl_memo_entry *v;	/* open addressing, cap a power of 2 */
	size_t cap, n;
	unsigned long gen;		/* the state_gen they hold for */
};

/* The interpreter (interp.c). */
struct asmtpl_ctx {
	enum asmtpl_arch arch;
	struct asmtpl_macros macros;
	/*
	 * x86: the code size every statement starts in: the architecture's,
	 * or what a .code directive in top-level asm made it (gas keeps it
	 * for the rest of the file).
	 */
	enum asmtpl_x86_mode x86_mode;
	/*
	 * Bumped by every change to what later statements see: a .macro or
	 * .purgem that changes the table (not the interpreter's own .irp
	 * helper, defined and purged again), a learned .code directive.
	 */
	unsigned long state_gen;
	/*
	 * Set by the interpreter when a statement invokes a macro of the
	 * table (interp.c); asmtpl_analyze() clears it first.  A macro's
	 * body is text the template does not spell: its answer is not
	 * remembered under a label-normalised key (memo.c).
	 */
	bool macro_used;
	bool memo_off;			/* asmtpl_ctx_set_memo(): no shortcut */
	struct asmtpl_memo memo;
};

/*
 * A remembered answer for this text and syntax, or for one that differs
 * from it only in the names of its numeric local labels, into *res.
 */
bool asmtpl_memo_find(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		      enum asmtpl_syntax syntax, struct asmtpl_result *res);
/*
 * Remember an answer (of an analysis that left the macros unchanged);
 * macro_used: the statement invoked a macro of the context.
 */
void asmtpl_memo_add(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		     enum asmtpl_syntax syntax, const struct asmtpl_result *res,
		     bool macro_used);
void asmtpl_memo_free(struct asmtpl_memo *m);

/* interp.c: run the cleaned template (learn_only: file-scope asm). */
int asmtpl_interpret(struct asmtpl_ctx *ctx, const struct asmtpl_text *clean,
		     enum asmtpl_syntax syntax, struct asmtpl_result *res,
		     bool learn_only);

#endif /* ASMTPL_INTERNAL_H */
