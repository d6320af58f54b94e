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
 *
 * Label-normalised keys: every expansion of a kernel macro that numbers
 * its labels with __COUNTER__ is a text of its own ("336:\n\t.pushsection
 * .discard.unreachable\n\t.long 336b - .", then 337, ...: 6.12's
 * net/core/dev.o has 727 statements of 471 texts).  GAS's numeric local
 * labels ("N:", referred to as "Nb"/"Nf") are names to the model: it
 * resolves a reference to a definition by the name, and nothing it
 * answers depends on which digits the name has.  So a template is also
 * keyed on its text with each such name renamed, in order of first use,
 * to the first free name of the same number of digits (memo_normalise):
 * a bijection on the names that keeps every byte offset (diagnostics are
 * offsets) and every length.  It is only done where that renaming
 * provably touches labels and nothing else the model reads:
 *   - no backslash and no quote character ' in the template (GAS escapes,
 *     character constants, \@ and macro-argument substitution could build
 *     or hide a label name);
 *   - a double-quoted string holds no label-like token, and a template
 *     with one has no comment character ('#', '/'), so the strings are
 *     found exactly by pairing the '"';
 *   - a label-like token is a maximal run of digits, without a leading
 *     zero, not preceded by a name character (then it is part of a name
 *     or a number such as 0x1f) and followed by ':' or by b or f and a
 *     non-name character; preceded by '$', '%' or '@', or followed by
 *     b/f and '$' or '@', the template is keyed on its text only;
 * and an answer is only remembered under the normalised key when the
 * statement invoked no macro or .irp of the context (its body is text the
 * template does not spell) and names no section holding a digit, none
 * dropped or cut at ASMTPL_SECTION_NAME_MAX (section names are copied
 * into the answer).  Otherwise the answer is keyed on the exact text.
 * tests/fuzz (fuzz_asmtpl.c) checks, on every corpus input and renamed
 * copies of it, that the memo's answer equals a fresh analysis.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define ASMTPL_MEMO_MAX 4096	/* entries; the table is twice that at most */
#define MEMO_NORM_MAX 4096	/* longer templates: keyed on their text */
#define MEMO_NORM_NAMES 64	/* distinct label names renamed at most */
#define MEMO_NORM_DIGITS 18	/* longest label name renamed */

struct asmtpl_memo_entry {
	uint64_t hash;
	char *tpl;			/* NULL: an empty slot */
	size_t len;
	enum asmtpl_syntax syntax;
	bool norm;			/* tpl is a label-normalised text */
	struct asmtpl_result res;
};

static bool memo_name_char(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
}

static bool memo_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * The bytes memo_normalise() stops at; it passes over every other one,
 * four at a time (a kernel template is mostly letters, spaces and
 * punctuation between its few labels).
 */
enum {
	MEMO_STOP_REFUSE = 1,		/* '\\', '\'': not normalised */
	MEMO_STOP_QUOTE = 2,		/* '"' */
	MEMO_STOP_COMMENT = 4,		/* '#', '/' */
	MEMO_STOP_DIGIT = 8,
};

static const unsigned char memo_stop[256] = {
	['\\'] = MEMO_STOP_REFUSE,	['\''] = MEMO_STOP_REFUSE,
	['"'] = MEMO_STOP_QUOTE,
	['#'] = MEMO_STOP_COMMENT,	['/'] = MEMO_STOP_COMMENT,
	['0'] = MEMO_STOP_DIGIT,	['1'] = MEMO_STOP_DIGIT,
	['2'] = MEMO_STOP_DIGIT,	['3'] = MEMO_STOP_DIGIT,
	['4'] = MEMO_STOP_DIGIT,	['5'] = MEMO_STOP_DIGIT,
	['6'] = MEMO_STOP_DIGIT,	['7'] = MEMO_STOP_DIGIT,
	['8'] = MEMO_STOP_DIGIT,	['9'] = MEMO_STOP_DIGIT,
};

