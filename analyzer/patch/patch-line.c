// SPDX-License-Identifier: GPL-2.0
/*
 * patch-line.c — the asm keywords of one source line, and which of them a
 * site record means.
 *
 * A record knows its spelling line, not its column, so the line is read
 * as C tokens: comments and string or character literals are skipped,
 * identifiers compared whole.  A keyword is `asm`, `__asm` or `__asm__`
 * (GCC's spellings) or the kernel's `asm_inline`, followed on the same
 * line by any of GCC's asm qualifiers (`volatile`, `__volatile`,
 * `__volatile__`, `inline`, `__inline`, `__inline__`, `goto`) in any order.
 * Several keywords on a line (`do { asm volatile goto(x); asm (""); }` in
 * 6.1's compiler-gcc.h) are told apart by what the record says: `goto`
 * must agree, `volatile` written means the statement is volatile, and each
 * string literal written directly in the asm's parentheses on this line
 * must occur in the record's template.  Bounded: one pass over the line,
 * literal checks over at most the line's bytes per keyword.
 */
#include "patch-text.h"

#include <string.h>

static bool is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident(char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(s, w, n);
}

/* Past blanks and complete comments from i; len when a comment is open. */
static size_t skip_blank(const char *line, size_t len, size_t i)
{
	while (i < len) {
		if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' ||
		    line[i] == '\f' || line[i] == '\v') {
			i++;
		} else if (line[i] == '/' && i + 1 < len && line[i + 1] == '*') {
			const char *end = NULL;

			for (size_t k = i + 2; k + 1 < len; k++)
				if (line[k] == '*' && line[k + 1] == '/') {
					end = line + k;
					break;
				}
			if (!end)
				return len;
			i = (size_t)(end - line) + 2;
		} else {
			break;
		}
	}
	return i;
}

/* Past the literal opened by line[i] (" or '); len when unterminated. */
static size_t skip_literal(const char *line, size_t len, size_t i)
{
	char q = line[i++];

	while (i < len && line[i] != q)
		i += line[i] == '\\' ? 2 : 1;
	return i < len ? i + 1 : len;
}

enum qual { Q_NONE, Q_VOLATILE, Q_INLINE, Q_GOTO };

static enum qual qualifier(const char *s, size_t n)
{
	if (word_is(s, n, "volatile") || word_is(s, n, "__volatile") ||
	    word_is(s, n, "__volatile__"))
		return Q_VOLATILE;
	if (word_is(s, n, "inline") || word_is(s, n, "__inline") ||
	    word_is(s, n, "__inline__"))
		return Q_INLINE;
	if (word_is(s, n, "goto"))
		return Q_GOTO;
	return Q_NONE;
}

/* The qualifiers after the keyword ending at i; fills kw->end, ->args. */
static void read_qualifiers(const char *line, size_t len, size_t i,
			    struct patch_kw *kw)
{
	kw->end = i;
	for (;;) {
		size_t s = skip_blank(line, len, i), e = s;
		enum qual q;

		while (e < len && is_ident(line[e]))
			e++;
		q = e > s ? qualifier(line + s, e - s) : Q_NONE;
		if (q == Q_NONE) {
			if (s < len && line[s] == '(')
				kw->args = s + 1;
			return;
		}
		kw->is_volatile |= q == Q_VOLATILE;
		kw->is_inline |= q == Q_INLINE;
		kw->is_goto |= q == Q_GOTO;
		kw->end = i = e;
	}
}

