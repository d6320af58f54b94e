// SPDX-License-Identifier: GPL-2.0
/*
 * The context's memo of answers: a translation unit expands the same
 * header asm many times (kernel/fork.o has 69 asm statements and 39
 * templates; the BUG() template alone 15 times), and asmtpl_analyze()
 * is a pure function of the template text, its syntax and the state the
 * context holds (its macros, and on x86 the code size statements start
 * in).
 *
 * Invariants: an entry is only kept for an analysis that left that state
 * as it found it (ctx->state_gen unchanged), and the whole memo is
 * dropped when the state changes, so an answer read from it is exactly
 * what analysing again would give.  Keys are compared byte for byte
 * (the hash only picks the slot).  Bounded: at most ASMTPL_MEMO_MAX
 * entries; past that, analyses are simply not remembered.  Running out of
 * memory here only loses the memo, never an answer.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define ASMTPL_MEMO_MAX 4096	/* entries; the table is twice that at most */

struct asmtpl_memo_entry {
	uint64_t hash;
	char *tpl;			/* NULL: an empty slot */
	size_t len;
	enum asmtpl_syntax syntax;
	struct asmtpl_result res;
};

/* FNV-1a-64 over the text and the syntax. */
static uint64_t memo_hash(const char *tpl, size_t len,
			  enum asmtpl_syntax syntax)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)tpl[i];
		h *= 0x100000001b3ULL;
	}
	h ^= (unsigned)syntax;
	return h * 0x100000001b3ULL;
}

static void memo_clear(struct asmtpl_memo *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->v[i].tpl);
	free(m->v);
	m->v = NULL;
	m->cap = 0;
	m->n = 0;
}

void asmtpl_memo_free(struct asmtpl_memo *m)
{
	memo_clear(m);
}

/* The slot holding the key, or the empty slot where it would go. */
static struct asmtpl_memo_entry *memo_slot(struct asmtpl_memo_entry *v,
					   size_t cap, uint64_t hash,
					   const char *tpl, size_t len,
					   enum asmtpl_syntax syntax)
{
	size_t i = (size_t)hash & (cap - 1);

	for (;; i = (i + 1) & (cap - 1)) {
		struct asmtpl_memo_entry *e = &v[i];

		if (!e->tpl ||
		    (e->hash == hash && e->len == len && e->syntax == syntax &&
		     (!len || !memcmp(e->tpl, tpl, len))))
			return e;
	}
}

/* Drop the memo when the context's state changed since it was filled. */
static void memo_check_gen(struct asmtpl_ctx *ctx)
{
	if (ctx->memo.gen != ctx->state_gen) {
		memo_clear(&ctx->memo);
		ctx->memo.gen = ctx->state_gen;
	}
}

bool asmtpl_memo_find(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		      enum asmtpl_syntax syntax, struct asmtpl_result *res)
{
	struct asmtpl_memo *m = &ctx->memo;
	struct asmtpl_memo_entry *e;

	memo_check_gen(ctx);
	if (!m->n)
		return false;
	e = memo_slot(m->v, m->cap, memo_hash(tpl, len, syntax), tpl, len,
		      syntax);
	if (!e->tpl)
		return false;
	*res = e->res;
	return true;
}

static int memo_grow(struct asmtpl_memo *m)
{
	size_t cap = m->cap ? 2 * m->cap : 64, i;
	struct asmtpl_memo_entry *v = calloc(cap, sizeof(*v));

	if (!v)
		return ASMTPL_ERR_NOMEM;
	for (i = 0; i < m->cap; i++) {
		struct asmtpl_memo_entry *e = &m->v[i];

		if (e->tpl)
			*memo_slot(v, cap, e->hash, e->tpl, e->len, e->syntax) = *e;
	}
	free(m->v);
	m->v = v;
	m->cap = cap;
	return ASMTPL_OK;
}

void asmtpl_memo_add(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		     enum asmtpl_syntax syntax, const struct asmtpl_result *res)
{
	struct asmtpl_memo *m = &ctx->memo;
	struct asmtpl_memo_entry *e;
	uint64_t hash;
	char *copy;

	memo_check_gen(ctx);
	if (m->n >= ASMTPL_MEMO_MAX)
		return;
	/* At most half full, so every probe ends at an empty slot. */
	if (2 * (m->n + 1) > m->cap && memo_grow(m))
		return;
	copy = malloc(len ? len : 1);	/* tpl may be NULL when len is 0 */
	if (!copy)
		return;
	if (len)
		memcpy(copy, tpl, len);
	hash = memo_hash(tpl, len, syntax);
	e = memo_slot(m->v, m->cap, hash, tpl, len, syntax);
	if (e->tpl) {		/* there already */
		free(copy);
		return;
	}
	e->hash = hash;
	e->tpl = copy;
	e->len = len;
	e->syntax = syntax;
	e->res = *res;
	m->n++;
}