/* The label names met so far, each with its new name. */
struct memo_names {
	struct {
		size_t off, n;
		uint64_t to;
	} v[MEMO_NORM_NAMES];
	size_t n;
	unsigned next[MEMO_NORM_DIGITS + 1];	/* by number of digits */
};

/*
 * The run of digits at tpl[i] (a digit not after a digit) ends at *end;
 * when it is a label's name, its new name is written over it in out.
 * false where the template is not normalised.
 */
static bool memo_digits(const char *tpl, size_t len, size_t i, bool in_string,
			struct memo_names *names, char *out, size_t *end)
{
	unsigned char prev = i ? (unsigned char)tpl[i - 1] : 0, c;
	size_t j, k, n;
	uint64_t to;

	for (j = i; j < len && memo_digit((unsigned char)tpl[j]); j++)
		;
	*end = j;
	n = j - i;
	c = j < len ? (unsigned char)tpl[j] : 0;
	if (memo_name_char(prev))
		return true;	/* part of a name or a number */
	if (c == 'b' || c == 'f') {
		unsigned char after = j + 1 < len ? (unsigned char)tpl[j + 1] : 0;

		if (after == '$' || after == '@')
			return false;
		if (memo_name_char(after))
			return true;
	} else if (c != ':') {
		return true;
	}
	/* A label's name. */
	if (in_string || prev == '$' || prev == '%' || prev == '@' ||
	    n > MEMO_NORM_DIGITS || (n > 1 && tpl[i] == '0'))
		return false;
	for (k = 0; k < names->n; k++)
		if (names->v[k].n == n &&
		    !memcmp(tpl + names->v[k].off, tpl + i, n))
			break;
	if (k == names->n) {
		uint64_t first = 0;

		if (names->n == MEMO_NORM_NAMES)
			return false;
		for (first = n > 1 ? 1 : 0, k = 1; k < n; k++)
			first *= 10;
		names->v[names->n].off = i;
		names->v[names->n].n = n;
		/* n digits, no leading zero: there are enough of them. */
		names->v[names->n].to = first + names->next[n]++;
		k = names->n++;
	}
	for (to = names->v[k].to, k = n; k--; to /= 10)
		out[i + k] = (char)('0' + to % 10);
	return true;
}

/*
 * tpl[0..len) with its numeric local label names renamed (see the top of
 * the file) into out[0..len); false where that is not done.  One walk:
 * what refuses the template may come after a label already renamed, and
 * whether its strings were found right (a '"' and a comment character
 * both in it) is only known at its end.
 */
static bool memo_normalise(const char *tpl, size_t len, char *out)
{
	const unsigned char *s = (const unsigned char *)tpl;
	struct memo_names names;
	unsigned seen = 0;
	bool in_string = false;
	size_t i = 0;

	if (!len || len > MEMO_NORM_MAX)
		return false;
	names.n = 0;
	memset(names.next, 0, sizeof(names.next));
	memcpy(out, tpl, len);
	while (i < len) {
		unsigned stop;

		while (i + 4 <= len &&
		       !(memo_stop[s[i]] | memo_stop[s[i + 1]] |
			 memo_stop[s[i + 2]] | memo_stop[s[i + 3]]))
			i += 4;
		if (i == len)
			break;
		stop = memo_stop[s[i]];
		seen |= stop;
		if (stop & MEMO_STOP_REFUSE)
			return false;
		if (stop & MEMO_STOP_QUOTE)
			in_string = !in_string;
		if (!(stop & MEMO_STOP_DIGIT)) {
			i++;
			continue;
		}
		if (!memo_digits(tpl, len, i, in_string, &names, out, &i))
			return false;
	}
	return !((seen & MEMO_STOP_QUOTE) && (seen & MEMO_STOP_COMMENT));
}

