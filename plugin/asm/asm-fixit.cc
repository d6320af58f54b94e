// SPDX-License-Identifier: GPL-2.0
/*
 * asm-fixit.cc — the fix-it hint that turns a flagged asm statement into the
 * kernel's asm_inline, for -fdiagnostics-generate-patch and IDEs.
 *
 * GCC 12's C parser gives the GIMPLE_ASM the location of its first token,
 * the asm keyword (c_parser_asm_statement -> build_asm_expr), so the hint
 * rewrites the source text from there: the keyword and the qualifiers
 * that follow it on the same line, spelled the kernel's way:
 *
 *   __asm__ __volatile__ (    ->  asm_inline volatile (
 *   asm volatile goto (       ->  asm_inline volatile goto (
 *   asm (                     ->  asm_inline (
 *
 * The kernel defines asm_inline as "asm __inline" (GCC >= 9 accepts the
 * qualifiers in any order).  No hint is made when the keyword comes from a
 * macro expansion (GCC refuses fix-its there, and the line to change is
 * the macro's), when the source line cannot be read, or when the text at
 * the location is not an asm keyword — a wrong patch is worse than none.
 * A fix-it cannot span lines, so qualifiers on the next line stay as they
 * are (they are valid after asm_inline too).
 */
#include "asm-fixit.h"

static bool asm_fixit_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Length of the identifier at s[i] (0 when there is none). */
static size_t asm_fixit_ident(const char *s, size_t n, size_t i)
{
	size_t j = i;

	if (i >= n || (s[i] >= '0' && s[i] <= '9'))
		return 0;
	while (j < n && asm_fixit_ident_char(s[j]))
		j++;
	return j - i;
}

static bool asm_fixit_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !memcmp(s, word, len);
}

/* A qualifier after the keyword, as the kernel spells it; NULL if not one. */
static const char *asm_fixit_qualifier(const char *s, size_t len)
{
	if (asm_fixit_is(s, len, "volatile") ||
	    asm_fixit_is(s, len, "__volatile") ||
	    asm_fixit_is(s, len, "__volatile__"))
		return "volatile";
	if (asm_fixit_is(s, len, "goto"))
		return "goto";
	return NULL;
}

bool asm_fixit_add(rich_location *richloc, location_t loc)
{
	expanded_location xl;
	const char *s;
	size_t n, col, len, end;
	char text[64];
	size_t used;

	if (from_macro_expansion_at(loc))
		return false;
	xl = expand_location(loc);
	if (!xl.file || xl.line <= 0 || xl.column <= 0)
		return false;
	compat_char_span line = compat_source_line(xl.file, xl.line);
	if (!line)
		return false;
	s = line.get_buffer();
	n = line.length();
	col = (size_t)xl.column - 1;	/* a byte column, 1-based */

	len = asm_fixit_ident(s, n, col);
	if (!asm_fixit_is(s + col, len, "asm") &&
	    !asm_fixit_is(s + col, len, "__asm") &&
	    !asm_fixit_is(s + col, len, "__asm__"))
		return false;
	used = (size_t)snprintf(text, sizeof(text), "asm_inline");
	end = col + len;

	/* The qualifiers that follow on this line, at most one of each. */
	for (unsigned q = 0; q < 2; q++) {
		size_t i = end;
		const char *qual;

		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		len = asm_fixit_ident(s, n, i);
		qual = asm_fixit_qualifier(s + i, len);
		if (!qual || used + strlen(qual) + 2 > sizeof(text))
			break;
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 " %s", qual);
		end = i + len;
	}

	/*
	 * The range is inclusive.  linemap_position_for_loc_and_offset()
	 * falls back to loc itself when the line map cannot represent the
	 * column (very long lines): check, or the hint would replace one byte.
	 */
	source_range range;
	range.m_start = linemap_position_for_loc_and_offset(line_table, loc, 0);
	range.m_finish = linemap_position_for_loc_and_offset(
		line_table, loc, (unsigned)(end - col - 1));
	expanded_location xf = expand_location(range.m_finish);
	if (!xf.file || strcmp(xf.file, xl.file) || xf.line != xl.line ||
	    (size_t)xf.column != end)
		return false;
	richloc->add_fixit_replace(range, text);
	return !richloc->seen_impossible_fixit_p();
}
