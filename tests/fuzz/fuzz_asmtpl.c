// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for lib/asmtpl.  The first input byte picks the target
 * (bits 0 and 3: x86_64, arm64, i386, i386-code16), the syntax (bit 1)
 * and whether the rest is first learned as a file-scope asm (bit 2); the
 * rest is the template.  Besides "no crash, no
 * out-of-bounds read" (ASan) it checks what must hold for any input: the
 * str_count replica agrees with a naive count, the result's tables stay in
 * bounds and NUL-terminated, and the analysis is deterministic.  And the
 * context's memo, which also answers a template from one that differs
 * only in the names of its numeric local labels ("336:" ... "336b" against
 * "337:" ... "337b", lib/asmtpl/src/memo.c), answers exactly what a
 * context with its memo off does: the input, then two copies of it with
 * the label names renamed (a bijection on the names of each length that
 * keeps every byte offset) and one with them merged, are analysed by
 * both, field by field.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asmtpl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const enum asmtpl_arch fuzz_arch[4] = {
	ASMTPL_ARCH_X86_64, ASMTPL_ARCH_ARM64, ASMTPL_ARCH_I386,
	ASMTPL_ARCH_I386_CODE16,
};

static unsigned naive_count(const char *s, size_t n)
{
	unsigned c = 1;
	size_t i;

	if (!n || !s[0])
		return 0;
	for (i = 0; i < n && s[i]; i++)
		c += s[i] == '\n' || s[i] == ';';
	return c;
}

static int name_char(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$' ||
	       c == '%' || c == '@' || c == '\\';
}

/*
 * out: tpl with every digit run that reads as a numeric label's name (not
 * inside a name, followed by ':' or by b/f and no name character) renamed
 * by v -> first + (v - first + shift) mod range among the names of its
 * length: a bijection, so two names stay two; or, with merge, every name
 * of a length to the same one, a template that may mean something else
 * (the memo must not take one for the other).  Written apart from
 * memo.c's normaliser, and looser: it renames where memo.c declines.
 * Returns how many digit runs it renamed.
 */
static unsigned rename_labels(const char *tpl, size_t n, char *out,
			      unsigned long long shift, int merge)
{
	unsigned renamed = 0;
	size_t i, j, k;

	memcpy(out, tpl, n);
	for (i = 0; i < n; i = j > i ? j : i + 1) {
		unsigned long long v = 0, first = 1, range;
		unsigned char c, after;

		j = i;
		if (tpl[i] < '0' || tpl[i] > '9' ||
		    (i && name_char((unsigned char)tpl[i - 1])))
			continue;
		while (j < n && tpl[j] >= '0' && tpl[j] <= '9')
			j++;
		if (j - i > 15 || (j - i > 1 && tpl[i] == '0'))
			continue;
		c = j < n ? (unsigned char)tpl[j] : 0;
		after = j + 1 < n ? (unsigned char)tpl[j + 1] : 0;
		if (c != ':' && !((c == 'b' || c == 'f') && !name_char(after)))
			continue;
		for (k = i; k < j; k++)
			v = v * 10 + (unsigned)(tpl[k] - '0');
		for (k = i + 1; k < j; k++)
			first *= 10;
		if (j - i == 1)
			first = 0;
		range = j - i == 1 ? 10 : 9 * first;
		v = merge ? first : first + (v - first + shift) % range;
		for (k = j; k-- > i; v /= 10)
			out[k] = (char)('0' + v % 10);
		renamed++;
	}
	return renamed;
}

static int same_answer(const struct asmtpl_result *a,
		       const struct asmtpl_result *b)
{
	unsigned i;

	if (a->str_count != b->str_count || a->est_insns != b->est_insns ||
	    a->other_insns != b->other_insns ||
	    a->pad_uncertain != b->pad_uncertain || a->kind != b->kind ||
	    a->nsections != b->nsections ||
	    a->sections_dropped != b->sections_dropped ||
	    a->ndiags != b->ndiags || a->diags_dropped != b->diags_dropped)
		return 0;
	for (i = 0; i < a->nsections && i < ASMTPL_MAX_SECTIONS; i++)
		if (strcmp(a->sections[i], b->sections[i]))
			return 0;
	for (i = 0; i < a->ndiags && i < ASMTPL_MAX_DIAGS; i++)
		if (a->diags[i].code != b->diags[i].code ||
		    a->diags[i].offset != b->diags[i].offset)
			return 0;
	return 1;
}

