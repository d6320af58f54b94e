// SPDX-License-Identifier: GPL-2.0
/*
 * Stage 1 of the model: what GCC's output_asm_insn() (gcc/final.cc) does
 * to the template of an extended asm on its way to the assembler.
 *
 *   "%%"          -> "%"
 *   "%="          -> a number unique to the statement instance ("0" here:
 *                    only its shape matters to the count)
 *   "%{" "%|" "%}" -> the character itself
 *   "{att|intel}" -> "att"  (x86 only: ASSEMBLER_DIALECT, AT&T is dialect 0)
 *   "%;" on x86   -> nothing (print_operand's ';' with a modern gas)
 *   "%0" "%c1" "%[name]" "%l[lbl]" -> kept verbatim; later stages treat an
 *                    operand as a value they cannot know.
 *
 * Basic asm (no operands) does not pass through here: GCC emits it as is.
 */
#include "internal.h"

static bool is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Length of an operand reference starting after '%': "c1", "[x]", "l[y]". */
static size_t operand_len(const char *s, size_t len)
{
	size_t i = 0;

	if (i < len && is_letter(s[i]) && i + 1 < len &&
	    (is_digit(s[i + 1]) || s[i + 1] == '['))
		i++;
	if (i < len && s[i] == '[') {
		while (i < len && s[i] != ']')
			i++;
		return i < len ? i + 1 : i;
	}
	while (i < len && is_digit(s[i]))
		i++;
	return i;
}

int asmtpl_gcc_expand(enum asmtpl_arch arch, const char *tpl, size_t len,
		      struct asmtpl_text *out)
{
	bool dialects = asmtpl_arch_is_x86(arch);
	int skip_depth = 0;	/* inside an alternative not chosen */
	bool in_dialect = false;
	size_t i = 0;

	while (i < len) {
		char c = tpl[i];

		if (dialects && c == '{' && !skip_depth) {
			in_dialect = true;
			i++;
			continue;
		}
		if (dialects && in_dialect && c == '|') {
			/* Skip the other dialects up to the closing brace. */
			skip_depth = 1;
			i++;
			continue;
		}
		if (dialects && in_dialect && c == '}') {
			in_dialect = false;
			skip_depth = 0;
			i++;
			continue;
		}
		if (skip_depth) {
			i++;
			continue;
		}
		if (c != '%') {
			if (asmtpl_text_push(out, c, i))
				return ASMTPL_ERR_NOMEM;
			i++;
			continue;
		}
		/* c == '%' */
		if (i + 1 >= len) {
			if (asmtpl_text_push(out, '%', i))
				return ASMTPL_ERR_NOMEM;
			i++;
			continue;
		}
		switch (tpl[i + 1]) {
		case '%':
		case '{':
		case '|':
		case '}':
			if (asmtpl_text_push(out, tpl[i + 1], i))
				return ASMTPL_ERR_NOMEM;
			i += 2;
			continue;
		case '=':
			if (asmtpl_text_push(out, '0', i))
				return ASMTPL_ERR_NOMEM;
			i += 2;
			continue;
		case ';':
			if (dialects) {
				i += 2;
				continue;
			}
			break;
		default:
			break;
		}
		{
			size_t n = operand_len(tpl + i + 1, len - i - 1);

			if (n == 0)
				n = 1;	/* punctuation operand such as %* */
			if (asmtpl_text_append(out, tpl + i, n + 1, i))
				return ASMTPL_ERR_NOMEM;
			/* keep each byte's own offset for diagnostics */
			i += n + 1;
		}
	}
	return ASMTPL_OK;
}