size_t patch_line_scan(const char *line, size_t len, struct patch_kw *kw,
		       size_t max)
{
	size_t n = 0, i = 0;

	while (i < len && n < max) {
		char c = line[i];

		if (c == '/' && i + 1 < len && line[i + 1] == '/')
			break;
		if (c == '/' && i + 1 < len && line[i + 1] == '*') {
			i = skip_blank(line, len, i);
		} else if (c == '"' || c == '\'') {
			i = skip_literal(line, len, i);
		} else if (is_ident_start(c)) {
			size_t s = i, e = i;
			bool after_member = s > 0 && (line[s - 1] == '.' ||
						      line[s - 1] == '>');

			while (e < len && is_ident(line[e]))
				e++;
			i = e;
			if (after_member)
				continue;
			if (word_is(line + s, e - s, "asm") ||
			    word_is(line + s, e - s, "__asm") ||
			    word_is(line + s, e - s, "__asm__") ||
			    word_is(line + s, e - s, "asm_inline")) {
				struct patch_kw *k = &kw[n++];

				memset(k, 0, sizeof(*k));
				k->start = s;
				k->is_inline = word_is(line + s, e - s, "asm_inline");
				read_qualifiers(line, len, e, k);
				i = k->end;
			}
		} else if (c >= '0' && c <= '9') {
			while (i < len && is_ident(line[i]))	/* 0x1f, 1f */
				i++;
		} else {
			i++;
		}
	}
	return n;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * The bytes of the C string literal at line[i] (a '"') into buf (at least
 * as large as the literal); false when it is unterminated or holds an
 * escape we do not decode (then nothing is concluded from it).
 */
static bool unescape(const char *line, size_t len, size_t *pi, char *buf,
		     size_t *out)
{
	static const char simple[] = "n\nt\tr\ra\ab\bf\fv\v\\\\\"\"''??";
	size_t i = *pi + 1, n = 0;

	while (i < len && line[i] != '"') {
		const char *m;

		if (line[i] != '\\') {
			buf[n++] = line[i++];
			continue;
		}
		if (++i >= len)
			return false;
		if (line[i] >= '0' && line[i] <= '7') {
			unsigned v = 0;

			for (int d = 0; d < 3 && i < len && line[i] >= '0' &&
					line[i] <= '7'; d++)
				v = v * 8 + (unsigned)(line[i++] - '0');
			buf[n++] = (char)v;
		} else if (line[i] == 'x') {
			unsigned v = 0;
			int d = 0;

			for (i++; i < len && hexval(line[i]) >= 0 && d < 2; i++, d++)
				v = v * 16 + (unsigned)hexval(line[i]);
			if (!d)
				return false;
			buf[n++] = (char)v;
		} else if ((m = memchr(simple, line[i], sizeof(simple) - 1)) &&
			   (m - simple) % 2 == 0) {
			buf[n++] = m[1];
			i++;
		} else {
			return false;
		}
	}
	if (i >= len)
		return false;
	*pi = i + 1;
	*out = n;
	return true;
}

static bool contains(const char *hay, const char *needle, size_t n)
{
	size_t h = strlen(hay);

	if (!n)
		return true;
	for (size_t i = 0; i + n <= h; i++)
		if (hay[i] == needle[0] && !memcmp(hay + i, needle, n))
			return true;
	return false;
}

/*
 * The literal's bytes occur in the template.  GCC rewrites named operands
 * before the template is kept (resolve_asm_operand_names: "%[new]" becomes
 * "%2", "%c[feature]" "%c3"), so the pieces between "%[...]"/"%X[...]"
 * references are looked for one by one.
 */
static bool literal_fits(const char *tpl, const char *lit, size_t n)
{
	size_t from = 0;

	for (size_t i = 0; i < n; i++) {
		const char *close;

		if (lit[i] != '[' || i == 0 ||
		    !(lit[i - 1] == '%' || (i > 1 && lit[i - 2] == '%')))
			continue;
		close = memchr(lit + i, ']', n - i);
		if (!close)
			break;
		if (!contains(tpl, lit + from, i - from))
			return false;
		from = (size_t)(close - lit) + 1;
		i = from - 1;
	}
	return contains(tpl, lit + from, n - from);
}

/*
 * Every string literal directly inside the asm's parentheses (depth 1,
 * not inside a macro call such as ALTERNATIVE(...), whose arguments may
 * be rearranged) up to the first ':' or the closing ')' on this line
 * occurs in the template.
 */
static bool literals_fit(const char *line, size_t len,
			 const struct patch_kw *kw, const char *tpl)
{
	char buf[512];
	int depth = 1;
	size_t i = kw->args;

	if (!kw->args || !tpl)
		return true;
	while (i < len && depth > 0) {
		char c = line[i];

		if (c == '/' && i + 1 < len && line[i + 1] == '/')
			break;
		if (c == '/' && i + 1 < len && line[i + 1] == '*') {
			i = skip_blank(line, len, i);
		} else if (c == '"' && depth == 1) {
			size_t n, lit_end = skip_literal(line, len, i);

			if (lit_end - i <= sizeof(buf) &&
			    unescape(line, len, &i, buf, &n)) {
				if (!literal_fits(tpl, buf, n))
					return false;
			} else {
				i = lit_end;
			}
		} else if (c == '"' || c == '\'') {
			i = skip_literal(line, len, i);
		} else if (c == '(') {
			depth++;
			i++;
		} else if (c == ')') {
			depth--;
			i++;
		} else if (c == ':' && depth == 1) {
			break;
		} else {
			i++;
		}
	}
	return true;
}

enum patch_pick patch_line_pick(const char *line, size_t len,
				const struct patch_kw *kw, size_t n,
				const struct patch_want *w, size_t *which)
{
	size_t fits = 0, pick = 0;

	if (!n)
		return PATCH_PICK_NONE;
	for (size_t i = 0; i < n; i++) {
		/* asm goto is always volatile, basic asm too: only a
		 * volatile written can contradict the record. */
		if (kw[i].is_goto != w->is_goto ||
		    (kw[i].is_volatile && !w->is_volatile) ||
		    !literals_fit(line, len, &kw[i], w->tpl))
			continue;
		fits++;
		pick = i;
	}
	if (!fits)
		return PATCH_PICK_MISMATCH;
	if (fits > 1)
		return PATCH_PICK_AMBIGUOUS;
	*which = pick;
	return kw[pick].is_inline ? PATCH_PICK_INLINE : PATCH_PICK_ONE;
}

const char *patch_kw_spelling(const struct patch_kw *kw)
{
	static const char *const spell[2][2] = {
		{ "asm_inline", "asm_inline goto" },
		{ "asm_inline volatile", "asm_inline volatile goto" },
	};

	return spell[kw->is_volatile][kw->is_goto];
}

const char *patch_pick_why(enum patch_pick p)
{
	switch (p) {
	case PATCH_PICK_ONE:
		return "converted";
	case PATCH_PICK_INLINE:
		return "already asm_inline";
	case PATCH_PICK_NONE:
		return "no asm keyword on the line (the source differs from the build?)";
	case PATCH_PICK_MISMATCH:
		return "no asm keyword on the line fits the record "
		       "(goto, volatile or template differ)";
	case PATCH_PICK_AMBIGUOUS:
		return "several asm keywords on the line fit the record";
	case PATCH_PICK_UAPI:
		return "a user-space API header (uapi/, tools/): "
		       "asm_inline is not defined there";
	}
	return "?";
}