/*
 * The input and then two renamed copies of it, analysed by a context with
 * its memo on and one with it off, which went through the same statements:
 * the same answers.
 */
static void check_memo(enum asmtpl_arch arch, int learn,
		       enum asmtpl_syntax syntax, const char *tpl, size_t size)
{
	struct asmtpl_result warm, cold;
	struct asmtpl_ctx *ctx[2];
	char *text[4];
	unsigned renamed;
	int rc[2];

	text[0] = (char *)tpl;
	text[1] = malloc(size ? size : 1);
	text[2] = malloc(size ? size : 1);
	text[3] = malloc(size ? size : 1);
	if (!text[1] || !text[2] || !text[3])
		abort();
	renamed = rename_labels(tpl, size, text[1], 1, 0);
	rename_labels(tpl, size, text[2], 4242, 0);
	rename_labels(tpl, size, text[3], 0, 1);
	for (int c = 0; c < 2; c++) {
		ctx[c] = asmtpl_ctx_new(arch);
		if (!ctx[c])
			abort();
		asmtpl_ctx_set_memo(ctx[c], c == 0);
		if (learn)
			(void)asmtpl_ctx_learn(ctx[c], tpl, size);
	}
	for (int t = 0; t < (renamed ? 4 : 1); t++) {
		memset(&warm, 0, sizeof(warm));
		memset(&cold, 0, sizeof(cold));
		rc[0] = asmtpl_analyze(ctx[0], text[t], size, syntax, &warm);
		rc[1] = asmtpl_analyze(ctx[1], text[t], size, syntax, &cold);
		if (rc[0] != rc[1] || (!rc[0] && !same_answer(&warm, &cold)))
			abort();
	}
	asmtpl_ctx_free(ctx[0]);
	asmtpl_ctx_free(ctx[1]);
	free(text[1]);
	free(text[2]);
	free(text[3]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct asmtpl_result a, b;
	struct asmtpl_ctx *ctx;
	const char *tpl;
	unsigned i;
	uint8_t mode;

	if (size < 1)
		return 0;
	mode = data[0];
	tpl = (const char *)data + 1;
	size--;
	ctx = asmtpl_ctx_new(fuzz_arch[(mode & 1) | ((mode >> 2) & 2)]);
	if (!ctx)
		abort();
	if (mode & 4)
		(void)asmtpl_ctx_learn(ctx, tpl, size);
	if (asmtpl_analyze(ctx, tpl, size, mode & 2 ? ASMTPL_SYNTAX_BASIC :
						      ASMTPL_SYNTAX_EXTENDED, &a))
		goto out;
	if (a.str_count != naive_count(tpl, size))
		abort();
	if (a.nsections > ASMTPL_MAX_SECTIONS || a.ndiags > ASMTPL_MAX_DIAGS)
		abort();
	for (i = 0; i < a.nsections; i++)
		if (!memchr(a.sections[i], '\0', ASMTPL_SECTION_NAME_MAX))
			abort();
	for (i = 0; i < a.ndiags; i++)
		if (a.diags[i].offset > size)
			abort();
	/* Same input, fresh context: same answer (no hidden state). */
	if (!(mode & 4)) {
		asmtpl_ctx_free(ctx);
		ctx = asmtpl_ctx_new(fuzz_arch[(mode & 1) | ((mode >> 2) & 2)]);
		if (!ctx)
			abort();
		if (asmtpl_analyze(ctx, tpl, size, mode & 2 ? ASMTPL_SYNTAX_BASIC :
							      ASMTPL_SYNTAX_EXTENDED, &b))
			goto out;
		if (a.est_insns != b.est_insns || a.kind != b.kind ||
		    a.nsections != b.nsections || a.ndiags != b.ndiags ||
		    a.pad_uncertain != b.pad_uncertain)
			abort();
	}
	check_memo(fuzz_arch[(mode & 1) | ((mode >> 2) & 2)], mode & 4,
		   mode & 2 ? ASMTPL_SYNTAX_BASIC : ASMTPL_SYNTAX_EXTENDED, tpl,
		   size);
out:
	asmtpl_ctx_free(ctx);
	return 0;
}
