// SPDX-License-Identifier: GPL-2.0
/*
 * Growable text with per-byte template offsets, and the diagnostic
 * collector.  Every allocation is checked; on failure the buffer is left
 * as it was and ASMTPL_ERR_NOMEM is returned.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int asmtpl_text_reserve(struct asmtpl_text *t, size_t extra)
{
	size_t need, cap;
	char *s;
	size_t *off;

	if (extra > SIZE_MAX / 2 - t->len)
		return ASMTPL_ERR_NOMEM;
	need = t->len + extra + 1;	/* keep room for a terminating NUL */
	if (need <= t->cap)
		return ASMTPL_OK;
	cap = t->cap ? t->cap : 64;
	while (cap < need)
		cap *= 2;
	if (cap > SIZE_MAX / sizeof(size_t))
		return ASMTPL_ERR_NOMEM;
	s = realloc(t->s, cap);
	if (!s)
		return ASMTPL_ERR_NOMEM;
	t->s = s;
	off = realloc(t->off, cap * sizeof(size_t));
	if (!off)
		return ASMTPL_ERR_NOMEM;
	t->off = off;
	t->cap = cap;
	return ASMTPL_OK;
}

int asmtpl_text_append(struct asmtpl_text *t, const char *s, size_t n,
		       size_t off)
{
	size_t i;

	if (asmtpl_text_reserve(t, n))
		return ASMTPL_ERR_NOMEM;
	for (i = 0; i < n; i++) {
		t->s[t->len] = s[i];
		t->off[t->len] = off;
		t->len++;
	}
	t->s[t->len] = '\0';
	return ASMTPL_OK;
}

int asmtpl_text_from(const char *tpl, size_t len, struct asmtpl_text *out)
{
	size_t i;

	if (asmtpl_text_reserve(out, len))
		return ASMTPL_ERR_NOMEM;
	for (i = 0; i < len; i++) {
		out->s[out->len] = tpl[i];
		out->off[out->len] = i;
		out->len++;
	}
	out->s[out->len] = '\0';
	return ASMTPL_OK;
}

void asmtpl_text_free(struct asmtpl_text *t)
{
	free(t->s);
	free(t->off);
	memset(t, 0, sizeof(*t));
}

void asmtpl_diag_add(struct asmtpl_result *res, enum asmtpl_diag_code code,
		     size_t offset)
{
	unsigned i;

	/* One diagnostic per code and offset: passes re-run statements. */
	for (i = 0; i < res->ndiags; i++)
		if (res->diags[i].code == code && res->diags[i].offset == offset)
			return;
	if (res->ndiags >= ASMTPL_MAX_DIAGS) {
		res->diags_dropped++;
		return;
	}
	res->diags[res->ndiags].code = code;
	res->diags[res->ndiags].offset = offset;
	res->ndiags++;
}

bool asmtpl_word_in_list(const char *const *list, const char *d, size_t n)
{
	for (; *list; list++)
		if (asmtpl_word_eq(d, n, *list))
			return true;
	return false;
}
