// SPDX-License-Identifier: GPL-2.0
/*
 * The public entry points: contexts and asmtpl_analyze(), which runs the
 * three stages (GCC's operand expansion, gas's scrubber, the interpreter)
 * on one template, or answers from the context's memo (memo.c) when it
 * has analysed the same text in the same state (macros, x86 code size)
 * before.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct asmtpl_ctx *asmtpl_ctx_new(enum asmtpl_arch arch)
{
	struct asmtpl_ctx *ctx;

	if (arch != ASMTPL_ARCH_ARM64 && !asmtpl_arch_is_x86(arch))
		return NULL;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	ctx->arch = arch;
	if (arch == ASMTPL_ARCH_I386)
		ctx->x86_mode = ASMTPL_X86_CODE32;
	else if (arch == ASMTPL_ARCH_I386_CODE16)
		ctx->x86_mode = ASMTPL_X86_CODE16GCC;
	else
		ctx->x86_mode = ASMTPL_X86_CODE64;
	return ctx;
}

void asmtpl_ctx_free(struct asmtpl_ctx *ctx)
{
	if (!ctx)
		return;
	asmtpl_macros_free(&ctx->macros);
	asmtpl_memo_free(&ctx->memo);
	free(ctx);
}

/* GCC's template is a C string: nothing after a NUL reaches anyone. */
static size_t c_length(const char *tpl, size_t len)
{
	const char *nul = tpl ? memchr(tpl, '\0', len) : NULL;

	return nul ? (size_t)(nul - tpl) : (tpl ? len : 0);
}

static int run(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
	       enum asmtpl_syntax syntax, struct asmtpl_result *res,
	       bool learn_only)
{
	struct asmtpl_text expanded = { 0 }, clean = { 0 };
	int err;

	len = c_length(tpl, len);
	if (syntax == ASMTPL_SYNTAX_EXTENDED)
		err = asmtpl_gcc_expand(ctx->arch, tpl, len, &expanded);
	else
		err = asmtpl_text_from(tpl, len, &expanded);
	if (!err)
		err = asmtpl_scrub(ctx->arch, &expanded, &clean, res);
	if (!err)
		err = asmtpl_interpret(ctx, &clean, syntax, res, learn_only);
	asmtpl_text_free(&expanded);
	asmtpl_text_free(&clean);
	return err;
}

/* needle (lowercase) at s (n bytes left), letters in any case. */
static bool word_at_ci(const char *s, size_t n, const char *needle)
{
	size_t k = 0;

	while (needle[k] && k < n && (s[k] | 0x20) == needle[k])
		k++;
	return !needle[k];
}

/*
 * "macro", "purgem" or "code" in tpl[0..len), letters in any case: one
 * walk, a word tried where its first letter is.
 */
static bool has_learn_word(const char *tpl, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		const char *w;

		switch (tpl[i] | 0x20) {
		case 'm':
			w = "macro";
			break;
		case 'p':
			w = "purgem";
			break;
		case 'c':
			w = "code";
			break;
		default:
			continue;
		}
		if (word_at_ci(tpl + i, len - i, w))
			return true;
	}
	return false;
}

/*
 * What a file-scope asm can change in the context: its macros (.macro,
 * .purgem, or a macro it invokes that does either) and on x86 the code
 * size (.code16, .code16gcc, .code32, .code64).  gas reads directive
 * names in any case.  A statement that spells none of those words while
 * the context has no macro to invoke changes nothing: most of a kernel
 * unit's top-level asm (6.12's EXPORT_SYMBOL, __ADDRESSABLE) is learnt
 * without running it.  With the memo off, every statement is run.
 */
static bool learn_can_change(const struct asmtpl_ctx *ctx, const char *tpl,
			     size_t len)
{
	return ctx->memo_off || ctx->macros.n || has_learn_word(tpl, len);
}

int asmtpl_ctx_learn(struct asmtpl_ctx *ctx, const char *tpl, size_t len)
{
	struct asmtpl_result scratch;

	if (!ctx || (!tpl && len))
		return ASMTPL_ERR_INVAL;
	if (!learn_can_change(ctx, tpl, c_length(tpl, len)))
		return ASMTPL_OK;
	memset(&scratch, 0, sizeof(scratch));
	/* File-scope asm is basic asm: GCC passes it through untouched. */
	return run(ctx, tpl, len, ASMTPL_SYNTAX_BASIC, &scratch, true);
}

void asmtpl_ctx_set_memo(struct asmtpl_ctx *ctx, int on)
{
	if (ctx)
		ctx->memo_off = !on;
}

int asmtpl_analyze(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		   enum asmtpl_syntax syntax, struct asmtpl_result *res)
{
	unsigned long gen;
	int err;

	if (!ctx || !res || (!tpl && len) ||
	    (syntax != ASMTPL_SYNTAX_EXTENDED && syntax != ASMTPL_SYNTAX_BASIC))
		return ASMTPL_ERR_INVAL;
	/* Everything below depends on the C string only (and the state). */
	len = c_length(tpl, len);
	if (!ctx->memo_off && asmtpl_memo_find(ctx, tpl, len, syntax, res))
		return ASMTPL_OK;
	gen = ctx->state_gen;
	ctx->macro_used = false;
	memset(res, 0, sizeof(*res));
	res->str_count = asmtpl_str_count(tpl, len);
	err = run(ctx, tpl, len, syntax, res, false);
	/* A statement that changes the state is not a pure function. */
	if (!err && ctx->state_gen == gen && !ctx->memo_off)
		asmtpl_memo_add(ctx, tpl, len, syntax, res, ctx->macro_used);
	return err;
}
