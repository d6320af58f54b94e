// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for lib/asmtpl.  The first input byte picks the target
 * (bits 0 and 3: x86_64, arm64, i386, i386-code16), the syntax (bit 1)
 * and whether the rest is first learned as a file-scope asm (bit 2); the
 * rest is the template.  Besides "no crash, no
 * out-of-bounds read" (ASan) it checks what must hold for any input: the
 * str_count replica agrees with a naive count, the result's tables stay in
 * bounds and NUL-terminated, and the analysis is deterministic.
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
out:
	asmtpl_ctx_free(ctx);
	return 0;
}
