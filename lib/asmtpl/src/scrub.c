// SPDX-License-Identifier: GPL-2.0
/*
 * Stage 2 of the model: what GNU as's input scrubber (gas/app.c) does
 * before a statement is parsed.
 *
 *   - "..." strings are kept whole, backslash escapes included: a ';' or
 *     '#' inside ".ascii \"a;b\"" is string content.  A newline ends an
 *     unterminated string (gas: "unterminated string").
 *   - 'c is a character constant: the character after the quote is never
 *     a separator or a comment.
 *   - C comments are replaced by one space; gas keeps the statement whole
 *     even when the comment spans lines.
 *   - x86, 64-bit and 32-bit alike (tc-i386.c comment_chars "#"): '#'
 *     starts a comment anywhere.
 *     arm64 (tc-aarch64.c): "//" starts a comment anywhere and '#' only as
 *     the first character of a statement ('#' is the immediate marker).
 *   - ';' is the line separator on both targets and becomes '\n'.
 * The output always ends with '\n'.
 */
#include "internal.h"

int asmtpl_scrub(enum asmtpl_arch arch, const struct asmtpl_text *in,
		 struct asmtpl_text *out, struct asmtpl_result *res)
{
	bool at_stmt_start = true;
	size_t i = 0;

	while (i < in->len) {
		char c = in->s[i];
		size_t off = in->off[i];

		if (c == '"') {
			size_t start = off;

			if (asmtpl_text_push(out, c, off))
				return ASMTPL_ERR_NOMEM;
			i++;
			while (i < in->len && in->s[i] != '"' && in->s[i] != '\n') {
				if (in->s[i] == '\\' && i + 1 < in->len &&
				    in->s[i + 1] != '\n') {
					if (asmtpl_text_push(out, in->s[i], in->off[i]))
						return ASMTPL_ERR_NOMEM;
					i++;
				}
				if (asmtpl_text_push(out, in->s[i], in->off[i]))
					return ASMTPL_ERR_NOMEM;
				i++;
			}
			if (i < in->len && in->s[i] == '"') {
				if (asmtpl_text_push(out, '"', in->off[i]))
					return ASMTPL_ERR_NOMEM;
				i++;
			} else {
				asmtpl_diag_add(res, ASMTPL_DIAG_UNTERMINATED_STRING,
						start);
			}
			at_stmt_start = false;
			continue;
		}
		if (c == '\'' && i + 1 < in->len && in->s[i + 1] != '\n') {
			size_t n = (in->s[i + 1] == '\\' && i + 2 < in->len &&
				    in->s[i + 2] != '\n') ? 3 : 2;

			if (asmtpl_text_append(out, in->s + i, n, off))
				return ASMTPL_ERR_NOMEM;
			i += n;
			at_stmt_start = false;
			continue;
		}
		if (c == '/' && i + 1 < in->len && in->s[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < in->len &&
			       !(in->s[j] == '*' && in->s[j + 1] == '/'))
				j++;
			if (j + 1 >= in->len) {
				asmtpl_diag_add(res, ASMTPL_DIAG_UNTERMINATED_COMMENT,
						off);
				i = in->len;
			} else {
				i = j + 2;
			}
			if (asmtpl_text_push(out, ' ', off))
				return ASMTPL_ERR_NOMEM;
			continue;
		}
		if ((asmtpl_arch_is_x86(arch) && c == '#') ||
		    (arch == ASMTPL_ARCH_ARM64 && c == '/' && i + 1 < in->len &&
		     in->s[i + 1] == '/') ||
		    (arch == ASMTPL_ARCH_ARM64 && c == '#' && at_stmt_start)) {
			while (i < in->len && in->s[i] != '\n')
				i++;
			continue;
		}
		if (c == ';' || c == '\n') {
			if (asmtpl_text_push(out, '\n', off))
				return ASMTPL_ERR_NOMEM;
			at_stmt_start = true;
			i++;
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
			at_stmt_start = false;
		if (asmtpl_text_push(out, c, off))
			return ASMTPL_ERR_NOMEM;
		i++;
	}
	if (!out->len || out->s[out->len - 1] != '\n')
		if (asmtpl_text_push(out, '\n', in->len ? in->off[in->len - 1] : 0))
			return ASMTPL_ERR_NOMEM;
	return ASMTPL_OK;
}