/* An answer that holds no text of the template's own but its offsets. */
static bool memo_answer_label_free(const struct asmtpl_result *res)
{
	unsigned i;

	if (res->sections_dropped)
		return false;
	for (i = 0; i < res->nsections; i++) {
		const char *s = res->sections[i];
		const char *z = memchr(s, '\0', ASMTPL_SECTION_NAME_MAX);
		size_t n = z ? (size_t)(z - s) : ASMTPL_SECTION_NAME_MAX;

		if (n + 1 >= ASMTPL_SECTION_NAME_MAX)
			return false;
		while (n--)
			if (memo_digit((unsigned char)s[n]))
				return false;
	}
	return true;
}

/* FNV-1a-64 over the text, then the syntax and norm as one more byte. */
static uint64_t memo_hash(const char *tpl, size_t len,
			  enum asmtpl_syntax syntax, bool norm)
{
	uint64_t h = asmtpl_fnv1a(ASMTPL_FNV_OFFSET, tpl, len);

	h ^= (unsigned)syntax | (norm ? 2u : 0u);
	return h * ASMTPL_FNV_PRIME;
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
					   enum asmtpl_syntax syntax, bool norm)
{
	size_t i = (size_t)hash & (cap - 1);

	for (;; i = (i + 1) & (cap - 1)) {
		struct asmtpl_memo_entry *e = &v[i];

		if (!e->tpl ||
		    (e->hash == hash && e->len == len && e->syntax == syntax &&
		     e->norm == norm && (!len || !memcmp(e->tpl, tpl, len))))
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

static const struct asmtpl_memo_entry *
memo_lookup(const struct asmtpl_memo *m, const char *tpl, size_t len,
	    enum asmtpl_syntax syntax, bool norm)
{
	const struct asmtpl_memo_entry *e;

	e = memo_slot(m->v, m->cap, memo_hash(tpl, len, syntax, norm), tpl,
		      len, syntax, norm);
	return e->tpl ? e : NULL;
}

bool asmtpl_memo_find(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		      enum asmtpl_syntax syntax, struct asmtpl_result *res)
{
	struct asmtpl_memo *m = &ctx->memo;
	const struct asmtpl_memo_entry *e;
	char norm[MEMO_NORM_MAX];

	memo_check_gen(ctx);
	if (!m->n)
		return false;
	e = memo_lookup(m, tpl, len, syntax, false);
	if (!e && memo_normalise(tpl, len, norm))
		e = memo_lookup(m, norm, len, syntax, true);
	if (!e)
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
			*memo_slot(v, cap, e->hash, e->tpl, e->len, e->syntax,
				   e->norm) = *e;
	}
	free(m->v);
	m->v = v;
	m->cap = cap;
	return ASMTPL_OK;
}

void asmtpl_memo_add(struct asmtpl_ctx *ctx, const char *tpl, size_t len,
		     enum asmtpl_syntax syntax, const struct asmtpl_result *res,
		     bool macro_used)
{
	struct asmtpl_memo *m = &ctx->memo;
	struct asmtpl_memo_entry *e;
	char norm_text[MEMO_NORM_MAX];
	bool norm;
	uint64_t hash;
	char *copy;

	memo_check_gen(ctx);
	if (m->n >= ASMTPL_MEMO_MAX)
		return;
	/* At most half full, so every probe ends at an empty slot. */
	if (2 * (m->n + 1) > m->cap && memo_grow(m))
		return;
	norm = !macro_used && memo_answer_label_free(res) &&
	       memo_normalise(tpl, len, norm_text);
	if (norm)
		tpl = norm_text;
	copy = malloc(len ? len : 1);	/* tpl may be NULL when len is 0 */
	if (!copy)
		return;
	if (len)
		memcpy(copy, tpl, len);
	hash = memo_hash(tpl, len, syntax, norm);
	e = memo_slot(m->v, m->cap, hash, tpl, len, syntax, norm);
	if (e->tpl) {		/* there already */
		free(copy);
		return;
	}
	e->hash = hash;
	e->tpl = copy;
	e->len = len;
	e->syntax = syntax;
	e->norm = norm;
	e->res = *res;
	m->n++;
}
